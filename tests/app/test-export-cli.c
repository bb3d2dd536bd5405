/* test-export-cli.c: "kiela-cli export" as a teacher runs it; every file is read back (librsvg, gdk-pixbuf, poppler's tools). */
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
#include "kiela-diagram.h"
#include "tests/cli-test-run.h"
#include "tests/test-full-disk.h"

/* Rules file, section 10: the kiela start. */
#define START_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s"
/* Rules file, section 11: South b1, North h4, South i2 (a double capture), then North b3. */
static const char *const game_moves[] = { "b1", "h4", "i2", "b3" };

static void
run_argv (Run *r, const char *const *args)
{
  g_auto(GStrv) env = g_get_environ ();

  env = g_environ_setenv (env, "LANGUAGE", "C", TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  /* Under the sanitizers the leak checker's summary must not look like an error message. */
  if (g_environ_getenv (env, "LSAN_OPTIONS") != NULL)
    {
      g_autofree char *lsan = g_strconcat (g_environ_getenv (env, "LSAN_OPTIONS"), ":print_suppressions=0", NULL);
      env = g_environ_setenv (env, "LSAN_OPTIONS", lsan, TRUE);
    }
  run_spawn (r, args, env);
}

/* Runs "kiela-cli export" with the arguments up to NULL. */
static void
run_cli_va (Run *r, va_list ap)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *a;

  g_ptr_array_add (argv, (gpointer) KIELA_TEST_CLI);
  g_ptr_array_add (argv, (gpointer) "export");
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) a);
  g_ptr_array_add (argv, NULL);
  run_argv (r, (const char *const *) argv->pdata);
}

static void
run_cli (Run *r, ...)
{
  va_list ap;

  va_start (ap, r);
  run_cli_va (r, ap);
  va_end (ap);
}

static char *
tmp_path (const char *name)
{
  static char *dir;

  if (dir == NULL)
    dir = g_dir_make_tmp ("kiela-test-export-XXXXXX", NULL);
  g_assert_nonnull (dir);
  return g_build_filename (dir, name, NULL);
}

static KielaRegistry *
get_registry (void)
{
  static KielaRegistry *registry;

  if (registry == NULL)
    {
      registry = kiela_registry_new ();
      kiela_registry_load_default (registry);
    }
  return registry;
}

static const KielaVariant *
kiela_variant (void)
{
  KielaRegistry *registry = get_registry ();

  g_assert_nonnull (kiela_registry_lookup_variant (registry, "kiela"));
  return kiela_registry_lookup_variant (registry, "kiela");
}

/* The four moves of the worked examples, saved as a record with players and an event. */
static KielaGame *
make_record (const char *path)
{
  KielaGame *game = kiela_game_new (kiela_variant ());
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (game_moves); i++)
    g_assert_true (kiela_game_play_square (game, game_moves[i], NULL, NULL));
  kiela_game_set_metadata (game, KIELA_META_SOUTH, "Ana");
  kiela_game_set_metadata (game, KIELA_META_NORTH, "Bento");
  kiela_game_set_metadata (game, KIELA_META_EVENT, "Class 4B");
  g_assert_true (kiela_record_save (game, path, &error));
  g_assert_no_error (error);
  return game;
}

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

/* ---------- PDF ---------- */

/* What a program that must succeed prints. */
static char *
output_of (const char *const *args)
{
  g_auto(Run) r = { 0 };

  run_argv (&r, args);
  g_assert_cmpint (r.status, ==, 0);
  return g_steal_pointer (&r.out);
}

static char *
pdf_info (const char *pdf, const char *first_page)
{
  return output_of ((const char *[]) { KIELA_TEST_PDFINFO, "-f", first_page, "-l", first_page, pdf, NULL });
}

static char *
pdf_text (const char *pdf)
{
  return output_of ((const char *[]) { KIELA_TEST_PDFTOTEXT, "-layout", pdf, "-", NULL });
}

/* pdftotext may break a sentence at the end of a line: compare with every run of spaces as one. */
static char *
squash (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      gboolean space = g_ascii_isspace (*p);

      if (space && s->len > 0 && s->str[s->len - 1] == ' ')
        continue;
      g_string_append_c (s, space ? ' ' : *p);
    }
  return g_string_free (s, FALSE);
}

