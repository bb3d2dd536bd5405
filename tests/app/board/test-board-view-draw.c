/* test-board-view-draw.c: the board widget draws what the position holds: PNGs of it (a bad size
 * refused, a failed write keeping the old file), its artwork cached across count changes and
 * for every size, each house in render nodes of its own (run under Xvfb). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "board-test-render.h"
#include "kiela-board-view-private.h"
#include "../../test-full-disk.h"
#include "test-board-view-common.h"

/* ------------------------------------------------------------------------------------------ */

typedef struct {
  int x0, y0, x1, y1;  /* bounding box of differing pixels, x1/y1 exclusive */
  guint n;
} Diff;

static Diff
diff_images (cairo_surface_t *a, cairo_surface_t *b)
{
  Diff d = { G_MAXINT, G_MAXINT, -1, -1, 0 };
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);

  g_assert_cmpint (w, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (h, ==, cairo_image_surface_get_height (b));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (memcmp (pa + y * stride + 4 * x, pb + y * stride + 4 * x, 4) != 0)
        {
          d.n++;
          d.x0 = MIN (d.x0, x);
          d.y0 = MIN (d.y0, y);
          d.x1 = MAX (d.x1, x + 1);
          d.y1 = MAX (d.y1, y + 1);
        }
  return d;
}

static void
test_png_shows_position (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  KielaPosition pos;
  cairo_surface_t *start, *g1_full, *a4_empty;
  const guint8 *data;
  Diff d1, d2;
  const int width = 1000, height = 520;

  parse_position (START_KPN, &pos);
  kiela_board_view_set_position (board, &pos);
  start = render (board, width, height);
  g_assert_cmpint (cairo_image_surface_get_width (start), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (start), ==, height);
  /* The middle of the board is opaque wood, not an empty picture. */
  data = cairo_image_surface_get_data (start);
  g_assert_cmpuint (data[(height / 2) * cairo_image_surface_get_stride (start) + 4 * (width / 2) + 3], ==, 255);

  /* Nine stones in g1 (South outer row, file 7 of 10): the picture changes there only. */
  pos.houses[KIELA_SOUTH][6] = 9;
  kiela_board_view_set_position (board, &pos);
  g1_full = render (board, width, height);
  d1 = diff_images (start, g1_full);
  g_assert_cmpuint (d1.n, >, 200);
  /* bottom quarter of the picture, between 6/10 and 7/10 of the width (give or take the frame) */
  g_assert_cmpint (d1.y0, >, height / 2 + height / 5);
  g_assert_cmpint (d1.x0, >, width * 55 / 100);
  g_assert_cmpint (d1.x1, <, width * 72 / 100);

  /* a4 emptied (North outer row, far left): a change at the top left only. */
  pos.houses[KIELA_NORTH][9] = 0;
  kiela_board_view_set_position (board, &pos);
  a4_empty = render (board, width, height);
  d2 = diff_images (g1_full, a4_empty);
  g_assert_cmpuint (d2.n, >, 100);
  g_assert_cmpint (d2.y1, <, height / 2 - height / 5);
  g_assert_cmpint (d2.x1, <, width * 20 / 100);

  cairo_surface_destroy (start);
  cairo_surface_destroy (g1_full);
  cairo_surface_destroy (a4_empty);
}

static void
test_png_rejects_bad_size (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  g_autoptr(GError) error = NULL;

  g_assert_false (kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), "/nonexistent/x.png", 0, 100, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), "/nonexistent/dir/x.png", 100, 50, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "/nonexistent/dir/x.png"));
}

/* A picture that cannot be written whole (a file-size limit fails the write as a full disk
 * does) leaves the old file byte for byte and no temporary beside it; cairo wrote straight
 * into the file before and left half a PNG. */
