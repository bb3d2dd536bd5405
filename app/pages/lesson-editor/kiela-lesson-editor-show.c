/* kiela-lesson-editor-show.c: the lesson editor shows its draft: the lesson's settings, the list of steps,
 * the selected step's form and board, and what the checks found. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-editor-private.h"

/* ---------- showing the draft ---------- */

static char *
answer_text (KielaLessonEditor *self, const KielaLessonDraftStep *s)
{
  /* The answer follows the board: a house the board does not let be sown answers nothing. */
  if (kiela_lesson_editor_kind_has_house (s->kind) && s->move != NULL && self->selected != G_MAXUINT
      && s == kiela_lesson_editor_selected_step (self) && !kiela_lesson_draft_move_playable (self->draft, self->selected))
    /* TRANSLATORS: the step's house cannot be played on the board as it is now: "g1 cannot be sown here" */
    return g_strdup_printf (_("%s cannot be sown here"), s->move);
  switch (s->kind)
    {
    case KIELA_TASK_SOW_HOUSE:
      return s->move ? g_strdup_printf (_("The pupil sows %s"), s->move) : NULL;
    case KIELA_TASK_WATCH:
      return s->move ? g_strdup_printf (_("The pupil watches %s"), s->move) : NULL;
    case KIELA_TASK_PREDICT_LAST:
      return s->move && s->answer ? g_strdup_printf (_("The last stone of %1$s lands in %2$s"), s->move, s->answer)
                                  : NULL;
    case KIELA_TASK_PREDICT_CAPTURE:
      return s->move ? g_strdup_printf (ngettext ("%s captures %u stone", "%s captures %u stones", s->number),
                                        s->move, s->number)
                     : NULL;
    case KIELA_TASK_BEST_MOVE:
      if (s->move == NULL)
        return NULL;
      if (s->margin >= KIELA_LESSON_WIN_MARGIN)
        return g_strdup_printf (_("%s wins"), s->move);
      /* TRANSLATORS: the engine's best move and its lead: "g1, 4.50 stones ahead of the next best" */
      return g_strdup_printf (_("%1$s, %2$.2f stones ahead of the next best"), s->move, s->margin / 100.0);
    default:
      return NULL;
    }
}

static const char *
board_hint_text (KielaLessonEditor *self, const KielaLessonDraftStep *s)
{
  if (s == NULL)
    return _("Add a step to set up its position on the board.");
  if (gtk_toggle_button_get_active (self->answer_toggle) && kiela_lesson_editor_kind_has_house (s->kind))
    switch (s->kind)
      {
      case KIELA_TASK_SOW_HOUSE:      return _("Click the house the pupil must sow.");
      case KIELA_TASK_PREDICT_LAST:   return _("Click the house whose move the pupil predicts: the engine finds where its last stone lands.");
      case KIELA_TASK_PREDICT_CAPTURE: return _("Click the house whose move the pupil predicts: the engine counts what it captures.");
      default:                        return _("Click the house whose move the pupil watches.");
      }
  return _("Click a house to add a stone, right-click to take one away, or type a count on a focused house.");
}

void
kiela_lesson_editor_update_board (KielaLessonEditor *self)
{
  const KielaVariant *variant = kiela_position_model_get_variant (self->pmodel);
  const KielaPosition *pos = kiela_position_model_get_position (self->pmodel);
  const KielaLessonDraftStep *s = kiela_lesson_editor_selected_step (self);
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (variant, pos, moves, NULL, NULL);
  KielaSquare sq;

  kiela_board_view_set_variant (self->board, variant);
  kiela_board_view_set_position (self->board, pos);
  kiela_board_view_set_playable (self->board, (KielaSide) pos->to_move, moves, n);
  kiela_board_view_clear_highlights (self->board);
  /* The house of the step's move, whichever way it is sown ("b1<"). */
  if (s != NULL && s->move != NULL && kiela_move_parse (variant->files, s->move, &sq, NULL, NULL))
    kiela_board_view_set_highlight (self->board, sq.side, sq.house, KIELA_HIGHLIGHT_HINT);
  if (s != NULL && s->kind == KIELA_TASK_PREDICT_LAST && s->answer != NULL
      && kiela_square_parse (variant->files, s->answer, &sq, NULL))
    kiela_board_view_set_highlight (self->board, sq.side, sq.house, KIELA_HIGHLIGHT_END);
  gtk_widget_set_sensitive (GTK_WIDGET (self->board), s != NULL);
  self->updating = TRUE;
  gtk_toggle_button_set_active (pos->to_move == KIELA_SOUTH ? self->south_toggle : self->north_toggle, TRUE);
  self->updating = FALSE;
  if (s != NULL && variant->reverse != NULL && gtk_toggle_button_get_active (self->answer_toggle)
      && kiela_lesson_editor_kind_has_house (s->kind))
    {
      /* TRANSLATORS: after "Click the house the pupil must sow." in a game with clockwise
       * sowings (Omweso): a second click on the house asks for it sown clockwise (b1<) */
      g_autofree char *hint = g_strconcat (board_hint_text (self, s), " ",
                                           _("Click it again to have it sown clockwise, where the game allows it."), NULL);

      gtk_label_set_text (self->board_hint, hint);
    }
  else
    gtk_label_set_text (self->board_hint, board_hint_text (self, s));
}

