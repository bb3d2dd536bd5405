/* test-plain-ab.c: the plain alpha-beta benchmark player agrees with brute-force minimax; the CPU clock setting. */
#include "config.h"

#include <string.h>
#include <time.h>

#include "kiela.h"
#include "tests/ai/ai-test-common.h"
#include "tests/test-plugin-util.h"

#define WIN 1000000

static KielaRegistry *registry;

/* Minimax written the slowest way: every line to `depth`, no pruning.  The same
 * conventions as the player: stones of the side to move minus the opponent's (x100),
 * a side with no move has lost (1000000 minus the plies), an endless move loses. */
static gint
minimax (const KielaVariant *v, const KielaPosition *pos, guint depth, guint ply)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (v, pos, moves, children, endless);
  gint best = -WIN - 1;

  if (n == 0)
    return -(WIN - (gint) ply);
  if (depth == 0)
    {
      gint mine = 0, theirs = 0;
      for (guint i = 0; i < 2u * pos->files; i++)
        mine += pos->houses[pos->to_move][i], theirs += pos->houses[1 - pos->to_move][i];
      return 100 * (mine - theirs);
    }
  for (guint i = 0; i < n; i++)
    {
      gint s = endless[i] ? -(WIN - (gint) (ply + 1)) : -minimax (v, &children[i], depth - 1, ply + 1);
      best = MAX (best, s);
    }
  return best;
}

static KielaAiReply
plain_think (const KielaVariant *v, const KielaPosition *pos, const char *settings)
{
  g_autoptr(KielaAiConfig) config = ai_test_config (registry, "plain-alphabeta", settings);
  KielaAiRequest request = ai_test_request (v, pos, 1);
  KielaAiReply reply = { 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_ai_config_think (config, &request, &reply, &error));
  g_assert_no_error (error);
  return reply;
}

/* The value minimax gives `move` from `pos` at `depth`. */
static gint
minimax_of_move (const KielaVariant *v, const KielaPosition *pos, KielaMove move, guint depth)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (v, pos, moves, children, endless);

  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return endless[i] ? -(WIN - 1) : -minimax (v, &children[i], depth - 1, 1);
  g_assert_not_reached ();
  return 0;
}

/* Positions of random games in three rule sets: the player's score at depths 1-3 (4 on
 * the smaller board) is minimax's, and its move is one minimax rates that high. */
static void
test_agrees_with_minimax (void)
{
  const char *variants[] = { "kiela", "kiela-beginner", "hawalis" };
  guint checked = 0;

  for (guint vi = 0; vi < G_N_ELEMENTS (variants); vi++)
    {
      const KielaVariant *v = test_variant (registry, variants[vi]);

      for (guint seed = 1; seed <= 4; seed++)
        {
          KielaPosition pos;
          KielaRng rng;

          kiela_position_init_start (&pos, v);
          kiela_rng_seed (&rng, seed * 7919 + vi);
          for (guint ply = 0; ply < 40; ply++)
            {
              KielaMove moves[KIELA_MAX_MOVES];
              KielaPosition children[KIELA_MAX_MOVES];
              guint n = kiela_legal_moves (v, &pos, moves, children, NULL);

              if (n == 0)
                break;
              if (ply % 6 == seed % 6)
                for (guint depth = 1; depth <= (v->files <= 8 ? 4u : 3u); depth++)
                  {
                    g_autofree char *settings = g_strdup_printf ("depth=%u", depth);
                    KielaAiReply reply = plain_think (v, &pos, settings);
                    gint expected = minimax (v, &pos, depth, 0);

                    g_assert_cmpint (reply.depth, <=, depth);
                    /* It stops early only when the whole tree ended before `depth`. */
                    if (reply.depth == depth)
                      g_assert_cmpint (reply.score, ==, expected);
                    g_assert_cmpint (minimax_of_move (v, &pos, reply.move, depth), ==, expected);
                    checked++;
                  }
              pos = children[kiela_rng_below (&rng, n)];
            }
        }
    }
  g_assert_cmpuint (checked, >=, 60);
}

