/* test-session.c: the app's game logic (KielaGameSession) without a display: playing, undo to the
 * human's turn, computer moves and their cancellation, hints, unsaved changes, files, autosave. */
/* unshare() for the full-disk test's own mount namespace (tests/test-full-disk.h). */
#define _GNU_SOURCE
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include "kiela-game-session.h"
#include "kiela-ai-player.h"
#include "kiela-game-file.h"
#include "app-test-util.h"
#include "tests/test-full-disk.h"

typedef struct {
  KielaRegistry *registry;
  char *dir;
  GFile *autosave;
  KielaGameSession *session;
  GPtrArray *messages;
  GPtrArray *errors;
  guint modified_notes;
  guint played;
  gboolean replay_on_play;   /* act as a view that animates every move */
} Fixture;

static void
on_message (KielaGameSession *session, const char *text, Fixture *f)
{
  g_ptr_array_add (f->messages, g_strdup (text));
}

static void
on_error (KielaGameSession *session, const char *text, Fixture *f)
{
  g_ptr_array_add (f->errors, g_strdup (text));
}

static void
on_modified (KielaGameSession *session, GParamSpec *pspec, Fixture *f)
{
  f->modified_notes++;
}

static void
on_move_played (KielaGameSession *session, guint ply, Fixture *f)
{
  f->played++;
  /* The view replays the move that is now the shown one. */
  g_assert_cmpuint (ply, ==, kiela_game_get_n_moves (kiela_game_session_get_game (session)));
  if (f->replay_on_play)
    kiela_game_session_set_replaying (session, TRUE);
}

static KielaGameSession *
make_session (Fixture *f)
{
  KielaGameSession *s = kiela_game_session_new (f->registry, f->autosave);

  g_signal_connect (s, "message", G_CALLBACK (on_message), f);
  g_signal_connect (s, "error", G_CALLBACK (on_error), f);
  g_signal_connect (s, "notify::modified", G_CALLBACK (on_modified), f);
  g_signal_connect (s, "move-played", G_CALLBACK (on_move_played), f);
  return s;
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autofree char *path = NULL;

  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  g_assert_nonnull (kiela_registry_lookup_variant (f->registry, "kiela"));
  f->dir = g_dir_make_tmp ("kiela-test-session-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  path = g_build_filename (f->dir, "data", "autosave.kiela", NULL);
  f->autosave = g_file_new_for_path (path);
  f->messages = g_ptr_array_new_with_free_func (g_free);
  f->errors = g_ptr_array_new_with_free_func (g_free);
  f->session = make_session (f);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = g_build_filename (dir, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (dir);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->session);
  g_clear_object (&f->autosave);
  g_clear_pointer (&f->registry, kiela_registry_free);
  g_ptr_array_unref (f->messages);
  g_ptr_array_unref (f->errors);
  remove_tree (f->dir);
  g_free (f->dir);
}

static KielaGame *
game_of (Fixture *f)
{
  return kiela_game_session_get_game (f->session);
}

static KielaMove
first_legal (Fixture *f)
{
  KielaMove moves[KIELA_MAX_MOVES];

  g_assert_cmpuint (kiela_game_legal_moves (game_of (f), moves), >, 0);
  return moves[0];
}

static void
play_first_legal (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_game_session_play (f->session, first_legal (f), &error));
  g_assert_no_error (error);
}

static const KielaPersonality *
personality (Fixture *f, gboolean strongest)
{
  GPtrArray *all = kiela_registry_get_personalities (f->registry);

  g_assert_true (all != NULL && all->len > 0);
  return g_ptr_array_index (all, strongest ? all->len - 1 : 0);
}

/* ---------- tests ---------- */

/* A human move is played, notified and replayable; an illegal one is refused with the reason. */
static void
test_play (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  KielaSquare sq;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 0);
  g_assert_false (kiela_game_session_get_modified (f->session));
  g_assert_true (kiela_game_session_can_play (f->session));

  g_assert_true (kiela_square_parse (10, "a2", &sq, NULL));
  g_assert_false (kiela_game_session_play (f->session, (KielaMove) sq.house, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "a2"));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 0);
  g_assert_cmpuint (f->played, ==, 0);

  play_first_legal (f);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 1);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 1);
  g_assert_cmpuint (f->played, ==, 1);
  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_cmpint (kiela_game_session_get_turn (f->session), ==, KIELA_NORTH);

  /* While the view replays the move, nothing may be played. */
  kiela_game_session_set_replaying (f->session, TRUE);
  g_assert_false (kiela_game_session_can_play (f->session));
  g_assert_false (kiela_game_session_play (f->session, first_legal (f), NULL));
  kiela_game_session_set_replaying (f->session, FALSE);

  /* Reviewing an earlier ply is not playing. */
  kiela_game_session_set_view_ply (f->session, 0);
  g_assert_false (kiela_game_session_is_live (f->session));
  g_assert_false (kiela_game_session_can_play (f->session));
  kiela_game_session_set_view_ply (f->session, 99);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 1);
}

static gboolean
moves_played (Fixture *f, guint n)
{
  return kiela_game_get_n_moves (game_of (f)) >= n && !kiela_game_session_get_ai_thinking (f->session);
}

static gboolean
two_moves (gpointer data)
{
  return moves_played (data, 2);
}

static gboolean
one_move (gpointer data)
{
  return moves_played (data, 1);
}

/* Against the computer: its reply comes from a worker thread, and undo goes back to the
 * human's turn (undoing only the reply would let the computer play it again at once). */
