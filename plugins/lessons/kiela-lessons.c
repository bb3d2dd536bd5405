/* kiela-lessons.c: the course that teaches Kiela step by step, and three sets of puzzles, as a plugin. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include "kiela-tree-plugin.h"

/*
 * Positions are KPN (rank 4 / rank 3 / rank 2 / rank 1, files a..j); South is the
 * learner unless a step says otherwise.  Every lesson is checked when it is registered:
 * positions, legal moves, and that every prediction is what the engine computes.
 */

#define STEP(text_, pos_, task_, hint_) { .text = (text_), .position = (pos_), .task = task_, .hint = (hint_) }
#define SOW(sq)               { .kind = KIELA_TASK_SOW_HOUSE, .move = (sq) }
#define WATCH(sq)             { .kind = KIELA_TASK_WATCH, .move = (sq) }
#define ANY(cond)             { .kind = KIELA_TASK_SOW_ANY, .condition = (cond) }
#define ANY_N(cond, n)        { .kind = KIELA_TASK_SOW_ANY, .condition = (cond), .number = (n) }
#define LAST(sq, where)       { .kind = KIELA_TASK_PREDICT_LAST, .move = (sq), .answer = (where) }
#define CAPTURE(sq, n)        { .kind = KIELA_TASK_PREDICT_CAPTURE, .move = (sq), .number = (n) }
#define PLAY(goal, who, n)    { .kind = KIELA_TASK_PLAY_OUT, .condition = (goal), .opponent = (who), .number = (n) }

#define LESSON(id_, order_, level_, variant_, title_, summary_, steps_)                         \
  { .id = (id_), .title = (title_), .summary = (summary_), .variant = (variant_), .order = (order_), \
    .steps = (steps_), .n_steps = G_N_ELEMENTS (steps_), .level = (level_),                     \
    .kind = KIELA_LESSON_KIND_COURSE, .version = KIELA_LESSON_VERSION }

/* North's outer row full, its inner row empty: a quiet background for South's first moves. */
#define NORTH_QUIET "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/"

static const KielaLessonStep houses_steps[] = {
  /* TRANSLATORS: lesson “houses”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("The board has four rows of ten houses. You play South: the two rows nearest you are yours. "
           "Your outer row runs along your edge. Sow g1, a house of your outer row."),
        NULL, SOW ("g1"),
        /* TRANSLATORS: lesson “houses”, step 1: the hint */
        N_("Rows are numbered from your edge: row 1 is your outer row. g1 is its seventh house.")),
  /* TRANSLATORS: lesson “houses”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Your inner row is the second row, facing North’s inner row. North owns the two top rows: you never "
           "sow from them. Sow j2, the last house of your inner row."),
        NULL, SOW ("j2"),
        /* TRANSLATORS: lesson “houses”, step 2: the hint */
        N_("Row 2 is your inner row; j is the file on the far right.")),
};

static const KielaLessonStep sowing_steps[] = {
  /* TRANSLATORS: lesson “sowing”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("To sow, you lift all the stones of one of your houses and drop them one by one into the next houses. "
           "Watch c1: its 3 stones go into d1, e1 and f1."),
        NORTH_QUIET "0,0,0,0,0,0,0,0,0,0/0,0,3,0,0,0,0,0,0,0 s", WATCH ("c1"),
        /* TRANSLATORS: lesson “sowing”, step 1: the hint */
        N_("Press Play, or step through the move one stone at a time.")),
  /* TRANSLATORS: lesson “sowing”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Stones always travel anticlockwise round your own two rows: right along the outer row, up into the "
           "inner row, then left. Where will the last stone of h1 land?"),
        NORTH_QUIET "0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,4,0,0 s", LAST ("h1", "i2"),
        /* TRANSLATORS: lesson “sowing”, step 2: the hint */
        N_("Count four houses from h1: i1, j1, then up into your inner row.")),
  /* TRANSLATORS: lesson “sowing”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("At the left end the stones come back down into your outer row. Where will the last stone of b2 land?"),
        NORTH_QUIET "0,3,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 s", LAST ("b2", "b1"),
        /* TRANSLATORS: lesson “sowing”, step 3: the hint */
        N_("From b2 the stones go to a2, then down to a1, then right.")),
};

