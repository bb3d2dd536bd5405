/* test-lessons-runner.c: the lesson runner: refusals, answers after a wrong one, hints, Show Me,
 * stars and feedback, the expert lesson's arrangement steps, its layout, drills (the fixture and
 * helpers: app-test-lessons.h). */
#include "config.h"

#include <string.h>

#include "kiela-lessons-page.h"
#include "kiela-board-view-private.h"
#include "kiela-house.h"
#include "app-test-lessons.h"

/* ---------- the runner: refusals, answers after a wrong one, Show Me, stars, feedback ---------- */

/* A lesson for the runner's tests, registered as a teacher's file would be. */
static const char runner_lesson[] =
  "[Lesson]\nFormat=1\nId=runner\nTitle=Runner\nVariant=kiela\n\n"
  /* a1 may be sown; c1 holds a single stone (advanced rules), d1 is empty. */
  "[Step 1]\nText=Sow a1.\nTask=sow-house\nAnswer=a1\n"
  "Position=2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,0,1,0,0,0,0,0,0,0 s\n\n"
  "[Step 2]\nText=Sow g1.\nHint=The seventh house of your outer row.\nTask=sow-house\nAnswer=g1\n\n"
  "[Step 3]\nText=Where will the last stone of h1 land?\n"
  "Position=2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,4,0,0 s\n"
  "Task=predict-last\nMove=h1\nAnswer=i2\n\n"
  "[Step 4]\nText=How many stones will j1 capture?\n"
  "Position=2,2,2,2,2,2,2,2,3,2/0,0,0,0,0,0,0,0,3,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s\n"
  "Task=predict-capture\nMove=j1\nAnswer=6\n\n"
  "[Step 5]\nText=Sow g1 once more.\nTask=sow-house\nAnswer=g1\n";

static KielaLessonView *
open_runner (Fixture *f, guint step)
{
  KielaLessonView *view = view_of (f);
  g_autoptr(GError) error = NULL;

  if (kiela_registry_lookup_lesson (f->registry, "runner") == NULL)
    {
      KielaLessonFile *file = kiela_lesson_file_new_from_data (runner_lesson, -1, "runner.kiela-lesson", &error);

      g_assert_no_error (error);
      g_assert_true (kiela_registry_add_lesson_file (f->registry, file, &error));
      g_assert_no_error (error);
    }
  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, "runner", step, &error));
  g_assert_no_error (error);
  spin (20);
  return view;
}

static guint
runner_stars (Fixture *f, guint step)
{
  return kiela_lesson_progress_get_stars (kiela_learn_get_progress (learn_of (f)), "runner", step);
}

static void
test_runner_refusals (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = open_runner (f, 0);
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  const char *squares[] = { "c1", "d1", "e4" };
  const char *reasons[] = { "c1 holds 1 stone", "d1 is empty", "e4 belongs to North" };

  /* A single stone, an empty house, a house of North's: refused with the reason, nothing
   * played, no wrong answer. */
  for (guint i = 0; i < G_N_ELEMENTS (squares); i++)
    {
      click_square (board, squares[i]);
      g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_PENDING);
      g_assert_nonnull (kiela_lesson_view_get_feedback (view));
      if (strstr (kiela_lesson_view_get_feedback (view), reasons[i]) == NULL)
        g_error ("%s: “%s” does not say “%s”", squares[i], kiela_lesson_view_get_feedback (view), reasons[i]);
      g_assert_null (kiela_trace_player_get_trace (kiela_lesson_view_get_trace_player (view)));
      g_assert_false (gtk_widget_get_visible (kiela_lesson_view_get_control (view, "retry")));
    }
  click_square (board, "a1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpuint (runner_stars (f, 0), ==, 3);

  /* Where does it land: a house of North's cannot be where South's stones end. */
  view = open_runner (f, 2);
  click_square (board, "i3");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_PENDING);
  g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), "i3 is not one of South’s houses"));
  click_square (board, "i2");
  wait_until (replay_done, view, 5000, "the replay");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpuint (runner_stars (f, 2), ==, 3);
}

