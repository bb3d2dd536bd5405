/* test-game.c: the game object: moves, undo/redo, repetition, results and reasons, expert setup. */
#include "config.h"
#include <string.h>
#include "test-common.h"
#include "long-game.h"

static KielaRegistry *registry;

/* One stone each, sown one house at a time, never relaying or capturing: the
 * whole game is a cycle that repeats the start position every 16 plies. */
static const KielaVariant cycle_variant = {
  .id = "test-cycle", .name = "Cycle", .files = 4, .min_sow = 1,
  .capture_rule = KIELA_CAPTURE_OCCUPIED_INNER, .captured_fate = KIELA_CAPTURED_SOW_AFTER_CAPTOR,
  .relay_rule = KIELA_RELAY_OCCUPIED, .endless_policy = KIELA_ENDLESS_ILLEGAL, .lap_limit = 1000,
  .start = { { 1 }, { 1 } },
};

static void
on_changed (KielaGame *game, guint *count)
{
  (*count)++;
}

static void
test_play_undo_redo (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaGame) game = kiela_game_new (v);
  g_autoptr(GError) error = NULL;
  KielaPosition after_g1, after_b3;
  guint changes = 0;
  g_autofree char *name = NULL;

  g_signal_connect (game, "changed", G_CALLBACK (on_changed), &changes);
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_PLAY);
  g_assert_false (kiela_game_can_undo (game));
  g_assert_true (kiela_game_play_square (game, "g1", NULL, &error));
  g_assert_no_error (error);
  after_g1 = *kiela_game_get_position (game);
  g_assert_true (kiela_game_play_square (game, "b3", NULL, &error));
  after_b3 = *kiela_game_get_position (game);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);
  name = kiela_game_dup_move_name (game, 1);
  g_assert_cmpstr (name, ==, "b3");

  g_assert_true (kiela_game_undo (game));
  g_assert_true (kiela_position_equal (kiela_game_get_position (game), &after_g1));
  g_assert_true (kiela_game_can_redo (game));
  g_assert_true (kiela_game_undo (game));
  g_assert_true (kiela_position_equal (kiela_game_get_position (game), kiela_game_get_initial (game)));
  g_assert_false (kiela_game_undo (game));
  g_assert_true (kiela_game_redo (game));
  g_assert_true (kiela_game_redo (game));
  g_assert_true (kiela_position_equal (kiela_game_get_position (game), &after_b3));
  g_assert_false (kiela_game_redo (game));

  /* A new move after undo drops the redo branch. */
  g_assert_true (kiela_game_go_to (game, 1));
  g_assert_cmpuint (kiela_game_get_n_redo (game), ==, 1);
  g_assert_true (kiela_game_play_square (game, "a3", NULL, &error));
  g_assert_cmpuint (kiela_game_get_n_redo (game), ==, 0);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);
  g_assert_false (kiela_position_equal (kiela_game_get_position (game), &after_b3));
  g_assert_cmpuint (changes, ==, 2 + 2 + 2 + 1 + 1);
}

static void
test_trace_matches_play (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaGame) game = kiela_game_new (v);
  g_autoptr(KielaTrace) trace = kiela_trace_new (), again = kiela_trace_new ();

  g_assert_true (kiela_game_play_square (game, "i2", trace, NULL));
  g_assert_true (kiela_game_play_square (game, "b3", trace, NULL));
  g_assert_true (kiela_position_equal (&trace->after, kiela_game_get_position (game)));
  g_assert_cmpuint (trace->result.captured, ==, 3);
  g_assert_true (kiela_game_trace_move (game, 1, again));
  g_assert_cmpuint (kiela_trace_get_n_events (again), ==, kiela_trace_get_n_events (trace));
  g_assert_true (kiela_position_equal (&again->after, &trace->after));
}

static void
expect_illegal (KielaGame *game, const char *square, gint code, const char *part)
{
  g_autoptr(GError) error = NULL;
  guint before = kiela_game_get_n_moves (game);

  g_assert_false (kiela_game_play_square (game, square, NULL, &error));
  g_assert_error (error, KIELA_ERROR, code);
  if (strstr (error->message, part) == NULL)
    g_error ("playing %s: “%s” does not mention “%s”", square, error->message, part);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, before);
}