static void
test_ai_reply_and_undo (Fixture *f, gconstpointer data)
{
  const KielaPersonality *ai = personality (f, FALSE);
  KielaPosition start;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, ai);
  start = *kiela_game_get_position (game_of (f));
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  play_first_legal (f);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
  g_assert_false (kiela_game_session_can_play (f->session));
  wait_until (two_moves, f, 30000, "the computer's reply");
  g_assert_cmpuint (f->played, ==, 2);
  g_assert_cmpint (kiela_game_session_get_turn (f->session), ==, KIELA_SOUTH);

  g_assert_true (kiela_game_session_undo (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 0);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 0);
  g_assert_true (kiela_position_equal (kiela_game_get_position (game_of (f)), &start));
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  g_assert_true (kiela_game_session_can_play (f->session));

  /* Redo brings back both moves, the human's and the reply. */
  g_assert_true (kiela_game_session_redo (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 2);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
}

/* While a move is replayed the computer waits; it starts when the replay ends. */
static void
test_ai_waits_for_replay (Fixture *f, gconstpointer data)
{
  const KielaPersonality *ai = personality (f, FALSE);

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, ai);
  kiela_game_session_set_replaying (f->session, TRUE);
  kiela_game_session_set_replaying (f->session, FALSE);
  play_first_legal (f);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
  wait_until (two_moves, f, 30000, "the computer's reply");

  kiela_game_session_undo (f->session);
  f->replay_on_play = TRUE;
  play_first_legal (f);
  f->replay_on_play = FALSE;
  g_assert_true (kiela_game_session_get_replaying (f->session));
  spin (50);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 1);
  kiela_game_session_set_replaying (f->session, FALSE);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
  wait_until (two_moves, f, 30000, "the computer's reply after the replay");
}

/* A new game while the computer thinks cancels it: its answer never lands. */
static void
test_ai_cancel (Fixture *f, gconstpointer data)
{
  const KielaPersonality *strong = personality (f, TRUE);
  KielaGame *game;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), strong, strong);
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  game = game_of (f);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  spin (1500);
  g_assert_true (game_of (f) == game);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 0);
  g_assert_cmpuint (f->played, ==, 0);

  /* Disposing the session while it thinks is safe too (the reply is dropped unread). */
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), strong, strong);
  g_clear_object (&f->session);
  spin (1500);
}

/* Two computers: undo pauses them until resumed. */
static void
test_ai_vs_ai_undo_pauses (Fixture *f, gconstpointer data)
{
  const KielaPersonality *ai = personality (f, FALSE);

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), ai, ai);
  wait_until (two_moves, f, 30000, "two computer moves");
  g_assert_true (kiela_game_session_undo (f->session));
  g_assert_true (kiela_game_session_get_ai_paused (f->session));
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  spin (200);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  kiela_game_session_resume_ai (f->session);
  g_assert_false (kiela_game_session_get_ai_paused (f->session));
  g_assert_true (kiela_game_session_get_ai_thinking (f->session));
}

static gboolean
hint_arrived (gpointer data)
{
  Fixture *f = data;

  return !kiela_game_session_get_hint_pending (f->session);
}

/* A hint names a legal house of the side to move, and goes away when the game moves on. */
static void
test_hint (Fixture *f, gconstpointer data)
{
  KielaMove hint;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_true (kiela_game_session_can_hint (f->session));
  kiela_game_session_request_hint (f->session);
  g_assert_true (kiela_game_session_get_hint_pending (f->session));
  g_assert_false (kiela_game_session_can_hint (f->session));
  wait_until (hint_arrived, f, 30000, "the hint");
  hint = kiela_game_session_get_hint_move (f->session);
  g_assert_true (kiela_game_is_legal (game_of (f), hint));
  g_assert_true (g_str_has_prefix (kiela_game_session_get_hint (f->session), "Hint: sow "));
  g_assert_cmpuint (f->messages->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->messages, 0), ==, kiela_game_session_get_hint (f->session));

  g_assert_true (kiela_game_session_play (f->session, hint, NULL));
  g_assert_null (kiela_game_session_get_hint (f->session));
  g_assert_cmpint (kiela_game_session_get_hint_move (f->session), ==, -1);

  /* A hint asked for and then overtaken by a move never lands. */
  kiela_game_session_request_hint (f->session);
  play_first_legal (f);
  g_assert_false (kiela_game_session_get_hint_pending (f->session));
  spin (1500);
  g_assert_null (kiela_game_session_get_hint (f->session));
}

/* "modified" says whether the game has moves its file does not hold; saving and opening
 * clear it, any move sets it. */