static void
test_png_failed_write_keeps_old (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-board-png-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "board.png", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new.png", NULL);
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  guint entries = 0;
  gboolean ok;

  g_assert_true (kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), path, 640, 400, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "the old picture", -1, NULL));

  kiela_test_limit_file_size (2048);
  ok = kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), path, 640, 400, &error);
  kiela_test_unlimit_file_size ();
  g_assert_false (ok);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "board.png"));
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "the old picture");
  g_clear_error (&error);

  /* A new file is not made half-written either. */
  kiela_test_limit_file_size (2048);
  ok = kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), fresh, 640, 400, &error);
  kiela_test_unlimit_file_size ();
  g_assert_false (ok);
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));

  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing))
    entries++;
  g_assert_cmpuint (entries, ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

typedef struct {
  guint frames;
} Frames;

static void
after_paint_cb (GdkFrameClock *clock, Frames *f)
{
  f->frames++;
}

static gboolean
frames_at_least (gpointer data)
{
  Frames *f = ((gpointer *) data)[0];
  guint want = GPOINTER_TO_UINT (((gpointer *) data)[1]);
  return f->frames >= want;
}

static void
wait_frames (Frames *f, guint n)
{
  gpointer args[2] = { f, GUINT_TO_POINTER (f->frames + n) };
  g_assert_true (wait_for (frames_at_least, args, 5000));
}

/* A window showing a new board with `pos` at width×height; `frames` counts its painted frames. */
static KielaBoardView *
present_board (GtkWidget **window, const KielaPosition *pos, int width, int height, Frames *frames)
{
  GtkWidget *widget = kiela_board_view_new ();

  *window = gtk_window_new ();
  kiela_board_view_set_position (KIELA_BOARD_VIEW (widget), pos);
  gtk_window_set_child (GTK_WINDOW (*window), widget);
  gtk_window_set_default_size (GTK_WINDOW (*window), width, height);
  gtk_window_present (GTK_WINDOW (*window));
  g_assert_true (wait_for (is_mapped, widget, 5000));
  g_signal_connect (gtk_widget_get_frame_clock (*window), "after-paint", G_CALLBACK (after_paint_cb), frames);
  return KIELA_BOARD_VIEW (widget);
}

static void
test_cache_survives_count_changes (void)
{
  GtkWidget *window;
  KielaBoardView *board;
  KielaPosition pos;
  Frames frames = { 0 };
  guint after_first, after_counts;

  parse_position (START_KPN, &pos);
  board = present_board (&window, &pos, 1000, 520, &frames);
  wait_frames (&frames, 1);
  after_first = kiela_board_view_get_svg_render_count (board);
  /* board + at least one stone sprite */
  g_assert_cmpuint (after_first, >=, 2);

  /* Counts change many times, as in an animation: nothing is rasterised again... */
  for (guint step = 0; step < 5; step++)
    {
      for (guint h = 0; h < 20; h++)
        pos.houses[KIELA_SOUTH][h] = (h + step) % 13;
      kiela_board_view_set_position (board, &pos);
      kiela_board_view_set_hand (board, KIELA_SOUTH, step, step + 1);
      wait_frames (&frames, 1);
    }
  after_counts = kiela_board_view_get_svg_render_count (board);
  /* (all three stone kinds are drawn now, which may have cost their first rendering) */
  g_assert_cmpuint (after_counts, <=, after_first + 3);
  for (guint step = 0; step < 5; step++)
    {
      pos.houses[KIELA_NORTH][step] = 12 - step;
      kiela_board_view_set_position (board, &pos);
      wait_frames (&frames, 1);
    }
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (board), ==, after_counts);

  /* ...a highlight is rendered once, then reused wherever and however often it is shown... */
  kiela_board_view_set_highlight (board, KIELA_SOUTH, 3, KIELA_HIGHLIGHT_DROP);
  wait_frames (&frames, 1);
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (board), ==, after_counts + 1);
  for (guint h = 4; h < 9; h++)
    {
      kiela_board_view_set_highlight (board, KIELA_SOUTH, h - 1, KIELA_HIGHLIGHT_NONE);
      kiela_board_view_set_highlight (board, KIELA_SOUTH, h, KIELA_HIGHLIGHT_DROP);
      wait_frames (&frames, 1);
    }
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (board), ==, after_counts + 1);

  /* ...and a new size renders the board anew (once the resize settles). */
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 700);
  gtk_widget_queue_resize (window);
  {
    gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

    while (kiela_board_view_get_svg_render_count (board) == after_counts + 1 && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  }
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (board), >, after_counts + 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------------------------------------ */

/* The cairo nodes under `node`, in drawing order. */
static void
collect_cairo_nodes (GskRenderNode *node, GPtrArray *out)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CAIRO_NODE:
      g_ptr_array_add (out, node);
      break;
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        collect_cairo_nodes (gsk_container_node_get_child (node, i), out);
      break;
    case GSK_TRANSFORM_NODE: collect_cairo_nodes (gsk_transform_node_get_child (node), out); break;
    case GSK_CLIP_NODE: collect_cairo_nodes (gsk_clip_node_get_child (node), out); break;
    case GSK_ROUNDED_CLIP_NODE: collect_cairo_nodes (gsk_rounded_clip_node_get_child (node), out); break;
    case GSK_OPACITY_NODE: collect_cairo_nodes (gsk_opacity_node_get_child (node), out); break;
    case GSK_DEBUG_NODE: collect_cairo_nodes (gsk_debug_node_get_child (node), out); break;
    default:
      break;
    }
}

