/* kiela-cli-stats.c: "kiela-cli stats": how a rule variant plays, over seeded and shardable AI games, and "stats merge". */
#include "config.h"

#include <math.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "kiela-cli-common.h"

/* A statistics file of a million games stays far below this. */
#define KIELA_CLI_STATS_FILE_MAX_BYTES (64 * 1024 * 1024)

#define HISTOGRAM_BARS 10
#define BAR_WIDTH      40

static void
print_histogram (KielaStats *stats, const KielaStatsSummary *s)
{
  guint span = s->max_plies - s->min_plies + 1;
  guint width = MAX (1u, (span + HISTOGRAM_BARS - 1) / HISTOGRAM_BARS);
  guint64 counts[HISTOGRAM_BARS] = { 0 }, most = 0;

  for (guint p = s->min_plies; p <= s->max_plies; p++)
    counts[(p - s->min_plies) / width] += kiela_stats_get_length_count (stats, p);
  for (guint i = 0; i < HISTOGRAM_BARS; i++)
    most = MAX (most, counts[i]);
  for (guint i = 0; i < HISTOGRAM_BARS && s->min_plies + i * width <= s->max_plies; i++)
    {
      guint lo = s->min_plies + i * width, hi = MIN (lo + width - 1, s->max_plies);
      guint bar = most ? (guint) ((counts[i] * BAR_WIDTH + most - 1) / most) : 0;
      g_autofree char *n = g_strdup_printf ("%" G_GUINT64_FORMAT, counts[i]);

      printf ("  %5u–%-5u %8s  ", lo, hi, n);
      for (guint k = 0; k < bar; k++)
        fputs ("█", stdout);
      putchar ('\n');
    }
}

static void
print_stats (KielaStats *stats, const char *variant_name)
{
  KielaStatsSummary s;
  g_autofree char *games = NULL, *total = NULL, *seed = NULL, *south = NULL, *north = NULL, *draws = NULL;
  g_autofree char *rep = NULL, *lim = NULL, *endless = NULL;
  gboolean margins;

  kiela_stats_get_summary (stats, &s);
  games = g_strdup_printf ("%" G_GUINT64_FORMAT, s.games);
  total = g_strdup_printf ("%" G_GUINT64_FORMAT, kiela_stats_get_n_games (stats));
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, kiela_stats_get_seed (stats));
  south = g_strdup_printf ("%" G_GUINT64_FORMAT, s.south_wins);
  north = g_strdup_printf ("%" G_GUINT64_FORMAT, s.north_wins);
  draws = g_strdup_printf ("%" G_GUINT64_FORMAT, s.draws);
  rep = g_strdup_printf ("%" G_GUINT64_FORMAT, s.repetition_draws);
  lim = g_strdup_printf ("%" G_GUINT64_FORMAT, s.move_limit_draws);
  endless = g_strdup_printf ("%" G_GUINT64_FORMAT, s.endless_losses);

  /* Translators: "Kiela: random vs greedy, 1000 of 1000 games, seed 1" */
  printf (_("%s: %s vs %s, %s of %s games, seed %s\n"), variant_name, kiela_stats_get_ai_label (stats, 0),
          kiela_stats_get_ai_label (stats, 1), games, total, seed);
  if (s.games == 0)
    return;
  if (s.distinct_known)
    {
      g_autofree char *distinct = g_strdup_printf ("%" G_GUINT64_FORMAT, s.distinct_games);

      /* Translators: "Distinct games: 398 of 400 (the intervals count each distinct game once)" */
      printf (_("Distinct games: %s of %s (the intervals count each distinct game once)\n"), distinct, games);
    }
  else
    printf ("%s\n", _("Distinct games: not known (merged with statistics from an older Kiela)"));
  if (s.self_play)
    printf ("%s\n", _("Self-play: the same player on both sides, so every game has a seed of its own"));
  else
    {
      g_autofree char *elo = kiela_format_elo (s.elo), *elo_low = kiela_format_elo (s.elo_low), *elo_high = kiela_format_elo (s.elo_high);

      /* Translators: "Score of mpanzu (A): 61.3% (95% confidence interval 55.0% to 67.5%); Elo difference +79 (+35 to +127)" */
      printf (_("Score of %s (A): %.1f%% (95%% confidence interval %.1f%% to %.1f%%); Elo difference %s (%s to %s)\n"),
              kiela_stats_get_ai_label (stats, 0), 100 * s.a_score, 100 * s.a_score_low, 100 * s.a_score_high,
              elo, elo_low, elo_high);
    }
  printf (_("First player (South) wins: %.1f%% (95%% confidence interval %.1f%% to %.1f%%)\n"),
          100 * s.first_player_win_rate, 100 * s.first_player_low, 100 * s.first_player_high);
  printf (_("South wins %s, North wins %s, draws %s (%.1f%%: %s by repetition, %s by the move limit)\n"),
          south, north, draws, 100 * s.draw_rate, rep, lim);
  printf (_("Decisive games: %.1f%%\n"), 100 * s.decisiveness);
  printf (_("Game length: mean %.1f plies, shortest %u, longest %u\n"), s.mean_plies, s.min_plies, s.max_plies);
  print_histogram (stats, &s);
  printf (_("Captures per game: %.2f (%.2f stones)\n"), s.captures_per_game, s.captured_per_game);
  printf (_("Endless moves refused per game: %.3f; games lost by an endless move: %s\n"),
          s.endless_refused_per_game, endless);
  /* A variant that never removes stones keeps the same number in play: then the leader's
   * margin is what changes over a game. */
  margins = !kiela_stats_stones_vary (stats) && kiela_stats_get_mean_margin (stats, 0) >= 0;
  if (margins)
    printf ("%s\n", _("Leader’s margin, South’s stones against North’s (mean over the games still going):"));
  else
    printf ("%s\n", _("Stones in play (mean over the games still going):"));
  for (guint i = 0; i <= HISTOGRAM_BARS; i++)
    {
      guint ply = s.max_plies * i / HISTOGRAM_BARS;
      gdouble mean = margins ? kiela_stats_get_mean_margin (stats, ply) : kiela_stats_get_mean_stones (stats, ply);

      if (mean >= 0 && (i == 0 || ply != s.max_plies * (i - 1) / HISTOGRAM_BARS))
        {
          guint64 n = kiela_stats_get_reached (stats, ply);
          g_autofree char *reached = g_strdup_printf ("%" G_GUINT64_FORMAT, n);

          /* Translators: "  ply 120: 51.3 stones (240 games)"; %s is the number of games */
          printf (ngettext ("  ply %u: %.1f stones (%s game)\n", "  ply %u: %.1f stones (%s games)\n",
                            (unsigned long) MIN (n, G_MAXULONG)),
                  ply, mean, reached);
        }
    }
}

