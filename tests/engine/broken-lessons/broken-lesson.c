/* broken-lesson.c: modules with one deliberately broken lesson each (BROKEN_KIND), for test-lessons. */
#include "config.h"

#include <kiela-plugin.h>

#define ONE_STEP(pos_, task_) \
  static const KielaLessonStep steps[] = { { .text = "Do it.", .position = (pos_), .task = task_ } }
#define SECOND_STEP(pos_, task_) \
  static const KielaLessonStep steps[] = { { .text = "First.", .task = { .kind = KIELA_TASK_SOW_HOUSE, .move = "g1" } }, \
                                           { .text = "Then.", .position = (pos_), .task = task_ } }

#define QUIET "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/"
#define ENDLESS "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/2,1,0,1,2,0,1,2,0,1/2,1,3,2,1,0,1,0,1,0 s"

#define LESSON_VARIANT "kiela"
#define LESSON_VERSION KIELA_LESSON_VERSION

#if BROKEN_KIND == 1      /* a position that does not parse */
SECOND_STEP (QUIET "0,0,0/0,0,0,0,0,0,0,0,0,0 s", ((KielaLessonTask) { .kind = KIELA_TASK_SOW_HOUSE, .move = "a1" }));
#elif BROKEN_KIND == 2    /* sow a single stone in the advanced game */
ONE_STEP (QUIET "0,0,0,0,0,0,0,0,0,0/0,0,0,0,1,2,0,0,0,0 s", ((KielaLessonTask) { .kind = KIELA_TASK_SOW_HOUSE, .move = "e1" }));
#elif BROKEN_KIND == 3    /* a wrong prediction of the last house */
ONE_STEP (NULL, ((KielaLessonTask) { .kind = KIELA_TASK_PREDICT_LAST, .move = "g1", .answer = "e2" }));
#elif BROKEN_KIND == 4    /* a wrong count of captured stones */
SECOND_STEP ("2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s",
             ((KielaLessonTask) { .kind = KIELA_TASK_PREDICT_CAPTURE, .move = "j1", .number = 3 }));
#elif BROKEN_KIND == 5    /* no move can do what the task asks */
ONE_STEP (QUIET "0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 s", ((KielaLessonTask) { .kind = KIELA_TASK_SOW_ANY, .condition = KIELA_CONDITION_CAPTURES }));
#elif BROKEN_KIND == 6    /* a variant no plugin provides */
ONE_STEP (NULL, ((KielaLessonTask) { .kind = KIELA_TASK_WATCH, .move = "g1" }));
#undef LESSON_VARIANT
#define LESSON_VARIANT "no-such-variant"
#elif BROKEN_KIND == 7    /* an opponent no plugin provides */
ONE_STEP (NULL, ((KielaLessonTask) { .kind = KIELA_TASK_PLAY_OUT, .condition = KIELA_GOAL_WIN, .opponent = "nobody" }));
#elif BROKEN_KIND == 8    /* a house of the opponent */
ONE_STEP (NULL, ((KielaLessonTask) { .kind = KIELA_TASK_SOW_HOUSE, .move = "d4" }));
#elif BROKEN_KIND == 9    /* a newer lesson format */
ONE_STEP (NULL, ((KielaLessonTask) { .kind = KIELA_TASK_SOW_HOUSE, .move = "g1" }));
#undef LESSON_VERSION
#define LESSON_VERSION 2
#elif BROKEN_KIND == 10   /* a move that never ends (rules section 8) */
ONE_STEP (ENDLESS, ((KielaLessonTask) { .kind = KIELA_TASK_WATCH, .move = "a2" }));
#elif BROKEN_KIND == 11   /* a finished position */
ONE_STEP ("1,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 n",
          ((KielaLessonTask) { .kind = KIELA_TASK_SOW_ANY, .condition = KIELA_CONDITION_ANY }));
#elif BROKEN_KIND == 12   /* valid, but the game to play out cannot be won: kiela-cli lessons check fails */
ONE_STEP ("0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 s",
          ((KielaLessonTask) { .kind = KIELA_TASK_PLAY_OUT, .condition = KIELA_GOAL_WIN, .opponent = "kizua" }));
#else
#error "unknown BROKEN_KIND"
#endif

static const KielaLesson lesson = {
  .id = BROKEN_ID, .title = "Broken", .variant = LESSON_VARIANT, .steps = steps, .n_steps = G_N_ELEMENTS (steps),
  .level = KIELA_LESSON_BEGINNER, .kind = KIELA_LESSON_KIND_COURSE, .version = LESSON_VERSION,
};

static const KielaPluginInfo info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .api_version = KIELA_PLUGIN_API_VERSION,
  .id = BROKEN_ID,
  .name = "Broken lesson",
};

static gboolean
broken_register (KielaRegistry *registry, GError **error)
{
  return kiela_registry_add_lesson (registry, &lesson, error);
}

KIELA_PLUGIN_DEFINE (info, broken_register)
