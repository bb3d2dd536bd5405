/* test-window.c: widget tests of the Kiela main window under Xvfb: playing by clicking, the
 * stone-by-stone trace player, undo/redo, review, save/open, corrupt files and autosave, the
 * expert setup, AI opponents, and a PNG of the window after a few moves. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-compat.h"
#include "kiela-application.h"
#include "kiela-ai-player.h"
#include "kiela-trace-player.h"
#include "kiela-settings.h"
#include "kiela-new-game-dialog.h"
#include "kiela-preferences-window.h"
#include "kiela-board-view-private.h"
#include "kiela-step-list.h"
#include "kiela-narrate.h"
#include "app-test-util.h"
#include "app-test-render.h"
#include "kiela-move-list-model.h"
#include "tests/test-plugin-util.h"

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  char *dir;
  char *autosave;
  guint want_moves;   /* for has_moves() */
} Fixture;

/* ---------- helpers ---------- */

static KielaWindow *
make_window (Fixture *f)
{
  return app_test_window_new (f->registry, f->prefs, f->autosave);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  g_assert_nonnull (kiela_registry_lookup_variant (f->registry, "kiela"));

  /* main() pointed the XDG homes at a temp dir; each test gets its own fresh folder in it. */
  g_assert_true (g_str_has_prefix (g_get_user_data_dir (), g_get_tmp_dir ()));
  f->dir = g_build_filename (g_get_user_data_dir (), "kiela", g_test_get_path (), NULL);
  g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
  f->autosave = g_build_filename (f->dir, "autosave.kiela", NULL);
  /* The memory backend lives as long as the process: every test starts from the defaults. */
  f->prefs = app_test_settings_new ();
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, GPOINTER_TO_INT (data));
  f->window = make_window (f);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  /* Closing the window ends its session: nothing the computer still thinks can land later. */
  KielaGameSession *session = kiela_window_get_session (f->window);

  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *) &session);
  g_clear_pointer (&f->window, app_test_window_free);
  g_assert_null (session);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
  g_free (f->dir);
  g_free (f->autosave);
}

static void
assert_positions_equal (const KielaPosition *a, const KielaPosition *b)
{
  g_assert_cmpuint (a->files, ==, b->files);
  for (int side = 0; side < 2; side++)
    for (guint h = 0; h < 2u * a->files; h++)
      {
        if (a->houses[side][h] != b->houses[side][h])
          g_error ("side %d house %u: %u != %u", side, h, a->houses[side][h], b->houses[side][h]);
      }
}

static void
click (Fixture *f, KielaSide side, const char *square)
{
  KielaSquare sq;
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_square_parse (kiela_game_get_position (kiela_window_get_game (f->window))->files,
                                     square, &sq, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sq.side, ==, side);
  g_signal_emit_by_name (kiela_window_get_board (f->window), "house-activated", (guint) side, (guint) sq.house);
}

static void
activate (Fixture *f, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
}

/* An action's enabled state as the user sees it: the button bound to it is sensitive or not. */
static gboolean
is_actionable_for (GtkWidget *widget, gconstpointer action)
{
  return GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static GtkWidget *
find_actionable (GtkWidget *widget, const char *action)
{
  return app_test_find_widget (widget, is_actionable_for, action);
}

static gboolean
action_enabled (Fixture *f, const char *name)
{
  g_autofree char *full = g_strconcat ("win.", name, NULL);
  GtkWidget *button = find_actionable (GTK_WIDGET (f->window), full);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

static gboolean
player_at_end (gpointer data)
{
  Fixture *f = data;
  KielaTracePlayer *p = kiela_window_get_trace_player (f->window);

  return kiela_trace_player_is_at_end (p) && !kiela_trace_player_get_playing (p);
}

static char *
read_file (const char *path, gsize *len)
{
  char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &text, len, &error);
  g_assert_no_error (error);
  return text;
}

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

/* The side label names the side and its player, then its stones as the game holds them. */
static void
assert_side_label (Fixture *f, KielaSide side, const char *named)
{
  guint n = kiela_position_side_total (kiela_game_get_position (kiela_window_get_game (f->window)), side);
  g_autofree char *expected = g_strdup_printf ("%s · %u stones", named, n);

  g_assert_cmpstr (kiela_window_get_side_label (f->window, side), ==, expected);
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

static void
test_save_open (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "saved.kiela", NULL);
  const char *moves[] = { "g1", "a4", "h1", "b4" };
  KielaPosition final;
  KielaGame *game;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    click (f, i % 2 ? KIELA_NORTH : KIELA_SOUTH, moves[i]);
  game = kiela_window_get_game (f->window);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 4);
  final = *kiela_game_get_position (game);

  g_assert_true (kiela_window_save_to_path (f->window, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (kiela_window_get_file_path (f->window), ==, path);

  kiela_window_new_game (f->window, NULL, NULL, NULL);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 0);

  g_assert_true (kiela_window_open_path (f->window, path));
  g_assert_null (kiela_window_get_banner_text (f->window));
  game = kiela_window_get_game (f->window);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *name = kiela_game_dup_move_name (game, i);
      g_assert_cmpstr (name, ==, moves[i]);
    }
  assert_positions_equal (kiela_game_get_position (game), &final);
  assert_positions_equal (kiela_board_view_get_position (kiela_window_get_board (f->window)), &final);
  g_assert_cmpstr (kiela_variant_get_name (kiela_game_get_variant (game)), ==,
                   kiela_variant_get_name (kiela_registry_lookup_variant (f->registry, "kiela")));
}

static void
test_corrupt_file (Fixture *f, gconstpointer data)
{
  g_autofree char *good = g_build_filename (f->dir, "good.kiela", NULL);
  g_autofree char *bad = g_build_filename (f->dir, "broken.kiela", NULL);
  g_autofree char *autosave_before = NULL, *autosave_after = NULL, *bad_after = NULL;
  static const char garbage[] = "{ \"format\": \"kiela-game\", \"version\": 1, \"moves\": [\"g1\", ";
  gsize len_before, len_after, bad_len;
  KielaGame *game;
  const char *banner;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  click (f, KIELA_NORTH, "a4");
  g_assert_true (kiela_window_save_to_path (f->window, good, NULL));
  game = kiela_window_get_game (f->window);
  autosave_before = read_file (f->autosave, &len_before);
  g_assert_true (g_file_set_contents (bad, garbage, -1, NULL));

  g_assert_false (kiela_window_open_path (f->window, bad));
  banner = kiela_window_get_banner_text (f->window);
  g_assert_nonnull (banner);
  g_assert_nonnull (strstr (banner, "broken.kiela"));

  /* Nothing changed: same game, same file to save to, autosave and broken file untouched. */
  g_assert_true (kiela_window_get_game (f->window) == game);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (kiela_window_get_file_path (f->window), ==, good);
  autosave_after = read_file (f->autosave, &len_after);
  g_assert_cmpmem (autosave_before, len_before, autosave_after, len_after);
  bad_after = read_file (bad, &bad_len);
  g_assert_cmpmem (bad_after, bad_len, garbage, strlen (garbage));

  /* A file that does not exist is refused the same way. */
  {
    g_autofree char *missing = g_build_filename (f->dir, "missing.kiela", NULL);
    g_assert_false (kiela_window_open_path (f->window, missing));
    g_assert_nonnull (strstr (kiela_window_get_banner_text (f->window), "missing.kiela"));
  }
  /* An illegal move in a well-formed record is refused too. */
  {
    g_autofree char *text = read_file (good, NULL);
    g_autofree char *illegal_path = g_build_filename (f->dir, "illegal.kiela", NULL);
    GString *s = g_string_new (text);
    g_assert_cmpint (g_string_replace (s, "\"a4\"", "\"e3\"", 1), ==, 1);
    g_assert_true (g_file_set_contents (illegal_path, s->str, -1, NULL));
    g_string_free (s, TRUE);
    g_assert_false (kiela_window_open_path (f->window, illegal_path));
    g_assert_nonnull (kiela_window_get_banner_text (f->window));
    g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 2);
  }
  autosave_after = (g_free (autosave_after), read_file (f->autosave, &len_after));
  g_assert_cmpmem (autosave_before, len_before, autosave_after, len_after);
}

