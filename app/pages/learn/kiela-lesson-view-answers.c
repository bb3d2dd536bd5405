/* kiela-lesson-view-answers.c: the learner's answers in the lesson view: a house, a count, an arrangement,
 * Show Me, the replay's end, and the practice game against a computer opponent. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-view-private.h"
#include "kiela-board-view-private.h"

/* ---------- PLAY_OUT: a game against a computer opponent ---------- */

static void think (KielaLessonView *self);

void
kiela_lesson_view_playout_check (KielaLessonView *self)
{
  KielaLessonAnswer answer = { 0 };
  g_autofree char *feedback = NULL;
  KielaLessonVerdict verdict;

  answer.game = self->game;
  verdict = kiela_lesson_check_in (kiela_lesson_view_shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
  if (verdict != KIELA_LESSON_PENDING)
    {
      kiela_lesson_view_take_verdict (self, verdict, feedback);
      return;
    }
  if (kiela_game_get_position (self->game)->to_move == self->learner)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (self->game, moves);

      kiela_board_view_set_playable (self->board, self->learner, moves, n);
      kiela_board_view_set_interactive (self->board, TRUE);
    }
  else
    think (self);
}

/* One search: the view and the cancellable it was started with, so a late answer of a
 * search already cancelled (the learner left or retried) is dropped. */
typedef struct {
  KielaLessonView *self;
  GCancellable *cancellable;
} Thought;

static void
on_thought (GObject *source, GAsyncResult *result, gpointer data)
{
  Thought *thought = data;
  g_autoptr(KielaLessonView) self = thought->self;
  g_autoptr(GCancellable) cancellable = thought->cancellable;
  g_autoptr(GError) error = NULL;
  KielaAiReply reply = { 0 };
  KielaPosition from;
  gboolean ok;

  g_free (thought);
  ok = kiela_ai_think_finish (result, &reply, &error);
  if (g_cancellable_is_cancelled (cancellable) || self->thinking != cancellable)
    return;
  g_clear_object (&self->thinking);
  if (!ok)
    {
      kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, error->message);
      return;
    }
  from = *kiela_game_get_position (self->game);
  if (!kiela_game_play (self->game, reply.move, NULL, &error))
    {
      kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, error->message);
      return;
    }
  self->check_after_replay = TRUE;
  kiela_lesson_view_replay_move (self, &from, reply.move);
}

static void
think (KielaLessonView *self)
{
  const char *id = kiela_lesson_step_get_opponent (self->lesson, self->step);
  const KielaPersonality *opponent = id ? kiela_registry_lookup_personality (self->registry, id) : NULL;

  kiela_board_view_set_interactive (self->board, FALSE);
  kiela_board_view_set_playable (self->board, self->learner, NULL, 0);
  if (opponent == NULL)
    {
      /* TRANSLATORS: %s an opponent's id (kizua) */
      g_autofree char *text = g_strdup_printf (_("The opponent “%s” is not installed."), id ? id : "?");
      kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, text);
      return;
    }
  self->thinking = g_cancellable_new ();
  {
    Thought *thought = g_new0 (Thought, 1);

    thought->self = g_object_ref (self);
    thought->cancellable = g_object_ref (self->thinking);
    kiela_ai_think_async (self->registry, opponent, self->game, 2 * G_USEC_PER_SEC,
                          g_random_int (), NULL, self->thinking, on_thought, thought);
  }
}

/* ---------- a house sown either way ---------- */

static void answer_move (KielaLessonView *self, KielaMove move);

static void
on_direction_chosen (GtkButton *button, KielaLessonView *self)
{
  KielaMove move = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "move"));

  gtk_popover_popdown (self->direction_popover);
  answer_move (self, move);
}

static GtkWidget *
direction_button (KielaLessonView *self, KielaMove move)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = adw_button_content_new ();
  gboolean clockwise = KIELA_MOVE_IS_CLOCKWISE (move);

  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), clockwise ? "object-rotate-right-symbolic"
                                                                            : "object-rotate-left-symbolic");
  adw_button_content_set_label (ADW_BUTTON_CONTENT (content),
                                kiela_lesson_view_ui_text (self, clockwise ? N_("Sow clockwise") : N_("Sow anticlockwise")));
  gtk_button_set_child (GTK_BUTTON (button), content);
  gtk_widget_set_name (button, clockwise ? "direction-clockwise" : "direction-anticlockwise");
  g_object_set_data (G_OBJECT (button), "move", GINT_TO_POINTER (move));
  g_signal_connect (button, "clicked", G_CALLBACK (on_direction_chosen), self);
  return button;
}

