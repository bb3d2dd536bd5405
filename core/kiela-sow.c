/* kiela-sow.c: one move, lap by lap (rules sections 5-8), in a fast and a traced flavour, and legal moves. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-sow.h"
#include "kiela-sow-private.h"
#include "kiela-position.h"
#include "kiela-registry.h"

KielaTrace *
kiela_trace_new (void)
{
  KielaTrace *trace = g_new0 (KielaTrace, 1);

  trace->events = g_array_sized_new (FALSE, TRUE, sizeof (KielaEvent), 64);
  return trace;
}

void
kiela_trace_clear (KielaTrace *trace)
{
  g_array_set_size (trace->events, 0);
  memset (&trace->before, 0, sizeof trace->before);
  memset (&trace->after, 0, sizeof trace->after);
  memset (&trace->result, 0, sizeof trace->result);
}

void
kiela_trace_free (KielaTrace *trace)
{
  if (trace == NULL)
    return;
  g_array_unref (trace->events);
  g_free (trace);
}

guint
kiela_trace_get_n_events (const KielaTrace *trace)
{
  return trace->events->len;
}

const KielaEvent *
kiela_trace_get_event (const KielaTrace *trace, guint index)
{
  g_return_val_if_fail (index < trace->events->len, NULL);
  return &g_array_index (trace->events, KielaEvent, index);
}

void
kiela_trace_position_at (const KielaTrace *trace, guint n_events, KielaPosition *out, guint *hand)
{
  KielaPosition pos = trace->before;
  guint in_hand = 0;

  n_events = MIN (n_events, trace->events->len);
  for (guint i = 0; i < n_events; i++)
    {
      const KielaEvent *e = &g_array_index (trace->events, KielaEvent, i);

      switch ((KielaEventType) e->type)
        {
        case KIELA_EVENT_LIFT:
          pos.houses[e->side][e->house] = 0;
          in_hand = e->count;
          break;
        case KIELA_EVENT_DROP:
          pos.houses[e->side][e->house] = e->count;
          in_hand = e->hand;
          break;
        case KIELA_EVENT_CAPTURE:
          pos.houses[e->side2][e->house2] = 0;
          pos.houses[e->side2][e->house3] = 0;
          in_hand = (guint) e->count2 + e->count3;
          break;
        case KIELA_EVENT_REMOVE:
          in_hand = 0;
          break;
        case KIELA_EVENT_ENTER:
          in_hand = e->count;
          break;
        case KIELA_EVENT_RELAY:
        case KIELA_EVENT_END:
        default:
          break;
        }
    }
  if (n_events == trace->events->len && n_events > 0)
    pos = trace->after;
  *out = pos;
  if (hand)
    *hand = in_hand;
}

/* Whether the last stone, in an inner house that was empty (`was_empty`) or not, captures the
 * facing houses holding `facing_inner` and `facing_outer` stones: the capture trigger of
 * section 6 and of the variants' rules.  Shared by the 16-bit and the packed sowing. */
static inline __attribute__((always_inline)) gboolean
capture_triggered (guint capture_rule, gboolean was_empty, guint facing_inner, guint facing_outer)
{
  switch (capture_rule)
    {
    case KIELA_CAPTURE_EMPTY_INNER:
      return was_empty && facing_inner > 0;
    case KIELA_CAPTURE_OCCUPIED_INNER_BOTH:
      return !was_empty && facing_inner > 0 && facing_outer > 0;
    case KIELA_CAPTURE_OCCUPIED_INNER:
    default:
      return !was_empty && facing_inner > 0;
    }
}

/* Whether the move ends after a lap whose last stone `captured` or not, and
 * why (sections 6-8 and the variants): captured stones leave the board; or
 * it fell into an empty house; or the variant does not relay; or the next lap
 * would pass the lap limit (endless).  Otherwise the captured stones are sown
 * or the house is relayed.  Shared by the 16-bit and the packed sowing. */
static inline __attribute__((always_inline)) gboolean
lap_ends (const gboolean captured, KielaCapturedFate captured_fate, KielaRelayRule relay_rule, gboolean was_empty,
          guint32 lap, guint32 limit, KielaEndReason *end)
{
  if (captured && captured_fate == KIELA_CAPTURED_REMOVED)
    *end = KIELA_END_CAPTURE_REMOVED;
  else if (!captured && was_empty)
    *end = KIELA_END_EMPTY_HOUSE;
  else if (!captured && relay_rule == KIELA_RELAY_NEVER)
    *end = KIELA_END_NO_RELAY;
  else if (G_UNLIKELY (lap >= limit))
    *end = KIELA_END_ENDLESS;
  else
    return FALSE;
  return TRUE;
}

/* A capture of c stones, counted: lap_ends after it. */
static inline __attribute__((always_inline)) gboolean
capture_ends (KielaCapturedFate captured_fate, guint32 lap, guint32 limit, guint c, guint *captures,
              guint *captured_total, KielaEndReason *end)
{
  *captures += 1;
  *captured_total += c;
  return lap_ends (TRUE, captured_fate, KIELA_RELAY_OCCUPIED, FALSE, lap, limit, end);
}

/* The house after which captured stones are sown (section 7 and the
 * variants), and the new lap's start: the house after the captor, or the
 * house the capturing lap was lifted from (Omweso: which stays the reference
 * for the captures this lap makes in turn), or the one before it. */
static inline __attribute__((always_inline)) void
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

static inline __attribute__((always_inline)) void
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
 * Adds one stone to each of the k houses start, start+1, ... (wrapping at n),
 * k < n.  Branch-free with portable vector extensions: hands are short and
 * random, so a counted loop mispredicts its exit on almost every lap.
 * Houses past n are never touched because the masks stop at n.
 */
typedef gint16 KielaV8 __attribute__ ((vector_size (16)));

static inline __attribute__((always_inline)) void
add_range (guint16 *houses, guint nvec, guint start, guint k, guint n)
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

/*
 * The one sowing algorithm.  Inlined twice: with trace == NULL the compiler
 * drops every event branch, so search pays nothing for the teaching path.
 */
