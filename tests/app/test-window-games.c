/* test-window-games.c: games in the main window: the expert setup and the computer arranging,
 * computer opponents and their cancelled moves, the game's end, the New Game dialog's presets,
 * and plugins that fail to load (the fixture and helpers: app-test-window-fixture.h). */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "kiela-compat.h"
#include "kiela-settings.h"
#include "kiela-new-game-dialog.h"
#include "kiela-preferences-window.h"
#include "tests/test-plugin-util.h"
#include "app-test-window-fixture.h"

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

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-window-games");

  ADD ("/app/window/expert-setup", KIELA_SPEED_INSTANT, test_expert_setup);
  ADD ("/app/window/expert-ai-arranges", KIELA_SPEED_INSTANT, test_expert_ai_arranges);
  ADD ("/app/window/expert-ai-arrange-cancel", KIELA_SPEED_INSTANT, test_expert_ai_arrange_cancel);
  ADD ("/app/window/ai-opponent", KIELA_SPEED_VERY_FAST, test_ai_opponent);
  ADD ("/app/window/ai-vs-ai", KIELA_SPEED_INSTANT, test_ai_vs_ai);
  ADD ("/app/window/ai-cancel", KIELA_SPEED_INSTANT, test_ai_cancel);
  ADD ("/app/window/game-over", KIELA_SPEED_INSTANT, test_game_over);
  ADD ("/app/new-game-dialog/preset", KIELA_SPEED_NORMAL, test_new_game_dialog);
  ADD ("/app/window/plugin-failures", KIELA_SPEED_INSTANT, test_plugin_failures);

  return g_test_run ();
}
