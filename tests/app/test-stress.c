/* test-stress.c: a seeded monkey test of the main window: thousands of random actions (clicks on any
 * house, undo/redo while the computer thinks or a move is being sown, review, new games of every
 * variant with random players, speed changes, dialogs opened and closed), checking after each one
 * that the board, the move list and the engine agree.  KIELA_STRESS_SEED and KIELA_STRESS_ACTIONS
 * change the run, KIELA_STRESS_TRACE=1 prints every action; a failure prints the seed and the action that broke it. */
#include "config.h"

#include <stdlib.h>

#include <string.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-compat.h"
#include "kiela-game-session.h"
#include "kiela-move-list-item.h"
#include "kiela-settings.h"
#include "kiela-board-view.h"
#include "kiela-trace-player.h"
#include "kiela-step-list.h"
#include "app-test-util.h"

static const char *const actions[] = {
  "undo", "redo", "hint", "step-forward", "step-back", "go-start", "go-end", "play-pause",
  "previous-move", "next-move", "back-to-game", "setup-done", "setup-skip", "toggle-panel",
  "play-again", "dismiss-banner", "fullscreen",
};

/* Windows the monkey may open (preferences, about, plugins): closed again at random. */
static const char *const dialog_actions[] = { "preferences", "about", "show-plugins" };

static void
iterate (guint n)
{
  for (guint i = 0; i < n; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* The rows the move list holds (its list view makes widgets only for those in sight). */
static guint
count_rows (GtkWidget *list)
{
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (GTK_LIST_VIEW (list))));
}

/* The rows the move list should hold for `line` and the variations in it: the current line's
 * played moves (not those kept for redo), every other line's moves. */
static guint
expected_rows (KielaGameTree *tree, KielaGameLine *line)
{
  guint fork = kiela_game_line_get_fork (line);
  guint end = fork + kiela_game_line_get_n_moves (line);
  guint n;

  if (line == kiela_game_tree_get_current (tree))
    end = MIN (end, kiela_game_get_n_moves (kiela_game_tree_get_game (tree)));
  else if (kiela_game_line_get_parent (line) == NULL)
    end = MIN (end, kiela_game_get_n_moves (kiela_game_tree_get_main_game (tree)));
  end = MAX (end, fork);
  n = end - fork;
  for (guint i = 0; i < kiela_game_line_get_n_variations (line); i++)
    if (kiela_game_line_get_fork (kiela_game_line_get_variation (line, i)) < end)
      n += expected_rows (tree, kiela_game_line_get_variation (line, i));
  return n;
}

/* The window's invariants, whatever the monkey did. */
static void
check (KielaWindow *w, guint step, const char *what)
{
  KielaGame *game = kiela_window_get_game (w);
  KielaBoardView *board = kiela_window_get_board (w);
  KielaTracePlayer *player = kiela_window_get_trace_player (w);
  GtkWidget *list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (w), KIELA_TYPE_WINDOW, "move_list"));
  guint n = kiela_game_get_n_moves (game);
  guint ply = kiela_window_get_view_ply (w);

  KielaGameTree *tree = kiela_game_session_get_tree (kiela_window_get_session (w));
  guint rows = 1 + expected_rows (tree, kiela_game_tree_get_main_line (tree));

  /* A reviewed position takes moves into variations: the list holds the tree. */
  if (list == NULL || count_rows (list) != rows)
    g_error ("step %u (%s): the move list has %u rows for %u moves in all lines", step, what,
             list ? count_rows (list) : 0, rows - 1);
  if (ply > n)
    g_error ("step %u (%s): view ply %u past the %u moves played", step, what, ply, n);
  {
    GtkSingleSelection *sel = GTK_SINGLE_SELECTION (gtk_list_view_get_model (GTK_LIST_VIEW (list)));

    KielaMoveListItem *item = gtk_single_selection_get_selected_item (sel);

    if (item == NULL || kiela_move_list_item_get_ply (item) != ply)
      g_error ("step %u (%s): the move list selects the row of ply %u, the board shows ply %u", step, what,
               item ? kiela_move_list_item_get_ply (item) : G_MAXUINT, ply);
  }
  if (kiela_board_view_get_position (board)->files != kiela_game_get_variant (game)->files)
    g_error ("step %u (%s): the board has %u files, the game %u", step, what,
             kiela_board_view_get_position (board)->files, kiela_game_get_variant (game)->files);
  /* Once the shown move has been sown to its end, the board shows exactly the engine's position
   * at that ply.  (In the expert setup the board shows the arrangement being made instead.) */
  if (kiela_game_get_phase (game) == KIELA_PHASE_PLAY && kiela_trace_player_is_at_end (player) &&
      !kiela_trace_player_get_playing (player))
    {
      const KielaPosition *shown = kiela_board_view_get_position (board);
      const KielaPosition *want = kiela_game_get_position_at (game, ply);

      for (int side = 0; side < 2; side++)
        for (guint h = 0; h < 2u * want->files; h++)
          if (shown->houses[side][h] != want->houses[side][h])
            g_error ("step %u (%s): ply %u of %u, side %d house %u shows %u, the engine has %u",
                     step, what, ply, n, side, h, shown->houses[side][h], want->houses[side][h]);
    }
}

