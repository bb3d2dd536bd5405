/* kiela-lesson-check.c: checks a learner's answer to a lesson step and says why it is right or wrong
 * (pure functions). */
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

/* ---- checking answers ---- */

static char *
join (const char *base, char *detail)
{
  char *out;

  if (detail == NULL)
    return g_strdup (base);
  out = g_strconcat (base, " ", detail, NULL);
  g_free (detail);
  return out;
}

static KielaLessonVerdict
verdict (const KielaCatalogue *cat, const KielaLesson *lesson, const KielaLessonStep *s, gboolean right, char *detail,
         char **feedback)
{
  if (feedback)
    {
      const char *base = right ? (s->right ? _kiela_lesson_tr (lesson, s->right) : T_ (cat, "Right!"))
                               : (s->wrong ? _kiela_lesson_tr (lesson, s->wrong) : T_ (cat, "Not quite."));
      *feedback = join (base, detail);
    }
  else
    g_free (detail);
  return right ? KIELA_LESSON_RIGHT : KIELA_LESSON_WRONG;
}

/* "g1 captures 3 stones." or "g1 captures nothing." */
static char *
describe_capture (const KielaCatalogue *cat, const char *sq, const MoveFacts *f)
{
  if (f->r.captured == 0)
    return g_strdup_printf (T_ (cat, "%s captures nothing."), sq);
  return g_strdup_printf (TN_ (cat, "%s captures %u stone.", "%s captures %u stones.", f->r.captured), sq,
                          (guint) f->r.captured);
}

static char *
explain_condition (const KielaCatalogue *cat, const KielaVariant *variant, const KielaPosition *pos, const KielaLessonTask *t,
                   const char *sq, const MoveFacts *f, gboolean met)
{
  char last[4];

  kiela_square_name (variant->files, (KielaSide) f->r.last_side, f->r.last_house, last);
  switch ((KielaLessonCondition) t->condition)
    {
    case KIELA_CONDITION_CAPTURES:
    case KIELA_CONDITION_CAPTURES_AT_LEAST:
      if (!met && t->condition == KIELA_CONDITION_CAPTURES_AT_LEAST && f->r.captured > 0)
        return g_strdup_printf (TN_ (cat, "%s captures %u stone; this task needs %u or more.",
                                    "%s captures %u stones; this task needs %u or more.", f->r.captured),
                                sq, (guint) f->r.captured, t->number);
      if (!met)
        /* TRANSLATORS: "g1 captures nothing: its last stone ends the move in f2." */
        return g_strdup_printf (T_ (cat, "%s captures nothing: its last stone ends the move in %s."), sq, last);
      return describe_capture (cat, sq, f);
    case KIELA_CONDITION_RELAYS:
      if (!met)
        return g_strdup_printf (T_ (cat, "%s does not relay: its last stone ends the move in %s."), sq, last);
      if (f->relays == 1)
        /* TRANSLATORS: "f1 relays once." */
        return g_strdup_printf (T_ (cat, "%s relays once."), sq);
      return g_strdup_printf (TN_ (cat, "%s relays %u time.", "%s relays %u times.", f->relays), sq, f->relays);
    case KIELA_CONDITION_NO_REPLY_CAPTURE:
      {
        KielaMove reply = _kiela_lesson_reply_capture (variant, &f->after);
        char rsq[4];

        if (reply < 0)
          return g_strdup_printf (T_ (cat, "After %s, %s has no capture."), sq,
                                  kiela_side_display_name_in ((KielaSide) f->after.to_move, cat));
        kiela_square_name (variant->files, (KielaSide) f->after.to_move, (guint) reply, rsq);
        /* TRANSLATORS: "After g1, North can capture with d3." */
        return g_strdup_printf (T_ (cat, "After %s, %s can capture with %s."), sq,
                                kiela_side_display_name_in ((KielaSide) f->after.to_move, cat), rsq);
      }
    case KIELA_CONDITION_WINS:
      {
        KielaMove replies[KIELA_MAX_MOVES];
        char rsq[4];

        if (kiela_legal_moves (variant, &f->after, replies, NULL, NULL) == 0)
          /* TRANSLATORS: "After d2, North cannot move: you win." */
          return g_strdup_printf (T_ (cat, "After %s, %s cannot move: you win."), sq,
                                  kiela_side_display_name_in ((KielaSide) f->after.to_move, cat));
        kiela_square_name (variant->files, (KielaSide) f->after.to_move, (guint) replies[0], rsq);
        /* TRANSLATORS: "After g1, North can still sow d3." */
        return g_strdup_printf (T_ (cat, "After %s, %s can still sow %s."), sq,
                                kiela_side_display_name_in ((KielaSide) f->after.to_move, cat), rsq);
      }
    case KIELA_CONDITION_LONGEST:
      {
        guint32 best = _kiela_lesson_longest_drops (variant, pos);

        if (met)
          return g_strdup_printf (TN_ (cat, "%s drops %u stone.", "%s drops %u stones.", f->r.drops), sq, f->r.drops);
        /* TRANSLATORS: "g1 drops 5 stones; the longest move drops 23." */
        return g_strdup_printf (TN_ (cat, "%s drops %u stone; the longest move drops %u.",
                                    "%s drops %u stones; the longest move drops %u.", f->r.drops),
                                sq, f->r.drops, best);
      }
    default:
      return NULL;
    }
}

