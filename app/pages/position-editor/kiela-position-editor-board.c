/* kiela-position-editor-board.c: the position editor's board in editing mode (kiela-board-editing.c)
 * and the side labels kept beside the board as drawn. */
#include "config.h"

#include "kiela-position-editor-private.h"
#include "kiela-board-view-private.h"

/* North's label just above the board as drawn, South's just below, each as wide as the page. */
static gboolean
on_overlay_position (GtkOverlay *overlay, GtkWidget *label, GdkRectangle *allocation, KielaPositionEditor *self)
{
  graphene_rect_t drawn;
  graphene_point_t origin;
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int label_height;

  if (label != GTK_WIDGET (self->north_label) && label != GTK_WIDGET (self->south_label))
    return FALSE;
  if (!gtk_widget_compute_point (GTK_WIDGET (self->board), GTK_WIDGET (overlay), &GRAPHENE_POINT_INIT (0, 0), &origin))
    return FALSE;
  kiela_board_view_get_board_rect (self->board, &drawn);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, -1, NULL, &label_height, NULL, NULL);
  allocation->x = 0;
  allocation->width = gtk_widget_get_width (GTK_WIDGET (overlay));
  allocation->height = label_height;
  if (label == GTK_WIDGET (self->north_label))
    allocation->y = MAX (0, (int) (origin.y + drawn.origin.y) - label_height - 4);
  else
    allocation->y = MIN ((int) (origin.y + drawn.origin.y + drawn.size.height) + 4, height - label_height);
  return TRUE;
}

void
_kiela_position_editor_init_board (KielaPositionEditor *self)
{
  self->board = KIELA_BOARD_VIEW (kiela_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
  g_signal_connect (self->board_overlay, "get-child-position", G_CALLBACK (on_overlay_position), self);
}
