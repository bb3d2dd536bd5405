/* test-match.c: the host side of the AI in core: checked answers (kiela_ai_think), KielaAiConfig
 * (sync, async, cancel), every personality's finite limits, and KielaMatch's games and statistics. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gio/gio.h>

#include "kiela.h"
#include "ai-test-common.h"
#include "tests/test-plugin-util.h"

static KielaRegistry *registry;

/* ---- test algorithms, registered as a built-in module ---- */

/* The legal moves, or an error when there is none (as the real algorithms answer). */
static guint
legal_or_fail (const KielaAiRequest *request, KielaMove moves[KIELA_MAX_MOVES], GError **error)
{
  guint n = kiela_legal_moves (request->variant, &request->position, moves, NULL, NULL);

  if (n == 0)
    g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, "no legal move");
  return n;
}

/* Always the first legal move (deterministic, instant). */
static gboolean
first_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = legal_or_fail (request, moves, error);

  if (n == 0)
    return FALSE;
  reply->move = moves[0];
  reply->nodes = n;
  reply->depth = 1;
  return TRUE;
}

/* Always the last legal move. */
static gboolean
last_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = legal_or_fail (request, moves, error);

  if (n == 0)
    return FALSE;
  reply->move = moves[n - 1];
  return TRUE;
}

/* Fails without saying why: the host must still give a message naming it. */
static gboolean
silent_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  return FALSE;
}

/* Waits for the cancellable (bounded, so a broken test cannot hang), then plays the first move. */
static gboolean
slow_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  for (guint i = 0; i < 2000 && !g_cancellable_is_cancelled (request->cancellable); i++)
    g_usleep (1000);
  return first_think (request, reply, error);
}

static const KielaAiAlgorithm test_algorithms[] = {
  { .id = "test-first", .name = "First", .think = first_think },
  { .id = "test-last", .name = "Last", .think = last_think },
  { .id = "test-silent", .name = "Silent", .think = silent_think },
  { .id = "test-slow", .name = "Slow", .think = slow_think },
};

static const KielaPluginInfo test_info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .id = "test-match-algorithms",
  .name = "Test algorithms",
  .version = "0",
  .description = "Deterministic players for the match tests",
  .license = "GPL-3.0-or-later",
};

static gboolean
register_test_algorithms (KielaRegistry *r, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (test_algorithms); i++)
    if (!kiela_registry_add_ai_algorithm (r, &test_algorithms[i], error))
      return FALSE;
  return TRUE;
}

static const KielaVariant *
variant (const char *id)
{
  return test_variant (registry, id);
}

static KielaAiConfig *
config (const char *spec, guint64 max_nodes)
{
  g_autoptr(GError) error = NULL;
  KielaAiConfig *c = kiela_ai_config_new (registry, spec, max_nodes, &error);

  g_assert_no_error (error);
  g_assert_nonnull (c);
  return c;
}

static void
start_request (KielaAiRequest *request, const char *variant_id)
{
  memset (request, 0, sizeof *request);
  request->variant = variant (variant_id);
  kiela_position_init_start (&request->position, request->variant);
}

/* ---- kiela_ai_think checks the plugin's answer ---- */

