/* kiela-compat.c: the newer GTK and libadwaita calls, each behind its version guard.
 *
 * Built apart from the rest of the app without the MAX_ALLOWED pins (app/meson.build), so
 * this is the only file that may name API newer than GTK 4.8 and libadwaita 1.2. */
#include "config.h"

#include "kiela-compat.h"

#include <string.h>
#include <glib/gi18n.h>

gboolean
kiela_compat_announce (GtkAccessible *accessible, const char *text)
{
  g_return_val_if_fail (GTK_IS_ACCESSIBLE (accessible), FALSE);

#if GTK_CHECK_VERSION (4, 14, 0)
  gtk_accessible_announce (accessible, text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  return TRUE;
#else
  return FALSE;
#endif
}

/* ---------------------------------------------------------------------------------------------
 * Questions: AdwAlertDialog (libadwaita >= 1.5) or AdwMessageDialog
 */

#if ADW_CHECK_VERSION (1, 5, 0)
# define QUESTION(q) ADW_ALERT_DIALOG (q)
#else
# define QUESTION(q) ADW_MESSAGE_DIALOG (q)
#endif

/* The width AdwAlertDialog's narrow layout gives its heading: 372 px less 24 px each side. */
#define ALERT_NARROW_WIDTH 324

GtkWidget *
kiela_compat_question_new (const char *heading, const char *body)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog *dialog = adw_alert_dialog_new (heading, body);

  /* libadwaita 1.7's alert lays a heading out in 324 px even when it needs more on one line
   * ("Trying to measure GtkLabel for width of 324, but it needs at least 342", a critical
   * warning): a heading that long asks for the wide layout, which has room for it. */
  if (heading != NULL)
    {
      GtkWidget *probe = g_object_ref_sink (gtk_label_new (heading));
      int width;

      gtk_widget_add_css_class (probe, "title-2");
      gtk_widget_measure (probe, GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
      if (width > ALERT_NARROW_WIDTH)
        adw_alert_dialog_set_prefer_wide_layout (ADW_ALERT_DIALOG (dialog), TRUE);
      g_object_unref (probe);
    }
  return GTK_WIDGET (dialog);
#else
  return adw_message_dialog_new (NULL, heading, body);
#endif
}

void
kiela_compat_question_add_response (GtkWidget *question, const char *id, const char *label,
                                    AdwResponseAppearance appearance)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_alert_dialog_add_response (QUESTION (question), id, label);
  adw_alert_dialog_set_response_appearance (QUESTION (question), id, appearance);
#else
  adw_message_dialog_add_response (QUESTION (question), id, label);
  adw_message_dialog_set_response_appearance (QUESTION (question), id, appearance);
#endif
}

void
kiela_compat_question_set_default_response (GtkWidget *question, const char *id)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_alert_dialog_set_default_response (QUESTION (question), id);
#else
  adw_message_dialog_set_default_response (QUESTION (question), id);
#endif
}

void
kiela_compat_question_set_close_response (GtkWidget *question, const char *id)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_alert_dialog_set_close_response (QUESTION (question), id);
#else
  adw_message_dialog_set_close_response (QUESTION (question), id);
#endif
}

void
kiela_compat_question_set_response_appearance (GtkWidget *question, const char *id, AdwResponseAppearance appearance)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_alert_dialog_set_response_appearance (QUESTION (question), id, appearance);
#else
  adw_message_dialog_set_response_appearance (QUESTION (question), id, appearance);
#endif
}

void
kiela_compat_question_set_response_enabled (GtkWidget *question, const char *id, gboolean enabled)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_alert_dialog_set_response_enabled (QUESTION (question), id, enabled);
#else
  adw_message_dialog_set_response_enabled (QUESTION (question), id, enabled);
#endif
}

void
kiela_compat_question_set_extra_child (GtkWidget *question, GtkWidget *child)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_alert_dialog_set_extra_child (QUESTION (question), child);
#else
  adw_message_dialog_set_extra_child (QUESTION (question), child);
#endif
}

