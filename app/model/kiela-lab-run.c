/* kiela-lab-run.c: the Variant lab's statistics without widgets: AI-vs-AI games of one or two
 * variants on a worker thread (a GTask, cancellable), their progress, results and export. */
#include "config.h"

#include <math.h>

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-lab-run.h"
#include "kiela-lab-plot.h"

/* The results of one or two variants: 0 the form's, 1 the compared one. */
typedef struct {
  KielaStats *stats[2];
  GString *csv[2];                    /* kiela-cli's rows of each game, without the header */
  char *labels[2];
} Results;

/* One run in progress: what the worker reads and fills.  Owned by its task. */
typedef struct {
  KielaVariantFile *file;             /* the first variant lives here */
  const KielaVariant *variant[2];
  KielaAiConfig *ai[2];
  guint64 n_games, seed;
  guint jobs;
  Results results;
  gint done;                          /* atomic: games finished, both variants */
} Run;

struct _KielaLabRun {
  GObject parent_instance;

  GCancellable *cancellable;
  Run *run;                           /* the run in progress (owned by its task) */
  gint64 run_start;
  Results results;                    /* of the last run */
};

G_DEFINE_FINAL_TYPE (KielaLabRun, kiela_lab_run, G_TYPE_OBJECT)

static void
results_clear (Results *results)
{
  for (guint s = 0; s < 2; s++)
    {
      g_clear_pointer (&results->stats[s], kiela_stats_free);
      if (results->csv[s])
        g_string_free (results->csv[s], TRUE);
      results->csv[s] = NULL;
      g_clear_pointer (&results->labels[s], g_free);
    }
}

static void
run_free (Run *run)
{
  for (guint s = 0; s < 2; s++)
    g_clear_pointer (&run->ai[s], kiela_ai_config_unref);
  results_clear (&run->results);
  g_clear_pointer (&run->file, kiela_variant_file_free);
  g_free (run);
}

typedef struct {
  Run *run;
  guint which;
} GameSink;

/* On the worker thread: one game of the run. */
static void
on_game (const KielaStatsGame *game, gpointer data)
{
  GameSink *sink = data;
  g_autofree char *row = kiela_stats_csv_row (game);

  g_string_append (sink->run->results.csv[sink->which], row);
  g_string_append_c (sink->run->results.csv[sink->which], '\n');
  g_atomic_int_inc (&sink->run->done);
}

static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Run *run = data;
  GError *error = NULL;

  for (guint s = 0; s < 2; s++)
    {
      KielaStatsConfig config = { 0 };
      GameSink sink = { run, s };

      if (run->variant[s] == NULL)
        continue;
      config.variant = run->variant[s];
      config.ai[0] = run->ai[0];
      config.ai[1] = run->ai[1];
      config.n_games = run->n_games;
      config.seed = run->seed;
      config.n_shards = 1;
      config.jobs = run->jobs;
      if (!kiela_stats_run (run->results.stats[s], &config, on_game, &sink, cancellable, &error))
        {
          g_task_return_error (task, error);
          return;
        }
    }
  g_task_return_boolean (task, TRUE);
}

/* The variant's name, with its id where another known variant has that name: the form's copy
 * keeps its base's name. */
static char *
label_dup (const KielaVariant *variant, GPtrArray *known)
{
  const char *name = kiela_variant_get_name (variant);

  for (guint i = 0; known && i < known->len; i++)
    {
      const KielaVariant *other = g_ptr_array_index (known, i);

      if (other != variant && g_strcmp0 (other->id, variant->id) != 0
          && g_strcmp0 (kiela_variant_get_name (other), name) == 0)
        return g_strdup_printf ("%s (%s)", name, variant->id);
    }
  return g_strdup (name);
}

