/* test-lab-run.c: the Variant lab's statistics without a display: a run of two variants, its
 * progress and labels, a second start refused while one runs, cancelling, and the exports. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kiela.h"
#include "kiela-lab-run.h"
#include "tests/test-full-disk.h"

typedef struct {
  KielaRegistry *registry;
  KielaLabRun *run;
  KielaVariantFile *file;             /* the standard rules under the id "my-kiela" */
  KielaAiConfig *ai;                  /* Kizua, who plays at random: quick games */
  char *dir;
  GAsyncResult *result;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaVariantFile) base = NULL;
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *text = NULL;

  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  base = kiela_variant_file_new_from_variant (kiela_registry_lookup_variant (f->registry, "kiela"), &error);
  g_assert_no_error (error);
  text = kiela_variant_file_to_data (base, NULL);
  g_assert_true (g_key_file_load_from_data (kf, text, -1, G_KEY_FILE_NONE, NULL));
  g_key_file_set_value (kf, KIELA_VARIANT_FILE_GROUP, "Id", "my-kiela");
  g_free (text);
  text = g_key_file_to_data (kf, NULL, NULL);
  f->file = kiela_variant_file_new_from_data (text, -1, "<test>", &error);
  g_assert_no_error (error);
  f->ai = kiela_ai_config_new_for_personality (f->registry,
                                               kiela_registry_lookup_personality (f->registry, "kizua"), &error);
  g_assert_no_error (error);
  f->run = kiela_lab_run_new ();
  f->dir = g_dir_make_tmp ("kiela-lab-run-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  g_clear_object (&f->result);
  g_clear_object (&f->run);
  kiela_ai_config_unref (f->ai);
  kiela_variant_file_free (f->file);
  kiela_registry_free (f->registry);
}

static void
on_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Fixture *f = data;

  f->result = g_object_ref (result);
}

