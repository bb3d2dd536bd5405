/* test-quiela-model.c: Quiela played by a naive model written from its source, against the engine.
 *
 * The model knows nothing of the engine's local numbering, its sowing body or its variant
 * struct: it plays on a 4 × N grid as South sees the board, from the rules as Ludii summarises
 * Silva (1995, §2.2.4, pp. 103–105):
 *
 *   "4x7 board. Three counters in each hole in the outer row; before beginning each player
 *    rearranges these as they wish, with the following rules: The leftmost hole in the outer
 *    row must have the most counters; Each hole must have equal to or less than the number of
 *    the counters as the hole on its left; there can be a maximum of two holes with one counter
 *    in the inner row. Initial phase: Sowing occurs in an anti-clockwise direction, and when a
 *    counter lands in an occupied hole the sowing continues. When the final counter lands in an
 *    empty hole, the turn ends. If the empty hole is in the player's inner row, counters in the
 *    opponent's inner row opposite are captured, and if there are also counters in the
 *    opponent's outer row hole opposite, these are also taken. When the player sows from the
 *    leftmost hole in the outer row for the first time, they have the option of sowing first in
 *    that hole or in the next hole (the one in which sowing would normally occur). When a single
 *    counter exists in the penultimate hole in the inner row and the opponent is able to capture
 *    it on their next turn it can "skip" to either the first or second hole in the outer row,
 *    provided one of them is empty. This can only be done if the final hole in the inner row is
 *    empty. The initial phase ends for a player when they have one counter in each hole. After
 *    this, players can only move single counters into empty holes. The player who captures all
 *    of the opponent's counters wins."
 *
 * The shipped file's readings, which the model follows: "the most" is strict (more than any
 * other hole); "on its left" is within each row, as the player sees the board; the start is
 * 4, 3, 3, 3, 3, 3, 2 in the outer row (3 in each, one moved from the rightmost to the leftmost:
 * 3 in each is not itself allowed); "one counter in each hole" is read as no hole holding more
 * than one (read literally the player could move no single into an empty hole); in the initial
 * phase any occupied hole may be sown; the option of sowing first in the leftmost hole needs two
 * counters or more there (a single counter sown back into its own hole would be no move), and
 * any first sowing from that hole, either way, uses the option up.  The skip: "the
 * penultimate hole in the inner row" is read along the player's track (the inner row runs from
 * the player's right to left), so the second inner hole from the player's left, and "the final
 * hole" the leftmost inner hole after it; "able to capture it on their next turn": were it the
 * opponent's turn now, one of their moves would capture that counter; "provided one of them is
 * empty": the counter skips only into an empty hole, either of the two that is; the skip is
 * offered in both phases (a single counter moving into an empty hole), and the move ends there.
 * The engine's own
 * additions, which no source has: a move still going after 1,000 laps is endless and not legal,
 * a player who cannot move loses, and a third repetition draws. */
#include "config.h"

#include <string.h>
#include "test-model-common.h"
#include "kiela-sow-private.h"
#include "tests/test-positions.h"

#define FILES 7

static void
model_start (Board *b)
{
  static const int outer[FILES] = { 4, 3, 3, 3, 3, 3, 2 };

  memset (b, 0, sizeof *b);
  b->n = FILES;
  b->south_to_move = 1;
  b->in_house[0] = b->in_house[1] = 1;
  for (int c = 0; c < FILES; c++)
    {
      b->grid[0][c] = outer[c];               /* South's outer row from its left */
      b->grid[3][FILES - 1 - c] = outer[c];   /* North's, from its left: South's right */
    }
}

/* A row as the player sees it, from the player's left. */
static void
row_from_left (const Board *b, int south, int inner, int out[MAX_N])
{
  const int row = south ? (inner ? 1 : 0) : (inner ? 2 : 3);

  for (int i = 0; i < b->n; i++)
    out[i] = b->grid[row][south ? i : b->n - 1 - i];
}

/* Silva's three rules of the arrangement, for one player. */
static int
model_arrangement_ok (const Board *b, int south)
{
  int outer[MAX_N], inner[MAX_N], singles = 0;

  row_from_left (b, south, 0, outer);
  row_from_left (b, south, 1, inner);
  for (int i = 0; i < b->n; i++)
    {
      if (i > 0 && outer[i] >= outer[0])
        return 0;                        /* the leftmost outer hole has the most */
      if (inner[i] >= outer[0])
        return 0;
      if (i > 0 && (outer[i] > outer[i - 1] || inner[i] > inner[i - 1]))
        return 0;                        /* no more than the hole on its left */
      singles += inner[i] == 1;
    }
  return singles <= 2;                   /* at most two singles in the inner row */
}

/* The later phase: no hole of the player holds more than one counter. */
static int
model_later_phase (const Board *b, int south)
{
  Hole t[2 * MAX_N];
  int len = track (b->n, south, t);

  for (int i = 0; i < len; i++)
    if (b->grid[t[i].row][t[i].col] > 1)
      return 0;
  return 1;
}

