/* kiela-lesson.c: checks lessons when they are registered, and checks a learner's answers (pure functions). */
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

static const char *
domain_of (const KielaLesson *lesson)
{
  return lesson->translation_domain ? lesson->translation_domain : GETTEXT_PACKAGE;
}

static const char *
tr (const KielaLesson *lesson, const char *text)
{
  return text ? g_dgettext (domain_of (lesson), text) : NULL;
}

const char *
kiela_lesson_get_title (const KielaLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return tr (lesson, lesson->title);
}

/* Notes are teacher's text: an empty one is none. */
static const char *
note (const KielaLesson *lesson, const char *text)
{
  return text && *text ? tr (lesson, text) : NULL;
}

const char *
kiela_lesson_get_objective (const KielaLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return note (lesson, lesson->objective);
}

const char *
kiela_lesson_get_misconceptions (const KielaLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return note (lesson, lesson->misconceptions);
}

const char *
kiela_lesson_get_activity (const KielaLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return note (lesson, lesson->activity);
}

gboolean
kiela_lesson_has_notes (const KielaLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, FALSE);
  return kiela_lesson_get_objective (lesson) || kiela_lesson_get_misconceptions (lesson)
         || kiela_lesson_get_activity (lesson);
}

const char *
kiela_lesson_get_summary (const KielaLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return lesson->summary ? tr (lesson, lesson->summary) : "";
}

const char *
kiela_lesson_level_name (KielaLessonLevel level)
{
  switch (level)
    {
    case KIELA_LESSON_BEGINNER: return C_("lesson level", "Beginner");
    case KIELA_LESSON_ADVANCED: return C_("lesson level", "Advanced");
    case KIELA_LESSON_EXPERT:   return C_("lesson level", "Expert");
    default:                    return "";
    }
}

const char *
kiela_task_kind_name (KielaTaskKind kind)
{
  switch (kind)
    {
    case KIELA_TASK_WATCH:           return _("Watch a move");
    case KIELA_TASK_SOW_HOUSE:       return _("Sow this house");
    case KIELA_TASK_SOW_ANY:         return _("Find a house to sow");
    case KIELA_TASK_PREDICT_LAST:    return _("Where will the last stone land?");
    case KIELA_TASK_PREDICT_CAPTURE: return _("How many stones will it capture?");
    case KIELA_TASK_BEST_MOVE:       return _("Find the best move");
    case KIELA_TASK_PLAY_OUT:        return _("Play it out");
    case KIELA_TASK_ARRANGE:         return _("Arrange your stones");
    default:                         return "";
    }
}

gboolean
kiela_lesson_is_final_test (const KielaLesson *lesson)
{
  return lesson != NULL && lesson->kind == KIELA_LESSON_KIND_COURSE && lesson->id != NULL
         && g_str_has_prefix (lesson->id, "final-");
}

static const KielaLessonStep *
get_step (const KielaLesson *lesson, guint step)
{
  if (lesson == NULL || lesson->steps == NULL || step >= lesson->n_steps)
    return NULL;
  return &lesson->steps[step];
}

const char *
kiela_lesson_step_get_text (const KielaLesson *lesson, guint step)
{
  const KielaLessonStep *s = get_step (lesson, step);
  return s ? tr (lesson, s->text) : NULL;
}

const char *
kiela_lesson_step_get_hint (const KielaLesson *lesson, guint step)
{
  const KielaLessonStep *s = get_step (lesson, step);
  return s ? tr (lesson, s->hint) : NULL;
}

const char *
kiela_lesson_step_get_opponent (const KielaLesson *lesson, guint step)
{
  const KielaLessonStep *s = get_step (lesson, step);
  return s && s->task.kind == KIELA_TASK_PLAY_OUT ? s->task.opponent : NULL;
}

gboolean
kiela_lesson_step_get_position (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                                KielaPosition *out, GError **error)
{
  const KielaLessonStep *s = get_step (lesson, step);

  g_return_val_if_fail (variant != NULL && out != NULL, FALSE);
  if (s == NULL)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("the lesson has no step %u"), step + 1);
      return FALSE;
    }
  if (s->position == NULL)
    {
      kiela_position_init_start (out, variant);
      return TRUE;
    }
  return kiela_position_parse (s->position, variant->files, out, error);
}

