/* kiela-playout.c: uniformly random whole games on plain structs, with the real end-of-game rules. */
#include "config.h"

#include <string.h>

#include "kiela-playout.h"
#include "kiela-position.h"
#include "kiela-sow.h"

/* Repetition needs the positions since the game began; playouts keep them in a
 * fixed ring of hashes and confirm a hash match by comparing whole positions. */
#define HISTORY_MAX 4096

void
kiela_random_playout (const KielaVariant *variant, const KielaPosition *start,
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
