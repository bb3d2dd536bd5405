/* kiela-lesson.h: tutorial lessons and puzzles: the model plugins register, its checks, and answer checking. */
#pragma once

#include <glib.h>
#include "kiela-types.h"
#include "kiela-error.h"

G_BEGIN_DECLS

/*
 * A lesson is static data a plugin registers (kiela_registry_add_lesson, see
 * kiela-registry.h): an id, a title, a summary, a level, the variant it plays and
 * ordered steps.  Every step shows a position (KPN), says something (narration) and
 * asks for one thing (its task).  The host:
 *
 *   1. shows kiela_lesson_step_get_text() and the position from
 *      kiela_lesson_step_get_position() on a board of the lesson's variant;
 *   2. lets the learner answer as the task's kind says (below);
 *   3. calls kiela_lesson_check() with the answer, shows the feedback it returns
 *      (right: go on to the next step; wrong: let the learner try again, offering
 *      kiela_lesson_step_get_hint());
 *   4. keeps progress by lesson id and step index (the engine keeps none).
 *
 * kiela_registry_get_lessons() lists them in registration order: show them sorted by
 * `order` (the course first, the puzzle sets — kind KIELA_LESSON_KIND_PUZZLES — after),
 * grouped by `level` if you like.
 *
 * Checking is a pure function of (variant, step, answer): no display, no registry,
 * no AI; it sows the answer with the engine to explain what it did.
 *
 * What each task kind needs from a host:
 *
 *   WATCH          The step's move (kiela_lesson_step_get_move) is played for the learner:
 *                  trace it with kiela_sow_traced() and let them step through it with the
 *                  usual replay controls.  Check with answer.watched = TRUE once they have
 *                  reached the end of the move (FALSE gives PENDING).
 *   SOW_HOUSE      The learner must sow the step's house: answer.move is the house clicked.
 *   SOW_ANY        Any house of the side to move whose move meets the condition
 *                  (KielaLessonCondition) is right: answer.move.
 *   PREDICT_LAST   Before the step's move is played, the learner clicks the house where its
 *                  last stone will land: answer.side and answer.house.  Then play the move
 *                  (as for WATCH) to show why.
 *   PREDICT_CAPTURE Before the step's move is played, the learner types how many stones it
 *                  will capture: answer.number.  Then play it.
 *   BEST_MOVE      A puzzle: answer.move.  The right move was found by the engine's search
 *                  (kiela-cli puzzles generate) and is re-verified by the test suite.
 *   PLAY_OUT       The learner plays the side to move against the personality
 *                  kiela_lesson_step_get_opponent() (a KielaPersonality id: build it with
 *                  kiela_ai_config_new) from the step's position, in a game of the lesson's
 *                  variant (kiela_game_new_from_position).  After every move (either side's)
 *                  check with answer.game: PENDING while the goal is neither reached nor
 *                  lost, then RIGHT or WRONG.
 *   ARRANGE        The expert arrangement: the learner moves the stones of one side
 *                  (kiela_lesson_step_get_arranger) among its own houses, as in the setup
 *                  phase of a game, the other side's staying as the step's position has them.
 *                  answer.arrangement is the whole board after it (the side to move
 *                  unchanged); the task's KielaArrangeGoal says what it must achieve.
 *
 * Texts in the structs are untranslated English marked N_() in the lesson's
 * translation domain; the kiela_lesson_*_get_*() accessors return them translated.
 */

/* The version of KielaLesson/KielaLessonStep a lesson is written for (KielaLesson.version). */
#define KIELA_LESSON_VERSION 1

typedef enum {
  KIELA_LESSON_BEGINNER = 0,
  KIELA_LESSON_ADVANCED = 1,
  KIELA_LESSON_EXPERT = 2,
} KielaLessonLevel;

typedef enum {
  KIELA_LESSON_KIND_COURSE = 0,   /* a lesson of the course: steps teach one idea */
  KIELA_LESSON_KIND_PUZZLES = 1,  /* a set of puzzles: every step is a BEST_MOVE task */
} KielaLessonKind;

