/* test-board-view.c: the board widget shows the position, names every house for screen readers,
 * reacts to clicks and keys, caches its artwork and draws what the position holds (run under Xvfb). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "kiela-board-view.h"
#include "board-test-render.h"
#include "kiela-board-view-private.h"
#include "kiela-house.h"
#include "kiela-position.h"
#include "kiela.h"
#include "../../test-full-disk.h"

/* The `kiela` start position, from section 10 of the rules file. */
#define START_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s"

static void
parse_position (const char *kpn, KielaPosition *pos)
{
  g_autoptr(GError) error = NULL;

  if (!kiela_position_parse (kpn, 0, pos, &error))
    g_error ("test position %s: %s", kpn, error->message);
}

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

static KielaHouse *
house_by_square (KielaBoardView *board, const char *square)
{
  guint files = kiela_board_view_get_files (board);

  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * files; h++)
      {
        KielaHouse *house = kiela_board_view_get_house (board, side, h);

        if (g_strcmp0 (kiela_house_get_square (house), square) == 0)
          return house;
      }
  g_error ("no house %s", square);
  return NULL;
}

static GtkWidget *
new_board (void)
{
  return g_object_ref_sink (kiela_board_view_new ());
}

/* Spins the main loop until `done` holds or `ms` milliseconds pass. */
static gboolean
wait_for (gboolean (*done) (gpointer), gpointer data, guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  return done (data);
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
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
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

/* ------------------------------------------------------------------------------------------ */

typedef struct {
  int x0, y0, x1, y1;  /* bounding box of differing pixels, x1/y1 exclusive */
  guint n;
} Diff;

static Diff
diff_images (cairo_surface_t *a, cairo_surface_t *b)
{
  Diff d = { G_MAXINT, G_MAXINT, -1, -1, 0 };
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);

  g_assert_cmpint (w, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (h, ==, cairo_image_surface_get_height (b));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (memcmp (pa + y * stride + 4 * x, pb + y * stride + 4 * x, 4) != 0)
        {
          d.n++;
          d.x0 = MIN (d.x0, x);
          d.y0 = MIN (d.y0, y);
          d.x1 = MAX (d.x1, x + 1);
          d.y1 = MAX (d.y1, y + 1);
        }
  return d;
}

static void
test_png_shows_position (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  KielaBoardView *board = KIELA_BOARD_VIEW (widget);
  KielaPosition pos;
  cairo_surface_t *start, *g1_full, *a4_empty;
  const guint8 *data;
  Diff d1, d2;
  const int width = 1000, height = 520;

  parse_position (START_KPN, &pos);
  kiela_board_view_set_position (board, &pos);
  start = render (board, width, height);
  g_assert_cmpint (cairo_image_surface_get_width (start), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (start), ==, height);
  /* The middle of the board is opaque wood, not an empty picture. */
  data = cairo_image_surface_get_data (start);
  g_assert_cmpuint (data[(height / 2) * cairo_image_surface_get_stride (start) + 4 * (width / 2) + 3], ==, 255);

  /* Nine stones in g1 (South outer row, file 7 of 10): the picture changes there only. */
  pos.houses[KIELA_SOUTH][6] = 9;
  kiela_board_view_set_position (board, &pos);
  g1_full = render (board, width, height);
  d1 = diff_images (start, g1_full);
  g_assert_cmpuint (d1.n, >, 200);
  /* bottom quarter of the picture, between 6/10 and 7/10 of the width (give or take the frame) */
  g_assert_cmpint (d1.y0, >, height / 2 + height / 5);
  g_assert_cmpint (d1.x0, >, width * 55 / 100);
  g_assert_cmpint (d1.x1, <, width * 72 / 100);

  /* a4 emptied (North outer row, far left): a change at the top left only. */
  pos.houses[KIELA_NORTH][9] = 0;
  kiela_board_view_set_position (board, &pos);
  a4_empty = render (board, width, height);
  d2 = diff_images (g1_full, a4_empty);
  g_assert_cmpuint (d2.n, >, 100);
  g_assert_cmpint (d2.y1, <, height / 2 - height / 5);
  g_assert_cmpint (d2.x1, <, width * 20 / 100);

  cairo_surface_destroy (start);
  cairo_surface_destroy (g1_full);
  cairo_surface_destroy (a4_empty);
}

static void
test_png_rejects_bad_size (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  g_autoptr(GError) error = NULL;

  g_assert_false (kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), "/nonexistent/x.png", 0, 100, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), "/nonexistent/dir/x.png", 100, 50, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "/nonexistent/dir/x.png"));
}

