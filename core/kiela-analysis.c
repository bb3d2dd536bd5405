/* kiela-analysis.c: judges every legal move of a position with an AI, for the app's analysis panel. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kiela-analysis.h"
#include "kiela-error.h"
#include "kiela-position.h"
#include "kiela-sow.h"

/* Sort rank: a line the mover wins first, one it loses last. */
static gint
outcome_rank (const KielaMoveEval *e, KielaSide mover)
{
  if (e->end == kiela_status_won_by (mover))
    return 2;
  if (e->end == kiela_status_lost_by (mover))
    return 0;
  return 1;
}

/* Follows `eval`'s line from `pos` (the position after its first move) with the AI's
 * answers; `history` has room for the line's positions after its first `n_history`. */
static gboolean
follow_line (KielaAiConfig *config, const KielaAiRequest *request, KielaMoveEval *eval, KielaPosition pos,
             KielaPosition *history, guint n_history, guint max_line, GError **error)
{
  KielaMove moves[KIELA_MAX_MOVES];
  gboolean first = TRUE;

  while (TRUE)
    {
      KielaAiRequest r = *request;
      KielaAiReply reply = { 0 };
      KielaSowResult result;

      if (kiela_legal_moves (request->variant, &pos, moves, NULL, NULL) == 0)
        {
          /* The side to move cannot move: it has lost. */
          eval->end = kiela_status_lost_by ((KielaSide) pos.to_move);
          if (first)
            eval->score = G_MAXINT / 2;
          break;
        }
      if (!first && eval->n_line >= MIN (max_line, eval->depth))
        break;

      r.position = pos;
      r.history = history;
      r.n_history = n_history;
      if (!kiela_ai_config_think (config, &r, &reply, error))
        return FALSE;
      if (first)
        {
          eval->score = -reply.score;
          eval->depth = 1 + reply.depth;
          first = FALSE;
          if (eval->n_line >= MIN (max_line, eval->depth))
            break;
        }
      history[n_history++] = pos;
      eval->line[eval->n_line++] = reply.move;
      if (!kiela_sow_fast (request->variant, &pos, reply.move, &result))
        {
          /* An endless move the AI had to play: the side that played it loses. */
          eval->end = kiela_status_lost_by ((KielaSide) history[n_history - 1].to_move);
          break;
        }
    }
  eval->gain = (gint) kiela_position_side_total (&pos, request->position.to_move)
             - (gint) kiela_position_side_total (&request->position, request->position.to_move);
  return TRUE;
}

gboolean
kiela_ai_config_evaluate_moves (KielaAiConfig *config, const KielaAiRequest *request, guint max_line,
                                KielaMoveEval evals[KIELA_MAX_MOVES], guint *n_evals, GError **error)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  KielaSide mover;
  g_autofree KielaPosition *history = NULL;
  guint n;

  g_return_val_if_fail (config != NULL && request != NULL && request->variant != NULL, FALSE);
  g_return_val_if_fail (evals != NULL && n_evals != NULL, FALSE);

  *n_evals = 0;
  max_line = CLAMP (max_line, 1, KIELA_ANALYSIS_MAX_LINE);
  mover = request->position.to_move;
  n = kiela_legal_moves (request->variant, &request->position, moves, children, endless);
  if (n == 0)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER,
                   _("%s has no legal move to judge."), kiela_side_display_name (mover));
      return FALSE;
    }

  /* The game's history, the analysed position, then the line's positions. */
  history = g_new (KielaPosition, request->n_history + 1 + KIELA_ANALYSIS_MAX_LINE);
  if (request->n_history > 0)
    memcpy (history, request->history, request->n_history * sizeof *history);
  history[request->n_history] = request->position;

  for (guint i = 0; i < n; i++)
    {
      KielaMoveEval *e = &evals[i];

      if (g_cancellable_set_error_if_cancelled (request->cancellable, error))
        return FALSE;
      memset (e, 0, sizeof *e);
      e->move = moves[i];
      e->line[0] = moves[i];
      e->n_line = 1;
      e->depth = 1;
      e->end = KIELA_STATUS_ONGOING;
      if (endless[i])
        {
          /* Kept only where an endless move loses at once. */
          e->end = kiela_status_lost_by (mover);
          e->score = -(G_MAXINT / 2);
          continue;
        }
      if (!follow_line (config, request, e, children[i], history, request->n_history + 1, max_line, error))
        return FALSE;
    }

  /* Best first, as shown: by outcome, stones gained, then the AI's score; insertion sort
   * keeps equal moves in house order. */
  for (guint i = 1; i < n; i++)
    {
      KielaMoveEval e = evals[i];
      gint j = (gint) i - 1;
      while (j >= 0)
        {
          gint ra = outcome_rank (&evals[j], mover), rb = outcome_rank (&e, mover);
          if (ra != rb ? ra > rb
              : evals[j].gain != e.gain ? evals[j].gain > e.gain
              : evals[j].score >= e.score)
            break;
          evals[j + 1] = evals[j];
          j--;
        }
      evals[j + 1] = e;
    }
  *n_evals = n;
  return TRUE;
}
