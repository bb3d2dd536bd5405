/* test-mefuvha-model.c: Mefuvha played by a naive model written from its source, against the engine.
 *
 * The model knows nothing of the engine's local numbering, its sowing body or its variant
 * struct: it plays on a 4 × N grid as South sees the board, from the rules as Ludii summarises
 * Stayt (1931, pp. 364–366):
 *
 *   "4x6-28 board; 16-20 is most common, only even numbers of holes. Two counters in each hole
 *    except the leftmost on the inner row, which is left empty, and the one to its right which
 *    contains one counter. Players sow by picking up the counters in any of their holes and
 *    sowing them in an anti-clockwise direction. Sowing continues when the last counter falls
 *    into an occupied hole by picking up the counters in that hole and continuing in the same
 *    direction. When the final counter lands in an empty hole in the inner row, the counters in
 *    the opponent's hole opposite in the inner row are captured; if there are also counters in
 *    the opponent's outer row opposite, these are also captured. The player is also entitled to
 *    capture counters in any other hole on the opponent's side. The turn ends with a capture and
 *    the opponent's turn begins. Play always begins with a stylized move, where the counters are
 *    taken from the third hole from the left in the inner row, sowing and making captures as
 *    described above. Players may not sow single counters unless there are no holes on their
 *    side containing multiple counters. Play ends when one player has captured all of their
 *    opponent's counters."
 *
 * "Any other hole on the opponent's side" is read as one hole the capturer picks among those
 * still holding counters after the file is taken, and "entitled" as a right the capturer may
 * also decline: the shipped file's ExtraCapture=1.  Ludii adds "In another source, two": two
 * holes the capturer picks together, or declines (mefuvha-two.kiela-variant, ExtraCapture=2, on
 * 8 files); with only one hole left holding counters, the capture takes that one.
 * Written here as its own loop over the opponent's two rows, not through the engine's
 * numbering or move encoding.  The stylised move is each
 * player's first; the engine's choice where the source is silent: a player whose third inner
 * hole could not be sown would sow freely (it never happens from the start).  The engine's own additions, which no source has: a move still going after 1,000 laps
 * is endless and not legal, a player who cannot move loses (with no stones left, as Stayt
 * ends it), and a third repetition draws. */
#include "config.h"

#include <string.h>
#include "test-model-common.h"

/* perft(3) of mefuvha-two from the start, recorded once the model and the engine agreed. */
#define PERFT_TWO_3 G_GUINT64_CONSTANT (2423226)

static void
model_start (Board *b, int n)
{
  memset (b, 0, sizeof *b);
  b->n = n;
  b->south_to_move = 1;
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < n; c++)
      b->grid[r][c] = 2;
  /* the leftmost inner hole of each player empty, the one to its right holding one */
  b->grid[1][0] = 0;
  b->grid[1][1] = 1;
  b->grid[2][n - 1] = 0;
  b->grid[2][n - 2] = 1;
  b->owes_first[0] = b->owes_first[1] = 1;
}

/* Plays the hole at track index `from` for the side to move.  Returns 0 when the move is still
 * going after LAP_LIMIT laps (the engine's limit), 1 when it ended; `*captured` says whether it
 * ended with a capture. */
static int
model_play (Board *b, int from, int *captured)
{
  const int south = b->south_to_move;
  Hole t[2 * MAX_N];
  int len = track (b->n, south, t);
  int at = from;
  int hand = b->grid[t[at].row][t[at].col];

  b->grid[t[at].row][t[at].col] = 0;
  b->owes_first[south] = 0;
  *captured = 0;
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
          /* an occupied hole: pick its counters up and go on */
          hand = b->grid[h.row][h.col];
          b->grid[h.row][h.col] = 0;
          continue;
        }
      if (is_inner (south, h.row))
        {
          int opp_inner = south ? 2 : 1, opp_outer = south ? 3 : 0;

          if (b->grid[opp_inner][h.col] > 0)
            {
              b->grid[opp_inner][h.col] = 0;
              b->grid[opp_outer][h.col] = 0;
              /* the capture of any other hole of the opponent: model_moves picks it */
              *captured = 1;
            }
        }
      b->south_to_move = !south;
      return 1;
    }
  b->south_to_move = !south;
  return 0;
}

/* How many other holes a capture may also take: 1 (Stayt) or 2 (the other source). */
static int model_extra = 1;

