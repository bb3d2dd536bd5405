/* kiela-window-pages.c: the window's pages: the game and the pages other parts of the app add
 * (welcome, lessons, rules, history, variant lab), the back button and the header that follows:
 * the game's title or the page's. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "kiela-window-private.h"

#define GAME_PAGE "game"

gboolean
_kiela_window_game_page_visible (KielaWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->main_stack);

  return name == NULL || g_str_equal (name, GAME_PAGE);
}

#define PAGE_BUILDER "kiela-page-builder"
#define LAZY_PAGE "kiela-lazy-page"

/* A page added by _kiela_window_add_lazy_page is an empty bin until it is first shown. */
static void
ensure_page_built (KielaWindow *self, GtkWidget *child)
{
  KielaPageBuilder build = child ? g_object_get_data (G_OBJECT (child), PAGE_BUILDER) : NULL;

  if (build == NULL)
    return;
  g_object_set_data (G_OBJECT (child), PAGE_BUILDER, NULL);
  adw_bin_set_child (ADW_BIN (child), build (self));
}

/* The window's title and subtitle on the game page: the game's file, variant and players. */
void
_kiela_window_update_title (KielaWindow *self)
{
  GFile *file = kiela_game_session_get_file (self->session);
  gboolean modified = kiela_game_session_get_modified (self->session);
  g_autofree char *subtitle = NULL;
  g_autofree char *name = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *title = NULL;

  g_clear_pointer (&self->file_path, g_free);
  self->file_path = file ? g_file_get_path (file) : NULL;
  /* Another page (lessons, rules, ...) names itself in the header; the game's title comes back with it. */
  if (!_kiela_window_game_page_visible (self))
    return;
  if (_kiela_window_game (self) == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Kiela"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Kiela"));
      return;
    }
  /* TRANSLATORS: window subtitle: variant, South's player, North's player */
  subtitle = g_strdup_printf (_("%s · South: %s · North: %s"),
                              kiela_variant_get_name (kiela_game_get_variant (_kiela_window_game (self))),
                              kiela_game_session_get_player_name (self->session, KIELA_SOUTH),
                              kiela_game_session_get_player_name (self->session, KIELA_NORTH));
  adw_window_title_set_subtitle (self->window_title, subtitle);
  /* A game that lives in a file is named by it, as any document window is, and marked while
   * it has changes the file does not hold.  An untitled game is kept by the autosave. */
  if (file == NULL)
    {
      adw_window_title_set_title (self->window_title, _("Kiela"));
      gtk_window_set_title (GTK_WINDOW (self), _("Kiela"));
      return;
    }
  {
    g_autofree char *base = g_file_get_basename (file);
    name = g_filename_display_name (base);
  }
  /* TRANSLATORS: a saved game's title with changes not saved yet: "• lesson-3.kiela" */
  shown = modified ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  /* TRANSLATORS: window title for a saved game: "%s" is its file name, e.g. "lesson-3.kiela — Kiela" */
  title = g_strdup_printf (_("%s — Kiela"), shown);
  adw_window_title_set_title (self->window_title, shown);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

/* The header follows the page: the game's buttons only with the game, a back button and the
 * page's title elsewhere. */
static void
on_visible_page (GtkStack *stack, GParamSpec *pspec, KielaWindow *self)
{
  gboolean game = _kiela_window_game_page_visible (self);
  GtkWidget *child = gtk_stack_get_visible_child (stack);

  ensure_page_built (self, child);
  gtk_widget_set_visible (self->back_button, !game);
  gtk_widget_set_visible (self->undo_button, game);
  gtk_widget_set_visible (self->redo_button, game);
  gtk_widget_set_visible (self->hint_button, game);
  gtk_widget_set_visible (GTK_WIDGET (self->panel_button), game);
  gtk_widget_set_visible (self->step_bar, game);
  _kiela_window_actions_update (self);
  if (game)
    {
      _kiela_window_update_title (self);
      return;
    }
  if (child != NULL)
    {
      GtkStackPage *page = gtk_stack_get_page (stack, child);
      const char *title = gtk_stack_page_get_title (page);

      adw_window_title_set_title (self->window_title, title ? title : _("Kiela"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), title ? title : _("Kiela"));
    }
}

void
kiela_window_add_page (KielaWindow *self, const char *name, const char *title, GtkWidget *page)
{
  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (name != NULL && GTK_IS_WIDGET (page));
  g_return_if_fail (gtk_stack_get_child_by_name (self->main_stack, name) == NULL);

  gtk_stack_add_titled (self->main_stack, page, name, title);
}

void
_kiela_window_add_lazy_page (KielaWindow *self, const char *name, const char *title, KielaPageBuilder build)
{
  GtkWidget *bin = adw_bin_new ();

  g_return_if_fail (build != NULL);
  /* Hidden pages cost the start their making; the lab, for one, was a tenth of it. */
  g_object_set_data (G_OBJECT (bin), PAGE_BUILDER, build);
  g_object_set_data (G_OBJECT (bin), LAZY_PAGE, GINT_TO_POINTER (TRUE));
  kiela_window_add_page (self, name, title, bin);
}

gboolean
kiela_window_show_page (KielaWindow *self, const char *name)
{
  GtkWidget *child;

  g_return_val_if_fail (KIELA_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  child = gtk_stack_get_child_by_name (self->main_stack, name);
  if (child == NULL)
    return FALSE;
  ensure_page_built (self, child);
  gtk_stack_set_visible_child (self->main_stack, child);
  /* Keyboard users land in the page, not on a button of the page they left. */
  gtk_widget_child_focus (child, GTK_DIR_TAB_FORWARD);
  return TRUE;
}

GtkWidget *
kiela_window_get_page (KielaWindow *self, const char *name)
{
  GtkWidget *child;

  g_return_val_if_fail (KIELA_IS_WINDOW (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  child = gtk_stack_get_child_by_name (self->main_stack, name);
  if (child == NULL || g_object_get_data (G_OBJECT (child), LAZY_PAGE) == NULL)
    return child;
  ensure_page_built (self, child);
  return adw_bin_get_child (ADW_BIN (child));
}

const char *
kiela_window_get_visible_page (KielaWindow *self)
{
  g_return_val_if_fail (KIELA_IS_WINDOW (self), NULL);

  return _kiela_window_game_page_visible (self) ? GAME_PAGE
                                                : gtk_stack_get_visible_child_name (self->main_stack);
}

static void
action_show_page (GtkWidget *widget, const char *action_name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  const char *name = g_variant_get_string (param, NULL);

  if (!kiela_window_show_page (self, name))
    g_warning ("win.show-page: the window has no page “%s”", name);
}

void
_kiela_window_class_pages_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", action_show_page);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK,
                                       "win.show-page", "s", GAME_PAGE);
}

void
_kiela_window_pages_init (KielaWindow *self)
{
  g_signal_connect (self->main_stack, "notify::visible-child", G_CALLBACK (on_visible_page), self);
}