/* The move a click on `side`'s `house` sows among `moves` (those legal now).  A house that may be sown
 * both ways (Omweso's reverse captures) is answered as a game answers it (kiela-window-play.c):
 * Shift+click or Shift+Enter sows it clockwise at once; a plain click offers both ways beside
 * the house (Tab, Enter; Escape closes), and the choice answers later: -1 then. */
static KielaMove
choose_direction (KielaLessonView *self, KielaSide side, guint house, const KielaMove *moves, guint n)
{
  const KielaMove usual = (KielaMove) house, clockwise = (KielaMove) house | KIELA_MOVE_CLOCKWISE;
  gboolean has_usual = FALSE, has_clockwise = FALSE;
  GtkWidget *target, *box;
  graphene_rect_t bounds;

  for (guint i = 0; i < n; i++)
    {
      has_usual |= moves[i] == usual;
      has_clockwise |= moves[i] == clockwise;
    }
  if (!has_clockwise)
    return usual;
  if (!has_usual || kiela_board_view_get_activation_shift (self->board))
    return clockwise;
  if (self->direction_popover == NULL)
    {
      self->direction_popover = GTK_POPOVER (gtk_popover_new ());
      gtk_widget_set_name (GTK_WIDGET (self->direction_popover), "direction-popover");
      gtk_widget_set_parent (GTK_WIDGET (self->direction_popover), GTK_WIDGET (self->board));
    }
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  /* The usual way first, as in a game. */
  gtk_box_append (GTK_BOX (box), direction_button (self, usual));
  gtk_box_append (GTK_BOX (box), direction_button (self, clockwise));
  gtk_popover_set_child (self->direction_popover, box);
  target = GTK_WIDGET (kiela_board_view_get_house (self->board, side, house));
  if (target != NULL && gtk_widget_compute_bounds (target, GTK_WIDGET (self->board), &bounds))
    {
      GdkRectangle rect = { (int) bounds.origin.x, (int) bounds.origin.y, (int) bounds.size.width,
                            (int) bounds.size.height };

      gtk_popover_set_pointing_to (self->direction_popover, &rect);
    }
  gtk_popover_popup (self->direction_popover);
  return -1;
}

/* A move sown as the step's answer (SOW_HOUSE, SOW_ANY, BEST_MOVE): judged, then shown. */
static void
answer_sowing (KielaLessonView *self, KielaMove move)
{
  const KielaLessonStep *step = kiela_lesson_view_current_step (self);
  KielaLessonAnswer answer = { 0 };
  g_autofree char *feedback = NULL;
  KielaLessonVerdict verdict;

  answer.move = move;
  verdict = kiela_lesson_check_in (kiela_lesson_view_shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
  self->follow = FALSE;
  if (step->task.kind == KIELA_TASK_BEST_MOVE && verdict != KIELA_LESSON_PENDING)
    {
      char *said = kiela_lesson_view_puzzle_feedback (self, move, verdict == KIELA_LESSON_RIGHT);

      if (said != NULL)
        {
          g_free (feedback);
          feedback = said;
        }
    }
  kiela_lesson_view_take_verdict (self, verdict, feedback);
  /* Right or wrong, the move is shown: what it did is the explanation. */
  kiela_lesson_view_replay_move (self, &self->pos, move);
}

/* A move of the learner in the practice game (PLAY_OUT). */
static void
play_learner_move (KielaLessonView *self, KielaMove move)
{
  g_autoptr(GError) error = NULL;
  KielaPosition from;

  from = *kiela_game_get_position (self->game);
  if (!kiela_game_play (self->game, move, NULL, &error))
    {
      kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, error->message);
      return;
    }
  kiela_lesson_view_show_feedback (self, FEEDBACK_NONE, NULL);
  kiela_board_view_set_interactive (self->board, FALSE);
  self->check_after_replay = TRUE;
  kiela_lesson_view_replay_move (self, &from, move);
}

/* The way chosen in the popover: the step's answer or the game's move, if it still waits for one. */
static void
answer_move (KielaLessonView *self, KielaMove move)
{
  if (self->lesson == NULL || self->answered || kiela_trace_player_get_playing (self->player))
    return;
  switch (kiela_lesson_view_current_kind (self))
    {
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
      answer_sowing (self, move);
      break;
    case KIELA_TASK_PLAY_OUT:
      if (self->game != NULL && self->thinking == NULL && kiela_game_get_position (self->game)->to_move == self->learner
          && kiela_game_is_legal (self->game, move))
        play_learner_move (self, move);
      break;
    default:
      break;
    }
}

/* ---------- answers ---------- */

