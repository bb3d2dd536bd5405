/* kiela-lesson-install.c: a shared .kiela-lesson file opened from the file manager: what it is and its checks, then installed for the user. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kiela-lesson-install.h"
#include "kiela-lessons-page.h"
#include "kiela-learn.h"
#include "kiela-window.h"
#include "kiela-compat.h"

char *
kiela_lesson_describe (KielaRegistry *registry, KielaLessonFile *file)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < kiela_lesson_file_get_n_lessons (file); i++)
    {
      const KielaLesson *lesson = kiela_lesson_file_get_lesson (file, i);
      const char *author = kiela_lesson_file_get_author (file, i);

      if (i > 0)
        g_string_append (out, "\n");
      if (kiela_lesson_file_get_n_lessons (file) > 1)
        g_string_append_printf (out, "%s\n", kiela_lesson_get_title (lesson));
      if (author)
        {
          /* TRANSLATORS: who wrote a lesson file, "By Ana Teacher" */
          g_string_append_printf (out, _("By %s"), author);
          g_string_append_c (out, '\n');
        }
      if (*kiela_lesson_get_summary (lesson))
        g_string_append_printf (out, "%s\n", kiela_lesson_get_summary (lesson));
      for (guint s = 0; s < lesson->n_steps; s++)
        g_string_append_printf (out, "%u. %s\n", s + 1, kiela_task_kind_name (lesson->steps[s].task.kind));
    }
  g_string_append_c (out, '\n');
  if (kiela_lesson_file_check (file, registry, &error))
    g_string_append (out, _("Every step passes its checks."));
  else
    g_string_append (out, error->message);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* TRUE when `path` lies in the user's own lesson folder, where installing may replace a file. */
static gboolean
in_user_dir (const char *path)
{
  g_autofree char *dir = kiela_lesson_file_dup_user_dir ();
  g_autofree char *parent = path ? g_path_get_dirname (path) : NULL;
  g_autoptr(GFile) a = g_file_new_for_path (dir);
  g_autoptr(GFile) b = parent ? g_file_new_for_path (parent) : NULL;

  return b != NULL && g_file_equal (a, b);
}

gboolean
kiela_lesson_install_check (KielaRegistry *registry, KielaLessonFile *file, KielaLessonFile **replaces, GError **error)
{
  KielaLessonFile *found = NULL;

  g_return_val_if_fail (registry != NULL && file != NULL, FALSE);
  if (replaces)
    *replaces = NULL;
  for (guint i = 0; i < kiela_lesson_file_get_n_lessons (file); i++)
    {
      const KielaLesson *lesson = kiela_lesson_file_get_lesson (file, i);
      const KielaLesson *there = kiela_registry_lookup_lesson (registry, lesson->id);
      KielaLessonFile *source = there ? kiela_registry_get_lesson_file (registry, there) : NULL;

      if (there == NULL)
        continue;
      if (source == NULL || kiela_lesson_file_is_builtin (source))
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       /* TRANSLATORS: %1$s a lesson id, %2$s the title of the lesson shipped with Kiela that has it */
                       _("“%1$s” is the id of “%2$s”, a lesson that comes with Kiela: give this one another Id to "
                         "install it"), lesson->id, kiela_lesson_get_title (there));
          return FALSE;
        }
      if (!in_user_dir (kiela_lesson_file_get_path (source)))
        {
          g_autofree char *shown = g_filename_display_name (kiela_lesson_file_get_path (source));

          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       /* TRANSLATORS: %1$s a lesson id, %2$s a file outside the user's lesson folder */
                       _("“%1$s” is the id of a lesson read from “%2$s”, which Kiela does not change: give this "
                         "one another Id to install it"), lesson->id, shown);
          return FALSE;
        }
      if (found != NULL && found != source)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       /* TRANSLATORS: %s is a lesson's id, such as “tuesday-relays” */
                       _("A lesson with the id “%s” is already installed; give this one another Id to install it"),
                       lesson->id);
          return FALSE;
        }
      found = source;
    }
  if (replaces)
    *replaces = found;
  return TRUE;
}

