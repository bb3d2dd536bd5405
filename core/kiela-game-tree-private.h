/* kiela-game-tree-private.h: the game tree's lines as the record reader and writer see them
 * (not installed). */
#pragma once

#include <json-glib/json-glib.h>
#include "kiela-game-tree.h"

G_BEGIN_DECLS

struct _KielaGameLine {
  KielaGameTree *tree;
  KielaGameLine *parent;        /* NULL: the main line */
  guint fork;                   /* plies before the line's first move */
  GArray *moves;                /* KielaPlayedMove; NULL on the main line (its game holds them) */
  GHashTable *comments;         /* ply (GUINT_TO_POINTER) → char *, of this line's own moves */
  GPtrArray *children;          /* KielaGameLine *, by fork, then as added */
};

/* Adds a variation already checked by replaying it, for a loader adding many: `moves`
 * (KielaPlayedMove, taken) leave `parent` after `fork` plies.  Appended at the end in O(1), in
 * no particular order of forks until _kiela_game_line_sort_children() is called on `parent`. */
KielaGameLine *_kiela_game_tree_append_line (KielaGameTree *tree, KielaGameLine *parent, guint fork, GArray *moves);
void           _kiela_game_line_sort_children (KielaGameLine *line);
/* Sets a comment without the "changed" signal (for the loader). */
void           _kiela_game_line_take_comment (KielaGameLine *line, guint ply, char *text);

/* The members of the record it was loaded from that this version does not know (written by a
 * newer one), kept to be written back on save; NULL when there were none.  Set takes a ref. */
void           _kiela_game_tree_set_unknown_members (KielaGameTree *tree, JsonObject *members);
JsonObject    *_kiela_game_tree_get_unknown_members (KielaGameTree *tree);

G_END_DECLS
