/* kiela-window-moves.c: the main window's move list: a GtkListView over the game tree's moves (the
 * main line, variations indented after the move they replace) whose selection follows the shown
 * ply; a click on a row shows that ply of its line; the variation bar and menu (promote, delete,
 * back to the main line) and the comment on the shown move. */
#include "config.h"

#include <glib/gi18n.h>
#include "kiela-window-private.h"
#include "kiela-game-info.h"

/* Indentation of a variation's rows, a level. */
#define DEPTH_INDENT 14

/* A GtkListView makes widgets only for the rows around those in sight (about 200 in GTK 4.8), so a
 * record of 300,000 moves opens at once; the model makes a row's item when the view asks for it. */
static void
setup_move_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *num = gtk_label_new (NULL);
  GtkWidget *who = gtk_label_new (NULL);
  GtkWidget *square = gtk_label_new (NULL);
  GtkWidget *mark = gtk_label_new (NULL);
  GtkWidget *comment = gtk_label_new (NULL);
  GtkWidget *summary = gtk_label_new (NULL);

  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_add_css_class (square, "kiela-move-square");
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_widget_add_css_class (comment, "kiela-move-comment");
  gtk_label_set_width_chars (GTK_LABEL (num), 4);
  gtk_label_set_xalign (GTK_LABEL (num), 1);
  gtk_widget_add_css_class (num, "numeric");
  gtk_label_set_xalign (GTK_LABEL (who), 0);
  gtk_label_set_width_chars (GTK_LABEL (square), 3);
  /* The comment in one line; the whole text is its tooltip and in the comment field. */
  gtk_label_set_ellipsize (GTK_LABEL (comment), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (comment), 0);
  gtk_widget_set_hexpand (comment, TRUE);
  gtk_label_set_xalign (GTK_LABEL (summary), 1);
  gtk_box_append (GTK_BOX (box), num);
  gtk_box_append (GTK_BOX (box), who);
  gtk_box_append (GTK_BOX (box), square);
  /* The game review's mark (kiela-window-review.c): shape and ?!, ?, ??; hidden when none. */
  gtk_widget_set_visible (mark, FALSE);
  gtk_box_append (GTK_BOX (box), mark);
  gtk_box_append (GTK_BOX (box), comment);
  gtk_box_append (GTK_BOX (box), summary);
  gtk_list_item_set_child (list_item, box);
}

static void
bind_move_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  KielaMoveListItem *move = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *num = gtk_widget_get_first_child (box);
  GtkWidget *who = gtk_widget_get_next_sibling (num);
  GtkWidget *square = gtk_widget_get_next_sibling (who);
  GtkWidget *mark = gtk_widget_get_next_sibling (square);
  GtkWidget *comment = gtk_widget_get_next_sibling (mark);
  GtkWidget *summary = gtk_widget_get_next_sibling (comment);
  guint depth = kiela_move_list_item_get_depth (move);
  const char *text = kiela_move_list_item_get_comment (move);
  KielaWindow *self = data;
  KielaGameLine *line = NULL;
  guint ply = 0;

  gtk_label_set_text (GTK_LABEL (num), kiela_move_list_item_get_number (move));
  gtk_label_set_text (GTK_LABEL (who), kiela_move_list_item_get_who (move));
  /* "Start position" takes the room of the side and the square. */
  gtk_label_set_width_chars (GTK_LABEL (who), kiela_move_list_item_get_ply (move) == 0 ? 0 : 6);
  gtk_label_set_text (GTK_LABEL (square), kiela_move_list_item_get_square (move));
  gtk_label_set_text (GTK_LABEL (comment), text ? text : "");
  gtk_widget_set_tooltip_text (comment, text);
  gtk_label_set_text (GTK_LABEL (summary), kiela_move_list_item_get_summary (move));
  /* A variation is indented a step a level and marked by a rule on its left, as in PGN's brackets. */
  gtk_widget_set_margin_start (box, (int) (depth * DEPTH_INDENT));
  if (depth > 0)
    gtk_widget_add_css_class (box, "kiela-variation-row");
  else
    gtk_widget_remove_css_class (box, "kiela-variation-row");
  g_object_set_data (G_OBJECT (box), "kiela-row", GUINT_TO_POINTER (gtk_list_item_get_position (list_item) + 1));
  if (self != NULL && kiela_move_list_model_locate (self->moves, gtk_list_item_get_position (list_item), &line, &ply))
    _kiela_window_review_bind_mark (self, line, ply, GTK_LABEL (mark));
}

