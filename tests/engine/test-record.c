/* test-record.c: JSON game records: round trip, atomic save, and every kind of bad record rejected clearly. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include "test-common.h"
#include "long-game.h"

static KielaRegistry *registry;

static KielaGame *
sample_game (void)
{
  KielaGame *game = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela"));
  const char *moves[] = { "b1", "h4", "i2", "b3", NULL };

  for (guint i = 0; moves[i]; i++)
    g_assert_true (kiela_game_play_square (game, moves[i], NULL, NULL));
  kiela_game_set_metadata (game, KIELA_META_SOUTH, "Ana");
  kiela_game_set_metadata (game, KIELA_META_NORTH, "Bento");
  kiela_game_set_metadata (game, KIELA_META_DATE, "2026-11-30");
  kiela_game_set_metadata (game, KIELA_META_EVENT, "Class 4B");
  kiela_game_set_metadata (game, KIELA_META_COMMENT, "Double capture on move 3 — “nice”");
  return game;
}

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

typedef struct {
  const char *json;
  const char *part;
} BadRecord;

#define START "\"2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s\""

static void
test_bad_records (void)
{
  const BadRecord cases[] = {
    { "not json at all", "not valid JSON" },
    { "[1,2,3]", "top level is not a JSON object" },
    { "{\"format\":\"pgn\",\"version\":1}", "“format” must be “kiela-game”" },
    { "{\"format\":\"kiela-game\"}", "“version” is missing" },
    { "{\"format\":\"kiela-game\",\"version\":99,\"variant\":\"kiela\",\"moves\":[]}", "record version 99 is not supported" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"oware\",\"moves\":[]}", "unknown variant “oware”" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":\"1,2/3 s\",\"moves\":[]}", "bad start position" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":" START ",\"moves\":\"g1\"}", "“moves” is missing or not a list" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":" START ",\"moves\":[\"g1\",\"a4\",\"d4\"]}",
      "move 3 (d4) is illegal: d4 belongs to North" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":" START ",\"moves\":[\"g1\",\"a4\",\"f2\"]}",
      "move 3 (f2) is illegal: f2 holds 1 stone" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":" START ",\"moves\":[\"g1\",7]}",
      "move 2 is not a square name" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":" START ",\"moves\":[\"g9\"]}",
      "move 1 (g9) is illegal" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":" START ",\"moves\":[\"g1\"],\"result\":\"south wins\"}",
      "the record says “south wins”, but replaying its moves gives “ongoing”" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":" START ",\"moves\":[],\"result\":\"won\"}",
      "unknown result “won”" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":" START ",\"moves\":[],\"metadata\":{\"south\":3}}",
      "metadata “south” must be a string" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":" START ",\"moves\":[],\"setup\":{}}",
      "this game has no setup phase" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela-expert\",\"start\":" START ",\"moves\":[\"g1\"]}",
      "setup phase is not finished" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela-expert\",\"start\":" START ",\"setup\":{\"south\":{\"a1\":30}},\"moves\":[]}",
      "holds 30 stones, but South has 28" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela-expert\",\"start\":" START ",\"setup\":{\"south\":{\"a4\":28}},\"moves\":[]}",
      "not one of its houses" },
    /* North's arrangement without South's was once dropped without a word. */
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela-expert\",\"start\":" START ",\"setup\":{\"north\":{\"a4\":28}},\"moves\":[]}",
      "setup of north" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaGame) game = kiela_record_from_string (registry, cases[i].json, -1, "bad.kiela", &error);

      g_assert_null (game);
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, "bad.kiela: "));
      if (strstr (error->message, cases[i].part) == NULL)
        g_error ("record %u: “%s” does not mention “%s”", i, error->message, cases[i].part);
    }
}

/* json-glib 1.6 decodes an escaped lone surrogate into bytes that are not UTF-8: such
 * a record was once loaded, saved with those bytes and refused at the next start.
 * Every string of a record is checked, and the error names where it was.  json-glib 1.10
 * refuses the surrogate itself: the record is refused as text that is not valid JSON. */
