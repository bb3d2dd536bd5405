/* kiela-lesson-progress.h: the learner's progress through lessons and puzzles (stars per step), kept on disk. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define KIELA_TYPE_LESSON_PROGRESS (kiela_lesson_progress_get_type ())
G_DECLARE_FINAL_TYPE (KielaLessonProgress, kiela_lesson_progress, KIELA, LESSON_PROGRESS, GObject)

#define KIELA_LESSON_MAX_STARS 3

/*
 * Progress is a key file: one group per lesson id, one key per step ("step-1" = 2 stars).
 * It is read once by kiela_lesson_progress_load() and written whole, atomically, after every
 * change.  A file that does not parse is renamed "<name>.corrupt-<time>" (kept for the user),
 * the load fails with an error naming it, and progress starts empty: nothing crashes and the
 * next save writes a good file.  No widgets: the tests run it without a display.
 */
/* `path` NULL: $XDG_DATA_HOME/kiela/progress.ini. */
KielaLessonProgress *kiela_lesson_progress_new       (const char *path);
const char          *kiela_lesson_progress_get_path  (KielaLessonProgress *self);
/* A missing file is no error (no progress yet). */
gboolean             kiela_lesson_progress_load      (KielaLessonProgress *self, GError **error);
gboolean             kiela_lesson_progress_save      (KielaLessonProgress *self, GError **error);

/* Stars for a step answered with `hints` hints taken and `wrong` wrong answers:
 * 3 = neither, 2 = one of either, 1 = more. */
guint                kiela_lesson_progress_stars_for (guint hints, guint wrong);

/* Records a finished step (0-based) and saves; the best stars of all tries are kept.
 * Returns the stars this try earned.  A failed save keeps the progress in memory and
 * sets `error`. */
guint                kiela_lesson_progress_record    (KielaLessonProgress *self, const char *lesson_id,
                                                      guint step, guint hints, guint wrong, GError **error);
/* 0 when the step is not done. */
guint                kiela_lesson_progress_get_stars (KielaLessonProgress *self, const char *lesson_id, guint step);
/* How many of the lesson's first `n_steps` steps are done. */
guint                kiela_lesson_progress_count_done (KielaLessonProgress *self, const char *lesson_id, guint n_steps);
/* The lesson's stars: the fewest of its steps' stars once all `n_steps` are done, else 0. */
guint                kiela_lesson_progress_lesson_stars (KielaLessonProgress *self, const char *lesson_id,
                                                         guint n_steps);
/* Forgets everything and saves. */
gboolean             kiela_lesson_progress_reset     (KielaLessonProgress *self, GError **error);

/* "★★☆" for screens; stars beyond 3 are clamped. */
char                *kiela_lesson_progress_stars_text (guint stars);

/* Signal "changed" (lesson id): after every record or reset. */

G_END_DECLS
