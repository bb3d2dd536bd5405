/* kiela-lab-page.c: the Variant lab page: its template, the variant the form is based on, play,
 * save and share, and the statistics (KielaLabRun) shown as a table and plots, with export.
 * The rules form itself is in kiela-lab-page-form.c. */
#include "config.h"

#include <math.h>

#include <errno.h>
#include <glib/gi18n.h>

#include "kiela-widget-util.h"
#include "kiela-lab-page-private.h"
#include "kiela-compat.h"
#include "kiela-lab-plot.h"
#include "kiela-variant-install.h"
#include "kiela-window.h"

G_DEFINE_FINAL_TYPE (KielaLabPage, kiela_lab_page, ADW_TYPE_BIN)

/* Says `text` in the window the page is shown in (none yet while it is being made). */
static void
say (KielaLabPage *self, const char *text)
{
  GtkWidget *window = gtk_widget_get_ancestor (GTK_WIDGET (self), KIELA_TYPE_WINDOW);

  if (window != NULL)
    kiela_window_add_message (KIELA_WINDOW (window), text);
}

static void
on_base_selected (AdwComboRow *row, GParamSpec *pspec, KielaLabPage *self)
{
  guint pos = adw_combo_row_get_selected (row);
  g_autoptr(GError) error = NULL;

  if (pos >= self->variants->len)
    return;
  if (!_kiela_lab_page_load_variant (self, g_ptr_array_index (self->variants, pos), &error))
    say (self, error->message);
}

/* ---------- play, save, share ---------- */

static gboolean
same_rules (const KielaVariant *a, KielaVariantFile *b)
{
  g_autoptr(KielaVariantFile) fa = kiela_variant_file_new_from_variant (a, NULL);
  g_autofree char *da = fa ? kiela_variant_file_to_data (fa, NULL) : NULL;
  g_autofree char *db = kiela_variant_file_to_data (b, NULL);

  return da != NULL && g_str_equal (da, db);
}

const KielaVariant *
kiela_lab_page_register (KielaLabPage *self, GError **error)
{
  const KielaVariant *v, *known;
  g_autofree char *data = NULL, *id = NULL;
  g_autoptr(GKeyFile) kf = NULL;
  g_autoptr(KielaVariantFile) copy = NULL;

  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), NULL);
  if (self->file == NULL)
    {
      g_set_error_literal (error, KIELA_VARIANT_FILE_ERROR, KIELA_VARIANT_FILE_ERROR_BAD_VALUE,
                           self->error_text ? self->error_text : _("The variant has an error"));
      return NULL;
    }
  v = kiela_variant_file_get_variant (self->file);
  id = g_strdup (v->id);
  kf = g_key_file_new ();
  data = kiela_variant_file_to_data (self->file, NULL);
  g_key_file_load_from_data (kf, data, -1, G_KEY_FILE_NONE, NULL);
  /* An id is played with one set of rules for the whole session: changed rules get the next
   * free id ("my-kiela-2"), so a game already played keeps the rules it was played with. */
  for (guint n = 2; (known = kiela_registry_lookup_variant (self->registry, id)) != NULL; n++)
    {
      g_autofree char *text = NULL;
      g_autoptr(KielaVariantFile) probe = NULL;

      g_key_file_set_value (kf, KIELA_VARIANT_FILE_GROUP, "Id", id);
      text = g_key_file_to_data (kf, NULL, NULL);
      probe = kiela_variant_file_new_from_data (text, -1, "<lab>", NULL);
      if (probe && same_rules (known, probe))
        return known;
      g_free (id);
      id = g_strdup_printf ("%s-%u", v->id, n);
    }
  g_key_file_set_value (kf, KIELA_VARIANT_FILE_GROUP, "Id", id);
  g_free (data);
  data = g_key_file_to_data (kf, NULL, NULL);
  copy = kiela_variant_file_new_from_data (data, -1, "<lab>", error);
  if (copy == NULL || !(v = kiela_registry_add_variant_file (self->registry, copy, error)))
    return NULL;
  g_steal_pointer (&copy);
  return v;
}

