/* kiela-lesson-arrange.c: the ARRANGE step: who arranges, whether an arrangement is one the
 * step allows and meets its goal, the engine's own arrangement and the feedback (pure functions). */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-lesson.h"
#include "kiela-position.h"
#include "kiela-sow.h"
#include "kiela-variant.h"
#include "kiela-lesson-arrange-private.h"
#include "kiela-catalogue-i18n.h"

#define NG(s, p, n) g_dngettext (GETTEXT_PACKAGE, s, p, n)

/* Step `step` of `lesson`, or NULL. */
static const KielaLessonStep *
arrange_step (const KielaLesson *lesson, guint step)
{
  if (lesson == NULL || lesson->steps == NULL || step >= lesson->n_steps)
    return NULL;
  return &lesson->steps[step];
}

/* The side that arranges: the side to move prepares its capture, the other keeps safe. */
static KielaSide
arranger_of (const KielaLessonTask *t, const KielaPosition *pos)
{
  return t->condition == KIELA_ARRANGE_SAFE ? KIELA_OTHER_SIDE ((KielaSide) pos->to_move) : (KielaSide) pos->to_move;
}

/* What an arrangement gives: the side to move's move that captures most (`best`, -1 when
 * none captures) and its stones. */
static void
arrange_facts (const KielaVariant *variant, const KielaPosition *pos, KielaMove *best, guint *stones)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint16 captured[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves_captured (variant, pos, moves, NULL, NULL, NULL, captured);

  *best = -1;
  *stones = 0;
  for (guint i = 0; i < n; i++)
    if (captured[i] > *stones)
      *best = moves[i], *stones = captured[i];
}

gboolean
_kiela_lesson_arrangement_met (const KielaVariant *variant, const KielaLessonTask *t, const KielaPosition *pos)
{
  KielaMove best;
  guint stones;

  arrange_facts (variant, pos, &best, &stones);
  if (t->condition == KIELA_ARRANGE_SAFE)
    return best < 0;
  return best >= 0 && stones >= MAX (t->number, 1u);
}

/* Why `arranged` is not an arrangement of step `pos` (translated), or NULL: only the
 * arranger's stones may move, among its own houses, as its variant allows. */
char *
_kiela_lesson_arrangement_problem (const KielaCatalogue *cat, const KielaVariant *variant, const KielaLessonTask *t, const KielaPosition *pos,
                     const KielaPosition *arranged)
{
  KielaSide side = arranger_of (t, pos), other = KIELA_OTHER_SIDE (side);
  g_autoptr(GError) local = NULL;
  KielaMove moves[KIELA_MAX_MOVES];
  guint before = 0, after = 0;

  if (arranged == NULL || arranged->files != pos->files || arranged->to_move != pos->to_move)
    return g_strdup (T_ (cat, "There is no arrangement to check."));
  for (guint h = 0; h < KIELA_MAX_HOUSES; h++)
    {
      if (arranged->houses[other][h] != pos->houses[other][h] || (h >= 2u * pos->files && arranged->houses[side][h]))
        return g_strdup (side == KIELA_SOUTH ? T_ (cat, "Only South’s stones may be moved.") : T_ (cat, "Only North’s stones may be moved."));
      before += pos->houses[side][h];
      after += arranged->houses[side][h];
    }
  if (before != after)
    /* TRANSLATORS: an arrangement refused: "South has 28 stones to arrange, not 27." */
    return g_strdup_printf (TN_ (cat, "%s has %u stone to arrange, not %u.", "%s has %u stones to arrange, not %u.", before),
                            kiela_side_display_name_in (side, cat), before, after);
  if (!_kiela_variant_check_arrangement_in (variant, side, arranged->houses[side], cat, &local))
    return g_strdup (local->message);
  if (kiela_legal_moves (variant, arranged, moves, NULL, NULL) == 0)
    /* TRANSLATORS: an arrangement refused: "South has no legal move after this arrangement." */
    return g_strdup_printf (T_ (cat, "%s has no legal move after this arrangement."),
                            kiela_side_display_name_in ((KielaSide) arranged->to_move, cat));
  return NULL;
}

/* An arrangement that meets the step, or FALSE.  SAFE: every stone in the outer row (a capture
 * takes an inner house: with none occupied nothing can be taken).  CAPTURES: a house of k
 * stones k houses before an inner house holding the rest, for every inner house and k: the
 * first lap ends on the rest and captures when the opponent's house faces it; the largest
 * capture wins (chains included, as the engine sows them). */
