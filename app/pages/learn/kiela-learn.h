/* kiela-learn.h: the welcome, lessons, puzzles and lesson pages of the window, and the links from games to lessons. */
#pragma once

#include "kiela-window.h"
#include "kiela-lesson-view.h"
#include "kiela-lesson-progress.h"
#include "kiela-pupils.h"

G_BEGIN_DECLS

/* Page names (win.show-page::NAME). */
#define KIELA_PAGE_WELCOME "welcome"
#define KIELA_PAGE_LESSONS "lessons"
#define KIELA_PAGE_PUZZLES "puzzles"
#define KIELA_PAGE_LESSON  "lesson"
#define KIELA_PAGE_MISTAKES "mistakes"   /* the pupil's mistakes to practise */
#define KIELA_PAGE_CLASS   "class"       /* the pupils and the Class Progress */

/* The newcomer's computer opponent (plugins/ai: the beginner). */
#define KIELA_NEWCOMER_OPPONENT "kizua"

/* Settings keys (schema io.github.kiela.Kiela). */
#define KIELA_SETTINGS_WELCOME_SHOWN "welcome-shown"
#define KIELA_SETTINGS_LESSON_LINKS  "lesson-links"

/* Lessons that explain what a game shows (the course's ids). */
#define KIELA_LESSON_FOR_RELAY   "relay-outer"
#define KIELA_LESSON_FOR_CAPTURE "capture"
#define KIELA_LESSON_FOR_ENDLESS "endless"
#define KIELA_LESSON_FOR_SINGLES "singles"

#define KIELA_TYPE_LEARN (kiela_learn_get_type ())
G_DECLARE_FINAL_TYPE (KielaLearn, kiela_learn, KIELA, LEARN, GObject)

/* Made once by the window, which owns it: adds the pages (through the window's public API),
 * the actions `learn.open-lesson` ('s': a lesson id, or "id/step") and
 * `learn.practise-mistakes` (the current pupil's queue, step by step), and the "How does this
 * work?" offers in games.  `data_dir` (the class and the pupils' progress, kiela-pupils.h)
 * NULL = the user's data folder. */
KielaLearn          *kiela_learn_new            (KielaWindow *window, KielaRegistry *registry,
                                                 GSettings *settings, const char *data_dir);
/* Shows the welcome page at the first start (the key welcome-shown), once. */
void                 kiela_learn_first_start    (KielaLearn *self);
/* The current pupil's progress (the same object when another pupil plays). */
KielaLessonProgress *kiela_learn_get_progress   (KielaLearn *self);
KielaPupils         *kiela_learn_get_pupils     (KielaLearn *self);
KielaLessonView     *kiela_learn_get_lesson_view (KielaLearn *self);   /* made on first use */
GtkWidget           *kiela_learn_get_page       (KielaLearn *self, const char *name);
/* Opens a lesson that is in no list (Learn from Your Mistakes: a review's puzzles) at its
 * first step, as a listed one opens; `lesson` must outlive its showing.  FALSE when its
 * variant is not loaded. */
gboolean             kiela_learn_open_unlisted  (KielaLearn *self, const KielaLesson *lesson, GError **error);
/* The lesson id the last "How does this work?" offer pointed at, or NULL (tests). */
const char          *kiela_learn_get_last_offer (KielaLearn *self);

G_END_DECLS
