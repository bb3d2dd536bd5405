/* kiela-analysis-panel.c: every legal move of the shown position judged by the strongest AI, deepened on a worker thread. */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kiela-analysis-panel.h"
#include "kiela-ai-player.h"

/* The line is followed as deep as the search looked, so its gain is the search's material. */
#define LINE_PLIES KIELA_ANALYSIS_PANEL_LINE

struct _KielaAnalysisPanel {
  GtkBox parent_instance;

  GtkSpinner *spinner;
  GtkLabel *status_label;
  GtkLabel *message_label;
  GtkListBox *list;

  KielaRegistry *registry;          /* not owned */
  const KielaPersonality *personality;
  guint max_depth;

  /* What is judged. */
  gboolean has_position;
  KielaPosition position;

  /* What is shown: KIELA_MAX_MOVES of them, on the heap (with an extra capture's moves the
   * array outgrows what a GObject instance may hold). */
  KielaMoveEval *evals;
  guint n_evals;
  guint depth;
  char *spec;
  GPtrArray *rows;

  GCancellable *cancellable;        /* the work under way, NULL when none */
  guint generation;                 /* bumped by every new position: older results are dropped */
};

G_DEFINE_FINAL_TYPE (KielaAnalysisPanel, kiela_analysis_panel, GTK_TYPE_BOX)

enum { SIGNAL_MOVE_SELECTED, SIGNAL_UPDATED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---------- the worker ---------- */

typedef struct {
  KielaAnalysisPanel *panel;        /* strong; released on the main thread */
  guint generation;
  const KielaVariant *variant;
  KielaPosition position;
  KielaPosition *history;
  guint n_history;
  GPtrArray *configs;               /* KielaAiConfig, one a depth, shallowest first */
  GCancellable *cancellable;
} Job;

typedef struct {
  KielaAnalysisPanel *panel;        /* strong */
  guint generation;
  guint depth;
  char *spec;
  KielaMoveEval evals[KIELA_MAX_MOVES];
  guint n_evals;
  char *error;                      /* a failure other than cancelling */
  gboolean last;
} Result;

static void
job_free (Job *job)
{
  g_ptr_array_unref (job->configs);
  g_free (job->history);
  g_object_unref (job->cancellable);
  g_object_unref (job->panel);
  g_free (job);
}

static void show_result (KielaAnalysisPanel *self, Result *result);

static gboolean
deliver_result (gpointer data)
{
  Result *result = data;

  if (result->generation == result->panel->generation)
    show_result (result->panel, result);
  g_object_unref (result->panel);
  g_free (result->spec);
  g_free (result->error);
  g_free (result);
  return G_SOURCE_REMOVE;
}

static void
analyse_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;

  /* Deepens one ply at a time, so rows come at once and improve while the user reads. */
  for (guint i = 0; i < job->configs->len; i++)
    {
      KielaAiConfig *config = g_ptr_array_index (job->configs, i);
      KielaAiRequest request = { 0 };
      g_autoptr(GError) error = NULL;
      Result *result = g_new0 (Result, 1);
      gboolean ok;

      request.variant = job->variant;
      request.position = job->position;
      request.history = job->history;
      request.n_history = job->n_history;
      request.cancellable = cancellable;
      ok = kiela_ai_config_evaluate_moves (config, &request, LINE_PLIES, result->evals, &result->n_evals, &error);
      if (!ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_free (result);
          break;
        }
      result->panel = g_object_ref (job->panel);
      result->generation = job->generation;
      result->depth = i + 1;
      result->spec = g_strdup (kiela_ai_config_get_spec (config));
      result->last = !ok || i + 1 == job->configs->len;
      if (!ok)
        result->error = g_strdup (error->message);
      /* Always through the main loop: invoking the default context from here could run the
       * callback on this thread when no one iterates the loop at the moment. */
      g_idle_add_full (G_PRIORITY_DEFAULT, deliver_result, result, NULL);
      if (!ok)
        break;
    }
  g_task_return_boolean (task, TRUE);
}

/* ---------- showing ---------- */

static char *
format_gain (gint gain)
{
  if (gain > 0)
    return g_strdup_printf ("+%d", gain);
  if (gain < 0)
    /* A real minus sign, as wide as the plus. */
    return g_strdup_printf ("\u2212%d", -gain);
  return g_strdup ("\u00b10");
}

static char *
format_line (KielaAnalysisPanel *self, const KielaMoveEval *e)
{
  GString *s = g_string_new (NULL);
  KielaSide side = self->position.to_move;

  for (guint i = 0; i < e->n_line; i++)
    {
      char name[4];
      kiela_square_name (self->position.files, side, (guint) e->line[i], name);
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, name);
      side = !side;
    }
  return g_string_free (s, FALSE);
}

