/* kiela-trace-player.h: steps through one move's trace stone by stone and shows each step on the board. */
#pragma once

#include <gtk/gtk.h>
#include "kiela.h"
#include "kiela-board-view.h"

G_BEGIN_DECLS

#define KIELA_TYPE_TRACE_PLAYER (kiela_trace_player_get_type ())
G_DECLARE_FINAL_TYPE (KielaTracePlayer, kiela_trace_player, KIELA, TRACE_PLAYER, GObject)

KielaTracePlayer *kiela_trace_player_new          (KielaBoardView *board);

/* Takes ownership of `trace` (NULL clears); shows the step `index` (clamped to the end). */
void              kiela_trace_player_set_trace    (KielaTracePlayer *self,
                                                   const KielaVariant *variant,
                                                   KielaTrace *trace,
                                                   guint index);
const KielaTrace *kiela_trace_player_get_trace    (KielaTracePlayer *self);
/* Events shown so far: 0 = before the move, n_events = the whole move. */
guint             kiela_trace_player_get_index    (KielaTracePlayer *self);
guint             kiela_trace_player_get_n_events (KielaTracePlayer *self);
gboolean          kiela_trace_player_is_at_end    (KielaTracePlayer *self);
gboolean          kiela_trace_player_is_at_start  (KielaTracePlayer *self);
/* The board and hand the player shows now (as kiela_trace_position_at gives them). */
void              kiela_trace_player_get_shown    (KielaTracePlayer *self, KielaPosition *pos, guint *hand);

/* Jumps to the step `index` (events shown; clamped to the end) and pauses: the step list uses it. */
void              kiela_trace_player_set_index    (KielaTracePlayer *self, guint index);
void              kiela_trace_player_step_forward (KielaTracePlayer *self);
void              kiela_trace_player_step_back    (KielaTracePlayer *self);
void              kiela_trace_player_go_to_start  (KielaTracePlayer *self);
void              kiela_trace_player_go_to_end    (KielaTracePlayer *self);

void              kiela_trace_player_play         (KielaTracePlayer *self);
void              kiela_trace_player_pause        (KielaTracePlayer *self);
gboolean          kiela_trace_player_get_playing  (KielaTracePlayer *self);
/* Milliseconds between steps; 0 plays a move at once. */
void              kiela_trace_player_set_interval (KielaTracePlayer *self, guint ms);
void              kiela_trace_player_set_pause_on_capture (KielaTracePlayer *self, gboolean pause);

/* A translated sentence for the step shown now; NULL without a trace. */
char             *kiela_trace_player_dup_narration (KielaTracePlayer *self);
/* The same for the step `index` (0 = before the move, i = after event i-1). */
char             *kiela_trace_player_dup_narration_at (KielaTracePlayer *self, guint index);
/* The sentence before a move is replayed ("North is about to sow b3."). */
char             *kiela_trace_player_narrate_start (const KielaTrace *trace);
char             *kiela_trace_player_narrate_start_in (const KielaTrace *trace, const KielaCatalogue *catalogue);
/* The language of the narration (kiela-catalogue.h; NULL, the default: the interface's): a
 * lesson opened in another language narrates in it.  Followers rebuild, as for a new trace. */
void              kiela_trace_player_set_catalogue (KielaTracePlayer *self, KielaCatalogue *catalogue);
KielaCatalogue   *kiela_trace_player_get_catalogue (KielaTracePlayer *self);
/* Changes whenever a new trace (or none) is set, so followers know to rebuild. */
guint             kiela_trace_player_get_serial   (KielaTracePlayer *self);
const KielaVariant *kiela_trace_player_get_variant (KielaTracePlayer *self);

/* Signals: "changed" whenever the step, the trace or the playing state changes;
 * "finished" when playing reaches the end of the move. */

G_END_DECLS
