/* kiela-lesson-editor.c: the lesson editor page: the lesson's settings, its steps and the selected
 * step's form beside the step's board in editing mode; every edit goes to the draft (undo, checks,
 * autosave), and the page redraws from the draft. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-editor-private.h"

/* The draft is written to disk this long after the last edit. */
#define AUTOSAVE_DELAY_MS 800

G_DEFINE_FINAL_TYPE (KielaLessonEditor, kiela_lesson_editor, ADW_TYPE_BIN)

const KielaTaskKind kiela_lesson_editor_kinds[KIELA_LESSON_EDITOR_N_KINDS] = {
  KIELA_TASK_SOW_HOUSE, KIELA_TASK_PREDICT_LAST, KIELA_TASK_PREDICT_CAPTURE, KIELA_TASK_BEST_MOVE,
  KIELA_TASK_SOW_ANY, KIELA_TASK_WATCH, KIELA_TASK_PLAY_OUT, KIELA_TASK_ARRANGE,
};

KielaWindow *
kiela_lesson_editor_get_window (KielaLessonEditor *self)
{
  return KIELA_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (self), KIELA_TYPE_WINDOW));
}

void
kiela_lesson_editor_say (KielaLessonEditor *self, const char *text)
{
  KielaWindow *window = kiela_lesson_editor_get_window (self);

  if (window != NULL)
    kiela_window_add_message (window, text);
}

const KielaLessonDraftStep *
kiela_lesson_editor_selected_step (KielaLessonEditor *self)
{
  if (self->selected >= kiela_lesson_draft_get_n_steps (self->draft))
    return NULL;
  return kiela_lesson_draft_get_step (self->draft, self->selected);
}

gboolean
kiela_lesson_editor_kind_has_house (KielaTaskKind kind)
{
  return kind == KIELA_TASK_WATCH || kind == KIELA_TASK_SOW_HOUSE || kind == KIELA_TASK_PREDICT_LAST
         || kind == KIELA_TASK_PREDICT_CAPTURE;
}

/* ---------- autosave ---------- */

static gboolean
autosave_now (gpointer data)
{
  KielaLessonEditor *self = data;
  g_autoptr(GError) error = NULL;

  self->autosave_id = 0;
  if (self->autosave_path != NULL && !kiela_lesson_draft_autosave (self->draft, self->autosave_path, &error))
    g_warning ("lesson editor autosave: %s", error->message);
  return G_SOURCE_REMOVE;
}

void
kiela_lesson_editor_schedule_autosave (KielaLessonEditor *self)
{
  if (self->autosave_path == NULL)
    return;
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add (AUTOSAVE_DELAY_MS, autosave_now, self);
}

/* ---------- a pack: a file of several lessons ---------- */

/* The pack row lists the file's lessons, the draft's selected. */
static void
show_pack (KielaLessonEditor *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  guint n = self->pack ? kiela_lesson_file_get_n_lessons (self->pack) : 0;

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (titles, kiela_lesson_get_title (kiela_lesson_file_get_lesson (self->pack, i)));
  self->updating = TRUE;
  adw_combo_row_set_model (self->pack_row, G_LIST_MODEL (titles));
  if (n > 0)
    adw_combo_row_set_selected (self->pack_row, self->pack_index);
  if (n > 1)
    {
      /* TRANSLATORS: under the pack row: %u lessons in the file */
      g_autofree char *subtitle = g_strdup_printf (ngettext ("The file holds %u lesson", "The file holds %u lessons", n), n);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->pack_row), subtitle);
    }
  self->updating = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->pack_row), n > 1);
}

/* The draft is lesson `index` of `file` (taken), a pack when it holds more than one. */
void
kiela_lesson_editor_set_pack (KielaLessonEditor *self, KielaLessonFile *file, guint index)
{
  g_clear_pointer (&self->pack, kiela_lesson_file_free);
  if (file != NULL && kiela_lesson_file_get_n_lessons (file) > 1)
    {
      self->pack = file;
      self->pack_index = index;
    }
  else
    kiela_lesson_file_free (file);
  show_pack (self);
}

