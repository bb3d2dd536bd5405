/* app-test-window-fixture.c: the main window tests' fixture and helpers (app-test-window-fixture.h). */
#include "config.h"

#include <glib/gstdio.h>

#include "kiela-trace-player.h"
#include "kiela-settings.h"
#include "app-test-window-fixture.h"

KielaWindow *
make_window (Fixture *f)
{
  return app_test_window_new (f->registry, f->prefs, f->autosave);
}

void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  g_assert_nonnull (kiela_registry_lookup_variant (f->registry, "kiela"));

  /* main() pointed the XDG homes at a temp dir; each test gets its own fresh folder in it. */
  g_assert_true (g_str_has_prefix (g_get_user_data_dir (), g_get_tmp_dir ()));
  f->dir = g_build_filename (g_get_user_data_dir (), "kiela", g_test_get_path (), NULL);
  g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
  f->autosave = g_build_filename (f->dir, "autosave.kiela", NULL);
  /* The memory backend lives as long as the process: every test starts from the defaults. */
  f->prefs = app_test_settings_new ();
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, GPOINTER_TO_INT (data));
  f->window = make_window (f);
}

void
fixture_teardown (Fixture *f, gconstpointer data)
{
  /* Closing the window ends its session: nothing the computer still thinks can land later. */
  KielaGameSession *session = kiela_window_get_session (f->window);

  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *) &session);
  g_clear_pointer (&f->window, app_test_window_free);
  g_assert_null (session);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
  g_free (f->dir);
  g_free (f->autosave);
}

void
assert_positions_equal (const KielaPosition *a, const KielaPosition *b)
{
  g_assert_cmpuint (a->files, ==, b->files);
  for (int side = 0; side < 2; side++)
    for (guint h = 0; h < 2u * a->files; h++)
      {
        if (a->houses[side][h] != b->houses[side][h])
          g_error ("side %d house %u: %u != %u", side, h, a->houses[side][h], b->houses[side][h]);
      }
}

void
click (Fixture *f, KielaSide side, const char *square)
{
  KielaSquare sq;
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_square_parse (kiela_game_get_position (kiela_window_get_game (f->window))->files,
                                     square, &sq, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sq.side, ==, side);
  g_signal_emit_by_name (kiela_window_get_board (f->window), "house-activated", (guint) side, (guint) sq.house);
}

void
activate (Fixture *f, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
}

/* An action's enabled state as the user sees it: the button bound to it is sensitive or not. */
static gboolean
is_actionable_for (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static GtkWidget *
find_actionable (GtkWidget *widget, const char *action)
{
  return app_test_find_widget (widget, is_actionable_for, action);
}

gboolean
action_enabled (Fixture *f, const char *name)
{
  g_autofree char *full = g_strconcat ("win.", name, NULL);
  GtkWidget *button = find_actionable (GTK_WIDGET (f->window), full);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

gboolean
player_at_end (gpointer data)
{
  Fixture *f = data;
  KielaTracePlayer *p = kiela_window_get_trace_player (f->window);

  return kiela_trace_player_is_at_end (p) && !kiela_trace_player_get_playing (p);
}

/* The side label names the side and its player, then its stones as the game holds them. */
void
assert_side_label (Fixture *f, KielaSide side, const char *named)
{
  guint n = kiela_position_side_total (kiela_game_get_position (kiela_window_get_game (f->window)), side);
  g_autofree char *expected = g_strdup_printf ("%s · %u stones", named, n);

  g_assert_cmpstr (kiela_window_get_side_label (f->window, side), ==, expected);
}

gboolean
window_drawn (gpointer data)
{
  Fixture *f = data;
  GtkWidget *w = GTK_WIDGET (f->window);
  return gtk_widget_get_mapped (w) && gtk_widget_get_width (w) >= 1200;
}
