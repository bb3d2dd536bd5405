/* kiela-window-status.c: what the main window says about the game: the status line, the labels
 * by the board, What Happens, the game-over card and the step bar, each from the session's state
 * and the replay. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-move-list-item.h"
#include "kiela-window-private.h"

/* "North · Zola (Novice)" above the board and "South · You" below: a newcomer sees at once which
 * rows are whose; "▶" (and bold) marks the side to move. */
/* GtkRevealer's own default. */
#define RESULT_SLIDE_MS 250

static void
update_side_labels (KielaWindow *self, KielaSide to_move, gboolean show_turn)
{
  /* Each side's stones as the board shows them now, counted live through the sowing. */
  const KielaPosition *shown = kiela_window_get_shown_position (self);

  for (int side = 0; side < 2; side++)
    {
      GtkLabel *label = side == KIELA_SOUTH ? self->south_label : self->north_label;
      const KielaPersonality *p = _kiela_window_player (self, side);
      gboolean turn = show_turn && (KielaSide) side == to_move;
      g_autofree char *who = NULL;
      g_autofree char *text = NULL;

      const char *name = kiela_game_session_get_player_name (self->session, side);

      /* A name the user gave (in Game Info, or the record's) rather than the player's own. */
      if (g_strcmp0 (name, p ? p->name : _("Human")) != 0)
        who = g_strdup (name);
      else if (p != NULL)
        /* TRANSLATORS: a computer player by name and level, e.g. "Zola (Novice)" */
        who = g_strdup_printf (_("%1$s (%2$s)"), p->name, kiela_personality_get_level_name (p));
      else if (_kiela_window_player (self, KIELA_OTHER_SIDE (side)) != NULL)
        who = g_strdup (_("You"));
      else
        who = g_strdup (_("Human"));
      {
        guint n = kiela_position_side_total (shown, side);
        g_autofree char *named = NULL;

        if (turn)
          /* TRANSLATORS: side label by the board for the side to move: "▶ South · You" */
          named = g_strdup_printf (side == KIELA_SOUTH ? _("▶ South · %s") : _("▶ North · %s"), who);
        else
          /* TRANSLATORS: side label by the board: "North · Zola (Novice)" */
          named = g_strdup_printf (side == KIELA_SOUTH ? _("South · %s") : _("North · %s"), who);
        /* TRANSLATORS: a side label and that side's stones on the board now: "South · You · 40 stones" */
        text = g_strdup_printf (ngettext ("%s · %u stone", "%s · %u stones", n), named, n);
      }
      gtk_label_set_text (label, text);
      if (turn)
        gtk_widget_add_css_class (GTK_WIDGET (label), "kiela-to-move");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (label), "kiela-to-move");
    }
}

char *
_kiela_window_result_title_dup (KielaWindow *self, KielaStatus status)
{
  if (status == KIELA_STATUS_SOUTH_WINS || status == KIELA_STATUS_NORTH_WINS)
    {
      KielaSide winner = status == KIELA_STATUS_SOUTH_WINS ? KIELA_SOUTH : KIELA_NORTH;
      const KielaPersonality *w = _kiela_window_player (self, winner), *l = _kiela_window_player (self, KIELA_OTHER_SIDE (winner));

      /* Against the computer the learner wants to know whether they won, not which side. */
      if (w == NULL && l != NULL)
        return g_strdup (_("You win!"));
      if (w != NULL && l == NULL)
        /* TRANSLATORS: %s is a computer player's name; the human lost */
        return g_strdup_printf (_("%s wins"), w->name);
      return g_strdup (winner == KIELA_SOUTH ? _("South wins") : _("North wins"));
    }
  return g_strdup (_("Draw"));
}

