/* kiela-settings.h: the app's GSettings (schema io.github.kiela.Kiela): opening it without aborting
 * when the schema is missing, the one-time import of the old key file, and the animation speeds. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Animation speeds, from the slowest to no animation at all.  The values and nicks are the
 * schema's enum io.github.kiela.Kiela.Speed (key "animation-speed"). */
typedef enum {
  KIELA_SPEED_VERY_SLOW = 0,
  KIELA_SPEED_SLOW,
  KIELA_SPEED_NORMAL,
  KIELA_SPEED_FAST,
  KIELA_SPEED_VERY_FAST,
  KIELA_SPEED_INSTANT,
} KielaSpeed;

#define KIELA_N_SPEEDS (KIELA_SPEED_INSTANT + 1)

/* Keys of the schema. */
#define KIELA_SETTINGS_SPEED            "animation-speed"
#define KIELA_SETTINGS_PAUSE_ON_CAPTURE "pause-on-capture"
#define KIELA_SETTINGS_NARRATION        "narration"
#define KIELA_SETTINGS_SHOW_PLAYABLE    "show-playable"
#define KIELA_SETTINGS_TEXT_ZOOM        "text-zoom"
#define KIELA_SETTINGS_SHOW_ANALYSIS    "show-analysis"
#define KIELA_SETTINGS_WINDOW_WIDTH     "window-width"
#define KIELA_SETTINGS_WINDOW_HEIGHT    "window-height"
#define KIELA_SETTINGS_WINDOW_MAXIMIZED "window-maximized"
/* The worksheet dialog's options; "worksheet-moves" is KielaWorksheetMoves by value. */
#define KIELA_SETTINGS_WORKSHEET_MOVES   "worksheet-moves"
#define KIELA_SETTINGS_WORKSHEET_BLANK   "worksheet-blank"
#define KIELA_SETTINGS_WORKSHEET_ANSWERS "worksheet-answers"
#define KIELA_SETTINGS_WORKSHEET_INK     "worksheet-ink"
#define KIELA_SETTINGS_WORKSHEET_PAPER   "worksheet-paper"

/* The window sizes the schema's ranges allow (a phone's width to beyond any screen). */
#define KIELA_SETTINGS_WINDOW_MIN_WIDTH  360
#define KIELA_SETTINGS_WINDOW_MIN_HEIGHT 294
#define KIELA_SETTINGS_WINDOW_MAX_SIZE   16384

/* The settings of schema KIELA_APP_ID, or NULL and an error saying the schema is not installed
 * (g_settings_new would abort the process). */
GSettings  *kiela_settings_new             (GError **error);

/* Imports the key file earlier versions wrote (`path` NULL: $XDG_CONFIG_HOME/kiela/settings.ini)
 * into `settings` once, then renames it to settings.ini.migrated.  A malformed file is not
 * applied: a warning names it and it is renamed to settings.ini.invalid.  Values out of range
 * are skipped with a warning.  Returns TRUE if a file was imported. */
gboolean    kiela_settings_migrate_legacy  (GSettings *settings, const char *path);

/* The window size to start with: the saved one, clamped to the ranges above.  GSettings falls
 * back to the default for a value out of the schema's range (dconf or a key file edited by
 * hand: "window-width=-100" made gtk_window_set_default_size() log a critical); the clamp also
 * holds with a schema compiled without the ranges. */
void        kiela_settings_get_window_size (GSettings *settings, int *width, int *height);

/* Milliseconds between two steps of the sowing at `speed`; 0 for instant. */
guint       kiela_speed_interval_ms        (KielaSpeed speed);
const char *kiela_speed_label              (KielaSpeed speed);

/* g_settings_bind_with_mapping helpers between the "animation-speed" nick and a guint
 * (KielaSpeed as a list position) or a gdouble (a scale's value) property. */
gboolean    kiela_settings_speed_get_mapping (GValue *value, GVariant *variant, gpointer user_data);
GVariant   *kiela_settings_speed_set_mapping (const GValue *value, const GVariantType *expected_type,
                                              gpointer user_data);

G_END_DECLS
