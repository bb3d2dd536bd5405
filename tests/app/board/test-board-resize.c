/* test-board-resize.c: after a resize the board shows its old artwork stretched while the new size
 * is rasterised in a worker thread, then the new artwork; a board destroyed meanwhile is safe
 * (run under Xvfb). */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "kiela-board-view.h"
#include "kiela-board-view-private.h"
#include "kiela-board-draw.h"
#include "kiela-position.h"

typedef struct {
  KielaBoardView *board;
  guint frames;
  int old_art_width;       /* device pixels of the artwork before the resize */
  int start_width;         /* the board's width before the resize */
  guint stretched;         /* frames at a new width that drew the old artwork */
  guint pending;           /* frames drawn while the worker rasterised */
  guint fitting;           /* frames that drew artwork of the board's own size */
} Watch;

/* The device pixels of the board's artwork at the board's present size. */
static int
fitting_art_width (KielaBoardView *board)
{
  KielaBoardLayout layout;

  kiela_board_layout_compute (&layout, kiela_board_view_get_files (board), gtk_widget_get_width (GTK_WIDGET (board)),
                              gtk_widget_get_height (GTK_WIDGET (board)));
  return (int) ceil (layout.width * gtk_widget_get_scale_factor (GTK_WIDGET (board)));
}

static void
after_paint_cb (GdkFrameClock *clock, Watch *w)
{
  int drawn;

  w->frames++;
  kiela_board_view_get_drawn_art_pixels (w->board, &drawn, NULL);
  if (w->old_art_width == 0)
    return;
  if (gtk_widget_get_width (GTK_WIDGET (w->board)) != w->start_width && drawn == w->old_art_width
      && drawn != fitting_art_width (w->board))
    w->stretched++;
  if (kiela_board_renderer_is_pending (kiela_board_view_get_renderer (w->board)))
    w->pending++;
  if (drawn == fitting_art_width (w->board))
    w->fitting++;
}

static gboolean
wait_for (gboolean (*done) (Watch *), Watch *w, guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (!done (w) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  return done (w);
}

static gboolean
drawn_fitting (Watch *w)
{
  int drawn;

  kiela_board_view_get_drawn_art_pixels (w->board, &drawn, NULL);
  return w->frames > 0 && gtk_widget_get_mapped (GTK_WIDGET (w->board)) && drawn == fitting_art_width (w->board)
         && !kiela_board_renderer_is_pending (kiela_board_view_get_renderer (w->board));
}

static gboolean
width_changed (Watch *w)
{
  return gtk_widget_get_width (GTK_WIDGET (w->board)) != w->start_width;
}

static gboolean
job_pending (Watch *w)
{
  return kiela_board_renderer_is_pending (kiela_board_view_get_renderer (w->board));
}

static gboolean
no_jobs (Watch *w)
{
  return kiela_board_renderer_count_jobs () == 0;
}

static GtkWidget *
present (Watch *w, int width, int height)
{
  GtkWidget *window = gtk_window_new ();

  w->board = KIELA_BOARD_VIEW (kiela_board_view_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (w->board));
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint_cb), w);
  g_assert_true (wait_for (drawn_fitting, w, 10000));
  return window;
}

