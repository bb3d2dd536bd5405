/* kiela-review.h: a whole game (or one line of its tree) judged move by move by the AI search, as a post-game review. */
#pragma once

#include "kiela-ai.h"
#include "kiela-game.h"
#include "kiela-lesson.h"

G_BEGIN_DECLS

/*
 * A move's grade (its "class" in JSON and CSV): how it compares with the engine's best at
 * the review's depth, by the stones it gives up (`loss`, whole stones, rounded):
 *   best        0 (the engine's move, or one as good)
 *   good        1
 *   inaccuracy  2 or 3      "?!"
 *   mistake     4 to 6      "?"
 *   blunder     7 or more   "??", and any move that turns a won game into a lost one
 * The thresholds are KIELA_REVIEW_*_LOSS below; docs/review.md explains them.
 */
typedef enum {
  KIELA_GRADE_BEST = 0,
  KIELA_GRADE_GOOD,
  KIELA_GRADE_INACCURACY,
  KIELA_GRADE_MISTAKE,
  KIELA_GRADE_BLUNDER,
} KielaReviewGrade;

#define KIELA_REVIEW_N_GRADES 5

/* The least loss (in stones) of each class above best. */
#define KIELA_REVIEW_GOOD_LOSS       1
#define KIELA_REVIEW_INACCURACY_LOSS 2
#define KIELA_REVIEW_MISTAKE_LOSS    4
#define KIELA_REVIEW_BLUNDER_LOSS    7

/* The longest best line (and refutation) kept for a move. */
#define KIELA_REVIEW_MAX_LINE 8

/* The review's depth when neither a depth nor a node budget is given. */
#define KIELA_REVIEW_DEFAULT_DEPTH 8

/* One judged move.  Scores are the stones South holds above an even share (half the
 * difference between the sides' stones), in hundredths, a decided game counting as all of
 * them (so a graph stays within ±total/2).  A move that lets the opponent capture 9 stones
 * more than the best move would have loses 9. */
typedef struct {
  guint            ply;          /* 1 = the game's first move */
  KielaSide        side;         /* who played it */
  KielaMove        move;         /* what was played */
  KielaMove        best;         /* the engine's move (== move when the move was the best) */
  gint             loss;         /* stones the move gave up against the best, >= 0 (0 for the best) */
  gint             loss_cs;      /* the same in hundredths of a stone, before rounding */
  KielaReviewGrade grade;
  gint             score;        /* the position after the move, South's view (the graph) */
  gint             best_score;   /* the position after the best move, South's view */
  gboolean         won_to_lost;  /* the best move won, the played one loses */
  guint            depth;        /* plies the best move was searched (the move itself included) */
  guint            n_line;       /* the best line: best, then each side's best answer in turn */
  KielaMove        line[KIELA_REVIEW_MAX_LINE];
  guint            n_reply;      /* what the played move led to: the move, then the best answers */
  KielaMove        reply[KIELA_REVIEW_MAX_LINE];
  /* Mistakes and blunders only (0 otherwise): how far the best move is ahead of every other
   * legal move, each searched as the played move is, in hundredths of a stone; a puzzle is
   * made of the move when this is at least KIELA_REVIEW_PUZZLE_LEAD. */
  gint             lead_cs;
  gpointer         reserved[1];
} KielaReviewMove;

/* The least lead (hundredths of a stone) of the better move over every other for a mistake to
 * make a fair puzzle: one answer only, a stone ahead of the next. */
#define KIELA_REVIEW_PUZZLE_LEAD 100

/* A side's moves over the game. */
typedef struct {
  guint   n_moves;
  guint   counts[KIELA_REVIEW_N_GRADES];
  gint    total_loss;   /* stones, summed */
  gdouble accuracy;     /* 0 .. 100: the mean of 100 × 0.85^loss over the side's moves (100 with none) */
} KielaReviewSide;

typedef struct {
  /* A personality or algorithm id with settings, as kiela_ai_config_new() takes; NULL: the
   * highest-level personality built on "alphabeta" (else bare "alphabeta").  "noise=0" is
   * always added: a review is deterministic. */
  const char *ai;
  guint       depth;        /* plies, 2 .. 32; 0: KIELA_REVIEW_DEFAULT_DEPTH (unless max_nodes) */
  guint64     max_nodes;    /* > 0: each search capped at this many nodes instead of a depth */
  gpointer    reserved[4];
} KielaReviewOptions;

#define KIELA_TYPE_REVIEW (kiela_review_get_type ())
KIELA_AVAILABLE_IN_ALL G_DECLARE_FINAL_TYPE (KielaReview, kiela_review, KIELA, REVIEW, GObject)

/*
 * A review of `game`'s played moves (plies 1 .. n_moves; moves kept for redo are left out).
 * The game's positions are copied: it may change or go at once.  For a variation, pass the
 * game of that line (kiela_game_tree_get_game() after entering it).  Fails (KIELA_ERROR_PLUGIN)
 * when the AI cannot be built from `registry` (main thread, like the registry), or
 * (KIELA_ERROR_GAME_OVER) when the game has no move to judge; a bad depth is G_IO_ERROR_INVALID_ARGUMENT.
 */
KIELA_AVAILABLE_IN_ALL KielaReview *kiela_review_new (KielaRegistry *registry, KielaGame *game,
                                                      const KielaReviewOptions *options, GError **error);

