/* test-classroom.c: widget tests of Kiela in a classroom (issue 10): presentation mode and its
 * caption at the screen's size (run on a 1024×768 and a 1920×1080 Xvfb screen), text zoom, the
 * presenter's clicker keys, and the fixes found when the app was tried as a teacher would.  The
 * New Game dialog on those screens: test-classroom-new-game.c. */
#include "config.h"

#include <glib/gstdio.h>

#include <string.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-trace-player.h"
#include "kiela-settings.h"
#include "kiela-board-view-private.h"
#include "kiela-presentation.h"
#include "kiela-new-game-dialog.h"
#include "kiela-compat.h"
#include "kiela-house.h"
#include "app-test-util.h"
#include "app-test-render.h"

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  char *autosave;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  f->prefs = app_test_settings_new ();
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, GPOINTER_TO_INT (data));
  f->autosave = g_build_filename (g_get_user_data_dir (), "autosave.kiela", NULL);
  f->window = app_test_window_new (f->registry, f->prefs, f->autosave);
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, app_test_window_free);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
  g_free (f->autosave);
}

static GtkWidget *
child (Fixture *f, const char *name)
{
  GtkWidget *w = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->window), KIELA_TYPE_WINDOW, name));

  g_assert_nonnull (w);
  return w;
}

static void
activate (Fixture *f, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
}

static void
click (Fixture *f, KielaSide side, const char *square)
{
  KielaSquare sq;

  g_assert_true (kiela_square_parse (10, square, &sq, NULL));
  g_assert_cmpint (sq.side, ==, side);
  g_signal_emit_by_name (kiela_window_get_board (f->window), "house-activated", (guint) side, (guint) sq.house);
}

/* The shortcut on the window for `accel`, in whichever of its controllers. */
static void
press (Fixture *f, const char *accel)
{
  app_test_press (GTK_WIDGET (f->window), accel);
}

/* The font size a label is drawn with, in pixels (CSS sets it in pt, em or px). */
static double
font_px (GtkWidget *label)
{
  PangoFontDescription *desc = pango_context_get_font_description (gtk_widget_get_pango_context (label));
  double size = pango_font_description_get_size (desc) / (double) PANGO_SCALE;

  /* GTK gives the size in points at 96 dpi unless it is absolute. */
  return pango_font_description_get_size_is_absolute (desc) ? size : size * 96.0 / 72.0;
}

static gboolean
mapped (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_mapped (GTK_WIDGET (f->window)) && gtk_widget_get_width (GTK_WIDGET (f->window)) > 0;
}

static void
show (Fixture *f, int width, int height)
{
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (mapped, f, 10000, "the window to be shown");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
}

/* A widget lies wholly inside the window, so one sees it without opening anything. */
static void
assert_on_screen (Fixture *f, GtkWidget *w, const char *what)
{
  graphene_rect_t b;

  if (!gtk_widget_get_mapped (w) || !gtk_widget_compute_bounds (w, GTK_WIDGET (f->window), &b))
    g_error ("%s is not shown", what);
  if (b.size.width < 1 || b.size.height < 1 || b.origin.x < 0 || b.origin.y < 0
      || b.origin.x + b.size.width > gtk_widget_get_width (GTK_WIDGET (f->window)) + 0.5
      || b.origin.y + b.size.height > gtk_widget_get_height (GTK_WIDGET (f->window)) + 0.5)
    g_error ("%s lies at %.0f,%.0f %.0f×%.0f, outside the %d×%d window", what, b.origin.x, b.origin.y,
             b.size.width, b.size.height, gtk_widget_get_width (GTK_WIDGET (f->window)),
             gtk_widget_get_height (GTK_WIDGET (f->window)));
}

static void
save_png (Fixture *f, const char *name)
{
  const char *dir = g_getenv ("KIELA_TEST_OUTDIR") ? g_getenv ("KIELA_TEST_OUTDIR") : ".";
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GdkTexture) texture = render_texture (GTK_WIDGET (f->window), FALSE);

  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("window rendered to %s", path);
}

static gboolean
window_fills_screen (gpointer data)
{
  Fixture *f = data;
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (f->window));
  GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  GdkRectangle geo;

  gdk_monitor_get_geometry (monitor, &geo);
  g_object_unref (monitor);
  /* Without a window manager the client-side decorations keep a few pixels of their margin. */
  return ABS (gtk_widget_get_width (GTK_WIDGET (f->window)) - geo.width) <= 16
         && ABS (gtk_widget_get_height (GTK_WIDGET (f->window)) - geo.height) <= 16;
}

