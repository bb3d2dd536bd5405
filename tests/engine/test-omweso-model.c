/* test-omweso-model.c: Omweso played by a naive model written from its sources, against the engine.
 *
 * The model knows nothing of the engine's local numbering, its sowing code or its variant
 * struct: it plays on a 4 × 8 grid as South sees the board (row 0 South's outer row ... row 3
 * North's outer row), from the rules as Wikipedia (“Omweso”) and Nsimbi (1968) give them:
 *
 *   - 32 seeds a player, arranged freely over the player's 16 holes before play.
 *   - A player sows the seeds of one of their holes holding at least two, one by one,
 *     anticlockwise around their own 16 holes.
 *   - When the last seed falls into an empty hole the move ends.  When it falls into an
 *     occupied hole of the inner row and both opponent holes of that column hold seeds, those
 *     are captured and sown again, starting from the hole where the capturing sowing began
 *     (Nsimbi: the first seed into the hole after it); a capture they make is sown from that
 *     same hole again.  Any other occupied hole is lifted and its seeds sown on (a relay).
 *   - Reverse captures: from the four left-hand holes (the two leftmost of each of the
 *     player's rows) the seeds may be sown clockwise when that sowing captures; the captured
 *     seeds, sown from one of those holes, may go clockwise again when that captures; a
 *     relay sowing lifted from one of those holes may turn clockwise when that captures.
 *   - A player who captures in both end columns in one turn wins at once.
 *   - A player who cannot move loses.
 *
 * Where the sources let the player choose (a turn in the middle of a move) the shipped file
 * always turns when the turn captures; the model does the same, and says so.  The engine's
 * own additions, which no source has: a move still going after 1,000 laps is endless and not
 * legal, and a third repetition draws.  Where the both-ends win stops the move (at the
 * second end's capture, the captured seeds staying in the capturing hole) is the file's
 * reading too. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "test-common.h"

#define N 8
#define LAP_LIMIT 1000

typedef struct {
  int grid[4][N];
  int south_to_move;
  int won;    /* the player who just moved captured at both ends */
} Board;

typedef struct { int row, col; } Hole;

/* A player's 16 holes in anticlockwise order (as that player sows), starting from the
 * leftmost hole of the outer row as the player sees the board. */
static void
track (int south, Hole out[2 * N])
{
  int k = 0;

  if (south)
    {
      for (int c = 0; c < N; c++)
        out[k++] = (Hole) { 0, c };
      for (int c = N - 1; c >= 0; c--)
        out[k++] = (Hole) { 1, c };
    }
  else
    {
      for (int c = N - 1; c >= 0; c--)
        out[k++] = (Hole) { 3, c };
      for (int c = 0; c < N; c++)
        out[k++] = (Hole) { 2, c };
    }
}

/* The four left-hand holes: the two leftmost of each row, as the player sees the board. */
static int
is_left_hole (int south, Hole h)
{
  return south ? h.col <= 1 : h.col >= N - 2;
}

static int
at_of (int south, Hole h)
{
  Hole t[2 * N];

  track (south, t);
  for (int i = 0; i < 2 * N; i++)
    if (t[i].row == h.row && t[i].col == h.col)
      return i;
  g_assert_not_reached ();
}

static int
step (int at, int dir)
{
  return (at + dir + 2 * N) % (2 * N);
}

/* Where a sowing of `hand` seeds after track index `after` in direction dir ends, on a copy:
 * whether its last seed captures. */
static int
would_capture (const Board *b, int south, int after, int hand, int lift, int dir)
{
  Board c = *b;
  Hole t[2 * N];
  int at = after;

  track (south, t);
  if (lift >= 0)
    c.grid[t[lift].row][t[lift].col] = 0;
  for (int k = 0; k < hand; k++)
    {
      at = step (at, dir);
      c.grid[t[at].row][t[at].col]++;
    }
  {
    Hole h = t[at];
    int inner = south ? h.row == 1 : h.row == 2;
    int opp_inner = south ? 2 : 1, opp_outer = south ? 3 : 0;

    return inner && c.grid[h.row][h.col] > 1 && b->grid[opp_inner][h.col] > 0 && b->grid[opp_outer][h.col] > 0;
  }
}

