/* kiela-game-session.h: one game as the app plays it, without widgets: players, shown ply, file,
 * unsaved changes, autosave, AI moves, hints and the expert arrangement on worker threads. */
#pragma once

#include <gio/gio.h>
#include "kiela.h"
#include "kiela-enums.h"

G_BEGIN_DECLS

#define KIELA_TYPE_GAME_SESSION (kiela_game_session_get_type ())
G_DECLARE_FINAL_TYPE (KielaGameSession, kiela_game_session, KIELA, GAME_SESSION, GObject)

/* `registry` is not owned and must outlive the session; `autosave` NULL disables autosaving. */
KielaGameSession       *kiela_game_session_new              (KielaRegistry *registry, GFile *autosave);

KielaGame              *kiela_game_session_get_game         (KielaGameSession *self);
/* NULL = a human plays `side`. */
const KielaPersonality *kiela_game_session_get_player       (KielaGameSession *self, KielaSide side);
KielaPhase              kiela_game_session_get_phase        (KielaGameSession *self);
/* The side to move, or in the setup phase the side that arranges its stones. */
KielaSide               kiela_game_session_get_turn         (KielaGameSession *self);
/* Ply shown (0 = start); equals the game's move count unless reviewing. */
guint                   kiela_game_session_get_view_ply     (KielaGameSession *self);
void                    kiela_game_session_set_view_ply     (KielaGameSession *self, guint ply);
gboolean                kiela_game_session_is_live          (KielaGameSession *self);
GFile                  *kiela_game_session_get_file         (KielaGameSession *self);
/* The game has changes its file (or, untitled, any file) does not hold. */
gboolean                kiela_game_session_get_modified     (KielaGameSession *self);
gboolean                kiela_game_session_get_ai_thinking  (KielaGameSession *self);
/* AI against AI after an undo waits until resumed (the Play button). */
gboolean                kiela_game_session_get_ai_paused    (KielaGameSession *self);
void                    kiela_game_session_resume_ai        (KielaGameSession *self);
/* The view replays a move: no computer move starts (nor human move is taken) until it ends. */
void                    kiela_game_session_set_replaying    (KielaGameSession *self, gboolean replaying);
gboolean                kiela_game_session_get_replaying    (KielaGameSession *self);
/* The human to move may play now (live, not replaying, not over, in the play phase). */
gboolean                kiela_game_session_can_play         (KielaGameSession *self);

/* Starts a game; NULL personalities are human players, `variant` NULL the default one. */
void                    kiela_game_session_new_game         (KielaGameSession *self,
                                                             const KielaVariant *variant,
                                                             const KielaPersonality *south,
                                                             const KielaPersonality *north);
/* Starts a game from a set-up position (no expert setup phase); FALSE with the reason, and
 * the current game kept, when the variant cannot be played from it (kiela_game_check_position). */
gboolean                kiela_game_session_new_game_from_position (KielaGameSession *self,
                                                                   const KielaVariant *variant,
                                                                   const KielaPosition *start,
                                                                   const KielaPersonality *south,
                                                                   const KielaPersonality *north,
                                                                   GError **error);
/* Opens a record; on failure the current game and file stay as they were. */
gboolean                kiela_game_session_open             (KielaGameSession *self, GFile *file, GError **error);
/* The same with the record read and replayed on a worker thread (a 300,000-move record takes
 * seconds): the current game is untouched until the new one is ready, and replaced in
 * _finish().  Cancelled, the callback comes at once with G_IO_ERROR_CANCELLED, the current game
 * stays, and the worker stops at its next check and drops what it read. */
void                    kiela_game_session_open_async       (KielaGameSession *self, GFile *file,
                                                             GCancellable *cancellable,
                                                             GAsyncReadyCallback callback, gpointer user_data);
gboolean                kiela_game_session_open_finish      (KielaGameSession *self, GAsyncResult *result,
                                                             GError **error);
/* Saves atomically to `file` (NULL = the session's file) and makes it the session's file. */
gboolean                kiela_game_session_save             (KielaGameSession *self, GFile *file, GError **error);
/* Restores the autosaved game: a missing one starts a new default game; a corrupt one is
 * moved aside (an "error" signal says where) and a new game starts.  Stale temporaries of
 * interrupted saves in the autosave folder are removed first. */
