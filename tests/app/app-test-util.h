/* app-test-util.h: main-loop helpers and a widget test's start, shared by the app tests (static: a copy each). */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela-settings.h"
#include "kiela-window.h"
#include "kiela-application.h"
#include "app-test-render.h"

typedef gboolean (*Condition) (gpointer data);

/* Runs the main loop until `cond` holds; fails the test after `timeout_ms`. */
static inline void
wait_until (Condition cond, gpointer data, guint timeout_ms, const char *what)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static inline void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* KIELA_SCREENSHOT_DIR=... saves `window` as it is after `settle_ms` (past a page transition and
 * a replay) as `file` there; nothing without it. */
static inline void
app_test_screenshot (GtkWidget *window, const char *file, guint settle_ms)
{
  const char *dir = g_getenv ("KIELA_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, file, NULL);
  spin (settle_ms);
  texture = render_texture (window, FALSE);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("saved %s (%dx%d)", path, gdk_texture_get_width (texture), gdk_texture_get_height (texture));
}

static inline gboolean
app_test_frame_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until `widget`'s window has begun `n` more frames (n ≥ 2: whatever was
 * queued before, a resize or a redraw, has then been laid out and painted): a wait on the frame
 * clock, not on the wall clock.  A widget not on screen draws no frames: then only what is
 * pending runs. */
static inline void
app_test_wait_frames (GtkWidget *widget, guint n)
{
  guint ticks = 0, id;
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  if (!gtk_widget_get_mapped (widget))
    {
      for (guint i = 0; i < 1000 && g_main_context_pending (NULL); i++)
        g_main_context_iteration (NULL, FALSE);
      return;
    }
  id = gtk_widget_add_tick_callback (widget, app_test_frame_tick, &ticks, NULL);

  while (ticks < n)
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for %u frames of a %s", n, G_OBJECT_TYPE_NAME (widget));
      g_main_context_iteration (NULL, FALSE);
      g_usleep (500);
    }
  gtk_widget_remove_tick_callback (widget, id);
}

/* Turns GTK's and libadwaita's animations off for this process: page transitions, toasts and
 * revealers reach their end at once, so a test waits for a frame instead of an animation's length. */
static inline void
app_test_disable_animations (void)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
}

/* Clicks the house named `square` ("g1", on a board of `files` files) on the window's board, as
 * a user does, and lets the move (or its refusal, or the choice it offers) through for `ms`. */
static inline void
app_test_activate_square (KielaWindow *window, guint files, const char *square, guint ms)
{
  KielaSquare sq;

  g_assert_true (kiela_square_parse (files, square, &sq, NULL));
  g_signal_emit_by_name (kiela_window_get_board (window), "house-activated", (guint) sq.side, (guint) sq.house);
  spin (ms);
}

/* The same on Kiela's 10-file board. */
static inline void
app_test_play_square (KielaWindow *window, const char *square)
{
  app_test_activate_square (window, 10, square, 30);
}

/* A wait_until() condition: `widget` is on screen with a width (laid out at least once). */
static inline gboolean
app_test_widget_shown (gpointer widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

/* Never the user's real files or dconf: points the XDG homes (data, config, state, cache) at a
 * fresh temporary folder, before GLib caches them (G_TEST_OPTION_ISOLATE_DIRS would also hide the
 * system GSettings schemas GTK needs), keeps settings in memory and initialises the test framework,
 * GTK and libadwaita; fails loudly without a display.  Returns the folder (the caller frees it). */
static inline char *
app_test_init (int *argc, char ***argv, const char *name)
{
  g_autofree char *template = g_strdup_printf ("kiela-%s-XXXXXX", name);
  char *tmp = g_dir_make_tmp (template, NULL);
  static const struct { const char *variable, *folder; } homes[] = {
    { "XDG_DATA_HOME", "data" }, { "XDG_CONFIG_HOME", "config" }, { "XDG_STATE_HOME", "state" },
    { "XDG_CACHE_HOME", "" },
  };

  g_assert_nonnull (tmp);
  for (guint i = 0; i < G_N_ELEMENTS (homes); i++)
    {
      g_autofree char *home = g_build_filename (tmp, homes[i].folder, NULL);

      g_setenv (homes[i].variable, home, TRUE);
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    g_error ("cannot open a display: run these tests under xvfb-run");
  adw_init ();
  return tmp;
}

/* Forgets the class and every pupil's progress in the test's data folder (kiela-pupils.h):
 * the next window starts as at a first start. */
static inline void
app_test_forget_pupils (void)
{
  g_autofree char *kiela = g_build_filename (g_get_user_data_dir (), "kiela", NULL);
  g_autofree char *class_file = g_build_filename (kiela, "class.ini", NULL);
  g_autofree char *folder = g_build_filename (kiela, "pupils", NULL);
  GDir *dir = g_dir_open (folder, 0, NULL);
  const char *name;

  g_remove (class_file);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_remove (path);
    }
  if (dir != NULL)
    g_dir_close (dir);
}

/* The app's style sheet, as AdwApplication loads it for the app (the tests have no application). */
static inline void
app_test_load_style (void)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, "/io/github/kiela/Kiela/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

/* The app's settings at their defaults (the memory backend lives as long as the process). */
static inline GSettings *
app_test_settings_new (void)
{
  g_autoptr(GError) error = NULL;
  GSettings *settings = kiela_settings_new (&error);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (settings);
  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i]; i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

/* TRUE when `model` holds an item for `action` in itself or its sections (not in a submenu). */
static inline gboolean
app_test_menu_has_direct (GMenuModel *model, const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action))
        return TRUE;
      if (section != NULL && app_test_menu_has_direct (section, action))
        return TRUE;
    }
  return FALSE;
}

