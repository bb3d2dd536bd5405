/* kiela-pupils.c: the class list (class.ini) and one progress file a pupil, every change written atomically. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>
#include <glib/gi18n.h>

#include "kiela-keyfile.h"
#include "kiela-pupils.h"
#include "kiela.h"

/* A class of a few dozen names takes a few kilobytes. */
#define KIELA_PUPILS_MAX_BYTES (256 * 1024)

#define CLASS_GROUP "Class"
#define PUPIL_GROUP "Pupil "

typedef struct {
  char *id;
  char *name;
} Pupil;

struct _KielaPupils {
  GObject parent_instance;

  char *dir;
  char *class_path;
  GPtrArray *pupils;             /* of Pupil, in class order */
  char *current;
  KielaLessonProgress *progress; /* the current pupil's */
};

G_DEFINE_FINAL_TYPE (KielaPupils, kiela_pupils, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
pupil_free (gpointer data)
{
  Pupil *p = data;

  g_free (p->id);
  g_free (p->name);
  g_free (p);
}

static void
kiela_pupils_finalize (GObject *object)
{
  KielaPupils *self = KIELA_PUPILS (object);

  g_free (self->dir);
  g_free (self->class_path);
  g_free (self->current);
  g_ptr_array_unref (self->pupils);
  g_clear_object (&self->progress);
  G_OBJECT_CLASS (kiela_pupils_parent_class)->finalize (object);
}

static void
kiela_pupils_class_init (KielaPupilsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kiela_pupils_finalize;
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_pupils_init (KielaPupils *self)
{
  self->pupils = g_ptr_array_new_with_free_func (pupil_free);
}

KielaPupils *
kiela_pupils_new (const char *dir)
{
  KielaPupils *self = g_object_new (KIELA_TYPE_PUPILS, NULL);

  self->dir = dir ? g_strdup (dir) : g_build_filename (g_get_user_data_dir (), "kiela", NULL);
  self->class_path = g_build_filename (self->dir, "class.ini", NULL);
  self->progress = kiela_lesson_progress_new (NULL);
  return self;
}

const char *
kiela_pupils_get_dir (KielaPupils *self)
{
  g_return_val_if_fail (KIELA_IS_PUPILS (self), NULL);
  return self->dir;
}

KielaLessonProgress *
kiela_pupils_get_progress (KielaPupils *self)
{
  g_return_val_if_fail (KIELA_IS_PUPILS (self), NULL);
  return self->progress;
}

/* "p12" → 12; 0 for anything else. */
static guint
id_number (const char *id)
{
  guint64 n;

  if (id == NULL || id[0] != 'p' || !g_ascii_string_to_unsigned (id + 1, 10, 1, G_MAXINT, &n, NULL))
    return 0;
  return (guint) n;
}

static char *
pupil_path (KielaPupils *self, const char *id)
{
  g_autofree char *file = g_strconcat (id, ".ini", NULL);

  return g_build_filename (self->dir, "pupils", file, NULL);
}

static Pupil *
find (KielaPupils *self, const char *id)
{
  for (guint i = 0; id != NULL && i < self->pupils->len; i++)
    {
      Pupil *p = g_ptr_array_index (self->pupils, i);

      if (g_str_equal (p->id, id))
        return p;
    }
  return NULL;
}

static void
append_pupil (KielaPupils *self, const char *id, const char *name)
{
  Pupil *p = g_new0 (Pupil, 1);

  p->id = g_strdup (id);
  p->name = g_strdup (name);
  g_ptr_array_add (self->pupils, p);
}

/* Adds `message` to what load reports, one line each. */
static void
note (GString *problems, const char *message)
{
  if (problems->len > 0)
    g_string_append_c (problems, '\n');
  g_string_append (problems, message);
}

static gboolean
save_class (KielaPupils *self, GError **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();

  if (self->current != NULL)
    g_key_file_set_string (keys, CLASS_GROUP, "current", self->current);
  for (guint i = 0; i < self->pupils->len; i++)
    {
      Pupil *p = g_ptr_array_index (self->pupils, i);
      g_autofree char *group = g_strconcat (PUPIL_GROUP, p->id, NULL);

      g_key_file_set_string (keys, group, "name", p->name);
    }
  return kiela_key_file_save_private (keys, self->class_path, error);
}

static gboolean
valid_name (const char *name)
{
  return name != NULL && name[0] != '\0' && g_utf8_validate (name, -1, NULL)
         && g_utf8_strlen (name, -1) <= KIELA_PUPIL_NAME_MAX && strpbrk (name, "\n\r\t") == NULL;
}

/* Reads class.ini into the list; FALSE (the list empty) when it does not read. */
static gboolean
read_class (KielaPupils *self, GError **error)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autofree char *data = NULL;
  g_auto(GStrv) groups = NULL;
  gsize length = 0;

  if (g_file_test (self->class_path, G_FILE_TEST_EXISTS) && !g_file_test (self->class_path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("not a regular file"));
      return FALSE;
    }
  if (!kiela_file_read_bounded (self->class_path, KIELA_PUPILS_MAX_BYTES, &data, &length, error)
      || !g_key_file_load_from_data (keys, data, length, G_KEY_FILE_NONE, error))
    return FALSE;
  groups = g_key_file_get_groups (keys, NULL);
  for (guint g = 0; groups[g] != NULL; g++)
    {
      const char *id = groups[g] + strlen (PUPIL_GROUP);
      g_autofree char *name = NULL;

      if (g_str_equal (groups[g], CLASS_GROUP))
        continue;
      name = g_key_file_get_string (keys, groups[g], "name", NULL);
      if (!g_str_has_prefix (groups[g], PUPIL_GROUP) || id_number (id) == 0 || !valid_name (name) || find (self, id))
        {
          g_ptr_array_set_size (self->pupils, 0);
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       "[%s]: not a pupil with an id and a name", groups[g]);
          return FALSE;
        }
      append_pupil (self, id, name);
    }
  g_free (self->current);
  self->current = g_key_file_get_string (keys, CLASS_GROUP, "current", NULL);
  return TRUE;
}

