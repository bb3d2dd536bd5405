/* kiela-sow.c: one move on a position's 16-bit houses, fast or traced for teaching, and legal moves. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-sow-body.h"
#include "kiela-position.h"
#include "kiela-registry.h"
#include "kiela-catalogue-i18n.h"

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
        case KIELA_EVENT_EXTRA_CAPTURE:
          if (e->house2 < KIELA_MAX_HOUSES)
            pos.houses[e->side2][e->house2] = 0;
          in_hand = e->hand;
          break;
        case KIELA_EVENT_REMOVE:
          in_hand = 0;
          break;
        case KIELA_EVENT_ENTER:
          in_hand = e->count;
          break;
        case KIELA_EVENT_END:
          /* Nothing is left in hand: an endless move that stops after a
           * capture puts the stones back into the capturing house (in `after`). */
          in_hand = 0;
          break;
        case KIELA_EVENT_RELAY:
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

/* ---- Sowing with directions (KielaReverseRule) and the both-ends win ----
 *
 * Variants with either take this plain path, stone by stone, rather than the branch-free
 * body: it is the same algorithm (sections 6-8) with a direction per lap, and keeping it
 * apart leaves the body, and so Kiela's own speed, untouched.  Such variants never use the
 * compact board (kiela_packed_from_position refuses them). */

static inline guint
step_house (guint h, gint dir, guint n)
{
  return dir > 0 ? (h + 1 == n ? 0 : h + 1) : (h == 0 ? n - 1 : h - 1);
}

/* Whether a lap of `hand` stones sown after house h in direction dir, lifting house `lift`
 * first (KIELA_NO_LIFT: none), ends with a capture; the board is not changed. */
static gboolean
lap_would_capture (const KielaVariant *v, const guint16 *my, const guint16 *op, guint h, guint hand, guint lift,
                   gint dir)
{
  const guint files = v->files, n = 2u * files;
  guint16 tmp[KIELA_MAX_HOUSES];
  guint last = h;

  if (hand == 0)
    return FALSE;
  memcpy (tmp, my, sizeof tmp);
  if (lift != KIELA_NO_LIFT)
    tmp[lift] = 0;
  for (guint k = 0; k < hand; k++)
    {
      last = step_house (last, dir, n);
      tmp[last]++;
    }
  if (last < files)
    return FALSE;
  return capture_triggered (v->capture_rule, tmp[last] == 1, op[3 * files - 1 - last], op[last - files]);
}

gboolean
kiela_reverse_allowed (const KielaVariant *v, const KielaPosition *pos, guint house)
{
  const guint16 *my = pos->houses[pos->to_move], *op = pos->houses[KIELA_OTHER_SIDE (pos->to_move)];

  if (v->reverse == NULL || house >= 2u * v->files || !(v->reverse->houses & (G_GUINT64_CONSTANT (1) << house)) ||
      my[house] < MAX (1, v->min_sow))
    return FALSE;
  return v->reverse->when == KIELA_REVERSE_ALWAYS || lap_would_capture (v, my, op, house, my[house], house, -1);
}

gboolean
kiela_in_house_allowed (const KielaVariant *v, const KielaPosition *pos)
{
  return (v->flags & KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE) &&
         (pos->first_move_owed & KIELA_POSITION_IN_HOUSE_OWED (pos->to_move)) &&
         pos->houses[pos->to_move][0] >= 2;
}

static void
push_lift (KielaTrace *trace, KielaEventType type, guint side, guint house, guint count, guint lap, gint dir,
           guint choice)
{
  KielaEvent *e;

  push_event (trace, type, side, house, count, count, lap);
  e = &g_array_index (trace->events, KielaEvent, trace->events->len - 1);
  e->reason = dir < 0;
  e->choice = (guint8) choice;
}

/* Whether the variant leaves some turn after the first lap to the player. */
static inline gboolean
has_choices (const KielaReverseRule *rev)
{
  return rev && (rev->captured == KIELA_REVERSE_CAPTURED_CHOICE || rev->relay == KIELA_REVERSE_RELAY_CHOICE);
}

/* An optional turn met by the move: taken (1) unless the move declines it (2); `k` counts
 * the turns met. */
static inline guint
decide (KielaMove move, guint *k)
{
  const guint i = (*k)++;

  return i < KIELA_MOVE_MAX_DECISIONS && (KIELA_MOVE_DECISIONS (move) >> i) & 1u ? 2u : 1u;
}