static void
close_other_windows (KielaWindow *main_window)
{
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = g_list_model_get_n_items (tops); i > 0; i--)
    {
      g_autoptr(GtkWindow) top = g_list_model_get_item (tops, i - 1);
      if (top != GTK_WINDOW (main_window))
        gtk_window_destroy (top);
    }
  /* And those inside it (libadwaita >= 1.5: the About dialog, a question). */
  kiela_compat_close_dialogs (GTK_WINDOW (main_window));
}

/* The step being run, for a fatal message from GTK or GLib (a critical is fatal in tests) that
 * breaks off the run before check() can name the action. */
static guint32 now_seed;
static guint now_step;
static const char *now_what = "start";

static gboolean
say_step (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  g_printerr ("app-stress: seed %u, step %u (%s): %s\n", now_seed, now_step, now_what, message);
  return TRUE;   /* still fatal */
}

/* Every warning is fatal, and names the step it came in: GLib's fatal mask would abort inside
 * g_log before a message names it.  (A GTK 4.18 warning found here, "Trying to measure
 * GtkRevealer ... for width of 300, but it needs at least 504", was the game-over card's row of
 * three buttons in the 300 px side panel: they wrap now, and app-move-list-end checks it.) */
static GLogWriterOutput
stress_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  const char *domain = NULL, *message = NULL;
  GLogWriterOutput out;

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
    else if (g_str_equal (fields[i].key, "MESSAGE"))
      message = fields[i].value;
  out = g_log_writer_default (level, fields, n_fields, data);
  if ((level & G_LOG_LEVEL_WARNING) != 0)
    {
      say_step (domain, level, message, NULL);
      abort ();
    }
  return out;
}

