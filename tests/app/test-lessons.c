/* test-lessons.c: the welcome page, the course and puzzles, lessons answered by clicking houses,
 * every task kind in the lesson view, "How does this work?" offers, and progress kept across restarts. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-compat.h"
#include "kiela-learn.h"
#include "kiela-welcome-page.h"
#include "kiela-lessons-page.h"
#include "kiela-lesson-view.h"
#include "kiela-lesson-install.h"
#include "kiela-settings.h"
#include "kiela-board-view-private.h"
#include "kiela-house.h"
#include "app-test-util.h"
#include "app-test-render.h"

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
} Fixture;

/* KIELA_SCREENSHOT_SIZE=1024x768 for the narrow screenshots; 1280x800 otherwise. */
static int
screenshot_width (void)
{
  const char *size = g_getenv ("KIELA_SCREENSHOT_SIZE");
  return size ? atoi (size) : 1280;
}

static int
screenshot_height (void)
{
  const char *size = g_getenv ("KIELA_SCREENSHOT_SIZE");
  const char *x = size ? strchr (size, 'x') : NULL;
  return x ? atoi (x + 1) : 800;
}

static KielaWindow *
make_window (Fixture *f)
{
  KielaWindow *w = app_test_window_new (f->registry, f->prefs, NULL);
  gtk_window_set_default_size (GTK_WINDOW (w), screenshot_width (), screenshot_height ());
  gtk_window_present (GTK_WINDOW (w));
  return w;
}

static void
close_window (Fixture *f)
{
  g_clear_pointer (&f->window, app_test_window_free);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autofree char *progress = g_build_filename (g_get_user_data_dir (), "kiela", "progress.ini", NULL);

  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  g_assert_nonnull (kiela_registry_lookup_lesson (f->registry, "houses"));
  /* Each test starts without progress. */
  g_remove (progress);
  f->prefs = app_test_settings_new ();
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  f->window = make_window (f);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  close_window (f);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
}

static KielaLearn *
learn_of (Fixture *f)
{
  return kiela_window_get_learn (f->window);
}

static KielaLessonView *
view_of (Fixture *f)
{
  return kiela_learn_get_lesson_view (learn_of (f));
}

/* Clicks the house at `square` (a KielaHouse button) in the lesson view. */
static void
click_square (KielaBoardView *board, const char *square)
{
  KielaSquare sq;
  KielaHouse *house;

  g_assert_true (kiela_square_parse (kiela_board_view_get_files (board), square, &sq, NULL));
  house = kiela_board_view_get_house (board, sq.side, sq.house);
  g_assert_nonnull (house);
  g_signal_emit_by_name (house, "clicked");
  spin (20);
}

static void
click_move (KielaLessonView *view, KielaMove move)
{
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  const KielaPosition *pos = kiela_board_view_get_position (board);
  KielaHouse *house = kiela_board_view_get_house (board, pos->to_move, (guint) move);

  g_assert_nonnull (house);
  /* Enter on a focused house, as a keyboard user answers. */
  gtk_widget_grab_focus (GTK_WIDGET (house));
  gtk_widget_activate (GTK_WIDGET (house));
  spin (20);
}

static void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  spin (20);
}

static char *
screenshot_path (const char *name)
{
  const char *dir = g_getenv ("KIELA_SCREENSHOT_DIR");

  return dir ? g_build_filename (dir, name, NULL) : NULL;
}

/* KIELA_SCREENSHOT_DIR=... saves the window as it is now (the screenshots in data/screenshots/). */
static void
maybe_screenshot (Fixture *f, const char *name)
{
  g_autofree char *path = screenshot_path (name);
  g_autoptr(GdkTexture) texture = NULL;

  if (path == NULL)
    return;
  /* Past the page transition and the replay. */
  spin (1500);
  texture = render_texture (GTK_WIDGET (f->window), FALSE);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s (%dx%d)", path, gdk_texture_get_width (texture), gdk_texture_get_height (texture));
}

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

