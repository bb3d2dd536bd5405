/* kiela-skip.c: the skip of a threatened single (KIELA_VARIANT_FLAG_SINGLE_SKIP, Quiela after
 * Silva 1995 as Ludii gives it): which skips a position offers, and why one is refused. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-variant.h"
#include "kiela-position.h"
#include "kiela-sow.h"
#include "kiela-sow-private.h"
#include "kiela-catalogue-i18n.h"

gboolean
kiela_single_threatened (const KielaVariant *variant, const KielaPosition *pos, KielaSide side, guint house)
{
  KielaVariant plain = *variant;
  KielaPosition them = *pos;
  KielaMove cand[KIELA_MAX_MOVES];
  guint n_cand;

  if (house >= 2u * variant->files || pos->houses[side][house] == 0)
    return FALSE;
  /* The opponent's moves as if it were their turn now; a skip never captures, so they are
   * looked for without it (which also keeps this from asking the same of the other side). */
  plain.flags &= ~KIELA_VARIANT_FLAG_SINGLE_SKIP;
  them.to_move = (guint8) KIELA_OTHER_SIDE (side);
  n_cand = kiela_candidate_moves (&plain, &them, cand);
  for (guint i = 0; i < n_cand; i++)
    {
      KielaPosition child = them;

      /* Only a capture takes stones from `side`'s houses: the house emptied is the house taken. */
      if (kiela_sow_fast (&plain, &child, cand[i], NULL) && child.houses[side][house] == 0)
        return TRUE;
    }
  return FALSE;
}

/* The house the skip starts from, the second inner house from the owner's left, and the last
 * inner house after it: local 2 files - 2 and 2 files - 1 (South's b2 and a2). */
static inline guint
skip_house (const KielaVariant *v)
{
  return 2u * v->files - 2;
}

guint
kiela_skip_add_moves (const KielaVariant *variant, const KielaPosition *pos, KielaMove *moves, guint count)
{
  const KielaSide side = (KielaSide) pos->to_move;
  const guint16 *my = pos->houses[side];
  const guint from = skip_house (variant);

  if (my[from] != 1 || my[from + 1] != 0 || (my[0] != 0 && my[1] != 0) ||
      !kiela_single_threatened (variant, pos, side, from))
    return count;
  for (guint to = 0; to < 2; to++)
    if (my[to] == 0 && count < KIELA_MAX_BASE_MOVES)
      moves[count++] = KIELA_MOVE_WITH_TARGET ((KielaMove) from | KIELA_MOVE_SKIP, to);
  return count;
}

char *
kiela_skip_explain (const KielaVariant *variant, const KielaPosition *pos, KielaMove move, const KielaCatalogue *cat)
{
  const KielaSide side = (KielaSide) pos->to_move;
  const guint16 *my = pos->houses[side];
  const guint from = skip_house (variant), house = KIELA_MOVE_HOUSE (move);
  const guint to = KIELA_MOVE_HAS_TARGET (move) ? KIELA_MOVE_TARGET (move) : G_MAXUINT;
  char sq[4], first[4], last[4], dest[4];

  kiela_square_name (variant->files, side, house, sq);
  kiela_square_name (variant->files, side, from, first);
  kiela_square_name (variant->files, side, from + 1, last);
  if (!(variant->flags & KIELA_VARIANT_FLAG_SINGLE_SKIP))
    /* TRANSLATORS: %s the game (Kiela) */
    return g_strdup_printf (T_ (cat, "In %s no stone skips: every move is sown."), _kiela_variant_get_name_in (variant, cat));
  if (house != from || KIELA_MOVE_IS_CLOCKWISE (move) || KIELA_MOVE_IS_IN_HOUSE (move) || to > 1)
    {
      char a[4], b[4];

      kiela_square_name (variant->files, side, 0, a);
      kiela_square_name (variant->files, side, 1, b);
      /* TRANSLATORS: "Only a single stone in b2 may skip, and only to a1 or b1." */
      return g_strdup_printf (T_ (cat, "Only a single stone in %s may skip, and only to %s or %s."), first, a, b);
    }
  kiela_square_name (variant->files, side, to, dest);
  if (my[from] != 1)
    /* TRANSLATORS: %s a house (b2) */
    return g_strdup_printf (T_ (cat, "Only a single stone skips: %s does not hold one."), sq);
  if (my[from + 1] != 0)
    /* TRANSLATORS: %1$s the house of the single (b2), %2$s the house after it (a2) */
    return g_strdup_printf (T_ (cat, "The single stone of %1$s may skip only while %2$s is empty."), sq, last);
  if (my[to] != 0)
    /* TRANSLATORS: %s a house (a1) */
    return g_strdup_printf (T_ (cat, "A single stone skips only into an empty house: %s is not empty."), dest);
  /* TRANSLATORS: %s a house (b2) */
  return g_strdup_printf (T_ (cat, "The single stone of %s may skip only when the opponent could capture it on "
                            "their next move."), sq);
}
