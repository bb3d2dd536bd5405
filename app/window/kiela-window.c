/* kiela-window.c: the main window's layout and its bindings to the game session: the board, the
 * replay of each move stone by stone, the move list, the status and narration.  The game logic is
 * in KielaGameSession; the actions, file dialogs and About in kiela-window-actions.c; a click on
 * a house in kiela-window-play.c. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-window-private.h"
#include "kiela-lab-page.h"
#include "kiela-learn.h"
#include "kiela-position-editor.h"
#include "kiela-lesson-editor.h"
#include "kiela-step-list.h"
#include "kiela-text-pane.h"
#include "kiela-x11-shm.h"

/* Below this window width the side panel folds away and the board gets the whole width; the
 * panel button (F9) then slides it over the board.  1100 px keeps a 1024-wide projector image
 * board-first while a 1280 or wider screen has room for both. */
#define PANEL_FOLD_WIDTH 1100
/* The smallest window, half a school laptop's screen (issue 23): every page fits in it.  A
 * window with breakpoints (libadwaita >= 1.4) no longer learns its minimum from its content. */
#define WINDOW_MIN_WIDTH 600
#define WINDOW_MIN_HEIGHT 500

G_DEFINE_FINAL_TYPE (KielaWindow, kiela_window, ADW_TYPE_APPLICATION_WINDOW)

static void kiela_window_size_allocate (GtkWidget *widget, int width, int height, int baseline);

/* ---------- messages ---------- */

/* The characters a toast's one line holds at the narrowest window the toasts are tested at. */
#define KIELA_WINDOW_TOAST_LINE_CHARS 60

void
kiela_window_add_toast (KielaWindow *self, AdwToast *toast)
{
  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  /* A toast with a custom title (a long message, kiela_window_add_message()) has no title. */
  if (adw_toast_get_button_label (toast) == NULL && adw_toast_get_title (toast) != NULL)
    {
      g_free (self->last_message);
      self->last_message = g_strdup (adw_toast_get_title (toast));
    }
  kiela_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
kiela_window_add_message (KielaWindow *self, const char *text)
{
  AdwToast *toast;

  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  toast = adw_toast_new (text);
  adw_toast_set_timeout (toast, 6);
  /* A toast's title is one line, cut with an ellipsis: a failed autosave's message lost its
   * reason ("…: Read-only file system") at 1024 pixels.  A longer message wraps instead. */
  if (g_utf8_strlen (text, -1) > KIELA_WINDOW_TOAST_LINE_CHARS)
    {
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), KIELA_WINDOW_TOAST_LINE_CHARS);
      gtk_label_set_width_chars (GTK_LABEL (label), MIN ((int) g_utf8_strlen (text, -1) / 2, KIELA_WINDOW_TOAST_LINE_CHARS));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      adw_toast_set_custom_title (toast, label);
      g_free (self->last_message);
      self->last_message = g_strdup (text);
    }
  kiela_window_add_toast (self, toast);
}

void
_kiela_window_show_banner (KielaWindow *self, const char *text)
{
  _kiela_window_show_banner_detail (self, text, NULL);
}

void
_kiela_window_show_banner_detail (KielaWindow *self, const char *text, const char *detail)
{
  gtk_label_set_text (self->banner_detail_label, detail ? detail : "");
  gtk_expander_set_expanded (GTK_EXPANDER (self->banner_details), FALSE);
  gtk_widget_set_visible (self->banner_details, detail != NULL);
  g_free (self->last_message);
  self->last_message = g_strdup (text);
  gtk_label_set_text (self->banner_label, text);
  gtk_revealer_set_reveal_child (self->banner_revealer, TRUE);
}

void
_kiela_window_hide_banner (KielaWindow *self)
{
  gtk_revealer_set_reveal_child (self->banner_revealer, FALSE);
}

/* ---------- the board and the replay ---------- */

static void
show_position (KielaWindow *self, const KielaPosition *pos)
{
  self->shown = *pos;
  kiela_board_view_clear_highlights (self->board);
  kiela_board_view_set_hand (self->board, pos->to_move, 0, 0);
  kiela_board_view_set_position (self->board, pos);
}

