/* kiela-preferences-window.c: binds the preference widgets to KielaPrefs, which saves itself. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-preferences-window.h"

struct _KielaPreferencesWindow {
  AdwPreferencesWindow parent_instance;

  AdwComboRow *speed_row;
  GtkSwitch *pause_switch;
  GtkSwitch *narration_switch;
  GtkSwitch *playable_switch;
};

G_DEFINE_FINAL_TYPE (KielaPreferencesWindow, kiela_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static void
kiela_preferences_window_class_init (KielaPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/kiela/Kiela/ui/kiela-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, speed_row);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, pause_switch);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, narration_switch);
  gtk_widget_class_bind_template_child (widget_class, KielaPreferencesWindow, playable_switch);
}

static void
kiela_preferences_window_init (KielaPreferencesWindow *self)
{
  g_autoptr(GtkStringList) speeds = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (int s = 0; s < KIELA_N_SPEEDS; s++)
    gtk_string_list_append (speeds, kiela_speed_label (s));
  adw_combo_row_set_model (self->speed_row, G_LIST_MODEL (speeds));
}

static gboolean
int_to_uint (GBinding *binding, const GValue *from, GValue *to, gpointer data)
{
  g_value_set_uint (to, (guint) g_value_get_int (from));
  return TRUE;
}

static gboolean
uint_to_int (GBinding *binding, const GValue *from, GValue *to, gpointer data)
{
  guint v = g_value_get_uint (from);

  if (v == GTK_INVALID_LIST_POSITION)
    return FALSE;
  g_value_set_int (to, (gint) v);
  return TRUE;
}

GtkWindow *
kiela_preferences_window_new (KielaPrefs *prefs)
{
  KielaPreferencesWindow *self = g_object_new (KIELA_TYPE_PREFERENCES_WINDOW, NULL);

  g_object_bind_property_full (prefs, "speed", self->speed_row, "selected",
                               G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL,
                               int_to_uint, uint_to_int, NULL, NULL);
  g_object_bind_property (prefs, "pause-on-capture", self->pause_switch, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (prefs, "narration", self->narration_switch, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (prefs, "show-playable", self->playable_switch, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  return GTK_WINDOW (self);
}