/* `n_choices` (may be NULL) receives the number of optional turns the move met. */
static gboolean
sow_directed (const KielaVariant *v, KielaPosition *pos, KielaMove move, KielaSowResult *res, KielaTrace *trace,
              guint *n_choices)
{
  const KielaSide side = (KielaSide) pos->to_move;
  const guint files = v->files, n = 2u * files;
  const guint32 limit = kiela_lap_limit_of (v);
  const KielaReverseRule *rev = v->reverse;
  guint16 *my = pos->houses[side], *op = pos->houses[KIELA_OTHER_SIDE (side)];
  guint h = KIELA_MOVE_HOUSE (move), lap_start = h, lift = h, hand = my[h], last = h, ends = 0;
  gint dir = KIELA_MOVE_IS_CLOCKWISE (move) ? -1 : 1;

  /* The skip of a threatened single (KIELA_VARIANT_FLAG_SINGLE_SKIP): the stone is lifted and
   * dropped into the mover's own house the move names, and the move ends there (an empty outer
   * house).  Only the move list decides whether it may be made. */
  if (G_UNLIKELY (KIELA_MOVE_IS_SKIP (move)))
    {
      const guint to = KIELA_MOVE_HAS_TARGET (move) ? KIELA_MOVE_TARGET (move) : n;

      if (to >= n || my[h] == 0)
        {
          if (res)
            fill_result (res, move, side, 1, 0, 0, 0, KIELA_END_EMPTY_HOUSE, h);
          return TRUE;
        }
      if (trace)
        push_lift (trace, KIELA_EVENT_LIFT, side, h, my[h], 1, 1, 0);
      my[to] += my[h];
      if (trace)
        {
          KielaEvent e = { 0 };

          e.type = KIELA_EVENT_DROP; e.side = (guint8) side; e.house = (guint8) to;
          e.count = my[to]; e.hand = 0; e.lap = 1;
          g_array_append_val (trace->events, e);
        }
      hand = my[h];
      my[h] = 0;
      if (res)
        fill_result (res, move, side, 1, hand, 0, 0, KIELA_END_EMPTY_HOUSE, to);
      if (trace)
        {
          KielaEvent e = { 0 };

          e.type = KIELA_EVENT_END; e.side = (guint8) side; e.house = (guint8) to;
          e.count = my[to]; e.lap = 1; e.reason = (guint8) KIELA_END_EMPTY_HOUSE;
          g_array_append_val (trace->events, e);
        }
      if (n_choices)
        *n_choices = 0;
      return TRUE;
    }
  /* The in-house first sowing: its first stone goes back into the house it was lifted from. */
  if (KIELA_MOVE_IS_IN_HOUSE (move))
    h = step_house (h, -dir, n);
  guint32 lap = 1, drops = 0;
  guint captures = 0, captured_total = 0, choices = 0, choice = 0;
  KielaEndReason end;

  for (;;)
    {
      guint count_last, fi = 0, fo = 0, opfi = 0, opfo = 0, c = 0;
      gboolean was_empty, inner, capture;

      if (lift != KIELA_NO_LIFT)
        {
          if (trace)
            push_lift (trace, KIELA_EVENT_LIFT, side, lift, hand, lap, dir, choice);
          my[lift] = 0;
        }
      drops += hand;
      last = h;
      for (guint left = hand; left > 0; left--)
        {
          last = step_house (last, dir, n);
          my[last]++;
          if (trace)
            {
              KielaEvent e = { 0 };

              e.type = KIELA_EVENT_DROP; e.side = (guint8) side; e.house = (guint8) last;
              e.count = my[last]; e.hand = (guint16) (left - 1); e.lap = lap;
              g_array_append_val (trace->events, e);
            }
        }
      count_last = my[last];
      was_empty = count_last == 1;
      inner = last >= files;
      if (inner)
        {
          fi = 3 * files - 1 - last;
          fo = last - files;
          opfi = op[fi];
          opfo = op[fo];
        }
      capture = inner && capture_triggered (v->capture_rule, was_empty, opfi, opfo);
      if (capture)
        {
          const guint file = kiela_house_file (files, side, last);

          c = opfi + opfo;
          if (trace)
            {
              KielaEvent e = { 0 };
              e.type = KIELA_EVENT_CAPTURE; e.side = (guint8) side; e.house = (guint8) last;
              e.count = (guint16) count_last; e.lap = lap; e.hand = (guint16) c;
              e.side2 = (guint8) KIELA_OTHER_SIDE (side); e.house2 = (guint8) fi; e.house3 = (guint8) fo;
              e.count2 = (guint16) opfi; e.count3 = (guint16) opfo;
              g_array_append_val (trace->events, e);
            }
          op[fi] = 0;
          op[fo] = 0;
          captures++;
          captured_total += c;
          ends |= (file == 0 ? 1u : 0u) | (file == files - 1 ? 2u : 0u);
          if ((v->flags & KIELA_VARIANT_FLAG_WIN_BOTH_ENDS) && ends == 3u)
            {
              /* The game is won: the captured stones stay with the capturing house. */
              my[last] += (guint16) c;
              end = KIELA_END_BOTH_ENDS;
              break;
            }
        }
      if (lap_ends_move (capture, was_empty, v->captured_fate, v->relay_rule))
        {
          end = v->captured_fate == KIELA_CAPTURED_REMOVED && capture ? KIELA_END_CAPTURE_REMOVED
              : v->relay_rule == KIELA_RELAY_NEVER && !was_empty ? KIELA_END_NO_RELAY
              : KIELA_END_EMPTY_HOUSE;
          if (trace && capture)
            push_event (trace, KIELA_EVENT_REMOVE, side, last, c, 0, lap);
          break;
        }
      if (lap >= limit)
        {
          my[last] += (guint16) c;
          end = KIELA_END_ENDLESS;
          break;
        }
      lap++;
      if (capture)
        {
          gint next = 1;

          /* The captured stones' direction.  KEEP: that of the capturing lap; WHEN_CAPTURES:
           * clockwise when they are sown from one of the reverse houses and that lap captures;
           * else the usual way. */
          choice = 0;
          if (rev && rev->captured == KIELA_REVERSE_CAPTURED_KEEP)
            next = dir;
          else if (rev && (rev->captured == KIELA_REVERSE_CAPTURED_WHEN_CAPTURES ||
                           rev->captured == KIELA_REVERSE_CAPTURED_CHOICE))
            {
              const guint from = v->captured_fate == KIELA_CAPTURED_SOW_AFTER_CAPTOR ? last : lap_start;
              const guint after = v->captured_fate == KIELA_CAPTURED_SOW_AFTER_CAPTOR ? last
                                : v->captured_fate == KIELA_CAPTURED_SOW_FROM_LAP_START ? step_house (lap_start, 1, n)
                                : lap_start;

              if ((rev->houses & (G_GUINT64_CONSTANT (1) << from)) &&
                  lap_would_capture (v, my, op, after, c, KIELA_NO_LIFT, -1))
                {
                  /* CHOICE: the player's turn to take or decline. */
                  if (rev->captured == KIELA_REVERSE_CAPTURED_CHOICE)
                    choice = decide (move, &choices);
                  next = choice == 2 ? 1 : -1;
                }
            }
          dir = next;
          hand = c;
          lift = KIELA_NO_LIFT;
          /* The house after which they go, in their direction (section 7 and the variants). */
          if (v->captured_fate == KIELA_CAPTURED_SOW_AFTER_CAPTOR)
            h = last;
          else if (v->captured_fate == KIELA_CAPTURED_SOW_FROM_LAP_START)
            h = step_house (lap_start, -dir, n);
          else
            h = lap_start;
          if (trace)
            push_lift (trace, KIELA_EVENT_ENTER, side, step_house (h, dir, n), c, lap, dir, choice);
          choice = 0;
        }
      else
        {
          if (trace)
            {
              KielaRelayReason why = !inner ? KIELA_RELAY_OUTER
                                   : opfi == 0 ? KIELA_RELAY_INNER_FACING_EMPTY
                                   : KIELA_RELAY_INNER_NO_CAPTURE;
              push_event (trace, KIELA_EVENT_RELAY, side, last, count_last, 0, lap - 1);
              g_array_index (trace->events, KielaEvent, trace->events->len - 1).reason = (guint8) why;
            }
          /* A relay lap from one of the reverse houses may turn clockwise to capture: always
           * (WHEN_CAPTURES) or as the player decides (CHOICE). */
          if (dir > 0 && rev && (rev->relay == KIELA_REVERSE_RELAY_WHEN_CAPTURES ||
                                 rev->relay == KIELA_REVERSE_RELAY_CHOICE) &&
              (rev->houses & (G_GUINT64_CONSTANT (1) << last)) &&
              lap_would_capture (v, my, op, last, count_last, last, -1))
            {
              if (rev->relay == KIELA_REVERSE_RELAY_CHOICE)
                choice = decide (move, &choices);
              if (choice != 2)
                dir = -1;
            }
          hand = count_last;
          lift = last;
          h = lap_start = last;
        }
    }

  /* The extra capture (ExtraCapture): a move whose sowing captured also takes the opponent houses
   * it names (one, or two with ExtraCapture=2), whose stones go where captured stones go (off the
   * board: the only fate validation lets it have).  A move without a target, or naming an empty
   * house, takes nothing more there: only the legal-move list insists on them. */
  if (v->extra_capture != 0 && captures > 0 && KIELA_MOVE_HAS_TARGET (move) &&
      (end == KIELA_END_CAPTURE_REMOVED || end == KIELA_END_EMPTY_HOUSE || end == KIELA_END_NO_RELAY))
    {
      const guint targets[2] = {
        KIELA_MOVE_TARGET (move),
        v->extra_capture >= 2 && KIELA_MOVE_HAS_TARGET2 (move) ? KIELA_MOVE_TARGET2 (move) : G_MAXUINT,
      };
      guint removed = 0;
      gboolean took = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (targets); k++)
        {
          const guint t = targets[k];
          guint c;

          if (t >= n || op[t] == 0)
            continue;
          c = op[t];
          if (trace)
            {
              KielaEvent e = { 0 };

              /* Before the capture's REMOVE, which then counts these stones too: the file's and
               * the houses' stones leave the board together. */
              if (!took && trace->events->len > 0 &&
                  g_array_index (trace->events, KielaEvent, trace->events->len - 1).type == KIELA_EVENT_REMOVE)
                {
                  removed = g_array_index (trace->events, KielaEvent, trace->events->len - 1).count;
                  g_array_set_size (trace->events, trace->events->len - 1);
                }
              removed += c;
              e.type = KIELA_EVENT_EXTRA_CAPTURE; e.side = (guint8) side; e.house = (guint8) last;
              e.lap = lap; e.hand = (guint16) removed;
              e.side2 = (guint8) KIELA_OTHER_SIDE (side); e.house2 = (guint8) t; e.house3 = KIELA_NO_HOUSE;
              e.count2 = (guint16) c;
              g_array_append_val (trace->events, e);
            }
          took = TRUE;
          op[t] = 0;
          captured_total += c;
        }
      if (trace && took)
        push_event (trace, KIELA_EVENT_REMOVE, side, last, removed, 0, lap);
    }
  if (n_choices)
    *n_choices = choices;
  if (res)
    fill_result (res, move, side, lap, drops, captures, captured_total, end, last);
  if (trace)
    {
      KielaEvent e = { 0 };
      e.type = KIELA_EVENT_END; e.side = (guint8) side; e.house = (guint8) last;
      e.count = my[last]; e.lap = lap; e.reason = (guint8) end;
      g_array_append_val (trace->events, e);
    }
  if (end == KIELA_END_BOTH_ENDS)
    pos->lost |= (guint8) (1u << KIELA_OTHER_SIDE (side));
  return end != KIELA_END_ENDLESS;
}

