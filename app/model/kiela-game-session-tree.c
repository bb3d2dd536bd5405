/* kiela-game-session-tree.c: a game session's variations, comments and record information:
 * which line is shown, entering, promoting and deleting lines, comments and player names. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-game-session-private.h"

/* ---------- variations, comments and names ---------- */

KielaGameTree *
kiela_game_session_get_tree (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), NULL);
  return self->tree;
}

gboolean
kiela_game_session_in_variation (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);
  return self->tree != NULL && kiela_game_tree_get_current (self->tree) != kiela_game_tree_get_main_line (self->tree);
}

/* The line of the current path that plays ply `ply` (the main line for ply 0). */
static KielaGameLine *
line_of_ply (KielaGameSession *self, guint ply)
{
  KielaGameLine *line = kiela_game_tree_get_current (self->tree);

  while (kiela_game_line_get_parent (line) != NULL && kiela_game_line_get_fork (line) >= ply)
    line = kiela_game_line_get_parent (line);
  return line;
}

KielaGameLine *
kiela_game_session_get_view_line (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), NULL);
  return self->tree ? line_of_ply (self, self->view_ply) : NULL;
}

/* After a change of the tree's lines: the shown ply, the unsaved change, the computer. */
static void
lines_changed (KielaGameSession *self, guint ply)
{
  _kiela_game_session_cancel_hint (self);
  _kiela_game_session_cancel_ai (self);
  _kiela_game_session_adopt_line (self, ply);
  _kiela_game_session_game_changed (self);
  _kiela_game_session_set_view_ply (self, self->view_ply);
  _kiela_game_session_sync_game_state (self);
  _kiela_game_session_maybe_start_ai (self);
}

static void
enter_line (KielaGameSession *self, KielaGameLine *line, guint ply)
{
  _kiela_game_session_cancel_hint (self);
  _kiela_game_session_cancel_ai (self);
  kiela_game_tree_enter (self->tree, line);
  _kiela_game_session_adopt_line (self, ply);
  _kiela_game_session_set_view_ply (self, self->view_ply);
  _kiela_game_session_sync_game_state (self);
  _kiela_game_session_maybe_start_ai (self);
}

void
kiela_game_session_show (KielaGameSession *self, KielaGameLine *line, guint ply)
{
  g_return_if_fail (KIELA_IS_GAME_SESSION (self) && line != NULL);

  /* A ply the current line shares is only shown; another line is entered first. */
  if (line_of_ply (self, ply) == line || (ply <= kiela_game_line_get_fork (line) && kiela_game_tree_is_current (self->tree, line)))
    kiela_game_session_set_view_ply (self, ply);
  else
    enter_line (self, line, ply);
}

void
kiela_game_session_return_to_main (KielaGameSession *self)
{
  KielaGameLine *top;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));
  if (!kiela_game_session_in_variation (self))
    return;
  /* Back where the variation left the main line. */
  for (top = kiela_game_tree_get_current (self->tree); kiela_game_line_get_depth (top) > 1;)
    top = kiela_game_line_get_parent (top);
  enter_line (self, kiela_game_tree_get_main_line (self->tree), MIN (self->view_ply, kiela_game_line_get_fork (top)));
}

gboolean
kiela_game_session_promote (KielaGameSession *self, KielaGameLine *line, gboolean to_main)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self) && line != NULL, FALSE);
  if (kiela_game_line_get_parent (line) == NULL)
    return FALSE;
  if (to_main)
    kiela_game_tree_make_main (self->tree, line);
  else
    kiela_game_tree_promote (self->tree, line);
  lines_changed (self, self->view_ply);
  return TRUE;
}

gboolean
kiela_game_session_delete_variation (KielaGameSession *self, KielaGameLine *line)
{
  guint ply;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self) && line != NULL, FALSE);
  if (kiela_game_line_get_parent (line) == NULL)
    return FALSE;
  ply = self->view_ply;
  if (kiela_game_tree_is_current (self->tree, line))
    ply = MIN (ply, kiela_game_line_get_fork (line));
  kiela_game_tree_delete (self->tree, line);
  lines_changed (self, ply);
  return TRUE;
}

const char *
kiela_game_session_get_comment (KielaGameSession *self, KielaGameLine *line, guint ply)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), NULL);
  return self->tree ? kiela_game_tree_get_comment (self->tree, line, ply) : NULL;
}

void
kiela_game_session_set_comment (KielaGameSession *self, KielaGameLine *line, guint ply, const char *text)
{
  g_return_if_fail (KIELA_IS_GAME_SESSION (self) && line != NULL);
  if (g_strcmp0 (kiela_game_tree_get_comment (self->tree, line, ply), text && *text ? text : NULL) == 0)
    return;
  kiela_game_tree_set_comment (self->tree, line, ply, text);
  _kiela_game_session_game_changed (self);
  g_signal_emit (self, _kiela_game_session_signals[SIGNAL_INFO_CHANGED], 0);
}

const char *
kiela_game_session_get_player_name (KielaGameSession *self, KielaSide side)
{
  const char *name;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), NULL);
  g_return_val_if_fail (side == KIELA_SOUTH || side == KIELA_NORTH, NULL);
  name = self->game ? kiela_game_get_metadata (self->game, side == KIELA_SOUTH ? KIELA_META_SOUTH : KIELA_META_NORTH)
                    : NULL;
  /* A record of before names were editable holds "Human" for a person, in the language of the day. */
  if (name != NULL && *name != '\0' && g_strcmp0 (name, "Human") != 0 && g_strcmp0 (name, _("Human")) != 0)
    return name;
  return self->players[side] ? self->players[side]->name : _("Human");
}

void
kiela_game_session_set_player_name (KielaGameSession *self, KielaSide side, const char *name)
{
  g_autofree char *clean = NULL;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));
  g_return_if_fail (side == KIELA_SOUTH || side == KIELA_NORTH);
  g_return_if_fail (name == NULL || g_utf8_validate (name, -1, NULL));
  clean = g_strstrip (g_strdup (name ? name : ""));
  if (g_strcmp0 (clean, kiela_game_session_get_player_name (self, side)) == 0)
    return;
  /* An empty name falls back to the player's own ("Human", the opponent's). */
  kiela_game_session_set_info (self, side == KIELA_SOUTH ? KIELA_META_SOUTH : KIELA_META_NORTH, clean);
}

void
kiela_game_session_set_info (KielaGameSession *self, const char *key, const char *value)
{
  g_autofree char *clean = NULL;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self) && key != NULL);
  g_return_if_fail (value == NULL || g_utf8_validate (value, -1, NULL));
  clean = g_strstrip (g_strdup (value ? value : ""));
  if (g_strcmp0 (*clean ? clean : NULL, kiela_game_get_metadata (self->game, key)) == 0)
    return;
  kiela_game_tree_set_metadata (self->tree, key, *clean ? clean : NULL);
  _kiela_game_session_game_changed (self);
  g_signal_emit (self, _kiela_game_session_signals[SIGNAL_INFO_CHANGED], 0);
}
