/* test-stats.c: variant statistics: figures recomputed from the per-game rows, shards merged = one run, jobs change nothing. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <sys/wait.h>

#include <json-glib/json-glib.h>

#include "kiela.h"
#include "test-common.h"

static KielaRegistry *registry;

typedef struct {
  GPtrArray *rows;   /* char*: CSV rows */
} Collect;

static void
collect (const KielaStatsGame *game, gpointer user_data)
{
  Collect *c = user_data;

  g_ptr_array_add (c->rows, kiela_stats_csv_row (game));
}

static KielaStats *
run (const char *variant_id, const char *a, const char *b, guint64 n_games, guint64 seed, guint shard, guint n_shards,
     guint jobs, GPtrArray *rows)
{
  KielaStats *stats = kiela_stats_new ();
  g_autoptr(KielaAiConfig) ai_a = kiela_ai_config_new (registry, a, 0, NULL);
  g_autoptr(KielaAiConfig) ai_b = kiela_ai_config_new (registry, b, 0, NULL);
  g_autoptr(GError) error = NULL;
  Collect c = { rows };
  KielaStatsConfig config = {
    .variant = kiela_registry_lookup_variant (registry, variant_id),
    .ai = { ai_a, ai_b },
    .n_games = n_games,
    .seed = seed,
    .shard = shard,
    .n_shards = n_shards,
    .jobs = jobs,
    .max_plies = 400,
  };

  g_assert_nonnull (config.variant);
  g_assert_nonnull (ai_a);
  g_assert_nonnull (ai_b);
  g_assert_true (kiela_stats_run (stats, &config, rows ? collect : NULL, &c, NULL, &error));
  g_assert_no_error (error);
  return stats;
}