/* sow_body on a KielaPosition's 16-bit houses, for the rules given; switches the side to move. */
static inline __attribute__((always_inline)) gboolean
sow16 (const KielaVariant *v, KielaPosition *pos, KielaMove move, KielaSowResult *res, KielaTrace *trace,
       const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate, const KielaRelayRule relay_rule)
{
  const KielaSide side = (KielaSide) pos->to_move;
  const guint h = (guint) move;
  gboolean ok;

  if (G_UNLIKELY (kiela_variant_is_directed (v)))
    {
      ok = sow_directed (v, pos, move, res, trace, NULL);
      pos->to_move = (guint8) KIELA_OTHER_SIDE (side);
      pos->first_move_owed &= (guint8) ~(1u << side);
      /* The first sowing from the leftmost outer house, either way, uses the in-house option up. */
      if (KIELA_MOVE_HOUSE (move) == 0)
        pos->first_move_owed &= (guint8) ~KIELA_POSITION_IN_HOUSE_OWED (side);
      return ok;
    }
  ok = sow_body (NULL, NULL, pos->houses[side], pos->houses[KIELA_OTHER_SIDE (side)], trace, side, move, res,
                          h, pos->houses[side][h], h, 1, v->files, 0, kiela_lap_limit_of (v),
                          capture_rule, captured_fate, relay_rule);

  pos->to_move = (guint8) KIELA_OTHER_SIDE (side);
  pos->first_move_owed &= (guint8) ~(1u << side);
  return ok;
}

