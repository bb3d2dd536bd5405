/* kiela-lab-page.c: the Variant lab: a form over a variant file's keys, a live start position,
 * play and save, and AI-vs-AI statistics run on a worker thread with plots and CSV export. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kiela-lab-page.h"
#include "kiela-lab-plot.h"
#include "kiela-board-view.h"
#include "kiela-variant-install.h"
#include "kiela-window-private.h"

/* Keys the form leaves out: the lab's variants are the user's own (no gettext domain) and
 * never the app's default. */
static const char *const hidden_keys[] = { "TranslationDomain", "Default", NULL };
/* Keys about the variant rather than its rules. */
static const char *const about_keys[] = { "Id", "Name", "Description", "Family", "Level", "Source", "Reading", NULL };

typedef enum { ROW_ENTRY, ROW_COMBO, ROW_SPIN, ROW_SWITCH } RowKind;

typedef struct {
  KielaLabPage *page;
  const KielaVariantFileKey *key;
  RowKind kind;
  GtkWidget *row;
  GtkWidget *control;     /* GtkSpinButton or GtkSwitch, else NULL */
  char *subtitle;         /* the row's own subtitle, restored when an error goes */
} Field;

typedef struct {
  KielaVariantFile *file;             /* A's variant lives here */
  const KielaVariant *variant[2];
  KielaAiConfig *ai[2];
  guint64 n_games, seed;
  guint jobs;
  KielaStats *stats[2];
  GString *csv[2];
  gint done;                          /* atomic: games finished, both variants */
} Run;

struct _KielaLabPage {
  AdwBin parent_instance;

  AdwComboRow *base_row;
  AdwPreferencesGroup *rules_group;
  AdwPreferencesGroup *about_group;
  KielaBoardView *preview;
  AdwComboRow *ai_row_a;
  AdwComboRow *ai_row_b;
  AdwComboRow *compare_row;
  GtkSpinButton *games_spin;
  GtkSpinButton *seed_spin;
  AdwActionRow *progress_row;
  GtkProgressBar *progress_bar;
  GtkWidget *cancel_button;
  GtkWidget *run_button;
  AdwPreferencesGroup *results_group;
  GtkGrid *summary_grid;
  GtkDrawingArea *lengths_plot;
  GtkDrawingArea *stones_plot;

  KielaWindow *window;                /* weak: the window owns the page */
  KielaRegistry *registry;
  GPtrArray *variants;                /* the registry's, as the base and compare rows list them */
  GPtrArray *personalities;
  GPtrArray *fields;                  /* Field* in key order */
  GKeyFile *keyfile;                  /* the form's values */
  KielaVariantFile *file;             /* parsed from keyfile, NULL while invalid */
  char *error_text;
  Field *error_field;
  gboolean loading;
  gboolean disposed;

  GCancellable *cancellable;
  Run *run;                           /* the run in progress (owned by its task) */
  gint64 run_start;
  guint progress_timeout;
  KielaStats *stats[2];
  char *labels[2];
  GString *csv[2];
};

G_DEFINE_FINAL_TYPE (KielaLabPage, kiela_lab_page, ADW_TYPE_BIN)

static void revalidate (KielaLabPage *self);

/* ---------- the form ---------- */

static void
field_free (gpointer data)
{
  Field *f = data;

  g_free (f->subtitle);
  g_free (f);
}

static Field *
find_field (KielaLabPage *self, const char *key)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = g_ptr_array_index (self->fields, i);

      if (g_str_equal (f->key->key, key))
        return f;
    }
  return NULL;
}

static void
store (Field *f, const char *value)
{
  KielaLabPage *self = f->page;

  if (self->loading)
    return;
  if (value == NULL || *value == '\0')
    g_key_file_remove_key (self->keyfile, KIELA_VARIANT_FILE_GROUP, f->key->key, NULL);
  else
    g_key_file_set_value (self->keyfile, KIELA_VARIANT_FILE_GROUP, f->key->key, value);
  revalidate (self);
}

static void
on_entry_changed (GtkEditable *editable, Field *f)
{
  store (f, gtk_editable_get_text (editable));
}

