/* kiela-step-list.h: the "What Happens" step list: every step of the move being replayed, one row
 * per narrated step, the current one marked and kept in view, a click jumps the replay there. */
#pragma once

#include <gtk/gtk.h>
#include "kiela-trace-player.h"

G_BEGIN_DECLS

#define KIELA_TYPE_STEP_LIST (kiela_step_list_get_type ())
G_DECLARE_FINAL_TYPE (KielaStepList, kiela_step_list, KIELA, STEP_LIST, GtkWidget)

/* What a row tells; relays, captures and captured stones joining the army stand out. */
typedef enum {
  KIELA_STEP_START = 0,   /* before the move: "North is about to sow b3." */
  KIELA_STEP_LIFT,
  KIELA_STEP_DROPS,       /* the consecutive drops of one lap, grouped */
  KIELA_STEP_RELAY,
  KIELA_STEP_CAPTURE,
  KIELA_STEP_ENTER,       /* the captured stones join the mover's army */
  KIELA_STEP_REMOVE,
  KIELA_STEP_END,
} KielaStepKind;

GtkWidget    *kiela_step_list_new             (void);
/* Follows `player` (not owned; NULL stops following). */
void          kiela_step_list_set_player      (KielaStepList *self, KielaTracePlayer *player);

GtkListBox   *kiela_step_list_get_list_box    (KielaStepList *self);
guint         kiela_step_list_get_n_rows      (KielaStepList *self);
/* The row marked as the step shown now, or -1 without a move. */
int           kiela_step_list_get_current_row (KielaStepList *self);
/* The trace-player index a click on `row` jumps to: all of the row's events shown. */
guint         kiela_step_list_get_row_target  (KielaStepList *self, guint row);
KielaStepKind kiela_step_list_get_row_kind    (KielaStepList *self, guint row);
const char   *kiela_step_list_get_row_text    (KielaStepList *self, guint row);
/* TRUE when the marked row lies wholly inside the visible part of the list. */
gboolean      kiela_step_list_current_row_visible (KielaStepList *self);

G_END_DECLS