/* Legal moves as track indices, with the boards after them. */
static int
model_moves (const Board *b, int *moves, Board *after)
{
  Hole t[2 * MAX_N];
  int len = track (b->n, b->south_to_move, t), k = 0;

  int multiple = 0, only = -1;

  /* the stylised first move: the third hole from the player's left in the inner row */
  if (b->owes_first[b->south_to_move])
    {
      Hole third = b->south_to_move ? (Hole) { 1, 2 } : (Hole) { 2, b->n - 3 };

      for (int i = 0; i < len; i++)
        if (t[i].row == third.row && t[i].col == third.col && b->grid[third.row][third.col] >= 2)
          only = i;
    }
  /* single counters only when no hole holds more */
  for (int i = 0; i < len; i++)
    multiple |= b->grid[t[i].row][t[i].col] >= 2;
  for (int i = 0; i < len; i++)
    if ((only < 0 || i == only) && b->grid[t[i].row][t[i].col] >= (multiple ? 2 : 1))
      {
        Board c = *b;
        int captured;

        if (!model_play (&c, i, &captured))
          continue;
        moves[k] = i;
        after[k++] = c;
        /* "also entitled to capture counters in any other hole on the opponent's side": a right,
         * so the move above declines it, and one move more for each such hole with counters in it
         * (the opponent's rows are 2 and 3 when South moves) */
        if (captured && model_extra == 1)
          for (int r = 0; r < 4; r++)
            for (int col = 0; col < b->n; col++)
              if ((b->south_to_move ? r >= 2 : r <= 1) && c.grid[r][col] > 0)
                {
                  moves[k] = i + MODEL_TARGET (r, col);
                  after[k] = c;
                  after[k++].grid[r][col] = 0;
                }
        /* "In another source, two": every two such holes, taken together, or the only one left */
        if (captured && model_extra == 2)
          {
            Hole left[4 * MAX_N];
            int n_left = 0;

            for (int r = 0; r < 4; r++)
              for (int col = 0; col < b->n; col++)
                if ((b->south_to_move ? r >= 2 : r <= 1) && c.grid[r][col] > 0)
                  left[n_left++] = (Hole) { r, col };
            if (n_left == 1)
              {
                moves[k] = i + MODEL_TARGET (left[0].row, left[0].col);
                after[k] = c;
                after[k++].grid[left[0].row][left[0].col] = 0;
              }
            for (int x = 0; x < n_left; x++)
              for (int y = x + 1; y < n_left; y++)
                {
                  g_assert_cmpint (k, <, MODEL_MAX_MOVES);
                  moves[k] = i + MODEL_TARGET (left[x].row, left[x].col) + MODEL_TARGET2 (left[y].row, left[y].col);
                  after[k] = c;
                  after[k].grid[left[x].row][left[x].col] = 0;
                  after[k++].grid[left[y].row][left[y].col] = 0;
                }
          }
        g_assert_cmpint (k, <, MODEL_MAX_MOVES);
      }
  return k;
}

static const KielaVariant *mefuvha;
static KielaRegistry *registry;

/* Legal moves and the positions after them agree; returns the number of moves. */
static guint
compare_position (const KielaPosition *pos)
{
  return model_compare_position (mefuvha, model_moves, pos);
}

/* The start the model lays out from Silva's count is the engine's. */
static void
test_start (void)
{
  KielaPosition pos;
  Board b, m;

  kiela_position_init_start (&pos, mefuvha);
  board_from_engine (&pos, &b);
  model_start (&m, 16);
  assert_boards_equal (&b, &m);
  g_assert_cmpuint (kiela_position_total (&pos), ==, 2 * (4 * 16 - 3));
}

/* Seeded random games from the start: at every position the legal moves and the positions
 * after them agree, and the games end alike (no move: the mover loses; a third repetition:
 * a draw). */
static void
test_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1931);
  ModelGameStats stats = { 0 };
  const guint games = g_test_slow () ? 400 : 60;
  for (guint g = 0; g < games; g++)
    {
      g_autoptr(KielaGame) game = kiela_game_new (mefuvha);

      model_random_game (mefuvha, model_moves, game, rand, 400, &stats);
    }
  g_test_message ("%u positions, %u moves; %u games ended without a move, %u by repetition", stats.positions,
                  stats.moves, stats.endings_no_move, stats.endings_repetition);
  g_assert_cmpuint (stats.positions, >, 1000);
  g_assert_cmpuint (stats.endings_no_move, >, 0);
}

/* Constructed positions: a few, some or many stones spread at random over both sides, either side to move,
 * and crowded ones past the compact board's 255 stones. */
