/* kiela-worksheet.c: lays out a game as worksheet pages (title, players, a diagram per move, narration, page numbers);
 * a lesson's questions, answers and teacher notes are in kiela-worksheet-lesson.c. */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>
#include <cairo-pdf.h>

#include "kiela-worksheet-private.h"
#include "kiela-diagram.h"

#define PAGE_MARGIN 46.0     /* points: about 16 mm, inside every printer's unprintable edge */
#define FONT_FAMILY "Cantarell, DejaVu Sans, Sans"

/* What a move's pages are made of, in order: a diagram of (at most
 * KIELA_DIAGRAM_LAPS_PER_DIAGRAM) laps, the narrated steps of those laps one by one, the next
 * laps' diagram and steps, and at last the position after the move.  A long move flows over
 * as many pages as it needs: nothing is cut. */
typedef enum { BLOCK_DIAGRAM, BLOCK_STEP, BLOCK_AFTER } BlockKind;

typedef struct {
  BlockKind kind;
  guint value;        /* BLOCK_DIAGRAM: its first lap; BLOCK_STEP: the event narrated */
  double height;      /* points, with the space after it */
  guint event;        /* BLOCK_DIAGRAM: its first lap's first event (the board is drawn before it) */
} Block;

void
kiela_paper_get_size (KielaPaper paper, double *width, double *height)
{
  if (paper == KIELA_PAPER_LETTER)
    {
      *width = 612;
      *height = 792;
    }
  else
    {
      /* 210 × 297 mm */
      *width = 595.28;
      *height = 841.89;
    }
}

gboolean
kiela_paper_parse (const char *text, KielaPaper *paper)
{
  if (g_ascii_strcasecmp (text, "a4") == 0)
    *paper = KIELA_PAPER_A4;
  else if (g_ascii_strcasecmp (text, "letter") == 0)
    *paper = KIELA_PAPER_LETTER;
  else
    return FALSE;
  return TRUE;
}

char *
kiela_worksheet_describe_line (KielaGameTree *tree)
{
  KielaGameLine *main_line = kiela_game_tree_get_main_line (tree);
  KielaGameLine *line = kiela_game_tree_get_current (tree);
  const KielaPlayedMove *move;
  g_autofree char *name = NULL;
  guint ply;

  if (line == main_line)
    return NULL;
  /* Where the shown line first leaves the game as played (variations within it branch later). */
  while (kiela_game_line_get_parent (line) != main_line)
    line = kiela_game_line_get_parent (line);
  ply = kiela_game_line_get_fork (line) + 1;
  move = kiela_game_line_get_move (line, ply);
  name = kiela_game_line_dup_move_name (line, ply);
  if (ply <= kiela_game_line_get_n_moves (main_line))
    {
      g_autofree char *played = kiela_game_line_dup_move_name (main_line, ply);

      /* TRANSLATORS: under a worksheet's title and in the game copied as text when a variation
       * is shown: "A variation, not the game as played: from move 3, North e4 instead of a4." */
      return g_strdup_printf (_("A variation, not the game as played: from move %u, %s %s instead of %s."), ply,
                              kiela_side_display_name (move->mover), name, played);
    }
  /* TRANSLATORS: as above, where the game as played has no move there */
  return g_strdup_printf (_("A variation, not the game as played: from move %u, %s %s."), ply,
                          kiela_side_display_name (move->mover), name);
}

static KielaGameLine *
find_variation (KielaGameLine *line, guint *number)
{
  for (guint i = 0; i < kiela_game_line_get_n_variations (line); i++)
    {
      KielaGameLine *v = kiela_game_line_get_variation (line, i), *found;

      if (--*number == 0)
        return v;
      if ((found = find_variation (v, number)) != NULL)
        return found;
    }
  return NULL;
}

KielaGameLine *
kiela_worksheet_find_variation (KielaGameTree *tree, guint number)
{
  return number > 0 ? find_variation (kiela_game_tree_get_main_line (tree), &number) : NULL;
}

/* A title of at most KIELA_WORKSHEET_TITLE_MAX_CHARS characters, cut with an ellipsis: the page
 * shows two lines of it, and Pango laid a title of 100,000 characters out for 32 s. */