static void
test_invalid_strings (void)
{
  const BadRecord cases[] = {
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[],\"metadata\":{\"comment\":\"\\ud800x\"}}",
      "“metadata.comment” is not valid UTF-8" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[],\"metadata\":{\"south\":\"Ana\\udbff!\"}}",
      "“metadata.south” is not valid UTF-8" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[],\"metadata\":{\"x\\ud800y\":\"a\"}}",
      "metadata key “x" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kie\\ud800la\",\"moves\":[]}",
      "“variant” is not valid UTF-8" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"start\":\"\\ud800 \",\"moves\":[]}",
      "“start” is not valid UTF-8" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[\"g1\",\"\\ud800a\"]}",
      "move 2 is not valid UTF-8" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[],\"result\":\"\\ud800.\"}",
      "“result” is not valid UTF-8" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela-expert\",\"setup\":{\"south\":{\"\\ud800x\":28}},\"moves\":[]}",
      "“setup.south” has a square name that is not valid UTF-8" },
    /* json-glib would cut the string at the NUL and the comment would load as "a". */
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[],\n\"metadata\":{\"comment\":\"a\\u0000b\"}}",
      "line 2: a string holds the character U+0000" },
    /* json-glib's own message quotes the undecodable bytes. */
    { "{\"\\ud800\":1}", "not valid JSON" },
  };
  gboolean refused_by_json = test_json_refuses_lone_surrogates ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaGame) game = kiela_record_from_string (registry, cases[i].json, -1, "bad.kiela", &error);
      const char *part = cases[i].part;

      if (refused_by_json && test_has_lone_surrogate (cases[i].json))
        part = "not valid JSON";
      g_assert_null (game);
      g_assert_nonnull (error);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_true (g_str_has_prefix (error->message, "bad.kiela: "));
      if (strstr (error->message, part) == NULL)
        g_error ("record %u: “%s” does not mention “%s”", i, error->message, part);
    }

  /* A paired surrogate is a real character and loads. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaGame) game = kiela_record_from_string (registry,
        "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[],"
        "\"metadata\":{\"comment\":\"\\ud83d\\ude00\"}}", -1, "ok.kiela", &error);
    g_assert_no_error (error);
    g_assert_cmpstr (kiela_game_get_metadata (game, KIELA_META_COMMENT), ==, "\xf0\x9f\x98\x80");
  }
}

/* Whether two games hold the same history, start, setup, result and metadata. */
static void
assert_same_game (KielaGame *a, KielaGame *b)
{
  GHashTableIter iter;
  gpointer k, v;

  g_assert_true (kiela_game_get_variant (a) == kiela_game_get_variant (b));
  g_assert_true (kiela_position_equal (kiela_game_get_start (a), kiela_game_get_start (b)));
  g_assert_true (kiela_position_equal (kiela_game_get_initial (a), kiela_game_get_initial (b)));
  g_assert_cmpuint (kiela_game_get_n_moves (a), ==, kiela_game_get_n_moves (b));
  for (guint i = 0; i < kiela_game_get_n_moves (a); i++)
    g_assert_cmpint (kiela_game_get_move (a, i)->move, ==, kiela_game_get_move (b, i)->move);
  g_assert_true (kiela_position_equal (kiela_game_get_position (a), kiela_game_get_position (b)));
  g_assert_cmpint (kiela_game_get_status (a, NULL), ==, kiela_game_get_status (b, NULL));
  g_assert_cmpuint (g_hash_table_size (kiela_game_get_metadata_table (a)), ==,
                    g_hash_table_size (kiela_game_get_metadata_table (b)));
  g_hash_table_iter_init (&iter, kiela_game_get_metadata_table (a));
  while (g_hash_table_iter_next (&iter, &k, &v))
    g_assert_cmpstr (kiela_game_get_metadata (b, k), ==, v);
}

/* Text that breaks JSON decoders: escaped lone and paired surrogates, NULs and
 * control characters, raw invalid bytes, huge and odd numbers, nesting. */
