/* test-board-units.c: the board's geometry and its texture cache, tested without a display. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>

#include "kiela-board-geometry.h"
#include "kiela-board-renderer.h"
#include "kiela-position.h"

static const struct { double width, height; } areas[] = {
  { 1920, 1080 }, { 1366, 768 }, { 800, 600 }, { 640, 1600 }, { 301, 203 }, { 3840, 2160 },
};

static gboolean
rects_overlap (const graphene_rect_t *a, const graphene_rect_t *b)
{
  return a->origin.x < b->origin.x + b->size.width && b->origin.x < a->origin.x + a->size.width
         && a->origin.y < b->origin.y + b->size.height && b->origin.y < a->origin.y + a->size.height;
}

/* For every file count and several window shapes: the board fits the area, each house's cell
 * lies on the board, no two cells overlap, and the centre of each cell hits that cell's square. */
static void
test_cells_and_hits (void)
{
  for (guint files = KIELA_MIN_FILES; files <= KIELA_MAX_FILES; files++)
    for (guint a = 0; a < G_N_ELEMENTS (areas); a++)
      {
        KielaBoardLayout layout;
        graphene_rect_t cells[4 * KIELA_MAX_FILES];
        guint n = 0;

        kiela_board_layout_compute (&layout, files, areas[a].width, areas[a].height);
        g_assert_cmpfloat (layout.x, >=, 0);
        g_assert_cmpfloat (layout.y, >=, 0);
        g_assert_cmpfloat (layout.x + layout.width, <=, areas[a].width + 1e-6);
        g_assert_cmpfloat (layout.y + layout.height, <=, areas[a].height + 1e-6);
        /* It touches the area on one side at least: as large as fits. */
        g_assert_true (fabs (layout.width - areas[a].width) < 1.01 || fabs (layout.height - areas[a].height) < 1.01);

        for (guint rank = 1; rank <= 4; rank++)
          for (guint file = 0; file < files; file++)
            {
              graphene_rect_t *r = &cells[n++];
              guint hit_file = G_MAXUINT, hit_rank = G_MAXUINT;

              kiela_board_layout_cell_rect (&layout, file, rank, r);
              g_assert_cmpfloat (r->size.width, >, 0);
              g_assert_cmpfloat (fabs (r->size.width - r->size.height), <=, 1);
              g_assert_cmpfloat (r->origin.x, >=, layout.x);
              g_assert_cmpfloat (r->origin.y, >=, layout.y);
              g_assert_cmpfloat (r->origin.x + r->size.width, <=, layout.x + layout.width + 1);
              g_assert_cmpfloat (r->origin.y + r->size.height, <=, layout.y + layout.height + 1);
              g_assert_true (kiela_board_layout_hit (&layout, r->origin.x + r->size.width / 2,
                                                     r->origin.y + r->size.height / 2, &hit_file, &hit_rank));
              g_assert_cmpuint (hit_file, ==, file);
              g_assert_cmpuint (hit_rank, ==, rank);
              /* Corners too: the top-left pixel is this cell's, the one past the bottom-right is not. */
              g_assert_true (kiela_board_layout_hit (&layout, r->origin.x, r->origin.y, &hit_file, &hit_rank));
              g_assert_cmpuint (hit_file, ==, file);
              g_assert_cmpuint (hit_rank, ==, rank);
            }
        for (guint i = 0; i < n; i++)
          for (guint j = i + 1; j < n; j++)
            if (rects_overlap (&cells[i], &cells[j]))
              g_error ("%u files in %gx%g: cells %u and %u overlap", files, areas[a].width, areas[a].height, i, j);
      }
}

/* The frame, the central band and anything off the board hit no house. */
static void
test_misses (void)
{
  KielaBoardLayout layout;
  graphene_rect_t r2, r3;
  guint file, rank;

  kiela_board_layout_compute (&layout, 10, 1920, 1080);
  kiela_board_layout_cell_rect (&layout, 4, 2, &r2);
  kiela_board_layout_cell_rect (&layout, 4, 3, &r3);
  g_assert_false (kiela_board_layout_hit (&layout, layout.x + 2, layout.y + 2, &file, &rank));
  g_assert_false (kiela_board_layout_hit (&layout, r2.origin.x + 5, (r3.origin.y + r3.size.height + r2.origin.y) / 2,
                                          &file, &rank));
  g_assert_false (kiela_board_layout_hit (&layout, -10, 500, &file, &rank));
  g_assert_false (kiela_board_layout_hit (&layout, layout.x + layout.width - 2, layout.y + layout.height / 2, &file, &rank));
  g_assert_false (kiela_board_layout_hit (&layout, NAN, 100, &file, &rank));
}

