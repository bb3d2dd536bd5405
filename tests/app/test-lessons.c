/* test-lessons.c: the welcome page, the course and puzzles, lessons answered by clicking houses,
 * every task kind in the lesson view, progress kept across restarts, the tour and the walkthrough.
 * The rest of the lessons' tests: test-lessons-runner.c, -layout.c, -links.c, -teacher.c. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-welcome-page.h"
#include "kiela-lessons-page.h"
#include "kiela-settings.h"
#include "kiela-board-view-private.h"
#include "app-test-lessons.h"

/* ---------- the welcome page ---------- */

static void
test_welcome (Fixture *f, gconstpointer data)
{
  KielaWelcomePage *welcome = KIELA_WELCOME_PAGE (kiela_learn_get_page (learn_of (f), KIELA_PAGE_WELCOME));
  const char *choices[] = { KIELA_WELCOME_LESSONS, KIELA_WELCOME_PUZZLES, KIELA_WELCOME_COMPUTER,
                            KIELA_WELCOME_TWO_PLAYERS, KIELA_WELCOME_OPEN };

  /* A window made by hand shows the game; the first start shows the welcome page, once. */
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  g_assert_false (g_settings_get_boolean (f->prefs, KIELA_SETTINGS_WELCOME_SHOWN));
  kiela_learn_first_start (learn_of (f));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_WELCOME);
  g_assert_true (g_settings_get_boolean (f->prefs, KIELA_SETTINGS_WELCOME_SHOWN));
  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      GtkWidget *row = kiela_welcome_page_get_row (welcome, choices[i]);

      g_assert_nonnull (row);
      g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
      g_assert_nonnull (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
    }
  maybe_screenshot (f, "welcome.png");

  /* The board is one click away. */
  g_signal_emit_by_name (kiela_welcome_page_get_row (welcome, KIELA_WELCOME_TWO_PLAYERS), "activate");
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  g_assert_null (kiela_game_session_get_player (kiela_window_get_session (f->window), KIELA_NORTH));

  /* The menu brings the welcome page back; Play the Computer starts a game against the beginner. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", KIELA_PAGE_WELCOME);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_WELCOME);
  kiela_learn_first_start (learn_of (f));   /* not again: already shown */
  g_signal_emit_by_name (kiela_welcome_page_get_row (welcome, KIELA_WELCOME_COMPUTER), "activate");
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  {
    const KielaPersonality *north = kiela_game_session_get_player (kiela_window_get_session (f->window), KIELA_NORTH);
    GPtrArray *all = kiela_registry_get_personalities (f->registry);

    g_assert_nonnull (north);
    g_assert_cmpstr (north->id, ==, KIELA_NEWCOMER_OPPONENT);
    /* The newcomer's opponent is the gentlest there is. */
    g_assert_true (g_ptr_array_index (all, 0) == north);
    g_assert_null (kiela_game_session_get_player (kiela_window_get_session (f->window), KIELA_SOUTH));
  }

  /* Learn to Play opens the course. */
  kiela_window_show_page (f->window, KIELA_PAGE_WELCOME);
  g_signal_emit_by_name (kiela_welcome_page_get_row (welcome, KIELA_WELCOME_LESSONS), "activate");
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSONS);
  kiela_window_show_page (f->window, KIELA_PAGE_WELCOME);
  g_signal_emit_by_name (kiela_welcome_page_get_row (welcome, KIELA_WELCOME_PUZZLES), "activate");
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_PUZZLES);
}

/* ---------- the first lesson, right and wrong, and progress after a restart ---------- */

