/* test-class.c: pupils on a shared computer in the window, at 1024×768 and 1920×1080: a pupil added and
 * picked on the welcome page, a step answered wrong and queued, practised until the queue is empty,
 * a drill step back with a fresh position, the Class Progress table and its CSV, a pupil removed. */
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
#include "kiela-mistakes-page.h"
#include "kiela-lessons-page.h"
#include "kiela-class-page.h"
#include "kiela-lesson-view.h"
#include "kiela-settings.h"
#include "app-test-learn.h"

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  int width, height;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  app_test_forget_pupils ();
  f->prefs = app_test_settings_new ();
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  f->width = ((const Size *) data)->width;
  f->height = ((const Size *) data)->height;
  f->window = app_test_window_new (f->registry, f->prefs, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), f->width, f->height);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, app_test_window_free);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
}

static KielaLearn *
learn_of (Fixture *f)
{
  return kiela_window_get_learn (f->window);
}

/* KIELA_SCREENSHOT_DIR=... keeps the window as it is now, named after the size. */
static void
maybe_screenshot (Fixture *f, const char *name)
{
  g_autofree char *file = g_strdup_printf ("%s-%dx%d.png", name, f->width, f->height);

  app_test_screenshot (GTK_WIDGET (f->window), file, 800);
}

/* The first course step that asks how many stones a move captures, a drill or not: answered
 * with a number, whatever the course's content. */
static gboolean
find_count_step (KielaRegistry *registry, gboolean drill, const KielaLesson **lesson, guint *step)
{
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (registry, KIELA_LESSON_KIND_COURSE);

  for (guint i = 0; i < course->len; i++)
    {
      const KielaLesson *l = g_ptr_array_index (course, i);

      for (guint s = 0; s < l->n_steps; s++)
        if (l->steps[s].task.kind == KIELA_TASK_PREDICT_CAPTURE
            && (l->steps[s].task.drill != KIELA_DRILL_NONE) == drill)
          {
            *lesson = l;
            *step = s;
            return TRUE;
          }
    }
  return FALSE;
}

/* Answers the count step shown: right, or one stone more. */
static void
answer_count (Fixture *f, gboolean right)
{
  KielaLessonView *view = kiela_learn_get_lesson_view (learn_of (f));
  const KielaLesson *shown = kiela_lesson_view_get_shown_lesson (view);
  const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, shown->variant);
  KielaLessonAnswer answer = { 0 };

  g_assert_true (kiela_lesson_step_right_answer (shown, variant, kiela_lesson_view_get_step (view), &answer));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count")),
                             answer.number + (right ? 0 : 1));
  click (kiela_lesson_view_get_control (view, "check"));
  wait_until (replay_done, view, 5000, "the replay");
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, right ? KIELA_LESSON_RIGHT : KIELA_LESSON_WRONG);
}

static const char *
row_subtitle (GtkWidget *row)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static char *
read_csv (KielaClassPage *page)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-csv-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "class.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (kiela_class_page_export_to (page, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_remove (path);
  g_rmdir (dir);
  return contents;
}

/* The heading row's column for `title`, or -1. */
static int
column_of (KielaClassPage *page, const char *title)
{
  for (guint c = 0; kiela_class_page_get_cell (page, 0, c) != NULL; c++)
    if (g_strcmp0 (kiela_class_page_get_cell (page, 0, c), title) == 0)
      return (int) c;
  return -1;
}

