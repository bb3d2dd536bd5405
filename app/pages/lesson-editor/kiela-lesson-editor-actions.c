/* kiela-lesson-editor-actions.c: the lesson editor's actions (new, open, save, export, test, undo…) and the
 * question about unsaved changes before the lesson is replaced. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-editor-private.h"

/* ---------- actions ---------- */

void
kiela_lesson_editor_cancel_search (KielaLessonEditor *self)
{
  if (self->searching != NULL)
    {
      g_cancellable_cancel (self->searching);
      g_clear_object (&self->searching);
    }
}

void
kiela_lesson_editor_action_undo (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);

  kiela_lesson_editor_cancel_search (self);
  kiela_lesson_draft_undo (self->draft);
}

void
kiela_lesson_editor_action_redo (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);

  kiela_lesson_editor_cancel_search (self);
  kiela_lesson_draft_redo (self->draft);
}

void
kiela_lesson_editor_action_add_step (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);
  g_autoptr(GError) error = NULL;

  if (!kiela_lesson_editor_add_step (self, NULL, NULL, &error))
    kiela_lesson_editor_say (self, error->message);
}

void
kiela_lesson_editor_action_remove_step (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);

  if (kiela_lesson_editor_selected_step (self) == NULL)
    return;
  kiela_lesson_editor_cancel_search (self);
  kiela_lesson_draft_remove_step (self->draft, self->selected);
}

static void
move_selected (KielaLessonEditor *self, int delta)
{
  guint to = self->selected + (guint) delta;

  if (kiela_lesson_editor_selected_step (self) == NULL || to >= kiela_lesson_draft_get_n_steps (self->draft))
    return;
  kiela_lesson_editor_cancel_search (self);
  self->selected = to;
  kiela_lesson_draft_move_step (self->draft, to - (guint) delta, to);
}

void kiela_lesson_editor_action_step_up (GtkWidget *w, const char *n, GVariant *p) { move_selected (KIELA_LESSON_EDITOR (w), -1); }
void kiela_lesson_editor_action_step_down (GtkWidget *w, const char *n, GVariant *p) { move_selected (KIELA_LESSON_EDITOR (w), +1); }
void kiela_lesson_editor_action_clear (GtkWidget *w, const char *n, GVariant *p) { kiela_position_model_clear (KIELA_LESSON_EDITOR (w)->pmodel); }
void kiela_lesson_editor_action_start_position (GtkWidget *w, const char *n, GVariant *p) { kiela_position_model_reset (KIELA_LESSON_EDITOR (w)->pmodel); }
void kiela_lesson_editor_action_mirror (GtkWidget *w, const char *n, GVariant *p) { kiela_position_model_mirror (KIELA_LESSON_EDITOR (w)->pmodel); }

void
kiela_lesson_editor_action_try (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);
  g_autoptr(GError) error = NULL;

  if (!kiela_lesson_editor_try (self, &error))
    kiela_lesson_editor_say (self, error->message);
}

/* -- replacing the lesson: the question about unsaved changes -- */

typedef struct {
  KielaLessonEditor *self;
  Then then;
  gboolean discard_first;   /* Discard empties the draft before `then` (leaving the editor) */
} Replace;

static void save_as (KielaLessonEditor *self, Then then);

static void
start_new (KielaLessonEditor *self)
{
  kiela_lesson_editor_cancel_search (self);
  g_clear_pointer (&self->best_error, g_free);
  kiela_lesson_editor_set_pack (self, NULL, 0);
  kiela_lesson_draft_reset (self->draft);
}

/* The pack row's choice: another lesson of the file, after the question about this one's changes. */
void
kiela_lesson_editor_show_wanted (KielaLessonEditor *self)
{
  kiela_lesson_editor_show_pack_lesson (self, self->pack_wanted);
}

static void
on_replace_answered (const char *response, gpointer data)
{
  Replace *r = data;
  KielaLessonEditor *self = r->self;

  if (g_strcmp0 (response, "discard") == 0)
    {
      if (r->discard_first)
        start_new (self);
      r->then (self);
    }
  else if (g_strcmp0 (response, "save") == 0)
    {
      const char *path = kiela_lesson_draft_get_path (self->draft);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        save_as (self, r->then);
      else if (kiela_lesson_editor_save_to_path (self, path, &error))
        r->then (self);
      else
        kiela_lesson_editor_say (self, error->message);
    }
}

static void
replace_free (gpointer data)
{
  Replace *r = data;

  g_object_unref (r->self);
  g_free (r);
}

/* TRUE when nothing would be lost; else asks Save / Discard / Cancel, runs `then` after Save
 * or Discard, and returns FALSE. */
