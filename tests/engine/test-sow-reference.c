/* test-sow-reference.c: sowing against an independent reference sowing written from the rules:
 * fast/traced agreement over many random games, trace invariants, the compact board at every
 * width, move counts (perft) and their shortcuts, every combination of the rule parameters. */
#include "config.h"
#include <string.h>
#include "test-common.h"
#include "kiela-sow-private.h"
#include "test-sow-common.h"

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
  const guint was = kiela_packed_get_leaf_look ();

  kiela_position_init_start (&start, v);
  /* With every look at the first laps of the leaves that the processor has
   * (portable, SSSE3, AVX2, AVX-512 VBMI). */
  for (guint kind = KIELA_LEAF_LOOK_PORTABLE; kind <= KIELA_LEAF_LOOK_BEST; kind++)
    {
      if (kiela_packed_set_leaf_look (kind))
        for (guint d = 0; d <= max_depth; d++)
          g_assert_cmpuint (kiela_perft (v, &start, d), ==, recorded[d]);
      else
        g_test_message ("leaf look %u: not on this processor", kind);
    }
  kiela_packed_set_leaf_look (was);
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

/* kiela_perft is `expected` with every look at the leaves' first laps that the processor has. */
static void
perft_every_look (const KielaVariant *v, const KielaPosition *pos, guint depth, guint64 expected)
{
  const guint was = kiela_packed_get_leaf_look ();

  for (guint kind = KIELA_LEAF_LOOK_PORTABLE; kind <= KIELA_LEAF_LOOK_BEST; kind++)
    if (kiela_packed_set_leaf_look (kind))
      g_assert_cmpuint (kiela_perft (v, pos, depth), ==, expected);
  kiela_packed_set_leaf_look (was);
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
                      perft_every_look (&v, &pos, d, moves_perft (&v, &pos, d));
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
              perft_every_look (&v, &pos, d, moves_perft (&v, &pos, d));
            compared++;
          }
      }
  /* `cut`: candidates that were not legal, endless ones among them. */
  g_test_message ("compared %u positions, %" G_GUINT64_FORMAT " illegal candidates", compared, cut);
  g_assert_cmpuint (compared, >, 2000);
  g_assert_cmpuint (cut, >, 1000);
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

int
main (int argc, char **argv)
{
  int ret;

  sow_test_init (&argc, &argv);
  g_test_add_func ("/sow/random-games-consistent", test_random_games_consistent);
  g_test_add_func ("/sow/packed/every-width", test_packed_every_width);
  g_test_add_func ("/sow/perft/counts", test_perft_counts);
  g_test_add_func ("/sow/perft/shortcuts", test_perft_shortcuts);
  g_test_add_func ("/sow/rules/every-combination", test_every_rule_combination);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