typedef gboolean (*AppTestMatch) (GtkWidget *widget, gconstpointer data);

/* The first widget of the tree under `widget` (itself included, depth first) that `match`
 * accepts, or NULL. */
static inline GtkWidget *
app_test_find_widget (GtkWidget *widget, AppTestMatch match, gconstpointer data)
{
  if (match (widget, data))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = app_test_find_widget (c, match, data);

      if (found)
        return found;
    }
  return NULL;
}

static inline gboolean
app_test_is_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, (GType) GPOINTER_TO_SIZE (type));
}

/* The first widget of type `type` under `widget`, or NULL. */
static inline GtkWidget *
app_test_find_type (GtkWidget *widget, GType type)
{
  return app_test_find_widget (widget, app_test_is_type, GSIZE_TO_POINTER (type));
}

/* Presses `accel` as `widget`'s shortcut controllers would: the first shortcut for it whose action
 * acts.  Fails the test when none does. */
static inline void
app_test_press (GtkWidget *widget, const char *accel)
{
  g_autoptr(GtkShortcutTrigger) want = gtk_shortcut_trigger_parse_string (accel);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  g_assert_nonnull (want);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr(GtkShortcut) s = g_list_model_get_item (G_LIST_MODEL (c), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (s), want)
              && gtk_shortcut_action_activate (gtk_shortcut_get_action (s), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                               widget, gtk_shortcut_get_arguments (s)))
            return;
        }
    }
  g_error ("no shortcut on the widget acted on %s", accel);
}

/* A window of the app on `registry` and `prefs`, autosaving to `autosave` (or not), with a
 * reference for the caller. */
static inline KielaWindow *
app_test_window_new (KielaRegistry *registry, GSettings *prefs, const char *autosave)
{
  KielaWindow *window = kiela_window_new (NULL, registry, prefs, autosave);

  g_object_ref_sink (window);
  return window;
}

/* Closes a window made by app_test_window_new() and drops the caller's reference. */
static inline void
app_test_window_free (KielaWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

/* A clipboard read in a test: started, then waited for with wait_until(). */
typedef struct {
  gboolean texture_wanted;
  gboolean done;
  char *text;
  GdkTexture *texture;
} AppTestClipRead;

static inline void
app_test_clip_read (GObject *source, GAsyncResult *result, gpointer data)
{
  AppTestClipRead *c = data;
  g_autoptr(GError) error = NULL;

  if (c->texture_wanted)
    c->texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (source), result, &error);
  else
    c->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
  c->done = TRUE;
}

static inline gboolean
app_test_clip_read_done (gpointer data)
{
  return ((AppTestClipRead *) data)->done;
}

/* The text on `widget`'s clipboard (free it). */
static inline char *
app_test_clipboard_text (GtkWidget *widget)
{
  AppTestClipRead c = { FALSE };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, app_test_clip_read, &c);
  wait_until (app_test_clip_read_done, &c, 5000, "the clipboard's text");
  return c.text;
}