typedef struct {
  KielaCompatAnswered answered;
  gpointer data;
  GDestroyNotify destroy;
  char *response;             /* the first response given */
  gboolean done;
} Asked;

static void
asked_free (gpointer p, GClosure *closure)
{
  Asked *a = p;

  if (a->destroy != NULL)
    a->destroy (a->data);
  g_free (a->response);
  g_free (a);
}

static void
asked_answer (Asked *a, const char *response)
{
  if (a->done)
    return;
  a->done = TRUE;
  if (a->answered != NULL)
    a->answered (response, a->data);
}

#if ADW_CHECK_VERSION (1, 5, 0)
static void
on_question_response (GtkWidget *question, const char *response, Asked *a)
{
  /* A click emits "response" and then closes; closing emits the close response too, unless a
   * click came first (the tests' answer has no click). */
  if (a->response == NULL)
    a->response = g_strdup (response);
}

static void
on_question_closed (GtkWidget *question, Asked *a)
{
  /* After the class handler: the host has taken the dialog off the window, which can now
   * close, and an Escape has been given its close response. */
  asked_answer (a, a->response != NULL ? a->response
                                       : adw_alert_dialog_get_close_response (QUESTION (question)));
}
#else
static void
on_question_response (GtkWidget *question, const char *response, Asked *a)
{
  /* The message dialog closes itself (a window of its own) right after. */
  asked_answer (a, response);
}
#endif

void
kiela_compat_question_present (GtkWidget *question, GtkWindow *parent,
                               KielaCompatAnswered answered, gpointer data, GDestroyNotify destroy)
{
  Asked *a = g_new0 (Asked, 1);

  g_return_if_fail (GTK_IS_WIDGET (question));
  g_return_if_fail (GTK_IS_WINDOW (parent));

  a->answered = answered;
  a->data = data;
  a->destroy = destroy;
#if ADW_CHECK_VERSION (1, 5, 0)
  g_signal_connect (question, "response", G_CALLBACK (on_question_response), a);
  g_signal_connect_data (question, "closed", G_CALLBACK (on_question_closed), a, asked_free,
                         G_CONNECT_AFTER);
  adw_dialog_present (ADW_DIALOG (question), GTK_WIDGET (parent));
#else
  g_signal_connect_data (question, "response", G_CALLBACK (on_question_response), a, asked_free, 0);
  gtk_window_set_transient_for (GTK_WINDOW (question), parent);
  gtk_window_set_modal (GTK_WINDOW (question), TRUE);
  gtk_window_present (GTK_WINDOW (question));
#endif
}

GtkWidget *
kiela_compat_question_find (GtkWindow *parent)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog *shown = ADW_IS_APPLICATION_WINDOW (parent)
                     ? adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (parent))
                     : ADW_IS_WINDOW (parent) ? adw_window_get_visible_dialog (ADW_WINDOW (parent)) : NULL;

  return ADW_IS_ALERT_DIALOG (shown) ? GTK_WIDGET (shown) : NULL;
#else
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (tops, i);

      if (ADW_IS_MESSAGE_DIALOG (top) && gtk_window_get_transient_for (top) == parent)
        return GTK_WIDGET (top);
    }
  return NULL;
#endif
}

gboolean
kiela_compat_question_has_response (GtkWidget *question, const char *id)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return adw_alert_dialog_has_response (QUESTION (question), id);
#else
  return adw_message_dialog_has_response (QUESTION (question), id);
#endif
}

gboolean
kiela_compat_question_get_response_enabled (GtkWidget *question, const char *id)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return adw_alert_dialog_get_response_enabled (QUESTION (question), id);
#else
  return adw_message_dialog_get_response_enabled (QUESTION (question), id);
#endif
}

const char *
kiela_compat_question_get_heading (GtkWidget *question)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return adw_alert_dialog_get_heading (QUESTION (question));
#else
  return adw_message_dialog_get_heading (QUESTION (question));
#endif
}

const char *
kiela_compat_question_get_body (GtkWidget *question)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return adw_alert_dialog_get_body (QUESTION (question));
#else
  return adw_message_dialog_get_body (QUESTION (question));
