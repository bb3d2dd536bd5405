/* test-lesson-editor.c: the lesson editor under Xvfb at 1024×768 (issue 19): a three-step lesson
 * (sow a house, predict the last stone, count a capture) built through the page's widgets and
 * actions, each step checked as it is written; tried as a pupil with one wrong answer; saved,
 * reopened, installed and found in Learn to Play; its worksheet with the answer key exported and
 * its pages counted; and screenshots of the editor and of the installed lesson. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-learn.h"
#include "kiela-lessons-page.h"
#include "kiela-lesson-editor.h"
#include "kiela-lesson-export.h"
#include "kiela-position-editor.h"
#include "kiela-preferences-window.h"
#include "kiela-board-view-private.h"
#include "app-test-util.h"
#include "app-test-render.h"
#include "app-test-lesson-editor.h"
#include "kiela-compat.h"
#include "kiela-lesson-install.h"

/* South's j1 captures 6 here (the course's capture lesson, step 2). */
#define CAPTURE_KPN "2,2,2,2,2,2,2,2,3,2/0,0,0,0,0,0,0,0,3,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s"

#define NOTE_OBJECTIVE "Pupils sow one lap, then predict and count."
#define NOTE_MISCONCEPTIONS "The inner row runs rightward, as the outer row does.\nA capture takes only the house in front."
#define NOTE_ACTIVITY "With real stones, each pupil sows g1 on a board drawn on paper."

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  char *dir;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autofree char *autosave = kiela_lesson_draft_dup_autosave_path ();

  /* Each test starts with no lesson in progress from the one before. */
  g_remove (autosave);
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  f->prefs = app_test_settings_new ();
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  f->dir = g_dir_make_tmp ("kiela-lesson-editor-XXXXXX", NULL);
  f->window = app_test_window_new (f->registry, f->prefs, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 768);
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  /* A test that closed its window holds nothing more to close. */
  g_clear_pointer (&f->window, app_test_window_free);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
  g_free (f->dir);
}

static KielaLessonEditor *
editor_of (Fixture *f)
{
  return KIELA_LESSON_EDITOR (kiela_window_get_page (f->window, KIELA_PAGE_LESSON_EDITOR));
}

static void
activate (gpointer widget, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (widget), action, NULL));
  spin (20);
}

/* Clicks the house at `square` of `board` (the "clicked" of its button, as a pointer or Enter does). */
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
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  spin (20);
}

static void
set_text (KielaLessonEditor *editor, const char *text)
{
  GtkTextView *view = GTK_TEXT_VIEW (kiela_lesson_editor_get_control (editor, "text"));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), text, -1);
  spin (10);
}

/* Where the engine says `square`'s move ends and what it captures, worked out here from the position. */
static void
engine_facts (const KielaVariant *v, const char *kpn, const char *square, char landed[4], guint *captured)
{
  KielaPosition pos;
  KielaSquare sq;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  g_assert_true (kiela_position_parse (kpn, v->files, &pos, NULL));
  g_assert_true (kiela_square_parse (v->files, square, &sq, NULL));
  g_assert_true (kiela_sow_traced (v, &pos, (KielaMove) sq.house, trace));
  kiela_square_name (v->files, (KielaSide) trace->result.last_side, trace->result.last_house, landed);
  *captured = trace->result.captured;
}

static gboolean
label_in_tree (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  if (ADW_IS_PREFERENCES_ROW (widget) && strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), text) != NULL)
    return TRUE;
  if (ADW_IS_PREFERENCES_GROUP (widget) && adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)) != NULL
      && strstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (label_in_tree (c, text))
      return TRUE;
  return FALSE;
}

static guint
pdf_pages (const char *path)
{
  g_autofree char *out = NULL;
  int status = 0;
  const char *argv[] = { KIELA_TEST_PDFINFO, path, NULL };
  const char *line;
  g_autofree char *count = NULL;
  guint64 pages = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                               &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, "Pages:");
  g_assert_nonnull (line);
  count = g_strndup (line + 6, strcspn (line + 6, "\n"));
  g_assert_true (g_ascii_string_to_unsigned (g_strstrip (count), 10, 1, 1000, &pages, NULL));
  return (guint) pages;
}

static gboolean
visible_is (gpointer data)
{
  Fixture *f = data;

  return g_strcmp0 (kiela_window_get_visible_page (f->window), g_object_get_data (G_OBJECT (f->window), "want")) == 0;
}

static void
assert_page (Fixture *f, const char *name)
{
  g_object_set_data_full (G_OBJECT (f->window), "want", g_strdup (name), g_free);
  wait_until (visible_is, f, 5000, name);
}

