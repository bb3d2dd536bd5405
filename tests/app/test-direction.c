/* test-direction.c: where a house may be sown both ways (Omweso's reverse captures), the board
 * offers two arrows beside it; Shift+click and Shift+Enter sow clockwise at once; a house with
 * only the usual way plays at once, as before; the move list names the move "b1<".  The lesson
 * view offers the same two ways, and the reverse-capture lesson's step asking for b1< is right
 * only sown clockwise; in the lesson editor a second click on the chosen house asks for it sown
 * clockwise, and Find Best Move proposes a best move sown clockwise as "b1<". */
#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-board-view-private.h"
#include "kiela-house.h"
#include "kiela-game-session.h"
#include "kiela-learn.h"
#include "kiela-lesson-view.h"
#include "kiela-lesson-editor.h"
#include "app-test-window.h"
#include "app-test-render.h"
#include "app-test-lesson-editor.h"
#include "kiela-compat.h"

typedef struct {
  AppTestWindow w;
  const KielaVariant *omweso;
} Fixture;

/* South's b1 (2) sown clockwise ends in a2 (1), facing a3 and a4: a capture; anticlockwise
 * it ends in the empty d1.  e2 (2) is no left-hand house: the usual way only. */
static void
start_position (Fixture *f)
{
  KielaPosition pos;
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_position_parse ("1,0,0,0,0,0,0,2/3,0,0,0,0,0,0,2/1,0,0,0,2,0,0,0/0,2,0,0,0,0,0,0 s", 8, &pos,
                                       &error));
  g_assert_true (kiela_window_new_game_from_position (f->w.window, f->omweso, &pos, NULL, NULL, &error));
  g_assert_no_error (error);
  spin (100);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  app_test_disable_animations ();
  app_test_window_open (&f->w, "kiela", KIELA_SPEED_INSTANT, 1280, 800);
  f->omweso = kiela_registry_lookup_variant (f->w.registry, "omweso");
  g_assert_nonnull (f->omweso);
  start_position (f);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  app_test_window_close (&f->w);
}

static gboolean
is_named (GtkWidget *widget, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static gboolean
is_label (GtkWidget *widget, gconstpointer unused)
{
  return GTK_IS_LABEL (widget);
}

static GtkWidget *
popover (Fixture *f)
{
  return app_test_find_widget (GTK_WIDGET (kiela_window_get_board (f->w.window)), is_named, "direction-popover");
}

static gboolean
popover_shown (gpointer data)
{
  GtkWidget *p = popover (data);

  return p != NULL && gtk_widget_get_mapped (p);
}

static gboolean
arrows_beside_b1 (gpointer data)
{
  Fixture *f = data;
  GtkWidget *b1 = GTK_WIDGET (kiela_board_view_get_house (kiela_window_get_board (f->w.window), KIELA_SOUTH, 1));
  graphene_rect_t house, arrows;

  return gtk_widget_compute_bounds (b1, GTK_WIDGET (f->w.window), &house) &&
         gtk_widget_compute_bounds (popover (f), GTK_WIDGET (f->w.window), &arrows) &&
         fabs ((arrows.origin.x + arrows.size.width / 2) - (house.origin.x + house.size.width / 2)) <
           house.size.width + arrows.size.width / 2;
}

static KielaMove
last_move (Fixture *f)
{
  KielaGame *game = kiela_window_get_game (f->w.window);
  guint n = kiela_game_get_n_moves (game);

  return n ? kiela_game_get_move (game, n - 1)->move : -1;
}

static void
activate (Fixture *f, const char *square)
{
  KielaSquare sq;

  g_assert_true (kiela_square_parse (8, square, &sq, NULL));
  g_signal_emit_by_name (kiela_window_get_board (f->w.window), "house-activated", (guint) sq.side, (guint) sq.house);
  spin (50);
}

/* A click on b1 plays nothing yet: two arrows show beside it; the clockwise one sows b1<. */
static void
test_arrows (Fixture *f, gconstpointer data)
{
  GtkWidget *cw, *acw;
  graphene_rect_t house, arrows;
  GtkWidget *b1 = GTK_WIDGET (kiela_board_view_get_house (kiela_window_get_board (f->w.window), KIELA_SOUTH, 1));

  activate (f, "b1");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->w.window)), ==, 0);
  wait_until (popover_shown, f, 5000, "the direction arrows");
  cw = app_test_find_widget (popover (f), is_named, "direction-clockwise");
  acw = app_test_find_widget (popover (f), is_named, "direction-anticlockwise");
  g_assert_nonnull (cw);
  g_assert_nonnull (acw);
  g_assert_true (gtk_widget_get_focusable (cw) || gtk_widget_get_can_focus (cw));
  /* Beside the house: the arrows point at b1's place on the board (once the popover has been
   * placed: on a loaded machine its first frames may still show it where it opened). */
  wait_until (arrows_beside_b1, f, 5000, "the arrows beside b1");
  g_assert_true (gtk_widget_compute_bounds (b1, GTK_WIDGET (f->w.window), &house));
  g_assert_true (gtk_widget_compute_bounds (popover (f), GTK_WIDGET (f->w.window), &arrows));
  g_assert_cmpfloat (fabs ((arrows.origin.x + arrows.size.width / 2) - (house.origin.x + house.size.width / 2)), <,
                     house.size.width + arrows.size.width / 2);
  g_signal_emit_by_name (cw, "clicked");
  spin (100);
  g_assert_cmpint (last_move (f), ==, 1 | KIELA_MOVE_CLOCKWISE);
  g_assert_false (gtk_widget_get_mapped (popover (f)));
  {
    g_autofree char *name = kiela_game_dup_move_name (kiela_window_get_game (f->w.window), 0);

    g_assert_cmpstr (name, ==, "b1<");
  }
  /* The captured a3 and a4 are empty on the shown board. */
  g_assert_cmpuint (kiela_window_get_shown_position (f->w.window)->houses[KIELA_NORTH][8], ==, 0);
}