static void
on_combo_selected (AdwComboRow *row, GParamSpec *pspec, Field *f)
{
  guint pos = adw_combo_row_get_selected (row);
  /* The optional Level row has “None” first (no key) and shows translated words. */
  guint skip = g_str_equal (f->key->key, "Level") ? 1 : 0;

  if (pos == GTK_INVALID_LIST_POSITION || pos < skip)
    store (f, NULL);
  else
    store (f, f->key->supported[pos - skip]);
}

static void
on_spin_changed (GtkSpinButton *spin, Field *f)
{
  g_autofree char *text = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));

  store (f, text);
}

static void
on_switch_active (GtkSwitch *sw, GParamSpec *pspec, Field *f)
{
  store (f, gtk_switch_get_active (sw) ? "true" : "false");
}

static gboolean
is_bool_key (const KielaVariantFileKey *key)
{
  return key->choices && key->choices[0] && key->choices[1] && !key->choices[2]
         && g_str_equal (key->choices[0], "false") && g_str_equal (key->choices[1], "true");
}

static Field *
make_field (KielaLabPage *self, const KielaVariantFileKey *key)
{
  Field *f = g_new0 (Field, 1);
  const char *title = kiela_variant_key_title (key->key);

  f->page = self;
  f->key = key;
  if (is_bool_key (key))
    {
      f->kind = ROW_SWITCH;
      f->row = adw_action_row_new ();
      f->control = gtk_switch_new ();
      gtk_widget_set_valign (f->control, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (f->row), f->control);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (f->row), f->control);
      g_signal_connect (f->control, "notify::active", G_CALLBACK (on_switch_active), f);
    }
  else if (key->choices)
    {
      GtkStringList *list = gtk_string_list_new (NULL);
      gboolean optional = g_str_equal (key->key, "Level");

      f->kind = ROW_COMBO;
      f->row = adw_combo_row_new ();
      /* Only what the engine plays: every choice the form offers can be played at once. */
      if (optional)
        gtk_string_list_append (list, C_("variant level", "None"));
      for (guint i = 0; key->supported[i]; i++)
        gtk_string_list_append (list, optional ? g_dpgettext2 (GETTEXT_PACKAGE, "variant level", key->supported[i])
                                               : key->supported[i]);
      adw_combo_row_set_model (ADW_COMBO_ROW (f->row), G_LIST_MODEL (list));
      g_object_unref (list);
      g_signal_connect (f->row, "notify::selected", G_CALLBACK (on_combo_selected), f);
    }
  else if (key->max > 0)
    {
      f->kind = ROW_SPIN;
      f->row = adw_action_row_new ();
      f->control = gtk_spin_button_new_with_range (key->min, key->max, 1);
      gtk_widget_set_valign (f->control, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (f->row), f->control);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (f->row), f->control);
      g_signal_connect (f->control, "value-changed", G_CALLBACK (on_spin_changed), f);
    }
  else
    {
      f->kind = ROW_ENTRY;
      f->row = adw_entry_row_new ();
      g_signal_connect (f->row, "changed", G_CALLBACK (on_entry_changed), f);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (f->row), title);
  /* The file's own key name, for those who write the files by hand. */
  if (f->kind != ROW_ENTRY)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (f->row), key->key);
  f->subtitle = g_strdup (key->key);
  gtk_widget_set_tooltip_text (f->row, key->key);
  return f;
}

static void
build_form (KielaLabPage *self)
{
  guint n_keys;
  const KielaVariantFileKey *keys = kiela_variant_file_get_keys (&n_keys);

  for (guint i = 0; i < n_keys; i++)
    {
      Field *f;

      if (g_strv_contains (hidden_keys, keys[i].key))
        continue;
      f = make_field (self, &keys[i]);
      g_ptr_array_add (self->fields, f);
      adw_preferences_group_add (g_strv_contains (about_keys, keys[i].key) ? self->about_group : self->rules_group,
                                 f->row);
    }
}

