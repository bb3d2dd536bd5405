/* kiela-lesson-file.c: reads, checks and writes *.kiela-lesson key files, each error naming its file, line, group and key. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-lesson-file.h"
#include "kiela-lesson-private.h"
#include "kiela-registry-private.h"
#include "kiela-position.h"
#include "kiela-paths.h"
#include "kiela-file.h"

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

G_DEFINE_QUARK (kiela-lesson-file-error-quark, kiela_lesson_file_error)

/* TRANSLATORS: kiela_lesson_file_add_lesson() refused a lesson (an editor's mistake) */
#define ADD_FAILED _("Lesson “%s” cannot be added: it needs an id the file does not hold yet, a title, a variant and " \
                     "1 to %u steps, and a file holds at most %u lessons")
#define NOT_AN_ID _("“%s” is not an id: lower-case letters, digits, “-” and “_”, at most 64")
#define NO_LESSON _("no [Lesson] group: a lesson file starts with [Lesson] (or [Lesson ID] in a pack)")
#define BAD_GROUP _("not a group of a lesson file: write [Lesson] and [Step N], or [Lesson ID] and [Step ID N] in a pack")

/* ---- words ---- */

static const char *const task_words[] = {
  [KIELA_TASK_WATCH] = "watch", [KIELA_TASK_SOW_HOUSE] = "sow-house", [KIELA_TASK_SOW_ANY] = "sow-any",
  [KIELA_TASK_PREDICT_LAST] = "predict-last", [KIELA_TASK_PREDICT_CAPTURE] = "predict-capture",
  [KIELA_TASK_BEST_MOVE] = "best-move", [KIELA_TASK_PLAY_OUT] = "play-out", NULL
};
static const char *const condition_words[] = {
  [KIELA_CONDITION_CAPTURES] = "captures", [KIELA_CONDITION_RELAYS] = "relays",
  [KIELA_CONDITION_CAPTURES_AT_LEAST] = "captures-at-least", [KIELA_CONDITION_NO_REPLY_CAPTURE] = "no-reply-capture",
  [KIELA_CONDITION_LONGEST] = "longest", [KIELA_CONDITION_ANY] = "any", NULL
};
static const char *const goal_words[] = {
  [KIELA_GOAL_CAPTURE_ALL] = "capture-all", [KIELA_GOAL_WIN] = "win", [KIELA_GOAL_SURVIVE] = "survive", NULL
};
static const char *const level_words[] = {
  [KIELA_LESSON_BEGINNER] = "beginner", [KIELA_LESSON_ADVANCED] = "advanced", [KIELA_LESSON_EXPERT] = "expert", NULL
};
static const char *const kind_words[] = {
  [KIELA_LESSON_KIND_COURSE] = "course", [KIELA_LESSON_KIND_PUZZLES] = "puzzles", NULL
};

static const char *
word_of (const char *const *words, guint n, guint value)
{
  return value < n ? words[value] : NULL;
}

const char *
kiela_lesson_file_task_word (KielaTaskKind kind)
{
  return word_of (task_words, G_N_ELEMENTS (task_words) - 1, kind);
}

const char *
kiela_lesson_file_condition_word (KielaLessonCondition condition)
{
  return word_of (condition_words, G_N_ELEMENTS (condition_words) - 1, condition);
}

const char *
kiela_lesson_file_goal_word (KielaLessonGoal goal)
{
  return word_of (goal_words, G_N_ELEMENTS (goal_words) - 1, goal);
}

static gint
word_index (const char *const *words, const char *text)
{
  for (gint i = 0; words[i]; i++)
    if (g_strcmp0 (words[i], text) == 0)
      return i;
  return -1;
}

static char *
word_list (const char *const *words)
{
  return g_strjoinv (", ", (char **) words);
}

/* ---- errors ---- */

static guint
line_of (KielaLessonFile *f, const char *group, const char *key)
{
  g_autofree char *k = key ? g_strconcat (group, "\n", key, NULL) : g_strdup (group);

  if (f->lines == NULL || group == NULL)
    return 0;
  return GPOINTER_TO_UINT (g_hash_table_lookup (f->lines, k));
}

/* "FILE:LINE: [GROUP] key “KEY”: WHY", or without the key or the group when the whole
 * group or file is at fault. */
static void
set_problem (GError **error, KielaLessonFile *f, KielaLessonFileError code, guint line, const char *group,
             const char *key, const char *fmt, ...) G_GNUC_PRINTF (7, 8);

static void
set_problem (GError **error, KielaLessonFile *f, KielaLessonFileError code, guint line, const char *group,
             const char *key, const char *fmt, ...)
{
  va_list args;
  g_autofree char *why = NULL;
  g_autofree char *message = NULL;
  g_autofree char *valid = NULL;
  const char *name = f->path ? f->path : "<lesson>";

  va_start (args, fmt);
  why = g_strdup_vprintf (fmt, args);
  va_end (args);
  if (line == 0 && group)
    line = line_of (f, group, key);
  if (line == 0 && group && key)
    line = line_of (f, group, NULL);
  if (group && key)
    /* TRANSLATORS: a mistake in a lesson file: file:line: [Step 2] key “Answer”: reason */
    message = g_strdup_printf (_("%s:%u: [%s] key “%s”: %s"), name, line, group, key, why);
  else if (group)
    message = g_strdup_printf ("%s:%u: [%s] %s", name, line, group, why);
  else
    message = g_strdup_printf ("%s:%u: %s", name, line, why);
  /* Groups, keys and values are quoted from the file, which may not be UTF-8. */
  valid = g_utf8_make_valid (message, -1);
  g_set_error_literal (error, KIELA_LESSON_FILE_ERROR, code, valid);
}

/* ---- the file object ---- */

static void
file_lesson_free (gpointer data)
{
  FileLesson *fl = data;

  g_free (fl->steps);
  g_free (fl->group);
  g_strfreev (fl->step_groups);
  g_free (fl);
}

static KielaLessonFile *
file_new (const char *name, const char *domain)
{
  KielaLessonFile *f = g_new0 (KielaLessonFile, 1);

  f->path = g_strdup (name);
  f->strings = g_string_chunk_new (1024);
  f->lessons = g_ptr_array_new_with_free_func (file_lesson_free);
  f->domain = g_strdup (domain);
  return f;
}

KielaLessonFile *
kiela_lesson_file_new (void)
{
  return file_new (NULL, USER_DOMAIN);
}

