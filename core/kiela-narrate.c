/* kiela-narrate.c: turns trace events into sentences a teacher can read out, and writes percentages for the reader's locale. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "kiela-narrate.h"
#include "kiela-position.h"
#include "kiela-catalogue-i18n.h"

#define NG(s, p, n) g_dngettext (GETTEXT_PACKAGE, s, p, n)

char *
kiela_narrate_event (const KielaVariant *variant, const KielaTrace *trace, guint index)
{
  return kiela_narrate_event_in (variant, trace, index, NULL);
}

char *
kiela_narrate_event_in (const KielaVariant *variant, const KielaTrace *trace, guint index, const KielaCatalogue *cat)
{
  const KielaEvent *e;
  guint files = variant->files;
  char sq[4], sq2[4], sq3[4];
  const char *who;

  g_return_val_if_fail (index < kiela_trace_get_n_events (trace), NULL);
  e = kiela_trace_get_event (trace, index);
  kiela_square_name (files, (KielaSide) e->side, e->house, sq);
  who = kiela_side_display_name_in ((KielaSide) e->side, cat);

  switch ((KielaEventType) e->type)
    {
    case KIELA_EVENT_LIFT:
      if (KIELA_MOVE_IS_SKIP (trace->result.move) && KIELA_MOVE_HAS_TARGET (trace->result.move) &&
          KIELA_MOVE_TARGET (trace->result.move) < 2u * files)
        {
          kiela_square_name (files, (KielaSide) e->side, KIELA_MOVE_TARGET (trace->result.move), sq2);
          /* Translators: "South’s threatened single skips from b2 to a1." (Quiela: a single stone
           * the opponent could capture next jumps to the first or second outer house) */
          return g_strdup_printf (T_ (cat, "%1$s’s threatened single skips from %2$s to %3$s."), who, sq, sq2);
        }
      /* reason 1: this lap goes clockwise (a reverse sowing). */
      if (e->reason && e->lap == 1)
        /* Translators: "South lifts 2 stones from b1 and sows them clockwise." */
        return g_strdup_printf (TN_ (cat, "%s lifts %u stone from %s and sows it clockwise.",
                                    "%s lifts %u stones from %s and sows them clockwise.", e->count),
                                who, (guint) e->count, sq);
      /* choice: a turn that was the player's, taken (1) or declined (2). */
      if (e->reason && e->choice == 1)
        /* Translators: "Lap 3: South lifts the 2 stones of a2 and chooses to sow on clockwise." */
        return g_strdup_printf (TN_ (cat, "Lap %u: %s lifts the %u stone of %s and chooses to sow on clockwise.",
                                    "Lap %u: %s lifts the %u stones of %s and chooses to sow on clockwise.", e->count),
                                e->lap, who, (guint) e->count, sq);
      if (e->choice == 2)
        /* Translators: the player could sow on clockwise here (and capture) but chose not to */
        return g_strdup_printf (TN_ (cat, "Lap %u: %s lifts the %u stone of %s and sows on the usual way, though "
                                    "clockwise would capture.",
                                    "Lap %u: %s lifts the %u stones of %s and sows on the usual way, though "
                                    "clockwise would capture.", e->count),
                                e->lap, who, (guint) e->count, sq);
      if (e->reason)
        return g_strdup_printf (TN_ (cat, "Lap %u: %s lifts the %u stone of %s and sows on clockwise.",
                                    "Lap %u: %s lifts the %u stones of %s and sows on clockwise.", e->count),
                                e->lap, who, (guint) e->count, sq);
      if (e->lap == 1 && KIELA_MOVE_IS_IN_HOUSE (trace->result.move))
        /* Translators: "South lifts 4 stones from a1 and drops the first back into a1." (Quiela's
         * first sowing from the leftmost outer house may start in that house) */
        return g_strdup_printf (TN_ (cat, "%s lifts %u stone from %s and drops it back into %s.",
                                    "%s lifts %u stones from %s and drops the first back into %s.", e->count),
                                who, (guint) e->count, sq, sq);
      if (e->lap == 1 && kiela_variant_in_later_phase (variant, &trace->before, (KielaSide) e->side))
        /* Translators: "South has no house of two stones left: in the later phase it moves the single stone of f2." */
        return g_strdup_printf (T_ (cat, "%s has no house of two stones left: in the later phase it moves the single "
                                  "stone of %s."), who, sq);
      if (e->lap == 1)
        /* Translators: "South lifts 2 stones from g1." */
        return g_strdup_printf (TN_ (cat, "%s lifts %u stone from %s.", "%s lifts %u stones from %s.", e->count),
                                who, (guint) e->count, sq);
      return g_strdup_printf (TN_ (cat, "Lap %u: %s lifts the %u stone of %s and sows on.",
                                  "Lap %u: %s lifts the %u stones of %s and sows on.", e->count),
                              e->lap, who, (guint) e->count, sq);
    case KIELA_EVENT_DROP:
      if (KIELA_MOVE_IS_SKIP (trace->result.move))
        /* Translators: "The single stone lands in empty a1." (Quiela's skip of a threatened
         * single: the stone is moved, not sown) */
        return g_strdup_printf (T_ (cat, "The single stone lands in empty %s."), sq);
      if (e->hand == 0)
        return g_strdup_printf (TN_ (cat, "The last stone drops into %s, which now holds %u.",
                                    "The last stone drops into %s, which now holds %u.", e->count),
                                sq, (guint) e->count);
      return g_strdup_printf (TN_ (cat, "A stone drops into %s (now %u); %u stone left in hand.",
                                  "A stone drops into %s (now %u); %u stones left in hand.", e->hand),
                              sq, (guint) e->count, (guint) e->hand);
    case KIELA_EVENT_RELAY:
      switch ((KielaRelayReason) e->reason)
        {
        case KIELA_RELAY_OUTER:
          return g_strdup_printf (TN_ (cat, "The last stone lands in occupied %s, an outer house: lift %u and go on.",
                                      "The last stone lands in occupied %s, an outer house: lift %u and go on.",
                                      e->count),
                                  sq, (guint) e->count);
        case KIELA_RELAY_INNER_FACING_EMPTY:
          kiela_square_name (files, KIELA_OTHER_SIDE (e->side), kiela_facing_inner (files, e->house), sq2);
          return g_strdup_printf (TN_ (cat, "The last stone lands in occupied %s; %s opposite is empty, so no capture: "
                                      "lift %u and go on.",
                                      "The last stone lands in occupied %s; %s opposite is empty, so no capture: "
                                      "lift %u and go on.", e->count),
                                  sq, sq2, (guint) e->count);
        case KIELA_RELAY_INNER_NO_CAPTURE:
        default:
          return g_strdup_printf (TN_ (cat, "The last stone lands in occupied %s, which does not capture here: lift %u and go on.",
                                      "The last stone lands in occupied %s, which does not capture here: lift %u and go on.",
                                      e->count),
                                  sq, (guint) e->count);
        }
    case KIELA_EVENT_CAPTURE:
      {
        guint total = (guint) e->count2 + e->count3;
        const char *captor = kiela_side_display_name_in ((KielaSide) e->side, cat);

        kiela_square_name (files, (KielaSide) e->side2, e->house2, sq2);
        kiela_square_name (files, (KielaSide) e->side2, e->house3, sq3);
        if (variant->captured_fate == KIELA_CAPTURED_REMOVED)
          {
            if (e->count3 == 0)
              return g_strdup_printf (TN_ (cat, "%s captures %u stone from %s (%s is empty); it leaves the board.",
                                          "%s captures %u stones from %s (%s is empty); they leave the board.", total),
                                      sq, total, sq2, sq3);
            return g_strdup_printf (TN_ (cat, "%s captures %u stone from %s and %s; it leaves the board.",
                                        "%s captures %u stones from %s and %s; they leave the board.", total),
                                    sq, total, sq2, sq3);
          }
        if (e->count3 == 0)
          /* Translators: "d3 captures 2 stones from d2 (d1 is empty); they join North's army." */
          return g_strdup_printf (TN_ (cat, "%s captures %u stone from %s (%s is empty); it joins %s’s army.",
                                      "%s captures %u stones from %s (%s is empty); they join %s’s army.", total),
                                  sq, total, sq2, sq3, captor);
        /* Translators: "d3 captures 3 stones from d2 and d1; they join North's army." */
        return g_strdup_printf (TN_ (cat, "%s captures %u stone from %s and %s; it joins %s’s army.",
                                    "%s captures %u stones from %s and %s; they join %s’s army.", total),
                                sq, total, sq2, sq3, captor);
      }
    case KIELA_EVENT_ENTER:
      if (e->reason && e->choice == 1)
        /* Translators: "South chooses to sow the 4 captured stones from b1 on, clockwise." */
        return g_strdup_printf (TN_ (cat, "%s chooses to sow the %u captured stone from %s on, clockwise.",
                                    "%s chooses to sow the %u captured stones from %s on, clockwise.", e->count),
                                who, (guint) e->count, sq);
      if (e->choice == 2)
        /* Translators: the player could sow them clockwise (and capture again) but chose not to */
        return g_strdup_printf (TN_ (cat, "%s sows the %u captured stone from %s on the usual way, though clockwise "
                                    "would capture again.",
                                    "%s sows the %u captured stones from %s on the usual way, though clockwise "
                                    "would capture again.", e->count),
                                who, (guint) e->count, sq);
      if (e->reason)
        return g_strdup_printf (TN_ (cat, "%s sows the %u captured stone from %s on, clockwise.",
                                    "%s sows the %u captured stones from %s on, clockwise.", e->count),
                                who, (guint) e->count, sq);
      return g_strdup_printf (TN_ (cat, "%s sows the %u captured stone from %s on.",
                                  "%s sows the %u captured stones from %s on.", e->count),
                              who, (guint) e->count, sq);
    case KIELA_EVENT_EXTRA_CAPTURE:
      kiela_square_name (files, (KielaSide) e->side2, e->house2, sq2);
      /* Translators: "South also takes 2 stones from f3." (after a capture, Mefuvha's extra
       * capture of one more opponent house the player chose) */
      return g_strdup_printf (TN_ (cat, "%s also takes %u stone from %s.", "%s also takes %u stones from %s.", e->count2),
                              who, (guint) e->count2, sq2);
    case KIELA_EVENT_REMOVE:
      return g_strdup_printf (TN_ (cat, "The captured stone leaves the board and the move ends.",
                                  "The %u captured stones leave the board and the move ends.", e->count),
                              (guint) e->count);
    case KIELA_EVENT_END:
    default:
      if (KIELA_MOVE_IS_SKIP (trace->result.move))
        /* Translators: the end of Quiela's skip of a threatened single (no sowing, no lap) */
        return g_strdup (T_ (cat, "The skip ends the move: nothing is sown and nothing is captured."));
      switch ((KielaEndReason) e->reason)
        {
        case KIELA_END_ENDLESS:
          {
            /* Not proved endless: the lap limit decides (rules section 8), as the lessons say. */
            g_autofree char *laps = _kiela_catalogue_format_count (cat, e->lap);

            /* TRANSLATORS: %s a number of laps written out (1,000) */
            return g_strdup_printf (TN_ (cat, "After %s lap the sowing is still going: the move counts as endless.",
                                         "After %s laps the sowing is still going: the move counts as endless.", e->lap),
                                    laps);
          }
        case KIELA_END_BOTH_ENDS:
          return g_strdup_printf (T_ (cat, "%s has captured at both ends of the board in one move and wins."), who);
        case KIELA_END_CAPTURE_REMOVED:
          return g_strdup_printf (TN_ (cat, "The move is over after %u lap.", "The move is over after %u laps.", e->lap),
                                  e->lap);
        case KIELA_END_NO_RELAY:
          return g_strdup_printf (TN_ (cat, "The last stone lands in occupied %s; in this game that ends the move (%u lap).",
                                      "The last stone lands in occupied %s; in this game that ends the move (%u laps).",
                                      e->lap),
                                  sq, e->lap);
        case KIELA_END_EMPTY_HOUSE:
        default:
          return g_strdup_printf (TN_ (cat, "The last stone lands in empty %s: the move ends after %u lap.",
                                      "The last stone lands in empty %s: the move ends after %u laps.", e->lap),
                                  sq, e->lap);
        }
    }
  return NULL;
}

