/* kiela-lessons-page.h: the course (or the puzzle sets) in order by level, with the learner's stars. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-lesson-progress.h"

G_BEGIN_DECLS

#define KIELA_TYPE_LESSONS_PAGE (kiela_lessons_page_get_type ())
G_DECLARE_FINAL_TYPE (KielaLessonsPage, kiela_lessons_page, KIELA, LESSONS_PAGE, GtkWidget)

/* Lists the registry's lessons of `kind` (KielaLessonKind): the course as one row a lesson,
 * grouped by level; puzzle sets as one group a set with a button a puzzle.  Follows
 * `progress`. */
GtkWidget *kiela_lessons_page_new (KielaRegistry *registry, KielaLessonProgress *progress, guint kind);
/* The row (course) or button (puzzles) that opens `lesson_id` at `step` (puzzles; 0 for the course). */
GtkWidget *kiela_lessons_page_get_item (KielaLessonsPage *self, const char *lesson_id, guint step);
/* Lists the registry's lessons again (after a lesson was installed). */
void       kiela_lessons_page_refresh (KielaLessonsPage *self);
/* The lessons of `kind` by level, then in course order (pointers into the registry). */
GPtrArray *kiela_lessons_sorted (KielaRegistry *registry, guint kind);

/* Signal "lesson-activated" (const char *lesson_id, guint step). */

G_END_DECLS
