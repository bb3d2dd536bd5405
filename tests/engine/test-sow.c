/* test-sow.c: sowing against the rules file: worked moves, the endless example, the candidates,
 * Hawalis, the narration.  An independent reference sowing: test-sow-reference.c; the playouts:
 * test-sow-playout.c. */
#include "config.h"
#include <string.h>
#include "test-common.h"
#include "test-sow-common.h"

static void
play_squares (const KielaVariant *v, KielaPosition *pos, const char *const *moves)
{
  for (guint i = 0; moves[i]; i++)
    {
      KielaSquare sq;
      g_assert_true (kiela_square_parse (v->files, moves[i], &sq, NULL));
      g_assert_cmpuint (sq.side, ==, pos->to_move);
      g_assert_null (kiela_explain_illegal (v, pos, sq.house));
      g_assert_true (kiela_sow_fast (v, pos, sq.house, NULL));
    }
}

/* Rules section 11, first example. */
static void
test_worked_g1 (void)
{
  const KielaVariant *v = variant ("kiela");
  const guint16 south[20] = { 2,2,2,2,2,2,0,3,0,3, 3,0,3,3,1,0,0,0,0,0 };
  KielaPosition pos, start;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  guint relays = 0;
  char sq[4];

  kiela_position_init_start (&start, v);
  pos = start;
  play_squares (v, &pos, (const char *const[]) { "g1", NULL });
  test_assert_side (&pos, KIELA_SOUTH, south, 20);
  test_assert_side (&pos, KIELA_NORTH, start.houses[KIELA_NORTH], 20);
  g_assert_cmpint (pos.to_move, ==, KIELA_NORTH);

  /* The trace tells the same story: relays at i1 and i2, end in empty f2. */
  kiela_sow_traced (v, &start, 6, trace);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *e = kiela_trace_get_event (trace, i);
      if (e->type == KIELA_EVENT_RELAY)
        {
          kiela_square_name (10, e->side, e->house, sq);
          g_assert_cmpstr (sq, ==, relays == 0 ? "i1" : "i2");
          g_assert_cmpuint (e->reason, ==, relays == 0 ? KIELA_RELAY_OUTER : KIELA_RELAY_INNER_FACING_EMPTY);
          relays++;
        }
    }
  g_assert_cmpuint (relays, ==, 2);
  g_assert_cmpuint (trace->result.laps, ==, 3);
  g_assert_cmpuint (trace->result.end, ==, KIELA_END_EMPTY_HOUSE);
  kiela_square_name (10, KIELA_SOUTH, trace->result.last_house, sq);
  g_assert_cmpstr (sq, ==, "f2");
}

/* Rules section 11, second example: North captures d2 (1) and d1 (2). */
static void
test_worked_capture (void)
{
  const KielaVariant *v = variant ("kiela");
  const guint16 north[20] = { 2,2,2,2,2,2,2,2,2,2, 2,0,3,3,1,1,1,0,0,0 };
  const guint16 south[20] = { 2,2,2,0,2,2,2,2,2,2, 2,0,3,0,1,1,0,0,0,0 };
  KielaPosition pos, before;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  gboolean saw_capture = FALSE;

  kiela_position_init_start (&pos, v);
  play_squares (v, &pos, (const char *const[]) { "i2", NULL });
  before = pos;
  play_squares (v, &pos, (const char *const[]) { "b3", NULL });
  test_assert_side (&pos, KIELA_NORTH, north, 20);
  test_assert_side (&pos, KIELA_SOUTH, south, 20);
  g_assert_cmpuint (kiela_position_side_total (&pos, KIELA_NORTH), ==, 31);
  g_assert_cmpuint (kiela_position_side_total (&pos, KIELA_SOUTH), ==, 25);

  kiela_sow_traced (v, &before, 11 /* b3 */, trace);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *e = kiela_trace_get_event (trace, i);
      char a[4], b[4], c[4];

      if (e->type != KIELA_EVENT_CAPTURE)
        continue;
      kiela_square_name (10, e->side, e->house, a);
      kiela_square_name (10, e->side2, e->house2, b);
      kiela_square_name (10, e->side2, e->house3, c);
      g_assert_cmpstr (a, ==, "d3");
      g_assert_cmpstr (b, ==, "d2");
      g_assert_cmpstr (c, ==, "d1");
      g_assert_cmpuint (e->count2, ==, 1);
      g_assert_cmpuint (e->count3, ==, 2);
      /* The next event: the 3 stones enter from e3, the house after d3. */
      e = kiela_trace_get_event (trace, i + 1);
      g_assert_cmpuint (e->type, ==, KIELA_EVENT_ENTER);
      g_assert_cmpuint (e->count, ==, 3);
      kiela_square_name (10, e->side, e->house, a);
      g_assert_cmpstr (a, ==, "e3");
      saw_capture = TRUE;
    }
  g_assert_true (saw_capture);
  g_assert_cmpuint (trace->result.captured, ==, 3);
}

