/* kiela-lesson-view.c: a lesson step by step: shows the step's position and narration, takes the learner's
 * answer in the way its task asks (a house, a count, watching, a game), checks it with the engine and says why. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-view-private.h"


G_DEFINE_FINAL_TYPE (KielaLessonView, kiela_lesson_view, GTK_TYPE_WIDGET)

enum { SIGNAL_FINISHED, SIGNAL_STEP_CHANGED, SIGNAL_NEXT_LESSON, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The lesson as shown: for a drill step, a copy whose step holds the fresh position. */
const KielaLesson *
kiela_lesson_view_shown (KielaLessonView *self)
{
  return self->drill_steps != NULL ? &self->drill_lesson : self->lesson;
}

const KielaLessonStep *
kiela_lesson_view_current_step (KielaLessonView *self)
{
  return &kiela_lesson_view_shown (self)->steps[self->step];
}

KielaTaskKind
kiela_lesson_view_current_kind (KielaLessonView *self)
{
  return kiela_lesson_view_current_step (self)->task.kind;
}

/* A text of the lesson (`raw` its msgid, `translated` in the interface's language) in the
 * language the view was set to.  A lesson with a translation domain of its own (a
 * teacher's) keeps the interface's: the catalogue read here is the app's. */
const char *
kiela_lesson_view_in_language (KielaLessonView *self, const char *raw, const char *translated)
{
  if (self->language == NULL || raw == NULL || self->lesson == NULL
      || (self->lesson->translation_domain != NULL && !g_str_equal (self->lesson->translation_domain, GETTEXT_PACKAGE)))
    return translated;
  return kiela_mo_gettext (self->mo, raw);
}

/* The runner's own words (its buttons, headings, verdicts; `msgid` marked with N_()) in the
 * language of the lesson's texts, so a lesson opened from a Rules page in another language is
 * not half in the interface's. */
const char *
kiela_lesson_view_ui_text (KielaLessonView *self, const char *msgid)
{
  if (self->language == NULL)
    return g_dgettext (GETTEXT_PACKAGE, msgid);
  return kiela_mo_gettext (self->mo, msgid);
}

const char *
kiela_lesson_view_ui_ctext (KielaLessonView *self, const char *context, const char *msgid)
{
  const char *t;

  if (self->language == NULL)
    return g_dpgettext2 (GETTEXT_PACKAGE, context, msgid);
  t = self->mo != NULL ? kiela_mo_lookup (self->mo, context, msgid, 0) : NULL;
  return t != NULL ? t : msgid;
}

/* The task's name (kiela_task_kind_name's words) in the view's language. */
static const char *
task_name (KielaLessonView *self, KielaTaskKind kind)
{
  const char *msgid;

  switch (kind)
    {
    case KIELA_TASK_WATCH:           msgid = N_("Watch a move"); break;
    case KIELA_TASK_SOW_HOUSE:       msgid = N_("Sow this house"); break;
    case KIELA_TASK_SOW_ANY:         msgid = N_("Find a house to sow"); break;
    case KIELA_TASK_PREDICT_LAST:    msgid = N_("Where will the last stone land?"); break;
    case KIELA_TASK_PREDICT_CAPTURE: msgid = N_("How many stones will it capture?"); break;
    case KIELA_TASK_BEST_MOVE:       msgid = N_("Find the best move"); break;
    case KIELA_TASK_PLAY_OUT:        msgid = N_("Play it out"); break;
    case KIELA_TASK_ARRANGE:         msgid = N_("Arrange your stones"); break;
    default:                         return kiela_task_kind_name (kind);
    }
  return self->language != NULL ? kiela_lesson_view_ui_text (self, msgid) : kiela_task_kind_name (kind);
}

/* The variant's name, as in the step counter ("Kiela for beginners"). */
static const char *
variant_name (KielaLessonView *self)
{
  const char *domain = self->variant->translation_domain;

  if (self->language == NULL || self->variant->name == NULL || (domain != NULL && !g_str_equal (domain, GETTEXT_PACKAGE)))
    return kiela_variant_get_name (self->variant);
  return kiela_lesson_view_ui_text (self, self->variant->name);
}

static char *notes_markup (const KielaLesson *lesson, KielaLessonView *self);