/* ---------- presentation mode ---------- */

/* F5: fullscreen, no side panel, and the narration as a caption under the board in type at
 * least 4 % of the screen's height, the current step's words read back from the widget. */
static void
test_presentation_caption (Fixture *f, gconstpointer data)
{
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  GtkWidget *caption = child (f, "caption_label");
  KielaSplit *split = KIELA_SPLIT (child (f, "split"));
  g_autofree char *png = NULL;
  gboolean was_open;
  int height, board_in_window;

  show (f, 1400, 800);
  click (f, KIELA_SOUTH, "i2");
  click (f, KIELA_NORTH, "b3");
  click (f, KIELA_SOUTH, "g1");
  activate (f, "win.go-start");

  was_open = kiela_split_get_show_sidebar (split);
  /* The board's size in the window at the screen's size, to compare with presentation mode. */
  {
    GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (f->window))), 0);
    GdkRectangle geo;

    gdk_monitor_get_geometry (monitor, &geo);
    g_object_unref (monitor);
    gtk_window_set_default_size (GTK_WINDOW (f->window), geo.width, geo.height);
    wait_until (window_fills_screen, f, 10000, "the window to fill the screen");
    app_test_wait_frames (GTK_WIDGET (f->window), 3);
    board_in_window = gtk_widget_get_width (GTK_WIDGET (kiela_window_get_board (f->window)));
  }
  g_assert_true (kiela_window_get_header_shown (f->window));
  press (f, "F5");
  g_assert_true (kiela_window_get_presenting (f->window));
  /* Xvfb has no window manager to carry out the fullscreen request: size the window as one would. */
  {
    GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (f->window))), 0);
    GdkRectangle geo;

    gdk_monitor_get_geometry (monitor, &geo);
    g_object_unref (monitor);
    gtk_window_set_default_size (GTK_WINDOW (f->window), geo.width, geo.height);
  }
  wait_until (window_fills_screen, f, 10000, "presentation mode to fill the screen");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  height = gtk_widget_get_height (GTK_WIDGET (f->window));
  g_assert_false (kiela_split_get_show_sidebar (split));

  for (int i = 0; i < 3; i++)
    press (f, "Page_Down");
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 3);
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  {
    g_autofree char *step = kiela_trace_player_dup_narration (player);

    g_assert_cmpstr (kiela_window_get_caption (f->window), ==, step);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (caption)), ==, step);
  }
  assert_on_screen (f, caption, "the caption");
  if (font_px (caption) < 0.04 * height)
    g_error ("the caption is %.1f px high on a %d px screen, under 4 %%", font_px (caption), height);
  g_test_message ("caption %.1f px on a %d×%d screen", font_px (caption),
                  gtk_widget_get_width (GTK_WIDGET (f->window)), height);
  /* The board gets the room: more than half the screen's height, and no less than in the
   * window at the same size (the header is hidden: no Hint or Undo under the class's eyes). */
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (kiela_window_get_board (f->window))), >, height / 2);
  g_assert_false (kiela_window_get_header_shown (f->window));
  g_assert_false (gtk_widget_get_visible (child (f, "header_bar")));
  g_test_message ("board %d px wide in the window, %d px presenting", board_in_window,
                  gtk_widget_get_width (GTK_WIDGET (kiela_window_get_board (f->window))));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (kiela_window_get_board (f->window))), >=, board_in_window);
  /* The pointer at the top edge brings the header back; moved down to the board, it goes. */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
    GtkEventController *motion = NULL;

    for (guint i = 0; i < g_list_model_get_n_items (controllers) && motion == NULL; i++)
      {
        g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

        if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
          motion = c;
      }
    g_assert_nonnull (motion);
    g_signal_emit_by_name (motion, "motion", 300.0, 0.0);
    g_assert_true (kiela_window_get_header_shown (f->window));
    app_test_wait_frames (GTK_WIDGET (f->window), 2);
    g_signal_emit_by_name (motion, "motion", 300.0, height / 2.0);
    g_assert_false (kiela_window_get_header_shown (f->window));
    app_test_wait_frames (GTK_WIDGET (f->window), 2);
  }

  png = g_strdup_printf ("presentation-%dx%d.png", gtk_widget_get_width (GTK_WIDGET (f->window)), height);
  save_png (f, png);

  /* Escape (or F5 again) leaves it: the panel comes back as it was. */
  press (f, "Escape");
  g_assert_false (kiela_window_get_presenting (f->window));
  g_assert_true (kiela_window_get_header_shown (f->window));
  g_assert_cmpint (kiela_split_get_show_sidebar (split), ==, was_open);
}

