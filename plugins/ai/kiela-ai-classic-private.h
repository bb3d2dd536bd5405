/* kiela-ai-classic-private.h: what the classic AI module's files share (budgets, evaluation, hashing, reasons). */
#pragma once

#include <kiela-plugin.h>
#include <kiela-rng.h>
#include <kiela-playout.h>

G_BEGIN_DECLS

/* Scores in hundredths of a stone; a won position is worth CLASSIC_WIN minus the plies to get there. */
#define CLASSIC_WIN       1000000
#define CLASSIC_WIN_BOUND (CLASSIC_WIN - 1000)
#define CLASSIC_INFINITY  (CLASSIC_WIN + 1)
/* A static evaluation stays within this: short of the win scores even with the
 * search's noise (at most 100000) added. */
#define CLASSIC_EVAL_BOUND (CLASSIC_WIN_BOUND - 200000)

/* splitmix64's finaliser: a good 64-bit mixer, so hash keys and seeded jitter need no
 * table in global memory.  Shared by the hashing, the search noise and the arranger. */
static inline guint64
mix64 (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/*
 * How long one think() may go on.  The wall clock, the cancellable and a node
 * budget are all checked here; only a node or depth budget makes a search
 * reproducible, so tests and tournaments use those.
 */
typedef struct {
  GCancellable *cancellable;
  gint64        start_us;
  gint64        deadline_us;   /* 0: no wall-clock limit */
  guint64       node_limit;    /* 0: no node limit */
  guint64       nodes;
  guint         countdown;     /* polls the clock every few nodes only: it is not free */
  gboolean      stopped;
  gboolean      cpu_clock;     /* setting cpu-clock=1: every time limit is on this thread's CPU time */
} ClassicBudget;

void     classic_budget_init  (ClassicBudget *budget, const KielaAiRequest *request);
/* Counts one node; TRUE once the search must stop (sticky). */
gboolean classic_budget_tick  (ClassicBudget *budget);
/* Polls the clock and the cancellable now. */
gboolean classic_budget_check (ClassicBudget *budget);
gdouble  classic_budget_elapsed (const ClassicBudget *budget);
/* Now on the budget's clock (microseconds): the monotonic wall clock, or with the setting
 * cpu-clock=1 the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), which a loaded
 * machine does not stretch: time-odds matches measure that.  Both time-ms and the host's
 * budget are then CPU time. */
gint64   classic_budget_now (const ClassicBudget *budget);
gboolean classic_is_cancelled (GCancellable *cancellable);

/* The error think() returns when cancelled before it had any move, or when there is no move. */
gboolean classic_fail_cancelled (GError **error);
gboolean classic_fail_no_move   (const KielaAiRequest *request, GError **error);

/* A random generator for one think(): the seed mixed with the position, so that
 * the same seed still gives different (but reproducible) choices in different positions. */
void     classic_rng_init (KielaRng *rng, const KielaAiRequest *request);

/* A 64-bit hash of a position (transposition table, repetition, seeding). */
guint64  classic_hash (const KielaPosition *pos);

/* Material balance in hundredths of a stone for `side` (stones can leave the board in some variants). */
gint     classic_material (const KielaPosition *pos, KielaSide side);

/* Weights of the static evaluation, in hundredths of a stone. */
typedef struct {
  gint material;   /* per stone of difference */
  gint mobility;   /* per house that may be sown, minus the opponent's */
  gint exposure;   /* per own stone the opponent could capture next (negative effect) */
  gint threat;     /* per opponent stone the mover could capture now */
  gint safe;       /* per own stone in an inner house that no capture can reach */
  gint tempo;      /* for being the side to move */
} ClassicEvalWeights;

/* The weights every search starts from: the weights file's, read once (KIELA_AI_WEIGHTS names
 * another file); when it is missing or malformed, a message on standard error says why and
 * the built-in weights are used. */
const ClassicEvalWeights *classic_eval_default_weights (void);
/* Reads a weights file (group [Evaluation], the six keys, whole numbers within +-100000). */
gboolean classic_eval_weights_load (const char *path, ClassicEvalWeights *out, GError **error);
void     classic_eval_weights_init (ClassicEvalWeights *weights, GHashTable *settings);
/* Static evaluation from the side to move's view. */
gint     classic_evaluate (const KielaVariant *variant, const KielaPosition *pos, const ClassicEvalWeights *w);

/* Stones a move gains for its mover: own stones after minus before, plus what the opponent lost. */
gint     classic_move_gain (const KielaPosition *before, const KielaPosition *after);
/* The same for a move that captured `captured` stones, as the sowing reports it. */
gint     classic_capture_gain (const KielaVariant *variant, guint captured);

/*
 * The reply's short explanation of `move` from `pos` ("Captures 5 stones and leaves
 * North no capture."), translated.  `score` is the algorithm's score, used to add
 * "wins by force" when it is a proven win.
 */
void     classic_describe_move (const KielaVariant *variant, const KielaPosition *pos,
                                 KielaMove move, gint score, gboolean score_is_exact,
                                 char *out, gsize out_size);

/* The opening book (kiela-ai-book.c): with the setting book=1, the move the book gives the
 * request's position in the game's first plies (TRUE, `reply` filled), or FALSE: search. */
gboolean classic_book_move (const KielaAiRequest *request, KielaAiReply *reply);
/* With book=1, the arrangement the book's [Arrange VARIANT] group gives the request's board
 * (the arranging side to move) when it keeps the other side's stones, the side's total and the
 * variant's rules (TRUE, `counts` filled in local numbering), or FALSE: search. */
gboolean classic_book_arrange (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES]);
/* Reads a book file into `moves` ("VARIANT\nKPN" -> "MOVE SCORE", and for arrangements
 * "arrange VARIANT\nKPN" -> "KPN SCORE"), its depth and plies. */