/* After a restart the autosaved draft is still one lesson of its pack: found again by its id,
 * so that saving writes the whole pack back, not the one lesson over it. */
static void
find_pack (KielaLessonEditor *self)
{
  const char *path = kiela_lesson_draft_get_path (self->draft);
  g_autofree char *id = kiela_lesson_draft_dup_id (self->draft);
  KielaLessonFile *file = path ? kiela_lesson_file_new_from_file (path, NULL) : NULL;

  for (guint i = 0; file != NULL && i < kiela_lesson_file_get_n_lessons (file); i++)
    if (g_strcmp0 (kiela_lesson_file_get_lesson (file, i)->id, id) == 0)
      {
        kiela_lesson_editor_set_pack (self, file, i);
        return;
      }
  kiela_lesson_editor_set_pack (self, NULL, 0);
  kiela_lesson_file_free (file);
}

/* What Save writes: the draft's lesson, in a pack with the pack's other lessons as they are. */
static KielaLessonFile *
build_saved_file (KielaLessonEditor *self, GError **error)
{
  g_autoptr(KielaLessonFile) one = kiela_lesson_draft_to_file (self->draft, error);
  g_autoptr(KielaLessonFile) all = NULL;

  if (one == NULL || self->pack == NULL)
    return g_steal_pointer (&one);
  all = kiela_lesson_file_new ();
  for (guint i = 0; i < kiela_lesson_file_get_n_lessons (self->pack); i++)
    {
      KielaLessonFile *from = i == self->pack_index ? one : self->pack;
      guint at = i == self->pack_index ? 0 : i;

      if (!kiela_lesson_file_add_lesson (all, kiela_lesson_file_get_lesson (from, at), kiela_lesson_file_get_author (from, at),
                                         error))
        return NULL;
    }
  if (!kiela_lesson_file_check (all, self->registry, error))
    return NULL;
  return g_steal_pointer (&all);
}

/* ---------- the object ---------- */

static void
kiela_lesson_editor_dispose (GObject *object)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (object);

  /* The last edits reach the disk even when the window closes within the autosave delay. */
  if (self->autosave_id != 0)
    {
      g_clear_handle_id (&self->autosave_id, g_source_remove);
      autosave_now (self);
    }
  kiela_lesson_editor_cancel_search (self);
  if (self->draft != NULL)
    g_signal_handlers_disconnect_by_data (self->draft, self);
  if (self->pmodel != NULL)
    g_signal_handlers_disconnect_by_data (self->pmodel, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KIELA_TYPE_LESSON_EDITOR);
  G_OBJECT_CLASS (kiela_lesson_editor_parent_class)->dispose (object);
}

static void
kiela_lesson_editor_finalize (GObject *object)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (object);

  g_clear_object (&self->draft);
  g_clear_object (&self->pmodel);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->variants, g_ptr_array_unref);
  g_clear_pointer (&self->personalities, g_ptr_array_unref);
  g_clear_pointer (&self->errors, g_ptr_array_unref);
  g_clear_pointer (&self->try_file, kiela_lesson_file_free);
  g_clear_pointer (&self->pack, kiela_lesson_file_free);
  g_clear_object (&self->try_progress);
  g_free (self->best_error);
  g_free (self->autosave_path);
  G_OBJECT_CLASS (kiela_lesson_editor_parent_class)->finalize (object);
}