/* Shows the keyfile's values in the rows, without storing them back. */
static void
fill_form (KielaLabPage *self)
{
  self->loading = TRUE;
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *f = g_ptr_array_index (self->fields, i);
      g_autofree char *value = g_key_file_get_value (self->keyfile, KIELA_VARIANT_FILE_GROUP, f->key->key, NULL);

      switch (f->kind)
        {
        case ROW_ENTRY:
          gtk_editable_set_text (GTK_EDITABLE (f->row), value ? value : "");
          break;
        case ROW_SWITCH:
          gtk_switch_set_active (GTK_SWITCH (f->control), g_strcmp0 (value, "true") == 0);
          break;
        case ROW_SPIN:
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (f->control), value ? g_ascii_strtod (value, NULL) : f->key->min);
          break;
        case ROW_COMBO:
          {
            gboolean optional = g_str_equal (f->key->key, "Level");
            guint pos = 0;

            for (guint c = 0; f->key->supported[c]; c++)
              if (g_strcmp0 (value, f->key->supported[c]) == 0)
                pos = c + (optional ? 1 : 0);
            adw_combo_row_set_selected (ADW_COMBO_ROW (f->row), pos);
          }
          break;
        default:
          g_assert_not_reached ();
        }
    }
  self->loading = FALSE;
}

static void
show_problem (KielaLabPage *self, const GError *error)
{
  KielaVariantFileProblem problem = { 0 };

  if (self->error_field)
    {
      gtk_widget_remove_css_class (self->error_field->row, "error");
      if (self->error_field->kind != ROW_ENTRY)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (self->error_field->row), self->error_field->subtitle);
      gtk_widget_set_tooltip_text (self->error_field->row, self->error_field->subtitle);
      self->error_field = NULL;
    }
  g_clear_pointer (&self->error_text, g_free);
  adw_preferences_group_set_description (self->rules_group, NULL);
  if (error == NULL)
    return;
  self->error_text = g_strdup (error->message);
  if (kiela_variant_file_error_get_problem (error, &problem) && problem.key
      && (self->error_field = find_field (self, problem.key)) != NULL)
    {
      /* On the row itself: red, with the reason where the key name was. */
      gtk_widget_add_css_class (self->error_field->row, "error");
      if (self->error_field->kind != ROW_ENTRY)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (self->error_field->row), problem.why);
      gtk_widget_set_tooltip_text (self->error_field->row, problem.why);
      {
        /* TRANSLATORS: first %s names a rule ("Houses per row"), second why its value is refused */
        g_autofree char *text = g_strdup_printf (_("%s: %s"), kiela_variant_key_title (problem.key), problem.why);

        adw_preferences_group_set_description (self->rules_group, text);
      }
    }
  else
    adw_preferences_group_set_description (self->rules_group, problem.why ? problem.why : error->message);
  gtk_widget_add_css_class (GTK_WIDGET (self->rules_group), "kiela-lab-error");
  kiela_variant_file_problem_clear (&problem);
}

static void
revalidate (KielaLabPage *self)
{
  g_autofree char *data = g_key_file_to_data (self->keyfile, NULL, NULL);
  g_autoptr(GError) error = NULL;
  KielaVariantFile *file = kiela_variant_file_new_from_data (data, -1, "<lab>", &error);
  gboolean valid = file != NULL;

  g_clear_pointer (&self->file, kiela_variant_file_free);
  self->file = file;
  show_problem (self, error);
  if (valid)
    {
      const KielaVariant *v = kiela_variant_file_get_variant (file);
      KielaPosition pos;

      gtk_widget_remove_css_class (GTK_WIDGET (self->rules_group), "kiela-lab-error");
      kiela_position_init_start (&pos, v);
      kiela_board_view_set_variant (self->preview, v);
      kiela_board_view_set_position (self->preview, &pos);
    }
  gtk_widget_set_opacity (GTK_WIDGET (self->preview), valid ? 1.0 : 0.4);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.play", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.save", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.copy", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.run", valid && self->run == NULL);
}

/* The start of one side as a pattern ("outer:2;inner-right:4:2"), so that changing Files
 * keeps the same kind of start instead of a house list of the wrong length. */
