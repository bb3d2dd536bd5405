/* kiela-cli-common.h: what every kiela-cli command shares: option parsing, exit statuses, lookups, JSON output. */
#pragma once

#include <stdio.h>
#include <glib.h>
#include <json-glib/json-glib.h>

#include "kiela.h"

G_BEGIN_DECLS

/* Exit statuses: 0 success, 1 usage, 2 bad input (malformed or illegal). */
#define KIELA_CLI_EXIT_OK    0
#define KIELA_CLI_EXIT_USAGE 1
#define KIELA_CLI_EXIT_INPUT 2
/* A match stopped: a computer player did not answer within --move-timeout. */
#define KIELA_CLI_EXIT_AI_HUNG 3

typedef int (*KielaCliCommandFunc) (KielaRegistry *registry, int argc, char **argv);

/* One command: `kiela-cli NAME ...`; `run` receives argv with argv[0] = NAME. */
typedef struct {
  const char          *name;
  const char          *synopsis;   /* N_() one line for kiela-cli --help */
  KielaCliCommandFunc  run;
} KielaCliCommand;

int kiela_cli_variants   (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_plugins    (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_play       (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_perft      (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_bench      (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_load       (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_bestmove   (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_arrange    (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_tournament (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_stats      (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_lessons    (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_puzzles    (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_export     (KielaRegistry *registry, int argc, char **argv);
int kiela_cli_review     (KielaRegistry *registry, int argc, char **argv);

/*
 * Parses a command's options with a GOptionContext (so `--name VALUE`, `--name=VALUE`
 * and `--help` behave alike everywhere).  `parameters` names the positional arguments
 * ("MOVE…") or is NULL; `summary` and `description` go into --help.  Prints the parse error
 * and returns FALSE (exit status 1) on a usage error.  Positional arguments are left in
 * argv[1..*argc - 1].
 */
gboolean kiela_cli_parse (const char *cmd, const GOptionEntry *entries, const char *parameters,
                          const char *summary, const char *description, int *argc, char ***argv);

/* The search budget shared by bestmove, arrange and tournament: options as text,
 * checked after parsing by kiela_cli_budget_check() (a bad value is a usage error). */
typedef struct {
  char    *time_ms_text;
  char    *nodes_text;
  char    *seed_text;
  guint64  time_ms;      /* default set by the caller */
  guint64  nodes;        /* 0 = no cap */
  guint64  seed;         /* default set by the caller */
  gboolean time_given;
} KielaCliBudget;

/* Entries most commands share. */
#define KIELA_CLI_VARIANT_ENTRY(variable) \
  { "variant", 0, 0, G_OPTION_ARG_STRING, (variable), N_("Rule variant (default: the default variant)"), "ID" }
#define KIELA_CLI_JSON_ENTRY(variable) \
  { "json", 0, 0, G_OPTION_ARG_NONE, (variable), N_("Print JSON"), NULL }
/* --ai of the commands that ask one AI (bestmove, arrange), checked by kiela_cli_find_ai(). */
#define KIELA_CLI_AI_ENTRY(variable) \
  { "ai", 0, 0, G_OPTION_ARG_STRING, (variable), N_("Personality or algorithm, optionally with settings (default: the strongest)"), "AI" }

/* FALSE, saying so, when the command was given an argument it does not take (argv[1]). */
gboolean kiela_cli_check_no_arguments (const char *cmd, int argc, char **argv);

/* The options of the commands that play games between two AIs (tournament, stats): as text,
 * checked after parsing by kiela_cli_match_check(). */
typedef struct {
  KielaCliBudget budget; /* defaults set by the caller */
  char   **ai_specs;     /* --ai A --ai B */
  char    *games_text;
  char    *jobs_text;
  char    *max_plies_text;
  char    *opening_text;
  char    *csv_path;
  char    *move_timeout_text;
  gboolean quiet;
  guint64  games;        /* default set by the caller */
  guint64  jobs;         /* default 1 */
  guint64  max_plies;    /* default 1000 */
  guint64  opening;      /* default 0 */
  guint64  move_timeout; /* seconds, default KIELA_CLI_MOVE_TIMEOUT_S; 0: none */
} KielaCliMatchOptions;

/* How long a computer player of a match may think about one move before the match stops. */
#define KIELA_CLI_MOVE_TIMEOUT_S 60

#define KIELA_CLI_MATCH_OPTIONS_INIT(n_games, budget_ms, ai_seed) \
  { .budget = { .time_ms = (budget_ms), .seed = (ai_seed) }, .games = (n_games), .jobs = 1, .max_plies = 1000, \
    .move_timeout = KIELA_CLI_MOVE_TIMEOUT_S }
/* --ai, given twice. */
#define KIELA_CLI_MATCH_AI_ENTRY(match) \
  { "ai", 0, 0, G_OPTION_ARG_STRING_ARRAY, &(match)->ai_specs, N_("A player, given twice: A then B"), "AI" }
#define KIELA_CLI_MATCH_JOBS_ENTRY(match) \
  { "jobs", 0, 0, G_OPTION_ARG_STRING, &(match)->jobs_text, N_("Games played at once (default 1)"), "J" }
/* --max-plies and --opening-plies. */
#define KIELA_CLI_MATCH_PLIES_ENTRIES(match) \
  { "max-plies", 0, 0, G_OPTION_ARG_STRING, &(match)->max_plies_text, N_("A game still going after P plies is a draw (default 1000)"), "P" }, \
  { "opening-plies", 0, 0, G_OPTION_ARG_STRING, &(match)->opening_text, N_("Random plies first, the same in both games of a pair"), "K" }
#define KIELA_CLI_MATCH_CSV_ENTRY(match) \
  { "csv", 0, 0, G_OPTION_ARG_FILENAME, &(match)->csv_path, N_("Write one row a game to FILE"), "FILE" }
#define KIELA_CLI_MATCH_TIMEOUT_ENTRY(match) \
  { "move-timeout", 0, 0, G_OPTION_ARG_STRING, &(match)->move_timeout_text, \
    N_("Stop the match when a player thinks longer than S seconds about one move (default 60; 0: never)"), "S" }
#define KIELA_CLI_MATCH_QUIET_ENTRY(match) \
  { "quiet", 'q', 0, G_OPTION_ARG_NONE, &(match)->quiet, N_("No progress on the terminal"), NULL }

/* Checks the numbers (the budget with a time of at most an hour, --games up to `max_games`,
 * --max-plies up to `max_plies`); a bad one is a usage error, said on stderr. */
gboolean kiela_cli_match_check       (const char *cmd, KielaCliMatchOptions *match, guint64 max_games,
                                      guint64 max_plies);
/* After kiela_cli_match_check() and the other usage checks: FALSE, saying so, unless --ai was given
 * exactly twice. */
gboolean kiela_cli_match_check_players (const char *cmd, KielaCliMatchOptions *match);
/* The two players, each as kiela_cli_find_ai() finds it; FALSE after saying why one is not found. */
gboolean kiela_cli_match_find_players (KielaRegistry *registry, const char *cmd, KielaCliMatchOptions *match,
                                       guint64 max_nodes, KielaAiConfig **a, KielaAiConfig **b);
void     kiela_cli_match_clear       (KielaCliMatchOptions *match);

/* `"name": value` members of the object being built. */
void kiela_cli_json_add_string  (JsonBuilder *builder, const char *name, const char *value);
void kiela_cli_json_add_int     (JsonBuilder *builder, const char *name, gint64 value);
void kiela_cli_json_add_double  (JsonBuilder *builder, const char *name, gdouble value);
void kiela_cli_json_add_boolean (JsonBuilder *builder, const char *name, gboolean value);

/* Three entries (--time-ms, --nodes, --seed) filling `budget`, then the terminator. */
#define KIELA_CLI_BUDGET_ENTRIES(budget) \
  { "time-ms", 0, 0, G_OPTION_ARG_STRING, &(budget)->time_ms_text, N_("Thinking time a move in ms (0: only the AI’s own limits)"), "T" }, \
  { "nodes", 0, 0, G_OPTION_ARG_STRING, &(budget)->nodes_text, N_("Cap the search at N nodes a move (reproducible answers)"), "N" }, \
  { "seed", 0, 0, G_OPTION_ARG_STRING, &(budget)->seed_text, N_("Seed of the AI’s random choices"), "N" }

gboolean kiela_cli_budget_check (const char *cmd, KielaCliBudget *budget, guint64 max_time_ms);
void     kiela_cli_budget_clear (KielaCliBudget *budget);

/* The request for an AI's answer: `variant`, the --position `kpn` (or the start) and the budget;
 * prints why not and returns FALSE. */
gboolean kiela_cli_request      (const char *cmd, const KielaVariant *variant, const char *kpn,
                                 const KielaCliBudget *budget, KielaAiRequest *request);

/* A whole number in [min, max]; otherwise prints "kiela-cli CMD: OPTION “TEXT” is not a whole number from MIN to MAX". */
gboolean kiela_cli_parse_number (const char *cmd, const char *option, const char *text,
                                 guint64 min, guint64 max, guint64 *out);

/* The variant `id`, or the default one when `id` is NULL; prints why not and returns NULL. */
const KielaVariant *kiela_cli_find_variant (KielaRegistry *registry, const char *cmd, const char *id);
/* The AI named by `spec` ("mpanzu", "mpanzu depth=6", "alphabeta qs=0"), or the strongest
 * personality when `spec` is NULL; prints why not and returns NULL. */
KielaAiConfig      *kiela_cli_find_ai      (KielaRegistry *registry, const char *cmd, const char *spec, guint64 max_nodes);

/* The AI of --ai (kiela_cli_find_ai) and its request (kiela_cli_request) for the commands that
 * ask one AI; prints why not and returns NULL. */
KielaAiConfig      *kiela_cli_ask_ai       (KielaRegistry *registry, const char *cmd, const KielaVariant *variant,
                                            const char *spec, const char *kpn, const KielaCliBudget *budget,
                                            KielaAiRequest *request);
/* The "ai", "algorithm" and "variant" members of an answer in JSON. */
void                kiela_cli_json_add_ai  (JsonBuilder *builder, KielaAiConfig *player, const KielaVariant *variant);

/* The --position option's value, or the variant's start when `kpn` is NULL; prints why not and returns FALSE. */
gboolean kiela_cli_position (const char *cmd, const KielaVariant *variant, const char *kpn, KielaPosition *position);

/* Prints the builder's value and a newline on stdout. */
void kiela_cli_print_json (JsonBuilder *builder, gboolean pretty);
/* The object `play --json` prints for a game: variant, position, to_move, status, legal. */
void kiela_cli_add_game_json (JsonBuilder *builder, KielaGame *game);
/* The text `play` prints for a game: diagram, KPN, result, legal moves. */
void kiela_cli_print_game (KielaGame *game);

/* CPU time of this thread: a benchmark's rate should not depend on what else the machine runs. */
gdouble kiela_cli_thread_cpu_seconds (void);

/* Writes an output file through kiela_file_replace_contents_checked(). */
gboolean kiela_cli_write_file (const char *path, const char *contents, gsize length, GError **error);

G_END_DECLS
