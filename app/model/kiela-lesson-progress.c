/* kiela-lesson-progress.c: the learner's progress through lessons and puzzles, a key file written atomically. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include <glib/gi18n.h>

#include "kiela-keyfile.h"
#include "kiela-lesson-progress.h"
#include "kiela.h"

/* Stars for every lesson take a few kilobytes: anything much larger is no progress file. */
#define KIELA_LESSON_PROGRESS_MAX_BYTES (1024 * 1024)

struct _KielaLessonProgress {
  GObject parent_instance;

  char *path;
  GKeyFile *keys;
};

G_DEFINE_FINAL_TYPE (KielaLessonProgress, kiela_lesson_progress, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
kiela_lesson_progress_finalize (GObject *object)
{
  KielaLessonProgress *self = KIELA_LESSON_PROGRESS (object);

  g_free (self->path);
  g_key_file_unref (self->keys);
  G_OBJECT_CLASS (kiela_lesson_progress_parent_class)->finalize (object);
}

static void
kiela_lesson_progress_class_init (KielaLessonProgressClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kiela_lesson_progress_finalize;
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
kiela_lesson_progress_init (KielaLessonProgress *self)
{
  self->keys = g_key_file_new ();
}

KielaLessonProgress *
kiela_lesson_progress_new (const char *path)
{
  KielaLessonProgress *self = g_object_new (KIELA_TYPE_LESSON_PROGRESS, NULL);

  self->path = path ? g_strdup (path) : g_build_filename (g_get_user_data_dir (), "kiela", "progress.ini", NULL);
  return self;
}

const char *
kiela_lesson_progress_get_path (KielaLessonProgress *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), NULL);
  return self->path;
}

/* As the registry's ids: lower-case letters, digits, "-" and "_", at most 64. */
static gboolean
valid_id (const char *id)
{
  if (id == NULL || id[0] == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

static gboolean
get_uint (GKeyFile *keys, const char *group, const char *key, guint max, guint *out, GError **error)
{
  g_autoptr(GError) local = NULL;
  gint64 v = g_key_file_get_int64 (keys, group, key, &local);

  if (local != NULL || v < 0 || (guint64) v > max)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   "[%s] %s: must be a whole number from 0 to %u", group, key, max);
      return FALSE;
    }
  *out = (guint) v;
  return TRUE;
}

/* "capture/3": a lesson id and a 1-based step number. */
static gboolean
parse_mistake_key (const char *key, char **lesson_id, guint *step)
{
  const char *slash = strrchr (key, '/');
  g_autofree char *id = NULL;
  guint64 n;

  if (slash == NULL)
    return FALSE;
  id = g_strndup (key, (gsize) (slash - key));
  if (!valid_id (id) || !g_ascii_string_to_unsigned (slash + 1, 10, 1, G_MAXUINT, &n, NULL))
    return FALSE;
  if (lesson_id != NULL)
    *lesson_id = g_steal_pointer (&id);
  if (step != NULL)
    *step = (guint) n - 1;
  return TRUE;
}

/* The pupil's own groups: [Pupil], [Mistakes], [Result ID].  Lesson ids are lower case, so a
 * group that starts with a capital is never a lesson's; one this version does not know is kept
 * as it is (a later version's). */