#define N_STRING_TOKENS 29   /* the first ones, that belong inside strings */
static const char *const nasty[] = {
  "\\ud800", "\\udbff", "\\udc00", "\\udfff", "\\ud800\\udc00", "\\ud83d\\ude00", "\\ud800\\ud800",
  "\\u0000", "\\u0001", "\\u001f", "\\u007f", "\\uffff", "\\ufffe", "\\u2028", "\\u00e9", "\\u",
  "\\\"", "\\\\", "\\/", "\\b\\f\\n\\r\\t", "\\x41", "\\",
  "é", "😀", "\xc3", "\xff", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf",
  "1e400", "-1e400", "99999999999999999999999", "-9223372036854775809", "9223372036854775807",
  "-0", "0.5", "1e2", "0x10", "NaN", "Infinity",
  "[", "]", "{", "}", "[[[[[[[[[[[[[[[[", "]]]]]]]]", "{\"a\":{\"b\":{\"c\":", ",", ":", "\"", "null", "true",
  "\"comment\":\"\\ud800\",", "\"x\":[],", "\"moves\":[\"g1\"],", "\"setup\":null,", "\"metadata\":{},",
};

static KielaGame *
finished_beginner_game (guint64 seed)
{
  g_autoptr(KielaGame) game = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela-beginner"));
  KielaRng rng;

  kiela_rng_seed (&rng, seed);
  while (!kiela_game_is_over (game) && kiela_game_get_n_moves (game) < 300)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, moves);
      g_assert_true (kiela_game_play (game, moves[kiela_rng_below (&rng, n)], NULL, NULL));
    }
  return g_steal_pointer (&game);
}

static void
mutate (GString *s, KielaRng *rng)
{
  guint kind = kiela_rng_below (rng, 10);
  guint at = kiela_rng_below (rng, (guint32) s->len + 1);
  guint span = 1 + kiela_rng_below (rng, 40);

  switch (kind)
    {
    case 0:   /* a nasty token anywhere */
      g_string_insert (s, at, nasty[kiela_rng_below (rng, G_N_ELEMENTS (nasty))]);
      break;
    case 1:   /* a string token inside a metadata value or key */
    case 2:
    case 3:
      {
        const char *keys[] = { "\"comment\" : \"", "\"south\" : \"", "\"event\"", "\"north\" : \"" };
        const char *m = strstr (s->str, keys[kiela_rng_below (rng, G_N_ELEMENTS (keys))]);
        if (m)
          g_string_insert (s, (m - s->str) + 1 + kiela_rng_below (rng, 4),
                           nasty[kiela_rng_below (rng, N_STRING_TOKENS)]);
      }
      break;
    case 4:   /* a nasty token just inside a string */
    case 5:
      {
        const char *q = memchr (s->str + MIN (at, s->len), '"', s->len - MIN (at, s->len));
        if (q == NULL)
          q = strchr (s->str, '"');
        if (q)
          g_string_insert (s, (q - s->str) + 1, nasty[kiela_rng_below (rng, G_N_ELEMENTS (nasty))]);
      }
      break;
    case 6:   /* any byte */
      if (at < s->len)
        s->str[at] = (char) (1 + kiela_rng_below (rng, 255));
      break;
    case 7:   /* delete a range */
      if (at < s->len)
        g_string_erase (s, at, MIN (s->len - at, span / 3 + 1));
      break;
    case 8:   /* duplicate a range */
      if (at < s->len)
        {
          g_autofree char *part = g_strndup (s->str + at, MIN (s->len - at, span));
          g_string_insert (s, kiela_rng_below (rng, (guint32) s->len + 1), part);
        }
      break;
    default:  /* a metadata value nested in 1..99 lists */
      {
        const char *m = strstr (s->str, "\"metadata\" : {");
        if (m)
          {
            guint depth = 1 + kiela_rng_below (rng, 99);
            g_autoptr(GString) ins = g_string_new ("\"deep\":");
            for (guint d = 0; d < depth; d++)
              g_string_append_c (ins, '[');
            g_string_append (ins, "\"x\"");
            for (guint d = 0; d < depth; d++)
              g_string_append_c (ins, ']');
            g_string_append_c (ins, ',');
            g_string_insert (s, (m - s->str) + strlen ("\"metadata\" : {"), ins->str);
          }
      }
      break;
    }
}

