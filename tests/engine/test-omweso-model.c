/* test-omweso-model.c: Omweso played by a naive model written from its sources (omweso-model.c,
 * which says what it knows of the rules), against the engine: random games and constructed
 * positions, reverse captures and their refusals, both ends, records of the directions, choices
 * mid-move, the sources' worked example and move counts. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "test-common.h"
#include "omweso-model.h"

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

static char *
pos_name (const KielaPosition *pos)
{
  static char buf[256];
  g_autofree char *kpn = kiela_position_to_string (pos);

  g_strlcpy (buf, kpn, sizeof buf);
  return buf;
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

static KielaRegistry *registry;
static const KielaVariant *omweso;
static guint clockwise_seen, declined_seen, lists_full;

/* Legal moves and the positions after them agree, each engine move found by its name among
 * the model's; returns the number of moves.  The engine lists at most KIELA_MAX_MOVES (its
 * documented limit): where the model has more, the engine's are all among them. */
static guint
compare_position (const KielaPosition *pos)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  g_autofree ModelMove *model = g_new (ModelMove, MAX_MODEL_MOVES);
  g_autofree Board *after = g_new (Board, MAX_MODEL_MOVES);
  Board b;
  guint n = kiela_legal_moves (omweso, pos, moves, children, NULL);
  int k;

  board_from_engine (pos, &b);
  k = model_moves (&b, model, after);
  if (k > KIELA_MAX_MOVES)
    {
      lists_full++;
      g_assert_cmpuint (n, <=, KIELA_MAX_MOVES);
    }
  else
    g_assert_cmpint ((int) n, ==, k);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = kiela_square_name_dup (N, (KielaSide) pos->to_move, (guint) moves[i]);
      KielaSquare sq;
      KielaMove parsed;
      int found = 0;

      clockwise_seen += KIELA_MOVE_IS_CLOCKWISE (moves[i]);
      declined_seen += KIELA_MOVE_DECISIONS (moves[i]) != 0;
      /* The name reads back to the same move. */
      g_assert_true (kiela_move_parse (N, name, &sq, &parsed, NULL));
      g_assert_cmpint (parsed, ==, moves[i]);
      for (int j = 0; j < k; j++)
        if (strcmp (model[j].name, name) == 0)
          {
            Board e;

            /* The board after the move, the both-ends win included, is the model's. */
            board_from_engine (&children[i], &e);
            assert_boards_equal (&e, &after[j]);
            found++;
          }
      if (found != 1)
        g_error ("%s: the engine's move %s is found %d times among the model's %d", pos_name (pos), name, found, k);
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

  clockwise_seen = declined_seen = lists_full = 0;
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
  g_test_message ("%u positions, %u moves (%u clockwise, %u declining a turn); %u games ended without a move, "
                  "%u at both ends, %u by repetition; %u positions with more moves than a list holds",
                  positions, moves, clockwise_seen, declined_seen, endings_no_move, endings_both_ends,
                  endings_repetition, lists_full);
  g_assert_cmpuint (positions, >, 1000);
  g_assert_cmpuint (clockwise_seen, >, 100);
  g_assert_cmpuint (declined_seen, >, 100);
  /* The limit is rare: fewer than one position in 500. */
  g_assert_cmpuint (lists_full * 500, <, positions);
  g_assert_cmpuint (endings_no_move + endings_both_ends, >, 0);
}

/* Constructed positions: a few, some or many stones spread at random, either side to move. */
static void
test_constructed_positions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1934);
  guint with_moves = 0;

  clockwise_seen = declined_seen = lists_full = 0;
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
  g_test_message ("%u clockwise moves, %u declining a turn; %u positions with more moves than a list holds",
                  clockwise_seen, declined_seen, lists_full);
  g_assert_cmpuint (declined_seen, >, 100);
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
  /* What Happens tells it lap by lap, the clockwise sowing in words. */
  {
    g_autoptr(KielaTrace) trace = kiela_trace_new ();
    g_autofree char *summary = NULL;
    const char *want[] = {
      "South lifts 2 stones from b1 and sows them clockwise.",
      "A stone drops into a1 (now 1); 1 stone left in hand.",
      "The last stone drops into a2, which now holds 2.",
      "a2 captures 4 stones from a3 and a4; they join South’s army.",
      "South sows the 4 captured stones from c1 on.",
    };

    g_assert_true (kiela_sow_traced (omweso, &pos, 1 | KIELA_MOVE_CLOCKWISE, trace));
    g_assert_cmpuint (kiela_trace_get_n_events (trace), >, G_N_ELEMENTS (want));
    for (guint i = 0; i < G_N_ELEMENTS (want); i++)
      {
        g_autofree char *line = kiela_narrate_event (omweso, trace, i);

        g_assert_cmpstr (line, ==, want[i]);
      }
    summary = kiela_narrate_move_summary (omweso, trace);
    g_assert_cmpstr (summary, ==, "South sowed b1 clockwise: 2 laps, captured 4 stones.");
  }
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
  Board b;
  g_autofree Board *model_after = g_new (Board, MAX_MODEL_MOVES);
  g_autofree ModelMove *model = g_new (ModelMove, MAX_MODEL_MOVES);

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

