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

/* The window hands the board view `want`: every house's count. */
static inline void
app_test_assert_shown_position (KielaWindow *window, const KielaPosition *want)
{
  const KielaPosition *shown = kiela_window_get_shown_position (window);

  for (int side = 0; side < 2; side++)
    for (guint h = 0; h < 2u * want->files; h++)
      g_assert_cmpuint (shown->houses[side][h], ==, want->houses[side][h]);
}

/* A window on its own registry and settings at the instant speed, not shown, autosaving into the
 * test's data folder, and its move list: the fixture of the move-list tests (g_test_add). */
typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  GtkWidget *view;  /* the window's move list, a GtkListView */
  char *dir;        /* the data folder ($XDG_DATA_HOME/kiela), which holds the autosave */
} AppTestMoveList;

static inline void
app_test_move_list_setup (AppTestMoveList *f, gconstpointer data)
{
  g_autofree char *autosave = NULL;

  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  f->dir = g_build_filename (g_get_user_data_dir (), "kiela", NULL);
  g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
  autosave = g_build_filename (f->dir, "autosave.kiela", NULL);
  f->prefs = kiela_settings_new (NULL);
  g_assert_nonnull (f->prefs);
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  f->window = app_test_window_new (f->registry, f->prefs, autosave);
  f->view = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->window), KIELA_TYPE_WINDOW, "move_list"));
  g_assert_true (GTK_IS_LIST_VIEW (f->view));
}

static inline void
app_test_move_list_teardown (AppTestMoveList *f, gconstpointer data)
{
  g_clear_pointer (&f->window, app_test_window_free);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
  g_free (f->dir);
}
