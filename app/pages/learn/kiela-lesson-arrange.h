/* kiela-lesson-arrange.h: a lesson's ARRANGE step on the board: the pupil moves the arranger's
 * stones among its own houses (drag, click then click, keyboard: the board's setup mode), Reset
 * and Check; the lesson view checks the arrangement and keeps the stars. */
#pragma once

#include <gtk/gtk.h>
#include "kiela.h"
#include "kiela-board-view.h"

G_BEGIN_DECLS

typedef struct _KielaLessonArrange KielaLessonArrange;

/* Check was pressed (or Show Me put the engine's arrangement on the board): `data` checks
 * kiela_lesson_arrange_get_position() and calls kiela_lesson_arrange_answered(). */
typedef void (*KielaLessonArrangeCheckFunc) (gpointer data);

/* The controls (what to do, how to move stones, Reset, Check) go after `sibling` in its box, hidden until a step
 * starts.  The board's "setup-move" signals are followed while a step is on. */
KielaLessonArrange *kiela_lesson_arrange_new          (KielaBoardView *board, GtkWidget *sibling,
                                                       KielaLessonArrangeCheckFunc check, gpointer data);
void                kiela_lesson_arrange_free         (KielaLessonArrange *self);

/* Step `step` of `lesson` (an ARRANGE step) from `pos`: the board in setup mode for the arranger. */
void                kiela_lesson_arrange_start        (KielaLessonArrange *self, const KielaLesson *lesson,
                                                       const KielaVariant *variant, guint step,
                                                       const KielaPosition *pos);
/* Leaves the step: the board out of setup mode, the controls hidden.  Safe when not started. */
void                kiela_lesson_arrange_stop         (KielaLessonArrange *self);
/* The language of its words from the next start (a lesson's Try it; NULL: the interface's). */
void                kiela_lesson_arrange_set_catalogue (KielaLessonArrange *self, KielaCatalogue *catalogue);
gboolean            kiela_lesson_arrange_is_active    (KielaLessonArrange *self);

/* The board as the pupil has arranged it (the side to move unchanged). */
const KielaPosition *kiela_lesson_arrange_get_position (KielaLessonArrange *self);
/* Back to the step's position (Reset). */
void                kiela_lesson_arrange_reset        (KielaLessonArrange *self);
/* Show Me: the engine's right arrangement on the board; FALSE when it has none. */
gboolean            kiela_lesson_arrange_show_right   (KielaLessonArrange *self);

/* The verdict on the arrangement shown.  RIGHT: the board is locked; returns the move to
 * replay (the capture that is ready, -1 for none).  WRONG: the board stays open to change the
 * arrangement, and the first move that still captures (its house and the houses it takes) is
 * marked; returns -1. */
KielaMove           kiela_lesson_arrange_answered     (KielaLessonArrange *self, KielaLessonVerdict verdict);

/* "check", "reset", "what" (the one-line instructions), "help" (the menu button showing how to
 * move stones), "help-text" (its popover's label); NULL for another name. */
GtkWidget          *kiela_lesson_arrange_get_control  (KielaLessonArrange *self, const char *name);

G_END_DECLS