static void
test_modified_and_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "lesson.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_false (kiela_game_session_get_modified (f->session));
  g_assert_null (kiela_game_session_get_file (f->session));
  f->modified_notes = 0;
  play_first_legal (f);
  play_first_legal (f);
  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_cmpuint (f->modified_notes, ==, 1);

  g_assert_true (kiela_game_session_save (f->session, file, &error));
  g_assert_no_error (error);
  g_assert_false (kiela_game_session_get_modified (f->session));
  g_assert_true (g_file_equal (kiela_game_session_get_file (f->session), file));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "kiela-game"));

  play_first_legal (f);
  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_true (kiela_game_session_undo (f->session));
  g_assert_true (kiela_game_session_get_modified (f->session));

  /* Opening the file: the two saved moves, not modified. */
  kiela_game_session_new_game (f->session, NULL, NULL, NULL);
  g_assert_null (kiela_game_session_get_file (f->session));
  g_assert_true (kiela_game_session_open (f->session, file, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 2);
  g_assert_false (kiela_game_session_get_modified (f->session));
  g_assert_true (g_file_equal (kiela_game_session_get_file (f->session), file));

  /* Saving again without a file argument writes to the session's file. */
  play_first_legal (f);
  g_assert_true (kiela_game_session_save (f->session, NULL, &error));
  g_assert_false (kiela_game_session_get_modified (f->session));
  {
    g_autoptr(KielaGame) reread = kiela_record_load (f->registry, path, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (kiela_game_get_n_moves (reread), ==, 3);
  }
}

/* A file that cannot be opened leaves the game, its file and its changes as they were. */
static void
test_open_failure_keeps_game (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "broken.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_new_for_path (f->dir);
  g_autoptr(GError) error = NULL;
  KielaGame *game;

  g_assert_true (g_file_set_contents (path, "{\"format\":\"kiela-game\"", -1, NULL));
  kiela_game_session_new_game (f->session, NULL, NULL, NULL);
  play_first_legal (f);
  game = game_of (f);
  g_assert_false (kiela_game_session_open (f->session, file, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "broken.kiela"));
  g_clear_error (&error);
  g_assert_false (kiela_game_session_open (f->session, folder, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_IO);
  g_assert_true (game_of (f) == game);
  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_null (kiela_game_session_get_file (f->session));
}

/* Every move is autosaved; a new session restores the game untitled and modified (its moves
 * are in no file of the user's), with the computer player it had. */
static void
test_autosave_restore (Fixture *f, gconstpointer data)
{
  const KielaPersonality *ai = personality (f, FALSE);
  g_autoptr(KielaGameSession) second = NULL;
  KielaPosition final;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela-beginner"), NULL, ai);
  play_first_legal (f);
  wait_until (two_moves, f, 30000, "the computer's reply");
  final = *kiela_game_get_position (game_of (f));
  g_assert_true (g_file_query_exists (f->autosave, NULL));

  second = make_session (f);
  kiela_game_session_restore_autosave (second);
  g_assert_cmpuint (f->errors->len, ==, 0);
  g_assert_cmpstr (kiela_game_get_variant (kiela_game_session_get_game (second))->id, ==, "kiela-beginner");
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_session_get_game (second)), ==, 2);
  g_assert_true (kiela_position_equal (kiela_game_get_position (kiela_game_session_get_game (second)), &final));
  g_assert_null (kiela_game_session_get_file (second));
  g_assert_true (kiela_game_session_get_modified (second));
  g_assert_null (kiela_game_session_get_player (second, KIELA_SOUTH));
  g_assert_true (kiela_game_session_get_player (second, KIELA_NORTH) == ai);
}

/* A new session restoring what `f->session` autosaved. */
static KielaGameSession *
restart (Fixture *f)
{
  KielaGameSession *s = make_session (f);

  kiela_game_session_restore_autosave (s);
  return s;
}

/* The autosave remembers the game's file and whether it was changed since it was saved: a saved,
 * unchanged game comes back with its file and nothing to save; a changed one with its file and its
 * changes; one whose file is gone comes back untitled with its changes, without an alarm.  The
 * file's name never leaks into the user's records. */
static void
test_autosave_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "saved game.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  KielaPosition saved, changed;

  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  play_first_legal (f);
  play_first_legal (f);
  g_assert_true (kiela_game_session_save (f->session, file, &error));
  g_assert_no_error (error);
  saved = *kiela_game_get_position (game_of (f));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_null (strstr (text, "kiela-autosave"));

  /* Saved and unchanged: its file, not modified, the same moves. */
  {
    g_autoptr(KielaGameSession) second = restart (f);
    KielaGame *game = kiela_game_session_get_game (second);

    g_assert_nonnull (kiela_game_session_get_file (second));
    g_assert_true (g_file_equal (kiela_game_session_get_file (second), file));
    g_assert_false (kiela_game_session_get_modified (second));
    g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);
    g_assert_true (kiela_position_equal (kiela_game_get_position (game), &saved));
    g_assert_null (kiela_game_get_metadata (game, "kiela-autosave-file"));
    g_assert_null (kiela_game_get_metadata (game, "kiela-autosave-modified"));
  }

  /* Changed after saving: its file, modified; Save writes the change there. */
  play_first_legal (f);
  changed = *kiela_game_get_position (game_of (f));
  {
    g_autoptr(KielaGameSession) second = restart (f);

    g_assert_nonnull (kiela_game_session_get_file (second));
    g_assert_true (g_file_equal (kiela_game_session_get_file (second), file));
    g_assert_true (kiela_game_session_get_modified (second));
    g_assert_true (kiela_position_equal (kiela_game_get_position (kiela_game_session_get_game (second)), &changed));
    g_assert_true (kiela_game_session_save (second, NULL, &error));
    g_assert_no_error (error);
    g_assert_false (kiela_game_session_get_modified (second));
  }
  {
    g_autoptr(KielaGame) reread = kiela_record_load (f->registry, path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (kiela_game_get_n_moves (reread), ==, 3);
    g_assert_null (kiela_game_get_metadata (reread, "kiela-autosave-file"));
    g_assert_null (kiela_game_get_metadata (reread, "kiela-autosave-modified"));
  }

  /* Saved again, then the file deleted: untitled, modified, the moves kept, nothing said. */
  g_assert_true (kiela_game_session_save (f->session, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_unlink (path), ==, 0);
  {
    g_autoptr(KielaGameSession) second = restart (f);

    g_assert_null (kiela_game_session_get_file (second));
    g_assert_true (kiela_game_session_get_modified (second));
    g_assert_true (kiela_position_equal (kiela_game_get_position (kiela_game_session_get_game (second)), &changed));
  }

  /* Saved once more (the autosave names the file again), then a folder in the file's place,
   * which is no record the user can open: the same. */
  g_assert_true (kiela_game_session_save (f->session, NULL, &error));
  g_assert_no_error (error);
  {
    g_autoptr(KielaGameSession) second = restart (f);

    g_assert_nonnull (kiela_game_session_get_file (second));
    g_assert_false (kiela_game_session_get_modified (second));
  }
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  {
    g_autoptr(KielaGameSession) second = restart (f);

    g_assert_null (kiela_game_session_get_file (second));
    g_assert_true (kiela_game_session_get_modified (second));
  }
  g_assert_cmpint (g_rmdir (path), ==, 0);

  /* The restored session autosaved the game as untitled: a file put back under the old name
   * afterwards is not taken for this game's. */
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  {
    g_autoptr(KielaGameSession) second = restart (f);

    g_assert_null (kiela_game_session_get_file (second));
    g_assert_true (kiela_game_session_get_modified (second));
  }
  g_assert_cmpuint (f->errors->len, ==, 0);
  g_assert_cmpuint (f->messages->len, ==, 0);
}

/* An autosave written before the file was kept (a plain record) restores as it always did:
 * untitled, modified when it has moves. */
static void
test_autosave_old_format (Fixture *f, gconstpointer data)
{
  g_autoptr(GFile) dir = g_file_get_parent (f->autosave);
  g_autoptr(KielaGame) game = kiela_game_new (kiela_registry_lookup_variant (f->registry, "kiela"));
  g_autoptr(KielaGameTree) tree = NULL;
  g_autoptr(GError) error = NULL;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition expected;

  g_assert_cmpuint (kiela_game_legal_moves (game, moves), >, 0);
  g_assert_true (kiela_game_play (game, moves[0], NULL, &error));
  g_assert_no_error (error);
  expected = *kiela_game_get_position (game);
  tree = kiela_game_tree_new (game);
  g_assert_cmpint (g_mkdir_with_parents (g_file_peek_path (dir), 0700), ==, 0);
  g_assert_true (kiela_game_file_save (tree, f->autosave, &error));
  g_assert_no_error (error);

  kiela_game_session_restore_autosave (f->session);
  g_assert_null (kiela_game_session_get_file (f->session));
  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 1);
  g_assert_true (kiela_position_equal (kiela_game_get_position (game_of (f)), &expected));
  g_assert_cmpuint (f->errors->len, ==, 0);
}

