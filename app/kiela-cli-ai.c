/* kiela-cli-ai.c: the AI commands of kiela-cli: "bestmove" for one position, "arrange" for the expert setup,
 * and "tournament" for AI-vs-AI statistics. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "kiela.h"

int kiela_cli_ai_main (KielaRegistry *registry, int argc, char **argv);

/* Exit statuses, as for the rest of kiela-cli: 0 success, 1 usage, 2 bad input. */
#define EXIT_OK    0
#define EXIT_USAGE 1
#define EXIT_INPUT 2

/* A tournament game that reaches this many plies is a draw by move limit.  Real
 * games between the built-in players end far sooner (see the README figures). */
#define DEFAULT_MAX_PLIES 1000

/* One side of a game: a personality (or a bare algorithm) with its settings. */
typedef struct {
  char                   *spec;        /* as given on the command line */
  char                   *id;
  char                   *label;       /* "Kota Mpanzu" */
  const KielaAiAlgorithm *algorithm;
  GHashTable             *settings;    /* read-only once built: shared by worker threads */
} Player;

static void
player_free (Player *p)
{
  if (p == NULL)
    return;
  g_free (p->spec);
  g_free (p->id);
  g_free (p->label);
  if (p->settings)
    g_hash_table_unref (p->settings);
  g_free (p);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Player, player_free)

static char *
known_personalities (KielaRegistry *registry)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < all->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (all, i);
      g_string_append_printf (s, "%s%s", i ? ", " : "", p->id);
    }
  return g_string_free (s, FALSE);
}

/*
 * Resolves "--ai SPEC".  SPEC is a personality id, or an algorithm id, optionally
 * followed by settings that override the personality's: "mpanzu depth=6" or
 * "alphabeta depth=3 qs=0".  `nodes` (0 = none) caps the search in nodes.
 */
static Player *
player_new (KielaRegistry *registry, const char *cmd, const char *spec, guint64 nodes)
{
  g_autoptr(Player) p = g_new0 (Player, 1);
  g_autoptr(GHashTable) extra = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) words = g_strsplit (spec, " ", 2);
  const KielaPersonality *personality;

  p->spec = g_strdup (spec);
  p->id = g_strdup (words[0] ? words[0] : "");
  personality = kiela_registry_lookup_personality (registry, p->id);
  if (personality != NULL)
    {
      p->algorithm = kiela_registry_lookup_ai_algorithm (registry, personality->algorithm);
      p->label = g_strdup (personality->name);
      p->settings = kiela_ai_parse_settings (personality->settings, &error);
    }
  else
    {
      p->algorithm = kiela_registry_lookup_ai_algorithm (registry, p->id);
      p->label = g_strdup (p->id);
      p->settings = kiela_ai_parse_settings (NULL, &error);
    }
  if (p->algorithm == NULL)
    {
      g_autofree char *known = known_personalities (registry);
      fprintf (stderr, _("kiela-cli %s: unknown AI “%s” (personalities: %s)\n"), cmd, p->id, known);
      return NULL;
    }
  if (p->settings == NULL)
    {
      fprintf (stderr, _("kiela-cli %s: AI “%s”: %s\n"), cmd, p->id, error->message);
      return NULL;
    }

  if (words[0] && words[1])
    {
      GHashTableIter iter;
      gpointer k, v;

      extra = kiela_ai_parse_settings (words[1], &error);
      if (extra == NULL)
        {
          fprintf (stderr, _("kiela-cli %s: AI “%s”: %s\n"), cmd, spec, error->message);
          return NULL;
        }
      g_hash_table_iter_init (&iter, extra);
      while (g_hash_table_iter_next (&iter, &k, &v))
        g_hash_table_replace (p->settings, g_strdup (k), g_strdup (v));
      g_free (p->label);
      p->label = g_strdup (spec);
    }

  if (nodes > 0 && kiela_ai_setting_int (p->settings, "nodes", 0) <= 0)
    g_hash_table_replace (p->settings, g_strdup ("nodes"), g_strdup_printf ("%" G_GUINT64_FORMAT, nodes));
  else if (nodes > 0 && (guint64) kiela_ai_setting_int (p->settings, "nodes", 0) > nodes)
    g_hash_table_replace (p->settings, g_strdup ("nodes"), g_strdup_printf ("%" G_GUINT64_FORMAT, nodes));

  if (p->algorithm->check_settings && !p->algorithm->check_settings (p->settings, &error))
    {
      fprintf (stderr, _("kiela-cli %s: AI “%s”: %s\n"), cmd, spec, error->message);
      return NULL;
    }
  return g_steal_pointer (&p);
}

/* Reads "--name VALUE" or "--name=VALUE" at argv[*i]; a missing value is a usage error. */
static gboolean
option_value (const char *cmd, int argc, char **argv, int *i, const char *name, const char **value, gboolean *missing)
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
      fprintf (stderr, _("kiela-cli %s: %s needs a value\n"), cmd, name);
      *missing = TRUE;
      return TRUE;
    }
  *value = argv[++(*i)];
  return TRUE;
}