/* The figures of a small seeded run, recomputed here from its CSV rows alone. */
static void
test_figures_from_csv (void)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(KielaStats) stats = run ("quiela", "random", "greedy", 120, 5, 0, 1, 1, rows);
  KielaStatsSummary s;
  guint64 south = 0, north = 0, draws = 0, plies = 0, captures = 0, captured = 0, refused = 0;
  guint min_plies = G_MAXUINT, max_plies = 0;
  g_autoptr(GHashTable) lengths = g_hash_table_new (NULL, NULL);
  gdouble p, lo, hi;

  g_assert_cmpuint (rows->len, ==, 120);
  g_assert_cmpstr (kiela_stats_csv_header (), ==,
                   "index,seed,a_is_south,result,reason,plies,captures,captured,endless_refused,final_stones,moves");
  for (guint i = 0; i < rows->len; i++)
    {
      g_auto(GStrv) f = g_strsplit (g_ptr_array_index (rows, i), ",", 11);
      guint n_plies = (guint) g_ascii_strtoull (f[5], NULL, 10);
      g_auto(GStrv) moves = g_strsplit (f[10], " ", -1);

      g_assert_cmpuint (g_strv_length (f), ==, 11);
      g_assert_cmpuint (g_ascii_strtoull (f[0], NULL, 10), ==, i);
      g_assert_cmpint (atoi (f[2]), ==, i % 2 == 0);   /* A is South in even games */
      if (g_str_equal (f[3], "south"))
        south++;
      else if (g_str_equal (f[3], "north"))
        north++;
      else
        draws++;
      plies += n_plies;
      /* The move list has one square a ply. */
      g_assert_cmpuint (n_plies == 0 ? 0 : g_strv_length (moves), ==, n_plies);
      min_plies = MIN (min_plies, n_plies);
      max_plies = MAX (max_plies, n_plies);
      g_hash_table_insert (lengths, GUINT_TO_POINTER (n_plies),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (lengths, GUINT_TO_POINTER (n_plies))) + 1));
      captures += g_ascii_strtoull (f[6], NULL, 10);
      captured += g_ascii_strtoull (f[7], NULL, 10);
      refused += g_ascii_strtoull (f[8], NULL, 10);
      /* Quiela removes what it captures: the final board is the start less the captures. */
      g_assert_cmpuint (g_ascii_strtoull (f[9], NULL, 10), ==, 42 - g_ascii_strtoull (f[7], NULL, 10));
    }
  kiela_stats_get_summary (stats, &s);
  g_assert_cmpuint (s.games, ==, 120);
  g_assert_cmpuint (s.south_wins, ==, south);
  g_assert_cmpuint (s.north_wins, ==, north);
  g_assert_cmpuint (s.draws, ==, draws);
  g_assert_cmpfloat_with_epsilon (s.mean_plies, (gdouble) plies / 120, 1e-9);
  g_assert_cmpuint (s.min_plies, ==, min_plies);
  g_assert_cmpuint (s.max_plies, ==, max_plies);
  g_assert_cmpfloat_with_epsilon (s.captures_per_game, (gdouble) captures / 120, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.captured_per_game, (gdouble) captured / 120, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.endless_refused_per_game, (gdouble) refused / 120, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.draw_rate, (gdouble) draws / 120, 1e-9);
  g_assert_cmpuint (captures, >, 0);
  for (guint n = 0; n <= max_plies; n++)
    g_assert_cmpuint (kiela_stats_get_length_count (stats, n), ==,
                      GPOINTER_TO_UINT (g_hash_table_lookup (lengths, GUINT_TO_POINTER (n))));
  /* Every game starts with 42 stones on the board; all 120 reach ply 0. */
  g_assert_cmpuint (kiela_stats_get_reached (stats, 0), ==, 120);
  g_assert_cmpfloat_with_epsilon (kiela_stats_get_mean_stones (stats, 0), 42.0, 1e-9);
  g_assert_cmpfloat (kiela_stats_get_mean_stones (stats, max_plies + 1), ==, -1.0);
  /* The Wilson interval, recomputed. */
  p = (gdouble) south / 120;
  lo = (p + 1.96 * 1.96 / 240 - 1.96 * sqrt (p * (1 - p) / 120 + 1.96 * 1.96 / (4.0 * 120 * 120))) / (1 + 1.96 * 1.96 / 120);
  hi = (p + 1.96 * 1.96 / 240 + 1.96 * sqrt (p * (1 - p) / 120 + 1.96 * 1.96 / (4.0 * 120 * 120))) / (1 + 1.96 * 1.96 / 120);
  g_assert_cmpfloat_with_epsilon (s.first_player_win_rate, p, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.first_player_low, lo, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.first_player_high, hi, 1e-9);
}

/* Known value: 7 first-player wins in 10 games give the Wilson interval 39.7% to 89.2%. */
static void
test_wilson_known (void)
{
  g_autoptr(KielaStats) stats = kiela_stats_new ();
  KielaStatsSummary s;

  for (guint i = 0; i < 10; i++)
    {
      KielaStatsGame g = { .index = i, .status = i < 7 ? KIELA_STATUS_SOUTH_WINS : KIELA_STATUS_NORTH_WINS,
                           .reason = "no-moves", .plies = 10 + i, .a_is_south = TRUE };
      kiela_stats_add_game (stats, &g, NULL);
    }
  kiela_stats_get_summary (stats, &s);
  g_assert_cmpfloat_with_epsilon (s.first_player_low, 0.3968, 0.0001);
  g_assert_cmpfloat_with_epsilon (s.first_player_high, 0.8922, 0.0001);
  g_assert_cmpuint (s.a_wins, ==, 7);
  g_assert_cmpuint (s.no_move_losses, ==, 10);
}

