/* kiela-lesson-private.h: what the lesson checks share with the lesson-file reader. */

/* Not installed. */
#pragma once

#include "kiela-lesson.h"

G_BEGIN_DECLS

/* Why step `step` of `lesson` fails kiela_lesson_validate() (translated, without the
 * "lesson …, step N:" prefix), or NULL when it passes.  `field` (may be NULL) receives
 * what is at fault: "text", "position", "move", "answer", "condition", "number",
 * "opponent" or "task". */
char *kiela_lesson_step_problem (const KielaLesson *lesson, const KielaVariant *variant, guint step, const char **field);

G_END_DECLS
