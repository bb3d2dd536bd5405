/* kiela-stats.c: plays the games of a variant experiment through KielaMatch and keeps exact, mergeable sums. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "kiela-stats.h"
#include "kiela-getter-private.h"
#include "kiela-error.h"
#include "kiela-record-private.h"

/* Games per KielaMatch: at most 2048 bounds the memory of a million-game run (each game
 * keeps its moves); about 32 chunks a run keep the per-game callbacks (progress) flowing. */
#define CHUNK_MIN 64
#define CHUNK_MAX 2048

struct _KielaStats {
  gboolean has_experiment;
  char    *variant_id;
  char    *ai_label[2];
  guint64  seed;
  guint64  n_games;
  GArray  *ranges;        /* guint64 pairs [first, end) of the games summed, sorted and disjoint */

  guint64  games;
  guint64  south_wins, north_wins, draws, a_wins, b_wins;
  guint64  repetition_draws, move_limit_draws, endless_losses, no_move_losses, ai_errors;
  guint64  plies, captures, captured, endless_refused;
  guint    min_plies, max_plies;
  GArray  *lengths;       /* guint64: games lasting exactly i plies */
  GArray  *stones;        /* guint64: stones before ply i, summed over the games that reached it */
  GArray  *reached;       /* guint64: games that reached ply i (the final board counts as reached) */
  GArray  *margins;       /* guint64: |South's - North's stones| before ply i, summed like stones */
  /* Distinct games: a 64-bit hash of each game's moves.  Kept sorted and without repeats
   * (compact_hashes) whenever the counts are read; hashed_games counts the games whose moves
   * were known, so a merge with a file from before hashes says the count is unknown. */
  GArray  *hashes;        /* guint64 */
  gboolean hashes_compact;
  guint64  hashed_games;
  gint     self_play;     /* A and B play alike: 1, they differ: 0, not known (an old file): -1 */
};

/* The guint64 sums, for code that treats each alike (merging, JSON): first the game
 * counts KielaStatsSummary copies, then the rest. */
#define COUNT_FIELDS(X) \
  X (games) X (south_wins) X (north_wins) X (draws) X (a_wins) X (b_wins) X (repetition_draws) \
  X (move_limit_draws) X (endless_losses) X (no_move_losses) X (ai_errors)
#define U64_FIELDS(X) COUNT_FIELDS (X) X (plies) X (captures) X (captured) X (endless_refused)

KielaStats *
kiela_stats_new (void)
{
  KielaStats *s = g_new0 (KielaStats, 1);

  s->ranges = g_array_new (FALSE, FALSE, sizeof (guint64));
  s->lengths = g_array_new (FALSE, TRUE, sizeof (guint64));
  s->stones = g_array_new (FALSE, TRUE, sizeof (guint64));
  s->reached = g_array_new (FALSE, TRUE, sizeof (guint64));
  s->margins = g_array_new (FALSE, TRUE, sizeof (guint64));
  s->hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  s->hashes_compact = TRUE;
  s->self_play = -1;
  s->min_plies = G_MAXUINT;
  return s;
}

static void
clear_experiment (KielaStats *s)
{
  g_clear_pointer (&s->variant_id, g_free);
  g_clear_pointer (&s->ai_label[0], g_free);
  g_clear_pointer (&s->ai_label[1], g_free);
}

void
kiela_stats_free (KielaStats *stats)
{
  if (stats == NULL)
    return;
  clear_experiment (stats);
  g_array_unref (stats->ranges);
  g_array_unref (stats->lengths);
  g_array_unref (stats->stones);
  g_array_unref (stats->reached);
  g_array_unref (stats->margins);
  g_array_unref (stats->hashes);
  g_free (stats);
}

static void
set_experiment (KielaStats *s, const char *variant_id, const char *a, const char *b, guint64 seed, guint64 n_games)
{
  clear_experiment (s);
  s->variant_id = g_strdup (variant_id);
  s->ai_label[0] = g_strdup (a);
  s->ai_label[1] = g_strdup (b);
  s->seed = seed;
  s->n_games = n_games;
  s->has_experiment = TRUE;
}

