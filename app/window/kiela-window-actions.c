/* kiela-window-actions.c: the main window's actions ("win.*"), when each is enabled, the games,
 * stepping through moves, the window's own (fullscreen, the panel), preferences and About.  The
 * files and the question before unsaved changes are replaced are in kiela-window-files.c. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-window-private.h"
#include "kiela-ai-player.h"
#include "kiela-compat.h"
#include "kiela-export.h"
#include "kiela-new-game-dialog.h"
#include "kiela-position-editor.h"
#include "kiela-preferences-window.h"

/* ---------- enabling ---------- */

void
_kiela_window_actions_update (KielaWindow *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  KielaGameSession *session = self->session;
  KielaGame *game = kiela_game_session_get_game (session);
  gboolean has_trace = kiela_trace_player_get_trace (self->player) != NULL;
  gboolean playing = kiela_trace_player_get_playing (self->player);
  gboolean at_start = kiela_trace_player_is_at_start (self->player);
  gboolean at_end = kiela_trace_player_is_at_end (self->player);
  gboolean live = kiela_game_session_is_live (session);
  gboolean on_game_page = _kiela_window_game_page_visible (self);
  guint ply = kiela_game_session_get_view_ply (session);
  gboolean arranging = game && kiela_game_session_get_phase (session) != KIELA_PHASE_PLAY
                       && kiela_game_session_get_player (session, kiela_game_session_get_turn (session)) == NULL;

  /* While playing, every step control also pauses, so none is disabled then. */
  gtk_widget_action_set_enabled (w, "win.step-back", has_trace && (playing || !at_start));
  gtk_widget_action_set_enabled (w, "win.go-start", has_trace && (playing || !at_start));
  gtk_widget_action_set_enabled (w, "win.step-forward", has_trace && !at_end);
  gtk_widget_action_set_enabled (w, "win.go-end", has_trace && !at_end);
  gtk_widget_action_set_enabled (w, "win.play-pause", has_trace || (kiela_game_session_get_ai_paused (session) && live));
  gtk_widget_action_set_enabled (w, "win.previous-move", ply > 0);
  gtk_widget_action_set_enabled (w, "win.next-move", game && ply < kiela_game_get_n_moves (game));
  gtk_widget_action_set_enabled (w, "win.back-to-game", game && !live);
  /* Off the game page Ctrl+Z belongs to that page (the position editor's own undo). */
  gtk_widget_action_set_enabled (w, "win.undo", game && on_game_page && kiela_game_session_can_undo (session));
  gtk_widget_action_set_enabled (w, "win.redo", game && on_game_page && kiela_game_session_can_redo (session));
  gtk_widget_action_set_enabled (w, "win.hint", game && kiela_game_session_can_hint (session) && !playing);
  gtk_widget_action_set_enabled (w, "win.setup-done", arranging);
  gtk_widget_action_set_enabled (w, "win.setup-skip", arranging);
  gtk_widget_action_set_enabled (w, "win.export-image", game != NULL);
  gtk_widget_action_set_enabled (w, "win.copy-image", game != NULL);
  gtk_widget_action_set_enabled (w, "win.copy-position", game != NULL);
  gtk_widget_action_set_enabled (w, "win.copy-game", game != NULL);
  gtk_widget_action_set_enabled (w, "win.export-worksheet", game != NULL);
  gtk_widget_action_set_enabled (w, "win.print", game != NULL);
}

/* ---------- games ---------- */

/* Opens the position editor (made on first use) on what the window shows. */
static void
action_edit_position (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  KielaPositionEditor *editor;

  /* Pressed again while editing: the set-up stays as it is. */
  if (g_str_equal (kiela_window_get_visible_page (self), KIELA_PAGE_EDITOR))
    return;
  editor = KIELA_POSITION_EDITOR (kiela_window_get_page (self, KIELA_PAGE_EDITOR));
  kiela_position_editor_take_shown (editor);
  kiela_window_show_page (self, KIELA_PAGE_EDITOR);
  gtk_widget_child_focus (GTK_WIDGET (kiela_position_editor_get_board (editor)), GTK_DIR_TAB_FORWARD);
}

typedef struct {
  const KielaVariant *variant;
  const KielaPersonality *players[2];
} NewGame;

static void
start_new_game (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaWindow *self = KIELA_WINDOW (source);
  g_autofree NewGame *ng = data;

  if (!kiela_window_confirm_discard_finish (self, result, NULL))
    return;
  kiela_window_new_game (self, ng->variant, ng->players[KIELA_SOUTH], ng->players[KIELA_NORTH]);
  /* Ctrl+N works on every page: the new game is shown, not started out of sight. */
  kiela_window_show_page (self, "game");
}

static void
confirm_new_game (KielaWindow *self, const KielaVariant *variant, const KielaPersonality *south,
                  const KielaPersonality *north)
{
  NewGame *ng = g_new0 (NewGame, 1);

  ng->variant = variant;
  ng->players[KIELA_SOUTH] = south;
  ng->players[KIELA_NORTH] = north;
  kiela_window_confirm_discard_async (self, NULL, start_new_game, ng);
}

