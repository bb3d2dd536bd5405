/* kiela-preferences-window.c: binds the preference widgets to the app's GSettings, and
 * lists the plugins the registry loaded or could not load (with the reason), so a broken plugin
 * is never a silent mystery. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-preferences-window.h"

struct _KielaPreferencesWindow {
  KielaCompatPreferences parent_instance;

  AdwComboRow *speed_row;
  GtkSwitch *pause_switch;
  GtkSwitch *narration_switch;
  GtkSwitch *playable_switch;
  GtkSwitch *links_switch;
  AdwPreferencesPage *plugins_page;
  AdwPreferencesGroup *failed_group;
  AdwPreferencesGroup *loaded_group;
  AdwPreferencesGroup *folders_group;
};

G_DEFINE_FINAL_TYPE (KielaPreferencesWindow, kiela_preferences_window, KIELA_COMPAT_TYPE_PREFERENCES)

static void
kiela_preferences_window_class_init (KielaPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  g_autoptr(GBytes) template = kiela_compat_preferences_template ("/io/github/kiela/Kiela/ui/kiela-preferences-window.ui");

  gtk_widget_class_set_template (widget_class, template);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, speed_row);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, pause_switch);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, narration_switch);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, playable_switch);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, links_switch);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, plugins_page);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, failed_group);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, loaded_group);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, folders_group);
}

static void
kiela_preferences_window_init (KielaPreferencesWindow *self)
{
  g_autoptr(GtkStringList) speeds = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  kiela_compat_preferences_init (GTK_WIDGET (self));
  for (int s = 0; s < KIELA_N_SPEEDS; s++)
    gtk_string_list_append (speeds, kiela_speed_label (s));
  adw_combo_row_set_model (self->speed_row, G_LIST_MODEL (speeds));
}

/* "2 rule variants · 6 computer players": what a loaded plugin brought, or NULL if nothing. */
static char *
describe_contents (const KielaPluginRecord *r)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  if (r->n_variants)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u rule variant", "%u rule variants", r->n_variants),
                                             r->n_variants));
  if (r->n_algorithms)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u AI algorithm", "%u AI algorithms", r->n_algorithms),
                                             r->n_algorithms));
  if (r->n_personalities)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u computer player", "%u computer players",
                                                       r->n_personalities), r->n_personalities));
  if (r->n_lessons)
    g_ptr_array_add (parts, g_strdup_printf (ngettext ("%u lesson", "%u lessons", r->n_lessons), r->n_lessons));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  /* TRANSLATORS: separator between "2 rule variants" and "6 computer players" */
  return g_strjoinv (_(" · "), (char **) parts->pdata);
}

static GtkWidget *
new_row (const char *title, const char *subtitle, const char *tooltip)
{
  GtkWidget *row = adw_action_row_new ();

  /* Plugin names, reasons and paths are data, not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  if (tooltip)
    gtk_widget_set_tooltip_text (row, tooltip);
  return row;
}

static void
retry_crashed_plugin (GtkButton *button, AdwActionRow *row)
{
  const char *path = g_object_get_data (G_OBJECT (button), "module-path");
  g_autoptr(GError) error = NULL;
  g_autofree char *subtitle = NULL;

  if (!kiela_plugin_forget_crash (path, &error))
    {
      /* TRANSLATORS: %1$s why the crash record could not be cleared, %2$s the plugin's path */
      subtitle = g_strdup_printf (_("Could not clear the crash record: %1$s\n%2$s"), error->message, path);
      adw_action_row_set_subtitle (row, subtitle);
      return;
    }
  /* TRANSLATORS: %s is the plugin's full path */
  subtitle = g_strdup_printf (_("Kiela will load it again at the next start.\n%s"), path);
  adw_action_row_set_subtitle (row, subtitle);
  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
}