/* Adds [first, end) to the ranges; FALSE when it overlaps one already there. */
static gboolean
add_range (GArray *ranges, guint64 first, guint64 end)
{
  guint n = ranges->len / 2, i;
  guint64 *r = (guint64 *) (gpointer) ranges->data;

  if (first >= end)
    return TRUE;
  for (i = 0; i < n; i++)
    if (first < r[2 * i + 1] && r[2 * i] < end)
      return FALSE;
  /* Insert sorted, then join neighbours that touch. */
  for (i = 0; i < n && r[2 * i] < first; i++)
    ;
  {
    guint64 pair[2] = { first, end };
    g_array_insert_vals (ranges, 2 * i, pair, 2);
  }
  r = (guint64 *) (gpointer) ranges->data;
  n = ranges->len / 2;
  for (i = 0; i + 1 < n;)
    if (r[2 * i + 1] == r[2 * i + 2])
      {
        r[2 * i + 1] = r[2 * i + 3];
        g_array_remove_range (ranges, 2 * i + 2, 2);
        n--;
      }
    else
      i++;
  return TRUE;
}

static void
bump (GArray *a, guint i, guint64 by)
{
  if (a->len <= i)
    g_array_set_size (a, i + 1);
  g_array_index (a, guint64, i) += by;
}

/* FNV-1a, 64 bits: two different games share a hash with odds of about 1 in 2^64 / n. */
static guint64
moves_hash (const char *moves)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  for (const guchar *p = (const guchar *) moves; *p; p++)
    h = (h ^ *p) * G_GUINT64_CONSTANT (0x100000001b3);
  return h;
}

static int
compare_u64 (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

static void
compact_hashes (KielaStats *s)
{
  guint64 *h = (guint64 *) (gpointer) s->hashes->data;
  guint n = 0;

  if (s->hashes_compact)
    return;
  g_array_sort (s->hashes, compare_u64);
  for (guint i = 0; i < s->hashes->len; i++)
    if (n == 0 || h[i] != h[n - 1])
      h[n++] = h[i];
  g_array_set_size (s->hashes, n);
  s->hashes_compact = TRUE;
}

void
kiela_stats_add_game (KielaStats *s, const KielaStatsGame *g, const guint16 *stones_per_ply)
{
  gboolean a_won = FALSE, b_won = FALSE;

  g_return_if_fail (s != NULL && g != NULL);
  add_range (s->ranges, g->index, g->index + 1);
  s->games++;
  switch (g->status)
    {
    case KIELA_STATUS_SOUTH_WINS:
      s->south_wins++;
      a_won = g->a_is_south;
      b_won = !g->a_is_south;
      break;
    case KIELA_STATUS_NORTH_WINS:
      s->north_wins++;
      a_won = !g->a_is_south;
      b_won = g->a_is_south;
      break;
    default:
      s->draws++;
      break;
    }
  s->a_wins += a_won;
  s->b_wins += b_won;
  if (g_strcmp0 (g->reason, "repetition") == 0)
    s->repetition_draws++;
  else if (g_strcmp0 (g->reason, "move-limit") == 0)
    s->move_limit_draws++;
  else if (g_strcmp0 (g->reason, "endless-move") == 0)
    s->endless_losses++;
  else if (g_strcmp0 (g->reason, "no-moves") == 0)
    s->no_move_losses++;
  else if (g_strcmp0 (g->reason, "ai-error") == 0)
    s->ai_errors++;
  s->plies += g->plies;
  s->captures += g->captures;
  s->captured += g->captured;
  s->endless_refused += g->endless_refused;
  s->min_plies = MIN (s->min_plies, g->plies);
  s->max_plies = MAX (s->max_plies, g->plies);
  bump (s->lengths, g->plies, 1);
  if (stones_per_ply)
    for (guint i = 0; i <= g->plies; i++)
      {
        bump (s->stones, i, stones_per_ply[i]);
        bump (s->reached, i, 1);
        /* Margins go with the stones: the same games reached the same plies. */
        bump (s->margins, i, g->margins ? g->margins[i] : 0);
      }
  if (g->moves)
    {
      guint64 h = moves_hash (g->moves);

      g_array_append_val (s->hashes, h);
      s->hashes_compact = FALSE;
      s->hashed_games++;
    }
}

static void
add_array (GArray *into, const GArray *from)
{
  for (guint i = 0; i < from->len; i++)
    bump (into, i, g_array_index (from, guint64, i));
}

gboolean
kiela_stats_merge (KielaStats *s, const KielaStats *o, GError **error)
{
  g_return_val_if_fail (s != NULL && o != NULL, FALSE);
  if (!o->has_experiment && o->games == 0)
    return TRUE;
  if (s->has_experiment && o->has_experiment &&
      (g_strcmp0 (s->variant_id, o->variant_id) != 0 || g_strcmp0 (s->ai_label[0], o->ai_label[0]) != 0 ||
       g_strcmp0 (s->ai_label[1], o->ai_label[1]) != 0 || s->seed != o->seed || s->n_games != o->n_games))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("these statistics come from different experiments (variant, AIs, seed or number of games differ)"));
      return FALSE;
    }
  {
    g_autoptr(GArray) ranges = g_array_copy (s->ranges);
    const guint64 *r = (const guint64 *) (gconstpointer) o->ranges->data;

    for (guint i = 0; i < o->ranges->len / 2; i++)
      if (!add_range (ranges, r[2 * i], r[2 * i + 1]))
        {
          g_autofree char *first = g_strdup_printf ("%" G_GUINT64_FORMAT, r[2 * i] + 1);
          g_autofree char *last = g_strdup_printf ("%" G_GUINT64_FORMAT, r[2 * i + 1]);

          /* The numbers are formatted apart: a format macro would hide the message from xgettext. */
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                       _("these statistics share games %s–%s: the same shard was given twice"), first, last);
          return FALSE;
        }
    g_array_set_size (s->ranges, 0);
    g_array_append_vals (s->ranges, ranges->data, ranges->len);
  }
  if (!s->has_experiment && o->has_experiment)
    set_experiment (s, o->variant_id, o->ai_label[0], o->ai_label[1], o->seed, o->n_games);
