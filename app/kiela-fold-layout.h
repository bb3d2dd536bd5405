/* kiela-fold-layout.h: a layout for a page whose one child is a box of two panes side by side
 * (the board, then its text or settings), that puts the second pane under the first when the
 * page is narrower than a width: a 600 px window (half a school laptop's screen) fits.  Works
 * the same on GTK 4.8 and later (AdwBreakpoint, libadwaita >= 1.4, does this for a window; this
 * does it for a page, on both stacks). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KIELA_TYPE_FOLD_LAYOUT (kiela_fold_layout_get_type ())
G_DECLARE_FINAL_TYPE (KielaFoldLayout, kiela_fold_layout, KIELA, FOLD_LAYOUT, GtkLayoutManager)

/* Side by side from `columns_width` on (or from the panes' minimum, when a translation makes
 * it larger); the separators between the panes turn with the box, which has the style class
 * kiela-rows while its panes are one under the other. */
GtkLayoutManager *kiela_fold_layout_new         (int columns_width);
/* Whether the page's panes are side by side now (its last allocation). */
gboolean          kiela_fold_layout_get_columns (KielaFoldLayout *self);

G_END_DECLS
