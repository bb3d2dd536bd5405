/* kiela-lesson-private.h: what the lesson checks share with the lesson-file reader. */

/* Not installed. */
#pragma once

#include "kiela-lesson.h"

G_BEGIN_DECLS

/* kiela_lesson_step_problem() is public now (kiela-lesson.h): the lesson editor shows each
 * step's own reason beside it. */

G_END_DECLS
