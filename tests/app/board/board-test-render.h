/* board-test-render.h: renders a board view through its PNG export and reads the pixels back,
 * shared by the board tests that compare pixels. */
#pragma once

#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "kiela-board-view.h"

static inline cairo_surface_t *
render (KielaBoardView *board, int width, int height)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int fd = g_file_open_tmp ("board-XXXXXX.png", &path, &error);
  cairo_surface_t *surface;

  g_assert_no_error (error);
  close (fd);
  g_assert_true (kiela_board_view_save_png (board, path, width, height, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_unlink (path);
  return surface;
}
