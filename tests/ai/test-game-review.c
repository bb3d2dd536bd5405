/* test-game-review.c: kiela_review judges the moves of constructed games by the stones they give up, on a worker thread too. */

#include <string.h>

#include "ai-test-common.h"

static KielaRegistry *registry;

/* Evaluation by stones alone, no quiescence: a move's loss is exactly the stones it hands over. */
#define MATERIAL_AI "alphabeta w-mobility=0 w-exposure=0 w-threat=0 w-safe=0 w-tempo=0 qs=0"

/*
 * South to move with a1 (2), c1 (5) and e2 (2) to sow; North has a3 (2), c3 (1) and five single
 * stones on its outer row, so a3 is North's only move.  a3 drops into b3 and c3: c3 was occupied,
 * so if South's c2 holds stones North captures c2 + c1, else it relays into d3 and e3 and stops.
 * South e2 drops into d2 and c2 (1 stone): North's a3 then captures c2 (1) + c1 (5) = 6 stones.
 * South a1 (which relays c1's stones along the outer row) and c1 leave c2 empty: nothing is lost.
 */
#define LOSES_SIX "0,0,0,0,0,1,1,1,1,1/2,0,1,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0/2,0,5,0,0,0,0,0,0,0 s"
/* The same with 8 stones in c1: e2 lets North capture 1 + 8 = 9. */
#define LOSES_NINE "0,0,0,0,0,1,1,1,1,1/2,0,1,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0/2,0,8,0,0,0,0,0,0,0 s"

/* A game of `moves` (squares, NULL-terminated) from `kpn`. */
static KielaGame *
game_from (const char *kpn, const char *const *moves)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  KielaPosition pos = ai_test_parse (kpn);
  g_autoptr(GError) error = NULL;
  KielaGame *game = kiela_game_new_from_position (v, &pos, &error);

  g_assert_no_error (error);
  for (guint i = 0; moves != NULL && moves[i] != NULL; i++)
    {
      g_assert_true (kiela_game_play_square (game, moves[i], NULL, &error));
      g_assert_no_error (error);
    }
  return game;
}