/* win.start-game (variant id, South's and North's personality ids; "" for the default
 * variant or a person): a game other parts of the app start, after the question about
 * unsaved changes, shown at once. */
static void
action_start_game (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  const char *ids[3];
  const KielaVariant *variant = NULL;
  const KielaPersonality *players[2] = { NULL, NULL };

  g_variant_get (param, "(&s&s&s)", &ids[0], &ids[1], &ids[2]);
  if (*ids[0] != '\0' && (variant = kiela_registry_lookup_variant (self->registry, ids[0])) == NULL)
    {
      g_warning ("win.start-game: no variant “%s”", ids[0]);
      return;
    }
  for (guint side = 0; side < 2; side++)
    if (*ids[side + 1] != '\0'
        && (players[side] = kiela_registry_lookup_personality (self->registry, ids[side + 1])) == NULL)
      {
        g_warning ("win.start-game: no player “%s”", ids[side + 1]);
        return;
      }
  confirm_new_game (self, variant, players[KIELA_SOUTH], players[KIELA_NORTH]);
}

static void
action_play_again (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  confirm_new_game (self, kiela_game_get_variant (kiela_game_session_get_game (self->session)),
                    kiela_game_session_get_player (self->session, KIELA_SOUTH),
                    kiela_game_session_get_player (self->session, KIELA_NORTH));
}

static void
on_new_game_start (KielaNewGameDialog *dialog, KielaWindow *self)
{
  confirm_new_game (self, kiela_new_game_dialog_get_variant (dialog),
                    kiela_new_game_dialog_get_player (dialog, KIELA_SOUTH),
                    kiela_new_game_dialog_get_player (dialog, KIELA_NORTH));
}

static void
action_new_game (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  KielaNewGameDialog *dialog = kiela_new_game_dialog_new (self->registry);
  KielaGame *game = kiela_game_session_get_game (self->session);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  if (game)
    kiela_new_game_dialog_preset (dialog, kiela_game_get_variant (game),
                                  kiela_game_session_get_player (self->session, KIELA_SOUTH),
                                  kiela_game_session_get_player (self->session, KIELA_NORTH));
  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_start), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_undo (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_game_session_undo (KIELA_WINDOW (widget)->session);
}

static void
action_redo (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_game_session_redo (KIELA_WINDOW (widget)->session);
}

static void
action_hint (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_game_session_request_hint (KIELA_WINDOW (widget)->session);
}

/* win.setup-done and win.setup-skip: the arrangement as it stands, or the rules' start. */
static void
action_setup (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  gboolean ok = g_str_equal (name, "win.setup-done") ? kiela_game_session_setup_done (self->session, &error)
                                                      : kiela_game_session_setup_skip (self->session, &error);

  if (!ok)
    kiela_window_add_message (self, error->message);
}

/* ---------- stepping through moves ---------- */

static void
action_step (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaTracePlayer *player = KIELA_WINDOW (widget)->player;

  if (g_str_equal (name, "win.step-forward"))
    kiela_trace_player_step_forward (player);
  else if (g_str_equal (name, "win.step-back"))
    kiela_trace_player_step_back (player);
  else if (g_str_equal (name, "win.go-start"))
    kiela_trace_player_go_to_start (player);
  else
    kiela_trace_player_go_to_end (player);
}

static void
action_play_pause (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  if (kiela_game_session_get_ai_paused (self->session) && kiela_game_session_is_live (self->session)
      && kiela_trace_player_is_at_end (self->player))
    kiela_game_session_resume_ai (self->session);
  else if (kiela_trace_player_get_playing (self->player))
    kiela_trace_player_pause (self->player);
  else
    kiela_trace_player_play (self->player);
}

static void
action_move (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaGameSession *session = KIELA_WINDOW (widget)->session;
  guint ply = kiela_game_session_get_view_ply (session);

  if (g_str_equal (name, "win.previous-move") && ply > 0)
    kiela_game_session_set_view_ply (session, ply - 1);
  else if (g_str_equal (name, "win.next-move"))
    kiela_game_session_set_view_ply (session, ply + 1);
  else if (g_str_equal (name, "win.back-to-game"))
    kiela_game_session_set_view_ply (session, G_MAXUINT);
}

/* ---------- the window ---------- */

/* Closing a window whose game lives in a file with changes not saved asks first; an untitled
 * game needs no question, the autosave keeps it and the next start restores it. */
