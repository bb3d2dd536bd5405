/* kiela-lab-plot.h: the Variant lab's plots (game lengths, stones in play) drawn with cairo, on screen or to SVG/PNG. */
#pragma once

#include <cairo.h>
#include "kiela.h"

G_BEGIN_DECLS

typedef enum {
  KIELA_LAB_PLOT_LENGTHS,   /* histogram of game lengths in plies, as a share of the games */
  KIELA_LAB_PLOT_STONES,    /* mean stones on the board before each ply, or the leader's mean
                             * margin when that never changes (kiela_lab_plot_shows_margin) */
} KielaLabPlotKind;

/* The colour of text and axes (a GdkRGBA's values: the plots draw without GTK). */
typedef struct {
  double red, green, blue, alpha;
} KielaLabPlotInk;

/* Draws up to two series (stats[1] may be NULL) in a width × height box; `fg` colours text and axes. */
void     kiela_lab_plot_draw (cairo_t *cr, KielaLabPlotKind kind, KielaStats *const stats[2],
                              const char *const labels[2], const KielaLabPlotInk *fg, int width, int height);
/* TRUE when KIELA_LAB_PLOT_STONES shows the leader's margin: the stones in play never change
 * in any series (a variant whose captured stones stay on the board) and margins were kept. */
gboolean    kiela_lab_plot_shows_margin (KielaStats *const stats[2]);
/* The heading of that plot: "Stones in Play" or "Leader's Margin". */
const char *kiela_lab_plot_stones_title (KielaStats *const stats[2]);
/* Writes the plot to `path`: SVG when it ends in ".svg", PNG otherwise (dark text on white). */
gboolean kiela_lab_plot_save (KielaLabPlotKind kind, KielaStats *const stats[2], const char *const labels[2],
                              const char *path, int width, int height, GError **error);

/* Any plot drawn in a width × height box with `ink` for its text and axes. */
typedef void (*KielaPlotDrawFunc) (cairo_t *cr, const KielaLabPlotInk *ink, int width, int height, gpointer data);
/* Writes what `draw` draws, on white with dark ink, to `path`: SVG when it ends in ".svg", PNG
 * otherwise, in one checked atomic replacement (the lab's plots and the review's). */
gboolean kiela_plot_save (const char *path, int width, int height, KielaPlotDrawFunc draw, gpointer data,
                          GError **error);

/* A label of the value axis: a share (0.25) as a percentage in the reader's locale ("25 %" in
 * French), or a count with the locale's digit grouping. */
char    *kiela_lab_plot_dup_tick_label (double value, gboolean percent);

G_END_DECLS
