/* kiela-window-private.h: the main window's struct and the API its source files share
 * (kiela-window.c: layout and bindings; kiela-window-actions.c: actions, dialogs, About;
 * kiela-window-files.c: opening, saving and the unsaved-changes question;
 * kiela-window-moves.c: the move list; kiela-window-pages.c: pages and title; kiela-window-play.c:
 * clicks on houses; kiela-window-status.c: what the window says). */
#pragma once

#include "kiela-window.h"
#include "kiela-announce.h"
#include "kiela-compat.h"
#include "kiela-game-session.h"
#include "kiela-move-list-model.h"
#include "kiela-analysis-panel.h"
#include "kiela-review-panel.h"
#include "kiela-setup-bar.h"
#include "kiela-toast-overlay.h"

G_BEGIN_DECLS

struct _KielaWindow {
  AdwApplicationWindow parent_instance;

  /* Template children. */
  KielaToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkRevealer *banner_revealer;
  GtkLabel *banner_label;
  GtkWidget *banner_details;
  GtkLabel *banner_detail_label;
  KielaSplit *split;              /* the side panel beside the board, or over it */
  GtkToggleButton *panel_button;
  GtkLabel *status_label;
  KielaAnnounce *announce;
  GtkRevealer *setup_revealer;
  GtkLabel *setup_label;
  KielaSetupBar *setup_bar;
  GtkBox *board_box;
  GtkOverlay *board_overlay;
  GtkLabel *north_label;
  GtkLabel *south_label;
  GtkButton *fullscreen_button;
  GtkRevealer *result_revealer;
  GtkLabel *result_title;
  GtkLabel *result_reason;
  GtkLabel *result_counts;
  GtkListView *move_list;
  GtkScrolledWindow *move_scroller;
  GtkBox *narration_box;
  GtkLabel *narration_label;
  KielaStepList *step_list;
  GtkButton *play_button;
  GtkLabel *step_label;
  GtkLabel *speed_label;
  GtkScale *speed_scale;
  GtkBox *review_box;
  GtkLabel *review_label;
  GtkStack *main_stack;              /* the pages: "game" and those added by kiela_window_add_page */
  GtkWidget *game_page;
  GtkWidget *back_button;
  GtkWidget *undo_button;
  GtkWidget *redo_button;
  GtkWidget *hint_button;
  GtkMenuButton *primary_menu_button;
  GMenuModel *primary_menu;
  GtkButton *presentation_button;
  GtkRevealer *caption_revealer;
  GtkBox *caption_box;
  GtkLabel *caption_label;
  GtkWidget *caption_play_again;
  GtkWidget *step_bar;               /* the game's replay bar: hidden on other pages */
  KielaAnalysisPanel *analysis;      /* kiela-window-analysis.c */
  KielaReviewPanel *game_review;     /* kiela-window-review.c: the post-game review */
  GPtrArray *back_stack;             /* names of the pages under the shown one (kiela-window-pages.c) */
  GHashTable *back_tooltips;         /* page name → what the back button says above it */
  char *game_back_tooltip;           /* the template's, back to the game */
  GHashTable *leave_guards;          /* page name → LeaveGuard*: asked before leaving it or closing */
  char *pending_page;                /* where the user went when a guard held it, or NULL */
  gboolean pending_close;            /* a guard held the window's closing */
  KielaLearn *learn;