/* A picture that cannot be written whole (a file-size limit fails the write as a full disk
 * does) leaves the old file byte for byte and no temporary beside it; cairo wrote straight
 * into the file before and left half a PNG. */
static void
test_png_failed_write_keeps_old (void)
{
  g_autoptr(GtkWidget) widget = new_board ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-board-png-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "board.png", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new.png", NULL);
  g_autofree char *kept = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  guint entries = 0;
  gboolean ok;

  g_assert_true (kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), path, 640, 400, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "the old picture", -1, NULL));

  kiela_test_limit_file_size (2048);
  ok = kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), path, 640, 400, &error);
  kiela_test_unlimit_file_size ();
  g_assert_false (ok);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "board.png"));
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "the old picture");
  g_clear_error (&error);

  /* A new file is not made half-written either. */
  kiela_test_limit_file_size (2048);
  ok = kiela_board_view_save_png (KIELA_BOARD_VIEW (widget), fresh, 640, 400, &error);
  kiela_test_unlimit_file_size ();
  g_assert_false (ok);
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));

  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing))
    entries++;
  g_assert_cmpuint (entries, ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

typedef struct {
  guint frames;
} Frames;

static void
after_paint_cb (GdkFrameClock *clock, Frames *f)
{
  f->frames++;
}

static gboolean
frames_at_least (gpointer data)
{
  Frames *f = ((gpointer *) data)[0];
  guint want = GPOINTER_TO_UINT (((gpointer *) data)[1]);
  return f->frames >= want;
}

static void
wait_frames (Frames *f, guint n)
{
  gpointer args[2] = { f, GUINT_TO_POINTER (f->frames + n) };
  g_assert_true (wait_for (frames_at_least, args, 5000));
}

/* A window showing a new board with `pos` at width×height; `frames` counts its painted frames. */
static KielaBoardView *
present_board (GtkWidget **window, const KielaPosition *pos, int width, int height, Frames *frames)
{
  GtkWidget *widget = kiela_board_view_new ();

  *window = gtk_window_new ();
  kiela_board_view_set_position (KIELA_BOARD_VIEW (widget), pos);
  gtk_window_set_child (GTK_WINDOW (*window), widget);
  gtk_window_set_default_size (GTK_WINDOW (*window), width, height);
  gtk_window_present (GTK_WINDOW (*window));
  g_assert_true (wait_for (is_mapped, widget, 5000));
  g_signal_connect (gtk_widget_get_frame_clock (*window), "after-paint", G_CALLBACK (after_paint_cb), frames);
  return KIELA_BOARD_VIEW (widget);
}

static void
test_cache_survives_count_changes (void)
{
  GtkWidget *window;
  KielaBoardView *board;
  KielaPosition pos;
  Frames frames = { 0 };
  guint after_first, after_counts;

  parse_position (START_KPN, &pos);
  board = present_board (&window, &pos, 1000, 520, &frames);
  wait_frames (&frames, 1);
  after_first = kiela_board_view_get_svg_render_count (board);
  /* board + at least one stone sprite */
  g_assert_cmpuint (after_first, >=, 2);

  /* Counts change many times, as in an animation: nothing is rasterised again... */
  for (guint step = 0; step < 5; step++)
    {
      for (guint h = 0; h < 20; h++)
        pos.houses[KIELA_SOUTH][h] = (h + step) % 13;
      kiela_board_view_set_position (board, &pos);
      kiela_board_view_set_hand (board, KIELA_SOUTH, step, step + 1);
      wait_frames (&frames, 1);
    }
  after_counts = kiela_board_view_get_svg_render_count (board);
  /* (all three stone kinds are drawn now, which may have cost their first rendering) */
  g_assert_cmpuint (after_counts, <=, after_first + 3);
  for (guint step = 0; step < 5; step++)
    {
      pos.houses[KIELA_NORTH][step] = 12 - step;
      kiela_board_view_set_position (board, &pos);
      wait_frames (&frames, 1);
    }
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (board), ==, after_counts);

  /* ...a highlight is rendered once, then reused wherever and however often it is shown... */
  kiela_board_view_set_highlight (board, KIELA_SOUTH, 3, KIELA_HIGHLIGHT_DROP);
  wait_frames (&frames, 1);
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (board), ==, after_counts + 1);
  for (guint h = 4; h < 9; h++)
    {
      kiela_board_view_set_highlight (board, KIELA_SOUTH, h - 1, KIELA_HIGHLIGHT_NONE);
      kiela_board_view_set_highlight (board, KIELA_SOUTH, h, KIELA_HIGHLIGHT_DROP);
      wait_frames (&frames, 1);
    }
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (board), ==, after_counts + 1);

  /* ...and a new size renders the board anew (once the resize settles). */
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 700);
  gtk_widget_queue_resize (window);
  {
    gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;

    while (kiela_board_view_get_svg_render_count (board) == after_counts + 1 && g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  }
  g_assert_cmpuint (kiela_board_view_get_svg_render_count (board), >, after_counts + 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------------------------------------------ */

/* The cairo nodes under `node`, in drawing order. */
static void
collect_cairo_nodes (GskRenderNode *node, GPtrArray *out)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CAIRO_NODE:
      g_ptr_array_add (out, node);
      break;
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        collect_cairo_nodes (gsk_container_node_get_child (node, i), out);
      break;
    case GSK_TRANSFORM_NODE: collect_cairo_nodes (gsk_transform_node_get_child (node), out); break;
    case GSK_CLIP_NODE: collect_cairo_nodes (gsk_clip_node_get_child (node), out); break;
    case GSK_ROUNDED_CLIP_NODE: collect_cairo_nodes (gsk_rounded_clip_node_get_child (node), out); break;
    case GSK_OPACITY_NODE: collect_cairo_nodes (gsk_opacity_node_get_child (node), out); break;
    case GSK_DEBUG_NODE: collect_cairo_nodes (gsk_debug_node_get_child (node), out); break;
    default:
      break;
    }
}

