/* kiela-game-session-ai.c: the session's computer work on worker threads: the computer's moves
 * (each side with its cache for the game), hints for the human and the expert arrangement, each
 * cancelled when the game moves on. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-game-session-private.h"
#include "kiela-ai-player.h"

/* Wall-clock budget for a personality that sets none itself. */
#define DEFAULT_AI_BUDGET_MS 800
#define HINT_BUDGET_MS 1000


static gint64
budget_us (const KielaPersonality *p, gint64 fallback_ms)
{
  g_autoptr(GHashTable) settings = kiela_ai_parse_settings (p->settings ? p->settings : "", NULL);

  return (settings ? kiela_ai_setting_int (settings, "time-ms", fallback_ms) : fallback_ms) * 1000;
}

/* The session's claim on a finished request: NULL when it was cancelled (the session may be
 * gone: `data` is not touched) or overtaken by a newer one in `*slot`; else the session, with the
 * request cleared and `prop` notified.  The callbacks hold no reference on the session:
 * disposing it cancels the request. */
static KielaGameSession *
claim (GAsyncResult *result, const GError *error, gpointer data, gsize slot_offset, guint prop)
{
  KielaGameSession *self;
  GCancellable **slot;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || data == NULL)
    return NULL;
  self = KIELA_GAME_SESSION (data);
  slot = G_STRUCT_MEMBER_P (self, slot_offset);
  if (g_task_get_cancellable (G_TASK (result)) != *slot)
    return NULL;
  g_clear_object (slot);
  _kiela_game_session_notify (self, prop);
  return self;
}

/* A computer move being searched.  It holds its side's cache from the start to the callback,
 * which comes only once the worker is done with it, cancelled or not: the session's slot is
 * empty meanwhile, so a search started after an undo cannot share the cache with one that
 * is still winding down (it takes a cache of its own).  The session may be gone by then. */
typedef struct {
  GWeakRef session;
  KielaAiCache *cache;
  KielaSide side;
  guint generation;
} AiSearch;

void
_kiela_game_session_drop_ai_caches (KielaGameSession *self)
{
  self->ai_cache_generation++;
  for (int side = 0; side < 2; side++)
    g_clear_pointer (&self->ai_cache[side], kiela_ai_cache_free);
}

/* The search is over: its cache goes back to the session, unless the game or its players
 * changed since (the table would belong to another game: `generation` differs) or a later
 * search already gave its own back; otherwise it is freed. */
static void
ai_search_end (AiSearch *search, KielaGameSession *self)
{
  if (self != NULL)
    {
      g_assert (self->ai_cache_searches > 0);
      self->ai_cache_searches--;
      if (search->generation == self->ai_cache_generation && self->ai_cache[search->side] == NULL)
        self->ai_cache[search->side] = g_steal_pointer (&search->cache);
    }
  g_clear_pointer (&search->cache, kiela_ai_cache_free);
  g_weak_ref_clear (&search->session);
  g_free (search);
}

static void
on_ai_done (GObject *source, GAsyncResult *result, gpointer data)
{
  AiSearch *search = data;
  g_autoptr(KielaGameSession) alive = g_weak_ref_get (&search->session);
  KielaGameSession *self;
  g_autoptr(GError) error = NULL;
  KielaAiReply reply;

  kiela_ai_think_finish (result, &reply, &error);
  ai_search_end (search, alive);
  self = claim (result, error, alive, G_STRUCT_OFFSET (KielaGameSession, ai_cancel), PROP_AI_THINKING);
  if (self == NULL)
    return;
  if (error != NULL)
    {
      _kiela_game_session_set_ai_paused (self, TRUE);
      _kiela_game_session_message (self, error->message);
      return;
    }
  _kiela_game_session_play_move (self, reply.move);
}

void
_kiela_game_session_maybe_start_ai (KielaGameSession *self)
{
  const KielaPersonality *p;
  AiSearch *search;

  if (self->game == NULL || self->ai_cancel != NULL || self->ai_paused || self->replaying)
    return;
  if (!kiela_game_session_is_live (self) || kiela_game_is_over (self->game))
    return;
  if (kiela_game_get_phase (self->game) != KIELA_PHASE_PLAY)
    return;

  p = _kiela_game_session_mover (self);
  if (p == NULL)
    return;

  search = g_new0 (AiSearch, 1);
  g_weak_ref_init (&search->session, self);
  search->side = (KielaSide) kiela_game_get_position (self->game)->to_move;
  search->generation = self->ai_cache_generation;
  /* Taken from the session for the search's time (see AiSearch). */
  search->cache = g_steal_pointer (&self->ai_cache[search->side]);
  if (search->cache == NULL)
    search->cache = kiela_ai_cache_new ();
  self->ai_cache_searches++;
  self->ai_cancel = g_cancellable_new ();
  kiela_ai_think_async (self->registry, p, self->game, budget_us (p, DEFAULT_AI_BUDGET_MS), g_random_int (),
                        search->cache, self->ai_cancel, on_ai_done, search);
  _kiela_game_session_notify (self, PROP_AI_THINKING);
}

