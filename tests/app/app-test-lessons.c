/* app-test-lessons.c: the lesson widget tests' fixture and helpers (app-test-lessons.h). */
#include "config.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <glib/gi18n.h>

#include "kiela-paths.h"
#include "kiela-settings.h"
#include "kiela-board-view-private.h"
#include "kiela-house.h"
#include "app-test-lessons.h"

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

KielaWindow *
make_window (Fixture *f)
{
  KielaWindow *w = app_test_window_new (f->registry, f->prefs, NULL);
  gtk_window_set_default_size (GTK_WINDOW (w), f->width ? f->width : screenshot_width (),
                               f->height ? f->height : screenshot_height ());
  gtk_window_present (GTK_WINDOW (w));
  return w;
}

void
close_window (Fixture *f)
{
  g_clear_pointer (&f->window, app_test_window_free);
}

void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autofree char *progress = g_build_filename (g_get_user_data_dir (), "kiela", "progress.ini", NULL);

  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  g_assert_nonnull (kiela_registry_lookup_lesson (f->registry, "houses"));
  /* Each test starts without progress: no old file, no class, no pupils' files. */
  g_remove (progress);
  app_test_forget_pupils ();
  f->prefs = app_test_settings_new ();
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  if (data != NULL)
    {
      f->width = ((const Size *) data)->width;
      f->height = ((const Size *) data)->height;
    }
  f->window = make_window (f);
}

void
fixture_teardown (Fixture *f, gconstpointer data)
{
  close_window (f);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
}

KielaLearn *
learn_of (Fixture *f)
{
  return kiela_window_get_learn (f->window);
}

KielaLessonView *
view_of (Fixture *f)
{
  return kiela_learn_get_lesson_view (learn_of (f));
}

/* Clicks the house at `square` (a KielaHouse button) in the lesson view. */
void
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

static gboolean
is_named (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

/* A house sown both ways (Omweso's b1 and b1<) offers the two ways beside it: `way` is chosen. */
void
choose_way (KielaLessonView *view, const char *way)
{
  GtkWidget *button = app_test_find_widget (GTK_WIDGET (kiela_lesson_view_get_board (view)), is_named, way);

  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  spin (20);
}

void
click_move (KielaLessonView *view, KielaMove move)
{
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  const KielaPosition *pos = kiela_board_view_get_position (board);
  KielaHouse *house = kiela_board_view_get_house (board, pos->to_move, KIELA_MOVE_HOUSE (move));

  g_assert_nonnull (house);
  /* Enter on a focused house, as a keyboard user answers. */
  gtk_widget_grab_focus (GTK_WIDGET (house));
  gtk_widget_activate (GTK_WIDGET (house));
  spin (20);
  /* Sown clockwise: the arrow beside the house. */
  if (KIELA_MOVE_IS_CLOCKWISE (move))
    choose_way (view, "direction-clockwise");
}

char *
screenshot_path (const char *name)
{
  const char *dir = g_getenv ("KIELA_SCREENSHOT_DIR");

  return dir ? g_build_filename (dir, name, NULL) : NULL;
}

/* KIELA_SCREENSHOT_DIR=... saves the window as it is now (the screenshots in data/screenshots/). */
void
maybe_screenshot (Fixture *f, const char *name)
{
  app_test_screenshot (GTK_WIDGET (f->window), name, 1500);
}

const char *
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

GtkWidget *
find_back_button (GtkWidget *widget)
{
  return app_test_find_widget (widget, is_back_button, NULL);
}

/* The bounds of `widget` in the window. */
graphene_rect_t
bounds_in_window (Fixture *f, GtkWidget *widget)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (f->window), &r));
  return r;
}

/* For wait_until(): the learner may move, or the practice game is over. */
gboolean
learner_turn (gpointer data)
{
  KielaLessonView *view = data;

  return !kiela_lesson_view_is_thinking (view) && replay_done (view)
         && (kiela_board_view_get_interactive (kiela_lesson_view_get_board (view))
             || kiela_lesson_view_get_verdict (view) != KIELA_LESSON_PENDING);
}

/* A practice game played through the board: the learner's move that meets the goal (a relay,
 * a capture) when there is one, else the one that leaves it most stones. */