/* The widget as drawn now, as a render node (its cached parts included). */
static GskRenderNode *
widget_node (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  return gtk_snapshot_free_to_node (snapshot);
}

static cairo_surface_t *
node_image (GskRenderNode *node, int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

typedef struct {
  GskRenderNode *node;
  GPtrArray *cairo;
} Drawn;

static void
drawn_clear (Drawn *d)
{
  g_clear_pointer (&d->cairo, g_ptr_array_unref);
  g_clear_pointer (&d->node, gsk_render_node_unref);
}

static void
draw_now (GtkWidget *widget, Frames *frames, Drawn *d)
{
  wait_frames (frames, 1);
  drawn_clear (d);
  d->node = widget_node (widget);
  d->cairo = g_ptr_array_new ();
  collect_cairo_nodes (d->node, d->cairo);
}

/* The differing pixels lie inside `cell` (in the widget's coordinates). */
static void
assert_diff_inside (cairo_surface_t *a, cairo_surface_t *b, const graphene_rect_t *cell)
{
  Diff d = diff_images (a, b);

  g_assert_cmpuint (d.n, >, 20);
  g_assert_cmpint (d.x0, >=, (int) cell->origin.x);
  g_assert_cmpint (d.y0, >=, (int) cell->origin.y);
  g_assert_cmpint (d.x1, <=, (int) ceilf (cell->origin.x + cell->size.width));
  g_assert_cmpint (d.y1, <=, (int) ceilf (cell->origin.y + cell->size.height));
}

static void
house_rect (KielaBoardView *board, KielaHouse *house, graphene_rect_t *rect)
{
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (house), GTK_WIDGET (board), rect));
}