static GtkWidget *
make_row (KielaAnalysisPanel *self, const KielaMoveEval *e)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *square, *gain, *line, *depth;
  g_autofree char *name = kiela_square_name_dup (self->position.files, self->position.to_move, (guint) e->move);
  g_autofree char *gain_text = NULL, *line_text = format_line (self, e), *depth_text = NULL;
  g_autofree char *accessible = NULL, *outcome = NULL;
  KielaSide mover = self->position.to_move;

  if (e->end == kiela_status_won_by (mover))
    gain_text = g_strdup (C_("analysis", "Wins"));
  else if (e->end == kiela_status_lost_by (mover))
    gain_text = g_strdup (C_("analysis", "Loses"));
  else
    gain_text = format_gain (e->gain);
  /* Translators: the plies the analysis looked ahead for a move, in a narrow column. */
  depth_text = g_strdup_printf (C_("analysis", "depth %u"), e->depth);

  square = gtk_label_new (name);
  gtk_widget_add_css_class (square, "heading");
  gtk_label_set_width_chars (GTK_LABEL (square), 3);
  gtk_label_set_xalign (GTK_LABEL (square), 0);
  gain = gtk_label_new (gain_text);
  gtk_widget_add_css_class (gain, "numeric");
  gtk_widget_add_css_class (gain, e->end == kiela_status_won_by (mover) || (e->end == KIELA_STATUS_ONGOING && e->gain > 0)
                                  ? "success" : e->end == kiela_status_lost_by (mover) || e->gain < 0 ? "error" : "dim-label");
  gtk_label_set_width_chars (GTK_LABEL (gain), 5);
  gtk_label_set_xalign (GTK_LABEL (gain), 1);
  line = gtk_label_new (line_text);
  gtk_widget_set_hexpand (line, TRUE);
  gtk_label_set_xalign (GTK_LABEL (line), 0);
  gtk_label_set_ellipsize (GTK_LABEL (line), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (line, "dim-label");
  gtk_widget_set_tooltip_text (line, line_text);
  depth = gtk_label_new (depth_text);
  gtk_widget_add_css_class (depth, "dim-label");
  gtk_widget_add_css_class (depth, "caption");

  gtk_box_append (GTK_BOX (box), square);
  gtk_box_append (GTK_BOX (box), gain);
  gtk_box_append (GTK_BOX (box), line);
  gtk_box_append (GTK_BOX (box), depth);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  if (e->end == kiela_status_won_by (mover))
    outcome = g_strdup (_("wins the game"));
  else if (e->end == kiela_status_lost_by (mover))
    outcome = g_strdup (_("loses the game"));
  else if (e->gain >= 0)
    outcome = g_strdup_printf (g_dngettext (NULL, "gains %d stone", "gains %d stones", (gulong) e->gain), e->gain);
  else
    outcome = g_strdup_printf (g_dngettext (NULL, "loses %d stone", "loses %d stones", (gulong) -e->gain), -e->gain);
  /* Translators: a row of the analysis for screen readers: "g1: gains 3 stones; best line g1 c4 h2; 5 plies deep". */
  accessible = g_strdup_printf (_("%s: %s; best line %s; %u plies deep"), name, outcome, line_text, e->depth);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  gtk_widget_set_tooltip_text (row, accessible);
  return row;
}

static void
clear_rows (KielaAnalysisPanel *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    gtk_list_box_remove (self->list, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
}

static void
set_running (KielaAnalysisPanel *self, gboolean running)
{
  gtk_spinner_set_spinning (self->spinner, running);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), running);
}

/* A sentence saying why no move is judged (yet), where the rows would be; the heading's end,
 * made for "South to move · depth 7", stays empty. */
static void
show_message (KielaAnalysisPanel *self, const char *message)
{
  gtk_label_set_text (self->message_label, message);
  gtk_label_set_text (self->status_label, "");
}