static void
kiela_lesson_editor_class_init (KielaLessonEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const struct { const char *name; void (*activate) (GtkWidget *, const char *, GVariant *); } actions[] = {
    { "lesson-editor.undo", kiela_lesson_editor_action_undo },
    { "lesson-editor.redo", kiela_lesson_editor_action_redo },
    { "lesson-editor.add-step", kiela_lesson_editor_action_add_step },
    { "lesson-editor.remove-step", kiela_lesson_editor_action_remove_step },
    { "lesson-editor.step-up", kiela_lesson_editor_action_step_up },
    { "lesson-editor.step-down", kiela_lesson_editor_action_step_down },
    { "lesson-editor.find-best", kiela_lesson_editor_action_find_best },
    { "lesson-editor.clear", kiela_lesson_editor_action_clear },
    { "lesson-editor.start-position", kiela_lesson_editor_action_start_position },
    { "lesson-editor.mirror", kiela_lesson_editor_action_mirror },
    { "lesson-editor.try", kiela_lesson_editor_action_try },
    { "lesson-editor.new", kiela_lesson_editor_action_new },
    { "lesson-editor.open", kiela_lesson_editor_action_open },
    { "lesson-editor.save-as", kiela_lesson_editor_action_save_as },
    { "lesson-editor.install", kiela_lesson_editor_action_install },
    { "lesson-editor.export-worksheet", kiela_lesson_editor_action_export },
    { "lesson-editor.print", kiela_lesson_editor_action_print },
  };

  object_class->dispose = kiela_lesson_editor_dispose;
  object_class->finalize = kiela_lesson_editor_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-lesson-editor.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KielaLessonEditor, name)
  BIND (board_title);
  BIND (board_box);
  BIND (board_hint);
  BIND (arrange_toggle);
  BIND (answer_toggle);
  BIND (south_toggle);
  BIND (north_toggle);
  BIND (side_scroll);
  BIND (pack_row);
  BIND (title_row);
  BIND (summary_row);
  BIND (author_row);
  BIND (level_row);
  BIND (variant_row);
  BIND (notes_row);
  BIND (objective_row);
  BIND (misconceptions_view);
  BIND (activity_row);
  BIND (steps_group);
  BIND (step_list);
  BIND (step_group);
  BIND (kind_row);
  BIND (answer_row);
  BIND (best_spinner);
  BIND (best_button);
  BIND (condition_row);
  BIND (opponent_row);
  BIND (goal_row);
  BIND (arrange_row);
  BIND (number_row);
  BIND (number_spin);
  BIND (hint_row);
  BIND (text_label);
  BIND (text_frame);
  BIND (text_view);
  BIND (problem_box);
  BIND (problem_label);
  BIND (step_tools);
  BIND (try_button);
