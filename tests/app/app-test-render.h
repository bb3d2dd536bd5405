/* app-test-render.h: renders a widget as its window draws it, to a texture or to a PNG in
 * KIELA_TEST_OUTDIR for a person to look at (static: one copy a test program). */
#pragma once

#include <gtk/gtk.h>

/* `widget` at its allocated size; with `page`, on an opaque page first (a child widget has no
 * background of its own). */
G_GNUC_UNUSED static GdkTexture *
render_texture (GtkWidget *widget, gboolean page)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  GdkPaintable *paintable;
  GskRenderNode *node = NULL;
  GdkTexture *texture;
  int w, h;

  /* A window just presented on a busy machine may not be laid out yet. */
  while (gtk_widget_get_width (widget) <= 0 || gtk_widget_get_height (widget) <= 0)
    {
      if (g_get_monotonic_time () > end)
        g_error ("a %s to render has no size", G_OBJECT_TYPE_NAME (widget));
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  w = gtk_widget_get_width (widget);
  h = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);

  /* On a busy machine a window just shown may not have drawn its first frame yet: nothing to
   * snapshot until it has. */
  while (node == NULL)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();

      if (page)
        gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.98, 0.98, 0.98, 1 }, &GRAPHENE_RECT_INIT (0, 0, w, h));
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node == NULL)
        {
          g_assert_cmpint (g_get_monotonic_time (), <, end);
          g_main_context_iteration (NULL, FALSE);
          g_usleep (1000);
        }
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  return texture;
}

/* `widget` on an opaque page, saved as KIELA_TEST_OUTDIR/`name`. */
G_GNUC_UNUSED static void
render_to_png (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("KIELA_TEST_OUTDIR");
  g_autofree char *path = g_build_filename (dir ? dir : ".", name, NULL);
  g_autoptr(GdkTexture) texture = render_texture (widget, TRUE);

  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("rendered to %s", path);
}