static void
test_stress (void)
{
  const char *seed_env = g_getenv ("KIELA_STRESS_SEED");
  const char *n_env = g_getenv ("KIELA_STRESS_ACTIONS");
  guint32 seed = seed_env ? (guint32) g_ascii_strtoull (seed_env, NULL, 10) : 20261130;
  guint n_actions = n_env ? (guint) g_ascii_strtoull (n_env, NULL, 10) : 600;
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "kiela", NULL);
  g_autofree char *autosave = g_build_filename (dir, "autosave.kiela", NULL);
  KielaRegistry *registry = kiela_registry_new ();
  GSettings *prefs;
  KielaWindow *w;
  GPtrArray *variants, *personalities;
  guint games = 1, moves_seen = 0, ai_moves = 0;

  g_autofree char *saved = g_build_filename (dir, "saved.kiela", NULL);
  const char *bad_names[] = { "folder.kiela", "pipe.kiela", "deep.kiela", "unknown-variant.kiela",
                              "not-utf8.kiela", "wrong-types.kiela", "missing.kiela" };
  char *bad[G_N_ELEMENTS (bad_names)];

  g_test_message ("seed %u, %u actions (KIELA_STRESS_SEED, KIELA_STRESS_ACTIONS)", seed, n_actions);
  now_seed = seed;
  g_test_log_set_fatal_handler (say_step, NULL);
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_log_set_writer_func (stress_writer, NULL, NULL);
  /* libadwaita logs without the structured API: its warnings reach the handler of its domain
   * (the test framework's, which only prints them), not the writer.  GLib's default handler
   * hands them to the writer, which makes them fatal like the others. */
  g_log_set_handler ("Adwaita", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL | G_LOG_FLAG_FATAL,
                     g_log_default_handler, NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (bad_names); i++)
    bad[i] = g_build_filename (dir, bad_names[i], NULL);
  g_assert_cmpint (g_mkdir_with_parents (bad[0], 0700), ==, 0);
  g_assert_cmpint (mkfifo (bad[1], 0600), ==, 0);
  {
    g_autofree char *deep = g_strnfill (100000, '[');
    g_assert_true (g_file_set_contents (bad[2], deep, -1, NULL));
  }
  g_assert_true (g_file_set_contents (bad[3], "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"oware\",\"moves\":[]}", -1, NULL));
  g_assert_true (g_file_set_contents (bad[4], "{\"format\":\"kiela-game\xff\"}", -1, NULL));
  g_assert_true (g_file_set_contents (bad[5], "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":{}}", -1, NULL));
  kiela_registry_load_default (registry);
  variants = kiela_registry_get_variants (registry);
  personalities = kiela_registry_get_personalities (registry);
  g_assert_cmpuint (variants->len, >=, 2);
  prefs = kiela_settings_new (NULL);
  g_assert_nonnull (prefs);
  g_settings_set_enum (prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  w = app_test_window_new (registry, prefs, autosave);
  gtk_window_present (GTK_WINDOW (w));
  kiela_window_new_game (w, NULL, NULL, NULL);
  iterate (20);
  check (w, 0, "start");

  for (guint step = 1; step <= n_actions; step++)
    {
      KielaGame *game = kiela_window_get_game (w);
      guint r = (guint) g_rand_int_range (rand, 0, 100);
      g_autofree char *what = NULL;
      gint64 t0 = g_get_monotonic_time ();

      if (r < 40)
        {
          /* A click on any house, legal or not, either side, in any state. */
          guint files = kiela_game_get_variant (game)->files;
          KielaMove legal[KIELA_MAX_MOVES];
          guint n_legal = kiela_game_legal_moves (game, legal);
          KielaSide side;
          guint house;

          if (n_legal > 0 && g_rand_boolean (rand))
            {
              side = kiela_game_get_position (game)->to_move;
              house = legal[g_rand_int_range (rand, 0, (gint32) n_legal)];
            }
          else
            {
              side = (KielaSide) g_rand_int_range (rand, 0, 2);
              house = (guint) g_rand_int_range (rand, 0, (gint32) (2 * files));
            }
          what = g_strdup_printf ("click side %d house %u", side, house);
          g_signal_emit_by_name (kiela_window_get_board (w), "house-activated", (guint) side, house);
        }
      else if (r < 75)
        {
          const char *a = actions[g_rand_int_range (rand, 0, G_N_ELEMENTS (actions))];
          what = g_strdup_printf ("win.%s", a);
          gtk_widget_activate_action (GTK_WIDGET (w), what, NULL);
        }
      else if (r < 80)
        {
          guint n = kiela_game_get_n_moves (game);
          guint ply = (guint) g_rand_int_range (rand, 0, (gint32) n + 1);
          what = g_strdup_printf ("review ply %u of %u", ply, n);
          kiela_window_review_ply (w, ply);
        }
      else if (r < 84)
        {
          /* Any variant; each side a human or any personality: computer against computer too. */
          const KielaVariant *v = g_ptr_array_index (variants, g_rand_int_range (rand, 0, (gint32) variants->len));
          const KielaPersonality *p[2] = { NULL, NULL };

          for (int s = 0; s < 2; s++)
            if (personalities->len > 0 && g_rand_int_range (rand, 0, 3) > 0)
              p[s] = g_ptr_array_index (personalities, g_rand_int_range (rand, 0, (gint32) personalities->len));
          what = g_strdup_printf ("new game %s, %s vs %s", v->id, p[0] ? p[0]->id : "human", p[1] ? p[1]->id : "human");
          kiela_window_new_game (w, v, p[0], p[1]);
          games++;
        }
      else if (r < 88)
        {
          KielaSpeed speed = g_rand_boolean (rand) ? KIELA_SPEED_INSTANT
                                                   : (KielaSpeed) g_rand_int_range (rand, KIELA_SPEED_NORMAL, KIELA_N_SPEEDS);
          what = g_strdup_printf ("speed %d", speed);
          g_settings_set_enum (prefs, KIELA_SETTINGS_SPEED, speed);
        }
      else if (r < 91)
        {
          const char *a = dialog_actions[g_rand_int_range (rand, 0, G_N_ELEMENTS (dialog_actions))];
          what = g_strdup_printf ("win.%s", a);
          gtk_widget_activate_action (GTK_WIDGET (w), what, NULL);
        }
      else if (r < 92)
        {
          what = g_strdup ("close dialogs");
          close_other_windows (w);
        }
      else if (r < 95)
        {
          /* Save the game, or open a saved game or a hostile file: a failure keeps the game. */
          KielaGame *before = kiela_window_get_game (w);
          guint n_before = kiela_game_get_n_moves (before);
          guint which = (guint) g_rand_int_range (rand, 0, G_N_ELEMENTS (bad_names) + 2);

          if (which == G_N_ELEMENTS (bad_names))
            {
              g_autoptr(GError) error = NULL;
              what = g_strdup ("save");
              if (!kiela_window_save_to_path (w, saved, &error))
                g_error ("step %u: saving failed: %s", step, error->message);
            }
          else if (which == G_N_ELEMENTS (bad_names) + 1)
            {
              g_autoptr(KielaGame) want = kiela_record_load (registry, saved, NULL);
              what = g_strdup ("open saved.kiela");
              if (want != NULL)
                {
                  g_assert_true (kiela_window_open_path (w, saved));
                  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (w)), ==,
                                    kiela_game_get_n_moves (want));
                }
            }
          else
            {
              g_autofree char *base = NULL;
              what = g_strdup_printf ("open %s", bad_names[which]);
              if (kiela_window_open_path (w, bad[which]))
                g_error ("step %u: %s opened", step, bad_names[which]);
              base = g_path_get_basename (bad[which]);
              if (kiela_window_get_banner_text (w) == NULL || strstr (kiela_window_get_banner_text (w), base) == NULL)
                g_error ("step %u: opening %s said “%s”", step, base, kiela_window_get_banner_text (w));
              g_assert_true (kiela_window_get_game (w) == before);
              g_assert_cmpuint (kiela_game_get_n_moves (before), ==, n_before);
            }
        }
      else if (r < 96)
        {
          int sizes[][2] = { { 1, 1 }, { 200, 150 }, { 360, 294 }, { 800, 600 }, { 1600, 1000 }, { 4000, 3000 } };
          guint i = (guint) g_rand_int_range (rand, 0, G_N_ELEMENTS (sizes));
          what = g_strdup_printf ("resize %dx%d", sizes[i][0], sizes[i][1]);
          gtk_window_set_default_size (GTK_WINDOW (w), sizes[i][0], sizes[i][1]);
          if (g_rand_boolean (rand))
            gtk_window_unfullscreen (GTK_WINDOW (w));
        }
      else
        {
          /* Let the computer think and the sowing run for a while. */
          guint ms = (guint) g_rand_int_range (rand, 1, 60);
          gint64 end = g_get_monotonic_time () + ms * 1000;
          what = g_strdup_printf ("wait %u ms", ms);
          while (g_get_monotonic_time () < end)
            {
              g_main_context_iteration (NULL, FALSE);
              g_usleep (500);
            }
        }

      now_step = step;
      now_what = what;
      if (g_getenv ("KIELA_STRESS_TRACE"))
        g_printerr ("step %u: %s\n", step, what);
      iterate ((guint) g_rand_int_range (rand, 0, 6));
      check (w, step, what);
      now_what = "between steps";
      if (g_getenv ("KIELA_STRESS_TIMING") && g_get_monotonic_time () - t0 > 50000)
        g_printerr ("slow step %u: %s: %.0f ms\n", step, what, (g_get_monotonic_time () - t0) / 1000.0);
      if (kiela_window_is_ai_thinking (w))
        ai_moves++;
      moves_seen += kiela_game_get_n_moves (kiela_window_get_game (w)) > 0;
    }

  /* The autosave on disk is the game in the window (its main line: the window may show a variation). */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaGame) saved = NULL;
    KielaGame *game = kiela_game_tree_get_main_game (kiela_game_session_get_tree (kiela_window_get_session (w)));

    while (kiela_window_is_ai_thinking (w))
      {
        gtk_widget_activate_action (GTK_WIDGET (w), "win.undo", NULL);
        iterate (10);
      }
    kiela_window_save_to_path (w, autosave, &error);
    g_assert_no_error (error);
    saved = kiela_record_load (registry, autosave, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (kiela_game_get_n_moves (saved), ==, kiela_game_get_n_moves (game));
    g_assert_true (kiela_position_equal (kiela_game_get_position (saved), kiela_game_get_position (game)));
  }

  g_test_message ("%u games started, %u checks with moves on the board, %u with the computer thinking",
                  games, moves_seen, ai_moves);
  /* The run played several games.  Which actions come depends on the timing (how far the
   * computer got in a wait changes the draws after it), so the number of new games is about
   * binomial, 4 % of the actions (24 of 600, standard deviation 4.8): 12 came once in twenty
   * runs on Debian 13, and "more than 12" failed.  More than 6 fails about once in 10^5 runs. */
  g_assert_cmpuint (games, >, n_actions / 100);
  g_assert_cmpuint (moves_seen, >, n_actions / 4);

  close_other_windows (w);
  app_test_window_free (w);
  g_object_unref (prefs);
  kiela_registry_free (registry);
  g_rmdir (bad[0]);
  g_unlink (bad[1]);
  for (guint i = 0; i < G_N_ELEMENTS (bad_names); i++)
    {
      g_unlink (bad[i]);
      g_free (bad[i]);
    }
}

