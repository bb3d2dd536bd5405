/* test-sow.c: sowing against the rules file: worked moves, the endless example, an independent
 * reference sowing, fast/traced agreement over many random games, trace invariants. */
#include "config.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "test-common.h"
#include "kiela-sow-private.h"
#include "tests/test-plugin-util.h"

static KielaRegistry *registry;

static const KielaVariant *
variant (const char *id)
{
  return test_variant (registry, id);
}

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

/* Rules section 8: South [2,1,3,2,1,0,1,0,1,0, 1,0,2,1,0,2,1,0,1,2] with North's inner row empty:
 * a2 (hole 19) cycles with a period of 165 laps. */
static void
endless_position (KielaPosition *pos)
{
  const guint16 south[20] = { 2,1,3,2,1,0,1,0,1,0, 1,0,2,1,0,2,1,0,1,2 };
  const guint16 north[20] = { 2,2,2,2,2,2,2,2,2,2, 0,0,0,0,0,0,0,0,0,0 };

  memset (pos, 0, sizeof *pos);
  pos->files = 10;
  test_set_side (pos, KIELA_SOUTH, south, 20);
  test_set_side (pos, KIELA_NORTH, north, 20);
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

/*
 * An independent reference sowing, written straight from sections 6 and 7 of
 * the rules with none of the engine's shortcuts: one stone at a time, modulo
 * arithmetic, facing houses found by file and rank.  Every rule parameter of
 * KielaVariant (capture trigger and needs, where captured stones go, relay).
 */
static gboolean
ref_sow_rules (const KielaVariant *v, KielaPosition *pos, guint move)
{
  const guint files = pos->files, n = 2 * files, lap_limit = v->lap_limit;
  const guint me = pos->to_move, opp = 1 - me;
  guint h = move, hand = pos->houses[me][h], lap = 1, lap_from = move;

  pos->houses[me][h] = 0;
  for (;;)
    {
      gboolean was_empty;

      while (hand > 0)
        {
          h = (h + 1) % n;
          pos->houses[me][h]++;
          hand--;
        }
      was_empty = pos->houses[me][h] == 1;
      if (h >= files)
        {
          KielaSquare mine, facing, behind;
          gboolean capture;

          kiela_square_from_house (files, me, h, &mine);
          kiela_square_from_file_rank (files, mine.file, me == KIELA_SOUTH ? 3 : 2, &facing);
          kiela_square_from_file_rank (files, mine.file, me == KIELA_SOUTH ? 4 : 1, &behind);
          g_assert_cmpuint (facing.side, ==, opp);
          switch (v->capture_rule)
            {
            case KIELA_CAPTURE_EMPTY_INNER:
              capture = was_empty && pos->houses[opp][facing.house] > 0;
              break;
            case KIELA_CAPTURE_OCCUPIED_INNER_BOTH:
              capture = !was_empty && pos->houses[opp][facing.house] > 0 && pos->houses[opp][behind.house] > 0;
              break;
            default:
              capture = !was_empty && pos->houses[opp][facing.house] > 0;
              break;
            }
          if (capture)                               /* 6.4 */
            {
              hand = pos->houses[opp][facing.house] + pos->houses[opp][behind.house];
              pos->houses[opp][facing.house] = 0;
              pos->houses[opp][behind.house] = 0;
              if (v->captured_fate == KIELA_CAPTURED_REMOVED)
                break;
              if (lap == lap_limit)
                return FALSE;
              lap++;
              switch (v->captured_fate)              /* 7: where the new lap starts */
                {
                case KIELA_CAPTURED_SOW_FROM_LAP_START:
                  h = (lap_from + n - 1) % n;        /* its first stone into the lap's start */
                  lap_from = (h + 1) % n;
                  break;
                case KIELA_CAPTURED_SOW_AFTER_LAP_START:
                  h = lap_from;                      /* into the next house; the start stays */
                  break;
                default:
                  lap_from = (h + 1) % n;            /* after the captor */
                  break;
                }
              continue;
            }
        }
      if (was_empty)                                 /* 6.1: empty house */
        break;
      if (v->relay_rule == KIELA_RELAY_NEVER)
        break;
      if (lap == lap_limit)                          /* 6.2, 6.3: relay */
        return FALSE;
      lap++;
      hand = pos->houses[me][h];
      pos->houses[me][h] = 0;
      lap_from = h;
    }
  /* A variant's forced first move (Mefuvha) is made by the side's first sowing. */
  pos->first_move_owed &= (guint8) ~(1u << me);
  pos->to_move = opp;
  return TRUE;
}

/* Kiela's rules (section 6 and 7). */
static gboolean
ref_sow (KielaPosition *pos, guint move, guint lap_limit)
{
  KielaVariant v = { .capture_rule = KIELA_CAPTURE_OCCUPIED_INNER,
                     .captured_fate = KIELA_CAPTURED_SOW_AFTER_CAPTOR,
                     .relay_rule = KIELA_RELAY_OCCUPIED, .lap_limit = lap_limit };

  return ref_sow_rules (&v, pos, move);
}

static void
check_trace (const KielaVariant *v, const KielaPosition *pos, KielaMove move, const KielaTrace *trace)
{
  guint drops = 0, laps = 0;
  guint total_before = kiela_position_total (pos);
  KielaPosition replay;
  guint hand;

  g_assert_cmpuint (kiela_trace_get_event (trace, 0)->type, ==, KIELA_EVENT_LIFT);
  g_assert_cmpuint (kiela_trace_get_event (trace, 0)->house, ==, KIELA_MOVE_HOUSE (move));
  g_assert_cmpuint (kiela_trace_get_event (trace, kiela_trace_get_n_events (trace) - 1)->type, ==, KIELA_EVENT_END);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *e = kiela_trace_get_event (trace, i);
      KielaPosition at;

      if (e->type == KIELA_EVENT_DROP)
        {
          drops++;
          g_assert_cmpuint (e->side, ==, pos->to_move);    /* never into the opponent's houses */
        }
      if (e->type == KIELA_EVENT_LIFT || e->type == KIELA_EVENT_ENTER)
        laps++;
      if (e->type == KIELA_EVENT_CAPTURE)
        {
          g_assert_cmpuint (e->side2, !=, e->side);
          g_assert_cmpuint (e->house2, ==, kiela_facing_inner (v->files, e->house));
          g_assert_cmpuint (e->house3, ==, kiela_facing_outer (v->files, e->house));
          g_assert_cmpuint (e->count2, >, 0);
        }
      /* Stones on the board plus in hand never change, except those removed from play. */
      kiela_trace_position_at (trace, i + 1, &at, &hand);
      if (v->captured_fate != KIELA_CAPTURED_REMOVED && i + 1 < kiela_trace_get_n_events (trace))
        g_assert_cmpuint (kiela_position_total (&at) + hand, ==, total_before);
    }
  g_assert_cmpuint (drops, ==, trace->result.drops);
  g_assert_cmpuint (laps, ==, trace->result.laps);
  kiela_trace_position_at (trace, kiela_trace_get_n_events (trace), &replay, &hand);
  g_assert_true (kiela_position_equal (&replay, &trace->after));
  g_assert_cmpuint (hand, ==, 0);
  if (v->captured_fate != KIELA_CAPTURED_REMOVED && trace->result.end != KIELA_END_ENDLESS)
    g_assert_cmpuint (kiela_position_total (&trace->after), ==, total_before);
}

