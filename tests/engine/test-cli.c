/* test-cli.c: kiela-cli as a user runs it: output formats, exit statuses and error messages. */
#include "config.h"
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include "test-common.h"
#include "tests/cli-test-run.h"

static void
run_cli (Run *r, ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = g_get_environ ();
  va_list ap;
  const char *a;

  g_ptr_array_add (argv, (gpointer) KIELA_TEST_CLI);
  va_start (ap, r);
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  env = g_environ_setenv (env, "LANGUAGE", "C", TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  run_spawn (r, (const char *const *) argv->pdata, env);
}

static JsonObject *
parse_object (const char *text, JsonParser *parser)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_play_json (void)
{
  g_auto(Run) r = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *o;
  JsonArray *legal;

  run_cli (&r, "play", "--json", "g1", NULL);
  g_assert_cmpint (r.status, ==, 0);
  o = parse_object (r.out, parser);
  g_assert_cmpstr (json_object_get_string_member (o, "variant"), ==, "kiela");
  /* Rules section 11: South after g1 is [2,2,2,2,2,2,0,3,0,3, 3,0,3,3,1,0,0,0,0,0]. */
  g_assert_cmpstr (json_object_get_string_member (o, "position"), ==,
                   "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,1,3,3,0,3/2,2,2,2,2,2,0,3,0,3 n");
  g_assert_cmpstr (json_object_get_string_member (o, "to_move"), ==, "north");
  g_assert_cmpstr (json_object_get_string_member (o, "status"), ==, "ongoing");
  legal = json_object_get_array_member (o, "legal");
  /* North's ten outer houses and a3..d3 hold 2 stones. */
  g_assert_cmpuint (json_array_get_length (legal), ==, 14);
  for (guint i = 0; i < json_array_get_length (legal); i++)
    {
      const char *sq = json_array_get_string_element (legal, i);
      g_assert_true (sq[1] == '4' || (sq[1] == '3' && sq[0] <= 'd'));
    }
}

static void
test_play_diagram (void)
{
  g_auto(Run) r = { 0 };

  run_cli (&r, "play", "i2", "b3", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "North"));
  g_assert_nonnull (strstr (r.out, "South: 25, North: 31"));
  g_assert_nonnull (strstr (r.out, "South to move."));
}

static void
test_play_narrate (void)
{
  g_auto(Run) r = { 0 };

  run_cli (&r, "play", "--narrate", "i2", "b3", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "1. South sowed i2"));
  g_assert_nonnull (strstr (r.out, "2. North sowed b3"));
  /* Rules section 11: North's last stone lands in d3 and captures d2 (1) and d1 (2). */
  g_assert_nonnull (strstr (r.out, "d3 captures 3 stones from d2 and d1; they join North’s army."));
  g_assert_nonnull (strstr (r.out, "North sows the 3 captured stones from e3 on."));
}

