/* kiela-lesson-editor-window.c: how the window leads to the lesson editor: New Lesson (and the
 * lesson in progress offered back), Make a Lesson Step from the position editor or a game's
 * shown position, and opening a lesson file in the editor. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-editor.h"
#include "kiela-position-editor.h"
#include "kiela-lesson-export.h"
#include "kiela-compat.h"

typedef struct {
  KielaRegistry *registry;
  GSettings *settings;
  char *autosave_path;
} Install;

static void
install_free (gpointer data)
{
  Install *in = data;

  g_clear_object (&in->settings);
  g_free (in->autosave_path);
  g_free (in);
}

static gboolean
guard_leave (KielaWindow *window, gpointer data)
{
  return kiela_lesson_editor_confirm_leave (KIELA_LESSON_EDITOR (data));
}

static GtkWidget *
build_editor (KielaWindow *window, gpointer data)
{
  Install *in = data;
  GtkWidget *editor = kiela_lesson_editor_new (in->registry, in->settings, in->autosave_path);

  /* Back, another page or closing the window: unsaved changes are asked about first. */
  kiela_window_set_leave_guard (window, KIELA_PAGE_LESSON_EDITOR, guard_leave, editor);
  return editor;
}

static KielaLessonEditor *
get_editor (KielaWindow *window)
{
  return KIELA_LESSON_EDITOR (kiela_window_get_page (window, KIELA_PAGE_LESSON_EDITOR));
}

static void
show_editor (KielaWindow *window)
{
  if (g_strcmp0 (kiela_window_get_visible_page (window), KIELA_PAGE_LESSON_EDITOR) != 0)
    kiela_window_push_page (window, KIELA_PAGE_LESSON_EDITOR);
}

static void
on_continue_answered (const char *response, gpointer data)
{
  KielaWindow *window = data;

  if (g_strcmp0 (response, "new") == 0)
    gtk_widget_activate_action (GTK_WIDGET (get_editor (window)), "lesson-editor.new", NULL);
}

/* New Lesson: the editor; a lesson in progress (kept by the autosave) is offered first. */
static void
action_new_lesson (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *window = data;
  KielaLessonEditor *editor = get_editor (window);
  KielaLessonDraft *draft = kiela_lesson_editor_get_draft (editor);
  GtkWidget *dialog;
  g_autofree char *body = NULL;
  const char *title = kiela_lesson_draft_get_title (draft);
  guint n = kiela_lesson_draft_get_n_steps (draft);

  show_editor (window);
  if (kiela_lesson_draft_is_empty (draft))
    return;
  /* TRANSLATORS: %1$s a lesson's title, %2$u its steps */
  body = g_strdup_printf (ngettext ("“%1$s”, %2$u step, is still open in the lesson editor.",
                                    "“%1$s”, %2$u steps, is still open in the lesson editor.", n),
                          title ? title : _("A lesson without a title"), n);
  dialog = kiela_compat_question_new (_("Continue the Lesson in Progress?"), body);
  kiela_compat_question_add_response (dialog, "new", _("Start a _New Lesson"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (dialog, "continue", _("_Continue"), ADW_RESPONSE_SUGGESTED);
  kiela_compat_question_set_default_response (dialog, "continue");
  kiela_compat_question_set_close_response (dialog, "continue");
  kiela_compat_question_present (dialog, GTK_WINDOW (window), on_continue_answered, g_object_ref (window),
                                 g_object_unref);
}

/* Make a Lesson Step: the position the position editor shows, or the game's shown position. */
static void
action_make_step (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *window = data;
  const KielaVariant *variant = NULL;
  const KielaPosition *pos = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (kiela_window_get_visible_page (window), KIELA_PAGE_EDITOR) == 0)
    {
      KielaPositionEditor *pe = KIELA_POSITION_EDITOR (kiela_window_get_page (window, KIELA_PAGE_EDITOR));

      variant = kiela_position_editor_get_variant (pe);
      pos = kiela_position_editor_get_position (pe);
    }
  else if (kiela_window_get_game (window) != NULL)
    {
      variant = kiela_game_get_variant (kiela_window_get_game (window));
      pos = kiela_window_get_shown_position (window);
    }
  if (variant == NULL || pos == NULL)
    return;
  if (!kiela_lesson_editor_add_step (get_editor (window), variant, pos, &error))
    {
      kiela_window_add_message (window, error->message);
      return;
    }
  show_editor (window);
  kiela_window_add_message (window, _("A new step on this position: choose its task and write what the pupil reads."));
}

/* A lesson file to edit (win.open-lesson-file::PATH). */
static void
action_open_file (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *window = data;
  g_autoptr(GError) error = NULL;

  if (!kiela_lesson_editor_open_path (get_editor (window), g_variant_get_string (param, NULL), &error))
    {
      kiela_window_add_message (window, error->message);
      return;
    }
  show_editor (window);
}

/* The worksheet of a registered lesson (the lessons list's buttons). */
static void
lesson_worksheet (KielaWindow *window, Install *in, GVariant *param, gboolean print)
{
  const KielaLesson *lesson = kiela_registry_lookup_lesson (in->registry, g_variant_get_string (param, NULL));
  const KielaVariant *variant = lesson ? kiela_registry_lookup_variant (in->registry, lesson->variant) : NULL;

  if (variant == NULL)
    return;
  kiela_lesson_export_dialog (GTK_WINDOW (window), lesson, variant, NULL, print);
}

static void
action_export_worksheet (GSimpleAction *action, GVariant *param, gpointer data)
{
  lesson_worksheet (data, g_object_get_data (data, "kiela-lesson-editor-install"), param, FALSE);
}

static void
action_print_lesson (GSimpleAction *action, GVariant *param, gpointer data)
{
  lesson_worksheet (data, g_object_get_data (data, "kiela-lesson-editor-install"), param, TRUE);
}

void
kiela_lesson_editor_install (KielaWindow *window, KielaRegistry *registry, GSettings *settings, const char *autosave_path)
{
  Install *in = g_new0 (Install, 1);
  const GActionEntry entries[] = {
    { "new-lesson", action_new_lesson, NULL, NULL, NULL },
    { "make-lesson-step", action_make_step, NULL, NULL, NULL },
    { "open-lesson-file", action_open_file, "s", NULL, NULL },
    { "export-lesson-worksheet", action_export_worksheet, "s", NULL, NULL },
    { "print-lesson", action_print_lesson, "s", NULL, NULL },
  };

  in->registry = registry;
  in->settings = settings ? g_object_ref (settings) : NULL;
  in->autosave_path = autosave_path ? g_strdup (autosave_path) : kiela_lesson_draft_dup_autosave_path ();
  g_object_set_data_full (G_OBJECT (window), "kiela-lesson-editor-install", in, install_free);
  /* TRANSLATORS: the header's title while the lesson editor is shown */
  kiela_window_add_lazy_page (window, KIELA_PAGE_LESSON_EDITOR, _("Lesson Editor"), build_editor, in);
  g_action_map_add_action_entries (G_ACTION_MAP (window), entries, G_N_ELEMENTS (entries), window);
}