static void
test_constructed_positions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (364);
  guint with_moves = 0;

  for (guint i = 0; i < 3000; i++)
    {
      KielaPosition pos;
      guint stones = i % 10 == 0 ? 300 : i % 3 == 0 ? 12 : 60;

      kiela_position_init_start (&pos, mefuvha);
      memset (pos.houses, 0, sizeof pos.houses);
      for (guint s = 0; s < stones; s++)
        pos.houses[g_rand_int_range (rand, 0, 2)][g_rand_int_range (rand, 0, 32)]++;
      pos.to_move = (guint8) g_rand_int_range (rand, 0, 2);
      pos.first_move_owed = (guint8) g_rand_int_range (rand, 0, 4);
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
  /* With the extra capture a capturing move is one move for each house it may take: depth 4
   * has 167 million sequences, more than the model can afford. */
  const guint max_depth = 3;
  static const guint64 expected[] = { 1, 30, 1419, 678996 };

  kiela_position_init_start (&pos, mefuvha);
  model_start (&b, 16);
  for (guint d = 0; d <= max_depth; d++)
    {
      guint64 model = model_perft (model_moves, &b, (int) d);

      g_test_message ("perft %u: %" G_GUINT64_FORMAT, d, model);
      g_assert_cmpuint (kiela_perft (mefuvha, &pos, d), ==, model);
      g_assert_cmpuint (model, ==, expected[d]);
    }
  /* The stylised first moves: one house each, but c2 captures a3 and a4 and then may take one
   * of North's 29 other houses, each a move of its own. */
  g_assert_cmpuint (model_perft (model_moves, &b, 1), ==, 30);
}

/* Stayt's singles: with only single stones left, one is sown into an occupied house, which
 * relays (Hawalis would allow only a single whose next house is empty). */
static void
test_single_into_occupied (void)
{
  KielaPosition pos;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  g_autofree char *why = NULL;
  guint n;

  kiela_position_init_start (&pos, mefuvha);
  memset (pos.houses, 0, sizeof pos.houses);
  pos.houses[KIELA_SOUTH][0] = 1;   /* a1 */
  pos.houses[KIELA_SOUTH][1] = 1;   /* b1 */
  pos.houses[KIELA_NORTH][5] = 2;
  pos.to_move = KIELA_SOUTH;
  n = kiela_legal_moves (mefuvha, &pos, moves, children, NULL);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (moves[0], ==, 0);
  g_assert_cmpint (moves[1], ==, 1);
  /* a1 into b1 (now 2): relay, the last stone into the empty d1. */
  g_assert_cmpuint (children[0].houses[KIELA_SOUTH][0], ==, 0);
  g_assert_cmpuint (children[0].houses[KIELA_SOUTH][1], ==, 0);
  g_assert_cmpuint (children[0].houses[KIELA_SOUTH][2], ==, 1);
  g_assert_cmpuint (children[0].houses[KIELA_SOUTH][3], ==, 1);
  /* With a house of two, no single moves, and the refusal says why. */
  pos.houses[KIELA_SOUTH][7] = 2;
  n = kiela_legal_moves (mefuvha, &pos, moves, NULL, NULL);
  g_assert_cmpuint (n, ==, 1);
  why = kiela_explain_illegal (mefuvha, &pos, 0);
  g_assert_cmpstr (why, ==, "a1 holds a single stone: a single may be sown only when no house holds 2 or more.");
}

/* The stylised first moves, worked by hand: South must sow c2; its 2 stones go to b2 (now 2)
 * and the empty a2, facing North's a3 (2): a3 and a4 (2) leave the board.  Then North must
 * sow n3, whose 2 stones end in the empty p3 facing South's p2 (2) and p1 (2). */