#undef BIND

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, NULL, actions[i].activate);
  /* Bubbling from the focused widget: a text entry keeps its own undo. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "lesson-editor.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "lesson-editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "lesson-editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_y, GDK_CONTROL_MASK, "lesson-editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "lesson-editor.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "lesson-editor.save-as", NULL);
}

static void
kiela_lesson_editor_init (KielaLessonEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->variants = g_ptr_array_new ();
  self->personalities = g_ptr_array_new ();
  self->errors = g_ptr_array_new_with_free_func (g_free);
  self->selected = G_MAXUINT;

  self->board = KIELA_BOARD_VIEW (kiela_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
}

static GListModel *
string_model (const char *const *items, guint n)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (list, items[i]);
  return G_LIST_MODEL (list);
}

GtkWidget *
kiela_lesson_editor_new (KielaRegistry *registry, GSettings *settings, const char *autosave_path)
{
  KielaLessonEditor *self = g_object_new (KIELA_TYPE_LESSON_EDITOR, NULL);
  GPtrArray *variants = kiela_registry_get_variants (registry);
  GPtrArray *people = kiela_registry_get_personalities (registry);
  g_autoptr(GtkStringList) variant_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) kind_names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) people_names = gtk_string_list_new (NULL);
  const char *levels[] = { kiela_lesson_level_name (KIELA_LESSON_BEGINNER), kiela_lesson_level_name (KIELA_LESSON_ADVANCED),
                           kiela_lesson_level_name (KIELA_LESSON_EXPERT) };
  const char *conditions[] = { _("Capture"), _("Relay"), _("Capture at least some stones"),
                               _("Leave the opponent no capture"), _("Drop the most stones"), _("Be any legal move"),
                               _("Leave the opponent no move") };
  const char *goals[] = { _("Capture every stone"), _("Win the game"), _("Survive some moves"), _("Make a relay"),
                          _("Capture once"), _("Lose no stone"), _("Capture twice in one move") };
  g_autoptr(GListModel) level_model = string_model (levels, G_N_ELEMENTS (levels));
  g_autoptr(GListModel) condition_model = string_model (conditions, G_N_ELEMENTS (conditions));
  /* The KielaArrangeGoal of an ARRANGE step, in its order. */
  const char *arrange_goals[] = {
    /* TRANSLATORS: the lesson editor: an arrangement step's goal: the side to move arranges its
     * stones so that its first move captures */
    _("Prepare a capture (the side to move arranges)"),
    /* TRANSLATORS: the lesson editor: an arrangement step's goal: the other side arranges so
     * that no first move of the side to move captures */
    _("Leave no capture (the other side arranges)"),
  };
  g_autoptr(GListModel) goal_model = string_model (goals, G_N_ELEMENTS (goals));
  g_autoptr(GListModel) arrange_model = string_model (arrange_goals, G_N_ELEMENTS (arrange_goals));
  const KielaVariant *variant;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;

  self->registry = registry;
  self->settings = settings ? g_object_ref (settings) : NULL;
  self->autosave_path = g_strdup (autosave_path);
  for (guint i = 0; variants && i < variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (variants, i);

      g_ptr_array_add (self->variants, (gpointer) v);
      gtk_string_list_append (variant_names, kiela_variant_get_name (v));
    }
  for (guint i = 0; people && i < people->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (people, i);
      /* TRANSLATORS: an opponent in the lesson editor: "Zola · Advanced" */
      g_autofree char *text = g_strdup_printf (_("%1$s · %2$s"), p->name,
                                               kiela_personality_get_level_name (p));

      g_ptr_array_add (self->personalities, (gpointer) p);
      gtk_string_list_append (people_names, text);
    }
  for (guint k = 0; k < G_N_ELEMENTS (kiela_lesson_editor_kinds); k++)
    gtk_string_list_append (kind_names, kiela_task_kind_name (kiela_lesson_editor_kinds[k]));

  self->updating = TRUE;
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variant_names));
  adw_combo_row_set_model (self->level_row, level_model);
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kind_names));
  adw_combo_row_set_model (self->condition_row, condition_model);
  adw_combo_row_set_model (self->goal_row, goal_model);
  adw_combo_row_set_model (self->arrange_row, arrange_model);
  adw_combo_row_set_model (self->opponent_row, G_LIST_MODEL (people_names));
  self->updating = FALSE;

  variant = kiela_registry_get_default_variant (registry);
  if (variant == NULL && self->variants->len > 0)
    variant = g_ptr_array_index (self->variants, 0);
  g_return_val_if_fail (variant != NULL, GTK_WIDGET (self));
  self->draft = kiela_lesson_draft_new (registry);
  self->pmodel = kiela_position_model_new (self->variants, variant);
  self->editing = kiela_board_editing_attach (self->board, self->pmodel);

  /* The lesson in progress comes back: a draft that does not read is left for the user to find. */
  if (autosave_path != NULL && g_file_get_contents (autosave_path, &saved, NULL, NULL)
      && !kiela_lesson_draft_deserialize (self->draft, saved, &error))
    g_warning ("%s: %s", autosave_path, error->message);

  g_signal_connect (self->draft, "changed", G_CALLBACK (kiela_lesson_editor_on_draft_changed), self);
  g_signal_connect (self->pmodel, "changed", G_CALLBACK (kiela_lesson_editor_on_pmodel_changed), self);
  g_signal_connect (self->arrange_toggle, "toggled", G_CALLBACK (kiela_lesson_editor_on_mode_toggled), self);
  g_signal_connect (self->answer_toggle, "toggled", G_CALLBACK (kiela_lesson_editor_on_mode_toggled), self);
  g_signal_connect (self->south_toggle, "toggled", G_CALLBACK (kiela_lesson_editor_on_side_toggled), self);
  g_signal_connect (self->north_toggle, "toggled", G_CALLBACK (kiela_lesson_editor_on_side_toggled), self);
  g_signal_connect (self->title_row, "changed", G_CALLBACK (kiela_lesson_editor_on_entry_changed), self);
  g_signal_connect (self->summary_row, "changed", G_CALLBACK (kiela_lesson_editor_on_entry_changed), self);
  g_signal_connect (self->author_row, "changed", G_CALLBACK (kiela_lesson_editor_on_entry_changed), self);
  g_signal_connect (self->hint_row, "changed", G_CALLBACK (kiela_lesson_editor_on_entry_changed), self);
  g_signal_connect (self->objective_row, "changed", G_CALLBACK (kiela_lesson_editor_on_entry_changed), self);
  g_signal_connect (self->activity_row, "changed", G_CALLBACK (kiela_lesson_editor_on_entry_changed), self);
  g_signal_connect (gtk_text_view_get_buffer (self->misconceptions_view), "changed",
                    G_CALLBACK (kiela_lesson_editor_on_misconceptions_changed), self);
  g_signal_connect (gtk_text_view_get_buffer (self->text_view), "changed", G_CALLBACK (kiela_lesson_editor_on_text_changed), self);
  g_signal_connect (self->level_row, "notify::selected", G_CALLBACK (kiela_lesson_editor_on_combo_selected), self);
  g_signal_connect (self->pack_row, "notify::selected", G_CALLBACK (kiela_lesson_editor_on_combo_selected), self);
  g_signal_connect (self->variant_row, "notify::selected", G_CALLBACK (kiela_lesson_editor_on_combo_selected), self);
  g_signal_connect (self->kind_row, "notify::selected", G_CALLBACK (kiela_lesson_editor_on_combo_selected), self);
  g_signal_connect (self->condition_row, "notify::selected", G_CALLBACK (kiela_lesson_editor_on_combo_selected), self);
  g_signal_connect (self->goal_row, "notify::selected", G_CALLBACK (kiela_lesson_editor_on_combo_selected), self);
  g_signal_connect (self->arrange_row, "notify::selected", G_CALLBACK (kiela_lesson_editor_on_combo_selected), self);
  g_signal_connect (self->opponent_row, "notify::selected", G_CALLBACK (kiela_lesson_editor_on_combo_selected), self);
  g_signal_connect (self->number_spin, "value-changed", G_CALLBACK (kiela_lesson_editor_on_number_changed), self);
  g_signal_connect (self->step_list, "row-selected", G_CALLBACK (kiela_lesson_editor_on_row_selected), self);
  if (kiela_lesson_draft_get_n_steps (self->draft) > 0)
    self->selected = 0;
  find_pack (self);
  kiela_lesson_editor_refresh (self);
  /* Restoring is no edit: nothing to write until the teacher changes something. */
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  return GTK_WIDGET (self);
}