static void
test_corrupt_autosave (Fixture *f, gconstpointer data)
{
  static const char garbage[] = "this is not a game record\n";
  g_autoptr(GDir) dir = NULL;
  const char *name;
  char *aside = NULL;
  g_autoptr(KielaWindow) second = NULL;

  g_assert_true (g_file_set_contents (f->autosave, garbage, -1, NULL));
  second = make_window (f);
  kiela_window_restore_autosave (second);

  g_assert_nonnull (kiela_window_get_game (second));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (second)), ==, 0);
  g_assert_nonnull (kiela_window_get_banner_text (second));

  dir = g_dir_open (f->dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "autosave.kiela.corrupt-"))
      aside = g_build_filename (f->dir, name, NULL);
  g_assert_nonnull (aside);
  {
    gsize len;
    g_autofree char *kept = read_file (aside, &len);
    g_assert_cmpmem (kept, len, garbage, strlen (garbage));
  }
  g_assert_nonnull (strstr (kiela_window_get_banner_text (second), aside));
  g_free (aside);

  /* The new game took the autosave's place, as a valid record. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaGame) fresh = kiela_record_load (f->registry, f->autosave, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (kiela_game_get_n_moves (fresh), ==, 0);
  }
  gtk_window_destroy (GTK_WINDOW (second));
}

static void
test_restore_autosave (Fixture *f, gconstpointer data)
{
  g_autoptr(KielaWindow) second = NULL;
  KielaPosition final;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela-beginner"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  click (f, KIELA_NORTH, "a4");
  final = *kiela_game_get_position (kiela_window_get_game (f->window));

  second = make_window (f);
  kiela_window_restore_autosave (second);
  g_assert_null (kiela_window_get_banner_text (second));
  g_assert_cmpstr (kiela_game_get_variant (kiela_window_get_game (second))->id, ==, "kiela-beginner");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (second)), ==, 2);
  assert_positions_equal (kiela_game_get_position (kiela_window_get_game (second)), &final);
  assert_positions_equal (kiela_board_view_get_position (kiela_window_get_board (second)), &final);
  gtk_window_destroy (GTK_WINDOW (second));
}

static void
test_expert_setup (Fixture *f, gconstpointer data)
{
  KielaGame *game;
  const KielaVariant *expert = kiela_registry_lookup_variant (f->registry, "kiela-expert");

  g_assert_nonnull (expert);
  kiela_window_new_game (f->window, expert, NULL, NULL);
  game = kiela_window_get_game (f->window);
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_SETUP_SOUTH);

  /* Move one stone from a1 (hole 0) to a2 (hole 19), and one from b1 (1) to a2. */
  g_signal_emit_by_name (kiela_window_get_board (f->window), "setup-move", (guint) KIELA_SOUTH, 0u, 19u);
  g_signal_emit_by_name (kiela_window_get_board (f->window), "setup-move", (guint) KIELA_SOUTH, 1u, 19u);
  g_assert_cmpuint (kiela_board_view_get_position (kiela_window_get_board (f->window))->houses[KIELA_SOUTH][19], ==, 2);
  /* Taking from an empty house is refused. */
  g_signal_emit_by_name (kiela_window_get_board (f->window), "setup-move", (guint) KIELA_SOUTH, 15u, 19u);
  g_assert_cmpuint (kiela_board_view_get_position (kiela_window_get_board (f->window))->houses[KIELA_SOUTH][19], ==, 2);

  g_assert_true (g_str_has_prefix (kiela_window_get_side_label (f->window, KIELA_SOUTH), "▶ South"));
  activate (f, "win.setup-done");
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_SETUP_NORTH);
  /* North arranges now: its label is marked. */
  g_assert_true (g_str_has_prefix (kiela_window_get_side_label (f->window, KIELA_NORTH), "▶ North"));
  g_assert_false (g_str_has_prefix (kiela_window_get_side_label (f->window, KIELA_SOUTH), "▶"));
  activate (f, "win.setup-skip");
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_PLAY);

  g_assert_cmpuint (kiela_game_get_initial (game)->houses[KIELA_SOUTH][0], ==, 1);
  g_assert_cmpuint (kiela_game_get_initial (game)->houses[KIELA_SOUTH][1], ==, 1);
  g_assert_cmpuint (kiela_game_get_initial (game)->houses[KIELA_SOUTH][19], ==, 2);
  g_assert_cmpuint (kiela_position_side_total (kiela_game_get_initial (game), KIELA_SOUTH), ==, 28);
  assert_positions_equal (kiela_board_view_get_position (kiela_window_get_board (f->window)),
                          kiela_game_get_initial (game));

  /* The arrangement survives a restart. */
  {
    g_autoptr(KielaGame) saved = kiela_record_load (f->registry, f->autosave, NULL);
    g_assert_nonnull (saved);
    assert_positions_equal (kiela_game_get_initial (saved), kiela_game_get_initial (game));
  }
}

static gboolean
setup_over (gpointer data)
{
  Fixture *f = data;
  return kiela_game_get_phase (kiela_window_get_game (f->window)) == KIELA_PHASE_PLAY
         && !kiela_window_is_ai_thinking (f->window);
}


/* Expert game against the computer: North arranges its stones on a worker thread
 * (the window goes on), then the board shows the arrangement and South may sow. */
static void
test_expert_ai_arranges (Fixture *f, gconstpointer data)
{
  GPtrArray *all = kiela_registry_get_personalities (f->registry);
  const KielaVariant *expert = kiela_registry_lookup_variant (f->registry, "kiela-expert");
  const KielaPersonality *strong;
  KielaGame *game;
  const KielaPosition *initial;
  guint north_total = 0;

  g_assert_nonnull (expert);
  g_assert_true (all != NULL && all->len > 0);
  strong = g_ptr_array_index (all, all->len - 1);
  kiela_window_new_game (f->window, expert, NULL, strong);
  game = kiela_window_get_game (f->window);
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_SETUP_SOUTH);
  g_assert_false (kiela_window_is_ai_thinking (f->window));

  /* The human arranges South: one stone from a1 to a2. */
  g_signal_emit_by_name (kiela_window_get_board (f->window), "setup-move", (guint) KIELA_SOUTH, 0u, 19u);
  activate (f, "win.setup-done");

  /* The call returned while the computer still thinks: the UI is not blocked. */
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_SETUP_NORTH);
  g_assert_true (kiela_window_is_ai_thinking (f->window));
  g_assert_cmpstr (kiela_window_get_status_text (f->window), ==, "North arranges its stones");
  g_assert_nonnull (strstr (kiela_window_get_narration (f->window), strong->name));
  /* South's controls for arranging are gone while North arranges. */
  g_assert_false (action_enabled (f, "setup-done"));
  g_assert_false (action_enabled (f, "setup-skip"));

  wait_until (setup_over, f, 30000, "the computer to arrange North's stones");
  initial = kiela_game_get_initial (game);
  for (guint h = 0; h < 2u * expert->files; h++)
    north_total += initial->houses[KIELA_NORTH][h];
  g_assert_cmpuint (north_total, ==, 28);
  g_assert_true (memcmp (initial->houses[KIELA_NORTH], expert->start[KIELA_NORTH],
                         sizeof initial->houses[KIELA_NORTH]) != 0);
  /* South's own arrangement is untouched. */
  g_assert_cmpuint (initial->houses[KIELA_SOUTH][0], ==, 1);
  g_assert_cmpuint (initial->houses[KIELA_SOUTH][19], ==, 1);
  /* The board shows the arrangement, and the window says who made it. */
  assert_positions_equal (kiela_board_view_get_position (kiela_window_get_board (f->window)), initial);
  g_assert_nonnull (strstr (kiela_window_get_last_message (f->window), strong->name));
  g_assert_nonnull (strstr (kiela_window_get_last_message (f->window), "arranged the stones of North"));
  g_assert_cmpstr (kiela_window_get_status_text (f->window), ==, "Your move (South)");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 0);
}

