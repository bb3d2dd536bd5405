/* test-board-view.c: the board widget shows the position, names every house for screen readers,
 * reacts to clicks, keys and drags, marks the playable houses and flashes captures (run under
 * Xvfb).  Its drawing: test-board-view-draw.c. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "board-test-render.h"
#include "kiela-board-view-private.h"
#include "test-board-view-common.h"

/* Square of a local house, straight from section 2 of the rules file: South 0..N-1 = a1..,
 * South N..2N-1 = inner row from the right; North 0..N-1 = outer row from the right, N..2N-1 = a3... */
static void
rules_square (guint files, KielaSide side, guint house, guint *file, guint *rank)
{
  if (side == KIELA_SOUTH)
    {
      *rank = house < files ? 1 : 2;
      *file = house < files ? house : 2 * files - 1 - house;
    }
  else
    {
      *rank = house < files ? 4 : 3;
      *file = house < files ? files - 1 - house : house - files;
    }
}

static const char *
rules_row_name (guint rank)
{
  const char *names[] = { NULL, "South outer row", "South inner row", "North inner row", "North outer row" };
  return names[rank];
}

/* ------------------------------------------------------------------------------------------ */

static void
test_labels_follow_position (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  KielaPosition pos;
  guint n_children = 0;
  char *tooltip;

  parse_position (START_KPN, &pos);
  kiela_board_view_set_position (board, &pos);

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n_children++;
  g_assert_cmpuint (n_children, ==, 40);

  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 20; h++)
      {
        KielaHouse *house = kiela_board_view_get_house (board, side, h);
        guint file, rank, count;
        g_autofree char *square = NULL;
        g_autofree char *label = NULL;

        rules_square (10, side, h, &file, &rank);
        square = g_strdup_printf ("%c%u", 'a' + file, rank);
        g_object_get (house, "count", &count, NULL);
        g_assert_cmpuint (count, ==, pos.houses[side][h]);
        g_assert_cmpstr (kiela_house_get_square (house), ==, square);
        g_assert_cmpuint (kiela_house_get_rank (house), ==, rank);
        g_assert_cmpuint (kiela_house_get_file (house), ==, file);

        label = g_strdup_printf ("%s, %s, %u stone%s", rules_row_name (rank), square, count, count == 1 ? "" : "s");
        gtk_test_accessible_assert_role (GTK_ACCESSIBLE (house), GTK_ACCESSIBLE_ROLE_BUTTON);
        gtk_test_accessible_assert_property (GTK_ACCESSIBLE (house), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
      }

  /* Spot checks against the rules file's start: g2 holds 2, f2 is empty, d3 holds 2. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (house_by_square (board, "g2")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "South inner row, g2, 2 stones");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (house_by_square (board, "f2")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "South inner row, f2, 0 stones");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (house_by_square (board, "d3")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "North inner row, d3, 2 stones");
  tooltip = kiela_house_dup_tooltip (house_by_square (board, "g1"));
  g_assert_cmpstr (tooltip, ==, "g1 — 2 stones");
  g_free (tooltip);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (house_by_square (board, "g1"))));

  /* The label follows a new position: South's g1 sown (rules file section 11). */
  parse_position ("2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,1,3,3,0,3/2,2,2,2,2,2,0,3,0,3 n", &pos);
  kiela_board_view_set_position (board, &pos);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (house_by_square (board, "g1")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "South outer row, g1, 0 stones");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (house_by_square (board, "f2")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "South inner row, f2, 1 stone");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (house_by_square (board, "h1")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "South outer row, h1, 3 stones");
  tooltip = kiela_house_dup_tooltip (house_by_square (board, "f2"));
  g_assert_cmpstr (tooltip, ==, "f2 — 1 stone");
  g_free (tooltip);
}

static void
test_other_file_counts (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  KielaVariant hawalis = { .id = "test-7", .files = 7 };
  KielaPosition pos;
  guint n_children = 0;

  kiela_board_view_set_variant (board, &hawalis);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n_children++;
  g_assert_cmpuint (n_children, ==, 28);
  /* South's local 7 is the right end of the inner row on a 7-file board: g2. */
  g_assert_cmpstr (kiela_house_get_square (kiela_board_view_get_house (board, KIELA_SOUTH, 7)), ==, "g2");
  g_assert_cmpstr (kiela_house_get_square (kiela_board_view_get_house (board, KIELA_NORTH, 0)), ==, "g4");
  g_assert_null (kiela_board_view_get_house (board, KIELA_SOUTH, 14));

  /* A 20-file position resizes the board to 80 houses. */
  parse_position ("1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/"
                  "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,5/1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 s", &pos);
  kiela_board_view_set_position (board, &pos);
  n_children = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n_children++;
  g_assert_cmpuint (n_children, ==, 80);
  g_assert_cmpuint (kiela_house_get_count (house_by_square (board, "t2")), ==, 5);
}

