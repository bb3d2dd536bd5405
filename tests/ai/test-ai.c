/* test-ai.c: behaviour of the AI module: legal answers everywhere, budgets, cancelling, tactics, determinism, loader checks. */
#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "kiela.h"
#include "ai-test-common.h"
#include "tests/test-plugin-util.h"
#include "tests/test-positions.h"

static KielaRegistry *registry;

/* ---- helpers ---- */

static const KielaVariant *
variant (const char *id)
{
  return test_variant (registry, id);
}

static KielaAiConfig *
config_for (const char *id, const char *extra)
{
  return ai_test_config (registry, id, extra);
}

static gboolean
think (const char *id, const char *extra, const KielaVariant *v, const KielaPosition *pos,
       guint64 seed, gint64 budget_us, GCancellable *cancellable, KielaAiReply *reply, GError **error)
{
  g_autoptr(KielaAiConfig) config = config_for (id, extra);
  KielaAiRequest request = ai_test_request (v, pos, seed);

  request.time_budget_us = budget_us;
  request.cancellable = cancellable;
  memset (reply, 0, sizeof *reply);
  return kiela_ai_config_think (config, &request, reply, error);
}

static gboolean
is_legal (const KielaVariant *v, const KielaPosition *pos, KielaMove move)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (v, pos, moves, NULL, NULL);

  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

static KielaMove
square (const KielaPosition *pos, const char *name)
{
  KielaSquare sq;
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_square_parse (pos->files, name, &sq, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sq.side, ==, pos->to_move);
  return sq.house;
}

static guint
side_total (const KielaPosition *pos, KielaSide side)
{
  return kiela_position_side_total (pos, side);
}

/* Every personality id, weakest first. */
static GPtrArray *
personality_ids (void)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  GPtrArray *ids = g_ptr_array_new ();
  for (guint i = 0; i < all->len; i++)
    g_ptr_array_add (ids, (gpointer) ((const KielaPersonality *) g_ptr_array_index (all, i))->id);
  return ids;
}

/* Positions met in play: random playouts of different lengths from the start. */
static guint
random_game_positions (const KielaVariant *v, guint64 seed, KielaPosition *out, guint max)
{
  KielaRng rng;
  KielaPosition start;
  guint n = 0;

  kiela_rng_seed (&rng, seed);
  kiela_position_init_start (&start, v);
  out[n++] = start;
  for (guint attempt = 0; n < max && attempt < max * 4; attempt++)
    {
      KielaPlayoutResult r;
      guint plies = 1 + kiela_rng_below (&rng, 40);
      kiela_random_playout (v, &start, NULL, 0, &rng, plies, &r);
      if (r.status == KIELA_STATUS_ONGOING || r.reason == KIELA_REASON_MOVE_LIMIT)
        out[n++] = r.final;
    }
  return n;
}

/* Positions nobody would reach in play: stones scattered at random. */
static void
random_scattered_position (KielaRng *rng, guint files, KielaPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->files = (guint8) files;
  pos->to_move = (guint8) kiela_rng_below (rng, 2);
  for (guint side = 0; side < 2; side++)
    {
      guint stones = 2 * files + kiela_rng_below (rng, 2 * files);
      for (guint s = 0; s < stones; s++)
        pos->houses[side][kiela_rng_below (rng, 2 * files)]++;
    }
}

/* ---- the module and its personalities ---- */

static void
test_module_loaded (void)
{
  GPtrArray *plugins = kiela_registry_get_plugins (registry);
  const KielaPluginRecord *record = NULL;
  const char *algorithms[] = { "random", "greedy", "alphabeta", "mcts" };

  for (guint i = 0; i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);
      if (g_strcmp0 (r->id, "ai-classic") == 0)
        record = r;
    }
  g_assert_nonnull (record);
  g_assert_cmpint (record->state, ==, KIELA_PLUGIN_LOADED);
  g_assert_null (record->reason);
  g_assert_cmpuint (record->n_algorithms, ==, 4);
  g_assert_cmpuint (record->n_personalities, >=, 5);
  for (guint i = 0; i < G_N_ELEMENTS (algorithms); i++)
    {
      const KielaAiAlgorithm *a = kiela_registry_lookup_ai_algorithm (registry, algorithms[i]);
      g_assert_nonnull (a);
      g_assert_nonnull (a->think);
      g_assert_true (a->name && *a->name && a->description && *a->description);
    }
}

static void
markup_error_ignored (GMarkupParseContext *context, GError *error, gpointer user_data)
{
}