/* The other arrow sows the usual way. */
static void
test_anticlockwise_arrow (Fixture *f, gconstpointer data)
{
  activate (f, "b1");
  wait_until (popover_shown, f, 5000, "the direction arrows");
  g_signal_emit_by_name (app_test_find_widget (popover (f), is_named, "direction-anticlockwise"), "clicked");
  spin (100);
  g_assert_cmpint (last_move (f), ==, 1);
}

/* Shift+Enter on b1 sows clockwise at once; e2 (the usual way only) plays at once with no arrows. */
static void
test_keyboard_and_single_way (Fixture *f, gconstpointer data)
{
  GtkWidget *b1 = GTK_WIDGET (kiela_board_view_get_house (kiela_window_get_board (f->w.window), KIELA_SOUTH, 1));

  app_test_press (b1, "<Shift>Return");
  spin (100);
  g_assert_cmpint (last_move (f), ==, 1 | KIELA_MOVE_CLOCKWISE);
  g_assert_true (popover (f) == NULL || !gtk_widget_get_mapped (popover (f)));

  start_position (f);
  activate (f, "e2");
  g_assert_cmpint (last_move (f), ==, 11);
  g_assert_true (popover (f) == NULL || !gtk_widget_get_mapped (popover (f)));
}

/* A turn mid-move that is the player's: South's d2 (3) relays from a2, which may then go on
 * clockwise to capture c3 and c4, or the usual way.  A click on d2 offers both, each saying
 * what it does at a2; the second plays "d2-". */
