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
/* Side by side only when the page is at least `aspect` times as wide as it is high (0: any
 * height): a 1024x768 projector's page is better with the board across it. */
void              kiela_fold_layout_set_min_aspect (KielaFoldLayout *self, double aspect);
/* Called in each allocation, before the panes are allocated, with whether they are side by side
 * and the page's size: the page may rearrange a pane's inside for the shape it gets. */
typedef void (*KielaFoldFunc) (GtkWidget *page, gboolean columns, int width, int height, gpointer data);
void              kiela_fold_layout_set_func       (KielaFoldLayout *self, KielaFoldFunc func, gpointer data);
/* Whether the page's panes are side by side now (its last allocation). */
gboolean          kiela_fold_layout_get_columns (KielaFoldLayout *self);

G_END_DECLS