/* Ctrl+plus, Ctrl+minus and Ctrl+0 scale the narration and the labels, and the setting keeps it. */
static void
test_zoom (Fixture *f, gconstpointer data)
{
  GtkWidget *narration = child (f, "narration_label");
  GtkWidget *side = child (f, "south_label");
  double n0, s0;

  show (f, 1400, 900);
  n0 = font_px (narration);
  s0 = font_px (side);
  press (f, "<Control>plus");
  press (f, "<Control>plus");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpfloat (g_settings_get_double (f->prefs, KIELA_SETTINGS_TEXT_ZOOM), >, 1.25);
  g_assert_cmpfloat (font_px (narration), >, n0 * 1.25);
  g_assert_cmpfloat (font_px (side), >, s0 * 1.25);
  press (f, "<Control>minus");
  press (f, "<Control>minus");
  press (f, "<Control>minus");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpfloat (font_px (narration), <, n0);
  press (f, "<Control>0");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpfloat (g_settings_get_double (f->prefs, KIELA_SETTINGS_TEXT_ZOOM), ==, 1.0);
  g_assert_cmpfloat (ABS (font_px (narration) - n0), <, 0.5);

  /* A change of the setting (Preferences, another window) applies at once. */
  g_settings_set_double (f->prefs, KIELA_SETTINGS_TEXT_ZOOM, 1.5);
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpfloat (font_px (narration), >, n0 * 1.4);
}

/* Default file names come from the game: "human-vs-kota-mpanzu-2026-12-01", not game.kiela;
 * a saved game keeps its own name. */
static void
test_file_stem (Fixture *f, gconstpointer data)
{
  const KielaPersonality *mpanzu = kiela_registry_lookup_personality (f->registry, "mpanzu");
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  g_autofree char *want = NULL, *stem = NULL, *saved = NULL, *dir = g_dir_make_tmp ("kiela-stem-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "Lesson three.kiela", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (mpanzu);
  stem = kiela_window_dup_file_stem (f->window);
  want = g_strdup_printf ("human-vs-human-%s", date);
  g_assert_cmpstr (stem, ==, want);
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, mpanzu);
  g_clear_pointer (&stem, g_free);
  g_clear_pointer (&want, g_free);
  stem = kiela_window_dup_file_stem (f->window);
  /* "Kota Mpanzu": lower-case ASCII, words joined by dashes. */
  want = g_strdup_printf ("human-vs-kota-mpanzu-%s", date);
  g_assert_cmpstr (mpanzu->name, ==, "Kota Mpanzu");
  g_assert_cmpstr (stem, ==, want);
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);

    g_assert_true (kiela_game_session_save (kiela_window_get_session (f->window), file, &error));
    g_assert_no_error (error);
  }
  saved = kiela_window_dup_file_stem (f->window);
  g_assert_cmpstr (saved, ==, "Lesson three");
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static gboolean
overlaps (Fixture *f, GtkWidget *a, GtkWidget *b)
{
  graphene_rect_t ra, rb;

  g_assert_true (gtk_widget_compute_bounds (a, GTK_WIDGET (f->window), &ra));
  if (KIELA_IS_BOARD_VIEW (b))
    {
      /* The board as drawn: the widget may be larger, the wood centred in it. */
      graphene_point_t at;

      kiela_board_view_get_board_rect (KIELA_BOARD_VIEW (b), &rb);
      g_assert_true (gtk_widget_compute_point (b, GTK_WIDGET (f->window), &rb.origin, &at));
      rb.origin = at;
      /* The wood's rounded rim and drop shadow: a label may sit on its outer 2 px. */
      graphene_rect_inset (&rb, 0, 2);
    }
  else
    g_assert_true (gtk_widget_compute_bounds (b, GTK_WIDGET (f->window), &rb));
  /* Touching edges are not an overlap. */
  graphene_rect_inset (&ra, 0.5, 0.5);
  g_test_message ("%.0f,%.0f %.0fx%.0f against %.0f,%.0f %.0fx%.0f", ra.origin.x, ra.origin.y, ra.size.width,
                  ra.size.height, rb.origin.x, rb.origin.y, rb.size.width, rb.size.height);
  return graphene_rect_intersection (&ra, &rb, NULL);
}

