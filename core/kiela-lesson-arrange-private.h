/* kiela-lesson-arrange-private.h: the ARRANGE step's checks, shared by the lesson checks
 * (kiela-lesson.c: validation, kiela_lesson_check, the walk) and kiela-lesson-arrange.c. */

/* Not installed. */
#pragma once

#include "kiela-lesson.h"

G_BEGIN_DECLS

/* Whether `pos` (arranged, the side to move unchanged) meets task `t`'s KielaArrangeGoal. */
G_GNUC_INTERNAL gboolean _kiela_lesson_arrangement_met     (const KielaVariant *variant, const KielaLessonTask *t,
                                                             const KielaPosition *pos);
/* Why `arranged` is not an arrangement of the step's position `pos` (translated, free it), or
 * NULL: only the arranger's stones may move, among its own houses, as the variant allows. */
G_GNUC_INTERNAL char    *_kiela_lesson_arrangement_problem (const KielaCatalogue *cat, const KielaVariant *variant, const KielaLessonTask *t,
                                                             const KielaPosition *pos, const KielaPosition *arranged);
/* An arrangement of `pos` that meets `t` (into `out`), or FALSE when the engine finds none. */
G_GNUC_INTERNAL gboolean _kiela_lesson_find_arrangement    (const KielaVariant *variant, const KielaLessonTask *t,
                                                             const KielaPosition *pos, KielaPosition *out);
/* The engine's feedback on an arrangement `met` or not (translated, free it). */
G_GNUC_INTERNAL char    *_kiela_lesson_explain_arrangement (const KielaCatalogue *cat, const KielaVariant *variant, const KielaLessonTask *t,
                                                             const KielaPosition *arranged, gboolean met);

G_END_DECLS
