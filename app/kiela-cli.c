/* kiela-cli.c: the command-line face of the engine: variants, plugins, play, perft and bench. */
#include "config.h"

#include <locale.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "kiela.h"

#ifdef KIELA_CLI_HAVE_AI
int kiela_cli_ai_main (KielaRegistry *registry, int argc, char **argv);
#endif

/* Exit statuses: 0 success, 1 usage, 2 bad input (malformed or illegal). */
#define EXIT_USAGE 1
#define EXIT_INPUT 2

static void
usage (void)
{
  fprintf (stderr, "%s",
           _("Usage: kiela-cli COMMAND [OPTIONS]\n"
             "\n"
             "Commands:\n"
             "  variants                         list the rule variants\n"
             "  plugins                          list plugin modules, loaded and failed\n"
             "  play [--variant ID] [--position KPN] [--json] [--narrate] MOVE...\n"
             "                                   apply moves and print the board\n"
             "  perft --variant ID --depth D [--position KPN] [--json]\n"
             "                                   count move sequences of length D\n"
             "  bench [--variant ID] [--seconds S] [--seed N] [--mode all|sample] [--json]\n"
             "                                   random playouts per second\n"
             "  bestmove --variant ID --position KPN --ai PERSONALITY [--time-ms T] [--seed N] [--json]\n"
             "  arrange [--variant ID] [--ai A] [--side south|north] [--position KPN] [--seed N] [--json]\n"
             "  tournament --variant ID --ai A --ai B --games N [--time-ms T] [--seed N] [--jobs J] [--csv FILE]\n"));
}

static void
print_json (JsonBuilder *b)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  g_autofree char *text = NULL;

  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

static const KielaVariant *
find_variant (KielaRegistry *registry, const char *id)
{
  const KielaVariant *v = id ? kiela_registry_lookup_variant (registry, id)
                             : kiela_registry_get_default_variant (registry);

  if (v == NULL)
    {
      if (id)
        fprintf (stderr, _("kiela-cli: unknown variant “%s” (see “kiela-cli variants”)\n"), id);
      else
        fprintf (stderr, _("kiela-cli: no rule variant is installed (see “kiela-cli plugins”)\n"));
    }
  return v;
}

/* Reads "--name VALUE" or "--name=VALUE" at argv[*i]. */
static gboolean
option_value (int argc, char **argv, int *i, const char *name, const char **value)
{
  size_t len = strlen (name);

  if (strncmp (argv[*i], name, len) != 0)
    return FALSE;
  if (argv[*i][len] == '=')
    {
      *value = argv[*i] + len + 1;
      return TRUE;
    }
  if (argv[*i][len] != '\0')
    return FALSE;
  if (*i + 1 >= argc)
    {
      fprintf (stderr, _("kiela-cli: %s needs a value\n"), name);
      exit (EXIT_USAGE);
    }
  *value = argv[++(*i)];
  return TRUE;
}

static gboolean
parse_uint (const char *text, const char *what, guint64 max, guint64 *out)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 0, max, &v, NULL))
    {
      g_autofree char *max_s = g_strdup_printf ("%" G_GUINT64_FORMAT, max);
      fprintf (stderr, _("kiela-cli: %s “%s” is not a whole number from 0 to %s\n"), what, text, max_s);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

static int
cmd_variants (KielaRegistry *registry, int argc, char **argv)
{
  GPtrArray *variants = kiela_registry_get_variants (registry);
  gboolean json = argc > 1 && g_strcmp0 (argv[1], "--json") == 0;
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (variants, i);

      if (json)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "id");
          json_builder_add_string_value (b, v->id);
          json_builder_set_member_name (b, "name");
          json_builder_add_string_value (b, kiela_variant_get_name (v));
          json_builder_set_member_name (b, "files");
          json_builder_add_int_value (b, v->files);
          json_builder_set_member_name (b, "default");
          json_builder_add_boolean_value (b, v->default_variant);
          json_builder_set_member_name (b, "description");
          json_builder_add_string_value (b, kiela_variant_get_description (v));
          json_builder_end_object (b);
        }
      else
        {
          const char *level = kiela_variant_get_level (v);
          printf ("%-16s %s%s%s%s (4×%u)\n", v->id, kiela_variant_get_name (v),
                  level ? " — " : "", level ? level : "",
                  v->default_variant ? _(", default") : "", v->files);
          printf ("%-16s %s\n", "", kiela_variant_get_description (v));
        }
    }
  json_builder_end_array (b);
  if (json)
    print_json (b);
  return 0;
}

