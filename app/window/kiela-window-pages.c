/* kiela-window-pages.c: the window's pages: the game and the pages other parts of the app add
 * (welcome, lessons, rules, history, variant lab), the back stack and its back button, and the
 * header that follows: the game's title or the page's. */
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
#define PAGE_BUILDER_DATA "kiela-page-builder-data"
#define LAZY_PAGE "kiela-lazy-page"

/* A page added by kiela_window_add_lazy_page is an empty bin until it is first shown. */
static void
ensure_page_built (KielaWindow *self, GtkWidget *child)
{
  KielaWindowPageBuilder build = child ? g_object_get_data (G_OBJECT (child), PAGE_BUILDER) : NULL;

  if (build == NULL)
    return;
  g_object_set_data (G_OBJECT (child), PAGE_BUILDER, NULL);
  adw_bin_set_child (ADW_BIN (child), build (self, g_object_get_data (G_OBJECT (child), PAGE_BUILDER_DATA)));
}

/* ---------- the back stack ---------- */

/* The back button leads to the page under the shown one (win.show-page::NAME, so showing that
 * page is going back to it), and says where. */
static void
update_back_button (KielaWindow *self)
{
  GtkActionable *back = GTK_ACTIONABLE (self->back_button);
  const char *below = self->back_stack->len > 0 ? g_ptr_array_index (self->back_stack, self->back_stack->len - 1)
                                                : GAME_PAGE;
  const char *tooltip = g_hash_table_lookup (self->back_tooltips, below);

  gtk_actionable_set_action_target (back, "s", below);
  if (tooltip == NULL && !g_str_equal (below, GAME_PAGE))
    {
      GtkWidget *child = gtk_stack_get_child_by_name (self->main_stack, below);

      tooltip = child ? gtk_stack_page_get_title (gtk_stack_get_page (self->main_stack, child)) : NULL;
    }
  gtk_widget_set_tooltip_text (self->back_button, tooltip ? tooltip : self->game_back_tooltip);
}

/* The stack below a page just shown: down to it when it was below, else only the game. */
static void
set_back_stack_for (KielaWindow *self, const char *name)
{
  guint i;

  for (i = 0; i < self->back_stack->len; i++)
    if (g_str_equal (g_ptr_array_index (self->back_stack, i), name))
      break;
  if (i < self->back_stack->len)
    g_ptr_array_set_size (self->back_stack, i);
  else
    {
      g_ptr_array_set_size (self->back_stack, 0);
      if (!g_str_equal (name, GAME_PAGE))
        g_ptr_array_add (self->back_stack, g_strdup (GAME_PAGE));
    }
}

