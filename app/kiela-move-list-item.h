/* kiela-move-list-item.h: one row of the move list: "1.  South  g1  3 laps, 2 captured". */
#pragma once

#include <glib-object.h>
#include "kiela.h"

G_BEGIN_DECLS

#define KIELA_TYPE_MOVE_LIST_ITEM (kiela_move_list_item_get_type ())
G_DECLARE_FINAL_TYPE (KielaMoveListItem, kiela_move_list_item, KIELA, MOVE_LIST_ITEM, GObject)

/* The row for `ply` of `game` (0 = the start position, ply <= the moves played). */
KielaMoveListItem *kiela_move_list_item_new         (KielaGame *game, guint ply);
guint              kiela_move_list_item_get_ply     (KielaMoveListItem *self);
/* "1." on the first mover's moves, "" on the replies and the start row. */
const char        *kiela_move_list_item_get_number  (KielaMoveListItem *self);
/* "South", or "Start position" on row 0. */
const char        *kiela_move_list_item_get_who     (KielaMoveListItem *self);
const char        *kiela_move_list_item_get_square  (KielaMoveListItem *self);
/* "3 laps" or "3 laps, 2 captured"; "" on row 0. */
const char        *kiela_move_list_item_get_summary (KielaMoveListItem *self);

G_END_DECLS