static void
test_build_try_save_install (Fixture *f, gconstpointer data)
{
  KielaLessonEditor *editor;
  KielaLessonDraft *draft;
  KielaBoardView *board;
  const KielaVariant *kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  KielaPosition start;
  g_autofree char *start_kpn = NULL;
  g_autofree char *path = g_build_filename (f->dir, "sowing-basics.kiela-lesson", NULL);
  g_autofree char *pdf = g_build_filename (f->dir, "sowing-basics.pdf", NULL);
  g_autofree char *printed = g_build_filename (f->dir, "printed.pdf", NULL);
  g_autofree char *installed = NULL;
  g_autoptr(GError) error = NULL;
  char landed[4];
  guint captured;

  kiela_position_init_start (&start, kiela);
  start_kpn = kiela_position_to_string (&start);

  /* New Lesson from the main menu's action: an empty editor. */
  activate (f->window, "win.new-lesson");
  assert_page (f, KIELA_PAGE_LESSON_EDITOR);
  editor = editor_of (f);
  draft = kiela_lesson_editor_get_draft (editor);
  board = kiela_lesson_editor_get_board (editor);
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (draft), ==, 0);
  g_assert_false (gtk_widget_is_visible (kiela_lesson_editor_get_control (editor, "text")));
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "title")), "Sowing Basics");
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "author")), "Ms Nkosi");
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "summary")), "Sow, predict, count.");
  g_assert_cmpstr (kiela_lesson_draft_get_title (draft), ==, "Sowing Basics");
  /* The teacher notes, under the lesson's For Teachers row. */
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (kiela_lesson_editor_get_control (editor, "notes")), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "objective")), NOTE_OBJECTIVE);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (kiela_lesson_editor_get_control (editor, "misconceptions"))),
                            NOTE_MISCONCEPTIONS, -1);
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "activity")), NOTE_ACTIVITY);
  g_assert_cmpstr (kiela_lesson_draft_get_note (draft, KIELA_LESSON_NOTE_MISCONCEPTIONS), ==, NOTE_MISCONCEPTIONS);
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  render_to_png (GTK_WIDGET (f->window), "lesson-editor-notes.png");
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (kiela_lesson_editor_get_control (editor, "notes")), FALSE);

  /* Step 1, sow this house: added on the start position, the house clicked on the board. */
  activate (editor, "lesson-editor.add-step");
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (draft), ==, 1);
  g_assert_cmpuint (kiela_lesson_editor_get_selected (editor), ==, 0);
  g_assert_true (gtk_widget_is_visible (kiela_lesson_editor_get_control (editor, "text")));
  /* No text and no house yet: the step says so, in its row and in the form. */
  g_assert_nonnull (kiela_lesson_editor_get_step_error (editor, 0));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (kiela_lesson_editor_get_control (editor, "problem"))), ==,
                   kiela_lesson_editor_get_step_error (editor, 0));
  set_text (editor, "Sow your house g1.");
  g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 0)->text, ==, "Sow your house g1.");
  /* Arranging: a click adds a stone to the house, undo takes it back. */
  kiela_lesson_editor_set_choosing (editor, FALSE);
  click_square (board, "a1");
  g_assert_cmpuint (kiela_board_view_get_position (board)->houses[KIELA_SOUTH][0], ==, start.houses[KIELA_SOUTH][0] + 1);
  g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 0)->position, !=, start_kpn);
  activate (editor, "lesson-editor.undo");
  g_assert_cmpuint (kiela_board_view_get_position (board)->houses[KIELA_SOUTH][0], ==, start.houses[KIELA_SOUTH][0]);
  /* Choosing: a North house is refused (South is to move), g1 is taken. */
  kiela_lesson_editor_set_choosing (editor, TRUE);
  click_square (board, "g4");
  g_assert_null (kiela_lesson_draft_get_step (draft, 0)->move);
  click_square (board, "g1");
  g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 0)->move, ==, "g1");
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 0));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (kiela_lesson_editor_get_control (editor, "problem"))));

  /* Step 2, where does the last stone land: the engine fills in the answer. */
  activate (editor, "lesson-editor.add-step");
  g_assert_cmpuint (kiela_lesson_editor_get_selected (editor), ==, 1);
  choose_kind (editor, KIELA_TASK_PREDICT_LAST);
  g_assert_true (kiela_lesson_editor_get_choosing (editor));
  set_text (editor, "Where will the last stone of h1 land?");
  g_assert_cmpstr (kiela_lesson_editor_get_step_error (editor, 1), !=, NULL);
  click_square (board, "h1");
  engine_facts (kiela, start_kpn, "h1", landed, &captured);
  g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 1)->move, ==, "h1");
  g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 1)->answer, ==, landed);
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 1));

  /* Step 3, how many stones are captured: made from the position editor ("Make a Lesson Step"). */
  activate (f->window, "win.edit-position");
  assert_page (f, KIELA_PAGE_EDITOR);
  g_assert_true (kiela_position_editor_apply_kpn (KIELA_POSITION_EDITOR (kiela_window_get_page (f->window, KIELA_PAGE_EDITOR)),
                                                  CAPTURE_KPN, "not a position", NULL));
  activate (f->window, "win.make-lesson-step");
  assert_page (f, KIELA_PAGE_LESSON_EDITOR);
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (draft), ==, 3);
  g_assert_cmpuint (kiela_lesson_editor_get_selected (editor), ==, 2);
  {
    KielaPosition capture;
    g_autofree char *canonical = NULL;

    g_assert_true (kiela_position_parse (CAPTURE_KPN, kiela->files, &capture, NULL));
    canonical = kiela_position_to_string (&capture);
    g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 2)->position, ==, canonical);
  }
  choose_kind (editor, KIELA_TASK_PREDICT_CAPTURE);
  set_text (editor, "How many stones does j1 capture?");
  click_square (board, "j1");
  engine_facts (kiela, CAPTURE_KPN, "j1", landed, &captured);
  g_assert_cmpuint (captured, ==, 6);
  g_assert_cmpuint (kiela_lesson_draft_get_step (draft, 2)->number, ==, captured);
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 2));
  /* A broken edit is caught on its step: step 3's board cleared, j1 cannot be sown. */
  activate (editor, "lesson-editor.clear");
  g_assert_nonnull (kiela_lesson_editor_get_step_error (editor, 2));
  /* The heading follows the board: no count of the stones the empty board no longer has. */
  {
    const char *heading = gtk_label_get_label (GTK_LABEL (kiela_lesson_editor_get_control (editor, "heading")));

    g_assert_null (strstr (heading, "captures 6"));
    g_assert_nonnull (strstr (heading, "j1 cannot be sown here"));
  }
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 0));
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (kiela_lesson_editor_get_control (editor, "problem"))));
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  render_to_png (GTK_WIDGET (f->window), "lesson-editor-error.png");
  activate (editor, "lesson-editor.undo");
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 2));
  g_assert_cmpuint (kiela_lesson_draft_get_step (draft, 2)->number, ==, 6);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (kiela_lesson_editor_get_control (editor, "heading"))),
                            "j1 captures 6 stones"));
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  render_to_png (GTK_WIDGET (f->window), "lesson-editor.png");

  /* Try as a Pupil: the ordinary lesson view, one wrong answer, then through to the end. */
  click (kiela_lesson_editor_get_control (editor, "try"));
  assert_page (f, KIELA_PAGE_LESSON_TRY);
  {
    KielaLessonView *view = kiela_lesson_editor_get_try_view (editor);
    KielaBoardView *pupil = kiela_lesson_view_get_board (view);

    g_assert_cmpuint (kiela_lesson_view_get_lesson (view)->n_steps, ==, 3);
    g_assert_cmpstr (kiela_lesson_view_get_narration (view), ==, "Sow your house g1.");
    /* The notes are the teacher's: folded under For Teachers, one misconception a line. */
    {
      GtkWidget *notes = kiela_lesson_view_get_control (view, "notes");
      const char *text = gtk_label_get_text (GTK_LABEL (kiela_lesson_view_get_control (view, "notes-text")));

      g_assert_true (gtk_widget_get_visible (notes));
      g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (notes)));
      g_assert_cmpstr (gtk_expander_get_label (GTK_EXPANDER (notes)), ==, "For Teachers");
      g_assert_nonnull (strstr (text, "Objective\n" NOTE_OBJECTIVE));
      g_assert_nonnull (strstr (text, "Usual Misconceptions\n• The inner row runs rightward, as the outer row does."));
      g_assert_nonnull (strstr (text, "\n• A capture takes"));
      g_assert_nonnull (strstr (text, "Activity with Real Stones\n" NOTE_ACTIVITY));
      gtk_expander_set_expanded (GTK_EXPANDER (notes), TRUE);
      app_test_wait_frames (GTK_WIDGET (f->window), 3);
      render_to_png (GTK_WIDGET (f->window), "lesson-for-teachers.png");
      gtk_expander_set_expanded (GTK_EXPANDER (notes), FALSE);
    }
    click_square (pupil, "h1");
    g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
    g_assert_nonnull (kiela_lesson_view_get_feedback (view));
    click (kiela_lesson_view_get_control (view, "retry"));
    click_square (pupil, "g1");
    g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
    click (kiela_lesson_view_get_control (view, "next"));
    g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, 1);
    engine_facts (kiela, start_kpn, "h1", landed, &captured);
    click_square (pupil, landed);
    g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
    click (kiela_lesson_view_get_control (view, "next"));
    g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, 2);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_view_get_control (view, "count")), 6);
    click (kiela_lesson_view_get_control (view, "check"));
    g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
    /* The last Next returns to the editor. */
    click (kiela_lesson_view_get_control (view, "next"));
    assert_page (f, KIELA_PAGE_LESSON_EDITOR);
  }

  /* Save, start afresh, reopen: the same three steps, unmodified. */
  g_assert_true (kiela_lesson_draft_get_modified (draft));
  g_assert_true (kiela_lesson_editor_save_to_path (editor, path, &error));
  g_assert_no_error (error);
  g_assert_false (kiela_lesson_draft_get_modified (draft));
  {
    g_autoptr(KielaLessonFile) file = kiela_lesson_file_new_from_file (path, &error);

    g_assert_no_error (error);
    g_assert_true (kiela_lesson_file_check (file, f->registry, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (kiela_lesson_file_get_lesson (file, 0)->n_steps, ==, 3);
    g_assert_cmpint (kiela_lesson_file_get_lesson (file, 0)->steps[2].task.kind, ==, KIELA_TASK_PREDICT_CAPTURE);
    g_assert_cmpuint (kiela_lesson_file_get_lesson (file, 0)->steps[2].task.number, ==, 6);
    g_assert_cmpstr (kiela_lesson_file_get_author (file, 0), ==, "Ms Nkosi");
    g_assert_cmpstr (kiela_lesson_file_get_lesson (file, 0)->objective, ==, NOTE_OBJECTIVE);
    g_assert_cmpstr (kiela_lesson_file_get_lesson (file, 0)->misconceptions, ==, NOTE_MISCONCEPTIONS);
    g_assert_cmpstr (kiela_lesson_file_get_lesson (file, 0)->activity, ==, NOTE_ACTIVITY);
  }
  activate (editor, "lesson-editor.new");
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (draft), ==, 0);
  g_assert_null (kiela_lesson_draft_get_title (draft));
  g_assert_true (kiela_lesson_editor_open_path (editor, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (draft), ==, 3);
  g_assert_cmpstr (kiela_lesson_draft_get_title (draft), ==, "Sowing Basics");
  g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 1)->answer, ==, landed);
  g_assert_false (kiela_lesson_draft_get_modified (draft));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "activity"))), ==,
                   NOTE_ACTIVITY);
  for (guint i = 0; i < 3; i++)
    g_assert_null (kiela_lesson_editor_get_step_error (editor, i));

  /* Install: Learn to Play lists it under its author. */
  g_assert_true (kiela_lesson_editor_install_lesson (editor, FALSE, &installed, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (installed, G_FILE_TEST_IS_REGULAR));
  g_assert_nonnull (kiela_registry_lookup_lesson (f->registry, "sowing-basics"));
  /* Installed again: refused unless replacing, which Install asks about first. */
  {
    const KielaLesson *first = kiela_registry_lookup_lesson (f->registry, "sowing-basics");
    GtkWidget *q;

    g_assert_false (kiela_lesson_editor_install_lesson (editor, FALSE, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
    g_clear_error (&error);
    activate (editor, "lesson-editor.install");
    q = kiela_compat_question_find (GTK_WINDOW (f->window));
    g_assert_nonnull (q);
    g_assert_cmpstr (kiela_compat_question_get_heading (q), ==, "Replace “Sowing Basics”?");
    kiela_compat_question_respond (q, "replace");
    spin (20);
    g_assert_true (kiela_registry_lookup_lesson (f->registry, "sowing-basics") != first);
    g_assert_cmpstr (kiela_window_get_last_message (f->window), ==, "“Sowing Basics” is in Learn to Play now");
  }
  g_assert_true (kiela_window_show_page (f->window, KIELA_PAGE_LESSONS));
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  {
    GtkWidget *lessons = kiela_window_get_page (f->window, KIELA_PAGE_LESSONS);

    g_assert_true (label_in_tree (lessons, "Lessons by Ms Nkosi"));
    g_assert_true (label_in_tree (lessons, "Sowing Basics"));
    g_assert_nonnull (kiela_lessons_page_get_item (KIELA_LESSONS_PAGE (lessons), "sowing-basics", 0));
    {
      /* The teacher's section is the last: scrolled into view for the screenshot. */
      GtkWidget *item = kiela_lessons_page_get_item (KIELA_LESSONS_PAGE (lessons), "sowing-basics", 0);
      GtkWidget *scroll = gtk_widget_get_ancestor (item, GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroll));

      gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
      app_test_wait_frames (GTK_WIDGET (f->window), 3);
      render_to_png (GTK_WIDGET (f->window), "lesson-installed.png");
    }
  }

  /* The worksheet: a page a step and one page of answers, as a PDF and through the print system. */
  {
    const KielaLesson *lesson = kiela_registry_lookup_lesson (f->registry, "sowing-basics");
    g_autoptr(GFile) out = g_file_new_for_path (pdf);

    g_assert_true (kiela_lesson_export_save_pdf (lesson, kiela, TRUE, KIELA_PAPER_A4, out, &error));
    g_assert_no_error (error);
    /* A page a step, the answer key and the teacher notes (the lesson has some); the pupils'
     * copy has the steps only. */
    g_assert_cmpuint (pdf_pages (pdf), ==, 3 + 1 + 1);
    g_assert_true (kiela_lesson_export_save_pdf (lesson, kiela, FALSE, KIELA_PAPER_A4, out, &error));
    g_assert_cmpuint (pdf_pages (pdf), ==, 3);
    g_assert_cmpint (kiela_lesson_export_print (GTK_WINDOW (f->window), lesson, kiela, TRUE, KIELA_PAPER_A4, printed, &error),
                     ==, GTK_PRINT_OPERATION_RESULT_APPLY);
    g_assert_no_error (error);
    g_assert_cmpuint (pdf_pages (printed), ==, 3 + 1 + 1);
  }
  /* A lesson without notes has no For Teachers. */
  {
    KielaLessonView *view = kiela_lesson_editor_get_try_view (editor);
    g_autoptr(KielaLessonFile) plain = kiela_lesson_file_new_from_data ("[Lesson]\nFormat=1\nId=plain\nTitle=Plain\n"
                                                                        "Variant=kiela\n\n[Step 1]\nText=Sow g1.\n"
                                                                        "Task=sow-house\nAnswer=g1\n", -1, "plain", &error);

    g_assert_no_error (error);
    g_assert_true (kiela_lesson_view_open_lesson (view, kiela_lesson_file_get_lesson (plain, 0), kiela, 0, &error));
    g_assert_false (gtk_widget_get_visible (kiela_lesson_view_get_control (view, "notes")));
    /* The view lets go of the file's lesson before the file goes. */
    g_assert_true (kiela_lesson_view_open_lesson (view, kiela_registry_lookup_lesson (f->registry, "sowing-basics"), kiela,
                                                  0, &error));
    g_assert_true (gtk_widget_get_visible (kiela_lesson_view_get_control (view, "notes")));
  }
  g_remove (installed);
}

/* The engine refuses a position with no clear best move, and answers one with a clear one. */

static void
test_best_move (Fixture *f, gconstpointer data)
{
  KielaLessonEditor *editor;
  KielaLessonDraft *draft;
  const KielaLesson *puzzles = NULL;
  GPtrArray *lessons = kiela_registry_get_lessons (f->registry);

  activate (f->window, "win.new-lesson");
  editor = editor_of (f);
  draft = kiela_lesson_editor_get_draft (editor);
  activate (editor, "lesson-editor.new");
  /* The start position: every move as good as another. */
  activate (editor, "lesson-editor.add-step");
  choose_kind (editor, KIELA_TASK_BEST_MOVE);
  set_text (editor, "Find the best move.");
  g_assert_nonnull (kiela_lesson_editor_get_step_error (editor, 0));
  click (kiela_lesson_editor_get_control (editor, "best"));
  wait_until (search_done, editor, 120000, "the engine's search");
  g_assert_null (kiela_lesson_draft_get_step (draft, 0)->move);
  g_assert_nonnull (strstr (kiela_lesson_editor_get_step_error (editor, 0), "no clear best move"));

  /* A shipped puzzle's position: the engine proposes its answer, with the margin. */
  for (guint i = 0; lessons && i < lessons->len && puzzles == NULL; i++)
    if (((const KielaLesson *) g_ptr_array_index (lessons, i))->kind == KIELA_LESSON_KIND_PUZZLES
        && g_str_equal (((const KielaLesson *) g_ptr_array_index (lessons, i))->variant, "kiela"))
      puzzles = g_ptr_array_index (lessons, i);
  g_assert_nonnull (puzzles);
  kiela_lesson_draft_set_position (draft, 0, puzzles->steps[0].position, FALSE);
  click (kiela_lesson_editor_get_control (editor, "best"));
  wait_until (search_done, editor, 120000, "the engine's search");
  g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 0)->move, ==, puzzles->steps[0].task.move);
  g_assert_cmpint (kiela_lesson_draft_get_step (draft, 0)->margin, >=, KIELA_LESSON_DRAFT_MIN_MARGIN);
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 0));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (kiela_lesson_editor_get_control (editor, "answer"))),
                            puzzles->steps[0].task.move));
}