/* Plays the hole at track index `from` for the side to move, its first counter into the hole
 * itself when `in_house`.  Returns 0 when the move is still going after LAP_LIMIT laps (the
 * engine's limit), 1 when it ended. */
static int
model_play (Board *b, int from, int in_house)
{
  const int south = b->south_to_move;
  Hole t[2 * MAX_N];
  int len = track (b->n, south, t);
  int at = from;
  int hand = b->grid[t[at].row][t[at].col];

  b->grid[t[at].row][t[at].col] = 0;
  /* the leftmost outer hole (track index 0) sown for the first time: the option is used up,
   * and with it the first counter goes into the hole itself */
  if (from == 0)
    b->in_house[south] = 0;
  if (in_house)
    at = (at + len - 1) % len;
  for (int lap = 1; lap <= LAP_LIMIT; lap++)
    {
      Hole h;

      while (hand > 0)
        {
          at = (at + 1) % len;
          b->grid[t[at].row][t[at].col]++;
          hand--;
        }
      h = t[at];
      if (b->grid[h.row][h.col] > 1)
        {
          /* an occupied hole: the sowing continues with its counters */
          hand = b->grid[h.row][h.col];
          b->grid[h.row][h.col] = 0;
          continue;
        }
      if (is_inner (south, h.row))
        {
          int opp_inner = south ? 2 : 1, opp_outer = south ? 3 : 0;

          if (b->grid[opp_inner][h.col] > 0)
            {
              /* captured: they leave the board */
              b->grid[opp_inner][h.col] = 0;
              b->grid[opp_outer][h.col] = 0;
            }
        }
      b->south_to_move = !south;
      return 1;
    }
  b->south_to_move = !south;
  return 0;
}

static int model_moves_of (const Board *b, int *moves, Board *after, int with_skips);

/* Whether the opponent of the side to move, were it their turn now, could capture the counter
 * in the hole at track index `at` of the side to move. */
static int
model_threatened (const Board *b, int at)
{
  Hole t[2 * MAX_N];
  Board them = *b;
  int moves[2 * MAX_N + 1], k;
  Board after[2 * MAX_N + 1];

  track (b->n, b->south_to_move, t);
  them.south_to_move = !b->south_to_move;
  /* the opponent's moves (a skip captures nothing, so it is left out of them) */
  k = model_moves_of (&them, moves, after, 0);
  for (int i = 0; i < k; i++)
    if (after[i].grid[t[at].row][t[at].col] == 0)
      return 1;
  return 0;
}

static int
model_moves (const Board *b, int *moves, Board *after)
{
  return model_moves_of (b, moves, after, 1);
}

static int
model_moves_of (const Board *b, int *moves, Board *after, int with_skips)
{
  Hole t[2 * MAX_N];
  const int south = b->south_to_move;
  int len = track (b->n, south, t), k = 0;
  const int later = model_later_phase (b, south);

  for (int i = 0; i < len; i++)
    {
      const int here = b->grid[t[i].row][t[i].col];
      const int next = b->grid[t[(i + 1) % len].row][t[(i + 1) % len].col];

      if (later ? here == 1 && next == 0 : here >= 1)
        {
          Board c = *b;

          if (model_play (&c, i, 0))
            {
              moves[k] = i;
              after[k++] = c;
            }
        }
    }
  /* the first sowing from the leftmost outer hole, started in that hole */
  if (!later && b->in_house[south] && b->grid[t[0].row][t[0].col] >= 2)
    {
      Board c = *b;

      if (model_play (&c, 0, 1))
        {
          moves[k] = MODEL_IN_HOUSE;
          after[k++] = c;
        }
    }
  /* A single counter in the penultimate inner hole, the final one empty, which the opponent
   * could capture on their next turn, skips to the first or second outer hole, an empty one. */
  if (with_skips && b->grid[t[len - 2].row][t[len - 2].col] == 1 && b->grid[t[len - 1].row][t[len - 1].col] == 0 &&
      model_threatened (b, len - 2))
    for (int to = 0; to < 2; to++)
      if (b->grid[t[to].row][t[to].col] == 0)
        {
          Board c = *b;

          c.grid[t[len - 2].row][t[len - 2].col] = 0;
          c.grid[t[to].row][t[to].col] = 1;
          c.south_to_move = !south;
          moves[k] = (len - 2) + MODEL_SKIP_TO (t[to].row, t[to].col);
          after[k++] = c;
        }
  return k;
}

static const KielaVariant *quiela;
static KielaRegistry *registry;

static guint
compare_position (const KielaPosition *pos)
{
  return model_compare_position (quiela, model_moves, pos);
}