static void
set_entry (AdwEntryRow *row, const char *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row)), text ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (row), text ? text : "");
}

static void
set_buffer (GtkTextBuffer *buffer, const char *text)
{
  GtkTextIter start, end;
  g_autofree char *now = NULL;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  now = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  if (g_strcmp0 (now, text ? text : "") != 0)
    gtk_text_buffer_set_text (buffer, text ? text : "", -1);
}

static GtkWidget *
step_row_new (KielaLessonEditor *self, guint i)
{
  const KielaLessonDraftStep *s = kiela_lesson_draft_get_step (self->draft, i);
  const char *error = g_ptr_array_index (self->errors, i);
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  if (s->move != NULL && s->kind != KIELA_TASK_SOW_ANY && s->kind != KIELA_TASK_PLAY_OUT)
    /* TRANSLATORS: a row of the lesson editor's step list: "2. Sow this house · g1" */
    title = g_strdup_printf (_("%1$u. %2$s · %3$s"), i + 1, kiela_task_kind_name (s->kind), s->move);
  else
    title = g_strdup_printf (_("%1$u. %2$s"), i + 1, kiela_task_kind_name (s->kind));
  /* Plain text before the title is set: a clockwise move's "<" (b1<) is no markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (error != NULL)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_add_css_class (icon, "warning");
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
      subtitle = g_strdup (error);
      gtk_widget_add_css_class (row, "kiela-step-error");
    }
  else
    subtitle = g_strdup (s->text ? s->text : "");
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 2);
  return row;
}

static void
refresh_errors (KielaLessonEditor *self)
{
  guint n = kiela_lesson_draft_get_n_steps (self->draft);

  g_ptr_array_set_size (self->errors, 0);
  for (guint i = 0; i < n; i++)
    {
      char *why = kiela_lesson_draft_dup_step_problem (self->draft, i, NULL);

      /* The engine's refusal of a puzzle position says more than "ask the engine". */
      if (self->best_error != NULL && i == self->best_error_step
          && kiela_lesson_draft_get_step (self->draft, i)->kind == KIELA_TASK_BEST_MOVE
          && kiela_lesson_draft_get_step (self->draft, i)->move == NULL)
        {
          g_free (why);
          why = g_strdup (self->best_error);
        }
      g_ptr_array_add (self->errors, why);
    }
}

