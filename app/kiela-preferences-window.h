/* kiela-preferences-window.h: the Preferences window, editing a KielaPrefs. */
#pragma once

#include <adwaita.h>
#include "kiela-prefs.h"

G_BEGIN_DECLS

#define KIELA_TYPE_PREFERENCES_WINDOW (kiela_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (KielaPreferencesWindow, kiela_preferences_window, KIELA, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

GtkWindow *kiela_preferences_window_new (KielaPrefs *prefs);

G_END_DECLS
