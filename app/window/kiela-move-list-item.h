/* kiela-move-list-item.h: one row of the move list: "1.  South  g1  3 laps, 2 captured". */
#pragma once

#include <glib-object.h>
#include "kiela.h"

G_BEGIN_DECLS

#define KIELA_TYPE_MOVE_LIST_ITEM (kiela_move_list_item_get_type ())
G_DECLARE_FINAL_TYPE (KielaMoveListItem, kiela_move_list_item, KIELA, MOVE_LIST_ITEM, GObject)

/* The row for `ply` of a line of `tree` (ply 0 of the main line: the start position). */
KielaMoveListItem *kiela_move_list_item_new_for_line (KielaGameTree *tree, KielaGameLine *line, guint ply);
guint              kiela_move_list_item_get_ply     (KielaMoveListItem *self);
/* 0 on the main line, 1 in its variations, ... */
guint              kiela_move_list_item_get_depth   (KielaMoveListItem *self);
/* The comment on the move, or NULL. */
const char        *kiela_move_list_item_get_comment (KielaMoveListItem *self);
/* "1." on the first mover's moves, "" on the replies and the start row. */
const char        *kiela_move_list_item_get_number  (KielaMoveListItem *self);
/* The turn the move belongs to, as the list numbers it ("2." for plies 3 and 4); 0 for the start. */
guint              kiela_move_list_item_get_turn    (KielaMoveListItem *self);
/* "South", or "Start position" on row 0. */
const char        *kiela_move_list_item_get_who     (KielaMoveListItem *self);
const char        *kiela_move_list_item_get_square  (KielaMoveListItem *self);
/* "3 laps" or "3 laps, 2 captured"; "" on row 0. */
const char        *kiela_move_list_item_get_summary (KielaMoveListItem *self);

G_END_DECLS
