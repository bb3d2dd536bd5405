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
/* Forgets everything but the pupil's name and saves. */
gboolean             kiela_lesson_progress_reset     (KielaLessonProgress *self, GError **error);

/* "★★☆" for screens; stars beyond 3 are clamped. */
char                *kiela_lesson_progress_stars_text (guint stars);

/* ---------- pupils (kiela-pupils.h keeps the class list) ----------
 * One file is one pupil's.  Beside the lesson groups it holds the pupil's own groups, whose
 * names start with a capital (a lesson id never does):
 *   [Pupil]          name=Ada, mistakes=12 (wrong answers ever)
 *   [Mistakes]       capture/3=2: the queue to practise, in order; step 3 of "capture", wrong twice
 *   [Result final-1] score=7 total=10 best=8 tries=2 time=<unix seconds>: a final test's result
 * A group starting with a capital that this version does not know is kept as it is. */
#define KIELA_PROGRESS_GROUP_PUPIL    "Pupil"
#define KIELA_PROGRESS_GROUP_MISTAKES "Mistakes"
#define KIELA_PROGRESS_GROUP_RESULT   "Result "

/* Another pupil: reads `path` (as _load: a bad file is kept aside and progress starts empty,
 * FALSE with an error) and emits "changed" (NULL) so every page follows. */
gboolean             kiela_lesson_progress_set_path  (KielaLessonProgress *self, const char *path, GError **error);
/* Writes the progress to `path`, which it keeps from then on (the migration of an old file). */
gboolean             kiela_lesson_progress_save_as   (KielaLessonProgress *self, const char *path, GError **error);
/* The pupil's name kept in the file, or NULL.  set_name does not save. */
char                *kiela_lesson_progress_dup_name  (KielaLessonProgress *self);
void                 kiela_lesson_progress_set_name  (KielaLessonProgress *self, const char *name);

/* The mistakes to practise: a queue of steps answered wrong.  A wrong answer puts the step at
 * the end of the queue (or, already there, counts it once more in its place); a step answered
 * right at the first try (no wrong answer, not shown) leaves it.  Each call saves and emits
 * "changed".  add_mistake returns how many times the step is now counted wrong (0, and
 * nothing queued, for a lesson without a valid id: one still being written). */
typedef struct {
  char *lesson_id;
  guint step;      /* 0-based */
  guint times;     /* wrong answers since it was queued */
} KielaLessonMistake;

guint                kiela_lesson_progress_add_mistake   (KielaLessonProgress *self, const char *lesson_id,
                                                          guint step, GError **error);
/* FALSE when the step was not queued (then nothing is saved). */
gboolean             kiela_lesson_progress_clear_mistake (KielaLessonProgress *self, const char *lesson_id,
                                                          guint step, GError **error);
gboolean             kiela_lesson_progress_has_mistake   (KielaLessonProgress *self, const char *lesson_id, guint step);
/* The queue in order: a GArray of KielaLessonMistake (freed with the array). */
GArray              *kiela_lesson_progress_get_mistakes  (KielaLessonProgress *self);
guint                kiela_lesson_progress_get_n_mistakes (KielaLessonProgress *self);
/* Wrong answers ever (kept when the queue empties; a reset forgets them). */
guint                kiela_lesson_progress_get_mistakes_made (KielaLessonProgress *self);

/* A result for a lesson or test id (the final tests, kiela_lesson_is_final_test: the steps
 * answered right at the first try, with no hint, of all its steps): the last try's score out of
 * `total`, the best score, how many tries, when.  set_result needs 0 <= score <= total,
 * total >= 1 and a valid id (lower-case letters, digits, "-", "_"); it saves and emits
 * "changed" (id); a failed save keeps it in memory, sets `error` and returns FALSE.  A try
 * with another total (the test changed) starts the best afresh.  An older file's "test=4/5"
 * in the lesson's group reads as one try of 4 out of 5. */
typedef struct {
  guint score;
  guint total;
  guint best;
  guint tries;
  gint64 time;     /* the last try, seconds since 1970 (0: unknown) */
} KielaLessonResult;

gboolean             kiela_lesson_progress_set_result    (KielaLessonProgress *self, const char *id,
                                                          guint score, guint total, GError **error);
/* FALSE (and `result` untouched) when the pupil has no result for `id`. */
gboolean             kiela_lesson_progress_get_result    (KielaLessonProgress *self, const char *id,
                                                          KielaLessonResult *result);
/* The ids with a result, in the file's order (free with g_strfreev). */
GStrv                kiela_lesson_progress_list_results  (KielaLessonProgress *self);

/* Signal "changed" (lesson id or NULL): after every record, mistake, result, reset or switch. */

G_END_DECLS