static inline __attribute__((always_inline)) gboolean
sow_core (const KielaVariant *v, KielaPosition *pos, KielaMove move, KielaSowResult *res, KielaTrace *trace,
          const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate, const KielaRelayRule relay_rule)
{
  const guint files = v->files;
  const guint n = 2 * files;
  const guint nvec = (n + 7) / 8;   /* 16-bit houses, 8 to a vector; KIELA_MAX_HOUSES is a multiple of 8 */
  const KielaSide side = (KielaSide) pos->to_move;
  const KielaSide opp = KIELA_OTHER_SIDE (side);
  guint16 *restrict my = pos->houses[side];
  guint16 *restrict op = pos->houses[opp];
  const guint32 limit = v->lap_limit ? v->lap_limit : 1000;
  guint h = (guint) move;
  guint lap_start = h;
  guint hand = my[h];
  guint32 lap = 1;
  guint32 drops = 0;
  guint captures = 0, captured_total = 0;
  KielaEndReason end;
  guint last;

  my[h] = 0;
  if (trace)
    push_event (trace, KIELA_EVENT_LIFT, side, h, hand, hand, lap);

  for (;;)
    {
      /* Drop `hand` stones into h+1, h+2, ... (wrapping, the start house included). */
      drops += hand;
      if (trace)
        {
          guint k = h;
          for (guint left = hand; left > 0; left--)
            {
              k = k + 1 == n ? 0 : k + 1;
              my[k]++;
              push_event (trace, KIELA_EVENT_DROP, side, k, my[k], left - 1, lap);
            }
          last = k;
        }
      else
        {
          guint k = hand;
          guint start = h + 1 == n ? 0 : h + 1;

          if (G_UNLIKELY (k >= n))
            {
              guint q = k / n;
              for (guint i = 0; i < n; i++)
                my[i] += q;
              k -= q * n;
            }
          add_range (my, nvec, start, k, n);
          /* k < n now: one conditional subtraction instead of a division. */
          last = h + k;
          if (last >= n)
            last -= n;
        }

      /* Judge the last stone (section 6). */
      {
        const gboolean was_empty = my[last] == 1;
        const gboolean inner = last >= files;
        const guint fi = 3 * files - 1 - last;   /* facing inner house (opponent) */
        const guint fo = last - files;           /* opponent outer house behind it */
        const gboolean capture = inner && capture_triggered (capture_rule, was_empty, op[fi], op[fo]);

        if (capture)
          {
            const guint c = (guint) op[fi] + op[fo];

            if (trace)
              {
                KielaEvent e = { 0 };
                e.type = KIELA_EVENT_CAPTURE; e.side = (guint8) side; e.house = (guint8) last;
                e.count = my[last]; e.lap = lap; e.hand = (guint16) c;
                e.side2 = (guint8) opp; e.house2 = (guint8) fi; e.house3 = (guint8) fo;
                e.count2 = op[fi]; e.count3 = op[fo];
                g_array_append_val (trace->events, e);
              }
            op[fi] = 0;
            op[fo] = 0;
            if (capture_ends (captured_fate, lap, limit, c, &captures, &captured_total, &end))
              {
                /* Endless: the stones go back to the captor's capturing
                 * house so the total stays honest. */
                if (end == KIELA_END_ENDLESS)
                  my[last] += (guint16) c;
                else if (trace)
                  push_event (trace, KIELA_EVENT_REMOVE, side, last, c, 0, lap);
                break;
              }
            lap++;
            hand = c;
            capture_reentry (captured_fate, last, n, &h, &lap_start);
            if (trace)
              push_event (trace, KIELA_EVENT_ENTER, side, h + 1 == n ? 0 : h + 1, c, c, lap);
            continue;
          }

        /* Occupied and no capture: relay (sections 6.2 and 6.3). */
        if (lap_ends (FALSE, captured_fate, relay_rule, was_empty, lap, limit, &end))
          break;
        if (trace)
          {
            KielaRelayReason why = !inner ? KIELA_RELAY_OUTER
                                 : op[fi] == 0 ? KIELA_RELAY_INNER_FACING_EMPTY
                                 : KIELA_RELAY_INNER_NO_CAPTURE;
            push_event (trace, KIELA_EVENT_RELAY, side, last, my[last], 0, lap);
            g_array_index (trace->events, KielaEvent, trace->events->len - 1).reason = (guint8) why;
          }
        lap++;
        hand = my[last];
        my[last] = 0;
        h = last;
        lap_start = last;
        if (trace)
          push_event (trace, KIELA_EVENT_LIFT, side, h, hand, hand, lap);
      }
    }

  if (res)
    fill_result (res, move, side, lap, drops, captures, captured_total, end, last);
  if (trace)
    {
      KielaEvent e = { 0 };
      e.type = KIELA_EVENT_END; e.side = (guint8) side; e.house = (guint8) last;
      e.count = my[last]; e.lap = lap; e.reason = (guint8) end;
      g_array_append_val (trace->events, e);
    }
  pos->to_move = (guint8) opp;
  return end != KIELA_END_ENDLESS;
}
static inline __attribute__((always_inline)) gboolean
sow_impl (const KielaVariant *v, KielaPosition *pos, KielaMove move, KielaSowResult *res, KielaTrace *trace)
{
  return sow_core (v, pos, move, res, trace, v->capture_rule, v->captured_fate, v->relay_rule);
}

/* Kiela's own rules with the rule switches fixed at compile time: the search
 * and playouts spend nearly all their time here. */
static gboolean
sow_kiela_rules (const KielaVariant *v, KielaPosition *pos, KielaMove move, KielaSowResult *res)
{
  return sow_core (v, pos, move, res, NULL, KIELA_CAPTURE_OCCUPIED_INNER,
                   KIELA_CAPTURED_SOW_AFTER_CAPTOR, KIELA_RELAY_OCCUPIED);
}

static gboolean
sow_generic (const KielaVariant *v, KielaPosition *pos, KielaMove move, KielaSowResult *res)
{
  return sow_impl (v, pos, move, res, NULL);
}

static inline gboolean
is_kiela_rules (const KielaVariant *v)
{
  return v->capture_rule == KIELA_CAPTURE_OCCUPIED_INNER && v->captured_fate == KIELA_CAPTURED_SOW_AFTER_CAPTOR &&
         v->relay_rule == KIELA_RELAY_OCCUPIED;
}

gboolean
kiela_sow_fast (const KielaVariant *variant, KielaPosition *pos, KielaMove move, KielaSowResult *result)
{
  return is_kiela_rules (variant) ? sow_kiela_rules (variant, pos, move, result)
                                  : sow_generic (variant, pos, move, result);
}

gboolean
kiela_sow_traced (const KielaVariant *variant, const KielaPosition *pos, KielaMove move, KielaTrace *trace)
{
  gboolean ok;

  kiela_trace_clear (trace);
  trace->before = *pos;
  trace->after = *pos;
  ok = sow_impl (variant, &trace->after, move, &trace->result, trace);
  return ok;
}

/* ---- The compact board (kiela-sow-private.h) ---- */

gboolean
kiela_packed_from_position (const KielaVariant *variant, const KielaPosition *pos, KielaPacked *out)
{
  const guint n = 2u * pos->files;
  guint total = 0;

  if (pos->files != variant->files || pos->files < KIELA_MIN_FILES || pos->files > KIELA_MAX_FILES)
    return FALSE;
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < n; i++)
      total += pos->houses[s][i];
  if (total > KIELA_PACKED_MAX_STONES)
    return FALSE;

  memset (out, 0, sizeof *out);
  out->to_move = pos->to_move;
  out->files = pos->files;
  out->stride = (guint8) (16 * ((n + 15) / 16));
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < n; i++)
      out->b[s * out->stride + i] = (guint8) pos->houses[s][i];
  return TRUE;
}

void
kiela_packed_to_position (const KielaPacked *packed, KielaPosition *out)
{
  const guint n = 2u * packed->files;

  memset (out, 0, sizeof *out);
  out->files = packed->files;
  out->to_move = packed->to_move;
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < n; i++)
      out->houses[s][i] = packed->b[s * packed->stride + i];
}

static inline guint64
packed_hash_impl (const KielaPacked *packed, const guint words)
{
  guint64 h = 0x9e3779b97f4a7c15ull * (1 + packed->to_move) ^ packed->files;

  for (guint i = 0; i < words; i += 2)
    {
      guint64 w0, w1;
      memcpy (&w0, packed->b + 8 * i, 8);
      memcpy (&w1, packed->b + 8 * i + 8, 8);
      h += (w0 + 0x2545f4914f6cdd1dull * (i + 1)) * (w1 ^ 0xd6e8feb86659fd93ull);
    }
  h ^= h >> 30; h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27; h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return h;
}

guint64
kiela_packed_hash (const KielaPacked *packed)
{
  /* Whole words, padding included (it is zero): pairs multiplied together
   * (as in the NH hash) so the multiplies do not wait on each other, then a
   * splitmix finaliser.  Unrolled for each stride. */
  switch (packed->stride)
    {
    case 16: return packed_hash_impl (packed, 4);
    case 32: return packed_hash_impl (packed, 8);
    default: return packed_hash_impl (packed, 12);
    }
}

gboolean
kiela_packed_equal (const KielaPacked *a, const KielaPacked *b)
{
  return a->to_move == b->to_move && a->files == b->files && a->stride == b->stride &&
         memcmp (a->b, b->b, 2u * a->stride) == 0;
}