void
kiela_lesson_file_free (KielaLessonFile *file)
{
  if (file == NULL)
    return;
  g_free (file->path);
  g_free (file->data);
  g_clear_pointer (&file->lines, g_hash_table_unref);
  g_string_chunk_free (file->strings);
  g_ptr_array_unref (file->lessons);
  g_free (file->domain);
  g_free (file);
}

static const char *
keep (KielaLessonFile *f, const char *s)
{
  return s ? g_string_chunk_insert_const (f->strings, s) : NULL;
}

guint
kiela_lesson_file_get_n_lessons (KielaLessonFile *file)
{
  g_return_val_if_fail (file != NULL, 0);
  return file->lessons->len;
}

static FileLesson *
get_fl (KielaLessonFile *file, guint index)
{
  g_return_val_if_fail (file != NULL, NULL);
  return index < file->lessons->len ? g_ptr_array_index (file->lessons, index) : NULL;
}

const KielaLesson *
kiela_lesson_file_get_lesson (KielaLessonFile *file, guint index)
{
  FileLesson *fl = get_fl (file, index);
  return fl ? &fl->lesson : NULL;
}

const char *
kiela_lesson_file_get_author (KielaLessonFile *file, guint index)
{
  FileLesson *fl = get_fl (file, index);
  return fl ? fl->author : NULL;
}

const char *
kiela_lesson_file_get_path (KielaLessonFile *file)
{
  g_return_val_if_fail (file != NULL, NULL);
  return file->path;
}

gboolean
kiela_lesson_file_is_builtin (KielaLessonFile *file)
{
  g_return_val_if_fail (file != NULL, FALSE);
  return g_strcmp0 (file->domain, USER_DOMAIN) != 0;
}

void
kiela_lesson_file_set_translation_domain (KielaLessonFile *file, const char *domain)
{
  g_return_if_fail (file != NULL);
  g_free (file->domain);
  file->domain = g_strdup (domain ? domain : USER_DOMAIN);
  for (guint i = 0; i < file->lessons->len; i++)
    ((FileLesson *) g_ptr_array_index (file->lessons, i))->lesson.translation_domain = keep (file, file->domain);
}

/* Group names of a lesson in a file of one lesson, or in a pack. */
static void
name_groups (FileLesson *fl, gboolean pack)
{
  g_free (fl->group);
  g_strfreev (fl->step_groups);
  fl->group = pack ? g_strdup_printf ("Lesson %s", fl->lesson.id) : g_strdup ("Lesson");
  fl->step_groups = g_new0 (char *, fl->lesson.n_steps + 1);
  for (gsize i = 0; i < fl->lesson.n_steps; i++)
    fl->step_groups[i] = pack ? g_strdup_printf ("Step %s %u", fl->lesson.id, (guint) i + 1)
                              : g_strdup_printf ("Step %u", (guint) i + 1);
}

gboolean
kiela_lesson_file_add_lesson (KielaLessonFile *file, const KielaLesson *lesson, const char *author, GError **error)
{
  FileLesson *fl;

  g_return_val_if_fail (file != NULL && lesson != NULL, FALSE);
  if (!kiela_registry_valid_id (lesson->id) || lesson->title == NULL || lesson->variant == NULL ||
      lesson->n_steps == 0 || lesson->n_steps > KIELA_LESSON_MAX_STEPS || lesson->steps == NULL)
    {
      g_set_error (error, KIELA_LESSON_FILE_ERROR, KIELA_LESSON_FILE_ERROR_BAD_VALUE, ADD_FAILED,
                   lesson->id ? lesson->id : "", (guint) KIELA_LESSON_MAX_STEPS, (guint) KIELA_LESSON_FILE_MAX_LESSONS);
      return FALSE;
    }
  for (guint i = 0; i < file->lessons->len; i++)
    if (g_strcmp0 (((FileLesson *) g_ptr_array_index (file->lessons, i))->lesson.id, lesson->id) == 0 ||
        file->lessons->len >= KIELA_LESSON_FILE_MAX_LESSONS)
      {
        g_set_error (error, KIELA_LESSON_FILE_ERROR, KIELA_LESSON_FILE_ERROR_BAD_VALUE, ADD_FAILED,
                     lesson->id, (guint) KIELA_LESSON_MAX_STEPS, (guint) KIELA_LESSON_FILE_MAX_LESSONS);
        return FALSE;
      }
  fl = g_new0 (FileLesson, 1);
  fl->lesson = *lesson;
  memset (fl->lesson.reserved, 0, sizeof fl->lesson.reserved);
  fl->lesson.id = keep (file, lesson->id);
  fl->lesson.title = keep (file, lesson->title);
  fl->lesson.summary = keep (file, lesson->summary);
  fl->lesson.variant = keep (file, lesson->variant);
  fl->lesson.translation_domain = keep (file, file->domain);
  fl->lesson.version = KIELA_LESSON_VERSION;
  fl->author = keep (file, author);
  fl->steps = g_new0 (KielaLessonStep, lesson->n_steps);
  for (gsize i = 0; i < lesson->n_steps; i++)
    {
      const KielaLessonStep *s = &lesson->steps[i];
      KielaLessonStep *d = &fl->steps[i];

      *d = *s;
      memset (d->reserved, 0, sizeof d->reserved);
      memset (d->task.reserved, 0, sizeof d->task.reserved);
      d->text = keep (file, s->text);
      d->position = keep (file, s->position);
      d->right = keep (file, s->right);
      d->wrong = keep (file, s->wrong);
      d->hint = keep (file, s->hint);
      d->task.move = keep (file, s->task.move);
      d->task.answer = keep (file, s->task.answer);
      d->task.opponent = keep (file, s->task.opponent);
    }
  fl->lesson.steps = fl->steps;
  g_ptr_array_add (file->lessons, fl);
  for (guint i = 0; i < file->lessons->len; i++)
    name_groups (g_ptr_array_index (file->lessons, i), file->lessons->len > 1);
  return TRUE;
}

/* ---- reading: the lines ---- */

/* Walks the text line by line before GKeyFile sees it: every line must be blank, a
 * comment, a group or a key=value pair, no group or key twice; records where each is. */
