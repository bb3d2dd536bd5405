/* kiela-ai-player.c: a GTask around KielaAiAlgorithm.think, with a private copy of the game
 * state so the main thread never waits for the search. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-ai-player.h"

typedef struct {
  const KielaAiAlgorithm *algorithm;
  KielaAiRequest request;
  KielaPosition *history;
  GHashTable *settings;
  KielaAiReply reply;
  guint16 counts[KIELA_MAX_HOUSES];   /* arrange only */
} ThinkData;

static void
think_data_free (gpointer data)
{
  ThinkData *td = data;

  g_free (td->history);
  g_clear_pointer (&td->settings, g_hash_table_unref);
  g_free (td);
}

/* Returns the answer unless the task was cancelled meanwhile: a late answer must never land. */
static void
return_unless_cancelled (GTask *task, GCancellable *cancellable)
{
  if (g_cancellable_is_cancelled (cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Cancelled"));
  else
    g_task_return_boolean (task, TRUE);
}

/* Fills the task's private copy of what the algorithm needs (it runs on a worker
 * thread and must not touch the game); on failure returns the error on the task. */
static ThinkData *
think_data_prepare (GTask *task, KielaRegistry *registry, const KielaPersonality *personality, KielaGame *game,
                    gint64 time_budget_us, guint64 seed, GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  guint n_moves = kiela_game_get_n_moves (game);
  ThinkData *td = g_new0 (ThinkData, 1);

  g_task_set_task_data (task, td, think_data_free);

  td->algorithm = kiela_registry_lookup_ai_algorithm (registry, personality->algorithm);
  if (td->algorithm == NULL || td->algorithm->think == NULL)
    {
      g_task_return_new_error (task, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                               _("%s plays with the algorithm “%s”, which is not installed."),
                               personality->name, personality->algorithm);
      return NULL;
    }
  td->settings = kiela_ai_parse_settings (personality->settings ? personality->settings : "", &error);
  if (td->settings == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return NULL;
    }

  td->history = g_new (KielaPosition, MAX (n_moves, 1));
  for (guint i = 0; i < n_moves; i++)
    td->history[i] = *kiela_game_get_position_at (game, i);

  td->request.variant = kiela_game_get_variant (game);
  td->request.position = *kiela_game_get_position (game);
  td->request.history = td->history;
  td->request.n_history = n_moves;
  td->request.time_budget_us = time_budget_us;
  td->request.seed = seed;
  td->request.cancellable = cancellable;
  td->request.settings = td->settings;
  return td;
}

static void
think_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ThinkData *td = task_data;
  GError *error = NULL;

  memset (&td->reply, 0, sizeof td->reply);
  td->reply.move = -1;
  if (!td->algorithm->think (&td->request, &td->reply, &error))
    {
      if (error == NULL)
        error = g_error_new (KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, _("The computer found no move."));
      g_task_return_error (task, error);
      return;
    }
  return_unless_cancelled (task, cancellable);
}

void
kiela_ai_think_async (KielaRegistry *registry, const KielaPersonality *personality, KielaGame *game,
                      gint64 time_budget_us, guint64 seed, GCancellable *cancellable,
                      GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, kiela_ai_think_async);
  if (think_data_prepare (task, registry, personality, game, time_budget_us, seed, cancellable) == NULL)
    return;
  g_task_run_in_thread (task, think_thread);
}

gboolean
kiela_ai_think_finish (GAsyncResult *result, KielaAiReply *reply, GError **error)
{
  ThinkData *td;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  td = g_task_get_task_data (G_TASK (result));
  if (reply)
    *reply = td->reply;
  return TRUE;
}

static void
arrange_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ThinkData *td = task_data;
  GError *error = NULL;

  if (!kiela_ai_arrange (td->algorithm, &td->request, td->counts, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  return_unless_cancelled (task, cancellable);
}

void
kiela_ai_arrange_async (KielaRegistry *registry, const KielaPersonality *personality, KielaGame *game,
                        gint64 time_budget_us, guint64 seed, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  KielaPhase phase = kiela_game_get_phase (game);
  ThinkData *td;

  g_task_set_source_tag (task, kiela_ai_arrange_async);

  if (phase == KIELA_PHASE_PLAY)
    {
      g_task_return_new_error (task, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, "%s",
                               _("The setup phase is over: stones can no longer be rearranged"));
      return;
    }
  td = think_data_prepare (task, registry, personality, game, time_budget_us, seed, cancellable);
  if (td == NULL)
    return;
  /* The board as it stands (North sees South's arrangement), the arranging side "to move". */
  td->request.position.to_move = phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;

  g_task_run_in_thread (task, arrange_thread);
}

gboolean
kiela_ai_arrange_finish (GAsyncResult *result, KielaSide *side, guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  ThinkData *td;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  td = g_task_get_task_data (G_TASK (result));
  if (side)
    *side = (KielaSide) td->request.position.to_move;
  if (counts)
    memcpy (counts, td->counts, sizeof td->counts);
  return TRUE;
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
