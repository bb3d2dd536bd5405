/* kiela-application.h: the Kiela application: plugin registry, preferences, the main window. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-settings.h"

G_BEGIN_DECLS

#define KIELA_TYPE_APPLICATION (kiela_application_get_type ())
G_DECLARE_FINAL_TYPE (KielaApplication, kiela_application, KIELA, APPLICATION, AdwApplication)

KielaApplication *kiela_application_new          (gint64 start_time_us);
GSettings        *kiela_application_get_settings (KielaApplication *self);
/* $XDG_DATA_HOME/kiela/autosave.kiela */
char             *kiela_application_dup_autosave_path (void);

G_END_DECLS
