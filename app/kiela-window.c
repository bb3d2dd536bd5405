/* kiela-window.c: the main window.  It owns the game, plays human clicks and AI replies into it,
 * replays every move stone by stone through the trace player, and keeps the autosave current. */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kiela-window.h"
#include "kiela-ai-player.h"
#include "kiela-new-game-dialog.h"
#include "kiela-preferences-window.h"
#include "kiela-narrate.h"
#include "kiela-step-list.h"

/* Record metadata keys of ours: the personality ids behind each side (absent = human). */
#define META_SOUTH_AI "south-ai"
#define META_NORTH_AI "north-ai"

/* Below this window width the side panel folds away and the board gets the whole width; the
 * panel button (F9) then slides it over the board.  1100 px keeps a 1024-wide projector image
 * board-first while a 1280 or wider screen has room for both. */
#define PANEL_FOLD_WIDTH 1100

/* Wall-clock budget for a personality that sets none itself. */
#define DEFAULT_AI_BUDGET_MS 800
#define HINT_BUDGET_MS 1000

struct _KielaWindow {
  AdwApplicationWindow parent_instance;

  /* Template children. */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle *window_title;
  GtkRevealer *banner_revealer;
  GtkLabel *banner_label;
  AdwFlap *flap;
  GtkToggleButton *panel_button;
  GtkLabel *status_label;
  GtkRevealer *setup_revealer;
  GtkLabel *setup_label;
  GtkBox *board_box;
  GtkOverlay *board_overlay;
  GtkLabel *north_label;
  GtkLabel *south_label;
  GtkButton *fullscreen_button;
  GtkRevealer *result_revealer;
  GtkLabel *result_title;
  GtkLabel *result_reason;
  GtkLabel *result_counts;
  GtkListBox *move_list;
  GtkScrolledWindow *move_scroller;
  GtkBox *narration_box;
  GtkLabel *narration_label;
  KielaStepList *step_list;
  GtkButton *play_button;
  GtkLabel *step_label;
  GtkLabel *speed_label;
  GtkScale *speed_scale;
  GtkBox *review_box;
  GtkLabel *review_label;

  KielaBoardView *board;
  KielaTracePlayer *player;
  KielaRegistry *registry;          /* not owned: the application's */
  GSettings *prefs;
  KielaGame *game;
  const KielaPersonality *players[2];   /* NULL = human */
  guint view_ply;
  char *file_path;
  char *autosave_path;
  gboolean autosave_failed;         /* the user has been told; not again until it works */
  char *last_message;
  char *hint_text;
  KielaPosition shown;               /* what the window itself last gave the board */
  guint16 setup_counts[KIELA_MAX_HOUSES];
  GCancellable *ai_cancel;
  GCancellable *hint_cancel;
  gboolean ai_paused;                /* AI-vs-AI after an undo: wait for Play */
  gboolean rebuilding_list;
  KielaMove hint_move;
  AdwToast *thinking_toast;          /* weak */
  char *result_text;
};

G_DEFINE_FINAL_TYPE (KielaWindow, kiela_window, ADW_TYPE_APPLICATION_WINDOW)

static void kiela_window_update (KielaWindow *self);
static void kiela_window_maybe_start_ai (KielaWindow *self);
static void kiela_window_enter_setup (KielaWindow *self);
static void kiela_window_finish_setup_step (KielaWindow *self);
static void kiela_window_size_allocate (GtkWidget *widget, int width, int height, int baseline);

/* ---------- small helpers ---------- */

static void
kiela_window_toast (KielaWindow *self, const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  g_free (self->last_message);
  self->last_message = g_strdup (text);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
kiela_window_show_banner (KielaWindow *self, const char *text)
{
  g_free (self->last_message);
  self->last_message = g_strdup (text);
  gtk_label_set_text (self->banner_label, text);
  gtk_revealer_set_reveal_child (self->banner_revealer, TRUE);
}

static void
kiela_window_hide_banner (KielaWindow *self)
{
  gtk_revealer_set_reveal_child (self->banner_revealer, FALSE);
}

static const char *
player_name (KielaWindow *self, KielaSide side)
{
  return self->players[side] ? self->players[side]->name : _("Human");
}

static gboolean
is_live (KielaWindow *self)
{
  return self->game && self->view_ply == kiela_game_get_n_moves (self->game);
}

static void
kiela_window_set_action_enabled (KielaWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
kiela_window_cancel_ai (KielaWindow *self)
{
  if (self->ai_cancel)
    {
      g_cancellable_cancel (self->ai_cancel);
      g_clear_object (&self->ai_cancel);
    }
}

static void
kiela_window_cancel_hint (KielaWindow *self)
{
  if (self->hint_cancel)
    {
      g_cancellable_cancel (self->hint_cancel);
      g_clear_object (&self->hint_cancel);
    }
  self->hint_move = -1;
  g_clear_pointer (&self->hint_text, g_free);
  if (self->thinking_toast)
    adw_toast_dismiss (self->thinking_toast);
}

static void
kiela_window_show_position (KielaWindow *self, const KielaPosition *pos)
{
  self->shown = *pos;
  kiela_board_view_clear_highlights (self->board);
  kiela_board_view_set_hand (self->board, pos->to_move, 0, 0);
  kiela_board_view_set_position (self->board, pos);
}

/* ---------- autosave ---------- */

static void
kiela_window_store_players (KielaWindow *self)
{
  for (int side = 0; side < 2; side++)
    {
      kiela_game_set_metadata (self->game, side == KIELA_SOUTH ? KIELA_META_SOUTH : KIELA_META_NORTH,
                               self->players[side] ? self->players[side]->name : _("Human"));
      kiela_game_set_metadata (self->game, side == KIELA_SOUTH ? META_SOUTH_AI : META_NORTH_AI,
                               self->players[side] ? self->players[side]->id : "");
    }
}

static void
kiela_window_autosave (KielaWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;

  if (self->autosave_path == NULL || self->game == NULL)
    return;

  /* A failure is said once, not after every move, and said again only after an
   * autosave has worked in between.  (An unwritable data folder used to log a
   * warning to the terminal only: the user never knew their game was not kept.) */
  dir = g_path_get_dirname (self->autosave_path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (dir);
      g_set_error (&error, KIELA_ERROR, KIELA_ERROR_IO, _("Could not create the folder “%s”: %s"),
                   display, g_strerror (saved));
    }
  else
    kiela_record_save (self->game, self->autosave_path, &error);

  if (error == NULL)
    self->autosave_failed = FALSE;
  else if (!self->autosave_failed)
    {
      g_autofree char *msg = g_strdup_printf (_("The game could not be autosaved: %s"), error->message);
      self->autosave_failed = TRUE;
      kiela_window_toast (self, msg);
    }
}

/* ---------- move list ---------- */

static GtkWidget *
make_move_row (KielaWindow *self, guint ply)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *num, *who, *square, *summary;

  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);

  if (ply == 0)
    {
      num = gtk_label_new (NULL);
      who = gtk_label_new (_("Start position"));
      square = gtk_label_new (NULL);
      summary = gtk_label_new (NULL);
    }
  else
    {
      const KielaPlayedMove *pm = kiela_game_get_move (self->game, ply - 1);
      g_autofree char *name = kiela_game_get_move_name (self->game, ply - 1);
      const KielaPlayedMove *first = kiela_game_get_move (self->game, 0);
      /* Turns are numbered from the first mover, as in chess notation. */
      guint turn = (ply - 1) / 2 + 1;
      g_autofree char *num_text = pm->mover == first->mover ? g_strdup_printf ("%u.", turn) : g_strdup ("");
      g_autofree char *sum_text = NULL;

      if (pm->result.captured > 0)
        /* TRANSLATORS: a move in the move list: laps sown, then stones captured */
        sum_text = g_strdup_printf (ngettext ("%u lap, %u captured", "%u laps, %u captured", pm->result.laps),
                                    pm->result.laps, pm->result.captured);
      else
        sum_text = g_strdup_printf (ngettext ("%u lap", "%u laps", pm->result.laps), pm->result.laps);

      num = gtk_label_new (num_text);
      who = gtk_label_new (kiela_side_display_name (pm->mover));
      square = gtk_label_new (name);
      summary = gtk_label_new (sum_text);
      gtk_widget_add_css_class (square, "kiela-move-square");
      gtk_widget_add_css_class (summary, "dim-label");
    }

  gtk_label_set_width_chars (GTK_LABEL (num), 4);
  gtk_label_set_xalign (GTK_LABEL (num), 1);
  gtk_widget_add_css_class (num, "numeric");
  gtk_label_set_xalign (GTK_LABEL (who), 0);
  gtk_label_set_width_chars (GTK_LABEL (who), ply == 0 ? 0 : 6);
  gtk_label_set_width_chars (GTK_LABEL (square), 3);
  gtk_label_set_xalign (GTK_LABEL (summary), 1);
  gtk_widget_set_hexpand (summary, TRUE);

  gtk_box_append (GTK_BOX (box), num);
  gtk_box_append (GTK_BOX (box), who);
  gtk_box_append (GTK_BOX (box), square);
  gtk_box_append (GTK_BOX (box), summary);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static void
kiela_window_select_row (KielaWindow *self, guint ply)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->move_list, (int) ply);

  self->rebuilding_list = TRUE;
  gtk_list_box_select_row (self->move_list, row);
  self->rebuilding_list = FALSE;
  if (row)
    {
      /* Keep the live move in sight: scroll once the row has been allocated. */
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->move_scroller);
      if (ply == kiela_game_get_n_moves (self->game))
        gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
    }
}