/* Four shards merged give exactly the figures of one run of the same games; jobs change nothing. */
static void
test_shards_merge (void)
{
  g_autoptr(KielaStats) whole = run ("kiela", "random", "greedy", 101, 77, 0, 1, 1, NULL);
  g_autoptr(KielaStats) whole2 = run ("kiela", "random", "greedy", 101, 77, 0, 1, 2, NULL);
  g_autoptr(KielaStats) merged = kiela_stats_new ();
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  g_autoptr(GError) error = NULL;

  /* Merge in a scrambled order, through JSON as `stats merge` does. */
  for (guint k = 0; k < 4; k++)
    {
      guint shard = (k * 3) % 4;
      g_autoptr(KielaStats) part = run ("kiela", "random", "greedy", 101, 77, shard, 4, 1 + k % 2, NULL);
      g_autofree char *json = kiela_stats_to_json (part, NULL);
      g_autoptr(KielaStats) back = kiela_stats_from_json (json, -1, &error);

      g_assert_no_error (error);
      g_assert_true (kiela_stats_merge (merged, back, &error));
      g_assert_no_error (error);
    }
  a = kiela_stats_to_json (whole, NULL);
  b = kiela_stats_to_json (merged, NULL);
  c = kiela_stats_to_json (whole2, NULL);
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (a, ==, c);
  {
    KielaStatsSummary s;

    kiela_stats_get_summary (merged, &s);
    g_assert_cmpuint (s.games, ==, 101);
  }
}