static void
test_think_refuses_off_board (void)
{
  g_autoptr(KielaAiConfig) liar = config ("liar", 0);
  KielaAiRequest request;
  KielaAiReply reply = { .move = 5 };
  g_autoptr(GError) error = NULL;

  start_request (&request, "kiela");
  g_assert_false (kiela_ai_config_think (liar, &request, &reply, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN);
  g_assert_nonnull (strstr (error->message, "“off-board”"));
  g_assert_nonnull (strstr (error->message, "77"));
  /* The reply is written only on success. */
  g_assert_cmpint (reply.move, ==, 5);
}

static void
test_think_refuses_illegal_house (void)
{
  g_autoptr(KielaAiConfig) ai = config ("empty-house", 0);
  KielaAiRequest request;
  KielaAiReply reply;
  g_autoptr(GError) error = NULL;
  g_autofree char *why = NULL;
  char square[4];

  /* At the Kiela start South's inner houses e2..j2 (local 14..19) are empty. */
  start_request (&request, "kiela");
  g_assert_cmpuint (request.position.houses[KIELA_SOUTH][14], ==, 0);
  g_assert_false (kiela_ai_config_think (ai, &request, &reply, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN);
  kiela_square_name (10, KIELA_SOUTH, 14, square);
  why = kiela_explain_illegal (request.variant, &request.position, 14);
  g_assert_nonnull (why);
  g_assert_nonnull (strstr (error->message, "“empty-house”"));
  g_assert_nonnull (strstr (error->message, square));
  g_assert_nonnull (strstr (error->message, why));
}

static void
test_think_silent_failure_named (void)
{
  g_autoptr(KielaAiConfig) ai = config ("test-silent", 0);
  KielaAiRequest request;
  KielaAiReply reply;
  g_autoptr(GError) error = NULL;

  start_request (&request, "kiela");
  g_assert_false (kiela_ai_config_think (ai, &request, &reply, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN);
  g_assert_nonnull (strstr (error->message, "“test-silent”"));
}

static void
test_think_accepts_legal (void)
{
  g_autoptr(KielaAiConfig) ai = config ("test-last", 0);
  KielaAiRequest request;
  KielaAiReply reply;
  KielaMove moves[KIELA_MAX_MOVES];
  guint n;
  g_autoptr(GError) error = NULL;

  start_request (&request, "kiela");
  n = kiela_legal_moves (request.variant, &request.position, moves, NULL, NULL);
  g_assert_true (kiela_ai_config_think (ai, &request, &reply, &error));
  g_assert_no_error (error);
  g_assert_cmpint (reply.move, ==, moves[n - 1]);
}

/* ---- KielaAiConfig ---- */

static void
test_config_overrides_and_caps (void)
{
  g_autoptr(KielaAiConfig) plain = config ("lweji", 0);
  g_autoptr(KielaAiConfig) over = config ("lweji depth=2 noise=0", 5000);
  g_autoptr(KielaAiConfig) nzuzi = config ("nzuzi", 100000);
  g_autoptr(KielaAiConfig) nzuzi_low = config ("nzuzi", 500);
  g_autoptr(KielaAiConfig) bare = config ("alphabeta qs=0", 0);
  const KielaPersonality *lweji = kiela_registry_lookup_personality (registry, "lweji");

  g_assert_true (kiela_ai_config_get_personality (plain) == lweji);
  g_assert_cmpstr (kiela_ai_config_get_label (plain), ==, lweji->name);
  g_assert_cmpstr (kiela_ai_config_get_algorithm (plain)->id, ==, lweji->algorithm);
  g_assert_cmpint (kiela_ai_setting_int (kiela_ai_config_get_settings (plain), "depth", 0), ==, 4);
  /* Overrides win over the personality; the label then says what was asked for. */
  g_assert_cmpint (kiela_ai_setting_int (kiela_ai_config_get_settings (over), "depth", 0), ==, 2);
  g_assert_cmpint (kiela_ai_setting_int (kiela_ai_config_get_settings (over), "noise", -1), ==, 0);
  g_assert_cmpint (kiela_ai_setting_int (kiela_ai_config_get_settings (over), "w-exposure", 0), ==, 20);
  g_assert_cmpint (kiela_ai_setting_int (kiela_ai_config_get_settings (over), "nodes", 0), ==, 5000);
  g_assert_cmpstr (kiela_ai_config_get_label (over), ==, "lweji depth=2 noise=0");
  g_assert_cmpstr (kiela_ai_config_get_id (over), ==, "lweji");
  /* A cap only ever lowers the personality's own node limit (Nzuzi: 12000). */
  g_assert_cmpint (kiela_ai_setting_int (kiela_ai_config_get_settings (nzuzi), "nodes", 0), ==, 12000);
  g_assert_cmpint (kiela_ai_setting_int (kiela_ai_config_get_settings (nzuzi_low), "nodes", 0), ==, 500);
  g_assert_null (kiela_ai_config_get_personality (bare));
  g_assert_cmpstr (kiela_ai_config_get_algorithm (bare)->id, ==, "alphabeta");
  g_assert_cmpint (kiela_ai_setting_int (kiela_ai_config_get_settings (bare), "qs", -1), ==, 0);
}

static void
test_config_errors (void)
{
  static const struct { const char *spec; const char *part; } cases[] = {
    { "nobody", "unknown AI “nobody”" },
    { "nobody", "mpanzu" },                  /* the known personalities are listed */
    { "mpanzu depth=0", "depth=0" },         /* the algorithm checks the merged settings */
    { "mpanzu oops", "oops" },               /* not key=value */
    { "", "unknown AI" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaAiConfig) c = kiela_ai_config_new (registry, cases[i].spec, 0, &error);

      g_assert_null (c);
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN);
      if (strstr (error->message, cases[i].part) == NULL)
        g_error ("“%s”: “%s” does not mention “%s”", cases[i].spec, error->message, cases[i].part);
    }
}

typedef struct {
  GMainLoop    *loop;
  gboolean      ok;
  KielaAiReply  reply;
  KielaSide     side;
  guint16       counts[KIELA_MAX_HOUSES];
  GError       *error;
  GThread      *thread;
} AsyncResult;

static void
on_think (GObject *source, GAsyncResult *result, gpointer data)
{
  AsyncResult *r = data;

  r->thread = g_thread_self ();
  r->ok = kiela_ai_config_think_finish (result, &r->reply, &r->error);
  g_main_loop_quit (r->loop);
}

static void
on_arrange (GObject *source, GAsyncResult *result, gpointer data)
{
  AsyncResult *r = data;

  r->ok = kiela_ai_config_arrange_finish (result, &r->side, r->counts, &r->error);
  g_main_loop_quit (r->loop);
}

/* The worker thread's answer is the synchronous one (node-limited: reproducible), and the
 * request may change as soon as the call returns (it was copied, history included). */
static void
test_config_async_same_as_sync (void)
{
  g_autoptr(KielaAiConfig) ai = config ("mpanzu", 20000);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  KielaPosition history[2];
  KielaAiRequest request;
  KielaAiReply sync;
  AsyncResult r = { .loop = loop };
  g_autoptr(GError) error = NULL;

  start_request (&request, "kiela");
  history[0] = request.position;
  history[1] = request.position;
  request.history = history;
  request.n_history = 2;
  request.seed = 9;
  g_assert_true (kiela_ai_config_think (ai, &request, &sync, &error));
  g_assert_no_error (error);

  kiela_ai_config_think_async (ai, &request, NULL, on_think, &r);
  memset (&request, 0xa5, sizeof request);
  memset (history, 0xa5, sizeof history);
  g_main_loop_run (loop);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_true (r.thread == g_thread_self ());
  g_assert_cmpint (r.reply.move, ==, sync.move);
  g_assert_cmpint (r.reply.score, ==, sync.score);
  g_assert_cmpuint (r.reply.nodes, ==, sync.nodes);
}

static void
test_config_async_cancel (void)
{
  g_autoptr(KielaAiConfig) slow = config ("test-slow", 0);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  KielaAiRequest request;
  AsyncResult r = { .loop = loop };
  gint64 t0 = g_get_monotonic_time ();

  start_request (&request, "kiela");
  kiela_ai_config_think_async (slow, &request, cancellable, on_think, &r);
  g_usleep (20000);
  g_cancellable_cancel (cancellable);
  g_main_loop_run (loop);
  /* The algorithm did answer a legal move, but after the cancellation: it must not land. */
  g_assert_false (r.ok);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - t0, <, G_USEC_PER_SEC);
  g_clear_error (&r.error);
}

static void
test_config_arrange_async (void)
{
  g_autoptr(KielaAiConfig) ai = config ("mpanzu", 20000);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  KielaAiRequest request;
  AsyncResult r = { .loop = loop };
  guint16 sync[KIELA_MAX_HOUSES];
  g_autoptr(GError) error = NULL;
  guint total = 0;

  start_request (&request, "kiela-expert");
  request.position.to_move = KIELA_NORTH;
  request.seed = 4;
  g_assert_true (kiela_ai_config_arrange (ai, &request, sync, &error));
  g_assert_no_error (error);
  kiela_ai_config_arrange_async (ai, &request, NULL, on_arrange, &r);
  g_main_loop_run (loop);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_cmpint (r.side, ==, KIELA_NORTH);
  g_assert_cmpmem (r.counts, sizeof r.counts, sync, sizeof sync);
  for (guint h = 0; h < KIELA_MAX_HOUSES; h++)
    total += r.counts[h];
  g_assert_cmpuint (total, ==, kiela_position_side_total (&request.position, KIELA_NORTH));
}

/* ---- every personality has a finite limit of its own ---- */

/* With no budget from the host (bestmove --time-ms 0), each built-in personality still
 * stops: the searchers' settings hold a node or time limit. */
static void
test_personalities_finite (void)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  const char *midgame = "2,2,2,2,2,0,0,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,1,3,3,0,3/2,2,2,2,2,2,0,3,0,3 s";
  guint checked = 0;

  for (guint i = 0; i < all->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (all, i);
      g_autoptr(KielaAiConfig) ai = NULL;
      g_autoptr(GError) error = NULL;
      GHashTable *settings;
      gint64 nodes, time_ms;
      KielaAiRequest request;
      KielaAiReply reply;

      if (!g_str_equal (p->translation_domain ? p->translation_domain : "", GETTEXT_PACKAGE))
        continue;   /* only the built-in module's */
      ai = kiela_ai_config_new_for_personality (registry, p, &error);
      g_assert_no_error (error);
      settings = kiela_ai_config_get_settings (ai);
      nodes = kiela_ai_setting_int (settings, "nodes", 0);
      time_ms = kiela_ai_setting_int (settings, "time-ms", 0);
      /* Random and greedy look one move ahead; a search needs a node or time limit (a depth
       * alone is no bound on a search with quiescence and a huge branching factor). */
      if (g_str_equal (p->algorithm, "alphabeta") || g_str_equal (p->algorithm, "mcts"))
        if (nodes <= 0 && time_ms <= 0)
          g_error ("%s (%s “%s”) has no node or time limit of its own: with no host budget it may search for ever",
                   p->id, p->algorithm, p->settings);

      start_request (&request, "kiela");
      g_assert_true (kiela_position_parse (midgame, 10, &request.position, &error));
      request.time_budget_us = 0;
      g_assert_true (kiela_ai_config_think (ai, &request, &reply, &error));
      g_assert_no_error (error);
      if (nodes > 0)
        g_assert_cmpuint (reply.nodes, <=, (guint64) nodes + 1000);
      g_test_message ("%s: %" G_GUINT64_FORMAT " nodes, depth %u, %.2f s with no host budget",
                      p->id, reply.nodes, reply.depth, reply.seconds);
      checked++;
    }
  g_assert_cmpuint (checked, ==, 6);
}

