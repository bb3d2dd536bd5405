/* kiela-lesson-walk.c: walks a lesson as a learner would, trying every right and wrong answer
 * (kiela-cli lessons check, the tests). */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-lesson.h"
#include "kiela-position.h"
#include "kiela-sow.h"
#include "kiela-game.h"
#include "kiela-ai.h"
#include "kiela-registry.h"
#include "kiela-lesson-private.h"
#include "kiela-lesson-arrange-private.h"
#include "kiela-catalogue-i18n.h"

#define NG(s, p, n) g_dngettext (GETTEXT_PACKAGE, s, p, n)

/* ---- walking a lesson (kiela-cli lessons check, tests) ---- */

static gboolean
walk_fail (GError **error, const KielaLesson *lesson, guint step, char *reason)
{
  _kiela_lesson_step_fail (error, lesson, step, reason);
  g_free (reason);
  return FALSE;
}

/* Can the side to move in `pos` keep every stone for `depth` more of its moves, whatever the
 * opponent replies?  (A lookahead for walking KIELA_GOAL_KEEP: 2 * depth plies.) */
static gboolean
can_keep (const KielaVariant *variant, const KielaPosition *pos, guint depth)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  guint n;

  if (depth == 0)
    return TRUE;
  n = kiela_legal_moves (variant, pos, moves, children, NULL);
  for (guint i = 0; i < n; i++)
    {
      KielaMove replies[KIELA_MAX_MOVES];
      KielaPosition after[KIELA_MAX_MOVES];
      guint16 captured[KIELA_MAX_MOVES];
      guint m = kiela_legal_moves_captured (variant, &children[i], replies, after, NULL, NULL, captured);
      gboolean safe = TRUE;

      for (guint k = 0; k < m && safe; k++)
        safe = captured[k] == 0 && can_keep (variant, &after[k], depth - 1);
      if (safe)
        return TRUE;
    }
  return n == 0;
}

/* A player who knows the goal: a move that relays (captures) for those goals, a move that
 * leaves the opponent no capture for KIELA_GOAL_KEEP (the one keeping most stones).  FALSE
 * when no move does: the search then plays. */
static gboolean
goal_move (const KielaVariant *variant, const KielaPosition *pos, guint goal, KielaMove *out)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (variant, pos, moves, NULL, NULL);
  gint best = -1;

  if (goal != KIELA_GOAL_RELAY && goal != KIELA_GOAL_CAPTURE && goal != KIELA_GOAL_KEEP && goal != KIELA_GOAL_CHAIN)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      MoveFacts f;
      gint value;

      _kiela_lesson_move_facts (variant, pos, moves[i], &f);
      if (goal == KIELA_GOAL_RELAY ? f.relays == 0
          : goal == KIELA_GOAL_CAPTURE ? f.r.captures == 0
          : goal == KIELA_GOAL_CHAIN ? f.r.captures < 2
          : _kiela_lesson_reply_capture (variant, &f.after) >= 0)
        continue;
      value = (gint) kiela_position_side_total (&f.after, (KielaSide) pos->to_move);
      if (goal == KIELA_GOAL_KEEP)
        {
          /* Safe for two more moves whatever the opponent replies comes first. */
          KielaMove replies[KIELA_MAX_MOVES];
          KielaPosition after[KIELA_MAX_MOVES];
          guint m = kiela_legal_moves (variant, &f.after, replies, after, NULL);
          gboolean ahead = TRUE;

          for (guint k = 0; k < m && ahead; k++)
            ahead = can_keep (variant, &after[k], 2);
          if (ahead)
            value += 1000;
        }
      if (value > best)
        best = value, *out = moves[i];
    }
  return best >= 0;
}