static gboolean
write_json (KielaStats *stats, const char *path, GError **error)
{
  gsize length;
  g_autofree char *json = kiela_stats_to_json (stats, &length);

  if (g_strcmp0 (path, "-") == 0)
    {
      fwrite (json, 1, length, stdout);
      putchar ('\n');
      return TRUE;
    }
  return kiela_cli_write_file (path, json, length, error);
}

static int
stats_merge (KielaRegistry *registry, int argc, char **argv)
{
  const char *cmd = "stats merge";
  g_autofree char *json_path = NULL;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, N_("Write the merged statistics to FILE (“-”: standard output)"), "FILE" },
    { NULL }
  };
  g_autoptr(KielaStats) all = kiela_stats_new ();

  if (!kiela_cli_parse (cmd, entries, _("FILE…"), _("Adds up the statistics files of the shards of one experiment."),
                        NULL, &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;
  if (argc < 2)
    {
      fprintf (stderr, _("kiela-cli %s: give the statistics files to merge\n"), cmd);
      return KIELA_CLI_EXIT_USAGE;
    }
  for (int i = 1; i < argc; i++)
    {
      g_autofree char *data = NULL;
      gsize length;
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaStats) part = NULL;

      /* Bounded, regular files only: a named pipe would block, /dev/zero grow without end. */
      if (!kiela_file_read_bounded (argv[i], KIELA_CLI_STATS_FILE_MAX_BYTES, &data, &length, &error)
          || (part = kiela_stats_from_json (data, (gssize) length, &error)) == NULL
          || !kiela_stats_merge (all, part, &error))
        {
          fprintf (stderr, _("kiela-cli %s: %s: %s\n"), cmd, argv[i], error->message);
          return KIELA_CLI_EXIT_INPUT;
        }
    }
  if (json_path == NULL || g_strcmp0 (json_path, "-") != 0)
    {
      const char *id = kiela_stats_get_variant_id (all);
      const KielaVariant *v = id ? kiela_registry_lookup_variant (registry, id) : NULL;

      print_stats (all, v ? kiela_variant_get_name (v) : id ? id : "?");
    }
  if (json_path)
    {
      g_autoptr(GError) error = NULL;

      if (!write_json (all, json_path, &error))
        {
          fprintf (stderr, _("kiela-cli %s: --json: %s\n"), cmd, error->message);
          return KIELA_CLI_EXIT_INPUT;
        }
    }
  return KIELA_CLI_EXIT_OK;
}

