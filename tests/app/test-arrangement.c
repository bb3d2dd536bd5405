/* test-arrangement.c: the expert arrangement in the window (issue 10): several stones a click (the
 * count popover), all of a house with Shift, undo (button and Ctrl+Z) and a running total, at 1024×768. */
#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-setup-bar.h"
#include "kiela-board-view.h"
#include "app-test-window.h"
#include "kiela-board-view-private.h"
#include "kiela-house.h"
#include "app-test-render.h"

typedef struct {
  AppTestWindow w;
  KielaSetupBar *bar;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  app_test_window_open (&f->w, "kiela-expert", KIELA_SPEED_INSTANT, 1024, 768);
  f->bar = KIELA_SETUP_BAR (app_test_find_type (GTK_WIDGET (f->w.window), KIELA_TYPE_SETUP_BAR));
  g_assert_nonnull (f->bar);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->bar)));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  app_test_window_close (&f->w);
}

static const KielaPosition *
shown (Fixture *f)
{
  return kiela_board_view_get_position (kiela_window_get_board (f->w.window));
}

/* The running total says the stones of each row of the arranging side and the stones moved. */
static void
assert_total (Fixture *f, guint moved)
{
  const KielaPosition *pos = shown (f);
  guint outer = 0, inner = 0;
  g_autofree char *o = NULL, *i = NULL, *m = NULL, *total = kiela_setup_bar_dup_total (f->bar);
  g_autofree char *side = NULL;

  for (guint h = 0; h < pos->files; h++)
    outer += pos->houses[KIELA_SOUTH][h];
  for (guint h = pos->files; h < 2u * pos->files; h++)
    inner += pos->houses[KIELA_SOUTH][h];
  o = g_strdup_printf ("Outer row %u ", outer);
  i = g_strdup_printf ("inner row %u\n", inner);
  m = g_strdup_printf ("\n%u stone%s moved", moved, moved == 1 ? "" : "s");
  if (!strstr (total, o) || !strstr (total, i) || !g_str_has_suffix (total, m))
    g_error ("the total says “%s”: expected outer %u, inner %u, %u moved", total, outer, inner, moved);
  /* The side label by the board counts the same stones. */
  side = g_strdup_printf ("%u stones", outer + inner);
  if (!g_str_has_suffix (kiela_window_get_side_label (f->w.window, KIELA_SOUTH), side))
    g_error ("South's label says “%s”, not %s", kiela_window_get_side_label (f->w.window, KIELA_SOUTH), side);
}

static GtkWidget *
undo_button (Fixture *f)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (f->bar)); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (c)), "setup-bar.undo") == 0)
      return c;
  g_error ("no undo button in the setup bar");
  return NULL;
}

/* Ctrl+Z as the window's shortcut machinery would run it: the first shortcut for it on the bar. */
static gboolean
press_ctrl_z (Fixture *f)
{
  g_autoptr(GtkShortcutTrigger) want = gtk_shortcut_trigger_parse_string ("<Control>z");
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->bar));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      g_assert_cmpint (gtk_shortcut_controller_get_scope (GTK_SHORTCUT_CONTROLLER (c)), ==, GTK_SHORTCUT_SCOPE_GLOBAL);
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr(GtkShortcut) s = g_list_model_get_item (G_LIST_MODEL (c), j);
          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (s), want))
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (s), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                                 GTK_WIDGET (f->bar), NULL);
        }
    }
  g_error ("no Ctrl+Z shortcut on the setup bar");
  return FALSE;
}