/* Plays the hole at track index `from` in direction dir (1 anticlockwise, -1 clockwise) for
 * the side to move.  Returns 0 when the move is still going after LAP_LIMIT laps. */
static int
model_play (Board *b, int from, int dir)
{
  const int south = b->south_to_move;
  Hole t[2 * N];
  int after = from, origin = from, lift = from, hand, ends[2] = { 0, 0 };

  track (south, t);
  hand = b->grid[t[from].row][t[from].col];
  b->won = 0;
  for (int lap = 1; lap <= LAP_LIMIT; lap++)
    {
      int at = after;
      Hole h;
      int inner, opp_inner = south ? 2 : 1, opp_outer = south ? 3 : 0;

      if (lift >= 0)
        b->grid[t[lift].row][t[lift].col] = 0;
      for (int k = 0; k < hand; k++)
        {
          at = step (at, dir);
          b->grid[t[at].row][t[at].col]++;
        }
      h = t[at];
      inner = south ? h.row == 1 : h.row == 2;
      if (b->grid[h.row][h.col] == 1)
        break;   /* an empty hole: the move is over */
      if (inner && b->grid[opp_inner][h.col] > 0 && b->grid[opp_outer][h.col] > 0)
        {
          int taken = b->grid[opp_inner][h.col] + b->grid[opp_outer][h.col];

          b->grid[opp_inner][h.col] = b->grid[opp_outer][h.col] = 0;
          ends[0] |= h.col == 0;
          ends[1] |= h.col == N - 1;
          if (ends[0] && ends[1])
            {
              b->grid[h.row][h.col] += taken;
              b->won = 1;
              break;
            }
          /* sown from where the capturing lap began: clockwise again from a left-hand hole
           * when that captures, else anticlockwise */
          dir = is_left_hole (south, t[origin]) && would_capture (b, south, origin, taken, -1, -1) ? -1 : 1;
          after = origin;
          hand = taken;
          lift = -1;
          if (lap == LAP_LIMIT)
            {
              b->south_to_move = !south;
              return 0;
            }
          continue;
        }
      /* a relay; from a left-hand hole it turns clockwise when that captures */
      if (dir > 0 && is_left_hole (south, h) && would_capture (b, south, at, b->grid[h.row][h.col], at, -1))
        dir = -1;
      hand = b->grid[h.row][h.col];
      after = origin = lift = at;
      if (lap == LAP_LIMIT)
        {
          b->south_to_move = !south;
          return 0;
        }
    }
  b->south_to_move = !south;
  return 1;
}

typedef struct { int at, dir; } ModelMove;

static int
model_moves (const Board *b, ModelMove moves[4 * N], Board after[4 * N])
{
  const int south = b->south_to_move;
  Hole t[2 * N];
  int k = 0;

  /* The opponent just won by capturing at both ends: no move. */
  if (b->won)
    return 0;
  track (south, t);
  for (int dir = 1; dir >= -1; dir -= 2)
    for (int i = 0; i < 2 * N; i++)
      {
        Board c = *b;

        if (b->grid[t[i].row][t[i].col] < 2)
          continue;
        if (dir < 0 && !(is_left_hole (south, t[i]) && would_capture (b, south, i, b->grid[t[i].row][t[i].col], i, -1)))
          continue;
        if (model_play (&c, i, dir))
          {
            moves[k] = (ModelMove) { i, dir };
            after[k++] = c;
          }
      }
  return k;
}

