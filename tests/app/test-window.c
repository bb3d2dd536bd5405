/* test-window.c: widget tests of the Kiela main window under Xvfb: playing by clicking, the
 * stone-by-stone trace player, undo/redo, review, keyboard play, refused clicks explained, the
 * hint, the pages, and a PNG of the window after a few moves.  The rest of the window's tests:
 * test-window-files.c, test-window-games.c, test-window-panel.c. */
#include "config.h"

#include <string.h>

#include "kiela-ai-player.h"
#include "kiela-trace-player.h"
#include "kiela-settings.h"
#include "kiela-board-view-private.h"
#include "app-test-render.h"
#include "app-test-window-fixture.h"

/* Every house's hover tooltip ("g1 — 3 stones") names the count the board shows now. */
static void
assert_tooltips_match (KielaBoardView *board, const KielaPosition *pos)
{
  for (int side = 0; side < 2; side++)
    for (guint h = 0; h < 2u * pos->files; h++)
      {
        KielaHouse *house = kiela_board_view_get_house (board, side, h);
        g_autofree char *tip = kiela_house_dup_tooltip (house);
        g_autofree char *sq = kiela_square_name_dup (pos->files, side, h);
        g_autofree char *count = g_strdup_printf (" %u stone", pos->houses[side][h]);

        g_assert_nonnull (tip);
        g_assert_true (g_str_has_prefix (tip, sq));
        if (strstr (tip, count) == NULL)
          g_error ("tooltip of %s is “%s”, but it holds %u", sq, tip, pos->houses[side][h]);
      }
}

/* ---------- tests ---------- */

/* Rules file, section 11: South g1 from the start gives exactly this. */
static const guint16 south_after_g1[20] = { 2,2,2,2,2,2,0,3,0,3, 3,0,3,3,1,0,0,0,0,0 };

static void
test_click_plays_move (Fixture *f, gconstpointer data)
{
  KielaBoardView *board = kiela_window_get_board (f->window);
  KielaGame *game;
  const KielaPosition *shown;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  game = kiela_window_get_game (f->window);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 0);
  g_assert_true (kiela_board_view_get_interactive (board));

  /* Each label counts the side's stones on the board (issue 10: a live count during play). */
  assert_side_label (f, KIELA_SOUTH, "▶ South · Human");
  assert_side_label (f, KIELA_NORTH, "North · Human");
  click (f, KIELA_SOUTH, "g1");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 1);
  wait_until (player_at_end, f, 5000, "the sowing to finish");
  assert_side_label (f, KIELA_NORTH, "▶ North · Human");
  assert_side_label (f, KIELA_SOUTH, "South · Human");

  shown = kiela_board_view_get_position (board);
  for (guint h = 0; h < 20; h++)
    g_assert_cmpuint (shown->houses[KIELA_SOUTH][h], ==, south_after_g1[h]);
  assert_positions_equal (shown, kiela_game_get_position (game));
  g_assert_cmpuint (kiela_position_total (shown), ==, 56);

  /* North to move now: a South house and an empty North house are refused, with a reason. */
  click (f, KIELA_SOUTH, "a1");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 1);
  g_assert_nonnull (strstr (kiela_window_get_last_message (f->window), "a1"));
  click (f, KIELA_NORTH, "j3");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 1);
  g_assert_nonnull (strstr (kiela_window_get_last_message (f->window), "j3"));

  /* The move is autosaved. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaGame) saved = kiela_record_load (f->registry, f->autosave, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (kiela_game_get_n_moves (saved), ==, 1);
  }
}

static void
test_step_through (Fixture *f, gconstpointer data)
{
  KielaBoardView *board = kiela_window_get_board (f->window);
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  const KielaTrace *trace;
  KielaPosition expected;
  guint n, hand;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  trace = kiela_trace_player_get_trace (player);
  g_assert_nonnull (trace);
  n = kiela_trace_player_get_n_events (player);
  /* g1: lift, 2 drops, relay, 3 drops, relay, 3 drops, end (rules file section 11). */
  g_assert_cmpuint (n, >=, 10);
  g_assert_true (kiela_trace_player_get_playing (player));

  /* The board refuses clicks while the move is sown. */
  g_assert_false (kiela_board_view_get_interactive (board));

  activate (f, "win.go-start");
  g_assert_false (kiela_trace_player_get_playing (player));
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 0);
  assert_positions_equal (kiela_board_view_get_position (board), &trace->before);

  for (guint i = 1; i <= n; i++)
    {
      activate (f, "win.step-forward");
      g_assert_cmpuint (kiela_trace_player_get_index (player), ==, i);
      kiela_trace_position_at (trace, i, &expected, &hand);
      assert_positions_equal (kiela_board_view_get_position (board), &expected);
      assert_tooltips_match (board, &expected);
    }
  g_assert_true (kiela_trace_player_is_at_end (player));

  /* The first event lifts g1: the board marks it. */
  activate (f, "win.go-start");
  activate (f, "win.step-forward");
  g_assert_cmpint (kiela_trace_get_event (trace, 0)->type, ==, KIELA_EVENT_LIFT);
  g_assert_cmpint (kiela_board_view_get_highlight (board, KIELA_SOUTH, 6), ==, KIELA_HIGHLIGHT_LIFT);
  g_assert_cmpuint (kiela_board_view_get_position (board)->houses[KIELA_SOUTH][6], ==, 0);

  for (guint i = 0; i < 4; i++)
    activate (f, "win.step-forward");
  activate (f, "win.step-back");
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 4);
  kiela_trace_position_at (trace, 4, &expected, &hand);
  assert_positions_equal (kiela_board_view_get_position (board), &expected);
  assert_tooltips_match (board, &expected);

  activate (f, "win.go-end");
  g_assert_true (kiela_trace_player_is_at_end (player));
  assert_positions_equal (kiela_board_view_get_position (board), kiela_game_get_position (kiela_window_get_game (f->window)));
  g_assert_true (kiela_board_view_get_interactive (board));

  /* Play replays the move from its first stone and stops at the end. */
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_VERY_FAST);
  activate (f, "win.play-pause");
  g_assert_true (kiela_trace_player_get_playing (player));
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 0);
  wait_until (player_at_end, f, 10000, "the replay to finish");
  assert_positions_equal (kiela_board_view_get_position (board), kiela_game_get_position (kiela_window_get_game (f->window)));
}

