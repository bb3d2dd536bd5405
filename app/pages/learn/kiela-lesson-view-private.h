/* kiela-lesson-view-private.h: what the files of the lesson view share: the instance struct and the
 * functions one file defines for the others.  kiela-lesson-view.c holds the class, the steps and the
 * public API; -feedback.c the verdicts and what they say (puzzles' lines too); -answers.c the
 * learner's answers and the practice game; -present.c presentation mode and the clicker keys. */
#pragma once

#include "kiela-lesson-view.h"
#include "kiela-lesson-caption.h"
#include "kiela-lesson-arrange.h"
#include "kiela-lesson-layout.h"
#include "kiela-ai-player.h"
#include "kiela-settings.h"
#include "kiela-step-list.h"
#include "kiela-widget-util.h"
#include "kiela-lessons-page.h"
#include "kiela-mo.h"
#include "kiela-catalogue-i18n.h"
#include "kiela-paths.h"

G_BEGIN_DECLS

struct _KielaLessonView {
  GtkWidget parent_instance;

  /* Template children. */
  GtkBox *board_box;
  GtkWidget *replay_bar;
  GtkButton *play_button;
  GtkLabel *lesson_label;
  GtkWidget *notes_expander;
  GtkLabel *notes_label;
  GtkLabel *step_label;
  GtkLabel *narration_label;
  GtkLabel *task_label;
  GtkWidget *count_box;
  GtkLabel *count_label;
  GtkSpinButton *count_spin;
  GtkWidget *check_button;
  GtkWidget *feedback_box;
  GtkImage *feedback_icon;
  GtkLabel *feedback_label;
  GtkWidget *hint_button;
  GtkWidget *retry_button;
  GtkWidget *show_button;
  GtkWidget *next_button;
  GtkWidget *next_lesson_button;
  GtkWidget *steps_frame;
  GtkLabel *steps_heading;
  KielaStepList *step_list;
  GtkWidget *caption_box;
  GtkLabel *caption_label;
  KielaLessonCaption *caption;   /* the band kept to its share of the height, presenting */
  guint caption_tick;

  GtkWidget *side_scroll;
  GtkBox *side_content;
  GtkBox *text_column;
  GtkBox *answer_column;
  GtkWidget *button_row;
  KielaLessonLayout layout;      /* the page's shape (kiela-lesson-layout.c) */
  const KielaLesson *laid_out;   /* the step the layout last fitted (Try Again keeps it) */
  guint laid_out_step;

  GtkWidget *root;               /* watched for presentation mode (its kiela-presenting class) */

  KielaBoardView *board;
  GtkPopover *direction_popover; /* the two ways offered on a house sown either way (-answers.c) */
  KielaTracePlayer *player;
  KielaRegistry *registry;       /* not owned: the application's */
  KielaLessonProgress *progress;
  GSettings *settings;

  const KielaLesson *lesson;
  const KielaVariant *variant;
  guint step;
  KielaPosition pos;             /* the step's position */
  KielaLessonVerdict verdict;
  guint hints;                   /* taken on this step */
  guint wrong;                   /* wrong answers on this step */
  gboolean hint_taken;           /* the hint of this step counted once */
  gboolean shown;                               /* Show Me answered this step */
  guint test_right;              /* a final test: steps right at the first try, no hint, this sitting */
  /* A prediction's verdict is said after the replay: said first, it gives the answer away
   * before the stones show it. */
  int deferred_kind;             /* a FeedbackKind, FEEDBACK_NONE for none */
  char *deferred_text;
  gboolean mark_guess;           /* mark the learner's wrong guess once the replay is over */
  KielaSide guess_side;
  guint guess_house;
  char *next_lesson;             /* the course lesson after this one, for Next Lesson */
  char *language;                /* the lesson's texts in this language (Try it on a Rules page
                                  * shown in another); NULL: the interface's */
  KielaMo *mo;                   /* that language's catalogue; NULL for English */
  KielaCatalogue *catalogue;     /* the engine's sentences in `language`; NULL: the interface's */
  gboolean review;               /* practising mistakes: one step, then "finished" */

