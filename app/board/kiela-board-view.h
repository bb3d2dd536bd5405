/* kiela-board-view.h: the Kiela board widget: a carved wooden board drawn from SVG, one focusable KielaHouse per house. */
#pragma once

#include <gtk/gtk.h>
#include "kiela-types.h"

G_BEGIN_DECLS

#define KIELA_TYPE_BOARD_VIEW (kiela_board_view_get_type ())
G_DECLARE_FINAL_TYPE (KielaBoardView, kiela_board_view, KIELA, BOARD_VIEW, GtkWidget)

/* What a house shows on top of its stones while a move is replayed.  Each kind has
 * its own colour AND its own shape (ring style and icon), so none relies on colour alone. */
typedef enum {
  KIELA_HIGHLIGHT_NONE,
  KIELA_HIGHLIGHT_LIFT,      /* a hand is lifted from this house */
  KIELA_HIGHLIGHT_DROP,      /* a stone was just dropped here */
  KIELA_HIGHLIGHT_RELAY,     /* the last stone landed here, in an occupied house: lifted again */
  KIELA_HIGHLIGHT_CAPTOR,    /* this house captures */
  KIELA_HIGHLIGHT_CAPTURED,  /* captured: flashes for about a second, then stays marked */
  KIELA_HIGHLIGHT_ENTER,     /* captured stones enter the captor's army here */
  KIELA_HIGHLIGHT_HINT,      /* the move a hint suggests */
  KIELA_HIGHLIGHT_LAST_MOVE, /* the house the previous move was sown from */
  KIELA_HIGHLIGHT_END,       /* where the move ended */
} KielaHighlight;

#define KIELA_HIGHLIGHT_N_KINDS (KIELA_HIGHLIGHT_END + 1)

GtkWidget *kiela_board_view_new             (void);

/* The file count (4..20) comes from the variant; the houses are rebuilt when it changes. */
void       kiela_board_view_set_variant     (KielaBoardView *self, const KielaVariant *variant);
/* The counts shown.  A position with another file count than the variant's resizes the board. */
void       kiela_board_view_set_position    (KielaBoardView *self, const KielaPosition *pos);
const KielaPosition *kiela_board_view_get_position (KielaBoardView *self);
/* Where the board is drawn inside the widget (it keeps its aspect ratio, centred). */
void                kiela_board_view_get_board_rect (KielaBoardView *self, graphene_rect_t *rect);
/* Stones in the sower's hand, shown beside `house` (KIELA_NO_HOUSE or 0 stones: no hand). */
void       kiela_board_view_set_hand        (KielaBoardView *self, KielaSide side, guint house, guint stones);
/* Houses the side to move may sow: marked with a gold ring and a notch.  Replaces earlier marks. */
void       kiela_board_view_set_playable    (KielaBoardView *self, KielaSide side, const KielaMove *moves, guint n_moves);
/* One highlight per house; a new one replaces the old, KIELA_HIGHLIGHT_NONE removes it. */
void       kiela_board_view_set_highlight   (KielaBoardView *self, KielaSide side, guint house, KielaHighlight kind);
/* Marks one house of either side as one that may be clicked now (an extra capture's targets). */
void       kiela_board_view_set_house_playable (KielaBoardView *self, KielaSide side, guint house, gboolean playable);
KielaHighlight kiela_board_view_get_highlight (KielaBoardView *self, KielaSide side, guint house);
void       kiela_board_view_clear_highlights (KielaBoardView *self);
/* When FALSE, clicks and keys on houses do nothing (houses stay focusable and readable). */
void       kiela_board_view_set_interactive (KielaBoardView *self, gboolean interactive);
gboolean   kiela_board_view_get_interactive (KielaBoardView *self);
/* Expert setup: `side` moves its own stones ("setup-move" signal: the window moves as many as
 * its count says) by drag, click source then click target, or keyboard (Enter on source,
 * arrows, Enter on target; Escape cancels); with Shift held on the target or the drop,
 * "setup-move-all" asks for all the source's stones.  "house-activated" is not emitted while
 * in setup mode. */
void       kiela_board_view_set_setup_mode  (KielaBoardView *self, gboolean setup, KielaSide side);
/* While "house-activated" is emitted: whether Shift was held (Shift+click, Shift+Enter), which
 * asks for a house's clockwise sowing where a variant has one. */
gboolean   kiela_board_view_get_activation_shift (KielaBoardView *self);
/* Moves keyboard focus to a house (e.g. after explaining why it cannot be sown). */
void       kiela_board_view_focus_house     (KielaBoardView *self, KielaSide side, guint house);

/* Renders the current board as PNG data at the given size (tests, benchmarks); needs no window. */
GBytes    *kiela_board_view_render_png      (KielaBoardView *self, int width, int height, GError **error);
/* The same written to a file through kiela_file_replace_contents_checked(): a failed write
 * leaves the old file, or none. */
gboolean   kiela_board_view_save_png        (KielaBoardView *self, const char *path, int width, int height, GError **error);

G_END_DECLS