static const char *
row_state (GtkWidget *row)
{
  /* The suffix label: "2 steps", "1 of 2", "Done ★★☆". */
  for (GtkWidget *w = row; w != NULL;)
    {
      GtkWidget *child = gtk_widget_get_first_child (w);
      while (child != NULL)
        {
          if (GTK_IS_LABEL (child) && (gtk_widget_has_css_class (child, "kiela-stars")
                                       || gtk_widget_has_css_class (child, "dim-label"))
              && gtk_widget_get_parent (child) != NULL && !gtk_widget_has_css_class (child, "subtitle"))
            return gtk_label_get_label (GTK_LABEL (child));
          if (gtk_widget_get_first_child (child) != NULL)
            {
              const char *found = row_state (child);
              if (found)
                return found;
            }
          child = gtk_widget_get_next_sibling (child);
        }
      break;
    }
  return NULL;
}

/* The visible header button that goes to another page (win.show-page). */
static gboolean
is_back_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_visible (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.show-page") == 0;
}

static GtkWidget *
find_back_button (GtkWidget *widget)
{
  return app_test_find_widget (widget, is_back_button, NULL);
}

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
  g_assert_cmpstr (row_state (row), ==, "2 steps");
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

  /* Wrong: h1 instead of g1.  The feedback says so; Try Again appears, Next stays off. */
  click_square (board, "h1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  feedback = kiela_lesson_view_get_feedback (view);
  g_assert_nonnull (feedback);
  g_assert_nonnull (strstr (feedback, "h1"));
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

  /* Step 2 with a hint, then right: two stars, and the lesson is done. */
  click (kiela_lesson_view_get_control (view, "hint"));
  g_assert_cmpstr (kiela_lesson_view_get_feedback (view), ==, kiela_lesson_step_get_hint (lesson, 1));
  click_square (board, "j2");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  click (kiela_lesson_view_get_control (view, "next"));
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
  g_assert_cmpuint (kiela_lesson_progress_lesson_stars (kiela_learn_get_progress (learn_of (f)), "houses", 2), ==, 2);
  g_assert_cmpstr (row_state (kiela_lessons_page_get_item (lessons, "houses", 0)), ==, "Done ★★☆");
  g_assert_cmpstr (row_state (kiela_lessons_page_get_item (lessons, "sowing", 0)), ==, "1 of 3");
  g_assert_cmpstr (row_state (kiela_lessons_page_get_item (lessons, "turn-end", 0)), ==, "2 steps");
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

static gboolean
replay_done (gpointer data)
{
  KielaLessonView *view = data;
  KielaTracePlayer *player = kiela_lesson_view_get_trace_player (view);

  return !kiela_trace_player_get_playing (player);
}

/* Answers the step shown with the engine's right answer, as a learner would enter it. */
static void
answer_right (KielaLessonView *view, const KielaLesson *lesson, const KielaVariant *variant, guint step)
{
  KielaLessonAnswer answer = { 0 };
  KielaTaskKind kind = lesson->steps[step].task.kind;

  g_assert_true (kiela_lesson_step_right_answer (lesson, variant, step, &answer));
  switch (kind)
    {
    case KIELA_TASK_WATCH:
      /* Play to the end with the replay bar. */
      kiela_trace_player_go_to_end (kiela_lesson_view_get_trace_player (view));
      spin (20);
      break;
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
      click_move (view, answer.move);
      break;
    case KIELA_TASK_PREDICT_LAST:
      {
        KielaBoardView *board = kiela_lesson_view_get_board (view);
        KielaHouse *house = kiela_board_view_get_house (board, answer.side, answer.house);

        gtk_widget_grab_focus (GTK_WIDGET (house));
        gtk_widget_activate (GTK_WIDGET (house));
        spin (20);
      }
      break;
    case KIELA_TASK_PREDICT_CAPTURE:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count")), answer.number);
      click (kiela_lesson_view_get_control (view, "check"));
      break;
    default:
      g_assert_not_reached ();
    }
  wait_until (replay_done, view, 5000, "the replay");
}

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
                                    | (1u << KIELA_TASK_PREDICT_LAST) | (1u << KIELA_TASK_PREDICT_CAPTURE));
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

