/* omweso-model.c: a naive model of Omweso written from its sources, which test-omweso-model.c
 * plays against the engine (omweso-model.h).
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

#include <string.h>
#include "omweso-model.h"

#define LAP_LIMIT 1000

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

/* One way a move can go: the board after it, its choices ("+" turned clockwise, "-" declined,
 * one a turn the player was offered), and whether it ended within LAP_LIMIT laps. */
typedef struct {
  Board after;
  char choices[64];
  int finite;
} Outcome;

#define MAX_OUTCOMES 256

typedef struct {
  Outcome out[MAX_OUTCOMES];
  int n;
} Outcomes;

/* Sows on from a lap about to start: `after` the track index the lap's first seed goes after,
 * `origin` where the lap began (captured seeds are sown from there), `lift` the hole lifted
 * first (-1: the hand holds captured seeds), `hand` seeds in hand.  Where the player may turn
 * (a relay from a left-hand hole, or captured seeds sown from one, when clockwise captures),
 * the sowing forks: both ways are followed, each noting its choice. */
static void
sow_on (Board b, int south, int lap, int after, int origin, int lift, int hand, int dir, int ends0, int ends1,
        const char *choices, Outcomes *res)
{
  Hole t[2 * N];
  int opp_inner = south ? 2 : 1, opp_outer = south ? 3 : 0, endless = 0;
  /* The notation writes at most 8 choices a move: later turns are taken (the engine's limit,
   * documented with the notation). */
  const int may_choose = strlen (choices) < 8;

  track (south, t);
  for (; lap <= LAP_LIMIT; lap++)
    {
      int at = after;
      Hole h;
      int inner;

      if (lift >= 0)
        b.grid[t[lift].row][t[lift].col] = 0;
      for (int k = 0; k < hand; k++)
        {
          at = step (at, dir);
          b.grid[t[at].row][t[at].col]++;
        }
      h = t[at];
      inner = south ? h.row == 1 : h.row == 2;
      if (b.grid[h.row][h.col] == 1)
        break;   /* an empty hole: the move is over */
      if (inner && b.grid[opp_inner][h.col] > 0 && b.grid[opp_outer][h.col] > 0)
        {
          int taken = b.grid[opp_inner][h.col] + b.grid[opp_outer][h.col];

          b.grid[opp_inner][h.col] = b.grid[opp_outer][h.col] = 0;
          ends0 |= h.col == 0;
          ends1 |= h.col == N - 1;
          if (ends0 && ends1)
            {
              b.grid[h.row][h.col] += taken;
              b.won = 1;
              break;
            }
          if (lap == LAP_LIMIT)
            {
              endless = 1;
              break;
            }
          /* sown from where the capturing lap began: from a left-hand hole the player may sow
           * them clockwise when that captures, or the usual way */
          dir = 1;
          if (is_left_hole (south, t[origin]) && would_capture (&b, south, origin, taken, -1, -1))
            dir = -1;
          if (dir < 0 && may_choose)
            {
              g_autofree char *taken_way = g_strconcat (choices, "+", NULL);
              g_autofree char *declined = g_strconcat (choices, "-", NULL);

              sow_on (b, south, lap + 1, origin, origin, -1, taken, -1, ends0, ends1, taken_way, res);
              sow_on (b, south, lap + 1, origin, origin, -1, taken, 1, ends0, ends1, declined, res);
              return;
            }
          after = origin;
          hand = taken;
          lift = -1;
          continue;
        }
      if (lap == LAP_LIMIT)
        {
          endless = 1;
          break;
        }
      /* a relay; lifted from a left-hand hole it may turn clockwise when that captures */
      hand = b.grid[h.row][h.col];
      if (dir > 0 && is_left_hole (south, h) && would_capture (&b, south, at, hand, at, -1) && !may_choose)
        dir = -1;
      else if (dir > 0 && is_left_hole (south, h) && would_capture (&b, south, at, hand, at, -1))
        {
          g_autofree char *taken_way = g_strconcat (choices, "+", NULL);
          g_autofree char *declined = g_strconcat (choices, "-", NULL);

          sow_on (b, south, lap + 1, at, at, at, hand, -1, ends0, ends1, taken_way, res);
          sow_on (b, south, lap + 1, at, at, at, hand, 1, ends0, ends1, declined, res);
          return;
        }
      after = origin = lift = at;
    }
  g_assert_cmpint (res->n, <, MAX_OUTCOMES);
  b.south_to_move = !south;
  res->out[res->n].after = b;
  g_strlcpy (res->out[res->n].choices, choices, sizeof res->out[res->n].choices);
  res->out[res->n].finite = !endless;
  res->n++;
}

/* Every way the hole at track index `from` sown in direction dir (1 anticlockwise, -1
 * clockwise) can go for the side to move. */
static void
model_play_all (const Board *b, int from, int dir, Outcomes *res)
{
  const int south = b->south_to_move;
  Hole t[2 * N];
  Board c = *b;

  track (south, t);
  c.won = 0;
  res->n = 0;
  sow_on (c, south, 1, from, from, from, c.grid[t[from].row][t[from].col], dir, 0, 0, "", res);
}

static void
model_name (int south, int at, int dir, const char *choices, char out[64])
{
  Hole t[2 * N];
  gsize len;

  track (south, t);
  g_snprintf (out, 64, "%c%d%s%s", 'a' + t[at].col, t[at].row + 1, dir < 0 ? "<" : "", choices);
  len = strlen (out);
  while (len > 2 && out[len - 1] == '+')
    out[--len] = '\0';
}

int
model_moves (const Board *b, ModelMove moves[MAX_MODEL_MOVES], Board after[MAX_MODEL_MOVES])
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
        Outcomes *res;

        if (b->grid[t[i].row][t[i].col] < 2)
          continue;
        if (dir < 0 && !(is_left_hole (south, t[i]) && would_capture (b, south, i, b->grid[t[i].row][t[i].col], i, -1)))
          continue;
        res = g_new (Outcomes, 1);
        model_play_all (b, i, dir, res);
        for (int j = 0; j < res->n; j++)
          if (res->out[j].finite)
            {
              g_assert_cmpint (k, <, MAX_MODEL_MOVES);
              moves[k].at = i;
              moves[k].dir = dir;
              model_name (south, i, dir, res->out[j].choices, moves[k].name);
              after[k++] = res->out[j].after;
            }
        g_free (res);
      }
  return k;
}

guint64
model_perft (const Board *b, int depth)
{
  ModelMove *moves;
  Board *after;
  int k;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  moves = g_new (ModelMove, MAX_MODEL_MOVES);
  after = g_new (Board, MAX_MODEL_MOVES);
  k = model_moves (b, moves, after);
  if (depth == 1)
    total = (guint64) k;
  else
    for (int i = 0; i < k; i++)
      total += model_perft (&after[i], depth - 1);
  g_free (moves);
  g_free (after);
  return total;
}