static void
test_merge_refusals (void)
{
  g_autoptr(KielaStats) one = run ("kiela", "random", "random", 20, 1, 0, 2, 1, NULL);
  g_autoptr(KielaStats) again = run ("kiela", "random", "random", 20, 1, 0, 2, 1, NULL);
  g_autoptr(KielaStats) other_seed = run ("kiela", "random", "random", 20, 2, 1, 2, 1, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (kiela_stats_merge (one, again, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_false (kiela_stats_merge (one, other_seed, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_null (kiela_stats_from_json ("{\"format\":\"something\"}", -1, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  g_clear_error (&error);
  g_assert_null (kiela_stats_from_json ("{\"format\":\"kiela-stats\",\"version\":1}", -1, &error));
  g_assert_nonnull (error);
}

/* `json` with its member `name` replaced by the JSON value `value`. */
static char *
with_member (const char *json, const char *name, const char *value)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) vparser = json_parser_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;

  /* The value goes in as text: json-glib would not write a lone surrogate back as one. */
  g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
  g_assert_true (json_parser_load_from_data (vparser, "\"@VALUE@\"", -1, NULL));
  json_object_set_member (json_node_get_object (json_parser_get_root (parser)), name,
                          json_node_copy (json_parser_get_root (vparser)));
  json_generator_set_root (gen, json_parser_get_root (parser));
  text = json_generator_to_data (gen, NULL);
  parts = g_strsplit (text, "\"@VALUE@\"", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  return g_strconcat (parts[0], value, parts[1], NULL);
}

/* A statistics file is checked whole: sums that disagree (a hand edit, a damaged or hostile
 * file) are refused with the member named, never read past an array's end, looped over for
 * four billion plies or nested until the stack overflows. */
static void
test_damaged_files (void)
{
  g_autoptr(KielaStats) stats = run ("kiela", "random", "greedy", 12, 5, 0, 1, 1, NULL);
  g_autofree char *json = kiela_stats_to_json (stats, NULL);
  KielaStatsSummary s;
  g_autofree char *short_stones = NULL;
  static const struct { const char *member, *value; } bad[] = {
    { "max_plies", "4294967295" },     /* the CLI's histogram looped up to it */
    { "max_plies", "100000000" },
    { "min_plies", "100000" },
    { "games", "13" },
    { "south_wins", "0" },
    { "a_wins", "12" },
    { "plies", "1" },
    { "repetition_draws", "13" },
    { "ranges", "[0, 13]" },
    { "ranges", "[0, 6, 6, 12, 20, 21]" },
    { "n_games", "3" },
    { "lengths", "[1]" },
    { "reached", "[]" },
    { "variant", "\"kiela\\ud800x\"" },   /* json-glib decodes it into bytes that are not UTF-8 */
  };

  g_autoptr(GError) error = NULL;
  g_autoptr(KielaStats) back = kiela_stats_from_json (json, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (back);
  kiela_stats_get_summary (stats, &s);
  g_assert_cmpuint (s.games, ==, 12);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = with_member (json, bad[i].member, bad[i].value);
      g_autoptr(KielaStats) damaged = kiela_stats_from_json (text, -1, &error);

      if (damaged != NULL)
        g_error ("%s = %s was accepted", bad[i].member, bad[i].value);
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_clear_error (&error);
    }
  /* Statistics without games count nothing (fuzz-stats found these accepted). */
  {
    g_autoptr(KielaStats) none = kiela_stats_new ();
    g_autofree char *empty = kiela_stats_to_json (none, NULL);
    const char *members[] = { "draws", "north_wins", "plies", "captures", "ai_errors", "min_plies" };
    g_autoptr(KielaStats) empty_back = kiela_stats_from_json (empty, -1, &error);

    g_assert_no_error (error);
    g_assert_nonnull (empty_back);
    for (guint i = 0; i < G_N_ELEMENTS (members); i++)
      {
        g_autofree char *text = with_member (empty, members[i], "1");
        g_autoptr(KielaStats) damaged = kiela_stats_from_json (text, -1, &error);

        if (damaged != NULL)
          g_error ("%s = 1 without games was accepted", members[i]);
        g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
        g_clear_error (&error);
      }
  }
  /* "stones" one shorter than "reached": the mean of the last ply read past the array. */
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonArray *stones;
    g_autoptr(GString) list = g_string_new ("[");

    g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
    stones = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "stones");
    g_assert_cmpuint (json_array_get_length (stones), >, 1);
    for (guint i = 0; i + 1 < json_array_get_length (stones); i++)
      g_string_append_printf (list, "%s%" G_GINT64_FORMAT, i ? "," : "", json_array_get_int_element (stones, i));
    g_string_append (list, "]");
    short_stones = with_member (json, "stones", list->str);
    g_assert_null (kiela_stats_from_json (short_stones, -1, &error));
    g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "stones"));
    g_clear_error (&error);
  }
  /* A million "[": json-glib recurses once per level. */
  {
    gsize n = 1000000;
    g_autofree char *deep = g_malloc (n + 1);

    memset (deep, '[', n);
    deep[n] = '\0';
    g_assert_null (kiela_stats_from_json (deep, (gssize) n, &error));
    g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
    g_clear_error (&error);
  }
  /* An empty text, and members of the wrong kind: refused without a critical from json-glib's
   * getters (fatal in a test; fuzz-stats found both). */
  for (const char *const *t = (const char *const[]) {
         "", "{\"format\":[1]}",
         "{\"format\":\"kiela-stats\",\"version\":1,\"variant\":{},\"seed\":[],\"ai\":[\"a\",\"b\"]}", NULL };
       *t; t++)
    {
      g_assert_null (kiela_stats_from_json (*t, -1, &error));
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
      g_clear_error (&error);
    }
  /* json-glib decodes an escaped lone surrogate into bytes that are not UTF-8, and quotes them
   * when it then fails (fuzz-stats found it): the message is made valid. */
  g_assert_null (kiela_stats_from_json ("{\"format\":\"kiela-stats\",\"a\\ud800\":0,\"b\":1}", -1, &error));
  g_assert_nonnull (error);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_clear_error (&error);
  /* Bytes that are not UTF-8 are refused before json-glib quotes them in its message. */
  g_assert_null (kiela_stats_from_json ("{\"format\":\"kiela-stats\xff\"}", -1, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_clear_error (&error);
}

static void
test_parse_shard (void)
{
  guint k, n;
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_stats_parse_shard ("3/8", &k, &n, NULL));
  g_assert_cmpuint (k, ==, 2);
  g_assert_cmpuint (n, ==, 8);
  for (const char *const *bad = (const char *const[]) { "0/4", "5/4", "1/0", "a/4", "1/", "/4", "2", "1/4x", NULL }; *bad; bad++)
    {
      g_assert_false (kiela_stats_parse_shard (*bad, &k, &n, &error));
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
      g_clear_error (&error);
    }
}

/* With the same player on both sides, a colour-swapped pair would be one game twice: every
 * game gets its own seed, and all of them differ.  Two different players keep their pairs. */
static void
test_self_play_independent (void)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) pair_rows = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(KielaStats) self = run ("kiela", "random", "random", 40, 9, 0, 1, 2, rows);
  g_autoptr(KielaStats) pairs = run ("kiela", "random", "greedy", 40, 9, 0, 1, 2, pair_rows);
  g_autoptr(GHashTable) seeds = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) moves = g_hash_table_new (g_str_hash, g_str_equal);
  GStrv cells[40] = { NULL };
  KielaStatsSummary s;

  g_assert_true (kiela_stats_is_self_play (self));
  g_assert_false (kiela_stats_is_self_play (pairs));
  for (guint i = 0; i < rows->len; i++)
    {
      cells[i] = g_strsplit (g_ptr_array_index (rows, i), ",", -1);
      g_hash_table_add (seeds, cells[i][1]);
      g_hash_table_add (moves, cells[i][10]);
    }
  g_assert_cmpuint (g_hash_table_size (seeds), ==, 40);
  kiela_stats_get_summary (self, &s);
  g_assert_cmpuint (s.distinct_games, ==, g_hash_table_size (moves));
  for (guint i = 0; i < rows->len; i++)
    g_strfreev (cells[i]);
  g_assert_true (s.self_play);
  g_assert_true (s.distinct_known);
  g_assert_cmpuint (s.distinct_games, ==, g_hash_table_size (moves));
  g_assert_cmpuint (s.independent_games, ==, s.distinct_games);
  g_assert_true (isnan (s.a_score) && isnan (s.elo));

  /* Different players: games 2k and 2k+1 share their seed. */
  for (guint i = 0; i + 1 < pair_rows->len; i += 2)
    {
      g_auto(GStrv) a = g_strsplit (g_ptr_array_index (pair_rows, i), ",", -1);
      g_auto(GStrv) b = g_strsplit (g_ptr_array_index (pair_rows, i + 1), ",", -1);

      g_assert_cmpstr (a[1], ==, b[1]);
    }
  kiela_stats_get_summary (pairs, &s);
  g_assert_false (s.self_play);
  g_assert_false (isnan (s.a_score));
}

