/* kiela-settings.c: opening the GSettings schema safely, importing the pre-GSettings key file,
 * and the animation speeds' intervals, labels and binding mappings. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kiela-settings.h"
#include "kiela-enums.h"
#include "kiela.h"

/* The old preferences held a dozen keys: anything much larger is not them. */
#define KIELA_SETTINGS_OLD_FILE_MAX_BYTES (1024 * 1024)

GSettings *
kiela_settings_new (GError **error)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, KIELA_APP_ID, TRUE);
  if (schema == NULL)
    {
      const char *dir = g_getenv ("GSETTINGS_SCHEMA_DIR");

      /* TRANSLATORS: %1$s is the schema id, %2$s the folder named by GSETTINGS_SCHEMA_DIR or "(not set)" */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("The settings schema %1$s is not installed (GSETTINGS_SCHEMA_DIR: %2$s). "
                     "Install Kiela with “meson install”, or start it from the source tree with “./dev run”."),
                   KIELA_APP_ID, dir && *dir ? dir : _("(not set)"));
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

/* The old file: group [kiela], speed = 0..5, narration / show-playable / pause-on-capture = bool. */
#define LEGACY_GROUP "kiela"

static void
migrate_boolean (GSettings *settings, GKeyFile *kf, const char *path, const char *key)
{
  g_autoptr(GError) error = NULL;
  gboolean v;

  if (!g_key_file_has_key (kf, LEGACY_GROUP, key, NULL))
    return;
  v = g_key_file_get_boolean (kf, LEGACY_GROUP, key, &error);
  if (error)
    g_warning ("Old preferences %s: %s (“%s” not imported)", path, error->message, key);
  else
    g_settings_set_boolean (settings, key, v);
}

static void
migrate_speed (GSettings *settings, GKeyFile *kf, const char *path)
{
  g_autoptr(GError) error = NULL;
  int v;

  if (!g_key_file_has_key (kf, LEGACY_GROUP, "speed", NULL))
    return;
  v = g_key_file_get_integer (kf, LEGACY_GROUP, "speed", &error);
  if (error)
    g_warning ("Old preferences %s: %s (speed not imported)", path, error->message);
  else if (v < 0 || v >= KIELA_N_SPEEDS)
    g_warning ("Old preferences %s: speed %d is not between 0 and %d (not imported)", path, v, KIELA_N_SPEEDS - 1);
  else
    g_settings_set_enum (settings, KIELA_SETTINGS_SPEED, v);
}

static void
move_aside (const char *path, const char *suffix)
{
  g_autofree char *dest = g_strconcat (path, suffix, NULL);

  if (g_rename (path, dest) != 0)
    {
      int saved = errno;
      g_warning ("Could not rename old preferences %s to %s: %s", path, dest, g_strerror (saved));
    }
}

gboolean
kiela_settings_migrate_legacy (GSettings *settings, const char *path)
{
  g_autofree char *default_path = NULL;
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);

  if (path == NULL)
    path = default_path = g_build_filename (g_get_user_config_dir (), "kiela", "settings.ini", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return FALSE;
  /* Opening a named pipe or a device would block the app: leave anything odd where it is. */
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_warning ("Old preferences %s are not a regular file (not imported)", path);
      return FALSE;
    }
  if (!kiela_file_read_bounded (path, KIELA_SETTINGS_OLD_FILE_MAX_BYTES, &data, &length, &error))
    {
      g_warning ("Old preferences %s cannot be read: %s (not imported)", path, error->message);
      return FALSE;
    }
  if (!g_key_file_load_from_data (kf, data, length, G_KEY_FILE_NONE, &error))
    {
      g_warning ("Old preferences %s are malformed: %s (not imported; kept as %s.invalid)",
                 path, error->message, path);
      move_aside (path, ".invalid");
      return FALSE;
    }

  /* Not in delay-apply mode: `settings` is the app's own object, and g_settings_delay has no way
   * back; a change notification per key is harmless at startup. */
  migrate_speed (settings, kf, path);
  migrate_boolean (settings, kf, path, KIELA_SETTINGS_NARRATION);
  migrate_boolean (settings, kf, path, KIELA_SETTINGS_SHOW_PLAYABLE);
  migrate_boolean (settings, kf, path, KIELA_SETTINGS_PAUSE_ON_CAPTURE);
  /* Written before the old file is renamed, so a crash in between imports it again, not never. */
  g_settings_sync ();

  move_aside (path, ".migrated");
  return TRUE;
}

void
kiela_settings_get_window_size (GSettings *settings, int *width, int *height)
{
  g_return_if_fail (G_IS_SETTINGS (settings));

  *width = CLAMP (g_settings_get_int (settings, KIELA_SETTINGS_WINDOW_WIDTH),
                  KIELA_SETTINGS_WINDOW_MIN_WIDTH, KIELA_SETTINGS_WINDOW_MAX_SIZE);
  *height = CLAMP (g_settings_get_int (settings, KIELA_SETTINGS_WINDOW_HEIGHT),
                   KIELA_SETTINGS_WINDOW_MIN_HEIGHT, KIELA_SETTINGS_WINDOW_MAX_SIZE);
}

guint
kiela_speed_interval_ms (KielaSpeed speed)
{
  /* A teacher talks over "very slow"; "very fast" still lets the eye follow a relay. */
  static const guint intervals[KIELA_N_SPEEDS] = { 1500, 800, 380, 160, 50, 0 };

  return intervals[CLAMP ((gint) speed, 0, KIELA_N_SPEEDS - 1)];
}

const char *
kiela_speed_label (KielaSpeed speed)
{
  static const char *labels[KIELA_N_SPEEDS] = {
    N_("Very slow"), N_("Slow"), N_("Normal"), N_("Fast"), N_("Very fast"), N_("Instant"),
  };

  return _(labels[CLAMP ((gint) speed, 0, KIELA_N_SPEEDS - 1)]);
}

gboolean
kiela_settings_speed_get_mapping (GValue *value, GVariant *variant, gpointer user_data)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (KIELA_TYPE_SPEED);
  GEnumValue *ev = g_enum_get_value_by_nick (klass, g_variant_get_string (variant, NULL));

  if (ev == NULL)
    return FALSE;
  if (G_VALUE_HOLDS_UINT (value))
    g_value_set_uint (value, (guint) ev->value);
  else if (G_VALUE_HOLDS_INT (value))
    g_value_set_int (value, ev->value);
  else if (G_VALUE_HOLDS_DOUBLE (value))
    g_value_set_double (value, ev->value);
  else
    return FALSE;
  return TRUE;
}

GVariant *
kiela_settings_speed_set_mapping (const GValue *value, const GVariantType *expected_type, gpointer user_data)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (KIELA_TYPE_SPEED);
  GEnumValue *ev;
  gint64 v;

  if (G_VALUE_HOLDS_UINT (value))
    {
      /* A combo row with nothing selected: no change. */
      if (g_value_get_uint (value) == G_MAXUINT)
        return NULL;
      v = g_value_get_uint (value);
    }
  else if (G_VALUE_HOLDS_INT (value))
    v = g_value_get_int (value);
  else if (G_VALUE_HOLDS_DOUBLE (value))
    v = (gint64) lround (g_value_get_double (value));
  else
    return NULL;

  ev = g_enum_get_value (klass, (int) CLAMP (v, 0, KIELA_N_SPEEDS - 1));
  return ev ? g_variant_new_string (ev->value_nick) : NULL;
}
