/* kiela-plain.c: a plain, straightforward C implementation of the Kiela rules, the yardstick for the engine's speed. */

/*
 * What an ordinary programmer would write from the rules file (sections 3-9)
 * with no tuning: one byte per house, stones dropped one at a time, every
 * candidate house sown on a copy of the board to learn whether it is legal,
 * repetition found by comparing a simple hash and then the boards.  No
 * vectors, no special cases by board size.  It knows only the rules of the
 * `kiela` variant (10 files, relays, captures re-sown after the captor, lap
 * limit 1000), and plays the same random games as `kiela-cli bench` for the
 * same seed, since it draws its moves with the same generator in the same
 * order: scripts/bench-engine.sh checks that, and compares the speeds.
 *
 *   kiela-plain bench SECONDS SEED     random playouts per CPU-second
 *   kiela-plain perft DEPTH            move sequences from the start
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kiela-rng.h"

#define FILES 10
#define HOUSES (2 * FILES)
#define MIN_SOW 2
#define LAP_LIMIT 1000
#define HISTORY_MAX 4096

typedef struct {
  unsigned char houses[2][HOUSES];
  unsigned char to_move;
} Board;

static void
start_board (Board *b)
{
  memset (b, 0, sizeof *b);
  for (int side = 0; side < 2; side++)
    {
      for (int h = 0; h < FILES; h++)
        b->houses[side][h] = 2;
      /* The four inner houses at the owner's right: local 10..13. */
      for (int h = FILES; h < FILES + 4; h++)
        b->houses[side][h] = 2;
    }
}

/* Sows `house` for the side to move; returns 0 when the move never ends. */
static int
sow (Board *b, int house, unsigned *drops)
{
  unsigned char *my = b->houses[b->to_move];
  unsigned char *op = b->houses[1 - b->to_move];
  int h = house;
  int hand = my[h];
  int laps = 1;

  my[h] = 0;
  for (;;)
    {
      while (hand > 0)
        {
          if (++h == HOUSES)
            h = 0;
          my[h]++;
          hand--;
          (*drops)++;
        }
      if (my[h] == 1)
        break;                                     /* landed in an empty house */
      if (h >= FILES && op[3 * FILES - 1 - h] > 0)
        {
          /* Capture the facing inner house and the outer house behind it. */
          int inner = 3 * FILES - 1 - h, outer = h - FILES;
          hand = op[inner] + op[outer];
          op[inner] = 0;
          op[outer] = 0;
          if (laps >= LAP_LIMIT)
            {
              my[h] += hand;
              b->to_move = 1 - b->to_move;
              return 0;
            }
          laps++;
          continue;                                /* sown from the house after the captor */
        }
      if (laps >= LAP_LIMIT)
        {
          b->to_move = 1 - b->to_move;
          return 0;
        }
      laps++;                                      /* relay */
      hand = my[h];
      my[h] = 0;
    }
  b->to_move = 1 - b->to_move;
  return 1;
}

static int
legal_moves (const Board *b, int moves[HOUSES], Board children[HOUSES], unsigned drops[HOUSES])
{
  int n = 0;

  for (int h = 0; h < HOUSES; h++)
    if (b->houses[b->to_move][h] >= MIN_SOW)
      {
        unsigned d = 0;
        children[n] = *b;
        if (sow (&children[n], h, &d))
          {
            moves[n] = h;
            drops[n] = d;
            n++;
          }
      }
  return n;
}

static unsigned long long
board_hash (const Board *b)
{
  /* Eight bytes at a time: not tuning, just not a byte loop of 41 multiplies
   * that would make the reference look slower than a plain program need be. */
  unsigned long long h = b->to_move, w;

  for (size_t i = 0; i + 8 <= sizeof b->houses; i += 8)
    {
      memcpy (&w, (const unsigned char *) b->houses + i, 8);
      h = (h ^ w) * 0x9e3779b97f4a7c15ull;
      h ^= h >> 29;
    }
  return h;
}

typedef struct {
  int status;          /* 1 South wins, 2 North wins, 3 draw, as KielaStatus */
  unsigned plies;
  unsigned long long drops;
} Result;

static Board history[HISTORY_MAX];
static unsigned long long hashes[HISTORY_MAX];

static void
playout (KielaRng *rng, unsigned max_plies, Result *r)
{
  Board b, children[HOUSES];
  int moves[HOUSES];
  unsigned drops[HOUSES];
  unsigned n_seen = 0;

  start_board (&b);
  memset (r, 0, sizeof *r);
  for (;;)
    {
      unsigned long long h = board_hash (&b);
      int reps = 1, n;
      unsigned pick;

      for (unsigned i = 0; i < n_seen; i++)
        if (hashes[i] == h && memcmp (&history[i], &b, sizeof b) == 0)
          reps++;
      if (reps >= 3)
        {
          r->status = 3;
          break;
        }
      if (n_seen < HISTORY_MAX)
        {
          history[n_seen] = b;
          hashes[n_seen++] = h;
        }
      n = legal_moves (&b, moves, children, drops);
      if (n == 0)
        {
          r->status = b.to_move == 0 ? 2 : 1;
          break;
        }
      if (r->plies >= max_plies)
        {
          r->status = 3;
          break;
        }
      pick = kiela_rng_below (rng, (unsigned) n);
      r->drops += drops[pick];
      r->plies++;
      b = children[pick];
    }
}

static unsigned long long
perft (const Board *b, int depth)
{
  Board children[HOUSES];
  int moves[HOUSES];
  unsigned drops[HOUSES];
  unsigned long long total = 0;
  int n;

  if (depth == 0)
    return 1;
  n = legal_moves (b, moves, children, drops);
  if (depth == 1)
    return (unsigned long long) n;
  for (int i = 0; i < n; i++)
    total += perft (&children[i], depth - 1);
  return total;
}

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main (int argc, char **argv)
{
  if (argc == 4 && strcmp (argv[1], "bench") == 0)
    {
      double seconds = atof (argv[2]), t0, t;
      KielaRng rng;
      unsigned long long playouts = 0, plies = 0, wins[4] = { 0 };

      kiela_rng_seed (&rng, strtoull (argv[3], NULL, 10));
      t0 = cpu_seconds ();
      do
        {
          for (int k = 0; k < 64; k++)
            {
              Result r;
              playout (&rng, 100000, &r);
              playouts++;
              plies += r.plies;
              wins[r.status]++;
            }
          t = cpu_seconds () - t0;
        }
      while (t < seconds);
      printf ("playouts %llu cpu %.3f playouts_per_second %.1f mean_plies %.3f south %.4f north %.4f draw %.4f\n",
              playouts, t, playouts / t, (double) plies / playouts,
              (double) wins[1] / playouts, (double) wins[2] / playouts, (double) wins[3] / playouts);
      return 0;
    }
  if (argc == 3 && strcmp (argv[1], "perft") == 0)
    {
      Board b;
      double t0, t;
      unsigned long long nodes;

      start_board (&b);
      t0 = cpu_seconds ();
      nodes = perft (&b, atoi (argv[2]));
      t = cpu_seconds () - t0;
      printf ("perft %d nodes %llu cpu %.3f\n", atoi (argv[2]), nodes, t);
      return 0;
    }
  fprintf (stderr, "usage: kiela-plain bench SECONDS SEED | kiela-plain perft DEPTH\n");
  return 2;
}
