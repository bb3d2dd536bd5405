/* kiela-lesson-file.h: lessons and puzzle sets read from *.kiela-lesson key files, checked, written back, and where they are found. */
#pragma once

#include <glib.h>
#include "kiela-types.h"
#include "kiela-lesson.h"

G_BEGIN_DECLS

/*
 * A lesson file is a GKeyFile holding one lesson (docs/lesson-files.md has the whole
 * format and an example):
 *
 *   [Lesson]
 *   Format=1                    # the file format (KIELA_LESSON_FILE_FORMAT); newer is refused
 *   Id=relays                   # [a-z0-9-_]+, unique among all lessons
 *   Title=Relays                # required
 *   Summary=...                 # one sentence
 *   Level=beginner              # beginner | advanced | expert
 *   Variant=kiela               # the variant id it plays
 *   Kind=course                 # course | puzzles (every step a best-move task)
 *   Order=300                   # place in Learn to Play (lower first), default 1000
 *   Author=...                  # who wrote it (optional)
 *   Version=3                   # the lesson's own revision, a number (optional)
 *   TranslationDomain=kiela     # only in the files shipped with Kiela
 *   Objective=...               # teacher notes (optional): what the lesson teaches,
 *   Misconceptions=...          # the usual mistakes (one a line, \n between them),
 *   Activity=...                # an activity with real stones
 *
 *   [Step 1]                    # steps numbered 1, 2, 3... in order
 *   Text=...                    # required
 *   Hint=...  Right=...  Wrong=...
 *   Position=<KPN>              # default: the variant's start
 *   Task=sow-house              # watch | sow-house | sow-any | predict-last |
 *                               # predict-capture | best-move | play-out | arrange
 *   Move=g1                     # watch, sow-house, predict-*, best-move: the move
 *   Answer=i2                   # predict-last: a square; predict-capture: a number
 *   Condition=captures          # sow-any: captures | relays | captures-at-least |
 *                               # no-reply-capture | longest | any
 *   Stones=5                    # sow-any captures-at-least; arrange captures (optional)
 *   Condition=safe              # arrange: captures (the side to move arranges for a
 *                               # capture) | safe (the other arranges: no capture for it)
 *   Opponent=zola               # play-out: a personality id
 *   Goal=survive                # play-out: capture-all | win | survive | keep | relay |
 *                               # capture | chain (a move that captures twice)
 *   Moves=6                     # play-out survive
 *   Depth=3  Margin=450         # best-move: how the puzzle was proved (optional)
 *
 * A pack holds several lessons: groups [Lesson ID] and [Step ID N] instead.
 *
 * Reading checks the form of every key (errors KIELA_LESSON_FILE_ERROR, "FILE:LINE:
 * [GROUP] key “Key”: why").  The checks that need the engine (the position parses for
 * its variant, predictions are what the engine computes, the house may be sown, the
 * opponent exists) are kiela_lesson_file_check(), with the same form of message.
 * Shipped files translate through gettext (TranslationDomain); a user's file is shown
 * as written.
 */

#define KIELA_LESSON_FILE_SUFFIX   ".kiela-lesson"
#define KIELA_LESSON_FILE_FORMAT   1
#define KIELA_LESSON_FILE_MAX_SIZE (1024 * 1024)
#define KIELA_LESSON_FILE_MAX_LESSONS 64

#define KIELA_LESSON_FILE_ERROR (kiela_lesson_file_error_quark ())
KIELA_AVAILABLE_IN_ALL GQuark kiela_lesson_file_error_quark (void);

typedef enum {
  KIELA_LESSON_FILE_ERROR_SYNTAX,        /* not a key file, or not a regular file */
  KIELA_LESSON_FILE_ERROR_NO_LESSON,     /* no [Lesson] group */
  KIELA_LESSON_FILE_ERROR_UNKNOWN_GROUP, /* a group that is neither a lesson nor one of its steps */
  KIELA_LESSON_FILE_ERROR_MISSING_KEY,   /* a required key is absent */
  KIELA_LESSON_FILE_ERROR_UNKNOWN_KEY,   /* a key this version does not know (a typo) */
  KIELA_LESSON_FILE_ERROR_BAD_VALUE,     /* a value of the wrong form or out of range */
  KIELA_LESSON_FILE_ERROR_NEWER,         /* written for a newer format */
  KIELA_LESSON_FILE_ERROR_TOO_LARGE,     /* over KIELA_LESSON_FILE_MAX_SIZE */
  KIELA_LESSON_FILE_ERROR_UNKNOWN_VARIANT, /* kiela_lesson_file_check: no such variant */
  KIELA_LESSON_FILE_ERROR_CHECK,         /* kiela_lesson_file_check: the engine disagrees */
} KielaLessonFileError;

typedef struct _KielaLessonFile KielaLessonFile;

KIELA_AVAILABLE_IN_ALL KielaLessonFile *kiela_lesson_file_new_from_file (const char *path, GError **error);
/* `name` stands for the file in messages. */
KIELA_AVAILABLE_IN_ALL KielaLessonFile *kiela_lesson_file_new_from_data (const char *data, gssize length, const char *name,
                                                                         GError **error);
/* An empty file (for editors): add lessons with kiela_lesson_file_add_lesson. */
KIELA_AVAILABLE_IN_ALL KielaLessonFile *kiela_lesson_file_new           (void);
KIELA_AVAILABLE_IN_ALL void             kiela_lesson_file_free          (KielaLessonFile *file);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaLessonFile, kiela_lesson_file_free)