static void
action_play (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLabPage *self = KIELA_LAB_PAGE (widget);
  g_autoptr(GError) error = NULL;
  const KielaVariant *v = kiela_lab_page_register (self, &error);

  if (v == NULL)
    {
      say (self, error->message);
      return;
    }
  /* The game's players stay; the window asks about unsaved changes first. */
  {
    const KielaPersonality *south = self->session ? kiela_game_session_get_player (self->session, KIELA_SOUTH) : NULL;
    const KielaPersonality *north = self->session ? kiela_game_session_get_player (self->session, KIELA_NORTH) : NULL;

    gtk_widget_activate_action (widget, "win.start-game", "(sss)", v->id, south ? south->id : "",
                                north ? north->id : "");
  }
}

gboolean
kiela_lab_page_save_to_file (KielaLabPage *self, const char *path, GError **error)
{
  g_autofree char *dir = kiela_variant_install_dir ();
  g_autofree char *folder = g_path_get_dirname (path);
  const KielaVariant *v, *known;

  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), FALSE);
  if (self->file == NULL)
    {
      g_set_error_literal (error, KIELA_VARIANT_FILE_ERROR, KIELA_VARIANT_FILE_ERROR_BAD_VALUE,
                           self->error_text ? self->error_text : _("The variant has an error"));
      return FALSE;
    }
  v = kiela_variant_file_get_variant (self->file);
  known = kiela_registry_lookup_variant (self->registry, v->id);
  /* Two games of one name would be two identical rows in New Game: ask for one of its own. */
  {
    GPtrArray *all = kiela_registry_get_variants (self->registry);

    for (guint i = 0; i < all->len; i++)
      {
        const KielaVariant *other = g_ptr_array_index (all, i);

        /* Against the shipped games: the lab's own copies (played under ids of their own,
         * my-kiela-2 …) may share the name of the one saved. */
        if (!g_str_equal (other->id, v->id) && !kiela_variant_is_users (other)
            && g_utf8_collate (kiela_variant_get_name (other), kiela_variant_get_name (v)) == 0)
          {
            g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                         _("Another variant is already called “%s”: give yours a name of its own before saving"),
                         kiela_variant_get_name (v));
            return FALSE;
          }
      }
  }
  /* In the user's folder the id must be new: the next start would refuse a second one. */
  if (g_str_equal (folder, dir) && known && !same_rules (known, self->file))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("Another variant already uses the Id “%s”: choose a new Id before saving"), v->id);
      return FALSE;
    }
  if (g_str_equal (folder, dir) && g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not create the folder “%s”: %s"), dir,
                   g_strerror (errno));
      return FALSE;
    }
  if (!kiela_variant_file_save (self->file, path, error))
    return FALSE;
  /* Saved among the user's variants: playable in New Game at once, not only after a restart. */
  if (g_str_equal (folder, dir) && known == NULL)
    {
      KielaVariantFile *saved = kiela_variant_file_new_from_file (path, NULL);

      if (saved && !kiela_registry_add_variant_file (self->registry, saved, NULL))
        kiela_variant_file_free (saved);
    }
  return TRUE;
}

/* What a Save chooser does with the file chosen: `what` is the chooser's own datum. */
typedef gboolean (*SaveFunc) (KielaLabPage *self, const char *what, const char *path, GError **error);

typedef struct {
  KielaLabPage *self;
  SaveFunc save;
  char *what;
} LabSave;

static void
lab_save_free (gpointer data)
{
  LabSave *ls = data;

  g_object_unref (ls->self);
  g_free (ls->what);
  g_free (ls);
}

static void
on_save_chosen (GFile *file, gpointer data)
{
  LabSave *ls = data;
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (path && !ls->save (ls->self, ls->what, path, &error))
    say (ls->self, error->message);
}