/* A new game while the computer arranges stops it, and its answer never lands. */
static void
test_expert_ai_arrange_cancel (Fixture *f, gconstpointer data)
{
  GPtrArray *all = kiela_registry_get_personalities (f->registry);
  const KielaVariant *expert = kiela_registry_lookup_variant (f->registry, "kiela-expert");
  KielaGame *game;

  g_assert_true (all != NULL && all->len > 0);
  kiela_window_new_game (f->window, expert, g_ptr_array_index (all, all->len - 1), NULL);
  g_assert_true (kiela_window_is_ai_thinking (f->window));
  kiela_window_new_game (f->window, expert, NULL, NULL);
  game = kiela_window_get_game (f->window);
  g_assert_false (kiela_window_is_ai_thinking (f->window));
  spin (1500);
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_SETUP_SOUTH);
  assert_positions_equal (kiela_game_get_position (game), kiela_game_get_start (game));
}

static const KielaPersonality *
weakest (KielaRegistry *registry)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);

  return all && all->len ? g_ptr_array_index (all, 0) : NULL;
}

/* A new game of kiela with the weakest computer player as North (and South too with
 * `both`); NULL, the test skipped, when no AI is built. */
static const KielaPersonality *
start_against_ai (Fixture *f, gboolean both)
{
  const KielaPersonality *ai = weakest (f->registry);

  if (ai == NULL)
    {
      g_test_skip ("no AI personalities are built");
      return NULL;
    }
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), both ? ai : NULL, ai);
  return ai;
}

/* The game has at least `want_moves` moves. */
static gboolean
has_moves (gpointer data)
{
  Fixture *f = data;
  return kiela_game_get_n_moves (kiela_window_get_game (f->window)) >= f->want_moves;
}

static void
test_ai_opponent (Fixture *f, gconstpointer data)
{
  const KielaPersonality *ai = start_against_ai (f, FALSE);
  KielaGame *game = kiela_window_get_game (f->window);

  if (ai == NULL)
    return;
  /* The labels by the board say who plays where, and whose turn it is. */
  assert_side_label (f, KIELA_SOUTH, "▶ South · You");
  g_assert_true (g_str_has_prefix (kiela_window_get_side_label (f->window, KIELA_NORTH), "North · "));
  g_assert_nonnull (strstr (kiela_window_get_side_label (f->window, KIELA_NORTH), ai->name));
  click (f, KIELA_SOUTH, "g1");
  f->want_moves = 2;
  wait_until (has_moves, f, 20000, "the computer's reply");
  g_assert_cmpint (kiela_game_get_move (game, 1)->mover, ==, KIELA_NORTH);
  wait_until (player_at_end, f, 20000, "the reply to be sown");
  assert_positions_equal (kiela_board_view_get_position (kiela_window_get_board (f->window)),
                          kiela_game_get_position (game));

  /* Undo goes back to the human's turn, not just before the reply. */
  g_assert_true (g_str_has_prefix (kiela_window_get_side_label (f->window, KIELA_SOUTH), "▶ "));
  g_assert_false (g_str_has_prefix (kiela_window_get_side_label (f->window, KIELA_NORTH), "▶ "));

  activate (f, "win.undo");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 0);
  g_assert_false (kiela_window_is_ai_thinking (f->window));
}

/* Computer against computer: it plays on by itself, each move sown on the board; undo stops it
 * until Play is pressed. */
static void
test_ai_vs_ai (Fixture *f, gconstpointer data)
{
  const KielaPersonality *ai = start_against_ai (f, TRUE);
  KielaGame *game = kiela_window_get_game (f->window);
  guint n;

  if (ai == NULL)
    return;
  f->want_moves = 4;
  wait_until (has_moves, f, 30000, "four computer moves");

  activate (f, "win.undo");
  n = kiela_game_get_n_moves (game);
  g_assert_false (kiela_window_is_ai_thinking (f->window));
  spin (800);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, n);
  assert_positions_equal (kiela_board_view_get_position (kiela_window_get_board (f->window)),
                          kiela_game_get_position (game));

  activate (f, "win.play-pause");
  g_assert_true (kiela_window_is_ai_thinking (f->window));
  {
    gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
    while (kiela_game_get_n_moves (game) <= n && g_get_monotonic_time () < end)
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
  }
  g_assert_cmpuint (kiela_game_get_n_moves (game), >, n);
}

static void
test_ai_cancel (Fixture *f, gconstpointer data)
{
  GPtrArray *all = kiela_registry_get_personalities (f->registry);
  const KielaPersonality *strong;
  KielaGame *game;
  gint64 t0;

  if (all == NULL || all->len == 0)
    {
      g_test_skip ("no AI personalities are built");
      return;
    }
  strong = g_ptr_array_index (all, all->len - 1);
  /* The strongest thinks for a while: a new game must stop it at once. */
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), strong, strong);
  game = kiela_window_get_game (f->window);
  g_assert_true (kiela_window_is_ai_thinking (f->window));
  t0 = g_get_monotonic_time ();
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_false (kiela_window_is_ai_thinking (f->window));
  g_assert_cmpint (g_get_monotonic_time () - t0, <, 2 * G_USEC_PER_SEC);
  (void) game;
  /* The cancelled search's answer never lands in the new game. */
  spin (1500);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 0);
}

/* A game that is over: the window says who won and why, with the final counts, and offers a new game. */
static void
test_game_over (Fixture *f, gconstpointer data)
{
  /* South to move holds single stones only: in the advanced game it cannot sow, so North wins. */
  static const char kpn[] = "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/1,0,1,0,0,0,0,0,0,0 s";
  g_autofree char *path = g_build_filename (f->dir, "over.kiela", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) over = NULL;
  g_autofree char *text = NULL;
  g_autofree char *why = NULL;
  KielaPosition pos;
  const char *result;

  g_assert_true (kiela_position_parse (kpn, 10, &pos, &error));
  over = kiela_game_new_from_position (kiela_registry_lookup_variant (f->registry, "kiela"), &pos, &error);
  g_assert_no_error (error);
  g_assert_true (kiela_game_is_over (over));
  why = kiela_game_describe_reason (over);
  text = kiela_record_to_string (over);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));

  g_assert_true (kiela_window_open_path (f->window, path));
  result = kiela_window_get_result_text (f->window);
  g_assert_nonnull (result);
  g_assert_nonnull (strstr (result, "North wins"));
  /* Heading, then the reason without repeating the winner, then the counts. */
  {
    g_auto(GStrv) lines = g_strsplit (result, "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, 3);
    g_assert_cmpstr (lines[0], ==, "North wins");
    g_assert_true (g_str_has_prefix (lines[1], why));
    g_assert_null (strstr (lines[1], "wins"));
  }
  g_assert_nonnull (strstr (result, "South 2 stones"));
  g_assert_nonnull (strstr (result, "North 28 stones"));
  g_assert_false (kiela_board_view_get_interactive (kiela_window_get_board (f->window)));
  {
    /* Two sentences: the result, then why. */
    g_autofree char *status = g_strdup_printf ("North wins. %s", why);
    g_assert_cmpstr (kiela_window_get_status_text (f->window), ==, status);
  }
  /* Nothing invites a move any more. */
  g_assert_null (strstr (kiela_window_get_narration (f->window), "Sow from"));
  g_assert_nonnull (strstr (kiela_window_get_narration (f->window), "over"));
  g_assert_false (g_str_has_prefix (kiela_window_get_side_label (f->window, KIELA_SOUTH), "▶"));
  g_assert_false (g_str_has_prefix (kiela_window_get_side_label (f->window, KIELA_NORTH), "▶"));

  /* Against the computer, the heading says who won in the player's terms. */
  {
    const KielaPersonality *ai = weakest (f->registry);
    if (ai != NULL)
      {
        g_autofree char *ai_path = g_build_filename (f->dir, "over-ai.kiela", NULL);
        g_autofree char *ai_text = NULL;
        g_autofree char *expected = g_strdup_printf ("%s wins\n", ai->name);

        kiela_game_set_metadata (over, "north-ai", ai->id);
        ai_text = kiela_record_to_string (over);
        g_assert_true (g_file_set_contents (ai_path, ai_text, -1, NULL));
        g_assert_true (kiela_window_open_path (f->window, ai_path));
        g_assert_true (g_str_has_prefix (kiela_window_get_result_text (f->window), expected));
        g_assert_true (g_str_has_prefix (kiela_window_get_status_text (f->window), ai->name));
        kiela_game_set_metadata (over, "north-ai", "");
        kiela_game_set_metadata (over, "south-ai", ai->id);
        g_free (ai_text);
        ai_text = kiela_record_to_string (over);
        /* Now the human is North and won. */
        g_assert_true (g_file_set_contents (ai_path, ai_text, -1, NULL));
        g_assert_true (kiela_window_open_path (f->window, ai_path));
        g_assert_true (g_str_has_prefix (kiela_window_get_result_text (f->window), "You win!\n"));
        g_assert_true (kiela_window_open_path (f->window, path));
      }
  }

  activate (f, "win.play-again");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 0);
  g_assert_false (kiela_game_is_over (kiela_window_get_game (f->window)));
  g_assert_null (kiela_window_get_result_text (f->window));
  g_assert_true (kiela_board_view_get_interactive (kiela_window_get_board (f->window)));
}

