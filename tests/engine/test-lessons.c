/* test-lessons.c: the lesson engine: every lesson walked, answers checked, practice games played
 * out, broken lessons refused, the API and the CLI.  The course's content, the puzzles and the
 * drills: test-lessons-content.c. */
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <json-glib/json-glib.h>
#include "kiela.h"
#include "tests/test-plugin-util.h"
#include "test-lessons-common.h"

#define QUIET "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/"

static void
test_course (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  const KielaPluginRecord *r = find_record (registry, "kiela-lessons.so");
  /* The topics the issue asks for, one lesson each. */
  static const char *const topics[] = { "houses", "sowing", "turn-end", "relay-outer", "relay-inner", "capture",
                                        "army", "chains", "endless", "singles", "expert", "game-end", "protect",
                                        "reach", "hawalis" };
  GPtrArray *lessons = kiela_registry_get_lessons (registry);
  guint course = 0, puzzles = 0, sets = 0, kinds = 0;

  g_assert_cmpint (r->state, ==, KIELA_PLUGIN_LOADED);
  g_assert_null (r->reason);
  /* Every shipped lesson file registers, the Omweso one (a variant of data/variants) too. */
  for (const char *const *f = (const char *const[]) { "course.kiela-lesson", "hawalis.kiela-lesson",
                                                       "omweso.kiela-lesson", "puzzles.kiela-lesson", NULL }; *f; f++)
    {
      const KielaPluginRecord *fr = find_record (registry, *f);
      if (fr->state != KIELA_PLUGIN_LOADED)
        g_error ("%s: %s", *f, fr->reason);
    }
  g_assert_cmpstr (lesson (registry, "omweso-reverse")->variant, ==, "omweso");
  for (guint i = 0; i < G_N_ELEMENTS (topics); i++)
    g_assert_cmpint (lesson (registry, topics[i])->kind, ==, KIELA_LESSON_KIND_COURSE);
  g_assert_cmpstr (lesson (registry, "hawalis")->variant, ==, "hawalis");
  g_assert_cmpstr (lesson (registry, "expert")->variant, ==, "kiela-expert");

  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *l = g_ptr_array_index (lessons, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (registry, l->variant);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (variant);
      g_assert_nonnull (kiela_lesson_get_title (l));
      g_assert_cmpstr (kiela_lesson_get_summary (l), !=, "");
      if (l->kind == KIELA_LESSON_KIND_PUZZLES)
        {
          sets++;
          puzzles += (guint) l->n_steps;
          g_assert_cmpuint (l->n_steps, >=, 20);
        }
      else
        course++;
      for (guint s = 0; s < l->n_steps; s++)
        {
          kinds |= 1u << l->steps[s].task.kind;
          /* Every step has a hint, but a final test gives none. */
          if (kiela_lesson_is_final_test (l))
            g_assert_null (kiela_lesson_step_get_hint (l, s));
          else
            g_assert_nonnull (kiela_lesson_step_get_hint (l, s));
        }
      /* Right answers accepted, every wrong one refused with feedback, games played out. */
      if (!kiela_lesson_walk (registry, l, variant, &error))
        g_error ("%s", error->message);
    }
  g_assert_cmpuint (course, >=, 14);
  g_assert_cmpuint (sets, ==, 3);
  g_assert_cmpuint (puzzles, >=, 60);
  /* Every kind of task appears in the course (the expert arrangement since issue 20). */
  g_assert_cmpuint (kinds, ==, (1u << (KIELA_TASK_ARRANGE + 1)) - 1);
}

static KielaLessonVerdict
check (KielaRegistry *registry, const char *id, guint step, const KielaLessonAnswer *answer, char **feedback)
{
  const KielaLesson *l = lesson (registry, id);
  return kiela_lesson_check (l, kiela_registry_lookup_variant (registry, l->variant), step, answer, feedback);
}

static void
assert_contains (const char *text, const char *part)
{
  if (text == NULL || strstr (text, part) == NULL)
    g_error ("“%s” does not contain “%s”", text ? text : "(null)", part);
}

/* Issue 20: the first lesson's clicks are one-lap sowings, so that a newcomer's first move
 * shows one idea (lift, drop one a house) and not a relay not yet taught. */