/* The cairo nodes of `d` that are not in `kept` (pointers), and that `kept` has which `d` lost. */
static guint
nodes_changed (const Drawn *d, GPtrArray *kept)
{
  guint changed = 0;

  for (guint i = 0; i < d->cairo->len; i++)
    changed += !g_ptr_array_find (kept, g_ptr_array_index (d->cairo, i), NULL);
  for (guint i = 0; i < kept->len; i++)
    changed += !g_ptr_array_find (d->cairo, g_ptr_array_index (kept, i), NULL);
  return changed;
}

static GPtrArray *
nodes_kept (const Drawn *d)
{
  GPtrArray *kept = g_ptr_array_new_with_free_func ((GDestroyNotify) gsk_render_node_unref);

  for (guint i = 0; i < d->cairo->len; i++)
    g_ptr_array_add (kept, gsk_render_node_ref (g_ptr_array_index (d->cairo, i)));
  return kept;
}

/* With the cairo renderer the board's wood is one cairo node and each house's content another,
 * each kept while it does not change: GTK repaints only the nodes that differ from the last
 * frame's, so a stone dropped repaints one house, not the board.  Nothing else is drawn anew
 * when only the hand or a focus ring changes. */
static void
test_houses_drawn_in_own_nodes (void)
{
  GtkWidget *window, *widget;
  KielaBoardView *board;
  KielaHouse *g1, *c3;
  KielaPosition pos;
  Frames frames = { 0 };
  Drawn d = { 0 };
  GPtrArray *kept;
  cairo_surface_t *before, *after;
  graphene_rect_t cell;
  int width, height;

  parse_position (START_KPN, &pos);
  board = present_board (&window, &pos, 1000, 520, &frames);
  widget = GTK_WIDGET (board);
  g_assert_true (GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (GTK_NATIVE (window))));
  g1 = house_by_square (board, "g1");
  c3 = house_by_square (board, "c3");

  /* The wood and the 40 houses. */
  draw_now (widget, &frames, &d);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpuint (d.cairo->len, ==, 41);
  kept = nodes_kept (&d);
  before = node_image (d.node, width, height);

  /* The same board again: every node is the one drawn before. */
  gtk_widget_queue_draw (widget);
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 0);

  /* The hand is drawn over the board: one node more, the board's all the same ones. */
  kiela_board_view_set_hand (board, KIELA_SOUTH, 0, 3);
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (d.cairo->len, ==, 42);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 1);
  kiela_board_view_set_hand (board, KIELA_SOUTH, 0, 0);

  /* A count changes: that house's node is drawn anew (one gone, one new), no other, and only
   * that house's square looks different. */
  pos.houses[KIELA_SOUTH][6] = 9;
  kiela_board_view_set_position (board, &pos);
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (d.cairo->len, ==, 41);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 2);
  after = node_image (d.node, width, height);
  house_rect (board, g1, &cell);
  assert_diff_inside (before, after, &cell);
  cairo_surface_destroy (before);
  before = after;
  g_ptr_array_unref (kept);
  kept = nodes_kept (&d);

  /* The pointer over a house: its glow lies under the stones, so that house is drawn anew. */
  gtk_widget_set_state_flags (GTK_WIDGET (c3), GTK_STATE_FLAG_PRELIGHT, FALSE);
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 2);
  after = node_image (d.node, width, height);
  house_rect (board, c3, &cell);
  assert_diff_inside (before, after, &cell);
  cairo_surface_destroy (after);
  gtk_widget_unset_state_flags (GTK_WIDGET (c3), GTK_STATE_FLAG_PRELIGHT);
  draw_now (widget, &frames, &d);
  g_ptr_array_unref (kept);
  kept = nodes_kept (&d);
  after = node_image (d.node, width, height);
  g_assert_cmpuint (diff_images (before, after).n, ==, 0);
  cairo_surface_destroy (after);

  /* The focus ring is the house's own: the board's nodes stay, the ring shows on g1 only. */
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  kiela_board_view_focus_house (board, KIELA_SOUTH, 6);
  g_assert_true (gtk_widget_has_visible_focus (GTK_WIDGET (g1)));
  draw_now (widget, &frames, &d);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 0);
  after = node_image (d.node, width, height);
  house_rect (board, g1, &cell);
  assert_diff_inside (before, after, &cell);
  cairo_surface_destroy (after);

  /* Another size: the wood and every house are drawn anew. */
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 480);
  for (guint i = 0; i < 100 && gtk_widget_get_width (widget) == width; i++)
    wait_frames (&frames, 1);
  draw_now (widget, &frames, &d);
  g_assert_cmpint (gtk_widget_get_width (widget), !=, width);
  g_assert_cmpuint (nodes_changed (&d, kept), ==, 2 * 41);

  cairo_surface_destroy (before);
  g_ptr_array_unref (kept);
  drawn_clear (&d);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Houses a pixel apart in size (the squares are whole pixels) share the frame: the count badges
 * of both sizes stay cached instead of being drawn anew for every house. */
