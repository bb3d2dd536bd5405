/* test-model-common.h: the harness the naive game models share: a 4 × N grid as South sees the
 * board, each player's track, the bridge from engine positions through square names, and the
 * comparison of legal moves, positions after them and endings.
 *
 * Each test-*-model.c writes its own rules from its source (model_moves and what it calls);
 * nothing here knows a rule of any game beyond the board's shape and the rules reference's
 * square names (section 2). */
#pragma once

#include <string.h>
#include "test-common.h"

#define MAX_N 20
#define LAP_LIMIT 1000

/* rows as South sees them: 0 South outer, 1 South inner, 2 North inner, 3 North outer */
typedef struct {
  int n;
  int grid[4][MAX_N];
  int south_to_move;
  int owes_first[2];   /* [1] South, [0] North: a game's stylised first move is still to be made */
  int in_house[2];     /* [1] South, [0] North: may still sow the leftmost outer hole into itself */
} Board;

/* A model's move: a track index, plus this when the move is named with a trailing "=" (the
 * hole sown with its first counter dropped back into it). */
#define MODEL_IN_HOUSE 128
/* Plus this for a move that also takes the opponent's hole at grid row `r`, column `c` after
 * its capture (named "c2xf3"). */
#define MODEL_TARGET(r, c) ((1 + (r) * MAX_N + (c)) << 8)
/* Plus this as well for a move that takes a second hole too (ExtraCapture=2, "c2xf3xg3"): the
 * later of the two in the grid's row-by-row order, the earlier in MODEL_TARGET. */
#define MODEL_TARGET2(r, c) ((1 + (r) * MAX_N + (c)) << 24)
/* Plus this for a move that is a skip of a single counter to the player's own hole at grid row
 * `r`, column `c` (named "b2>a1"). */
#define MODEL_SKIP_TO(r, c) ((1 + (r) * MAX_N + (c)) << 20)
/* The most moves a model lists: every hole, each with every hole it may also take, or on a
 * small board with every pair of holes (a model asserts it stays within). */
#define MODEL_MAX_MOVES 4096

typedef struct { int row, col; } Hole;

/* Legal moves as track indices, with the boards after them; returns how many (at most
 * MODEL_MAX_MOVES: the arrays hold that many). */
typedef int (*ModelMovesFunc) (const Board *b, int *moves, Board *after);

/* A player's holes in anti-clockwise order, starting from the leftmost hole of the outer row
 * as that player sees the board. */
static inline int
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

static inline int
is_inner (int south, int row)
{
  return south ? row == 1 : row == 2;
}

static inline guint64
model_perft (ModelMovesFunc model_moves, const Board *b, int depth)
{
  g_autofree int *moves = NULL;
  g_autofree Board *after = NULL;
  int k;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  moves = g_new (int, MODEL_MAX_MOVES);
  after = g_new (Board, MODEL_MAX_MOVES);
  k = model_moves (b, moves, after);
  if (depth == 1)
    return (guint64) k;
  for (int i = 0; i < k; i++)
    total += model_perft (model_moves, &after[i], depth - 1);
  return total;
}

/* ---- bridging: the engine's position read as the grid, through the notation of the rules
 * reference (section 2): squares named as South sees the board. ---- */

