/* test-record.c: JSON game records: round trip, atomic save, symlinks and special files, the
 * expert setup and custom starts, large and deep records, unknown members kept.  Bad records
 * rejected clearly: test-record-bad.c. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include "test-common.h"
#include "long-game.h"
#include "test-record-common.h"

static void
test_round_trip (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autofree char *text = kiela_record_to_string (game);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) back = kiela_record_from_string (registry, text, -1, "t.kiela", &error);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *obj;
  JsonArray *moves;
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (back), ==, 4);
  g_assert_true (kiela_position_equal (kiela_game_get_position (back), kiela_game_get_position (game)));
  g_assert_cmpstr (kiela_game_get_metadata (back, KIELA_META_COMMENT), ==, "Double capture on move 3 — “nice”");
  again = kiela_record_to_string (back);
  g_assert_cmpstr (again, ==, text);

  /* The format named in the issue: read it with a plain JSON parser. */
  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  obj = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (obj, "format"), ==, "kiela-game");
  g_assert_cmpint (json_object_get_int_member (obj, "version"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (obj, "variant"), ==, "kiela");
  g_assert_cmpstr (json_object_get_string_member (obj, "start"), ==,
                   "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s");
  g_assert_cmpstr (json_object_get_string_member (obj, "result"), ==, "ongoing");
  moves = json_object_get_array_member (obj, "moves");
  g_assert_cmpuint (json_array_get_length (moves), ==, 4);
  g_assert_cmpstr (json_array_get_string_element (moves, 2), ==, "i2");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (obj, "metadata"), "south"), ==, "Ana");
}

static void
test_save_load_atomic (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-record-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.kiela", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) back = NULL;
  g_autoptr(GDir) d = NULL;
  guint files = 0;

  g_assert_true (g_file_set_contents (path, "old contents", -1, NULL));
  g_assert_true (kiela_record_save (game, path, &error));
  g_assert_no_error (error);
  back = kiela_record_load (registry, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (back), ==, 4);
  /* No temporary file is left behind. */
  d = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (d))
    files++;
  g_assert_cmpuint (files, ==, 1);

  /* Saving into a folder that does not exist fails with the path named, and loses nothing. */
  {
    g_autofree char *bad = g_build_filename (dir, "missing", "x.kiela", NULL);
    g_autoptr(GError) e2 = NULL;
    g_assert_false (kiela_record_save (game, bad, &e2));
    g_assert_error (e2, KIELA_ERROR, KIELA_ERROR_IO);
    g_assert_nonnull (strstr (e2->message, bad));
    g_assert_nonnull (strstr (e2->message, "does not exist"));
  }
  g_unlink (path);
  g_rmdir (dir);
}

static ino_t
inode_of (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_ino;
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d))
    n++;
  return n;
}

/* Saving through a symbolic link replaces the file it names atomically (a new
 * inode renamed into place) and leaves the link a link; chains, absolute and
 * dangling links are followed, a loop is refused. */