typedef struct {
  GString *csv;
  guint64  done, total;
  gboolean progress;
} RunState;

static void
on_game (const KielaStatsGame *game, gpointer user_data)
{
  RunState *st = user_data;

  if (st->csv)
    {
      g_autofree char *row = kiela_stats_csv_row (game);

      g_string_append (st->csv, row);
      g_string_append_c (st->csv, '\n');
    }
  st->done++;
  if (st->progress && (st->done % 256 == 0 || st->done == st->total))
    {
      g_autofree char *d = g_strdup_printf ("%" G_GUINT64_FORMAT, st->done);
      g_autofree char *t = g_strdup_printf ("%" G_GUINT64_FORMAT, st->total);

      fputc ('\r', stderr);
      /* Translators: progress, "game 256 of 1000" */
      fprintf (stderr, _("game %s of %s"), d, t);
      fflush (stderr);
    }
}

/* A variant id, or a .kiela-variant file (any argument naming an existing file, or with a '/'). */
static const KielaVariant *
find_variant (KielaRegistry *registry, const char *cmd, const char *spec, KielaVariantFile **file)
{
  g_autoptr(GError) error = NULL;

  if (spec && (strchr (spec, '/') || g_str_has_suffix (spec, KIELA_VARIANT_FILE_SUFFIX)))
    {
      *file = kiela_variant_file_new_from_file (spec, &error);
      if (*file == NULL)
        {
          fprintf (stderr, _("kiela-cli %s: %s\n"), cmd, error->message);
          return NULL;
        }
      return kiela_variant_file_get_variant (*file);
    }
  return kiela_cli_find_variant (registry, cmd, spec);
}

