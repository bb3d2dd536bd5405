/* app-test-util.h: main-loop helpers and a widget test's start, shared by the app tests (static: a copy each). */
#pragma once

#include <glib.h>
#include <adwaita.h>

typedef gboolean (*Condition) (gpointer data);

/* Runs the main loop until `cond` holds; fails the test after `timeout_ms`. */
static inline void
wait_until (Condition cond, gpointer data, guint timeout_ms, const char *what)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static inline void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* A wait_until() condition: `widget` is on screen with a width (laid out at least once). */
static inline gboolean
app_test_widget_shown (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

/* Never the user's real files or dconf: points the XDG homes (data, config, state, cache) at a
 * fresh temporary folder, before GLib caches them (G_TEST_OPTION_ISOLATE_DIRS would also hide the
 * system GSettings schemas GTK needs), keeps settings in memory and initialises the test framework,
 * GTK and libadwaita; fails loudly without a display.  Returns the folder (the caller frees it). */
static inline char *
app_test_init (int *argc, char ***argv, const char *name)
{
  g_autofree char *template = g_strdup_printf ("kiela-%s-XXXXXX", name);
  char *tmp = g_dir_make_tmp (template, NULL);
  static const struct { const char *variable, *folder; } homes[] = {
    { "XDG_DATA_HOME", "data" }, { "XDG_CONFIG_HOME", "config" }, { "XDG_STATE_HOME", "state" },
    { "XDG_CACHE_HOME", "" },
  };

  g_assert_nonnull (tmp);
  for (guint i = 0; i < G_N_ELEMENTS (homes); i++)
    {
      g_autofree char *home = g_build_filename (tmp, homes[i].folder, NULL);

      g_setenv (homes[i].variable, home, TRUE);
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    g_error ("cannot open a display: run these tests under xvfb-run");
  adw_init ();
  return tmp;
}

/* The app's style sheet, as AdwApplication loads it for the app (the tests have no application). */
static inline void
app_test_load_style (void)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, "/io/github/kiela/Kiela/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}
