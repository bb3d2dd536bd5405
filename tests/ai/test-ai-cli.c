/* test-ai-cli.c: kiela-cli bestmove, arrange and tournament, run as a user would: exit statuses, output, CSV, threads. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "tests/cli-test-run.h"

/* The hand-made position of test-ai.c where South i1 captures 7 and wins at once. */
#define CAPTURE_WINS "0,0,1,0,0,0,0,0,0,4/1,0,0,0,0,0,0,0,0,3/1,0,2,0,0,0,0,0,0,1/0,0,0,0,2,0,0,0,2,0 s"

/* Runs kiela-cli with `env` (NULL: this process's environment). */
static void
run_cli_va (Run *r, char **env, const char *first, va_list ap)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) KIELA_TEST_CLI);
  for (const char *a = first; a; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  g_ptr_array_add (argv, NULL);

  run_spawn (r, (const char *const *) argv->pdata, env);
  /* A crash is a failure of its own, not an exit status to compare. */
  g_assert_cmpint (r->status, <, 128);
}

static void
run_cli (Run *r, const char *first, ...)
{
  va_list ap;

  va_start (ap, first);
  run_cli_va (r, NULL, first, ap);
  va_end (ap);
}

static void
run_cli_env (Run *r, char **env, const char *first, ...)
{
  va_list ap;

  va_start (ap, first);
  run_cli_va (r, env, first, ap);
  va_end (ap);
}

static JsonObject *
parse_json (const char *text, JsonParser **parser)
{
  g_autoptr(GError) error = NULL;

  *parser = json_parser_new ();
  if (!json_parser_load_from_data (*parser, text, -1, &error))
    g_error ("not JSON (%s): %s", error->message, text);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (*parser)));
  return json_node_get_object (json_parser_get_root (*parser));
}

/* An expert board after South arranged its stones (North still as at the start). */
#define SOUTH_ARRANGED "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/1,0,1,1,2,1,2,1,2,1/1,1,1,2,2,2,1,4,2,0 s"

static char *
arrange_counts (const char *seed, JsonObject **out_obj, JsonParser **parser, Run *r)
{
  JsonObject *o;
  JsonArray *counts;
  GString *s = g_string_new (NULL);
  guint total = 0;

  run_cli (r, "arrange", "--variant", "kiela-expert", "--ai", "mpanzu", "--side", "north",
           "--position", SOUTH_ARRANGED, "--nodes", "60000", "--time-ms", "0", "--seed", seed, "--json", NULL);
  g_assert_cmpint (r->status, ==, 0);
  o = parse_json (r->out, parser);
  g_assert_cmpstr (json_object_get_string_member (o, "side"), ==, "north");
  g_assert_cmpstr (json_object_get_string_member (o, "algorithm"), ==, "alphabeta");
  counts = json_object_get_array_member (o, "counts");
  g_assert_cmpuint (json_array_get_length (counts), ==, 20);
  for (guint i = 0; i < 20; i++)
    {
      gint64 c = json_array_get_int_element (counts, i);
      g_assert_cmpint (c, >=, 0);
      total += (guint) c;
      g_string_append_printf (s, "%" G_GINT64_FORMAT " ", c);
    }
  g_assert_cmpuint (total, ==, 28);
  *out_obj = o;
  return g_string_free (s, FALSE);
}

/* arrange: North's answer holds its 28 stones, keeps South's houses, and is reproducible. */
static void
test_arrange_json (void)
{
  g_auto(Run) r1 = { 0 };
  g_auto(Run) r2 = { 0 };
  g_autoptr(JsonParser) p1 = NULL;
  g_autoptr(JsonParser) p2 = NULL;
  JsonObject *o1, *o2;
  g_autofree char *a = arrange_counts ("5", &o1, &p1, &r1);
  g_autofree char *b = arrange_counts ("5", &o2, &p2, &r2);
  const char *pos = json_object_get_string_member (o1, "position");

  g_assert_cmpstr (a, ==, b);
  /* South's two rows (the last two of the KPN) are what South arranged; South sows first. */
  g_assert_true (g_str_has_suffix (pos, "/1,0,1,1,2,1,2,1,2,1/1,1,1,2,2,2,1,4,2,0 s"));
  /* North's rows changed from the start arrangement. */
  g_assert_false (g_str_has_prefix (pos, "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/"));
}