gboolean
kiela_lab_run_start_async (KielaLabRun *self, KielaVariantFile *file, const KielaVariant *compare,
                           KielaAiConfig *ai_a, KielaAiConfig *ai_b, guint64 n_games, guint64 seed,
                           GPtrArray *known, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autofree char *data = NULL;
  g_autoptr(GTask) task = NULL;
  Run *run;

  g_return_val_if_fail (KIELA_IS_LAB_RUN (self), FALSE);
  g_return_val_if_fail (file != NULL && ai_a != NULL && ai_b != NULL, FALSE);

  if (self->run != NULL)
    return FALSE;
  run = g_new0 (Run, 1);
  data = kiela_variant_file_to_data (file, NULL);
  run->file = kiela_variant_file_new_from_data (data, -1, "<lab>", NULL);
  run->variant[0] = kiela_variant_file_get_variant (run->file);
  run->variant[1] = compare;
  run->ai[0] = kiela_ai_config_ref (ai_a);
  run->ai[1] = kiela_ai_config_ref (ai_b);
  run->n_games = n_games;
  run->seed = seed;
  run->jobs = MAX (1, g_get_num_processors ());
  for (guint s = 0; s < 2; s++)
    if (run->variant[s])
      {
        run->results.stats[s] = kiela_stats_new ();
        run->results.csv[s] = g_string_new (NULL);
        run->results.labels[s] = label_dup (run->variant[s], known);
      }
  self->run = run;
  self->cancellable = g_cancellable_new ();
  self->run_start = g_get_monotonic_time ();
  task = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, kiela_lab_run_start_async);
  g_task_set_task_data (task, run, (GDestroyNotify) run_free);
  g_task_run_in_thread (task, run_thread);
  return TRUE;
}

gboolean
kiela_lab_run_finish (KielaLabRun *self, GAsyncResult *result, GError **error)
{
  Run *run = g_task_get_task_data (G_TASK (result));
  GError *local = NULL;
  gboolean ok;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  ok = g_task_propagate_boolean (G_TASK (result), &local);
  self->run = NULL;
  g_clear_object (&self->cancellable);
  if (ok || g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      results_clear (&self->results);
      self->results = run->results;
      memset (&run->results, 0, sizeof run->results);
    }
  if (local)
    g_propagate_error (error, local);
  return ok;
}

void
kiela_lab_run_cancel (KielaLabRun *self)
{
  g_return_if_fail (KIELA_IS_LAB_RUN (self));

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
}

gboolean
kiela_lab_run_is_running (KielaLabRun *self)
{
  g_return_val_if_fail (KIELA_IS_LAB_RUN (self), FALSE);
  return self->run != NULL;
}

void
kiela_lab_run_get_progress (KielaLabRun *self, guint *done, guint *total, gint64 *left_us)
{
  guint n = 0, d = 0;

  g_return_if_fail (KIELA_IS_LAB_RUN (self));

  if (self->run)
    {
      n = self->run->n_games * (self->run->variant[1] ? 2 : 1);
      d = g_atomic_int_get (&self->run->done);
    }
  if (done)
    *done = d;
  if (total)
    *total = n;
  if (left_us)
    *left_us = d > 0 ? (g_get_monotonic_time () - self->run_start) * (gint64) (n - d) / d : -1;
}

KielaStats *
kiela_lab_run_get_stats (KielaLabRun *self, guint which)
{
  g_return_val_if_fail (KIELA_IS_LAB_RUN (self) && which < 2, NULL);
  return self->results.stats[which];
}

const char *
kiela_lab_run_get_label (KielaLabRun *self, guint which)
{
  g_return_val_if_fail (KIELA_IS_LAB_RUN (self) && which < 2, NULL);
  return self->results.labels[which];
}