static void
test_first_lesson (Fixture *f, gconstpointer data)
{
  KielaLessonsPage *lessons = KIELA_LESSONS_PAGE (kiela_learn_get_page (learn_of (f), KIELA_PAGE_LESSONS));
  KielaLessonView *view = view_of (f);
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  const KielaLesson *lesson = kiela_registry_lookup_lesson (f->registry, "houses");
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  GtkWidget *row;
  const char *feedback;

  /* The course starts with this lesson. */
  g_assert_true (g_ptr_array_index (course, 0) == lesson);
  kiela_window_show_page (f->window, KIELA_PAGE_LESSONS);
  row = kiela_lessons_page_get_item (lessons, "houses", 0);
  g_assert_nonnull (row);
  g_assert_cmpstr (row_state (row), ==, "5 steps");
  g_signal_emit_by_name (row, "activate");
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  g_assert_cmpstr (kiela_lesson_view_get_narration (view), ==, kiela_lesson_step_get_text (lesson, 0));
  g_assert_null (kiela_lesson_view_get_feedback (view));
  {
    /* The header's back button leads back to the course. */
    g_autoptr(GVariant) target = NULL;
    GtkWidget *back = find_back_button (GTK_WIDGET (f->window));

    g_assert_nonnull (back);
    target = g_variant_ref (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (back)));
    g_assert_cmpstr (g_variant_get_string (target, NULL), ==, KIELA_PAGE_LESSONS);
  }
  g_assert_false (gtk_widget_is_sensitive (kiela_lesson_view_get_control (view, "next")));

  /* Wrong: f1 instead of g1.  The feedback says so; Try Again appears, Next stays off. */
  click_square (board, "f1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  feedback = kiela_lesson_view_get_feedback (view);
  g_assert_nonnull (feedback);
  g_assert_nonnull (strstr (feedback, "f1"));
  g_assert_false (gtk_widget_is_sensitive (kiela_lesson_view_get_control (view, "next")));
  maybe_screenshot (f, "lesson-wrong.png");
  click (kiela_lesson_view_get_control (view, "retry"));
  g_assert_null (kiela_lesson_view_get_feedback (view));
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_PENDING);

  /* A house of North's is explained, not counted. */
  click_square (board, "g4");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_PENDING);
  g_assert_nonnull (kiela_lesson_view_get_feedback (view));

  /* Right: g1. */
  click_square (board, "g1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  feedback = kiela_lesson_view_get_feedback (view);
  g_assert_nonnull (feedback);
  g_assert_true (g_str_has_prefix (feedback, "★★☆"));   /* one wrong answer: two stars */
  maybe_screenshot (f, "lesson.png");
  click (kiela_lesson_view_get_control (view, "next"));
  g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, 1);
  g_assert_cmpstr (kiela_lesson_view_get_narration (view), ==, kiela_lesson_step_get_text (lesson, 1));

  /* Step 2 with a hint, then right: two stars; the other steps right, and the lesson is done. */
  click (kiela_lesson_view_get_control (view, "hint"));
  g_assert_cmpstr (kiela_lesson_view_get_feedback (view), ==, kiela_lesson_step_get_hint (lesson, 1));
  click_square (board, "j2");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  click (kiela_lesson_view_get_control (view, "next"));
  for (guint s = 2; s < lesson->n_steps; s++)
    {
      g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, s);
      answer_right (view, lesson, kiela_registry_lookup_variant (f->registry, lesson->variant), s);
      g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
      click (kiela_lesson_view_get_control (view, "next"));
    }
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSONS);
  row = kiela_lessons_page_get_item (lessons, "houses", 0);
  g_assert_cmpstr (row_state (row), ==, "Done ★★☆");

  /* A lesson left half-way opens at its first step not done. */
  kiela_lesson_progress_record (kiela_learn_get_progress (learn_of (f)), "sowing", 0, 0, 0, NULL);
  g_signal_emit_by_name (kiela_lessons_page_get_item (lessons, "sowing", 0), "activate");
  spin (20);
  g_assert_cmpstr (kiela_lesson_view_get_lesson (view)->id, ==, "sowing");
  g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, 1);
  kiela_window_show_page (f->window, KIELA_PAGE_LESSONS);

  /* A restart: a new window reads the same progress from disk. */
  close_window (f);
  f->window = make_window (f);
  lessons = KIELA_LESSONS_PAGE (kiela_learn_get_page (learn_of (f), KIELA_PAGE_LESSONS));
  g_assert_cmpuint (kiela_lesson_progress_lesson_stars (kiela_learn_get_progress (learn_of (f)), "houses", lesson->n_steps), ==, 2);
  g_assert_cmpstr (row_state (kiela_lessons_page_get_item (lessons, "houses", 0)), ==, "Done ★★☆");
  g_assert_cmpstr (row_state (kiela_lessons_page_get_item (lessons, "sowing", 0)), ==, "1 of 9");
  g_assert_cmpstr (row_state (kiela_lessons_page_get_item (lessons, "turn-end", 0)), ==, "8 steps");
  /* One group a level, each in course order. */
  for (guint i = 1; i < course->len; i++)
    {
      const KielaLesson *a = g_ptr_array_index (course, i - 1), *b = g_ptr_array_index (course, i);
      g_assert_true (a->level < b->level || (a->level == b->level && a->order < b->order));
    }
  {
    guint groups = 0;
    GtkWidget *box = gtk_widget_get_parent (gtk_widget_get_ancestor (kiela_lessons_page_get_item (lessons, "houses", 0),
                                                                     ADW_TYPE_PREFERENCES_GROUP));

    for (GtkWidget *g = gtk_widget_get_first_child (box); g; g = gtk_widget_get_next_sibling (g))
      groups++;
    g_assert_cmpuint (groups, ==, 3);
  }
  kiela_window_show_page (f->window, KIELA_PAGE_LESSONS);
  maybe_screenshot (f, "lessons.png");
}