/* The property the autosave relies on: whatever the loader accepts saves into a
 * record that loads again, as the same game.  Thousands of seeded mutations of
 * real records (plain, expert setup, finished), one to four edits each. */
static void
test_accepted_records_save_and_reload (void)
{
  g_autoptr(KielaGame) plain = sample_game ();
  g_autoptr(KielaGame) expert = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela-expert"));
  g_autoptr(KielaGame) finished = finished_beginner_game (11);
  g_autofree char *dir = g_dir_make_tmp ("kiela-record-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "again.kiela", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  char *bases[3];
  KielaRng rng;
  guint accepted = 0, refused = 0, edited_strings = 0;

  {
    guint16 arrangement[KIELA_MAX_HOUSES] = { 0 };
    for (guint i = 0; i < 14; i++)
      arrangement[19 - i] = 2;
    g_assert_true (kiela_game_setup (expert, KIELA_SOUTH, arrangement, NULL));
    g_assert_true (kiela_game_setup (expert, KIELA_NORTH, arrangement, NULL));
  }
  for (guint i = 0; i < 3; i++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      g_assert_cmpuint (kiela_game_legal_moves (expert, moves), >, 0);
      g_assert_true (kiela_game_play (expert, moves[0], NULL, NULL));
    }
  kiela_game_set_metadata (expert, KIELA_META_EVENT, "Fête — “été” 😀");
  bases[0] = kiela_record_to_string (plain);
  bases[1] = kiela_record_to_string (expert);
  bases[2] = kiela_record_to_string (finished);

  kiela_rng_seed (&rng, 20261130);
  for (guint i = 0; i < 6000; i++)
    {
      g_autoptr(GString) s = g_string_new (bases[i % 3]);
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaGame) back = NULL;
      guint edits = kiela_rng_below (&rng, 2) ? 1 : 1 + kiela_rng_below (&rng, 4);

      for (guint e = 0; e < edits; e++)
        mutate (s, &rng);
      back = kiela_record_from_string (registry, s->str, (gssize) s->len, "case.kiela", &error);
      if (back == NULL)
        {
          g_assert_nonnull (error);
          if (!g_utf8_validate (error->message, -1, NULL))
            {
              g_autofree char *shown = g_strescape (error->message, NULL);
              g_error ("case %u: the message is not UTF-8: %s", i, shown);
            }
          g_assert_true (g_str_has_prefix (error->message, "case.kiela: "));
          refused++;
          continue;
        }
      accepted++;
      if (strcmp (s->str, bases[i % 3]) != 0 && strstr (s->str, "\\u") != NULL)
        edited_strings++;
      {
        g_autofree char *saved = kiela_record_to_string (back);
        g_autoptr(GError) again_error = NULL;
        g_autoptr(KielaGame) again = kiela_record_from_string (registry, saved, -1, "saved.kiela", &again_error);
        g_autofree char *saved_again = NULL;

        if (again == NULL)
          g_error ("case %u was accepted:\n%s\nbut its save was refused: %s\n%s", i, s->str, again_error->message, saved);
        assert_same_game (back, again);
        saved_again = kiela_record_to_string (again);
        g_assert_cmpstr (saved_again, ==, saved);
      }
      /* Through the file layer too, now and then. */
      if (accepted % 97 == 0)
        {
          g_autoptr(KielaGame) from_disk = NULL;
          g_assert_true (kiela_record_save_file (back, file, NULL, &error));
          from_disk = kiela_record_load_file (registry, file, NULL, &error);
          g_assert_no_error (error);
          assert_same_game (back, from_disk);
        }
    }
  g_test_message ("%u accepted, %u refused, %u accepted with an escape", accepted, refused, edited_strings);
  g_assert_cmpuint (accepted, >, 500);
  g_assert_cmpuint (refused, >, 2000);
  g_assert_cmpuint (edited_strings, >, 50);
  for (guint i = 0; i < 3; i++)
    g_free (bases[i]);
  g_unlink (path);
  g_rmdir (dir);
}