static const KielaLessonStep turn_end_steps[] = {
  /* TRANSLATORS: lesson “turn-end”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Your turn ends when the last stone of your hand lands in an empty house. Watch e1: its last stone "
           "lands in empty g1, and the move is over."),
        NORTH_QUIET "0,0,0,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,3 s", WATCH ("e1"),
        /* TRANSLATORS: lesson “turn-end”, step 1: the hint */
        N_("Only the last stone decides when the move ends.")),
  /* TRANSLATORS: lesson “turn-end”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Stones may drop into occupied houses on the way: only the last one matters. Where does the move of a1 end?"),
        NORTH_QUIET "0,0,0,0,0,0,0,0,0,0/3,1,1,0,0,0,0,0,0,0 s", LAST ("a1", "d1"),
        /* TRANSLATORS: lesson “turn-end”, step 2: the hint */
        N_("a1 holds 3 stones: count three houses to the right.")),
};

static const KielaLessonStep relay_outer_steps[] = {
  /* TRANSLATORS: lesson “relay-outer”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("If the last stone lands in one of your outer houses that already holds stones, you lift them all, the "
           "new one too, and sow on. This is a relay. Watch c1 relay at e1."),
        NORTH_QUIET "0,0,0,0,0,0,0,0,0,0/0,0,2,0,1,0,0,0,0,0 s", WATCH ("c1"),
        /* TRANSLATORS: lesson “relay-outer”, step 1: the hint */
        N_("Look at e1 when the last stone of c1 lands there.")),
  /* TRANSLATORS: lesson “relay-outer”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Now you: sow a house whose move relays."),
        NORTH_QUIET "0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,2,0,1,0,0 s", ANY (KIELA_CONDITION_RELAYS),
        /* TRANSLATORS: lesson “relay-outer”, step 2: the hint */
        N_("Find a house whose last stone lands on stones.")),
  /* TRANSLATORS: lesson “relay-outer”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("A relay can lead to another. Where does the move of f1 finally end?"),
        NORTH_QUIET "0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,2,0,1,0,0 s", LAST ("f1", "j1"),
        /* TRANSLATORS: lesson “relay-outer”, step 3: the hint */
        N_("f1 relays at h1: sow the 2 stones of h1 on.")),
};

static const KielaLessonStep relay_inner_steps[] = {
  /* TRANSLATORS: lesson “relay-inner”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("In your inner row a relay needs one more thing: North’s house facing it must be empty. Watch j1: "
           "its last stone lands on i2, North’s i3 is empty, so you lift and sow on."),
        "2,2,2,2,2,2,2,2,2,2/2,2,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s", WATCH ("j1"),
        /* TRANSLATORS: lesson “relay-inner”, step 1: the hint */
        N_("Look at the North house just above i2.")),
  /* TRANSLATORS: lesson “relay-inner”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Sow a house that relays in your inner row."),
        "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,2,2,0,0,0/1,0,2,0,0,0,0,2,0,0/0,0,0,0,0,0,0,0,0,0 s",
        ANY (KIELA_CONDITION_RELAYS),
        /* TRANSLATORS: lesson “relay-inner”, step 2: the hint */
        N_("Your inner row sows to the left. Which move ends on stones with an empty North house above?")),
};

static const KielaLessonStep capture_steps[] = {
  /* TRANSLATORS: lesson “capture”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("When your last stone lands on stones in your inner row and North’s house facing it holds stones, "
           "you capture: you take the stones of that North house and of the North outer house behind it. "
           "Watch j1 capture at i2."),
        "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s", WATCH ("j1"),
        /* TRANSLATORS: lesson “capture”, step 1: the hint */
        N_("The captured houses are i3 and i4.")),
  /* TRANSLATORS: lesson “capture”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("How many stones will j1 capture here?"),
        "2,2,2,2,2,2,2,2,3,2/0,0,0,0,0,0,0,0,3,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s", CAPTURE ("j1", 6),
        /* TRANSLATORS: lesson “capture”, step 2: the hint */
        N_("Add the stones of i3 and of i4 behind it.")),
  /* TRANSLATORS: lesson “capture”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Find the move that captures."),
        "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0,1,0/2,0,0,0,0,0,0,2,0,2 s",
        ANY (KIELA_CONDITION_CAPTURES),
        /* TRANSLATORS: lesson “capture”, step 3: the hint */
        N_("Which last stone lands on your stones in the inner row, below North’s stones?")),
};