static gboolean
learner_turn (gpointer data)
{
  KielaLessonView *view = data;

  return !kiela_lesson_view_is_thinking (view) && replay_done (view)
         && (kiela_board_view_get_interactive (kiela_lesson_view_get_board (view))
             || kiela_lesson_view_get_verdict (view) != KIELA_LESSON_PENDING);
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
  wait_until (replay_done, view, 5000, "the replay");
  click (kiela_lesson_view_get_control (view, "retry"));
  maybe_screenshot (f, "puzzle.png");
  click_move (view, right.move);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (kiela_learn_get_progress (learn_of (f)), easy->id, 1), ==, 2);
  /* Next goes on to puzzle 3. */
  click (kiela_lesson_view_get_control (view, "next"));
  g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, 2);
  /* The page shows the solved puzzle (rebuilt: fetch the button again). */
  button = kiela_lessons_page_get_item (page, easy->id, 1);
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (button), "2"));
}

/* ---------- "How does this work?" ---------- */

static void
test_links (Fixture *f, gconstpointer data)
{
  const KielaVariant *kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  KielaGame *game;

  kiela_window_new_game (f->window, kiela, NULL, NULL);
  game = kiela_window_get_game (f->window);
  /* Play the first legal move until a move relays or captures; each offer comes once a game. */
  for (guint i = 0; i < 40 && kiela_learn_get_last_offer (learn_of (f)) == NULL; i++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, moves);
      g_autofree char *sq = NULL;

      g_assert_cmpuint (n, >, 0);
      sq = kiela_square_name_dup (10, kiela_game_get_position (game)->to_move, (guint) moves[n - 1]);
      app_test_play_square (f->window, sq);
      game = kiela_window_get_game (f->window);
    }
  g_assert_nonnull (kiela_learn_get_last_offer (learn_of (f)));
  g_assert_true (g_str_equal (kiela_learn_get_last_offer (learn_of (f)), KIELA_LESSON_FOR_RELAY)
                 || g_str_equal (kiela_learn_get_last_offer (learn_of (f)), KIELA_LESSON_FOR_CAPTURE));
  g_assert_nonnull (kiela_registry_lookup_lesson (f->registry, kiela_learn_get_last_offer (learn_of (f))));

  /* The toast's button opens the lesson. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "learn.open-lesson", "s", kiela_learn_get_last_offer (learn_of (f)));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  g_assert_cmpstr (kiela_lesson_view_get_lesson (view_of (f))->id, ==, kiela_learn_get_last_offer (learn_of (f)));
  kiela_window_show_page (f->window, "game");

  /* A refused single stone offers the singles lesson; turned off, nothing is offered. */
  {
    KielaPosition pos;
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaGame) fresh = NULL;

    /* South has 2 stones in a1 and 1 in c1: c1 may not be sown. */
    g_assert_true (kiela_position_parse ("2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,0,1,0,0,0,0,0,0,0 s",
                                         10, &pos, &error));
    g_assert_no_error (error);
    g_autofree char *path = g_build_filename (g_get_user_data_dir (), "singles.kiela", NULL);

    fresh = kiela_game_new_from_position (kiela, &pos, &error);
    g_assert_no_error (error);
    g_assert_true (kiela_record_save (fresh, path, &error));
    g_assert_true (kiela_window_open_path (f->window, path));
  }
  app_test_play_square (f->window, "c1");
  g_assert_cmpstr (kiela_learn_get_last_offer (learn_of (f)), ==, KIELA_LESSON_FOR_SINGLES);
}

static void
test_links_off (Fixture *f, gconstpointer data)
{
  const KielaVariant *kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  KielaGame *game;

  g_settings_set_boolean (f->prefs, KIELA_SETTINGS_LESSON_LINKS, FALSE);
  kiela_window_new_game (f->window, kiela, NULL, NULL);
  for (guint i = 0; i < 40; i++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n;
      g_autofree char *sq = NULL;

      game = kiela_window_get_game (f->window);
      if (kiela_game_is_over (game))
        break;
      n = kiela_game_legal_moves (game, moves);
      sq = kiela_square_name_dup (10, kiela_game_get_position (game)->to_move, (guint) moves[n - 1]);
      app_test_play_square (f->window, sq);
    }
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), >, 10);
  g_assert_null (kiela_learn_get_last_offer (learn_of (f)));
}

/* ---------- a teacher's lesson file: shown with its checks, installed, listed, answered ---------- */

