/* kiela-step-list.c: lists every step of the move being replayed so a class sees what led here.
 * The single drops of a lap are grouped into one row ("Lap 2: 3 stones drop into e3, f3, g3"),
 * because a column of "a stone drops into…" sentences hides the relays and captures a teacher
 * wants to talk about; lifts, relays, captures, the captured stones joining the army and the end
 * keep a row of their own, and the important ones carry an icon and bold text.
 * The rows are a KielaStepListModel shown by a GtkListView: only the rows in sight get widgets,
 * so a move of millions of steps opens at once, and a long move's rows reach the list view a
 * few a frame (FIRST_ROWS). */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-step-list.h"

#define ITEM_KEY "kiela-step-item"

/* A long move's rows come to the list view a few at a time: GTK 4.8's list view makes, styles and
 * lays out a widget for each row it has (up to 200), each wrapped label measured at about ten
 * widths in that frame, and the 37 rows of a 12-lap move (67 events) took the frame of the
 * click 20-45 ms.  The first rows (more than the list shows at 1920×1080, and as many past the
 * current row), then from the next frame on ROWS_PER_FRAME more a frame until all are there. */
#define FIRST_ROWS 14
#define ROWS_PER_FRAME 6
/* GTK 4.8's list view keeps widgets for about 200 rows from the top one in sight: past that many,
 * the other rows cost it nothing, and a move of millions of rows gets them all at once. */
#define ROWS_WITH_WIDGETS 240

struct _KielaStepList {
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkListView *view;
  GtkSingleSelection *selection;
  KielaStepListModel *model;
  KielaTracePlayer *player;   /* not owned: a weak reference resets the rows when it goes */
  guint serial;               /* the player's trace serial the rows were built for */
  gboolean built;
  gboolean selecting;         /* the selection is being set to follow the player, not by the user */
  guint tick_id;
  guint scroll_tries;
  guint grow_id;              /* tick callback giving the list view the next rows */
  gboolean grow_skip;         /* its first tick, in the frame the rows were set: no more rows */
};

G_DEFINE_FINAL_TYPE (KielaStepList, kiela_step_list, GTK_TYPE_WIDGET)

/* ---------- row widgets ---------- */

static void
setup_row_cb (GtkSignalListItemFactory *factory, GtkListItem *list_item, KielaStepList *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *marker = gtk_image_new_from_icon_name ("go-next-symbolic");
  GtkWidget *icon = gtk_image_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_set_margin_start (box, 2);
  gtk_widget_set_margin_end (box, 6);

  /* The arrow marks the step shown now; it keeps its room when hidden so rows do not shift. */
  gtk_widget_set_opacity (marker, 0);
  gtk_widget_set_valign (marker, GTK_ALIGN_START);
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_image_set_pixel_size (GTK_IMAGE (icon), 16);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* A wrapping label would ask for its whole sentence on one line: keep the panel narrow. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  gtk_widget_set_hexpand (label, TRUE);

  gtk_widget_add_css_class (box, "kiela-step");
  gtk_box_append (GTK_BOX (box), marker);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_item_set_child (list_item, box);
}

static void
refresh_row (GtkWidget *box, KielaStepListItem *item)
{
  GtkWidget *marker = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_last_child (box);
  const char *markup = kiela_step_list_item_get_markup (item);
  gboolean current = kiela_step_list_item_get_current (item);

  gtk_widget_set_opacity (marker, current ? 1 : 0);
  if (current)
    gtk_widget_add_css_class (box, "kiela-step-current");
  else
    gtk_widget_remove_css_class (box, "kiela-step-current");
  if (kiela_step_list_item_get_future (item))
    gtk_widget_add_css_class (label, "dim-label");
  else
    gtk_widget_remove_css_class (label, "dim-label");
  if (markup != NULL)
    gtk_label_set_markup (GTK_LABEL (label), markup);
  else
    {
      gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
      gtk_label_set_text (GTK_LABEL (label), kiela_step_list_item_get_text (item));
    }
}

static void
item_state_cb (KielaStepListItem *item, GParamSpec *pspec, GtkWidget *box)
{
  refresh_row (box, item);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *list_item, KielaStepList *self)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *icon = gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
  KielaStepListItem *item = gtk_list_item_get_item (list_item);
  const char *icon_name = kiela_step_list_item_get_icon_name (item);
  GtkWidget *row = gtk_widget_get_parent (box);

  /* A click jumps without taking the keyboard focus, so Space, Home and End go on driving the
   * replay (a focused row would take Space and Home/End as list moves). */
  if (row != NULL)
    gtk_widget_set_focus_on_click (row, FALSE);
  gtk_image_set_from_icon_name (GTK_IMAGE (icon), icon_name);
  if (kiela_step_list_item_is_key (item))
    gtk_widget_add_css_class (box, "kiela-step-key");
  else
    gtk_widget_remove_css_class (box, "kiela-step-key");
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kiela_step_list_item_get_text (item), -1);
  refresh_row (box, item);
  g_object_set_data (G_OBJECT (box), ITEM_KEY, item);
  g_signal_connect_object (item, "notify::state", G_CALLBACK (item_state_cb), box, 0);
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *list_item, KielaStepList *self)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  KielaStepListItem *item = gtk_list_item_get_item (list_item);

  if (item != NULL)
    g_signal_handlers_disconnect_by_func (item, item_state_cb, box);
  g_object_set_data (G_OBJECT (box), ITEM_KEY, NULL);
}