/* The PDF's text, squashed as above. */
static char *
pdf_text_squashed (const char *pdf)
{
  g_autofree char *text = pdf_text (pdf);

  return squash (text);
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

/* A lesson: a page a step, with the lesson's title and each step's text. */
static void
test_lesson (void)
{
  g_autofree char *out = tmp_path ("lesson.pdf");
  GPtrArray *lessons = kiela_registry_get_lessons (get_registry ());
  const KielaLesson *lesson;
  g_auto(Run) r = { 0 };
  g_autofree char *info = NULL, *text = NULL, *flat = NULL, *pages = NULL;

  g_assert_cmpuint (lessons->len, >, 0);
  lesson = g_ptr_array_index (lessons, 0);
  run_cli (&r, "--lesson", lesson->id, "--paper", "letter", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  info = pdf_info (out, "1");
  pages = g_strdup_printf ("Pages:           %u", (guint) lesson->n_steps);
  g_assert_nonnull (strstr (info, pages));
  g_assert_nonnull (strstr (info, "612 x 792 pts (letter)"));
  text = pdf_text (out);
  flat = squash (text);
  g_assert_nonnull (strstr (flat, kiela_lesson_get_title (lesson)));
  for (guint i = 0; i < lesson->n_steps; i++)
    {
      g_autofree char *heading = g_strdup_printf ("Step %u", i + 1);
      g_autofree char *step = squash (kiela_lesson_step_get_text (lesson, i));

      g_assert_nonnull (strstr (flat, heading));
      /* The step's text up to where pdftotext might break a line inside a word it kerned. */
      step[MIN (strlen (step), 30)] = 0;
      g_assert_nonnull (strstr (flat, step));
    }
}

/* --answers: the capture lesson's pages, then its answer key with what the engine says each
 * step's answer is; a teacher's .kiela-lesson file works without installing it. */
static void
test_lesson_answers (void)
{
  g_autofree char *out = tmp_path ("lesson-answers.pdf");
  g_autofree char *file = tmp_path ("teacher.kiela-lesson");
  g_autofree char *bad = tmp_path ("teacher-bad.kiela-lesson");
  const KielaLesson *lesson = kiela_registry_lookup_lesson (get_registry (), "capture");
  g_auto(Run) r = { 0 };
  g_auto(Run) r2 = { 0 };
  g_auto(Run) r3 = { 0 };
  g_autofree char *info = NULL, *text = NULL, *flat = NULL, *pages = NULL, *key = NULL;
  const char *key_at;

  g_assert_nonnull (lesson);
  run_cli (&r, "--lesson", "capture", "--answers", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  info = pdf_info (out, "1");
  pages = g_strdup_printf ("Pages:           %u", (guint) lesson->n_steps + 1 + kiela_lesson_has_notes (lesson));
  g_assert_nonnull (strstr (info, pages));
  text = pdf_text (out);
  flat = squash (text);
  key_at = strstr (flat, "Answer Key");
  g_assert_nonnull (key_at);
  /* Step 2 asks how many stones j1 captures; the file says 6. */
  g_assert_cmpint (lesson->steps[1].task.kind, ==, KIELA_TASK_PREDICT_CAPTURE);
  key = g_strdup_printf ("%s captures %u stones", lesson->steps[1].task.move, lesson->steps[1].task.number);
  g_assert_nonnull (strstr (key_at, key));
  g_assert_nonnull (strstr (flat, "How many stones does j1 capture?"));

  g_assert_true (g_file_set_contents (file, "[Lesson]\nFormat=1\nId=teacher\nTitle=Teacher's Own\nVariant=kiela\n\n"
                                      "[Step 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n\n"
                                      "[Step 2]\nText=And h1.\nTask=sow-house\nAnswer=h1\n", -1, NULL));
  run_cli (&r2, "--lesson", file, "--answers", "-o", out, NULL);
  g_assert_cmpstr (r2.err, ==, "");
  g_assert_cmpint (r2.status, ==, 0);
  g_free (info);
  info = pdf_info (out, "1");
  g_assert_nonnull (strstr (info, "Pages:           3"));
  /* A file that fails its checks: exit 2, naming the file and line. */
  g_assert_true (g_file_set_contents (bad, "[Lesson]\nFormat=1\nId=teacher\nTitle=T\nVariant=kiela\n\n"
                                      "[Step 1]\nText=Sow g4.\nTask=sow-house\nAnswer=g4\n", -1, NULL));
  run_cli (&r3, "--lesson", bad, "--answers", "-o", out, NULL);
  g_assert_cmpint (r3.status, ==, 2);
  g_assert_nonnull (strstr (r3.err, "teacher-bad.kiela-lesson:"));
  g_assert_nonnull (strstr (r3.err, "g4"));
}

/* The text of page `page` of a PDF, runs of spaces squashed. */
static char *
pdf_page_text (const char *pdf, guint page)
{
  char n[16];
  g_autofree char *text = NULL;

  g_snprintf (n, sizeof n, "%u", page);
  text = output_of ((const char *[]) { KIELA_TEST_PDFTOTEXT, "-layout", "-f", n, "-l", n, pdf, "-", NULL });
  return squash (text);
}

/* The line under a lesson worksheet's title: "Summary · Game", or the game alone for a lesson
 * without a summary (it read "· Kiela", a separator joining nothing). */
static char *
heading_line_after (const char *text, const char *title)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i]; i++)
    if (g_str_equal (g_strstrip (lines[i]), title))
      for (guint j = i + 1; lines[j]; j++)
        if (*g_strstrip (lines[j]))
          return g_strdup (lines[j]);
  return NULL;
}