#define ADD(field) s->field += o->field;
  U64_FIELDS (ADD)
#undef ADD
  s->min_plies = MIN (s->min_plies, o->min_plies);
  s->max_plies = MAX (s->max_plies, o->max_plies);
  add_array (s->lengths, o->lengths);
  add_array (s->stones, o->stones);
  add_array (s->reached, o->reached);
  add_array (s->margins, o->margins);
  g_array_append_vals (s->hashes, o->hashes->data, o->hashes->len);
  s->hashes_compact = s->hashes->len == o->hashes->len && o->hashes_compact;
  s->hashed_games += o->hashed_games;
  if (s->self_play < 0)
    s->self_play = o->self_play;
  return TRUE;
}

/* Wilson's score interval of a share p over n independent trials: sound near 0 and 1,
 * unlike p ± 1.96 σ. */
static void
wilson (gdouble p, gdouble n, gdouble *low, gdouble *high)
{
  gdouble z = 1.96, d = 1 + z * z / n;
  gdouble centre = (p + z * z / (2 * n)) / d;
  gdouble half = z * sqrt (p * (1 - p) / n + z * z / (4 * n * n)) / d;

  *low = MAX (0.0, centre - half);
  *high = MIN (1.0, centre + half);
}

gboolean
kiela_stats_is_self_play (KielaStats *s)
{
  g_return_val_if_fail (s != NULL, FALSE);
  if (s->self_play >= 0)
    return s->self_play == 1;
  /* A file from before the flag: the same label on both sides is the best guess. */
  return s->has_experiment && g_strcmp0 (s->ai_label[0], s->ai_label[1]) == 0;
}

void
kiela_stats_get_summary (KielaStats *s, KielaStatsSummary *out)
{
  gdouble n = (gdouble) s->games, ni;

  memset (out, 0, sizeof *out);
#define COPY(field) out->field = s->field;
  COUNT_FIELDS (COPY)
#undef COPY
  out->self_play = kiela_stats_is_self_play (s);
  out->a_score = out->a_score_low = out->a_score_high = NAN;
  out->elo = out->elo_low = out->elo_high = NAN;
  if (s->games == 0)
    return;
  compact_hashes (s);
  out->distinct_known = s->hashed_games == s->games;
  out->distinct_games = out->distinct_known ? s->hashes->len : s->games;
  /* A game played twice move for move (deterministic players, no random opening) tells
   * nothing new: the intervals count each distinct game once. */
  out->independent_games = out->distinct_games;
  ni = (gdouble) MAX (out->independent_games, 1);
  out->first_player_win_rate = s->south_wins / n;
  wilson (out->first_player_win_rate, ni, &out->first_player_low, &out->first_player_high);
  if (!out->self_play)
    {
      /* A's score: wins + half the draws, its interval from the games' own variance (a
       * draw scores 0.5, so a share's binomial width would be too wide), or Wilson's when
       * every game ended alike. */
      gdouble sc = (s->a_wins + 0.5 * s->draws) / n, var = 0.0;

      if (s->games > 1)
        var = (s->a_wins * (1 - sc) * (1 - sc) + s->draws * (0.5 - sc) * (0.5 - sc) + s->b_wins * sc * sc)
              / (n - 1);
      out->a_score = sc;
      if (var > 0.0)
        {
          gdouble half = 1.96 * sqrt (var / ni);

          out->a_score_low = MAX (0.0, sc - half);
          out->a_score_high = MIN (1.0, sc + half);
        }
      else
        wilson (sc, ni, &out->a_score_low, &out->a_score_high);
      out->elo = kiela_match_elo (out->a_score);
      out->elo_low = kiela_match_elo (out->a_score_low);
      out->elo_high = kiela_match_elo (out->a_score_high);
    }
  out->draw_rate = s->draws / n;
  out->decisiveness = (s->games - s->draws) / n;
  out->mean_plies = s->plies / n;
  out->min_plies = s->min_plies;
  out->max_plies = s->max_plies;
  out->captures_per_game = s->captures / n;
  out->captured_per_game = s->captured / n;
  out->endless_refused_per_game = s->endless_refused / n;
}

