/* kiela-house.h: one house of the board as a focusable, accessible button inside KielaBoardView. */
#pragma once

#include <gtk/gtk.h>
#include "kiela-types.h"
#include "kiela-board-view.h"
#include "kiela-board-draw.h"

G_BEGIN_DECLS

#define KIELA_TYPE_HOUSE (kiela_house_get_type ())
G_DECLARE_FINAL_TYPE (KielaHouse, kiela_house, KIELA, HOUSE, GtkButton)

GtkWidget     *kiela_house_new           (guint files, KielaSide side, guint house);

KielaSide      kiela_house_get_side      (KielaHouse *self);
guint          kiela_house_get_house     (KielaHouse *self);
/* TRUE during an activation by Shift+Enter (the keyboard's Shift+click: all the stones). */
gboolean       kiela_house_get_shift_activation (KielaHouse *self);
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

/* Pointer cursor and hover glow only while the board takes moves. */
void           kiela_house_set_interactive (KielaHouse *self, gboolean interactive);
/* The phase of a captured house's flash (the board drives it). */
void           kiela_house_set_flash_on  (KielaHouse *self, gboolean flash_on);
/* What the house shows, for the board to draw it: its state, hover and visible focus included. */
void           kiela_house_get_look      (KielaHouse *self, KielaHouseLook *look);

/* The house emits GtkButton's "clicked" when clicked, on Enter or Space, and for AT-SPI's "click". */

/* The accessible label ("South inner row, g2, 3 stones"), also used by tests. */
char          *kiela_house_dup_label     (KielaHouse *self);
/* The tooltip ("g2 — 3 stones"), made when it is shown (gtk_widget_get_tooltip_text gives NULL). */
char          *kiela_house_dup_tooltip   (KielaHouse *self);
/* Whether hovering the house shows its tooltip now: not while a modal dialog is over its window. */
gboolean       kiela_house_get_tooltip_allowed (KielaHouse *self);

G_END_DECLS