/* Shows the position after `ply` moves; with `replay` the move is sown again from its first stone. */
static void
show_ply (KielaWindow *self, guint ply, gboolean replay)
{
  const KielaVariant *variant = kiela_game_get_variant (_kiela_window_game (self));
  KielaTrace *trace;

  if (ply == 0)
    {
      kiela_trace_player_set_trace (self->player, variant, NULL, 0);
      show_position (self, kiela_game_get_position_at (_kiela_window_game (self), 0));
      return;
    }
  trace = kiela_trace_new ();
  if (!kiela_game_trace_move (_kiela_window_game (self), ply - 1, trace))
    {
      kiela_trace_free (trace);
      kiela_trace_player_set_trace (self->player, variant, NULL, 0);
      show_position (self, kiela_game_get_position_at (_kiela_window_game (self), ply));
    }
  else if (replay && g_settings_get_enum (self->settings, KIELA_SETTINGS_SPEED) != KIELA_SPEED_INSTANT)
    {
      kiela_trace_player_set_trace (self->player, variant, trace, 0);
      kiela_trace_player_play (self->player);
    }
  else
    kiela_trace_player_set_trace (self->player, variant, trace, G_MAXUINT);
}

/* The expert arrangement of a human: the board lets them drag their own stones. */
static void
update_setup (KielaWindow *self)
{
  KielaPhase phase = kiela_game_session_get_phase (self->session);
  KielaSide side = kiela_game_session_get_turn (self->session);
  KielaPosition pos;
  g_autofree char *text = NULL;
  guint total = 0;

  if (phase == KIELA_PHASE_PLAY || _kiela_window_player (self, side) != NULL)
    {
      kiela_board_view_set_setup_mode (self->board, FALSE, side);
      return;
    }
  kiela_game_session_get_setup_position (self->session, &pos);
  for (guint h = 0; h < 2u * pos.files; h++)
    total += pos.houses[side][h];
  show_position (self, &pos);
  kiela_board_view_set_setup_mode (self->board, TRUE, side);
  text = g_strdup_printf (ngettext ("%s: arrange your %u stone over your two rows.",
                                    "%s: arrange your %u stones over your two rows.", total),
                          kiela_side_display_name (side), total);
  gtk_label_set_text (self->setup_label, text);
  /* Shortened to two lines in a narrow window: the whole sentence is its tooltip. */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->setup_label), text);
  /* The side labels count the stones shown, which are the arrangement's now. */
  _kiela_window_update_turn (self);
}

/* ---------- following the session ---------- */

static void
on_game_notify (KielaGameSession *session, GParamSpec *pspec, KielaWindow *self)
{
  KielaGame *g = _kiela_window_game (self);

  kiela_board_view_set_setup_mode (self->board, FALSE, KIELA_SOUTH);
  kiela_board_view_set_variant (self->board, kiela_game_get_variant (g));
  _kiela_window_moves_set_game (self, g);
  self->replayed_ply = G_MAXUINT;
  show_ply (self, kiela_game_session_get_view_ply (session), FALSE);
  _kiela_window_moves_select (self);
  update_setup (self);
  _kiela_window_update_title (self);
  _kiela_window_update_turn (self);
}

static void
on_move_played (KielaGameSession *session, guint ply, KielaWindow *self)
{
  /* A reason about an earlier click no longer holds once a move is played. */
  _kiela_window_clear_refusal (self);
  self->replayed_ply = ply;
  show_ply (self, ply, TRUE);
}

static void
on_view_ply_notify (KielaGameSession *session, GParamSpec *pspec, KielaWindow *self)
{
  guint ply = kiela_game_session_get_view_ply (session);

  /* A move just played is being replayed from its first stone: leave it so. */
  if (ply != self->replayed_ply)
    show_ply (self, ply, FALSE);
  self->replayed_ply = G_MAXUINT;
  _kiela_window_moves_select (self);
  _kiela_window_update_turn (self);
}

static void
on_phase_notify (KielaGameSession *session, GParamSpec *pspec, KielaWindow *self)
{
  update_setup (self);
  _kiela_window_update_turn (self);
}

