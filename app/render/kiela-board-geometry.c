/* kiela-board-geometry.c: the board's layout in SVG units and pixels, and the stone patterns (pure math). */
#include "config.h"

#include <math.h>

#include "kiela-board-geometry.h"
#include "kiela-board-stones.h"

#define CELL   KIELA_BOARD_CELL
#define MARGIN KIELA_BOARD_MARGIN
#define BAND   KIELA_BOARD_BAND

double
kiela_board_geometry_width_units (guint files)
{
  return 2 * MARGIN + files * CELL;
}

double
kiela_board_geometry_height_units (void)
{
  return 2 * MARGIN + 4 * CELL + BAND;
}

/* The frame runs from the field's edge (FIELD_PAD outside the cells) to the board's edge,
 * 2 units in at the top and 9 at the bottom (the scene's shadow); letters sit in its middle. */
double
kiela_board_geometry_file_label_baseline (gboolean top)
{
  double h = kiela_board_geometry_height_units ();
  double field_top = MARGIN - KIELA_BOARD_FIELD_PAD, field_bottom = h - MARGIN + KIELA_BOARD_FIELD_PAD;
  double centre = top ? (2 + field_top) / 2 : (field_bottom + h - 9) / 2;

  return centre + KIELA_BOARD_LABEL_SIZE * 0.36;
}

void
kiela_board_layout_file_label_rect (const KielaBoardLayout *layout, guint file, gboolean top, graphene_rect_t *rect)
{
  double baseline = kiela_board_geometry_file_label_baseline (top);
  double cx = MARGIN + file * CELL + CELL / 2;
  /* An em box: ascenders reach 0.8 em above the baseline, descenders 0.2 below; no letter
   * a..t is wider than 0.7 em. */
  double x0 = cx - 0.35 * KIELA_BOARD_LABEL_SIZE, y0 = baseline - 0.8 * KIELA_BOARD_LABEL_SIZE;

  graphene_rect_init (rect, layout->x + x0 * layout->scale, layout->y + y0 * layout->scale,
                      0.7 * KIELA_BOARD_LABEL_SIZE * layout->scale, KIELA_BOARD_LABEL_SIZE * layout->scale);
}

void
kiela_board_layout_hand_rect (const KielaBoardLayout *layout, guint file, guint rank, double width, double height,
                              graphene_rect_t *rect)
{
  graphene_rect_t cell, label;
  double y;

  kiela_board_layout_cell_rect (layout, file, rank, &cell);
  if (rank == 2 || rank == 3)
    {
      /* Centred on the band between the halves, below rank 3 or above rank 2. */
      double gap = BAND / 2 * layout->scale;
      y = rank == 3 ? cell.origin.y + cell.size.height + gap - height / 2 : cell.origin.y - gap - height / 2;
    }
  else
    {
      /* Over the house's outer edge, ending a unit short of the letters: the letter names the
       * square the hand is over, so it must stay in sight. */
      kiela_board_layout_file_label_rect (layout, file, rank == 4, &label);
      y = rank == 1 ? label.origin.y - layout->scale - height
                    : label.origin.y + label.size.height + layout->scale;
    }
  graphene_rect_init (rect, cell.origin.x + (cell.size.width - width) / 2, y, width, height);
}

double
kiela_board_geometry_rank_top (guint rank)
{
  switch (rank)
    {
    case 4: return MARGIN;
    case 3: return MARGIN + CELL;
    case 2: return MARGIN + 2 * CELL + BAND;
    default: return MARGIN + 3 * CELL + BAND;
    }
}

void
kiela_board_layout_compute (KielaBoardLayout *layout, guint files, double width, double height)
{
  double w = kiela_board_geometry_width_units (files);
  double h = kiela_board_geometry_height_units ();

  layout->files = files;
  layout->scale = MAX (MIN (width / w, height / h), 0.01);
  layout->width = w * layout->scale;
  layout->height = h * layout->scale;
  /* Whole pixels, so the background texture lands on the pixel grid.  The margin along the axis
   * that fits exactly is 0 give or take a rounding error, which must not push the board 1 px out. */
  layout->x = MAX (floor ((width - layout->width) / 2 + 1e-6), 0);
  layout->y = MAX (floor ((height - layout->height) / 2 + 1e-6), 0);
}

void
kiela_board_layout_cell_rect (const KielaBoardLayout *layout, guint file, guint rank, graphene_rect_t *rect)
{
  double top = kiela_board_geometry_rank_top (rank);
  double x0 = round (layout->x + (MARGIN + file * CELL) * layout->scale);
  double x1 = round (layout->x + (MARGIN + (file + 1) * CELL) * layout->scale);
  double y0 = round (layout->y + top * layout->scale);
  double y1 = round (layout->y + (top + CELL) * layout->scale);

  graphene_rect_init (rect, x0, y0, x1 - x0, y1 - y0);
}

gboolean
kiela_board_layout_hit (const KielaBoardLayout *layout, double x, double y, guint *file, guint *rank)
{
  double ux = (x - layout->x) / layout->scale - MARGIN;
  int f;

  if (!isfinite (ux) || !isfinite (y) || ux < -CELL || ux > (layout->files + 1) * CELL)
    return FALSE;
  f = (int) floor (ux / CELL);
  /* Test against the rounded cells the houses are allocated, so a point on a shared edge
   * belongs to the same house here as for the pointer. */
  for (guint r = 1; r <= 4; r++)
    for (int df = -1; df <= 1; df++)
      {
        graphene_rect_t cell;
        int ff = f + df;

        if (ff < 0 || (guint) ff >= layout->files)
          continue;
        kiela_board_layout_cell_rect (layout, ff, r, &cell);
        if (x >= cell.origin.x && x < cell.origin.x + cell.size.width
            && y >= cell.origin.y && y < cell.origin.y + cell.size.height)
          {
            *file = ff;
            *rank = r;
            return TRUE;
          }
      }
  return FALSE;
}

void
kiela_board_geometry_measure (guint files, gboolean horizontal, int *minimum, int *natural)
{
  double width = kiela_board_geometry_width_units (files);
  double units = horizontal ? width : kiela_board_geometry_height_units ();

  /* Cells of 28 px at least across (still a fair click target); by choice 85 px, but no wider
   * than 1100 px in all, so a 20-file board does not ask for a huge window.  Up and down it
   * asks less, cells of 22 px: the board is drawn in proportion inside what it gets, so a short
   * allocation only draws it smaller (houses of 20 px or more), and a 600×500 window keeps
   * room for a banner, the arrangement bar and the caption band round the board. */
  *minimum = (int) ceil (units * (horizontal ? 0.28 : 0.22));
  *natural = (int) ceil (units * MIN (0.85, 1100.0 / width));
}

/* ---------------------------------------------------------------------------------------------
 * Stone layouts: relaxed so that n stones sit close together without overlapping, at build time
 * (kiela-board-stones-gen.c writes stone_offsets and stone_extent).
 */

void
kiela_board_geometry_stone_offset (guint n, guint index, double *x, double *y)
{
  g_return_if_fail (n >= 1 && n <= KIELA_BOARD_MAX_DRAWN_STONES && index < n);

  *x = stone_offsets[n][index][0];
  *y = stone_offsets[n][index][1];
}

double
kiela_board_geometry_stone_radius (void)
{
  return KIELA_BOARD_CUP_FREE_R / stone_extent;
}

double
kiela_board_geometry_stone_sprite (void)
{
  return 2 * kiela_board_geometry_stone_radius () / KIELA_BOARD_STONE_SPRITE_BODY;
}