static void
test_class (Fixture *f, gconstpointer data)
{
  KielaLearn *learn = learn_of (f);
  KielaPupils *pupils = kiela_learn_get_pupils (learn);
  KielaLessonProgress *progress = kiela_learn_get_progress (learn);
  KielaWelcomePage *welcome = KIELA_WELCOME_PAGE (kiela_learn_get_page (learn, KIELA_PAGE_WELCOME));
  KielaClassPage *class_page = KIELA_CLASS_PAGE (kiela_learn_get_page (learn, KIELA_PAGE_CLASS));
  KielaMistakesPage *mistakes = KIELA_MISTAKES_PAGE (kiela_learn_get_page (learn, KIELA_PAGE_MISTAKES));
  KielaLessonView *view = kiela_learn_get_lesson_view (learn);
  GtkWidget *practise = kiela_welcome_page_get_row (welcome, KIELA_WELCOME_PRACTISE);
  GtkWidget *chooser = kiela_welcome_page_get_pupil_chooser (welcome);
  GtkWidget *add = kiela_class_page_get_control (class_page, "add");
  const KielaLesson *lesson = NULL, *drill = NULL;
  guint step = 0, drill_step = 0;
  g_autofree char *ada = NULL;
  g_autofree char *target = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *expected_row = NULL;
  g_autoptr(KielaLessonProgress) first = NULL;
  g_auto(GStrv) lines = NULL;
  int to_practise, made;

  /* A count step from the lesson file, or else a drill's (the course decides which it has). */
  g_assert_true (find_count_step (f->registry, FALSE, &lesson, &step)
                 || find_count_step (f->registry, TRUE, &lesson, &step));

  /* A home user: one pupil, no chooser, nothing to practise. */
  kiela_window_show_page (f->window, KIELA_PAGE_WELCOME);
  spin (50);
  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 1);
  g_assert_false (app_test_widget_shown (chooser));
  g_assert_false (gtk_widget_get_visible (practise));

  /* The teacher adds Ada on the class page (the menu's Pupils and Progress). */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", KIELA_PAGE_CLASS);
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_CLASS);
  gtk_editable_set_text (GTK_EDITABLE (add), "Ada");
  g_signal_emit_by_name (add, "apply");
  spin (20);
  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 2);
  ada = g_strdup (kiela_pupils_get_id (pupils, 1));
  g_assert_cmpstr (kiela_pupils_get_name (pupils, ada), ==, "Ada");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (add)), ==, "");
  g_assert_nonnull (kiela_class_page_get_pupil_control (class_page, ada, "row"));
  /* The same name again is refused, and the page says why. */
  gtk_editable_set_text (GTK_EDITABLE (add), "ada ");
  g_signal_emit_by_name (add, "apply");
  spin (20);
  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 2);
  g_assert_true (gtk_widget_get_visible (kiela_class_page_get_control (class_page, "error")));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (kiela_class_page_get_control (class_page, "error"))), ==,
                   "There is already a pupil called “Ada”.");
  /* Typing again takes the reason away. */
  gtk_editable_set_text (GTK_EDITABLE (add), "");
  g_assert_false (gtk_widget_get_visible (kiela_class_page_get_control (class_page, "error")));

  /* Ada picks her name on the welcome page. */
  kiela_window_show_page (f->window, KIELA_PAGE_WELCOME);
  spin (50);
  g_assert_true (app_test_widget_shown (chooser));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (chooser)), ==, 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (chooser), 1);
  spin (20);
  g_assert_cmpstr (kiela_pupils_get_current (pupils), ==, ada);
  maybe_screenshot (f, "class-welcome-chooser");

  /* She answers a count wrong: the step goes into her queue, not the first pupil's. */
  target = g_strdup_printf ("%s/%u", lesson->id, step + 1);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-lesson", "s", target);
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  g_assert_false (kiela_lesson_view_get_review (view));
  answer_count (f, FALSE);
  g_assert_true (kiela_lesson_progress_has_mistake (progress, lesson->id, step));
  g_assert_cmpuint (kiela_lesson_progress_get_n_mistakes (progress), ==, 1);
  first = kiela_pupils_read_progress (pupils, "p1", NULL);
  g_assert_cmpuint (kiela_lesson_progress_get_n_mistakes (first), ==, 0);
  /* Right at the second try: still queued (it was wrong once). */
  answer_count (f, TRUE);
  g_assert_true (kiela_lesson_progress_has_mistake (progress, lesson->id, step));

  /* The welcome page offers the practice; the list shows the step. */
  kiela_window_show_page (f->window, KIELA_PAGE_WELCOME);
  spin (50);
  g_assert_true (app_test_widget_shown (practise));
  g_assert_cmpstr (row_subtitle (practise), ==, "1 step to try again, until you get it right");
  maybe_screenshot (f, "class-welcome-practise");
  click (kiela_welcome_page_get_mistakes_button (welcome));
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_MISTAKES);
  g_assert_cmpuint (kiela_mistakes_page_get_n_rows (mistakes), ==, 1);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (kiela_mistakes_page_get_row (mistakes, 0))), ==,
                   kiela_lesson_get_title (lesson));
  {
    g_autofree char *subtitle = g_strdup_printf ("Step %u · wrong once", step + 1);
    g_assert_cmpstr (row_subtitle (kiela_mistakes_page_get_row (mistakes, 0)), ==, subtitle);
  }
  maybe_screenshot (f, "class-mistakes");

  /* Class Progress: Ada made one mistake, one to practise; the first pupil none. */
  kiela_window_show_page (f->window, KIELA_PAGE_CLASS);
  spin (50);
  to_practise = column_of (class_page, "To practise");
  made = column_of (class_page, "Mistakes");
  g_assert_cmpint (to_practise, >, 0);
  g_assert_cmpint (made, >, 0);
  g_assert_cmpstr (kiela_class_page_get_cell (class_page, 2, 0), ==, "Ada");
  g_assert_cmpstr (kiela_class_page_get_cell (class_page, 2, (guint) made), ==, "1");
  g_assert_cmpstr (kiela_class_page_get_cell (class_page, 2, (guint) to_practise), ==, "1");
  g_assert_cmpstr (kiela_class_page_get_cell (class_page, 1, (guint) to_practise), ==, "0");
  maybe_screenshot (f, "class-progress");

  /* Practise: the step comes back, Continue ends it; right at the first try, it leaves the queue. */
  kiela_window_show_page (f->window, KIELA_PAGE_WELCOME);
  spin (50);
  g_signal_emit_by_name (practise, "activate");
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_get_review (view));
  g_assert_true (kiela_lesson_view_get_lesson (view) == lesson);
  g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, step);
  /* Wrong in the practice: it stays. */
  answer_count (f, FALSE);
  answer_count (f, TRUE);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (kiela_lesson_view_get_control (view, "next"))), ==, "_Continue");
  g_assert_false (gtk_widget_get_visible (kiela_lesson_view_get_control (view, "next-lesson")));
  click (kiela_lesson_view_get_control (view, "next"));
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_WELCOME);
  g_assert_cmpuint (kiela_lesson_progress_get_n_mistakes (progress), ==, 1);
  g_assert_cmpstr (kiela_window_get_last_message (f->window), ==,
                   "Practice done: 0 of 1 right at the first try; 1 step is still to practise.");
  /* Right at the first try: the queue is empty, the offer gone. */
  g_signal_emit_by_name (practise, "activate");
  spin (50);
  answer_count (f, TRUE);
  click (kiela_lesson_view_get_control (view, "next"));
  spin (50);
  g_assert_cmpuint (kiela_lesson_progress_get_n_mistakes (progress), ==, 0);
  g_assert_cmpstr (kiela_window_get_last_message (f->window), ==,
                   "Practice done: 1 step right, nothing left to practise.");
  g_assert_false (gtk_widget_get_visible (practise));
  g_assert_cmpuint (kiela_mistakes_page_get_n_rows (mistakes), ==, 0);
  g_assert_cmpstr (kiela_class_page_get_cell (class_page, 2, (guint) to_practise), ==, "0");
  /* Mistakes made are still counted for the teacher. */
  g_assert_cmpstr (kiela_class_page_get_cell (class_page, 2, (guint) made), ==, "2");

  /* A drill step comes back with a fresh position of the same kind. */
  if (find_count_step (f->registry, TRUE, &drill, &drill_step))
    {
      g_autofree char *drill_target = g_strdup_printf ("%s/%u", drill->id, drill_step + 1);

      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-lesson", "s", drill_target);
      spin (50);
      answer_count (f, FALSE);
      g_assert_true (kiela_lesson_progress_has_mistake (progress, drill->id, drill_step));
      kiela_window_show_page (f->window, KIELA_PAGE_WELCOME);
      spin (50);
      g_signal_emit_by_name (practise, "activate");
      spin (50);
      g_assert_true (kiela_lesson_view_get_lesson (view) == drill);
      g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, drill_step);
      /* Made by the engine for this showing, not the lesson file's. */
      g_assert_true (kiela_lesson_view_get_shown_lesson (view) != drill);
      answer_count (f, TRUE);
      click (kiela_lesson_view_get_control (view, "next"));
      spin (50);
      g_assert_false (kiela_lesson_progress_has_mistake (progress, drill->id, drill_step));
    }
  else
    g_test_message ("no drill step asks for a count: the drill's return is not checked");

  /* A result recorded for a final test (the course's API) shows in the table and the CSV. */
  g_assert_true (kiela_lesson_progress_set_result (progress, "final-test-x", 7, 10, NULL));

  /* The CSV: the headings, then one row a pupil, Ada's mistakes and her test. */
  csv = read_csv (class_page);
  lines = g_strsplit (csv, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);   /* headings, two pupils, the empty end */
  g_assert_true (g_str_has_prefix (lines[0], "\"Pupil\",\"Lessons finished\",\"Stars\",\"Mistakes\",\"To practise\","));
  g_assert_true (g_str_has_suffix (lines[0], ",\"final-test-x\""));
  expected_row = g_strdup_printf ("\"Ada\",0,0,%u,0,", drill ? 3 : 2);
  g_assert_true (g_str_has_prefix (lines[2], expected_row));
  g_assert_true (g_str_has_suffix (lines[2], ",7/10"));
  g_assert_cmpstr (lines[3], ==, "");
  {
    int col = column_of (class_page, "final-test-x");

    g_assert_cmpint (col, >, 0);
    g_assert_cmpstr (kiela_class_page_get_cell (class_page, 2, (guint) col), ==, "7/10");
    g_assert_cmpstr (kiela_class_page_get_cell (class_page, 1, (guint) col), ==, "–");
  }

  /* Removing Ada asks first; Cancel keeps her, Remove removes her and the chooser goes. */
  kiela_window_show_page (f->window, KIELA_PAGE_CLASS);
  spin (50);
  click (kiela_class_page_get_pupil_control (class_page, ada, "remove"));
  {
    GtkWidget *question = kiela_compat_question_find (GTK_WINDOW (f->window));

    g_assert_nonnull (question);
    g_assert_cmpstr (kiela_compat_question_get_heading (question), ==, "Remove “Ada” from the Class?");
    maybe_screenshot (f, "class-remove");
    kiela_compat_question_respond (question, "cancel");
    spin (20);
    g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 2);
  }
  click (kiela_class_page_get_pupil_control (class_page, ada, "remove"));
  kiela_compat_question_respond (kiela_compat_question_find (GTK_WINDOW (f->window)), "remove");
  spin (20);
  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 1);
  g_assert_cmpstr (kiela_pupils_get_current (pupils), ==, "p1");
  g_assert_false (app_test_widget_shown (chooser));
  /* The last pupil cannot be removed. */
  g_assert_false (gtk_widget_is_sensitive (kiela_class_page_get_pupil_control (class_page, "p1", "remove")));
}