/* Text zoom stops where the layout still fits, in the window and presenting, at the screen's
 * size: the side labels never run into the board and the caption's words are all shown. */
static void
test_zoom_cap (Fixture *f, gconstpointer data)
{
  GtkWidget *board = GTK_WIDGET (kiela_window_get_board (f->window));
  GtkWidget *caption = child (f, "caption_label");
  GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (f->window))), 0);
  GdkRectangle geo;

  gdk_monitor_get_geometry (monitor, &geo);
  g_object_unref (monitor);
  show (f, geo.width, geo.height);
  wait_until (window_fills_screen, f, 10000, "the window to fill the screen");
  click (f, KIELA_SOUTH, "i2");
  click (f, KIELA_NORTH, "b3");
  activate (f, "win.go-start");
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  g_assert_false (overlaps (f, child (f, "south_label"), board));
  for (int presenting = 0; presenting < 2; presenting++)
    {
      if (presenting)
        press (f, "F5");
      for (int i = 0; i < 15; i++)
        if (gtk_widget_is_sensitive (GTK_WIDGET (f->window)))
          gtk_widget_activate_action (GTK_WIDGET (f->window), "win.zoom-in", NULL);
      app_test_wait_frames (GTK_WIDGET (f->window), 4);
      press (f, "Page_Down");
      press (f, "Page_Down");
      app_test_wait_frames (GTK_WIDGET (f->window), 4);
      g_test_message ("%s at %dx%d: zoom stops at %.2f", presenting ? "presenting" : "window", geo.width, geo.height,
                      g_settings_get_double (f->prefs, KIELA_SETTINGS_TEXT_ZOOM));
      {
        g_autofree char *png = g_strdup_printf ("zoom-max-%s-%dx%d.png", presenting ? "presenting" : "window",
                                                geo.width, geo.height);
        save_png (f, png);
      }
      g_assert_false (overlaps (f, child (f, "south_label"), board));
      g_assert_false (overlaps (f, child (f, "north_label"), board));
      if (gtk_widget_get_mapped (caption))
        {
          PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (caption));

          g_assert_false (pango_layout_is_ellipsized (layout));
          assert_on_screen (f, caption, "the caption");
        }
      press (f, "<Control>0");
    }
}

/* Page Down / Page Up step one stone whatever has the focus (the move list, a house), across
 * move boundaries; Ctrl+Page Up/Down a whole move; B blanks the board and back. */
