/* kiela-worksheet-lesson.c: what a lesson's worksheet says beyond its boards: each step's question
 * and its answer, the answer key's pages and the teacher notes' pages. */
#include "config.h"

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "kiela-worksheet-private.h"

/* ---------- a lesson's questions and answers ---------- */

static const char *
side_name (KielaSide side)
{
  return side == KIELA_SOUTH ? _("South") : _("North");
}

static const char *
condition_question (KielaLessonCondition condition)
{
  switch (condition)
    {
    case KIELA_CONDITION_CAPTURES:          return _("Find a move that captures.");
    case KIELA_CONDITION_RELAYS:            return _("Find a move that relays.");
    case KIELA_CONDITION_CAPTURES_AT_LEAST: return NULL;
    case KIELA_CONDITION_NO_REPLY_CAPTURE:  return _("Find a move that leaves the opponent no capture.");
    case KIELA_CONDITION_LONGEST:           return _("Find the move that drops the most stones.");
    case KIELA_CONDITION_WINS:              return _("Find the move after which the opponent cannot move.");
    case KIELA_CONDITION_ANY:
    default:                                return _("Which houses may be sown? Choose one.");
    }
}

static const char *
goal_text (const KielaLessonTask *t, char **owned)
{
  switch ((KielaLessonGoal) t->condition)
    {
    case KIELA_GOAL_CAPTURE_ALL: return _("leave the opponent without a stone");
    case KIELA_GOAL_WIN:         return _("win the game");
    case KIELA_GOAL_RELAY:
      if (t->number == 0)
        return _("make a relay");
      *owned = g_strdup_printf (ngettext ("make a relay in your first %u move", "make a relay in your first %u moves",
                                          t->number), t->number);
      return *owned;
    case KIELA_GOAL_CAPTURE:
      if (t->number == 0)
        return _("capture at least once");
      *owned = g_strdup_printf (ngettext ("capture in your first %u move", "capture in your first %u moves", t->number),
                                t->number);
      return *owned;
    case KIELA_GOAL_CHAIN:
      if (t->number == 0)
        return _("capture twice in one move");
      *owned = g_strdup_printf (ngettext ("capture twice in one move, within your first %u move",
                                          "capture twice in one move, within your first %u moves", t->number),
                                t->number);
      return *owned;
    case KIELA_GOAL_KEEP:
      *owned = g_strdup_printf (ngettext ("play %u move without losing a stone", "play %u moves without losing a stone",
                                          t->number), t->number);
      return *owned;
    case KIELA_GOAL_SURVIVE:
    default:
      *owned = g_strdup_printf (ngettext ("play %u move without losing", "play %u moves without losing", t->number),
                                t->number);
      return *owned;
    }
}

char *
kiela_worksheet_step_question (const KielaLesson *lesson, const KielaVariant *variant, guint step)
{
  const KielaLessonTask *t;
  KielaPosition pos;
  const char *move;

  g_return_val_if_fail (lesson != NULL && variant != NULL && step < lesson->n_steps, NULL);
  t = &lesson->steps[step].task;
  move = t->move ? t->move : "?";
  if (!kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL))
    kiela_position_init_start (&pos, variant);
  switch (t->kind)
    {
    case KIELA_TASK_WATCH:
      /* TRANSLATORS: a worksheet's question; %s a square ("g1") */
      return g_strdup_printf (_("Follow the move %s stone by stone: write the board after it."), move);
    case KIELA_TASK_SOW_HOUSE:
      return g_strdup_printf (_("Sow %s: where do its stones go? Write the board after the move."), move);
    case KIELA_TASK_SOW_ANY:
      if (t->condition == KIELA_CONDITION_CAPTURES_AT_LEAST)
        return g_strdup_printf (ngettext ("Find a move that captures at least %u stone.",
                                          "Find a move that captures at least %u stones.", t->number), t->number);
      return g_strdup (condition_question ((KielaLessonCondition) t->condition));
    case KIELA_TASK_PREDICT_LAST:
      return g_strdup_printf (_("Where does the last stone of %s land?"), move);
    case KIELA_TASK_PREDICT_CAPTURE:
      return g_strdup_printf (_("How many stones does %s capture?"), move);
    case KIELA_TASK_BEST_MOVE:
      /* TRANSLATORS: %s "South" or "North" */
      return g_strdup_printf (_("Find the best move for %s."), side_name ((KielaSide) pos.to_move));
    case KIELA_TASK_PLAY_OUT:
      {
        g_autofree char *owned = NULL;
        const char *goal = goal_text (t, &owned);

        /* TRANSLATORS: %1$s "South" or "North", %2$s a goal ("win the game") */
        return g_strdup_printf (_("Play %1$s against the computer and %2$s."), side_name ((KielaSide) pos.to_move), goal);
      }
    default:
      return g_strdup ("");
    }
}

