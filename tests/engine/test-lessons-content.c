/* test-lessons-content.c: the shipped course's content (no position given away, no rule used before
 * its lesson), the puzzle sets re-verified and their verifier, and the drills' fresh positions
 * (the helpers: test-lessons-common.h). */
#include "config.h"

#include <string.h>
#include "kiela.h"
#include "tests/test-plugin-util.h"
#include "test-lessons-common.h"

/* ---- the course's content, checked over the shipped files ---- */

static gint
by_order (gconstpointer a, gconstpointer b)
{
  const KielaLesson *la = *(const KielaLesson *const *) a, *lb = *(const KielaLesson *const *) b;
  return (gint) la->order - (gint) lb->order;
}

/* The course lessons of the shipped files, in course order. */
static GPtrArray *
course_lessons (KielaRegistry *registry)
{
  GPtrArray *all = kiela_registry_get_lessons (registry), *out = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    {
      const KielaLesson *l = g_ptr_array_index (all, i);
      if (l->kind == KIELA_LESSON_KIND_COURSE && !g_str_has_prefix (l->id, "test-"))
        g_ptr_array_add (out, (gpointer) l);
    }
  g_ptr_array_sort (out, by_order);
  return out;
}

/* What a move needs the learner to know. */
enum { USES_OUTER_RELAY = 1, USES_INNER_RELAY = 2, USES_CAPTURE = 4, USES_ARMY = 8, USES_CHAIN = 16 };

static guint
move_uses (const KielaVariant *variant, const KielaPosition *pos, KielaMove move, KielaTaskKind kind)
{
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  guint uses = 0, captures = 0;

  g_assert_true (kiela_sow_traced (variant, pos, move, trace));
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *ev = kiela_trace_get_event (trace, i);

      if (ev->type == KIELA_EVENT_RELAY)
        uses |= ev->house < variant->files ? USES_OUTER_RELAY : USES_INNER_RELAY;
      else if (ev->type == KIELA_EVENT_CAPTURE)
        captures++;
    }
  if (captures > 0)
    uses |= USES_CAPTURE;
  if (captures > 1)
    uses |= USES_CHAIN;
  /* Where the last stone of a capturing move lands is the army's doing. */
  if (captures > 0 && kind == KIELA_TASK_PREDICT_LAST)
    uses |= USES_ARMY;
  return uses;
}

/* How many of `games` practice games a learner who plays at random wins against the step's
 * opponent (seeded: the same count each run). */
static guint
random_wins (KielaRegistry *registry, const KielaLesson *l, const KielaVariant *variant, guint step, guint games)
{
  g_autoptr(KielaAiConfig) learner = kiela_ai_config_new (registry, "random", 0, NULL);
  g_autoptr(KielaAiConfig) opponent = kiela_ai_config_new (registry, l->steps[step].task.opponent, 0, NULL);
  guint wins = 0;
  KielaPosition start;

  g_assert_nonnull (learner);
  g_assert_nonnull (opponent);
  g_assert_true (kiela_lesson_step_get_position (l, variant, step, &start, NULL));
  for (guint g = 0; g < games; g++)
    {
      g_autoptr(KielaGame) game = kiela_game_new_from_position (variant, &start, NULL);
      KielaLessonAnswer a = { .game = game };
      KielaLessonVerdict v = KIELA_LESSON_PENDING;

      for (guint ply = 0; ply < 400 && v == KIELA_LESSON_PENDING; ply++)
        {
          KielaAiRequest request = { .variant = variant, .position = *kiela_game_get_position (game),
                                     .seed = g * 1000 + ply + 1 };
          KielaAiReply reply;

          g_assert_true (kiela_ai_config_think (request.position.to_move == start.to_move ? learner : opponent, &request,
                                                &reply, NULL));
          g_assert_true (kiela_game_play (game, reply.move, NULL, NULL));
          v = kiela_lesson_check (l, variant, step, &a, NULL);
        }
      wins += v == KIELA_LESSON_RIGHT;
    }
  return wins;
}