static void
test_illegal_moves (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaGame) game = kiela_game_new (v);
  g_autoptr(KielaGame) endless = NULL;
  KielaPosition pos;

  expect_illegal (game, "a4", KIELA_ERROR_ILLEGAL_MOVE, "a4 belongs to North");
  expect_illegal (game, "a2", KIELA_ERROR_ILLEGAL_MOVE, "a2 is empty");
  expect_illegal (game, "k1", KIELA_ERROR_PARSE, "off the board");
  expect_illegal (game, "zz", KIELA_ERROR_PARSE, "not a square");
  g_assert_true (kiela_game_play_square (game, "g1", NULL, NULL));
  g_assert_true (kiela_game_play_square (game, "a4", NULL, NULL));
  /* f2 now holds a single stone */
  expect_illegal (game, "f2", KIELA_ERROR_ILLEGAL_MOVE, "f2 holds 1 stone: Kiela needs at least 2");

  g_assert_true (kiela_position_parse ("2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/2,1,0,1,2,0,1,2,0,1/2,1,3,2,1,0,1,0,1,0 s",
                                       10, &pos, NULL));
  endless = kiela_game_new_from_position (v, &pos, NULL);
  expect_illegal (endless, "a2", KIELA_ERROR_ILLEGAL_MOVE, "counts as endless");
}

static void
test_repetition_draw (void)
{
  g_autoptr(KielaGame) game = kiela_game_new (&cycle_variant);
  KielaReason reason;
  g_autofree char *text = NULL;

  for (guint ply = 1; ply <= 32; ply++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, moves);

      g_assert_cmpuint (n, ==, 1);
      g_assert_true (kiela_game_play (game, moves[0], NULL, NULL));
      /* The start position comes back after 16 and 32 plies: the third time ends it. */
      if (ply == 16)
        {
          g_assert_true (kiela_position_equal (kiela_game_get_position (game), kiela_game_get_initial (game)));
          g_assert_cmpuint (kiela_game_repetition_count (game), ==, 2);
        }
      if (ply < 32)
        g_assert_cmpint (kiela_game_get_status (game, NULL), ==, KIELA_STATUS_ONGOING);
    }
  g_assert_cmpuint (kiela_game_repetition_count (game), ==, 3);
  g_assert_cmpint (kiela_game_get_status (game, &reason), ==, KIELA_STATUS_DRAW);
  g_assert_cmpint (reason, ==, KIELA_REASON_REPETITION);
  text = kiela_game_describe_result (game);
  g_assert_cmpstr (text, ==, "Draw: the position repeated three times.");
  {
    g_autofree char *why = kiela_game_describe_reason (game);
    g_assert_cmpstr (why, ==, "The position repeated three times.");
  }
  expect_illegal (game, "a1", KIELA_ERROR_GAME_OVER, "game is over");
  /* Undo reopens the game. */
  g_assert_true (kiela_game_undo (game));
  g_assert_cmpint (kiela_game_get_status (game, NULL), ==, KIELA_STATUS_ONGOING);
}

static void
test_no_moves_loses (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  KielaPosition pos;
  g_autoptr(KielaGame) singles = NULL, empty = NULL;
  KielaReason reason;
  g_autofree char *t1 = NULL, *t2 = NULL;

  /* South has only single stones: in the advanced game it cannot move. */
  g_assert_true (kiela_position_parse ("2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/1,0,1,0,0,0,0,0,0,1/0,1,0,0,0,0,0,0,1,0 s",
                                       10, &pos, NULL));
  singles = kiela_game_new_from_position (v, &pos, NULL);
  g_assert_cmpint (kiela_game_get_status (singles, &reason), ==, KIELA_STATUS_NORTH_WINS);
  g_assert_cmpint (reason, ==, KIELA_REASON_NO_MOVES);
  t1 = kiela_game_describe_result (singles);
  g_assert_cmpstr (t1, ==, "North wins: South cannot move.");
  {
    g_autofree char *why = kiela_game_describe_reason (singles);
    g_assert_cmpstr (why, ==, "South cannot move.");
  }

  g_assert_true (kiela_position_parse ("0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 n",
                                       10, &pos, NULL));
  empty = kiela_game_new_from_position (v, &pos, NULL);
  g_assert_cmpint (kiela_game_get_status (empty, &reason), ==, KIELA_STATUS_SOUTH_WINS);
  t2 = kiela_game_describe_result (empty);
  g_assert_cmpstr (t2, ==, "South wins: North has no stones left.");

  /* With beginner rules the same singles can be sown. */
  {
    KielaPosition p2;
    g_autoptr(KielaGame) beg = NULL;
    g_assert_true (kiela_position_parse ("2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/1,0,1,0,0,0,0,0,0,1/0,1,0,0,0,0,0,0,1,0 s",
                                         10, &p2, NULL));
    beg = kiela_game_new_from_position (kiela_registry_lookup_variant (registry, "kiela-beginner"), &p2, NULL);
    g_assert_cmpint (kiela_game_get_status (beg, NULL), ==, KIELA_STATUS_ONGOING);
  }
}