/* Kiela's own rules with the rule switches fixed at compile time. */
static gboolean
sow_kiela_rules (const KielaVariant *v, KielaPosition *pos, KielaMove move, KielaSowResult *res)
{
  return sow16 (v, pos, move, res, NULL, KIELA_RULES);
}

static gboolean
sow_generic (const KielaVariant *v, KielaPosition *pos, KielaMove move, KielaSowResult *res)
{
  return sow16 (v, pos, move, res, NULL, v->capture_rule, v->captured_fate, v->relay_rule);
}

gboolean
kiela_sow_fast (const KielaVariant *variant, KielaPosition *pos, KielaMove move, KielaSowResult *result)
{
  return kiela_is_kiela_rules (variant) ? sow_kiela_rules (variant, pos, move, result)
                                        : sow_generic (variant, pos, move, result);
}

gboolean
kiela_sow_traced (const KielaVariant *variant, const KielaPosition *pos, KielaMove move, KielaTrace *trace)
{
  kiela_trace_clear (trace);
  trace->before = *pos;
  trace->after = *pos;
  return sow16 (variant, &trace->after, move, &trace->result, trace,
                variant->capture_rule, variant->captured_fate, variant->relay_rule);
}

/* The house a side owing the forced first move must sow, or -1 when it sows freely. */
static KielaMove
forced_first_move (const KielaVariant *variant, const KielaPosition *pos)
{
  const guint h = (guint) variant->first_move - 1;

  if (variant->first_move == 0 || !(pos->first_move_owed & (1u << pos->to_move)) || h >= 2u * variant->files ||
      pos->houses[pos->to_move][h] < MAX (1, variant->min_sow))
    return -1;
  return (KielaMove) h;
}

