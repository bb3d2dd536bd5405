/* app-test-window.h: a main window on its own registry and in-memory settings, with a new game,
 * shown at a size: the start of a widget test (static: a copy each test program). */
#pragma once

#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "app-test-util.h"

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
} AppTestWindow;

static inline gboolean
app_test_window_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (((AppTestWindow *) data)->window));
}

/* A game of `variant` replayed at `speed`, in a window of `width`×`height` (as far as the screen
 * allows), shown and drawn. */
static inline void
app_test_window_open (AppTestWindow *t, const char *variant, KielaSpeed speed, int width, int height)
{
  t->registry = kiela_registry_new ();
  kiela_registry_load_default (t->registry);
  t->prefs = app_test_settings_new ();
  g_settings_set_enum (t->prefs, KIELA_SETTINGS_SPEED, speed);
  t->window = app_test_window_new (t->registry, t->prefs, NULL);
  kiela_window_new_game (t->window, kiela_registry_lookup_variant (t->registry, variant), NULL, NULL);
  gtk_window_set_default_size (GTK_WINDOW (t->window), width, height);
  gtk_window_present (GTK_WINDOW (t->window));
  wait_until (app_test_window_mapped, t, 10000, "the window to be shown");
  spin (300);
}

static inline void
app_test_window_close (AppTestWindow *t)
{
  g_clear_pointer (&t->window, app_test_window_free);
  g_clear_object (&t->prefs);
  g_clear_pointer (&t->registry, kiela_registry_free);
}
