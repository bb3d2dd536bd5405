/* kiela-board-geometry.h: where things are on the board: cells, hit-testing, scale and stone layouts (pure math, no widgets). */
#pragma once

#include <glib.h>
#include <graphene.h>

G_BEGIN_DECLS

/* Board geometry in SVG units: one house cell is 100 units square. */
#define KIELA_BOARD_CELL       100.0
#define KIELA_BOARD_MARGIN     66.0   /* frame and labels around the field */
#define KIELA_BOARD_BAND       40.0   /* the carved band between South's and North's halves */
#define KIELA_BOARD_FIELD_PAD  12.0   /* field edge to the first cell */
#define KIELA_BOARD_CUP_R      43.0   /* carved cup radius */
#define KIELA_BOARD_CUP_FREE_R 41.0   /* stones stay inside this radius */
#define KIELA_BOARD_LABEL_SIZE 31.0
/* The pebble fills 80% of its sprite, the rest is shadow. */
#define KIELA_BOARD_STONE_SPRITE_BODY 0.8

/* Most stones drawn in one house; more are summed up by the count badge. */
#define KIELA_BOARD_MAX_DRAWN_STONES 12

/* Where the board is drawn inside an area of a given size. */
typedef struct {
  guint files;
  double scale;          /* logical pixels per SVG unit */
  double x, y;           /* top-left of the board, logical pixels */
  double width, height;  /* board size, logical pixels */
} KielaBoardLayout;

double   kiela_board_geometry_width_units  (guint files);
double   kiela_board_geometry_height_units (void);
/* Top of the cells of a rank (1..4), in SVG units. */
double   kiela_board_geometry_rank_top     (guint rank);

/* The largest board of `files` files that fits `width`×`height`, centred on whole pixels. */
void     kiela_board_layout_compute        (KielaBoardLayout *layout, guint files, double width, double height);
/* The cell of a square (file 0..files-1, rank 1..4) in pixels, rounded so neighbours share edges. */
void     kiela_board_layout_cell_rect      (const KielaBoardLayout *layout, guint file, guint rank, graphene_rect_t *rect);
/* The square whose cell holds the point; FALSE on the frame, the band or outside the board. */
gboolean kiela_board_layout_hit            (const KielaBoardLayout *layout, double x, double y, guint *file, guint *rank);

/* The baseline of the file letters on the frame (`top`: North's edge, else South's), in SVG units. */
double   kiela_board_geometry_file_label_baseline (gboolean top);
/* The box a file letter may cover on the frame (its em box, as wide as the widest letter), in pixels. */
void     kiela_board_layout_file_label_rect (const KielaBoardLayout *layout, guint file, gboolean top,
                                             graphene_rect_t *rect);
/* Where the sower's hand marker of `width`×`height` pixels goes beside square (file, rank):
 * for ranks 2 and 3 on the central band; for ranks 1 and 4 on the house's edge at the frame,
 * clear of the file letters. */
void     kiela_board_layout_hand_rect      (const KielaBoardLayout *layout, guint file, guint rank,
                                            double width, double height, graphene_rect_t *rect);

/* Minimum and natural size of the board widget along one axis, in pixels. */
void     kiela_board_geometry_measure      (guint files, gboolean horizontal, int *minimum, int *natural);

/* Centre of stone `index` of `n` drawn stones (1..KIELA_BOARD_MAX_DRAWN_STONES), in stone radii
 * from the cup centre: the same pattern for the same count, like the faces of a die. */
void     kiela_board_geometry_stone_offset (guint n, guint index, double *x, double *y);
/* Stone radius in SVG units: the widest layout just fits the cup. */
double   kiela_board_geometry_stone_radius (void);
/* Size of a stone sprite (body and shadow) in SVG units. */
double   kiela_board_geometry_stone_sprite (void);

G_END_DECLS
