/* kiela-lesson-editor.c: the lesson editor page: the lesson's settings, its steps and the selected
 * step's form beside the step's board in editing mode; every edit goes to the draft (undo, checks,
 * autosave), and the page redraws from the draft. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-editor.h"
#include "kiela-board-editing.h"
#include "kiela-lesson-export.h"
#include "kiela-lesson-install.h"
#include "kiela-learn.h"
#include "kiela-lessons-page.h"
#include "kiela-position-model.h"
#include "kiela-widget-util.h"
#include "kiela-compat.h"

/* The draft is written to disk this long after the last edit. */
#define AUTOSAVE_DELAY_MS 800

struct _KielaLessonEditor {
  AdwBin parent_instance;

  /* Template children. */
  GtkLabel *board_title;
  GtkBox *board_box;
  GtkLabel *board_hint;
  GtkToggleButton *arrange_toggle;
  GtkToggleButton *answer_toggle;
  GtkToggleButton *south_toggle;
  GtkToggleButton *north_toggle;
  GtkScrolledWindow *side_scroll;
  AdwComboRow *pack_row;
  AdwEntryRow *title_row;
  AdwEntryRow *summary_row;
  AdwEntryRow *author_row;
  AdwComboRow *level_row;
  AdwComboRow *variant_row;
  AdwExpanderRow *notes_row;
  AdwEntryRow *objective_row;
  GtkTextView *misconceptions_view;
  AdwEntryRow *activity_row;
  AdwPreferencesGroup *steps_group;
  GtkListBox *step_list;
  AdwPreferencesGroup *step_group;
  AdwComboRow *kind_row;
  AdwActionRow *answer_row;
  GtkSpinner *best_spinner;
  GtkWidget *best_button;
  AdwComboRow *condition_row;
  AdwComboRow *arrange_row;       /* ARRANGE: its KielaArrangeGoal */
  AdwComboRow *opponent_row;
  AdwComboRow *goal_row;
  AdwActionRow *number_row;
  GtkSpinButton *number_spin;
  AdwEntryRow *hint_row;
  GtkWidget *text_label;
  GtkWidget *text_frame;
  GtkTextView *text_view;
  GtkWidget *problem_box;
  GtkLabel *problem_label;
  GtkWidget *step_tools;
  GtkWidget *try_button;

  KielaRegistry *registry;
  GSettings *settings;
  KielaLessonDraft *draft;
  KielaPositionModel *pmodel;     /* the selected step's position, edited on the board */
  KielaBoardView *board;
  KielaBoardEditing *editing;
  GPtrArray *variants;            /* const KielaVariant*, in the variant row's order */
  GPtrArray *personalities;       /* const KielaPersonality*, in the opponent row's order */
  guint selected;                 /* G_MAXUINT: none */
  gboolean updating;              /* the page sets its own widgets: no edits from their signals */

  GPtrArray *errors;              /* char* (or NULL) per step: what its row says */
  char *best_error;               /* why the engine found no best move for best_error_step */
  guint best_error_step;
  GCancellable *searching;

  char *autosave_path;
  guint autosave_id;

  KielaLessonFile *pack;          /* the file of several lessons the draft is one of, or NULL */
  guint pack_index;               /* the draft's lesson in it */
  guint pack_wanted;              /* the lesson the pack row asked for */

  GtkWidget *try_view;            /* KielaLessonView, owned by the window's stack once added */
  KielaLessonFile *try_file;      /* what the try view shows */
  KielaLessonProgress *try_progress;
};

G_DEFINE_FINAL_TYPE (KielaLessonEditor, kiela_lesson_editor, ADW_TYPE_BIN)

typedef void (*Then) (KielaLessonEditor *self);
static void confirm_replace (KielaLessonEditor *self, Then then);
static void show_wanted (KielaLessonEditor *self);

