/* kiela-playout.h: whole games played quickly on plain structs (benchmarks, Monte Carlo, tests). */
#pragma once

#include "kiela-types.h"
#include "kiela-rng.h"

G_BEGIN_DECLS

typedef struct {
  KielaStatus status;
  KielaReason reason;
  guint       plies;
  guint64     drops;     /* stones dropped by the moves played (not by candidates tried) */
  KielaPosition final;
} KielaPlayoutResult;

/*
 * Plays uniformly random legal moves from `start` until the game ends by the
 * rules (no move, threefold repetition, an endless move where it loses) or
 * `max_plies` is reached (then status is DRAW with KIELA_REASON_MOVE_LIMIT).
 * `history` (may be NULL) is the game's earlier positions, for repetition.
 */
KIELA_AVAILABLE_IN_ALL
void kiela_random_playout (const KielaVariant *variant, const KielaPosition *start,
                           const KielaPosition *history, guint n_history,
                           KielaRng *rng, guint max_plies, KielaPlayoutResult *result);

G_END_DECLS
