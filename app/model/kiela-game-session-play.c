/* kiela-game-session-play.c: playing a game session: moves at the end or into a variation, the
 * shown ply, undo back to the human's turn, redo, and the computer's pause and resume. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-game-session-private.h"

/* ---------- playing ---------- */

/* Before undo and redo: stop the computer's move and the hint being worked out. */
static void
stop_thinking (KielaGameSession *self)
{
  _kiela_game_session_cancel_ai (self);
  _kiela_game_session_cancel_hint (self);
}

/* After a move, undo or redo: the phase and result follow the game; a computer to move plays. */
static void
resume (KielaGameSession *self)
{
  _kiela_game_session_sync_game_state (self);
  _kiela_game_session_maybe_start_ai (self);
}

/* The tree's current line may be another game now: show `ply` of it.  The view ply is set before
 * "game" is notified, so a view following the game shows a ply the game has. */
void
_kiela_game_session_adopt_line (KielaGameSession *self, guint ply)
{
  KielaGame *line = kiela_game_tree_get_game (self->tree);

  self->view_ply = MIN (ply, kiela_game_get_n_moves (line));
  if (line != self->game)
    {
      g_set_object (&self->game, line);
      _kiela_game_session_notify (self, PROP_GAME);
    }
}

/* Plays after `ply` plies of the current line: at its end as a game does, at a reviewed ply into
 * a variation (kiela_game_tree_play()); the move is then shown being played. */
static gboolean
play_at (KielaGameSession *self, guint ply, KielaMove move, GError **error)
{
  _kiela_game_session_cancel_hint (self);
  if (ply < kiela_game_get_n_moves (self->game))
    _kiela_game_session_cancel_ai (self);
  if (!kiela_game_tree_play (self->tree, ply, move, NULL, error))
    return FALSE;
  _kiela_game_session_adopt_line (self, ply + 1);
  _kiela_game_session_game_changed (self);
  g_signal_emit (self, _kiela_game_session_signals[SIGNAL_MOVE_PLAYED], 0, self->view_ply);
  _kiela_game_session_set_view_ply (self, self->view_ply);
  resume (self);
  return TRUE;
}

void
_kiela_game_session_play_move (KielaGameSession *self, KielaMove move)
{
  g_autoptr(GError) error = NULL;

  if (!play_at (self, kiela_game_get_n_moves (self->game), move, &error))
    _kiela_game_session_message (self, error->message);
}

const KielaPersonality *
_kiela_game_session_mover (KielaGameSession *self)
{
  if (self->game == NULL || kiela_game_session_in_variation (self))
    return NULL;
  return self->players[kiela_game_get_position (self->game)->to_move];
}

/* ---------- playing ---------- */

gboolean
kiela_game_session_can_play (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  return self->game != NULL && self->phase == KIELA_PHASE_PLAY && kiela_game_session_is_live (self)
         && !self->replaying && !kiela_game_is_over (self->game) && _kiela_game_session_mover (self) == NULL;
}

gboolean
kiela_game_session_can_play_variation (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  return self->game != NULL && self->phase == KIELA_PHASE_PLAY && !kiela_game_session_is_live (self)
         && !self->replaying;
}

gboolean
kiela_game_session_play (KielaGameSession *self, KielaMove move, GError **error)
{
  g_autofree char *why = NULL;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  /* A reviewed position: the move starts a variation (or follows the line, or enters one). */
  if (kiela_game_session_can_play_variation (self))
    return play_at (self, self->view_ply, move, error);
  if (!kiela_game_session_can_play (self))
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, _("It is not your turn to sow."));
      return FALSE;
    }
  why = kiela_game_explain_illegal (self->game, move);
  if (why != NULL)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, why);
      return FALSE;
    }
  _kiela_game_session_play_move (self, move);
  return TRUE;
}

static gboolean
both_ai (KielaGameSession *self)
{
  return self->players[0] != NULL && self->players[1] != NULL;
}

gboolean
kiela_game_session_can_undo (KielaGameSession *self)
{
  return self->game && self->phase == KIELA_PHASE_PLAY && kiela_game_can_undo (self->game);
}

gboolean
kiela_game_session_can_redo (KielaGameSession *self)
{
  return self->game && self->phase == KIELA_PHASE_PLAY && kiela_game_can_redo (self->game);
}

gboolean
kiela_game_session_undo (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (!kiela_game_session_can_undo (self))
    return FALSE;
  stop_thinking (self);
  kiela_game_undo (self->game);
  /* Against the computer, undo back to the human's turn: undoing only the reply would let
   * the computer play it again at once.  Two computers wait for Play instead. */
  while (!both_ai (self) && _kiela_game_session_mover (self) != NULL && kiela_game_can_undo (self->game))
    kiela_game_undo (self->game);
  if (both_ai (self))
    _kiela_game_session_set_ai_paused (self, TRUE);

  _kiela_game_session_game_changed (self);
  _kiela_game_session_set_view_ply (self, kiela_game_get_n_moves (self->game));
  resume (self);
  return TRUE;
}

gboolean
kiela_game_session_redo (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (!kiela_game_session_can_redo (self))
    return FALSE;
  stop_thinking (self);
  kiela_game_redo (self->game);
  while (!both_ai (self) && _kiela_game_session_mover (self) != NULL && kiela_game_can_redo (self->game))
    kiela_game_redo (self->game);

  _kiela_game_session_game_changed (self);
  self->view_ply = kiela_game_get_n_moves (self->game);
  g_signal_emit (self, _kiela_game_session_signals[SIGNAL_MOVE_PLAYED], 0, self->view_ply);
  _kiela_game_session_set_view_ply (self, self->view_ply);
  resume (self);
  return TRUE;
}

void
kiela_game_session_set_view_ply (KielaGameSession *self, guint ply)
{
  guint n;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));
  if (self->game == NULL)
    return;
  n = kiela_game_get_n_moves (self->game);
  ply = MIN (ply, n);
  _kiela_game_session_cancel_hint (self);
  if (ply != n)
    _kiela_game_session_cancel_ai (self);
  _kiela_game_session_set_view_ply (self, ply);
  _kiela_game_session_maybe_start_ai (self);
}

void
kiela_game_session_set_replaying (KielaGameSession *self, gboolean replaying)
{
  g_return_if_fail (KIELA_IS_GAME_SESSION (self));

  replaying = !!replaying;
  if (self->replaying == replaying)
    return;
  self->replaying = replaying;
  _kiela_game_session_notify (self, PROP_REPLAYING);
  if (!replaying)
    _kiela_game_session_maybe_start_ai (self);
}

void
kiela_game_session_resume_ai (KielaGameSession *self)
{
  g_return_if_fail (KIELA_IS_GAME_SESSION (self));

  _kiela_game_session_set_ai_paused (self, FALSE);
  _kiela_game_session_maybe_start_ai (self);
}