/* ---------- every task kind, through the view ---------- */

static void
test_every_task (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  guint kinds_seen = 0;
  guint steps = 0;

  kiela_window_show_page (f->window, KIELA_PAGE_LESSON);
  for (guint i = 0; i < course->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (course, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, lesson->variant);

      for (guint s = 0; s < lesson->n_steps; s++)
        {
          KielaTaskKind kind = lesson->steps[s].task.kind;

          if (kind == KIELA_TASK_PLAY_OUT)
            continue;
          g_assert_true (kiela_lesson_view_open (view, lesson->id, s, NULL));
          g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_PENDING);
          answer_right (view, lesson, variant, s);
          if (kiela_lesson_view_get_verdict (view) != KIELA_LESSON_RIGHT)
            g_error ("lesson %s step %u (%s): not right: %s", lesson->id, s + 1, kiela_task_kind_name (kind),
                     kiela_lesson_view_get_feedback (view));
          g_assert_nonnull (kiela_lesson_view_get_feedback (view));
          g_assert_true (gtk_widget_is_sensitive (kiela_lesson_view_get_control (view, "next")));
          g_assert_cmpuint (kiela_lesson_progress_get_stars (kiela_learn_get_progress (learn_of (f)), lesson->id, s), ==, 3);
          kinds_seen |= 1u << kind;
          steps++;
        }
    }
  g_test_message ("%u steps answered through the view", steps);
  g_assert_cmpuint (kinds_seen, ==, (1u << KIELA_TASK_WATCH) | (1u << KIELA_TASK_SOW_HOUSE) | (1u << KIELA_TASK_SOW_ANY)
                                    | (1u << KIELA_TASK_PREDICT_LAST) | (1u << KIELA_TASK_PREDICT_CAPTURE)
                                    | (1u << KIELA_TASK_ARRANGE));
}

