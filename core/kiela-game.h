/* kiela-game.h: a game in progress: variant, start, setup, moves with undo/redo, repetition and result. */
#pragma once

#include <glib-object.h>
#include "kiela-types.h"
#include "kiela-sow.h"

G_BEGIN_DECLS

#define KIELA_TYPE_GAME (kiela_game_get_type ())
KIELA_AVAILABLE_IN_ALL G_DECLARE_FINAL_TYPE (KielaGame, kiela_game, KIELA, GAME, GObject)

/* Where the game stands before its first sowing. */
typedef enum {
  KIELA_PHASE_PLAY = 0,
  KIELA_PHASE_SETUP_SOUTH,   /* expert: South arranges its stones */
  KIELA_PHASE_SETUP_NORTH,   /* expert: then North */
} KielaPhase;

/* Metadata keys stored in records (any other key is kept as well). */
#define KIELA_META_SOUTH   "south"
#define KIELA_META_NORTH   "north"
#define KIELA_META_DATE    "date"
#define KIELA_META_EVENT   "event"
#define KIELA_META_COMMENT "comment"

/* The most moves a game (and so a record) holds: far beyond any real game, and
 * small enough that a record stays under the loader's size limit.  A game that reaches it
 * ends there, a draw by the move limit (KIELA_REASON_MOVE_LIMIT). */
#define KIELA_GAME_MAX_MOVES 1000000

/* One played move and what it did.  The position it led to is not kept (a long
 * game would hold hundreds of bytes a move): see kiela_game_get_position_at(). */
typedef struct {
  KielaMove move;
  KielaSide mover;
  KielaSowResult result;
} KielaPlayedMove;

KIELA_AVAILABLE_IN_ALL KielaGame          *kiela_game_new                (const KielaVariant *variant);
/* A game from any position (no setup phase); the position must have the variant's file count. */
KIELA_AVAILABLE_IN_ALL KielaGame          *kiela_game_new_from_position  (const KielaVariant *variant, const KielaPosition *start, GError **error);
/* Whether `variant` can be played from `pos` (a set-up position, before starting a game from
 * it): the variant's file count, no more stones than the variant's start has (none are ever
 * added in play), at least one stone, and a legal move for the side to move.  FALSE with a
 * translated KIELA_ERROR_POSITION sentence saying what is wrong (the first problem found). */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_check_position     (const KielaVariant *variant, const KielaPosition *pos, GError **error);
KIELA_AVAILABLE_IN_ALL KielaGame          *kiela_game_copy               (KielaGame *game);

KIELA_AVAILABLE_IN_ALL const KielaVariant *kiela_game_get_variant        (KielaGame *game);
KIELA_AVAILABLE_IN_ALL KielaPhase          kiela_game_get_phase          (KielaGame *game);
KIELA_AVAILABLE_IN_ALL const KielaPosition*kiela_game_get_start          (KielaGame *game);      /* before any setup */
KIELA_AVAILABLE_IN_ALL const KielaPosition*kiela_game_get_initial        (KielaGame *game);      /* after setup, before the first move */
KIELA_AVAILABLE_IN_ALL const KielaPosition*kiela_game_get_position       (KielaGame *game);      /* current */

/* Expert setup: `counts` are the side's houses in local numbering (2*files values).
 * The total must equal the side's stones in the start position. */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_setup              (KielaGame *game, KielaSide side, const guint16 *counts, GError **error);
/* Accepts the start arrangement for the side whose turn it is to set up. */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_skip_setup         (KielaGame *game, GError **error);
/* Whether `side` went through the setup phase (expert games). */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_has_setup          (KielaGame *game, KielaSide side);