/* Distinct games: two games with the same moves count once, and the interval counts the
 * distinct games (here 5 of 10, so it is the interval of 5 games); A's score is wins plus half
 * the draws, its interval from the games' own variance, its Elo -400 log10 (1/p - 1). */
static void
test_distinct_and_score (void)
{
  g_autoptr(KielaStats) stats = kiela_stats_new ();
  KielaStatsSummary s;
  /* A wins 6 (3 distinct games twice), draws 2 (one game twice), loses 2 (one game twice). */
  static const char *const moves[] = { "g1", "g1", "h1", "h1", "i1", "i1", "f1", "f1", "e1", "e1" };
  gdouble scores[10], mean = 0, var = 0, half, z = 1.96, n = 5, p, d, centre;

  for (guint i = 0; i < 10; i++)
    {
      KielaStatsGame g = { .index = i, .reason = "no-moves", .plies = 10, .a_is_south = TRUE, .moves = moves[i] };

      g.status = i < 6 ? KIELA_STATUS_SOUTH_WINS : i < 8 ? KIELA_STATUS_DRAW : KIELA_STATUS_NORTH_WINS;
      g.reason = i >= 6 && i < 8 ? "repetition" : "no-moves";
      scores[i] = i < 6 ? 1.0 : i < 8 ? 0.5 : 0.0;
      mean += scores[i] / 10;
      kiela_stats_add_game (stats, &g, NULL);
    }
  for (guint i = 0; i < 10; i++)
    var += (scores[i] - mean) * (scores[i] - mean) / 9;
  half = 1.96 * sqrt (var / n);
  kiela_stats_get_summary (stats, &s);
  g_assert_true (s.distinct_known);
  g_assert_cmpuint (s.distinct_games, ==, 5);
  g_assert_cmpuint (s.independent_games, ==, 5);
  g_assert_cmpfloat_with_epsilon (s.a_score, 0.7, 1e-12);
  g_assert_cmpfloat_with_epsilon (s.a_score_low, 0.7 - half, 1e-12);
  g_assert_cmpfloat_with_epsilon (s.a_score_high, MIN (1.0, 0.7 + half), 1e-12);
  g_assert_cmpfloat_with_epsilon (s.elo, -400 * log10 (1 / 0.7 - 1), 1e-9);
  g_assert_cmpfloat (s.elo_low, <, s.elo);
  /* The first player's Wilson interval over 5 games, not 10: 6 of 10 is 0.6. */
  p = 0.6;
  d = 1 + z * z / n;
  centre = (p + z * z / (2 * n)) / d;
  g_assert_cmpfloat_with_epsilon (s.first_player_low, centre - z * sqrt (p * (1 - p) / n + z * z / (4 * n * n)) / d, 1e-12);

  /* A merge with a disjoint part that repeats one of these games. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaStats) back = kiela_stats_new ();
    g_autoptr(KielaStats) more = kiela_stats_new ();
    KielaStatsGame g = { .index = 10, .status = KIELA_STATUS_SOUTH_WINS, .reason = "no-moves", .plies = 10,
                         .a_is_south = TRUE, .moves = "g1" };
    KielaStatsGame h = { .index = 11, .status = KIELA_STATUS_SOUTH_WINS, .reason = "no-moves", .plies = 10,
                         .a_is_south = TRUE, .moves = "d1" };
    KielaStatsSummary m;

    g_assert_true (kiela_stats_merge (back, stats, &error));
    kiela_stats_get_summary (back, &m);
    g_assert_cmpuint (m.distinct_games, ==, 5);
    kiela_stats_add_game (more, &g, NULL);
    kiela_stats_add_game (more, &h, NULL);
    g_assert_true (kiela_stats_merge (back, more, &error));
    g_assert_no_error (error);
    kiela_stats_get_summary (back, &m);
    g_assert_cmpuint (m.games, ==, 12);
    g_assert_cmpuint (m.distinct_games, ==, 6);
  }
  /* A part without moves (a file from before game hashes): the count is not known. */
  {
    g_autoptr(KielaStats) old = kiela_stats_new ();
    KielaStatsGame g = { .index = 20, .status = KIELA_STATUS_DRAW, .reason = "repetition", .plies = 10 };
    g_autoptr(GError) error = NULL;

    kiela_stats_add_game (old, &g, NULL);
    g_assert_true (kiela_stats_merge (stats, old, &error));
    kiela_stats_get_summary (stats, &s);
    g_assert_false (s.distinct_known);
    g_assert_cmpuint (s.independent_games, ==, 11);
  }
}

