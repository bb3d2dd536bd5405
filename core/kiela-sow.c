/* kiela-sow.c: one move on a position's 16-bit houses, fast or traced for teaching, and legal moves. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-sow-body.h"
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

/* sow_body on a KielaPosition's 16-bit houses, for the rules given; switches the side to move. */
static inline __attribute__((always_inline)) gboolean
sow16 (const KielaVariant *v, KielaPosition *pos, KielaMove move, KielaSowResult *res, KielaTrace *trace,
       const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate, const KielaRelayRule relay_rule)
{
  const KielaSide side = (KielaSide) pos->to_move;
  const guint h = (guint) move;
  gboolean ok = sow_body (NULL, NULL, pos->houses[side], pos->houses[KIELA_OTHER_SIDE (side)], trace, side, move, res,
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

guint
kiela_candidate_moves (const KielaVariant *variant, const KielaPosition *pos, KielaMove moves[KIELA_MAX_MOVES])
{
  const KielaMove forced = forced_first_move (variant, pos);

  if (forced >= 0)
    {
      moves[0] = forced;
      return 1;
    }
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

  if (!is_candidate && forced_first_move (variant, pos) >= 0)
    {
      char forced[4];

      kiela_square_name (variant->files, (KielaSide) pos->to_move, (guint) forced_first_move (variant, pos), forced);
      /* TRANSLATORS: %1$s the game (Mefuvha), %2$s the house its first move is made from (c2) */
      return g_strdup_printf (_("The first move of each player in %1$s is made from %2$s."),
                              kiela_variant_get_name (variant), forced);
    }
  if (!is_candidate)
    {
      if (my[move] == 0)
        return g_strdup_printf (_("%s is empty: there is nothing to sow."), sq);
      if (kiela_variant_in_later_phase (variant, pos, (KielaSide) pos->to_move))
        {
          char next[4];

          kiela_square_name (variant->files, (KielaSide) pos->to_move, (guint) (move + 1) % n, next);
          /* TRANSLATORS: %1$s a house holding one stone (f2), %2$s the next house along the sowing (e2) */
          return g_strdup_printf (_("No house of yours holds two stones, so only a single stone moves, into an "
                                    "empty house: %2$s, after %1$s, is not empty."), sq, next);
        }
      /* Singles variants: a single is refused by their own rule, which the smallest hand does not tell. */
      if (variant->singles_when_blocked && my[move] == 1 && (variant->flags & KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE))
        return g_strdup_printf (_("%s holds a single stone: a single may be sown only when no house holds "
                                  "%u or more."), sq, min_sow);
      if (variant->singles_when_blocked && my[move] == 1)
        return g_strdup_printf (_("%s holds a single stone: a single may be sown only when no house holds "
                                  "%u or more, and only into an empty house."), sq, min_sow);
      if (my[move] < min_sow)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%s holds %u stone: %s needs at least %u.",
                                             "%s holds %u stones: %s needs at least %u.", my[move]),
                                sq, (guint) my[move], kiela_variant_get_name (variant), min_sow);
      return g_strdup_printf (_("%s may not be sown now."), sq);
    }

  child = *pos;
  if (!kiela_sow_fast (variant, &child, move, NULL) && variant->endless_policy == KIELA_ENDLESS_ILLEGAL)
    {
      /* Not proved endless (some cycles take a billion laps to find): the limit decides. The
       * number is grouped as the locale writes it ("1,000"), as the lessons write it. */
      g_autofree char *laps = g_strdup_printf ("%'u", variant->lap_limit);

      /* TRANSLATORS: %1$s a house (a2), %2$s a number of laps written out (1,000) */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Sowing from %1$s is still going after %2$s lap: it counts as endless, "
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