static guint64
model_perft (const Board *b, int depth)
{
  ModelMove moves[4 * N];
  Board after[4 * N];
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
 * reference (section 2): squares named as South sees the board, "<" for clockwise. ---- */

static void
board_from_engine (const KielaPosition *pos, Board *b)
{
  g_assert_cmpuint (pos->files, ==, N);
  memset (b, 0, sizeof *b);
  b->south_to_move = pos->to_move == KIELA_SOUTH;
  /* The side to move has lost: its opponent won. */
  b->won = (pos->lost & (1u << pos->to_move)) != 0;
  for (int side = 0; side < 2; side++)
    for (guint h = 0; h < 2u * N; h++)
      {
        char sq[4];

        kiela_square_name (N, (KielaSide) side, h, sq);
        b->grid[sq[1] - '1'][sq[0] - 'a'] = pos->houses[side][h];
      }
}

static ModelMove
model_move_of (KielaSide side, KielaMove move)
{
  char sq[4];

  kiela_square_name (N, side, (guint) move, sq);
  return (ModelMove) { at_of (side == KIELA_SOUTH, (Hole) { sq[1] - '1', sq[0] - 'a' }), sq[2] == '<' ? -1 : 1 };
}

static void
assert_boards_equal (const Board *a, const Board *b)
{
  g_assert_cmpint (a->south_to_move, ==, b->south_to_move);
  g_assert_cmpint (a->won, ==, b->won);
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < N; c++)
      if (a->grid[r][c] != b->grid[r][c])
        g_error ("row %d column %d: %d against %d", r, c, a->grid[r][c], b->grid[r][c]);
}

static const KielaVariant *omweso;
static guint clockwise_seen;

/* Legal moves and the positions after them agree; returns the number of moves. */
static guint
compare_position (const KielaPosition *pos)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  ModelMove model[4 * N];
  Board after[4 * N], b;
  guint n = kiela_legal_moves (omweso, pos, moves, children, NULL);
  int k;

  board_from_engine (pos, &b);
  k = model_moves (&b, model, after);
  g_assert_cmpint ((int) n, ==, k);
  for (guint i = 0; i < n; i++)
    {
      ModelMove m = model_move_of ((KielaSide) pos->to_move, moves[i]);
      gboolean found = FALSE;

      clockwise_seen += KIELA_MOVE_IS_CLOCKWISE (moves[i]);
      for (int j = 0; j < k; j++)
        if (model[j].at == m.at && model[j].dir == m.dir)
          {
            Board e;

            /* The board after the move, the both-ends win included, is the model's. */
            board_from_engine (&children[i], &e);
            assert_boards_equal (&e, &after[j]);
            found = TRUE;
          }
      g_assert_true (found);
    }
  return n;
}

/* A random free arrangement of a side's 32 stones. */
static void
random_arrangement (GRand *rand, guint16 counts[KIELA_MAX_HOUSES])
{
  memset (counts, 0, sizeof (guint16) * KIELA_MAX_HOUSES);
  for (guint s = 0; s < 32; s++)
    counts[g_rand_int_range (rand, 0, 2 * N)]++;
}

/* Seeded random games from random arrangements: at every position the legal moves (clockwise
 * ones included) and the positions after them agree, and the games end alike. */
static void
test_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1968);
  guint positions = 0, moves = 0, endings_no_move = 0, endings_both_ends = 0, endings_repetition = 0;
  const guint games = g_test_slow () ? 600 : 120;

  clockwise_seen = 0;
  for (guint g = 0; g < games; g++)
    {
      g_autoptr(KielaGame) game = kiela_game_new (omweso);
      GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      guint16 counts[KIELA_MAX_HOUSES];
      KielaReason reason;

      random_arrangement (rand, counts);
      g_assert_true (kiela_game_setup (game, KIELA_SOUTH, counts, NULL));
      random_arrangement (rand, counts);
      g_assert_true (kiela_game_setup (game, KIELA_NORTH, counts, NULL));
      for (guint ply = 0; ply < 400; ply++)
        {
          const KielaPosition *pos = kiela_game_get_position (game);
          g_autofree char *key = kiela_position_to_string (pos);
          guint times = GPOINTER_TO_UINT (g_hash_table_lookup (seen, key)) + 1;
          KielaStatus status = kiela_game_get_status (game, &reason);
          KielaMove legal[KIELA_MAX_MOVES];
          KielaStatus lost = pos->to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          Board b;
          guint n;

          g_hash_table_replace (seen, g_strdup (key), GUINT_TO_POINTER (times));
          n = compare_position (pos);
          positions++;
          moves += n;
          board_from_engine (pos, &b);
          if (b.won)
            {
              g_assert_cmpint (status, ==, lost);
              g_assert_cmpint (reason, ==, KIELA_REASON_BOTH_ENDS);
              endings_both_ends++;
              break;
            }
          if (times >= 3)
            {
              g_assert_cmpint (status, ==, KIELA_STATUS_DRAW);
              g_assert_cmpint (reason, ==, KIELA_REASON_REPETITION);
              endings_repetition++;
              break;
            }
          if (n == 0)
            {
              g_assert_cmpint (status, ==, lost);
              g_assert_cmpint (reason, ==, KIELA_REASON_NO_MOVES);
              endings_no_move++;
              break;
            }
          g_assert_cmpint (status, ==, KIELA_STATUS_ONGOING);
          n = kiela_legal_moves (omweso, pos, legal, NULL, NULL);
          g_assert_true (kiela_game_play (game, legal[g_rand_int_range (rand, 0, (gint) n)], NULL, NULL));
        }
      g_hash_table_unref (seen);
    }
  g_test_message ("%u positions, %u moves (%u clockwise); %u games ended without a move, %u at both ends, "
                  "%u by repetition", positions, moves, clockwise_seen, endings_no_move, endings_both_ends,
                  endings_repetition);
  g_assert_cmpuint (positions, >, 1000);
  g_assert_cmpuint (clockwise_seen, >, 100);
  g_assert_cmpuint (endings_no_move + endings_both_ends, >, 0);
}