static void
test_endless_loses_game (void)
{
  KielaVariant v = *kiela_registry_lookup_variant (registry, "hawalis");
  KielaPosition pos;
  g_autoptr(KielaGame) game = NULL;
  KielaReason reason;
  g_autofree char *text = NULL;

  v.files = 10;
  g_assert_true (kiela_position_parse ("2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/2,1,0,1,2,0,1,2,0,1/2,1,3,2,1,0,1,0,1,0 s",
                                       10, &pos, NULL));
  game = kiela_game_new_from_position (&v, &pos, NULL);
  g_assert_true (kiela_game_play_square (game, "a2", NULL, NULL));
  g_assert_cmpint (kiela_game_get_status (game, &reason), ==, KIELA_STATUS_NORTH_WINS);
  g_assert_cmpint (reason, ==, KIELA_REASON_ENDLESS_MOVE);
  text = kiela_game_describe_result (game);
  g_assert_cmpstr (text, ==, "North wins: South played a move that never ends.");
}

static void
test_expert_setup (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela-expert");
  g_autoptr(KielaGame) game = kiela_game_new (v);
  g_autoptr(GError) error = NULL;
  guint16 south[KIELA_MAX_HOUSES] = { 0 }, north[KIELA_MAX_HOUSES] = { 0 };
  KielaMove moves[KIELA_MAX_MOVES];

  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_SETUP_SOUTH);
  g_assert_cmpuint (kiela_game_legal_moves (game, moves), ==, 0);
  expect_illegal (game, "g1", KIELA_ERROR_ILLEGAL_MOVE, "arranging");

  /* 28 stones over South's houses, all on the inner row. */
  for (guint i = 10; i < 20; i++)
    south[i] = i < 18 ? 3 : 2;
  g_assert_false (kiela_game_setup (game, KIELA_NORTH, south, &error));
  g_assert_nonnull (strstr (error->message, "South’s turn"));
  g_clear_error (&error);
  south[10]++;
  g_assert_false (kiela_game_setup (game, KIELA_SOUTH, south, &error));
  g_assert_nonnull (strstr (error->message, "holds 29 stones, but South has 28"));
  g_clear_error (&error);
  south[10]--;
  g_assert_true (kiela_game_setup (game, KIELA_SOUTH, south, &error));
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_SETUP_NORTH);
  for (guint i = 0; i < 14; i++)
    north[i] = 2;
  g_assert_true (kiela_game_setup (game, KIELA_NORTH, north, &error));
  g_assert_cmpint (kiela_game_get_phase (game), ==, KIELA_PHASE_PLAY);
  g_assert_cmpuint (kiela_game_get_initial (game)->houses[KIELA_SOUTH][0], ==, 0);
  g_assert_cmpuint (kiela_game_get_initial (game)->houses[KIELA_SOUTH][10], ==, 3);
  g_assert_cmpint (kiela_game_get_initial (game)->to_move, ==, KIELA_SOUTH);
  g_assert_cmpuint (kiela_game_legal_moves (game, moves), >, 0);
  g_assert_false (kiela_game_setup (game, KIELA_SOUTH, south, NULL));
  g_assert_true (kiela_game_play (game, moves[0], NULL, &error));
  g_assert_no_error (error);
}

