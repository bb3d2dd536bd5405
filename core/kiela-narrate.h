/* kiela-narrate.h: plain-language, translated sentences telling what each step of a move did, and percentages written for the reader. */
#pragma once

#include "kiela-types.h"
#include "kiela-sow.h"

G_BEGIN_DECLS

/* One sentence for event `index` of the trace ("South lifts 2 stones from g1."). */
KIELA_AVAILABLE_IN_ALL char *kiela_narrate_event        (const KielaVariant *variant, const KielaTrace *trace, guint index);
/* One sentence for the whole move ("South sowed g1: 2 laps, no capture."). */
KIELA_AVAILABLE_IN_ALL char *kiela_narrate_move_summary (const KielaVariant *variant, const KielaTrace *trace);
/* The same in `catalogue`'s language (kiela-catalogue.h; NULL: the interface's). */
KIELA_AVAILABLE_IN_ALL char *kiela_narrate_event_in        (const KielaVariant *variant, const KielaTrace *trace, guint index,
                                                            const KielaCatalogue *catalogue);
KIELA_AVAILABLE_IN_ALL char *kiela_narrate_move_summary_in (const KielaVariant *variant, const KielaTrace *trace,
                                                            const KielaCatalogue *catalogue);
/* `fraction` (0.5) as a percentage written for the reader's language and locale, with `decimals`
 * digits after the locale's decimal sign: "50%", "50 %" in French, "%50" in Turkish.  Every
 * percentage the app and the plugins show goes through here. */
KIELA_AVAILABLE_IN_ALL char *kiela_format_percent       (double fraction, guint decimals);
/* An Elo difference as a signed whole number: "+79", "-12", and "+∞" or "−∞" for a score of
 * all wins or all losses (the stats command and the Variant lab alike). */
KIELA_AVAILABLE_IN_ALL char *kiela_format_elo           (double elo);

G_END_DECLS