GtkWidget *
kiela_step_list_get_row_widget (KielaStepList *self, guint row)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->view)); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *box = gtk_widget_get_first_child (child);
      KielaStepListItem *item = box ? g_object_get_data (G_OBJECT (box), ITEM_KEY) : NULL;

      if (item != NULL && kiela_step_list_item_get_position (item) == row)
        return box;
    }
  return NULL;
}

/* ---------- following the player ---------- */

/* Tick callbacks run before the frame's layout: each one sees the rows as last laid out.  Ask the
 * list view to scroll until the row is in sight, since a request made before the list was laid
 * out (a new trace, a window being shown) is lost. */
static gboolean
scroll_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  KielaStepList *self = KIELA_STEP_LIST (widget);
  int current = kiela_step_list_model_get_current (self->model);

  if (current < 0 || kiela_step_list_current_row_visible (self) || ++self->scroll_tries > 30)
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* The list view scrolls as little as makes the row wholly visible, laid out or not. */
  gtk_widget_activate_action (GTK_WIDGET (self->view), "list.scroll-to-item", "u", (guint) current);
  return G_SOURCE_CONTINUE;
}

static void
scroll_to_current (KielaStepList *self)
{
  int current = kiela_step_list_model_get_current (self->model);

  if (current < 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self->view), "list.scroll-to-item", "u", (guint) current);
  self->scroll_tries = 0;
  if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick, NULL, NULL);
}

static gboolean
grow_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  KielaStepList *self = KIELA_STEP_LIST (widget);
  guint shown = kiela_step_list_model_get_n_shown (self->model);

  if (self->grow_skip)
    {
      self->grow_skip = FALSE;
      return G_SOURCE_CONTINUE;
    }
  if (shown >= kiela_step_list_model_get_n_rows (self->model))
    {
      self->grow_id = 0;
      return G_SOURCE_REMOVE;
    }
  kiela_step_list_model_show_rows (self->model, shown + ROWS_PER_FRAME >= ROWS_WITH_WIDGETS ? G_MAXUINT
                                                                                           : shown + ROWS_PER_FRAME);
  return G_SOURCE_CONTINUE;
}

/* The rows the list view does not have yet come in the next frames (once the list is shown). */
static void
grow_later (KielaStepList *self)
{
  if (self->grow_id == 0 && gtk_widget_get_mapped (GTK_WIDGET (self))
      && kiela_step_list_model_get_n_shown (self->model) < kiela_step_list_model_get_n_rows (self->model))
    {
      self->grow_skip = TRUE;
      self->grow_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), grow_tick, NULL, NULL);
    }
}

static void
on_player_changed (KielaTracePlayer *player, KielaStepList *self)
{
  guint serial = kiela_trace_player_get_serial (player);
  guint index = kiela_trace_player_get_index (player);
  int before = kiela_step_list_model_get_current (self->model);
  int current;

  self->selecting = TRUE;
  if (!self->built || serial != self->serial)
    {
      self->serial = serial;
      self->built = TRUE;
      kiela_step_list_model_set_catalogue (self->model, kiela_trace_player_get_catalogue (player));
      kiela_step_list_model_set_trace_first (self->model, kiela_trace_player_get_variant (player),
                                             kiela_trace_player_get_trace (player), FIRST_ROWS);
      before = -1;
    }
  current = kiela_step_list_model_row_for_index (self->model, index);
  /* The current row and those after it in the list view at once, wherever the replay jumps. */
  if (current >= 0)
    kiela_step_list_model_show_rows (self->model, (guint) current + FIRST_ROWS);
  grow_later (self);
  kiela_step_list_model_set_current (self->model, current, index);
  gtk_single_selection_set_selected (self->selection, current >= 0 ? (guint) current : GTK_INVALID_LIST_POSITION);
  self->selecting = FALSE;

  if (current != before)
    scroll_to_current (self);
}

static void
jump_to_row (KielaStepList *self, guint row)
{
  KielaStepListItem *item = kiela_step_list_model_peek_item (self->model, row);

  if (self->player == NULL || item == NULL)
    return;
  kiela_trace_player_set_index (self->player, kiela_step_list_item_get_target (item));
}

/* A click or the arrow keys select a row: the replay jumps there. */
static void
on_selection_changed (GtkSelectionModel *selection, guint position, guint n_items, KielaStepList *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (self->selecting || selected == GTK_INVALID_LIST_POSITION
      || (int) selected == kiela_step_list_model_get_current (self->model))
    return;
  jump_to_row (self, selected);
}

/* Enter on a row, or a double click. */
static void
on_activate (GtkListView *view, guint position, KielaStepList *self)
{
  jump_to_row (self, position);
}