static const KielaLessonStep army_steps[] = {
  /* TRANSLATORS: lesson “army”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Captured stones never leave the board: they join your army. You sow them on at once, from the house "
           "after the one that captured. Where will the last captured stone land after j1?"),
        "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,0,0,0,2 s", LAST ("j1", "e2"),
        /* TRANSLATORS: lesson “army”, step 1: the hint */
        N_("j1 captures 4 stones at i2; sow them from h2 to the left.")),
  /* TRANSLATORS: lesson “army”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("North captures the same way. Watch North sow b3: it captures d2 and d1, and sows the 3 stones into "
           "its own e3, f3 and g3."),
        "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,1,1,1,0,3,0,2/2,2,2,2,2,2,2,2,2,2 n", WATCH ("b3"),
        /* TRANSLATORS: lesson “army”, step 2: the hint */
        N_("North’s inner row sows to the right, towards j3.")),
};

static const KielaLessonStep chains_steps[] = {
  /* TRANSLATORS: lesson “chains”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("The last stone of your army is judged like any other: it may relay, or capture again. Watch i2 "
           "capture twice in one move."),
        "3,3,0,3,3,0,3,0,2,2/0,3,3,0,1,1,1,0,0,0/0,0,0,0,1,1,3,0,3,3/2,0,3,0,3,3,0,3,3,0 s", WATCH ("i2"),
        /* TRANSLATORS: lesson “chains”, step 1: the hint */
        N_("Count the captures in the list of steps.")),
  /* TRANSLATORS: lesson “chains”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Find a move that captures at least 5 stones in all."),
        "3,3,0,3,3,0,3,0,2,2/0,3,3,0,1,1,1,0,0,0/0,0,0,0,1,1,3,0,3,3/2,0,3,0,3,3,0,3,3,0 s",
        ANY_N (KIELA_CONDITION_CAPTURES_AT_LEAST, 5),
        /* TRANSLATORS: lesson “chains”, step 2: the hint */
        N_("Try the moves that capture, and follow the army.")),
  /* TRANSLATORS: lesson “chains”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Find the longest move here: the one that drops the most stones."),
        "3,3,0,3,3,0,3,0,2,2/0,3,3,0,1,1,1,0,0,0/0,0,0,0,1,1,3,0,3,3/2,0,3,0,3,3,0,3,3,0 s",
        ANY (KIELA_CONDITION_LONGEST),
        /* TRANSLATORS: lesson “chains”, step 3: the hint */
        N_("Relays and captures make a move long.")),
};

static const KielaLessonStep endless_steps[] = {
  /* TRANSLATORS: lesson “endless”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Relays can go round and round. Here a2 would circle your rows for ever: every 165 laps its stones are "
           "back where they started. A move still going after 1,000 laps never ends, and it may not be played. "
           "Try a2, then sow any house you may."),
        "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/2,1,0,1,2,0,1,2,0,1/2,1,3,2,1,0,1,0,1,0 s",
        ANY (KIELA_CONDITION_ANY),
        /* TRANSLATORS: lesson “endless”, step 1: the hint */
        N_("Any house with 2 stones or more may be sown, except a2.")),
  /* TRANSLATORS: lesson “endless”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Long moves are fine as long as they end. Find the longest move that may be played."),
        "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/2,1,0,1,2,0,1,2,0,1/2,1,3,2,1,0,1,0,1,0 s",
        ANY (KIELA_CONDITION_LONGEST),
        /* TRANSLATORS: lesson “endless”, step 2: the hint */
        N_("Try the houses one by one and compare the stones dropped.")),
};

static const KielaLessonStep singles_steps[] = {
  /* TRANSLATORS: lesson “singles”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("In the advanced game you may only sow a house with at least 2 stones: single stones wait. (In the "
           "beginner game, singles may be sown too.) Sow a house you may sow."),
        NORTH_QUIET "0,1,0,0,1,0,0,1,0,0/1,0,1,0,2,0,1,0,1,0 s", ANY (KIELA_CONDITION_ANY),
        /* TRANSLATORS: lesson “singles”, step 1: the hint */
        N_("Look for a house with 2 stones.")),
  /* TRANSLATORS: lesson “singles”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Only one of your houses may be sown here. Which?"),
        NORTH_QUIET "0,1,0,1,0,1,0,3,0,1/1,0,1,0,1,0,1,0,1,0 s", ANY (KIELA_CONDITION_ANY),
        /* TRANSLATORS: lesson “singles”, step 2: the hint */
        N_("Count the stones: one house holds more than one.")),
};

