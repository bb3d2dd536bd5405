/* kiela-board-draw.h: drawing one house and the sower's hand from the cached artwork (shared by the board and its houses). */
#pragma once

#include <gtk/gtk.h>
#include "kiela-types.h"
#include "kiela-board-renderer.h"

G_BEGIN_DECLS

/* Everything a house shows. */
typedef struct {
  guint count;
  guint seed;              /* varies the stone kinds between houses */
  gboolean playable;
  gboolean selected;
  KielaHighlight highlight;
  gboolean flash_on;       /* a captured house in the "on" phase of its flash */
  gboolean hover;
  gboolean focus_visible;
} KielaHouseLook;

/* Whether `widget` is drawn by the cairo renderer (or not yet by any). */
gboolean kiela_board_draw_uses_cairo (GtkWidget *widget);

/* Draws a house's content (hover glow, stones, marks, count) into the top left square of `cell`
 * in the painter's coordinates (whole pixels, as the house is allocated); `widget` gives the fonts.
 * The board view draws each house into a node of its own, kept while the house's look is the
 * same (kiela-board-view.c); PNG exports draw them all into one cairo node. */
void     kiela_board_draw_house (KielaBoardRenderer *renderer, KielaBoardPainter *painter, GtkWidget *widget,
                                 const graphene_rect_t *cell, const KielaHouseLook *look);

/* How many count badges were drawn into images for `renderer` (at its current device scale). */
guint    kiela_board_draw_get_badge_renders (KielaBoardRenderer *renderer);

/* The keyboard focus ring of a house `size` pixels square, at the origin, over everything else. */
void     kiela_board_draw_focus_ring (GtkSnapshot *snapshot, float size);

/* The sower's hand beside the house at (file, rank): a dark bubble with a few stones and the number. */
void     kiela_board_draw_hand  (KielaBoardRenderer *renderer, GtkSnapshot *snapshot, GtkWidget *widget,
                                 const KielaBoardLayout *layout, guint file, guint rank, guint stones,
                                 gboolean use_cairo);
/* Where that hand is drawn (its bubble), in the board's pixels. */
void     kiela_board_draw_hand_rect (GtkWidget *widget, const KielaBoardLayout *layout, guint file, guint rank,
                                     guint stones, graphene_rect_t *rect);

G_END_DECLS