/* ---- KielaMatch ---- */

typedef struct {
  guint     calls;
  guint     last_done;
  gboolean  in_order;
  GThread  *thread;
  gboolean  same_thread;
} ProgressLog;

static void
log_progress (KielaMatch *match, guint done, guint total, const KielaMatchGame *game, gpointer data)
{
  ProgressLog *log = data;

  log->calls++;
  log->in_order = log->in_order && done == log->last_done + 1 && total == kiela_match_get_n_games (match)
                  && game->played;
  log->last_done = done;
  log->same_thread = log->same_thread && g_thread_self () == log->thread;
}

/* Replays a game's move list through KielaGame: its result is the one recorded. */
static void
assert_replays (const KielaVariant *v, const KielaMatchGame *g)
{
  g_autoptr(KielaGame) game = kiela_game_new (v);
  g_auto(GStrv) moves = g_strsplit (g->moves, " ", -1);
  guint n = g->moves[0] ? g_strv_length (moves) : 0;
  KielaReason reason;
  KielaStatus status;

  while (kiela_game_get_phase (game) != KIELA_PHASE_PLAY)
    g_assert_true (kiela_game_skip_setup (game, NULL));
  g_assert_cmpuint (n, ==, g->plies);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_true (kiela_game_play_square (game, moves[i], NULL, &error));
      g_assert_no_error (error);
    }
  status = kiela_game_get_status (game, &reason);
  if (g->reason == KIELA_REASON_MOVE_LIMIT)
    g_assert_cmpint (status, ==, KIELA_STATUS_ONGOING);
  else
    {
      g_assert_cmpint (status, ==, g->status);
      g_assert_cmpint (reason, ==, g->reason);
    }
}