gboolean classic_book_load (const char *path, GHashTable *moves, gint *depth, gint *plies, GError **error);

/* The expert setup phase (kiela-ai-arrange.c).  `random` scatters the stones;
 * `greedy` judges 40 structured candidates one ply deep; the searching algorithms
 * judge 400 (setting arrange-candidates) `default_depth` plies deep (arrange-depth),
 * within the request's budget (or arrange-nodes), then hill-climb. */
gboolean classic_arrange_random (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error);
gboolean classic_arrange_greedy (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error);
gboolean classic_arrange_search (const KielaAiRequest *request, guint default_depth,
                                  guint16 counts[KIELA_MAX_HOUSES], GError **error);
/* Checks arrange-depth, arrange-candidates and arrange-nodes. */
gboolean classic_check_arrange_settings (GHashTable *settings, GError **error);
#define CLASSIC_ARRANGE_KEYS "arrange-depth", "arrange-candidates", "arrange-nodes"

/* The algorithms of this module. */
extern const KielaAiAlgorithm classic_random_algorithm;
extern const KielaAiAlgorithm classic_greedy_algorithm;
extern const KielaAiAlgorithm classic_alphabeta_algorithm;
extern const KielaAiAlgorithm classic_mcts_algorithm;

/* Portraits of the personalities (complete SVG documents). */
extern const char classic_portrait_kizua[];
extern const char classic_portrait_zola[];
extern const char classic_portrait_mbemba[];
extern const char classic_portrait_nzuzi[];
extern const char classic_portrait_lweji[];
extern const char classic_portrait_mpanzu[];

/* Validation shared by the algorithms' check_settings. */
gboolean classic_check_int_setting (GHashTable *settings, const char *key, gint64 min, gint64 max, GError **error);
gboolean classic_check_double_setting (GHashTable *settings, const char *key, gdouble min, gdouble max, GError **error);
gboolean classic_check_known_keys (GHashTable *settings, const char * const *known, const char *algorithm, GError **error);

G_END_DECLS