/* The labels the template sets, again in the view's language. */
static void
relabel (KielaLessonView *self)
{
  static const char *const replay[] = {
    N_("Start of the Move"), N_("One Stone Back"), N_("Play or Pause the Move"), N_("One Stone Forward"), N_("End of the Move"),
  };
  guint i = 0;

  gtk_button_set_label (GTK_BUTTON (self->hint_button), kiela_lesson_view_ui_text (self, N_("_Hint")));
  gtk_button_set_label (GTK_BUTTON (self->retry_button), kiela_lesson_view_ui_text (self, N_("_Try Again")));
  gtk_button_set_label (GTK_BUTTON (self->show_button), kiela_lesson_view_ui_text (self, N_("Show _Me")));
  gtk_widget_set_tooltip_text (self->show_button, kiela_lesson_view_ui_text (self, N_("Show the answer (the step scores one star)")));
  gtk_button_set_label (GTK_BUTTON (self->next_lesson_button), kiela_lesson_view_ui_text (self, N_("Next _Lesson")));
  gtk_button_set_label (GTK_BUTTON (self->check_button), kiela_lesson_view_ui_text (self, N_("_Check")));
  gtk_label_set_label (self->count_label, kiela_lesson_view_ui_text (self, N_("_Stones captured:")));
  gtk_label_set_label (self->steps_heading, kiela_lesson_view_ui_text (self, N_("What Happens")));
  gtk_expander_set_label (GTK_EXPANDER (self->notes_expander), kiela_lesson_view_ui_text (self, N_("For Teachers")));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->caption_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kiela_lesson_view_ui_text (self, N_("Narration")), -1);
  for (GtkWidget *b = gtk_widget_get_first_child (self->replay_bar); b && i < G_N_ELEMENTS (replay);
       b = gtk_widget_get_next_sibling (b), i++)
    {
      gtk_widget_set_tooltip_text (b, kiela_lesson_view_ui_text (self, replay[i]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (b), GTK_ACCESSIBLE_PROPERTY_LABEL, kiela_lesson_view_ui_text (self, replay[i]), -1);
    }
}

/* ---------- steps ---------- */

static void
stop_game (KielaLessonView *self)
{
  if (self->thinking)
    g_cancellable_cancel (self->thinking);
  g_clear_object (&self->thinking);
  g_clear_object (&self->game);
  self->check_after_replay = FALSE;
}

static void
clear_drill (KielaLessonView *self)
{
  g_clear_pointer (&self->drill_steps, g_free);
  g_clear_pointer (&self->drill_position, g_free);
}

/* A drill step gets a fresh position and move from the engine each time it opens (not on
 * Try Again: the pupil tries the same position again). */
static void
prepare_drill (KielaLessonView *self)
{
  const KielaLessonStep *step = &self->lesson->steps[self->step];
  g_autoptr(KielaTrace) trace = NULL;
  KielaLessonStep *s;
  KielaPosition pos;
  KielaMove move;

  clear_drill (self);
  if (step->task.drill == KIELA_DRILL_NONE
      || !kiela_lesson_drill_generate (self->lesson, self->variant, self->step, g_random_int (), &pos, &move))
    return;
  trace = kiela_trace_new ();
  if (!kiela_sow_traced (self->variant, &pos, move, trace))
    return;
  self->drill_lesson = *self->lesson;
  self->drill_steps = g_memdup2 (self->lesson->steps, self->lesson->n_steps * sizeof (KielaLessonStep));
  self->drill_lesson.steps = self->drill_steps;
  s = &self->drill_steps[self->step];
  self->drill_position = kiela_position_to_string (&pos);
  s->position = self->drill_position;
  kiela_square_name (self->variant->files, (KielaSide) pos.to_move, (guint) move, self->drill_move);
  s->task.move = self->drill_move;
  kiela_square_name (self->variant->files, (KielaSide) trace->result.last_side, trace->result.last_house,
                     self->drill_answer);
  s->task.answer = self->drill_answer;
  s->task.number = trace->result.captured;
}