/* Appends to `moves` the move `base` with each way of declining its optional turns that keeps
 * the decisions in `mask` and decides only turns from `fixed` on: sown once to find how many
 * turns it meets, then each of those turns declined in turn, recursively, so every path through
 * the turns is listed once.  A list already full is left as it is (a limit, documented). */
static void
add_decisions (const KielaVariant *variant, const KielaPosition *pos, KielaMove base, guint mask, guint fixed,
               KielaMove moves[KIELA_MAX_MOVES], guint *count)
{
  KielaPosition scratch = *pos;
  guint n = 0;

  sow_directed (variant, &scratch, base | (KielaMove) (mask << KIELA_MOVE_DECLINE_SHIFT), NULL, NULL, &n);
  n = MIN (n, (guint) KIELA_MOVE_MAX_DECISIONS);
  for (guint j = fixed; j < n && *count < KIELA_MAX_MOVES; j++)
    {
      const guint m = mask | (1u << j);

      moves[(*count)++] = base | (KielaMove) (m << KIELA_MOVE_DECLINE_SHIFT);
      add_decisions (variant, pos, base, m, j + 1, moves, count);
    }
}

/* Whether a sowing that captured, ending as `end`, is followed by the extra capture. */
static inline gboolean
ends_for_extra (const KielaSowResult *r)
{
  return r->captures > 0 && (r->end == KIELA_END_CAPTURE_REMOVED || r->end == KIELA_END_EMPTY_HOUSE ||
                             r->end == KIELA_END_NO_RELAY);
}

/* The extra capture (KielaVariant.extra_capture): each of the `count` moves whose sowing captures
 * is followed by one move for every opponent house still holding stones after it, in house order
 * (the move sown once to see), or with ExtraCapture=2 one for every pair of such houses, the lower
 * house first (both taken together), or where only one is left, one move taking it; the move
 * itself stays, the extra capture declined (the capturer is "entitled" to it: Stayt as Ludii
 * gives it).  Validation keeps the board small enough for the list to hold them all
 * (kiela_extra_capture_fits); a full list is left as it is.  Returns the new count. */
static guint
add_extra_captures (const KielaVariant *variant, const KielaPosition *pos, KielaMove moves[KIELA_MAX_MOVES],
                    guint count)
{
  const guint n = 2u * variant->files;
  const KielaSide op = KIELA_OTHER_SIDE ((KielaSide) pos->to_move);
  KielaMove base[KIELA_MAX_BASE_MOVES];
  guint n_base = MIN (count, (guint) KIELA_MAX_BASE_MOVES), out = 0;

  memcpy (base, moves, n_base * sizeof (KielaMove));
  for (guint i = 0; i < n_base && out < KIELA_MAX_MOVES; i++)
    {
      KielaPosition scratch = *pos;
      KielaSowResult r;

      moves[out++] = base[i];
      sow_directed (variant, &scratch, base[i], &r, NULL, NULL);
      if (!ends_for_extra (&r))
        continue;
      if (variant->extra_capture >= 2)
        {
          guint left[KIELA_MAX_HOUSES], n_left = 0;

          for (guint t = 0; t < n; t++)
            if (scratch.houses[op][t] > 0)
              left[n_left++] = t;
          if (n_left == 1 && out < KIELA_MAX_MOVES)
            moves[out++] = KIELA_MOVE_WITH_TARGET (base[i], left[0]);
          for (guint a = 0; n_left >= 2 && a + 1 < n_left; a++)
            for (guint b = a + 1; b < n_left && out < KIELA_MAX_MOVES; b++)
              moves[out++] = KIELA_MOVE_WITH_TARGET2 (KIELA_MOVE_WITH_TARGET (base[i], left[a]), left[b]);
        }
      else
        for (guint t = 0; t < n && out < KIELA_MAX_MOVES; t++)
          if (scratch.houses[op][t] > 0)
            moves[out++] = KIELA_MOVE_WITH_TARGET (base[i], t);
    }
  return out;
}

