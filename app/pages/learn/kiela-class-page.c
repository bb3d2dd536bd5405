/* kiela-class-page.c: the class list and the Class Progress table: who finished what, stars, mistakes, test results; CSV. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-class-page.h"
#include "kiela-compat.h"
#include "kiela-lessons-page.h"

struct _KielaClassPage {
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkWidget *pupils_group;       /* AdwPreferencesGroup */
  GtkWidget *add_row;            /* AdwEntryRow */
  GtkWidget *error_label;
  GtkWidget *export_button;
  GtkWidget *table_scroller;
  GtkGrid *table;
  GPtrArray *rows;               /* the pupils' rows, weak (the group owns them) */
  GHashTable *cells;             /* "row:column" → its label's text, for the tests */

  KielaRegistry *registry;       /* not owned: the application's */
  KielaPupils *pupils;
  gboolean stale;                /* changed while not shown: rebuilt when next shown */
  GPtrArray *lessons;            /* the course, const KielaLesson * into the registry */
};

G_DEFINE_FINAL_TYPE (KielaClassPage, kiela_class_page, GTK_TYPE_WIDGET)

enum { SIGNAL_MESSAGE, N_SIGNALS };
static guint signals[N_SIGNALS];

static void rebuild (KielaClassPage *self);

static void
tell (KielaClassPage *self, const char *text)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
}

/* ---------- the pupils ---------- */

typedef struct {
  KielaClassPage *self;          /* a reference */
  char *id;
  GtkWidget *entry;              /* rename: the name typed */
} Asked;

static void
asked_free (gpointer data)
{
  Asked *a = data;

  g_object_unref (a->self);
  g_free (a->id);
  g_free (a);
}

static Asked *
asked_new (KielaClassPage *self, const char *id)
{
  Asked *a = g_new0 (Asked, 1);

  a->self = g_object_ref (self);
  a->id = g_strdup (id);
  return a;
}

static GtkWindow *
window_of (KielaClassPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

static void
on_rename_answered (const char *response, gpointer data)
{
  Asked *a = data;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "rename") != 0)
    return;
  if (!kiela_pupils_rename (a->self->pupils, a->id, gtk_editable_get_text (GTK_EDITABLE (a->entry)), &error))
    tell (a->self, error->message);
}

static void
on_rename_entry_activate (GtkEntry *entry, GtkWidget *question)
{
  kiela_compat_question_respond (question, "rename");
}

static void
on_rename (GtkButton *button, KielaClassPage *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "pupil");
  /* TRANSLATORS: %s a pupil's name */
  g_autofree char *heading = g_strdup_printf (_("Rename “%s”"), kiela_pupils_get_name (self->pupils, id));
  GtkWidget *question = kiela_compat_question_new (heading, NULL);
  Asked *a = asked_new (self, id);

  a->entry = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (a->entry), kiela_pupils_get_name (self->pupils, id));
  gtk_entry_set_max_length (GTK_ENTRY (a->entry), KIELA_PUPIL_NAME_MAX);
  gtk_accessible_update_property (GTK_ACCESSIBLE (a->entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("New name"), -1);
  g_signal_connect (a->entry, "activate", G_CALLBACK (on_rename_entry_activate), question);
  kiela_compat_question_add_response (question, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (question, "rename", _("_Rename"), ADW_RESPONSE_SUGGESTED);
  kiela_compat_question_set_default_response (question, "rename");
  kiela_compat_question_set_close_response (question, "cancel");
  kiela_compat_question_set_extra_child (question, a->entry);
  kiela_compat_question_present (question, window_of (self), on_rename_answered, a, asked_free);
}

static void
on_reset_answered (const char *response, gpointer data)
{
  Asked *a = data;
  g_autoptr(KielaLessonProgress) progress = NULL;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "reset") != 0)
    return;
  progress = kiela_pupils_read_progress (a->self->pupils, a->id, NULL);
  if (!kiela_lesson_progress_reset (progress, &error))
    tell (a->self, error->message);
  rebuild (a->self);
}

