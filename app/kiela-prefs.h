/* kiela-prefs.h: the app's preferences, kept in a key file in the user config dir (no GSettings schema needed). */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Animation speeds, from the slowest to no animation at all. */
typedef enum {
  KIELA_SPEED_VERY_SLOW = 0,
  KIELA_SPEED_SLOW,
  KIELA_SPEED_NORMAL,
  KIELA_SPEED_FAST,
  KIELA_SPEED_VERY_FAST,
  KIELA_SPEED_INSTANT,
} KielaSpeed;

#define KIELA_N_SPEEDS (KIELA_SPEED_INSTANT + 1)

#define KIELA_TYPE_PREFS (kiela_prefs_get_type ())
G_DECLARE_FINAL_TYPE (KielaPrefs, kiela_prefs, KIELA, PREFS, GObject)

/* Loads from `path` (NULL: $XDG_CONFIG_HOME/kiela/settings.ini); a missing or
 * unreadable file gives the defaults.  Every property change is saved at once. */
KielaPrefs *kiela_prefs_new           (const char *path);
const char *kiela_prefs_get_path      (KielaPrefs *self);

KielaSpeed  kiela_prefs_get_speed     (KielaPrefs *self);
void        kiela_prefs_set_speed     (KielaPrefs *self, KielaSpeed speed);
gboolean    kiela_prefs_get_narration (KielaPrefs *self);
gboolean    kiela_prefs_get_show_playable (KielaPrefs *self);
gboolean    kiela_prefs_get_pause_on_capture (KielaPrefs *self);

/* Milliseconds between two steps of the sowing at `speed`; 0 for instant. */
guint       kiela_speed_interval_ms   (KielaSpeed speed);
const char *kiela_speed_label         (KielaSpeed speed);

G_END_DECLS