static void
test_new_game_dialog (Fixture *f, gconstpointer data)
{
  KielaNewGameDialog *dialog = kiela_new_game_dialog_new (f->registry);
  const KielaVariant *expert = kiela_registry_lookup_variant (f->registry, "kiela-expert");
  const KielaPersonality *ai = weakest (f->registry);

  g_assert_true (kiela_new_game_dialog_get_variant (dialog) == kiela_registry_get_default_variant (f->registry));
  g_assert_null (kiela_new_game_dialog_get_player (dialog, KIELA_SOUTH));
  kiela_new_game_dialog_preset (dialog, expert, NULL, ai);
  g_assert_true (kiela_new_game_dialog_get_variant (dialog) == expert);
  g_assert_true (kiela_new_game_dialog_get_player (dialog, KIELA_NORTH) == ai);
  /* Enter starts the game: Start, the default widget, also has the focus when the dialog opens. */
  {
    GtkWidget *start = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), KIELA_TYPE_NEW_GAME_DIALOG,
                                                                  "start_button"));
    gtk_window_present (GTK_WINDOW (dialog));
    spin (200);
    g_assert_true (gtk_window_get_focus (GTK_WINDOW (dialog)) == start);
    g_assert_true (gtk_widget_has_css_class (start, "suggested-action"));
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Collects "title\nsubtitle" of every action row under `widget`. */
static void
collect_rows (GtkWidget *widget, GPtrArray *out)
{
  if (ADW_IS_ACTION_ROW (widget))
    g_ptr_array_add (out, g_strdup_printf ("%s\n%s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)),
                                           adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)) ?: ""));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_rows (c, out);
}

/* Starts a window on a registry that loaded KIELA_PLUGIN_PATH=dir. */
static KielaWindow *
window_with_plugin_dir (Fixture *f, const char *dir, KielaRegistry **registry)
{
  KielaWindow *w;

  g_setenv ("KIELA_PLUGIN_PATH", dir, TRUE);
  *registry = kiela_registry_new ();
  kiela_registry_load_default (*registry);
  g_setenv ("KIELA_PLUGIN_PATH", "", TRUE);
  w = app_test_window_new (*registry, f->prefs, NULL);
  return w;
}

/* A plugin file that cannot be loaded is named at start, and the Plugins page says why. */
static void
test_plugin_failures (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_build_filename (f->dir, "plugins", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.so", NULL);
  g_autofree char *abi_src = g_build_filename (KIELA_TEST_BROKEN_DIR, "wrong-abi.so", NULL);
  g_autofree char *abi = g_build_filename (dir, "wrong-abi.so", NULL);
  g_autofree char *report = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);
  KielaRegistry *registry = NULL;
  const KielaPluginRecord *rec, *rules;
  KielaWindow *w;
  GtkWidget *prefs;
  const char *msg;
  gboolean found_bad = FALSE, found_rules = FALSE;

  /* The fixture's window loaded no broken plugin: no complaint. */
  g_assert_null (kiela_window_get_last_message (f->window));

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (bad, "this is text, not a module\n", -1, NULL));

  w = window_with_plugin_dir (f, dir, &registry);
  rec = find_record (registry, "bad.so");
  g_assert_nonnull (rec);
  g_assert_cmpint (rec->state, ==, KIELA_PLUGIN_FAILED);
  g_assert_nonnull (rec->reason);
  /* The rules still loaded, so the game is playable. */
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "kiela"));
  rules = find_record (registry, "kiela-rules.so");
  g_assert_nonnull (rules);
  g_assert_cmpint (rules->state, ==, KIELA_PLUGIN_LOADED);
  msg = kiela_window_get_last_message (w);
  g_assert_nonnull (msg);
  g_assert_nonnull (strstr (msg, "bad.so"));

  /* The toast's button opens the Plugins page, which names the file and gives the reason. */
  g_assert_null (kiela_compat_preferences_find (GTK_WINDOW (w)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (w), "win.show-plugins", NULL));
  prefs = kiela_compat_preferences_find (GTK_WINDOW (w));
  g_assert_nonnull (prefs);
  g_assert_true (KIELA_IS_PREFERENCES_WINDOW (prefs));
  g_assert_cmpstr (kiela_compat_preferences_get_visible_page_name (prefs), ==, "plugins");
  collect_rows (prefs, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      const char *row = g_ptr_array_index (rows, i);
      if (g_str_has_prefix (row, "bad.so\n") && strstr (row, rec->reason) && strstr (row, bad))
        found_bad = TRUE;
      if (g_str_has_prefix (row, rules->name) && row[strlen (rules->name)] == '\n')
        found_rules = TRUE;
    }
  g_assert_true (found_bad);
  g_assert_true (found_rules);

  /* The About window's debug information lists it too. */
  report = kiela_preferences_dup_plugin_report (registry);
  g_assert_nonnull (strstr (report, bad));
  g_assert_nonnull (strstr (report, rec->reason));

  kiela_compat_preferences_close (prefs);
  app_test_window_free (w);
  kiela_registry_free (registry);

  /* Two failures: counted. */
  {
    g_autofree char *contents = NULL;
    gsize len;
    g_assert_true (g_file_get_contents (abi_src, &contents, &len, NULL));
    g_assert_true (g_file_set_contents (abi, contents, (gssize) len, NULL));
  }
  w = window_with_plugin_dir (f, dir, &registry);
  g_assert_cmpint (find_record (registry, "wrong-abi.so")->state, ==, KIELA_PLUGIN_FAILED);
  msg = kiela_window_get_last_message (w);
  g_assert_nonnull (msg);
  g_assert_nonnull (strstr (msg, "2 plugins"));
  app_test_window_free (w);
  kiela_registry_free (registry);
}