#endif
}

const char *
kiela_compat_question_get_close_response (GtkWidget *question)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return adw_alert_dialog_get_close_response (QUESTION (question));
#else
  return adw_message_dialog_get_close_response (QUESTION (question));
#endif
}

void
kiela_compat_question_respond (GtkWidget *question, const char *id)
{
  g_return_if_fail (kiela_compat_question_has_response (question, id));

  g_object_ref (question);
#if ADW_CHECK_VERSION (1, 5, 0)
  /* AdwAlertDialog has no public call for a response: what a click does, the signal then the
   * closing (without the animation, so the window has no dialog when this returns). */
  g_signal_emit_by_name (question, "response", id);
  adw_dialog_force_close (ADW_DIALOG (question));
#else
  adw_message_dialog_response (QUESTION (question), id);
  /* As a click does: the response closes the dialog. */
  if (gtk_widget_get_visible (question))
    gtk_window_destroy (GTK_WINDOW (question));
#endif
  g_object_unref (question);
}

/* ---------------------------------------------------------------------------------------------
 * Files: GtkFileDialog (GTK >= 4.10) or GtkFileChooserNative
 */

GListStore *
kiela_compat_file_filters_new (void)
{
  return g_list_store_new (GTK_TYPE_FILE_FILTER);
}

void
kiela_compat_file_filters_add (GListStore *filters, const char *name, const char *mime_type,
                               const char *first_pattern, ...)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  va_list args;

  gtk_file_filter_set_name (filter, name);
  if (mime_type != NULL)
    gtk_file_filter_add_mime_type (filter, mime_type);
  va_start (args, first_pattern);
  for (const char *p = first_pattern; p != NULL; p = va_arg (args, const char *))
    gtk_file_filter_add_pattern (filter, p);
  va_end (args);
  g_list_store_append (filters, filter);
}

typedef struct {
  KielaCompatFileChosen chosen;
  gpointer data;
  GDestroyNotify destroy;
} Choosing;

static void
choosing_done (Choosing *c, GFile *file)
{
  c->chosen (file, c->data);
  if (c->destroy != NULL)
    c->destroy (c->data);
  g_free (c);
}

#if GTK_CHECK_VERSION (4, 10, 0)
static void
on_file_dialog_done (GObject *source, GAsyncResult *result, gpointer data)
{
  GtkFileDialog *dialog = GTK_FILE_DIALOG (source);
  Choosing *c = g_object_steal_data (source, "kiela-choosing");
  KielaCompatFileMode mode = GPOINTER_TO_INT (g_object_get_data (source, "kiela-mode"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = mode == KIELA_COMPAT_FILE_SAVE ? gtk_file_dialog_save_finish (dialog, result, &error)
                                                         : gtk_file_dialog_open_finish (dialog, result, &error);

  /* Dismissed is a cancel; any other error (no portal, no chooser) is one too, and says so. */
  if (error != NULL && !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED))
    g_warning ("file chooser: %s", error->message);
  choosing_done (c, file);
  g_object_unref (dialog);
}
#else
static void
on_file_chooser_response (GtkNativeDialog *native, int response, Choosing *c)
{
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native))
                                                          : NULL;

  choosing_done (c, file);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}
#endif