static char *
bounded_title (const char *title)
{
  g_autofree char *valid = g_utf8_make_valid (title, -1);
  const char *end;
  GString *cut;

  /* Within the first 4 bytes a character more than the limit, a longer title has more. */
  if (g_utf8_strlen (valid, KIELA_WORKSHEET_TITLE_MAX_CHARS * 4 + 4) <= KIELA_WORKSHEET_TITLE_MAX_CHARS)
    return g_steal_pointer (&valid);
  end = g_utf8_offset_to_pointer (valid, KIELA_WORKSHEET_TITLE_MAX_CHARS - 1);
  cut = g_string_new_len (valid, end - valid);
  g_string_append (cut, "…");
  return g_string_free (cut, FALSE);
}

KielaWorksheet *
kiela_worksheet_new (KielaGame *game, const KielaWorksheetOptions *options)
{
  KielaWorksheet *ws = g_new0 (KielaWorksheet, 1);
  guint n = kiela_game_get_n_moves (game);
  const char *event = kiela_game_get_metadata (game, KIELA_META_EVENT);

  ws->game = g_object_ref (game);
  ws->variant = kiela_game_get_variant (game);
  ws->options = *options;
  ws->title = bounded_title (options->title ? options->title : event && *event ? event : _("Kiela"));
  ws->options.title = ws->title;
  ws->line = g_strdup (options->line);
  ws->options.line = ws->line;
  ws->moves = g_array_new (FALSE, FALSE, sizeof (guint));
  ws->pages = g_array_new (FALSE, FALSE, sizeof (Page));
  for (guint i = 0; i < n; i++)
    {
      const KielaPlayedMove *m = kiela_game_get_move (game, i);
      gboolean shown;

      switch (options->moves)
        {
        case KIELA_WORKSHEET_KEY_MOVES:
          shown = m->result.captured > 0 || i == n - 1;
          break;
        case KIELA_WORKSHEET_RANGE:
          /* Move numbers from 1, both ends included; 0 leaves that end open. */
          shown = (options->first_move == 0 || i + 1 >= options->first_move)
                  && (options->last_move == 0 || i + 1 <= options->last_move);
          break;
        case KIELA_WORKSHEET_EVERY_MOVE:
        default:
          shown = TRUE;
          break;
        }
      if (shown)
        g_array_append_val (ws->moves, i);
    }
  return ws;
}

KielaWorksheet *
kiela_worksheet_new_for_lesson (const KielaLesson *lesson, const KielaVariant *variant,
                                const KielaWorksheetOptions *options)
{
  KielaWorksheet *ws = g_new0 (KielaWorksheet, 1);

  ws->lesson = lesson;
  ws->variant = variant;
  ws->options = *options;
  ws->title = bounded_title (options->title ? options->title : kiela_lesson_get_title (lesson));
  ws->options.title = ws->title;
  ws->options.line = NULL;
  ws->moves = g_array_new (FALSE, FALSE, sizeof (guint));
  ws->pages = g_array_new (FALSE, FALSE, sizeof (Page));
  return ws;
}

void
kiela_worksheet_free (KielaWorksheet *ws)
{
  if (ws == NULL)
    return;
  g_clear_object (&ws->game);
  g_clear_pointer (&ws->art, kiela_diagram_cache_free);
  g_free (ws->title);
  g_free (ws->line);
  g_array_unref (ws->moves);
  g_array_unref (ws->pages);
  g_free (ws);
}

static void lay_out (KielaWorksheet *ws, double width, double height);

/* Laid out for the options' paper unless a page size was set or drawn since. */
static void
ensure_layout (KielaWorksheet *ws)
{
  if (ws->layout_w <= 0)
    {
      double w, h;

      kiela_paper_get_size (ws->options.paper, &w, &h);
      lay_out (ws, w, h);
    }
}

void
kiela_worksheet_set_page_size (KielaWorksheet *ws, double width, double height)
{
  g_return_if_fail (width > 0 && height > 0);
  if (width != ws->layout_w || height != ws->layout_h)
    lay_out (ws, width, height);
}