static void
kiela_window_rebuild_list (KielaWindow *self)
{
  GtkWidget *child;
  guint n = kiela_game_get_n_moves (self->game);

  self->rebuilding_list = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->move_list))) != NULL)
    gtk_list_box_remove (self->move_list, child);
  for (guint ply = 0; ply <= n; ply++)
    gtk_list_box_append (self->move_list, make_move_row (self, ply));
  self->rebuilding_list = FALSE;
  kiela_window_select_row (self, self->view_ply);
}

/* ---------- showing plies ---------- */

/* Shows the position after `ply` moves; with `replay` the move is replayed from its first stone. */
static void
kiela_window_show_ply (KielaWindow *self, guint ply, gboolean replay)
{
  const KielaVariant *variant = kiela_game_get_variant (self->game);

  self->view_ply = ply;
  if (ply == 0)
    {
      kiela_trace_player_set_trace (self->player, variant, NULL, 0);
      kiela_window_show_position (self, kiela_game_get_position_at (self->game, 0));
    }
  else
    {
      KielaTrace *trace = kiela_trace_new ();

      if (!kiela_game_trace_move (self->game, ply - 1, trace))
        {
          kiela_trace_free (trace);
          kiela_trace_player_set_trace (self->player, variant, NULL, 0);
          kiela_window_show_position (self, kiela_game_get_position_at (self->game, ply));
        }
      else if (replay && g_settings_get_enum (self->prefs, KIELA_SETTINGS_SPEED) != KIELA_SPEED_INSTANT)
        {
          kiela_trace_player_set_trace (self->player, variant, trace, 0);
          kiela_trace_player_play (self->player);
        }
      else
        kiela_trace_player_set_trace (self->player, variant, trace, G_MAXUINT);
    }
  kiela_window_select_row (self, ply);
  kiela_window_update (self);
}

/* ---------- update ---------- */

static void
kiela_window_update_title (KielaWindow *self)
{
  g_autofree char *subtitle = NULL;

  if (self->game == NULL)
    return;
  /* TRANSLATORS: window subtitle: variant, South's player, North's player */
  subtitle = g_strdup_printf (_("%s · South: %s · North: %s"),
                              kiela_variant_get_name (kiela_game_get_variant (self->game)),
                              player_name (self, KIELA_SOUTH), player_name (self, KIELA_NORTH));
  adw_window_title_set_subtitle (self->window_title, subtitle);

  /* A game that lives in a file is named by it, as any document window is. */
  if (self->file_path != NULL)
    {
      g_autofree char *name = g_filename_display_basename (self->file_path);
      /* TRANSLATORS: window title for a saved game: "%s" is its file name, e.g. "lesson-3.kiela — Kiela" */
      g_autofree char *title = g_strdup_printf (_("%s — Kiela"), name);

      adw_window_title_set_title (self->window_title, name);
      gtk_window_set_title (GTK_WINDOW (self), title);
    }
  else
    {
      adw_window_title_set_title (self->window_title, _("Kiela"));
      gtk_window_set_title (GTK_WINDOW (self), _("Kiela"));
    }
}

/* "North · Zola (Novice)" above the board and "South · You" below: a newcomer sees at once which
 * rows are whose; "▶" (and bold) marks the side to move. */
static void
kiela_window_update_side_labels (KielaWindow *self, KielaSide to_move, gboolean show_turn)
{
  for (int side = 0; side < 2; side++)
    {
      GtkLabel *label = side == KIELA_SOUTH ? self->south_label : self->north_label;
      const KielaPersonality *p = self->players[side];
      const KielaPersonality *other = self->players[KIELA_OTHER_SIDE (side)];
      gboolean turn = show_turn && (KielaSide) side == to_move;
      g_autofree char *who = NULL;
      g_autofree char *text = NULL;

      if (p != NULL)
        /* TRANSLATORS: a computer player by name and level, e.g. "Zola (Novice)" */
        who = g_strdup_printf (_("%1$s (%2$s)"), p->name, kiela_personality_get_level_name (p));
      else if (other != NULL)
        who = g_strdup (_("You"));
      else
        who = g_strdup (_("Human"));
      if (turn)
        /* TRANSLATORS: side label by the board for the side to move: "▶ South · You" */
        text = g_strdup_printf (side == KIELA_SOUTH ? _("▶ South · %s") : _("▶ North · %s"), who);
      else
        /* TRANSLATORS: side label by the board: "North · Zola (Novice)" */
        text = g_strdup_printf (side == KIELA_SOUTH ? _("South · %s") : _("North · %s"), who);
      gtk_label_set_text (label, text);
      if (turn)
        gtk_widget_add_css_class (GTK_WIDGET (label), "kiela-to-move");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (label), "kiela-to-move");
    }
}