static void
test_first_clicks (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  const KielaLesson *first = lesson (registry, "houses");
  const KielaVariant *variant = kiela_registry_lookup_variant (registry, first->variant);
  GPtrArray *lessons = kiela_registry_get_lessons (registry);
  guint sown = 0;

  /* It is the course's first lesson. */
  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *l = g_ptr_array_index (lessons, i);

      if (l->kind == KIELA_LESSON_KIND_COURSE && l != first)
        g_assert_cmpint (l->order, >, first->order);
    }
  for (guint s = 0; s < first->n_steps; s++)
    {
      KielaLessonAnswer a = { 0 };
      KielaPosition pos;
      KielaSowResult res = { 0 };

      if (first->steps[s].task.kind != KIELA_TASK_SOW_HOUSE)
        continue;
      g_assert_true (kiela_lesson_step_get_position (first, variant, s, &pos, NULL));
      g_assert_true (kiela_lesson_step_right_answer (first, variant, s, &a));
      g_assert_true (kiela_sow_fast (variant, &pos, a.move, &res));
      if (res.laps != 1 || res.captures != 0)
        g_error ("houses step %u: the asked sowing takes %u laps and %u captures, not one lap", s + 1,
                 res.laps, res.captures);
      sown++;
    }
  g_assert_cmpuint (sown, >=, 3);
}

