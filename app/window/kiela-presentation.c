/* kiela-presentation.c: the main window in a classroom: presentation mode (fullscreen, the board
 * as large as it goes, the narration as a caption band under it in large type), the caption band
 * wherever the side panel cannot show the narration, text zoom, blanking the board, the presenter
 * clicker keys, and the one refusal reason shown at a time. */
#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "kiela-window-private.h"
#include "kiela-settings.h"
#include "kiela-presentation.h"
#include "kiela-compat.h"

/* Presentation type: 4.5 % of the screen height (49 px at 1080 px, 35 px at 768 px), which
 * a projected image keeps readable from the back of a classroom; never below 20 px. */
#define CAPTION_HEIGHT_SHARE 0.045
#define CAPTION_MIN_PX 20.0
#define ZOOM_MIN 0.5
/* Where the layout still fits at 1024x768, in the window and presenting: larger type made the
 * side labels overlap the board and left three words of the caption (test-classroom's zoom-cap). */
#define ZOOM_MAX 1.75
#define ZOOM_STEP 1.15
/* Where a one-line toast's top is from the overlay's bottom: libadwaita 1.2 draws it 46 px
 * high, 24 px above the bottom. */
#define TOAST_BOTTOM_PX 70

static double
get_zoom (KielaWindow *self)
{
  return CLAMP (g_settings_get_double (self->settings, KIELA_SETTINGS_TEXT_ZOOM), ZOOM_MIN, ZOOM_MAX);
}

/* The caption's size in presentation mode for a window `height` px high, at the current zoom. */
static double
caption_px (KielaWindow *self, int height)
{
  return MAX (CAPTION_MIN_PX, height * CAPTION_HEIGHT_SHARE) * get_zoom (self);
}

/* The zoom rules name this window's own CSS class: the provider is the display's, and another
 * window (a test's, a second game) keeps its own size. */
static void
apply_zoom (KielaWindow *self)
{
  double z = get_zoom (self);
  const char *c = self->zoom_class;
  g_autofree char *caption = NULL;
  g_autofree char *css = NULL;
  char buf[9][G_ASCII_DTOSTR_BUF_SIZE];
  /* Presenting, the side labels start large; past 2 em they would run into the board. */
  double side_em = self->presenting ? MIN (1.6 * z, 2.0) : 1.1 * z;

  if (self->presenting)
    caption = g_strdup_printf ("%spx", g_ascii_formatd (buf[4], sizeof buf[4], "%.0f",
                                                          caption_px (self, self->caption_height)));
  else
    caption = g_strdup_printf ("%sem", g_ascii_formatd (buf[4], sizeof buf[4], "%.2f", 1.15 * z));
  /* The Rules and History panes' text follows too (their headings keep their size): long
   * texts read from the back of a room. */
  css = g_strdup_printf (".%s .kiela-narration { font-size: %sem; }\n"
                         ".%s .kiela-side-label { font-size: %sem; }\n"
                         ".%s .kiela-status { font-size: %spt; }\n"
                         ".%s .kiela-step-list row label { font-size: %sem; }\n"
                         ".%s .kiela-caption-text { font-size: %s; }\n"
                         ".%s kielatextpane { font-size: %sem; }\n"
                         /* A lesson's narration, task and verdict, as the game's narration. */
                         ".%s .kiela-lesson-narration { font-size: %sem; }\n"
                         ".%s .kiela-lesson-task { font-size: %sem; }\n"
                         ".%s .kiela-feedback { font-size: %sem; }\n"
                         /* B: black, nothing else. */
                         "window.%s.kiela-blanked, window.%s.kiela-blanked > * { background: black; }\n",
                         c, g_ascii_formatd (buf[0], sizeof buf[0], "%.2f", 1.15 * z),
                         c, g_ascii_formatd (buf[1], sizeof buf[1], "%.2f", side_em),
                         c, g_ascii_formatd (buf[2], sizeof buf[2], "%.1f", (self->presenting ? 24 : 15) * z),
                         c, g_ascii_formatd (buf[3], sizeof buf[3], "%.2f", 1.08 * z),
                         c, caption,
                         c, g_ascii_formatd (buf[5], sizeof buf[5], "%.2f", z),
                         c, g_ascii_formatd (buf[6], sizeof buf[6], "%.2f", 1.45 * z),
                         c, g_ascii_formatd (buf[7], sizeof buf[7], "%.2f", (self->presenting ? 1.5 : 1.0) * z),
                         c, g_ascii_formatd (buf[8], sizeof buf[8], "%.2f", (self->presenting ? 1.5 : 1.1) * z), c, c);
  {
    /* While the caption shows the narration at the bottom, the toasts (libadwaita 1.2 puts them
     * at the bottom middle, over it) go to the top, below the header when it shows.  Moved by
     * a transform, not a margin: a margin counts in the overlay's size, and a window made
     * smaller than it lost its layout. */
    int height = gtk_widget_get_height (GTK_WIDGET (self->toast_overlay)) > 0
                 ? gtk_widget_get_height (GTK_WIDGET (self->toast_overlay)) : gtk_widget_get_height (GTK_WIDGET (self));
    int header = gtk_widget_get_height (self->header_bar) > 0 ? gtk_widget_get_height (self->header_bar) : 47;
    g_autofree char *lift = g_strdup_printf ("window.%s.kiela-caption-shown toast { transform: translateY(-%dpx); }\n"
                                             "window.%s.kiela-caption-shown:not(.kiela-presenting) toast { transform: translateY(-%dpx); }\n",
                                             c, MAX (0, height - TOAST_BOTTOM_PX - 12),
                                             c, MAX (0, height - TOAST_BOTTOM_PX - 6 - header));
    g_autofree char *all = g_strconcat (css, lift, NULL);

    kiela_compat_css_provider_load (self->zoom_css, all);
  }
}