/* Many random games in every variant (the C plugins' and the variant files'): the fast
 * path, the traced path and the reference sowing agree on every candidate move of every position. */
static void
test_random_games_consistent (void)
{
  GPtrArray *variants = kiela_registry_get_variants (registry);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  guint games = g_test_slow () ? 2000 : 300;
  guint64 compared = 0;

  for (guint vi = 0; vi < variants->len; vi++)
    {
      const KielaVariant *v = g_ptr_array_index (variants, vi);
      KielaRng rng;

      kiela_rng_seed (&rng, 1000 + vi);
      for (guint g = 0; g < games; g++)
        {
          KielaPosition pos;

          kiela_position_init_start (&pos, v);
          for (guint ply = 0; ply < 400; ply++)
            {
              KielaMove cand[KIELA_MAX_MOVES], legal[KIELA_MAX_MOVES];
              KielaPosition children[KIELA_MAX_MOVES];
              gboolean endless[KIELA_MAX_MOVES];
              guint n_cand = kiela_candidate_moves (v, &pos, cand);
              guint n_legal = kiela_legal_moves (v, &pos, legal, children, endless);
              guint li = 0;

              for (guint i = 0; i < n_cand; i++)
                {
                  KielaPosition fast = pos, ref = pos;
                  KielaSowResult r;
                  gboolean ok_fast = kiela_sow_fast (v, &fast, cand[i], &r);
                  gboolean ok_traced = kiela_sow_traced (v, &pos, cand[i], trace);

                  g_assert_cmpint (ok_fast, ==, ok_traced);
                  g_assert_true (kiela_position_equal (&fast, &trace->after));
                  g_assert_cmpuint (r.laps, ==, trace->result.laps);
                  g_assert_cmpuint (r.drops, ==, trace->result.drops);
                  g_assert_cmpuint (r.captured, ==, trace->result.captured);
                  check_trace (v, &pos, cand[i], trace);
                  /* The reference knows one direction: directed variants have their own model
                   * (test-omweso-model.c). */
                  if (v->reverse == NULL && !(v->flags & KIELA_VARIANT_FLAG_WIN_BOTH_ENDS) &&
                      !KIELA_MOVE_IS_IN_HOUSE (cand[i]) && !KIELA_MOVE_HAS_TARGET (cand[i]))
                  {
                    gboolean ok_ref = ref_sow_rules (v, &ref, (guint) cand[i]);
                    g_assert_cmpint (ok_ref, ==, ok_fast);
                    /* Nor the first-sowing option (Quiela's a1=), whose state the Quiela model
                     * checks (test-quiela-model.c): its bits are left out of the comparison. */
                    ref.first_move_owed &= 3;
                    if (ok_ref)
                      {
                        KielaPosition f = fast;

                        f.first_move_owed &= 3;
                        g_assert_true (kiela_position_equal (&ref, &f));
                      }
                  }
                  /* legal moves = candidates minus illegal endless ones, same children */
                  if (ok_fast || v->endless_policy == KIELA_ENDLESS_LOSES)
                    {
                      g_assert_cmpuint (li, <, n_legal);
                      g_assert_cmpint (legal[li], ==, cand[i]);
                      g_assert_true (kiela_position_equal (&children[li], &fast));
                      g_assert_cmpint (endless[li], ==, !ok_fast);
                      li++;
                    }
                  compared++;
                }
              g_assert_cmpuint (li, ==, n_legal);
              if (n_legal == 0)
                break;
              {
                guint pick = kiela_rng_below (&rng, n_legal);
                if (endless[pick])
                  break;
                pos = children[pick];
              }
            }
        }
    }
  g_test_message ("compared %" G_GUINT64_FORMAT " sowings", compared);
  g_assert_cmpuint (compared, >, 100000);
}

/* Compares the compact board's sowing and legal moves with the 16-bit sowing
 * (and the traced one) on every candidate of `pos`; returns the candidates compared. */
