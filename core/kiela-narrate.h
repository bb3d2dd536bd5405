/* kiela-narrate.h: plain-language, translated sentences telling what each step of a move did. */
#pragma once

#include "kiela-types.h"
#include "kiela-sow.h"

G_BEGIN_DECLS

/* One sentence for event `index` of the trace ("South lifts 2 stones from g1."). */
KIELA_AVAILABLE_IN_ALL char *kiela_narrate_event        (const KielaVariant *variant, const KielaTrace *trace, guint index);
/* One sentence for the whole move ("South sowed g1: 2 laps, no capture."). */
KIELA_AVAILABLE_IN_ALL char *kiela_narrate_move_summary (const KielaVariant *variant, const KielaTrace *trace);

G_END_DECLS