/* The row of the shown ply, or GTK_INVALID_LIST_POSITION. */
static guint
shown_row (KielaWindow *self)
{
  KielaGameLine *line = kiela_game_session_get_view_line (self->session);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->move_selection));
  guint row;

  if (line == NULL || n == 0)
    return GTK_INVALID_LIST_POSITION;
  row = kiela_move_list_model_get_row (self->moves, line, kiela_game_session_get_view_ply (self->session));
  return row < n ? row : GTK_INVALID_LIST_POSITION;
}

/* Rows are laid out lazily: the live row is scrolled to from an idle, once the list counts it. */
static gboolean
scroll_to_end (gpointer data)
{
  KielaWindow *self = data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->move_selection));
  guint row = shown_row (self);

  self->scroll_idle = 0;
  if (n == 0 || row == GTK_INVALID_LIST_POSITION)
    return G_SOURCE_REMOVE;
  /* A list not laid out (another page shown, the panel folded away) has no row to scroll
   * to, and GTK 4.8 warns; the follower scrolls it to its end once it gets its size. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self->move_list)) || gtk_widget_get_height (GTK_WIDGET (self->move_list)) <= 0)
    return G_SOURCE_REMOVE;
  /* The list's own scroll, which lays the row out first; the very end below the last row is
   * kept by the follower (kiela-window-follow.c) after the frame's paint: a value set from here
   * could point below rows not yet laid out, and GTK 4.8 fails to scroll there. */
  gtk_widget_activate_action (GTK_WIDGET (self->move_list), "list.scroll-to-item", "u", row);
  return G_SOURCE_REMOVE;
}

static void update_variation_bar (KielaWindow *self);

/* Marks the shown ply; the live move is kept in view once its row has been allocated. */
void
_kiela_window_moves_select (KielaWindow *self)
{
  guint row = shown_row (self);

  self->selecting_row = TRUE;
  gtk_single_selection_set_selected (self->move_selection, row);
  self->selecting_row = FALSE;
  update_variation_bar (self);
  if (row == GTK_INVALID_LIST_POSITION)
    return;
  if (kiela_game_session_is_live (self->session))
    {
      /* Again once the new row has its height (no reference: dispose removes the source). */
      if (self->scroll_idle == 0)
        self->scroll_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_to_end, self, NULL);
    }
  else if (gtk_widget_get_mapped (GTK_WIDGET (self->move_list)))
    gtk_widget_activate_action (GTK_WIDGET (self->move_list), "list.scroll-to-item", "u", row);
}

/* A click or the arrow keys select a row: that ply of its line is shown. */
static void
on_move_selection_changed (GtkSelectionModel *selection, guint position, guint n_items, KielaWindow *self)
{
  guint selected = gtk_single_selection_get_selected (self->move_selection);
  KielaGameLine *line;
  guint ply;

  if (self->selecting_row || selected == GTK_INVALID_LIST_POSITION || _kiela_window_game (self) == NULL
      || selected == shown_row (self))
    return;
  if (kiela_move_list_model_locate (self->moves, selected, &line, &ply))
    kiela_game_session_show (self->session, line, ply);
}

void
_kiela_window_moves_set_game (KielaWindow *self, KielaGame *game)
{
  /* The rows come and go with the game; the selection follows the session, not them. */
  self->selecting_row = TRUE;
  kiela_move_list_model_set_tree (self->moves, game ? kiela_game_session_get_tree (self->session) : NULL);
  self->selecting_row = FALSE;
}

/* ---------- variations ---------- */

