/* test-step-list-model.c: the step list's model (rows, grouping, lazy items) and, under Xvfb, the list
 * showing a move of millions of steps with only the rows in sight made. */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "kiela-board-view.h"
#include "kiela-step-list.h"
#include "kiela-step-list-model.h"
#include "kiela-trace-player.h"
#include "app-test-util.h"

static const KielaVariant variant = {
  .id = "test", .name = "Test", .files = 10, .min_sow = 2, .lap_limit = 1000,
};

static void
add_event (KielaTrace *trace, KielaEventType type, KielaSide side, guint house, guint count, guint lap)
{
  KielaEvent ev = { 0 };

  ev.type = type;
  ev.side = side;
  ev.house = house;
  ev.count = count;
  ev.lap = lap;
  g_array_append_val (trace->events, ev);
}

static KielaTrace *
new_trace (void)
{
  KielaTrace *trace = kiela_trace_new ();

  trace->before.files = 10;
  trace->after.files = 10;
  trace->result.mover = KIELA_NORTH;
  trace->result.move = 11;
  return trace;
}

/* The shape of North's b3 in the rules file: lift, two drops, a capture, the captured stones
 * entering, three drops of lap 2, the end. */
static KielaTrace *
capture_trace (void)
{
  KielaTrace *trace = new_trace ();

  add_event (trace, KIELA_EVENT_LIFT, KIELA_NORTH, 11, 2, 1);
  add_event (trace, KIELA_EVENT_DROP, KIELA_NORTH, 12, 1, 1);
  add_event (trace, KIELA_EVENT_DROP, KIELA_NORTH, 13, 2, 1);
  add_event (trace, KIELA_EVENT_CAPTURE, KIELA_NORTH, 13, 2, 1);
  add_event (trace, KIELA_EVENT_ENTER, KIELA_NORTH, 14, 3, 2);
  add_event (trace, KIELA_EVENT_DROP, KIELA_NORTH, 14, 1, 2);
  add_event (trace, KIELA_EVENT_DROP, KIELA_NORTH, 15, 1, 2);
  add_event (trace, KIELA_EVENT_DROP, KIELA_NORTH, 16, 1, 2);
  add_event (trace, KIELA_EVENT_END, KIELA_NORTH, 16, 1, 2);
  return trace;
}

/* `laps` laps of two drops then a relay: 3 × laps events, 2 × laps rows (+ start and end). */
static KielaTrace *
relay_trace (guint laps)
{
  KielaTrace *trace = new_trace ();

  g_array_set_size (trace->events, 0);
  for (guint lap = 1; lap <= laps; lap++)
    {
      add_event (trace, KIELA_EVENT_DROP, KIELA_NORTH, lap % 20, 1, lap);
      add_event (trace, KIELA_EVENT_DROP, KIELA_NORTH, (lap + 1) % 20, 2, lap);
      add_event (trace, KIELA_EVENT_RELAY, KIELA_NORTH, (lap + 1) % 20, 2, lap);
    }
  add_event (trace, KIELA_EVENT_END, KIELA_NORTH, 0, 1, laps);
  return trace;
}

typedef struct {
  guint calls, removed, added;
} Changes;

static void
items_changed_cb (GListModel *model, guint position, guint removed, guint added, Changes *c)
{
  c->calls++;
  c->removed += removed;
  c->added += added;
}