static void
test_answers (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  const KielaVariant *kiela = kiela_registry_lookup_variant (registry, "kiela");
  KielaLessonAnswer a = { 0 };
  g_autofree char *fb = NULL;
  KielaPosition pos;
  KielaMove moves[KIELA_MAX_MOVES];
  guint n;

  /* Predict a capture: i3 holds 3 and i4 3 (rules §6.4: both are taken). */
  a.number = 6;
  g_assert_cmpint (check (registry, "capture", 1, &a, &fb), ==, KIELA_LESSON_RIGHT);
  g_clear_pointer (&fb, g_free);
  a.number = 5;
  g_assert_cmpint (check (registry, "capture", 1, &a, &fb), ==, KIELA_LESSON_WRONG);
  assert_contains (fb, "j1 captures 6 stones.");
  g_clear_pointer (&fb, g_free);

  /* Predict the last house: 4 stones from h1 go to i1, j1, j2 and i2 (rules §3). */
  memset (&a, 0, sizeof a);
  a.side = KIELA_SOUTH;
  a.house = house ("i2");
  g_assert_cmpint (check (registry, "sowing", 1, &a, &fb), ==, KIELA_LESSON_RIGHT);
  g_clear_pointer (&fb, g_free);
  a.house = house ("j2");
  g_assert_cmpint (check (registry, "sowing", 1, &a, &fb), ==, KIELA_LESSON_WRONG);
  assert_contains (fb, "Not j2: the last stone lands in i2.");
  g_clear_pointer (&fb, g_free);

  /* Sow this house: another legal house is refused and named; an empty one says why. */
  memset (&a, 0, sizeof a);
  a.move = house ("f1");
  g_assert_cmpint (check (registry, "houses", 0, &a, &fb), ==, KIELA_LESSON_WRONG);
  assert_contains (fb, "You sowed f1; this step asks for g1.");
  g_clear_pointer (&fb, g_free);
  a.move = house ("a2");
  g_assert_cmpint (check (registry, "houses", 0, &a, &fb), ==, KIELA_LESSON_WRONG);
  assert_contains (fb, "a2");
  g_clear_pointer (&fb, g_free);
  a.move = house ("g1");
  g_assert_cmpint (check (registry, "houses", 0, &a, &fb), ==, KIELA_LESSON_RIGHT);
  g_clear_pointer (&fb, g_free);

  /* The §8 example: a2 never ends, and the feedback is the engine's reason. */
  g_assert_true (kiela_lesson_step_get_position (lesson (registry, "endless"), kiela, 0, &pos, NULL));
  {
    g_autofree char *why = kiela_explain_illegal (kiela, &pos, house ("a2"));
    g_assert_nonnull (why);
    a.move = house ("a2");
    g_assert_cmpint (check (registry, "endless", 0, &a, &fb), ==, KIELA_LESSON_WRONG);
    assert_contains (fb, why);
    g_clear_pointer (&fb, g_free);
  }

  /* Captures at least 5: right exactly for the moves that capture 5 or more. */
  g_assert_true (kiela_lesson_step_get_position (lesson (registry, "chains"), kiela, 1, &pos, NULL));
  n = kiela_legal_moves (kiela, &pos, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    {
      KielaPosition p = pos;
      KielaSowResult r;

      kiela_sow_fast (kiela, &p, moves[i], &r);
      a.move = moves[i];
      g_assert_cmpint (check (registry, "chains", 1, &a, &fb), ==, r.captured >= 5 ? KIELA_LESSON_RIGHT : KIELA_LESSON_WRONG);
      g_assert_nonnull (fb);
      g_clear_pointer (&fb, g_free);
    }

  /* Leave no capture: after a1, c3 ends on e3 facing South's 3 stones in e2. */
  a.move = house ("a1");
  g_assert_cmpint (check (registry, "protect", 0, &a, &fb), ==, KIELA_LESSON_WRONG);
  assert_contains (fb, "After a1, North can capture with c3.");
  g_clear_pointer (&fb, g_free);
  a.move = house ("e2");
  g_assert_cmpint (check (registry, "protect", 0, &a, &fb), ==, KIELA_LESSON_RIGHT);
  g_clear_pointer (&fb, g_free);

  /* Leave North no move: right exactly for the moves after which North cannot sow, and
   * the only one here (game-end step 2: i2 captures too, but North keeps c3). */
  g_assert_true (kiela_lesson_step_get_position (lesson (registry, "game-end"), kiela, 1, &pos, NULL));
  n = kiela_legal_moves (kiela, &pos, moves, NULL, NULL);
  {
    guint wins = 0;

    for (guint i = 0; i < n; i++)
      {
        KielaPosition p = pos;
        KielaMove replies[KIELA_MAX_MOVES];
        gboolean win;

        kiela_sow_fast (kiela, &p, moves[i], NULL);
        win = kiela_legal_moves (kiela, &p, replies, NULL, NULL) == 0;
        wins += win;
        a.move = moves[i];
        g_assert_cmpint (check (registry, "game-end", 1, &a, &fb), ==, win ? KIELA_LESSON_RIGHT : KIELA_LESSON_WRONG);
        g_clear_pointer (&fb, g_free);
      }
    g_assert_cmpuint (wins, ==, 1);
  }
  a.move = house ("i2");
  g_assert_cmpint (check (registry, "game-end", 1, &a, &fb), ==, KIELA_LESSON_WRONG);
  assert_contains (fb, "After i2, North can still sow c3.");
  g_clear_pointer (&fb, g_free);
  a.move = house ("e2");
  g_assert_cmpint (check (registry, "game-end", 1, &a, &fb), ==, KIELA_LESSON_RIGHT);
  assert_contains (fb, "After e2, North cannot move: you win.");
  g_clear_pointer (&fb, g_free);

  /* game-end step 3 asks the rule again, not an army drill: one move (c1, whose relays end
   * in a capture at i2) takes both of North's sowable houses and leaves it no move; two other
   * moves capture too and leave it one; and North has a move before. */
  g_assert_true (kiela_lesson_step_get_position (lesson (registry, "game-end"), kiela, 2, &pos, NULL));
  g_assert_cmpint (lesson (registry, "game-end")->steps[2].task.kind, ==, KIELA_TASK_SOW_ANY);
  {
    KielaPosition north = pos;
    KielaMove replies[KIELA_MAX_MOVES];
    guint wins = 0, other_captures = 0;

    north.to_move = KIELA_NORTH;
    g_assert_cmpuint (kiela_legal_moves (kiela, &north, replies, NULL, NULL), >, 0);
    n = kiela_legal_moves (kiela, &pos, moves, NULL, NULL);
    for (guint i = 0; i < n; i++)
      {
        KielaPosition p = pos;
        KielaSowResult r;
        gboolean win;

        kiela_sow_fast (kiela, &p, moves[i], &r);
        win = kiela_legal_moves (kiela, &p, replies, NULL, NULL) == 0;
        wins += win;
        other_captures += !win && r.captured > 0;
        a.move = moves[i];
        g_assert_cmpint (check (registry, "game-end", 2, &a, &fb), ==, win ? KIELA_LESSON_RIGHT : KIELA_LESSON_WRONG);
        g_clear_pointer (&fb, g_free);
      }
    g_assert_cmpuint (wins, ==, 1);
    g_assert_cmpuint (other_captures, >=, 2);
  }
  a.move = house ("c1");
  g_assert_cmpint (check (registry, "game-end", 2, &a, &fb), ==, KIELA_LESSON_RIGHT);
  assert_contains (fb, "After c1, North cannot move: you win.");
  g_clear_pointer (&fb, g_free);
  a.move = house ("h2");
  g_assert_cmpint (check (registry, "game-end", 2, &a, &fb), ==, KIELA_LESSON_WRONG);
  assert_contains (fb, "North can still sow");
  g_clear_pointer (&fb, g_free);

  /* Watch: pending until the learner reached the end of the move. */
  memset (&a, 0, sizeof a);
  g_assert_cmpint (check (registry, "sowing", 0, &a, &fb), ==, KIELA_LESSON_PENDING);
  g_assert_null (fb);
  a.watched = TRUE;
  g_assert_cmpint (check (registry, "sowing", 0, &a, &fb), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpstr (fb, ==, "Right!");
}

/* Any answer, however wild, gets a verdict and, unless pending, a feedback: never a crash. */
static void
test_wild_answers (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  GPtrArray *lessons = kiela_registry_get_lessons (registry);
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);

  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *l = g_ptr_array_index (lessons, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (registry, l->variant);

      for (guint s = 0; s < l->n_steps + 1; s++)
        for (guint k = 0; k < 20; k++)
          {
            KielaLessonAnswer a = { 0 };
            g_autofree char *fb = NULL;
            KielaLessonVerdict v;

            a.move = g_rand_int_range (rand, -3, 45);
            a.side = (KielaSide) g_rand_int_range (rand, 0, 4);
            a.house = (guint) g_rand_int_range (rand, 0, 300);
            a.number = (guint) g_rand_int_range (rand, 0, 100);
            a.watched = g_rand_boolean (rand);
            v = kiela_lesson_check (l, variant, s, &a, &fb);
            g_assert_true (v == KIELA_LESSON_RIGHT || v == KIELA_LESSON_WRONG || v == KIELA_LESSON_PENDING);
            if (v != KIELA_LESSON_PENDING)
              g_assert_true (fb && *fb && g_utf8_validate (fb, -1, NULL));
          }
    }
}

static void
test_play_out (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  const KielaVariant *kiela = kiela_registry_lookup_variant (registry, "kiela");
  /* South's only move leaves it two single stones: North moves, and South cannot. */
  static const KielaLessonStep lose_steps[] = {
    { .text = "Win.", .position = "0,0,0,0,0,0,0,0,0,2/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0 s",
      .task = { .kind = KIELA_TASK_PLAY_OUT, .condition = KIELA_GOAL_WIN, .opponent = "kizua" } },
    { .text = "Survive.", .task = { .kind = KIELA_TASK_PLAY_OUT, .condition = KIELA_GOAL_SURVIVE, .opponent = "kizua",
                                    .number = 2 } },
    /* j1 captures i3 and i4, North's last stones (rules §6.4). */
    { .text = "Take all.", .position = "0,0,0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0,2,0/0,0,0,0,0,0,0,0,1,0/0,0,0,0,0,0,1,0,0,2 s",
      .task = { .kind = KIELA_TASK_PLAY_OUT, .condition = KIELA_GOAL_CAPTURE_ALL, .opponent = "kizua" } },
    /* North has only single stones: South's first move wins. */
    { .text = "Win at once.", .position = "1,0,1,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s",
      .task = { .kind = KIELA_TASK_PLAY_OUT, .condition = KIELA_GOAL_WIN, .opponent = "kizua" } },
  };
  static const KielaLesson lose = { .id = "lose", .title = "Lose", .variant = "kiela", .steps = lose_steps,
                                     .n_steps = 4, .version = KIELA_LESSON_VERSION };
  KielaLessonAnswer a = { 0 };
  g_autofree char *fb = NULL;
  g_autoptr(KielaGame) game = NULL;
  KielaPosition pos;

  g_assert_true (kiela_lesson_validate (&lose, kiela, NULL));
  g_assert_false (kiela_lesson_step_right_answer (&lose, kiela, 0, &a));

  g_assert_true (kiela_lesson_step_get_position (&lose, kiela, 3, &pos, NULL));
  game = kiela_game_new_from_position (kiela, &pos, NULL);
  a.game = game;
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 3, &a, &fb), ==, KIELA_LESSON_PENDING);
  g_assert_true (kiela_game_play_square (game, "g2", NULL, NULL));
  g_assert_true (kiela_game_is_over (game));
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 3, &a, &fb), ==, KIELA_LESSON_RIGHT);
  g_clear_pointer (&fb, g_free);
  /* "Survive 2 moves" won in one: the verdict tells the win, not "you played 1 move". */
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 1, &a, &fb), ==, KIELA_LESSON_RIGHT);
  g_assert_cmpstr (fb, ==, "Right! You won in 1 move. North captured none of your stones.");
  g_clear_pointer (&fb, g_free);
  g_clear_object (&game);

  g_assert_true (kiela_lesson_step_get_position (&lose, kiela, 0, &pos, NULL));
  game = kiela_game_new_from_position (kiela, &pos, NULL);
  a.game = game;
  g_assert_true (kiela_game_play_square (game, "a1", NULL, NULL));
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 0, &a, &fb), ==, KIELA_LESSON_PENDING);
  g_assert_true (kiela_game_play_square (game, "j4", NULL, NULL));
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 0, &a, &fb), ==, KIELA_LESSON_WRONG);
  assert_contains (fb, "South");
  g_clear_pointer (&fb, g_free);
  g_clear_object (&game);

  /* Survive 2 moves: pending after one, right after two. */
  kiela_position_init_start (&pos, kiela);
  game = kiela_game_new_from_position (kiela, &pos, NULL);
  a.game = game;
  g_assert_true (kiela_game_play_square (game, "g1", NULL, NULL));
  g_assert_true (kiela_game_play_square (game, "b3", NULL, NULL));
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 1, &a, NULL), ==, KIELA_LESSON_PENDING);
  g_assert_true (kiela_game_play_square (game, "a1", NULL, NULL));
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 1, &a, &fb), ==, KIELA_LESSON_RIGHT);
  /* The verdict says what the learner achieved, not only "Right!". */
  g_assert_cmpstr (fb, ==, "Right! You played 2 moves without losing. North captured none of your stones.");
  g_clear_pointer (&fb, g_free);
  g_clear_object (&game);

  /* Practice goals: what the learner did, and when; or why it failed. */
  {
    static const KielaLessonStep goal_steps[] = {
      { .text = "Relay.", .task = { .kind = KIELA_TASK_PLAY_OUT, .condition = KIELA_GOAL_RELAY, .opponent = "kizua",
                                    .number = 2 } },
      { .text = "Keep.", .task = { .kind = KIELA_TASK_PLAY_OUT, .condition = KIELA_GOAL_KEEP, .opponent = "kizua",
                                   .number = 3 } },
      { .text = "Capture.", .task = { .kind = KIELA_TASK_PLAY_OUT, .condition = KIELA_GOAL_CAPTURE, .opponent = "kizua",
                                      .number = 1 } },
    };
    static const KielaLesson goals = { .id = "goals", .title = "Goals", .variant = "kiela", .steps = goal_steps,
                                       .n_steps = 3, .version = KIELA_LESSON_VERSION };

    g_assert_true (kiela_lesson_validate (&goals, kiela, NULL));
    /* From the start g1 relays at i1 and i2 (rules §11). */
    kiela_position_init_start (&pos, kiela);
    game = kiela_game_new_from_position (kiela, &pos, NULL);
    a.game = game;
    g_assert_true (kiela_game_play_square (game, "g1", NULL, NULL));
    g_assert_cmpint (kiela_lesson_check (&goals, kiela, 0, &a, &fb), ==, KIELA_LESSON_RIGHT);
    g_assert_cmpstr (fb, ==, "Right! You made a relay with g1, your move 1.");
    g_clear_pointer (&fb, g_free);
    /* No capture on the first move from the start: the limit of one move is past. */
    g_assert_cmpint (kiela_lesson_check (&goals, kiela, 2, &a, &fb), ==, KIELA_LESSON_WRONG);
    assert_contains (fb, "You captured nothing in your first 1 move.");
    g_clear_pointer (&fb, g_free);
    /* South i2, North b3 captures d2 and d1, 3 stones (rules §11): keeping fails at once. */
    g_clear_object (&game);
    game = kiela_game_new_from_position (kiela, &pos, NULL);
    a.game = game;
    g_assert_true (kiela_game_play_square (game, "i2", NULL, NULL));
    g_assert_cmpint (kiela_lesson_check (&goals, kiela, 1, &a, NULL), ==, KIELA_LESSON_PENDING);
    g_assert_true (kiela_game_play_square (game, "b3", NULL, NULL));
    g_assert_cmpint (kiela_lesson_check (&goals, kiela, 1, &a, &fb), ==, KIELA_LESSON_WRONG);
    assert_contains (fb, "North captured 3 stones with b3 after your move 1.");
    g_clear_pointer (&fb, g_free);
    g_clear_object (&game);
  }

  /* Capture everything: right once North has no stone left. */
  g_assert_true (kiela_lesson_step_get_position (&lose, kiela, 2, &pos, NULL));
  game = kiela_game_new_from_position (kiela, &pos, NULL);
  a.game = game;
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 2, &a, NULL), ==, KIELA_LESSON_PENDING);
  g_assert_true (kiela_game_play_square (game, "j1", NULL, NULL));
  g_assert_cmpuint (kiela_position_side_total (kiela_game_get_position (game), KIELA_NORTH), ==, 0);
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 2, &a, NULL), ==, KIELA_LESSON_RIGHT);
  /* No game at all is wrong, not a crash. */
  a.game = NULL;
  g_assert_cmpint (kiela_lesson_check (&lose, kiela, 1, &a, &fb), ==, KIELA_LESSON_WRONG);
  g_assert_nonnull (fb);
}