guint
kiela_worksheet_get_n_answer_pages (KielaWorksheet *ws)
{
  guint n = 0;

  ensure_layout (ws);
  for (guint i = 0; i < ws->pages->len; i++)
    {
      PageKind kind = g_array_index (ws->pages, Page, i).kind;

      n += kind == PAGE_KEY || kind == PAGE_STEP_KEY;
    }
  return n;
}

guint
kiela_worksheet_get_n_pages (KielaWorksheet *ws)
{
  ensure_layout (ws);
  return ws->pages->len;
}

/* Draws `text` at (x, y) within `width`, wrapped onto at most `max_lines` lines (0: any number)
 * and ellipsized after them; returns its height.  Sizes are in points. */
static double
draw_text_lines (cairo_t *cr, const char *text, double size, gboolean bold, PangoAlignment align, int max_lines,
                 double x, double y, double width, double r, double g, double b)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (FONT_FAMILY);
  int w, h;

  /* One unit a point, whatever the surface: the PDF's and the print context's alike. */
  pango_cairo_context_set_resolution (pango_layout_get_context (layout), 72);
  pango_layout_context_changed (layout);
  pango_font_description_set_size (font, (int) (size * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  if (max_lines > 0)
    {
      pango_layout_set_height (layout, -max_lines);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_set_alignment (layout, align);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);

  cairo_save (cr);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  return (double) h / PANGO_SCALE;
}

double
_kiela_worksheet_draw_text (cairo_t *cr, const char *text, double size, gboolean bold, PangoAlignment align,
                            double x, double y, double width, double r, double g, double b)
{
  return draw_text_lines (cr, text, size, bold, align, 0, x, y, width, r, g, b);
}

/* A record's date ("2026-11-30") in the reader's order and digits (%x: "30/11/2026" in France,
 * "11/30/2026" in the US); kept as written in the C locale, whose %x has a two-digit year, and
 * when it is not a date. */
static char *
display_date (const char *date)
{
  const char *lc = setlocale (LC_TIME, NULL);
  int y, m, d, end = 0;
  g_autoptr(GDateTime) dt = NULL;
  char *out;

  if (sscanf (date, "%4d-%2d-%2d%n", &y, &m, &d, &end) != 3 || date[end] != '\0' || lc == NULL ||
      g_str_equal (lc, "C") || g_str_equal (lc, "POSIX") || g_str_has_prefix (lc, "C."))
    return g_strdup (date);
  dt = g_date_time_new_utc (y, m, d, 12, 0, 0);
  out = dt ? g_date_time_format (dt, "%x") : NULL;
  return out ? out : g_strdup (date);
}

static char *
players_line (KielaWorksheet *ws)
{
  const KielaVariant *variant = ws->variant;
  const char *south = kiela_game_get_metadata (ws->game, KIELA_META_SOUTH);
  const char *north = kiela_game_get_metadata (ws->game, KIELA_META_NORTH);
  const char *date = kiela_game_get_metadata (ws->game, KIELA_META_DATE);
  const char *domain = variant->translation_domain ? variant->translation_domain : GETTEXT_PACKAGE;
  GString *line = g_string_new (NULL);

  /* TRANSLATORS: on a worksheet: "South: Ana · North: Mpanzu" */
  g_string_append_printf (line, _("South: %s · North: %s"), south && *south ? south : "—", north && *north ? north : "—");
  g_string_append_printf (line, " · %s", g_dgettext (domain, variant->name));
  if (date && *date)
    {
      g_autofree char *shown = display_date (date);

      g_string_append_printf (line, " · %s", shown);
    }
  return g_string_free (line, FALSE);
}

static void
draw_diagram_laps (KielaWorksheet *ws, cairo_t *cr, const KielaPosition *pos, const KielaTrace *move,
                   KielaDiagramFlags flags, guint first_lap, guint n_laps,
                   double x, double y, double width, double height)
{
  g_autoptr(GError) error = NULL;

  if (ws->options.ink)
    flags |= KIELA_DIAGRAM_INK;
  if (ws->art == NULL)
    ws->art = kiela_diagram_cache_new (pos->files);
  /* The documents are generated here: failing to draw them is a bug, not a user's problem. */
  if (!kiela_diagram_draw_laps (ws->art, cr, pos, move, flags, first_lap, n_laps, x, y, width, height, &error))
    g_critical ("worksheet diagram: %s", error->message);
}

static void
draw_diagram (KielaWorksheet *ws, cairo_t *cr, const KielaPosition *pos, const KielaTrace *move,
              KielaDiagramFlags flags, double x, double y, double width, double height)
{
  draw_diagram_laps (ws, cr, pos, move, flags, 0, G_MAXUINT, x, y, width, height);
}

/* The text's height without drawing it (on a scratch surface). */
double
_kiela_worksheet_measure_text (const char *text, double size, gboolean bold, double width)
{
  cairo_surface_t *scratch = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (scratch);
  double h = _kiela_worksheet_draw_text (cr, text, size, bold, PANGO_ALIGN_LEFT, 0, 0, width, 0, 0, 0);

  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
  return h;
}

/* The header (title, the line, players, a rule) and the footer (the page number) of every page;
 * returns where the content starts, and in `bottom` where it must end. */
static double
draw_frame (KielaWorksheet *ws, cairo_t *cr, guint page, double width, double height, double *bottom)
{
  const KielaVariant *variant = ws->variant;
  double x = PAGE_MARGIN, y = PAGE_MARGIN, cw = width - 2 * PAGE_MARGIN;
  gboolean ink = ws->options.ink;
  const char *variant_name = g_dgettext (variant->translation_domain ? variant->translation_domain : GETTEXT_PACKAGE,
                                         variant->name);
  const char *summary = ws->lesson ? kiela_lesson_get_summary (ws->lesson) : NULL;
  /* A lesson's line is its summary and the game it plays; a lesson without a summary (a
   * teacher's file may have none) gives the game alone, never a dangling "· Kiela". */
  g_autofree char *players = ws->lesson == NULL ? players_line (ws)
                             : summary && *summary ? g_strdup_printf ("%s · %s", summary, variant_name)
                                                   : g_strdup (variant_name);
  g_autofree char *footer = g_strdup_printf (_("Page %u of %u"), page + 1, MAX (ws->pages->len, 1));

  /* Each at most two lines, whatever a title or a record's names hold: a 2,000-character title
   * took the page's height and left the diagrams none (cairo's "invalid size"). */
  y += draw_text_lines (cr, ws->title, 17, TRUE, PANGO_ALIGN_LEFT, 2, x, y, cw, 0.1, 0.06, 0.03);
  /* A variation says so on every page: a pupil must not take it for the game as played. */
  if (ws->line != NULL)
    y += 2 + draw_text_lines (cr, ws->line, 11, TRUE, PANGO_ALIGN_LEFT, 2, x, y + 2, cw,
                              ink ? 0 : 0.55, ink ? 0 : 0.1, ink ? 0 : 0.05);
  y += 2 + draw_text_lines (cr, players, 10, FALSE, PANGO_ALIGN_LEFT, 2, x, y + 2, cw, 0.3, 0.3, 0.3);
  y += 8;
  if (ink)
    cairo_set_source_rgb (cr, 0, 0, 0);
  else
    cairo_set_source_rgb (cr, 0.55, 0.35, 0.18);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + cw, y);
  cairo_stroke (cr);
  y += 12;

  /* Footer: the page number, centred. */
  *bottom = height - PAGE_MARGIN;
  _kiela_worksheet_draw_text (cr, footer, 9, FALSE, PANGO_ALIGN_CENTER, x, *bottom - 11, cw, 0.35, 0.35, 0.35);
  *bottom -= 24;
  return y;
}