static gboolean
scan_lines (KielaLessonFile *f, GError **error)
{
  const char *s = f->data, *end = f->data + f->length;
  g_autofree char *group = NULL;
  g_autoptr(GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *bad;

  if (!g_utf8_validate (f->data, (gssize) f->length, &bad))
    {
      guint line = 1;

      for (const char *p = f->data; p < bad; p++)
        line += *p == '\n';
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, NULL, NULL, "%s", _("not UTF-8 text"));
      return FALSE;
    }
  f->lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint line = 1; s < end; line++)
    {
      const char *eol = memchr (s, '\n', (gsize) (end - s));
      g_autofree char *text = NULL;
      char *t, *eq;

      if (eol == NULL)
        eol = end;
      text = g_strndup (s, (gsize) (eol - s));
      s = eol + 1;
      t = g_strstrip (text);
      if (*t == '\0' || *t == '#')
        continue;
      if (*t == '[')
        {
          gsize n = strlen (t);

          if (n < 3 || t[n - 1] != ']' || strchr (t + 1, '[') || memchr (t + 1, ']', n - 2))
            {
              set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, NULL, NULL, "“%s”: %s", t, BAD_GROUP);
              return FALSE;
            }
          g_free (group);
          group = g_strndup (t + 1, n - 2);
          if (g_hash_table_contains (f->lines, group))
            {
              set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, group, NULL,
                           _("this group appears twice (first at line %u)"), line_of (f, group, NULL));
              return FALSE;
            }
          g_hash_table_insert (f->lines, g_strdup (group), GUINT_TO_POINTER (line));
          continue;
        }
      eq = strchr (t, '=');
      if (eq == NULL || eq == t)
        {
          set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, group, NULL,
                       _("“%s” is not a key=value line"), t);
          return FALSE;
        }
      if (group == NULL)
        {
          set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, NULL, NULL,
                       "%s", _("a key before the first group: the file starts with [Lesson]"));
          return FALSE;
        }
      *eq = '\0';
      g_strchomp (t);
      {
        g_autofree char *k = g_strconcat (group, "\n", t, NULL);

        if (g_hash_table_contains (f->lines, k))
          {
            set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, group, t,
                         _("this key appears twice in its group (first at line %u)"), line_of (f, group, t));
            return FALSE;
          }
        g_hash_table_insert (f->lines, g_steal_pointer (&k), GUINT_TO_POINTER (line));
      }
    }
  return TRUE;
}

/* ---- reading: values ---- */

typedef struct {
  KielaLessonFile *f;
  GKeyFile        *kf;
  const char      *group;
} Group;

static char *
get_string (const Group *g, const char *key)
{
  return g_key_file_get_string (g->kf, g->group, key, NULL);
}

static gboolean
require_string (const Group *g, const char *key, char **out, GError **error)
{
  *out = get_string (g, key);
  if (*out == NULL || (*out)[0] == '\0')
    {
      g_clear_pointer (out, g_free);
      set_problem (error, g->f, g_key_file_has_key (g->kf, g->group, key, NULL) ? KIELA_LESSON_FILE_ERROR_BAD_VALUE
                                                                               : KIELA_LESSON_FILE_ERROR_MISSING_KEY,
                   0, g->group, key, "%s", _("it is required and may not be empty"));
      return FALSE;
    }
  return TRUE;
}

/* An unsigned number of the key, `dflt` when absent. */
static gboolean
get_uint (const Group *g, const char *key, guint min, guint max, guint dflt, guint *out, GError **error)
{
  g_autofree char *raw = g_key_file_get_value (g->kf, g->group, key, NULL);
  guint64 v;

  if (raw == NULL)
    {
      *out = dflt;
      return TRUE;
    }
  g_strstrip (raw);
  if (!g_ascii_string_to_unsigned (raw, 10, min, max, &v, NULL))
    {
      set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g->group, key,
                   _("“%s” is not a whole number from %u to %u"), raw, min, max);
      return FALSE;
    }
  *out = (guint) v;
  return TRUE;
}

static gboolean
get_word (const Group *g, const char *key, const char *const *words, gint dflt, gint *out, GError **error)
{
  g_autofree char *raw = get_string (g, key);

  if (raw == NULL)
    {
      if (dflt < 0)
        {
          g_autofree char *list = word_list (words);
          set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g->group, key,
                       _("it is required: one of %s"), list);
          return FALSE;
        }
      *out = dflt;
      return TRUE;
    }
  g_strstrip (raw);
  *out = word_index (words, raw);
  if (*out < 0)
    {
      g_autofree char *list = word_list (words);
      set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g->group, key,
                   _("“%s” is not one of %s"), raw, list);
      return FALSE;
    }
  return TRUE;
}

/* "g1": a file letter and a row digit; whether the board has it is checked later. */
static gboolean
get_square (const Group *g, const char *key, const char **out, GError **error)
{
  g_autofree char *raw = NULL;

  if (!require_string (g, key, &raw, error))
    return FALSE;
  g_strstrip (raw);
  if (strlen (raw) != 2 || raw[0] < 'a' || raw[0] > 'a' + KIELA_MAX_FILES - 1 || raw[1] < '1' || raw[1] > '4')
    {
      set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g->group, key,
                   _("“%s” is not a house: write a file letter and a row, as “g1”"), raw);
      return FALSE;
    }
  *out = keep (g->f, raw);
  return TRUE;
}

/* Every key of the group is one of `allowed`. */
static gboolean
check_keys (const Group *g, const char *const *allowed, GError **error)
{
  g_auto(GStrv) keys = g_key_file_get_keys (g->kf, g->group, NULL, NULL);

  for (guint i = 0; keys && keys[i]; i++)
    if (!g_strv_contains (allowed, keys[i]))
      {
        g_autofree char *list = word_list (allowed);
        /* TRANSLATORS: a key a lesson file's group may not have: "not a key of this group (its keys: Text, Hint, …)" */
        set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_UNKNOWN_KEY, 0, g->group, keys[i],
                     _("not a key of this group (its keys: %s)"), list);
        return FALSE;
      }
  return TRUE;
}

/* ---- reading: lessons and steps ---- */

static const char *const lesson_keys[] = { "Format", "Id", "Title", "Summary", "Level", "Variant", "Kind", "Order",
                                           "Author", "Version", "TranslationDomain", NULL };