static void
test_broken (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_autoptr(GError) error = NULL;
  KielaPosition pos;
  struct { const char *module, *reason; } cases[] = {
    { "bad-position", NULL },  /* filled below from the KPN parser */
    { "single-stone", "lesson “single-stone”, step 1: e1 holds 1 stone: Kiela needs at least 2." },
    { "wrong-last", "lesson “wrong-last”, step 1: its answer is e2, but the last stone of g1 lands in f2" },
    { "wrong-count", "lesson “wrong-count”, step 2: its answer is 3, but j1 captures 4 stones" },
    { "impossible", "lesson “impossible”, step 1: no legal move meets its task" },
    { "unknown-variant", "lesson “unknown-variant” plays the unknown variant “no-such-variant”" },
    { "unknown-opponent", "lesson “unknown-opponent”, step 1: its opponent “nobody” is unknown" },
    { "north-house", "lesson “north-house”, step 1: d4 belongs to North: it is South’s turn." },
    { "newer-format", "lesson “newer-format” is written for lesson format 2, this host reads 1" },
    { "endless", "lesson “endless”, step 1: Sowing from a2 is still going after 1000 laps: it counts as endless, so it is not a legal move." },
    { "game-over", "lesson “game-over”, step 1: the side to move has no legal move in its position" },
  };
  g_autofree char *bad_kpn = NULL;

  g_assert_false (kiela_position_parse (QUIET "0,0,0/0,0,0,0,0,0,0,0,0,0 s", 10, &pos, &error));
  bad_kpn = g_strdup_printf ("lesson “bad-position”, step 2: %s", error->message);
  cases[0].reason = bad_kpn;

  /* The rules and AI first: most reasons need the variant; two need all modules loaded. */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *dir = g_build_filename (KIELA_TEST_BUILD_ROOT, "plugins", i ? "ai" : "rules", NULL);
      kiela_registry_load_dir (registry, dir);
    }
  kiela_registry_load_dir (registry, KIELA_TEST_BROKEN_LESSONS_DIR);
  kiela_registry_finish_loading (registry);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *file = g_strconcat (cases[i].module, ".so", NULL);
      const KielaPluginRecord *r = find_record (registry, file);
      /* Refused by the register function, except what only all modules together can tell. */
      gboolean later = g_str_has_prefix (cases[i].module, "unknown-");
      g_autofree char *expected = g_strconcat (later ? "" : "registration failed: ", cases[i].reason, NULL);

      g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
      g_assert_cmpstr (r->reason, ==, expected);
      g_assert_cmpuint (r->n_lessons, ==, 0);
      g_assert_null (kiela_registry_lookup_lesson (registry, cases[i].module));
    }
  /* The one valid lesson of the folder: its game cannot be won, which only a walk finds. */
  g_assert_cmpuint (kiela_registry_get_lessons (registry)->len, ==, 1);
  g_assert_nonnull (kiela_registry_lookup_lesson (registry, "unwinnable"));
}