/* The 4- and 20-file boards both fit 1920×1080 with cells a class can read; the widget asks for
 * no more than 1100 px across, and never for less than its minimum. */
static void
test_small_and_large_boards (void)
{
  KielaBoardLayout four, twenty;
  graphene_rect_t c4, c20;
  int min, nat;

  kiela_board_layout_compute (&four, 4, 1920, 1080);
  kiela_board_layout_compute (&twenty, 20, 1920, 1080);
  kiela_board_layout_cell_rect (&four, 0, 1, &c4);
  kiela_board_layout_cell_rect (&twenty, 19, 4, &c20);
  g_assert_cmpfloat (c20.size.width, >=, 80);
  g_assert_cmpfloat (c4.size.width, >, c20.size.width);
  for (guint files = KIELA_MIN_FILES; files <= KIELA_MAX_FILES; files++)
    {
      kiela_board_geometry_measure (files, TRUE, &min, &nat);
      g_assert_cmpint (min, <=, nat);
      g_assert_cmpint (nat, <=, 1101);
      /* Cells of 28 px at least. */
      g_assert_cmpint (min, >=, (int) (files * 28));
      kiela_board_geometry_measure (files, FALSE, &min, &nat);
      g_assert_cmpint (min, <=, nat);
      /* Up and down, cells of 22 px at least: four rows and the file letters. */
      g_assert_cmpint (min, >=, (int) (kiela_board_geometry_height_units () * 0.22));
      g_assert_cmpint (min, >=, 4 * 22);
    }
}

/* Stones of one house never overlap and stay inside the cup, for every count drawn. */
static void
test_stone_layouts (void)
{
  double limit = KIELA_BOARD_CUP_FREE_R / kiela_board_geometry_stone_radius ();

  for (guint n = 1; n <= KIELA_BOARD_MAX_DRAWN_STONES; n++)
    for (guint i = 0; i < n; i++)
      {
        double xi, yi;

        kiela_board_geometry_stone_offset (n, i, &xi, &yi);
        g_assert_cmpfloat (sqrt (xi * xi + yi * yi) + 1.0, <=, limit + 1e-9);
        for (guint j = i + 1; j < n; j++)
          {
            double xj, yj;

            kiela_board_geometry_stone_offset (n, j, &xj, &yj);
            g_assert_cmpfloat (hypot (xi - xj, yi - yj), >=, 2.0);
          }
      }
}

static void
count_cb (KielaBoardRenderer *renderer, guint *n)
{
  (*n)++;
}

/* The centre pixel of a texture is opaque: something was drawn into it. */
static void
assert_centre_opaque (GdkTexture *texture)
{
  int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
  g_autofree guchar *pixels = g_malloc ((gsize) w * h * 4);
  guchar *p;

  gdk_texture_download (texture, pixels, (gsize) w * 4);
  p = pixels + ((gsize) (h / 2) * w + w / 2) * 4;
  g_assert_cmpuint (p[3], ==, 255);
}

/* The same size gives back the cached textures without rasterising; a new size, scale or file
 * count renders anew (once), and the sprites follow at the new cell size. */
