/* kiela-board-view-private.h: what KielaHouse and the tests may see of KielaBoardView, beyond its public API. */
#pragma once

#include "kiela-board-view.h"
#include "kiela-house.h"

G_BEGIN_DECLS

/* Board geometry in SVG units: one house cell is 100 units square. */
#define KIELA_BOARD_CELL   100.0
#define KIELA_BOARD_MARGIN 66.0   /* frame and labels around the field */
#define KIELA_BOARD_BAND   40.0   /* the carved band between South's and North's halves */

/* Most stones drawn in one house; more are summed up by the count badge. */
#define KIELA_BOARD_MAX_DRAWN_STONES 12

void        kiela_board_view_snapshot_house  (KielaBoardView *self, KielaHouse *house, GtkSnapshot *snapshot);
void        kiela_board_view_house_activated (KielaBoardView *self, KielaHouse *house);
KielaHouse *kiela_board_view_get_house       (KielaBoardView *self, KielaSide side, guint house);
guint       kiela_board_view_get_files       (KielaBoardView *self);

/* How many SVG documents were rasterised so far (the test proves the cache works). */
guint       kiela_board_view_get_svg_render_count (KielaBoardView *self);
/* Device-pixel size of the cached board render and of one house cell (0 before the first draw):
 * on a HiDPI screen they are the drawn size times the scale factor, never an upscaled 1x render. */
void        kiela_board_view_get_cache_pixels (KielaBoardView *self, int *bg_width, int *bg_height, int *cell_px);
/* Whether captured houses are in the "on" phase of their flash. */
gboolean    kiela_board_view_get_flash_on    (KielaBoardView *self);
/* Centre of stone `index` of `n` drawn stones, in stone radii from the cup centre. */
void        kiela_board_view_stone_offset    (guint n, guint index, double *x, double *y);
/* The generated board SVG for a file count (free with g_free). */
char       *kiela_board_view_build_board_svg (guint files);

G_END_DECLS
