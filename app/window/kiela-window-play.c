/* kiela-window-play.c: a click on a house of the main window's board: the moves it plays from the
 * live or the reviewed position, the popover of directions and turns mid-move, the houses of an
 * extra capture or a skip chosen on the board, and the reason a click plays nothing. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-window-private.h"
#include "kiela-board-view-private.h"

/* The position a click on the board plays from: the live one, or in a reviewed position the
 * shown one (the move starts or follows a variation). */
static const KielaPosition *
play_position (KielaWindow *self)
{
  KielaGame *game = _kiela_window_game (self);

  if (game == NULL)
    return NULL;
  if (kiela_game_session_is_live (self->session))
    return kiela_game_get_position (game);
  return kiela_game_get_position_at (game, kiela_game_session_get_view_ply (self->session));
}

/* The legal moves there (with their directions, decisions and targets). */
static guint
play_moves (KielaWindow *self, KielaMove moves[KIELA_MAX_MOVES])
{
  KielaGame *game = _kiela_window_game (self);
  const KielaPosition *pos = play_position (self);

  if (pos == NULL)
    return 0;
  if (kiela_game_session_is_live (self->session))
    return kiela_game_legal_moves (game, moves);
  return kiela_legal_moves (kiela_game_get_variant (game), pos, moves, NULL, NULL);
}

static void
play_move (KielaWindow *self, KielaMove move)
{
  g_autoptr(GError) error = NULL;

  if (!kiela_game_session_play (self->session, move, &error))
    _kiela_window_refuse (self, error->message);
}

static void
on_direction_clicked (GtkButton *button, KielaWindow *self)
{
  KielaMove move = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "move"));

  gtk_popover_popdown (self->direction_popover);
  play_move (self, move);
}

/* What a move of this house does at its choices: its direction, then for each turn mid-move the
 * player may take, which way it goes and from where ("Sow anticlockwise; then the usual way from
 * a2"), read from the move's own sowing. */
static char *
move_choice_label (KielaWindow *self, KielaMove move)
{
  KielaGame *game = _kiela_window_game (self);
  const KielaVariant *variant = kiela_game_get_variant (game);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  /* TRANSLATORS: the arrows offered on a house that may be sown either way (Omweso's reverse
   * captures): the usual way, or clockwise */
  g_autofree char *label = g_strdup (KIELA_MOVE_IS_CLOCKWISE (move) ? _("Sow clockwise")
                                     /* TRANSLATORS: offered beside "Sow anticlockwise" on the leftmost
                                      * outer house in Quiela: the player's first sowing from it may
                                      * drop its first stone into the house itself */
                                     : KIELA_MOVE_IS_IN_HOUSE (move) ? _("Start in this house")
                                     : _("Sow anticlockwise"));

  if (!play_position (self) || !kiela_sow_traced (variant, play_position (self), move, trace))
    return g_steal_pointer (&label);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *e = kiela_trace_get_event (trace, i);
      g_autofree char *sq = NULL;
      char *next;

      if (e->choice == 0)
        continue;
      sq = kiela_square_name_dup (variant->files, (KielaSide) e->side, e->house);
      next = e->choice == 1
               /* TRANSLATORS: %1$s "Sow anticlockwise" or a longer such text, %2$s a house (a2): at
                * a point of the move where the player may go clockwise, the move does */
               ? g_strdup_printf (_("%1$s; then clockwise from %2$s"), label, sq)
               /* TRANSLATORS: the same, where the player declines and goes on the usual way */
               : g_strdup_printf (_("%1$s; then the usual way from %2$s"), label, sq);
      g_free (label);
      label = next;
    }
  return g_steal_pointer (&label);
}