static KielaReview *
review_of (KielaGame *game, const char *ai, guint depth, guint64 nodes)
{
  KielaReviewOptions options = { .ai = ai, .depth = depth, .max_nodes = nodes };
  g_autoptr(GError) error = NULL;
  KielaReview *review = kiela_review_new (registry, game, &options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (review);
  return review;
}

static char *
square (KielaReview *review, guint index, KielaMove move)
{
  const KielaPosition *pos = kiela_review_get_position (review, index);

  return kiela_square_name_dup (pos->files, (KielaSide) pos->to_move, (guint) move);
}

/* Judges `played` from `kpn` at depth 2 with the material AI. */
static KielaReview *
judge_one (const char *kpn, const char *played)
{
  const char *moves[] = { played, NULL };
  g_autoptr(KielaGame) game = game_from (kpn, moves);
  KielaReview *review = review_of (game, MATERIAL_AI, 2, 0);
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_review_run (review, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_review_get_n_judged (review), ==, 1);
  return review;
}

static void
test_known_loss (void)
{
  g_autoptr(KielaReview) six = judge_one (LOSES_SIX, "e2");
  g_autoptr(KielaReview) nine = judge_one (LOSES_NINE, "e2");
  const KielaReviewMove *m = kiela_review_get_move (six, 0);
  g_autofree char *best = square (six, 0, m->best);
  g_autofree char *move = square (six, 0, m->move);

  g_assert_cmpuint (m->ply, ==, 1);
  g_assert_cmpint (m->side, ==, KIELA_SOUTH);
  g_assert_cmpstr (move, ==, "e2");
  /* Either quiet move is as good as the other; the engine names one of them. */
  g_assert_true (g_str_equal (best, "a1") || g_str_equal (best, "c1"));
  g_assert_cmpint (m->loss, ==, 6);
  g_assert_cmpint (m->loss_cs, ==, 600);
  g_assert_cmpint (m->grade, ==, KIELA_GRADE_MISTAKE);
  g_assert_false (m->won_to_lost);
  /* The refutation: North's a3 answers the move. */
  g_assert_cmpuint (m->n_reply, >=, 2);
  {
    g_autofree char *answer = kiela_square_name_dup (10, KIELA_NORTH, (guint) m->reply[1]);
    g_assert_cmpstr (answer, ==, "a3");
  }
  /* South had 9 stones to North's 8 (+0.5 above an even share) and keeps 3 to 14 (−5.5). */
  g_assert_cmpint (m->best_score, ==, 50);
  g_assert_cmpint (m->score, ==, -550);

  m = kiela_review_get_move (nine, 0);
  g_assert_cmpint (m->loss, ==, 9);
  g_assert_cmpint (m->grade, ==, KIELA_GRADE_BLUNDER);
  g_assert_cmpstr (kiela_review_grade_mark (m->grade), ==, "??");
}

/* The engine's own move, and a move as good as it, are never marked. */
static void
test_best_not_marked (void)
{
  g_autoptr(KielaReview) a1 = judge_one (LOSES_SIX, "a1");
  g_autoptr(KielaReview) c1 = judge_one (LOSES_SIX, "c1");
  const KielaReviewMove *ma = kiela_review_get_move (a1, 0), *mc = kiela_review_get_move (c1, 0);

  g_assert_cmpint (ma->loss, ==, 0);
  g_assert_cmpint (ma->grade, ==, KIELA_GRADE_BEST);
  g_assert_cmpint (mc->loss, ==, 0);
  g_assert_cmpint (mc->grade, ==, KIELA_GRADE_BEST);
  g_assert_cmpstr (kiela_review_grade_mark (ma->grade), ==, "");
}

/* South i1 captures North's last real stones and wins; e1 throws that away. */
static void
test_thrown_win (void)
{
  g_autoptr(KielaReview) review = judge_one (AI_TEST_CAPTURE_WINS, "e1");
  const KielaReviewMove *m = kiela_review_get_move (review, 0);
  g_autofree char *best = square (review, 0, m->best);

  g_assert_cmpstr (best, ==, "i1");
  g_assert_cmpint (m->grade, ==, KIELA_GRADE_BLUNDER);
  /* The win counts as all 17 stones: South holds 8.5 above an even share. */
  g_assert_cmpint (m->best_score, ==, 850);
  g_assert_cmpint (m->loss, >=, KIELA_REVIEW_BLUNDER_LOSS);
}

static void
test_thresholds (void)
{
  static const struct { gint loss; KielaReviewGrade grade; } edges[] = {
    { 0, KIELA_GRADE_BEST }, { 1, KIELA_GRADE_GOOD }, { 2, KIELA_GRADE_INACCURACY }, { 3, KIELA_GRADE_INACCURACY },
    { 4, KIELA_GRADE_MISTAKE }, { 6, KIELA_GRADE_MISTAKE }, { 7, KIELA_GRADE_BLUNDER }, { 56, KIELA_GRADE_BLUNDER },
  };

  for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
    g_assert_cmpint (kiela_review_classify (edges[i].loss, FALSE), ==, edges[i].grade);
  /* Turning a won game into a lost one is a blunder whatever the stones say (a board of few stones). */
  g_assert_cmpint (kiela_review_classify (0, TRUE), ==, KIELA_GRADE_BLUNDER);
  g_assert_cmpint (kiela_review_classify (3, TRUE), ==, KIELA_GRADE_BLUNDER);
  g_assert_cmpstr (kiela_review_grade_id (KIELA_GRADE_INACCURACY), ==, "inaccuracy");
  g_assert_cmpstr (kiela_review_grade_mark (KIELA_GRADE_INACCURACY), ==, "?!");
  g_assert_cmpstr (kiela_review_grade_mark (KIELA_GRADE_MISTAKE), ==, "?");
  g_assert_cmpfloat_with_epsilon (kiela_review_move_accuracy (0), 100.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (kiela_review_move_accuracy (2), 72.25, 1e-9);
}

/* A game of `n` plies: the strongest player against itself at a small fixed depth, seeded noise. */
static KielaGame *
played_game (guint n)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  KielaGame *game = kiela_game_new (v);
  g_autoptr(KielaAiConfig) a = ai_test_config (registry, "alphabeta", "depth=3 noise=150");

  for (guint i = 0; i < n && !kiela_game_is_over (game); i++)
    {
      KielaAiRequest r = ai_test_request (v, kiela_game_get_position (game), 11 + i);
      KielaAiReply reply;
      g_autoptr(GError) error = NULL;

      g_assert_true (kiela_ai_config_think (a, &r, &reply, &error));
      g_assert_true (kiela_game_play (game, reply.move, NULL, &error));
    }
  return game;
}

static void
assert_same (KielaReview *a, KielaReview *b)
{
  g_assert_cmpuint (kiela_review_get_n_judged (a), ==, kiela_review_get_n_judged (b));
  for (guint i = 0; i < kiela_review_get_n_judged (a); i++)
    {
      const KielaReviewMove *x = kiela_review_get_move (a, i), *y = kiela_review_get_move (b, i);

      g_assert_cmpint (x->best, ==, y->best);
      g_assert_cmpint (x->loss_cs, ==, y->loss_cs);
      g_assert_cmpint (x->score, ==, y->score);
      g_assert_cmpuint (x->n_line, ==, y->n_line);
      g_assert_cmpmem (x->line, x->n_line * sizeof (KielaMove), y->line, y->n_line * sizeof (KielaMove));
    }
}

/* Fixed depth or fixed nodes: the same review on every run; the best move is never marked;
 * the summary counts what the moves say. */
static void
test_game (void)
{
  g_autoptr(KielaGame) game = played_game (30);
  guint n = kiela_game_get_n_moves (game);
  g_autoptr(KielaReview) r1 = review_of (game, NULL, 4, 0);
  g_autoptr(KielaReview) r2 = review_of (game, NULL, 4, 0);
  g_autoptr(KielaReview) n1 = review_of (game, NULL, 0, 3000);
  g_autoptr(KielaReview) n2 = review_of (game, NULL, 0, 3000);
  g_autoptr(GError) error = NULL;
  KielaReviewSide south, north;
  guint counted[2][KIELA_REVIEW_N_GRADES] = { { 0 } }, marked = 0;

  g_assert_cmpuint (n, >=, 10);
  g_assert_true (kiela_review_run (r1, NULL, &error));
  g_assert_true (kiela_review_run (r2, NULL, &error));
  g_assert_true (kiela_review_run (n1, NULL, &error));
  g_assert_true (kiela_review_run (n2, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_review_get_n_judged (r1), ==, n);
  g_assert_cmpuint (kiela_review_get_depth (r1), ==, 4);
  g_assert_cmpuint (kiela_review_get_depth (n1), ==, 0);
  assert_same (r1, r2);
  assert_same (n1, n2);

  for (guint i = 0; i < n; i++)
    {
      const KielaReviewMove *m = kiela_review_get_move (r1, i);

      g_assert_cmpuint (m->ply, ==, i + 1);
      g_assert_cmpint (m->side, ==, kiela_game_get_move (game, i)->mover);
      g_assert_cmpint (m->move, ==, kiela_game_get_move (game, i)->move);
      g_assert_cmpint (m->line[0], ==, m->best);
      g_assert_cmpint (m->reply[0], ==, m->move);
      g_assert_cmpint (m->loss, >=, 0);
      if (m->move == m->best)
        {
          g_assert_cmpint (m->loss, ==, 0);
          g_assert_cmpint (m->grade, ==, KIELA_GRADE_BEST);
          g_assert_cmpint (m->score, ==, m->best_score);
        }
      g_assert_cmpint (m->grade, ==, kiela_review_classify (m->loss, m->won_to_lost));
      counted[m->side][m->grade]++;
      marked += m->grade >= KIELA_GRADE_INACCURACY;
    }
  /* The noisy player makes mistakes that the review finds. */
  g_assert_cmpuint (marked, >, 0);
  kiela_review_get_summary (r1, KIELA_SOUTH, &south);
  kiela_review_get_summary (r1, KIELA_NORTH, &north);
  g_assert_cmpuint (south.n_moves + north.n_moves, ==, n);
  g_assert_cmpuint (south.n_moves, ==, (n + 1) / 2);
  g_assert_cmpmem (south.counts, sizeof south.counts, counted[KIELA_SOUTH], sizeof counted[0]);
  g_assert_cmpmem (north.counts, sizeof north.counts, counted[KIELA_NORTH], sizeof counted[0]);
  g_assert_cmpfloat (south.accuracy, >, 0);
  g_assert_cmpfloat (south.accuracy, <=, 100);
}

typedef struct {
  GMainLoop *loop;
  gboolean   ok;
  GError    *error;
  gint64     done_at;
  guint      signalled;
} AsyncRun;

static void
on_judged (KielaReview *review, guint index, AsyncRun *run)
{
  /* In order, and readable from here. */
  g_assert_cmpuint (index, ==, run->signalled);
  g_assert_cmpuint (kiela_review_get_n_judged (review), ==, index + 1);
  g_assert_cmpuint (kiela_review_get_move (review, index)->ply, ==, index + 1);
  run->signalled++;
}

static void
on_done (GObject *source, GAsyncResult *result, gpointer data)
{
  AsyncRun *run = data;

  run->ok = kiela_review_run_finish (KIELA_REVIEW (source), result, &run->error);
  run->done_at = g_get_monotonic_time ();
  g_main_loop_quit (run->loop);
}

/* On a worker thread: each move arrives by the signal before the end, and the result is the
 * one a run on the calling thread gives. */
static void
test_async (void)
{
  g_autoptr(KielaGame) game = played_game (16);
  g_autoptr(KielaReview) sync = review_of (game, NULL, 4, 0);
  g_autoptr(KielaReview) async = review_of (game, NULL, 4, 0);
  AsyncRun run = { .loop = g_main_loop_new (NULL, FALSE) };

  g_assert_true (kiela_review_run (sync, NULL, NULL));
  g_signal_connect (async, "move-judged", G_CALLBACK (on_judged), &run);
  kiela_review_run_async (async, NULL, on_done, &run);
  g_main_loop_run (run.loop);
  g_assert_no_error (run.error);
  g_assert_true (run.ok);
  g_assert_cmpuint (run.signalled, ==, kiela_game_get_n_moves (game));
  assert_same (sync, async);
  g_main_loop_unref (run.loop);
}

typedef struct {
  GThread *thread;
  guint    signalled, elsewhere;
} ThreadRun;

static void
on_judged_where (KielaReview *review, guint index, ThreadRun *run)
{
  run->signalled++;
  if (g_thread_self () != run->thread)
    run->elsewhere++;
}

static void
on_done_quit (GObject *source, GAsyncResult *result, gpointer data)
{
  g_assert_true (kiela_review_run_finish (KIELA_REVIEW (source), result, NULL));
  g_main_loop_quit (data);
}

/* While the caller's thread is busy outside its loop, the worker's moves wait for the loop:
 * none is signalled on the worker's thread, nor before the caller is back in its loop (the
 * window connects to "move-judged" after starting the review). */
static void
test_async_thread (void)
{
  g_autoptr(KielaGame) game = played_game (4);
  g_autoptr(KielaReview) review = review_of (game, MATERIAL_AI, 2, 0);
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  ThreadRun run = { g_thread_self (), 0, 0 };

  g_signal_connect (review, "move-judged", G_CALLBACK (on_judged_where), &run);
  kiela_review_run_async (review, NULL, on_done_quit, loop);
  /* Depth 2 over four moves takes a few milliseconds: the worker is done long before this. */
  g_usleep (400 * 1000);
  g_assert_cmpuint (run.signalled, ==, 0);
  g_assert_cmpuint (kiela_review_get_n_judged (review), ==, 0);
  g_main_loop_run (loop);
  g_assert_cmpuint (run.signalled, ==, kiela_game_get_n_moves (game));
  g_assert_cmpuint (run.elsewhere, ==, 0);
  g_main_loop_unref (loop);
}

static gboolean
cancel_now (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* A deep review cancelled a moment after it starts finishes within 100 ms, cancelled. */
static void
test_cancel (void)
{
  g_autoptr(KielaGame) game = played_game (40);
  g_autoptr(KielaReview) review = review_of (game, NULL, 20, 0);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AsyncRun run = { .loop = g_main_loop_new (NULL, FALSE) };

  g_signal_connect (review, "move-judged", G_CALLBACK (on_judged), &run);
  kiela_review_run_async (review, cancellable, on_done, &run);
  g_timeout_add (50, cancel_now, cancellable);
  g_main_loop_run (run.loop);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (run.ok);
  /* Depth 20 takes far longer than 50 ms a position: it was stopped mid-review. */
  g_assert_cmpuint (kiela_review_get_n_judged (review), <, kiela_game_get_n_moves (game));
  g_clear_error (&run.error);
  g_main_loop_unref (run.loop);
}

static void
test_cancel_time (void)
{
  g_autoptr(KielaGame) game = played_game (40);
  g_autoptr(KielaReview) review = review_of (game, NULL, 20, 0);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AsyncRun run = { .loop = g_main_loop_new (NULL, FALSE) };
  gint64 cancelled_at;

  kiela_review_run_async (review, cancellable, on_done, &run);
  /* Let it get deep into a search, then cancel and time the end. */
  g_usleep (80 * 1000);
  cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (cancellable);
  g_main_loop_run (run.loop);
  g_test_message ("stopped %.1f ms after the cancel", (run.done_at - cancelled_at) / 1000.0);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (run.done_at - cancelled_at, <, 100 * 1000);
  g_clear_error (&run.error);
  g_main_loop_unref (run.loop);
}

/* Learn from Your Mistakes: South's blunder e2 becomes a puzzle from the position before it,
 * whose one answer is the better move c1 (a3, North's only move, makes none). */
static void
test_mistakes_lesson (void)
{
  const char *moves[] = { "e2", "a3", NULL };
  g_autoptr(KielaGame) game = game_from (LOSES_NINE, moves);
  g_autoptr(KielaReview) review = review_of (game, NULL, 0, 0);
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaReviewLesson) puzzles = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *start = NULL;
  const KielaLesson *lesson;
  KielaLessonAnswer answer = { 0 };
  KielaPosition pos = ai_test_parse (LOSES_NINE);

  g_assert_true (kiela_review_run (review, NULL, &error));
  g_assert_cmpint (kiela_review_get_move (review, 0)->grade, ==, KIELA_GRADE_BLUNDER);
  /* c1 wins (North is left single stones); a1, the other quiet move, does not. */
  g_test_message ("c1 leads by %d", kiela_review_get_move (review, 0)->lead_cs);
  g_assert_cmpint (kiela_review_get_move (review, 0)->lead_cs, >=, KIELA_REVIEW_PUZZLE_LEAD);
  g_assert_cmpint (kiela_review_get_move (review, 1)->lead_cs, ==, 0);

  puzzles = kiela_review_lesson_new (review, 1u << KIELA_SOUTH | 1u << KIELA_NORTH, "mistakes-test", &error);
  g_assert_no_error (error);
  lesson = kiela_review_lesson_get_lesson (puzzles);
  g_assert_cmpstr (lesson->id, ==, "mistakes-test");
  g_assert_cmpint (lesson->kind, ==, KIELA_LESSON_KIND_PUZZLES);
  g_assert_cmpstr (lesson->variant, ==, "kiela");
  g_assert_cmpuint (lesson->n_steps, ==, 1);
  g_assert_cmpuint (kiela_review_lesson_get_ply (puzzles, 0), ==, 1);
  g_assert_cmpint (lesson->steps[0].task.kind, ==, KIELA_TASK_BEST_MOVE);
  g_assert_cmpstr (lesson->steps[0].task.move, ==, "c1");
  start = kiela_position_to_string (&pos);
  g_assert_cmpstr (lesson->steps[0].position, ==, start);
  /* c1 wins outright at the review's depth: e2 gave up the whole game's worth. */
  {
    gint loss = kiela_review_get_move (review, 0)->loss;
    g_autofree char *text = g_strdup_printf ("Move 1: South played e2 here and gave up %d stones. Find a better move.", loss);

    g_assert_cmpint (loss, >=, 9);
    g_assert_cmpstr (kiela_lesson_step_get_text (lesson, 0), ==, text);
  }
  /* The CSV: a header, then the blunder and North's reply. */
  {
    g_autofree char *csv = kiela_review_to_csv (review);
    g_auto(GStrv) lines = g_strsplit (csv, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 4);
    g_assert_cmpstr (lines[0], ==, "ply,side,move,best,loss,class,score,best_score,line");
    g_assert_true (g_str_has_prefix (lines[1], "1,south,e2,c1,"));
    g_assert_nonnull (strstr (lines[1], ",blunder,"));
    g_assert_true (g_str_has_prefix (lines[2], "2,north,a3,a3,0,best,"));
    g_assert_cmpstr (lines[3], ==, "");
  }
  g_assert_true (kiela_lesson_validate (lesson, v, &error));
  g_assert_no_error (error);
  /* The better move is right; the game's move and the other quiet one are wrong. */
  {
    static const struct { const char *square; KielaLessonVerdict verdict; } tries[] = {
      { "c1", KIELA_LESSON_RIGHT }, { "e2", KIELA_LESSON_WRONG }, { "a1", KIELA_LESSON_WRONG },
    };

    for (guint i = 0; i < G_N_ELEMENTS (tries); i++)
      {
        KielaSquare sq;

        g_assert_true (kiela_square_parse (10, tries[i].square, &sq, NULL));
        answer.move = sq.house;
        g_assert_cmpint (kiela_lesson_check (lesson, v, 0, &answer, NULL), ==, tries[i].verdict);
      }
  }
  g_assert_true (kiela_lesson_walk (NULL, lesson, v, &error));
  g_assert_no_error (error);

  /* North made no mistake: nothing to learn from. */
  g_clear_pointer (&puzzles, kiela_review_lesson_free);
  puzzles = kiela_review_lesson_new (review, 1u << KIELA_NORTH, "mistakes-test", &error);
  g_assert_null (puzzles);
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER);
}

/* A mistake whose better move ties with another makes no puzzle: it would have two answers. */
static void
test_mistakes_tie (void)
{
  g_autoptr(KielaReview) six = judge_one (LOSES_SIX, "e2");
  const KielaReviewMove *m = kiela_review_get_move (six, 0);
  g_autoptr(GError) error = NULL;
  KielaReviewLesson *puzzles;

  /* a1 and c1 both keep every stone. */
  g_assert_cmpint (m->grade, ==, KIELA_GRADE_MISTAKE);
  g_assert_cmpint (m->lead_cs, ==, 0);
  puzzles = kiela_review_lesson_new (six, 1u << KIELA_SOUTH, "mistakes-tie", &error);
  g_assert_null (puzzles);
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER);
}