static gboolean
window_drawn (gpointer data)
{
  Fixture *f = data;
  GtkWidget *w = GTK_WIDGET (f->window);
  return gtk_widget_get_mapped (w) && gtk_widget_get_width (w) >= 1200;
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

/* A saved or opened game is named by its file in the title bar; a new one is plain "Kiela". */
static void
test_title_names_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "lesson-3.kiela", NULL);
  g_autoptr(GError) error = NULL;
  AdwWindowTitle *title = ADW_WINDOW_TITLE (gtk_widget_get_template_child (GTK_WIDGET (f->window),
                                                                           KIELA_TYPE_WINDOW, "window_title"));

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "Kiela");
  click (f, KIELA_SOUTH, "g1");
  g_assert_true (kiela_window_save_to_path (f->window, path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "lesson-3.kiela");
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), "lesson-3.kiela"));

  kiela_window_new_game (f->window, NULL, NULL, NULL);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "Kiela");
  g_assert_true (kiela_window_open_path (f->window, path));
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "lesson-3.kiela");
}

/* ---------- the move list ---------- */

/* The row widget showing `text`, or NULL. */
static GtkWidget *
find_move_row (GtkWidget *view, const char *text)
{
  g_autoptr(GPtrArray) boxes = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = app_test_move_rows (view, FALSE, boxes);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (g_ptr_array_index (rows, i), text) == 0)
      return g_ptr_array_index (boxes, i);
  return NULL;
}

/* The move list is a list view of a list model: a move adds one row and keeps the others (the
 * same widgets), an undo removes one, rows read "1. South g1 3 laps", and the shown ply is the
 * selected row. */
static void
test_move_list_model (Fixture *f, gconstpointer data)
{
  GtkWidget *view = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (f->window), KIELA_TYPE_WINDOW, "move_list"));
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (view)));
  g_autoptr(KielaMoveListModel) model = kiela_move_list_model_new ();
  g_autofree char *first_text = NULL;
  GtkWidget *start, *first;

  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  kiela_move_list_model_set_tree (model, kiela_game_session_get_tree (kiela_window_get_session (f->window)));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);
  click (f, KIELA_SOUTH, "g1");
  spin (50);
  {
    g_autoptr(KielaMoveListItem) item = g_list_model_get_item (G_LIST_MODEL (model), 1);
    const KielaPlayedMove *pm = kiela_game_get_move (kiela_window_get_game (f->window), 0);

    g_assert_cmpstr (kiela_move_list_item_get_number (item), ==, "1.");
    g_assert_cmpstr (kiela_move_list_item_get_who (item), ==, "South");
    g_assert_cmpstr (kiela_move_list_item_get_square (item), ==, "g1");
    g_assert_nonnull (strstr (kiela_move_list_item_get_summary (item), pm->result.laps == 1 ? "1 lap" : "laps"));
    first_text = g_strdup_printf ("1. South g1 %s", kiela_move_list_item_get_summary (item));
  }
  start = find_move_row (view, "Start position");
  first = find_move_row (view, first_text);
  g_assert_nonnull (start);
  g_assert_nonnull (first);

  click (f, KIELA_NORTH, "a4");
  spin (50);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 3);
  g_assert_true (find_move_row (view, "Start position") == start);
  g_assert_true (find_move_row (view, first_text) == first);
  {
    g_autoptr(GPtrArray) rows = app_test_move_rows (view, FALSE, NULL);
    g_assert_cmpuint (rows->len, ==, 3);
  }
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);
  {
    g_autoptr(KielaMoveListItem) item = g_list_model_get_item (G_LIST_MODEL (model), 2);
    g_assert_cmpstr (kiela_move_list_item_get_square (item), ==, "a4");
    g_assert_cmpstr (kiela_move_list_item_get_who (item), ==, "North");
    g_assert_cmpstr (kiela_move_list_item_get_number (item), ==, "");
  }

  activate (f, "win.undo");
  spin (50);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2);
  g_assert_true (find_move_row (view, first_text) == first);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 1);

  /* A click on a row (the list view's own action, as the arrow keys use it) reviews that ply. */
  g_assert_true (gtk_widget_activate_action (view, "list.select-item", "(ubb)", 0u, FALSE, FALSE));
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 0);
  g_assert_true (gtk_widget_activate_action (view, "list.select-item", "(ubb)", 1u, FALSE, FALSE));
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 1);
  /* Reviewing from elsewhere moves the selection along. */
  activate (f, "win.previous-move");
  g_assert_cmpuint (kiela_window_get_view_ply (f->window), ==, 0);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 0);
}

static gboolean
move_list_at_end (gpointer data)
{
  Fixture *f = data;
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_template_child (GTK_WIDGET (f->window),
                                                                                   KIELA_TYPE_WINDOW, "move_scroller"));
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (scroller);

  return gtk_adjustment_get_upper (adj) > gtk_adjustment_get_page_size (adj)
         && gtk_adjustment_get_value (adj) >= gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 1;
}

/* After many moves the list has scrolled: the last move stays in view. */
static void
test_move_list_follows (Fixture *f, gconstpointer data)
{
  KielaGame *game;

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 700);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  game = kiela_window_get_game (f->window);
  for (guint i = 0; i < 40 && !kiela_game_is_over (game); i++)
    {
      KielaMove moves[KIELA_MAX_MOVES];

      g_assert_cmpuint (kiela_game_legal_moves (game, moves), >, 0);
      g_signal_emit_by_name (kiela_window_get_board (f->window), "house-activated",
                             (guint) kiela_game_get_position (game)->to_move, (guint) moves[0]);
      spin (5);
    }
  g_assert_cmpuint (kiela_game_get_n_moves (game), >, 20);
  wait_until (move_list_at_end, f, 10000, "the move list to show its last move");
}

/* ---------- unsaved changes (issue 8) ---------- */

/* The Save / Discard / Cancel question the window shows, or NULL (an AdwAlertDialog in the window
 * with libadwaita >= 1.5, an AdwMessageDialog window before: kiela-compat). */
static GtkWidget *
find_question (Fixture *f)
{
  return kiela_compat_question_find (GTK_WINDOW (f->window));
}

static void
answer (Fixture *f, const char *response)
{
  GtkWidget *dialog = find_question (f);

  g_assert_nonnull (dialog);
  g_assert_true (kiela_compat_question_has_response (dialog, "save"));
  g_assert_true (kiela_compat_question_has_response (dialog, "discard"));
  g_assert_true (kiela_compat_question_has_response (dialog, "cancel"));
  g_assert_cmpstr (kiela_compat_question_get_close_response (dialog), ==, "cancel");
  kiela_compat_question_respond (dialog, response);
  g_assert_true (find_question (f) != dialog);
}

/* Play again on a game with moves in no file asks first: Cancel keeps it, Discard replaces it;
 * a game without changes is replaced at once. */
static void
test_unsaved_play_again (Fixture *f, gconstpointer data)
{
  KielaGame *game;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_false (kiela_game_session_get_modified (kiela_window_get_session (f->window)));
  click (f, KIELA_SOUTH, "g1");
  game = kiela_window_get_game (f->window);
  g_assert_true (kiela_game_session_get_modified (kiela_window_get_session (f->window)));

  activate (f, "win.play-again");
  g_assert_true (kiela_window_get_game (f->window) == game);
  answer (f, "cancel");
  g_assert_true (kiela_window_get_game (f->window) == game);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 1);
  g_assert_null (find_question (f));

  activate (f, "win.play-again");
  answer (f, "discard");
  g_assert_true (kiela_window_get_game (f->window) != game);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 0);

  /* Nothing to lose: no question. */
  game = kiela_window_get_game (f->window);
  activate (f, "win.play-again");
  g_assert_null (find_question (f));
  g_assert_true (kiela_window_get_game (f->window) != game);
}

typedef struct {
  KielaWindow *window;
  const char *path;
} FileWanted;

static gboolean
window_file_is (gpointer data)
{
  FileWanted *w = data;

  return g_strcmp0 (kiela_window_get_file_path (w->window), w->path) == 0;
}

/* A saved game with new moves is marked in the title; opening another file asks, and Save
 * writes the moves to the game's own file before the other one replaces it. */