static void
test_arrange_bad_input (void)
{
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "arrange", "--variant", "kiela", "--ai", "kizua", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "kiela"));
    g_assert_nonnull (strstr (r.err, "no setup phase"));
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "arrange", "--side", "east", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "east"));
  }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "arrange", "--ai", "kizua", "--position", "2,2/oops", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "--position"));
  }
}

static void
test_bestmove_json (void)
{
  g_auto(Run) r = { 0 };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o;

  run_cli (&r, "bestmove", "--variant", "kiela", "--position", CAPTURE_WINS, "--ai", "mpanzu",
           "--nodes", "20000", "--time-ms", "0", "--seed", "3", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  o = parse_json (r.out, &parser);
  g_assert_cmpstr (json_object_get_string_member (o, "move"), ==, "i1");
  g_assert_cmpint (json_object_get_int_member (o, "depth"), >, 0);
  g_assert_cmpint (json_object_get_int_member (o, "nodes"), >, 0);
  g_assert_true (json_object_has_member (o, "score"));
  g_assert_cmpstr (json_object_get_string_member (o, "ai"), ==, "mpanzu");
}

static void
test_bestmove_text (void)
{
  g_auto(Run) r = { 0 };

  run_cli (&r, "bestmove", "--position", CAPTURE_WINS, "--ai", "zola", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "move i1\n"));
  g_assert_nonnull (strstr (r.out, "\nscore "));
  g_assert_nonnull (strstr (r.out, "\ndepth "));
  g_assert_nonnull (strstr (r.out, "\nnodes "));
}