static void
update_result (KielaWindow *self, gboolean show)
{
  KielaReason reason;
  KielaStatus status = kiela_game_get_status (_kiela_window_game (self), &reason);
  const KielaPosition *pos = kiela_game_get_position (_kiela_window_game (self));
  g_autofree char *title = NULL, *why = NULL, *s = NULL, *n = NULL, *counts = NULL;
  const char *rule = NULL;
  guint south, north;

  /* It slides down at the game's end, and goes at once: sliding away beside the game review
   * that takes its place, the two asked for more than a 1280×800 window has, and the window
   * grew (the card wraps its buttons in the 300 px panel).  A slide of no duration, not the
   * transition "none", which would keep the hidden card's room. */
  gtk_revealer_set_transition_duration (self->result_revealer, show ? RESULT_SLIDE_MS : 0);
  gtk_revealer_set_reveal_child (self->result_revealer, show);
  if (!show)
    return;
  title = _kiela_window_result_title_dup (self, status);
  gtk_label_set_text (self->result_title, title);

  /* The heading already names the winner: the card says why, and the rule behind it. */
  why = kiela_game_describe_reason (_kiela_window_game (self));
  if (reason == KIELA_REASON_NO_MOVES)
    rule = _("A player who cannot sow on their turn loses.");
  else if (reason == KIELA_REASON_REPETITION)
    rule = _("A position that occurs for the third time ends the game in a draw.");
  else if (reason == KIELA_REASON_ENDLESS_MOVE)
    rule = _("In this variant a move that never ends loses the game.");
  else if (reason == KIELA_REASON_MOVE_LIMIT)
    rule = _("A game that reaches a million moves ends there in a draw.");
  else if (reason == KIELA_REASON_BOTH_ENDS)
    rule = _("In this variant a move that captures in both end files wins at once.");
  if (why && rule)
    {
      g_autofree char *both = g_strdup_printf ("%s %s", why, rule);
      gtk_label_set_text (self->result_reason, both);
    }
  else
    gtk_label_set_text (self->result_reason, why ? why : "");

  south = kiela_position_side_total (pos, KIELA_SOUTH);
  north = kiela_position_side_total (pos, KIELA_NORTH);
  /* TRANSLATORS: final stone counts at the end of a game: "South 31 stones" */
  s = g_strdup_printf (ngettext ("South %u stone", "South %u stones", south), south);
  /* TRANSLATORS: final stone counts at the end of a game: "North 1 stone" */
  n = g_strdup_printf (ngettext ("North %u stone", "North %u stones", north), north);
  /* TRANSLATORS: the two counts above, joined */
  counts = g_strdup_printf (_("%s · %s"), s, n);
  gtk_label_set_text (self->result_counts, counts);
}

/* The result and why, as two sentences: "Draw. The position repeated three times." A title
 * that ends a sentence itself ("You win!") is followed by the reason alone. */
static char *
result_line_dup (const char *title, const char *why)
{
  gsize len = strlen (title);

  if (why == NULL)
    return g_strdup (title);
  if (len > 0 && strchr ("!?.", title[len - 1]))
    return g_strdup_printf ("%s %s", title, why);
  /* TRANSLATORS: the end of a game, two sentences: the result, then why: "Zola wins. South cannot move." */
  return g_strdup_printf (_("%1$s. %2$s"), title, why);
}