/* "You win!", "Zola wins", "North wins" or "Draw": the game-over heading. */
static char *
result_title_dup (KielaWindow *self, KielaStatus status)
{
  if (status == KIELA_STATUS_SOUTH_WINS || status == KIELA_STATUS_NORTH_WINS)
    {
      KielaSide winner = status == KIELA_STATUS_SOUTH_WINS ? KIELA_SOUTH : KIELA_NORTH;
      const KielaPersonality *w = self->players[winner], *l = self->players[KIELA_OTHER_SIDE (winner)];

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
kiela_window_update_result (KielaWindow *self)
{
  KielaReason reason;
  KielaStatus status;
  const KielaPosition *pos;
  g_autofree char *why = NULL;
  g_autofree char *counts = NULL;
  const char *rule = NULL;
  gboolean show;

  status = kiela_game_get_status (self->game, &reason);
  show = status != KIELA_STATUS_ONGOING && is_live (self) && kiela_trace_player_is_at_end (self->player);
  gtk_revealer_set_reveal_child (self->result_revealer, show);
  if (!show)
    return;

  pos = kiela_game_get_position (self->game);
  {
    g_autofree char *title = result_title_dup (self, status);
    gtk_label_set_text (self->result_title, title);
  }

  /* The heading already names the winner: the card says why, and the rule behind it. */
  why = kiela_game_describe_reason (self->game);
  switch (reason)
    {
    case KIELA_REASON_NO_MOVES:
      rule = _("A player who cannot sow on their turn loses.");
      break;
    case KIELA_REASON_REPETITION:
      rule = _("A position that occurs for the third time ends the game in a draw.");
      break;
    case KIELA_REASON_ENDLESS_MOVE:
      rule = _("In this variant a move that never ends loses the game.");
      break;
    default:
      break;
    }
  if (why && rule)
    {
      g_autofree char *both = g_strdup_printf ("%s %s", why, rule);
      gtk_label_set_text (self->result_reason, both);
    }
  else
    gtk_label_set_text (self->result_reason, why ? why : "");
  {
    guint south = kiela_position_side_total (pos, KIELA_SOUTH);
    guint north = kiela_position_side_total (pos, KIELA_NORTH);
    /* TRANSLATORS: final stone counts at the end of a game: "South 31 stones" */
    g_autofree char *s = g_strdup_printf (ngettext ("South %u stone", "South %u stones", south), south);
    /* TRANSLATORS: final stone counts at the end of a game: "North 1 stone" */
    g_autofree char *n = g_strdup_printf (ngettext ("North %u stone", "North %u stones", north), north);
    /* TRANSLATORS: the two counts above, joined */
    counts = g_strdup_printf (_("%s · %s"), s, n);
  }
  gtk_label_set_text (self->result_counts, counts);
}

static void
kiela_window_update (KielaWindow *self)
{
  KielaPhase phase;
  KielaSide to_move;
  gboolean live, at_end, over, human, interactive, playing, has_trace;
  g_autofree char *status = NULL;
  g_autofree char *step = NULL;
  g_autofree char *narration = NULL;
  guint n_moves;

  if (self->game == NULL)
    return;

  phase = kiela_game_get_phase (self->game);
  to_move = kiela_game_get_position (self->game)->to_move;
  /* In the setup phase the side that arranges its stones is the one whose turn it is. */
  if (phase != KIELA_PHASE_PLAY)
    to_move = phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
  n_moves = kiela_game_get_n_moves (self->game);
  live = is_live (self);
  at_end = kiela_trace_player_is_at_end (self->player);
  playing = kiela_trace_player_get_playing (self->player);
  has_trace = kiela_trace_player_get_trace (self->player) != NULL;
  over = kiela_game_is_over (self->game);
  human = self->players[to_move] == NULL;
  interactive = live && at_end && !playing && !over && human && phase == KIELA_PHASE_PLAY;

  kiela_board_view_set_interactive (self->board, interactive || (phase != KIELA_PHASE_PLAY && human));
  if (interactive && g_settings_get_boolean (self->prefs, KIELA_SETTINGS_SHOW_PLAYABLE))
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (self->game, moves);
      kiela_board_view_set_playable (self->board, to_move, moves, n);
    }
  else
    kiela_board_view_set_playable (self->board, to_move, NULL, 0);

  if (interactive && self->hint_move >= 0)
    kiela_board_view_set_highlight (self->board, to_move, (guint) self->hint_move, KIELA_HIGHLIGHT_HINT);

  /* The big status line: what the people at the board need to know now. */
  if (!live)
    status = g_strdup_printf (_("Reviewing move %u of %u"), self->view_ply, n_moves);
  else if (phase == KIELA_PHASE_SETUP_SOUTH || phase == KIELA_PHASE_SETUP_NORTH)
    {
      KielaSide side = phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
      status = g_strdup_printf (_("%s arranges its stones"), kiela_side_display_name (side));
    }
  else if (over && at_end)
    {
      /* The same words as the game-over card, big enough for the back of the room. */
      g_autofree char *title = result_title_dup (self, kiela_game_get_status (self->game, NULL));
      g_autofree char *why = kiela_game_describe_reason (self->game);
      /* TRANSLATORS: status line at the end of a game: "Zola wins — South cannot move." */
      status = why ? g_strdup_printf (_("%1$s — %2$s"), title, why) : g_strdup (title);
    }
  else if (!at_end)
    {
      const KielaTrace *trace = kiela_trace_player_get_trace (self->player);
      g_autofree char *sq = kiela_square_name_dup (trace->before.files, trace->result.mover,
                                                   (guint) trace->result.move);
      if (playing)
        /* TRANSLATORS: "South sows g1" while the move is animated */
        status = g_strdup_printf (_("%s sows %s"), kiela_side_display_name (trace->result.mover), sq);
      else
        /* TRANSLATORS: the replay of "South sows g1" is paused part-way */
        status = g_strdup_printf (_("%s sows %s — paused"), kiela_side_display_name (trace->result.mover), sq);
    }
  else if (self->ai_cancel != NULL)
    status = g_strdup_printf (_("%s (%s) is thinking…"), kiela_side_display_name (to_move),
                              self->players[to_move]->name);
  else if (!human && self->ai_paused)
    status = g_strdup_printf (_("%s (%s) to move — press Play to go on"), kiela_side_display_name (to_move),
                              self->players[to_move]->name);
  else if (human && self->players[KIELA_OTHER_SIDE (to_move)] != NULL)
    status = g_strdup_printf (_("Your move (%s)"), kiela_side_display_name (to_move));
  else
    status = g_strdup_printf (_("%s to move"), kiela_side_display_name (to_move));
  gtk_label_set_text (self->status_label, status);
  if (phase == KIELA_PHASE_PLAY)
    kiela_window_update_side_labels (self, to_move, live && at_end && !over);
  else
    kiela_window_update_side_labels (self, phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH, live);

  /* Step bar. */
  if (has_trace)
    {
      const KielaTrace *trace = kiela_trace_player_get_trace (self->player);
      g_autofree char *sq = kiela_square_name_dup (trace->before.files, trace->result.mover,
                                                   (guint) trace->result.move);
      /* TRANSLATORS: step bar: "South sows g1 · step 3 of 12" */
      step = g_strdup_printf (_("%s sows %s · step %u of %u"), kiela_side_display_name (trace->result.mover), sq,
                              kiela_trace_player_get_index (self->player),
                              kiela_trace_player_get_n_events (self->player));
    }
  else
    step = g_strdup (n_moves == 0 ? _("No moves yet") : _("Start position"));
  gtk_label_set_text (self->step_label, step);

  gtk_button_set_icon_name (self->play_button, playing ? "media-playback-pause-symbolic"
                                                       : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button),
                               playing ? _("Pause the Sowing (Space)") : _("Play the Sowing (Space)"));

  /* While playing, every step control also pauses, so none is disabled then. */
  kiela_window_set_action_enabled (self, "step-back", has_trace && (playing || !kiela_trace_player_is_at_start (self->player)));
  kiela_window_set_action_enabled (self, "go-start", has_trace && (playing || !kiela_trace_player_is_at_start (self->player)));
  kiela_window_set_action_enabled (self, "step-forward", has_trace && !at_end);
  kiela_window_set_action_enabled (self, "go-end", has_trace && !at_end);
  kiela_window_set_action_enabled (self, "play-pause", has_trace || (self->ai_paused && live));
  kiela_window_set_action_enabled (self, "previous-move", self->view_ply > 0);
  kiela_window_set_action_enabled (self, "next-move", self->view_ply < n_moves);
  kiela_window_set_action_enabled (self, "back-to-game", !live);
  kiela_window_set_action_enabled (self, "undo", kiela_game_can_undo (self->game) && phase == KIELA_PHASE_PLAY);
  kiela_window_set_action_enabled (self, "redo", kiela_game_can_redo (self->game) && phase == KIELA_PHASE_PLAY);
  kiela_window_set_action_enabled (self, "hint", interactive && self->hint_cancel == NULL
                                   && kiela_ai_strongest_personality (self->registry) != NULL);
  kiela_window_set_action_enabled (self, "setup-done", phase != KIELA_PHASE_PLAY && human);
  kiela_window_set_action_enabled (self, "setup-skip", phase != KIELA_PHASE_PLAY && human);

  gtk_widget_set_visible (GTK_WIDGET (self->review_box), !live);
  if (!live)
    {
      g_autofree char *review = g_strdup_printf (_("Reviewing move %u of %u"), self->view_ply, n_moves);
      gtk_label_set_text (self->review_label, review);
    }

  /* Narration: the current step, or a hint, or what to do. */
  if (self->hint_text && interactive)
    narration = g_strdup (self->hint_text);
  else if (has_trace)
    narration = kiela_trace_player_dup_narration (self->player);
  else if (phase != KIELA_PHASE_PLAY && !human)
    /* TRANSLATORS: %1$s a player's name, %2$s "South"/"North" */
    narration = g_strdup_printf (_("%1$s arranges the stones of %2$s. They appear on the board as soon as "
                                   "the arrangement is ready."),
                                 self->players[to_move]->name, kiela_side_display_name (to_move));
  else if (phase != KIELA_PHASE_PLAY)
    narration = g_strdup (_("Drag stones between your own houses, or click a house and then another, "
                            "to move one stone. Your total stays the same."));
  else if (over)
    narration = g_strdup (_("The game is over. Step through the moves in the list to see how it went, "
                            "or start again."));
  else if (!human)
    narration = g_strdup_printf (_("%s plays %s. Its moves are sown here stone by stone."),
                                 self->players[to_move]->name, kiela_side_display_name (to_move));
  else
    narration = g_strdup (_("Sow from a marked house: click it, or move to it with the arrow keys "
                            "and press Enter."));
  gtk_label_set_text (self->narration_label, narration ? narration : "");
  /* The step list belongs to a move: at the start position it would be an empty box. */
  gtk_widget_set_visible (GTK_WIDGET (self->step_list), has_trace);
  gtk_widget_set_visible (GTK_WIDGET (self->narration_box),
                          g_settings_get_boolean (self->prefs, KIELA_SETTINGS_NARRATION));

  gtk_revealer_set_reveal_child (self->setup_revealer, live && phase != KIELA_PHASE_PLAY && human);
  kiela_window_update_result (self);
}