static void
test_rows (void)
{
  g_autoptr(KielaStepListModel) model = kiela_step_list_model_new ();
  g_autoptr(KielaTrace) trace = capture_trace ();
  static const KielaStepKind kinds[] = {
    KIELA_STEP_START, KIELA_STEP_LIFT, KIELA_STEP_DROPS, KIELA_STEP_CAPTURE, KIELA_STEP_ENTER,
    KIELA_STEP_DROPS, KIELA_STEP_END,
  };
  static const guint targets[] = { 0, 1, 3, 4, 5, 8, 9 };
  /* Player index → row: 0 the start, then the row holding event index-1. */
  static const int rows_for_index[] = { 0, 1, 2, 2, 3, 4, 5, 5, 5, 6 };
  Changes c = { 0 };

  g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), &c);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_assert_cmpint (kiela_step_list_model_row_for_index (model, 0), ==, -1);

  kiela_step_list_model_set_trace (model, &variant, trace);
  g_assert_cmpuint (c.calls, ==, 1);
  g_assert_cmpuint (c.added, ==, G_N_ELEMENTS (kinds));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, G_N_ELEMENTS (kinds));
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (model)) == KIELA_TYPE_STEP_LIST_ITEM);
  /* Nothing is made before it is asked for. */
  g_assert_cmpuint (kiela_step_list_model_get_n_created (model), ==, 0);

  for (guint r = 0; r < G_N_ELEMENTS (kinds); r++)
    {
      g_autoptr(KielaStepListItem) item = g_list_model_get_item (G_LIST_MODEL (model), r);

      g_assert_cmpint (kiela_step_list_item_get_kind (item), ==, kinds[r]);
      g_assert_cmpuint (kiela_step_list_item_get_target (item), ==, targets[r]);
      g_assert_cmpint (kiela_step_list_item_is_key (item), ==,
                       kinds[r] == KIELA_STEP_CAPTURE || kinds[r] == KIELA_STEP_ENTER);
      g_assert_nonnull (kiela_step_list_item_get_text (item));
      /* Asked again, the same item. */
      g_assert_true (kiela_step_list_model_peek_item (model, r) == item);
    }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), G_N_ELEMENTS (kinds)));
  g_assert_cmpuint (kiela_step_list_model_get_n_created (model), ==, G_N_ELEMENTS (kinds));
  g_assert_nonnull (strstr (kiela_step_list_item_get_text (kiela_step_list_model_peek_item (model, 0)), "b3"));
  g_assert_nonnull (strstr (kiela_step_list_item_get_text (kiela_step_list_model_peek_item (model, 5)),
                            "Lap 2: 3 stones drop into e3, f3, g3"));

  for (guint i = 0; i < G_N_ELEMENTS (rows_for_index); i++)
    g_assert_cmpint (kiela_step_list_model_row_for_index (model, i), ==, rows_for_index[i]);

  /* The current row and those to come; the current lap's row marks the square just sown. */
  kiela_step_list_model_set_current (model, 5, 7);
  for (guint r = 0; r < G_N_ELEMENTS (kinds); r++)
    {
      KielaStepListItem *item = kiela_step_list_model_peek_item (model, r);

      g_assert_cmpint (kiela_step_list_item_get_current (item), ==, r == 5);
      g_assert_cmpint (kiela_step_list_item_get_future (item), ==, r > 5);
      g_assert_true ((kiela_step_list_item_get_markup (item) != NULL) == (r == 5));
    }
  g_assert_nonnull (strstr (kiela_step_list_item_get_markup (kiela_step_list_model_peek_item (model, 5)),
                            "<b><u>f3</u></b>"));

  /* No trace: every row goes. */
  kiela_step_list_model_set_trace (model, NULL, NULL);
  g_assert_cmpuint (c.calls, ==, 2);
  g_assert_cmpuint (c.removed, ==, G_N_ELEMENTS (kinds));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
}