static void
test_stylised_first_moves (void)
{
  g_autoptr(KielaGame) game = kiela_game_new (mefuvha);
  KielaMove moves[KIELA_MAX_MOVES];
  g_autofree char *why = NULL, *kpn = NULL;
  g_autoptr(GError) error = NULL;
  const KielaPosition *pos = kiela_game_get_position (game);
  KielaPosition parsed;

  g_assert_cmpuint (pos->first_move_owed, ==, 3);
  kpn = kiela_position_to_string (pos);
  g_assert_true (g_str_has_suffix (kpn, " s first:sn"));
  g_assert_true (kiela_position_parse (kpn, 16, &parsed, NULL));
  g_assert_true (kiela_position_equal (&parsed, pos));
  /* c2, declining the extra capture, then c2 taking one of North's 29 houses still holding
   * stones after a3 and a4: a move each. */
  g_assert_cmpuint (kiela_legal_moves (mefuvha, pos, moves, NULL, NULL), ==, 30);
  g_assert_cmpint (moves[0], ==, 29);
  for (guint i = 1; i < 30; i++)
    {
      g_assert_cmpuint (KIELA_MOVE_HOUSE (moves[i]), ==, 29);
      g_assert_true (KIELA_MOVE_HAS_TARGET (moves[i]));
    }
  why = kiela_explain_illegal (mefuvha, pos, 28);
  g_assert_cmpstr (why, ==, "The first move of each player in Mefuvha is made from c2.");
  g_assert_false (kiela_game_play (game, 28, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_null (kiela_explain_illegal (mefuvha, pos, 29));
  /* a3 and a4 are gone already: not a house to take. */
  g_assert_false (kiela_game_play_square (game, "c2xa3", NULL, &error));
  g_assert_cmpstr (error->message, ==, "a3 holds no stones to take after the capture.");
  g_clear_error (&error);
  g_assert_true (kiela_game_play_square (game, "c2xh4", NULL, &error));
  g_assert_no_error (error);
  pos = kiela_game_get_position (game);
  g_assert_cmpuint (pos->first_move_owed, ==, 2);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][30], ==, 2);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][31], ==, 1);
  g_assert_cmpuint (pos->houses[KIELA_NORTH][16], ==, 0);   /* a3 */
  g_assert_cmpuint (pos->houses[KIELA_NORTH][15], ==, 0);   /* a4 */
  g_assert_cmpuint (pos->houses[KIELA_NORTH][8], ==, 0);    /* h4, the extra capture */
  g_assert_cmpuint (kiela_position_side_total (pos, KIELA_NORTH), ==, 61 - 6);
  g_autofree char *name = kiela_game_dup_move_name (game, 0);
  g_assert_cmpstr (name, ==, "c2xh4");
  /* North's n3 captures p2 and p1, and may take one of South's 29 other houses. */
  g_assert_cmpuint (kiela_legal_moves (mefuvha, pos, moves, NULL, NULL), ==, 30);
  g_assert_cmpuint (KIELA_MOVE_HOUSE (moves[0]), ==, 29);
  g_assert_true (kiela_game_play_square (game, "n3xa2", NULL, &error));
  g_assert_no_error (error);
  pos = kiela_game_get_position (game);
  g_assert_cmpuint (pos->first_move_owed, ==, 0);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][16], ==, 0);   /* p2 */
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][15], ==, 0);   /* p1 */
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][31], ==, 0);   /* a2, the extra capture */
  /* Then any house of two. */
  g_assert_cmpuint (kiela_legal_moves (mefuvha, pos, moves, NULL, NULL), >, 20);
  /* A bad tail after the side is named. */
  g_assert_false (kiela_position_parse ("2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 s first:x", 4, &parsed, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "expected “first:s”"));
}

/* Records and the forced opening.  A record's start written without " first:" (every record
 * saved before FirstMove=29, whose start then owed nothing) replays under the rules it was
 * played by, a free first move included, and saves back the same.  A record that names no
 * start, or one whose start owes the first moves, is held to the opening, and the error
 * names its house. */
static void
test_old_records (void)
{
  static const char old[] =
    "{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"mefuvha\","
    "\"start\":\"2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2/0,1,2,2,2,2,2,2,2,2,2,2,2,2,2,2/"
    "2,2,2,2,2,2,2,2,2,2,2,2,2,2,1,0/2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2 s\","
    "\"moves\":[\"e2\"],\"result\":\"ongoing\"}";
  static const char no_start[] =
    "{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"mefuvha\",\"moves\":[\"e2\"]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = kiela_record_from_string (registry, old, -1, "old.kiela", &error);
  g_autoptr(KielaGame) again = NULL;
  g_autoptr(KielaGame) refused = NULL;
  g_autofree char *saved = NULL, *owing = NULL;
  KielaPosition pos;

  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 1);
  g_assert_cmpuint (kiela_game_get_start (game)->first_move_owed, ==, 0);
  g_assert_cmpuint (kiela_game_get_position (game)->first_move_owed, ==, 0);
  /* North too opens freely: more than the one stylised move. */
  {
    KielaMove moves[KIELA_MAX_MOVES];

    g_assert_cmpuint (kiela_game_legal_moves (game, moves), >, 1);
  }
  saved = kiela_record_to_string (game);
  g_assert_null (strstr (saved, "first:"));
  again = kiela_record_from_string (registry, saved, -1, "saved.kiela", &error);
  g_assert_no_error (error);
  g_assert_true (kiela_position_equal (kiela_game_get_position (again), kiela_game_get_position (game)));

  refused = kiela_record_from_string (registry, no_start, -1, "new.kiela", &error);
  g_assert_null (refused);
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_RECORD);
  g_assert_cmpstr (error->message, ==,
                   "new.kiela: move 1 (e2) is illegal: The first move of each player in Mefuvha is made from c2.");
  g_clear_error (&error);

  /* A start that owes the first moves, written out: the same refusal. */
  kiela_position_init_start (&pos, mefuvha);
  {
    g_autofree char *kpn = kiela_position_to_string (&pos);

    owing = g_strdup_printf ("{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"mefuvha\",\"start\":\"%s\","
                             "\"moves\":[\"e2\"]}", kpn);
  }
  g_assert_null (kiela_record_from_string (registry, owing, -1, "owing.kiela", &error));
  g_assert_nonnull (strstr (error->message, "is made from c2"));
}

