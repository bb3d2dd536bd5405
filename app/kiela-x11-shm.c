/* kiela-x11-shm.c: keeps cairo's shared memory for a whole window's frame between frames (X11,
 * cairo renderer).
 *
 * With GTK's cairo renderer on X11 a frame is painted into an image, then cairo-xlib copies the
 * part repainted into a shared memory segment (MIT-SHM) that the X server reads.  cairo keeps
 * those segments in pools per display, each eight times the size that made it, and removes a
 * pool as soon as nothing in it is in use.  The small repaints of most frames fit the small
 * pools that live on, but the first frame at each new window size repaints the whole window: a
 * new pool for it (8 MB at 1920×1080), faulted in page by page, then removed after the frame,
 * in the app and in the X server.  In the benchmark's resize (scripts/bench-frames.sh) those
 * page faults, the copy into fresh pages and the removal were about 40 % of each such frame.
 *
 * A tiny image kept in the pool made for a frame of the whole window keeps that pool: its pages
 * stay mapped and the next whole-window frames copy into them.  What it costs is the pool's
 * pages, as large as one frame of the window (the memory of one more window-sized image).
 * Nothing here changes what is drawn. */
#include "config.h"

#include "kiela-x11-shm.h"

#if defined (GDK_WINDOWING_X11) && defined (KIELA_HAVE_CAIRO_XLIB)
#include <gdk/x11/gdkx.h>
#include <cairo-xlib.h>

typedef struct {
  cairo_surface_t *root;     /* an xlib surface on the root window: the display's cairo device */
  cairo_surface_t *keeper;   /* the image that keeps its pool, or NULL */
  gsize kept_bytes;          /* the largest frame that pool was made for */
} Keep;

#define KEEP_KEY "kiela-x11-shm-keep"

static void
keep_free (gpointer data)
{
  Keep *keep = data;

  g_clear_pointer (&keep->keeper, cairo_surface_destroy);
  g_clear_pointer (&keep->root, cairo_surface_destroy);
  g_free (keep);
}

/* A pool for a frame of `width`×`height` device pixels: an image that large made (cairo finds no
 * pool with room and makes one, which it lists first), then a tiny one, which cairo puts in the
 * first pool listed with room, before the large one goes. */
static void
keep_for_size (Keep *keep, int width, int height)
{
  gsize bytes = (gsize) MAX (width, 1) * MAX (height, 1) * 4;
  cairo_surface_t *frame, *keeper;

  if (bytes <= keep->kept_bytes)
    return;
  frame = cairo_surface_create_similar_image (keep->root, CAIRO_FORMAT_ARGB32, width, height);
  keeper = cairo_surface_create_similar_image (keep->root, CAIRO_FORMAT_ARGB32, 8, 4);
  cairo_surface_destroy (frame);
  g_clear_pointer (&keep->keeper, cairo_surface_destroy);
  if (cairo_surface_status (keeper) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (keeper);
      return;
    }
  keep->keeper = keeper;
  keep->kept_bytes = bytes;
}

/* The surface's new size, before its first frame at that size is painted. */
static void
surface_layout_cb (GdkSurface *surface, int width, int height, Keep *keep)
{
  int scale = gdk_surface_get_scale_factor (surface);

  keep_for_size (keep, width * scale, height * scale);
}

static void
window_unrealize_cb (GtkWidget *window, gpointer data)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  /* Before the display goes: cairo's device closes with it. */
  if (surface != NULL && g_object_get_data (G_OBJECT (surface), KEEP_KEY) != NULL)
    {
      g_signal_handlers_disconnect_by_func (surface, surface_layout_cb, g_object_get_data (G_OBJECT (surface), KEEP_KEY));
      g_object_set_data (G_OBJECT (surface), KEEP_KEY, NULL);
    }
}

static void
window_realize_cb (GtkWidget *window, gpointer data)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  GdkDisplay *display = gtk_widget_get_display (window);
  Display *xdisplay;
  Keep *keep;

  if (surface == NULL || !GDK_IS_X11_DISPLAY (display)
      || !GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (GTK_NATIVE (window))))
    return;
  xdisplay = gdk_x11_display_get_xdisplay (display);
  keep = g_new0 (Keep, 1);
  keep->root = cairo_xlib_surface_create (xdisplay, gdk_x11_display_get_xrootwindow (display),
                                          DefaultVisual (xdisplay, DefaultScreen (xdisplay)), 1, 1);
  g_object_set_data_full (G_OBJECT (surface), KEEP_KEY, keep, keep_free);
  g_signal_connect (surface, "layout", G_CALLBACK (surface_layout_cb), keep);
  surface_layout_cb (surface, gdk_surface_get_width (surface), gdk_surface_get_height (surface), keep);
}
#endif

void
kiela_x11_shm_keep_frames (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

#if defined (GDK_WINDOWING_X11) && defined (KIELA_HAVE_CAIRO_XLIB)
  g_signal_connect (window, "realize", G_CALLBACK (window_realize_cb), NULL);
  g_signal_connect (window, "unrealize", G_CALLBACK (window_unrealize_cb), NULL);
#endif
}

gboolean
kiela_x11_shm_is_keeping (GtkWindow *window)
{
  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);

#if defined (GDK_WINDOWING_X11) && defined (KIELA_HAVE_CAIRO_XLIB)
  {
    GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
    Keep *keep = surface ? g_object_get_data (G_OBJECT (surface), KEEP_KEY) : NULL;

    return keep != NULL && keep->keeper != NULL;
  }
#else
  return FALSE;
#endif
}