static const char teacher_lesson[] =
  "[Lesson]\nFormat=1\nId=tuesday\nTitle=Tuesday\nSummary=Three questions for Tuesday.\nVariant=kiela\n"
  "Author=Ana Teacher\n\n"
  "[Step 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n\n"
  "[Step 2]\nText=Where will the last stone of h1 land?\n"
  "Position=2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,4,0,0 s\n"
  "Task=predict-last\nMove=h1\nAnswer=i2\n\n"
  "[Step 3]\nText=How many stones will j1 capture?\n"
  "Position=2,2,2,2,2,2,2,2,3,2/0,0,0,0,0,0,0,0,3,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s\n"
  "Task=predict-capture\nMove=j1\nAnswer=6\n";

/* The question over the window (an AdwAlertDialog in it with libadwaita >= 1.5, an
 * AdwMessageDialog window before: kiela-compat), or NULL. */
static GtkWidget *
find_dialog (Fixture *f)
{
  return kiela_compat_question_find (GTK_WINDOW (f->window));
}

/* Answers `dialog` as a click on `response` does; it is gone afterwards. */
static void
answer_dialog (Fixture *f, GtkWidget *dialog, const char *response)
{
  kiela_compat_question_respond (dialog, response);
  spin (20);
  g_assert_true (find_dialog (f) != dialog);
}

