/* kiela-step-list-model.h: the steps of one move's trace as a GListModel whose items are made only when asked for. */
#pragma once

#include <gio/gio.h>
#include "kiela.h"
#include "kiela-step-list-item.h"

G_BEGIN_DECLS

#define KIELA_TYPE_STEP_LIST_MODEL (kiela_step_list_model_get_type ())
G_DECLARE_FINAL_TYPE (KielaStepListModel, kiela_step_list_model, KIELA, STEP_LIST_MODEL, GObject)

KielaStepListModel *kiela_step_list_model_new (void);

/* Rows for `trace` (NULL: none): the start, then one per event except that a lap's consecutive
 * drops share one row.  Only the rows' first events are stored (one integer per row); items and
 * their sentences are made when the list asks for them.  The trace is borrowed: it must outlive
 * the model's use of it, until the next call. */
void     kiela_step_list_model_set_trace   (KielaStepListModel *self, const KielaVariant *variant, const KielaTrace *trace);
/* The same rows, of which the list model has only the first `first_rows` (n_items) until
 * show_rows() adds the others: a list view makes a widget for every row it has (up to 200 in
 * GTK 4.8), and laying out the rows of a long move took the frame that started it over 16 ms.
 * Every row is still there for row_for_index, peek_item and get_n_rows. */
void     kiela_step_list_model_set_trace_first (KielaStepListModel *self, const KielaVariant *variant,
                                                const KielaTrace *trace, guint first_rows);
/* Gives the list model the first `n` rows at least (all of them with G_MAXUINT). */
void     kiela_step_list_model_show_rows   (KielaStepListModel *self, guint n);
/* The rows the list model has (its n_items), and all the trace's rows. */
guint    kiela_step_list_model_get_n_shown (KielaStepListModel *self);
guint    kiela_step_list_model_get_n_rows  (KielaStepListModel *self);
/* The sentences' language (kiela-catalogue.h; NULL: the interface's), for the next set_trace. */
void     kiela_step_list_model_set_catalogue (KielaStepListModel *self, KielaCatalogue *catalogue);
/* The row showing trace-player index `index` (0 = before the move), or -1 without rows. */
int      kiela_step_list_model_row_for_index (KielaStepListModel *self, guint index);
/* Marks row `row` as shown now (-1: none) at player index `index`; rows after it are "future". */
void     kiela_step_list_model_set_current (KielaStepListModel *self, int row, guint index);
int      kiela_step_list_model_get_current (KielaStepListModel *self);
/* The item of a row without adding a reference (it is made if needed, and kept by the model). */
KielaStepListItem *kiela_step_list_model_peek_item (KielaStepListModel *self, guint row);
/* Items made since the trace was set (the tests prove a huge trace makes few). */
guint    kiela_step_list_model_get_n_created (KielaStepListModel *self);

G_END_DECLS