int
kiela_cli_stats (KielaRegistry *registry, int argc, char **argv)
{
  const char *cmd = "stats";
  g_autofree char *variant_spec = NULL, *json_path = NULL, *shard_s = NULL;
  KielaCliMatchOptions m = KIELA_CLI_MATCH_OPTIONS_INIT (1000, 0, 1);
  const GOptionEntry entries[] = {
    { "variant", 0, 0, G_OPTION_ARG_FILENAME, &variant_spec, N_("Rule variant: an id or a .kiela-variant file"), "ID|FILE" },
    KIELA_CLI_MATCH_AI_ENTRY (&m),
    { "games", 0, 0, G_OPTION_ARG_STRING, &m.games_text, N_("Games of the whole experiment, all shards (default 1000)"), "N" },
    KIELA_CLI_BUDGET_ENTRIES (&m.budget),
    KIELA_CLI_MATCH_JOBS_ENTRY (&m),
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard_s, N_("Play only the K-th of N slices of the games (default 1/1)"), "K/N" },
    KIELA_CLI_MATCH_PLIES_ENTRIES (&m),
    KIELA_CLI_MATCH_CSV_ENTRY (&m),
    { "json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, N_("Write the statistics to FILE for “stats merge” (“-”: standard output)"), "FILE" },
    KIELA_CLI_MATCH_TIMEOUT_ENTRY (&m),
    KIELA_CLI_MATCH_QUIET_ENTRY (&m),
    { NULL }
  };
  guint shard = 0, n_shards = 1;
  const KielaVariant *variant;
  g_autoptr(KielaVariantFile) file = NULL;
  g_autoptr(KielaAiConfig) a = NULL;
  g_autoptr(KielaAiConfig) b = NULL;
  g_autoptr(KielaStats) stats = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) csv = NULL;
  KielaStatsConfig config = { 0 };
  RunState st = { 0 };
  int status = KIELA_CLI_EXIT_USAGE;

  if (argc >= 2 && strcmp (argv[1], "merge") == 0)
    return stats_merge (registry, argc - 1, argv + 1);

  if (!kiela_cli_parse (cmd, entries, NULL, _("Plays seeded games between two AIs and reports how the variant plays."),
                        _("Reports the first player’s win rate and its 95-percent confidence interval, the draw\n"
                          "rate, a histogram of game lengths, captures, endless-move refusals and the stones\n"
                          "in play over time.  The same --seed and --shard give the same games whatever --jobs.\n"
                          "--shard K/N plays the K-th of N disjoint slices of the --games; write each slice\n"
                          "with --json FILE and add them up with “kiela-cli stats merge FILE…”.\n"
                          "Give searching AIs a --nodes budget: a --time-ms clock is refused."),
                        &argc, &argv)
      || !kiela_cli_match_check (cmd, &m, G_MAXUINT, 100000))
    goto out;
  if (m.budget.time_ms > 0)
    {
      fprintf (stderr, _("kiela-cli %s: --time-ms would make the games depend on the machine’s speed: "
                         "give searching AIs --nodes N\n"), cmd);
      goto out;
    }
  if (shard_s && !kiela_stats_parse_shard (shard_s, &shard, &n_shards, &error))
    {
      fprintf (stderr, _("kiela-cli %s: --shard: %s\n"), cmd, error->message);
      goto out;
    }
  if (!kiela_cli_check_no_arguments (cmd, argc, argv) || !kiela_cli_match_check_players (cmd, &m))
    goto out;

  status = KIELA_CLI_EXIT_INPUT;
  variant = find_variant (registry, cmd, variant_spec, &file);
  if (variant == NULL || !kiela_cli_match_find_players (registry, cmd, &m, m.budget.nodes, &a, &b))
    goto out;
  /* Before the first game: a long run must not be lost to a bad path. */
  for (guint i = 0; i < 2; i++)
    {
      const char *path = i == 0 ? m.csv_path : json_path;

      if (path != NULL && g_strcmp0 (path, "-") != 0)
        {
          g_autoptr(GFile) f = g_file_new_for_commandline_arg (path);

          if (!kiela_file_check_replaceable (f, &error))
            {
              fprintf (stderr, _("kiela-cli %s: %s: %s\n"), cmd, i == 0 ? "--csv" : "--json", error->message);
              goto out;
            }
        }
    }

  if (m.csv_path)
    {
      csv = g_string_new (kiela_stats_csv_header ());
      g_string_append_c (csv, '\n');
    }
  config.variant = variant;
  config.ai[0] = a;
  config.ai[1] = b;
  config.n_games = m.games;
  config.seed = m.budget.seed;
  config.shard = shard;
  config.n_shards = n_shards;
  config.jobs = (guint) m.jobs;
  config.max_plies = (guint) m.max_plies;
  config.opening_plies = (guint) m.opening;
  config.move_timeout_us = (gint64) m.move_timeout * G_USEC_PER_SEC;
  st.csv = csv;
  st.total = (shard + 1) * m.games / n_shards - shard * m.games / n_shards;
  st.progress = !m.quiet && isatty (STDERR_FILENO);
  stats = kiela_stats_new ();
  if (!kiela_stats_run (stats, &config, on_game, &st, NULL, &error))
    {
      fprintf (stderr, _("kiela-cli %s: %s\n"), cmd, error->message);
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
        status = KIELA_CLI_EXIT_AI_HUNG;
      goto out;
    }
  if (st.progress)
    fputc ('\n', stderr);

  if (json_path == NULL || g_strcmp0 (json_path, "-") != 0)
    print_stats (stats, kiela_variant_get_name (variant));
  status = KIELA_CLI_EXIT_OK;
  if (json_path && !write_json (stats, json_path, &error))
    {
      fprintf (stderr, _("kiela-cli %s: --json: %s\n"), cmd, error->message);
      status = KIELA_CLI_EXIT_INPUT;
    }
  g_clear_error (&error);
  if (csv && !kiela_cli_write_file (m.csv_path, csv->str, csv->len, &error))
    {
      fprintf (stderr, _("kiela-cli %s: --csv: %s\n"), cmd, error->message);
      status = KIELA_CLI_EXIT_INPUT;
    }
out:
  kiela_cli_match_clear (&m);
  return status;
}