static const KielaTaskKind kinds[] = {
  KIELA_TASK_SOW_HOUSE, KIELA_TASK_PREDICT_LAST, KIELA_TASK_PREDICT_CAPTURE, KIELA_TASK_BEST_MOVE,
  KIELA_TASK_SOW_ANY, KIELA_TASK_WATCH, KIELA_TASK_PLAY_OUT, KIELA_TASK_ARRANGE,
};

static KielaWindow *
get_window (KielaLessonEditor *self)
{
  return KIELA_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (self), KIELA_TYPE_WINDOW));
}

static void
say (KielaLessonEditor *self, const char *text)
{
  KielaWindow *window = get_window (self);

  if (window != NULL)
    kiela_window_add_message (window, text);
}

static const KielaLessonDraftStep *
selected_step (KielaLessonEditor *self)
{
  if (self->selected >= kiela_lesson_draft_get_n_steps (self->draft))
    return NULL;
  return kiela_lesson_draft_get_step (self->draft, self->selected);
}

static gboolean
kind_has_house (KielaTaskKind kind)
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

static void
schedule_autosave (KielaLessonEditor *self)
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
static void
set_pack (KielaLessonEditor *self, KielaLessonFile *file, guint index)
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
        set_pack (self, file, i);
        return;
      }
  set_pack (self, NULL, 0);
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

/* ---------- showing the draft ---------- */

static char *
answer_text (KielaLessonEditor *self, const KielaLessonDraftStep *s)
{
  /* The answer follows the board: a house the board does not let be sown answers nothing. */
  if (kind_has_house (s->kind) && s->move != NULL && self->selected != G_MAXUINT
      && s == selected_step (self) && !kiela_lesson_draft_move_playable (self->draft, self->selected))
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
  if (gtk_toggle_button_get_active (self->answer_toggle) && kind_has_house (s->kind))
    switch (s->kind)
      {
      case KIELA_TASK_SOW_HOUSE:      return _("Click the house the pupil must sow.");
      case KIELA_TASK_PREDICT_LAST:   return _("Click the house whose move the pupil predicts: the engine finds where its last stone lands.");
      case KIELA_TASK_PREDICT_CAPTURE: return _("Click the house whose move the pupil predicts: the engine counts what it captures.");
      default:                        return _("Click the house whose move the pupil watches.");
      }
  return _("Click a house to add a stone, right-click to take one away, or type a count on a focused house.");
}

static void
update_board (KielaLessonEditor *self)
{
  const KielaVariant *variant = kiela_position_model_get_variant (self->pmodel);
  const KielaPosition *pos = kiela_position_model_get_position (self->pmodel);
  const KielaLessonDraftStep *s = selected_step (self);
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (variant, pos, moves, NULL, NULL);
  KielaSquare sq;

  kiela_board_view_set_variant (self->board, variant);
  kiela_board_view_set_position (self->board, pos);
  kiela_board_view_set_playable (self->board, (KielaSide) pos->to_move, moves, n);
  kiela_board_view_clear_highlights (self->board);
  if (s != NULL && s->move != NULL && kiela_square_parse (variant->files, s->move, &sq, NULL))
    kiela_board_view_set_highlight (self->board, sq.side, sq.house, KIELA_HIGHLIGHT_HINT);
  if (s != NULL && s->kind == KIELA_TASK_PREDICT_LAST && s->answer != NULL
      && kiela_square_parse (variant->files, s->answer, &sq, NULL))
    kiela_board_view_set_highlight (self->board, sq.side, sq.house, KIELA_HIGHLIGHT_END);
  gtk_widget_set_sensitive (GTK_WIDGET (self->board), s != NULL);
  self->updating = TRUE;
  gtk_toggle_button_set_active (pos->to_move == KIELA_SOUTH ? self->south_toggle : self->north_toggle, TRUE);
  self->updating = FALSE;
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
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
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

static void
refresh_form (KielaLessonEditor *self)
{
  const KielaLessonDraftStep *s = selected_step (self);
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
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    if (kinds[k] == s->kind)
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

  gtk_widget_set_visible (GTK_WIDGET (self->answer_row), kind_has_house (s->kind) || s->kind == KIELA_TASK_BEST_MOVE);
  answer = answer_text (self, s);
  adw_action_row_set_subtitle (self->answer_row, answer ? answer
                                                        : s->kind == KIELA_TASK_BEST_MOVE ? _("Ask the engine")
                                                                                          : _("Choose the house on the board"));
  gtk_widget_set_visible (self->best_button, s->kind == KIELA_TASK_BEST_MOVE);
  gtk_widget_set_visible (GTK_WIDGET (self->best_spinner), self->searching != NULL);
  gtk_spinner_set_spinning (self->best_spinner, self->searching != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->answer_toggle), kind_has_house (s->kind));
  if (!kind_has_house (s->kind) && gtk_toggle_button_get_active (self->answer_toggle))
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

static void
update_actions (KielaLessonEditor *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  guint n = kiela_lesson_draft_get_n_steps (self->draft);
  const KielaLessonDraftStep *s = selected_step (self);

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
  update_board (self);
}

static void
refresh (KielaLessonEditor *self)
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
  refresh_form (self);
  self->updating = FALSE;
  load_board (self);
  update_actions (self);
  schedule_autosave (self);
}