/* The extra capture's notation: "c2xh4" names the move and the house it takes, reads back to
 * the same move, refuses a house of the mover's own side or a bad tail; a record of moves with
 * targets saves and loads the same game, and its narration tells the extra capture. */
static void
test_extra_capture_notation (void)
{
  static const char *bad[] = { "c2x", "c2xh", "c2xh5", "c2xc1", "c2xh4xh4", "c2xq4", "xh4" };
  KielaSquare sq;
  KielaMove move = -1;
  char name[KIELA_MOVE_NAME_MAX];
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = kiela_game_new (mefuvha);
  g_autoptr(KielaGame) again = NULL;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autofree char *saved = NULL, *summary = NULL;
  gboolean told = FALSE;

  g_assert_true (kiela_move_parse (16, "c2xh4", &sq, &move, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sq.side, ==, KIELA_SOUTH);
  g_assert_cmpuint (KIELA_MOVE_HOUSE (move), ==, 29);
  g_assert_true (KIELA_MOVE_HAS_TARGET (move));
  g_assert_cmpuint (KIELA_MOVE_TARGET (move), ==, 8);   /* h4: North's local house 8 */
  g_assert_true (KIELA_MOVE_IS_WELL_FORMED (move));
  kiela_move_name (16, KIELA_SOUTH, move, name);
  g_assert_cmpstr (name, ==, "c2xh4");
  /* North's move taking a South house. */
  g_assert_true (kiela_move_parse (16, "n3xa2", &sq, &move, NULL));
  kiela_move_name (16, KIELA_NORTH, move, name);
  g_assert_cmpstr (name, ==, "n3xa2");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (kiela_move_parse (16, bad[i], &sq, &move, &error));
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
      g_clear_error (&error);
    }
  /* A move without a target is named as before. */
  kiela_move_name (16, KIELA_SOUTH, 29, name);
  g_assert_cmpstr (name, ==, "c2");

  /* A record with targets round-trips; the narration says what the extra capture took. */
  g_assert_true (kiela_game_play_square (game, "c2xh4", trace, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      g_autofree char *line = kiela_narrate_event (mefuvha, trace, i);

      told |= g_strcmp0 (line, "South also takes 2 stones from h4.") == 0;
      if (kiela_trace_get_event (trace, i)->type == KIELA_EVENT_EXTRA_CAPTURE)
        {
          KielaPosition at;
          guint hand;

          kiela_trace_position_at (trace, i + 1, &at, &hand);
          g_assert_cmpuint (at.houses[KIELA_NORTH][8], ==, 0);
          g_assert_cmpuint (hand, ==, 6);
        }
    }
  g_assert_true (told);
  summary = kiela_narrate_move_summary (mefuvha, trace);
  g_assert_cmpstr (summary, ==, "South sowed c2: 1 lap, captured 6 stones, h4’s among them.");
  g_assert_true (kiela_game_play_square (game, "n3", NULL, &error));
  g_assert_no_error (error);
  saved = kiela_record_to_string (game);
  g_assert_nonnull (strstr (saved, "\"c2xh4\""));
  again = kiela_record_from_string (registry, saved, -1, "saved.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (again), ==, 2);
  g_assert_true (kiela_position_equal (kiela_game_get_position (again), kiela_game_get_position (game)));
}

/* The reading with two extra houses (mefuvha-two.kiela-variant): the model with model_extra = 2. */
static const KielaVariant *mefuvha_two;

static guint
compare_position_two (const KielaPosition *pos)
{
  guint n;

  model_extra = 2;
  n = model_compare_position (mefuvha_two, model_moves, pos);
  model_extra = 1;
  return n;
}

static void
test_two_start (void)
{
  KielaPosition pos;
  Board b, m;

  g_assert_cmpuint (mefuvha_two->files, ==, 8);
  g_assert_cmpuint (mefuvha_two->extra_capture, ==, 2);
  kiela_position_init_start (&pos, mefuvha_two);
  board_from_engine (&pos, &b);
  model_start (&m, 8);
  assert_boards_equal (&b, &m);
  g_assert_cmpuint (kiela_position_total (&pos), ==, 2 * (4 * 8 - 3));
  /* c2 captures a3 and a4 and may take two of North's 13 other houses holding stones: declined,
   * or one of C(13, 2) = 78 pairs. */
  g_assert_cmpuint (compare_position_two (&pos), ==, 1 + 78);
}

static void
test_two_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1932);
  ModelGameStats stats = { 0 };
  const guint games = g_test_slow () ? 300 : 40;

  model_extra = 2;
  for (guint g = 0; g < games; g++)
    {
      g_autoptr(KielaGame) game = kiela_game_new (mefuvha_two);

      model_random_game (mefuvha_two, model_moves, game, rand, 300, &stats);
    }
  model_extra = 1;
  g_test_message ("%u positions, %u moves; %u games ended without a move, %u by repetition", stats.positions,
                  stats.moves, stats.endings_no_move, stats.endings_repetition);
  g_assert_cmpuint (stats.positions, >, 500);
  g_assert_cmpuint (stats.endings_no_move, >, 0);
}