  /* A drill step (Drill= in its file): a fresh position each time the step opens. */
  KielaLesson drill_lesson;      /* a copy of `lesson` whose steps are drill_steps */
  KielaLessonStep *drill_steps;
  char *drill_position;
  char drill_move[4];
  char drill_answer[4];
  gboolean answered;             /* the learner's answer is in: the board waits for retry or next */
  gboolean loading;              /* load_step() resets the player: its changes are no answer */

  /* BEST_MOVE: North's reply, replayed stone by stone once the learner's move is shown. */
  gboolean follow;
  KielaPosition follow_from;
  KielaMove follow_move;

  /* ARRANGE: the stones moved on the board, Reset and Check (kiela-lesson-arrange.c). */
  KielaLessonArrange *arrange;

  /* PLAY_OUT */
  KielaGame *game;
  KielaSide learner;
  GCancellable *thinking;
  gboolean check_after_replay;
};

typedef enum { FEEDBACK_NONE, FEEDBACK_RIGHT, FEEDBACK_WRONG, FEEDBACK_INFO } FeedbackKind;

/* kiela-lesson-view.c */
void kiela_lesson_view_on_play (GtkButton *b, KielaLessonView *self);
const KielaLesson *kiela_lesson_view_shown (KielaLessonView *self);
const KielaLessonStep *kiela_lesson_view_current_step (KielaLessonView *self);
KielaTaskKind kiela_lesson_view_current_kind (KielaLessonView *self);
const char *kiela_lesson_view_in_language (KielaLessonView *self, const char *raw, const char *translated);
const char *kiela_lesson_view_ui_text (KielaLessonView *self, const char *msgid);
const char *kiela_lesson_view_ui_ctext (KielaLessonView *self, const char *context, const char *msgid);
void kiela_lesson_view_load_step_full (KielaLessonView *self, gboolean announce);
void kiela_lesson_view_on_next (GtkButton *button, KielaLessonView *self);

/* kiela-lesson-view-feedback.c */
void kiela_lesson_view_show_feedback (KielaLessonView *self, FeedbackKind kind, const char *text);
guint kiela_lesson_view_interval_ms (KielaLessonView *self);
void kiela_lesson_view_flush_deferred (KielaLessonView *self);
void kiela_lesson_view_clear_deferred (KielaLessonView *self);
gboolean kiela_lesson_view_replay_move (KielaLessonView *self, const KielaPosition *from, KielaMove move);
gboolean kiela_lesson_view_can_show (KielaLessonView *self);
void kiela_lesson_view_update_buttons (KielaLessonView *self);
void kiela_lesson_view_take_verdict_full (KielaLessonView *self, KielaLessonVerdict verdict, const char *feedback, gboolean defer);
void kiela_lesson_view_take_verdict (KielaLessonView *self, KielaLessonVerdict verdict, const char *feedback);
char *kiela_lesson_view_describe_captured_houses (KielaLessonView *self, KielaMove move);
char *kiela_lesson_view_puzzle_feedback (KielaLessonView *self, KielaMove move, gboolean right);
const char *kiela_lesson_view_puzzle_hint (KielaLessonView *self);
void kiela_lesson_view_reset_answer (KielaLessonView *self);

/* kiela-lesson-view-answers.c */
void kiela_lesson_view_playout_check (KielaLessonView *self);
void kiela_lesson_view_on_house_activated (KielaBoardView *board, guint side, guint house, KielaLessonView *self);
void kiela_lesson_view_on_check (GtkButton *button, KielaLessonView *self);
void kiela_lesson_view_on_arrange_check (gpointer data);
void kiela_lesson_view_on_show (GtkButton *button, KielaLessonView *self);
void kiela_lesson_view_on_player_changed (KielaTracePlayer *player, KielaLessonView *self);

/* kiela-lesson-view-present.c */
void kiela_lesson_view_on_root_classes (GtkWidget *root, GParamSpec *pspec, KielaLessonView *self);
void kiela_lesson_view_keys_init (KielaLessonView *self);

G_END_DECLS