  KielaBoardView *board;
  /* The two arrows offered on a house that may be sown both ways (kiela-window-play.c). */
  GtkPopover *direction_popover;
  guint direction_house;
  /* The house + 1 whose extra capture's house is being chosen (an ExtraCapture variant: the
   * opponent houses it may take are marked, kiela-window-play.c), 0 when none. */
  guint target_from;
  /* With an extra capture of two houses (ExtraCapture=2), the first house chosen + 1 while the
   * second is being chosen, 0 before. */
  guint target_first;
  KielaTracePlayer *player;
  KielaGameSession *session;
  KielaMoveListModel *moves;
  GtkSingleSelection *move_selection; /* of `moves`, shown by move_list */
  GtkRevealer *variation_revealer;   /* the variation bar under the move list (kiela-window-moves.c) */
  GtkLabel *variation_label;
  GtkPopover *variation_menu;        /* a row's menu */
  GtkEntry *comment_entry;           /* the shown move's comment */
  gboolean comment_syncing;          /* the window sets the comment field itself */
  guint comment_idle;                /* commits the comment once the focus has left it */
  KielaRegistry *registry;           /* not owned: the application's */
  GSettings *settings;
  char *last_message;
  char *result_text;
  char *file_path;                   /* the session's file as a path, for kiela_window_get_file_path */
  KielaPosition shown;               /* what the window itself last gave the board */
  guint announced_ply;               /* the ply whose move `announce` last said, 0 for none */
  guint replayed_ply;                /* the ply "move-played" just replayed, or G_MAXUINT */
  guint scroll_idle;                 /* keeps the live move in view once its row is allocated */
  gboolean selecting_row;            /* the window moves the list selection itself */
  gboolean close_confirmed;          /* the user chose to close despite unsaved changes */
  AdwToast *thinking_toast;          /* weak */
  GCancellable *opening;             /* a record being read off the main thread, or NULL */
  AdwToast *opening_toast;           /* weak: "Opening “…”" with Cancel, shown after a moment */
  guint opening_timer;
  AdwToast *refusal_toast;           /* weak: the one reason shown now, replaced by the next */
  guint refusal_timeout;             /* hides it refusal_ms after the latest reason */
  guint refusal_ms;                  /* the "refusal-timeout" property: 5000 unless a test shortens it */
  /* Presentation mode (kiela-presentation.c). */
  gboolean presenting;
  gboolean presenting_fullscreened;  /* presentation mode made the window fullscreen */
  gboolean panel_was_open;
  gboolean blanked;
  GtkWidget *header_bar;             /* hidden in presentation mode; the pointer at the top shows it */
  GtkWidget *content_box;            /* the header bar and the pages: what B blanks */
  int caption_height;                /* the window height the caption's size was made for */
  guint caption_idle;
  GtkCssProvider *zoom_css;
  char *zoom_class;                  /* this window's CSS class, which the zoom rules name */
};

static inline const KielaPersonality *
_kiela_window_player (KielaWindow *self, KielaSide side)
{
  return kiela_game_session_get_player (self->session, side);
}

static inline KielaGame *
_kiela_window_game (KielaWindow *self)
{
  return kiela_game_session_get_game (self->session);
}

/* kiela-window.c */
void      _kiela_window_show_banner      (KielaWindow *self, const char *text);
/* The banner saying `text` in plain words, with `detail` (the program's own message) folded
 * away under Details. */
void      _kiela_window_show_banner_detail (KielaWindow *self, const char *text, const char *detail);
void      _kiela_window_hide_banner      (KielaWindow *self);

/* kiela-window-play.c: a click on a house plays its move, or offers its directions or targets. */
void      _kiela_window_play_init        (KielaWindow *self);
void      _kiela_window_play_dispose     (KielaWindow *self);

/* kiela-window-pages.c */
/* The window's title and subtitle for the game (its file, variant and players). */
void      _kiela_window_update_title     (KielaWindow *self);
void      _kiela_window_class_pages_init (GtkWidgetClass *widget_class);
void      _kiela_window_pages_init       (KielaWindow *self);
void      _kiela_window_pages_finalize   (KielaWindow *self);
/* FALSE when a page's leave guard holds the window's closing (it then asks the user). */
gboolean  _kiela_window_guards_allow_close (KielaWindow *self);
gboolean  _kiela_window_game_page_visible (KielaWindow *self);