static gboolean
ask_unsaved (KielaLessonEditor *self, Then then, gboolean discard_first)
{
  GtkWidget *dialog;
  Replace *r;
  const char *title = kiela_lesson_draft_get_title (self->draft);
  KielaWindow *window = kiela_lesson_editor_get_window (self);
  g_autofree char *body = NULL;

  if (!kiela_lesson_draft_get_modified (self->draft) || kiela_lesson_draft_is_empty (self->draft) || window == NULL)
    return TRUE;
  r = g_new0 (Replace, 1);
  r->self = g_object_ref (self);
  r->then = then;
  r->discard_first = discard_first;
  /* TRANSLATORS: %s a lesson's title */
  body = g_strdup_printf (_("“%s” has changes that are not saved in a lesson file. "
                            "If you do not save them, they are lost."), title ? title : _("The lesson"));
  dialog = kiela_compat_question_new (_("Save Changes to the Lesson?"), body);
  kiela_compat_question_add_response (dialog, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (dialog, "discard", _("_Discard"), ADW_RESPONSE_DESTRUCTIVE);
  kiela_compat_question_add_response (dialog, "save", _("_Save"), ADW_RESPONSE_SUGGESTED);
  kiela_compat_question_set_default_response (dialog, "save");
  kiela_compat_question_set_close_response (dialog, "cancel");
  kiela_compat_question_present (dialog, GTK_WINDOW (window), on_replace_answered, r, replace_free);
  return FALSE;
}

/* Runs `then` at once when nothing would be lost, else after Save or Discard. */
void
kiela_lesson_editor_confirm_replace (KielaLessonEditor *self, Then then)
{
  if (ask_unsaved (self, then, FALSE))
    then (self);
}

static void
leave_now (KielaLessonEditor *self)
{
  KielaWindow *window = kiela_lesson_editor_get_window (self);

  if (window != NULL)
    kiela_window_leave_confirmed (window);
}

gboolean
kiela_lesson_editor_confirm_leave (KielaLessonEditor *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), TRUE);
  return ask_unsaved (self, leave_now, TRUE);
}

void
kiela_lesson_editor_action_new (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_lesson_editor_confirm_replace (KIELA_LESSON_EDITOR (widget), start_new);
}

static GListStore *
lesson_filters (void)
{
  GListStore *filters = kiela_compat_file_filters_new ();

  kiela_compat_file_filters_add (filters, _("Kiela lessons"), "application/x-kiela-lesson",
                                 "*" KIELA_LESSON_FILE_SUFFIX, NULL);
  return filters;
}

typedef struct {
  KielaLessonEditor *self;
  Then then;
} Chooser;

static void
chooser_free (gpointer data)
{
  Chooser *c = data;

  g_object_unref (c->self);
  g_free (c);
}

static void
on_open_chosen (GFile *file, gpointer data)
{
  Chooser *c = data;
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (path != NULL && !kiela_lesson_editor_open_path (c->self, path, &error))
    kiela_lesson_editor_say (c->self, error->message);
}

static void
open_chooser (KielaLessonEditor *self)
{
  KielaWindow *window = kiela_lesson_editor_get_window (self);
  g_autoptr(GListStore) filters = lesson_filters ();
  KielaCompatFileRequest request = { .title = _("Open Lesson"), .accept_label = _("_Open"),
                                     .filters = G_LIST_MODEL (filters) };
  Chooser *c;

  if (window == NULL)
    return;
  c = g_new0 (Chooser, 1);
  c->self = g_object_ref (self);
  kiela_compat_choose_file (GTK_WINDOW (window), KIELA_COMPAT_FILE_OPEN, &request, on_open_chosen, c, chooser_free);
}

void
kiela_lesson_editor_action_open (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_lesson_editor_confirm_replace (KIELA_LESSON_EDITOR (widget), open_chooser);
}

static void
on_save_chosen (GFile *file, gpointer data)
{
  Chooser *c = data;
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (path == NULL)
    return;
  if (!g_str_has_suffix (path, KIELA_LESSON_FILE_SUFFIX))
    {
      char *with = g_strconcat (path, KIELA_LESSON_FILE_SUFFIX, NULL);

      g_free (path);
      path = with;
    }
  if (kiela_lesson_editor_save_to_path (c->self, path, &error))
    {
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *text = g_strdup_printf (_("Saved “%s”"), base);

      kiela_lesson_editor_say (c->self, text);
      if (c->then)
        c->then (c->self);
    }
  else
    kiela_lesson_editor_say (c->self, error->message);
}