/* A square of the side to move, "a1" or, sown clockwise, "a1<"; the error says why not. */
static gboolean
parse_own_square (const KielaVariant *variant, const KielaPosition *pos, const char *text, KielaMove *out,
                  GError **error)
{
  KielaSquare sq;
  KielaMove move;

  if (text == NULL)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("the task names no house"));
      return FALSE;
    }
  if (!kiela_move_parse (variant->files, text, &sq, &move, error))
    return FALSE;
  if (sq.side != (KielaSide) pos->to_move)
    {
      g_autofree char *why = kiela_explain_house (variant, pos, sq.side, sq.house);
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, why ? why : text);
      return FALSE;
    }
  *out = move;
  return TRUE;
}

KielaMove
kiela_lesson_step_get_move (const KielaLesson *lesson, const KielaVariant *variant, guint step)
{
  const KielaLessonStep *s = get_step (lesson, step);
  KielaPosition pos;
  KielaMove move;

  if (s == NULL || s->task.move == NULL || !kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL))
    return -1;
  if (!parse_own_square (variant, &pos, s->task.move, &move, NULL))
    return -1;
  return move;
}

/* What one move does, as far as lessons care. */
typedef struct {
  KielaSowResult r;
  KielaPosition after;
  guint relays;
} MoveFacts;

static void
move_facts (const KielaVariant *variant, const KielaPosition *pos, KielaMove move, MoveFacts *out)
{
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  kiela_sow_traced (variant, pos, move, trace);
  out->r = trace->result;
  out->after = trace->after;
  out->relays = 0;
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    if (kiela_trace_get_event (trace, i)->type == KIELA_EVENT_RELAY)
      out->relays++;
}

/* The most stones any legal move drops. */
static guint32
longest_drops (const KielaVariant *variant, const KielaPosition *pos)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint32 drops[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves_ex (variant, pos, moves, NULL, NULL, drops);
  guint32 best = 0;

  for (guint i = 0; i < n; i++)
    best = MAX (best, drops[i]);
  return best;
}

/* A move of the opponent that captures after `after`, or -1. */
static KielaMove
reply_capture (const KielaVariant *variant, const KielaPosition *after)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint16 captured[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves_captured (variant, after, moves, NULL, NULL, NULL, captured);

  for (guint i = 0; i < n; i++)
    if (captured[i] > 0)
      return moves[i];
  return -1;
}

static gboolean
condition_met (const KielaVariant *variant, const KielaPosition *pos, const KielaLessonTask *task,
               const MoveFacts *f)
{
  if (f->r.end == KIELA_END_ENDLESS)
    return FALSE;
  switch ((KielaLessonCondition) task->condition)
    {
    case KIELA_CONDITION_CAPTURES:          return f->r.captures > 0;
    case KIELA_CONDITION_RELAYS:            return f->relays > 0;
    case KIELA_CONDITION_CAPTURES_AT_LEAST: return f->r.captured >= task->number;
    case KIELA_CONDITION_NO_REPLY_CAPTURE:  return reply_capture (variant, &f->after) < 0;
    case KIELA_CONDITION_LONGEST:           return f->r.drops >= longest_drops (variant, pos);
    case KIELA_CONDITION_ANY:               return TRUE;
    case KIELA_CONDITION_WINS:
      {
        KielaMove replies[KIELA_MAX_MOVES];
        return kiela_legal_moves (variant, &f->after, replies, NULL, NULL) == 0;
      }
    default:                                return FALSE;
    }
}

/* ---- validation ---- */

static gboolean
step_fail (GError **error, const KielaLesson *lesson, guint step, const char *reason)
{
  /* TRANSLATORS: a lesson refused at loading: "lesson “relays”, step 2: e1 holds 1 stone: Kiela needs at least 2." */
  g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("lesson “%s”, step %u: %s"), lesson->id, step + 1, reason);
  return FALSE;
}

static gboolean
legal_move_of (const KielaVariant *variant, const KielaPosition *pos, const char *square, KielaMove *move,
               char **reason)
{
  g_autoptr(GError) local = NULL;
  char *why;

  if (!parse_own_square (variant, pos, square, move, &local))
    {
      *reason = g_strdup (local->message);
      return FALSE;
    }
  why = kiela_explain_illegal (variant, pos, *move);
  if (why)
    {
      *reason = why;
      return FALSE;
    }
  return TRUE;
}