/* The widget as drawn now, as a render node (its cached parts included). */
static GskRenderNode *
widget_node (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  return gtk_snapshot_free_to_node (snapshot);
}

static cairo_surface_t *
node_image (GskRenderNode *node, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

typedef struct {
  GskRenderNode *node;
  GPtrArray *cairo;
} Drawn;

static void
drawn_clear (Drawn *d)
{
  g_clear_pointer (&d->cairo, g_ptr_array_unref);
  g_clear_pointer (&d->node, gsk_render_node_unref);
}

static void
draw_now (GtkWidget *widget, Frames *frames, Drawn *d)
{
  wait_frames (frames, 1);
  drawn_clear (d);
  d->node = widget_node (widget);
  d->cairo = g_ptr_array_new ();
  collect_cairo_nodes (d->node, d->cairo);
}

/* The differing pixels lie inside `cell` (in the widget's coordinates). */
static void
assert_diff_inside (cairo_surface_t *a, cairo_surface_t *b, const graphene_rect_t *cell)
{
  Diff d = diff_images (a, b);

  g_assert_cmpuint (d.n, >, 20);
  g_assert_cmpint (d.x0, >=, (int) cell->origin.x);
  g_assert_cmpint (d.y0, >=, (int) cell->origin.y);
  g_assert_cmpint (d.x1, <=, (int) ceilf (cell->origin.x + cell->size.width));
  g_assert_cmpint (d.y1, <=, (int) ceilf (cell->origin.y + cell->size.height));
}

static void
house_rect (KielaBoardView *board, KielaHouse *house, graphene_rect_t *rect)
{
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (house), GTK_WIDGET (board), rect));
}

/* The cairo nodes of `d` that are not in `kept` (pointers), and that `kept` has which `d` lost. */
static guint
nodes_changed (const Drawn *d, GPtrArray *kept)
{
  guint changed = 0;

  for (guint i = 0; i < d->cairo->len; i++)
    changed += !g_ptr_array_find (kept, g_ptr_array_index (d->cairo, i), NULL);
  for (guint i = 0; i < kept->len; i++)
    changed += !g_ptr_array_find (d->cairo, g_ptr_array_index (kept, i), NULL);
  return changed;
}

static GPtrArray *
nodes_kept (const Drawn *d)
{
  GPtrArray *kept = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_render_node_unref);

  for (guint i = 0; i < d->cairo->len; i++)
    g_ptr_array_add (kept, gsk_render_node_ref (g_ptr_array_index (d->cairo, i)));
  return kept;
}

/* With the cairo renderer the board's wood is one cairo node and each house's content another,
 * each kept while it does not change: GTK repaints only the nodes that differ from the last
 * frame's, so a stone dropped repaints one house, not the board.  Nothing else is drawn anew
 * when only the hand or a focus ring changes. */