/* Rules section 11, third example: two captures in one move. */
static void
test_worked_double_capture (void)
{
  const KielaVariant *v = variant ("kiela");
  const guint16 south[20] = { 2,0,3,0,3,3,0,3,3,0, 3,0,1,4,2,2,1,1,1,1 };
  const guint16 north[20] = { 2,2,0,3,0,0,3,0,3,3, 0,3,3,0,0,0,1,0,0,0 };
  KielaPosition pos;
  KielaSowResult r;
  KielaSquare sq;

  kiela_position_init_start (&pos, v);
  play_squares (v, &pos, (const char *const[]) { "b1", "h4", NULL });
  g_assert_true (kiela_square_parse (10, "i2", &sq, NULL));
  g_assert_true (kiela_sow_fast (v, &pos, sq.house, &r));
  test_assert_side (&pos, KIELA_SOUTH, south, 20);
  test_assert_side (&pos, KIELA_NORTH, north, 20);
  g_assert_cmpuint (kiela_position_side_total (&pos, KIELA_SOUTH), ==, 33);
  g_assert_cmpuint (kiela_position_side_total (&pos, KIELA_NORTH), ==, 23);
  g_assert_cmpuint (r.captures, ==, 2);
}

static void
test_endless_example (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaPosition pos, child;
  KielaMove moves[KIELA_MAX_MOVES];
  guint n;
  KielaSowResult r;
  g_autofree char *why = NULL;
  KielaVariant longer;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autoptr(GArray) lap_starts = g_array_new (FALSE, FALSE, sizeof (KielaPosition));
  guint period = 0;

  endless_position (&pos);
  child = pos;
  g_assert_false (kiela_sow_fast (v, &child, 19, &r));
  g_assert_cmpuint (r.end, ==, KIELA_END_ENDLESS);
  g_assert_cmpuint (r.laps, ==, 1000);
  g_assert_cmpuint (kiela_position_total (&child), ==, kiela_position_total (&pos));

  n = kiela_legal_moves (v, &pos, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (moves[i], !=, 19);
  why = kiela_explain_illegal (v, &pos, 19);
  g_assert_nonnull (why);
  g_assert_nonnull (strstr (why, "a2"));
  g_assert_nonnull (strstr (why, "counts as endless"));

  /* Check the 165-lap period independently of the limit: sow 2,000 laps with a
   * trace and compare the board at the start of each lap. */
  longer = *v;
  longer.lap_limit = 2000;
  g_assert_false (kiela_sow_traced (&longer, &pos, 19, trace));
  {
    KielaPosition at;
    for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
      if (kiela_trace_get_event (trace, i)->type == KIELA_EVENT_LIFT)
        {
          kiela_trace_position_at (trace, i + 1, &at, NULL);
          g_array_append_val (lap_starts, at);
        }
  }
  g_assert_cmpuint (lap_starts->len, ==, 2000);
  for (guint p = 1; p <= 500 && period == 0; p++)
    {
      gboolean same = TRUE;
      for (guint k = 1000; k < 1400 && same; k++)
        same = kiela_position_equal (&g_array_index (lap_starts, KielaPosition, k),
                                     &g_array_index (lap_starts, KielaPosition, k + p));
      if (same)
        period = p;
    }
  g_assert_cmpuint (period, ==, 165);
}

/* The limit counts laps exactly: a move needing L laps is legal with limit L, endless with L-1. */
static void
test_lap_limit_exact (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaRng rng;
  guint checked = 0;

  kiela_rng_seed (&rng, 7);
  for (guint game = 0; game < 200 && checked < 50; game++)
    {
      KielaPosition pos;

      kiela_position_init_start (&pos, v);
      for (guint ply = 0; ply < 200; ply++)
        {
          KielaMove moves[KIELA_MAX_MOVES];
          KielaPosition children[KIELA_MAX_MOVES];
          guint n = kiela_legal_moves (v, &pos, moves, children, NULL);

          if (n == 0)
            break;
          for (guint i = 0; i < n; i++)
            {
              KielaPosition c = pos;
              KielaSowResult r;
              KielaVariant tight = *v;

              kiela_sow_fast (v, &c, moves[i], &r);
              if (r.laps < 4)
                continue;
              tight.lap_limit = r.laps;
              c = pos;
              g_assert_true (kiela_sow_fast (&tight, &c, moves[i], NULL));
              tight.lap_limit = r.laps - 1;
              c = pos;
              g_assert_false (kiela_sow_fast (&tight, &c, moves[i], NULL));
              checked++;
            }
          pos = children[kiela_rng_below (&rng, n)];
        }
    }
  g_assert_cmpuint (checked, >=, 50);
}

static void
test_candidates (void)
{
  const KielaVariant *adv = variant ("kiela"), *beg = variant ("kiela-beginner");
  KielaPosition pos = { 0 };
  KielaMove moves[KIELA_MAX_MOVES];
  g_autofree char *why1 = NULL, *why0 = NULL, *why_north = NULL;

  pos.files = 10;
  pos.houses[KIELA_SOUTH][6] = 1;   /* g1 */
  pos.houses[KIELA_SOUTH][7] = 2;   /* h1 */
  pos.houses[KIELA_NORTH][10] = 3;  /* a3 */
  g_assert_cmpuint (kiela_candidate_moves (adv, &pos, moves), ==, 1);
  g_assert_cmpint (moves[0], ==, 7);
  g_assert_cmpuint (kiela_candidate_moves (beg, &pos, moves), ==, 2);
  why1 = kiela_explain_illegal (adv, &pos, 6);
  g_assert_nonnull (strstr (why1, "g1 holds 1 stone"));
  g_assert_nonnull (strstr (why1, "at least 2"));
  why0 = kiela_explain_illegal (adv, &pos, 0);
  g_assert_nonnull (strstr (why0, "a1 is empty"));
  why_north = kiela_explain_house (adv, &pos, KIELA_NORTH, 10);
  g_assert_nonnull (strstr (why_north, "a3 belongs to North"));
  g_assert_null (kiela_explain_illegal (adv, &pos, 7));
}

/* Hawalis: capture into an EMPTY inner house, captured stones leave the board, the move ends. */
static void
test_hawalis_capture (void)
{
  const KielaVariant *v = variant ("hawalis");
  KielaPosition pos = { 0 }, after;
  KielaSquare from, target, fi, fo;
  KielaSowResult r;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  pos.files = 7;
  /* South sows 2 from f2 (house 8) into e2, d2 (empty): d2 faces d3. */
  g_assert_true (kiela_square_parse (7, "f2", &from, NULL));
  g_assert_true (kiela_square_parse (7, "d2", &target, NULL));
  g_assert_true (kiela_square_parse (7, "d3", &fi, NULL));
  g_assert_true (kiela_square_parse (7, "d4", &fo, NULL));
  pos.houses[KIELA_SOUTH][from.house] = 2;
  pos.houses[KIELA_NORTH][fi.house] = 3;
  pos.houses[KIELA_NORTH][fo.house] = 4;
  pos.houses[KIELA_NORTH][0] = 2;
  after = pos;
  g_assert_true (kiela_sow_fast (v, &after, from.house, &r));
  g_assert_cmpuint (r.captured, ==, 7);
  g_assert_cmpuint (r.end, ==, KIELA_END_CAPTURE_REMOVED);
  g_assert_cmpuint (after.houses[KIELA_NORTH][fi.house], ==, 0);
  g_assert_cmpuint (after.houses[KIELA_NORTH][fo.house], ==, 0);
  g_assert_cmpuint (after.houses[KIELA_SOUTH][target.house], ==, 1);
  g_assert_cmpuint (kiela_position_total (&after), ==, kiela_position_total (&pos) - 7);
  kiela_sow_traced (v, &pos, from.house, trace);
  g_assert_cmpuint (kiela_trace_get_event (trace, kiela_trace_get_n_events (trace) - 2)->type, ==, KIELA_EVENT_REMOVE);

  /* Under Kiela rules the same landing (empty house) simply ends the move. */
  {
    KielaVariant as_kiela = *variant ("kiela");
    KielaPosition k = pos;
    as_kiela.files = 7;
    g_assert_true (kiela_sow_fast (&as_kiela, &k, from.house, &r));
    g_assert_cmpuint (r.captured, ==, 0);
  }
}

/* Hawalis singles: only when no house holds 2, and only into an empty house. */
static void
test_hawalis_singles (void)
{
  const KielaVariant *v = variant ("hawalis");
  KielaPosition pos = { 0 };
  KielaMove moves[KIELA_MAX_MOVES];
  guint n;

  pos.files = 7;
  pos.houses[KIELA_SOUTH][0] = 1;  /* next house 1 empty: allowed */
  pos.houses[KIELA_SOUTH][3] = 1;  /* next house 4 occupied: not allowed */
  pos.houses[KIELA_SOUTH][4] = 1;  /* next house 5 empty: allowed */
  pos.houses[KIELA_NORTH][0] = 2;
  n = kiela_candidate_moves (v, &pos, moves);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (moves[0], ==, 0);
  g_assert_cmpint (moves[1], ==, 4);
  pos.houses[KIELA_SOUTH][6] = 2;  /* now a house holds 2: singles are out */
  n = kiela_candidate_moves (v, &pos, moves);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (moves[0], ==, 6);
}

/* Hawalis: an endless move is legal but loses; the same cycle as the Kiela example. */
static void
test_endless_loses (void)
{
  KielaVariant v = *variant ("hawalis");
  KielaPosition pos;
  KielaMove moves[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  gboolean found = FALSE;
  guint n;

  v.files = 10;   /* the section 8 example, under Hawalis's endless policy */
  endless_position (&pos);
  n = kiela_legal_moves (&v, &pos, moves, NULL, endless);
  for (guint i = 0; i < n; i++)
    if (moves[i] == 19)
      {
        g_assert_true (endless[i]);
        found = TRUE;
      }
    else
      g_assert_false (endless[i]);
  g_assert_true (found);
}

static void
test_narration (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaPosition pos;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autofree char *first = NULL, *summary = NULL;
  gboolean saw_capture_sentence = FALSE;

  kiela_position_init_start (&pos, v);
  kiela_sow_traced (v, &pos, 6, trace);
  first = kiela_narrate_event (v, trace, 0);
  g_assert_cmpstr (first, ==, "South lifts 2 stones from g1.");
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      g_autofree char *s = kiela_narrate_event (v, trace, i);
      g_assert_nonnull (s);
      g_assert_cmpuint (strlen (s), >, 10);
    }
  summary = kiela_narrate_move_summary (v, trace);
  g_assert_nonnull (strstr (summary, "g1"));
  g_assert_nonnull (strstr (summary, "3 laps"));

  /* The capture of section 11: "d3 captures 3 stones from d2 and d1; they join North’s army." */
  play_squares (v, &pos, (const char *const[]) { "i2", NULL });
  kiela_sow_traced (v, &pos, 11, trace);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      g_autofree char *s = kiela_narrate_event (v, trace, i);
      if (kiela_trace_get_event (trace, i)->type == KIELA_EVENT_CAPTURE)
        {
          g_assert_cmpstr (s, ==, "d3 captures 3 stones from d2 and d1; they join North’s army.");
          saw_capture_sentence = TRUE;
        }
    }
  g_assert_true (saw_capture_sentence);
}

int
main (int argc, char **argv)
{
  int ret;

  sow_test_init (&argc, &argv);
  g_test_add_func ("/sow/worked/g1", test_worked_g1);
  g_test_add_func ("/sow/worked/capture", test_worked_capture);
  g_test_add_func ("/sow/worked/double-capture", test_worked_double_capture);
  g_test_add_func ("/sow/endless/example-165", test_endless_example);
  g_test_add_func ("/sow/endless/limit-exact", test_lap_limit_exact);
  g_test_add_func ("/sow/endless/loses", test_endless_loses);
  g_test_add_func ("/sow/candidates", test_candidates);
  g_test_add_func ("/sow/hawalis/capture", test_hawalis_capture);
  g_test_add_func ("/sow/hawalis/singles", test_hawalis_singles);
  g_test_add_func ("/sow/narration", test_narration);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
