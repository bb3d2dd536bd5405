/* kiela-lesson-progress.c: the learner's progress through lessons and puzzles, a key file written atomically. */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <glib/gi18n.h>

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

/* Stars are 1..3; anything else in a hand-edited file makes the file corrupt. */
static gboolean
check_values (GKeyFile *keys, GError **error)
{
  g_auto(GStrv) groups = g_key_file_get_groups (keys, NULL);

  for (guint g = 0; groups[g] != NULL; g++)
    {
      g_auto(GStrv) names = g_key_file_get_keys (keys, groups[g], NULL, NULL);

      for (guint k = 0; names != NULL && names[k] != NULL; k++)
        {
          g_autoptr(GError) local = NULL;
          gint stars = g_key_file_get_integer (keys, groups[g], names[k], &local);
          guint64 step;

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
      g_key_file_unref (self->keys);
      self->keys = g_steal_pointer (&keys);
      return TRUE;
    }
  if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    return TRUE;

  /* Unreadable or malformed: keep it for the user and start afresh. */
  g_key_file_unref (self->keys);
  self->keys = g_key_file_new ();
  aside = g_strdup_printf ("%s.corrupt-%" G_GINT64_FORMAT, self->path, g_get_real_time () / G_USEC_PER_SEC);
  /* Never over an earlier corrupt copy. */
  for (guint i = 1; g_file_test (aside, G_FILE_TEST_EXISTS); i++)
    {
      g_free (aside);
      aside = g_strdup_printf ("%s.corrupt-%" G_GINT64_FORMAT "-%u", self->path,
                               g_get_real_time () / G_USEC_PER_SEC, i);
    }
  if (!g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_ACCES) && g_rename (self->path, aside) == 0)
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
  g_autofree char *dir = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);

  dir = g_path_get_dirname (self->path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  data = g_key_file_to_data (self->keys, &length, NULL);
  /* g_file_set_contents writes a temporary and renames it: a crash never leaves half a file. */
  return g_file_set_contents_full (self->path, data, length, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
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
  gboolean ok;

  g_return_val_if_fail (KIELA_IS_LESSON_PROGRESS (self), FALSE);

  g_key_file_unref (self->keys);
  self->keys = g_key_file_new ();
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