/* A turn mid-move worked by hand.  South's d2 (3) sows c2, b2 and the last into a2 (1, now 2),
 * facing a3 and a4 empty: a relay from a2, one of the left-hand houses.  Its 2 stones sown
 * clockwise would go to b2 and c2 (1, now 2), facing c3 (2) and c4 (1): a capture, so the
 * player may turn.  Taking the turn ("d2"): the 3 captured stones, sown from a2, would end
 * clockwise in the empty d2, so they go the usual way, a1, b1, c1.  Declining it ("d2-"): a2's
 * stones go to a1 and b1, empty, and the move ends. */
static void
test_choice_mid_move (void)
{
  KielaPosition pos;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  g_autoptr(KielaGame) game = NULL, declined = NULL, again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name0 = NULL, *name1 = NULL, *why = NULL, *why2 = NULL, *text = NULL, *moved = NULL;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  gboolean said_taken = FALSE, said_declined = FALSE;
  guint n;

  position_from (&pos, KIELA_SOUTH, "d2:3 a2:1 c3:2 c4:1 g3:2 h4:2");
  n = kiela_legal_moves (omweso, &pos, moves, children, NULL);
  g_assert_cmpuint (n, ==, 2);
  name0 = kiela_square_name_dup (N, KIELA_SOUTH, (guint) moves[0]);
  name1 = kiela_square_name_dup (N, KIELA_SOUTH, (guint) moves[1]);
  g_assert_cmpstr (name0, ==, "d2");
  g_assert_cmpstr (name1, ==, "d2-");
  g_assert_cmpint (moves[1], ==, moves[0] | KIELA_MOVE_DECLINE (0));
  /* Taken */
  g_assert_cmpuint (count_at (&children[0], "c3"), ==, 0);
  g_assert_cmpuint (count_at (&children[0], "c4"), ==, 0);
  g_assert_cmpuint (count_at (&children[0], "a2"), ==, 0);
  g_assert_cmpuint (count_at (&children[0], "b2"), ==, 2);
  g_assert_cmpuint (count_at (&children[0], "c2"), ==, 2);
  g_assert_cmpuint (count_at (&children[0], "a1"), ==, 1);
  g_assert_cmpuint (count_at (&children[0], "b1"), ==, 1);
  g_assert_cmpuint (count_at (&children[0], "c1"), ==, 1);
  /* Declined */
  g_assert_cmpuint (count_at (&children[1], "c3"), ==, 2);
  g_assert_cmpuint (count_at (&children[1], "c4"), ==, 1);
  g_assert_cmpuint (count_at (&children[1], "b2"), ==, 1);
  g_assert_cmpuint (count_at (&children[1], "c2"), ==, 1);
  g_assert_cmpuint (count_at (&children[1], "a1"), ==, 1);
  g_assert_cmpuint (count_at (&children[1], "b1"), ==, 1);
  g_assert_cmpuint (count_at (&children[1], "c1"), ==, 0);
  g_assert_cmpuint (kiela_position_total (&children[1]), ==, kiela_position_total (&pos));

  /* The narration says which way the player chose. */
  for (guint m = 0; m < 2; m++)
    {
      g_assert_true (kiela_sow_traced (omweso, &pos, moves[m], trace));
      g_assert_true (kiela_position_equal (&trace->after, &children[m]));
      for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
        {
          g_autofree char *line = kiela_narrate_event (omweso, trace, i);

          if (strcmp (line, "Lap 2: South lifts the 2 stones of a2 and chooses to sow on clockwise.") == 0)
            said_taken = m == 0;
          if (strcmp (line, "Lap 2: South lifts the 2 stones of a2 and sows on the usual way, though clockwise "
                            "would capture.") == 0)
            said_declined = m == 1;
        }
    }
  g_assert_true (said_taken);
  g_assert_true (said_declined);

  /* Only one turn to decide: "d2+-" and "d2--" decide a second that never comes. */
  why = kiela_explain_illegal (omweso, &pos, moves[0] | KIELA_MOVE_DECLINE (1));
  g_assert_cmpstr (why, ==, "d2+- declines a change of direction that sowing d2 does not come to: it has fewer "
                            "choices.");
  game = kiela_game_new_from_position (omweso, &pos, &error);
  g_assert_no_error (error);
  g_assert_false (kiela_game_play_square (game, "d2--", NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (kiela_game_play_square (game, "d2-x", NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  g_clear_error (&error);
  /* "d2+" is "d2", the turn taken, and is named so. */
  g_assert_true (kiela_game_play_square (game, "d2+", NULL, &error));
  g_assert_no_error (error);
  moved = kiela_game_dup_move_name (game, 0);
  g_assert_cmpstr (moved, ==, "d2");
  g_assert_true (kiela_position_equal (kiela_game_get_position (game), &children[0]));

  /* A record keeps "d2-" and reads back to the declined move. */
  declined = kiela_game_new_from_position (omweso, &pos, &error);
  g_assert_true (kiela_game_play_square (declined, "d2-", NULL, &error));
  g_assert_no_error (error);
  text = kiela_record_to_string (declined);
  g_assert_nonnull (strstr (text, "\"d2-\""));
  again = kiela_record_from_string (registry, text, -1, "game.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpint (kiela_game_get_move (again, 0)->move, ==, moves[1]);
  g_assert_true (kiela_position_equal (kiela_game_get_position (again), &children[1]));

  /* Kiela has no such turn: a "-" is refused, saying so. */
  {
    const KielaVariant *kiela = kiela_registry_lookup_variant (registry, "kiela");
    KielaPosition start;

    kiela_position_init_start (&start, kiela);
    why2 = kiela_explain_illegal (kiela, &start, 6 | KIELA_MOVE_DECLINE (0));
    g_assert_cmpstr (why2, ==, "In Kiela no change of direction in the middle of a move is the player’s choice.");
  }
}

/* A worked example: the only one with the moves spelt out that the search corpora held (an
 * unattributed copy of an Omweso rules text, rilirey652.amebaownd.com; the International Omweso
 * Society's own examples were not there).  It letters Lower's (South's) outer row i..p and inner
 * row a..h from the left, and Upper's (North's) inner row A..H and outer row I..P from Upper's
 * left, so A faces h and I is behind A.  Only the moves are given, not whole boards: the boards
 * here are built to hold every fact the text states, and the engine must then play what it says.
 *   "Lower chooses to play the 4 seeds from m. He sows them into n, o, p and the last one into h.
 *   ... he captures Upper's vulnerable seeds in A and I.  He takes these 6 seeds and sows them
 *   anti-clockwise from the hole from which he scooped the capturing seeds ... n, o, p, h, g, f.
 *   He has now captured C and K.  He takes these 6 captured seeds and plays them again from m,
 *   one seed each into n, o, p, h, g, f."
 *   "Lower can choose to reverse capture by playing the 3 seeds from i clockwise round to c to
 *   capture the 2 seeds in FN."
 * In this notation m = e1, n o p = f1 g1 h1, h g f = h2 g2 f2, i = a1, c = c2; A I = h3 h4,
 * C K = f3 f4, F N = c3 c4.  What follows the text's last sowing (f2 relays: its 3 stones end
 * in the empty c2) is the rules' and the model's. */
static void
test_worked_example (void)
{
  KielaPosition pos;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  KielaMove move;
  KielaSquare sq;
  guint captures = 0, enters = 0;
  static const char *const expected_drops[] = { "f1", "g1", "h1", "h2",                /* m's 4 */
                                                "f1", "g1", "h1", "h2", "g2", "f2",    /* A and I's 6 */
                                                "f1", "g1", "h1", "h2", "g2", "f2",    /* C and K's 6 */
                                                "e2", "d2", "c2" };                    /* f2's relay */
  guint n_drops = 0;

  position_from (&pos, KIELA_SOUTH, "e1:4 h2:1 f2:1 h3:3 h4:3 f3:3 f4:3 a3:2 b4:2");
  g_assert_true (kiela_move_parse (N, "e1", &sq, &move, NULL));
  g_assert_true (kiela_sow_traced (omweso, &pos, move, trace));
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *e = kiela_trace_get_event (trace, i);
      char name[4];

      kiela_square_name (N, (KielaSide) e->side, e->house, name);
      if (e->type == KIELA_EVENT_DROP)
        {
          g_assert_cmpuint (n_drops, <, G_N_ELEMENTS (expected_drops));
          g_assert_cmpstr (name, ==, expected_drops[n_drops]);
          n_drops++;
        }
      else if (e->type == KIELA_EVENT_CAPTURE)
        {
          char inner[4], outer[4];

          kiela_square_name (N, (KielaSide) e->side2, e->house2, inner);
          kiela_square_name (N, (KielaSide) e->side2, e->house3, outer);
          g_assert_cmpstr (name, ==, captures == 0 ? "h2" : "f2");
          g_assert_cmpstr (inner, ==, captures == 0 ? "h3" : "f3");
          g_assert_cmpstr (outer, ==, captures == 0 ? "h4" : "f4");
          g_assert_cmpuint ((guint) e->count2 + e->count3, ==, 6);
          captures++;
        }
      else if (e->type == KIELA_EVENT_ENTER)
        {
          /* "plays them again from m": the first into n, the usual way */
          g_assert_cmpstr (name, ==, "f1");
          g_assert_cmpuint (e->reason, ==, 0);
          enters++;
        }
    }
  g_assert_cmpuint (n_drops, ==, G_N_ELEMENTS (expected_drops));
  g_assert_cmpuint (captures, ==, 2);
  g_assert_cmpuint (enters, ==, 2);
  g_assert_cmpuint (count_at (&trace->after, "h3") + count_at (&trace->after, "h4") +
                    count_at (&trace->after, "f3") + count_at (&trace->after, "f4"), ==, 0);
  g_assert_cmpuint (count_at (&trace->after, "h2"), ==, 4);
  g_assert_cmpuint (count_at (&trace->after, "c2"), ==, 1);

  /* The reverse capture: i's 3 seeds clockwise round to c (a2, b2, c2), capturing F and N. */
  position_from (&pos, KIELA_SOUTH, "a1:3 c2:1 c3:1 c4:1 e3:2 e4:2");
  g_assert_true (kiela_move_parse (N, "a1<", &sq, &move, NULL));
  g_assert_null (kiela_explain_illegal (omweso, &pos, move));
  g_assert_true (kiela_sow_traced (omweso, &pos, move, trace));
  captures = 0;
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *e = kiela_trace_get_event (trace, i);
      char name[4];

      kiela_square_name (N, (KielaSide) e->side, e->house, name);
      if (e->type == KIELA_EVENT_CAPTURE)
        {
          g_assert_cmpstr (name, ==, "c2");
          g_assert_cmpuint ((guint) e->count2 + e->count3, ==, 2);
          captures++;
        }
    }
  g_assert_cmpuint (captures, ==, 1);
  g_assert_cmpuint (count_at (&trace->after, "c3") + count_at (&trace->after, "c4"), ==, 0);
  g_assert_cmpuint (count_at (&trace->after, "a2"), ==, 1);
  g_assert_cmpuint (count_at (&trace->after, "b2"), ==, 1);
  g_assert_cmpuint (count_at (&trace->after, "c2"), ==, 2);
  /* Sown clockwise from a1 again the 2 would end in b2, facing empty houses: no capture, so
   * they go the usual way, b1 and c1. */
  g_assert_cmpuint (count_at (&trace->after, "b1"), ==, 1);
  g_assert_cmpuint (count_at (&trace->after, "c1"), ==, 1);
  /* And the model agrees on every move of both boards. */
  compare_position (&pos);
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
  g_test_add_func ("/omweso-model/choice-mid-move", test_choice_mid_move);
  g_test_add_func ("/omweso-model/worked-example", test_worked_example);
  int status = g_test_run ();

  kiela_registry_free (registry);
  return status;
}