static void
test_runner_answer_again (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = open_runner (f, 1);
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  GtkSpinButton *count;

  /* Wrong, then the right house at once, without Try Again: two stars. */
  click_square (board, "h1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  click_square (board, "g1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpuint (runner_stars (f, 1), ==, 2);
  /* The board shows g1's move, not h1's. */
  g_assert_cmpint (kiela_trace_player_get_trace (kiela_lesson_view_get_trace_player (view))->result.move, ==, 6);

  /* A count too: a new number and Check, at once. */
  view = open_runner (f, 3);
  count = GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count"));
  gtk_spin_button_set_value (count, 3);
  click (kiela_lesson_view_get_control (view, "check"));
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  wait_until (replay_done, view, 5000, "the replay");
  gtk_spin_button_set_value (count, 6);
  click (kiela_lesson_view_get_control (view, "check"));
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpuint (runner_stars (f, 3), ==, 2);
}

static void
test_runner_hint_after_wrong (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = open_runner (f, 1);
  KielaBoardView *board = kiela_lesson_view_get_board (view);

  /* One wrong answer and the hint (asked twice, counted once): one star, as the README says. */
  click_square (board, "h1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  click (kiela_lesson_view_get_control (view, "hint"));
  click (kiela_lesson_view_get_control (view, "hint"));
  g_assert_cmpstr (kiela_lesson_view_get_feedback (view), ==, "The seventh house of your outer row.");
  click_square (board, "g1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpuint (runner_stars (f, 1), ==, 1);
  g_assert_true (g_str_has_prefix (kiela_lesson_view_get_feedback (view), "★☆☆"));
}

static void
test_runner_show_me (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = open_runner (f, 4);
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  GtkWidget *show = kiela_lesson_view_get_control (view, "show");

  /* Not after one wrong try; after two. */
  click_square (board, "h1");
  g_assert_false (gtk_widget_get_visible (show));
  click_square (board, "i1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  g_assert_true (gtk_widget_get_visible (show));
  click (show);
  wait_until (replay_done, view, 5000, "the replay");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpint (kiela_trace_player_get_trace (kiela_lesson_view_get_trace_player (view))->result.move, ==, 6);
  g_assert_true (g_str_has_prefix (kiela_lesson_view_get_feedback (view), "★☆☆ Here is the answer."));
  /* The engine found it, not the pupil: no "Right!" after "Here is the answer." */
  g_assert_null (strstr (kiela_lesson_view_get_feedback (view), "Right!"));
  g_assert_cmpuint (runner_stars (f, 4), ==, 1);
  g_assert_false (gtk_widget_get_visible (show));

  /* A count shown: the engine's number is in the box. */
  view = open_runner (f, 3);
  for (guint i = 0; i < 2; i++)
    {
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count")), i + 1);
      click (kiela_lesson_view_get_control (view, "check"));
      wait_until (replay_done, view, 5000, "the replay");
    }
  click (show);
  wait_until (replay_done, view, 5000, "the replay");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count"))),
                   ==, 6);
  g_assert_cmpuint (runner_stars (f, 3), ==, 1);
}

static gboolean
feedback_shown (gpointer data)
{
  return kiela_lesson_view_get_feedback (data) != NULL;
}

/* ---------- ARRANGE: the expert lesson's arrangement steps ---------- */

/* The expert lesson's steps 3 (South arranges a capture) and 4 (North arranges so that South
 * captures nothing). */
#define EXPERT_CAPTURES 2
#define EXPERT_SAFE 3

static KielaLessonView *
open_expert (Fixture *f, guint step)
{
  KielaLessonView *view = view_of (f);
  const KielaLesson *lesson = kiela_registry_lookup_lesson (f->registry, "expert");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (lesson);
  g_assert_cmpint (lesson->steps[step].task.kind, ==, KIELA_TASK_ARRANGE);
  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, "expert", step, &error));
  g_assert_no_error (error);
  spin (20);
  return view;
}

static guint
expert_stars (Fixture *f, guint step)
{
  return kiela_lesson_progress_get_stars (kiela_learn_get_progress (learn_of (f)), "expert", step);
}

/* Moves `count` stones of South from `from` to `to` by clicks: the source, the target once a
 * stone, the source again to put it down. */
static void
click_stones (KielaBoardView *board, const char *from, const char *to, guint count)
{
  KielaSquare a, b;
  KielaHouse *source;

  g_assert_true (kiela_square_parse (kiela_board_view_get_files (board), from, &a, NULL));
  g_assert_true (kiela_square_parse (kiela_board_view_get_files (board), to, &b, NULL));
  source = kiela_board_view_get_house (board, a.side, a.house);
  click_square (board, from);
  g_assert_true (kiela_house_get_selected (source));
  for (guint i = 0; i < count; i++)
    click_square (board, to);
  if (kiela_house_get_selected (source))
    click_square (board, from);
}

/* The board's drag gesture, which setup mode moves stones with. */
static GtkGesture *
board_drag_gesture (KielaBoardView *board)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (board));

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
square_centre (KielaBoardView *board, const char *square)
{
  KielaSquare sq;
  GtkWidget *house;
  graphene_point_t centre, out;

  g_assert_true (kiela_square_parse (kiela_board_view_get_files (board), square, &sq, NULL));
  house = GTK_WIDGET (kiela_board_view_get_house (board, sq.side, sq.house));
  centre = GRAPHENE_POINT_INIT (gtk_widget_get_width (house) / 2.f, gtk_widget_get_height (house) / 2.f);
  g_assert_true (gtk_widget_compute_point (house, GTK_WIDGET (board), &centre, &out));
  return out;
}