static void
test_resize_shows_old_then_new (void)
{
  Watch w = { 0 };
  GtkWidget *window = present (&w, 1000, 520);
  guint renders;

  kiela_board_view_get_drawn_art_pixels (w.board, &w.old_art_width, NULL);
  w.start_width = gtk_widget_get_width (GTK_WIDGET (w.board));
  renders = kiela_board_view_get_svg_render_count (w.board);
  w.fitting = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 760);
  gtk_widget_queue_resize (window);
  g_assert_true (wait_for (width_changed, &w, 10000));
  g_assert_true (wait_for (drawn_fitting, &w, 10000));

  /* Frames at the new size drew the old artwork, stretched, some of them while the worker
   * rasterised; then a frame drew the new size's, which the worker made (counted, once). */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (w.board)), >, w.start_width);
  g_assert_cmpuint (w.stretched, >, 0);
  g_assert_cmpuint (w.pending, >, 0);
  g_assert_cmpuint (w.fitting, >, 0);
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (w.board), >, renders);
  g_assert_true (wait_for (no_jobs, &w, 10000));

  /* Back to the size before: its artwork was kept, nothing rasterised, no job. */
  renders = kiela_board_view_get_svg_render_count (w.board);
  w.old_art_width = 0;
  w.start_width = gtk_widget_get_width (GTK_WIDGET (w.board));
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 520);
  gtk_widget_queue_resize (window);
  g_assert_true (wait_for (width_changed, &w, 10000));
  g_assert_true (wait_for (drawn_fitting, &w, 10000));
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (w.board), ==, renders);
  g_assert_cmpuint (kiela_board_renderer_count_jobs (), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window closed while the worker rasterises: the job ends on its own, unseen. */
static void
test_destroy_during_job (void)
{
  Watch w = { 0 };
  GtkWidget *window = present (&w, 1000, 520);

  gtk_window_set_default_size (GTK_WINDOW (window), 1500, 800);
  gtk_widget_queue_resize (window);
  g_assert_true (wait_for (job_pending, &w, 10000));
  g_signal_handlers_disconnect_by_func (gtk_widget_get_frame_clock (window), after_paint_cb, &w);
  gtk_window_destroy (GTK_WINDOW (window));
  w.board = NULL;
  g_assert_true (wait_for (no_jobs, &w, 10000));
  /* A few more turns of the main loop: nothing left to run touches what was freed. */
  for (guint i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* Back and forth between three window sizes, each with squares of two sizes a pixel apart (and
 * the window's panel folding in and out gives the board more sizes still in the app): the count
 * badges of every size are drawn once, not again at each resize. */
static void
test_resize_keeps_badges (void)
{
  static const int sizes[][2] = { { 1000, 520 }, { 1400, 760 }, { 1200, 640 } };
  Watch w = { 0 };
  GtkWidget *window = present (&w, sizes[0][0], sizes[0][1]);
  KielaBoardRenderer *renderer = kiela_board_view_get_renderer (w.board);
  GHashTable *house_sizes = g_hash_table_new (NULL, NULL);
  KielaPosition pos;
  guint renders = 0;

  memset (&pos, 0, sizeof pos);
  pos.files = 10;
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 20; h++)
      pos.houses[side][h] = (h * 7 + side * 5) % 9;
  kiela_board_view_set_position (w.board, &pos);
  for (guint round = 0; round < 2; round++)
    {
      if (round == 1)
        renders = kiela_board_draw_get_badge_renders (renderer);
      for (guint i = 1; i <= G_N_ELEMENTS (sizes); i++)
        {
          w.start_width = gtk_widget_get_width (GTK_WIDGET (w.board));
          gtk_window_set_default_size (GTK_WINDOW (window), sizes[i % 3][0], sizes[i % 3][1]);
          gtk_widget_queue_resize (window);
          g_assert_true (wait_for (width_changed, &w, 10000));
          g_assert_true (wait_for (drawn_fitting, &w, 10000));
          for (guint side = 0; side < 2; side++)
            for (guint h = 0; h < 20; h++)
              {
                GtkWidget *house = GTK_WIDGET (kiela_board_view_get_house (w.board, side, h));

                g_hash_table_add (house_sizes, GINT_TO_POINTER (MIN (gtk_widget_get_width (house),
                                                                     gtk_widget_get_height (house))));
              }
        }
    }
  g_test_message ("%u house sizes, %u badges drawn", g_hash_table_size (house_sizes), renders);
  /* More sizes than the cache kept before (4): it would have drawn them anew in every round. */
  g_assert_cmpuint (g_hash_table_size (house_sizes), >, 4);
  g_assert_cmpuint (renders, >, 0);
  g_assert_cmpuint (kiela_board_draw_get_badge_renders (renderer), ==, renders);

  g_hash_table_unref (house_sizes);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (wait_for (no_jobs, &w, 10000));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* A GUI test that cannot open a display fails: it is never skipped silently. */
  if (!gtk_init_check ())
    {
      g_printerr ("test-board-resize: cannot open a display; run it under xvfb-run\n");
      return 1;
    }
  g_test_add_func ("/board/resize/old-then-new", test_resize_shows_old_then_new);
  g_test_add_func ("/board/resize/destroy-during-job", test_destroy_during_job);
  g_test_add_func ("/board/resize/keeps-badges", test_resize_keeps_badges);
  return g_test_run ();
}
