/* kiela-lab-page-form.c: the Variant lab's rules form: a row for each key of the variant file
 * format, the key file the rows write, its validation with the error on the row that caused it,
 * and the preview of the start position it describes. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-lab-page-private.h"
#include "kiela-variant-install.h"

/* Keys the form leaves out: the lab's variants are the user's own (no gettext domain) and
 * never the app's default. */
static const char *const hidden_keys[] = { "TranslationDomain", "Default", NULL };
/* Keys about the variant rather than its rules. */
static const char *const about_keys[] = { "Id", "Name", "Description", "Family", "Level", "Source", "Reading",
                                          "Simplified", NULL };

typedef enum { ROW_ENTRY, ROW_COMBO, ROW_SPIN, ROW_SWITCH } RowKind;

struct _KielaLabField {
  KielaLabPage *page;
  const KielaVariantFileKey *key;
  RowKind kind;
  GtkWidget *row;
  GtkWidget *control;     /* GtkSpinButton or GtkSwitch, else NULL */
  char *subtitle;         /* the row's own subtitle, restored when an error goes */
};

static void revalidate (KielaLabPage *self);

static void
field_free (gpointer data)
{
  KielaLabField *f = data;

  g_free (f->subtitle);
  g_free (f);
}

static KielaLabField *
find_field (KielaLabPage *self, const char *key)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      KielaLabField *f = g_ptr_array_index (self->fields, i);

      if (g_str_equal (f->key->key, key))
        return f;
    }
  return NULL;
}

static void
store (KielaLabField *f, const char *value)
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
on_entry_changed (GtkEditable *editable, KielaLabField *f)
{
  store (f, gtk_editable_get_text (editable));
}

static void
on_combo_selected (AdwComboRow *row, GParamSpec *pspec, KielaLabField *f)
{
  guint pos = adw_combo_row_get_selected (row);
  /* The optional Level row has “None” first (no key); rows show translated words. */
  guint skip = g_str_equal (f->key->key, "Level") ? 1 : 0;

  if (pos == GTK_INVALID_LIST_POSITION || pos < skip)
    store (f, NULL);
  else
    store (f, f->key->supported[pos - skip]);
}

static void
on_spin_changed (GtkSpinButton *spin, KielaLabField *f)
{
  g_autofree char *text = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));

  store (f, text);
}

static void
on_switch_active (GtkSwitch *sw, GParamSpec *pspec, KielaLabField *f)
{
  store (f, gtk_switch_get_active (sw) ? "true" : "false");
}

static gboolean
is_bool_key (const KielaVariantFileKey *key)
{
  return key->choices && key->choices[0] && key->choices[1] && !key->choices[2]
         && g_str_equal (key->choices[0], "false") && g_str_equal (key->choices[1], "true");
}

static KielaLabField *
make_field (KielaLabPage *self, const KielaVariantFileKey *key)
{
  KielaLabField *f = g_new0 (KielaLabField, 1);
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
        gtk_string_list_append (list, kiela_variant_value_label (key->key, key->supported[i]));
      adw_combo_row_set_model (ADW_COMBO_ROW (f->row), G_LIST_MODEL (list));
      g_object_unref (list);
      g_signal_connect (f->row, "notify::selected", G_CALLBACK (on_combo_selected), f);
    }
  else if (key->max > 0)
    {
      f->kind = ROW_SPIN;
      f->row = adw_action_row_new ();
      /* ExtraCapture=2 too: the parser names the board it needs (8 files at most) on this row. */
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

void
_kiela_lab_page_build_form (KielaLabPage *self)
{
  guint n_keys;
  const KielaVariantFileKey *keys = kiela_variant_file_get_keys (&n_keys);

  self->fields = g_ptr_array_new_with_free_func (field_free);

  for (guint i = 0; i < n_keys; i++)
    {
      KielaLabField *f;

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
      KielaLabField *f = g_ptr_array_index (self->fields, i);
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

/* While the Description is the one the lab wrote, it follows the rules: a 12-file board is
 * never described as 4 rows of 10 houses.  Once the user writes their own, it stays theirs. */
static void
follow_rules_in_description (KielaLabPage *self, const KielaVariant *v)
{
  g_autofree char *now = g_key_file_get_string (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Description", NULL);
  g_autofree char *want = NULL;
  KielaLabField *f;

  if (self->auto_description == NULL || g_strcmp0 (now, self->auto_description) != 0)
    return;
  want = kiela_variant_describe_board (v);
  if (g_str_equal (want, self->auto_description))
    return;
  g_key_file_set_string (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Description", want);
  g_free (self->auto_description);
  self->auto_description = g_steal_pointer (&want);
  if ((f = find_field (self, "Description")) != NULL && f->kind == ROW_ENTRY)
    {
      self->loading = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (f->row), self->auto_description);
      self->loading = FALSE;
    }
  /* The file parsed from the keyfile carries the new text too. */
  {
    g_autofree char *data = g_key_file_to_data (self->keyfile, NULL, NULL);
    KielaVariantFile *file = kiela_variant_file_new_from_data (data, -1, "<lab>", NULL);

    if (file)
      {
        kiela_variant_file_free (self->file);
        self->file = file;
      }
  }
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
      follow_rules_in_description (self, v);
      /* It may have parsed the file anew. */
      v = kiela_variant_file_get_variant (self->file);
      kiela_position_init_start (&pos, v);
      kiela_board_view_set_variant (self->preview, v);
      kiela_board_view_set_position (self->preview, &pos);
    }
  gtk_widget_set_opacity (GTK_WIDGET (self->preview), valid ? 1.0 : 0.4);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.play", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.save", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.copy", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "lab.run", valid && !kiela_lab_run_is_running (self->runner));
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

gboolean
_kiela_lab_page_load_variant (KielaLabPage *self, const KielaVariant *v, GError **error)
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
  g_clear_pointer (&self->auto_description, g_free);
  if (kiela_variant_is_users (v))
    {
      /* Already the user's own: names as they wrote them. */
      g_key_file_set_string (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Name", kiela_variant_get_name (v));
      if (kiela_variant_get_description (v))
        g_key_file_set_string (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Description", kiela_variant_get_description (v));
    }
  else
    {
      /* A copy of a shipped game is the user's, not Kiela itself: a name of its own (New Game
       * would list two identical rows otherwise) and a description of its board made from its
       * rules, which follows them until the user writes their own. */
      /* TRANSLATORS: the name the Variant lab gives a copy of a game: "Kiela (my rules)" */
      g_autofree char *own = g_strdup_printf (C_("variant name", "%s (my rules)"), kiela_variant_get_name (v));

      g_key_file_set_string (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Name", own);
      self->auto_description = kiela_variant_describe_board (v);
      g_key_file_set_string (self->keyfile, KIELA_VARIANT_FILE_GROUP, "Description", self->auto_description);
    }
  fill_form (self);
  revalidate (self);
  return TRUE;
}

GtkWidget *
_kiela_lab_page_get_field (KielaLabPage *self, const char *key)
{
  KielaLabField *f = find_field (self, key);

  return f ? (f->control ? f->control : f->row) : NULL;
}