typedef struct {
  guint n;
  guint side, house, from, to;
} Emitted;

static void
house_activated_cb (KielaBoardView *board, guint side, guint house, Emitted *e)
{
  e->n++;
  e->side = side;
  e->house = house;
}

static void
setup_move_cb (KielaBoardView *board, guint side, guint from, guint to, Emitted *e)
{
  e->n++;
  e->side = side;
  e->from = from;
  e->to = to;
}

static void
test_activate_emits_house (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  KielaPosition pos;
  Emitted e = { 0 };

  parse_position (START_KPN, &pos);
  kiela_board_view_set_position (board, &pos);
  g_signal_connect (board, "house-activated", G_CALLBACK (house_activated_cb), &e);

  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "g1")));
  g_assert_cmpuint (e.n, ==, 1);
  g_assert_cmpuint (e.side, ==, KIELA_SOUTH);
  g_assert_cmpuint (e.house, ==, 6);

  /* Any house, even one that may not be sown: the window explains. d4 is North's local 6. */
  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "d4")));
  g_assert_cmpuint (e.n, ==, 2);
  g_assert_cmpuint (e.side, ==, KIELA_NORTH);
  g_assert_cmpuint (e.house, ==, 6);

  /* Enter and Space are bound to the same signal. */
  g_signal_emit_by_name (house_by_square (board, "a2"), "activate");
  g_assert_cmpuint (e.n, ==, 3);
  g_assert_cmpuint (e.house, ==, 19);

  /* A board that takes no move (review, the computer's turn) still passes the click on, so
   * that the window can say why nothing happens (issue 10). */
  kiela_board_view_set_interactive (board, FALSE);
  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "g1")));
  g_assert_cmpuint (e.n, ==, 4);
}

static void
test_setup_mode (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  KielaPosition pos;
  Emitted activated = { 0 }, moved = { 0 };
  KielaHouse *g1, *a2;

  parse_position (START_KPN, &pos);
  kiela_board_view_set_position (board, &pos);
  g_signal_connect (board, "house-activated", G_CALLBACK (house_activated_cb), &activated);
  g_signal_connect (board, "setup-move", G_CALLBACK (setup_move_cb), &moved);
  kiela_board_view_set_setup_mode (board, TRUE, KIELA_SOUTH);
  g1 = house_by_square (board, "g1");
  a2 = house_by_square (board, "a2");

  /* North's houses and South's empty houses cannot be a source. */
  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "a4")));
  gtk_widget_activate (GTK_WIDGET (a2));
  g_assert_false (kiela_house_get_selected (a2));
  g_assert_cmpuint (moved.n, ==, 0);

  gtk_widget_activate (GTK_WIDGET (g1));
  g_assert_true (kiela_house_get_selected (g1));
  gtk_widget_activate (GTK_WIDGET (a2));
  g_assert_cmpuint (moved.n, ==, 1);
  g_assert_cmpuint (moved.side, ==, KIELA_SOUTH);
  g_assert_cmpuint (moved.from, ==, 6);
  g_assert_cmpuint (moved.to, ==, 19);
  /* A North house is no target either. */
  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "a3")));
  g_assert_cmpuint (moved.n, ==, 1);

  /* The source stays picked while it has stones; once emptied it is dropped. */
  g_assert_true (kiela_house_get_selected (g1));
  pos.houses[KIELA_SOUTH][6] = 0;
  pos.houses[KIELA_SOUTH][19] = 2;
  kiela_board_view_set_position (board, &pos);
  g_assert_false (kiela_house_get_selected (g1));

  g_assert_cmpuint (activated.n, ==, 0);
  kiela_board_view_set_setup_mode (board, FALSE, KIELA_SOUTH);
  gtk_widget_activate (GTK_WIDGET (a2));
  g_assert_cmpuint (activated.n, ==, 1);
}