static gboolean
read_step (KielaLessonFile *f, GKeyFile *kf, FileLesson *fl, guint i, GError **error)
{
  KielaLessonStep *s = &fl->steps[i];
  Group g = { f, kf, fl->step_groups[i] };
  g_autofree char *text = NULL;
  gint kind, word;
  GPtrArray *allowed;
  gboolean ok;

  if (!get_word (&g, "Task", task_words, -1, &kind, error))
    return FALSE;
  s->task.kind = (KielaTaskKind) kind;
  allowed = g_ptr_array_new ();
  for (const char *const *k = (const char *const[]) { "Text", "Hint", "Right", "Wrong", "Position", "Task", NULL }; *k; k++)
    g_ptr_array_add (allowed, (gpointer) *k);
  switch (s->task.kind)
    {
    case KIELA_TASK_WATCH:           g_ptr_array_add (allowed, "Move"); break;
    case KIELA_TASK_SOW_HOUSE:       g_ptr_array_add (allowed, "Answer"); break;
    case KIELA_TASK_PREDICT_LAST:
    case KIELA_TASK_PREDICT_CAPTURE: g_ptr_array_add (allowed, "Move"); g_ptr_array_add (allowed, "Answer"); break;
    case KIELA_TASK_BEST_MOVE:
      g_ptr_array_add (allowed, "Answer"); g_ptr_array_add (allowed, "Depth"); g_ptr_array_add (allowed, "Margin");
      break;
    case KIELA_TASK_SOW_ANY:         g_ptr_array_add (allowed, "Condition"); g_ptr_array_add (allowed, "Stones"); break;
    case KIELA_TASK_PLAY_OUT:
      g_ptr_array_add (allowed, "Opponent"); g_ptr_array_add (allowed, "Goal"); g_ptr_array_add (allowed, "Moves");
      break;
    default: break;
    }
  g_ptr_array_add (allowed, NULL);
  ok = check_keys (&g, (const char *const *) allowed->pdata, error);
  g_ptr_array_unref (allowed);
  if (!ok || !require_string (&g, "Text", &text, error))
    return FALSE;
  s->text = keep (f, text);
  {
    g_autofree char *hint = get_string (&g, "Hint");
    g_autofree char *right = get_string (&g, "Right");
    g_autofree char *wrong = get_string (&g, "Wrong");
    g_autofree char *position = get_string (&g, "Position");

    s->hint = hint && *hint ? keep (f, hint) : NULL;
    s->right = right && *right ? keep (f, right) : NULL;
    s->wrong = wrong && *wrong ? keep (f, wrong) : NULL;
    s->position = position && *g_strstrip (position) ? keep (f, position) : NULL;
  }
  if (fl->lesson.kind == KIELA_LESSON_KIND_PUZZLES && s->task.kind != KIELA_TASK_BEST_MOVE)
    {
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Task",
                   "%s", _("a puzzle set may only hold “best-move” steps"));
      return FALSE;
    }

  switch (s->task.kind)
    {
    case KIELA_TASK_WATCH:
      return get_square (&g, "Move", &s->task.move, error);
    case KIELA_TASK_SOW_HOUSE:
      return get_square (&g, "Answer", &s->task.move, error);
    case KIELA_TASK_PREDICT_LAST:
      return get_square (&g, "Move", &s->task.move, error) && get_square (&g, "Answer", &s->task.answer, error);
    case KIELA_TASK_PREDICT_CAPTURE:
      if (!get_square (&g, "Move", &s->task.move, error))
        return FALSE;
      if (!g_key_file_has_key (kf, g.group, "Answer", NULL))
        {
          set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g.group, "Answer",
                       "%s", _("it is required and may not be empty"));
          return FALSE;
        }
      return get_uint (&g, "Answer", 0, 100000, 0, &s->task.number, error);
    case KIELA_TASK_BEST_MOVE:
      {
        guint margin;

        if (!get_square (&g, "Answer", &s->task.move, error) ||
            !get_uint (&g, "Depth", 0, 64, 0, &s->task.depth, error) ||
            !get_uint (&g, "Margin", 0, KIELA_LESSON_WIN_MARGIN, 0, &margin, error))
          return FALSE;
        s->task.margin = (gint) margin;
        return TRUE;
      }
    case KIELA_TASK_SOW_ANY:
      if (!get_word (&g, "Condition", condition_words, -1, &word, error))
        return FALSE;
      s->task.condition = (guint) word;
      if (word == KIELA_CONDITION_CAPTURES_AT_LEAST)
        {
          if (!g_key_file_has_key (kf, g.group, "Stones", NULL))
            {
              set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g.group, "Stones",
                           _("it is required by %s"), "Condition=captures-at-least");
              return FALSE;
            }
          return get_uint (&g, "Stones", 1, 100000, 0, &s->task.number, error);
        }
      if (g_key_file_has_key (kf, g.group, "Stones", NULL))
        {
          set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_KEY, 0, g.group, "Stones",
                       _("only %s takes it"), "Condition=captures-at-least");
          return FALSE;
        }
      return TRUE;
    case KIELA_TASK_PLAY_OUT:
      {
        g_autofree char *opponent = NULL;

        if (!require_string (&g, "Opponent", &opponent, error))
          return FALSE;
        g_strstrip (opponent);
        if (!kiela_registry_valid_id (opponent))
          {
            set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Opponent", NOT_AN_ID, opponent);
            return FALSE;
          }
        s->task.opponent = keep (f, opponent);
        if (!get_word (&g, "Goal", goal_words, -1, &word, error))
          return FALSE;
        s->task.condition = (guint) word;
        if (word == KIELA_GOAL_SURVIVE)
          {
            if (!g_key_file_has_key (kf, g.group, "Moves", NULL))
              {
                set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g.group, "Moves",
                             _("it is required by %s"), "Goal=survive");
                return FALSE;
              }
            return get_uint (&g, "Moves", 1, 1000, 0, &s->task.number, error);
          }
        if (g_key_file_has_key (kf, g.group, "Moves", NULL))
          {
            set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_KEY, 0, g.group, "Moves",
                         _("only %s takes it"), "Goal=survive");
            return FALSE;
          }
        return TRUE;
      }
    default:
      return TRUE;
    }
}