/* ---------- public API ---------- */

KielaLessonDraft *
kiela_lesson_editor_get_draft (KielaLessonEditor *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), NULL);
  return self->draft;
}

KielaBoardView *
kiela_lesson_editor_get_board (KielaLessonEditor *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), NULL);
  return self->board;
}

guint
kiela_lesson_editor_get_selected (KielaLessonEditor *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), G_MAXUINT);
  return self->selected;
}

void
kiela_lesson_editor_select_step (KielaLessonEditor *self, guint index)
{
  g_return_if_fail (KIELA_IS_LESSON_EDITOR (self));
  if (index >= kiela_lesson_draft_get_n_steps (self->draft) || index == self->selected)
    return;
  self->selected = index;
  kiela_lesson_draft_break_merge (self->draft);
  kiela_lesson_editor_refresh (self);
}

gboolean
kiela_lesson_editor_add_step (KielaLessonEditor *self, const KielaVariant *variant, const KielaPosition *pos,
                              GError **error)
{
  guint n, at;
  g_autofree char *kpn = NULL;

  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), FALSE);
  n = kiela_lesson_draft_get_n_steps (self->draft);
  if (variant != NULL && g_strcmp0 (variant->id, kiela_lesson_draft_get_variant_id (self->draft)) != 0)
    {
      const KielaVariant *ours = kiela_lesson_draft_get_variant (self->draft);

      if (n > 0)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       /* TRANSLATORS: %1$s the lesson's variant, %2$s the position's */
                       _("This lesson plays %1$s: a position of %2$s cannot be one of its steps."),
                       ours ? kiela_variant_get_name (ours) : kiela_lesson_draft_get_variant_id (self->draft),
                       kiela_variant_get_name (variant));
          return FALSE;
        }
      kiela_lesson_draft_set_variant (self->draft, variant->id);
    }
  if (n >= KIELA_LESSON_MAX_STEPS)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("A lesson holds at most %u steps."),
                   (guint) KIELA_LESSON_MAX_STEPS);
      return FALSE;
    }
  if (pos != NULL)
    kpn = kiela_position_to_string (pos);
  else if (kiela_lesson_editor_selected_step (self) != NULL)
    kpn = g_strdup (kiela_lesson_editor_selected_step (self)->position);
  at = self->selected == G_MAXUINT ? n : self->selected + 1;
  kiela_lesson_editor_cancel_search (self);
  /* The new step is shown when the draft says it changed. */
  self->selected = at;
  kiela_lesson_draft_insert_step (self->draft, at, kpn);
  return TRUE;
}