/* A corrupt autosave is kept aside, said once, and a new game starts. */
static void
test_autosave_corrupt (Fixture *f, gconstpointer data)
{
  g_autoptr(GFile) dir = g_file_get_parent (f->autosave);

  g_assert_true (g_file_make_directory_with_parents (dir, NULL, NULL));
  g_assert_true (g_file_set_contents (g_file_peek_path (f->autosave), "not json", -1, NULL));
  kiela_game_session_restore_autosave (f->session);
  g_assert_cmpuint (f->errors->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (f->errors, 0), ".corrupt-"));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 0);
  g_assert_false (kiela_game_session_get_modified (f->session));
}

static void
touch_at (const char *path, gint64 unix_seconds)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_set_contents (path, "partial", -1, NULL));
  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, (guint64) unix_seconds,
                                              G_FILE_QUERY_INFO_NONE, NULL, NULL));
}

/* Issue 8: a save killed half-way leaves a temporary beside the autosave.  At start the ones
 * older than the process go; anything else (other names, a newer save) stays. */
static void
test_stale_temporaries (Fixture *f, gconstpointer data)
{
  g_autoptr(GFile) dir = g_file_get_parent (f->autosave);
  const char *dir_path;
  gint64 old = g_get_real_time () / G_USEC_PER_SEC - 3600;
  gint64 future = g_get_real_time () / G_USEC_PER_SEC + 3600;
  const char *stale[] = { "autosave.kiela.Ab3xYz", ".goutputstream-QW12ER" };
  const char *kept_old[] = { "autosave.kiela.corrupt-20260101-101010", "autosave.kiela.abc", "notes.txt",
                             "autosave.kiela.Ab3x-z", "saved.kiela" };
  const char *fresh = "autosave.kiela.NEW123";

  g_assert_true (g_file_make_directory_with_parents (dir, NULL, NULL));
  dir_path = g_file_peek_path (dir);
  for (guint i = 0; i < G_N_ELEMENTS (stale); i++)
    {
      g_autofree char *p = g_build_filename (dir_path, stale[i], NULL);
      touch_at (p, old);
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept_old); i++)
    {
      g_autofree char *p = g_build_filename (dir_path, kept_old[i], NULL);
      touch_at (p, old);
    }
  {
    g_autofree char *p = g_build_filename (dir_path, fresh, NULL);
    touch_at (p, future);
  }
  /* A folder with a temporary's name is not ours to remove. */
  {
    g_autofree char *p = g_build_filename (dir_path, "autosave.kiela.DIR456", NULL);
    g_assert_cmpint (g_mkdir (p, 0700), ==, 0);
  }

  kiela_game_session_restore_autosave (f->session);

  for (guint i = 0; i < G_N_ELEMENTS (stale); i++)
    {
      g_autofree char *p = g_build_filename (dir_path, stale[i], NULL);
      if (g_file_test (p, G_FILE_TEST_EXISTS))
        g_error ("the stale temporary %s is still there", stale[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept_old); i++)
    {
      g_autofree char *p = g_build_filename (dir_path, kept_old[i], NULL);
      if (!g_file_test (p, G_FILE_TEST_EXISTS))
        g_error ("%s was removed, but it is no temporary of ours", kept_old[i]);
    }
  {
    g_autofree char *p = g_build_filename (dir_path, fresh, NULL);
    g_autofree char *d = g_build_filename (dir_path, "autosave.kiela.DIR456", NULL);
    g_assert_true (g_file_test (p, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_test (d, G_FILE_TEST_IS_DIR));
  }
  /* The new game was autosaved as usual, and left no temporary of its own. */
  g_assert_true (g_file_query_exists (f->autosave, NULL));
  g_assert_cmpuint (kiela_game_file_remove_stale_temporaries (f->autosave, g_get_real_time ()), ==, 0);
}

/* The expert setup phase: the human moves stones within their own rows, then the other side. */
static void
test_setup_phase (Fixture *f, gconstpointer data)
{
  const KielaVariant *expert = kiela_registry_lookup_variant (f->registry, "kiela-expert");
  g_autoptr(GError) error = NULL;
  KielaPosition pos;
  guint before;

  g_assert_nonnull (expert);
  kiela_game_session_new_game (f->session, expert, NULL, NULL);
  g_assert_cmpint (kiela_game_session_get_phase (f->session), ==, KIELA_PHASE_SETUP_SOUTH);
  g_assert_cmpint (kiela_game_session_get_turn (f->session), ==, KIELA_SOUTH);
  g_assert_false (kiela_game_session_can_play (f->session));
  g_assert_false (kiela_game_session_can_undo (f->session));

  kiela_game_session_get_setup_position (f->session, &pos);
  before = pos.houses[KIELA_SOUTH][19];
  g_assert_true (kiela_game_session_setup_move (f->session, KIELA_SOUTH, 0, 19, &error));
  g_assert_no_error (error);
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, before + 1);
  /* North may not move South's stones, nor may anyone take from an empty house. */
  g_assert_false (kiela_game_session_setup_move (f->session, KIELA_NORTH, 0, 1, NULL));
  g_assert_false (kiela_game_session_setup_move (f->session, KIELA_SOUTH, 15, 19, &error));
  g_assert_nonnull (strstr (error->message, "is empty"));

  g_assert_true (kiela_game_session_setup_done (f->session, NULL));
  g_assert_cmpint (kiela_game_session_get_phase (f->session), ==, KIELA_PHASE_SETUP_NORTH);
  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_true (kiela_game_session_setup_skip (f->session, NULL));
  g_assert_cmpint (kiela_game_session_get_phase (f->session), ==, KIELA_PHASE_PLAY);
  g_assert_cmpuint (kiela_game_get_initial (game_of (f))->houses[KIELA_SOUTH][19], ==, before + 1);
  g_assert_true (kiela_game_session_can_play (f->session));
}