static void
test_course_content (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  g_autoptr(GPtrArray) course = course_lessons (registry);
  g_autoptr(GHashTable) positions = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  /* The idea each lesson teaches, in the order the course teaches them. */
  static const struct { const char *id; guint teaches; } ideas[] = {
    { "relay-outer", USES_OUTER_RELAY }, { "relay-inner", USES_INNER_RELAY }, { "capture", USES_CAPTURE },
    { "army", USES_ARMY }, { "chains", USES_CHAIN },
  };
  guint taught = 0;
  const char *previous_variant = NULL;

  g_assert_cmpuint (course->len, >=, 15);
  for (guint i = 0; i < course->len; i++)
    {
      const KielaLesson *l = g_ptr_array_index (course, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (registry, l->variant);
      const char *texts[] = { kiela_lesson_get_title (l), kiela_lesson_get_summary (l) };

      g_assert_nonnull (variant);
      for (guint k = 0; k < G_N_ELEMENTS (ideas); k++)
        if (g_str_equal (l->id, ideas[k].id))
          taught |= ideas[k].teaches;
      /* A lesson that plays other rules than the one before says so in its first step (or names
       * the game it plays: "In Omweso you sow…"). */
      if (previous_variant != NULL && !g_str_equal (previous_variant, l->variant))
        {
          g_autofree char *first = g_utf8_strdown (l->steps[0].text, -1);
          if (strstr (first, "game") == NULL && strstr (first, "rules") == NULL && strstr (first, l->variant) == NULL)
            g_error ("lesson %s plays %s after %s, and its first step does not say so", l->id, l->variant,
                     previous_variant);
        }
      previous_variant = l->variant;
      /* Teacher notes on every lesson: an objective, the usual mistakes (two or more, one a
       * line) and an activity with real stones or seeds. */
      {
        const char *objective = kiela_lesson_get_objective (l), *mistakes = kiela_lesson_get_misconceptions (l);
        const char *activity = kiela_lesson_get_activity (l);
        g_auto(GStrv) lines = NULL;

        if (objective == NULL || mistakes == NULL || activity == NULL)
          g_error ("lesson %s lacks teacher notes (Objective, Misconceptions, Activity)", l->id);
        lines = g_strsplit (mistakes, "\n", -1);
        g_assert_cmpuint (strlen (objective), >=, 40);
        if (g_strv_length (lines) < 2)
          g_error ("lesson %s names only one usual mistake", l->id);
        if (!strstr (activity, "stone") && !strstr (activity, "seed"))
          g_error ("lesson %s: its activity uses no real stones", l->id);
      }
      for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
        g_assert_null (g_regex_match_simple ("(^|[^0-9,])1000([^0-9]|$)", texts[t], 0, 0) ? "" : NULL);
      for (guint s = 0; s < l->n_steps; s++)
        {
          const KielaLessonStep *st = &l->steps[s];
          KielaPosition pos;
          KielaMove moves[KIELA_MAX_MOVES];
          guint n, right = 0;

          /* A hint true to the lesson's rules: where captured stones leave the board and end
           * the move (Hawalis), no second capture; where a capture needs an empty house, the
           * count says so. */
          if (variant->captured_fate == KIELA_CAPTURED_REMOVED)
            for (const char *const *t = (const char *const[]) { st->text, st->hint, NULL }; *t; t++)
              if (strstr (*t, "chain") || strstr (*t, "capture again") || strstr (*t, "army"))
                g_error ("%s step %u: “%s”, but captured stones leave the board in %s", l->id, s + 1, *t, l->variant);
          if (variant->capture_rule == KIELA_CAPTURE_EMPTY_INNER && st->task.kind == KIELA_TASK_PREDICT_CAPTURE &&
              st->task.drill != KIELA_DRILL_NONE && (st->hint == NULL || !strstr (st->hint, "empty")))
            g_error ("%s step %u: its hint does not say the last stone lands in an empty house", l->id, s + 1);
          /* Thousands are written "1,000", and a move past the limit only counts as endless. */
          if (g_regex_match_simple ("(^|[^0-9,])1000([^0-9]|$)", st->text, 0, 0) ||
              (st->hint && g_regex_match_simple ("(^|[^0-9,])1000([^0-9]|$)", st->hint, 0, 0)))
            g_error ("%s step %u writes 1000 without its comma", l->id, s + 1);
          if (strstr (st->text, "1,000 laps") && !strstr (st->text, "counts as endless"))
            g_error ("%s step %u: a move past 1,000 laps counts as endless; it is not proved endless", l->id, s + 1);
          g_assert_true (kiela_lesson_step_get_position (l, variant, s, &pos, NULL));
          /* No position twice: a step shown again would give away what it showed. */
          if (st->task.drill == KIELA_DRILL_NONE && st->position != NULL)
            {
              g_autofree char *where = g_strdup_printf ("%s step %u", l->id, s + 1);
              const char *first = g_hash_table_lookup (positions, st->position);
              if (first != NULL)
                g_error ("%s has the position of %s", where, first);
              g_hash_table_insert (positions, (gpointer) st->position, g_steal_pointer (&where));
            }
          /* Never a rule before its lesson: the step's move, or the drill's kind. */
          if (st->task.drill != KIELA_DRILL_NONE)
            {
              guint needs = st->task.drill == KIELA_DRILL_RELAY ? USES_OUTER_RELAY | USES_INNER_RELAY
                          : st->task.drill == KIELA_DRILL_CAPTURE ? USES_CAPTURE | USES_CHAIN
                          : st->task.drill == KIELA_DRILL_ONE_CAPTURE ? USES_CAPTURE : 0;
              if (needs != 0 && st->task.kind == KIELA_TASK_PREDICT_LAST && (needs & USES_CAPTURE))
                needs |= USES_ARMY;
              if (g_str_equal (l->variant, "kiela") && (needs & ~taught) != 0)
                g_error ("%s step %u drills a rule (%#x) the course has not taught yet", l->id, s + 1, needs & ~taught);
            }
          else if (st->task.move != NULL && st->task.kind != KIELA_TASK_BEST_MOVE && g_str_equal (l->variant, "kiela"))
            {
              guint needs = move_uses (variant, &pos, kiela_lesson_step_get_move (l, variant, s), st->task.kind);
              if ((needs & ~taught) != 0)
                g_error ("%s step %u: its move uses a rule (%#x) the course has not taught yet", l->id, s + 1,
                         needs & ~taught);
            }
          /* A task a random move passes tests nothing: some legal move must be wrong (a
           * "which house may be sown" step, Condition=any, is the exception). */
          if (st->task.kind == KIELA_TASK_SOW_ANY && st->task.condition != KIELA_CONDITION_ANY)
            {
              n = kiela_legal_moves (variant, &pos, moves, NULL, NULL);
              for (guint m = 0; m < n; m++)
                {
                  KielaLessonAnswer a = { .move = moves[m] };
                  right += kiela_lesson_check (l, variant, s, &a, NULL) == KIELA_LESSON_RIGHT;
                }
              if (right == n)
                g_error ("%s step %u: every legal move meets its task", l->id, s + 1);
              /* Guessing must not pay: at most one legal move in three meets the task. */
              if (right * 3 > n)
                g_error ("%s step %u: %u of its %u legal moves meet its task", l->id, s + 1, right, n);
            }
          /* The chains lesson practises a chain, not a single capture. */
          if (g_str_equal (l->id, "chains") && st->task.kind == KIELA_TASK_PLAY_OUT)
            g_assert_cmpuint (st->task.condition, ==, KIELA_GOAL_CHAIN);
          /* A practice game whose goal is the lesson's idea (a relay, a capture, no stone
           * lost): random play must fail it more often than not. */
          if (st->task.kind == KIELA_TASK_PLAY_OUT &&
              (st->task.condition == KIELA_GOAL_RELAY || st->task.condition == KIELA_GOAL_CAPTURE ||
               st->task.condition == KIELA_GOAL_KEEP || st->task.condition == KIELA_GOAL_CHAIN))
            {
              guint wins = random_wins (registry, l, variant, s, 20);

              g_test_message ("%s step %u: random play reaches the goal %u times in 20", l->id, s + 1, wins);
              if (wins > 8)
                g_error ("%s step %u: random play reaches its goal %u times in 20", l->id, s + 1, wins);
            }
          /* A game to win: some first move must not win at once. */
          if (st->task.kind == KIELA_TASK_PLAY_OUT && st->task.condition != KIELA_GOAL_SURVIVE)
            {
              guint wins = 0;

              n = kiela_legal_moves (variant, &pos, moves, NULL, NULL);
              for (guint m = 0; m < n; m++)
                {
                  KielaPosition after = pos;
                  KielaMove replies[KIELA_MAX_MOVES];

                  kiela_sow_fast (variant, &after, moves[m], NULL);
                  wins += kiela_legal_moves (variant, &after, replies, NULL, NULL) == 0;
                }
              if (wins == n)
                g_error ("%s step %u: any move wins this game", l->id, s + 1);
            }
        }
    }
}

/* The verifier on positions built for it: a clear capture is sound, two equal moves are
 * not (no unique best), and a clear best move in a lost position is no puzzle either. */
static void
verify_one (KielaRegistry *registry, const char *kpn, const char *answer, guint depth, char **why)
{
  const KielaVariant *kiela = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(GError) error = NULL;
  KielaPosition pos;
  KielaSquare sq;
  gint lead = -1;

  g_assert_true (kiela_position_parse (kpn, 10, &pos, &error));
  g_assert_true (kiela_square_parse (10, answer, &sq, &error));
  g_assert_true (kiela_lesson_puzzle_verify (registry, kiela, &pos, (KielaMove) sq.house, depth, &lead, why, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lead, >=, 0);
}

static void
test_puzzle_verifier (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  const KielaVariant *kiela = kiela_registry_lookup_variant (registry, "kiela");
  char *why = NULL;
  KielaMove line[10];
  KielaPosition pos;
  guint n;

  /* c2 sows b2, a2: its last stone lands on a2's stone facing a3, and takes a3 and a4 (10
   * stones); e1 takes nothing.  Sound at depths 4 and 6 under both evaluations. */
  verify_one (registry, "5,0,0,0,0,0,0,0,0,2/5,0,0,0,0,0,0,0,0,0/1,0,2,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0 s", "c2", 6, &why);
  g_assert_null (why);
  /* The same position, the wrong answer: the verifier names the move it prefers. */
  verify_one (registry, "5,0,0,0,0,0,0,0,0,2/5,0,0,0,0,0,0,0,0,0/1,0,2,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0 s", "e1", 6, &why);
  g_assert_nonnull (why);
  g_assert_nonnull (strstr (why, "prefers c2"));
  g_clear_pointer (&why, g_free);
  /* e1 and g1 each sow two stones into empty houses, far from North: no move is best. */
  verify_one (registry, "0,0,0,0,0,0,0,0,0,2/2,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/0,0,0,0,2,0,2,0,0,0 s", "e1", 6, &why);
  g_assert_nonnull (why);
  g_clear_pointer (&why, g_free);
  /* c2 still takes 4 stones, but North has 40 more: South is lost whatever it plays. */
  verify_one (registry, "2,4,4,4,4,4,4,4,4,4/2,4,4,4,4,4,4,4,4,4/1,0,2,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0 s", "c2", 6, &why);
  g_assert_nonnull (why);
  g_assert_nonnull (strstr (why, "lost"));
  g_clear_pointer (&why, g_free);

  /* The line starts with the move and goes on with the search's best replies. */
  g_assert_true (kiela_position_parse ("5,0,0,0,0,0,0,0,0,2/5,0,0,0,0,0,0,0,0,0/1,0,2,0,0,0,0,0,0,0/0,0,0,0,2,0,0,0,0,0 s",
                                       10, &pos, NULL));
  n = kiela_lesson_puzzle_line (registry, kiela, &pos, 17, 4, line, G_N_ELEMENTS (line), NULL);
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (n, <=, 4);
  g_assert_cmpint (line[0], ==, 17);   /* c2 in South's local numbering */
  {
    KielaPosition p = pos;
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *illegal = kiela_explain_illegal (kiela, &p, line[i]);
        g_assert_null (illegal);
        kiela_sow_fast (kiela, &p, line[i], NULL);
      }
  }
  /* An illegal first move (a single stone under the advanced rules) has no line. */
  g_assert_cmpuint (kiela_lesson_puzzle_line (registry, kiela, &pos, 19, 4, line, G_N_ELEMENTS (line), NULL), ==, 0);
}

static void
test_puzzles (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  const KielaVariant *kiela = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, NULL);
  const char *const sets[] = { "puzzles-easy", "puzzles-medium", "puzzles-hard" };
  guint total = 0;

  /* The soundness of each puzzle at depth 10 is test_cli's "puzzles verify"; here, the bands:
   * what a person must see to find the answer. */
  for (guint k = 0; k < G_N_ELEMENTS (sets); k++)
    {
      const KielaLesson *l = lesson (registry, sets[k]);

      g_assert_cmpint (l->kind, ==, KIELA_LESSON_KIND_PUZZLES);
      g_assert_cmpint (l->level, ==, k);
      g_assert_cmpuint (l->n_steps, >=, 8);
      for (guint s = 0; s < l->n_steps; s++)
        {
          KielaPosition pos, after;
          KielaSowResult r;
          KielaMove best, answer;
          gint margin;
          guint depth = l->steps[s].task.depth;

          g_assert_cmpint (l->steps[s].task.kind, ==, KIELA_TASK_BEST_MOVE);
          g_assert_true (g_hash_table_add (seen, (gpointer) l->steps[s].position));  /* no position twice */
          g_assert_true (kiela_lesson_step_get_position (l, kiela, s, &pos, NULL));
          answer = kiela_lesson_step_get_move (l, kiela, s);
          after = pos;
          kiela_sow_fast (kiela, &after, answer, &r);
          /* Its difficulty: the shallowest depth that already sees it, as graded. */
          g_assert_cmpuint (depth, >=, 2);
          g_assert_cmpuint (depth, <=, 10);
          g_assert_true (kiela_lesson_puzzle_score (registry, kiela, &pos, depth, &best, &margin, NULL));
          g_assert_cmpint (best, ==, answer);
          g_assert_cmpint (margin, >=, 300);
          if (depth > 2)
            {
              /* Not seen one move earlier: the band is what it says. */
              g_assert_true (kiela_lesson_puzzle_score (registry, kiela, &pos, depth - 2, &best, &margin, NULL));
              g_assert_true (best != answer || margin < 300);
            }
          switch (k)
            {
            case 0: /* captures now */
              g_assert_cmpuint (r.captured, >, 0);
              g_assert_cmpuint (depth, ==, 2);
              break;
            case 1: /* one reply ahead */
              g_assert_cmpuint (depth, <=, 4);
              g_assert_true (depth == 4 || r.captured == 0);
              break;
            default: /* a longer combination */
              g_assert_cmpuint (depth, >, 4);
              break;
            }
          total++;
        }
    }
  g_assert_cmpuint (total, >=, 36);
}

