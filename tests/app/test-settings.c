/* test-settings.c: the GSettings schema and its use: the speed enum matches the schema, the
 * Preferences window and the main window follow the keys both ways, old key files are imported
 * once (bad ones ignored with a warning), and a missing schema stops the app with a message. */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND 1
#include <gio/gsettingsbackend.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-application.h"
#include "kiela-window.h"
#include "kiela-preferences-window.h"
#include "kiela-board-view-private.h"
#include "kiela-settings.h"
#include "kiela-enums.h"
#include "app-test-util.h"

static const char *const bool_keys[] = {
  KIELA_SETTINGS_PAUSE_ON_CAPTURE, KIELA_SETTINGS_NARRATION, KIELA_SETTINGS_SHOW_PLAYABLE,
};

/* The memory backend lives as long as the process: each test starts from the defaults. */
static GSettings *
fresh_settings (void)
{
  return app_test_settings_new ();
}

/* Runs what the main loop has pending. */
static void
drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static char *
legacy_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "kiela", "settings.ini", NULL);
}

static void
write_legacy (const char *text)
{
  g_autofree char *path = legacy_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
remove_legacy_files (void)
{
  g_autofree char *path = legacy_path ();
  g_autofree char *migrated = g_strconcat (path, ".migrated", NULL);
  g_autofree char *invalid = g_strconcat (path, ".invalid", NULL);

  g_unlink (path);
  g_unlink (migrated);
  g_unlink (invalid);
}

/* Starts the real application object (its startup is where the import happens).  Only once per
 * process: a registered GtkApplication stays exported on the session bus, so the tests that
 * start it run in a subprocess of their own (see IN_SUBPROCESS). */
static KielaApplication *
start_app_full (void)
{
  KielaApplication *app = kiela_application_new (g_get_monotonic_time ());
  g_autoptr(GError) error = NULL;

  /* No bus name and no exported object: two starts in one process must not collide. */
  g_application_set_application_id (G_APPLICATION (app), NULL);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_application_get_is_registered (G_APPLICATION (app)));
  g_assert_nonnull (kiela_application_get_settings (app));
  return app;
}

static void
start_app (void)
{
  g_object_unref (start_app_full ());
}

/* ---------- schema ---------- */

static void
test_speed_enum_matches_schema (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) nicks = NULL;
  g_autoptr(GEnumClass) klass = g_type_class_ref (KIELA_TYPE_SPEED);
  const char *kind;

  g_assert_cmpint (g_settings_get_enum (settings, KIELA_SETTINGS_SPEED), ==, KIELA_SPEED_NORMAL);

  g_object_get (settings, "settings-schema", &schema, NULL);
  key = g_settings_schema_get_key (schema, KIELA_SETTINGS_SPEED);
  range = g_settings_schema_key_get_range (key);
  g_variant_get (range, "(&sv)", &kind, &nicks);
  g_assert_cmpstr (kind, ==, "enum");
  g_assert_cmpuint (g_variant_n_children (nicks), ==, KIELA_N_SPEEDS);
  g_assert_cmpuint (klass->n_values, ==, KIELA_N_SPEEDS);

  for (int s = 0; s < KIELA_N_SPEEDS; s++)
    {
      GEnumValue *ev = g_enum_get_value (klass, s);

      g_assert_nonnull (ev);
      g_assert_true (g_settings_set_enum (settings, KIELA_SETTINGS_SPEED, s));
      g_assert_cmpint (g_settings_get_enum (settings, KIELA_SETTINGS_SPEED), ==, s);
      {
        g_autofree char *nick = g_settings_get_string (settings, KIELA_SETTINGS_SPEED);
        g_assert_cmpstr (nick, ==, ev->value_nick);
      }
    }
  /* Slower speeds wait longer; instant does not wait at all. */
  for (int s = 1; s < KIELA_N_SPEEDS; s++)
    g_assert_cmpuint (kiela_speed_interval_ms (s), <, kiela_speed_interval_ms (s - 1));
  g_assert_cmpuint (kiela_speed_interval_ms (KIELA_SPEED_INSTANT), ==, 0);
}

/* ---------- the Preferences window ---------- */

