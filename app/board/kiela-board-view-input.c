/* kiela-board-view-input.c: how the board takes input: clicks on houses, arrow-key focus moves
 * and dragging stones in setup mode. */
#include "config.h"

#include "kiela-board-view-private.h"
#include "kiela-position.h"

void
_kiela_board_view_set_setup_source (KielaBoardView *self, KielaHouse *house)
{
  if (self->setup_source == house)
    return;
  if (self->setup_source != NULL)
    kiela_house_set_selected (self->setup_source, FALSE);
  self->setup_source = house;
  if (house != NULL)
    kiela_house_set_selected (house, TRUE);
}

/* With Shift held, a setup move takes all the source's stones ("setup-move-all"). */
static void
emit_setup_move (KielaBoardView *self, KielaHouse *from, KielaHouse *to, gboolean all)
{
  g_signal_emit (self, _kiela_board_view_signals[all ? SIGNAL_SETUP_MOVE_ALL : SIGNAL_SETUP_MOVE], 0,
                 (guint) self->setup_side, kiela_house_get_house (from), kiela_house_get_house (to));
}

static gboolean
shift_held (KielaBoardView *self)
{
  GdkSeat *seat = gdk_display_get_default_seat (gtk_widget_get_display (GTK_WIDGET (self)));
  GdkDevice *keyboard = seat != NULL ? gdk_seat_get_keyboard (seat) : NULL;

  return keyboard != NULL && (gdk_device_get_modifier_state (keyboard) & GDK_SHIFT_MASK) != 0;
}

void
_kiela_board_view_house_clicked_cb (KielaHouse *house, KielaBoardView *self)
{
  /* Outside the setup a click the board cannot take still goes to the window, which says why
   * nothing happens (an old position shown, the computer to move) instead of staying silent. */
  if (!self->setup)
    {
      self->activation_shift = shift_held (self) || kiela_house_get_shift_activation (house);
      g_signal_emit (self, _kiela_board_view_signals[SIGNAL_HOUSE_ACTIVATED], 0,
                     (guint) kiela_house_get_side (house), kiela_house_get_house (house));
      self->activation_shift = FALSE;
      return;
    }
  if (!self->interactive)
    return;

  /* Setup: first pick a house of one's own with stones, then each activation of another
   * own house moves one stone there; activating the source again puts it down. */
  if (kiela_house_get_side (house) != self->setup_side)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (self->setup_source == NULL)
    {
      if (kiela_house_get_count (house) > 0)
        _kiela_board_view_set_setup_source (self, house);
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else if (self->setup_source == house)
    _kiela_board_view_set_setup_source (self, NULL);
  else
    emit_setup_move (self, self->setup_source, house, shift_held (self) || kiela_house_get_shift_activation (house));
}


/* ---------------------------------------------------------------------------------------------
 * Keyboard
 */

static KielaHouse *
house_at_file_rank (KielaBoardView *self, int file, int rank)
{
  KielaSquare sq;

  file = CLAMP (file, 0, (int) self->files - 1);
  rank = CLAMP (rank, 1, 4);
  if (!kiela_square_from_file_rank (self->files, file, rank, &sq))
    return NULL;
  return self->houses[sq.side][sq.house];
}

/* Where focus enters the board: where it left, else the first playable house, else a1. */
static KielaHouse *
entry_house (KielaBoardView *self)
{
  if (self->last_focus != NULL)
    return self->last_focus;
  for (guint rank = 1; rank <= 4; rank++)
    for (guint file = 0; file < self->files; file++)
      {
        KielaHouse *house = house_at_file_rank (self, file, rank);

        if (house != NULL && kiela_house_get_playable (house))
          return house;
      }
  return house_at_file_rank (self, 0, 1);
}

static gboolean
move_focus (KielaBoardView *self, int dfile, int drank)
{
  GtkWidget *focus = gtk_widget_get_focus_child (GTK_WIDGET (self));
  KielaHouse *target;

  if (!KIELA_IS_HOUSE (focus))
    target = entry_house (self);
  else
    target = house_at_file_rank (self,
                                 (int) kiela_house_get_file (KIELA_HOUSE (focus)) + dfile,
                                 (int) kiela_house_get_rank (KIELA_HOUSE (focus)) + drank);
  if (target == NULL)
    return FALSE;
  /* At the edge of the board focus stays put rather than wandering off. */
  gtk_widget_grab_focus (GTK_WIDGET (target));
  return TRUE;
}

gboolean
_kiela_board_view_focus (GtkWidget *widget, GtkDirectionType direction)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);
  gboolean inside = gtk_widget_get_focus_child (widget) != NULL;

  if (self->n_houses == 0)
    return FALSE;
  switch (direction)
    {
    case GTK_DIR_TAB_FORWARD:
    case GTK_DIR_TAB_BACKWARD:
      /* The board is one stop in the Tab chain; arrows move inside it. */
      if (inside)
        return FALSE;
      return gtk_widget_grab_focus (GTK_WIDGET (entry_house (self)));
    case GTK_DIR_LEFT:  return move_focus (self, -1, 0);
    case GTK_DIR_RIGHT: return move_focus (self, 1, 0);
    case GTK_DIR_UP:    return move_focus (self, 0, 1);
    case GTK_DIR_DOWN:  return move_focus (self, 0, -1);
    default:            return FALSE;
    }
}