static void
test_play_position_and_variant (void)
{
  g_auto(Run) r = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *o;

  /* South has only single stones: no legal move, North has won. */
  run_cli (&r, "play", "--json", "--position",
           "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/1,0,1,0,0,0,0,0,0,1/0,1,0,0,0,0,0,0,1,0 s", NULL);
  g_assert_cmpint (r.status, ==, 0);
  o = parse_object (r.out, parser);
  g_assert_cmpstr (json_object_get_string_member (o, "status"), ==, "north wins");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "legal")), ==, 0);

  {
    /* North to move holds only one house of 1 stone: no legal move, South has won. */
    g_auto(Run) s = { 0 };
    g_autoptr(JsonParser) ps = json_parser_new ();
    run_cli (&s, "play", "--json", "--position",
             "0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 n", NULL);
    g_assert_cmpint (s.status, ==, 0);
    o = parse_object (s.out, ps);
    g_assert_cmpstr (json_object_get_string_member (o, "to_move"), ==, "north");
    g_assert_cmpstr (json_object_get_string_member (o, "status"), ==, "south wins");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "legal")), ==, 0);
  }

  {
    /* Beginner rules sow single stones: one stone each walks once round its 20 houses
     * twice (80 plies), so the start position occurs a third time: a draw (section 9).
     * One more move is then a game-over error: status 2, nothing on stdout. */
    static const char *south[] = { "a1","b1","c1","d1","e1","f1","g1","h1","i1","j1",
                                   "j2","i2","h2","g2","f2","e2","d2","c2","b2","a2" };
    static const char *north[] = { "j4","i4","h4","g4","f4","e4","d4","c4","b4","a4",
                                   "a3","b3","c3","d3","e3","f3","g3","h3","i3","j3" };
    const char *kpn = "0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0,0 s";
    g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GError) error = NULL;
    g_auto(GStrv) env = g_environ_setenv (g_environ_setenv (g_get_environ (), "LANGUAGE", "C", TRUE),
                                          "LC_ALL", "C.UTF-8", TRUE);
    g_autofree char *out = NULL, *err = NULL;
    g_autoptr(JsonParser) pd = json_parser_new ();
    int wait_status;

    g_ptr_array_add (argv, g_strdup (KIELA_TEST_CLI));
    g_ptr_array_add (argv, g_strdup ("play"));
    g_ptr_array_add (argv, g_strdup ("--variant=kiela-beginner"));
    g_ptr_array_add (argv, g_strdup ("--json"));
    g_ptr_array_add (argv, g_strdup ("--position"));
    g_ptr_array_add (argv, g_strdup (kpn));
    for (guint lap = 0; lap < 2; lap++)
      for (guint i = 0; i < 20; i++)
        {
          g_ptr_array_add (argv, g_strdup (south[i]));
          g_ptr_array_add (argv, g_strdup (north[i]));
        }
    g_ptr_array_add (argv, NULL);
    g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &err, &wait_status, &error));
    g_assert_no_error (error);
    g_assert_true (WIFEXITED (wait_status));
    g_assert_cmpint (WEXITSTATUS (wait_status), ==, 0);
    o = parse_object (out, pd);
    g_assert_cmpstr (json_object_get_string_member (o, "position"), ==, kpn);
    g_assert_cmpstr (json_object_get_string_member (o, "status"), ==, "draw");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "legal")), ==, 0);

    /* The same game one move further: a1 after the draw is refused. */
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_ptr_array_remove_index (argv, argv->len - 1);   /* the NULL */
    g_ptr_array_add (argv, g_strdup ("a1"));
    g_ptr_array_add (argv, NULL);
    g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, &err, &wait_status, &error));
    g_assert_no_error (error);
    g_assert_true (WIFEXITED (wait_status));
    g_assert_cmpint (WEXITSTATUS (wait_status), ==, 2);
    g_assert_cmpstr (out, ==, "");
    g_assert_nonnull (strstr (err, "move 81 (a1) is illegal"));
    g_assert_nonnull (strstr (err, "game is over"));
  }

  {
    g_auto(Run) h = { 0 };
    g_autoptr(JsonParser) p2 = json_parser_new ();
    run_cli (&h, "play", "--variant", "hawalis", "--json", NULL);
    g_assert_cmpint (h.status, ==, 0);
    o = parse_object (h.out, p2);
    g_assert_cmpstr (json_object_get_string_member (o, "variant"), ==, "hawalis");
    g_assert_cmpstr (json_object_get_string_member (o, "position"), ==,
                     "2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 s");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "legal")), ==, 14);
  }
}

typedef struct {
  const char *args[8];
  const char *part;
} BadPlay;

