/* test-pupils.c: the class on a shared computer without a display: pupils added, renamed, removed and
 * switched, each one's progress apart, the mistakes queue's rules, results, the migration of a
 * single-user progress file, bad files kept aside without losing the other pupils, the CSV. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kiela.h"
#include "kiela-pupils.h"

typedef struct {
  char *dir;
} Fixture;

static void
setup (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("kiela-pupils-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
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
}

static KielaPupils *
open_class (Fixture *f)
{
  KielaPupils *pupils = kiela_pupils_new (f->dir);
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_pupils_load (pupils, &error));
  g_assert_no_error (error);
  return pupils;
}

/* Files in `folder` whose names start with `prefix`. */
static guint
count_files (const char *folder, const char *prefix)
{
  GDir *d = g_dir_open (folder, 0, NULL);
  const char *name;
  guint n = 0;

  if (d == NULL)
    return 0;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix))
      n++;
  g_dir_close (d);
  return n;
}

static void
on_changed (gpointer object, guint *count)
{
  (*count)++;
}

static void
on_progress_changed (gpointer object, const char *lesson_id, guint *count)
{
  (*count)++;
}

/* A home user: one pupil, made at the first start, nothing else to see. */
static void
test_one_pupil_by_default (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaPupils) pupils = open_class (f);
  g_autofree char *class_file = g_build_filename (f->dir, "class.ini", NULL);
  g_autofree char *p1 = g_build_filename (f->dir, "pupils", "p1.ini", NULL);

  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 1);
  g_assert_cmpstr (kiela_pupils_get_current (pupils), ==, "p1");
  g_assert_nonnull (kiela_pupils_get_name (pupils, "p1"));
  g_assert_cmpstr (kiela_lesson_progress_get_path (kiela_pupils_get_progress (pupils)), ==, p1);
  g_assert_true (g_file_test (class_file, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (p1, G_FILE_TEST_IS_REGULAR));
  g_assert_null (kiela_pupils_get_id (pupils, 1));
}