static gboolean
read_lesson (KielaLessonFile *f, GKeyFile *kf, FileLesson *fl, GError **error)
{
  Group g = { f, kf, fl->group };
  g_autofree char *id = NULL, *title = NULL, *variant = NULL;
  g_autofree char *summary = NULL, *author = NULL;
  guint format, order, revision;
  gint level, kind;

  if (!check_keys (&g, lesson_keys, error))
    return FALSE;
  if (!g_key_file_has_key (kf, g.group, "Format", NULL))
    {
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g.group, "Format",
                   _("it is required: Format=%u"), (guint) KIELA_LESSON_FILE_FORMAT);
      return FALSE;
    }
  if (!get_uint (&g, "Format", 1, G_MAXUINT, 0, &format, error))
    return FALSE;
  if (format > KIELA_LESSON_FILE_FORMAT)
    {
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_NEWER, 0, g.group, "Format",
                   _("the file is written for lesson format %u; this Kiela reads up to %u"), format,
                   (guint) KIELA_LESSON_FILE_FORMAT);
      return FALSE;
    }
  if (!require_string (&g, "Id", &id, error))
    return FALSE;
  g_strstrip (id);
  if (!kiela_registry_valid_id (id))
    {
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Id", NOT_AN_ID, id);
      return FALSE;
    }
  if (fl->lesson.id && g_strcmp0 (fl->lesson.id, id) != 0)
    {
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Id",
                   _("“%s” differs from the id in the group’s name"), id);
      return FALSE;
    }
  if (!require_string (&g, "Title", &title, error) || !require_string (&g, "Variant", &variant, error))
    return FALSE;
  g_strstrip (variant);
  if (!kiela_registry_valid_id (variant))
    {
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Variant", NOT_AN_ID, variant);
      return FALSE;
    }
  if (!get_word (&g, "Level", level_words, KIELA_LESSON_BEGINNER, &level, error) ||
      !get_word (&g, "Kind", kind_words, KIELA_LESSON_KIND_COURSE, &kind, error) ||
      !get_uint (&g, "Order", 0, 1000000, 1000, &order, error) ||
      !get_uint (&g, "Version", 0, G_MAXINT, 0, &revision, error))
    return FALSE;
  summary = get_string (&g, "Summary");
  author = get_string (&g, "Author");
  fl->lesson.id = keep (f, id);
  fl->lesson.title = keep (f, title);
  fl->lesson.summary = summary && *summary ? keep (f, summary) : NULL;
  fl->lesson.variant = keep (f, variant);
  fl->lesson.order = order;
  fl->lesson.level = (gsize) level;
  fl->lesson.kind = (gsize) kind;
  fl->lesson.version = KIELA_LESSON_VERSION;
  fl->lesson.translation_domain = keep (f, f->domain);
  fl->author = author && *author ? keep (f, author) : NULL;
  fl->revision = revision;
  return TRUE;
}

/* "Step 3" (one lesson) or "Step ID 3" (a pack): the lesson id (NULL for one lesson) and number. */
static gboolean
parse_step_group (const char *group, gboolean pack, char **id, guint *number)
{
  const char *rest, *num;
  guint64 n;

  if (!g_str_has_prefix (group, "Step "))
    return FALSE;
  rest = group + strlen ("Step ");
  num = strrchr (rest, ' ');
  if (pack != (num != NULL))
    return FALSE;
  num = num ? num + 1 : rest;
  if (!g_ascii_string_to_unsigned (num, 10, 1, KIELA_LESSON_MAX_STEPS + 1, &n, NULL) || num[0] == '0')
    return FALSE;
  *id = pack ? g_strndup (rest, (gsize) (num - 1 - rest)) : NULL;
  *number = (guint) n;
  return TRUE;
}

static gboolean
parse (KielaLessonFile *f, GError **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) local = NULL;
  g_auto(GStrv) groups = NULL;
  gboolean pack;

  if (f->length > KIELA_LESSON_FILE_MAX_SIZE)
    {
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_TOO_LARGE, 0, NULL, NULL,
                   _("the file is larger than %u KiB"), (guint) (KIELA_LESSON_FILE_MAX_SIZE / 1024));
      return FALSE;
    }
  if (memchr (f->data, '\0', f->length))
    {
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, 0, NULL, NULL, "%s", _("not a text file (it holds NUL bytes)"));
      return FALSE;
    }
  if (!scan_lines (f, error))
    return FALSE;
  if (!g_key_file_load_from_data (kf, f->data, f->length, G_KEY_FILE_NONE, &local))
    {
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, 0, NULL, NULL, "%s", local->message);
      return FALSE;
    }
  {
    g_autofree char *domain = g_key_file_get_string (kf, "Lesson", "TranslationDomain", NULL);
    groups = g_key_file_get_groups (kf, NULL);
    pack = !g_key_file_has_group (kf, "Lesson");
    if (groups[0] == NULL || (pack && !g_str_has_prefix (groups[0], "Lesson ")))
      {
        set_problem (error, f, KIELA_LESSON_FILE_ERROR_NO_LESSON, 0, NULL, NULL, "%s", NO_LESSON);
        return FALSE;
      }
    if (pack)
      {
        g_free (domain);
        domain = g_key_file_get_string (kf, groups[0], "TranslationDomain", NULL);
      }
    g_free (f->domain);
    f->domain = g_strdup (domain && *domain ? g_strstrip (domain) : USER_DOMAIN);
  }

  /* Lessons first, in file order. */
  for (guint i = 0; groups[i]; i++)
    {
      const char *gname = groups[i];
      FileLesson *fl;

      if (!(pack ? g_str_has_prefix (gname, "Lesson ") : g_str_equal (gname, "Lesson")))
        continue;
      if (f->lessons->len >= KIELA_LESSON_FILE_MAX_LESSONS)
        {
          set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, gname, NULL,
                       _("a file holds at most %u lessons"), (guint) KIELA_LESSON_FILE_MAX_LESSONS);
          return FALSE;
        }
      fl = g_new0 (FileLesson, 1);
      fl->group = g_strdup (gname);
      g_ptr_array_add (f->lessons, fl);
      if (pack)
        {
          const char *gid = gname + strlen ("Lesson ");
          if (!kiela_registry_valid_id (gid))
            {
              set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_GROUP, 0, gname, NULL, NOT_AN_ID, gid);
              return FALSE;
            }
          fl->lesson.id = keep (f, gid);
        }
      if (!read_lesson (f, kf, fl, error))
        return FALSE;
      for (guint j = 0; j + 1 < f->lessons->len; j++)
        if (g_str_equal (((FileLesson *) g_ptr_array_index (f->lessons, j))->lesson.id, fl->lesson.id))
          {
            set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, gname, "Id",
                         _("another lesson of the file has the id “%s”"), fl->lesson.id);
            return FALSE;
          }
    }

  /* Then the steps: each names its lesson, numbered 1, 2, 3... in file order. */
  {
    g_autoptr(GPtrArray) step_lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

    for (guint i = 0; i < f->lessons->len; i++)
      g_ptr_array_add (step_lists, g_ptr_array_new_with_free_func (g_free));
    for (guint i = 0; groups[i]; i++)
      {
        const char *gname = groups[i];
        g_autofree char *id = NULL;
        guint number, which = G_MAXUINT;
        GPtrArray *list;

        if (pack ? g_str_has_prefix (gname, "Lesson ") : g_str_equal (gname, "Lesson"))
          continue;
        if (!parse_step_group (gname, pack, &id, &number))
          {
            set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_GROUP, 0, gname, NULL, "%s", BAD_GROUP);
            return FALSE;
          }
        for (guint j = 0; j < f->lessons->len && which == G_MAXUINT; j++)
          if (!pack || g_str_equal (((FileLesson *) g_ptr_array_index (f->lessons, j))->lesson.id, id))
            which = j;
        if (which == G_MAXUINT)
          {
            set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_GROUP, 0, gname, NULL,
                         _("the file has no lesson “%s”"), id);
            return FALSE;
          }
        list = g_ptr_array_index (step_lists, which);
        if (number != list->len + 1)
          {
            set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_GROUP, 0, gname, NULL,
                         _("steps are numbered 1, 2, 3… in order: step %u was expected here"), list->len + 1);
            return FALSE;
          }
        if (number > KIELA_LESSON_MAX_STEPS)
          {
            set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, gname, NULL,
                         _("a lesson has at most %u steps"), (guint) KIELA_LESSON_MAX_STEPS);
            return FALSE;
          }
        g_ptr_array_add (list, g_strdup (gname));
      }
    for (guint i = 0; i < f->lessons->len; i++)
      {
        FileLesson *fl = g_ptr_array_index (f->lessons, i);
        GPtrArray *list = g_ptr_array_index (step_lists, i);

        if (list->len == 0)
          {
            set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, fl->group, NULL, "%s",
                         _("the lesson has no steps"));
            return FALSE;
          }
        g_ptr_array_add (list, NULL);
        fl->step_groups = (char **) g_ptr_array_steal (list, NULL);
        fl->lesson.n_steps = g_strv_length (fl->step_groups);
        fl->steps = g_new0 (KielaLessonStep, fl->lesson.n_steps);
        fl->lesson.steps = fl->steps;
        for (guint s = 0; s < fl->lesson.n_steps; s++)
          if (!read_step (f, kf, fl, s, error))
            return FALSE;
      }
  }
  return TRUE;
}