/* ---------- edits from the widgets ---------- */

static void
on_draft_changed (KielaLessonDraft *draft, KielaLessonEditor *self)
{
  refresh (self);
}

static void
on_pmodel_changed (KielaPositionModel *model, KielaLessonEditor *self)
{
  g_autofree char *kpn = NULL;

  if (self->updating || selected_step (self) == NULL)
    {
      update_board (self);
      return;
    }
  kpn = kiela_position_model_dup_kpn (model);
  kiela_lesson_draft_set_position (self->draft, self->selected, kpn, FALSE);
  update_board (self);
}

static void
on_house_picked (KielaSide side, guint house, gpointer data)
{
  KielaLessonEditor *self = data;
  const KielaLessonDraftStep *s = selected_step (self);
  const KielaPosition *pos = kiela_position_model_get_position (self->pmodel);
  const KielaVariant *variant = kiela_position_model_get_variant (self->pmodel);
  char square[4];

  if (s == NULL || !kind_has_house (s->kind))
    return;
  if (side != pos->to_move)
    {
      g_autofree char *text = g_strdup_printf (_("Choose a house of %s: that side is to move."),
                                               pos->to_move == KIELA_SOUTH ? _("South") : _("North"));

      gtk_widget_error_bell (GTK_WIDGET (self));
      say (self, text);
      return;
    }
  kiela_square_name (variant->files, side, house, square);
  kiela_lesson_draft_set_move (self->draft, self->selected, square);
}

static void
on_mode_toggled (GtkToggleButton *button, KielaLessonEditor *self)
{
  gboolean choosing = gtk_toggle_button_get_active (self->answer_toggle);

  kiela_board_editing_set_picking (self->editing, choosing ? on_house_picked : NULL, self);
  update_board (self);
}

static void
on_side_toggled (GtkToggleButton *button, KielaLessonEditor *self)
{
  if (self->updating || !gtk_toggle_button_get_active (button) || selected_step (self) == NULL)
    return;
  kiela_position_model_set_to_move (self->pmodel, button == self->south_toggle ? KIELA_SOUTH : KIELA_NORTH);
}

static void
on_entry_changed (AdwEntryRow *row, KielaLessonEditor *self)
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
  else if (row == self->hint_row && selected_step (self) != NULL)
    kiela_lesson_draft_set_hint (self->draft, self->selected, text);
}

static void
on_text_changed (GtkTextBuffer *buffer, KielaLessonEditor *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->updating || selected_step (self) == NULL)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  kiela_lesson_draft_set_text (self->draft, self->selected, text);
}