static void
test_preferences_window_bindings (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  KielaRegistry *registry = kiela_registry_new ();
  GtkWidget *window;
  AdwComboRow *speed_row;

  kiela_registry_load_default (registry);
  window = kiela_preferences_window_new (settings, registry);
  kiela_compat_preferences_present (window, NULL);
  drain ();

  /* Each switch writes its key, and a key written elsewhere moves the switch. */
  for (guint i = 0; i < G_N_ELEMENTS (bool_keys); i++)
    {
      static const char *const switch_names[] = { "pause_switch", "narration_switch", "playable_switch" };
      GtkSwitch *sw = GTK_SWITCH (gtk_widget_get_template_child (GTK_WIDGET (window), KIELA_TYPE_PREFERENCES_WINDOW,
                                                                 switch_names[i]));
      gboolean initial = g_settings_get_boolean (settings, bool_keys[i]);

      g_assert_nonnull (sw);
      g_assert_cmpint (gtk_switch_get_active (sw), ==, initial);
      gtk_switch_set_active (sw, !initial);
      drain ();
      g_assert_cmpint (g_settings_get_boolean (settings, bool_keys[i]), ==, !initial);
      g_settings_set_boolean (settings, bool_keys[i], initial);
      drain ();
      g_assert_cmpint (gtk_switch_get_active (sw), ==, initial);
    }

  speed_row = ADW_COMBO_ROW (gtk_widget_get_template_child (GTK_WIDGET (window), KIELA_TYPE_PREFERENCES_WINDOW,
                                                            "speed_row"));
  g_assert_nonnull (speed_row);
  g_assert_cmpuint (adw_combo_row_get_selected (speed_row), ==, KIELA_SPEED_NORMAL);
  for (int s = 0; s < KIELA_N_SPEEDS; s++)
    {
      GtkStringObject *item;

      adw_combo_row_set_selected (speed_row, s);
      g_assert_cmpint (g_settings_get_enum (settings, KIELA_SETTINGS_SPEED), ==, s);
      item = GTK_STRING_OBJECT (adw_combo_row_get_selected_item (speed_row));
      g_assert_cmpstr (gtk_string_object_get_string (item), ==, kiela_speed_label (s));
    }
  for (int s = KIELA_N_SPEEDS - 1; s >= 0; s--)
    {
      g_settings_set_enum (settings, KIELA_SETTINGS_SPEED, s);
      g_assert_cmpuint (adw_combo_row_get_selected (speed_row), ==, (guint) s);
    }

  kiela_compat_preferences_close (window);
  drain ();
  kiela_registry_free (registry);
}

/* ---------- the main window follows the keys ---------- */

static guint
count_playable (KielaBoardView *board)
{
  guint n = 0;

  for (int side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * kiela_board_view_get_files (board); h++)
      n += kiela_house_get_playable (kiela_board_view_get_house (board, side, h));
  return n;
}

static void
test_window_reacts (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  KielaRegistry *registry = kiela_registry_new ();
  KielaWindow *window;
  KielaBoardView *board;
  GtkWidget *narration_box, *speed_scale, *speed_label;
  GtkAdjustment *adj;

  kiela_registry_load_default (registry);
  g_settings_set_enum (settings, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  window = app_test_window_new (registry, settings, NULL);
  kiela_window_new_game (window, NULL, NULL, NULL);
  gtk_window_present (GTK_WINDOW (window));
  drain ();
  board = kiela_window_get_board (window);

  g_assert_cmpuint (count_playable (board), >, 0);
  g_settings_set_boolean (settings, KIELA_SETTINGS_SHOW_PLAYABLE, FALSE);
  g_assert_cmpuint (count_playable (board), ==, 0);
  g_settings_set_boolean (settings, KIELA_SETTINGS_SHOW_PLAYABLE, TRUE);
  g_assert_cmpuint (count_playable (board), >, 0);

  narration_box = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), KIELA_TYPE_WINDOW, "narration_box");
  g_assert_nonnull (narration_box);
  g_assert_true (gtk_widget_get_visible (narration_box));
  g_settings_set_boolean (settings, KIELA_SETTINGS_NARRATION, FALSE);
  g_assert_false (gtk_widget_get_visible (narration_box));
  g_settings_set_boolean (settings, KIELA_SETTINGS_NARRATION, TRUE);
  g_assert_true (gtk_widget_get_visible (narration_box));

  /* The speed slider under the board is the same setting. */
  speed_scale = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), KIELA_TYPE_WINDOW, "speed_scale");
  speed_label = (GtkWidget *) gtk_widget_get_template_child (GTK_WIDGET (window), KIELA_TYPE_WINDOW, "speed_label");
  g_assert_nonnull (speed_scale);
  g_assert_nonnull (speed_label);
  adj = gtk_range_get_adjustment (GTK_RANGE (speed_scale));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, KIELA_SPEED_INSTANT);
  g_settings_set_enum (settings, KIELA_SETTINGS_SPEED, KIELA_SPEED_SLOW);
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, KIELA_SPEED_SLOW);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (speed_label)), ==, kiela_speed_label (KIELA_SPEED_SLOW));
  gtk_adjustment_set_value (adj, KIELA_SPEED_VERY_FAST);
  g_assert_cmpint (g_settings_get_enum (settings, KIELA_SETTINGS_SPEED), ==, KIELA_SPEED_VERY_FAST);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (speed_label)), ==, kiela_speed_label (KIELA_SPEED_VERY_FAST));

  app_test_window_free (window);
  drain ();
  kiela_registry_free (registry);
}