guint64
kiela_stats_get_length_count (KielaStats *s, guint plies)
{
  return plies < s->lengths->len ? g_array_index (s->lengths, guint64, plies) : 0;
}

guint64
kiela_stats_get_reached (KielaStats *s, guint ply)
{
  return ply < s->reached->len ? g_array_index (s->reached, guint64, ply) : 0;
}

gdouble
kiela_stats_get_mean_stones (KielaStats *s, guint ply)
{
  guint64 n = kiela_stats_get_reached (s, ply);

  return n && ply < s->stones->len ? (gdouble) g_array_index (s->stones, guint64, ply) / n : -1.0;
}

gdouble
kiela_stats_get_mean_margin (KielaStats *s, guint ply)
{
  guint64 n = kiela_stats_get_reached (s, ply);

  return n && ply < s->margins->len ? (gdouble) g_array_index (s->margins, guint64, ply) / n : -1.0;
}

gboolean
kiela_stats_stones_vary (KielaStats *s)
{
  for (guint i = 1; i < s->stones->len; i++)
    if (kiela_stats_get_mean_stones (s, i) != kiela_stats_get_mean_stones (s, 0))
      return TRUE;
  return FALSE;
}

KIELA_DEFINE_GETTER (const char *, kiela_stats_get_variant_id, KielaStats, variant_id)
KIELA_DEFINE_GETTER (guint64, kiela_stats_get_seed, KielaStats, seed)
KIELA_DEFINE_GETTER (guint64, kiela_stats_get_n_games, KielaStats, n_games)

const char *
kiela_stats_get_ai_label (KielaStats *s, guint which)
{
  g_return_val_if_fail (which < 2, NULL);
  return s->ai_label[which];
}

/* ---- running ---- */

gboolean
kiela_stats_parse_shard (const char *text, guint *shard, guint *n_shards, GError **error)
{
  guint64 k, n;
  char *end;

  errno = 0;
  k = g_ascii_strtoull (text, &end, 10);
  if (end != text && *end == '/' && errno == 0)
    {
      const char *t = end + 1;

      n = g_ascii_strtoull (t, &end, 10);
      if (end != t && *end == '\0' && errno == 0 && n >= 1 && n <= G_MAXUINT && k >= 1 && k <= n)
        {
          *shard = (guint) (k - 1);
          *n_shards = (guint) n;
          return TRUE;
        }
    }
  g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
               _("“%s” is not a shard: write K/N with 1 ≤ K ≤ N, as in 3/8"), text);
  return FALSE;
}