/* Random positions on 8 files, sparse ones too (a capture that leaves one house, or none, to take). */
static void
test_two_constructed_positions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (366);
  guint with_moves = 0, max_moves = 0;

  for (guint i = 0; i < 3000; i++)
    {
      KielaPosition pos;
      guint stones = i % 10 == 0 ? 300 : i % 3 == 0 ? 5 : i % 3 == 1 ? 12 : 40, n;

      kiela_position_init_start (&pos, mefuvha_two);
      memset (pos.houses, 0, sizeof pos.houses);
      for (guint s = 0; s < stones; s++)
        pos.houses[g_rand_int_range (rand, 0, 2)][g_rand_int_range (rand, 0, 16)]++;
      pos.to_move = (guint8) g_rand_int_range (rand, 0, 2);
      pos.first_move_owed = (guint8) g_rand_int_range (rand, 0, 4);
      n = compare_position_two (&pos);
      with_moves += n > 0;
      max_moves = MAX (max_moves, n);
    }
  g_test_message ("at most %u moves in a position", max_moves);
  g_assert_cmpuint (with_moves, >, 2000);
  g_assert_cmpuint (max_moves, <=, KIELA_MAX_MOVES);
}

/* Perft from the start, counted by the model, is the engine's; the counts are recorded. */
static void
test_two_perft (void)
{
  static const guint64 expected[] = { 1, 79, 12200, PERFT_TWO_3 };
  KielaPosition pos;
  Board b;

  kiela_position_init_start (&pos, mefuvha_two);
  model_start (&b, 8);
  model_extra = 2;
  for (guint d = 0; d < G_N_ELEMENTS (expected); d++)
    {
      guint64 model = model_perft (model_moves, &b, (int) d);

      g_test_message ("perft %u: %" G_GUINT64_FORMAT, d, model);
      g_assert_cmpuint (kiela_perft (mefuvha_two, &pos, d), ==, model);
      g_assert_cmpuint (model, ==, expected[d]);
    }
  model_extra = 1;
}

/* South's h2 sows g2 and f2, empty, and captures f3 and f4; North also has e4 (4), a4 (1) and
 * c3 (2), or fewer of them.  KPN rows are ranks 4 to 1, files a to h: North's two rows here. */
#define TWO_SOUTH "/0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0"

static KielaGame *
two_game (const char *north)
{
  g_autofree char *kpn = g_strconcat (north, TWO_SOUTH, " s", NULL);
  KielaPosition pos;
  g_autoptr(GError) error = NULL;
  KielaGame *game;

  g_assert_true (kiela_position_parse (kpn, 8, &pos, &error));
  g_assert_no_error (error);
  game = kiela_game_new_from_position (mefuvha_two, &pos, &error);
  g_assert_no_error (error);
  compare_position_two (&pos);
  return game;
}