static void
test_wrong_predictions (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  gboolean did_last = FALSE, did_capture = FALSE;

  kiela_window_show_page (f->window, KIELA_PAGE_LESSON);
  for (guint i = 0; i < course->len && !(did_last && did_capture); i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (course, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, lesson->variant);

      for (guint s = 0; s < lesson->n_steps; s++)
        {
          KielaLessonAnswer right = { 0 };
          KielaTaskKind kind = lesson->steps[s].task.kind;

          if (kind == KIELA_TASK_PREDICT_LAST && !did_last)
            {
              KielaBoardView *board;
              guint other;

              g_assert_true (kiela_lesson_view_open (view, lesson->id, s, NULL));
              g_assert_true (kiela_lesson_step_right_answer (lesson, variant, s, &right));
              board = kiela_lesson_view_get_board (view);
              other = right.house == 0 ? 1 : 0;
              gtk_widget_activate (GTK_WIDGET (kiela_board_view_get_house (board, right.side, other)));
              spin (20);
              g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
              g_assert_nonnull (kiela_lesson_view_get_feedback (view));
              wait_until (replay_done, view, 5000, "the replay");
              /* The move was played to show where it really ends. */
              g_assert_true (kiela_trace_player_is_at_end (kiela_lesson_view_get_trace_player (view)));
              did_last = TRUE;
            }
          else if (kind == KIELA_TASK_PREDICT_CAPTURE && !did_capture)
            {
              g_assert_true (kiela_lesson_view_open (view, lesson->id, s, NULL));
              g_assert_true (kiela_lesson_step_right_answer (lesson, variant, s, &right));
              gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count")),
                                         right.number + 1);
              click (kiela_lesson_view_get_control (view, "check"));
              g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
              g_assert_nonnull (kiela_lesson_view_get_feedback (view));
              /* Try again, right this time: one wrong answer, two stars. */
              click (kiela_lesson_view_get_control (view, "retry"));
              answer_right (view, lesson, variant, s);
              g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
              g_assert_cmpuint (kiela_lesson_progress_get_stars (kiela_learn_get_progress (learn_of (f)), lesson->id, s),
                                ==, 2);
              did_capture = TRUE;
            }
        }
    }
  g_assert_true (did_last && did_capture);
}

/* ---------- PLAY_OUT: a game against the named opponent, cancelled when leaving ---------- */

static gboolean
thinking_or_learner_turn (gpointer data)
{
  KielaLessonView *view = data;

  return kiela_lesson_view_is_thinking (view)
         || (kiela_board_view_get_interactive (kiela_lesson_view_get_board (view)) && replay_done (view));
}

/* The learner sows the first legal house of the position shown. */
static void
play_first_legal (Fixture *f, KielaLessonView *view, const KielaLesson *lesson)
{
  const KielaPosition *pos = kiela_board_view_get_position (kiela_lesson_view_get_board (view));
  const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, lesson->variant);
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (variant, pos, moves, NULL, NULL);

  g_assert_cmpuint (n, >, 0);
  click_move (view, moves[0]);
}

static void
test_play_out (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  const KielaLesson *lesson = NULL;
  guint step = 0;

  for (guint i = 0; i < course->len && lesson == NULL; i++)
    {
      const KielaLesson *l = g_ptr_array_index (course, i);

      for (guint s = 0; s < l->n_steps; s++)
        if (l->steps[s].task.kind == KIELA_TASK_PLAY_OUT)
          {
            lesson = l;
            step = s;
            break;
          }
    }
  g_assert_nonnull (lesson);
  kiela_window_show_page (f->window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, lesson->id, step, NULL));
  g_assert_true (kiela_board_view_get_interactive (kiela_lesson_view_get_board (view)));

  /* Two moves of the learner, each answered by the computer. */
  for (int round = 0; round < 2 && kiela_lesson_view_get_verdict (view) == KIELA_LESSON_PENDING; round++)
    {
      play_first_legal (f, view, lesson);
      wait_until (learner_turn, view, 20000, "the computer's reply");
    }

  /* Leaving the page while the computer thinks cancels it. */
  if (kiela_lesson_view_get_verdict (view) == KIELA_LESSON_PENDING)
    {
      play_first_legal (f, view, lesson);
      wait_until (thinking_or_learner_turn, view, 5000, "the computer to think");
      kiela_window_show_page (f->window, "game");
      g_assert_false (kiela_lesson_view_is_thinking (view));
      app_test_wait_frames (GTK_WIDGET (f->window), 2);
      g_assert_false (kiela_lesson_view_is_thinking (view));
    }
}

/* ---------- puzzles ---------- */

