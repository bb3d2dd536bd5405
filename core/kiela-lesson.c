/* kiela-lesson.c: checks lessons when they are registered (validation), and the helpers the other
 * lesson files share (kiela-lesson-private.h). */
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

const char *
_kiela_lesson_tr (const KielaLesson *lesson, const char *text)
{
  return text ? g_dgettext (domain_of (lesson), text) : NULL;
}

const char *
kiela_lesson_get_title (const KielaLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return _kiela_lesson_tr (lesson, lesson->title);
}

/* Notes are teacher's text: an empty one is none. */
static const char *
note (const KielaLesson *lesson, const char *text)
{
  return text && *text ? _kiela_lesson_tr (lesson, text) : NULL;
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
  return lesson->summary ? _kiela_lesson_tr (lesson, lesson->summary) : "";
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

const KielaLessonStep *
_kiela_lesson_get_step (const KielaLesson *lesson, guint step)
{
  if (lesson == NULL || lesson->steps == NULL || step >= lesson->n_steps)
    return NULL;
  return &lesson->steps[step];
}

const char *
kiela_lesson_step_get_text (const KielaLesson *lesson, guint step)
{
  const KielaLessonStep *s = _kiela_lesson_get_step (lesson, step);
  return s ? _kiela_lesson_tr (lesson, s->text) : NULL;
}

const char *
kiela_lesson_step_get_hint (const KielaLesson *lesson, guint step)
{
  const KielaLessonStep *s = _kiela_lesson_get_step (lesson, step);
  return s ? _kiela_lesson_tr (lesson, s->hint) : NULL;
}

const char *
kiela_lesson_step_get_opponent (const KielaLesson *lesson, guint step)
{
  const KielaLessonStep *s = _kiela_lesson_get_step (lesson, step);
  return s && s->task.kind == KIELA_TASK_PLAY_OUT ? s->task.opponent : NULL;
}

gboolean
kiela_lesson_step_get_position (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                                KielaPosition *out, GError **error)
{
  const KielaLessonStep *s = _kiela_lesson_get_step (lesson, step);

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
gboolean
_kiela_lesson_parse_own_square (const KielaVariant *variant, const KielaPosition *pos, const char *text, KielaMove *out,
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
  const KielaLessonStep *s = _kiela_lesson_get_step (lesson, step);
  KielaPosition pos;
  KielaMove move;

  if (s == NULL || s->task.move == NULL || !kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL))
    return -1;
  if (!_kiela_lesson_parse_own_square (variant, &pos, s->task.move, &move, NULL))
    return -1;
  return move;
}

void
_kiela_lesson_move_facts (const KielaVariant *variant, const KielaPosition *pos, KielaMove move, MoveFacts *out)
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
guint32
_kiela_lesson_longest_drops (const KielaVariant *variant, const KielaPosition *pos)
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
KielaMove
_kiela_lesson_reply_capture (const KielaVariant *variant, const KielaPosition *after)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint16 captured[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves_captured (variant, after, moves, NULL, NULL, NULL, captured);

  for (guint i = 0; i < n; i++)
    if (captured[i] > 0)
      return moves[i];
  return -1;
}

gboolean
_kiela_lesson_condition_met (const KielaVariant *variant, const KielaPosition *pos, const KielaLessonTask *task,
               const MoveFacts *f)
{
  if (f->r.end == KIELA_END_ENDLESS)
    return FALSE;
  switch ((KielaLessonCondition) task->condition)
    {
    case KIELA_CONDITION_CAPTURES:          return f->r.captures > 0;
    case KIELA_CONDITION_RELAYS:            return f->relays > 0;
    case KIELA_CONDITION_CAPTURES_AT_LEAST: return f->r.captured >= task->number;
    case KIELA_CONDITION_NO_REPLY_CAPTURE:  return _kiela_lesson_reply_capture (variant, &f->after) < 0;
    case KIELA_CONDITION_LONGEST:           return f->r.drops >= _kiela_lesson_longest_drops (variant, pos);
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

gboolean
_kiela_lesson_step_fail (GError **error, const KielaLesson *lesson, guint step, const char *reason)
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

  if (!_kiela_lesson_parse_own_square (variant, pos, square, move, &local))
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
      _kiela_lesson_move_facts (variant, &pos, move, &f);
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
          _kiela_lesson_move_facts (variant, &pos, moves[k], &f);
          if (_kiela_lesson_condition_met (variant, &pos, t, &f))
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

gboolean
_kiela_lesson_validate_step (const KielaLesson *lesson, const KielaVariant *variant, guint i, GError **error)
{
  g_autofree char *reason = kiela_lesson_step_problem (lesson, variant, i, NULL);

  if (reason == NULL)
    return TRUE;
  return _kiela_lesson_step_fail (error, lesson, i, reason);
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
        return _kiela_lesson_step_fail (error, lesson, i, _("a puzzle set may only hold “find the best move” tasks"));
      if (!_kiela_lesson_validate_step (lesson, variant, i, error))
        return FALSE;
    }
  return TRUE;
}