/* Drill steps: each time a fresh position from random play, South to move, with a move of
 * the drill's kind; the same seed gives the same drill; the course has 90 steps or more,
 * every lesson at least 4. */
static void
test_drills (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  GPtrArray *lessons = kiela_registry_get_lessons (registry);
  guint drills = 0, course_steps = 0;
  gboolean seen_hawalis = FALSE, seen_omweso = FALSE;

  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *l = g_ptr_array_index (lessons, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (registry, l->variant);

      if (l->kind != KIELA_LESSON_KIND_COURSE)
        continue;
      seen_hawalis |= g_str_equal (l->variant, "hawalis");
      seen_omweso |= g_str_equal (l->variant, "omweso");
      if (l->n_steps < 4)
        g_error ("course lesson %s (%s) has %u steps: every course lesson needs 4 or more", l->id, l->variant,
                 (guint) l->n_steps);
      course_steps += (guint) l->n_steps;
      for (guint s = 0; s < l->n_steps; s++)
        {
          g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
          KielaPosition pos, again;
          KielaMove move, move_again;

          if (l->steps[s].task.drill == KIELA_DRILL_NONE)
            {
              g_assert_false (kiela_lesson_drill_generate (l, variant, s, 1, &pos, &move));
              continue;
            }
          drills++;
          for (guint32 seed = 1; seed <= 12; seed++)
            {
              g_assert_true (kiela_lesson_drill_generate (l, variant, s, seed, &pos, &move));
              g_assert_cmpint (pos.to_move, ==, KIELA_SOUTH);
              g_assert_true (kiela_lesson_drill_matches (variant, &pos, move, (KielaLessonDrill) l->steps[s].task.drill));
              g_hash_table_add (seen, kiela_position_to_string (&pos));
              g_assert_true (kiela_lesson_drill_generate (l, variant, s, seed, &again, &move_again));
              g_assert_true (memcmp (&pos, &again, sizeof pos) == 0 && move == move_again);
            }
          /* Not the same few positions. */
          if (g_hash_table_size (seen) < 8)
            g_error ("lesson %s step %u: only %u positions of 12 differ", l->id, s + 1, g_hash_table_size (seen));
        }
    }
  /* The lessons of the other games count too: Hawalis (a rules plugin) and Omweso (a variant
   * file of data/variants) are both among the lessons checked. */
  g_assert_true (seen_hawalis);
  g_assert_true (seen_omweso);
  g_test_message ("%u course steps, %u of them drills", course_steps, drills);
  g_assert_cmpuint (course_steps, >=, 90);
  g_assert_cmpuint (drills, >, 0);

  /* The kinds mean what they say. */
  {
    const KielaVariant *kiela = kiela_registry_lookup_variant (registry, "kiela");
    KielaPosition pos;

    g_assert_true (kiela_position_parse ("2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,2,0,1,0,0 s",
                                         10, &pos, NULL));
    g_assert_true (kiela_lesson_drill_matches (kiela, &pos, 0, KIELA_DRILL_ONE_LAP));      /* a1: b1, c1 */
    g_assert_true (kiela_lesson_drill_matches (kiela, &pos, 5, KIELA_DRILL_RELAY));        /* f1 relays at h1 */
    g_assert_false (kiela_lesson_drill_matches (kiela, &pos, 5, KIELA_DRILL_ONE_LAP));
    g_assert_false (kiela_lesson_drill_matches (kiela, &pos, 7, KIELA_DRILL_ONE_LAP));     /* h1: a single stone */
    g_assert_false (kiela_lesson_drill_matches (kiela, &pos, 0, KIELA_DRILL_CAPTURE));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_add_func ("/lessons/course-content", test_course_content);
  g_test_add_func ("/lessons/puzzles", test_puzzles);
  g_test_add_func ("/lessons/puzzle-verifier", test_puzzle_verifier);
  g_test_add_func ("/lessons/drills", test_drills);
  return g_test_run ();
}
