/* test-analysis.c: kiela_ai_config_evaluate_moves judges every legal move as the AI's own search does. */

#include <string.h>

#include "ai-test-common.h"

static KielaRegistry *registry;

/* South's only stone is a single one: Kiela needs two to sow. */
#define NO_MOVE      "0,0,2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 s"

static KielaAiRequest
request_for (const KielaVariant *v, const KielaPosition *pos)
{
  return ai_test_request (v, pos, 7);
}

/* Each move's score, depth, line and gain are what the AI's own searches and the
 * sowing give, move by move; every legal move is there once, best first. */
static void
check_against_search (const char *spec, const char *kpn, guint max_line)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaAiConfig) config = ai_test_config (registry, spec, NULL);
  KielaPosition pos;
  KielaAiRequest r;
  KielaMoveEval evals[KIELA_MAX_MOVES];
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean seen[KIELA_MAX_MOVES] = { FALSE };
  g_autoptr(GError) error = NULL;
  guint n, n_evals = 0;

  if (kpn != NULL)
    pos = ai_test_parse (kpn);
  else
    kiela_position_init_start (&pos, v);
  r = request_for (v, &pos);
  n = kiela_legal_moves (v, &pos, moves, children, NULL);
  g_assert_cmpuint (n, >, 1);

  g_assert_true (kiela_ai_config_evaluate_moves (config, &r, max_line, evals, &n_evals, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_evals, ==, n);

  for (guint i = 0; i < n_evals; i++)
    {
      const KielaMoveEval *e = &evals[i];
      KielaPosition line_pos = pos;
      KielaAiRequest child_req;
      KielaAiReply reply;
      KielaMove replies[KIELA_MAX_MOVES];
      guint k;

      for (k = 0; k < n && moves[k] != e->move; k++)
        ;
      g_assert_cmpuint (k, <, n);
      g_assert_false (seen[k]);
      seen[k] = TRUE;
      g_assert_cmpint (e->line[0], ==, e->move);
      g_assert_cmpuint (e->n_line, >=, 1);
      g_assert_cmpuint (e->n_line, <=, max_line);
      if (i > 0 && evals[i - 1].end == KIELA_STATUS_ONGOING && e->end == KIELA_STATUS_ONGOING)
        {
          g_assert_cmpint (evals[i - 1].gain, >=, e->gain);
          if (evals[i - 1].gain == e->gain)
            g_assert_cmpint (evals[i - 1].score, >=, e->score);
        }

      /* The move's score is the reply's search negated, at one ply more. */
      child_req = request_for (v, &children[k]);
      child_req.history = &pos;
      child_req.n_history = 1;
      if (kiela_legal_moves (v, &children[k], replies, NULL, NULL) == 0)
        {
          g_assert_cmpint (e->end, ==, pos.to_move == KIELA_SOUTH ? KIELA_STATUS_SOUTH_WINS : KIELA_STATUS_NORTH_WINS);
          g_assert_cmpuint (e->n_line, ==, 1);
        }
      else
        {
          g_assert_true (kiela_ai_config_think (config, &child_req, &reply, &error));
          g_assert_no_error (error);
          g_assert_cmpint (e->score, ==, -reply.score);
          g_assert_cmpuint (e->depth, ==, 1 + reply.depth);
          if (max_line > 1)
            g_assert_cmpint (e->line[1], ==, reply.move);
          g_assert_cmpuint (e->n_line, <=, e->depth);
        }

      /* The line replays legally, and its gain is what the sowing leaves the mover. */
      for (guint j = 0; j < e->n_line; j++)
        {
          KielaMove lm[KIELA_MAX_MOVES];
          guint nl = kiela_legal_moves (v, &line_pos, lm, NULL, NULL);
          gboolean legal = FALSE;
          for (guint m = 0; m < nl; m++)
            legal |= lm[m] == e->line[j];
          g_assert_true (legal);
          kiela_sow_fast (v, &line_pos, e->line[j], NULL);
        }
      g_assert_cmpint (e->gain, ==, (gint) kiela_position_side_total (&line_pos, pos.to_move)
                                    - (gint) kiela_position_side_total (&pos, pos.to_move));
    }
}

static void
test_start_position (void)
{
  check_against_search ("alphabeta depth=2", NULL, 4);
}

static void
test_capture_position (void)
{
  check_against_search ("alphabeta depth=3 qs=0", AI_TEST_CAPTURE_WINS, KIELA_ANALYSIS_MAX_LINE);
}

static void
test_line_length_one (void)
{
  check_against_search ("alphabeta depth=2", NULL, 1);
}

/* A capture that leaves North without a move is first, a won line, and gains its stones. */
static void
test_winning_move_first (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaAiConfig) config = ai_test_config (registry, "alphabeta", "depth=3");
  KielaPosition pos = ai_test_parse (AI_TEST_CAPTURE_WINS), child = pos;
  KielaAiRequest r = request_for (v, &pos);
  KielaMoveEval evals[KIELA_MAX_MOVES];
  KielaSquare sq;
  KielaSowResult sow;
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_assert_true (kiela_square_parse (pos.files, "i1", &sq, &error));
  kiela_sow_fast (v, &child, (KielaMove) sq.house, &sow);
  g_assert_true (kiela_ai_config_evaluate_moves (config, &r, 6, evals, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpint (evals[0].move, ==, (KielaMove) sq.house);
  g_assert_cmpint (evals[0].end, ==, KIELA_STATUS_SOUTH_WINS);
  g_assert_cmpuint (evals[0].n_line, ==, 1);
  g_assert_cmpint (evals[0].gain, ==, (gint) sow.captured);
  g_assert_cmpint (evals[0].gain, >=, 7);
  for (guint i = 1; i < n; i++)
    g_assert_cmpint (evals[i].score, <, evals[0].score);
}

static void
test_cancelled (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaAiConfig) config = ai_test_config (registry, "alphabeta", "depth=2");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  KielaPosition pos;
  KielaAiRequest r;
  KielaMoveEval evals[KIELA_MAX_MOVES];
  g_autoptr(GError) error = NULL;
  guint n = 99;

  kiela_position_init_start (&pos, v);
  r = request_for (v, &pos);
  r.cancellable = cancellable;
  g_cancellable_cancel (cancellable);
  g_assert_false (kiela_ai_config_evaluate_moves (config, &r, 4, evals, &n, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (n, ==, 0);
}

static void
test_no_move (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaAiConfig) config = ai_test_config (registry, "alphabeta", "depth=2");
  KielaPosition pos = ai_test_parse (NO_MOVE);
  KielaAiRequest r = request_for (v, &pos);
  KielaMoveEval evals[KIELA_MAX_MOVES];
  g_autoptr(GError) error = NULL;
  guint n = 99;

  g_assert_false (kiela_ai_config_evaluate_moves (config, &r, 4, evals, &n, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER);
  g_assert_nonnull (strstr (error->message, "South"));
  g_assert_cmpuint (n, ==, 0);
}

int
main (int argc, char *argv[])
{
  int ret;

  registry = ai_test_init (&argc, &argv);
  kiela_registry_finish_loading (registry);
  g_test_add_func ("/analysis/start-position", test_start_position);
  g_test_add_func ("/analysis/capture-position", test_capture_position);
  g_test_add_func ("/analysis/line-length-one", test_line_length_one);
  g_test_add_func ("/analysis/winning-move-first", test_winning_move_first);
  g_test_add_func ("/analysis/cancelled", test_cancelled);
  g_test_add_func ("/analysis/no-move", test_no_move);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