void
kiela_lesson_view_load_step_full (KielaLessonView *self, gboolean announce)
{
  const KielaLessonStep *step = kiela_lesson_view_current_step (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *counter = NULL;
  KielaMove move;

  stop_game (self);
  kiela_lesson_arrange_stop (self->arrange);
  kiela_lesson_view_clear_deferred (self);
  /* A way offered for the step before is no answer to this one. */
  if (self->direction_popover != NULL)
    gtk_popover_popdown (self->direction_popover);
  if (self->laid_out != self->lesson || self->laid_out_step != self->step)
    {
      self->laid_out = self->lesson;
      self->laid_out_step = self->step;
      kiela_lesson_layout_step_changed (&self->layout, step->task.kind != KIELA_TASK_WATCH);
    }
  self->follow = FALSE;
  self->verdict = KIELA_LESSON_PENDING;
  self->answered = FALSE;
  self->loading = TRUE;
  kiela_trace_player_pause (self->player);
  kiela_trace_player_set_trace (self->player, self->variant, NULL, 0);
  if (!kiela_lesson_step_get_position (kiela_lesson_view_shown (self), self->variant, self->step, &self->pos, &error))
    kiela_position_init_start (&self->pos, self->variant);
  kiela_board_view_set_variant (self->board, self->variant);
  kiela_board_view_set_position (self->board, &self->pos);
  kiela_board_view_clear_highlights (self->board);
  kiela_board_view_set_hand (self->board, KIELA_SOUTH, KIELA_NO_HOUSE, 0);
  kiela_board_view_set_playable (self->board, KIELA_SOUTH, NULL, 0);

  gtk_label_set_label (self->lesson_label, kiela_lesson_view_in_language (self, self->lesson->title, kiela_lesson_get_title (self->lesson)));
  relabel (self);
  {
    g_autofree char *notes = notes_markup (self->lesson, self);

    gtk_widget_set_visible (self->notes_expander, notes != NULL);
    gtk_label_set_markup (self->notes_label, notes ? notes : "");
  }
  counter = self->lesson->kind == KIELA_LESSON_KIND_PUZZLES
    /* TRANSLATORS: above a puzzle: %1$u its number, %2$u puzzles in the set */
    ? g_strdup_printf (kiela_lesson_view_ui_text (self, N_("Puzzle %1$u of %2$u")), self->step + 1, (guint) self->lesson->n_steps)
    /* TRANSLATORS: above a lesson step: %1$u the step, %2$u steps in the lesson, %3$s the rules
     * it plays (a variant's name: "Kiela for beginners") */
    : g_strdup_printf (kiela_lesson_view_ui_text (self, N_("Step %1$u of %2$u · %3$s")), self->step + 1, (guint) self->lesson->n_steps,
                       variant_name (self));
  gtk_label_set_label (self->step_label, counter);
  {
    const char *text = kiela_lesson_view_in_language (self, self->lesson->steps[self->step].text,
                                    kiela_lesson_step_get_text (self->lesson, self->step));

    gtk_label_set_label (self->narration_label, text);
    gtk_label_set_label (self->caption_label, text);
  }
  gtk_label_set_label (self->task_label, task_name (self, step->task.kind));
  kiela_lesson_view_show_feedback (self, FEEDBACK_NONE, NULL);
  gtk_widget_set_visible (self->count_box, step->task.kind == KIELA_TASK_PREDICT_CAPTURE);
  gtk_widget_set_sensitive (self->check_button, TRUE);
  gtk_spin_button_set_value (self->count_spin, 0);
  gtk_widget_set_visible (self->steps_frame, step->task.kind == KIELA_TASK_WATCH);
  kiela_board_view_set_interactive (self->board, FALSE);

  move = kiela_lesson_step_get_move (kiela_lesson_view_shown (self), self->variant, self->step);
  switch (step->task.kind)
    {
    case KIELA_TASK_WATCH:
      {
        KielaTrace *trace = kiela_trace_new ();

        if (kiela_sow_traced (self->variant, &self->pos, move, trace))
          kiela_trace_player_set_trace (self->player, self->variant, trace, 0);
        else
          kiela_trace_free (trace);
        kiela_trace_player_set_interval (self->player, kiela_lesson_view_interval_ms (self));
      }
      break;
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
      {
        KielaMove moves[KIELA_MAX_MOVES];
        guint n = kiela_legal_moves (self->variant, &self->pos, moves, NULL, NULL);

        kiela_board_view_set_playable (self->board, self->pos.to_move, moves, n);
        kiela_board_view_set_interactive (self->board, TRUE);
      }
      break;
    case KIELA_TASK_PREDICT_LAST:
      /* The house about to be sown is marked; any house may be the answer. */
      kiela_board_view_set_highlight (self->board, self->pos.to_move, KIELA_MOVE_HOUSE (move), KIELA_HIGHLIGHT_LIFT);
      kiela_board_view_set_interactive (self->board, TRUE);
      break;
    case KIELA_TASK_PREDICT_CAPTURE:
      kiela_board_view_set_highlight (self->board, self->pos.to_move, KIELA_MOVE_HOUSE (move), KIELA_HIGHLIGHT_LIFT);
      break;
    case KIELA_TASK_PLAY_OUT:
      self->game = kiela_game_new_from_position (self->variant, &self->pos, &error);
      self->learner = self->pos.to_move;
      if (self->game == NULL)
        kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, error->message);
      else
        kiela_lesson_view_playout_check (self);
      break;
    case KIELA_TASK_ARRANGE:
      kiela_lesson_arrange_start (self->arrange, kiela_lesson_view_shown (self), self->variant, self->step, &self->pos);
      break;
    default:
      break;
    }
  self->loading = FALSE;
  kiela_lesson_view_update_buttons (self);
  if (announce)
    g_signal_emit (self, signals[SIGNAL_STEP_CHANGED], 0);
}

