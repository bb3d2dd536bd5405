/* test-hidpi.c: on a HiDPI screen (run with GDK_SCALE=2) the board's SVG artwork is rasterised
 * at device pixels, so a projector or 4K screen shows it crisp rather than a 1x render upscaled. */
#include "config.h"

#include <math.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-board-view-private.h"
#include "app-test-util.h"

typedef struct {
  KielaWindow *window;
  int logical_width;
} Wait;

/* The board has been drawn at the window's present size (the cache follows a resize once the
 * resize settles). */
static gboolean
board_rendered_at_size (gpointer data)
{
  Wait *w = data;
  KielaBoardView *board = kiela_window_get_board (w->window);
  graphene_rect_t rect;
  int bg_w, bg_h, cell;

  if (!gtk_widget_get_mapped (GTK_WIDGET (w->window))
      || abs (gtk_widget_get_width (GTK_WIDGET (w->window)) - w->logical_width) > 100)
    return FALSE;
  kiela_board_view_get_cache_pixels (board, &bg_w, &bg_h, &cell);
  kiela_board_view_get_board_rect (board, &rect);
  if (g_getenv ("KIELA_TEST_DEBUG"))
    g_printerr ("window %d, board %.1f, cache %d, scale %d\n", gtk_widget_get_width (GTK_WIDGET (w->window)),
                rect.size.width, bg_w, gtk_widget_get_scale_factor (GTK_WIDGET (board)));
  return bg_w > 0 && abs (bg_w - (int) ceil (rect.size.width * gtk_widget_get_scale_factor (GTK_WIDGET (board)))) <= 1;
}

static void
assert_device_pixels (KielaWindow *window)
{
  KielaBoardView *board = kiela_window_get_board (window);
  KielaHouse *house = kiela_board_view_get_house (board, KIELA_SOUTH, 0);
  graphene_rect_t rect;
  int bg_w, bg_h, cell;

  kiela_board_view_get_cache_pixels (board, &bg_w, &bg_h, &cell);
  kiela_board_view_get_board_rect (board, &rect);
  g_test_message ("board drawn %.0f×%.0f logical px, cached %d×%d device px, house cell %d px for %d logical",
                  rect.size.width, rect.size.height, bg_w, bg_h, cell, gtk_widget_get_width (GTK_WIDGET (house)));
  /* Twice the drawn size in both directions: one device pixel per texel. */
  g_assert_cmpint (abs (bg_w - (int) ceil (rect.size.width * 2)), <=, 1);
  g_assert_cmpint (abs (bg_h - (int) ceil (rect.size.height * 2)), <=, 1);
  /* The stone and highlight sprites too: a cell is twice the house widget's logical width. */
  g_assert_cmpint (abs (cell - 2 * gtk_widget_get_width (GTK_WIDGET (house))), <=, 2);
}

static void
test_board_at_device_scale (void)
{
  KielaRegistry *registry = kiela_registry_new ();
  GSettings *prefs = kiela_settings_new (NULL);
  KielaWindow *window;
  Wait w;

  kiela_registry_load_default (registry);
  g_assert_nonnull (prefs);
  window = app_test_window_new (registry, prefs, NULL);
  kiela_window_new_game (window, kiela_registry_lookup_variant (registry, "kiela"), NULL, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  gtk_window_present (GTK_WINDOW (window));
  w.window = window;
  w.logical_width = 1600;
  wait_until (board_rendered_at_size, &w, 10000, "the board to be drawn at 1600 px");
  /* GDK_SCALE=2 (set by the test runner): without it this test proves nothing. */
  g_assert_cmpint (gtk_widget_get_scale_factor (GTK_WIDGET (window)), ==, 2);
  assert_device_pixels (window);

  /* After a resize the cache is rendered again, still at device scale. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  w.logical_width = 1200;
  wait_until (board_rendered_at_size, &w, 10000, "the board to be drawn again at 1200 px");
  assert_device_pixels (window);

  app_test_window_free (window);
  g_object_unref (prefs);
  kiela_registry_free (registry);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-hidpi");

  g_test_add_func ("/app/hidpi/board-at-device-scale", test_board_at_device_scale);
  return g_test_run ();
}