/* A side's houses in the engine's numbering, read off the grid through square names. */
static void
counts_from_board (const Board *b, KielaSide side, guint16 counts[KIELA_MAX_HOUSES])
{
  memset (counts, 0, sizeof (guint16) * KIELA_MAX_HOUSES);
  for (guint h = 0; h < 2u * (guint) b->n; h++)
    {
      char sq[4];

      kiela_square_name ((guint) b->n, side, h, sq);
      counts[h] = (guint16) b->grid[sq[1] - '1'][sq[0] - 'a'];
    }
}

/* A proposed arrangement of one player's 21 counters: at random, and most often with each row
 * sorted from the player's left, so that many proposals keep the rules and many do not. */
static void
propose_arrangement (Board *b, int south, GRand *rand)
{
  Hole t[2 * MAX_N];
  int len = track (b->n, south, t), counts[2 * MAX_N] = { 0 };

  for (int s = 0; s < 21; s++)
    counts[g_rand_int_range (rand, 0, g_rand_boolean (rand) ? len : b->n + 3)]++;
  if (g_rand_int_range (rand, 0, 4) != 0)
    {
      /* along the track: the outer row from the left, the inner row from the right */
      for (int i = 0; i < b->n; i++)
        for (int j = i + 1; j < b->n; j++)
          if (counts[j] > counts[i])
            {
              int x = counts[i]; counts[i] = counts[j]; counts[j] = x;
            }
      for (int i = b->n; i < len; i++)
        for (int j = i + 1; j < len; j++)
          if (counts[j] < counts[i])
            {
              int x = counts[i]; counts[i] = counts[j]; counts[j] = x;
            }
    }
  for (int i = 0; i < len; i++)
    b->grid[t[i].row][t[i].col] = counts[i];
}

/* The start the model lays out is the engine's, and each side's is an arrangement the rules
 * allow; the game begins with South's arrangement. */
static void
test_start (void)
{
  KielaPosition pos;
  Board b, m;
  g_autoptr(KielaGame) game = kiela_game_new (quiela);

  kiela_position_init_start (&pos, quiela);
  board_from_engine (&pos, &b);
  model_start (&m);
  assert_boards_equal (&b, &m);
  g_assert_true (model_arrangement_ok (&m, 1));
  g_assert_true (model_arrangement_ok (&m, 0));
  g_assert_cmpuint (kiela_position_total (&pos), ==, 42);
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_SETUP_SOUTH);
}

/* Arrangements: the engine's check, the game's setup and the model agree on thousands of
 * proposals; hand-made ones give the reason in words. */
static void
test_arrangements (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (103);
  guint allowed = 0, refused = 0;

  for (guint i = 0; i < 4000; i++)
    {
      g_autoptr(KielaGame) game = kiela_game_new (quiela);
      g_autoptr(GError) error = NULL;
      guint16 counts[KIELA_MAX_HOUSES];
      const int south = i % 2 == 0;
      const KielaSide side = south ? KIELA_SOUTH : KIELA_NORTH;
      Board b;
      int ok;

      board_from_engine (kiela_game_get_position (game), &b);
      propose_arrangement (&b, south, rand);
      ok = model_arrangement_ok (&b, south);
      counts_from_board (&b, side, counts);
      g_assert_cmpint (kiela_variant_check_arrangement (quiela, side, counts, NULL), ==, ok);
      if (!south)
        g_assert_true (kiela_game_skip_setup (game, NULL));
      g_assert_cmpint (kiela_game_setup (game, side, counts, &error), ==, ok);
      if (ok)
        allowed++;
      else
        {
          g_assert_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE);
          refused++;
        }
    }
  g_test_message ("%u arrangements allowed, %u refused", allowed, refused);
  g_assert_cmpuint (allowed, >, 400);
  g_assert_cmpuint (refused, >, 400);

  {
    /* a1 4, b1 4: a tie with the leftmost outer house */
    static const guint16 tie[KIELA_MAX_HOUSES] = { 4, 4, 3, 3, 3, 2, 2 };
    /* d1 3 after c1 2 */
    static const guint16 rises[KIELA_MAX_HOUSES] = { 5, 3, 2, 3, 3, 3, 2 };
    /* three inner singles: a2, b2, c2 (local 13, 12, 11) */
    static const guint16 singles[KIELA_MAX_HOUSES] = { 6, 3, 3, 2, 2, 1, 1, 0, 0, 0, 0, 1, 1, 1 };
    g_autoptr(GError) error = NULL;

    g_assert_false (kiela_variant_check_arrangement (quiela, KIELA_SOUTH, tie, &error));
    g_assert_cmpstr (error->message, ==,
                     "The leftmost outer house, a1, must hold more stones than any other house: b1 holds 4 and a1 4.");
    g_clear_error (&error);
    g_assert_false (kiela_variant_check_arrangement (quiela, KIELA_SOUTH, rises, &error));
    g_assert_cmpstr (error->message, ==,
                     "No house may hold more stones than the house on its left: d1 holds 3, c1 on its left 2.");
    g_clear_error (&error);
    g_assert_false (kiela_variant_check_arrangement (quiela, KIELA_SOUTH, singles, &error));
    g_assert_cmpstr (error->message, ==, "At most 2 inner houses may hold a single stone, but 3 do.");
    g_clear_error (&error);
    /* North names its own squares: its leftmost outer house is g4. */
    g_assert_false (kiela_variant_check_arrangement (quiela, KIELA_NORTH, tie, &error));
    g_assert_cmpstr (error->message, ==,
                     "The leftmost outer house, g4, must hold more stones than any other house: f4 holds 4 and g4 4.");
  }
  {
    /* Conforming keeps the stones and keeps the rules, whatever it starts from. */
    for (guint i = 0; i < 2000; i++)
      {
        guint16 counts[KIELA_MAX_HOUSES] = { 0 };
        guint total = 0, stones = 1 + i % 40;

        for (guint s = 0; s < stones; s++)
          counts[g_rand_int_range (rand, 0, 14)]++;
        kiela_variant_conform_arrangement (quiela, counts);
        for (guint h = 0; h < KIELA_MAX_HOUSES; h++)
          total += counts[h];
        g_assert_cmpuint (total, ==, stones);
        g_assert_true (kiela_variant_check_arrangement (quiela, KIELA_SOUTH, counts, NULL));
      }
  }
}