static void
test_personalities (void)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  g_autoptr(GHashTable) algorithms = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  guint last_level = 0;

  g_assert_cmpuint (all->len, >=, 5);
  for (guint i = 0; i < all->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (all, i);
      const KielaAiAlgorithm *a = kiela_registry_lookup_ai_algorithm (registry, p->algorithm);
      static const GMarkupParser parser = { NULL, NULL, NULL, NULL, markup_error_ignored };
      g_autoptr(GMarkupParseContext) ctx = NULL;
      g_autoptr(GHashTable) settings = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (p->name && *p->name);
      g_assert_true (p->character && *p->character);
      g_assert_true (p->level_name && *p->level_name);
      g_assert_true (p->level >= 1 && p->level <= 10);
      /* A ladder: every rung is a different level. */
      g_assert_cmpuint (p->level, >, last_level);
      last_level = p->level;
      g_assert_false (g_hash_table_contains (names, p->name));
      g_hash_table_add (names, (gpointer) p->name);

      /* The portrait is a well-formed SVG document. */
      g_assert_true (g_str_has_prefix (p->portrait_svg, "<svg"));
      g_assert_nonnull (strstr (p->portrait_svg, "xmlns=\"http://www.w3.org/2000/svg\""));
      ctx = g_markup_parse_context_new (&parser, 0, NULL, NULL);
      g_assert_true (g_markup_parse_context_parse (ctx, p->portrait_svg, -1, &error));
      g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
      g_assert_no_error (error);

      g_assert_nonnull (a);
      settings = kiela_ai_parse_settings (p->settings, &error);
      g_assert_no_error (error);
      if (a->check_settings)
        g_assert_true (a->check_settings (settings, &error));
      g_assert_no_error (error);
      g_hash_table_add (algorithms, (gpointer) p->algorithm);
    }
  g_assert_cmpuint (((const KielaPersonality *) g_ptr_array_index (all, 0))->level, ==, 1);
  g_assert_cmpuint (last_level, ==, 10);
  /* Personalities are data on top of several algorithms, not one algorithm each. */
  g_assert_cmpuint (g_hash_table_size (algorithms), >=, 3);
  /* No two portraits alike. */
  for (guint i = 0; i < all->len; i++)
    for (guint j = i + 1; j < all->len; j++)
      g_assert_cmpstr (((const KielaPersonality *) g_ptr_array_index (all, i))->portrait_svg, !=,
                       ((const KielaPersonality *) g_ptr_array_index (all, j))->portrait_svg);
}

/* ---- legality ---- */

static void
check_legal_everywhere (const KielaVariant *v, const KielaPosition *positions, guint n_positions)
{
  g_autoptr(GPtrArray) ids = personality_ids ();
  const char *bare[] = { "random", "greedy", "alphabeta", "mcts" };

  for (guint k = 0; k < ids->len + G_N_ELEMENTS (bare); k++)
    {
      const char *id = k < ids->len ? g_ptr_array_index (ids, k) : bare[k - ids->len];
      for (guint i = 0; i < n_positions; i++)
        {
          KielaAiReply reply;
          g_autoptr(GError) error = NULL;
          KielaMove moves[KIELA_MAX_MOVES];
          guint n = kiela_legal_moves (v, &positions[i], moves, NULL, NULL);
          /* A node budget keeps this test quick; the time budget is only a safety net. */
          gboolean ok = think (id, "nodes=1500", v, &positions[i], i, 5 * G_USEC_PER_SEC, NULL, &reply, &error);

          if (n == 0)
            {
              /* No move: an error, never a made-up move. */
              g_assert_false (ok);
              g_assert_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER);
              continue;
            }
          if (!ok)
            g_error ("%s failed in %s: %s", id, kiela_position_to_string (&positions[i]), error->message);
          if (!is_legal (v, &positions[i], reply.move))
            g_error ("%s chose illegal move %d in %s (variant %s)", id, reply.move,
                     kiela_position_to_string (&positions[i]), v->id);
          g_assert_true (reply.reason[0] != '\0');
        }
    }
}

static void
test_legal_variants (void)
{
  GPtrArray *variants = kiela_registry_get_variants (registry);

  g_assert_cmpuint (variants->len, >=, 3);
  for (guint i = 0; i < variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (variants, i);
      KielaPosition positions[24];
      guint n = random_game_positions (v, 100 + i, positions, 16);
      KielaRng rng;

      kiela_rng_seed (&rng, 7 + i);
      for (guint k = 0; k < 8; k++)
        random_scattered_position (&rng, v->files, &positions[n++]);
      check_legal_everywhere (v, positions, n);
    }
}

/* Every board width from 4 to 20 files, on copies of the registered rules. */
static void
test_legal_file_counts (void)
{
  const char *bases[] = { "kiela", "hawalis" };
  const guint widths[] = { 4, 5, 7, 12, 16, 20 };

  for (guint b = 0; b < G_N_ELEMENTS (bases); b++)
    {
      const KielaVariant *base = kiela_registry_lookup_variant (registry, bases[b]);
      if (base == NULL)
        continue;
      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        {
          KielaVariant v = *base;
          KielaPosition positions[6];
          KielaRng rng;

          v.files = (guint8) widths[w];
          kiela_rng_seed (&rng, widths[w] * 31 + b);
          for (guint k = 0; k < G_N_ELEMENTS (positions); k++)
            random_scattered_position (&rng, widths[w], &positions[k]);
          check_legal_everywhere (&v, positions, G_N_ELEMENTS (positions));
        }
    }
}

/* ---- budgets and cancelling ---- */

static const char *
midgame (void)
{
  /* 12 plies of a random game from the start: captures have happened. */
  static char kpn[256];
  KielaPosition pos;
  KielaRng rng;
  KielaPlayoutResult r;
  const KielaVariant *v = variant ("kiela");

  kiela_position_init_start (&pos, v);
  kiela_rng_seed (&rng, 12);
  kiela_random_playout (v, &pos, NULL, 0, &rng, 12, &r);
  g_assert_cmpint (r.reason, ==, KIELA_REASON_MOVE_LIMIT);
  g_autofree char *s = kiela_position_to_string (&r.final);
  g_strlcpy (kpn, s, sizeof kpn);
  return kpn;
}

static void
test_budget (void)
{
  const KielaVariant *v = variant ("kiela");
  const char *searchers[] = { "alphabeta", "mcts" };
  KielaPosition positions[2];

  kiela_position_init_start (&positions[0], v);
  positions[1] = ai_test_parse (midgame ());
  for (guint a = 0; a < G_N_ELEMENTS (searchers); a++)
    for (guint p = 0; p < 2; p++)
      {
        KielaAiReply reply;
        g_autoptr(GError) error = NULL;
        gint64 t0 = g_get_monotonic_time (), elapsed;

        /* 50 ms asked; a generous second allowed (sanitizers, a busy machine): a
         * behavioural bound, not a benchmark. */
        g_assert_true (think (searchers[a], NULL, v, &positions[p], 1, 50 * 1000, NULL, &reply, &error));
        elapsed = g_get_monotonic_time () - t0;
        g_assert_no_error (error);
        g_assert_cmpint (elapsed, <, G_USEC_PER_SEC);
        g_assert_cmpfloat (reply.seconds, <, 1.0);
        g_assert_cmpuint (reply.nodes, >, 0);
        g_assert_true (is_legal (v, &positions[p], reply.move));
      }
}