static void
test_puzzles (Fixture *f, gconstpointer data)
{
  KielaLessonsPage *page = KIELA_LESSONS_PAGE (kiela_learn_get_page (learn_of (f), KIELA_PAGE_PUZZLES));
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) sets = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_PUZZLES);
  const KielaLesson *easy;
  const KielaVariant *variant;
  GtkWidget *button;
  KielaLessonAnswer right = { 0 };
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition pos;
  guint n;

  g_assert_cmpuint (sets->len, ==, 3);
  easy = g_ptr_array_index (sets, 0);
  g_assert_cmpuint (easy->level, ==, KIELA_LESSON_BEGINNER);
  variant = kiela_registry_lookup_variant (f->registry, easy->variant);
  for (guint i = 0; i < sets->len; i++)
    {
      const KielaLesson *set = g_ptr_array_index (sets, i);
      for (guint s = 0; s < set->n_steps; s++)
        g_assert_nonnull (kiela_lessons_page_get_item (page, set->id, s));
    }
  kiela_window_show_page (f->window, KIELA_PAGE_PUZZLES);
  maybe_screenshot (f, "puzzles.png");

  /* Puzzle 2 of the easy set: a wrong move first, then the best one. */
  button = kiela_lessons_page_get_item (page, easy->id, 1);
  click (button);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, 1);
  g_assert_true (kiela_lesson_step_right_answer (easy, variant, 1, &right));
  g_assert_true (kiela_lesson_step_get_position (easy, variant, 1, &pos, NULL));
  n = kiela_legal_moves (variant, &pos, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    if (moves[i] != right.move)
      {
        click_move (view, moves[i]);
        break;
      }
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  /* A wrong move: the reply that punishes it, then played on the board after the move. */
  g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), "Not the best move."));
  g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), "North’s reply"));
  g_assert_null (strstr (kiela_lesson_view_get_feedback (view), "Right"));
  wait_until (replay_done, view, 10000, "the replay");
  g_assert_cmpint (kiela_trace_player_get_trace (kiela_lesson_view_get_trace_player (view))->result.mover, ==, KIELA_NORTH);
  click (kiela_lesson_view_get_control (view, "retry"));
  /* The hint marks the houses that matter (North's houses the best line takes, or South's
   * houses North threatens), and never the answer itself. */
  click (kiela_lesson_view_get_control (view, "hint"));
  {
    KielaBoardView *board = kiela_lesson_view_get_board (view);
    guint marked = 0;

    for (guint side = 0; side < 2; side++)
      for (guint h = 0; h < 2u * variant->files; h++)
        marked += kiela_board_view_get_highlight (board, side, h) == KIELA_HIGHLIGHT_HINT;
    g_assert_cmpuint (marked, >, 0);
    g_assert_cmpint (kiela_board_view_get_highlight (board, KIELA_SOUTH, (guint) right.move), !=, KIELA_HIGHLIGHT_HINT);
    g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), "marked houses"));
  }
  maybe_screenshot (f, "puzzle.png");
  click_move (view, right.move);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  /* The right move: what it achieves, its best line, and North's best reply to watch. */
  g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), "The best line: "));
  g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), "Watch North’s best reply"));
  g_assert_null (strstr (kiela_lesson_view_get_feedback (view), "Another move"));
  wait_until (replay_done, view, 10000, "the replay");
  maybe_screenshot (f, "puzzle-right.png");
  /* A wrong try and a hint: one star. */
  g_assert_cmpuint (kiela_lesson_progress_get_stars (kiela_learn_get_progress (learn_of (f)), easy->id, 1), ==, 1);
  /* Next goes on to puzzle 3. */
  click (kiela_lesson_view_get_control (view, "next"));
  g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, 2);
  /* The page shows the solved puzzle (rebuilt: fetch the button again). */
  button = kiela_lessons_page_get_item (page, easy->id, 1);
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "2"));
}

/* ---------- practice games and final tests ---------- */