static void
on_reset (GtkButton *button, KielaClassPage *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "pupil");
  /* TRANSLATORS: %s a pupil's name */
  g_autofree char *heading = g_strdup_printf (_("Start “%s” Afresh?"), kiela_pupils_get_name (self->pupils, id));
  GtkWidget *question = kiela_compat_question_new (heading, _("Their stars, mistakes and test results are forgotten. The other pupils keep theirs."));

  kiela_compat_question_add_response (question, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (question, "reset", _("_Start Afresh"), ADW_RESPONSE_DESTRUCTIVE);
  kiela_compat_question_set_default_response (question, "cancel");
  kiela_compat_question_set_close_response (question, "cancel");
  kiela_compat_question_present (question, window_of (self), on_reset_answered, asked_new (self, id), asked_free);
}

static void
on_remove_answered (const char *response, gpointer data)
{
  Asked *a = data;
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "remove") == 0 && !kiela_pupils_remove (a->self->pupils, a->id, &error))
    tell (a->self, error->message);
}

static void
on_remove (GtkButton *button, KielaClassPage *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "pupil");
  /* TRANSLATORS: %s a pupil's name */
  g_autofree char *heading = g_strdup_printf (_("Remove “%s” from the Class?"), kiela_pupils_get_name (self->pupils, id));
  GtkWidget *question = kiela_compat_question_new (heading, _("Their progress leaves the class. Its file is kept in the class folder, so it can be given back by hand."));

  kiela_compat_question_add_response (question, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (question, "remove", _("_Remove"), ADW_RESPONSE_DESTRUCTIVE);
  kiela_compat_question_set_default_response (question, "cancel");
  kiela_compat_question_set_close_response (question, "cancel");
  kiela_compat_question_present (question, window_of (self), on_remove_answered, asked_new (self, id), asked_free);
}

static void
on_play_toggled (GtkCheckButton *check, KielaClassPage *self)
{
  const char *id = g_object_get_data (G_OBJECT (check), "pupil");
  g_autoptr(GError) error = NULL;

  if (gtk_check_button_get_active (check) && g_strcmp0 (id, kiela_pupils_get_current (self->pupils)) != 0
      && !kiela_pupils_set_current (self->pupils, id, &error))
    tell (self, error->message);
}

static void
on_add (GtkWidget *row, KielaClassPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = kiela_pupils_add (self->pupils, gtk_editable_get_text (GTK_EDITABLE (row)), &error);

  gtk_label_set_label (GTK_LABEL (self->error_label), error ? error->message : "");
  gtk_widget_set_visible (self->error_label, error != NULL);
  if (id != NULL)
    gtk_editable_set_text (GTK_EDITABLE (row), "");
}

/* A refusal's reason is for the name it was about. */
static void
on_add_changed (GtkEditable *row, KielaClassPage *self)
{
  gtk_widget_set_visible (self->error_label, FALSE);
}

static GtkWidget *
icon_button (const char *icon, const char *tip, const char *id, GCallback callback, KielaClassPage *self)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  gtk_widget_add_css_class (button, "flat");
  g_object_set_data_full (G_OBJECT (button), "pupil", g_strdup (id), g_free);
  g_signal_connect (button, "clicked", callback, self);
  return button;
}

typedef struct {
  guint finished, stars, mistakes, to_practise;
} Summary;

static Summary
summarise (KielaClassPage *self, KielaLessonProgress *p)
{
  Summary s = { 0 };

  for (guint l = 0; l < self->lessons->len; l++)
    {
      const KielaLesson *lesson = g_ptr_array_index (self->lessons, l);
      guint stars = kiela_lesson_progress_lesson_stars (p, lesson->id, (guint) lesson->n_steps);

      s.finished += stars > 0;
      s.stars += stars;
    }
  s.mistakes = kiela_lesson_progress_get_mistakes_made (p);
  s.to_practise = kiela_lesson_progress_get_n_mistakes (p);
  return s;
}