static gboolean
parse_number (const char *cmd, const char *option, const char *text, guint64 min, guint64 max, guint64 *out)
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

static const KielaVariant *
find_variant (KielaRegistry *registry, const char *cmd, const char *id)
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

static void
print_json (JsonBuilder *b)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (b);
  g_autofree char *text = NULL;

  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

/* The search-budget options that bestmove, arrange and tournament share.  Returns 1
 * when argv[*i] was one of them, 0 when it was not, -1 on a usage error (already told). */
static int
budget_option (const char *cmd, int argc, char **argv, int *i, guint64 max_time_ms,
               guint64 *time_ms, guint64 *nodes, guint64 *seed, gboolean *time_given)
{
  const char *value = NULL;
  gboolean missing = FALSE;

  if (option_value (cmd, argc, argv, i, "--time-ms", &value, &missing))
    {
      if (missing || !parse_number (cmd, "--time-ms", value, 0, max_time_ms, time_ms))
        return -1;
      if (time_given)
        *time_given = TRUE;
      return 1;
    }
  if (option_value (cmd, argc, argv, i, "--nodes", &value, &missing))
    return missing || !parse_number (cmd, "--nodes", value, 1, G_MAXINT64, nodes) ? -1 : 1;
  if (option_value (cmd, argc, argv, i, "--seed", &value, &missing))
    return missing || !parse_number (cmd, "--seed", value, 0, G_MAXUINT64, seed) ? -1 : 1;
  return 0;
}

/* ---- bestmove ---- */

static int
cmd_bestmove (KielaRegistry *registry, int argc, char **argv)
{
  const char *cmd = "bestmove";
  const char *variant_id = NULL, *kpn = NULL, *ai = NULL;
  guint64 time_ms = 1000, seed = 0, nodes = 0;
  gboolean json = FALSE, missing = FALSE;
  const KielaVariant *variant;
  g_autoptr(Player) player = NULL;
  g_autoptr(GError) error = NULL;
  KielaAiRequest request = { 0 };
  KielaAiReply reply = { 0 };
  char square[4];

  for (int i = 1; i < argc; i++)
    {
      int budget;

      if (option_value (cmd, argc, argv, &i, "--variant", &variant_id, &missing)
          || option_value (cmd, argc, argv, &i, "--position", &kpn, &missing)
          || option_value (cmd, argc, argv, &i, "--ai", &ai, &missing))
        {
          if (missing)
            return EXIT_USAGE;
        }
      else if ((budget = budget_option (cmd, argc, argv, &i, 24 * 3600 * 1000, &time_ms, &nodes, &seed, NULL)) != 0)
        {
          if (budget < 0)
            return EXIT_USAGE;
        }
      else if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        {
          printf ("%s", _("Usage: kiela-cli bestmove [--variant ID] [--position KPN] [--ai PERSONALITY]\n"
                          "                         [--time-ms T] [--nodes N] [--seed N] [--json]\n"
                          "\n"
                          "Asks an AI for its move.  Without --position, the variant's start position;\n"
                          "without --ai, the strongest personality.  --time-ms 0 leaves only the\n"
                          "personality's own limits; --nodes N caps the search for reproducible answers.\n"
                          "PERSONALITY may be followed by settings: --ai \"mpanzu depth=6\".\n"));
          return EXIT_OK;
        }
      else
        {
          fprintf (stderr, _("kiela-cli %s: unknown option “%s” (see “kiela-cli bestmove --help”)\n"), cmd, argv[i]);
          return EXIT_USAGE;
        }
    }

  variant = find_variant (registry, cmd, variant_id);
  if (variant == NULL)
    return EXIT_INPUT;

  if (ai == NULL)
    {
      GPtrArray *all = kiela_registry_get_personalities (registry);
      if (all->len == 0)
        {
          fprintf (stderr, _("kiela-cli %s: no AI personality is installed (see “kiela-cli plugins”)\n"), cmd);
          return EXIT_INPUT;
        }
      /* Sorted by level: the last is the strongest, as for the app's Hint. */
      ai = ((const KielaPersonality *) g_ptr_array_index (all, all->len - 1))->id;
    }
  player = player_new (registry, cmd, ai, nodes);
  if (player == NULL)
    return EXIT_INPUT;

  request.variant = variant;
  if (kpn != NULL)
    {
      if (!kiela_position_parse (kpn, variant->files, &request.position, &error))
        {
          fprintf (stderr, _("kiela-cli %s: --position: %s\n"), cmd, error->message);
          return EXIT_INPUT;
        }
    }
  else
    kiela_position_init_start (&request.position, variant);

  request.time_budget_us = (gint64) time_ms * 1000;
  request.seed = seed;
  request.settings = player->settings;

  if (!player->algorithm->think (&request, &reply, &error))
    {
      fprintf (stderr, _("kiela-cli %s: %s\n"), cmd, error->message);
      return EXIT_INPUT;
    }

  kiela_square_name (variant->files, (KielaSide) request.position.to_move, (guint) reply.move, square);
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autofree char *pos_text = kiela_position_to_string (&request.position);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "move");
      json_builder_add_string_value (b, square);
      json_builder_set_member_name (b, "score");
      json_builder_add_int_value (b, reply.score);
      json_builder_set_member_name (b, "depth");
      json_builder_add_int_value (b, reply.depth);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) reply.nodes);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, reply.seconds);
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, reply.reason);
      json_builder_set_member_name (b, "ai");
      json_builder_add_string_value (b, player->id);
      json_builder_set_member_name (b, "algorithm");
      json_builder_add_string_value (b, player->algorithm->id);
      json_builder_set_member_name (b, "variant");
      json_builder_add_string_value (b, variant->id);
      json_builder_set_member_name (b, "position");
      json_builder_add_string_value (b, pos_text);
      json_builder_end_object (b);
      print_json (b);
    }
  else
    {
      printf ("move %s\n", square);
      printf ("score %d\n", reply.score);
      printf ("depth %u\n", reply.depth);
      printf ("nodes %" G_GUINT64_FORMAT "\n", reply.nodes);
      printf ("seconds %.3f\n", reply.seconds);
      if (reply.reason[0])
        printf ("reason %s\n", reply.reason);
    }
  return EXIT_OK;
}