typedef enum {
  KIELA_TASK_WATCH = 0,
  KIELA_TASK_SOW_HOUSE,
  KIELA_TASK_SOW_ANY,
  KIELA_TASK_PREDICT_LAST,
  KIELA_TASK_PREDICT_CAPTURE,
  KIELA_TASK_BEST_MOVE,
  KIELA_TASK_PLAY_OUT,
  KIELA_TASK_ARRANGE,
} KielaTaskKind;

/* What an ARRANGE step asks of the arrangement (KielaLessonTask.condition). */
typedef enum {
  /* The side to move arranges its own stones (the opponent's stay as the position has them)
   * so that its first move can capture at least `number` stones (1 when 0). */
  KIELA_ARRANGE_CAPTURES = 0,
  /* The side NOT to move arranges (as North arranges after South, who sows first) so that no
   * first move of the side to move captures anything. */
  KIELA_ARRANGE_SAFE,
} KielaArrangeGoal;

/* What a SOW_ANY move must do (KielaLessonTask.condition). */
typedef enum {
  KIELA_CONDITION_CAPTURES = 0,      /* captures at least once */
  KIELA_CONDITION_RELAYS,            /* relays at least once */
  KIELA_CONDITION_CAPTURES_AT_LEAST, /* captures at least `number` stones in all */
  KIELA_CONDITION_NO_REPLY_CAPTURE,  /* leaves the opponent no move that captures */
  KIELA_CONDITION_LONGEST,           /* drops the most stones of all legal moves (ties all right) */
  KIELA_CONDITION_ANY,               /* any legal move (a step about which houses may be sown) */
  KIELA_CONDITION_WINS,              /* leaves the opponent no legal move: the game is won at once */
} KielaLessonCondition;

/* What a PLAY_OUT game must reach (KielaLessonTask.condition). */
typedef enum {
  KIELA_GOAL_CAPTURE_ALL = 0,  /* the opponent is left without a stone */
  KIELA_GOAL_WIN,              /* the game ends with the learner winning */
  KIELA_GOAL_SURVIVE,          /* the learner has played `number` moves and not lost */
  /* A practice game: one of the learner's moves relays (captures) before the game is lost,
   * and within the learner's first `number` moves when `number` is not 0. */
  KIELA_GOAL_RELAY,
  KIELA_GOAL_CAPTURE,
  KIELA_GOAL_KEEP,             /* the learner plays `number` moves and the opponent captures nothing */
  /* A chain: one of the learner's moves captures twice or more (the stones of a capture, sown
   * on, end in a second capture, or relay into one), within the first `number` moves when not 0. */
  KIELA_GOAL_CHAIN,
} KielaLessonGoal;

typedef struct {
  KielaTaskKind kind;
  guint         condition;  /* KielaLessonCondition (SOW_ANY), KielaLessonGoal (PLAY_OUT), KielaArrangeGoal (ARRANGE) */
  /* The square of the move ("g1"): the move WATCH plays, the house SOW_HOUSE asks for,
   * the move PREDICT_* asks about, the answer of BEST_MOVE.  NULL otherwise. */
  const char   *move;
  /* PREDICT_LAST: the square where the move's last stone lands (checked at loading). */
  const char   *answer;
  /* PREDICT_CAPTURE: the stones the move captures (checked at loading);
   * SOW_ANY CAPTURES_AT_LEAST and ARRANGE CAPTURES: the least; PLAY_OUT SURVIVE and KEEP: the learner's moves;
   * PLAY_OUT RELAY, CAPTURE and CHAIN: the learner's moves it must take at most (0: no limit). */
  guint         number;
  /* PLAY_OUT: the opponent, a personality id ("mbemba"); checked once all plugins are loaded. */
  const char   *opponent;
  /* BEST_MOVE (kiela-cli puzzles generate): `depth` is the shallowest search depth that
   * already finds the answer with its lead (how hard the puzzle is), `margin` the lead
   * over the next best move (the smallest over kiela_lesson_puzzle_verify's checks at depth 10), in hundredths of a stone (a win
   * counts as KIELA_LESSON_WIN_MARGIN).  0 in hand-written steps. */
  guint         depth;
  gint          margin;
  /* PREDICT_LAST, PREDICT_CAPTURE: a KielaLessonDrill.  Not NONE: the step's position and
   * move are an example, and a host asks kiela_lesson_drill_generate for a fresh position
   * and move of that kind each time the step is shown.  (It took a reserved slot.) */
  gsize         drill;
  gpointer      reserved[3];
} KielaLessonTask;