static void
test_play_errors (void)
{
  const BadPlay cases[] = {
    { { "play", "g1", "g1", NULL }, "move 2 (g1) is illegal: g1 belongs to South" },
    { { "play", "g1", "a4", "f2", NULL }, "move 3 (f2) is illegal: f2 holds 1 stone" },
    { { "play", "a2", NULL }, "move 1 (a2) is illegal: a2 is empty" },
    { { "play", "q9", NULL }, "move 1 (q9) is illegal" },
    { { "play", "--position", "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/2,1,0,1,2,0,1,2,0,1/2,1,3,2,1,0,1,0,1,0 s", "a2", NULL },
      "counts as endless" },
    { { "play", "--position", "1,2/3 s", NULL }, "Position “1,2/3 s”" },
    { { "play", "--position", "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2 s", NULL },
      "rank 1 has 9 houses, expected 10" },
    { { "play", "--variant", "oware", NULL }, "unknown variant “oware”" },
    { { "play", "--position", "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/1,0,1,0,0,0,0,0,0,1/0,1,0,0,0,0,0,0,1,0 s", "j2", NULL },
      "game is over" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) r = { 0 };
      const char *const *a = cases[i].args;

      run_cli (&r, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_cmpstr (r.out, ==, "");
      if (strstr (r.err, cases[i].part) == NULL)
        g_error ("case %u: stderr “%s” does not mention “%s”", i, r.err, cases[i].part);
    }
}

static guint64
count (const KielaVariant *v, const KielaPosition *pos, guint depth)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  guint n;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  n = kiela_legal_moves (v, pos, moves, children, NULL);
  for (guint i = 0; i < n; i++)
    total += count (v, &children[i], depth - 1);
  return total;
}

static void
test_perft (void)
{
  g_autoptr(KielaRegistry) registry = test_registry ();
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  KielaPosition start;

  kiela_position_init_start (&start, v);
  for (guint d = 1; d <= 4; d++)
    {
      g_auto(Run) r = { 0 };
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *depth = g_strdup_printf ("%u", d);
      JsonObject *o;

      run_cli (&r, "perft", "--variant", "kiela", "--depth", depth, "--json", NULL);
      g_assert_cmpint (r.status, ==, 0);
      o = parse_object (r.out, parser);
      g_assert_cmpint (json_object_get_int_member (o, "depth"), ==, d);
      g_assert_cmpint (json_object_get_int_member (o, "nodes"), ==, (gint64) count (v, &start, d));
      g_assert_true (json_object_has_member (o, "seconds"));
      /* Section 5: from the start South may sow its 14 houses holding 2 stones. */
      if (d == 1)
        g_assert_cmpint (json_object_get_int_member (o, "nodes"), ==, 14);
    }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "perft", "--depth", "x", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "“x” is not a whole number"));
  }
}