static void
test_unsaved_save_then_open (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "lesson.kiela", NULL);
  g_autofree char *other_path = g_build_filename (f->dir, "other.kiela", NULL);
  g_autoptr(GFile) other = g_file_new_for_path (other_path);
  g_autoptr(KielaGame) other_game = kiela_game_new (kiela_registry_lookup_variant (f->registry, "kiela"));
  g_autoptr(GError) error = NULL;
  AdwWindowTitle *title = ADW_WINDOW_TITLE (gtk_widget_get_template_child (GTK_WIDGET (f->window),
                                                                           KIELA_TYPE_WINDOW, "window_title"));

  g_assert_true (kiela_game_play_square (other_game, "i2", NULL, NULL));
  g_assert_true (kiela_record_save (other_game, other_path, &error));
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  g_assert_true (kiela_window_save_to_path (f->window, path, &error));
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "lesson.kiela");
  click (f, KIELA_NORTH, "a4");
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "• lesson.kiela");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, "• lesson.kiela — Kiela");

  kiela_window_open (f->window, other);
  g_assert_cmpstr (kiela_window_get_file_path (f->window), ==, path);
  answer (f, "save");
  /* The other record is read off the main thread, then replaces the game. */
  {
    FileWanted wanted = { f->window, other_path };

    wait_until (window_file_is, &wanted, 20000, "the other file to be opened");
  }
  g_assert_cmpstr (kiela_window_get_file_path (f->window), ==, other_path);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 1);
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "other.kiela");
  {
    g_autoptr(KielaGame) saved = kiela_record_load (f->registry, path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (kiela_game_get_n_moves (saved), ==, 2);
  }
}

static gboolean
is_toplevel (GtkWindow *window)
{
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (tops, i);
      if (top == window)
        return TRUE;
    }
  return FALSE;
}

/* Closing the window with a saved game's changes not saved asks; Cancel keeps the window. */
static void
test_unsaved_close (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "lesson.kiela", NULL);

  /* Only a realized window can be closed. */
  gtk_window_present (GTK_WINDOW (f->window));
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  g_assert_true (kiela_window_save_to_path (f->window, path, NULL));
  click (f, KIELA_NORTH, "a4");

  gtk_window_close (GTK_WINDOW (f->window));
  g_assert_true (is_toplevel (GTK_WINDOW (f->window)));
  answer (f, "cancel");
  g_assert_true (is_toplevel (GTK_WINDOW (f->window)));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 2);

  gtk_window_close (GTK_WINDOW (f->window));
  answer (f, "discard");
  g_assert_false (is_toplevel (GTK_WINDOW (f->window)));
  {
    g_autoptr(KielaGame) saved = kiela_record_load (f->registry, path, NULL);
    g_assert_cmpuint (kiela_game_get_n_moves (saved), ==, 1);
  }
}

/* An untitled game closes without a question: the autosave keeps it for the next start. */
static void
test_untitled_close (Fixture *f, gconstpointer data)
{
  gtk_window_present (GTK_WINDOW (f->window));
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "g1");
  gtk_window_close (GTK_WINDOW (f->window));
  g_assert_null (find_question (f));
  g_assert_false (is_toplevel (GTK_WINDOW (f->window)));
  {
    g_autoptr(KielaGame) saved = kiela_record_load (f->registry, f->autosave, NULL);
    g_assert_nonnull (saved);
    g_assert_cmpuint (kiela_game_get_n_moves (saved), ==, 1);
  }
}

/* ---------- the step list ---------- */

static gboolean
step_row_visible (gpointer data)
{
  return kiela_step_list_current_row_visible (KIELA_STEP_LIST (data));
}

/* The selected row of the list view is the step list's current row, and of the rows on screen it
 * alone carries the "current" mark (an arrow and bold text, not only the selection colour). */
static void
assert_current_row (KielaStepList *steps, int expected)
{
  GtkSingleSelection *selection = kiela_step_list_get_selection (steps);

  g_assert_cmpint (kiela_step_list_get_current_row (steps), ==, expected);
  g_assert_cmpint (gtk_single_selection_get_selected (selection), ==, expected);
  for (guint r = 0; r < kiela_step_list_get_n_rows (steps); r++)
    {
      GtkWidget *row = kiela_step_list_get_row_widget (steps, r);
      if (row != NULL)
        g_assert_cmpint (gtk_widget_has_css_class (row, "kiela-step-current"), ==, (int) r == expected);
    }
}

/* What a click on a row does: the list view selects it. */
static void
choose_row (KielaStepList *steps, guint row)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (kiela_step_list_get_list_view (steps)),
                                             "list.select-item", "(ubb)", row, FALSE, FALSE));
}

/* Rules file, section 11: after South i2, North b3 lifts 2 stones from b3 and drops them into c3
 * and d3; d3 was occupied and South's d2 holds 1, so d3 captures d2 and d1 (3 stones), which
 * join North's army and are sown into e3, f3, g3; g3 was empty and the move ends.
 * As rows of the step list: before the move; the lift; lap 1's drops; the capture; the stones
 * entering; lap 2's drops; the end — seven rows. */
static const struct {
  KielaStepKind kind;
  const char *contains;
  guint events;     /* trace events the row stands for */
} b3_rows[] = {
  { KIELA_STEP_START, "b3", 0 },
  { KIELA_STEP_LIFT, "b3", 1 },
  { KIELA_STEP_DROPS, "c3, d3", 2 },
  { KIELA_STEP_CAPTURE, "d2", 1 },
  { KIELA_STEP_ENTER, "e3", 1 },
  { KIELA_STEP_DROPS, "e3, f3, g3", 3 },
  { KIELA_STEP_END, "g3", 1 },
};

static void
play_i2_b3 (Fixture *f)
{
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  click (f, KIELA_SOUTH, "i2");
  wait_until (player_at_end, f, 10000, "i2 to be sown");
  click (f, KIELA_NORTH, "b3");
}