static void
on_misconceptions_changed (GtkTextBuffer *buffer, KielaLessonEditor *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->updating)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  kiela_lesson_draft_set_note (self->draft, KIELA_LESSON_NOTE_MISCONCEPTIONS, text);
}

static void
on_combo_selected (AdwComboRow *row, GParamSpec *pspec, KielaLessonEditor *self)
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
      confirm_replace (self, show_wanted);
    }
  else if (row == self->level_row)
    kiela_lesson_draft_set_level (self->draft, (KielaLessonLevel) i);
  else if (row == self->variant_row && i < self->variants->len)
    kiela_lesson_draft_set_variant (self->draft, ((const KielaVariant *) g_ptr_array_index (self->variants, i))->id);
  else if (selected_step (self) == NULL)
    return;
  else if (row == self->kind_row && i < G_N_ELEMENTS (kinds))
    {
      kiela_lesson_draft_set_kind (self->draft, self->selected, kinds[i]);
      /* A task about a house is answered on the board next. */
      if (kind_has_house (kinds[i]) && selected_step (self)->move == NULL)
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

static void
on_number_changed (GtkSpinButton *spin, KielaLessonEditor *self)
{
  if (self->updating || selected_step (self) == NULL)
    return;
  kiela_lesson_draft_set_number (self->draft, self->selected, (guint) gtk_spin_button_get_value_as_int (spin));
}

static void
on_row_selected (GtkListBox *box, GtkListBoxRow *row, KielaLessonEditor *self)
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
      refresh (self);
    }
}

static void
action_find_best (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);
  BestRequest *r;

  if (selected_step (self) == NULL || self->searching != NULL)
    return;
  r = g_new0 (BestRequest, 1);
  r->self = g_object_ref (self);
  r->step = self->selected;
  r->cancellable = g_cancellable_new ();
  self->searching = g_object_ref (r->cancellable);
  kiela_lesson_draft_find_best_async (self->draft, self->selected, r->cancellable, on_best_found, r);
  refresh_form (self);
  update_actions (self);
}

/* ---------- actions ---------- */

static void
cancel_search (KielaLessonEditor *self)
{
  if (self->searching != NULL)
    {
      g_cancellable_cancel (self->searching);
      g_clear_object (&self->searching);
    }
}

static void
action_undo (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);

  cancel_search (self);
  kiela_lesson_draft_undo (self->draft);
}

static void
action_redo (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);

  cancel_search (self);
  kiela_lesson_draft_redo (self->draft);
}

static void
action_add_step (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);
  g_autoptr(GError) error = NULL;

  if (!kiela_lesson_editor_add_step (self, NULL, NULL, &error))
    say (self, error->message);
}

static void
action_remove_step (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);

  if (selected_step (self) == NULL)
    return;
  cancel_search (self);
  kiela_lesson_draft_remove_step (self->draft, self->selected);
}

static void
move_selected (KielaLessonEditor *self, int delta)
{
  guint to = self->selected + (guint) delta;

  if (selected_step (self) == NULL || to >= kiela_lesson_draft_get_n_steps (self->draft))
    return;
  cancel_search (self);
  self->selected = to;
  kiela_lesson_draft_move_step (self->draft, to - (guint) delta, to);
}

static void action_step_up (GtkWidget *w, const char *n, GVariant *p) { move_selected (KIELA_LESSON_EDITOR (w), -1); }
static void action_step_down (GtkWidget *w, const char *n, GVariant *p) { move_selected (KIELA_LESSON_EDITOR (w), +1); }
static void action_clear (GtkWidget *w, const char *n, GVariant *p) { kiela_position_model_clear (KIELA_LESSON_EDITOR (w)->pmodel); }
static void action_start_position (GtkWidget *w, const char *n, GVariant *p) { kiela_position_model_reset (KIELA_LESSON_EDITOR (w)->pmodel); }
static void action_mirror (GtkWidget *w, const char *n, GVariant *p) { kiela_position_model_mirror (KIELA_LESSON_EDITOR (w)->pmodel); }

