/* kiela-position-editor-private.h: the position editor page's fields, shared by the page and
 * its board in editing mode (kiela-position-editor-board.c). */
#pragma once

#include "kiela-position-editor.h"
#include "kiela-position-model.h"
#include "kiela-board-editing.h"

G_BEGIN_DECLS

struct _KielaPositionEditor {
  AdwBin parent_instance;

  /* Template children. */
  GtkLabel *north_label;
  GtkLabel *south_label;
  GtkOverlay *board_overlay;
  GtkBox *board_box;
  AdwComboRow *variant_row;
  AdwActionRow *limits_row;
  GtkToggleButton *south_toggle;
  GtkToggleButton *north_toggle;
  AdwActionRow *totals_row;
  AdwPreferencesGroup *rules_group;
  AdwActionRow *special_row;
  AdwActionRow *phase_row;
  AdwActionRow *first_south_row;
  AdwActionRow *first_north_row;
  AdwActionRow *in_house_south_row;
  AdwActionRow *in_house_north_row;
  GtkSwitch *first_south_switch;
  GtkSwitch *first_north_switch;
  GtkSwitch *in_house_south_switch;
  GtkSwitch *in_house_north_switch;
  AdwEntryRow *kpn_row;
  GtkWidget *kpn_error_box;
  GtkLabel *kpn_error_label;
  GtkLabel *kpn_detail_label;
  AdwActionRow *status_row;
  GtkImage *status_icon;
  AdwComboRow *south_row;
  AdwComboRow *north_row;
  GtkWidget *play_button;
  GtkWidget *analyse_button;

  KielaGameSession *session;      /* weak: the window's, whose games the page shows and starts */
  gboolean taken;                 /* a game's position was taken once (its set-up is no undo step) */
  KielaRegistry *registry;
  KielaBoardView *board;
  GPtrArray *variants;            /* const KielaVariant*, in the variant row's order */
  GPtrArray *personalities;       /* const KielaPersonality*, the player rows' items after "Person" */

  KielaPositionModel *model;      /* the variant, position, history and KPN errors */
  gboolean updating;              /* the page sets its own widgets: no edits from their signals */

  KielaBoardEditing *editing;     /* the board's editing mode: clicks, scrolls, typed counts */
};

/* Makes the board and puts it in the page; kiela_position_editor_new() lets clicks, scrolls and
 * typing edit its houses once the model exists. */
void _kiela_position_editor_init_board (KielaPositionEditor *self);

G_END_DECLS
