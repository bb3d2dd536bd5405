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

/* The 16-bit path, for positions with more stones than the compact board holds. */
static void
playout_wide (const KielaVariant *variant, const KielaPosition *start,
              const KielaPosition *history, guint n_history,
              KielaRng *rng, guint max_plies, KielaPlayoutResult *result)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  guint32 move_drops[KIELA_MAX_MOVES];
  KielaPosition pos = *start;
  guint64 hashes[HISTORY_MAX];
  KielaPosition *seen = NULL;
  guint n_seen = 0;
  guint64 drops = 0;
  guint plies = 0;

  memset (result, 0, sizeof *result);

  /* The caller's history counts for repetition too. */
  seen = g_new (KielaPosition, MIN (n_history + max_plies + 1, HISTORY_MAX));
  for (guint i = n_history > HISTORY_MAX / 2 ? n_history - HISTORY_MAX / 2 : 0; i < n_history; i++)
    {
      seen[n_seen] = history[i];
      hashes[n_seen++] = kiela_position_hash (&history[i]);
    }

  for (;;)
    {
      guint64 h = kiela_position_hash (&pos);
      guint reps = 1;
      guint n_moves;
      guint pick;

      for (guint i = 0; i < n_seen; i++)
        if (hashes[i] == h && kiela_position_equal (&seen[i], &pos))
          reps++;
      if (reps >= 3)
        {
          result->status = KIELA_STATUS_DRAW;
          result->reason = KIELA_REASON_REPETITION;
          break;
        }
      if (n_seen < HISTORY_MAX && n_seen < n_history + max_plies + 1)
        {
          seen[n_seen] = pos;
          hashes[n_seen++] = h;
        }

      n_moves = kiela_legal_moves_ex (variant, &pos, moves, children, endless, move_drops);
      if (n_moves == 0)
        {
          result->status = pos.to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          result->reason = KIELA_REASON_NO_MOVES;
          break;
        }
      if (plies >= max_plies)
        {
          result->status = KIELA_STATUS_DRAW;
          result->reason = KIELA_REASON_MOVE_LIMIT;
          break;
        }

      pick = kiela_rng_below (rng, n_moves);
      drops += move_drops[pick];
      plies++;
      if (endless[pick])
        {
          result->status = pos.to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          result->reason = KIELA_REASON_ENDLESS_MOVE;
          pos = children[pick];
          break;
        }
      pos = children[pick];
    }

  g_free (seen);
  result->plies = plies;
  result->drops = drops;
  result->final = pos;
}

/*
 * A uniformly random legal move of a compact board, sowing only what it draws:
 * a candidate is drawn and sown; in the rare case that it is an illegal endless
 * move, another is drawn among the rest.  This is the same uniform choice among
 * the legal moves as listing them all first, at the price of one sowing instead
 * of a dozen.  FALSE when there is no legal move; else `child` is the board after
 * `*move` and `*endless` whether it never ends (legal only where that loses).
 */
static inline gboolean
packed_draw (const KielaVariant *variant, const KielaPacked *pos, KielaRng *rng,
             KielaMove *move, KielaPacked *child, gboolean *endless, guint32 *drops)
{
  KielaMove cand[KIELA_MAX_MOVES];
  guint n = kiela_packed_candidates (variant, pos, cand);

  while (n > 0)
    {
      guint i = kiela_rng_below (rng, n);
      KielaSowResult r;
      gboolean ok;

      *child = *pos;
      ok = kiela_packed_sow (variant, child, cand[i], &r);
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
 * One ply's move, uniform among the legal moves: drawn by packed_draw when
 * `sample`, else by listing the legal moves (every candidate sown) and drawing
 * among them, as legal-move generation must for search.
 */
static inline gboolean
packed_random_move (const KielaVariant *variant, const KielaPacked *pos, KielaRng *rng, gboolean sample,
                    KielaPacked *child, gboolean *endless, guint32 *drops)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPacked children[KIELA_MAX_MOVES];
  gboolean endless_of[KIELA_MAX_MOVES];
  guint32 drops_of[KIELA_MAX_MOVES];
  guint n, pick;

  guint32 legal;

  if (sample)
    return packed_draw (variant, pos, rng, &moves[0], child, endless, drops);

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
      *child = *pos;
      *endless = !kiela_packed_sow (variant, child, (KielaMove) __builtin_ctz (legal), &r);
      *drops = r.drops;
      return TRUE;
    }

  n = kiela_packed_legal_moves (variant, pos, moves, children, endless_of, drops_of, NULL);
  if (n == 0)
    return FALSE;
  pick = kiela_rng_below (rng, n);
  *child = children[pick];
  *endless = endless_of[pick];
  *drops = drops_of[pick];
  return TRUE;
}