/* Drags a stone from the house at `from` to the house at `to` with the board's own gesture
 * signals, as GTK emits them for a pointer dragged from one house's centre to the other's. */
static void
drag_stone (KielaBoardView *board, const char *from, const char *to)
{
  GtkGesture *drag = board_drag_gesture (board);
  graphene_point_t a = square_centre (board, from), b = square_centre (board, to);
  double dx = b.x - a.x, dy = b.y - a.y;

  g_signal_emit_by_name (drag, "drag-begin", (double) a.x, (double) a.y);
  g_signal_emit_by_name (drag, "drag-update", dx / 2, dy / 2);
  g_signal_emit_by_name (drag, "drag-update", dx, dy);
  g_signal_emit_by_name (drag, "drag-end", dx, dy);
  spin (20);
}

/* The expert lesson's arrangement made by dragging stones, as most pupils will: each drag
 * carries one stone; a drag into North's houses or out of an empty house moves nothing; Check
 * refuses the stones dragged back where they were and accepts the capture prepared. */
static void
test_runner_arrange_drag (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = open_expert (f, EXPERT_CAPTURES);
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  GtkWidget *check = kiela_lesson_view_get_control (view, "arrange-check");
  GtkWidget *reset = kiela_lesson_view_get_control (view, "arrange-reset");
  KielaPosition start = *kiela_board_view_get_position (board);
  const KielaPosition *pos;
  guint d2 = 19 - 3, f2 = 19 - 5, g2 = 19 - 6, h2 = 19 - 7;

  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  g_assert_cmpuint (start.houses[KIELA_SOUTH][d2], ==, 0);
  g_assert_cmpuint (start.houses[KIELA_SOUTH][f2], ==, 0);
  g_assert_cmpuint (start.houses[KIELA_SOUTH][g2], ==, 2);
  g_assert_cmpuint (start.houses[KIELA_SOUTH][h2], ==, 2);

  /* Into North's d3, or out of South's empty d2: nothing moves. */
  drag_stone (board, "g2", "d3");
  g_assert_true (kiela_position_equal (kiela_board_view_get_position (board), &start));
  drag_stone (board, "d2", "c2");
  g_assert_true (kiela_position_equal (kiela_board_view_get_position (board), &start));
  g_assert_false (gtk_widget_is_sensitive (reset));

  /* g2 to d2: one stone goes; dragged back, the stones are as they were, and Check refuses them. */
  drag_stone (board, "g2", "d2");
  pos = kiela_board_view_get_position (board);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][g2], ==, 1);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][d2], ==, 1);
  g_assert_cmpuint (kiela_position_side_total (pos, KIELA_SOUTH), ==, 28);
  g_assert_true (gtk_widget_is_sensitive (reset));
  drag_stone (board, "d2", "g2");
  g_assert_true (kiela_position_equal (kiela_board_view_get_position (board), &start));
  click (check);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  g_assert_cmpstr (kiela_lesson_view_get_feedback (view), ==, "Not quite. None of your first moves captures yet.");
  g_assert_true (kiela_board_view_get_interactive (board));

  /* The hint's arrangement by drags: a stone into d2, two into f2 (one a drag).  Check accepts
   * it: f2 ends on d2 below North's d3 and captures. */
  drag_stone (board, "g2", "d2");
  drag_stone (board, "h2", "f2");
  drag_stone (board, "h2", "f2");
  pos = kiela_board_view_get_position (board);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][d2], ==, 1);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][f2], ==, 2);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][g2], ==, 1);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][h2], ==, 0);
  g_assert_cmpuint (kiela_position_side_total (pos, KIELA_SOUTH), ==, 28);
  g_assert_true (gtk_widget_is_sensitive (check));
  click (check);
  wait_until (replay_done, view, 5000, "the replay");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpstr (kiela_lesson_view_get_feedback (view), ==, "★★☆ Right! Ready: f2 captures 4 stones.");
  /* Done: a drag moves nothing more. */
  {
    KielaPosition done = *kiela_board_view_get_position (board);

    g_assert_cmpuint (done.houses[KIELA_SOUTH][g2], >, 0);
    drag_stone (board, "g2", "c2");
    g_assert_true (kiela_position_equal (kiela_board_view_get_position (board), &done));
  }
}