/* The variation the shown ply belongs to, or NULL on the main line. */
static KielaGameLine *
shown_variation (KielaWindow *self)
{
  KielaGameLine *line = kiela_game_session_get_view_line (self->session);

  return line && kiela_game_line_get_parent (line) ? line : NULL;
}

static void
update_variation_bar (KielaWindow *self)
{
  KielaGameLine *v = self->session ? shown_variation (self) : NULL;
  gboolean in_variation = self->session && kiela_game_session_in_variation (self->session);
  gboolean editable = self->session && _kiela_window_game (self) != NULL;

  gtk_revealer_set_reveal_child (self->variation_revealer, in_variation);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.variation-promote", v != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.variation-make-main", v != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.variation-delete", v != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.variation-return", in_variation);
  if (v != NULL)
    {
      /* TRANSLATORS: the variation bar under the move list: how deep the shown variation is */
      g_autofree char *text = kiela_game_line_get_depth (v) > 1
                              ? g_strdup_printf (_("Variation, level %u"), kiela_game_line_get_depth (v))
                              : g_strdup (_("Variation"));
      gtk_label_set_text (self->variation_label, text);
    }
  else
    gtk_label_set_text (self->variation_label, _("Main line"));

  /* The comment field shows the shown move's comment, unless it is being typed in. */
  if (editable && !gtk_widget_has_focus (GTK_WIDGET (self->comment_entry))
      && !gtk_widget_has_focus (gtk_widget_get_first_child (GTK_WIDGET (self->comment_entry))))
    {
      guint ply = kiela_game_session_get_view_ply (self->session);
      const char *text = kiela_game_session_get_comment (self->session, kiela_game_session_get_view_line (self->session), ply);

      self->comment_syncing = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->comment_entry), text ? text : "");
      gtk_entry_set_placeholder_text (self->comment_entry,
                                      ply == 0 ? _("Comment on the game…") : _("Comment on this move…"));
      self->comment_syncing = FALSE;
    }
}

static void
on_comment_commit (KielaWindow *self)
{
  KielaGameLine *line;
  const char *text;
  guint ply, row;

  if (self->comment_syncing || _kiela_window_game (self) == NULL)
    return;
  line = kiela_game_session_get_view_line (self->session);
  ply = kiela_game_session_get_view_ply (self->session);
  text = gtk_editable_get_text (GTK_EDITABLE (self->comment_entry));
  if (g_strcmp0 (kiela_game_session_get_comment (self->session, line, ply), *text ? text : NULL) == 0)
    return;
  kiela_game_session_set_comment (self->session, line, ply, gtk_editable_get_text (GTK_EDITABLE (self->comment_entry)));
  row = kiela_move_list_model_get_row (self->moves, line, ply);
  kiela_move_list_model_row_changed (self->moves, row);
  /* The changed row was made anew: select it again. */
  _kiela_window_moves_select (self);
}

static gboolean
commit_later (gpointer data)
{
  KielaWindow *self = data;

  self->comment_idle = 0;
  on_comment_commit (self);
  return G_SOURCE_REMOVE;
}

/* Not while GTK moves the focus: the commit remakes the comment's row in the list.  (No
 * reference: dispose removes the source.) */
static void
on_comment_focus_leave (GtkEventControllerFocus *focus, KielaWindow *self)
{
  if (self->comment_idle == 0)
    self->comment_idle = g_idle_add (commit_later, self);
}

static void
variation_action (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  KielaGameLine *v = shown_variation (self);

  if (g_str_equal (name, "win.variation-return"))
    kiela_game_session_return_to_main (self->session);
  else if (v == NULL)
    return;
  else if (g_str_equal (name, "win.variation-promote"))
    kiela_game_session_promote (self->session, v, FALSE);
  else if (g_str_equal (name, "win.variation-make-main"))
    kiela_game_session_promote (self->session, v, TRUE);
  else if (g_str_equal (name, "win.variation-delete"))
    kiela_game_session_delete_variation (self->session, v);
  _kiela_window_moves_select (self);
}