/* The pupils whose files are in pupils/ but not in the list (a class.ini lost or older than
 * them): back in the class under the name their file keeps. */
static void
recover_pupils (KielaPupils *self, GString *problems)
{
  g_autofree char *folder = g_build_filename (self->dir, "pupils", NULL);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  GDir *dir = g_dir_open (folder, 0, NULL);
  const char *file;

  if (dir == NULL)
    return;
  while ((file = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (file, ".ini"))
      {
        g_autofree char *id = g_strndup (file, strlen (file) - 4);

        if (id_number (id) > 0 && find (self, id) == NULL)
          g_ptr_array_add (found, g_steal_pointer (&id));
      }
  g_dir_close (dir);
  /* In the order they were added. */
  for (guint i = 0; i < found->len; i++)
    for (guint j = i + 1; j < found->len; j++)
      if (id_number (g_ptr_array_index (found, j)) < id_number (g_ptr_array_index (found, i)))
        {
          gpointer t = found->pdata[i];
          found->pdata[i] = found->pdata[j];
          found->pdata[j] = t;
        }
  for (guint i = 0; i < found->len; i++)
    {
      const char *id = g_ptr_array_index (found, i);
      g_autofree char *path = pupil_path (self, id);
      g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (path);
      g_autoptr(GError) error = NULL;
      g_autofree char *name = NULL;

      if (!kiela_lesson_progress_load (p, &error))
        note (problems, error->message);
      name = kiela_lesson_progress_dup_name (p);
      if (!valid_name (name))
        {
          g_free (name);
          /* TRANSLATORS: the name of a pupil whose name was lost with a damaged file; %u a number */
          name = g_strdup_printf (_("Pupil %u"), id_number (id));
        }
      append_pupil (self, id, name);
    }
}

static char *
default_name (void)
{
  const char *real = g_get_real_name ();

  if (real != NULL && real[0] != '\0' && g_strcmp0 (real, "Unknown") != 0 && valid_name (real))
    return g_strdup (real);
  if (valid_name (g_get_user_name ()))
    return g_strdup (g_get_user_name ());
  /* TRANSLATORS: the name of a pupil whose name was lost with a damaged file; %u a number */
  return g_strdup_printf (_("Pupil %u"), 1);
}

/* The first pupil: the single-user versions' progress becomes theirs, nothing lost. */
static void
make_first_pupil (KielaPupils *self, GString *problems)
{
  g_autofree char *legacy = g_build_filename (self->dir, "progress.ini", NULL);
  g_autofree char *path = pupil_path (self, "p1");
  g_autofree char *name = default_name ();
  g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (legacy);
  g_autoptr(GError) error = NULL;
  gboolean had_legacy = g_file_test (legacy, G_FILE_TEST_EXISTS);

  /* A bad old file is kept aside by the load: the first pupil starts afresh then. */
  if (had_legacy && !kiela_lesson_progress_load (p, &error))
    {
      note (problems, error->message);
      g_clear_error (&error);
    }
  kiela_lesson_progress_set_name (p, name);
  if (!kiela_lesson_progress_save_as (p, path, &error))
    {
      /* The old file stays where it was: the next start tries again. */
      note (problems, error ? error->message : path);
      append_pupil (self, "p1", name);
      return;
    }
  if (had_legacy && g_file_test (legacy, G_FILE_TEST_EXISTS))
    {
      g_autofree char *kept = g_strconcat (legacy, ".migrated", NULL);

      /* Copied into the pupil's file: the old one is kept beside it, out of the way. */
      if (g_rename (legacy, kept) != 0)
        note (problems, g_strerror (errno));
    }
  append_pupil (self, "p1", name);
}

gboolean
kiela_pupils_load (KielaPupils *self, GError **error)
{
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(GError) local = NULL;
  g_autofree char *path = NULL;
  gboolean dirty = FALSE;
  guint before;

  g_return_val_if_fail (KIELA_IS_PUPILS (self), FALSE);

  g_ptr_array_set_size (self->pupils, 0);
  g_clear_pointer (&self->current, g_free);
  if (!read_class (self, &local) && !g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    {
      g_autofree char *aside = g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_ACCES)
                               ? NULL : kiela_file_set_aside (self->class_path, "corrupt");
      g_autofree char *message =
        /* TRANSLATORS: %1$s the class file, %2$s why it is unreadable, %3$s where it was moved */
        g_strdup_printf (_("The class list in %1$s could not be read (%2$s); it was kept as %3$s, and the pupils were found again from their own files."),
                         self->class_path, local->message, aside ? aside : self->class_path);

      note (problems, message);
      dirty = TRUE;
    }
  before = self->pupils->len;
  recover_pupils (self, problems);
  dirty |= self->pupils->len != before;
  if (self->pupils->len == 0)
    {
      make_first_pupil (self, problems);
      dirty = TRUE;
    }
  if (find (self, self->current) == NULL)
    {
      g_free (self->current);
      self->current = g_strdup (((Pupil *) g_ptr_array_index (self->pupils, 0))->id);
      dirty = TRUE;
    }
  g_clear_error (&local);
  if (dirty && !save_class (self, &local))
    note (problems, local->message);
  g_clear_error (&local);
  path = pupil_path (self, self->current);
  if (!kiela_lesson_progress_set_path (self->progress, path, &local))
    note (problems, local->message);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  if (problems->len > 0)
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, problems->str);
      return FALSE;
    }
  return TRUE;
}