static void
save_as (KielaLessonEditor *self, Then then)
{
  KielaWindow *window = kiela_lesson_editor_get_window (self);
  g_autoptr(GListStore) filters = lesson_filters ();
  g_autofree char *problem = kiela_lesson_draft_dup_problem (self->draft);
  g_autofree char *id = kiela_lesson_draft_dup_id (self->draft);
  g_autofree char *name = g_strconcat (id, KIELA_LESSON_FILE_SUFFIX, NULL);
  const char *path = kiela_lesson_draft_get_path (self->draft);
  g_autoptr(GFile) current = path ? g_file_new_for_path (path) : NULL;
  KielaCompatFileRequest request = { .title = _("Save Lesson"), .accept_label = _("_Save"),
                                     .filters = NULL, .file = current, .name = current ? NULL : name };
  Chooser *c;

  if (window == NULL)
    return;
  if (problem != NULL)
    {
      /* TRANSLATORS: %s why the lesson fails its checks ("Step 2: it has no text") */
      g_autofree char *text = g_strdup_printf (_("The lesson cannot be saved yet. %s"), problem);

      kiela_lesson_editor_say (self, text);
      return;
    }
  request.filters = G_LIST_MODEL (filters);
  c = g_new0 (Chooser, 1);
  c->self = g_object_ref (self);
  c->then = then;
  kiela_compat_choose_file (GTK_WINDOW (window), KIELA_COMPAT_FILE_SAVE, &request, on_save_chosen, c, chooser_free);
}

void
kiela_lesson_editor_action_save_as (GtkWidget *widget, const char *name, GVariant *param)
{
  save_as (KIELA_LESSON_EDITOR (widget), NULL);
}

static void
install_reporting (KielaLessonEditor *self, gboolean replace)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *installed = NULL;

  if (kiela_lesson_editor_install_lesson (self, replace, &installed, &error))
    {
      /* TRANSLATORS: %s a lesson's title */
      g_autofree char *text = g_strdup_printf (_("“%s” is in Learn to Play now"), kiela_lesson_draft_get_title (self->draft));

      kiela_lesson_editor_say (self, text);
    }
  else
    kiela_lesson_editor_say (self, error->message);
}

static void
on_replace_installed (const char *response, gpointer data)
{
  if (g_strcmp0 (response, "replace") == 0)
    install_reporting (KIELA_LESSON_EDITOR (data), TRUE);
}

void
kiela_lesson_editor_action_install (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);
  const char *path = kiela_lesson_draft_get_path (self->draft);
  g_autoptr(KielaLessonFile) file = NULL;
  KielaLessonFile *replaces = NULL;
  KielaWindow *window = kiela_lesson_editor_get_window (self);
  GtkWidget *dialog;
  g_autofree char *heading = NULL;

  /* A lesson installed before (its id taken by the user's own file): replaced on the
   * teacher's word; a shipped lesson's id is refused with why (kiela_lesson_install says). */
  if (path == NULL || kiela_lesson_draft_get_modified (self->draft) || window == NULL
      || (file = kiela_lesson_file_new_from_file (path, NULL)) == NULL
      || !kiela_lesson_install_check (self->registry, file, &replaces, NULL) || replaces == NULL)
    {
      install_reporting (self, FALSE);
      return;
    }
  /* TRANSLATORS: %s is a lesson's title */
  heading = g_strdup_printf (_("Replace “%s”?"), kiela_lesson_get_title (kiela_lesson_file_get_lesson (replaces, 0)));
  dialog = kiela_compat_question_new (heading, _("A lesson with this id is installed already: installing replaces it. "
                                                 "The stars pupils earned in it are kept."));
  kiela_compat_question_add_response (dialog, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (dialog, "replace", _("_Replace"), ADW_RESPONSE_DESTRUCTIVE);
  kiela_compat_question_set_close_response (dialog, "cancel");
  kiela_compat_question_present (dialog, GTK_WINDOW (window), on_replace_installed, g_object_ref (self), g_object_unref);
}

static void
export_worksheet (KielaLessonEditor *self, gboolean print)
{
  KielaWindow *window = kiela_lesson_editor_get_window (self);
  g_autoptr(GError) error = NULL;
  KielaLessonFile *file;
  const KielaLesson *lesson;

  if (window == NULL)
    return;
  file = kiela_lesson_editor_build_file (self, &error);
  if (file == NULL)
    {
      kiela_lesson_editor_say (self, error->message);
      return;
    }
  lesson = kiela_lesson_file_get_lesson (file, 0);
  kiela_lesson_export_dialog (GTK_WINDOW (window), lesson, kiela_registry_lookup_variant (self->registry, lesson->variant),
                              file, print);
}

void kiela_lesson_editor_action_export (GtkWidget *w, const char *n, GVariant *p) { export_worksheet (KIELA_LESSON_EDITOR (w), FALSE); }
void kiela_lesson_editor_action_print (GtkWidget *w, const char *n, GVariant *p) { export_worksheet (KIELA_LESSON_EDITOR (w), TRUE); }