/* A teacher's file that fails its checks is listed with its reason under Preferences → Plugins;
 * the shipped lessons and the teacher's good file still load. */
static void
test_bad_file_listed (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = kiela_lesson_file_dup_user_dir ();
  g_autofree char *bad = g_build_filename (dir, "wrong-count.kiela-lesson", NULL);
  g_autofree char *good = g_build_filename (dir, "fine.kiela-lesson", NULL);
  g_autofree char *report = NULL;
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  GPtrArray *plugins;
  const KielaPluginRecord *failed = NULL;
  GtkWidget *prefs;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (bad, "[Lesson]\nFormat=1\nId=wrong-count\nTitle=Wrong\nVariant=kiela\n\n"
                                      "[Step 1]\nText=Count.\n"
                                      "Position=2,2,2,2,2,2,2,2,3,2/0,0,0,0,0,0,0,0,3,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s\n"
                                      "Task=predict-capture\nMove=j1\nAnswer=5\n", -1, NULL));
  g_assert_true (g_file_set_contents (good, "[Lesson]\nFormat=1\nId=fine\nTitle=Fine\nVariant=kiela\nAuthor=Ms Nkosi\n\n"
                                      "[Step 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n", -1, NULL));
  kiela_registry_load_default (registry);
  plugins = kiela_registry_get_plugins (registry);
  for (guint i = 0; i < plugins->len; i++)
    if (g_strcmp0 (((const KielaPluginRecord *) g_ptr_array_index (plugins, i))->path, bad) == 0)
      failed = g_ptr_array_index (plugins, i);
  g_assert_nonnull (failed);
  g_assert_cmpint (failed->state, ==, KIELA_PLUGIN_FAILED);
  /* FILE:LINE and what the engine says instead. */
  g_assert_nonnull (strstr (failed->reason, "wrong-count.kiela-lesson:"));
  g_assert_nonnull (strstr (failed->reason, "6"));
  g_assert_null (kiela_registry_lookup_lesson (registry, "wrong-count"));
  g_assert_nonnull (kiela_registry_lookup_lesson (registry, "fine"));
  g_assert_nonnull (kiela_registry_lookup_lesson (registry, "capture"));
  report = kiela_preferences_dup_plugin_report (registry);
  g_assert_nonnull (strstr (report, "FAILED"));
  g_assert_nonnull (strstr (report, bad));
  prefs = kiela_preferences_window_new (f->prefs, registry);
  kiela_preferences_window_show_plugins (KIELA_PREFERENCES_WINDOW (prefs));
  kiela_compat_preferences_present (prefs, NULL);
  app_test_wait_frames (GTK_WIDGET (prefs), 2);
  g_assert_true (label_in_tree (GTK_WIDGET (prefs), failed->reason));
  kiela_compat_preferences_close (prefs);
  g_remove (bad);
  g_remove (good);
}