char *
kiela_worksheet_step_answer (const KielaLesson *lesson, const KielaVariant *variant, guint step)
{
  const KielaLessonTask *t;
  KielaLessonAnswer answer = { 0 };
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  KielaPosition pos;
  char square[4] = "?";

  g_return_val_if_fail (lesson != NULL && variant != NULL && step < lesson->n_steps, NULL);
  t = &lesson->steps[step].task;
  if (t->kind == KIELA_TASK_PLAY_OUT)
    {
      g_autofree char *owned = NULL;

      /* TRANSLATORS: the answer key of a play-out step: %s a goal ("win the game") */
      return g_strdup_printf (_("No single answer: the pupil must %s."), goal_text (t, &owned));
    }
  if (!kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL)
      || !kiela_lesson_step_right_answer (lesson, variant, step, &answer))
    return g_strdup (_("(this step does not pass its checks)"));
  if (t->kind == KIELA_TASK_WATCH || t->kind == KIELA_TASK_SOW_HOUSE)
    answer.move = kiela_lesson_step_get_move (lesson, variant, step);
  kiela_square_name (variant->files, (KielaSide) pos.to_move, (guint) answer.move, square);
  switch (t->kind)
    {
    case KIELA_TASK_PREDICT_LAST:
      /* TRANSLATORS: the answer key: "The last stone of h1 lands in i2." */
      return g_strdup_printf (_("The last stone of %1$s lands in %2$s."), t->move, t->answer);
    case KIELA_TASK_PREDICT_CAPTURE:
      return g_strdup_printf (ngettext ("%s captures %u stone.", "%s captures %u stones.", t->number), t->move, t->number);
    case KIELA_TASK_BEST_MOVE:
      if (t->margin >= KIELA_LESSON_WIN_MARGIN)
        return g_strdup_printf (_("%s, which wins."), square);
      if (t->margin > 0)
        /* TRANSLATORS: the answer key of a puzzle: "g1, by 4.5 stones over the next best move." */
        return g_strdup_printf (_("%1$s, by %2$.1f stones over the next best move."), square, t->margin / 100.0);
      return g_strdup_printf ("%s.", square);
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_WATCH:
    case KIELA_TASK_SOW_HOUSE:
    default:
      if (kiela_sow_traced (variant, &pos, answer.move, trace))
        {
          g_autofree char *summary = kiela_narrate_move_summary (variant, trace);

          if (t->kind == KIELA_TASK_SOW_ANY)
            /* TRANSLATORS: the answer key of "find a move that ...": one right move and what it does */
            return g_strdup_printf (_("For example %1$s: %2$s"), square, summary);
          return g_strdup (summary);
        }
      return g_strdup_printf ("%s.", square);
    }
}

/* ---------- the teacher page ---------- */

/* One paragraph of the teacher notes as printed: a heading or a line of text. */
typedef struct {
  char *text;
  gboolean heading;
} NotesPara;

static void
notes_para_clear (gpointer data)
{
  g_free (((NotesPara *) data)->text);
}

/* The lesson's teacher notes (Objective, Misconceptions, Activity) as paragraphs, under the
 * headings the lesson view's For Teachers shows; empty for a lesson without notes. */
static GArray *
notes_paragraphs (const KielaLesson *lesson)
{
  GArray *paras = g_array_new (FALSE, TRUE, sizeof (NotesPara));
  const char *objective = kiela_lesson_get_objective (lesson);
  const char *misconceptions = kiela_lesson_get_misconceptions (lesson);
  const char *activity = kiela_lesson_get_activity (lesson);
  NotesPara p;

  g_array_set_clear_func (paras, notes_para_clear);
  if (objective != NULL)
    {
      p = (NotesPara) { g_strdup (_("Objective")), TRUE };
      g_array_append_val (paras, p);
      p = (NotesPara) { g_strdup (objective), FALSE };
      g_array_append_val (paras, p);
    }
  if (misconceptions != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (misconceptions, "\n", -1);

      p = (NotesPara) { g_strdup (_("Usual Misconceptions")), TRUE };
      g_array_append_val (paras, p);
      for (guint i = 0; lines[i] != NULL; i++)
        if (*g_strstrip (lines[i]) != '\0')
          {
            /* The list's bullets as the lesson view has them (its "\n• %s" without the line break). */
            p = (NotesPara) { g_strdup_printf ("• %s", lines[i]), FALSE };
            g_array_append_val (paras, p);
          }
    }
  if (activity != NULL)
    {
      p = (NotesPara) { g_strdup (_("Activity with Real Stones")), TRUE };
      g_array_append_val (paras, p);
      p = (NotesPara) { g_strdup (activity), FALSE };
      g_array_append_val (paras, p);
    }
  return paras;
}