static gboolean
check_own_group (GKeyFile *keys, const char *group, GError **error)
{
  g_auto(GStrv) names = g_key_file_get_keys (keys, group, NULL, NULL);
  guint v, total = 0;

  if (g_str_equal (group, KIELA_PROGRESS_GROUP_PUPIL))
    {
      g_autofree char *name = g_key_file_get_string (keys, group, "name", NULL);

      if (g_key_file_has_key (keys, group, "name", NULL) && (name == NULL || !g_utf8_validate (name, -1, NULL)))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, "[%s] name: not a name", group);
          return FALSE;
        }
      return !g_key_file_has_key (keys, group, "mistakes", NULL)
             || get_uint (keys, group, "mistakes", G_MAXINT, &v, error);
    }
  if (g_str_equal (group, KIELA_PROGRESS_GROUP_MISTAKES))
    {
      for (guint k = 0; names != NULL && names[k] != NULL; k++)
        {
          if (!parse_mistake_key (names[k], NULL, NULL))
            {
              g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                           "[%s]: “%s” is not a lesson id and a step number", group, names[k]);
              return FALSE;
            }
          if (!get_uint (keys, group, names[k], G_MAXINT, &v, error))
            return FALSE;
        }
      return TRUE;
    }
  if (g_str_has_prefix (group, KIELA_PROGRESS_GROUP_RESULT))
    {
      guint score = 0, best = 0, tries = 0;

      if (!valid_id (group + strlen (KIELA_PROGRESS_GROUP_RESULT)))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, "[%s]: not a lesson or test id", group);
          return FALSE;
        }
      if (!get_uint (keys, group, "total", G_MAXINT, &total, error)
          || !get_uint (keys, group, "score", total, &score, error)
          || !get_uint (keys, group, "best", total, &best, error)
          || !get_uint (keys, group, "tries", G_MAXINT, &tries, error))
        return FALSE;
      if (total == 0 || tries == 0 || best < score)
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       "[%s]: a result needs a total and a try, and its best no lower than its last", group);
          return FALSE;
        }
    }
  return TRUE;
}

/* Stars are 1..3; anything else in a hand-edited file makes the file corrupt. */
static gboolean
check_values (GKeyFile *keys, GError **error)
{
  g_auto(GStrv) groups = g_key_file_get_groups (keys, NULL);

  for (guint g = 0; groups[g] != NULL; g++)
    {
      g_auto(GStrv) names = NULL;

      if (g_ascii_isupper (groups[g][0]))
        {
          if (!check_own_group (keys, groups[g], error))
            return FALSE;
          continue;
        }
      names = g_key_file_get_keys (keys, groups[g], NULL, NULL);
      for (guint k = 0; names != NULL && names[k] != NULL; k++)
        {
          g_autoptr(GError) local = NULL;
          gint stars;
          guint64 step;

          /* An older file's final-test score, taken into a result group once loaded
           * (migrate_tests); a damaged one is no score, not a damaged file. */
          if (g_str_equal (names[k], "test"))
            continue;
          stars = g_key_file_get_integer (keys, groups[g], names[k], &local);
          if (!g_str_has_prefix (names[k], "step-")
              || !g_ascii_string_to_unsigned (names[k] + 5, 10, 1, G_MAXUINT, &step, NULL))
            {
              g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                           "[%s]: unknown key “%s”", groups[g], names[k]);
              return FALSE;
            }
          if (local != NULL || stars < 1 || stars > KIELA_LESSON_MAX_STARS)
            {
              g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                           "[%s] %s: stars must be 1 to %d", groups[g], names[k], KIELA_LESSON_MAX_STARS);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* Before one result API, the runner kept a final test's latest score as "test=4/5" in the
 * lesson's group: read as one try of that score (unless a result is already there), the key
 * dropped.  A damaged value is no result. */
static void
migrate_tests (GKeyFile *keys)
{
  g_auto(GStrv) groups = g_key_file_get_groups (keys, NULL);

  for (guint g = 0; groups[g] != NULL; g++)
    {
      g_autofree char *value = NULL;
      g_autofree char *result = NULL;
      guint64 r, t;
      char *end;

      if (g_ascii_isupper (groups[g][0]) || !g_key_file_has_key (keys, groups[g], "test", NULL))
        continue;
      value = g_key_file_get_string (keys, groups[g], "test", NULL);
      g_key_file_remove_key (keys, groups[g], "test", NULL);
      result = g_strconcat (KIELA_PROGRESS_GROUP_RESULT, groups[g], NULL);
      if (value == NULL || !g_ascii_isdigit (value[0]) || !valid_id (groups[g]) || g_key_file_has_group (keys, result))
        continue;
      r = g_ascii_strtoull (value, &end, 10);
      if (*end != '/' || !g_ascii_isdigit (end[1]))
        continue;
      t = g_ascii_strtoull (end + 1, &end, 10);
      if (*end != '\0' || t == 0 || r > t || t > G_MAXINT)
        continue;
      g_key_file_set_int64 (keys, result, "score", (gint64) r);
      g_key_file_set_int64 (keys, result, "total", (gint64) t);
      g_key_file_set_int64 (keys, result, "best", (gint64) r);
      g_key_file_set_int64 (keys, result, "tries", 1);
      g_key_file_set_int64 (keys, result, "time", 0);
    }
}

gboolean
kiela_lesson_progress_load (KielaLessonProgress *self, GError **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GError) local = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);

  /* A named pipe or a device in its place would block the app, or never end: set it aside. */
  if (g_file_test (self->path, G_FILE_TEST_EXISTS) && !g_file_test (self->path, G_FILE_TEST_IS_REGULAR))
    g_set_error_literal (&local, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("not a regular file"));
  else if (kiela_file_read_bounded (self->path, KIELA_LESSON_PROGRESS_MAX_BYTES, &data, &length, &local)
           && g_key_file_load_from_data (keys, data, length, G_KEY_FILE_NONE, &local) && check_values (keys, &local))
    {
      migrate_tests (keys);
      g_key_file_unref (self->keys);
      self->keys = g_steal_pointer (&keys);
      return TRUE;
    }
  if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    return TRUE;

  /* Unreadable or malformed: keep it for the user and start afresh. */
  g_key_file_unref (self->keys);
  self->keys = g_key_file_new ();
  /* Never over an earlier corrupt copy; a file it may not read is left where it is. */
  if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_ACCES)
      && (aside = kiela_file_set_aside (self->path, "corrupt")) != NULL)
    /* TRANSLATORS: %1$s the progress file, %2$s why it is unreadable, %3$s where it was moved */
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("Lesson progress in %1$s could not be read (%2$s); it was kept as %3$s."),
                 self->path, local->message, aside);
  else
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("Lesson progress in %1$s could not be read (%2$s); it was kept as %3$s."),
                 self->path, local->message, self->path);
  return FALSE;
}

