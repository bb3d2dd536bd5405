/* kiela-game-session-setup.c: the expert arrangement phase of a game session: a side moves its
 * stones house by house, undoes, and is done or skips. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-game-session-private.h"

/* ---------- the expert setup phase ---------- */

void
_kiela_game_session_finish_setup_step (KielaGameSession *self)
{
  _kiela_game_session_game_changed (self);
  _kiela_game_session_set_view_ply (self, 0);
  _kiela_game_session_sync_game_state (self);
  _kiela_game_session_enter_setup (self);
  _kiela_game_session_maybe_start_ai (self);
}

/* A computer player arranges on a worker thread, like a move; a human gets the start
 * arrangement to change stone by stone. */
void
_kiela_game_session_enter_setup (KielaGameSession *self)
{
  KielaSide side;

  if (self->phase == KIELA_PHASE_PLAY)
    return;
  side = self->phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
  g_array_set_size (self->setup_steps, 0);
  if (self->players[side] != NULL)
    {
      _kiela_game_session_start_arrange (self, side);
      return;
    }
  memcpy (self->setup_counts, kiela_game_get_position (self->game)->houses[side], sizeof self->setup_counts);
  g_signal_emit (self, _kiela_game_session_signals[SIGNAL_SETUP_CHANGED], 0);
}
/* ---------- setup ---------- */

void
kiela_game_session_get_setup_position (KielaGameSession *self, KielaPosition *pos)
{
  g_return_if_fail (KIELA_IS_GAME_SESSION (self));

  *pos = *kiela_game_get_position (self->game);
  if (self->phase != KIELA_PHASE_PLAY)
    memcpy (pos->houses[kiela_game_session_get_turn (self)], self->setup_counts, sizeof self->setup_counts);
}

gboolean
kiela_game_session_setup_move (KielaGameSession *self, KielaSide side, guint from, guint to, GError **error)
{
  return kiela_game_session_setup_move_n (self, side, from, to, 1, error);
}

gboolean
kiela_game_session_setup_move_n (KielaGameSession *self, KielaSide side, guint from, guint to, guint count,
                                 GError **error)
{
  KielaSetupStep step;
  guint files;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  files = kiela_game_get_position (self->game)->files;
  if (self->phase == KIELA_PHASE_PLAY || side != kiela_game_session_get_turn (self)
      || self->players[side] != NULL || from >= 2 * files || to >= 2 * files)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE,
                           _("Only the side that arranges its stones may move them now."));
      return FALSE;
    }
  if (self->setup_counts[from] == 0)
    {
      g_autofree char *sq = kiela_square_name_dup (files, side, from);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, _("%s is empty: there is no stone to move."), sq);
      return FALSE;
    }
  if (from == to)
    {
      g_autofree char *sq = kiela_square_name_dup (files, side, from);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, _("The stones are already in %s: pick another house."), sq);
      return FALSE;
    }
  /* Asking for more than the house holds moves what it holds. */
  count = CLAMP (count, 1, self->setup_counts[from]);
  self->setup_counts[from] -= count;
  self->setup_counts[to] += count;
  step.from = from;
  step.to = to;
  step.count = count;
  g_array_append_val (self->setup_steps, step);
  g_signal_emit (self, _kiela_game_session_signals[SIGNAL_SETUP_CHANGED], 0);
  return TRUE;
}

gboolean
kiela_game_session_setup_can_undo (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);
  return self->phase != KIELA_PHASE_PLAY && self->setup_steps->len > 0;
}

gboolean
kiela_game_session_setup_undo (KielaGameSession *self)
{
  KielaSetupStep *step;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (!kiela_game_session_setup_can_undo (self))
    return FALSE;
  step = &g_array_index (self->setup_steps, KielaSetupStep, self->setup_steps->len - 1);
  self->setup_counts[step->to] -= step->count;
  self->setup_counts[step->from] += step->count;
  g_array_set_size (self->setup_steps, self->setup_steps->len - 1);
  g_signal_emit (self, _kiela_game_session_signals[SIGNAL_SETUP_CHANGED], 0);
  return TRUE;
}

guint
kiela_game_session_get_setup_moved (KielaGameSession *self)
{
  guint moved = 0;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), 0);
  for (guint i = 0; i < self->setup_steps->len; i++)
    moved += g_array_index (self->setup_steps, KielaSetupStep, i).count;
  return moved;
}

gboolean
kiela_game_session_setup_done (KielaGameSession *self, GError **error)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (self->phase == KIELA_PHASE_PLAY)
    return TRUE;
  if (!kiela_game_setup (self->game, kiela_game_session_get_turn (self), self->setup_counts, error))
    return FALSE;
  _kiela_game_session_finish_setup_step (self);
  return TRUE;
}

gboolean
kiela_game_session_setup_skip (KielaGameSession *self, GError **error)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (self->phase == KIELA_PHASE_PLAY)
    return TRUE;
  if (!kiela_game_skip_setup (self->game, error))
    return FALSE;
  _kiela_game_session_finish_setup_step (self);
  return TRUE;
}