static void
action_try (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);
  g_autoptr(GError) error = NULL;

  if (!kiela_lesson_editor_try (self, &error))
    say (self, error->message);
}

/* -- replacing the lesson: the question about unsaved changes -- */

typedef struct {
  KielaLessonEditor *self;
  Then then;
  gboolean discard_first;   /* Discard empties the draft before `then` (leaving the editor) */
} Replace;

static void save_as (KielaLessonEditor *self, Then then);

static void
start_new (KielaLessonEditor *self)
{
  cancel_search (self);
  g_clear_pointer (&self->best_error, g_free);
  set_pack (self, NULL, 0);
  kiela_lesson_draft_reset (self->draft);
}

/* The pack row's choice: another lesson of the file, after the question about this one's changes. */
static void
show_wanted (KielaLessonEditor *self)
{
  kiela_lesson_editor_show_pack_lesson (self, self->pack_wanted);
}

static void
on_replace_answered (const char *response, gpointer data)
{
  Replace *r = data;
  KielaLessonEditor *self = r->self;

  if (g_strcmp0 (response, "discard") == 0)
    {
      if (r->discard_first)
        start_new (self);
      r->then (self);
    }
  else if (g_strcmp0 (response, "save") == 0)
    {
      const char *path = kiela_lesson_draft_get_path (self->draft);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        save_as (self, r->then);
      else if (kiela_lesson_editor_save_to_path (self, path, &error))
        r->then (self);
      else
        say (self, error->message);
    }
}

static void
replace_free (gpointer data)
{
  Replace *r = data;

  g_object_unref (r->self);
  g_free (r);
}

/* TRUE when nothing would be lost; else asks Save / Discard / Cancel, runs `then` after Save
 * or Discard, and returns FALSE. */
static gboolean
ask_unsaved (KielaLessonEditor *self, Then then, gboolean discard_first)
{
  GtkWidget *dialog;
  Replace *r;
  const char *title = kiela_lesson_draft_get_title (self->draft);
  KielaWindow *window = get_window (self);
  g_autofree char *body = NULL;

  if (!kiela_lesson_draft_get_modified (self->draft) || kiela_lesson_draft_is_empty (self->draft) || window == NULL)
    return TRUE;
  r = g_new0 (Replace, 1);
  r->self = g_object_ref (self);
  r->then = then;
  r->discard_first = discard_first;
  /* TRANSLATORS: %s a lesson's title */
  body = g_strdup_printf (_("“%s” has changes that are not saved in a lesson file. "
                            "If you do not save them, they are lost."), title ? title : _("The lesson"));
  dialog = kiela_compat_question_new (_("Save Changes to the Lesson?"), body);
  kiela_compat_question_add_response (dialog, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (dialog, "discard", _("_Discard"), ADW_RESPONSE_DESTRUCTIVE);
  kiela_compat_question_add_response (dialog, "save", _("_Save"), ADW_RESPONSE_SUGGESTED);
  kiela_compat_question_set_default_response (dialog, "save");
  kiela_compat_question_set_close_response (dialog, "cancel");
  kiela_compat_question_present (dialog, GTK_WINDOW (window), on_replace_answered, r, replace_free);
  return FALSE;
}

/* Runs `then` at once when nothing would be lost, else after Save or Discard. */
static void
confirm_replace (KielaLessonEditor *self, Then then)
{
  if (ask_unsaved (self, then, FALSE))
    then (self);
}

static void
leave_now (KielaLessonEditor *self)
{
  KielaWindow *window = get_window (self);

  if (window != NULL)
    kiela_window_leave_confirmed (window);
}

gboolean
kiela_lesson_editor_confirm_leave (KielaLessonEditor *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), TRUE);
  return ask_unsaved (self, leave_now, TRUE);
}