static void
test_step_list_rows (Fixture *f, gconstpointer data)
{
  KielaStepList *steps = kiela_window_get_step_list (f->window);
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  const KielaTrace *trace;
  guint first = 0, n;
  int expected_row = 0;

  /* No move yet: no steps, and the list is not shown. */
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_cmpuint (kiela_step_list_get_n_rows (steps), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (steps)));

  play_i2_b3 (f);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (steps)));
  trace = kiela_trace_player_get_trace (player);
  n = kiela_trace_get_n_events (trace);
  g_assert_cmpuint (n, ==, 9);
  g_assert_cmpuint (kiela_step_list_get_n_rows (steps), ==, G_N_ELEMENTS (b3_rows));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (kiela_step_list_get_selection (steps))), ==,
                    G_N_ELEMENTS (b3_rows));

  for (guint r = 0; r < G_N_ELEMENTS (b3_rows); r++)
    {
      const char *text = kiela_step_list_get_row_text (steps, r);
      GtkWidget *row = kiela_step_list_get_row_widget (steps, r);
      gboolean key = b3_rows[r].kind == KIELA_STEP_CAPTURE || b3_rows[r].kind == KIELA_STEP_ENTER;

      g_assert_cmpint (kiela_step_list_get_row_kind (steps, r), ==, b3_rows[r].kind);
      if (strstr (text, b3_rows[r].contains) == NULL)
        g_error ("row %u “%s” does not name %s", r, text, b3_rows[r].contains);
      /* The capture and the captured stones joining North's army stand out (bold + icon). */
      g_assert_cmpint (kiela_step_list_item_is_key (kiela_step_list_model_peek_item (kiela_step_list_get_model (steps), r)),
                       ==, key);
      if (row != NULL)
        g_assert_cmpint (gtk_widget_has_css_class (row, "kiela-step-key"), ==, key);
      first += b3_rows[r].events;
      /* A click shows the row's events done: the start row nothing, the others up to their last. */
      g_assert_cmpuint (kiela_step_list_get_row_target (steps, r), ==, first);
      /* A row for a single event says what the engine's narration says of it. */
      if (b3_rows[r].events == 1)
        {
          g_autofree char *said = kiela_narrate_event (kiela_game_get_variant (kiela_window_get_game (f->window)),
                                                       trace, first - 1);
          g_assert_cmpstr (text, ==, said);
        }
    }
  g_assert_cmpuint (first, ==, n);
  g_assert_nonnull (strstr (kiela_step_list_get_row_text (steps, 5), "Lap 2"));
  g_assert_nonnull (strstr (kiela_step_list_get_row_text (steps, 5), "3 stones"));

  /* The marked row follows the replay, forward and back. */
  activate (f, "win.go-start");
  assert_current_row (steps, 0);
  first = 0;
  for (guint i = 1; i <= n; i++)
    {
      activate (f, "win.step-forward");
      /* Step i shows event i-1, which belongs to the row whose events cover it. */
      while (first + b3_rows[expected_row].events < i)
        first += b3_rows[expected_row++].events;
      assert_current_row (steps, expected_row);
    }
  assert_current_row (steps, (int) G_N_ELEMENTS (b3_rows) - 1);
  {
    /* The same walk backwards: 9 events → rows 6,5,5,5,4,3,2,2,1,0. */
    static const int back[] = { 6, 5, 5, 5, 4, 3, 2, 2, 1, 0 };
    for (guint i = n; ; i--)
      {
        g_assert_cmpuint (kiela_trace_player_get_index (player), ==, i);
        assert_current_row (steps, back[n - i]);
        if (i == 0)
          break;
        activate (f, "win.step-back");
      }
  }

  /* The big sentence stays: it tells the single step shown now. */
  activate (f, "win.step-forward");
  activate (f, "win.step-forward");
  {
    g_autofree char *said = kiela_narrate_event (kiela_game_get_variant (kiela_window_get_game (f->window)),
                                                 trace, 1);
    g_assert_cmpstr (kiela_window_get_narration (f->window), ==, said);
  }
}

static void
test_step_list_click (Fixture *f, gconstpointer data)
{
  KielaStepList *steps = kiela_window_get_step_list (f->window);
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  KielaBoardView *board = kiela_window_get_board (f->window);
  const KielaTrace *trace;
  guint target = 0;

  play_i2_b3 (f);
  trace = kiela_trace_player_get_trace (player);
  activate (f, "win.go-end");

  /* Clicking (activating) each row jumps the board to the position after that row's events. */
  for (int r = (int) G_N_ELEMENTS (b3_rows) - 1; r >= 0; r--)
    {
      KielaPosition expected;
      guint hand;

      target = 0;
      for (int k = 0; k <= r; k++)
        target += b3_rows[k].events;
      /* A click leaves the keyboard focus where it was, so Space/Home/End still drive the replay. */
      if (kiela_step_list_get_row_widget (steps, r) != NULL)
        g_assert_false (gtk_widget_get_focus_on_click (gtk_widget_get_parent (kiela_step_list_get_row_widget (steps, r))));
      choose_row (steps, r);
      g_assert_false (kiela_trace_player_get_playing (player));
      g_assert_cmpuint (kiela_trace_player_get_index (player), ==, target);
      kiela_trace_position_at (trace, target, &expected, &hand);
      assert_positions_equal (kiela_board_view_get_position (board), &expected);
      assert_current_row (steps, r);
    }

  /* Row 3 is the capture: d2 and d1 are empty there, d3 still holds its 3, and 3 stones are in hand. */
  choose_row (steps, 3);
  {
    const KielaPosition *shown = kiela_board_view_get_position (board);
    KielaSquare d2, d1, d3;
    g_assert_true (kiela_square_parse (10, "d2", &d2, NULL));
    g_assert_true (kiela_square_parse (10, "d1", &d1, NULL));
    g_assert_true (kiela_square_parse (10, "d3", &d3, NULL));
    g_assert_cmpuint (shown->houses[d2.side][d2.house], ==, 0);
    g_assert_cmpuint (shown->houses[d1.side][d1.house], ==, 0);
    g_assert_cmpuint (shown->houses[d3.side][d3.house], ==, 3);
  }

  /* A click while the move plays pauses it at the row. */
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_VERY_SLOW);
  activate (f, "win.go-start");
  activate (f, "win.play-pause");
  g_assert_true (kiela_trace_player_get_playing (player));
  choose_row (steps, 5);
  g_assert_false (kiela_trace_player_get_playing (player));
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 8);
}

/* A long move in a short window: the current row is scrolled into view wherever the replay is. */
static void
test_step_list_scrolls (Fixture *f, gconstpointer data)
{
  KielaStepList *steps = kiela_window_get_step_list (f->window);
  KielaTracePlayer *player = kiela_window_get_trace_player (f->window);
  GtkWidget *list = GTK_WIDGET (kiela_step_list_get_list_view (steps));

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  /* Rules file, section 11: South b1, North h4, South i2 captures twice in one move. */
  click (f, KIELA_SOUTH, "b1");
  click (f, KIELA_NORTH, "h4");
  click (f, KIELA_SOUTH, "i2");
  g_assert_cmpuint (kiela_trace_player_get_trace (player)->result.captures, ==, 2);

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 640);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  spin (200);

  activate (f, "win.go-end");
  wait_until (step_row_visible, steps, 5000, "the last step to be scrolled into view");
  {
    /* The list is taller than its view here, or this test would prove nothing. */
    GtkWidget *scroller = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
    g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
    g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 0);
  }
  activate (f, "win.go-start");
  wait_until (step_row_visible, steps, 5000, "the first step to be scrolled into view");
  for (guint i = 0; i < kiela_trace_player_get_n_events (player); i += 5)
    {
      kiela_trace_player_set_index (player, i);
      wait_until (step_row_visible, steps, 5000, "the current step to be scrolled into view");
    }
}

/* ---------- the side panel folds at narrow widths ---------- */

static gboolean
split_collapsed (gpointer data)
{
  return kiela_split_get_collapsed (KIELA_SPLIT (data));
}

static gboolean
split_expanded (gpointer data)
{
  return !kiela_split_get_collapsed (KIELA_SPLIT (data));
}