static void
test_final_test (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  const KielaLesson *test = kiela_registry_lookup_lesson (f->registry, "final-beginner");
  const KielaLesson *relays = kiela_registry_lookup_lesson (f->registry, "relay-outer");
  const KielaVariant *variant;
  KielaLessonResult result = { 0 };
  guint last;

  g_assert_nonnull (test);
  g_assert_true (kiela_lesson_is_final_test (test));
  g_assert_false (kiela_lesson_is_final_test (relays));
  variant = kiela_registry_lookup_variant (f->registry, test->variant);
  kiela_window_show_page (f->window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, test->id, 0, NULL));
  for (guint s = 0; s < test->n_steps; s++)
    {
      g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, s);
      /* A test gives no hints. */
      g_assert_false (gtk_widget_get_sensitive (kiela_lesson_view_get_control (view, "hint")));
      if (test->steps[s].task.kind == KIELA_TASK_SOW_ANY)
        {
          /* One wrong answer first: that step is not right at the first try. */
          const KielaPosition *pos = kiela_board_view_get_position (kiela_lesson_view_get_board (view));
          KielaMove moves[KIELA_MAX_MOVES];
          guint n = kiela_legal_moves (variant, pos, moves, NULL, NULL);
          gboolean done = FALSE;

          for (guint m = 0; m < n && !done; m++)
            {
              KielaLessonAnswer a = { .move = moves[m] };
              if (kiela_lesson_check (kiela_lesson_view_get_shown_lesson (view), variant, s, &a, NULL) == KIELA_LESSON_WRONG)
                {
                  click_move (view, moves[m]);
                  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
                  wait_until (replay_done, view, 5000, "the replay");
                  click (kiela_lesson_view_get_control (view, "retry"));
                  done = TRUE;
                }
            }
          g_assert_true (done);
        }
      answer_right (view, test, variant, s);
      g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
      if (s + 1 < test->n_steps)
        click (kiela_lesson_view_get_control (view, "next"));
    }
  /* The score a teacher notes down, said and kept with the progress. */
  {
    g_autofree char *expected = g_strdup_printf ("Final test: %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " right at the first try.", test->n_steps - 1,
                                                 test->n_steps);
    g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), expected));
  }
  g_assert_true (kiela_lesson_progress_get_result (kiela_learn_get_progress (learn_of (f)), test->id, &result));
  g_assert_cmpuint (result.score, ==, test->n_steps - 1);
  g_assert_cmpuint (result.total, ==, test->n_steps);
  maybe_screenshot (f, "final-test.png");

  /* Each lesson ends with a practice game against the beginner opponent: relay-outer's asks
   * for a relay, and is right once the learner's move relays. */
  last = (guint) relays->n_steps - 1;
  g_assert_cmpint (relays->steps[last].task.kind, ==, KIELA_TASK_PLAY_OUT);
  g_assert_cmpint (relays->steps[last].task.condition, ==, KIELA_GOAL_RELAY);
  g_assert_cmpstr (relays->steps[last].task.opponent, ==, "kizua");
  g_assert_true (kiela_lesson_view_open (view, relays->id, last, NULL));
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_PENDING);
  answer_right (view, relays, kiela_registry_lookup_variant (f->registry, relays->variant), last);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  maybe_screenshot (f, "practice-game.png");
}

/* KIELA_SCREENSHOT_DIR=... only (not part of the suite): every step of the course as a newcomer
 * sees it, asked and then answered, one PNG each ("tour-03-sowing-2a.png", "...-2b.png"). */