void
kiela_lesson_view_on_house_activated (KielaBoardView *board, guint side, guint house, KielaLessonView *self)
{
  const KielaLessonStep *step;
  KielaLessonAnswer answer = { 0 };
  g_autofree char *feedback = NULL;
  KielaLessonVerdict verdict;
  KielaMove moves[KIELA_MAX_MOVES], move;
  guint n;

  if (self->lesson == NULL)
    return;
  step = kiela_lesson_view_current_step (self);
  /* After a wrong answer the step stays open: another house is a new answer, now. */
  if (self->answered && self->verdict == KIELA_LESSON_WRONG && step->task.kind != KIELA_TASK_PLAY_OUT)
    kiela_lesson_view_reset_answer (self);
  if (self->answered || kiela_trace_player_get_playing (self->player))
    return;

  switch (step->task.kind)
    {
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
      {
        /* A house that may not be sown (North's, an empty one, a single stone where the
         * rules want two, an endless move) is refused as a game refuses it: the reason, no
         * move, no wrong answer. */
        g_autofree char *why = kiela_explain_house_in (self->variant, &self->pos, side, house, self->catalogue);

        if (why != NULL)
          {
            kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, why);
            return;
          }
      }
      n = kiela_legal_moves (self->variant, &self->pos, moves, NULL, NULL);
      move = choose_direction (self, (KielaSide) side, house, moves, n);
      if (move >= 0)
        answer_sowing (self, move);
      break;

    case KIELA_TASK_PREDICT_LAST:
      if (side != self->pos.to_move || house >= 2u * self->variant->files)
        {
          char sq[4];
          g_autofree char *why = NULL;

          kiela_square_name (self->variant->files, (KielaSide) side, house, sq);
          /* TRANSLATORS: %1$s a house of the other side (d4), %2$s the side sowing (South) */
          why = g_strdup_printf (T_ (self->catalogue, "%1$s is not one of %2$s’s houses: a move sows only its own two rows, "
                                   "so its last stone cannot land there."),
                                 sq, kiela_side_display_name_in ((KielaSide) self->pos.to_move, self->catalogue));
          kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, why);
          return;
        }
      answer.side = (KielaSide) side;
      answer.house = house;
      verdict = kiela_lesson_check_in (kiela_lesson_view_shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
      kiela_lesson_view_take_verdict_full (self, verdict, feedback, TRUE);
      if (verdict == KIELA_LESSON_WRONG)
        {
          self->mark_guess = TRUE;
          self->guess_side = (KielaSide) side;
          self->guess_house = house;
        }
      kiela_lesson_view_replay_move (self, &self->pos, kiela_lesson_step_get_move (kiela_lesson_view_shown (self), self->variant, self->step));
      break;

    case KIELA_TASK_PLAY_OUT:
      if (self->game == NULL || self->thinking != NULL
          || kiela_game_get_position (self->game)->to_move != self->learner)
        return;
      if (side != self->learner || !kiela_game_is_legal (self->game, (KielaMove) house))
        {
          g_autofree char *why = kiela_game_explain_house_in (self->game, side, house, self->catalogue);
          kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, why);
          return;
        }
      n = kiela_game_legal_moves (self->game, moves);
      move = choose_direction (self, (KielaSide) side, house, moves, n);
      if (move >= 0)
        play_learner_move (self, move);
      break;

    case KIELA_TASK_WATCH:
    case KIELA_TASK_PREDICT_CAPTURE:
    default:
      break;
    }
}

