/* kiela-move-list-model.h: the moves of a game as a GListModel (row 0 the start position, row n the
 * n-th move), changed item by item as moves are played and undone, for the window's move list. */
#pragma once

#include <gio/gio.h>
#include "kiela.h"
#include "kiela-move-list-item.h"

G_BEGIN_DECLS

#define KIELA_TYPE_MOVE_LIST_MODEL (kiela_move_list_model_get_type ())
G_DECLARE_FINAL_TYPE (KielaMoveListModel, kiela_move_list_model, KIELA, MOVE_LIST_MODEL, GObject)

KielaMoveListModel *kiela_move_list_model_new      (void);
/* Follows `game` (NULL: no rows); its played moves, not the ones kept for redo. */
void                kiela_move_list_model_set_game (KielaMoveListModel *self, KielaGame *game);
KielaGame          *kiela_move_list_model_get_game (KielaMoveListModel *self);

G_END_DECLS
