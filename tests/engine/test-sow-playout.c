/* test-sow-playout.c: the random playouts: sampled and full draws alike, every legal move drawn
 * equally often, the legal-move mask, and game for game the same as the obvious playout on the
 * compact board and past it. */
#include "config.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "test-common.h"
#include "kiela-sow-private.h"
#include "test-sow-common.h"

/* Game lengths and results of `n` seeded playouts from the start, one way or the other. */
static void
playout_statistics (const KielaVariant *v, gboolean sample, guint n, guint64 seed,
                    guint *lengths, guint results[4])
{
  KielaPosition start;
  KielaRng rng;

  kiela_position_init_start (&start, v);
  kiela_rng_seed (&rng, seed);
  memset (results, 0, 4 * sizeof (guint));
  for (guint i = 0; i < n; i++)
    {
      KielaPlayoutResult r;
      if (sample)
        kiela_random_playout_sampled (v, &start, NULL, 0, &rng, 1000, &r);
      else
        kiela_random_playout (v, &start, NULL, 0, &rng, 1000, &r);
      g_assert_cmpuint (r.plies, <=, 1000);
      g_assert_cmpint (r.status, !=, KIELA_STATUS_ONGOING);
      lengths[i] = r.plies;
      results[r.status]++;
    }
}

static gint
compare_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/*
 * Playouts that sow one drawn candidate a ply play the same game as those that
 * sow them all: over thousands of seeded games in each variant, the game
 * lengths (two-sample Kolmogorov-Smirnov test) and the results (difference of
 * proportions) agree within bounds a correct implementation exceeds about once
 * in a thousand runs, while a bias toward some houses (drawing among the
 * candidates without redrawing past illegal ones, say) shows at once.
 */
static void
test_sampled_playouts (void)
{
  const char *ids[] = { "kiela", "kiela-beginner", "hawalis" };
  const guint n = 3000;
  g_autofree guint *all = g_new (guint, n);
  g_autofree guint *one = g_new (guint, n);

  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      const KielaVariant *v = variant (ids[k]);
      guint res_all[4], res_one[4];
      gdouble d = 0, crit = 1.95 * sqrt (2.0 / n);
      guint i = 0, j = 0;

      playout_statistics (v, FALSE, n, 11 + k, all, res_all);
      playout_statistics (v, TRUE, n, 911 + k, one, res_one);
      qsort (all, n, sizeof (guint), compare_uint);
      qsort (one, n, sizeof (guint), compare_uint);
      /* Largest gap between the two empirical distribution functions. */
      while (i < n && j < n)
        {
          guint x = MIN (all[i], one[j]);
          while (i < n && all[i] == x)
            i++;
          while (j < n && one[j] == x)
            j++;
          d = MAX (d, fabs ((gdouble) i / n - (gdouble) j / n));
        }
      g_test_message ("%s: KS distance %.4f (bound %.4f), South wins %u vs %u, draws %u vs %u",
                      ids[k], d, crit, res_all[KIELA_STATUS_SOUTH_WINS], res_one[KIELA_STATUS_SOUTH_WINS],
                      res_all[KIELA_STATUS_DRAW], res_one[KIELA_STATUS_DRAW]);
      g_assert_cmpfloat (d, <, crit);
      for (guint s = KIELA_STATUS_SOUTH_WINS; s <= KIELA_STATUS_DRAW; s++)
        {
          gdouble p1 = (gdouble) res_all[s] / n, p2 = (gdouble) res_one[s] / n, p = (p1 + p2) / 2;
          gdouble se = sqrt (MAX (p * (1 - p), 1.0 / n) * 2.0 / n);
          g_assert_cmpfloat (fabs (p1 - p2), <, 3.3 * se);
        }
    }
}

