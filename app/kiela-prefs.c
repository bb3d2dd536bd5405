/* kiela-prefs.c: preferences as GObject properties, persisted in a GKeyFile so tests and
 * uninstalled runs need no compiled GSettings schema. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kiela-prefs.h"

struct _KielaPrefs {
  GObject parent_instance;
  char *path;
  KielaSpeed speed;
  gboolean narration;
  gboolean show_playable;
  gboolean pause_on_capture;
  gboolean loading;
};

G_DEFINE_FINAL_TYPE (KielaPrefs, kiela_prefs, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SPEED,
  PROP_NARRATION,
  PROP_SHOW_PLAYABLE,
  PROP_PAUSE_ON_CAPTURE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define GROUP "kiela"

static void
kiela_prefs_save (KielaPrefs *self)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;

  if (self->loading || self->path == NULL)
    return;

  /* Keep keys other versions may have written (only from a regular file:
   * opening a named pipe would block the app). */
  if (g_file_test (self->path, G_FILE_TEST_IS_REGULAR))
    g_key_file_load_from_file (kf, self->path, G_KEY_FILE_KEEP_COMMENTS, NULL);
  g_key_file_set_integer (kf, GROUP, "speed", self->speed);
  g_key_file_set_boolean (kf, GROUP, "narration", self->narration);
  g_key_file_set_boolean (kf, GROUP, "show-playable", self->show_playable);
  g_key_file_set_boolean (kf, GROUP, "pause-on-capture", self->pause_on_capture);

  dir = g_path_get_dirname (self->path);
  g_mkdir_with_parents (dir, 0700);
  /* g_key_file_save_to_file writes atomically (g_file_set_contents). */
  if (!g_key_file_save_to_file (kf, self->path, &error))
    g_warning ("Could not save preferences to %s: %s", self->path, error->message);
}

static void
kiela_prefs_load (KielaPrefs *self)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  if (g_file_test (self->path, G_FILE_TEST_EXISTS) && !g_file_test (self->path, G_FILE_TEST_IS_REGULAR))
    {
      g_warning ("Preferences %s are not a regular file (using defaults)", self->path);
      return;
    }
  if (!g_key_file_load_from_file (kf, self->path, G_KEY_FILE_NONE, &error))
    {
      if (!g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_warning ("Could not read preferences %s: %s (using defaults)", self->path, error->message);
      return;
    }

  self->loading = TRUE;
  if (g_key_file_has_key (kf, GROUP, "speed", NULL))
    {
      gint v = g_key_file_get_integer (kf, GROUP, "speed", NULL);
      g_object_set (self, "speed", CLAMP (v, 0, KIELA_N_SPEEDS - 1), NULL);
    }
  if (g_key_file_has_key (kf, GROUP, "narration", NULL))
    g_object_set (self, "narration", g_key_file_get_boolean (kf, GROUP, "narration", NULL), NULL);
  if (g_key_file_has_key (kf, GROUP, "show-playable", NULL))
    g_object_set (self, "show-playable", g_key_file_get_boolean (kf, GROUP, "show-playable", NULL), NULL);
  if (g_key_file_has_key (kf, GROUP, "pause-on-capture", NULL))
    g_object_set (self, "pause-on-capture", g_key_file_get_boolean (kf, GROUP, "pause-on-capture", NULL), NULL);
  self->loading = FALSE;
}

static void
kiela_prefs_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KielaPrefs *self = KIELA_PREFS (object);

  switch (prop_id)
    {
    case PROP_SPEED: g_value_set_int (value, self->speed); break;
    case PROP_NARRATION: g_value_set_boolean (value, self->narration); break;
    case PROP_SHOW_PLAYABLE: g_value_set_boolean (value, self->show_playable); break;
    case PROP_PAUSE_ON_CAPTURE: g_value_set_boolean (value, self->pause_on_capture); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_prefs_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KielaPrefs *self = KIELA_PREFS (object);

  switch (prop_id)
    {
    case PROP_SPEED: self->speed = g_value_get_int (value); break;
    case PROP_NARRATION: self->narration = g_value_get_boolean (value); break;
    case PROP_SHOW_PLAYABLE: self->show_playable = g_value_get_boolean (value); break;
    case PROP_PAUSE_ON_CAPTURE: self->pause_on_capture = g_value_get_boolean (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec); return;
    }
  kiela_prefs_save (self);
}

static void
kiela_prefs_finalize (GObject *object)
{
  KielaPrefs *self = KIELA_PREFS (object);

  g_free (self->path);
  G_OBJECT_CLASS (kiela_prefs_parent_class)->finalize (object);
}

static void
kiela_prefs_class_init (KielaPrefsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = kiela_prefs_get_property;
  object_class->set_property = kiela_prefs_set_property;
  object_class->finalize = kiela_prefs_finalize;

  properties[PROP_SPEED] =
    g_param_spec_int ("speed", NULL, NULL, 0, KIELA_N_SPEEDS - 1, KIELA_SPEED_NORMAL,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NARRATION] =
    g_param_spec_boolean ("narration", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_PLAYABLE] =
    g_param_spec_boolean ("show-playable", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAUSE_ON_CAPTURE] =
    g_param_spec_boolean ("pause-on-capture", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kiela_prefs_init (KielaPrefs *self)
{
  self->speed = KIELA_SPEED_NORMAL;
  self->narration = TRUE;
  self->show_playable = TRUE;
}

KielaPrefs *
kiela_prefs_new (const char *path)
{
  KielaPrefs *self = g_object_new (KIELA_TYPE_PREFS, NULL);

  self->path = path ? g_strdup (path)
                    : g_build_filename (g_get_user_config_dir (), "kiela", "settings.ini", NULL);
  kiela_prefs_load (self);
  return self;
}

const char *
kiela_prefs_get_path (KielaPrefs *self)
{
  return self->path;
}

KielaSpeed
kiela_prefs_get_speed (KielaPrefs *self)
{
  return self->speed;
}

void
kiela_prefs_set_speed (KielaPrefs *self, KielaSpeed speed)
{
  speed = CLAMP ((gint) speed, 0, KIELA_N_SPEEDS - 1);
  if (self->speed == speed)
    return;
  g_object_set (self, "speed", (gint) speed, NULL);
}

gboolean
kiela_prefs_get_narration (KielaPrefs *self)
{
  return self->narration;
}

gboolean
kiela_prefs_get_show_playable (KielaPrefs *self)
{
  return self->show_playable;
}

gboolean
kiela_prefs_get_pause_on_capture (KielaPrefs *self)
{
  return self->pause_on_capture;
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