/* The step's house sown the other way: what the learner's sowing did, and what the step's own
 * (`target`) does, so the learner sees why that direction is asked for. */
static char *
explain_direction (const KielaCatalogue *cat, const KielaVariant *variant, const KielaPosition *pos, KielaMove answered,
                   KielaMove target, const MoveFacts *f)
{
  g_autofree char *done = NULL;
  char sq[4], want[KIELA_MOVE_NAME_MAX], sowed[KIELA_MOVE_NAME_MAX];
  MoveFacts t;

  kiela_square_name (variant->files, (KielaSide) pos->to_move, KIELA_MOVE_HOUSE (target), sq);
  kiela_move_name (variant->files, (KielaSide) pos->to_move, target, want);
  kiela_move_name (variant->files, (KielaSide) pos->to_move, answered, sowed);
  done = describe_capture (cat, sq, f);
  _kiela_lesson_move_facts (variant, pos, target, &t);
  if (KIELA_MOVE_IS_CLOCKWISE (target) && !KIELA_MOVE_IS_CLOCKWISE (answered) && t.r.captured > 0)
    /* TRANSLATORS: %1$s what the learner's move did ("b1 captures nothing."), %2$s the house (b1),
     * %3$s the move the step asks for, the house sown clockwise (b1<), %4$u the stones it captures:
     * "You sowed b1 the usual way, anticlockwise: b1 captures nothing. This step asks for b1 sown
     * clockwise (b1<), which captures 4 stones." */
    return g_strdup_printf (TN_ (cat, "You sowed %2$s the usual way, anticlockwise: %1$s This step asks for %2$s "
                                      "sown clockwise (%3$s), which captures %4$u stone.",
                                 "You sowed %2$s the usual way, anticlockwise: %1$s This step asks for %2$s "
                                 "sown clockwise (%3$s), which captures %4$u stones.", t.r.captured),
                            done, sq, want, (guint) t.r.captured);
  if (KIELA_MOVE_IS_CLOCKWISE (target) && !KIELA_MOVE_IS_CLOCKWISE (answered))
    /* TRANSLATORS: as above, where the clockwise sowing captures nothing */
    return g_strdup_printf (T_ (cat, "You sowed %2$s the usual way, anticlockwise: %1$s This step asks for %2$s "
                                     "sown clockwise (%3$s)."), done, sq, want);
  if (!KIELA_MOVE_IS_CLOCKWISE (target) && KIELA_MOVE_IS_CLOCKWISE (answered))
    /* TRANSLATORS: %1$s what the learner's move did ("b1 captures 2 stones."), %2$s the house (b1),
     * %3$s the learner's move, sown clockwise (b1<) */
    return g_strdup_printf (T_ (cat, "You sowed %2$s clockwise (%3$s): %1$s This step asks for %2$s sown the usual "
                                     "way, anticlockwise."), done, sq, sowed);
  return g_strdup_printf (T_ (cat, "You sowed %s; this step asks for %s."), sowed, want);
}