/* kiela_random_playout written the obvious way: every position kept and compared. */
static void
naive_playout (const KielaVariant *v, const KielaPosition *start, const KielaPosition *history, guint n_history,
               KielaRng *rng, guint max_plies, KielaPlayoutResult *result)
{
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (KielaPosition));
  KielaPosition pos = *start;

  memset (result, 0, sizeof *result);
  g_array_append_vals (seen, history, n_history);
  for (;;)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      KielaPosition children[KIELA_MAX_MOVES];
      gboolean endless[KIELA_MAX_MOVES];
      guint32 drops[KIELA_MAX_MOVES];
      guint reps = 1, n, pick;

      for (guint i = 0; i < seen->len; i++)
        reps += kiela_position_equal (&g_array_index (seen, KielaPosition, i), &pos);
      if (reps >= 3)
        {
          result->status = KIELA_STATUS_DRAW;
          result->reason = KIELA_REASON_REPETITION;
          break;
        }
      g_array_append_val (seen, pos);
      n = kiela_legal_moves_ex (v, &pos, moves, children, endless, drops);
      if (n == 0)
        {
          result->status = pos.to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          result->reason = KIELA_REASON_NO_MOVES;
          break;
        }
      if (result->plies >= max_plies)
        {
          result->status = KIELA_STATUS_DRAW;
          result->reason = KIELA_REASON_MOVE_LIMIT;
          break;
        }
      pick = kiela_rng_below (rng, n);
      result->drops += drops[pick];
      result->plies++;
      pos = children[pick];
      if (endless[pick])
        {
          result->status = pos.to_move == KIELA_NORTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          result->reason = KIELA_REASON_ENDLESS_MOVE;
          break;
        }
    }
  result->final = pos;
}

/*
 * The playouts' shortcuts (compact board, hashed history behind a filter)
 * change nothing: game for game, the same seed gives the same end, reason,
 * length, drops and final position as the obvious playout, with and without
 * an earlier history (whose positions count toward repetition).
 */
static void
test_playout_matches_naive (void)
{
  const char *ids[] = { "kiela", "kiela-beginner", "hawalis" };
  guint repetitions = 0;

  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      const KielaVariant *v = variant (ids[k]);
      KielaRng rng;

      kiela_rng_seed (&rng, 42 + k);
      for (guint g = 0; g < 400; g++)
        {
          KielaPosition history[12], start;
          guint n_history = 0;
          KielaRng a, b;
          KielaPlayoutResult fast, naive;

          /* An earlier game: a few plies from the start, the last one the playout's start. */
          kiela_position_init_start (&start, v);
          for (guint i = 0, len = g % 12; i < len; i++)
            {
              KielaMove m;
              KielaPosition after;
              gboolean endless;
              if (!kiela_random_legal_move (v, &start, &rng, &m, &after, &endless) || endless)
                break;
              history[n_history++] = start;
              start = after;
            }
          /* Sometimes the start has already been seen twice: a draw at once. */
          if (g % 50 == 7 && n_history >= 2)
            history[0] = history[1] = start;
          a = rng;
          b = rng;
          kiela_random_playout (v, &start, history, n_history, &a, 300, &fast);
          naive_playout (v, &start, history, n_history, &b, 300, &naive);
          g_assert_cmpint (fast.status, ==, naive.status);
          g_assert_cmpint (fast.reason, ==, naive.reason);
          g_assert_cmpuint (fast.plies, ==, naive.plies);
          g_assert_cmpuint (fast.drops, ==, naive.drops);
          g_assert_true (kiela_position_equal (&fast.final, &naive.final));
          g_assert_cmpuint (kiela_rng_next (&a), ==, kiela_rng_next (&b));
          repetitions += fast.reason == KIELA_REASON_REPETITION;
          rng = a;
        }
    }
  g_test_message ("%u games ended by repetition", repetitions);
  g_assert_cmpuint (repetitions, >=, 8);
}

/*
 * The legal-move mask that the playouts draw from (each candidate decided by a
 * look at its first laps, then sown on) holds exactly the moves that
 * kiela_legal_moves finds by sowing every candidate in full, with each look
 * the processor has (portable, SSSE3, AVX2, AVX-512 VBMI): on random boards
 * of up to 255 stones (long laps, relays, captures), the rules' endless
 * example, and every position of random games; other rules are refused.
 */