static void
on_hint_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaGameSession *self;
  g_autoptr(GError) error = NULL;
  KielaAiReply reply;
  g_autofree char *sq = NULL;
  const KielaPosition *pos;

  kiela_ai_think_finish (result, &reply, &error);
  self = claim (result, error, data, G_STRUCT_OFFSET (KielaGameSession, hint_cancel), PROP_HINT_PENDING);
  if (self == NULL)
    return;
  if (error != NULL)
    {
      _kiela_game_session_message (self, error->message);
      return;
    }

  pos = kiela_game_get_position (self->game);
  sq = kiela_square_name_dup (pos->files, pos->to_move, (guint) reply.move);
  self->hint_move = reply.move;
  g_free (self->hint_text);
  if (reply.reason[0] != '\0')
    /* TRANSLATORS: %1$s a square, %2$s a short reason from the AI ("captures 5 stones") */
    self->hint_text = g_strdup_printf (_("Hint: sow %1$s. %2$s"), sq, reply.reason);
  else
    self->hint_text = g_strdup_printf (_("Hint: sow %s."), sq);
  _kiela_game_session_notify (self, PROP_HINT);
  _kiela_game_session_message (self, self->hint_text);
}

static void
on_arrange_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaGameSession *self;
  g_autoptr(GError) error = NULL;
  guint16 counts[KIELA_MAX_HOUSES];
  KielaSide side = KIELA_SOUTH;
  const KielaPersonality *player;

  kiela_ai_arrange_finish (result, &side, counts, &error);
  self = claim (result, error, data, G_STRUCT_OFFSET (KielaGameSession, ai_cancel), PROP_AI_THINKING);
  if (self == NULL)
    return;
  player = self->players[side];

  if (error == NULL)
    kiela_game_setup (self->game, side, counts, &error);
  if (error != NULL)
    {
      /* The game must go on: the start arrangement is always a valid one. */
      g_autofree char *msg = NULL;
      g_autoptr(GError) skip_error = NULL;

      /* TRANSLATORS: %1$s a player's name, %2$s the reason */
      msg = g_strdup_printf (_("%1$s could not arrange its stones and keeps the start arrangement: %2$s"),
                             player ? player->name : "?", error->message);
      _kiela_game_session_message (self, msg);
      if (!kiela_game_skip_setup (self->game, &skip_error))
        _kiela_game_session_message (self, skip_error->message);
    }
  else if (player != NULL)
    {
      /* TRANSLATORS: %1$s a player's name, %2$s "South"/"North" */
      g_autofree char *msg = g_strdup_printf (_("%1$s has arranged the stones of %2$s."), player->name,
                                              kiela_side_display_name (side));
      _kiela_game_session_message (self, msg);
    }
  _kiela_game_session_finish_setup_step (self);
}

gboolean
kiela_game_session_can_hint (KielaGameSession *self)
{
  return kiela_game_session_can_play (self) && self->hint_cancel == NULL
         && kiela_ai_strongest_personality (self->registry) != NULL;
}

void
kiela_game_session_request_hint (KielaGameSession *self)
{
  const KielaPersonality *p;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));
  if (!kiela_game_session_can_hint (self))
    return;
  p = kiela_ai_strongest_personality (self->registry);
  self->hint_cancel = g_cancellable_new ();
  /* No cache: a hint may be searched while the computer thinks with its own. */
  kiela_ai_think_async (self->registry, p, self->game, HINT_BUDGET_MS * 1000, g_random_int (), NULL,
                        self->hint_cancel, on_hint_done, self);
  _kiela_game_session_notify (self, PROP_HINT_PENDING);
}

void
_kiela_game_session_start_arrange (KielaGameSession *self, KielaSide side)
{
  const KielaPersonality *p = self->players[side];

  /* Like a move: the window stays responsive, the board shows the arrangement when it comes. */
  if (p == NULL || self->ai_cancel != NULL)
    return;
  self->ai_cancel = g_cancellable_new ();
  kiela_ai_arrange_async (self->registry, p, self->game, budget_us (p, DEFAULT_AI_BUDGET_MS), g_random_int (),
                          self->ai_cancel, on_arrange_done, self);
  _kiela_game_session_notify (self, PROP_AI_THINKING);
}