static void
test_clicker_keys (Fixture *f, gconstpointer data)
{
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  KielaHouse *house;
  guint ply;

  show (f, 1400, 900);
  click (f, KIELA_SOUTH, "g1");
  click (f, KIELA_NORTH, "a4");
  activate (f, "win.go-start");
  gtk_widget_grab_focus (child (f, "move_list"));
  press (f, "Page_Down");
  press (f, "Page_Down");
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 2);
  press (f, "Page_Up");
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 1);

  ply = kiela_window_get_view_ply (f->window);
  g_assert_cmpuint (ply, ==, 2);
  /* Ctrl+Page Up/Down: the first step (the lift) of the previous/next move. */
  press (f, "<Control>Page_Up");
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 1);
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 1);
  press (f, "<Control>Page_Down");
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 2);
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 1);

  /* A two-button clicker walks the whole game: Page Up before a move's first step goes to
   * the previous move's last stone, Page Down past it enters the next move at its lift. */
  press (f, "Page_Up");
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 1);
  g_assert_true (kiela_trace_player_is_at_end (player));
  press (f, "Page_Down");
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 2);
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 1);
  {
    guint n = kiela_trace_player_get_n_events (player), presses = 0;

    while (!kiela_trace_player_is_at_end (player) && presses < 1000)
      {
        press (f, "Page_Down");
        presses++;
      }
    g_assert_cmpuint (presses, ==, n - 1);
    /* Past the game's last stone: nothing more, nothing lost. */
    press (f, "Page_Down");
    g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 2);
    g_assert_true (kiela_trace_player_is_at_end (player));
    /* And all the way back, one stone at a time, to the start of the game. */
    presses = 0;
    while (kiela_window_get_view_ply (f->window) > 0 && presses < 1000)
      {
        press (f, "Page_Up");
        presses++;
      }
    g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 0);
    /* Back through move 2 to its lift (n - 1), one into move 1's end, through move 1 to
     * its lift, one to the start. */
    g_assert_cmpuint (presses, >=, n);
  }
  press (f, "<Control>Page_Down");
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 1);
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 1);

  /* B: black, nothing else (not the header, not the step bar, not a toast); B again brings it
   * all back. */
  press (f, "b");
  g_assert_cmpfloat (gtk_widget_get_opacity (child (f, "toast_overlay")), ==, 0.0);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (f->window), "kiela-blanked"));
  g_assert_true (gtk_widget_is_ancestor (child (f, "header_bar"), child (f, "content_box")));
  g_assert_true (gtk_widget_is_ancestor (child (f, "game_page"), child (f, "content_box")));
  {
    g_autoptr(GdkTexture) texture = render_texture (GTK_WIDGET (f->window), FALSE);
    int w = gdk_texture_get_width (texture), h = gdk_texture_get_height (texture);
    g_autofree guchar *px = g_malloc ((gsize) w * h * 4);
    guint bright = 0;

    gdk_texture_download (texture, px, (gsize) w * 4);
    /* Away from the window's rounded corners and shadow: every pixel black. */
    for (int y = 16; y < h - 16; y += 7)
      for (int x = 16; x < w - 16; x += 7)
        {
          const guchar *p = px + ((gsize) y * w + x) * 4;

          bright += (p[0] > 24 || p[1] > 24 || p[2] > 24) && p[3] > 0;
        }
    g_assert_cmpuint (bright, ==, 0);
  }
  press (f, "b");
  g_assert_cmpfloat (gtk_widget_get_opacity (child (f, "toast_overlay")), ==, 1.0);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (f->window), "kiela-blanked"));

  /* A click does not leave the focus on a house, where the arrow keys would move between houses. */
  house = kiela_board_view_get_house (kiela_window_get_board (f->window), KIELA_SOUTH, 0);
  g_assert_false (gtk_widget_get_focus_on_click (GTK_WIDGET (house)));
}

/* At 1024×768 the panel is folded away: the narration, and at game over the result and Play
 * Again, are in the caption band under the board. */
static void
test_small_screen (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = NULL;
  KielaPosition pos;

  show (f, 1024, 768);
  g_assert_nonnull (kiela_window_get_caption (f->window));
  g_assert_cmpstr (kiela_window_get_caption (f->window), ==, kiela_window_get_narration (f->window));
  assert_on_screen (f, child (f, "caption_label"), "the narration at 1024×768");

  /* South i1 captures and leaves North without a move (test-window's hint position). */
  g_assert_true (kiela_position_parse ("0,0,1,0,0,0,0,0,0,4/1,0,0,0,0,0,0,0,0,3/1,0,2,0,0,0,0,0,0,1/0,0,0,0,2,0,0,0,2,0 s",
                                       10, &pos, &error));
  game = kiela_game_new_from_position (kiela_registry_lookup_variant (f->registry, "kiela"), &pos, &error);
  g_assert_no_error (error);
  {
    g_autofree char *path = g_build_filename (g_get_user_data_dir (), "end.kiela", NULL);
    g_autofree char *text = kiela_record_to_string (game);

    g_assert_true (g_file_set_contents (path, text, -1, NULL));
    g_assert_true (kiela_window_open_path (f->window, path));
  }
  click (f, KIELA_SOUTH, "i1");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_true (kiela_game_is_over (kiela_window_get_game (f->window)));
  g_assert_nonnull (kiela_window_get_result_text (f->window));
  assert_on_screen (f, child (f, "caption_play_again"), "Play Again at 1024×768");
  assert_on_screen (f, child (f, "status_label"), "the result at 1024×768");
  g_assert_nonnull (strstr (kiela_window_get_status_text (f->window), "wins"));
  save_png (f, "classroom-1024-game-over.png");
}

/* ---------- fixes ---------- */