/* Bad input: exit status 2, a message naming the input on stderr, nothing on stdout. */
static void
check_bad_input (const char *naming, const char *a1, const char *a2, const char *a3, const char *a4)
{
  g_auto(Run) r = { 0 };

  run_cli (&r, "bestmove", a1, a2, a3, a4, NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_cmpstr (r.out, ==, "");
  if (strstr (r.err, naming) == NULL)
    g_error ("stderr does not name “%s”: %s", naming, r.err);
}

static void
test_bestmove_bad_input (void)
{
  check_bad_input ("nobody", "--ai", "nobody", "--variant", "kiela");
  check_bad_input ("no-such-game", "--variant", "no-such-game", "--ai", "mpanzu");
  check_bad_input ("1,2,x s", "--position", "1,2,x s", "--ai", "mpanzu");
  /* South has only single stones: no legal move. */
  check_bad_input ("no legal move",
                   "--position", "0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0/1,1,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0 s",
                   "--ai", "mpanzu");
  /* Settings the algorithm does not accept. */
  check_bad_input ("depth=0", "--ai", "mpanzu depth=0", "--variant", "kiela");
}

static void
test_usage_errors (void)
{
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_auto(Run) c = { 0 };

  run_cli (&a, "bestmove", "--time-ms", "soon", NULL);
  g_assert_cmpint (a.status, ==, 1);
  run_cli (&b, "tournament", "--ai", "zola", "--games", "2", NULL);
  g_assert_cmpint (b.status, ==, 1);
  run_cli (&c, "tournament", "--ai", "zola", "--ai", "kizua", "--games", "0", NULL);
  g_assert_cmpint (c.status, ==, 1);
}

static char *
read_file (const char *path)
{
  char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static void
test_tournament (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-ai-cli-XXXXXX", NULL);
  g_autofree char *csv1 = g_build_filename (dir, "one.csv", NULL);
  g_autofree char *csv2 = g_build_filename (dir, "two.csv", NULL);
  g_autofree char *text1 = NULL, *text2 = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(Run) r1 = { 0 };
  g_auto(Run) r2 = { 0 };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o;
  gint64 wins, draws, losses;
  gdouble score_sum = 0.0, plies_sum = 0.0;
  guint south_a = 0, longest = 0, south_won = 0;

  run_cli (&r1, "tournament", "--ai", "lweji", "--ai", "zola", "--games", "8", "--nodes", "3000",
           "--seed", "5", "--jobs", "2", "--csv", csv1, "--json", "--quiet", NULL);
  g_assert_cmpint (r1.status, ==, 0);
  o = parse_json (r1.out, &parser);
  wins = json_object_get_int_member (o, "wins");
  draws = json_object_get_int_member (o, "draws");
  losses = json_object_get_int_member (o, "losses");
  g_assert_cmpint (wins + draws + losses, ==, 8);
  g_assert_cmpfloat (json_object_get_double_member (o, "score_low"), <=, json_object_get_double_member (o, "score"));
  g_assert_cmpfloat (json_object_get_double_member (o, "score_high"), >=, json_object_get_double_member (o, "score"));
  g_assert_cmpint (json_object_get_int_member (o, "longest_plies"), >=, (gint64) json_object_get_double_member (o, "mean_plies"));

  /* One CSV row a game; its moves, plies and score agree with the summary. */
  text1 = read_file (csv1);
  lines = g_strsplit (text1, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[0], "game,seed,south,north,result,reason,plies,score_a,moves"));
  g_assert_cmpuint (g_strv_length (lines), ==, 8 + 2);   /* header, 8 rows, "" after the last newline */
  for (guint i = 1; i <= 8; i++)
    {
      g_auto(GStrv) quoted = g_strsplit (lines[i], "\"", -1);   /* ..."south","north",...,"moves" */
      g_auto(GStrv) fields = NULL;
      g_auto(GStrv) moves = NULL;
      guint n_fields;

      g_assert_cmpuint (g_strv_length (quoted), ==, 7);
      if (g_str_equal (quoted[1], "Lweji"))
        south_a++;
      fields = g_strsplit (quoted[4], ",", -1);   /* ,result,reason,plies,score_a, */
      n_fields = g_strv_length (fields);
      g_assert_cmpuint (n_fields, ==, 6);
      moves = g_strsplit (quoted[5], " ", -1);
      g_assert_cmpuint (g_strv_length (moves), ==, (guint) g_ascii_strtoull (fields[3], NULL, 10));
      score_sum += g_ascii_strtod (fields[4], NULL);
      plies_sum += g_ascii_strtoull (fields[3], NULL, 10);
      longest = MAX (longest, (guint) g_ascii_strtoull (fields[3], NULL, 10));
      south_won += g_str_equal (fields[1], "south wins");
    }
  /* The summary's statistics are those of the games in the CSV. */
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "mean_plies"), plies_sum / 8.0, 1e-9);
  g_assert_cmpint (json_object_get_int_member (o, "longest_plies"), ==, longest);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "first_player_win_rate"), south_won / 8.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o, "score"), score_sum / 8.0, 1e-9);
  /* Elo difference of the score fraction p: -400 log10 (1/p - 1); none (null) at 0% or 100%. */
  {
    gdouble p = score_sum / 8.0;
    JsonNode *elo = json_object_get_member (o, "elo");

    g_assert_nonnull (elo);
    if (p > 0.0 && p < 1.0)
      g_assert_cmpfloat_with_epsilon (json_node_get_double (elo), -400.0 * log10 (1.0 / p - 1.0), 1e-6);
    else
      g_assert_true (JSON_NODE_HOLDS_NULL (elo));
    g_assert_true (json_object_has_member (o, "elo_low"));
    g_assert_true (json_object_has_member (o, "elo_high"));
  }
  /* Both colours, alternately. */
  g_assert_cmpuint (south_a, ==, 4);
  g_assert_cmpfloat (score_sum, ==, wins + 0.5 * draws);

  /* Two threads or one: the same games, move for move (node budgets make them reproducible). */
  run_cli (&r2, "tournament", "--ai", "lweji", "--ai", "zola", "--games", "8", "--nodes", "3000",
           "--seed", "5", "--jobs", "1", "--csv", csv2, "--quiet", NULL);
  g_assert_cmpint (r2.status, ==, 0);
  text2 = read_file (csv2);
  g_assert_cmpstr (text1, ==, text2);

  /* An odd number of games between equals cannot end at exactly 0%, 50% or 100%:
   * the Elo difference is then a finite number of the score's sign. */
  {
    g_auto(Run) r3 = { 0 };
    g_autoptr(JsonParser) p3 = NULL;
    JsonObject *o3;
    gdouble p;

    run_cli (&r3, "tournament", "--ai", "zola", "--ai", "zola", "--games", "7", "--nodes", "3000",
             "--seed", "5", "--jobs", "2", "--json", "--quiet", NULL);
    g_assert_cmpint (r3.status, ==, 0);
    o3 = parse_json (r3.out, &p3);
    p = (json_object_get_int_member (o3, "wins") + 0.5 * json_object_get_int_member (o3, "draws")) / 7.0;
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o3, "score"), p, 1e-9);
    /* Games 2k and 2k+1 are one opening from both sides: equals split each pair. */
    g_assert_cmpfloat (p, >, 0.0);
    g_assert_cmpfloat (p, <, 1.0);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (o3, "elo"), -400.0 * log10 (1.0 / p - 1.0), 1e-6);
    if (p != 0.5)
      g_assert_cmpfloat (json_object_get_double_member (o3, "elo") * (p - 0.5), >, 0.0);
  }

  g_unlink (csv1);
  g_unlink (csv2);
  g_rmdir (dir);
}