KielaLessonFile *
kiela_lesson_file_new_from_data (const char *data, gssize length, const char *name, GError **error)
{
  g_autoptr(KielaLessonFile) f = NULL;
  gsize n;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  n = data == NULL ? 0 : length < 0 ? strlen (data) : (gsize) length;
  f = file_new (name ? name : "<lesson>", USER_DOMAIN);
  f->length = n;
  /* Past the limit only the length matters: the copy would be refused anyway. */
  f->data = n <= KIELA_LESSON_FILE_MAX_SIZE ? g_strndup (data ? data : "", n) : g_strdup ("");
  if (!parse (f, error))
    return NULL;
  return g_steal_pointer (&f);
}

/* kiela_file_read_bounded() refuses special files before reading and stops past the limit;
 * its refusals become the problems a lesson file reports, as any mistake in it. */
static char *
read_bounded (const char *path, gsize *length, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *display = NULL;
  char *data = NULL;

  if (kiela_file_read_bounded (path, KIELA_LESSON_FILE_MAX_SIZE, &data, length, &local))
    return data;
  display = g_filename_display_name (path);
  if (g_error_matches (local, KIELA_ERROR, KIELA_ERROR_TOO_LARGE))
    {
      g_autofree char *why = g_strdup_printf (_("the file is larger than %u KiB"),
                                              (guint) (KIELA_LESSON_FILE_MAX_SIZE / 1024));
      g_set_error (error, KIELA_LESSON_FILE_ERROR, KIELA_LESSON_FILE_ERROR_TOO_LARGE, "%s:0: %s", display, why);
    }
  else if (g_error_matches (local, KIELA_ERROR, KIELA_ERROR_IO))
    g_set_error (error, KIELA_LESSON_FILE_ERROR, KIELA_LESSON_FILE_ERROR_SYNTAX, "%s:0: %s", display,
                 _("not a regular file"));
  else
    g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}

KielaLessonFile *
kiela_lesson_file_new_from_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  data = read_bounded (path, &length, error);
  if (data == NULL)
    return NULL;
  return kiela_lesson_file_new_from_data (data, (gssize) length, path, error);
}

/* ---- checking against the engine ---- */

/* The key of a step that `field` (kiela_lesson_step_problem) points at. */
static const char *
field_key (const KielaLessonStep *s, const char *field)
{
  if (g_strcmp0 (field, "text") == 0)
    return "Text";
  if (g_strcmp0 (field, "position") == 0)
    return s->position ? "Position" : NULL;
  if (g_strcmp0 (field, "move") == 0)
    return s->task.kind == KIELA_TASK_SOW_HOUSE || s->task.kind == KIELA_TASK_BEST_MOVE ? "Answer" : "Move";
  if (g_strcmp0 (field, "answer") == 0)
    return "Answer";
  if (g_strcmp0 (field, "condition") == 0)
    return s->task.kind == KIELA_TASK_PLAY_OUT ? "Goal" : "Condition";
  if (g_strcmp0 (field, "number") == 0)
    return s->task.kind == KIELA_TASK_PLAY_OUT ? "Moves" : "Stones";
  if (g_strcmp0 (field, "opponent") == 0)
    return "Opponent";
  return "Task";
}

/* One lesson of the file against what `registry` knows; `opponents` also checks that each
 * play-out opponent exists (once every plugin is loaded). */
