/* test-ai-legal.c: the AI module answers legally everywhere: every variant and personality in
 * positions met in play and scattered at random, every board width, Omweso's choices mid-move,
 * Mefuvha's and Quiela's full games and analyses (the helpers: test-ai-util.h). */
#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "kiela.h"
#include "ai-test-common.h"
#include "tests/test-positions.h"
#include "test-ai-util.h"

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

  ai_test_start (&argc, &argv);

  g_test_add_func ("/ai/legal/variants", test_legal_variants);
  g_test_add_func ("/ai/legal/file-counts", test_legal_file_counts);
  g_test_add_func ("/ai/legal/omweso-choices", test_omweso_choices);
  g_test_add_func ("/ai/legal/mefuvha-full-games", test_mefuvha_full_games);
  g_test_add_func ("/ai/legal/mefuvha-two-full-games", test_mefuvha_two_full_games);
  g_test_add_func ("/ai/analysis/mefuvha-two-pairs", test_mefuvha_two_analysis);
  g_test_add_func ("/ai/legal/quiela-skip", test_quiela_skip);
  g_test_add_func ("/ai/analysis/mefuvha-targets", test_mefuvha_analysis);

  status = g_test_run ();
  kiela_registry_free (registry);
  return status;
}