static void
rebuild_pupils (KielaClassPage *self, GPtrArray *progress)
{
  GtkCheckButton *group = NULL;

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->pupils_group), g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);

  for (guint i = 0; i < kiela_pupils_get_n (self->pupils); i++)
    {
      const char *id = kiela_pupils_get_id (self->pupils, i);
      Summary s = summarise (self, g_ptr_array_index (progress, i));
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *subtitle = NULL;
      g_autofree char *lessons = NULL;
      g_autofree char *practise = NULL;

      /* TRANSLATORS: part of a pupil's row on the class page: %1$u lessons finished of %2$u */
      lessons = g_strdup_printf (_("%1$u of %2$u lessons"), s.finished, self->lessons->len);
      /* TRANSLATORS: part of a pupil's row on the class page */
      practise = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u mistake to practise", "%u mistakes to practise",
                                               s.to_practise), s.to_practise);
      /* TRANSLATORS: a pupil's row on the class page: %1$s "3 of 15 lessons", %2$u stars, %3$s "2 mistakes to practise" */
      subtitle = g_strdup_printf (_("%1$s · %2$u ★ · %3$s"), lessons, s.stars, practise);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), kiela_pupils_get_name (self->pupils, id));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      if (group != NULL)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), group);
      else
        group = GTK_CHECK_BUTTON (check);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), g_strcmp0 (id, kiela_pupils_get_current (self->pupils)) == 0);
      gtk_widget_set_tooltip_text (check, _("Playing now"));
      g_object_set_data_full (G_OBJECT (check), "pupil", g_strdup (id), g_free);
      g_signal_connect (check, "toggled", G_CALLBACK (on_play_toggled), self);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);

      g_object_set_data (G_OBJECT (row), "play", check);
      g_object_set_data (G_OBJECT (row), "rename",
                         icon_button ("document-edit-symbolic", _("Rename"), id, G_CALLBACK (on_rename), self));
      g_object_set_data (G_OBJECT (row), "reset",
                         icon_button ("edit-clear-all-symbolic", _("Start Afresh"), id, G_CALLBACK (on_reset), self));
      g_object_set_data (G_OBJECT (row), "remove",
                         icon_button ("user-trash-symbolic", _("Remove from the Class"), id, G_CALLBACK (on_remove), self));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), g_object_get_data (G_OBJECT (row), "rename"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), g_object_get_data (G_OBJECT (row), "reset"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), g_object_get_data (G_OBJECT (row), "remove"));
      /* The last pupil stays: a class always has someone playing. */
      gtk_widget_set_sensitive (g_object_get_data (G_OBJECT (row), "remove"), kiela_pupils_get_n (self->pupils) > 1);
      g_object_set_data_full (G_OBJECT (row), "pupil", g_strdup (id), g_free);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->pupils_group), row);
      g_ptr_array_add (self->rows, row);
    }
}

/* ---------- the table ---------- */

static void
cell (KielaClassPage *self, guint row, guint column, const char *text, const char *tooltip, gboolean heading)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column == 0 ? 0.0f : 0.5f);
  if (heading)
    gtk_widget_add_css_class (label, "heading");
  if (column == 0 && !heading)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 20);
      gtk_widget_set_tooltip_text (label, text);
    }
  if (tooltip != NULL)
    {
      gtk_widget_set_tooltip_text (label, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
    }
  gtk_grid_attach (self->table, label, (int) column, (int) row, 1, 1);
  g_hash_table_insert (self->cells, g_strdup_printf ("%u:%u", row, column), g_strdup (text));
}