gboolean
kiela_stats_run (KielaStats *stats, const KielaStatsConfig *c, KielaStatsGameFunc func, gpointer user_data,
                 GCancellable *cancellable, GError **error)
{
  guint64 first, end, chunk;

  g_return_val_if_fail (stats != NULL && c != NULL && c->variant != NULL, FALSE);
  g_return_val_if_fail (c->ai[0] != NULL && c->ai[1] != NULL, FALSE);
  if (c->n_shards < 1 || c->shard >= c->n_shards || c->n_games < 1 || c->n_games > G_MAXUINT)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("a run needs 1 to %u games and a shard K of N shards with K ≤ N"), G_MAXUINT);
      return FALSE;
    }
  if (stats->has_experiment &&
      (g_strcmp0 (stats->variant_id, c->variant->id) != 0 || stats->seed != c->seed || stats->n_games != c->n_games ||
       g_strcmp0 (stats->ai_label[0], kiela_ai_config_get_label (c->ai[0])) != 0 ||
       g_strcmp0 (stats->ai_label[1], kiela_ai_config_get_label (c->ai[1])) != 0))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("these statistics come from different experiments (variant, AIs, seed or number of games differ)"));
      return FALSE;
    }
  set_experiment (stats, c->variant->id, kiela_ai_config_get_label (c->ai[0]), kiela_ai_config_get_label (c->ai[1]),
                  c->seed, c->n_games);
  stats->self_play = kiela_ai_config_equal (c->ai[0], c->ai[1]) ? 1 : 0;
  /* Integer slices: (k n_games) / n never overflows 64 bits with n_games < 2^32. */
  first = (guint64) c->shard * c->n_games / c->n_shards;
  end = (guint64) (c->shard + 1) * c->n_games / c->n_shards;

  chunk = CLAMP ((end - first) / 32, CHUNK_MIN, CHUNK_MAX);
  for (guint64 start = first; start < end; start += chunk)
    {
      guint n = (guint) MIN (chunk, end - start);
      g_autoptr(KielaMatch) match = kiela_match_new (c->variant, c->ai[0], c->ai[1], n, c->seed);

      kiela_match_set_first_game (match, (guint) start);
      kiela_match_set_details (match, TRUE);
      kiela_match_set_jobs (match, MAX (c->jobs, 1));
      if (c->max_plies)
        kiela_match_set_max_plies (match, c->max_plies);
      kiela_match_set_opening_plies (match, c->opening_plies);
      kiela_match_set_move_timeout (match, c->move_timeout_us);
      if (!kiela_match_run (match, cancellable, error))
        return FALSE;
      for (guint i = 0; i < n; i++)
        {
          const KielaMatchGame *mg = kiela_match_get_game (match, i);
          KielaStatsGame g = { 0 };

          if (!mg->played)
            continue;
          g.index = mg->index;
          g.seed = mg->seed;
          g.a_is_south = mg->a_is_south;
          g.status = mg->status;
          g.reason = kiela_match_game_reason_id (mg);
          g.plies = mg->plies;
          g.captures = mg->captures;
          g.captured = mg->captured;
          g.endless_refused = mg->endless_refused;
          g.final_stones = mg->stones ? mg->stones[mg->plies] : 0;
          g.moves = mg->moves;
          g.margins = mg->margins;
          kiela_stats_add_game (stats, &g, mg->stones);
          if (func)
            func (&g, user_data);
        }
    }
  return TRUE;
}

/* ---- JSON ---- */

static void
add_u64_array (JsonBuilder *b, const char *name, const GArray *a)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < a->len; i++)
    json_builder_add_int_value (b, (gint64) g_array_index (a, guint64, i));
  json_builder_end_array (b);
}

char *
kiela_stats_to_json (KielaStats *s, gsize *length)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, s->seed);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, "kiela-stats");
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "variant");
  json_builder_add_string_value (b, s->variant_id ? s->variant_id : "");
  json_builder_set_member_name (b, "ai");
  json_builder_begin_array (b);
  json_builder_add_string_value (b, s->ai_label[0] ? s->ai_label[0] : "");
  json_builder_add_string_value (b, s->ai_label[1] ? s->ai_label[1] : "");
  json_builder_end_array (b);
  /* A string: JSON numbers lose 64-bit seeds in many readers. */
  json_builder_set_member_name (b, "seed");
  json_builder_add_string_value (b, seed);
  json_builder_set_member_name (b, "n_games");
  json_builder_add_int_value (b, (gint64) s->n_games);
  json_builder_set_member_name (b, "min_plies");
  json_builder_add_int_value (b, s->games ? s->min_plies : 0);
  json_builder_set_member_name (b, "max_plies");
  json_builder_add_int_value (b, s->max_plies);
#define ADD(f) json_builder_set_member_name (b, #f); json_builder_add_int_value (b, (gint64) s->f);
  U64_FIELDS (ADD)