/* The CSV path is checked before the first game: nothing is played (no summary) when it is bad. */
static void
test_tournament_csv_unwritable (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-ai-cli-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.csv", NULL);
  const char *paths[] = { "/nonexistent-dir/games.csv", dir, fifo, "/proc/self/games.csv" };
  GStatBuf st;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_auto(Run) r = { 0 };

      run_cli (&r, "tournament", "--ai", "zola", "--ai", "kizua", "--games", "2", "--quiet", "--json",
               "--csv", paths[i], NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, paths[i]));
      g_assert_cmpstr (r.out, ==, "");
    }
  /* The pipe and the folder are as they were. */
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  g_unlink (fifo);
  g_rmdir (dir);
}

/* --csv through a symbolic link replaces the link's target and keeps the link. */
static void
test_tournament_csv_symlink (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-ai-cli-XXXXXX", NULL);
  g_autofree char *target = g_build_filename (dir, "results.csv", NULL);
  g_autofree char *link = g_build_filename (dir, "latest.csv", NULL);
  g_autofree char *text = NULL, *points_to = NULL;
  g_auto(Run) r = { 0 };
  GStatBuf st;

  g_assert_true (g_file_set_contents (target, "old\n", -1, NULL));
  g_assert_cmpint (symlink ("results.csv", link), ==, 0);
  run_cli (&r, "tournament", "--ai", "zola", "--ai", "kizua", "--games", "2", "--quiet", "--csv", link, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  points_to = g_file_read_link (link, NULL);
  g_assert_cmpstr (points_to, ==, "results.csv");
  text = read_file (target);
  g_assert_true (g_str_has_prefix (text, "game,seed,south,north,"));
  g_unlink (link);
  g_unlink (target);
  g_rmdir (dir);
}

/* The score of a 1-ply alpha-beta from the start, with the weights file `file` (NULL: the
 * shipped one) and the extra settings `settings`; the program's stderr goes to `err`. */
static gint64
weights_score (const char *file, const char *settings, char **err)
{
  g_auto(Run) r = { 0 };
  g_autoptr(JsonParser) parser = NULL;
  g_auto(GStrv) env = g_get_environ ();
  g_autofree char *ai = g_strdup_printf ("alphabeta depth=1 qs=0 %s", settings);
  JsonObject *o;

  env = file ? g_environ_setenv (env, "KIELA_AI_WEIGHTS", file, TRUE) : g_environ_unsetenv (env, "KIELA_AI_WEIGHTS");
  run_cli_env (&r, env, "bestmove", "--variant", "kiela", "--ai", ai, "--nodes", "1000", "--time-ms", "0",
               "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  o = parse_json (r.out, &parser);
  *err = g_steal_pointer (&r.err);
  return json_object_get_int_member (o, "score");
}

#define BUILTIN_WEIGHTS "w-material=100 w-mobility=8 w-exposure=12 w-threat=25 w-safe=4 w-tempo=10"

/* The AI reads its weights from the weights file; a malformed one is named on stderr with
 * its fault, and the built-in weights are used. */
static void
test_weights_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-weights-XXXXXX", NULL);
  g_autofree char *good = g_build_filename (dir, "good.ini", NULL);
  g_autofree char *err = NULL;
  struct { const char *text, *fault; } bad[] = {
    { "[Evaluation]\nmaterial=100\nmobility=lots\nexposure=12\nthreat=25\nsafe=4\ntempo=10\n", "mobility=lots is not a whole number" },
    { "[Evaluation]\nmaterial=100\nmobility=8\nexposure=12\nthreat=25\nsafe=4\ntempo=1000000\n", "tempo=1000000 is not a whole number from -100000 to 100000" },
    { "[Evaluation]\nmaterial=100\nmobility=8\nexposure=12\nthreat=25\nsafe=4\n", "[Evaluation] has no tempo" },
    { "[Evaluation]\nmaterial=100\nmobility=8\nexposure=12\nthreat=25\nsafe=4\ntempo=10\nspeed=3\n", "unknown key \"speed\"" },
    { "[Weights]\nmaterial=100\n", "no [Evaluation] group" },
    { "material=100\n", "" },   /* not a key file: GLib's own message follows the name */
  };
  gint64 builtin, with_file, with_settings, shipped;

  builtin = weights_score ("/nonexistent/eval-weights.ini", "", &err);
  g_assert_nonnull (strstr (err, "/nonexistent/eval-weights.ini"));
  g_assert_nonnull (strstr (err, "using the built-in weights"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (builtin, ==, weights_score (NULL, BUILTIN_WEIGHTS, &err));
  g_clear_pointer (&err, g_free);

  /* A good file is read: its weights give the score the same weights as settings give, and
   * not the built-in weights' score. */
  g_assert_true (g_file_set_contents (good, "# a comment\n[Evaluation]\nmaterial=100\nmobility=50\nexposure=12\n"
                                            "threat=25\nsafe=4\ntempo=10\n\n[Fit]\ndate=today\n", -1, NULL));
  with_file = weights_score (good, "", &err);
  g_assert_cmpstr (err, ==, "");
  g_clear_pointer (&err, g_free);
  with_settings = weights_score (NULL, "w-material=100 w-mobility=50 w-exposure=12 w-threat=25 w-safe=4 w-tempo=10", &err);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (with_file, ==, with_settings);
  g_assert_cmpint (with_file, !=, builtin);
  /* A setting still overrides the file. */
  g_assert_cmpint (weights_score (good, "w-mobility=8", &err), ==, builtin);
  g_clear_pointer (&err, g_free);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/bad-%u.ini", dir, i);

      g_assert_true (g_file_set_contents (path, bad[i].text, -1, NULL));
      g_assert_cmpint (weights_score (path, "", &err), ==, builtin);
      if (strstr (err, path) == NULL || strstr (err, bad[i].fault) == NULL || strstr (err, "built-in weights") == NULL)
        g_error ("file %u: stderr does not name %s and “%s”: %s", i, path, bad[i].fault, err);
      g_clear_pointer (&err, g_free);
      g_unlink (path);
    }

  /* The shipped file is read without a complaint. */
  shipped = weights_score (NULL, "", &err);
  (void) shipped;
  if (strstr (err, "weights") != NULL)
    g_error ("the shipped weights file is refused: %s", err);
  g_clear_pointer (&err, g_free);
  g_unlink (good);
  g_rmdir (dir);
}

/* Runs kiela-cli with the module whose AIs answer moves the position does not allow. */
static void
run_cli_with_bad_answers (Run *r, const char *first, ...)
{
  g_autofree char *dir = g_path_get_dirname (KIELA_TEST_BAD_ANSWER);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "KIELA_PLUGIN_PATH", dir, TRUE);
  va_list ap;

  va_start (ap, first);
  run_cli_va (r, env, first, ap);
  va_end (ap);
}

/* bestmove checks the AI's answer: house 77 or an empty house is an error naming the AI and the move. */
static void
test_bestmove_bad_answer (void)
{
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };

  run_cli_with_bad_answers (&a, "bestmove", "--ai", "liar", NULL);
  g_assert_cmpint (a.status, ==, 2);
  g_assert_cmpstr (a.out, ==, "");
  g_assert_nonnull (strstr (a.err, "off-board"));
  g_assert_nonnull (strstr (a.err, "77"));

  /* From the start South's f2 (local house 14) is empty. */
  run_cli_with_bad_answers (&b, "bestmove", "--ai", "empty-house", "--json", NULL);
  g_assert_cmpint (b.status, ==, 2);
  g_assert_cmpstr (b.out, ==, "");
  g_assert_nonnull (strstr (b.err, "empty-house"));
  g_assert_nonnull (strstr (b.err, "f2"));
}