void
kiela_lesson_editor_refresh_form (KielaLessonEditor *self)
{
  const KielaLessonDraftStep *s = kiela_lesson_editor_selected_step (self);
  guint n = kiela_lesson_draft_get_n_steps (self->draft);
  gboolean have = s != NULL;
  gboolean survive, at_least;
  const char *error;
  g_autofree char *group_title = NULL;
  g_autofree char *answer = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->step_group), have);
  gtk_widget_set_visible (self->text_label, have);
  gtk_widget_set_visible (self->text_frame, have);
  gtk_widget_set_visible (self->step_tools, have);
  if (!have)
    {
      gtk_widget_set_visible (self->problem_box, FALSE);
      gtk_label_set_text (self->board_title, _("No step yet"));
      return;
    }
  /* TRANSLATORS: the step form's heading: "Step 2 of 3" */
  group_title = g_strdup_printf (_("Step %1$u of %2$u"), self->selected + 1, n);
  adw_preferences_group_set_title (self->step_group, group_title);
  {
    g_autofree char *said = answer_text (self, s);
    /* TRANSLATORS: over the lesson editor's board: "Step 3 of 3 · How many stones will it capture? · j1 captures 6 stones" */
    g_autofree char *over = g_strdup_printf (_("%1$s · %2$s"), group_title, kiela_task_kind_name (s->kind));
    g_autofree char *full = said ? g_strdup_printf (_("%1$s · %2$s"), over, said) : NULL;

    gtk_label_set_text (self->board_title, full ? full : over);
  }
  for (guint k = 0; k < G_N_ELEMENTS (kiela_lesson_editor_kinds); k++)
    if (kiela_lesson_editor_kinds[k] == s->kind)
      adw_combo_row_set_selected (self->kind_row, k);
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
    GtkTextIter start, end;
    g_autofree char *now = NULL;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    now = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    if (g_strcmp0 (now, s->text ? s->text : "") != 0)
      gtk_text_buffer_set_text (buffer, s->text ? s->text : "", -1);
  }
  set_entry (self->hint_row, s->hint);

  gtk_widget_set_visible (GTK_WIDGET (self->answer_row), kiela_lesson_editor_kind_has_house (s->kind) || s->kind == KIELA_TASK_BEST_MOVE);
  answer = answer_text (self, s);
  adw_action_row_set_subtitle (self->answer_row, answer ? answer
                                                        : s->kind == KIELA_TASK_BEST_MOVE ? _("Ask the engine")
                                                                                          : _("Choose the house on the board"));
  gtk_widget_set_visible (self->best_button, s->kind == KIELA_TASK_BEST_MOVE);
  gtk_widget_set_visible (GTK_WIDGET (self->best_spinner), self->searching != NULL);
  gtk_spinner_set_spinning (self->best_spinner, self->searching != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->answer_toggle), kiela_lesson_editor_kind_has_house (s->kind));
  if (!kiela_lesson_editor_kind_has_house (s->kind) && gtk_toggle_button_get_active (self->answer_toggle))
    gtk_toggle_button_set_active (self->arrange_toggle, TRUE);

  gtk_widget_set_visible (GTK_WIDGET (self->condition_row), s->kind == KIELA_TASK_SOW_ANY);
  if (s->kind == KIELA_TASK_SOW_ANY)
    adw_combo_row_set_selected (self->condition_row, s->condition);
  gtk_widget_set_visible (GTK_WIDGET (self->arrange_row), s->kind == KIELA_TASK_ARRANGE);
  if (s->kind == KIELA_TASK_ARRANGE)
    adw_combo_row_set_selected (self->arrange_row, s->condition);
  gtk_widget_set_visible (GTK_WIDGET (self->opponent_row), s->kind == KIELA_TASK_PLAY_OUT);
  gtk_widget_set_visible (GTK_WIDGET (self->goal_row), s->kind == KIELA_TASK_PLAY_OUT);
  if (s->kind == KIELA_TASK_PLAY_OUT)
    {
      guint k = GTK_INVALID_LIST_POSITION;

      for (guint i = 0; i < self->personalities->len; i++)
        if (g_strcmp0 (((const KielaPersonality *) g_ptr_array_index (self->personalities, i))->id, s->opponent) == 0)
          k = i;
      adw_combo_row_set_selected (self->opponent_row, k);
      adw_combo_row_set_selected (self->goal_row, s->condition);
    }
  survive = s->kind == KIELA_TASK_PLAY_OUT && (s->condition == KIELA_GOAL_SURVIVE || s->condition == KIELA_GOAL_KEEP);
  at_least = (s->kind == KIELA_TASK_SOW_ANY && s->condition == KIELA_CONDITION_CAPTURES_AT_LEAST)
             || (s->kind == KIELA_TASK_ARRANGE && s->condition == KIELA_ARRANGE_CAPTURES);
  gtk_widget_set_visible (GTK_WIDGET (self->number_row), survive || at_least);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->number_row), survive ? _("Moves to Survive") : _("Stones at Least"));
  if (survive || at_least)
    gtk_spin_button_set_value (self->number_spin, MAX (s->number, 1));

  error = g_ptr_array_index (self->errors, self->selected);
  gtk_widget_set_visible (self->problem_box, error != NULL);
  gtk_label_set_text (self->problem_label, error ? error : "");
}

