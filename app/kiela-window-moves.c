/* kiela-window-moves.c: the main window's move list: a GtkListView over the game's moves whose
 * selection follows the session's shown ply, and a click on a row reviews that ply. */
#include "config.h"

#include "kiela-window-private.h"

/* A GtkListView makes widgets only for the rows around those in sight (about 200 in GTK 4.8), so a
 * record of 300,000 moves opens at once; the model makes a row's item when the view asks for it. */
static void
setup_move_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *num = gtk_label_new (NULL);
  GtkWidget *who = gtk_label_new (NULL);
  GtkWidget *square = gtk_label_new (NULL);
  GtkWidget *summary = gtk_label_new (NULL);

  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_add_css_class (square, "kiela-move-square");
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_label_set_width_chars (GTK_LABEL (num), 4);
  gtk_label_set_xalign (GTK_LABEL (num), 1);
  gtk_widget_add_css_class (num, "numeric");
  gtk_label_set_xalign (GTK_LABEL (who), 0);
  gtk_label_set_width_chars (GTK_LABEL (square), 3);
  gtk_label_set_xalign (GTK_LABEL (summary), 1);
  gtk_widget_set_hexpand (summary, TRUE);
  gtk_box_append (GTK_BOX (box), num);
  gtk_box_append (GTK_BOX (box), who);
  gtk_box_append (GTK_BOX (box), square);
  gtk_box_append (GTK_BOX (box), summary);
  gtk_list_item_set_child (list_item, box);
}

static void
bind_move_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  KielaMoveListItem *move = gtk_list_item_get_item (list_item);
  GtkWidget *num = gtk_widget_get_first_child (gtk_list_item_get_child (list_item));
  GtkWidget *who = gtk_widget_get_next_sibling (num);
  GtkWidget *square = gtk_widget_get_next_sibling (who);
  GtkWidget *summary = gtk_widget_get_next_sibling (square);

  gtk_label_set_text (GTK_LABEL (num), kiela_move_list_item_get_number (move));
  gtk_label_set_text (GTK_LABEL (who), kiela_move_list_item_get_who (move));
  /* "Start position" takes the room of the side and the square. */
  gtk_label_set_width_chars (GTK_LABEL (who), kiela_move_list_item_get_ply (move) == 0 ? 0 : 6);
  gtk_label_set_text (GTK_LABEL (square), kiela_move_list_item_get_square (move));
  gtk_label_set_text (GTK_LABEL (summary), kiela_move_list_item_get_summary (move));
}

/* Rows are laid out lazily: the live row is scrolled to from an idle, once the list counts it. */
static gboolean
scroll_to_end (gpointer data)
{
  KielaWindow *self = data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->move_selection));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->move_scroller);

  self->scroll_idle = 0;
  if (n == 0)
    return G_SOURCE_REMOVE;
  gtk_widget_activate_action (GTK_WIDGET (self->move_list), "list.scroll-to-item", "u", n - 1);
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  return G_SOURCE_REMOVE;
}

/* Marks the shown ply; the live move is kept in view once its row has been allocated. */
void
_kiela_window_moves_select (KielaWindow *self)
{
  guint ply = kiela_game_session_get_view_ply (self->session);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->move_selection));

  self->selecting_row = TRUE;
  gtk_single_selection_set_selected (self->move_selection, ply < n ? ply : GTK_INVALID_LIST_POSITION);
  self->selecting_row = FALSE;
  if (ply >= n)
    return;
  if (kiela_game_session_is_live (self->session))
    {
      /* Again once the new row has its height (no reference: dispose removes the source). */
      if (self->scroll_idle == 0)
        self->scroll_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_to_end, self, NULL);
    }
  else if (gtk_widget_get_mapped (GTK_WIDGET (self->move_list)))
    gtk_widget_activate_action (GTK_WIDGET (self->move_list), "list.scroll-to-item", "u", ply);
}

/* A click or the arrow keys select a row: that ply is reviewed. */
static void
on_move_selection_changed (GtkSelectionModel *selection, guint position, guint n_items, KielaWindow *self)
{
  guint selected = gtk_single_selection_get_selected (self->move_selection);

  if (self->selecting_row || selected == GTK_INVALID_LIST_POSITION || _kiela_window_game (self) == NULL
      || selected == kiela_game_session_get_view_ply (self->session))
    return;
  kiela_game_session_set_view_ply (self->session, selected);
}

void
_kiela_window_moves_set_game (KielaWindow *self, KielaGame *game)
{
  /* The rows come and go with the game; the selection follows the session, not them. */
  self->selecting_row = TRUE;
  kiela_move_list_model_set_game (self->moves, game);
  self->selecting_row = FALSE;
}

void
_kiela_window_moves_init (KielaWindow *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  self->moves = kiela_move_list_model_new ();
  /* Neither autoselect nor a selection kept against the session's ply: the window selects. */
  self->move_selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->moves)));
  gtk_single_selection_set_autoselect (self->move_selection, FALSE);
  gtk_single_selection_set_can_unselect (self->move_selection, TRUE);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_move_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_move_row), NULL);
  gtk_list_view_set_factory (self->move_list, factory);
  gtk_list_view_set_model (self->move_list, GTK_SELECTION_MODEL (self->move_selection));
  g_signal_connect (self->move_selection, "selection-changed", G_CALLBACK (on_move_selection_changed), self);
}
