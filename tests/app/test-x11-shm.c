/* test-x11-shm.c: a window that keeps cairo's shared memory for its whole frames
 * (kiela-x11-shm.h) paints the first frame at each new size into the segment it already has,
 * instead of a new segment each time (X11 under Xvfb, cairo renderer). */
#include "config.h"

#include <string.h>
#include <unistd.h>
#include <gdk/x11/gdkx.h>

#include "kiela-x11-shm.h"
#include "app-test-util.h"

#define WIDE_W 800
#define WIDE_H 600
#define NARROW_W 640
#define NARROW_H 480

/* The ids of the shared memory segments this process made that can hold a frame of
 * `min_bytes` (/proc/sysvipc/shm: key shmid perms size cpid ...), sorted, joined by spaces. */
static char *
big_segments (gsize min_bytes)
{
  g_autofree char *table = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);

  g_assert_true (g_file_get_contents ("/proc/sysvipc/shm", &table, NULL, NULL));
  lines = g_strsplit (table, "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
      g_autoptr(GPtrArray) fields = g_ptr_array_new ();

      for (guint j = 0; f[j] != NULL; j++)
        if (*f[j] != '\0')
          g_ptr_array_add (fields, f[j]);
      if (fields->len < 5)
        continue;
      if (g_ascii_strtoull (g_ptr_array_index (fields, 3), NULL, 10) >= min_bytes
          && g_ascii_strtoll (g_ptr_array_index (fields, 4), NULL, 10) == getpid ())
        g_ptr_array_add (ids, g_strdup (g_ptr_array_index (fields, 1)));
    }
  g_ptr_array_sort (ids, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < ids->len; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "", (char *) g_ptr_array_index (ids, i));
  return g_string_free (out, FALSE);
}

typedef struct {
  GtkWidget *window;
  int width;
} Wait;

static gboolean
at_width (gpointer data)
{
  Wait *w = data;

  return gtk_widget_get_mapped (w->window) && gtk_widget_get_width (w->window) == w->width;
}

/* The window at `width`×`height`, painted there. */
static void
resize_to (GtkWidget *window, int width, int height)
{
  Wait w = { window, width };

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  wait_until (at_width, &w, 10000, "the window's new size");
  app_test_wait_frames (window, 3);
}

static void
test_whole_frames_reuse_a_segment (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *child = gtk_label_new ("A label over the whole window");
  gsize frame_bytes = (gsize) NARROW_W * NARROW_H * 4;
  g_autofree char *first = NULL;

  g_assert_true (GDK_IS_X11_DISPLAY (gdk_display_get_default ()));
  /* Something painted across the whole window: every frame at a new size repaints all of it. */
  gtk_widget_add_css_class (child, "view");
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  kiela_x11_shm_keep_frames (GTK_WINDOW (window));
  gtk_window_set_default_size (GTK_WINDOW (window), WIDE_W, WIDE_H);
  gtk_window_present (GTK_WINDOW (window));
  resize_to (window, WIDE_W, WIDE_H);
  g_assert_true (GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (GTK_NATIVE (window))));
  g_assert_true (kiela_x11_shm_is_keeping (GTK_WINDOW (window)));

  /* One segment large enough for a whole frame, the one the window keeps. */
  first = big_segments (frame_bytes);
  g_test_message ("segments after the first frame: %s", first);
  g_assert_cmpstr (first, !=, "");
  g_assert_null (strchr (first, ' '));

  /* Each new size is painted whole into that same segment: none made, none removed. */
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *now = NULL;

      if (i % 2 == 0)
        resize_to (window, NARROW_W, NARROW_H);
      else
        resize_to (window, WIDE_W, WIDE_H);
      now = big_segments (frame_bytes);
      g_assert_cmpstr (now, ==, first);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Not realized, nothing kept; a window realized and gone leaves nothing behind. */
static void
test_unrealized (void)
{
  GtkWidget *window = gtk_window_new ();

  kiela_x11_shm_keep_frames (GTK_WINDOW (window));
  g_assert_false (kiela_x11_shm_is_keeping (GTK_WINDOW (window)));
  gtk_widget_realize (window);
  g_assert_true (kiela_x11_shm_is_keeping (GTK_WINDOW (window)));
  gtk_widget_unrealize (window);
  g_assert_false (kiela_x11_shm_is_keeping (GTK_WINDOW (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "x11-shm");

  g_test_add_func ("/x11-shm/whole-frames-reuse-a-segment", test_whole_frames_reuse_a_segment);
  g_test_add_func ("/x11-shm/unrealized", test_unrealized);
  return g_test_run ();
}