static void
test_renderer_cache (void)
{
  g_autoptr(KielaBoardRenderer) renderer = kiela_board_renderer_new ();
  KielaBoardLayout layout;
  GdkTexture *bg, *stone;
  int bg_w, bg_h, cell, stone_px;
  guint changed = 0;

  g_signal_connect (renderer, "changed", G_CALLBACK (count_cb), &changed);
  g_assert_false (kiela_board_renderer_is_ready (renderer));
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, 0);

  kiela_board_layout_compute (&layout, 10, 1920, 1080);
  g_assert_true (kiela_board_renderer_ensure (renderer, &layout, 1));
  g_assert_true (kiela_board_renderer_is_ready (renderer));
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, 1);
  g_assert_cmpuint (changed, ==, 1);
  bg = kiela_board_renderer_get_background (renderer);
  g_assert_cmpint (gdk_texture_get_width (bg), ==, (int) ceil (layout.width));
  g_assert_cmpint (gdk_texture_get_height (bg), ==, (int) ceil (layout.height));
  assert_centre_opaque (bg);

  /* Sprites are rasterised on first use, once. */
  stone = kiela_board_renderer_get_sprite (renderer, KIELA_BOARD_SPRITE_STONE_1);
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, 2);
  g_assert_true (kiela_board_renderer_get_sprite (renderer, KIELA_BOARD_SPRITE_STONE_1) == stone);
  stone_px = gdk_texture_get_width (stone);
  assert_centre_opaque (stone);

  /* The same layout again: nothing new. */
  g_assert_false (kiela_board_renderer_ensure (renderer, &layout, 1));
  g_assert_true (kiela_board_renderer_matches (renderer, &layout, 1));
  g_assert_true (kiela_board_renderer_get_background (renderer) == bg);
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, 2);
  g_assert_cmpuint (changed, ==, 1);

  /* Scale 2 (a HiDPI screen): device pixels double, the board and the sprites render anew. */
  g_assert_false (kiela_board_renderer_matches (renderer, &layout, 2));
  g_assert_true (kiela_board_renderer_ensure (renderer, &layout, 2));
  g_assert_cmpuint (changed, ==, 2);
  kiela_board_renderer_get_pixels (renderer, &bg_w, &bg_h, &cell);
  g_assert_cmpint (bg_w, ==, (int) ceil (layout.width * 2));
  g_assert_cmpint (bg_h, ==, (int) ceil (layout.height * 2));
  g_assert_cmpint (cell, ==, (int) round (KIELA_BOARD_CELL * layout.scale * 2));
  g_assert_cmpint (gdk_texture_get_width (kiela_board_renderer_get_background (renderer)), ==, bg_w);
  stone = kiela_board_renderer_get_sprite (renderer, KIELA_BOARD_SPRITE_STONE_1);
  g_assert_cmpint (abs (gdk_texture_get_width (stone) - 2 * stone_px), <=, 1);
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, 4);

  /* Another file count at the same window size is another board. */
  kiela_board_layout_compute (&layout, 4, 1920, 1080);
  g_assert_true (kiela_board_renderer_ensure (renderer, &layout, 2));
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, 5);
  g_assert_cmpuint (changed, ==, 3);

  /* Back to the size before (a window restored after maximizing): its artwork was kept, the
   * same images as before, nothing rasterised; but not the one before that. */
  kiela_board_layout_compute (&layout, 10, 1920, 1080);
  g_assert_false (kiela_board_renderer_matches (renderer, &layout, 2));
  g_assert_true (kiela_board_renderer_ensure (renderer, &layout, 2));
  g_assert_cmpuint (changed, ==, 4);
  g_assert_true (kiela_board_renderer_matches (renderer, &layout, 2));
  g_assert_true (kiela_board_renderer_get_sprite (renderer, KIELA_BOARD_SPRITE_STONE_1) == stone);
  g_assert_cmpint (gdk_texture_get_width (kiela_board_renderer_get_background (renderer)), ==, bg_w);
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, 5);
  g_assert_true (kiela_board_renderer_ensure (renderer, &layout, 1));
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, 6);
  g_assert_cmpint (gdk_texture_get_width (kiela_board_renderer_get_background (renderer)), ==, (int) ceil (layout.width));
}

/* The pixels of a texture, tightly packed. */
static GBytes *
texture_pixels (GdkTexture *texture)
{
  gsize stride = (gsize) gdk_texture_get_width (texture) * 4;
  gsize size = stride * gdk_texture_get_height (texture);
  guchar *pixels = g_malloc (size);

  gdk_texture_download (texture, pixels, stride);
  return g_bytes_new_take (pixels, size);
}

/* With a cache directory, a board rasterised once is read back by a later renderer at the same
 * size without rasterising, pixel for pixel; another size, or a damaged or foreign file, is
 * rasterised as before (and the file is then replaced). */