/* Why step `i` cannot be kept (translated), or NULL; `field` names what is at fault:
 * "text", "position", "move", "answer", "condition", "number", "opponent" or "task". */
char *
kiela_lesson_step_problem (const KielaLesson *lesson, const KielaVariant *variant, guint i, const char **field)
{
  const KielaLessonStep *s = &lesson->steps[i];
  const KielaLessonTask *t = &s->task;
  g_autoptr(GError) local = NULL;
  char *reason = NULL;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition pos;
  KielaMove move = -1;
  MoveFacts f;
  guint n;
  const char *dummy;

  if (field == NULL)
    field = &dummy;
  *field = "task";
  if (s->text == NULL || *s->text == '\0')
    {
      *field = "text";
      return g_strdup (_("it has no text"));
    }
  *field = "position";
  if (!kiela_lesson_step_get_position (lesson, variant, i, &pos, &local))
    return g_strdup (local->message);
  n = kiela_legal_moves (variant, &pos, moves, NULL, NULL);
  if (n == 0)
    return g_strdup (_("the side to move has no legal move in its position"));

  switch (t->kind)
    {
    case KIELA_TASK_WATCH:
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_PREDICT_LAST:
    case KIELA_TASK_PREDICT_CAPTURE:
    case KIELA_TASK_BEST_MOVE:
      *field = "move";
      if (!legal_move_of (variant, &pos, t->move, &move, &reason))
        return reason;
      move_facts (variant, &pos, move, &f);
      if (f.r.end == KIELA_END_ENDLESS)
        return g_strdup (_("its move never ends"));
      *field = "answer";
      if (t->kind == KIELA_TASK_PREDICT_LAST)
        {
          KielaSquare sq;
          char landed[4];

          if (t->answer == NULL || !kiela_square_parse (variant->files, t->answer, &sq, &local))
            return g_strdup (local ? local->message : _("the task names no house"));
          kiela_square_name (variant->files, (KielaSide) f.r.last_side, f.r.last_house, landed);
          if (sq.side != f.r.last_side || sq.house != f.r.last_house)
            /* TRANSLATORS: a lesson's prediction is wrong: "its answer is e2, but the last stone of g1 lands in f2" */
            return g_strdup_printf (_("its answer is %s, but the last stone of %s lands in %s"),
                                    t->answer, t->move, landed);
        }
      if (t->kind == KIELA_TASK_PREDICT_CAPTURE && t->number != f.r.captured)
        return g_strdup_printf (NG ("its answer is %u, but %s captures %u stone",
                                    "its answer is %u, but %s captures %u stones", f.r.captured),
                                t->number, t->move, (guint) f.r.captured);
      return NULL;

    case KIELA_TASK_SOW_ANY:
      *field = "condition";
      if (t->condition > KIELA_CONDITION_WINS)
        return g_strdup (_("its task is not one this host knows"));
      for (guint k = 0; k < n; k++)
        {
          move_facts (variant, &pos, moves[k], &f);
          if (condition_met (variant, &pos, t, &f))
            return NULL;
        }
      return g_strdup (_("no legal move meets its task"));

    case KIELA_TASK_ARRANGE:
      {
        KielaPosition found;

        *field = "task";
        if (!variant->setup_phase)
          /* TRANSLATORS: a lesson step refused: its variant has no expert arrangement */
          return g_strdup_printf (_("“%s” has no arrangement before play"), variant->id);
        *field = "condition";
        if (t->condition > KIELA_ARRANGE_SAFE)
          return g_strdup (_("its task is not one this host knows"));
        *field = "position";
        if (_kiela_lesson_arrangement_met (variant, t, &pos))
          return g_strdup (_("its position already meets the task: nothing needs to be arranged"));
        *field = t->condition == KIELA_ARRANGE_CAPTURES && t->number > 1 ? "number" : "condition";
        if (!_kiela_lesson_find_arrangement (variant, t, &pos, &found))
          return g_strdup (_("no arrangement the engine tried meets its task"));
        return NULL;
      }

    case KIELA_TASK_PLAY_OUT:
      *field = "condition";
      if (t->condition > KIELA_GOAL_CHAIN)
        return g_strdup (_("its task is not one this host knows"));
      *field = "opponent";
      if (t->opponent == NULL || *t->opponent == '\0')
        return g_strdup (_("its task names no opponent"));
      *field = "number";
      if ((t->condition == KIELA_GOAL_SURVIVE || t->condition == KIELA_GOAL_KEEP) && t->number == 0)
        return g_strdup (_("its task asks to survive 0 moves"));
      return NULL;

    default:
      *field = "task";
      return g_strdup (_("its task is not one this host knows"));
    }
}