/* The image on `widget`'s clipboard (unref it). */
static inline GdkTexture *
app_test_clipboard_texture (GtkWidget *widget)
{
  AppTestClipRead c = { TRUE };

  gdk_clipboard_read_texture_async (gtk_widget_get_clipboard (widget), NULL, app_test_clip_read, &c);
  wait_until (app_test_clip_read_done, &c, 5000, "the clipboard's image");
  return c.texture;
}

/* The texts of a move list view's row widgets ("1. South g1 3 laps"), in the order the view
 * holds them, with the row boxes when `boxes` is given; `mapped_only` skips rows not shown. */
static inline GPtrArray *
app_test_move_rows (GtkWidget *view, gboolean mapped_only, GPtrArray *boxes)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_free);

  for (GtkWidget *row = gtk_widget_get_first_child (view); row; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_widget_get_first_child (row);
      GString *text;

      if (!GTK_IS_BOX (box) || (mapped_only && !gtk_widget_get_mapped (row)))
        continue;
      text = g_string_new (NULL);
      for (GtkWidget *l = gtk_widget_get_first_child (box); l; l = gtk_widget_get_next_sibling (l))
        if (*gtk_label_get_text (GTK_LABEL (l)))
          g_string_append_printf (text, "%s%s", text->len ? " " : "", gtk_label_get_text (GTK_LABEL (l)));
      g_ptr_array_add (rows, g_string_free (text, FALSE));
      if (boxes)
        g_ptr_array_add (boxes, box);
    }
  return rows;
}

/* The width the Keyboard Shortcuts window (the app's help overlay, in the current language)
 * takes when shown at its natural size, as a window manager maps it.  The window belongs to the
 * app (registered here once, without a bus), so that the shortcuts named by their action show
 * the app's accelerators, as they do for the user ("Shift+Ctrl+Z / Ctrl+Y"). */
static inline int
app_test_shortcuts_window_width (void)
{
  static KielaApplication *app;
  /* Under ui/ when the window builds it on demand, at GtkApplication's gtk/ otherwise. */
  const char *path = g_resources_get_info ("/io/github/kiela/Kiela/ui/kiela-shortcuts-window.ui",
                                           G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL)
                     ? "/io/github/kiela/Kiela/ui/kiela-shortcuts-window.ui" : "/io/github/kiela/Kiela/gtk/help-overlay.ui";
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (path);
  GtkWindow *overlay = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
  GLogLevelFlags fatal;
  GtkWidget *owner;
  int width;

  g_assert_nonnull (overlay);
  if (app == NULL)
    {
      app = kiela_application_new (g_get_monotonic_time ());
      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
      g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
    }
  /* As the app's windows own it: its shortcuts read their accelerators through that window. */
  owner = gtk_application_window_new (GTK_APPLICATION (app));
  g_object_ref (overlay);  /* the builder's reference goes with it, the owner takes its own */
  /* Deprecated in GTK 4.18, replaced by AdwShortcutsDialog in libadwaita 1.8; the window itself
   * is measured here, as the app shows it up to libadwaita 1.7. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (owner), GTK_SHORTCUTS_WINDOW (overlay));
  G_GNUC_END_IGNORE_DEPRECATIONS
  /* GTK 4.8's GtkShortcutsWindow measures an empty label of its own at -3 px and warns about
   * it, in the app as here: warnings are not fatal while the window is shown. */
  fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  gtk_window_present (overlay);
  wait_until (app_test_widget_shown, overlay, 5000, "the Keyboard Shortcuts window");
  app_test_wait_frames (GTK_WIDGET (overlay), 2);
  width = gtk_widget_get_width (GTK_WIDGET (overlay));
  gtk_window_destroy (GTK_WINDOW (owner));
  g_log_set_always_fatal (fatal);
  return width;
}

/* A legal move after `ply` plies of `game` other than `not` (a copy is played, not `game`). */
static inline KielaMove
app_test_other_move (KielaGame *game, guint ply, KielaMove not)
{
  g_autoptr(KielaGame) copy = kiela_game_copy (game);
  KielaMove moves[KIELA_MAX_MOVES];
  guint n;

  kiela_game_go_to (copy, ply);
  n = kiela_game_legal_moves (copy, moves);
  for (guint i = 0; i < n; i++)
    if (moves[i] != not)
      return moves[i];
  g_assert_not_reached ();
  return -1;
}
