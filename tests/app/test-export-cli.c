/* test-export-cli.c: "kiela-cli export" as a teacher runs it; every file is read back (librsvg, gdk-pixbuf, poppler's tools).
 * Lessons' worksheets: test-export-cli-lessons.c; a long move's diagrams: test-export-cli-long-move.c. */
/* unshare() for the full-disk test's own mount namespace (tests/test-full-disk.h). */
#define _GNU_SOURCE
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <librsvg/rsvg.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

#include "kiela.h"
#include "kiela-board-geometry.h"
#include "kiela-worksheet.h"
#include "tests/test-full-disk.h"
#include "test-export-cli-common.h"

/* ---------- SVG ---------- */

typedef struct {
  gboolean in_text;
  gboolean is_count;
  GString *text;
  GPtrArray *labels;   /* the text of every <text> that is not a count */
  GPtrArray *counts;   /* the text of every count */
  guint answer_boxes;
} SvgTexts;

static void
svg_start (GMarkupParseContext *ctx, const char *element, const char **names, const char **values,
           gpointer data, GError **error)
{
  SvgTexts *t = data;
  gboolean count = FALSE, answer = FALSE;

  for (guint i = 0; names[i]; i++)
    if (strcmp (names[i], "class") == 0)
      {
        count = strcmp (values[i], "count") == 0;
        answer = strcmp (values[i], "answer") == 0;
      }
  if (strcmp (element, "text") == 0)
    {
      t->in_text = TRUE;
      t->is_count = count;
      g_string_truncate (t->text, 0);
    }
  if (strcmp (element, "rect") == 0 && answer)
    t->answer_boxes++;
}

static void
svg_end (GMarkupParseContext *ctx, const char *element, gpointer data, GError **error)
{
  SvgTexts *t = data;

  if (strcmp (element, "text") == 0 && t->in_text)
    {
      g_ptr_array_add (t->is_count ? t->counts : t->labels, g_strdup (g_strstrip (t->text->str)));
      t->in_text = FALSE;
    }
}

static void
svg_text (GMarkupParseContext *ctx, const char *text, gsize len, gpointer data, GError **error)
{
  SvgTexts *t = data;

  if (t->in_text)
    g_string_append_len (t->text, text, len);
}

static void
read_svg (const char *path, SvgTexts *t)
{
  static const GMarkupParser parser = { svg_start, svg_end, svg_text, NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GMarkupParseContext) ctx = NULL;
  RsvgHandle *handle;
  double w, h;

  /* librsvg must take it as a whole, sized document. */
  handle = rsvg_handle_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (handle);
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h));
  g_assert_cmpfloat (w, >, 0);
  g_object_unref (handle);

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  t->text = g_string_new (NULL);
  t->labels = g_ptr_array_new_with_free_func (g_free);
  t->counts = g_ptr_array_new_with_free_func (g_free);
  ctx = g_markup_parse_context_new (&parser, 0, t, NULL);
  g_assert_true (g_markup_parse_context_parse (ctx, contents, -1, &error));
  g_assert_no_error (error);
}

static void
svg_texts_clear (SvgTexts *t)
{
  g_string_free (t->text, TRUE);
  g_ptr_array_unref (t->labels);
  g_ptr_array_unref (t->counts);
}

static gboolean
has_string (GPtrArray *array, const char *s)
{
  for (guint i = 0; i < array->len; i++)
    if (strcmp (g_ptr_array_index (array, i), s) == 0)
      return TRUE;
  return FALSE;
}

static void
test_svg (void)
{
  g_autofree char *out = tmp_path ("start.svg");
  g_auto(Run) r = { 0 };
  SvgTexts t = { 0 };
  KielaPosition pos;
  guint want[64] = { 0 }, got[64] = { 0 };

  run_cli (&r, "--position", START_KPN, "--format", "svg", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  read_svg (out, &t);

  /* The frame's square labels: files a..j above and below, ranks 1..4 left and right. */
  for (char f = 'a'; f <= 'j'; f++)
    {
      char s[2] = { f, 0 };
      g_assert_true (has_string (t.labels, s));
    }
  for (char rank = '1'; rank <= '4'; rank++)
    {
      char s[2] = { rank, 0 };
      g_assert_true (has_string (t.labels, s));
    }
  /* ... and no other text but the counts. */
  for (guint i = 0; i < t.labels->len; i++)
    {
      const char *l = g_ptr_array_index (t.labels, i);
      g_assert_true (strlen (l) == 1 && ((l[0] >= 'a' && l[0] <= 'j') || (l[0] >= '1' && l[0] <= '4')));
    }

  /* One count a house, and together they are the position's counts. */
  g_assert_true (kiela_position_parse (START_KPN, 10, &pos, NULL));
  g_assert_cmpuint (t.counts->len, ==, 40);
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 20; h++)
      want[pos.houses[side][h]]++;
  for (guint i = 0; i < t.counts->len; i++)
    {
      guint64 v;
      g_assert_true (g_ascii_string_to_unsigned (g_ptr_array_index (t.counts, i), 10, 0, 63, &v, NULL));
      got[v]++;
    }
  for (guint v = 0; v < 64; v++)
    g_assert_cmpuint (got[v], ==, want[v]);
  g_assert_cmpuint (t.answer_boxes, ==, 0);
  svg_texts_clear (&t);
}