typedef guint8 KielaU8x16 __attribute__ ((vector_size (16)));

/* Bytes 0..47 zero, 48..95 one: the 16 bytes from ge_ones + 48 - x + 16 v are,
 * lane by lane, 1 where 16 v + lane >= x (0 <= x <= 48). */
static const guint8 ge_ones[96] __attribute__ ((aligned (16))) = {
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/*
 * Lap windows: windows[0][files - KIELA_MIN_FILES][k][m] is 1 when m mod n < k
 * (n = 2 * files), so the 16 bytes from m = 16 v + n - a are, lane by lane, 1
 * in the k houses a, a+1, ... (wrapping at n) that a lap of k < n stones from
 * a fills, and in lanes past n that the caller masks off.  windows[1] also
 * holds -k (mod 256) where m mod n is n - 1, the house before a: the one the
 * k stones were lifted from, which adding the window thus empties.  One load
 * a vector instead of computing the range from its ends and clearing a lane.
 */
static guint8 windows[2][KIELA_MAX_FILES - KIELA_MIN_FILES + 1][KIELA_MAX_HOUSES][96] __attribute__ ((aligned (16)));

__attribute__ ((constructor)) static void
init_lap_tables (void)
{
  for (guint files = KIELA_MIN_FILES; files <= KIELA_MAX_FILES; files++)
    for (guint k = 0; k < 2 * files; k++)
      for (guint m = 0; m < 96; m++)
        {
          guint r = m % (2 * files);
          windows[0][files - KIELA_MIN_FILES][k][m] = r < k;
          windows[1][files - KIELA_MIN_FILES][k][m] = r < k ? 1 : r == 2 * files - 1 ? (guint8) (256 - k) : 0;
        }
}

static inline __attribute__((always_inline)) KielaU8x16
window_mask (const guint8 *row, guint n, guint a, guint v)
{
  KielaU8x16 m;
  __builtin_memcpy (&m, row + 16 * v + n - a, sizeof m);
  return m;
}

static inline __attribute__((always_inline)) KielaU8x16
ge_mask (guint x, guint v)
{
  KielaU8x16 m;
  __builtin_memcpy (&m, ge_ones + 48 - x + 16 * v, sizeof m);
  return m;
}

/*
 * A lap on the compact board empties house `lift` (none when it is NO_LIFT)
 * and drops one stone into each of the k houses after it, wrapping, with one
 * masked add of a window row a vector: branch-free whatever the hand, where a
 * loop would end at a point the processor could not predict.  Emptying the
 * lifted house in the same add, rather than by a byte store, keeps the next
 * vector load from waiting on that store.  Lanes at or past n keep zero.
 */
#define NO_LIFT 47

/*
 * sow_core on the compact board: the same algorithm, statement for statement
 * (tests/engine/test-sow.c checks that every candidate of thousands of games
 * ends the same), with the width and the rules fixed where the caller knows
 * them at compile time.
 *
 * It sows the laps from a given state: the next lap sows `hand` stones after
 * house h, emptying house `lift`, and is lap number `lap`.  A move starts with
 * (move, its stones, move, 1) (packed_sow_core); perft resumes a move whose
 * first laps it has already worked out under Kiela's rules with (the house the
 * last lap ended in, 0, NO_LIFT, that lap's number) on the board after those
 * laps: a lap of no stones judges that house again.  (Rules that re-sow
 * captures from a lap's start would need that start too.)
 */
static inline __attribute__((always_inline)) gboolean
packed_sow_from (KielaPacked *p, KielaMove move, KielaSowResult *res, guint h, guint hand, guint lift, guint32 lap,
                 const guint files, const guint lanes, const guint32 limit,
                 const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate,
                 const KielaRelayRule relay_rule)
{
  const guint n = 2 * files;
  const KielaSide side = (KielaSide) p->to_move;
  const KielaSide opp = KIELA_OTHER_SIDE (side);
  guint8 *restrict my = p->b + side * 16 * lanes;
  guint8 *restrict op = p->b + opp * 16 * lanes;
  const guint no_lift = NO_LIFT;
  guint lap_start = h;
  guint32 drops = 0;
  guint captures = 0, captured_total = 0;
  KielaEndReason end;
  guint last, count_last;
  /* The mover's houses stay in registers from lap to lap; every lap also
   * stores them, so that single houses can be read from memory. */
  const KielaU8x16 one = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  KielaU8x16 cur[3], valid[3];

  for (guint v = 0; v < lanes; v++)
    {
      __builtin_memcpy (&cur[v], my + 16 * v, sizeof cur[v]);
      valid[v] = ge_mask (n, v) - one;   /* 0xff in the lanes of real houses */
    }
  for (;;)
    {
      guint k = hand;
      guint start = h + 1 == n ? 0 : h + 1;

      drops += hand;
      if (G_UNLIKELY (k >= n))
        {
          /* A hand of a lap or more: whole laps first, on the bytes. */
          guint q = k / n;
          if (lift != no_lift)
            my[lift] = 0;
          lift = no_lift;
          for (guint i = 0; i < n; i++)
            my[i] += (guint8) q;
          k -= q * n;
          for (guint v = 0; v < lanes; v++)
            __builtin_memcpy (&cur[v], my + 16 * v, sizeof cur[v]);
        }
      last = h + k;
      if (last >= n)
        last -= n;
      /* Read before the lap is added, so the load need not wait for the vector
       * store.  When k > 0, last != lift; k == 0 only after whole laps above,
       * whose last stone fell into h itself. */
      count_last = my[last] + (k != 0);
      {
        /* When a house was lifted it is the one before start, and holds k. */
        const guint8 *row = windows[lift != no_lift][files - KIELA_MIN_FILES][k];

        for (guint v = 0; v < lanes; v++)
          {
            cur[v] += window_mask (row, n, start, v) & valid[v];
            __builtin_memcpy (my + 16 * v, &cur[v], sizeof cur[v]);
          }
      }

      if (capture_rule == KIELA_CAPTURE_OCCUPIED_INNER && captured_fate == KIELA_CAPTURED_SOW_AFTER_CAPTOR &&
          relay_rule == KIELA_RELAY_OCCUPIED)
        {
          /* Kiela's rules without a branch but the loop's own exit: whether a
           * lap captures, relays or ends is random, so branches on it would be
           * mispredicted lap after lap.  Outer houses read house 0 of the
           * opponent and ignore it. */
          const gboolean inner = last >= files;
          const guint fi = inner ? 3 * files - 1 - last : 0;
          const guint fo = inner ? last - files : 0;
          const guint opfi = op[fi], opfo = op[fo];
          const gboolean capture = inner & (count_last > 1) & (opfi > 0);
          const guint c = capture ? opfi + opfo : 0;

          op[fi] = capture ? 0 : opfi;
          op[fo] = capture ? 0 : opfo;
          captures += capture;
          captured_total += c;
          if (!capture && count_last == 1)
            {
              end = KIELA_END_EMPTY_HOUSE;
              break;
            }
          if (G_UNLIKELY (lap >= limit))
            {
              my[last] += (guint8) c;
              end = KIELA_END_ENDLESS;
              break;
            }
          lap++;
          hand = capture ? c : count_last;
          lift = capture ? no_lift : last;
          h = last;
          continue;
        }

      {
        const gboolean was_empty = count_last == 1;
        const gboolean inner = last >= files;
        const guint fi = 3 * files - 1 - last;
        const guint fo = last - files;
        const gboolean capture = inner && capture_triggered (capture_rule, was_empty, op[fi], op[fo]);

        if (capture)
          {
            const guint c = (guint) op[fi] + op[fo];

            op[fi] = 0;
            op[fo] = 0;
            if (capture_ends (captured_fate, lap, limit, c, &captures, &captured_total, &end))
              {
                my[last] += (guint8) (end == KIELA_END_ENDLESS ? c : 0);   /* endless: as in sow_core */
                break;
              }
            lap++;
            hand = c;
            lift = no_lift;
            capture_reentry (captured_fate, last, n, &h, &lap_start);
            continue;
          }

        if (lap_ends (FALSE, captured_fate, relay_rule, was_empty, lap, limit, &end))
          break;
        lap++;
        hand = count_last;
        lift = last;
        h = last;
        lap_start = last;
      }
    }

  if (res)
    fill_result (res, move, side, lap, drops, captures, captured_total, end, last);
  p->to_move = (guint8) opp;
  return end != KIELA_END_ENDLESS;
}

static inline __attribute__((always_inline)) gboolean
packed_sow_core (KielaPacked *p, KielaMove move, KielaSowResult *res,
                 const guint files, const guint lanes, const guint32 limit,
                 const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate,
                 const KielaRelayRule relay_rule)
{
  const guint h = (guint) move;

  return packed_sow_from (p, move, res, h, p->b[p->to_move * 16 * lanes + h], h, 1,
                          files, lanes, limit, capture_rule, captured_fate, relay_rule);
}

static inline guint32
lap_limit_of (const KielaVariant *v)
{
  return v->lap_limit ? v->lap_limit : 1000;
}

/* House i of a side given as bytes (my8) or as 16-bit counts (my16), the other NULL. */
static inline __attribute__((always_inline)) guint
house_of (const guint8 *my8, const guint16 *my16, guint i)
{
  return my8 ? my8[i] : my16[i];
}

/* The candidate moves (section 5) of a side's n houses, as bytes or as 16-bit counts. */
static inline __attribute__((always_inline)) guint
candidates_of (const KielaVariant *variant, const guint8 *my8, const guint16 *my16, const guint n,
               KielaMove moves[KIELA_MAX_MOVES])
{
  const guint min_sow = variant->min_sow ? variant->min_sow : 1;
  guint count = 0;

  /* Branch-free: which houses qualify is random, so a branch per house mispredicts. */
  for (guint h = 0; h < n; h++)
    {
      moves[count] = (KielaMove) h;
      count += house_of (my8, my16, h) >= min_sow;
    }
  /* Hawalis: a single stone may be sown only when no house holds min_sow, and only into an empty house. */
  if (count == 0 && variant->singles_when_blocked)
    for (guint h = 0; h < n; h++)
      if (house_of (my8, my16, h) == 1 && house_of (my8, my16, h + 1 == n ? 0 : h + 1) == 0)
        moves[count++] = (KielaMove) h;
  return count;
}

static inline guint
packed_candidates_impl (const KielaVariant *variant, const KielaPacked *p, KielaMove moves[KIELA_MAX_MOVES],
                        const guint files, const guint lanes)
{
  return candidates_of (variant, p->b + p->to_move * 16 * lanes, NULL, 2 * files, moves);
}

/*
 * One candidate move sown (r, ok: whether it ends), for the legal-move lists:
 * appended at `count` unless it never ends and that makes it illegal.
 * Returns the new count.  Shared by the 16-bit and the compact board.
 */
static inline __attribute__((always_inline)) guint
keep_legal (gboolean ok, gboolean keep_endless, const KielaSowResult *r, guint count, KielaMove moves[KIELA_MAX_MOVES],
            gboolean endless[KIELA_MAX_MOVES], guint32 drops[KIELA_MAX_MOVES], guint16 captured[KIELA_MAX_MOVES])
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

/*
 * Legal moves on the compact board, for one width and rule set when the
 * caller fixes them: each candidate is sown on a copy of just the bytes that
 * matter (80 for ten files, against 164 for a KielaPosition).
 */
static inline __attribute__((always_inline)) guint
packed_legal_impl (const KielaVariant *v, const KielaPacked *p, KielaMove moves[KIELA_MAX_MOVES],
                   KielaPacked children[KIELA_MAX_MOVES], gboolean endless[KIELA_MAX_MOVES],
                   guint32 drops[KIELA_MAX_MOVES], guint16 captured[KIELA_MAX_MOVES],
                   const guint files, const guint lanes,
                   const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate,
                   const KielaRelayRule relay_rule)
{
  KielaMove cand[KIELA_MAX_MOVES];
  const guint n_cand = packed_candidates_impl (v, p, cand, files, lanes);
  const guint32 limit = lap_limit_of (v);
  const gboolean keep_endless = v->endless_policy != KIELA_ENDLESS_ILLEGAL;
  KielaPacked scratch;
  guint count = 0;

  for (guint i = 0; i < n_cand; i++)
    {
      KielaPacked *child = children ? &children[count] : &scratch;
      KielaSowResult r;
      gboolean ok;

      __builtin_memcpy (child, p, 16 + 32 * lanes);
      ok = packed_sow_core (child, cand[i], &r, files, lanes, limit, capture_rule, captured_fate, relay_rule);
      count = keep_legal (ok, keep_endless, &r, count, moves, endless, drops, captured);
    }
  return count;
}

#define KIELA_RULES KIELA_CAPTURE_OCCUPIED_INNER, KIELA_CAPTURED_SOW_AFTER_CAPTOR, KIELA_RELAY_OCCUPIED

/* Kiela's rules on its ten files: the case the AI, the puzzles and the lab live in. */
static guint
packed_legal_kiela10 (const KielaVariant *v, const KielaPacked *p, KielaMove *moves, KielaPacked *children,
                      gboolean *endless, guint32 *drops, guint16 *captured)
{
  return packed_legal_impl (v, p, moves, children, endless, drops, captured, 10, 2, KIELA_RULES);
}

#define PACKED_LEGAL_GENERIC(LANES)                                                                    \
  static guint                                                                                         \
  packed_legal_generic##LANES (const KielaVariant *v, const KielaPacked *p, KielaMove *moves,          \
                               KielaPacked *children, gboolean *endless, guint32 *drops,               \
                               guint16 *captured)                                                      \
  {                                                                                                    \
    return packed_legal_impl (v, p, moves, children, endless, drops, captured, v->files, LANES,       \
                              v->capture_rule, v->captured_fate, v->relay_rule);                       \
  }