/* ---------- playing ---------- */

static void
kiela_window_play_move (KielaWindow *self, KielaMove move)
{
  g_autoptr(GError) error = NULL;
  KielaTrace *trace = kiela_trace_new ();
  const KielaVariant *variant = kiela_game_get_variant (self->game);

  kiela_window_cancel_hint (self);
  if (!kiela_game_play (self->game, move, trace, &error))
    {
      kiela_trace_free (trace);
      kiela_window_toast (self, error->message);
      return;
    }

  self->view_ply = kiela_game_get_n_moves (self->game);
  kiela_window_autosave (self);
  kiela_window_rebuild_list (self);

  if (g_settings_get_enum (self->prefs, KIELA_SETTINGS_SPEED) == KIELA_SPEED_INSTANT)
    kiela_trace_player_set_trace (self->player, variant, trace, G_MAXUINT);
  else
    {
      kiela_trace_player_set_trace (self->player, variant, trace, 0);
      kiela_trace_player_play (self->player);
    }
  kiela_window_update (self);
  kiela_window_maybe_start_ai (self);
}

static void
on_house_activated (KielaBoardView *board, guint side, guint house, KielaWindow *self)
{
  const KielaPosition *pos;
  g_autofree char *why = NULL;
  g_autofree char *sq = NULL;

  if (self->game == NULL || kiela_game_get_phase (self->game) != KIELA_PHASE_PLAY)
    return;
  if (!is_live (self) || !kiela_trace_player_is_at_end (self->player) || kiela_game_is_over (self->game))
    return;

  pos = kiela_game_get_position (self->game);
  if (self->players[pos->to_move] != NULL)
    return;

  sq = kiela_square_name_dup (pos->files, side, house);
  if (side != pos->to_move)
    {
      g_autofree char *msg = NULL;
      /* TRANSLATORS: %1$s a square (d4), %2$s and %3$s "South"/"North" */
      msg = g_strdup_printf (_("%1$s belongs to %2$s: %3$s sows only from its own two rows."),
                             sq, kiela_side_display_name (side), kiela_side_display_name (pos->to_move));
      kiela_window_toast (self, msg);
      return;
    }

  why = kiela_game_explain_illegal (self->game, (KielaMove) house);
  if (why != NULL)
    {
      kiela_window_toast (self, why);
      return;
    }

  kiela_window_play_move (self, (KielaMove) house);
}

/* The callbacks hold no reference on the window: disposing it cancels the search, and a
 * cancelled result is dropped before `data` is touched, so a closed window is never kept alive
 * (nor woken) by a search still running. */