static void
test_choice_mid_move (Fixture *f, gconstpointer data)
{
  KielaPosition pos;
  g_autoptr(GError) error = NULL;
  GtkWidget *taken, *declined, *label;
  g_autofree char *name = NULL;

  g_assert_true (kiela_position_parse ("0,0,1,0,0,0,0,2/0,0,2,0,0,0,2,0/1,0,0,3,0,0,0,0/0,0,0,0,0,0,0,0 s", 8, &pos,
                                       &error));
  g_assert_true (kiela_window_new_game_from_position (f->w.window, f->omweso, &pos, NULL, NULL, &error));
  g_assert_no_error (error);
  spin (100);
  activate (f, "d2");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->w.window)), ==, 0);
  wait_until (popover_shown, f, 5000, "the choice at a2");
  taken = app_test_find_widget (popover (f), is_named, "direction-anticlockwise");
  declined = app_test_find_widget (popover (f), is_named, "direction-choice-1");
  g_assert_nonnull (taken);
  g_assert_nonnull (declined);
  g_assert_null (app_test_find_widget (popover (f), is_named, "direction-clockwise"));
  label = app_test_find_widget (taken, is_label, NULL);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Sow anticlockwise; then clockwise from a2");
  label = app_test_find_widget (declined, is_label, NULL);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Sow anticlockwise; then the usual way from a2");
  if (g_getenv ("KIELA_TEST_OUTDIR"))
    {
      app_test_wait_frames (popover (f), 3);
      render_to_png (popover (f), "direction-choice-popover.png");
      render_to_png (GTK_WIDGET (f->w.window), "direction-choice-window.png");
    }
  g_signal_emit_by_name (declined, "clicked");
  spin (100);
  g_assert_cmpint (last_move (f), ==, 12 | KIELA_MOVE_DECLINE (0));
  name = kiela_game_dup_move_name (kiela_window_get_game (f->w.window), 0);
  g_assert_cmpstr (name, ==, "d2-");
  /* c3 and c4 are not captured. */
  g_assert_cmpuint (kiela_window_get_shown_position (f->w.window)->houses[KIELA_NORTH][10], ==, 2);
}

/* Quiela: a1 (4) not yet sown from offers the usual way and "Start in this house"; that button
 * sows a1=, its first stone into a1; afterwards South's a1 offers nothing more. */
/* A new game while the arrows are offered closes them; a game on a board of another width
 * (the houses rebuilt) keeps the window's popover on the board, so the arrows come back and
 * play.  Before, rebuilding the houses unparented the popover too: the window kept pointing to
 * it, the next arrows never showed, and GTK's tooltip timer read its missing surface
 * (app-stress, seed 2). */
static void
test_new_game_while_offered (Fixture *f, gconstpointer data)
{
  GtkWidget *first;

  activate (f, "b1");
  wait_until (popover_shown, f, 5000, "the direction arrows");
  first = popover (f);
  kiela_window_new_game (f->w.window, NULL, NULL, NULL);
  spin (100);
  g_assert_cmpuint (kiela_game_get_variant (kiela_window_get_game (f->w.window))->files, !=, f->omweso->files);
  g_assert_true (popover (f) == first);
  g_assert_true (gtk_widget_get_parent (first) == GTK_WIDGET (kiela_window_get_board (f->w.window)));
  g_assert_false (gtk_widget_get_visible (first));
  start_position (f);
  g_assert_true (popover (f) == first);
  activate (f, "b1");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->w.window)), ==, 0);
  wait_until (popover_shown, f, 5000, "the direction arrows after two new games");
  g_signal_emit_by_name (app_test_find_widget (popover (f), is_named, "direction-clockwise"), "clicked");
  spin (100);
  g_assert_cmpint (last_move (f), ==, 1 | KIELA_MOVE_CLOCKWISE);
}

static void
test_in_house (Fixture *f, gconstpointer data)
{
  const KielaVariant *quiela = kiela_registry_lookup_variant (f->w.registry, "quiela");
  KielaPosition pos;
  g_autoptr(GError) error = NULL;
  GtkWidget *alt, *content;
  KielaSquare sq;

  g_assert_nonnull (quiela);
  kiela_position_init_start (&pos, quiela);
  g_assert_true (kiela_window_new_game_from_position (f->w.window, quiela, &pos, NULL, NULL, &error));
  g_assert_no_error (error);
  spin (100);
  g_assert_true (kiela_square_parse (7, "a1", &sq, NULL));
  g_signal_emit_by_name (kiela_window_get_board (f->w.window), "house-activated", (guint) sq.side, (guint) sq.house);
  spin (50);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->w.window)), ==, 0);
  wait_until (popover_shown, f, 5000, "the first-sowing choice");
  alt = app_test_find_widget (popover (f), is_named, "direction-in-house");
  g_assert_nonnull (alt);
  g_assert_null (app_test_find_widget (popover (f), is_named, "direction-clockwise"));
  content = gtk_button_get_child (GTK_BUTTON (alt));
  g_assert_cmpstr (adw_button_content_get_label (ADW_BUTTON_CONTENT (content)), ==, "Start in this house");
  render_to_png (popover (f), "direction-in-house-popover.png");
  render_to_png (GTK_WIDGET (f->w.window), "direction-in-house-window.png");
  g_signal_emit_by_name (alt, "clicked");
  spin (100);
  g_assert_cmpint (last_move (f), ==, 0 | KIELA_MOVE_IN_HOUSE);
  {
    g_autofree char *name = kiela_game_dup_move_name (kiela_window_get_game (f->w.window), 0);

    g_assert_cmpstr (name, ==, "a1=");
  }
  /* a1 holds its own first stone. */
  g_assert_cmpuint (kiela_window_get_shown_position (f->w.window)->houses[KIELA_SOUTH][0], ==, 1);
}