static void
test_add_rename_remove (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaPupils) pupils = open_class (f);
  g_autoptr(GError) error = NULL;
  g_autofree char *ada = NULL, *bo = NULL, *again = NULL;
  g_autofree char *pupils_dir = g_build_filename (f->dir, "pupils", NULL);
  guint changed = 0;

  g_signal_connect (pupils, "changed", G_CALLBACK (on_changed), &changed);
  ada = kiela_pupils_add (pupils, "  Ada  ", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ada, ==, "p2");
  g_assert_cmpstr (kiela_pupils_get_name (pupils, ada), ==, "Ada");
  g_assert_cmpuint (changed, ==, 1);
  /* Added, not playing yet. */
  g_assert_cmpstr (kiela_pupils_get_current (pupils), ==, "p1");

  /* Names: needed, on one line, not too long, not another pupil's (whatever the case). */
  g_assert_null (kiela_pupils_add (pupils, "   ", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_clear_error (&error);
  g_assert_null (kiela_pupils_add (pupils, "ADA", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_assert_nonnull (strstr (error->message, "Ada"));
  g_clear_error (&error);
  g_assert_null (kiela_pupils_add (pupils, "a\nb", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  {
    g_autofree char *longname = g_strnfill (KIELA_PUPIL_NAME_MAX + 1, 'x');
    g_assert_null (kiela_pupils_add (pupils, longname, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }
  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 2);

  bo = kiela_pupils_add (pupils, "Bo", &error);
  g_assert_cmpstr (bo, ==, "p3");
  g_assert_true (kiela_pupils_rename (pupils, bo, "Bonifácio", &error));
  g_assert_no_error (error);
  g_assert_false (kiela_pupils_rename (pupils, bo, "ada", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_clear_error (&error);
  /* Renaming to the same name in another case is no clash with oneself. */
  g_assert_true (kiela_pupils_rename (pupils, ada, "ADA", &error));
  g_assert_false (kiela_pupils_rename (pupils, "p99", "Zé", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  /* The next start reads the same class, in the same order. */
  {
    g_autoptr(KielaPupils) next = open_class (f);

    g_assert_cmpuint (kiela_pupils_get_n (next), ==, 3);
    g_assert_cmpstr (kiela_pupils_get_id (next, 1), ==, "p2");
    g_assert_cmpstr (kiela_pupils_get_name (next, "p2"), ==, "ADA");
    g_assert_cmpstr (kiela_pupils_get_name (next, "p3"), ==, "Bonifácio");
  }

  /* Removed: its file kept aside, its number never given again. */
  g_assert_true (kiela_pupils_set_current (pupils, bo, &error));
  g_assert_true (kiela_pupils_remove (pupils, bo, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 2);
  g_assert_cmpstr (kiela_pupils_get_current (pupils), ==, "p1");
  g_assert_cmpuint (count_files (pupils_dir, "p3.ini.removed-"), ==, 1);
  again = kiela_pupils_add (pupils, "Bo", &error);
  g_assert_cmpstr (again, ==, "p4");
  g_assert_true (kiela_pupils_remove (pupils, again, NULL));
  g_assert_true (kiela_pupils_remove (pupils, ada, NULL));
  /* The last pupil stays. */
  g_assert_false (kiela_pupils_remove (pupils, "p1", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_PERM);
  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 1);
}

/* Stars, mistakes and results are each pupil's own; the shared progress object follows the switch. */
static void
test_isolation (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaPupils) pupils = open_class (f);
  KielaLessonProgress *progress = kiela_pupils_get_progress (pupils);
  g_autofree char *ada = kiela_pupils_add (pupils, "Ada", NULL);
  g_autoptr(KielaLessonProgress) first = NULL;
  g_autoptr(GError) error = NULL;
  KielaLessonResult result;
  guint changed = 0;

  kiela_lesson_progress_record (progress, "sowing", 0, 0, 0, NULL);
  kiela_lesson_progress_add_mistake (progress, "capture", 2, NULL);
  g_assert_true (kiela_lesson_progress_set_result (progress, "final-1", 7, 10, NULL));

  g_signal_connect (progress, "changed", G_CALLBACK (on_progress_changed), &changed);
  g_assert_true (kiela_pupils_set_current (pupils, ada, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (kiela_pupils_get_progress (pupils) == progress);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (progress, "sowing", 0), ==, 0);
  g_assert_cmpuint (kiela_lesson_progress_get_n_mistakes (progress), ==, 0);
  g_assert_false (kiela_lesson_progress_get_result (progress, "final-1", &result));
  kiela_lesson_progress_record (progress, "houses", 1, 1, 0, NULL);

  /* The first pupil's file, read beside: untouched by Ada's play. */
  first = kiela_pupils_read_progress (pupils, "p1", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (first, "sowing", 0), ==, 3);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (first, "houses", 1), ==, 0);
  g_assert_true (kiela_lesson_progress_has_mistake (first, "capture", 2));
  g_assert_true (kiela_lesson_progress_get_result (first, "final-1", &result));
  g_assert_cmpuint (result.score, ==, 7);

  /* Who was playing is kept for the next start. */
  {
    g_autoptr(KielaPupils) next = open_class (f);
    KielaLessonProgress *p = kiela_pupils_get_progress (next);

    g_assert_cmpstr (kiela_pupils_get_current (next), ==, ada);
    g_assert_cmpuint (kiela_lesson_progress_get_stars (p, "houses", 1), ==, 2);
    g_assert_cmpuint (kiela_lesson_progress_get_stars (p, "sowing", 0), ==, 0);
  }

  /* A reset is one pupil's: the name stays, the other pupil's work too. */
  g_assert_true (kiela_pupils_set_current (pupils, "p1", NULL));
  g_assert_true (kiela_lesson_progress_reset (progress, NULL));
  g_assert_cmpuint (kiela_lesson_progress_get_stars (progress, "sowing", 0), ==, 0);
  g_assert_cmpuint (kiela_lesson_progress_get_mistakes_made (progress), ==, 0);
  {
    g_autofree char *name = kiela_lesson_progress_dup_name (progress);
    g_autoptr(KielaLessonProgress) other = kiela_pupils_read_progress (pupils, ada, NULL);

    g_assert_cmpstr (name, ==, kiela_pupils_get_name (pupils, "p1"));
    g_assert_cmpuint (kiela_lesson_progress_get_stars (other, "houses", 1), ==, 2);
  }
  g_assert_false (kiela_pupils_set_current (pupils, "p77", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

/* The queue: a wrong answer queues the step once, in order; right at the first try clears it. */
static void
test_queue_rules (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaPupils) pupils = open_class (f);
  KielaLessonProgress *progress = kiela_pupils_get_progress (pupils);
  g_autoptr(GArray) list = NULL;

  g_assert_cmpuint (kiela_lesson_progress_add_mistake (progress, "capture", 2, NULL), ==, 1);
  g_assert_cmpuint (kiela_lesson_progress_add_mistake (progress, "sowing", 0, NULL), ==, 1);
  /* Wrong again: counted in its place, not queued twice. */
  g_assert_cmpuint (kiela_lesson_progress_add_mistake (progress, "capture", 2, NULL), ==, 2);
  /* A lesson still being written has no id to queue. */
  g_assert_cmpuint (kiela_lesson_progress_add_mistake (progress, "", 0, NULL), ==, 0);
  g_assert_cmpuint (kiela_lesson_progress_add_mistake (progress, "Bad Id", 0, NULL), ==, 0);

  list = kiela_lesson_progress_get_mistakes (progress);
  g_assert_cmpuint (list->len, ==, 2);
  g_assert_cmpstr (g_array_index (list, KielaLessonMistake, 0).lesson_id, ==, "capture");
  g_assert_cmpuint (g_array_index (list, KielaLessonMistake, 0).step, ==, 2);
  g_assert_cmpuint (g_array_index (list, KielaLessonMistake, 0).times, ==, 2);
  g_assert_cmpstr (g_array_index (list, KielaLessonMistake, 1).lesson_id, ==, "sowing");
  g_assert_cmpuint (kiela_lesson_progress_get_mistakes_made (progress), ==, 3);

  /* Right: leaves the queue; the count of mistakes made stays. */
  g_assert_true (kiela_lesson_progress_clear_mistake (progress, "capture", 2, NULL));
  g_assert_false (kiela_lesson_progress_clear_mistake (progress, "capture", 2, NULL));
  g_assert_false (kiela_lesson_progress_has_mistake (progress, "capture", 2));
  g_assert_cmpuint (kiela_lesson_progress_get_n_mistakes (progress), ==, 1);
  g_assert_cmpuint (kiela_lesson_progress_get_mistakes_made (progress), ==, 3);

  /* Wrong again after leaving: back at the end of the queue, counted afresh. */
  g_assert_cmpuint (kiela_lesson_progress_add_mistake (progress, "capture", 2, NULL), ==, 1);
  g_clear_pointer (&list, g_array_unref);
  list = kiela_lesson_progress_get_mistakes (progress);
  g_assert_cmpstr (g_array_index (list, KielaLessonMistake, 1).lesson_id, ==, "capture");

  /* Saved at once: the next start has the same queue. */
  {
    g_autoptr(KielaPupils) next = open_class (f);
    g_autoptr(GArray) again = kiela_lesson_progress_get_mistakes (kiela_pupils_get_progress (next));

    g_assert_cmpuint (again->len, ==, 2);
    g_assert_cmpstr (g_array_index (again, KielaLessonMistake, 0).lesson_id, ==, "sowing");
    g_assert_cmpuint (kiela_lesson_progress_get_mistakes_made (kiela_pupils_get_progress (next)), ==, 4);
  }
}

static void
test_results (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaPupils) pupils = open_class (f);
  KielaLessonProgress *progress = kiela_pupils_get_progress (pupils);
  KielaLessonResult r = { 0 };
  g_auto(GStrv) ids = NULL;

  g_assert_true (kiela_lesson_progress_set_result (progress, "final-1", 8, 10, NULL));
  g_assert_true (kiela_lesson_progress_set_result (progress, "final-1", 6, 10, NULL));
  g_assert_true (kiela_lesson_progress_get_result (progress, "final-1", &r));
  g_assert_cmpuint (r.score, ==, 6);
  g_assert_cmpuint (r.best, ==, 8);
  g_assert_cmpuint (r.tries, ==, 2);
  g_assert_cmpuint (r.total, ==, 10);
  g_assert_cmpint (r.time, >, 0);
  /* The test changed (another number of questions): the best starts again. */
  g_assert_true (kiela_lesson_progress_set_result (progress, "final-1", 3, 12, NULL));
  g_assert_true (kiela_lesson_progress_get_result (progress, "final-1", &r));
  g_assert_cmpuint (r.best, ==, 3);
  g_assert_cmpuint (r.tries, ==, 3);
  g_assert_true (kiela_lesson_progress_set_result (progress, "final-2", 0, 5, NULL));
  ids = kiela_lesson_progress_list_results (progress);
  g_assert_cmpuint (g_strv_length (ids), ==, 2);
  g_assert_cmpstr (ids[0], ==, "final-1");
  g_assert_cmpstr (ids[1], ==, "final-2");
  {
    g_autoptr(KielaPupils) next = open_class (f);
    g_assert_true (kiela_lesson_progress_get_result (kiela_pupils_get_progress (next), "final-2", &r));
    g_assert_cmpuint (r.score, ==, 0);
    g_assert_cmpuint (r.total, ==, 5);
  }
}

/* The single-user versions' progress.ini becomes the first pupil's, every star kept; the old
 * file stays beside it. */
static void
test_migration (Fixture *f, gconstpointer data)
{
  g_autofree char *legacy = g_build_filename (f->dir, "progress.ini", NULL);
  g_autofree char *kept = g_build_filename (f->dir, "progress.ini.migrated", NULL);
  const char *old = "[sowing]\nstep-1=3\nstep-2=2\n\n[capture]\nstep-4=1\n";
  g_autoptr(KielaPupils) pupils = NULL;
  KielaLessonProgress *progress;
  g_autofree char *contents = NULL;

  g_assert_true (g_file_set_contents (legacy, old, -1, NULL));
  pupils = open_class (f);
  progress = kiela_pupils_get_progress (pupils);
  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 1);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (progress, "sowing", 0), ==, 3);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (progress, "sowing", 1), ==, 2);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (progress, "capture", 3), ==, 1);
  g_assert_false (g_file_test (legacy, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (kept, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, old);

  /* Once: the next start keeps the pupil's progress and makes no second pupil. */
  kiela_lesson_progress_record (progress, "houses", 0, 0, 0, NULL);
  {
    g_autoptr(KielaPupils) next = open_class (f);

    g_assert_cmpuint (kiela_pupils_get_n (next), ==, 1);
    g_assert_cmpuint (kiela_lesson_progress_get_stars (kiela_pupils_get_progress (next), "houses", 0), ==, 3);
    g_assert_cmpuint (kiela_lesson_progress_get_stars (kiela_pupils_get_progress (next), "sowing", 1), ==, 2);
  }
}

/* A bad old file: kept aside, the first pupil starts afresh, the load says so. */
static void
test_migration_corrupt (Fixture *f, gconstpointer data)
{
  g_autofree char *legacy = g_build_filename (f->dir, "progress.ini", NULL);
  g_autoptr(KielaPupils) pupils = kiela_pupils_new (f->dir);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (legacy, "[sowing]\nstep-1=7\n", -1, NULL));
  g_assert_false (kiela_pupils_load (pupils, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, legacy));
  g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 1);
  g_assert_cmpuint (count_files (f->dir, "progress.ini.corrupt-"), ==, 1);
  g_assert_cmpuint (kiela_lesson_progress_get_stars (kiela_pupils_get_progress (pupils), "sowing", 0), ==, 0);
}

/* class.ini truncated or damaged: set aside, and the pupils come back from their own files with
 * their names and progress. */
static void
test_bad_class_file (Fixture *f, gconstpointer data)
{
  g_autofree char *class_file = g_build_filename (f->dir, "class.ini", NULL);
  static const char *const bad[] = {
    "[Class]\ncurrent=p2\n[Pupil p2]\nna",        /* truncated in a key */
    "[Class\ncurrent=p2\n",                       /* truncated in a group */
    "[Pupil x]\nname=Ada\n",                      /* not an id */
    "[Pupil p2]\nname=\n",                        /* no name */
    "\x01\x02\xff binary",
  };

  {
    g_autoptr(KielaPupils) pupils = open_class (f);
    g_autofree char *ada = kiela_pupils_add (pupils, "Ada", NULL);
    g_autofree char *bo = kiela_pupils_add (pupils, "Bo", NULL);

    g_assert_true (kiela_pupils_set_current (pupils, ada, NULL));
    kiela_lesson_progress_record (kiela_pupils_get_progress (pupils), "sowing", 0, 0, 1, NULL);
    g_assert_true (kiela_pupils_set_current (pupils, bo, NULL));
    kiela_lesson_progress_add_mistake (kiela_pupils_get_progress (pupils), "capture", 0, NULL);
  }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(KielaPupils) pupils = kiela_pupils_new (f->dir);
      g_autoptr(KielaLessonProgress) ada = NULL, bo = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (g_file_set_contents (class_file, bad[i], -1, NULL));
      g_assert_false (kiela_pupils_load (pupils, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, class_file));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_test_message ("%s", error->message);
      g_assert_cmpuint (count_files (f->dir, "class.ini.corrupt-"), ==, i + 1);
      /* Every pupil is back, in order, with their name and work. */
      g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 3);
      g_assert_cmpstr (kiela_pupils_get_id (pupils, 1), ==, "p2");
      g_assert_cmpstr (kiela_pupils_get_name (pupils, "p2"), ==, "Ada");
      g_assert_cmpstr (kiela_pupils_get_name (pupils, "p3"), ==, "Bo");
      ada = kiela_pupils_read_progress (pupils, "p2", NULL);
      bo = kiela_pupils_read_progress (pupils, "p3", NULL);
      g_assert_cmpuint (kiela_lesson_progress_get_stars (ada, "sowing", 0), ==, 2);
      g_assert_true (kiela_lesson_progress_has_mistake (bo, "capture", 0));
      /* A good class file again. */
      {
        g_autoptr(KielaPupils) next = open_class (f);
        g_assert_cmpuint (kiela_pupils_get_n (next), ==, 3);
      }
    }
}

/* One pupil's bad file: kept aside, that pupil starts afresh under their name; the others keep all. */
static void
test_bad_pupil_file (Fixture *f, gconstpointer data)
{
  g_autofree char *pupils_dir = g_build_filename (f->dir, "pupils", NULL);
  g_autofree char *ada_file = g_build_filename (pupils_dir, "p2.ini", NULL);
  g_autofree char *ada = NULL;

  {
    g_autoptr(KielaPupils) pupils = open_class (f);

    ada = kiela_pupils_add (pupils, "Ada", NULL);
    kiela_lesson_progress_record (kiela_pupils_get_progress (pupils), "sowing", 0, 0, 0, NULL);
    g_assert_true (kiela_pupils_set_current (pupils, ada, NULL));
  }
  g_assert_true (g_file_set_contents (ada_file, "[Pupil]\nname=Ada\n[sowing]\nstep-1=", -1, NULL));
  {
    g_autoptr(KielaPupils) pupils = kiela_pupils_new (f->dir);
    g_autoptr(KielaLessonProgress) first = NULL;
    g_autoptr(GError) error = NULL;

    g_assert_false (kiela_pupils_load (pupils, &error));
    g_assert_nonnull (strstr (error->message, ada_file));
    g_assert_cmpuint (count_files (pupils_dir, "p2.ini.corrupt-"), ==, 1);
    g_assert_cmpuint (kiela_pupils_get_n (pupils), ==, 2);
    g_assert_cmpstr (kiela_pupils_get_name (pupils, ada), ==, "Ada");
    first = kiela_pupils_read_progress (pupils, "p1", NULL);
    g_assert_cmpuint (kiela_lesson_progress_get_stars (first, "sowing", 0), ==, 3);
    /* Ada plays on: a good file again. */
    kiela_lesson_progress_record (kiela_pupils_get_progress (pupils), "houses", 0, 0, 0, NULL);
  }
  {
    g_autoptr(KielaPupils) pupils = open_class (f);
    g_assert_cmpuint (kiela_lesson_progress_get_stars (kiela_pupils_get_progress (pupils), "houses", 0), ==, 3);
  }
  /* Bad own groups are bad files too. */
  {
    static const char *const bad[] = {
      "[Mistakes]\ncapture=2\n", "[Mistakes]\ncapture/0=1\n", "[Mistakes]\ncapture/2=-1\n",
      "[Pupil]\nmistakes=lots\n", "[Result final-1]\nscore=11\ntotal=10\nbest=11\ntries=1\n",
      "[Result final-1]\nscore=1\ntotal=0\nbest=1\ntries=1\n", "[Result Bad]\nscore=1\ntotal=2\nbest=1\ntries=1\n",
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (ada_file);
        g_autoptr(GError) error = NULL;

        g_assert_true (g_file_set_contents (ada_file, bad[i], -1, NULL));
        g_assert_false (kiela_lesson_progress_load (p, &error));
        g_assert_nonnull (error);
      }
  }
  /* A later version's own group is kept as it is. */
  {
    g_autoptr(KielaLessonProgress) p = kiela_lesson_progress_new (ada_file);
    g_autofree char *contents = NULL;

    g_assert_true (g_file_set_contents (ada_file, "[Pupil]\nname=Ada\n[Badges]\nfirst=yes\n", -1, NULL));
    g_assert_true (kiela_lesson_progress_load (p, NULL));
    kiela_lesson_progress_record (p, "sowing", 0, 0, 0, NULL);
    g_assert_true (g_file_get_contents (ada_file, &contents, NULL, NULL));
    g_assert_nonnull (strstr (contents, "[Badges]\nfirst=yes"));
  }
}

static void
test_csv (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaPupils) pupils = open_class (f);
  KielaLessonProgress *progress = kiela_pupils_get_progress (pupils);
  g_autofree char *ada = NULL, *eve = NULL, *csv = NULL, *name = NULL;
  g_autoptr(GPtrArray) lessons = g_ptr_array_new ();
  KielaLessonStep steps[2] = { { 0 } };
  KielaLesson one = { 0 }, two = { 0 };
  g_autofree char *expected = NULL;

  one.id = "sowing";
  one.title = "First Sowing";
  one.steps = steps;
  one.n_steps = 2;
  two.id = "capture";
  two.title = "Capture, \"twice\"";
  two.steps = steps;
  two.n_steps = 1;
  g_ptr_array_add (lessons, &one);
  g_ptr_array_add (lessons, &two);

  g_assert_true (kiela_pupils_rename (pupils, "p1", "Zoë", NULL));
  ada = kiela_pupils_add (pupils, "Ada, Jr.", NULL);
  eve = kiela_pupils_add (pupils, "=cmd", NULL);
  kiela_lesson_progress_record (progress, "sowing", 0, 0, 0, NULL);
  kiela_lesson_progress_record (progress, "sowing", 1, 1, 0, NULL);
  kiela_lesson_progress_add_mistake (progress, "capture", 0, NULL);
  kiela_lesson_progress_add_mistake (progress, "capture", 0, NULL);
  kiela_lesson_progress_set_result (progress, "final-1", 7, 10, NULL);
  g_assert_true (kiela_pupils_set_current (pupils, ada, NULL));
  kiela_lesson_progress_record (progress, "capture", 0, 0, 0, NULL);
  kiela_lesson_progress_add_mistake (progress, "sowing", 1, NULL);
  kiela_lesson_progress_set_result (progress, "capture", 2, 3, NULL);

  csv = kiela_pupils_to_csv (pupils, lessons);
  expected = g_strconcat ("\"Pupil\",\"Lessons finished\",\"Stars\",\"Mistakes\",\"To practise\","
                          "\"First Sowing\",\"Capture, \"\"twice\"\"\",\"final-1\",\"Capture, \"\"twice\"\"\"\r\n",
                          "\"Zoë\",1,2,2,1,2,,7/10,\r\n",
                          "\"Ada, Jr.\",1,3,1,1,,3,,2/3\r\n",
                          "\"'=cmd\",0,0,0,0,,,,\r\n", NULL);
  g_assert_cmpstr (csv, ==, expected);
  name = kiela_pupils_csv_name (pupils);
  g_assert_true (g_str_has_prefix (name, "Class Progress "));
  g_assert_true (g_str_has_suffix (name, ".csv"));
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, setup, fn, teardown)
  ADD ("/pupils/one-by-default", test_one_pupil_by_default);
  ADD ("/pupils/add-rename-remove", test_add_rename_remove);
  ADD ("/pupils/isolation", test_isolation);
  ADD ("/pupils/queue-rules", test_queue_rules);
  ADD ("/pupils/results", test_results);
  ADD ("/pupils/migration", test_migration);
  ADD ("/pupils/migration-corrupt", test_migration_corrupt);
  ADD ("/pupils/bad-class-file", test_bad_class_file);
  ADD ("/pupils/bad-pupil-file", test_bad_pupil_file);
  ADD ("/pupils/csv", test_csv);
  return g_test_run ();
}