static KielaMatch *
run_match (const char *a, const char *b, guint games, guint64 seed, guint jobs, guint opening, ProgressLog *log)
{
  g_autoptr(KielaAiConfig) ca = config (a, 0);
  g_autoptr(KielaAiConfig) cb = config (b, 0);
  g_autoptr(GError) error = NULL;
  KielaMatch *m = kiela_match_new (variant ("kiela"), ca, cb, games, seed);

  kiela_match_set_jobs (m, jobs);
  kiela_match_set_opening_plies (m, opening);
  if (log != NULL)
    {
      log->in_order = TRUE;
      log->same_thread = TRUE;
      log->thread = g_thread_self ();
      kiela_match_set_progress_func (m, log_progress, log, NULL);
    }
  g_assert_true (kiela_match_run (m, NULL, &error));
  g_assert_no_error (error);
  return m;
}

static void
test_match_games_and_summary (void)
{
  ProgressLog log = { 0 };
  g_autoptr(KielaMatch) m = run_match ("test-first", "test-last", 10, 3, 2, 4, &log);
  KielaMatchSummary s;
  guint wins = 0, draws = 0, losses = 0, south = 0, longest = 0;
  gdouble plies = 0, score = 0;
  g_autoptr(GHashTable) distinct = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (log.calls, ==, 10);
  g_assert_true (log.in_order);
  g_assert_true (log.same_thread);

  for (guint i = 0; i < 10; i++)
    {
      const KielaMatchGame *g = kiela_match_get_game (m, i);
      gdouble sc = kiela_match_game_score (g);

      g_assert_true (g->played);
      g_assert_cmpuint (g->index, ==, i);
      /* Colours alternate; the two games of a pair share their seed and random opening. */
      g_assert_cmpint (g->a_is_south, ==, i % 2 == 0);
      if (i % 2 == 1)
        {
          const KielaMatchGame *prev = kiela_match_get_game (m, i - 1);
          g_auto(GStrv) a = g_strsplit (prev->moves, " ", 5);
          g_auto(GStrv) b = g_strsplit (g->moves, " ", 5);

          g_assert_cmpuint (g->seed, ==, prev->seed);
          for (guint k = 0; k < 4; k++)
            g_assert_cmpstr (a[k], ==, b[k]);
        }
      g_assert_false (g->ai_error);
      assert_replays (variant ("kiela"), g);
      /* Four random plies, the rest chosen by the AIs. */
      g_assert_cmpuint (g->n_moves[0] + g->n_moves[1] + 4, ==, g->plies);
      wins += sc == 1.0;
      draws += sc == 0.5;
      losses += sc == 0.0;
      /* A's score from the colour A played and who won. */
      if (g->status == KIELA_STATUS_DRAW)
        g_assert_cmpfloat (sc, ==, 0.5);
      else
        g_assert_cmpfloat (sc, ==, ((g->status == KIELA_STATUS_SOUTH_WINS) == g->a_is_south) ? 1.0 : 0.0);
      south += g->status == KIELA_STATUS_SOUTH_WINS;
      plies += g->plies;
      score += sc;
      longest = MAX (longest, g->plies);
      g_hash_table_add (distinct, g->moves);
    }

  kiela_match_get_summary (m, &s);
  g_assert_cmpuint (s.games, ==, 10);
  g_assert_cmpuint (s.wins, ==, wins);
  g_assert_cmpuint (s.draws, ==, draws);
  g_assert_cmpuint (s.losses, ==, losses);
  g_assert_cmpuint (s.south_wins, ==, south);
  g_assert_cmpuint (s.longest_plies, ==, longest);
  g_assert_cmpuint (s.distinct_games, ==, g_hash_table_size (distinct));
  g_assert_cmpfloat_with_epsilon (s.mean_plies, plies / 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.score, score / 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.first_player_win_rate, south / 10.0, 1e-9);
  g_assert_cmpfloat (s.score_low, <=, s.score);
  g_assert_cmpfloat (s.score_high, >=, s.score);
  if (s.score > 0 && s.score < 1)
    g_assert_cmpfloat_with_epsilon (s.elo, -400.0 * log10 (1.0 / s.score - 1.0), 1e-9);
  g_assert_cmpuint (s.players[0].moves + s.players[1].moves + 40, ==, (guint) plies);
}

