/* test-progress.c: the learner's progress without a display: stars, best kept, saved and read back, a corrupt file kept aside. */
#include "config.h"

#include <sys/stat.h>

#include <string.h>
#include <glib/gstdio.h>

#include "kiela-lesson-progress.h"

typedef struct {
  char *dir;
  char *path;
} Fixture;

static void
setup (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("kiela-progress-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "sub", "progress.ini", NULL);
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_remove (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      remove_tree (child);
    }
  g_dir_close (dir);
  g_rmdir (path);
}

static void
teardown (Fixture *f, gconstpointer data)
{
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static void
test_stars_rule (void)
{
  g_assert_cmpuint (kiela_lesson_progress_stars_for (0, 0), ==, 3);
  g_assert_cmpuint (kiela_lesson_progress_stars_for (1, 0), ==, 2);
  g_assert_cmpuint (kiela_lesson_progress_stars_for (0, 1), ==, 2);
  g_assert_cmpuint (kiela_lesson_progress_stars_for (1, 1), ==, 1);
  g_assert_cmpuint (kiela_lesson_progress_stars_for (0, 7), ==, 1);
}

static void
on_changed (KielaLessonProgress *p, const char *id, guint *count)
{
  (*count)++;
}

static void
test_record_and_reload (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (f->path);
  g_autoptr(KielaLessonProgress) again = kiela_lesson_progress_new (f->path);
  g_autoptr(GError) error = NULL;
  guint changed = 0;

  g_signal_connect (p, "changed", G_CALLBACK (on_changed), &changed);
  /* No file yet: no progress, and no error. */
  g_assert_true (kiela_lesson_progress_load (p, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (p, "sowing", 0), ==, 0);

  g_assert_cmpuint (kiela_lesson_progress_record (p, "sowing", 0, 1, 0, &error), ==, 2);
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_IS_REGULAR));
  /* A worse try keeps the best stars; a better one raises them. */
  g_assert_cmpuint (kiela_lesson_progress_record (p, "sowing", 0, 2, 3, NULL), ==, 1);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (p, "sowing", 0), ==, 2);
  g_assert_cmpuint (kiela_lesson_progress_record (p, "sowing", 2, 0, 0, NULL), ==, 3);

  g_assert_cmpuint (kiela_lesson_progress_count_done (p, "sowing", 3), ==, 2);
  g_assert_cmpuint (kiela_lesson_progress_lesson_stars (p, "sowing", 3), ==, 0);
  kiela_lesson_progress_record (p, "sowing", 1, 0, 0, NULL);
  g_assert_cmpuint (kiela_lesson_progress_lesson_stars (p, "sowing", 3), ==, 2);

  /* Another process (the next start) reads the same. */
  g_assert_true (kiela_lesson_progress_load (again, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (again, "sowing", 0), ==, 2);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (again, "sowing", 1), ==, 3);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (again, "sowing", 2), ==, 3);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (again, "houses", 0), ==, 0);

  g_assert_true (kiela_lesson_progress_reset (again, &error));
  g_assert_cmpuint (kiela_lesson_progress_count_done (again, "sowing", 3), ==, 0);
  g_assert_true (kiela_lesson_progress_load (p, NULL));
  g_assert_cmpuint (kiela_lesson_progress_count_done (p, "sowing", 3), ==, 0);
}

static guint
count_corrupt (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "progress.ini.corrupt-"))
      n++;
  g_dir_close (d);
  return n;
}

