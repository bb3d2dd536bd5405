/* test-lessons-layout.c: the lesson view's keys, and its room on a projector's 1024×768 and at
 * 1080p: the board's share, long texts presented, texts whole, the finish row (the fixture and
 * helpers: app-test-lessons.h). */
#include "config.h"

#include <string.h>

#include "kiela-lessons-page.h"
#include "kiela-board-view-private.h"
#include "app-test-lessons.h"

static int height_above (GtkWidget *label, int width, int than);

static void
test_runner_keys (Fixture *f, gconstpointer data)
{
  KielaLessonView *view;
  KielaTracePlayer *player;
  GtkWidget *narration;
  int plain_height, zoomed_height;
  const KielaLesson *lesson = NULL;
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  guint step = 0;

  /* A watch step of the course. */
  for (guint i = 0; i < course->len && lesson == NULL; i++)
    for (guint s = 0; s < ((const KielaLesson *) g_ptr_array_index (course, i))->n_steps; s++)
      if (((const KielaLesson *) g_ptr_array_index (course, i))->steps[s].task.kind == KIELA_TASK_WATCH)
        {
          lesson = g_ptr_array_index (course, i);
          step = s;
          break;
        }
  g_assert_nonnull (lesson);
  view = view_of (f);
  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, lesson->id, step, NULL));
  player = kiela_lesson_view_get_trace_player (view);
  spin (50);

  /* The clicker's keys step the replay, End and Home go to its ends, Ctrl+Page Down goes on. */
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 0);
  app_test_press (GTK_WIDGET (view), "Page_Down");
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 1);
  app_test_press (GTK_WIDGET (view), "Page_Up");
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 0);
  app_test_press (GTK_WIDGET (view), "End");
  g_assert_true (kiela_trace_player_is_at_end (player));
  spin (20);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  app_test_press (GTK_WIDGET (view), "Home");
  g_assert_true (kiela_trace_player_is_at_start (player));
  app_test_press (GTK_WIDGET (view), "space");
  spin (20);
  if (step + 1 < lesson->n_steps)
    {
      app_test_press (GTK_WIDGET (view), "<Control>Page_Down");
      g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, step + 1);
    }

  /* Ctrl+plus makes the lesson's own text larger, not only the step list. */
  narration = kiela_lesson_view_get_control (view, "narration");
  gtk_widget_measure (narration, GTK_ORIENTATION_VERTICAL, 300, NULL, &plain_height, NULL, NULL);
  app_test_press (GTK_WIDGET (f->window), "<Control>plus");
  app_test_press (GTK_WIDGET (f->window), "<Control>plus");
  zoomed_height = height_above (narration, 300, plain_height);
  g_assert_cmpint (zoomed_height, >, plain_height);
  app_test_press (GTK_WIDGET (f->window), "<Control>0");

  /* F5: the narration becomes the caption band under the board, in large type. */
  app_test_press (GTK_WIDGET (f->window), "F5");
  spin (100);
  g_assert_true (kiela_window_get_presenting (f->window));
  g_assert_true (kiela_lesson_view_get_presenting (view));
  g_assert_true (gtk_widget_get_mapped (kiela_lesson_view_get_control (view, "caption")));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (kiela_lesson_view_get_control (view, "caption"))), ==,
                   kiela_lesson_view_get_narration (view));
  maybe_screenshot (f, "lesson-presenting.png");
  app_test_press (GTK_WIDGET (f->window), "F5");
  spin (50);
  g_assert_false (kiela_lesson_view_get_presenting (view));
}

/* A label's natural height at a width: grows with the text zoom. */
static int
height_at (GtkWidget *label, int width)
{
  int h;

  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width, NULL, &h, NULL, NULL);
  return h;
}

/* The label's height at `width` once it is more than `than` (the zoom restyles the text at
 * the next frames; a loaded machine takes a while), or its height after 3 s. */
