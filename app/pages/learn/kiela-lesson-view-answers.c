/* kiela-lesson-view-answers.c: the learner's answers in the lesson view: a house, a count, an arrangement,
 * Show Me, the replay's end, and the practice game against a computer opponent. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-view-private.h"

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
                          g_random_int (), self->thinking, on_thought, thought);
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
      answer.move = (KielaMove) house;
      verdict = kiela_lesson_check_in (kiela_lesson_view_shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
      self->follow = FALSE;
      if (step->task.kind == KIELA_TASK_BEST_MOVE && verdict != KIELA_LESSON_PENDING)
        {
          char *said = kiela_lesson_view_puzzle_feedback (self, (KielaMove) house, verdict == KIELA_LESSON_RIGHT);

          if (said != NULL)
            {
              g_free (feedback);
              feedback = said;
            }
        }
      kiela_lesson_view_take_verdict (self, verdict, feedback);
      /* Right or wrong, the move is shown: what it did is the explanation. */
      kiela_lesson_view_replay_move (self, &self->pos, (KielaMove) house);
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
      {
        g_autoptr(GError) error = NULL;
        KielaPosition from;

        if (self->game == NULL || self->thinking != NULL
            || kiela_game_get_position (self->game)->to_move != self->learner)
          return;
        if (side != self->learner || !kiela_game_is_legal (self->game, (KielaMove) house))
          {
            g_autofree char *why = kiela_game_explain_house_in (self->game, side, house, self->catalogue);
            kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, why);
            return;
          }
        from = *kiela_game_get_position (self->game);
        if (!kiela_game_play (self->game, (KielaMove) house, NULL, &error))
          {
            kiela_lesson_view_show_feedback (self, FEEDBACK_INFO, error->message);
            return;
          }
        kiela_lesson_view_show_feedback (self, FEEDBACK_NONE, NULL);
        kiela_board_view_set_interactive (self->board, FALSE);
        self->check_after_replay = TRUE;
        kiela_lesson_view_replay_move (self, &from, (KielaMove) house);
      }
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
      kiela_lesson_view_on_house_activated (self->board, self->pos.to_move, (guint) answer.move, self);
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