static void
load_step (KielaLessonView *self)
{
  kiela_lesson_view_load_step_full (self, TRUE);
}

static void
on_hint (GtkButton *button, KielaLessonView *self)
{
  const char *hint;

  if (self->lesson == NULL || (hint = kiela_lesson_step_get_hint (self->lesson, self->step)) == NULL)
    return;
  hint = kiela_lesson_view_in_language (self, self->lesson->steps[self->step].hint, hint);
  /* A hint taken before the step is right costs a star, after a wrong answer too; asking
   * for the same hint again costs nothing more. */
  if (self->verdict != KIELA_LESSON_RIGHT && !self->hint_taken)
    {
      self->hints++;
      self->hint_taken = TRUE;
    }
  if (kiela_lesson_view_current_kind (self) == KIELA_TASK_BEST_MOVE && !self->answered)
    {
      const char *said = kiela_lesson_view_puzzle_hint (self);

      if (said != NULL)
        hint = said;
    }
  kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, hint);
}

static void
on_retry (GtkButton *button, KielaLessonView *self)
{
  if (self->lesson == NULL)
    return;
  load_step (self);
  gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
}

void
kiela_lesson_view_on_next (GtkButton *button, KielaLessonView *self)
{
  if (self->lesson == NULL || self->verdict != KIELA_LESSON_RIGHT)
    return;
  if (self->review || self->step + 1 >= self->lesson->n_steps)
    {
      stop_game (self);
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0, self->lesson->id);
      return;
    }
  self->step++;
  self->hints = self->wrong = 0;
  self->hint_taken = self->shown = FALSE;
  prepare_drill (self);
  load_step (self);
  gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
}

static void
on_next_lesson (GtkButton *button, KielaLessonView *self)
{
  g_autofree char *next = NULL;

  if (self->lesson == NULL || self->verdict != KIELA_LESSON_RIGHT || self->next_lesson == NULL)
    return;
  next = g_strdup (self->next_lesson);
  stop_game (self);
  g_signal_emit (self, signals[SIGNAL_NEXT_LESSON], 0, self->lesson->id, next);
}

void kiela_lesson_view_on_play (GtkButton *b, KielaLessonView *self)
{
  if (kiela_trace_player_get_playing (self->player))
    kiela_trace_player_pause (self->player);
  else
    {
      if (kiela_trace_player_is_at_end (self->player))
        kiela_trace_player_go_to_start (self->player);
      kiela_trace_player_set_interval (self->player, kiela_lesson_view_interval_ms (self));
      kiela_trace_player_play (self->player);
    }
}
static void on_start (GtkButton *b, KielaLessonView *self) { kiela_trace_player_go_to_start (self->player); }
static void on_back (GtkButton *b, KielaLessonView *self) { kiela_trace_player_step_back (self->player); }
static void on_forward (GtkButton *b, KielaLessonView *self) { kiela_trace_player_step_forward (self->player); }
static void on_end (GtkButton *b, KielaLessonView *self) { kiela_trace_player_go_to_end (self->player); }