/* The capture of the rules file (South i2, North b3): both captured houses flash. */
static void
test_capture_flash (Fixture *f, gconstpointer data)
{
  KielaBoardView *board = kiela_window_get_board (f->window);
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  const KielaTrace *trace;
  guint capture_at = G_MAXUINT;
  KielaSquare d2, d1;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "i2");
  click (f, KIELA_NORTH, "b3");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 2);
  trace = kiela_trace_player_get_trace (player);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    if (kiela_trace_get_event (trace, i)->type == KIELA_EVENT_CAPTURE)
      capture_at = i;
  g_assert_cmpuint (capture_at, !=, G_MAXUINT);

  kiela_trace_player_set_index (player, capture_at + 1);
  kiela_square_parse (10, "d2", &d2, NULL);
  kiela_square_parse (10, "d1", &d1, NULL);
  g_assert_cmpint (kiela_board_view_get_highlight (board, KIELA_SOUTH, d2.house), ==, KIELA_HIGHLIGHT_CAPTURED);
  g_assert_cmpint (kiela_board_view_get_highlight (board, KIELA_SOUTH, d1.house), ==, KIELA_HIGHLIGHT_CAPTURED);
  /* Captured stones are in North's hand, off the board, until they are sown. */
  g_assert_cmpuint (kiela_board_view_get_position (board)->houses[KIELA_SOUTH][d2.house], ==, 0);
  g_assert_cmpuint (kiela_board_view_get_position (board)->houses[KIELA_SOUTH][d1.house], ==, 0);

  /* With "pause at captures", a replay stops right after the capture, for the teacher to explain. */
  g_settings_set_boolean (f->prefs, KIELA_SETTINGS_PAUSE_ON_CAPTURE, TRUE);
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_VERY_FAST);
  activate (f, "win.go-start");
  activate (f, "win.play-pause");
  g_assert_true (kiela_trace_player_get_playing (player));
  {
    gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
    while (kiela_trace_player_get_playing (player) && g_get_monotonic_time () < end)
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
  }
  g_assert_false (kiela_trace_player_get_playing (player));
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, capture_at + 1);
  g_assert_false (kiela_trace_player_is_at_end (player));

  activate (f, "win.go-end");
  /* Rules file section 11: North ends with 31 stones, South with 25. */
  g_assert_cmpuint (kiela_position_side_total (kiela_board_view_get_position (board), KIELA_NORTH), ==, 31);
  g_assert_cmpuint (kiela_position_side_total (kiela_board_view_get_position (board), KIELA_SOUTH), ==, 25);
}