static void
tour_shot (Fixture *f, guint lesson, const char *id, guint step, char phase)
{
  const char *lang = g_getenv ("KIELA_TEST_LOCALE");
  g_autofree char *name = g_strdup_printf ("tour-%s%02u-%s-%u%c.png", lang ? "fr-" : "", lesson, id, step + 1, phase);
  g_autofree char *path = screenshot_path (name);
  g_autoptr(GdkTexture) texture = NULL;

  /* In the suite, the tour answers every step without pictures. */
  if (path == NULL)
    return;
  spin (400);
  texture = render_texture (GTK_WIDGET (f->window), FALSE);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
test_tour (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);

  /* In French (KIELA_TEST_LOCALE, app-lessons-tour-fr): the window and the lessons are. */
  if (g_getenv ("KIELA_TEST_LOCALE") != NULL)
    {
      const KielaLesson *first = g_ptr_array_index (course, 0);

      g_assert_cmpstr (_("Learn to Play"), !=, "Learn to Play");
      g_assert_cmpstr (kiela_lesson_step_get_text (first, 0), !=, first->steps[0].text);
    }
  kiela_window_show_page (f->window, KIELA_PAGE_LESSONS);
  maybe_screenshot (f, "tour-00-list.png");
  kiela_window_show_page (f->window, KIELA_PAGE_LESSON);
  for (guint i = 0; i < course->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (course, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, lesson->variant);

      for (guint s = 0; s < lesson->n_steps; s++)
        {
          g_assert_true (kiela_lesson_view_open (view, lesson->id, s, NULL));
          g_assert_cmpstr (kiela_lesson_view_get_narration (view), ==, kiela_lesson_step_get_text (lesson, s));
          tour_shot (f, i + 1, lesson->id, s, 'a');
          answer_right (view, lesson, variant, s);
          /* A practice game against the beginner opponent may still be lost by the test's
           * greedy play: it must end with a verdict, which test_play_out checks. */
          if (lesson->steps[s].task.kind == KIELA_TASK_PLAY_OUT
              && kiela_lesson_view_get_verdict (view) == KIELA_LESSON_WRONG)
            g_test_message ("%s step %u: the practice game was lost: %s", lesson->id, s + 1,
                            kiela_lesson_view_get_feedback (view));
          else if (kiela_lesson_view_get_verdict (view) != KIELA_LESSON_RIGHT)
            g_error ("%s step %u: not right: %s", lesson->id, s + 1, kiela_lesson_view_get_feedback (view));
          tour_shot (f, i + 1, lesson->id, s, 'b');
        }
    }
}

/* KIELA_SCREENSHOT_DIR=... only: the course as a newcomer goes through it, for a person to
 * look at ("walk-03-sowing-2a.png" asked, "-2w" after a wrong answer, "-2h" with the hint,
 * "-2s" shown by Show Me, "-2b" answered): every lesson opened from the list, a wrong answer
 * where a step takes one, the hint, Show Me in every third lesson, Next and Next Lesson; then
 * presentation mode, the clicker keys and the text zoom on a lesson and a puzzle. */