static void
test_several_stones_and_undo (Fixture *f, gconstpointer data)
{
  KielaBoardView *board = kiela_window_get_board (f->w.window);
  KielaPosition start = *shown (f), pos;
  GtkMenuButton *count_button = GTK_MENU_BUTTON (app_test_find_type (GTK_WIDGET (f->bar), GTK_TYPE_MENU_BUTTON));
  GtkSpinButton *spin_button;
  graphene_rect_t bounds;

  /* The bar fits the 1024-px window, beside the board, whole. */
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (f->bar), GTK_WIDGET (f->w.window), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (f->w.window)));
  {
    int min, nat;
    gtk_widget_measure (GTK_WIDGET (f->bar), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
    g_assert_cmpfloat (bounds.size.width, >=, min);
  }
  assert_total (f, 0);
  g_assert_false (gtk_widget_is_sensitive (undo_button (f)));

  /* The count popover: three stones a click. */
  g_assert_nonnull (count_button);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (count_button)));
  gtk_menu_button_popup (count_button);
  spin (200);
  /* Open, the button's tooltip does not cover the popover's title... */
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (count_button)));
  /* ... and every label in it has the height its text needs at its width (the Shift hint's
   * last line was cut). */
  {
    GtkWidget *box = gtk_popover_get_child (gtk_menu_button_get_popover (count_button));

    for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
      if (GTK_IS_LABEL (c))
        {
          int min, nat;

          gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (c), &min, &nat, NULL, NULL);
          if (gtk_widget_get_height (c) < min)
            g_error ("“%s” is %d px high at %d px wide, and needs %d", gtk_label_get_text (GTK_LABEL (c)),
                     gtk_widget_get_height (c), gtk_widget_get_width (c), min);
        }
    render_to_png (GTK_WIDGET (gtk_menu_button_get_popover (count_button)), "arrangement-count-popover.png");
  }
  spin_button = GTK_SPIN_BUTTON (app_test_find_type (GTK_WIDGET (gtk_menu_button_get_popover (count_button)), GTK_TYPE_SPIN_BUTTON));
  g_assert_nonnull (spin_button);
  gtk_spin_button_set_value (spin_button, 3);
  gtk_menu_button_popdown (count_button);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (count_button)));
  g_assert_cmpuint (kiela_setup_bar_get_count (f->bar), ==, 3);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (app_test_find_type (GTK_WIDGET (count_button), GTK_TYPE_LABEL))), "3"));

  /* c1 (hole 2, 2 stones) to a2 (hole 19): both move, no more than it holds; e1 (4) to a2: three. */
  g_signal_emit_by_name (board, "setup-move", (guint) KIELA_SOUTH, 2u, 19u);
  g_assert_cmpuint (shown (f)->houses[KIELA_SOUTH][2], ==, 0);
  g_assert_cmpuint (shown (f)->houses[KIELA_SOUTH][19], ==, start.houses[KIELA_SOUTH][19] + 2);
  assert_total (f, 2);
  g_assert_true (gtk_widget_is_sensitive (undo_button (f)));
  g_signal_emit_by_name (board, "setup-move", (guint) KIELA_SOUTH, 3u, 19u);
  g_assert_cmpuint (shown (f)->houses[KIELA_SOUTH][19], ==, start.houses[KIELA_SOUTH][19] + 4);
  assert_total (f, 4);

  /* Shift: all of a2 to j1 (hole 9). */
  pos = *shown (f);
  g_signal_emit_by_name (board, "setup-move-all", (guint) KIELA_SOUTH, 19u, 9u);
  g_assert_cmpuint (shown (f)->houses[KIELA_SOUTH][19], ==, 0);
  g_assert_cmpuint (shown (f)->houses[KIELA_SOUTH][9], ==, pos.houses[KIELA_SOUTH][9] + pos.houses[KIELA_SOUTH][19]);
  assert_total (f, 4 + pos.houses[KIELA_SOUTH][19]);
  spin (200);
  render_to_png (GTK_WIDGET (f->w.window), "arrangement.png");

  /* Ctrl+Z undoes the last step, the button the one before, and so on to the start. */
  g_assert_true (press_ctrl_z (f));
  g_assert_true (kiela_position_equal (shown (f), &pos));
  assert_total (f, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->bar), "setup-bar.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->bar), "setup-bar.undo", NULL));
  g_assert_true (kiela_position_equal (shown (f), &start));
  assert_total (f, 0);
  g_assert_false (gtk_widget_is_sensitive (undo_button (f)));
  /* Nothing left: Ctrl+Z does nothing here and goes on to the game's own undo. */
  g_assert_false (press_ctrl_z (f));

  /* The keyboard: Enter on a house picks it, Shift+Enter on another moves all of its stones
   * there, as Shift+click does. */
  {
    guint from = 0, to;
    KielaHouse *source, *target;

    while (start.houses[KIELA_SOUTH][from] < 2)
      from++;
    to = from == 9 ? 8 : 9;
    source = kiela_board_view_get_house (board, KIELA_SOUTH, from);
    target = kiela_board_view_get_house (board, KIELA_SOUTH, to);
    g_assert_true (gtk_widget_activate (GTK_WIDGET (source)));
    app_test_press (GTK_WIDGET (target), "<Shift>Return");
    g_assert_cmpuint (shown (f)->houses[KIELA_SOUTH][from], ==, 0);
    g_assert_cmpuint (shown (f)->houses[KIELA_SOUTH][to], ==,
                      start.houses[KIELA_SOUTH][to] + start.houses[KIELA_SOUTH][from]);
    g_assert_false (kiela_house_get_shift_activation (target));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->bar), "setup-bar.undo", NULL));
    g_assert_true (kiela_position_equal (shown (f), &start));
  }

  /* The arrangement made is the one the game starts from. */
  g_signal_emit_by_name (board, "setup-move-all", (guint) KIELA_SOUTH, 0u, 10u);
  pos = *shown (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.setup-done", NULL));
  g_assert_cmpint (kiela_game_get_phase (kiela_window_get_game (f->w.window)), ==, KIELA_PHASE_SETUP_NORTH);
  g_assert_false (gtk_widget_is_sensitive (undo_button (f)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.setup-skip", NULL));
  g_assert_cmpmem (kiela_game_get_initial (kiela_window_get_game (f->w.window))->houses[KIELA_SOUTH],
                   sizeof pos.houses[KIELA_SOUTH], pos.houses[KIELA_SOUTH], sizeof pos.houses[KIELA_SOUTH]);
  g_assert_false (press_ctrl_z (f));
}

/* The first label under `w` whose text holds `part`, or NULL. */
static GtkLabel *
find_label (GtkWidget *w, const char *part)
{
  if (GTK_IS_LABEL (w) && strstr (gtk_label_get_text (GTK_LABEL (w)), part))
    return GTK_LABEL (w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *l = find_label (c, part);

      if (l)
        return l;
    }
  return NULL;
}

/* A constrained arrangement (Quiela's): the narration says, as stones move, whether the arrangement
 * keeps the rules and which one it breaks; Done refuses a wrong one and keeps the setup. */
static void
test_constrained (void)
{
  AppTestWindow w;
  KielaBoardView *board;
  GtkLabel *label;

  app_test_window_open (&w, "quiela", KIELA_SPEED_INSTANT, 1024, 768);
  board = kiela_window_get_board (w.window);
  label = find_label (GTK_WIDGET (w.window), "Drag stones between");
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (gtk_label_get_text (label), "The arrangement keeps the rules of this game."));
  /* A stone of b1 to a1 keeps them; one of a1 to b1 ties the two. */
  g_signal_emit_by_name (board, "setup-move", (guint) KIELA_SOUTH, 0u, 1u);
  g_assert_nonnull (strstr (gtk_label_get_text (label),
                            "The leftmost outer house, a1, must hold more stones than any other house: b1 holds 4 and a1 3."));
  spin (200);
  render_to_png (GTK_WIDGET (w.window), "arrangement-constrained.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.setup-done", NULL));
  g_assert_cmpint (kiela_game_get_phase (kiela_window_get_game (w.window)), ==, KIELA_PHASE_SETUP_SOUTH);
  /* Another to a1: b1 (2) now holds less than c1 (3) on its right. */
  g_signal_emit_by_name (board, "setup-move", (guint) KIELA_SOUTH, 1u, 0u);
  g_signal_emit_by_name (board, "setup-move", (guint) KIELA_SOUTH, 1u, 0u);
  g_assert_nonnull (strstr (gtk_label_get_text (label),
                            "No house may hold more stones than the house on its left: c1 holds 3, b1 on its left 2."));
  /* One back to b1: the start again. */
  g_signal_emit_by_name (board, "setup-move", (guint) KIELA_SOUTH, 0u, 1u);
  g_assert_nonnull (strstr (gtk_label_get_text (label), "The arrangement keeps the rules of this game."));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w.window), "win.setup-done", NULL));
  g_assert_cmpint (kiela_game_get_phase (kiela_window_get_game (w.window)), ==, KIELA_PHASE_SETUP_NORTH);
  app_test_window_close (&w);
}

int
main (int argc, char *argv[])
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "arrangement");

  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_add ("/app/arrangement/several-stones-and-undo", Fixture, NULL, fixture_setup,
              test_several_stones_and_undo, fixture_teardown);
  g_test_add_func ("/app/arrangement/constrained", test_constrained);
  return g_test_run ();
}