gboolean
_kiela_lesson_find_arrangement (const KielaVariant *variant, const KielaLessonTask *t, const KielaPosition *pos,
                                KielaPosition *out)
{
  KielaSide side = arranger_of (t, pos);
  guint houses = 2u * pos->files, total = 0, best_stones = 0;
  gboolean found = FALSE;

  for (guint h = 0; h < houses; h++)
    total += pos->houses[side][h];
  if (total == 0)
    return FALSE;
  if (t->condition == KIELA_ARRANGE_SAFE)
    {
      KielaPosition try = *pos;

      for (guint h = 0; h < houses; h++)
        try.houses[side][h] = h < pos->files ? (guint16) (total / pos->files + (h < total % pos->files)) : 0;
      kiela_variant_conform_arrangement (variant, try.houses[side]);
      if (_kiela_lesson_arrangement_problem (NULL, variant, t, pos, &try) == NULL && _kiela_lesson_arrangement_met (variant, t, &try))
        {
          *out = try;
          return TRUE;
        }
      return FALSE;
    }
  for (guint target = pos->files; target < houses; target++)
    for (guint k = 2; k < houses && k < total; k++)
      {
        KielaPosition try = *pos;
        guint src = (target + houses - k) % houses;
        g_autofree char *why = NULL;
        KielaMove best;
        guint stones;

        memset (try.houses[side], 0, sizeof try.houses[side]);
        try.houses[side][src] = (guint16) k;
        try.houses[side][target] = (guint16) (total - k);
        kiela_variant_conform_arrangement (variant, try.houses[side]);
        why = _kiela_lesson_arrangement_problem (NULL, variant, t, pos, &try);
        if (why != NULL)
          continue;
        arrange_facts (variant, &try, &best, &stones);
        if (best >= 0 && stones > best_stones)
          {
            best_stones = stones;
            *out = try;
            found = TRUE;
          }
      }
  return found && best_stones >= MAX (t->number, 1u);
}

gint
kiela_lesson_step_get_arranger (const KielaLesson *lesson, const KielaVariant *variant, guint step)
{
  const KielaLessonStep *s = arrange_step (lesson, step);
  KielaPosition pos;

  g_return_val_if_fail (variant != NULL, -1);
  if (s == NULL || s->task.kind != KIELA_TASK_ARRANGE || !kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL))
    return -1;
  return (gint) arranger_of (&s->task, &pos);
}

gboolean
kiela_lesson_step_right_arrangement (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                                     KielaPosition *out)
{
  const KielaLessonStep *s = arrange_step (lesson, step);
  KielaPosition pos;

  g_return_val_if_fail (variant != NULL && out != NULL, FALSE);
  if (s == NULL || s->task.kind != KIELA_TASK_ARRANGE || !kiela_lesson_step_get_position (lesson, variant, step, &pos, NULL))
    return FALSE;
  return _kiela_lesson_find_arrangement (variant, &s->task, &pos, out);
}

/* The engine's feedback on an arrangement. */
char *
_kiela_lesson_explain_arrangement (const KielaCatalogue *cat, const KielaVariant *variant, const KielaLessonTask *t, const KielaPosition *arranged,
                                   gboolean met)
{
  KielaSide mover = (KielaSide) arranged->to_move;
  KielaMove best;
  guint stones;
  char sq[4];

  arrange_facts (variant, arranged, &best, &stones);
  if (best >= 0)
    kiela_square_name (variant->files, mover, (guint) best, sq);
  if (t->condition == KIELA_ARRANGE_SAFE)
    {
      if (met)
        /* TRANSLATORS: an arrangement's verdict: "South can capture nothing with its first move." */
        return g_strdup_printf (T_ (cat, "%s can capture nothing with its first move."), kiela_side_display_name_in (mover, cat));
      /* TRANSLATORS: an arrangement's verdict: "South could still capture: d1 takes 4 stones." */
      return g_strdup_printf (TN_ (cat, "%s could still capture: %s takes %u stone.", "%s could still capture: %s takes %u stones.",
                                  stones),
                              kiela_side_display_name_in (mover, cat), sq, stones);
    }
  if (best < 0)
    /* TRANSLATORS: an arrangement's verdict: no first move of the learner captures */
    return g_strdup (T_ (cat, "None of your first moves captures yet."));
  if (met)
    /* TRANSLATORS: an arrangement's verdict: "Ready: g1 captures 6 stones." */
    return g_strdup_printf (TN_ (cat, "Ready: %s captures %u stone.", "Ready: %s captures %u stones.", stones), sq, stones);
  /* TRANSLATORS: an arrangement's verdict: "Your best first move, g1, captures 2 stones; this step needs 6 or more." */
  return g_strdup_printf (TN_ (cat, "Your best first move, %s, captures %u stone; this step needs %u or more.",
                              "Your best first move, %s, captures %u stones; this step needs %u or more.", stones),
                          sq, stones, MAX (t->number, 1u));
}