static gboolean
caption_idle_cb (gpointer data)
{
  KielaWindow *self = data;

  self->caption_idle = 0;
  apply_zoom (self);
  return G_SOURCE_REMOVE;
}

void
_kiela_window_presentation_allocate (KielaWindow *self, int width, int height)
{
  /* The type is sized for the height; changing CSS inside an allocation would relayout in
   * the middle of it, so it is done just after. */
  if (height == self->caption_height)
    return;
  self->caption_height = height;
  /* Presenting the caption's type follows the height; with the caption shown, the toasts' place. */
  if ((self->presenting || gtk_revealer_get_reveal_child (self->caption_revealer)) && self->caption_idle == 0)
    self->caption_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, caption_idle_cb, self, NULL);
}

void
_kiela_window_update_caption (KielaWindow *self)
{
  gboolean panel_hidden = !kiela_split_get_show_sidebar (self->split) || kiela_split_get_collapsed (self->split);
  gboolean show = self->presenting || panel_hidden;
  gboolean over_card = gtk_revealer_get_reveal_child (self->result_revealer);
  const char *narration = gtk_label_get_text (self->narration_label);
  gboolean lift;

  /* In presentation mode the caption is the narration whatever the preference; elsewhere it
   * stands in for the hidden panel and follows the Narration preference. */
  if (!self->presenting && !g_settings_get_boolean (self->settings, KIELA_SETTINGS_NARRATION))
    show = FALSE;
  if (g_strcmp0 (gtk_label_get_text (self->caption_label), narration) != 0)
    gtk_label_set_text (self->caption_label, narration);
  gtk_widget_set_visible (self->caption_play_again, over_card);
  show = show || (panel_hidden && over_card);
  gtk_revealer_set_reveal_child (self->caption_revealer, show);
  /* The game's page only: the editors keep their toast lanes at the bottom. */
  lift = show && g_strcmp0 (kiela_window_get_visible_page (self), "game") == 0;
  if (lift != gtk_widget_has_css_class (GTK_WIDGET (self), "kiela-caption-shown"))
    {
      if (lift)
        gtk_widget_add_css_class (GTK_WIDGET (self), "kiela-caption-shown");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self), "kiela-caption-shown");
      apply_zoom (self);
    }
}

/* ---------- presentation mode ---------- */

static void
set_presenting (KielaWindow *self, gboolean on)
{
  GtkWindow *window = GTK_WINDOW (self);

  if (self->presenting == on)
    return;
  self->presenting = on;
  if (on)
    {
      self->panel_was_open = gtk_toggle_button_get_active (self->panel_button);
      gtk_toggle_button_set_active (self->panel_button, FALSE);
      /* Pinned, the panel stays hidden when the larger window unfolds it. */
      kiela_split_set_pinned (self->split, TRUE);
      self->presenting_fullscreened = !gtk_window_is_fullscreen (window);
      if (self->presenting_fullscreened)
        gtk_window_fullscreen (window);
      gtk_widget_add_css_class (GTK_WIDGET (self), "kiela-presenting");
      /* The board gets the screen: the header (Hint, Undo, the menus) comes back only while the
       * pointer is at the top edge, as in GNOME apps' fullscreen. */
      gtk_widget_set_visible (self->header_bar, FALSE);
    }
  else
    {
      kiela_split_set_pinned (self->split, FALSE);
      gtk_toggle_button_set_active (self->panel_button, self->panel_was_open);
      if (self->presenting_fullscreened)
        gtk_window_unfullscreen (window);
      self->presenting_fullscreened = FALSE;
      gtk_widget_remove_css_class (GTK_WIDGET (self), "kiela-presenting");
      gtk_widget_set_visible (self->header_bar, TRUE);
    }
  gtk_button_set_icon_name (self->presentation_button, on ? "view-restore-symbolic" : "video-display-symbolic");
  /* Presentation mode is fullscreen: one header button leaves it, not two alike side by side. */
  gtk_widget_set_visible (GTK_WIDGET (self->fullscreen_button), !on);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->presentation_button),
                               on ? _("Leave Presentation Mode (F5)") : _("Presentation Mode (F5)"));
  apply_zoom (self);
  _kiela_window_update_caption (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.leave-presentation", on);
}