static void
action_new (GtkWidget *widget, const char *name, GVariant *param)
{
  confirm_replace (KIELA_LESSON_EDITOR (widget), start_new);
}

static GListStore *
lesson_filters (void)
{
  GListStore *filters = kiela_compat_file_filters_new ();

  kiela_compat_file_filters_add (filters, _("Kiela lessons"), "application/x-kiela-lesson",
                                 "*" KIELA_LESSON_FILE_SUFFIX, NULL);
  return filters;
}

typedef struct {
  KielaLessonEditor *self;
  Then then;
} Chooser;

static void
chooser_free (gpointer data)
{
  Chooser *c = data;

  g_object_unref (c->self);
  g_free (c);
}

static void
on_open_chosen (GFile *file, gpointer data)
{
  Chooser *c = data;
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (path != NULL && !kiela_lesson_editor_open_path (c->self, path, &error))
    say (c->self, error->message);
}

static void
open_chooser (KielaLessonEditor *self)
{
  KielaWindow *window = get_window (self);
  g_autoptr(GListStore) filters = lesson_filters ();
  KielaCompatFileRequest request = { .title = _("Open Lesson"), .accept_label = _("_Open"),
                                     .filters = G_LIST_MODEL (filters) };
  Chooser *c;

  if (window == NULL)
    return;
  c = g_new0 (Chooser, 1);
  c->self = g_object_ref (self);
  kiela_compat_choose_file (GTK_WINDOW (window), KIELA_COMPAT_FILE_OPEN, &request, on_open_chosen, c, chooser_free);
}

static void
action_open (GtkWidget *widget, const char *name, GVariant *param)
{
  confirm_replace (KIELA_LESSON_EDITOR (widget), open_chooser);
}

static void
on_save_chosen (GFile *file, gpointer data)
{
  Chooser *c = data;
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  if (path == NULL)
    return;
  if (!g_str_has_suffix (path, KIELA_LESSON_FILE_SUFFIX))
    {
      char *with = g_strconcat (path, KIELA_LESSON_FILE_SUFFIX, NULL);

      g_free (path);
      path = with;
    }
  if (kiela_lesson_editor_save_to_path (c->self, path, &error))
    {
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *text = g_strdup_printf (_("Saved “%s”"), base);

      say (c->self, text);
      if (c->then)
        c->then (c->self);
    }
  else
    say (c->self, error->message);
}

static void
save_as (KielaLessonEditor *self, Then then)
{
  KielaWindow *window = get_window (self);
  g_autoptr(GListStore) filters = lesson_filters ();
  g_autofree char *problem = kiela_lesson_draft_dup_problem (self->draft);
  g_autofree char *id = kiela_lesson_draft_dup_id (self->draft);
  g_autofree char *name = g_strconcat (id, KIELA_LESSON_FILE_SUFFIX, NULL);
  const char *path = kiela_lesson_draft_get_path (self->draft);
  g_autoptr(GFile) current = path ? g_file_new_for_path (path) : NULL;
  KielaCompatFileRequest request = { .title = _("Save Lesson"), .accept_label = _("_Save"),
                                     .filters = NULL, .file = current, .name = current ? NULL : name };
  Chooser *c;

  if (window == NULL)
    return;
  if (problem != NULL)
    {
      /* TRANSLATORS: %s why the lesson fails its checks ("Step 2: it has no text") */
      g_autofree char *text = g_strdup_printf (_("The lesson cannot be saved yet. %s"), problem);

      say (self, text);
      return;
    }
  request.filters = G_LIST_MODEL (filters);
  c = g_new0 (Chooser, 1);
  c->self = g_object_ref (self);
  c->then = then;
  kiela_compat_choose_file (GTK_WINDOW (window), KIELA_COMPAT_FILE_SAVE, &request, on_save_chosen, c, chooser_free);
}

static void
action_save_as (GtkWidget *widget, const char *name, GVariant *param)
{
  save_as (KIELA_LESSON_EDITOR (widget), NULL);
}