static gboolean
validate_step (const KielaLesson *lesson, const KielaVariant *variant, guint i, GError **error)
{
  g_autofree char *reason = kiela_lesson_step_problem (lesson, variant, i, NULL);

  if (reason == NULL)
    return TRUE;
  return step_fail (error, lesson, i, reason);
}

gboolean
kiela_lesson_validate (const KielaLesson *lesson, const KielaVariant *variant, GError **error)
{
  g_return_val_if_fail (lesson != NULL && variant != NULL, FALSE);

  if (lesson->version != KIELA_LESSON_VERSION)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("lesson “%s” is written for lesson format %u, this host reads %u"),
                   lesson->id, (guint) lesson->version, (guint) KIELA_LESSON_VERSION);
      return FALSE;
    }
  if (g_strcmp0 (lesson->variant, variant->id) != 0)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("lesson “%s” plays “%s”, not “%s”"),
                   lesson->id, lesson->variant ? lesson->variant : "", variant->id);
      return FALSE;
    }
  if (lesson->level > KIELA_LESSON_EXPERT || lesson->kind > KIELA_LESSON_KIND_PUZZLES)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("lesson “%s” has an unknown level or kind"), lesson->id);
      return FALSE;
    }
  if (lesson->steps == NULL || lesson->n_steps == 0 || lesson->n_steps > KIELA_LESSON_MAX_STEPS)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("lesson “%s” needs 1 to %u steps"),
                   lesson->id, (guint) KIELA_LESSON_MAX_STEPS);
      return FALSE;
    }
  for (guint i = 0; i < lesson->n_steps; i++)
    {
      if (lesson->kind == KIELA_LESSON_KIND_PUZZLES && lesson->steps[i].task.kind != KIELA_TASK_BEST_MOVE)
        return step_fail (error, lesson, i, _("a puzzle set may only hold “find the best move” tasks"));
      if (!validate_step (lesson, variant, i, error))
        return FALSE;
    }
  return TRUE;
}

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
      const char *base = right ? (s->right ? tr (lesson, s->right) : T_ (cat, "Right!"))
                               : (s->wrong ? tr (lesson, s->wrong) : T_ (cat, "Not quite."));
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
        KielaMove reply = reply_capture (variant, &f->after);
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
        guint32 best = longest_drops (variant, pos);

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
  const KielaLessonStep *s = get_step (lesson, step);
  g_autoptr(GError) error = NULL;
  g_autofree char *why = NULL;
  KielaPosition pos;
  KielaMove target = -1;
  MoveFacts f;
  char sq[4];

  g_return_val_if_fail (variant != NULL && answer != NULL, KIELA_LESSON_WRONG);
  if (feedback)
    *feedback = NULL;
  if (s == NULL || g_strcmp0 (lesson->variant, variant->id) != 0 || !validate_step (lesson, variant, step, &error))
    {
      if (feedback)
        *feedback = g_strdup (error ? error->message : T_ (cat, "the lesson has no such step, or another variant"));
      return KIELA_LESSON_WRONG;
    }
  kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL);
  if (s->task.move)
    parse_own_square (variant, &pos, s->task.move, &target, NULL);

  switch (s->task.kind)
    {
    case KIELA_TASK_WATCH:
      return answer->watched ? verdict (cat, lesson, s, TRUE, NULL, feedback) : KIELA_LESSON_PENDING;

    case KIELA_TASK_PREDICT_LAST:
      {
        char answered[4];

        move_facts (variant, &pos, target, &f);
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
      move_facts (variant, &pos, target, &f);
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

  /* The learner sowed a house. */
  if (answer->move < 0 || answer->move >= 2 * variant->files)
    return verdict (cat, lesson, s, FALSE, g_strdup (T_ (cat, "That is not a house of this board.")), feedback);
  why = kiela_explain_illegal_in (variant, &pos, answer->move, cat);
  if (why)
    return verdict (cat, lesson, s, FALSE, g_steal_pointer (&why), feedback);
  kiela_square_name (variant->files, (KielaSide) pos.to_move, (guint) answer->move, sq);
  move_facts (variant, &pos, answer->move, &f);

  if (s->task.kind == KIELA_TASK_SOW_HOUSE)
    {
      if (answer->move == target)
        return verdict (cat, lesson, s, TRUE, NULL, feedback);
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
    gboolean met = condition_met (variant, &pos, &s->task, &f);
    return verdict (cat, lesson, s, met, explain_condition (cat, variant, &pos, &s->task, sq, &f, met), feedback);
  }
}

gboolean
kiela_lesson_step_right_answer (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                                KielaLessonAnswer *answer)
{
  const KielaLessonStep *s = get_step (lesson, step);
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition pos;
  KielaMove target = -1;
  MoveFacts f;
  guint n;

  g_return_val_if_fail (variant != NULL && answer != NULL, FALSE);
  memset (answer, 0, sizeof *answer);
  if (s == NULL || !kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL))
    return FALSE;
  if (s->task.move && !parse_own_square (variant, &pos, s->task.move, &target, NULL))
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
      move_facts (variant, &pos, target, &f);
      answer->side = (KielaSide) f.r.last_side;
      answer->house = f.r.last_house;
      return TRUE;
    case KIELA_TASK_PREDICT_CAPTURE:
      if (target < 0)
        return FALSE;
      move_facts (variant, &pos, target, &f);
      answer->number = f.r.captured;
      return TRUE;
    case KIELA_TASK_SOW_ANY:
      n = kiela_legal_moves (variant, &pos, moves, NULL, NULL);
      for (guint i = 0; i < n; i++)
        {
          move_facts (variant, &pos, moves[i], &f);
          if (condition_met (variant, &pos, &s->task, &f))
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

/* ---- walking a lesson (kiela-cli lessons check, tests) ---- */

static gboolean
walk_fail (GError **error, const KielaLesson *lesson, guint step, char *reason)
{
  step_fail (error, lesson, step, reason);
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

      move_facts (variant, pos, moves[i], &f);
      if (goal == KIELA_GOAL_RELAY ? f.relays == 0
          : goal == KIELA_GOAL_CAPTURE ? f.r.captures == 0
          : goal == KIELA_GOAL_CHAIN ? f.r.captures < 2
          : reply_capture (variant, &f.after) >= 0)
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
          break;
        }
    }
  return TRUE;
}

