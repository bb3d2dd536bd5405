/* test-session-cache.c: the computer's memory for the game in a session (KielaAiCache, as
 * kiela-cli tournament gives each player): one cache a computer side, kept from move to move,
 * dropped with the game and the session, and never in two searches at once, even when an undo
 * cancels a search that is still running and a new one starts. */
#include "config.h"

#include "kiela-game-session-private.h"
#include "app-test-util.h"
#include "app-test-session.h"

/* ---------- a probe player ---------- */

/* It plays the first legal move and counts its searches in its cache: the count a search sees
 * is 1 in a new cache and one more in each later search with the same cache.  Held searches
 * wait inside think() until the test releases them (cancelled or not: a search winding down
 * after an undo), so that two can be running at once. */
static GMutex probe_lock;
static GCond probe_cond;
typedef struct {
  gpointer cache;     /* its request->cache */
  guint64 count;      /* the count it saw */
  KielaSide side;     /* the side it moved for */
} ProbeSearch;
static GArray *probe_searches;    /* ProbeSearch: every search, in the order they started */
static guint probe_released;      /* searches 0 .. probe_released - 1 may answer */
static guint probe_finished;

static gboolean
probe_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (request->variant, &request->position, moves, NULL, NULL);
  guint64 *count = NULL;
  guint64 seen = 0;
  ProbeSearch search = { request->cache, 0, (KielaSide) request->position.to_move };
  guint index;

  g_mutex_lock (&probe_lock);
  index = probe_searches->len;
  g_array_append_val (probe_searches, search);
  g_cond_broadcast (&probe_cond);
  while (index >= probe_released)
    g_cond_wait (&probe_cond, &probe_lock);
  g_mutex_unlock (&probe_lock);

  /* Written outside the lock, as a real table is: a cache shared by two running searches is a
   * data race for the sanitizers, and kiela_ai_think() says so (a critical) before that. */
  if (request->cache != NULL)
    {
      count = kiela_ai_cache_get (request->cache, "probe-count", sizeof *count, NULL);
      seen = ++*count;
    }

  g_mutex_lock (&probe_lock);
  g_array_index (probe_searches, ProbeSearch, index).count = seen;
  probe_finished++;
  g_cond_broadcast (&probe_cond);
  g_mutex_unlock (&probe_lock);

  if (n == 0)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, "no legal move");
      return FALSE;
    }
  reply->move = moves[0];
  reply->nodes = seen;
  return TRUE;
}

static const KielaAiAlgorithm probe_algorithm = {
  .id = "test-cache-probe", .name = "Cache probe", .think = probe_think,
};

static const KielaPersonality probe_personality = {
  .id = "test-cache-probe-player", .name = "Probe", .level = 1, .algorithm = "test-cache-probe",
  .settings = "",
};

static const KielaPluginInfo probe_info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .id = "test-session-cache",
  .name = "Test player",
  .version = "0",
  .description = "A player that counts its searches in its cache",
  .license = "GPL-3.0-or-later",
};

static gboolean
register_probe (KielaRegistry *registry, GError **error)
{
  return kiela_registry_add_ai_algorithm (registry, &probe_algorithm, error)
         && kiela_registry_add_personality (registry, &probe_personality, error);
}

static void
probe_setup (Fixture *f, gconstpointer data)
{
  fixture_setup (f, data);
  kiela_registry_load_static (f->registry, &probe_info, register_probe);
  kiela_registry_finish_loading (f->registry);
  g_assert_nonnull (kiela_registry_lookup_personality (f->registry, probe_personality.id));
  probe_searches = g_array_new (FALSE, TRUE, sizeof (ProbeSearch));
  probe_released = G_MAXUINT;
  probe_finished = 0;
}

static void
probe_teardown (Fixture *f, gconstpointer data)
{
  fixture_teardown (f, data);
  g_clear_pointer (&probe_searches, g_array_unref);
}

static guint
probe_started (void)
{
  guint n;

  g_mutex_lock (&probe_lock);
  n = probe_searches->len;
  g_mutex_unlock (&probe_lock);
  return n;
}

/* What search number `search` saw (its count once it has answered). */
static ProbeSearch
probe_search (guint search)
{
  ProbeSearch found;

  g_mutex_lock (&probe_lock);
  g_assert_cmpuint (search, <, probe_searches->len);
  found = g_array_index (probe_searches, ProbeSearch, search);
  g_mutex_unlock (&probe_lock);
  return found;
}