/* The review's table stays warm: the same position searched again costs fewer nodes. */
static void
test_cache (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaAiConfig) config = ai_test_config (registry, "alphabeta", "depth=7 noise=0");
  g_autoptr(KielaAiCache) cache = kiela_ai_cache_new ();
  KielaPosition pos;
  KielaAiRequest r;
  KielaAiReply cold, warm, alone;
  gboolean fresh = FALSE;
  gpointer block;

  kiela_position_init_start (&pos, v);
  r = ai_test_request (v, &pos, 1);
  g_assert_true (kiela_ai_config_think (config, &r, &alone, NULL));
  r.cache = cache;
  g_assert_true (kiela_ai_config_think (config, &r, &cold, NULL));
  g_assert_true (kiela_ai_config_think (config, &r, &warm, NULL));
  g_assert_cmpint (cold.move, ==, alone.move);
  g_assert_cmpuint (cold.nodes, ==, alone.nodes);
  g_assert_cmpuint (warm.nodes, <, cold.nodes / 2);
  g_assert_cmpint (warm.move, ==, cold.move);

  block = kiela_ai_cache_get (cache, "test", 64, &fresh);
  g_assert_true (fresh);
  memset (block, 7, 64);
  g_assert_true (kiela_ai_cache_get (cache, "test", 64, &fresh) == block);
  g_assert_false (fresh);
  block = kiela_ai_cache_get (cache, "test", 128, &fresh);
  g_assert_true (fresh);
  g_assert_cmpint (((guint8 *) block)[0], ==, 0);
}

