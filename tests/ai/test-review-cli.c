/* test-review-cli.c: kiela-cli review run as a user would: the text report, JSON, CSV, the graph, variations, bad input. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "tests/cli-test-run.h"

/* tests/ai/test-game-review.c's position: South e2 lets North's a3 capture c2 + c1 = 1 + 8 stones;
 * a1 and c1 lose nothing.  a3 is North's only move. */
#define LOSES_NINE "0,0,0,0,0,1,1,1,1,1/2,0,1,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0/2,0,8,0,0,0,0,0,0,0 s"

static char *dir;

static void
run_cli (Run *r, const char *first, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (argv, (gpointer) KIELA_TEST_CLI);
  va_start (ap, first);
  for (const char *a = first; a; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  run_spawn (r, (const char *const *) argv->pdata, NULL);
  g_assert_cmpint (r->status, <, 128);
}

static char *
write_file (const char *name, const char *contents)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

/* The blunder, North's capture, then a variation from the start where South wins instead: after
 * c1 and North's only a3, South's a1 leaves North single stones only (kiela-cli play shows it). */
static char *
blunder_record (void)
{
  return write_file ("blunder.kiela",
                     "{\"format\":\"kiela-game\",\"version\":2,\"variant\":\"kiela\",\"start\":\"" LOSES_NINE "\","
                     "\"moves\":[\"e2\",\"a3\"],"
                     "\"variations\":[{\"after\":0,\"moves\":[\"c1\",\"a3\",\"a1\"]}]}");
}

static JsonObject *
parse_json (const char *text, JsonParser **parser)
{
  g_autoptr(GError) error = NULL;

  *parser = json_parser_new ();
  if (!json_parser_load_from_data (*parser, text, -1, &error))
    g_error ("not JSON (%s): %s", error->message, text);
  return json_node_get_object (json_parser_get_root (*parser));
}

static void
test_text (void)
{
  g_autofree char *record = blunder_record ();
  g_auto(Run) r = { 0 };
  g_auto(GStrv) lines = NULL;
  g_autoptr(GRegex) first = g_regex_new ("^1\\. South e2\\?\\? −([0-9]+) \\(best c1\\)$", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *loss = NULL;

  run_cli (&r, "review", record, NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_true (g_regex_match (first, lines[0], 0, &match));
  /* Nine stones go at least: the deep search even finds that c1 wins outright. */
  loss = g_match_info_fetch (match, 1);
  g_assert_cmpint (atoi (loss), >=, 9);
  /* North's only move is its best. */
  g_assert_cmpstr (lines[1], ==, "2. North a3");
  g_assert_true (g_str_has_prefix (lines[2], "South: accuracy "));
  g_assert_nonnull (strstr (lines[2], "blunders 1, mistakes 0, inaccuracies 0; 1 moves"));
  g_assert_true (g_str_has_prefix (lines[3], "North: accuracy 100.0 %"));
  g_assert_cmpstr (lines[4], ==, "");
}

static void
test_json (void)
{
  g_autofree char *record = blunder_record ();
  g_auto(Run) r = { 0 };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o, *m, *south;
  JsonArray *moves, *line;

  run_cli (&r, "review", "--json", record, NULL);
  g_assert_cmpint (r.status, ==, 0);
  o = parse_json (r.out, &parser);
  moves = json_object_get_array_member (o, "moves");
  g_assert_cmpuint (json_array_get_length (moves), ==, 2);

  m = json_array_get_object_element (moves, 0);
  g_assert_cmpint (json_object_get_int_member (m, "ply"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (m, "side"), ==, "south");
  g_assert_cmpstr (json_object_get_string_member (m, "move"), ==, "e2");
  g_assert_cmpstr (json_object_get_string_member (m, "best"), ==, "c1");
  g_assert_cmpint (json_object_get_int_member (m, "loss"), >=, 7);
  g_assert_cmpstr (json_object_get_string_member (m, "class"), ==, "blunder");
  line = json_object_get_array_member (m, "line");
  g_assert_cmpuint (json_array_get_length (line), >=, 2);
  g_assert_cmpstr (json_array_get_string_element (line, 0), ==, json_object_get_string_member (m, "best"));
  /* North's answer to the best move: its only one; then South's winning a1. */
  g_assert_cmpstr (json_array_get_string_element (line, 1), ==, "a3");
  g_assert_cmpstr (json_array_get_string_element (line, 2), ==, "a1");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (m, "reply"), 1), ==, "a3");
  /* South is behind after the blunder (3 stones to 17); the best move wins: all 20 stones, 10
   * above an even share. */
  g_assert_cmpfloat (json_object_get_double_member (m, "score"), <, -4);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (m, "best_score"), 10.0, 1e-9);

  m = json_array_get_object_element (moves, 1);
  g_assert_cmpint (json_object_get_int_member (m, "ply"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (m, "side"), ==, "north");
  g_assert_cmpstr (json_object_get_string_member (m, "class"), ==, "best");
  g_assert_cmpint (json_object_get_int_member (m, "loss"), ==, 0);

  south = json_object_get_object_member (o, "south");
  g_assert_cmpint (json_object_get_int_member (south, "moves"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (south, "blunder"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (south, "best"), ==, 0);
  /* 100 × 0.85^loss, to one decimal. */
  {
    gint64 loss = json_object_get_int_member (json_array_get_object_element (moves, 0), "loss");
    gdouble want = 100.0;

    for (gint64 i = 0; i < loss; i++)
      want *= 0.85;
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (south, "accuracy"), want, 0.051);
  }
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_object_get_object_member (o, "north"), "accuracy"),
                                  100.0, 1e-9);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (o, "ai"), "noise=0 depth=8"));
}

