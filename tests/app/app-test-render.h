/* app-test-render.h: renders a widget to a PNG in KIELA_TEST_OUTDIR, for a person to look at (static: one copy a test program). */
#pragma once

#include <gtk/gtk.h>

/* `widget` as its window draws it, on an opaque page (a child widget has no background of its own). */
G_GNUC_UNUSED static void
render_to_png (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("KIELA_TEST_OUTDIR");
  g_autofree char *path = g_build_filename (dir ? dir : ".", name, NULL);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  g_autoptr(GdkTexture) texture = NULL;

  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.98, 0.98, 0.98, 1 }, &GRAPHENE_RECT_INIT (0, 0, w, h));
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  gsk_render_node_unref (node);
  g_object_unref (paintable);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("rendered to %s", path);
}