static void
test_lesson_heading (void)
{
  g_autofree char *out = tmp_path ("lesson-heading.pdf");
  g_autofree char *file = tmp_path ("heading.kiela-lesson");
  const char *steps_part = "\n[Step 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n";
  g_autofree char *bare = g_strconcat ("[Lesson]\nFormat=1\nId=heading\nTitle=No Summary Here\nVariant=kiela\n",
                                       steps_part, NULL);
  g_autofree char *summed = g_strconcat ("[Lesson]\nFormat=1\nId=heading\nTitle=No Summary Here\nVariant=kiela\n"
                                         "Summary=Where the first stone goes.\n", steps_part, NULL);
  g_autofree char *text = NULL, *line = NULL, *text2 = NULL, *line2 = NULL;
  g_auto(Run) r = { 0 };
  g_auto(Run) r2 = { 0 };

  g_assert_true (g_file_set_contents (file, bare, -1, NULL));
  run_cli (&r, "--lesson", file, "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  text = pdf_text (out);
  line = heading_line_after (text, "No Summary Here");
  g_assert_nonnull (line);
  /* The game's name alone: no separator before it, none after. */
  g_assert_false (g_str_has_prefix (line, "·"));
  g_assert_null (strstr (line, "·"));
  g_assert_nonnull (strstr (line, "Kiela"));
  g_assert_null (strstr (text, "· Kiela"));

  /* With a summary, the summary and the game. */
  g_assert_true (g_file_set_contents (file, summed, -1, NULL));
  run_cli (&r2, "--lesson", file, "-o", out, NULL);
  g_assert_cmpint (r2.status, ==, 0);
  text2 = pdf_text (out);
  line2 = heading_line_after (text2, "No Summary Here");
  g_assert_nonnull (line2);
  g_assert_true (g_str_has_prefix (line2, "Where the first stone goes. · "));
  g_assert_nonnull (strstr (line2, "Kiela"));
}

/* The teacher's copy (--answers) ends with the lesson's teacher notes on a page of their own,
 * after the answer key: under the For Teachers headings, each misconception its own bullet;
 * notes longer than a page go on over the next, nothing cut.  The pupils' copy and a lesson
 * without notes have no such page. */
static void
test_lesson_teacher_page (void)
{
  g_autofree char *out = tmp_path ("lesson-teacher.pdf");
  g_autofree char *file = tmp_path ("notes.kiela-lesson");
  g_autofree char *info = NULL, *last = NULL, *all = NULL, *page = NULL;
  g_autoptr(GString) many = g_string_new (NULL);
  g_auto(Run) r = { 0 };
  g_auto(Run) r2 = { 0 };
  g_auto(Run) r3 = { 0 };
  const char *lesson_head = "[Lesson]\nFormat=1\nId=notes\nTitle=Notes\nVariant=kiela\n";
  const char *steps_part = "\n[Step 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n\n"
                           "[Step 2]\nText=And h1.\nTask=sow-house\nAnswer=h1\n";
  g_autofree char *with_notes = g_strconcat (lesson_head,
                                             "Objective=Pupils follow a sowing stone by stone.\n"
                                             "Misconceptions=The inner row runs rightward.\\nA relay lifts the next house.\n"
                                             "Activity=Pairs sow c1 with real stones and say where each one falls.\n",
                                             steps_part, NULL);

  g_assert_true (g_file_set_contents (file, with_notes, -1, NULL));
  run_cli (&r, "--lesson", file, "--answers", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  info = pdf_info (out, "1");
  /* Two steps, the key, the notes. */
  g_assert_nonnull (strstr (info, "Pages:           4"));
  page = pdf_page_text (out, 3);
  g_assert_nonnull (strstr (page, "Answer Key"));
  g_assert_null (strstr (page, "For Teachers"));
  last = pdf_page_text (out, 4);
  g_assert_nonnull (strstr (last, "For Teachers"));
  g_assert_nonnull (strstr (last, "Objective Pupils follow a sowing stone by stone."));
  g_assert_nonnull (strstr (last, "Usual Misconceptions • The inner row runs rightward. • A relay lifts the next house."));
  g_assert_nonnull (strstr (last, "Activity with Real Stones Pairs sow c1 with real stones and say where each one falls."));
  /* Not on a step's page. */
  g_free (page);
  page = pdf_page_text (out, 1);
  g_assert_null (strstr (page, "For Teachers"));
  g_assert_null (strstr (page, "rightward"));

  /* The pupils' copy: the steps only. */
  run_cli (&r2, "--lesson", file, "-o", out, NULL);
  g_assert_cmpint (r2.status, ==, 0);
  g_free (info);
  info = pdf_info (out, "1");
  g_assert_nonnull (strstr (info, "Pages:           2"));
  all = pdf_text_squashed (out);
  g_assert_null (strstr (all, "For Teachers"));
  g_assert_null (strstr (all, "rightward"));

  /* Eighty misconceptions: more than a page, every one printed. */
  g_string_append (many, lesson_head);
  g_string_append (many, "Misconceptions=");
  for (guint i = 0; i < 80; i++)
    g_string_append_printf (many, "%sMistake number %u of the list.", i ? "\\n" : "", i + 1);
  g_string_append (many, "\n");
  g_string_append (many, steps_part);
  g_assert_true (g_file_set_contents (file, many->str, -1, NULL));
  run_cli (&r3, "--lesson", file, "--answers", "-o", out, NULL);
  g_assert_cmpint (r3.status, ==, 0);
  g_free (all);
  all = pdf_text_squashed (out);
  for (guint i = 0; i < 80; i++)
    {
      g_autofree char *line = g_strdup_printf ("• Mistake number %u of the list.", i + 1);

      if (strstr (all, line) == NULL)
        g_error ("the teacher pages lost “%s”", line);
    }
  g_free (info);
  info = pdf_info (out, "1");
  g_assert_nonnull (strstr (info, "Pages:"));
  {
    guint n = (guint) g_ascii_strtoull (strstr (info, "Pages:") + 6, NULL, 10);

    /* The two steps, the key and more than one page of notes, each headed as such. */
    g_assert_cmpuint (n, >=, 5);
    for (guint p = 4; p <= n; p++)
      {
        g_free (last);
        last = pdf_page_text (out, p);
        g_assert_nonnull (strstr (last, "For Teachers"));
      }
  }

  /* No notes, no teacher page. */
  {
    g_autofree char *plain = g_strconcat (lesson_head, steps_part, NULL);
    g_auto(Run) r4 = { 0 };

    g_assert_true (g_file_set_contents (file, plain, -1, NULL));
    run_cli (&r4, "--lesson", file, "--answers", "-o", out, NULL);
    g_assert_cmpint (r4.status, ==, 0);
    g_free (info);
    info = pdf_info (out, "1");
    g_assert_nonnull (strstr (info, "Pages:           3"));
    g_free (all);
    all = pdf_text_squashed (out);
    g_assert_null (strstr (all, "For Teachers"));
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
  g_test_add_func ("/export/cli/pdf-long-move", test_pdf_long_move);
  g_test_add_func ("/export/cli/badges-uncovered", test_badges_uncovered);
  g_test_add_func ("/export/cli/pdf-blank-answers", test_pdf_blank_answers);
  g_test_add_func ("/export/cli/pdf-ink", test_pdf_ink);
  g_test_add_func ("/export/cli/lesson", test_lesson);
  g_test_add_func ("/export/cli/lesson-answers", test_lesson_answers);
  g_test_add_func ("/export/cli/lesson-teacher-page", test_lesson_teacher_page);
  g_test_add_func ("/export/cli/lesson-heading", test_lesson_heading);
  g_test_add_func ("/export/cli/errors", test_errors);
  g_test_add_func ("/export/cli/variation", test_variation);
  g_test_add_func ("/export/cli/full-disk", test_full_disk);
  return g_test_run ();
}
