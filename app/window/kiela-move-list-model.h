/* kiela-move-list-model.h: the moves of a game tree as a GListModel (row 0 the start position, then
 * the main line's moves, each followed by the variations that replace it, nested), changed row by
 * row as moves are played, undone and lines added, for the window's move list. */
#pragma once

#include <gio/gio.h>
#include "kiela.h"
#include "kiela-move-list-item.h"

G_BEGIN_DECLS

#define KIELA_TYPE_MOVE_LIST_MODEL (kiela_move_list_model_get_type ())
G_DECLARE_FINAL_TYPE (KielaMoveListModel, kiela_move_list_model, KIELA, MOVE_LIST_MODEL, GObject)

KielaMoveListModel *kiela_move_list_model_new      (void);
/* Follows `tree` (NULL: no rows): the current line's played moves (not those kept for redo), and
 * every other line's moves. */
void                kiela_move_list_model_set_tree (KielaMoveListModel *self, KielaGameTree *tree);
/* The line and ply of a row; FALSE past the end. */
gboolean            kiela_move_list_model_locate   (KielaMoveListModel *self, guint position,
                                                    KielaGameLine **line, guint *ply);
/* The row of `ply` of `line` (0 for ply 0). */
guint               kiela_move_list_model_get_row  (KielaMoveListModel *self, KielaGameLine *line, guint ply);
/* A row's texts changed (a comment). */
void                kiela_move_list_model_row_changed (KielaMoveListModel *self, guint row);

G_END_DECLS
