/* test-export-cli-lessons.c: "kiela-cli export --lesson": a lesson's worksheet, its answer key,
 * the line under its title and the teacher's notes, read back with poppler's tools. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kiela.h"
#include "test-export-cli-common.h"

/* The PDF's text, squashed as above. */
static char *
pdf_text_squashed (const char *pdf)
{
  g_autofree char *text = pdf_text (pdf);

  return squash (text);
}

/* A lesson: a page a step, with the lesson's title and each step's text. */
static void
test_lesson (void)
{
  g_autofree char *out = tmp_path ("lesson.pdf");
  GPtrArray *lessons = kiela_registry_get_lessons (get_registry ());
  const KielaLesson *lesson;
  g_auto(Run) r = { 0 };
  g_autofree char *info = NULL, *text = NULL, *flat = NULL, *pages = NULL;

  g_assert_cmpuint (lessons->len, >, 0);
  lesson = g_ptr_array_index (lessons, 0);
  run_cli (&r, "--lesson", lesson->id, "--paper", "letter", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  info = pdf_info (out, "1");
  pages = g_strdup_printf ("Pages:           %u", (guint) lesson->n_steps);
  g_assert_nonnull (strstr (info, pages));
  g_assert_nonnull (strstr (info, "612 x 792 pts (letter)"));
  text = pdf_text (out);
  flat = squash (text);
  g_assert_nonnull (strstr (flat, kiela_lesson_get_title (lesson)));
  for (guint i = 0; i < lesson->n_steps; i++)
    {
      g_autofree char *heading = g_strdup_printf ("Step %u", i + 1);
      g_autofree char *step = squash (kiela_lesson_step_get_text (lesson, i));

      g_assert_nonnull (strstr (flat, heading));
      /* The step's text up to where pdftotext might break a line inside a word it kerned. */
      step[MIN (strlen (step), 30)] = 0;
      g_assert_nonnull (strstr (flat, step));
    }
}

/* --answers: the capture lesson's pages, then its answer key with what the engine says each
 * step's answer is; a teacher's .kiela-lesson file works without installing it. */
static void
test_lesson_answers (void)
{
  g_autofree char *out = tmp_path ("lesson-answers.pdf");
  g_autofree char *file = tmp_path ("teacher.kiela-lesson");
  g_autofree char *bad = tmp_path ("teacher-bad.kiela-lesson");
  const KielaLesson *lesson = kiela_registry_lookup_lesson (get_registry (), "capture");
  g_auto(Run) r = { 0 };
  g_auto(Run) r2 = { 0 };
  g_auto(Run) r3 = { 0 };
  g_autofree char *info = NULL, *text = NULL, *flat = NULL, *pages = NULL, *key = NULL;
  const char *key_at;

  g_assert_nonnull (lesson);
  run_cli (&r, "--lesson", "capture", "--answers", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  info = pdf_info (out, "1");
  pages = g_strdup_printf ("Pages:           %u", (guint) lesson->n_steps + 1 + kiela_lesson_has_notes (lesson));
  g_assert_nonnull (strstr (info, pages));
  text = pdf_text (out);
  flat = squash (text);
  key_at = strstr (flat, "Answer Key");
  g_assert_nonnull (key_at);
  /* Step 2 asks how many stones j1 captures; the file says 6. */
  g_assert_cmpint (lesson->steps[1].task.kind, ==, KIELA_TASK_PREDICT_CAPTURE);
  key = g_strdup_printf ("%s captures %u stones", lesson->steps[1].task.move, lesson->steps[1].task.number);
  g_assert_nonnull (strstr (key_at, key));
  g_assert_nonnull (strstr (flat, "How many stones does j1 capture?"));

  g_assert_true (g_file_set_contents (file, "[Lesson]\nFormat=1\nId=teacher\nTitle=Teacher's Own\nVariant=kiela\n\n"
                                      "[Step 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n\n"
                                      "[Step 2]\nText=And h1.\nTask=sow-house\nAnswer=h1\n", -1, NULL));
  run_cli (&r2, "--lesson", file, "--answers", "-o", out, NULL);
  g_assert_cmpstr (r2.err, ==, "");
  g_assert_cmpint (r2.status, ==, 0);
  g_free (info);
  info = pdf_info (out, "1");
  g_assert_nonnull (strstr (info, "Pages:           3"));
  /* A file that fails its checks: exit 2, naming the file and line. */
  g_assert_true (g_file_set_contents (bad, "[Lesson]\nFormat=1\nId=teacher\nTitle=T\nVariant=kiela\n\n"
                                      "[Step 1]\nText=Sow g4.\nTask=sow-house\nAnswer=g4\n", -1, NULL));
  run_cli (&r3, "--lesson", bad, "--answers", "-o", out, NULL);
  g_assert_cmpint (r3.status, ==, 2);
  g_assert_nonnull (strstr (r3.err, "teacher-bad.kiela-lesson:"));
  g_assert_nonnull (strstr (r3.err, "g4"));
}

/* The text of page `page` of a PDF, runs of spaces squashed. */
static char *
pdf_page_text (const char *pdf, guint page)
{
  char n[16];
  g_autofree char *text = NULL;

  g_snprintf (n, sizeof n, "%u", page);
  text = output_of ((const char *[]) { KIELA_TEST_PDFTOTEXT, "-layout", "-f", n, "-l", n, pdf, "-", NULL });
  return squash (text);
}

/* The line under a lesson worksheet's title: "Summary · Game", or the game alone for a lesson
 * without a summary (it read "· Kiela", a separator joining nothing). */
static char *
heading_line_after (const char *text, const char *title)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i]; i++)
    if (g_str_equal (g_strstrip (lines[i]), title))
      for (guint j = i + 1; lines[j]; j++)
        if (*g_strstrip (lines[j]))
          return g_strdup (lines[j]);
  return NULL;
}