/* What a practice game has shown so far, move by move. */
typedef struct {
  guint moves;          /* the learner's moves */
  guint done_at;        /* the learner's move (1-based) that first relayed or captured as the goal asks; 0: none */
  char  done_sq[4];
  guint done_stones;    /* the stones that move captured */
  guint lost;           /* the learner's stones the opponent captured in all */
  guint lost_at;        /* the opponent's first capture came after this many learner moves; lost_first: its stones */
  guint lost_first;
  char  lost_sq[4];
} PlayFacts;

/* `wanted` events of the learner's moves: the first move with at least `least` of them is done_at. */
static void
play_facts (const KielaVariant *variant, KielaGame *game, KielaSide learner, KielaEventType wanted, guint least,
            PlayFacts *out)
{
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  guint n = kiela_game_get_n_moves (game);

  memset (out, 0, sizeof *out);
  for (guint i = 0; i < n; i++)
    {
      const KielaPlayedMove *m = kiela_game_get_move (game, i);

      if (m->mover != learner)
        {
          if (m->result.captured > 0 && out->lost == 0)
            {
              out->lost_at = out->moves;
              out->lost_first = m->result.captured;
              kiela_square_name (variant->files, m->mover, (guint) m->move, out->lost_sq);
            }
          out->lost += m->result.captured;
          continue;
        }
      out->moves++;
      if (out->done_at != 0 || !kiela_game_trace_move (game, i, trace))
        continue;
      {
        guint seen = 0;

        for (guint e = 0; e < kiela_trace_get_n_events (trace); e++)
          if (kiela_trace_get_event (trace, e)->type == wanted && ++seen >= least)
            {
              out->done_at = out->moves;
              out->done_stones = m->result.captured;
              kiela_square_name (variant->files, learner, (guint) m->move, out->done_sq);
              break;
            }
      }
    }
}

/* "North captured none of your stones." or "North captured 3 of your stones." */
static char *
describe_lost (const KielaCatalogue *cat, const PlayFacts *f, KielaSide opponent)
{
  if (f->lost == 0)
    /* TRANSLATORS: the end of a practice game's verdict; %s is North or South */
    return g_strdup_printf (T_ (cat, "%s captured none of your stones."), kiela_side_display_name_in (opponent, cat));
  /* TRANSLATORS: the end of a practice game's verdict: "North captured 3 of your stones." */
  return g_strdup_printf (TN_ (cat, "%s captured %u of your stones.", "%s captured %u of your stones.", f->lost),
                          kiela_side_display_name_in (opponent, cat), f->lost);
}