/* In a reviewed position the arrows are offered too: back at the start of a game that sowed e2,
 * b1 shows them and the clockwise one plays b1< as a variation, the main line keeping its e2. */
static void
test_variation (Fixture *f, gconstpointer data)
{
  KielaGameSession *session = kiela_window_get_session (f->w.window);
  KielaGame *main_game;
  g_autofree char *main_name = NULL, *name = NULL;
  GtkWidget *cw;

  activate (f, "e2");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->w.window)), ==, 1);
  spin (200);
  kiela_game_session_set_view_ply (session, 0);
  spin (100);
  activate (f, "b1");
  g_assert_false (kiela_game_session_in_variation (session));
  wait_until (popover_shown, f, 5000, "the direction arrows");
  cw = app_test_find_widget (popover (f), is_named, "direction-clockwise");
  g_assert_nonnull (cw);
  g_signal_emit_by_name (cw, "clicked");
  spin (200);
  g_assert_true (kiela_game_session_in_variation (session));
  main_game = kiela_game_tree_get_main_game (kiela_game_session_get_tree (session));
  main_name = kiela_game_dup_move_name (main_game, 0);
  g_assert_cmpstr (main_name, ==, "e2");
  name = kiela_game_dup_move_name (kiela_window_get_game (f->w.window), 0);
  g_assert_cmpstr (name, ==, "b1<");
}

/* ---------- a lesson step that asks for a clockwise move ---------- */

static KielaLessonView *
lesson_view (Fixture *f)
{
  return kiela_learn_get_lesson_view (kiela_window_get_learn (f->w.window));
}

static GtkWidget *
lesson_popover (Fixture *f)
{
  return app_test_find_widget (GTK_WIDGET (kiela_lesson_view_get_board (lesson_view (f))), is_named,
                               "direction-popover");
}

static gboolean
lesson_popover_shown (gpointer data)
{
  GtkWidget *p = lesson_popover (data);

  return p != NULL && gtk_widget_get_mapped (p);
}

static gboolean
lesson_replay_done (gpointer data)
{
  KielaTracePlayer *player = kiela_lesson_view_get_trace_player (lesson_view (data));

  return !kiela_trace_player_get_playing (player);
}

/* The lesson's step 5 asks for b1<: a click on b1 offers both ways and answers nothing yet; the
 * usual way is wrong and says why the clockwise one is wanted; clockwise (the arrow, or
 * Shift+Enter) is right. */