static guint
compare_packed (const KielaVariant *v, const KielaPosition *pos, KielaTrace *trace)
{
  KielaPacked packed, packed_children[KIELA_MAX_MOVES];
  KielaMove cand[KIELA_MAX_MOVES], pcand[KIELA_MAX_MOVES], legal[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  guint32 drops[KIELA_MAX_MOVES];
  guint16 captured[KIELA_MAX_MOVES];
  guint n_cand, n_legal, li = 0;

  if (!kiela_packed_from_position (v, pos, &packed))
    {
      /* Too many stones, or a forced first move still owed (the compact board has no room for it). */
      g_assert_true (kiela_position_total (pos) > KIELA_PACKED_MAX_STONES || pos->first_move_owed != 0 ||
                     kiela_variant_is_directed (v));
      return 0;
    }
  {
    KielaPosition back;
    kiela_packed_to_position (&packed, &back);
    g_assert_true (kiela_position_equal (&back, pos));
  }
  n_cand = kiela_candidate_moves (v, pos, cand);
  g_assert_cmpuint (kiela_packed_candidates (v, &packed, pcand), ==, n_cand);
  g_assert_cmpmem (pcand, n_cand * sizeof (KielaMove), cand, n_cand * sizeof (KielaMove));
  n_legal = kiela_packed_legal_moves (v, &packed, legal, packed_children, endless, drops, captured);
  for (guint i = 0; i < n_cand; i++)
    {
      KielaPosition fast = *pos, unpacked;
      KielaPacked one = packed;
      KielaSowResult r, pr;
      gboolean ok_fast = kiela_sow_fast (v, &fast, cand[i], &r);
      gboolean ok_packed = kiela_packed_sow (v, &one, cand[i], &pr);
      gboolean ok_traced = kiela_sow_traced (v, pos, cand[i], trace);

      g_assert_cmpint (ok_packed, ==, ok_fast);
      g_assert_cmpint (ok_traced, ==, ok_fast);
      kiela_packed_to_position (&one, &unpacked);
      g_assert_true (kiela_position_equal (&unpacked, &fast));
      g_assert_true (kiela_position_equal (&trace->after, &fast));
      g_assert_cmpuint (pr.laps, ==, r.laps);
      g_assert_cmpuint (pr.drops, ==, r.drops);
      g_assert_cmpuint (pr.captures, ==, r.captures);
      g_assert_cmpuint (pr.captured, ==, r.captured);
      g_assert_cmpuint (pr.end, ==, r.end);
      g_assert_cmpuint (pr.last_house, ==, r.last_house);
      if (ok_fast || v->endless_policy == KIELA_ENDLESS_LOSES)
        {
          g_assert_cmpuint (li, <, n_legal);
          g_assert_cmpint (legal[li], ==, cand[i]);
          g_assert_cmpint (endless[li], ==, !ok_fast);
          g_assert_cmpuint (drops[li], ==, r.drops);
          g_assert_cmpuint (captured[li], ==, r.captured);
          kiela_packed_to_position (&packed_children[li], &unpacked);
          g_assert_true (kiela_position_equal (&unpacked, &fast));
          g_assert_true (kiela_packed_equal (&packed_children[li], &one));
          g_assert_cmpuint (kiela_packed_hash (&packed_children[li]), ==, kiela_packed_hash (&one));
          li++;
        }
    }
  g_assert_cmpuint (li, ==, n_legal);
  return n_cand;
}

/*
 * The compact board against the 16-bit sowing in every rule set and every
 * board width from 4 to 20 files (the widths use each variant's rules with a
 * start of 2 stones in every outer house and in the four rightmost inner
 * ones), over random games and over scattered positions of up to 300 stones
 * (past 255 the engine must take the 16-bit path).
 */
static void
test_packed_every_width (void)
{
  GPtrArray *variants = kiela_registry_get_variants (registry);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  guint games = g_test_slow () ? 60 : 8;
  guint64 compared = 0, wide = 0;

  for (guint vi = 0; vi < variants->len; vi++)
    for (guint files = KIELA_MIN_FILES; files <= KIELA_MAX_FILES; files++)
      {
        KielaVariant v = *(const KielaVariant *) g_ptr_array_index (variants, vi);
        KielaRng rng;

        v.files = (guint8) files;
        memset (v.start, 0, sizeof v.start);
        for (guint s = 0; s < 2; s++)
          for (guint h = 0; h < files + 4; h++)
            v.start[s][h] = 2;
        kiela_rng_seed (&rng, 77 * files + vi);
        for (guint g = 0; g < games; g++)
          {
            KielaPosition pos;

            kiela_position_init_start (&pos, &v);
            for (guint ply = 0; ply < 200; ply++)
              {
                KielaMove moves[KIELA_MAX_MOVES];
                KielaPosition children[KIELA_MAX_MOVES];
                gboolean endless[KIELA_MAX_MOVES];
                guint n, pick;

                compared += compare_packed (&v, &pos, trace);
                n = kiela_legal_moves (&v, &pos, moves, children, endless);
                if (n == 0)
                  break;
                pick = kiela_rng_below (&rng, n);
                if (endless[pick])
                  break;
                pos = children[pick];
              }
          }
        /* Scattered positions, some past what a byte per house may hold. */
        for (guint k = 0; k < 20; k++)
          {
            KielaPosition pos = { 0 };
            guint stones = 20 + kiela_rng_below (&rng, 280);

            pos.files = (guint8) files;
            pos.to_move = (guint8) kiela_rng_below (&rng, 2);
            for (guint i = 0; i < stones; i++)
              pos.houses[kiela_rng_below (&rng, 2)][kiela_rng_below (&rng, 2 * files)]++;
            if (compare_packed (&v, &pos, trace) == 0)
              {
                KielaMove moves[KIELA_MAX_MOVES];
                KielaPosition children[KIELA_MAX_MOVES];
                /* The 16-bit path still answers, and keeps every stone. */
                guint n = kiela_legal_moves (&v, &pos, moves, children, NULL);
                for (guint i = 0; i < n && v.captured_fate != KIELA_CAPTURED_REMOVED; i++)
                  g_assert_cmpuint (kiela_position_total (&children[i]), ==, stones);
                wide++;
              }
          }
      }
  g_test_message ("compared %" G_GUINT64_FORMAT " sowings, %" G_GUINT64_FORMAT " wide positions",
                  compared, wide);
  g_assert_cmpuint (compared, >, 50000);
  g_assert_cmpuint (wide, >, 10);
}

/* Counts move sequences with the reference sowing: nothing shared with the engine's paths. */
static guint64
ref_perft (const KielaVariant *v, const KielaPosition *pos, guint depth)
{
  guint64 total = 0;

  if (depth == 0)
    return 1;
  for (guint h = 0; h < 2u * pos->files; h++)
    if (pos->houses[pos->to_move][h] >= v->min_sow)
      {
        KielaPosition child = *pos;
        if (ref_sow (&child, h, v->lap_limit))
          total += ref_perft (v, &child, depth - 1);
      }
  return total;
}

/* Perft from the start: the counts recorded before the compact board existed,
 * and the reference sowing's own count. */
static void
test_perft_counts (void)
{
  static const guint64 recorded[] = { 1, 14, 196, 2112, 22450, 205070, 1821223, 14892962 };
  const KielaVariant *v = variant ("kiela");
  KielaPosition start, crowded;
  guint max_depth = g_test_slow () ? 7 : 5;

  kiela_position_init_start (&start, v);
  /* With the vector look at the first two laps of the leaves (where the
   * processor has it) and with the portable one. */
  for (guint vector = 0; vector < 2; vector++)
    {
      const gboolean was = kiela_packed_set_vector_look (vector);

      for (guint d = 0; d <= max_depth; d++)
        g_assert_cmpuint (kiela_perft (v, &start, d), ==, recorded[d]);
      kiela_packed_set_vector_look (was);
    }
  for (guint d = 0; d <= 4; d++)
    g_assert_cmpuint (kiela_perft (v, &start, d), ==, ref_perft (v, &start, d));

  /* Past 255 stones the 16-bit path counts, and agrees with the reference. */
  crowded = start;
  for (guint h = 0; h < 20; h++)
    crowded.houses[0][h] += 8, crowded.houses[1][h] += 7;
  g_assert_cmpuint (kiela_position_total (&crowded), >, KIELA_PACKED_MAX_STONES);
  for (guint d = 0; d <= 3; d++)
    g_assert_cmpuint (kiela_perft (v, &crowded, d), ==, ref_perft (v, &crowded, d));
}

/* Counts move sequences from kiela_legal_moves: every candidate sown in full. */
static guint64
moves_perft (const KielaVariant *v, const KielaPosition *pos, guint depth)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  guint64 total = 0;
  guint n;

  if (depth == 0)
    return 1;
  n = kiela_legal_moves (v, pos, moves, children, endless);
  if (depth == 1)
    return n;
  for (guint i = 0; i < n; i++)
    if (!endless[i])
      total += moves_perft (v, &children[i], depth - 1);
  return total;
}