/* ---------- importing the old key file ---------- */

/* Runs the calling test's body in a fresh child process (with fresh memory settings). */
#define IN_SUBPROCESS() \
  G_STMT_START { \
    if (!g_test_subprocess ()) \
      { \
        g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR); \
        g_test_trap_assert_passed (); \
        return; \
      } \
  } G_STMT_END

static void
test_migrate_once (void)
{
  IN_SUBPROCESS ();
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(KielaApplication) app = NULL;
  g_autofree char *path = legacy_path ();
  g_autofree char *migrated = g_strconcat (path, ".migrated", NULL);
  g_autofree char *kept = NULL;

  remove_legacy_files ();
  /* Every key of the old format, none at its default; a comment and an unknown key as
   * earlier versions could have left them. */
  write_legacy ("# Kiela preferences\n[kiela]\nspeed=4\nnarration=false\nshow-playable=false\n"
                "pause-on-capture=true\nfuture-key=1\n");
  app = start_app_full ();

  g_assert_cmpint (g_settings_get_enum (settings, KIELA_SETTINGS_SPEED), ==, KIELA_SPEED_VERY_FAST);
  g_assert_false (g_settings_get_boolean (settings, KIELA_SETTINGS_NARRATION));
  g_assert_false (g_settings_get_boolean (settings, KIELA_SETTINGS_SHOW_PLAYABLE));
  g_assert_true (g_settings_get_boolean (settings, KIELA_SETTINGS_PAUSE_ON_CAPTURE));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (migrated, &kept, NULL, NULL));
  g_assert_nonnull (strstr (kept, "speed=4"));
  /* The app's own settings object still writes through after the import (no pending delay). */
  g_settings_set_boolean (kiela_application_get_settings (app), KIELA_SETTINGS_SHOW_PLAYABLE, TRUE);
  g_assert_true (g_settings_get_boolean (settings, KIELA_SETTINGS_SHOW_PLAYABLE));
  g_assert_false (g_settings_get_has_unapplied (kiela_application_get_settings (app)));

  /* Once: what the user changes afterwards stays when startup runs the import again. */
  g_settings_set_enum (settings, KIELA_SETTINGS_SPEED, KIELA_SPEED_SLOW);
  g_settings_set_boolean (settings, KIELA_SETTINGS_NARRATION, TRUE);
  g_assert_false (kiela_settings_migrate_legacy (settings, NULL));
  g_assert_cmpint (g_settings_get_enum (settings, KIELA_SETTINGS_SPEED), ==, KIELA_SPEED_SLOW);
  g_assert_true (g_settings_get_boolean (settings, KIELA_SETTINGS_NARRATION));
  g_assert_true (g_file_test (migrated, G_FILE_TEST_IS_REGULAR));
  remove_legacy_files ();
}

static void
test_migrate_malformed (void)
{
  IN_SUBPROCESS ();
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autofree char *path = legacy_path ();
  g_autofree char *invalid = g_strconcat (path, ".invalid", NULL);

  remove_legacy_files ();
  write_legacy ("speed=0\nthis is not a key file\n");
  g_test_expect_message (NULL, G_LOG_LEVEL_WARNING, "*settings.ini are malformed*");
  start_app ();
  g_test_assert_expected_messages ();

  /* Nothing applied, nothing lost, and not read again. */
  g_assert_cmpint (g_settings_get_enum (settings, KIELA_SETTINGS_SPEED), ==, KIELA_SPEED_NORMAL);
  g_assert_true (g_settings_get_boolean (settings, KIELA_SETTINGS_NARRATION));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (invalid, G_FILE_TEST_IS_REGULAR));
  g_assert_false (kiela_settings_migrate_legacy (settings, NULL));
  remove_legacy_files ();
}