/* Rename and reset ask first, and change one pupil only. */
static void
test_rename_reset (Fixture *f, gconstpointer data)
{
  KielaLearn *learn = learn_of (f);
  KielaPupils *pupils = kiela_learn_get_pupils (learn);
  KielaClassPage *class_page = KIELA_CLASS_PAGE (kiela_learn_get_page (learn, KIELA_PAGE_CLASS));
  g_autofree char *bo = kiela_pupils_add (pupils, "Bo", NULL);
  g_autoptr(KielaLessonProgress) bo_progress = NULL;
  GtkWidget *question;
  GtkEntry *entry;

  kiela_lesson_progress_record (kiela_learn_get_progress (learn), "houses", 0, 0, 0, NULL);
  g_assert_true (kiela_pupils_set_current (pupils, bo, NULL));
  kiela_lesson_progress_record (kiela_learn_get_progress (learn), "houses", 0, 0, 0, NULL);
  kiela_window_show_page (f->window, KIELA_PAGE_CLASS);
  spin (50);

  click (kiela_class_page_get_pupil_control (class_page, bo, "rename"));
  question = kiela_compat_question_find (GTK_WINDOW (f->window));
  g_assert_nonnull (question);
  g_assert_cmpstr (kiela_compat_question_get_heading (question), ==, "Rename “Bo”");
  entry = GTK_ENTRY (app_test_find_type (question, GTK_TYPE_ENTRY));
  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Bonifácio");
  maybe_screenshot (f, "class-rename");
  kiela_compat_question_respond (question, "rename");
  spin (20);
  g_assert_cmpstr (kiela_pupils_get_name (pupils, bo), ==, "Bonifácio");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (kiela_class_page_get_pupil_control (class_page, bo, "row"))),
                   ==, "Bonifácio");

  /* Reset the first pupil (not playing): Bo keeps his star. */
  click (kiela_class_page_get_pupil_control (class_page, "p1", "reset"));
  question = kiela_compat_question_find (GTK_WINDOW (f->window));
  g_assert_nonnull (question);
  kiela_compat_question_respond (question, "reset");
  spin (20);
  {
    g_autoptr(KielaLessonProgress) p1 = kiela_pupils_read_progress (pupils, "p1", NULL);
    g_assert_cmpuint (kiela_lesson_progress_get_stars (p1, "houses", 0), ==, 0);
  }
  bo_progress = kiela_pupils_read_progress (pupils, bo, NULL);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (bo_progress, "houses", 0), ==, 3);
  /* The playing pupil is picked on this page too. */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (kiela_class_page_get_pupil_control (class_page, "p1", "play")), TRUE);
  spin (20);
  g_assert_cmpstr (kiela_pupils_get_current (pupils), ==, "p1");
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-class");

  g_setenv ("LANGUAGE", "C", TRUE);
  app_test_disable_animations ();
  app_test_load_style ();
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                    "/io/github/kiela/Kiela/icons");
#define ADD_SIZES(path, fn) \
  g_test_add (path "/1024x768", Fixture, &size_narrow, fixture_setup, fn, fixture_teardown); \
  g_test_add (path "/1920x1080", Fixture, &size_wide, fixture_setup, fn, fixture_teardown)
  ADD_SIZES ("/class/queue-and-progress", test_class);
  ADD_SIZES ("/class/rename-reset", test_rename_reset);
  return g_test_run ();
}
