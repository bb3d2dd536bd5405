/* test-ai.c: behaviour of the AI module: budgets, cancelling, tactics, determinism, reasons,
 * extreme weights, loader checks.  Legal answers everywhere: test-ai-legal.c. */
#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "kiela.h"
#include "ai-test-common.h"
#include "tests/test-positions.h"
#include "test-ai-util.h"

/* ---- helpers ---- */

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

int
main (int argc, char **argv)
{
  int status;

  ai_test_start (&argc, &argv);

  g_test_add_func ("/ai/module/loaded", test_module_loaded);
  g_test_add_func ("/ai/module/personalities", test_personalities);
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
