/* kiela-match.h: seeded, reproducible series of games between two AIs, and their statistics. */
#pragma once

#include <gio/gio.h>
#include "kiela-types.h"
#include "kiela-ai.h"

G_BEGIN_DECLS

/* One game of a match.  A is the first AI given to kiela_match_new(), B the second. */
typedef struct {
  guint       index;          /* 0-based */
  guint64     seed;           /* games 2k and 2k+1 share one (the same opening from both sides), unless self-play */
  gboolean    a_is_south;     /* A takes South in even games, North in odd ones */
  gboolean    played;         /* FALSE for a game a cancelled match never played */
  KielaStatus status;
  KielaReason reason;         /* KIELA_REASON_MOVE_LIMIT for a draw by the ply cap */
  gboolean    ai_error;       /* an AI failed or answered an illegal move: it lost the game */
  char       *error_message;  /* "Kota Mpanzu: ..." when ai_error */
  guint       plies;
  char       *moves;          /* "g1 b3 i2": every sowing, the random opening included */
  gdouble     seconds[2];     /* thinking (and arranging) time of A and B */
  guint64     nodes[2];
  guint64     depth_sum[2];
  guint       n_moves[2];     /* moves chosen by each AI (the random opening is nobody's) */
  /* Filled only with kiela_match_set_details (match, TRUE): */
  guint       captures;       /* capture events of both sides */
  guint       captured;       /* stones captured */
  guint       endless_refused;/* candidate moves left out because they never end, summed over the plies */
  guint16    *stones;         /* stones on the board before each ply and at the end: plies + 1 entries */
  guint16    *margins;        /* |South's stones - North's| at the same plies: the leader's margin */
} KielaMatchGame;

typedef struct {
  guint   moves;
  gdouble mean_depth;
  gdouble mean_nodes;
  gdouble mean_seconds;
  gdouble nodes_per_second;
} KielaMatchPlayerStats;

/* The statistics of the games played, from A's side. */
typedef struct {
  guint   games;                  /* played */
  guint   wins, draws, losses;    /* of A */
  guint   south_wins, north_wins;
  guint   move_limit_draws;
  guint   ai_errors;
  guint   distinct_games;         /* deterministic players can repeat whole games */
  guint   longest_plies;
  gdouble mean_plies;
  gdouble score;                  /* A's score fraction: (wins + draws / 2) / games */
  gdouble score_low, score_high;  /* its 95% confidence interval */
  gdouble elo, elo_low, elo_high; /* Elo difference A - B and interval; ±INFINITY at 0% and 100% */
  gdouble first_player_win_rate;  /* South's wins / games (South sows first) */
  KielaMatchPlayerStats players[2];
} KielaMatchSummary;

typedef struct _KielaMatch KielaMatch;

/* Called after each game, in the order games finish: on the thread that called
 * kiela_match_run(), or in the caller's main context for kiela_match_run_async(). */
typedef void (*KielaMatchProgressFunc) (KielaMatch *match, guint done, guint total,
                                        const KielaMatchGame *game, gpointer user_data);

/* `n_games` >= 1 games of `variant` from its start position (both AIs arrange their
 * stones in a setup phase); the same seed and settings limited by nodes or depth give
 * the same games move for move, whatever the number of jobs. */
KIELA_AVAILABLE_IN_ALL KielaMatch *kiela_match_new (const KielaVariant *variant, KielaAiConfig *a, KielaAiConfig *b,
                                                    guint n_games, guint64 seed);
KIELA_AVAILABLE_IN_ALL void        kiela_match_free (KielaMatch *match);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaMatch, kiela_match_free)

/* Options, before running.  Defaults: no time budget (the AIs' own limits), 1000 plies
 * (then a draw by move limit), no random opening plies, one job. */