static gboolean
check_lesson (KielaLessonFile *f, FileLesson *fl, KielaRegistry *registry, gboolean need_variant, gboolean opponents,
              GError **error)
{
  const KielaVariant *variant = kiela_registry_lookup_variant (registry, fl->lesson.variant);

  if (variant == NULL)
    {
      if (!need_variant)
        return TRUE;
      set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_VARIANT, 0, fl->group, "Variant",
                   _("no variant “%s” is installed"), fl->lesson.variant);
      return FALSE;
    }
  for (guint i = 0; i < fl->lesson.n_steps; i++)
    {
      const KielaLessonStep *s = &fl->steps[i];
      const char *field = NULL;
      g_autofree char *why = kiela_lesson_step_problem (&fl->lesson, variant, i, &field);

      if (why)
        {
          set_problem (error, f, KIELA_LESSON_FILE_ERROR_CHECK, 0, fl->step_groups[i], field_key (s, field), "%s", why);
          return FALSE;
        }
      if (opponents && s->task.kind == KIELA_TASK_PLAY_OUT &&
          kiela_registry_lookup_personality (registry, s->task.opponent) == NULL)
        {
          set_problem (error, f, KIELA_LESSON_FILE_ERROR_CHECK, 0, fl->step_groups[i], "Opponent",
                       _("its opponent “%s” is unknown"), s->task.opponent);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
kiela_lesson_file_check (KielaLessonFile *file, KielaRegistry *registry, GError **error)
{
  g_return_val_if_fail (file != NULL && registry != NULL, FALSE);

  for (guint i = 0; i < file->lessons->len; i++)
    if (!check_lesson (file, g_ptr_array_index (file->lessons, i), registry, TRUE, TRUE, error))
      return FALSE;
  return TRUE;
}

/* ---- writing ---- */

static void
set_opt (GKeyFile *kf, const char *group, const char *key, const char *value)
{
  if (value)
    g_key_file_set_string (kf, group, key, value);
}

char *
kiela_lesson_file_to_data (KielaLessonFile *file, gsize *length)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  gboolean pack;

  g_return_val_if_fail (file != NULL, NULL);
  pack = file->lessons->len > 1;
  for (guint i = 0; i < file->lessons->len; i++)
    {
      FileLesson *fl = g_ptr_array_index (file->lessons, i);
      const KielaLesson *l = &fl->lesson;
      g_autofree char *group = pack ? g_strdup_printf ("Lesson %s", l->id) : g_strdup ("Lesson");

      g_key_file_set_integer (kf, group, "Format", KIELA_LESSON_FILE_FORMAT);
      g_key_file_set_string (kf, group, "Id", l->id);
      if (kiela_lesson_file_is_builtin (file) && (i == 0 || !pack))
        g_key_file_set_string (kf, group, "TranslationDomain", file->domain);
      g_key_file_set_string (kf, group, "Title", l->title);
      set_opt (kf, group, "Summary", l->summary);
      g_key_file_set_string (kf, group, "Level", word_of (level_words, 3, (guint) l->level) ?: "beginner");
      g_key_file_set_string (kf, group, "Variant", l->variant);
      g_key_file_set_string (kf, group, "Kind", word_of (kind_words, 2, (guint) l->kind) ?: "course");
      g_key_file_set_integer (kf, group, "Order", (gint) l->order);
      set_opt (kf, group, "Author", fl->author);
      if (fl->revision)
        g_key_file_set_integer (kf, group, "Version", (gint) fl->revision);

      for (guint n = 0; n < fl->lesson.n_steps; n++)
        {
          const KielaLessonStep *s = &fl->steps[n];
          const KielaLessonTask *t = &s->task;
          g_autofree char *group = pack ? g_strdup_printf ("Step %s %u", fl->lesson.id, n + 1)
                                        : g_strdup_printf ("Step %u", n + 1);

          g_key_file_set_string (kf, group, "Text", s->text ? s->text : "");
          set_opt (kf, group, "Hint", s->hint);
          set_opt (kf, group, "Right", s->right);
          set_opt (kf, group, "Wrong", s->wrong);
          set_opt (kf, group, "Position", s->position);
          g_key_file_set_string (kf, group, "Task", kiela_lesson_file_task_word (t->kind) ?: "watch");
          switch (t->kind)
            {
            case KIELA_TASK_WATCH:
              set_opt (kf, group, "Move", t->move);
              break;
            case KIELA_TASK_SOW_HOUSE:
              set_opt (kf, group, "Answer", t->move);
              break;
            case KIELA_TASK_PREDICT_LAST:
              set_opt (kf, group, "Move", t->move);
              set_opt (kf, group, "Answer", t->answer);
              break;
            case KIELA_TASK_PREDICT_CAPTURE:
              set_opt (kf, group, "Move", t->move);
              g_key_file_set_integer (kf, group, "Answer", (gint) t->number);
              break;
            case KIELA_TASK_BEST_MOVE:
              set_opt (kf, group, "Answer", t->move);
              if (t->depth)
                g_key_file_set_integer (kf, group, "Depth", (gint) t->depth);
              if (t->margin > 0)
                g_key_file_set_integer (kf, group, "Margin", t->margin);
              break;
            case KIELA_TASK_SOW_ANY:
              g_key_file_set_string (kf, group, "Condition",
                                     kiela_lesson_file_condition_word ((KielaLessonCondition) t->condition) ?: "any");
              if (t->condition == KIELA_CONDITION_CAPTURES_AT_LEAST)
                g_key_file_set_integer (kf, group, "Stones", (gint) t->number);
              break;
            case KIELA_TASK_PLAY_OUT:
              set_opt (kf, group, "Opponent", t->opponent);
              g_key_file_set_string (kf, group, "Goal", kiela_lesson_file_goal_word ((KielaLessonGoal) t->condition) ?: "win");
              if (t->condition == KIELA_GOAL_SURVIVE)
                g_key_file_set_integer (kf, group, "Moves", (gint) t->number);
              break;
            default:
              break;
            }
        }
    }
  return g_key_file_to_data (kf, length, NULL);
}

gboolean
kiela_lesson_file_save (KielaLessonFile *file, const char *path, GError **error)
{
  gsize length;
  g_autofree char *data = kiela_lesson_file_to_data (file, &length);
  g_autoptr(GFile) target = g_file_new_for_path (path);

  return kiela_file_replace_contents_checked (target, data, length, error);
}

/* ---- where files are ---- */

char *
kiela_lesson_file_get_user_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "kiela", "lessons", NULL);
}

