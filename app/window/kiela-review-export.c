/* kiela-review-export.c: a game review as a PDF worksheet (the graph, then a page a mistake with its diagrams) and as CSV. */

#include "config.h"

#include <glib/gi18n.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "kiela-review-export.h"
#include "kiela-review-panel.h"
#include "kiela-review-plot.h"
#include "kiela-diagram.h"

#define FONT_FAMILY "Cantarell, DejaVu Sans, Sans"
#define MARGIN 50.0

/* The judged moves the worksheet gives a page: mistakes and blunders of `sides`. */
static gboolean
on_sheet (const KielaReviewMove *m, guint sides)
{
  return m->grade >= KIELA_GRADE_MISTAKE && (sides & (1u << m->side)) != 0 && m->best != m->move;
}

guint
kiela_review_sheet_get_n_pages (KielaReview *review, guint sides)
{
  guint n = 1;

  g_return_val_if_fail (KIELA_IS_REVIEW (review), 0);
  for (guint i = 0; i < kiela_review_get_n_judged (review); i++)
    n += on_sheet (kiela_review_get_move (review, i), sides);
  return n;
}

static double
draw_text (cairo_t *cr, const char *text, double size, gboolean bold, double x, double y, double width)
{
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (FONT_FAMILY);
  int w, h;

  /* One unit a point, as the game worksheet does. */
  pango_cairo_context_set_resolution (pango_layout_get_context (layout), 72);
  pango_layout_context_changed (layout);
  pango_font_description_set_size (font, (int) (size * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  return (double) h / PANGO_SCALE;
}

static char *
side_summary (KielaReview *review, KielaSide side)
{
  KielaReviewSide sum;

  kiela_review_get_summary (review, side, &sum);
  /* TRANSLATORS: the review worksheet's first page: "South: accuracy 87 %; blunders 1, mistakes 2, inaccuracies 0" */
  return g_strdup_printf (_("%s: accuracy %.0f %%; blunders %u, mistakes %u, inaccuracies %u"),
                          kiela_side_display_name (side), sum.accuracy, sum.counts[KIELA_GRADE_BLUNDER],
                          sum.counts[KIELA_GRADE_MISTAKE], sum.counts[KIELA_GRADE_INACCURACY]);
}

/* The first page: the title, each side's accuracy, the graph, the marked moves. */
static void
draw_summary (cairo_t *cr, KielaReview *review, const char *title, double width, double height)
{
  static const KielaLabPlotInk ink = { 0, 0, 0, 1 };
  double w = width - 2 * MARGIN, y = MARGIN, graph_h = 260;

  y += draw_text (cr, title, 18, TRUE, MARGIN, y, w) + 4;
  y += draw_text (cr, _("Game Review"), 12, FALSE, MARGIN, y, w) + 12;
  for (KielaSide side = KIELA_SOUTH; side <= KIELA_NORTH; side++)
    {
      g_autofree char *line = side_summary (review, side);

      y += draw_text (cr, line, 11, FALSE, MARGIN, y, w) + 2;
    }
  y += 12;
  cairo_save (cr);
  cairo_translate (cr, MARGIN, y);
  kiela_review_plot_draw (cr, review, &ink, (int) w, (int) graph_h, -1);
  cairo_restore (cr);
  y += graph_h + 16;
  for (guint i = 0; i < kiela_review_get_n_judged (review) && y < height - MARGIN - 14; i++)
    if (kiela_review_get_move (review, i)->grade >= KIELA_GRADE_INACCURACY)
      {
        g_autofree char *words = kiela_review_panel_describe (review, i);

        y += draw_text (cr, words, 10, FALSE, MARGIN, y, w) + 2;
      }
}

/* A mistake's page: what was played and what was better, each on its diagram. */
static gboolean
draw_mistake (cairo_t *cr, KielaDiagramCache *cache, KielaReview *review, guint index, const char *title,
              double width, GError **error)
{
  const KielaReviewMove *m = kiela_review_get_move (review, index);
  const KielaPosition *pos = kiela_review_get_position (review, index);
  const KielaVariant *variant = kiela_review_get_variant (review);
  g_autofree char *words = kiela_review_panel_describe (review, index);
  g_autofree char *why = kiela_review_panel_explain (review, index);
  double w = width - 2 * MARGIN, y = MARGIN, dw, dh, board_h;
  const KielaMove moves[2] = { m->move, m->best };
  char squares[2][4];

  kiela_square_name (pos->files, m->side, (guint) m->move, squares[0]);
  kiela_square_name (pos->files, m->side, (guint) m->best, squares[1]);
  kiela_diagram_get_size (pos->files, &dw, &dh);
  board_h = MIN (w * dh / dw, 250);
  y += draw_text (cr, title, 10, FALSE, MARGIN, y, w) + 6;
  y += draw_text (cr, words, 16, TRUE, MARGIN, y, w) + 4;
  y += draw_text (cr, why, 11, FALSE, MARGIN, y, w) + 14;
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(KielaTrace) trace = kiela_trace_new ();
      /* TRANSLATORS: the review worksheet: the headings over a mistake's two diagrams */
      g_autofree char *heading = g_strdup_printf (k == 0 ? _("The move played: %s") : _("The better move: %s"),
                                                  squares[k]);

      y += draw_text (cr, heading, 12, TRUE, MARGIN, y, w) + 6;
      if (!kiela_sow_traced (variant, pos, moves[k], trace))
        g_clear_pointer (&trace, kiela_trace_free);
      if (!kiela_diagram_draw (cache, cr, pos, trace, trace ? KIELA_DIAGRAM_ARROWS : KIELA_DIAGRAM_NONE,
                               MARGIN, y, w, board_h, error))
        return FALSE;
      y += board_h + 18;
    }
  return TRUE;
}

static cairo_status_t
append_to_array (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
kiela_review_sheet_to_pdf (KielaReview *review, const char *title, guint sides, KielaPaper paper, GError **error)
{
  g_autoptr(GByteArray) pdf = g_byte_array_new ();
  g_autoptr(KielaDiagramCache) cache = NULL;
  double width, height;
  cairo_surface_t *surface;
  cairo_status_t status;
  gboolean ok = TRUE;
  cairo_t *cr;

  g_return_val_if_fail (KIELA_IS_REVIEW (review), NULL);
  cache = kiela_diagram_cache_new (kiela_review_get_variant (review)->files);
  kiela_paper_get_size (paper, &width, &height);
  surface = cairo_pdf_surface_create_for_stream (append_to_array, pdf, width, height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Kiela " PACKAGE_VERSION);
  cr = cairo_create (surface);
  draw_summary (cr, review, title, width, height);
  cairo_show_page (cr);
  for (guint i = 0; ok && i < kiela_review_get_n_judged (review); i++)
    if (on_sheet (kiela_review_get_move (review, i), sides))
      {
        ok = draw_mistake (cr, cache, review, i, title, width, error);
        cairo_show_page (cr);
      }
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (!ok)
    return NULL;
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_IO, cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&pdf));
}
