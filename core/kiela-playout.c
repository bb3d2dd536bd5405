/* kiela-playout.c: uniformly random whole games on plain structs, with the real end-of-game rules. */
#include "config.h"

#include <string.h>

#include "kiela-playout.h"
#include "kiela-position.h"
#include "kiela-sow.h"
#include "kiela-sow-private.h"

/* Repetition needs the positions since the game began; playouts keep them in a
 * fixed ring of hashes and confirm a hash match by comparing whole positions. */
#define HISTORY_MAX 4096

/*
 * The game loop below runs on either board: the compact one (`wide` FALSE,
 * boards are KielaPacked) or, for positions with more stones than it holds,
 * the 16-bit KielaPosition (`wide` TRUE).  These helpers are the only places
 * that tell them apart; `wide` is fixed at compile time in each caller.
 */
#define BOARD_SIZE(wide) ((wide) ? sizeof (KielaPosition) : sizeof (KielaPacked))
#define BOARD_AT(wide, boards, i) ((void *) ((char *) (boards) + (gsize) (i) * BOARD_SIZE (wide)))

static inline __attribute__((always_inline)) guint64
board_hash (gboolean wide, const void *b)
{
  return wide ? kiela_position_hash (b) : kiela_packed_hash (b);
}

static inline __attribute__((always_inline)) gboolean
board_equal (gboolean wide, const void *a, const void *b)
{
  return wide ? kiela_position_equal (a, b) : kiela_packed_equal (a, b);
}

/* FALSE when `pos` does not fit the board (only the compact one can refuse). */
static inline __attribute__((always_inline)) gboolean
board_from_position (gboolean wide, const KielaVariant *variant, const KielaPosition *pos, void *out)
{
  if (wide)
    {
      *(KielaPosition *) out = *pos;
      return TRUE;
    }
  return kiela_packed_from_position (variant, pos, out);
}

static inline __attribute__((always_inline)) KielaSide
board_to_move (gboolean wide, const void *b)
{
  return (KielaSide) (wide ? ((const KielaPosition *) b)->to_move : ((const KielaPacked *) b)->to_move);
}

static inline __attribute__((always_inline)) void
board_to_position (gboolean wide, const void *b, KielaPosition *out)
{
  if (wide)
    *out = *(const KielaPosition *) b;
  else
    kiela_packed_to_position (b, out);
}

/*
 * A uniformly random legal move, sowing only what it draws: a candidate is
 * drawn and sown; in the rare case that it is an illegal endless move, another
 * is drawn among the rest.  This is the same uniform choice among the legal
 * moves as listing them all first, at the price of one sowing instead of a
 * dozen.  FALSE when there is no legal move; else `child` is the board after
 * `*move` and `*endless` whether it never ends (legal only where that loses).
 */
static inline __attribute__((always_inline)) gboolean
board_draw (gboolean wide, const KielaVariant *variant, const void *pos, KielaRng *rng,
            KielaMove *move, void *child, gboolean *endless, guint32 *drops)
{
  KielaMove cand[KIELA_MAX_MOVES];
  guint n = wide ? kiela_candidate_moves (variant, pos, cand) : kiela_packed_candidates (variant, pos, cand);

  while (n > 0)
    {
      guint i = kiela_rng_below (rng, n);
      KielaSowResult r;
      gboolean ok;

      memcpy (child, pos, BOARD_SIZE (wide));
      ok = wide ? kiela_sow_fast (variant, child, cand[i], &r) : kiela_packed_sow (variant, child, cand[i], &r);
      if (ok || variant->endless_policy == KIELA_ENDLESS_LOSES)
        {
          *move = cand[i];
          *endless = !ok;
          *drops = r.drops;
          return TRUE;
        }
      cand[i] = cand[--n];
    }
  return FALSE;
}

/*
 * One ply's move, uniform among the legal moves: drawn by board_draw when
 * `sample` on the compact board, else by listing the legal moves (every
 * candidate sown) and drawing among them, as legal-move generation must for
 * search.  (On the 16-bit board both kinds of playout list them: the same
 * uniform choice.)
 */
/* board_random_move on the 16-bit board, apart: its lists of KIELA_MAX_MOVES (an extra capture's
 * many moves) stay out of the compact board's frame. */