static void
install_reporting (KielaLessonEditor *self, gboolean replace)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *installed = NULL;

  if (kiela_lesson_editor_install_lesson (self, replace, &installed, &error))
    {
      /* TRANSLATORS: %s a lesson's title */
      g_autofree char *text = g_strdup_printf (_("“%s” is in Learn to Play now"), kiela_lesson_draft_get_title (self->draft));

      say (self, text);
    }
  else
    say (self, error->message);
}

static void
on_replace_installed (const char *response, gpointer data)
{
  if (g_strcmp0 (response, "replace") == 0)
    install_reporting (KIELA_LESSON_EDITOR (data), TRUE);
}

static void
action_install (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaLessonEditor *self = KIELA_LESSON_EDITOR (widget);
  const char *path = kiela_lesson_draft_get_path (self->draft);
  g_autoptr(KielaLessonFile) file = NULL;
  KielaLessonFile *replaces = NULL;
  KielaWindow *window = get_window (self);
  GtkWidget *dialog;
  g_autofree char *heading = NULL;

  /* A lesson installed before (its id taken by the user's own file): replaced on the
   * teacher's word; a shipped lesson's id is refused with why (kiela_lesson_install says). */
  if (path == NULL || kiela_lesson_draft_get_modified (self->draft) || window == NULL
      || (file = kiela_lesson_file_new_from_file (path, NULL)) == NULL
      || !kiela_lesson_install_check (self->registry, file, &replaces, NULL) || replaces == NULL)
    {
      install_reporting (self, FALSE);
      return;
    }
  /* TRANSLATORS: %s is a lesson's title */
  heading = g_strdup_printf (_("Replace “%s”?"), kiela_lesson_get_title (kiela_lesson_file_get_lesson (replaces, 0)));
  dialog = kiela_compat_question_new (heading, _("A lesson with this id is installed already: installing replaces it. "
                                                 "The stars pupils earned in it are kept."));
  kiela_compat_question_add_response (dialog, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (dialog, "replace", _("_Replace"), ADW_RESPONSE_DESTRUCTIVE);
  kiela_compat_question_set_close_response (dialog, "cancel");
  kiela_compat_question_present (dialog, GTK_WINDOW (window), on_replace_installed, g_object_ref (self), g_object_unref);
}

static void
export_worksheet (KielaLessonEditor *self, gboolean print)
{
  KielaWindow *window = get_window (self);
  g_autoptr(GError) error = NULL;
  KielaLessonFile *file;
  const KielaLesson *lesson;

  if (window == NULL)
    return;
  file = kiela_lesson_editor_build_file (self, &error);
  if (file == NULL)
    {
      say (self, error->message);
      return;
    }
  lesson = kiela_lesson_file_get_lesson (file, 0);
  kiela_lesson_export_dialog (GTK_WINDOW (window), lesson, kiela_registry_lookup_variant (self->registry, lesson->variant),
                              file, print);
}

static void action_export (GtkWidget *w, const char *n, GVariant *p) { export_worksheet (KIELA_LESSON_EDITOR (w), FALSE); }
static void action_print (GtkWidget *w, const char *n, GVariant *p) { export_worksheet (KIELA_LESSON_EDITOR (w), TRUE); }

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
  cancel_search (self);
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
    { "lesson-editor.undo", action_undo },
    { "lesson-editor.redo", action_redo },
    { "lesson-editor.add-step", action_add_step },
    { "lesson-editor.remove-step", action_remove_step },
    { "lesson-editor.step-up", action_step_up },
    { "lesson-editor.step-down", action_step_down },
    { "lesson-editor.find-best", action_find_best },
    { "lesson-editor.clear", action_clear },
    { "lesson-editor.start-position", action_start_position },
    { "lesson-editor.mirror", action_mirror },
    { "lesson-editor.try", action_try },
    { "lesson-editor.new", action_new },
    { "lesson-editor.open", action_open },
    { "lesson-editor.save-as", action_save_as },
    { "lesson-editor.install", action_install },
    { "lesson-editor.export-worksheet", action_export },
    { "lesson-editor.print", action_print },
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
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    gtk_string_list_append (kind_names, kiela_task_kind_name (kinds[k]));

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

  g_signal_connect (self->draft, "changed", G_CALLBACK (on_draft_changed), self);
  g_signal_connect (self->pmodel, "changed", G_CALLBACK (on_pmodel_changed), self);
  g_signal_connect (self->arrange_toggle, "toggled", G_CALLBACK (on_mode_toggled), self);
  g_signal_connect (self->answer_toggle, "toggled", G_CALLBACK (on_mode_toggled), self);
  g_signal_connect (self->south_toggle, "toggled", G_CALLBACK (on_side_toggled), self);
  g_signal_connect (self->north_toggle, "toggled", G_CALLBACK (on_side_toggled), self);
  g_signal_connect (self->title_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->summary_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->author_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->hint_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->objective_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (self->activity_row, "changed", G_CALLBACK (on_entry_changed), self);
  g_signal_connect (gtk_text_view_get_buffer (self->misconceptions_view), "changed",
                    G_CALLBACK (on_misconceptions_changed), self);
  g_signal_connect (gtk_text_view_get_buffer (self->text_view), "changed", G_CALLBACK (on_text_changed), self);
  g_signal_connect (self->level_row, "notify::selected", G_CALLBACK (on_combo_selected), self);
  g_signal_connect (self->pack_row, "notify::selected", G_CALLBACK (on_combo_selected), self);
  g_signal_connect (self->variant_row, "notify::selected", G_CALLBACK (on_combo_selected), self);
  g_signal_connect (self->kind_row, "notify::selected", G_CALLBACK (on_combo_selected), self);
  g_signal_connect (self->condition_row, "notify::selected", G_CALLBACK (on_combo_selected), self);
  g_signal_connect (self->goal_row, "notify::selected", G_CALLBACK (on_combo_selected), self);
  g_signal_connect (self->arrange_row, "notify::selected", G_CALLBACK (on_combo_selected), self);
  g_signal_connect (self->opponent_row, "notify::selected", G_CALLBACK (on_combo_selected), self);
  g_signal_connect (self->number_spin, "value-changed", G_CALLBACK (on_number_changed), self);
  g_signal_connect (self->step_list, "row-selected", G_CALLBACK (on_row_selected), self);
  if (kiela_lesson_draft_get_n_steps (self->draft) > 0)
    self->selected = 0;
  find_pack (self);
  refresh (self);
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
  refresh (self);
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
  else if (selected_step (self) != NULL)
    kpn = g_strdup (selected_step (self)->position);
  at = self->selected == G_MAXUINT ? n : self->selected + 1;
  cancel_search (self);
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
  KielaWindow *window = get_window (self);

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
  window = get_window (self);
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
    set_pack (self, kiela_lesson_file_new_from_file (path, NULL), self->pack_index);
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
  cancel_search (self);
  g_clear_pointer (&self->best_error, g_free);
  self->selected = 0;
  kiela_lesson_draft_load_lesson (self->draft, file, 0);
  /* A pack: every lesson of it in the pack row, the first one shown. */
  set_pack (self, g_steal_pointer (&file), 0);
  return TRUE;
}

gboolean
kiela_lesson_editor_show_pack_lesson (KielaLessonEditor *self, guint index)
{
  g_return_val_if_fail (KIELA_IS_LESSON_EDITOR (self), FALSE);
  if (self->pack == NULL || index >= kiela_lesson_file_get_n_lessons (self->pack))
    return FALSE;
  cancel_search (self);
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
  if (get_window (self) != NULL)
    {
      KielaLearn *learn = kiela_window_get_learn (get_window (self));

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
