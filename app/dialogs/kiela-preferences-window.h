/* kiela-preferences-window.h: the Preferences window, editing the app's GSettings and listing plugins. */
#pragma once

#include <adwaita.h>
#include "kiela-settings.h"
#include "kiela.h"
#include "kiela-compat.h"

G_BEGIN_DECLS

#define KIELA_TYPE_PREFERENCES_WINDOW (kiela_preferences_window_get_type ())
/* An AdwPreferencesDialog with libadwaita >= 1.5, an AdwPreferencesWindow before (kiela-compat):
 * shown with kiela_compat_preferences_present(). */
G_DECLARE_FINAL_TYPE (KielaPreferencesWindow, kiela_preferences_window, KIELA, PREFERENCES_WINDOW,
                      KielaCompatPreferences)

GtkWidget *kiela_preferences_window_new           (GSettings *settings, KielaRegistry *registry);
/* Opens on the Plugins page (loaded plugins, and the files that failed with their reasons). */
void       kiela_preferences_window_show_plugins (KielaPreferencesWindow *self);
/* Plain-text list of plugins and folders, for the About window's debug information. */
char      *kiela_preferences_dup_plugin_report   (KielaRegistry *registry);

G_END_DECLS