/* A second refused click replaces the first reason at once; a move played clears it. */
static void
test_refusals_replace (Fixture *f, gconstpointer data)
{
  GtkWidget *overlay = child (f, "toast_overlay");

  click (f, KIELA_NORTH, "d4");
  g_assert_nonnull (strstr (kiela_window_get_last_message (f->window), "d4 belongs to North"));
  click (f, KIELA_SOUTH, "a2");
  g_assert_nonnull (strstr (kiela_window_get_last_message (f->window), "a2 is empty"));
  (void) overlay;
  {
    /* One reason on screen: the toast widgets in the overlay name only the latest. */
    g_autofree char *all = NULL;
    GString *seen = g_string_new (NULL);
    GtkWidget *stack[64];
    int top = 0;

    app_test_wait_frames (GTK_WIDGET (f->window), 2);
    stack[top++] = overlay;
    while (top > 0)
      {
        GtkWidget *w = stack[--top];
        if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w))
          g_string_append_printf (seen, "%s\n", gtk_label_get_text (GTK_LABEL (w)));
        for (GtkWidget *c = gtk_widget_get_first_child (w); c && top < 64; c = gtk_widget_get_next_sibling (c))
          if (c != child (f, "game_page"))
            stack[top++] = c;
      }
    all = g_string_free (seen, FALSE);
    g_assert_null (strstr (all, "belongs to North"));
  }
  click (f, KIELA_SOUTH, "g1");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 1);
}

/* Reviewing the start: the status says so (not "move 0 of 2"), the narration says how to get
 * back or try another line, and a click on a house that cannot play there says why. */
static void
test_review_says_so (Fixture *f, gconstpointer data)
{
  click (f, KIELA_SOUTH, "g1");
  click (f, KIELA_NORTH, "a4");
  kiela_window_review_ply (f->window, 0);
  g_assert_cmpstr (kiela_window_get_status_text (f->window), ==, "Reviewing the start position");
  g_assert_nonnull (strstr (kiela_window_get_narration (f->window), "Back to Game"));
  g_assert_false (gtk_widget_get_visible (child (f, "review_label")));
  /* A move there would start a variation; a house of the side not to move says why it cannot. */
  click (f, KIELA_NORTH, "c3");
  g_assert_nonnull (strstr (kiela_window_get_last_message (f->window), "belongs to North"));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 2);
  kiela_window_review_ply (f->window, 1);
  g_assert_cmpstr (kiela_window_get_status_text (f->window), ==, "Reviewing move 1, South g1");
  /* North's reply belongs to turn 1 of the move list ("1. South g1", then "North a4"): the
   * status counts turns as the list does, not plies. */
  kiela_window_review_ply (f->window, 2);
  {
    KielaMove moves[KIELA_MAX_MOVES];

    g_assert_cmpuint (kiela_game_legal_moves (kiela_window_get_game (f->window), moves), >, 0);
    g_signal_emit_by_name (kiela_window_get_board (f->window), "house-activated", (guint) KIELA_SOUTH, (guint) moves[0]);
  }
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 3);
  kiela_window_review_ply (f->window, 2);
  spin (50);
  {
    GtkWidget *view = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->window), KIELA_TYPE_WINDOW, "move_list"));
    g_autoptr(GPtrArray) rows = app_test_move_rows (view, FALSE, NULL);

    g_assert_cmpuint (rows->len, ==, 4);
    g_assert_true (g_str_has_prefix (g_ptr_array_index (rows, 1), "1. South g1"));
    g_assert_true (g_str_has_prefix (g_ptr_array_index (rows, 2), "North a4"));
  }
  g_assert_cmpstr (kiela_window_get_status_text (f->window), ==, "Reviewing move 1, North a4");
}

/* A click during the sowing finishes the animation and plays. */
static void
test_click_during_animation (Fixture *f, gconstpointer data)
{
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);

  click (f, KIELA_SOUTH, "g1");
  g_assert_true (kiela_trace_player_get_playing (player));
  click (f, KIELA_NORTH, "a4");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 2);
}

static gboolean
is_raw_key_label (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_SHORTCUT_LABEL)
         && strchr (gtk_label_get_label (GTK_LABEL (widget)), '_') != NULL;
}

static gboolean
is_page_up_label (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_SHORTCUT_LABEL)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), "Page Up") == 0;
}