#define NOTES_TITLE_SIZE 15.0
#define NOTES_HEADING_SIZE 12.0
#define NOTES_TEXT_SIZE 11.0

/* The space a paragraph takes on the page, with the space before it. */
static double
notes_para_height (const NotesPara *p, guint index, double cw)
{
  if (p->heading)
    return (index > 0 ? 14 : 0) + _kiela_worksheet_measure_text (p->text, NOTES_HEADING_SIZE, TRUE, cw) + 4;
  return _kiela_worksheet_measure_text (p->text, NOTES_TEXT_SIZE, FALSE, cw) + 4;
}

/* The notes from `top` to `bottom`, as many pages as they need: nothing is cut, and a heading
 * never ends a page without its text. */
void
_kiela_worksheet_lay_out_notes (KielaWorksheet *ws, double cw, double top, double bottom)
{
  g_autoptr(GArray) paras = notes_paragraphs (ws->lesson);
  double title_h = _kiela_worksheet_measure_text (_("For Teachers"), NOTES_TITLE_SIZE, TRUE, cw) + 6;
  double y = top + title_h;
  guint first = 0;

  for (guint i = 0; i < paras->len; i++)
    {
      const NotesPara *p = &g_array_index (paras, NotesPara, i);
      double h = notes_para_height (p, i, cw);

      if (p->heading && i + 1 < paras->len)
        h += notes_para_height (&g_array_index (paras, NotesPara, i + 1), i + 1, cw);
      if (y + h > bottom && i > first)
        {
          Page page = { PAGE_TEACHER, 0, first, i, 0 };

          g_array_append_val (ws->pages, page);
          first = i;
          y = top + title_h;
        }
      y += notes_para_height (p, i, cw);
    }
  if (paras->len > first)
    {
      Page page = { PAGE_TEACHER, 0, first, paras->len, 0 };

      g_array_append_val (ws->pages, page);
    }
}

void
_kiela_worksheet_draw_notes_page (KielaWorksheet *ws, cairo_t *cr, const Page *page, double x, double y,
                                  double cw)
{
  g_autoptr(GArray) paras = notes_paragraphs (ws->lesson);
  gboolean ink = ws->options.ink;

  /* TRANSLATORS: the heading of a lesson worksheet's page of teacher notes, as the lesson view's expander */
  y += 6 + _kiela_worksheet_draw_text (cr, _("For Teachers"), NOTES_TITLE_SIZE, TRUE, PANGO_ALIGN_LEFT, x, y, cw,
                                       0, 0, 0);
  for (guint i = page->first; i < page->end && i < paras->len; i++)
    {
      const NotesPara *p = &g_array_index (paras, NotesPara, i);

      if (p->heading)
        {
          y += i > page->first ? 14 : 0;
          y += 4 + _kiela_worksheet_draw_text (cr, p->text, NOTES_HEADING_SIZE, TRUE, PANGO_ALIGN_LEFT, x, y, cw,
                                               ink ? 0 : 0.45, ink ? 0 : 0.2, ink ? 0 : 0.05);
        }
      else
        y += 4 + _kiela_worksheet_draw_text (cr, p->text, NOTES_TEXT_SIZE, FALSE, PANGO_ALIGN_LEFT, x, y, cw,
                                             0.1, 0.1, 0.1);
    }
}

void
_kiela_worksheet_draw_answer_page (KielaWorksheet *ws, cairo_t *cr, guint key_page, double x, double y,
                                   double cw, double bottom)
{
  guint first = key_page * KIELA_WORKSHEET_ANSWERS_PER_PAGE;
  guint last = MIN (first + KIELA_WORKSHEET_ANSWERS_PER_PAGE, (guint) ws->lesson->n_steps);

  y += 6 + _kiela_worksheet_draw_text (cr, _("Answer Key"), 15, TRUE, PANGO_ALIGN_LEFT, x, y, cw, 0, 0, 0);
  for (guint i = first; i < last && y < bottom; i++)
    {
      g_autofree char *heading = g_strdup_printf (_("Step %u"), i + 1);
      g_autofree char *question = kiela_worksheet_step_question (ws->lesson, ws->variant, i);
      g_autofree char *answer = kiela_worksheet_step_answer (ws->lesson, ws->variant, i);

      y += 8;
      _kiela_worksheet_draw_text (cr, heading, 11, TRUE, PANGO_ALIGN_LEFT, x, y, 60, 0, 0, 0);
      y += _kiela_worksheet_draw_text (cr, question, 10, FALSE, PANGO_ALIGN_LEFT, x + 64, y, cw - 64, 0.3, 0.3, 0.3);
      y += 2 + _kiela_worksheet_draw_text (cr, answer, 11, FALSE, PANGO_ALIGN_LEFT, x + 64, y + 2, cw - 64,
                                           0.1, 0.1, 0.1);
    }
}
