/* kiela-lesson-private.h: what the files of the lesson checks share with each other and with the
 * lesson-file reader (kiela-lesson.c: helpers and validation; -check.c: answers; -walk.c: walking
 * a lesson; -puzzle.c: puzzles and drills). */

/* Not installed. */
#pragma once

#include "kiela-lesson.h"
#include "kiela-sow.h"

G_BEGIN_DECLS

/* kiela_lesson_step_problem() is public now (kiela-lesson.h): the lesson editor shows each
                             * step's own reason beside it. */

/* What one move does, as far as lessons care. */
typedef struct {
  KielaSowResult r;
  KielaPosition after;
  guint relays;
} MoveFacts;

/* kiela-lesson.c */
const char *_kiela_lesson_tr (const KielaLesson *lesson, const char *text);
const KielaLessonStep *_kiela_lesson_get_step (const KielaLesson *lesson, guint step);
gboolean _kiela_lesson_parse_own_square (const KielaVariant *variant, const KielaPosition *pos, const char *text, KielaMove *out,
                                         GError **error);
void _kiela_lesson_move_facts (const KielaVariant *variant, const KielaPosition *pos, KielaMove move, MoveFacts *out);
guint32 _kiela_lesson_longest_drops (const KielaVariant *variant, const KielaPosition *pos);
KielaMove _kiela_lesson_reply_capture (const KielaVariant *variant, const KielaPosition *after);
gboolean _kiela_lesson_condition_met (const KielaVariant *variant, const KielaPosition *pos, const KielaLessonTask *task,
                                      const MoveFacts *f);
gboolean _kiela_lesson_step_fail (GError **error, const KielaLesson *lesson, guint step, const char *reason);
gboolean _kiela_lesson_validate_step (const KielaLesson *lesson, const KielaVariant *variant, guint i, GError **error);

G_END_DECLS
