/* kiela-lab-plot.c: the Variant lab's plots drawn with cairo and Pango, on screen or to SVG/PNG files. */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "kiela-lab-plot.h"
#include "kiela-file.h"

/* GNOME palette: blue 3 and orange 4, told apart by shape too (bars offset, dashed line). */
static const double series_rgb[2][3] = { { 0x35 / 255., 0x84 / 255., 0xe4 / 255. },
                                         { 0xe6 / 255., 0x61 / 255., 0x00 / 255. } };

#define PAD_LEFT   52.0
#define PAD_RIGHT  16.0
#define PAD_TOP    28.0
#define PAD_BOTTOM 40.0
#define N_BINS     30

static void
draw_text (cairo_t *cr, const char *text, double x, double y, double align_x, double align_y, gboolean small)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (small ? "Sans 8" : "Sans 9");
  int w, h;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - align_x * w, y - align_y * h);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* A round step giving about `n` ticks up to `max`. */
static double
nice_step (double max, int n)
{
  double raw = max / n, mag = pow (10, floor (log10 (raw))), f = raw / mag;

  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
}

char *
kiela_lab_plot_dup_tick_label (double value, gboolean percent)
{
  return percent ? kiela_format_percent (value, 0) : g_strdup_printf ("%'.0f", value);
}

static void
draw_axes (cairo_t *cr, const KielaLabPlotInk *fg, double x0, double y0, double w, double h, double xmax, double ymax,
           const char *xlabel, const char *ylabel, gboolean percent)
{
  double xs = nice_step (xmax, 6), ys = nice_step (ymax, 4);

  cairo_set_line_width (cr, 1);
  for (double v = 0; v <= ymax + 1e-9; v += ys)
    {
      double y = y0 + h - v / ymax * h;
      g_autofree char *t = kiela_lab_plot_dup_tick_label (v, percent);

      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.12 * fg->alpha);
      cairo_move_to (cr, x0, floor (y) + 0.5);
      cairo_line_to (cr, x0 + w, floor (y) + 0.5);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.7 * fg->alpha);
      draw_text (cr, t, x0 - 6, y, 1, 0.5, TRUE);
    }
  for (double v = 0; v <= xmax + 1e-9; v += xs)
    {
      g_autofree char *t = g_strdup_printf ("%'.0f", v);

      draw_text (cr, t, x0 + v / xmax * w, y0 + h + 4, 0.5, 0, TRUE);
    }
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.5 * fg->alpha);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x0, y0 + h + 0.5);
  cairo_line_to (cr, x0 + w, y0 + h + 0.5);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.8 * fg->alpha);
  draw_text (cr, xlabel, x0 + w / 2, y0 + h + 20, 0.5, 0, FALSE);
  draw_text (cr, ylabel, 4, 4, 0, 0, FALSE);
}

static void
draw_legend (cairo_t *cr, const KielaLabPlotInk *fg, KielaStats *const stats[2], const char *const labels[2], double right)
{
  double x = right;

  for (int s = 1; s >= 0; s--)
    {
      PangoLayout *layout;
      int w, h;

      if (stats[s] == NULL || labels[s] == NULL)
        continue;
      layout = pango_cairo_create_layout (cr);
      pango_layout_set_text (layout, labels[s], -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      g_object_unref (layout);
      x -= w * 1.0 + 4;
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.8 * fg->alpha);
      draw_text (cr, labels[s], x, 4, 0, 0, FALSE);
      x -= 16;
      cairo_set_source_rgb (cr, series_rgb[s][0], series_rgb[s][1], series_rgb[s][2]);
      cairo_rectangle (cr, x, 7, 12, 10);
      cairo_fill (cr);
      x -= 14;
    }
}

static guint
max_length (KielaStats *const stats[2])
{
  guint m = 0;

  for (int s = 0; s < 2; s++)
    if (stats[s] != NULL && kiela_stats_get_n_games (stats[s]) > 0)
      {
        KielaStatsSummary sum;

        kiela_stats_get_summary (stats[s], &sum);
        if (sum.games > 0)
          m = MAX (m, sum.max_plies);
      }
  return m;
}

static void
draw_lengths (cairo_t *cr, KielaStats *const stats[2], const KielaLabPlotInk *fg, double x0, double y0, double w, double h)
{
  guint max = max_length (stats), width = MAX (1, (max + N_BINS) / N_BINS);
  guint n_bins = max / width + 1;
  double share[2][N_BINS + 2] = { { 0 } }, ymax = 0;
  int n_series = (stats[0] != NULL) + (stats[1] != NULL);

  for (int s = 0; s < 2; s++)
    {
      KielaStatsSummary sum;

      if (stats[s] == NULL)
        continue;
      kiela_stats_get_summary (stats[s], &sum);
      if (sum.games == 0)
        continue;
      for (guint p = 0; p <= max; p++)
        share[s][p / width] += (double) kiela_stats_get_length_count (stats[s], p) / sum.games;
      for (guint b = 0; b < n_bins; b++)
        ymax = MAX (ymax, share[s][b]);
    }
  ymax = ymax > 0 ? nice_step (ymax, 4) * ceil (ymax / nice_step (ymax, 4)) : 1;
  draw_axes (cr, fg, x0, y0, w, h, (double) n_bins * width, ymax, _("Game length (plies)"), _("Share of games"), TRUE);
  for (int s = 0, k = 0; s < 2; s++)
    {
      double bw = w / n_bins;

      if (stats[s] == NULL)
        continue;
      cairo_set_source_rgb (cr, series_rgb[s][0], series_rgb[s][1], series_rgb[s][2]);
      for (guint b = 0; b < n_bins; b++)
        if (share[s][b] > 0)
          {
            double bh = share[s][b] / ymax * h;

            cairo_rectangle (cr, x0 + b * bw + 1 + k * (bw - 2) / n_series, y0 + h - bh, (bw - 2) / n_series, bh);
          }
      cairo_fill (cr);
      k++;
    }
}