void
kiela_lesson_editor_set_choosing (KielaLessonEditor *self, gboolean choosing)
{
  g_return_if_fail (KIELA_IS_LESSON_EDITOR (self));
  gtk_toggle_button_set_active (choosing ? self->answer_toggle : self->arrange_toggle, TRUE);
}

gboolean
kiela_lesson_editor_get_choosing (KielaLessonEditor *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), FALSE);
  return kiela_board_editing_get_picking (self->editing);
}

const char *
kiela_lesson_editor_get_step_error (KielaLessonEditor *self, guint index)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), NULL);
  return index < self->errors->len ? g_ptr_array_index (self->errors, index) : NULL;
}

gboolean
kiela_lesson_editor_is_searching (KielaLessonEditor *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), FALSE);
  return self->searching != NULL;
}

KielaLessonFile *
kiela_lesson_editor_build_file (KielaLessonEditor *self, GError **error)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), NULL);
  return kiela_lesson_draft_to_file (self->draft, error);
}

static void
on_try_finished (KielaLessonView *view, const char *id, KielaLessonEditor *self)
{
  KielaWindow *window = kiela_lesson_editor_get_window (self);

  if (window == NULL)
    window = KIELA_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (view), KIELA_TYPE_WINDOW));
  if (window != NULL)
    {
      kiela_window_pop_page (window);
      kiela_window_add_message (window, _("The pupil reached the end of the lesson."));
    }
}