guint
kiela_pupils_get_n (KielaPupils *self)
{
  g_return_val_if_fail (KIELA_IS_PUPILS (self), 0);
  return self->pupils->len;
}

const char *
kiela_pupils_get_id (KielaPupils *self, guint i)
{
  g_return_val_if_fail (KIELA_IS_PUPILS (self), NULL);
  return i < self->pupils->len ? ((Pupil *) g_ptr_array_index (self->pupils, i))->id : NULL;
}

const char *
kiela_pupils_get_name (KielaPupils *self, const char *id)
{
  Pupil *p;

  g_return_val_if_fail (KIELA_IS_PUPILS (self), NULL);
  p = find (self, id);
  return p ? p->name : NULL;
}

const char *
kiela_pupils_get_current (KielaPupils *self)
{
  g_return_val_if_fail (KIELA_IS_PUPILS (self), NULL);
  return self->current;
}

static void
unknown_pupil (GError **error, const char *id)
{
  /* TRANSLATORS: %s a pupil's id in the class file */
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, _("There is no pupil “%s” in the class."), id);
}

gboolean
kiela_pupils_set_current (KielaPupils *self, const char *id, GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) local = NULL;
  gboolean ok;

  g_return_val_if_fail (KIELA_IS_PUPILS (self), FALSE);

  if (find (self, id) == NULL)
    {
      unknown_pupil (error, id);
      return FALSE;
    }
  if (g_strcmp0 (self->current, id) == 0)
    return TRUE;
  g_free (self->current);
  self->current = g_strdup (id);
  path = pupil_path (self, id);
  ok = kiela_lesson_progress_set_path (self->progress, path, &local);
  if (!save_class (self, ok ? error : NULL))
    ok = FALSE;
  if (local != NULL)
    g_propagate_error (error, g_steal_pointer (&local));
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return ok;
}