static void
test_cancel_before (void)
{
  const KielaVariant *v = variant ("kiela");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const char *algorithms[] = { "random", "greedy", "alphabeta", "mcts" };
  KielaPosition pos;

  kiela_position_init_start (&pos, v);
  g_cancellable_cancel (cancellable);
  for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
    {
      KielaAiReply reply;
      g_autoptr(GError) error = NULL;
      gint64 t0 = g_get_monotonic_time ();

      g_assert_false (think (algorithms[a], NULL, v, &pos, 1, 60 * G_USEC_PER_SEC, cancellable, &reply, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpint (g_get_monotonic_time () - t0, <, G_USEC_PER_SEC / 2);
    }
}

typedef struct {
  const char         *id;
  const KielaVariant *variant;
  KielaPosition       pos;
  GCancellable       *cancellable;
  KielaAiReply        reply;
  GError             *error;
  gboolean            ok;
} ThinkJob;

static gpointer
think_thread (gpointer data)
{
  ThinkJob *job = data;
  job->ok = think (job->id, NULL, job->variant, &job->pos, 3, 60 * G_USEC_PER_SEC,
                   job->cancellable, &job->reply, &job->error);
  return NULL;
}

static void
test_cancel_during (void)
{
  const char *searchers[] = { "alphabeta", "mcts" };

  for (guint a = 0; a < G_N_ELEMENTS (searchers); a++)
    {
      ThinkJob job = { 0 };
      GThread *thread;
      gint64 t0;

      job.id = searchers[a];
      job.variant = variant ("kiela");
      job.pos = ai_test_parse (midgame ());
      job.cancellable = g_cancellable_new ();
      /* A minute's budget: only the cancellation can end this search soon. */
      thread = g_thread_new ("think", think_thread, &job);
      g_usleep (150 * 1000);
      t0 = g_get_monotonic_time ();
      g_cancellable_cancel (job.cancellable);
      g_thread_join (thread);
      g_assert_cmpint (g_get_monotonic_time () - t0, <, G_USEC_PER_SEC);
      /* Cancelled mid-search: the best move so far, or the cancellation error. */
      if (job.ok)
        g_assert_true (is_legal (job.variant, &job.pos, job.reply.move));
      else
        g_assert_error (job.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_clear_error (&job.error);
      g_object_unref (job.cancellable);
    }
}

/* ---- tactics ---- */

/* The most a move from `pos` gains for the mover, by sowing every legal move. */
static gint
best_gain (const KielaVariant *v, const KielaPosition *pos, gint *gain_of_move)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (v, pos, moves, children, NULL);
  KielaSide me = (KielaSide) pos->to_move;
  gint best = G_MININT;

  for (guint i = 0; i < n; i++)
    {
      gint gain = (gint) side_total (&children[i], me) - (gint) side_total (pos, me);
      if (gain_of_move)
        gain_of_move[moves[i]] = gain;
      best = MAX (best, gain);
    }
  return best;
}

/* Plays `moves` (square names) from the variant's start. */
static KielaPosition
after_moves (const KielaVariant *v, const char * const *moves)
{
  g_autoptr(KielaGame) game = kiela_game_new (v);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; moves[i]; i++)
    {
      g_assert_true (kiela_game_play_square (game, moves[i], NULL, &error));
      g_assert_no_error (error);
    }
  return *kiela_game_get_position (game);
}

/* The rules file's worked moves (section 11): the largest capture is found at depth 1. */
static void
test_capture_rules_examples (void)
{
  const KielaVariant *v = variant ("kiela");
  const char * const line1[] = { "b1", "h4", NULL };
  const char * const line2[] = { "i2", NULL };
  KielaPosition pos;
  gint gains[KIELA_MAX_HOUSES];
  gint best;
  KielaAiReply reply;
  g_autoptr(GError) error = NULL;
  KielaPosition child;
  KielaSowResult r;

  /* After South b1, North h4: South i2 captures twice, South ends with 33 stones of 56. */
  pos = after_moves (v, line1);
  best = best_gain (v, &pos, gains);
  g_assert_cmpint (gains[square (&pos, "i2")], ==, 33 - 28);
  g_assert_cmpint (best, >=, 5);
  g_assert_true (think ("alphabeta", "depth=1 qs=0", v, &pos, 1, 0, NULL, &reply, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gains[reply.move], ==, best);
  /* The explanation names the capture it makes. */
  child = pos;
  kiela_sow_fast (v, &child, reply.move, &r);
  {
    g_autofree char *expect = g_strdup_printf ("Captures %u stones", (guint) r.captured);
    g_assert_nonnull (strstr (reply.reason, expect));
  }
  /* Greedy agrees: it is the same question one ply deep. */
  g_assert_true (think ("greedy", NULL, v, &pos, 5, 0, NULL, &reply, &error));
  g_assert_cmpint (gains[reply.move], ==, best);

  /* After South i2: North b3 captures d2 (1) and d1 (2), so 3 stones. */
  pos = after_moves (v, line2);
  best = best_gain (v, &pos, gains);
  g_assert_cmpint (gains[square (&pos, "b3")], ==, 3);
  g_assert_true (think ("alphabeta", "depth=1 qs=0", v, &pos, 1, 0, NULL, &reply, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gains[reply.move], ==, best);
  g_assert_cmpint (best, >=, 3);
}

/* AI_TEST_CAPTURE_WINS: every search depth must pick i1. */

static void
test_capture_that_wins (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaPosition pos = ai_test_parse (AI_TEST_CAPTURE_WINS), child;
  KielaMove i1 = square (&pos, "i1"), c2 = square (&pos, "c2"), moves[KIELA_MAX_MOVES];
  KielaSowResult r;
  gint gains[KIELA_MAX_HOUSES];
  const char *ais[] = { "alphabeta", "mpanzu", "lweji", "greedy" };

  /* The claims above, checked by sowing. */
  g_assert_cmpint (best_gain (v, &pos, gains), ==, gains[i1]);
  child = pos;
  kiela_sow_fast (v, &child, i1, &r);
  g_assert_cmpuint (r.captured, >=, 7);
  g_assert_cmpuint (kiela_legal_moves (v, &child, moves, NULL, NULL), ==, 0);
  child = pos;
  kiela_sow_fast (v, &child, c2, &r);
  g_assert_cmpuint (r.captured, ==, 1);
  g_assert_cmpuint (kiela_legal_moves (v, &child, moves, NULL, NULL), >, 0);

  for (guint a = 0; a < G_N_ELEMENTS (ais); a++)
    {
      KielaAiReply reply;
      g_autoptr(GError) error = NULL;
      if (kiela_registry_lookup_personality (registry, ais[a]) == NULL
          && kiela_registry_lookup_ai_algorithm (registry, ais[a]) == NULL)
        continue;
      g_assert_true (think (ais[a], "nodes=50000", v, &pos, 9, 0, NULL, &reply, &error));
      g_assert_no_error (error);
      g_assert_cmpint (reply.move, ==, i1);
    }
}

/*
 * A forced win in two moves, by hand (ranks 4 to 1):
 *   North: a3 = 2, b3 = 1                       South: d2 = 2, e2 = 3
 * South d2 drops into c2 and b2 (empty: the move ends).  North's only move, a3,
 * drops into b3 (now 2) and c3 (empty: the end).  South e2 then drops into d2, c2
 * and b2, which is occupied with North's b3 occupied: it captures b3, and North
 * is left with one single stone: no move.
 * South e2 first instead: North a3 as before, and South's only move d2 (3 stones)
 * ends in the empty a2 without a capture: North keeps b3 = 2 and plays on.
 * Nothing captures at once, so there is no win in one.
 */
#define FORCED_WIN_TWO "0,0,0,0,0,0,0,0,0,0/2,1,0,0,0,0,0,0,0,0/0,0,0,2,3,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 s"

/* Does the side to move in `pos` win within `moves` of its own moves whatever the opponent does? */
static gboolean
wins_within (const KielaVariant *v, const KielaPosition *pos, guint moves_left)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  guint n;

  if (moves_left == 0)
    return FALSE;
  n = kiela_legal_moves (v, pos, moves, children, NULL);
  for (guint i = 0; i < n; i++)
    {
      KielaMove replies[KIELA_MAX_MOVES];
      KielaPosition grand[KIELA_MAX_MOVES];
      guint m = kiela_legal_moves (v, &children[i], replies, grand, NULL);
      gboolean all = TRUE;

      for (guint j = 0; j < m && all; j++)
        all = wins_within (v, &grand[j], moves_left - 1);
      if (all)
        return TRUE;   /* m == 0: the opponent cannot move at once */
    }
  return FALSE;
}

static void
test_forced_win_in_two (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaPosition pos = ai_test_parse (FORCED_WIN_TWO);
  KielaMove moves[KIELA_MAX_MOVES], d2 = square (&pos, "d2");
  KielaPosition children[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (v, &pos, moves, children, NULL);
  guint winners = 0;
  /* With the search's options too: reductions, a narrow first window, the whole clock. */
  const char *ais[] = { "alphabeta", "mpanzu", "lweji", "alphabeta lmr=1 aspiration=1", "mpanzu lmr=3 aspiration=50 time-use=100" };

  /* The claims of the comment, by exhaustive search. */
  g_assert_false (wins_within (v, &pos, 1));
  g_assert_true (wins_within (v, &pos, 2));
  g_assert_cmpuint (n, ==, 2);
  for (guint i = 0; i < n; i++)
    {
      KielaMove replies[KIELA_MAX_MOVES];
      KielaPosition grand[KIELA_MAX_MOVES];
      guint m = kiela_legal_moves (v, &children[i], replies, grand, NULL);
      gboolean all = m > 0;
      for (guint j = 0; j < m && all; j++)
        all = wins_within (v, &grand[j], 1);
      if (all)
        {
          winners++;
          g_assert_cmpint (moves[i], ==, d2);
        }
    }
  g_assert_cmpuint (winners, ==, 1);

  for (guint a = 0; a < G_N_ELEMENTS (ais); a++)
    {
      KielaAiReply reply;
      g_autoptr(GError) error = NULL;
      g_assert_true (think (ais[a], "nodes=50000", v, &pos, 4, 0, NULL, &reply, &error));
      g_assert_no_error (error);
      g_assert_cmpint (reply.move, ==, d2);
      /* It knows it is a win, not merely a good move: more than all the stones are worth. */
      g_assert_cmpint (reply.score, >, 100 * 56);
      g_assert_nonnull (strstr (reply.reason, "Wins by force"));
    }
}

/*
 * Repetition: in FORCED_WIN_TWO, if the position after d2 has already occurred
 * twice in the game, playing d2 makes it occur a third time: a draw, not a win.
 * South's other move, e2, wins within no four moves (checked exhaustively here),
 * so a search limited to 8 plies that knows the game's history must not claim a
 * forced win any more, while without the history it does.
 */
static void
test_repetition_awareness (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaPosition pos = ai_test_parse (FORCED_WIN_TWO), after_d2 = pos, after_e2 = pos;
  KielaPosition history[3];
  g_autoptr(KielaAiConfig) config = config_for ("mpanzu", "depth=8");
  KielaAiRequest request = { 0 };
  KielaAiReply reply = { 0 };
  g_autoptr(GError) error = NULL;
  KielaMove replies[KIELA_MAX_MOVES];
  KielaPosition grand[KIELA_MAX_MOVES];
  guint m;

  kiela_sow_fast (v, &after_d2, square (&pos, "d2"), NULL);
  kiela_sow_fast (v, &after_e2, square (&pos, "e2"), NULL);
  /* e2 does not win within four South moves: some North reply holds out. */
  m = kiela_legal_moves (v, &after_e2, replies, grand, NULL);
  g_assert_cmpuint (m, >, 0);
  {
    gboolean all = TRUE;
    for (guint j = 0; j < m && all; j++)
      all = wins_within (v, &grand[j], 3);
    g_assert_false (all);
  }

  request.variant = v;
  request.position = pos;
  request.seed = 1;
  g_assert_true (kiela_ai_config_think (config, &request, &reply, &error));
  g_assert_cmpint (reply.score, >, 100 * 56);

  /* The game went through the position after d2 twice already (with the start between). */
  history[0] = after_d2;
  history[1] = pos;
  history[2] = after_d2;
  request.history = history;
  request.n_history = G_N_ELEMENTS (history);
  g_assert_true (kiela_ai_config_think (config, &request, &reply, &error));
  g_assert_no_error (error);
  g_assert_cmpint (reply.score, <, 100 * 56);
}

/* ---- determinism ---- */

static void
test_same_seed_same_move (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaPosition positions[8];
  guint n = random_game_positions (v, 555, positions, G_N_ELEMENTS (positions));
  g_autoptr(GPtrArray) ids = personality_ids ();
  g_autoptr(GHashTable) random_moves = g_hash_table_new (g_direct_hash, g_direct_equal);
  KielaPosition start;

  for (guint k = 0; k < ids->len; k++)
    for (guint i = 0; i < n; i++)
      {
        KielaAiReply a, b;
        g_autoptr(GError) error = NULL;
        const char *id = g_ptr_array_index (ids, k);

        /* Limited by nodes, not by the clock: then the search is reproducible. */
        if (!think (id, "nodes=4000", v, &positions[i], 42 + i, 0, NULL, &a, &error))
          {
            g_assert_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER);
            continue;
          }
        g_assert_true (think (id, "nodes=4000", v, &positions[i], 42 + i, 0, NULL, &b, &error));
        g_assert_cmpint (a.move, ==, b.move);
        g_assert_cmpint (a.score, ==, b.score);
        g_assert_cmpuint (a.nodes, ==, b.nodes);
        g_assert_cmpuint (a.depth, ==, b.depth);
      }

  /* And the seed matters: the random player does not always answer the same. */
  kiela_position_init_start (&start, v);
  for (guint64 seed = 0; seed < 32; seed++)
    {
      KielaAiReply r;
      g_autoptr(GError) error = NULL;
      g_assert_true (think ("random", NULL, v, &start, seed, 0, NULL, &r, &error));
      g_hash_table_add (random_moves, GINT_TO_POINTER (r.move + 1));
    }
  g_assert_cmpuint (g_hash_table_size (random_moves), >, 3);
}

/* ---- explanations ---- */

/* The Hint's reason must be true: checked against the rules by sowing the move and every reply. */
static void
test_reasons_truthful (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaPosition positions[24];
  guint n = random_game_positions (v, 777, positions, G_N_ELEMENTS (positions));
  guint checked_capture = 0, checked_no_reply = 0;

  for (guint i = 0; i < n; i++)
    {
      KielaAiReply reply;
      g_autoptr(GError) error = NULL;
      KielaPosition after = positions[i];
      KielaSowResult r;
      KielaSide opp;
      g_autofree char *captures = NULL, *no_capture = NULL;

      if (!think ("mpanzu", "nodes=20000", v, &positions[i], i, 0, NULL, &reply, &error))
        continue;
      kiela_sow_fast (v, &after, reply.move, &r);
      opp = (KielaSide) after.to_move;
      captures = g_strdup_printf (r.captured == 1 ? "Captures %u stone" : "Captures %u stones", (guint) r.captured);
      no_capture = g_strdup_printf ("leaves %s no capture", kiela_side_display_name (opp));

      if (g_str_has_prefix (reply.reason, "Captures"))
        {
          /* The number it names is what the move captures. */
          g_assert_true (g_str_has_prefix (reply.reason, captures));
          checked_capture++;
        }
      else if (g_str_has_prefix (reply.reason, "Wins at once"))
        /* Winning outright says so instead; it must really leave no move. */
        {
          KielaMove replies[KIELA_MAX_MOVES];
          g_assert_cmpuint (kiela_legal_moves (v, &after, replies, NULL, NULL), ==, 0);
        }
      else
        g_assert_cmpuint (r.captured, ==, 0);

      if (strstr (reply.reason, no_capture) || strstr (reply.reason, "Leaves"))
        {
          KielaMove replies[KIELA_MAX_MOVES];
          guint m = kiela_legal_moves (v, &after, replies, NULL, NULL);
          g_assert_cmpuint (m, >, 0);
          for (guint j = 0; j < m; j++)
            {
              KielaPosition p = after;
              KielaSowResult rr;
              kiela_sow_fast (v, &p, replies[j], &rr);
              g_assert_cmpuint (rr.captured, ==, 0);
            }
          checked_no_reply++;
        }
    }
  /* The sample did exercise both kinds of sentence. */
  g_assert_cmpuint (checked_capture, >, 0);
  g_assert_cmpuint (checked_no_reply, >, 0);
}

/* ---- the loader ---- */

/*
 * The largest weights the settings allow times the largest stone differences a
 * position may hold: the evaluation must neither overflow (UBSan checks that in
 * the sanitizer build) nor wrap to the wrong sign, nor pass for a proven win.
 */
static void
test_extreme_weights (void)
{
  const KielaVariant *v = variant ("kiela");
  /* South (to move) holds 30002 stones, North 20: the difference times 100000
   * is fourteen times what 32 bits hold.  South has moves, North too after them. */
  KielaPosition pos = ai_test_parse ("2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/"
                             "0,0,0,0,0,0,0,0,0,0/30000,0,0,0,0,0,0,0,0,2 s");
  const char *ais[] = { "alphabeta", "mcts", "greedy" };

  for (guint sign = 0; sign < 2; sign++)
    for (guint depth = 1; depth <= 2; depth++)
      {
        g_autofree char *extra = g_strdup_printf ("depth=%u w-material=%s100000 w-mobility=100000 "
                                                  "w-exposure=-100000 w-threat=100000 w-safe=100000 "
                                                  "w-tempo=100000 noise=100000",
                                                  depth, sign ? "-" : "");
        KielaAiReply reply;
        g_autoptr(GError) error = NULL;

        g_assert_true (think ("alphabeta", extra, v, &pos, 3, 0, NULL, &reply, &error));
        g_assert_no_error (error);
        g_assert_true (is_legal (v, &pos, reply.move));
        /* Material dominates every other term, and nothing here is a forced result. */
        if (sign == 0)
          g_assert_cmpint (reply.score, >, 0);
        else
          g_assert_cmpint (reply.score, <, 0);
        g_assert_cmpint (ABS (reply.score), <, 999000);
      }

  /* The other algorithms meet such positions too. */
  for (guint i = 1; i < G_N_ELEMENTS (ais); i++)
    {
      KielaAiReply reply;
      g_autoptr(GError) error = NULL;
      g_assert_true (think (ais[i], "nodes=2000", v, &pos, 3, 0, NULL, &reply, &error));
      g_assert_no_error (error);
      g_assert_true (is_legal (v, &pos, reply.move));
    }
}

static const KielaPluginRecord *
record_of (KielaRegistry *reg, const char *id)
{
  GPtrArray *plugins = kiela_registry_get_plugins (reg);
  for (guint i = 0; i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);
      if (g_strcmp0 (r->id, id) == 0)
        return r;
    }
  return NULL;
}

static void
test_unknown_algorithm_rejected (void)
{
  g_autoptr(KielaRegistry) reg = kiela_registry_new ();
  const KielaPluginRecord *r;

  kiela_registry_load_dir (reg, KIELA_TEST_PLUGIN_DIR);
  kiela_registry_load_file (reg, KIELA_TEST_BROKEN_UNKNOWN);
  kiela_registry_finish_loading (reg);

  g_assert_null (kiela_registry_lookup_personality (reg, "ghost"));
  r = record_of (reg, "test-unknown-algorithm");
  g_assert_nonnull (r);
  g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
  g_assert_nonnull (r->reason);
  g_assert_nonnull (strstr (r->reason, "ghost"));
  g_assert_nonnull (strstr (r->reason, "no-such-algorithm"));
  /* The good module is untouched. */
  g_assert_cmpint (record_of (reg, "ai-classic")->state, ==, KIELA_PLUGIN_LOADED);
  g_assert_nonnull (kiela_registry_lookup_personality (reg, "mpanzu"));
}

static void
test_bad_settings_rejected (void)
{
  g_autoptr(KielaRegistry) reg = kiela_registry_new ();
  const KielaPluginRecord *r;

  kiela_registry_load_dir (reg, KIELA_TEST_PLUGIN_DIR);
  kiela_registry_load_file (reg, KIELA_TEST_BROKEN_SETTINGS);
  kiela_registry_finish_loading (reg);

  g_assert_null (kiela_registry_lookup_personality (reg, "muddle"));
  r = record_of (reg, "test-bad-settings");
  g_assert_nonnull (r);
  g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
  g_assert_nonnull (r->reason);
  g_assert_nonnull (strstr (r->reason, "depth=banana"));
  g_assert_cmpint (record_of (reg, "ai-classic")->state, ==, KIELA_PLUGIN_LOADED);
}

/* Omweso's turns mid-move are the player's (a move for each way of deciding, "d2-"): every AI
 * answers with one of the listed moves where such moves exist, and the random player, which
 * draws among all of them, does draw moves that decline a turn. */
static void
test_omweso_choices (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "omweso");
  KielaPosition found[12];
  guint n_found = 0, declined = 0;
  KielaRng rng;

  if (v == NULL)
    {
      g_test_skip ("Omweso is not loaded");
      return;
    }
  kiela_rng_seed (&rng, 26);
  for (guint attempt = 0; attempt < 4000 && n_found < G_N_ELEMENTS (found); attempt++)
    {
      KielaPosition pos;
      KielaMove moves[KIELA_MAX_MOVES];
      guint n;
      gboolean has_decision = FALSE;

      random_scattered_position (&rng, v->files, &pos);
      n = kiela_legal_moves (v, &pos, moves, NULL, NULL);
      for (guint i = 0; i < n; i++)
        has_decision |= KIELA_MOVE_DECISIONS (moves[i]) != 0;
      if (has_decision)
        found[n_found++] = pos;
    }
  g_assert_cmpuint (n_found, ==, G_N_ELEMENTS (found));
  check_legal_everywhere (v, found, n_found);
  for (guint i = 0; i < n_found; i++)
    for (guint64 seed = 0; seed < 20; seed++)
      {
        KielaAiReply reply;
        g_autoptr(GError) error = NULL;

        g_assert_true (think ("random", NULL, v, &found[i], seed, 5 * G_USEC_PER_SEC, NULL, &reply, &error));
        declined += KIELA_MOVE_DECISIONS (reply.move) != 0;
      }
  g_test_message ("%u of %u random moves declined a turn", declined, n_found * 20);
  g_assert_cmpuint (declined, >, 0);
}