static void
submit_count (KielaLessonView *self, guint number)
{
  KielaLessonAnswer answer = { 0 };
  g_autofree char *feedback = NULL;
  KielaMove move = kiela_lesson_step_get_move (kiela_lesson_view_shown (self), self->variant, self->step);
  KielaLessonVerdict verdict;

  answer.number = number;
  verdict = kiela_lesson_check_in (kiela_lesson_view_shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
  if (verdict == KIELA_LESSON_WRONG)
    {
      /* Which houses were taken and how many each held: the count to check against. */
      g_autofree char *taken = kiela_lesson_view_describe_captured_houses (self, move);

      if (taken != NULL)
        {
          char *joined = g_strconcat (feedback ? feedback : T_ (self->catalogue, "Not quite."), " ", taken, NULL);
          g_free (feedback);
          feedback = joined;
        }
    }
  kiela_lesson_view_take_verdict_full (self, verdict, feedback, TRUE);
  kiela_lesson_view_replay_move (self, &self->pos, move);
}

void
kiela_lesson_view_on_check (GtkButton *button, KielaLessonView *self)
{
  guint number;

  if (self->lesson == NULL || kiela_lesson_view_current_kind (self) != KIELA_TASK_PREDICT_CAPTURE)
    return;
  gtk_spin_button_update (self->count_spin);
  number = (guint) gtk_spin_button_get_value_as_int (self->count_spin);
  if (self->answered && self->verdict == KIELA_LESSON_WRONG)
    {
      kiela_lesson_view_reset_answer (self);
      gtk_spin_button_set_value (self->count_spin, number);
    }
  if (self->answered)
    return;
  submit_count (self, number);
}

/* ARRANGE: Check judges the stones as the pupil left them.  A wrong arrangement stays on the
 * board to be changed (the next Check counts at once); a right one shows its capture. */
void
kiela_lesson_view_on_arrange_check (gpointer data)
{
  KielaLessonView *self = data;
  KielaLessonAnswer answer = { 0 };
  g_autofree char *feedback = NULL;
  KielaLessonVerdict verdict;
  KielaPosition arranged;
  KielaMove capture;

  if (self->lesson == NULL || kiela_lesson_view_current_kind (self) != KIELA_TASK_ARRANGE || self->verdict == KIELA_LESSON_RIGHT)
    return;
  arranged = *kiela_lesson_arrange_get_position (self->arrange);
  answer.arrangement = &arranged;
  verdict = kiela_lesson_check_in (kiela_lesson_view_shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
  kiela_lesson_view_take_verdict (self, verdict, feedback);
  capture = kiela_lesson_arrange_answered (self->arrange, verdict);
  if (verdict == KIELA_LESSON_RIGHT && capture >= 0)
    kiela_lesson_view_replay_move (self, &arranged, capture);
}

/* After two wrong tries the engine shows the answer; the step scores one star. */
void
kiela_lesson_view_on_show (GtkButton *button, KielaLessonView *self)
{
  KielaLessonAnswer answer = { 0 };

  if (self->lesson == NULL || self->verdict == KIELA_LESSON_RIGHT || self->wrong < 2 || !kiela_lesson_view_can_show (self))
    return;
  if (kiela_lesson_view_current_kind (self) == KIELA_TASK_ARRANGE)
    {
      /* The engine's arrangement goes on the board and is checked as the pupil's would be. */
      self->shown = TRUE;
      if (!kiela_lesson_arrange_show_right (self->arrange))
        self->shown = FALSE;
      return;
    }
  if (!kiela_lesson_step_right_answer (kiela_lesson_view_shown (self), self->variant, self->step, &answer))
    return;
  if (self->answered)
    kiela_lesson_view_reset_answer (self);
  self->shown = TRUE;
  switch (kiela_lesson_view_current_kind (self))
    {
    case KIELA_TASK_PREDICT_LAST:
      kiela_lesson_view_on_house_activated (self->board, answer.side, answer.house, self);
      break;
    case KIELA_TASK_PREDICT_CAPTURE:
      gtk_spin_button_set_value (self->count_spin, answer.number);
      submit_count (self, answer.number);
      break;
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
    default:
      /* The move itself, in its direction: a click would ask which way. */
      answer_move (self, answer.move);
      break;
    }
}

void
kiela_lesson_view_on_player_changed (KielaTracePlayer *player, KielaLessonView *self)
{
  gboolean playing = kiela_trace_player_get_playing (player);

  gtk_button_set_icon_name (self->play_button, playing ? "media-playback-pause-symbolic"
                                                       : "media-playback-start-symbolic");
  /* The bar keeps its place whether or not there is a move to replay: the board never jumps. */
  gtk_widget_set_sensitive (self->replay_bar, kiela_trace_player_get_trace (player) != NULL);
  if (self->lesson == NULL || self->loading || playing || kiela_trace_player_get_trace (player) == NULL
      || !kiela_trace_player_is_at_end (player))
    return;
  kiela_lesson_view_flush_deferred (self);
  if (self->follow)
    {
      /* North's best reply, stone by stone, once the learner's move is shown. */
      self->follow = FALSE;
      kiela_lesson_view_replay_move (self, &self->follow_from, self->follow_move);
      return;
    }
  if (kiela_lesson_view_current_kind (self) == KIELA_TASK_WATCH && !self->answered)
    {
      KielaLessonAnswer answer = { .watched = TRUE };
      g_autofree char *feedback = NULL;

      kiela_lesson_view_take_verdict (self, kiela_lesson_check_in (kiela_lesson_view_shown (self), self->variant, self->step, &answer, &feedback, self->catalogue), feedback);
    }
  else if (kiela_lesson_view_current_kind (self) == KIELA_TASK_PLAY_OUT && self->check_after_replay && !self->answered)
    {
      self->check_after_replay = FALSE;
      kiela_lesson_view_playout_check (self);
    }
}