#undef ADD
  add_u64_array (b, "ranges", s->ranges);
  add_u64_array (b, "lengths", s->lengths);
  add_u64_array (b, "stones", s->stones);
  add_u64_array (b, "reached", s->reached);
  add_u64_array (b, "margins", s->margins);
  if (s->self_play >= 0)
    {
      json_builder_set_member_name (b, "self_play");
      json_builder_add_boolean_value (b, s->self_play == 1);
    }
  /* The distinct games' hashes, sorted, as base64 of little-endian 64-bit words: a
   * million games take 11 MB here, against about 20 MB as a list of numbers. */
  compact_hashes (s);
  json_builder_set_member_name (b, "hashed_games");
  json_builder_add_int_value (b, (gint64) s->hashed_games);
  {
    g_autofree guint64 *le = g_new (guint64, MAX (s->hashes->len, 1));
    g_autofree char *text = NULL;

    for (guint i = 0; i < s->hashes->len; i++)
      le[i] = GUINT64_TO_LE (g_array_index (s->hashes, guint64, i));
    text = g_base64_encode ((const guchar *) le, s->hashes->len * sizeof (guint64));
    json_builder_set_member_name (b, "game_hashes");
    json_builder_add_string_value (b, text);
  }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  return json_generator_to_data (gen, length);
}

static gboolean
read_u64 (JsonObject *o, const char *name, guint64 *out, GError **error)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64 ||
      json_node_get_int (n) < 0)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is missing or not a whole number"), name);
      return FALSE;
    }
  *out = (guint64) json_node_get_int (n);
  return TRUE;
}

static gboolean
read_u64_array (JsonObject *o, const char *name, GArray *out, guint max, GError **error)
{
  JsonNode *n = json_object_get_member (o, name);
  JsonArray *a;

  if (n == NULL || !JSON_NODE_HOLDS_ARRAY (n) || json_array_get_length (a = json_node_get_array (n)) > max)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is missing or not a list of numbers"), name);
      return FALSE;
    }
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      guint64 v;

      if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_INT64 || json_node_get_int (e) < 0)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is missing or not a list of numbers"), name);
          return FALSE;
        }
      v = (guint64) json_node_get_int (e);
      g_array_append_val (out, v);
    }
  return TRUE;
}

/* The name of the first member of `s` (as read) that disagrees with the others, NULL when all
 * agree as kiela_stats_add_game() and kiela_stats_merge() keep them: readers of the figures
 * (the CLI's histogram, the lab's plots) rely on it. */
static const char *
find_disagreement (const KielaStats *s, guint64 min_plies, guint64 max_plies)
{
  const guint64 *len = (const guint64 *) (gconstpointer) s->lengths->data;
  const guint64 *reached = (const guint64 *) (gconstpointer) s->reached->data;
  const guint64 *r = (const guint64 *) (gconstpointer) s->ranges->data;
  guint64 sum = 0, plies = 0, in_ranges = 0;

  if (s->games == 0)
    {
      /* No game: nothing counted. */
#define ZERO(f) if (s->f != 0) return #f;
      U64_FIELDS (ZERO)
#undef ZERO
      if (s->lengths->len > 0 || s->reached->len > 0 || s->stones->len > 0 || s->ranges->len > 0)
        return "games";
      return min_plies == 0 && max_plies == 0 ? NULL : "max_plies";
    }
  /* Games last from min_plies to max_plies: the histogram has a count at each end and none below. */
  if (max_plies >= s->lengths->len || s->lengths->len != max_plies + 1 || len[max_plies] == 0)
    return "max_plies";
  if (min_plies > max_plies || len[min_plies] == 0)
    return "min_plies";
  for (guint i = 0; i < s->lengths->len; i++)
    {
      if (i < min_plies && len[i] != 0)
        return "min_plies";
      /* Wrapping sums, as the counts were summed. */
      sum += len[i];
      plies += len[i] * i;
      if (sum < len[i])
        return "lengths";
    }
  if (sum != s->games)
    return "lengths";
  if (plies != s->plies)
    return "plies";
  if (s->south_wins > s->games || s->north_wins > s->games - s->south_wins
      || s->draws != s->games - s->south_wins - s->north_wins)
    return "south_wins";
  if (s->a_wins > s->games || s->b_wins > s->games || s->a_wins + s->b_wins != s->south_wins + s->north_wins)
    return "a_wins";
  {
    /* A game ends for one reason at most. */
    guint64 left = s->games;
    const struct { const char *name; guint64 n; } reasons[] = {
      { "repetition_draws", s->repetition_draws }, { "move_limit_draws", s->move_limit_draws },
      { "endless_losses", s->endless_losses }, { "no_move_losses", s->no_move_losses },
      { "ai_errors", s->ai_errors },
    };

    for (guint i = 0; i < G_N_ELEMENTS (reasons); i++)
      {
        if (reasons[i].n > left)
          return reasons[i].name;
        left -= reasons[i].n;
      }
  }
  /* Stones are counted for the plies each game reached, and fewer games reach a later ply. */
  if (s->stones->len != s->reached->len)
    return "stones";
  if (s->margins->len != 0 && s->margins->len != s->reached->len)
    return "margins";
  for (guint i = 0; i < s->margins->len; i++)
    if (g_array_index (s->margins, guint64, i) > g_array_index (s->stones, guint64, i))
      return "margins";
  if (s->hashed_games > s->games || s->hashes->len > s->hashed_games || (s->hashed_games > 0 && s->hashes->len == 0))
    return "hashed_games";
  if (s->reached->len > s->lengths->len)
    return "reached";
  for (guint i = 0; i < s->reached->len; i++)
    if (reached[i] > s->games || (i > 0 && reached[i] > reached[i - 1]))
      return "reached";
  for (guint i = 0; i < s->ranges->len / 2; i++)
    {
      if (r[2 * i + 1] > s->n_games)
        return "ranges";
      in_ranges += r[2 * i + 1] - r[2 * i];
    }
  if (in_ranges != s->games)
    return "ranges";
  return NULL;
}

