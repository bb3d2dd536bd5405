/* test-record-bad.c: every kind of bad JSON game record rejected clearly: bad records and
 * strings, random mutations of good ones (what is accepted saves and reloads the same), remote,
 * missing, special and deeply nested files, and JSON that json-glib takes but a record may not
 * hold (the helpers: test-record-common.h). */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include "test-common.h"
#include "test-record-common.h"

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

int
main (int argc, char **argv)
{
  int ret;

  registry = test_init (&argc, &argv);
  g_test_add_func ("/record/bad-records", test_bad_records);
  g_test_add_func ("/record/invalid-strings", test_invalid_strings);
  g_test_add_func ("/record/accepted-records-save-and-reload", test_accepted_records_save_and_reload);
  g_test_add_func ("/record/load-remote-file", test_load_remote_file);
  g_test_add_func ("/record/bad-files", test_bad_files);
  g_test_add_func ("/record/deeply-nested", test_deeply_nested);
  g_test_add_func ("/record/special-files", test_special_files);
  g_test_add_func ("/record/mutations", test_record_mutations);
  g_test_add_func ("/record/strict-json", test_strict_json);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