/* ---- puzzles ---- */

/* The alpha-beta plugin's win score is 1,000,000 minus the plies to the win. */
#define PUZZLE_WIN_BOUND 900000
/* A puzzle's answer leads every other move by three stones. */
#define PUZZLE_MIN_LEAD 300
/* Behind by more than five stones even after the answer: a lost position, no puzzle. */
#define PUZZLE_LOST (-500)

/* The plain material evaluation: stones on each side, nothing else (every other weight of
 * the classic evaluation set to 0). */
#define PUZZLE_MATERIAL_ONLY " w-mobility=0 w-exposure=0 w-threat=0 w-safe=0 w-tempo=0"

static gboolean
puzzle_score (KielaRegistry *registry, const KielaVariant *variant, const KielaPosition *pos, guint depth,
              gboolean material, KielaMove *best, gint *best_value, gint *margin, GError **error)
{
  g_autofree char *spec = NULL;
  g_autoptr(KielaAiConfig) config = NULL;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  gint first = G_MININT, second = G_MININT;
  guint n;

  g_return_val_if_fail (variant != NULL && pos != NULL && best != NULL && margin != NULL, FALSE);
  /* Each child is searched one ply less: the move itself is the first ply. */
  spec = g_strdup_printf ("alphabeta depth=%u noise=0%s", MAX (depth, 2u) - 1, material ? PUZZLE_MATERIAL_ONLY : "");
  config = kiela_ai_config_new (registry, spec, 0, error);
  if (config == NULL)
    return FALSE;
  *best = -1;
  *margin = 0;
  if (best_value)
    *best_value = 0;
  n = kiela_legal_moves (variant, pos, moves, children, endless);
  for (guint i = 0; i < n; i++)
    {
      KielaMove replies[KIELA_MAX_MOVES];
      gint value;

      if (endless[i])
        value = -1000000;
      else if (kiela_legal_moves (variant, &children[i], replies, NULL, NULL) == 0)
        value = 1000000;
      else
        {
          KielaAiRequest request = { 0 };
          KielaAiReply reply;

          request.variant = variant;
          request.position = children[i];
          request.seed = 1;
          if (!kiela_ai_config_think (config, &request, &reply, error))
            return FALSE;
          value = -reply.score;
        }
      if (value > first)
        {
          second = first;
          first = value;
          *best = moves[i];
        }
      else if (value > second)
        second = value;
    }
  if (best_value && n > 0)
    *best_value = first;
  if (n < 2)
    return TRUE;
  if (first >= PUZZLE_WIN_BOUND && second < PUZZLE_WIN_BOUND)
    *margin = KIELA_LESSON_WIN_MARGIN;
  else
    *margin = MIN (first - second, KIELA_LESSON_WIN_MARGIN - 1);
  return TRUE;
}