static void
test_renderer_disk_cache (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-board-cache-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "board-10.argb", NULL);
  g_autoptr(KielaBoardRenderer) first = kiela_board_renderer_new ();
  g_autoptr(KielaBoardRenderer) second = NULL, third = NULL, fourth = NULL;
  g_autoptr(GBytes) drawn = NULL, read_back = NULL;
  g_autofree char *contents = NULL;
  KielaBoardLayout layout, smaller;
  gsize length;

  g_assert_nonnull (dir);
  kiela_board_renderer_set_cache_dir (dir);
  kiela_board_layout_compute (&layout, 10, 1366, 768);
  g_assert_true (kiela_board_renderer_ensure (first, &layout, 1));
  g_assert_cmpuint (kiela_board_renderer_get_render_count (first), ==, 1);
  /* The file is written once the main loop is idle, after the frame that needed the board. */
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
  drawn = texture_pixels (kiela_board_renderer_get_background (first));

  second = kiela_board_renderer_new ();
  g_assert_true (kiela_board_renderer_ensure (second, &layout, 1));
  g_assert_true (kiela_board_renderer_is_ready (second));
  g_assert_cmpuint (kiela_board_renderer_get_render_count (second), ==, 0);
  read_back = texture_pixels (kiela_board_renderer_get_background (second));
  g_assert_true (g_bytes_equal (drawn, read_back));

  /* Another size misses, is rasterised, and takes the file over. */
  kiela_board_layout_compute (&smaller, 10, 800, 600);
  third = kiela_board_renderer_new ();
  g_assert_true (kiela_board_renderer_ensure (third, &smaller, 1));
  g_assert_cmpuint (kiela_board_renderer_get_render_count (third), ==, 1);
  while (g_main_context_iteration (NULL, FALSE))
    ;

  /* A file cut short is a miss, not a crash or a half-drawn board. */
  g_assert_true (g_file_get_contents (file, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (file, contents, (gssize) (length / 2), NULL));
  fourth = kiela_board_renderer_new ();
  g_assert_true (kiela_board_renderer_ensure (fourth, &smaller, 1));
  g_assert_cmpuint (kiela_board_renderer_get_render_count (fourth), ==, 1);
  assert_centre_opaque (kiela_board_renderer_get_background (fourth));
  while (g_main_context_iteration (NULL, FALSE))
    ;

  kiela_board_renderer_set_cache_dir (NULL);
  g_assert_cmpint (g_remove (file), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Runs the main context until every worker job has ended and its result was dealt with. */
static void
wait_for_jobs (void)
{
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (kiela_board_renderer_count_jobs () > 0 && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  g_assert_cmpuint (kiela_board_renderer_count_jobs (), ==, 0);
}

/* request() rasterises a new size in a worker thread: until it is done the artwork shown so far
 * stays (the same texture, at the old size: the board draws it stretched), then "changed" comes
 * on the main context with the new size's, pixel for pixel what ensure() draws, and the sprites
 * in use at the new cell size.  Back to the size before is at once, nothing rasterised. */
static void
test_renderer_request_in_thread (void)
{
  g_autoptr(KielaBoardRenderer) renderer = kiela_board_renderer_new ();
  g_autoptr(KielaBoardRenderer) reference = kiela_board_renderer_new ();
  g_autoptr(GBytes) drawn = NULL, expected = NULL;
  KielaBoardLayout big, small;
  GdkTexture *old_bg, *old_stone, *stone;
  int bg_w, bg_h, cell, old_cell;
  guint changed = 0, renders;

  g_signal_connect (renderer, "changed", G_CALLBACK (count_cb), &changed);
  kiela_board_layout_compute (&big, 10, 1920, 1080);
  kiela_board_layout_compute (&small, 10, 1024, 768);

  /* Nothing to show yet: the first artwork is rasterised at once. */
  g_assert_true (kiela_board_renderer_request (renderer, &big, 1));
  g_assert_true (kiela_board_renderer_is_ready (renderer));
  g_assert_false (kiela_board_renderer_is_pending (renderer));
  g_assert_cmpuint (changed, ==, 1);
  old_bg = kiela_board_renderer_get_background (renderer);
  old_stone = kiela_board_renderer_get_sprite (renderer, KIELA_BOARD_SPRITE_STONE_1);
  kiela_board_renderer_get_pixels (renderer, NULL, NULL, &old_cell);
  renders = kiela_board_renderer_get_render_count (renderer);
  g_assert_false (kiela_board_renderer_request (renderer, &big, 1));

  /* A new size: a job, and meanwhile the old artwork. */
  g_assert_false (kiela_board_renderer_request (renderer, &small, 1));
  g_assert_true (kiela_board_renderer_is_pending (renderer));
  g_assert_false (kiela_board_renderer_matches (renderer, &small, 1));
  g_assert_true (kiela_board_renderer_get_background (renderer) == old_bg);
  g_assert_true (kiela_board_renderer_get_sprite (renderer, KIELA_BOARD_SPRITE_STONE_1) == old_stone);
  /* Asking again for the size under way starts nothing more. */
  g_assert_false (kiela_board_renderer_request (renderer, &small, 1));
  g_assert_cmpuint (kiela_board_renderer_count_jobs (), ==, 1);
  g_assert_cmpuint (changed, ==, 1);
  wait_for_jobs ();

  g_assert_cmpuint (changed, ==, 2);
  g_assert_false (kiela_board_renderer_is_pending (renderer));
  g_assert_true (kiela_board_renderer_matches (renderer, &small, 1));
  kiela_board_renderer_get_pixels (renderer, &bg_w, &bg_h, &cell);
  g_assert_cmpint (bg_w, ==, (int) ceil (small.width));
  g_assert_cmpint (bg_h, ==, (int) ceil (small.height));
  g_assert_cmpint (cell, <, old_cell);
  /* The board and the stone in use, rasterised by the worker: counted, and the stone ready. */
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, renders + 2);
  stone = kiela_board_renderer_get_sprite (renderer, KIELA_BOARD_SPRITE_STONE_1);
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, renders + 2);
  g_assert_cmpint (gdk_texture_get_width (stone), <, gdk_texture_get_width (old_stone));
  g_assert_true (kiela_board_renderer_ensure (reference, &small, 1));
  drawn = texture_pixels (kiela_board_renderer_get_background (renderer));
  expected = texture_pixels (kiela_board_renderer_get_background (reference));
  g_assert_true (g_bytes_equal (drawn, expected));
  g_clear_pointer (&drawn, g_bytes_unref);
  g_clear_pointer (&expected, g_bytes_unref);
  drawn = texture_pixels (stone);
  expected = texture_pixels (kiela_board_renderer_get_sprite (reference, KIELA_BOARD_SPRITE_STONE_1));
  g_assert_true (g_bytes_equal (drawn, expected));

  /* Back to the size before: kept, at once. */
  renders = kiela_board_renderer_get_render_count (renderer);
  g_assert_true (kiela_board_renderer_request (renderer, &big, 1));
  g_assert_false (kiela_board_renderer_is_pending (renderer));
  g_assert_true (kiela_board_renderer_get_background (renderer) == old_bg);
  g_assert_cmpuint (kiela_board_renderer_get_render_count (renderer), ==, renders);
  g_assert_cmpuint (changed, ==, 3);
}

/* A job whose size is no longer wanted is dropped: another size asked for replaces it, and the
 * size shown asked for again (a window resized and back before the job ended) cancels it, so
 * the artwork shown is never one of a size left behind. */
static void
test_renderer_request_superseded (void)
{
  g_autoptr(KielaBoardRenderer) renderer = kiela_board_renderer_new ();
  KielaBoardLayout a, b, c;
  guint changed = 0;
  GdkTexture *bg;

  g_signal_connect (renderer, "changed", G_CALLBACK (count_cb), &changed);
  kiela_board_layout_compute (&a, 10, 1920, 1080);
  kiela_board_layout_compute (&b, 10, 1024, 768);
  kiela_board_layout_compute (&c, 10, 1366, 768);
  g_assert_true (kiela_board_renderer_ensure (renderer, &a, 1));
  bg = kiela_board_renderer_get_background (renderer);

  g_assert_false (kiela_board_renderer_request (renderer, &b, 1));
  g_assert_false (kiela_board_renderer_request (renderer, &c, 1));
  wait_for_jobs ();
  g_assert_true (kiela_board_renderer_matches (renderer, &c, 1));
  g_assert_cmpuint (changed, ==, 2);

  /* ...and back at the size shown while a job is under way. */
  g_assert_false (kiela_board_renderer_request (renderer, &b, 1));
  g_assert_true (kiela_board_renderer_is_pending (renderer));
  g_assert_false (kiela_board_renderer_request (renderer, &c, 1));
  g_assert_false (kiela_board_renderer_is_pending (renderer));
  wait_for_jobs ();
  g_assert_true (kiela_board_renderer_matches (renderer, &c, 1));
  g_assert_cmpuint (changed, ==, 2);

  /* ensure() draws at once and drops a job under way too. */
  g_assert_false (kiela_board_renderer_request (renderer, &b, 1));
  g_assert_true (kiela_board_renderer_ensure (renderer, &a, 1));
  g_assert_true (kiela_board_renderer_get_background (renderer) == bg);
  wait_for_jobs ();
  g_assert_true (kiela_board_renderer_matches (renderer, &a, 1));
  g_assert_cmpuint (changed, ==, 3);
}

/* The renderer finalized while its job rasterises: the job ends on its own and its result is
 * freed unseen (AddressSanitizer, which the CI runs this under, sees any use after free or leak). */
static void
test_renderer_dispose_during_job (void)
{
  KielaBoardRenderer *renderer = kiela_board_renderer_new ();
  KielaBoardLayout a, b;
  guint changed = 0;

  g_signal_connect (renderer, "changed", G_CALLBACK (count_cb), &changed);
  kiela_board_layout_compute (&a, 10, 1920, 1080);
  kiela_board_layout_compute (&b, 10, 1280, 720);
  g_assert_true (kiela_board_renderer_ensure (renderer, &a, 1));
  g_assert_nonnull (kiela_board_renderer_get_sprite (renderer, KIELA_BOARD_SPRITE_PLAYABLE));
  g_assert_false (kiela_board_renderer_request (renderer, &b, 1));
  g_assert_cmpuint (kiela_board_renderer_count_jobs (), ==, 1);
  g_object_unref (renderer);
  wait_for_jobs ();
  g_assert_cmpuint (changed, ==, 1);
}

/* The job's thread ends on its own, before the job (freed on the main context): waiting for the
 * threads needs no main loop. */
static void
test_renderer_wait_threads (void)
{
  g_autoptr(KielaBoardRenderer) renderer = kiela_board_renderer_new ();
  KielaBoardLayout a, b;

  kiela_board_layout_compute (&a, 10, 1920, 1080);
  kiela_board_layout_compute (&b, 10, 1280, 720);
  g_assert_true (kiela_board_renderer_ensure (renderer, &a, 1));
  g_assert_false (kiela_board_renderer_request (renderer, &b, 1));
  g_assert_cmpuint (kiela_board_renderer_count_jobs (), ==, 1);
  g_assert_true (kiela_board_renderer_wait_threads (30000));
  g_assert_cmpuint (kiela_board_renderer_count_threads (), ==, 0);
  /* The result still waits for the main context. */
  g_assert_cmpuint (kiela_board_renderer_count_jobs (), ==, 1);
  g_assert_true (kiela_board_renderer_is_pending (renderer));
  wait_for_jobs ();
  g_assert_false (kiela_board_renderer_is_pending (renderer));
}

/* Registered before the renderer's own handler, so run after it (atexit runs them in reverse). */
static void
say_threads_at_exit (void)
{
  printf ("threads at exit: %u\n", kiela_board_renderer_count_threads ());
  fflush (stdout);
}

/* The process exits while a thread rasterises: exit waits for it (tearing cairo, fontconfig and
 * librsvg down under it crashed a test now and then). */
static void
test_renderer_exit_during_job (void)
{
  if (g_test_subprocess ())
    {
      KielaBoardRenderer *renderer = kiela_board_renderer_new ();
      KielaBoardLayout a, b;

      atexit (say_threads_at_exit);
      kiela_board_layout_compute (&a, 10, 1280, 720);
      kiela_board_layout_compute (&b, 10, 1920, 1080);
      g_assert_true (kiela_board_renderer_ensure (renderer, &a, 1));
      g_assert_false (kiela_board_renderer_request (renderer, &b, 1));
      g_assert_cmpuint (kiela_board_renderer_count_threads (), ==, 1);
      exit (0);
    }
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*threads at exit: 0*");
}

/* Runs the idle callbacks: the disk cache is written from one. */
static void
drain_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A renderer at `layout` from the disk cache: how many boards it had to rasterise (0: read from
 * the cache, 1: the cache file was not used), after checking the board it shows is whole. */
static guint
renders_with_cache (const KielaBoardLayout *layout, GBytes *expected)
{
  g_autoptr(KielaBoardRenderer) r = kiela_board_renderer_new ();
  g_autoptr(GBytes) pixels = NULL;

  g_assert_true (kiela_board_renderer_ensure (r, layout, 1));
  pixels = texture_pixels (kiela_board_renderer_get_background (r));
  g_assert_true (g_bytes_equal (pixels, expected));
  drain_idle ();
  return kiela_board_renderer_get_render_count (r);
}

/* A cache file of the right size whose pixels were damaged (one flipped bit of a disk or a copy),
 * a longer file, a folder or a named pipe in its place are never drawn nor waited for: the board
 * is rasterised as before and the file replaced with a good one. */
static void
test_renderer_disk_cache_damaged (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-board-cache-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "board-8.argb", NULL);
  g_autoptr(GBytes) drawn = NULL;
  g_autofree char *good = NULL;
  gsize length;
  KielaBoardLayout layout;

  kiela_board_renderer_set_cache_dir (dir);
  kiela_board_layout_compute (&layout, 8, 640, 400);
  {
    g_autoptr(KielaBoardRenderer) first = kiela_board_renderer_new ();

    g_assert_true (kiela_board_renderer_ensure (first, &layout, 1));
    drawn = texture_pixels (kiela_board_renderer_get_background (first));
    drain_idle ();
  }
  g_assert_true (g_file_get_contents (file, &good, &length, NULL));
  g_assert_cmpuint (renders_with_cache (&layout, drawn), ==, 0);

  /* One bit flipped in the middle of the pixels, the file's size unchanged. */
  {
    g_autofree char *damaged = g_memdup2 (good, length);

    damaged[length / 2] ^= 0x10;
    g_assert_true (g_file_set_contents (file, damaged, (gssize) length, NULL));
    g_assert_cmpuint (renders_with_cache (&layout, drawn), ==, 1);
    g_assert_cmpuint (renders_with_cache (&layout, drawn), ==, 0);   /* replaced by a good one */
  }
  /* Bytes after the last row: not a file this version wrote. */
  {
    g_autofree char *longer = g_malloc0 (length + 16);

    memcpy (longer, good, length);
    g_assert_true (g_file_set_contents (file, longer, (gssize) length + 16, NULL));
    g_assert_cmpuint (renders_with_cache (&layout, drawn), ==, 1);
    g_assert_cmpuint (renders_with_cache (&layout, drawn), ==, 0);
  }
  /* A named pipe with no writer: opening it for reading would block the app's start for ever. */
  g_assert_cmpint (g_remove (file), ==, 0);
  g_assert_cmpint (mkfifo (file, 0600), ==, 0);
  g_assert_cmpuint (renders_with_cache (&layout, drawn), ==, 1);
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (renders_with_cache (&layout, drawn), ==, 0);
  /* A folder in its place cannot be replaced: every start rasterises, nothing fails. */
  g_assert_cmpint (g_remove (file), ==, 0);
  g_assert_cmpint (g_mkdir (file, 0700), ==, 0);
  g_assert_cmpuint (renders_with_cache (&layout, drawn), ==, 1);
  g_assert_cmpuint (renders_with_cache (&layout, drawn), ==, 1);

  kiela_board_renderer_set_cache_dir (NULL);
  g_assert_cmpint (g_rmdir (file), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/board/geometry/cells-and-hits", test_cells_and_hits);
  g_test_add_func ("/board/geometry/misses", test_misses);
  g_test_add_func ("/board/geometry/small-and-large", test_small_and_large_boards);
  g_test_add_func ("/board/geometry/stone-layouts", test_stone_layouts);
  g_test_add_func ("/board/renderer/cache", test_renderer_cache);
  g_test_add_func ("/board/renderer/disk-cache", test_renderer_disk_cache);
  g_test_add_func ("/board/renderer/disk-cache-damaged", test_renderer_disk_cache_damaged);
  g_test_add_func ("/board/renderer/request-in-thread", test_renderer_request_in_thread);
  g_test_add_func ("/board/renderer/request-superseded", test_renderer_request_superseded);
  g_test_add_func ("/board/renderer/dispose-during-job", test_renderer_dispose_during_job);
  g_test_add_func ("/board/renderer/wait-threads", test_renderer_wait_threads);
  g_test_add_func ("/board/renderer/exit-during-job", test_renderer_exit_during_job);
  return g_test_run ();
}