static void
check_corrupt (Fixture *f, const char *contents)
{
  g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (f->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *sub = g_path_get_dirname (f->path);
  guint before;

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  before = count_corrupt (sub);
  g_assert_true (g_file_set_contents (f->path, contents, -1, NULL));
  g_assert_false (kiela_lesson_progress_load (p, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, f->path));
  /* Shown in a toast: UTF-8 whatever bytes the file held. */
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_test_message ("%s", error->message);
  /* Kept aside, not lost, not in the way. */
  g_assert_cmpuint (count_corrupt (sub), ==, before + 1);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  /* Progress starts afresh and saves a good file. */
  g_assert_cmpuint (kiela_lesson_progress_record (p, "capture", 0, 0, 0, NULL), ==, 3);
  {
    g_autoptr(KielaLessonProgress) again = kiela_lesson_progress_new (f->path);
    g_assert_true (kiela_lesson_progress_load (again, NULL));
    g_assert_cmpuint (kiela_lesson_progress_get_stars (again, "capture", 0), ==, 3);
  }
  g_remove (f->path);
}

/* A final test's score: kept, saved, read back; an older file's "test=" is read as a result,
 * a damaged one as none. */
static void
test_final_test (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (f->path);
  g_autoptr(GError) error = NULL;
  KielaLessonResult result = { 99, 99, 99, 99, 99 };

  g_assert_false (kiela_lesson_progress_get_result (p, "final-beginner", &result));
  /* Untouched when there is none. */
  g_assert_cmpuint (result.score, ==, 99);
  g_assert_cmpuint (result.total, ==, 99);
  g_assert_true (kiela_lesson_progress_set_result (p, "final-beginner", 4, 5, &error));
  g_assert_no_error (error);
  /* The latest sitting counts, even a worse one. */
  g_assert_true (kiela_lesson_progress_set_result (p, "final-beginner", 3, 5, &error));
  {
    g_autoptr(KielaLessonProgress) again = kiela_lesson_progress_new (f->path);

    kiela_lesson_progress_load (again, &error);
    g_assert_no_error (error);
    g_assert_true (kiela_lesson_progress_get_result (again, "final-beginner", &result));
    g_assert_cmpuint (result.score, ==, 3);
    g_assert_cmpuint (result.total, ==, 5);
    g_assert_cmpuint (result.best, ==, 4);
    g_assert_cmpuint (result.tries, ==, 2);
    g_assert_false (kiela_lesson_progress_get_result (again, "final-advanced", &result));
  }
  {
    static const char *const damaged[] = { "6/5", "x/5", "3/", "3/0", "3/5z", "-1/5" };

    for (guint i = 0; i < G_N_ELEMENTS (damaged); i++)
      {
        g_autofree char *text = g_strdup_printf ("[final-expert]\ntest=%s\n", damaged[i]);
        g_autoptr(KielaLessonProgress) q = NULL;

        g_assert_true (g_file_set_contents (f->path, text, -1, NULL));
        q = kiela_lesson_progress_new (f->path);
        g_assert_true (kiela_lesson_progress_load (q, NULL));
        g_assert_false (kiela_lesson_progress_get_result (q, "final-expert", &result));
      }
  }
  /* A file from before the results: its "test=4/6" is one try of 4 out of 6, saved as a result. */
  {
    g_autoptr(KielaLessonProgress) q = NULL;
    g_autoptr(KielaLessonProgress) r = NULL;
    g_autofree char *saved = NULL;

    g_assert_true (g_file_set_contents (f->path, "[final-expert]\nstep-1=3\ntest=4/6\n", -1, NULL));
    q = kiela_lesson_progress_new (f->path);
    g_assert_true (kiela_lesson_progress_load (q, NULL));
    g_assert_true (kiela_lesson_progress_get_result (q, "final-expert", &result));
    g_assert_cmpuint (result.score, ==, 4);
    g_assert_cmpuint (result.total, ==, 6);
    g_assert_cmpuint (result.best, ==, 4);
    g_assert_cmpuint (result.tries, ==, 1);
    g_assert_cmpuint (kiela_lesson_progress_get_stars (q, "final-expert", 0), ==, 3);
    g_assert_true (kiela_lesson_progress_save (q, NULL));
    g_assert_true (g_file_get_contents (f->path, &saved, NULL, NULL));
    g_assert_null (strstr (saved, "test="));
    r = kiela_lesson_progress_new (f->path);
    g_assert_true (kiela_lesson_progress_load (r, NULL));
    g_assert_true (kiela_lesson_progress_get_result (r, "final-expert", &result));
    g_assert_cmpuint (result.score, ==, 4);
  }
  /* Reset forgets it. */
  g_assert_true (kiela_lesson_progress_reset (p, NULL));
  g_assert_false (kiela_lesson_progress_get_result (p, "final-beginner", &result));
}

static void
test_corrupt (Fixture *f, gconstpointer data)
{
  check_corrupt (f, "this is not a key file\n\x01\x02");
  check_corrupt (f, "[sowing]\nstep-1=9\n");
  check_corrupt (f, "[sowing]\nstep-1=two\n");
  check_corrupt (f, "[sowing]\nlevel=2\n");
  check_corrupt (f, "[sowing]\nstep-0=2\n");
  check_corrupt (f, "caf\xe9 is not a key file\n");
}

/* A named pipe in the progress file's place: reading it would block the app for ever.  It is
 * set aside like a corrupt file, and progress starts afresh. */
static void
test_not_a_file (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (f->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *sub = g_path_get_dirname (f->path);

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  g_assert_cmpint (mkfifo (f->path, 0600), ==, 0);
  g_assert_false (kiela_lesson_progress_load (p, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, f->path));
  g_assert_cmpuint (count_corrupt (sub), ==, 1);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (kiela_lesson_progress_record (p, "capture", 0, 0, 0, NULL), ==, 3);
  g_assert_true (g_file_test (f->path, G_FILE_TEST_IS_REGULAR));
}

/* A huge progress file (a sparse 1 GiB one here) is not read whole into memory: it is refused
 * from its size, set aside like a corrupt one, and progress starts afresh. */
static void
test_huge_file (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (f->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *sub = g_path_get_dirname (f->path);
  FILE *out;

  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  out = fopen (f->path, "w");
  g_assert_nonnull (out);
  fputs ("[capture]\nstars=3\n", out);
  g_assert_cmpint (fseeko (out, (off_t) 1 << 30, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('\n', out), !=, EOF);
  fclose (out);
  g_assert_false (kiela_lesson_progress_load (p, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, "too large") == NULL)
    g_error ("huge progress file: %s", error->message);
  g_assert_cmpuint (count_corrupt (sub), ==, 1);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
}

static void
test_unwritable (Fixture *f, gconstpointer data)
{
  /* The parent "directory" is a file: saving fails with an error, progress stays in memory. */
  g_autofree char *blocker = g_build_filename (f->dir, "blocker", NULL);
  g_autofree char *path = g_build_filename (blocker, "progress.ini", NULL);
  g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (blocker, "x", -1, NULL));
  g_assert_cmpuint (kiela_lesson_progress_record (p, "army", 1, 0, 1, &error), ==, 2);
  g_assert_nonnull (error);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (p, "army", 1), ==, 2);
}

static void
test_default_path_and_text (void)
{
  g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (NULL);
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "kiela", "progress.ini", NULL);
  g_autofree char *two = kiela_lesson_progress_stars_text (2);
  g_autofree char *many = kiela_lesson_progress_stars_text (9);

  g_assert_cmpstr (kiela_lesson_progress_get_path (p), ==, expected);
  g_assert_cmpstr (two, ==, "★★☆");
  g_assert_cmpstr (many, ==, "★★★");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/progress/stars-rule", test_stars_rule);
  g_test_add_func ("/progress/default-path", test_default_path_and_text);
  g_test_add ("/progress/record-reload", Fixture, NULL, setup, test_record_and_reload, teardown);
  g_test_add ("/progress/corrupt", Fixture, NULL, setup, test_corrupt, teardown);
  g_test_add ("/progress/final-test", Fixture, NULL, setup, test_final_test, teardown);
  g_test_add ("/progress/not-a-file", Fixture, NULL, setup, test_not_a_file, teardown);
  g_test_add ("/progress/unwritable", Fixture, NULL, setup, test_unwritable, teardown);
  g_test_add ("/progress/huge-file", Fixture, NULL, setup, test_huge_file, teardown);
  return g_test_run ();
}