static char *
summary_csv (KielaLabRun *self)
{
  GString *csv = g_string_new ("metric");
  KielaStatsSummary sum[2];
  guint n = self->results.stats[1] ? 2 : 1;
  static const char *names[] = { "games", "first_player_win_rate", "first_player_low", "first_player_high",
                                 "draw_rate", "mean_plies", "captures_per_game", "endless_refused_per_game",
                                 "endless_losses", "distinct_games", "independent_games", "a_score", "a_score_low",
                                 "a_score_high", "elo", "elo_low", "elo_high" };

  for (guint s = 0; s < n; s++)
    {
      kiela_stats_get_summary (self->results.stats[s], &sum[s]);
      g_string_append_printf (csv, ",%s", kiela_stats_get_variant_id (self->results.stats[s]));
    }
  g_string_append_c (csv, '\n');
  for (guint r = 0; r < G_N_ELEMENTS (names); r++)
    {
      g_string_append (csv, names[r]);
      for (guint s = 0; s < n; s++)
        {
          KielaStatsSummary *m = &sum[s];
          double v[] = { m->games, m->first_player_win_rate, m->first_player_low, m->first_player_high, m->draw_rate,
                         m->mean_plies, m->captures_per_game, m->endless_refused_per_game, m->endless_losses,
                         m->distinct_known ? (double) m->distinct_games : NAN, m->independent_games, m->a_score,
                         m->a_score_low, m->a_score_high, m->elo, m->elo_low, m->elo_high };
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          G_STATIC_ASSERT (G_N_ELEMENTS (v) == G_N_ELEMENTS (names));
          /* Not known (a distinct count merged from an old file) or not meant (A's score in
           * self-play): an empty cell; an Elo difference at 0% or 100% is ±inf. */
          if (isnan (v[r]))
            g_string_append_c (csv, ',');
          else if (isinf (v[r]))
            g_string_append (csv, v[r] > 0 ? ",inf" : ",-inf");
          else
            g_string_append_printf (csv, ",%s", g_ascii_formatd (buf, sizeof buf, "%.6g", v[r]));
        }
      g_string_append_c (csv, '\n');
    }
  return g_string_free (csv, FALSE);
}

/* kiela-cli's columns; with two variants a first column says which. */
static char *
games_csv (KielaLabRun *self)
{
  GString *csv = g_string_new (NULL);
  gboolean two = self->results.stats[1] != NULL;

  if (two)
    g_string_append (csv, "variant,");
  g_string_append_printf (csv, "%s\n", kiela_stats_csv_header ());
  for (guint s = 0; s < (two ? 2u : 1u); s++)
    {
      g_auto(GStrv) lines = g_strsplit (self->results.csv[s]->str, "\n", -1);

      for (guint i = 0; lines[i]; i++)
        if (*lines[i])
          g_string_append_printf (csv, "%s%s%s\n", two ? kiela_stats_get_variant_id (self->results.stats[s]) : "",
                                  two ? "," : "", lines[i]);
    }
  return g_string_free (csv, FALSE);
}

gboolean
kiela_lab_run_export (KielaLabRun *self, const char *what, const char *path, GError **error)
{
  const char *labels[2] = { self->results.labels[0], self->results.labels[1] };
  g_autofree char *text = NULL;

  g_return_val_if_fail (KIELA_IS_LAB_RUN (self), FALSE);
  if (self->results.stats[0] == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("Run some games first"));
      return FALSE;
    }
  if (g_str_equal (what, "lengths") || g_str_equal (what, "stones"))
    return kiela_lab_plot_save (g_str_equal (what, "lengths") ? KIELA_LAB_PLOT_LENGTHS : KIELA_LAB_PLOT_STONES,
                                self->results.stats, labels, path, 800, 400, error);
  text = g_str_equal (what, "summary") ? summary_csv (self) : games_csv (self);
  return g_file_set_contents (path, text, -1, error);
}

static void
kiela_lab_run_finalize (GObject *object)
{
  KielaLabRun *self = KIELA_LAB_RUN (object);

  /* A running task holds a reference: finalize comes only after it has returned. */
  g_clear_object (&self->cancellable);
  results_clear (&self->results);
  G_OBJECT_CLASS (kiela_lab_run_parent_class)->finalize (object);
}

static void
kiela_lab_run_class_init (KielaLabRunClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kiela_lab_run_finalize;
}

static void
kiela_lab_run_init (KielaLabRun *self)
{
}

KielaLabRun *
kiela_lab_run_new (void)
{
  return g_object_new (KIELA_TYPE_LAB_RUN, NULL);
}