gboolean
kiela_lesson_install (KielaRegistry *registry, const char *path, gboolean replace, char **installed_path, GError **error)
{
  g_autoptr(KielaLessonFile) file = kiela_lesson_file_new_from_file (path, error);
  g_autofree char *dir = kiela_lesson_file_dup_user_dir ();
  g_autofree char *contents = NULL, *name = NULL, *target = NULL, *old_path = NULL, *old_contents = NULL;
  KielaLessonFile *old = NULL;
  gsize length, old_length = 0;
  gboolean same_place;

  if (file == NULL || !kiela_lesson_file_check (file, registry, error)
      || !kiela_lesson_install_check (registry, file, &old, error))
    return FALSE;
  if (old != NULL && !replace)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   /* TRANSLATORS: %s is a lesson's title */
                   _("“%s” is installed already: install it again to replace it"),
                   kiela_lesson_get_title (kiela_lesson_file_get_lesson (old, 0)));
      return FALSE;
    }
  if (!kiela_file_read_bounded (path, KIELA_LESSON_FILE_MAX_SIZE, &contents, &length, error))
    return FALSE;
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;
      g_autofree char *shown = g_filename_display_name (dir);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("Could not create the folder “%s”: %s"),
                   shown, g_strerror (saved));
      return FALSE;
    }
  name = g_strconcat (kiela_lesson_file_get_lesson (file, 0)->id, KIELA_LESSON_FILE_SUFFIX, NULL);
  target = g_build_filename (dir, name, NULL);
  old_path = old ? g_strdup (kiela_lesson_file_get_path (old)) : NULL;
  same_place = old_path != NULL && g_str_equal (old_path, target);
  if (!same_place && g_file_test (target, G_FILE_TEST_EXISTS))
    {
      g_autofree char *shown = g_filename_display_name (target);

      /* A file of that name that did not register (a broken one): never overwritten silently. */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("“%s” already exists"), shown);
      return FALSE;
    }
  /* Put back if the new file is refused after all. */
  if (same_place && !g_file_get_contents (old_path, &old_contents, &old_length, error))
    return FALSE;
  if (!g_file_set_contents (target, contents, (gssize) length, error))
    return FALSE;
  {
    g_autoptr(KielaLessonFile) installed = kiela_lesson_file_new_from_file (target, error);
    gboolean ok = installed != NULL
                  && (old != NULL ? kiela_registry_replace_lesson_file (registry, old, installed, error)
                                  : kiela_registry_add_lesson_file (registry, installed, error));

    if (!ok)
      {
        if (same_place)
          g_file_set_contents (target, old_contents, (gssize) old_length, NULL);
        else
          g_unlink (target);
        return FALSE;
      }
    g_steal_pointer (&installed);
  }
  /* The replaced file goes: the next start reads the new one only.  Progress is kept by
   * lesson id, so the pupils' stars stay. */
  if (old_path != NULL && !same_place)
    g_unlink (old_path);
  if (installed_path)
    *installed_path = g_steal_pointer (&target);
  return TRUE;
}

typedef struct {
  GtkWindow *parent;
  KielaRegistry *registry;
  char *path;
  char *title;
} Prompt;

static void
prompt_free (gpointer data)
{
  Prompt *p = data;

  g_clear_weak_pointer (&p->parent);
  g_free (p->path);
  g_free (p->title);
  g_free (p);
}