/* A modal Save chooser that hands the file chosen to `save`, which says why it failed. */
static void
show_save_chooser (KielaLabPage *self, const char *title, const char *accept, const char *folder,
                   const char *file_name, SaveFunc save, const char *what)
{
  GtkWindow *parent = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self)));
  g_autoptr(GFile) dir = folder ? g_file_new_for_path (folder) : NULL;
  KielaCompatFileRequest request = { .title = title, .accept_label = accept, .folder = dir, .name = file_name };
  LabSave *ls = g_new0 (LabSave, 1);

  ls->self = g_object_ref (self);
  ls->save = save;
  ls->what = g_strdup (what);
  kiela_compat_choose_file (parent, KIELA_COMPAT_FILE_SAVE, &request, on_save_chosen, ls, lab_save_free);
}

/* Saves the variant and says so. */
static gboolean
save_variant (KielaLabPage *self, const char *what, const char *path, GError **error)
{
  g_autofree char *base = NULL;
  g_autofree char *text = NULL;

  if (!kiela_lab_page_save_to_file (self, path, error))
    return FALSE;
  base = g_path_get_basename (path);
  /* TRANSLATORS: %s is a file name */
  text = g_strdup_printf (_("Saved “%s”"), base);
  say (self, text);
  return TRUE;
}

static void
action_save (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLabPage *self = KIELA_LAB_PAGE (widget);
  g_autofree char *dir = kiela_variant_install_dir ();
  g_autofree char *file_name = NULL;

  if (self->file == NULL)
    return;
  g_mkdir_with_parents (dir, 0755);
  file_name = g_strconcat (kiela_variant_file_get_variant (self->file)->id, KIELA_VARIANT_FILE_SUFFIX, NULL);
  show_save_chooser (self, _("Save Variant"), _("_Save"), dir, file_name, save_variant, NULL);
}

static void
action_copy (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLabPage *self = KIELA_LAB_PAGE (widget);
  g_autofree char *data = NULL;

  if (self->file == NULL)
    return;
  data = kiela_variant_file_to_data (self->file, NULL);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), data);
  say (self, _("Variant file copied"));
}

/* ---------- statistics ---------- */

static char *
format_left (gint64 us)
{
  gint64 s = (us + 999999) / G_USEC_PER_SEC;

  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

static gboolean
on_progress (gpointer data)
{
  KielaLabPage *self = data;
  guint done, total;
  gint64 left_us;
  g_autofree char *title = NULL;

  kiela_lab_run_get_progress (self->runner, &done, &total, &left_us);
  gtk_progress_bar_set_fraction (self->progress_bar, total ? (double) done / total : 0);
  {
    g_autofree char *percent = kiela_format_percent (total ? (double) done / total : 0, 0);

    gtk_progress_bar_set_text (self->progress_bar, percent);
  }
  /* TRANSLATORS: games finished / games in the run */
  title = g_strdup_printf (_("Games played: %'u / %'u"), done, total);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->progress_row), title);
  if (left_us >= 0)
    {
      g_autofree char *left = format_left (left_us);
      /* TRANSLATORS: %s is a duration such as 1:05 (minutes:seconds) */
      g_autofree char *text = g_strdup_printf (_("About %s left"), left);

      adw_action_row_set_subtitle (self->progress_row, text);
    }
  return G_SOURCE_CONTINUE;
}

static void
add_cell (KielaLabPage *self, const char *text, int col, int row, gboolean head)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), col == 0 ? 0 : 1);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (head)
    gtk_widget_add_css_class (label, "heading");
  else if (col > 0)
    gtk_widget_add_css_class (label, "numeric");
  if (col == 0)
    gtk_widget_set_hexpand (label, TRUE);
  gtk_grid_attach (self->summary_grid, label, col, row, 1, 1);
}

