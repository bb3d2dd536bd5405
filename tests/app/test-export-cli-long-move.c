/* test-export-cli-long-move.c: "kiela-cli export" of a 12-lap move: never cut, its counts never
 * covered by its marks, the blank worksheet's key, and the ink-saving style; the test draws the
 * move's diagrams itself to compare. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

#include "kiela.h"
#include "kiela-board-geometry.h"
#include "kiela-diagram.h"
#include "test-export-cli-common.h"

/* ---------- a long move ---------- */

/* Random play from the start (seed 1): the tenth move, North b4, is sown in 12 laps and
 * captures four times. */
static const char *const long_moves[] = { "j1", "c4", "g1", "f4", "h1", "i4", "a1", "e4", "g2", "b4" };

static KielaGame *
make_long_record (const char *path)
{
  KielaGame *game = kiela_game_new (kiela_variant ());
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (long_moves); i++)
    g_assert_true (kiela_game_play_square (game, long_moves[i], NULL, NULL));
  g_assert_cmpuint (kiela_game_get_move (game, 9)->result.laps, ==, 12);
  g_assert_true (kiela_record_save (game, path, &error));
  g_assert_no_error (error);
  return game;
}

/* The values of attribute `attr` of every element holding `marker`, in document order. */
static GPtrArray *
svg_attr_values (const char *svg, const char *marker, const char *attr)
{
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *needle = g_strdup_printf (" %s=\"", attr);

  for (const char *p = strstr (svg, marker); p; p = strstr (p + 1, marker))
    {
      const char *open = p, *close = strchr (p, '>'), *at;

      while (open > svg && *open != '<')
        open--;
      at = g_strstr_len (open, close - open, needle);
      g_assert_nonnull (at);
      at += strlen (needle);
      g_ptr_array_add (values, g_strndup (at, strchr (at, '"') - at));
    }
  return values;
}

/* The texts of every <text> holding `marker`, in document order. */
static GPtrArray *
svg_texts_of (const char *svg, const char *marker)
{
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);

  for (const char *p = strstr (svg, marker); p; p = strstr (p + 1, marker))
    {
      const char *start = strchr (p, '>') + 1;

      g_ptr_array_add (values, g_strndup (start, strstr (start, "</text>") - start));
    }
  return values;
}

/* A 12-lap move is never cut: every lap drawn (three diagrams of four laps, numbered 1 to 12),
 * every step told, the narration going on to the next pages ("Move 10 (continued)"). */
static void
test_pdf_long_move (void)
{
  g_autofree char *record = tmp_path ("long.kiela");
  g_autofree char *out = tmp_path ("long.pdf");
  g_autofree char *svg_out = tmp_path ("long.svg");
  g_autoptr(KielaGame) game = make_long_record (record);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_auto(Run) r = { 0 };
  g_autofree char *info = NULL, *text = NULL, *flat = NULL, *svg = NULL;
  guint n_pages = 0;

  run_cli (&r, "--record", record, "--from", "10", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  info = output_of ((const char *[]) { KIELA_TEST_PDFINFO, out, NULL });
  g_assert_nonnull (strstr (info, "Pages:"));
  n_pages = (guint) g_ascii_strtoull (strstr (info, "Pages:") + 6, NULL, 10);
  g_assert_cmpuint (n_pages, >=, 2);
  text = pdf_text (out);
  flat = squash (text);
  g_assert_null (strstr (flat, "more step"));
  g_assert_nonnull (strstr (flat, "Move 10 (continued)"));
  g_assert_true (kiela_game_trace_move (game, 9, trace));
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *ev = kiela_trace_get_event (trace, i);
      g_autofree char *sentence = NULL, *flat_sentence = NULL;

      if (ev->type == KIELA_EVENT_LIFT || ev->type == KIELA_EVENT_DROP)
        continue;
      sentence = kiela_narrate_event (kiela_variant (), trace, i);
      flat_sentence = squash (sentence);
      if (strstr (flat, flat_sentence) == NULL)
        g_error ("step %u “%s” is missing from the worksheet", i, sentence);
    }

  /* The laps of each diagram: 1-4, 5-8, 9-12, as the worksheet splits them. */
  for (guint first = 0; first < 12; first += KIELA_DIAGRAM_LAPS_PER_DIAGRAM)
    {
      g_autofree char *part = kiela_diagram_build_svg_laps (&trace->before, trace, KIELA_DIAGRAM_ARROWS, first,
                                                            KIELA_DIAGRAM_LAPS_PER_DIAGRAM, 0);
      g_autoptr(GPtrArray) numbers = svg_texts_of (part, "class=\"lap-number\"");

      g_assert_cmpuint (numbers->len, ==, KIELA_DIAGRAM_LAPS_PER_DIAGRAM);
      for (guint i = 0; i < numbers->len; i++)
        {
          g_autofree char *want = g_strdup_printf ("%u", first + i + 1);
          g_assert_cmpstr (g_ptr_array_index (numbers, i), ==, want);
        }
    }
  g_assert_cmpuint (kiela_diagram_lap_of_events (trace, NULL), ==, 12);

  /* An image of the move draws all twelve laps too. */
  {
    g_auto(Run) s = { 0 };
    g_autoptr(GPtrArray) numbers = NULL;

    run_cli (&s, "--record", record, "--ply", "9", "--arrows", "-o", svg_out, NULL);
    g_assert_cmpint (s.status, ==, 0);
    g_assert_true (g_file_get_contents (svg_out, &svg, NULL, NULL));
    numbers = svg_texts_of (svg, "class=\"lap-number\"");
    g_assert_cmpuint (numbers->len, ==, 12);
  }
}