static int
height_above (GtkWidget *label, int width, int than)
{
  gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
  int h;

  while ((h = height_at (label, width)) <= than && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return h;
}

/* F5, the clicker keys and the zoom in a puzzle, as on the game page. */
static void
test_runner_puzzle_keys (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) puzzles = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_PUZZLES);
  const KielaLesson *set = g_ptr_array_index (puzzles, 0);
  const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, set->variant);
  KielaTracePlayer *player = kiela_lesson_view_get_trace_player (view);
  GtkWidget *narration = kiela_lesson_view_get_control (view, "narration");
  GtkWidget *feedback = kiela_lesson_view_get_control (view, "feedback");
  GtkWidget *caption = kiela_lesson_view_get_control (view, "caption");
  int plain, zoomed, fb_plain, fb_zoomed;

  g_assert_cmpuint (set->n_steps, >=, 2);
  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, set->id, 0, NULL));
  spin (50);

  /* The zoom scales the puzzle's text. */
  plain = height_at (narration, 300);
  app_test_press (GTK_WIDGET (f->window), "<Control>plus");
  app_test_press (GTK_WIDGET (f->window), "<Control>plus");
  zoomed = height_above (narration, 300, plain);
  g_assert_cmpint (zoomed, >, plain);
  app_test_press (GTK_WIDGET (f->window), "<Control>0");
  spin (50);

  /* Answered: the feedback is scaled too, and the clicker steps the best line's replay. */
  answer_right (view, set, variant, 0);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  g_assert_nonnull (kiela_lesson_view_get_feedback (view));
  fb_plain = height_at (feedback, 300);
  app_test_press (GTK_WIDGET (f->window), "<Control>plus");
  app_test_press (GTK_WIDGET (f->window), "<Control>plus");
  fb_zoomed = height_above (feedback, 300, fb_plain);
  g_assert_cmpint (fb_zoomed, >, fb_plain);
  app_test_press (GTK_WIDGET (f->window), "<Control>0");
  spin (50);
  if (kiela_trace_player_get_n_events (player) > 1)
    {
      app_test_press (GTK_WIDGET (view), "Home");
      g_assert_true (kiela_trace_player_is_at_start (player));
      app_test_press (GTK_WIDGET (view), "Page_Down");
      g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 1);
      app_test_press (GTK_WIDGET (view), "Page_Up");
      g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 0);
      app_test_press (GTK_WIDGET (view), "End");
      g_assert_true (kiela_trace_player_is_at_end (player));
    }

  /* F5: the caption band under the board, in large type; the feedback stays in sight. */
  app_test_press (GTK_WIDGET (f->window), "F5");
  spin (100);
  g_assert_true (kiela_window_get_presenting (f->window));
  g_assert_true (kiela_lesson_view_get_presenting (view));
  g_assert_true (gtk_widget_get_mapped (caption));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (caption)), ==, kiela_lesson_view_get_narration (view));
  g_assert_cmpint (height_at (caption, 300), >, plain);
  maybe_screenshot (f, "puzzle-presenting.png");

  /* Ctrl+Page Down goes on to the next puzzle. */
  app_test_press (GTK_WIDGET (view), "<Control>Page_Down");
  spin (50);
  g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, 1);
  app_test_press (GTK_WIDGET (f->window), "F5");
  spin (50);
  g_assert_false (kiela_lesson_view_get_presenting (view));
}

/* Presentation mode on the course's longest step text: the caption band keeps to 30 % of the
 * screen's height (its type set smaller, the whole text still in it), the board has the rest. */
#define CAPTION_BAND_SHARE 0.3
#define BOARD_HEIGHT_SHARE 0.55