static char *
start_pattern (const guint16 *houses, guint files)
{
  GString *p = g_string_new (NULL);
  guint k = 0, inner_value = houses[files];
  gboolean outer_same = TRUE;

  for (guint h = 1; h < files; h++)
    outer_same = outer_same && houses[h] == houses[0];
  if (outer_same && houses[0] > 0)
    g_string_append_printf (p, "outer:%u", houses[0]);
  else
    for (guint h = 0; h < files; h++)
      if (houses[h])
        g_string_append_printf (p, "%shouse:%u:%u", p->len ? ";" : "", h, houses[h]);
  /* inner-right: the first K inner houses hold the same count, the rest none */
  while (k < files && inner_value > 0 && houses[files + k] == inner_value)
    k++;
  for (guint h = files + k; h < 2 * files && k > 0; h++)
    if (houses[h])
      k = 0;
  if (k == files)
    g_string_append_printf (p, "%sinner:%u", p->len ? ";" : "", inner_value);
  else if (k > 0)
    g_string_append_printf (p, "%sinner-right:%u:%u", p->len ? ";" : "", k, inner_value);
  else
    for (guint h = files; h < 2 * files; h++)
      if (houses[h])
        g_string_append_printf (p, "%shouse:%u:%u", p->len ? ";" : "", h, houses[h]);
  return g_string_free (p, FALSE);
}

static gboolean
load_variant (KielaLabPage *self, const KielaVariant *v, GError **error)
{
  g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_variant (v, error);
  g_autofree char *data = NULL, *id = NULL;

  if (file == NULL)
    return FALSE;
  data = kiela_variant_file_to_data (file, NULL);
  if (!g_key_file_load_from_data (self->keyfile, data, -1, G_KEY_FILE_NONE, error))
    return FALSE;
  /* The user's copy: its own id (a shipped id cannot be installed twice), names as shown. */
  for (guint i = 0; hidden_keys[i]; i++)
    g_key_file_remove_key (self->keyfile, KIELA_VARIANT_FILE_GROUP, hidden_keys[i], NULL);
  if (memcmp (v->start[0], v->start[1], sizeof v->start[0]) == 0)
    {
      g_autofree char *pattern = start_pattern (v->start[0], v->files);

      if (*pattern)
        {
          g_key_file_remove_key (self->keyfile, KIELA_VARIANT_FILE_GROUP, "StartHouses", NULL);
          g_key_file_remove_key (self->keyfile, KIELA_VARIANT_FILE_GROUP, "StartNorth", NULL);
          g_key_file_set_value (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Start", pattern);
        }
    }
  id = g_str_has_prefix (v->id, "my-") ? g_strdup (v->id) : g_strconcat ("my-", v->id, NULL);
  g_key_file_set_value (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Id", id);
  g_key_file_set_string (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Name", kiela_variant_get_name (v));
  if (kiela_variant_get_description (v))
    g_key_file_set_string (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Description", kiela_variant_get_description (v));
  fill_form (self);
  revalidate (self);
  return TRUE;
}

static void
on_base_selected (AdwComboRow *row, GParamSpec *pspec, KielaLabPage *self)
{
  guint pos = adw_combo_row_get_selected (row);
  g_autoptr(GError) error = NULL;

  if (pos >= self->variants->len)
    return;
  if (!load_variant (self, g_ptr_array_index (self->variants, pos), &error))
    _kiela_window_toast (self->window, error->message);
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
start_game (KielaWindow *window, gpointer data)
{
  kiela_window_new_game (window, data, _kiela_window_player (window, KIELA_SOUTH),
                         _kiela_window_player (window, KIELA_NORTH));
  kiela_window_show_page (window, "game");
}

static void
action_play (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLabPage *self = KIELA_LAB_PAGE (widget);
  g_autoptr(GError) error = NULL;
  const KielaVariant *v = kiela_lab_page_register (self, &error);

  if (v == NULL)
    {
      _kiela_window_toast (self->window, error->message);
      return;
    }
  _kiela_window_confirm_discard (self->window, start_game, (gpointer) v, NULL);
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

/* A modal Save chooser; `respond` gets the page (a reference it drops) and the chosen file. */
static void
show_save_chooser (KielaLabPage *self, const char *title, const char *accept, const char *folder,
                   const char *file_name, GCallback respond, const char *what)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self->window),
                                                               GTK_FILE_CHOOSER_ACTION_SAVE, accept, _("_Cancel"));

  if (folder)
    {
      g_autoptr(GFile) dir = g_file_new_for_path (folder);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), dir, NULL);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), file_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data_full (G_OBJECT (chooser), "what", g_strdup (what), g_free);
  g_signal_connect (chooser, "response", respond, g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_save_response (GtkNativeDialog *dialog, int response, KielaLabPage *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))))
    {
      path = g_file_get_path (file);
      if (path && kiela_lab_page_save_to_file (self, path, &error))
        {
          g_autofree char *base = g_path_get_basename (path);
          /* TRANSLATORS: %s is a file name */
          g_autofree char *text = g_strdup_printf (_("Saved “%s”"), base);

          _kiela_window_toast (self->window, text);
        }
      else if (error)
        _kiela_window_toast (self->window, error->message);
    }
  g_object_unref (dialog);
  g_object_unref (self);
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
  show_save_chooser (self, _("Save Variant"), _("_Save"), dir, file_name, G_CALLBACK (on_save_response), NULL);
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
  _kiela_window_toast (self->window, _("Variant file copied"));
}