static double
frame_top (KielaWorksheet *ws, double width, double height, double *bottom)
{
  cairo_surface_t *scratch = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (scratch);
  double top = draw_frame (ws, cr, 0, width, height, bottom);

  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
  return top;
}

static char *
move_heading (guint index, gboolean continued)
{
  if (continued)
    /* TRANSLATORS: a worksheet's heading on the next page of a long move: "Move 10 (continued)" */
    return g_strdup_printf (_("Move %u (continued)"), index + 1);
  return g_strdup_printf (_("Move %u"), index + 1);
}

static const char *
after_heading (KielaWorksheet *ws)
{
  return ws->options.blank ? _("After the move: write the number of stones in each house.") : _("After the move");
}

/* The move's blocks with their heights but the diagrams' (added by the layout). */
static GArray *
move_blocks (KielaWorksheet *ws, const KielaTrace *trace, double cw)
{
  GArray *blocks = g_array_new (FALSE, FALSE, sizeof (Block));
  guint n = kiela_trace_get_n_events (trace);
  g_autofree guint *lap_of = g_new (guint, MAX (n, 1));
  guint laps = kiela_diagram_lap_of_events (trace, lap_of);
  guint shown = G_MAXUINT;   /* the first lap of the last diagram added */
  Block block;

  for (guint i = 0; i < n; i++)
    {
      const KielaEvent *ev = kiela_trace_get_event (trace, i);
      guint diagram = MIN (lap_of[i], laps > 0 ? laps - 1 : 0) / KIELA_DIAGRAM_LAPS_PER_DIAGRAM
                      * KIELA_DIAGRAM_LAPS_PER_DIAGRAM;

      if (shown == G_MAXUINT || diagram > shown)
        {
          /* Every diagram in turn, even one of laps without a step to tell. */
          for (guint first = shown == G_MAXUINT ? 0 : shown + KIELA_DIAGRAM_LAPS_PER_DIAGRAM; first <= diagram;
               first += KIELA_DIAGRAM_LAPS_PER_DIAGRAM)
            {
              block = (Block) { BLOCK_DIAGRAM, first, first == 0 ? 8 : 20, first == 0 ? 0 : i };
              g_array_append_val (blocks, block);
            }
          shown = diagram;
        }
      if (ev->type == KIELA_EVENT_LIFT || ev->type == KIELA_EVENT_DROP)
        continue;
      {
        g_autofree char *sentence = kiela_narrate_event (ws->variant, trace, i);
        g_autofree char *line = g_strdup_printf ("• %s", sentence);

        block = (Block) { BLOCK_STEP, i, _kiela_worksheet_measure_text (line, 10, FALSE, cw) + 2, 0 };
        g_array_append_val (blocks, block);
      }
    }
  for (guint first = shown == G_MAXUINT ? 0 : shown + KIELA_DIAGRAM_LAPS_PER_DIAGRAM; first < laps;
       first += KIELA_DIAGRAM_LAPS_PER_DIAGRAM)
    {
      block = (Block) { BLOCK_DIAGRAM, first, first == 0 ? 8 : 20, n };
      g_array_append_val (blocks, block);
    }
  block = (Block) { BLOCK_AFTER, 0, 12 + 4 + _kiela_worksheet_measure_text (after_heading (ws), 11, TRUE, cw) + 4,
                    0 };
  g_array_append_val (blocks, block);
  return blocks;
}