static void
test_depth_nodes (void)
{
  g_autofree char *record = blunder_record ();
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_auto(Run) n = { 0 };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o;

  run_cli (&a, "review", "--depth", "3", "--json", record, NULL);
  run_cli (&b, "review", "--depth=3", "--json", record, NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.out, ==, b.out);
  o = parse_json (a.out, &parser);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (o, "ai"), "depth=3"));
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (json_object_get_array_member (o, "moves"), 0),
                                               "depth"), ==, 3);
  g_clear_object (&parser);

  run_cli (&n, "review", "--nodes", "800", "--json", record, NULL);
  g_assert_cmpint (n.status, ==, 0);
  o = parse_json (n.out, &parser);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (o, "ai"), "nodes=800"));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (o, "moves"), 0),
                                                  "class"), ==, "blunder");
}

static void
test_variation (void)
{
  g_autofree char *record = blunder_record ();
  g_auto(Run) r = { 0 };
  g_auto(Run) bad = { 0 };

  run_cli (&r, "review", "--variation", "1", record, NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* The variation wins by force: nothing is marked. */
  g_assert_true (g_str_has_prefix (r.out, "1. South c1\n2. North a3\n3. South a1\n"));
  g_assert_nonnull (strstr (r.out, "South: accuracy 100.0 %"));

  run_cli (&bad, "review", "--variation", "2", record, NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--variation 2"));
  g_assert_nonnull (strstr (bad.err, "has 1 variation"));
  g_assert_cmpstr (bad.out, ==, "");
}

static void
test_csv (void)
{
  g_autofree char *record = blunder_record ();
  g_autofree char *csv = g_build_filename (dir, "review.csv", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) rows = NULL;
  g_auto(GStrv) cells = NULL;
  g_auto(Run) r = { 0 };

  run_cli (&r, "review", "--csv", csv, record, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  rows = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, 4);
  g_assert_cmpstr (rows[0], ==, "ply,side,move,best,loss,class,score,best_score,line");
  cells = g_strsplit (rows[1], ",", -1);
  g_assert_cmpuint (g_strv_length (cells), ==, 9);
  g_assert_cmpstr (cells[0], ==, "1");
  g_assert_cmpstr (cells[1], ==, "south");
  g_assert_cmpstr (cells[2], ==, "e2");
  g_assert_cmpint (atoi (cells[4]), >=, 7);
  g_assert_cmpstr (cells[5], ==, "blunder");
  g_assert_true (g_str_has_prefix (cells[8], cells[3]));
  g_assert_true (g_str_has_prefix (rows[2], "2,north,a3,a3,0,best,"));
  g_assert_cmpstr (rows[3], ==, "");
}

static void
test_plot (void)
{
  g_autofree char *record = blunder_record ();
  g_autofree char *svg = g_build_filename (dir, "graph.svg", NULL);
  g_autofree char *png = g_build_filename (dir, "graph.png", NULL);
  g_autofree char *txt = g_build_filename (dir, "graph.txt", NULL);
  g_autofree char *data = NULL;
  gsize len = 0;
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_auto(Run) c = { 0 };

  run_cli (&a, "review", "--plot", svg, record, NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_true (g_file_get_contents (svg, &data, &len, NULL));
  g_assert_nonnull (strstr (data, "<svg"));
  g_assert_nonnull (strstr (data, "width=\"800\""));
  g_clear_pointer (&data, g_free);

  run_cli (&b, "review", "--plot", png, record, NULL);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_true (g_file_get_contents (png, &data, &len, NULL));
  g_assert_cmpuint (len, >, 8);
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);

  run_cli (&c, "review", "--plot", txt, record, NULL);
  g_assert_cmpint (c.status, ==, 1);
  g_assert_nonnull (strstr (c.err, ".svg or .png"));
  g_assert_false (g_file_test (txt, G_FILE_TEST_EXISTS));
}

/* A bad record: the words kiela-cli load has for it. */
static void
test_bad_record (void)
{
  static const char *const bad[] = {
    "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[\"g1\",\"z9\"]}",
    "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"nowhere\",\"moves\":[]}",
    "not json",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *name = g_strdup_printf ("bad-%u.kiela", i);
      g_autofree char *path = write_file (name, bad[i]);
      g_auto(Run) load = { 0 };
      g_auto(Run) review = { 0 };
      g_autofree char *want = NULL;

      run_cli (&load, "load", path, NULL);
      run_cli (&review, "review", path, NULL);
      g_assert_cmpint (load.status, ==, 2);
      g_assert_cmpint (review.status, ==, 2);
      g_assert_true (g_str_has_prefix (load.err, "kiela-cli load: "));
      want = g_strconcat ("kiela-cli review: ", load.err + strlen ("kiela-cli load: "), NULL);
      g_assert_cmpstr (review.err, ==, want);
      g_assert_cmpstr (review.out, ==, "");
    }
  {
    g_autofree char *missing = g_build_filename (dir, "missing.kiela", NULL);
    g_auto(Run) r = { 0 };

    run_cli (&r, "review", missing, NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "missing.kiela"));
  }
}

/* An empty game has nothing to judge. */
static void
test_no_moves (void)
{
  g_autofree char *path = write_file ("empty.kiela", "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[]}");
  g_auto(Run) r = { 0 };

  run_cli (&r, "review", path, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "no move to review"));
}