gboolean
kiela_lab_plot_shows_margin (KielaStats *const stats[2])
{
  for (int s = 0; s < 2; s++)
    if (stats[s] != NULL && (kiela_stats_stones_vary (stats[s]) || kiela_stats_get_mean_margin (stats[s], 0) < 0))
      return FALSE;
  return stats[0] != NULL;
}

const char *
kiela_lab_plot_stones_title (KielaStats *const stats[2])
{
  return kiela_lab_plot_shows_margin (stats) ? _("Leader’s Margin") : _("Stones in Play");
}

static void
draw_stones (cairo_t *cr, KielaStats *const stats[2], const KielaLabPlotInk *fg, double x0, double y0, double w, double h)
{
  guint max = MAX (1, max_length (stats));
  double ymax = 1;
  gboolean margin = kiela_lab_plot_shows_margin (stats);

  for (int s = 0; s < 2; s++)
    if (stats[s] != NULL)
      for (guint p = 0; p <= (margin ? max : 0); p++)
        ymax = MAX (ymax, margin ? kiela_stats_get_mean_margin (stats[s], p) : kiela_stats_get_mean_stones (stats[s], 0));
  ymax = nice_step (ymax, 4) * ceil (ymax / nice_step (ymax, 4));
  /* TRANSLATORS: the value axis of the plot when the stones in play never change: how many
   * stones the side ahead has more than the other, on average */
  draw_axes (cr, fg, x0, y0, w, h, max, ymax, _("Ply"), margin ? _("Leader’s margin (stones)") : _("Stones in play"), FALSE);
  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int s = 0; s < 2; s++)
    {
      static const double dash[] = { 6, 3 };
      gboolean started = FALSE;

      if (stats[s] == NULL)
        continue;
      cairo_set_dash (cr, dash, s == 1 ? 2 : 0, 0);
      cairo_set_source_rgb (cr, series_rgb[s][0], series_rgb[s][1], series_rgb[s][2]);
      for (guint p = 0; p <= max; p++)
        {
          double m = margin ? kiela_stats_get_mean_margin (stats[s], p) : kiela_stats_get_mean_stones (stats[s], p);

          if (m < 0)
            break;
          if (started)
            cairo_line_to (cr, x0 + (double) p / max * w, y0 + h - m / ymax * h);
          else
            cairo_move_to (cr, x0 + (double) p / max * w, y0 + h - m / ymax * h);
          started = TRUE;
        }
      cairo_stroke (cr);
    }
  cairo_set_dash (cr, NULL, 0, 0);
}

void
kiela_lab_plot_draw (cairo_t *cr, KielaLabPlotKind kind, KielaStats *const stats[2], const char *const labels[2],
                     const KielaLabPlotInk *fg, int width, int height)
{
  double w = width - PAD_LEFT - PAD_RIGHT, h = height - PAD_TOP - PAD_BOTTOM;

  if (w < 20 || h < 20 || stats[0] == NULL)
    return;
  cairo_save (cr);
  if (kind == KIELA_LAB_PLOT_LENGTHS)
    draw_lengths (cr, stats, fg, PAD_LEFT, PAD_TOP, w, h);
  else
    draw_stones (cr, stats, fg, PAD_LEFT, PAD_TOP, w, h);
  if (stats[1] != NULL)
    draw_legend (cr, fg, stats, labels, width - PAD_RIGHT);
  cairo_restore (cr);
}

static cairo_status_t
append_to_array (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
kiela_plot_save (const char *path, int width, int height, KielaPlotDrawFunc draw, gpointer data, GError **error)
{
  static const KielaLabPlotInk ink = { 0.14, 0.14, 0.16, 1 };
  gboolean svg = g_str_has_suffix (path, ".svg") || g_str_has_suffix (path, ".SVG");
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GFile) file = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  /* Drawn in memory, then written as one checked, atomic replacement (kiela-file.h): a full
   * disk leaves the old file, or none, never half a picture. */
  surface = svg ? cairo_svg_surface_create_for_stream (append_to_array, bytes, width, height)
                : cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  draw (cr, &ink, width, height, data);
  cairo_destroy (cr);
  if (svg)
    cairo_surface_finish (surface);
  status = svg ? cairo_surface_status (surface) : cairo_surface_write_to_png_stream (surface, append_to_array, bytes);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *name = g_filename_display_name (path);

      /* TRANSLATORS: %s is a file name, the second %s cairo's reason */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write “%s”: %s"), name,
                   cairo_status_to_string (status));
      return FALSE;
    }
  file = g_file_new_for_path (path);
  return kiela_file_replace_contents_checked (file, (const char *) bytes->data, bytes->len, error);
}

typedef struct {
  KielaLabPlotKind kind;
  KielaStats *const *stats;
  const char *const *labels;
} LabPlot;

static void
draw_lab_plot (cairo_t *cr, const KielaLabPlotInk *ink, int width, int height, gpointer data)
{
  LabPlot *plot = data;

  kiela_lab_plot_draw (cr, plot->kind, plot->stats, plot->labels, ink, width, height);
}

gboolean
kiela_lab_plot_save (KielaLabPlotKind kind, KielaStats *const stats[2], const char *const labels[2],
                     const char *path, int width, int height, GError **error)
{
  LabPlot plot = { kind, stats, labels };

  g_return_val_if_fail (stats != NULL && stats[0] != NULL, FALSE);
  return kiela_plot_save (path, width, height, draw_lab_plot, &plot, error);
}