/* What kind of move a drill step asks about (KielaLessonTask.drill). */
typedef enum {
  KIELA_DRILL_NONE = 0,
  KIELA_DRILL_ONE_LAP,   /* a move of one lap: its last stone lands in an empty house */
  KIELA_DRILL_RELAY,     /* a move that relays at least once and captures nothing */
  KIELA_DRILL_CAPTURE,   /* a move that captures */
  KIELA_DRILL_ONE_CAPTURE, /* a move that captures exactly once (no chain): for the lessons before chains */
} KielaLessonDrill;

#define KIELA_LESSON_WIN_MARGIN 100000

typedef struct {
  const char     *text;      /* narration, N_(): what to look at, what to do */
  const char     *position;  /* KPN of the lesson's variant; NULL = the variant's start */
  KielaLessonTask task;
  const char     *right;     /* N_(), may be NULL: a generic "Right!" is used */
  const char     *wrong;     /* N_(), may be NULL: a generic "Not quite." is used */
  const char     *hint;      /* N_(), may be NULL */
  gpointer        reserved[4];
} KielaLessonStep;

/*
 * The lesson itself.  Its layout keeps that of the reserved struct of plugin API 1:
 * `steps` took the place of `data`, and n_steps, level, kind and version took reserved
 * pointer-sized slots, so the plugin ABI is unchanged; lessons need plugin API 2.
 */
typedef struct {
  const char *id;                  /* [a-z0-9-]+ */
  const char *title;               /* N_() */
  const char *summary;             /* N_(): one sentence */
  const char *variant;             /* the variant id it plays: "kiela", "hawalis" */
  guint       order;               /* position in the course (lower first) */
  const char *translation_domain;  /* of its texts; NULL = "kiela" */
  const KielaLessonStep *steps;
  gsize       n_steps;             /* at least 1, at most KIELA_LESSON_MAX_STEPS */
  gsize       level;               /* KielaLessonLevel */
  gsize       kind;                /* KielaLessonKind */
  gsize       version;             /* KIELA_LESSON_VERSION */
  /* Teacher notes, N_(), each may be NULL (three reserved slots of plugin API 2, so a module
   * that left them zero has none): what the lesson teaches, the usual mistakes (one a line),
   * and an activity with real stones.  Shown under For Teachers and in the worksheet. */
  const char *objective;
  const char *misconceptions;
  const char *activity;
  gpointer    reserved[1];
} KielaLesson;

#define KIELA_LESSON_MAX_STEPS 200

/* An answer to a step: fill what its task kind reads (see above), leave the rest zero. */
typedef struct {
  KielaMove  move;     /* SOW_HOUSE, SOW_ANY, BEST_MOVE: a house of the side to move */
  KielaSide  side;     /* PREDICT_LAST: the house clicked, on either side */
  guint      house;
  guint      number;   /* PREDICT_CAPTURE */
  gboolean   watched;  /* WATCH: the learner reached the end of the move */
  gpointer   game;     /* PLAY_OUT: the KielaGame played from the step's position */
  /* ARRANGE: the board as the learner arranged it (took a reserved slot). */
  const KielaPosition *arrangement;
  gpointer   reserved[3];
} KielaLessonAnswer;

typedef enum {
  KIELA_LESSON_WRONG = 0,
  KIELA_LESSON_RIGHT,
  KIELA_LESSON_PENDING,   /* WATCH not finished, PLAY_OUT still going */
} KielaLessonVerdict;

/*
 * Checks `answer` to `step` of `lesson` (played on `variant`, the lesson's variant).
 * Returns the verdict; `feedback` (may be NULL) receives a translated text to show:
 * the step's right or wrong text followed by what the answer did ("d2 captures 3 stones,
 * but this task needs 4 or more."), or why the house may not be sown.  PENDING has no
 * feedback (NULL).  A step that fails kiela_lesson_validate gives WRONG with the reason.
 */
KIELA_AVAILABLE_IN_ALL KielaLessonVerdict kiela_lesson_check (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                                                              const KielaLessonAnswer *answer, char **feedback);
/* The same with the engine's sentences in `catalogue`'s language (kiela-catalogue.h; NULL: the
 * interface's); the step's own Right=/Wrong= text stays the interface's (the caller has the
 * lesson's texts in its language). */