static void
test_runner_arrange (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = open_expert (f, EXPERT_CAPTURES);
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  GtkWidget *check = kiela_lesson_view_get_control (view, "arrange-check");
  GtkWidget *reset = kiela_lesson_view_get_control (view, "arrange-reset");
  KielaPosition start = *kiela_board_view_get_position (board);
  const KielaPosition *pos;
  guint d2 = 19 - 3, f2 = 19 - 5, g2 = 19 - 6, h2 = 19 - 7;

  /* The arrangement controls show on the step, with what to do; nothing moved, no Reset. */
  g_assert_true (gtk_widget_is_visible (check));
  g_assert_true (gtk_widget_is_sensitive (check));
  g_assert_false (gtk_widget_is_sensitive (reset));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (kiela_lesson_view_get_control (view, "arrange-what"))),
                                   "Arrange South’s stones"));
  g_assert_false (gtk_widget_is_visible (kiela_lesson_view_get_control (view, "count")));
  /* One line says what to do; the ways to move stones are behind "How do I move the stones?". */
  {
    GtkWidget *help = kiela_lesson_view_get_control (view, "arrange-help");
    GtkWidget *text = kiela_lesson_view_get_control (view, "arrange-help-text");

    g_assert_cmpuint (g_utf8_strlen (gtk_label_get_label (GTK_LABEL (kiela_lesson_view_get_control (view, "arrange-what"))), -1),
                      <, 60);
    g_assert_true (gtk_widget_is_visible (help));
    g_assert_false (gtk_widget_is_visible (text));
    gtk_menu_button_popup (GTK_MENU_BUTTON (help));
    app_test_wait_frames (GTK_WIDGET (f->window), 3);
    g_assert_true (gtk_widget_is_visible (text));
    g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (text)), "Drag a stone to another of your houses."));
    maybe_screenshot (f, f->width == 1024 ? "lesson-arrange-help-1024x768.png" : "lesson-arrange-help-1920x1080.png");
    gtk_menu_button_popdown (GTK_MENU_BUTTON (help));
    app_test_wait_frames (GTK_WIDGET (f->window), 3);
    g_assert_false (gtk_widget_is_visible (text));
  }

  /* North's houses are not the pupil's: a click there picks nothing. */
  click_square (board, "d3");
  g_assert_false (kiela_house_get_selected (kiela_board_view_get_house (board, KIELA_NORTH, 10 + 3)));
  g_assert_true (kiela_position_equal (kiela_board_view_get_position (board), &start));

  /* Checked as it is: wrong, and why (no first move captures); the board stays open. */
  click (check);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  g_assert_cmpstr (kiela_lesson_view_get_feedback (view), ==, "Not quite. None of your first moves captures yet.");
  g_assert_true (kiela_board_view_get_interactive (board));
  g_assert_false (gtk_widget_is_sensitive (check));
  g_assert_cmpuint (expert_stars (f, EXPERT_CAPTURES), ==, 0);

  /* A stone moved: Reset and Check come back; Reset puts it back. */
  click_stones (board, "g2", "d2", 1);
  pos = kiela_board_view_get_position (board);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][d2], ==, 1);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][g2], ==, 1);
  g_assert_true (gtk_widget_is_sensitive (reset));
  g_assert_true (gtk_widget_is_sensitive (check));
  click (reset);
  g_assert_true (kiela_position_equal (kiela_board_view_get_position (board), &start));
  g_assert_false (gtk_widget_is_sensitive (reset));
  /* With the keyboard: Enter on g2, the arrows to f2, Enter there, Escape puts g2 down. */
  gtk_widget_grab_focus (GTK_WIDGET (kiela_board_view_get_house (board, KIELA_SOUTH, g2)));
  app_test_press (GTK_WIDGET (kiela_board_view_get_house (board, KIELA_SOUTH, g2)), "Return");
  app_test_press (GTK_WIDGET (board), "Left");
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (kiela_board_view_get_house (board, KIELA_SOUTH, f2))));
  app_test_press (GTK_WIDGET (kiela_board_view_get_house (board, KIELA_SOUTH, f2)), "Return");
  app_test_press (GTK_WIDGET (board), "Escape");
  g_assert_cmpuint (kiela_board_view_get_position (board)->houses[KIELA_SOUTH][f2], ==, 1);
  g_assert_cmpuint (kiela_board_view_get_position (board)->houses[KIELA_SOUTH][g2], ==, 1);
  click (reset);

  /* The hint's arrangement, by clicks: a stone in d2, two in f2.  f2 then ends on d2 below
   * North's d3: Check accepts it, and the capture is shown stone by stone. */
  click_stones (board, "g2", "d2", 1);
  click_stones (board, "h2", "f2", 2);
  pos = kiela_board_view_get_position (board);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][f2], ==, 2);
  g_assert_cmpuint (pos->houses[KIELA_SOUTH][h2], ==, 0);
  g_assert_cmpuint (kiela_position_side_total (pos, KIELA_SOUTH), ==, 28);
  click (check);
  wait_until (replay_done, view, 5000, "the replay");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpstr (kiela_lesson_view_get_feedback (view), ==, "★★☆ Right! Ready: f2 captures 4 stones.");
  g_assert_cmpuint (expert_stars (f, EXPERT_CAPTURES), ==, 2);
  g_assert_nonnull (kiela_trace_player_get_trace (kiela_lesson_view_get_trace_player (view)));
  g_assert_cmpint (kiela_trace_player_get_trace (kiela_lesson_view_get_trace_player (view))->result.move, ==, f2);
  g_assert_cmpuint (kiela_trace_player_get_trace (kiela_lesson_view_get_trace_player (view))->result.captured, ==, 4);
  g_assert_false (gtk_widget_is_sensitive (check));
  g_assert_true (gtk_widget_is_sensitive (kiela_lesson_view_get_control (view, "next")));
  /* Done: the board takes no more stones. */
  g_assert_false (kiela_board_view_get_interactive (board));

  /* Right at the first try: three stars.  Next leaves the arrangement controls behind. */
  view = open_expert (f, EXPERT_CAPTURES);
  click_stones (board, "g2", "d2", 1);
  click_stones (board, "h2", "f2", 2);
  click (check);
  wait_until (replay_done, view, 5000, "the replay");
  g_assert_true (g_str_has_prefix (kiela_lesson_view_get_feedback (view), "★★★ "));
  g_assert_cmpuint (expert_stars (f, EXPERT_CAPTURES), ==, 3);
  click (kiela_lesson_view_get_control (view, "next"));
  g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, EXPERT_SAFE);
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (kiela_lesson_view_get_control (view, "arrange-what"))),
                                   "Arrange North’s stones"));
  click (check);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  click (kiela_lesson_view_get_control (view, "retry"));
  g_assert_true (gtk_widget_is_visible (check));
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_PENDING);
  /* A step of another kind hides them. */
  g_assert_true (kiela_lesson_view_open (view, "expert", 1, NULL));
  g_assert_false (gtk_widget_is_visible (check));
}