/* A click on a reviewed position: the sowing shown finishes; TRUE when a variation may be
 * played from it (the window then chooses the move as in the live game). */
gboolean
_kiela_window_moves_can_play_reviewed (KielaWindow *self)
{
  /* A click during the replay of the shown move finishes it and plays, as at the end of a game. */
  if (!kiela_trace_player_is_at_end (self->player))
    kiela_trace_player_go_to_end (self->player);
  if (!kiela_game_session_can_play_variation (self->session))
    {
      /* Only in the expert setup phase: the shown position is the arrangement. */
      _kiela_window_refuse (self, _("Finish arranging the stones first."));
      return FALSE;
    }
  return TRUE;
}

/* A right click on a row shows it (entering its line) and offers what can be done with it. */
static void
on_list_pressed (GtkGestureClick *gesture, int n_press, double x, double y, KielaWindow *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->move_list), x, y, GTK_PICK_DEFAULT);
  guint row = 0;

  for (; picked && picked != GTK_WIDGET (self->move_list); picked = gtk_widget_get_parent (picked))
    if ((row = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (picked), "kiela-row"))) > 0)
      break;
  if (row == 0)
    return;
  gtk_single_selection_set_selected (self->move_selection, row - 1);
  gtk_popover_set_pointing_to (self->variation_menu, &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (self->variation_menu);
}

/* The same menu from the keyboard (Shift+F10 or the Menu key), for the selected row. */
static gboolean
on_list_menu_key (GtkWidget *list, GVariant *args, gpointer data)
{
  KielaWindow *self = data;

  gtk_popover_set_pointing_to (self->variation_menu, NULL);
  gtk_popover_popup (self->variation_menu);
  return TRUE;
}

static GMenuModel *
variation_menu_model (void)
{
  GMenu *menu = g_menu_new ();
  GMenu *section = g_menu_new ();

  g_menu_append (section, _("_Promote Variation"), "win.variation-promote");
  g_menu_append (section, _("Make _Main Line"), "win.variation-make-main");
  g_menu_append (section, _("_Delete Variation"), "win.variation-delete");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_object_unref (section);
  section = g_menu_new ();
  g_menu_append (section, _("_Return to Main Line"), "win.variation-return");
  g_menu_append (section, _("Edit _Comment"), "win.edit-comment");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_object_unref (section);

  /* Any game or opened record, not only a finished one (the game-over card has it too); the
   * main menu has no room left on a 768-px projector. */
  section = g_menu_new ();
  g_menu_append (section, _("Review Game"), "win.review-game");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_object_unref (section);
  return G_MENU_MODEL (menu);
}

static void
edit_comment_action (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->comment_entry));
}

static void
game_info_action (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  if (_kiela_window_game (self) != NULL)
    kiela_game_info_present (GTK_WINDOW (self), self->session);
}

/* A text button, or an icon button named by its tooltip (the panel must stay narrow: its width
 * is taken from the board). */