static void
play_out_well (KielaLessonView *view, const KielaLesson *lesson, const KielaVariant *variant, guint step)
{
  const KielaLessonTask *task = &lesson->steps[step].task;

  for (guint turn = 0; turn < 200 && kiela_lesson_view_get_verdict (view) == KIELA_LESSON_PENDING; turn++)
    {
      const KielaPosition *pos;
      KielaMove moves[KIELA_MAX_MOVES], pick = -1;
      gint best = G_MININT;
      guint n;

      wait_until (learner_turn, view, 20000, "the learner's turn");
      if (kiela_lesson_view_get_verdict (view) != KIELA_LESSON_PENDING)
        break;
      pos = kiela_board_view_get_position (kiela_lesson_view_get_board (view));
      n = kiela_legal_moves (variant, pos, moves, NULL, NULL);
      g_assert_cmpuint (n, >, 0);
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(KielaTrace) trace = kiela_trace_new ();
          KielaPosition after;
          gint value = 0;

          g_assert_true (kiela_sow_traced (variant, pos, moves[i], trace));
          for (guint e = 0; e < kiela_trace_get_n_events (trace); e++)
            {
              const KielaEvent *ev = kiela_trace_get_event (trace, e);
              if ((task->condition == KIELA_GOAL_RELAY && ev->type == KIELA_EVENT_RELAY)
                  || (task->condition == KIELA_GOAL_CAPTURE && ev->type == KIELA_EVENT_CAPTURE))
                value = 100000;
            }
          after = *pos;
          kiela_sow_fast (variant, &after, moves[i], NULL);
          value += (gint) kiela_position_side_total (&after, (KielaSide) pos->to_move);
          if (value > best)
            best = value, pick = moves[i];
        }
      click_move (view, pick);
    }
  wait_until (learner_turn, view, 20000, "the game's end");
}

/* An ARRANGE step: moves the arranger's stones on the board, by clicks as a pupil does (a house,
 * then another: one stone each click; the source again puts it down), until `side`'s houses
 * hold what `target` has. */
static void
arrange_by_clicks (KielaLessonView *view, KielaSide side, const KielaPosition *target)
{
  KielaBoardView *board = kiela_lesson_view_get_board (view);
  guint houses = 2u * target->files;

  for (guint guard = 0; guard < 200; guard++)
    {
      const KielaPosition *pos = kiela_board_view_get_position (board);
      guint from = houses, to = houses;
      KielaHouse *source;

      for (guint h = 0; h < houses; h++)
        {
          if (from == houses && pos->houses[side][h] > target->houses[side][h])
            from = h;
          if (to == houses && pos->houses[side][h] < target->houses[side][h])
            to = h;
        }
      if (from == houses || to == houses)
        break;
      source = kiela_board_view_get_house (board, side, from);
      g_signal_emit_by_name (source, "clicked");
      spin (5);
      g_assert_true (kiela_house_get_selected (source));
      while (kiela_board_view_get_position (board)->houses[side][from] > target->houses[side][from]
             && kiela_board_view_get_position (board)->houses[side][to] < target->houses[side][to])
        {
          guint before = kiela_board_view_get_position (board)->houses[side][to];

          g_signal_emit_by_name (kiela_board_view_get_house (board, side, to), "clicked");
          spin (5);
          g_assert_cmpuint (kiela_board_view_get_position (board)->houses[side][to], ==, before + 1);
        }
      if (kiela_house_get_selected (source))
        {
          g_signal_emit_by_name (source, "clicked");
          spin (5);
          g_assert_false (kiela_house_get_selected (source));
        }
    }
  for (guint h = 0; h < houses; h++)
    g_assert_cmpuint (kiela_board_view_get_position (board)->houses[side][h], ==, target->houses[side][h]);
  spin (20);
}