static void
test_panel_folds (Fixture *f, gconstpointer data)
{
  KielaSplit *split = KIELA_SPLIT (gtk_widget_get_template_child (GTK_WIDGET (f->window), KIELA_TYPE_WINDOW, "split"));
  KielaBoardView *board = kiela_window_get_board (f->window);
  int wide_board;

  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);

  /* A wide window: the panel sits beside the board, open. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1366, 768);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (window_drawn, f, 10000, "the window to be shown");
  wait_until (split_expanded, split, 5000, "the panel to sit beside the board at 1366 px");
  g_assert_true (kiela_split_get_show_sidebar (split));
  spin (300);
  wide_board = gtk_widget_get_width (GTK_WIDGET (board));

  /* Narrower than the threshold: the panel folds away and the board gets the room. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 700);
  wait_until (split_collapsed, split, 5000, "the panel to fold at 1024 px");
  spin (500);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <, 1100);
  g_assert_false (kiela_split_get_show_sidebar (split));
  /* 1024 px less the margins: more than the 1366 px window left the board beside the panel. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (board)), >, 960);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (board)), >=, wide_board - 366);

  /* F9 (the panel action) slides it over the board, and again hides it. */
  activate (f, "win.toggle-panel");
  g_assert_true (kiela_split_get_show_sidebar (split));
  g_assert_true (kiela_split_get_collapsed (split));
  activate (f, "win.toggle-panel");
  g_assert_false (kiela_split_get_show_sidebar (split));

  /* Wide again: it unfolds and shows. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1920, 1000);
  wait_until (split_expanded, split, 5000, "the panel to unfold at 1920 px");
  g_assert_true (kiela_split_get_show_sidebar (split));
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

typedef struct {
  const char *path, *page;
  guint n_moves, n_windows;
  gboolean fullscreen_bound, undo_bound, redo_bound, shortcuts_bound, welcome_shown;
  gboolean shortcuts_built;
  gboolean checked;
} OpenCheck;

static gboolean
check_opened (gpointer data)
{
  GApplication *app = data;
  OpenCheck *c = g_object_get_data (G_OBJECT (app), "check");
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_auto(GStrv) f11 = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "F11");
  g_auto(GStrv) undo = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control>z");
  g_auto(GStrv) redo = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control><Shift>z");
  g_auto(GStrv) help = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Control>question");

  g_assert_nonnull (window);
  c->n_moves = kiela_game_get_n_moves (kiela_window_get_game (KIELA_WINDOW (window)));
  c->path = kiela_window_get_file_path (KIELA_WINDOW (window));
  c->path = c->path ? g_intern_string (c->path) : NULL;
  c->fullscreen_bound = g_strv_contains ((const char *const *) f11, "win.fullscreen");
  c->undo_bound = g_strv_contains ((const char *const *) undo, "win.undo");
  c->redo_bound = g_strv_contains ((const char *const *) redo, "win.redo");
  c->shortcuts_bound = g_strv_contains ((const char *const *) help, "win.show-help-overlay");
  /* Made when first asked for, not with the window. */
  c->shortcuts_built = kiela_compat_shortcuts_find (GTK_APPLICATION_WINDOW (window)) != NULL;
  c->page = g_intern_string (kiela_window_get_visible_page (KIELA_WINDOW (window)));
  c->n_windows = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
  {
    g_autoptr(GSettings) settings = kiela_settings_new (NULL);

    c->welcome_shown = g_settings_get_boolean (settings, "welcome-shown");
  }
  c->checked = TRUE;
  gtk_window_destroy (window);
  return G_SOURCE_REMOVE;
}

static void
on_window_added (GtkApplication *app, GtkWindow *window, gpointer data)
{
  /* The open handler loads the file right after adding the window: look once it is done. */
  g_idle_add (check_opened, app);
}

/* Issue 3: "It opens a game file passed on the command line" — through the real
 * application, its command line and its accelerators (F11, Ctrl+Z, Ctrl+Shift+Z).  At a
 * newcomer's first start (a double click in the file manager) the game shows, not the welcome
 * page, which waits for a start without a file; no question stands in the way. */
static void
test_open_command_line (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-open-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "lesson.kiela", NULL);
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaApplication) app = NULL;
  OpenCheck check = { 0 };
  char *argv[] = { (char *) "kiela", path, NULL };
  const char *moves[] = { "i2", "b3", "g1", NULL };

  kiela_registry_load_default (registry);
  game = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela"));
  for (guint i = 0; moves[i]; i++)
    g_assert_true (kiela_game_play_square (game, moves[i], NULL, NULL));
  g_assert_true (kiela_record_save (game, path, &error));
  g_assert_no_error (error);

  app = kiela_application_new (g_get_monotonic_time ());
  /* No session bus in the test: run as a separate instance. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_object_set_data (G_OBJECT (app), "check", &check);
  g_signal_connect (app, "window-added", G_CALLBACK (on_window_added), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);

  g_assert_true (check.checked);
  g_assert_cmpuint (check.n_moves, ==, 3);
  g_assert_cmpstr (check.path, ==, path);
  g_assert_true (check.fullscreen_bound);
  g_assert_true (check.undo_bound);
  g_assert_true (check.redo_bound);
  g_assert_true (check.shortcuts_bound);
  g_assert_false (check.shortcuts_built);
  g_assert_cmpstr (check.page, ==, "game");
  g_assert_cmpuint (check.n_windows, ==, 1);
  g_assert_false (check.welcome_shown);

  g_unlink (path);
  g_rmdir (dir);
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

#define ADD(path, speed, fn) \
  g_test_add (path, Fixture, GINT_TO_POINTER (speed), fixture_setup, fn, fixture_teardown)
  ADD ("/app/window/click-plays-move", KIELA_SPEED_VERY_FAST, test_click_plays_move);
  ADD ("/app/window/step-through", KIELA_SPEED_NORMAL, test_step_through);
  ADD ("/app/window/capture-flash", KIELA_SPEED_INSTANT, test_capture_flash);
  ADD ("/app/window/undo-redo", KIELA_SPEED_INSTANT, test_undo_redo);
  ADD ("/app/window/review", KIELA_SPEED_INSTANT, test_review);
  ADD ("/app/window/save-open", KIELA_SPEED_INSTANT, test_save_open);
  ADD ("/app/window/corrupt-file", KIELA_SPEED_INSTANT, test_corrupt_file);
  ADD ("/app/window/corrupt-autosave", KIELA_SPEED_INSTANT, test_corrupt_autosave);
  ADD ("/app/window/restore-autosave", KIELA_SPEED_INSTANT, test_restore_autosave);
  ADD ("/app/window/expert-setup", KIELA_SPEED_INSTANT, test_expert_setup);
  ADD ("/app/window/expert-ai-arranges", KIELA_SPEED_INSTANT, test_expert_ai_arranges);
  ADD ("/app/window/expert-ai-arrange-cancel", KIELA_SPEED_INSTANT, test_expert_ai_arrange_cancel);
  ADD ("/app/window/ai-opponent", KIELA_SPEED_VERY_FAST, test_ai_opponent);
  ADD ("/app/window/ai-vs-ai", KIELA_SPEED_INSTANT, test_ai_vs_ai);
  ADD ("/app/window/ai-cancel", KIELA_SPEED_INSTANT, test_ai_cancel);
  ADD ("/app/window/game-over", KIELA_SPEED_INSTANT, test_game_over);
  ADD ("/app/new-game-dialog/preset", KIELA_SPEED_NORMAL, test_new_game_dialog);
  ADD ("/app/window/plugin-failures", KIELA_SPEED_INSTANT, test_plugin_failures);
  ADD ("/app/window/tab-chain", KIELA_SPEED_INSTANT, test_tab_chain);
  ADD ("/app/window/step-list/rows", KIELA_SPEED_NORMAL, test_step_list_rows);
  ADD ("/app/window/step-list/click", KIELA_SPEED_INSTANT, test_step_list_click);
  ADD ("/app/window/step-list/scrolls", KIELA_SPEED_INSTANT, test_step_list_scrolls);
  ADD ("/app/window/panel-folds", KIELA_SPEED_INSTANT, test_panel_folds);
  ADD ("/app/window/title-names-file", KIELA_SPEED_INSTANT, test_title_names_file);
  ADD ("/app/window/render-png", KIELA_SPEED_INSTANT, test_render_png);
  ADD ("/app/window/step-keys", KIELA_SPEED_NORMAL, test_step_keys);
  ADD ("/app/window/illegal-click-explains", KIELA_SPEED_INSTANT, test_illegal_click_explains);
  ADD ("/app/window/hint", KIELA_SPEED_INSTANT, test_hint);
  ADD ("/app/window/move-list/model", KIELA_SPEED_INSTANT, test_move_list_model);
  ADD ("/app/window/move-list/follows", KIELA_SPEED_INSTANT, test_move_list_follows);
  ADD ("/app/window/unsaved/play-again", KIELA_SPEED_INSTANT, test_unsaved_play_again);
  ADD ("/app/window/unsaved/save-then-open", KIELA_SPEED_INSTANT, test_unsaved_save_then_open);
  ADD ("/app/window/unsaved/close", KIELA_SPEED_INSTANT, test_unsaved_close);
  ADD ("/app/window/unsaved/untitled-close", KIELA_SPEED_INSTANT, test_untitled_close);
  ADD ("/app/window/pages", KIELA_SPEED_INSTANT, test_pages);
#undef ADD
  g_test_add_func ("/app/application/open-command-line", test_open_command_line);

  return g_test_run ();
}
