/* kiela-cli-tournament.c: "kiela-cli tournament": a KielaMatch between two AIs, its statistics and a CSV of its games. */
#include "config.h"

#include <math.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "kiela-cli-common.h"

static char *
format_elo (gdouble e)
{
  if (isinf (e))
    return g_strdup (e > 0 ? "+inf" : "-inf");
  return g_strdup_printf ("%+.0f", e);
}

static char *
csv_field (const char *s)
{
  GString *out = g_string_new ("\"");

  for (const char *c = s; *c; c++)
    {
      if (*c == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

static gboolean
write_csv (KielaMatch *match, const char *path, GError **error)
{
  g_autoptr(GString) csv = g_string_new ("game,seed,south,north,result,reason,plies,score_a,moves\n");
  const char *labels[2] = { kiela_ai_config_get_label (kiela_match_get_ai (match, 0)),
                            kiela_ai_config_get_label (kiela_match_get_ai (match, 1)) };

  for (guint i = 0; i < kiela_match_get_n_games (match); i++)
    {
      const KielaMatchGame *r = kiela_match_get_game (match, i);
      g_autofree char *south = csv_field (labels[r->a_is_south ? 0 : 1]);
      g_autofree char *north = csv_field (labels[r->a_is_south ? 1 : 0]);
      g_autofree char *moves = csv_field (r->moves ? r->moves : "");

      char score[G_ASCII_DTOSTR_BUF_SIZE];

      /* A file for other programs: a decimal point whatever the locale. */
      g_ascii_formatd (score, sizeof score, "%.1f", kiela_match_game_score (r));
      g_string_append_printf (csv, "%u,%" G_GUINT64_FORMAT ",%s,%s,%s,%s,%u,%s,%s\n",
                              i + 1, r->seed, south, north, kiela_status_id (r->status),
                              kiela_match_game_reason_id (r), r->plies, score, moves);
    }
  return kiela_cli_write_file (path, csv->str, csv->len, error);
}

/* One line on a terminal, rewritten in place: the count goes up. */
static void
show_progress (KielaMatch *match, guint done, guint total, const KielaMatchGame *game, gpointer user_data)
{
  fputc ('\r', stderr);
  fprintf (stderr, _("game %d of %u"), (int) done, total);
  fflush (stderr);
}

static void
print_json (KielaMatch *match, const KielaMatchSummary *s, const KielaCliBudget *budget, guint opening)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
#define MEMBER_STR(k, v) kiela_cli_json_add_string (b, k, v)
#define MEMBER_INT(k, v) kiela_cli_json_add_int (b, k, v)
#define MEMBER_DBL(k, v) kiela_cli_json_add_double (b, k, v)
#define MEMBER_ELO(k, v) json_builder_set_member_name (b, k), isinf (v) ? (void) json_builder_add_null_value (b) : (void) json_builder_add_double_value (b, v)
  MEMBER_STR ("variant", kiela_match_get_variant (match)->id);
  MEMBER_STR ("a", kiela_ai_config_get_spec (kiela_match_get_ai (match, 0)));
  MEMBER_STR ("b", kiela_ai_config_get_spec (kiela_match_get_ai (match, 1)));
  MEMBER_INT ("games", s->games);
  MEMBER_INT ("time_ms", (gint64) budget->time_ms);
  MEMBER_INT ("nodes", (gint64) budget->nodes);
  MEMBER_INT ("seed", (gint64) budget->seed);
  MEMBER_INT ("wins", s->wins);
  MEMBER_INT ("draws", s->draws);
  MEMBER_INT ("losses", s->losses);
  MEMBER_DBL ("score", s->score);
  MEMBER_DBL ("score_low", s->score_low);
  MEMBER_DBL ("score_high", s->score_high);
  MEMBER_ELO ("elo", s->elo);
  MEMBER_ELO ("elo_low", s->elo_low);
  MEMBER_ELO ("elo_high", s->elo_high);
  MEMBER_DBL ("mean_plies", s->mean_plies);
  MEMBER_INT ("longest_plies", s->longest_plies);
  MEMBER_DBL ("first_player_win_rate", s->first_player_win_rate);
  MEMBER_INT ("move_limit_draws", s->move_limit_draws);
  MEMBER_INT ("ai_errors", s->ai_errors);
  MEMBER_INT ("distinct_games", s->distinct_games);
  MEMBER_INT ("opening_plies", opening);
  for (guint k = 0; k < 2; k++)
    {
      json_builder_set_member_name (b, k == 0 ? "a_stats" : "b_stats");
      json_builder_begin_object (b);
      MEMBER_INT ("moves", s->players[k].moves);
      MEMBER_DBL ("mean_depth", s->players[k].mean_depth);
      MEMBER_DBL ("mean_nodes", s->players[k].mean_nodes);
      MEMBER_DBL ("mean_seconds", s->players[k].mean_seconds);
      MEMBER_DBL ("nodes_per_second", s->players[k].nodes_per_second);
      json_builder_end_object (b);
    }
#undef MEMBER_STR
#undef MEMBER_INT
#undef MEMBER_DBL
#undef MEMBER_ELO
  json_builder_end_object (b);
  kiela_cli_print_json (b, TRUE);
}

static void
print_text (KielaMatch *match, const KielaMatchSummary *s, const KielaCliBudget *budget, guint opening, guint max_plies)
{
  const char *a = kiela_ai_config_get_label (kiela_match_get_ai (match, 0));
  g_autofree char *e = format_elo (s->elo);
  g_autofree char *e_lo = format_elo (s->elo_low);
  g_autofree char *e_hi = format_elo (s->elo_high);
  g_autofree char *seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, budget->seed);

  printf (_("%s vs %s, %s, %u games, "), a, kiela_ai_config_get_label (kiela_match_get_ai (match, 1)),
          kiela_variant_get_name (kiela_match_get_variant (match)), s->games);
  if (budget->time_ms > 0)
    printf (_("%u ms a move"), (guint) budget->time_ms);
  if (budget->time_ms > 0 && budget->nodes > 0)
    printf (", ");
  if (budget->nodes > 0)
    {
      g_autofree char *n_text = g_strdup_printf ("%" G_GUINT64_FORMAT, budget->nodes);
      printf (_("%s nodes a move"), n_text);
    }
  if (budget->time_ms == 0 && budget->nodes == 0)
    printf ("%s", _("the AIs’ own limits"));
  printf (_(", seed %s\n"), seed_text);
  printf (_("Result for %s: %u wins, %u draws, %u losses\n"), a, s->wins, s->draws, s->losses);
  printf (_("Score: %.1f%% (95%% confidence interval %.1f%% to %.1f%%)\n"),
          100 * s->score, 100 * s->score_low, 100 * s->score_high);
  printf (_("Elo difference: %s (95%% confidence interval %s to %s)\n"), e, e_lo, e_hi);
  printf (_("Game length: mean %.1f plies, longest %u plies\n"), s->mean_plies, s->longest_plies);
  printf (_("Distinct games: %u of %u\n"), s->distinct_games, s->games);
  if (opening > 0)
    printf (_("Each game opened with %u random plies\n"), opening);
  printf (_("First player (South) won %.1f%% of games, North %.1f%%\n"),
          100.0 * s->south_wins / s->games, 100.0 * s->north_wins / s->games);
  if (s->move_limit_draws > 0)
    printf (_("Draws by move limit (%u plies): %u\n"), max_plies, s->move_limit_draws);
  if (s->ai_errors > 0)
    printf (_("Games forfeited by an AI error: %u\n"), s->ai_errors);
  for (guint k = 0; k < 2; k++)
    if (s->players[k].moves > 0)
      printf (_("%s: %.1f ms, %.0f nodes and depth %.1f a move on average\n"),
              kiela_ai_config_get_label (kiela_match_get_ai (match, k)), 1000.0 * s->players[k].mean_seconds,
              s->players[k].mean_nodes, s->players[k].mean_depth);
}

int
kiela_cli_tournament (KielaRegistry *registry, int argc, char **argv)
{
  const char *cmd = "tournament";
  g_autofree char *variant_id = NULL;
  KielaCliMatchOptions m = KIELA_CLI_MATCH_OPTIONS_INIT (100, 100, 1);
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    KIELA_CLI_VARIANT_ENTRY (&variant_id),
    KIELA_CLI_MATCH_AI_ENTRY (&m),
    { "games", 0, 0, G_OPTION_ARG_STRING, &m.games_text, N_("Number of games (default 100)"), "N" },
    KIELA_CLI_BUDGET_ENTRIES (&m.budget),
    KIELA_CLI_MATCH_JOBS_ENTRY (&m),
    KIELA_CLI_MATCH_PLIES_ENTRIES (&m),
    KIELA_CLI_MATCH_CSV_ENTRY (&m),
    KIELA_CLI_MATCH_TIMEOUT_ENTRY (&m),
    KIELA_CLI_JSON_ENTRY (&json),
    KIELA_CLI_MATCH_QUIET_ENTRY (&m),
    { NULL }
  };
  const KielaVariant *variant;
  g_autoptr(KielaAiConfig) a = NULL;
  g_autoptr(KielaAiConfig) b = NULL;
  g_autoptr(KielaMatch) match = NULL;
  g_autoptr(GError) error = NULL;
  KielaMatchSummary summary;
  int status = KIELA_CLI_EXIT_USAGE;

  if (!kiela_cli_parse (cmd, entries, NULL, _("Plays games between two AIs and reports A’s result."),
                        _("Games start from the start position, A taking South in the odd games and North\n"
                          "in the even ones.  --time-ms T: thinking time a move (default 100; 0 leaves only\n"
                          "the AIs’ own limits).  --nodes N: a node budget a move; without --time-ms it\n"
                          "makes the tournament reproducible.  --opening-plies K plays K random plies\n"
                          "first, so that deterministic players meet varied games.  The --csv file is\n"
                          "checked before the first game and replaced atomically after the last."),
                        &argc, &argv)
      || !kiela_cli_match_check (cmd, &m, 1000000, 1000000)
      || !kiela_cli_check_no_arguments (cmd, argc, argv)
      || !kiela_cli_match_check_players (cmd, &m))
    goto out;
  /* A node budget alone makes the tournament reproducible; do not add a clock to it. */
  if (m.budget.nodes > 0 && !m.budget.time_given)
    m.budget.time_ms = 0;

  status = KIELA_CLI_EXIT_INPUT;
  variant = kiela_cli_find_variant (registry, cmd, variant_id);
  if (variant == NULL || !kiela_cli_match_find_players (registry, cmd, &m, m.budget.nodes, &a, &b))
    goto out;
  /* Before the first game, not after the last: a long tournament must not be lost to a bad path. */
  if (m.csv_path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (m.csv_path);

      if (!kiela_file_check_replaceable (file, &error))
        {
          fprintf (stderr, _("kiela-cli %s: --csv: %s\n"), cmd, error->message);
          goto out;
        }
    }

  match = kiela_match_new (variant, a, b, (guint) m.games, m.budget.seed);
  kiela_match_set_time_budget (match, (gint64) m.budget.time_ms * 1000);
  kiela_match_set_max_plies (match, (guint) m.max_plies);
  kiela_match_set_opening_plies (match, (guint) m.opening);
  kiela_match_set_jobs (match, (guint) m.jobs);
  kiela_match_set_move_timeout (match, (gint64) m.move_timeout * G_USEC_PER_SEC);
  if (!m.quiet && isatty (STDERR_FILENO))
    kiela_match_set_progress_func (match, show_progress, NULL, NULL);
  if (!kiela_match_run (match, NULL, &error))
    {
      fprintf (stderr, _("kiela-cli %s: %s\n"), cmd, error->message);
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
        status = KIELA_CLI_EXIT_AI_HUNG;
      goto out;
    }
  if (!m.quiet && isatty (STDERR_FILENO))
    fprintf (stderr, "\n");

  for (guint i = 0; i < m.games; i++)
    {
      const KielaMatchGame *r = kiela_match_get_game (match, i);

      if (r->error_message)
        fprintf (stderr, _("kiela-cli %s: game %u: %s\n"), cmd, i + 1, r->error_message);
    }
  kiela_match_get_summary (match, &summary);
  if (json)
    print_json (match, &summary, &m.budget, (guint) m.opening);
  else
    print_text (match, &summary, &m.budget, (guint) m.opening, (guint) m.max_plies);

  status = KIELA_CLI_EXIT_OK;
  if (m.csv_path != NULL && !write_csv (match, m.csv_path, &error))
    {
      fprintf (stderr, _("kiela-cli %s: --csv: %s\n"), cmd, error->message);
      status = KIELA_CLI_EXIT_INPUT;
    }
out:
  kiela_cli_match_clear (&m);
  return status;
}
