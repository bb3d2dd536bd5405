/* kiela-portrait.c: personalities carry their portrait as SVG text; render it once per size
 * into a memory texture so the dialog never re-parses SVG while drawing. */
#include "config.h"

#include <string.h>
#include <librsvg/rsvg.h>

#include "kiela-portrait.h"

GdkTexture *
kiela_portrait_render (const char *svg, int size, GError **error)
{
  RsvgHandle *handle;
  g_autoptr(GBytes) bytes = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport = { 0, 0, size, size };
  GdkTexture *texture;
  gboolean ok;

  g_return_val_if_fail (svg != NULL && size > 0, NULL);

  handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), error);
  if (handle == NULL)
    return NULL;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  ok = rsvg_handle_render_document (handle, cr, &viewport, error);
  cairo_destroy (cr);
  g_object_unref (handle);
  if (!ok)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_flush (surface);

  /* Cairo's ARGB32 is premultiplied native-endian: GDK_MEMORY_DEFAULT is exactly that. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * size,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  return texture;
}