/* The leader's margin per ply is |South's stones - North's| on the replayed boards; in Kiela
 * the captured stones stay in play, so the stones never vary and the plot shows the margin. */
static void
test_margins (void)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(KielaStats) stats = run ("kiela", "greedy", "random", 6, 4, 0, 1, 1, rows);
  g_autoptr(KielaStats) removed = run ("mefuvha", "greedy", "random", 6, 4, 0, 1, 1, NULL);
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(GArray) sum = g_array_new (FALSE, TRUE, sizeof (gdouble));
  g_autoptr(GArray) reached = g_array_new (FALSE, TRUE, sizeof (guint));

  g_assert_false (kiela_stats_stones_vary (stats));
  g_assert_true (kiela_stats_stones_vary (removed));
  for (guint i = 0; i < rows->len; i++)
    {
      g_auto(GStrv) cells = g_strsplit (g_ptr_array_index (rows, i), ",", -1);
      g_auto(GStrv) moves = g_strsplit (cells[10], " ", -1);
      g_autoptr(KielaGame) game = kiela_game_new (v);
      guint ply = 0;

      for (;; ply++)
        {
          const KielaPosition *pos = kiela_game_get_position (game);
          gint d = (gint) kiela_position_side_total (pos, KIELA_SOUTH) - (gint) kiela_position_side_total (pos, KIELA_NORTH);
          g_autoptr(GError) error = NULL;

          if (sum->len <= ply)
            {
              g_array_set_size (sum, ply + 1);
              g_array_set_size (reached, ply + 1);
            }
          g_array_index (sum, gdouble, ply) += ABS (d);
          g_array_index (reached, guint, ply) += 1;
          if (moves[ply] == NULL || *moves[ply] == '\0')
            break;
          g_assert_true (kiela_game_play_square (game, moves[ply], NULL, &error));
          g_assert_no_error (error);
        }
    }
  for (guint ply = 0; ply < sum->len; ply++)
    g_assert_cmpfloat_with_epsilon (kiela_stats_get_mean_margin (stats, ply),
                                    g_array_index (sum, gdouble, ply) / g_array_index (reached, guint, ply), 1e-9);
  g_assert_cmpfloat (kiela_stats_get_mean_margin (stats, sum->len + 5), ==, -1.0);
  /* Kept through JSON; a margin above the stones at that ply is a damaged file. */
  {
    g_autofree char *json = kiela_stats_to_json (stats, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaStats) back = kiela_stats_from_json (json, -1, &error);
    g_autofree char *bad = NULL;

    g_assert_no_error (error);
    g_assert_cmpfloat (kiela_stats_get_mean_margin (back, 1), ==, kiela_stats_get_mean_margin (stats, 1));
    {
      KielaStatsSummary x, y;

      kiela_stats_get_summary (stats, &x);
      kiela_stats_get_summary (back, &y);
      g_assert_true (y.distinct_known);
      g_assert_cmpuint (y.distinct_games, ==, x.distinct_games);
      g_assert_cmpfloat (y.a_score, ==, x.a_score);
    }
    bad = with_member (json, "margins", "[999999]");
    g_assert_null (kiela_stats_from_json (bad, -1, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "margins"));
  }
}