static void
test_badges_cached_for_every_size (void)
{
  GtkWidget *window;
  KielaBoardView *board;
  KielaBoardRenderer *renderer;
  KielaPosition pos[2];
  Frames frames = { 0 };
  GHashTable *sizes = g_hash_table_new (NULL, NULL);
  guint after_warmup;

  for (guint i = 0; i < 2; i++)
    {
      memset (&pos[i], 0, sizeof pos[i]);
      pos[i].files = 10;
      for (guint side = 0; side < 2; side++)
        for (guint h = 0; h < 20; h++)
          pos[i].houses[side][h] = (h * 7 + side * 5 + i * 3) % 17;
    }
  /* At this size the squares are 169 and 170 pixels. */
  board = present_board (&window, &pos[0], 1920, 1080, &frames);
  renderer = kiela_board_view_get_renderer (board);
  wait_frames (&frames, 1);
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 20; h++)
      {
        GtkWidget *house = GTK_WIDGET (kiela_board_view_get_house (board, side, h));
        int size = MIN (gtk_widget_get_width (house), gtk_widget_get_height (house));

        g_hash_table_add (sizes, GINT_TO_POINTER (size));
      }
  g_assert_cmpuint (g_hash_table_size (sizes), >=, 2);

  kiela_board_view_set_position (board, &pos[1]);
  wait_frames (&frames, 1);
  after_warmup = kiela_board_draw_get_badge_renders (renderer);
  /* 17 counts, in two sizes */
  g_assert_cmpuint (after_warmup, >, 17);
  g_assert_cmpuint (after_warmup, <=, 2 * 17 * g_hash_table_size (sizes));
  for (guint frame = 0; frame < 6; frame++)
    {
      kiela_board_view_set_position (board, &pos[frame % 2]);
      wait_frames (&frames, 1);
    }
  g_assert_cmpuint (kiela_board_draw_get_badge_renders (renderer), ==, after_warmup);

  g_hash_table_unref (sizes);
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
  g_test_init (&argc, &argv, NULL);
  /* A GUI test that cannot open a display fails: it is never skipped silently. */
  if (!gtk_init_check ())
    {
      g_printerr ("test-board-view: cannot open a display; run it under xvfb-run\n");
      return 1;
    }

  g_test_add_func ("/board/labels-follow-position", test_labels_follow_position);
  g_test_add_func ("/board/other-file-counts", test_other_file_counts);
  g_test_add_func ("/board/activate-emits-house", test_activate_emits_house);
  g_test_add_func ("/board/setup-mode", test_setup_mode);
  g_test_add_func ("/board/keyboard-navigation", test_keyboard_navigation);
  g_test_add_func ("/board/setup-drag", test_setup_drag);
  g_test_add_func ("/board/playable-marks", test_playable_marks);
  g_test_add_func ("/board/png-shows-position", test_png_shows_position);
  g_test_add_func ("/board/png-rejects-bad-size", test_png_rejects_bad_size);
  g_test_add_func ("/board/png-failed-write-keeps-old", test_png_failed_write_keeps_old);
  g_test_add_func ("/board/cache-survives-count-changes", test_cache_survives_count_changes);
  g_test_add_func ("/board/captured-flashes", test_captured_flashes);
  g_test_add_func ("/board/stones-do-not-overlap", test_stones_do_not_overlap);
  g_test_add_func ("/board/houses-drawn-in-own-nodes", test_houses_drawn_in_own_nodes);
  g_test_add_func ("/board/badges-cached-for-every-size", test_badges_cached_for_every_size);
  return g_test_run ();
}