/* The trimmed name, or NULL with an error: empty, too long, or another pupil's (`except` aside). */
static char *
check_name (KielaPupils *self, const char *name, const char *except, GError **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (name ? name : ""));

  if (!g_utf8_validate (trimmed, -1, NULL) || trimmed[0] == '\0')
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("A pupil needs a name."));
      return NULL;
    }
  if (!valid_name (trimmed))
    {
      /* TRANSLATORS: %d the most characters a pupil's name may have */
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("A pupil’s name has at most %d characters, on one line."),
                   KIELA_PUPIL_NAME_MAX);
      return NULL;
    }
  for (guint i = 0; i < self->pupils->len; i++)
    {
      Pupil *p = g_ptr_array_index (self->pupils, i);
      g_autofree char *a = g_utf8_casefold (p->name, -1);
      g_autofree char *b = g_utf8_casefold (trimmed, -1);

      if (g_strcmp0 (p->id, except) != 0 && g_str_equal (a, b))
        {
          /* TRANSLATORS: %s a pupil's name */
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST, _("There is already a pupil called “%s”."), p->name);
          return NULL;
        }
    }
  return g_steal_pointer (&trimmed);
}

static guint
next_number (KielaPupils *self)
{
  g_autofree char *folder = g_build_filename (self->dir, "pupils", NULL);
  GDir *dir = g_dir_open (folder, 0, NULL);
  const char *file;
  guint most = 0;

  for (guint i = 0; i < self->pupils->len; i++)
    most = MAX (most, id_number (((Pupil *) g_ptr_array_index (self->pupils, i))->id));
  /* Never the number of a removed pupil whose file is kept. */
  while (dir != NULL && (file = g_dir_read_name (dir)) != NULL)
    {
      const char *dot = strchr (file, '.');
      g_autofree char *id = dot ? g_strndup (file, (gsize) (dot - file)) : NULL;

      most = MAX (most, id_number (id));
    }
  if (dir != NULL)
    g_dir_close (dir);
  return most + 1;
}