static void
assert_names (KielaGame *game, const char *const *expected)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_game_legal_moves (game, moves);
  const KielaPosition *pos = kiela_game_get_position (game);

  g_assert_cmpuint (n, ==, g_strv_length ((char **) expected));
  for (guint i = 0; i < n; i++)
    {
      char name[KIELA_MOVE_NAME_MAX];

      kiela_move_name (8, (KielaSide) pos->to_move, moves[i], name);
      g_assert_true (g_strv_contains (expected, name));
    }
}

static void
assert_refused (KielaGame *game, const char *move, const char *why)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (kiela_game_play_square (game, move, NULL, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, why);
}

/* Two houses to take: the pairs, declining, the name's order, and what is refused. */
static void
test_two_targets (void)
{
  static const char *const names[] = { "h2", "h2xe4xa4", "h2xe4xc3", "h2xa4xc3", NULL };
  g_autoptr(KielaGame) game = two_game ("1,0,0,0,4,1,0,0/0,0,2,0,0,3,0,0");
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autofree char *summary = NULL, *saved = NULL;
  g_autoptr(KielaGame) again = NULL;
  g_autoptr(GError) error = NULL;
  const KielaPosition *pos;
  gboolean told_e4 = FALSE, told_c3 = FALSE;
  guint extra_events = 0, removed = 0;

  assert_names (game, names);
  /* One house alone, when two hold stones: refused with the way to name both. */
  assert_refused (game, "h2xe4", "In Mefuvha (two houses) a capture takes two other houses or none: name both, as in h2xe4xa4.");
  /* f4 went with the file: not a house to take. */
  assert_refused (game, "h2xf4xc3", "f4 holds no stones to take after the capture.");
  assert_refused (game, "h2xb3xc3", "b3 holds no stones to take after the capture.");
  /* Either order names the same move, written the lower house first. */
  g_assert_true (kiela_game_play_square (game, "h2xc3xe4", trace, &error));
  g_assert_no_error (error);
  {
    g_autofree char *name = kiela_game_dup_move_name (game, 0);

    g_assert_cmpstr (name, ==, "h2xe4xc3");
  }
  pos = kiela_game_get_position (game);
  g_assert_cmpuint (kiela_position_side_total (pos, KIELA_NORTH), ==, 1);   /* a4 alone */
  g_assert_cmpuint (kiela_position_side_total (pos, KIELA_SOUTH), ==, 2);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      g_autofree char *line = kiela_narrate_event (mefuvha_two, trace, i);
      const KielaEvent *e = kiela_trace_get_event (trace, i);

      told_e4 |= g_strcmp0 (line, "South also takes 4 stones from e4.") == 0;
      told_c3 |= g_strcmp0 (line, "South also takes 2 stones from c3.") == 0;
      extra_events += e->type == KIELA_EVENT_EXTRA_CAPTURE;
      if (e->type == KIELA_EVENT_REMOVE)
        {
          removed++;
          g_assert_cmpuint (e->count, ==, 3 + 1 + 4 + 2);
          g_assert_cmpstr (line, ==, "The 10 captured stones leave the board and the move ends.");
        }
    }
  g_assert_true (told_e4 && told_c3);
  g_assert_cmpuint (extra_events, ==, 2);
  g_assert_cmpuint (removed, ==, 1);
  summary = kiela_narrate_move_summary (mefuvha_two, trace);
  g_assert_cmpstr (summary, ==, "South sowed h2: 1 lap, captured 10 stones, e4’s and c3’s among them.");
  /* The record keeps the name and replays it. */
  saved = kiela_record_to_string (game);
  g_assert_nonnull (strstr (saved, "\"h2xe4xc3\""));
  again = kiela_record_from_string (registry, saved, -1, "saved.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (again), ==, 1);
  g_assert_true (kiela_position_equal (kiela_game_get_position (again), pos));
}