static void
test_legal_mask (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaRng rng;
  guint checked = 0, illegal_seen = 0;
  const guint was = kiela_packed_get_leaf_look ();

  kiela_rng_seed (&rng, 77);
  for (guint kind = KIELA_LEAF_LOOK_PORTABLE; kind <= KIELA_LEAF_LOOK_BEST; kind++)
    {
      if (!kiela_packed_set_leaf_look (kind))
        {
          g_test_message ("leaf look %u: not on this processor", kind);
          continue;
        }

      for (guint t = 0; t < 3000; t++)
        {
          KielaPosition pos;
          KielaPacked packed;
          KielaMove moves[KIELA_MAX_MOVES], cand[KIELA_MAX_MOVES];
          guint32 mask = 0xdeadbeef, expected = 0;
          guint n;

          if (t == 0)
            endless_position (&pos);
          else
            {
              const guint stones = 1 + kiela_rng_below (&rng, t % 3 ? 80 : 255);

              memset (&pos, 0, sizeof pos);
              pos.files = 10;
              pos.to_move = kiela_rng_below (&rng, 2);
              for (guint s = 0; s < stones; s++)
                pos.houses[kiela_rng_below (&rng, 2)][kiela_rng_below (&rng, 20)]++;
            }
          g_assert_true (kiela_packed_from_position (v, &pos, &packed));
          g_assert_true (kiela_packed_legal_mask (v, &packed, &mask));
          n = kiela_legal_moves (v, &pos, moves, NULL, NULL);
          for (guint i = 0; i < n; i++)
            expected |= (guint32) 1 << moves[i];
          g_assert_cmphex (mask, ==, expected);
          illegal_seen += kiela_candidate_moves (v, &pos, cand) - n;
          checked++;
        }
      for (guint g = 0; g < 50; g++)
        {
          KielaPosition pos;

          kiela_position_init_start (&pos, v);
          for (guint ply = 0; ply < 200; ply++)
            {
              KielaPacked packed;
              KielaMove moves[KIELA_MAX_MOVES], m;
              guint32 mask = 0, expected = 0;
              guint n = kiela_legal_moves (v, &pos, moves, NULL, NULL);
              gboolean endless;

              g_assert_true (kiela_packed_from_position (v, &pos, &packed));
              g_assert_true (kiela_packed_legal_mask (v, &packed, &mask));
              for (guint i = 0; i < n; i++)
                expected |= (guint32) 1 << moves[i];
              g_assert_cmphex (mask, ==, expected);
              checked++;
              if (!kiela_random_legal_move (v, &pos, &rng, &m, &pos, &endless) || endless)
                break;
            }
        }
    }
  kiela_packed_set_leaf_look (was);
  g_test_message ("%u positions, %u endless candidates", checked, illegal_seen);
  g_assert_cmpuint (illegal_seen, >, 0);

  {
    const KielaVariant *other = variant ("hawalis");
    KielaPosition pos;
    KielaPacked packed;
    guint32 mask = 0;

    kiela_position_init_start (&pos, other);
    if (kiela_packed_from_position (other, &pos, &packed))
      g_assert_false (kiela_packed_legal_mask (other, &packed, &mask));
  }
}

/* kiela_random_legal_move draws every legal move equally often and never an
 * illegal endless one (section 8's example position, where a2 never ends). */
static void
test_random_legal_move (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaPosition pos;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  guint counts[KIELA_MAX_MOVES] = { 0 };
  guint n, draws = 50000;
  KielaRng rng;
  gdouble chi2 = 0;

  endless_position (&pos);
  n = kiela_legal_moves (v, &pos, moves, children, NULL);
  g_assert_cmpuint (n, >, 2);
  kiela_rng_seed (&rng, 5);
  for (guint d = 0; d < draws; d++)
    {
      KielaMove m;
      KielaPosition after;
      gboolean endless = TRUE, found = FALSE;

      g_assert_true (kiela_random_legal_move (v, &pos, &rng, &m, &after, &endless));
      g_assert_false (endless);
      for (guint i = 0; i < n; i++)
        if (moves[i] == m)
          {
            counts[i]++;
            found = TRUE;
            g_assert_true (kiela_position_equal (&after, &children[i]));
          }
      g_assert_true (found);
    }
  for (guint i = 0; i < n; i++)
    {
      gdouble e = (gdouble) draws / n;
      chi2 += (counts[i] - e) * (counts[i] - e) / e;
    }
  /* Chi-square with n - 1 degrees of freedom against its 0.1 % critical value
   * (Wilson-Hilferty): a correct drawing fails about once in a thousand seeds. */
  {
    gdouble df = n - 1, z = 3.09;
    gdouble crit = df * pow (1 - 2 / (9 * df) + z * sqrt (2 / (9 * df)), 3);
    g_test_message ("chi-square %.2f, %u moves, bound %.2f", chi2, n, crit);
    g_assert_cmpfloat (chi2, <, crit);
  }

  /* No legal move at all: FALSE. */
  memset (pos.houses[pos.to_move], 0, sizeof pos.houses[0]);
  pos.houses[pos.to_move][3] = 1;
  {
    KielaMove m;
    g_assert_false (kiela_random_legal_move (v, &pos, &rng, &m, NULL, NULL));
  }
}

