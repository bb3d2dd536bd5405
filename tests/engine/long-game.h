/* long-game.h: a move chooser that keeps a legal game going for as long as wanted (long-game tests and benchmark). */
#pragma once

#include <glib.h>
#include "kiela.h"

/*
 * Random play ends a game within a few hundred moves (a side loses its stones,
 * or a position comes back three times).  This chooses, among the legal moves
 * of `pos`, one that keeps the two sides' stones as even as possible, never
 * leads to a position already seen twice (`seen`: position hash -> count, see
 * long_game_note()) and leaves the opponent stones to sow; ties are broken at
 * random.  Returns -1 when every move would repeat a position a third time.
 */
static inline KielaMove
long_game_choose (const KielaVariant *variant, const KielaPosition *pos, GHashTable *seen,
                  KielaRng *rng, KielaPosition *after)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (variant, pos, moves, children, NULL);
  guint best = G_MAXUINT, n_best = 0, pick = 0;

  for (guint i = 0; i < n; i++)
    {
      const KielaPosition *c = &children[i];
      guint64 h = kiela_position_hash (c);
      guint south = kiela_position_side_total (c, KIELA_SOUTH);
      guint north = kiela_position_side_total (c, KIELA_NORTH);
      guint score = south > north ? south - north : north - south;

      if (GPOINTER_TO_UINT (g_hash_table_lookup (seen, &h)) >= 2)
        score += 100000;   /* a third occurrence would end the game */
      if (kiela_position_side_total (c, (KielaSide) c->to_move) < 2u * variant->min_sow)
        score += 10000;    /* the opponent would soon have nothing to sow */
      if (score < best)
        {
          best = score;
          n_best = 1;
          pick = i;
        }
      else if (score == best && kiela_rng_below (rng, ++n_best) == 0)
        pick = i;   /* reservoir sampling: a uniform choice among the best */
    }
  if (n == 0 || best >= 100000)
    return -1;
  *after = children[pick];
  return moves[pick];
}

/* Counts one more occurrence of `pos` in `seen` (made with long_game_seen_new()). */
static inline void
long_game_note (GHashTable *seen, const KielaPosition *pos)
{
  guint64 *key = g_new (guint64, 1);
  gpointer count;

  *key = kiela_position_hash (pos);
  count = g_hash_table_lookup (seen, key);
  g_hash_table_replace (seen, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
}

static inline GHashTable *
long_game_seen_new (void)
{
  return g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}
