/* kiela-review-plot.h: a game review's advantage graph drawn with cairo, on screen (the review panel) or to SVG/PNG (kiela-cli review --plot). */
#pragma once

#include <cairo.h>
#include "kiela.h"
#include "kiela-lab-plot.h"

G_BEGIN_DECLS

/*
 * Draws South's advantage after each judged ply of `review` in a width × height box: above
 * the middle line South leads, below North does; the scale is ±20 stones, or more when the
 * game went further.  Inaccuracies, mistakes and blunders are dots of growing size with a
 * shape each (ring, square, triangle) so that they read without colour; `current` (a ply, 0
 * for the start, or -1) is drawn as a vertical bar.  `fg` colours text, axes and the line.
 */
void     kiela_review_plot_draw   (cairo_t *cr, KielaReview *review, const KielaLabPlotInk *fg,
                                   int width, int height, int current);
/* The ply (0 .. n_plies) nearest to x in a plot `width` wide. */
guint    kiela_review_plot_ply_at (KielaReview *review, int width, double x);
/* Writes the plot to `path`: SVG when it ends in ".svg", PNG otherwise (dark ink on white). */
gboolean kiela_review_plot_save   (KielaReview *review, const char *path, int width, int height, GError **error);

G_END_DECLS