/* kiela-window-moves.c */
void      _kiela_window_moves_init       (KielaWindow *self);
/* The list shows `game`'s moves (NULL for none). */
void      _kiela_window_moves_set_game   (KielaWindow *self, KielaGame *game);
/* Selects the session's shown ply and keeps the live move in view. */
void      _kiela_window_moves_select     (KielaWindow *self);
/* The variation actions (win.variation-promote, -make-main, -delete, -return, win.edit-comment). */
void      _kiela_window_class_moves_init (GtkWidgetClass *widget_class);
void      _kiela_window_moves_connect    (KielaWindow *self);
void      _kiela_window_moves_dispose    (KielaWindow *self);
/* A click on a house of a reviewed position: plays into a variation, or says why not. */
gboolean  _kiela_window_moves_can_play_reviewed (KielaWindow *self);

/* kiela-window-status.c */
/* "You win!", "Zola wins", "North wins" or "Draw": the game-over heading. */
char     *_kiela_window_result_title_dup (KielaWindow *self, KielaStatus status);
/* Follows the session's state and the replay: who is to move, what the board lets one do,
 * the status line, the side labels, What Happens, the game-over card, the actions. */
void      _kiela_window_update_turn      (KielaWindow *self);
/* The step bar and the play button follow the replay. */
void      _kiela_window_update_step_bar  (KielaWindow *self);

/* kiela-window-actions.c */
/* A parameterless `win.*` action and what activates it. */
typedef struct {
  const char *name;
  GtkWidgetActionActivateFunc activate;
} KielaWindowAction;
void      _kiela_window_class_install_actions (GtkWidgetClass *widget_class, const KielaWindowAction *actions,
                                               guint n_actions);
void      _kiela_window_class_actions_init (GtkWidgetClass *widget_class);
void      _kiela_window_actions_init     (KielaWindow *self);
/* Enables each action for the state of the session and the replay: the one place that does. */
void      _kiela_window_actions_update   (KielaWindow *self);
/* A plugin that failed to load is said at start, with a way to see why. */
void      _kiela_window_report_plugin_failures (KielaWindow *self);

/* kiela-window-files.c */
/* Stops opening a record in the background (kiela_window_open()); the current game stays. */
void      _kiela_window_cancel_open      (KielaWindow *self);
/* win.open, win.save and win.save-as, installed with the other actions. */
void      _kiela_window_action_open      (GtkWidget *widget, const char *name, GVariant *param);
void      _kiela_window_action_save      (GtkWidget *widget, const char *name, GVariant *param);
void      _kiela_window_action_save_as   (GtkWidget *widget, const char *name, GVariant *param);

/* kiela-window-analysis.c: the analysis panel follows the shown position (analysis.show-analysis, F8). */
void      _kiela_window_analysis_init    (KielaWindow *self);
/* kiela-window-review.c: win.review-game and win.close-review. */
void      _kiela_window_review_init      (KielaWindow *self);
void      _kiela_window_review_game      (KielaWindow *self);
KielaReviewPanel *_kiela_window_get_review_panel (KielaWindow *self);
/* The finished review written to `file`: the PDF worksheet, or CSV (win.review-export-*). */
gboolean  _kiela_window_review_export    (KielaWindow *self, GFile *file, gboolean pdf, GError **error);
/* Shows on `mark` the review's grade of the move of `ply` of `line`, or hides it. */
void      _kiela_window_review_bind_mark (KielaWindow *self, KielaGameLine *line, guint ply, GtkLabel *mark);

/* kiela-window-follow.c: the move list keeps its last row in view while the game is followed live. */
void      _kiela_window_follow_moves_init (KielaWindow *self);

/* kiela-presentation.c */
void      _kiela_window_class_presentation_init (GtkWidgetClass *widget_class);
void      _kiela_window_presentation_init (KielaWindow *self);
void      _kiela_window_presentation_dispose (KielaWindow *self);
/* The caption band under the board follows the narration, the mode and the panel. */
void      _kiela_window_update_caption (KielaWindow *self);
/* Called from size_allocate: the caption's type follows the window's height. */
void      _kiela_window_presentation_allocate (KielaWindow *self, int width, int height);
/* A reason a click did nothing: shown at once, replacing the reason before it. */
void      _kiela_window_refuse       (KielaWindow *self, const char *text);
void      _kiela_window_clear_refusal (KielaWindow *self);

G_END_DECLS