static KielaLessonVerdict
check_play_out (const KielaCatalogue *cat, const KielaLesson *lesson, const KielaVariant *variant, const KielaLessonStep *s,
                const KielaPosition *start, KielaGame *game, char **feedback)
{
  KielaSide learner = (KielaSide) start->to_move, opponent = KIELA_OTHER_SIDE (learner);
  KielaReason reason = KIELA_REASON_NONE;
  KielaStatus status;
  const KielaPosition *now;
  gboolean over, learner_won, learner_lost;
  guint goal = s->task.condition, limit = s->task.number;
  PlayFacts f;

  if (feedback)
    *feedback = NULL;
  if (game == NULL || !KIELA_IS_GAME (game))
    return verdict (cat, lesson, s, FALSE, g_strdup (T_ (cat, "There is no game to check.")), feedback);
  status = kiela_game_get_status (game, &reason);
  now = kiela_game_get_position (game);
  over = status != KIELA_STATUS_ONGOING;
  learner_won = (status == KIELA_STATUS_SOUTH_WINS && learner == KIELA_SOUTH) ||
                (status == KIELA_STATUS_NORTH_WINS && learner == KIELA_NORTH);
  learner_lost = over && !learner_won && status != KIELA_STATUS_DRAW;
  play_facts (variant, game, learner, goal == KIELA_GOAL_RELAY ? KIELA_EVENT_RELAY : KIELA_EVENT_CAPTURE,
              goal == KIELA_GOAL_CHAIN ? 2 : 1, &f);

  switch ((KielaLessonGoal) goal)
    {
    case KIELA_GOAL_CAPTURE_ALL:
      if (kiela_position_side_total (now, opponent) == 0)
        /* TRANSLATORS: a practice game's verdict: "North has no stone left after your move 7." */
        return verdict (cat, lesson, s, TRUE, g_strdup_printf (T_ (cat, "%s has no stone left after your move %u."),
                                                          kiela_side_display_name_in (opponent, cat), f.moves), feedback);
      break;
    case KIELA_GOAL_WIN:
      if (learner_won)
        /* TRANSLATORS: a practice game's verdict */
        return verdict (cat, lesson, s, TRUE, g_strdup_printf (TN_ (cat, "You won in %u move.", "You won in %u moves.", f.moves),
                                                          f.moves), feedback);
      break;
    case KIELA_GOAL_SURVIVE:
      if (learner_won && f.moves < limit)
        {
          /* A win before the count of moves says so, not "you played 7 moves". */
          g_autofree char *won = g_strdup_printf (TN_ (cat, "You won in %u move.", "You won in %u moves.", f.moves), f.moves);
          g_autofree char *lost = describe_lost (cat, &f, opponent);
          return verdict (cat, lesson, s, TRUE, g_strconcat (won, " ", lost, NULL), feedback);
        }
      if (!learner_lost && (f.moves >= limit || over))
        {
          /* TRANSLATORS: a practice game's verdict, followed by what the opponent captured */
          g_autofree char *played = g_strdup_printf (TN_ (cat, "You played %u move without losing.",
                                                         "You played %u moves without losing.", f.moves), f.moves);
          g_autofree char *lost = describe_lost (cat, &f, opponent);
          return verdict (cat, lesson, s, TRUE, g_strconcat (played, " ", lost, NULL), feedback);
        }
      break;
    case KIELA_GOAL_KEEP:
      if (f.lost > 0)
        /* TRANSLATORS: a practice game's verdict: "North captured 3 stones with b3 after your move 2." */
        return verdict (cat, lesson, s, FALSE,
                        g_strdup_printf (TN_ (cat, "%s captured %u stone with %s after your move %u.",
                                             "%s captured %u stones with %s after your move %u.", f.lost_first),
                                         kiela_side_display_name_in (opponent, cat), f.lost_first, f.lost_sq, f.lost_at),
                        feedback);
      if (!learner_lost && (f.moves >= limit || over))
        /* TRANSLATORS: a practice game's verdict: "You played 6 moves and North captured none of your stones." */
        return verdict (cat, lesson, s, TRUE,
                        g_strdup_printf (TN_ (cat, "You played %u move and %s captured none of your stones.",
                                             "You played %u moves and %s captured none of your stones.", f.moves),
                                         f.moves, kiela_side_display_name_in (opponent, cat)),
                        feedback);
      break;
    case KIELA_GOAL_RELAY:
    case KIELA_GOAL_CAPTURE:
    case KIELA_GOAL_CHAIN:
      /* Done as soon as the learner's move did it, even the move that ends the game; within
       * the learner's first `limit` moves when the step sets one. */
      if (f.done_at != 0 && (limit == 0 || f.done_at <= limit))
        {
          if (goal == KIELA_GOAL_RELAY)
            /* TRANSLATORS: a practice game's verdict: "You made a relay with g1, your move 3." */
            return verdict (cat, lesson, s, TRUE, g_strdup_printf (T_ (cat, "You made a relay with %s, your move %u."), f.done_sq,
                                                              f.done_at), feedback);
          if (goal == KIELA_GOAL_CHAIN)
            /* TRANSLATORS: a practice game's verdict: "Your move 3, g1, captured twice or more: 9 stones in all." */
            return verdict (cat, lesson, s, TRUE,
                            g_strdup_printf (TN_ (cat, "Your move %u, %s, captured twice or more: %u stone in all.",
                                                 "Your move %u, %s, captured twice or more: %u stones in all.",
                                                 f.done_stones),
                                             f.done_at, f.done_sq, f.done_stones), feedback);
          /* TRANSLATORS: a practice game's verdict: "You captured 4 stones with g1, your move 3." */
          return verdict (cat, lesson, s, TRUE,
                          g_strdup_printf (TN_ (cat, "You captured %u stone with %s, your move %u.",
                                               "You captured %u stones with %s, your move %u.", f.done_stones),
                                           f.done_stones, f.done_sq, f.done_at), feedback);
        }
      if (limit != 0 && f.moves >= limit)
        {
          if (goal == KIELA_GOAL_RELAY)
            /* TRANSLATORS: a practice game's verdict */
            return verdict (cat, lesson, s, FALSE, g_strdup_printf (TN_ (cat, "You made no relay in your first %u move.",
                                                                   "You made no relay in your first %u moves.", limit),
                                                               limit), feedback);
          if (goal == KIELA_GOAL_CHAIN)
            /* TRANSLATORS: a practice game's verdict: no move of the learner captured twice */
            return verdict (cat, lesson, s, FALSE, g_strdup_printf (TN_ (cat, "None of your first %u move captured twice.",
                                                                   "None of your first %u moves captured twice.", limit),
                                                               limit), feedback);
          /* TRANSLATORS: a practice game's verdict */
          return verdict (cat, lesson, s, FALSE, g_strdup_printf (TN_ (cat, "You captured nothing in your first %u move.",
                                                                 "You captured nothing in your first %u moves.", limit),
                                                             limit), feedback);
        }
      break;
    default:
      break;
    }
  if (!over)
    return KIELA_LESSON_PENDING;
  return verdict (cat, lesson, s, FALSE, kiela_game_describe_result_in (game, cat), feedback);
}

