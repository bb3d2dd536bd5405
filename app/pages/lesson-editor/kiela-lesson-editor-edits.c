/* kiela-lesson-editor-edits.c: the lesson editor takes the widgets' edits into the draft, and asks the engine
 * for a step's best move. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-lesson-editor-private.h"

/* ---------- edits from the widgets ---------- */

void
kiela_lesson_editor_on_draft_changed (KielaLessonDraft *draft, KielaLessonEditor *self)
{
  kiela_lesson_editor_refresh (self);
}

void
kiela_lesson_editor_on_pmodel_changed (KielaPositionModel *model, KielaLessonEditor *self)
{
  g_autofree char *kpn = NULL;

  if (self->updating || kiela_lesson_editor_selected_step (self) == NULL)
    {
      kiela_lesson_editor_update_board (self);
      return;
    }
  kpn = kiela_position_model_dup_kpn (model);
  kiela_lesson_draft_set_position (self->draft, self->selected, kpn, FALSE);
  kiela_lesson_editor_update_board (self);
}

static void
on_house_picked (KielaSide side, guint house, gpointer data)
{
  KielaLessonEditor *self = data;
  const KielaLessonDraftStep *s = kiela_lesson_editor_selected_step (self);
  const KielaPosition *pos = kiela_position_model_get_position (self->pmodel);
  const KielaVariant *variant = kiela_position_model_get_variant (self->pmodel);
  char square[4];

  if (s == NULL || !kiela_lesson_editor_kind_has_house (s->kind))
    return;
  if (side != pos->to_move)
    {
      g_autofree char *text = g_strdup_printf (_("Choose a house of %s: that side is to move."),
                                               pos->to_move == KIELA_SOUTH ? _("South") : _("North"));

      gtk_widget_error_bell (GTK_WIDGET (self));
      kiela_lesson_editor_say (self, text);
      return;
    }
  kiela_square_name (variant->files, side, house, square);
  /* The chosen house clicked again: sown the other way, where the game allows it there
   * (Omweso's clockwise "b1<"); once more, the usual way again. */
  if (s->move != NULL && g_str_has_prefix (s->move, square))
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_legal_moves (variant, pos, moves, NULL, NULL);
      const KielaMove clockwise = (KielaMove) house | KIELA_MOVE_CLOCKWISE;

      for (guint i = 0; i < n; i++)
        if (moves[i] == clockwise && strcmp (s->move, square) == 0)
          kiela_square_name (variant->files, side, (guint) clockwise, square);
    }
  kiela_lesson_draft_set_move (self->draft, self->selected, square);
}

void
kiela_lesson_editor_on_mode_toggled (GtkToggleButton *button, KielaLessonEditor *self)
{
  gboolean choosing = gtk_toggle_button_get_active (self->answer_toggle);

  kiela_board_editing_set_picking (self->editing, choosing ? on_house_picked : NULL, self);
  kiela_lesson_editor_update_board (self);
}

void
kiela_lesson_editor_on_side_toggled (GtkToggleButton *button, KielaLessonEditor *self)
{
  if (self->updating || !gtk_toggle_button_get_active (button) || kiela_lesson_editor_selected_step (self) == NULL)
    return;
  kiela_position_model_set_to_move (self->pmodel, button == self->south_toggle ? KIELA_SOUTH : KIELA_NORTH);
}

void
kiela_lesson_editor_on_entry_changed (AdwEntryRow *row, KielaLessonEditor *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

  if (self->updating)
    return;
  if (row == self->title_row)
    kiela_lesson_draft_set_title (self->draft, text);
  else if (row == self->summary_row)
    kiela_lesson_draft_set_summary (self->draft, text);
  else if (row == self->author_row)
    kiela_lesson_draft_set_author (self->draft, text);
  else if (row == self->objective_row)
    kiela_lesson_draft_set_note (self->draft, KIELA_LESSON_NOTE_OBJECTIVE, text);
  else if (row == self->activity_row)
    kiela_lesson_draft_set_note (self->draft, KIELA_LESSON_NOTE_ACTIVITY, text);
  else if (row == self->hint_row && kiela_lesson_editor_selected_step (self) != NULL)
    kiela_lesson_draft_set_hint (self->draft, self->selected, text);
}

void
kiela_lesson_editor_on_text_changed (GtkTextBuffer *buffer, KielaLessonEditor *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->updating || kiela_lesson_editor_selected_step (self) == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  kiela_lesson_draft_set_text (self->draft, self->selected, text);
}

void
kiela_lesson_editor_on_misconceptions_changed (GtkTextBuffer *buffer, KielaLessonEditor *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->updating)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  kiela_lesson_draft_set_note (self->draft, KIELA_LESSON_NOTE_MISCONCEPTIONS, text);
}