/* ---------- leaving the editor with changes not saved: Save / Discard / Cancel ---------- */

static GtkWidget *
question (Fixture *f)
{
  return kiela_compat_question_find (GTK_WINDOW (f->window));
}

static void
answer (Fixture *f, const char *response)
{
  GtkWidget *q = question (f);

  g_assert_nonnull (q);
  g_assert_cmpstr (kiela_compat_question_get_heading (q), ==, "Save Changes to the Lesson?");
  g_assert_true (kiela_compat_question_has_response (q, "save"));
  g_assert_true (kiela_compat_question_has_response (q, "discard"));
  g_assert_true (kiela_compat_question_has_response (q, "cancel"));
  kiela_compat_question_respond (q, response);
  spin (20);
  g_assert_null (question (f));
}

/* A lesson of one good step, titled `title`. */
static void
write_small_lesson (KielaLessonEditor *editor, const char *title)
{
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "title")), title);
  activate (editor, "lesson-editor.add-step");
  set_text (editor, "Sow g1.");
  kiela_lesson_editor_set_choosing (editor, TRUE);
  click_square (kiela_lesson_editor_get_board (editor), "g1");
  g_assert_null (kiela_lesson_draft_dup_problem (kiela_lesson_editor_get_draft (editor)));
}

static void
test_unsaved_question (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "leaving.kiela-lesson", NULL);
  g_autofree char *saved = NULL;
  g_autoptr(GError) error = NULL;
  KielaLessonEditor *editor;
  KielaLessonDraft *draft;

  activate (f->window, "win.new-lesson");
  editor = editor_of (f);
  draft = kiela_lesson_editor_get_draft (editor);
  /* Nothing written yet: Back asks nothing. */
  activate (f->window, "win.pop-page");
  g_assert_null (question (f));
  assert_page (f, "game");

  activate (f->window, "win.new-lesson");
  assert_page (f, KIELA_PAGE_LESSON_EDITOR);
  write_small_lesson (editor, "Leaving");
  g_assert_true (kiela_lesson_draft_get_modified (draft));

  /* Back (Alt+Left): asked; Cancel stays with the lesson as it is. */
  activate (f->window, "win.pop-page");
  g_assert_nonnull (question (f));
  g_assert_nonnull (strstr (kiela_compat_question_get_body (question (f)), "“Leaving”"));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON_EDITOR);
  answer (f, "cancel");
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON_EDITOR);
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (draft), ==, 1);

  /* New over a changed lesson: Cancel keeps it. */
  activate (editor, "lesson-editor.new");
  answer (f, "cancel");
  g_assert_cmpstr (kiela_lesson_draft_get_title (draft), ==, "Leaving");

  /* The back button (win.show-page to the page below), after a save and a change: Save writes
   * the file and then leaves. */
  g_assert_true (kiela_lesson_editor_save_to_path (editor, path, &error));
  g_assert_no_error (error);
  activate (f->window, "win.pop-page");
  g_assert_null (question (f));
  assert_page (f, "game");
  activate (f->window, "win.new-lesson");
  /* The saved lesson is still open: offered back, continued. */
  g_assert_nonnull (question (f));
  kiela_compat_question_respond (question (f), "continue");
  spin (20);
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "summary")), "One step.");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "game"));
  spin (20);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON_EDITOR);
  answer (f, "save");
  assert_page (f, "game");
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "Summary=One step."));
  g_assert_false (kiela_lesson_draft_get_modified (draft));

  /* Another page from the menu, with a change: Discard empties the editor and goes there. */
  g_assert_true (kiela_window_show_page (f->window, KIELA_PAGE_LESSON_EDITOR));
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "summary")), "Changed.");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", KIELA_PAGE_LESSONS));
  spin (20);
  answer (f, "discard");
  assert_page (f, KIELA_PAGE_LESSONS);
  g_assert_true (kiela_lesson_draft_is_empty (draft));
  g_clear_pointer (&saved, g_free);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_null (strstr (saved, "Changed."));

  /* Closing the window, whatever page it shows: Cancel keeps it open, Discard closes it. */
  activate (f->window, "win.new-lesson");
  write_small_lesson (editor, "Closing");
  g_assert_true (kiela_window_show_page (f->window, "game"));
  gtk_window_close (GTK_WINDOW (f->window));
  spin (20);
  answer (f, "cancel");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));
  g_assert_cmpstr (kiela_lesson_draft_get_title (draft), ==, "Closing");
  gtk_window_close (GTK_WINDOW (f->window));
  spin (20);
  answer (f, "discard");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->window)));
  g_clear_object (&f->window);
}