static const KielaLessonStep expert_steps[] = {
  /* TRANSLATORS: lesson “expert”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("In the expert game each player first arranges their 28 stones freely over their own 20 houses: South "
           "first, then North. A good arrangement prepares a capture. This one has a capture ready: find it."),
        "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,1,0,2,0,0,0,5/2,2,2,2,2,2,2,2,2,2 s",
        ANY (KIELA_CONDITION_CAPTURES),
        /* TRANSLATORS: lesson “expert”, step 1: the hint */
        N_("North’s stones are in a3 to d3. Which move ends on your stones below them?")),
  /* TRANSLATORS: lesson “expert”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("How many stones does f2 capture in this arrangement?"),
        "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,1,0,2,0,0,0,5/2,2,2,2,2,2,2,2,2,2 s", CAPTURE ("f2", 4),
        /* TRANSLATORS: lesson “expert”, step 2: the hint */
        N_("f2 ends on d2, below d3. Add d3 and d4.")),
};

static const KielaLessonStep game_end_steps[] = {
  /* TRANSLATORS: lesson “game-end”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("A player who cannot move on their turn loses. North has only single stones, which may not be sown. "
           "Make any move, and win."),
        "1,0,1,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s",
        PLAY (KIELA_GOAL_WIN, "kizua", 0),
        /* TRANSLATORS: lesson “game-end”, step 1: the hint */
        N_("Any move wins here.")),
  /* TRANSLATORS: lesson “game-end”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("A game also ends when the same position, with the same player to move, comes up for the third "
           "time: then it is a draw. Kiela counts the positions for you. Sow any house to finish the lesson."),
        NULL, ANY (KIELA_CONDITION_ANY),
        /* TRANSLATORS: lesson “game-end”, step 2: the hint */
        N_("A draw is better than a loss when you are behind.")),
};

static const KielaLessonStep protect_steps[] = {
  /* TRANSLATORS: lesson “protect”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Your inner stones are in danger when North can end a move on the house facing them. North threatens "
           "e2 from c3. Find a move after which North has no capture."),
        "0,0,0,0,0,0,0,0,0,0/0,0,2,0,1,0,0,0,0,0/0,0,0,0,3,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 s",
        ANY (KIELA_CONDITION_NO_REPLY_CAPTURE),
        /* TRANSLATORS: lesson “protect”, step 1: the hint */
        N_("An empty house cannot be captured: move the stones of e2 away.")),
  /* TRANSLATORS: lesson “protect”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Now play against Zola, who never misses a capture. Keep your inner houses safe and last 6 moves."),
        NULL, PLAY (KIELA_GOAL_SURVIVE, "zola", 6),
        /* TRANSLATORS: lesson “protect”, step 2: the hint */
        N_("Before each move, look at what North could capture next.")),
};

static const KielaLessonStep reach_steps[] = {
  /* TRANSLATORS: lesson “reach”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("The best defence can be an attack: capture the stones North would attack you with. North threatens "
           "f2 from d3. Find the move that leaves North no capture."),
        "0,0,0,1,0,0,0,0,0,0/0,0,0,2,0,1,0,0,0,0/0,0,0,1,0,2,0,0,0,0/2,0,0,0,0,0,0,0,0,0 s",
        ANY (KIELA_CONDITION_NO_REPLY_CAPTURE),
        /* TRANSLATORS: lesson “reach”, step 1: the hint */
        N_("Can you capture d3 first?")),
  /* TRANSLATORS: lesson “reach”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("You are far ahead. Empty North’s houses until it cannot move, and win against Kizua."),
        "2,0,0,0,2,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s",
        PLAY (KIELA_GOAL_WIN, "kizua", 0),
        /* TRANSLATORS: lesson “reach”, step 2: the hint */
        N_("Capture North’s stones when they come into its inner row.")),
};