static void
action_presentation (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  set_presenting (self, g_str_equal (name, "win.leave-presentation") ? FALSE : !self->presenting);
}

/* B (a clicker's "blank screen" key) blacks the whole window out while the class looks at the
 * teacher, as presenters' blank keys do: no header, no step bar, nothing but black. */
static void
action_blank (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  self->blanked = !self->blanked;
  /* The toasts too: the whole content, the toast overlay. */
  gtk_widget_set_opacity (GTK_WIDGET (self->toast_overlay), self->blanked ? 0.0 : 1.0);
  if (self->blanked)
    gtk_widget_add_css_class (widget, "kiela-blanked");
  else
    gtk_widget_remove_css_class (widget, "kiela-blanked");
}

static void
action_zoom (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  double z = get_zoom (self);

  if (g_str_equal (name, "win.zoom-in"))
    z = MIN (ZOOM_MAX, z * ZOOM_STEP);
  else if (g_str_equal (name, "win.zoom-out"))
    z = MAX (ZOOM_MIN, z / ZOOM_STEP);
  else
    z = 1.0;
  /* Rounded, so that in and out again come back to the same size. */
  g_settings_set_double (self->settings, KIELA_SETTINGS_TEXT_ZOOM, round (z * 100) / 100);
}

static void
on_zoom_changed (GSettings *settings, const char *key, KielaWindow *self)
{
  double z = get_zoom (self);

  apply_zoom (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-in", z < ZOOM_MAX - 0.001);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-out", z > ZOOM_MIN + 0.001);
}

/* Shows move `ply` (1-based) from its first step, the lift: where a clicker enters a move. */
static void
show_move_from_first_step (KielaWindow *self, guint ply)
{
  kiela_game_session_set_view_ply (self->session, ply);
  if (kiela_trace_player_get_trace (self->player) != NULL)
    kiela_trace_player_set_index (self->player, MIN (1, kiela_trace_player_get_n_events (self->player)));
}

/*
 * Page Up / Page Down, what a presenter's two-button clicker sends, walk the whole game one
 * step at a time, whatever has the focus (the move list would scroll with them), on the game
 * page: Page Down past a move's last stone enters the next move at its first step, Page Up
 * before a move's first step goes to the previous move's last stone.  Ctrl+Page Down/Up go to
 * the first step of the next/previous move.
 */
static gboolean
clicker_step (GtkWidget *widget, GVariant *args, gpointer data)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  const char *step = g_variant_get_string (args, NULL);
  KielaGame *game = kiela_game_session_get_game (self->session);
  guint ply = kiela_game_session_get_view_ply (self->session);
  guint n_moves = game ? kiela_game_get_n_moves (game) : 0;
  gboolean has_trace = kiela_trace_player_get_trace (self->player) != NULL;
  guint index = has_trace ? kiela_trace_player_get_index (self->player) : 0;

  if (!_kiela_window_game_page_visible (self))
    return FALSE;
  if (self->blanked)
    action_blank (widget, "win.blank", NULL);
  if (game == NULL)
    return TRUE;
  kiela_trace_player_pause (self->player);
  if (g_str_equal (step, "forward"))
    {
      if (has_trace && !kiela_trace_player_is_at_end (self->player))
        kiela_trace_player_step_forward (self->player);
      else if (ply < n_moves)
        show_move_from_first_step (self, ply + 1);
    }
  else if (g_str_equal (step, "back"))
    {
      /* The lift and the position before it show the board of the move before. */
      if (has_trace && index > 1)
        kiela_trace_player_step_back (self->player);
      else if (ply > 0)
        kiela_game_session_set_view_ply (self->session, ply - 1);
    }
  else if (g_str_equal (step, "next-move"))
    {
      if (ply < n_moves)
        show_move_from_first_step (self, ply + 1);
    }
  else if (ply > 1)
    show_move_from_first_step (self, ply - 1);
  else if (ply == 1)
    show_move_from_first_step (self, 1);
  return TRUE;
}