/* North arranges against South's prepared capture: a wrong arrangement is refused with the
 * South move that still captures, marked on the board; after two, Show Me puts the engine's
 * arrangement on the board for one star. */
static void
test_runner_arrange_show_me (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = open_expert (f, EXPERT_SAFE);
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  GtkWidget *check = kiela_lesson_view_get_control (view, "arrange-check");
  GtkWidget *show = kiela_lesson_view_get_control (view, "show");
  const KielaLesson *lesson = kiela_registry_lookup_lesson (f->registry, "expert");
  const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, lesson->variant);
  KielaPosition right;
  gboolean marked = FALSE;

  /* South's stones stay put: only North's may be picked. */
  click_square (board, "j2");
  g_assert_false (kiela_house_get_selected (kiela_board_view_get_house (board, KIELA_SOUTH, 10)));

  click (check);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  g_assert_true (g_str_has_prefix (kiela_lesson_view_get_feedback (view), "Not quite. South could still capture: "));
  for (guint h = 0; h < 20; h++)
    marked |= kiela_board_view_get_highlight (board, KIELA_SOUTH, h) == KIELA_HIGHLIGHT_LIFT;
  g_assert_true (marked);
  g_assert_false (gtk_widget_get_visible (show));

  /* A second wrong try (a3's stones into a4: b3 is still there to take). */
  click_stones (board, "a3", "a4", 2);
  g_assert_true (gtk_widget_is_sensitive (check));
  /* A moved stone clears the marks of the last verdict. */
  for (guint h = 0; h < 20; h++)
    g_assert_cmpint (kiela_board_view_get_highlight (board, KIELA_SOUTH, h), ==, KIELA_HIGHLIGHT_NONE);
  click (check);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  g_assert_true (g_str_has_prefix (kiela_lesson_view_get_feedback (view), "Not quite. South could still capture: "));
  g_assert_true (gtk_widget_get_visible (show));

  click (show);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpstr (kiela_lesson_view_get_feedback (view), ==,
                   "★☆☆ Here is the answer. South can capture nothing with its first move.");
  g_assert_true (kiela_lesson_step_right_arrangement (lesson, variant, EXPERT_SAFE, &right));
  g_assert_true (kiela_position_equal (kiela_board_view_get_position (board), &right));
  g_assert_cmpuint (expert_stars (f, EXPERT_SAFE), ==, 1);
  g_assert_false (gtk_widget_get_visible (show));
  g_assert_false (gtk_widget_is_sensitive (check));
}