static void
test_lesson_step (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = lesson_view (f);
  const KielaLesson *lesson = kiela_registry_lookup_lesson (f->w.registry, "omweso-reverse");
  KielaBoardView *board;
  GtkWidget *b1;
  const guint step = 4;

  g_assert_nonnull (lesson);
  g_assert_cmpuint (lesson->n_steps, >, step);
  g_assert_cmpstr (lesson->steps[step].task.move, ==, "b1<");
  kiela_window_show_page (f->w.window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, "omweso-reverse", step, NULL));
  board = kiela_lesson_view_get_board (view);
  b1 = GTK_WIDGET (kiela_board_view_get_house (board, KIELA_SOUTH, 1));
  spin (50);

  g_signal_emit_by_name (board, "house-activated", (guint) KIELA_SOUTH, 1u);
  spin (50);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_PENDING);
  wait_until (lesson_popover_shown, f, 5000, "the two ways in the lesson");
  g_assert_nonnull (app_test_find_widget (lesson_popover (f), is_named, "direction-clockwise"));
  if (g_getenv ("KIELA_TEST_OUTDIR"))
    {
      app_test_wait_frames (lesson_popover (f), 3);
      render_to_png (lesson_popover (f), "lesson-clockwise-ways.png");
    }
  g_signal_emit_by_name (app_test_find_widget (lesson_popover (f), is_named, "direction-anticlockwise"), "clicked");
  spin (50);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view),
                            "You sowed b1 the usual way, anticlockwise: b1 captures nothing. This step asks for b1 "
                            "sown clockwise (b1<), which captures 4 stones."));
  wait_until (lesson_replay_done, f, 5000, "the replay of b1");
  if (g_getenv ("KIELA_TEST_OUTDIR"))
    {
      app_test_wait_frames (GTK_WIDGET (f->w.window), 3);
      render_to_png (GTK_WIDGET (f->w.window), "lesson-clockwise-wrong.png");
    }

  /* Try Again, then the clockwise arrow: right. */
  g_signal_emit_by_name (kiela_lesson_view_get_control (view, "retry"), "clicked");
  spin (50);
  g_signal_emit_by_name (board, "house-activated", (guint) KIELA_SOUTH, 1u);
  wait_until (lesson_popover_shown, f, 5000, "the two ways again");
  g_signal_emit_by_name (app_test_find_widget (lesson_popover (f), is_named, "direction-clockwise"), "clicked");
  spin (50);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_false (gtk_widget_get_mapped (lesson_popover (f)));
  wait_until (lesson_replay_done, f, 5000, "the replay of b1<");
  if (g_getenv ("KIELA_TEST_OUTDIR"))
    {
      app_test_wait_frames (GTK_WIDGET (f->w.window), 3);
      render_to_png (GTK_WIDGET (f->w.window), "lesson-clockwise-right.png");
    }

  /* Shift+Enter on b1 sows it clockwise at once, as in a game. */
  g_assert_true (kiela_lesson_view_open (view, "omweso-reverse", step, NULL));
  b1 = GTK_WIDGET (kiela_board_view_get_house (board, KIELA_SOUTH, 1));
  gtk_widget_grab_focus (b1);
  app_test_press (b1, "<Shift>Return");
  spin (50);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_true (lesson_popover (f) == NULL || !gtk_widget_get_mapped (lesson_popover (f)));
}

/* The lesson editor: the chosen house clicked again is asked for sown clockwise (b1<), where the
 * position allows it; once more, the usual way; e2 (the usual way only) stays e2. */
static void
test_editor_step (Fixture *f, gconstpointer data)
{
  KielaLessonEditor *editor;
  KielaLessonDraft *draft;
  KielaBoardView *board;
  KielaPosition pos;
  g_autoptr(GError) error = NULL;
  const char *const clicks[][2] = { { "b1", "b1" }, { "b1", "b1<" }, { "b1", "b1" }, { "e2", "e2" }, { "e2", "e2" } };

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.new-lesson", NULL));
  spin (50);
  editor = KIELA_LESSON_EDITOR (kiela_window_get_page (f->w.window, KIELA_PAGE_LESSON_EDITOR));
  draft = kiela_lesson_editor_get_draft (editor);
  g_assert_true (kiela_position_parse ("2,0,0,0,0,0,0,1/2,0,0,0,0,0,1,0/2,0,0,0,0,3,0,0/0,2,0,0,1,0,0,0 s", 8, &pos,
                                       &error));
  g_assert_true (kiela_lesson_editor_add_step (editor, f->omweso, &pos, &error));
  g_assert_no_error (error);
  spin (20);
  g_assert_cmpint (kiela_lesson_draft_get_step (draft, 0)->kind, ==, KIELA_TASK_SOW_HOUSE);
  kiela_lesson_editor_set_choosing (editor, TRUE);
  board = kiela_lesson_editor_get_board (editor);
  for (guint i = 0; i < G_N_ELEMENTS (clicks); i++)
    {
      KielaSquare sq;

      g_assert_true (kiela_square_parse (8, clicks[i][0], &sq, NULL));
      g_signal_emit_by_name (kiela_board_view_get_house (board, sq.side, sq.house), "clicked");
      spin (20);
      g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 0)->move, ==, clicks[i][1]);
    }
}

/* The lesson editor's Find Best Move where the best move is b1 sown clockwise (it leaves North
 * without a move): the step asks for "b1<", the answer row says so, and the step is sound. */