/* ---------- statistics ---------- */

static void
run_free (Run *run)
{
  for (guint s = 0; s < 2; s++)
    {
      g_clear_pointer (&run->ai[s], kiela_ai_config_unref);
      g_clear_pointer (&run->stats[s], kiela_stats_free);
      if (run->csv[s])
        g_string_free (run->csv[s], TRUE);
    }
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

  g_string_append (sink->run->csv[sink->which], row);
  g_string_append_c (sink->run->csv[sink->which], '\n');
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
      if (!kiela_stats_run (run->stats[s], &config, on_game, &sink, cancellable, &error))
        {
          g_task_return_error (task, error);
          return;
        }
    }
  g_task_return_boolean (task, TRUE);
}

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
  Run *run = self->run;
  guint total = run->n_games * (run->variant[1] ? 2 : 1);
  guint done = g_atomic_int_get (&run->done);
  g_autofree char *title = NULL;

  gtk_progress_bar_set_fraction (self->progress_bar, total ? (double) done / total : 0);
  /* TRANSLATORS: games finished / games in the run */
  title = g_strdup_printf (_("Games played: %'u / %'u"), done, total);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->progress_row), title);
  if (done > 0)
    {
      gint64 elapsed = g_get_monotonic_time () - self->run_start;
      g_autofree char *left = format_left (elapsed * (gint64) (total - done) / done);
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
  guint n = self->stats[1] ? 2 : 1;
  static const char *rows[] = { N_("Games"), N_("First player wins"), N_("Draws"), N_("Mean length (plies)"),
                                N_("Captures per game"), N_("Endless moves refused per game"),
                                N_("Games lost by an endless move") };

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->summary_grid))))
    gtk_grid_remove (self->summary_grid, child);
  for (guint s = 0; s < n; s++)
    kiela_stats_get_summary (self->stats[s], &sum[s]);
  add_cell (self, "", 0, 0, TRUE);
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    add_cell (self, _(rows[r]), 0, r + 1, FALSE);
  for (guint s = 0; s < n; s++)
    {
      KielaStatsSummary *m = &sum[s];
      char *cells[G_N_ELEMENTS (rows)];

      add_cell (self, self->labels[s], s + 1, 0, TRUE);
      /* Numbers in the reader's locale: "1 200" and "52,0 %" in French. */
      cells[0] = g_strdup_printf ("%'" G_GUINT64_FORMAT, m->games);
      /* TRANSLATORS: a rate and its 95% interval, "52.0% (47.1–56.9%)" */
      cells[1] = g_strdup_printf (_("%.1f%% (%.1f–%.1f%%)"), 100 * m->first_player_win_rate,
                                  100 * m->first_player_low, 100 * m->first_player_high);
      /* TRANSLATORS: a rate, "12.5%", written as in "%.1f%% (%.1f–%.1f%%)" above */
      cells[2] = g_strdup_printf (C_("rate", "%.1f%%"), 100 * m->draw_rate);
      cells[3] = g_strdup_printf ("%.1f", m->mean_plies);
      cells[4] = g_strdup_printf ("%.2f", m->captures_per_game);
      cells[5] = g_strdup_printf ("%.2f", m->endless_refused_per_game);
      cells[6] = g_strdup_printf ("%'" G_GUINT64_FORMAT, m->endless_losses);
      for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
        {
          add_cell (self, cells[r], s + 1, r + 1, FALSE);
          g_free (cells[r]);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->results_group), TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self->lengths_plot));
  gtk_widget_queue_draw (GTK_WIDGET (self->stones_plot));
}