/* ---------- where a teacher starts: the main menu, the position editor, a reviewed game ---------- */

static gboolean
is_primary_menu (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

static gboolean
is_make_step_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.make-lesson-step") == 0;
}

static void
test_entry_points (Fixture *f, gconstpointer data)
{
  GtkWidget *button = app_test_find_widget (GTK_WIDGET (f->window), is_primary_menu, NULL);
  GMenuModel *menu;
  KielaLessonEditor *editor;
  KielaLessonDraft *draft;
  KielaGame *game;
  KielaPosition shown;
  g_autofree char *kpn = NULL;

  /* New Lesson is an item of the main menu itself, not of a submenu. */
  g_assert_nonnull (button);
  /* The window gives the button its menu when it is first opened. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  g_assert_nonnull (menu);
  g_assert_true (app_test_menu_has_direct (menu, "win.new-lesson"));
  render_to_png (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))), "main-menu.png");
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));

  /* The position editor has its Make a Lesson Step button. */
  activate (f->window, "win.edit-position");
  assert_page (f, KIELA_PAGE_EDITOR);
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_nonnull (app_test_find_widget (kiela_window_get_page (f->window, KIELA_PAGE_EDITOR), is_make_step_button, NULL));
  g_assert_true (kiela_window_show_page (f->window, "game"));

  /* A game reviewed at its second move: the review bar's button makes a step of that position. */
  assert_page (f, "game");
  game = kiela_window_get_game (f->window);
  app_test_play_square (f->window, "g1");
  while (kiela_game_get_n_moves (game) < 4 && !kiela_game_is_over (game))
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, moves);
      g_autofree char *sq = NULL;

      g_assert_cmpuint (n, >, 0);
      sq = kiela_square_name_dup (10, kiela_game_get_position (game)->to_move, (guint) moves[0]);
      app_test_play_square (f->window, sq);
    }
  g_assert_cmpuint (kiela_game_get_n_moves (game), >=, 3);
  kiela_window_review_ply (f->window, 2);
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  shown = *kiela_window_get_shown_position (f->window);
  kpn = kiela_position_to_string (&shown);
  button = app_test_find_widget (GTK_WIDGET (f->window), is_make_step_button, NULL);
  g_assert_nonnull (button);
  click (button);
  assert_page (f, KIELA_PAGE_LESSON_EDITOR);
  editor = editor_of (f);
  draft = kiela_lesson_editor_get_draft (editor);
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (draft), ==, 1);
  g_assert_cmpstr (kiela_lesson_draft_get_step (draft, 0)->position, ==, kpn);
}