/* A member's text, NULL when it is missing or not a string (json-glib's own getters complain). */
static const char *
string_member (JsonObject *o, const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING ? json_node_get_string (n)
                                                                                         : NULL;
}

KielaStats *
kiela_stats_from_json (const char *data, gssize length, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(KielaStats) s = kiela_stats_new ();
  g_autoptr(GArray) ranges = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(GError) local = NULL;
  JsonObject *o;
  JsonArray *ai;
  guint64 version, min_plies, max_plies;
  const char *seed, *variant, *wrong;
  KielaJsonScan scan;
  char *end;

  if (length < 0)
    length = (gssize) strlen (data);
  /* Checked before json-glib sees the text: it quotes bytes that are not UTF-8 in its messages,
   * and it recurses once per nesting level. */
  if (!g_utf8_validate (data, length, NULL))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, "%s", _("the file is not UTF-8 text"));
      return NULL;
    }
  scan = _kiela_json_scan (data, (gsize) length, KIELA_RECORD_MAX_DEPTH);
  if (scan.too_deep)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("not a Kiela statistics file: lists and objects are nested more than %d deep"),
                   KIELA_RECORD_MAX_DEPTH);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data, length, &local))
    {
      /* json-glib quotes what it decoded, which need not be UTF-8 ("\ud800").  Its error
       * becomes a parse error like every other refusal, whichever json-glib refused the text
       * (1.10 refuses a lone surrogate itself, 1.6 leaves it to the checks below). */
      g_autofree char *valid = g_utf8_make_valid (local->message, -1);

      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("not valid JSON: %s"), valid);
      return NULL;
    }
  /* An empty text parses to no root at all. */
  if (json_parser_get_root (parser) == NULL || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)) ||
      g_strcmp0 (string_member (o = json_node_get_object (json_parser_get_root (parser)), "format"),
                 "kiela-stats") != 0)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("not a Kiela statistics file"));
      return NULL;
    }
  if (!read_u64 (o, "version", &version, error))
    return NULL;
  if (version != 1)
    {
      g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, version);

      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE,
                   _("statistics format version %s is not known to this version of Kiela"), text);
      return NULL;
    }
  variant = string_member (o, "variant");
  seed = string_member (o, "seed");
  ai = json_object_has_member (o, "ai") && JSON_NODE_HOLDS_ARRAY (json_object_get_member (o, "ai"))
         ? json_object_get_array_member (o, "ai") : NULL;
  if (variant == NULL || seed == NULL || ai == NULL || json_array_get_length (ai) != 2 ||
      !JSON_NODE_HOLDS_VALUE (json_array_get_element (ai, 0)) ||
      json_node_get_value_type (json_array_get_element (ai, 0)) != G_TYPE_STRING ||
      !JSON_NODE_HOLDS_VALUE (json_array_get_element (ai, 1)) ||
      json_node_get_value_type (json_array_get_element (ai, 1)) != G_TYPE_STRING)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("the experiment (variant, AIs, seed) is missing"));
      return NULL;
    }
  for (guint i = 0; i < 3; i++)
    if (!_kiela_record_string_ok (i == 0 ? variant : json_array_get_string_element (ai, i - 1)))
      {
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is not valid UTF-8 text"), i == 0 ? "variant" : "ai");
        return NULL;
      }
  errno = 0;
  s->seed = g_ascii_strtoull (seed, &end, 10);
  if (errno || end == seed || *end)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is missing or not a whole number"), "seed");
      return NULL;
    }
  set_experiment (s, variant, json_array_get_string_element (ai, 0), json_array_get_string_element (ai, 1),
                  s->seed, 0);
  if (!read_u64 (o, "n_games", &s->n_games, error) || !read_u64 (o, "min_plies", &min_plies, error) ||
      !read_u64 (o, "max_plies", &max_plies, error))
    return NULL;