/* Seeded random games: each side arranges its stones at random within the rules (the model's
 * judgement), then at every position the legal moves and the positions after them agree, and
 * the games end alike. */
static void
test_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1995);
  ModelGameStats stats = { 0 };
  const guint games = g_test_slow () ? 600 : 120;
  guint later_seen = 0;

  for (guint g = 0; g < games; g++)
    {
      g_autoptr(KielaGame) game = kiela_game_new (quiela);

      for (int south = 1; south >= 0; south--)
        {
          Board b;
          guint16 counts[KIELA_MAX_HOUSES];

          board_from_engine (kiela_game_get_position (game), &b);
          if (g % 5 != 0)
            do
              propose_arrangement (&b, south, rand);
            while (!model_arrangement_ok (&b, south));
          counts_from_board (&b, south ? KIELA_SOUTH : KIELA_NORTH, counts);
          g_assert_true (kiela_game_setup (game, south ? KIELA_SOUTH : KIELA_NORTH, counts, NULL));
        }
      g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_PLAY);
      model_random_game (quiela, model_moves, game, rand, 400, &stats);
      {
        Board end;

        board_from_engine (kiela_game_get_position (game), &end);
        later_seen += model_later_phase (&end, end.south_to_move);
      }
    }
  g_test_message ("%u positions, %u moves; %u games ended without a move, %u by repetition; %u in the later phase",
                  stats.positions, stats.moves, stats.endings_no_move, stats.endings_repetition, later_seen);
  g_assert_cmpuint (stats.positions, >, 1000);
  g_assert_cmpuint (stats.endings_no_move, >, 0);
}

/* Constructed positions: few stones (so that many sides are in the later phase), more, and
 * crowded ones past the compact board's 255 stones, either side to move. */
static void
test_constructed_positions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (105);
  guint with_moves = 0, later = 0;

  for (guint i = 0; i < 4000; i++)
    {
      KielaPosition pos;
      Board b;
      guint stones = i % 10 == 0 ? 300 : i % 2 == 0 ? 1 + i % 11 : 30;

      kiela_position_init_start (&pos, quiela);
      memset (pos.houses, 0, sizeof pos.houses);
      for (guint s = 0; s < stones; s++)
        pos.houses[g_rand_int_range (rand, 0, 2)][g_rand_int_range (rand, 0, 14)]++;
      pos.to_move = (guint8) g_rand_int_range (rand, 0, 2);
      board_from_engine (&pos, &b);
      later += model_later_phase (&b, b.south_to_move);
      g_assert_cmpint (kiela_variant_in_later_phase (quiela, &pos, (KielaSide) pos.to_move), ==,
                       model_later_phase (&b, b.south_to_move));
      if (compare_position (&pos) > 0)
        with_moves++;
    }
  g_test_message ("%u positions with moves, %u in the later phase", with_moves, later);
  g_assert_cmpuint (with_moves, >, 2500);
  g_assert_cmpuint (later, >, 500);
}

/* Perft from the start, counted by the model, is the engine's. */
static void
test_perft (void)
{
  KielaPosition pos;
  Board b;
  const guint max_depth = g_test_slow () ? 5 : 4;

  kiela_position_init_start (&pos, quiela);
  model_start (&b);
  for (guint d = 0; d <= max_depth; d++)
    {
      guint64 model = model_perft (model_moves, &b, (int) d);

      g_test_message ("perft %u: %" G_GUINT64_FORMAT, d, model);
      g_assert_cmpuint (kiela_perft (quiela, &pos, d), ==, model);
    }
  /* Seven occupied outer houses: each may be sown at the first ply, and a1 also into itself. */
  g_assert_cmpuint (model_perft (model_moves, &b, 1), ==, 8);
}

