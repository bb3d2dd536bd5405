/* kiela-lab-run.h: the Variant lab's statistics without widgets: AI-vs-AI games of one or two
 * variants on a worker thread, their progress, their results and the results' export. */
#pragma once

#include <gio/gio.h>
#include "kiela.h"

G_BEGIN_DECLS

#define KIELA_TYPE_LAB_RUN (kiela_lab_run_get_type ())
G_DECLARE_FINAL_TYPE (KielaLabRun, kiela_lab_run, KIELA, LAB_RUN, GObject)

KielaLabRun *kiela_lab_run_new          (void);
/* Plays `n_games` of `file`'s variant, then as many of `compare` (unless NULL), between `ai_a`
 * (first player) and `ai_b`, on worker threads.  The run keeps its own copy of the file, so the
 * caller may change it meanwhile.  `known` are the variants a results label must be told apart
 * from (a copy keeps its base's name).  FALSE, doing nothing, while another run is going. */
gboolean     kiela_lab_run_start_async  (KielaLabRun *self, KielaVariantFile *file, const KielaVariant *compare,
                                         KielaAiConfig *ai_a, KielaAiConfig *ai_b, guint64 n_games, guint64 seed,
                                         GPtrArray *known, GAsyncReadyCallback callback, gpointer user_data);
/* TRUE when every game was played.  A finished or cancelled run's games become the results;
 * after any other error the results before it stay. */
gboolean     kiela_lab_run_finish       (KielaLabRun *self, GAsyncResult *result, GError **error);
void         kiela_lab_run_cancel       (KielaLabRun *self);
gboolean     kiela_lab_run_is_running   (KielaLabRun *self);
/* Games finished and games in the run in progress, and an estimate of the time left in
 * microseconds (-1 before the first game ends). */
void         kiela_lab_run_get_progress (KielaLabRun *self, guint *done, guint *total, gint64 *left_us);

/* The results: 0 = the form's variant, 1 = the compared one (or NULL); NULL before any run. */
KielaStats  *kiela_lab_run_get_stats    (KielaLabRun *self, guint which);
/* The variant's name as the results show it (with its id where another variant has the name). */
const char  *kiela_lab_run_get_label    (KielaLabRun *self, guint which);
/* "lengths" or "stones" (SVG or PNG by the suffix), "summary" or "games" (CSV). */
gboolean     kiela_lab_run_export       (KielaLabRun *self, const char *what, const char *path, GError **error);

G_END_DECLS