void
kiela_lesson_editor_update_actions (KielaLessonEditor *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  guint n = kiela_lesson_draft_get_n_steps (self->draft);
  const KielaLessonDraftStep *s = kiela_lesson_editor_selected_step (self);

  gtk_widget_action_set_enabled (w, "lesson-editor.undo", kiela_lesson_draft_can_undo (self->draft));
  gtk_widget_action_set_enabled (w, "lesson-editor.redo", kiela_lesson_draft_can_redo (self->draft));
  gtk_widget_action_set_enabled (w, "lesson-editor.remove-step", s != NULL);
  gtk_widget_action_set_enabled (w, "lesson-editor.step-up", s != NULL && self->selected > 0);
  gtk_widget_action_set_enabled (w, "lesson-editor.step-down", s != NULL && self->selected + 1 < n);
  gtk_widget_action_set_enabled (w, "lesson-editor.find-best", s != NULL && s->kind == KIELA_TASK_BEST_MOVE
                                                               && self->searching == NULL);
  gtk_widget_action_set_enabled (w, "lesson-editor.add-step", n < KIELA_LESSON_MAX_STEPS);
  gtk_widget_action_set_enabled (w, "lesson-editor.clear", s != NULL);
  gtk_widget_action_set_enabled (w, "lesson-editor.start-position", s != NULL);
  gtk_widget_action_set_enabled (w, "lesson-editor.mirror", s != NULL);
}

/* The selected step's position onto the board (no edit: the draft already holds it). */
static void
load_board (KielaLessonEditor *self)
{
  const KielaVariant *variant = kiela_lesson_draft_get_variant (self->draft);
  KielaPosition pos;

  if (variant == NULL)
    return;
  if (self->selected == G_MAXUINT || !kiela_lesson_draft_get_position (self->draft, self->selected, &pos))
    kiela_position_init_start (&pos, variant);
  self->updating = TRUE;
  kiela_position_model_apply (self->pmodel, variant, &pos, FALSE);
  kiela_position_model_clear_history (self->pmodel);
  self->updating = FALSE;
  kiela_board_editing_forget_typing (self->editing);
  kiela_lesson_editor_update_board (self);
}

void
kiela_lesson_editor_refresh (KielaLessonEditor *self)
{
  guint n = kiela_lesson_draft_get_n_steps (self->draft);
  guint index = 0;
  GtkWidget *child;

  if (n == 0)
    self->selected = G_MAXUINT;
  else if (self->selected == G_MAXUINT || self->selected >= n)
    self->selected = MIN (self->selected, n - 1);

  self->updating = TRUE;
  set_entry (self->title_row, kiela_lesson_draft_get_title (self->draft));
  set_entry (self->summary_row, kiela_lesson_draft_get_summary (self->draft));
  set_entry (self->author_row, kiela_lesson_draft_get_author (self->draft));
  set_entry (self->objective_row, kiela_lesson_draft_get_note (self->draft, KIELA_LESSON_NOTE_OBJECTIVE));
  set_entry (self->activity_row, kiela_lesson_draft_get_note (self->draft, KIELA_LESSON_NOTE_ACTIVITY));
  set_buffer (gtk_text_view_get_buffer (self->misconceptions_view),
              kiela_lesson_draft_get_note (self->draft, KIELA_LESSON_NOTE_MISCONCEPTIONS));
  adw_combo_row_set_selected (self->level_row, kiela_lesson_draft_get_level (self->draft));
  for (guint i = 0; i < self->variants->len; i++)
    if (g_strcmp0 (((const KielaVariant *) g_ptr_array_index (self->variants, i))->id,
                   kiela_lesson_draft_get_variant_id (self->draft)) == 0)
      index = i;
  adw_combo_row_set_selected (self->variant_row, index);

  refresh_errors (self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->step_list))) != NULL)
    gtk_list_box_remove (self->step_list, child);
  for (guint i = 0; i < n; i++)
    gtk_list_box_append (self->step_list, step_row_new (self, i));
  if (n > 0)
    gtk_list_box_select_row (self->step_list, gtk_list_box_get_row_at_index (self->step_list, (int) self->selected));
  adw_preferences_group_set_description (self->steps_group,
                                         n == 0 ? _("Add a step, or make one from the position editor or a game "
                                                    "(Make a Lesson Step).") : NULL);
  kiela_lesson_editor_refresh_form (self);
  self->updating = FALSE;
  load_board (self);
  kiela_lesson_editor_update_actions (self);
  kiela_lesson_editor_schedule_autosave (self);
}
