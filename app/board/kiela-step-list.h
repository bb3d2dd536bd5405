/* kiela-step-list.h: the "What Happens" step list: every step of the move being replayed, one row
 * per narrated step, the current one selected, marked and kept in view; choosing a row jumps the replay there. */
#pragma once

#include <gtk/gtk.h>
#include "kiela-trace-player.h"
#include "kiela-step-list-item.h"
#include "kiela-step-list-model.h"

G_BEGIN_DECLS

#define KIELA_TYPE_STEP_LIST (kiela_step_list_get_type ())
G_DECLARE_FINAL_TYPE (KielaStepList, kiela_step_list, KIELA, STEP_LIST, GtkWidget)

GtkWidget    *kiela_step_list_new             (void);
/* Follows `player` (not owned; NULL stops following). */
void          kiela_step_list_set_player      (KielaStepList *self, KielaTracePlayer *player);

/* The list view showing the rows, its selection (the current row) and the rows' model. */
GtkListView        *kiela_step_list_get_list_view (KielaStepList *self);
GtkSingleSelection *kiela_step_list_get_selection (KielaStepList *self);
KielaStepListModel *kiela_step_list_get_model     (KielaStepList *self);
/* The widget showing `row` now, or NULL when the row is scrolled out of the view (not made). */
GtkWidget    *kiela_step_list_get_row_widget  (KielaStepList *self, guint row);

guint         kiela_step_list_get_n_rows      (KielaStepList *self);
/* The row marked as the step shown now, or -1 without a move. */
int           kiela_step_list_get_current_row (KielaStepList *self);
/* The trace-player index choosing `row` jumps to: all of the row's events shown. */
guint         kiela_step_list_get_row_target  (KielaStepList *self, guint row);
KielaStepKind kiela_step_list_get_row_kind    (KielaStepList *self, guint row);
const char   *kiela_step_list_get_row_text    (KielaStepList *self, guint row);
/* TRUE when the marked row lies wholly inside the visible part of the list. */
gboolean      kiela_step_list_current_row_visible (KielaStepList *self);

G_END_DECLS