/* Damaged hashes of distinct games are refused with the member named; a file without them
 * (an older Kiela) loads, its distinct games not known. */
static void
test_damaged_hashes (void)
{
  g_autoptr(KielaStats) stats = run ("kiela", "random", "greedy", 8, 5, 0, 1, 1, NULL);
  g_autofree char *json = kiela_stats_to_json (stats, NULL);
  static const char *const bad[][2] = {
    { "game_hashes", "\"not base64!\"" },
    { "game_hashes", "\"AAAA\"" },                       /* 3 bytes: not whole words */
    { "game_hashes", "\"AQAAAAAAAAABAAAAAAAAAA==\"" },   /* the same hash twice: not rising */
    { "game_hashes", "17" },
    { "hashed_games", "9999" },
    { "self_play", "\"yes\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = with_member (json, bad[i][0], bad[i][1]);
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaStats) back = kiela_stats_from_json (text, -1, &error);

      g_assert_null (back);
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, bad[i][0]));
    }
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(JsonGenerator) gen = json_generator_new ();
    g_autofree char *old = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaStats) back = NULL;
    JsonObject *o;
    KielaStatsSummary s;

    g_assert_true (json_parser_load_from_data (parser, json, -1, NULL));
    o = json_node_get_object (json_parser_get_root (parser));
    json_object_remove_member (o, "game_hashes");
    json_object_remove_member (o, "hashed_games");
    json_object_remove_member (o, "self_play");
    json_object_remove_member (o, "margins");
    json_generator_set_root (gen, json_parser_get_root (parser));
    old = json_generator_to_data (gen, NULL);
    back = kiela_stats_from_json (old, -1, &error);
    g_assert_no_error (error);
    kiela_stats_get_summary (back, &s);
    g_assert_false (s.distinct_known);
    g_assert_cmpuint (s.independent_games, ==, 8);
    g_assert_false (s.self_play);
    g_assert_cmpfloat (kiela_stats_get_mean_margin (back, 0), ==, -1.0);
  }
}