static void
rebuild_table (KielaClassPage *self, GPtrArray *progress)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *child;
  guint first_lesson = 5, first_result;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_grid_remove (self->table, child);
  g_hash_table_remove_all (self->cells);

  for (guint i = 0; i < progress->len; i++)
    {
      g_auto(GStrv) ids = kiela_lesson_progress_list_results (g_ptr_array_index (progress, i));

      for (guint k = 0; ids[k] != NULL; k++)
        if (!g_ptr_array_find_with_equal_func (results, ids[k], g_str_equal, NULL))
          g_ptr_array_add (results, g_strdup (ids[k]));
    }
  first_result = first_lesson + self->lessons->len;

  /* The headings are the CSV's; a lesson is its number, its title in the tooltip. */
  cell (self, 0, 0, _("Pupil"), NULL, TRUE);
  cell (self, 0, 1, _("Lessons finished"), NULL, TRUE);
  cell (self, 0, 2, _("Stars"), NULL, TRUE);
  cell (self, 0, 3, _("Mistakes"), _("Wrong answers, all told"), TRUE);
  cell (self, 0, 4, _("To practise"), _("Steps still waiting to be got right"), TRUE);
  for (guint l = 0; l < self->lessons->len; l++)
    {
      g_autofree char *number = g_strdup_printf ("%u", l + 1);

      cell (self, 0, first_lesson + l, number, kiela_lesson_get_title (g_ptr_array_index (self->lessons, l)), TRUE);
    }
  for (guint r = 0; r < results->len; r++)
    {
      const KielaLesson *lesson = kiela_registry_lookup_lesson (self->registry, g_ptr_array_index (results, r));

      cell (self, 0, first_result + r, lesson ? kiela_lesson_get_title (lesson) : g_ptr_array_index (results, r), NULL, TRUE);
    }

  for (guint i = 0; i < progress->len; i++)
    {
      KielaLessonProgress *p = g_ptr_array_index (progress, i);
      Summary s = summarise (self, p);
      g_autofree char *finished = g_strdup_printf ("%u", s.finished);
      g_autofree char *stars = g_strdup_printf ("%u", s.stars);
      g_autofree char *mistakes = g_strdup_printf ("%u", s.mistakes);
      g_autofree char *to_practise = g_strdup_printf ("%u", s.to_practise);

      cell (self, i + 1, 0, kiela_pupils_get_name (self->pupils, kiela_pupils_get_id (self->pupils, i)), NULL, FALSE);
      cell (self, i + 1, 1, finished, NULL, FALSE);
      cell (self, i + 1, 2, stars, NULL, FALSE);
      cell (self, i + 1, 3, mistakes, NULL, FALSE);
      cell (self, i + 1, 4, to_practise, NULL, FALSE);
      for (guint l = 0; l < self->lessons->len; l++)
        {
          const KielaLesson *lesson = g_ptr_array_index (self->lessons, l);
          guint n = (guint) lesson->n_steps;
          guint got = kiela_lesson_progress_lesson_stars (p, lesson->id, n);
          guint done = kiela_lesson_progress_count_done (p, lesson->id, n);
          g_autofree char *text = got > 0 ? kiela_lesson_progress_stars_text (got)
                                          : done > 0 ? g_strdup_printf ("%u/%u", done, n) : g_strdup ("–");

          cell (self, i + 1, first_lesson + l, text, kiela_lesson_get_title (lesson), FALSE);
        }
      for (guint r = 0; r < results->len; r++)
        {
          KielaLessonResult result;
          g_autofree char *text = kiela_lesson_progress_get_result (p, g_ptr_array_index (results, r), &result)
                                  ? g_strdup_printf ("%u/%u", result.score, result.total) : g_strdup ("–");

          cell (self, i + 1, first_result + r, text, NULL, FALSE);
        }
    }
}

static void
rebuild (KielaClassPage *self)
{
  g_autoptr(GPtrArray) progress = g_ptr_array_new_with_free_func (g_object_unref);

  self->stale = FALSE;

  for (guint i = 0; i < kiela_pupils_get_n (self->pupils); i++)
    g_ptr_array_add (progress, kiela_pupils_read_progress (self->pupils, kiela_pupils_get_id (self->pupils, i), NULL));
  rebuild_pupils (self, progress);
  rebuild_table (self, progress);
}

/* Every answer changes the progress: the class's files are read again only when the page shows. */
static void
on_changed (KielaClassPage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    rebuild (self);
  else
    self->stale = TRUE;
}

static void
kiela_class_page_map (GtkWidget *widget)
{
  KielaClassPage *self = KIELA_CLASS_PAGE (widget);

  if (self->stale)
    rebuild (self);
  GTK_WIDGET_CLASS (kiela_class_page_parent_class)->map (widget);
}

/* ---------- CSV ---------- */