static G_GNUC_NO_INLINE gboolean
wide_random_move (const KielaVariant *variant, const KielaPosition *pos, KielaRng *rng, KielaPosition *child,
                  gboolean *endless, guint32 *drops)
{
  KielaMove moves[KIELA_MAX_MOVES];
  gboolean endless_of[KIELA_MAX_MOVES];
  guint32 drops_of[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  guint n, pick;

  n = kiela_legal_moves_ex (variant, pos, moves, children, endless_of, drops_of);
  if (n == 0)
    return FALSE;
  pick = kiela_rng_below (rng, n);
  *child = children[pick];
  *endless = endless_of[pick];
  *drops = drops_of[pick];
  return TRUE;
}

static inline __attribute__((always_inline)) gboolean
board_random_move (gboolean wide, const KielaVariant *variant, const void *pos, KielaRng *rng, gboolean sample,
                   void *child, gboolean *endless, guint32 *drops)
{
  KielaMove moves[KIELA_PACKED_MAX_MOVES];
  gboolean endless_of[KIELA_PACKED_MAX_MOVES];
  guint32 drops_of[KIELA_PACKED_MAX_MOVES];
  guint32 legal;
  guint n, pick;

  if (wide)
    return wide_random_move (variant, pos, rng, child, endless, drops);

  if (sample)
    return board_draw (FALSE, variant, pos, rng, &moves[0], child, endless, drops);

  /* Kiela's own rules: every candidate's legality decided, mostly by a look
   * at its first laps, and only the drawn move's child built, as the same
   * draw among the same moves in the same order. */
  if (kiela_packed_legal_mask (variant, pos, &legal))
    {
      KielaSowResult r;

      n = (guint) __builtin_popcount (legal);
      if (n == 0)
        return FALSE;
      for (pick = kiela_rng_below (rng, n); pick > 0; pick--)
        legal &= legal - 1;
      *(KielaPacked *) child = *(const KielaPacked *) pos;
      *endless = !kiela_packed_sow (variant, child, (KielaMove) __builtin_ctz (legal), &r);
      *drops = r.drops;
      return TRUE;
    }

  {
    KielaPacked children[KIELA_PACKED_MAX_MOVES];

    n = kiela_packed_legal_moves (variant, pos, moves, children, endless_of, drops_of, NULL);
    if (n == 0)
      return FALSE;
    pick = kiela_rng_below (rng, n);
    *(KielaPacked *) child = children[pick];
    *endless = endless_of[pick];
    *drops = drops_of[pick];
    return TRUE;
  }
}

/* Whether the side to move has a legal move. */
static inline __attribute__((always_inline)) gboolean
board_has_move (gboolean wide, const KielaVariant *variant, const void *pos)
{
  KielaMove moves[KIELA_MAX_MOVES];

  return wide ? kiela_legal_moves (variant, pos, moves, NULL, NULL) > 0
              : kiela_packed_legal_moves (variant, pos, moves, NULL, NULL, NULL, NULL) > 0;
}

/* The one game loop (section 9: no move loses, the third repetition draws). */
static inline __attribute__((always_inline)) void
playout_loop (const gboolean wide, const KielaVariant *variant, const void *start,
              const KielaPosition *history, guint n_history,
              KielaRng *rng, guint max_plies, gboolean sample, KielaPlayoutResult *result)
{
  const gsize size = BOARD_SIZE (wide);
  union { KielaPacked packed; KielaPosition wide; } pos, child;
  void *seen;
  guint64 hashes[HISTORY_MAX];
  /* A one-hash Bloom filter of the positions seen: 4096 bits for games that
   * rarely pass a few hundred plies. */
  guint64 filter[64] = { 0 };
  guint n_seen = 0, capacity, allocated;
  guint64 drops = 0;
  guint plies = 0;

  memset (result, 0, sizeof *result);
  memcpy (&pos, start, size);
  capacity = MIN (n_history + max_plies + 1, HISTORY_MAX);
  /* Most games are short: grow the list as needed rather than allocating the most. */
  allocated = MIN (capacity, MAX (n_history + 1, 128u));
  seen = g_malloc (allocated * size);
  /* The caller's history counts for repetition too. */
  for (guint i = n_history > HISTORY_MAX / 2 ? n_history - HISTORY_MAX / 2 : 0; i < n_history; i++)
    /* A position that does not fit holds more stones than `start`: it can never come back. */
    if (board_from_position (wide, variant, &history[i], BOARD_AT (wide, seen, n_seen)))
      {
        guint64 h = board_hash (wide, BOARD_AT (wide, seen, n_seen));
        hashes[n_seen++] = h;
        filter[(h >> 6) % G_N_ELEMENTS (filter)] |= G_GUINT64_CONSTANT (1) << (h & 63);
      }

  for (;;)
    {
      guint64 h = board_hash (wide, &pos);
      guint reps = 1;
      gboolean endless;
      guint32 move_drops;

      /* The filter says, nearly always, that the position is new: no scan then. */
      if (filter[(h >> 6) % G_N_ELEMENTS (filter)] & (G_GUINT64_CONSTANT (1) << (h & 63)))
        for (guint i = 0; i < n_seen; i++)
          if (hashes[i] == h && board_equal (wide, BOARD_AT (wide, seen, i), &pos))
            reps++;
      if (reps >= 3)
        {
          result->status = KIELA_STATUS_DRAW;
          result->reason = KIELA_REASON_REPETITION;
          break;
        }
      if (n_seen < capacity)
        {
          if (n_seen == allocated)
            {
              allocated = MIN (capacity, 2 * allocated);
              seen = g_realloc (seen, allocated * size);
            }
          memcpy (BOARD_AT (wide, seen, n_seen), &pos, size);
          hashes[n_seen++] = h;
          filter[(h >> 6) % G_N_ELEMENTS (filter)] |= G_GUINT64_CONSTANT (1) << (h & 63);
        }

      if (plies >= max_plies)
        {
          /* The side to move may still have no move at all: that ends the game first. */
          if (!board_has_move (wide, variant, &pos))
            {
              result->status = kiela_status_lost_by (board_to_move (wide, &pos));
              result->reason = KIELA_REASON_NO_MOVES;
            }
          else
            {
              result->status = KIELA_STATUS_DRAW;
              result->reason = KIELA_REASON_MOVE_LIMIT;
            }
          break;
        }
      if (!board_random_move (wide, variant, &pos, rng, sample, &child, &endless, &move_drops))
        {
          result->status = kiela_status_lost_by (board_to_move (wide, &pos));
          result->reason = KIELA_REASON_NO_MOVES;
          break;
        }
      drops += move_drops;
      plies++;
      if (endless)
        {
          result->status = kiela_status_lost_by (board_to_move (wide, &pos));
          result->reason = KIELA_REASON_ENDLESS_MOVE;
          memcpy (&pos, &child, size);
          break;
        }
      memcpy (&pos, &child, size);
    }

  g_free (seen);
  result->plies = plies;
  result->drops = drops;
  board_to_position (wide, &pos, &result->final);
}

static void
playout_wide (const KielaVariant *variant, const KielaPosition *start, const KielaPosition *history, guint n_history,
              KielaRng *rng, guint max_plies, KielaPlayoutResult *result)
{
  playout_loop (TRUE, variant, start, history, n_history, rng, max_plies, FALSE, result);
}

static void
playout (const KielaVariant *variant, const KielaPosition *start,
         const KielaPosition *history, guint n_history,
         KielaRng *rng, guint max_plies, gboolean sample, KielaPlayoutResult *result)
{
  KielaPacked packed;

  /* Too many stones for a byte a house: both kinds of playout draw the
   * same uniform legal move, so the 16-bit path serves either. */
  if (!kiela_packed_from_position (variant, start, &packed))
    playout_wide (variant, start, history, n_history, rng, max_plies, result);
  else if (sample)
    playout_loop (FALSE, variant, &packed, history, n_history, rng, max_plies, TRUE, result);
  else
    playout_loop (FALSE, variant, &packed, history, n_history, rng, max_plies, FALSE, result);
}

void
kiela_random_playout (const KielaVariant *variant, const KielaPosition *start,
                      const KielaPosition *history, guint n_history,
                      KielaRng *rng, guint max_plies, KielaPlayoutResult *result)
{
  playout (variant, start, history, n_history, rng, max_plies, FALSE, result);
}

void
kiela_random_playout_sampled (const KielaVariant *variant, const KielaPosition *start,
                              const KielaPosition *history, guint n_history,
                              KielaRng *rng, guint max_plies, KielaPlayoutResult *result)
{
  playout (variant, start, history, n_history, rng, max_plies, TRUE, result);
}

gboolean
kiela_random_legal_move (const KielaVariant *variant, const KielaPosition *pos, KielaRng *rng,
                         KielaMove *move, KielaPosition *after, gboolean *endless)
{
  KielaPacked packed, child;
  KielaPosition wide_child;
  gboolean never_ends, found;
  guint32 drops;

  if (kiela_packed_from_position (variant, pos, &packed))
    {
      found = board_draw (FALSE, variant, &packed, rng, move, &child, &never_ends, &drops);
      if (found && after)
        kiela_packed_to_position (&child, after);
    }
  else
    {
      found = board_draw (TRUE, variant, pos, rng, move, &wide_child, &never_ends, &drops);
      if (found && after)
        *after = wide_child;
    }
  if (found && endless)
    *endless = never_ends;
  return found;
}

static guint64
perft_wide (const KielaVariant *variant, const KielaPosition *pos, guint depth)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  guint64 total = 0;
  guint n;

  if (depth == 1)
    return kiela_legal_moves (variant, pos, moves, NULL, NULL);
  n = kiela_legal_moves (variant, pos, moves, children, endless);
  for (guint i = 0; i < n; i++)
    if (!endless[i])
      total += perft_wide (variant, &children[i], depth - 1);
  return total;
}

guint64
kiela_perft (const KielaVariant *variant, const KielaPosition *pos, guint depth)
{
  KielaPacked packed;

  if (depth == 0)
    return 1;
  if (kiela_packed_from_position (variant, pos, &packed))
    return kiela_packed_perft (variant, &packed, depth);
  return perft_wide (variant, pos, depth);
}
