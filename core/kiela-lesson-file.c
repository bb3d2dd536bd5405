/* kiela-lesson-file.c: the *.kiela-lesson file object, its checks against the engine and its writer; the reader is
 * kiela-lesson-file-read.c. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-lesson-file.h"
#include "kiela-lesson-file-private.h"
#include "kiela-registry-private.h"
#include "kiela-position.h"
#include "kiela-paths.h"
#include "kiela-paths-private.h"
#include "kiela-file.h"

G_DEFINE_QUARK (kiela-lesson-file-error-quark, kiela_lesson_file_error)

/* ---- words ---- */

const char *const _kiela_lesson_file_task_words[] = {
  [KIELA_TASK_WATCH] = "watch", [KIELA_TASK_SOW_HOUSE] = "sow-house", [KIELA_TASK_SOW_ANY] = "sow-any",
  [KIELA_TASK_PREDICT_LAST] = "predict-last", [KIELA_TASK_PREDICT_CAPTURE] = "predict-capture",
  [KIELA_TASK_BEST_MOVE] = "best-move", [KIELA_TASK_PLAY_OUT] = "play-out",
  [KIELA_TASK_ARRANGE] = "arrange", NULL
};

const char *const _kiela_lesson_file_arrange_words[] = {
  [KIELA_ARRANGE_CAPTURES] = "captures", [KIELA_ARRANGE_SAFE] = "safe", NULL
};
const char *const _kiela_lesson_file_condition_words[] = {
  [KIELA_CONDITION_CAPTURES] = "captures", [KIELA_CONDITION_RELAYS] = "relays",
  [KIELA_CONDITION_CAPTURES_AT_LEAST] = "captures-at-least", [KIELA_CONDITION_NO_REPLY_CAPTURE] = "no-reply-capture",
  [KIELA_CONDITION_LONGEST] = "longest", [KIELA_CONDITION_ANY] = "any", [KIELA_CONDITION_WINS] = "wins", NULL
};
const char *const _kiela_lesson_file_goal_words[] = {
  [KIELA_GOAL_CAPTURE_ALL] = "capture-all", [KIELA_GOAL_WIN] = "win", [KIELA_GOAL_SURVIVE] = "survive",
  [KIELA_GOAL_RELAY] = "relay", [KIELA_GOAL_CAPTURE] = "capture", [KIELA_GOAL_KEEP] = "keep", [KIELA_GOAL_CHAIN] = "chain", NULL
};
const char *const _kiela_lesson_file_level_words[] = {
  [KIELA_LESSON_BEGINNER] = "beginner", [KIELA_LESSON_ADVANCED] = "advanced", [KIELA_LESSON_EXPERT] = "expert", NULL
};
const char *const _kiela_lesson_file_drill_words[] = {
  [KIELA_DRILL_NONE] = "no", [KIELA_DRILL_ONE_LAP] = "one-lap", [KIELA_DRILL_RELAY] = "relay",
  [KIELA_DRILL_CAPTURE] = "capture", [KIELA_DRILL_ONE_CAPTURE] = "one-capture", NULL
};
const char *const _kiela_lesson_file_kind_words[] = {
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
  return word_of (_kiela_lesson_file_task_words, G_N_ELEMENTS (_kiela_lesson_file_task_words) - 1, kind);
}

const char *
kiela_lesson_file_condition_word (KielaLessonCondition condition)
{
  return word_of (_kiela_lesson_file_condition_words, G_N_ELEMENTS (_kiela_lesson_file_condition_words) - 1, condition);
}

const char *
kiela_lesson_file_arrange_word (KielaArrangeGoal goal)
{
  return word_of (_kiela_lesson_file_arrange_words, G_N_ELEMENTS (_kiela_lesson_file_arrange_words) - 1, goal);
}

const char *
kiela_lesson_file_goal_word (KielaLessonGoal goal)
{
  return word_of (_kiela_lesson_file_goal_words, G_N_ELEMENTS (_kiela_lesson_file_goal_words) - 1, goal);
}

gint
_kiela_lesson_file_word_index (const char *const *words, const char *text)
{
  for (gint i = 0; words[i]; i++)
    if (g_strcmp0 (words[i], text) == 0)
      return i;
  return -1;
}

char *
_kiela_lesson_file_word_list (const char *const *words)
{
  return g_strjoinv (", ", (char **) words);
}

/* ---- errors ---- */

guint
_kiela_lesson_file_line_of (KielaLessonFile *f, const char *group, const char *key)
{
  g_autofree char *k = key ? g_strconcat (group, "\n", key, NULL) : g_strdup (group);

  if (f->lines == NULL || group == NULL)
    return 0;
  return GPOINTER_TO_UINT (g_hash_table_lookup (f->lines, k));
}