/* The big status line: what the people at the board need to know now. */
static char *
status_dup (KielaWindow *self, KielaSide to_move, gboolean at_end, gboolean over)
{
  KielaPhase phase = kiela_game_session_get_phase (self->session);
  const KielaPersonality *p = _kiela_window_player (self, to_move);

  if (!kiela_game_session_is_live (self->session))
    {
      guint ply = kiela_game_session_get_view_ply (self->session);

      if (ply == 0)
        return g_strdup (_("Reviewing the start position"));
      {
        /* Numbered as the move list's row is: per turn, not per ply. */
        g_autoptr(KielaMoveListItem) item =
          kiela_move_list_item_new_for_line (kiela_game_session_get_tree (self->session),
                                             kiela_game_session_get_view_line (self->session), ply);

        /* TRANSLATORS: status while reviewing: the turn number as the move list shows it ("2."),
         * the player and the house the move was played from: "Reviewing move 2, South g1" */
        return g_strdup_printf (_("Reviewing move %1$u, %2$s %3$s"), kiela_move_list_item_get_turn (item),
                                kiela_move_list_item_get_who (item), kiela_move_list_item_get_square (item));
      }
    }
  if (phase != KIELA_PHASE_PLAY)
    return g_strdup_printf (_("%s arranges its stones"), kiela_side_display_name (to_move));
  if (over && at_end)
    {
      /* The same words as the game-over card, big enough for the back of the room. */
      g_autofree char *title = _kiela_window_result_title_dup (self, kiela_game_get_status (_kiela_window_game (self), NULL));
      g_autofree char *why = kiela_game_describe_reason (_kiela_window_game (self));
      return result_line_dup (title, why);
    }
  if (!at_end)
    {
      const KielaTrace *trace = kiela_trace_player_get_trace (self->player);
      g_autofree char *sq = kiela_square_name_dup (trace->before.files, trace->result.mover,
                                                   (guint) trace->result.move);
      if (kiela_trace_player_get_playing (self->player))
        /* TRANSLATORS: "South sows g1" while the move is animated */
        return g_strdup_printf (_("%s sows %s"), kiela_side_display_name (trace->result.mover), sq);
      /* TRANSLATORS: the replay of "South sows g1" is paused part-way */
      return g_strdup_printf (_("%s sows %s — paused"), kiela_side_display_name (trace->result.mover), sq);
    }
  if (kiela_game_session_get_ai_thinking (self->session) && p != NULL)
    return g_strdup_printf (_("%s (%s) is thinking…"), kiela_side_display_name (to_move), p->name);
  if (p != NULL && kiela_game_session_get_ai_paused (self->session))
    return g_strdup_printf (_("%s (%s) to move — press Play to go on"), kiela_side_display_name (to_move), p->name);
  if (p == NULL && _kiela_window_player (self, KIELA_OTHER_SIDE (to_move)) != NULL)
    return g_strdup_printf (_("Your move (%s)"), kiela_side_display_name (to_move));
  return g_strdup_printf (_("%s to move"), kiela_side_display_name (to_move));
}

/* What Happens: the current step, or a hint, or what to do. */
static char *
narration_dup (KielaWindow *self, KielaSide to_move, gboolean interactive, gboolean over)
{
  KielaPhase phase = kiela_game_session_get_phase (self->session);
  const KielaPersonality *p = _kiela_window_player (self, to_move);

  if (interactive && kiela_game_session_get_hint (self->session))
    return g_strdup (kiela_game_session_get_hint (self->session));
  if (kiela_trace_player_get_trace (self->player) != NULL)
    return kiela_trace_player_dup_narration (self->player);
  if (!kiela_game_session_is_live (self->session))
    /* An earlier position takes a move into a variation; say so, and how to get back. */
    return g_strdup (_("This is the start position. Sow from a marked house to try another line (a variation), "
                       "or press “Back to Game” (Escape) to play on."));
  if (phase != KIELA_PHASE_PLAY && p != NULL)
    /* TRANSLATORS: %1$s a player's name, %2$s "South"/"North" */
    return g_strdup_printf (_("%1$s arranges the stones of %2$s. They appear on the board as soon as "
                              "the arrangement is ready."), p->name, kiela_side_display_name (to_move));
  if (phase != KIELA_PHASE_PLAY)
    {
      const char *how = _("Drag stones between your own houses, or click a house and then another, "
                          "to move as many stones as the Move button says; hold Shift to move them all. "
                          "Your total stays the same.");
      const KielaVariant *variant = kiela_game_get_variant (_kiela_window_game (self));
      g_autoptr(GError) why = NULL;
      KielaPosition pos;

      if (variant->arrange == 0)
        return g_strdup (how);
      /* A constrained arrangement (Quiela's) says, as the stones move, whether it keeps the
       * rules, and which rule it breaks: Done refuses it with the same sentence. */
      kiela_game_session_get_setup_position (self->session, &pos);
      if (kiela_variant_check_arrangement (variant, to_move, pos.houses[to_move], &why))
        return g_strdup_printf ("%s %s", how, _("The arrangement keeps the rules of this game."));
      return g_strdup_printf ("%s %s", how, why->message);
    }
  if (over)
    return g_strdup (_("The game is over. Step through the moves in the list to see how it went, "
                       "or start again."));
  if (p != NULL)
    return g_strdup_printf (_("%s plays %s. Its moves are sown here stone by stone."),
                            p->name, kiela_side_display_name (to_move));
  return g_strdup (_("Sow from a marked house: click it, or move to it with the arrow keys and press Enter."));
}