/* A lap of 5,000 drops is one row naming at most 30 squares, around the one just sown. */
static void
test_long_lap (void)
{
  g_autoptr(KielaStepListModel) model = kiela_step_list_model_new ();
  g_autoptr(KielaTrace) trace = new_trace ();
  KielaStepListItem *item;
  guint commas = 0;

  add_event (trace, KIELA_EVENT_LIFT, KIELA_NORTH, 11, 5000, 1);
  for (guint i = 0; i < 5000; i++)
    add_event (trace, KIELA_EVENT_DROP, KIELA_NORTH, i % 20, 1, 1);
  add_event (trace, KIELA_EVENT_END, KIELA_NORTH, 0, 1, 1);
  kiela_step_list_model_set_trace (model, &variant, trace);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 4);
  item = kiela_step_list_model_peek_item (model, 2);
  g_assert_cmpint (kiela_step_list_item_get_kind (item), ==, KIELA_STEP_DROPS);
  for (const char *p = kiela_step_list_item_get_text (item); *p; p++)
    commas += *p == ',';
  /* 30 squares and a "…": 30 separators. */
  g_assert_cmpuint (commas, <=, 30);
  g_assert_cmpuint (commas, >=, 29);
  g_assert_cmpuint (strlen (kiela_step_list_item_get_text (item)), <, 400);

  kiela_step_list_model_set_current (model, 2, 2501);
  g_assert_cmpuint (strlen (kiela_step_list_item_get_markup (item)), <, 600);
  g_assert_nonnull (strstr (kiela_step_list_item_get_markup (item), "<b><u>"));
}

/* Three million events, two million rows: setting the trace makes no item, and looking at a few
 * rows makes those few. */
static void
test_millions (void)
{
  const guint laps = 1000000;
  g_autoptr(KielaStepListModel) model = kiela_step_list_model_new ();
  g_autoptr(KielaTrace) trace = relay_trace (laps);
  guint mid_row;
  KielaStepListItem *item;

  kiela_step_list_model_set_trace (model, &variant, trace);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2 * laps + 2);
  g_assert_cmpuint (kiela_step_list_model_get_n_created (model), ==, 0);

  /* Player index 1,500,001 shows event 1,500,000: lap 500,001's first drop, row 1 + 2 × 500,000. */
  mid_row = kiela_step_list_model_row_for_index (model, 1500001);
  g_assert_cmpuint (mid_row, ==, 1000001);
  kiela_step_list_model_set_current (model, mid_row, 1500001);
  item = kiela_step_list_model_peek_item (model, mid_row);
  g_assert_cmpint (kiela_step_list_item_get_kind (item), ==, KIELA_STEP_DROPS);
  g_assert_cmpuint (kiela_step_list_item_get_first (item), ==, 1500000);
  g_assert_cmpuint (kiela_step_list_item_get_target (item), ==, 1500002);
  g_assert_true (kiela_step_list_item_get_current (item));
  g_assert_cmpint (kiela_step_list_item_get_kind (kiela_step_list_model_peek_item (model, mid_row + 1)), ==,
                   KIELA_STEP_RELAY);
  g_assert_cmpint (kiela_step_list_item_get_kind (kiela_step_list_model_peek_item (model, 2 * laps + 1)), ==,
                   KIELA_STEP_END);
  g_assert_cmpint (kiela_step_list_model_row_for_index (model, 3 * laps + 1), ==, 2 * laps + 1);
  g_assert_cmpuint (kiela_step_list_model_get_n_created (model), ==, 3);
}

static gboolean
current_visible (gpointer data)
{
  return kiela_step_list_current_row_visible (KIELA_STEP_LIST (data));
}

static guint
count_row_widgets (KielaStepList *steps)
{
  guint n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (kiela_step_list_get_list_view (steps))); c;
       c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

/* The step list showing the million-lap move: only rows in sight (and the couple of hundred GTK's
 * list view keeps around them) get items and widgets, wherever the replay is; choosing a row far
 * down jumps the replay there. */