/* A data folder that cannot be written (here: its parent is a file, which fails even for root):
 * autosaving fails with a message naming the folder, once, and the game in the window is kept. */
static void
test_unwritable_data_dir (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("kiela-unwritable-XXXXXX", NULL);
  g_autofree char *blocker = g_build_filename (tmp, "not-a-folder", NULL);
  g_autofree char *autosave = g_build_filename (blocker, "kiela", "autosave.kiela", NULL);
  g_autofree char *saved_path = g_build_filename (blocker, "game.kiela", NULL);
  KielaRegistry *registry = kiela_registry_new ();
  GSettings *prefs;
  KielaWindow *w;
  KielaGame *game;
  KielaMove legal[KIELA_MAX_MOVES];
  g_autoptr(GError) error = NULL;
  const char *msg;

  g_assert_true (g_file_set_contents (blocker, "I am a file", -1, NULL));
  kiela_registry_load_default (registry);
  prefs = kiela_settings_new (NULL);
  g_assert_nonnull (prefs);
  g_settings_set_enum (prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  w = app_test_window_new (registry, prefs, autosave);
  kiela_window_restore_autosave (w);
  game = kiela_window_get_game (w);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpuint (kiela_game_legal_moves (game, legal), >, 0);
      g_signal_emit_by_name (kiela_window_get_board (w), "house-activated",
                             (guint) kiela_game_get_position (game)->to_move, (guint) legal[0]);
      iterate (5);
    }
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (w)), ==, 3);
  msg = kiela_window_get_last_message (w);
  g_assert_nonnull (msg);
  if (strstr (msg, "could not be autosaved") == NULL || strstr (msg, "not-a-folder") == NULL)
    g_error ("autosave failure said “%s”", msg);
  g_assert_false (g_file_test (autosave, G_FILE_TEST_EXISTS));

  /* Saving there fails with an error naming the file; the game is still the one played. */
  g_assert_false (kiela_window_save_to_path (w, saved_path, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "game.kiela"));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (w)), ==, 3);

  app_test_window_free (w);
  g_object_unref (prefs);
  kiela_registry_free (registry);
  g_unlink (blocker);
  g_rmdir (tmp);
}