/* Mefuvha's extra capture: every algorithm plays whole games of it against itself, each move
 * one of the legal ones, and the searchers take a house by the extra capture now and then (the
 * moves with a target are real moves to them, not a house number they cannot name). */
static void
mefuvha_full_games (const char *id, guint extra)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, id);
  const char *algorithms[] = { "random", "greedy", "alphabeta", "mcts" };

  if (v == NULL)
    {
      g_test_skip ("Mefuvha is not loaded");
      return;
    }
  g_assert_cmpuint (v->extra_capture, ==, extra);
  for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
    {
      g_autoptr(KielaGame) game = kiela_game_new (v);
      guint targets = 0, pairs = 0, plies = 0;

      while (!kiela_game_is_over (game) && plies < 400)
        {
          const KielaPosition *pos = kiela_game_get_position (game);
          KielaAiReply reply;
          g_autoptr(GError) error = NULL;

          if (!think (algorithms[a], "nodes=400", v, pos, plies, 5 * G_USEC_PER_SEC, NULL, &reply, &error))
            g_error ("%s failed in %s: %s", algorithms[a], kiela_position_to_string (pos), error->message);
          if (!is_legal (v, pos, reply.move))
            g_error ("%s chose illegal move %d in %s", algorithms[a], reply.move, kiela_position_to_string (pos));
          targets += KIELA_MOVE_HAS_TARGET (reply.move);
          pairs += KIELA_MOVE_HAS_TARGET2 (reply.move);
          g_assert_true (kiela_game_play (game, reply.move, NULL, &error));
          g_assert_no_error (error);
          plies++;
        }
      g_test_message ("%s: %u plies, %u extra captures (%u of two houses), %s", algorithms[a], plies, targets, pairs,
                      kiela_game_is_over (game) ? "over" : "still going");
      g_assert_cmpuint (plies, >, 2);
      g_assert_cmpuint (targets, >, 0);
      if (extra == 1)
        g_assert_cmpuint (pairs, ==, 0);
      else
        g_assert_cmpuint (pairs, >, 0);
    }
}