static void
test_list_view_millions (void)
{
  const guint laps = 1000000;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = kiela_board_view_new ();
  GtkWidget *steps = kiela_step_list_new ();
  g_autoptr(KielaTracePlayer) player = NULL;
  KielaStepListModel *model = kiela_step_list_get_model (KIELA_STEP_LIST (steps));
  int last;

  g_object_ref_sink (board);
  player = kiela_trace_player_new (KIELA_BOARD_VIEW (board));
  kiela_trace_player_set_interval (player, 0);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 600);
  gtk_window_set_child (GTK_WINDOW (window), steps);
  kiela_step_list_set_player (KIELA_STEP_LIST (steps), player);
  kiela_trace_player_set_trace (player, &variant, relay_trace (laps), 0);
  g_assert_cmpuint (kiela_step_list_get_n_rows (KIELA_STEP_LIST (steps)), ==, 2 * laps + 2);
  gtk_window_present (GTK_WINDOW (window));
  wait_until (current_visible, steps, 20000, "the first row to be shown");
  g_assert_cmpuint (count_row_widgets (KIELA_STEP_LIST (steps)), <, 300);
  g_assert_cmpuint (kiela_step_list_model_get_n_created (model), <, 300);

  kiela_trace_player_go_to_end (player);
  last = kiela_step_list_get_current_row (KIELA_STEP_LIST (steps));
  g_assert_cmpint (last, ==, 2 * laps + 1);
  wait_until (current_visible, steps, 20000, "the last row to be scrolled into view");
  g_test_message ("%u rows: %u row widgets, %u items made", kiela_step_list_get_n_rows (KIELA_STEP_LIST (steps)),
                  count_row_widgets (KIELA_STEP_LIST (steps)), kiela_step_list_model_get_n_created (model));
  g_assert_cmpuint (count_row_widgets (KIELA_STEP_LIST (steps)), <, 300);
  g_assert_cmpuint (kiela_step_list_model_get_n_created (model), <, 600);

  /* Selecting a row (what a click does) jumps the replay to it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (kiela_step_list_get_list_view (KIELA_STEP_LIST (steps))),
                                             "list.select-item", "(ubb)", (guint) last - 2, FALSE, FALSE));
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==,
                    kiela_step_list_get_row_target (KIELA_STEP_LIST (steps), last - 2));
  g_assert_cmpint (kiela_step_list_get_current_row (KIELA_STEP_LIST (steps)), ==, last - 2);

  kiela_step_list_set_player (KIELA_STEP_LIST (steps), NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (board);
}

/* A long move's rows reach the list view a dozen a frame (GTK 4.8's list view makes, styles and
 * lays out a widget for each row it has, and 67 rows took the frame of a click 20-45 ms): the
 * list view has the first rows at once, the current row and those after it wherever the replay
 * jumps, and after a few frames every row, each the same item and sentence as a model given the
 * whole trace at once; the step list's own accessors see every row from the start. */