static void
test_svg_blank (void)
{
  g_autofree char *out = tmp_path ("blank.svg");
  g_auto(Run) r = { 0 };
  SvgTexts t = { 0 };

  run_cli (&r, "--position", START_KPN, "--blank", "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  read_svg (out, &t);
  /* No numbers to copy: a box to write in for every house. */
  g_assert_cmpuint (t.counts->len, ==, 0);
  g_assert_cmpuint (t.answer_boxes, ==, 40);
  svg_texts_clear (&t);
}

/* ---------- PNG ---------- */

/* Pixels near the cup's centre that are as light as a stone (the cup's wood is dark brown). */
static guint
light_pixels (GdkPixbuf *pb, double scale, guint file, guint rank)
{
  double cx = (KIELA_BOARD_MARGIN + file * KIELA_BOARD_CELL + KIELA_BOARD_CELL / 2) * scale;
  double cy = (kiela_board_geometry_rank_top (rank) + KIELA_BOARD_CELL / 2) * scale;
  double r = 25 * scale;
  int stride = gdk_pixbuf_get_rowstride (pb), nc = gdk_pixbuf_get_n_channels (pb);
  const guint8 *px = gdk_pixbuf_read_pixels (pb);
  guint n = 0;

  for (int y = (int) (cy - r); y <= (int) (cy + r); y++)
    for (int x = (int) (cx - r); x <= (int) (cx + r); x++)
      {
        const guint8 *p = px + y * stride + x * nc;

        if ((x - cx) * (x - cx) + (y - cy) * (y - cy) > r * r)
          continue;
        if (0.3 * p[0] + 0.59 * p[1] + 0.11 * p[2] > 180)
          n++;
      }
  return n;
}

static void
test_png (void)
{
  g_autofree char *out = tmp_path ("start.png");
  g_auto(Run) r = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pb = NULL;
  double units_w = 2 * KIELA_BOARD_MARGIN + 10 * KIELA_BOARD_CELL;
  double units_h = 2 * KIELA_BOARD_MARGIN + 4 * KIELA_BOARD_CELL + KIELA_BOARD_BAND;
  double scale = 1000 / units_w;
  KielaPosition pos;

  run_cli (&r, "--position", START_KPN, "--format", "png", "--size", "1000", "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  pb = gdk_pixbuf_new_from_file (out, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (pb), ==, 1000);
  g_assert_cmpint (gdk_pixbuf_get_height (pb), ==, (int) (1000 * units_h / units_w + 0.5));

  /* Every house with stones shows light stones where the board's geometry puts its cup, and
   * every empty house shows only dark wood. */
  g_assert_true (kiela_position_parse (START_KPN, 10, &pos, NULL));
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 20; h++)
      {
        KielaSquare sq;
        guint light;

        kiela_square_from_house (10, side, h, &sq);
        light = light_pixels (pb, scale, sq.file, sq.rank);
        if (pos.houses[side][h] > 0)
          g_assert_cmpuint (light, >, 40);
        else
          g_assert_cmpuint (light, ==, 0);
      }
}

static void
test_pdf (void)
{
  g_autofree char *record = tmp_path ("game.kiela");
  g_autofree char *out = tmp_path ("game.pdf");
  g_autoptr(KielaGame) game = make_record (record);
  g_auto(Run) r = { 0 };
  g_autofree char *info = NULL, *text = NULL, *flat = NULL;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  run_cli (&r, "--record", record, "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);

  /* A page a move, A4 by default. */
  info = pdf_info (out, "1");
  g_assert_nonnull (strstr (info, "Pages:           4"));
  g_assert_nonnull (strstr (info, "595.28 x 841.89 pts (A4)"));

  text = pdf_text (out);
  flat = squash (text);
  g_assert_nonnull (strstr (flat, "Class 4B"));
  g_assert_nonnull (strstr (flat, "South: Ana · North: Bento"));
  for (guint i = 0; i < G_N_ELEMENTS (game_moves); i++)
    {
      g_autofree char *page = g_strdup_printf ("Page %u of 4", i + 1);
      g_autofree char *heading = g_strdup_printf ("Move %u", i + 1);
      g_autofree char *summary = NULL;

      g_assert_true (kiela_game_trace_move (game, i, trace));
      summary = kiela_narrate_move_summary (kiela_variant (), trace);
      g_assert_nonnull (strstr (flat, page));
      g_assert_nonnull (strstr (flat, heading));
      g_assert_nonnull (strstr (flat, summary));
    }
  /* The pages come in order: page 1 before page 2 ... */
  g_assert_true (strstr (flat, "Page 1 of 4") < strstr (flat, "Page 2 of 4"));

  /* Rendered by poppler, the first page shows a board: many dark wood pixels on white paper. */
  {
    g_autofree char *prefix = tmp_path ("page");
    g_autofree char *png = g_strconcat (prefix, "-1.png", NULL);
    const char *args[] = { KIELA_TEST_PDFTOPPM, "-png", "-r", "40", "-f", "1", "-l", "1", out, prefix, NULL };
    g_auto(Run) p = { 0 };
    g_autoptr(GdkPixbuf) pb = NULL;
    g_autoptr(GError) error = NULL;
    const guint8 *px;
    int dark = 0, white = 0;

    run_argv (&p, args);
    g_assert_cmpint (p.status, ==, 0);
    pb = gdk_pixbuf_new_from_file (png, &error);
    g_assert_no_error (error);
    px = gdk_pixbuf_read_pixels (pb);
    for (int y = 0; y < gdk_pixbuf_get_height (pb); y++)
      for (int x = 0; x < gdk_pixbuf_get_width (pb); x++)
        {
          const guint8 *q = px + y * gdk_pixbuf_get_rowstride (pb) + x * gdk_pixbuf_get_n_channels (pb);
          int lum = (q[0] * 3 + q[1] * 6 + q[2]) / 10;

          dark += lum < 110;
          white += lum > 250;
        }
    g_assert_cmpint (dark, >, gdk_pixbuf_get_width (pb) * gdk_pixbuf_get_height (pb) / 10);
    g_assert_cmpint (white, >, gdk_pixbuf_get_width (pb) * gdk_pixbuf_get_height (pb) / 4);
  }
}

static void
test_pdf_options (void)
{
  g_autofree char *record = tmp_path ("options.kiela");
  g_autofree char *out = tmp_path ("options.pdf");
  g_autoptr(KielaGame) game = make_record (record);
  g_auto(Run) r = { 0 };
  g_autofree char *info = NULL, *text = NULL, *flat = NULL;
  guint key = 0;

  for (guint i = 0; i < kiela_game_get_n_moves (game); i++)
    if (kiela_game_get_move (game, i)->result.captured > 0 || i + 1 == kiela_game_get_n_moves (game))
      key++;
  g_assert_cmpuint (key, <, G_N_ELEMENTS (game_moves));

  run_cli (&r, "--record", record, "--key-moves", "--blank", "--paper", "letter", "--title", "Term 2", "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  info = pdf_info (out, "1");
  {
    g_autofree char *pages = g_strdup_printf ("Pages:           %u", key);
    g_assert_nonnull (strstr (info, pages));
  }
  g_assert_nonnull (strstr (info, "612 x 792 pts (letter)"));
  text = pdf_text (out);
  flat = squash (text);
  g_assert_nonnull (strstr (flat, "Term 2"));
  g_assert_nonnull (strstr (flat, "write the number of stones"));
  /* Move 3 is the double capture of the worked examples: a key move. */
  g_assert_nonnull (strstr (flat, "Move 3"));
  g_assert_null (strstr (flat, "Move 1 "));
  g_assert_null (strstr (flat, "Move 2 "));

  /* --ply stops the worksheet there. */
  g_clear_pointer (&info, g_free);
  {
    g_auto(Run) p = { 0 };
    run_cli (&p, "--record", record, "--ply", "2", "-o", out, NULL);
    g_assert_cmpint (p.status, ==, 0);
  }
  info = pdf_info (out, "1");
  g_assert_nonnull (strstr (info, "Pages:           2"));
}

/* Where pdftotext -bbox puts the first word `word` of page 1, from the top (points); -1 if none. */
static double
pdf_word_top (const char *pdf, const char *word)
{
  g_autofree char *html = output_of ((const char *[]) { KIELA_TEST_PDFTOTEXT, "-bbox", "-f", "1", "-l", "1", pdf, "-", NULL });
  g_autofree char *needle = g_strdup_printf (">%s</word>", word);
  const char *at = strstr (html, needle);
  const char *tag;

  if (at == NULL)
    return -1;
  for (tag = at; tag > html && strncmp (tag, "<word", 5) != 0; tag--)
    ;
  tag = strstr (tag, "yMin=\"");
  g_assert_nonnull (tag);
  return g_ascii_strtod (tag + 6, NULL);
}

/* A title without spaces of 2,000 and 100,000 characters: two lines of it on the page, cut with
 * an ellipsis; the diagrams keep their room (the first move's heading where a short title
 * puts it, give or take the second line), no critical, and no 32 s of layout. */
static void
test_pdf_long_title (void)
{
  g_autofree char *record = tmp_path ("title.kiela");
  g_autofree char *out = tmp_path ("title.pdf");
  G_GNUC_UNUSED g_autoptr(KielaGame) game = make_record (record);
  double normal_top;

  {
    g_auto(Run) r = { 0 };

    run_cli (&r, "--record", record, "--title", "Term 2", "-o", out, NULL);
    g_assert_cmpint (r.status, ==, 0);
    normal_top = pdf_word_top (out, "Move");
    g_assert_cmpfloat (normal_top, >, 0);
  }
  for (guint length = 2000; length <= 100000; length *= 50)
    {
      g_autofree char *title = g_strnfill (length, 'W');
      g_autofree char *info = NULL;
      g_auto(Run) r = { 0 };
      gint64 start = g_get_monotonic_time ();
      double top;
      const char *line;

      run_cli (&r, "--record", record, "--title", title, "-o", out, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_cmpstr (r.err, ==, "");
      g_assert_cmpint (g_get_monotonic_time () - start, <, 20 * G_USEC_PER_SEC);
      top = pdf_word_top (out, "Move");
      if (top < normal_top || top > normal_top + 2 * 17 * 1.5)
        g_error ("title of %u characters: “Move” at %.1f pt, %.1f with a short title", length, top, normal_top);
      /* The document's own title is cut as well. */
      info = pdf_info (out, "1");
      line = strstr (info, "Title:");
      g_assert_nonnull (line);
      g_assert_cmpuint (strcspn (line, "\n"), <, KIELA_WORKSHEET_TITLE_MAX_CHARS * 2);
      g_assert_nonnull (strstr (line, "WWW…"));
    }
}

/* --ply and --arrows: the position after two moves, with the third move marked. */
static void
test_ply_arrows (void)
{
  g_autofree char *record = tmp_path ("ply.kiela");
  g_autofree char *out = tmp_path ("ply.svg");
  g_autoptr(KielaGame) game = make_record (record);
  g_autofree char *contents = NULL;
  g_autofree char *kpn = kiela_position_to_string (kiela_game_get_position_at (game, 2));
  g_autofree char *desc = g_strdup_printf ("Kiela position %s", kpn);
  g_auto(Run) r = { 0 };

  run_cli (&r, "--record", record, "--ply", "2", "--arrows", "-o", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, desc));
  g_assert_nonnull (strstr (contents, "class=\"arrow\""));
  /* Move 3 captures: its captured houses are marked. */
  g_assert_nonnull (strstr (contents, "#k-captured"));

  /* Without --arrows nothing is marked. */
  {
    g_auto(Run) p = { 0 };
    g_autofree char *plain = NULL;

    run_cli (&p, "--record", record, "--ply", "2", "-o", out, NULL);
    g_assert_cmpint (p.status, ==, 0);
    g_assert_true (g_file_get_contents (out, &plain, NULL, NULL));
    g_assert_null (strstr (plain, "class=\"arrow\""));
  }
}

/* ---------- bad input ---------- */

static void
expect_failure (int status, const char *message, ...)
{
  g_auto(Run) r = { 0 };
  va_list ap;

  va_start (ap, message);
  run_cli_va (&r, ap);
  va_end (ap);
  if (strstr (r.err, message) == NULL)
    g_error ("expected “%s” in: %s", message, r.err);
  g_assert_cmpint (r.status, ==, status);
  g_assert_cmpstr (r.out, ==, "");
}

static void
test_errors (void)
{
  g_autofree char *record = tmp_path ("errors.kiela");
  g_autofree char *out = tmp_path ("never.png");
  g_autofree char *missing = tmp_path ("missing.kiela");
  g_autofree char *dir = tmp_path ("a-folder");
  g_autofree char *in_missing_dir = tmp_path ("no-such-dir/out.png");
  G_GNUC_UNUSED g_autoptr(KielaGame) game = make_record (record);

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  expect_failure (2, "--position", "--position", "2,2,2/oops s", "-o", out, NULL);
  expect_failure (2, "missing.kiela", "--record", missing, "-o", out, NULL);
  expect_failure (2, "--ply 9 is past the end", "--record", record, "--ply", "9", "-o", out, NULL);
  expect_failure (2, "-o:", "--position", START_KPN, "-o", dir, "--format", "png", NULL);
  expect_failure (2, "no-such-dir", "--position", START_KPN, "-o", in_missing_dir, NULL);
  expect_failure (2, "--move", "--position", START_KPN, "--move", "e2", "-o", out, NULL);
  /* Usage errors. */
  expect_failure (1, "one of --position, --record or --lesson", "-o", out, NULL);
  expect_failure (1, "one of --position, --record or --lesson", "--position", START_KPN, "--record", record, "-o", out, NULL);
  expect_failure (1, "-o OUT", "--position", START_KPN, NULL);
  expect_failure (2, "unknown lesson “no-such-lesson”", "--lesson", "no-such-lesson", "-o", out, "--format", "pdf", NULL);
  expect_failure (1, "give --format pdf", "--lesson", "sowing", "-o", out, NULL);
  expect_failure (1, "--answers needs --lesson or --blank", "--position", START_KPN, "--answers", "-o", out, NULL);
  expect_failure (1, "--answers needs --lesson or --blank", "--record", record, "--answers", "-o", out, NULL);
  expect_failure (1, "--to 2 comes before --from 3", "--record", record, "--from", "3", "--to", "2", "--format", "pdf", "-o", out, NULL);
  expect_failure (1, "not both", "--record", record, "--from", "3", "--key-moves", "--format", "pdf", "-o", out, NULL);
  expect_failure (1, "--from", "--record", record, "--from", "0", "--format", "pdf", "-o", out, NULL);
  expect_failure (1, "--from and --to", "--position", START_KPN, "--from", "1", "-o", out, NULL);
  expect_failure (2, "--from 5 is past the end", "--record", record, "--from", "5", "--format", "pdf", "-o", out, NULL);
  expect_failure (1, "is not svg, png or pdf", "--position", START_KPN, "--format", "gif", "-o", out, NULL);
  expect_failure (1, "does not tell", "--position", START_KPN, "-o", dir, NULL);
  expect_failure (1, "is not a4 or letter", "--record", record, "--paper", "A5", "-o", out, NULL);
  expect_failure (1, "--size", "--position", START_KPN, "--size", "0", "-o", out, NULL);
  /* Nothing was written by any of them. */
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

/* A record with a variation: "kiela-cli export --record --variation 1" draws that line and its
 * worksheet says on every page that it is a variation and where it leaves the game, as the app
 * does for the line it shows; without --variation, the game as played, with no such words. */
static void
test_variation (void)
{
  g_autofree char *record = tmp_path ("variation.kiela");
  g_autofree char *out = tmp_path ("variation.pdf");
  g_autofree char *main_out = tmp_path ("main.pdf");
  g_autofree char *png = tmp_path ("variation.png");
  g_autoptr(KielaGame) game = make_record (record);
  g_autoptr(KielaGameTree) tree = NULL;
  g_autoptr(KielaGame) at2 = kiela_game_copy (game);
  g_autoptr(GFile) file = g_file_new_for_path (record);
  g_autoptr(GError) error = NULL;
  KielaMove moves[KIELA_MAX_MOVES], other = -1;
  g_autofree char *other_name = NULL, *from = NULL, *text = NULL, *flat = NULL, *main_text = NULL;
  guint n;
  g_auto(Run) r = { 0 };
  g_auto(Run) m = { 0 };
  g_auto(Run) p = { 0 };

  /* South's third move another than the game's i2: a variation of one move. */
  kiela_game_go_to (at2, 2);
  n = kiela_game_legal_moves (at2, moves);
  for (guint i = 0; i < n && other < 0; i++)
    {
      g_autofree char *sq = kiela_square_name_dup (10, KIELA_SOUTH, (guint) moves[i]);

      if (!g_str_equal (sq, game_moves[2]))
        {
          other = moves[i];
          other_name = g_steal_pointer (&sq);
        }
    }
  g_assert_cmpint (other, >=, 0);
  tree = kiela_game_tree_new (game);
  g_assert_true (kiela_game_tree_play (tree, 2, other, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 1);
  kiela_game_tree_enter (tree, NULL);
  g_assert_true (kiela_record_tree_save_file (tree, file, NULL, &error));
  g_assert_no_error (error);

  run_cli (&r, "--record", record, "--variation", "1", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  text = pdf_text (out);
  flat = squash (text);
  from = g_strdup_printf ("A variation, not the game as played: from move 3, South %s instead of %s.", other_name,
                          game_moves[2]);
  g_assert_nonnull (strstr (flat, "Page 3 of 3"));
  {
    guint count = 0;

    for (const char *q = strstr (flat, from); q; q = strstr (q + 1, from))
      count++;
    g_assert_cmpuint (count, ==, 3);
  }

  /* The game as played. */
  run_cli (&m, "--record", record, "-o", main_out, NULL);
  g_assert_cmpint (m.status, ==, 0);
  main_text = pdf_text (main_out);
  g_assert_null (strstr (main_text, "variation"));
  g_assert_nonnull (strstr (main_text, "Page 4 of 4"));

  /* A diagram of the variation's end: the position after its third move. */
  run_cli (&p, "--record", record, "--variation", "1", "-o", png, NULL);
  g_assert_cmpint (p.status, ==, 0);

  expect_failure (2, "has 1 variation", "--record", record, "--variation", "2", "-o", out, NULL);
  expect_failure (1, "--variation needs --record", "--position", START_KPN, "--variation", "1", "-o", png, NULL);
}

/* An export onto a full disk fails with "the disk is full", leaves the file it would have
 * replaced whole and creates no partial new one: PDF, PNG and SVG alike. */
static void
test_full_disk (void)
{
  g_autofree char *record = tmp_path ("full-disk.kiela");
  G_GNUC_UNUSED g_autoptr(KielaGame) game = make_record (record);
  char *disk = kiela_test_mount_small_disk (512 * 1024);
  const char *outputs[] = { "sheet.pdf", "board.png", "board.svg" };

  if (disk == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *old = g_build_filename (disk, outputs[i], NULL);
      g_autofree char *fresh = g_strconcat (disk, "/new-", outputs[i], NULL);
      g_autofree char *now = NULL;
      g_auto(Run) r1 = { 0 };
      g_auto(Run) r2 = { 0 };

      g_assert_true (g_file_set_contents (old, "old\n", -1, NULL));
      kiela_test_fill_disk (disk, 0);
      run_cli (&r1, "--record", record, "-o", old, NULL);
      g_assert_cmpint (r1.status, !=, 0);
      if (strstr (r1.err, "the disk is full") == NULL)
        g_error ("export to %s: %s", outputs[i], r1.err);
      g_assert_true (g_file_get_contents (old, &now, NULL, NULL));
      g_assert_cmpstr (now, ==, "old\n");

      run_cli (&r2, "--record", record, "-o", fresh, NULL);
      g_assert_cmpint (r2.status, !=, 0);
      g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));
      {
        g_autofree char *filler = g_build_filename (disk, "filler", NULL);
        g_assert_cmpint (g_unlink (filler), ==, 0);
      }
    }
  kiela_test_unmount_small_disk (disk);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/cli/svg", test_svg);
  g_test_add_func ("/export/cli/svg-blank", test_svg_blank);
  g_test_add_func ("/export/cli/png", test_png);
  g_test_add_func ("/export/cli/pdf", test_pdf);
  g_test_add_func ("/export/cli/pdf-options", test_pdf_options);
  g_test_add_func ("/export/cli/pdf-long-title", test_pdf_long_title);
  g_test_add_func ("/export/cli/ply-arrows", test_ply_arrows);
  g_test_add_func ("/export/cli/errors", test_errors);
  g_test_add_func ("/export/cli/variation", test_variation);
  g_test_add_func ("/export/cli/full-disk", test_full_disk);
  return g_test_run ();
}