static void
kiela_lesson_view_root (GtkWidget *widget)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (widget);

  GTK_WIDGET_CLASS (kiela_lesson_view_parent_class)->root (widget);
  g_set_weak_pointer (&self->root, GTK_WIDGET (gtk_widget_get_root (widget)));
  if (self->root != NULL)
    g_signal_connect (self->root, "notify::css-classes", G_CALLBACK (kiela_lesson_view_on_root_classes), self);
  kiela_lesson_view_on_root_classes (self->root, NULL, self);
}

static void
kiela_lesson_view_unroot (GtkWidget *widget)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (widget);

  if (self->root != NULL)
    g_signal_handlers_disconnect_by_func (self->root, kiela_lesson_view_on_root_classes, self);
  g_clear_weak_pointer (&self->root);
  if (self->caption_tick != 0)
    {
      gtk_widget_remove_tick_callback (widget, self->caption_tick);
      self->caption_tick = 0;
      kiela_lesson_caption_reset (self->caption);
    }
  self->layout.presenting = FALSE;
  GTK_WIDGET_CLASS (kiela_lesson_view_parent_class)->unroot (widget);
}

/* ---------- the class ---------- */

static void
kiela_lesson_view_dispose (GObject *object)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (object);

  stop_game (self);
  g_clear_pointer (&self->arrange, kiela_lesson_arrange_free);
  if (self->step_list)
    kiela_step_list_set_player (self->step_list, NULL);
  if (self->player)
    g_signal_handlers_disconnect_by_data (self->player, self);
  g_clear_object (&self->player);
  g_clear_object (&self->progress);
  g_clear_object (&self->settings);
  kiela_lesson_view_clear_deferred (self);
  clear_drill (self);
  g_clear_pointer (&self->next_lesson, g_free);
  g_clear_pointer (&self->language, g_free);
  g_clear_pointer (&self->mo, kiela_mo_unref);
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  g_clear_pointer (&self->caption, kiela_lesson_caption_free);
  if (self->direction_popover)
    {
      gtk_widget_unparent (GTK_WIDGET (self->direction_popover));
      self->direction_popover = NULL;
    }
  kiela_widget_dispose_template_all (GTK_WIDGET (object), KIELA_TYPE_LESSON_VIEW);
  G_OBJECT_CLASS (kiela_lesson_view_parent_class)->dispose (object);
}

static void
kiela_lesson_view_class_init (KielaLessonViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kiela_lesson_view_dispose;
  widget_class->root = kiela_lesson_view_root;
  widget_class->unroot = kiela_lesson_view_unroot;
  g_type_ensure (KIELA_TYPE_STEP_LIST);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-lesson-view.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KielaLessonView, name)
  BIND (board_box);
  BIND (side_scroll);
  BIND (side_content);
  BIND (text_column);
  BIND (answer_column);
  BIND (button_row);
  BIND (replay_bar);
  BIND (play_button);
  BIND (lesson_label);
  BIND (notes_expander);
  BIND (notes_label);
  BIND (step_label);
  BIND (narration_label);
  BIND (task_label);
  BIND (count_box);
  BIND (count_label);
  BIND (count_spin);
  BIND (check_button);
  BIND (feedback_box);
  BIND (feedback_icon);
  BIND (feedback_label);
  BIND (hint_button);
  BIND (retry_button);
  BIND (show_button);
  BIND (next_button);
  BIND (next_lesson_button);
  BIND (steps_frame);
  BIND (steps_heading);
  BIND (caption_box);
  BIND (caption_label);
  BIND (step_list);
