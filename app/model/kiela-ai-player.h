/* kiela-ai-player.h: runs an AI personality's search on a worker thread for the app. */
#pragma once

#include <gio/gio.h>
#include "kiela.h"

G_BEGIN_DECLS

/* Copies everything the search needs from `game`, so the game may change (or be
 * freed) while the worker thinks.  Cancelling `cancellable` makes the search return at once.
 * `cache` (may be NULL) is the memory kept across the caller's searches (KielaAiRequest.cache):
 * the worker uses it until `callback` runs, a cancelled search's too (the callback comes only
 * once the worker is done with it), so the caller leaves it to this search until then. */
void     kiela_ai_think_async    (KielaRegistry *registry, const KielaPersonality *personality, KielaGame *game,
                                  gint64 time_budget_us, guint64 seed, KielaAiCache *cache,
                                  GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
gboolean kiela_ai_think_finish   (GAsyncResult *result, KielaAiReply *reply, GError **error);

/* The expert setup phase: `personality` arranges the stones of the side whose turn it
 * is to arrange in `game`, on a worker thread (kiela_ai_arrange: checked, cancellable). */
void     kiela_ai_arrange_async  (KielaRegistry *registry, const KielaPersonality *personality, KielaGame *game,
                                  gint64 time_budget_us, guint64 seed, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data);
/* `counts` receives the side's houses in local numbering, ready for kiela_game_setup(). */
gboolean kiela_ai_arrange_finish (GAsyncResult *result, KielaSide *side,
                                  guint16 counts[KIELA_MAX_HOUSES], GError **error);

/* The strongest personality the registry has (the hint giver), or NULL. */
const KielaPersonality *kiela_ai_strongest_personality (KielaRegistry *registry);

G_END_DECLS
