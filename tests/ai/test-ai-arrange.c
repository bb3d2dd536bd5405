/* test-ai-arrange.c: the expert setup phase for AI players: valid, reproducible, checked by the host, and better than chance. */
#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "kiela.h"
#include "ai-test-common.h"

static KielaRegistry *registry;
static const KielaVariant *expert;

static KielaAiConfig *
config_for (const char *id, const char *extra)
{
  return ai_test_config (registry, id, extra);
}

/* Asks `id` to arrange the stones of the side in `game`'s setup phase (no clock: reproducible). */
static gboolean
arrange (const char *id, const char *extra, KielaGame *game, guint64 seed, GCancellable *cancellable,
         guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  g_autoptr(KielaAiConfig) config = config_for (id, extra);
  KielaAiRequest request = { 0 };
  KielaPhase phase = kiela_game_get_phase (game);

  g_assert_cmpint (phase, !=, KIELA_PHASE_PLAY);
  request.variant = kiela_game_get_variant (game);
  request.position = *kiela_game_get_position (game);
  request.position.to_move = phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
  request.seed = seed;
  request.cancellable = cancellable;
  return kiela_ai_config_arrange (config, &request, counts, error);
}

static void
assert_valid (const guint16 *counts, guint files, guint total)
{
  guint sum = 0;

  for (guint h = 0; h < KIELA_MAX_HOUSES; h++)
    {
      if (h >= 2 * files)
        g_assert_cmpuint (counts[h], ==, 0);
      sum += counts[h];
    }
  g_assert_cmpuint (sum, ==, total);
}

/* Every personality arranges both sides validly and reproducibly, and the game then plays on. */
static void
test_every_personality (void)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  guint n_changed = 0;

  g_assert_cmpuint (all->len, >=, 6);
  for (guint i = 0; i < all->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (all, i);
      g_autoptr(KielaGame) game = kiela_game_new (expert);
      g_autoptr(GError) error = NULL;
      guint16 south[KIELA_MAX_HOUSES], north[KIELA_MAX_HOUSES], again[KIELA_MAX_HOUSES];
      const KielaPosition *initial;
      guint plies = 0;

      g_test_message ("%s", p->id);
      g_assert_true (arrange (p->id, NULL, game, 7, NULL, south, &error));
      g_assert_no_error (error);
      assert_valid (south, expert->files, 28);
      g_assert_true (arrange (p->id, NULL, game, 7, NULL, again, &error));
      g_assert_cmpmem (south, sizeof south, again, sizeof again);
      g_assert_true (kiela_game_setup (game, KIELA_SOUTH, south, &error));
      g_assert_no_error (error);
      g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_SETUP_NORTH);

      /* North arranges seeing South's arrangement. */
      g_assert_true (arrange (p->id, NULL, game, 7, NULL, north, &error));
      g_assert_no_error (error);
      assert_valid (north, expert->files, 28);
      g_assert_true (arrange (p->id, NULL, game, 7, NULL, again, &error));
      g_assert_cmpmem (north, sizeof north, again, sizeof again);
      g_assert_true (kiela_game_setup (game, KIELA_NORTH, north, &error));
      g_assert_no_error (error);
      g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_PLAY);

      initial = kiela_game_get_initial (game);
      g_assert_cmpmem (initial->houses[KIELA_SOUTH], sizeof south, south, sizeof south);
      g_assert_cmpmem (initial->houses[KIELA_NORTH], sizeof north, north, sizeof north);
      g_assert_cmpint (initial->to_move, ==, KIELA_SOUTH);
      if (memcmp (south, expert->start[KIELA_SOUTH], sizeof south) != 0)
        n_changed++;

      /* The game plays on from the arrangement: a few legal moves. */
      while (!kiela_game_is_over (game) && plies < 12)
        {
          KielaMove moves[KIELA_MAX_MOVES];
          guint n = kiela_game_legal_moves (game, moves);
          g_assert_cmpuint (n, >, 0);
          g_assert_true (kiela_game_play (game, moves[plies % n], NULL, &error));
          g_assert_no_error (error);
          plies++;
        }
      g_assert_cmpuint (plies, >, 0);
    }
  /* Every built-in personality has an arrangement of its own. */
  g_assert_cmpuint (n_changed, ==, all->len);
}