static void
show_results (KielaLabPage *self)
{
  GtkWidget *child;
  KielaStatsSummary sum[2];
  guint n = kiela_lab_run_get_stats (self->runner, 1) ? 2 : 1;
  static const char *rows[] = { N_("Games"), N_("Distinct games"), N_("First player wins"),
                                N_("Score of the first AI (Elo)"), N_("Draws"), N_("Mean length (plies)"),
                                N_("Captures per game"), N_("Endless moves refused per game"),
                                N_("Games lost by an endless move") };

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->summary_grid))))
    gtk_grid_remove (self->summary_grid, child);
  for (guint s = 0; s < n; s++)
    kiela_stats_get_summary (kiela_lab_run_get_stats (self->runner, s), &sum[s]);
  add_cell (self, "", 0, 0, TRUE);
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    add_cell (self, _(rows[r]), 0, r + 1, FALSE);
  for (guint s = 0; s < n; s++)
    {
      KielaStatsSummary *m = &sum[s];
      char *cells[G_N_ELEMENTS (rows)];

      add_cell (self, kiela_lab_run_get_label (self->runner, s), s + 1, 0, TRUE);
      /* Numbers in the reader's locale: "1 200" and "52,0 %" in French. */
      cells[0] = g_strdup_printf ("%'" G_GUINT64_FORMAT, m->games);
      /* TRANSLATORS: shown when a run was merged with statistics from an older Kiela */
      cells[1] = m->distinct_known ? g_strdup_printf ("%'" G_GUINT64_FORMAT, m->distinct_games) : g_strdup (_("Not known"));
      if (m->self_play)
        /* TRANSLATORS: the score row when the same AI plays both sides */
        cells[3] = g_strdup (_("Self-play"));
      else
        {
          g_autofree char *score = kiela_format_percent (m->a_score, 1);
          g_autofree char *elo = kiela_format_elo (m->elo);

          /* TRANSLATORS: a score and the Elo difference it means: "61.3% (+79)" */
          cells[3] = g_strdup_printf (C_("score and elo", "%1$s (%2$s)"), score, elo);
        }
      {
        g_autofree char *rate = kiela_format_percent (m->first_player_win_rate, 1);
        g_autofree char *low = kiela_format_percent (m->first_player_low, 1);
        g_autofree char *high = kiela_format_percent (m->first_player_high, 1);

        /* TRANSLATORS: a rate and its 95% confidence interval: "52.0% (47.1%–56.9%)"; each %s
         * is a percentage already written for your language */
        cells[2] = g_strdup_printf (C_("rate and interval", "%1$s (%2$s–%3$s)"), rate, low, high);
      }
      cells[4] = kiela_format_percent (m->draw_rate, 1);
      cells[5] = g_strdup_printf ("%.1f", m->mean_plies);
      cells[6] = g_strdup_printf ("%.2f", m->captures_per_game);
      cells[7] = g_strdup_printf ("%.2f", m->endless_refused_per_game);
      cells[8] = g_strdup_printf ("%'" G_GUINT64_FORMAT, m->endless_losses);
      for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
        {
          add_cell (self, cells[r], s + 1, r + 1, FALSE);
          g_free (cells[r]);
        }
    }
  {
    KielaStats *stats[2] = { kiela_lab_run_get_stats (self->runner, 0), kiela_lab_run_get_stats (self->runner, 1) };

    gtk_label_set_label (self->stones_title, kiela_lab_plot_stones_title (stats));
  }
  gtk_widget_set_visible (GTK_WIDGET (self->results_group), TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self->lengths_plot));
  gtk_widget_queue_draw (GTK_WIDGET (self->stones_plot));
}