/* The keyboard shortcuts window names keys in words, never by keysym ("Page_Up"). */
static void
test_shortcut_names (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/kiela/Kiela/ui/kiela-shortcuts-window.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  GtkWidget *stack[256];
  int top = 0, n_labels = 0;

  g_assert_nonnull (overlay);
  kiela_presentation_name_keys (overlay);
  stack[top++] = overlay;
  while (top > 0)
    {
      GtkWidget *w = stack[--top];
      if (GTK_IS_LABEL (w) && gtk_widget_get_ancestor (w, GTK_TYPE_SHORTCUT_LABEL))
        {
          const char *text = gtk_label_get_label (GTK_LABEL (w));
          n_labels++;
          if (strchr (text, '_') != NULL)
            g_error ("the shortcuts window shows the raw key name “%s”", text);
        }
      for (GtkWidget *c = gtk_widget_get_first_child (w); c && top < 256; c = gtk_widget_get_next_sibling (c))
        stack[top++] = c;
    }
  g_assert_cmpint (n_labels, >, 20);
  gtk_window_destroy (GTK_WINDOW (overlay));
}

/* The window's win.show-help-overlay makes the shortcuts window when first asked for, keys named:
 * a GtkShortcutsWindow over the window, or, where libadwaita has one (1.8), an
 * AdwShortcutsDialog inside it (kiela-compat). */
static void
test_shortcuts_window (Fixture *f, gconstpointer data)
{
  GtkApplicationWindow *window = GTK_APPLICATION_WINDOW (f->window);
  GtkWidget *shown;
  GLogLevelFlags fatal;

  /* GTK 4.8's shortcuts window warns that it measures some labels at -3 px, whoever shows it. */
  fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_assert_null (kiela_compat_shortcuts_find (window));
  activate (f, "win.show-help-overlay");
  shown = kiela_compat_shortcuts_find (window);
  g_assert_nonnull (shown);
  g_assert_true (gtk_widget_get_visible (shown));
  if (GTK_IS_WINDOW (shown))
    {
      /* Deprecated in GTK 4.18, replaced by AdwShortcutsDialog (libadwaita 1.8, the other branch). */
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      g_assert_true (gtk_application_window_get_help_overlay (window) == GTK_SHORTCUTS_WINDOW (shown));
      G_GNUC_END_IGNORE_DEPRECATIONS
      g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (shown)) == GTK_WINDOW (f->window));
      g_assert_null (app_test_find_widget (shown, is_raw_key_label, NULL));
      g_assert_nonnull (app_test_find_widget (shown, is_page_up_label, NULL));
      /* Closed and asked for again: the same window comes back. */
      gtk_window_close (GTK_WINDOW (shown));
      g_assert_false (gtk_widget_get_visible (shown));
    }
  else
    {
      g_assert_true (gtk_widget_get_root (shown) == GTK_ROOT (f->window));
      kiela_compat_close_dialogs (GTK_WINDOW (f->window));
      g_assert_null (gtk_widget_get_parent (shown));
    }
  activate (f, "win.show-help-overlay");
  g_assert_true (kiela_compat_shortcuts_find (window) == shown);
  g_assert_true (gtk_widget_get_visible (shown));
  g_log_set_always_fatal (fatal);
}

static double
board_top (Fixture *f)
{
  graphene_rect_t b;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (kiela_window_get_board (f->window)),
                                            GTK_WIDGET (f->window), &b));
  return b.origin.y;
}

/* The board stays where it is when the expert setup bar appears and goes. */
static void
test_setup_bar_steady (Fixture *f, gconstpointer data)
{
  double top;

  show (f, 1400, 900);
  top = board_top (f);
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela-expert"), NULL, NULL);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (child (f, "setup_revealer"))));
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpfloat (ABS (board_top (f) - top), <, 1.0);
  activate (f, "win.setup-skip");
  activate (f, "win.setup-skip");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (child (f, "setup_revealer"))));
  g_assert_cmpfloat (ABS (board_top (f) - top), <, 1.0);
}

/* A damaged file: the banner says so in words and names it; the parser's own message
 * ("<data>:1:2: Parse error: ...") is only under Details. */
static void
test_banner_in_words (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "broken.kiela", NULL);
  const char *banner;

  g_assert_true (g_file_set_contents (path, "{\"format\": \"kiela-record\", \"moves\": [\"g1", -1, NULL));
  g_assert_false (kiela_window_open_path (f->window, path));
  banner = kiela_window_get_banner_text (f->window);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "broken.kiela"));
  g_assert_nonnull (strstr (banner, "damaged"));
  g_assert_null (strstr (banner, "<data>"));
  g_assert_null (strstr (banner, "JSON"));
  g_assert_true (gtk_widget_get_visible (child (f, "banner_details")));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (child (f, "banner_detail_label"))), "JSON"));
}