static void
on_run_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaLabPage *self = KIELA_LAB_PAGE (source);
  Run *run = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  g_clear_handle_id (&self->progress_timeout, g_source_remove);
  self->run = NULL;
  g_clear_object (&self->cancellable);
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
  for (guint s = 0; s < 2; s++)
    {
      g_clear_pointer (&self->stats[s], kiela_stats_free);
      if (self->csv[s])
        g_string_free (self->csv[s], TRUE);
      self->csv[s] = NULL;
      g_clear_pointer (&self->labels[s], g_free);
      if (run->variant[s] == NULL)
        continue;
      self->stats[s] = g_steal_pointer (&run->stats[s]);
      self->csv[s] = g_steal_pointer (&run->csv[s]);
      self->labels[s] = g_strdup (kiela_variant_get_name (run->variant[s]));
    }
  /* The form's copy keeps its base's name: tell them apart by id wherever a name is shared. */
  for (guint s = 0; s < 2; s++)
    if (self->labels[s])
      for (guint i = 0; i < self->variants->len; i++)
        {
          const KielaVariant *other = g_ptr_array_index (self->variants, i);

          if (other != run->variant[s] && g_strcmp0 (other->id, run->variant[s]->id) != 0
              && g_strcmp0 (kiela_variant_get_name (other), self->labels[s]) == 0)
            {
              g_autofree char *old = self->labels[s];

              self->labels[s] = g_strdup_printf ("%s (%s)", old, run->variant[s]->id);
              break;
            }
        }
  if (self->stats[0] && kiela_stats_get_n_games (self->stats[0]) > 0)
    show_results (self);
}

static void
action_run (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLabPage *self = KIELA_LAB_PAGE (widget);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  guint pa = adw_combo_row_get_selected (self->ai_row_a), pb = adw_combo_row_get_selected (self->ai_row_b);
  guint pc = adw_combo_row_get_selected (self->compare_row);
  Run *run;

  if (self->file == NULL || self->run != NULL || pa >= self->personalities->len || pb >= self->personalities->len)
    return;
  run = g_new0 (Run, 1);
  data = kiela_variant_file_to_data (self->file, NULL);
  /* The worker keeps its own copy: the form may change while the games run. */
  run->file = kiela_variant_file_new_from_data (data, -1, "<lab>", NULL);
  run->variant[0] = kiela_variant_file_get_variant (run->file);
  run->variant[1] = pc > 0 && pc <= self->variants->len ? g_ptr_array_index (self->variants, pc - 1) : NULL;
  run->ai[0] = kiela_ai_config_new_for_personality (self->registry, g_ptr_array_index (self->personalities, pa), &error);
  if (run->ai[0])
    run->ai[1] = kiela_ai_config_new_for_personality (self->registry, g_ptr_array_index (self->personalities, pb), &error);
  if (run->ai[1] == NULL)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->progress_row), error->message);
      run_free (run);
      return;
    }
  run->n_games = gtk_spin_button_get_value_as_int (self->games_spin);
  run->seed = gtk_spin_button_get_value_as_int (self->seed_spin);
  run->jobs = MAX (1, g_get_num_processors ());
  for (guint s = 0; s < 2; s++)
    {
      run->stats[s] = kiela_stats_new ();
      run->csv[s] = g_string_new (NULL);
    }
  self->run = run;
  self->cancellable = g_cancellable_new ();
  self->run_start = g_get_monotonic_time ();
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_widget_set_visible (self->cancel_button, TRUE);
  gtk_widget_set_visible (self->run_button, FALSE);
  gtk_widget_action_set_enabled (widget, "lab.run", FALSE);
  gtk_widget_action_set_enabled (widget, "lab.cancel", TRUE);
  on_progress (self);
  self->progress_timeout = g_timeout_add (200, on_progress, self);
  task = g_task_new (self, self->cancellable, on_run_done, NULL);
  g_task_set_source_tag (task, action_run);
  g_task_set_task_data (task, run, (GDestroyNotify) run_free);
  g_task_run_in_thread (task, run_thread);
}