KielaLessonVerdict
kiela_lesson_check (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                    const KielaLessonAnswer *answer, char **feedback)
{
  return kiela_lesson_check_in (lesson, variant, step, answer, feedback, NULL);
}

KielaLessonVerdict
kiela_lesson_check_in (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                       const KielaLessonAnswer *answer, char **feedback, const KielaCatalogue *cat)
{
  const KielaLessonStep *s = _kiela_lesson_get_step (lesson, step);
  g_autoptr(GError) error = NULL;
  g_autofree char *why = NULL;
  KielaPosition pos;
  KielaMove target = -1;
  MoveFacts f;
  char sq[KIELA_MOVE_NAME_MAX];

  g_return_val_if_fail (variant != NULL && answer != NULL, KIELA_LESSON_WRONG);
  if (feedback)
    *feedback = NULL;
  if (s == NULL || g_strcmp0 (lesson->variant, variant->id) != 0 || !_kiela_lesson_validate_step (lesson, variant, step, &error))
    {
      if (feedback)
        *feedback = g_strdup (error ? error->message : T_ (cat, "the lesson has no such step, or another variant"));
      return KIELA_LESSON_WRONG;
    }
  kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL);
  if (s->task.move)
    _kiela_lesson_parse_own_square (variant, &pos, s->task.move, &target, NULL);

  switch (s->task.kind)
    {
    case KIELA_TASK_WATCH:
      return answer->watched ? verdict (cat, lesson, s, TRUE, NULL, feedback) : KIELA_LESSON_PENDING;

    case KIELA_TASK_PREDICT_LAST:
      {
        char answered[4];

        _kiela_lesson_move_facts (variant, &pos, target, &f);
        if (answer->side == f.r.last_side && answer->house == f.r.last_house)
          return verdict (cat, lesson, s, TRUE, NULL, feedback);
        kiela_square_name (variant->files, (KielaSide) f.r.last_side, f.r.last_house, sq);
        if (answer->house >= 2u * variant->files || answer->side > KIELA_NORTH)
          return verdict (cat, lesson, s, FALSE, g_strdup_printf (T_ (cat, "The last stone lands in %s."), sq), feedback);
        kiela_square_name (variant->files, answer->side, answer->house, answered);
        /* TRANSLATORS: "Not e2: the last stone lands in f2." */
        return verdict (cat, lesson, s, FALSE, g_strdup_printf (T_ (cat, "Not %s: the last stone lands in %s."), answered, sq),
                        feedback);
      }

    case KIELA_TASK_PREDICT_CAPTURE:
      _kiela_lesson_move_facts (variant, &pos, target, &f);
      kiela_square_name (variant->files, (KielaSide) pos.to_move, (guint) target, sq);
      return verdict (cat, lesson, s, answer->number == f.r.captured, describe_capture (cat, sq, &f), feedback);

    case KIELA_TASK_PLAY_OUT:
      return check_play_out (cat, lesson, variant, s, &pos, answer->game, feedback);

    case KIELA_TASK_ARRANGE:
      {
        g_autofree char *problem = _kiela_lesson_arrangement_problem (cat, variant, &s->task, &pos, answer->arrangement);
        gboolean met;

        if (problem)
          return verdict (cat, lesson, s, FALSE, g_steal_pointer (&problem), feedback);
        met = _kiela_lesson_arrangement_met (variant, &s->task, answer->arrangement);
        return verdict (cat, lesson, s, met, _kiela_lesson_explain_arrangement (cat, variant, &s->task, answer->arrangement, met),
                        feedback);
      }

    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
    default:
      break;
    }

  /* The learner sowed a house (clockwise, too, where the variant allows it). */
  if (!KIELA_MOVE_IS_WELL_FORMED (answer->move) || KIELA_MOVE_HOUSE (answer->move) >= 2u * variant->files)
    return verdict (cat, lesson, s, FALSE, g_strdup (T_ (cat, "That is not a house of this board.")), feedback);
  why = kiela_explain_illegal_in (variant, &pos, answer->move, cat);
  if (why)
    return verdict (cat, lesson, s, FALSE, g_steal_pointer (&why), feedback);
  /* A move sown clockwise is named so ("b1<"), a move the usual way by its house ("b1"). */
  kiela_move_name (variant->files, (KielaSide) pos.to_move, answer->move, sq);
  _kiela_lesson_move_facts (variant, &pos, answer->move, &f);

  if (s->task.kind == KIELA_TASK_SOW_HOUSE)
    {
      if (answer->move == target)
        return verdict (cat, lesson, s, TRUE, NULL, feedback);
      if (target >= 0 && KIELA_MOVE_HOUSE (answer->move) == KIELA_MOVE_HOUSE (target))
        return verdict (cat, lesson, s, FALSE, explain_direction (cat, variant, &pos, answer->move, target, &f), feedback);
      /* TRANSLATORS: "You sowed e1; this step asks for g1." */
      return verdict (cat, lesson, s, FALSE, g_strdup_printf (T_ (cat, "You sowed %s; this step asks for %s."), sq, s->task.move),
                      feedback);
    }
  if (s->task.kind == KIELA_TASK_BEST_MOVE)
    {
      if (answer->move == target)
        return verdict (cat, lesson, s, TRUE, describe_capture (cat, sq, &f), feedback);
      {
        g_autofree char *capture = describe_capture (cat, sq, &f);
        return verdict (cat, lesson, s, FALSE, g_strconcat (capture, " ", T_ (cat, "Another move gains more."), NULL), feedback);
      }
    }
  {
    gboolean met = _kiela_lesson_condition_met (variant, &pos, &s->task, &f);
    return verdict (cat, lesson, s, met, explain_condition (cat, variant, &pos, &s->task, sq, &f, met), feedback);
  }
}