char *
kiela_narrate_move_summary (const KielaVariant *variant, const KielaTrace *trace)
{
  return kiela_narrate_move_summary_in (variant, trace, NULL);
}

char *
kiela_narrate_move_summary_in (const KielaVariant *variant, const KielaTrace *trace, const KielaCatalogue *cat)
{
  const KielaSowResult *r = &trace->result;
  char sq[4];
  const char *who = kiela_side_display_name_in (r->mover, cat);
  g_autofree char *laps = NULL;

  /* The house's name; a clockwise move says so in words. */
  kiela_square_name (variant->files, r->mover, KIELA_MOVE_HOUSE (r->move), sq);
  if (r->end == KIELA_END_ENDLESS)
    /* TRANSLATORS: "South sowed a2, a move that counts as endless." (still going at the lap limit) */
    return g_strdup_printf (T_ (cat, "%s sowed %s, a move that counts as endless."), who, sq);
  if (KIELA_MOVE_IS_SKIP (r->move) && KIELA_MOVE_HAS_TARGET (r->move) &&
      KIELA_MOVE_TARGET (r->move) < 2u * variant->files)
    {
      char to[4];

      kiela_square_name (variant->files, r->mover, KIELA_MOVE_TARGET (r->move), to);
      /* Translators: "South’s threatened single skipped from b2 to a1." */
      return g_strdup_printf (T_ (cat, "%1$s’s threatened single skipped from %2$s to %3$s."), who, sq, to);
    }
  laps = g_strdup_printf (TN_ (cat, "%u lap", "%u laps", r->laps), r->laps);
  if (KIELA_MOVE_IS_CLOCKWISE (r->move) && r->captures == 0)
    /* Translators: "South sowed b1 clockwise: 1 lap, no capture." (where a clockwise sowing
     * need not capture) */
    return g_strdup_printf (T_ (cat, "%s sowed %s clockwise: %s, no capture."), who, sq, laps);
  if (KIELA_MOVE_IS_CLOCKWISE (r->move))
    /* Translators: "South sowed b1 clockwise: 2 laps, captured 4 stones." (a clockwise sowing captures) */
    return g_strdup_printf (TN_ (cat, "%s sowed %s clockwise: %s, captured %u stone.",
                                "%s sowed %s clockwise: %s, captured %u stones.", r->captured),
                            who, sq, laps, (guint) r->captured);
  if (r->captures > 0 && KIELA_MOVE_HAS_TARGET (r->move) && KIELA_MOVE_TARGET (r->move) < 2u * variant->files &&
      KIELA_MOVE_HAS_TARGET2 (r->move) && KIELA_MOVE_TARGET2 (r->move) < 2u * variant->files &&
      variant->extra_capture >= 2)
    {
      char target[4], target2[4];

      kiela_square_name (variant->files, KIELA_OTHER_SIDE (r->mover), KIELA_MOVE_TARGET (r->move), target);
      kiela_square_name (variant->files, KIELA_OTHER_SIDE (r->mover), KIELA_MOVE_TARGET2 (r->move), target2);
      /* Translators: "South sowed c2: 1 lap, captured 8 stones, f3's and g3's among them." (the
       * last two houses are the ones the extra capture took) */
      return g_strdup_printf (TN_ (cat, "%s sowed %s: %s, captured %u stone, %s’s and %s’s among them.",
                                  "%s sowed %s: %s, captured %u stones, %s’s and %s’s among them.", r->captured),
                              who, sq, laps, (guint) r->captured, target, target2);
    }
  if (r->captures > 0 && KIELA_MOVE_HAS_TARGET (r->move) && KIELA_MOVE_TARGET (r->move) < 2u * variant->files)
    {
      char target[4];

      kiela_square_name (variant->files, KIELA_OTHER_SIDE (r->mover), KIELA_MOVE_TARGET (r->move), target);
      /* Translators: "South sowed c2: 1 lap, captured 6 stones, f3's among them." (the last
       * house is the one the extra capture took) */
      return g_strdup_printf (TN_ (cat, "%s sowed %s: %s, captured %u stone, %s’s among them.",
                                  "%s sowed %s: %s, captured %u stones, %s’s among them.", r->captured),
                              who, sq, laps, (guint) r->captured, target);
    }
  if (r->captures == 0)
    /* Translators: "South sowed g1: 2 laps, no capture." */
    return g_strdup_printf (T_ (cat, "%s sowed %s: %s, no capture."), who, sq, laps);
  return g_strdup_printf (TN_ (cat, "%s sowed %s: %s, captured %u stone.", "%s sowed %s: %s, captured %u stones.",
                              r->captured),
                          who, sq, laps, (guint) r->captured);
}

char *
kiela_format_percent (double fraction, guint decimals)
{
  g_autofree char *number = NULL;
  double value = 100 * fraction;

  decimals = MIN (decimals, 6u);
  /* A rate that rounds to zero is "0", never "-0". */
  if (!isfinite (value) || fabs (value) < 0.5 * pow (10, -(double) decimals))
    value = 0;
  /* printf writes the locale's decimal sign (LC_NUMERIC): "52,5" in French. */
  number = g_strdup_printf ("%.*f", (int) decimals, value);
  /* Translators: a percentage; %s is the number, already written with your locale's decimal
   * sign ("52,5").  Write it as your language writes percentages: "%s %%" in French with a
   * narrow no-break space (U+202F) before the sign, "%%%s" in Turkish, "%s %%" with a no-break
   * space (U+00A0) in Russian.  "%%" is the percent sign itself. */
  return g_strdup_printf (C_("percent", "%s%%"), number);
}

char *
kiela_format_elo (double elo)
{
  if (isinf (elo))
    return g_strdup (elo > 0 ? "+∞" : "−∞");
  return g_strdup_printf ("%+.0f", elo);
}