static void
action_cancel (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLabPage *self = KIELA_LAB_PAGE (widget);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
}

static void
draw_plot (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  KielaLabPage *self = data;
  GdkRGBA fg;
  const char *labels[2] = { self->labels[0], self->labels[1] };

  if (self->stats[0] == NULL)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  kiela_lab_plot_draw (cr, area == self->lengths_plot ? KIELA_LAB_PLOT_LENGTHS : KIELA_LAB_PLOT_STONES,
                       self->stats, labels, &fg, width, height);
}

static char *
summary_csv (KielaLabPage *self)
{
  GString *csv = g_string_new ("metric");
  KielaStatsSummary sum[2];
  guint n = self->stats[1] ? 2 : 1;
  static const char *names[] = { "games", "first_player_win_rate", "first_player_low", "first_player_high",
                                 "draw_rate", "mean_plies", "captures_per_game", "endless_refused_per_game",
                                 "endless_losses" };

  for (guint s = 0; s < n; s++)
    {
      kiela_stats_get_summary (self->stats[s], &sum[s]);
      g_string_append_printf (csv, ",%s", kiela_stats_get_variant_id (self->stats[s]));
    }
  g_string_append_c (csv, '\n');
  for (guint r = 0; r < G_N_ELEMENTS (names); r++)
    {
      g_string_append (csv, names[r]);
      for (guint s = 0; s < n; s++)
        {
          KielaStatsSummary *m = &sum[s];
          double v[] = { m->games, m->first_player_win_rate, m->first_player_low, m->first_player_high, m->draw_rate,
                         m->mean_plies, m->captures_per_game, m->endless_refused_per_game, m->endless_losses };
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          g_string_append_printf (csv, ",%s", g_ascii_formatd (buf, sizeof buf, "%.6g", v[r]));
        }
      g_string_append_c (csv, '\n');
    }
  return g_string_free (csv, FALSE);
}

gboolean
kiela_lab_page_export (KielaLabPage *self, const char *what, const char *path, GError **error)
{
  const char *labels[2] = { self->labels[0], self->labels[1] };
  g_autofree char *text = NULL;

  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), FALSE);
  if (self->stats[0] == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("Run some games first"));
      return FALSE;
    }
  if (g_str_equal (what, "lengths") || g_str_equal (what, "stones"))
    return kiela_lab_plot_save (g_str_equal (what, "lengths") ? KIELA_LAB_PLOT_LENGTHS : KIELA_LAB_PLOT_STONES,
                                self->stats, labels, path, 800, 400, error);
  if (g_str_equal (what, "summary"))
    text = summary_csv (self);
  else
    {
      /* kiela-cli's columns; with two variants a first column says which. */
      GString *csv = g_string_new (NULL);
      gboolean two = self->stats[1] != NULL;

      if (two)
        g_string_append (csv, "variant,");
      g_string_append_printf (csv, "%s\n", kiela_stats_csv_header ());
      for (guint s = 0; s < (two ? 2u : 1u); s++)
        {
          g_auto(GStrv) lines = g_strsplit (self->csv[s]->str, "\n", -1);

          for (guint i = 0; lines[i]; i++)
            if (*lines[i])
              g_string_append_printf (csv, "%s%s%s\n", two ? kiela_stats_get_variant_id (self->stats[s]) : "",
                                      two ? "," : "", lines[i]);
        }
      text = g_string_free (csv, FALSE);
    }
  return g_file_set_contents (path, text, -1, error);
}