static void
test_migrate_bad_values (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autofree char *path = legacy_path ();

  remove_legacy_files ();
  /* Two bad values among good ones: the good ones are imported. */
  write_legacy ("[kiela]\nspeed=9\nnarration=maybe\nshow-playable=false\npause-on-capture=true\n");
  g_test_expect_message (NULL, G_LOG_LEVEL_WARNING, "*speed 9 is not between 0 and 5*");
  g_test_expect_message (NULL, G_LOG_LEVEL_WARNING, "*narration*not imported*");
  g_assert_true (kiela_settings_migrate_legacy (settings, NULL));
  g_test_assert_expected_messages ();

  g_assert_cmpint (g_settings_get_enum (settings, KIELA_SETTINGS_SPEED), ==, KIELA_SPEED_NORMAL);
  g_assert_true (g_settings_get_boolean (settings, KIELA_SETTINGS_NARRATION));
  g_assert_false (g_settings_get_boolean (settings, KIELA_SETTINGS_SHOW_PLAYABLE));
  g_assert_true (g_settings_get_boolean (settings, KIELA_SETTINGS_PAUSE_ON_CAPTURE));
  remove_legacy_files ();

  /* A folder where the file should be is left alone, with a warning. */
  g_assert_cmpint (g_mkdir_with_parents (path, 0700), ==, 0);
  g_test_expect_message (NULL, G_LOG_LEVEL_WARNING, "*not a regular file*");
  g_assert_false (kiela_settings_migrate_legacy (settings, NULL));
  g_test_assert_expected_messages ();
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  g_rmdir (path);
}

/* The old file is read with a bound: a sparse file of a gigabyte (once read whole, 1.1 GB of
 * memory) is refused at once, named, left where it is and nothing imported; a named pipe
 * (which would block the start) is left alone too. */
