/* test-session-files.c: the app's game logic (KielaGameSession) and its files, without a display:
 * unsaved changes, a failed open keeping the game, the autosave (restored, its file, old and
 * corrupt ones, stale temporaries, the lock) and a full disk (the fixture: app-test-session.h). */
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
#include "app-test-session.h"

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

  ADD ("/app/session/modified-and-file", test_modified_and_file);
  ADD ("/app/session/open-failure-keeps-game", test_open_failure_keeps_game);
  ADD ("/app/session/autosave-restore", test_autosave_restore);
  ADD ("/app/session/autosave-file", test_autosave_file);
  ADD ("/app/session/autosave-old-format", test_autosave_old_format);
  ADD ("/app/session/autosave-corrupt", test_autosave_corrupt);
  ADD ("/app/session/stale-temporaries", test_stale_temporaries);
  ADD ("/app/session/autosave-lock", test_autosave_lock);
  ADD ("/app/session/full-disk", test_full_disk);

  return g_test_run ();
}