gboolean
kiela_lesson_puzzle_score (KielaRegistry *registry, const KielaVariant *variant, const KielaPosition *pos,
                           guint depth, KielaMove *best, gint *margin, GError **error)
{
  return puzzle_score (registry, variant, pos, depth, FALSE, best, NULL, margin, error);
}

gboolean
kiela_lesson_puzzle_verify (KielaRegistry *registry, const KielaVariant *variant, const KielaPosition *pos,
                            KielaMove answer, guint depth, gint *lead, char **why, GError **error)
{
  /* The deeper check first: it is the one that fails most. */
  const guint depths[2] = { depth, depth > 2 ? depth - 2 : depth };
  gint smallest = KIELA_LESSON_WIN_MARGIN;

  g_return_val_if_fail (variant != NULL && pos != NULL && why != NULL, FALSE);
  *why = NULL;
  for (guint d = 0; d < G_N_ELEMENTS (depths); d++)
    for (guint material = 0; material < 2; material++)
      {
        const char *eval = material ? _("the plain material evaluation") : _("the AI’s evaluation");
        KielaMove best;
        gint value, margin;

        if (!puzzle_score (registry, variant, pos, depths[d], material, &best, &value, &margin, error))
          return FALSE;
        smallest = MIN (smallest, margin);
        if (d == 0 && !material && value < PUZZLE_LOST)
          /* TRANSLATORS: why a puzzle is unsound: %d hundredths of a stone */
          *why = g_strdup_printf (_("the side to move is lost whatever it plays: even its best move leaves it "
                                    "%d hundredths of a stone behind"), -value);
        else if (best != answer)
          {
            g_autofree char *name = best >= 0 ? kiela_square_name_dup (variant->files, (KielaSide) pos->to_move, best)
                                              : g_strdup ("-");
            /* TRANSLATORS: why a puzzle is unsound: %1$s a house (e2), %2$u a search depth, %3$s
             * "the plain material evaluation" or "the AI's evaluation" */
            *why = g_strdup_printf (_("the search prefers %1$s at depth %2$u under %3$s"), name, depths[d], eval);
          }
        else if (margin < PUZZLE_MIN_LEAD)
          /* TRANSLATORS: why a puzzle is unsound: %1$d hundredths of a stone, %2$u a search depth,
           * %3$s "the plain material evaluation" or "the AI's evaluation" */
          *why = g_strdup_printf (_("the answer leads the next move by only %1$d hundredths of a stone at depth %2$u "
                                    "under %3$s"), margin, depths[d], eval);
        if (*why != NULL)
          {
            if (lead)
              *lead = smallest;
            return TRUE;
          }
      }
  if (lead)
    *lead = smallest;
  return TRUE;
}