/* For screen readers, once a move has been sown out: its relays, captures and end, then the
 * result if it ended the game; the stone-by-stone drops stay in What Happens. */
static void
announce_move (KielaWindow *self, gboolean at_end, gboolean over)
{
  const KielaTrace *trace = kiela_trace_player_get_trace (self->player);
  guint ply = kiela_game_session_get_view_ply (self->session);
  g_autoptr (GString) text = NULL;

  if (trace == NULL)
    {
      self->announced_ply = 0;
      return;
    }
  if (!at_end || ply == self->announced_ply)
    return;
  self->announced_ply = ply;
  text = g_string_new (NULL);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      guint8 type = kiela_trace_get_event (trace, i)->type;
      g_autofree char *sentence = NULL;

      if (type != KIELA_EVENT_RELAY && type != KIELA_EVENT_CAPTURE && type != KIELA_EVENT_EXTRA_CAPTURE &&
          type != KIELA_EVENT_END)
        continue;
      sentence = kiela_trace_player_dup_narration_at (self->player, i + 1);
      if (sentence == NULL)
        continue;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, sentence);
    }
  if (over && ply == kiela_game_get_n_moves (_kiela_window_game (self)))
    {
      g_autofree char *title = _kiela_window_result_title_dup (self, kiela_game_get_status (_kiela_window_game (self), NULL));
      g_autofree char *why = kiela_game_describe_reason (_kiela_window_game (self));

      g_autofree char *result = result_line_dup (title, why);

      g_string_append_printf (text, text->len > 0 ? " %s" : "%s", result);
    }
  kiela_announce_say (self->announce, text->str);
}

/* Follows the session's state and the replay: who is to move, what the board lets one do. */
void
_kiela_window_update_turn (KielaWindow *self)
{
  KielaPhase phase;
  KielaSide to_move;
  gboolean live, at_end, over, human, interactive, reviewing;
  g_autofree char *status = NULL;
  g_autofree char *narration = NULL;

  /* A new state drops an extra capture's choice under way (kiela-window.c), and a direction's:
   * its buttons are the moves of the position it was offered in. */
  self->target_from = 0;
  self->target_first = 0;
  if (self->direction_popover != NULL)
    gtk_popover_popdown (self->direction_popover);
  if (_kiela_window_game (self) == NULL)
    return;
  phase = kiela_game_session_get_phase (self->session);
  to_move = kiela_game_session_get_turn (self->session);
  live = kiela_game_session_is_live (self->session);
  at_end = kiela_trace_player_is_at_end (self->player);
  over = kiela_game_is_over (_kiela_window_game (self));
  human = _kiela_window_player (self, to_move) == NULL;
  interactive = kiela_game_session_can_play (self->session) && !kiela_trace_player_get_playing (self->player);
  /* An earlier position takes a move too: it starts a variation. */
  reviewing = kiela_game_session_can_play_variation (self->session) && !kiela_trace_player_get_playing (self->player);

  kiela_board_view_set_interactive (self->board, interactive || reviewing || (phase != KIELA_PHASE_PLAY && human));
  if (interactive && g_settings_get_boolean (self->settings, KIELA_SETTINGS_SHOW_PLAYABLE))
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (_kiela_window_game (self), moves);
      kiela_board_view_set_playable (self->board, to_move, moves, n);
    }
  else if (reviewing && g_settings_get_boolean (self->settings, KIELA_SETTINGS_SHOW_PLAYABLE))
    {
      const KielaPosition *pos = kiela_game_get_position_at (_kiela_window_game (self),
                                                              kiela_game_session_get_view_ply (self->session));
      KielaPosition shown = *pos;
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_legal_moves (kiela_game_get_variant (_kiela_window_game (self)), &shown, moves, NULL, NULL);

      kiela_board_view_set_playable (self->board, (KielaSide) shown.to_move, moves, n);
    }
  else
    kiela_board_view_set_playable (self->board, to_move, NULL, 0);
  if (interactive && kiela_game_session_get_hint_move (self->session) >= 0)
    {
      const KielaMove hint = kiela_game_session_get_hint_move (self->session);
      /* The houses the move also takes (an extra capture: the opponent's; a skip: its own). */
      const KielaSide target_side = KIELA_MOVE_IS_SKIP (hint) ? to_move : KIELA_OTHER_SIDE (to_move);

      kiela_board_view_set_highlight (self->board, to_move, KIELA_MOVE_HOUSE (hint), KIELA_HIGHLIGHT_HINT);
      if (KIELA_MOVE_HAS_TARGET (hint))
        kiela_board_view_set_highlight (self->board, target_side, KIELA_MOVE_TARGET (hint), KIELA_HIGHLIGHT_HINT);
      if (KIELA_MOVE_HAS_TARGET2 (hint))
        kiela_board_view_set_highlight (self->board, target_side, KIELA_MOVE_TARGET2 (hint), KIELA_HIGHLIGHT_HINT);
    }

  status = status_dup (self, to_move, at_end, over);
  if (kiela_game_session_in_variation (self->session))
    {
      /* A variation is not the game: say so before anything else the line says. */
      /* TRANSLATORS: the status line while a variation (a line tried out) is shown; %s is the
       * usual status, "South to move" */
      char *text = g_strdup_printf (_("Variation · %s"), status);

      g_free (status);
      status = text;
    }
  gtk_label_set_text (self->status_label, status);
  update_side_labels (self, to_move, phase == KIELA_PHASE_PLAY ? live && at_end && !over : live);
  narration = narration_dup (self, to_move, interactive, over);
  gtk_label_set_text (self->narration_label, narration ? narration : "");
  /* Cut to a few lines beside the game review: the whole sentence is its tooltip. */
  if (gtk_label_get_lines (self->narration_label) > 0)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->narration_label), narration);
  gtk_revealer_set_reveal_child (self->setup_revealer, live && phase != KIELA_PHASE_PLAY && human);
  /* The status line above the board already says which move is reviewed: the step bar only
   * offers the way back. */
  gtk_widget_set_visible (GTK_WIDGET (self->review_label), FALSE);
  /* The game review takes the card's place (and says how the game went); the card comes back
   * when the review closes. */
  update_result (self, over && live && at_end
                       && (self->game_review == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->game_review))));
  announce_move (self, at_end, over);
  _kiela_window_update_caption (self);
  _kiela_window_actions_update (self);
}

