/* kiela-diagram.h: a position drawn as a standalone SVG diagram (board artwork, counts, move arrows), and as PNG; no GTK. */
#pragma once

#include <cairo.h>
#include "kiela.h"

G_BEGIN_DECLS

typedef enum {
  KIELA_DIAGRAM_NONE   = 0,
  /* Empty cups with a box in each for pupils to write the count into. */
  KIELA_DIAGRAM_BLANK  = 1 << 0,
  /* The move's marks: the sown house, the path of every lap, captured houses, the last house. */
  KIELA_DIAGRAM_ARROWS = 1 << 1,
  /* Without the wooden board and the stones: what kiela_diagram_draw() paints over them. */
  KIELA_DIAGRAM_OVERLAY = 1 << 2,
  /* Ink-saving, for school printers: a white board with outlined houses, black stones, counts
   * and marks; laps told apart by dash pattern and number. */
  KIELA_DIAGRAM_INK     = 1 << 3,
} KielaDiagramFlags;

/* Laps a diagram of a long move shows at most: a worksheet splits a longer move's laps over
 * several diagrams (the dash patterns and shifts repeat after these). */
#define KIELA_DIAGRAM_LAPS_PER_DIAGRAM 4

/* The board and the stone sprites of one file count, recorded once for many diagrams. */
typedef struct _KielaDiagramCache KielaDiagramCache;

/* Size of the diagram of a `files`-file board in SVG units (one house is 100 units). */
void     kiela_diagram_get_size    (guint files, double *width, double *height);

/* A standalone SVG document of `position`.  `move` (may be NULL) is the move played from it,
 * drawn with KIELA_DIAGRAM_ARROWS.  `width_px` sets the document's width attribute (0: one
 * pixel a unit).  Free with g_free. */
char    *kiela_diagram_build_svg   (const KielaPosition *position, const KielaTrace *move,
                                    KielaDiagramFlags flags, guint width_px);

/* The same with the move's laps first_lap .. first_lap + n_laps - 1 only (0-based; the lap
 * numbers drawn are the move's): their arrows and captures, the sown house with the first
 * lap, the end with the last.  kiela_diagram_build_svg() draws every lap. */
char    *kiela_diagram_build_svg_laps (const KielaPosition *position, const KielaTrace *move,
                                       KielaDiagramFlags flags, guint first_lap, guint n_laps, guint width_px);
/* The number of laps the diagram draws for `move` (an arrow each); with `lap_of` (as many as
 * the move's events), the lap each event belongs to. */
guint    kiela_diagram_lap_of_events (const KielaTrace *move, guint *lap_of);

KielaDiagramCache *kiela_diagram_cache_new  (guint files);
void               kiela_diagram_cache_free (KielaDiagramCache *cache);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaDiagramCache, kiela_diagram_cache_free)

/* Draws the diagram fitted into the rectangle (centred across it, at its top).  The board and
 * the stones come from `cache` as the same recorded drawings every time, so a PDF holds them
 * once however many diagrams it has; the rest is kiela_diagram_build_svg()'s overlay. */
gboolean kiela_diagram_draw        (KielaDiagramCache *cache, cairo_t *cr, const KielaPosition *position,
                                    const KielaTrace *move, KielaDiagramFlags flags,
                                    double x, double y, double width, double height, GError **error);
gboolean kiela_diagram_draw_laps   (KielaDiagramCache *cache, cairo_t *cr, const KielaPosition *position,
                                    const KielaTrace *move, KielaDiagramFlags flags, guint first_lap, guint n_laps,
                                    double x, double y, double width, double height, GError **error);

/* Draws an SVG document from kiela_diagram_build_svg() fitted into the rectangle. */
gboolean kiela_diagram_render      (const char *svg, cairo_t *cr, double x, double y, double width, double height,
                                    GError **error);

/* The diagram as a PNG `width_px` pixels wide (the height follows the board's proportions). */
GBytes  *kiela_diagram_render_png  (const char *svg, guint width_px, GError **error);

/* Writes `bytes` to `file` atomically (kiela_file_replace_contents_checked); errors name the file. */
gboolean kiela_diagram_write_file  (GFile *file, GBytes *bytes, GError **error);

G_END_DECLS
