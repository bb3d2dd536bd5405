/* kiela-board-view-private.h: what the tests and benchmark may see of KielaBoardView beyond its public API,
 * and what its two source files share (kiela-board-view.c: layout and drawing; kiela-board-view-input.c:
 * clicks, keyboard focus and setup drags). */
#pragma once

#include "kiela-board-view.h"
#include "kiela-house.h"
#include "kiela-board-art.h"
#include "kiela-board-geometry.h"
#include "kiela-board-renderer.h"
#include "kiela-board-draw.h"
#include "kiela-position.h"

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
/* Device pixels of the board image the last frame painted (0 before one): during a resize, those
 * of the size before, stretched, until the new size's artwork is rasterised. */
void        kiela_board_view_get_drawn_art_pixels (KielaBoardView *self, int *width, int *height);
/* A house's look changed: the board, which draws the houses, repaints. */
void        _kiela_board_view_house_changed  (KielaBoardView *self);
/* Whether captured houses are in the "on" phase of their flash. */
gboolean    kiela_board_view_get_flash_on    (KielaBoardView *self);

/* ---- shared by kiela-board-view.c and kiela-board-view-input.c ---- */

struct _KielaBoardView
{
  GtkWidget parent_instance;

  guint files;
  KielaPosition position;
  KielaHouse *houses[2][KIELA_MAX_HOUSES];
  guint n_houses;

  /* The artwork rasterised for the current size. */
  KielaBoardRenderer *renderer;
  /* The board's wood and each house as last drawn, each reused while it does not change: GTK
   * compares the nodes of one frame with the last one's and repaints only what differs, so a
   * stone dropped repaints its house (and the hand), not the whole board. */
  GskRenderNode *board_node;
  GskRenderNode *house_nodes[2][KIELA_MAX_HOUSES];
  KielaHouseLook house_looks[2][KIELA_MAX_HOUSES];
  graphene_rect_t house_cells[2][KIELA_MAX_HOUSES];
  int board_node_width, board_node_height, board_node_scale;
  gboolean board_node_cairo;
  guint resize_timeout;     /* pending re-render after a resize; the old textures are stretched meanwhile */
  gboolean in_snapshot;     /* the renderer's "changed" comes from this frame's own snapshot */
  int drawn_art_width, drawn_art_height;   /* device pixels of the board image the last frame drew */
  guint export_renders;     /* rasterisations for PNG exports at other sizes */

  KielaSide hand_side;
  guint hand_house;
  guint hand_stones;

  gboolean interactive;
  gboolean setup;
  /* Shift held (click or Enter) for the "house-activated" being emitted. */
  gboolean activation_shift;
  KielaSide setup_side;
  KielaHouse *setup_source;

  /* Dragging a stone in setup mode. */
  GtkGesture *drag;
  KielaHouse *drag_source;
  double drag_x0, drag_y0, drag_dx, drag_dy;
  gboolean dragging;

  /* Flashing of captured houses. */
  guint flash_timeout;
  guint flash_ticks;
  gboolean flash_on;

  KielaHouse *last_focus;
};

enum {
  SIGNAL_HOUSE_ACTIVATED,
  SIGNAL_SETUP_MOVE,
  SIGNAL_SETUP_MOVE_ALL,
  N_SIGNALS
};

extern guint _kiela_board_view_signals[N_SIGNALS];

/* kiela-board-view.c */
void     _kiela_board_view_compute_layout   (KielaBoardView *self, double width, double height, KielaBoardLayout *layout);

/* kiela-board-view-input.c */
void     _kiela_board_view_set_setup_source (KielaBoardView *self, KielaHouse *house);
void     _kiela_board_view_house_clicked_cb (KielaHouse *house, KielaBoardView *self);
gboolean _kiela_board_view_focus            (GtkWidget *widget, GtkDirectionType direction);
gboolean _kiela_board_view_arrow_cb         (GtkWidget *widget, GVariant *args, gpointer data);
gboolean _kiela_board_view_escape_cb        (GtkWidget *widget, GVariant *args, gpointer data);
void     _kiela_board_view_drag_begin_cb    (GtkGestureDrag *gesture, double x, double y, KielaBoardView *self);
void     _kiela_board_view_drag_update_cb   (GtkGestureDrag *gesture, double dx, double dy, KielaBoardView *self);
void     _kiela_board_view_drag_end_cb      (GtkGestureDrag *gesture, double dx, double dy, KielaBoardView *self);
void     _kiela_board_view_drag_cancel_cb   (GtkGesture *gesture, GdkEventSequence *sequence, KielaBoardView *self);

G_END_DECLS
