/* kiela-house.h: one house of the board as a focusable, accessible child widget of KielaBoardView. */
#pragma once

#include <gtk/gtk.h>
#include "kiela-types.h"
#include "kiela-board-view.h"

G_BEGIN_DECLS

#define KIELA_TYPE_HOUSE (kiela_house_get_type ())
G_DECLARE_FINAL_TYPE (KielaHouse, kiela_house, KIELA, HOUSE, GtkWidget)

GtkWidget     *kiela_house_new           (guint files, KielaSide side, guint house);

KielaSide      kiela_house_get_side      (KielaHouse *self);
guint          kiela_house_get_house     (KielaHouse *self);
guint          kiela_house_get_file      (KielaHouse *self);  /* 0 = 'a', as South sees the board */
guint          kiela_house_get_rank      (KielaHouse *self);  /* 1 .. 4 */
const char    *kiela_house_get_square    (KielaHouse *self);  /* "g2" */

guint          kiela_house_get_count     (KielaHouse *self);
void           kiela_house_set_count     (KielaHouse *self, guint count);
gboolean       kiela_house_get_playable  (KielaHouse *self);
void           kiela_house_set_playable  (KielaHouse *self, gboolean playable);
KielaHighlight kiela_house_get_highlight (KielaHouse *self);
void           kiela_house_set_highlight (KielaHouse *self, KielaHighlight highlight);
/* Setup mode: the house a stone is being moved from. */
gboolean       kiela_house_get_selected  (KielaHouse *self);
void           kiela_house_set_selected  (KielaHouse *self, gboolean selected);

/* The accessible label ("South inner row, g2, 3 stones"), also used by tests. */
char          *kiela_house_dup_label     (KielaHouse *self);

G_END_DECLS
