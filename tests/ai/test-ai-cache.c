/* test-ai-cache.c: alpha-beta's transposition table kept in the host's KielaAiCache from one
 * search to the next: reused, cleared for other settings, and warm through a match's games. */
#include "config.h"

#include <gio/gio.h>

#include "kiela.h"
#include "ai-test-common.h"
#include "tests/test-plugin-util.h"

static KielaRegistry *registry;

/* 12 plies into a game between the master and the expert (scripts/ai-strength.sh's). */
#define MIDGAME "1,0,1,1,0,2,2,1,0,4/5,0,1,1,4,0,3,0,3,3/1,3,3,4,1,0,2,0,0,0/1,0,0,5,0,2,0,1,1,0 s"

/* Searches MIDGAME with `spec`, `seed` and `cache` (may be NULL); the answer is checked legal. */
static KielaAiReply
search (const char *spec, guint64 seed, KielaAiCache *cache)
{
  const KielaVariant *v = test_variant (registry, "kiela");
  KielaPosition pos = ai_test_parse (MIDGAME);
  KielaAiRequest request = ai_test_request (v, &pos, seed);
  g_autoptr(KielaAiConfig) config = ai_test_config (registry, spec, NULL);
  g_autoptr(GError) error = NULL;
  KielaAiReply reply = { 0 };

  request.cache = cache;
  g_assert_true (kiela_ai_config_think (config, &request, &reply, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (reply.depth, >, 0);
  return reply;
}

/* The second search of a position finds the first one's table: fewer nodes, the same answer. */
static void
test_cache_reused (void)
{
  const char *spec = "alphabeta depth=7 noise=0";
  g_autoptr(KielaAiCache) cache = kiela_ai_cache_new ();
  KielaAiReply cold = search (spec, 1, NULL);
  KielaAiReply first = search (spec, 1, cache);
  KielaAiReply second = search (spec, 1, cache);

  /* A new cache's table is a fresh one of the same size: the very same search. */
  g_assert_cmpint (first.move, ==, cold.move);
  g_assert_cmpint (first.score, ==, cold.score);
  g_assert_cmpuint (first.nodes, ==, cold.nodes);
  /* Warm: the depth-7 scores are in the table already. */
  g_assert_cmpuint (second.nodes, <, first.nodes / 2);
  g_assert_cmpint (second.move, ==, first.move);
  g_assert_cmpint (second.score, ==, first.score);
  g_assert_cmpuint (second.depth, ==, first.depth);
}

/* Scores depend on the evaluation's settings: a table of other settings is not reused, and
 * tt-warm=0 leaves the cache alone. */
static void
test_cache_keyed_on_settings (void)
{
  g_autoptr(KielaAiCache) cache = kiela_ai_cache_new ();
  KielaAiReply other_cold = search ("alphabeta depth=6 noise=0 w-mobility=30", 1, NULL);
  KielaAiReply other, off, back;

  search ("alphabeta depth=6 noise=0", 1, cache);
  other = search ("alphabeta depth=6 noise=0 w-mobility=30", 1, cache);
  g_assert_cmpuint (other.nodes, ==, other_cold.nodes);
  g_assert_cmpint (other.score, ==, other_cold.score);
  g_assert_cmpint (other.move, ==, other_cold.move);

  /* tt-warm=0: a fresh table of its own, the cache's kept for the next search. */
  off = search ("alphabeta depth=6 noise=0 w-mobility=30 tt-warm=0", 1, cache);
  g_assert_cmpuint (off.nodes, ==, other_cold.nodes);
  back = search ("alphabeta depth=6 noise=0 w-mobility=30", 1, cache);
  g_assert_cmpuint (back.nodes, <, other_cold.nodes / 2);
  g_assert_cmpint (back.score, ==, other_cold.score);
}

/* With noise, the jitter keeps the first search's seed while the table lasts: a later search
 * with another seed (a host seeds each move) answers as the first did and reuses its table. */
static void
test_cache_noise_seed (void)
{
  const char *spec = "alphabeta depth=6 noise=20";
  g_autoptr(KielaAiCache) cache = kiela_ai_cache_new ();
  KielaAiReply cold1 = search (spec, 1, NULL);
  KielaAiReply first = search (spec, 1, cache);
  KielaAiReply second = search (spec, 99, cache);

  g_assert_cmpuint (first.nodes, ==, cold1.nodes);
  g_assert_cmpuint (second.nodes, <, cold1.nodes / 2);
  g_assert_cmpint (second.move, ==, cold1.move);
  g_assert_cmpint (second.score, ==, cold1.score);
}

/* A test player that counts its moves in its cache (replying the count as its nodes) and plays
 * the first legal move: without a cache, or with a new one each move, every count is 1. */
static gboolean
counting_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (request->variant, &request->position, moves, NULL, NULL);
  guint64 *count;

  if (n == 0)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, "no legal move");
      return FALSE;
    }
  count = request->cache ? kiela_ai_cache_get (request->cache, "test-count", sizeof *count, NULL) : NULL;
  reply->move = moves[0];
  reply->nodes = count ? ++*count : 1;
  return TRUE;
}

static const KielaAiAlgorithm test_algorithms[];