void
kiela_compat_choose_file (GtkWindow *parent, KielaCompatFileMode mode, const KielaCompatFileRequest *request,
                          KielaCompatFileChosen chosen, gpointer data, GDestroyNotify destroy)
{
  Choosing *c;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (request != NULL && chosen != NULL);

  c = g_new0 (Choosing, 1);
  c->chosen = chosen;
  c->data = data;
  c->destroy = destroy;
#if GTK_CHECK_VERSION (4, 10, 0)
  {
    GtkFileDialog *dialog = gtk_file_dialog_new ();

    gtk_file_dialog_set_title (dialog, request->title);
    gtk_file_dialog_set_accept_label (dialog, request->accept_label);
    gtk_file_dialog_set_modal (dialog, TRUE);
    if (request->filters != NULL && g_list_model_get_n_items (request->filters) > 0)
      {
        g_autoptr(GtkFileFilter) first = g_list_model_get_item (request->filters, 0);

        gtk_file_dialog_set_filters (dialog, request->filters);
        gtk_file_dialog_set_default_filter (dialog, first);
      }
    if (mode == KIELA_COMPAT_FILE_SAVE && request->file != NULL)
      gtk_file_dialog_set_initial_file (dialog, request->file);
    else
      {
        if (request->folder != NULL)
          gtk_file_dialog_set_initial_folder (dialog, request->folder);
        if (mode == KIELA_COMPAT_FILE_SAVE && request->name != NULL)
          gtk_file_dialog_set_initial_name (dialog, request->name);
      }
    g_object_set_data (G_OBJECT (dialog), "kiela-choosing", c);
    g_object_set_data (G_OBJECT (dialog), "kiela-mode", GINT_TO_POINTER (mode));
    if (mode == KIELA_COMPAT_FILE_SAVE)
      gtk_file_dialog_save (dialog, parent, NULL, on_file_dialog_done, NULL);
    else
      gtk_file_dialog_open (dialog, parent, NULL, on_file_dialog_done, NULL);
  }
#else
  {
    GtkFileChooserNative *native =
      gtk_file_chooser_native_new (request->title, parent,
                                   mode == KIELA_COMPAT_FILE_SAVE ? GTK_FILE_CHOOSER_ACTION_SAVE
                                                                  : GTK_FILE_CHOOSER_ACTION_OPEN,
                                   request->accept_label, _("_Cancel"));
    GtkFileChooser *chooser = GTK_FILE_CHOOSER (native);

    gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
    for (guint i = 0; request->filters != NULL && i < g_list_model_get_n_items (request->filters); i++)
      {
        g_autoptr(GtkFileFilter) filter = g_list_model_get_item (request->filters, i);

        gtk_file_chooser_add_filter (chooser, filter);
      }
    if (mode == KIELA_COMPAT_FILE_SAVE && request->file != NULL)
      gtk_file_chooser_set_file (chooser, request->file, NULL);
    else
      {
        if (request->folder != NULL)
          gtk_file_chooser_set_current_folder (chooser, request->folder, NULL);
        if (mode == KIELA_COMPAT_FILE_SAVE && request->name != NULL)
          gtk_file_chooser_set_current_name (chooser, request->name);
      }
    g_signal_connect (native, "response", G_CALLBACK (on_file_chooser_response), c);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
  }
#endif
}

/* ---------------------------------------------------------------------------------------------
 * About: AdwAboutDialog (libadwaita >= 1.5) or AdwAboutWindow
 */

GtkWidget *
kiela_compat_about_new (void)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return GTK_WIDGET (adw_about_dialog_new ());
#else
  return adw_about_window_new ();
#endif
}

void
kiela_compat_about_add_acknowledgement_section (GtkWidget *about, const char *name, const char **people)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_about_dialog_add_acknowledgement_section (ADW_ABOUT_DIALOG (about), name, people);
#else
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about), name, people);
#endif
}

void
kiela_compat_about_present (GtkWidget *about, GtkWindow *parent)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_present (ADW_DIALOG (about), GTK_WIDGET (parent));
#else
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

GType
kiela_compat_preferences_get_type (void)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return ADW_TYPE_PREFERENCES_DIALOG;
#else
  return ADW_TYPE_PREFERENCES_WINDOW;
#endif
}

GBytes *
kiela_compat_preferences_template (const char *resource)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_resources_lookup_data (resource, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;
  g_autofree char *parent = NULL;

  if (bytes == NULL)
    g_error ("%s: %s", resource, error->message);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  parts = g_strsplit (text, "parent=\"KielaCompatPreferences\"", 2);
  if (g_strv_length (parts) != 2)
    g_error ("%s: no template with parent=\"KielaCompatPreferences\"", resource);
  parent = g_strdup_printf ("parent=\"%s\"", g_type_name (KIELA_COMPAT_TYPE_PREFERENCES));
  return g_bytes_new_take (g_strjoinv (parent, parts), strlen (parts[0]) + strlen (parent) + strlen (parts[1]));
}