KIELA_AVAILABLE_IN_ALL KielaLessonVerdict kiela_lesson_check_in (const KielaLesson *lesson, const KielaVariant *variant,
                                                                 guint step, const KielaLessonAnswer *answer,
                                                                 char **feedback, const KielaCatalogue *catalogue);

/*
 * Checks a whole lesson against its variant: the version, the texts, every step's
 * position parses for the variant (and is not already over), the task is achievable
 * (some legal move meets it; the house of SOW_HOUSE, and the moves of WATCH, PREDICT_*
 * and BEST_MOVE, are legal), and predictions are what the engine computes.  The error
 * (KIELA_ERROR_PLUGIN) names the lesson, the step (1-based) and the reason:
 * "lesson “relays”, step 2: e1 holds 1 stone: Kiela needs at least 2."
 * The registry calls this when a lesson is registered (or, when its variant comes from
 * a module loaded later, once all modules are loaded) and refuses a lesson that fails.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_validate (const KielaLesson *lesson, const KielaVariant *variant, GError **error);

/* Why step `step` (0-based) of `lesson` fails kiela_lesson_validate() (translated, without
 * the "lesson …, step N:" prefix), or NULL when it passes: an editor shows it on the step
 * that caused it.  `field` (may be NULL) receives what is at fault: "text", "position",
 * "move", "answer", "condition", "number", "opponent" or "task".  The opponent of a
 * PLAY_OUT step is not looked up (that needs a registry). */
KIELA_AVAILABLE_IN_ALL char *kiela_lesson_step_problem (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                                                       const char **field);

/* The step's position parsed (the variant's start when it has none).  FALSE with an
 * error when it does not parse for the variant. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_step_get_position (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                                                                KielaPosition *out, GError **error);
/* The step's move (WATCH, SOW_HOUSE, PREDICT_*, BEST_MOVE) as a house of the side to
 * move, or -1 when its task has none. */
KIELA_AVAILABLE_IN_ALL KielaMove kiela_lesson_step_get_move   (const KielaLesson *lesson, const KielaVariant *variant, guint step);

/* A right answer, for a host's "show me" button and for kiela-cli lessons check: fills
 * `answer` with one answer kiela_lesson_check() accepts.  FALSE for PLAY_OUT (a game has
 * no single right answer), ARRANGE (see kiela_lesson_step_right_arrangement) or an invalid step. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_step_right_answer (const KielaLesson *lesson, const KielaVariant *variant, guint step,
                                                                KielaLessonAnswer *answer);

/* ARRANGE: the side that arranges its stones (the side to move for KIELA_ARRANGE_CAPTURES,
 * the other for KIELA_ARRANGE_SAFE); -1 for other tasks or an invalid step. */
KIELA_AVAILABLE_IN_ALL gint     kiela_lesson_step_get_arranger     (const KielaLesson *lesson, const KielaVariant *variant,
                                                                    guint step);
/* ARRANGE: an arrangement kiela_lesson_check() accepts (found by the engine: for CAPTURES the
 * capture it prepares is the largest of those it tries), into `out`.  FALSE when none was found. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_step_right_arrangement (const KielaLesson *lesson, const KielaVariant *variant,
                                                                     guint step, KielaPosition *out);

/* A drill step's fresh position and move, found by random play from the variant's start
 * (seeded by `seed`, so a seed gives the same drill again): South to move, and `move` a legal
 * move of South of the step's drill kind.  FALSE for a step that is no drill, or when no
 * such position turned up (the host shows the step's own example then). */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_drill_generate (const KielaLesson *lesson, const KielaVariant *variant,
                                                             guint step, guint32 seed, KielaPosition *pos,
                                                             KielaMove *move);
/* Whether `move` from `pos` is of the kind `drill` asks for. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_drill_matches  (const KielaVariant *variant, const KielaPosition *pos,
                                                             KielaMove move, KielaLessonDrill drill);

/*
 * Walks every step of `lesson` as kiela-cli lessons check does: the right answer
 * (kiela_lesson_step_right_answer) must be RIGHT, and every wrong answer (each other
 * legal house, another landing house, another count, an unfinished WATCH) must be
 * WRONG with feedback (PENDING for WATCH).  A PLAY_OUT step is played out when
 * `registry` is given: a strong searcher (alphabeta, depth 4) plays the learner's side
 * against the step's opponent until the goal is reached (it must be) or 400 plies pass.
 * The error names the lesson, the step and what went wrong.
 */