/* The seed matters: different seeds, different random arrangements (the search may agree with itself). */
static void
test_seeds_differ (void)
{
  g_autoptr(KielaGame) game = kiela_game_new (expert);
  guint16 a[KIELA_MAX_HOUSES], b[KIELA_MAX_HOUSES];
  g_autoptr(GError) error = NULL;

  g_assert_true (arrange ("random", NULL, game, 1, NULL, a, &error));
  g_assert_true (arrange ("random", NULL, game, 2, NULL, b, &error));
  g_assert_no_error (error);
  g_assert_true (memcmp (a, b, sizeof a) != 0);
}

/* A cancelled request arranges nothing and says so. */
static void
test_cancelled (void)
{
  g_autoptr(KielaGame) game = kiela_game_new (expert);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  const char *ids[] = { "random", "greedy", "alphabeta", "mcts" };
  guint16 counts[KIELA_MAX_HOUSES];

  g_cancellable_cancel (cancellable);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(GError) error = NULL;
      memset (counts, 0xab, sizeof counts);
      g_assert_false (arrange (ids[i], NULL, game, 1, cancellable, counts, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpuint (counts[0], ==, 0xabab);   /* untouched */
    }
}

/* ---- a broken algorithm: the host must not trust an arrangement ---- */

static gboolean
broken_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  return FALSE;
}

static gboolean
arrange_too_many (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  for (guint h = 0; h < 2u * request->position.files; h++)
    counts[h] = 2;   /* 40 stones, not 28 */
  return TRUE;
}

static gboolean
arrange_off_board (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  /* The right total, but 4 stones in houses the 10-file board does not have. */
  memcpy (counts, request->position.houses[request->position.to_move], sizeof (guint16) * KIELA_MAX_HOUSES);
  counts[0] -= 2;
  counts[1] -= 2;
  counts[KIELA_MAX_HOUSES - 1] = 4;
  return TRUE;
}

static gboolean
arrange_silent_failure (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  return FALSE;   /* and no error: the host must still say who failed */
}

static void
check_broken (gboolean (*fn) (const KielaAiRequest *, guint16 *, GError **), const char *expect)
{
  KielaAiAlgorithm broken = {
    .id = "test-broken-arranger",
    .name = "Broken arranger",
    .think = broken_think,
    .arrange = fn,
  };
  KielaAiRequest request = { 0 };
  guint16 counts[KIELA_MAX_HOUSES];
  g_autoptr(GError) error = NULL;

  memset (counts, 0xab, sizeof counts);
  request.variant = expert;
  kiela_position_init_start (&request.position, expert);
  g_assert_false (kiela_ai_arrange (&broken, &request, counts, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "test-broken-arranger"));
  g_assert_nonnull (strstr (error->message, expect));
  g_assert_cmpuint (counts[0], ==, 0xabab);   /* a wrong answer never reaches the caller */
}

static void
test_broken_rejected (void)
{
  check_broken (arrange_too_many, "40 stones, but South has 28");
  check_broken (arrange_off_board, "past the 20 houses");
  check_broken (arrange_silent_failure, "could not arrange");
}