/* The same seed gives the same games, whatever the number of jobs; another seed other games. */
static void
test_match_reproducible (void)
{
  g_autoptr(KielaMatch) a = run_match ("mpanzu nodes=2000", "nzuzi nodes=2000", 6, 11, 1, 2, NULL);
  g_autoptr(KielaMatch) b = run_match ("mpanzu nodes=2000", "nzuzi nodes=2000", 6, 11, 2, 2, NULL);
  g_autoptr(KielaMatch) c = run_match ("mpanzu nodes=2000", "nzuzi nodes=2000", 6, 12, 2, 2, NULL);
  gboolean any_different = FALSE;

  for (guint i = 0; i < 6; i++)
    {
      g_assert_cmpstr (kiela_match_get_game (a, i)->moves, ==, kiela_match_get_game (b, i)->moves);
      g_assert_cmpint (kiela_match_get_game (a, i)->status, ==, kiela_match_get_game (b, i)->status);
      any_different |= g_strcmp0 (kiela_match_get_game (a, i)->moves, kiela_match_get_game (c, i)->moves) != 0;
    }
  g_assert_true (any_different);
}

/* B answers house 77 every time: A wins every game by forfeit, the message names B. */
static void
test_match_forfeit_and_interval (void)
{
  const guint n = 8;
  g_autoptr(KielaMatch) m = run_match ("test-first", "liar", n, 1, 2, 0, NULL);
  KielaMatchSummary s;
  gdouble z2 = 1.96 * 1.96;

  for (guint i = 0; i < n; i++)
    {
      const KielaMatchGame *g = kiela_match_get_game (m, i);

      g_assert_true (g->ai_error);
      g_assert_cmpstr (kiela_match_game_reason_id (g), ==, "ai-error");
      g_assert_nonnull (strstr (g->error_message, "off-board"));
      g_assert_nonnull (strstr (g->error_message, "77"));
      g_assert_cmpfloat (kiela_match_game_score (g), ==, 1.0);
    }
  kiela_match_get_summary (m, &s);
  g_assert_cmpuint (s.wins, ==, n);
  g_assert_cmpuint (s.ai_errors, ==, n);
  g_assert_cmpfloat (s.score, ==, 1.0);
  g_assert_true (isinf (s.elo) && s.elo > 0);
  /* Every game alike: the Wilson interval, whose lower end at 100% is n / (n + z²). */
  g_assert_cmpfloat_with_epsilon (s.score_low, n / (n + z2), 1e-9);
  g_assert_cmpfloat (s.score_high, ==, 1.0);
  g_assert_cmpfloat_with_epsilon (s.elo_low, -400.0 * log10 (1.0 / s.score_low - 1.0), 1e-9);
}