static double
block_height (const Block *b, double diagram_h)
{
  return b->height + (b->kind == BLOCK_STEP ? 0 : diagram_h);
}

/* The pages of one move: as many as its blocks need, the diagrams the same height on all. */
static void
lay_out_move (KielaWorksheet *ws, guint index, double cw, double top, double bottom)
{
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autoptr(GArray) blocks = NULL;
  g_autofree char *heading = move_heading (index, FALSE);
  g_autofree char *summary = NULL;
  double w_units, h_units, natural, first_top, cont_top, steps_h = 0, fixed_h = 0, dh;
  guint n_diagrams = 0;
  Page page = { PAGE_MOVE, index, 0, 0, 0 };
  double y;

  kiela_game_trace_move (ws->game, index, trace);
  summary = kiela_narrate_move_summary (ws->variant, trace);
  blocks = move_blocks (ws, trace, cw);
  kiela_diagram_get_size (ws->variant->files, &w_units, &h_units);
  natural = cw * h_units / w_units;
  first_top = top + _kiela_worksheet_measure_text (heading, 13, TRUE, cw) + 2
              + _kiela_worksheet_measure_text (summary, 11, FALSE, cw) + 8;
  {
    g_autofree char *cont = move_heading (index, TRUE);

    cont_top = top + _kiela_worksheet_measure_text (cont, 13, TRUE, cw) + 8;
  }
  for (guint i = 0; i < blocks->len; i++)
    {
      const Block *b = &g_array_index (blocks, Block, i);

      if (b->kind == BLOCK_STEP)
        steps_h += b->height;
      else
        fixed_h += b->height;
      n_diagrams += b->kind == BLOCK_DIAGRAM;
    }
  /* A move on one page while its diagrams (each of its laps', then the position after it)
   * share what the narration leaves at half their width's size or more; a longer one at the
   * size of half a page, over as many pages as it needs. */
  dh = MIN (natural, (bottom - first_top - steps_h - fixed_h - 12) / (n_diagrams + 1));
  if (dh < natural * 0.5)
    dh = MIN (natural, (bottom - first_top - 56) / 2);
  page.diagram_h = dh;
  y = first_top;
  for (guint i = 0; i < blocks->len; i++)
    {
      double h = block_height (&g_array_index (blocks, Block, i), dh);

      if (page.end > page.first && y + h > bottom + 0.5)
        {
          g_array_append_val (ws->pages, page);
          page.first = page.end;
          y = cont_top;
        }
      page.end++;
      y += h;
    }
  g_array_append_val (ws->pages, page);
}