/* A host's bug: a search handing its cache to another search while it still uses it (as two
 * threads sharing one would). */
static gboolean
sharing_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  return kiela_ai_think (&test_algorithms[0], request, reply, error);
}

static const KielaAiAlgorithm test_algorithms[] = {
  { .id = "test-counting", .name = "Counting", .think = counting_think },
  { .id = "test-sharing", .name = "Sharing", .think = sharing_think },
};

static const KielaPluginInfo test_info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .id = "test-cache-algorithms",
  .name = "Test algorithms",
  .version = "0",
  .description = "A player that counts its moves in its cache",
  .license = "GPL-3.0-or-later",
};

static gboolean
register_test_algorithms (KielaRegistry *r, GError **error)
{
  return kiela_registry_add_ai_algorithm (r, &test_algorithms[0], error)
         && kiela_registry_add_ai_algorithm (r, &test_algorithms[1], error);
}

/* kiela_ai_think() counts the searches using a cache: one after another is fine, two at
 * once is a critical naming the algorithm (a host's bug, which would tear the tables). */
static void
test_cache_one_search_at_a_time (void)
{
  const KielaVariant *v = test_variant (registry, "kiela");
  KielaPosition pos = ai_test_parse (MIDGAME);
  KielaAiRequest request = ai_test_request (v, &pos, 1);
  g_autoptr(KielaAiCache) cache = kiela_ai_cache_new ();
  KielaAiReply reply = { 0 };

  request.cache = cache;
  if (g_test_subprocess ())
    {
      kiela_ai_think (&test_algorithms[1], &request, &reply, NULL);
      return;
    }
  for (guint i = 1; i <= 3; i++)
    {
      g_assert_true (kiela_ai_think (&test_algorithms[0], &request, &reply, NULL));
      g_assert_cmpuint (reply.nodes, ==, i);
    }
  /* Without a cache, nesting is nothing to say. */
  request.cache = NULL;
  g_assert_true (kiela_ai_think (&test_algorithms[1], &request, &reply, NULL));
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*Two searches use one KielaAiCache at once*test-counting*");
}

/* kiela_match gives each player one cache for the whole game, a new one for each game: the
 * counts of a player's k moves in a game sum to k (k + 1) / 2. */
static void
test_match_cache_per_game (void)
{
  const KielaVariant *v = test_variant (registry, "kiela");
  g_autoptr(KielaAiConfig) a = ai_test_config (registry, "test-counting", NULL);
  g_autoptr(KielaAiConfig) b = ai_test_config (registry, "greedy", NULL);
  g_autoptr(KielaMatch) m = kiela_match_new (v, a, b, 4, 5);
  g_autoptr(GError) error = NULL;

  kiela_match_set_opening_plies (m, 2);
  kiela_match_set_jobs (m, 2);
  g_assert_true (kiela_match_run (m, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      const KielaMatchGame *g = kiela_match_get_game (m, i);
      guint64 k = g->n_moves[0];

      g_assert_true (g->played);
      g_assert_false (g->ai_error);
      g_assert_cmpuint (k, >, 1);
      g_assert_cmpuint (g->nodes[0], ==, k * (k + 1) / 2);
    }
}

/* The master in a match with its table kept: every game played out, no AI error, and the
 * warm table is what it searches with (fewer nodes a move at a fixed depth than tt-warm=0
 * would need is not asserted: at a fixed depth the gain is small; see docs/performance.md). */
static void
test_match_master_warm (void)
{
  const KielaVariant *v = test_variant (registry, "kiela");
  g_autoptr(KielaAiConfig) a = ai_test_config (registry, "mpanzu", "depth=5 noise=0");
  g_autoptr(KielaAiConfig) b = ai_test_config (registry, "mpanzu", "depth=3 noise=9 tt-warm=0");
  g_autoptr(KielaMatch) m = kiela_match_new (v, a, b, 4, 5);
  g_autoptr(GError) error = NULL;

  kiela_match_set_opening_plies (m, 2);
  kiela_match_set_jobs (m, 2);
  g_assert_true (kiela_match_run (m, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      const KielaMatchGame *g = kiela_match_get_game (m, i);

      g_assert_true (g->played);
      g_assert_false (g->ai_error);
      g_assert_cmpuint (g->n_moves[0], >, 0);
      g_assert_cmpuint (g->depth_sum[0], >=, g->n_moves[0]);
    }
}

int
main (int argc, char **argv)
{
  int status;

  registry = ai_test_init (&argc, &argv);
  kiela_registry_load_static (registry, &test_info, register_test_algorithms);
  kiela_registry_finish_loading (registry);

  g_test_add_func ("/ai-cache/reused", test_cache_reused);
  g_test_add_func ("/ai-cache/keyed-on-settings", test_cache_keyed_on_settings);
  g_test_add_func ("/ai-cache/noise-seed", test_cache_noise_seed);
  g_test_add_func ("/ai-cache/one-search-at-a-time", test_cache_one_search_at_a_time);
  g_test_add_func ("/ai-cache/match-per-game", test_match_cache_per_game);
  g_test_add_func ("/ai-cache/match-master", test_match_master_warm);
  status = g_test_run ();
  kiela_registry_free (registry);
  return status;
}