static void
walk_shot (Fixture *f, guint lesson, const char *id, guint step, const char *phase)
{
  const char *lang = g_getenv ("KIELA_TEST_LOCALE");
  g_autofree char *name = g_strdup_printf ("walk-%s%02u-%s-%u%s.png", lang ? "fr-" : "", lesson, id, step + 1, phase);
  g_autofree char *path = screenshot_path (name);
  g_autoptr(GdkTexture) texture = NULL;

  spin (300);
  texture = render_texture (GTK_WIDGET (f->window), FALSE);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
test_walkthrough (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  g_autoptr(GPtrArray) puzzles = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_PUZZLES);

  kiela_window_show_page (f->window, KIELA_PAGE_WELCOME);
  walk_shot (f, 0, "welcome", 0, "");
  kiela_window_show_page (f->window, KIELA_PAGE_LESSONS);
  walk_shot (f, 0, "list", 0, "");
  for (guint i = 0; i < course->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (course, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, lesson->variant);
      g_autofree char *target = g_strdup_printf ("%s/1", lesson->id);
      /* KIELA_WALK_LESSON=omweso-reverse walks that lesson alone. */
      const char *only = g_getenv ("KIELA_WALK_LESSON");

      if (only != NULL && g_strcmp0 (only, lesson->id) != 0)
        continue;

      /* From the list, as a pupil opens it. */
      kiela_window_show_page (f->window, KIELA_PAGE_LESSONS);
      gtk_widget_activate_action (GTK_WIDGET (f->window), "learn.open-lesson", "s", target);
      for (guint s = 0; s < lesson->n_steps; s++)
        {
          g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, s);
          walk_shot (f, i + 1, lesson->id, s, "a");
          if (answer_wrong (view, lesson, variant, s))
            {
              walk_shot (f, i + 1, lesson->id, s, "w");
              if (i % 3 == 2 && answer_wrong (view, lesson, variant, s)
                  && gtk_widget_get_visible (kiela_lesson_view_get_control (view, "show")))
                {
                  click (kiela_lesson_view_get_control (view, "show"));
                  wait_until (replay_done, view, 10000, "the replay");
                  walk_shot (f, i + 1, lesson->id, s, "s");
                }
              else if (gtk_widget_get_visible (kiela_lesson_view_get_control (view, "hint"))
                       && gtk_widget_is_sensitive (kiela_lesson_view_get_control (view, "hint")))
                {
                  click (kiela_lesson_view_get_control (view, "hint"));
                  walk_shot (f, i + 1, lesson->id, s, "h");
                }
            }
          /* Try Again, as a pupil does, then the right answer. */
          if (kiela_lesson_view_get_verdict (view) != KIELA_LESSON_RIGHT
              && gtk_widget_get_visible (kiela_lesson_view_get_control (view, "retry")))
            click (kiela_lesson_view_get_control (view, "retry"));
          if (kiela_lesson_view_get_verdict (view) != KIELA_LESSON_RIGHT)
            answer_right (view, lesson, variant, s);
          walk_shot (f, i + 1, lesson->id, s, "b");
          if (!gtk_widget_is_sensitive (kiela_lesson_view_get_control (view, "next")))
            {
              g_test_message ("%s step %u: not passed: %s", lesson->id, s + 1, kiela_lesson_view_get_feedback (view));
              break;
            }
          if (s + 1 < lesson->n_steps)
            click (kiela_lesson_view_get_control (view, "next"));
        }
      /* The end of the lesson: Next Lesson, or Next back to the list. */
      if (gtk_widget_get_visible (kiela_lesson_view_get_control (view, "next-lesson")))
        g_test_message ("%s ends with Next Lesson", lesson->id);
      if (gtk_widget_is_sensitive (kiela_lesson_view_get_control (view, "next")))
        click (kiela_lesson_view_get_control (view, "next"));
      walk_shot (f, i + 1, lesson->id, lesson->n_steps, "-end");
    }

  /* Presentation mode, the clicker and the zoom on the first lesson's watch step and a puzzle. */
  for (guint k = 0; k < 2; k++)
    {
      const KielaLesson *lesson = g_ptr_array_index (k == 0 ? course : puzzles, k == 0 ? 1 : 0);
      const char *id = k == 0 ? "present" : "puzzle";

      kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
      g_assert_true (kiela_lesson_view_open (view, lesson->id, 0, NULL));
      app_test_press (GTK_WIDGET (f->window), "F5");
      walk_shot (f, 90 + k, id, 0, "f5");
      /* The clicker steps a move: a step that asks first is answered. */
      if (kiela_trace_player_get_trace (kiela_lesson_view_get_trace_player (view)) == NULL)
        {
          answer_right (view, lesson, kiela_registry_lookup_variant (f->registry, lesson->variant), 0);
          /* From the move's start: at its end Page Down takes the next step. */
          kiela_trace_player_go_to_start (kiela_lesson_view_get_trace_player (view));
        }
      app_test_press (GTK_WIDGET (view), "Page_Down");
      app_test_press (GTK_WIDGET (view), "Page_Down");
      walk_shot (f, 90 + k, id, 0, "pgdn");
      for (guint z = 0; z < 4; z++)
        app_test_press (GTK_WIDGET (f->window), "<Control>plus");
      walk_shot (f, 90 + k, id, 0, "zoom");
      app_test_press (GTK_WIDGET (f->window), "F5");
      walk_shot (f, 90 + k, id, 0, "zoom-window");
      app_test_press (GTK_WIDGET (f->window), "<Control>0");
      kiela_window_pop_page (f->window);
    }
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = lessons_test_init (&argc, &argv, "test-lessons");

  ADD ("/app/lessons/welcome", test_welcome);
  ADD ("/app/lessons/first-lesson", test_first_lesson);
  ADD ("/app/lessons/every-task", test_every_task);
  ADD ("/app/lessons/wrong-predictions", test_wrong_predictions);
  ADD ("/app/lessons/play-out", test_play_out);
  ADD ("/app/lessons/puzzles", test_puzzles);
  ADD ("/app/lessons/final-test", test_final_test);
  ADD ("/app/lessons/tour", test_tour);
  if (g_getenv ("KIELA_SCREENSHOT_DIR") != NULL)
    ADD ("/app/lessons/walkthrough", test_walkthrough);
  return g_test_run ();
}