static int
cmd_plugins (KielaRegistry *registry, int argc, char **argv)
{
  GPtrArray *plugins = kiela_registry_get_plugins (registry);
  GPtrArray *dirs = kiela_registry_get_search_dirs (registry);

  printf ("%s\n", _("Plugin folders searched:"));
  for (guint i = 0; i < dirs->len; i++)
    printf ("  %s\n", (const char *) g_ptr_array_index (dirs, i));
  if (plugins->len == 0)
    printf ("%s\n", _("No plugin modules found."));
  for (guint i = 0; i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);

      if (r->state == KIELA_PLUGIN_LOADED)
        {
          g_autofree char *variants = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u variant", "%u variants",
                                                                    r->n_variants), r->n_variants);
          g_autofree char *algorithms = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u AI algorithm",
                                                                      "%u AI algorithms", r->n_algorithms),
                                                         r->n_algorithms);
          g_autofree char *personalities = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u personality",
                                                                         "%u personalities", r->n_personalities),
                                                            r->n_personalities);
          g_autofree char *lessons = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u lesson", "%u lessons",
                                                                   r->n_lessons), r->n_lessons);
          /* Translators: "loaded  kiela-rules 0.1.0 (path): 3 variants, 0 AI algorithms, ..." */
          printf (_("loaded  %s %s (%s): %s, %s, %s, %s\n        %s\n"),
                  r->id, r->version, r->path, variants, algorithms, personalities, lessons, r->description);
        }
      else
        printf (_("failed  %s: %s\n"), r->path, r->reason);
    }
  return 0;
}

static void
add_status_json (JsonBuilder *b, KielaGame *game)
{
  const KielaVariant *v = kiela_game_get_variant (game);
  const KielaPosition *pos = kiela_game_get_position (game);
  g_autofree char *kpn = kiela_position_to_string (pos);
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_game_legal_moves (game, moves);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "variant");
  json_builder_add_string_value (b, v->id);
  json_builder_set_member_name (b, "position");
  json_builder_add_string_value (b, kpn);
  json_builder_set_member_name (b, "to_move");
  json_builder_add_string_value (b, kiela_side_name ((KielaSide) pos->to_move));
  json_builder_set_member_name (b, "status");
  json_builder_add_string_value (b, kiela_status_id (kiela_game_get_status (game, NULL)));
  json_builder_set_member_name (b, "legal");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      char sq[4];
      kiela_square_name (v->files, (KielaSide) pos->to_move, (guint) moves[i], sq);
      json_builder_add_string_value (b, sq);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static int