void
_kiela_lesson_file_set_problem (GError **error, KielaLessonFile *f, KielaLessonFileError code, guint line,
                                const char *group, const char *key, const char *fmt, ...)
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
    line = _kiela_lesson_file_line_of (f, group, key);
  if (line == 0 && group && key)
    line = _kiela_lesson_file_line_of (f, group, NULL);
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

KielaLessonFile *
_kiela_lesson_file_new_named (const char *name, const char *domain)
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
  return _kiela_lesson_file_new_named (NULL, USER_DOMAIN);
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

const char *
_kiela_lesson_file_keep (KielaLessonFile *f, const char *s)
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
    ((FileLesson *) g_ptr_array_index (file->lessons, i))->lesson.translation_domain = _kiela_lesson_file_keep (file, file->domain);
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
  fl->lesson.id = _kiela_lesson_file_keep (file, lesson->id);
  fl->lesson.title = _kiela_lesson_file_keep (file, lesson->title);
  fl->lesson.summary = _kiela_lesson_file_keep (file, lesson->summary);
  fl->lesson.objective = lesson->objective && *lesson->objective ? _kiela_lesson_file_keep (file, lesson->objective) : NULL;
  fl->lesson.misconceptions = lesson->misconceptions && *lesson->misconceptions
                              ? _kiela_lesson_file_keep (file, lesson->misconceptions) : NULL;
  fl->lesson.activity = lesson->activity && *lesson->activity ? _kiela_lesson_file_keep (file, lesson->activity) : NULL;
  fl->lesson.variant = _kiela_lesson_file_keep (file, lesson->variant);
  fl->lesson.translation_domain = _kiela_lesson_file_keep (file, file->domain);
  fl->lesson.version = KIELA_LESSON_VERSION;
  fl->author = _kiela_lesson_file_keep (file, author);
  fl->steps = g_new0 (KielaLessonStep, lesson->n_steps);
  for (gsize i = 0; i < lesson->n_steps; i++)
    {
      const KielaLessonStep *s = &lesson->steps[i];
      KielaLessonStep *d = &fl->steps[i];

      *d = *s;
      memset (d->reserved, 0, sizeof d->reserved);
      memset (d->task.reserved, 0, sizeof d->task.reserved);
      d->text = _kiela_lesson_file_keep (file, s->text);
      d->position = _kiela_lesson_file_keep (file, s->position);
      d->right = _kiela_lesson_file_keep (file, s->right);
      d->wrong = _kiela_lesson_file_keep (file, s->wrong);
      d->hint = _kiela_lesson_file_keep (file, s->hint);
      d->task.move = _kiela_lesson_file_keep (file, s->task.move);
      d->task.answer = _kiela_lesson_file_keep (file, s->task.answer);
      d->task.opponent = _kiela_lesson_file_keep (file, s->task.opponent);
    }
  fl->lesson.steps = fl->steps;
  g_ptr_array_add (file->lessons, fl);
  for (guint i = 0; i < file->lessons->len; i++)
    name_groups (g_ptr_array_index (file->lessons, i), file->lessons->len > 1);
  return TRUE;
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
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_VARIANT, 0, fl->group, "Variant",
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
          _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_CHECK, 0, fl->step_groups[i], field_key (s, field), "%s", why);
          return FALSE;
        }
      if (opponents && s->task.kind == KIELA_TASK_PLAY_OUT &&
          kiela_registry_lookup_personality (registry, s->task.opponent) == NULL)
        {
          _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_CHECK, 0, fl->step_groups[i], "Opponent",
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
      g_key_file_set_string (kf, group, "Level", word_of (_kiela_lesson_file_level_words, 3, (guint) l->level) ?: "beginner");
      g_key_file_set_string (kf, group, "Variant", l->variant);
      g_key_file_set_string (kf, group, "Kind", word_of (_kiela_lesson_file_kind_words, 2, (guint) l->kind) ?: "course");
      g_key_file_set_integer (kf, group, "Order", (gint) l->order);
      set_opt (kf, group, "Author", fl->author);
      if (fl->revision)
        g_key_file_set_integer (kf, group, "Version", (gint) fl->revision);
      set_opt (kf, group, "Objective", l->objective);
      set_opt (kf, group, "Misconceptions", l->misconceptions);
      set_opt (kf, group, "Activity", l->activity);

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
              if (t->drill != KIELA_DRILL_NONE && t->drill <= KIELA_DRILL_ONE_CAPTURE)
                g_key_file_set_string (kf, group, "Drill", _kiela_lesson_file_drill_words[t->drill]);
              break;
            case KIELA_TASK_PREDICT_CAPTURE:
              set_opt (kf, group, "Move", t->move);
              g_key_file_set_integer (kf, group, "Answer", (gint) t->number);
              if (t->drill != KIELA_DRILL_NONE && t->drill <= KIELA_DRILL_ONE_CAPTURE)
                g_key_file_set_string (kf, group, "Drill", _kiela_lesson_file_drill_words[t->drill]);
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
            case KIELA_TASK_ARRANGE:
              g_key_file_set_string (kf, group, "Condition",
                                     kiela_lesson_file_arrange_word ((KielaArrangeGoal) t->condition) ?: "captures");
              if (t->condition == KIELA_ARRANGE_CAPTURES && t->number > 1)
                g_key_file_set_integer (kf, group, "Stones", (gint) t->number);
              break;
            case KIELA_TASK_PLAY_OUT:
              set_opt (kf, group, "Opponent", t->opponent);
              g_key_file_set_string (kf, group, "Goal", kiela_lesson_file_goal_word ((KielaLessonGoal) t->condition) ?: "win");
              if (t->condition == KIELA_GOAL_SURVIVE || t->condition == KIELA_GOAL_KEEP || t->number > 0)
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
kiela_lesson_file_dup_user_dir (void)
{
  return _kiela_paths_dup_user_dir ("lessons");
}

GPtrArray *
kiela_lesson_file_dup_search_dirs (void)
{
  return _kiela_paths_dup_data_dirs ("KIELA_LESSON_PATH", "lessons");
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
        _kiela_lesson_file_set_problem (&local, file, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, fl->group, "Id",
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
  g_autoptr(GPtrArray) dirs = kiela_lesson_file_dup_search_dirs ();

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

static void
clear_record (KielaPluginRecord *r)
{
  g_clear_pointer (&r->id, g_free);
  g_clear_pointer (&r->name, g_free);
  g_clear_pointer (&r->description, g_free);
  g_clear_pointer (&r->translation_domain, g_free);
  g_clear_pointer (&r->provides, g_strfreev);
}

gboolean
kiela_registry_replace_lesson_file (KielaRegistry *registry, KielaLessonFile *old, KielaLessonFile *file, GError **error)
{
  KielaPluginRecord *r;
  guint owner = G_MAXUINT;

  g_return_val_if_fail (registry != NULL && old != NULL && file != NULL && old != file, FALSE);
  for (guint i = 0; i < registry->lessons.items->len && owner == G_MAXUINT; i++)
    if (g_hash_table_lookup (registry->lesson_sources, g_ptr_array_index (registry->lessons.items, i)) == old)
      owner = g_array_index (registry->lessons.owners, guint, i);
  if (owner == G_MAXUINT || file->lessons->len == 0)
    {
      g_set_error (error, KIELA_LESSON_FILE_ERROR, KIELA_LESSON_FILE_ERROR_NO_LESSON,
                   /* TRANSLATORS: %s a lesson file */
                   _("%s: its lessons are not registered, so nothing can replace them"),
                   old->path ? old->path : "?");
      return FALSE;
    }
  r = g_ptr_array_index (registry->plugins, owner);
  /* The old lessons leave the lists; their memory stays with the registry, for a page that
   * still shows one. */
  kiela_registry_remove_owner (registry, owner);
  for (guint i = 0; i < old->lessons->len; i++)
    g_hash_table_remove (registry->lesson_sources, &((FileLesson *) g_ptr_array_index (old->lessons, i))->lesson);
  clear_record (r);
  g_free (r->path);
  r->path = g_strdup (file->path ? file->path : kiela_lesson_file_get_lesson (file, 0)->id);
  if (register_file (registry, r, owner, file, TRUE, error))
    return TRUE;
  /* Refused (an id another file holds, a check): the old file comes back as it was. */
  clear_record (r);
  g_free (r->path);
  r->path = g_strdup (old->path);
  describe_record (r, old);
  for (guint i = 0; i < old->lessons->len; i++)
    {
      FileLesson *fl = g_ptr_array_index (old->lessons, i);

      kiela_item_list_add (&registry->lessons, &fl->lesson, owner);
      g_hash_table_insert (registry->lesson_sources, &fl->lesson, old);
    }
  r->state = KIELA_PLUGIN_LOADED;
  g_clear_pointer (&r->reason, g_free);
  kiela_registry_count_items (registry, r, owner);
  return FALSE;
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
