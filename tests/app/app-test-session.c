/* app-test-session.c: the session tests' fixture and helpers (app-test-session.h). */
#include "config.h"

#include <glib/gstdio.h>

#include "app-test-session.h"
void
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

KielaGameSession *
make_session (Fixture *f)
{
  KielaGameSession *s = kiela_game_session_new (f->registry, f->autosave);

  g_signal_connect (s, "message", G_CALLBACK (on_message), f);
  g_signal_connect (s, "error", G_CALLBACK (on_error), f);
  g_signal_connect (s, "notify::modified", G_CALLBACK (on_modified), f);
  g_signal_connect (s, "move-played", G_CALLBACK (on_move_played), f);
  return s;
}

void
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

void
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

KielaGame *
game_of (Fixture *f)
{
  return kiela_game_session_get_game (f->session);
}

KielaMove
first_legal (Fixture *f)
{
  KielaMove moves[KIELA_MAX_MOVES];

  g_assert_cmpuint (kiela_game_legal_moves (game_of (f), moves), >, 0);
  return moves[0];
}

void
play_first_legal (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_game_session_play (f->session, first_legal (f), &error));
  g_assert_no_error (error);
}

const KielaPersonality *
personality (Fixture *f, gboolean strongest)
{
  GPtrArray *all = kiela_registry_get_personalities (f->registry);

  g_assert_true (all != NULL && all->len > 0);
  return g_ptr_array_index (all, strongest ? all->len - 1 : 0);
}

gboolean
moves_played (Fixture *f, guint n)
{
  return kiela_game_get_n_moves (game_of (f)) >= n && !kiela_game_session_get_ai_thinking (f->session);
}

gboolean
two_moves (gpointer data)
{
  return moves_played (data, 2);
}

gboolean
one_move (gpointer data)
{
  return moves_played (data, 1);
}