static void
test_match_move_limit (void)
{
  g_autoptr(KielaAiConfig) a = config ("test-first", 0);
  g_autoptr(KielaAiConfig) b = config ("test-last", 0);
  g_autoptr(KielaMatch) m = kiela_match_new (variant ("kiela"), a, b, 2, 1);
  g_autoptr(GError) error = NULL;
  KielaMatchSummary s;

  kiela_match_set_max_plies (m, 3);
  g_assert_true (kiela_match_run (m, NULL, &error));
  kiela_match_get_summary (m, &s);
  g_assert_cmpuint (s.move_limit_draws, ==, 2);
  g_assert_cmpuint (s.draws, ==, 2);
  g_assert_cmpuint (s.longest_plies, ==, 3);
  g_assert_cmpstr (kiela_match_game_reason_id (kiela_match_get_game (m, 0)), ==, "move-limit");
  g_assert_cmpfloat (s.score, ==, 0.5);
  g_assert_cmpfloat (s.elo, ==, 0.0);
}

static void
cancel_after_first (KielaMatch *match, guint done, guint total, const KielaMatchGame *game, gpointer data)
{
  g_cancellable_cancel (data);
}

static void
test_match_cancel (void)
{
  g_autoptr(KielaAiConfig) a = config ("test-slow", 0);
  g_autoptr(KielaAiConfig) b = config ("test-first", 0);
  g_autoptr(KielaMatch) m = kiela_match_new (variant ("kiela"), a, b, 20, 1);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  KielaMatchSummary s;
  gint64 t0 = g_get_monotonic_time ();

  /* The slow player waits for the cancellable: the first game only ends by it. */
  kiela_match_set_progress_func (m, cancel_after_first, cancellable, NULL);
  g_cancellable_cancel (cancellable);
  g_assert_false (kiela_match_run (m, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - t0, <, 2 * G_USEC_PER_SEC);
  kiela_match_get_summary (m, &s);
  g_assert_cmpuint (s.games, <, 20);
}

typedef struct {
  GMainLoop *loop;
  gboolean   ok;
  GError    *error;
} RunResult;

static void
on_match_done (GObject *source, GAsyncResult *result, gpointer data)
{
  RunResult *r = data;
  KielaMatch *m = g_task_get_task_data (G_TASK (result));

  r->ok = kiela_match_run_finish (m, result, &r->error);
  g_main_loop_quit (r->loop);
}

/* The app's variant lab runs a match on a worker thread and sees the progress in its main loop. */
static void
test_match_async (void)
{
  g_autoptr(KielaAiConfig) a = config ("test-first", 0);
  g_autoptr(KielaAiConfig) b = config ("zola", 0);
  g_autoptr(KielaMatch) m = kiela_match_new (variant ("hawalis"), a, b, 6, 5);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  ProgressLog log = { .in_order = TRUE, .same_thread = TRUE, .thread = g_thread_self () };
  RunResult r = { .loop = loop };
  KielaMatchSummary s;

  kiela_match_set_jobs (m, 2);
  kiela_match_set_progress_func (m, log_progress, &log, NULL);
  kiela_match_run_async (m, NULL, on_match_done, &r);
  g_main_loop_run (loop);
  /* Progress calls queued before the result are all dispatched by now. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  g_assert_cmpuint (log.calls, ==, 6);
  g_assert_true (log.in_order);
  g_assert_true (log.same_thread);
  kiela_match_get_summary (m, &s);
  g_assert_cmpuint (s.games, ==, 6);
  for (guint i = 0; i < 6; i++)
    assert_replays (variant ("hawalis"), kiela_match_get_game (m, i));
}

/* Self-play is playing alike, whatever the specs' spelling: the same algorithm, personality
 * and merged settings.  Such a match gives every game its own seed; others keep pairs. */
static void
test_config_equal_and_self_play (void)
{
  g_autoptr(KielaAiConfig) a = config ("alphabeta depth=3 qs=0", 0);
  g_autoptr(KielaAiConfig) b = config ("alphabeta qs=0 depth=3", 0);
  g_autoptr(KielaAiConfig) c = config ("alphabeta depth=4 qs=0", 0);
  g_autoptr(KielaAiConfig) d = config ("mpanzu", 0);
  g_autoptr(KielaAiConfig) e = config ("mpanzu", 0);
  g_autoptr(KielaAiConfig) f = config ("mpanzu", 5000);
  g_autoptr(KielaMatch) self = NULL;
  g_autoptr(KielaMatch) pairs = NULL;

  g_assert_true (kiela_ai_config_equal (a, b));
  g_assert_false (kiela_ai_config_equal (a, c));
  g_assert_false (kiela_ai_config_equal (a, d));
  g_assert_true (kiela_ai_config_equal (d, e));
  /* A node cap is a setting: capped and uncapped play differently. */
  g_assert_false (kiela_ai_config_equal (d, f));

  self = kiela_match_new (variant ("kiela"), a, b, 6, 1);
  pairs = kiela_match_new (variant ("kiela"), a, c, 6, 1);
  g_assert_true (kiela_match_is_self_play (self));
  g_assert_false (kiela_match_is_self_play (pairs));
  for (guint i = 0; i < 6; i += 2)
    {
      g_assert_cmpuint (kiela_match_get_game (self, i)->seed, !=, kiela_match_get_game (self, i + 1)->seed);
      g_assert_cmpuint (kiela_match_get_game (pairs, i)->seed, ==, kiela_match_get_game (pairs, i + 1)->seed);
    }
  /* Sharded: game 3 of a series is game 3 whichever match plays it. */
  {
    g_autoptr(KielaMatch) part = kiela_match_new (variant ("kiela"), a, b, 2, 1);

    kiela_match_set_first_game (part, 2);
    g_assert_cmpuint (kiela_match_get_game (part, 1)->seed, ==, kiela_match_get_game (self, 3)->seed);
  }
}

int
main (int argc, char **argv)
{
  int status;

  registry = ai_test_init (&argc, &argv);
  kiela_registry_load_file (registry, KIELA_TEST_BAD_ANSWER);
  kiela_registry_load_static (registry, &test_info, register_test_algorithms);
  kiela_registry_finish_loading (registry);

  g_test_add_func ("/ai-host/think/off-board", test_think_refuses_off_board);
  g_test_add_func ("/ai-host/think/illegal-house", test_think_refuses_illegal_house);
  g_test_add_func ("/ai-host/think/silent-failure", test_think_silent_failure_named);
  g_test_add_func ("/ai-host/think/legal", test_think_accepts_legal);
  g_test_add_func ("/ai-host/config/overrides-caps", test_config_overrides_and_caps);
  g_test_add_func ("/ai-host/config/errors", test_config_errors);
  g_test_add_func ("/ai-host/config/equal-self-play", test_config_equal_and_self_play);
  g_test_add_func ("/ai-host/config/async", test_config_async_same_as_sync);
  g_test_add_func ("/ai-host/config/async-cancel", test_config_async_cancel);
  g_test_add_func ("/ai-host/config/arrange-async", test_config_arrange_async);
  g_test_add_func ("/ai-host/personalities/finite", test_personalities_finite);
  g_test_add_func ("/match/games-summary", test_match_games_and_summary);
  g_test_add_func ("/match/reproducible", test_match_reproducible);
  g_test_add_func ("/match/forfeit-interval", test_match_forfeit_and_interval);
  g_test_add_func ("/match/move-limit", test_match_move_limit);
  g_test_add_func ("/match/cancel", test_match_cancel);
  g_test_add_func ("/match/async", test_match_async);
  status = g_test_run ();
  kiela_registry_free (registry);
  return status;
}
