/* test-hand-marker.c: the sower's hand marker keeps clear of the file letters on the frame, and is
 * drawn large enough to read from the back of a room (issue 10). */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "kiela.h"
#include "kiela-board-view.h"
#include "board-test-render.h"
#include "kiela-board-geometry.h"
#include "kiela-board-draw.h"

static gboolean
intersects (const graphene_rect_t *a, const graphene_rect_t *b)
{
  graphene_rect_t r;
  return graphene_rect_intersection (a, b, &r) && r.size.width > 0 && r.size.height > 0;
}

/* For every board size, file count, square of the outer rows and hand size: the marker covers
 * no letter of its edge, stays on the board, and is nearly half a house high. */
static void
test_clear_of_letters (void)
{
  g_autoptr(GtkWidget) widget = g_object_ref_sink (kiela_board_view_new ());
  static const guint files_list[] = { 4, 10, 20 };
  static const guint stones_list[] = { 1, 2, 5, 9, 12, 28, 56, 999 };
  static const int sizes[][2] = { { 300, 160 }, { 1000, 520 }, { 1920, 900 }, { 3840, 2000 } };

  for (guint fi = 0; fi < G_N_ELEMENTS (files_list); fi++)
    for (guint si = 0; si < G_N_ELEMENTS (sizes); si++)
      {
        KielaBoardLayout layout;
        guint files = files_list[fi];

        kiela_board_layout_compute (&layout, files, sizes[si][0], sizes[si][1]);
        for (guint rank = 1; rank <= 4; rank += 3)
          for (guint file = 0; file < files; file++)
            for (guint k = 0; k < G_N_ELEMENTS (stones_list); k++)
              {
                graphene_rect_t hand, cell;

                kiela_board_draw_hand_rect (widget, &layout, file, rank, stones_list[k], &hand);
                kiela_board_layout_cell_rect (&layout, file, rank, &cell);
                for (guint other = 0; other < files; other++)
                  {
                    graphene_rect_t label;
                    kiela_board_layout_file_label_rect (&layout, other, rank == 4, &label);
                    if (intersects (&hand, &label))
                      g_error ("%u files at %dx%d: the hand of %u stones on %c%u covers the letter %c",
                               files, sizes[si][0], sizes[si][1], stones_list[k], 'a' + file, rank, 'a' + other);
                  }
                g_assert_cmpfloat (hand.origin.y, >=, layout.y);
                g_assert_cmpfloat (hand.origin.y + hand.size.height, <=, layout.y + layout.height);
                /* Cells are rounded to whole pixels: a pixel either way. */
                g_assert_cmpfloat (hand.size.height, >=, 0.45 * cell.size.height - 1);
                /* Beside its own house: the marker overlaps the house's file. */
                g_assert_cmpfloat (hand.origin.x, <, cell.origin.x + cell.size.width);
                g_assert_cmpfloat (hand.origin.x + hand.size.width, >, cell.origin.x);
              }
      }
}

static double
luminance (cairo_surface_t *s, int x, int y)
{
  const guint8 *p = cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s) + 4 * x;
  return (0.2126 * p[2] + 0.7152 * p[1] + 0.0722 * p[0]) / 255.0;
}

/* Pixels of `a` and `b` differ somewhere inside `r`. */
static guint
differing (cairo_surface_t *a, cairo_surface_t *b, const graphene_rect_t *r, gboolean inside)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);
  guint n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gboolean in = graphene_rect_contains_point (r, &GRAPHENE_POINT_INIT (x + 0.5f, y + 0.5f));
        if (in == inside && memcmp (pa + y * stride + 4 * x, pb + y * stride + 4 * x, 4) != 0)
          n++;
      }
  return n;
}

/* Drawn, the hand changes no pixel of any letter, only pixels inside its own rectangle; the
 * letters are where the geometry says (light pixels in each letter's box). */
static void
test_drawn_clear_of_letters (void)
{
  g_autoptr(GtkWidget) widget = g_object_ref_sink (kiela_board_view_new ());
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  static const char *squares[] = { "g1", "a1", "j1", "c4", "j4" };
  const int width = 1000, height = 520;
  KielaPosition pos;
  KielaBoardLayout layout;
  cairo_surface_t *plain;

  g_assert_true (kiela_position_parse ("2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s",
                                       10, &pos, NULL));
  kiela_board_view_set_position (board, &pos);
  kiela_board_layout_compute (&layout, 10, width, height);
  plain = render (board, width, height);

  for (guint top = 0; top < 2; top++)
    for (guint file = 0; file < 10; file++)
      {
        graphene_rect_t label;
        guint light = 0;

        kiela_board_layout_file_label_rect (&layout, file, top, &label);
        for (int y = (int) label.origin.y; y < (int) (label.origin.y + label.size.height); y++)
          for (int x = (int) label.origin.x; x < (int) (label.origin.x + label.size.width); x++)
            light += luminance (plain, x, y) > 0.6;
        g_assert_cmpuint (light, >, 10);
      }

  for (guint i = 0; i < G_N_ELEMENTS (squares); i++)
    {
      KielaSquare sq;
      graphene_rect_t hand;
      cairo_surface_t *with_hand;

      g_assert_true (kiela_square_parse (10, squares[i], &sq, NULL));
      kiela_board_view_set_hand (board, sq.side, sq.house, 12);
      with_hand = render (board, width, height);
      kiela_board_draw_hand_rect (widget, &layout, sq.file, sq.rank, 12, &hand);
      /* Something is drawn, all of it inside the marker's rectangle (its border antialiased). */
      g_assert_cmpuint (differing (plain, with_hand, &hand, TRUE), >, 100);
      graphene_rect_inset (&hand, -1.5f, -1.5f);
      g_assert_cmpuint (differing (plain, with_hand, &hand, FALSE), ==, 0);
      for (guint top = 0; top < 2; top++)
        for (guint file = 0; file < 10; file++)
          {
            graphene_rect_t label;
            kiela_board_layout_file_label_rect (&layout, file, top, &label);
            g_assert_cmpuint (differing (plain, with_hand, &label, TRUE), ==, 0);
          }
      cairo_surface_destroy (with_hand);
      kiela_board_view_set_hand (board, sq.side, KIELA_NO_HOUSE, 0);
    }
  cairo_surface_destroy (plain);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_printerr ("test-hand-marker: cannot open a display; run it under xvfb-run\n");
      return 1;
    }
  g_test_add_func ("/board/hand/clear-of-letters", test_clear_of_letters);
  g_test_add_func ("/board/hand/drawn-clear-of-letters", test_drawn_clear_of_letters);
  return g_test_run ();
}