/* One house left holding stones after the capture: the move takes it alone. */
static void
test_two_one_left (void)
{
  static const char *const names[] = { "h2", "h2xc3", NULL };
  g_autoptr(KielaGame) game = two_game ("0,0,0,0,0,1,0,0/0,0,2,0,0,3,0,0");
  g_autoptr(GError) error = NULL;

  assert_names (game, names);
  assert_refused (game, "h2xc3xe4", "e4 holds no stones to take after the capture.");
  g_assert_true (kiela_game_play_square (game, "h2xc3", NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_position_side_total (kiela_game_get_position (game), KIELA_NORTH), ==, 0);
}

/* No house left to take: the capture alone. */
static void
test_two_none_left (void)
{
  static const char *const names[] = { "h2", NULL };
  g_autoptr(KielaGame) game = two_game ("0,0,0,0,0,1,0,0/0,0,0,0,0,3,0,0");

  assert_names (game, names);
  assert_refused (game, "h2xc3", "c3 holds no stones to take after the capture.");
}

/* Notation: two houses parse in either order, the same house twice or a third house is refused,
 * and a game of one extra house refuses a second one. */
static void
test_two_notation (void)
{
  static const char *bad[] = { "c2xh4xh4", "c2xh4xc1", "c2xh4xg3xf3", "c2xh4x", "c2xxh4", "c2xh4xh9" };
  KielaSquare sq;
  KielaMove move = -1, other = -1;
  char name[KIELA_MOVE_NAME_MAX];
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = kiela_game_new (mefuvha);

  g_assert_true (kiela_move_parse (16, "c2xh4xg3", &sq, &move, &error));
  g_assert_no_error (error);
  g_assert_true (kiela_move_parse (16, "c2xg3xh4", &sq, &other, &error));
  g_assert_cmpint (move, ==, other);
  g_assert_true (KIELA_MOVE_IS_WELL_FORMED (move));
  g_assert_cmpuint (KIELA_MOVE_HOUSE (move), ==, 29);
  g_assert_cmpuint (KIELA_MOVE_TARGET (move), ==, 8);    /* h4 */
  g_assert_cmpuint (KIELA_MOVE_TARGET2 (move), ==, 22);  /* g3: North's local 16 + 6 */
  kiela_move_name (16, KIELA_SOUTH, move, name);
  g_assert_cmpstr (name, ==, "c2xh4xg3");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("%s", bad[i]);
      g_assert_false (kiela_move_parse (16, bad[i], &sq, &move, &error));
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
      g_clear_error (&error);
    }
  g_assert_false (kiela_move_parse (16, "c2xh4xh4", &sq, &move, &error));
  g_assert_cmpstr (error->message, ==, "“c2xh4xh4” is not a move: it names the same house twice");
  g_clear_error (&error);
  /* Stayt's one house: a second one is refused by the rule. */
  assert_refused (game, "c2xh4xg3", "In Mefuvha a capture takes only one other house.");
}

/* The bound on the board: 8 files for two houses, every board for one. */
static void
test_two_limits (void)
{
  g_assert_true (kiela_extra_capture_fits (8, 2, 16));
  g_assert_cmpuint (kiela_extra_capture_max_moves (8, 2, 16), ==, 16 * (1 + 91));
  g_assert_false (kiela_extra_capture_fits (9, 2, 18));
  g_assert_true (kiela_extra_capture_fits (KIELA_MAX_FILES, 1, 2 * KIELA_MAX_FILES));
  g_assert_false (kiela_extra_capture_fits (4, 3, 8));
}

int
main (int argc, char **argv)
{
  registry = test_init (&argc, &argv);

  g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
  kiela_registry_load_variant_files (registry);
  mefuvha = kiela_registry_lookup_variant (registry, "mefuvha");
  g_assert_nonnull (mefuvha);
  g_test_add_func ("/mefuvha-model/start", test_start);
  g_test_add_func ("/mefuvha-model/random-games", test_random_games);
  g_test_add_func ("/mefuvha-model/constructed-positions", test_constructed_positions);
  g_test_add_func ("/mefuvha-model/perft", test_perft);
  g_test_add_func ("/mefuvha-model/single-into-occupied", test_single_into_occupied);
  g_test_add_func ("/mefuvha-model/stylised-first-moves", test_stylised_first_moves);
  g_test_add_func ("/mefuvha-model/old-records", test_old_records);
  g_test_add_func ("/mefuvha-model/extra-capture-notation", test_extra_capture_notation);
  mefuvha_two = kiela_registry_lookup_variant (registry, "mefuvha-two");
  g_assert_nonnull (mefuvha_two);
  g_test_add_func ("/mefuvha-model/two/start", test_two_start);
  g_test_add_func ("/mefuvha-model/two/random-games", test_two_random_games);
  g_test_add_func ("/mefuvha-model/two/constructed-positions", test_two_constructed_positions);
  g_test_add_func ("/mefuvha-model/two/perft", test_two_perft);
  g_test_add_func ("/mefuvha-model/two/targets", test_two_targets);
  g_test_add_func ("/mefuvha-model/two/one-left", test_two_one_left);
  g_test_add_func ("/mefuvha-model/two/none-left", test_two_none_left);
  g_test_add_func ("/mefuvha-model/two/notation", test_two_notation);
  g_test_add_func ("/mefuvha-model/two/limits", test_two_limits);
  int status = g_test_run ();

  kiela_registry_free (registry);
  return status;
}