/* In a tournament an AI that answers an illegal move forfeits the game, and stderr says who. */
static void
test_tournament_bad_answer (void)
{
  g_auto(Run) r = { 0 };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o;

  run_cli_with_bad_answers (&r, "tournament", "--ai", "zola", "--ai", "liar", "--games", "4", "--quiet", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  o = parse_json (r.out, &parser);
  g_assert_cmpint (json_object_get_int_member (o, "wins"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (o, "ai_errors"), ==, 4);
  g_assert_nonnull (strstr (r.err, "game 4: Test: "));
  g_assert_nonnull (strstr (r.err, "off-board"));
}

/* A search that never returns (and ignores cancellation) no longer hangs a tournament or a
 * stats run: after --move-timeout the player loses that game, no further game starts, stderr
 * names the game and the player, and the exit status is 3.  A bad --move-timeout is a usage error. */
static void
test_match_hung_search (void)
{
  const char *const commands[][12] = {
    { "tournament", "--ai", "zola", "--ai", "stuck", "--games", "6", "--quiet", "--move-timeout", "1", NULL },
    { "stats", "--ai", "zola", "--ai", "stuck", "--games", "6", "--nodes", "500", "--move-timeout", "1", NULL },
    { "tournament", "--ai", "stuck", "--ai", "zola", "--games", "4", "--jobs", "2", "--move-timeout", "1", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) r = { 0 };
      gint64 start = g_get_monotonic_time ();
      const char *const *c = commands[i];

      run_cli_with_bad_answers (&r, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], NULL);
      g_test_message ("%s: %s", c[0], r.err);
      g_assert_cmpint (r.status, ==, 3);
      g_assert_nonnull (strstr (r.err, "stuck"));
      g_assert_nonnull (strstr (r.err, "did not answer in time (1.0 s allowed)"));
      g_assert_nonnull (strstr (r.err, "the match stopped after"));
      /* The first game names it, with one move of zola's at most before: no game waits forever. */
      g_assert_nonnull (strstr (r.err, "game 1: ") ? "" : strstr (r.err, "game 2: "));
      g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);
    }
  {
    g_auto(Run) r = { 0 };

    run_cli_with_bad_answers (&r, "tournament", "--ai", "zola", "--ai", "stuck", "--move-timeout", "soon", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "--move-timeout"));
  }
}