GPtrArray *
kiela_lesson_file_get_search_dirs (void)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  const char *env = g_getenv ("KIELA_LESSON_PATH");

  if (env && env[0])
    {
      g_auto(GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);

      for (guint i = 0; parts[i]; i++)
        if (parts[i][0])
          g_ptr_array_add (dirs, g_strdup (parts[i]));
    }
  if (kiela_running_uninstalled () && kiela_paths_get_build_root ())
    g_ptr_array_add (dirs, g_build_filename (kiela_paths_get_build_root (), "data", "lessons", NULL));
  else
    g_ptr_array_add (dirs, g_build_filename (KIELA_PKGDATADIR, "lessons", NULL));
  g_ptr_array_add (dirs, kiela_lesson_file_get_user_dir ());
  return dirs;
}

/* ---- the registry ---- */

char *
kiela_lesson_file_problem (KielaRegistry *registry, KielaLessonFile *file, const KielaLesson *lesson)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < file->lessons->len; i++)
    {
      FileLesson *fl = g_ptr_array_index (file->lessons, i);

      if (&fl->lesson == lesson && !check_lesson (file, fl, registry, TRUE, TRUE, &error))
        return g_strdup (error->message);
    }
  return NULL;
}

static void
describe_record (KielaPluginRecord *r, KielaLessonFile *file)
{
  const KielaLesson *first = kiela_lesson_file_get_lesson (file, 0);

  r->id = g_strdup_printf ("lesson-file-%s", first->id);
  r->name = g_strdup (kiela_lesson_get_title (first));
  r->description = g_strdup (kiela_lesson_get_summary (first));
  r->translation_domain = g_strdup (file->domain);
  r->provides = g_new0 (char *, file->lessons->len + 1);
  for (guint i = 0; i < file->lessons->len; i++)
    r->provides[i] = g_strdup_printf ("lesson:%s", kiela_lesson_file_get_lesson (file, i)->id);
}

/* Registers every lesson of `file` under a new record; the record says why not. */
static gboolean
register_file (KielaRegistry *registry, KielaPluginRecord *r, guint owner, KielaLessonFile *file, gboolean complete,
               GError **error)
{
  g_autoptr(GError) local = NULL;

  describe_record (r, file);
  for (guint i = 0; i < file->lessons->len; i++)
    {
      FileLesson *fl = g_ptr_array_index (file->lessons, i);

      if (kiela_registry_lookup_lesson (registry, fl->lesson.id))
        set_problem (&local, file, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, fl->group, "Id",
                     _("duplicate lesson id “%s”: another plugin or file already provides it"), fl->lesson.id);
      /* A variant or opponent from a module loaded later: kiela_registry_finish_loading() checks. */
      else if (check_lesson (file, fl, registry, complete, complete, &local))
        continue;
      kiela_registry_remove_owner (registry, owner);
      kiela_plugin_record_fail (r, "%s", local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  for (guint i = 0; i < file->lessons->len; i++)
    {
      FileLesson *fl = g_ptr_array_index (file->lessons, i);

      kiela_item_list_add (&registry->lessons, &fl->lesson, owner);
      g_hash_table_insert (registry->lesson_sources, &fl->lesson, file);
    }
  g_ptr_array_add (registry->lesson_files, file);
  r->state = KIELA_PLUGIN_LOADED;
  g_clear_pointer (&r->reason, g_free);
  kiela_registry_count_items (registry, r, owner);
  return TRUE;
}

void
kiela_registry_load_lesson_file (KielaRegistry *registry, const char *path)
{
  KielaPluginRecord *r;
  guint owner;
  g_autoptr(GError) error = NULL;
  KielaLessonFile *file;

  g_return_if_fail (registry != NULL && path != NULL);
  r = kiela_registry_new_record (registry, path);
  owner = registry->plugins->len - 1;
  r->version = g_strdup ("");
  r->license = g_strdup ("");
  file = kiela_lesson_file_new_from_file (path, &error);
  if (file == NULL)
    {
      r->name = g_filename_display_basename (path);
      r->description = g_strdup ("");
      kiela_plugin_record_fail (r, "%s", error->message);
      return;
    }
  if (!register_file (registry, r, owner, file, FALSE, NULL))
    kiela_lesson_file_free (file);
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

void
kiela_registry_load_lesson_files (KielaRegistry *registry)
{
  g_autoptr(GPtrArray) dirs = kiela_lesson_file_get_search_dirs ();

  g_return_if_fail (registry != NULL);
  for (guint i = 0; i < dirs->len; i++)
    {
      g_autoptr(GDir) dir = g_dir_open (g_ptr_array_index (dirs, i), 0, NULL);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      while (dir && (name = g_dir_read_name (dir)))
        if (g_str_has_suffix (name, KIELA_LESSON_FILE_SUFFIX))
          g_ptr_array_add (names, g_build_filename (g_ptr_array_index (dirs, i), name, NULL));
      g_ptr_array_sort (names, compare_names);
      for (guint j = 0; j < names->len; j++)
        kiela_registry_load_lesson_file (registry, g_ptr_array_index (names, j));
    }
}

KielaLessonFile *
kiela_registry_get_lesson_file (KielaRegistry *registry, const KielaLesson *lesson)
{
  g_return_val_if_fail (registry != NULL, NULL);
  return lesson ? g_hash_table_lookup (registry->lesson_sources, lesson) : NULL;
}

/* The author of a lesson of the file, found by its struct. */
const char *
kiela_lesson_file_get_lesson_author (KielaLessonFile *file, const KielaLesson *lesson)
{
  g_return_val_if_fail (file != NULL, NULL);
  for (guint i = 0; i < file->lessons->len; i++)
    if (&((FileLesson *) g_ptr_array_index (file->lessons, i))->lesson == lesson)
      return ((FileLesson *) g_ptr_array_index (file->lessons, i))->author;
  return NULL;
}

gboolean
kiela_registry_add_lesson_file (KielaRegistry *registry, KielaLessonFile *file, GError **error)
{
  KielaPluginRecord *r;

  g_return_val_if_fail (registry != NULL && file != NULL, FALSE);
  if (file->lessons->len == 0)
    {
      g_set_error_literal (error, KIELA_LESSON_FILE_ERROR, KIELA_LESSON_FILE_ERROR_NO_LESSON, NO_LESSON);
      return FALSE;
    }
  r = kiela_registry_new_record (registry, file->path ? file->path : kiela_lesson_file_get_lesson (file, 0)->id);
  r->version = g_strdup ("");
  r->license = g_strdup ("");
  if (!register_file (registry, r, registry->plugins->len - 1, file, TRUE, error))
    {
      /* The file stays the caller's; the record keeps the reason. */
      return FALSE;
    }
  return TRUE;
}