gboolean
kiela_lesson_progress_save (KielaLessonProgress *self, GError **error)
{
  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);

  return kiela_key_file_save_private (self->keys, self->path, error);
}

guint
kiela_lesson_progress_stars_for (guint hints, guint wrong)
{
  if (hints == 0 && wrong == 0)
    return 3;
  if (hints + wrong <= 1)
    return 2;
  return 1;
}

static char *
step_key (guint step)
{
  return g_strdup_printf ("step-%u", step + 1);
}

guint
kiela_lesson_progress_get_stars (KielaLessonProgress *self, const char *lesson_id, guint step)
{
  g_autofree char *key = NULL;
  gint stars;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), 0);
  g_return_val_if_fail (lesson_id != NULL, 0);

  key = step_key (step);
  stars = g_key_file_get_integer (self->keys, lesson_id, key, NULL);
  return (guint) CLAMP (stars, 0, KIELA_LESSON_MAX_STARS);
}

guint
kiela_lesson_progress_record (KielaLessonProgress *self, const char *lesson_id, guint step,
                              guint hints, guint wrong, GError **error)
{
  guint stars = kiela_lesson_progress_stars_for (hints, wrong);
  g_autofree char *key = NULL;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), 0);
  g_return_val_if_fail (lesson_id != NULL, 0);

  key = step_key (step);
  if (stars > kiela_lesson_progress_get_stars (self, lesson_id, step))
    g_key_file_set_integer (self->keys, lesson_id, key, (gint) stars);
  kiela_lesson_progress_save (self, error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, lesson_id);
  return stars;
}

guint
kiela_lesson_progress_count_done (KielaLessonProgress *self, const char *lesson_id, guint n_steps)
{
  guint done = 0;

  for (guint i = 0; i < n_steps; i++)
    if (kiela_lesson_progress_get_stars (self, lesson_id, i) > 0)
      done++;
  return done;
}

guint
kiela_lesson_progress_lesson_stars (KielaLessonProgress *self, const char *lesson_id, guint n_steps)
{
  guint least = KIELA_LESSON_MAX_STARS;

  if (n_steps == 0)
    return 0;
  for (guint i = 0; i < n_steps; i++)
    least = MIN (least, kiela_lesson_progress_get_stars (self, lesson_id, i));
  return least;
}