static GtkWidget *
bar_button (const char *label, const char *icon, const char *tooltip, const char *action)
{
  GtkWidget *button = icon ? gtk_button_new_from_icon_name (icon) : gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

/* Under the list: the variation bar (shown in a variation) and the comment on the shown move. */
static void
build_variation_widgets (KielaWindow *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->move_scroller));
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  g_autoptr(GMenuModel) menu = variation_menu_model ();

  /* Neither the bar nor the field may widen the panel as their texts change: the board's size
   * would follow. */
  self->variation_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->variation_label, 0);
  gtk_label_set_ellipsize (self->variation_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->variation_label, 4);
  gtk_widget_set_hexpand (GTK_WIDGET (self->variation_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->variation_label), "dim-label");
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->variation_label));
  gtk_box_append (GTK_BOX (bar), bar_button (_("Main _Line"), NULL, _("Return to the main line"),
                                             "win.variation-return"));
  gtk_box_append (GTK_BOX (bar), bar_button (NULL, "go-up-symbolic", _("Promote this variation one level"),
                                             "win.variation-promote"));
  gtk_box_append (GTK_BOX (bar), bar_button (NULL, "user-trash-symbolic", _("Delete this variation"),
                                             "win.variation-delete"));
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  self->variation_revealer = GTK_REVEALER (gtk_revealer_new ());
  /* The label expands inside the bar, not the panel: an expanding panel would take the board's room. */
  gtk_widget_set_hexpand (GTK_WIDGET (self->variation_revealer), FALSE);
  gtk_revealer_set_child (self->variation_revealer, bar);

  self->comment_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->comment_entry), "kiela-comment-entry");
  gtk_editable_set_width_chars (GTK_EDITABLE (self->comment_entry), 8);
  gtk_entry_set_placeholder_text (self->comment_entry, _("Comment on this move…"));
  gtk_widget_set_margin_start (GTK_WIDGET (self->comment_entry), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->comment_entry), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->comment_entry), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->comment_entry), 6);
  gtk_entry_set_icon_from_icon_name (self->comment_entry, GTK_ENTRY_ICON_PRIMARY, "document-edit-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->comment_entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Comment on the shown move"), -1);
  g_signal_connect_swapped (self->comment_entry, "activate", G_CALLBACK (on_comment_commit), self);
  g_signal_connect (focus, "leave", G_CALLBACK (on_comment_focus_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->comment_entry), focus);

  gtk_box_insert_child_after (GTK_BOX (parent), GTK_WIDGET (self->variation_revealer), GTK_WIDGET (self->move_scroller));
  gtk_box_insert_child_after (GTK_BOX (parent), GTK_WIDGET (self->comment_entry), GTK_WIDGET (self->variation_revealer));

  self->variation_menu = GTK_POPOVER (gtk_popover_menu_new_from_model (menu));
  gtk_widget_set_parent (GTK_WIDGET (self->variation_menu), GTK_WIDGET (self->move_list));
  gtk_popover_set_has_arrow (self->variation_menu, FALSE);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_list_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->move_list), GTK_EVENT_CONTROLLER (click));
  {
    GtkEventController *keys = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK),
                                                     gtk_keyval_trigger_new (GDK_KEY_Menu, 0)),
                        gtk_callback_action_new (on_list_menu_key, self, NULL)));
    gtk_widget_add_controller (GTK_WIDGET (self->move_list), keys);
  }
}

void
_kiela_window_class_moves_init (GtkWidgetClass *widget_class)
{
  static const char *actions[] = { "win.variation-promote", "win.variation-make-main", "win.variation-delete",
                                   "win.variation-return" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, variation_action);
  gtk_widget_class_install_action (widget_class, "win.edit-comment", NULL, edit_comment_action);
  gtk_widget_class_install_action (widget_class, "win.game-info", NULL, game_info_action);
}

/* A comment or a name changed: the bar, the title and the side labels follow (the lines follow the
 * shown ply, which the session notifies after any change of them). */
void
_kiela_window_moves_connect (KielaWindow *self)
{
  g_signal_connect_swapped (self->session, "info-changed", G_CALLBACK (update_variation_bar), self);
  g_signal_connect_swapped (self->session, "info-changed", G_CALLBACK (_kiela_window_update_title), self);
  g_signal_connect_swapped (self->session, "info-changed", G_CALLBACK (_kiela_window_update_turn), self);
}

void
_kiela_window_moves_dispose (KielaWindow *self)
{
  g_clear_handle_id (&self->comment_idle, g_source_remove);
  if (self->variation_menu)
    gtk_widget_unparent (GTK_WIDGET (self->variation_menu));
  self->variation_menu = NULL;
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
  g_signal_connect (factory, "bind", G_CALLBACK (bind_move_row), self);
  gtk_list_view_set_factory (self->move_list, factory);
  gtk_list_view_set_model (self->move_list, GTK_SELECTION_MODEL (self->move_selection));
  g_signal_connect (self->move_selection, "selection-changed", G_CALLBACK (on_move_selection_changed), self);
  build_variation_widgets (self);
}