/* ---------- a pack: every lesson shown, switched between, saved and installed whole ---------- */

static const char pack_text[] =
  "[Lesson pack-first]\nFormat=1\nId=pack-first\nTitle=First of Two\nVariant=kiela\nAuthor=Ms Nkosi\n\n"
  "[Step pack-first 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n\n"
  "[Lesson pack-second]\nFormat=1\nId=pack-second\nTitle=Second of Two\nVariant=kiela\nAuthor=Ms Nkosi\n\n"
  "[Step pack-second 1]\nText=Sow h1.\nTask=sow-house\nAnswer=h1\n";

static void
test_pack (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "two.kiela-lesson", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  KielaLessonEditor *editor;
  KielaLessonDraft *draft;
  AdwComboRow *row;
  GtkWidget *q;

  g_assert_true (g_file_set_contents (path, pack_text, -1, NULL));
  /* Opened from the file manager: every lesson of the pack is shown, and all are installed. */
  kiela_lesson_install_prompt (GTK_WINDOW (f->window), f->registry, file);
  q = kiela_compat_question_find (GTK_WINDOW (f->window));
  g_assert_nonnull (q);
  g_assert_cmpstr (kiela_compat_question_get_heading (q), ==, "Install 2 Lessons?");
  g_assert_nonnull (strstr (kiela_compat_question_get_body (q), "First of Two\n"));
  g_assert_nonnull (strstr (kiela_compat_question_get_body (q), "Second of Two\n"));
  kiela_compat_question_respond (q, "cancel");
  spin (20);

  /* In the editor: the pack row lists both, the first shown. */
  activate (f->window, "win.new-lesson");
  editor = editor_of (f);
  draft = kiela_lesson_editor_get_draft (editor);
  g_assert_true (kiela_lesson_editor_open_path (editor, path, &error));
  g_assert_no_error (error);
  row = ADW_COMBO_ROW (kiela_lesson_editor_get_control (editor, "pack"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==, 2);
  g_assert_cmpuint (kiela_lesson_editor_get_pack_size (editor), ==, 2);
  g_assert_cmpstr (kiela_lesson_draft_get_title (draft), ==, "First of Two");

  /* A change to the first, then the second chosen: asked first; Save writes the whole pack. */
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "summary")), "Changed first.");
  adw_combo_row_set_selected (row, 1);
  spin (20);
  g_assert_cmpstr (kiela_lesson_draft_get_title (draft), ==, "First of Two");
  answer (f, "save");
  g_assert_cmpstr (kiela_lesson_draft_get_title (draft), ==, "Second of Two");
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 1);
  {
    g_autoptr(KielaLessonFile) saved = kiela_lesson_file_new_from_file (path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kiela_lesson_file_get_n_lessons (saved), ==, 2);
    g_assert_cmpstr (kiela_lesson_file_get_lesson (saved, 0)->summary, ==, "Changed first.");
    g_assert_cmpstr (kiela_lesson_file_get_lesson (saved, 1)->title, ==, "Second of Two");
  }
  /* The second changed and saved: the first stays as saved. */
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "title")), "Second, Revised");
  g_assert_true (kiela_lesson_editor_save_to_path (editor, path, &error));
  g_assert_no_error (error);
  {
    g_autoptr(KielaLessonFile) saved = kiela_lesson_file_new_from_file (path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kiela_lesson_file_get_n_lessons (saved), ==, 2);
    g_assert_cmpstr (kiela_lesson_file_get_lesson (saved, 0)->summary, ==, "Changed first.");
    g_assert_cmpstr (kiela_lesson_file_get_lesson (saved, 1)->title, ==, "Second, Revised");
    g_assert_cmpstr (kiela_lesson_file_get_lesson (saved, 1)->id, ==, "pack-second");
  }
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  render_to_png (GTK_WIDGET (f->window), "lesson-editor-pack.png");

  /* Installed from the editor: both lessons. */
  g_assert_true (kiela_lesson_editor_install_lesson (editor, FALSE, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (kiela_registry_lookup_lesson (f->registry, "pack-first"));
  g_assert_cmpstr (kiela_lesson_get_title (kiela_registry_lookup_lesson (f->registry, "pack-second")), ==, "Second, Revised");
  {
    g_autofree char *dir = kiela_lesson_file_dup_user_dir ();
    g_autofree char *installed = g_build_filename (dir, "pack-first.kiela-lesson", NULL);

    g_remove (installed);
  }
}

/* North arranges against South's prepared capture (b2 and d2: d2 ends on b2, below b3). */
#define SAFE_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,1,0,2,0,0,0,0,0,5/2,2,2,2,2,2,2,2,2,2 s"

/* The arrange kind: offered with its goal (and the stones a capture needs), checked on its step,
 * and kept through Save and a reload, both goals. */
static void
test_arrange_step (Fixture *f, gconstpointer data)
{
  const KielaVariant *expert = kiela_registry_lookup_variant (f->registry, "kiela-expert");
  g_autofree char *path = g_build_filename (f->dir, "arrange.kiela-lesson", NULL);
  g_autoptr(GError) error = NULL;
  KielaLessonEditor *editor;
  KielaLessonDraft *draft;
  AdwComboRow *goal;
  KielaPosition start, safe;

  kiela_position_init_start (&start, expert);
  g_assert_true (kiela_position_parse (SAFE_KPN, expert->files, &safe, NULL));
  activate (f->window, "win.new-lesson");
  assert_page (f, KIELA_PAGE_LESSON_EDITOR);
  editor = editor_of (f);
  draft = kiela_lesson_editor_get_draft (editor);
  gtk_editable_set_text (GTK_EDITABLE (kiela_lesson_editor_get_control (editor, "title")), "Arranging");

  /* Step 1: South prepares a capture of at least 4 stones from the expert start. */
  g_assert_true (kiela_lesson_editor_add_step (editor, expert, &start, &error));
  g_assert_no_error (error);
  spin (20);
  g_assert_cmpstr (kiela_lesson_draft_get_variant_id (draft), ==, "kiela-expert");
  goal = ADW_COMBO_ROW (kiela_lesson_editor_get_control (editor, "arrange"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (goal)));
  choose_kind (editor, KIELA_TASK_ARRANGE);
  g_assert_cmpint (kiela_lesson_draft_get_step (draft, 0)->kind, ==, KIELA_TASK_ARRANGE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (goal)));
  g_assert_false (gtk_widget_get_visible (kiela_lesson_editor_get_control (editor, "condition")));
  g_assert_false (gtk_widget_get_visible (kiela_lesson_editor_get_control (editor, "answer")));
  g_assert_cmpuint (adw_combo_row_get_selected (goal), ==, KIELA_ARRANGE_CAPTURES);
  g_assert_true (gtk_widget_is_visible (kiela_lesson_editor_get_control (editor, "number")));
  set_text (editor, "Arrange your stones so that your first move captures at least 4.");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lesson_editor_get_control (editor, "number")), 4);
  spin (20);
  g_assert_cmpuint (kiela_lesson_draft_get_step (draft, 0)->number, ==, 4);
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 0));
  /* "Leave no capture" on the start: South captures nothing there already, which the step says. */
  adw_combo_row_set_selected (goal, KIELA_ARRANGE_SAFE);
  spin (20);
  g_assert_cmpuint (kiela_lesson_draft_get_step (draft, 0)->condition, ==, KIELA_ARRANGE_SAFE);
  g_assert_false (gtk_widget_is_visible (kiela_lesson_editor_get_control (editor, "number")));
  g_assert_nonnull (kiela_lesson_editor_get_step_error (editor, 0));
  adw_combo_row_set_selected (goal, KIELA_ARRANGE_CAPTURES);
  spin (20);
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 0));

  /* Step 2: North keeps safe from South's prepared capture. */
  g_assert_true (kiela_lesson_editor_add_step (editor, expert, &safe, &error));
  g_assert_no_error (error);
  spin (20);
  choose_kind (editor, KIELA_TASK_ARRANGE);
  adw_combo_row_set_selected (goal, KIELA_ARRANGE_SAFE);
  spin (20);
  set_text (editor, "As North, arrange so that South captures nothing.");
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 1));
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  render_to_png (GTK_WIDGET (f->window), "lesson-editor-arrange.png");

  /* Saved: the file says arrange, each goal and the stones. */
  g_assert_true (kiela_lesson_editor_save_to_path (editor, path, &error));
  g_assert_no_error (error);
  {
    g_autoptr(KielaLessonFile) saved = kiela_lesson_file_new_from_file (path, &error);
    const KielaLesson *l;

    g_assert_no_error (error);
    l = kiela_lesson_file_get_lesson (saved, 0);
    g_assert_cmpuint (l->n_steps, ==, 2);
    g_assert_cmpint (l->steps[0].task.kind, ==, KIELA_TASK_ARRANGE);
    g_assert_cmpuint (l->steps[0].task.condition, ==, KIELA_ARRANGE_CAPTURES);
    g_assert_cmpuint (l->steps[0].task.number, ==, 4);
    g_assert_cmpint (l->steps[1].task.kind, ==, KIELA_TASK_ARRANGE);
    g_assert_cmpuint (l->steps[1].task.condition, ==, KIELA_ARRANGE_SAFE);
    g_assert_true (kiela_lesson_validate (l, expert, &error));
    g_assert_no_error (error);
    g_assert_cmpint (kiela_lesson_step_get_arranger (l, expert, 1), ==, KIELA_NORTH);
  }

  /* Reloaded: both steps come back with their goals in the form. */
  g_assert_true (kiela_lesson_editor_open_path (editor, path, &error));
  g_assert_no_error (error);
  spin (20);
  draft = kiela_lesson_editor_get_draft (editor);
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (draft), ==, 2);
  kiela_lesson_editor_select_step (editor, 0);
  spin (20);
  g_assert_cmpint (kiela_lesson_draft_get_step (draft, 0)->kind, ==, KIELA_TASK_ARRANGE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (goal)));
  g_assert_cmpuint (adw_combo_row_get_selected (goal), ==, KIELA_ARRANGE_CAPTURES);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (kiela_lesson_editor_get_control (editor, "number"))),
                   ==, 4);
  kiela_lesson_editor_select_step (editor, 1);
  spin (20);
  g_assert_cmpuint (adw_combo_row_get_selected (goal), ==, KIELA_ARRANGE_SAFE);
  g_assert_null (kiela_lesson_editor_get_step_error (editor, 1));
}

int
main (int argc, char **argv)
{
  /* Its own data, state and cache folders: the autosaved draft and installed lessons stay there. */
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "lesson-editor.png");

  app_test_disable_animations ();
  g_test_add ("/app/lesson-editor/build-try-save-install", Fixture, NULL, fixture_setup, test_build_try_save_install,
              fixture_teardown);
  g_test_add ("/app/lesson-editor/bad-file-listed", Fixture, NULL, fixture_setup, test_bad_file_listed, fixture_teardown);
  g_test_add ("/app/lesson-editor/unsaved-question", Fixture, NULL, fixture_setup, test_unsaved_question,
              fixture_teardown);
  g_test_add ("/app/lesson-editor/entry-points", Fixture, NULL, fixture_setup, test_entry_points, fixture_teardown);
  g_test_add ("/app/lesson-editor/pack", Fixture, NULL, fixture_setup, test_pack, fixture_teardown);
  g_test_add ("/app/lesson-editor/best-move", Fixture, NULL, fixture_setup, test_best_move, fixture_teardown);
  g_test_add ("/app/lesson-editor/arrange-step", Fixture, NULL, fixture_setup, test_arrange_step, fixture_teardown);
  return g_test_run ();
}