static void
on_ai_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaWindow *self;
  g_autoptr(GError) error = NULL;
  KielaAiReply reply;

  if (!kiela_ai_think_finish (result, &reply, &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = KIELA_WINDOW (data);
  /* Only the current request counts. */
  if (g_task_get_cancellable (G_TASK (result)) != self->ai_cancel)
    return;
  g_clear_object (&self->ai_cancel);
  if (error != NULL)
    {
      self->ai_paused = TRUE;
      kiela_window_toast (self, error->message);
      kiela_window_update (self);
      return;
    }
  kiela_window_play_move (self, reply.move);
}

static void
kiela_window_maybe_start_ai (KielaWindow *self)
{
  const KielaPersonality *p;
  KielaPhase phase;
  KielaSide to_move;
  gint64 budget;
  g_autoptr(GHashTable) settings = NULL;

  if (self->game == NULL || self->ai_cancel != NULL || self->ai_paused)
    return;
  if (!is_live (self) || !kiela_trace_player_is_at_end (self->player) || kiela_game_is_over (self->game))
    return;

  phase = kiela_game_get_phase (self->game);
  if (phase != KIELA_PHASE_PLAY)
    return;

  to_move = kiela_game_get_position (self->game)->to_move;
  p = self->players[to_move];
  if (p == NULL)
    return;

  settings = kiela_ai_parse_settings (p->settings ? p->settings : "", NULL);
  budget = settings ? kiela_ai_setting_int (settings, "time-ms", DEFAULT_AI_BUDGET_MS) : DEFAULT_AI_BUDGET_MS;

  self->ai_cancel = g_cancellable_new ();
  kiela_ai_think_async (self->registry, p, self->game, budget * 1000, g_random_int (),
                        self->ai_cancel, on_ai_done, self);
  kiela_window_update (self);
}

static void
on_hint_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaWindow *self;
  g_autoptr(GError) error = NULL;
  KielaAiReply reply;
  g_autofree char *sq = NULL;

  if (!kiela_ai_think_finish (result, &reply, &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = KIELA_WINDOW (data);
  if (g_task_get_cancellable (G_TASK (result)) != self->hint_cancel)
    return;
  g_clear_object (&self->hint_cancel);
  if (self->thinking_toast)
    adw_toast_dismiss (self->thinking_toast);
  if (error != NULL)
    {
      kiela_window_toast (self, error->message);
      kiela_window_update (self);
      return;
    }

  self->hint_move = reply.move;
  sq = kiela_square_name_dup (kiela_game_get_position (self->game)->files,
                              kiela_game_get_position (self->game)->to_move, (guint) reply.move);
  g_free (self->hint_text);
  if (reply.reason[0] != '\0')
    /* TRANSLATORS: %1$s a square, %2$s a short reason from the AI ("captures 5 stones") */
    self->hint_text = g_strdup_printf (_("Hint: sow %1$s. %2$s"), sq, reply.reason);
  else
    self->hint_text = g_strdup_printf (_("Hint: sow %s."), sq);
  kiela_window_toast (self, self->hint_text);
  kiela_window_update (self);
}

/* ---------- games ---------- */

static const KielaPersonality *
lookup_player (KielaWindow *self, KielaGame *game, const char *key)
{
  const char *id = kiela_game_get_metadata (game, key);

  if (id == NULL || *id == '\0')
    return NULL;
  return kiela_registry_lookup_personality (self->registry, id);
}

static void
kiela_window_set_game (KielaWindow *self, KielaGame *game, const KielaPersonality *south,
                       const KielaPersonality *north, const char *file_path)
{
  kiela_window_cancel_ai (self);
  kiela_window_cancel_hint (self);
  self->ai_paused = FALSE;

  g_set_object (&self->game, game);
  self->players[KIELA_SOUTH] = south;
  self->players[KIELA_NORTH] = north;
  if (file_path != self->file_path)
    {
      g_free (self->file_path);
      self->file_path = g_strdup (file_path);
    }

  kiela_board_view_set_setup_mode (self->board, FALSE, KIELA_SOUTH);
  kiela_board_view_set_variant (self->board, kiela_game_get_variant (game));
  kiela_window_update_title (self);
  self->view_ply = kiela_game_get_n_moves (game);
  kiela_window_rebuild_list (self);
  kiela_window_show_ply (self, self->view_ply, FALSE);
  kiela_window_enter_setup (self);
  kiela_window_update (self);
  kiela_window_maybe_start_ai (self);
}

void
kiela_window_new_game (KielaWindow *self, const KielaVariant *variant,
                       const KielaPersonality *south, const KielaPersonality *north)
{
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");

  if (variant == NULL)
    variant = kiela_registry_get_default_variant (self->registry);
  g_return_if_fail (variant != NULL);

  game = kiela_game_new (variant);
  kiela_game_set_metadata (game, KIELA_META_DATE, date);
  kiela_window_set_game (self, game, south, north, NULL);
  kiela_window_store_players (self);
  kiela_window_hide_banner (self);
  kiela_window_autosave (self);
}

gboolean
kiela_window_open_path (KielaWindow *self, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = kiela_record_load (self->registry, path, &error);
  g_autofree char *display = NULL;

  if (game == NULL)
    {
      g_autofree char *msg = NULL;
      /* The current game and its file stay as they were: nothing is overwritten.
       * The engine's message already names the file. */
      msg = g_strdup_printf (_("The game could not be opened. %s"), error->message);
      kiela_window_show_banner (self, msg);
      return FALSE;
    }

  kiela_window_hide_banner (self);
  kiela_window_set_game (self, game, lookup_player (self, game, META_SOUTH_AI),
                         lookup_player (self, game, META_NORTH_AI), path);
  kiela_window_autosave (self);
  display = g_filename_display_basename (path);
  {
    g_autofree char *msg = g_strdup_printf (_("Opened “%s”"), display);
    kiela_window_toast (self, msg);
  }
  return TRUE;
}

gboolean
kiela_window_save_to_path (KielaWindow *self, const char *path, GError **error)
{
  kiela_window_store_players (self);
  if (!kiela_record_save (self->game, path, error))
    return FALSE;
  if (path != self->file_path)
    {
      g_free (self->file_path);
      self->file_path = g_strdup (path);
    }
  kiela_window_update_title (self);
  return TRUE;
}

void
kiela_window_restore_autosave (KielaWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = NULL;

  if (self->autosave_path == NULL || !g_file_test (self->autosave_path, G_FILE_TEST_EXISTS))
    {
      kiela_window_new_game (self, NULL, NULL, NULL);
      return;
    }

  game = kiela_record_load (self->registry, self->autosave_path, &error);
  if (game == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
      g_autofree char *aside = g_strdup_printf ("%s.corrupt-%s", self->autosave_path, stamp);
      g_autofree char *msg = NULL;

      /* Keep the broken file for inspection; never let the new game overwrite it. */
      if (g_rename (self->autosave_path, aside) != 0)
        {
          msg = g_strdup_printf (_("The autosaved game could not be read (%s), nor moved aside: %s. "
                                   "Autosave is off until it is fixed."),
                                 error->message, g_strerror (errno));
          g_clear_pointer (&self->autosave_path, g_free);
        }
      else
        msg = g_strdup_printf (_("The autosaved game could not be read (%s). It was kept as %s; "
                                 "a new game has started."), error->message, aside);
      kiela_window_new_game (self, NULL, NULL, NULL);
      kiela_window_show_banner (self, msg);
      return;
    }

  kiela_window_set_game (self, game, lookup_player (self, game, META_SOUTH_AI),
                         lookup_player (self, game, META_NORTH_AI), NULL);
}

/* ---------- expert setup ---------- */

/* Like on_ai_done: no reference on the window, a cancelled result is dropped unread. */
static void
on_arrange_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaWindow *self;
  g_autoptr(GError) error = NULL;
  guint16 counts[KIELA_MAX_HOUSES];
  KielaSide side = KIELA_SOUTH;
  const KielaPersonality *player;

  if (!kiela_ai_arrange_finish (result, &side, counts, &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = KIELA_WINDOW (data);
  if (g_task_get_cancellable (G_TASK (result)) != self->ai_cancel)
    return;
  g_clear_object (&self->ai_cancel);
  player = self->players[side];

  if (error == NULL)
    kiela_game_setup (self->game, side, counts, &error);
  if (error != NULL)
    {
      /* The game must go on: the start arrangement is always a valid one. */
      g_autofree char *msg = NULL;
      g_autoptr(GError) skip_error = NULL;

      /* TRANSLATORS: %1$s a player's name, %2$s the reason */
      msg = g_strdup_printf (_("%1$s could not arrange its stones and keeps the start arrangement: %2$s"),
                             player ? player->name : "?", error->message);
      kiela_window_toast (self, msg);
      if (!kiela_game_skip_setup (self->game, &skip_error))
        kiela_window_toast (self, skip_error->message);
    }
  else if (player != NULL)
    {
      g_autofree char *msg = NULL;

      /* TRANSLATORS: %1$s a player's name, %2$s "South"/"North" */
      msg = g_strdup_printf (_("%1$s has arranged the stones of %2$s."), player->name,
                             kiela_side_display_name (side));
      kiela_window_toast (self, msg);
    }
  kiela_window_finish_setup_step (self);
}

static void
kiela_window_start_arrange (KielaWindow *self, KielaSide side)
{
  const KielaPersonality *p = self->players[side];
  g_autoptr(GHashTable) settings = NULL;
  gint64 budget;

  if (p == NULL || self->ai_cancel != NULL)
    return;
  settings = kiela_ai_parse_settings (p->settings ? p->settings : "", NULL);
  budget = settings ? kiela_ai_setting_int (settings, "time-ms", DEFAULT_AI_BUDGET_MS) : DEFAULT_AI_BUDGET_MS;
  self->ai_cancel = g_cancellable_new ();
  kiela_ai_arrange_async (self->registry, p, self->game, budget * 1000, g_random_int (),
                          self->ai_cancel, on_arrange_done, self);
}

static void
kiela_window_enter_setup (KielaWindow *self)
{
  KielaPhase phase = kiela_game_get_phase (self->game);
  KielaSide side;
  const KielaPosition *pos;
  KielaPosition shown;
  g_autofree char *text = NULL;
  guint total = 0;

  if (phase == KIELA_PHASE_PLAY)
    {
      kiela_board_view_set_setup_mode (self->board, FALSE, KIELA_SOUTH);
      return;
    }

  side = phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
  if (self->players[side] != NULL)
    {
      /* Computer players arrange their stones on a worker thread, like a move: the
       * window stays responsive, and the board shows the arrangement when it comes. */
      kiela_board_view_set_setup_mode (self->board, FALSE, side);
      kiela_window_start_arrange (self, side);
      return;
    }

  pos = kiela_game_get_position (self->game);
  memcpy (self->setup_counts, pos->houses[side], sizeof self->setup_counts);
  for (guint h = 0; h < 2u * pos->files; h++)
    total += self->setup_counts[h];
  shown = *pos;
  kiela_window_show_position (self, &shown);
  kiela_board_view_set_setup_mode (self->board, TRUE, side);
  text = g_strdup_printf (ngettext ("%s: arrange your %u stone over your two rows.",
                                    "%s: arrange your %u stones over your two rows.", total),
                          kiela_side_display_name (side), total);
  gtk_label_set_text (self->setup_label, text);
}

static void
on_setup_move (KielaBoardView *board, guint side, guint from, guint to, KielaWindow *self)
{
  KielaPhase phase = kiela_game_get_phase (self->game);
  KielaSide setup_side = phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
  KielaPosition shown;
  guint files = kiela_game_get_position (self->game)->files;

  if (phase == KIELA_PHASE_PLAY || side != setup_side || from >= 2 * files || to >= 2 * files)
    return;
  if (self->setup_counts[from] == 0)
    {
      g_autofree char *sq = kiela_square_name_dup (files, side, from);
      g_autofree char *msg = g_strdup_printf (_("%s is empty: there is no stone to move."), sq);
      kiela_window_toast (self, msg);
      return;
    }
  self->setup_counts[from]--;
  self->setup_counts[to]++;
  shown = *kiela_game_get_position (self->game);
  memcpy (shown.houses[side], self->setup_counts, sizeof self->setup_counts);
  kiela_window_show_position (self, &shown);
}

static void
kiela_window_finish_setup_step (KielaWindow *self)
{
  kiela_window_autosave (self);
  kiela_window_show_ply (self, 0, FALSE);
  kiela_window_enter_setup (self);
  kiela_window_update (self);
  kiela_window_maybe_start_ai (self);
}

static void
action_setup_done (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;
  KielaPhase phase = kiela_game_get_phase (self->game);
  KielaSide side = phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
  g_autoptr(GError) error = NULL;

  if (phase == KIELA_PHASE_PLAY)
    return;
  if (!kiela_game_setup (self->game, side, self->setup_counts, &error))
    {
      kiela_window_toast (self, error->message);
      return;
    }
  kiela_window_finish_setup_step (self);
}

static void
action_setup_skip (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;
  g_autoptr(GError) error = NULL;

  if (kiela_game_get_phase (self->game) == KIELA_PHASE_PLAY)
    return;
  if (!kiela_game_skip_setup (self->game, &error))
    {
      kiela_window_toast (self, error->message);
      return;
    }
  kiela_window_finish_setup_step (self);
}

/* ---------- actions ---------- */

static void
action_undo (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;
  gboolean both_ai = self->players[0] && self->players[1];

  kiela_window_cancel_ai (self);
  kiela_window_cancel_hint (self);
  if (!kiela_game_undo (self->game))
    return;
  /* Against the computer, undo back to the human's turn: undoing only the reply
   * would let the computer play it again at once. */
  while (!both_ai && self->players[kiela_game_get_position (self->game)->to_move] != NULL
         && kiela_game_can_undo (self->game))
    kiela_game_undo (self->game);
  if (both_ai)
    self->ai_paused = TRUE;

  kiela_window_autosave (self);
  self->view_ply = kiela_game_get_n_moves (self->game);
  kiela_window_rebuild_list (self);
  kiela_window_show_ply (self, self->view_ply, FALSE);
  kiela_window_maybe_start_ai (self);
}

static void
action_redo (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;
  gboolean both_ai = self->players[0] && self->players[1];

  kiela_window_cancel_ai (self);
  kiela_window_cancel_hint (self);
  if (!kiela_game_redo (self->game))
    return;
  while (!both_ai && self->players[kiela_game_get_position (self->game)->to_move] != NULL
         && kiela_game_can_redo (self->game))
    kiela_game_redo (self->game);

  kiela_window_autosave (self);
  self->view_ply = kiela_game_get_n_moves (self->game);
  kiela_window_rebuild_list (self);
  kiela_window_show_ply (self, self->view_ply, TRUE);
  kiela_window_maybe_start_ai (self);
}

static void
action_step_forward (GSimpleAction *action, GVariant *param, gpointer data)
{
  kiela_trace_player_step_forward (KIELA_WINDOW (data)->player);
}

static void
action_step_back (GSimpleAction *action, GVariant *param, gpointer data)
{
  kiela_trace_player_step_back (KIELA_WINDOW (data)->player);
}

static void
action_go_start (GSimpleAction *action, GVariant *param, gpointer data)
{
  kiela_trace_player_go_to_start (KIELA_WINDOW (data)->player);
}

static void
action_go_end (GSimpleAction *action, GVariant *param, gpointer data)
{
  kiela_trace_player_go_to_end (KIELA_WINDOW (data)->player);
}

static void
action_play_pause (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;

  if (self->ai_paused && is_live (self) && kiela_trace_player_is_at_end (self->player))
    {
      self->ai_paused = FALSE;
      kiela_window_maybe_start_ai (self);
      return;
    }
  if (kiela_trace_player_get_playing (self->player))
    kiela_trace_player_pause (self->player);
  else
    kiela_trace_player_play (self->player);
}

static void
action_previous_move (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;

  if (self->view_ply > 0)
    kiela_window_review_ply (self, self->view_ply - 1);
}

static void
action_next_move (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;

  if (self->view_ply < kiela_game_get_n_moves (self->game))
    kiela_window_review_ply (self, self->view_ply + 1);
}

static void
action_back_to_game (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;

  kiela_window_review_ply (self, kiela_game_get_n_moves (self->game));
}

static void
action_hint (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;
  const KielaPersonality *p = kiela_ai_strongest_personality (self->registry);

  if (p == NULL || self->hint_cancel != NULL)
    return;
  self->hint_cancel = g_cancellable_new ();
  /* Shown until the hint arrives (weak pointer: the overlay owns the toast). */
  g_clear_weak_pointer (&self->thinking_toast);
  self->thinking_toast = adw_toast_new (_("Thinking about a hint…"));
  adw_toast_set_timeout (self->thinking_toast, 0);
  g_object_add_weak_pointer (G_OBJECT (self->thinking_toast), (gpointer *) &self->thinking_toast);
  adw_toast_overlay_add_toast (self->toast_overlay, self->thinking_toast);
  kiela_ai_think_async (self->registry, p, self->game, HINT_BUDGET_MS * 1000, g_random_int (),
                        self->hint_cancel, on_hint_done, self);
  kiela_window_update (self);
}

static void
action_play_again (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;

  kiela_window_new_game (self, kiela_game_get_variant (self->game), self->players[0], self->players[1]);
}

static void
on_new_game_response (KielaNewGameDialog *dialog, KielaWindow *self)
{
  kiela_window_new_game (self, kiela_new_game_dialog_get_variant (dialog),
                         kiela_new_game_dialog_get_player (dialog, KIELA_SOUTH),
                         kiela_new_game_dialog_get_player (dialog, KIELA_NORTH));
}

static void
action_new_game (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;
  KielaNewGameDialog *dialog = kiela_new_game_dialog_new (self->registry);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  if (self->game)
    kiela_new_game_dialog_preset (dialog, kiela_game_get_variant (self->game), self->players[0], self->players[1]);
  g_signal_connect (dialog, "start", G_CALLBACK (on_new_game_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
add_kiela_filters (GtkFileChooser *chooser)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Kiela games"));
  gtk_file_filter_add_pattern (filter, "*.kiela");
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("All files"));
  gtk_file_filter_add_pattern (filter, "*");
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

/* Without a file of its own the chooser would open in the directory the app was started from
 * (often the source tree or /): games belong in Documents, or the home folder. */
static void
kiela_window_set_default_folder (GtkFileChooser *chooser)
{
  const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autoptr(GFile) dir = g_file_new_for_path (docs && g_file_test (docs, G_FILE_TEST_IS_DIR) ? docs
                                                                                             : g_get_home_dir ());

  gtk_file_chooser_set_current_folder (chooser, dir, NULL);
}

static void
on_open_response (GtkNativeDialog *native, int response, KielaWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path)
        kiela_window_open_path (self, path);
    }
  g_object_unref (native);
}

static void
action_open (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Open Game"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_kiela_filters (GTK_FILE_CHOOSER (native));
  if (self->file_path)
    {
      g_autoptr(GFile) file = g_file_new_for_path (self->file_path);
      g_autoptr(GFile) dir = g_file_get_parent (file);
      if (dir)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), dir, NULL);
    }
  else
    kiela_window_set_default_folder (GTK_FILE_CHOOSER (native));
  g_signal_connect (native, "response", G_CALLBACK (on_open_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
kiela_window_save_reporting (KielaWindow *self, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *display = g_filename_display_basename (path);

  if (!kiela_window_save_to_path (self, path, &error))
    {
      /* The engine's message already reads "Could not save “…/name.kiela”: why";
       * wrapping it again said "Could not save" twice. */
      kiela_window_show_banner (self, error->message);
      return;
    }
  {
    g_autofree char *msg = g_strdup_printf (_("Saved “%s”"), display);
    kiela_window_toast (self, msg);
  }
}

static void
on_save_response (GtkNativeDialog *native, int response, KielaWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path)
        kiela_window_save_reporting (self, path);
    }
  g_object_unref (native);
}

static void
action_save_as (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_kiela_filters (GTK_FILE_CHOOSER (native));
  if (self->file_path)
    {
      g_autoptr(GFile) file = g_file_new_for_path (self->file_path);
      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), file, NULL);
    }
  else
    {
      kiela_window_set_default_folder (GTK_FILE_CHOOSER (native));
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), _("game.kiela"));
    }
  g_signal_connect (native, "response", G_CALLBACK (on_save_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
action_save (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;

  if (self->file_path == NULL)
    action_save_as (action, param, data);
  else
    kiela_window_save_reporting (self, self->file_path);
}

static void
on_fullscreened (GtkWindow *window, GParamSpec *pspec, KielaWindow *self)
{
  gboolean full = gtk_window_is_fullscreen (window);

  gtk_button_set_icon_name (self->fullscreen_button, full ? "view-restore-symbolic" : "view-fullscreen-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->fullscreen_button),
                               full ? _("Leave Fullscreen (F11)") : _("Fullscreen (F11)"));
}

static void
action_fullscreen (GSimpleAction *action, GVariant *param, gpointer data)
{
  GtkWindow *window = GTK_WINDOW (data);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
action_toggle_panel (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *self = data;

  gtk_toggle_button_set_active (self->panel_button, !gtk_toggle_button_get_active (self->panel_button));
}

static void
action_dismiss_banner (GSimpleAction *action, GVariant *param, gpointer data)
{
  kiela_window_hide_banner (KIELA_WINDOW (data));
}

static GtkWindow *
kiela_window_open_preferences (KielaWindow *self)
{
  GtkWindow *prefs = kiela_preferences_window_new (self->prefs, self->registry);

  gtk_window_set_transient_for (prefs, GTK_WINDOW (self));
  gtk_window_present (prefs);
  return prefs;
}

static void
action_preferences (GSimpleAction *action, GVariant *param, gpointer data)
{
  kiela_window_open_preferences (KIELA_WINDOW (data));
}

static void
action_show_plugins (GSimpleAction *action, GVariant *param, gpointer data)
{
  GtkWindow *prefs = kiela_window_open_preferences (KIELA_WINDOW (data));

  kiela_preferences_window_show_plugins (KIELA_PREFERENCES_WINDOW (prefs));
}

/* A plugin that failed to load must not go unnoticed: say so at start, with a way to see why. */
static void
kiela_window_report_plugin_failures (KielaWindow *self)
{
  GPtrArray *plugins = kiela_registry_get_plugins (self->registry);
  guint n_failed = 0;
  const KielaPluginRecord *first = NULL;
  g_autofree char *text = NULL;
  AdwToast *toast;

  for (guint i = 0; plugins && i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);
      if (r->state == KIELA_PLUGIN_FAILED)
        {
          if (first == NULL)
            first = r;
          n_failed++;
        }
    }
  if (n_failed == 0)
    return;

  if (n_failed == 1)
    {
      g_autofree char *file = g_path_get_basename (first->path);
      /* TRANSLATORS: %s is a plugin file name, e.g. "rules-extra.so" */
      text = g_strdup_printf (_("The plugin “%s” could not be loaded"), file);
    }
  else
    text = g_strdup_printf (ngettext ("%u plugin could not be loaded", "%u plugins could not be loaded", n_failed),
                            n_failed);
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Details"));
  adw_toast_set_action_name (toast, "win.show-plugins");
  adw_toast_set_timeout (toast, 10);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  g_free (self->last_message);
  self->last_message = g_steal_pointer (&text);
}

static void
action_about (GSimpleAction *action, GVariant *param, gpointer data)
{
  static const char *developers[] = { "The Kiela contributors", NULL };
  GtkWidget *about = adw_about_window_new ();

  g_object_set (about,
                "transient-for", data,
                "application-name", _("Kiela"),
                "application-icon", KIELA_APP_ID,
                "developer-name", _("The Kiela contributors"),
                "version", PACKAGE_VERSION,
                "comments", _("Learn and play Kiela, the four-row mancala of northern Angola. "
                              "Every sowing can be replayed stone by stone."),
                "license-type", GTK_LICENSE_GPL_3_0,
                /* The same addresses as the AppStream metadata. */
                "website", "https://github.com/kiela/kiela",
                "issue-url", "https://github.com/kiela/kiela/issues",
                "developers", developers,
                /* TRANSLATORS: put your names here, one per line */
                "translator-credits", _("translator-credits"),
                NULL);
  {
    KielaWindow *self = data;
    g_autofree char *report = kiela_preferences_dup_plugin_report (self->registry);
    adw_about_window_set_debug_info (ADW_ABOUT_WINDOW (about), report);
    adw_about_window_set_debug_info_filename (ADW_ABOUT_WINDOW (about), "kiela-debug-info.txt");
  }
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about), _("Rules"),
                                                (const char *[]) { "Bernardo Campos, Kiela – A Game of African Origin (1998)", NULL });
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry win_entries[] = {
  { "new-game", action_new_game },
  { "play-again", action_play_again },
  { "open", action_open },
  { "save", action_save },
  { "save-as", action_save_as },
  { "undo", action_undo },
  { "redo", action_redo },
  { "hint", action_hint },
  { "step-forward", action_step_forward },
  { "step-back", action_step_back },
  { "go-start", action_go_start },
  { "go-end", action_go_end },
  { "play-pause", action_play_pause },
  { "previous-move", action_previous_move },
  { "next-move", action_next_move },
  { "back-to-game", action_back_to_game },
  { "setup-done", action_setup_done },
  { "setup-skip", action_setup_skip },
  { "fullscreen", action_fullscreen },
  { "toggle-panel", action_toggle_panel },
  { "dismiss-banner", action_dismiss_banner },
  { "preferences", action_preferences },
  { "show-plugins", action_show_plugins },
  { "about", action_about },
};

/* ---------- signals ---------- */

static void
on_player_changed (KielaTracePlayer *player, KielaWindow *self)
{
  kiela_window_update (self);
}

static void
on_player_finished (KielaTracePlayer *player, KielaWindow *self)
{
  kiela_window_update (self);
  kiela_window_maybe_start_ai (self);
}

static void
on_row_selected (GtkListBox *list, GtkListBoxRow *row, KielaWindow *self)
{
  if (self->rebuilding_list || row == NULL || self->game == NULL)
    return;
  kiela_window_review_ply (self, (guint) gtk_list_box_row_get_index (row));
}

static void
on_prefs_changed (GSettings *prefs, const char *key, KielaWindow *self)
{
  KielaSpeed speed = g_settings_get_enum (prefs, KIELA_SETTINGS_SPEED);

  kiela_trace_player_set_interval (self->player, kiela_speed_interval_ms (speed));
  kiela_trace_player_set_pause_on_capture (self->player,
                                           g_settings_get_boolean (prefs, KIELA_SETTINGS_PAUSE_ON_CAPTURE));
  gtk_label_set_text (self->speed_label, kiela_speed_label (speed));
  kiela_window_update (self);
}

void
kiela_window_review_ply (KielaWindow *self, guint ply)
{
  guint n = kiela_game_get_n_moves (self->game);

  ply = MIN (ply, n);
  kiela_window_cancel_hint (self);
  if (ply != n)
    kiela_window_cancel_ai (self);
  kiela_window_show_ply (self, ply, FALSE);
  kiela_window_maybe_start_ai (self);
}

/* ---------- GObject ---------- */

static void
kiela_window_dispose (GObject *object)
{
  KielaWindow *self = KIELA_WINDOW (object);

  kiela_window_cancel_ai (self);
  kiela_window_cancel_hint (self);
  g_clear_weak_pointer (&self->thinking_toast);
  if (self->prefs)
    g_signal_handlers_disconnect_by_data (self->prefs, self);
  if (self->player)
    g_signal_handlers_disconnect_by_data (self->player, self);
  if (self->step_list)
    kiela_step_list_set_player (self->step_list, NULL);
  g_clear_object (&self->player);
  gtk_widget_dispose_template (GTK_WIDGET (self), KIELA_TYPE_WINDOW);
  G_OBJECT_CLASS (kiela_window_parent_class)->dispose (object);
}

static void
kiela_window_finalize (GObject *object)
{
  KielaWindow *self = KIELA_WINDOW (object);

  g_clear_object (&self->game);
  g_clear_object (&self->prefs);
  g_free (self->file_path);
  g_free (self->autosave_path);
  g_free (self->last_message);
  g_free (self->hint_text);
  g_free (self->result_text);
  G_OBJECT_CLASS (kiela_window_parent_class)->finalize (object);
}

static void
kiela_window_class_init (KielaWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kiela_window_dispose;
  object_class->finalize = kiela_window_finalize;
  widget_class->size_allocate = kiela_window_size_allocate;

  g_type_ensure (KIELA_TYPE_STEP_LIST);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KielaWindow, name)
  BIND (toast_overlay);
  BIND (window_title);
  BIND (banner_revealer);
  BIND (banner_label);
  BIND (flap);
  BIND (panel_button);
  BIND (status_label);
  BIND (setup_revealer);
  BIND (setup_label);
  BIND (board_box);
  BIND (board_overlay);
  BIND (north_label);
  BIND (south_label);
  BIND (fullscreen_button);
  BIND (result_revealer);
  BIND (result_title);
  BIND (result_reason);
  BIND (result_counts);
  BIND (move_list);
  BIND (move_scroller);
  BIND (narration_box);
  BIND (narration_label);
  BIND (step_list);
  BIND (play_button);
  BIND (step_label);
  BIND (speed_label);
  BIND (speed_scale);
  BIND (review_box);
  BIND (review_label);
#undef BIND
}