static void
on_hint_pending_notify (KielaGameSession *session, GParamSpec *pspec, KielaWindow *self)
{
  if (kiela_game_session_get_hint_pending (session))
    {
      /* Shown until the hint arrives (weak pointer: the overlay owns the toast). */
      g_clear_weak_pointer (&self->thinking_toast);
      self->thinking_toast = adw_toast_new (_("Thinking about a hint…"));
      adw_toast_set_timeout (self->thinking_toast, 0);
      g_object_add_weak_pointer (G_OBJECT (self->thinking_toast), (gpointer *) &self->thinking_toast);
      kiela_toast_overlay_add_toast (self->toast_overlay, self->thinking_toast);
    }
  else if (self->thinking_toast)
    kiela_toast_overlay_dismiss (self->toast_overlay, self->thinking_toast);
  _kiela_window_actions_update (self);
}

static void
on_session_message (KielaGameSession *session, const char *text, KielaWindow *self)
{
  kiela_window_add_message (self, text);
}

static void
on_session_error (KielaGameSession *session, const char *text, KielaWindow *self)
{
  _kiela_window_show_banner (self, text);
}

static void
on_setup_move (KielaBoardView *board, guint side, guint from, guint to, KielaWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!kiela_game_session_setup_move_n (self->session, side, from, to, kiela_setup_bar_get_count (self->setup_bar),
                                        &error))
    _kiela_window_refuse (self, error->message);
}

/* Shift held: all the stones of the house. */
static void
on_setup_move_all (KielaBoardView *board, guint side, guint from, guint to, KielaWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!kiela_game_session_setup_move_n (self->session, side, from, to, G_MAXUINT, &error))
    _kiela_window_refuse (self, error->message);
}

static void
on_player_changed (KielaTracePlayer *trace_player, KielaWindow *self)
{
  /* The computer waits until the move before its turn has been sown to the end. */
  kiela_game_session_set_replaying (self->session, !kiela_trace_player_is_at_end (trace_player));
  _kiela_window_update_step_bar (self);
  _kiela_window_update_turn (self);
}

static void
on_settings_changed (GSettings *settings, const char *key, KielaWindow *self)
{
  KielaSpeed speed = g_settings_get_enum (settings, KIELA_SETTINGS_SPEED);

  kiela_trace_player_set_interval (self->player, kiela_speed_interval_ms (speed));
  kiela_trace_player_set_pause_on_capture (self->player,
                                           g_settings_get_boolean (settings, KIELA_SETTINGS_PAUSE_ON_CAPTURE));
  gtk_label_set_text (self->speed_label, kiela_speed_label (speed));
  _kiela_window_update_turn (self);
}

/* ---------- GObject ---------- */

enum {
  PROP_0,
  PROP_REFUSAL_TIMEOUT,
  PROP_VISIBLE_PAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

guint
kiela_window_get_refusal_timeout (KielaWindow *self)
{
  g_return_val_if_fail (KIELA_IS_WINDOW (self), 0);
  return self->refusal_ms;
}

/* Applies from the next refusal on. */
void
kiela_window_set_refusal_timeout (KielaWindow *self, guint ms)
{
  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (ms > 0);
  if (self->refusal_ms == ms)
    return;
  self->refusal_ms = ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REFUSAL_TIMEOUT]);
}

static void
kiela_window_dispose (GObject *object)
{
  KielaWindow *self = KIELA_WINDOW (object);

  /* Nothing may call back into a half-disposed window: the replay, the settings, the move list
   * and the session are cut off first. */
  if (self->leave_guards)
    g_hash_table_remove_all (self->leave_guards);
  if (self->player)
    g_signal_handlers_disconnect_by_data (self->player, self);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->move_selection)
    g_signal_handlers_disconnect_by_data (self->move_selection, self);
  /* The teaching pages let go of the session and the board before they go. */
  g_clear_object (&self->learn);
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_weak_pointer (&self->thinking_toast);
  _kiela_window_cancel_open (self);
  g_clear_handle_id (&self->scroll_idle, g_source_remove);
  _kiela_window_presentation_dispose (self);
  _kiela_window_moves_dispose (self);
  if (self->step_list)
    kiela_step_list_set_player (self->step_list, NULL);
  _kiela_window_play_dispose (self);
  g_clear_object (&self->player);
  gtk_widget_dispose_template (GTK_WIDGET (self), KIELA_TYPE_WINDOW);
  g_clear_object (&self->move_selection);
  g_clear_object (&self->moves);
  /* Disposing the session cancels what the computer thinks; its answers are dropped unread. */
  g_clear_object (&self->session);
  G_OBJECT_CLASS (kiela_window_parent_class)->dispose (object);
}