/* kiela_perft is `expected` with the vector look at the leaves' first two laps and with the portable one. */
static void
perft_both_looks (const KielaVariant *v, const KielaPosition *pos, guint depth, guint64 expected)
{
  const gboolean was = kiela_packed_set_vector_look (TRUE);

  g_assert_cmpuint (kiela_perft (v, pos, depth), ==, expected);
  kiela_packed_set_vector_look (FALSE);
  g_assert_cmpuint (kiela_perft (v, pos, depth), ==, expected);
  kiela_packed_set_vector_look (was);
}

/*
 * kiela_perft counts most leaves without sowing them (from the first one or
 * two laps, or not at all where endless moves are legal): it must count what
 * sowing every move counts, in every rule set and at several widths, from
 * positions of random games and from scattered ones whose hands go round the
 * board.  Short lap limits make many moves endless, which is where a wrong
 * shortcut would count a move that is not legal.
 */
static void
test_perft_shortcuts (void)
{
  static const guint widths[] = { 4, 7, 10, 13, 20 };
  static const guint32 limits[] = { 0, 1, 2, 3, 5 };
  GPtrArray *variants = kiela_registry_get_variants (registry);
  guint compared = 0;
  guint64 cut = 0;

  for (guint vi = 0; vi < variants->len; vi++)
    for (guint wi = 0; wi < G_N_ELEMENTS (widths) * G_N_ELEMENTS (limits); wi++)
      {
        KielaVariant v = *(const KielaVariant *) g_ptr_array_index (variants, vi);
        const guint files = widths[wi % G_N_ELEMENTS (widths)];
        const guint32 limit = limits[wi / G_N_ELEMENTS (widths)];
        KielaPosition pos;
        KielaRng rng;

        if (limit != 0)
          v.lap_limit = limit;

        if (files != v.files)
          {
            v.files = (guint8) files;
            memset (v.start, 0, sizeof v.start);
            for (guint s = 0; s < 2; s++)
              for (guint h = 0; h < files + 4; h++)
                v.start[s][h] = 2;
          }
        kiela_rng_seed (&rng, 31 * files + vi);
        for (guint g = 0; g < 3; g++)
          {
            kiela_position_init_start (&pos, &v);
            for (guint ply = 0; ply < 150; ply++)
              {
                KielaMove moves[KIELA_MAX_MOVES];
                KielaPosition children[KIELA_MAX_MOVES];
                gboolean endless[KIELA_MAX_MOVES];
                guint n, pick;

                if (ply % 5 == 0)
                  {
                    for (guint d = 1; d <= 2; d++)
                      perft_both_looks (&v, &pos, d, moves_perft (&v, &pos, d));
                    cut += kiela_candidate_moves (&v, &pos, moves) - moves_perft (&v, &pos, 1);
                    compared++;
                  }
                n = kiela_legal_moves (&v, &pos, moves, children, endless);
                if (n == 0)
                  break;
                pick = kiela_rng_below (&rng, n);
                if (endless[pick])
                  break;
                pos = children[pick];
              }
          }
        for (guint k = 0; k < 15; k++)
          {
            guint stones = 10 + kiela_rng_below (&rng, 240);

            memset (&pos, 0, sizeof pos);
            pos.files = (guint8) files;
            pos.to_move = (guint8) kiela_rng_below (&rng, 2);
            for (guint i = 0; i < stones; i++)
              pos.houses[kiela_rng_below (&rng, 2)][kiela_rng_below (&rng, 2 * files)]++;
            for (guint d = 1; d <= 2; d++)
              perft_both_looks (&v, &pos, d, moves_perft (&v, &pos, d));
            compared++;
          }
      }
  /* `cut`: candidates that were not legal, endless ones among them. */
  g_test_message ("compared %u positions, %" G_GUINT64_FORMAT " illegal candidates", compared, cut);
  g_assert_cmpuint (compared, >, 2000);
  g_assert_cmpuint (cut, >, 1000);
}