/* A GFile that is not a local path (here a GResource, as a GVFS location would
 * be) is read and written through GIO; GIO's errors keep their code. */
static void
test_load_remote_file (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-record-XXXXXX", NULL);
  g_autofree char *record = g_build_filename (dir, "game.kiela", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *folder_file = g_build_filename (sub, "ignored", NULL);
  g_autofree char *xml = g_build_filename (dir, "r.gresource.xml", NULL);
  g_autofree char *bundle = g_build_filename (dir, "r.gresource", NULL);
  g_autofree char *text = kiela_record_to_string (game);
  g_autofree char *cmd = NULL;
  g_autoptr(GResource) resource = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL, missing = NULL, folder = NULL, odd = NULL;
  g_autoptr(KielaGame) back = NULL;
  int status = -1;

  g_assert_true (g_file_set_contents (record, text, -1, NULL));
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_true (g_file_set_contents (folder_file, "x", -1, NULL));
  g_assert_true (g_file_set_contents (xml,
    "<gresources><gresource prefix=\"/test/kiela\"><file>game.kiela</file><file>sub/ignored</file></gresource></gresources>",
    -1, NULL));
  cmd = g_strdup_printf ("glib-compile-resources --sourcedir=%s --target=%s %s", dir, bundle, xml);
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  resource = g_resource_load (bundle, &error);
  g_assert_no_error (error);
  g_resources_register (resource);

  file = g_file_new_for_uri ("resource:///test/kiela/game.kiela");
  g_assert_null (g_file_peek_path (file));
  back = kiela_record_load_file (registry, file, NULL, &error);
  g_assert_no_error (error);
  assert_same_game (game, back);

  missing = g_file_new_for_uri ("resource:///test/kiela/none.kiela");
  g_assert_null (kiela_record_load_file (registry, missing, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, "resource:///test/kiela/none.kiela: "));
  g_clear_error (&error);

  folder = g_file_new_for_uri ("resource:///test/kiela/sub");
  g_assert_null (kiela_record_load_file (registry, folder, NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "is a folder"));
  g_clear_error (&error);

  /* A scheme nothing handles: GIO's "not supported", with the location named. */
  odd = g_file_new_for_uri ("kiela-test-nowhere://x/game.kiela");
  g_assert_null (kiela_record_load_file (registry, odd, NULL, &error));
  g_assert_true (error->domain == G_IO_ERROR);
  g_assert_nonnull (strstr (error->message, "game.kiela"));
  g_clear_error (&error);

  /* Saving where GIO cannot write: its error and code, behind a prefix naming the place. */
  g_assert_false (kiela_record_save_file (game, file, NULL, &error));
  g_assert_true (error->domain == G_IO_ERROR);
  g_assert_true (g_str_has_prefix (error->message, "Could not save “resource:///test/kiela/game.kiela”: "));
  g_clear_error (&error);

  g_resources_unregister (resource);
  g_unlink (bundle); g_unlink (xml); g_unlink (folder_file); g_unlink (record);
  g_rmdir (sub);
  g_rmdir (dir);
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
test_bad_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-record-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "nothing-here.kiela", NULL);
  g_autofree char *binary = g_build_filename (dir, "binary.kiela", NULL);
  g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL;
  const char bytes[] = { '{', (char) 0xff, (char) 0xfe, '}' };

  g_assert_null (kiela_record_load (registry, missing, &e1));
  g_assert_error (e1, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (e1->message, "nothing-here.kiela"));
  g_assert_null (kiela_record_load (registry, dir, &e2));
  g_assert_nonnull (strstr (e2->message, "is a folder"));
  g_assert_true (g_file_set_contents (binary, bytes, sizeof bytes, NULL));
  g_assert_null (kiela_record_load (registry, binary, &e3));
  g_assert_nonnull (strstr (e3->message, "binary.kiela"));
  g_assert_nonnull (strstr (e3->message, "not UTF-8"));
  g_unlink (binary);
  g_rmdir (dir);
}