static double
key_diagram_height (KielaWorksheet *ws, double cw)
{
  double w_units, h_units;

  kiela_diagram_get_size (ws->variant->files, &w_units, &h_units);
  return cw * h_units / w_units * 0.72;
}

#define KEY_LABEL_H 18.0
#define KEY_GAP 14.0

static void
lay_out (KielaWorksheet *ws, double width, double height)
{
  double cw = width - 2 * PAGE_MARGIN, bottom, top;
  Page page = { 0 };

  g_array_set_size (ws->pages, 0);
  ws->layout_w = width;
  ws->layout_h = height;
  top = frame_top (ws, width, height, &bottom);
  if (ws->lesson != NULL)
    {
      guint key_pages = ws->options.answers ? ((guint) ws->lesson->n_steps + KIELA_WORKSHEET_ANSWERS_PER_PAGE - 1)
                                              / KIELA_WORKSHEET_ANSWERS_PER_PAGE
                                            : 0;

      for (guint i = 0; i < ws->lesson->n_steps; i++)
        {
          page = (Page) { PAGE_STEP, i, 0, 0, 0 };
          g_array_append_val (ws->pages, page);
        }
      for (guint i = 0; i < key_pages; i++)
        {
          page = (Page) { PAGE_STEP_KEY, i, 0, 0, 0 };
          g_array_append_val (ws->pages, page);
        }
      /* The teacher's copy (with the answers) ends with the teacher notes, after the key; the
       * pupils' copy has the steps only. */
      if (ws->options.answers && kiela_lesson_has_notes (ws->lesson))
        _kiela_worksheet_lay_out_notes (ws, cw, top, bottom);
      return;
    }
  /* A game without moves still makes one page: its starting position. */
  if (ws->moves->len == 0)
    {
      page = (Page) { PAGE_START, 0, 0, 0, 0 };
      g_array_append_val (ws->pages, page);
    }
  for (guint i = 0; i < ws->moves->len; i++)
    lay_out_move (ws, g_array_index (ws->moves, guint, i), cw, top, bottom);
  /* The key of blank diagrams: each with its counts, as many a page as fit. */
  if (ws->options.blank && ws->options.answers)
    {
      guint entries = MAX (ws->moves->len, 1);
      double entry_h = KEY_LABEL_H + key_diagram_height (ws, cw) + KEY_GAP;
      double key_top = top + _kiela_worksheet_measure_text (_("Answer Key"), 15, TRUE, cw) + 6;
      guint per_page = MAX (1, (guint) ((bottom - key_top) / entry_h));

      for (guint first = 0; first < entries; first += per_page)
        {
          page = (Page) { PAGE_KEY, 0, first, MIN (first + per_page, entries), 0 };
          g_array_append_val (ws->pages, page);
        }
    }
}