/* --time-ms 0 leaves the master only its own limits, and it has some: the search ends (out of
 * its opening book, which answers the start without searching). */
static void
test_bestmove_no_time_limit (void)
{
  g_auto(Run) r = { 0 };
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *o;

  run_cli (&r, "bestmove", "--ai", "mpanzu book=0", "--time-ms", "0", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  o = parse_json (r.out, &parser);
  g_assert_cmpint (json_object_get_int_member (o, "nodes"), >, 0);
  g_assert_cmpint (json_object_get_int_member (o, "depth"), >, 4);
  g_test_message ("mpanzu with no time limit: depth %" G_GINT64_FORMAT ", %" G_GINT64_FORMAT " nodes, %.2f s",
                  json_object_get_int_member (o, "depth"), json_object_get_int_member (o, "nodes"),
                  json_object_get_double_member (o, "seconds"));
}

/* Runs `argv` with standard output sent to `out` (a file name) through a shell. */
static void
run_cli_to (Run *r, const char *out, const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) "/bin/sh");
  g_ptr_array_add (argv, (gpointer) "-c");
  g_ptr_array_add (argv, g_strdup_printf ("exec \"$0\" \"$@\" > '%s'", out));
  g_ptr_array_add (argv, (gpointer) KIELA_TEST_CLI);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  run_spawn (r, (const char *const *) argv->pdata, NULL);
  g_free (argv->pdata[2]);
}

/* Every command whose output cannot be written (a full disk: /dev/full) exits 2 and says so,
 * where it exits 0 with the output going to /dev/null.  Before, all of them exited 0. */