gboolean
kiela_lesson_step_right_answer (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                                KielaLessonAnswer *answer)
{
  const KielaLessonStep *s = _kiela_lesson_get_step (lesson, step);
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition pos;
  KielaMove target = -1;
  MoveFacts f;
  guint n;

  g_return_val_if_fail (variant != NULL && answer != NULL, FALSE);
  memset (answer, 0, sizeof *answer);
  if (s == NULL || !kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL))
    return FALSE;
  if (s->task.move && !_kiela_lesson_parse_own_square (variant, &pos, s->task.move, &target, NULL))
    return FALSE;
  switch (s->task.kind)
    {
    case KIELA_TASK_WATCH:
      answer->watched = TRUE;
      return TRUE;
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_BEST_MOVE:
      answer->move = target;
      return target >= 0;
    case KIELA_TASK_PREDICT_LAST:
      if (target < 0)
        return FALSE;
      _kiela_lesson_move_facts (variant, &pos, target, &f);
      answer->side = (KielaSide) f.r.last_side;
      answer->house = f.r.last_house;
      return TRUE;
    case KIELA_TASK_PREDICT_CAPTURE:
      if (target < 0)
        return FALSE;
      _kiela_lesson_move_facts (variant, &pos, target, &f);
      answer->number = f.r.captured;
      return TRUE;
    case KIELA_TASK_SOW_ANY:
      n = kiela_legal_moves (variant, &pos, moves, NULL, NULL);
      for (guint i = 0; i < n; i++)
        {
          _kiela_lesson_move_facts (variant, &pos, moves[i], &f);
          if (_kiela_lesson_condition_met (variant, &pos, &s->task, &f))
            {
              answer->move = moves[i];
              return TRUE;
            }
        }
      return FALSE;
    case KIELA_TASK_PLAY_OUT:
    default:
      return FALSE;
    }
}