static GtkWidget *
direction_button (KielaWindow *self, KielaMove move, guint index)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = adw_button_content_new ();
  g_autofree char *label = move_choice_label (self, move);
  g_autofree char *name = KIELA_MOVE_DECISIONS (move) != 0 ? g_strdup_printf ("direction-choice-%u", index)
                            : g_strdup (KIELA_MOVE_IS_CLOCKWISE (move) ? "direction-clockwise"
                                        : KIELA_MOVE_IS_IN_HOUSE (move) ? "direction-in-house"
                                        : "direction-anticlockwise");

  adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), KIELA_MOVE_IS_CLOCKWISE (move)
                                                                    ? "object-rotate-right-symbolic"
                                                                    : KIELA_MOVE_IS_IN_HOUSE (move)
                                                                    ? "view-refresh-symbolic"
                                                                    : "object-rotate-left-symbolic");
  adw_button_content_set_label (ADW_BUTTON_CONTENT (content), label);
  gtk_button_set_child (GTK_BUTTON (button), content);
  gtk_widget_set_name (button, name);
  g_object_set_data (G_OBJECT (button), "move", GINT_TO_POINTER (move));
  g_signal_connect (button, "clicked", G_CALLBACK (on_direction_clicked), self);
  return button;
}

/* More than one move from the house (both ways legal, or turns mid-move that are the player's):
 * a button for each beside the house, keyboard-reachable (Tab, Enter; Escape closes).  Shift+click
 * or Shift+Enter on the house sows clockwise at once. */