/* The arrangement moves several stones at once, never more than a house holds, and undoes
 * its steps one by one, last first; a new arrangement starts with nothing to undo. */
static void
test_setup_several_and_undo (Fixture *f, gconstpointer data)
{
  const KielaVariant *expert = kiela_registry_lookup_variant (f->registry, "kiela-expert");
  g_autoptr(GError) error = NULL;
  KielaPosition start, pos;
  guint total = 0;

  kiela_game_session_new_game (f->session, expert, NULL, NULL);
  kiela_game_session_get_setup_position (f->session, &start);
  for (guint h = 0; h < 2u * start.files; h++)
    total += start.houses[KIELA_SOUTH][h];
  g_assert_false (kiela_game_session_setup_can_undo (f->session));
  g_assert_false (kiela_game_session_setup_undo (f->session));

  /* Three stones from b1 (hole 1) to a2 (hole 19): b1 holds two, so two move. */
  g_assert_cmpuint (start.houses[KIELA_SOUTH][1], ==, 2);
  g_assert_true (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 1, 19, 3, &error));
  g_assert_no_error (error);
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][1], ==, 0);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, start.houses[KIELA_SOUTH][19] + 2);
  g_assert_cmpuint (kiela_game_session_get_setup_moved (f->session), ==, 2);
  /* All of a2 (G_MAXUINT) to c1 (hole 2). */
  g_assert_true (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 19, 2, G_MAXUINT, NULL));
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, 0);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][2], ==, start.houses[KIELA_SOUTH][2] + start.houses[KIELA_SOUTH][19] + 2);
  g_assert_cmpuint (kiela_game_session_get_setup_moved (f->session), ==, 2 + start.houses[KIELA_SOUTH][19] + 2);
  /* A house onto itself, or an empty one, is refused and changes nothing. */
  g_assert_false (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 2, 2, 1, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 1, 3, 5, &error));
  g_assert_nonnull (strstr (error->message, "is empty"));
  g_clear_error (&error);

  /* Undo, last first, back to the start arrangement. */
  g_assert_true (kiela_game_session_setup_undo (f->session));
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, start.houses[KIELA_SOUTH][19] + 2);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][2], ==, start.houses[KIELA_SOUTH][2]);
  g_assert_true (kiela_game_session_setup_undo (f->session));
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_true (kiela_position_equal (&pos, &start));
  g_assert_false (kiela_game_session_setup_can_undo (f->session));
  g_assert_cmpuint (kiela_game_session_get_setup_moved (f->session), ==, 0);

  /* Done: North arranges with nothing to undo, and its total is South's. */
  g_assert_true (kiela_game_session_setup_move_n (f->session, KIELA_SOUTH, 0, 19, 2, NULL));
  g_assert_true (kiela_game_session_setup_done (f->session, NULL));
  g_assert_cmpint (kiela_game_session_get_phase (f->session), ==, KIELA_PHASE_SETUP_NORTH);
  g_assert_false (kiela_game_session_setup_can_undo (f->session));
  g_assert_false (kiela_game_session_setup_undo (f->session));
  kiela_game_session_get_setup_position (f->session, &pos);
  g_assert_cmpuint (kiela_position_side_total (&pos, KIELA_SOUTH), ==, total);
  g_assert_cmpuint (pos.houses[KIELA_SOUTH][19], ==, start.houses[KIELA_SOUTH][19] + 2);
}

