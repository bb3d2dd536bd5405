/* kiela-pupils.h: the class on a shared computer: the pupils, who is playing, each one's progress file. */
#pragma once

#include <glib-object.h>
#include "kiela-lesson-progress.h"

G_BEGIN_DECLS

#define KIELA_TYPE_PUPILS (kiela_pupils_get_type ())
G_DECLARE_FINAL_TYPE (KielaPupils, kiela_pupils, KIELA, PUPILS, GObject)

/* The most characters a pupil's name keeps (a longer one is refused). */
#define KIELA_PUPIL_NAME_MAX 60

/*
 * The class lives in one folder (`dir`, NULL: $XDG_DATA_HOME/kiela):
 *   class.ini        [Class] current=p2; one [Pupil p1] name=Ada group a pupil, in class order
 *   pupils/p1.ini    pupil p1's progress (kiela-lesson-progress.h: stars, mistakes, results)
 * Every change is written at once and atomically.  No passwords: pupils pick their name.
 *
 * Nothing is ever lost to a bad file: a class.ini that does not read is kept aside
 * ("class.ini.corrupt-<time>") and the class is rebuilt from the pupils' own files (each keeps
 * its pupil's name); a pupil's bad file is kept aside and only that pupil starts afresh; a
 * removed pupil's file is kept as "pupils/pN.ini.removed-<time>".  The progress file of the
 * single-user versions ($dir/progress.ini) becomes the first pupil's, and is kept as
 * "progress.ini.migrated".
 */
KielaPupils         *kiela_pupils_new          (const char *dir);
const char          *kiela_pupils_get_dir      (KielaPupils *self);
/* Reads the class (see above); there is always at least one pupil afterwards, and the current
 * pupil's progress is loaded.  FALSE with an error naming the files that could not be read
 * (what could be was kept). */
gboolean             kiela_pupils_load         (KielaPupils *self, GError **error);

/* The current pupil's progress: one object for the app's life, which follows every switch
 * (its "changed" signal fires with NULL). */
KielaLessonProgress *kiela_pupils_get_progress (KielaPupils *self);

guint                kiela_pupils_get_n        (KielaPupils *self);
/* The i-th pupil's id ("p1") in class order, or NULL past the end. */
const char          *kiela_pupils_get_id       (KielaPupils *self, guint i);
/* NULL for an unknown id. */
const char          *kiela_pupils_get_name     (KielaPupils *self, const char *id);
const char          *kiela_pupils_get_current  (KielaPupils *self);
gboolean             kiela_pupils_set_current  (KielaPupils *self, const char *id, GError **error);

/* A new pupil at the end of the class (not made current): its id, or NULL with an error for an
 * empty, too long or already used name.  Names are trimmed. */
char                *kiela_pupils_add          (KielaPupils *self, const char *name, GError **error);
gboolean             kiela_pupils_rename       (KielaPupils *self, const char *id, const char *name, GError **error);
/* The last pupil cannot be removed; removing the current one makes the first other current. */
gboolean             kiela_pupils_remove       (KielaPupils *self, const char *id, GError **error);
/* That pupil's progress: the current pupil's shared object, another's read from its file
 * (a new reference either way).  A bad file gives an empty progress and an error. */
KielaLessonProgress *kiela_pupils_read_progress (KielaPupils *self, const char *id, GError **error);

/* The class's progress as CSV (RFC 4180, UTF-8, CRLF lines): one row a pupil, columns Pupil,
 * Lessons finished, Stars, Mistakes, To practise, then one a lesson of `lessons` (const
 * KielaLesson *: the stars of a finished lesson, else empty), then one a result id any pupil
 * has ("7/10", the last try; its lesson's title as heading when `lessons` has it).  A cell that
 * a spreadsheet would run as a formula (=, +, -, @) is written with a leading apostrophe. */
char                *kiela_pupils_to_csv        (KielaPupils *self, GPtrArray *lessons);
/* "Class 2026-12-02.csv": the export's proposed name. */
char                *kiela_pupils_csv_name      (KielaPupils *self);

/* Signal "changed": a pupil added, renamed, removed, or another one playing. */

G_END_DECLS