static void
test_runner_wrong_feedback (Fixture *f, gconstpointer data)
{
  KielaLessonView *view;
  KielaBoardView *board;
  KielaSquare guess, end;
  const char *feedback;

  /* At a speed one can follow, the verdict waits for the end of the replay. */
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_FAST);
  view = open_runner (f, 2);
  board = kiela_lesson_view_get_board (view);
  click_square (board, "j2");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  g_assert_true (kiela_trace_player_get_playing (kiela_lesson_view_get_trace_player (view)));
  g_assert_null (kiela_lesson_view_get_feedback (view));
  wait_until (replay_done, view, 10000, "the replay");
  wait_until (feedback_shown, view, 2000, "the verdict");
  g_assert_cmpstr (kiela_lesson_view_get_feedback (view), ==, "Not quite. Not j2: the last stone lands in i2.");
  /* The guess and the true house are both marked, each its own way. */
  g_assert_true (kiela_square_parse (10, "j2", &guess, NULL));
  g_assert_true (kiela_square_parse (10, "i2", &end, NULL));
  g_assert_cmpint (kiela_board_view_get_highlight (board, guess.side, guess.house), ==, KIELA_HIGHLIGHT_HINT);
  g_assert_cmpint (kiela_board_view_get_highlight (board, end.side, end.house), ==, KIELA_HIGHLIGHT_END);
  maybe_screenshot (f, "lesson-wrong-guess.png");

  /* A wrong count names the houses taken and what each held. */
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  view = open_runner (f, 3);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count")), 3);
  click (kiela_lesson_view_get_control (view, "check"));
  wait_until (replay_done, view, 5000, "the replay");
  feedback = kiela_lesson_view_get_feedback (view);
  g_assert_nonnull (feedback);
  g_assert_nonnull (strstr (feedback, "j1 captures 6 stones."));
  g_assert_nonnull (strstr (feedback, "Taken: i3 with 3 stones, i4 with 3 stones."));

  /* One relay is "once", not "1 time". */
  kiela_lesson_view_open (view, "relay-outer", 1, NULL);
  click_square (kiela_lesson_view_get_board (view), "f1");
  wait_until (replay_done, view, 5000, "the replay");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), "f1 relays once."));
}