static void
test_runner_presenting_long_text (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  const KielaLesson *lesson = NULL;
  guint step = 0;
  gsize longest = 0;
  GtkWidget *band, *board;
  graphene_rect_t b, d;
  int h;

  for (guint i = 0; i < course->len; i++)
    {
      const KielaLesson *l = g_ptr_array_index (course, i);

      for (guint s = 0; s < l->n_steps; s++)
        if (strlen (kiela_lesson_step_get_text (l, s)) > longest)
          {
            longest = strlen (kiela_lesson_step_get_text (l, s));
            lesson = l;
            step = s;
          }
    }
  g_assert_nonnull (lesson);
  g_assert_cmpuint (longest, >, 250);
  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, lesson->id, step, NULL));
  app_test_press (GTK_WIDGET (f->window), "F5");
  /* The type follows the height after a frame, the fit the type at the next ones. */
  app_test_wait_frames (GTK_WIDGET (f->window), 6);
  g_assert_true (kiela_lesson_view_get_presenting (view));
  band = kiela_lesson_view_get_control (view, "caption-band");
  board = GTK_WIDGET (kiela_lesson_view_get_board (view));
  g_assert_true (gtk_widget_get_mapped (band));
  h = gtk_widget_get_height (GTK_WIDGET (f->window));
  b = bounds_in_window (f, band);
  d = bounds_in_window (f, board);
  g_test_message ("%s step %u (%" G_GSIZE_FORMAT " characters): caption band %.0f px, board %.0fx%.0f, in %d px",
                  lesson->id, step + 1, longest, b.size.height, d.size.width, d.size.height, h);
  maybe_screenshot (f, "lesson-presenting-long.png");
  g_assert_cmpfloat (b.size.height, <=, CAPTION_BAND_SHARE * h);
  g_assert_cmpfloat (d.size.height, >=, BOARD_HEIGHT_SHARE * h);
  /* The band is inside the screen, under the board. */
  g_assert_cmpfloat (b.origin.y + b.size.height, <=, h);
  g_assert_cmpfloat (b.origin.y, >=, d.origin.y + d.size.height);
  /* The whole text is in it, none cut off: the label has the height its text needs. */
  {
    GtkWidget *caption = kiela_lesson_view_get_control (view, "caption");
    int need = height_at (caption, gtk_widget_get_width (caption));

    g_test_message ("caption text %d px high, needs %d", gtk_widget_get_height (caption), need);
    g_assert_cmpint (gtk_widget_get_height (caption), >=, need);
    g_assert_false (gtk_label_get_ellipsize (GTK_LABEL (caption)) != PANGO_ELLIPSIZE_NONE);
  }
  /* The zoom four steps up (the walkthrough's): the type at its floor, the band may pass its
   * share a little (the ellipsis counts lines of the unzoomed fit), never take the screen. */
  for (guint z = 0; z < 4; z++)
    app_test_press (GTK_WIDGET (f->window), "<Control>plus");
  app_test_wait_frames (GTK_WIDGET (f->window), 6);
  b = bounds_in_window (f, band);
  g_test_message ("zoomed: caption band %.0f px", b.size.height);
  g_assert_cmpfloat (b.size.height, <=, 0.4 * h);
  app_test_press (GTK_WIDGET (f->window), "<Control>0");
  app_test_press (GTK_WIDGET (f->window), "F5");
  spin (50);
}

/* The page at 1024x768 and 1920x1080: the board takes the space there is.  At 1024x768 it stood
 * 600 px wide beside the text with 130 px empty above and below it. */
#define BOARD_WIDTH_SHARE 0.7

static void assert_fully_visible (Fixture *f, GtkWidget *widget);

static void
test_runner_board_space (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  const KielaLesson *lesson = kiela_registry_lookup_lesson (f->registry, "houses");
  GtkWidget *board = GTK_WIDGET (kiela_lesson_view_get_board (view));
  GtkWidget *page = GTK_WIDGET (view);
  KielaBoardLayout drawn;
  graphene_rect_t b;
  int w, h;

  g_assert_nonnull (lesson);
  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, lesson->id, 0, NULL));
  app_test_wait_frames (GTK_WIDGET (f->window), 4);
  w = gtk_widget_get_width (page);
  h = gtk_widget_get_height (page);
  b = bounds_in_window (f, board);
  kiela_board_layout_compute (&drawn, kiela_board_view_get_files (KIELA_BOARD_VIEW (board)), b.size.width, b.size.height);
  g_test_message ("page %dx%d: board drawn %.0fx%.0f in %.0fx%.0f, %.0f px empty above and below; text pane %d px high",
                  w, h, drawn.width, drawn.height, b.size.width, b.size.height, b.size.height - drawn.height,
                  gtk_widget_get_height (gtk_widget_get_parent (gtk_widget_get_parent (kiela_lesson_view_get_control (view, "task")))));
  maybe_screenshot (f, "lesson-board-space.png");
  /* The board spans most of the page's width, and little of its box is left empty. */
  g_assert_cmpfloat (drawn.width, >=, BOARD_WIDTH_SHARE * w);
  g_assert_cmpfloat (b.size.height - drawn.height, <=, 0.15 * h);
  /* A step's text, its task and the way on are in sight, not scrolled away. */
  {
    static const char *const shown[] = { "narration", "task", "next" };
    GtkWidget *side = gtk_widget_get_ancestor (kiela_lesson_view_get_control (view, "task"), GTK_TYPE_SCROLLED_WINDOW);
    graphene_rect_t pane = bounds_in_window (f, side);

    for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
      {
        GtkWidget *widget = kiela_lesson_view_get_control (view, shown[i]);
        graphene_rect_t r = bounds_in_window (f, widget);

        assert_fully_visible (f, widget);
        g_assert_cmpfloat (r.origin.y, >=, pane.origin.y);
        g_assert_cmpfloat (r.origin.y + r.size.height, <=, pane.origin.y + pane.size.height);
      }
  }
  /* A long first step (the game-end lesson's, 300 characters) is read whole too: with the
   * text and the answer in halves, a French first step was cut after four lines. */
  g_assert_true (kiela_lesson_view_open (view, "game-end", 0, NULL));
  app_test_wait_frames (GTK_WIDGET (f->window), 4);
  {
    GtkWidget *text = kiela_lesson_view_get_control (view, "narration");
    GtkWidget *side = gtk_widget_get_ancestor (text, GTK_TYPE_SCROLLED_WINDOW);
    graphene_rect_t pane = bounds_in_window (f, side);
    graphene_rect_t r = bounds_in_window (f, text);

    g_assert_cmpuint (strlen (gtk_label_get_text (GTK_LABEL (text))), >=, 250);
    g_assert_cmpfloat (r.origin.y, >=, pane.origin.y);
    g_assert_cmpfloat (r.origin.y + r.size.height, <=, pane.origin.y + pane.size.height);
  }
}