#undef BIND
  gtk_widget_class_bind_template_callback_full (widget_class, "on_check", G_CALLBACK (kiela_lesson_view_on_check));
  gtk_widget_class_bind_template_callback (widget_class, on_hint);
  gtk_widget_class_bind_template_callback (widget_class, on_retry);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_next", G_CALLBACK (kiela_lesson_view_on_next));
  gtk_widget_class_bind_template_callback (widget_class, on_next_lesson);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_show", G_CALLBACK (kiela_lesson_view_on_show));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_play", G_CALLBACK (kiela_lesson_view_on_play));
  gtk_widget_class_bind_template_callback (widget_class, on_start);
  gtk_widget_class_bind_template_callback (widget_class, on_back);
  gtk_widget_class_bind_template_callback (widget_class, on_forward);
  gtk_widget_class_bind_template_callback (widget_class, on_end);

  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_NEXT_LESSON] = g_signal_new ("next-lesson", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[SIGNAL_STEP_CHANGED] = g_signal_new ("step-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                               NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_lesson_view_init (KielaLessonView *self)
{
  gtk_widget_set_layout_manager (GTK_WIDGET (self), kiela_lesson_layout_manager_new (&self->layout));
  gtk_widget_init_template (GTK_WIDGET (self));
  self->caption = kiela_lesson_caption_new (self->caption_box, self->caption_label);
  self->layout = (KielaLessonLayout) {
    .side_scroll = self->side_scroll, .side_content = self->side_content,
    .text_column = self->text_column, .answer_column = self->answer_column,
    .button_row = self->button_row, .steps_frame = self->steps_frame,
    .steps_heading = GTK_WIDGET (self->steps_heading), .step_list = GTK_WIDGET (self->step_list),
    .caption = self->caption,
  };
  self->board = KIELA_BOARD_VIEW (kiela_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_prepend (self->board_box, GTK_WIDGET (self->board));
  g_signal_connect (self->board, "house-activated", G_CALLBACK (kiela_lesson_view_on_house_activated), self);
  self->player = kiela_trace_player_new (self->board);
  g_signal_connect (self->player, "changed", G_CALLBACK (kiela_lesson_view_on_player_changed), self);
  kiela_step_list_set_player (self->step_list, self->player);
  /* Enter in the count checks it (GtkSpinButton has no activate signal before GTK 4.14). */
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (self->count_spin)), "activate",
                            G_CALLBACK (gtk_widget_activate), self->check_button);
  self->arrange = kiela_lesson_arrange_new (self->board, GTK_WIDGET (self->task_label), kiela_lesson_view_on_arrange_check, self);
  self->verdict = KIELA_LESSON_PENDING;
  kiela_lesson_view_keys_init (self);
}

GtkWidget *
kiela_lesson_view_new (KielaRegistry *registry, KielaLessonProgress *progress, GSettings *settings)
{
  KielaLessonView *self = g_object_new (KIELA_TYPE_LESSON_VIEW, NULL);

  self->registry = registry;
  self->progress = g_object_ref (progress);
  self->settings = settings ? g_object_ref (settings) : NULL;
  return GTK_WIDGET (self);
}

/* The Kiela course runs over its three variants; a lesson of another game (Hawalis) is not next. */
static gboolean
same_game (const KielaLesson *a, const KielaLesson *b)
{
  return g_strcmp0 (a->variant, b->variant) == 0
         || (g_str_has_prefix (a->variant, "kiela") && g_str_has_prefix (b->variant, "kiela"));
}

static gboolean
is_shipped (KielaRegistry *registry, const KielaLesson *lesson)
{
  KielaLessonFile *file = kiela_registry_get_lesson_file (registry, lesson);

  return file == NULL || kiela_lesson_file_is_builtin (file);
}

gboolean
kiela_lesson_view_open (KielaLessonView *self, const char *lesson_id, guint step, GError **error)
{
  const KielaLesson *lesson;
  const KielaVariant *variant;

  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), FALSE);
  g_return_val_if_fail (lesson_id != NULL, FALSE);

  lesson = kiela_registry_lookup_lesson (self->registry, lesson_id);
  if (lesson == NULL)
    {
      /* TRANSLATORS: %s a lesson id */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("There is no lesson “%s”."), lesson_id);
      return FALSE;
    }
  variant = kiela_registry_lookup_variant (self->registry, lesson->variant);
  if (variant == NULL)
    {
      /* TRANSLATORS: %1$s a lesson's title, %2$s a variant id */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("The lesson “%1$s” needs the variant “%2$s”, which is not loaded."),
                   kiela_lesson_get_title (lesson), lesson->variant);
      return FALSE;
    }
  return kiela_lesson_view_open_lesson (self, lesson, variant, step, error);
}