#define READ(f) if (!read_u64 (o, #f, &s->f, error)) return NULL;
  U64_FIELDS (READ)
#undef READ
  if (!read_u64_array (o, "ranges", ranges, 1u << 20, error) || ranges->len % 2 != 0 ||
      !read_u64_array (o, "lengths", s->lengths, 1u << 24, error) ||
      !read_u64_array (o, "stones", s->stones, 1u << 24, error) ||
      !read_u64_array (o, "reached", s->reached, 1u << 24, error))
    {
      if (error && *error == NULL)
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is missing or not a list of numbers"), "ranges");
      return NULL;
    }
  /* Members of later files: a file without them still loads (its distinct games are unknown). */
  if (json_object_has_member (o, "margins") && !read_u64_array (o, "margins", s->margins, 1u << 24, error))
    return NULL;
  if (json_object_has_member (o, "self_play"))
    {
      JsonNode *n = json_object_get_member (o, "self_play");

      if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_BOOLEAN)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is not true or false"), "self_play");
          return NULL;
        }
      s->self_play = json_node_get_boolean (n) ? 1 : 0;
    }
  if (json_object_has_member (o, "hashed_games") || json_object_has_member (o, "game_hashes"))
    {
      const char *text = string_member (o, "game_hashes");
      gsize n_bytes = 0;
      g_autofree guchar *raw = NULL;

      if (!read_u64 (o, "hashed_games", &s->hashed_games, error))
        return NULL;
      /* Base64 only (g_base64_decode skips other bytes silently), whole words, strictly rising. */
      if (text == NULL || strspn (text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") != strlen (text)
          || strlen (text) % 4 != 0)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is missing or damaged"), "game_hashes");
          return NULL;
        }
      raw = g_base64_decode (text, &n_bytes);
      if (n_bytes % sizeof (guint64) != 0)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is missing or damaged"), "game_hashes");
          return NULL;
        }
      for (gsize i = 0; i < n_bytes / sizeof (guint64); i++)
        {
          guint64 v;

          memcpy (&v, raw + i * sizeof (guint64), sizeof v);
          v = GUINT64_FROM_LE (v);
          if (i > 0 && v <= g_array_index (s->hashes, guint64, i - 1))
            {
              g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is missing or damaged"), "game_hashes");
              return NULL;
            }
          g_array_append_val (s->hashes, v);
        }
    }
  for (guint i = 0; i < ranges->len; i += 2)
    if (!add_range (s->ranges, g_array_index (ranges, guint64, i), g_array_index (ranges, guint64, i + 1)))
      {
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” is missing or not a list of numbers"), "ranges");
        return NULL;
      }
  wrong = find_disagreement (s, min_plies, max_plies);
  if (wrong != NULL)
    {
      /* TRANSLATORS: %s is a member of a statistics file, as "games" or "lengths" */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PARSE, _("“%s” does not agree with the other counts: the file is damaged"),
                   wrong);
      return NULL;
    }
  /* Both are below the lengths' 2^24 entries now. */
  s->min_plies = s->games ? (guint) min_plies : G_MAXUINT;
  s->max_plies = (guint) max_plies;
  return g_steal_pointer (&s);
}

/* ---- CSV ---- */

const char *
kiela_stats_csv_header (void)
{
  return "index,seed,a_is_south,result,reason,plies,captures,captured,endless_refused,final_stones,moves";
}

char *
kiela_stats_csv_row (const KielaStatsGame *g)
{
  const char *result = g->status == KIELA_STATUS_SOUTH_WINS ? "south"
                       : g->status == KIELA_STATUS_NORTH_WINS ? "north" : "draw";

  return g_strdup_printf ("%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%d,%s,%s,%u,%u,%u,%u,%u,%s",
                          g->index, g->seed, g->a_is_south ? 1 : 0, result, g->reason ? g->reason : "none",
                          g->plies, g->captures, g->captured, g->endless_refused, g->final_stones,
                          g->moves ? g->moves : "");
}