guint
kiela_lesson_puzzle_line (KielaRegistry *registry, const KielaVariant *variant, const KielaPosition *pos,
                          KielaMove move, guint depth, KielaMove *line, guint max_line, GError **error)
{
  g_autofree char *illegal = NULL;
  KielaPosition p;
  guint n = 0;

  g_return_val_if_fail (variant != NULL && pos != NULL && line != NULL, 0);
  if (max_line == 0 || (illegal = kiela_explain_illegal (variant, pos, move)) != NULL)
    return 0;
  p = *pos;
  line[n++] = move;
  kiela_sow_fast (variant, &p, move, NULL);
  /* Each later move is the search's best at the depth left: the line the verdict saw. */
  while (n < max_line && n < depth)
    {
      g_autofree char *spec = g_strdup_printf ("alphabeta depth=%u noise=0", MAX (depth - n, 1u));
      g_autoptr(KielaAiConfig) config = kiela_ai_config_new (registry, spec, 0, error);
      KielaMove moves[KIELA_MAX_MOVES];
      KielaAiRequest request = { 0 };
      KielaAiReply reply;

      if (config == NULL)
        return 0;
      if (kiela_legal_moves (variant, &p, moves, NULL, NULL) == 0)
        break;
      request.variant = variant;
      request.position = p;
      request.seed = 1;
      if (!kiela_ai_config_think (config, &request, &reply, error))
        return 0;
      line[n++] = reply.move;
      kiela_sow_fast (variant, &p, reply.move, NULL);
    }
  return n;
}

/* ---- drills: a fresh position each time a step is shown ---- */

gboolean
kiela_lesson_drill_matches (const KielaVariant *variant, const KielaPosition *pos, KielaMove move, KielaLessonDrill drill)
{
  g_autofree char *why = NULL;
  MoveFacts f;

  g_return_val_if_fail (variant != NULL && pos != NULL, FALSE);
  if (move < 0 || (guint) move >= 2u * variant->files)
    return FALSE;
  why = kiela_explain_illegal (variant, pos, move);
  if (why != NULL)
    return FALSE;
  move_facts (variant, pos, move, &f);
  switch (drill)
    {
    case KIELA_DRILL_ONE_LAP:
      /* A hand of at least 2 stones: one stone's landing is no question. */
      return f.relays == 0 && f.r.captured == 0 && pos->houses[pos->to_move][move] >= 2;
    case KIELA_DRILL_RELAY:
      return f.relays > 0 && f.r.captured == 0;
    case KIELA_DRILL_CAPTURE:
      return f.r.captured > 0;
    case KIELA_DRILL_ONE_CAPTURE:
      return f.r.captures == 1 && f.r.captured > 0;
    case KIELA_DRILL_NONE:
    default:
      return FALSE;
    }
}

gboolean
kiela_lesson_drill_generate (const KielaLesson *lesson, const KielaVariant *variant, guint step, guint32 seed,
                             KielaPosition *pos, KielaMove *move)
{
  const KielaLessonStep *s = get_step (lesson, step);
  g_autoptr(GRand) rand = NULL;

  g_return_val_if_fail (variant != NULL && pos != NULL && move != NULL, FALSE);
  if (s == NULL || s->task.drill == KIELA_DRILL_NONE
      || (s->task.kind != KIELA_TASK_PREDICT_LAST && s->task.kind != KIELA_TASK_PREDICT_CAPTURE))
    return FALSE;
  rand = g_rand_new_with_seed (seed);
  /* Random games from the start, stopped at a random ply with South to move: positions a
   * pupil meets in play, never the same few.  A few hundred tries find every kind. */
  for (guint attempt = 0; attempt < 400; attempt++)
    {
      KielaPosition p;
      guint plies = (guint) g_rand_int_range (rand, 2, 40) & ~1u;   /* even: South to move */
      KielaMove moves[KIELA_MAX_MOVES], fits[KIELA_MAX_MOVES];
      guint n, n_fits = 0;
      gboolean over = FALSE;

      kiela_position_init_start (&p, variant);
      for (guint ply = 0; ply < plies && !over; ply++)
        {
          KielaPosition children[KIELA_MAX_MOVES];

          n = kiela_legal_moves (variant, &p, moves, children, NULL);
          if (n == 0)
            over = TRUE;
          else
            p = children[g_rand_int_range (rand, 0, (gint32) n)];
        }
      if (over || p.to_move != KIELA_SOUTH)
        continue;
      n = kiela_legal_moves (variant, &p, moves, NULL, NULL);
      for (guint i = 0; i < n; i++)
        if (kiela_lesson_drill_matches (variant, &p, moves[i], (KielaLessonDrill) s->task.drill))
          fits[n_fits++] = moves[i];
      if (n_fits == 0)
        continue;
      *pos = p;
      *move = fits[g_rand_int_range (rand, 0, (gint32) n_fits)];
      return TRUE;
    }
  return FALSE;
}