/* An algorithm without `arrange` (an older plugin) keeps the stones where they are. */
static void
test_no_arrange_keeps_start (void)
{
  KielaAiAlgorithm old = { .id = "test-old", .name = "Old", .think = broken_think };
  KielaAiRequest request = { 0 };
  guint16 counts[KIELA_MAX_HOUSES];
  g_autoptr(GError) error = NULL;

  request.variant = expert;
  kiela_position_init_start (&request.position, expert);
  request.position.to_move = KIELA_NORTH;
  g_assert_true (kiela_ai_arrange (&old, &request, counts, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (counts, sizeof counts, expert->start[KIELA_NORTH], sizeof counts);
}

static gboolean
arrange_all_left (const KielaAiRequest *request, guint16 *counts, GError **error)
{
  /* Every stone in a1 but one in b1 and two in c1: c1 holds more than b1 on its left. */
  memset (counts, 0, sizeof (guint16) * KIELA_MAX_HOUSES);
  counts[0] = (guint16) (kiela_position_side_total (&request->position, KIELA_SOUTH) - 3);
  counts[1] = 1;
  counts[2] = 2;
  return TRUE;
}

/* A constrained arrangement (Quiela's, from its shipped file): every personality arranges both
 * sides within the rules and the game accepts it; the host refuses an arrangement that breaks
 * them, with the reason. */
static void
test_constrained (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_file (KIELA_TEST_VARIANTS_DIR "/quiela.kiela-variant",
                                                                       &error);
  const KielaVariant *quiela;
  GPtrArray *all = kiela_registry_get_personalities (registry);
  guint n_moved = 0;

  g_assert_no_error (error);
  quiela = kiela_variant_file_get_variant (file);
  g_assert_true (quiela->setup_phase);
  g_assert_cmpuint (quiela->arrange, !=, 0);
  for (guint i = 0; i < all->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (all, i);
      g_autoptr(KielaGame) game = kiela_game_new (quiela);

      for (guint s = 0; s < 2; s++)
        {
          guint16 counts[KIELA_MAX_HOUSES];
          const KielaSide side = s == 0 ? KIELA_SOUTH : KIELA_NORTH;

          g_test_message ("%s, %s", p->id, kiela_side_name (side));
          g_assert_true (arrange (p->id, "arrange-candidates=60", game, 11 + i, NULL, counts, &error));
          g_assert_no_error (error);
          assert_valid (counts, quiela->files, 21);
          g_assert_true (kiela_variant_check_arrangement (quiela, side, counts, &error));
          g_assert_no_error (error);
          n_moved += memcmp (counts, quiela->start[side], 2 * quiela->files * sizeof (guint16)) != 0;
          g_assert_true (kiela_game_setup (game, side, counts, &error));
          g_assert_no_error (error);
        }
      g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_PLAY);
    }
  /* Not just the start kept: most arrangers move stones. */
  g_assert_cmpuint (n_moved, >, all->len);
  {
    KielaAiAlgorithm wrong = { .id = "test-wrong-arranger", .name = "Wrong", .think = broken_think,
                               .arrange = arrange_all_left };
    KielaAiRequest request = { 0 };
    guint16 counts[KIELA_MAX_HOUSES];

    request.variant = quiela;
    kiela_position_init_start (&request.position, quiela);
    g_assert_false (kiela_ai_arrange (&wrong, &request, counts, &error));
    g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN);
    g_assert_cmpstr (error->message, ==,
                     "The AI algorithm “test-wrong-arranger” arranged the stones of South in a way the rules do not "
                     "allow. No house may hold more stones than the house on its left: c1 holds 2, b1 on its left 1.");
  }
}

/* ---- strength: the master's arrangement is not arbitrary ---- */

/* Plays the game out with the same deterministic player on both sides; +1 South wins, -1 North, 0 draw. */
static gint
play_out (KielaGame *game)
{
  g_autoptr(KielaAiConfig) config = config_for ("alphabeta", "depth=2 qs=1");
  g_autoptr(GArray) history = g_array_new (FALSE, FALSE, sizeof (KielaPosition));
  guint plies = 0;
  KielaStatus status;

  while (!kiela_game_is_over (game) && plies < 300)
    {
      KielaAiRequest request = { 0 };
      KielaAiReply reply = { 0 };
      g_autoptr(GError) error = NULL;

      request.variant = expert;
      request.position = *kiela_game_get_position (game);
      request.history = (const KielaPosition *) (gpointer) history->data;
      request.n_history = history->len;
      request.seed = plies;
      g_assert_true (kiela_ai_config_think (config, &request, &reply, &error));
      g_assert_true (kiela_game_play (game, reply.move, NULL, &error));
      g_assert_no_error (error);
      g_array_append_val (history, request.position);
      plies++;
    }
  status = kiela_game_get_status (game, NULL);
  return status == KIELA_STATUS_SOUTH_WINS ? 1 : status == KIELA_STATUS_NORTH_WINS ? -1 : 0;
}