void
kiela_compat_preferences_init (GtkWidget *prefs)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_content_height (ADW_DIALOG (prefs), 520);
#else
  gtk_window_set_modal (GTK_WINDOW (prefs), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (prefs), -1, 520);
#endif
}

void
kiela_compat_preferences_set_visible_page (GtkWidget *prefs, AdwPreferencesPage *page)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_preferences_dialog_set_visible_page (ADW_PREFERENCES_DIALOG (prefs), page);
#else
  adw_preferences_window_set_visible_page (ADW_PREFERENCES_WINDOW (prefs), page);
#endif
}

const char *
kiela_compat_preferences_get_visible_page_name (GtkWidget *prefs)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return adw_preferences_dialog_get_visible_page_name (ADW_PREFERENCES_DIALOG (prefs));
#else
  return adw_preferences_window_get_visible_page_name (ADW_PREFERENCES_WINDOW (prefs));
#endif
}

void
kiela_compat_preferences_present (GtkWidget *prefs, GtkWindow *parent)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_present (ADW_DIALOG (prefs), parent ? GTK_WIDGET (parent) : NULL);
#else
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (prefs), parent);
  gtk_window_present (GTK_WINDOW (prefs));
#endif
}

void
kiela_compat_preferences_set_size (GtkWidget *prefs, int width, int height)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_content_width (ADW_DIALOG (prefs), width);
  adw_dialog_set_content_height (ADW_DIALOG (prefs), height);
#else
  gtk_window_set_default_size (GTK_WINDOW (prefs), width, height);
#endif
}

void
kiela_compat_preferences_close (GtkWidget *prefs)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_force_close (ADW_DIALOG (prefs));
#else
  gtk_window_destroy (GTK_WINDOW (prefs));
#endif
}

GtkWidget *
kiela_compat_preferences_find (GtkWindow *parent)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog *shown = ADW_IS_APPLICATION_WINDOW (parent)
                     ? adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (parent))
                     : ADW_IS_WINDOW (parent) ? adw_window_get_visible_dialog (ADW_WINDOW (parent)) : NULL;

  return ADW_IS_PREFERENCES_DIALOG (shown) ? GTK_WIDGET (shown) : NULL;
#else
  GListModel *all = gtk_window_get_toplevels ();  /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (all); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (all, i);

      if (ADW_IS_PREFERENCES_WINDOW (w) && gtk_window_get_transient_for (w) == parent)
        return GTK_WIDGET (w);
    }
  return NULL;
#endif
}

void
kiela_compat_close_dialogs (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

#if ADW_CHECK_VERSION (1, 5, 0)
  for (;;)
    {
      AdwDialog *shown = ADW_IS_APPLICATION_WINDOW (window)
                         ? adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window))
                         : ADW_IS_WINDOW (window) ? adw_window_get_visible_dialog (ADW_WINDOW (window)) : NULL;

      if (shown == NULL)
        break;
      adw_dialog_force_close (shown);
    }
#endif
}

/* ---------------------------------------------------------------------------------------------
 * Keyboard shortcuts: AdwShortcutsDialog (libadwaita >= 1.8) or GtkShortcutsWindow
 */

#define SHORTCUTS_KEY "kiela-compat-shortcuts"

#if ADW_CHECK_VERSION (1, 8, 0)
/* The shortcuts of `widget` and below, in the order the window lists them, into `section`. */
static void
shortcuts_add_items (GtkWidget *widget, AdwShortcutsSection *section)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *title = NULL, *subtitle = NULL, *accelerator = NULL, *action = NULL;
      AdwShortcutsItem *item;

      g_object_get (widget, "title", &title, "subtitle", &subtitle, "accelerator", &accelerator,
                    "action-name", &action, NULL);
      if (action != NULL && *action != '\0')
        item = adw_shortcuts_item_new_from_action (title, action);
      else
        item = adw_shortcuts_item_new (title, accelerator);
      if (subtitle != NULL && *subtitle != '\0')
        adw_shortcuts_item_set_subtitle (item, subtitle);
      adw_shortcuts_section_add (section, item);
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    shortcuts_add_items (c, section);
}