static void
test_mefuvha_full_games (void)
{
  mefuvha_full_games ("mefuvha", 1);
}

/* The same with two extra houses (mefuvha-two): the replies take pairs of houses too. */
static void
test_mefuvha_two_full_games (void)
{
  mefuvha_full_games ("mefuvha-two", 2);
}

/* The analysis judges each pair of houses once, from mefuvha-two's start: c2 declining, and
 * c2 (capturing a3 and a4) taking each of the 78 pairs of North's 13 houses left with stones; taking is worth more,
 * and the greedy and alpha-beta replies take a pair (the alpha-beta's table keeps both houses). */
static void
test_mefuvha_two_analysis (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "mefuvha-two");
  g_autoptr(KielaAiConfig) config = config_for ("alphabeta", "depth=1");
  g_autofree KielaMoveEval *evals = g_new0 (KielaMoveEval, KIELA_MAX_MOVES);
  g_autoptr(GError) error = NULL;
  const char *algorithms[] = { "greedy", "alphabeta", "mcts" };
  KielaAiRequest request;
  KielaPosition pos;
  guint n = 0, pairs = 0;
  gint bare_score = G_MININT, best_pair_score = G_MININT;

  if (v == NULL)
    {
      g_test_skip ("Mefuvha is not loaded");
      return;
    }
  kiela_position_init_start (&pos, v);
  request = ai_test_request (v, &pos, 3);
  g_assert_true (kiela_ai_config_evaluate_moves (config, &request, 2, evals, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 79);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (is_legal (v, &pos, evals[i].move));
      for (guint j = 0; j < i; j++)
        g_assert_cmpint (evals[j].move, !=, evals[i].move);
      if (KIELA_MOVE_HAS_TARGET2 (evals[i].move))
        {
          pairs++;
          best_pair_score = MAX (best_pair_score, evals[i].score);
        }
      else
        bare_score = evals[i].score;
    }
  g_assert_cmpuint (pairs, ==, 78);
  g_assert_cmpint (best_pair_score, >, bare_score);
  for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
    for (guint d = 1; d <= 2; d++)
      {
        KielaAiReply reply;
        g_autofree char *settings = g_strdup_printf (a == 1 ? "depth=%u" : "nodes=%u", a == 1 ? d : 300 * d);

        g_assert_true (think (algorithms[a], settings, v, &pos, d, 5 * G_USEC_PER_SEC, NULL, &reply, &error));
        g_assert_no_error (error);
        g_assert_true (is_legal (v, &pos, reply.move));
        g_test_message ("%s %s: %d", algorithms[a], settings, reply.move);
        /* The searchers that see the material take a pair; MCTS's few playouts spread over 79
         * moves need only answer legally (its full games above take pairs). */
        if (!g_str_equal (algorithms[a], "mcts"))
          g_assert_true (KIELA_MOVE_HAS_TARGET2 (reply.move));
      }
}