static void
close_after_confirm (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaWindow *self = KIELA_WINDOW (source);

  if (!kiela_window_confirm_discard_finish (self, result, NULL))
    return;
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
on_close_request (GtkWindow *window)
{
  KielaWindow *self = KIELA_WINDOW (window);

  /* A page with changes of its own (the lesson editor) asks first. */
  if (!self->close_confirmed && !_kiela_window_guards_allow_close (self))
    return TRUE;
  if (!self->close_confirmed && kiela_game_session_get_file (self->session) != NULL
      && kiela_game_session_get_modified (self->session))
    {
      kiela_window_confirm_discard_async (self, NULL, close_after_confirm, NULL);
      return TRUE;
    }
  return FALSE;
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
action_fullscreen (GtkWidget *widget, const char *name, GVariant *param)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
action_toggle_panel (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  gtk_toggle_button_set_active (self->panel_button, !gtk_toggle_button_get_active (self->panel_button));
}

static void
action_dismiss_banner (GtkWidget *widget, const char *name, GVariant *param)
{
  _kiela_window_hide_banner (KIELA_WINDOW (widget));
}

static void
action_preferences (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  GtkWidget *prefs = kiela_preferences_window_new (self->settings, self->registry);

  kiela_compat_preferences_present (prefs, GTK_WINDOW (self));
  if (g_str_equal (name, "win.show-plugins"))
    kiela_preferences_window_show_plugins (KIELA_PREFERENCES_WINDOW (prefs));
}

void
_kiela_window_report_plugin_failures (KielaWindow *self)
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
  kiela_toast_overlay_add_toast (self->toast_overlay, toast);
  g_free (self->last_message);
  self->last_message = g_steal_pointer (&text);
}

static void
action_about (GtkWidget *widget, const char *name, GVariant *param)
{
  static const char *developers[] = { "The Kiela contributors", NULL };
  KielaWindow *self = KIELA_WINDOW (widget);
  GtkWidget *about = kiela_compat_about_new ();
  g_autofree char *report = kiela_preferences_dup_plugin_report (self->registry);

  g_object_set (about,
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
                "debug-info", report,
                "debug-info-filename", "kiela-debug-info.txt",
                NULL);
  kiela_compat_about_add_acknowledgement_section (about, _("Rules"),
                                                  (const char *[]) { "Bernardo Campos, Kiela – A Game of African Origin (1998)", NULL });
  kiela_compat_about_present (about, GTK_WINDOW (self));
}

/* ---------- installing ---------- */

void
_kiela_window_class_install_actions (GtkWidgetClass *widget_class, const KielaWindowAction *actions, guint n_actions)
{
  for (guint i = 0; i < n_actions; i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, NULL, actions[i].activate);
}

void
_kiela_window_class_actions_init (GtkWidgetClass *widget_class)
{
  static const KielaWindowAction actions[] = {
    { "win.new-game", action_new_game },
    { "win.edit-position", action_edit_position },
    { "win.play-again", action_play_again },
    { "win.open", _kiela_window_action_open },
    { "win.save", _kiela_window_action_save },
    { "win.save-as", _kiela_window_action_save_as },
    { "win.undo", action_undo },
    { "win.redo", action_redo },
    { "win.hint", action_hint },
    { "win.step-forward", action_step },
    { "win.step-back", action_step },
    { "win.go-start", action_step },
    { "win.go-end", action_step },
    { "win.play-pause", action_play_pause },
    { "win.previous-move", action_move },
    { "win.next-move", action_move },
    { "win.back-to-game", action_move },
    { "win.setup-done", action_setup },
    { "win.setup-skip", action_setup },
    { "win.fullscreen", action_fullscreen },
    { "win.toggle-panel", action_toggle_panel },
    { "win.dismiss-banner", action_dismiss_banner },
    { "win.preferences", action_preferences },
    { "win.show-plugins", action_preferences },
    { "win.about", action_about },
    { "win.export-image", kiela_export_action_export_image },
    { "win.copy-image", kiela_export_action_copy_image },
    { "win.copy-position", kiela_export_action_copy_position },
    { "win.copy-game", kiela_export_action_copy_game },
    { "win.export-worksheet", kiela_export_action_export_worksheet },
    { "win.print", kiela_export_action_print },
  };

  _kiela_window_class_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
  gtk_widget_class_install_action (widget_class, "win.start-game", "(sss)", action_start_game);
}

void
_kiela_window_actions_init (KielaWindow *self)
{
  /* Plain keys act only when the focused widget (a board house, the move list) has not used
   * them: this controller runs in the bubble phase, after the focus widget.  (Class shortcuts
   * would come after GtkWindow's own, which move the focus on the arrow keys.) */
  static const struct { const char *trigger; const char *action; } keys[] = {
    { "space", "win.play-pause" },
    { "Left", "win.step-back" },
    { "Right", "win.step-forward" },
    { "Home", "win.go-start" },
    { "End", "win.go-end" },
    { "F9", "win.toggle-panel" },
    /* Escape leaves presentation mode first (its action is enabled only then), else the review. */
    { "Escape", "win.leave-presentation" },
    { "Escape", "win.back-to-game" },
    /* The classroom (kiela-presentation.c): presentation mode, blanking, text zoom. */
    { "F5", "win.presentation" },
    { "b", "win.blank" },
    { "<Control>plus", "win.zoom-in" },
    { "<Control>equal", "win.zoom-in" },
    { "<Control>KP_Add", "win.zoom-in" },
    { "<Control>minus", "win.zoom-out" },
    { "<Control>KP_Subtract", "win.zoom-out" },
    { "<Control>0", "win.zoom-reset" },
    { "<Control>KP_0", "win.zoom-reset" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (on_fullscreened), self);
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request), NULL);
}
