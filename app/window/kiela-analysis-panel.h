/* kiela-analysis-panel.h: the strongest AI's judgement of every legal move of the shown position. */
#pragma once

#include <gtk/gtk.h>
#include "kiela.h"

G_BEGIN_DECLS

#define KIELA_TYPE_ANALYSIS_PANEL (kiela_analysis_panel_get_type ())
G_DECLARE_FINAL_TYPE (KielaAnalysisPanel, kiela_analysis_panel, KIELA, ANALYSIS_PANEL, GtkBox)

GtkWidget           *kiela_analysis_panel_new            (void);
/* The panel judges with the registry's strongest opponent (a personality). */
void                 kiela_analysis_panel_set_registry   (KielaAnalysisPanel *self, KielaRegistry *registry);
/* The deepest search (in the reply's plies) the panel deepens to; 6 unless set. */
void                 kiela_analysis_panel_set_max_depth  (KielaAnalysisPanel *self, guint depth);
/*
 * Judges `pos` (copied, as are `history`: the game's earlier positions, oldest first),
 * cancelling whatever was being judged: results arrive depth by depth from a worker
 * thread.  A NULL `pos` shows `reason` instead (the setup phase, a finished game).
 */
void                 kiela_analysis_panel_set_position   (KielaAnalysisPanel *self, const KielaVariant *variant,
                                                          const KielaPosition *pos, const KielaPosition *history,
                                                          guint n_history, const char *reason);
/* Stops the work (the panel is hidden); set_position starts it again. */
void                 kiela_analysis_panel_stop           (KielaAnalysisPanel *self);

/* The plies of the line each row shows (the move and the answers after it). */
#define KIELA_ANALYSIS_PANEL_LINE KIELA_ANALYSIS_MAX_LINE

/* What is shown: the moves best first, the search depth they came from, the AI spec used. */
guint                kiela_analysis_panel_get_n_evals    (KielaAnalysisPanel *self);
const KielaMoveEval *kiela_analysis_panel_get_eval       (KielaAnalysisPanel *self, guint index);
guint                kiela_analysis_panel_get_depth      (KielaAnalysisPanel *self);
const char          *kiela_analysis_panel_get_spec       (KielaAnalysisPanel *self);
const KielaPosition *kiela_analysis_panel_get_position   (KielaAnalysisPanel *self); /* NULL when none */
gboolean             kiela_analysis_panel_get_running    (KielaAnalysisPanel *self);
/* The cancellable of the work under way (NULL when none), for tests. */
GCancellable        *kiela_analysis_panel_get_cancellable (KielaAnalysisPanel *self);
/* The row widgets, for tests: one a move, best first. */
GtkWidget           *kiela_analysis_panel_get_row        (KielaAnalysisPanel *self, guint index);
/* The sentence shown where the rows would be when there are none ("The game is over…"). */
GtkWidget           *kiela_analysis_panel_get_message_label (KielaAnalysisPanel *self);

/* Signals:
 *  "move-selected" (guint side, guint house): a row was activated: show that move.
 *  "updated": new results (or a new reason) are shown. */

G_END_DECLS