gboolean
kiela_class_page_export_to (KielaClassPage *self, GFile *file, GError **error)
{
  g_autofree char *csv = NULL;

  g_return_val_if_fail (KIELA_IS_CLASS_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  csv = kiela_pupils_to_csv (self->pupils, self->lessons);
  return g_file_replace_contents (file, csv, strlen (csv), NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                  NULL, NULL, error);
}

static void
on_csv_chosen (GFile *file, gpointer data)
{
  KielaClassPage *self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (file == NULL)
    return;
  name = g_file_get_parse_name (file);
  if (!kiela_class_page_export_to (self, file, &error))
    /* TRANSLATORS: %1$s a file, %2$s why it could not be written */
    text = g_strdup_printf (_("The class progress could not be saved to %1$s: %2$s"), name, error->message);
  else
    /* TRANSLATORS: %s the file written */
    text = g_strdup_printf (_("Class progress saved to %s."), name);
  tell (self, text);
}

static void
on_export (GtkButton *button, KielaClassPage *self)
{
  const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autoptr(GFile) folder = g_file_new_for_path (docs && g_file_test (docs, G_FILE_TEST_IS_DIR) ? docs : g_get_home_dir ());
  g_autoptr(GListStore) filters = kiela_compat_file_filters_new ();
  g_autofree char *name = kiela_pupils_csv_name (self->pupils);
  KielaCompatFileRequest request = {
    .title = _("Export Class Progress"), .accept_label = _("_Export"), .filters = G_LIST_MODEL (filters),
    .folder = folder, .name = name,
  };

  /* TRANSLATORS: a file type in the file chooser */
  kiela_compat_file_filters_add (filters, _("Spreadsheets (CSV)"), "text/csv", "*.csv", NULL);
  kiela_compat_choose_file (window_of (self), KIELA_COMPAT_FILE_SAVE, &request, on_csv_chosen,
                            g_object_ref (self), g_object_unref);
}

/* ---------- the object ---------- */

static void
kiela_class_page_dispose (GObject *object)
{
  KielaClassPage *self = KIELA_CLASS_PAGE (object);

  if (self->pupils != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->pupils, self);
      g_signal_handlers_disconnect_by_data (kiela_pupils_get_progress (self->pupils), self);
    }
  g_clear_object (&self->pupils);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (kiela_class_page_parent_class)->dispose (object);
}

static void
kiela_class_page_finalize (GObject *object)
{
  KielaClassPage *self = KIELA_CLASS_PAGE (object);

  g_ptr_array_unref (self->rows);
  g_hash_table_unref (self->cells);
  g_clear_pointer (&self->lessons, g_ptr_array_unref);
  G_OBJECT_CLASS (kiela_class_page_parent_class)->finalize (object);
}