cmd_play (KielaRegistry *registry, int argc, char **argv)
{
  const char *variant_id = NULL, *position = NULL;
  gboolean json = FALSE, narrate = FALSE;
  g_autoptr(GPtrArray) moves = g_ptr_array_new ();
  g_autoptr(GString) story = g_string_new (NULL);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GError) error = NULL;
  const KielaVariant *variant;

  for (int i = 1; i < argc; i++)
    {
      if (option_value (argc, argv, &i, "--variant", &variant_id) ||
          option_value (argc, argv, &i, "--position", &position))
        continue;
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--narrate") == 0)
        narrate = TRUE;
      else if (argv[i][0] == '-' && argv[i][1] == '-')
        {
          fprintf (stderr, _("kiela-cli play: unknown option “%s”\n"), argv[i]);
          return EXIT_USAGE;
        }
      else
        g_ptr_array_add (moves, argv[i]);
    }

  variant = find_variant (registry, variant_id);
  if (variant == NULL)
    return EXIT_INPUT;

  if (position)
    {
      KielaPosition pos;

      if (!kiela_position_parse (position, variant->files, &pos, &error))
        {
          fprintf (stderr, _("kiela-cli: %s\n"), error->message);
          return EXIT_INPUT;
        }
      game = kiela_game_new_from_position (variant, &pos, &error);
      if (game == NULL)
        {
          fprintf (stderr, _("kiela-cli: %s\n"), error->message);
          return EXIT_INPUT;
        }
    }
  else
    {
      game = kiela_game_new (variant);
      /* The command line plays sowings only: expert players keep the start arrangement. */
      while (kiela_game_get_phase (game) != KIELA_PHASE_PLAY)
        kiela_game_skip_setup (game, NULL);
    }

  for (guint i = 0; i < moves->len; i++)
    {
      const char *m = g_ptr_array_index (moves, i);

      if (!kiela_game_play_square (game, m, narrate ? trace : NULL, &error))
        {
          fprintf (stderr, _("kiela-cli: move %u (%s) is illegal: %s\n"), i + 1, m, error->message);
          return EXIT_INPUT;
        }
      if (narrate)
        {
          g_autofree char *summary = kiela_narrate_move_summary (variant, trace);

          g_string_append_printf (story, "%u. %s\n", i + 1, summary);
          for (guint e = 0; e < kiela_trace_get_n_events (trace); e++)
            {
              g_autofree char *line = NULL;

              /* Single drops are for the stone-by-stone view; the story keeps the turns. */
              if (kiela_trace_get_event (trace, e)->type == KIELA_EVENT_DROP)
                continue;
              line = kiela_narrate_event (variant, trace, e);
              g_string_append_printf (story, "   %s\n", line);
            }
        }
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      add_status_json (b, game);
      print_json (b);
    }
  else
    {
      g_autofree char *diagram = kiela_position_to_diagram (kiela_game_get_position (game));
      g_autofree char *kpn = kiela_position_to_string (kiela_game_get_position (game));
      g_autofree char *result = kiela_game_describe_result (game);
      KielaMove legal[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, legal);

      if (narrate)
        printf ("%s\n", story->str);
      printf ("%s\n%s\n%s\n", diagram, kpn, result);
      if (n > 0)
        {
          printf ("%s", _("Legal moves:"));
          for (guint i = 0; i < n; i++)
            {
              char sq[4];
              kiela_square_name (variant->files, (KielaSide) kiela_game_get_position (game)->to_move,
                                 (guint) legal[i], sq);
              printf (" %s", sq);
            }
          printf ("\n");
        }
    }
  return 0;
}

/* CPU time of this thread: the benchmark's rate should not depend on what
 * else the machine is running. */
static gdouble
thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
cmd_perft (KielaRegistry *registry, int argc, char **argv)
{
  const char *variant_id = NULL, *position = NULL, *depth_s = NULL;
  gboolean json = FALSE;
  const KielaVariant *variant;
  KielaPosition pos;
  guint64 depth, nodes;
  gint64 t0, t1;
  gdouble cpu0;
  g_autoptr(GError) error = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (option_value (argc, argv, &i, "--variant", &variant_id) ||
          option_value (argc, argv, &i, "--position", &position) ||
          option_value (argc, argv, &i, "--depth", &depth_s))
        continue;
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else
        {
          fprintf (stderr, _("kiela-cli perft: unknown argument “%s”\n"), argv[i]);
          return EXIT_USAGE;
        }
    }
  if (depth_s == NULL)
    {
      fprintf (stderr, "%s", _("kiela-cli perft: --depth is required\n"));
      return EXIT_USAGE;
    }
  if (!parse_uint (depth_s, "--depth", 64, &depth))
    return EXIT_INPUT;
  variant = find_variant (registry, variant_id);
  if (variant == NULL)
    return EXIT_INPUT;
  if (position)
    {
      if (!kiela_position_parse (position, variant->files, &pos, &error))
        {
          fprintf (stderr, _("kiela-cli: %s\n"), error->message);
          return EXIT_INPUT;
        }
    }
  else
    kiela_position_init_start (&pos, variant);

  cpu0 = thread_cpu_seconds ();
  t0 = g_get_monotonic_time ();
  nodes = kiela_perft (variant, &pos, (guint) depth);
  t1 = g_get_monotonic_time ();
  cpu0 = thread_cpu_seconds () - cpu0;

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "depth");
      json_builder_add_int_value (b, (gint64) depth);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) nodes);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, (t1 - t0) / 1e6);
      json_builder_set_member_name (b, "cpu_seconds");
      json_builder_add_double_value (b, cpu0);
      json_builder_end_object (b);
      print_json (b);
    }
  else
    {
      g_autofree char *nodes_s = g_strdup_printf ("%" G_GUINT64_FORMAT, nodes);
      printf (_("perft(%u) = %s (%.3f s)\n"), (guint) depth, nodes_s, (t1 - t0) / 1e6);
    }
  return 0;
}

