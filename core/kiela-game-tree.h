/* kiela-game-tree.h: a game with its variations and per-move comments: the main line, lines that
 * branch off it (and off each other), and the line being followed as a KielaGame to play on. */
#pragma once

#include "kiela-game.h"

G_BEGIN_DECLS

#define KIELA_TYPE_GAME_TREE (kiela_game_tree_get_type ())
KIELA_AVAILABLE_IN_ALL G_DECLARE_FINAL_TYPE (KielaGameTree, kiela_game_tree, KIELA, GAME_TREE, GObject)

/*
 * A line of the tree: the main line, or a variation that leaves its parent line after `fork`
 * plies (its first move replaces the parent's move number fork + 1).  Plies are counted from the
 * start of the game on every line.  Lines are owned by the tree; a deleted line's pointer is
 * invalid.  Variations of a line are kept in the order of their fork (then as added): the main
 * continuation always comes first, as in PGN.
 */
typedef struct _KielaGameLine KielaGameLine;

/* The tree of `main` (a reference is taken): no variations, the main line current. */
KIELA_AVAILABLE_IN_ALL KielaGameTree      *kiela_game_tree_new               (KielaGame *main);
/* The main line's game (all of it, whichever line is current). */
KIELA_AVAILABLE_IN_ALL KielaGame          *kiela_game_tree_get_main_game     (KielaGameTree *tree);
/* The current line as a game: from the start through the variations entered to the end of the
 * last one.  It is the main game itself on the main line, a game of its own in a variation (the
 * object changes when a line is entered or left: see the "game" property). */
KIELA_AVAILABLE_IN_ALL KielaGame          *kiela_game_tree_get_game          (KielaGameTree *tree);
KIELA_AVAILABLE_IN_ALL KielaGameLine      *kiela_game_tree_get_main_line     (KielaGameTree *tree);
/* The innermost line of the current line: the main line or the variation entered last. */
KIELA_AVAILABLE_IN_ALL KielaGameLine      *kiela_game_tree_get_current       (KielaGameTree *tree);
/* Whether `line` is part of the current line (the main line always is). */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_tree_is_current        (KielaGameTree *tree, KielaGameLine *line);
/* Every variation in the tree, nested ones included. */
KIELA_AVAILABLE_IN_ALL guint               kiela_game_tree_count_variations  (KielaGameTree *tree);

KIELA_AVAILABLE_IN_ALL KielaGameLine      *kiela_game_line_get_parent        (KielaGameLine *line);   /* NULL: the main line */
KIELA_AVAILABLE_IN_ALL guint               kiela_game_line_get_fork          (KielaGameLine *line);   /* 0 for the main line */
/* The line's own moves: plies fork + 1 .. fork + n_moves.  The main line counts the main game's
 * moves kept for redo as well. */
KIELA_AVAILABLE_IN_ALL guint               kiela_game_line_get_n_moves       (KielaGameLine *line);
/* The move of ply `ply` (fork < ply <= fork + n_moves). */
KIELA_AVAILABLE_IN_ALL const KielaPlayedMove *kiela_game_line_get_move       (KielaGameLine *line, guint ply);
/* "g1" */
KIELA_AVAILABLE_IN_ALL char               *kiela_game_line_dup_move_name     (KielaGameLine *line, guint ply);
KIELA_AVAILABLE_IN_ALL guint               kiela_game_line_get_n_variations  (KielaGameLine *line);
KIELA_AVAILABLE_IN_ALL KielaGameLine      *kiela_game_line_get_variation     (KielaGameLine *line, guint index);
/* 0 for the main line, 1 for its variations, ... */
KIELA_AVAILABLE_IN_ALL guint               kiela_game_line_get_depth         (KielaGameLine *line);

/* The comment on the move of `ply` of `line` (NULL for none).  Ply 0 of the main line is the
 * game's comment (the KIELA_META_COMMENT metadata). */
KIELA_AVAILABLE_IN_ALL const char         *kiela_game_tree_get_comment       (KielaGameTree *tree, KielaGameLine *line, guint ply);
/* NULL or "" removes it.  The text must be valid UTF-8. */
KIELA_AVAILABLE_IN_ALL void                kiela_game_tree_set_comment       (KielaGameTree *tree, KielaGameLine *line, guint ply,
                                                                              const char *text);
/* Metadata of the game, set on the main game and on the current line's game alike. */
KIELA_AVAILABLE_IN_ALL void                kiela_game_tree_set_metadata      (KielaGameTree *tree, const char *key, const char *value);

/*
 * Plays `move` after `ply` plies of the current line (ply <= the current game's played moves).
 * At the current game's end (ply equals its played moves) it is played as kiela_game_play()
 * would: moves kept for redo are replaced, and the variations and comments hanging off them go
 * too.  At an earlier ply (a reviewed position) the line is not changed: the same move as the
 * line's follows it, a move some variation starts with enters that variation, and any other
 * legal move starts a new variation, which becomes current.  FALSE with the reason when the
 * move is not legal there.  `trace` (may be NULL) receives the move's trace.
 */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_tree_play              (KielaGameTree *tree, guint ply, KielaMove move,
                                                                              KielaTrace *trace, GError **error);
/* Makes `line` (NULL: the main line) the current line, followed to its end. */
KIELA_AVAILABLE_IN_ALL void                kiela_game_tree_enter             (KielaGameTree *tree, KielaGameLine *line);
/* Swaps a variation with the continuation of its parent line, which becomes a variation in its
 * place: the variation moves one level up.  The current line stays the same moves. */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_tree_promote           (KielaGameTree *tree, KielaGameLine *line);
/* Promotes a variation until it is the main line. */
KIELA_AVAILABLE_IN_ALL void                kiela_game_tree_make_main         (KielaGameTree *tree, KielaGameLine *line);
/* Deletes a variation with the variations off it.  When it was part of the current line, the
 * current line becomes its parent's. */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_tree_delete            (KielaGameTree *tree, KielaGameLine *line);

/* Signals: "changed" after any change of the lines, the current line or a comment. */

G_END_DECLS