guint
kiela_candidate_moves (const KielaVariant *variant, const KielaPosition *pos, KielaMove moves[KIELA_MAX_MOVES])
{
  const KielaMove forced = forced_first_move (variant, pos);
  guint count;

  if (G_UNLIKELY (pos->lost & (1u << pos->to_move)))
    return 0;
  if (forced >= 0)
    {
      moves[0] = forced;
      /* The stylised first move captures like any other, the extra capture included. */
      return G_UNLIKELY (variant->extra_capture != 0) ? add_extra_captures (variant, pos, moves, 1) : 1;
    }
  count = candidates_of (variant, NULL, pos->houses[pos->to_move], 2u * variant->files, moves);
  /* Then the clockwise sowings the variant allows, after all the usual ones (validation keeps
   * the two within KIELA_MAX_BASE_MOVES). */
  if (G_UNLIKELY (variant->reverse != NULL))
    {
      for (guint h = 0; h < 2u * variant->files && count < KIELA_MAX_BASE_MOVES; h++)
        if (kiela_reverse_allowed (variant, pos, h))
          moves[count++] = (KielaMove) h | KIELA_MOVE_CLOCKWISE;
      /* Then, where later turns are the player's, every other way of deciding them. */
      if (has_choices (variant->reverse))
        for (guint i = 0, n_first = count; i < n_first; i++)
          add_decisions (variant, pos, moves[i], 0, 0, moves, &count);
    }
  /* Then the leftmost outer house sown in itself, where that house may be sown at all
   * (validation keeps a place for it). */
  if (G_UNLIKELY (kiela_in_house_allowed (variant, pos)) && count < KIELA_MAX_BASE_MOVES)
    for (guint i = 0; i < count; i++)
      if (moves[i] == 0)
        {
          moves[count++] = (KielaMove) KIELA_MOVE_IN_HOUSE;
          break;
        }
  if (G_UNLIKELY (variant->extra_capture != 0))
    count = add_extra_captures (variant, pos, moves, count);
  /* Then the skips of a threatened single (validation keeps two places for them). */
  if (G_UNLIKELY (variant->flags & KIELA_VARIANT_FLAG_SINGLE_SKIP))
    count = kiela_skip_add_moves (variant, pos, moves, count);
  return count;
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
      KielaPacked packed_children[KIELA_PACKED_MAX_MOVES];

      count = kiela_packed_legal_moves (variant, &packed, moves, children ? packed_children : NULL,
                                        endless, drops, captured);
      if (children)
        for (guint i = 0; i < count; i++)
          packed_to_position (&packed_children[i], &children[i]);
      return count;
    }

  n_cand = kiela_candidate_moves (variant, pos, cand);
  sow = kiela_is_kiela_rules (variant) ? sow_kiela_rules : sow_generic;
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

/* Why `move`, not among the `n_cand` candidates, is refused for its extra-capture targets (or
 * the lack of them); NULL when the targets are not the reason.  `sq` names the move's house. */
static char *
explain_target (const KielaCatalogue *cat, const KielaVariant *variant, const KielaPosition *pos, KielaMove move, const KielaMove *cand,
                guint n_cand, const char *sq)
{
  const KielaMove bare = move & ~KIELA_MOVE_TARGETS_MASK;
  const KielaSide op = KIELA_OTHER_SIDE ((KielaSide) pos->to_move);
  const guint n = 2u * variant->files;
  gboolean bare_sows = FALSE, capture_listed = FALSE;
  KielaMove pair = -1;
  KielaPosition scratch = *pos;
  KielaSowResult r;
  char target[4];

  for (guint i = 0; i < n_cand; i++)
    {
      bare_sows |= (cand[i] & ~KIELA_MOVE_TARGETS_MASK) == bare;
      capture_listed |= (cand[i] & ~KIELA_MOVE_TARGETS_MASK) == bare && KIELA_MOVE_HAS_TARGET (cand[i]);
      if (pair < 0 && (cand[i] & ~KIELA_MOVE_TARGETS_MASK) == bare && KIELA_MOVE_HAS_TARGET2 (cand[i]))
        pair = cand[i];
    }
  if (!bare_sows)
    return NULL;   /* the house itself may not be sown: said below */
  if (!KIELA_MOVE_HAS_TARGET (move))
    return NULL;
  if (variant->extra_capture == 0)
    /* TRANSLATORS: %s the game (Kiela) */
    return g_strdup_printf (T_ (cat, "In %s a capture takes no other house."), _kiela_variant_get_name_in (variant, cat));
  /* The capture (a capture that leaves nothing to take lists no move with a target). */
  sow_directed (variant, &scratch, bare, &r, NULL, NULL);
  if (!capture_listed && !ends_for_extra (&r))
    /* TRANSLATORS: %s a house (c2) */
    return g_strdup_printf (T_ (cat, "Sowing %s captures nothing, so it takes no other house."), sq);
  if (KIELA_MOVE_HAS_TARGET2 (move) && variant->extra_capture < 2)
    /* TRANSLATORS: %s the game (Mefuvha) */
    return g_strdup_printf (T_ (cat, "In %s a capture takes only one other house."), _kiela_variant_get_name_in (variant, cat));
  /* Each house named: on the board, and holding stones once the capture is made. */
  for (guint k = 0; k < 2; k++)
    {
      const gboolean named = k == 0 || KIELA_MOVE_HAS_TARGET2 (move);
      const guint t = k == 0 ? KIELA_MOVE_TARGET (move) : KIELA_MOVE_TARGET2 (move);

      if (!named)
        continue;
      if (t >= n)
        return g_strdup_printf (T_ (cat, "House %u does not exist on this board."), t);
      if (scratch.houses[op][t] == 0)
        {
          kiela_square_name (variant->files, op, t, target);
          /* TRANSLATORS: %s an opponent house (f3) */
          return g_strdup_printf (T_ (cat, "%s holds no stones to take after the capture."), target);
        }
    }
  if (pair >= 0 && !KIELA_MOVE_HAS_TARGET2 (move))
    {
      char name[KIELA_MOVE_NAME_MAX];

      kiela_move_name (variant->files, (KielaSide) pos->to_move, pair, name);
      /* TRANSLATORS: %1$s the game (Mefuvha), %2$s a move taking two houses (c2xg3xh4) */
      return g_strdup_printf (T_ (cat, "In %1$s a capture takes two other houses or none: name both, as in %2$s."),
                              _kiela_variant_get_name_in (variant, cat), name);
    }
  if (KIELA_MOVE_HAS_TARGET2 (move) && KIELA_MOVE_TARGET2 (move) <= KIELA_MOVE_TARGET (move))
    {
      char name[KIELA_MOVE_NAME_MAX];

      kiela_move_name (variant->files, (KielaSide) pos->to_move, move, name);
      /* TRANSLATORS: %s a move naming the same opponent house twice (c2xg3xg3) */
      return g_strdup_printf (T_ (cat, "%s names the same house twice, or the two houses in the wrong order."), name);
    }
  return NULL;
}