gboolean
kiela_lesson_progress_reset (KielaLessonProgress *self, GError **error)
{
  g_autofree char *name = NULL;
  gboolean ok;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);

  /* The pupil stays who they are: only what they did is forgotten. */
  name = g_key_file_get_string (self->keys, KIELA_PROGRESS_GROUP_PUPIL, "name", NULL);
  g_key_file_unref (self->keys);
  self->keys = g_key_file_new ();
  if (name != NULL)
    g_key_file_set_string (self->keys, KIELA_PROGRESS_GROUP_PUPIL, "name", name);
  ok = kiela_lesson_progress_save (self, error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, NULL);
  return ok;
}

char *
kiela_lesson_progress_stars_text (guint stars)
{
  GString *s = g_string_new (NULL);

  stars = MIN (stars, KIELA_LESSON_MAX_STARS);
  for (guint i = 0; i < KIELA_LESSON_MAX_STARS; i++)
    g_string_append (s, i < stars ? "★" : "☆");
  return g_string_free (s, FALSE);
}

gboolean
kiela_lesson_progress_set_path (KielaLessonProgress *self, const char *path, GError **error)
{
  gboolean ok;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  g_free (self->path);
  self->path = g_strdup (path);
  g_key_file_unref (self->keys);
  self->keys = g_key_file_new ();
  ok = kiela_lesson_progress_load (self, error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, NULL);
  return ok;
}

char *
kiela_lesson_progress_dup_name (KielaLessonProgress *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), NULL);
  return g_key_file_get_string (self->keys, KIELA_PROGRESS_GROUP_PUPIL, "name", NULL);
}

void
kiela_lesson_progress_set_name (KielaLessonProgress *self, const char *name)
{
  g_return_if_fail (KIELA_IS_LESSON_PROGRESS (self));
  g_return_if_fail (name != NULL && g_utf8_validate (name, -1, NULL));
  g_key_file_set_string (self->keys, KIELA_PROGRESS_GROUP_PUPIL, "name", name);
}

/* ---------- the mistakes to practise ---------- */

static char *
mistake_key (const char *lesson_id, guint step)
{
  return g_strdup_printf ("%s/%u", lesson_id, step + 1);
}

static guint
own_uint (GKeyFile *keys, const char *group, const char *key)
{
  gint64 v = g_key_file_get_int64 (keys, group, key, NULL);

  return (guint) CLAMP (v, 0, G_MAXINT);
}

guint
kiela_lesson_progress_add_mistake (KielaLessonProgress *self, const char *lesson_id, guint step, GError **error)
{
  g_autofree char *key = NULL;
  guint times;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), 0);
  /* A lesson being written (the editor's Try as a Pupil) may have no id yet: nothing to queue. */
  if (!valid_id (lesson_id))
    return 0;

  key = mistake_key (lesson_id, step);
  /* A step already queued keeps its place: the queue is in the order the mistakes were first made. */
  times = own_uint (self->keys, KIELA_PROGRESS_GROUP_MISTAKES, key) + 1;
  g_key_file_set_int64 (self->keys, KIELA_PROGRESS_GROUP_MISTAKES, key, times);
  g_key_file_set_int64 (self->keys, KIELA_PROGRESS_GROUP_PUPIL, "mistakes",
                        MIN ((guint) G_MAXINT, own_uint (self->keys, KIELA_PROGRESS_GROUP_PUPIL, "mistakes") + 1));
  kiela_lesson_progress_save (self, error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, lesson_id);
  return times;
}

gboolean
kiela_lesson_progress_clear_mistake (KielaLessonProgress *self, const char *lesson_id, guint step, GError **error)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);
  g_return_val_if_fail (lesson_id != NULL, FALSE);

  key = mistake_key (lesson_id, step);
  if (!g_key_file_remove_key (self->keys, KIELA_PROGRESS_GROUP_MISTAKES, key, NULL))
    return FALSE;
  kiela_lesson_progress_save (self, error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, lesson_id);
  return TRUE;
}

gboolean
kiela_lesson_progress_has_mistake (KielaLessonProgress *self, const char *lesson_id, guint step)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);
  g_return_val_if_fail (lesson_id != NULL, FALSE);
  key = mistake_key (lesson_id, step);
  return g_key_file_has_key (self->keys, KIELA_PROGRESS_GROUP_MISTAKES, key, NULL);
}

static void
mistake_clear (gpointer data)
{
  g_free (((KielaLessonMistake *) data)->lesson_id);
}