static void
kiela_preferences_window_fill_plugins (KielaPreferencesWindow *self, KielaRegistry *registry)
{
  GPtrArray *plugins = kiela_registry_get_plugins (registry);
  GPtrArray *dirs = kiela_registry_get_search_dirs (registry);
  guint n_failed = 0, n_loaded = 0;

  for (guint i = 0; plugins && i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);
      g_autofree char *file = g_path_get_basename (r->path);
      GtkWidget *row;

      if (r->state == KIELA_PLUGIN_FAILED)
        {
          g_autofree char *subtitle = NULL;
          GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

          /* TRANSLATORS: %1$s why a plugin file was not loaded, %2$s its full path */
          subtitle = g_strdup_printf (_("Not loaded: %1$s\n%2$s"), r->reason ? r->reason : _("unknown reason"),
                                      r->path);
          row = new_row (file, subtitle, NULL);
          gtk_widget_add_css_class (icon, "warning");
          adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
          if (r->crashed)
            {
              /* A module that crashed a start is skipped until the user asks for it again. */
              GtkWidget *retry = gtk_button_new_with_mnemonic (_("_Try Again"));

              gtk_widget_set_valign (retry, GTK_ALIGN_CENTER);
              gtk_widget_set_tooltip_text (retry, _("Load this plugin again the next time Kiela starts"));
              g_object_set_data_full (G_OBJECT (retry), "module-path", g_strdup (r->path), g_free);
              g_signal_connect (retry, "clicked", G_CALLBACK (retry_crashed_plugin), row);
              adw_action_row_add_suffix (ADW_ACTION_ROW (row), retry);
            }
          adw_preferences_group_add (self->failed_group, row);
          n_failed++;
        }
      else
        {
          g_autofree char *contents = describe_contents (r);
          g_autofree char *subtitle = NULL;
          GtkWidget *version;

          if (r->description && *r->description && contents)
            subtitle = g_strdup_printf ("%s\n%s", r->description, contents);
          else
            subtitle = g_strdup (contents ? contents : r->description);
          row = new_row (r->name ? r->name : file, subtitle, r->path);
          if (r->version && *r->version)
            {
              version = gtk_label_new (r->version);
              gtk_widget_add_css_class (version, "dim-label");
              adw_action_row_add_suffix (ADW_ACTION_ROW (row), version);
            }
          adw_preferences_group_add (self->loaded_group, row);
          n_loaded++;
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (self->failed_group), n_failed > 0);
  if (n_loaded == 0)
    adw_preferences_group_add (self->loaded_group,
                               new_row (_("No plugins loaded"),
                                        _("Kiela needs at least the rules plugin to play."), NULL));

  for (guint i = 0; dirs && i < dirs->len; i++)
    {
      const char *dir = g_ptr_array_index (dirs, i);
      adw_preferences_group_add (self->folders_group, new_row (dir, NULL, NULL));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->folders_group), dirs && dirs->len > 0);
}

char *
kiela_preferences_dup_plugin_report (KielaRegistry *registry)
{
  GPtrArray *plugins = kiela_registry_get_plugins (registry);
  GPtrArray *dirs = kiela_registry_get_search_dirs (registry);
  GString *out = g_string_new ("Plugins:\n");

  /* Debug information for bug reports: kept in English on purpose, like a log. */
  for (guint i = 0; plugins && i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);

      if (r->state == KIELA_PLUGIN_LOADED)
        g_string_append_printf (out, "  loaded  %s %s (%s): %u variants, %u algorithms, %u personalities, %u lessons\n",
                                r->id ? r->id : "?", r->version ? r->version : "", r->path,
                                r->n_variants, r->n_algorithms, r->n_personalities, r->n_lessons);
      else
        g_string_append_printf (out, "  FAILED  %s: %s\n", r->path, r->reason ? r->reason : "?");
    }
  g_string_append (out, "Plugin folders:\n");
  for (guint i = 0; dirs && i < dirs->len; i++)
    g_string_append_printf (out, "  %s\n", (const char *) g_ptr_array_index (dirs, i));
  return g_string_free (out, FALSE);
}

void
kiela_preferences_window_show_plugins (KielaPreferencesWindow *self)
{
  kiela_compat_preferences_set_visible_page (GTK_WIDGET (self), self->plugins_page);
}

GtkWidget *
kiela_preferences_window_new (GSettings *settings, KielaRegistry *registry)
{
  KielaPreferencesWindow *self = g_object_new (KIELA_TYPE_PREFERENCES_WINDOW, NULL);

  kiela_preferences_window_fill_plugins (self, registry);

  g_settings_bind_with_mapping (settings, KIELA_SETTINGS_SPEED, self->speed_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                kiela_settings_speed_get_mapping, kiela_settings_speed_set_mapping, NULL, NULL);
  g_settings_bind (settings, KIELA_SETTINGS_PAUSE_ON_CAPTURE, self->pause_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, KIELA_SETTINGS_NARRATION, self->narration_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, KIELA_SETTINGS_SHOW_PLAYABLE, self->playable_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "lesson-links", self->links_switch, "active", G_SETTINGS_BIND_DEFAULT);
  return GTK_WIDGET (self);
}