gboolean
kiela_lesson_editor_try (KielaLessonEditor *self, GError **error)
{
  KielaWindow *window;
  g_autoptr(KielaLessonFile) file = NULL;
  const KielaLesson *lesson;
  const KielaVariant *variant;

  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), FALSE);
  window = kiela_lesson_editor_get_window (self);
  file = kiela_lesson_draft_to_file (self->draft, error);
  if (file == NULL)
    return FALSE;
  if (window == NULL)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, "the lesson editor is in no window");
      return FALSE;
    }
  lesson = kiela_lesson_file_get_lesson (file, 0);
  variant = kiela_registry_lookup_variant (self->registry, lesson->variant);
  if (self->try_view == NULL)
    {
      /* The pupil's stars on a lesson being written are not the pupil's progress: kept apart. */
      g_autofree char *progress_path = g_build_filename (g_get_user_cache_dir (), "kiela", "lesson-try-progress.ini", NULL);

      self->try_progress = kiela_lesson_progress_new (progress_path);
      self->try_view = kiela_lesson_view_new (self->registry, self->try_progress, self->settings);
      g_signal_connect_object (self->try_view, "finished", G_CALLBACK (on_try_finished), self, 0);
      /* TRANSLATORS: the header's title while the teacher tries the lesson being written */
      kiela_window_add_page (window, KIELA_PAGE_LESSON_TRY, _("Try as a Pupil"), self->try_view);
      kiela_window_set_back_tooltip (window, KIELA_PAGE_LESSON_EDITOR, _("Back to the Lesson Editor"));
    }
  /* Every try starts with no stars: the stars show how this try went. */
  kiela_lesson_progress_reset (self->try_progress, NULL);
  if (!kiela_lesson_view_open_lesson (KIELA_LESSON_VIEW (self->try_view), lesson, variant, 0, error))
    return FALSE;
  /* The view shows the file's lesson: it lives until the next try. */
  g_clear_pointer (&self->try_file, kiela_lesson_file_free);
  self->try_file = g_steal_pointer (&file);
  kiela_window_push_page (window, KIELA_PAGE_LESSON_TRY);
  return TRUE;
}

KielaLessonView *
kiela_lesson_editor_get_try_view (KielaLessonEditor *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), NULL);
  return self->try_view ? KIELA_LESSON_VIEW (self->try_view) : NULL;
}

gboolean
kiela_lesson_editor_save_to_path (KielaLessonEditor *self, const char *where, GError **error)
{
  g_autoptr(KielaLessonFile) file = NULL;
  /* `where` may be the draft's own path, which setting it again frees. */
  g_autofree char *path = g_strdup (where);

  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), FALSE);
  file = build_saved_file (self, error);
  if (file == NULL || !kiela_lesson_file_save (file, path, error))
    return FALSE;
  kiela_lesson_draft_set_path (self->draft, path);
  kiela_lesson_draft_mark_saved (self->draft);
  /* The pack as saved: its other lessons are written from it next time. */
  if (self->pack != NULL)
    kiela_lesson_editor_set_pack (self, kiela_lesson_file_new_from_file (path, NULL), self->pack_index);
  return TRUE;
}

gboolean
kiela_lesson_editor_open_path (KielaLessonEditor *self, const char *path, GError **error)
{
  g_autoptr(KielaLessonFile) file = NULL;

  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), FALSE);
  file = kiela_lesson_file_new_from_file (path, error);
  if (file == NULL)
    return FALSE;
  kiela_lesson_editor_cancel_search (self);
  g_clear_pointer (&self->best_error, g_free);
  self->selected = 0;
  kiela_lesson_draft_load_lesson (self->draft, file, 0);
  /* A pack: every lesson of it in the pack row, the first one shown. */
  kiela_lesson_editor_set_pack (self, g_steal_pointer (&file), 0);
  return TRUE;
}

gboolean
kiela_lesson_editor_show_pack_lesson (KielaLessonEditor *self, guint index)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), FALSE);
  if (self->pack == NULL || index >= kiela_lesson_file_get_n_lessons (self->pack))
    return FALSE;
  kiela_lesson_editor_cancel_search (self);
  g_clear_pointer (&self->best_error, g_free);
  self->selected = 0;
  self->pack_index = index;
  kiela_lesson_draft_load_lesson (self->draft, self->pack, index);
  show_pack (self);
  return TRUE;
}