static inline void
board_from_engine (const KielaPosition *pos, Board *b)
{
  memset (b, 0, sizeof *b);
  b->n = pos->files;
  b->south_to_move = pos->to_move == KIELA_SOUTH;
  b->owes_first[1] = (pos->first_move_owed & (1u << KIELA_SOUTH)) != 0;
  b->owes_first[0] = (pos->first_move_owed & (1u << KIELA_NORTH)) != 0;
  {
    /* read off the position string's " inhouse:sn" */
    g_autofree char *kpn = kiela_position_to_string (pos);
    const char *tag = strstr (kpn, " inhouse:");

    if (tag)
      {
        const char *v = tag + strlen (" inhouse:");

        b->in_house[1] = v[0] == 's';
        b->in_house[0] = v[0] == 'n' || (v[0] == 's' && v[1] == 'n');
      }
  }
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
static inline int
track_index_of (const Board *b, guint files, KielaSide side, KielaMove move)
{
  char sq[KIELA_MOVE_NAME_MAX];
  Hole t[2 * MAX_N];
  int len = track (b->n, side == KIELA_SOUTH, t);
  const char *x;
  int target = 0;

  /* Read from the move's name: "c2xf3" takes f3 too, "c2xf3xg3" f3 and g3 (kept in the
   * model's own order, whatever the name's). */
  kiela_move_name (files, side, move, sq);
  x = strchr (sq, 'x');
  if (x && strchr (x + 1, 'x'))
    {
      const char *y = strchr (x + 1, 'x');
      const int a = (x[2] - '1') * MAX_N + (x[1] - 'a'), b = (y[2] - '1') * MAX_N + (y[1] - 'a');

      g_assert_cmpint (a, !=, b);
      target = MODEL_TARGET (MIN (a, b) / MAX_N, MIN (a, b) % MAX_N) + MODEL_TARGET2 (MAX (a, b) / MAX_N, MAX (a, b) % MAX_N);
    }
  else if (x)
    target = MODEL_TARGET (x[2] - '1', x[1] - 'a');
  /* "b2>a1": the counter of b2 skips to a1. */
  x = strchr (sq, '>');
  if (x)
    target = MODEL_SKIP_TO (x[2] - '1', x[1] - 'a');
  for (int i = 0; i < len; i++)
    if (t[i].col == sq[0] - 'a' && t[i].row == sq[1] - '1')
      return i + (sq[2] == '=' ? MODEL_IN_HOUSE : 0) + target;
  g_assert_not_reached ();
}

static inline void
assert_boards_equal (const Board *a, const Board *b)
{
  g_assert_cmpint (a->n, ==, b->n);
  g_assert_cmpint (a->south_to_move, ==, b->south_to_move);
  g_assert_cmpint (a->owes_first[0], ==, b->owes_first[0]);
  g_assert_cmpint (a->owes_first[1], ==, b->owes_first[1]);
  g_assert_cmpint (a->in_house[0], ==, b->in_house[0]);
  g_assert_cmpint (a->in_house[1], ==, b->in_house[1]);
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < a->n; c++)
      if (a->grid[r][c] != b->grid[r][c])
        g_error ("row %d column %d: %d against %d", r, c, a->grid[r][c], b->grid[r][c]);
}

/* Legal moves and the positions after them agree; returns the number of moves. */
static inline guint
model_compare_position (const KielaVariant *variant, ModelMovesFunc model_moves, const KielaPosition *pos)
{
  KielaMove moves[KIELA_MAX_MOVES];
  g_autofree KielaPosition *children = g_new (KielaPosition, KIELA_MAX_MOVES);
  g_autofree int *model = g_new (int, MODEL_MAX_MOVES);
  g_autofree Board *after = g_new (Board, MODEL_MAX_MOVES);
  Board b;
  guint n = kiela_legal_moves (variant, pos, moves, children, NULL);
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

typedef struct {
  guint positions, moves, endings_no_move, endings_repetition;
} ModelGameStats;

/* Seeded random moves through `game` from where it stands, for at most `plies`: at every
 * position the legal moves and the positions after them agree, and the game ends as the
 * model ends it (no move: the mover loses; a third occurrence: a draw). */
static inline void
model_random_game (const KielaVariant *variant, ModelMovesFunc model_moves, KielaGame *game, GRand *rand,
                   guint plies, ModelGameStats *stats)
{
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint ply = 0; ply < plies; ply++)
    {
      const KielaPosition *pos = kiela_game_get_position (game);
      g_autofree char *key = kiela_position_to_string (pos);
      guint times = GPOINTER_TO_UINT (g_hash_table_lookup (seen, key)) + 1;
      KielaReason reason;
      KielaStatus status = kiela_game_get_status (game, &reason);
      KielaMove legal[KIELA_MAX_MOVES];
      guint n;

      g_hash_table_replace (seen, g_strdup (key), GUINT_TO_POINTER (times));
      n = model_compare_position (variant, model_moves, pos);
      stats->positions++;
      stats->moves += n;
      /* The model's ending: no move loses, the third occurrence draws. */
      if (times >= 3)
        {
          g_assert_cmpint (status, ==, KIELA_STATUS_DRAW);
          g_assert_cmpint (reason, ==, KIELA_REASON_REPETITION);
          stats->endings_repetition++;
          break;
        }
      if (n == 0)
        {
          g_assert_cmpint (status, ==, pos->to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS);
          g_assert_cmpint (reason, ==, KIELA_REASON_NO_MOVES);
          stats->endings_no_move++;
          break;
        }
      g_assert_cmpint (status, ==, KIELA_STATUS_ONGOING);
      n = kiela_legal_moves (variant, pos, legal, NULL, NULL);
      g_assert_true (kiela_game_play (game, legal[g_rand_int_range (rand, 0, (gint) n)], NULL, NULL));
    }
  g_hash_table_unref (seen);
}