static void
test_runner_layout (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = open_runner (f, 1);
  GtkWidget *board = GTK_WIDGET (kiela_lesson_view_get_board (view));
  graphene_rect_t before, after;

  spin (300);
  before = bounds_in_window (f, board);
  /* The replay bar is there before the move, insensitive, so the board keeps its place. */
  g_assert_true (gtk_widget_get_visible (kiela_lesson_view_get_control (view, "replay")));
  g_assert_false (gtk_widget_is_sensitive (kiela_lesson_view_get_control (view, "replay")));
  click_square (kiela_lesson_view_get_board (view), "g1");
  wait_until (replay_done, view, 5000, "the replay");
  spin (300);
  g_assert_true (gtk_widget_is_sensitive (kiela_lesson_view_get_control (view, "replay")));
  after = bounds_in_window (f, board);
  maybe_screenshot (f, f->width == 1024 ? "lesson-replayed-1024x768.png" : "lesson-replayed-1920x1080.png");
  if (!graphene_rect_equal (&before, &after))
    g_error ("the board moved from %.0f,%.0f %.0fx%.0f to %.0f,%.0f %.0fx%.0f", before.origin.x, before.origin.y,
             before.size.width, before.size.height, after.origin.x, after.origin.y, after.size.width, after.size.height);
  g_test_message ("board at %.0f,%.0f %.0fx%.0f in a %dx%d window", before.origin.x, before.origin.y,
                  before.size.width, before.size.height, f->width, f->height);
  /* The whole board, the replay bar and the narration are inside the window. */
  {
    graphene_rect_t bar = bounds_in_window (f, kiela_lesson_view_get_control (view, "replay"));
    graphene_rect_t text = bounds_in_window (f, kiela_lesson_view_get_control (view, "narration"));
    int w = gtk_widget_get_width (GTK_WIDGET (f->window)), h = gtk_widget_get_height (GTK_WIDGET (f->window));

    g_assert_cmpfloat (bar.origin.y + bar.size.height, <=, h);
    g_assert_cmpfloat (text.origin.x + text.size.width, <=, w);
    g_assert_cmpfloat (after.origin.y + after.size.height, <=, h);
  }
}
/* A watch step asks nothing: no Hint button to press for nothing. */
static void
test_runner_watch_hint (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  guint watched = 0, asked = 0;

  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  for (guint i = 0; i < course->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (course, i);

      for (guint s = 0; s < lesson->n_steps; s++)
        {
          GtkWidget *hint;

          g_assert_true (kiela_lesson_view_open (view, lesson->id, s, NULL));
          hint = kiela_lesson_view_get_control (view, "hint");
          if (lesson->steps[s].task.kind == KIELA_TASK_WATCH)
            {
              g_assert_false (gtk_widget_get_visible (hint));
              watched++;
            }
          else if (kiela_lesson_step_get_hint (lesson, s) != NULL)
            {
              g_assert_true (gtk_widget_get_visible (hint));
              g_assert_true (gtk_widget_get_sensitive (hint));
              asked++;
            }
        }
    }
  g_assert_cmpuint (watched, >, 0);
  g_assert_cmpuint (asked, >, 0);
}

