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
KIELA_AVAILABLE_IN_ALL void kiela_random_playout (const KielaVariant *variant, const KielaPosition *start,
                                                  const KielaPosition *history, guint n_history,
                                                  KielaRng *rng, guint max_plies, KielaPlayoutResult *result);

/*
 * The same distribution of games, drawn faster: each ply draws a candidate house
 * and sows only it, drawing again among the others in the rare case that it is
 * an illegal endless move, instead of sowing every candidate to list the legal
 * moves first.  Uses the generator differently, so a seed gives other games.
 */
KIELA_AVAILABLE_IN_ALL void kiela_random_playout_sampled (const KielaVariant *variant, const KielaPosition *start,
                                                          const KielaPosition *history, guint n_history,
                                                          KielaRng *rng, guint max_plies, KielaPlayoutResult *result);

/*
 * A uniformly random legal move of `pos`, found as above.  FALSE when there is
 * none.  `after` (may be NULL) receives the position after it, `endless` (may
 * be NULL) whether it never ends (legal only where that loses).
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_random_legal_move (const KielaVariant *variant, const KielaPosition *pos, KielaRng *rng,
                                                         KielaMove *move, KielaPosition *after, gboolean *endless);

/* The number of legal move sequences of `depth` plies from `pos` (a move that
 * loses at once, being endless, has no continuation). */
KIELA_AVAILABLE_IN_ALL guint64 kiela_perft (const KielaVariant *variant, const KielaPosition *pos, guint depth);

G_END_DECLS
