/* kiela-review-plot.c: the advantage graph of a game review, drawn with cairo and Pango, on screen or to SVG/PNG. */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "kiela-review-plot.h"
#include "kiela-file.h"

#define PAD_LEFT   40.0
#define PAD_RIGHT  10.0
#define PAD_TOP    10.0
#define PAD_BOTTOM 22.0

/* GNOME palette: yellow 5, orange 4, red 3; the shape tells them apart as well. */
static const double grade_rgb[KIELA_REVIEW_N_GRADES][3] = {
  { 0, 0, 0 }, { 0, 0, 0 },
  { 0xe5 / 255., 0xa5 / 255., 0x0a / 255. },
  { 0xe6 / 255., 0x61 / 255., 0x00 / 255. },
  { 0xc0 / 255., 0x1c / 255., 0x28 / 255. },
};

static void
draw_text (cairo_t *cr, const char *text, double x, double y, double align_x, double align_y)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 8");
  int w, h;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - align_x * w, y - align_y * h);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* The scale in stones: ±20, or the largest advantage rounded up to ten. */
static double
scale_of (KielaReview *review)
{
  double m = 20;

  for (guint i = 0; i < kiela_review_get_n_judged (review); i++)
    m = MAX (m, fabs (kiela_review_get_move (review, i)->score / 100.0));
  return ceil (m / 10) * 10;
}

static void
draw_mark (cairo_t *cr, KielaReviewGrade grade, double x, double y)
{
  cairo_new_path (cr);
  switch (grade)
    {
    case KIELA_GRADE_INACCURACY:
      cairo_arc (cr, x, y, 3.5, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, grade_rgb[grade][0], grade_rgb[grade][1], grade_rgb[grade][2]);
      cairo_set_line_width (cr, 2.5);
      cairo_stroke (cr);
      return;
    case KIELA_GRADE_MISTAKE:
      cairo_rectangle (cr, x - 4, y - 4, 8, 8);
      break;
    case KIELA_GRADE_BLUNDER:
      cairo_move_to (cr, x, y - 6);
      cairo_line_to (cr, x + 5.5, y + 4);
      cairo_line_to (cr, x - 5.5, y + 4);
      cairo_close_path (cr);
      break;
    default:
      return;
    }
  cairo_set_source_rgb (cr, grade_rgb[grade][0], grade_rgb[grade][1], grade_rgb[grade][2]);
  cairo_fill_preserve (cr);
  /* A white rim keeps the mark apart from the line on any background. */
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

void
kiela_review_plot_draw (cairo_t *cr, KielaReview *review, const KielaLabPlotInk *fg, int width, int height, int current)
{
  double x0 = PAD_LEFT, y0 = PAD_TOP, w = width - PAD_LEFT - PAD_RIGHT, h = height - PAD_TOP - PAD_BOTTOM;
  guint n = kiela_review_get_n_plies (review), judged = kiela_review_get_n_judged (review);
  double scale = scale_of (review), mid = y0 + h / 2;
  char label[32];

  if (w < 20 || h < 20 || n == 0)
    return;
#define PX(ply) (x0 + (double) (ply) / n * w)
#define PY(cs)  (mid - CLAMP ((cs) / 100.0, -scale, scale) / scale * (h / 2))
  cairo_save (cr);

  /* Axes: the middle line (even), the scale at the top and bottom, plies below. */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.15 * fg->alpha);
  cairo_rectangle (cr, x0 + 0.5, y0 + 0.5, w - 1, h - 1);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.45 * fg->alpha);
  cairo_move_to (cr, x0, floor (mid) + 0.5);
  cairo_line_to (cr, x0 + w, floor (mid) + 0.5);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.75 * fg->alpha);
  /* TRANSLATORS: the graph's top label: South leads by this many stones */
  g_snprintf (label, sizeof label, _("S +%.0f"), scale);
  draw_text (cr, label, x0 - 4, y0, 1, 0);
  /* TRANSLATORS: the graph's bottom label: North leads by this many stones */
  g_snprintf (label, sizeof label, _("N +%.0f"), scale);
  draw_text (cr, label, x0 - 4, y0 + h, 1, 1);
  draw_text (cr, "0", x0 - 4, mid, 1, 0.5);
  for (guint p = 0; p <= n; p += MAX (10u, (n / 60 + 1) * 10))
    {
      g_snprintf (label, sizeof label, "%u", p);
      draw_text (cr, label, PX (p), y0 + h + 3, 0.5, 0);
    }

  if (judged > 0)
    {
      /* The advantage as a filled area from the middle line, then its edge. */
      cairo_move_to (cr, PX (0), mid);
      for (guint i = 0; i < judged; i++)
        cairo_line_to (cr, PX (i + 1), PY (kiela_review_get_move (review, i)->score));
      cairo_line_to (cr, PX (judged), mid);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.18 * fg->alpha);
      cairo_fill (cr);
      cairo_move_to (cr, PX (0), mid);
      for (guint i = 0; i < judged; i++)
        cairo_line_to (cr, PX (i + 1), PY (kiela_review_get_move (review, i)->score));
      cairo_set_line_width (cr, 2);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.9 * fg->alpha);
      cairo_stroke (cr);
    }

  if (current >= 0 && (guint) current <= n)
    {
      /* The shown ply: a bar in the accent blue, wide enough for a projector. */
      cairo_set_source_rgba (cr, 0x35 / 255., 0x84 / 255., 0xe4 / 255., 0.9);
      cairo_rectangle (cr, PX (current) - 1.5, y0, 3, h);
      cairo_fill (cr);
    }

  for (guint i = 0; i < judged; i++)
    {
      const KielaReviewMove *m = kiela_review_get_move (review, i);

      if (m->grade >= KIELA_GRADE_INACCURACY)
        draw_mark (cr, m->grade, PX (i + 1), PY (m->score));
    }
  cairo_restore (cr);
#undef PX
#undef PY
}

guint
kiela_review_plot_ply_at (KielaReview *review, int width, double x)
{
  guint n = kiela_review_get_n_plies (review);
  double w = width - PAD_LEFT - PAD_RIGHT;
  double p = w > 0 ? (x - PAD_LEFT) / w * n : 0;

  return (guint) CLAMP (floor (p + 0.5), 0, n);
}

static void
draw_review_plot (cairo_t *cr, const KielaLabPlotInk *ink, int width, int height, gpointer data)
{
  kiela_review_plot_draw (cr, data, ink, width, height, -1);
}

gboolean
kiela_review_plot_save (KielaReview *review, const char *path, int width, int height, GError **error)
{
  /* The lab's plots' writer: in memory, then one checked, atomic replacement. */
  return kiela_plot_save (path, width, height, draw_review_plot, review, error);
}