/* Copies `lesson` (every string) into the file; `author` may be NULL.  FALSE when the
 * file already holds its id or KIELA_LESSON_FILE_MAX_LESSONS lessons. */
KIELA_AVAILABLE_IN_ALL gboolean           kiela_lesson_file_add_lesson   (KielaLessonFile *file, const KielaLesson *lesson,
                                                                          const char *author, GError **error);
KIELA_AVAILABLE_IN_ALL guint              kiela_lesson_file_get_n_lessons (KielaLessonFile *file);
/* Lives as long as `file`. */
KIELA_AVAILABLE_IN_ALL const KielaLesson *kiela_lesson_file_get_lesson   (KielaLessonFile *file, guint index);
KIELA_AVAILABLE_IN_ALL const char        *kiela_lesson_file_get_author   (KielaLessonFile *file, guint index);
/* The same for a lesson of the file given by its struct; NULL when it has none or is not the file's. */
KIELA_AVAILABLE_IN_ALL const char        *kiela_lesson_file_get_lesson_author (KielaLessonFile *file, const KielaLesson *lesson);
/* The path it was read from, or the name given to _new_from_data, or NULL. */
KIELA_AVAILABLE_IN_ALL const char        *kiela_lesson_file_get_path     (KielaLessonFile *file);
/* TRUE for the files shipped with Kiela (TranslationDomain). */
KIELA_AVAILABLE_IN_ALL gboolean           kiela_lesson_file_is_builtin   (KielaLessonFile *file);
/* Marks the file's texts for gettext in `domain` (written as TranslationDomain); NULL: a
 * user's file, shown as written (the default of kiela_lesson_file_new). */
KIELA_AVAILABLE_IN_ALL void               kiela_lesson_file_set_translation_domain (KielaLessonFile *file, const char *domain);

/*
 * The checks kiela_lesson_validate() runs, against the variants and personalities of
 * `registry`, for every lesson: its variant exists, each step passes, each play-out
 * opponent exists.  The error points into the file: "FILE:LINE: [Step 2] key “Answer”:
 * its answer is e2, but the last stone of h1 lands in i2".
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_file_check (KielaLessonFile *file, KielaRegistry *registry, GError **error);

/* The text of the file (parsing it gives the same lessons). */
KIELA_AVAILABLE_IN_ALL char    *kiela_lesson_file_to_data (KielaLessonFile *file, gsize *length);
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_file_save    (KielaLessonFile *file, const char *path, GError **error);

/* The words of the file format for a task kind, a SOW_ANY condition, a PLAY_OUT goal,
 * a level ("sow-house", "captures-at-least", "survive", "beginner"); NULL when out of range. */
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_file_task_word      (KielaTaskKind kind);
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_file_condition_word (KielaLessonCondition condition);
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_file_goal_word      (KielaLessonGoal goal);
/* The word of an ARRANGE step's Condition: "captures", "safe". */
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_file_arrange_word   (KielaArrangeGoal goal);

/*
 * Folders searched, in order: each of KIELA_LESSON_PATH (':'-separated), then the build
 * tree's data/lessons when running uninstalled or else $datadir/kiela/lessons, then
 * the user's own, kiela_lesson_file_dup_user_dir().
 */
KIELA_AVAILABLE_IN_ALL GPtrArray *kiela_lesson_file_dup_search_dirs (void);
/* $XDG_DATA_HOME/kiela/lessons: where lessons the user installs go. */
KIELA_AVAILABLE_IN_ALL char      *kiela_lesson_file_dup_user_dir    (void);

/*
 * Registers the lessons of one file.  Each file gets its own plugin record (see
 * kiela_registry_get_plugins): path = the file, id "lesson-file-" + its first lesson's
 * id, provides "lesson:ID" for each lesson, state LOADED or FAILED with the error as
 * reason; a bad file never stops the others.  Checks needing a variant or an opponent
 * not registered yet run in kiela_registry_finish_loading(), which fails the file's
 * record as a whole.  The lessons plugin calls kiela_registry_load_lesson_files().
 */
KIELA_AVAILABLE_IN_ALL void     kiela_registry_load_lesson_file  (KielaRegistry *registry, const char *path);
/* Every *.kiela-lesson of the search dirs, sorted by name within a folder. */
KIELA_AVAILABLE_IN_ALL void     kiela_registry_load_lesson_files (KielaRegistry *registry);
/* Registers a parsed file at run time (a lesson the user installs), taking `file` on
 * success; FALSE when a lesson id is taken or a check fails. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_registry_add_lesson_file   (KielaRegistry *registry, KielaLessonFile *file, GError **error);

/* Registers `file` in place of `old`, a registered file (kiela_registry_get_lesson_file): the
 * lessons of `old` leave the registry (their memory stays with it) and those of `file` take
 * its plugin record.  Refused, `old` kept as it was, when a lesson of `file` has the id of
 * another file's or module's lesson or fails a check.  Takes `file` on success.  For a
 * teacher's lesson installed again (kiela_lesson_install). */
KIELA_AVAILABLE_IN_ALL gboolean kiela_registry_replace_lesson_file (KielaRegistry *registry, KielaLessonFile *old,
                                                                    KielaLessonFile *file, GError **error);

/* The file a registered lesson was read from (it lives as long as the registry), or NULL for
 * a lesson a module registered in C.  For showing a teacher's lesson under its author. */
KIELA_AVAILABLE_IN_ALL KielaLessonFile *kiela_registry_get_lesson_file (KielaRegistry *registry, const KielaLesson *lesson);

G_END_DECLS