/* The properties the window binds to are GObject properties with enum types. */
static void
test_properties (Fixture *f, gconstpointer data)
{
  GParamSpec *phase = g_object_class_find_property (G_OBJECT_GET_CLASS (f->session), "phase");
  GParamSpec *turn = g_object_class_find_property (G_OBJECT_GET_CLASS (f->session), "turn");
  KielaPhase value;
  g_autoptr(GFile) file = NULL;

  g_assert_true (G_IS_PARAM_SPEC_ENUM (phase));
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (phase) == KIELA_TYPE_PHASE);
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (turn) == KIELA_TYPE_SIDE);
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela-expert"), NULL, NULL);
  g_object_get (f->session, "phase", &value, "file", &file, NULL);
  g_assert_cmpint (value, ==, KIELA_PHASE_SETUP_SOUTH);
  g_assert_null (file);
  g_assert_cmpstr (g_enum_get_value (g_type_class_peek (KIELA_TYPE_PHASE), value)->value_nick, ==, "setup-south");
}


static gboolean
four_moves (gpointer data)
{
  Fixture *f = data;

  return kiela_game_get_n_moves (game_of (f)) == 4 && !kiela_game_session_get_ai_thinking (f->session);
}

/* Against the computer: a move at a reviewed ply (North's, the computer's side) starts a
 * variation; the computer does not play in it; comments and names are kept in the file and the
 * autosave, and the variation can be promoted, deleted and left. */
static void
test_variations (Fixture *f, gconstpointer data)
{
  const KielaPersonality *kizua = kiela_registry_lookup_personality (f->registry, "kizua");
  g_autofree char *path = g_build_filename (f->dir, "class.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGameSession) other = NULL;
  KielaGameTree *tree;
  KielaGameLine *v;
  KielaMove main_reply, alt;
  KielaGame *main_game;

  g_assert_nonnull (kizua);
  kiela_game_session_new_game (f->session, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, kizua);
  play_first_legal (f);
  wait_until (two_moves, f, 30000, "the computer's reply");
  play_first_legal (f);
  wait_until (four_moves, f, 30000, "the computer's second reply");
  main_game = game_of (f);
  main_reply = kiela_game_get_move (main_game, 1)->move;
  g_assert_false (kiela_game_session_can_play_variation (f->session));

  /* Reviewing ply 1, North (the computer's side) to move: the user plays it. */
  kiela_game_session_set_view_ply (f->session, 1);
  g_assert_true (kiela_game_session_can_play_variation (f->session));
  alt = app_test_other_move (game_of (f), 1, main_reply);
  g_assert_true (kiela_game_session_play (f->session, alt, &error));
  g_assert_no_error (error);
  g_assert_true (kiela_game_session_in_variation (f->session));
  g_assert_true (game_of (f) != main_game);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 2);
  g_assert_cmpuint (kiela_game_session_get_view_ply (f->session), ==, 2);
  g_assert_true (kiela_game_session_is_live (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (main_game), ==, 4);
  g_assert_true (kiela_game_session_get_modified (f->session));
  /* South is human anyway; North's reply in the variation is the user's too: no computer move. */
  play_first_legal (f);
  g_assert_true (kiela_game_session_can_play (f->session));
  spin (200);
  g_assert_false (kiela_game_session_get_ai_thinking (f->session));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 3);
  play_first_legal (f);
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 4);

  tree = kiela_game_session_get_tree (f->session);
  v = kiela_game_session_get_view_line (f->session);
  g_assert_true (kiela_game_line_get_parent (v) == kiela_game_tree_get_main_line (tree));
  kiela_game_session_set_comment (f->session, v, 2, "What if North had played this?");
  kiela_game_session_set_comment (f->session, kiela_game_tree_get_main_line (tree), 0, "Lesson 4");
  kiela_game_session_set_player_name (f->session, KIELA_SOUTH, "Class 4B");
  g_assert_cmpstr (kiela_game_session_get_player_name (f->session, KIELA_SOUTH), ==, "Class 4B");
  g_assert_cmpstr (kiela_game_session_get_player_name (f->session, KIELA_NORTH), ==, kizua->name);

  g_assert_true (kiela_game_session_save (f->session, file, &error));
  g_assert_no_error (error);
  g_assert_false (kiela_game_session_get_modified (f->session));

  /* Opened again, in another session: the variation, the comments and the names. */
  other = kiela_game_session_new (f->registry, NULL);
  g_assert_true (kiela_game_session_open (other, file, &error));
  g_assert_no_error (error);
  tree = kiela_game_session_get_tree (other);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 1);
  v = kiela_game_line_get_variation (kiela_game_tree_get_main_line (tree), 0);
  g_assert_cmpuint (kiela_game_line_get_fork (v), ==, 1);
  g_assert_cmpuint (kiela_game_line_get_n_moves (v), ==, 3);
  g_assert_cmpint (kiela_game_line_get_move (v, 2)->move, ==, alt);
  g_assert_cmpstr (kiela_game_session_get_comment (other, v, 2), ==, "What if North had played this?");
  g_assert_cmpstr (kiela_game_session_get_comment (other, kiela_game_tree_get_main_line (tree), 0), ==, "Lesson 4");
  g_assert_cmpstr (kiela_game_session_get_player_name (other, KIELA_SOUTH), ==, "Class 4B");
  g_assert_false (kiela_game_session_in_variation (other));
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_game_session_get_game (other)), ==, 4);

  /* Showing a ply of the variation enters it; back to the main line where it left. */
  kiela_game_session_show (other, v, 3);
  g_assert_true (kiela_game_session_in_variation (other));
  g_assert_cmpuint (kiela_game_session_get_view_ply (other), ==, 3);
  g_assert_cmpint (kiela_game_get_move (kiela_game_session_get_game (other), 1)->move, ==, alt);
  kiela_game_session_return_to_main (other);
  g_assert_false (kiela_game_session_in_variation (other));
  g_assert_cmpuint (kiela_game_session_get_view_ply (other), ==, 1);

  /* Promoted, the variation is the main line and the old one a variation; deleted, it is gone. */
  g_assert_true (kiela_game_session_promote (other, v, TRUE));
  tree = kiela_game_session_get_tree (other);
  g_assert_cmpint (kiela_game_get_move (kiela_game_tree_get_main_game (tree), 1)->move, ==, alt);
  g_assert_true (kiela_game_session_get_modified (other));
  v = kiela_game_line_get_variation (kiela_game_tree_get_main_line (tree), 0);
  g_assert_cmpint (kiela_game_line_get_move (v, 2)->move, ==, main_reply);
  g_assert_true (kiela_game_session_delete_variation (other, v));
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 0);
  g_assert_false (kiela_game_session_in_variation (other));
}