/* The text band (the step's text and the answer) is shown whole: it needs no scrolling, and the
 * buttons that go on (`names`, those shown) are whole in the window. */
static void
assert_text_whole (Fixture *f, const char *what, const char *const *names)
{
  KielaLessonView *view = view_of (f);
  GtkWidget *side = gtk_widget_get_ancestor (kiela_lesson_view_get_control (view, "narration"), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (side));

  app_test_wait_frames (GTK_WIDGET (f->window), 4);
  if (gtk_adjustment_get_upper (adj) > gtk_adjustment_get_page_size (adj) + 1)
    {
      maybe_screenshot (f, "lesson-text-band-overflow.png");
      g_error ("%s at %dx%d: the text band needs %.0f px and shows %.0f", what, f->width, f->height,
             gtk_adjustment_get_upper (adj), gtk_adjustment_get_page_size (adj));
    }
  for (guint i = 0; names[i] != NULL; i++)
    {
      GtkWidget *widget = kiela_lesson_view_get_control (view, names[i]);

      if (gtk_widget_is_visible (widget))
        assert_fully_visible (f, widget);
    }
}

/* Every step of the course, as it opens and, for the steps answered with a number or an
 * arrangement, after a wrong answer (its verdict said): the text band is read whole, the way
 * on in sight.  At 1024x768 the expert lesson's arrangement steps scrolled their text and Next
 * away (five lines of "how to move stones" in the answer column). */
static void
test_runner_text_fits (Fixture *f, gconstpointer data)
{
  static const char *const buttons[] = { "next", "check", "arrange-check", "arrange-reset", "arrange-help", "hint", NULL };
  KielaLessonView *view = view_of (f);
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  GtkWidget *side = gtk_widget_get_ancestor (kiela_lesson_view_get_control (view, "narration"), GTK_TYPE_SCROLLED_WINDOW);
  guint n = 0, most = 0;
  const char *tallest = NULL;

  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  for (guint i = 0; i < course->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (course, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, lesson->variant);

      for (guint s = 0; s < lesson->n_steps; s++)
        {
          g_autofree char *what = g_strdup_printf ("%s step %u", lesson->id, s + 1);
          KielaTaskKind kind = lesson->steps[s].task.kind;

          g_assert_true (kiela_lesson_view_open (view, lesson->id, s, NULL));
          if (kind == KIELA_TASK_ARRANGE)
            {
              g_autofree char *name = g_strdup_printf ("lesson-arrange-%s-%u-%dx%d.png", lesson->id, s + 1, f->width, f->height);

              maybe_screenshot (f, name);
            }
          assert_text_whole (f, what, buttons);
          if ((guint) gtk_widget_get_height (side) > most)
            most = (guint) gtk_widget_get_height (side), tallest = lesson->id;
          n++;
          if (kind == KIELA_TASK_ARRANGE)
            {
              /* The stones as they are: wrong for both of the expert lesson's steps. */
              click (kiela_lesson_view_get_control (view, "arrange-check"));
              g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
              g_free (what);
              what = g_strdup_printf ("%s step %u, wrong", lesson->id, s + 1);
              assert_text_whole (f, what, buttons);
            }
          else if (kind == KIELA_TASK_PREDICT_CAPTURE)
            {
              const KielaLesson *shown = kiela_lesson_view_get_shown_lesson (view);
              KielaLessonAnswer answer = { 0 };

              g_assert_true (kiela_lesson_step_right_answer (shown, variant, s, &answer));
              gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count")), answer.number + 1);
              click (kiela_lesson_view_get_control (view, "check"));
              wait_until (replay_done, view, 5000, "the replay");
              g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
              g_free (what);
              what = g_strdup_printf ("%s step %u, wrong", lesson->id, s + 1);
              assert_text_whole (f, what, buttons);
            }
          if (kind == KIELA_TASK_ARRANGE)
            {
              g_autofree char *name = g_strdup_printf ("lesson-arrange-%s-%u-wrong-%dx%d.png", lesson->id, s + 1, f->width, f->height);

              maybe_screenshot (f, name);
            }
        }
    }
  g_test_message ("%u steps read whole; the tallest text band %u px (%s)", n, most, tallest);
  g_assert_cmpuint (n, >=, 90);
}

