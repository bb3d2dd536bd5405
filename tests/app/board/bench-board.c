/* bench-board.c: measures how long the board widget takes to draw a frame (benchmark, not a test),
 * and renders demo pictures of the board for looking at it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gtk/gtk.h>
#include <librsvg/rsvg.h>

#include "kiela-board-view.h"
#include "kiela-board-view-private.h"
#include "kiela-position.h"

static int opt_files = 10;
static int opt_width = 1920, opt_height = 1080;
static int opt_frames = 120;
static char *opt_png = NULL;
static gboolean opt_demo = FALSE;
static int opt_hold = 0;
static gboolean opt_setup = FALSE;
static gboolean opt_frames_only = FALSE;

static GOptionEntry entries[] = {
  { "files", 'f', 0, G_OPTION_ARG_INT, &opt_files, "Files of the board (4..20)", "N" },
  { "width", 'w', 0, G_OPTION_ARG_INT, &opt_width, "Window width", "PX" },
  { "height", 'h', 0, G_OPTION_ARG_INT, &opt_height, "Window height", "PX" },
  { "frames", 'n', 0, G_OPTION_ARG_INT, &opt_frames, "Frames to time", "N" },
  { "png", 'o', 0, G_OPTION_ARG_FILENAME, &opt_png, "Only render the board to this PNG", "FILE" },
  { "demo", 'd', 0, G_OPTION_ARG_NONE, &opt_demo, "Show every kind of mark (hand, highlights, playable)", NULL },
  { "frames-only", 0, 0, G_OPTION_ARG_NONE, &opt_frames_only, "Only time the frames (no PNG or SVG timings)", NULL },
  { "setup", 0, 0, G_OPTION_ARG_NONE, &opt_setup, "With --hold: South's expert setup mode", NULL },
  { "hold", 0, 0, G_OPTION_ARG_INT, &opt_hold, "Only show the window for S seconds, keyboard focus on c2 (for screenshots)", "S" },
  { NULL }
};

/* A full, varied board: every count from 0 to 16 appears, so stone layouts and badges all show. */
static void
fill_position (KielaPosition *pos, guint files)
{
  memset (pos, 0, sizeof *pos);
  pos->files = files;
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * files; h++)
      pos->houses[side][h] = (h * 7 + side * 5 + h / 3) % 17;
}

static void
demo_marks (KielaBoardView *board, guint files)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = 0;

  for (guint h = 0; h < 2 * files; h += 3)
    moves[n++] = h;
  kiela_board_view_set_playable (board, KIELA_SOUTH, moves, n);
  kiela_board_view_set_highlight (board, KIELA_SOUTH, 1, KIELA_HIGHLIGHT_LIFT);
  kiela_board_view_set_highlight (board, KIELA_SOUTH, 2, KIELA_HIGHLIGHT_DROP);
  kiela_board_view_set_highlight (board, KIELA_SOUTH, files + 1, KIELA_HIGHLIGHT_RELAY);
  kiela_board_view_set_highlight (board, KIELA_SOUTH, files + 2, KIELA_HIGHLIGHT_CAPTOR);
  kiela_board_view_set_highlight (board, KIELA_NORTH, 2 * files - 3, KIELA_HIGHLIGHT_CAPTURED);
  kiela_board_view_set_highlight (board, KIELA_NORTH, 2, KIELA_HIGHLIGHT_CAPTURED);
  kiela_board_view_set_highlight (board, KIELA_SOUTH, files + 3, KIELA_HIGHLIGHT_ENTER);
  kiela_board_view_set_highlight (board, KIELA_NORTH, 0, KIELA_HIGHLIGHT_HINT);
  kiela_board_view_set_highlight (board, KIELA_NORTH, files, KIELA_HIGHLIGHT_LAST_MOVE);
  kiela_board_view_set_highlight (board, KIELA_NORTH, files + 1, KIELA_HIGHLIGHT_END);
  kiela_board_view_set_hand (board, KIELA_SOUTH, 1, 7);
}

typedef struct {
  GtkWidget *board;
  KielaPosition pos[2];
  gint64 frame_start;
  double frame_cpu_start;
  int frame;
  double total_ms, max_ms, first_ms, total_cpu_ms;
  gint64 t0;
  GMainLoop *loop;
} Bench;

static void
force_full_redraw (Bench *b)
{
  /* Every house changes its count, as when the whole board changes at once: GTK cannot
   * skip any of it (it only repaints what differs from the previous frame). */
  kiela_board_view_set_position (KIELA_BOARD_VIEW (b->board), &b->pos[b->frame % 2]);
}

/* CPU time of this thread in ms: on a shared machine the wall clock also counts the time other
 * processes had the processor; the frame's own work is this. */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
before_paint_cb (GdkFrameClock *clock, Bench *b)
{
  b->frame_start = g_get_monotonic_time ();
  b->frame_cpu_start = thread_cpu_ms ();
}

static void
after_paint_cb (GdkFrameClock *clock, Bench *b)
{
  double ms = (g_get_monotonic_time () - b->frame_start) / 1000.0;

  if (b->frame == 0)
    b->first_ms = (g_get_monotonic_time () - b->t0) / 1000.0;
  else if (b->frame > 2)
    {
      b->total_ms += ms;
      b->total_cpu_ms += thread_cpu_ms () - b->frame_cpu_start;
      b->max_ms = MAX (b->max_ms, ms);
    }
  b->frame++;
  if (b->frame >= opt_frames + 3)
    g_main_loop_quit (b->loop);
  else
    force_full_redraw (b);
}

