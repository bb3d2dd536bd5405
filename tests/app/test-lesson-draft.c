/* test-lesson-draft.c: the lesson editor's draft without a display (issue 19): undo and redo of
 * every kind of edit (typing merged into one step), the modified flag, the answers the engine
 * fills in, each step's own problem, the autosave written and restored, a bad autosave refused. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kiela.h"
#include "kiela-lesson-draft.h"

typedef struct {
  KielaRegistry *registry;
  const KielaVariant *kiela;
  char *dir;
} Fixture;

static void
setup (Fixture *f, gconstpointer data)
{
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  f->kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  g_assert_nonnull (f->kiela);
  f->dir = g_dir_make_tmp ("kiela-lesson-draft-XXXXXX", NULL);
}

static void
teardown (Fixture *f, gconstpointer data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  kiela_registry_free (f->registry);
}

/* Where `square`'s move from the start ends, and what it captures, from the engine directly. */
static void
facts (const KielaVariant *v, const KielaPosition *pos, const char *square, char landed[4], guint *captured)
{
  KielaSquare sq;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  g_assert_true (kiela_square_parse (v->files, square, &sq, NULL));
  g_assert_true (kiela_sow_traced (v, pos, (KielaMove) sq.house, trace));
  kiela_square_name (v->files, (KielaSide) trace->result.last_side, trace->result.last_house, landed);
  *captured = trace->result.captured;
}

static guint changes;

static void
count_change (KielaLessonDraft *draft, gpointer data)
{
  changes++;
}

static void
test_undo_redo (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaLessonDraft) d = kiela_lesson_draft_new (f->registry);
  KielaPosition start;
  char landed[4];
  guint captured;

  g_signal_connect (d, "changed", G_CALLBACK (count_change), NULL);
  g_assert_false (kiela_lesson_draft_can_undo (d));
  g_assert_false (kiela_lesson_draft_get_modified (d));
  g_assert_true (kiela_lesson_draft_is_empty (d));

  /* A title typed letter by letter is one undo step. */
  kiela_lesson_draft_set_title (d, "S");
  kiela_lesson_draft_set_title (d, "So");
  kiela_lesson_draft_set_title (d, "Sow");
  g_assert_true (kiela_lesson_draft_get_modified (d));
  changes = 0;
  kiela_lesson_draft_set_title (d, "Sow");   /* the same: no edit */
  g_assert_cmpuint (changes, ==, 0);
  g_assert_true (kiela_lesson_draft_undo (d));
  g_assert_null (kiela_lesson_draft_get_title (d));
  g_assert_false (kiela_lesson_draft_can_undo (d));
  g_assert_false (kiela_lesson_draft_get_modified (d));
  g_assert_true (kiela_lesson_draft_redo (d));
  g_assert_cmpstr (kiela_lesson_draft_get_title (d), ==, "Sow");
  g_assert_false (kiela_lesson_draft_can_redo (d));

  /* Steps: added, kind, house; the engine's answer comes with the house. */
  g_assert_cmpuint (kiela_lesson_draft_insert_step (d, G_MAXUINT, NULL), ==, 0);
  kiela_lesson_draft_set_text (d, 0, "Where does h1 end?");
  kiela_lesson_draft_set_kind (d, 0, KIELA_TASK_PREDICT_LAST);
  kiela_lesson_draft_set_move (d, 0, "h1");
  kiela_position_init_start (&start, f->kiela);
  facts (f->kiela, &start, "h1", landed, &captured);
  g_assert_cmpstr (kiela_lesson_draft_get_step (d, 0)->answer, ==, landed);
  g_assert_null (kiela_lesson_draft_dup_step_problem (d, 0, NULL));
  /* Another house: the answer follows. */
  kiela_lesson_draft_set_move (d, 0, "a1");
  facts (f->kiela, &start, "a1", landed, &captured);
  g_assert_cmpstr (kiela_lesson_draft_get_step (d, 0)->answer, ==, landed);
  g_assert_true (kiela_lesson_draft_undo (d));
  g_assert_cmpstr (kiela_lesson_draft_get_step (d, 0)->move, ==, "h1");
  g_assert_true (kiela_lesson_draft_undo (d));
  g_assert_null (kiela_lesson_draft_get_step (d, 0)->move);
  g_assert_true (kiela_lesson_draft_undo (d));
  g_assert_cmpint (kiela_lesson_draft_get_step (d, 0)->kind, ==, KIELA_TASK_SOW_HOUSE);
  g_assert_true (kiela_lesson_draft_undo (d));
  g_assert_null (kiela_lesson_draft_get_step (d, 0)->text);
  g_assert_true (kiela_lesson_draft_undo (d));
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (d), ==, 0);
  for (guint i = 0; i < 5; i++)
    g_assert_true (kiela_lesson_draft_redo (d));
  g_assert_cmpstr (kiela_lesson_draft_get_step (d, 0)->move, ==, "a1");

  /* A new edit after undo drops the redo steps. */
  g_assert_true (kiela_lesson_draft_undo (d));
  kiela_lesson_draft_set_hint (d, 0, "Count the stones.");
  g_assert_false (kiela_lesson_draft_can_redo (d));

  /* Saved: unmodified until the next edit; undoing past the save is modified again. */
  kiela_lesson_draft_mark_saved (d);
  g_assert_false (kiela_lesson_draft_get_modified (d));
  kiela_lesson_draft_remove_step (d, 0);
  g_assert_true (kiela_lesson_draft_get_modified (d));
  g_assert_true (kiela_lesson_draft_undo (d));
  g_assert_false (kiela_lesson_draft_get_modified (d));
  g_assert_true (kiela_lesson_draft_undo (d));
  g_assert_true (kiela_lesson_draft_get_modified (d));
}