static void
test_undo_redo (Fixture *f, gconstpointer data)
{
  KielaBoardView *board = kiela_window_get_board (f->window);
  KielaGame *game;
  KielaPosition after_one;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  game = kiela_window_get_game (f->window);
  click (f, KIELA_SOUTH, "g1");
  after_one = *kiela_game_get_position (game);
  click (f, KIELA_NORTH, "a4");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);

  activate (f, "win.undo");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 1);
  assert_positions_equal (kiela_board_view_get_position (board), &after_one);
  g_assert_true (kiela_board_view_get_interactive (board));
  {
    g_autoptr(KielaGame) saved = kiela_record_load (f->registry, f->autosave, NULL);
    g_assert_nonnull (saved);
    g_assert_cmpuint (kiela_game_get_n_moves (saved), ==, 1);
  }

  activate (f, "win.redo");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);
  wait_until (player_at_end, f, 10000, "the redone move to be sown");
  assert_positions_equal (kiela_board_view_get_position (board), kiela_game_get_position (game));
  {
    g_autofree char *name = kiela_game_dup_move_name (game, 1);
    g_assert_cmpstr (name, ==, "a4");
  }

  activate (f, "win.undo");
  activate (f, "win.undo");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 0);
  g_assert_false (action_enabled (f, "undo"));
  assert_positions_equal (kiela_board_view_get_position (board), kiela_game_get_position (game));
}

static void
test_review (Fixture *f, gconstpointer data)
{
  KielaBoardView *board = kiela_window_get_board (f->window);
  KielaGame *game;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  game = kiela_window_get_game (f->window);
  click (f, KIELA_SOUTH, "g1");
  click (f, KIELA_NORTH, "a4");
  click (f, KIELA_SOUTH, "h1");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 3);

  kiela_window_review_ply (f->window, 1);
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 1);
  assert_positions_equal (kiela_board_view_get_position (board), kiela_game_get_position_at (game, 1));
  /* An earlier position takes a move (into a variation): North's, here; a South house says why not. */
  g_assert_true (kiela_board_view_get_interactive (board));
  click (f, KIELA_SOUTH, "h1");
  g_assert_nonnull (strstr (kiela_window_get_last_message (f->window), "belongs to South"));
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 3);
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 1);

  activate (f, "win.previous-move");
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 0);
  assert_positions_equal (kiela_board_view_get_position (board), kiela_game_get_position_at (game, 0));

  activate (f, "win.back-to-game");
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 3);
  assert_positions_equal (kiela_board_view_get_position (board), kiela_game_get_position (game));
  g_assert_true (kiela_board_view_get_interactive (board));
}

/* Keyboard-only play: Tab (and Shift+Tab) reach the board and never get stuck on one widget. */
static void
test_tab_chain (Fixture *f, gconstpointer data)
{
  static const GtkDirectionType dirs[] = { GTK_DIR_TAB_FORWARD, GTK_DIR_TAB_BACKWARD };

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1366, 768);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  spin (200);

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      gboolean reached_board = FALSE;

      for (int i = 0; i < 24; i++)
        {
          GtkWidget *before = gtk_root_get_focus (GTK_ROOT (f->window));
          GtkWidget *after;

          if (!gtk_widget_child_focus (GTK_WIDGET (f->window), dirs[d]))
            continue;  /* wrapped around the end of the chain */
          after = gtk_root_get_focus (GTK_ROOT (f->window));
          if (after == before)
            g_error ("Tab is stuck on %s", after ? G_OBJECT_TYPE_NAME (after) : "nothing");
          if (after && KIELA_IS_HOUSE (after))
            reached_board = TRUE;
        }
      g_assert_true (reached_board);
    }

  /* From a house, Enter sows it: the focused house is a playable one. */
  {
    GtkWidget *focus;
    for (int i = 0; i < 24; i++)
      {
        focus = gtk_root_get_focus (GTK_ROOT (f->window));
        if (focus && KIELA_IS_HOUSE (focus))
          break;
        gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD);
      }
    focus = gtk_root_get_focus (GTK_ROOT (f->window));
    g_assert_true (KIELA_IS_HOUSE (focus));
    g_assert_true (kiela_house_get_playable (KIELA_HOUSE (focus)));
    g_signal_emit_by_name (focus, "activate");
    g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 1);
  }
}