/* The board rendered from an SVG, one pixel a unit (ARGB32). */
static cairo_surface_t *
render_svg (const char *svg)
{
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
  double w, h;
  cairo_surface_t *surface;
  cairo_t *cr;

  g_assert_no_error (error);
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) w, (int) h);
  cr = cairo_create (surface);
  g_assert_true (rsvg_handle_render_document (handle, cr, &(RsvgRectangle) { 0, 0, w, h }, &error));
  g_assert_no_error (error);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_object_unref (handle);
  return surface;
}

static guint32
pixel_at (cairo_surface_t *s, int x, int y)
{
  return *(const guint32 *) (cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s) + 4 * x);
}

/* Arrows, rings and capture hatching never cover a house's count: around every count's
 * centre the board with the 12-lap move's marks is the board without them, pixel for pixel,
 * in both styles. */
static void
test_badges_uncovered (void)
{
  g_autofree char *record = tmp_path ("badges.kiela");
  g_autoptr(KielaGame) game = make_long_record (record);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  g_assert_true (kiela_game_trace_move (game, 9, trace));
  for (guint style = 0; style < 2; style++)
    for (guint first = 0; first < 12; first += KIELA_DIAGRAM_LAPS_PER_DIAGRAM)
      {
        KielaDiagramFlags ink = style ? KIELA_DIAGRAM_INK : KIELA_DIAGRAM_NONE;
        g_autofree char *marked = kiela_diagram_build_svg_laps (&trace->before, trace, KIELA_DIAGRAM_ARROWS | ink,
                                                                first, KIELA_DIAGRAM_LAPS_PER_DIAGRAM, 0);
        g_autofree char *plain = kiela_diagram_build_svg (&trace->before, NULL, ink, 0);
        cairo_surface_t *a = render_svg (marked);
        cairo_surface_t *b = render_svg (plain);
        guint differ_marks = 0;

        for (guint side = 0; side < 2; side++)
          for (guint h = 0; h < 20; h++)
            {
              KielaSquare sq;
              int x0, y0;

              kiela_square_from_house (10, side, h, &sq);
              x0 = (int) (KIELA_BOARD_MARGIN + sq.file * KIELA_BOARD_CELL);
              y0 = (int) kiela_board_geometry_rank_top (sq.rank);
              /* The badge of a one- or two-digit count: its centre is 15 units in from the
               * cell's bottom-right corner, its half-height 14.9. */
              for (int y = y0 + 84 - 10; y <= y0 + 84 + 10; y++)
                for (int x = x0 + 84 - 8; x <= x0 + 84 + 8; x++)
                  if (pixel_at (a, x, y) != pixel_at (b, x, y))
                    g_error ("style %u, laps from %u: the count of %c%u is covered at (%d, %d)", style, first + 1,
                             'a' + sq.file, sq.rank, x - x0, y - y0);
            }
        /* ... while the marks are there: the two drawings differ elsewhere. */
        for (int y = 0; y < cairo_image_surface_get_height (a); y++)
          for (int x = 0; x < cairo_image_surface_get_width (a); x++)
            differ_marks += pixel_at (a, x, y) != pixel_at (b, x, y);
        g_assert_cmpuint (differ_marks, >, 2000);
        cairo_surface_destroy (a);
        cairo_surface_destroy (b);
      }
}