static void
test_deeply_nested (void)
{
  /* json-glib recurses per nesting level: a million "[" once overflowed the stack. */
  const gsize n = 1000000;
  g_autofree char *deep = g_malloc (n + 1);
  g_autoptr(GError) e1 = NULL, e2 = NULL;
  g_autoptr(GString) obj = g_string_new ("{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\","
                                         "\"moves\":[],\"metadata\":{\"x\":");
  /* Brackets inside strings are text, not nesting: this record is valid. */
  g_autoptr(GString) brackets = g_string_new ("{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\","
                                              "\"moves\":[],\"metadata\":{\"comment\":\"");
  g_autoptr(KielaGame) ok = NULL;

  memset (deep, '[', n);
  deep[n] = '\0';
  g_assert_null (kiela_record_from_string (registry, deep, (gssize) n, "deep.kiela", &e1));
  g_assert_error (e1, KIELA_ERROR, KIELA_ERROR_RECORD);
  g_assert_nonnull (strstr (e1->message, "deep.kiela"));
  g_assert_nonnull (strstr (e1->message, "nested"));

  for (guint i = 0; i < 100000; i++)
    g_string_append (obj, "{\"a\":");
  g_assert_null (kiela_record_from_string (registry, obj->str, (gssize) obj->len, "deep2.kiela", &e2));
  g_assert_error (e2, KIELA_ERROR, KIELA_ERROR_RECORD);
  g_assert_nonnull (strstr (e2->message, "deep2.kiela"));

  for (guint i = 0; i < 1000; i++)
    g_string_append (brackets, "[{\\\"");
  g_string_append (brackets, "\"}}");
  ok = kiela_record_from_string (registry, brackets->str, -1, "brackets.kiela", NULL);
  g_assert_nonnull (ok);
  g_assert_true (g_str_has_prefix (kiela_game_get_metadata (ok, KIELA_META_COMMENT), "[{\"[{\""));
}

