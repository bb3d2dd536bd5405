/* kiela-window.h: the main window: one game, its board, move list, narration and step controls. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-settings.h"
#include "kiela-board-view.h"
#include "kiela-trace-player.h"
#include "kiela-step-list.h"
#include "kiela-game-session.h"

G_BEGIN_DECLS

#define KIELA_TYPE_WINDOW (kiela_window_get_type ())
G_DECLARE_FINAL_TYPE (KielaWindow, kiela_window, KIELA, WINDOW, AdwApplicationWindow)

typedef struct _KielaLearn KielaLearn;

/* `app` may be NULL (tests); `autosave_path` NULL disables autosaving. */
KielaWindow      *kiela_window_new              (GtkApplication *app,
                                                 KielaRegistry *registry,
                                                 GSettings *settings,
                                                 const char *autosave_path);

/* Restores the autosaved game; a missing one starts a new default game, a corrupt
 * one is moved aside (the window says so) and a new game starts. */
void              kiela_window_restore_autosave (KielaWindow *self);
/* Starts a game at once (the window's actions ask about unsaved changes first); NULL
 * personalities are human players.  `variant` NULL = default. */
void              kiela_window_new_game         (KielaWindow *self,
                                                 const KielaVariant *variant,
                                                 const KielaPersonality *south,
                                                 const KielaPersonality *north);
/* Starts a game from `pos` at once, as kiela_window_new_game does; FALSE with the reason when
 * `variant` cannot be played from it (the current game stays). */
gboolean          kiela_window_new_game_from_position (KielaWindow *self,
                                                 const KielaVariant *variant,
                                                 const KielaPosition *pos,
                                                 const KielaPersonality *south,
                                                 const KielaPersonality *north,
                                                 GError **error);
/* Asks whether the game may be replaced: at once yes when it has no unsaved changes, otherwise
 * Save / Discard / Cancel.  When no question is needed `callback` runs before this returns, so
 * what the caller does next happens in the same turn of the main loop. */
void              kiela_window_confirm_discard_async  (KielaWindow *self,
                                                 GCancellable *cancellable,
                                                 GAsyncReadyCallback callback,
                                                 gpointer user_data);
/* TRUE after a save or a discard (or with nothing to lose); FALSE with G_IO_ERROR_CANCELLED
 * after Cancel or a failed save (the window has said why). */
gboolean          kiela_window_confirm_discard_finish (KielaWindow *self,
                                                 GAsyncResult *result,
                                                 GError **error);
/* Opens a record at once; on failure the current game stays and the window shows why. */
gboolean          kiela_window_open_path        (KielaWindow *self, const char *path);
gboolean          kiela_window_open_file        (KielaWindow *self, GFile *file);
/* Opens `file` as the user asked for it: a game with unsaved changes is not replaced
 * before the user chose to save or discard them.  The record is read off the main thread
 * (a toast with Cancel says so when it takes a moment); the current game stays until the new
 * one is ready, and stays for good when cancelled. */
void              kiela_window_open             (KielaWindow *self, GFile *file);
gboolean          kiela_window_save_to_path     (KielaWindow *self, const char *path, GError **error);

/* The game logic the window shows (a KielaGameSession). */
KielaGameSession *kiela_window_get_session      (KielaWindow *self);
KielaGame        *kiela_window_get_game         (KielaWindow *self);
KielaBoardView   *kiela_window_get_board        (KielaWindow *self);
KielaTracePlayer *kiela_window_get_trace_player (KielaWindow *self);
/* The "What Happens" list of the shown move's steps. */
KielaStepList    *kiela_window_get_step_list    (KielaWindow *self);
const char       *kiela_window_get_file_path    (KielaWindow *self);
/* The error banner's text, or NULL when no banner is shown. */
const char       *kiela_window_get_banner_text  (KielaWindow *self);
/* The game-over card's title, reason and counts (one per line), or NULL when not shown. */
const char       *kiela_window_get_result_text  (KielaWindow *self);
/* How long a refusal's reason stays up after the latest click it answers, in milliseconds (the
 * "refusal-timeout" property, 5000 by default; tests shorten it). */
guint             kiela_window_get_refusal_timeout (KielaWindow *self);
void              kiela_window_set_refusal_timeout (KielaWindow *self, guint ms);
/* The last message's text (what the latest message toast or refusal said). */
const char       *kiela_window_get_last_message (KielaWindow *self);
/* Shows `toast` over the window (which takes it; see kiela-toast-overlay.h: one at a time, the
 * same words not queued twice).  A toast without a button is a message: its title becomes the
 * last message. */