static void
test_usage (void)
{
  g_autofree char *record = blunder_record ();
  const char *const *cases[] = {
    (const char *const[]) { "review", NULL },
    (const char *const[]) { "review", "--depth", "1", "RECORD", NULL },
    (const char *const[]) { "review", "--depth", "33", "RECORD", NULL },
    (const char *const[]) { "review", "--depth", "x", "RECORD", NULL },
    (const char *const[]) { "review", "--nodes", "0", "RECORD", NULL },
    (const char *const[]) { "review", "--depth", "3", "--nodes", "100", "RECORD", NULL },
    (const char *const[]) { "review", "--variation", "0", "RECORD", NULL },
    (const char *const[]) { "review", "--bogus", "RECORD", NULL },
    (const char *const[]) { "review", "RECORD", "RECORD", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_auto(Run) r = { 0 };

      g_ptr_array_add (argv, (gpointer) KIELA_TEST_CLI);
      for (guint k = 0; cases[i][k]; k++)
        g_ptr_array_add (argv, (gpointer) (g_str_equal (cases[i][k], "RECORD") ? record : cases[i][k]));
      g_ptr_array_add (argv, NULL);
      run_spawn (&r, (const char *const *) argv->pdata, NULL);
      g_assert_cmpint (r.status, ==, 1);
      g_assert_cmpstr (r.out, ==, "");
      g_assert_true (g_str_has_prefix (r.err, "kiela-cli review") || strstr (r.err, "Unknown option") != NULL);
    }
}

int
main (int argc, char *argv[])
{
  int ret;

  g_setenv ("LANGUAGE", "C", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("kiela-review-cli-XXXXXX", NULL);
  g_test_add_func ("/review-cli/text", test_text);
  g_test_add_func ("/review-cli/json", test_json);
  g_test_add_func ("/review-cli/depth-nodes", test_depth_nodes);
  g_test_add_func ("/review-cli/variation", test_variation);
  g_test_add_func ("/review-cli/csv", test_csv);
#ifdef KIELA_TEST_HAVE_PLOT
  g_test_add_func ("/review-cli/plot", test_plot);
#endif
  g_test_add_func ("/review-cli/bad-record", test_bad_record);
  g_test_add_func ("/review-cli/no-moves", test_no_moves);
  g_test_add_func ("/review-cli/usage", test_usage);
  ret = g_test_run ();
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d && (name = g_dir_read_name (d)))
      {
        g_autofree char *p = g_build_filename (dir, name, NULL);
        g_unlink (p);
      }
    g_rmdir (dir);
  }
  g_free (dir);
  return ret;
}
