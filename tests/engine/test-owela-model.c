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
#include "test-common.h"

#define MAX_N 20
#define LAP_LIMIT 1000

/* rows as South sees them: 0 South outer, 1 South inner, 2 North inner, 3 North outer */
typedef struct {
  int n;
  int grid[4][MAX_N];
  int south_to_move;
} Board;

typedef struct { int row, col; } Hole;

/* A player's holes in anti-clockwise order, starting from the leftmost hole of the outer row
 * as that player sees the board. */
static int
track (int n, int south, Hole out[2 * MAX_N])
{
  int k = 0;

  if (south)
    {
      for (int c = 0; c < n; c++)
        out[k++] = (Hole) { 0, c };
      for (int c = n - 1; c >= 0; c--)
        out[k++] = (Hole) { 1, c };
    }
  else
    {
      /* North sits opposite: its left is South's right. */
      for (int c = n - 1; c >= 0; c--)
        out[k++] = (Hole) { 3, c };
      for (int c = 0; c < n; c++)
        out[k++] = (Hole) { 2, c };
    }
  return k;
}

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

static int
is_inner (int south, int row)
{
  return south ? row == 1 : row == 2;
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

static guint64
model_perft (const Board *b, int depth)
{
  int moves[2 * MAX_N];
  Board after[2 * MAX_N];
  int k;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  k = model_moves (b, moves, after);
  if (depth == 1)
    return (guint64) k;
  for (int i = 0; i < k; i++)
    total += model_perft (&after[i], depth - 1);
  return total;
}

/* ---- bridging: the engine's position read as the grid, through the notation of the rules
 * reference (section 2): squares named as South sees the board. ---- */

static void
board_from_engine (const KielaPosition *pos, Board *b)
{
  memset (b, 0, sizeof *b);
  b->n = pos->files;
  b->south_to_move = pos->to_move == KIELA_SOUTH;
  for (int side = 0; side < 2; side++)
    for (guint h = 0; h < 2u * pos->files; h++)
      {
        char sq[4];
        int col, rank;

        kiela_square_name (pos->files, (KielaSide) side, h, sq);
        col = sq[0] - 'a';
        rank = sq[1] - '1';
        b->grid[rank][col] = pos->houses[side][h];
      }
}

/* The track index of the square a move names. */
static int
track_index_of (const Board *b, guint files, KielaSide side, KielaMove move)
{
  char sq[4];
  Hole t[2 * MAX_N];
  int len = track (b->n, side == KIELA_SOUTH, t);

  kiela_square_name (files, side, (guint) move, sq);
  for (int i = 0; i < len; i++)
    if (t[i].col == sq[0] - 'a' && t[i].row == sq[1] - '1')
      return i;
  g_assert_not_reached ();
}

static void
assert_boards_equal (const Board *a, const Board *b)
{
  g_assert_cmpint (a->n, ==, b->n);
  g_assert_cmpint (a->south_to_move, ==, b->south_to_move);
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < a->n; c++)
      if (a->grid[r][c] != b->grid[r][c])
        g_error ("row %d column %d: %d against %d", r, c, a->grid[r][c], b->grid[r][c]);
}

static const KielaVariant *owela;

/* Legal moves and the positions after them agree; returns the number of moves. */
static guint
compare_position (const KielaPosition *pos)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  int model[2 * MAX_N];
  Board after[2 * MAX_N], b;
  guint n = kiela_legal_moves (owela, pos, moves, children, NULL);
  int k;

  board_from_engine (pos, &b);
  k = model_moves (&b, model, after);
  g_assert_cmpint ((int) n, ==, k);
  for (guint i = 0; i < n; i++)
    {
      int ti = track_index_of (&b, pos->files, (KielaSide) pos->to_move, moves[i]);
      gboolean found = FALSE;

      for (int j = 0; j < k; j++)
        if (model[j] == ti)
          {
            Board e;

            board_from_engine (&children[i], &e);
            assert_boards_equal (&e, &after[j]);
            found = TRUE;
          }
      g_assert_true (found);
    }
  return n;
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
  guint positions = 0, moves = 0, endings_no_move = 0, endings_repetition = 0;
  const guint games = g_test_slow () ? 400 : 60;

  for (guint g = 0; g < games; g++)
    {
      g_autoptr(KielaGame) game = kiela_game_new (owela);
      GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      KielaReason reason;

      for (guint ply = 0; ply < 400; ply++)
        {
          const KielaPosition *pos = kiela_game_get_position (game);
          g_autofree char *key = kiela_position_to_string (pos);
          guint times = GPOINTER_TO_UINT (g_hash_table_lookup (seen, key)) + 1;
          KielaStatus status = kiela_game_get_status (game, &reason);
          KielaMove legal[KIELA_MAX_MOVES];
          guint n;

          g_hash_table_replace (seen, g_strdup (key), GUINT_TO_POINTER (times));
          n = compare_position (pos);
          positions++;
          moves += n;
          /* The model's ending: no move loses, the third occurrence draws. */
          if (times >= 3)
            {
              g_assert_cmpint (status, ==, KIELA_STATUS_DRAW);
              g_assert_cmpint (reason, ==, KIELA_REASON_REPETITION);
              endings_repetition++;
              break;
            }
          if (n == 0)
            {
              g_assert_cmpint (status, ==, pos->to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS);
              g_assert_cmpint (reason, ==, KIELA_REASON_NO_MOVES);
              endings_no_move++;
              break;
            }
          g_assert_cmpint (status, ==, KIELA_STATUS_ONGOING);
          n = kiela_legal_moves (owela, pos, legal, NULL, NULL);
          g_assert_true (kiela_game_play (game, legal[g_rand_int_range (rand, 0, (gint) n)], NULL, NULL));
        }
      g_hash_table_unref (seen);
    }
  g_test_message ("%u positions, %u moves; %u games ended without a move, %u by repetition", positions, moves,
                  endings_no_move, endings_repetition);
  g_assert_cmpuint (positions, >, 1000);
  g_assert_cmpuint (endings_no_move, >, 0);
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
      guint64 model = model_perft (&b, (int) d);

      g_test_message ("perft %u: %" G_GUINT64_FORMAT, d, model);
      g_assert_cmpuint (kiela_perft (owela, &pos, d), ==, model);
    }
  /* 17 houses of 2 stones: every one may be sown at the first ply. */
  g_assert_cmpuint (model_perft (&b, 1), ==, 17);
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