/*
 * Judges every move on the calling thread.  `cancellable` is polled by the search:
 * a cancelled review fails with G_IO_ERROR_CANCELLED, keeping the moves judged so far.
 * One transposition table serves every search of the review; at a fixed depth or node
 * budget the result is the same on every run.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_review_run        (KielaReview *review, GCancellable *cancellable, GError **error);

/*
 * The same on a worker thread.  Each judged move is handed to the thread-default main
 * context of the caller, which emits "move-judged" (guint index) from its loop, in order,
 * before `callback` runs: only that thread reads the review meanwhile, and nothing is
 * emitted before the caller is back in its loop (it may connect after this returns).
 * Run a review once.
 */
KIELA_AVAILABLE_IN_ALL void     kiela_review_run_async  (KielaReview *review, GCancellable *cancellable,
                                                         GAsyncReadyCallback callback, gpointer user_data);
KIELA_AVAILABLE_IN_ALL gboolean kiela_review_run_finish (KielaReview *review, GAsyncResult *result, GError **error);

KIELA_AVAILABLE_IN_ALL const KielaVariant    *kiela_review_get_variant   (KielaReview *review);
/* Plies of the reviewed line (moves to judge). */
KIELA_AVAILABLE_IN_ALL guint                  kiela_review_get_n_plies   (KielaReview *review);
/* Moves judged so far (all of them once a run succeeded). */
KIELA_AVAILABLE_IN_ALL guint                  kiela_review_get_n_judged  (KielaReview *review);
/* Judged move `index` (0-based: ply index + 1). */
KIELA_AVAILABLE_IN_ALL const KielaReviewMove *kiela_review_get_move      (KielaReview *review, guint index);
/* The position before ply index + 1 (index <= n_plies: n_plies is the line's end). */
KIELA_AVAILABLE_IN_ALL const KielaPosition   *kiela_review_get_position  (KielaReview *review, guint index);
/* The per-side summary of the moves judged so far. */
KIELA_AVAILABLE_IN_ALL void                   kiela_review_get_summary   (KielaReview *review, KielaSide side, KielaReviewSide *out);
/* The depth the review searches at (0 when it runs on a node budget). */
KIELA_AVAILABLE_IN_ALL guint                  kiela_review_get_depth     (KielaReview *review);
/* The AI's spec as built ("mpanzu depth=8 noise=0"). */
KIELA_AVAILABLE_IN_ALL const char            *kiela_review_get_ai_spec   (KielaReview *review);

/*
 * Learn from Your Mistakes: the mistakes and blunders of the sides in `sides` (a mask of
 * 1 << KIELA_SOUTH and 1 << KIELA_NORTH) as a puzzle set: a lesson of kind
 * KIELA_LESSON_KIND_PUZZLES whose steps are BEST_MOVE tasks, each from the position before the
 * move with the better move as its answer, in the order played.  A mistake whose better move
 * does not lead every other by KIELA_REVIEW_PUZZLE_LEAD is left out (it would have two right
 * answers).  `id` names the lesson (progress is kept under it).  The lesson passes
 * kiela_lesson_validate().  NULL (KIELA_ERROR_GAME_OVER) when no move makes a puzzle.
 */
typedef struct _KielaReviewLesson KielaReviewLesson;
KIELA_AVAILABLE_IN_ALL KielaReviewLesson *kiela_review_lesson_new      (KielaReview *review, guint sides, const char *id,
                                                                        GError **error);
KIELA_AVAILABLE_IN_ALL const KielaLesson *kiela_review_lesson_get_lesson (KielaReviewLesson *lesson);
/* The ply (1-based) of step `step`'s mistake. */
KIELA_AVAILABLE_IN_ALL guint              kiela_review_lesson_get_ply  (KielaReviewLesson *lesson, guint step);
KIELA_AVAILABLE_IN_ALL void               kiela_review_lesson_free     (KielaReviewLesson *lesson);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaReviewLesson, kiela_review_lesson_free)

/* The judged moves as CSV, a header line then one line a move:
 * "ply,side,move,best,loss,class,score,best_score,line" ("1,south,e2,c1,9,blunder,-4.50,4.50,c1 a3 a1"):
 * side and class as untranslated ids, scores in stones (South's view), the best line's squares. */
KIELA_AVAILABLE_IN_ALL char *kiela_review_to_csv (KielaReview *review);

/* The grade for a loss in stones (`won_to_lost`: the move threw a won game away). */
KIELA_AVAILABLE_IN_ALL KielaReviewGrade kiela_review_classify     (gint loss, gboolean won_to_lost);
/* "best", "good", "inaccuracy", "mistake", "blunder": untranslated ids (JSON, CSV). */
KIELA_AVAILABLE_IN_ALL const char      *kiela_review_grade_id     (KielaReviewGrade grade);
/* The same, translated, for people. */
KIELA_AVAILABLE_IN_ALL const char      *kiela_review_grade_name   (KielaReviewGrade grade);
/* "", "", "?!", "?", "??" */
KIELA_AVAILABLE_IN_ALL const char      *kiela_review_grade_mark   (KielaReviewGrade grade);
/* 100 × 0.85^loss: one move's share of the accuracy figure. */
KIELA_AVAILABLE_IN_ALL gdouble          kiela_review_move_accuracy (gint loss);

G_END_DECLS