void              kiela_window_add_toast        (KielaWindow *self, AdwToast *toast);
/* `text` as a message in a toast of six seconds. */
void              kiela_window_add_message      (KielaWindow *self, const char *text);
/* The big status line above the board ("South to move", "Zola wins. South cannot move."). */
const char       *kiela_window_get_status_text  (KielaWindow *self);
/* The text in the "What Happens" panel. */
const char       *kiela_window_get_narration    (KielaWindow *self);
/* The caption band under the board (presentation mode, or the panel hidden), or NULL when hidden. */
const char       *kiela_window_get_caption      (KielaWindow *self);
gboolean          kiela_window_get_presenting   (KielaWindow *self);
/* The start of a file name for this game: "kizua-vs-human-2026-12-01" (South's player, then
 * North's, lower-case ASCII, and today's date); the file's own name once it has one. */
char             *kiela_window_dup_file_stem    (KielaWindow *self);
/* FALSE while presentation mode hides the header bar (the pointer at the top edge shows it). */
gboolean          kiela_window_get_header_shown (KielaWindow *self);
/* The label by the board naming who plays `side` ("▶ South · You" when it is their turn). */
const char       *kiela_window_get_side_label   (KielaWindow *self, KielaSide side);
/* The board state the window last handed to the board view. */
const KielaPosition *kiela_window_get_shown_position (KielaWindow *self);
gboolean          kiela_window_is_ai_thinking   (KielaWindow *self);
/* Ply shown (0 = start); equals the game's move count unless reviewing. */
guint             kiela_window_get_view_ply     (KielaWindow *self);
void              kiela_window_review_ply       (KielaWindow *self, guint ply);

/* Pages.  The window shows one page at a time: "game" (the board, always there) or one
 * added here (the welcome page, lessons, rules and history, the variant lab, ...).  Away
 * from the game, the header shows a back button (Alt+Left, or the action `win.pop-page`) to
 * the page below on the back stack, and the page's title, and hides the game's own buttons.
 * `name` is unique; `title` is translated and shown in the header. */
void              kiela_window_add_page         (KielaWindow *self, const char *name,
                                                 const char *title, GtkWidget *page);
/* Makes a page's widget when it is first shown (or asked for), not with the window. */
typedef GtkWidget *(*KielaWindowPageBuilder) (KielaWindow *self, gpointer data);
void              kiela_window_add_lazy_page    (KielaWindow *self, const char *name, const char *title,
                                                 KielaWindowPageBuilder build, gpointer data);
/* Shows page `name` over the game (win.show-page::NAME): back leads to the game, or, when
 * `name` was on the back stack, back to it; FALSE (and nothing changes) when there is no such page. */
gboolean          kiela_window_show_page        (KielaWindow *self, const char *name);
/* Shows page `name` over the page shown now: back returns to it. */
gboolean          kiela_window_push_page        (KielaWindow *self, const char *name);
/* Back to the page below the shown one on the back stack (the game at the bottom). */
void              kiela_window_pop_page         (KielaWindow *self);
/* The title the header shows with page `name`. */
void              kiela_window_set_page_title   (KielaWindow *self, const char *name, const char *title);
/* What the back button says above page `name` ("Back to the Lessons"); NULL for its title. */
void              kiela_window_set_back_tooltip (KielaWindow *self, const char *name, const char *tooltip);
/* The name of the page shown ("game" for the board): the property "visible-page". */
const char       *kiela_window_get_visible_page (KielaWindow *self);
/* What page `name` shows, made now if it waits to be first shown; NULL when there is no such page. */
GtkWidget        *kiela_window_get_page         (KielaWindow *self, const char *name);
/* Asked before the user leaves page `name` (the back button, Alt+Left, win.pop-page,
 * win.show-page to another page) and before the window closes, whichever page it shows:
 * TRUE lets it happen now; FALSE holds it while the guard asks the user (unsaved changes),
 * and kiela_window_leave_confirmed() then does it.  One guard a page; NULL removes it. */
typedef gboolean (*KielaWindowLeaveGuard) (KielaWindow *self, gpointer data);
void              kiela_window_set_leave_guard  (KielaWindow *self, const char *name,
                                                 KielaWindowLeaveGuard guard, gpointer data);
/* Does what the last guard held: shows the page the user asked for, or closes the window. */
void              kiela_window_leave_confirmed  (KielaWindow *self);
/* The teaching pages and their offers in games (kiela-learn.h). */
KielaLearn       *kiela_window_get_learn        (KielaWindow *self);

G_END_DECLS