/* ---------- refusals ---------- */

void
_kiela_window_clear_refusal (KielaWindow *self)
{
  g_clear_handle_id (&self->refusal_timeout, g_source_remove);
  if (self->refusal_toast)
    kiela_toast_overlay_dismiss (self->toast_overlay, self->refusal_toast);
  g_clear_weak_pointer (&self->refusal_toast);
}

static void
on_refusal_dismissed (AdwToast *toast, KielaWindow *self)
{
  if (self->refusal_toast == toast)
    {
      g_clear_handle_id (&self->refusal_timeout, g_source_remove);
      g_clear_weak_pointer (&self->refusal_toast);
    }
}

static gboolean
refusal_timed_out (gpointer data)
{
  KielaWindow *self = data;

  self->refusal_timeout = 0;
  if (self->refusal_toast)
    kiela_toast_overlay_dismiss (self->toast_overlay, self->refusal_toast);
  return G_SOURCE_REMOVE;
}

/* A reason a click did nothing is about that click: it replaces the reason before it at once
 * instead of waiting in the toast queue behind it, stays 5 s after the latest click, and goes
 * when a move is played.  The toast keeps no timeout of its own (a toast's time runs in whole
 * seconds and stands still under the pointer): the window's timer hides it instead. */
void
_kiela_window_refuse (KielaWindow *self, const char *text)
{
  AdwToast *toast;

  g_free (self->last_message);
  self->last_message = g_strdup (text);
  g_clear_handle_id (&self->refusal_timeout, g_source_remove);
  self->refusal_timeout = g_timeout_add (self->refusal_ms, refusal_timed_out, self); /* not _seconds: it may fire 250 ms early */
  if (self->refusal_toast != NULL)
    {
      /* The same reason again keeps its text (no flicker). */
      if (g_strcmp0 (adw_toast_get_title (self->refusal_toast), text) != 0)
        adw_toast_set_title (self->refusal_toast, text);
      return;
    }
  toast = adw_toast_new (text);
  adw_toast_set_timeout (toast, 0);
  self->refusal_toast = toast;
  g_object_add_weak_pointer (G_OBJECT (toast), (gpointer *) &self->refusal_toast);
  /* A hiding toast shows no new text: from its dismissal on, the next reason gets a toast of its own. */
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_refusal_dismissed), self, 0);
  kiela_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* ---------- the shortcuts window ---------- */

void
kiela_presentation_name_keys (GtkWidget *widget)
{
  static const struct { const char *keysym; const char *name; } keys[] = {
    { "Page_Up", N_("Page Up") },
    { "Page_Down", N_("Page Down") },
  };

  if (GTK_IS_LABEL (widget))
    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), keys[i].keysym) == 0)
        gtk_label_set_label (GTK_LABEL (widget), _(keys[i].name));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    kiela_presentation_name_keys (c);
}

/* The shortcuts window is made when first asked for: GtkApplication would build it with every
 * window (from a gtk/help-overlay.ui resource), a twentieth of the start.  An AdwShortcutsDialog
 * where libadwaita has one (1.8), through kiela-compat. */
static void
action_show_shortcuts (GSimpleAction *action, GVariant *param, gpointer data)
{
  kiela_compat_shortcuts_present (GTK_APPLICATION_WINDOW (data),
                                  "/io/github/kiela/Kiela/ui/kiela-shortcuts-window.ui",
                                  kiela_presentation_name_keys);
}

static void
shortcuts_init (KielaWindow *self)
{
  g_autoptr(GSimpleAction) show = g_simple_action_new ("show-help-overlay", NULL);

  g_signal_connect (show, "activate", G_CALLBACK (action_show_shortcuts), self);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show));
}

/* ---------- setting up ---------- */

void
_kiela_window_class_presentation_init (GtkWidgetClass *widget_class)
{
  static const KielaWindowAction actions[] = {
    { "win.presentation", action_presentation },
    { "win.leave-presentation", action_presentation },
    { "win.blank", action_blank },
    { "win.zoom-in", action_zoom },
    { "win.zoom-out", action_zoom },
    { "win.zoom-reset", action_zoom },
  };

  _kiela_window_class_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
}

/* In presentation mode the header shows while the pointer is at the top edge and hides once it
 * moves below the header again. */