static int
cmd_bench (KielaRegistry *registry, int argc, char **argv)
{
  const char *variant_id = NULL, *seconds_s = NULL, *seed_s = NULL, *mode = "all";
  gboolean json = FALSE, sample;
  const KielaVariant *variant;
  guint64 seed = 1;
  gdouble seconds = 5.0;
  KielaPosition start;
  KielaRng rng;
  guint64 playouts = 0, plies = 0, drops = 0;
  guint64 wins[4] = { 0 };
  gint64 t0, deadline, now;
  gdouble cpu0;

  for (int i = 1; i < argc; i++)
    {
      if (option_value (argc, argv, &i, "--variant", &variant_id) ||
          option_value (argc, argv, &i, "--seconds", &seconds_s) ||
          option_value (argc, argv, &i, "--seed", &seed_s) ||
          option_value (argc, argv, &i, "--mode", &mode))
        continue;
      if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else
        {
          fprintf (stderr, _("kiela-cli bench: unknown argument “%s”\n"), argv[i]);
          return EXIT_USAGE;
        }
    }
  if (seconds_s)
    {
      char *end = NULL;
      seconds = g_ascii_strtod (seconds_s, &end);
      if (end == seconds_s || *end != '\0' || !(seconds > 0) || seconds > 86400)
        {
          fprintf (stderr, _("kiela-cli: --seconds “%s” is not a positive number of seconds\n"), seconds_s);
          return EXIT_INPUT;
        }
    }
  if (seed_s && !parse_uint (seed_s, "--seed", G_MAXUINT64, &seed))
    return EXIT_INPUT;
  /* all: every candidate sown each ply, as legal-move generation does; sample:
   * one drawn candidate sown (kiela_random_playout_sampled). */
  sample = strcmp (mode, "sample") == 0;
  if (!sample && strcmp (mode, "all") != 0)
    {
      fprintf (stderr, _("kiela-cli bench: --mode “%s” is neither “all” nor “sample”\n"), mode);
      return EXIT_INPUT;
    }
  variant = find_variant (registry, variant_id);
  if (variant == NULL)
    return EXIT_INPUT;

  kiela_position_init_start (&start, variant);
  kiela_rng_seed (&rng, seed);
  t0 = g_get_monotonic_time ();
  cpu0 = thread_cpu_seconds ();
  deadline = t0 + (gint64) (seconds * 1e6);
  do
    {
      KielaPlayoutResult r;

      /* Check the clock every 64 playouts: it is not free. */
      for (int k = 0; k < 64; k++)
        {
          if (sample)
            kiela_random_playout_sampled (variant, &start, NULL, 0, &rng, 100000, &r);
          else
            kiela_random_playout (variant, &start, NULL, 0, &rng, 100000, &r);
          playouts++;
          plies += r.plies;
          drops += r.drops;
          wins[r.status]++;
        }
      now = g_get_monotonic_time ();
    }
  while (now < deadline);

  {
    gdouble wall = (now - t0) / 1e6;
    gdouble s = thread_cpu_seconds () - cpu0;

    if (json)
      {
        g_autoptr(JsonBuilder) b = json_builder_new ();
        json_builder_begin_object (b);
        json_builder_set_member_name (b, "playouts_per_second");
        json_builder_add_double_value (b, playouts / s);
        json_builder_set_member_name (b, "moves_per_second");
        json_builder_add_double_value (b, plies / s);
        json_builder_set_member_name (b, "drops_per_second");
        json_builder_add_double_value (b, drops / s);
        json_builder_set_member_name (b, "mode");
        json_builder_add_string_value (b, sample ? "sample" : "all");
        json_builder_set_member_name (b, "playouts");
        json_builder_add_int_value (b, (gint64) playouts);
        json_builder_set_member_name (b, "cpu_seconds");
        json_builder_add_double_value (b, s);
        json_builder_set_member_name (b, "mean_plies");
        json_builder_add_double_value (b, (gdouble) plies / playouts);
        json_builder_end_object (b);
        print_json (b);
      }
    else
      {
        g_autofree char *playouts_s = g_strdup_printf ("%" G_GUINT64_FORMAT, playouts);
        g_autofree char *seed_s2 = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
        printf (_("%s: %s random playouts (%s) in %.2f s of CPU time (%.2f s wall clock, seed %s)\n"),
                variant->id, playouts_s, sample ? _("one candidate sown a ply") : _("every candidate sown"),
                s, wall, seed_s2);
        printf (_("  %.0f playouts/s, %.0f moves/s, %.0f stones dropped/s\n"),
                playouts / s, plies / s, drops / s);
        printf (_("  mean game length %.1f plies; South won %.1f%%, North %.1f%%, draws %.1f%%\n"),
                (gdouble) plies / playouts,
                100.0 * wins[KIELA_STATUS_SOUTH_WINS] / playouts,
                100.0 * wins[KIELA_STATUS_NORTH_WINS] / playouts,
                100.0 * wins[KIELA_STATUS_DRAW] / playouts);
      }
  }
  return 0;
}