/* The first sowing from the leftmost outer house, by hand.  From the start South's a1= lifts a1's
 * 4 and drops them into a1, b1, c1, d1: d1 now holds 4, so the sowing relays; a1 keeps 1.  The
 * option is then used up for South (not for North), and is used up as well by a1 sown the usual
 * way.  The name "a1=" is parsed, written, explained when refused, narrated and kept by KPN. */
static void
test_in_house (void)
{
  KielaPosition pos, after;
  KielaSquare sq;
  KielaMove move = -1;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  char name[4];
  guint n, with_option = 0;

  kiela_position_init_start (&pos, quiela);
  g_assert_true (kiela_move_parse (7, "a1=", &sq, &move, NULL));
  g_assert_cmpint (move, ==, 0 | KIELA_MOVE_IN_HOUSE);
  kiela_square_name (7, KIELA_SOUTH, (guint) move, name);
  g_assert_cmpstr (name, ==, "a1=");
  n = kiela_legal_moves (quiela, &pos, moves, children, NULL);
  g_assert_cmpuint (n, ==, 8);
  for (guint i = 0; i < n; i++)
    if (moves[i] == (0 | KIELA_MOVE_IN_HOUSE))
      {
        after = children[i];
        with_option++;
      }
  g_assert_cmpuint (with_option, ==, 1);
  /* a1 1 (its own first stone, the relays never come back to it), b1 4, c1 4, then d1 relays */
  g_assert_cmpuint (after.houses[KIELA_SOUTH][1], ==, 4);
  g_assert_cmpuint (after.houses[KIELA_SOUTH][2], ==, 4);
  g_assert_false (after.first_move_owed & KIELA_POSITION_IN_HOUSE_OWED (KIELA_SOUTH));
  g_assert_true (after.first_move_owed & KIELA_POSITION_IN_HOUSE_OWED (KIELA_NORTH));
  {
    g_autofree char *kpn = kiela_position_to_string (&after);
    KielaPosition back;

    g_assert_nonnull (strstr (kpn, " n inhouse:n"));
    g_assert_true (kiela_position_parse (kpn, 7, &back, NULL));
    g_assert_true (kiela_position_equal (&back, &after));
  }
  /* South's next turn: no a1= any more, and the refusal says why. */
  after.to_move = KIELA_SOUTH;
  after.houses[KIELA_SOUTH][0] = 3;
  n = kiela_legal_moves (quiela, &after, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    g_assert_false (KIELA_MOVE_IS_IN_HOUSE (moves[i]));
  {
    g_autofree char *why = kiela_explain_illegal (quiela, &after, 0 | KIELA_MOVE_IN_HOUSE);
    g_autofree char *why2 = kiela_explain_illegal (quiela, &pos, 1 | KIELA_MOVE_IN_HOUSE);

    g_assert_cmpstr (why, ==, "Only the first sowing from a1 may start in that house, and it has been made.");
    g_assert_cmpstr (why2, ==, "b1 may not be sown into itself in Quiela.");
  }
  /* a1 sown the usual way uses the option up too. */
  after = pos;
  g_assert_true (kiela_sow_fast (quiela, &after, 0, NULL));
  g_assert_false (after.first_move_owed & KIELA_POSITION_IN_HOUSE_OWED (KIELA_SOUTH));
  /* A single stone in a1 is never sown into itself. */
  after = pos;
  after.houses[KIELA_SOUTH][0] = 1;
  {
    g_autofree char *why = kiela_explain_illegal (quiela, &after, 0 | KIELA_MOVE_IN_HOUSE);

    g_assert_cmpstr (why, ==, "a1 needs two stones or more to be sown into itself.");
  }
  /* The narration tells the first stone going back. */
  {
    g_autoptr(KielaTrace) trace = kiela_trace_new ();
    g_autofree char *said = NULL;

    g_assert_true (kiela_sow_traced (quiela, &pos, 0 | KIELA_MOVE_IN_HOUSE, trace));
    said = kiela_narrate_event (quiela, trace, 0);
    g_assert_cmpstr (said, ==, "South lifts 4 stones from a1 and drops the first back into a1.");
  }
}

/* The later phase by hand: South holds a1, c1, d1 (one each), North e3 (2) and e4 (3).  Only a1
 * and d1 move (their next houses are empty); c1's next house d1 is not, and the refusal says
 * so.  With a house of two South is in the initial phase and c1 relays.  A single of f2 moving
 * into the empty e2 captures e3 and e4. */
static void
test_later_phase (void)
{
  KielaPosition pos;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  g_autofree char *why = NULL;
  guint n;

  kiela_position_init_start (&pos, quiela);
  memset (pos.houses, 0, sizeof pos.houses);
  pos.houses[KIELA_SOUTH][0] = 1;    /* a1 */
  pos.houses[KIELA_SOUTH][2] = 1;    /* c1 */
  pos.houses[KIELA_SOUTH][3] = 1;    /* d1 */
  pos.houses[KIELA_NORTH][11] = 2;   /* e3 */
  pos.houses[KIELA_NORTH][2] = 3;    /* e4 */
  pos.to_move = KIELA_SOUTH;
  g_assert_true (kiela_variant_in_later_phase (quiela, &pos, KIELA_SOUTH));
  g_assert_false (kiela_variant_in_later_phase (quiela, &pos, KIELA_NORTH));
  n = kiela_legal_moves (quiela, &pos, moves, children, NULL);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (moves[0], ==, 0);
  g_assert_cmpint (moves[1], ==, 3);
  why = kiela_explain_illegal (quiela, &pos, 2);
  g_assert_cmpstr (why, ==, "No house of yours holds two stones, so only a single stone moves, into an empty house: "
                            "d1, after c1, is not empty.");
  /* In the initial phase (a house of two) c1 sows and relays: c1 into d1 (2), on to e1. */
  pos.houses[KIELA_SOUTH][13] = 2;   /* b2 */
  n = kiela_legal_moves (quiela, &pos, moves, children, NULL);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpint (moves[1], ==, 2);
  g_assert_cmpuint (children[1].houses[KIELA_SOUTH][3], ==, 0);
  g_assert_cmpuint (children[1].houses[KIELA_SOUTH][4], ==, 1);
  g_assert_cmpuint (children[1].houses[KIELA_SOUTH][5], ==, 1);
  /* A single moving into the empty inner house facing e3 captures e3 and e4. */
  memset (pos.houses[KIELA_SOUTH], 0, sizeof pos.houses[KIELA_SOUTH]);
  pos.houses[KIELA_SOUTH][8] = 1;    /* f2 */
  n = kiela_legal_moves (quiela, &pos, moves, children, NULL);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (children[0].houses[KIELA_SOUTH][9], ==, 1);    /* e2 */
  g_assert_cmpuint (children[0].houses[KIELA_NORTH][11], ==, 0);
  g_assert_cmpuint (children[0].houses[KIELA_NORTH][2], ==, 0);
  /* The narration says the player is in the later phase. */
  {
    g_autoptr(KielaTrace) trace = kiela_trace_new ();
    g_autofree char *said = NULL;

    g_assert_true (kiela_sow_traced (quiela, &pos, 8, trace));
    said = kiela_narrate_event (quiela, trace, 0);
    g_assert_cmpstr (said, ==, "South has no house of two stones left: in the later phase it moves the single stone of f2.");
  }
}

/* The skip of a threatened single, by hand.  South holds b2 and e1 (one each), North a3 and d4:
 * North's a3 would move into the empty b3 and capture b2, so b2 is threatened, and with a2
 * empty it may skip to a1 or b1 as well as move on into a2.  Each condition taken away takes
 * the skips with it, and the refusal says which; North's f3 skips to g4 or f4 alike.  The names
 * "b2>a1", "f3>g4" are written and read, the narration tells the skip. */
static void
test_skip (void)
{
  KielaPosition pos, p2;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  const KielaMove to_a1 = KIELA_MOVE_WITH_TARGET (12 | KIELA_MOVE_SKIP, 0);
  const KielaMove to_b1 = KIELA_MOVE_WITH_TARGET (12 | KIELA_MOVE_SKIP, 1);
  char name[KIELA_MOVE_NAME_MAX];
  KielaSquare sq;
  KielaMove parsed = -1;
  guint n, skips = 0;

  test_position_quiela_threatened_single (quiela, &pos);
  g_assert_true (kiela_single_threatened (quiela, &pos, KIELA_SOUTH, 12));
  g_assert_false (kiela_single_threatened (quiela, &pos, KIELA_SOUTH, 4));
  n = kiela_legal_moves (quiela, &pos, moves, children, NULL);
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i < n; i++)
    if (moves[i] == to_a1 || moves[i] == to_b1)
      {
        const guint to = KIELA_MOVE_TARGET (moves[i]);

        skips++;
        g_assert_cmpuint (children[i].houses[KIELA_SOUTH][12], ==, 0);
        g_assert_cmpuint (children[i].houses[KIELA_SOUTH][to], ==, 1);
        g_assert_cmpuint (children[i].houses[KIELA_SOUTH][13], ==, 0);
        g_assert_cmpuint (kiela_position_total (&children[i]), ==, 4);
        g_assert_cmpint (children[i].to_move, ==, KIELA_NORTH);
        /* the first-sowing option is not a skip's to use up */
        g_assert_cmpuint (children[i].first_move_owed & KIELA_POSITION_IN_HOUSE_OWED (KIELA_SOUTH), ==,
                          pos.first_move_owed & KIELA_POSITION_IN_HOUSE_OWED (KIELA_SOUTH));
      }
  g_assert_cmpuint (skips, ==, 2);
  g_assert_cmpuint (compare_position (&pos), ==, 4);
  kiela_move_name (7, KIELA_SOUTH, to_a1, name);
  g_assert_cmpstr (name, ==, "b2>a1");
  g_assert_true (kiela_move_parse (7, "b2>b1", &sq, &parsed, NULL));
  g_assert_cmpint (parsed, ==, to_b1);
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (kiela_move_parse (7, "b2>b3", &sq, &parsed, &error));
    g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  }
  {
    g_autoptr(KielaTrace) trace = kiela_trace_new ();
    g_autofree char *said = NULL, *summary = NULL;

    g_assert_true (kiela_sow_traced (quiela, &pos, to_a1, trace));
    said = kiela_narrate_event (quiela, trace, 0);
    g_assert_cmpstr (said, ==, "South’s threatened single skips from b2 to a1.");
    /* The rest of it says a stone moved, never a sowing or its laps. */
    g_assert_cmpuint (kiela_trace_get_n_events (trace), ==, 3);
    {
      g_autofree char *drop = kiela_narrate_event (quiela, trace, 1);
      g_autofree char *end = kiela_narrate_event (quiela, trace, 2);

      g_assert_cmpstr (drop, ==, "The single stone lands in empty a1.");
      g_assert_cmpstr (end, ==, "The skip ends the move: nothing is sown and nothing is captured.");
    }
    summary = kiela_narrate_move_summary (quiela, trace);
    g_assert_cmpstr (summary, ==, "South’s threatened single skipped from b2 to a1.");
    g_assert_true (kiela_position_equal (&trace->after, &children[0]) || kiela_position_equal (&trace->after, &children[1]) ||
                   kiela_position_equal (&trace->after, &children[2]) || kiela_position_equal (&trace->after, &children[3]));
  }
  /* a1 occupied: only b1 is left to skip to (and a1 moves on into the empty b1). */
  p2 = pos;
  p2.houses[KIELA_SOUTH][0] = 1;
  n = kiela_legal_moves (quiela, &p2, moves, NULL, NULL);
  skips = 0;
  for (guint i = 0; i < n; i++)
    skips += KIELA_MOVE_IS_SKIP (moves[i]);
  g_assert_cmpuint (skips, ==, 1);
  g_assert_cmpuint (compare_position (&p2), ==, n);
  {
    g_autofree char *why = kiela_explain_illegal (quiela, &p2, to_a1);

    g_assert_cmpstr (why, ==, "A single stone skips only into an empty house: a1 is not empty.");
  }
  /* a2 occupied: no skip. */
  p2 = pos;
  p2.houses[KIELA_SOUTH][13] = 1;
  n = kiela_legal_moves (quiela, &p2, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    g_assert_false (KIELA_MOVE_IS_SKIP (moves[i]));
  {
    g_autofree char *why = kiela_explain_illegal (quiela, &p2, to_a1);

    g_assert_cmpstr (why, ==, "The single stone of b2 may skip only while a2 is empty.");
  }
  /* Not threatened (North's a3 gone, c3 cannot reach b3): no skip. */
  p2 = pos;
  p2.houses[KIELA_NORTH][7] = 0;
  p2.houses[KIELA_NORTH][9] = 1;
  g_assert_false (kiela_single_threatened (quiela, &p2, KIELA_SOUTH, 12));
  n = kiela_legal_moves (quiela, &p2, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    g_assert_false (KIELA_MOVE_IS_SKIP (moves[i]));
  {
    g_autofree char *why = kiela_explain_illegal (quiela, &p2, to_b1);
    g_autofree char *why2 = kiela_explain_illegal (quiela, &p2, KIELA_MOVE_WITH_TARGET (4 | KIELA_MOVE_SKIP, 0));

    g_assert_cmpstr (why, ==, "The single stone of b2 may skip only when the opponent could capture it on their "
                              "next move.");
    g_assert_cmpstr (why2, ==, "Only a single stone in b2 may skip, and only to a1 or b1.");
  }
  /* Two stones in b2 are not a single. */
  p2 = pos;
  p2.houses[KIELA_SOUTH][12] = 2;
  n = kiela_legal_moves (quiela, &p2, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    g_assert_false (KIELA_MOVE_IS_SKIP (moves[i]));
  g_assert_cmpuint (compare_position (&p2), ==, n);
  /* North: f3 threatened by South's g2 moving into f2 skips to g4 or f4. */
  memset (pos.houses, 0, sizeof pos.houses);
  pos.houses[KIELA_NORTH][12] = 1;   /* f3 */
  pos.houses[KIELA_NORTH][3] = 1;    /* d4 */
  pos.houses[KIELA_SOUTH][7] = 1;    /* g2 */
  pos.to_move = KIELA_NORTH;
  n = kiela_legal_moves (quiela, &pos, moves, NULL, NULL);
  g_assert_cmpuint (n, ==, 4);
  kiela_move_name (7, KIELA_NORTH, KIELA_MOVE_WITH_TARGET (12 | KIELA_MOVE_SKIP, 0), name);
  g_assert_cmpstr (name, ==, "f3>g4");
  kiela_move_name (7, KIELA_NORTH, KIELA_MOVE_WITH_TARGET (12 | KIELA_MOVE_SKIP, 1), name);
  g_assert_cmpstr (name, ==, "f3>f4");
  g_assert_cmpuint (compare_position (&pos), ==, 4);
}

/* Constructed positions around the skip: b2 (f3 for North) a single, a2 empty, and a few
 * stones elsewhere, so that many are threatened; the engine and the model agree on all. */
static void
test_skip_positions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (735);
  guint with_skip = 0;

  for (guint i = 0; i < 4000; i++)
    {
      KielaPosition pos;
      KielaMove moves[KIELA_MAX_MOVES];
      guint stones = 1 + i % 9, n;

      kiela_position_init_start (&pos, quiela);
      memset (pos.houses, 0, sizeof pos.houses);
      pos.to_move = (guint8) g_rand_int_range (rand, 0, 2);
      for (guint s = 0; s < stones; s++)
        pos.houses[g_rand_int_range (rand, 0, 2)][g_rand_int_range (rand, 0, 14)]++;
      pos.houses[pos.to_move][12] = 1;
      if (i % 3 != 0)
        pos.houses[pos.to_move][13] = 0;
      if (i % 2 == 0)
        pos.first_move_owed = (guint8) (g_rand_int_range (rand, 0, 4) << 2);   /* the in-house options */
      n = kiela_legal_moves (quiela, &pos, moves, NULL, NULL);
      for (guint m = 0; m < n; m++)
        if (KIELA_MOVE_IS_SKIP (moves[m]))
          {
            with_skip++;
            break;
          }
      compare_position (&pos);
    }
  g_test_message ("%u of 4000 positions with a skip", with_skip);
  g_assert_cmpuint (with_skip, >, 400);
}

/* A game with a skip: played by its name, saved as a record that writes "b2>a1", loaded back
 * to the same position; the refusal of a skip that is not one reads in words. */
static void
test_skip_record (void)
{
  KielaPosition pos;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(KielaGame) again = NULL;
  g_autofree char *saved = NULL;

  kiela_position_init_start (&pos, quiela);
  memset (pos.houses, 0, sizeof pos.houses);
  pos.houses[KIELA_SOUTH][12] = 1;   /* b2 */
  pos.houses[KIELA_SOUTH][4] = 1;    /* e1 */
  pos.houses[KIELA_NORTH][7] = 1;    /* a3 */
  pos.houses[KIELA_NORTH][3] = 1;    /* d4 */
  pos.to_move = KIELA_SOUTH;
  game = kiela_game_new_from_position (quiela, &pos, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_false (kiela_game_play_square (game, "e1>a1", NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (kiela_game_play_square (game, "b2>a1", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_position (game)->houses[KIELA_SOUTH][0], ==, 1);
  g_assert_cmpuint (kiela_game_get_position (game)->houses[KIELA_SOUTH][12], ==, 0);
  g_assert_true (kiela_game_play_square (game, "a3", NULL, &error));
  g_assert_no_error (error);
  saved = kiela_record_to_string (game);
  g_assert_nonnull (strstr (saved, "\"b2>a1\""));
  again = kiela_record_from_string (registry, saved, -1, "saved.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (again), ==, 2);
  g_assert_true (kiela_position_equal (kiela_game_get_position (again), kiela_game_get_position (game)));
}

int
main (int argc, char **argv)
{
  registry = test_init (&argc, &argv);

  g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
  kiela_registry_load_variant_files (registry);
  quiela = kiela_registry_lookup_variant (registry, "quiela");
  g_assert_nonnull (quiela);
  g_test_add_func ("/quiela-model/start", test_start);
  g_test_add_func ("/quiela-model/arrangements", test_arrangements);
  g_test_add_func ("/quiela-model/random-games", test_random_games);
  g_test_add_func ("/quiela-model/constructed-positions", test_constructed_positions);
  g_test_add_func ("/quiela-model/perft", test_perft);
  g_test_add_func ("/quiela-model/later-phase", test_later_phase);
  g_test_add_func ("/quiela-model/in-house", test_in_house);
  g_test_add_func ("/quiela-model/skip", test_skip);
  g_test_add_func ("/quiela-model/skip-positions", test_skip_positions);
  g_test_add_func ("/quiela-model/skip-record", test_skip_record);
  int status = g_test_run ();

  kiela_registry_free (registry);
  return status;
}