gboolean
kiela_lesson_view_open_lesson (KielaLessonView *self, const KielaLesson *lesson, const KielaVariant *variant,
                               guint step, GError **error)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), FALSE);
  g_return_val_if_fail (lesson != NULL && variant != NULL, FALSE);

  if (step >= lesson->n_steps)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, "lesson “%s” has no step %u", lesson->id, step + 1);
      return FALSE;
    }
  self->lesson = lesson;
  self->variant = variant;
  self->step = step;
  self->test_right = 0;
  self->hints = self->wrong = 0;
  self->hint_taken = self->shown = FALSE;
  g_clear_pointer (&self->next_lesson, g_free);
  if (lesson->kind == KIELA_LESSON_KIND_COURSE && is_shipped (self->registry, lesson))
    {
      g_autoptr(GPtrArray) course = kiela_lessons_sorted (self->registry, KIELA_LESSON_KIND_COURSE);
      gboolean after = FALSE;

      /* The shipped course goes on; a teacher's own lessons are not its continuation. */
      for (guint i = 0; i < course->len && self->next_lesson == NULL; i++)
        {
          const KielaLesson *l = g_ptr_array_index (course, i);

          if (l == lesson)
            after = TRUE;
          else if (after && is_shipped (self->registry, l) && same_game (lesson, l)
                   && kiela_registry_lookup_variant (self->registry, l->variant))
            self->next_lesson = g_strdup (l->id);
        }
    }
  prepare_drill (self);
  load_step (self);
  return TRUE;
}

void
kiela_lesson_view_set_review (KielaLessonView *self, gboolean review)
{
  g_return_if_fail (KIELA_IS_LESSON_VIEW (self));
  self->review = review;
  if (self->lesson != NULL)
    kiela_lesson_view_update_buttons (self);
}

gboolean
kiela_lesson_view_get_review (KielaLessonView *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), FALSE);
  return self->review;
}

void
kiela_lesson_view_stop (KielaLessonView *self)
{
  g_return_if_fail (KIELA_IS_LESSON_VIEW (self));
  stop_game (self);
  kiela_trace_player_pause (self->player);
}

const KielaLesson *kiela_lesson_view_get_lesson (KielaLessonView *self) { return self->lesson; }
const KielaLesson *kiela_lesson_view_get_shown_lesson (KielaLessonView *self) { return kiela_lesson_view_shown (self); }
guint kiela_lesson_view_get_step (KielaLessonView *self) { return self->step; }
KielaLessonVerdict kiela_lesson_view_get_verdict (KielaLessonView *self) { return self->verdict; }
const char *kiela_lesson_view_get_narration (KielaLessonView *self) { return gtk_label_get_label (self->narration_label); }
KielaBoardView *kiela_lesson_view_get_board (KielaLessonView *self) { return self->board; }
KielaTracePlayer *kiela_lesson_view_get_trace_player (KielaLessonView *self) { return self->player; }
gboolean kiela_lesson_view_is_thinking (KielaLessonView *self) { return self->thinking != NULL; }

const char *
kiela_lesson_view_get_feedback (KielaLessonView *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), NULL);
  return gtk_widget_get_visible (self->feedback_box) ? gtk_label_get_label (self->feedback_label) : NULL;
}

GtkWidget *
kiela_lesson_view_get_control (KielaLessonView *self, const char *name)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), NULL);
  if (g_strcmp0 (name, "hint") == 0) return self->hint_button;
  if (g_strcmp0 (name, "retry") == 0) return self->retry_button;
  if (g_strcmp0 (name, "next") == 0) return self->next_button;
  if (g_strcmp0 (name, "next-lesson") == 0) return self->next_lesson_button;
  if (g_strcmp0 (name, "show") == 0) return self->show_button;
  if (g_strcmp0 (name, "narration") == 0) return GTK_WIDGET (self->narration_label);
  if (g_strcmp0 (name, "feedback") == 0) return GTK_WIDGET (self->feedback_label);
  if (g_strcmp0 (name, "caption") == 0) return GTK_WIDGET (self->caption_label);
  if (g_strcmp0 (name, "caption-band") == 0) return self->caption_box;
  if (g_strcmp0 (name, "replay") == 0) return self->replay_bar;
  if (g_strcmp0 (name, "check") == 0) return self->check_button;
  if (g_strcmp0 (name, "count") == 0) return GTK_WIDGET (self->count_spin);
  if (g_strcmp0 (name, "notes") == 0) return self->notes_expander;
  if (g_strcmp0 (name, "step") == 0) return GTK_WIDGET (self->step_label);
  if (g_strcmp0 (name, "task") == 0) return GTK_WIDGET (self->task_label);
  if (g_strcmp0 (name, "steps-heading") == 0) return GTK_WIDGET (self->steps_heading);
  if (g_strcmp0 (name, "notes-text") == 0) return GTK_WIDGET (self->notes_label);
  if (g_str_has_prefix (name, "arrange-") && self->arrange != NULL)
    return kiela_lesson_arrange_get_control (self->arrange, name + strlen ("arrange-"));
  return NULL;
}