/* A game from a set-up position: the players chosen, the computer to move starts at once, the
 * autosave and a saved file reopen at that position; a position the variant cannot be played
 * from is refused with its reason and the game before stays. */
static void
test_from_position (Fixture *f, gconstpointer data)
{
  const KielaVariant *kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  const KielaPersonality *ai = personality (f, FALSE);
  g_autofree char *path = g_build_filename (f->dir, "set-up.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  KielaPosition pos, bad;
  KielaGame *before;

  g_assert_true (kiela_position_parse ("0,3,0,1,0,0,4,0,0,2/0,0,5,1,0,0,0,2,0,0/0,1,0,0,3,0,0,0,6,0/2,0,0,0,1,0,0,3,0,0 n",
                                       kiela->files, &pos, NULL));

  /* Refused: South to move with nothing to sow.  Nothing changes. */
  kiela_game_session_new_game (f->session, kiela, NULL, NULL);
  before = game_of (f);
  bad = pos;
  bad.to_move = KIELA_SOUTH;
  memset (bad.houses[KIELA_SOUTH], 0, sizeof bad.houses[KIELA_SOUTH]);
  bad.houses[KIELA_SOUTH][4] = 1;
  g_assert_false (kiela_game_session_new_game_from_position (f->session, kiela, &bad, NULL, NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_POSITION);
  g_assert_nonnull (strstr (error->message, "South is to move"));
  g_clear_error (&error);
  g_assert_true (game_of (f) == before);

  /* North (the computer) is to move: it plays at once from the set-up position. */
  g_assert_true (kiela_game_session_new_game_from_position (f->session, kiela, &pos, NULL, ai, &error));
  g_assert_no_error (error);
  g_assert_true (kiela_position_equal (kiela_game_get_initial (game_of (f)), &pos));
  g_assert_true (kiela_game_session_get_player (f->session, KIELA_NORTH) == ai);
  g_assert_null (kiela_game_session_get_player (f->session, KIELA_SOUTH));
  g_assert_false (kiela_game_session_get_modified (f->session));
  wait_until (one_move, f, 30000, "the computer's first move");
  g_assert_cmpint (kiela_game_session_get_turn (f->session), ==, KIELA_SOUTH);

  /* Saved and reopened: the record starts at the set-up position, with the same players. */
  g_assert_true (kiela_game_session_save (f->session, file, &error));
  g_assert_no_error (error);
  kiela_game_session_new_game (f->session, kiela, NULL, NULL);
  g_assert_true (kiela_game_session_open (f->session, file, &error));
  g_assert_no_error (error);
  g_assert_true (kiela_position_equal (kiela_game_get_initial (game_of (f)), &pos));
  g_assert_cmpuint (kiela_game_get_n_moves (game_of (f)), ==, 1);
  g_assert_true (kiela_game_session_get_player (f->session, KIELA_NORTH) == ai);

  /* So does the autosave, at the next start. */
  g_clear_object (&f->session);
  f->session = make_session (f);
  kiela_game_session_restore_autosave (f->session);
  g_assert_true (kiela_position_equal (kiela_game_get_initial (game_of (f)), &pos));
}

/* The record in `file` as a game: its number of moves. */
static guint
moves_in (Fixture *f, GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGameTree) tree = kiela_game_file_load (f->registry, file, &error);

  g_assert_no_error (error);
  return kiela_game_get_n_moves (kiela_game_tree_get_main_game (tree));
}

/* Two instances on one data folder (two sessions of one user, no shared bus): the second finds
 * the usual autosave locked and gets one of its own, so neither overwrites the other's game.
 * The lock goes with its holder. */
static void
test_autosave_lock (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_build_filename (f->dir, "data", NULL);
  g_autoptr(GFile) first = NULL, second = NULL, again = NULL;
  g_autoptr(KielaGameSession) other = NULL;
  int fd1 = -1, fd2 = -1, fd3 = -1;
  guint slot1 = 0, slot2 = 0, slot3 = 0;

  first = kiela_game_file_claim_autosave (dir, &fd1, &slot1);
  second = kiela_game_file_claim_autosave (dir, &fd2, &slot2);
  g_assert_cmpint (fd1, >=, 0);
  g_assert_cmpint (fd2, >=, 0);
  g_assert_cmpuint (slot1, ==, 1);
  g_assert_cmpuint (slot2, ==, 2);
  g_assert_true (g_file_equal (first, f->autosave));
  g_assert_cmpstr (g_file_peek_path (second) + strlen (dir), ==, "/autosave-2.kiela");

  /* Each plays its own game; each autosave holds its own. */
  g_clear_object (&f->session);
  f->session = kiela_game_session_new (f->registry, first);
  other = kiela_game_session_new (f->registry, second);
  kiela_game_session_new_game (f->session, NULL, NULL, NULL);
  kiela_game_session_new_game (other, NULL, NULL, NULL);
  play_first_legal (f);
  play_first_legal (f);
  {
    KielaMove moves[KIELA_MAX_MOVES];
    g_assert_cmpuint (kiela_game_legal_moves (kiela_game_session_get_game (other), moves), >, 0);
    g_assert_true (kiela_game_session_play (other, moves[0], NULL));
  }
  g_assert_cmpuint (moves_in (f, first), ==, 2);
  g_assert_cmpuint (moves_in (f, second), ==, 1);

  /* The first instance quits: the next start gets the usual autosave back. */
  close (fd1);
  again = kiela_game_file_claim_autosave (dir, &fd3, &slot3);
  g_assert_cmpuint (slot3, ==, 1);
  g_assert_true (g_file_equal (again, first));
  close (fd2);
  close (fd3);
}

/* A save onto a full disk fails with "the disk is full", leaves the saved file byte for byte and
 * the game modified; an autosave that fails keeps its last good copy and says so once. */
static void
test_full_disk (Fixture *f, gconstpointer data)
{
  char *disk = kiela_test_mount_small_disk (512 * 1024);
  g_autoptr(GFile) file = NULL, autosave = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL, *now = NULL;
  gsize saved_len = 0, now_len = 0;

  if (disk == NULL)
    return;
  file = g_file_new_build_filename (disk, "lesson.kiela", NULL);
  autosave = g_file_new_build_filename (disk, "autosave.kiela", NULL);
  g_clear_object (&f->session);
  f->session = kiela_game_session_new (f->registry, autosave);
  g_signal_connect (f->session, "message", G_CALLBACK (on_message), f);
  kiela_game_session_new_game (f->session, NULL, NULL, NULL);
  play_first_legal (f);
  g_assert_true (kiela_game_session_save (f->session, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_load_contents (file, NULL, &saved, &saved_len, NULL, NULL));
  play_first_legal (f);
  g_assert_cmpuint (moves_in (f, autosave), ==, 2);
  g_assert_cmpuint (f->messages->len, ==, 0);

  kiela_test_fill_disk (disk, 0);
  play_first_legal (f);
  /* The autosave failed: said once, its last good copy kept. */
  g_assert_cmpuint (f->messages->len, ==, 1);
  if (strstr (g_ptr_array_index (f->messages, 0), "the disk is full") == NULL)
    g_error ("autosave message: %s", (const char *) g_ptr_array_index (f->messages, 0));
  g_assert_cmpuint (moves_in (f, autosave), ==, 2);
  play_first_legal (f);
  g_assert_cmpuint (f->messages->len, ==, 1);

  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_false (kiela_game_session_save (f->session, NULL, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, "lesson.kiela") == NULL || strstr (error->message, "the disk is full") == NULL)
    g_error ("save error: %s", error->message);
  g_assert_true (kiela_game_session_get_modified (f->session));
  g_assert_true (g_file_load_contents (file, NULL, &now, &now_len, NULL, NULL));
  g_assert_cmpuint (now_len, ==, saved_len);
  g_assert_true (memcmp (now, saved, saved_len) == 0);
  g_assert_cmpuint (moves_in (f, file), ==, 1);

  g_clear_object (&f->session);
  kiela_test_unmount_small_disk (disk);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/app/session/setup-several-and-undo", test_setup_several_and_undo);
  ADD ("/app/session/play", test_play);
  ADD ("/app/session/ai-reply-and-undo", test_ai_reply_and_undo);
  ADD ("/app/session/ai-waits-for-replay", test_ai_waits_for_replay);
  ADD ("/app/session/ai-cancel", test_ai_cancel);
  ADD ("/app/session/ai-vs-ai-undo-pauses", test_ai_vs_ai_undo_pauses);
  ADD ("/app/session/hint", test_hint);
  ADD ("/app/session/modified-and-file", test_modified_and_file);
  ADD ("/app/session/open-failure-keeps-game", test_open_failure_keeps_game);
  ADD ("/app/session/autosave-restore", test_autosave_restore);
  ADD ("/app/session/autosave-file", test_autosave_file);
  ADD ("/app/session/autosave-old-format", test_autosave_old_format);
  ADD ("/app/session/autosave-corrupt", test_autosave_corrupt);
  ADD ("/app/session/stale-temporaries", test_stale_temporaries);
  ADD ("/app/session/setup-phase", test_setup_phase);
  ADD ("/app/session/properties", test_properties);
  ADD ("/app/session/variations", test_variations);
  ADD ("/app/session/from-position", test_from_position);
  ADD ("/app/session/autosave-lock", test_autosave_lock);
  ADD ("/app/session/full-disk", test_full_disk);
#undef ADD

  return g_test_run ();
}