static void
test_houses_drawn_in_own_nodes (void)
{
  GtkWidget *window, *widget;
  KielaBoardView *board;
  KielaHouse *g1, *c3;
  KielaPosition pos;
  Frames frames = { 0 };
  Drawn d = { 0 };
  GPtrArray *kept;
  cairo_surface_t *before, *after;
  graphene_rect_t cell;
  int width, height;

  parse_position (START_KPN, &pos);
  board = present_board (&window, &pos, 1000, 520, &frames);
  widget = GTK_WIDGET (board);
  g_assert_true (GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (GTK_NATIVE (window))));
  g1 = house_by_square (board, "g1");
  c3 = house_by_square (board, "c3");

  /* The wood and the 40 houses. */
  draw_now (widget, &frames, &d);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpuint (d.cairo->len, ==, 41);
  kept = nodes_kept (&d);
  before = node_image (d.node, width, height);

  /* The same board again: every node is the one drawn before. */
  gtk_widget_queue_draw (widget);
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 0);

  /* The hand is drawn over the board: one node more, the board's all the same ones. */
  kiela_board_view_set_hand (board, KIELA_SOUTH, 0, 3);
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (d.cairo->len, ==, 42);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 1);
  kiela_board_view_set_hand (board, KIELA_SOUTH, 0, 0);

  /* A count changes: that house's node is drawn anew (one gone, one new), no other, and only
   * that house's square looks different. */
  pos.houses[KIELA_SOUTH][6] = 9;
  kiela_board_view_set_position (board, &pos);
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (d.cairo->len, ==, 41);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 2);
  after = node_image (d.node, width, height);
  house_rect (board, g1, &cell);
  assert_diff_inside (before, after, &cell);
  cairo_surface_destroy (before);
  before = after;
  g_ptr_array_unref (kept);
  kept = nodes_kept (&d);

  /* The pointer over a house: its glow lies under the stones, so that house is drawn anew. */
  gtk_widget_set_state_flags (GTK_WIDGET (c3), GTK_STATE_FLAG_PRELIGHT, FALSE);
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 2);
  after = node_image (d.node, width, height);
  house_rect (board, c3, &cell);
  assert_diff_inside (before, after, &cell);
  cairo_surface_destroy (after);
  gtk_widget_unset_state_flags (GTK_WIDGET (c3), GTK_STATE_FLAG_PRELIGHT);
  draw_now (widget, &frames, &d);
  g_ptr_array_unref (kept);
  kept = nodes_kept (&d);
  after = node_image (d.node, width, height);
  g_assert_cmpuint (diff_images (before, after).n, ==, 0);
  cairo_surface_destroy (after);

  /* The focus ring is the house's own: the board's nodes stay, the ring shows on g1 only. */
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  kiela_board_view_focus_house (board, KIELA_SOUTH, 6);
  g_assert_true (gtk_widget_has_visible_focus (GTK_WIDGET (g1)));
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 0);
  after = node_image (d.node, width, height);
  house_rect (board, g1, &cell);
  assert_diff_inside (before, after, &cell);
  cairo_surface_destroy (after);

  /* Another size: the wood and every house are drawn anew. */
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 480);
  for (guint i = 0; i < 100 && gtk_widget_get_width (widget) == width; i++)
    wait_frames (&frames, 1);
  draw_now (widget, &frames, &d);
  g_assert_cmpint (gtk_widget_get_width (widget), !=, width);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 2 * 41);

  cairo_surface_destroy (before);
  g_ptr_array_unref (kept);
  drawn_clear (&d);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Houses a pixel apart in size (the squares are whole pixels) share the frame: the count badges
 * of both sizes stay cached instead of being drawn anew for every house. */
static void
test_badges_cached_for_every_size (void)
{
  GtkWidget *window;
  KielaBoardView *board;
  KielaBoardRenderer *renderer;
  KielaPosition pos[2];
  Frames frames = { 0 };
  GHashTable *sizes = g_hash_table_new (NULL, NULL);
  guint after_warmup;

  for (guint i = 0; i < 2; i++)
    {
      memset (&pos[i], 0, sizeof pos[i]);
      pos[i].files = 10;
      for (guint side = 0; side < 2; side++)
        for (guint h = 0; h < 20; h++)
          pos[i].houses[side][h] = (h * 7 + side * 5 + i * 3) % 17;
    }
  /* At this size the squares are 169 and 170 pixels. */
  board = present_board (&window, &pos[0], 1920, 1080, &frames);
  renderer = kiela_board_view_get_renderer (board);
  wait_frames (&frames, 1);
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 20; h++)
      {
        GtkWidget *house = GTK_WIDGET (kiela_board_view_get_house (board, side, h));
        int size = MIN (gtk_widget_get_width (house), gtk_widget_get_height (house));

        g_hash_table_add (sizes, GINT_TO_POINTER (size));
      }
  g_assert_cmpuint (g_hash_table_size (sizes), >=, 2);

  kiela_board_view_set_position (board, &pos[1]);
  wait_frames (&frames, 1);
  after_warmup = kiela_board_draw_get_badge_renders (renderer);
  /* 17 counts, in two sizes */
  g_assert_cmpuint (after_warmup, >, 17);
  g_assert_cmpuint (after_warmup, <=, 2 * 17 * g_hash_table_size (sizes));
  for (guint frame = 0; frame < 6; frame++)
    {
      kiela_board_view_set_position (board, &pos[frame % 2]);
      wait_frames (&frames, 1);
    }
  g_assert_cmpuint (kiela_board_draw_get_badge_renders (renderer), ==, after_warmup);

  g_hash_table_unref (sizes);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  if (!board_test_start (&argc, &argv, "test-board-view-draw"))
    return 1;

  g_test_add_func ("/board/png-shows-position", test_png_shows_position);
  g_test_add_func ("/board/png-rejects-bad-size", test_png_rejects_bad_size);
  g_test_add_func ("/board/png-failed-write-keeps-old", test_png_failed_write_keeps_old);
  g_test_add_func ("/board/cache-survives-count-changes", test_cache_survives_count_changes);
  g_test_add_func ("/board/houses-drawn-in-own-nodes", test_houses_drawn_in_own_nodes);
  g_test_add_func ("/board/badges-cached-for-every-size", test_badges_cached_for_every_size);
  return g_test_run ();
}