static void
test_stdout_write_failure (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-full-out-XXXXXX", NULL);
  g_autofree char *record = g_build_filename (dir, "game.kiela", NULL);
  const char *const variants[] = { "variants", NULL };
  const char *const plugins[] = { "plugins", NULL };
  const char *const play[] = { "play", "b1", "h4", NULL };
  const char *const load[] = { "load", record, NULL };
  const char *const perft[] = { "perft", "--depth", "2", NULL };
  const char *const bench[] = { "bench", "--seconds", "0.2", "--json", NULL };
  const char *const bestmove[] = { "bestmove", "--ai", "zola", "--position", CAPTURE_WINS, NULL };
  const char *const arrange[] = { "arrange", "--variant", "kiela-expert", "--ai", "mpanzu", "--side", "north", "--nodes", "500", NULL };
  const char *const tournament[] = { "tournament", "--ai", "zola", "--ai", "kizua", "--games", "2", "--nodes", "300", "--quiet", NULL };
  const char *const stats[] = { "stats", "--ai", "zola", "--ai", "kizua", "--games", "2", "--nodes", "300", "--quiet", "--json", "-", NULL };
  const char *const lessons[] = { "lessons", NULL };
  const char *const help[] = { "--help", NULL };
  const char *const version[] = { "--version", NULL };
  const char *const option_help[] = { "stats", "--help", NULL };
  const char *const *commands[] = { variants, plugins, play, load, perft, bench, bestmove, arrange, tournament,
                                    stats, lessons, help, version, option_help };

  g_assert_true (g_file_set_contents (record, "{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\","
                                      "\"moves\":[\"b1\",\"h4\"]}", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) ok = { 0 };
      g_auto(Run) full = { 0 };
      g_autofree char *line = g_strjoinv (" ", (char **) commands[i]);

      run_cli_to (&ok, "/dev/null", commands[i]);
      if (ok.status != 0)
        g_error ("kiela-cli %s > /dev/null exited %d: %s", line, ok.status, ok.err);
      run_cli_to (&full, "/dev/full", commands[i]);
      if (full.status != 2 || strstr (full.err, "could not write the output") == NULL)
        g_error ("kiela-cli %s > /dev/full exited %d: %s", line, full.status, full.err);
    }
  g_unlink (record);
  g_rmdir (dir);
}

/* The stones-in-play (or margin) lines count their games: "(1 game)", not "(1 games)". */
static void
test_stats_game_count (void)
{
  g_auto(Run) r = { 0 };
  guint lines = 0;

  run_cli (&r, "stats", "--ai", "random", "--ai", "random", "--games", "1", "--quiet", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_null (strstr (r.out, "(1 games)"));
  for (const char *p = strstr (r.out, "  ply "); p != NULL; p = strstr (p + 1, "  ply "))
    {
      const char *end = strchr (p, '\n');
      g_autofree char *line = NULL;

      g_assert_nonnull (end);
      line = g_strndup (p, end - p);
      if (!g_str_has_suffix (line, "(1 game)"))
        g_error ("a line of a one-game run: “%s”", line);
      lines++;
    }
  g_assert_cmpuint (lines, >=, 2);
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_setenv ("LC_ALL", "C", TRUE);
  /* Only the build tree's plugins (kiela-cli finds them when run from the build tree). */
  g_setenv ("KIELA_PLUGIN_PATH", "", TRUE);
  g_setenv ("KIELA_UNINSTALLED", "1", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ai-cli/bestmove/json", test_bestmove_json);
  g_test_add_func ("/ai-cli/bestmove/text", test_bestmove_text);
  g_test_add_func ("/ai-cli/bestmove/bad-input", test_bestmove_bad_input);
  g_test_add_func ("/ai-cli/usage-errors", test_usage_errors);
  g_test_add_func ("/ai-cli/stats/game-count", test_stats_game_count);
  g_test_add_func ("/ai-cli/arrange/json", test_arrange_json);
  g_test_add_func ("/ai-cli/arrange/bad-input", test_arrange_bad_input);
  g_test_add_func ("/ai-cli/tournament/summary-csv-threads", test_tournament);
  g_test_add_func ("/ai-cli/tournament/csv-unwritable", test_tournament_csv_unwritable);
  g_test_add_func ("/ai-cli/tournament/csv-symlink", test_tournament_csv_symlink);
  g_test_add_func ("/ai-cli/tournament/bad-answer", test_tournament_bad_answer);
  g_test_add_func ("/ai-cli/match/hung-search", test_match_hung_search);
  g_test_add_func ("/ai-cli/bestmove/bad-answer", test_bestmove_bad_answer);
  g_test_add_func ("/ai-cli/bestmove/no-time-limit", test_bestmove_no_time_limit);
  g_test_add_func ("/ai-cli/stdout-write-failure", test_stdout_write_failure);
  g_test_add_func ("/ai-cli/weights-file", test_weights_file);
  return g_test_run ();
}
