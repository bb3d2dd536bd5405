/* kiela-game-tree-private.h: the game tree's lines as the record reader and writer see them
 * (not installed). */
#pragma once

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

G_END_DECLS