static void
test_copy_independent (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaGame) game = kiela_game_new (v);
  g_autoptr(KielaGame) copy = NULL;

  g_assert_true (kiela_game_play_square (game, "g1", NULL, NULL));
  kiela_game_set_metadata (game, KIELA_META_SOUTH, "Ana");
  copy = kiela_game_copy (game);
  g_assert_true (kiela_game_play_square (copy, "a4", NULL, NULL));
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 1);
  g_assert_cmpuint (kiela_game_get_n_moves (copy), ==, 2);
  g_assert_cmpstr (kiela_game_get_metadata (copy, KIELA_META_SOUTH), ==, "Ana");
}

/* The position after `ply` moves, replayed naively from the initial position. */
static void
naive_position_at (KielaGame *game, guint ply, KielaPosition *out)
{
  *out = *kiela_game_get_initial (game);
  for (guint i = 0; i < ply; i++)
    kiela_sow_fast (kiela_game_get_variant (game), out, kiela_game_get_move (game, i)->move, NULL);
}

/* Checks every derived fact of the game against a naive replay of its moves:
 * the current position, positions at random plies, the repetition count and
 * the result. */
static void
check_against_replay (KielaGame *game, KielaRng *rng)
{
  const KielaVariant *v = kiela_game_get_variant (game);
  guint n = kiela_game_get_n_moves (game), total = n + kiela_game_get_n_redo (game);
  g_autofree KielaPosition *line = g_new (KielaPosition, total + 1);
  KielaMove moves[KIELA_MAX_MOVES];
  guint count = 0, n_legal;
  KielaStatus want = KIELA_STATUS_ONGOING;

  for (guint ply = 0; ply <= total; ply++)
    naive_position_at (game, ply, &line[ply]);
  g_assert_true (kiela_position_equal (kiela_game_get_position (game), &line[n]));
  for (guint i = 0; i < 4; i++)
    {
      guint ply = kiela_rng_below (rng, total + 1);
      g_assert_true (kiela_position_equal (kiela_game_get_position_at (game, ply), &line[ply]));
    }
  for (guint ply = 0; ply <= n; ply++)
    count += kiela_position_equal (&line[ply], &line[n]);
  g_assert_cmpuint (kiela_game_repetition_count (game), ==, count);

  n_legal = kiela_legal_moves (v, &line[n], moves, NULL, NULL);
  if (count >= 3)
    want = KIELA_STATUS_DRAW;
  else if (n_legal == 0)
    want = line[n].to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
  g_assert_cmpint (kiela_game_get_status (game, NULL), ==, want);
  g_assert_cmpuint (kiela_game_legal_moves (game, moves), ==, want == KIELA_STATUS_ONGOING ? n_legal : 0);
}

/* The history is kept compactly (checkpoints, a hash table of positions): random
 * plays, undos, redos, jumps and new branches must give exactly what replaying
 * the moves from the start gives, repetitions and results included. */
static void
test_history_matches_replay (void)
{
  const KielaVariant *variants[] = { &cycle_variant, kiela_registry_lookup_variant (registry, "kiela-beginner") };
  KielaRng rng;

  kiela_rng_seed (&rng, 77);
  for (guint g = 0; g < 40; g++)
    {
      g_autoptr(KielaGame) game = kiela_game_new (variants[g % 2]);

      for (guint step = 0; step < 300; step++)
        {
          KielaMove moves[KIELA_MAX_MOVES];
          guint n = kiela_game_legal_moves (game, moves);
          guint op = kiela_rng_below (&rng, 10);

          if (op < 6 && n > 0)
            g_assert_true (kiela_game_play (game, moves[kiela_rng_below (&rng, n)], NULL, NULL));
          else if (op < 8)
            kiela_game_undo (game);
          else if (op < 9)
            kiela_game_redo (game);
          else
            g_assert_true (kiela_game_go_to (game, kiela_rng_below (&rng, kiela_game_get_n_moves (game) +
                                                                         kiela_game_get_n_redo (game) + 1)));
          if (step % 5 == 0 || kiela_game_is_over (game))
            check_against_replay (game, &rng);
        }
      /* A copy has the same history and goes its own way. */
      {
        g_autoptr(KielaGame) copy = kiela_game_copy (game);
        check_against_replay (copy, &rng);
        kiela_game_go_to (copy, 0);
        check_against_replay (copy, &rng);
        check_against_replay (game, &rng);
      }
    }
}