static void
test_lesson_heading (void)
{
  g_autofree char *out = tmp_path ("lesson-heading.pdf");
  g_autofree char *file = tmp_path ("heading.kiela-lesson");
  const char *steps_part = "\n[Step 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n";
  g_autofree char *bare = g_strconcat ("[Lesson]\nFormat=1\nId=heading\nTitle=No Summary Here\nVariant=kiela\n",
                                       steps_part, NULL);
  g_autofree char *summed = g_strconcat ("[Lesson]\nFormat=1\nId=heading\nTitle=No Summary Here\nVariant=kiela\n"
                                         "Summary=Where the first stone goes.\n", steps_part, NULL);
  g_autofree char *text = NULL, *line = NULL, *text2 = NULL, *line2 = NULL;
  g_auto(Run) r = { 0 };
  g_auto(Run) r2 = { 0 };

  g_assert_true (g_file_set_contents (file, bare, -1, NULL));
  run_cli (&r, "--lesson", file, "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  text = pdf_text (out);
  line = heading_line_after (text, "No Summary Here");
  g_assert_nonnull (line);
  /* The game's name alone: no separator before it, none after. */
  g_assert_false (g_str_has_prefix (line, "·"));
  g_assert_null (strstr (line, "·"));
  g_assert_nonnull (strstr (line, "Kiela"));
  g_assert_null (strstr (text, "· Kiela"));

  /* With a summary, the summary and the game. */
  g_assert_true (g_file_set_contents (file, summed, -1, NULL));
  run_cli (&r2, "--lesson", file, "-o", out, NULL);
  g_assert_cmpint (r2.status, ==, 0);
  text2 = pdf_text (out);
  line2 = heading_line_after (text2, "No Summary Here");
  g_assert_nonnull (line2);
  g_assert_true (g_str_has_prefix (line2, "Where the first stone goes. · "));
  g_assert_nonnull (strstr (line2, "Kiela"));
}

/* The teacher's copy (--answers) ends with the lesson's teacher notes on a page of their own,
 * after the answer key: under the For Teachers headings, each misconception its own bullet;
 * notes longer than a page go on over the next, nothing cut.  The pupils' copy and a lesson
 * without notes have no such page. */
static void
test_lesson_teacher_page (void)
{
  g_autofree char *out = tmp_path ("lesson-teacher.pdf");
  g_autofree char *file = tmp_path ("notes.kiela-lesson");
  g_autofree char *info = NULL, *last = NULL, *all = NULL, *page = NULL;
  g_autoptr(GString) many = g_string_new (NULL);
  g_auto(Run) r = { 0 };
  g_auto(Run) r2 = { 0 };
  g_auto(Run) r3 = { 0 };
  const char *lesson_head = "[Lesson]\nFormat=1\nId=notes\nTitle=Notes\nVariant=kiela\n";
  const char *steps_part = "\n[Step 1]\nText=Sow g1.\nTask=sow-house\nAnswer=g1\n\n"
                           "[Step 2]\nText=And h1.\nTask=sow-house\nAnswer=h1\n";
  g_autofree char *with_notes = g_strconcat (lesson_head,
                                             "Objective=Pupils follow a sowing stone by stone.\n"
                                             "Misconceptions=The inner row runs rightward.\\nA relay lifts the next house.\n"
                                             "Activity=Pairs sow c1 with real stones and say where each one falls.\n",
                                             steps_part, NULL);

  g_assert_true (g_file_set_contents (file, with_notes, -1, NULL));
  run_cli (&r, "--lesson", file, "--answers", "-o", out, NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  info = pdf_info (out, "1");
  /* Two steps, the key, the notes. */
  g_assert_nonnull (strstr (info, "Pages:           4"));
  page = pdf_page_text (out, 3);
  g_assert_nonnull (strstr (page, "Answer Key"));
  g_assert_null (strstr (page, "For Teachers"));
  last = pdf_page_text (out, 4);
  g_assert_nonnull (strstr (last, "For Teachers"));
  g_assert_nonnull (strstr (last, "Objective Pupils follow a sowing stone by stone."));
  g_assert_nonnull (strstr (last, "Usual Misconceptions • The inner row runs rightward. • A relay lifts the next house."));
  g_assert_nonnull (strstr (last, "Activity with Real Stones Pairs sow c1 with real stones and say where each one falls."));
  /* Not on a step's page. */
  g_free (page);
  page = pdf_page_text (out, 1);
  g_assert_null (strstr (page, "For Teachers"));
  g_assert_null (strstr (page, "rightward"));

  /* The pupils' copy: the steps only. */
  run_cli (&r2, "--lesson", file, "-o", out, NULL);
  g_assert_cmpint (r2.status, ==, 0);
  g_free (info);
  info = pdf_info (out, "1");
  g_assert_nonnull (strstr (info, "Pages:           2"));
  all = pdf_text_squashed (out);
  g_assert_null (strstr (all, "For Teachers"));
  g_assert_null (strstr (all, "rightward"));

  /* Eighty misconceptions: more than a page, every one printed. */
  g_string_append (many, lesson_head);
  g_string_append (many, "Misconceptions=");
  for (guint i = 0; i < 80; i++)
    g_string_append_printf (many, "%sMistake number %u of the list.", i ? "\\n" : "", i + 1);
  g_string_append (many, "\n");
  g_string_append (many, steps_part);
  g_assert_true (g_file_set_contents (file, many->str, -1, NULL));
  run_cli (&r3, "--lesson", file, "--answers", "-o", out, NULL);
  g_assert_cmpint (r3.status, ==, 0);
  g_free (all);
  all = pdf_text_squashed (out);
  for (guint i = 0; i < 80; i++)
    {
      g_autofree char *line = g_strdup_printf ("• Mistake number %u of the list.", i + 1);

      if (strstr (all, line) == NULL)
        g_error ("the teacher pages lost “%s”", line);
    }
  g_free (info);
  info = pdf_info (out, "1");
  g_assert_nonnull (strstr (info, "Pages:"));
  {
    guint n = (guint) g_ascii_strtoull (strstr (info, "Pages:") + 6, NULL, 10);

    /* The two steps, the key and more than one page of notes, each headed as such. */
    g_assert_cmpuint (n, >=, 5);
    for (guint p = 4; p <= n; p++)
      {
        g_free (last);
        last = pdf_page_text (out, p);
        g_assert_nonnull (strstr (last, "For Teachers"));
      }
  }

  /* No notes, no teacher page. */
  {
    g_autofree char *plain = g_strconcat (lesson_head, steps_part, NULL);
    g_auto(Run) r4 = { 0 };

    g_assert_true (g_file_set_contents (file, plain, -1, NULL));
    run_cli (&r4, "--lesson", file, "--answers", "-o", out, NULL);
    g_assert_cmpint (r4.status, ==, 0);
    g_free (info);
    info = pdf_info (out, "1");
    g_assert_nonnull (strstr (info, "Pages:           3"));
    g_free (all);
    all = pdf_text_squashed (out);
    g_assert_null (strstr (all, "For Teachers"));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export/cli/lesson", test_lesson);
  g_test_add_func ("/export/cli/lesson-answers", test_lesson_answers);
  g_test_add_func ("/export/cli/lesson-teacher-page", test_lesson_teacher_page);
  g_test_add_func ("/export/cli/lesson-heading", test_lesson_heading);
  return g_test_run ();
}