static GtkWidget *
focused_house (GtkWidget *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

static void
press_key (GtkWidget *board, guint keyval)
{
  /* The board's own key bindings: find the shortcut bound to `keyval` and run it as GTK would. */
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, 0);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (board);
  gboolean ran = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !ran; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !ran; j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            {
              gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, board,
                                            gtk_shortcut_get_arguments (shortcut));
              ran = TRUE;
            }
        }
    }
  g_assert_true (ran);
}

static gboolean
is_allocated (gpointer widget)
{
  return gtk_widget_get_width (widget) > 0;
}

static GtkGesture *
find_drag_gesture (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_DRAG (controller))
        return GTK_GESTURE (controller);
    }
  g_error ("the board has no drag gesture");
  return NULL;
}

static graphene_point_t
house_centre (GtkWidget *board, KielaHouse *house)
{
  graphene_point_t centre = GRAPHENE_POINT_INIT (gtk_widget_get_width (GTK_WIDGET (house)) / 2.f,
                                                 gtk_widget_get_height (GTK_WIDGET (house)) / 2.f);
  graphene_point_t out;

  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (house), board, &centre, &out));
  return out;
}

static void
drag_stone (GtkWidget *board, const char *from, const char *to)
{
  GtkGesture *drag = find_drag_gesture (board);
  graphene_point_t a = house_centre (board, house_by_square (KIELA_BOARD_VIEW (board), from));
  graphene_point_t b = house_centre (board, house_by_square (KIELA_BOARD_VIEW (board), to));

  /* The gesture's own signals, as GTK emits them for a pointer drag from a to b. */
  g_signal_emit_by_name (drag, "drag-begin", (double) a.x, (double) a.y);
  g_signal_emit_by_name (drag, "drag-update", (double) (b.x - a.x) / 2, (double) (b.y - a.y) / 2);
  g_signal_emit_by_name (drag, "drag-update", (double) (b.x - a.x), (double) (b.y - a.y));
  g_signal_emit_by_name (drag, "drag-end", (double) (b.x - a.x), (double) (b.y - a.y));
}