static gboolean
show_child (KielaWindow *self, const char *name)
{
  GtkWidget *child = gtk_stack_get_child_by_name (self->main_stack, name);

  if (child == NULL)
    return FALSE;
  ensure_page_built (self, child);
  gtk_stack_set_visible_child (self->main_stack, child);
  update_back_button (self);
  /* Keyboard users land in the page, not on a button of the page they left. */
  gtk_widget_child_focus (child, GTK_DIR_TAB_FORWARD);
  return TRUE;
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
  g_object_notify (G_OBJECT (self), "visible-page");
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
kiela_window_add_lazy_page (KielaWindow *self, const char *name, const char *title, KielaWindowPageBuilder build,
                            gpointer data)
{
  GtkWidget *bin;

  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (build != NULL);
  /* Hidden pages cost the start their making; the lab, for one, was a tenth of it. */
  bin = adw_bin_new ();
  g_object_set_data (G_OBJECT (bin), PAGE_BUILDER, build);
  g_object_set_data (G_OBJECT (bin), PAGE_BUILDER_DATA, data);
  g_object_set_data (G_OBJECT (bin), LAZY_PAGE, GINT_TO_POINTER (TRUE));
  kiela_window_add_page (self, name, title, bin);
}

void
kiela_window_set_page_title (KielaWindow *self, const char *name, const char *title)
{
  GtkWidget *child;

  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (name != NULL);

  child = gtk_stack_get_child_by_name (self->main_stack, name);
  g_return_if_fail (child != NULL);
  gtk_stack_page_set_title (gtk_stack_get_page (self->main_stack, child), title);
}

void
kiela_window_set_back_tooltip (KielaWindow *self, const char *name, const char *tooltip)
{
  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (name != NULL);

  if (tooltip != NULL)
    g_hash_table_insert (self->back_tooltips, g_strdup (name), g_strdup (tooltip));
  else
    g_hash_table_remove (self->back_tooltips, name);
  update_back_button (self);
}

gboolean
kiela_window_show_page (KielaWindow *self, const char *name)
{
  g_return_val_if_fail (KIELA_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (gtk_stack_get_child_by_name (self->main_stack, name) == NULL)
    return FALSE;
  set_back_stack_for (self, name);
  return show_child (self, name);
}

gboolean
kiela_window_push_page (KielaWindow *self, const char *name)
{
  const char *shown;
  gboolean below = FALSE;

  g_return_val_if_fail (KIELA_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (gtk_stack_get_child_by_name (self->main_stack, name) == NULL)
    return FALSE;
  shown = kiela_window_get_visible_page (self);
  if (g_str_equal (shown, name))
    return TRUE;
  /* The stack holds the pages under the shown one: a page already among them is gone back to. */
  for (guint i = 0; i < self->back_stack->len; i++)
    below |= g_str_equal (g_ptr_array_index (self->back_stack, i), name);
  if (below)
    set_back_stack_for (self, name);
  else
    g_ptr_array_add (self->back_stack, g_strdup (shown));
  return show_child (self, name);
}

void
kiela_window_pop_page (KielaWindow *self)
{
  g_autofree char *below = NULL;

  g_return_if_fail (KIELA_IS_WINDOW (self));

  below = self->back_stack->len > 0 ? g_strdup (g_ptr_array_index (self->back_stack, self->back_stack->len - 1))
                                    : g_strdup (GAME_PAGE);
  kiela_window_show_page (self, below);
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

/* ---------- leave guards ---------- */

typedef struct {
  KielaWindowLeaveGuard guard;
  gpointer data;
} LeaveGuard;

void
kiela_window_set_leave_guard (KielaWindow *self, const char *name, KielaWindowLeaveGuard guard, gpointer data)
{
  LeaveGuard *g;

  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (name != NULL);
  if (guard == NULL)
    {
      g_hash_table_remove (self->leave_guards, name);
      return;
    }
  g = g_new0 (LeaveGuard, 1);
  g->guard = guard;
  g->data = data;
  g_hash_table_insert (self->leave_guards, g_strdup (name), g);
}

/* TRUE when the shown page lets the user go to `name` now; else the guard asks and the
 * window remembers where to go. */
static gboolean
guard_allows_leaving (KielaWindow *self, const char *name)
{
  const char *shown = kiela_window_get_visible_page (self);
  LeaveGuard *g = g_hash_table_lookup (self->leave_guards, shown);

  if (g == NULL || g_str_equal (shown, name))
    return TRUE;
  g_free (self->pending_page);
  self->pending_page = g_strdup (name);
  self->pending_close = FALSE;
  if (g->guard (self, g->data))
    {
      g_clear_pointer (&self->pending_page, g_free);
      return TRUE;
    }
  return FALSE;
}

gboolean
_kiela_window_guards_allow_close (KielaWindow *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->leave_guards);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      LeaveGuard *g = value;

      g_clear_pointer (&self->pending_page, g_free);
      self->pending_close = TRUE;
      if (!g->guard (self, g->data))
        return FALSE;
    }
  self->pending_close = FALSE;
  return TRUE;
}

void
kiela_window_leave_confirmed (KielaWindow *self)
{
  g_autofree char *page = NULL;

  g_return_if_fail (KIELA_IS_WINDOW (self));
  page = g_steal_pointer (&self->pending_page);
  if (self->pending_close)
    {
      self->pending_close = FALSE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (page != NULL)
    kiela_window_show_page (self, page);
}

static void
action_pop_page (GtkWidget *widget, const char *action_name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  const char *below = self->back_stack->len > 0 ? g_ptr_array_index (self->back_stack, self->back_stack->len - 1)
                                                : GAME_PAGE;

  if (guard_allows_leaving (self, below))
    kiela_window_pop_page (self);
}

static void
action_show_page (GtkWidget *widget, const char *action_name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  const char *name = g_variant_get_string (param, NULL);

  if (gtk_stack_get_child_by_name (self->main_stack, name) == NULL)
    {
      g_warning ("win.show-page: the window has no page “%s”", name);
      return;
    }
  if (guard_allows_leaving (self, name))
    kiela_window_show_page (self, name);
}

void
_kiela_window_class_pages_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", action_show_page);
  gtk_widget_class_install_action (widget_class, "win.pop-page", NULL, action_pop_page);
  /* Alt+Left goes back as the header's back button does: one page down the back stack. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.pop-page", NULL);
}

void
_kiela_window_pages_init (KielaWindow *self)
{
  self->back_stack = g_ptr_array_new_with_free_func (g_free);
  self->back_tooltips = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->game_back_tooltip = g_strdup (gtk_widget_get_tooltip_text (self->back_button));
  self->leave_guards = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_signal_connect (self->main_stack, "notify::visible-child", G_CALLBACK (on_visible_page), self);
}

void
_kiela_window_pages_finalize (KielaWindow *self)
{
  g_clear_pointer (&self->back_stack, g_ptr_array_unref);
  g_clear_pointer (&self->back_tooltips, g_hash_table_unref);
  g_clear_pointer (&self->game_back_tooltip, g_free);
  g_clear_pointer (&self->leave_guards, g_hash_table_unref);
  g_clear_pointer (&self->pending_page, g_free);
}