/* A lap from a house of 3,000 stones: its step-list row once named all 3,000 squares, rebuilt at
 * every step of the replay, and a bigger house froze the window laying out megabytes of text.
 * A row names at most a few dozen squares, around the one just sown. */
static void
test_huge_lap (void)
{
  g_autofree char *tmp = g_dir_make_tmp ("kiela-huge-lap-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (tmp, "huge-lap.kiela", NULL);
  KielaRegistry *registry = kiela_registry_new ();
  GSettings *prefs;
  KielaWindow *w;
  KielaStepList *steps;
  KielaTracePlayer *player;
  guint longest = 0, drop_rows = 0;

  g_assert_true (g_file_set_contents (path,
      "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"hawalis\","
      "\"start\":\"1,1,1,1,1,1,1/1,1,1,1,1,1,1/1,1,1,1,1,1,1/3000,1,1,1,1,1,1 s\",\"moves\":[\"a1\"]}", -1, NULL));
  kiela_registry_load_default (registry);
  prefs = kiela_settings_new (NULL);
  g_assert_nonnull (prefs);
  g_settings_set_enum (prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  w = app_test_window_new (registry, prefs, NULL);
  gtk_window_present (GTK_WINDOW (w));
  g_assert_true (kiela_window_open_path (w, path));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (w)), ==, 1);
  kiela_window_review_ply (w, 1);
  iterate (20);

  steps = kiela_window_get_step_list (w);
  player = kiela_window_get_trace_player (w);
  g_assert_cmpuint (kiela_trace_player_get_n_events (player), >, 3000);
  for (guint r = 0; r < kiela_step_list_get_n_rows (steps); r++)
    {
      const char *text = kiela_step_list_get_row_text (steps, r);
      longest = MAX (longest, (guint) strlen (text));
      if (strstr (text, "stones drop into") != NULL)
        drop_rows++;
    }
  g_assert_cmpuint (drop_rows, >, 0);
  if (longest > 400)
    g_error ("a step-list row is %u bytes long", longest);

  /* Stepping through the long lap keeps the rows short and the replay where it was put. */
  kiela_trace_player_set_index (player, 1500);
  iterate (5);
  g_assert_cmpuint (kiela_trace_player_get_index (player), ==, 1500);
  for (guint r = 0; r < kiela_step_list_get_n_rows (steps); r++)
    g_assert_cmpuint (strlen (kiela_step_list_get_row_text (steps, r)), <=, 400);

  app_test_window_free (w);
  g_object_unref (prefs);
  kiela_registry_free (registry);
  g_unlink (path);
  g_rmdir (tmp);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-stress");
  g_test_add_func ("/app/stress/random-actions", test_stress);
  g_test_add_func ("/app/hostile/unwritable-data-dir", test_unwritable_data_dir);
  g_test_add_func ("/app/hostile/huge-lap", test_huge_lap);
  return g_test_run ();
}