char *
kiela_explain_illegal (const KielaVariant *variant, const KielaPosition *pos, KielaMove move)
{
  return kiela_explain_illegal_in (variant, pos, move, NULL);
}

char *
kiela_explain_illegal_in (const KielaVariant *variant, const KielaPosition *pos, KielaMove move,
                          const KielaCatalogue *cat)
{
  const guint n = 2u * variant->files;
  const guint min_sow = variant->min_sow ? variant->min_sow : 1;
  const guint16 *my;
  char sq[4];
  KielaMove cand[KIELA_MAX_MOVES];
  guint n_cand;
  gboolean is_candidate = FALSE;
  KielaPosition child;
  guint house;

  if (!KIELA_MOVE_IS_WELL_FORMED (move) || KIELA_MOVE_HOUSE (move) >= n)
    return g_strdup_printf (T_ (cat, "House %d does not exist on this board."), move);

  house = KIELA_MOVE_HOUSE (move);
  my = pos->houses[pos->to_move];
  /* The house's name: a clockwise move is explained by its house, "a1". */
  kiela_square_name (variant->files, (KielaSide) pos->to_move, house, sq);

  n_cand = kiela_candidate_moves (variant, pos, cand);
  for (guint i = 0; i < n_cand; i++)
    if (cand[i] == move)
      is_candidate = TRUE;

  /* The skip of a threatened single: said by its own rule. */
  if (!is_candidate && KIELA_MOVE_IS_SKIP (move))
    return kiela_skip_explain (variant, pos, move, cat);
  /* The extra capture: a target where there is none to take, or none named where there is. */
  if (!is_candidate && (KIELA_MOVE_HAS_TARGET (move) || KIELA_MOVE_HAS_TARGET2 (move) || variant->extra_capture != 0))
    {
      char *why = explain_target (cat, variant, pos, move, cand, n_cand, sq);

      if (why)
        return why;
    }
  if (!is_candidate && forced_first_move (variant, pos) >= 0)
    {
      char forced[4];

      kiela_square_name (variant->files, (KielaSide) pos->to_move, (guint) forced_first_move (variant, pos), forced);
      /* TRANSLATORS: %1$s the game (Mefuvha), %2$s the house its first move is made from (c2) */
      return g_strdup_printf (T_ (cat, "The first move of each player in %1$s is made from %2$s."),
                              _kiela_variant_get_name_in (variant, cat), forced);
    }
  if (!is_candidate && KIELA_MOVE_DECISIONS (move) != 0 && !has_choices (variant->reverse))
    /* TRANSLATORS: %s the game (Kiela) */
    return g_strdup_printf (T_ (cat, "In %s no change of direction in the middle of a move is the player’s choice."),
                            _kiela_variant_get_name_in (variant, cat));
  /* Decisions for turns the move does not meet: its base is a move, the rest is not. */
  if (!is_candidate && KIELA_MOVE_DECISIONS (move) != 0)
    for (guint i = 0; i < n_cand; i++)
      if (cand[i] == KIELA_MOVE_BASE (move))
        {
          char name[KIELA_MOVE_NAME_MAX];

          kiela_move_name (variant->files, (KielaSide) pos->to_move, move, name);
          /* TRANSLATORS: %1$s a move with its choices (b2+-: "+" goes clockwise at a point of
           * the move where the player may, "-" declines to), %2$s the same house (b2) */
          return g_strdup_printf (T_ (cat, "%1$s declines a change of direction that sowing %2$s does not come to: "
                                    "it has fewer choices."), name, sq);
        }
  if (!is_candidate && KIELA_MOVE_IS_IN_HOUSE (move))
    {
      if (!(variant->flags & KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE) || house != 0 || KIELA_MOVE_IS_CLOCKWISE (move))
        /* TRANSLATORS: %1$s a house (a1), %2$s the game (Quiela) */
        return g_strdup_printf (T_ (cat, "%1$s may not be sown into itself in %2$s."), sq, _kiela_variant_get_name_in (variant, cat));
      if (!(pos->first_move_owed & KIELA_POSITION_IN_HOUSE_OWED (pos->to_move)))
        return g_strdup_printf (T_ (cat, "Only the first sowing from %s may start in that house, and it has been made."), sq);
      if (my[house] < 2)
        return g_strdup_printf (T_ (cat, "%s needs two stones or more to be sown into itself."), sq);
    }
  if (!is_candidate && KIELA_MOVE_IS_CLOCKWISE (move) && my[house] >= min_sow)
    {
      if (variant->reverse == NULL || !(variant->reverse->houses & (G_GUINT64_CONSTANT (1) << house)))
        /* TRANSLATORS: %1$s a house (a1), %2$s the game (Omweso) */
        return g_strdup_printf (T_ (cat, "%1$s may not be sown clockwise in %2$s."), sq, _kiela_variant_get_name_in (variant, cat));
      return g_strdup_printf (T_ (cat, "%s may be sown clockwise only when that sowing captures."), sq);
    }
  if (!is_candidate)
    {
      if (my[house] == 0)
        return g_strdup_printf (T_ (cat, "%s is empty: there is nothing to sow."), sq);
      if (kiela_variant_in_later_phase (variant, pos, (KielaSide) pos->to_move))
        {
          char next[4];

          kiela_square_name (variant->files, (KielaSide) pos->to_move, (guint) (move + 1) % n, next);
          /* TRANSLATORS: %1$s a house holding one stone (f2), %2$s the next house along the sowing (e2) */
          return g_strdup_printf (T_ (cat, "No house of yours holds two stones, so only a single stone moves, into an "
                                    "empty house: %2$s, after %1$s, is not empty."), sq, next);
        }
      /* Singles variants: a single is refused by their own rule, which the smallest hand does not tell. */
      if (variant->singles_when_blocked && my[house] == 1 && (variant->flags & KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE))
        return g_strdup_printf (T_ (cat, "%s holds a single stone: a single may be sown only when no house holds "
                                  "%u or more."), sq, min_sow);
      if (variant->singles_when_blocked && my[house] == 1)
        return g_strdup_printf (T_ (cat, "%s holds a single stone: a single may be sown only when no house holds "
                                  "%u or more, and only into an empty house."), sq, min_sow);
      if (my[house] < min_sow)
        return g_strdup_printf (TN_ (cat, "%s holds %u stone: %s needs at least %u.",
                                             "%s holds %u stones: %s needs at least %u.", my[house]),
                                sq, (guint) my[house], _kiela_variant_get_name_in (variant, cat), min_sow);
      return g_strdup_printf (T_ (cat, "%s may not be sown now."), sq);
    }

  child = *pos;
  if (!kiela_sow_fast (variant, &child, move, NULL) && variant->endless_policy == KIELA_ENDLESS_ILLEGAL)
    {
      /* Not proved endless (some cycles take a billion laps to find): the limit decides. The
       * number is grouped as the locale writes it ("1,000"), as the lessons write it. */
      g_autofree char *laps = _kiela_catalogue_format_count (cat, variant->lap_limit);

      /* TRANSLATORS: %1$s a house (a2), %2$s a number of laps written out (1,000) */
      return g_strdup_printf (TN_ (cat, "Sowing from %1$s is still going after %2$s lap: it counts as endless, "
                                           "so it is not a legal move.",
                                           "Sowing from %1$s is still going after %2$s laps: it counts as endless, "
                                           "so it is not a legal move.", variant->lap_limit),
                              sq, laps);
    }
  return NULL;
}

char *
kiela_explain_house (const KielaVariant *variant, const KielaPosition *pos, KielaSide side, guint house)
{
  return kiela_explain_house_in (variant, pos, side, house, NULL);
}

char *
kiela_explain_house_in (const KielaVariant *variant, const KielaPosition *pos, KielaSide side, guint house,
                        const KielaCatalogue *cat)
{
  if (house >= 2u * variant->files)
    return g_strdup_printf (T_ (cat, "House %u does not exist on this board."), house);
  if (side != pos->to_move)
    {
      char sq[4];

      kiela_square_name (variant->files, side, house, sq);
      return g_strdup_printf (side == KIELA_NORTH ? T_ (cat, "%s belongs to North: it is South’s turn.")
                                                  : T_ (cat, "%s belongs to South: it is North’s turn."), sq);
    }
  return kiela_explain_illegal_in (variant, pos, (KielaMove) house, cat);
}