/* Constructed positions: a few, some or many stones spread at random, either side to move. */
static void
test_constructed_positions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1934);
  guint with_moves = 0;

  clockwise_seen = 0;
  for (guint i = 0; i < 4000; i++)
    {
      KielaPosition pos;
      guint stones = i % 10 == 0 ? 300 : i % 3 == 0 ? 12 : 64;

      kiela_position_init_start (&pos, omweso);
      memset (pos.houses, 0, sizeof pos.houses);
      for (guint s = 0; s < stones; s++)
        pos.houses[g_rand_int_range (rand, 0, 2)][g_rand_int_range (rand, 0, 2 * N)]++;
      pos.to_move = (guint8) g_rand_int_range (rand, 0, 2);
      if (compare_position (&pos) > 0)
        with_moves++;
    }
  g_test_message ("%u clockwise moves", clockwise_seen);
  g_assert_cmpuint (with_moves, >, 3000);
  g_assert_cmpuint (clockwise_seen, >, 200);
}

/* Sets South's and North's houses from squares: "a1:3 b2:2 ...". */
static void
position_from (KielaPosition *pos, KielaSide to_move, const char *layout)
{
  g_auto(GStrv) parts = g_strsplit (layout, " ", -1);

  kiela_position_init_start (pos, omweso);
  memset (pos->houses, 0, sizeof pos->houses);
  pos->to_move = (guint8) to_move;
  for (guint i = 0; parts[i]; i++)
    {
      KielaSquare sq;
      char name[3] = { parts[i][0], parts[i][1], '\0' };

      g_assert_true (kiela_square_parse (N, name, &sq, NULL));
      pos->houses[sq.side][sq.house] = (guint16) atoi (parts[i] + 3);
    }
}

static guint
count_at (const KielaPosition *pos, const char *square)
{
  KielaSquare sq;

  g_assert_true (kiela_square_parse (N, square, &sq, NULL));
  return pos->houses[sq.side][sq.house];
}

/* A reverse capture worked by hand: South's b1 holds 2; clockwise its stones go to a1 and a2
 * (occupied), facing North's a3 and a4, both occupied: a capture.  Anticlockwise they would
 * end in the empty d1.  So b1< is legal, named "b1<", and its captured stones (3 + 1), sown
 * from b1 again, go clockwise when that captures: here a1, a2, b2, c2 — c2 empty, so no; they
 * go anticlockwise: c1, d1, e1, f1, the last into an empty house. */