/* Folds the side panel at narrow widths.  AdwFlap's own AUTO policy folds only when the
 * minimum sizes no longer fit (or, with the natural threshold, as soon as any label would
 * like more room), neither of which is a stable width; the threshold here is one number. */
static void
kiela_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  AdwFlapFoldPolicy policy = width < PANEL_FOLD_WIDTH ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER;

  /* Set before the children are allocated, so this very allocation uses it. */
  if (adw_flap_get_fold_policy (self->flap) != policy)
    adw_flap_set_fold_policy (self->flap, policy);
  GTK_WIDGET_CLASS (kiela_window_parent_class)->size_allocate (widget, width, height, baseline);
}

/* Places a side label centred just above (North) or below (South) the board as drawn, which
 * keeps its aspect ratio and so rarely fills the space it is given. */
static gboolean
on_board_overlay_position (GtkOverlay *overlay, GtkWidget *widget, GdkRectangle *allocation, KielaWindow *self)
{
  graphene_rect_t drawn, bounds;
  int min_w, nat_w, nat_h;
  double width = gtk_widget_get_width (GTK_WIDGET (overlay));
  double top, bottom;

  if (widget != GTK_WIDGET (self->north_label) && widget != GTK_WIDGET (self->south_label))
    return FALSE;
  if (!gtk_widget_compute_bounds (GTK_WIDGET (self->board), GTK_WIDGET (overlay), &bounds))
    return FALSE;
  kiela_board_view_get_board_rect (self->board, &drawn);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, -1, NULL, &nat_h, NULL, NULL);

  allocation->width = (int) MIN (MAX (nat_w, min_w), width);
  allocation->height = nat_h;
  allocation->x = (int) CLAMP (bounds.origin.x + drawn.origin.x + drawn.size.width / 2 - allocation->width / 2.0,
                               0, width - allocation->width);
  top = bounds.origin.y + drawn.origin.y;
  bottom = top + drawn.size.height;
  if (widget == GTK_WIDGET (self->north_label))
    allocation->y = (int) MAX (0, top - nat_h - 4);
  else
    allocation->y = (int) MIN (bottom + 4, gtk_widget_get_height (GTK_WIDGET (overlay)) - nat_h);
  return TRUE;
}