/* The step bar and the play button follow the replay. */
void
_kiela_window_update_step_bar (KielaWindow *self)
{
  const KielaTrace *trace = kiela_trace_player_get_trace (self->player);
  gboolean playing = kiela_trace_player_get_playing (self->player);
  g_autofree char *step = NULL;

  if (trace != NULL)
    {
      g_autofree char *sq = kiela_square_name_dup (trace->before.files, trace->result.mover,
                                                   (guint) trace->result.move);
      /* TRANSLATORS: step bar: "South sows g1 · step 3 of 12"; for Quiela's skip of a threatened
       * single, which is not sown, "South moves b2>a1 · step 3 of 3" */
      step = g_strdup_printf (KIELA_MOVE_IS_SKIP (trace->result.move) ? _("%s moves %s · step %u of %u")
                                                                       : _("%s sows %s · step %u of %u"),
                              kiela_side_display_name (trace->result.mover), sq,
                              kiela_trace_player_get_index (self->player),
                              kiela_trace_player_get_n_events (self->player));
    }
  else
    step = g_strdup (_kiela_window_game (self) && kiela_game_get_n_moves (_kiela_window_game (self)) > 0 ? _("Start position") : _("No moves yet"));
  gtk_label_set_text (self->step_label, step);
  gtk_button_set_icon_name (self->play_button, playing ? "media-playback-pause-symbolic"
                                                       : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button),
                               playing ? _("Pause the Sowing (Space)") : _("Play the Sowing (Space)"));
  /* The step list belongs to a move: at the start position it would be an empty box.  The game
   * review folds it away to give the move list room (kiela-window-review.c). */
  gtk_widget_set_visible (GTK_WIDGET (self->step_list),
                          trace != NULL && (self->game_review == NULL
                                            || !gtk_widget_get_visible (GTK_WIDGET (self->game_review))));
}
