/* kiela-lesson-puzzle.c: puzzles (a lesson step whose answer a search proves) and drills (a fresh
 * position each time a step is shown). */
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
  _kiela_lesson_move_facts (variant, pos, move, &f);
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
  const KielaLessonStep *s = _kiela_lesson_get_step (lesson, step);
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