/* Answers the step shown with the engine's right answer, as a learner would enter it. */
void
answer_right (KielaLessonView *view, const KielaLesson *lesson, const KielaVariant *variant, guint step)
{
  KielaLessonAnswer answer = { 0 };
  KielaTaskKind kind = lesson->steps[step].task.kind;

  if (kind == KIELA_TASK_PLAY_OUT)
    {
      /* Kizua sows at random, so the test's greedy play can lose a practice game now and then
       * (once in a suite run on a loaded machine, leaving Next Lesson insensitive): lost, it
       * tries again, as a pupil does. */
      for (guint attempt = 1; attempt <= 5; attempt++)
        {
          play_out_well (view, lesson, variant, step);
          if (kiela_lesson_view_get_verdict (view) == KIELA_LESSON_RIGHT
              || !gtk_widget_get_visible (kiela_lesson_view_get_control (view, "retry")))
            break;
          g_test_message ("%s step %u: practice game %u not won (%s): Try Again", lesson->id, step + 1, attempt,
                          kiela_lesson_view_get_feedback (view));
          click (kiela_lesson_view_get_control (view, "retry"));
        }
      return;
    }

  if (kind == KIELA_TASK_ARRANGE)
    {
      KielaPosition right;

      /* The engine's arrangement, put on the board stone by stone, then Check. */
      g_assert_true (kiela_lesson_step_right_arrangement (lesson, variant, step, &right));
      arrange_by_clicks (view, (KielaSide) kiela_lesson_step_get_arranger (lesson, variant, step), &right);
      click (kiela_lesson_view_get_control (view, "arrange-check"));
      wait_until (replay_done, view, 5000, "the replay");
      return;
    }

  /* A drill step shows a fresh position: its answer is that of the lesson as shown. */
  if (kiela_lesson_view_get_lesson (view) == lesson)
    lesson = kiela_lesson_view_get_shown_lesson (view);
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

/* A wrong answer as a pupil gives it: the house beside the right one, one stone more. */
gboolean
answer_wrong (KielaLessonView *view, const KielaLesson *lesson, const KielaVariant *variant, guint step)
{
  KielaLessonAnswer answer = { 0 };
  KielaTaskKind kind = lesson->steps[step].task.kind;
  const KielaLesson *shown = kiela_lesson_view_get_shown_lesson (view);
  KielaBoardView *board = kiela_lesson_view_get_board (view);

  if (kind == KIELA_TASK_ARRANGE)
    {
      GtkWidget *check = kiela_lesson_view_get_control (view, "arrange-check");

      /* The stones as the step has them (they meet nothing), or, judged so already, one stone
       * of the arranger's first house moved on to the next. */
      if (!gtk_widget_is_sensitive (check))
        {
          KielaSide side = (KielaSide) kiela_lesson_step_get_arranger (lesson, variant, step);
          const KielaPosition *pos = kiela_board_view_get_position (board);

          for (guint h = 0; h + 1 < 2u * variant->files; h++)
            if (pos->houses[side][h] > 0)
              {
                g_signal_emit_by_name (kiela_board_view_get_house (board, side, h), "clicked");
                g_signal_emit_by_name (kiela_board_view_get_house (board, side, h + 1), "clicked");
                spin (20);
                break;
              }
        }
      click (check);
      return kiela_lesson_view_get_verdict (view) == KIELA_LESSON_WRONG;
    }
  if (!kiela_lesson_step_right_answer (shown ? shown : lesson, variant, step, &answer))
    return FALSE;
  switch (kind)
    {
    case KIELA_TASK_SOW_HOUSE:
      {
        const KielaPosition *pos = kiela_board_view_get_position (board);
        KielaHouse *house = kiela_board_view_get_house (board, pos->to_move, (KIELA_MOVE_HOUSE (answer.move) + 1) % variant->files);

        /* A step asking for a clockwise sowing: the same house the usual way, the pupil's likely
         * mistake, whose feedback says why clockwise is asked for. */
        if (KIELA_MOVE_IS_CLOCKWISE (answer.move))
          {
            click_move (view, (KielaMove) KIELA_MOVE_HOUSE (answer.move));
            choose_way (view, "direction-anticlockwise");
          }
        else
          g_signal_emit_by_name (house, "clicked");
      }
      break;
    case KIELA_TASK_PREDICT_LAST:
      g_signal_emit_by_name (kiela_board_view_get_house (board, answer.side, (answer.house + 1) % (2 * variant->files)),
                             "clicked");
      break;
    case KIELA_TASK_PREDICT_CAPTURE:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count")), answer.number + 1);
      click (kiela_lesson_view_get_control (view, "check"));
      break;
    default:
      return FALSE;
    }
  spin (20);
  wait_until (replay_done, view, 10000, "the replay");
  return TRUE;
}

/* The start of every lesson test's main(): KIELA_TEST_LOCALE=fr_FR.UTF-8 runs the course in that
 * language, in a real locale (gettext ignores LANGUAGE in the C locale), generated into the build
 * tree (LOCPATH); then the display, no animations, the app's style and icons. */
char *
lessons_test_init (int *argc, char ***argv, const char *name)
{
  char *tmp = NULL;
  const char *locale = g_getenv ("KIELA_TEST_LOCALE");

  if (locale != NULL)
    {
      g_autofree char *lang = g_strndup (locale, 2);

      g_setenv ("LANGUAGE", lang, TRUE);
      g_setenv ("LC_ALL", locale, TRUE);
      if (setlocale (LC_ALL, "") == NULL)
        g_error ("the %s locale is not available (LOCPATH=%s)", locale, g_getenv ("LOCPATH"));
    }
  tmp = app_test_init (argc, argv, name);
  if (locale != NULL)
    {
      kiela_bind_textdomain ();
      textdomain (GETTEXT_PACKAGE);
    }
  app_test_disable_animations ();
  app_test_load_style ();
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    "/io/github/kiela/Kiela/icons");
  return tmp;
}
