/* kiela-stats.h: how a rule variant plays: seeded, sharded series of AI games summed into mergeable statistics. */
#pragma once

#include <gio/gio.h>
#include "kiela-types.h"
#include "kiela-ai.h"
#include "kiela-match.h"

G_BEGIN_DECLS

/*
 * A statistics run plays games 0 .. n_games-1 of one experiment (variant, two
 * AIs, seed) through KielaMatch: game i has the seed and colours KielaMatch
 * gives its game i (A is South in even games), so a game is the same whatever
 * the number of jobs or the shard that plays it.  Shard k of n (0-based) plays
 * the games [k * n_games / n, (k + 1) * n_games / n).
 *
 * KielaStats holds only exact integer sums, so merging the shards of an
 * experiment gives exactly the figures one run of all its games gives.
 */
typedef struct {
  const KielaVariant *variant;
  KielaAiConfig      *ai[2];          /* A, B */
  guint64             n_games;        /* of the whole experiment, all shards */
  guint64             seed;
  guint               shard;          /* 0-based */
  guint               n_shards;       /* >= 1 */
  guint               jobs;           /* worker threads, >= 1; changes no figure */
  guint               max_plies;      /* 0 = KielaMatch's default (1000): then a draw by move limit */
  guint               opening_plies;  /* random plies first (kiela_match_set_opening_plies) */
  gint64              move_timeout_us;/* 0 = none (kiela_match_set_move_timeout) */
} KielaStatsConfig;

/* One game as the statistics see it (also one CSV row). */
typedef struct {
  guint64     index;            /* in the whole experiment */
  guint64     seed;
  gboolean    a_is_south;
  KielaStatus status;
  const char *reason;           /* kiela_match_game_reason_id() */
  guint       plies;
  guint       captures;         /* capture events, both sides */
  guint       captured;         /* stones captured */
  guint       endless_refused;  /* candidate moves left out because they never end, over all plies */
  guint       final_stones;     /* on the board at the end */
  const char *moves;            /* "g1 b3 ..." */
  const guint16 *margins;       /* |South's - North's stones| before each ply and at the end, or NULL */
} KielaStatsGame;

typedef struct _KielaStats KielaStats;

/* Figures derived from the sums. */
typedef struct {
  guint64 games;
  guint64 south_wins, north_wins, draws;
  guint64 a_wins, b_wins;
  guint64 repetition_draws, move_limit_draws, endless_losses, no_move_losses, ai_errors;
  gdouble first_player_win_rate;            /* South (who sows first) wins / games */
  gdouble first_player_low, first_player_high; /* its 95% Wilson interval, over the independent games */
  gboolean self_play;                       /* A and B play alike (kiela_ai_config_equal) */
  guint64 distinct_games;                   /* games that differ in at least one move */
  gboolean distinct_known;                  /* FALSE after merging a file from before game hashes */
  guint64 independent_games;                /* what the intervals count: the distinct games */
  gdouble a_score, a_score_low, a_score_high; /* A's (wins + draws / 2) / games and its 95% interval; NAN in self-play */
  gdouble elo, elo_low, elo_high;           /* the Elo difference A - B that score means; NAN in self-play */
  gdouble draw_rate;
  gdouble mean_plies;
  guint   min_plies, max_plies;
  gdouble captures_per_game;
  gdouble captured_per_game;
  gdouble endless_refused_per_game;
  gdouble decisiveness;                     /* (games - draws) / games */
} KielaStatsSummary;

KIELA_AVAILABLE_IN_ALL KielaStats *kiela_stats_new  (void);
KIELA_AVAILABLE_IN_ALL void        kiela_stats_free (KielaStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaStats, kiela_stats_free)

/* Called for each game in index order, a chunk of 64 to 2048 games at a time (about 1/32 of
 * the run), on the thread of kiela_stats_run: a GUI runs kiela_stats_run in a GTask thread
 * and forwards these to its main context for progress. */
typedef void (*KielaStatsGameFunc) (const KielaStatsGame *game, gpointer user_data);

/* Plays the config's shard and adds it to `stats` (which records the experiment:
 * variant id, AI labels, seed, n_games, and which games were played).  FALSE with
 * G_IO_ERROR_CANCELLED when cancelled (the games already summed stay). */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_stats_run (KielaStats *stats, const KielaStatsConfig *config, KielaStatsGameFunc func,
                                                    gpointer user_data, GCancellable *cancellable, GError **error);

/* Adds one game (for tests and for callers running their own matches). */
KIELA_AVAILABLE_IN_ALL void        kiela_stats_add_game (KielaStats *stats, const KielaStatsGame *game, const guint16 *stones_per_ply);

/* Adds `other` into `stats`.  Refuses (KIELA_ERROR_PARSE) parts of different experiments
 * or overlapping game ranges. */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_stats_merge (KielaStats *stats, const KielaStats *other, GError **error);

KIELA_AVAILABLE_IN_ALL void        kiela_stats_get_summary (KielaStats *stats, KielaStatsSummary *summary);
/* TRUE when A and B play alike; for a file from before the flag, when their labels agree. */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_stats_is_self_play (KielaStats *stats);
/* Mean leader's margin |South - North| in stones before `ply`; -1 when no game reached it
 * or the statistics have no margins (a file from before them). */
KIELA_AVAILABLE_IN_ALL gdouble     kiela_stats_get_mean_margin (KielaStats *stats, guint ply);
/* FALSE when the mean stones on the board never change (a variant that never removes stones). */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_stats_stones_vary (KielaStats *stats);
/* Games lasting exactly `plies` plies. */
KIELA_AVAILABLE_IN_ALL guint64     kiela_stats_get_length_count (KielaStats *stats, guint plies);
/* Mean stones on the board before ply `ply` over the games that reached it; -1 when none did. */
KIELA_AVAILABLE_IN_ALL gdouble     kiela_stats_get_mean_stones  (KielaStats *stats, guint ply);
/* Games that reached ply `ply` (0 = all). */
KIELA_AVAILABLE_IN_ALL guint64     kiela_stats_get_reached      (KielaStats *stats, guint ply);
/* The experiment: variant id, AI labels, seed, n_games; NULL/0 for empty stats. */
KIELA_AVAILABLE_IN_ALL const char *kiela_stats_get_variant_id   (KielaStats *stats);
KIELA_AVAILABLE_IN_ALL const char *kiela_stats_get_ai_label     (KielaStats *stats, guint which);
KIELA_AVAILABLE_IN_ALL guint64     kiela_stats_get_seed         (KielaStats *stats);
KIELA_AVAILABLE_IN_ALL guint64     kiela_stats_get_n_games      (KielaStats *stats);

/* A JSON document with every sum ("kiela-stats" format 1), and back. */
KIELA_AVAILABLE_IN_ALL char       *kiela_stats_to_json   (KielaStats *stats, gsize *length);
KIELA_AVAILABLE_IN_ALL KielaStats *kiela_stats_from_json (const char *data, gssize length, GError **error);

/* The CSV header and one row of a game, as `kiela-cli stats --csv` writes them. */
KIELA_AVAILABLE_IN_ALL const char *kiela_stats_csv_header (void);
KIELA_AVAILABLE_IN_ALL char       *kiela_stats_csv_row    (const KielaStatsGame *game);

/* Parses "K/N" (1-based K, as Slurm's array index) into 0-based shard and count. */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_stats_parse_shard (const char *text, guint *shard, guint *n_shards, GError **error);

G_END_DECLS
