/* kiela-sow-body.h: the one sowing body (rules sections 5-8), inlined for both board widths. */

/* Not installed: included by kiela-sow.c (the 16-bit board and the traced
 * sowing), kiela-packed.c (the compact board) and kiela-perft.c (perft and the
 * look at leaf moves).  Everything here is inlined into its callers, which fix
 * the width and, where they know them, the rules at compile time: the compiler
 * then keeps only the code those need, so one body serves the teaching trace,
 * the 16-bit board and the branch-free search path alike. */
#pragma once

#include <string.h>

#include "kiela-sow.h"
#include "kiela-sow-private.h"

G_BEGIN_DECLS

#define KIELA_ALWAYS_INLINE static inline __attribute__ ((always_inline))
/* Tells the compiler a condition it cannot prove (that a board row is not
 * NULL), so that the width tests on my8 and my16 below fold away. */
#define KIELA_ASSUME(cond) do { if (!(cond)) __builtin_unreachable (); } while (0)

/* Kiela's own rules, fixed at compile time by the callers that specialise for them. */
#define KIELA_RULES KIELA_CAPTURE_OCCUPIED_INNER, KIELA_CAPTURED_SOW_AFTER_CAPTOR, KIELA_RELAY_OCCUPIED

static inline gboolean
kiela_is_kiela_rules (const KielaVariant *v)
{
  return v->capture_rule == KIELA_CAPTURE_OCCUPIED_INNER && v->captured_fate == KIELA_CAPTURED_SOW_AFTER_CAPTOR &&
         v->relay_rule == KIELA_RELAY_OCCUPIED;
}

/* Whether a variant's candidates are simply the houses holding min_sow stones or more (no
 * rule for singles, no phases): the perft shortcuts count on it. */
static inline gboolean
kiela_has_plain_candidates (const KielaVariant *v)
{
  return !v->singles_when_blocked && !(v->flags & KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES);
}

static inline guint32
kiela_lap_limit_of (const KielaVariant *v)
{
  return v->lap_limit ? v->lap_limit : 1000;
}

/* ---- One side's houses, as bytes (my8) or as 16-bit counts (my16), the other NULL ---- */

KIELA_ALWAYS_INLINE guint
house_of (const guint8 *my8, const guint16 *my16, guint i)
{
  return my8 ? my8[i] : my16[i];
}

KIELA_ALWAYS_INLINE void
house_set (guint8 *my8, guint16 *my16, guint i, guint count)
{
  if (my8)
    my8[i] = (guint8) count;
  else
    my16[i] = (guint16) count;
}

/* The candidate moves (section 5) of a side's n houses. */
KIELA_ALWAYS_INLINE guint
candidates_of (const KielaVariant *variant, const guint8 *my8, const guint16 *my16, const guint n,
               KielaMove *moves)
{
  const guint min_sow = variant->min_sow ? variant->min_sow : 1;
  guint count = 0;

  /* Phases (Quiela): a side none of whose houses holds two stones moves only a single stone,
   * into an empty house.  One test of the variant, predicted, for every other game. */
  if (G_UNLIKELY (variant->flags & KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES))
    {
      gboolean later = TRUE;

      for (guint h = 0; h < n; h++)
        later &= house_of (my8, my16, h) <= 1;
      if (later)
        {
          for (guint h = 0; h < n; h++)
            if (house_of (my8, my16, h) == 1 && house_of (my8, my16, h + 1 == n ? 0 : h + 1) == 0)
              moves[count++] = (KielaMove) h;
          return count;
        }
    }
  /* Branch-free: which houses qualify is random, so a branch per house mispredicts. */
  for (guint h = 0; h < n; h++)
    {
      moves[count] = (KielaMove) h;
      count += house_of (my8, my16, h) >= min_sow;
    }
  /* Hawalis: a single stone may be sown only when no house holds min_sow, and only into an empty
   * house; Mefuvha (KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE): into any house. */
  if (count == 0 && variant->singles_when_blocked)
    {
      const gboolean any_house = (variant->flags & KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE) != 0;

      for (guint h = 0; h < n; h++)
        if (house_of (my8, my16, h) == 1 && (any_house || house_of (my8, my16, h + 1 == n ? 0 : h + 1) == 0))
          moves[count++] = (KielaMove) h;
    }
  return count;
}