/* A message with only Close over `parent`. */
static void
show_message (GtkWindow *parent, const char *heading, const char *body)
{
  GtkWidget *message = kiela_compat_question_new (heading, body);

  kiela_compat_question_add_response (message, "close", _("_Close"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_set_close_response (message, "close");
  kiela_compat_question_present (message, parent, NULL, NULL, NULL);
}

static void
on_install_answered (const char *response, gpointer data)
{
  Prompt *p = data;
  GtkWindow *parent = p->parent;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "install") != 0 && g_strcmp0 (response, "replace") != 0)
    return;
  if (!kiela_lesson_install (p->registry, p->path, g_str_equal (response, "replace"), NULL, &error))
    {
      if (parent != NULL)
        show_message (parent, _("Could Not Install the Lesson"), error->message);
      return;
    }
  if (KIELA_IS_WINDOW (parent))
    {
      KielaLearn *learn = kiela_window_get_learn (KIELA_WINDOW (parent));
      /* TRANSLATORS: %s is a lesson's title */
      g_autofree char *text = g_strdup_printf (_("“%s” is installed: find it in Learn to Play"), p->title);

      kiela_lessons_page_refresh (KIELA_LESSONS_PAGE (kiela_learn_get_page (learn, KIELA_PAGE_LESSONS)));
      kiela_lessons_page_refresh (KIELA_LESSONS_PAGE (kiela_learn_get_page (learn, KIELA_PAGE_PUZZLES)));
      kiela_window_add_message (KIELA_WINDOW (parent), text);
    }
}

void
kiela_lesson_install_prompt (GtkWindow *parent, KielaRegistry *registry, GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaLessonFile) parsed = path ? kiela_lesson_file_new_from_file (path, &error) : NULL;
  g_autofree char *body = NULL, *heading = NULL;
  KielaLessonFile *replaces = NULL;
  GtkWidget *dialog;
  Prompt *p;

  if (parsed == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      show_message (parent, _("Not a Usable Lesson File"), error ? error->message : uri);
      return;
    }
  {
    g_autofree char *described = kiela_lesson_describe (registry, parsed);
    g_autoptr(GError) why = NULL;
    gboolean checked = kiela_lesson_file_check (parsed, registry, NULL);
    gboolean installable = checked && kiela_lesson_install_check (registry, parsed, &replaces, &why);
    const char *title = kiela_lesson_get_title (kiela_lesson_file_get_lesson (parsed, 0));

    if (why != NULL)
      body = g_strconcat (described, "\n\n", why->message, NULL);
    else if (replaces != NULL)
      body = g_strconcat (described, "\n\n",
                          /* TRANSLATORS: installing a lesson whose id an installed one has */
                          _("A lesson with this id is installed already: installing replaces it. "
                            "The stars pupils earned in it are kept."), NULL);
    else
      body = g_steal_pointer (&described);
    guint n = kiela_lesson_file_get_n_lessons (parsed);

    if (replaces != NULL)
      /* TRANSLATORS: %s is a lesson's title */
      heading = g_strdup_printf (_("Replace “%s”?"), title);
    else if (n > 1)
      /* TRANSLATORS: a pack, a file of several lessons, opened: each is listed under the heading */
      heading = g_strdup_printf (ngettext ("Install %u Lesson?", "Install %u Lessons?", n), n);
    else
      heading = g_strdup_printf (_("Install “%s”?"), title);
    dialog = kiela_compat_question_new (heading, body);
    kiela_compat_question_add_response (dialog, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
    if (replaces != NULL)
      kiela_compat_question_add_response (dialog, "replace", _("_Replace"), ADW_RESPONSE_DESTRUCTIVE);
    else
      kiela_compat_question_add_response (dialog, "install", _("_Install"), ADW_RESPONSE_DEFAULT);
    kiela_compat_question_set_close_response (dialog, "cancel");
    /* A file that fails its checks, or takes a shipped lesson's id, is shown with why and
     * cannot be installed. */
    if (!installable)
      kiela_compat_question_set_response_enabled (dialog, "install", FALSE);
    else if (replaces == NULL)
      {
        kiela_compat_question_set_response_appearance (dialog, "install", ADW_RESPONSE_SUGGESTED);
        kiela_compat_question_set_default_response (dialog, "install");
      }
  }
  p = g_new0 (Prompt, 1);
  p->registry = registry;
  p->path = g_steal_pointer (&path);
  p->title = g_strdup (kiela_lesson_get_title (kiela_lesson_file_get_lesson (parsed, 0)));
  g_set_weak_pointer (&p->parent, parent);
  kiela_compat_question_present (dialog, parent, on_install_answered, p, prompt_free);
}