static void
test_errors (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaGame) empty = kiela_game_new (v);
  g_autoptr(KielaGame) game = played_game (2);
  KielaReviewOptions shallow = { .depth = 1 }, unknown = { .ai = "nobody" };
  g_autoptr(GError) error = NULL;

  g_assert_null (kiela_review_new (registry, empty, NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER);
  g_clear_error (&error);
  g_assert_null (kiela_review_new (registry, game, &shallow, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "1 plies"));
  g_clear_error (&error);
  g_assert_null (kiela_review_new (registry, game, &unknown, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "nobody"));
}

int
main (int argc, char *argv[])
{
  int ret;

  registry = ai_test_init (&argc, &argv);
  kiela_registry_finish_loading (registry);
  g_test_add_func ("/review/known-loss", test_known_loss);
  g_test_add_func ("/review/best-not-marked", test_best_not_marked);
  g_test_add_func ("/review/thrown-win", test_thrown_win);
  g_test_add_func ("/review/thresholds", test_thresholds);
  g_test_add_func ("/review/game", test_game);
  g_test_add_func ("/review/async", test_async);
  g_test_add_func ("/review/async-thread", test_async_thread);
  g_test_add_func ("/review/cancel", test_cancel);
  g_test_add_func ("/review/cancel-time", test_cancel_time);
  g_test_add_func ("/review/cache", test_cache);
  g_test_add_func ("/review/mistakes-lesson", test_mistakes_lesson);
  g_test_add_func ("/review/mistakes-tie", test_mistakes_tie);
  g_test_add_func ("/review/errors", test_errors);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