int
main (int argc, char **argv)
{
  g_autoptr(KielaRegistry) registry = NULL;
  const char *cmd;

  setlocale (LC_ALL, "");
  /* Uninstalled, plugins and translations come from the build tree this program was built in. */
  kiela_paths_init (KIELA_BUILD_ROOT);
  kiela_bind_textdomain ();
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      usage ();
      return argc < 2 ? EXIT_USAGE : 0;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("kiela-cli %s\n", PACKAGE_VERSION);
      return 0;
    }

  registry = kiela_registry_new ();
  kiela_registry_load_default (registry);

  cmd = argv[1];
  if (strcmp (cmd, "variants") == 0)
    return cmd_variants (registry, argc - 1, argv + 1);
  if (strcmp (cmd, "plugins") == 0)
    return cmd_plugins (registry, argc - 1, argv + 1);
  if (strcmp (cmd, "play") == 0)
    return cmd_play (registry, argc - 1, argv + 1);
  if (strcmp (cmd, "perft") == 0)
    return cmd_perft (registry, argc - 1, argv + 1);
  if (strcmp (cmd, "bench") == 0)
    return cmd_bench (registry, argc - 1, argv + 1);
#ifdef KIELA_CLI_HAVE_AI
  if (strcmp (cmd, "bestmove") == 0 || strcmp (cmd, "tournament") == 0 || strcmp (cmd, "arrange") == 0)
    return kiela_cli_ai_main (registry, argc - 1, argv + 1);
#else
  if (strcmp (cmd, "bestmove") == 0 || strcmp (cmd, "tournament") == 0 || strcmp (cmd, "arrange") == 0)
    {
      fprintf (stderr, _("kiela-cli: “%s” needs the AI, which this build lacks\n"), cmd);
      return EXIT_USAGE;
    }
#endif
  fprintf (stderr, _("kiela-cli: unknown command “%s”\n"), cmd);
  usage ();
  return EXIT_USAGE;
}