/* Quiela's skip of a threatened single: South's single b2, threatened by North's a3, may move
 * on into a2 or skip to a1 or b1; every algorithm answers with one of the legal moves (a skip is
 * a real move to them, its destination kept, not a house number they cannot name), and some
 * replies are skips. */
static void
test_quiela_skip (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "quiela");
  const char *algorithms[] = { "random", "greedy", "alphabeta", "mcts" };
  KielaPosition pos;
  guint skips = 0;

  if (v == NULL)
    {
      g_test_skip ("Quiela is not loaded");
      return;
    }
  test_position_quiela_threatened_single (v, &pos);
  for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
    for (guint seed = 0; seed < 4; seed++)
      {
        KielaAiReply reply;
        g_autoptr(GError) error = NULL;

        if (!think (algorithms[a], "nodes=400", v, &pos, seed, 5 * G_USEC_PER_SEC, NULL, &reply, &error))
          g_error ("%s failed: %s", algorithms[a], error->message);
        if (!is_legal (v, &pos, reply.move))
          g_error ("%s chose illegal move %d", algorithms[a], reply.move);
        skips += KIELA_MOVE_IS_SKIP (reply.move);
      }
  g_test_message ("%u of 16 replies skip", skips);
  g_assert_cmpuint (skips, >, 0);
}