static gboolean
walk_play_out (KielaRegistry *registry, const KielaLesson *lesson, const KielaVariant *variant, guint step,
               const KielaPosition *start, GError **error)
{
  const KielaLessonStep *s = &lesson->steps[step];
  g_autoptr(KielaAiConfig) learner = NULL;
  g_autoptr(KielaAiConfig) opponent = NULL;
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GError) local = NULL;
  KielaLessonAnswer answer = { 0 };

  learner = kiela_ai_config_new (registry, "alphabeta depth=4 noise=0", 0, &local);
  if (learner)
    opponent = kiela_ai_config_new (registry, s->task.opponent, 0, &local);
  if (opponent)
    game = kiela_game_new_from_position (variant, start, &local);
  if (game == NULL)
    return walk_fail (error, lesson, step, g_strdup (local->message));
  answer.game = game;
  for (guint ply = 0; ply < 400; ply++)
    {
      g_autofree char *feedback = NULL;
      KielaLessonVerdict v = kiela_lesson_check (lesson, variant, step, &answer, &feedback);
      KielaAiRequest request = { 0 };
      KielaAiReply reply;
      const KielaPosition *now = kiela_game_get_position (game);

      if (v == KIELA_LESSON_RIGHT)
        return TRUE;
      if (v == KIELA_LESSON_WRONG)
        return walk_fail (error, lesson, step,
                          g_strdup_printf (_("a strong player did not reach the goal: %s"), feedback ? feedback : ""));
      request.variant = variant;
      request.position = *now;
      request.seed = ply + 1;
      if (now->to_move == start->to_move && goal_move (variant, now, s->task.condition, &reply.move))
        {
          if (!kiela_game_play (game, reply.move, NULL, &local))
            return walk_fail (error, lesson, step, g_strdup (local->message));
          continue;
        }
      if (!kiela_ai_config_think (now->to_move == start->to_move ? learner : opponent, &request, &reply, &local) ||
          !kiela_game_play (game, reply.move, NULL, &local))
        return walk_fail (error, lesson, step, g_strdup (local->message));
    }
  return walk_fail (error, lesson, step, g_strdup (_("a strong player did not reach the goal in 400 plies")));
}