static void
test_bench_json (void)
{
  g_auto(Run) r = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *o;

  run_cli (&r, "bench", "--seconds", "0.3", "--seed", "5", "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  o = parse_object (r.out, parser);
  g_assert_cmpfloat (json_object_get_double_member (o, "playouts_per_second"), >, 0);
  /* A Kiela game is dozens of moves and each move drops stones. */
  g_assert_cmpfloat (json_object_get_double_member (o, "moves_per_second"), >,
                     10 * json_object_get_double_member (o, "playouts_per_second"));
  g_assert_cmpfloat (json_object_get_double_member (o, "drops_per_second"), >,
                     json_object_get_double_member (o, "moves_per_second"));
}

static void
test_variants_and_plugins (void)
{
  g_auto(Run) v = { 0 }, p = { 0 }, bad = { 0 };

  run_cli (&v, "variants", NULL);
  g_assert_cmpint (v.status, ==, 0);
  for (const char *const *id = (const char *const[]) { "kiela ", "kiela-beginner", "kiela-expert", "hawalis", NULL }; *id; id++)
    g_assert_nonnull (strstr (v.out, *id));
  /* The shipped games that leave out rules of their sources say so. */
  {
    g_auto(Run) s = { 0 };

    g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
    run_cli (&s, "variants", NULL);
    g_unsetenv ("KIELA_VARIANT_PATH");
    g_assert_cmpint (s.status, ==, 0);
    g_assert_nonnull (strstr (s.out, "omweso           Omweso (4×8)"));
    g_assert_nonnull (strstr (s.out, "owela            Owela (Benguela) (4×12)"));
  }
  /* Mefuvha's extra capture: the first move c2 is listed bare and with every North house it may
   * take; "c2xh4" plays, narrates and lists North's replies the same way. */
  {
    g_auto(Run) s = { 0 }, m = { 0 }, bad = { 0 };

    g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
    run_cli (&s, "play", "--variant", "mefuvha", NULL);
    run_cli (&m, "play", "--variant", "mefuvha", "--narrate", "c2xh4", NULL);
    run_cli (&bad, "play", "--variant", "mefuvha", "c2xa3", NULL);
    g_unsetenv ("KIELA_VARIANT_PATH");
    g_assert_cmpint (s.status, ==, 0);
    g_assert_nonnull (strstr (s.out, "Legal moves: c2 c2xp4 c2xo4 "));
    g_assert_cmpint (m.status, ==, 0);
    g_assert_nonnull (strstr (m.out, "South also takes 2 stones from h4."));
    g_assert_nonnull (strstr (m.out, "Legal moves: n3 n3xa1 n3xb1 "));
    g_assert_cmpint (bad.status, !=, 0);
    g_assert_nonnull (strstr (bad.err, "a3 holds no stones to take after the capture."));
  }
  /* Two extra houses (mefuvha-two): c2 is listed bare and with each pair, the lower house first;
   * "c2xg3xh4" plays as c2xh4xg3 and narrates both houses; a second house in Mefuvha's game of
   * one is refused in words, and so is the same house twice. */
  {
    g_auto(Run) s = { 0 }, m = { 0 }, one = { 0 }, twice = { 0 };

    g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
    run_cli (&s, "play", "--variant", "mefuvha-two", NULL);
    run_cli (&m, "play", "--variant", "mefuvha-two", "--narrate", "c2xg3xh4", NULL);
    run_cli (&one, "play", "--variant", "mefuvha", "c2xh4xg3", NULL);
    run_cli (&twice, "play", "--variant", "mefuvha-two", "c2xh4xh4", NULL);
    g_unsetenv ("KIELA_VARIANT_PATH");
    g_assert_cmpint (s.status, ==, 0);
    g_assert_nonnull (strstr (s.out, "Legal moves: c2 c2xh4xg4 c2xh4xf4 "));
    g_assert_cmpint (m.status, ==, 0);
    g_assert_nonnull (strstr (m.out, "1. South sowed c2: 1 lap, captured 7 stones, h4’s and g3’s among them."));
    g_assert_nonnull (strstr (m.out, "South also takes 2 stones from h4."));
    g_assert_nonnull (strstr (m.out, "South also takes 1 stone from g3."));
    g_assert_cmpint (one.status, !=, 0);
    g_assert_nonnull (strstr (one.err, "In Mefuvha a capture takes only one other house."));
    g_assert_cmpint (twice.status, !=, 0);
    g_assert_nonnull (strstr (twice.err, "it names the same house twice"));
  }
  /* Quiela's skip: South's single b2, threatened by North's a3, is listed with its two skips;
   * "b2>a1" plays and narrates, "e1>a1" is refused in words. */
  {
    g_auto(Run) s = { 0 }, m = { 0 }, bad = { 0 };
    const char *kpn = "0,0,0,1,0,0,0/1,0,0,0,0,0,0/0,1,0,0,0,0,0/0,0,0,0,1,0,0 s inhouse:sn";

    g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
    run_cli (&s, "play", "--variant", "quiela", "--position", kpn, NULL);
    run_cli (&m, "play", "--variant", "quiela", "--position", kpn, "--narrate", "b2>a1", NULL);
    run_cli (&bad, "play", "--variant", "quiela", "--position", kpn, "e1>a1", NULL);
    g_unsetenv ("KIELA_VARIANT_PATH");
    g_assert_cmpint (s.status, ==, 0);
    g_assert_nonnull (strstr (s.out, "Legal moves: e1 b2 b2>a1 b2>b1"));
    g_assert_cmpint (m.status, ==, 0);
    g_assert_nonnull (strstr (m.out, "South’s threatened single skips from b2 to a1."));
    g_assert_nonnull (strstr (m.out, "1,0,0,0,1,0,0 n inhouse:sn"));
    g_assert_cmpint (bad.status, !=, 0);
    g_assert_nonnull (strstr (bad.err, "Only a single stone in b2 may skip, and only to a1 or b1."));
  }
  /* Omweso's choice mid-move: two moves from d2, the second declining the turn at a2. */
  {
    g_auto(Run) s = { 0 }, d = { 0 };

    g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
    run_cli (&s, "play", "--variant", "omweso", "--position",
             "0,0,1,0,0,0,0,2/0,0,2,0,0,0,2,0/1,0,0,3,0,0,0,0/0,0,0,0,0,0,0,0 s", NULL);
    run_cli (&d, "play", "--variant", "omweso", "--position",
             "0,0,1,0,0,0,0,2/0,0,2,0,0,0,2,0/1,0,0,3,0,0,0,0/0,0,0,0,0,0,0,0 s", "d2-", NULL);
    g_unsetenv ("KIELA_VARIANT_PATH");
    g_assert_cmpint (s.status, ==, 0);
    g_assert_nonnull (strstr (s.out, "Legal moves: d2 d2-\n"));
    g_assert_cmpint (d.status, ==, 0);
    /* Declined: c3 and c4 keep their stones. */
    g_assert_nonnull (strstr (d.out, "0,0,1,0,0,0,0,2/0,0,2,0,0,0,2,0/0,1,1,0,0,0,0,0/1,1,0,0,0,0,0,0 n"));
  }
  run_cli (&p, "plugins", NULL);
  g_assert_cmpint (p.status, ==, 0);
  /* Listed from their .plugin files. */
  g_assert_nonnull (strstr (p.out, "found   kiela-rules"));
  g_assert_nonnull (strstr (p.out, "provides variant:kiela, variant:kiela-beginner, variant:kiela-expert"));
  g_assert_nonnull (strstr (p.out, "found   hawalis-rules"));
  run_cli (&bad, "frobnicate", NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "unknown command “frobnicate”"));
}