static const KielaLessonStep hawalis_steps[] = {
  /* TRANSLATORS: lesson “hawalis”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("Hawalis, from Oman, is played on seven files. Its capture is the other way round: the last stone "
           "must land in an EMPTY house of your inner row, facing North’s stones. Find a move that captures."),
        NULL, ANY (KIELA_CONDITION_CAPTURES),
        /* TRANSLATORS: lesson “hawalis”, step 1: the hint */
        N_("Relays go on until a last stone lands in an empty house.")),
  /* TRANSLATORS: lesson “hawalis”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
  STEP (N_("In Hawalis captured stones leave the board, and the move ends. How many stones does g2 capture?"),
        NULL, CAPTURE ("g2", 4),
        /* TRANSLATORS: lesson “hawalis”, step 2: the hint */
        N_("A capture takes the North inner house and the outer house behind it.")),
};

/* ---- puzzles (plugins/lessons/kiela-puzzles-data.h, from kiela-cli puzzles generate) ---- */

/* TRANSLATORS: the text of every puzzle */
#define PUZZLE_TEXT N_("South to move. One move is clearly better than all the others: find it.")
/* TRANSLATORS: the hint of a puzzle whose answer captures */
#define PUZZLE_HINT_CAPTURE N_("The best move captures.")
/* TRANSLATORS: the hint of a puzzle whose answer captures nothing */
#define PUZZLE_HINT_QUIET N_("The best move captures nothing now, but prepares something.")
#define PUZZLE(kpn, sq, depth_, margin_, hint_) \
  { .text = PUZZLE_TEXT, .position = (kpn), .hint = (hint_), \
    .task = { .kind = KIELA_TASK_BEST_MOVE, .move = (sq), .depth = (depth_), .margin = (margin_) } }

#include "kiela-puzzles-data.h"

#define PUZZLES(id_, order_, level_, title_, summary_, steps_)                                  \
  { .id = (id_), .title = (title_), .summary = (summary_), .variant = "kiela", .order = (order_), \
    .steps = (steps_), .n_steps = G_N_ELEMENTS (steps_), .level = (level_),                     \
    .kind = KIELA_LESSON_KIND_PUZZLES, .version = KIELA_LESSON_VERSION }

