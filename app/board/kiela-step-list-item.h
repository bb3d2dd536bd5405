/* kiela-step-list-item.h: one row of the step list as a list-model item: what it tells, and whether it is shown now. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

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

#define KIELA_TYPE_STEP_LIST_ITEM (kiela_step_list_item_get_type ())
G_DECLARE_FINAL_TYPE (KielaStepListItem, kiela_step_list_item, KIELA, STEP_LIST_ITEM, GObject)

/* Takes `text`.  `first`..`last` are the trace events the row stands for (unused for the start row). */
KielaStepListItem *kiela_step_list_item_new (guint position, KielaStepKind kind, guint first, guint last, char *text);

guint         kiela_step_list_item_get_position (KielaStepListItem *self);
KielaStepKind kiela_step_list_item_get_kind     (KielaStepListItem *self);
/* Relays, captures, captured stones entering and removals: shown bold with an icon. */
gboolean      kiela_step_list_item_is_key       (KielaStepListItem *self);
const char   *kiela_step_list_item_get_icon_name (KielaStepListItem *self);
guint         kiela_step_list_item_get_first    (KielaStepListItem *self);
guint         kiela_step_list_item_get_last     (KielaStepListItem *self);
/* The trace-player index showing all of the row's events (0 for the start row). */
guint         kiela_step_list_item_get_target   (KielaStepListItem *self);
/* Plain text of the row (its accessible label too). */
const char   *kiela_step_list_item_get_text     (KielaStepListItem *self);

/* The row shown now ("current"), and rows still to come ("future", dimmed).  The current lap's
 * row shows `markup` instead of its text, the square just sown marked (NULL: plain text). */
gboolean      kiela_step_list_item_get_current  (KielaStepListItem *self);
gboolean      kiela_step_list_item_get_future   (KielaStepListItem *self);
const char   *kiela_step_list_item_get_markup   (KielaStepListItem *self);
/* Changes the three at once and emits one "notify::state" when anything changed. */
void          kiela_step_list_item_set_state    (KielaStepListItem *self, gboolean current, gboolean future,
                                                 const char *markup);

G_END_DECLS