/* plugins lists without loading: crashing modules are listed; --check loads each one in a
 * process of its own and names the crash by its signal instead of dying. */
static void
test_plugins_check (void)
{
  g_auto(Run) list = { 0 }, check = { 0 };

  g_setenv ("KIELA_PLUGIN_PATH", KIELA_TEST_CRASHING_DIR, TRUE);
  run_cli (&list, "plugins", NULL);
  run_cli (&check, "plugins", "--check", NULL);
  g_setenv ("KIELA_PLUGIN_PATH", "", TRUE);

  g_assert_cmpint (list.status, ==, 0);
  g_assert_nonnull (strstr (list.out, "found   broken-segv-constructor 0 ("));
  g_assert_nonnull (strstr (list.out, "found   broken-abort 0 ("));

  g_assert_cmpint (check.status, ==, 2);
  g_assert_nonnull (strstr (check.out, "segv-register.so: crashed with SIGSEGV while loading"));
  g_assert_nonnull (strstr (check.out, "segv-constructor.so: crashed with SIGSEGV while loading"));
  g_assert_nonnull (strstr (check.out, "abort.so: crashed with SIGABRT while loading"));
  g_assert_nonnull (strstr (check.out, "corrupted.so: crashed with SIGSEGV while loading"));
  g_assert_nonnull (strstr (check.out, "loads   kiela-rules"));
}

/* On a clean build "plugins --check" loads every module and checks the shipped variant files as
 * variant files: exit 0 (before, the five .kiela-variant files were "broken modules" with "no
 * .plugin beside it", and it exited 2).  A damaged variant file fails with its own error. */
static void
test_plugins_check_variant_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-cli-variants-XXXXXX", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.kiela-variant", NULL);
  g_auto(Run) clean = { 0 }, damaged = { 0 };

  run_cli (&clean, "plugins", "--check", NULL);
  if (clean.status != 0 || strstr (clean.out, "failed") != NULL)
    g_error ("plugins --check exited %d:\n%s%s", clean.status, clean.out, clean.err);
  g_assert_nonnull (strstr (clean.out, "loads   kiela-rules"));
  g_assert_nonnull (strstr (clean.out, "hus.kiela-variant)"));
  g_assert_null (strstr (clean.out, ".kiela-variant.plugin"));

  g_assert_true (g_file_set_contents (bad, "[Variant]\nId=bad\nName=Bad\nFiles=99\n", -1, NULL));
  g_setenv ("KIELA_VARIANT_PATH", dir, TRUE);
  run_cli (&damaged, "plugins", "--check", NULL);
  g_unsetenv ("KIELA_VARIANT_PATH");
  g_assert_cmpint (damaged.status, ==, 2);
  g_assert_nonnull (strstr (damaged.out, "failed  "));
  g_assert_nonnull (strstr (damaged.out, "bad.kiela-variant:"));
  g_assert_null (strstr (damaged.out, ".kiela-variant.plugin"));
  g_unlink (bad);
  g_rmdir (dir);
}