static void
draw_move_page (KielaWorksheet *ws, cairo_t *cr, const Page *page, double x, double y, double cw, double bottom)
{
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autoptr(GArray) blocks = NULL;
  g_autofree char *heading = move_heading (page->index, page->first > 0);
  double dh = page->diagram_h;

  kiela_game_trace_move (ws->game, page->index, trace);
  blocks = move_blocks (ws, trace, cw);
  y += _kiela_worksheet_draw_text (cr, heading, 13, TRUE, PANGO_ALIGN_LEFT, x, y, cw, 0, 0, 0);
  if (page->first == 0)
    {
      g_autofree char *summary = kiela_narrate_move_summary (ws->variant, trace);

      y += 2 + _kiela_worksheet_draw_text (cr, summary, 11, FALSE, PANGO_ALIGN_LEFT, x, y + 2, cw, 0.1, 0.1, 0.1);
    }
  y += 8;
  for (guint i = page->first; i < page->end && i < blocks->len; i++)
    {
      const Block *b = &g_array_index (blocks, Block, i);

      switch (b->kind)
        {
        case BLOCK_DIAGRAM:
          {
            /* Later laps from the board as they begin: the counts a pupil follows them on. */
            KielaPosition at = trace->before;
            guint hand;

            if (b->value > 0)
              kiela_trace_position_at (trace, b->event, &at, &hand);
            if (b->value > 0 && i > page->first)
              y += 12;
            draw_diagram_laps (ws, cr, &at, trace, KIELA_DIAGRAM_ARROWS, b->value,
                               KIELA_DIAGRAM_LAPS_PER_DIAGRAM, x, y, cw, dh);
          }
          y += dh + 8;
          break;
        case BLOCK_STEP:
          {
            g_autofree char *sentence = kiela_narrate_event (ws->variant, trace, b->value);
            g_autofree char *line = g_strdup_printf ("• %s", sentence);

            y += 2 + _kiela_worksheet_draw_text (cr, line, 10, FALSE, PANGO_ALIGN_LEFT, x, y, cw, 0.12, 0.12, 0.12);
          }
          break;
        case BLOCK_AFTER:
        default:
          y += 12;
          y += 4 + _kiela_worksheet_draw_text (cr, after_heading (ws), 11, TRUE, PANGO_ALIGN_LEFT, x, y, cw, 0, 0, 0);
          draw_diagram (ws, cr, &trace->after, NULL, ws->options.blank ? KIELA_DIAGRAM_BLANK : KIELA_DIAGRAM_NONE,
                        x, y + 4, cw, MIN (dh, bottom - y - 4));
          break;
        }
    }
}

static void
draw_key_page (KielaWorksheet *ws, cairo_t *cr, const Page *page, double x, double y, double cw)
{
  double kdh = key_diagram_height (ws, cw);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  y += 6 + _kiela_worksheet_draw_text (cr, _("Answer Key"), 15, TRUE, PANGO_ALIGN_LEFT, x, y, cw, 0, 0, 0);
  for (guint e = page->first; e < page->end; e++)
    {
      g_autofree char *label = NULL;
      KielaPosition pos;

      if (ws->moves->len == 0)
        {
          label = g_strdup (_("Starting position"));
          pos = *kiela_game_get_position_at (ws->game, 0);
        }
      else
        {
          guint index = g_array_index (ws->moves, guint, e);

          /* TRANSLATORS: the answer key of a blank worksheet: the counts after move 3 */
          label = g_strdup_printf (_("After move %u"), index + 1);
          kiela_game_trace_move (ws->game, index, trace);
          pos = trace->after;
        }
      _kiela_worksheet_draw_text (cr, label, 11, TRUE, PANGO_ALIGN_LEFT, x, y, cw, 0, 0, 0);
      draw_diagram (ws, cr, &pos, NULL, KIELA_DIAGRAM_NONE, x, y + KEY_LABEL_H, cw, kdh);
      y += KEY_LABEL_H + kdh + KEY_GAP;
    }
}