/* After a click the clicked house shows no tooltip (it covered the neighbours' counts) until
 * the pointer leaves it; then hovering shows it again. */
static void
test_no_tooltip_after_click (Fixture *f, gconstpointer data)
{
  KielaSquare sq;
  KielaHouse *house;
  g_autoptr(GListModel) controllers = NULL;
  gboolean left = FALSE;
  g_autofree char *tooltip = NULL;

  show (f, 1400, 900);
  g_assert_true (kiela_square_parse (10, "g1", &sq, NULL));
  house = kiela_board_view_get_house (kiela_window_get_board (f->window), KIELA_SOUTH, sq.house);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (house)));
  g_signal_emit_by_name (house, "clicked");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 1);
  /* The counts changed (g1 is empty now), and still no tooltip. */
  g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (house)));
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (house));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        {
          g_signal_emit_by_name (c, "leave");
          left = TRUE;
        }
    }
  g_assert_true (left);
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (house)));
  tooltip = kiela_house_dup_tooltip (house);
  g_assert_nonnull (strstr (tooltip, "g1"));
}

/* Under a modal dialog no house shows its tooltip (GTK showed it above the dialog); gone, they do. */
static void
test_no_tooltip_under_dialog (Fixture *f, gconstpointer data)
{
  KielaHouse *house = kiela_board_view_get_house (kiela_window_get_board (f->window), KIELA_SOUTH, 6);
  GtkWidget *question;

  show (f, 1400, 900);
  g_assert_true (kiela_house_get_tooltip_allowed (house));
  question = kiela_compat_question_new ("A question", "Over the window.");
  kiela_compat_question_add_response (question, "cancel", "_Cancel", ADW_RESPONSE_DEFAULT);
  kiela_compat_question_set_close_response (question, "cancel");
  kiela_compat_question_present (question, GTK_WINDOW (f->window), NULL, NULL, NULL);
  wait_until (app_test_widget_shown, question, 10000, "the dialog");
  g_assert_false (kiela_house_get_tooltip_allowed (house));
  kiela_compat_question_respond (question, "cancel");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_true (kiela_house_get_tooltip_allowed (house));
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-classroom");
  app_test_disable_animations ();

  /* The tests write their records where the app keeps its data. */
  g_assert_cmpint (g_mkdir_with_parents (g_get_user_data_dir (), 0700), ==, 0);

#define ADD(path, speed, fn) \
  g_test_add (path, Fixture, GINT_TO_POINTER (speed), fixture_setup, fn, fixture_teardown)
  ADD ("/app/classroom/presentation-caption", KIELA_SPEED_INSTANT, test_presentation_caption);
  ADD ("/app/classroom/zoom-cap", KIELA_SPEED_INSTANT, test_zoom_cap);
  ADD ("/app/classroom/file-stem", KIELA_SPEED_INSTANT, test_file_stem);
  ADD ("/app/classroom/zoom", KIELA_SPEED_INSTANT, test_zoom);
  ADD ("/app/classroom/clicker-keys", KIELA_SPEED_INSTANT, test_clicker_keys);
  ADD ("/app/classroom/small-screen", KIELA_SPEED_INSTANT, test_small_screen);
  ADD ("/app/classroom/refusals-replace", KIELA_SPEED_INSTANT, test_refusals_replace);
  ADD ("/app/classroom/review-says-so", KIELA_SPEED_INSTANT, test_review_says_so);
  ADD ("/app/classroom/click-during-animation", KIELA_SPEED_VERY_SLOW, test_click_during_animation);
  ADD ("/app/classroom/setup-bar-steady", KIELA_SPEED_INSTANT, test_setup_bar_steady);
  ADD ("/app/classroom/banner-in-words", KIELA_SPEED_INSTANT, test_banner_in_words);
  ADD ("/app/classroom/no-tooltip-after-click", KIELA_SPEED_INSTANT, test_no_tooltip_after_click);
  ADD ("/app/classroom/no-tooltip-under-dialog", KIELA_SPEED_INSTANT, test_no_tooltip_under_dialog);
  /* The last move in view under the game-over card: test-move-list-end.c, from the rows themselves. */
  ADD ("/app/classroom/shortcuts-window", KIELA_SPEED_INSTANT, test_shortcuts_window);
  g_test_add_func ("/app/classroom/shortcut-names", test_shortcut_names);
  return g_test_run ();
}