static void
test_checks (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaLessonDraft) d = kiela_lesson_draft_new (f->registry);
  g_autofree char *problem = NULL;
  g_autofree char *no_text = NULL;
  g_autofree char *whole = NULL;
  const char *field = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaLessonFile) file = NULL;

  g_assert_nonnull ((whole = kiela_lesson_draft_dup_problem (d)));
  g_clear_pointer (&whole, g_free);
  kiela_lesson_draft_set_title (d, "Checks");
  kiela_lesson_draft_insert_step (d, 0, NULL);
  no_text = kiela_lesson_draft_dup_step_problem (d, 0, &field);
  g_assert_cmpstr (field, ==, "text");
  kiela_lesson_draft_set_text (d, 0, "Sow.");
  /* A North house for South to sow: refused, naming the house. */
  kiela_lesson_draft_set_move (d, 0, "g4");
  problem = kiela_lesson_draft_dup_step_problem (d, 0, &field);
  g_assert_nonnull (problem);
  g_assert_cmpstr (field, ==, "move");
  g_assert_nonnull (strstr (problem, "g4"));
  whole = kiela_lesson_draft_dup_problem (d);
  g_assert_true (g_str_has_prefix (whole, "Step 1: "));
  g_assert_null (kiela_lesson_draft_to_file (d, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  kiela_lesson_draft_set_move (d, 0, "g1");
  g_assert_null (kiela_lesson_draft_dup_step_problem (d, 0, NULL));
  /* A play-out against nobody known. */
  kiela_lesson_draft_insert_step (d, 1, NULL);
  kiela_lesson_draft_set_text (d, 1, "Play it out.");
  kiela_lesson_draft_set_kind (d, 1, KIELA_TASK_PLAY_OUT);
  g_assert_nonnull (kiela_lesson_draft_get_step (d, 1)->opponent);
  g_assert_null (kiela_lesson_draft_dup_step_problem (d, 1, NULL));
  kiela_lesson_draft_set_opponent (d, 1, "nobody-at-all");
  g_clear_pointer (&problem, g_free);
  problem = kiela_lesson_draft_dup_step_problem (d, 1, &field);
  g_assert_cmpstr (field, ==, "opponent");
  g_assert_nonnull (strstr (problem, "nobody-at-all"));
  kiela_lesson_draft_remove_step (d, 1);
  /* A best move not asked of the engine yet. */
  kiela_lesson_draft_insert_step (d, 1, NULL);
  kiela_lesson_draft_set_text (d, 1, "Best?");
  kiela_lesson_draft_set_kind (d, 1, KIELA_TASK_BEST_MOVE);
  g_clear_pointer (&problem, g_free);
  problem = kiela_lesson_draft_dup_step_problem (d, 1, &field);
  g_assert_cmpstr (field, ==, "move");
  kiela_lesson_draft_remove_step (d, 1);

  file = kiela_lesson_draft_to_file (d, &error);
  g_assert_no_error (error);
  g_assert_nonnull (file);
  g_assert_cmpstr (kiela_lesson_file_get_lesson (file, 0)->id, ==, "checks");
  g_assert_cmpstr (kiela_lesson_file_get_lesson (file, 0)->steps[0].task.move, ==, "g1");
}

/* Omweso's clockwise moves: a step's move may name its direction ("b1<"), which the draft checks,
 * answers (a prediction's count) and writes into the file; a house that may not be sown
 * clockwise is refused with the engine's reason. */
static void
test_direction (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaLessonDraft) d = kiela_lesson_draft_new (f->registry);
  g_autoptr(KielaLessonFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *problem = NULL;
  const char *field = NULL;

  g_assert_nonnull (kiela_registry_lookup_variant (f->registry, "omweso"));
  kiela_lesson_draft_set_title (d, "Clockwise");
  kiela_lesson_draft_set_variant (d, "omweso");
  kiela_lesson_draft_insert_step (d, 0, "2,0,0,0,0,0,0,1/2,0,0,0,0,0,1,0/2,0,0,0,0,3,0,0/0,2,0,0,1,0,0,0 s");
  kiela_lesson_draft_set_text (d, 0, "Sow b1 clockwise.");
  kiela_lesson_draft_set_kind (d, 0, KIELA_TASK_SOW_HOUSE);
  kiela_lesson_draft_set_move (d, 0, "b1<");
  g_assert_true (kiela_lesson_draft_move_playable (d, 0));
  g_assert_null (kiela_lesson_draft_dup_step_problem (d, 0, NULL));
  file = kiela_lesson_draft_to_file (d, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kiela_lesson_file_get_lesson (file, 0)->steps[0].task.move, ==, "b1<");
  /* The engine counts the clockwise capture of a prediction. */
  kiela_lesson_draft_set_kind (d, 0, KIELA_TASK_PREDICT_CAPTURE);
  kiela_lesson_draft_set_move (d, 0, "b1");
  g_assert_cmpuint (kiela_lesson_draft_get_step (d, 0)->number, ==, 0);
  kiela_lesson_draft_set_move (d, 0, "b1<");
  g_assert_cmpuint (kiela_lesson_draft_get_step (d, 0)->number, ==, 4);
  /* f2 is no left-hand house: not clockwise. */
  kiela_lesson_draft_set_kind (d, 0, KIELA_TASK_SOW_HOUSE);
  kiela_lesson_draft_set_move (d, 0, "f2<");
  g_assert_false (kiela_lesson_draft_move_playable (d, 0));
  problem = kiela_lesson_draft_dup_step_problem (d, 0, &field);
  g_assert_cmpstr (field, ==, "move");
  g_assert_cmpstr (problem, ==, "f2 may not be sown clockwise in Omweso.");
}

static void
on_best (GObject *source, GAsyncResult *result, gpointer data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

/* The engine's best move for step `index`, asked as the editor asks it and waited for. */
static gboolean
find_best (KielaLessonDraft *d, guint index, char **square, gint *margin, GError **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  kiela_lesson_draft_find_best_async (d, index, NULL, on_best, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return kiela_lesson_draft_find_best_finish (d, result, square, margin, error);
}

/* A puzzle whose best move is sown clockwise: the engine's answer names the direction ("b1<",
 * not the house alone, which sown the usual way captures nothing), the file keeps it, reads it
 * back and checks it, and the step is right only for b1 sown clockwise. */
static void
test_best_direction (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaLessonDraft) d = kiela_lesson_draft_new (f->registry);
  g_autoptr(KielaLessonFile) file = NULL, back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *square = NULL, *data_text = NULL, *feedback = NULL;
  const KielaVariant *omweso = kiela_registry_lookup_variant (f->registry, "omweso");
  const KielaLesson *lesson;
  KielaLessonAnswer answer = { 0 };
  gint margin = 0;

  g_assert_nonnull (omweso);
  kiela_lesson_draft_set_title (d, "Clockwise Puzzle");
  kiela_lesson_draft_set_variant (d, "omweso");
  kiela_lesson_draft_insert_step (d, 0, "2,0,0,0,0,0,0,1/2,0,0,0,0,0,1,0/2,0,0,0,0,3,0,0/0,2,0,0,1,0,0,0 s");
  kiela_lesson_draft_set_text (d, 0, "Find the winning move.");
  kiela_lesson_draft_set_kind (d, 0, KIELA_TASK_BEST_MOVE);
  g_assert_true (find_best (d, 0, &square, &margin, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (square, ==, "b1<");
  g_assert_cmpint (margin, >, 0);
  kiela_lesson_draft_set_best (d, 0, square, KIELA_LESSON_DRAFT_BEST_DEPTH, margin);
  g_assert_null (kiela_lesson_draft_dup_step_problem (d, 0, NULL));

  file = kiela_lesson_draft_to_file (d, &error);
  g_assert_no_error (error);
  data_text = kiela_lesson_file_to_data (file, NULL);
  g_assert_nonnull (strstr (data_text, "Answer=b1<\n"));
  back = kiela_lesson_file_new_from_data (data_text, -1, "<best-direction>", &error);
  g_assert_no_error (error);
  g_assert_true (kiela_lesson_file_check (back, f->registry, &error));
  g_assert_no_error (error);
  lesson = kiela_lesson_file_get_lesson (back, 0);
  g_assert_cmpstr (lesson->steps[0].task.move, ==, "b1<");
  answer.move = 1 | KIELA_MOVE_CLOCKWISE;
  g_assert_cmpint (kiela_lesson_check (lesson, omweso, 0, &answer, &feedback), ==, KIELA_LESSON_RIGHT);
  g_clear_pointer (&feedback, g_free);
  answer.move = 1;
  g_assert_cmpint (kiela_lesson_check (lesson, omweso, 0, &answer, &feedback), ==, KIELA_LESSON_WRONG);

  /* Mefuvha: the best move also takes North's last house a4 by the extra capture ("j2xa4"), which
   * no lesson step can ask for: the engine's answer is refused, naming the move, and no answer is
   * put into the step. */
  g_clear_pointer (&square, g_free);
  kiela_lesson_draft_set_variant (d, "mefuvha");
  kiela_lesson_draft_insert_step (d, 1, "2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2,0,0,0,0,0,0,0,0/"
                                        "0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 s");
  kiela_lesson_draft_set_text (d, 1, "Find the winning move.");
  kiela_lesson_draft_set_kind (d, 1, KIELA_TASK_BEST_MOVE);
  g_assert_false (find_best (d, 1, &square, &margin, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "j2xa4"));
  g_assert_nonnull (strstr (error->message, "cannot ask for"));
  g_assert_null (square);
  g_assert_null (kiela_lesson_draft_get_step (d, 1)->move);
}

static void
test_autosave_restore (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaLessonDraft) d = kiela_lesson_draft_new (f->registry);
  g_autoptr(KielaLessonDraft) back = kiela_lesson_draft_new (f->registry);
  g_autofree char *path = g_build_filename (f->dir, "state", "lesson-draft.ini", NULL);
  g_autofree char *bad = g_build_filename (f->dir, "bad.ini", NULL);
  g_autofree char *text = NULL, *written = NULL, *restored = NULL;
  g_autoptr(GError) error = NULL;

  kiela_lesson_draft_set_title (d, "In Progress");
  kiela_lesson_draft_set_author (d, "Mr Banda");
  kiela_lesson_draft_set_level (d, KIELA_LESSON_ADVANCED);
  kiela_lesson_draft_insert_step (d, 0, "2,2,2,2,2,2,2,2,3,2/0,0,0,0,0,0,0,0,3,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s");
  kiela_lesson_draft_set_kind (d, 0, KIELA_TASK_PREDICT_CAPTURE);
  kiela_lesson_draft_set_move (d, 0, "j1");
  g_assert_cmpuint (kiela_lesson_draft_get_step (d, 0)->number, ==, 6);
  /* Unfinished: the second step has no text yet, and still it is kept. */
  kiela_lesson_draft_insert_step (d, 1, NULL);
  g_assert_true (kiela_lesson_draft_autosave (d, path, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_true (kiela_lesson_draft_deserialize (back, text, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (kiela_lesson_draft_get_title (back), ==, "In Progress");
  g_assert_cmpstr (kiela_lesson_draft_get_author (back), ==, "Mr Banda");
  g_assert_cmpint (kiela_lesson_draft_get_level (back), ==, KIELA_LESSON_ADVANCED);
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (back), ==, 2);
  g_assert_cmpint (kiela_lesson_draft_get_step (back, 0)->kind, ==, KIELA_TASK_PREDICT_CAPTURE);
  g_assert_cmpuint (kiela_lesson_draft_get_step (back, 0)->number, ==, 6);
  g_assert_null (kiela_lesson_draft_get_step (back, 1)->text);
  /* Never saved to a file: still modified after the restore, and no history. */
  g_assert_true (kiela_lesson_draft_get_modified (back));
  g_assert_false (kiela_lesson_draft_can_undo (back));
  written = kiela_lesson_draft_serialize (d);
  restored = kiela_lesson_draft_serialize (back);
  g_assert_cmpstr (written, ==, restored);

  /* A file that is not a draft changes nothing and says why. */
  g_assert_true (g_file_set_contents (bad, "[Lesson]\nTitle=x\n", -1, NULL));
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (bad, &text, NULL, NULL));
  g_assert_false (kiela_lesson_draft_deserialize (back, text, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (kiela_lesson_draft_deserialize (back, "\x01garbage[[", &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (kiela_lesson_draft_get_title (back), ==, "In Progress");
  g_assert_cmpuint (kiela_lesson_draft_get_n_steps (back), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/app/lesson-draft/undo-redo", Fixture, NULL, setup, test_undo_redo, teardown);
  g_test_add ("/app/lesson-draft/checks", Fixture, NULL, setup, test_checks, teardown);
  g_test_add ("/app/lesson-draft/direction", Fixture, NULL, setup, test_direction, teardown);
  g_test_add ("/app/lesson-draft/best-direction", Fixture, NULL, setup, test_best_direction, teardown);
  g_test_add ("/app/lesson-draft/autosave-restore", Fixture, NULL, setup, test_autosave_restore, teardown);
  return g_test_run ();
}