static void
test_save_through_symlink (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-record-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "games", NULL);
  g_autofree char *real = g_build_filename (sub, "real.kiela", NULL);
  g_autofree char *link1 = g_build_filename (dir, "link.kiela", NULL);
  g_autofree char *link2 = g_build_filename (dir, "link2.kiela", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.kiela", NULL);
  g_autofree char *created = g_build_filename (dir, "created.kiela", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop.kiela", NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) back = NULL;
  g_autofree char *contents = NULL;
  ino_t before;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_true (g_file_set_contents (real, "old contents", -1, NULL));
  g_assert_cmpint (symlink ("games/real.kiela", link1), ==, 0);   /* relative */
  g_assert_cmpint (symlink (link1, link2), ==, 0);                /* absolute, to a link */
  before = inode_of (real);

  file = g_file_new_for_path (link2);
  g_assert_true (kiela_record_save_file (game, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link2, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (link1, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (real, G_FILE_TEST_IS_REGULAR) && !g_file_test (real, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpuint (inode_of (real), !=, before);   /* replaced by rename, not rewritten in place */
  back = kiela_record_load (registry, real, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (back), ==, 4);
  g_assert_cmpuint (count_entries (sub), ==, 1);    /* no temporary file left */

  /* A dangling link: the file it names is created, the link stays. */
  g_assert_cmpint (symlink ("created.kiela", dangling), ==, 0);
  g_assert_true (kiela_record_save (game, dangling, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_get_contents (created, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "{"));

  /* A loop of links is refused with the file named. */
  g_assert_cmpint (symlink ("loop.kiela", loop), ==, 0);
  g_assert_false (kiela_record_save (game, loop, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "loop.kiela"));
  g_assert_nonnull (strstr (error->message, "symbolic links"));
  g_assert_true (g_file_test (loop, G_FILE_TEST_IS_SYMLINK));

  g_unlink (loop); g_unlink (dangling); g_unlink (created); g_unlink (link2); g_unlink (link1);
  g_unlink (real); g_rmdir (sub); g_rmdir (dir);
}

/* A folder, a named pipe or a device is never replaced by a saved game (a rename
 * over a pipe once turned it into a regular file), directly or through a link. */
static void
test_save_refuses_special (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-record-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.kiela", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.kiela", NULL);
  g_autofree char *to_null = g_build_filename (dir, "null.kiela", NULL);
  const struct { const char *path; const char *says; } cases[] = {
    { fifo, "it is a named pipe, not a regular file" },
    { folder, "it is a folder" },
    { to_null, "it is a device, not a regular file" },
    { "/dev/null", "it is a device, not a regular file" },
  };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_cmpint (symlink ("/dev/null", to_null), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_path_get_basename (cases[i].path);

      g_assert_false (kiela_record_save (game, cases[i].path, &error));
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_IO);
      if (strstr (error->message, name) == NULL || strstr (error->message, cases[i].says) == NULL)
        g_error ("saving into %s said “%s”", cases[i].path, error->message);
    }
  {
    GStatBuf st;
    g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
    g_assert_true (S_ISFIFO (st.st_mode));
    g_assert_true (g_file_test (to_null, G_FILE_TEST_IS_SYMLINK));
    g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
    g_assert_true (S_ISCHR (st.st_mode));
  }
  g_assert_cmpuint (count_entries (dir), ==, 3);
  g_unlink (fifo); g_unlink (to_null); g_rmdir (folder); g_rmdir (dir);
}

static void
test_expert_setup_round_trip (void)
{
  g_autoptr(KielaGame) game = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela-expert"));
  guint16 south[KIELA_MAX_HOUSES] = { 0 };
  g_autofree char *text = NULL;
  g_autoptr(KielaGame) back = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 14; i++)
    south[19 - i] = 2;           /* South puts its stones on a2.. and the left of its rows */
  g_assert_true (kiela_game_setup (game, KIELA_SOUTH, south, NULL));
  g_assert_true (kiela_game_skip_setup (game, NULL));
  g_assert_true (kiela_game_play_square (game, "a2", NULL, NULL));
  text = kiela_record_to_string (game);
  g_assert_nonnull (strstr (text, "\"setup\""));
  back = kiela_record_from_string (registry, text, -1, "expert.kiela", &error);
  g_assert_no_error (error);
  g_assert_true (kiela_position_equal (kiela_game_get_initial (back), kiela_game_get_initial (game)));
  g_assert_true (kiela_position_equal (kiela_game_get_position (back), kiela_game_get_position (game)));
}

/* A game set up from any position (the app's position editor) keeps that start through a save
 * and a load, and an expert variant started that way has no setup phase to replay. */
static void
test_custom_start (void)
{
  static const char *const kpn = "0,3,0,1,0,0,4,0,0,2/0,0,5,1,0,0,0,2,0,0/0,1,0,0,3,0,0,0,6,0/2,0,0,0,1,0,0,3,0,0 n";
  g_autofree char *dir = g_dir_make_tmp ("kiela-record-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "custom.kiela", NULL);
  const char *const ids[] = { "kiela", "kiela-expert" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const KielaVariant *v = kiela_registry_lookup_variant (registry, ids[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaGame) game = NULL;
      g_autoptr(KielaGame) loaded = NULL;
      g_autofree char *text = NULL;
      g_autofree char *start_kpn = NULL;
      KielaPosition start;
      KielaMove moves[KIELA_MAX_MOVES];

      g_assert_true (kiela_position_parse (kpn, v->files, &start, &error));
      g_assert_no_error (error);
      game = kiela_game_new_from_position (v, &start, &error);
      g_assert_no_error (error);
      g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_PLAY);
      g_assert_cmpuint (kiela_game_legal_moves (game, moves), >, 0);
      g_assert_true (kiela_game_play (game, moves[0], NULL, &error));
      g_assert_no_error (error);
      text = kiela_record_to_string (game);
      g_assert_nonnull (strstr (text, kpn));

      g_assert_true (kiela_record_save (game, path, &error));
      g_assert_no_error (error);
      loaded = kiela_record_load (registry, path, &error);
      g_assert_no_error (error);
      assert_same_game (game, loaded);
      g_assert_cmpint (kiela_game_get_phase (loaded), ==, KIELA_PHASE_PLAY);
      g_assert_false (kiela_game_has_setup (loaded, KIELA_SOUTH));
      start_kpn = kiela_position_to_string (kiela_game_get_initial (loaded));
      g_assert_cmpstr (start_kpn, ==, kpn);
      /* Back at ply 0 the reopened game shows the set-up position, North to move. */
      g_assert_true (kiela_position_equal (kiela_game_get_position_at (loaded, 0), &start));
      g_assert_cmpint (kiela_game_get_position_at (loaded, 0)->to_move, ==, KIELA_NORTH);
    }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Saving replaces the file but keeps its permissions (a private game stays private). */
static void
test_save_keeps_mode (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-record-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "private.kiela", NULL);
  GStatBuf st;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_true (kiela_record_save (game, path, NULL));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_finished_game_result (void)
{
  /* Play random moves to the end and check the stored result and reason reload. */
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela-beginner");
  g_autoptr(KielaGame) game = kiela_game_new (v);
  KielaRng rng;
  g_autofree char *text = NULL;
  g_autoptr(KielaGame) back = NULL;
  g_autoptr(GError) error = NULL;

  kiela_rng_seed (&rng, 3);
  while (!kiela_game_is_over (game))
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, moves);
      g_assert_true (kiela_game_play (game, moves[kiela_rng_below (&rng, n)], NULL, NULL));
    }
  text = kiela_record_to_string (game);
  g_assert_null (strstr (text, "\"ongoing\""));
  g_assert_nonnull (strstr (text, "\"reason\""));
  back = kiela_record_from_string (registry, text, -1, "done.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpint (kiela_game_get_status (back, NULL), ==, kiela_game_get_status (game, NULL));
}

/* Plays one move chosen to keep the game going and returns its name. */
static char *
play_on (KielaGame *game, GHashTable *seen, KielaRng *rng)
{
  KielaPosition after;
  KielaMove move = long_game_choose (kiela_game_get_variant (game), kiela_game_get_position (game), seen, rng, &after);

  g_assert_cmpint (move, >=, 0);
  g_assert_true (kiela_game_play (game, move, NULL, NULL));
  long_game_note (seen, &after);
  return kiela_game_dup_move_name (game, kiela_game_get_n_moves (game) - 1);
}

/*
 * The compact text of a record whose variations nest `depth` lines deep, the deepest one holding
 * `length` moves: indented, each of those moves takes a line of some 4 * depth spaces.
 */
static GString *
deep_record (guint depth, guint length)
{
  const KielaVariant *variant = kiela_registry_lookup_variant (registry, "kiela-beginner");
  g_autoptr(KielaGame) work = kiela_game_new (variant);
  g_autoptr(GHashTable) seen = long_game_seen_new ();
  GString *s = g_string_new ("{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"kiela-beginner\",\"moves\":[");
  KielaMove parent_move;
  KielaRng rng;

  kiela_rng_seed (&rng, 3);
  long_game_note (seen, kiela_game_get_position (work));
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *name = play_on (work, seen, &rng);
      g_string_append_printf (s, "%s\"%s\"", i ? "," : "", name);
    }
  g_string_append (s, "]");
  parent_move = kiela_game_get_move (work, 0)->move;
  g_assert_true (kiela_game_go_to (work, 0));
  /* Line i forks after ply i - 1 with another move than its parent's, then goes on. */
  for (guint i = 1; i <= depth; i++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (work, moves), pick = 0;
      guint more = i == depth ? length - 1 : 1;
      g_autofree char *first = NULL;

      while (pick < n && moves[pick] == parent_move)
        pick++;
      g_assert_cmpuint (pick, <, n);
      g_assert_true (kiela_game_play (work, moves[pick], NULL, NULL));
      long_game_note (seen, kiela_game_get_position (work));
      first = kiela_game_dup_move_name (work, i - 1);
      g_string_append_printf (s, ",\"variations\":[{\"after\":%u,\"moves\":[\"%s\"", i - 1, first);
      for (guint m = 0; m < more; m++)
        {
          g_autofree char *name = play_on (work, seen, &rng);
          g_string_append_printf (s, ",\"%s\"", name);
        }
      g_string_append (s, "]");
      parent_move = kiela_game_get_move (work, i)->move;
      g_assert_true (kiela_game_go_to (work, i));
    }
  for (guint i = 1; i <= depth; i++)
    g_string_append (s, "}]");
  g_string_append (s, "}");
  return s;
}

/* The length of `text` written indented, as json-glib writes it: the record saved pretty. */
static gsize
pretty_length (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *pretty = NULL;
  gsize length = 0;

  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  json_generator_set_root (gen, json_parser_get_root (parser));
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  pretty = json_generator_to_data (gen, &length);
  return length;
}

/* A record that loads saves into one that loads again: a record whose indented form would pass
 * the loader's 16 MiB (deep variations, long lines) is written compact, and reads back the same. */
static void
test_large_record_round_trip (void)
{
  g_autoptr(GString) text = deep_record (28, 140000);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGameTree) tree = NULL;
  g_autoptr(KielaGameTree) back = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kiela-big-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *saved = NULL;
  g_autofree char *again = NULL;
  gsize saved_length = 0;

  /* The premise: the record itself is small; indented, it would be too large to load. */
  g_assert_cmpuint (text->len, <, 16 * 1024 * 1024);
  g_assert_cmpuint (pretty_length (text->str), >, 16 * 1024 * 1024);

  tree = kiela_record_tree_from_string (registry, text->str, (gssize) text->len, "deep.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 28);
  g_assert_true (kiela_record_tree_save_file (tree, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved, &saved_length, NULL));
  g_assert_cmpuint (saved_length, <=, 16 * 1024 * 1024);

  back = kiela_record_tree_load_file (registry, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_tree_count_variations (back), ==, 28);
  again = kiela_record_tree_to_string (back);
  g_assert_cmpstr (again, ==, saved);

  /* A small record stays indented for a reader. */
  {
    g_autoptr(KielaGame) game = sample_game ();
    g_autofree char *small = kiela_record_to_string (game);
    g_assert_nonnull (strstr (small, "\n  \"moves\" : [\n"));
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* A game whose record would be refused on loading is not saved: the save fails, says why,
 * and the file it would have replaced keeps its contents.  Just under the limit it saves and
 * loads again. */
static void
test_save_over_limit_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-limit-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(KielaGame) game = sample_game ();
  g_autoptr(KielaGameTree) tree = kiela_game_tree_new (game);
  g_autoptr(GError) error = NULL;
  g_autofree char *old = NULL, *now = NULL;
  /* A newline is written "\n", two bytes: 9 MiB of them make an 18 MiB record. */
  gsize big = 9 * 1024 * 1024, fits = 8 * 1024 * 1024 - 4096;
  char *comment = g_malloc (big + 1);

  g_assert_true (kiela_record_tree_save_file (tree, file, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &old, NULL, NULL));

  memset (comment, '\n', big);
  comment[big] = '\0';
  kiela_game_tree_set_comment (tree, kiela_game_tree_get_main_line (tree), 2, comment);
  g_assert_false (kiela_record_tree_save_file (tree, file, NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_RECORD);
  g_assert_nonnull (strstr (error->message, "game.kiela"));
  /* g_format_size() puts a no-break space between number and unit. */
  if (strstr (error->message, "more than the 16.0\u00a0MiB a record may hold") == NULL)
    g_error ("unexpected: %s", error->message);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, old);

  /* Just under: saved, and the comment comes back whole. */
  comment[fits] = '\0';
  kiela_game_tree_set_comment (tree, kiela_game_tree_get_main_line (tree), 2, comment);
  g_assert_true (kiela_record_tree_save_file (tree, file, NULL, &error));
  g_assert_no_error (error);
  {
    g_autoptr(KielaGameTree) back = kiela_record_tree_load_file (registry, file, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (strlen (kiela_game_tree_get_comment (back, kiela_game_tree_get_main_line (back), 2)), ==, fits);
  }
  g_free (comment);
  g_unlink (path);
  g_rmdir (dir);
}

/* Variations nested as deep as the loader takes (64) save and load again; one level more is
 * refused by the save, which leaves the file as it was. */
static void
test_deep_variations_round_trip (void)
{
  g_autoptr(GString) text = deep_record (64, 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGameTree) tree = NULL;
  g_autoptr(KielaGameTree) back = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kiela-deep-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "deep.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *saved = NULL, *now = NULL;
  KielaGameLine *line;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaGame *game;
  guint n, pick = 0;

  tree = kiela_record_tree_from_string (registry, text->str, (gssize) text->len, "deep.kiela", &error);
  g_assert_no_error (error);
  g_assert_true (kiela_record_tree_save_file (tree, file, NULL, &error));
  g_assert_no_error (error);
  back = kiela_record_tree_load_file (registry, file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_tree_count_variations (back), ==, 64);
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));

  /* One more level, played in the deepest line before its last move. */
  line = kiela_game_tree_get_main_line (tree);
  for (guint i = 0; i < 64; i++)
    line = kiela_game_line_get_variation (line, 0);
  g_assert_cmpuint (kiela_game_line_get_depth (line), ==, 64);
  kiela_game_tree_enter (tree, line);
  game = kiela_game_tree_get_game (tree);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 65);
  n = kiela_legal_moves (kiela_game_get_variant (game), kiela_game_get_position_at (game, 64), moves, NULL, NULL);
  while (pick < n && moves[pick] == kiela_game_line_get_move (line, 65)->move)
    pick++;
  g_assert_cmpuint (pick, <, n);
  g_assert_true (kiela_game_tree_play (tree, 64, moves[pick], NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_tree_count_variations (tree), ==, 65);
  g_assert_false (kiela_record_tree_save_file (tree, file, NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_RECORD);
  g_assert_nonnull (strstr (error->message, "nest more than 64 deep"));
  g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
  g_assert_cmpstr (now, ==, saved);
  g_unlink (path);
  g_rmdir (dir);
}

/* Members a newer version wrote survive a save by this one, whatever their kind, beside an
 * edit of the game; a version 1 record's "variations" (which version 1 did not read) are not
 * kept, nor a member whose text is not UTF-8 once decoded. */
static void
test_unknown_members_kept (void)
{
  const char *newer = "{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"kiela\",\"moves\":[\"b1\"],"
                      "\"clock\":{\"south\":[300,2.5],\"north\":null},\"annotator\":\"Wanjiru\","
                      "\"flags\":[true,false,{\"deep\":[[1]]}],\"rating\":1850,"
                      "\"metadata\":{\"event\":\"Club\"}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGameTree) tree = kiela_record_tree_from_string (registry, newer, -1, "newer.kiela", &error);
  g_autoptr(KielaGameTree) back = NULL;
  g_autoptr(JsonNode) saved = NULL, original = NULL;
  g_autofree char *text = NULL, *again = NULL;
  JsonObject *o, *s;

  g_assert_no_error (error);
  /* The user plays on before saving: the game is what changes, the members stay. */
  {
    KielaGame *main_game = kiela_game_tree_get_main_game (tree);
    KielaMove legal[KIELA_MAX_MOVES];

    g_assert_cmpuint (kiela_game_legal_moves (main_game, legal), >, 0);
    g_assert_true (kiela_game_tree_play (tree, kiela_game_get_n_moves (main_game), legal[0], NULL, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (kiela_game_get_n_moves (main_game), ==, 2);
  }
  text = kiela_record_tree_to_string (tree);
  saved = json_from_string (text, &error);
  g_assert_no_error (error);
  original = json_from_string (newer, &error);
  g_assert_no_error (error);
  o = json_node_get_object (original);
  s = json_node_get_object (saved);
  for (const char *const *name = (const char *const[]) { "clock", "annotator", "flags", "rating", NULL }; *name; name++)
    {
      g_assert_true (json_object_has_member (s, *name));
      g_assert_true (json_node_equal (json_object_get_member (o, *name), json_object_get_member (s, *name)));
    }
  /* And again after a reload of the saved text (the file a second save writes is the same). */
  back = kiela_record_tree_from_string (registry, text, -1, "saved.kiela", &error);
  g_assert_no_error (error);
  again = kiela_record_tree_to_string (back);
  g_assert_cmpstr (again, ==, text);

  /* Version 1 did not read "variations": they are not kept to be read as this game's. */
  {
    const char *v1 = "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[\"b1\"],"
                     "\"variations\":[{\"after\":0,\"moves\":[\"c1\"]}],\"comments\":{\"1\":\"x\"},\"extra\":7}";
    g_autoptr(KielaGameTree) t = kiela_record_tree_from_string (registry, v1, -1, "v1.kiela", &error);
    g_autofree char *out = NULL;
    g_autoptr(JsonNode) n = NULL;

    g_assert_no_error (error);
    out = kiela_record_tree_to_string (t);
    n = json_from_string (out, &error);
    g_assert_no_error (error);
    g_assert_false (json_object_has_member (json_node_get_object (n), "variations"));
    g_assert_false (json_object_has_member (json_node_get_object (n), "comments"));
    g_assert_cmpint (json_object_get_int_member (json_node_get_object (n), "extra"), ==, 7);
  }
  /* A number too large for a double reads as infinity, which json-glib writes as "inf", not
   * JSON: left out, and the save loads (found by fuzz-record). */
  {
    const char *huge = "{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"kiela\",\"moves\":[\"b1\"],"
                       "\"later\":[{\"after\":1e4003}],\"fine\":2}";
    g_autoptr(KielaGameTree) t = kiela_record_tree_from_string (registry, huge, -1, "huge.kiela", &error);
    g_autoptr(KielaGameTree) t2 = NULL;
    g_autofree char *out = NULL;
    g_autoptr(JsonNode) n = NULL;

    g_assert_no_error (error);
    out = kiela_record_tree_to_string (t);
    n = json_from_string (out, &error);
    g_assert_no_error (error);
    g_assert_false (json_object_has_member (json_node_get_object (n), "later"));
    g_assert_cmpint (json_object_get_int_member (json_node_get_object (n), "fine"), ==, 2);
    t2 = kiela_record_tree_from_string (registry, out, -1, "saved.kiela", &error);
    g_assert_no_error (error);
    g_assert_nonnull (t2);
  }
  /* A lone surrogate in an unknown member never reaches a save that does not load.  json-glib
   * 1.6 decodes it into bytes that are not UTF-8: the member is left out and the rest kept.
   * json-glib 1.10 refuses it itself: the whole record is refused, with an error naming the
   * file.  Either way, whatever loads writes back as text that loads again. */
  {
    const char *bad = "{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"kiela\",\"moves\":[],"
                      "\"x\\ud800y\":1,\"y\":[\"\\ud800x\"],\"z\":\"ok\"}";
    g_autoptr(KielaGameTree) t = kiela_record_tree_from_string (registry, bad, -1, "bad.kiela", &error);
    g_autoptr(KielaGameTree) t2 = NULL;
    g_autofree char *out = NULL;

    if (test_json_refuses_lone_surrogates ())
      {
        g_assert_null (t);
        g_assert_nonnull (error);
        g_assert_true (g_utf8_validate (error->message, -1, NULL));
        g_assert_true (g_str_has_prefix (error->message, "bad.kiela: "));
        g_clear_error (&error);
      }
    else
      {
        g_assert_no_error (error);
        g_assert_nonnull (t);
        out = kiela_record_tree_to_string (t);
        g_assert_true (g_utf8_validate (out, -1, NULL));
        t2 = kiela_record_tree_from_string (registry, out, -1, "out.kiela", &error);
        g_assert_no_error (error);
        g_assert_nonnull (strstr (out, "\"z\""));
        g_assert_null (strstr (out, "\"y\""));
        g_assert_null (strstr (out, "\"x"));
      }
  }
}

int
main (int argc, char **argv)
{
  int ret;

  registry = test_init (&argc, &argv);
  g_test_add_func ("/record/round-trip", test_round_trip);
  g_test_add_func ("/record/save-load-atomic", test_save_load_atomic);
  g_test_add_func ("/record/save-through-symlink", test_save_through_symlink);
  g_test_add_func ("/record/save-refuses-special", test_save_refuses_special);
  g_test_add_func ("/record/expert-setup", test_expert_setup_round_trip);
  g_test_add_func ("/record/custom-start", test_custom_start);
  g_test_add_func ("/record/save-keeps-mode", test_save_keeps_mode);
  g_test_add_func ("/record/finished-game", test_finished_game_result);
  g_test_add_func ("/record/large-record-round-trip", test_large_record_round_trip);
  g_test_add_func ("/record/save-over-limit-refused", test_save_over_limit_refused);
  g_test_add_func ("/record/deep-variations-round-trip", test_deep_variations_round_trip);
  g_test_add_func ("/record/unknown-members-kept", test_unknown_members_kept);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
