/* kiela-ai-player.c: the app's AI moves and arrangements: a snapshot of the game handed to
 * KielaAiConfig's worker-thread search, so the main thread never waits for it. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-ai-player.h"

/* The request for the game as it stands; `history` receives the earlier positions
 * (the config's task copies them, so the caller frees them at once). */
static void
request_for_game (KielaGame *game, gint64 time_budget_us, guint64 seed, KielaAiRequest *request,
                  GArray **history)
{
  guint n_moves = kiela_game_get_n_moves (game);

  *history = g_array_sized_new (FALSE, FALSE, sizeof (KielaPosition), n_moves);
  for (guint i = 0; i < n_moves; i++)
    g_array_append_val (*history, *kiela_game_get_position_at (game, i));

  memset (request, 0, sizeof *request);
  request->variant = kiela_game_get_variant (game);
  request->position = *kiela_game_get_position (game);
  request->history = (const KielaPosition *) (gpointer) (*history)->data;
  request->n_history = n_moves;
  request->time_budget_us = time_budget_us;
  request->seed = seed;
}

/* Resolves the personality; on failure reports the error through the callback. */
static KielaAiConfig *
config_or_report (KielaRegistry *registry, const KielaPersonality *personality, GCancellable *cancellable,
                  GAsyncReadyCallback callback, gpointer user_data, gpointer tag)
{
  GError *error = NULL;
  KielaAiConfig *config = kiela_ai_config_new_for_personality (registry, personality, &error);

  if (config == NULL)
    {
      g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
      g_task_set_source_tag (task, tag);
      g_task_return_error (task, error);
    }
  return config;
}

void
kiela_ai_think_async (KielaRegistry *registry, const KielaPersonality *personality, KielaGame *game,
                      gint64 time_budget_us, guint64 seed, KielaAiCache *cache, GCancellable *cancellable,
                      GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(KielaAiConfig) config = config_or_report (registry, personality, cancellable, callback, user_data,
                                                      kiela_ai_think_async);
  g_autoptr(GArray) history = NULL;
  KielaAiRequest request;

  if (config == NULL)
    return;
  request_for_game (game, time_budget_us, seed, &request, &history);
  request.cache = cache;
  kiela_ai_config_think_async (config, &request, cancellable, callback, user_data);
}

gboolean
kiela_ai_think_finish (GAsyncResult *result, KielaAiReply *reply, GError **error)
{
  return kiela_ai_config_think_finish (result, reply, error);
}

void
kiela_ai_arrange_async (KielaRegistry *registry, const KielaPersonality *personality, KielaGame *game,
                        gint64 time_budget_us, guint64 seed, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  KielaPhase phase = kiela_game_get_phase (game);
  g_autoptr(KielaAiConfig) config = NULL;
  g_autoptr(GArray) history = NULL;
  KielaAiRequest request;

  if (phase == KIELA_PHASE_PLAY)
    {
      g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
      g_task_set_source_tag (task, kiela_ai_arrange_async);
      g_task_return_new_error (task, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, "%s",
                               _("The setup phase is over: stones can no longer be rearranged"));
      return;
    }
  config = config_or_report (registry, personality, cancellable, callback, user_data, kiela_ai_arrange_async);
  if (config == NULL)
    return;
  request_for_game (game, time_budget_us, seed, &request, &history);
  /* The board as it stands (North sees South's arrangement), the arranging side "to move". */
  request.position.to_move = phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
  kiela_ai_config_arrange_async (config, &request, cancellable, callback, user_data);
}

gboolean
kiela_ai_arrange_finish (GAsyncResult *result, KielaSide *side, guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  return kiela_ai_config_arrange_finish (result, side, counts, error);
}

const KielaPersonality *
kiela_ai_strongest_personality (KielaRegistry *registry)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  const KielaPersonality *best = NULL;

  for (guint i = 0; all && i < all->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (all, i);

      if (kiela_registry_lookup_ai_algorithm (registry, p->algorithm) == NULL)
        continue;
      if (best == NULL || p->level >= best->level)
        best = p;
    }
  return best;
}