/* ---- arrange ---- */

static int
cmd_arrange (KielaRegistry *registry, int argc, char **argv)
{
  const char *cmd = "arrange";
  const char *variant_id = "kiela-expert", *kpn = NULL, *ai = NULL, *side_name = "south";
  guint64 time_ms = 1000, seed = 0, nodes = 0;
  gboolean json = FALSE, missing = FALSE;
  const KielaVariant *variant;
  g_autoptr(Player) player = NULL;
  g_autoptr(GError) error = NULL;
  KielaAiRequest request = { 0 };
  KielaPosition after;
  KielaSide side;
  guint16 counts[KIELA_MAX_HOUSES];
  g_autofree char *after_text = NULL;
  gint64 start;
  gdouble seconds;

  for (int i = 1; i < argc; i++)
    {
      int budget;

      if (option_value (cmd, argc, argv, &i, "--variant", &variant_id, &missing)
          || option_value (cmd, argc, argv, &i, "--position", &kpn, &missing)
          || option_value (cmd, argc, argv, &i, "--side", &side_name, &missing)
          || option_value (cmd, argc, argv, &i, "--ai", &ai, &missing))
        {
          if (missing)
            return EXIT_USAGE;
        }
      else if ((budget = budget_option (cmd, argc, argv, &i, 24 * 3600 * 1000, &time_ms, &nodes, &seed, NULL)) != 0)
        {
          if (budget < 0)
            return EXIT_USAGE;
        }
      else if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        {
          printf ("%s", _("Usage: kiela-cli arrange [--variant ID] [--ai PERSONALITY] [--side south|north]\n"
                          "                        [--position KPN] [--time-ms T] [--nodes N] [--seed N] [--json]\n"
                          "\n"
                          "Asks an AI how it arranges its stones in the setup phase of a variant that has\n"
                          "one (default kiela-expert).  --position is the board before the side arranges\n"
                          "(default the start position): North sees South's arrangement there.  Prints the\n"
                          "side's houses in local numbering and the position after the arrangement.\n"
                          "--nodes N caps the search for reproducible answers.\n"));
          return EXIT_OK;
        }
      else
        {
          fprintf (stderr, _("kiela-cli %s: unknown option “%s” (see “kiela-cli arrange --help”)\n"), cmd, argv[i]);
          return EXIT_USAGE;
        }
    }

  if (strcmp (side_name, "south") == 0)
    side = KIELA_SOUTH;
  else if (strcmp (side_name, "north") == 0)
    side = KIELA_NORTH;
  else
    {
      fprintf (stderr, _("kiela-cli %s: --side “%s” is neither “south” nor “north”\n"), cmd, side_name);
      return EXIT_USAGE;
    }

  variant = find_variant (registry, cmd, variant_id);
  if (variant == NULL)
    return EXIT_INPUT;
  if (!variant->setup_phase)
    {
      fprintf (stderr, _("kiela-cli %s: the variant “%s” has no setup phase: its stones start where the rules put them\n"),
               cmd, variant->id);
      return EXIT_INPUT;
    }

  if (ai == NULL)
    {
      GPtrArray *all = kiela_registry_get_personalities (registry);
      if (all->len == 0)
        {
          fprintf (stderr, _("kiela-cli %s: no AI personality is installed (see “kiela-cli plugins”)\n"), cmd);
          return EXIT_INPUT;
        }
      ai = ((const KielaPersonality *) g_ptr_array_index (all, all->len - 1))->id;
    }
  player = player_new (registry, cmd, ai, nodes);
  if (player == NULL)
    return EXIT_INPUT;

  request.variant = variant;
  if (kpn != NULL)
    {
      if (!kiela_position_parse (kpn, variant->files, &request.position, &error))
        {
          fprintf (stderr, _("kiela-cli %s: --position: %s\n"), cmd, error->message);
          return EXIT_INPUT;
        }
    }
  else
    kiela_position_init_start (&request.position, variant);
  request.position.to_move = side;
  request.time_budget_us = (gint64) time_ms * 1000;
  request.seed = seed;
  request.settings = player->settings;

  start = g_get_monotonic_time ();
  if (!kiela_ai_arrange (player->algorithm, &request, counts, &error))
    {
      fprintf (stderr, _("kiela-cli %s: %s\n"), cmd, error->message);
      return EXIT_INPUT;
    }
  seconds = (g_get_monotonic_time () - start) / 1e6;

  /* South sows first once both sides are arranged. */
  after = request.position;
  memcpy (after.houses[side], counts, sizeof after.houses[side]);
  after.to_move = KIELA_SOUTH;
  after_text = kiela_position_to_string (&after);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "side");
      json_builder_add_string_value (b, kiela_side_name (side));
      json_builder_set_member_name (b, "counts");
      json_builder_begin_array (b);
      for (guint h = 0; h < 2u * variant->files; h++)
        json_builder_add_int_value (b, counts[h]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "position");
      json_builder_add_string_value (b, after_text);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, seconds);
      json_builder_set_member_name (b, "ai");
      json_builder_add_string_value (b, player->id);
      json_builder_set_member_name (b, "algorithm");
      json_builder_add_string_value (b, player->algorithm->id);
      json_builder_set_member_name (b, "variant");
      json_builder_add_string_value (b, variant->id);
      json_builder_end_object (b);
      print_json (b);
    }
  else
    {
      printf ("side %s\n", kiela_side_name (side));
      printf ("counts");
      for (guint h = 0; h < 2u * variant->files; h++)
        printf (" %u", counts[h]);
      printf ("\n");
      printf ("position %s\n", after_text);
      printf ("seconds %.3f\n", seconds);
    }
  return EXIT_OK;
}