/* Game lengths and results of `n` seeded playouts from the start, one way or the other. */
static void
playout_statistics (const KielaVariant *v, gboolean sample, guint n, guint64 seed,
                    guint *lengths, guint results[4])
{
  KielaPosition start;
  KielaRng rng;

  kiela_position_init_start (&start, v);
  kiela_rng_seed (&rng, seed);
  memset (results, 0, 4 * sizeof (guint));
  for (guint i = 0; i < n; i++)
    {
      KielaPlayoutResult r;
      if (sample)
        kiela_random_playout_sampled (v, &start, NULL, 0, &rng, 1000, &r);
      else
        kiela_random_playout (v, &start, NULL, 0, &rng, 1000, &r);
      g_assert_cmpuint (r.plies, <=, 1000);
      g_assert_cmpint (r.status, !=, KIELA_STATUS_ONGOING);
      lengths[i] = r.plies;
      results[r.status]++;
    }
}

static gint
compare_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/*
 * Playouts that sow one drawn candidate a ply play the same game as those that
 * sow them all: over thousands of seeded games in each variant, the game
 * lengths (two-sample Kolmogorov-Smirnov test) and the results (difference of
 * proportions) agree within bounds a correct implementation exceeds about once
 * in a thousand runs, while a bias toward some houses (drawing among the
 * candidates without redrawing past illegal ones, say) shows at once.
 */
static void
test_sampled_playouts (void)
{
  const char *ids[] = { "kiela", "kiela-beginner", "hawalis" };
  const guint n = 3000;
  g_autofree guint *all = g_new (guint, n);
  g_autofree guint *one = g_new (guint, n);

  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      const KielaVariant *v = variant (ids[k]);
      guint res_all[4], res_one[4];
      gdouble d = 0, crit = 1.95 * sqrt (2.0 / n);
      guint i = 0, j = 0;

      playout_statistics (v, FALSE, n, 11 + k, all, res_all);
      playout_statistics (v, TRUE, n, 911 + k, one, res_one);
      qsort (all, n, sizeof (guint), compare_uint);
      qsort (one, n, sizeof (guint), compare_uint);
      /* Largest gap between the two empirical distribution functions. */
      while (i < n && j < n)
        {
          guint x = MIN (all[i], one[j]);
          while (i < n && all[i] == x)
            i++;
          while (j < n && one[j] == x)
            j++;
          d = MAX (d, fabs ((gdouble) i / n - (gdouble) j / n));
        }
      g_test_message ("%s: KS distance %.4f (bound %.4f), South wins %u vs %u, draws %u vs %u",
                      ids[k], d, crit, res_all[KIELA_STATUS_SOUTH_WINS], res_one[KIELA_STATUS_SOUTH_WINS],
                      res_all[KIELA_STATUS_DRAW], res_one[KIELA_STATUS_DRAW]);
      g_assert_cmpfloat (d, <, crit);
      for (guint s = KIELA_STATUS_SOUTH_WINS; s <= KIELA_STATUS_DRAW; s++)
        {
          gdouble p1 = (gdouble) res_all[s] / n, p2 = (gdouble) res_one[s] / n, p = (p1 + p2) / 2;
          gdouble se = sqrt (MAX (p * (1 - p), 1.0 / n) * 2.0 / n);
          g_assert_cmpfloat (fabs (p1 - p2), <, 3.3 * se);
        }
    }
}

/* kiela_random_playout written the obvious way: every position kept and compared. */
static void
naive_playout (const KielaVariant *v, const KielaPosition *start, const KielaPosition *history, guint n_history,
               KielaRng *rng, guint max_plies, KielaPlayoutResult *result)
{
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (KielaPosition));
  KielaPosition pos = *start;

  memset (result, 0, sizeof *result);
  g_array_append_vals (seen, history, n_history);
  for (;;)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      KielaPosition children[KIELA_MAX_MOVES];
      gboolean endless[KIELA_MAX_MOVES];
      guint32 drops[KIELA_MAX_MOVES];
      guint reps = 1, n, pick;

      for (guint i = 0; i < seen->len; i++)
        reps += kiela_position_equal (&g_array_index (seen, KielaPosition, i), &pos);
      if (reps >= 3)
        {
          result->status = KIELA_STATUS_DRAW;
          result->reason = KIELA_REASON_REPETITION;
          break;
        }
      g_array_append_val (seen, pos);
      n = kiela_legal_moves_ex (v, &pos, moves, children, endless, drops);
      if (n == 0)
        {
          result->status = pos.to_move == KIELA_SOUTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          result->reason = KIELA_REASON_NO_MOVES;
          break;
        }
      if (result->plies >= max_plies)
        {
          result->status = KIELA_STATUS_DRAW;
          result->reason = KIELA_REASON_MOVE_LIMIT;
          break;
        }
      pick = kiela_rng_below (rng, n);
      result->drops += drops[pick];
      result->plies++;
      pos = children[pick];
      if (endless[pick])
        {
          result->status = pos.to_move == KIELA_NORTH ? KIELA_STATUS_NORTH_WINS : KIELA_STATUS_SOUTH_WINS;
          result->reason = KIELA_REASON_ENDLESS_MOVE;
          break;
        }
    }
  result->final = pos;
}

/*
 * The playouts' shortcuts (compact board, hashed history behind a filter)
 * change nothing: game for game, the same seed gives the same end, reason,
 * length, drops and final position as the obvious playout, with and without
 * an earlier history (whose positions count toward repetition).
 */
