/* kiela-game-info.c: the Game Info dialog: a preferences-style page of entry rows for the names
 * of South and North, the event, the date and the comment on the whole game.  Each change is
 * given to the session when the dialog closes (one change, one autosave). */
#include "config.h"

#include <glib/gi18n.h>
#include "kiela-game-info.h"

typedef struct {
  KielaGameSession *session;
  GtkWidget *rows[5];
} GameInfo;

/* The rows, in order, and the record key each edits (NULL: the players' names). */
static const struct { const char *title; const char *key; } fields[] = {
  { N_("South"), NULL },
  { N_("North"), NULL },
  { N_("Event"), KIELA_META_EVENT },
  { N_("Date"), KIELA_META_DATE },
  { N_("Comment on the Game"), NULL },
};

static void
game_info_free (gpointer data, GClosure *closure)
{
  GameInfo *info = data;

  g_object_unref (info->session);
  g_free (info);
}

static gboolean
on_close (GtkWindow *window, GameInfo *info)
{
  KielaGameTree *tree = kiela_game_session_get_tree (info->session);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (info->rows[i]));

      if (i < 2)
        kiela_game_session_set_player_name (info->session, (KielaSide) i, text);
      else if (fields[i].key)
        kiela_game_session_set_info (info->session, fields[i].key, text);
      else
        kiela_game_session_set_comment (info->session, kiela_game_tree_get_main_line (tree), 0, text);
    }
  return FALSE;
}

GtkWindow *
kiela_game_info_present (GtkWindow *parent, KielaGameSession *session)
{
  GameInfo *info = g_new0 (GameInfo, 1);
  GtkWidget *window = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  KielaGame *game = kiela_game_session_get_game (session);
  KielaGameTree *tree = kiela_game_session_get_tree (session);

  info->session = g_object_ref (session);
  gtk_window_set_title (GTK_WINDOW (window), _("Game Info"));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_default_size (GTK_WINDOW (window), 460, -1);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Saved with the game and shown beside the board."));
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      const char *value;

      info->rows[i] = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (info->rows[i]), _(fields[i].title));
      if (i < 2)
        value = kiela_game_session_get_player_name (session, (KielaSide) i);
      else if (fields[i].key)
        value = kiela_game_get_metadata (game, fields[i].key);
      else
        value = kiela_game_tree_get_comment (tree, kiela_game_tree_get_main_line (tree), 0);
      gtk_editable_set_text (GTK_EDITABLE (info->rows[i]), value ? value : "");
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), info->rows[i]);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (window), box);
  g_signal_connect_data (window, "close-request", G_CALLBACK (on_close), info, game_info_free, 0);
  /* Escape closes it (keeping the edits), as it closes the app's other dialogs. */
  {
    GtkEventController *keys = gtk_shortcut_controller_new ();

    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                            gtk_named_action_new ("window.close")));
    gtk_widget_add_controller (window, keys);
  }
  gtk_window_present (GTK_WINDOW (window));
  return GTK_WINDOW (window);
}