PACKED_LEGAL_GENERIC (1)
PACKED_LEGAL_GENERIC (2)
PACKED_LEGAL_GENERIC (3)

guint
kiela_packed_legal_moves (const KielaVariant *variant, const KielaPacked *packed,
                          KielaMove moves[KIELA_MAX_MOVES], KielaPacked children[KIELA_MAX_MOVES],
                          gboolean endless[KIELA_MAX_MOVES], guint32 drops[KIELA_MAX_MOVES],
                          guint16 captured[KIELA_MAX_MOVES])
{
  switch (packed->stride)
    {
    case 16:
      return packed_legal_generic1 (variant, packed, moves, children, endless, drops, captured);
    case 32:
      if (packed->files == 10 && is_kiela_rules (variant))
        return packed_legal_kiela10 (variant, packed, moves, children, endless, drops, captured);
      return packed_legal_generic2 (variant, packed, moves, children, endless, drops, captured);
    default:
      return packed_legal_generic3 (variant, packed, moves, children, endless, drops, captured);
    }
}

gboolean
kiela_packed_sow (const KielaVariant *variant, KielaPacked *packed, KielaMove move, KielaSowResult *result)
{
  const guint32 limit = lap_limit_of (variant);

  switch (packed->stride)
    {
    case 16:
      return packed_sow_core (packed, move, result, variant->files, 1, limit,
                              variant->capture_rule, variant->captured_fate, variant->relay_rule);
    case 32:
      if (packed->files == 10 && is_kiela_rules (variant))
        return packed_sow_core (packed, move, result, 10, 2, limit, KIELA_RULES);
      return packed_sow_core (packed, move, result, variant->files, 2, limit,
                              variant->capture_rule, variant->captured_fate, variant->relay_rule);
    default:
      return packed_sow_core (packed, move, result, variant->files, 3, limit,
                              variant->capture_rule, variant->captured_fate, variant->relay_rule);
    }
}