static void
show_result (KielaAnalysisPanel *self, Result *result)
{
  g_autofree char *status = NULL;

  clear_rows (self);
  if (result->error != NULL)
    {
      self->n_evals = 0;
      show_message (self, result->error);
    }
  else
    {
      memcpy (self->evals, result->evals, MIN (result->n_evals, (guint) KIELA_MAX_MOVES) * sizeof *self->evals);
      self->n_evals = result->n_evals;
      self->depth = result->depth;
      g_free (self->spec);
      self->spec = g_strdup (result->spec);
      for (guint i = 0; i < self->n_evals; i++)
        {
          GtkWidget *row = make_row (self, &self->evals[i]);
          g_ptr_array_add (self->rows, row);
          gtk_list_box_append (self->list, row);
        }
      /* Translators: the analysis's heading: the side whose moves are judged, how deep the search went. */
      status = g_strdup_printf (_("%s to move · depth %u"), kiela_side_display_name (self->position.to_move),
                                result->depth + 1);
      gtk_label_set_text (self->status_label, status);
    }
  if (result->last)
    {
      set_running (self, FALSE);
      g_clear_object (&self->cancellable);
    }
  g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
}

static void
cancel_work (KielaAnalysisPanel *self)
{
  self->generation++;
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  set_running (self, FALSE);
}

static GPtrArray *
make_configs (KielaAnalysisPanel *self)
{
  GPtrArray *configs = g_ptr_array_new_with_free_func ((GDestroyNotify) kiela_ai_config_unref);

  if (self->personality == NULL)
    return configs;
  for (guint d = 1; d <= self->max_depth; d++)
    {
      g_autofree char *spec = g_strdup_printf ("%s depth=%u", self->personality->id, d);
      KielaAiConfig *config = kiela_ai_config_new (self->registry, spec, 0, NULL);

      if (config == NULL)
        break;
      g_ptr_array_add (configs, config);
    }
  /* An algorithm without a depth setting is judged once, with its own settings. */
  if (configs->len == 0)
    {
      KielaAiConfig *config = kiela_ai_config_new_for_personality (self->registry, self->personality, NULL);
      if (config != NULL)
        g_ptr_array_add (configs, config);
    }
  return configs;
}

/* ---------- API ---------- */

void
kiela_analysis_panel_set_registry (KielaAnalysisPanel *self, KielaRegistry *registry)
{
  g_return_if_fail (KIELA_IS_ANALYSIS_PANEL (self));

  self->registry = registry;
  self->personality = registry != NULL ? kiela_ai_strongest_personality (registry) : NULL;
}

void
kiela_analysis_panel_set_max_depth (KielaAnalysisPanel *self, guint depth)
{
  g_return_if_fail (KIELA_IS_ANALYSIS_PANEL (self));
  self->max_depth = CLAMP (depth, 1, 32);
}

void
kiela_analysis_panel_stop (KielaAnalysisPanel *self)
{
  g_return_if_fail (KIELA_IS_ANALYSIS_PANEL (self));
  cancel_work (self);
}

void
kiela_analysis_panel_set_position (KielaAnalysisPanel *self, const KielaVariant *variant, const KielaPosition *pos,
                                   const KielaPosition *history, guint n_history, const char *reason)
{
  g_autoptr(GTask) task = NULL;
  GPtrArray *configs;
  Job *job;

  g_return_if_fail (KIELA_IS_ANALYSIS_PANEL (self));

  cancel_work (self);
  clear_rows (self);
  self->n_evals = 0;
  self->depth = 0;
  g_clear_pointer (&self->spec, g_free);
  self->has_position = pos != NULL;
  if (pos != NULL)
    self->position = *pos;

  configs = pos != NULL && variant != NULL ? make_configs (self) : NULL;
  if (configs == NULL || configs->len == 0)
    {
      show_message (self, reason != NULL ? reason
                          : pos != NULL ? _("No computer player is installed to judge the moves.") : "");
      if (configs)
        g_ptr_array_unref (configs);
      g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
      return;
    }

  self->cancellable = g_cancellable_new ();
  job = g_new0 (Job, 1);
  job->panel = g_object_ref (self);
  job->generation = self->generation;
  job->variant = variant;
  job->position = *pos;
  job->history = n_history > 0 ? g_memdup2 (history, n_history * sizeof *history) : NULL;
  job->n_history = n_history;
  job->configs = configs;
  job->cancellable = g_object_ref (self->cancellable);

  show_message (self, _("Thinking…"));
  set_running (self, TRUE);
  /* Results come through idles, depth by depth; the task itself reports nothing. */
  task = g_task_new (NULL, self->cancellable, NULL, NULL);
  g_task_set_source_tag (task, kiela_analysis_panel_set_position);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, analyse_thread);
  g_signal_emit (self, signals[SIGNAL_UPDATED], 0);
}

guint
kiela_analysis_panel_get_n_evals (KielaAnalysisPanel *self)
{
  g_return_val_if_fail (KIELA_IS_ANALYSIS_PANEL (self), 0);
  return self->n_evals;
}