/* `widget` is shown whole: inside the window and not squeezed by its parents (its border box,
 * with its margins, at least its minimum size). */
static void
assert_fully_visible (Fixture *f, GtkWidget *widget)
{
  graphene_rect_t r = bounds_in_window (f, widget);
  int min_w, min_h;

  g_assert_true (gtk_widget_get_mapped (widget));
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
  g_assert_cmpfloat (r.size.width + gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget), >=, min_w);
  g_assert_cmpfloat (r.size.height + gtk_widget_get_margin_top (widget) + gtk_widget_get_margin_bottom (widget), >=, min_h);
  g_assert_cmpfloat (r.origin.x, >=, 0);
  g_assert_cmpfloat (r.origin.y, >=, 0);
  g_assert_cmpfloat (r.origin.x + r.size.width, <=, gtk_widget_get_width (GTK_WIDGET (f->window)));
  g_assert_cmpfloat (r.origin.y + r.size.height, <=, gtk_widget_get_height (GTK_WIDGET (f->window)));
}

/* The end of a lesson: Finish Lesson and Next Lesson side by side on one row, both whole. */
static void
test_runner_finish_row (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  const KielaLesson *houses = kiela_registry_lookup_lesson (f->registry, "houses");
  const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, houses->variant);
  guint last = (guint) houses->n_steps - 1;
  GtkWidget *finish = kiela_lesson_view_get_control (view, "next");
  GtkWidget *next = kiela_lesson_view_get_control (view, "next-lesson");
  graphene_rect_t a, b;

  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_open (view, houses->id, last, NULL));
  answer_right (view, houses, variant, last);
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  g_assert_true (gtk_widget_get_visible (next));
  g_assert_true (gtk_widget_is_sensitive (finish));
  assert_fully_visible (f, finish);
  assert_fully_visible (f, next);
  a = bounds_in_window (f, finish);
  b = bounds_in_window (f, next);
  g_test_message ("Finish Lesson at %.0f,%.0f %.0fx%.0f, Next Lesson at %.0f,%.0f %.0fx%.0f",
                  a.origin.x, a.origin.y, a.size.width, a.size.height, b.origin.x, b.origin.y, b.size.width, b.size.height);
  /* One row: the same top, side by side without overlapping, the way on last. */
  g_assert_cmpfloat (a.origin.y, ==, b.origin.y);
  g_assert_cmpfloat (a.origin.x + a.size.width, <=, b.origin.x);
  maybe_screenshot (f, "lesson-finish-row.png");
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = lessons_test_init (&argc, &argv, "test-lessons-layout");

  ADD_SIZES ("/app/lessons/runner/keys", test_runner_keys);
  ADD_SIZES ("/app/lessons/runner/puzzle-keys", test_runner_puzzle_keys);
  ADD_SIZES ("/app/lessons/runner/finish-row", test_runner_finish_row);
  ADD_SIZES ("/app/lessons/runner/presenting-long-text", test_runner_presenting_long_text);
  ADD_SIZES ("/app/lessons/runner/board-space", test_runner_board_space);
  ADD_SIZES ("/app/lessons/runner/text-fits", test_runner_text_fits);
  return g_test_run ();
}