static void
kiela_window_finalize (GObject *object)
{
  KielaWindow *self = KIELA_WINDOW (object);

  g_clear_object (&self->settings);
  g_free (self->last_message);
  g_free (self->result_text);
  g_free (self->file_path);
  _kiela_window_pages_finalize (self);
  G_OBJECT_CLASS (kiela_window_parent_class)->finalize (object);
}

static void
kiela_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KielaWindow *self = KIELA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_REFUSAL_TIMEOUT:
      g_value_set_uint (value, self->refusal_ms);
      break;
    case PROP_VISIBLE_PAGE:
      g_value_set_string (value, kiela_window_get_visible_page (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KielaWindow *self = KIELA_WINDOW (object);

  switch (prop_id)
    {
    case PROP_REFUSAL_TIMEOUT:
      kiela_window_set_refusal_timeout (self, g_value_get_uint (value));
      break;
    case PROP_VISIBLE_PAGE:
      if (g_value_get_string (value) != NULL && !kiela_window_show_page (self, g_value_get_string (value)))
        g_warning ("KielaWindow:visible-page: the window has no page “%s”", g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_window_class_init (KielaWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kiela_window_dispose;
  object_class->finalize = kiela_window_finalize;
  object_class->get_property = kiela_window_get_property;
  object_class->set_property = kiela_window_set_property;
  widget_class->size_allocate = kiela_window_size_allocate;

  properties[PROP_REFUSAL_TIMEOUT] =
    g_param_spec_uint ("refusal-timeout", NULL, NULL, 1, G_MAXUINT, 5000,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The page shown ("game", "lessons", ...): what pages follow to stop work out of sight. */
  properties[PROP_VISIBLE_PAGE] =
    g_param_spec_string ("visible-page", NULL, NULL, "game",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (KIELA_TYPE_TOAST_OVERLAY);
  g_type_ensure (KIELA_TYPE_STEP_LIST);
  g_type_ensure (KIELA_TYPE_ANNOUNCE);
  g_type_ensure (KIELA_TYPE_SETUP_BAR);
  g_type_ensure (KIELA_TYPE_SPLIT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KielaWindow, name)
  BIND (toast_overlay);
  BIND (header_bar);
  BIND (content_box);
  BIND (window_title);
  BIND (banner_revealer);
  BIND (banner_label);
  BIND (banner_details);
  BIND (banner_detail_label);
  BIND (split);
  BIND (panel_button);
  BIND (status_label);
  BIND (announce);
  BIND (setup_revealer);
  BIND (setup_label);
  BIND (setup_bar);
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
  BIND (main_stack);
  BIND (game_page);
  BIND (back_button);
  BIND (undo_button);
  BIND (redo_button);
  BIND (hint_button);
  BIND (primary_menu_button);
  BIND (primary_menu);
  BIND (presentation_button);
  BIND (caption_revealer);
  BIND (caption_box);
  BIND (caption_label);
  BIND (caption_play_again);
  BIND (step_bar);
#undef BIND
  _kiela_window_class_actions_init (widget_class);
  _kiela_window_class_moves_init (widget_class);
  _kiela_window_class_presentation_init (widget_class);
  _kiela_window_class_pages_init (widget_class);
}

/* Folds the side panel at narrow widths (libadwaita < 1.4; an AdwBreakpoint does it after). */
static void
kiela_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  kiela_split_window_allocate (self->split, width);
  _kiela_window_presentation_allocate (self, width, height);
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

/* An icon-only button's accessible name is its tooltip (GTK 4.8 would name it "GtkImage"):
 * these buttons change their tooltip with what they do, so the name follows. */
static void
name_from_tooltip (GtkWidget *button, GParamSpec *pspec, gpointer data)
{
  const char *tooltip = gtk_widget_get_tooltip_text (button);

  if (tooltip != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
}

/* The primary menu's popover is made when the menu is first opened (a click, F10): made with the
 * window, it was the biggest part of the window's template. */
static void
create_primary_menu (GtkMenuButton *button, gpointer data)
{
  KielaWindow *self = data;

  if (gtk_menu_button_get_menu_model (button) == NULL)
    gtk_menu_button_set_menu_model (button, self->primary_menu);
}

static void
kiela_window_init (KielaWindow *self)
{
  self->refusal_ms = 5000;
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Whole-window frames (the first at each size) without a new shared memory pool each. */
  kiela_x11_shm_keep_frames (GTK_WINDOW (self));
  kiela_split_collapse_below (self->split, ADW_APPLICATION_WINDOW (self), PANEL_FOLD_WIDTH,
                              WINDOW_MIN_WIDTH, WINDOW_MIN_HEIGHT);
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, create_primary_menu, self, NULL);

  g_signal_connect (self->back_button, "notify::tooltip-text", G_CALLBACK (name_from_tooltip), NULL);
  g_signal_connect (self->fullscreen_button, "notify::tooltip-text", G_CALLBACK (name_from_tooltip), NULL);
  g_signal_connect (self->play_button, "notify::tooltip-text", G_CALLBACK (name_from_tooltip), NULL);

  self->replayed_ply = G_MAXUINT;
  self->board = KIELA_BOARD_VIEW (kiela_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
  _kiela_window_play_init (self);
  g_signal_connect (self->board, "setup-move", G_CALLBACK (on_setup_move), self);
  g_signal_connect (self->board, "setup-move-all", G_CALLBACK (on_setup_move_all), self);

  self->player = kiela_trace_player_new (self->board);
  g_signal_connect (self->player, "changed", G_CALLBACK (on_player_changed), self);
  kiela_step_list_set_player (self->step_list, self->player);

  _kiela_window_moves_init (self);
  _kiela_window_follow_moves_init (self);
  g_signal_connect (self->board_overlay, "get-child-position", G_CALLBACK (on_board_overlay_position), self);
  _kiela_window_actions_init (self);
  _kiela_window_pages_init (self);
}

static GtkWidget *
build_lab_page (KielaWindow *self, gpointer data)
{
  return kiela_lab_page_new (self->session, self->registry);
}

static GtkWidget *
build_editor_page (KielaWindow *self, gpointer data)
{
  return kiela_position_editor_new (self->session, self->registry);
}

/* The panes' toolbars and language lists, measured by the stack, were a twentieth of the start. */
static GtkWidget *
build_text_pane (KielaWindow *self, gpointer data)
{
  return kiela_text_pane_new (GPOINTER_TO_INT (data), self->registry);
}

KielaWindow *
kiela_window_new (GtkApplication *app, KielaRegistry *registry, GSettings *settings, const char *autosave_path)
{
  KielaWindow *self = g_object_new (KIELA_TYPE_WINDOW, "application", app, NULL);
  g_autoptr(GFile) autosave = autosave_path ? g_file_new_for_path (autosave_path) : NULL;
  static const char *turn_props[] = { "n-moves", "turn", "ai-thinking", "ai-paused", "hint", "modified" };

  self->registry = registry;
  self->settings = g_object_ref (settings);
  self->session = kiela_game_session_new (registry, autosave);
  kiela_window_add_lazy_page (self, "lab", _("Variant Lab"), build_lab_page, NULL);

  /* Each part of the window follows the state it shows. */
  g_signal_connect (self->session, "notify::game", G_CALLBACK (on_game_notify), self);
  g_signal_connect (self->session, "notify::view-ply", G_CALLBACK (on_view_ply_notify), self);
  g_signal_connect (self->session, "notify::phase", G_CALLBACK (on_phase_notify), self);
  g_signal_connect (self->session, "notify::hint-pending", G_CALLBACK (on_hint_pending_notify), self);
  g_signal_connect_swapped (self->session, "notify::file", G_CALLBACK (_kiela_window_update_title), self);
  g_signal_connect_swapped (self->session, "notify::modified", G_CALLBACK (_kiela_window_update_title), self);
  for (guint i = 0; i < G_N_ELEMENTS (turn_props); i++)
    {
      g_autofree char *signal = g_strconcat ("notify::", turn_props[i], NULL);
      g_signal_connect_swapped (self->session, signal, G_CALLBACK (_kiela_window_update_turn), self);
    }
  g_signal_connect (self->session, "move-played", G_CALLBACK (on_move_played), self);
  g_signal_connect_swapped (self->session, "setup-changed", G_CALLBACK (update_setup), self);
  kiela_setup_bar_set_session (self->setup_bar, self->session);
  g_signal_connect (self->session, "message", G_CALLBACK (on_session_message), self);
  g_signal_connect (self->session, "error", G_CALLBACK (on_session_error), self);
  _kiela_window_moves_connect (self);
  g_object_bind_property (self->session, "live", self->review_box, "visible",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);

  g_settings_bind_with_mapping (settings, KIELA_SETTINGS_SPEED,
                                gtk_range_get_adjustment (GTK_RANGE (self->speed_scale)), "value",
                                G_SETTINGS_BIND_DEFAULT,
                                kiela_settings_speed_get_mapping, kiela_settings_speed_set_mapping, NULL, NULL);
  g_settings_bind (settings, KIELA_SETTINGS_NARRATION, self->narration_box, "visible", G_SETTINGS_BIND_GET);
  g_signal_connect (settings, "changed", G_CALLBACK (on_settings_changed), self);
  _kiela_window_presentation_init (self);
  on_settings_changed (settings, NULL, self);
  self->learn = kiela_learn_new (self, registry, settings, NULL);
  _kiela_window_analysis_init (self);
  _kiela_window_review_init (self);
  /* TRANSLATORS: the header's title while the position editor is shown */
  kiela_window_add_lazy_page (self, KIELA_PAGE_EDITOR, _("Set Up Position"), build_editor_page, NULL);
  kiela_lesson_editor_install (self, registry, settings, NULL);
  _kiela_window_report_plugin_failures (self);
  /* win.show-page::rules and ::history: the primary menu, F1 and the welcome page link here. */
  kiela_window_add_lazy_page (self, "rules", _("Rules"), build_text_pane, GINT_TO_POINTER (KIELA_TEXT_RULES));
  kiela_window_add_lazy_page (self, "history", _("History"), build_text_pane, GINT_TO_POINTER (KIELA_TEXT_HISTORY));
  return self;
}

/* ---------- public API ---------- */

void
kiela_window_new_game (KielaWindow *self, const KielaVariant *variant,
                       const KielaPersonality *south, const KielaPersonality *north)
{
  _kiela_window_hide_banner (self);
  kiela_game_session_new_game (self->session, variant, south, north);
}

gboolean
kiela_window_new_game_from_position (KielaWindow *self, const KielaVariant *variant, const KielaPosition *pos,
                                     const KielaPersonality *south, const KielaPersonality *north, GError **error)
{
  g_return_val_if_fail (KIELA_IS_WINDOW (self), FALSE);

  _kiela_window_hide_banner (self);
  return kiela_game_session_new_game_from_position (self->session, variant, pos, south, north, error);
}

KielaLearn *
kiela_window_get_learn (KielaWindow *self)
{
  g_return_val_if_fail (KIELA_IS_WINDOW (self), NULL);
  return self->learn;
}

void
kiela_window_restore_autosave (KielaWindow *self)
{
  kiela_game_session_restore_autosave (self->session);
}

void
kiela_window_review_ply (KielaWindow *self, guint ply)
{
  kiela_game_session_set_view_ply (self->session, ply);
}

KielaGameSession *
kiela_window_get_session (KielaWindow *self)
{
  return self->session;
}

KielaGame *
kiela_window_get_game (KielaWindow *self)
{
  return _kiela_window_game (self);
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
  return kiela_game_session_get_ai_thinking (self->session);
}

guint
kiela_window_get_view_ply (KielaWindow *self)
{
  return kiela_game_session_get_view_ply (self->session);
}
