/* kiela-arrangement.c: constrained arrangements (a variant's ArrangeRules) and the phases of play. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-variant.h"
#include "kiela-position.h"
#include "kiela-error.h"
#include "kiela-catalogue-i18n.h"

/* The house on the left of `h` in its row, as the owner sees the board, or -1 for a row's
 * leftmost house.  The outer row runs from the owner's left (local 0 .. files-1), the inner row
 * from the owner's right (local files .. 2 files - 1). */
static gint
left_of (guint files, guint h)
{
  if (h < files)
    return h == 0 ? -1 : (gint) h - 1;
  return h == 2 * files - 1 ? -1 : (gint) h + 1;
}

gboolean
kiela_variant_check_arrangement (const KielaVariant *variant, KielaSide side, const guint16 *counts, GError **error)
{
  return _kiela_variant_check_arrangement_in (variant, side, counts, NULL, error);
}

gboolean
_kiela_variant_check_arrangement_in (const KielaVariant *variant, KielaSide side, const guint16 *counts,
                                     const KielaCatalogue *cat, GError **error)
{
  const guint files = variant->files, n = 2u * files;
  const gsize rules = variant->arrange;

  if (rules & KIELA_ARRANGE_LEFTMOST_MOST)
    for (guint h = 1; h < n; h++)
      if (counts[h] >= counts[0])
        {
          char left[4], other[4];

          kiela_square_name (files, side, 0, left);
          kiela_square_name (files, side, h, other);
          /* TRANSLATORS: %1$s the leftmost outer house (a1), %2$s another house (c2), then their stones */
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE,
                       T_ (cat, "The leftmost outer house, %1$s, must hold more stones than any other house: "
                         "%2$s holds %3$u and %1$s %4$u."),
                       left, other, (guint) counts[h], (guint) counts[0]);
          return FALSE;
        }
  if (rules & KIELA_ARRANGE_NON_INCREASING)
    for (guint h = 0; h < n; h++)
      {
        const gint l = left_of (files, h);
        char here[4], left[4];

        if (l < 0 || counts[h] <= counts[l])
          continue;
        kiela_square_name (files, side, h, here);
        kiela_square_name (files, side, (guint) l, left);
        /* TRANSLATORS: %1$s a house (c1), %2$u its stones, %3$s the house on its left (b1), %4$u its stones */
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE,
                     T_ (cat, "No house may hold more stones than the house on its left: %1$s holds %2$u, "
                       "%3$s on its left %4$u."),
                     here, (guint) counts[h], left, (guint) counts[l]);
        return FALSE;
      }
  if (KIELA_ARRANGE_HAS_INNER_SINGLES (rules))
    {
      const guint most = KIELA_ARRANGE_INNER_SINGLES_MAX (rules);
      guint singles = 0;

      for (guint h = files; h < n; h++)
        singles += counts[h] == 1;
      if (singles > most)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE,
                       TN_ (cat, "At most %1$u inner houses may hold a single stone, but %2$u does.",
                                    "At most %1$u inner houses may hold a single stone, but %2$u do.", singles),
                       most, singles);
          return FALSE;
        }
    }
  return TRUE;
}

static gint
compare_desc (gconstpointer a, gconstpointer b)
{
  const guint16 x = *(const guint16 *) a, y = *(const guint16 *) b;

  return (x < y) - (x > y);
}

void
kiela_variant_conform_arrangement (const KielaVariant *variant, guint16 *counts)
{
  const guint files = variant ? variant->files : 0, n = 2u * files;
  const gsize rules = variant ? variant->arrange : 0;

  if (rules == 0)
    return;
  if (rules & KIELA_ARRANGE_LEFTMOST_MOST)
    {
      guint m = 0;

      for (guint h = 1; h < n; h++)
        if (counts[h] > counts[m])
          m = h;
      if (m != 0)
        {
          const guint16 t = counts[0];

          counts[0] = counts[m];
          counts[m] = t;
        }
    }
  if (rules & KIELA_ARRANGE_NON_INCREASING)
    {
      guint16 inner[KIELA_MAX_FILES];

      /* The outer row from the owner's left; the inner row from its left, local 2 files - 1 down. */
      qsort (counts, files, sizeof *counts, compare_desc);
      for (guint i = 0; i < files; i++)
        inner[i] = counts[n - 1 - i];
      qsort (inner, files, sizeof *inner, compare_desc);
      for (guint i = 0; i < files; i++)
        counts[n - 1 - i] = inner[i];
    }
  if ((rules & KIELA_ARRANGE_LEFTMOST_MOST) && counts[0] > 0)
    {
      /* Houses as full as the leftmost one give it a stone each: it is then the fullest, and a
       * row that did not increase still does not (its tied houses lead it and drop together). */
      const guint16 top = counts[0];

      for (guint h = 1; h < n; h++)
        if (counts[h] == top)
          {
            counts[h]--;
            counts[0]++;
          }
    }
  if (KIELA_ARRANGE_HAS_INNER_SINGLES (rules))
    {
      const guint most = KIELA_ARRANGE_INNER_SINGLES_MAX (rules);
      guint singles = 0;

      for (guint h = files; h < n; h++)
        singles += counts[h] == 1;
      /* The surplus singles go to the leftmost outer house, from the owner's right end of the
       * inner row (where a row that does not increase keeps its singles): no rule breaks. */
      for (guint h = files; h < n && singles > most; h++)
        if (counts[h] == 1)
          {
            counts[h] = 0;
            counts[0]++;
            singles--;
          }
    }
}

gboolean
kiela_variant_in_later_phase (const KielaVariant *variant, const KielaPosition *pos, KielaSide side)
{
  if (!(variant->flags & KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES))
    return FALSE;
  for (guint h = 0; h < 2u * variant->files; h++)
    if (pos->houses[side][h] > 1)
      return FALSE;
  return TRUE;
}