gboolean
kiela_lesson_walk (KielaRegistry *registry, const KielaLesson *lesson, const KielaVariant *variant, GError **error)
{
  g_return_val_if_fail (lesson != NULL && variant != NULL, FALSE);

  if (!kiela_lesson_validate (lesson, variant, error))
    return FALSE;
  for (guint i = 0; i < lesson->n_steps; i++)
    {
      const KielaLessonStep *s = &lesson->steps[i];
      KielaLessonAnswer right, wrong;
      g_autofree char *feedback = NULL;
      KielaPosition pos;

      kiela_lesson_step_get_position (lesson, variant, i, &pos, NULL);
      if (s->task.kind == KIELA_TASK_PLAY_OUT)
        {
          if (registry && !walk_play_out (registry, lesson, variant, i, &pos, error))
            return FALSE;
          continue;
        }
      if (s->task.kind == KIELA_TASK_ARRANGE)
        {
          KielaPosition arranged, moved;
          KielaLessonAnswer a = { 0 };
          KielaSide other = KIELA_OTHER_SIDE ((KielaSide) kiela_lesson_step_get_arranger (lesson, variant, i));

          /* The engine's arrangement is right; the step's own (nothing moved) is wrong, and so is
           * one that moves the other side's stones; each with feedback. */
          if (!kiela_lesson_step_right_arrangement (lesson, variant, i, &arranged))
            return walk_fail (error, lesson, i, g_strdup (_("it has no right answer")));
          a.arrangement = &arranged;
          if (kiela_lesson_check (lesson, variant, i, &a, &feedback) != KIELA_LESSON_RIGHT || feedback == NULL)
            return walk_fail (error, lesson, i, g_strdup_printf (_("its right answer is refused: %s"),
                                                                 feedback ? feedback : ""));
          a.arrangement = &pos;
          g_clear_pointer (&feedback, g_free);
          if (kiela_lesson_check (lesson, variant, i, &a, &feedback) != KIELA_LESSON_WRONG || !feedback || !*feedback)
            return walk_fail (error, lesson, i, g_strdup (_("the arrangement as given is not refused with feedback")));
          moved = arranged;
          for (guint h = 0; h + 1 < 2u * variant->files; h++)
            if (moved.houses[other][h] > 0)
              {
                moved.houses[other][h]--;
                moved.houses[other][h + 1]++;
                break;
              }
          a.arrangement = &moved;
          g_clear_pointer (&feedback, g_free);
          if (kiela_lesson_check (lesson, variant, i, &a, &feedback) != KIELA_LESSON_WRONG || !feedback || !*feedback)
            return walk_fail (error, lesson, i, g_strdup (_("an arrangement of the other side’s stones is not refused")));
          continue;
        }
      if (!kiela_lesson_step_right_answer (lesson, variant, i, &right))
        return walk_fail (error, lesson, i, g_strdup (_("it has no right answer")));
      if (kiela_lesson_check (lesson, variant, i, &right, &feedback) != KIELA_LESSON_RIGHT || feedback == NULL)
        return walk_fail (error, lesson, i, g_strdup_printf (_("its right answer is refused: %s"),
                                                             feedback ? feedback : ""));

      switch (s->task.kind)
        {
        case KIELA_TASK_WATCH:
          wrong = right;
          wrong.watched = FALSE;
          if (kiela_lesson_check (lesson, variant, i, &wrong, NULL) != KIELA_LESSON_PENDING)
            return walk_fail (error, lesson, i, g_strdup (_("an unfinished move is not pending")));
          break;
        case KIELA_TASK_PREDICT_CAPTURE:
          wrong = right;
          wrong.number = right.number + 1;
          g_clear_pointer (&feedback, g_free);
          if (kiela_lesson_check (lesson, variant, i, &wrong, &feedback) != KIELA_LESSON_WRONG || !feedback || !*feedback)
            {
              g_autofree char *number = g_strdup_printf ("%u", wrong.number);
              return walk_fail (error, lesson, i, g_strdup_printf (_("the wrong answer %s is not refused with feedback"),
                                                                   number));
            }
          break;
        case KIELA_TASK_PREDICT_LAST:
          for (guint side = 0; side < 2; side++)
            for (guint h = 0; h < 2u * variant->files; h++)
              {
                if (side == right.side && h == right.house)
                  continue;
                wrong = right;
                wrong.side = (KielaSide) side;
                wrong.house = h;
                g_clear_pointer (&feedback, g_free);
                if (kiela_lesson_check (lesson, variant, i, &wrong, &feedback) != KIELA_LESSON_WRONG || !feedback || !*feedback)
                  {
                    g_autofree char *name = kiela_square_name_dup (variant->files, (KielaSide) side, h);
                    return walk_fail (error, lesson, i,
                                      g_strdup_printf (_("the wrong answer %s is not refused with feedback"), name));
                  }
              }
          break;
        default:
          /* Every other house of the side to move: right only when it meets the task. */
          for (guint h = 0; h < 2u * variant->files; h++)
            {
              KielaLessonVerdict v;

              wrong = right;
              wrong.move = (KielaMove) h;
              g_clear_pointer (&feedback, g_free);
              v = kiela_lesson_check (lesson, variant, i, &wrong, &feedback);
              if (v == KIELA_LESSON_RIGHT && s->task.kind != KIELA_TASK_SOW_ANY && (KielaMove) h != right.move)
                v = KIELA_LESSON_PENDING; /* a second right house: the task is ambiguous */
              if (v == KIELA_LESSON_PENDING || feedback == NULL || *feedback == '\0')
                {
                  g_autofree char *name = kiela_square_name_dup (variant->files, (KielaSide) pos.to_move, h);
                  return walk_fail (error, lesson, i,
                                    g_strdup_printf (_("the answer %s gets no clear verdict with feedback"), name));
                }
            }
          /* And every legal move that names a direction (b1<, a1=) or a choice: the same. */
          {
            KielaMove moves[KIELA_MAX_MOVES];
            guint n = kiela_legal_moves (variant, &pos, moves, NULL, NULL);

            for (guint m = 0; m < n; m++)
              {
                KielaLessonVerdict v;

                if (moves[m] == (KielaMove) KIELA_MOVE_HOUSE (moves[m]))
                  continue;
                wrong = right;
                wrong.move = moves[m];
                g_clear_pointer (&feedback, g_free);
                v = kiela_lesson_check (lesson, variant, i, &wrong, &feedback);
                if (v == KIELA_LESSON_RIGHT && s->task.kind != KIELA_TASK_SOW_ANY && moves[m] != right.move)
                  v = KIELA_LESSON_PENDING;
                if (v == KIELA_LESSON_PENDING || feedback == NULL || *feedback == '\0')
                  {
                    g_autofree char *name = kiela_square_name_dup (variant->files, (KielaSide) pos.to_move,
                                                                   (guint) moves[m]);
                    return walk_fail (error, lesson, i,
                                      g_strdup_printf (_("the answer %s gets no clear verdict with feedback"), name));
                  }
              }
          }
          break;
        }
    }
  return TRUE;
}