static void
test_setup_drag (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *widget = kiela_board_view_new ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  KielaPosition pos;
  Emitted moved = { 0 };

  parse_position (START_KPN, &pos);
  kiela_board_view_set_position (board, &pos);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 520);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for (is_mapped, widget, 5000));
  g_assert_true (wait_for (is_allocated, kiela_board_view_get_house (board, KIELA_SOUTH, 0), 5000));
  g_signal_connect (board, "setup-move", G_CALLBACK (setup_move_cb), &moved);

  /* Outside setup mode a drag does nothing. */
  drag_stone (widget, "g1", "a2");
  g_assert_cmpuint (moved.n, ==, 0);

  /* A click released inside the house activates it; released elsewhere (after dragging
   * across the board) it does not. */
  {
    GtkWidget *b2 = GTK_WIDGET (house_by_square (board, "b2"));
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (b2);
    g_autoptr(GObject) click = NULL;
    Emitted e = { 0 };
    double w = gtk_widget_get_width (b2), h = gtk_widget_get_height (b2);

    g_signal_connect (board, "house-activated", G_CALLBACK (house_activated_cb), &e);
    for (guint i = 0; i < g_list_model_get_n_items (controllers) && click == NULL; i++)
      {
        g_autoptr(GObject) c = g_list_model_get_item (controllers, i);
        if (GTK_IS_GESTURE_CLICK (c))
          click = g_object_ref (c);
      }
    g_assert_nonnull (click);
    g_signal_emit_by_name (click, "pressed", 1, w / 2, h / 2);
    g_signal_emit_by_name (click, "released", 1, w / 2, h / 2);
    g_assert_cmpuint (e.n, ==, 1);
    g_assert_cmpuint (e.house, ==, 18);
    g_signal_emit_by_name (click, "pressed", 1, w / 2, h / 2);
    g_signal_emit_by_name (click, "released", 1, w * 4, -h);
    g_assert_cmpuint (e.n, ==, 1);
    g_signal_handlers_disconnect_by_func (board, house_activated_cb, &e);
  }

  kiela_board_view_set_setup_mode (board, TRUE, KIELA_NORTH);
  /* North drags a stone from a4 (local 9) to j3 (local 19)... */
  drag_stone (widget, "a4", "j3");
  g_assert_cmpuint (moved.n, ==, 1);
  g_assert_cmpuint (moved.side, ==, KIELA_NORTH);
  g_assert_cmpuint (moved.from, ==, 9);
  g_assert_cmpuint (moved.to, ==, 19);
  /* ...but not onto South's side, nor from an empty house, nor from South's. */
  drag_stone (widget, "a4", "a2");
  drag_stone (widget, "j3", "a4");
  drag_stone (widget, "g1", "a4");
  g_assert_cmpuint (moved.n, ==, 1);

  /* Click-then-click, then a drag from elsewhere: the drag moves its own stone, and the house
   * picked by the clicks is no longer the source afterwards. */
  kiela_board_view_set_setup_mode (board, TRUE, KIELA_SOUTH);
  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "g1")));
  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "a2")));
  g_assert_cmpuint (moved.n, ==, 2);
  g_assert_cmpuint (moved.from, ==, 6);
  g_assert_cmpuint (moved.to, ==, 19);
  g_assert_true (kiela_house_get_selected (house_by_square (board, "g1")));
  drag_stone (widget, "h1", "b2");
  g_assert_cmpuint (moved.n, ==, 3);
  g_assert_cmpuint (moved.side, ==, KIELA_SOUTH);
  g_assert_cmpuint (moved.from, ==, 7);
  g_assert_cmpuint (moved.to, ==, 18);
  g_assert_false (kiela_house_get_selected (house_by_square (board, "g1")));
  g_assert_false (kiela_house_get_selected (house_by_square (board, "h1")));
  /* The empty c2 clicked now is a (refused) source, not a target of g1. */
  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "c2")));
  g_assert_cmpuint (moved.n, ==, 3);
  /* And a fresh click-then-click starts from the house clicked. */
  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "i1")));
  gtk_widget_activate (GTK_WIDGET (house_by_square (board, "c2")));
  g_assert_cmpuint (moved.n, ==, 4);
  g_assert_cmpuint (moved.from, ==, 8);
  g_assert_cmpuint (moved.to, ==, 17);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_keyboard_navigation (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *button = gtk_button_new_with_label ("before");
  GtkWidget *widget = kiela_board_view_new ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  KielaPosition pos;
  KielaMove playable[] = { 0, 13 };  /* a1, g2 */

  parse_position (START_KPN, &pos);
  kiela_board_view_set_position (board, &pos);
  kiela_board_view_set_playable (board, KIELA_SOUTH, playable, G_N_ELEMENTS (playable));
  gtk_box_append (GTK_BOX (box), button);
  gtk_box_append (GTK_BOX (box), widget);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 500);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for (is_mapped, widget, 5000));
  /* Tab goes through the children in the order of where they are, so the board has to be laid
   * out first: GTK 4.18 maps a window before its first allocation (4.8 after), and a board of
   * no height, level with the button, may sort before it and be passed over. */
  g_assert_true (wait_for (is_allocated, widget, 5000));
  g_assert_true (wait_for (is_allocated, house_by_square (board, "a1"), 5000));

  /* Tab enters the board at its first playable house (rank 1 first: a1)... */
  gtk_widget_grab_focus (button);
  g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD));
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "a1")));

  /* ...arrows move in board geometry, from the window's focus chain and from the board's keys... */
  kiela_board_view_focus_house (board, KIELA_SOUTH, 6);  /* g1 */
  g_assert_true (gtk_widget_child_focus (window, GTK_DIR_RIGHT));
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "h1")));
  press_key (widget, GDK_KEY_Up);
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "h2")));
  press_key (widget, GDK_KEY_Up);
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "h3")));
  press_key (widget, GDK_KEY_Left);
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "g3")));
  g_assert_true (gtk_widget_child_focus (window, GTK_DIR_UP));
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "g4")));
  /* the edge keeps focus on the board */
  press_key (widget, GDK_KEY_Up);
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "g4")));
  press_key (widget, GDK_KEY_Down);
  press_key (widget, GDK_KEY_Down);
  press_key (widget, GDK_KEY_Down);
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "g1")));
  for (int i = 0; i < 12; i++)
    press_key (widget, GDK_KEY_Left);
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "a1")));

  /* Enter and Space on the focused house activate it. */
  {
    Emitted e = { 0 };
    gulong id = g_signal_connect (board, "house-activated", G_CALLBACK (house_activated_cb), &e);

    press_key (focused_house (window), GDK_KEY_Return);
    g_assert_cmpuint (e.n, ==, 1);
    g_assert_cmpuint (e.side, ==, KIELA_SOUTH);
    g_assert_cmpuint (e.house, ==, 0);
    press_key (focused_house (window), GDK_KEY_space);
    g_assert_cmpuint (e.n, ==, 2);
    g_signal_handler_disconnect (board, id);
  }

  /* ...and Tab leaves it as one stop, coming back to where it left. */
  press_key (widget, GDK_KEY_Right);
  g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD));
  g_assert_false (KIELA_IS_HOUSE (focused_house (window)));
  gtk_widget_grab_focus (button);
  g_assert_true (gtk_widget_child_focus (window, GTK_DIR_TAB_FORWARD));
  g_assert_true (focused_house (window) == GTK_WIDGET (house_by_square (board, "b1")));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_captured_flashes (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  gboolean seen_off = FALSE;
  gint64 end;

  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  kiela_board_view_set_highlight (board, KIELA_NORTH, 13, KIELA_HIGHLIGHT_CAPTURED);
  g_assert_cmpuint (kiela_board_view_get_highlight (board, KIELA_NORTH, 13), ==, KIELA_HIGHLIGHT_CAPTURED);
  end = g_get_monotonic_time () + 600 * 1000;
  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      seen_off |= !kiela_board_view_get_flash_on (board);
      g_usleep (2000);
    }
  g_assert_true (seen_off);
  /* after about a second it stays on */
  end = g_get_monotonic_time () + 1200 * 1000;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (2000);
  g_assert_true (kiela_board_view_get_flash_on (board));

  /* With animations off (reduced motion) it never blinks. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  kiela_board_view_set_highlight (board, KIELA_NORTH, 14, KIELA_HIGHLIGHT_CAPTURED);
  end = g_get_monotonic_time () + 400 * 1000;
  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_true (kiela_board_view_get_flash_on (board));
      g_usleep (2000);
    }
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);

  kiela_board_view_clear_highlights (board);
  g_assert_cmpuint (kiela_board_view_get_highlight (board, KIELA_NORTH, 13), ==, KIELA_HIGHLIGHT_NONE);
  g_assert_cmpuint (kiela_board_view_get_highlight (board, KIELA_NORTH, 14), ==, KIELA_HIGHLIGHT_NONE);
}

static void
test_stones_do_not_overlap (void)
{
  for (guint n = 1; n <= KIELA_BOARD_MAX_DRAWN_STONES; n++)
    for (guint i = 0; i < n; i++)
      {
        double xi, yi;

        kiela_board_geometry_stone_offset (n, i, &xi, &yi);
        for (guint j = i + 1; j < n; j++)
          {
            double xj, yj;

            kiela_board_geometry_stone_offset (n, j, &xj, &yj);
            /* offsets are in stone radii: centres two radii apart just touch */
            g_assert_cmpfloat (hypot (xi - xj, yi - yj), >=, 2.0);
          }
      }
}

