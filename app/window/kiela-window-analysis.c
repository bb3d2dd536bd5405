/* kiela-window-analysis.c: the window's analysis panel (F8, analysis.show-analysis): follows the shown position, shows a chosen move on the board. */

#include "config.h"

#include <glib/gi18n.h>

#include "kiela-window-private.h"
#include "kiela-analysis-panel.h"
#include "kiela-board-view.h"
#include "kiela-settings.h"

/* Repetition looks back this far: a position older than this is not going to recur in a line. */
#define HISTORY_PLIES 200

static void
update_analysis (KielaWindow *self)
{
  KielaGame *game;
  guint ply, first;
  g_autofree KielaPosition *history = NULL;
  KielaPosition pos;

  if (self->analysis == NULL || self->session == NULL || (game = _kiela_window_game (self)) == NULL)
    return;
  if (!g_settings_get_boolean (self->settings, KIELA_SETTINGS_SHOW_ANALYSIS))
    {
      kiela_analysis_panel_stop (self->analysis);
      return;
    }
  if (kiela_game_session_get_phase (self->session) != KIELA_PHASE_PLAY)
    {
      kiela_analysis_panel_set_position (self->analysis, NULL, NULL, NULL, 0,
                                         _("The analysis starts once the stones are arranged."));
      return;
    }
  ply = kiela_game_session_get_view_ply (self->session);
  if (ply == kiela_game_get_n_moves (game) && kiela_game_is_over (game))
    {
      kiela_analysis_panel_set_position (self->analysis, NULL, NULL, NULL, 0,
                                         _("The game is over: there is no move to judge."));
      return;
    }
  first = ply > HISTORY_PLIES ? ply - HISTORY_PLIES : 0;
  history = g_new (KielaPosition, ply - first + 1);
  /* In order: the game replays one sowing a ply. */
  for (guint p = first; p < ply; p++)
    history[p - first] = *kiela_game_get_position_at (game, p);
  pos = *kiela_game_get_position_at (game, ply);
  kiela_analysis_panel_set_position (self->analysis, kiela_game_get_variant (game), &pos, history, ply - first, NULL);
}

static void
on_move_selected (KielaAnalysisPanel *panel, guint side, guint house, KielaWindow *self)
{
  kiela_board_view_clear_highlights (self->board);
  kiela_board_view_set_highlight (self->board, (KielaSide) side, house, KIELA_HIGHLIGHT_HINT);
}

/* The window forgets the panel as it goes, so that a late notification finds no panel. */
static void
on_panel_destroy (GtkWidget *panel, KielaWindow *self)
{
  self->analysis = NULL;
}

void
_kiela_window_analysis_init (KielaWindow *self)
{
  static const char * const notifies[] = { "notify::game", "notify::view-ply", "notify::n-moves", "notify::phase" };
  g_autoptr(GAction) action = g_settings_create_action (self->settings, KIELA_SETTINGS_SHOW_ANALYSIS);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->move_scroller));

  self->analysis = KIELA_ANALYSIS_PANEL (kiela_analysis_panel_new ());
  kiela_analysis_panel_set_registry (self->analysis, self->registry);
  gtk_widget_set_margin_start (GTK_WIDGET (self->analysis), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->analysis), 12);
  /* The rows' lines expand inside the panel; without this their expand flag would reach
   * the side panel, and the split would give it half the window and shrink the board. */
  gtk_widget_set_hexpand (GTK_WIDGET (self->analysis), FALSE);
  gtk_box_insert_child_after (GTK_BOX (parent), GTK_WIDGET (self->analysis), GTK_WIDGET (self->move_scroller));
  g_settings_bind (self->settings, KIELA_SETTINGS_SHOW_ANALYSIS, self->analysis, "visible", G_SETTINGS_BIND_GET);
  g_signal_connect (self->analysis, "move-selected", G_CALLBACK (on_move_selected), self);
  g_signal_connect_object (self->analysis, "destroy", G_CALLBACK (on_panel_destroy), self, 0);

  /* analysis.show, a check item in the main menu, F8.  A group of its own, dropped with the
   * window, so that no later change of the setting reaches a disposed window's actions. */
  g_action_map_add_action (G_ACTION_MAP (group), action);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "analysis", G_ACTION_GROUP (group));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F8, 0),
                                                          gtk_named_action_new ("analysis.show-analysis")));
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  for (guint i = 0; i < G_N_ELEMENTS (notifies); i++)
    g_signal_connect_object (self->session, notifies[i], G_CALLBACK (update_analysis), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::" KIELA_SETTINGS_SHOW_ANALYSIS, G_CALLBACK (update_analysis),
                           self, G_CONNECT_SWAPPED);
  update_analysis (self);
}
