/* kiela-board-renderer.h: rasterises the board artwork with librsvg for one size and scale, and caches the result. */
#pragma once

#include <gtk/gtk.h>
#include "kiela-board-art.h"
#include "kiela-board-geometry.h"

G_BEGIN_DECLS

#define KIELA_TYPE_BOARD_RENDERER (kiela_board_renderer_get_type ())
G_DECLARE_FINAL_TYPE (KielaBoardRenderer, kiela_board_renderer, KIELA, BOARD_RENDERER, GObject)

/* Draws cached images either into one cairo node (cairo renderer, PNG export: a texture node
 * would be converted back to a surface every frame) or as texture nodes (GL renderers). */
typedef struct {
  GtkSnapshot *snapshot;
  cairo_t *cr;
} KielaBoardPainter;

void        kiela_board_painter_begin (KielaBoardPainter *painter, GtkSnapshot *snapshot, gboolean use_cairo,
                                       const graphene_rect_t *bounds);
void        kiela_board_painter_end   (KielaBoardPainter *painter);

KielaBoardRenderer *kiela_board_renderer_new (void);

/* Keeps the last rasterised board of each file count in `dir` (created when needed) and reads
 * it back instead of rasterising when the artwork, size and libraries are the same: for every
 * renderer made afterwards.  NULL (the default, and in tests) keeps nothing on disk. */
void        kiela_board_renderer_set_cache_dir (const char *dir);

/* Whether the cached board is the one for `layout` at `device_scale` device pixels per pixel. */
gboolean    kiela_board_renderer_matches    (KielaBoardRenderer *self, const KielaBoardLayout *layout, int device_scale);
/* Makes the cache hold the board for `layout` at `device_scale`; returns TRUE (and emits
 * "changed") when it had to rasterise anew.  Sprites follow lazily at the new cell size. */
gboolean    kiela_board_renderer_ensure     (KielaBoardRenderer *self, const KielaBoardLayout *layout, int device_scale);
gboolean    kiela_board_renderer_is_ready   (KielaBoardRenderer *self);
/* As ensure, for the frames of a window: once there is artwork to show, a new size is rasterised
 * in a worker thread, and the artwork shown so far stays (drawn stretched) until "changed" is
 * emitted on this thread's main context with the new one.  Returns TRUE when the artwork
 * changed at once (the first, or the size before, kept); FALSE when it is the one asked for or
 * is being rasterised.  Asking for the size shown, or for another, drops a job under way. */
gboolean    kiela_board_renderer_request    (KielaBoardRenderer *self, const KielaBoardLayout *layout, int device_scale);
/* Whether a rasterisation asked for by request() is under way (its result still to be shown). */
gboolean    kiela_board_renderer_is_pending (KielaBoardRenderer *self);
/* Worker jobs not yet ended, of every renderer (the tests wait for 0: none leaks or outlives
 * its renderer's memory). */
guint       kiela_board_renderer_count_jobs (void);
/* Worker threads still rasterising, and a wait of at most `timeout_ms` for them to end (TRUE:
 * none is left).  The process waits so at exit by itself. */
guint       kiela_board_renderer_count_threads (void);
gboolean    kiela_board_renderer_wait_threads  (guint timeout_ms);

void        kiela_board_renderer_paint_background (KielaBoardRenderer *self, KielaBoardPainter *painter,
                                                   const KielaBoardLayout *layout);
/* Paints a sprite (rasterised at the cached cell size on first use) into the given rectangle. */
void        kiela_board_renderer_paint_sprite     (KielaBoardRenderer *self, KielaBoardPainter *painter,
                                                   KielaBoardSprite sprite, float x, float y, float w, float h);

/* The cached textures (NULL before the first ensure); the same object until the size changes. */
GdkTexture *kiela_board_renderer_get_background (KielaBoardRenderer *self);
GdkTexture *kiela_board_renderer_get_sprite     (KielaBoardRenderer *self, KielaBoardSprite sprite);

/* How many SVG documents were rasterised so far (tests prove the cache works with it). */
guint       kiela_board_renderer_get_render_count (KielaBoardRenderer *self);
/* Device pixels of the cached board and of one cell (0 before the first ensure). */
void        kiela_board_renderer_get_pixels (KielaBoardRenderer *self, int *bg_width, int *bg_height, int *cell_px);

/* Signals: "changed" when the artwork was rasterised anew, so everything drawn from it repaints. */

G_END_DECLS