static void
kiela_class_page_class_init (KielaClassPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kiela_class_page_dispose;
  object_class->finalize = kiela_class_page_finalize;
  GTK_WIDGET_CLASS (klass)->map = kiela_class_page_map;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
kiela_class_page_init (KielaClassPage *self)
{
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  GtkWidget *heading = gtk_label_new (_("Pupils and Class Progress"));
  GtkWidget *progress_group = adw_preferences_group_new ();
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  self->rows = g_ptr_array_new ();
  self->cells = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  /* Wider than the other lists: the table has a column a lesson. */
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 1100);
  g_object_set (clamp, "margin-top", 24, "margin-bottom", 24, "margin-start", 12, "margin-end", 12, NULL);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), clamp);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_widget_add_css_class (heading, "title-1");
  gtk_box_append (GTK_BOX (box), heading);

  self->pupils_group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->pupils_group), _("Pupils"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->pupils_group),
                                         _("Each pupil keeps their own stars and mistakes. Who is playing is picked here or on the Welcome page; there are no passwords."));
  gtk_box_append (GTK_BOX (box), self->pupils_group);

  self->add_row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->add_row), _("Add a pupil by name"));
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (self->add_row), TRUE);
  g_signal_connect (self->add_row, "apply", G_CALLBACK (on_add), self);
  g_signal_connect (self->add_row, "entry-activated", G_CALLBACK (on_add), self);
  g_signal_connect (self->add_row, "changed", G_CALLBACK (on_add_changed), self);
  self->error_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->error_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_widget_add_css_class (self->error_label, "error");
  gtk_widget_set_visible (self->error_label, FALSE);
  {
    GtkWidget *add_group = adw_preferences_group_new ();
    GtkWidget *add_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *list = gtk_list_box_new ();

    gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
    gtk_widget_add_css_class (list, "boxed-list");
    gtk_list_box_append (GTK_LIST_BOX (list), self->add_row);
    gtk_box_append (GTK_BOX (add_box), list);
    gtk_box_append (GTK_BOX (add_box), self->error_label);
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (add_group), add_box);
    gtk_box_append (GTK_BOX (box), add_group);
  }

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (progress_group), _("Class Progress"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (progress_group),
                                         _("Who finished which lesson, with how many stars, and the final tests’ scores. A lesson is its number: point at it for its title."));
  self->export_button = gtk_button_new_with_mnemonic (_("_Export CSV…"));
  gtk_widget_set_valign (self->export_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (self->export_button, _("Save the table as a spreadsheet file"));
  g_signal_connect (self->export_button, "clicked", G_CALLBACK (on_export), self);
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (progress_group), self->export_button);

  self->table = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (self->table, 18);
  gtk_grid_set_row_spacing (self->table, 8);
  g_object_set (self->table, "margin-top", 12, "margin-bottom", 12, "margin-start", 12, "margin-end", 12, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Class Progress"), -1);
  self->table_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->table_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->table_scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->table_scroller), GTK_WIDGET (self->table));
  gtk_widget_add_css_class (card, "card");
  gtk_box_append (GTK_BOX (card), self->table_scroller);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (progress_group), card);
  gtk_box_append (GTK_BOX (box), progress_group);
}

GtkWidget *
kiela_class_page_new (KielaRegistry *registry, KielaPupils *pupils)
{
  KielaClassPage *self = g_object_new (KIELA_TYPE_CLASS_PAGE, NULL);

  self->registry = registry;
  self->pupils = g_object_ref (pupils);
  self->lessons = kiela_lessons_sorted (registry, KIELA_LESSON_KIND_COURSE);
  g_signal_connect_swapped (pupils, "changed", G_CALLBACK (on_changed), self);
  g_signal_connect_swapped (kiela_pupils_get_progress (pupils), "changed", G_CALLBACK (on_changed), self);
  rebuild (self);
  return GTK_WIDGET (self);
}

GtkWidget *
kiela_class_page_get_control (KielaClassPage *self, const char *name)
{
  g_return_val_if_fail (KIELA_IS_CLASS_PAGE (self), NULL);
  if (g_strcmp0 (name, "add") == 0) return self->add_row;
  if (g_strcmp0 (name, "export") == 0) return self->export_button;
  if (g_strcmp0 (name, "table") == 0) return GTK_WIDGET (self->table);
  if (g_strcmp0 (name, "error") == 0) return self->error_label;
  return NULL;
}

GtkWidget *
kiela_class_page_get_pupil_control (KielaClassPage *self, const char *pupil_id, const char *name)
{
  g_return_val_if_fail (KIELA_IS_CLASS_PAGE (self), NULL);
  for (guint i = 0; i < self->rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->rows, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "pupil"), pupil_id) == 0)
        return g_strcmp0 (name, "row") == 0 ? row : g_object_get_data (G_OBJECT (row), name);
    }
  return NULL;
}

const char *
kiela_class_page_get_cell (KielaClassPage *self, guint row, guint column)
{
  g_autofree char *key = g_strdup_printf ("%u:%u", row, column);

  g_return_val_if_fail (KIELA_IS_CLASS_PAGE (self), NULL);
  if (self->stale)
    rebuild (self);
  return g_hash_table_lookup (self->cells, key);
}

GPtrArray *
kiela_class_page_get_lessons (KielaClassPage *self)
{
  g_return_val_if_fail (KIELA_IS_CLASS_PAGE (self), NULL);
  return self->lessons;
}