static void
test_playout_matches_naive (void)
{
  const char *ids[] = { "kiela", "kiela-beginner", "hawalis" };
  guint repetitions = 0;

  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      const KielaVariant *v = variant (ids[k]);
      KielaRng rng;

      kiela_rng_seed (&rng, 42 + k);
      for (guint g = 0; g < 400; g++)
        {
          KielaPosition history[12], start;
          guint n_history = 0;
          KielaRng a, b;
          KielaPlayoutResult fast, naive;

          /* An earlier game: a few plies from the start, the last one the playout's start. */
          kiela_position_init_start (&start, v);
          for (guint i = 0, len = g % 12; i < len; i++)
            {
              KielaMove m;
              KielaPosition after;
              gboolean endless;
              if (!kiela_random_legal_move (v, &start, &rng, &m, &after, &endless) || endless)
                break;
              history[n_history++] = start;
              start = after;
            }
          /* Sometimes the start has already been seen twice: a draw at once. */
          if (g % 50 == 7 && n_history >= 2)
            history[0] = history[1] = start;
          a = rng;
          b = rng;
          kiela_random_playout (v, &start, history, n_history, &a, 300, &fast);
          naive_playout (v, &start, history, n_history, &b, 300, &naive);
          g_assert_cmpint (fast.status, ==, naive.status);
          g_assert_cmpint (fast.reason, ==, naive.reason);
          g_assert_cmpuint (fast.plies, ==, naive.plies);
          g_assert_cmpuint (fast.drops, ==, naive.drops);
          g_assert_true (kiela_position_equal (&fast.final, &naive.final));
          g_assert_cmpuint (kiela_rng_next (&a), ==, kiela_rng_next (&b));
          repetitions += fast.reason == KIELA_REASON_REPETITION;
          rng = a;
        }
    }
  g_test_message ("%u games ended by repetition", repetitions);
  g_assert_cmpuint (repetitions, >=, 8);
}

/*
 * The legal-move mask that the playouts draw from (each candidate decided by a
 * look at its first laps, then sown on) holds exactly the moves that
 * kiela_legal_moves finds by sowing every candidate in full, with the vector
 * look and the portable one: on random boards of up to 255 stones (long laps,
 * relays, captures), the rules' endless example, and every position of random
 * games; other rules are refused.
 */
static void
test_legal_mask (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaRng rng;
  guint checked = 0, illegal_seen = 0;

  kiela_rng_seed (&rng, 77);
  for (guint vector = 0; vector < 2; vector++)
    {
      const gboolean was = kiela_packed_set_vector_look (vector);

      for (guint t = 0; t < 3000; t++)
        {
          KielaPosition pos;
          KielaPacked packed;
          KielaMove moves[KIELA_MAX_MOVES], cand[KIELA_MAX_MOVES];
          guint32 mask = 0xdeadbeef, expected = 0;
          guint n;

          if (t == 0)
            endless_position (&pos);
          else
            {
              const guint stones = 1 + kiela_rng_below (&rng, t % 3 ? 80 : 255);

              memset (&pos, 0, sizeof pos);
              pos.files = 10;
              pos.to_move = kiela_rng_below (&rng, 2);
              for (guint s = 0; s < stones; s++)
                pos.houses[kiela_rng_below (&rng, 2)][kiela_rng_below (&rng, 20)]++;
            }
          g_assert_true (kiela_packed_from_position (v, &pos, &packed));
          g_assert_true (kiela_packed_legal_mask (v, &packed, &mask));
          n = kiela_legal_moves (v, &pos, moves, NULL, NULL);
          for (guint i = 0; i < n; i++)
            expected |= (guint32) 1 << moves[i];
          g_assert_cmphex (mask, ==, expected);
          illegal_seen += kiela_candidate_moves (v, &pos, cand) - n;
          checked++;
        }
      for (guint g = 0; g < 50; g++)
        {
          KielaPosition pos;

          kiela_position_init_start (&pos, v);
          for (guint ply = 0; ply < 200; ply++)
            {
              KielaPacked packed;
              KielaMove moves[KIELA_MAX_MOVES], m;
              guint32 mask = 0, expected = 0;
              guint n = kiela_legal_moves (v, &pos, moves, NULL, NULL);
              gboolean endless;

              g_assert_true (kiela_packed_from_position (v, &pos, &packed));
              g_assert_true (kiela_packed_legal_mask (v, &packed, &mask));
              for (guint i = 0; i < n; i++)
                expected |= (guint32) 1 << moves[i];
              g_assert_cmphex (mask, ==, expected);
              checked++;
              if (!kiela_random_legal_move (v, &pos, &rng, &m, &pos, &endless) || endless)
                break;
            }
        }
      kiela_packed_set_vector_look (was);
    }
  g_test_message ("%u positions, %u endless candidates", checked, illegal_seen);
  g_assert_cmpuint (illegal_seen, >, 0);

  {
    const KielaVariant *other = variant ("hawalis");
    KielaPosition pos;
    KielaPacked packed;
    guint32 mask = 0;

    kiela_position_init_start (&pos, other);
    if (kiela_packed_from_position (other, &pos, &packed))
      g_assert_false (kiela_packed_legal_mask (other, &packed, &mask));
  }
}

/* kiela_random_legal_move draws every legal move equally often and never an
 * illegal endless one (section 8's example position, where a2 never ends). */