static void
probe_release (guint n_searches)
{
  g_mutex_lock (&probe_lock);
  probe_released = n_searches;
  g_cond_broadcast (&probe_cond);
  g_mutex_unlock (&probe_lock);
}

static guint wanted_starts;

static gboolean
searches_started (gpointer data)
{
  return probe_started () >= wanted_starts;
}

static void
wait_started (guint n)
{
  wanted_starts = n;
  wait_until (searches_started, NULL, 30000, "the computer's search to start");
}

static guint
probe_n_finished (void)
{
  guint n;

  g_mutex_lock (&probe_lock);
  n = probe_finished;
  g_mutex_unlock (&probe_lock);
  return n;
}

static gboolean
two_finished (gpointer data)
{
  return probe_n_finished () >= 2;
}

/* At most one search of the session holds a cache. */
static gboolean
one_search_left (gpointer data)
{
  Fixture *f = data;

  return f->session->ai_cache_searches <= 1;
}

/* No search of the session holds a cache any more: every callback has run. */
static gboolean
searches_ended (gpointer data)
{
  Fixture *f = data;

  return f->session->ai_cache_searches == 0;
}

static gboolean
four_moves (gpointer data)
{
  return moves_played (data, 4);
}

static void
new_game_against_probe (Fixture *f)
{
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL,
                               &probe_personality);
  g_assert_true (kiela_game_session_get_player (f->session, KIELA_NORTH) == &probe_personality);
}

/* ---------- tests ---------- */

/* The computer's second search of a game uses its first one's cache; a new game, other players
 * and another variant each start with a new one. */
static void
test_kept_for_the_game (Fixture *f, gconstpointer data)
{
  KielaAiCache *cache;

  new_game_against_probe (f);
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);
  play_first_legal (f);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
  /* The search holds the cache: the session has none to give another search meanwhile. */
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);
  g_assert_cmpuint (f->session->ai_cache_searches, ==, 1);
  wait_until (two_moves, f, 30000, "the computer's reply");
  cache = f->session->ai_cache[KIELA_NORTH];
  g_assert_nonnull (cache);
  g_assert_true (probe_search (0).cache == cache);
  g_assert_cmpuint (probe_search (0).count, ==, 1);
  g_assert_null (f->session->ai_cache[KIELA_SOUTH]);

  play_first_legal (f);
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);
  wait_until (four_moves, f, 30000, "the computer's second reply");
  g_assert_true (probe_search (1).cache == cache);
  g_assert_cmpuint (probe_search (1).count, ==, 2);
  g_assert_true (f->session->ai_cache[KIELA_NORTH] == cache);

  /* A new game (the same players): a new cache.  Counts, not addresses: a freed cache's
   * address may come back. */
  new_game_against_probe (f);
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);
  play_first_legal (f);
  wait_until (two_moves, f, 30000, "the computer's reply in the new game");
  g_assert_cmpuint (probe_search (2).count, ==, 1);

  /* Another variant, the probe on the other side. */
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela-beginner"),
                               &probe_personality, NULL);
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);
  wait_until (one_move, f, 30000, "the computer's first move in the other variant");
  g_assert_cmpuint (probe_search (3).count, ==, 1);
  g_assert_nonnull (f->session->ai_cache[KIELA_SOUTH]);
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);

  /* Another opponent: the probe's cache goes with it. */
  kiela_game_session_new_game (f->session, NULL, NULL, personality (f, FALSE));
  g_assert_null (f->session->ai_cache[KIELA_SOUTH]);
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);
}

