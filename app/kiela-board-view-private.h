/* kiela-board-view-private.h: what the tests and benchmark may see of KielaBoardView, beyond its public API. */
#pragma once

#include "kiela-board-view.h"
#include "kiela-house.h"
#include "kiela-board-art.h"
#include "kiela-board-geometry.h"
#include "kiela-board-renderer.h"

G_BEGIN_DECLS

KielaHouse *kiela_board_view_get_house       (KielaBoardView *self, KielaSide side, guint house);
guint       kiela_board_view_get_files       (KielaBoardView *self);

/* The texture cache the board draws from. */
KielaBoardRenderer *kiela_board_view_get_renderer (KielaBoardView *self);
/* How many SVG documents were rasterised so far (the test proves the cache works). */
guint       kiela_board_view_get_svg_render_count (KielaBoardView *self);
/* Device-pixel size of the cached board render and of one house cell (0 before the first draw):
 * on a HiDPI screen they are the drawn size times the scale factor, never an upscaled 1x render. */
void        kiela_board_view_get_cache_pixels (KielaBoardView *self, int *bg_width, int *bg_height, int *cell_px);
/* A house's look changed: the board, which draws the houses, repaints. */
void        _kiela_board_view_house_changed  (KielaBoardView *self);
/* Whether captured houses are in the "on" phase of their flash. */
gboolean    kiela_board_view_get_flash_on    (KielaBoardView *self);

G_END_DECLS