/* ---------- GObject ---------- */

static void
kiela_step_list_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (kiela_step_list_parent_class)->map (widget);
  grow_later (KIELA_STEP_LIST (widget));
  scroll_to_current (KIELA_STEP_LIST (widget));
}

static void
kiela_step_list_unmap (GtkWidget *widget)
{
  KielaStepList *self = KIELA_STEP_LIST (widget);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (widget, self->tick_id);
      self->tick_id = 0;
    }
  if (self->grow_id != 0)
    {
      gtk_widget_remove_tick_callback (widget, self->grow_id);
      self->grow_id = 0;
    }
  GTK_WIDGET_CLASS (kiela_step_list_parent_class)->unmap (widget);
}

static void
kiela_step_list_dispose (GObject *object)
{
  KielaStepList *self = KIELA_STEP_LIST (object);

  kiela_step_list_set_player (self, NULL);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->selection);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (kiela_step_list_parent_class)->dispose (object);
}

static void
kiela_step_list_class_init (KielaStepListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kiela_step_list_dispose;
  widget_class->map = kiela_step_list_map;
  widget_class->unmap = kiela_step_list_unmap;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "kiela-step-list");
}

static void
kiela_step_list_init (KielaStepList *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  self->model = kiela_step_list_model_new ();
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->model)));
  /* The selection follows the replay; it never picks a row on its own. */
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_row_cb), self);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  self->view = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "navigation-sidebar");
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "kiela-step-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Steps of the move"), -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->view));
  g_signal_connect (self->view, "activate", G_CALLBACK (on_activate), self);
}

GtkWidget *
kiela_step_list_new (void)
{
  return g_object_new (KIELA_TYPE_STEP_LIST, NULL);
}

/* The model borrows the player's trace: it lets go of it with the player. */
static void
forget_player (KielaStepList *self)
{
  self->player = NULL;
  self->built = FALSE;
  if (self->model)
    {
      self->selecting = TRUE;
      kiela_step_list_model_set_trace (self->model, NULL, NULL);
      self->selecting = FALSE;
    }
}

static void
player_gone_cb (gpointer data, GObject *where_the_player_was)
{
  forget_player (KIELA_STEP_LIST (data));
}

void
kiela_step_list_set_player (KielaStepList *self, KielaTracePlayer *player)
{
  g_return_if_fail (KIELA_IS_STEP_LIST (self));

  if (self->player == player)
    return;
  if (self->player)
    {
      g_signal_handlers_disconnect_by_data (self->player, self);
      g_object_weak_unref (G_OBJECT (self->player), player_gone_cb, self);
    }
  forget_player (self);
  if (player == NULL)
    return;
  self->player = player;
  g_object_weak_ref (G_OBJECT (player), player_gone_cb, self);
  g_signal_connect (player, "changed", G_CALLBACK (on_player_changed), self);
  on_player_changed (player, self);
}

GtkListView *
kiela_step_list_get_list_view (KielaStepList *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST (self), NULL);
  return self->view;
}

GtkSingleSelection *
kiela_step_list_get_selection (KielaStepList *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST (self), NULL);
  return self->selection;
}

KielaStepListModel *
kiela_step_list_get_model (KielaStepList *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST (self), NULL);
  return self->model;
}

guint
kiela_step_list_get_n_rows (KielaStepList *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST (self), 0);
  return kiela_step_list_model_get_n_rows (self->model);
}

int
kiela_step_list_get_current_row (KielaStepList *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST (self), -1);
  return kiela_step_list_model_get_current (self->model);
}

static KielaStepListItem *
row_item (KielaStepList *self, guint row)
{
  return kiela_step_list_model_peek_item (self->model, row);
}

guint
kiela_step_list_get_row_target (KielaStepList *self, guint row)
{
  g_return_val_if_fail (row < kiela_step_list_get_n_rows (self), 0);
  return kiela_step_list_item_get_target (row_item (self, row));
}

KielaStepKind
kiela_step_list_get_row_kind (KielaStepList *self, guint row)
{
  g_return_val_if_fail (row < kiela_step_list_get_n_rows (self), KIELA_STEP_START);
  return kiela_step_list_item_get_kind (row_item (self, row));
}

const char *
kiela_step_list_get_row_text (KielaStepList *self, guint row)
{
  g_return_val_if_fail (row < kiela_step_list_get_n_rows (self), NULL);
  return kiela_step_list_item_get_text (row_item (self, row));
}

gboolean
kiela_step_list_current_row_visible (KielaStepList *self)
{
  int current = kiela_step_list_get_current_row (self);
  GtkWidget *row;
  graphene_rect_t bounds;

  if (current < 0 || (row = kiela_step_list_get_row_widget (self, current)) == NULL
      || !gtk_widget_get_mapped (row) || gtk_widget_get_height (row) <= 0
      || !gtk_widget_compute_bounds (row, self->scroller, &bounds))
    return FALSE;
  return bounds.origin.y >= -0.5 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (self->scroller) + 0.5;
}