static void
test_teacher_lesson (Fixture *f, gconstpointer data)
{
  g_autofree char *tmp = g_dir_make_tmp ("kiela-teacher-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (tmp, "tuesday.kiela-lesson", NULL);
  g_autofree char *bad = g_build_filename (tmp, "wrong.kiela-lesson", NULL);
  g_autofree char *user_dir = kiela_lesson_file_dup_user_dir ();
  g_autofree char *installed = g_build_filename (user_dir, "tuesday.kiela-lesson", NULL);
  g_autofree char *wrong_text = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad);
  KielaLessonsPage *lessons = KIELA_LESSONS_PAGE (kiela_learn_get_page (learn_of (f), KIELA_PAGE_LESSONS));
  KielaLessonView *view;
  GtkWidget *dialog;
  const KielaLesson *lesson;
  const KielaVariant *kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  GtkWidget *row, *group;
  const char *body;

  g_assert_true (g_file_set_contents (path, teacher_lesson, -1, NULL));
  /* The same lesson with a wrong count: shown with the reason, and it cannot be installed. */
  wrong_text = g_strdup (teacher_lesson);
  *strstr (wrong_text, "Answer=6") = '\0';
  {
    g_autofree char *text = g_strconcat (wrong_text, "Answer=5\n", NULL);
    g_assert_true (g_file_set_contents (bad, text, -1, NULL));
  }
  kiela_lesson_install_prompt (GTK_WINDOW (f->window), f->registry, bad_file);
  dialog = find_dialog (f);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (kiela_compat_question_get_heading (dialog), ==, "Install “Tuesday”?");
  body = kiela_compat_question_get_body (dialog);
  g_assert_nonnull (strstr (body, ":26: [Step 3] key “Answer”: its answer is 5, but j1 captures 6 stones"));
  g_assert_false (kiela_compat_question_get_response_enabled (dialog, "install"));
  answer_dialog (f, dialog, "cancel");

  /* The good one: title, author, each step's task, its checks; installed on confirmation. */
  kiela_lesson_install_prompt (GTK_WINDOW (f->window), f->registry, file);
  dialog = find_dialog (f);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (kiela_compat_question_get_heading (dialog), ==, "Install “Tuesday”?");
  g_assert_cmpstr (kiela_compat_question_get_body (dialog), ==,
                   "By Ana Teacher\nThree questions for Tuesday.\n1. Sow this house\n2. Where will the last stone land?\n"
                   "3. How many stones will it capture?\n\nEvery step passes its checks.");
  g_assert_true (kiela_compat_question_get_response_enabled (dialog, "install"));
  g_assert_false (g_file_test (installed, G_FILE_TEST_EXISTS));
  answer_dialog (f, dialog, "install");
  g_assert_null (find_dialog (f));
  g_assert_true (g_file_test (installed, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr (kiela_window_get_last_message (f->window), ==, "“Tuesday” is installed: find it in Learn to Play");
  lesson = kiela_registry_lookup_lesson (f->registry, "tuesday");
  g_assert_nonnull (lesson);

  /* Learn to Play lists it under the teacher's own heading, after the shipped levels. */
  kiela_window_show_page (f->window, KIELA_PAGE_LESSONS);
  row = kiela_lessons_page_get_item (lessons, "tuesday", 0);
  g_assert_nonnull (row);
  group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);
  g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), ==, "Lessons by Ana Teacher");
  g_assert_null (gtk_widget_get_next_sibling (group));
  g_assert_cmpstr (row_state (row), ==, "3 steps");
  if (g_getenv ("KIELA_SCREENSHOT_DIR"))
    {
      /* The teacher's group is the last: scroll down to it for the picture. */
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (
        GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (group, GTK_TYPE_SCROLLED_WINDOW)));

      spin (500);
      gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
    }
  maybe_screenshot (f, "teacher-lessons.png");

  /* A pupil answers it: one wrong house first, then every step right. */
  g_signal_emit_by_name (row, "activate");
  spin (50);
  view = view_of (f);
  g_assert_true (kiela_lesson_view_get_lesson (view) == lesson);
  click_square (kiela_lesson_view_get_board (view), "h1");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), "this step asks for g1"));
  maybe_screenshot (f, "teacher-lesson-wrong.png");
  click (kiela_lesson_view_get_control (view, "retry"));
  for (guint s = 0; s < 3; s++)
    {
      g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, s);
      answer_right (view, lesson, kiela, s);
      g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
      click (kiela_lesson_view_get_control (view, "next"));
    }
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSONS);
  g_assert_cmpstr (row_state (kiela_lessons_page_get_item (lessons, "tuesday", 0)), ==, "Done ★★☆");

  /* Its worksheet: kiela-cli export --lesson, a page a step. */
  {
    g_autofree char *pdf = g_build_filename (tmp, "tuesday.pdf", NULL);
    const char *export_argv[] = { KIELA_TEST_CLI, "export", "--lesson", "tuesday", "-o", pdf, NULL };
    const char *info_argv[] = { KIELA_TEST_PDFINFO, pdf, NULL };
    g_autofree char *out = NULL;
    g_autoptr(GError) error = NULL;
    int status = 0;

    g_assert_true (g_spawn_sync (NULL, (char **) export_argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                                 &status, &error));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_true (g_spawn_sync (NULL, (char **) info_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (out, "\nPages:           3\n"));
    g_assert_cmpint (g_remove (pdf), ==, 0);
  }

  /* A second install of the same id is refused, and the file there is kept. */
  kiela_lesson_install_prompt (GTK_WINDOW (f->window), f->registry, file);
  dialog = find_dialog (f);
  g_assert_nonnull (dialog);
  answer_dialog (f, dialog, "install");
  dialog = find_dialog (f);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (kiela_compat_question_get_heading (dialog), ==, "Could Not Install the Lesson");
  g_assert_cmpstr (kiela_compat_question_get_body (dialog), ==,
                   "A lesson with the id “tuesday” is already installed; give this one another Id to install it");
  answer_dialog (f, dialog, "close");
  g_assert_null (find_dialog (f));

  /* The next start finds it in the user's folder. */
  close_window (f);
  kiela_registry_free (f->registry);
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  g_assert_nonnull (kiela_registry_lookup_lesson (f->registry, "tuesday"));
  f->window = make_window (f);
  lessons = KIELA_LESSONS_PAGE (kiela_learn_get_page (learn_of (f), KIELA_PAGE_LESSONS));
  g_assert_nonnull (kiela_lessons_page_get_item (lessons, "tuesday", 0));

  g_assert_cmpint (g_remove (installed), ==, 0);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_remove (bad), ==, 0);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

int
main (int argc, char **argv)
{
  g_autofree char *tmp = app_test_init (&argc, &argv, "test-lessons");
  app_test_disable_animations ();
  app_test_load_style ();
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    "/io/github/kiela/Kiela/icons");

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/app/lessons/welcome", test_welcome);
  ADD ("/app/lessons/first-lesson", test_first_lesson);
  ADD ("/app/lessons/every-task", test_every_task);
  ADD ("/app/lessons/wrong-predictions", test_wrong_predictions);
  ADD ("/app/lessons/play-out", test_play_out);
  ADD ("/app/lessons/puzzles", test_puzzles);
  ADD ("/app/lessons/links", test_links);
  ADD ("/app/lessons/links-off", test_links_off);
  ADD ("/app/lessons/teacher-lesson", test_teacher_lesson);
  return g_test_run ();
}
