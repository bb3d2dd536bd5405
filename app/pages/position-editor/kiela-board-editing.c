/* kiela-board-editing.c: the position editor's board in editing mode, for any page that edits a
 * position (the position editor, the lesson editor): stones added and taken away by click, scroll
 * or a count typed on a focused house, and houses picked by click. */
#include "config.h"

#include "kiela-board-editing.h"
#include "kiela-board-view-private.h"
#include "kiela-house.h"

/* Digits typed on one house within this time make one count ("1" then "2" = 12). */
#define DIGIT_TIMEOUT_US (1200 * 1000)

struct _KielaBoardEditing {
  KielaBoardView *board;          /* weak: the editing is the board's data */
  KielaPositionModel *model;
  KielaHousePicked picked;
  gpointer picked_data;

  /* Pointer and typing on the board. */
  double pointer_x, pointer_y;
  gboolean pointer_inside;
  KielaHouse *typed_house;
  gint64 typed_time;
};

static void
editing_free (gpointer data)
{
  KielaBoardEditing *e = data;

  g_clear_object (&e->model);
  g_free (e);
}

static void
change_count (KielaBoardEditing *e, KielaSide side, guint house, int delta)
{
  int count = (int) kiela_position_model_get_position (e->model)->houses[side][house] + delta;

  if (count < 0 || count > KIELA_POSITION_MODEL_MAX_COUNT)
    {
      gtk_widget_error_bell (GTK_WIDGET (e->board));
      return;
    }
  e->typed_house = NULL;
  kiela_position_model_set_count (e->model, side, house, (guint) count);
}

static KielaHouse *
house_at (KielaBoardEditing *e, double x, double y)
{
  GtkWidget *w = gtk_widget_pick (GTK_WIDGET (e->board), x, y, GTK_PICK_DEFAULT);

  while (w != NULL && w != GTK_WIDGET (e->board) && !KIELA_IS_HOUSE (w))
    w = gtk_widget_get_parent (w);
  return w != NULL && KIELA_IS_HOUSE (w) ? KIELA_HOUSE (w) : NULL;
}

/* Enter or Space on a focused house, or AT-SPI's "click": one stone more, or the house picked. */
static void
on_house_activated (KielaBoardView *board, guint side, guint house, KielaBoardEditing *e)
{
  if (e->picked != NULL)
    e->picked ((KielaSide) side, house, e->picked_data);
  else
    change_count (e, (KielaSide) side, house, +1);
}

/* Clicks are taken before the house buttons see them: primary adds (or picks), secondary or
 * Shift+primary takes away, middle empties; the house takes the focus so a count can be typed
 * on it next. */
static void
on_board_pressed (GtkGestureClick *gesture, int n_press, double x, double y, KielaBoardEditing *e)
{
  KielaHouse *house = house_at (e, x, y);
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
      e->typed_house = NULL;
      kiela_position_model_set_count (e->model, side, h, 0);
    }
  else if (button == GDK_BUTTON_SECONDARY || (state & GDK_SHIFT_MASK))
    change_count (e, side, h, -1);
  else if (e->picked != NULL)
    e->picked (side, h, e->picked_data);
  else
    change_count (e, side, h, +1);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, KielaBoardEditing *e)
{
  e->pointer_x = x;
  e->pointer_y = y;
  e->pointer_inside = TRUE;
}

static void
on_leave (GtkEventControllerMotion *motion, KielaBoardEditing *e)
{
  e->pointer_inside = FALSE;
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, KielaBoardEditing *e)
{
  KielaHouse *house = e->pointer_inside ? house_at (e, e->pointer_x, e->pointer_y) : NULL;

  if (house == NULL || dy == 0)
    return FALSE;
  change_count (e, kiela_house_get_side (house), kiela_house_get_house (house), dy < 0 ? +1 : -1);
  return TRUE;
}

static KielaHouse *
focused_house (KielaBoardEditing *e)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (e->board));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && KIELA_IS_HOUSE (focus) && gtk_widget_get_parent (focus) == GTK_WIDGET (e->board))
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
on_board_key (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state, KielaBoardEditing *e)
{
  KielaHouse *house = focused_house (e);
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
      gboolean merge = house == e->typed_house && now - e->typed_time < DIGIT_TIMEOUT_US;
      KielaPosition pos = *kiela_position_model_get_position (e->model);

      if (merge)
        {
          count += 10u * pos.houses[side][h];
          if (count > KIELA_POSITION_MODEL_MAX_COUNT)
            {
              count = (guint) digit;
              merge = FALSE;
            }
        }
      pos.houses[side][h] = (guint16) count;
      kiela_position_model_apply (e->model, kiela_position_model_get_variant (e->model), &pos, merge);
      e->typed_house = house;
      e->typed_time = now;
      return TRUE;
    }
  switch (keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_equal:
      change_count (e, side, h, +1);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      change_count (e, side, h, -1);
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
      e->typed_house = NULL;
      kiela_position_model_set_count (e->model, side, h, 0);
      return TRUE;
    default:
      return FALSE;
    }
}

KielaBoardEditing *
kiela_board_editing_attach (KielaBoardView *board, KielaPositionModel *model)
{
  KielaBoardEditing *e = g_new0 (KielaBoardEditing, 1);
  GtkGesture *press;
  GtkEventController *motion, *scroll, *key;

  e->board = board;
  e->model = g_object_ref (model);
  g_object_set_data_full (G_OBJECT (board), "kiela-board-editing", e, editing_free);
  g_signal_connect (board, "house-activated", G_CALLBACK (on_house_activated), e);

  press = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (press), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect (press, "pressed", G_CALLBACK (on_board_pressed), e);
  gtk_widget_add_controller (GTK_WIDGET (board), GTK_EVENT_CONTROLLER (press));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), e);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), e);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), e);
  gtk_widget_add_controller (GTK_WIDGET (board), motion);

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), e);
  gtk_widget_add_controller (GTK_WIDGET (board), scroll);

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_board_key), e);
  gtk_widget_add_controller (GTK_WIDGET (board), key);
  return e;
}

void
kiela_board_editing_set_picking (KielaBoardEditing *e, KielaHousePicked picked, gpointer data)
{
  g_return_if_fail (e != NULL);
  e->picked = picked;
  e->picked_data = data;
}

gboolean
kiela_board_editing_get_picking (KielaBoardEditing *e)
{
  g_return_val_if_fail (e != NULL, FALSE);
  return e->picked != NULL;
}

void
kiela_board_editing_forget_typing (KielaBoardEditing *e)
{
  g_return_if_fail (e != NULL);
  e->typed_house = NULL;
}