void
kiela_lesson_editor_on_combo_selected (AdwComboRow *row, GParamSpec *pspec, KielaLessonEditor *self)
{
  guint i = adw_combo_row_get_selected (row);

  if (self->updating || i == GTK_INVALID_LIST_POSITION)
    return;
  if (row == self->pack_row)
    {
      if (i == self->pack_index)
        return;
      /* The row shows the lesson shown until the teacher has answered about this one's changes. */
      self->updating = TRUE;
      adw_combo_row_set_selected (self->pack_row, self->pack_index);
      self->updating = FALSE;
      self->pack_wanted = i;
      kiela_lesson_editor_confirm_replace (self, kiela_lesson_editor_show_wanted);
    }
  else if (row == self->level_row)
    kiela_lesson_draft_set_level (self->draft, (KielaLessonLevel) i);
  else if (row == self->variant_row && i < self->variants->len)
    kiela_lesson_draft_set_variant (self->draft, ((const KielaVariant *) g_ptr_array_index (self->variants, i))->id);
  else if (kiela_lesson_editor_selected_step (self) == NULL)
    return;
  else if (row == self->kind_row && i < G_N_ELEMENTS (kiela_lesson_editor_kinds))
    {
      kiela_lesson_draft_set_kind (self->draft, self->selected, kiela_lesson_editor_kinds[i]);
      /* A task about a house is answered on the board next. */
      if (kiela_lesson_editor_kind_has_house (kiela_lesson_editor_kinds[i]) && kiela_lesson_editor_selected_step (self)->move == NULL)
        gtk_toggle_button_set_active (self->answer_toggle, TRUE);
    }
  else if (row == self->condition_row)
    kiela_lesson_draft_set_condition (self->draft, self->selected, i);
  else if (row == self->goal_row)
    kiela_lesson_draft_set_condition (self->draft, self->selected, i);
  else if (row == self->arrange_row)
    kiela_lesson_draft_set_condition (self->draft, self->selected, i);
  else if (row == self->opponent_row && i < self->personalities->len)
    kiela_lesson_draft_set_opponent (self->draft, self->selected,
                                     ((const KielaPersonality *) g_ptr_array_index (self->personalities, i))->id);
}

void
kiela_lesson_editor_on_number_changed (GtkSpinButton *spin, KielaLessonEditor *self)
{
  if (self->updating || kiela_lesson_editor_selected_step (self) == NULL)
    return;
  kiela_lesson_draft_set_number (self->draft, self->selected, (guint) gtk_spin_button_get_value_as_int (spin));
}

void
kiela_lesson_editor_on_row_selected (GtkListBox *box, GtkListBoxRow *row, KielaLessonEditor *self)
{
  if (self->updating || row == NULL)
    return;
  kiela_lesson_editor_select_step (self, (guint) gtk_list_box_row_get_index (row));
}

/* ---------- the engine's best move ---------- */

typedef struct {
  KielaLessonEditor *self;
  guint step;
  GCancellable *cancellable;
} BestRequest;

static void
on_best_found (GObject *source, GAsyncResult *result, gpointer data)
{
  BestRequest *r = data;
  g_autoptr(KielaLessonEditor) self = r->self;
  g_autoptr(GCancellable) cancellable = r->cancellable;
  g_autoptr(GError) error = NULL;
  g_autofree char *square = NULL;
  guint step = r->step;
  gint margin = 0;
  gboolean ok;

  g_free (r);
  ok = kiela_lesson_draft_find_best_finish (KIELA_LESSON_DRAFT (source), result, &square, &margin, &error);
  if (g_cancellable_is_cancelled (cancellable) || self->searching != cancellable)
    return;
  g_clear_object (&self->searching);
  g_clear_pointer (&self->best_error, g_free);
  if (step >= kiela_lesson_draft_get_n_steps (self->draft))
    return;
  if (ok)
    kiela_lesson_draft_set_best (self->draft, step, square, KIELA_LESSON_DRAFT_BEST_DEPTH, margin);
  else
    {
      self->best_error = g_strdup (error->message);
      self->best_error_step = step;
      kiela_lesson_editor_refresh (self);
    }
}

void
kiela_lesson_editor_action_find_best (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);
  BestRequest *r;

  if (kiela_lesson_editor_selected_step (self) == NULL || self->searching != NULL)
    return;
  r = g_new0 (BestRequest, 1);
  r->self = g_object_ref (self);
  r->step = self->selected;
  r->cancellable = g_cancellable_new ();
  self->searching = g_object_ref (r->cancellable);
  kiela_lesson_draft_find_best_async (self->draft, self->selected, r->cancellable, on_best_found, r);
  kiela_lesson_editor_refresh_form (self);
  kiela_lesson_editor_update_actions (self);
}
