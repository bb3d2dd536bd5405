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

/* The board itself (frame, wood, cups, labels), as cached for `layout`; nothing before the first render. */
void     kiela_board_draw_background (KielaBoardRenderer *renderer, GtkSnapshot *snapshot,
                                      const KielaBoardLayout *layout, gboolean use_cairo);

/* Draws a house into a `size`×`size` square at the origin; `widget` gives the fonts. */
void     kiela_board_draw_house (KielaBoardRenderer *renderer, GtkSnapshot *snapshot, GtkWidget *widget,
                                 float size, const KielaHouseLook *look, gboolean use_cairo);

/* The sower's hand beside the house at (file, rank): a dark bubble with a few stones and the number. */
void     kiela_board_draw_hand  (KielaBoardRenderer *renderer, GtkSnapshot *snapshot, GtkWidget *widget,
                                 const KielaBoardLayout *layout, guint file, guint rank, guint stones,
                                 gboolean use_cairo);
/* Where that hand is drawn (its bubble), in the board's pixels. */
void     kiela_board_draw_hand_rect (GtkWidget *widget, const KielaBoardLayout *layout, guint file, guint rank,
                                     guint stones, graphene_rect_t *rect);

G_END_DECLS
