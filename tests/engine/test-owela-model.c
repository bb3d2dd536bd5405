/* test-owela-model.c: Owela (Benguela) played by a naive model written from its source, against the engine.
 *
 * The model knows nothing of the engine's local numbering, its sowing body or its variant
 * struct: it plays on a 4 × N grid as South sees the board, from the rules as Ludii summarises
 * Silva (1995, pp. 75–82):
 *
 *   "4x12-20 board. Play begins with a number of counters that is three times the number of
 *    holes in a row minus two for a game with an even number of holes in a row; three times
 *    the number of holes minus one for odd. Counters are distributed beginning in the leftmost
 *    hole in the outer row, placing two counters in each hole in an anti-clockwise direction.
 *    Play begins from any of the player's holes, sowing anti-clockwise. When the final counter
 *    lands in an occupied hole, these are picked up and sowing continues, unless a capture can
 *    be made. Captures are made when the final counter falls into an occupied hole in the inner
 *    row, and the opponent's hole opposite contains counters. If it is, they are captured, and
 *    if the hole in to outer row opposite also contains counters, these are also captured.
 *    These are then sown from the hole following the one from which the capture occurred. If
 *    the final counter falls into an empty hole, the turn is over. Single counters cannot be
 *    sown. Play ends when one player cannot move."
 *
 * and the engine's own additions, which no source has: a move still going after 1,000 laps is
 * endless and not legal, a player who cannot move loses, and a third repetition draws. */
#include "config.h"

#include <string.h>
#include "test-model-common.h"

static void
model_start (Board *b, int n)
{
  memset (b, 0, sizeof *b);
  b->n = n;
  b->south_to_move = 1;
  for (int south = 0; south < 2; south++)
    {
      Hole t[2 * MAX_N];
      int len = track (n, south, t);
      int counters = n % 2 == 0 ? 3 * n - 2 : 3 * n - 1;

      for (int i = 0; i < len && counters > 0; i++)
        {
          b->grid[t[i].row][t[i].col] = 2;
          counters -= 2;
        }
    }
}

/* Plays the hole at track index `from` for the side to move.  Returns 0 when the move is still
 * going after LAP_LIMIT laps (the engine's limit), 1 when it ended. */
static int
model_play (Board *b, int from)
{
  const int south = b->south_to_move;
  Hole t[2 * MAX_N];
  int len = track (b->n, south, t);
  int at = from;
  int hand = b->grid[t[at].row][t[at].col];

  b->grid[t[at].row][t[at].col] = 0;
  for (int lap = 1; lap <= LAP_LIMIT; lap++)
    {
      int was;
      Hole h;

      while (hand > 0)
        {
          at = (at + 1) % len;
          b->grid[t[at].row][t[at].col]++;
          hand--;
        }
      h = t[at];
      was = b->grid[h.row][h.col] - 1;
      if (was == 0)
        {
          b->south_to_move = !south;
          return 1;
        }
      if (is_inner (south, h.row))
        {
          int opp_inner = south ? 2 : 1, opp_outer = south ? 3 : 0;

          if (b->grid[opp_inner][h.col] > 0)
            {
              hand = b->grid[opp_inner][h.col] + b->grid[opp_outer][h.col];
              b->grid[opp_inner][h.col] = 0;
              b->grid[opp_outer][h.col] = 0;
              /* sown from the hole following the capturing one, which keeps its counters */
              continue;
            }
        }
      hand = b->grid[h.row][h.col];
      b->grid[h.row][h.col] = 0;
    }
  b->south_to_move = !south;
  return 0;
}

/* Legal moves as track indices, with the boards after them. */
static int
model_moves (const Board *b, int moves[2 * MAX_N], Board after[2 * MAX_N])
{
  Hole t[2 * MAX_N];
  int len = track (b->n, b->south_to_move, t), k = 0;

  for (int i = 0; i < len; i++)
    if (b->grid[t[i].row][t[i].col] >= 2)
      {
        Board c = *b;

        if (model_play (&c, i))
          {
            moves[k] = i;
            after[k++] = c;
          }
      }
  return k;
}

static const KielaVariant *owela;

/* Legal moves and the positions after them agree; returns the number of moves. */
static guint
compare_position (const KielaPosition *pos)
{
  return model_compare_position (owela, model_moves, pos);
}

/* The start the model lays out from Silva's count is the engine's. */
static void
test_start (void)
{
  KielaPosition pos;
  Board b, m;

  kiela_position_init_start (&pos, owela);
  board_from_engine (&pos, &b);
  model_start (&m, 12);
  assert_boards_equal (&b, &m);
  g_assert_cmpuint (kiela_position_total (&pos), ==, 2 * (3 * 12 - 2));
}

/* Seeded random games from the start: at every position the legal moves and the positions
 * after them agree, and the games end alike (no move: the mover loses; a third repetition:
 * a draw). */
static void
test_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (26);
  ModelGameStats stats = { 0 };
  const guint games = g_test_slow () ? 400 : 60;
  for (guint g = 0; g < games; g++)
    {
      g_autoptr(KielaGame) game = kiela_game_new (owela);

      model_random_game (owela, model_moves, game, rand, 400, &stats);
    }
  g_test_message ("%u positions, %u moves; %u games ended without a move, %u by repetition", stats.positions,
                  stats.moves, stats.endings_no_move, stats.endings_repetition);
  g_assert_cmpuint (stats.positions, >, 1000);
  g_assert_cmpuint (stats.endings_no_move, >, 0);
}

/* Constructed positions: the 68 stones spread at random over both sides, either side to move,
 * and crowded ones past the compact board's 255 stones. */
static void
test_constructed_positions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1995);
  guint with_moves = 0;

  for (guint i = 0; i < 3000; i++)
    {
      KielaPosition pos;
      guint stones = i % 10 == 0 ? 300 : 68;

      kiela_position_init_start (&pos, owela);
      memset (pos.houses, 0, sizeof pos.houses);
      for (guint s = 0; s < stones; s++)
        pos.houses[g_rand_int_range (rand, 0, 2)][g_rand_int_range (rand, 0, 24)]++;
      pos.to_move = (guint8) g_rand_int_range (rand, 0, 2);
      if (compare_position (&pos) > 0)
        with_moves++;
    }
  g_assert_cmpuint (with_moves, >, 2000);
}

/* Perft from the start, counted by the model, is the engine's. */
static void
test_perft (void)
{
  KielaPosition pos;
  Board b;
  const guint max_depth = g_test_slow () ? 5 : 4;

  kiela_position_init_start (&pos, owela);
  model_start (&b, 12);
  for (guint d = 0; d <= max_depth; d++)
    {
      guint64 model = model_perft (model_moves, &b, (int) d);

      g_test_message ("perft %u: %" G_GUINT64_FORMAT, d, model);
      g_assert_cmpuint (kiela_perft (owela, &pos, d), ==, model);
    }
  /* 17 houses of 2 stones: every one may be sown at the first ply. */
  g_assert_cmpuint (model_perft (model_moves, &b, 1), ==, 17);
}

int
main (int argc, char **argv)
{
  KielaRegistry *registry = test_init (&argc, &argv);

  g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
  kiela_registry_load_variant_files (registry);
  owela = kiela_registry_lookup_variant (registry, "owela");
  g_assert_nonnull (owela);
  g_test_add_func ("/owela-model/start", test_start);
  g_test_add_func ("/owela-model/random-games", test_random_games);
  g_test_add_func ("/owela-model/constructed-positions", test_constructed_positions);
  g_test_add_func ("/owela-model/perft", test_perft);
  int status = g_test_run ();

  kiela_registry_free (registry);
  return status;
}