/* The pure-digit lines of pdftotext's page `page`: the counts drawn there. */
static GPtrArray *
page_numbers (const char *pdf, guint page)
{
  g_autofree char *p = g_strdup_printf ("%u", page);
  g_autofree char *text = output_of ((const char *[]) { KIELA_TEST_PDFTOTEXT, "-f", p, "-l", p, pdf, "-", NULL });
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GPtrArray *numbers = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; lines[i]; i++)
    {
      g_autofree char *l = g_strstrip (g_strdup (lines[i]));

      if (*l && strspn (l, "0123456789") == strlen (l))
        g_ptr_array_add (numbers, g_steal_pointer (&l));
    }
  return numbers;
}

/* --blank --answers: the blank pages, then the key with the counts of every blank diagram
 * (here moves 3 and 4 of the worked examples): the counts on the key page are those of the
 * positions after them. */
static void
test_pdf_blank_answers (void)
{
  g_autofree char *record = tmp_path ("key.kiela");
  g_autofree char *out = tmp_path ("key.pdf");
  g_autoptr(KielaGame) game = make_record (record);
  g_auto(Run) r = { 0 };
  g_autofree char *text = NULL, *flat = NULL, *info = NULL;
  g_autoptr(GPtrArray) key = NULL;
  guint want[64] = { 0 }, got[64] = { 0 };

  run_cli (&r, "--record", record, "--from", "3", "--to", "4", "--blank", "--answers", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  info = output_of ((const char *[]) { KIELA_TEST_PDFINFO, out, NULL });
  g_assert_nonnull (strstr (info, "Pages:           3"));
  text = pdf_text (out);
  flat = squash (text);
  g_assert_null (strstr (flat, "Move 1 "));
  g_assert_null (strstr (flat, "Move 2 "));
  g_assert_nonnull (strstr (flat, "Move 3"));
  g_assert_nonnull (strstr (flat, "Move 4"));
  g_assert_nonnull (strstr (flat, "Answer Key"));
  g_assert_true (strstr (flat, "After move 3") < strstr (flat, "After move 4"));
  g_assert_true (strstr (flat, "Move 4") < strstr (flat, "Answer Key"));

  key = page_numbers (out, 3);
  for (guint m = 2; m < 4; m++)
    {
      const KielaPosition *after = kiela_game_get_position_at (game, m + 1);

      for (guint side = 0; side < 2; side++)
        for (guint h = 0; h < 20; h++)
          want[after->houses[side][h]]++;
    }
  g_assert_cmpuint (key->len, ==, 80);
  for (guint i = 0; i < key->len; i++)
    got[MIN (g_ascii_strtoull (g_ptr_array_index (key, i), NULL, 10), 63)]++;
  for (guint v = 0; v < 64; v++)
    g_assert_cmpuint (got[v], ==, want[v]);

  /* The blank diagrams hold no count: a move's page has only its diagram of the move's 40
   * counts and the numbers of its laps. */
  {
    g_autoptr(GPtrArray) page1 = page_numbers (out, 1);
    g_autoptr(KielaTrace) trace = kiela_trace_new ();

    g_assert_true (kiela_game_trace_move (game, 2, trace));
    g_assert_cmpuint (page1->len, ==, 40 + kiela_diagram_lap_of_events (trace, NULL));
  }
}

/* Ink-saving: no wood and no colour on the page (greys at most), black ink for the board;
 * and the four laps of a diagram are told apart by their dash patterns, all drawn in black. */
static void
test_pdf_ink (void)
{
  g_autofree char *record = tmp_path ("ink.kiela");
  g_autofree char *out = tmp_path ("ink.pdf");
  g_autofree char *svg_out = tmp_path ("ink.svg");
  g_autofree char *prefix = tmp_path ("ink-page");
  g_autofree char *png = g_strconcat (prefix, "-1.png", NULL);
  G_GNUC_UNUSED g_autoptr(KielaGame) game = make_long_record (record);
  g_auto(Run) r = { 0 };
  g_autoptr(GdkPixbuf) pb = NULL;
  g_autoptr(GError) error = NULL;
  guint coloured = 0, black = 0, total;

  run_cli (&r, "--record", record, "--from", "10", "--ink", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  {
    const char *args[] = { KIELA_TEST_PDFTOPPM, "-png", "-r", "40", "-f", "1", "-l", "1", out, prefix, NULL };
    g_auto(Run) p = { 0 };

    run_argv (&p, args);
    g_assert_cmpint (p.status, ==, 0);
  }
  pb = gdk_pixbuf_new_from_file (png, &error);
  g_assert_no_error (error);
  total = gdk_pixbuf_get_width (pb) * gdk_pixbuf_get_height (pb);
  for (int y = 0; y < gdk_pixbuf_get_height (pb); y++)
    for (int x = 0; x < gdk_pixbuf_get_width (pb); x++)
      {
        const guint8 *q = gdk_pixbuf_read_pixels (pb) + y * gdk_pixbuf_get_rowstride (pb) + x * gdk_pixbuf_get_n_channels (pb);
        int hi = MAX (q[0], MAX (q[1], q[2])), lo = MIN (q[0], MIN (q[1], q[2]));

        coloured += hi - lo > 40;
        black += hi < 80;
      }
  g_assert_cmpuint (coloured, <, total / 1000);
  g_assert_cmpuint (black, >, total / 200);
  /* Less ink than the wooden board: the same page in colour is far darker. */
  g_assert_cmpuint (black, <, total / 10);

  {
    g_auto(Run) s = { 0 };
    g_autofree char *svg = NULL;
    g_autoptr(GPtrArray) dashes = NULL, colours = NULL;

    run_cli (&s, "--record", record, "--ply", "9", "--arrows", "--ink", "-o", svg_out, NULL);
    g_assert_cmpint (s.status, ==, 0);
    g_assert_true (g_file_get_contents (svg_out, &svg, NULL, NULL));
    dashes = svg_attr_values (svg, "class=\"lap\"", "stroke-dasharray");
    colours = svg_attr_values (svg, "class=\"lap\"", "stroke");
    g_assert_cmpuint (dashes->len, ==, 12);
    for (guint i = 0; i < dashes->len; i++)
      {
        g_assert_cmpstr (g_ptr_array_index (colours, i), ==, "#000000");
        for (guint j = i + 1; j < dashes->len && j < i + KIELA_DIAGRAM_LAPS_PER_DIAGRAM; j++)
          if (i / KIELA_DIAGRAM_LAPS_PER_DIAGRAM == j / KIELA_DIAGRAM_LAPS_PER_DIAGRAM)
            g_assert_cmpstr (g_ptr_array_index (dashes, i), !=, g_ptr_array_index (dashes, j));
      }
    /* No wood: the board's grain and its stone sprites are not in the document. */
    g_assert_null (strstr (svg, "k-stone-1"));
    g_assert_nonnull (strstr (svg, "class=\"ink-board\""));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/cli/pdf-long-move", test_pdf_long_move);
  g_test_add_func ("/export/cli/badges-uncovered", test_badges_uncovered);
  g_test_add_func ("/export/cli/pdf-blank-answers", test_pdf_blank_answers);
  g_test_add_func ("/export/cli/pdf-ink", test_pdf_ink);
  return g_test_run ();
}