/* The analysis (and so the hint and the analysis panel) judges Mefuvha's moves with a target
 * like any other: after c2xh4, North's n3 bare and n3 taking each of South's 29 houses with
 * stones, every one judged once, the best of those taking a house above the bare one. */
static void
test_mefuvha_analysis (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "mefuvha");
  g_autoptr(KielaAiConfig) config = config_for ("alphabeta", "depth=1");
  g_autofree KielaMoveEval *evals = g_new0 (KielaMoveEval, KIELA_MAX_MOVES);
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GError) error = NULL;
  KielaAiRequest request;
  KielaPosition pos;
  guint n = 0, targets = 0;
  gint bare_score = G_MININT, best_target_score = G_MININT;

  if (v == NULL)
    {
      g_test_skip ("Mefuvha is not loaded");
      return;
    }
  game = kiela_game_new (v);
  g_assert_true (kiela_game_play_square (game, "c2xh4", NULL, &error));
  g_assert_no_error (error);
  pos = *kiela_game_get_position (game);
  request = ai_test_request (v, &pos, 3);
  g_assert_true (kiela_ai_config_evaluate_moves (config, &request, 2, evals, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 30);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (is_legal (v, &pos, evals[i].move));
      g_assert_cmpuint (KIELA_MOVE_HOUSE (evals[i].move), ==, 29);
      for (guint j = 0; j < i; j++)
        g_assert_cmpint (evals[j].move, !=, evals[i].move);
      if (KIELA_MOVE_HAS_TARGET (evals[i].move))
        {
          targets++;
          best_target_score = MAX (best_target_score, evals[i].score);
        }
      else
        bare_score = evals[i].score;
    }
  g_assert_cmpuint (targets, ==, 29);
  /* Taking South's stones is worth more than declining to. */
  g_assert_cmpint (best_target_score, >, bare_score);
  /* The hint's pick is one of them. */
  {
    KielaAiReply reply;

    g_assert_true (think ("alphabeta", "depth=2", v, &pos, 1, 5 * G_USEC_PER_SEC, NULL, &reply, &error));
    g_assert_true (is_legal (v, &pos, reply.move));
  }
}