/* Moves.  `trace` (may be NULL) receives the full event trace of the move. */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_play               (KielaGame *game, KielaMove move, KielaTrace *trace, GError **error);
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_play_square        (KielaGame *game, const char *square, KielaTrace *trace, GError **error);
/* NULL when legal, else a translated sentence saying why not. */
KIELA_AVAILABLE_IN_ALL char               *kiela_game_explain_illegal    (KielaGame *game, KielaMove move);
/* The same for any house, the opponent's included (for clicks on the board). */
KIELA_AVAILABLE_IN_ALL char               *kiela_game_explain_house      (KielaGame *game, KielaSide side, guint house);
/* The two above in `catalogue`'s language (kiela-catalogue.h; NULL: the interface's). */
KIELA_AVAILABLE_IN_ALL char               *kiela_game_explain_illegal_in (KielaGame *game, KielaMove move,
                                                                         const KielaCatalogue *catalogue);
KIELA_AVAILABLE_IN_ALL char               *kiela_game_explain_house_in   (KielaGame *game, KielaSide side, guint house,
                                                                         const KielaCatalogue *catalogue);
KIELA_AVAILABLE_IN_ALL guint               kiela_game_legal_moves        (KielaGame *game, KielaMove moves[KIELA_MAX_MOVES]);
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_is_legal           (KielaGame *game, KielaMove move);

/* History: moves 0 .. n_moves-1 are played; undone moves stay for redo until a new move is played. */
KIELA_AVAILABLE_IN_ALL guint               kiela_game_get_n_moves        (KielaGame *game);   /* played (current ply) */
KIELA_AVAILABLE_IN_ALL guint               kiela_game_get_n_redo         (KielaGame *game);
KIELA_AVAILABLE_IN_ALL const KielaPlayedMove *kiela_game_get_move        (KielaGame *game, guint index);  /* index < n_moves + n_redo */
/* The position after `ply` moves (0 = initial). ply <= n_moves + n_redo.  Positions
 * are replayed on demand (one sowing a ply when walking the history in order):
 * the pointer is valid until the next call or change to the game; copy it to keep it. */
KIELA_AVAILABLE_IN_ALL const KielaPosition*kiela_game_get_position_at    (KielaGame *game, guint ply);
/* The square name of move `index` ("g1"). */
KIELA_AVAILABLE_IN_ALL char               *kiela_game_dup_move_name      (KielaGame *game, guint index);
/* Re-sows move `index` with a trace (for replaying it stone by stone). */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_trace_move         (KielaGame *game, guint index, KielaTrace *trace);
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_can_undo           (KielaGame *game);
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_can_redo           (KielaGame *game);
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_undo               (KielaGame *game);
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_redo               (KielaGame *game);
/* Undo or redo to exactly `ply` moves. */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_go_to              (KielaGame *game, guint ply);

/* Result. */
KIELA_AVAILABLE_IN_ALL KielaStatus         kiela_game_get_status         (KielaGame *game, KielaReason *reason);
KIELA_AVAILABLE_IN_ALL gboolean            kiela_game_is_over            (KielaGame *game);
/* "North cannot move", "The position repeated three times" (translated). */
KIELA_AVAILABLE_IN_ALL char               *kiela_game_describe_result    (KielaGame *game);
KIELA_AVAILABLE_IN_ALL char               *kiela_game_describe_result_in (KielaGame *game, const KielaCatalogue *catalogue);
/* Only why the game ended, without the winner ("South cannot move.", "The position
 * repeated three times."); NULL while the game goes on.  For a heading that already names the winner. */
KIELA_AVAILABLE_IN_ALL char               *kiela_game_describe_reason    (KielaGame *game);
/* How many times the current position has occurred (1 = first time). */
KIELA_AVAILABLE_IN_ALL guint               kiela_game_repetition_count   (KielaGame *game);

/* Metadata: free-form string pairs of valid UTF-8, see KIELA_META_*. */
KIELA_AVAILABLE_IN_ALL void                kiela_game_set_metadata       (KielaGame *game, const char *key, const char *value);
KIELA_AVAILABLE_IN_ALL const char         *kiela_game_get_metadata       (KielaGame *game, const char *key);
KIELA_AVAILABLE_IN_ALL GHashTable         *kiela_game_get_metadata_table (KielaGame *game);

/* Signals: "changed" after every play/undo/redo/setup/go-to. */

G_END_DECLS