static void
print_activated_cb (KielaBoardView *board, guint side, guint house, gpointer data)
{
  g_print ("house-activated %u %u\n", side, house);
}

static void
print_setup_move_cb (KielaBoardView *board, guint side, guint from, guint to, gpointer data)
{
  g_print ("setup-move %u %u %u\n", side, from, to);
}

static gboolean
quit_cb (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static void
svg_bench (guint files)
{
  /* Parsing the generated board SVG and rasterising it at full size: what a resize costs. */
  g_autofree char *svg = kiela_board_scene_build_svg (files);
  g_autoptr(GError) error = NULL;
  gint64 t0 = g_get_monotonic_time (), t1, t2;
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, opt_width, opt_height);
  cairo_t *cr = cairo_create (surface);
  RsvgRectangle viewport = { 0, 0, opt_width, opt_height };

  g_assert_no_error (error);
  t1 = g_get_monotonic_time ();
  rsvg_handle_render_document (handle, cr, &viewport, &error);
  t2 = g_get_monotonic_time ();
  g_print ("board SVG (%zu bytes): parse %.1f ms, rasterise into %dx%d %.1f ms\n",
           strlen (svg), (t1 - t0) / 1000.0, opt_width, opt_height, (t2 - t1) / 1000.0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_object_unref (handle);
}

static void
offscreen_bench (KielaBoardView *board)
{
  /* The same drawing code without a window: snapshot + cairo rasterisation of the node tree. */
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(GError) error = NULL;
  const int runs = 10;

  for (int i = 0; i < runs; i++)
    {
      g_autoptr(GBytes) png = kiela_board_view_render_png (board, opt_width, opt_height, &error);

      if (png == NULL)
        g_error ("%s", error->message);
    }
  g_print ("save_png %dx%d (cairo, incl. PNG encoding): %.1f ms\n", opt_width, opt_height,
           (g_get_monotonic_time () - t0) / 1000.0 / runs);
}

int
main (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("- time the Kiela board widget");
  g_autoptr(GError) error = NULL;
  KielaPosition pos;
  GtkWidget *window, *board;
  Bench b = { 0 };
  guint renders_before;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (!gtk_init_check ())
    {
      g_printerr ("bench-board: cannot open a display (run under xvfb-run)\n");
      return 1;
    }

  board = kiela_board_view_new ();
  g_object_ref_sink (board);
  fill_position (&pos, CLAMP (opt_files, KIELA_MIN_FILES, KIELA_MAX_FILES));
  kiela_board_view_set_position (KIELA_BOARD_VIEW (board), &pos);
  if (opt_demo)
    demo_marks (KIELA_BOARD_VIEW (board), pos.files);

  if (opt_png != NULL)
    {
      if (!kiela_board_view_save_png (KIELA_BOARD_VIEW (board), opt_png, opt_width, opt_height, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_object_unref (board);
      return 0;
    }

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), opt_width, opt_height);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_child (GTK_WINDOW (window), board);
  if (opt_hold > 0)
    {
      GMainLoop *loop = g_main_loop_new (NULL, FALSE);

      g_signal_connect (board, "house-activated", G_CALLBACK (print_activated_cb), NULL);
      g_signal_connect (board, "setup-move", G_CALLBACK (print_setup_move_cb), NULL);
      kiela_board_view_set_setup_mode (KIELA_BOARD_VIEW (board), opt_setup, KIELA_SOUTH);
      gtk_window_present (GTK_WINDOW (window));
      kiela_board_view_focus_house (KIELA_BOARD_VIEW (board), KIELA_SOUTH, 2 * pos.files - 3);
      gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
      g_timeout_add_seconds (opt_hold, quit_cb, loop);
      g_main_loop_run (loop);
      return 0;
    }
  b.board = board;
  b.pos[0] = pos;
  b.pos[1] = pos;
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * pos.files; h++)
      b.pos[1].houses[side][h] = (pos.houses[side][h] + 5) % 17;
  b.loop = g_main_loop_new (NULL, FALSE);
  b.t0 = g_get_monotonic_time ();
  gtk_window_present (GTK_WINDOW (window));
  {
    GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

    g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &b);
    g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &b);
  }
  renders_before = kiela_board_view_get_svg_render_count (KIELA_BOARD_VIEW (board));
  g_main_loop_run (b.loop);

  g_print ("renderer: %s\n", G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))));
  g_print ("board %ux4 in a %dx%d window\n", pos.files, gtk_widget_get_width (board), gtk_widget_get_height (board));
  g_print ("first frame (window shown to first paint, incl. SVG rasterising): %.1f ms\n", b.first_ms);
  g_print ("full-board frame (all 80 counts change, cached textures): mean %.2f ms, max %.2f ms over %d frames\n",
           b.total_ms / MAX (1, b.frame - 3), b.max_ms, b.frame - 3);
  g_print ("full-board frame, CPU time of the drawing thread: mean %.2f ms\n",
           b.total_cpu_ms / MAX (1, b.frame - 3));
  g_print ("SVG rasterisations during the run: %u\n",
           kiela_board_view_get_svg_render_count (KIELA_BOARD_VIEW (board)) - renders_before);
  if (!opt_frames_only)
    {
      offscreen_bench (KIELA_BOARD_VIEW (board));
      svg_bench (pos.files);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (board);
  return 0;
}