static void
test_migrate_huge_file (void)
{
  IN_SUBPROCESS ();
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autofree char *path = legacy_path ();
  g_autofree char *migrated = g_strconcat (path, ".migrated", NULL);
  g_autofree char *invalid = g_strconcat (path, ".invalid", NULL);
  gint64 start;
  FILE *f;

  remove_legacy_files ();
  write_legacy ("[kiela]\nspeed=4\n");
  f = fopen (path, "r+");
  g_assert_nonnull (f);
  g_assert_cmpint (ftruncate (fileno (f), (off_t) 1 << 30), ==, 0);
  fclose (f);

  start = g_get_monotonic_time ();
  g_test_expect_message (NULL, G_LOG_LEVEL_WARNING, "*settings.ini cannot be read*not imported*");
  g_assert_false (kiela_settings_migrate_legacy (settings, NULL));
  g_test_assert_expected_messages ();
  /* Refused before reading: well under the seconds a gigabyte takes. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
  g_assert_cmpint (g_settings_get_enum (settings, KIELA_SETTINGS_SPEED), ==, KIELA_SPEED_NORMAL);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (migrated, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (invalid, G_FILE_TEST_EXISTS));
  remove_legacy_files ();

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_test_expect_message (NULL, G_LOG_LEVEL_WARNING, "*settings.ini are not a regular file*");
  g_assert_false (kiela_settings_migrate_legacy (settings, NULL));
  g_test_assert_expected_messages ();
  g_unlink (path);
}

/* ---------- the window's size ---------- */

static void
test_window_size_restored (void)
{
  IN_SUBPROCESS ();
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(KielaApplication) app = NULL;
  GtkWindow *window;
  int width, height;

  /* As a previous session left it. */
  g_settings_set_int (settings, KIELA_SETTINGS_WINDOW_WIDTH, 1010);
  g_settings_set_int (settings, KIELA_SETTINGS_WINDOW_HEIGHT, 690);
  app = start_app_full ();
  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_nonnull (window);
  gtk_window_get_default_size (window, &width, &height);
  g_assert_cmpint (width, ==, 1010);
  g_assert_cmpint (height, ==, 690);
  g_assert_false (gtk_window_is_maximized (window));

  /* The size the user leaves it at comes back at the next start: closing the window… */
  gtk_window_set_default_size (window, 1180, 740);
  gtk_window_close (window);
  drain ();
  g_assert_cmpint (g_settings_get_int (settings, KIELA_SETTINGS_WINDOW_WIDTH), ==, 1180);
  g_assert_cmpint (g_settings_get_int (settings, KIELA_SETTINGS_WINDOW_HEIGHT), ==, 740);
  g_assert_false (g_settings_get_boolean (settings, KIELA_SETTINGS_WINDOW_MAXIMIZED));
  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_nonnull (window);
  gtk_window_get_default_size (window, &width, &height);
  g_assert_cmpint (width, ==, 1180);
  g_assert_cmpint (height, ==, 740);

  /* …or quitting (Ctrl+Q). */
  gtk_window_set_default_size (window, 1111, 666);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  drain ();
  g_assert_null (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_cmpint (g_settings_get_int (settings, KIELA_SETTINGS_WINDOW_WIDTH), ==, 1111);
  g_assert_cmpint (g_settings_get_int (settings, KIELA_SETTINGS_WINDOW_HEIGHT), ==, 666);
}

/* Values nobody could have saved (dconf or a key file edited by hand) never reach GTK: they
 * made gtk_window_set_default_size() log a critical (fatal in the tests). */
static void
test_window_size_absurd (void)
{
  IN_SUBPROCESS ();
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(KielaApplication) app = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kiela-keyfile-XXXXXX", NULL);
  g_autofree char *keyfile = g_build_filename (dir, "keyfile", NULL);
  const char *const cases[][3] = {
    /* the file's values, then the width and height to start with */
    { "window-width=-100\nwindow-height=-1\n", "1280", "820" },
    { "window-width=2147483647\nwindow-height=0\n", "1280", "820" },
    { "window-width=1100\nwindow-height=700\n", "1100", "700" },
    { "window-width='wide'\nwindow-height=700.5\n", "1280", "820" },
  };
  GtkWindow *window;
  int width, height;

  g_object_get (settings, "settings-schema", &schema, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strconcat ("[kiela]\n", cases[i][0], NULL);
      g_autoptr(GSettingsBackend) backend = NULL;
      g_autoptr(GSettings) edited = NULL;

      g_assert_true (g_file_set_contents (keyfile, text, -1, NULL));
      backend = g_keyfile_settings_backend_new (keyfile, "/io/github/kiela/Kiela/", "kiela");
      edited = g_settings_new_full (schema, backend, NULL);
      kiela_settings_get_window_size (edited, &width, &height);
      g_assert_cmpint (width, ==, atoi (cases[i][1]));
      g_assert_cmpint (height, ==, atoi (cases[i][2]));
    }
  g_unlink (keyfile);
  g_rmdir (dir);

  /* What the window saves stays within the range too: set_int() refuses anything else with a
   * critical, and the next start would get the default. */
  app = start_app_full ();
  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_nonnull (window);
  gtk_window_set_default_size (window, 100000, 100);
  gtk_window_close (window);
  drain ();
  g_assert_cmpint (g_settings_get_int (settings, KIELA_SETTINGS_WINDOW_WIDTH), ==, KIELA_SETTINGS_WINDOW_MAX_SIZE);
  g_assert_cmpint (g_settings_get_int (settings, KIELA_SETTINGS_WINDOW_HEIGHT), ==, KIELA_SETTINGS_WINDOW_MIN_HEIGHT);
}

/* ---------- without the schema ---------- */

static void
test_missing_schema (void)
{
  g_autofree char *empty = g_dir_make_tmp ("kiela-no-schema-XXXXXX", NULL);
  g_auto(GStrv) envp = g_get_environ ();
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { KIELA_APP_BINARY, NULL };
  int status;

  /* No schema anywhere: neither the build tree's nor any system folder's. */
  envp = g_environ_setenv (envp, "GSETTINGS_SCHEMA_DIR", empty, TRUE);
  envp = g_environ_setenv (envp, "XDG_DATA_DIRS", empty, TRUE);
  envp = g_environ_setenv (envp, "LANGUAGE", "C", TRUE);
  g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_test_message ("kiela said: %s", err);
  /* A clear message and an exit status, not an abort. */
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (err, "settings schema " KIELA_APP_ID " is not installed"));
  g_assert_nonnull (strstr (err, empty));
  g_rmdir (empty);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-settings");

  g_test_add_func ("/settings/schema/speed-enum", test_speed_enum_matches_schema);
  g_test_add_func ("/settings/preferences-window/bindings", test_preferences_window_bindings);
  g_test_add_func ("/settings/window/reacts", test_window_reacts);
  g_test_add_func ("/settings/migrate/once", test_migrate_once);
  g_test_add_func ("/settings/migrate/malformed", test_migrate_malformed);
  g_test_add_func ("/settings/migrate/bad-values", test_migrate_bad_values);
  g_test_add_func ("/settings/migrate/huge-file", test_migrate_huge_file);
  g_test_add_func ("/settings/window/size-restored", test_window_size_restored);
  g_test_add_func ("/settings/window/size-absurd", test_window_size_absurd);
  g_test_add_func ("/settings/missing-schema", test_missing_schema);

  return g_test_run ();
}