static void
test_reverse_capture (void)
{
  KielaPosition pos, after;
  KielaMove moves[KIELA_MAX_MOVES];
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  guint n;
  gboolean has_cw = FALSE;

  position_from (&pos, KIELA_SOUTH, "b1:2 a2:1 e2:2 a3:3 a4:1 h3:2 h4:2");
  n = kiela_legal_moves (omweso, &pos, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    if (moves[i] == (1 | KIELA_MOVE_CLOCKWISE))
      has_cw = TRUE;
  g_assert_true (has_cw);
  /* e2 holds 2 but is not a left-hand house: no clockwise move from it. */
  for (guint i = 0; i < n; i++)
    g_assert_false (KIELA_MOVE_IS_CLOCKWISE (moves[i]) && KIELA_MOVE_HOUSE (moves[i]) != 1);

  game = kiela_game_new_from_position (omweso, &pos, &error);
  g_assert_no_error (error);
  g_assert_true (kiela_game_play_square (game, "b1<", NULL, &error));
  g_assert_no_error (error);
  name = kiela_game_dup_move_name (game, 0);
  g_assert_cmpstr (name, ==, "b1<");
  after = *kiela_game_get_position (game);
  g_assert_cmpuint (count_at (&after, "a3"), ==, 0);
  g_assert_cmpuint (count_at (&after, "a4"), ==, 0);
  g_assert_cmpuint (count_at (&after, "a1"), ==, 1);
  g_assert_cmpuint (count_at (&after, "a2"), ==, 2);
  g_assert_cmpuint (count_at (&after, "b1"), ==, 0);
  g_assert_cmpuint (count_at (&after, "c1"), ==, 1);
  g_assert_cmpuint (count_at (&after, "f1"), ==, 1);
  g_assert_cmpuint (kiela_position_total (&after), ==, kiela_position_total (&pos));
}

/* Where clockwise does not capture, the clockwise move is refused, and says why. */
static void
test_reverse_refused (void)
{
  KielaPosition pos;
  g_autofree char *why = NULL, *why2 = NULL;
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GError) error = NULL;

  position_from (&pos, KIELA_SOUTH, "b1:2 e2:2 a3:3 h3:2 h4:2");
  why = kiela_explain_illegal (omweso, &pos, 1 | KIELA_MOVE_CLOCKWISE);
  g_assert_cmpstr (why, ==, "b1 may be sown clockwise only when that sowing captures.");
  why2 = kiela_explain_illegal (omweso, &pos, 11 | KIELA_MOVE_CLOCKWISE);
  g_assert_cmpstr (why2, ==, "e2 may not be sown clockwise in Omweso.");
  game = kiela_game_new_from_position (omweso, &pos, &error);
  g_assert_false (kiela_game_play_square (game, "b1<", NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (kiela_game_play_square (game, "b1<<", NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
}

/* The both-ends win worked by hand: South's b1< captures a3 (5) and a4 (2) in file a; the 7
 * captured stones, sown from b1, would end clockwise in the empty f2, so they go anticlockwise:
 * c1 ... h1, and the last into h2 (1, now 2), facing h3 and h4: a capture in file h too, and
 * South wins at once, the stones of h3 and h4 staying in h2. */
static void
test_both_ends (void)
{
  KielaPosition pos;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *result = NULL;
  KielaReason reason;
  guint n;
  Board b, model_after[4 * N];
  ModelMove model[4 * N];

  position_from (&pos, KIELA_SOUTH, "b1:2 a2:1 h2:1 a3:5 a4:2 h3:2 h4:2 d3:2");
  n = kiela_legal_moves (omweso, &pos, moves, children, NULL);
  board_from_engine (&pos, &b);
  g_assert_cmpint (model_moves (&b, model, model_after), ==, (int) n);
  game = kiela_game_new_from_position (omweso, &pos, &error);
  g_assert_true (kiela_game_play_square (game, "b1<", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kiela_game_get_status (game, &reason), ==, KIELA_STATUS_SOUTH_WINS);
  g_assert_cmpint (reason, ==, KIELA_REASON_BOTH_ENDS);
  g_assert_cmpuint (kiela_game_get_move (game, 0)->result.end, ==, KIELA_END_BOTH_ENDS);
  result = kiela_game_describe_result (game);
  g_assert_cmpstr (result, ==, "South wins: South captured at both ends of the board in one move.");
  g_assert_cmpuint (kiela_game_legal_moves (game, moves), ==, 0);
  /* The captured stones of h3 and h4 stay in h2. */
  g_assert_cmpuint (count_at (kiela_game_get_position (game), "h2"), ==, 2 + 4);
  g_assert_cmpuint (count_at (kiela_game_get_position (game), "g1"), ==, 1);
  g_assert_cmpuint (count_at (kiela_game_get_position (game), "a3"), ==, 0);
  g_assert_cmpuint (kiela_position_total (kiela_game_get_position (game)), ==, kiela_position_total (&pos));

  /* KPN keeps the loss: " n lost:n" after the rank, read back to the same position, which
   * has no move; malformed endings are refused, naming the problem. */
  {
    g_autofree char *kpn = kiela_position_to_string (kiela_game_get_position (game));
    g_autofree char *plain = NULL, *bad = NULL;
    KielaPosition parsed;
    g_autoptr(KielaGame) from_kpn = NULL;
    static const struct { const char *tail, *message; } malformed[] = {
      { " n lost:x", "expected “lost:s” or “lost:n”" },
      { " n lost:", "expected “lost:s” or “lost:n”" },
      { " n lost:sn", "expected “lost:s” or “lost:n”" },
      { " n lost:s", "names a side that is not to move" },
      { " n lost:n ", "expected “lost:s” or “lost:n”" },
      { " n lost:n lost:n", "expected “lost:s” or “lost:n”" },
      { " n first:x lost:n", "expected “first:s”" },
      { " n lost:n first:n", "expected “lost:s” or “lost:n”" },
      { " n won:s", "unknown side “n won:s”" },
      { " n lost:n won:s", "expected “lost:s” or “lost:n”" },
      { " n first:n x", "after the side to move, expected “first:…”" },
    };

    g_assert_true (g_str_has_suffix (kpn, " n lost:n"));
    g_assert_true (kiela_position_parse (kpn, N, &parsed, &error));
    g_assert_no_error (error);
    g_assert_true (kiela_position_equal (&parsed, kiela_game_get_position (game)));
    g_assert_cmpuint (parsed.lost, ==, 1u << KIELA_NORTH);
    g_assert_cmpuint (kiela_legal_moves (omweso, &parsed, moves, NULL, NULL), ==, 0);
    from_kpn = kiela_game_new_from_position (omweso, &parsed, &error);
    g_assert_no_error (error);
    g_assert_cmpint (kiela_game_get_status (from_kpn, NULL), ==, KIELA_STATUS_SOUTH_WINS);
    /* Without the ending, the same board is an ordinary position with North to move. */
    plain = g_strndup (kpn, strlen (kpn) - strlen (" lost:n"));
    g_assert_true (kiela_position_parse (plain, N, &parsed, &error));
    g_assert_cmpuint (parsed.lost, ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS (malformed); i++)
      {
        g_free (bad);
        bad = g_strconcat (plain, malformed[i].tail + 2, NULL);
        g_assert_false (kiela_position_parse (bad, N, &parsed, &error));
        g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
        if (strstr (error->message, malformed[i].message) == NULL)
          g_error ("%s: %s", bad, error->message);
        g_clear_error (&error);
      }
  }
}

static KielaRegistry *registry;

/* A record holds "b1<" and reads back to the same game; a record of Omweso moves written
 * without any direction (as before directions existed) still loads, each move anticlockwise,
 * and the tree format keeps the direction too. */
static void
test_record_directions (void)
{
  KielaPosition pos;
  g_autoptr(KielaGame) game = NULL, again = NULL, old = NULL;
  g_autoptr(KielaGameTree) tree = NULL, tree_again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *old_text = NULL, *tree_text = NULL, *name = NULL;

  position_from (&pos, KIELA_SOUTH, "b1:2 a2:1 e2:2 a3:3 a4:1 h3:2 h4:2");
  game = kiela_game_new_from_position (omweso, &pos, &error);
  g_assert_true (kiela_game_play_square (game, "b1<", NULL, &error));
  g_assert_true (kiela_game_play_square (game, "h3", NULL, &error));
  g_assert_no_error (error);
  text = kiela_record_to_string (game);
  g_assert_nonnull (strstr (text, "\"b1<\""));
  again = kiela_record_from_string (registry, text, -1, "game.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (again), ==, 2);
  g_assert_cmpint (kiela_game_get_move (again, 0)->move, ==, 1 | KIELA_MOVE_CLOCKWISE);
  g_assert_true (kiela_position_equal (kiela_game_get_position (again), kiela_game_get_position (game)));

  /* The same record with "b1" for "b1<": an older record, played anticlockwise. */
  old_text = g_strdup (text);
  {
    char *at = strstr (old_text, "\"b1<\"");

    memmove (at + 3, at + 4, strlen (at + 4) + 1);
  }
  old = kiela_record_from_string (registry, old_text, -1, "old.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpint (kiela_game_get_move (old, 0)->move, ==, 1);
  name = kiela_game_dup_move_name (old, 0);
  g_assert_cmpstr (name, ==, "b1");

  tree = kiela_game_tree_new (game);
  tree_text = kiela_record_tree_to_string (tree);
  tree_again = kiela_record_tree_from_string (registry, tree_text, -1, "tree.kiela", &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (tree_text, "\"b1<\""));
}

/* Perft from a fixed arrangement, counted by the model, is the engine's, and stable. */
static void
test_perft (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (26);
  g_autoptr(KielaGame) game = kiela_game_new (omweso);
  guint16 counts[KIELA_MAX_HOUSES];
  const guint max_depth = g_test_slow () ? 4 : 3;
  const KielaPosition *pos;

  /* From the start before any arrangement (4 stones an outer house): the figures
   * test-variant-file.c keeps, counted by the model. */
  {
    KielaPosition start;
    Board b;

    kiela_position_init_start (&start, omweso);
    board_from_engine (&start, &b);
    for (guint d = 0; d <= max_depth + 1; d++)
      {
        guint64 model = model_perft (&b, (int) d);

        g_test_message ("perft from the start %u: %" G_GUINT64_FORMAT, d, model);
        g_assert_cmpuint (kiela_perft (omweso, &start, d), ==, model);
      }
  }
  random_arrangement (rand, counts);
  g_assert_true (kiela_game_setup (game, KIELA_SOUTH, counts, NULL));
  random_arrangement (rand, counts);
  g_assert_true (kiela_game_setup (game, KIELA_NORTH, counts, NULL));
  pos = kiela_game_get_position (game);
  for (guint d = 1; d <= max_depth; d++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      KielaPosition children[KIELA_MAX_MOVES];
      guint64 engine = kiela_perft (omweso, pos, d), sum = 0;
      guint n = kiela_legal_moves (omweso, pos, moves, children, NULL);
      Board b;

      board_from_engine (pos, &b);
      g_assert_cmpuint (model_perft (&b, (int) d), ==, engine);

      /* perft is the sum over the children, and stable from run to run */
      for (guint i = 0; i < n; i++)
        sum += kiela_perft (omweso, &children[i], d - 1);
      g_test_message ("perft %u: %" G_GUINT64_FORMAT, d, engine);
      g_assert_cmpuint (engine, ==, sum);
      g_assert_cmpuint (kiela_perft (omweso, pos, d), ==, engine);
    }
}

int
main (int argc, char **argv)
{
  registry = test_init (&argc, &argv);

  g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
  kiela_registry_load_variant_files (registry);
  omweso = kiela_registry_lookup_variant (registry, "omweso");
  g_assert_nonnull (omweso);
  g_test_add_func ("/omweso-model/random-games", test_random_games);
  g_test_add_func ("/omweso-model/constructed-positions", test_constructed_positions);
  g_test_add_func ("/omweso-model/reverse-capture", test_reverse_capture);
  g_test_add_func ("/omweso-model/reverse-refused", test_reverse_refused);
  g_test_add_func ("/omweso-model/both-ends", test_both_ends);
  g_test_add_func ("/omweso-model/perft", test_perft);
  g_test_add_func ("/omweso-model/record-directions", test_record_directions);
  int status = g_test_run ();

  kiela_registry_free (registry);
  return status;
}