static void
test_random_legal_move (void)
{
  const KielaVariant *v = variant ("kiela");
  KielaPosition pos;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  guint counts[KIELA_MAX_MOVES] = { 0 };
  guint n, draws = 50000;
  KielaRng rng;
  gdouble chi2 = 0;

  endless_position (&pos);
  n = kiela_legal_moves (v, &pos, moves, children, NULL);
  g_assert_cmpuint (n, >, 2);
  kiela_rng_seed (&rng, 5);
  for (guint d = 0; d < draws; d++)
    {
      KielaMove m;
      KielaPosition after;
      gboolean endless = TRUE, found = FALSE;

      g_assert_true (kiela_random_legal_move (v, &pos, &rng, &m, &after, &endless));
      g_assert_false (endless);
      for (guint i = 0; i < n; i++)
        if (moves[i] == m)
          {
            counts[i]++;
            found = TRUE;
            g_assert_true (kiela_position_equal (&after, &children[i]));
          }
      g_assert_true (found);
    }
  for (guint i = 0; i < n; i++)
    {
      gdouble e = (gdouble) draws / n;
      chi2 += (counts[i] - e) * (counts[i] - e) / e;
    }
  /* Chi-square with n - 1 degrees of freedom against its 0.1 % critical value
   * (Wilson-Hilferty): a correct drawing fails about once in a thousand seeds. */
  {
    gdouble df = n - 1, z = 3.09;
    gdouble crit = df * pow (1 - 2 / (9 * df) + z * sqrt (2 / (9 * df)), 3);
    g_test_message ("chi-square %.2f, %u moves, bound %.2f", chi2, n, crit);
    g_assert_cmpfloat (chi2, <, crit);
  }

  /* No legal move at all: FALSE. */
  memset (pos.houses[pos.to_move], 0, sizeof pos.houses[0]);
  pos.houses[pos.to_move][3] = 1;
  {
    KielaMove m;
    g_assert_false (kiela_random_legal_move (v, &pos, &rng, &m, NULL, NULL));
  }
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

/* How the trace says a move ended: the event before its END, and the last stone dropped. */
static KielaEndReason
trace_end_reason (const KielaVariant *v, const KielaTrace *trace)
{
  const guint n = kiela_trace_get_n_events (trace);
  const KielaEvent *end = kiela_trace_get_event (trace, n - 1);
  const KielaEvent *last_drop = NULL;

  g_assert_cmpuint (end->type, ==, KIELA_EVENT_END);
  if (n >= 2 && kiela_trace_get_event (trace, n - 2)->type == KIELA_EVENT_REMOVE)
    return KIELA_END_CAPTURE_REMOVED;
  for (guint i = 0; i < n; i++)
    if (kiela_trace_get_event (trace, i)->type == KIELA_EVENT_DROP)
      last_drop = kiela_trace_get_event (trace, i);
  g_assert_nonnull (last_drop);
  if (trace->result.laps >= v->lap_limit && end->reason == KIELA_END_ENDLESS)
    return KIELA_END_ENDLESS;
  /* An empty house ends the move unless its last stone captured (empty-inner captures). */
  if (last_drop->count == 1 && kiela_trace_get_event (trace, n - 2)->type != KIELA_EVENT_CAPTURE)
    return KIELA_END_EMPTY_HOUSE;
  return KIELA_END_NO_RELAY;
}

/*
 * Every combination of the rule parameters (capture trigger, where captured
 * stones go, relay, what an endless move costs), not only those of the shipped
 * variants (none of which uses "never relay" or "sow from the lap's start"),
 * on three widths and two lap limits: the fast, traced and compact sowings,
 * the legal-move lists and perft agree with one another and with the
 * reference sowing, and every move ends for the reason its trace shows.
 */
static void
test_every_rule_combination (void)
{
  static const guint widths[] = { 7, 10, 12 };
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  const guint games = g_test_slow () ? 12 : 3;
  guint64 compared = 0;
  guint ends[KIELA_END_ENDLESS + 1] = { 0 };

  for (guint cr = KIELA_CAPTURE_OCCUPIED_INNER; cr <= KIELA_CAPTURE_OCCUPIED_INNER_BOTH; cr++)
    for (guint fate = KIELA_CAPTURED_SOW_AFTER_CAPTOR; fate <= KIELA_CAPTURED_SOW_AFTER_LAP_START; fate++)
      for (guint relay = KIELA_RELAY_OCCUPIED; relay <= KIELA_RELAY_NEVER; relay++)
        for (guint wi = 0; wi < G_N_ELEMENTS (widths); wi++)
          {
            KielaVariant v = *variant ("kiela");
            KielaPosition start;
            KielaRng rng;

            v.capture_rule = cr;
            v.captured_fate = fate;
            v.relay_rule = relay;
            v.files = (guint8) widths[wi];
            v.endless_policy = (cr + fate + wi) % 2 ? KIELA_ENDLESS_LOSES : KIELA_ENDLESS_ILLEGAL;
            v.lap_limit = wi == 1 ? 3 : 1000;
            memset (v.start, 0, sizeof v.start);
            for (guint s = 0; s < 2; s++)
              for (guint h = 0; h < v.files + 4u; h++)
                v.start[s][h] = 2;
            kiela_position_init_start (&start, &v);
            g_assert_cmpuint (kiela_perft (&v, &start, 3), ==, moves_perft (&v, &start, 3));
            kiela_rng_seed (&rng, 100 * cr + 10 * fate + relay + wi);
            for (guint g = 0; g < games; g++)
              {
                KielaPosition pos = start;

                for (guint ply = 0; ply < 120; ply++)
                  {
                    KielaMove cand[KIELA_MAX_MOVES], moves[KIELA_MAX_MOVES];
                    KielaPosition children[KIELA_MAX_MOVES];
                    gboolean endless[KIELA_MAX_MOVES];
                    guint n_cand = kiela_candidate_moves (&v, &pos, cand), n, pick;

                    for (guint i = 0; i < n_cand; i++)
                      {
                        KielaPosition fast = pos, ref = pos;
                        KielaSowResult r;
                        gboolean ok = kiela_sow_fast (&v, &fast, cand[i], &r);

                        g_assert_cmpint (ref_sow_rules (&v, &ref, (guint) cand[i]), ==, ok);
                        if (ok)
                          g_assert_true (kiela_position_equal (&ref, &fast));
                        g_assert_cmpint (kiela_sow_traced (&v, &pos, cand[i], trace), ==, ok);
                        g_assert_true (kiela_position_equal (&trace->after, &fast));
                        g_assert_cmpuint (trace->result.end, ==, r.end);
                        g_assert_cmpuint (trace_end_reason (&v, trace), ==, r.end);
                        g_assert_cmpint (r.end == KIELA_END_ENDLESS, ==, !ok);
                        g_assert_true (r.end != KIELA_END_CAPTURE_REMOVED || fate == KIELA_CAPTURED_REMOVED);
                        g_assert_true (r.end != KIELA_END_NO_RELAY || relay == KIELA_RELAY_NEVER);
                        check_trace (&v, &pos, cand[i], trace);
                        ends[r.end]++;
                      }
                    compared += compare_packed (&v, &pos, trace);
                    n = kiela_legal_moves (&v, &pos, moves, children, endless);
                    if (n == 0)
                      break;
                    pick = kiela_rng_below (&rng, n);
                    if (endless[pick])
                      break;
                    pos = children[pick];
                  }
              }
          }
  g_test_message ("compared %" G_GUINT64_FORMAT " compact sowings; ends: %u empty, %u removed, %u no relay, %u endless",
                  compared, ends[KIELA_END_EMPTY_HOUSE], ends[KIELA_END_CAPTURE_REMOVED], ends[KIELA_END_NO_RELAY],
                  ends[KIELA_END_ENDLESS]);
  g_assert_cmpuint (compared, >, 50000);
  for (guint e = 0; e <= KIELA_END_ENDLESS; e++)
    g_assert_cmpuint (ends[e], >, 100);
}

/*
 * Playouts from positions past what the compact board holds (more than 255
 * stones) take the 16-bit path: game for game they match the obvious playout,
 * whether drawn from every candidate or sampled (which the 16-bit path plays
 * the same way), with an earlier history; and a random legal move there is a
 * legal move with its true child.
 */
static void
test_playout_wide_matches_naive (void)
{
  const char *ids[] = { "kiela", "kiela-beginner", "hawalis" };
  guint games = 0, repetitions = 0, moves_checked = 0;

  for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
    {
      const KielaVariant *v = variant (ids[k]);
      KielaPosition start;
      KielaRng rng;

      kiela_position_init_start (&start, v);
      for (guint h = 0; h < 2u * v->files; h++)
        start.houses[0][h] += 8, start.houses[1][h] += 8;
      g_assert_cmpuint (kiela_position_total (&start), >, KIELA_PACKED_MAX_STONES);
      kiela_rng_seed (&rng, 7 + k);
      for (guint g = 0; g < 24; g++)
        {
          KielaPosition history[2] = { start, start };
          guint n_history = g % 3;   /* 2: the start seen twice before, a draw at once */

          for (guint sampled = 0; sampled < 2; sampled++)
            {
              KielaRng a = rng, b = rng;
              KielaPlayoutResult fast, naive;

              if (sampled)
                kiela_random_playout_sampled (v, &start, history, n_history, &a, 60, &fast);
              else
                kiela_random_playout (v, &start, history, n_history, &a, 60, &fast);
              naive_playout (v, &start, history, n_history, &b, 60, &naive);
              g_assert_cmpint (fast.status, ==, naive.status);
              g_assert_cmpint (fast.reason, ==, naive.reason);
              g_assert_cmpuint (fast.plies, ==, naive.plies);
              g_assert_cmpuint (fast.drops, ==, naive.drops);
              g_assert_true (kiela_position_equal (&fast.final, &naive.final));
              g_assert_cmpuint (kiela_rng_next (&a), ==, kiela_rng_next (&b));
              repetitions += fast.reason == KIELA_REASON_REPETITION;
              games++;
            }
          {
            KielaMove move, legal[KIELA_MAX_MOVES];
            KielaPosition after, child = start;
            gboolean endless, found = FALSE;
            guint n = kiela_legal_moves (v, &start, legal, NULL, NULL);

            /* None when every move never ends (crowded boards relay a lot). */
            g_assert_cmpint (kiela_random_legal_move (v, &start, &rng, &move, &after, &endless), ==, n > 0);
            for (guint i = 0; i < n; i++)
              found |= legal[i] == move;
            if (n > 0)
              {
                g_assert_true (found);
                g_assert_cmpint (!kiela_sow_fast (v, &child, move, NULL), ==, endless);
                g_assert_true (kiela_position_equal (&after, &child));
                moves_checked++;
              }
          }
          /* The next game starts from a later, still crowded, position. */
          {
            KielaMove move;
            KielaPosition after;
            gboolean endless;

            if (kiela_random_legal_move (v, &start, &rng, &move, &after, &endless) && !endless &&
                kiela_position_total (&after) > KIELA_PACKED_MAX_STONES)
              start = after;
          }
        }
    }
  g_test_message ("%u wide games, %u by repetition, %u random moves checked", games, repetitions, moves_checked);
  g_assert_cmpuint (games, ==, 144);
  g_assert_cmpuint (repetitions, >=, 16);
  g_assert_cmpuint (moves_checked, >=, 20);
}

int
main (int argc, char **argv)
{
  int ret;

  registry = test_init (&argc, &argv);
  /* The shipped variant files too: Omweso, Hus, Quiela... through every sowing path. */
  g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
  kiela_registry_load_variant_files (registry);
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "omweso"));
  g_test_add_func ("/sow/worked/g1", test_worked_g1);
  g_test_add_func ("/sow/worked/capture", test_worked_capture);
  g_test_add_func ("/sow/worked/double-capture", test_worked_double_capture);
  g_test_add_func ("/sow/endless/example-165", test_endless_example);
  g_test_add_func ("/sow/endless/limit-exact", test_lap_limit_exact);
  g_test_add_func ("/sow/endless/loses", test_endless_loses);
  g_test_add_func ("/sow/candidates", test_candidates);
  g_test_add_func ("/sow/hawalis/capture", test_hawalis_capture);
  g_test_add_func ("/sow/hawalis/singles", test_hawalis_singles);
  g_test_add_func ("/sow/random-games-consistent", test_random_games_consistent);
  g_test_add_func ("/sow/narration", test_narration);
  g_test_add_func ("/sow/packed/every-width", test_packed_every_width);
  g_test_add_func ("/sow/perft/counts", test_perft_counts);
  g_test_add_func ("/sow/perft/shortcuts", test_perft_shortcuts);
  g_test_add_func ("/sow/playout/sampled-same-distribution", test_sampled_playouts);
  g_test_add_func ("/sow/playout/random-legal-move", test_random_legal_move);
  g_test_add_func ("/sow/playout/matches-naive", test_playout_matches_naive);
  g_test_add_func ("/sow/playout/legal-mask", test_legal_mask);
  g_test_add_func ("/sow/rules/every-combination", test_every_rule_combination);
  g_test_add_func ("/sow/playout/wide-matches-naive", test_playout_wide_matches_naive);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