guint
kiela_packed_candidates (const KielaVariant *variant, const KielaPacked *packed, KielaMove moves[KIELA_MAX_MOVES])
{
  if (packed->files == 10)
    return packed_candidates_impl (variant, packed, moves, 10, 2);
  return packed_candidates_impl (variant, packed, moves, packed->files, packed->stride / 16);
}

/* ---- perft on the compact board ---- */

/*
 * Whether sowing house h certainly ends on its first lap: fewer stones than
 * houses, the last of them dropped into an empty house (never h itself then).
 * Under rules where landing in an empty house ends the move, perft counts such
 * a leaf move without copying or sowing a board; most leaf moves are such.
 */
static inline __attribute__((always_inline)) gboolean
ends_on_first_lap (const guint8 *my, guint h, const guint n)
{
  const guint k = my[h];
  const guint last = h + k >= n ? h + k - n : h + k;

  return k < n && my[last] == 0;
}

/*
 * What a look at the first laps of a leaf move learnt of the moves it could
 * not decide, by house: the house each of the first three laps ended in,
 * the hands of the second and third (0 when it was not looked at), whether
 * the first and second captured, and after how many laps (2 or 3; 0 for none)
 * the sowing may resume from them.
 */
typedef struct {
  guint8 end1[32] __attribute__ ((aligned (16)));
  guint8 end2[32] __attribute__ ((aligned (16)));
  guint8 end3[32] __attribute__ ((aligned (16)));
  guint8 hand2[32] __attribute__ ((aligned (16)));
  guint8 hand3[32] __attribute__ ((aligned (16)));
  guint8 capture1[32] __attribute__ ((aligned (16)));
  guint8 capture2[32] __attribute__ ((aligned (16)));
  guint8 laps[32] __attribute__ ((aligned (16)));
} KielaLeafLook;

/*
 * The same under Kiela's own rules, looking one lap further: the second lap
 * starts from where the first ended (a relay lifts that house, a capture sows
 * what it took from the house after it), and the house it ends in held, after
 * the first lap, its stones plus one if the first lap passed it, or none if it
 * is the house the move was lifted from.  More than half of the leaf moves of
 * a perft from the start are decided within two laps; for the others `look`
 * says where the two laps went, so that sowing need not repeat them.  (The
 * vector look below goes one lap further still.)
 */
static inline __attribute__((always_inline)) gboolean
kiela_ends_within_two_laps (const guint8 *my, const guint8 *op, guint h, const guint files, const guint32 limit,
                            KielaLeafLook *look)
{
  /* Written without branches, though the compiler may bring some back:
   * whether a leaf ends early is as random as a coin.  Hands of a lap or more
   * are not decided here; they read house h + 0 instead. */
  const guint n = 2 * files;
  const guint k = my[h];
  const gboolean short1 = k < n;
  const guint k1 = short1 ? k : 0;
  const guint last = h + k1 >= n ? h + k1 - n : h + k1;
  const guint m = my[last];
  const gboolean inner = last >= files;
  const guint fi = inner ? 3 * files - 1 - last : 0;
  const guint fo = inner ? last - files : 0;
  const guint opfi = op[fi];
  const gboolean capture = inner & (opfi > 0);
  const guint hand = capture ? opfi + op[fo] : m + 1u;
  const gboolean short2 = hand < n;
  const guint k2 = short2 ? hand : 0;
  const guint last2 = last + k2 >= n ? last + k2 - n : last + k2;
  guint passed = last2 + n - h - 1;     /* houses from h + 1 to last2 */
  gboolean second;

  if (passed >= n)
    passed -= n;
  second = (last2 == h) | ((my[last2] == 0) & (passed >= k));
  look->end1[h] = (guint8) last;
  look->end2[h] = look->end3[h] = (guint8) last2;
  look->hand2[h] = (guint8) k2;
  look->hand3[h] = 0;
  look->capture1[h] = (guint8) capture;
  look->capture2[h] = 0;
  look->laps[h] = (guint8) (2 * (short1 & short2 & (limit >= 2)));
  return short1 & ((m == 0) | (short2 & (limit >= 2) & second));
}

/*
 * The look at the first laps of a leaf's candidate moves under Kiela's rules:
 * the number of candidates, and in `rest` the houses of those the look could
 * not decide.
 */
static inline __attribute__((always_inline)) guint
kiela_leaf_look (const KielaVariant *v, const KielaPacked *p, const guint files, const guint lanes,
                 const guint32 limit, KielaLeafLook *look, guint32 *rest)
{
  KielaMove cand[KIELA_MAX_MOVES];
  const guint n_cand = packed_candidates_impl (v, p, cand, files, lanes);
  const guint8 *my = p->b + p->to_move * 16 * lanes;
  const guint8 *op = p->b + (1 - p->to_move) * 16 * lanes;
  guint32 undecided = 0;

  for (guint i = 0; i < n_cand; i++)
    undecided |= (guint32) !kiela_ends_within_two_laps (my, op, cand[i], files, limit, look) << cand[i];
  *rest = undecided;
  return n_cand;
}

/* Whether the vector look below may be used: the processor has SSSE3 and POPCNT (tests switch it off). */
static gboolean use_vector_look;

#if (defined (__x86_64__) || defined (__i386__)) && (defined (__GNUC__) || defined (__clang__))
#include <immintrin.h>
#define KIELA_HAVE_VECTOR_LOOK 1
#define KIELA_SSSE3 __attribute__ ((target ("ssse3,popcnt")))

/* t[idx] in every lane, for idx < 32 and t the 32 bytes t0, t1: a shuffle reads
 * the low four bits of an index and gives zero where its top bit is set. */
static inline __attribute__((always_inline)) KIELA_SSSE3 __m128i
lookup32 (__m128i t0, __m128i t1, __m128i idx)
{
  const __m128i a = _mm_add_epi8 (idx, _mm_set1_epi8 (0x70));

  return _mm_or_si128 (_mm_shuffle_epi8 (t0, a), _mm_shuffle_epi8 (t1, _mm_xor_si128 (a, _mm_set1_epi8 ((char) 0x80))));
}

/* Unsigned byte comparisons: 0xff where a >= b. */
static inline __attribute__((always_inline)) KIELA_SSSE3 __m128i
ge_u8 (__m128i a, __m128i b)
{
  return _mm_cmpeq_epi8 (_mm_max_epu8 (a, b), a);
}

/* a mod n for a < 2 n. */
static inline __attribute__((always_inline)) KIELA_SSSE3 __m128i
wrap_u8 (__m128i a, __m128i n)
{
  return _mm_sub_epi8 (a, _mm_and_si128 (ge_u8 (a, n), n));
}

/*
 * kiela_leaf_look for all of the mover's houses at once, sixteen to a
 * vector, with table lookups by byte shuffles, and looking at a third lap
 * too, on a board whose sides take 32 bytes (9 to 16 files; perft uses it
 * for Kiela's ten).  Houses holding min_sow stones or more are the candidates; when there
 * are none it returns 0 and the caller asks kiela_leaf_look (the rules may
 * allow single stones then).  The third lap is sown from where the second
 * ended, with the stones of that house (the first lap's stone and the
 * second's added: the second ended in neither h nor the first lap's house)
 * or the ones it captured (the first lap's capture emptied another file),
 * and ends in an empty house: one the move was lifted from or relayed from,
 * or an empty one neither lap passed.
 */