/* `data` is a reference to the page, held until the worker has returned. */
static void
on_run_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(KielaLabPage) self = data;
  g_autoptr(GError) error = NULL;
  gboolean ok = kiela_lab_run_finish (KIELA_LAB_RUN (source), result, &error);
  KielaStats *first;

  g_clear_handle_id (&self->progress_timeout, g_source_remove);
  if (self->disposed)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  gtk_widget_set_visible (self->cancel_button, FALSE);
  gtk_widget_set_visible (self->run_button, TRUE);
  adw_action_row_set_subtitle (self->progress_row, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.run", self->file != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.cancel", FALSE);
  if (!ok && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->progress_row), error->message);
      return;
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->progress_row),
                                 ok ? _("Finished") : _("Cancelled: the results count the games played"));
  first = kiela_lab_run_get_stats (self->runner, 0);
  if (first && kiela_stats_get_n_games (first) > 0)
    show_results (self);
}

static void
action_run (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLabPage *self = KIELA_LAB_PAGE (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaAiConfig) ai_a = NULL;
  g_autoptr(KielaAiConfig) ai_b = NULL;
  guint pa = adw_combo_row_get_selected (self->ai_row_a), pb = adw_combo_row_get_selected (self->ai_row_b);
  guint pc = adw_combo_row_get_selected (self->compare_row);
  const KielaVariant *compare;

  if (self->file == NULL || kiela_lab_run_is_running (self->runner)
      || pa >= self->personalities->len || pb >= self->personalities->len)
    return;
  compare = pc > 0 && pc <= self->variants->len ? g_ptr_array_index (self->variants, pc - 1) : NULL;
  ai_a = kiela_ai_config_new_for_personality (self->registry, g_ptr_array_index (self->personalities, pa), &error);
  if (ai_a)
    ai_b = kiela_ai_config_new_for_personality (self->registry, g_ptr_array_index (self->personalities, pb), &error);
  if (ai_b == NULL)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->progress_row), error->message);
      return;
    }
  kiela_lab_run_start_async (self->runner, self->file, compare, ai_a, ai_b,
                             gtk_spin_button_get_value_as_int (self->games_spin),
                             gtk_spin_button_get_value_as_int (self->seed_spin),
                             self->variants, on_run_done, g_object_ref (self));
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  {
    g_autofree char *none = kiela_format_percent (0, 0);

    gtk_progress_bar_set_text (self->progress_bar, none);
  }
  gtk_widget_set_visible (self->cancel_button, TRUE);
  gtk_widget_set_visible (self->run_button, FALSE);
  gtk_widget_action_set_enabled (widget, "lab.run", FALSE);
  gtk_widget_action_set_enabled (widget, "lab.cancel", TRUE);
  on_progress (self);
  self->progress_timeout = g_timeout_add (200, on_progress, self);
}

static void
action_cancel (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_lab_run_cancel (KIELA_LAB_PAGE (widget)->runner);
}

static void
draw_plot (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  KielaLabPage *self = data;
  GdkRGBA color;
  KielaLabPlotInk fg;
  KielaStats *stats[2] = { kiela_lab_run_get_stats (self->runner, 0), kiela_lab_run_get_stats (self->runner, 1) };
  const char *labels[2] = { kiela_lab_run_get_label (self->runner, 0), kiela_lab_run_get_label (self->runner, 1) };

  if (stats[0] == NULL)
    return;
  kiela_compat_widget_get_color (GTK_WIDGET (area), &color);
  fg = (KielaLabPlotInk) { color.red, color.green, color.blue, color.alpha };
  kiela_lab_plot_draw (cr, area == self->lengths_plot ? KIELA_LAB_PLOT_LENGTHS : KIELA_LAB_PLOT_STONES,
                       stats, labels, &fg, width, height);
}

gboolean
kiela_lab_page_export (KielaLabPage *self, const char *what, const char *path, GError **error)
{
  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), FALSE);
  return kiela_lab_run_export (self->runner, what, path, error);
}

static gboolean
export_results (KielaLabPage *self, const char *what, const char *path, GError **error)
{
  return kiela_lab_page_export (self, what, path, error);
}