static void
test_special_files (void)
{
  /* A named pipe would block the reader for ever and /dev/zero would be read
   * without end: neither is a record, and loading must say so at once. */
  g_autofree char *dir = g_dir_make_tmp ("kiela-record-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.kiela", NULL);
  g_autofree char *big = g_build_filename (dir, "big.kiela", NULL);
  g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL;
  FILE *f;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_null (kiela_record_load (registry, fifo, &e1));
  g_assert_error (e1, KIELA_ERROR, KIELA_ERROR_IO);
  g_assert_nonnull (strstr (e1->message, "pipe.kiela"));
  g_assert_nonnull (strstr (e1->message, "not a regular file"));

  g_assert_null (kiela_record_load (registry, "/dev/zero", &e2));
  g_assert_error (e2, KIELA_ERROR, KIELA_ERROR_IO);
  g_assert_nonnull (strstr (e2->message, "/dev/zero"));

  /* A sparse 1 GB file: refused from its size, without reading it. */
  f = fopen (big, "w");
  g_assert_nonnull (f);
  g_assert_cmpint (fseeko (f, (off_t) 1 << 30, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('}', f), !=, EOF);
  fclose (f);
  g_assert_null (kiela_record_load (registry, big, &e3));
  g_assert_error (e3, KIELA_ERROR, KIELA_ERROR_RECORD);
  g_assert_nonnull (strstr (e3->message, "big.kiela"));
  g_assert_nonnull (strstr (e3->message, "too large"));

  g_unlink (fifo);
  g_unlink (big);
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

/* Random byte edits of a real record never crash the loader: each gives a game
 * that saves and reloads to the same position, or an error naming the source. */
static void
test_record_mutations (void)
{
  g_autoptr(KielaGame) game = sample_game ();
  g_autofree char *text = kiela_record_to_string (game);
  const char *alphabet = "{}[]\",:0123456789abcdghijs \\n-";
  KielaRng rng;
  guint loaded = 0, rejected = 0;

  kiela_rng_seed (&rng, 5);
  for (guint i = 0; i < 20000; i++)
    {
      GString *s = g_string_new (text);
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaGame) back = NULL;

      for (guint e = 0; e < 1 + kiela_rng_below (&rng, 3); e++)
        {
          guint at = kiela_rng_below (&rng, (guint32) s->len);
          char c = alphabet[kiela_rng_below (&rng, (guint32) strlen (alphabet))];
          if (kiela_rng_below (&rng, 2))
            s->str[at] = c;
          else
            g_string_erase (s, at, 1);
        }
      back = kiela_record_from_string (registry, s->str, (gssize) s->len, "fuzz.kiela", &error);
      if (back)
        {
          g_autofree char *again = kiela_record_to_string (back);
          g_autoptr(KielaGame) third = kiela_record_from_string (registry, again, -1, "again", NULL);
          g_assert_nonnull (third);
          g_assert_true (kiela_position_equal (kiela_game_get_position (third), kiela_game_get_position (back)));
          loaded++;
        }
      else
        {
          g_assert_true (g_str_has_prefix (error->message, "fuzz.kiela: "));
          rejected++;
        }
      g_string_free (s, TRUE);
    }
  g_assert_cmpuint (loaded, >, 100);
  g_assert_cmpuint (rejected, >, 1000);
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

/* JSON that json-glib takes but a record may not hold: a second value after the record, a
 * comment, a number too large for 64 bits (json-glib wrapped "version" 99999999999999999999 to
 * -1 and the error said so).  Text after the record that is only white space, and a "/" inside
 * a string, are fine. */
static void
test_strict_json (void)
{
  const char *good = "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[\"b1\"],"
                     "\"metadata\":{\"event\":\"a/b // c /* d */\"}}";
  struct { const char *text; const char *part; } bad[] = {
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[]}\n{\"x\":1}", "line 2: more text after the end" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[]} []", "line 1: more text after the end" },
    { "{\"format\":\"kiela-game\",\n\"version\":1, /* old */ \"variant\":\"kiela\",\"moves\":[]}", "line 2: a comment" },
    { "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[]}\n// done\n", "line 2: a comment" },
    { "{\"format\":\"kiela-game\",\"version\":99999999999999999999,\"variant\":\"kiela\",\"moves\":[]}", "line 1: a number too large" },
  };
  g_autofree char *spaced = g_strconcat (good, "\n\n  \t\n", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) a = kiela_record_from_string (registry, good, -1, "good.kiela", &error);
  g_autoptr(KielaGame) b = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (kiela_game_get_metadata (a, KIELA_META_EVENT), ==, "a/b // c /* d */");
  b = kiela_record_from_string (registry, spaced, -1, "spaced.kiela", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) e = NULL;
      g_autoptr(KielaGame) g = kiela_record_from_string (registry, bad[i].text, -1, "bad.kiela", &e);

      g_assert_null (g);
      g_assert_error (e, KIELA_ERROR, KIELA_ERROR_RECORD);
      if (!g_str_has_prefix (e->message, "bad.kiela: ") || strstr (e->message, bad[i].part) == NULL)
        g_error ("record %u: “%s” does not say “%s”", i, e->message, bad[i].part);
    }
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
  g_test_add_func ("/record/bad-records", test_bad_records);
  g_test_add_func ("/record/invalid-strings", test_invalid_strings);
  g_test_add_func ("/record/accepted-records-save-and-reload", test_accepted_records_save_and_reload);
  g_test_add_func ("/record/load-remote-file", test_load_remote_file);
  g_test_add_func ("/record/save-keeps-mode", test_save_keeps_mode);
  g_test_add_func ("/record/bad-files", test_bad_files);
  g_test_add_func ("/record/deeply-nested", test_deeply_nested);
  g_test_add_func ("/record/special-files", test_special_files);
  g_test_add_func ("/record/finished-game", test_finished_game_result);
  g_test_add_func ("/record/mutations", test_record_mutations);
  g_test_add_func ("/record/large-record-round-trip", test_large_record_round_trip);
  g_test_add_func ("/record/save-over-limit-refused", test_save_over_limit_refused);
  g_test_add_func ("/record/deep-variations-round-trip", test_deep_variations_round_trip);
  g_test_add_func ("/record/strict-json", test_strict_json);
  g_test_add_func ("/record/unknown-members-kept", test_unknown_members_kept);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