int
main (int argc, char **argv)
{
  int status;

  registry = ai_test_init (&argc, &argv);
  /* The shipped game files too (Omweso's choices mid-move). */
  g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
  kiela_registry_load_variant_files (registry);
  kiela_registry_finish_loading (registry);

  g_test_add_func ("/ai/module/loaded", test_module_loaded);
  g_test_add_func ("/ai/module/personalities", test_personalities);
  g_test_add_func ("/ai/legal/variants", test_legal_variants);
  g_test_add_func ("/ai/legal/file-counts", test_legal_file_counts);
  g_test_add_func ("/ai/legal/omweso-choices", test_omweso_choices);
  g_test_add_func ("/ai/legal/mefuvha-full-games", test_mefuvha_full_games);
  g_test_add_func ("/ai/legal/mefuvha-two-full-games", test_mefuvha_two_full_games);
  g_test_add_func ("/ai/analysis/mefuvha-two-pairs", test_mefuvha_two_analysis);
  g_test_add_func ("/ai/legal/quiela-skip", test_quiela_skip);
  g_test_add_func ("/ai/analysis/mefuvha-targets", test_mefuvha_analysis);
  g_test_add_func ("/ai/budget/time", test_budget);
  g_test_add_func ("/ai/cancel/before", test_cancel_before);
  g_test_add_func ("/ai/cancel/during", test_cancel_during);
  g_test_add_func ("/ai/tactics/capture-rules-examples", test_capture_rules_examples);
  g_test_add_func ("/ai/tactics/capture-that-wins", test_capture_that_wins);
  g_test_add_func ("/ai/tactics/forced-win-in-two", test_forced_win_in_two);
  g_test_add_func ("/ai/tactics/repetition", test_repetition_awareness);
  g_test_add_func ("/ai/determinism/same-seed", test_same_seed_same_move);
  g_test_add_func ("/ai/reason/truthful", test_reasons_truthful);
  g_test_add_func ("/ai/evaluate/extreme-weights", test_extreme_weights);
  g_test_add_func ("/ai/loader/unknown-algorithm", test_unknown_algorithm_rejected);
  g_test_add_func ("/ai/loader/bad-settings", test_bad_settings_rejected);

  status = g_test_run ();
  kiela_registry_free (registry);
  return status;
}