static void
action_export (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLabPage *self = KIELA_LAB_PAGE (widget);
  const char *what = g_variant_get_string (param, NULL);
  const char *suffix = g_str_equal (what, "lengths") ? "game-lengths.svg"
                     : g_str_equal (what, "stones") ? "stones-in-play.svg"
                     : g_str_equal (what, "summary") ? "summary.csv" : "games.csv";
  KielaStats *stats = kiela_lab_run_get_stats (self->runner, 0);
  g_autoptr(GFile) docs = kiela_documents_folder_new ();
  g_autofree char *docs_path = g_file_get_path (docs);
  g_autofree char *file_name = NULL;

  if (stats == NULL)
    return;
  /* Named after the experiment ("my-kiela-games.csv"), in Documents: the chooser would open
   * in the folder the app was started from, where Enter wrote games.csv into a source tree. */
  file_name = g_strdup_printf ("%s-%s", kiela_stats_get_variant_id (stats), suffix);
  show_save_chooser (self, _("Export"), _("_Export"), docs_path, file_name, export_results, what);
}

/* ---------- the object ---------- */

static void
kiela_lab_page_dispose (GObject *object)
{
  KielaLabPage *self = KIELA_LAB_PAGE (object);

  /* The worker stops soon; its task keeps what it uses until then. */
  self->disposed = TRUE;
  if (self->runner)
    kiela_lab_run_cancel (self->runner);
  g_clear_handle_id (&self->progress_timeout, g_source_remove);
  g_clear_weak_pointer (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), KIELA_TYPE_LAB_PAGE);
  G_OBJECT_CLASS (kiela_lab_page_parent_class)->dispose (object);
}

static void
kiela_lab_page_finalize (GObject *object)
{
  KielaLabPage *self = KIELA_LAB_PAGE (object);

  g_clear_object (&self->runner);
  g_clear_pointer (&self->variants, g_ptr_array_unref);
  g_clear_pointer (&self->personalities, g_ptr_array_unref);
  g_clear_pointer (&self->fields, g_ptr_array_unref);
  g_clear_pointer (&self->keyfile, g_key_file_unref);
  g_clear_pointer (&self->file, kiela_variant_file_free);
  g_free (self->error_text);
  g_free (self->auto_description);
  G_OBJECT_CLASS (kiela_lab_page_parent_class)->finalize (object);
}

static void
kiela_lab_page_class_init (KielaLabPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kiela_lab_page_dispose;
  object_class->finalize = kiela_lab_page_finalize;

  g_type_ensure (KIELA_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-lab-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KielaLabPage, name)
  BIND (base_row);
  BIND (rules_group);
  BIND (about_group);
  BIND (preview);
  BIND (ai_row_a);
  BIND (ai_row_b);
  BIND (compare_row);
  BIND (games_spin);
  BIND (seed_spin);
  BIND (progress_row);
  BIND (progress_bar);
  BIND (cancel_button);
  BIND (run_button);
  BIND (results_group);
  BIND (summary_grid);
  BIND (lengths_plot);
  BIND (stones_plot);
  BIND (stones_title);
#undef BIND

  gtk_widget_class_install_action (widget_class, "lab.play", NULL, action_play);
  gtk_widget_class_install_action (widget_class, "lab.save", NULL, action_save);
  gtk_widget_class_install_action (widget_class, "lab.copy", NULL, action_copy);
  gtk_widget_class_install_action (widget_class, "lab.run", NULL, action_run);
  gtk_widget_class_install_action (widget_class, "lab.cancel", NULL, action_cancel);
  gtk_widget_class_install_action (widget_class, "lab.export", "s", action_export);
}