/* ---- The rules of one lap's last stone ---- */

/* The house k stones sown after house h end in, for k < 2 n (n = 2 * files). */
KIELA_ALWAYS_INLINE guint
lap_end (guint h, guint k, const guint n)
{
  return h + k >= n ? h + k - n : h + k;
}

/* The opponent's houses facing house `last` (section 6): its inner house `fi`
 * and the outer house `fo` behind it; house 0 for both when `last` is an outer
 * house, so that reading them is harmless and needs no branch. */
KIELA_ALWAYS_INLINE void
facing_houses (guint last, const guint files, guint *fi, guint *fo)
{
  const gboolean inner = last >= files;

  *fi = inner ? 3 * files - 1 - last : 0;
  *fo = inner ? last - files : 0;
}

/* Whether the last stone, in an inner house that was empty (`was_empty`) or not, captures the
 * facing houses holding `facing_inner` and `facing_outer` stones: section 6 and the variants'
 * triggers.  With & rather than &&: the operands are cheap, their outcome random. */
KIELA_ALWAYS_INLINE gboolean
capture_triggered (guint capture_rule, gboolean was_empty, guint facing_inner, guint facing_outer)
{
  switch (capture_rule)
    {
    case KIELA_CAPTURE_EMPTY_INNER:
      return was_empty & (facing_inner > 0);
    case KIELA_CAPTURE_OCCUPIED_INNER_BOTH:
      return !was_empty & (facing_inner > 0) & (facing_outer > 0);
    case KIELA_CAPTURE_OCCUPIED_INNER:
    default:
      return !was_empty & (facing_inner > 0);
    }
}

/* Whether a lap that captured (or not) and whose last stone fell into an empty
 * house (or not) ends the move, and why: captured stones leave the board
 * (Hawalis: KIELA_END_CAPTURE_REMOVED); an empty house; a variant that does
 * not relay.  The lap limit
 * (section 8) is checked apart, after these. */
KIELA_ALWAYS_INLINE gboolean
lap_ends_move (gboolean capture, gboolean was_empty, KielaCapturedFate captured_fate, KielaRelayRule relay_rule)
{
  return capture ? captured_fate == KIELA_CAPTURED_REMOVED : was_empty || relay_rule == KIELA_RELAY_NEVER;
}

/* The house after which captured stones are sown (section 7 and the
 * variants), and the new lap's start: the house after the captor, or the
 * house the capturing lap was lifted from (Omweso: which stays the reference
 * for the captures this lap makes in turn), or the one before it. */
KIELA_ALWAYS_INLINE void
capture_reentry (KielaCapturedFate captured_fate, guint last, guint n, guint *h, guint *lap_start)
{
  if (captured_fate == KIELA_CAPTURED_SOW_AFTER_LAP_START)
    *h = *lap_start;
  else
    {
      *h = captured_fate == KIELA_CAPTURED_SOW_FROM_LAP_START ? (*lap_start == 0 ? n - 1 : *lap_start - 1) : last;
      *lap_start = *h + 1 == n ? 0 : *h + 1;
    }
}

/* Where the next lap starts after a lap that captured or relayed from house `last`:
 * h the house the next lap sows after, lap_start the house that lap counts as its
 * start.  No branch on `capture` where the rules put both after the same house. */
KIELA_ALWAYS_INLINE void
next_lap_start (KielaCapturedFate captured_fate, gboolean capture, guint last, guint n, guint *h, guint *lap_start)
{
  if (captured_fate == KIELA_CAPTURED_SOW_AFTER_CAPTOR || captured_fate == KIELA_CAPTURED_REMOVED)
    {
      *h = last;
      *lap_start = capture ? (last + 1 == n ? 0 : last + 1) : last;
    }
  else if (capture)
    capture_reentry (captured_fate, last, n, h, lap_start);
  else
    *h = *lap_start = last;
}

KIELA_ALWAYS_INLINE void
fill_result (KielaSowResult *res, KielaMove move, KielaSide side, guint32 laps, guint32 drops, guint captures,
             guint captured, KielaEndReason end, guint last)
{
  res->move = move;
  res->mover = side;
  res->laps = laps;
  res->drops = drops;
  res->captures = (guint16) captures;
  res->captured = (guint16) captured;
  res->end = end;
  res->last_side = (guint8) side;
  res->last_house = (guint8) last;
}