/* South i1 captures 7 stones and leaves North only singles (no move): a win at once.
 * At depth 1 it is the largest capture, at depth 2 a proven win; c2 captures less. */
static void
test_forced_capture (void)
{
  const KielaVariant *v = test_variant (registry, "kiela");
  KielaPosition pos = ai_test_parse (AI_TEST_CAPTURE_WINS);
  KielaSquare sq;
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_square_parse (pos.files, "i1", &sq, &error));
  g_assert_no_error (error);
  for (guint depth = 1; depth <= 4; depth++)
    {
      g_autofree char *settings = g_strdup_printf ("depth=%u", depth);
      KielaAiReply reply = plain_think (v, &pos, settings);

      g_assert_cmpint (reply.move, ==, sq.house);
      if (depth >= 2)
        g_assert_cmpint (reply.score, ==, WIN - 1);
    }
}

/* Settings it does not know, or out of range, are refused when the AI is made. */
static void
test_settings_checked (void)
{
  const char *bad[] = { "plain-alphabeta depth=0", "plain-alphabeta depth=33", "plain-alphabeta cpu-clock=2",
                        "plain-alphabeta qs=2", "plain-alphabeta time-ms=soon", "mpanzu cpu-clock=2",
                        "greedy cpu-clock=yes", "nzuzi cpu-clock=-1", "mpanzu lmr=41", "mpanzu time-use=0",
                        "mpanzu aspiration=-5" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaAiConfig) config = kiela_ai_config_new (registry, bad[i], 0, &error);

      g_assert_null (config);
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN);
    }
}

static gdouble
thread_cpu_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* With cpu-clock=1, time-ms is this thread's CPU time: the search runs until it has
 * used about that much CPU, and the reply's seconds are CPU seconds (never more than
 * the CPU the calling thread used meanwhile, whatever the load). */
static void
test_cpu_clock (void)
{
  const KielaVariant *v = test_variant (registry, "kiela");
  KielaPosition pos;
  /* The master out of its opening book, which answers the start without searching. */
  const char *ids[] = { "plain-alphabeta", "mpanzu" };

  kiela_position_init_start (&pos, v);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(KielaAiConfig) config = ai_test_config (registry, ids[i], i == 0 ? "time-ms=60 cpu-clock=1 nodes=0"
                                                              : "time-ms=60 cpu-clock=1 nodes=0 book=0");
      KielaAiRequest request = ai_test_request (v, &pos, 1);
      KielaAiReply reply = { 0 };
      g_autoptr(GError) error = NULL;
      gdouble before = thread_cpu_s (), used;

      g_assert_true (kiela_ai_config_think (config, &request, &reply, &error));
      g_assert_no_error (error);
      used = thread_cpu_s () - before;
      g_assert_cmpfloat (reply.seconds, <=, used + 0.001);
      /* Alpha-beta starts no depth past half its time; the plain player uses all of it. */
      g_assert_cmpfloat (reply.seconds, >=, 0.029);
      g_assert_cmpfloat (reply.seconds, <, 0.5);
      g_assert_cmpuint (reply.depth, >=, 2);
    }
}

int
main (int argc, char **argv)
{
  int status;

  registry = ai_test_init (&argc, &argv);
  kiela_registry_load_dir (registry, KIELA_TEST_BENCH_DIR);
  kiela_registry_finish_loading (registry);

  g_test_add_func ("/plain-ab/minimax", test_agrees_with_minimax);
  g_test_add_func ("/plain-ab/forced-capture", test_forced_capture);
  g_test_add_func ("/plain-ab/settings", test_settings_checked);
  g_test_add_func ("/plain-ab/cpu-clock", test_cpu_clock);

  status = g_test_run ();
  kiela_registry_free (registry);
  return status;
}
