/* kiela-cli-common.c: helpers every kiela-cli command shares. */
#include "config.h"

#include <string.h>
#include <time.h>
#include <glib/gi18n.h>

#include "kiela-cli-common.h"

gboolean
kiela_cli_parse (const char *cmd, const GOptionEntry *entries, const char *parameters,
                 const char *summary, const char *description, int *argc, char ***argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (parameters);
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (summary != NULL)
    g_option_context_set_summary (context, summary);
  if (description != NULL)
    g_option_context_set_description (context, description);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      fprintf (stderr, _("kiela-cli %s: %s (see “kiela-cli %s --help”)\n"), cmd, error->message, cmd);
      return FALSE;
    }
  return TRUE;
}

gboolean
kiela_cli_parse_number (const char *cmd, const char *option, const char *text,
                        guint64 min, guint64 max, guint64 *out)
{
  if (!g_ascii_string_to_unsigned (text, 10, min, max, out, NULL))
    {
      g_autofree char *min_text = g_strdup_printf ("%" G_GUINT64_FORMAT, min);
      g_autofree char *max_text = g_strdup_printf ("%" G_GUINT64_FORMAT, max);
      /* The bounds are formatted apart: a format macro would hide the message from xgettext. */
      fprintf (stderr, _("kiela-cli %s: %s “%s” is not a whole number from %s to %s\n"),
               cmd, option, text, min_text, max_text);
      return FALSE;
    }
  return TRUE;
}

gboolean
kiela_cli_budget_check (const char *cmd, KielaCliBudget *budget, guint64 max_time_ms)
{
  if (budget->time_ms_text != NULL)
    {
      if (!kiela_cli_parse_number (cmd, "--time-ms", budget->time_ms_text, 0, max_time_ms, &budget->time_ms))
        return FALSE;
      budget->time_given = TRUE;
    }
  if (budget->nodes_text != NULL
      && !kiela_cli_parse_number (cmd, "--nodes", budget->nodes_text, 1, G_MAXINT64, &budget->nodes))
    return FALSE;
  if (budget->seed_text != NULL
      && !kiela_cli_parse_number (cmd, "--seed", budget->seed_text, 0, G_MAXUINT64, &budget->seed))
    return FALSE;
  return TRUE;
}

void
kiela_cli_budget_clear (KielaCliBudget *budget)
{
  g_clear_pointer (&budget->time_ms_text, g_free);
  g_clear_pointer (&budget->nodes_text, g_free);
  g_clear_pointer (&budget->seed_text, g_free);
}

gboolean
kiela_cli_check_no_arguments (const char *cmd, int argc, char **argv)
{
  if (argc <= 1)
    return TRUE;
  /* TRANSLATORS: kiela-cli: the first and last %s are the command (“stats”), the second the argument it does not take */
  fprintf (stderr, _("kiela-cli %s: unknown option “%s” (see “kiela-cli %s --help”)\n"), cmd, argv[1], cmd);
  return FALSE;
}

gboolean
kiela_cli_match_check (const char *cmd, KielaCliMatchOptions *match, guint64 max_games, guint64 max_plies)
{
  return kiela_cli_budget_check (cmd, &match->budget, 3600 * 1000)
         && (match->games_text == NULL
          || kiela_cli_parse_number (cmd, "--games", match->games_text, 1, max_games, &match->games))
         && (match->jobs_text == NULL
             || kiela_cli_parse_number (cmd, "--jobs", match->jobs_text, 1, 256, &match->jobs))
         && (match->max_plies_text == NULL
             || kiela_cli_parse_number (cmd, "--max-plies", match->max_plies_text, 1, max_plies, &match->max_plies))
         && (match->opening_text == NULL
             || kiela_cli_parse_number (cmd, "--opening-plies", match->opening_text, 0, 100, &match->opening))
         && (match->move_timeout_text == NULL
             || kiela_cli_parse_number (cmd, "--move-timeout", match->move_timeout_text, 0, 86400, &match->move_timeout));
}

gboolean
kiela_cli_match_check_players (const char *cmd, KielaCliMatchOptions *match)
{
  guint n = match->ai_specs ? g_strv_length (match->ai_specs) : 0;

  if (n == 2)
    return TRUE;
  fprintf (stderr, _("kiela-cli %s: give exactly two players with --ai A --ai B (got %u)\n"), cmd, n);
  return FALSE;
}

gboolean
kiela_cli_match_find_players (KielaRegistry *registry, const char *cmd, KielaCliMatchOptions *match,
                              guint64 max_nodes, KielaAiConfig **a, KielaAiConfig **b)
{
  return (*a = kiela_cli_find_ai (registry, cmd, match->ai_specs[0], max_nodes)) != NULL
         && (*b = kiela_cli_find_ai (registry, cmd, match->ai_specs[1], max_nodes)) != NULL;
}

void
kiela_cli_match_clear (KielaCliMatchOptions *match)
{
  kiela_cli_budget_clear (&match->budget);
  g_clear_pointer (&match->ai_specs, g_strfreev);
  g_clear_pointer (&match->games_text, g_free);
  g_clear_pointer (&match->jobs_text, g_free);
  g_clear_pointer (&match->max_plies_text, g_free);
  g_clear_pointer (&match->opening_text, g_free);
  g_clear_pointer (&match->csv_path, g_free);
  g_clear_pointer (&match->move_timeout_text, g_free);
}

gboolean
kiela_cli_request (const char *cmd, const KielaVariant *variant, const char *kpn, const KielaCliBudget *budget,
                   KielaAiRequest *request)
{
  memset (request, 0, sizeof *request);
  request->variant = variant;
  request->time_budget_us = (gint64) budget->time_ms * 1000;
  request->seed = budget->seed;
  return kiela_cli_position (cmd, variant, kpn, &request->position);
}