static void
playout (const KielaVariant *variant, const KielaPosition *start,
         const KielaPosition *history, guint n_history,
         KielaRng *rng, guint max_plies, gboolean sample, KielaPlayoutResult *result)
{
  KielaPacked pos, *seen;
  guint64 hashes[HISTORY_MAX];
  /* A one-hash Bloom filter of the positions seen: 4096 bits for games that
   * rarely pass a few hundred plies. */
  guint64 filter[64] = { 0 };
  guint n_seen = 0, capacity, allocated;
  guint64 drops = 0;
  guint plies = 0;

  if (!kiela_packed_from_position (variant, start, &pos))
    {
      /* Too many stones for a byte a house: both kinds of playout draw the
       * same uniform legal move, so the 16-bit path serves either. */
      playout_wide (variant, start, history, n_history, rng, max_plies, result);
      return;
    }

  memset (result, 0, sizeof *result);
  capacity = MIN (n_history + max_plies + 1, HISTORY_MAX);
  /* Most games are short: grow the list as needed rather than allocating the most. */
  allocated = MIN (capacity, MAX (n_history + 1, 128u));
  seen = g_new (KielaPacked, allocated);
  for (guint i = n_history > HISTORY_MAX / 2 ? n_history - HISTORY_MAX / 2 : 0; i < n_history; i++)
    /* A position that does not fit holds more stones than `start`: it can never come back. */
    if (kiela_packed_from_position (variant, &history[i], &seen[n_seen]))
      {
        guint64 h = kiela_packed_hash (&seen[n_seen]);
        hashes[n_seen++] = h;
        filter[(h >> 6) % G_N_ELEMENTS (filter)] |= G_GUINT64_CONSTANT (1) << (h & 63);
      }

  for (;;)
    {
      guint64 h = kiela_packed_hash (&pos);
      guint reps = 1;
      KielaPacked child;
      gboolean endless;
      guint32 move_drops;

      /* The filter says, nearly always, that the position is new: no scan then. */
      if (filter[(h >> 6) % G_N_ELEMENTS (filter)] & (G_GUINT64_CONSTANT (1) << (h & 63)))
        for (guint i = 0; i < n_seen; i++)
          if (hashes[i] == h && kiela_packed_equal (&seen[i], &pos))
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
              seen = g_renew (KielaPacked, seen, allocated);
            }
          seen[n_seen] = pos;
          hashes[n_seen++] = h;
          filter[(h >> 6) % G_N_ELEMENTS (filter)] |= G_GUINT64_CONSTANT (1) << (h & 63);
        }

      if (plies >= max_plies)
        {
          /* The side to move may still have no move at all: that ends the game first. */
          KielaMove cand[KIELA_MAX_MOVES];
          if (kiela_packed_legal_moves (variant, &pos, cand, NULL, NULL, NULL, NULL) == 0)
            {
              result->status = pos.to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
              result->reason = KIELA_REASON_NO_MOVES;
            }
          else
            {
              result->status = KIELA_STATUS_DRAW;
              result->reason = KIELA_REASON_MOVE_LIMIT;
            }
          break;
        }
      if (!packed_random_move (variant, &pos, rng, sample, &child, &endless, &move_drops))
        {
          result->status = pos.to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          result->reason = KIELA_REASON_NO_MOVES;
          break;
        }
      drops += move_drops;
      plies++;
      if (endless)
        {
          result->status = pos.to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          result->reason = KIELA_REASON_ENDLESS_MOVE;
          pos = child;
          break;
        }
      pos = child;
    }

  g_free (seen);
  result->plies = plies;
  result->drops = drops;
  kiela_packed_to_position (&pos, &result->final);
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
  KielaPacked packed;
  KielaMove cand[KIELA_MAX_MOVES];
  guint n;

  if (kiela_packed_from_position (variant, pos, &packed))
    {
      KielaPacked child;
      gboolean never_ends;
      guint32 drops;

      if (!packed_draw (variant, &packed, rng, move, &child, &never_ends, &drops))
        return FALSE;
      if (after)
        kiela_packed_to_position (&child, after);
      if (endless)
        *endless = never_ends;
      return TRUE;
    }

  n = kiela_candidate_moves (variant, pos, cand);
  while (n > 0)
    {
      guint i = kiela_rng_below (rng, n);
      KielaPosition child = *pos;
      gboolean ok = kiela_sow_fast (variant, &child, cand[i], NULL);

      if (ok || variant->endless_policy == KIELA_ENDLESS_LOSES)
        {
          *move = cand[i];
          if (after)
            *after = child;
          if (endless)
            *endless = !ok;
          return TRUE;
        }
      cand[i] = cand[--n];
    }
  return FALSE;
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
