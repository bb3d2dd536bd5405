/* kiela-lesson-file-private.h: what the lesson file's reader (kiela-lesson-file-read.c) shares with the rest of it. */
#pragma once

#include <glib.h>
#include <glib/gi18n-lib.h>

#include "kiela-lesson-file.h"
#include "kiela-lesson-private.h"

G_BEGIN_DECLS

/* The gettext domain of user files: it has no catalogue, so their texts show as written. */
#define USER_DOMAIN "kiela-lesson-file"

/* One lesson of a file, with what the file says beyond KielaLesson. */
typedef struct {
  KielaLesson      lesson;
  KielaLessonStep *steps;
  char            *group;        /* "Lesson" or "Lesson ID" */
  char           **step_groups;  /* "Step 1"... or "Step ID 1"... */
  const char      *author;
  guint            revision;     /* Version= */
} FileLesson;

struct _KielaLessonFile {
  char         *path;    /* or the name given to _new_from_data */
  char         *data;    /* the text read, for line numbers; NULL for a built file */
  gsize         length;
  GHashTable   *lines;   /* "GROUP\nKEY" or "GROUP" -> line (GUINT_TO_POINTER) */
  GStringChunk *strings; /* every string of every lesson */
  GPtrArray    *lessons; /* FileLesson* */
  char         *domain;
};

/* TRANSLATORS: kiela_lesson_file_add_lesson() refused a lesson (an editor's mistake) */
#define ADD_FAILED _("Lesson “%s” cannot be added: it needs an id the file does not hold yet, a title, a variant and " \
                     "1 to %u steps, and a file holds at most %u lessons")
#define NOT_AN_ID _("“%s” is not an id: lower-case letters, digits, “-” and “_”, at most 64")
#define NO_LESSON _("no [Lesson] group: a lesson file starts with [Lesson] (or [Lesson ID] in a pack)")
#define BAD_GROUP _("not a group of a lesson file: write [Lesson] and [Step N], or [Lesson ID] and [Step ID N] in a pack")

/* The words of the file for the enums, each list ending in NULL and indexed by the enum. */
G_GNUC_INTERNAL extern const char *const _kiela_lesson_file_task_words[];
G_GNUC_INTERNAL extern const char *const _kiela_lesson_file_condition_words[];
G_GNUC_INTERNAL extern const char *const _kiela_lesson_file_goal_words[];
G_GNUC_INTERNAL extern const char *const _kiela_lesson_file_arrange_words[];
G_GNUC_INTERNAL extern const char *const _kiela_lesson_file_level_words[];
G_GNUC_INTERNAL extern const char *const _kiela_lesson_file_kind_words[];
G_GNUC_INTERNAL extern const char *const _kiela_lesson_file_drill_words[];

G_GNUC_INTERNAL gint             _kiela_lesson_file_word_index (const char *const *words, const char *text);
G_GNUC_INTERNAL char            *_kiela_lesson_file_word_list  (const char *const *words);
G_GNUC_INTERNAL guint            _kiela_lesson_file_line_of    (KielaLessonFile *f, const char *group, const char *key);
/* "FILE:LINE: [GROUP] key “KEY”: WHY", or without the key or the group when the whole
 * group or file is at fault. */
G_GNUC_INTERNAL void             _kiela_lesson_file_set_problem (GError **error, KielaLessonFile *f,
                                                                 KielaLessonFileError code, guint line,
                                                                 const char *group, const char *key,
                                                                 const char *fmt, ...) G_GNUC_PRINTF (7, 8);
G_GNUC_INTERNAL KielaLessonFile *_kiela_lesson_file_new_named  (const char *name, const char *domain);
/* A copy of S kept as long as the file. */
G_GNUC_INTERNAL const char      *_kiela_lesson_file_keep       (KielaLessonFile *f, const char *s);

G_END_DECLS