/* Plain keys act only when the focused widget (a board house, the move list) has not used
 * them: this controller runs in the bubble phase, after the focus widget. */
static void
add_step_shortcuts (KielaWindow *self)
{
  static const struct { const char *trigger; const char *action; } keys[] = {
    { "space", "win.play-pause" },
    { "Left", "win.step-back" },
    { "Right", "win.step-forward" },
    { "Home", "win.go-start" },
    { "End", "win.go-end" },
    { "Page_Up", "win.previous-move" },
    { "Page_Down", "win.next-move" },
    { "F9", "win.toggle-panel" },
    { "Escape", "win.back-to-game" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static void
kiela_window_init (KielaWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->hint_move = -1;
  self->board = KIELA_BOARD_VIEW (kiela_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
  g_signal_connect (self->board, "house-activated", G_CALLBACK (on_house_activated), self);
  g_signal_connect (self->board, "setup-move", G_CALLBACK (on_setup_move), self);

  self->player = kiela_trace_player_new (self->board);
  g_signal_connect (self->player, "changed", G_CALLBACK (on_player_changed), self);
  g_signal_connect (self->player, "finished", G_CALLBACK (on_player_finished), self);
  kiela_step_list_set_player (self->step_list, self->player);

  g_signal_connect (self->move_list, "row-selected", G_CALLBACK (on_row_selected), self);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (on_fullscreened), self);
  g_signal_connect (self->board_overlay, "get-child-position", G_CALLBACK (on_board_overlay_position), self);

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
  add_step_shortcuts (self);
}

KielaWindow *
kiela_window_new (GtkApplication *app, KielaRegistry *registry, GSettings *prefs, const char *autosave_path)
{
  KielaWindow *self = g_object_new (KIELA_TYPE_WINDOW, "application", app, NULL);

  self->registry = registry;
  self->prefs = g_object_ref (prefs);
  self->autosave_path = g_strdup (autosave_path);

  g_settings_bind_with_mapping (prefs, KIELA_SETTINGS_SPEED,
                                gtk_range_get_adjustment (GTK_RANGE (self->speed_scale)), "value",
                                G_SETTINGS_BIND_DEFAULT,
                                kiela_settings_speed_get_mapping, kiela_settings_speed_set_mapping, NULL, NULL);
  g_signal_connect (prefs, "changed", G_CALLBACK (on_prefs_changed), self);
  on_prefs_changed (prefs, NULL, self);
  kiela_window_report_plugin_failures (self);
  return self;
}

KielaGame *
kiela_window_get_game (KielaWindow *self)
{
  return self->game;
}

KielaBoardView *
kiela_window_get_board (KielaWindow *self)
{
  return self->board;
}

KielaTracePlayer *
kiela_window_get_trace_player (KielaWindow *self)
{
  return self->player;
}

KielaStepList *
kiela_window_get_step_list (KielaWindow *self)
{
  return self->step_list;
}

const char *
kiela_window_get_file_path (KielaWindow *self)
{
  return self->file_path;
}

const char *
kiela_window_get_banner_text (KielaWindow *self)
{
  if (!gtk_revealer_get_reveal_child (self->banner_revealer))
    return NULL;
  return gtk_label_get_text (self->banner_label);
}

const char *
kiela_window_get_result_text (KielaWindow *self)
{
  if (!gtk_revealer_get_reveal_child (self->result_revealer))
    return NULL;
  g_free (self->result_text);
  self->result_text = g_strdup_printf ("%s\n%s\n%s", gtk_label_get_text (self->result_title),
                                       gtk_label_get_text (self->result_reason),
                                       gtk_label_get_text (self->result_counts));
  return self->result_text;
}

const char *
kiela_window_get_status_text (KielaWindow *self)
{
  return gtk_label_get_text (self->status_label);
}

const char *
kiela_window_get_narration (KielaWindow *self)
{
  return gtk_label_get_text (self->narration_label);
}

const char *
kiela_window_get_side_label (KielaWindow *self, KielaSide side)
{
  return gtk_label_get_text (side == KIELA_SOUTH ? self->south_label : self->north_label);
}

const char *
kiela_window_get_last_message (KielaWindow *self)
{
  return self->last_message;
}

const KielaPosition *
kiela_window_get_shown_position (KielaWindow *self)
{
  if (kiela_trace_player_get_trace (self->player) != NULL)
    kiela_trace_player_get_shown (self->player, &self->shown, NULL);
  return &self->shown;
}

gboolean
kiela_window_is_ai_thinking (KielaWindow *self)
{
  return self->ai_cancel != NULL;
}

guint
kiela_window_get_view_ply (KielaWindow *self)
{
  return self->view_ply;
}