static void
test_render_png (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (g_getenv ("KIELA_TEST_OUTDIR") ? g_getenv ("KIELA_TEST_OUTDIR") : ".",
                                            "kiela-window.png", NULL);
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GdkTexture) loaded = NULL;
  g_autoptr(GError) error = NULL;
  int w, h;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "i2");
  click (f, KIELA_NORTH, "b3");
  click (f, KIELA_SOUTH, "g1");
  activate (f, "win.go-start");
  for (int i = 0; i < 6; i++)
    activate (f, "win.step-forward");

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1600, 1000);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  spin (500);

  w = gtk_widget_get_width (GTK_WIDGET (f->window));
  h = gtk_widget_get_height (GTK_WIDGET (f->window));
  texture = render_texture (GTK_WIDGET (f->window), FALSE);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("window rendered to %s", path);

  loaded = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (loaded), ==, w);
  g_assert_cmpint (gdk_texture_get_height (loaded), ==, h);
  /* Not a blank image: many distinct colours (wood, stones, text). */
  {
    gsize stride = (gsize) w * 4;
    g_autofree guchar *pixels = g_malloc (stride * h);
    g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);

    gdk_texture_download (loaded, pixels, stride);
    for (int y = 0; y < h; y += 7)
      for (int x = 0; x < w; x += 7)
        {
          guint32 px;
          memcpy (&px, pixels + y * stride + x * 4, 4);
          g_hash_table_add (colours, GUINT_TO_POINTER (px));
        }
    g_assert_cmpuint (g_hash_table_size (colours), >, 200);
  }
}

/* The window's own shortcut bound to `accel` (the plain keys of the step controls). */
/* Presses `accel` as the window's shortcut controller would: runs the action bound to it. */
static void
press (Fixture *f, const char *accel)
{
  app_test_press (GTK_WIDGET (f->window), accel);
}

/* Issue 3: Space, Left, Right, Home and End drive the step-through of the shown move. */
static void
test_step_keys (Fixture *f, gconstpointer data)
{
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  KielaBoardView *board = kiela_window_get_board (f->window);
  const KielaTrace *trace;
  KielaPosition expected;
  guint hand;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  trace = kiela_trace_player_get_trace (player);
  g_assert_true (kiela_trace_player_get_playing (player));

  press (f, "Home");
  g_assert_false (kiela_trace_player_get_playing (player));
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 0);
  assert_positions_equal (kiela_board_view_get_position (board), &trace->before);

  press (f, "Right");
  press (f, "Right");
  press (f, "Right");
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 3);
  press (f, "Left");
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 2);
  kiela_trace_position_at (trace, 2, &expected, &hand);
  assert_positions_equal (kiela_board_view_get_position (board), &expected);

  press (f, "End");
  g_assert_true (kiela_trace_player_is_at_end (player));
  assert_positions_equal (kiela_board_view_get_position (board), kiela_game_get_position (kiela_window_get_game (f->window)));

  /* Space replays the move from its first stone, Space again pauses it. */
  press (f, "space");
  g_assert_true (kiela_trace_player_get_playing (player));
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 0);
  press (f, "space");
  g_assert_false (kiela_trace_player_get_playing (player));
  g_assert_false (kiela_trace_player_is_at_end (player));
}

/* Opens `kpn` (a kiela position) in the window as a saved game. */
static void
open_position (Fixture *f, const char *kpn, const char *name)
{
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = NULL;
  g_autofree char *text = NULL;
  KielaPosition pos;

  g_assert_true (kiela_position_parse (kpn, 10, &pos, &error));
  game = kiela_game_new_from_position (kiela_registry_lookup_variant (f->registry, "kiela"), &pos, &error);
  g_assert_no_error (error);
  text = kiela_record_to_string (game);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (kiela_window_open_path (f->window, path));
}

static void
assert_click_refused (Fixture *f, KielaSide side, const char *square, const char *why)
{
  KielaPosition before = *kiela_game_get_position (kiela_window_get_game (f->window));
  guint n = kiela_game_get_n_moves (kiela_window_get_game (f->window));
  const char *msg;

  click (f, side, square);
  msg = kiela_window_get_last_message (f->window);
  if (msg == NULL || strstr (msg, why) == NULL)
    g_error ("clicking %s said “%s”, expected “%s”", square, msg ? msg : "(nothing)", why);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, n);
  assert_positions_equal (kiela_game_get_position (kiela_window_get_game (f->window)), &before);
}

/* Issue 3: clicking a house that may not be sown plays nothing and says why. */
static void
test_illegal_click_explains (Fixture *f, gconstpointer data)
{
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  assert_click_refused (f, KIELA_NORTH, "d4", "d4 belongs to North");
  assert_click_refused (f, KIELA_SOUTH, "a2", "a2 is empty");
  click (f, KIELA_SOUTH, "g1");
  click (f, KIELA_NORTH, "a4");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 2);
  /* Rules section 11: g1 ends in the empty f2, which now holds 1 stone. */
  assert_click_refused (f, KIELA_SOUTH, "f2", "f2 holds 1 stone: Kiela needs at least 2");

  /* Rules section 8: the 165-lap cycle from a2. */
  open_position (f, "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/2,1,0,1,2,0,1,2,0,1/2,1,3,2,1,0,1,0,1,0 s",
                 "endless.kiela");
  assert_click_refused (f, KIELA_SOUTH, "a2", "counts as endless");
}