const KielaMoveEval *
kiela_analysis_panel_get_eval (KielaAnalysisPanel *self, guint index)
{
  g_return_val_if_fail (KIELA_IS_ANALYSIS_PANEL (self), NULL);
  g_return_val_if_fail (index < self->n_evals, NULL);
  return &self->evals[index];
}

guint
kiela_analysis_panel_get_depth (KielaAnalysisPanel *self)
{
  g_return_val_if_fail (KIELA_IS_ANALYSIS_PANEL (self), 0);
  return self->depth;
}

const char *
kiela_analysis_panel_get_spec (KielaAnalysisPanel *self)
{
  g_return_val_if_fail (KIELA_IS_ANALYSIS_PANEL (self), NULL);
  return self->spec;
}

const KielaPosition *
kiela_analysis_panel_get_position (KielaAnalysisPanel *self)
{
  g_return_val_if_fail (KIELA_IS_ANALYSIS_PANEL (self), NULL);
  return self->has_position ? &self->position : NULL;
}

gboolean
kiela_analysis_panel_get_running (KielaAnalysisPanel *self)
{
  g_return_val_if_fail (KIELA_IS_ANALYSIS_PANEL (self), FALSE);
  return self->cancellable != NULL;
}

GCancellable *
kiela_analysis_panel_get_cancellable (KielaAnalysisPanel *self)
{
  g_return_val_if_fail (KIELA_IS_ANALYSIS_PANEL (self), NULL);
  return self->cancellable;
}

GtkWidget *
kiela_analysis_panel_get_row (KielaAnalysisPanel *self, guint index)
{
  g_return_val_if_fail (KIELA_IS_ANALYSIS_PANEL (self), NULL);
  g_return_val_if_fail (index < self->rows->len, NULL);
  return g_ptr_array_index (self->rows, index);
}

GtkWidget *
kiela_analysis_panel_get_message_label (KielaAnalysisPanel *self)
{
  g_return_val_if_fail (KIELA_IS_ANALYSIS_PANEL (self), NULL);
  return GTK_WIDGET (self->message_label);
}

/* ---------- the class ---------- */

static void
row_activated_cb (GtkListBox *list, GtkListBoxRow *row, KielaAnalysisPanel *self)
{
  guint index;

  if (!g_ptr_array_find (self->rows, row, &index) || index >= self->n_evals)
    return;
  g_signal_emit (self, signals[SIGNAL_MOVE_SELECTED], 0, (guint) self->position.to_move,
                 KIELA_MOVE_HOUSE (self->evals[index].move));
}

/* Out of its window the panel has nothing to show: the work stops at once, even while a
 * worker's reference keeps the panel itself alive a little longer. */
static void
kiela_analysis_panel_unroot (GtkWidget *widget)
{
  cancel_work (KIELA_ANALYSIS_PANEL (widget));
  GTK_WIDGET_CLASS (kiela_analysis_panel_parent_class)->unroot (widget);
}

static void
kiela_analysis_panel_dispose (GObject *object)
{
  KielaAnalysisPanel *self = KIELA_ANALYSIS_PANEL (object);

  cancel_work (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KIELA_TYPE_ANALYSIS_PANEL);
  G_OBJECT_CLASS (kiela_analysis_panel_parent_class)->dispose (object);
}

static void
kiela_analysis_panel_finalize (GObject *object)
{
  KielaAnalysisPanel *self = KIELA_ANALYSIS_PANEL (object);

  g_ptr_array_unref (self->rows);
  g_free (self->spec);
  g_free (self->evals);
  G_OBJECT_CLASS (kiela_analysis_panel_parent_class)->finalize (object);
}

static void
kiela_analysis_panel_class_init (KielaAnalysisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kiela_analysis_panel_dispose;
  object_class->finalize = kiela_analysis_panel_finalize;
  widget_class->unroot = kiela_analysis_panel_unroot;

  signals[SIGNAL_MOVE_SELECTED] = g_signal_new ("move-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  signals[SIGNAL_UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-analysis-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, KielaAnalysisPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, KielaAnalysisPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, KielaAnalysisPanel, message_label);
  gtk_widget_class_bind_template_child (widget_class, KielaAnalysisPanel, list);
}

static void
kiela_analysis_panel_init (KielaAnalysisPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->evals = g_new0 (KielaMoveEval, KIELA_MAX_MOVES);
  self->max_depth = 6;
  set_running (self, FALSE);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (row_activated_cb), self);
}

GtkWidget *
kiela_analysis_panel_new (void)
{
  return g_object_new (KIELA_TYPE_ANALYSIS_PANEL, NULL);
}