gboolean
_kiela_board_view_arrow_cb (GtkWidget *widget, GVariant *args, gpointer data)
{
  int dfile, drank;

  g_variant_get (args, "(ii)", &dfile, &drank);
  if (gtk_widget_get_focus_child (widget) == NULL)
    return FALSE;
  return move_focus (KIELA_BOARD_VIEW (widget), dfile, drank);
}

gboolean
_kiela_board_view_escape_cb (GtkWidget *widget, GVariant *args, gpointer data)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);

  if (self->setup_source == NULL)
    return FALSE;  /* let the window have Escape (leave fullscreen...) */
  _kiela_board_view_set_setup_source (self, NULL);
  return TRUE;
}

/* ---------------------------------------------------------------------------------------------
 * Dragging a stone in setup mode
 */

static KielaHouse *
house_at_point (KielaBoardView *self, double x, double y)
{
  KielaBoardLayout layout;
  guint file, rank;
  KielaSquare sq;

  _kiela_board_view_compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)), &layout);
  if (!kiela_board_layout_hit (&layout, x, y, &file, &rank)
      || !kiela_square_from_file_rank (self->files, file, rank, &sq))
    return NULL;
  return self->houses[sq.side][sq.house];
}

void
_kiela_board_view_drag_begin_cb (GtkGestureDrag *gesture, double x, double y, KielaBoardView *self)
{
  KielaHouse *house = house_at_point (self, x, y);

  if (!self->setup || !self->interactive || house == NULL
      || kiela_house_get_side (house) != self->setup_side || kiela_house_get_count (house) == 0)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag_source = house;
  self->drag_x0 = x;
  self->drag_y0 = y;
  self->drag_dx = self->drag_dy = 0;
  self->dragging = FALSE;
}

void
_kiela_board_view_drag_update_cb (GtkGestureDrag *gesture, double dx, double dy, KielaBoardView *self)
{
  if (self->drag_source == NULL)
    return;
  self->drag_dx = dx;
  self->drag_dy = dy;
  if (!self->dragging && gtk_drag_check_threshold (GTK_WIDGET (self), 0, 0, (int) dx, (int) dy))
    {
      self->dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      /* A drag names its own source: a house picked earlier by clicking must not stay marked,
       * nor receive the next click's stone as if it were still the source. */
      _kiela_board_view_set_setup_source (self, NULL);
    }
  if (self->dragging)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_kiela_board_view_drag_end_cb (GtkGestureDrag *gesture, double dx, double dy, KielaBoardView *self)
{
  KielaHouse *from = self->drag_source;
  gboolean dragged = self->dragging;

  self->drag_source = NULL;
  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (from != NULL && dragged)
    {
      KielaHouse *to = house_at_point (self, self->drag_x0 + dx, self->drag_y0 + dy);

      if (to != NULL && to != from && kiela_house_get_side (to) == self->setup_side)
        emit_setup_move (self, from, to,
                         (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture))
                          & GDK_SHIFT_MASK) != 0);
    }
}

void
_kiela_board_view_drag_cancel_cb (GtkGesture *gesture, GdkEventSequence *sequence, KielaBoardView *self)
{
  self->drag_source = NULL;
  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