KIELA_AVAILABLE_IN_ALL void kiela_match_set_time_budget   (KielaMatch *match, gint64 time_budget_us);
KIELA_AVAILABLE_IN_ALL void kiela_match_set_max_plies     (KielaMatch *match, guint max_plies);
/* K random plies first, the same in both games of a pair (self-play has no pairs), so deterministic players meet varied games. */
KIELA_AVAILABLE_IN_ALL void kiela_match_set_opening_plies (KielaMatch *match, guint opening_plies);
KIELA_AVAILABLE_IN_ALL void kiela_match_set_jobs          (KielaMatch *match, guint jobs);
/* The games are games `first` .. `first` + n_games - 1 of a longer series: game i of the
 * match has the seed and colours of game first + i (for sharded experiments).  Default 0. */
KIELA_AVAILABLE_IN_ALL void kiela_match_set_first_game    (KielaMatch *match, guint first);
/* Records captures, endless-move refusals and stones per ply in each KielaMatchGame. */
KIELA_AVAILABLE_IN_ALL void kiela_match_set_details       (KielaMatch *match, gboolean details);
/* How long an AI may take for one move or arrangement (microseconds; 0, the default: no
 * limit).  An AI that does not answer in time loses that game (ai_error, "did not answer within
 * N seconds"), its search is left running on a thread of its own (a plugin's code cannot be
 * stopped), no further game starts, and kiela_match_run() fails with G_IO_ERROR_TIMED_OUT
 * naming the game and the AI; the games played keep their results. */
KIELA_AVAILABLE_IN_ALL void kiela_match_set_move_timeout  (KielaMatch *match, gint64 timeout_us);
KIELA_AVAILABLE_IN_ALL void kiela_match_set_progress_func (KielaMatch *match, KielaMatchProgressFunc func, gpointer user_data,
                                                           GDestroyNotify destroy);

/* Plays the games (once; a match cannot be run twice).  FALSE with an error when worker
 * threads cannot start, G_IO_ERROR_CANCELLED when cancelled, or G_IO_ERROR_TIMED_OUT when an AI
 * did not answer within the move time-out: the games already played keep their results.  An AI's failure is not an error of the match: it loses that game. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_match_run        (KielaMatch *match, GCancellable *cancellable, GError **error);
/* The same on a worker thread; do not touch the match until the callback. */
KIELA_AVAILABLE_IN_ALL void     kiela_match_run_async  (KielaMatch *match, GCancellable *cancellable,
                                                        GAsyncReadyCallback callback, gpointer user_data);
KIELA_AVAILABLE_IN_ALL gboolean kiela_match_run_finish (KielaMatch *match, GAsyncResult *result, GError **error);

KIELA_AVAILABLE_IN_ALL const KielaVariant   *kiela_match_get_variant (KielaMatch *match);
KIELA_AVAILABLE_IN_ALL KielaAiConfig        *kiela_match_get_ai      (KielaMatch *match, guint which);   /* 0 = A, 1 = B */
KIELA_AVAILABLE_IN_ALL guint64               kiela_match_get_seed    (KielaMatch *match);
KIELA_AVAILABLE_IN_ALL guint                 kiela_match_get_n_games (KielaMatch *match);
/* TRUE when A and B play alike (kiela_ai_config_equal): then every game has its own seed,
 * since a colour-swapped pair would be one game twice. */
KIELA_AVAILABLE_IN_ALL gboolean              kiela_match_is_self_play (KielaMatch *match);
KIELA_AVAILABLE_IN_ALL const KielaMatchGame *kiela_match_get_game    (KielaMatch *match, guint index);
KIELA_AVAILABLE_IN_ALL void                  kiela_match_get_summary (KielaMatch *match, KielaMatchSummary *summary);

/* A's score in a game: 1, 0.5 or 0. */
KIELA_AVAILABLE_IN_ALL gdouble     kiela_match_game_score     (const KielaMatchGame *game);
/* Why the game ended, as a stable id: "no-moves", "repetition", "endless-move", "move-limit", "ai-error", "none". */
KIELA_AVAILABLE_IN_ALL const char *kiela_match_game_reason_id (const KielaMatchGame *game);
/* The Elo difference a score fraction means: -400 log10 (1/p - 1); ±INFINITY at 0 and 1. */
KIELA_AVAILABLE_IN_ALL gdouble     kiela_match_elo            (gdouble score);

G_END_DECLS