static void
offer_directions (KielaWindow *self, KielaSide side, guint house, const KielaMove *moves, guint n_moves)
{
  GtkWidget *target = GTK_WIDGET (kiela_board_view_get_house (self->board, side, house));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  graphene_rect_t bounds;

  if (self->direction_popover == NULL)
    {
      self->direction_popover = GTK_POPOVER (gtk_popover_new ());
      gtk_widget_set_name (GTK_WIDGET (self->direction_popover), "direction-popover");
      gtk_widget_set_parent (GTK_WIDGET (self->direction_popover), GTK_WIDGET (self->board));
    }
  /* The usual way first, then clockwise, each followed by its ways of deciding. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n_moves; i++)
      if ((guint) KIELA_MOVE_IS_CLOCKWISE (moves[i]) == pass)
        gtk_box_append (GTK_BOX (box), direction_button (self, moves[i], i));
  gtk_popover_set_child (self->direction_popover, box);
  self->direction_house = house;
  if (target != NULL && gtk_widget_compute_bounds (target, GTK_WIDGET (self->board), &bounds))
    {
      GdkRectangle rect = { (int) bounds.origin.x, (int) bounds.origin.y, (int) bounds.size.width,
                            (int) bounds.size.height };

      gtk_popover_set_pointing_to (self->direction_popover, &rect);
    }
  gtk_popover_popup (self->direction_popover);
}

/* The extra capture (ExtraCapture): after a click on a house whose sowing captures, the
 * opponent houses it may also take are marked on the board (playable, the house as captor) and
 * the feedback line says so; a click or Enter on one of them plays the move taking it, on the
 * house itself the move taking none; anything else drops the choice.  With two houses
 * (ExtraCapture=2) the first one chosen is marked as captured and the houses that may go with it
 * are offered next (offer_second_target).  Returns TRUE when the house's moves carry targets and
 * the choice is now offered. */
static gboolean
offer_targets (KielaWindow *self, KielaSide side, guint house, const KielaMove *moves, guint n_moves)
{
  const KielaPosition *pos = play_position (self);
  g_autofree char *sq = NULL;
  g_autofree char *msg = NULL;
  gboolean any = FALSE, skip = FALSE, pairs = FALSE;

  for (guint i = 0; i < n_moves; i++)
    {
      any |= KIELA_MOVE_HAS_TARGET (moves[i]);
      pairs |= KIELA_MOVE_HAS_TARGET2 (moves[i]);
    }
  if (!any || pos == NULL)
    return FALSE;
  self->target_from = house + 1;
  self->target_first = 0;
  kiela_board_view_set_playable (self->board, side, NULL, 0);
  kiela_board_view_set_house_playable (self->board, side, house, TRUE);
  kiela_board_view_set_highlight (self->board, side, house, KIELA_HIGHLIGHT_CAPTOR);
  /* A skip's target is a house of the mover's own (Quiela's threatened single), an extra
   * capture's one of the opponent's. */
  for (guint i = 0; i < n_moves; i++)
    if (KIELA_MOVE_HAS_TARGET (moves[i]))
      {
        kiela_board_view_set_house_playable (self->board, KIELA_MOVE_IS_SKIP (moves[i]) ? side : KIELA_OTHER_SIDE (side),
                                             KIELA_MOVE_TARGET (moves[i]), TRUE);
        if (KIELA_MOVE_HAS_TARGET2 (moves[i]))
          kiela_board_view_set_house_playable (self->board, KIELA_OTHER_SIDE (side), KIELA_MOVE_TARGET2 (moves[i]), TRUE);
        skip |= KIELA_MOVE_IS_SKIP (moves[i]);
      }
  sq = kiela_square_name_dup (pos->files, side, house);
  if (skip)
    {
      /* TRANSLATORS: %s a house (b2) holding a single stone the opponent could capture next: in
       * Quiela it may skip to one of the marked outer houses (a1, b1) */
      msg = g_strdup_printf (_("%1$s’s single stone is threatened: choose a marked house to skip to, or %1$s again "
                               "to move it on."), sq);
      _kiela_window_refuse (self, msg);
      gtk_label_set_text (self->narration_label, msg);
      return TRUE;
    }
  if (pairs)
    /* TRANSLATORS: %1$s a house (c2) whose sowing captures, %2$s the opponent ("North"): in
     * Mefuvha (two houses) the capturer may also take two more opponent houses */
    msg = g_strdup_printf (_("%1$s captures: choose two of %2$s’s marked houses to take, one after the other, or %1$s "
                             "again to take none."), sq, kiela_side_display_name (KIELA_OTHER_SIDE (side)));
  else
    /* TRANSLATORS: %1$s a house (c2) whose sowing captures, %2$s the opponent ("North"): in
     * Mefuvha the capturer may also take one more opponent house of their choice */
    msg = g_strdup_printf (_("%1$s captures: choose one more of %2$s’s marked houses to take, or %1$s again to take none."),
                           sq, kiela_side_display_name (KIELA_OTHER_SIDE (side)));
  _kiela_window_refuse (self, msg);
  /* What Happens says it too, where a pupil reads what to do next. */
  gtk_label_set_text (self->narration_label, msg);
  return TRUE;
}

/* The second house of an extra capture of two: `first` (an opponent house) is chosen and marked
 * as captured; the houses that may go with it are marked, and `first` itself, whose click backs
 * out to the first choice. */
static void
offer_second_target (KielaWindow *self, KielaSide mover, guint from, guint first, const KielaMove *moves, guint n)
{
  const KielaPosition *pos = play_position (self);
  const KielaSide op = KIELA_OTHER_SIDE (mover);
  g_autofree char *sq = kiela_square_name_dup (pos->files, mover, from);
  g_autofree char *first_sq = kiela_square_name_dup (pos->files, op, first);
  g_autofree char *msg = NULL;

  self->target_first = first + 1;
  /* (clears both sides: the capturing house, which still takes none, is marked again) */
  kiela_board_view_set_playable (self->board, op, NULL, 0);
  kiela_board_view_set_house_playable (self->board, mover, from, TRUE);
  kiela_board_view_set_house_playable (self->board, op, first, TRUE);
  kiela_board_view_set_highlight (self->board, op, first, KIELA_HIGHLIGHT_CAPTURED);
  for (guint i = 0; i < n; i++)
    if (KIELA_MOVE_HOUSE (moves[i]) == from && !KIELA_MOVE_IS_CLOCKWISE (moves[i]) && KIELA_MOVE_HAS_TARGET2 (moves[i]))
      {
        if (KIELA_MOVE_TARGET (moves[i]) == first)
          kiela_board_view_set_house_playable (self->board, op, KIELA_MOVE_TARGET2 (moves[i]), TRUE);
        else if (KIELA_MOVE_TARGET2 (moves[i]) == first)
          kiela_board_view_set_house_playable (self->board, op, KIELA_MOVE_TARGET (moves[i]), TRUE);
      }
  /* TRANSLATORS: %1$s a house (c2) whose sowing captures, %2$s the first opponent house chosen
   * (h4), %3$s the opponent ("North"): the second house of Mefuvha's extra capture of two */
  msg = g_strdup_printf (_("%1$s takes %2$s: choose the second of %3$s’s marked houses, or %2$s again to choose "
                           "another."), sq, first_sq, kiela_side_display_name (op));
  _kiela_window_refuse (self, msg);
  gtk_label_set_text (self->narration_label, msg);
}

/* A click while an extra capture's house is being chosen: TRUE when it chose (played, or went on
 * to or back from the second house of two). */
static gboolean
choose_target (KielaWindow *self, KielaSide side, guint house)
{
  const guint from = self->target_from - 1;
  const guint first = self->target_first;   /* + 1; 0: none chosen yet */
  const KielaPosition *pos = play_position (self);
  KielaMove moves[KIELA_MAX_MOVES], here[KIELA_MAX_MOVES];
  KielaSide mover;
  guint n, n_here = 0;
  gboolean pair_with = FALSE;

  if (self->target_from == 0 || pos == NULL)
    return FALSE;
  self->target_from = 0;
  self->target_first = 0;
  mover = (KielaSide) pos->to_move;
  n = play_moves (self, moves);
  for (guint i = 0; i < n; i++)
    if (KIELA_MOVE_HOUSE (moves[i]) == from && !KIELA_MOVE_IS_CLOCKWISE (moves[i]))
      here[n_here++] = moves[i];
  /* The first house of two clicked again: back to the first choice. */
  if (first != 0 && side != mover && house == first - 1)
    {
      kiela_board_view_set_highlight (self->board, side, house, KIELA_HIGHLIGHT_NONE);
      return offer_targets (self, mover, from, here, n_here);
    }
  for (guint i = 0; i < n_here; i++)
    {
      const KielaMove m = here[i];
      const gboolean bare = !KIELA_MOVE_HAS_TARGET (m);

      /* the house itself: the move taking none */
      if (bare && side == mover && house == from)
        {
          play_move (self, m);
          return TRUE;
        }
      if (bare || (side == mover) != KIELA_MOVE_IS_SKIP (m))
        continue;
      if (first != 0)
        {
          /* the second house of two, beside the first */
          if (KIELA_MOVE_HAS_TARGET2 (m) &&
              ((KIELA_MOVE_TARGET (m) == first - 1 && KIELA_MOVE_TARGET2 (m) == house) ||
               (KIELA_MOVE_TARGET2 (m) == first - 1 && KIELA_MOVE_TARGET (m) == house)))
            {
              play_move (self, m);
              return TRUE;
            }
          continue;
        }
      /* one house: the move taking it (for two, only where it is the one left) */
      if (!KIELA_MOVE_HAS_TARGET2 (m) && KIELA_MOVE_TARGET (m) == house)
        {
          play_move (self, m);
          return TRUE;
        }
      pair_with |= KIELA_MOVE_HAS_TARGET2 (m) && (KIELA_MOVE_TARGET (m) == house || KIELA_MOVE_TARGET2 (m) == house);
    }
  /* The first of two houses: the second is chosen next. */
  if (pair_with)
    {
      self->target_from = from + 1;
      offer_second_target (self, mover, from, house, here, n_here);
      return TRUE;
    }
  /* Not one of them: the choice is dropped, the board shows the moves again. */
  kiela_board_view_set_highlight (self->board, mover, from, KIELA_HIGHLIGHT_NONE);
  if (first != 0)
    kiela_board_view_set_highlight (self->board, KIELA_OTHER_SIDE (mover), first - 1, KIELA_HIGHLIGHT_NONE);
  _kiela_window_update_turn (self);
  return FALSE;
}

static void
on_house_activated (KielaBoardView *board, guint side, guint house, KielaWindow *self)
{
  KielaSide to_move = kiela_game_session_get_turn (self->session);
  g_autoptr(GError) error = NULL;

  /* A click that cannot play says why: a move is being sown, the computer is to move, or the
   * game is over.  In an earlier position it plays a variation, its moves chosen as in the
   * live game (a direction, a target, a skip). */
  if (!kiela_game_session_is_live (self->session))
    {
      if (!_kiela_window_moves_can_play_reviewed (self))
        return;
      to_move = (KielaSide) play_position (self)->to_move;
    }
  else if (!kiela_trace_player_is_at_end (self->player))
    {
      /* The learner wants to play: the sowing jumps to its end and the click is played. */
      kiela_trace_player_go_to_end (self->player);
    }
  if (kiela_game_session_is_live (self->session) && !kiela_game_session_can_play (self->session))
    {
      if (kiela_game_is_over (_kiela_window_game (self)))
        _kiela_window_refuse (self, _("The game is over: start a new one to play again."));
      else if (_kiela_window_player (self, to_move) != NULL)
        {
          /* TRANSLATORS: %s is a computer player's name */
          g_autofree char *msg = g_strdup_printf (_("It is %s's turn: wait for its move."),
                                                  _kiela_window_player (self, to_move)->name);
          _kiela_window_refuse (self, msg);
        }
      return;
    }
  if (choose_target (self, (KielaSide) side, house))
    return;
  if (side != to_move)
    {
      g_autofree char *sq = kiela_square_name_dup (play_position (self)->files, side, house);
      /* TRANSLATORS: %1$s a square (d4), %2$s and %3$s "South"/"North" */
      g_autofree char *msg = g_strdup_printf (_("%1$s belongs to %2$s: %3$s sows only from its own two rows."),
                                              sq, kiela_side_display_name (side), kiela_side_display_name (to_move));
      _kiela_window_refuse (self, msg);
      return;
    }
  /* A variant with clockwise sowings or turns mid-move: which moves this house has. */
  {
    KielaMove moves[KIELA_MAX_MOVES], here[KIELA_MAX_MOVES];
    guint n = play_moves (self, moves), n_here = 0;
    gboolean usual = FALSE, clockwise = FALSE;

    for (guint i = 0; i < n; i++)
      {
        usual |= moves[i] == (KielaMove) house;
        clockwise |= moves[i] == ((KielaMove) house | KIELA_MOVE_CLOCKWISE);
        if (moves[i] >= 0 && KIELA_MOVE_HOUSE (moves[i]) == house)
          here[n_here++] = moves[i];
      }
    if (clockwise && usual && kiela_board_view_get_activation_shift (board))
      {
        play_move (self, (KielaMove) house | KIELA_MOVE_CLOCKWISE);
        return;
      }
    if (n_here > 1 && offer_targets (self, (KielaSide) side, house, here, n_here))
      return;
    if (n_here > 1)
      {
        offer_directions (self, (KielaSide) side, house, here, n_here);
        return;
      }
    if (n_here == 1)
      {
        play_move (self, here[0]);
        return;
      }
  }
  if (!kiela_game_session_play (self->session, (KielaMove) house, &error))
    _kiela_window_refuse (self, error->message);
}

void
_kiela_window_play_init (KielaWindow *self)
{
  g_signal_connect (self->board, "house-activated", G_CALLBACK (on_house_activated), self);
}

void
_kiela_window_play_dispose (KielaWindow *self)
{
  if (self->direction_popover)
    {
      gtk_widget_unparent (GTK_WIDGET (self->direction_popover));
      self->direction_popover = NULL;
    }
}