void                    kiela_game_session_restore_autosave (KielaGameSession *self);
/* Plays the human's move; FALSE with a translated reason when it is not playable now. */
gboolean                kiela_game_session_play             (KielaGameSession *self, KielaMove move, GError **error);
/* Undo goes back to the human's turn against the computer; AI against AI pauses. */
gboolean                kiela_game_session_undo             (KielaGameSession *self);
gboolean                kiela_game_session_redo             (KielaGameSession *self);
gboolean                kiela_game_session_can_undo         (KielaGameSession *self);
gboolean                kiela_game_session_can_redo         (KielaGameSession *self);

/* Variations (see KielaGameTree): kiela_game_session_play() at a reviewed ply plays into a
 * variation, whoever's turn it is; in a variation the user plays both sides and no computer
 * moves.  `game` is always the current line. */
KielaGameTree          *kiela_game_session_get_tree         (KielaGameSession *self);
gboolean                kiela_game_session_in_variation     (KielaGameSession *self);
/* A move may be played from the reviewed position (into a variation). */
gboolean                kiela_game_session_can_play_variation (KielaGameSession *self);
/* The line of the current line that plays the shown ply (the main line at ply 0). */
KielaGameLine          *kiela_game_session_get_view_line    (KielaGameSession *self);
/* Shows `ply` of `line`, entering it if it is not part of the current line. */
void                    kiela_game_session_show             (KielaGameSession *self, KielaGameLine *line, guint ply);
/* Back to the main line, where the current variation left it. */
void                    kiela_game_session_return_to_main   (KielaGameSession *self);
/* One level up, or (`to_main`) until it is the main line. */
gboolean                kiela_game_session_promote          (KielaGameSession *self, KielaGameLine *line,
                                                             gboolean to_main);
gboolean                kiela_game_session_delete_variation (KielaGameSession *self, KielaGameLine *line);
/* Comments on a move (ply 0 of the main line: the game's comment); changes mark the game modified. */
const char             *kiela_game_session_get_comment      (KielaGameSession *self, KielaGameLine *line, guint ply);
void                    kiela_game_session_set_comment      (KielaGameSession *self, KielaGameLine *line, guint ply,
                                                             const char *text);
/* The name shown for a side: the record's, else the player's ("Human", the opponent's name). */
const char             *kiela_game_session_get_player_name  (KielaGameSession *self, KielaSide side);
/* NULL or "" goes back to the player's own name. */
void                    kiela_game_session_set_player_name  (KielaGameSession *self, KielaSide side, const char *name);
/* Any other metadata of the record (KIELA_META_EVENT, KIELA_META_DATE); "" removes it. */
void                    kiela_game_session_set_info         (KielaGameSession *self, const char *key, const char *value);

/* Hints: the strongest personality thinks for the human to move. */
gboolean                kiela_game_session_can_hint         (KielaGameSession *self);
void                    kiela_game_session_request_hint     (KielaGameSession *self);
gboolean                kiela_game_session_get_hint_pending (KielaGameSession *self);
/* The hint's sentence and house, or NULL / -1 without a hint. */
const char             *kiela_game_session_get_hint         (KielaGameSession *self);
KielaMove               kiela_game_session_get_hint_move    (KielaGameSession *self);

/* The expert setup phase for a human: the arrangement being made (the position with the
 * arranging side's houses as moved so far). */
void                    kiela_game_session_get_setup_position (KielaGameSession *self, KielaPosition *pos);
/* Moves one stone between two houses of the arranging side; FALSE with a reason if it cannot. */
gboolean                kiela_game_session_setup_move       (KielaGameSession *self, KielaSide side,
                                                             guint from, guint to, GError **error);
/* Moves `count` stones (at most what `from` holds) in one step; the arrangement's steps are
 * undone one by one, the last first. */
gboolean                kiela_game_session_setup_move_n     (KielaGameSession *self, KielaSide side,
                                                             guint from, guint to, guint count, GError **error);
gboolean                kiela_game_session_setup_can_undo   (KielaGameSession *self);
gboolean                kiela_game_session_setup_undo       (KielaGameSession *self);
/* Stones moved so far in the arrangement being made (after undos). */
guint                   kiela_game_session_get_setup_moved  (KielaGameSession *self);
gboolean                kiela_game_session_setup_done       (KielaGameSession *self, GError **error);
gboolean                kiela_game_session_setup_skip       (KielaGameSession *self, GError **error);

/* Signals:
 *  "message" (const char *text): something to tell the user in passing (a toast);
 *  "error" (const char *text): a failure the user must see (a banner);
 *  "move-played" (guint ply): a move was just played or redone: the view may replay it;
 *  "setup-changed": the arrangement being made changed;
 *  "info-changed": a player's name or a comment changed. */

G_END_DECLS
