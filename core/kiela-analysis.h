/* kiela-analysis.h: every legal move of a position judged by an AI, each with its score, best line and depth. */
#pragma once

#include "kiela-ai.h"

G_BEGIN_DECLS

/* The longest line an evaluation keeps: the move and the best replies after it. */
#define KIELA_ANALYSIS_MAX_LINE 8

/* One root move and what the AI makes of it. */
typedef struct {
  KielaMove   move;       /* a legal move of the analysed position */
  gint        score;      /* the position after the move, from the mover's view, in the algorithm's unit */
  gint        gain;       /* the mover's stones at the end of the line minus its stones now */
  guint       depth;      /* plies looked at: the move itself and the search of the reply */
  KielaStatus end;        /* who wins if the line ends the game (a side left without a move, an
                           * endless move that loses), else KIELA_STATUS_ONGOING */
  guint       n_line;     /* 1 .. KIELA_ANALYSIS_MAX_LINE */
  KielaMove   line[KIELA_ANALYSIS_MAX_LINE]; /* the move, then each side's best answer in turn */
  gpointer    reserved[2];
} KielaMoveEval;

/*
 * Judges every legal move of request->position with `config`: after each move the
 * AI searches the other side's best answer (its score, negated, is the move's score),
 * then the line is followed with the AI's answers for up to `max_line` plies (at most
 * KIELA_ANALYSIS_MAX_LINE, at least 1) or as deep as the reply was searched, whichever is
 * shorter, or until the game ends.  `evals` receives one entry a legal move, best first:
 * a won line first, a lost one last, the others by the stones gained at the end of their
 * line, then by score (equal moves keep house order); `n_evals` says how many.
 * Runs on the calling thread (call it from a worker); request->cancellable is polled
 * between searches and by the AI: a cancelled analysis fails with G_IO_ERROR_CANCELLED.
 * A position without a legal move is an error (KIELA_ERROR_ILLEGAL_MOVE).
 * request->settings is ignored (the config's own are used), as is request->seed's
 * meaning beyond being passed on.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_ai_config_evaluate_moves (KielaAiConfig *config, const KielaAiRequest *request, guint max_line,
                                                                KielaMoveEval evals[KIELA_MAX_MOVES], guint *n_evals, GError **error);

G_END_DECLS