static gboolean
hint_shown (gpointer data)
{
  Fixture *f = data;
  const char *msg = kiela_window_get_last_message (f->window);

  return msg != NULL && g_str_has_prefix (msg, "Hint: sow ");
}

/* Issue 4: Hint names a move with a reason and marks its house on the board. */
static void
test_hint (Fixture *f, gconstpointer data)
{
  KielaBoardView *board = kiela_window_get_board (f->window);
  const char *msg;
  KielaSquare sq;

  if (kiela_ai_strongest_personality (f->registry) == NULL)
    g_error ("no AI personality is loaded: the hint needs one");
  /* South i1 captures 7 stones and leaves North without a move (test-ai's hand-made position). */
  open_position (f, "0,0,1,0,0,0,0,0,0,4/1,0,0,0,0,0,0,0,0,3/1,0,2,0,0,0,0,0,0,1/0,0,0,0,2,0,0,0,2,0 s",
                 "hint.kiela");
  activate (f, "win.hint");
  wait_until (hint_shown, f, 20000, "the hint");
  msg = kiela_window_get_last_message (f->window);
  g_assert_true (g_str_has_prefix (msg, "Hint: sow i1."));
  /* A reason follows the move. */
  g_assert_cmpuint (strlen (msg), >, strlen ("Hint: sow i1. "));
  g_assert_true (kiela_square_parse (10, "i1", &sq, NULL));
  g_assert_cmpint (kiela_board_view_get_highlight (board, KIELA_SOUTH, sq.house), ==, KIELA_HIGHLIGHT_HINT);
  /* Nothing was played. */
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 0);
}

/* Pages: another page hides the game's header buttons, shows a back button and its own title;
 * win.show-page::game comes back to the game with the game's title. */
static void
test_pages (Fixture *f, gconstpointer data)
{
  GtkWidget *page = gtk_label_new ("a page");
  GtkWidget *header_back = NULL;
  const char *title;

  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  g_assert_false (kiela_window_show_page (f->window, "no-such-page"));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");

  kiela_window_add_page (f->window, "test-page", "A Test Page", page);
  g_assert_true (kiela_window_show_page (f->window, "test-page"));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "test-page");
  g_assert_true (gtk_widget_get_mapped (page));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "A Test Page");
  /* The game's undo/redo/hint are not offered away from the board; the back button is. */
  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (f->window)); w; )
    {
      if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), "win.show-page") == 0)
        header_back = w;
      if (gtk_widget_get_first_child (w))
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w && !gtk_widget_get_next_sibling (w) && w != GTK_WIDGET (f->window))
            w = gtk_widget_get_parent (w);
          w = (w && w != GTK_WIDGET (f->window)) ? gtk_widget_get_next_sibling (w) : NULL;
        }
      if (header_back)
        break;
    }
  g_assert_nonnull (header_back);
  g_assert_true (gtk_widget_get_visible (header_back));
  for (GtkWidget *w = header_back; w; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), "win.undo") == 0)
      g_assert_false (gtk_widget_get_visible (w));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "game"));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  g_assert_false (gtk_widget_get_visible (header_back));
  title = gtk_window_get_title (GTK_WINDOW (f->window));
  g_assert_cmpstr (title, ==, "Kiela");
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-window");

  ADD ("/app/window/click-plays-move", KIELA_SPEED_VERY_FAST, test_click_plays_move);
  ADD ("/app/window/step-through", KIELA_SPEED_NORMAL, test_step_through);
  ADD ("/app/window/capture-flash", KIELA_SPEED_INSTANT, test_capture_flash);
  ADD ("/app/window/undo-redo", KIELA_SPEED_INSTANT, test_undo_redo);
  ADD ("/app/window/review", KIELA_SPEED_INSTANT, test_review);
  ADD ("/app/window/tab-chain", KIELA_SPEED_INSTANT, test_tab_chain);
  ADD ("/app/window/render-png", KIELA_SPEED_INSTANT, test_render_png);
  ADD ("/app/window/step-keys", KIELA_SPEED_NORMAL, test_step_keys);
  ADD ("/app/window/illegal-click-explains", KIELA_SPEED_INSTANT, test_illegal_click_explains);
  ADD ("/app/window/hint", KIELA_SPEED_INSTANT, test_hint);
  ADD ("/app/window/pages", KIELA_SPEED_INSTANT, test_pages);

  return g_test_run ();
}
