/* kiela-position-editor-board.c: the position editor's board in editing mode: stones added and
 * taken away by click, scroll or a count typed on a focused house, and the side labels kept
 * beside the board as drawn. */
#include "config.h"

#include "kiela-position-editor-private.h"
#include "kiela-board-view-private.h"

/* Digits typed on one house within this time make one count ("1" then "2" = 12). */
#define DIGIT_TIMEOUT_US (1200 * 1000)

static void
change_count (KielaPositionEditor *self, KielaSide side, guint house, int delta)
{
  int count = (int) kiela_position_model_get_position (self->model)->houses[side][house] + delta;

  if (count < 0 || count > KIELA_POSITION_EDITOR_MAX_COUNT)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  self->typed_house = NULL;
  kiela_position_editor_set_count (self, side, house, (guint) count);
}

/* ---------- the board in editing mode ---------- */

static KielaHouse *
house_at (KielaPositionEditor *self, double x, double y)
{
  GtkWidget *w = gtk_widget_pick (GTK_WIDGET (self->board), x, y, GTK_PICK_DEFAULT);

  while (w != NULL && w != GTK_WIDGET (self->board) && !KIELA_IS_HOUSE (w))
    w = gtk_widget_get_parent (w);
  return w != NULL && KIELA_IS_HOUSE (w) ? KIELA_HOUSE (w) : NULL;
}

/* Enter or Space on a focused house, or AT-SPI's "click": one stone more. */
static void
on_house_activated (KielaBoardView *board, guint side, guint house, KielaPositionEditor *self)
{
  change_count (self, (KielaSide) side, house, +1);
}

/* Clicks are taken before the house buttons see them: primary adds, secondary or Shift+primary
 * takes away, middle empties; the house takes the focus so a count can be typed on it next. */
static void
on_board_pressed (GtkGestureClick *gesture, int n_press, double x, double y, KielaPositionEditor *self)
{
  KielaHouse *house = house_at (self, x, y);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  KielaSide side;
  guint h;

  if (house == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  side = kiela_house_get_side (house);
  h = kiela_house_get_house (house);
  gtk_widget_grab_focus (GTK_WIDGET (house));
  if (button == GDK_BUTTON_MIDDLE)
    {
      self->typed_house = NULL;
      kiela_position_editor_set_count (self, side, h, 0);
    }
  else if (button == GDK_BUTTON_SECONDARY || (state & GDK_SHIFT_MASK))
    change_count (self, side, h, -1);
  else
    change_count (self, side, h, +1);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, KielaPositionEditor *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
}

static void
on_leave (GtkEventControllerMotion *motion, KielaPositionEditor *self)
{
  self->pointer_inside = FALSE;
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, KielaPositionEditor *self)
{
  KielaHouse *house = self->pointer_inside ? house_at (self, self->pointer_x, self->pointer_y) : NULL;

  if (house == NULL || dy == 0)
    return FALSE;
  change_count (self, kiela_house_get_side (house), kiela_house_get_house (house), dy < 0 ? +1 : -1);
  return TRUE;
}

static KielaHouse *
focused_house (KielaPositionEditor *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self->board));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && KIELA_IS_HOUSE (focus) && gtk_widget_get_parent (focus) == GTK_WIDGET (self->board))
    return KIELA_HOUSE (focus);
  return NULL;
}

static int
digit_of (guint keyval)
{
  if (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9)
    return (int) (keyval - GDK_KEY_0);
  if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    return (int) (keyval - GDK_KEY_KP_0);
  return -1;
}

/* Typing on a focused house: digits set its count (several quickly typed make one number), plus
 * and minus add and take away, Delete and BackSpace empty it. */
static gboolean
on_board_key (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
              KielaPositionEditor *self)
{
  KielaHouse *house = focused_house (self);
  int digit = digit_of (keyval);
  KielaSide side;
  guint h;

  if (house == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  side = kiela_house_get_side (house);
  h = kiela_house_get_house (house);
  if (digit >= 0)
    {
      gint64 now = g_get_monotonic_time ();
      guint count = (guint) digit;
      gboolean merge = house == self->typed_house && now - self->typed_time < DIGIT_TIMEOUT_US;
      KielaPosition pos = *kiela_position_model_get_position (self->model);

      if (merge)
        {
          count += 10u * pos.houses[side][h];
          if (count > KIELA_POSITION_EDITOR_MAX_COUNT)
            {
              count = (guint) digit;
              merge = FALSE;
            }
        }
      pos.houses[side][h] = (guint16) count;
      kiela_position_model_apply (self->model, kiela_position_model_get_variant (self->model), &pos, merge);
      self->typed_house = house;
      self->typed_time = now;
      return TRUE;
    }
  switch (keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_equal:
      change_count (self, side, h, +1);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      change_count (self, side, h, -1);
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
      self->typed_house = NULL;
      kiela_position_editor_set_count (self, side, h, 0);
      return TRUE;
    default:
      return FALSE;
    }
}

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
  GtkGesture *press;
  GtkEventController *motion, *scroll, *key;

  self->board = KIELA_BOARD_VIEW (kiela_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
  g_signal_connect (self->board, "house-activated", G_CALLBACK (on_house_activated), self);
  g_signal_connect (self->board_overlay, "get-child-position", G_CALLBACK (on_overlay_position), self);

  press = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (press), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect (press, "pressed", G_CALLBACK (on_board_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (press));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), motion);

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), scroll);

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_board_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), key);
}