static void
kiela_lab_page_init (KielaLabPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->keyfile = g_key_file_new ();
  self->runner = kiela_lab_run_new ();
  kiela_board_view_set_interactive (self->preview, FALSE);
  /* A picture of the start the form describes: screen readers read the form's rows instead, and
   * the game's board stays the only one whose houses they find. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->preview), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_widget_set_can_focus (GTK_WIDGET (self->preview), FALSE);
  gtk_drawing_area_set_draw_func (self->lengths_plot, draw_plot, self, NULL);
  gtk_drawing_area_set_draw_func (self->stones_plot, draw_plot, self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.cancel", FALSE);
}

static GListModel *
names_model (GPtrArray *items, gboolean personalities, const char *first)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  if (first)
    gtk_string_list_append (list, first);
  for (guint i = 0; i < items->len; i++)
    {
      if (personalities)
        {
          const KielaPersonality *p = g_ptr_array_index (items, i);
          /* TRANSLATORS: a computer player's name and level, "Amara (Beginner)" */
          g_autofree char *text = g_strdup_printf (_("%s (%s)"), p->name, kiela_personality_get_level_name (p));

          gtk_string_list_append (list, text);
        }
      else
        {
          g_autofree char *name = kiela_variant_dup_display_name (g_ptr_array_index (items, i));

          gtk_string_list_append (list, name);
        }
    }
  return G_LIST_MODEL (list);
}

GtkWidget *
kiela_lab_page_new (KielaGameSession *session, KielaRegistry *registry)
{
  KielaLabPage *self = g_object_new (KIELA_TYPE_LAB_PAGE, NULL);
  g_autoptr(GListModel) bases = NULL, compares = NULL, ais = NULL;
  guint default_pos = 0;

  g_set_weak_pointer (&self->session, session);
  self->registry = registry;
  /* Copies: variants the lab registers later must not shift the rows' positions. */
  self->variants = g_ptr_array_copy (kiela_registry_get_variants (registry), NULL, NULL);
  self->personalities = g_ptr_array_copy (kiela_registry_get_personalities (registry), NULL, NULL);
  _kiela_lab_page_build_form (self);
  bases = names_model (self->variants, FALSE, NULL);
  compares = names_model (self->variants, FALSE, C_("compare with", "None"));
  ais = names_model (self->personalities, TRUE, NULL);
  adw_combo_row_set_model (self->compare_row, compares);
  adw_combo_row_set_model (self->ai_row_a, ais);
  adw_combo_row_set_model (self->ai_row_b, ais);
  for (guint i = 0; i < self->variants->len; i++)
    if (g_ptr_array_index (self->variants, i) == kiela_registry_get_default_variant (registry))
      default_pos = i;
  adw_combo_row_set_model (self->base_row, bases);
  g_signal_connect (self->base_row, "notify::selected", G_CALLBACK (on_base_selected), self);
  adw_combo_row_set_selected (self->base_row, default_pos);
  if (self->variants->len > 0)
    on_base_selected (self->base_row, NULL, self);
  return GTK_WIDGET (self);
}

gboolean
kiela_lab_page_set_base (KielaLabPage *self, const char *variant_id)
{
  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), FALSE);

  for (guint i = 0; i < self->variants->len; i++)
    if (g_str_equal (((const KielaVariant *) g_ptr_array_index (self->variants, i))->id, variant_id))
      {
        if (adw_combo_row_get_selected (self->base_row) == i)
          on_base_selected (self->base_row, NULL, self);
        else
          adw_combo_row_set_selected (self->base_row, i);
        return TRUE;
      }
  return FALSE;
}

GtkWidget *
kiela_lab_page_get_row (KielaLabPage *self, const char *key)
{
  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), NULL);
  return _kiela_lab_page_get_field (self, key);
}

KielaVariantFile *
kiela_lab_page_get_file (KielaLabPage *self)
{
  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), NULL);
  return self->file;
}

const char *
kiela_lab_page_get_error (KielaLabPage *self)
{
  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), NULL);
  return self->error_text;
}

gboolean
kiela_lab_page_is_running (KielaLabPage *self)
{
  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), FALSE);
  return kiela_lab_run_is_running (self->runner);
}

KielaStats *
kiela_lab_page_get_stats (KielaLabPage *self, guint which)
{
  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self) && which < 2, NULL);
  return kiela_lab_run_get_stats (self->runner, which);
}
