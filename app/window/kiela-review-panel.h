/* kiela-review-panel.h: the game review in the side panel: the advantage graph and the marked moves, arriving as they are judged. */
#pragma once

#include <gtk/gtk.h>
#include "kiela.h"

G_BEGIN_DECLS

#define KIELA_TYPE_REVIEW_PANEL (kiela_review_panel_get_type ())
G_DECLARE_FINAL_TYPE (KielaReviewPanel, kiela_review_panel, KIELA, REVIEW_PANEL, GtkBox)

GtkWidget   *kiela_review_panel_new          (void);
/* Reviews `game` (its played moves; copied at once) with the registry's searcher on a
 * worker thread, cancelling any review under way.  FALSE, saying why in the panel, when
 * there is nothing to review. */
gboolean     kiela_review_panel_start        (KielaReviewPanel *self, KielaRegistry *registry, KielaGame *game,
                                              const KielaReviewOptions *options);
/* Stops the work; the moves judged so far stay shown. */
void         kiela_review_panel_stop         (KielaReviewPanel *self);
/* The ply the graph marks as shown (0 = the start). */
void         kiela_review_panel_set_ply      (KielaReviewPanel *self, guint ply);
KielaReview *kiela_review_panel_get_review   (KielaReviewPanel *self);   /* NULL before start */
gboolean     kiela_review_panel_get_running  (KielaReviewPanel *self);
/* For tests: the graph, the rows box (one row a marked move), the status label. */
GtkWidget   *kiela_review_panel_get_graph    (KielaReviewPanel *self);
GtkWidget   *kiela_review_panel_get_rows     (KielaReviewPanel *self);
GtkWidget   *kiela_review_panel_get_status   (KielaReviewPanel *self);
/* The header's menu: Learn from Your Mistakes, Export Worksheet…, Export as CSV…. */
GtkWidget   *kiela_review_panel_get_menu_button (KielaReviewPanel *self);
/* The words of a judged move's row: "12. North b3?? −9 (best i3)". */
char        *kiela_review_panel_describe     (KielaReview *review, guint index);

/* What judged move `index` gave away: "North’s b3 let South capture 9 stones with i3, 3 moves later." */
char        *kiela_review_panel_explain      (KielaReview *review, guint index);

/* Signals:
 *  "ply-activated" (guint ply): the graph or a row was clicked: show the position after ply.
 *  "show-better" (guint index): the row's Show Better Move button: play the engine's move instead.
 *  "done": the review finished (or failed, or was stopped). */

G_END_DECLS
