/* kiela-lesson-view.h: one lesson (or puzzle set) step by step: the board, the narration, the task, feedback. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-board-view.h"
#include "kiela-trace-player.h"
#include "kiela-lesson-progress.h"

G_BEGIN_DECLS

#define KIELA_TYPE_LESSON_VIEW (kiela_lesson_view_get_type ())
G_DECLARE_FINAL_TYPE (KielaLessonView, kiela_lesson_view, KIELA, LESSON_VIEW, GtkWidget)

/* `settings` gives the animation speed (may be NULL: instant). */
GtkWidget        *kiela_lesson_view_new           (KielaRegistry *registry, KielaLessonProgress *progress,
                                                   GSettings *settings);
/* Opens `lesson_id` at `step` (0-based).  FALSE with an error for an unknown lesson, a
 * variant that is not loaded or a step out of range; the view is unchanged then. */
gboolean          kiela_lesson_view_open          (KielaLessonView *self, const char *lesson_id, guint step,
                                                   GError **error);
/* Opens a lesson that need not be registered (the lesson editor's "Try as a Pupil"): `lesson`
 * and `variant` must outlive its showing.  FALSE for a step out of range. */
gboolean          kiela_lesson_view_open_lesson   (KielaLessonView *self, const KielaLesson *lesson,
                                                   const KielaVariant *variant, guint step, GError **error);
/* Practising mistakes: every step is the last (Next, labelled Continue, emits "finished"; no
 * Next Lesson).  Kept until set back to FALSE. */
void              kiela_lesson_view_set_review    (KielaLessonView *self, gboolean review);
/* The lesson's own texts (title, narration, hints) in `lang` ("fr", "en"; NULL: the
 * interface's language), as the Rules page's Try it asks; set before opening the lesson. */
void              kiela_lesson_view_set_language  (KielaLessonView *self, const char *lang);
const char       *kiela_lesson_view_get_language  (KielaLessonView *self);
gboolean          kiela_lesson_view_get_review    (KielaLessonView *self);
/* Cancels a computer opponent's search and the replay (leaving the page). */
void              kiela_lesson_view_stop          (KielaLessonView *self);

const KielaLesson *kiela_lesson_view_get_lesson   (KielaLessonView *self);
/* The lesson as shown: the same, but for a drill step a copy whose step holds the fresh
 * position and move the engine made for it (its right answer is that copy's). */
const KielaLesson *kiela_lesson_view_get_shown_lesson (KielaLessonView *self);
guint             kiela_lesson_view_get_step      (KielaLessonView *self);
/* The verdict of the step shown: PENDING until answered (or while a game is played out). */
KielaLessonVerdict kiela_lesson_view_get_verdict  (KielaLessonView *self);
/* Texts shown (tests, screen-reader checks). */
const char       *kiela_lesson_view_get_narration (KielaLessonView *self);
const char       *kiela_lesson_view_get_feedback  (KielaLessonView *self);
KielaBoardView   *kiela_lesson_view_get_board     (KielaLessonView *self);
KielaTracePlayer *kiela_lesson_view_get_trace_player (KielaLessonView *self);
/* The buttons: "hint", "retry", "show" (Show Me), "next", "next-lesson", "check" (PREDICT_CAPTURE),
 * "arrange-check", "arrange-reset" and the "arrange-what" label (ARRANGE),
 * the "count" spin button, the "replay" bar, and the labels "narration", "feedback", "caption";
 * "notes", the For Teachers expander (hidden for a lesson without notes), and its "notes-text". */
GtkWidget        *kiela_lesson_view_get_control   (KielaLessonView *self, const char *name);
/* The lesson's teacher notes as Pango markup (headings in bold, one misconception a line), or
 * NULL when it has none: For Teachers and the worksheet's teacher page show it. */
char             *kiela_lesson_dup_notes_markup   (const KielaLesson *lesson);
/* TRUE while the computer opponent of a PLAY_OUT step thinks. */
gboolean          kiela_lesson_view_is_thinking   (KielaLessonView *self);

/* TRUE while the window presents (F5): the narration is the caption band under the board. */
gboolean          kiela_lesson_view_get_presenting (KielaLessonView *self);

/* Signals: "finished" (const char *lesson_id) after the last step's Next;
 * "next-lesson" (const char *lesson_id, const char *next_id) after the last step's Next Lesson;
 * "step-changed" when another step is shown. */

G_END_DECLS