char *
kiela_pupils_add (KielaPupils *self, const char *name, GError **error)
{
  g_autofree char *trimmed = NULL;
  g_autofree char *id = NULL;
  g_autofree char *path = NULL;
  g_autoptr(KielaLessonProgress) p = NULL;

  g_return_val_if_fail (KIELA_IS_PUPILS (self), NULL);

  trimmed = check_name (self, name, NULL, error);
  if (trimmed == NULL)
    return NULL;
  id = g_strdup_printf ("p%u", next_number (self));
  path = pupil_path (self, id);
  p = kiela_lesson_progress_new (path);
  kiela_lesson_progress_set_name (p, trimmed);
  if (!kiela_lesson_progress_save (p, error))
    return NULL;
  append_pupil (self, id, trimmed);
  if (!save_class (self, error))
    {
      /* The pupil's file names them: the next start finds them again. */
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
      return NULL;
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return g_steal_pointer (&id);
}

gboolean
kiela_pupils_rename (KielaPupils *self, const char *id, const char *name, GError **error)
{
  g_autoptr(KielaLessonProgress) p = NULL;
  g_autofree char *trimmed = NULL;
  Pupil *pupil;

  g_return_val_if_fail (KIELA_IS_PUPILS (self), FALSE);

  pupil = find (self, id);
  if (pupil == NULL)
    {
      unknown_pupil (error, id);
      return FALSE;
    }
  trimmed = check_name (self, name, id, error);
  if (trimmed == NULL)
    return FALSE;
  g_free (pupil->name);
  pupil->name = g_strdup (trimmed);
  /* Both files name the pupil: each is the other's backup. */
  p = kiela_pupils_read_progress (self, id, NULL);
  kiela_lesson_progress_set_name (p, trimmed);
  if (!kiela_lesson_progress_save (p, error) || !save_class (self, error))
    {
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
      return FALSE;
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

gboolean
kiela_pupils_remove (KielaPupils *self, const char *id, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *aside = NULL;

  g_return_val_if_fail (KIELA_IS_PUPILS (self), FALSE);

  if (find (self, id) == NULL)
    {
      unknown_pupil (error, id);
      return FALSE;
    }
  if (self->pupils->len == 1)
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_PERM, _("The last pupil of the class cannot be removed."));
      return FALSE;
    }
  path = pupil_path (self, id);
  /* Kept, not deleted: a pupil removed by mistake can be given back by hand. */
  if (g_file_test (path, G_FILE_TEST_EXISTS) && (aside = kiela_file_set_aside (path, "removed")) == NULL)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path, g_strerror (saved));
      return FALSE;
    }
  for (guint i = 0; i < self->pupils->len; i++)
    if (g_str_equal (((Pupil *) g_ptr_array_index (self->pupils, i))->id, id))
      {
        g_ptr_array_remove_index (self->pupils, i);
        break;
      }
  if (g_strcmp0 (self->current, id) == 0)
    {
      g_autofree char *first = g_strdup (((Pupil *) g_ptr_array_index (self->pupils, 0))->id);
      g_autofree char *first_path = pupil_path (self, first);

      g_free (self->current);
      self->current = g_steal_pointer (&first);
      kiela_lesson_progress_set_path (self->progress, first_path, NULL);
    }
  if (!save_class (self, error))
    {
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
      return FALSE;
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

KielaLessonProgress *
kiela_pupils_read_progress (KielaPupils *self, const char *id, GError **error)
{
  g_autofree char *path = NULL;
  KielaLessonProgress *p;

  g_return_val_if_fail (KIELA_IS_PUPILS (self), NULL);

  if (g_strcmp0 (id, self->current) == 0)
    return g_object_ref (self->progress);
  path = pupil_path (self, id ? id : "p0");
  p = kiela_lesson_progress_new (path);
  kiela_lesson_progress_load (p, error);
  return p;
}

/* ---------- CSV ---------- */

static void
csv_cell (GString *out, const char *text, gboolean first)
{
  if (!first)
    g_string_append_c (out, ',');
  if (text == NULL)
    return;
  g_string_append_c (out, '"');
  /* A spreadsheet runs a cell starting with one of these as a formula. */
  if (strchr ("=+-@", text[0]) != NULL && text[0] != '\0')
    g_string_append_c (out, '\'');
  for (const char *c = text; *c; c++)
    {
      if (*c == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
}

static void
csv_number (GString *out, guint n)
{
  g_string_append_printf (out, ",%u", n);
}

char *
kiela_pupils_to_csv (KielaPupils *self, GPtrArray *lessons)
{
  GString *out = g_string_new (NULL);
  g_autoptr(GPtrArray) progress = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func (g_free);
  guint n_lessons = lessons ? lessons->len : 0;

  g_return_val_if_fail (KIELA_IS_PUPILS (self), NULL);

  for (guint i = 0; i < self->pupils->len; i++)
    {
      KielaLessonProgress *p = kiela_pupils_read_progress (self, ((Pupil *) g_ptr_array_index (self->pupils, i))->id, NULL);
      g_auto(GStrv) ids = kiela_lesson_progress_list_results (p);

      g_ptr_array_add (progress, p);
      for (guint k = 0; ids[k] != NULL; k++)
        if (!g_ptr_array_find_with_equal_func (results, ids[k], g_str_equal, NULL))
          g_ptr_array_add (results, g_strdup (ids[k]));
    }

  /* TRANSLATORS: a column of the class progress export (CSV) */
  csv_cell (out, _("Pupil"), TRUE);
  /* TRANSLATORS: a column of the class progress export (CSV) */
  csv_cell (out, _("Lessons finished"), FALSE);
  /* TRANSLATORS: a column of the class progress export (CSV) */
  csv_cell (out, _("Stars"), FALSE);
  /* TRANSLATORS: a column of the class progress export (CSV): wrong answers ever */
  csv_cell (out, _("Mistakes"), FALSE);
  /* TRANSLATORS: a column of the class progress export (CSV): steps still in the review queue */
  csv_cell (out, _("To practise"), FALSE);
  for (guint l = 0; l < n_lessons; l++)
    csv_cell (out, kiela_lesson_get_title (g_ptr_array_index (lessons, l)), FALSE);
  for (guint r = 0; r < results->len; r++)
    {
      const char *id = g_ptr_array_index (results, r);
      const char *title = id;

      for (guint l = 0; l < n_lessons; l++)
        if (g_strcmp0 (((const KielaLesson *) g_ptr_array_index (lessons, l))->id, id) == 0)
          title = kiela_lesson_get_title (g_ptr_array_index (lessons, l));
      csv_cell (out, title, FALSE);
    }
  g_string_append (out, "\r\n");

  for (guint i = 0; i < self->pupils->len; i++)
    {
      KielaLessonProgress *p = g_ptr_array_index (progress, i);
      guint finished = 0, stars = 0;

      for (guint l = 0; l < n_lessons; l++)
        {
          const KielaLesson *lesson = g_ptr_array_index (lessons, l);
          guint s = kiela_lesson_progress_lesson_stars (p, lesson->id, (guint) lesson->n_steps);

          finished += s > 0;
          stars += s;
        }
      csv_cell (out, ((Pupil *) g_ptr_array_index (self->pupils, i))->name, TRUE);
      csv_number (out, finished);
      csv_number (out, stars);
      csv_number (out, kiela_lesson_progress_get_mistakes_made (p));
      csv_number (out, kiela_lesson_progress_get_n_mistakes (p));
      for (guint l = 0; l < n_lessons; l++)
        {
          const KielaLesson *lesson = g_ptr_array_index (lessons, l);
          guint s = kiela_lesson_progress_lesson_stars (p, lesson->id, (guint) lesson->n_steps);

          if (s > 0)
            csv_number (out, s);
          else
            g_string_append_c (out, ',');
        }
      for (guint r = 0; r < results->len; r++)
        {
          KielaLessonResult result;

          if (kiela_lesson_progress_get_result (p, g_ptr_array_index (results, r), &result))
            g_string_append_printf (out, ",%u/%u", result.score, result.total);
          else
            g_string_append_c (out, ',');
        }
      g_string_append (out, "\r\n");
    }
  return g_string_free (out, FALSE);
}

char *
kiela_pupils_csv_name (KielaPupils *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");

  g_return_val_if_fail (KIELA_IS_PUPILS (self), NULL);
  /* TRANSLATORS: the proposed name of the class progress export; %s today's date (2026-12-02) */
  return g_strdup_printf (_("Class Progress %s.csv"), date);
}