/*
 * Playouts from positions past what the compact board holds (more than 255
 * stones) take the 16-bit path: game for game they match the obvious playout,
 * whether drawn from every candidate or sampled (which the 16-bit path plays
 * the same way), with an earlier history; and a random legal move there is a
 * legal move with its true child.
 */
static void
test_playout_wide_matches_naive (void)
{
  const char *ids[] = { "kiela", "kiela-beginner", "hawalis" };
  guint games = 0, repetitions = 0, moves_checked = 0;

  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      const KielaVariant *v = variant (ids[k]);
      KielaPosition start;
      KielaRng rng;

      kiela_position_init_start (&start, v);
      for (guint h = 0; h < 2u * v->files; h++)
        start.houses[0][h] += 8, start.houses[1][h] += 8;
      g_assert_cmpuint (kiela_position_total (&start), >, KIELA_PACKED_MAX_STONES);
      kiela_rng_seed (&rng, 7 + k);
      for (guint g = 0; g < 24; g++)
        {
          KielaPosition history[2] = { start, start };
          guint n_history = g % 3;   /* 2: the start seen twice before, a draw at once */

          for (guint sampled = 0; sampled < 2; sampled++)
            {
              KielaRng a = rng, b = rng;
              KielaPlayoutResult fast, naive;

              if (sampled)
                kiela_random_playout_sampled (v, &start, history, n_history, &a, 60, &fast);
              else
                kiela_random_playout (v, &start, history, n_history, &a, 60, &fast);
              naive_playout (v, &start, history, n_history, &b, 60, &naive);
              g_assert_cmpint (fast.status, ==, naive.status);
              g_assert_cmpint (fast.reason, ==, naive.reason);
              g_assert_cmpuint (fast.plies, ==, naive.plies);
              g_assert_cmpuint (fast.drops, ==, naive.drops);
              g_assert_true (kiela_position_equal (&fast.final, &naive.final));
              g_assert_cmpuint (kiela_rng_next (&a), ==, kiela_rng_next (&b));
              repetitions += fast.reason == KIELA_REASON_REPETITION;
              games++;
            }
          {
            KielaMove move, legal[KIELA_MAX_MOVES];
            KielaPosition after, child = start;
            gboolean endless, found = FALSE;
            guint n = kiela_legal_moves (v, &start, legal, NULL, NULL);

            /* None when every move never ends (crowded boards relay a lot). */
            g_assert_cmpint (kiela_random_legal_move (v, &start, &rng, &move, &after, &endless), ==, n > 0);
            for (guint i = 0; i < n; i++)
              found |= legal[i] == move;
            if (n > 0)
              {
                g_assert_true (found);
                g_assert_cmpint (!kiela_sow_fast (v, &child, move, NULL), ==, endless);
                g_assert_true (kiela_position_equal (&after, &child));
                moves_checked++;
              }
          }
          /* The next game starts from a later, still crowded, position. */
          {
            KielaMove move;
            KielaPosition after;
            gboolean endless;

            if (kiela_random_legal_move (v, &start, &rng, &move, &after, &endless) && !endless &&
                kiela_position_total (&after) > KIELA_PACKED_MAX_STONES)
              start = after;
          }
        }
    }
  g_test_message ("%u wide games, %u by repetition, %u random moves checked", games, repetitions, moves_checked);
  g_assert_cmpuint (games, ==, 144);
  g_assert_cmpuint (repetitions, >=, 16);
  g_assert_cmpuint (moves_checked, >=, 20);
}

int
main (int argc, char **argv)
{
  int ret;

  sow_test_init (&argc, &argv);
  g_test_add_func ("/sow/playout/sampled-same-distribution", test_sampled_playouts);
  g_test_add_func ("/sow/playout/random-legal-move", test_random_legal_move);
  g_test_add_func ("/sow/playout/matches-naive", test_playout_matches_naive);
  g_test_add_func ("/sow/playout/legal-mask", test_legal_mask);
  g_test_add_func ("/sow/playout/wide-matches-naive", test_playout_wide_matches_naive);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
