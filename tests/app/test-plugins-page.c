/* test-plugins-page.c: Preferences → Plugins for a plugin that crashed when loaded, and its Try Again button. */
#include "config.h"

#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-settings.h"
#include "kiela-preferences-window.h"
#include "app-test-render.h"
#include "app-test-util.h"
#include "tests/test-plugin-util.h"

static gboolean
is_button_labelled (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static GtkWidget *
find_button (GtkWidget *widget, const char *label)
{
  return app_test_find_widget (widget, is_button_labelled, label);
}

static void
test_crashed_plugin (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-crashed-XXXXXX", NULL);
  g_autofree char *src = g_build_filename (KIELA_TEST_CRASHING_DIR, "segv-register.so", NULL);
  g_autofree char *src_info = g_build_filename (KIELA_TEST_CRASHING_DIR, "segv-register.plugin", NULL);
  g_autofree char *module = g_build_filename (dir, "segv-register.so", NULL);
  g_autofree char *info = g_build_filename (dir, "segv-register.plugin", NULL);
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_autoptr(KielaRegistry) rescan = kiela_registry_new ();
  g_autoptr(GSettings) prefs = kiela_settings_new (NULL);
  const KielaPluginRecord *crashed = NULL;
  GtkWidget *window;
  GtkWidget *retry;
  copy_file (src, module);
  copy_file (src_info, info);

  /* The start that meets it checks it in another process first: it crashes there... */
  {
    g_autoptr(KielaRegistry) first = kiela_registry_new ();
    g_setenv ("KIELA_PLUGIN_PATH", dir, TRUE);
    kiela_registry_load_default (first);
    for (guint i = 0; i < kiela_registry_get_plugins (first)->len; i++)
      {
        const KielaPluginRecord *r = g_ptr_array_index (kiela_registry_get_plugins (first), i);
        if (g_strcmp0 (r->path, module) == 0)
          crashed = r;
      }
    g_assert_nonnull (crashed);
    g_assert_cmpstr (crashed->reason, ==, "crashed with SIGSEGV while loading");
    crashed = NULL;
  }

  /* ...and the next start, which skips it. */
  g_setenv ("KIELA_PLUGIN_PATH", dir, TRUE);
  kiela_registry_load_default (registry);
  for (guint i = 0; i < kiela_registry_get_plugins (registry)->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (kiela_registry_get_plugins (registry), i);
      if (g_strcmp0 (r->path, module) == 0)
        crashed = r;
    }
  g_assert_nonnull (crashed);
  g_assert_true (crashed->crashed);
  /* What the check found the first time, not only that it crashed. */
  g_assert_cmpstr (crashed->reason, ==, "crashed with SIGSEGV while loading");
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "kiela"));

  window = kiela_preferences_window_new (prefs, registry);
  kiela_preferences_window_show_plugins (KIELA_PREFERENCES_WINDOW (window));
  kiela_compat_preferences_set_size (window, 720, 760);
  kiela_compat_preferences_present (window, NULL);
  spin (600);
  render_to_png (GTK_WIDGET (window), "kiela-plugins-crashed.png");

  retry = find_button (GTK_WIDGET (window), "_Try Again");
  g_assert_nonnull (retry);
  g_assert_true (gtk_widget_get_sensitive (retry));
  g_signal_emit_by_name (retry, "clicked");
  g_assert_false (gtk_widget_get_sensitive (retry));
  spin (200);
  render_to_png (GTK_WIDGET (window), "kiela-plugins-retried.png");

  /* The crash record is gone: the next start would load the module again. */
  kiela_registry_scan_default (rescan);
  for (guint i = 0; i < kiela_registry_get_plugins (rescan)->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (kiela_registry_get_plugins (rescan), i);
      if (g_strcmp0 (r->path, module) == 0)
        {
          g_assert_false (r->crashed);
          g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FOUND);
        }
    }
  g_setenv ("KIELA_PLUGIN_PATH", "", TRUE);

  kiela_compat_preferences_close (window);
  g_unlink (module);
  g_unlink (info);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-plugins-page");
  g_test_add_func ("/plugins-page/crashed-plugin", test_crashed_plugin);
  return g_test_run ();
}