static void
test_editor_best_move (Fixture *f, gconstpointer data)
{
  KielaLessonEditor *editor;
  KielaLessonDraft *draft;
  KielaPosition pos;
  g_autoptr(GError) error = NULL;
  guint step;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->w.window), "win.new-lesson", NULL));
  spin (50);
  editor = KIELA_LESSON_EDITOR (kiela_window_get_page (f->w.window, KIELA_PAGE_LESSON_EDITOR));
  draft = kiela_lesson_editor_get_draft (editor);
  /* An earlier test's lesson, restored from its autosave, is offered to continue: a new one,
   * and the old one's changes discarded. */
  for (guint asked = 0; asked < 3 && kiela_compat_question_find (GTK_WINDOW (f->w.window)) != NULL; asked++)
    {
      GtkWidget *question = kiela_compat_question_find (GTK_WINDOW (f->w.window));

      kiela_compat_question_respond (question, kiela_compat_question_has_response (question, "new") ? "new" : "discard");
      spin (50);
    }
  g_assert_null (kiela_compat_question_find (GTK_WINDOW (f->w.window)));
  g_assert_true (kiela_position_parse ("2,0,0,0,0,0,0,1/2,0,0,0,0,0,1,0/2,0,0,0,0,3,0,0/0,2,0,0,1,0,0,0 s", 8, &pos,
                                       &error));
  g_assert_true (kiela_lesson_editor_add_step (editor, f->omweso, &pos, &error));
  g_assert_no_error (error);
  spin (20);
  step = kiela_lesson_draft_get_n_steps (draft) - 1;
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "title")), "Omweso Puzzles");
  choose_kind (editor, KIELA_TASK_BEST_MOVE);
  spin (10);
  g_assert_cmpint (kiela_lesson_draft_get_step (draft, step)->kind, ==, KIELA_TASK_BEST_MOVE);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (kiela_lesson_editor_get_control (editor, "text"))),
                            "Find the winning move.", -1);
  spin (10);
  g_assert_true (gtk_widget_is_visible (kiela_lesson_editor_get_control (editor, "best")));
  g_assert_true (gtk_widget_is_sensitive (kiela_lesson_editor_get_control (editor, "best")));
  g_signal_emit_by_name (kiela_lesson_editor_get_control (editor, "best"), "clicked");
  wait_until (search_done, editor, 120000, "the engine's search");
  g_assert_cmpstr (kiela_lesson_draft_get_step (draft, step)->move, ==, "b1<");
  g_assert_null (kiela_lesson_editor_get_step_error (editor, step));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (kiela_lesson_editor_get_control (editor, "answer"))),
                            "b1<"));
  spin (20);
  render_to_png (GTK_WIDGET (f->w.window), "direction-editor-best-move.png");
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "direction");

  g_test_add ("/direction/arrows", Fixture, NULL, fixture_setup, test_arrows, fixture_teardown);
  g_test_add ("/direction/lesson-step", Fixture, NULL, fixture_setup, test_lesson_step, fixture_teardown);
  g_test_add ("/direction/lesson-editor", Fixture, NULL, fixture_setup, test_editor_step, fixture_teardown);
  g_test_add ("/direction/lesson-editor-best-move", Fixture, NULL, fixture_setup, test_editor_best_move, fixture_teardown);
  g_test_add ("/direction/anticlockwise-arrow", Fixture, NULL, fixture_setup, test_anticlockwise_arrow,
              fixture_teardown);
  g_test_add ("/direction/keyboard-and-single-way", Fixture, NULL, fixture_setup, test_keyboard_and_single_way,
              fixture_teardown);
  g_test_add ("/direction/choice-mid-move", Fixture, NULL, fixture_setup, test_choice_mid_move, fixture_teardown);
  g_test_add ("/direction/in-house", Fixture, NULL, fixture_setup, test_in_house, fixture_teardown);
  g_test_add ("/direction/variation", Fixture, NULL, fixture_setup, test_variation, fixture_teardown);
  g_test_add ("/direction/new-game-while-offered", Fixture, NULL, fixture_setup, test_new_game_while_offered,
              fixture_teardown);
  return g_test_run ();
}