static void
on_export_response (GtkNativeDialog *dialog, int response, KielaLabPage *self)
{
  g_autoptr(GFile) file = NULL;
  const char *what = g_object_get_data (G_OBJECT (dialog), "what");
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog))))
    {
      g_autofree char *path = g_file_get_path (file);

      if (path && !kiela_lab_page_export (self, what, path, &error))
        _kiela_window_toast (self->window, error->message);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
action_export (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLabPage *self = KIELA_LAB_PAGE (widget);
  const char *what = g_variant_get_string (param, NULL);
  const char *file_name = g_str_equal (what, "lengths") ? "game-lengths.svg"
                        : g_str_equal (what, "stones") ? "stones-in-play.svg"
                        : g_str_equal (what, "summary") ? "summary.csv" : "games.csv";

  if (self->stats[0] != NULL)
    show_save_chooser (self, _("Export"), _("_Export"), NULL, file_name, G_CALLBACK (on_export_response), what);
}

/* ---------- the object ---------- */

static void
kiela_lab_page_dispose (GObject *object)
{
  KielaLabPage *self = KIELA_LAB_PAGE (object);

  /* The worker stops soon; its task keeps what it uses until then. */
  self->disposed = TRUE;
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->progress_timeout, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), KIELA_TYPE_LAB_PAGE);
  G_OBJECT_CLASS (kiela_lab_page_parent_class)->dispose (object);
}

static void
kiela_lab_page_finalize (GObject *object)
{
  KielaLabPage *self = KIELA_LAB_PAGE (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->variants, g_ptr_array_unref);
  g_clear_pointer (&self->personalities, g_ptr_array_unref);
  g_clear_pointer (&self->fields, g_ptr_array_unref);
  g_clear_pointer (&self->keyfile, g_key_file_unref);
  g_clear_pointer (&self->file, kiela_variant_file_free);
  g_free (self->error_text);
  for (guint s = 0; s < 2; s++)
    {
      g_clear_pointer (&self->stats[s], kiela_stats_free);
      g_free (self->labels[s]);
      if (self->csv[s])
        g_string_free (self->csv[s], TRUE);
    }
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
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, base_row);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, rules_group);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, about_group);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, preview);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, ai_row_a);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, ai_row_b);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, compare_row);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, games_spin);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, progress_row);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, run_button);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, results_group);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, summary_grid);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, lengths_plot);
  gtk_widget_class_bind_template_child (widget_class, KielaLabPage, stones_plot);

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
  self->fields = g_ptr_array_new_with_free_func (field_free);
  self->keyfile = g_key_file_new ();
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
        gtk_string_list_append (list, kiela_variant_get_name (g_ptr_array_index (items, i)));
    }
  return G_LIST_MODEL (list);
}

GtkWidget *
kiela_lab_page_new (KielaWindow *window, KielaRegistry *registry)
{
  KielaLabPage *self = g_object_new (KIELA_TYPE_LAB_PAGE, NULL);
  g_autoptr(GListModel) bases = NULL, compares = NULL, ais = NULL;
  guint default_pos = 0;

  self->window = window;
  self->registry = registry;
  /* Copies: variants the lab registers later must not shift the rows' positions. */
  self->variants = g_ptr_array_copy (kiela_registry_get_variants (registry), NULL, NULL);
  self->personalities = g_ptr_array_copy (kiela_registry_get_personalities (registry), NULL, NULL);
  build_form (self);
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
  Field *f;

  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self), NULL);
  f = find_field (self, key);
  return f ? (f->control ? f->control : f->row) : NULL;
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
  return self->run != NULL;
}

KielaStats *
kiela_lab_page_get_stats (KielaLabPage *self, guint which)
{
  g_return_val_if_fail (KIELA_IS_LAB_PAGE (self) && which < 2, NULL);
  return self->stats[which];
}
