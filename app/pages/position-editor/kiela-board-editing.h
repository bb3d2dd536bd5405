/* kiela-board-editing.h: a board in the position editor's editing mode: clicks, scrolls and typed
 * counts edit the houses of a KielaPositionModel; or, while picking, a click chooses a house. */
#pragma once

#include "kiela-board-view.h"
#include "kiela-position-model.h"

G_BEGIN_DECLS

typedef struct _KielaBoardEditing KielaBoardEditing;

/* Called with the house clicked (or activated with Enter or Space) while picking. */
typedef void (*KielaHousePicked) (KielaSide side, guint house, gpointer data);

/*
 * Lets `board` edit `model`'s position: a primary click adds a stone, a secondary click or
 * Shift+click takes one away, a middle click empties the house, the wheel adds and takes away,
 * and digits typed on a focused house set its count (several typed quickly make one number),
 * plus and minus add and take away, Delete and BackSpace empty it.  The editing lives as long as
 * the board; `model` is kept referenced.
 */
KielaBoardEditing *kiela_board_editing_attach        (KielaBoardView *board, KielaPositionModel *model);
/* While `picked` is set, a primary click or Enter picks the house instead of adding a stone
 * (the other gestures still edit); NULL goes back to editing only. */
void               kiela_board_editing_set_picking   (KielaBoardEditing *editing, KielaHousePicked picked, gpointer data);
gboolean           kiela_board_editing_get_picking   (KielaBoardEditing *editing);
/* The next digit typed starts a new count (after the position was replaced). */
void               kiela_board_editing_forget_typing (KielaBoardEditing *editing);

G_END_DECLS