/* ---- tournament ---- */

typedef struct {
  /* filled before the game */
  guint       index;
  guint64     seed;
  gboolean    a_is_south;
  /* filled by the game */
  KielaStatus status;
  KielaReason reason;
  gboolean    ai_error;       /* an AI failed or answered an illegal move: it forfeits */
  char       *error_message;
  guint       plies;
  GString    *moves;          /* "g1 b3 ..." */
  gdouble     seconds[2];     /* thinking time of A and B */
  guint64     nodes[2];
  guint64     depth_sum[2];
  guint       n_moves[2];
} GameResult;

typedef struct {
  KielaRegistry      *registry;
  const KielaVariant *variant;
  Player             *players[2];   /* A, B */
  gint64              time_budget_us;
  guint               max_plies;
  guint               opening_plies;  /* random plies before the AIs take over */
  GameResult         *results;
  guint               n_games;
  gint                done;         /* atomic */
  gboolean            progress;
} Tournament;

static guint64
mix_seed (guint64 a, guint64 b)
{
  guint64 x = a * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + b + G_GUINT64_CONSTANT (0x632be59bd9b4e019);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* Plays one game through KielaGame, so that the rules of play (repetition, endless
 * moves, no move) are exactly the app's. */
static void
play_game (Tournament *t, GameResult *r)
{
  g_autoptr(KielaGame) game = kiela_game_new (t->variant);
  g_autoptr(GArray) history = g_array_new (FALSE, FALSE, sizeof (KielaPosition));
  g_autoptr(GError) error = NULL;

  r->moves = g_string_new (NULL);
  /* The expert setup phase: each player arranges its own stones (South, then North,
   * who sees South's arrangement), with the same budget as a move. */
  while (kiela_game_get_phase (game) != KIELA_PHASE_PLAY)
    {
      KielaSide side = kiela_game_get_phase (game) == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
      guint who = (side == KIELA_SOUTH) == r->a_is_south ? 0 : 1;
      Player *player = t->players[who];
      KielaAiRequest request = { 0 };
      guint16 counts[KIELA_MAX_HOUSES];
      gint64 start = g_get_monotonic_time ();

      request.variant = t->variant;
      request.position = *kiela_game_get_position (game);
      request.position.to_move = side;
      request.time_budget_us = t->time_budget_us;
      request.seed = mix_seed (r->seed, G_GUINT64_CONSTANT (0x7365747570) + side);
      request.settings = player->settings;
      if (!kiela_ai_arrange (player->algorithm, &request, counts, &error)
          || !kiela_game_setup (game, side, counts, &error))
        {
          /* An AI that cannot arrange its stones loses the game, as for a move. */
          r->ai_error = TRUE;
          r->status = side == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          r->error_message = g_strdup_printf ("%s: %s", player->label, error ? error->message : "?");
          return;
        }
      r->seconds[who] += (g_get_monotonic_time () - start) / 1e6;
    }

  while (!kiela_game_is_over (game) && r->plies < t->max_plies)
    {
      const KielaPosition *pos = kiela_game_get_position (game);
      KielaSide mover = (KielaSide) pos->to_move;
      guint who = (mover == KIELA_SOUTH) == r->a_is_south ? 0 : 1;
      Player *player = t->players[who];
      KielaAiRequest request = { 0 };
      KielaAiReply reply = { 0 };
      char square[4];

      if (r->plies < t->opening_plies)
        {
          /* A random opening, the same for both games of a pair (they share the
           * seed), so that strong deterministic players still meet varied games. */
          KielaMove moves[KIELA_MAX_MOVES];
          KielaRng rng;
          KielaPosition before = *pos;
          guint n = kiela_legal_moves (t->variant, pos, moves, NULL, NULL);
          KielaMove move;

          kiela_rng_seed (&rng, mix_seed (r->seed, G_GUINT64_CONSTANT (0x6f70656e) + r->plies));
          if (n == 0)
            break;
          move = moves[kiela_rng_below (&rng, n)];
          if (!kiela_game_play (game, move, NULL, &error))
            break;
          g_array_append_val (history, before);
          kiela_square_name (t->variant->files, mover, (guint) move, square);
          g_string_append_printf (r->moves, "%s%s", r->plies ? " " : "", square);
          r->plies++;
          continue;
        }

      request.variant = t->variant;
      request.position = *pos;
      request.history = (const KielaPosition *) (gpointer) history->data;
      request.n_history = history->len;
      request.time_budget_us = t->time_budget_us;
      request.seed = mix_seed (r->seed, r->plies);
      request.settings = player->settings;

      if (!player->algorithm->think (&request, &reply, &error)
          || !kiela_game_play (game, reply.move, NULL, &error))
        {
          /* An AI that cannot answer, or answers an illegal move, loses the game. */
          r->ai_error = TRUE;
          r->status = mover == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          r->error_message = g_strdup_printf ("%s: %s", player->label, error ? error->message : "?");
          return;
        }
      g_array_append_val (history, request.position);
      kiela_square_name (t->variant->files, mover, (guint) reply.move, square);
      g_string_append_printf (r->moves, "%s%s", r->plies ? " " : "", square);
      r->plies++;
      r->seconds[who] += reply.seconds;
      r->nodes[who] += reply.nodes;
      r->depth_sum[who] += reply.depth;
      r->n_moves[who]++;
    }

  r->status = kiela_game_get_status (game, &r->reason);
  if (r->status == KIELA_STATUS_ONGOING)
    {
      r->status = KIELA_STATUS_DRAW;
      r->reason = KIELA_REASON_MOVE_LIMIT;
    }
}

static void
game_task (gpointer data, gpointer user_data)
{
  Tournament *t = user_data;
  GameResult *r = data;
  gint done;

  play_game (t, r);
  done = g_atomic_int_add (&t->done, 1) + 1;
  if (t->progress)
    {
      /* One line, rewritten in place: a terminal shows the count going up. */
      fputc ('\r', stderr);
      fprintf (stderr, _("game %d of %u"), done, t->n_games);
      fflush (stderr);
    }
}

/* The score of A in game r: 1, 0.5 or 0. */
static gdouble
score_of_a (const GameResult *r)
{
  if (r->status == KIELA_STATUS_DRAW)
    return 0.5;
  return (r->status == KIELA_STATUS_SOUTH_WINS) == r->a_is_south ? 1.0 : 0.0;
}

static const char *
reason_id (const GameResult *r)
{
  if (r->ai_error)
    return "ai-error";
  switch (r->reason)
    {
    case KIELA_REASON_NO_MOVES: return "no-moves";
    case KIELA_REASON_REPETITION: return "repetition";
    case KIELA_REASON_ENDLESS_MOVE: return "endless-move";
    case KIELA_REASON_MOVE_LIMIT: return "move-limit";
    case KIELA_REASON_NONE:
    default: return "none";
    }
}

/* Elo difference for a score fraction; +-inf at the ends. */
static gdouble
elo_of (gdouble p)
{
  if (p <= 0.0)
    return -INFINITY;
  if (p >= 1.0)
    return INFINITY;
  return -400.0 * log10 (1.0 / p - 1.0);
}

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
write_csv (Tournament *t, const char *path, GError **error)
{
  g_autoptr(GString) csv = g_string_new ("game,seed,south,north,result,reason,plies,score_a,moves\n");

  for (guint i = 0; i < t->n_games; i++)
    {
      GameResult *r = &t->results[i];
      g_autofree char *south = csv_field (t->players[r->a_is_south ? 0 : 1]->label);
      g_autofree char *north = csv_field (t->players[r->a_is_south ? 1 : 0]->label);
      g_autofree char *moves = csv_field (r->moves ? r->moves->str : "");

      g_string_append_printf (csv, "%u,%" G_GUINT64_FORMAT ",%s,%s,%s,%s,%u,%.1f,%s\n",
                              i + 1, r->seed, south, north, kiela_status_id (r->status), reason_id (r),
                              r->plies, score_of_a (r), moves);
    }
  /* g_file_set_contents writes a temporary file and renames it: never a half-written CSV. */
  return g_file_set_contents (path, csv->str, (gssize) csv->len, error);
}

static int
cmd_tournament (KielaRegistry *registry, int argc, char **argv)
{
  const char *cmd = "tournament";
  const char *variant_id = NULL, *csv_path = NULL, *value = NULL;
  g_autoptr(GPtrArray) ai_specs = g_ptr_array_new ();
  guint64 games = 100, time_ms = 100, seed = 1, jobs = 1, nodes = 0, max_plies = DEFAULT_MAX_PLIES, opening = 0;
  gboolean time_given = FALSE, json = FALSE, missing = FALSE, quiet = FALSE;
  Tournament t = { 0 };
  GThreadPool *pool;
  g_autoptr(GError) error = NULL;
  guint distinct = 0;
  guint wins = 0, draws = 0, losses = 0, south_wins = 0, north_wins = 0, move_limit = 0, longest = 0, errors = 0;
  gdouble mean, var = 0.0, lo, hi, total_plies = 0.0;
  int status = EXIT_OK;

  for (int i = 1; i < argc; i++)
    {
      int budget;

      if (option_value (cmd, argc, argv, &i, "--variant", &variant_id, &missing)
          || option_value (cmd, argc, argv, &i, "--csv", &csv_path, &missing))
        {
          if (missing)
            return EXIT_USAGE;
        }
      else if (option_value (cmd, argc, argv, &i, "--ai", &value, &missing))
        {
          if (missing)
            return EXIT_USAGE;
          g_ptr_array_add (ai_specs, (gpointer) value);
        }
      else if (option_value (cmd, argc, argv, &i, "--games", &value, &missing))
        {
          if (missing || !parse_number (cmd, "--games", value, 1, 1000000, &games))
            return EXIT_USAGE;
        }
      else if ((budget = budget_option (cmd, argc, argv, &i, 3600 * 1000, &time_ms, &nodes, &seed, &time_given)) != 0)
        {
          if (budget < 0)
            return EXIT_USAGE;
        }
      else if (option_value (cmd, argc, argv, &i, "--jobs", &value, &missing))
        {
          if (missing || !parse_number (cmd, "--jobs", value, 1, 256, &jobs))
            return EXIT_USAGE;
        }
      else if (option_value (cmd, argc, argv, &i, "--max-plies", &value, &missing))
        {
          if (missing || !parse_number (cmd, "--max-plies", value, 1, 1000000, &max_plies))
            return EXIT_USAGE;
        }
      else if (option_value (cmd, argc, argv, &i, "--opening-plies", &value, &missing))
        {
          if (missing || !parse_number (cmd, "--opening-plies", value, 0, 100, &opening))
            return EXIT_USAGE;
        }
      else if (strcmp (argv[i], "--json") == 0)
        json = TRUE;
      else if (strcmp (argv[i], "--quiet") == 0 || strcmp (argv[i], "-q") == 0)
        quiet = TRUE;
      else if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
        {
          printf ("%s", _("Usage: kiela-cli tournament [--variant ID] --ai A --ai B [--games N]\n"
                          "                           [--time-ms T] [--nodes N] [--seed N] [--jobs J]\n"
                          "                           [--max-plies P] [--opening-plies K] [--csv FILE]\n"
                          "                           [--json] [--quiet]\n"
                          "\n"
                          "Plays N games between A and B from the start position, A taking South in\n"
                          "the odd games and North in the even ones, and reports A's result.\n"
                          "--time-ms T: thinking time a move (default 100; 0 leaves only the AIs' own\n"
                          "limits).  --nodes N: a node budget a move; without --time-ms it makes the\n"
                          "tournament reproducible.  --jobs J plays J games at once.  A game still going\n"
                          "after P plies (default 1000) is a draw by move limit.  --opening-plies K\n"
                          "plays K random plies first, the same in both games of a pair, so that\n"
                          "deterministic players meet varied games.  --csv writes one row a game.\n"));
          return EXIT_OK;
        }
      else
        {
          fprintf (stderr, _("kiela-cli %s: unknown option “%s” (see “kiela-cli tournament --help”)\n"), cmd, argv[i]);
          return EXIT_USAGE;
        }
    }

  if (ai_specs->len != 2)
    {
      fprintf (stderr, _("kiela-cli %s: give exactly two players with --ai A --ai B (got %u)\n"), cmd, ai_specs->len);
      return EXIT_USAGE;
    }
  /* A node budget alone makes the tournament reproducible; do not add a clock to it. */
  if (nodes > 0 && !time_given)
    time_ms = 0;

  t.registry = registry;
  t.variant = find_variant (registry, cmd, variant_id);
  if (t.variant == NULL)
    return EXIT_INPUT;
  for (guint k = 0; k < 2; k++)
    {
      t.players[k] = player_new (registry, cmd, g_ptr_array_index (ai_specs, k), nodes);
      if (t.players[k] == NULL)
        {
          player_free (t.players[0]);
          return EXIT_INPUT;
        }
    }
  t.time_budget_us = (gint64) time_ms * 1000;
  t.max_plies = (guint) max_plies;
  t.opening_plies = (guint) opening;
  t.n_games = (guint) games;
  t.results = g_new0 (GameResult, games);
  t.progress = !quiet && isatty (STDERR_FILENO);
  for (guint i = 0; i < games; i++)
    {
      t.results[i].index = i;
      /* Games 2k and 2k+1 share a seed, so each opening is played from both sides. */
      t.results[i].seed = mix_seed (seed, i / 2);
      t.results[i].a_is_south = (i % 2) == 0;
    }

  pool = g_thread_pool_new (game_task, &t, (gint) jobs, FALSE, &error);
  if (pool == NULL)
    {
      fprintf (stderr, _("kiela-cli %s: cannot start worker threads: %s\n"), cmd, error->message);
      status = EXIT_INPUT;
      goto out;
    }
  for (guint i = 0; i < games; i++)
    g_thread_pool_push (pool, &t.results[i], NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
  if (t.progress)
    fprintf (stderr, "\n");

  for (guint i = 0; i < games; i++)
    {
      GameResult *r = &t.results[i];
      gdouble s = score_of_a (r);
      wins += s == 1.0;
      draws += s == 0.5;
      losses += s == 0.0;
      south_wins += r->status == KIELA_STATUS_SOUTH_WINS;
      north_wins += r->status == KIELA_STATUS_NORTH_WINS;
      move_limit += r->reason == KIELA_REASON_MOVE_LIMIT;
      errors += r->ai_error;
      total_plies += r->plies;
      longest = MAX (longest, r->plies);
      if (r->error_message)
        fprintf (stderr, _("kiela-cli %s: game %u: %s\n"), cmd, i + 1, r->error_message);
    }
  /* Deterministic players can repeat whole games: say how many were different. */
  {
    g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
    for (guint i = 0; i < games; i++)
      if (t.results[i].moves)
        g_hash_table_add (seen, t.results[i].moves->str);
    distinct = g_hash_table_size (seen);
  }
  mean = (wins + 0.5 * draws) / games;
  for (guint i = 0; i < games; i++)
    var += (score_of_a (&t.results[i]) - mean) * (score_of_a (&t.results[i]) - mean);
  var = games > 1 ? var / (games - 1) : 0.0;

  /* 95% interval of the score: normal approximation from the games' own variance
   * (it counts draws right); when every game ended alike that variance is 0, and
   * the Wilson interval still gives an honest width. */
  if (var > 0.0)
    {
      gdouble half = 1.96 * sqrt (var / games);
      lo = MAX (0.0, mean - half);
      hi = MIN (1.0, mean + half);
    }
  else
    {
      gdouble z2 = 1.96 * 1.96, n = (gdouble) games;
      gdouble centre = (mean + z2 / (2 * n)) / (1 + z2 / n);
      gdouble half = 1.96 * sqrt (mean * (1 - mean) / n + z2 / (4 * n * n)) / (1 + z2 / n);
      lo = MAX (0.0, centre - half);
      hi = MIN (1.0, centre + half);
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      gdouble e = elo_of (mean), elo_lo = elo_of (lo), elo_hi = elo_of (hi);

      json_builder_begin_object (b);
#define MEMBER_STR(k, v) json_builder_set_member_name (b, k), json_builder_add_string_value (b, v)
#define MEMBER_INT(k, v) json_builder_set_member_name (b, k), json_builder_add_int_value (b, v)
#define MEMBER_DBL(k, v) json_builder_set_member_name (b, k), json_builder_add_double_value (b, v)
#define MEMBER_ELO(k, v) json_builder_set_member_name (b, k), isinf (v) ? (void) json_builder_add_null_value (b) : (void) json_builder_add_double_value (b, v)
      MEMBER_STR ("variant", t.variant->id);
      MEMBER_STR ("a", t.players[0]->spec);
      MEMBER_STR ("b", t.players[1]->spec);
      MEMBER_INT ("games", (gint64) games);
      MEMBER_INT ("time_ms", (gint64) time_ms);
      MEMBER_INT ("nodes", (gint64) nodes);
      MEMBER_INT ("seed", (gint64) seed);
      MEMBER_INT ("wins", wins);
      MEMBER_INT ("draws", draws);
      MEMBER_INT ("losses", losses);
      MEMBER_DBL ("score", mean);
      MEMBER_DBL ("score_low", lo);
      MEMBER_DBL ("score_high", hi);
      MEMBER_ELO ("elo", e);
      MEMBER_ELO ("elo_low", elo_lo);
      MEMBER_ELO ("elo_high", elo_hi);
      MEMBER_DBL ("mean_plies", total_plies / games);
      MEMBER_INT ("longest_plies", longest);
      MEMBER_DBL ("first_player_win_rate", (gdouble) south_wins / games);
      MEMBER_INT ("move_limit_draws", move_limit);
      MEMBER_INT ("ai_errors", errors);
      MEMBER_INT ("distinct_games", distinct);
      MEMBER_INT ("opening_plies", (gint64) opening);
      for (guint k = 0; k < 2; k++)
        {
          gdouble secs = 0, depth = 0;
          guint64 nodes_k = 0, moves_k = 0;
          for (guint i = 0; i < games; i++)
            {
              secs += t.results[i].seconds[k];
              nodes_k += t.results[i].nodes[k];
              depth += (gdouble) t.results[i].depth_sum[k];
              moves_k += t.results[i].n_moves[k];
            }
          json_builder_set_member_name (b, k == 0 ? "a_stats" : "b_stats");
          json_builder_begin_object (b);
          MEMBER_INT ("moves", (gint64) moves_k);
          MEMBER_DBL ("mean_depth", moves_k ? depth / moves_k : 0.0);
          MEMBER_DBL ("mean_nodes", moves_k ? (gdouble) nodes_k / moves_k : 0.0);
          MEMBER_DBL ("mean_seconds", moves_k ? secs / moves_k : 0.0);
          MEMBER_DBL ("nodes_per_second", secs > 0 ? nodes_k / secs : 0.0);
          json_builder_end_object (b);
        }
#undef MEMBER_STR
#undef MEMBER_INT
#undef MEMBER_DBL
#undef MEMBER_ELO
      json_builder_end_object (b);
      print_json (b);
    }
  else
    {
      g_autofree char *e = format_elo (elo_of (mean));
      g_autofree char *e_lo = format_elo (elo_of (lo));
      g_autofree char *e_hi = format_elo (elo_of (hi));

      printf (_("%s vs %s, %s, %u games, "), t.players[0]->label, t.players[1]->label,
              kiela_variant_get_name (t.variant), (guint) games);
      if (time_ms > 0)
        printf (_("%u ms a move"), (guint) time_ms);
      if (time_ms > 0 && nodes > 0)
        printf (", ");
      if (nodes > 0)
        {
          g_autofree char *n_text = g_strdup_printf ("%" G_GUINT64_FORMAT, nodes);
          printf (_("%s nodes a move"), n_text);
        }
      if (time_ms == 0 && nodes == 0)
        printf ("%s", _("the AIs’ own limits"));
      {
        g_autofree char *seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
        printf (_(", seed %s\n"), seed_text);
      }
      printf (_("Result for %s: %u wins, %u draws, %u losses\n"), t.players[0]->label, wins, draws, losses);
      printf (_("Score: %.1f%% (95%% confidence interval %.1f%% to %.1f%%)\n"), 100 * mean, 100 * lo, 100 * hi);
      printf (_("Elo difference: %s (95%% confidence interval %s to %s)\n"), e, e_lo, e_hi);
      printf (_("Game length: mean %.1f plies, longest %u plies\n"), total_plies / games, longest);
      printf (_("Distinct games: %u of %u\n"), distinct, (guint) games);
      if (opening > 0)
        printf (_("Each game opened with %u random plies\n"), (guint) opening);
      printf (_("First player (South) won %.1f%% of games, North %.1f%%\n"),
              100.0 * south_wins / games, 100.0 * north_wins / games);
      if (move_limit > 0)
        printf (_("Draws by move limit (%u plies): %u\n"), (guint) max_plies, move_limit);
      if (errors > 0)
        printf (_("Games forfeited by an AI error: %u\n"), errors);
      for (guint k = 0; k < 2; k++)
        {
          gdouble secs = 0, depth = 0;
          guint64 nodes_k = 0, moves_k = 0;
          for (guint i = 0; i < games; i++)
            {
              secs += t.results[i].seconds[k];
              nodes_k += t.results[i].nodes[k];
              depth += (gdouble) t.results[i].depth_sum[k];
              moves_k += t.results[i].n_moves[k];
            }
          if (moves_k > 0)
            printf (_("%s: %.1f ms, %.0f nodes and depth %.1f a move on average\n"),
                    t.players[k]->label, 1000.0 * secs / moves_k, (gdouble) nodes_k / moves_k, depth / moves_k);
        }
    }

  if (csv_path != NULL && !write_csv (&t, csv_path, &error))
    {
      fprintf (stderr, _("kiela-cli %s: --csv: %s\n"), cmd, error->message);
      status = EXIT_INPUT;
    }

out:
  for (guint i = 0; i < t.n_games; i++)
    {
      if (t.results[i].moves)
        g_string_free (t.results[i].moves, TRUE);
      g_free (t.results[i].error_message);
    }
  g_free (t.results);
  player_free (t.players[0]);
  player_free (t.players[1]);
  return status;
}

int
kiela_cli_ai_main (KielaRegistry *registry, int argc, char **argv)
{
  if (argc < 1)
    return EXIT_USAGE;
  if (strcmp (argv[0], "bestmove") == 0)
    return cmd_bestmove (registry, argc, argv);
  if (strcmp (argv[0], "tournament") == 0)
    return cmd_tournament (registry, argc, argv);
  if (strcmp (argv[0], "arrange") == 0)
    return cmd_arrange (registry, argc, argv);
  fprintf (stderr, _("kiela-cli: unknown AI command “%s”\n"), argv[0]);
  return EXIT_USAGE;
}