static KIELA_SSSE3 guint
kiela_leaf_look_vector (const KielaPacked *p, const guint files, const guint32 limit, const guint min_sow,
                        KielaLeafLook *look, guint32 *rest)
{
  const guint8 *myb = p->b + p->to_move * 32;
  const guint8 *opb = p->b + (1 - p->to_move) * 32;
  const __m128i m0 = _mm_loadu_si128 ((const __m128i *) myb), m1 = _mm_loadu_si128 ((const __m128i *) (myb + 16));
  const __m128i o0 = _mm_loadu_si128 ((const __m128i *) opb), o1 = _mm_loadu_si128 ((const __m128i *) (opb + 16));
  const __m128i nv = _mm_set1_epi8 ((char) (2 * files)), fv = _mm_set1_epi8 ((char) files);
  const __m128i fiv = _mm_set1_epi8 ((char) (3 * files - 1)), n1 = _mm_set1_epi8 ((char) (2 * files - 1));
  const __m128i zero = _mm_setzero_si128 (), one = _mm_set1_epi8 (1), all = _mm_set1_epi8 ((char) 0xff);
  const __m128i lim2 = limit >= 2 ? all : zero, lim3 = limit >= 3 ? all : zero;
  const __m128i min_sow_v = _mm_set1_epi8 ((char) min_sow);
  guint32 ends = 0, cand = 0;

  for (guint v = 0; v < 2; v++)
    {
      const __m128i h = _mm_add_epi8 (_mm_setr_epi8 (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                      _mm_set1_epi8 ((char) (16 * v)));
      /* Lap 1: k stones from h, ending in `last` (which held m). */
      const __m128i k = v ? m1 : m0;
      const __m128i short1 = _mm_andnot_si128 (ge_u8 (k, nv), all);
      const __m128i last = wrap_u8 (_mm_add_epi8 (h, _mm_and_si128 (k, short1)), nv);
      const __m128i m = lookup32 (m0, m1, last);
      const __m128i inner = ge_u8 (last, fv);
      const __m128i opfi = lookup32 (o0, o1, _mm_and_si128 (_mm_sub_epi8 (fiv, last), inner));
      const __m128i opfo = lookup32 (o0, o1, _mm_and_si128 (_mm_sub_epi8 (last, fv), inner));
      const __m128i capture = _mm_andnot_si128 (_mm_cmpeq_epi8 (opfi, zero), inner);
      /* Lap 2: k2 stones from last, ending in last2 (which held m2). */
      const __m128i hand = _mm_or_si128 (_mm_and_si128 (capture, _mm_add_epi8 (opfi, opfo)),
                                         _mm_andnot_si128 (capture, _mm_add_epi8 (m, one)));
      const __m128i short2 = _mm_andnot_si128 (ge_u8 (hand, nv), lim2);
      const __m128i k2 = _mm_and_si128 (hand, short2);
      const __m128i last2 = wrap_u8 (_mm_add_epi8 (last, k2), nv);
      const __m128i m2 = lookup32 (m0, m1, last2);
      /* Houses from h + 1 to last2; lanes past the board compute nonsense nobody reads. */
      const __m128i passed = wrap_u8 (_mm_add_epi8 (last2, _mm_sub_epi8 (n1, h)), nv);
      const __m128i in1 = _mm_andnot_si128 (ge_u8 (passed, k), all);   /* lap 1 passed last2 */
      const __m128i second = _mm_or_si128 (_mm_cmpeq_epi8 (last2, h),
                                           _mm_andnot_si128 (in1, _mm_cmpeq_epi8 (m2, zero)));
      /* Lap 3: k3 stones from last2, ending in last3. */
      const __m128i inner2 = ge_u8 (last2, fv);
      const __m128i opfi2 = lookup32 (o0, o1, _mm_and_si128 (_mm_sub_epi8 (fiv, last2), inner2));
      const __m128i opfo2 = lookup32 (o0, o1, _mm_and_si128 (_mm_sub_epi8 (last2, fv), inner2));
      const __m128i capture2 = _mm_andnot_si128 (_mm_cmpeq_epi8 (opfi2, zero), inner2);
      const __m128i hand3 = _mm_or_si128 (_mm_and_si128 (capture2, _mm_add_epi8 (opfi2, opfo2)),
                                          _mm_andnot_si128 (capture2, _mm_add_epi8 (_mm_add_epi8 (m2, one),
                                                                                    _mm_and_si128 (in1, one))));
      const __m128i short3 = _mm_and_si128 (_mm_andnot_si128 (ge_u8 (hand3, nv), lim3), short2);
      const __m128i k3 = _mm_and_si128 (hand3, short3);
      const __m128i last3 = wrap_u8 (_mm_add_epi8 (last2, k3), nv);
      /* What last3 held after lap 2: its stones (none if h), one if lap 1
       * passed it, one if lap 2 did, or none at all if lap 2 was relayed from it. */
      const __m128i d1 = wrap_u8 (_mm_add_epi8 (last3, _mm_sub_epi8 (n1, h)), nv);
      const __m128i d2 = wrap_u8 (_mm_add_epi8 (last3, _mm_sub_epi8 (n1, last)), nv);
      const __m128i held = _mm_add_epi8 (_mm_andnot_si128 (_mm_cmpeq_epi8 (last3, h), lookup32 (m0, m1, last3)),
                                         _mm_add_epi8 (_mm_andnot_si128 (ge_u8 (d1, k), one),
                                                       _mm_andnot_si128 (ge_u8 (d2, k2), one)));
      const __m128i relayed_from = _mm_andnot_si128 (capture, _mm_cmpeq_epi8 (last3, last));
      const __m128i third = _mm_or_si128 (relayed_from, _mm_cmpeq_epi8 (held, zero));
      const __m128i end = _mm_and_si128 (short1, _mm_or_si128 (_mm_cmpeq_epi8 (m, zero),
                                                              _mm_and_si128 (short2, _mm_or_si128 (second,
                                                                               _mm_and_si128 (short3, third)))));

      _mm_store_si128 ((__m128i *) (look->end1 + 16 * v), last);
      _mm_store_si128 ((__m128i *) (look->end2 + 16 * v), last2);
      _mm_store_si128 ((__m128i *) (look->end3 + 16 * v), last3);
      _mm_store_si128 ((__m128i *) (look->hand2 + 16 * v), k2);
      _mm_store_si128 ((__m128i *) (look->hand3 + 16 * v), k3);
      _mm_store_si128 ((__m128i *) (look->capture1 + 16 * v), capture);
      _mm_store_si128 ((__m128i *) (look->capture2 + 16 * v), _mm_and_si128 (capture2, short3));
      /* 3 where short3, else 2 where short1 and short2, else 0. */
      _mm_store_si128 ((__m128i *) (look->laps + 16 * v),
                       _mm_and_si128 (_mm_and_si128 (short1, short2), _mm_sub_epi8 (_mm_set1_epi8 (2), short3)));
      ends |= (guint32) _mm_movemask_epi8 (end) << (16 * v);
      cand |= (guint32) _mm_movemask_epi8 (ge_u8 (k, min_sow_v)) << (16 * v);
    }
  cand &= (guint32) ((G_GUINT64_CONSTANT (1) << (2 * files)) - 1);
  *rest = cand & ~ends;
  return (guint) __builtin_popcount (cand);
}
#endif

gboolean
kiela_packed_set_vector_look (gboolean enable)
{
  const gboolean was = use_vector_look;

#ifdef KIELA_HAVE_VECTOR_LOOK
  __builtin_cpu_init ();
  use_vector_look = enable && __builtin_cpu_supports ("ssse3") && __builtin_cpu_supports ("popcnt");
#else
  use_vector_look = FALSE;
#endif
  return was;
}

__attribute__ ((constructor)) static void
init_vector_look (void)
{
  kiela_packed_set_vector_look (TRUE);
}

/*
 * Whether a leaf move that a look could not decide (and found resumable)
 * ends: the board after the laps it looked at is built from `look` with a
 * window row a lap (the third of no stones after two laps), and the sowing
 * goes on from the last stone of the last of them.
 */
static inline __attribute__((always_inline)) gboolean
kiela_leaf_ends_after_look (const KielaPacked *p, guint h, const KielaLeafLook *look,
                            const guint files, const guint lanes, const guint32 limit)
{
  const guint n = 2 * files;
  const guint8 *my = p->b + p->to_move * 16 * lanes;
  const guint end1 = look->end1[h], end2 = look->end2[h];
  const guint8 *row1 = windows[1][files - KIELA_MIN_FILES][my[h]];
  const guint8 *row2 = windows[!look->capture1[h]][files - KIELA_MIN_FILES][look->hand2[h]];
  const guint8 *row3 = windows[!look->capture2[h]][files - KIELA_MIN_FILES][look->hand3[h]];
  const guint start1 = h + 1 == n ? 0 : h + 1;
  const guint start2 = end1 + 1 == n ? 0 : end1 + 1;
  const guint start3 = end2 + 1 == n ? 0 : end2 + 1;
  const KielaU8x16 one = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  KielaPacked child;
  guint8 *cmy, *cop;

  __builtin_memcpy (&child, p, 16 + 32 * lanes);
  cmy = child.b + child.to_move * 16 * lanes;
  cop = child.b + (1 - child.to_move) * 16 * lanes;
  for (guint v = 0; v < lanes; v++)
    {
      KielaU8x16 cur;

      __builtin_memcpy (&cur, my + 16 * v, sizeof cur);
      cur += (window_mask (row1, n, start1, v) + window_mask (row2, n, start2, v) + window_mask (row3, n, start3, v))
             & (ge_mask (n, v) - one);
      __builtin_memcpy (cmy + 16 * v, &cur, sizeof cur);
    }
  /* A captured file's inner house stays empty for the rest of the move, so
   * its outer house is never read again: only the inner one is cleared.
   * (Outer houses map to the padding past the board, which stays zero.) */
  cop[3 * files - 1 - end1] = look->capture1[h] ? 0 : cop[3 * files - 1 - end1];
  cop[3 * files - 1 - end2] = look->capture2[h] ? 0 : cop[3 * files - 1 - end2];
  return packed_sow_from (&child, (KielaMove) h, NULL, look->end3[h], 0, NO_LIFT, look->laps[h],
                          files, lanes, limit, KIELA_RULES);
}

/*
 * Which of the leaf moves `rest` that a look left undecided never end (Kiela's
 * rules): each sown on after the laps the look saw, or from its start where
 * the look saw none.  Returns how many, their houses in `never_ends`.
 */
static inline __attribute__((always_inline)) guint
kiela_leaves_never_ending (const KielaPacked *p, guint32 rest, const KielaLeafLook *look,
                           const guint files, const guint lanes, const guint32 limit, guint32 *never_ends)
{
  guint32 mask = 0;
  guint count = 0;

  while (rest)
    {
      const guint h = (guint) __builtin_ctz (rest);
      gboolean ends;

      rest &= rest - 1;
      if (G_LIKELY (look->laps[h]))
        ends = kiela_leaf_ends_after_look (p, h, look, files, lanes, limit);
      else
        {
          KielaPacked child;

          __builtin_memcpy (&child, p, 16 + 32 * lanes);
          ends = packed_sow_core (&child, (KielaMove) h, NULL, files, lanes, limit, KIELA_RULES);
        }
      mask |= (guint32) !ends << h;
      count += !ends;
    }
  *never_ends = mask;
  return count;
}

/*
 * The legal moves of a compact board as a mask of houses, each candidate's
 * legality decided by perft's look at its first laps and the undecided ones
 * sown on from there: what a playout needs to draw a uniform legal move
 * without building every child.  Only for Kiela's rules on ten files where
 * endless moves are illegal; FALSE elsewhere (the caller lists the moves).
 */
gboolean
kiela_packed_legal_mask (const KielaVariant *variant, const KielaPacked *p, guint32 *mask)
{
  const guint files = 10, lanes = 2;
  const guint32 limit = lap_limit_of (variant);
  KielaLeafLook look;
  guint32 rest = 0, legal = 0, never_ends;
  guint n_cand = 0;

  if (p->files != files || p->stride != 32 || !is_kiela_rules (variant) ||
      variant->endless_policy != KIELA_ENDLESS_ILLEGAL)
    return FALSE;
#ifdef KIELA_HAVE_VECTOR_LOOK
  if (use_vector_look)
    {
      const guint8 *my = p->b + p->to_move * 32;
      const guint min_sow = variant->min_sow ? variant->min_sow : 1;

      n_cand = kiela_leaf_look_vector (p, files, limit, min_sow, &look, &rest);
      if (n_cand)
        for (guint h = 0; h < 2 * files; h++)
          legal |= (guint32) (my[h] >= min_sow) << h;
    }
#endif
  if (n_cand == 0)
    {
      KielaMove cand[KIELA_MAX_MOVES];

      n_cand = packed_candidates_impl (variant, p, cand, files, lanes);
      for (guint i = 0; i < n_cand; i++)
        legal |= (guint32) 1 << cand[i];
      kiela_leaf_look (variant, p, files, lanes, limit, &look, &rest);
    }
  kiela_leaves_never_ending (p, rest, &look, files, lanes, limit, &never_ends);
  *mask = legal & ~never_ends;
  return TRUE;
}

typedef guint64 (*PackedPerftFunc) (const KielaVariant *v, const KielaPacked *p, guint depth);

/*
 * Perft counts positions only: children are sown into one board on the stack
 * and searched at once, with no hashing, repetition, move list or sowing
 * statistics; leaves are counted without building them where the first lap
 * decides (ends_on_first_lap), or without sowing at all where endless moves
 * are legal.  `self` is the instantiation for the same width and rules.
 */
static inline __attribute__((always_inline)) guint64
packed_perft_impl (const KielaVariant *v, const KielaPacked *p, guint depth, PackedPerftFunc self,
                   const guint files, const guint lanes,
                   const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate,
                   const KielaRelayRule relay_rule)
{
  KielaMove cand[KIELA_MAX_MOVES];
  const guint n = 2 * files;
  const guint32 limit = lap_limit_of (v);
  const gboolean keep_endless = v->endless_policy != KIELA_ENDLESS_ILLEGAL;
  const gboolean empty_ends = capture_rule != KIELA_CAPTURE_EMPTY_INNER || captured_fate == KIELA_CAPTURED_REMOVED;
  const guint8 *my = p->b + p->to_move * 16 * lanes;
  const gboolean is_kiela_rules = capture_rule == KIELA_CAPTURE_OCCUPIED_INNER &&
                                  captured_fate == KIELA_CAPTURED_SOW_AFTER_CAPTOR && relay_rule == KIELA_RELAY_OCCUPIED;
  guint n_cand;
  guint64 total = 0;

  if (depth == 1 && !keep_endless && is_kiela_rules && files == 10)
    {
      /* First a look at every candidate's first laps, then the ones it did
       * not decide sown on from there: two loops whose branches the
       * processor can predict. */
      KielaLeafLook look;
      guint32 rest = 0;

      n_cand = 0;
#ifdef KIELA_HAVE_VECTOR_LOOK
      if (use_vector_look)
        n_cand = kiela_leaf_look_vector (p, files, limit, v->min_sow ? v->min_sow : 1, &look, &rest);
#endif
      if (n_cand == 0)
        n_cand = kiela_leaf_look (v, p, files, lanes, limit, &look, &rest);
      return n_cand - kiela_leaves_never_ending (p, rest, &look, files, lanes, limit, &rest);
    }

  n_cand = packed_candidates_impl (v, p, cand, files, lanes);
  if (depth == 1)
    {
      if (keep_endless)
        return n_cand;
      for (guint i = 0; i < n_cand; i++)
        {
          KielaPacked child;

          if (empty_ends && ends_on_first_lap (my, cand[i], n))
            {
              total++;
              continue;
            }
          __builtin_memcpy (&child, p, 16 + 32 * lanes);
          total += packed_sow_core (&child, cand[i], NULL, files, lanes, limit, capture_rule, captured_fate, relay_rule);
        }
      return total;
    }
  for (guint i = 0; i < n_cand; i++)
    {
      KielaPacked child;

      __builtin_memcpy (&child, p, 16 + 32 * lanes);
      if (packed_sow_core (&child, cand[i], NULL, files, lanes, limit, capture_rule, captured_fate, relay_rule))
        total += self (v, &child, depth - 1);
    }
  return total;
}

static guint64
packed_perft_kiela10 (const KielaVariant *v, const KielaPacked *p, guint depth)
{
  return packed_perft_impl (v, p, depth, packed_perft_kiela10, 10, 2, KIELA_RULES);
}

#define PACKED_PERFT_GENERIC(LANES)                                                                    \
  static guint64                                                                                       \
  packed_perft_generic##LANES (const KielaVariant *v, const KielaPacked *p, guint depth)              \
  {                                                                                                    \
    return packed_perft_impl (v, p, depth, packed_perft_generic##LANES, v->files, LANES,              \
                              v->capture_rule, v->captured_fate, v->relay_rule);                       \
  }
PACKED_PERFT_GENERIC (1)
PACKED_PERFT_GENERIC (2)
PACKED_PERFT_GENERIC (3)

guint64
kiela_packed_perft (const KielaVariant *variant, const KielaPacked *packed, guint depth)
{
  if (depth == 0)
    return 1;
  switch (packed->stride)
    {
    case 16:
      return packed_perft_generic1 (variant, packed, depth);
    case 32:
      if (packed->files == 10 && is_kiela_rules (variant))
        return packed_perft_kiela10 (variant, packed, depth);
      return packed_perft_generic2 (variant, packed, depth);
    default:
      return packed_perft_generic3 (variant, packed, depth);
    }
}

guint
kiela_candidate_moves (const KielaVariant *variant, const KielaPosition *pos, KielaMove moves[KIELA_MAX_MOVES])
{
  return candidates_of (variant, NULL, pos->houses[pos->to_move], 2u * variant->files, moves);
}

guint
kiela_legal_moves_captured (const KielaVariant *variant, const KielaPosition *pos,
                            KielaMove moves[KIELA_MAX_MOVES],
                            KielaPosition children[KIELA_MAX_MOVES],
                            gboolean endless[KIELA_MAX_MOVES],
                            guint32 drops[KIELA_MAX_MOVES],
                            guint16 captured[KIELA_MAX_MOVES])
{
  KielaMove cand[KIELA_MAX_MOVES];
  guint n_cand;
  guint count = 0;
  KielaPosition scratch;
  KielaPacked packed;
  gboolean (*sow) (const KielaVariant *, KielaPosition *, KielaMove, KielaSowResult *);

  /* Most positions fit a byte per house: sow those on the compact board. */
  if (kiela_packed_from_position (variant, pos, &packed))
    {
      KielaPacked packed_children[KIELA_MAX_MOVES];

      count = kiela_packed_legal_moves (variant, &packed, moves, children ? packed_children : NULL,
                                        endless, drops, captured);
      if (children)
        for (guint i = 0; i < count; i++)
          kiela_packed_to_position (&packed_children[i], &children[i]);
      return count;
    }

  n_cand = kiela_candidate_moves (variant, pos, cand);
  sow = is_kiela_rules (variant) ? sow_kiela_rules : sow_generic;
  for (guint i = 0; i < n_cand; i++)
    {
      KielaPosition *child = children ? &children[count] : &scratch;
      KielaSowResult r;
      gboolean ok;

      *child = *pos;
      ok = sow (variant, child, cand[i], &r);
      count = keep_legal (ok, variant->endless_policy != KIELA_ENDLESS_ILLEGAL, &r, count, moves, endless, drops,
                          captured);
    }
  return count;
}

guint
kiela_legal_moves_ex (const KielaVariant *variant, const KielaPosition *pos,
                      KielaMove moves[KIELA_MAX_MOVES],
                      KielaPosition children[KIELA_MAX_MOVES],
                      gboolean endless[KIELA_MAX_MOVES],
                      guint32 drops[KIELA_MAX_MOVES])
{
  return kiela_legal_moves_captured (variant, pos, moves, children, endless, drops, NULL);
}

guint
kiela_legal_moves (const KielaVariant *variant, const KielaPosition *pos,
                   KielaMove moves[KIELA_MAX_MOVES],
                   KielaPosition children[KIELA_MAX_MOVES],
                   gboolean endless[KIELA_MAX_MOVES])
{
  return kiela_legal_moves_ex (variant, pos, moves, children, endless, NULL);
}

char *
kiela_explain_illegal (const KielaVariant *variant, const KielaPosition *pos, KielaMove move)
{
  const guint n = 2u * variant->files;
  const guint min_sow = variant->min_sow ? variant->min_sow : 1;
  const guint16 *my;
  char sq[4];
  KielaMove cand[KIELA_MAX_MOVES];
  guint n_cand;
  gboolean is_candidate = FALSE;
  KielaPosition child;

  if (move < 0 || (guint) move >= n)
    return g_strdup_printf (_("House %d does not exist on this board."), move);

  my = pos->houses[pos->to_move];
  kiela_square_name (variant->files, (KielaSide) pos->to_move, (guint) move, sq);

  n_cand = kiela_candidate_moves (variant, pos, cand);
  for (guint i = 0; i < n_cand; i++)
    if (cand[i] == move)
      is_candidate = TRUE;

  if (!is_candidate)
    {
      if (my[move] == 0)
        return g_strdup_printf (_("%s is empty: there is nothing to sow."), sq);
      if (my[move] < min_sow)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%s holds %u stone: %s needs at least %u.",
                                             "%s holds %u stones: %s needs at least %u.", my[move]),
                                sq, (guint) my[move], kiela_variant_get_name (variant), min_sow);
      if (variant->singles_when_blocked && my[move] == 1)
        return g_strdup_printf (_("%s holds a single stone: a single may be sown only when no house holds "
                                  "%u or more, and only into an empty house."), sq, min_sow);
      return g_strdup_printf (_("%s may not be sown now."), sq);
    }

  child = *pos;
  if (!kiela_sow_fast (variant, &child, move, NULL) && variant->endless_policy == KIELA_ENDLESS_ILLEGAL)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Sowing from %s never ends: it is still going after %u lap, "
                                         "so it is not a legal move.",
                                         "Sowing from %s never ends: it is still going after %u laps, "
                                         "so it is not a legal move.", variant->lap_limit),
                            sq, variant->lap_limit);
  return NULL;
}

char *
kiela_explain_house (const KielaVariant *variant, const KielaPosition *pos, KielaSide side, guint house)
{
  if (house >= 2u * variant->files)
    return g_strdup_printf (_("House %u does not exist on this board."), house);
  if (side != pos->to_move)
    {
      char sq[4];

      kiela_square_name (variant->files, side, house, sq);
      return g_strdup_printf (side == KIELA_NORTH ? _("%s belongs to North: it is South’s turn.")
                                                  : _("%s belongs to South: it is North’s turn."), sq);
    }
  return kiela_explain_illegal (variant, pos, (KielaMove) house);
}