char *
kiela_lesson_dup_notes_markup (const KielaLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return notes_markup (lesson, NULL);
}

/* The notes in the language of `self` (NULL: the interface's). */
#define NOTES_TEXT(msgid) (self != NULL ? kiela_lesson_view_ui_text (self, msgid) : _(msgid))

static char *
notes_markup (const KielaLesson *lesson, KielaLessonView *self)
{
  const char *objective, *misconceptions, *activity;
  g_autoptr(GString) out = NULL;

  if (!kiela_lesson_has_notes (lesson))
    return NULL;
  objective = kiela_lesson_get_objective (lesson);
  misconceptions = kiela_lesson_get_misconceptions (lesson);
  activity = kiela_lesson_get_activity (lesson);
  if (self != NULL)
    {
      objective = kiela_lesson_view_in_language (self, lesson->objective, objective);
      misconceptions = kiela_lesson_view_in_language (self, lesson->misconceptions, misconceptions);
      activity = kiela_lesson_view_in_language (self, lesson->activity, activity);
    }
  out = g_string_new (NULL);
  if (objective != NULL)
    {
      g_autofree char *text = g_markup_escape_text (objective, -1);

      /* TRANSLATORS: a heading of a lesson's teacher notes: what the lesson teaches */
      g_string_append_printf (out, "<b>%s</b>\n%s", NOTES_TEXT (N_("Objective")), text);
    }
  if (misconceptions != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (misconceptions, "\n", -1);

      if (out->len > 0)
        g_string_append (out, "\n\n");
      /* TRANSLATORS: a heading of a lesson's teacher notes: the mistakes pupils usually make */
      g_string_append_printf (out, "<b>%s</b>", NOTES_TEXT (N_("Usual Misconceptions")));
      for (guint i = 0; lines[i] != NULL; i++)
        if (*g_strstrip (lines[i]) != '\0')
          {
            g_autofree char *text = g_markup_escape_text (lines[i], -1);

            /* TRANSLATORS: one misconception in a list of them */
            g_string_append_printf (out, NOTES_TEXT (N_("\n• %s")), text);
          }
    }
  if (activity != NULL)
    {
      g_autofree char *text = g_markup_escape_text (activity, -1);

      if (out->len > 0)
        g_string_append (out, "\n\n");
      /* TRANSLATORS: a heading of a lesson's teacher notes: something to do with a real board and stones */
      g_string_append_printf (out, "<b>%s</b>\n%s", NOTES_TEXT (N_("Activity with Real Stones")), text);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
kiela_lesson_view_set_language (KielaLessonView *self, const char *lang)
{
  g_return_if_fail (KIELA_IS_LESSON_VIEW (self));

  if (g_strcmp0 (self->language, lang) == 0)
    return;
  g_clear_pointer (&self->language, g_free);
  g_clear_pointer (&self->mo, kiela_mo_unref);
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  if (self->player != NULL)
    kiela_trace_player_set_catalogue (self->player, NULL);
  if (self->arrange != NULL)
    kiela_lesson_arrange_set_catalogue (self->arrange, NULL);
  if (lang == NULL)
    return;
  self->language = g_strdup (lang);
  if (!g_str_equal (lang, "en"))
    {
      g_autoptr(GError) error = NULL;

      self->mo = kiela_mo_load (kiela_locale_dir (), lang, GETTEXT_PACKAGE, &error);
      if (self->mo == NULL)
        {
          /* No catalogue: the interface's language, not a mixture with English. */
          g_warning ("The lesson is shown in the interface's language: %s", error->message);
          g_clear_pointer (&self->language, g_free);
        }
    }
  /* The engine's sentences too (verdicts, refusals, What Happens): a catalogue, not the
   * process's locale. */
  if (self->language != NULL)
    self->catalogue = kiela_mo_new_catalogue (self->mo, self->language);
  if (self->player != NULL)
    kiela_trace_player_set_catalogue (self->player, self->catalogue);
  if (self->arrange != NULL)
    kiela_lesson_arrange_set_catalogue (self->arrange, self->catalogue);
}

const char *
kiela_lesson_view_get_language (KielaLessonView *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), NULL);
  return self->language;
}