static int
run_cli (const char *plugin_path, const char *const *args, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "KIELA_PLUGIN_PATH", plugin_path, TRUE);
  g_autoptr(GError) error = NULL;
  int status;

  g_ptr_array_add (argv, (gpointer) KIELA_TEST_CLI);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  env = g_environ_setenv (env, "LANGUAGE", "C", TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, out, err, &status, &error));
  return g_spawn_check_wait_status (status, NULL) ? 0 : WEXITSTATUS (status);
}

static void
test_cli (void)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *check_all[] = { "lessons", "check", "--all", NULL };
  const char *list[] = { "lessons", "--json", NULL };
  const char *unknown[] = { "lessons", "check", "no-such-lesson", NULL };
  const char *unwinnable[] = { "lessons", "check", "unwinnable", NULL };
  const char *verify[] = { "puzzles", "verify", NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *array;

  g_assert_cmpint (run_cli ("", check_all, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "22 lessons checked"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli ("", list, &out, &err), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  array = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (array), ==, 22);
  for (guint i = 0; i < json_array_get_length (array); i++)
    g_assert_true (json_object_get_boolean_member (json_array_get_object_element (array, i), "valid"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli ("", unknown, &out, &err), ==, 2);
  g_assert_cmpstr (err, ==, "kiela-cli lessons: no lesson “no-such-lesson”\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* The first failure is named: lesson, step and why. */
  g_assert_cmpint (run_cli (KIELA_TEST_BROKEN_LESSONS_DIR, unwinnable, &out, &err), ==, 2);
  g_assert_true (g_str_has_prefix (err, "kiela-cli lessons: lesson “unwinnable”, step 1: a strong player did not reach the goal"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli ("", verify, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "puzzles verified at depth 10."));
}

static void
test_api (void)
{
  g_autoptr(KielaRegistry) registry = full_registry ();
  const KielaVariant *hawalis = kiela_registry_lookup_variant (registry, "hawalis");
  const KielaLesson *capture = lesson (registry, "capture");
  g_autoptr(GError) error = NULL;
  KielaLessonAnswer a = { 0 };
  g_autofree char *fb = NULL;

  /* A lesson checked against another variant is refused, not misread. */
  g_assert_false (kiela_lesson_validate (capture, hawalis, &error));
  g_assert_cmpstr (error->message, ==, "lesson “capture” plays “kiela”, not “hawalis”");
  g_assert_cmpint (kiela_lesson_check (capture, hawalis, 0, &a, &fb), ==, KIELA_LESSON_WRONG);
  g_assert_nonnull (fb);
  g_clear_pointer (&fb, g_free);
  /* Past the last step. */
  g_assert_cmpint (kiela_lesson_check (capture, kiela_registry_lookup_variant (registry, "kiela"), 99, &a, &fb), ==,
                   KIELA_LESSON_WRONG);
  g_assert_null (kiela_lesson_step_get_text (capture, 99));
  g_assert_cmpint (kiela_lesson_step_get_move (capture, kiela_registry_lookup_variant (registry, "kiela"), 0), ==,
                   house ("j1"));
  g_assert_cmpstr (kiela_lesson_level_name (KIELA_LESSON_EXPERT), ==, "Expert");
  g_assert_cmpstr (kiela_task_kind_name (KIELA_TASK_BEST_MOVE), ==, "Find the best move");
  g_assert_cmpstr (kiela_lesson_step_get_opponent (lesson (registry, "protect"), 1), ==, "zola");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_add_func ("/lessons/course", test_course);
  g_test_add_func ("/lessons/first-clicks", test_first_clicks);
  g_test_add_func ("/lessons/answers", test_answers);
  g_test_add_func ("/lessons/wild-answers", test_wild_answers);
  g_test_add_func ("/lessons/play-out", test_play_out);
  g_test_add_func ("/lessons/broken", test_broken);
  g_test_add_func ("/lessons/api", test_api);
  g_test_add_func ("/lessons/cli", test_cli);
  return g_test_run ();
}