guint
kiela_lesson_editor_get_pack_size (KielaLessonEditor *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), 0);
  return self->pack ? kiela_lesson_file_get_n_lessons (self->pack) : 0;
}

gboolean
kiela_lesson_editor_install_lesson (KielaLessonEditor *self, gboolean replace, char **installed_path, GError **error)
{
  const char *path;

  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), FALSE);
  path = kiela_lesson_draft_get_path (self->draft);
  if (path == NULL || kiela_lesson_draft_get_modified (self->draft))
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_IO, _("Save the lesson first: the saved file is installed."));
      return FALSE;
    }
  if (!kiela_lesson_install (self->registry, path, replace, installed_path, error))
    return FALSE;
  if (kiela_lesson_editor_get_window (self) != NULL)
    {
      KielaLearn *learn = kiela_window_get_learn (kiela_lesson_editor_get_window (self));

      kiela_lessons_page_refresh (KIELA_LESSONS_PAGE (kiela_learn_get_page (learn, KIELA_PAGE_LESSONS)));
      kiela_lessons_page_refresh (KIELA_LESSONS_PAGE (kiela_learn_get_page (learn, KIELA_PAGE_PUZZLES)));
    }
  return TRUE;
}

GtkWidget *
kiela_lesson_editor_get_control (KielaLessonEditor *self, const char *name)
{
  static const struct { const char *name; gsize offset; } controls[] = {
    { "title", G_STRUCT_OFFSET (KielaLessonEditor, title_row) },
    { "summary", G_STRUCT_OFFSET (KielaLessonEditor, summary_row) },
    { "author", G_STRUCT_OFFSET (KielaLessonEditor, author_row) },
    { "level", G_STRUCT_OFFSET (KielaLessonEditor, level_row) },
    { "variant", G_STRUCT_OFFSET (KielaLessonEditor, variant_row) },
    { "steps", G_STRUCT_OFFSET (KielaLessonEditor, step_list) },
    { "kind", G_STRUCT_OFFSET (KielaLessonEditor, kind_row) },
    { "answer", G_STRUCT_OFFSET (KielaLessonEditor, answer_row) },
    { "best", G_STRUCT_OFFSET (KielaLessonEditor, best_button) },
    { "condition", G_STRUCT_OFFSET (KielaLessonEditor, condition_row) },
    { "opponent", G_STRUCT_OFFSET (KielaLessonEditor, opponent_row) },
    { "goal", G_STRUCT_OFFSET (KielaLessonEditor, goal_row) },
    { "arrange", G_STRUCT_OFFSET (KielaLessonEditor, arrange_row) },
    { "number", G_STRUCT_OFFSET (KielaLessonEditor, number_spin) },
    { "hint", G_STRUCT_OFFSET (KielaLessonEditor, hint_row) },
    { "text", G_STRUCT_OFFSET (KielaLessonEditor, text_view) },
    { "problem", G_STRUCT_OFFSET (KielaLessonEditor, problem_label) },
    { "try", G_STRUCT_OFFSET (KielaLessonEditor, try_button) },
    { "heading", G_STRUCT_OFFSET (KielaLessonEditor, board_title) },
    { "pack", G_STRUCT_OFFSET (KielaLessonEditor, pack_row) },
    { "notes", G_STRUCT_OFFSET (KielaLessonEditor, notes_row) },
    { "objective", G_STRUCT_OFFSET (KielaLessonEditor, objective_row) },
    { "misconceptions", G_STRUCT_OFFSET (KielaLessonEditor, misconceptions_view) },
    { "activity", G_STRUCT_OFFSET (KielaLessonEditor, activity_row) },
  };

  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    if (g_strcmp0 (controls[i].name, name) == 0)
      return G_STRUCT_MEMBER (GtkWidget *, self, controls[i].offset);
  return NULL;
}