/* A game of 100,000 moves: playing, saving and loading it take linear time
 * (repetitions were once counted by scanning every earlier position, several
 * times a move: such a game took hours).  Not timed: before the fix this test
 * could not finish within the test timeout. */
static void
test_long_game (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela-beginner");
  g_autoptr(KielaGame) game = kiela_game_new (v);
  g_autoptr(GHashTable) seen = long_game_seen_new ();
  g_autoptr(KielaGame) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  KielaRng rng;
  const guint n = 100000;

  kiela_rng_seed (&rng, 1);
  long_game_note (seen, kiela_game_get_position (game));
  for (guint ply = 0; ply < n; ply++)
    {
      KielaPosition after;
      KielaMove move = long_game_choose (v, kiela_game_get_position (game), seen, &rng, &after);

      g_assert_cmpint (move, >=, 0);
      g_assert_true (kiela_game_play (game, move, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (kiela_position_equal (kiela_game_get_position (game), &after));
      long_game_note (seen, &after);
    }
  g_assert_cmpint (kiela_game_get_status (game, NULL), ==, KIELA_STATUS_ONGOING);

  text = kiela_record_to_string (game);
  back = kiela_record_from_string (registry, text, -1, "long.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kiela_game_get_n_moves (back), ==, n);
  g_assert_true (kiela_position_equal (kiela_game_get_position (back), kiela_game_get_position (game)));

  /* Walking the whole history back and forth stays cheap too. */
  for (guint ply = 0; ply <= n; ply += 997)
    g_assert_true (kiela_position_equal (kiela_game_get_position_at (back, ply), kiela_game_get_position_at (game, ply)));
  g_assert_true (kiela_game_go_to (back, n / 2));
  g_assert_true (kiela_position_equal (kiela_game_get_position (back), kiela_game_get_position_at (game, n / 2)));
  while (kiela_game_undo (back) && kiela_game_get_n_moves (back) > n / 2 - 100)
    ;
  g_assert_true (kiela_position_equal (kiela_game_get_position (back), kiela_game_get_position_at (game, n / 2 - 100)));
}

/* A game holds at most KIELA_GAME_MAX_MOVES moves; a record with more is refused
 * before replaying it, with a message. */
static void
test_move_limit (void)
{
  g_autoptr(GString) s = g_string_new ("{\"format\":\"kiela-game\",\"version\":1,\"variant\":\"kiela\",\"moves\":[");
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i <= KIELA_GAME_MAX_MOVES; i++)
    g_string_append (s, i ? ",\"\"" : "\"\"");
  g_string_append (s, "]}");
  g_assert_null (kiela_record_from_string (registry, s->str, (gssize) s->len, "huge.kiela", &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_RECORD);
  g_assert_nonnull (strstr (error->message, "huge.kiela: the record has 1000001 moves, more than the 1000000"));
}

/* A variant whose lap limit is one lap: any sowing that relays counts as never ending. */
static const KielaVariant one_lap_variant = {
  .id = "test-one-lap", .name = "One lap", .files = 4, .min_sow = 2,
  .capture_rule = KIELA_CAPTURE_OCCUPIED_INNER, .captured_fate = KIELA_CAPTURED_SOW_AFTER_CAPTOR,
  .relay_rule = KIELA_RELAY_OCCUPIED, .endless_policy = KIELA_ENDLESS_ILLEGAL, .lap_limit = 1,
  .start = { { 2, 2, 2, 2 }, { 2, 2, 2, 2 } },
};

static void
assert_refused (const KielaVariant *v, const KielaPosition *pos, const char *part)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (kiela_game_check_position (v, pos, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_POSITION);
  if (strstr (error->message, part) == NULL)
    g_error ("“%s” does not say “%s”", error->message, part);
}

/* The editor's question "can the variant be played from here", answered by the engine. */
static void
test_check_position (void)
{
  GPtrArray *variants = kiela_registry_get_variants (registry);
  const KielaVariant *kiela = kiela_registry_lookup_variant (registry, "kiela");
  const KielaVariant *beginner = kiela_registry_lookup_variant (registry, "kiela-beginner");
  const KielaVariant *hawalis = kiela_registry_lookup_variant (registry, "hawalis");
  KielaPosition pos, start;
  KielaMove moves[KIELA_MAX_MOVES];
  g_autoptr(GError) error = NULL;

  /* Every variant can be played from its own start, and its limit is that start's total. */
  g_assert_cmpuint (variants->len, >, 0);
  for (guint i = 0; i < variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (variants, i);

      kiela_position_init_start (&pos, v);
      g_assert_true (kiela_game_check_position (v, &pos, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (kiela_variant_max_stones (v), ==, kiela_position_total (&pos));
    }
  g_assert_cmpuint (kiela_variant_max_stones (kiela), ==, 56);
  g_assert_cmpuint (kiela_variant_max_stones (beginner), ==, 28);

  /* Another file count. */
  g_assert_true (kiela_position_parse ("2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 s", 0, &pos, NULL));
  assert_refused (kiela, &pos, "7 files");

  /* No stones at all. */
  kiela_position_init_start (&start, kiela);
  memset (&pos, 0, sizeof pos);
  pos.files = start.files;
  assert_refused (kiela, &pos, "empty");

  /* More stones than the variant ever has: one too many is refused, the limit itself is not. */
  pos = start;
  pos.houses[KIELA_NORTH][15] = 1;
  assert_refused (kiela, &pos, "57 stones");
  assert_refused (kiela, &pos, "56 stones");
  pos = start;
  pos.houses[KIELA_SOUTH][0] = 0;
  pos.houses[KIELA_SOUTH][15] = 2;
  g_assert_true (kiela_game_check_position (kiela, &pos, NULL));
  /* Fewer stones than the start (an endgame study) are fine. */
  pos.houses[KIELA_NORTH][3] = 0;
  g_assert_true (kiela_game_check_position (kiela, &pos, NULL));

  /* The side to move has no stones, for either side. */
  pos = start;
  memset (pos.houses[KIELA_SOUTH], 0, sizeof pos.houses[KIELA_SOUTH]);
  assert_refused (kiela, &pos, "South is to move but has no stones");
  pos.to_move = KIELA_NORTH;
  g_assert_true (kiela_game_check_position (kiela, &pos, NULL));
  pos = start;
  memset (pos.houses[KIELA_NORTH], 0, sizeof pos.houses[KIELA_NORTH]);
  pos.to_move = KIELA_NORTH;
  assert_refused (kiela, &pos, "North is to move but has no stones");

  /* Only single stones: no move in the advanced game, moves for beginners and in Hawalis. */
  pos = start;
  for (guint h = 0; h < 20; h++)
    pos.houses[KIELA_SOUTH][h] = h % 2;
  assert_refused (kiela, &pos, "2 stones or more");
  kiela_position_init_start (&start, beginner);
  memcpy (start.houses[KIELA_SOUTH], pos.houses[KIELA_SOUTH], sizeof start.houses[KIELA_SOUTH]);
  g_assert_true (kiela_game_check_position (beginner, &start, NULL));
  if (hawalis != NULL)
    {
      kiela_position_init_start (&pos, hawalis);
      for (guint h = 0; h < 2u * hawalis->files; h++)
        pos.houses[KIELA_SOUTH][h] = h % 2;
      g_assert_true (kiela_game_check_position (hawalis, &pos, NULL));
    }

  /* Stones that could be sown, but every sowing never ends. */
  memset (&pos, 0, sizeof pos);
  pos.files = 4;
  pos.houses[KIELA_SOUTH][0] = 2;
  pos.houses[KIELA_SOUTH][2] = 1;
  pos.houses[KIELA_NORTH][0] = 2;
  g_assert_cmpuint (kiela_candidate_moves (&one_lap_variant, &pos, moves), ==, 1);
  g_assert_cmpuint (kiela_legal_moves (&one_lap_variant, &pos, moves, NULL, NULL), ==, 0);
  assert_refused (&one_lap_variant, &pos, "counts as endless");
  /* The same house with an empty landing place ends at once: playable. */
  pos.houses[KIELA_SOUTH][2] = 0;
  g_assert_true (kiela_game_check_position (&one_lap_variant, &pos, NULL));
}

/* A game that reaches KIELA_GAME_MAX_MOVES ends there, a draw by the move limit: no legal move
 * is offered (before, it stayed "ongoing" with playable houses and refused every move). Its
 * record says so and loads again, as does one saved "ongoing" before this rule. */
static void
test_move_cap_ends_game (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela-beginner");
  g_autoptr(KielaGame) game = kiela_game_new (v);
  g_autoptr(GHashTable) seen = long_game_seen_new ();
  g_autoptr(KielaGame) back = NULL;
  g_autoptr(KielaGame) old = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *result = NULL, *reason = NULL;
  g_autoptr(GString) ongoing = NULL;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaReason why;
  KielaRng rng;

  kiela_rng_seed (&rng, 1);
  long_game_note (seen, kiela_game_get_position (game));
  for (guint ply = 0; ply < KIELA_GAME_MAX_MOVES; ply++)
    {
      KielaPosition after;
      KielaMove move;

      g_assert_cmpint (kiela_game_get_status (game, NULL), ==, KIELA_STATUS_ONGOING);
      move = long_game_choose (v, kiela_game_get_position (game), seen, &rng, &after);
      g_assert_cmpint (move, >=, 0);
      if (!kiela_game_play (game, move, NULL, &error))
        g_error ("ply %u: %s", ply, error->message);
      long_game_note (seen, &after);
    }
  g_assert_cmpint (kiela_game_get_status (game, &why), ==, KIELA_STATUS_DRAW);
  g_assert_cmpint (why, ==, KIELA_REASON_MOVE_LIMIT);
  g_assert_true (kiela_game_is_over (game));
  g_assert_cmpuint (kiela_game_legal_moves (game, moves), ==, 0);
  result = kiela_game_describe_result (game);
  g_assert_cmpstr (result, ==, "Draw: the move limit was reached.");
  reason = kiela_game_describe_reason (game);
  g_assert_cmpstr (reason, ==, "The move limit was reached.");
  /* The houses still hold stones a move could sow, but the game is over. */
  g_assert_cmpuint (kiela_legal_moves (v, kiela_game_get_position (game), moves, NULL, NULL), >, 0);
  g_assert_false (kiela_game_play (game, moves[0], NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER);
  g_clear_error (&error);

  text = kiela_record_to_string (game);
  g_assert_nonnull (strstr (text, "\"result\":\"draw\",\"reason\":\"move limit\""));
  back = kiela_record_from_string (registry, text, -1, "cap.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpint (kiela_game_get_status (back, &why), ==, KIELA_STATUS_DRAW);
  g_assert_cmpint (why, ==, KIELA_REASON_MOVE_LIMIT);

  /* A record of the same game saved as "ongoing" (by an older Kiela) loads, as the draw. */
  ongoing = g_string_new (text);
  g_assert_cmpuint (g_string_replace (ongoing, "\"result\":\"draw\",\"reason\":\"move limit\"", "\"result\":\"ongoing\"", 1), ==, 1);
  old = kiela_record_from_string (registry, ongoing->str, -1, "old-cap.kiela", &error);
  g_assert_no_error (error);
  g_assert_cmpint (kiela_game_get_status (old, NULL), ==, KIELA_STATUS_DRAW);
}

int
main (int argc, char **argv)
{
  int ret;

  registry = test_init (&argc, &argv);
  g_test_add_func ("/game/play-undo-redo", test_play_undo_redo);
  g_test_add_func ("/game/trace", test_trace_matches_play);
  g_test_add_func ("/game/illegal", test_illegal_moves);
  g_test_add_func ("/game/repetition", test_repetition_draw);
  g_test_add_func ("/game/no-moves", test_no_moves_loses);
  g_test_add_func ("/game/endless-loses", test_endless_loses_game);
  g_test_add_func ("/game/expert-setup", test_expert_setup);
  g_test_add_func ("/game/copy", test_copy_independent);
  g_test_add_func ("/game/history-matches-replay", test_history_matches_replay);
  g_test_add_func ("/game/long", test_long_game);
  g_test_add_func ("/game/move-cap-ends-game", test_move_cap_ends_game);
  g_test_add_func ("/game/move-limit", test_move_limit);
  g_test_add_func ("/game/check-position", test_check_position);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