static void
test_list_view_rows_in_steps (void)
{
  const guint laps = 33;   /* 68 rows, about the 12-lap move's 67 */
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = g_object_ref_sink (kiela_board_view_new ());
  GtkWidget *steps = kiela_step_list_new ();
  g_autoptr(KielaTracePlayer) player = kiela_trace_player_new (KIELA_BOARD_VIEW (board));
  g_autoptr(KielaStepListModel) whole = kiela_step_list_model_new ();
  g_autoptr(KielaTrace) reference = relay_trace (laps);
  KielaStepList *list = KIELA_STEP_LIST (steps);
  GListModel *shown = G_LIST_MODEL (gtk_list_view_get_model (kiela_step_list_get_list_view (list)));
  const guint rows = 2 * laps + 2;
  guint frames = 0, tick;

  kiela_trace_player_set_interval (player, 0);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 600);
  gtk_window_set_child (GTK_WINDOW (window), steps);
  kiela_step_list_set_player (list, player);
  gtk_window_present (GTK_WINDOW (window));
  wait_until (app_test_widget_shown, steps, 20000, "the list to be shown");

  kiela_trace_player_set_trace (player, &variant, relay_trace (laps), 0);
  g_assert_cmpuint (kiela_step_list_get_n_rows (list), ==, rows);
  g_assert_cmpuint (g_list_model_get_n_items (shown), >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (shown), <, rows);
  g_assert_cmpstr (kiela_step_list_get_row_text (list, rows - 1),
                   ==, kiela_step_list_item_get_text (kiela_step_list_model_peek_item (kiela_step_list_get_model (list),
                                                                                         rows - 1)));
  tick = gtk_widget_add_tick_callback (steps, app_test_frame_tick, &frames, NULL);
  while (g_list_model_get_n_items (shown) < rows && frames < 100)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (steps, tick);
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, rows);
  /* More than one frame, fewer than one a row. */
  g_assert_cmpuint (frames, >, 1);
  g_assert_cmpuint (frames, <, rows / 2);

  kiela_step_list_model_set_trace (whole, &variant, reference);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (whole)), ==, rows);
  for (guint r = 0; r < rows; r++)
    {
      g_autoptr(KielaStepListItem) item = g_list_model_get_item (shown, r);
      KielaStepListItem *expected = kiela_step_list_model_peek_item (whole, r);

      g_assert_true (item == kiela_step_list_model_peek_item (kiela_step_list_get_model (list), r));
      g_assert_cmpint (kiela_step_list_item_get_kind (item), ==, kiela_step_list_item_get_kind (expected));
      g_assert_cmpuint (kiela_step_list_item_get_target (item), ==, kiela_step_list_item_get_target (expected));
      g_assert_cmpstr (kiela_step_list_item_get_text (item), ==, kiela_step_list_item_get_text (expected));
    }
  /* As before, with fewer rows than GTK keeps widgets for: one widget a row. */
  app_test_wait_frames (steps, 3);
  g_assert_cmpuint (count_row_widgets (list), ==, rows);

  /* A new move, and the replay sent to its end at once: the last row is in the list view and in
   * sight without waiting for the rows before it. */
  kiela_trace_player_set_trace (player, &variant, relay_trace (laps), 0);
  g_assert_cmpuint (g_list_model_get_n_items (shown), <, rows);
  kiela_trace_player_go_to_end (player);
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, rows);
  g_assert_cmpint (kiela_step_list_get_current_row (list), ==, rows - 1);
  g_assert_cmpuint (gtk_single_selection_get_selected (kiela_step_list_get_selection (list)), ==, rows - 1);
  wait_until (current_visible, steps, 20000, "the last row to be scrolled into view");

  kiela_step_list_set_player (list, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (board);
}

/* The rows borrow the player's trace: when the player goes first, they go with it. */
static void
test_player_gone (void)
{
  GtkWidget *board = g_object_ref_sink (kiela_board_view_new ());
  GtkWidget *steps = g_object_ref_sink (kiela_step_list_new ());
  KielaTracePlayer *player = kiela_trace_player_new (KIELA_BOARD_VIEW (board));

  kiela_step_list_set_player (KIELA_STEP_LIST (steps), player);
  kiela_trace_player_set_trace (player, &variant, capture_trace (), 0);
  g_assert_cmpuint (kiela_step_list_get_n_rows (KIELA_STEP_LIST (steps)), ==, 7);
  g_object_unref (player);
  g_assert_cmpuint (kiela_step_list_get_n_rows (KIELA_STEP_LIST (steps)), ==, 0);
  g_assert_cmpint (kiela_step_list_get_current_row (KIELA_STEP_LIST (steps)), ==, -1);
  g_object_unref (steps);
  g_object_unref (board);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-step-list-model");

  g_test_add_func ("/app/step-list/model/rows", test_rows);
  g_test_add_func ("/app/step-list/model/long-lap", test_long_lap);
  g_test_add_func ("/app/step-list/model/millions", test_millions);
  g_test_add_func ("/app/step-list/view/millions", test_list_view_millions);
  g_test_add_func ("/app/step-list/view/rows-in-steps", test_list_view_rows_in_steps);
  g_test_add_func ("/app/step-list/view/player-gone", test_player_gone);
  return g_test_run ();
}