static void
test_playable_marks (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  KielaMove moves[] = { 0, 6, 13 };
  KielaHouse *g1;

  kiela_board_view_set_playable (board, KIELA_SOUTH, moves, G_N_ELEMENTS (moves));
  g1 = house_by_square (board, "g1");
  g_assert_true (kiela_house_get_playable (g1));
  g_assert_true (kiela_house_get_playable (house_by_square (board, "g2")));
  g_assert_false (kiela_house_get_playable (house_by_square (board, "b1")));
  /* North's local 6 is d4, not South's g1 */
  g_assert_false (kiela_house_get_playable (house_by_square (board, "d4")));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (g1), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Can be sown");

  kiela_board_view_set_playable (board, KIELA_NORTH, moves, 1);
  g_assert_false (kiela_house_get_playable (g1));
  g_assert_true (kiela_house_get_playable (house_by_square (board, "j4")));
}

int
main (int argc, char **argv)
{
  if (!board_test_start (&argc, &argv, "test-board-view"))
    return 1;

  g_test_add_func ("/board/labels-follow-position", test_labels_follow_position);
  g_test_add_func ("/board/other-file-counts", test_other_file_counts);
  g_test_add_func ("/board/activate-emits-house", test_activate_emits_house);
  g_test_add_func ("/board/setup-mode", test_setup_mode);
  g_test_add_func ("/board/keyboard-navigation", test_keyboard_navigation);
  g_test_add_func ("/board/setup-drag", test_setup_drag);
  g_test_add_func ("/board/playable-marks", test_playable_marks);
  g_test_add_func ("/board/captured-flashes", test_captured_flashes);
  g_test_add_func ("/board/stones-do-not-overlap", test_stones_do_not_overlap);
  return g_test_run ();
}