/*
 * North arranges against a fixed South arrangement, once as the master and once as
 * the uniformly random player; each game is then played out by one and the same
 * player on both sides.  Judged twice: the games' results, and the score an
 * independent deeper search (alpha-beta, depth 4, not the arranger's own) gives North.
 */
static void
test_master_beats_random (void)
{
  const guint n_seeds = 12;
  gint master_result = 0, random_result = 0;
  gint64 master_score = 0, random_score = 0;
  guint master_better = 0;

  for (guint seed = 1; seed <= n_seeds; seed++)
    {
      gint score[2], result[2];

      for (guint who = 0; who < 2; who++)
        {
          g_autoptr(KielaGame) game = kiela_game_new (expert);
          g_autoptr(GError) error = NULL;
          g_autoptr(KielaAiConfig) judge = config_for ("alphabeta", "depth=4");
          KielaAiRequest request = { 0 };
          KielaAiReply reply = { 0 };
          guint16 south[KIELA_MAX_HOUSES], north[KIELA_MAX_HOUSES];

          /* The same South for both: a random arrangement of this seed. */
          g_assert_true (arrange ("random", NULL, game, 1000 + seed, NULL, south, &error));
          g_assert_true (kiela_game_setup (game, KIELA_SOUTH, south, &error));
          g_assert_true (arrange (who == 0 ? "mpanzu" : "kizua", "arrange-nodes=300000", game, seed, NULL, north, &error));
          g_assert_no_error (error);
          g_assert_true (kiela_game_setup (game, KIELA_NORTH, north, &error));
          g_assert_no_error (error);

          request.variant = expert;
          request.position = *kiela_game_get_position (game);
          request.seed = 1;
          g_assert_true (kiela_ai_config_think (judge, &request, &reply, &error));
          /* The judge answers for South, who moves: North's view is the opposite. */
          score[who] = -reply.score;
          result[who] = -play_out (game);
        }
      g_test_message ("seed %u: master %+d (%+d), random %+d (%+d)", seed, score[0], result[0], score[1], result[1]);
      master_score += score[0];
      random_score += score[1];
      master_result += result[0];
      random_result += result[1];
      master_better += score[0] > score[1];
    }
  g_test_message ("judge: master %+.0f, random %+.0f a game; results: master %+d, random %+d over %u games",
                  master_score / (gdouble) n_seeds, random_score / (gdouble) n_seeds,
                  master_result, random_result, n_seeds);
  g_assert_cmpint (master_score, >, random_score);
  g_assert_cmpuint (master_better, >=, n_seeds * 3 / 4);
  g_assert_cmpint (master_result, >, random_result);
}

int
main (int argc, char **argv)
{
  int status;

  registry = ai_test_init (&argc, &argv);
  kiela_registry_finish_loading (registry);
  expert = kiela_registry_lookup_variant (registry, "kiela-expert");
  g_assert_nonnull (expert);
  g_assert_true (expert->setup_phase);

  g_test_add_func ("/ai/arrange/every-personality", test_every_personality);
  g_test_add_func ("/ai/arrange/seeds-differ", test_seeds_differ);
  g_test_add_func ("/ai/arrange/cancelled", test_cancelled);
  g_test_add_func ("/ai/arrange/broken-rejected", test_broken_rejected);
  g_test_add_func ("/ai/arrange/no-arrange-keeps-start", test_no_arrange_keeps_start);
  g_test_add_func ("/ai/arrange/master-beats-random", test_master_beats_random);
  g_test_add_func ("/ai/arrange/constrained", test_constrained);

  status = g_test_run ();
  kiela_registry_free (registry);
  return status;
}