static void
wait_for_result (Fixture *f)
{
  gint64 end = g_get_monotonic_time () + 240 * G_USEC_PER_SEC;

  while (f->result == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
}

static char *
export_dup (Fixture *f, const char *what, const char *name)
{
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (kiela_lab_run_export (f->run, what, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
test_two_variants (Fixture *f, gconstpointer data)
{
  const KielaVariant *beginner = kiela_registry_lookup_variant (f->registry, "kiela-beginner");
  const KielaVariant *kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  g_autoptr(GPtrArray) known = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL, *summary = NULL, *games = NULL, *row = NULL;
  g_auto(GStrv) lines = NULL;
  KielaStatsSummary sum;
  guint done, total;
  gint64 left;
  const guint n = 5;

  g_assert_nonnull (beginner);
  g_ptr_array_add (known, (gpointer) kiela);
  g_ptr_array_add (known, (gpointer) beginner);
  /* Nothing to show or export before a run. */
  g_assert_null (kiela_lab_run_get_stats (f->run, 0));
  g_assert_false (kiela_lab_run_export (f->run, "summary", "/nonexistent/summary.csv", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_true (kiela_lab_run_start_async (f->run, f->file, beginner, f->ai, f->ai, n, 7, known, on_done, f));
  g_assert_true (kiela_lab_run_is_running (f->run));
  kiela_lab_run_get_progress (f->run, &done, &total, &left);
  g_assert_cmpuint (total, ==, 2 * n);
  g_assert_cmpuint (done, <=, total);
  /* One run at a time: a second start does nothing. */
  g_assert_false (kiela_lab_run_start_async (f->run, f->file, NULL, f->ai, f->ai, n, 7, known, on_done, f));
  wait_for_result (f);
  g_assert_true (kiela_lab_run_finish (f->run, f->result, &error));
  g_assert_no_error (error);
  g_assert_false (kiela_lab_run_is_running (f->run));

  kiela_stats_get_summary (kiela_lab_run_get_stats (f->run, 0), &sum);
  g_assert_cmpuint (sum.games, ==, n);
  g_assert_cmpstr (kiela_stats_get_variant_id (kiela_lab_run_get_stats (f->run, 0)), ==, "my-kiela");
  kiela_stats_get_summary (kiela_lab_run_get_stats (f->run, 1), &sum);
  g_assert_cmpuint (sum.games, ==, n);
  /* The copy has its base's name: its label adds the id; the compared variant's is its name. */
  label = g_strdup_printf ("%s (my-kiela)", kiela_variant_get_name (kiela));
  g_assert_cmpstr (kiela_lab_run_get_label (f->run, 0), ==, label);
  g_assert_cmpstr (kiela_lab_run_get_label (f->run, 1), ==, kiela_variant_get_name (beginner));

  summary = export_dup (f, "summary", "summary.csv");
  g_assert_true (g_str_has_prefix (summary, "metric,my-kiela,kiela-beginner\n"));
  row = g_strdup_printf ("\ngames,%u,%u\n", n, n);
  g_assert_nonnull (strstr (summary, row));
  games = export_dup (f, "games", "games.csv");
  lines = g_strsplit (games, "\n", -1);
  /* The header, a row a game of each variant, and the empty string after the last newline. */
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 2 * n + 1);
  g_assert_true (g_str_has_prefix (lines[0], "variant,"));
  g_assert_true (g_str_has_prefix (lines[1], "my-kiela,"));
  g_assert_true (g_str_has_prefix (lines[2 * n], "kiela-beginner,"));

  /* A write that fails midway (a file-size limit, as a full disk) leaves each export's old
   * file whole and no temporary beside it: the plots were drawn straight into the file. */
  {
    const char *exports[][2] = { { "summary", "summary.csv" }, { "lengths", "lengths.svg" },
                                 { "lengths", "lengths.png" }, { "stones", "stones.svg" } };
    g_autoptr(GDir) d = NULL;
    guint entries = 0;

    for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
      {
        g_autofree char *path = g_build_filename (f->dir, exports[i][1], NULL);
        g_autofree char *now = NULL;
        g_autoptr(GError) e = NULL;
        gboolean ok;

        g_assert_true (g_file_set_contents (path, "old\n", -1, NULL));
        kiela_test_limit_file_size (64);
        ok = kiela_lab_run_export (f->run, exports[i][0], path, &e);
        kiela_test_unlimit_file_size ();
        g_assert_false (ok);
        g_assert_nonnull (e);
        g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
        g_assert_cmpstr (now, ==, "old\n");
      }
    d = g_dir_open (f->dir, 0, NULL);
    while (g_dir_read_name (d) != NULL)
      entries++;
    /* summary.csv, games.csv and the three plots: nothing else. */
    g_assert_cmpuint (entries, ==, 5);
  }
}

/* Cancelled, the games played so far become the results. */
static void
test_cancel (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  KielaStatsSummary sum;
  guint done = 0, total = 0;
  gint64 left = 0;

  g_assert_true (kiela_lab_run_start_async (f->run, f->file, NULL, f->ai, f->ai, 1000000, 1, NULL, on_done, f));
  while (done == 0)
    {
      g_usleep (1000);
      kiela_lab_run_get_progress (f->run, &done, &total, &left);
    }
  g_assert_cmpuint (total, ==, 1000000);
  g_assert_cmpint (left, >, 0);
  kiela_lab_run_cancel (f->run);
  wait_for_result (f);
  g_assert_false (kiela_lab_run_finish (f->run, f->result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_nonnull (kiela_lab_run_get_stats (f->run, 0));
  g_assert_null (kiela_lab_run_get_stats (f->run, 1));
  kiela_stats_get_summary (kiela_lab_run_get_stats (f->run, 0), &sum);
  g_assert_cmpuint (sum.games, >=, done);
  g_assert_cmpuint (sum.games, <, 1000000);
  /* Without another variant of that name the label is the name alone. */
  g_assert_cmpstr (kiela_lab_run_get_label (f->run, 0), ==,
                   kiela_variant_get_name (kiela_variant_file_get_variant (f->file)));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/app/lab-run/two-variants", Fixture, NULL, fixture_setup, test_two_variants, fixture_teardown);
  g_test_add ("/app/lab-run/cancel", Fixture, NULL, fixture_setup, test_cancel, fixture_teardown);
  return g_test_run ();
}