typedef struct _KielaRegistry KielaRegistry;
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_walk (KielaRegistry *registry, const KielaLesson *lesson, const KielaVariant *variant,
                                                   GError **error);

/*
 * Puzzles: scores every legal move of `pos` with the alpha-beta search of the AI plugin
 * at a fixed depth ("alphabeta depth=<depth - 1> noise=0" on each move's child, so the
 * move itself is the first of `depth` plies) and gives the best move and its lead over
 * the next best, in hundredths of a stone (KIELA_LESSON_WIN_MARGIN when the best move
 * wins and no other does; 0 when two moves tie or there is only one legal move).
 * This is what kiela-cli puzzles generate keeps a puzzle by (a lead of 300, three
 * stones, or more at depth 8) and what the test suite re-verifies every shipped puzzle
 * with.  Fails when the registry has no "alphabeta" algorithm.  Deterministic.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_puzzle_score (KielaRegistry *registry, const KielaVariant *variant, const KielaPosition *pos,
                                                           guint depth, KielaMove *best, gint *margin, GError **error);

/*
 * Puzzles: is `answer` sound at `depth`?  The stronger check kiela-cli puzzles verify runs:
 * at `depth` and at `depth - 2`, under the AI's evaluation and under a plain material one
 * (stones only), `answer` must be the search's best move, leading every other by at least
 * three stones (or the only win); and at `depth` the side to move must not be lost whatever
 * it plays (more than five stones behind after the answer).  Returns FALSE only when the
 * search could not run (`error`); then `*why` is NULL when the puzzle is sound, else a
 * translated phrase saying which check failed ("the search prefers e2 at depth 8 under the
 * plain material evaluation").  `lead` (may be NULL) gets the smallest lead seen.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_puzzle_verify (KielaRegistry *registry, const KielaVariant *variant,
                                                            const KielaPosition *pos, KielaMove answer, guint depth,
                                                            gint *lead, char **why, GError **error);
/*
 * The line a puzzle's verdict rests on: `move`, then each side's best move in turn by the
 * alpha-beta search at the depth left (`depth - 1`, `depth - 2`, ...), at most `max_line`
 * moves in all, fewer when the game ends.  Returns the number of moves written to `line`
 * (0 when `move` is not legal, or with `error` when the search could not run).
 */
KIELA_AVAILABLE_IN_ALL guint kiela_lesson_puzzle_line (KielaRegistry *registry, const KielaVariant *variant,
                                                       const KielaPosition *pos, KielaMove move, guint depth,
                                                       KielaMove *line, guint max_line, GError **error);

/* A level's final test: a course lesson whose id starts with "final-" (mixed questions, no
 * hints); the runner says and records how many steps were right at the first try. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_lesson_is_final_test (const KielaLesson *lesson);

/* Translated texts (in the lesson's translation domain). */
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_get_title      (const KielaLesson *lesson);
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_get_summary    (const KielaLesson *lesson);
/* The teacher notes, translated; NULL when the lesson has none of that kind. */
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_get_objective  (const KielaLesson *lesson);
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_get_misconceptions (const KielaLesson *lesson);
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_get_activity   (const KielaLesson *lesson);
/* TRUE when it has any of the three. */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_lesson_has_notes      (const KielaLesson *lesson);
/* "Beginner", "Advanced", "Expert" (translated, context "lesson level"). */
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_level_name     (KielaLessonLevel level);
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_step_get_text  (const KielaLesson *lesson, guint step);
/* NULL when the step has no hint. */
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_step_get_hint  (const KielaLesson *lesson, guint step);
/* PLAY_OUT: the opponent's personality id; NULL for other tasks. */
KIELA_AVAILABLE_IN_ALL const char *kiela_lesson_step_get_opponent (const KielaLesson *lesson, guint step);
/* One line for lists: "Sow this house", "Find the best move", ... (translated). */
KIELA_AVAILABLE_IN_ALL const char *kiela_task_kind_name        (KielaTaskKind kind);

G_END_DECLS