/* Each group of the window below `widget` as a section of `dialog`, in order. */
static void
shortcuts_add_sections (GtkWidget *widget, AdwShortcutsDialog *dialog)
{
  if (GTK_IS_SHORTCUTS_GROUP (widget))
    {
      g_autofree char *title = NULL;
      AdwShortcutsSection *section;

      g_object_get (widget, "title", &title, NULL);
      section = adw_shortcuts_section_new (title);
      shortcuts_add_items (widget, section);
      adw_shortcuts_dialog_add (dialog, section);
      return;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    shortcuts_add_sections (c, dialog);
}
#endif

void
kiela_compat_shortcuts_present (GtkApplicationWindow *window, const char *resource,
                                void (*prepare) (GtkWidget *shortcuts))
{
  GtkWidget *shortcuts;

  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));

  shortcuts = kiela_compat_shortcuts_find (window);
  if (shortcuts == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (resource);
      GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));

      g_return_if_fail (GTK_IS_SHORTCUTS_WINDOW (overlay));
      if (prepare != NULL)
        prepare (overlay);
#if ADW_CHECK_VERSION (1, 8, 0)
      /* The window is only read: its groups and shortcuts, translated, become the dialog's. */
      shortcuts = GTK_WIDGET (adw_shortcuts_dialog_new ());
      shortcuts_add_sections (overlay, ADW_SHORTCUTS_DIALOG (shortcuts));
      gtk_window_destroy (GTK_WINDOW (overlay));
      /* Kept with the window, so that it comes back as it was when asked for again. */
      g_object_set_data_full (G_OBJECT (window), SHORTCUTS_KEY, g_object_ref_sink (shortcuts), g_object_unref);
#else
      shortcuts = overlay;
      /* Transient for the window, hidden on close, destroyed with it.  Deprecated in GTK 4.18,
       * replaced by AdwShortcutsDialog in libadwaita 1.8 (above). */
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      gtk_application_window_set_help_overlay (window, GTK_SHORTCUTS_WINDOW (overlay));
      G_GNUC_END_IGNORE_DEPRECATIONS
#endif
    }
#if ADW_CHECK_VERSION (1, 8, 0)
  adw_dialog_present (ADW_DIALOG (shortcuts), GTK_WIDGET (window));
#else
  gtk_window_present (GTK_WINDOW (shortcuts));
#endif
}

GtkWidget *
kiela_compat_shortcuts_find (GtkApplicationWindow *window)
{
  g_return_val_if_fail (GTK_IS_APPLICATION_WINDOW (window), NULL);

#if ADW_CHECK_VERSION (1, 8, 0)
  return g_object_get_data (G_OBJECT (window), SHORTCUTS_KEY);
#else
  GtkWidget *overlay;

  /* Deprecated in GTK 4.18, replaced by AdwShortcutsDialog in libadwaita 1.8 (above). */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  overlay = GTK_WIDGET (gtk_application_window_get_help_overlay (window));
  G_GNUC_END_IGNORE_DEPRECATIONS
  return overlay;
#endif
}

/* ---------------------------------------------------------------------------------------------
 * Style: a widget's color (GTK >= 4.10), CSS from a string (GTK >= 4.12)
 */

void
kiela_compat_widget_get_color (GtkWidget *widget, GdkRGBA *color)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (color != NULL);

#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
#endif
}

void
kiela_compat_css_provider_load (GtkCssProvider *provider, const char *css)
{
  g_return_if_fail (GTK_IS_CSS_PROVIDER (provider));
  g_return_if_fail (css != NULL);

#if GTK_CHECK_VERSION (4, 12, 0)
  gtk_css_provider_load_from_string (provider, css);
#else
  gtk_css_provider_load_from_data (provider, css, -1);
#endif
}