/* The command line: shards written with --json and merged print the single run's figures. */
static void
test_cli_merge (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-stats-XXXXXX", NULL);
  g_autofree char *one_out = NULL, *merged_out = NULL, *err = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  int status;

  for (guint k = 1; k <= 4; k++)
    {
      g_autofree char *shard = g_strdup_printf ("%u/4", k);
      char *path = g_strdup_printf ("%s/s%u.json", dir, k);
      const char *argv[] = { KIELA_TEST_CLI, "stats", "--variant", "hus", "--ai", "random", "--ai", "greedy",
                             "--games", "50", "--seed", "3", "--shard", shard, "--json", path, NULL };

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                                   &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_ptr_array_add (files, path);
    }
  {
    const char *argv[] = { KIELA_TEST_CLI, "stats", "--variant", "hus", "--ai", "random", "--ai", "greedy",
                           "--games", "50", "--seed", "3", "--jobs", "2", NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &one_out, NULL, &status, NULL));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  {
    const char *argv[] = { KIELA_TEST_CLI, "stats", "merge", g_ptr_array_index (files, 0), g_ptr_array_index (files, 1),
                           g_ptr_array_index (files, 2), g_ptr_array_index (files, 3), NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &merged_out, &err, &status, NULL));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  g_assert_nonnull (strstr (one_out, "First player (South) wins"));
  /* Two different players: A's score and the Elo difference; the distinct games counted. */
  g_assert_nonnull (strstr (one_out, "Score of random (A): "));
  g_assert_nonnull (strstr (one_out, "Elo difference "));
  g_assert_nonnull (strstr (one_out, "Distinct games: "));
  /* Hus never removes stones: the stones in play never change, the leader's margin does. */
  g_assert_nonnull (strstr (one_out, "Leader’s margin"));
  {
    const char *argv[] = { KIELA_TEST_CLI, "stats", "--ai", "random", "--ai", "random", "--games", "30", "--seed", "3",
                           "-q", NULL };
    g_autofree char *out = NULL;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, NULL, &status, NULL));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    /* Self-play: no score of A, and 30 games are 30 distinct games, not 15 twice. */
    g_assert_null (strstr (out, "Score of"));
    g_assert_nonnull (strstr (out, "Self-play"));
    g_assert_nonnull (strstr (out, "Distinct games: 30 of 30"));
  }
  /* A clock would make the games depend on the machine: refused as a usage error. */
  {
    const char *argv[] = { KIELA_TEST_CLI, "stats", "--variant", "hus", "--ai", "random", "--ai", "greedy",
                           "--time-ms", "100", NULL };
    g_autofree char *out = NULL, *err2 = NULL;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, &out, &err2, &status, NULL));
    g_assert_cmpint (WEXITSTATUS (status), ==, 1);
    g_assert_cmpstr (out, ==, "");
    g_assert_nonnull (strstr (err2, "--nodes"));
  }
  g_assert_cmpstr (merged_out, ==, one_out);
  for (guint i = 0; i < files->len; i++)
    g_assert_cmpint (g_remove (g_ptr_array_index (files, i)), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  int status;

  registry = test_init (&argc, &argv);
  {
    g_autofree char *ai = g_build_filename (KIELA_TEST_BUILD_ROOT, "plugins", "ai", NULL);
    kiela_registry_load_dir (registry, ai);
    g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
    kiela_registry_load_variant_files (registry);
    kiela_registry_finish_loading (registry);
  }
  g_test_add_func ("/stats/figures-from-csv", test_figures_from_csv);
  g_test_add_func ("/stats/wilson-known", test_wilson_known);
  g_test_add_func ("/stats/shards-merge", test_shards_merge);
  g_test_add_func ("/stats/merge-refusals", test_merge_refusals);
  g_test_add_func ("/stats/damaged-files", test_damaged_files);
  g_test_add_func ("/stats/parse-shard", test_parse_shard);
  g_test_add_func ("/stats/cli-merge", test_cli_merge);
  g_test_add_func ("/stats/self-play-independent", test_self_play_independent);
  g_test_add_func ("/stats/distinct-and-score", test_distinct_and_score);
  g_test_add_func ("/stats/margins", test_margins);
  g_test_add_func ("/stats/damaged-hashes", test_damaged_hashes);
  status = g_test_run ();
  kiela_registry_free (registry);
  return status;
}