/*
 * One candidate move sown (r, ok: whether it ends), for the legal-move lists:
 * appended at `count` unless it never ends and that makes it illegal.
 * Returns the new count.
 */
KIELA_ALWAYS_INLINE guint
keep_legal (gboolean ok, gboolean keep_endless, const KielaSowResult *r, guint count, KielaMove *moves,
            gboolean *endless, guint32 *drops, guint16 *captured)
{
  if (!ok && !keep_endless)
    return count;
  if (endless)
    endless[count] = !ok;
  if (drops)
    drops[count] = r->drops;
  if (captured)
    captured[count] = r->captured;
  moves[count] = r->move;
  return count + 1;
}

/* ---- Dropping one lap's stones ---- */

/*
 * 16-bit houses: adds one stone to each of the k houses start, start+1, ...
 * (wrapping at n), k < n.  Branch-free with portable vector extensions: hands
 * are short and random, so a counted loop mispredicts its exit on almost every
 * lap.  Houses past n are never touched because the masks stop at n.
 */
typedef gint16 KielaV8 __attribute__ ((vector_size (16)));

KIELA_ALWAYS_INLINE void
add_range16 (guint16 *houses, guint nvec, guint start, guint k, guint n)
{
  const gint16 a = (gint16) start;
  const gint16 b1 = (gint16) MIN (start + k, n);          /* first part: [start, b1) */
  const gint16 b2 = (gint16) ((gint) (start + k) - (gint) n); /* wrapped part: [0, b2) */
  const KielaV8 va = { a, a, a, a, a, a, a, a };
  const KielaV8 vb1 = { b1, b1, b1, b1, b1, b1, b1, b1 };
  const KielaV8 vb2 = { b2, b2, b2, b2, b2, b2, b2, b2 };
  KielaV8 idx = { 0, 1, 2, 3, 4, 5, 6, 7 };
  const KielaV8 eight = { 8, 8, 8, 8, 8, 8, 8, 8 };

  for (guint v = 0; v < nvec; v++)
    {
      KielaV8 cur, mask;

      __builtin_memcpy (&cur, houses + 8 * v, sizeof cur);
      /* Comparisons yield -1 where true: subtracting the mask adds one. */
      mask = ((idx >= va) & (idx < vb1)) | (idx < vb2);
      cur -= mask;
      __builtin_memcpy (houses + 8 * v, &cur, sizeof cur);
      idx += eight;
    }
}

typedef guint8 KielaU8x16 __attribute__ ((vector_size (16)));

/*
 * Compact board, lap windows (kiela-packed.c fills them):
 * kiela_lap_windows[0][files - KIELA_MIN_FILES][k][m] is 1 when m mod n < k
 * (n = 2 * files), so the 16 bytes from m = 16 v + n - a are, lane by lane, 1
 * in the k houses a, a+1, ... (wrapping at n) that a lap of k < n stones from
 * a fills, and in lanes past n that the caller masks off.  [1] also holds -k
 * (mod 256) where m mod n is n - 1, the house before a: the one the k stones
 * were lifted from, which adding the window thus empties.  One load a vector
 * instead of computing the range from its ends and clearing a lane.
 */
G_GNUC_INTERNAL extern guint8 kiela_lap_windows[2][KIELA_MAX_FILES - KIELA_MIN_FILES + 1][KIELA_MAX_HOUSES][96];
/* Bytes 0..47 zero, 48..95 one: the 16 bytes from 48 - x + 16 v are, lane by
 * lane, 1 where 16 v + lane >= x (0 <= x <= 48).  A copy in each file, so the
 * compiler reads the masks of a width it knows at compile time. */