GArray *
kiela_lesson_progress_get_mistakes (KielaLessonProgress *self)
{
  GArray *list = g_array_new (FALSE, TRUE, sizeof (KielaLessonMistake));
  g_auto(GStrv) names = NULL;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), list);

  g_array_set_clear_func (list, mistake_clear);
  names = g_key_file_get_keys (self->keys, KIELA_PROGRESS_GROUP_MISTAKES, NULL, NULL);
  for (guint k = 0; names != NULL && names[k] != NULL; k++)
    {
      KielaLessonMistake m = { NULL, 0, 0 };

      if (!parse_mistake_key (names[k], &m.lesson_id, &m.step))
        continue;
      m.times = MAX (1, own_uint (self->keys, KIELA_PROGRESS_GROUP_MISTAKES, names[k]));
      g_array_append_val (list, m);
    }
  return list;
}

guint
kiela_lesson_progress_get_n_mistakes (KielaLessonProgress *self)
{
  g_autoptr(GArray) list = kiela_lesson_progress_get_mistakes (self);

  return list->len;
}

guint
kiela_lesson_progress_get_mistakes_made (KielaLessonProgress *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), 0);
  return own_uint (self->keys, KIELA_PROGRESS_GROUP_PUPIL, "mistakes");
}

/* ---------- results (final tests) ---------- */

gboolean
kiela_lesson_progress_set_result (KielaLessonProgress *self, const char *id, guint score, guint total, GError **error)
{
  g_autofree char *group = NULL;
  KielaLessonResult old = { 0 };
  gboolean had;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);
  g_return_val_if_fail (valid_id (id), FALSE);
  g_return_val_if_fail (total > 0 && score <= total, FALSE);

  had = kiela_lesson_progress_get_result (self, id, &old);
  group = g_strconcat (KIELA_PROGRESS_GROUP_RESULT, id, NULL);
  /* A test with another number of questions (a new version of it) starts a new best. */
  if (had && old.total != total)
    old.best = 0;
  g_key_file_set_int64 (self->keys, group, "score", score);
  g_key_file_set_int64 (self->keys, group, "total", total);
  g_key_file_set_int64 (self->keys, group, "best", MAX (score, had ? old.best : 0));
  g_key_file_set_int64 (self->keys, group, "tries", MIN ((guint) G_MAXINT, old.tries + 1));
  g_key_file_set_int64 (self->keys, group, "time", g_get_real_time () / G_USEC_PER_SEC);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, id);
  return kiela_lesson_progress_save (self, error);
}

gboolean
kiela_lesson_progress_get_result (KielaLessonProgress *self, const char *id, KielaLessonResult *result)
{
  g_autofree char *group = NULL;
  KielaLessonResult r;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  group = g_strconcat (KIELA_PROGRESS_GROUP_RESULT, id, NULL);
  if (!g_key_file_has_group (self->keys, group))
    return FALSE;
  r.score = own_uint (self->keys, group, "score");
  r.total = own_uint (self->keys, group, "total");
  r.best = own_uint (self->keys, group, "best");
  r.tries = own_uint (self->keys, group, "tries");
  r.time = g_key_file_get_int64 (self->keys, group, "time", NULL);
  if (result != NULL)
    *result = r;
  return TRUE;
}

GStrv
kiela_lesson_progress_list_results (KielaLessonProgress *self)
{
  g_auto(GStrv) groups = NULL;
  GPtrArray *ids = g_ptr_array_new ();

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), NULL);

  groups = g_key_file_get_groups (self->keys, NULL);
  for (guint g = 0; groups[g] != NULL; g++)
    if (g_str_has_prefix (groups[g], KIELA_PROGRESS_GROUP_RESULT))
      g_ptr_array_add (ids, g_strdup (groups[g] + strlen (KIELA_PROGRESS_GROUP_RESULT)));
  g_ptr_array_add (ids, NULL);
  return (GStrv) g_ptr_array_free (ids, FALSE);
}

gboolean
kiela_lesson_progress_save_as (KielaLessonProgress *self, const char *path, GError **error)
{
  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  g_free (self->path);
  self->path = g_strdup (path);
  return kiela_lesson_progress_save (self, error);
}