static void
on_pointer_motion (GtkEventControllerMotion *motion, double x, double y, KielaWindow *self)
{
  graphene_point_t at;

  if (!self->presenting)
    return;
  if (!gtk_widget_compute_point (GTK_WIDGET (self), self->content_box, &GRAPHENE_POINT_INIT (x, y), &at))
    return;
  if (!gtk_widget_get_visible (self->header_bar) && at.y <= 2)
    gtk_widget_set_visible (self->header_bar, TRUE);
  else if (gtk_widget_get_visible (self->header_bar) && at.y > gtk_widget_get_height (self->header_bar) + 24)
    gtk_widget_set_visible (self->header_bar, FALSE);
}

gboolean
kiela_window_get_header_shown (KielaWindow *self)
{
  g_return_val_if_fail (KIELA_IS_WINDOW (self), FALSE);
  return gtk_widget_get_visible (self->header_bar);
}

void
_kiela_window_presentation_init (KielaWindow *self)
{
  static guint serial;
  static const struct { const char *trigger; const char *action; } clicker[] = {
    { "Page_Down", "forward" },
    { "Page_Up", "back" },
    { "<Control>Page_Down", "next-move" },
    { "<Control>Page_Up", "previous-move" },
  };
  GtkEventController *capture = gtk_shortcut_controller_new ();

  self->zoom_class = g_strdup_printf ("kiela-window-%u", ++serial);
  gtk_widget_add_css_class (GTK_WIDGET (self), self->zoom_class);
  self->zoom_css = gtk_css_provider_new ();
  gtk_style_context_add_provider_for_display (gtk_widget_get_display (GTK_WIDGET (self)),
                                              GTK_STYLE_PROVIDER (self->zoom_css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);

  gtk_event_controller_set_propagation_phase (capture, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (clicker); i++)
    {
      GtkShortcut *s = gtk_shortcut_new (gtk_shortcut_trigger_parse_string (clicker[i].trigger),
                                         gtk_callback_action_new (clicker_step, NULL, NULL));
      gtk_shortcut_set_arguments (s, g_variant_new_string (clicker[i].action));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (capture), s);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), capture);
  {
    GtkEventController *motion = gtk_event_controller_motion_new ();

    gtk_event_controller_set_propagation_phase (motion, GTK_PHASE_CAPTURE);
    g_signal_connect (motion, "motion", G_CALLBACK (on_pointer_motion), self);
    gtk_widget_add_controller (GTK_WIDGET (self), motion);
  }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.leave-presentation", FALSE);
  shortcuts_init (self);
  g_signal_connect (self->settings, "changed::" KIELA_SETTINGS_TEXT_ZOOM, G_CALLBACK (on_zoom_changed), self);
  g_signal_connect_swapped (self->settings, "changed::" KIELA_SETTINGS_NARRATION,
                            G_CALLBACK (_kiela_window_update_caption), self);
  g_signal_connect_swapped (self->split, "notify::collapsed", G_CALLBACK (_kiela_window_update_caption), self);
  g_signal_connect_swapped (self->split, "notify::show-sidebar", G_CALLBACK (_kiela_window_update_caption), self);
  g_signal_connect_object (self->main_stack, "notify::visible-child", G_CALLBACK (_kiela_window_update_caption), self,
                           G_CONNECT_SWAPPED);
  /* A dialog taking the focus: the tooltip shown is asked again, and a house's goes. */
  g_signal_connect (self, "notify::is-active", G_CALLBACK (gtk_widget_trigger_tooltip_query), NULL);
  on_zoom_changed (self->settings, NULL, self);
  _kiela_window_update_caption (self);
}

void
_kiela_window_presentation_dispose (KielaWindow *self)
{
  g_clear_handle_id (&self->caption_idle, g_source_remove);
  g_clear_handle_id (&self->refusal_timeout, g_source_remove);
  g_clear_weak_pointer (&self->refusal_toast);
  if (self->split)
    g_signal_handlers_disconnect_by_data (self->split, self);
  if (self->zoom_css)
    {
      gtk_style_context_remove_provider_for_display (gtk_widget_get_display (GTK_WIDGET (self)),
                                                     GTK_STYLE_PROVIDER (self->zoom_css));
      g_clear_object (&self->zoom_css);
    }
  g_clear_pointer (&self->zoom_class, g_free);
}

gboolean
kiela_window_get_presenting (KielaWindow *self)
{
  g_return_val_if_fail (KIELA_IS_WINDOW (self), FALSE);
  return self->presenting;
}

const char *
kiela_window_get_caption (KielaWindow *self)
{
  g_return_val_if_fail (KIELA_IS_WINDOW (self), NULL);
  if (!gtk_revealer_get_reveal_child (self->caption_revealer))
    return NULL;
  return gtk_label_get_text (self->caption_label);
}