/* Two computers: a cache each, each kept for its own side's moves. */
static void
test_one_cache_a_side (Fixture *f, gconstpointer data)
{
  probe_release (4);
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"),
                               &probe_personality, &probe_personality);
  wait_started (5);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 4);
  /* Undo pauses them; the fifth search (South's, held) is cancelled and gives its cache back. */
  g_assert_true (kiela_game_session_undo (f->session));
  probe_release (G_MAXUINT);
  wait_until (searches_ended, f, 30000, "the searches to end");
  g_assert_nonnull (f->session->ai_cache[KIELA_SOUTH]);
  g_assert_nonnull (f->session->ai_cache[KIELA_NORTH]);
  g_assert_true (f->session->ai_cache[KIELA_SOUTH] != f->session->ai_cache[KIELA_NORTH]);
  /* Each search had its side's cache, and counted in it: 1, 2, 3 for a side's moves. */
  for (guint i = 0, n[2] = { 0, 0 }; i < 5; i++)
    {
      KielaSide side = probe_search (i).side;

      g_assert_true (probe_search (i).cache == f->session->ai_cache[side]);
      g_assert_cmpuint (probe_search (i).count, ==, ++n[side]);
    }
}

/* An undo cancels the computer's search, which goes on inside the worker a while; the search
 * that starts after the next move must not share its cache.  The cancelled one gives its cache
 * back when it ends, and the game goes on with it. */
static void
test_undo_while_searching (Fixture *f, gconstpointer data)
{
  KielaAiCache *cache, *other;

  probe_release (0);
  new_game_against_probe (f);
  play_first_legal (f);
  wait_started (1);
  probe_release (1);
  wait_until (two_moves, f, 30000, "the computer's reply");
  cache = f->session->ai_cache[KIELA_NORTH];
  g_assert_nonnull (cache);

  /* The second search holds the cache; the undo cancels it, but it goes on (held). */
  play_first_legal (f);
  wait_started (2);
  g_assert_true (probe_search (1).cache == cache);
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);
  g_assert_true (kiela_game_session_undo (f->session));
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 2);
  g_assert_cmpuint (f->session->ai_cache_searches, ==, 1);

  /* The next move's search: a cache of its own, while the first is still held. */
  play_first_legal (f);
  wait_started (3);
  other = probe_search (2).cache;
  g_assert_nonnull (other);
  g_assert_true (other != cache);
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);
  g_assert_cmpuint (f->session->ai_cache_searches, ==, 2);

  /* The cancelled search ends: its cache comes back to the session, its move does not land. */
  probe_release (2);
  wait_until (one_search_left, f, 30000, "the cancelled search to end");
  g_assert_true (f->session->ai_cache[KIELA_NORTH] == cache);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 3);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));

  /* The new search answers; its own cache is freed (the session has one) and the game's
   * cache, counted twice, serves the next move. */
  probe_release (G_MAXUINT);
  wait_until (four_moves, f, 30000, "the reply after the undo");
  g_assert_cmpuint (probe_search (1).count, ==, 2);
  g_assert_cmpuint (probe_search (2).count, ==, 1);
  g_assert_true (f->session->ai_cache[KIELA_NORTH] == cache);
  play_first_legal (f);
  wait_until (searches_ended, f, 30000, "the next reply");
  g_assert_cmpuint (probe_search (3).count, ==, 3);
}

/* A new game while the computer searches: its cache, from the other game, is freed when the
 * search ends, not given back.  Disposing the session while a search runs is safe too. */
static void
test_dropped_while_searching (Fixture *f, gconstpointer data)
{
  probe_release (0);
  new_game_against_probe (f);
  play_first_legal (f);
  wait_started (1);
  new_game_against_probe (f);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  g_assert_cmpuint (f->session->ai_cache_searches, ==, 1);
  probe_release (1);
  wait_until (searches_ended, f, 30000, "the cancelled search to end");
  g_assert_null (f->session->ai_cache[KIELA_NORTH]);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 0);

  play_first_legal (f);
  wait_started (2);
  g_clear_object (&f->session);
  probe_release (G_MAXUINT);
  wait_until (two_finished, NULL, 30000, "the last search to end");
  /* The callback after the worker: it finds no session and frees the cache (ASan: no leak,
   * no use after free). */
  spin (200);
  g_assert_cmpuint (probe_search (1).count, ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD_PROBE(path, fn) g_test_add (path, Fixture, NULL, probe_setup, fn, probe_teardown)
  ADD_PROBE ("/app/session-cache/kept-for-the-game", test_kept_for_the_game);
  ADD_PROBE ("/app/session-cache/one-cache-a-side", test_one_cache_a_side);
  ADD_PROBE ("/app/session-cache/undo-while-searching", test_undo_while_searching);
  ADD_PROBE ("/app/session-cache/dropped-while-searching", test_dropped_while_searching);

  return g_test_run ();
}
