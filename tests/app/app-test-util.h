/* app-test-util.h: main-loop helpers and a widget test's start, shared by the app tests (static: a copy each). */
#pragma once

#include <glib.h>
#include <adwaita.h>

typedef gboolean (*Condition) (gpointer data);

/* Runs the main loop until `cond` holds; fails the test after `timeout_ms`. */
static void
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

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

typedef gboolean (*WidgetMatch) (GtkWidget *widget, gconstpointer data);

/* The first widget under `root` (itself included), depth first, that `match` accepts, or NULL. */
G_GNUC_UNUSED static GtkWidget *
find_widget (GtkWidget *root, WidgetMatch match, gconstpointer data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_widget (c, match, data);

      if (found)
        return found;
    }
  return NULL;
}

/* Points the XDG homes at a fresh temporary folder (before GLib caches them), keeps settings in
 * memory and initialises the test framework and GTK; fails loudly without a display.  Returns the
 * folder (the caller frees it). */
static inline char *
app_test_init (int *argc, char ***argv, const char *name)
{
  g_autofree char *template = g_strdup_printf ("kiela-%s-XXXXXX", name);
  char *tmp = g_dir_make_tmp (template, NULL);
  g_autofree char *data_home = NULL, *config_home = NULL;

  g_assert_nonnull (tmp);
  data_home = g_build_filename (tmp, "data", NULL);
  config_home = g_build_filename (tmp, "config", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);
  g_setenv ("XDG_CACHE_HOME", tmp, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    g_error ("cannot open a display: run these tests under xvfb-run");
  adw_init ();
  return tmp;
}
