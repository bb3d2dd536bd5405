/* test-lessons-teacher.c: a teacher's lesson file shown with its checks, installed, listed in the
 * course and answered (the fixture and helpers: app-test-lessons.h). */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kiela-compat.h"
#include "kiela-lessons-page.h"
#include "kiela-lesson-install.h"
#include "app-test-lessons.h"

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

  /* Installed again, a new version of the same id: asked, replaced, the pupil's stars kept. */
  {
    g_autofree char *revised = g_strdup (teacher_lesson);
    g_autofree char *text = NULL;
    g_autofree char *now = NULL;
    const KielaLesson *old = lesson;

    *strstr (revised, "Three questions for Tuesday.") = '\0';
    text = g_strconcat (revised, "Revised for Wednesday.", strstr (teacher_lesson, "\nVariant="), NULL);
    g_assert_true (g_file_set_contents (path, text, -1, NULL));
    kiela_lesson_install_prompt (GTK_WINDOW (f->window), f->registry, file);
    dialog = find_dialog (f);
    g_assert_nonnull (dialog);
    g_assert_cmpstr (kiela_compat_question_get_heading (dialog), ==, "Replace “Tuesday”?");
    g_assert_nonnull (strstr (kiela_compat_question_get_body (dialog), "installing replaces it"));
    g_assert_false (kiela_compat_question_has_response (dialog, "install"));
    answer_dialog (f, dialog, "replace");
    g_assert_null (find_dialog (f));
    lesson = kiela_registry_lookup_lesson (f->registry, "tuesday");
    g_assert_nonnull (lesson);
    g_assert_true (lesson != old);
    g_assert_cmpstr (kiela_lesson_get_summary (lesson), ==, "Revised for Wednesday.");
    g_assert_true (g_file_get_contents (installed, &now, NULL, NULL));
    g_assert_nonnull (strstr (now, "Revised for Wednesday."));
    g_assert_cmpstr (row_state (kiela_lessons_page_get_item (lessons, "tuesday", 0)), ==, "Done ★★☆");
  }

  /* A lesson that comes with Kiela cannot be replaced: the reason, and no Install. */
  {
    g_autofree char *shipped = g_build_filename (tmp, "capture.kiela-lesson", NULL);
    g_autoptr(GFile) shipped_file = g_file_new_for_path (shipped);
    const KielaLesson *capture = kiela_registry_lookup_lesson (f->registry, "capture");

    g_assert_nonnull (capture);
    g_assert_true (g_file_set_contents (shipped, "[Lesson]\nFormat=1\nId=capture\nTitle=Mine\nVariant=kiela\n\n"
                                        "[Step 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n", -1, NULL));
    kiela_lesson_install_prompt (GTK_WINDOW (f->window), f->registry, shipped_file);
    dialog = find_dialog (f);
    g_assert_nonnull (dialog);
    g_assert_nonnull (strstr (kiela_compat_question_get_body (dialog), "a lesson that comes with Kiela"));
    g_assert_false (kiela_compat_question_get_response_enabled (dialog, "install"));
    answer_dialog (f, dialog, "cancel");
    g_assert_true (kiela_registry_lookup_lesson (f->registry, "capture") == capture);
    g_assert_cmpint (g_remove (shipped), ==, 0);
  }

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
  G_GNUC_UNUSED g_autofree char *tmp = lessons_test_init (&argc, &argv, "test-lessons-teacher");

  ADD ("/app/lessons/teacher-lesson", test_teacher_lesson);
  return g_test_run ();
}