const KielaVariant *
kiela_cli_find_variant (KielaRegistry *registry, const char *cmd, const char *id)
{
  const KielaVariant *v = id ? kiela_registry_lookup_variant (registry, id)
                             : kiela_registry_get_default_variant (registry);

  if (v == NULL)
    {
      if (id)
        fprintf (stderr, _("kiela-cli %s: unknown variant “%s” (see “kiela-cli variants”)\n"), cmd, id);
      else
        fprintf (stderr, _("kiela-cli %s: no rule variant is installed (see “kiela-cli plugins”)\n"), cmd);
    }
  return v;
}

KielaAiConfig *
kiela_cli_find_ai (KielaRegistry *registry, const char *cmd, const char *spec, guint64 max_nodes)
{
  g_autoptr(GError) error = NULL;
  KielaAiConfig *config;

  if (spec == NULL)
    {
      GPtrArray *all = kiela_registry_get_personalities (registry);

      if (all->len == 0)
        {
          fprintf (stderr, _("kiela-cli %s: no AI personality is installed (see “kiela-cli plugins”)\n"), cmd);
          return NULL;
        }
      /* Sorted by level: the last is the strongest, as for the app's Hint. */
      spec = ((const KielaPersonality *) g_ptr_array_index (all, all->len - 1))->id;
    }
  config = kiela_ai_config_new (registry, spec, max_nodes, &error);
  if (config == NULL)
    fprintf (stderr, _("kiela-cli %s: %s\n"), cmd, error->message);
  return config;
}

gboolean
kiela_cli_position (const char *cmd, const KielaVariant *variant, const char *kpn, KielaPosition *position)
{
  g_autoptr(GError) error = NULL;

  if (kpn == NULL)
    {
      kiela_position_init_start (position, variant);
      return TRUE;
    }
  if (!kiela_position_parse (kpn, variant->files, position, &error))
    {
      fprintf (stderr, _("kiela-cli %s: --position: %s\n"), cmd, error->message);
      return FALSE;
    }
  return TRUE;
}

void
kiela_cli_json_add_string (JsonBuilder *builder, const char *name, const char *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

void
kiela_cli_json_add_int (JsonBuilder *builder, const char *name, gint64 value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

void
kiela_cli_json_add_double (JsonBuilder *builder, const char *name, gdouble value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_double_value (builder, value);
}

void
kiela_cli_json_add_boolean (JsonBuilder *builder, const char *name, gboolean value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_boolean_value (builder, value);
}

void
kiela_cli_print_json (JsonBuilder *builder, gboolean pretty)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_pretty (gen, pretty);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

void
kiela_cli_add_game_json (JsonBuilder *b, KielaGame *game)
{
  const KielaVariant *v = kiela_game_get_variant (game);
  const KielaPosition *pos = kiela_game_get_position (game);
  g_autofree char *kpn = kiela_position_to_string (pos);
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_game_legal_moves (game, moves);

  json_builder_begin_object (b);
  kiela_cli_json_add_string (b, "variant", v->id);
  kiela_cli_json_add_string (b, "position", kpn);
  kiela_cli_json_add_string (b, "to_move", kiela_side_name ((KielaSide) pos->to_move));
  kiela_cli_json_add_string (b, "status", kiela_status_id (kiela_game_get_status (game, NULL)));
  json_builder_set_member_name (b, "legal");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      char sq[KIELA_MOVE_NAME_MAX];
      kiela_move_name (v->files, (KielaSide) pos->to_move, moves[i], sq);
      json_builder_add_string_value (b, sq);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

void
kiela_cli_print_game (KielaGame *game)
{
  const KielaPosition *pos = kiela_game_get_position (game);
  g_autofree char *diagram = kiela_position_to_diagram (pos);
  g_autofree char *kpn = kiela_position_to_string (pos);
  g_autofree char *result = kiela_game_describe_result (game);
  KielaMove legal[KIELA_MAX_MOVES];
  guint n = kiela_game_legal_moves (game, legal);

  printf ("%s\n%s\n%s\n", diagram, kpn, result);
  if (n > 0)
    {
      printf ("%s", _("Legal moves:"));
      for (guint i = 0; i < n; i++)
        {
          char sq[KIELA_MOVE_NAME_MAX];
          kiela_move_name (pos->files, (KielaSide) pos->to_move, legal[i], sq);
          printf (" %s", sq);
        }
      printf ("\n");
    }
}

gboolean
kiela_cli_write_file (const char *path, const char *contents, gsize length, GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

  return kiela_file_replace_contents_checked (file, contents, length, error);
}

gdouble
kiela_cli_thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

KielaAiConfig *
kiela_cli_ask_ai (KielaRegistry *registry, const char *cmd, const KielaVariant *variant, const char *spec,
                  const char *kpn, const KielaCliBudget *budget, KielaAiRequest *request)
{
  g_autoptr(KielaAiConfig) player = kiela_cli_find_ai (registry, cmd, spec, budget->nodes);

  if (player == NULL || !kiela_cli_request (cmd, variant, kpn, budget, request))
    return NULL;
  return g_steal_pointer (&player);
}

void
kiela_cli_json_add_ai (JsonBuilder *builder, KielaAiConfig *player, const KielaVariant *variant)
{
  kiela_cli_json_add_string (builder, "ai", kiela_ai_config_get_id (player));
  kiela_cli_json_add_string (builder, "algorithm", kiela_ai_config_get_algorithm (player)->id);
  kiela_cli_json_add_string (builder, "variant", variant->id);
}