static const guint8 kiela_ge_ones[96] __attribute__ ((aligned (16), unused)) = {
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

KIELA_ALWAYS_INLINE KielaU8x16
window_mask (const guint8 *row, guint n, guint a, guint v)
{
  KielaU8x16 m;
  __builtin_memcpy (&m, row + 16 * v + n - a, sizeof m);
  return m;
}

KIELA_ALWAYS_INLINE KielaU8x16
ge_mask (guint x, guint v)
{
  KielaU8x16 m;
  __builtin_memcpy (&m, kiela_ge_ones + 48 - x + 16 * v, sizeof m);
  return m;
}

/* No house lifted: a lap that sows captured stones (or resumes a move). */
#define KIELA_NO_LIFT 47


/*
 * Drops one lap: empties house `lift` (none when it is KIELA_NO_LIFT; else it
 * is h) and drops `hand` stones into the houses after h, wrapping, the start
 * house included for hands of a lap or more.  Sets the house the last stone
 * fell into and what it holds now.  Hands of a lap or more add whole laps
 * first.
 *
 * On the compact board, with one masked add of a window row a vector:
 * branch-free whatever the hand, where a loop would end at a point the
 * processor could not predict.  Emptying the lifted house in the same add,
 * rather than by a byte store, keeps the next vector load from waiting on that
 * store; the last house is read before the add for the same reason (when the
 * hand is not empty it is not the lifted house).  Lanes at or past n keep zero.
 * With a trace (16-bit houses only), stone by stone, one event each.
 */
KIELA_ALWAYS_INLINE void
drop_lap (guint8 *my8, guint16 *my16, KielaU8x16 *cur, const KielaU8x16 *valid, KielaTrace *trace, KielaSide side,
          guint h, guint hand, guint lift, guint32 lap, const guint files, const guint lanes,
          guint *last_out, guint *count_out)
{
  const guint n = 2 * files;
  const guint start = h + 1 == n ? 0 : h + 1;
  guint k = hand, last;

  if (my16 && lift != KIELA_NO_LIFT)
    my16[lift] = 0;
  if (trace)
    {
      last = h;
      for (guint left = hand; left > 0; left--)
        {
          KielaEvent e = { 0 };

          last = last + 1 == n ? 0 : last + 1;
          my16[last]++;
          e.type = KIELA_EVENT_DROP; e.side = (guint8) side; e.house = (guint8) last;
          e.count = my16[last]; e.hand = (guint16) (left - 1); e.lap = lap;
          g_array_append_val (trace->events, e);
        }
      *last_out = last;
      *count_out = my16[last];
      return;
    }
  if (G_UNLIKELY (k >= n))
    {
      /* A hand of a lap or more: whole laps first. */
      const guint q = k / n;

      if (my8)
        {
          const KielaU8x16 qv = (KielaU8x16) { 0 } + (guint8) q;

          if (lift != KIELA_NO_LIFT)
            my8[lift] = 0;
          for (guint v = 0; v < lanes; v++)
            {
              __builtin_memcpy (&cur[v], my8 + 16 * v, sizeof cur[v]);
              cur[v] += qv & valid[v];
              __builtin_memcpy (my8 + 16 * v, &cur[v], sizeof cur[v]);
            }
        }
      else
        for (guint i = 0; i < n; i++)
          my16[i] += (guint16) q;
      lift = KIELA_NO_LIFT;
      k -= q * n;
    }
  /* k < n now: one conditional subtraction instead of a division.  k == 0
   * only after whole laps, whose last stone fell into h itself. */
  last = lap_end (h, k, n);
  if (my8)
    {
      const guint8 *row = kiela_lap_windows[lift != KIELA_NO_LIFT][files - KIELA_MIN_FILES][k];

      *count_out = my8[last] + (k != 0);
      for (guint v = 0; v < lanes; v++)
        {
          cur[v] += window_mask (row, n, start, v) & valid[v];
          __builtin_memcpy (my8 + 16 * v, &cur[v], sizeof cur[v]);
        }
    }
  else
    {
      add_range16 (my16, (n + 7) / 8, start, k, n);
      *count_out = my16[last];
    }
  *last_out = last;
}

static inline void
push_event (KielaTrace *trace, KielaEventType type, guint side, guint house, guint count, guint hand, guint lap)
{
  KielaEvent e = { 0 };

  e.type = (guint8) type;
  e.side = (guint8) side;
  e.house = (guint8) house;
  e.count = (guint16) count;
  e.hand = (guint16) hand;
  e.lap = lap;
  g_array_append_val (trace->events, e);
}

/*
 * The one sowing algorithm, lap by lap (sections 6-8), on the houses of the
 * mover (my8 or my16) and of the opponent (op8 or op16): the other pair NULL.
 * It sows the laps from a given state: the next lap sows `hand` stones after
 * house h, emptying house `lift`, and is lap number `lap`.  A move starts with
 * (move, its stones, move, 1); perft resumes a move whose first laps it has
 * already worked out under Kiela's rules with (the house the last lap ended
 * in, 0, KIELA_NO_LIFT, that lap's number) on the board after those laps: a
 * lap of no stones judges that house again.  (Rules that re-sow captures from
 * a lap's start would need that start too.)  Does not switch the side to move.
 *
 * The last stone is judged with as few branches as the compiler allows:
 * whether a lap captures, relays or ends is random, so branches on it are
 * mispredicted lap after lap.  (The captured houses are cleared under a test
 * of the capture all the same: written as stores of unchanged values, the
 * compiler keeps those values live across the lap and spills.)  With Kiela's
 * rules fixed by the caller the checks for other variants fold away.  With
 * trace == NULL every event goes, so search pays nothing for the teaching
 * path.
 */
KIELA_ALWAYS_INLINE gboolean
sow_body (guint8 *restrict my8, guint8 *restrict op8, guint16 *restrict my16, guint16 *restrict op16,
          KielaTrace *trace, KielaSide side, KielaMove move, KielaSowResult *res,
          guint h, guint hand, guint lift, guint32 lap,
          const guint files, const guint lanes, const guint32 limit,
          const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate,
          const KielaRelayRule relay_rule)
{
  const guint n = 2 * files;
  guint lap_start = h;
  guint32 drops = 0;
  guint captures = 0, captured_total = 0;
  KielaEndReason end;
  guint last, count_last;
  /* On the compact board the mover's houses stay in registers from lap to
   * lap (every lap also stores them, so that single houses can be read). */
  KielaU8x16 cur[3], valid[3];

  if (my8)
    {
      const KielaU8x16 one = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };

      for (guint v = 0; v < lanes; v++)
        {
          __builtin_memcpy (&cur[v], my8 + 16 * v, sizeof cur[v]);
          valid[v] = ge_mask (n, v) - one;   /* 0xff in the lanes of real houses */
        }
    }
  for (;;)
    {
      if (trace && lift != KIELA_NO_LIFT)
        push_event (trace, KIELA_EVENT_LIFT, side, lift, hand, hand, lap);
      drops += hand;
      drop_lap (my8, my16, cur, valid, trace, side, h, hand, lift, lap, files, lanes, &last, &count_last);

      /* Judge the last stone (section 6). */
      {
        const gboolean was_empty = count_last == 1;
        const gboolean inner = last >= files;
        guint fi, fo;
        facing_houses (last, files, &fi, &fo);
        const guint opfi = house_of (op8, op16, fi), opfo = house_of (op8, op16, fo);
        const gboolean capture = inner & capture_triggered (capture_rule, was_empty, opfi, opfo);
        const guint c = capture ? opfi + opfo : 0;

        if (trace && capture)
          {
            KielaEvent e = { 0 };
            e.type = KIELA_EVENT_CAPTURE; e.side = (guint8) side; e.house = (guint8) last;
            e.count = (guint16) count_last; e.lap = lap; e.hand = (guint16) c;
            e.side2 = (guint8) KIELA_OTHER_SIDE (side); e.house2 = (guint8) fi; e.house3 = (guint8) fo;
            e.count2 = (guint16) opfi; e.count3 = (guint16) opfo;
            g_array_append_val (trace->events, e);
          }
        if (capture)
          {
            house_set (op8, op16, fi, 0);
            house_set (op8, op16, fo, 0);
          }
        captures += capture;
        captured_total += c;
        if (lap_ends_move (capture, was_empty, captured_fate, relay_rule))
          {
            /* Written so that rules fixed at compile time fold it to a constant. */
            end = captured_fate == KIELA_CAPTURED_REMOVED && capture ? KIELA_END_CAPTURE_REMOVED
                : relay_rule == KIELA_RELAY_NEVER && !was_empty ? KIELA_END_NO_RELAY
                : KIELA_END_EMPTY_HOUSE;
            if (trace && capture)
              push_event (trace, KIELA_EVENT_REMOVE, side, last, c, 0, lap);
            break;
          }
        if (G_UNLIKELY (lap >= limit))
          {
            /* Endless: captured stones go back to the capturing house so the total stays honest. */
            house_set (my8, my16, last, house_of (my8, my16, last) + c);
            end = KIELA_END_ENDLESS;
            break;
          }
        lap++;
        hand = capture ? c : count_last;
        lift = capture ? KIELA_NO_LIFT : last;
        next_lap_start (captured_fate, capture, last, n, &h, &lap_start);
        if (trace)
          {
            if (capture)
              push_event (trace, KIELA_EVENT_ENTER, side, h + 1 == n ? 0 : h + 1, c, c, lap);
            else
              {
                KielaRelayReason why = !inner ? KIELA_RELAY_OUTER
                                     : opfi == 0 ? KIELA_RELAY_INNER_FACING_EMPTY
                                     : KIELA_RELAY_INNER_NO_CAPTURE;
                push_event (trace, KIELA_EVENT_RELAY, side, last, count_last, 0, lap - 1);
                g_array_index (trace->events, KielaEvent, trace->events->len - 1).reason = (guint8) why;
              }
          }
      }
    }

  if (res)
    fill_result (res, move, side, lap, drops, captures, captured_total, end, last);
  if (trace)
    {
      KielaEvent e = { 0 };
      e.type = KIELA_EVENT_END; e.side = (guint8) side; e.house = (guint8) last;
      e.count = (guint16) house_of (my8, my16, last); e.lap = lap; e.reason = (guint8) end;
      g_array_append_val (trace->events, e);
    }
  return end != KIELA_END_ENDLESS;
}