/* A drill step: a fresh position each time it opens, answered right from what is shown. */
static void
test_runner_drills (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  const KielaLesson *lesson = kiela_registry_lookup_lesson (f->registry, "capture");
  const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, lesson->variant);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint step = G_MAXUINT;

  for (guint s = 0; s < lesson->n_steps && step == G_MAXUINT; s++)
    if (lesson->steps[s].task.drill != KIELA_DRILL_NONE)
      step = s;
  g_assert_cmpuint (step, !=, G_MAXUINT);
  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  for (guint i = 0; i < 5; i++)
    {
      const KielaPosition *pos;

      g_assert_true (kiela_lesson_view_open (view, lesson->id, step, NULL));
      spin (20);
      pos = kiela_board_view_get_position (kiela_lesson_view_get_board (view));
      g_hash_table_add (seen, kiela_position_to_string (pos));
      g_assert_true (kiela_lesson_view_get_shown_lesson (view) != lesson);
      if (i == 0)
        maybe_screenshot (f, "lesson-drill.png");
      answer_right (view, lesson, variant, step);
      g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
    }
  g_assert_cmpuint (g_hash_table_size (seen), >=, 3);
  /* Try Again keeps the position: the pupil tries the same one again. */
  {
    g_autofree char *before = kiela_position_to_string (kiela_board_view_get_position (kiela_lesson_view_get_board (view)));
    g_autofree char *after = NULL;

    g_assert_true (kiela_lesson_view_open (view, lesson->id, step, NULL));
    spin (20);
    g_free (before);
    before = kiela_position_to_string (kiela_board_view_get_position (kiela_lesson_view_get_board (view)));
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count")), 99);
    click (kiela_lesson_view_get_control (view, "check"));
    wait_until (replay_done, view, 5000, "the replay");
    click (kiela_lesson_view_get_control (view, "retry"));
    after = kiela_position_to_string (kiela_board_view_get_position (kiela_lesson_view_get_board (view)));
    g_assert_cmpstr (before, ==, after);
  }
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = lessons_test_init (&argc, &argv, "test-lessons-runner");

  ADD_SIZES ("/app/lessons/runner/refusals", test_runner_refusals);
  ADD_SIZES ("/app/lessons/runner/answer-again", test_runner_answer_again);
  ADD_SIZES ("/app/lessons/runner/hint-after-wrong", test_runner_hint_after_wrong);
  ADD_SIZES ("/app/lessons/runner/show-me", test_runner_show_me);
  ADD_SIZES ("/app/lessons/runner/wrong-feedback", test_runner_wrong_feedback);
  ADD_SIZES ("/app/lessons/runner/arrange", test_runner_arrange);
  ADD_SIZES ("/app/lessons/runner/arrange-show-me", test_runner_arrange_show_me);
  ADD_SIZES ("/app/lessons/runner/arrange-drag", test_runner_arrange_drag);
  ADD_SIZES ("/app/lessons/runner/layout", test_runner_layout);
  ADD_SIZES ("/app/lessons/runner/watch-hint", test_runner_watch_hint);
  ADD ("/app/lessons/runner/drills", test_runner_drills);
  return g_test_run ();
}