/* "stats merge" reads its files bounded: /dev/zero and a named pipe are refused at once, with
 * the file named (before, the pipe blocked forever and /dev/zero grew to gigabytes). */
static void
test_stats_merge_special_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-cli-merge-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "shard.json", NULL);
  g_auto(Run) zero = { 0 }, pipe = { 0 };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli (&zero, "stats", "merge", "/dev/zero", NULL);
  g_assert_cmpint (zero.status, ==, 2);
  g_assert_nonnull (strstr (zero.err, "/dev/zero"));
  g_assert_nonnull (strstr (zero.err, "device"));
  run_cli (&pipe, "stats", "merge", fifo, NULL);
  g_assert_cmpint (pipe.status, ==, 2);
  g_assert_nonnull (strstr (pipe.err, "named pipe"));
  g_unlink (fifo);
  g_rmdir (dir);
}

/* Numbers on the command line are decimal and nothing else: GOption and strtod took "0x10",
 * " 5" and "0x1p-2"; "puzzles --count 2" said "must be positive" instead of its range. */
static void
test_strict_numbers (void)
{
  struct { const char *a, *b, *c, *d; const char *says; } bad[] = {
    { "puzzles", "generate", "--count", "0x10", "--count “0x10” is not a whole number from 3 to" },
    { "puzzles", "generate", "--count", "2", "--count “2” is not a whole number from 3 to" },
    { "puzzles", "generate", "--games", " 5", "--games “ 5” is not a whole number from 1 to" },
    { "puzzles", "generate", "--depth", "017", "--depth “017” is not a whole number from 2 to 16" },
    { "bench", "--seconds", "0x1p-2", NULL, "--seconds “0x1p-2” is not a positive number" },
    { "bench", "--seconds", " 1", NULL, "--seconds “ 1” is not a positive number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto(Run) r = { 0 };

      run_cli (&r, bad[i].a, bad[i].b, bad[i].c, bad[i].d, NULL);
      if (r.status == 0 || strstr (r.err, bad[i].says) == NULL)
        g_error ("kiela-cli %s %s %s %s exited %d: %s", bad[i].a, bad[i].b, bad[i].c, bad[i].d ? bad[i].d : "",
                 r.status, r.err);
    }
}

/* A record saved by the engine itself (not by the CLI under test). */
static char *
saved_record (const char *dir, const char *name, const char *const *moves)
{
  g_autoptr(KielaRegistry) registry = test_registry ();
  g_autoptr(KielaGame) game = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela"));
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  for (guint i = 0; moves[i]; i++)
    g_assert_true (kiela_game_play_square (game, moves[i], NULL, &error));
  kiela_game_set_metadata (game, KIELA_META_SOUTH, "Ana");
  g_assert_true (kiela_record_save (game, path, &error));
  g_assert_no_error (error);
  return path;
}

/* load prints what play prints for the same moves, in text and in JSON. */
static void
test_load_prints_as_play (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-cli-load-XXXXXX", NULL);
  static const char *const moves[] = { "i2", "b3", "g1", NULL };
  g_autofree char *path = saved_record (dir, "game.kiela", moves);
  g_auto(Run) lt = { 0 }, pt = { 0 }, lj = { 0 }, pj = { 0 };

  run_cli (&lt, "load", path, NULL);
  run_cli (&pt, "play", "i2", "b3", "g1", NULL);
  g_assert_cmpint (lt.status, ==, 0);
  g_assert_cmpint (pt.status, ==, 0);
  g_assert_cmpstr (lt.out, ==, pt.out);
  g_assert_nonnull (strstr (lt.out, "North to move."));

  run_cli (&lj, "load", "--json", path, NULL);
  run_cli (&pj, "play", "--json", "i2", "b3", "g1", NULL);
  g_assert_cmpint (lj.status, ==, 0);
  g_assert_cmpstr (lj.out, ==, pj.out);
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *o = parse_object (lj.out, parser);
    g_assert_cmpstr (json_object_get_string_member (o, "to_move"), ==, "north");
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* A bad record: status 2, the app's reason on stderr naming the file, nothing on stdout. */
static void
test_load_bad_records (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-cli-load-XXXXXX", NULL);
  static const char *const moves[] = { "i2", "b3", NULL };
  g_autofree char *good = saved_record (dir, "good.kiela", moves);
  g_autofree char *text = NULL;
  g_autofree char *illegal = g_build_filename (dir, "illegal.kiela", NULL);
  g_autofree char *garbage = g_build_filename (dir, "garbage.kiela", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.kiela", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.kiela", NULL);
  g_autoptr(GString) edited = NULL;
  struct { const char *path; const char *part; } cases[] = {
    { illegal, "move 2 (g1) is illegal: g1 belongs to South" },
    { garbage, "not valid JSON" },
    { fifo, "pipe.kiela" },
    { missing, "missing.kiela" },
  };

  g_assert_true (g_file_get_contents (good, &text, NULL, NULL));
  edited = g_string_new (text);
  /* North's b3 becomes South's g1: the second move is illegal. */
  g_assert_cmpuint (g_string_replace (edited, "\"b3\"", "\"g1\"", 1), ==, 1);
  g_assert_true (g_file_set_contents (illegal, edited->str, -1, NULL));
  g_assert_true (g_file_set_contents (garbage, "{ \"format\": ", -1, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) r = { 0 };

      run_cli (&r, "load", cases[i].path, NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_cmpstr (r.out, ==, "");
      if (strstr (r.err, cases[i].part) == NULL)
        g_error ("load %s: stderr “%s” does not mention “%s”", cases[i].path, r.err, cases[i].part);
    }
  {
    g_auto(Run) r = { 0 };
    run_cli (&r, "load", NULL);
    g_assert_cmpint (r.status, ==, 1);
  }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_unlink (cases[i].path);
  g_unlink (good);
  g_rmdir (dir);
}

/* --save keeps a record's variations and comments (the game tree, not only its main line). */
static void
test_load_save_variations (void)
{
  /* The fuzz corpus's record with nested variations and comments, from the source tree. */
  g_autofree char *src = g_build_filename (KIELA_TEST_VARIANTS_DIR, "..", "..", "tests", "fuzz", "corpus", "record",
                                           "variations.kiela", NULL);
  g_autofree char *dir = g_dir_make_tmp ("kiela-cli-tree-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "copy.kiela", NULL);
  g_autoptr(KielaRegistry) registry = NULL;
  g_autoptr(KielaGameTree) original = NULL, copy = NULL;
  g_autoptr(GFile) src_file = g_file_new_for_path (src);
  g_autoptr(GFile) out_file = g_file_new_for_path (out);
  g_autoptr(GError) error = NULL;
  g_auto(Run) r = { 0 };

  run_cli (&r, "load", src, "--save", out, NULL);
  g_assert_cmpint (r.status, ==, 0);
  registry = test_registry ();
  original = kiela_record_tree_load_file (registry, src_file, NULL, &error);
  g_assert_no_error (error);
  copy = kiela_record_tree_load_file (registry, out_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_tree_count_variations (original), >, 0);
  g_assert_cmpuint (kiela_game_tree_count_variations (copy), ==, kiela_game_tree_count_variations (original));
  {
    g_autofree char *a = kiela_record_tree_to_string (original);
    g_autofree char *b = kiela_record_tree_to_string (copy);
    g_assert_cmpstr (a, ==, b);
  }
  g_assert_cmpint (g_remove (out), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* --save writes the record back as the app saves it; a pipe or a folder is refused before anything. */
static void
test_load_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-cli-load-XXXXXX", NULL);
  static const char *const moves[] = { "i2", "b3", "g1", NULL };
  g_autofree char *path = saved_record (dir, "game.kiela", moves);
  g_autofree char *out = g_build_filename (dir, "copy.kiela", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe", NULL);
  g_autofree char *original = NULL, *copy = NULL;
  g_auto(Run) r = { 0 }, f = { 0 }, d = { 0 };
  GStatBuf st;

  run_cli (&r, "load", path, "--save", out, "--json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (path, &original, NULL, NULL));
  g_assert_true (g_file_get_contents (out, &copy, NULL, NULL));
  /* Same game, same metadata: the engine saved the first, the CLI the second. */
  g_assert_cmpstr (copy, ==, original);

  /* Through a link: the link stays, its target gets the record. */
  {
    g_autofree char *link = g_build_filename (dir, "latest.kiela", NULL);
    g_autofree char *via = NULL;
    g_auto(Run) l = { 0 };

    g_assert_true (g_file_set_contents (out, "old", -1, NULL));
    g_assert_cmpint (symlink ("copy.kiela", link), ==, 0);
    run_cli (&l, "load", path, "--save", link, NULL);
    g_assert_cmpint (l.status, ==, 0);
    g_assert_cmpint (g_lstat (link, &st), ==, 0);
    g_assert_true (S_ISLNK (st.st_mode));
    g_assert_true (g_file_get_contents (out, &via, NULL, NULL));
    g_assert_cmpstr (via, ==, original);
    g_unlink (link);
  }

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_cli (&f, "load", path, "--save", fifo, NULL);
  g_assert_cmpint (f.status, ==, 2);
  g_assert_cmpstr (f.out, ==, "");
  g_assert_nonnull (strstr (f.err, "named pipe"));
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  run_cli (&d, "load", path, "--save", dir, NULL);
  g_assert_cmpint (d.status, ==, 2);
  g_assert_nonnull (strstr (d.err, "folder"));
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));

  g_unlink (fifo);
  g_unlink (out);
  g_unlink (path);
  g_rmdir (dir);
}

/* Every command has --help (GOptionContext), on stdout with status 0; an unknown option is a usage error. */
static void
test_help_and_unknown_options (void)
{
  static const char *const commands[] = { "variants", "plugins", "play", "load", "perft", "bench",
                                          "bestmove", "arrange", "tournament", NULL };

  for (guint i = 0; commands[i]; i++)
    {
      g_auto(Run) h = { 0 }, u = { 0 };
      g_autofree char *usage = g_strdup_printf ("kiela-cli %s", commands[i]);

      run_cli (&h, commands[i], "--help", NULL);
      g_assert_cmpint (h.status, ==, 0);
      g_assert_nonnull (strstr (h.out, usage));
      run_cli (&u, commands[i], "--frobnicate", NULL);
      g_assert_cmpint (u.status, ==, 1);
      g_assert_nonnull (strstr (u.err, "--frobnicate"));
    }
  {
    g_auto(Run) h = { 0 };
    run_cli (&h, "--help", NULL);
    g_assert_cmpint (h.status, ==, 0);
    for (guint i = 0; commands[i]; i++)
      g_assert_nonnull (strstr (h.out, commands[i]));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/play-json", test_play_json);
  g_test_add_func ("/cli/play-diagram", test_play_diagram);
  g_test_add_func ("/cli/play-narrate", test_play_narrate);
  g_test_add_func ("/cli/play-position-variant", test_play_position_and_variant);
  g_test_add_func ("/cli/play-errors", test_play_errors);
  g_test_add_func ("/cli/perft", test_perft);
  g_test_add_func ("/cli/bench", test_bench_json);
  g_test_add_func ("/cli/variants-plugins", test_variants_and_plugins);
  g_test_add_func ("/cli/plugins-check", test_plugins_check);
  g_test_add_func ("/cli/plugins-check-variant-files", test_plugins_check_variant_files);
  g_test_add_func ("/cli/stats-merge-special-files", test_stats_merge_special_files);
  g_test_add_func ("/cli/strict-numbers", test_strict_numbers);
  g_test_add_func ("/cli/load/as-play", test_load_prints_as_play);
  g_test_add_func ("/cli/load/bad-records", test_load_bad_records);
  g_test_add_func ("/cli/load/save", test_load_save);
  g_test_add_func ("/cli/load/save-variations", test_load_save_variations);
  g_test_add_func ("/cli/help-and-unknown-options", test_help_and_unknown_options);
  return g_test_run ();
}