static const KielaLesson lessons[] = {
  /* TRANSLATORS: the title of lesson “houses” */
  LESSON ("houses", 10, KIELA_LESSON_BEGINNER, "kiela-beginner", N_("Your houses"),
          /* TRANSLATORS: the one-line summary of lesson “houses” */
          N_("Which houses are yours, and which are North’s."), houses_steps),
  /* TRANSLATORS: the title of lesson “sowing” */
  LESSON ("sowing", 20, KIELA_LESSON_BEGINNER, "kiela", N_("Sowing"),
          /* TRANSLATORS: the one-line summary of lesson “sowing” */
          N_("Stones go round your two rows, anticlockwise."), sowing_steps),
  /* TRANSLATORS: the title of lesson “turn-end” */
  LESSON ("turn-end", 30, KIELA_LESSON_BEGINNER, "kiela", N_("The end of a turn"),
          /* TRANSLATORS: the one-line summary of lesson “turn-end” */
          N_("A move ends when its last stone lands in an empty house."), turn_end_steps),
  /* TRANSLATORS: the title of lesson “relay-outer” */
  LESSON ("relay-outer", 40, KIELA_LESSON_BEGINNER, "kiela", N_("Relays in the outer row"),
          /* TRANSLATORS: the one-line summary of lesson “relay-outer” */
          N_("A last stone on stones in your outer row lifts them and sows on."), relay_outer_steps),
  /* TRANSLATORS: the title of lesson “relay-inner” */
  LESSON ("relay-inner", 50, KIELA_LESSON_ADVANCED, "kiela", N_("Relays in the inner row"),
          /* TRANSLATORS: the one-line summary of lesson “relay-inner” */
          N_("In the inner row, you relay when North’s facing house is empty."), relay_inner_steps),
  /* TRANSLATORS: the title of lesson “capture” */
  LESSON ("capture", 60, KIELA_LESSON_ADVANCED, "kiela", N_("Capturing"),
          /* TRANSLATORS: the one-line summary of lesson “capture” */
          N_("Take North’s inner house and the outer house behind it."), capture_steps),
  /* TRANSLATORS: the title of lesson “army” */
  LESSON ("army", 70, KIELA_LESSON_ADVANCED, "kiela", N_("Your army grows"),
          /* TRANSLATORS: the one-line summary of lesson “army” */
          N_("Captured stones join your army and are sown on at once."), army_steps),
  /* TRANSLATORS: the title of lesson “chains” */
  LESSON ("chains", 80, KIELA_LESSON_ADVANCED, "kiela", N_("Chains of captures"),
          /* TRANSLATORS: the one-line summary of lesson “chains” */
          N_("One move can capture again and again."), chains_steps),
  /* TRANSLATORS: the title of lesson “endless” */
  LESSON ("endless", 90, KIELA_LESSON_ADVANCED, "kiela", N_("Moves that never end"),
          /* TRANSLATORS: the one-line summary of lesson “endless” */
          N_("A move still going after 1,000 laps may not be played."), endless_steps),
  /* TRANSLATORS: the title of lesson “singles” */
  LESSON ("singles", 100, KIELA_LESSON_ADVANCED, "kiela", N_("Single stones"),
          /* TRANSLATORS: the one-line summary of lesson “singles” */
          N_("When a house with one stone may be sown."), singles_steps),
  /* TRANSLATORS: the title of lesson “expert” */
  LESSON ("expert", 110, KIELA_LESSON_EXPERT, "kiela-expert", N_("The expert arrangement"),
          /* TRANSLATORS: the one-line summary of lesson “expert” */
          N_("Arrange your stones before the first move."), expert_steps),
  /* TRANSLATORS: the title of lesson “game-end” */
  LESSON ("game-end", 120, KIELA_LESSON_ADVANCED, "kiela", N_("How a game ends"),
          /* TRANSLATORS: the one-line summary of lesson “game-end” */
          N_("No move loses; a third repetition draws."), game_end_steps),
  /* TRANSLATORS: the title of lesson “protect” */
  LESSON ("protect", 130, KIELA_LESSON_ADVANCED, "kiela", N_("Protect your inner row"),
          /* TRANSLATORS: the one-line summary of lesson “protect” */
          N_("Leave North nothing to capture."), protect_steps),
  /* TRANSLATORS: the title of lesson “reach” */
  LESSON ("reach", 140, KIELA_LESSON_EXPERT, "kiela", N_("Empty North’s reach"),
          /* TRANSLATORS: the one-line summary of lesson “reach” */
          N_("Take away the stones North would attack with."), reach_steps),
  /* TRANSLATORS: the title of lesson “hawalis” */
  LESSON ("hawalis", 150, KIELA_LESSON_ADVANCED, "hawalis", N_("Hawalis"),
          /* TRANSLATORS: the one-line summary of lesson “hawalis” */
          N_("The same board idea, with captures into empty houses."), hawalis_steps),
  /* TRANSLATORS: the title of lesson “puzzles-easy” */
  PUZZLES ("puzzles-easy", 200, KIELA_LESSON_BEGINNER, N_("Puzzles: easy"),
          /* TRANSLATORS: the one-line summary of lesson “puzzles-easy” */
           N_("Find the best move: the answer can be seen one or two moves ahead."), puzzles_easy),
  /* TRANSLATORS: the title of lesson “puzzles-medium” */
  PUZZLES ("puzzles-medium", 210, KIELA_LESSON_ADVANCED, N_("Puzzles: medium"),
          /* TRANSLATORS: the one-line summary of lesson “puzzles-medium” */
           N_("Find the best move: look a few moves ahead."), puzzles_medium),
  /* TRANSLATORS: the title of lesson “puzzles-hard” */
  PUZZLES ("puzzles-hard", 220, KIELA_LESSON_EXPERT, N_("Puzzles: hard"),
          /* TRANSLATORS: the one-line summary of lesson “puzzles-hard” */
           N_("Find the best move: only deep thinking finds it."), puzzles_hard),
};

static const KielaPluginInfo info =
  KIELA_TREE_PLUGIN_INFO ("kiela-lessons", N_("Kiela lessons"),
                          N_("Lessons that teach Kiela step by step, and puzzles from real games"));

static gboolean
lessons_register (KielaRegistry *registry, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (lessons); i++)
    if (!kiela_registry_add_lesson (registry, &lessons[i], error))
      return FALSE;
  return TRUE;
}

KIELA_PLUGIN_DEFINE (info, lessons_register)