void
kiela_worksheet_draw_page (KielaWorksheet *ws, cairo_t *cr, guint page_no, double width, double height)
{
  const KielaVariant *variant = ws->variant;
  double x = PAGE_MARGIN, y, cw = width - 2 * PAGE_MARGIN;
  double bottom;
  double w_units, h_units, diagram_h;
  const Page *page;
  KielaPosition before;

  kiela_worksheet_set_page_size (ws, width, height);
  g_return_if_fail (page_no < ws->pages->len);
  page = &g_array_index (ws->pages, Page, page_no);

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  y = draw_frame (ws, cr, page_no, width, height, &bottom);
  kiela_diagram_get_size (variant->files, &w_units, &h_units);

  switch (page->kind)
    {
    case PAGE_STEP_KEY:
      _kiela_worksheet_draw_answer_page (ws, cr, page->index, x, y, cw, bottom);
      break;
    case PAGE_TEACHER:
      _kiela_worksheet_draw_notes_page (ws, cr, page, x, y, cw);
      break;
    case PAGE_STEP:
      {
        guint step = page->index;
        g_autofree char *heading = g_strdup_printf (_("Step %u"), step + 1);
        g_autofree char *question = kiela_worksheet_step_question (ws->lesson, variant, step);
        g_autoptr(GError) error = NULL;

        y += _kiela_worksheet_draw_text (cr, heading, 13, TRUE, PANGO_ALIGN_LEFT, x, y, cw, 0, 0, 0);
        y += 4 + _kiela_worksheet_draw_text (cr, kiela_lesson_step_get_text (ws->lesson, step), 11, FALSE,
                                             PANGO_ALIGN_LEFT, x, y + 4, cw, 0.1, 0.1, 0.1);
        y += 10 + _kiela_worksheet_draw_text (cr, question, 11, TRUE, PANGO_ALIGN_LEFT, x, y + 6, cw,
                                              ws->options.ink ? 0 : 0.45, ws->options.ink ? 0 : 0.2,
                                              ws->options.ink ? 0 : 0.05);
        /* The registry validated the lesson: every step's position parses. */
        diagram_h = MIN (cw * h_units / w_units, bottom - y);
        if (kiela_lesson_step_get_position (ws->lesson, variant, step, &before, &error))
          draw_diagram (ws, cr, &before, NULL, ws->options.blank ? KIELA_DIAGRAM_BLANK : KIELA_DIAGRAM_NONE,
                        x, y, cw, diagram_h);
        else
          g_critical ("worksheet lesson: %s", error->message);
        /* Ruled lines for the pupil's answer. */
        cairo_set_source_rgb (cr, 0.75, 0.7, 0.64);
        cairo_set_line_width (cr, 0.6);
        for (double line = y + diagram_h + 40; line < bottom - 8; line += 26)
          {
            cairo_move_to (cr, x, line);
            cairo_line_to (cr, x + cw, line);
          }
        cairo_stroke (cr);
      }
      break;
    case PAGE_START:
      before = *kiela_game_get_position_at (ws->game, 0);
      y += 6 + _kiela_worksheet_draw_text (cr, _("Starting position"), 13, TRUE, PANGO_ALIGN_LEFT, x, y, cw, 0, 0, 0);
      draw_diagram (ws, cr, &before, NULL, ws->options.blank ? KIELA_DIAGRAM_BLANK : KIELA_DIAGRAM_NONE,
                    x, y, cw, MIN (cw * h_units / w_units, bottom - y));
      break;
    case PAGE_KEY:
      draw_key_page (ws, cr, page, x, y, cw);
      break;
    case PAGE_MOVE:
    default:
      draw_move_page (ws, cr, page, x, y, cw, bottom);
      break;
    }
  cairo_restore (cr);
}

static cairo_status_t
append_to_array (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
kiela_worksheet_to_pdf (KielaWorksheet *ws, KielaPaper paper, GError **error)
{
  GByteArray *pdf = g_byte_array_new ();
  double width, height;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  guint n;

  kiela_paper_get_size (paper, &width, &height);
  kiela_worksheet_set_page_size (ws, width, height);
  n = kiela_worksheet_get_n_pages (ws);
  surface = cairo_pdf_surface_create_for_stream (append_to_array, pdf, width, height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, ws->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Kiela " PACKAGE_VERSION);
  cr = cairo_create (surface);
  for (guint page = 0; page < n; page++)
    {
      kiela_worksheet_draw_page (ws, cr, page, width, height);
      cairo_show_page (cr);
    }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_IO, cairo_status_to_string (status));
      g_byte_array_unref (pdf);
      return NULL;
    }
  return g_byte_array_free_to_bytes (pdf);
}