/* ---- The compact board's sowing ---- */

/* The side of a compact board of `lanes` 16-byte vectors a side. */
KIELA_ALWAYS_INLINE guint8 *
packed_side (KielaPacked *p, guint side, const guint lanes)
{
  return p->b + side * 16 * lanes;
}

/* kiela_packed_to_position, inlined where search turns every child back. */
KIELA_ALWAYS_INLINE void
packed_to_position (const KielaPacked *packed, KielaPosition *out)
{
  const guint n = 2u * packed->files;

  memset (out, 0, sizeof *out);
  out->files = packed->files;
  out->to_move = packed->to_move;
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < n; i++)
      out->houses[s][i] = packed->b[s * packed->stride + i];
}

/* sow_body on the compact board from a given state (see there); switches the side to move. */
KIELA_ALWAYS_INLINE gboolean
packed_sow_from (KielaPacked *p, KielaMove move, KielaSowResult *res, guint h, guint hand, guint lift, guint32 lap,
                 const guint files, const guint lanes, const guint32 limit,
                 const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate,
                 const KielaRelayRule relay_rule)
{
  const KielaSide side = (KielaSide) p->to_move;
  guint8 *my = packed_side (p, side, lanes), *op = packed_side (p, KIELA_OTHER_SIDE (side), lanes);
  gboolean ok;

  KIELA_ASSUME (my != NULL && op != NULL);
  ok = sow_body (my, op, NULL, NULL, NULL, side, move, res, h, hand, lift, lap, files, lanes, limit,
                 capture_rule, captured_fate, relay_rule);

  p->to_move = (guint8) KIELA_OTHER_SIDE (side);
  return ok;
}

/* One move sown on the compact board. */
KIELA_ALWAYS_INLINE gboolean
packed_sow_core (KielaPacked *p, KielaMove move, KielaSowResult *res,
                 const guint files, const guint lanes, const guint32 limit,
                 const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate,
                 const KielaRelayRule relay_rule)
{
  const guint h = (guint) move;

  return packed_sow_from (p, move, res, h, packed_side (p, p->to_move, lanes)[h], h, 1,
                          files, lanes, limit, capture_rule, captured_fate, relay_rule);
}

KIELA_ALWAYS_INLINE guint
packed_candidates_impl (const KielaVariant *variant, const KielaPacked *p, KielaMove *moves,
                        const guint files, const guint lanes)
{
  const guint8 *my = p->b + p->to_move * 16 * lanes;

  KIELA_ASSUME (my != NULL);
  return candidates_of (variant, my, NULL, 2 * files, moves);
}

G_END_DECLS
