/* kiela-match.c: plays seeded series of games between two AIs on worker threads and sums them up. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-match.h"
#include "kiela-getter-private.h"
#include "kiela-game.h"
#include "kiela-position.h"
#include "kiela-rng.h"
#include "kiela-sow.h"

struct _KielaMatch {
  const KielaVariant     *variant;
  KielaAiConfig          *ai[2];
  guint64                 seed;
  gint64                  time_budget_us;
  guint                   max_plies;
  guint                   opening_plies;
  guint                   jobs;
  gboolean                details;
  gint64                  move_timeout_us;    /* 0: none */
  KielaMatchProgressFunc  progress;
  gpointer                progress_data;
  GDestroyNotify          progress_destroy;
  GMainContext           *progress_context;   /* set while running asynchronously */
  gboolean                started;
  gboolean                self_play;          /* A and B play alike: no colour-swapped pairs */

  KielaMatchGame         *games;
  guint                   n_games;
  GCancellable           *cancellable;        /* of the current run */
  GAsyncQueue            *finished;           /* games a worker finished, for the progress */
  gint                    timed_out;          /* atomic: an AI did not answer in time, no new game starts */
  GMutex                  lock;
  char                   *timeout_message;    /* the first one, under `lock` */
  guint                   timeout_game;       /* its game's index */
};

/* Games 2k and 2k+1 are a pair: one seed (so the same random opening), colours swapped,
 * which cancels the opening's luck between two different players.  With the same player
 * on both sides the two games of a pair would be one game twice, so then every game has
 * a seed of its own. */
static guint64 game_seed (KielaMatch *m, guint64 g);

/* Derives independent seeds from one: games, moves and openings never share a stream. */
static guint64
mix_seed (guint64 a, guint64 b)
{
  guint64 x = a * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + b + G_GUINT64_CONSTANT (0x632be59bd9b4e019);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static guint64
game_seed (KielaMatch *m, guint64 g)
{
  return m->self_play ? mix_seed (m->seed ^ G_GUINT64_CONSTANT (0x73656c66), g) : mix_seed (m->seed, g / 2);
}

gboolean
kiela_match_is_self_play (KielaMatch *match)
{
  g_return_val_if_fail (match != NULL, FALSE);
  return match->self_play;
}

KielaMatch *
kiela_match_new (const KielaVariant *variant, KielaAiConfig *a, KielaAiConfig *b, guint n_games, guint64 seed)
{
  KielaMatch *match;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (a != NULL && b != NULL, NULL);
  g_return_val_if_fail (n_games >= 1, NULL);

  match = g_new0 (KielaMatch, 1);
  g_mutex_init (&match->lock);
  match->variant = variant;
  match->ai[0] = kiela_ai_config_ref (a);
  match->ai[1] = kiela_ai_config_ref (b);
  match->seed = seed;
  match->max_plies = 1000;
  match->jobs = 1;
  match->n_games = n_games;
  match->self_play = kiela_ai_config_equal (a, b);
  match->games = g_new0 (KielaMatchGame, n_games);
  for (guint i = 0; i < n_games; i++)
    {
      match->games[i].index = i;
      match->games[i].seed = game_seed (match, i);
      match->games[i].a_is_south = (i % 2) == 0;
    }
  return match;
}

void
kiela_match_free (KielaMatch *match)
{
  if (match == NULL)
    return;
  for (guint i = 0; i < match->n_games; i++)
    {
      g_free (match->games[i].error_message);
      g_free (match->games[i].moves);
      g_free (match->games[i].stones);
      g_free (match->games[i].margins);
    }
  g_free (match->games);
  kiela_ai_config_unref (match->ai[0]);
  kiela_ai_config_unref (match->ai[1]);
  if (match->progress_destroy != NULL)
    match->progress_destroy (match->progress_data);
  g_clear_pointer (&match->progress_context, g_main_context_unref);
  g_free (match->timeout_message);
  g_mutex_clear (&match->lock);
  g_free (match);
}

void
kiela_match_set_time_budget (KielaMatch *match, gint64 time_budget_us)
{
  g_return_if_fail (match != NULL && !match->started);
  match->time_budget_us = MAX (time_budget_us, 0);
}

void
kiela_match_set_max_plies (KielaMatch *match, guint max_plies)
{
  g_return_if_fail (match != NULL && !match->started);
  g_return_if_fail (max_plies >= 1);
  match->max_plies = max_plies;
}

void
kiela_match_set_opening_plies (KielaMatch *match, guint opening_plies)
{
  g_return_if_fail (match != NULL && !match->started);
  match->opening_plies = opening_plies;
}

void
kiela_match_set_jobs (KielaMatch *match, guint jobs)
{
  g_return_if_fail (match != NULL && !match->started);
  match->jobs = MAX (jobs, 1);
}

void
kiela_match_set_first_game (KielaMatch *match, guint first)
{
  g_return_if_fail (match != NULL && !match->started);
  for (guint i = 0; i < match->n_games; i++)
    {
      guint g = first + i;

      match->games[i].index = g;
      match->games[i].seed = game_seed (match, g);
      match->games[i].a_is_south = (g % 2) == 0;
    }
}

void
kiela_match_set_details (KielaMatch *match, gboolean details)
{
  g_return_if_fail (match != NULL && !match->started);
  match->details = details;
}

void
kiela_match_set_move_timeout (KielaMatch *match, gint64 timeout_us)
{
  g_return_if_fail (match != NULL && !match->started);
  match->move_timeout_us = MAX (timeout_us, 0);
}

void
kiela_match_set_progress_func (KielaMatch *match, KielaMatchProgressFunc func, gpointer user_data,
                               GDestroyNotify destroy)
{
  g_return_if_fail (match != NULL && !match->started);
  if (match->progress_destroy != NULL)
    match->progress_destroy (match->progress_data);
  match->progress = func;
  match->progress_data = user_data;
  match->progress_destroy = destroy;
}

/* One move (or arrangement) asked of an AI on a thread of its own, so that the match can stop
 * waiting: a plugin's search that never returns cannot be stopped, only left behind.  Owned by
 * both threads (the reference count); everything the search reads is copied or referenced here,
 * so the search may go on after the match has moved on. */
typedef struct {
  gatomicrefcount ref;
  GMutex          lock;
  GCond           cond;
  gboolean        done;
  gboolean        arrange;
  KielaAiConfig  *config;
  KielaAiRequest  request;
  KielaPosition  *history;
  GCancellable   *cancellable;
  KielaAiReply    reply;
  guint16         counts[KIELA_MAX_HOUSES];
  gboolean        ok;
  GError         *error;
} GuardedCall;

static void
guarded_call_unref (GuardedCall *call)
{
  if (!g_atomic_ref_count_dec (&call->ref))
    return;
  kiela_ai_config_unref (call->config);
  g_free (call->history);
  g_clear_object (&call->cancellable);
  g_clear_error (&call->error);
  g_mutex_clear (&call->lock);
  g_cond_clear (&call->cond);
  g_free (call);
}

static gpointer
guarded_call_thread (gpointer data)
{
  GuardedCall *call = data;
  GError *error = NULL;
  gboolean ok;

  if (call->arrange)
    ok = kiela_ai_config_arrange (call->config, &call->request, call->counts, &error);
  else
    ok = kiela_ai_config_think (call->config, &call->request, &call->reply, &error);
  g_mutex_lock (&call->lock);
  call->ok = ok;
  call->error = error;
  call->done = TRUE;
  g_cond_signal (&call->cond);
  g_mutex_unlock (&call->lock);
  guarded_call_unref (call);
  return NULL;
}

/* Runs the AI's think() or arrange() within the match's move time-out.  FALSE with its error
 * when it fails; FALSE with *timed_out when it did not answer in time (its thread is left
 * running, with its own copy of the request). */
static gboolean
guarded_call (KielaMatch *m, KielaAiConfig *config, const KielaAiRequest *request, KielaAiReply *reply,
              guint16 counts[KIELA_MAX_HOUSES], gboolean *timed_out, GError **error)
{
  GuardedCall *call;
  GThread *thread;
  gint64 deadline;
  gboolean ok;

  *timed_out = FALSE;
  if (m->move_timeout_us <= 0)
    return counts ? kiela_ai_config_arrange (config, request, counts, error)
                  : kiela_ai_config_think (config, request, reply, error);

  call = g_new0 (GuardedCall, 1);
  g_atomic_ref_count_init (&call->ref);
  g_mutex_init (&call->lock);
  g_cond_init (&call->cond);
  call->arrange = counts != NULL;
  call->config = kiela_ai_config_ref (config);
  call->request = *request;
  if (request->n_history > 0)
    call->history = g_memdup2 (request->history, sizeof (KielaPosition) * request->n_history);
  call->request.history = call->history;
  call->cancellable = request->cancellable ? g_object_ref (request->cancellable) : NULL;
  call->request.cancellable = call->cancellable;

  g_atomic_ref_count_inc (&call->ref);
  thread = g_thread_try_new ("kiela-ai-move", guarded_call_thread, call, error);
  if (thread == NULL)
    {
      g_atomic_ref_count_dec (&call->ref);
      guarded_call_unref (call);
      return FALSE;
    }
  g_thread_unref (thread);

  deadline = g_get_monotonic_time () + m->move_timeout_us;
  g_mutex_lock (&call->lock);
  while (!call->done)
    if (!g_cond_wait_until (&call->cond, &call->lock, deadline))
      break;
  if (!call->done)
    {
      g_mutex_unlock (&call->lock);
      *timed_out = TRUE;
      guarded_call_unref (call);
      return FALSE;
    }
  g_mutex_unlock (&call->lock);
  ok = call->ok;
  if (ok && counts)
    memcpy (counts, call->counts, sizeof call->counts);
  else if (ok)
    *reply = call->reply;
  else
    g_propagate_error (error, g_steal_pointer (&call->error));
  guarded_call_unref (call);
  return ok;
}

/* The side to move forfeits: the other side wins, and the message names the AI. */
static void
forfeit (KielaMatchGame *r, KielaSide loser, KielaAiConfig *ai, const GError *error)
{
  r->ai_error = TRUE;
  r->status = kiela_status_lost_by (loser);
  r->reason = KIELA_REASON_NONE;
  r->error_message = g_strdup_printf ("%s: %s", kiela_ai_config_get_label (ai), error ? error->message : "?");
}

/* The AI to move did not answer within the time-out: it loses the game, and the match starts
 * no further game (the same AI would hang again, and its search runs on). */
static void
forfeit_timed_out (KielaMatch *m, KielaMatchGame *r, KielaSide loser, KielaAiConfig *ai)
{
  g_autoptr(GError) error = NULL;
  g_set_error (&error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
               /* TRANSLATORS: %.1f is a number of seconds ("60.0") */
               _("did not answer in time (%.1f s allowed); its search was abandoned"), m->move_timeout_us / 1e6);
  forfeit (r, loser, ai, error);
  g_mutex_lock (&m->lock);
  if (m->timeout_message == NULL)
    {
      m->timeout_game = r->index;
      m->timeout_message = g_strdup (r->error_message);
    }
  g_mutex_unlock (&m->lock);
  g_atomic_int_set (&m->timed_out, TRUE);
}

static void
append_move (GString *moves, guint files, KielaSide mover, KielaMove move)
{
  char square[4];

  kiela_square_name (files, mover, (guint) move, square);
  if (moves->len > 0)
    g_string_append_c (moves, ' ');
  g_string_append (moves, square);
}

/* Statistics of the position about to be played: stones on the board, and the
 * candidate moves the endless-move rule leaves out. */
static guint16
side_margin (const KielaPosition *pos)
{
  guint south = kiela_position_side_total (pos, KIELA_SOUTH);
  guint north = kiela_position_side_total (pos, KIELA_NORTH);

  return (guint16) (south > north ? south - north : north - south);
}

static void
record_details (KielaMatch *m, KielaMatchGame *r, GArray *stones, GArray *margins, const KielaPosition *pos)
{
  guint16 margin = side_margin (pos);
  KielaMove candidates[KIELA_MAX_MOVES], legal[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  guint16 total = (guint16) kiela_position_total (pos);
  guint n_candidates = kiela_candidate_moves (m->variant, pos, candidates);
  guint n_legal = kiela_legal_moves (m->variant, pos, legal, NULL, endless);

  g_array_append_val (stones, total);
  g_array_append_val (margins, margin);
  if (m->variant->endless_policy == KIELA_ENDLESS_ILLEGAL)
    r->endless_refused += n_candidates - n_legal;
  else
    for (guint i = 0; i < n_legal; i++)
      r->endless_refused += endless[i] ? 1 : 0;
}

/* The captures of a move just played from `before`. */
static void
record_captures (KielaMatch *m, KielaMatchGame *r, const KielaPosition *before, KielaMove move)
{
  KielaPosition copy = *before;
  KielaSowResult result;

  if (!m->details)
    return;
  kiela_sow_fast (m->variant, &copy, move, &result);
  r->captures += result.captures;
  r->captured += result.captured;
}

/* Plays one game through KielaGame, so that the rules of play (repetition, endless
 * moves, no move) are exactly the app's. */
static void
play_game (KielaMatch *m, KielaMatchGame *r)
{
  g_autoptr(KielaGame) game = kiela_game_new (m->variant);
  g_autoptr(GArray) history = g_array_new (FALSE, FALSE, sizeof (KielaPosition));
  g_autoptr(GString) moves = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) stones = m->details ? g_array_new (FALSE, FALSE, sizeof (guint16)) : NULL;
  g_autoptr(GArray) margins = m->details ? g_array_new (FALSE, FALSE, sizeof (guint16)) : NULL;
  /* Each player's memory for the game (its transposition table stays warm from move to move,
   * as in any engine's games); an AI that timed out may still be using its own, so that one
   * is left to it (never freed) rather than freed under it. */
  KielaAiCache *cache[2] = { kiela_ai_cache_new (), kiela_ai_cache_new () };
  gboolean cache_abandoned[2] = { FALSE, FALSE };

  r->played = TRUE;
  /* The setup phase: each AI arranges its own stones (South, then North, who sees
   * South's arrangement), with the same budget as a move. */
  while (kiela_game_get_phase (game) != KIELA_PHASE_PLAY)
    {
      KielaSide side = kiela_game_get_phase (game) == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
      guint who = (side == KIELA_SOUTH) == r->a_is_south ? 0 : 1;
      KielaAiRequest request = { 0 };
      guint16 counts[KIELA_MAX_HOUSES];
      gint64 start = g_get_monotonic_time ();

      request.variant = m->variant;
      request.position = *kiela_game_get_position (game);
      request.position.to_move = side;
      request.time_budget_us = m->time_budget_us;
      request.seed = mix_seed (r->seed, G_GUINT64_CONSTANT (0x7365747570) + side);
      request.cancellable = m->cancellable;
      gboolean timed_out;

      if (!guarded_call (m, m->ai[who], &request, NULL, counts, &timed_out, &error)
          || !kiela_game_setup (game, side, counts, &error))
        {
          if (timed_out)
            forfeit_timed_out (m, r, side, m->ai[who]);
          else
            forfeit (r, side, m->ai[who], error);
          goto out;
        }
      r->seconds[who] += (g_get_monotonic_time () - start) / 1e6;
    }

  while (!kiela_game_is_over (game) && r->plies < m->max_plies)
    {
      const KielaPosition *pos = kiela_game_get_position (game);
      KielaSide mover = (KielaSide) pos->to_move;
      guint who = (mover == KIELA_SOUTH) == r->a_is_south ? 0 : 1;
      KielaAiRequest request = { 0 };
      KielaAiReply reply = { 0 };
      KielaPosition before = *pos;

      if (stones)
        record_details (m, r, stones, margins, &before);
      if (r->plies < m->opening_plies)
        {
          /* The same random opening for both games of a pair: they share the seed. */
          KielaMove legal[KIELA_MAX_MOVES];
          KielaRng rng;
          guint n = kiela_legal_moves (m->variant, pos, legal, NULL, NULL);
          KielaMove move;

          kiela_rng_seed (&rng, mix_seed (r->seed, G_GUINT64_CONSTANT (0x6f70656e) + r->plies));
          if (n == 0)
            break;
          move = legal[kiela_rng_below (&rng, n)];
          if (!kiela_game_play (game, move, NULL, &error))
            break;
          g_array_append_val (history, before);
          record_captures (m, r, &before, move);
          append_move (moves, m->variant->files, mover, move);
          r->plies++;
          continue;
        }

      request.variant = m->variant;
      request.position = before;
      request.history = (const KielaPosition *) (gpointer) history->data;
      request.n_history = history->len;
      request.time_budget_us = m->time_budget_us;
      request.seed = mix_seed (r->seed, r->plies);
      request.cancellable = m->cancellable;
      request.cache = cache[who];

      gboolean timed_out;

      if (!guarded_call (m, m->ai[who], &request, &reply, NULL, &timed_out, &error)
          || !kiela_game_play (game, reply.move, NULL, &error))
        {
          if (timed_out)
            {
              cache_abandoned[who] = TRUE;
              forfeit_timed_out (m, r, mover, m->ai[who]);
            }
          else
            forfeit (r, mover, m->ai[who], error);
          goto out;
        }
      g_array_append_val (history, before);
      record_captures (m, r, &before, reply.move);
      append_move (moves, m->variant->files, mover, reply.move);
      r->plies++;
      r->seconds[who] += reply.seconds;
      r->nodes[who] += reply.nodes;
      r->depth_sum[who] += reply.depth;
      r->n_moves[who]++;
    }

  r->status = kiela_game_get_status (game, &r->reason);
  if (r->status == KIELA_STATUS_ONGOING)
    {
      r->status = KIELA_STATUS_DRAW;
      r->reason = KIELA_REASON_MOVE_LIMIT;
    }
out:
  for (guint i = 0; i < 2; i++)
    if (!cache_abandoned[i])
      kiela_ai_cache_free (cache[i]);
  r->moves = g_string_free (g_steal_pointer (&moves), FALSE);
  if (stones)
    {
      /* Exactly plies + 1 entries, the last one the final board, however the game ended. */
      guint16 total = (guint16) kiela_position_total (kiela_game_get_position (game));
      guint16 margin = side_margin (kiela_game_get_position (game));

      g_array_set_size (stones, MIN (stones->len, r->plies));
      g_array_append_val (stones, total);
      r->stones = (guint16 *) (gpointer) g_array_free (g_steal_pointer (&stones), FALSE);
      g_array_set_size (margins, MIN (margins->len, r->plies));
      g_array_append_val (margins, margin);
      r->margins = (guint16 *) (gpointer) g_array_free (g_steal_pointer (&margins), FALSE);
    }
}

static void
game_task (gpointer data, gpointer user_data)
{
  KielaMatch *m = user_data;
  KielaMatchGame *r = data;

  /* A cancelled match plays no further game; one under way stops at its AI's next poll. */
  if (!g_cancellable_is_cancelled (m->cancellable) && !g_atomic_int_get (&m->timed_out))
    play_game (m, r);
  g_async_queue_push (m->finished, r);
}

typedef struct {
  KielaMatch *match;
  guint       done;
  guint       index;
} Progress;

static gboolean
progress_in_context (gpointer data)
{
  Progress *p = data;

  p->match->progress (p->match, p->done, p->match->n_games, &p->match->games[p->index], p->match->progress_data);
  return G_SOURCE_REMOVE;
}

static gboolean
match_run (KielaMatch *match, GCancellable *cancellable, GError **error)
{
  g_autoptr(GCancellable) own = NULL;
  GThreadPool *pool;
  guint done = 0;

  g_return_val_if_fail (match != NULL, FALSE);
  g_return_val_if_fail (!match->started, FALSE);
  match->started = TRUE;

  /* The AIs poll one cancellable: give them one even when the caller has none. */
  match->cancellable = cancellable ? cancellable : (own = g_cancellable_new ());
  match->finished = g_async_queue_new ();
  pool = g_thread_pool_new (game_task, match, (gint) match->jobs, FALSE, error);
  if (pool == NULL)
    {
      g_prefix_error (error, "%s", _("Cannot start the match’s worker threads: "));
      g_async_queue_unref (match->finished);
      match->cancellable = NULL;
      return FALSE;
    }
  for (guint i = 0; i < match->n_games; i++)
    g_thread_pool_push (pool, &match->games[i], NULL);

  for (guint popped = 0; popped < match->n_games; popped++)
    {
      KielaMatchGame *r = g_async_queue_pop (match->finished);

      if (!r->played)
        continue;
      done++;
      if (match->progress == NULL)
        continue;
      if (match->progress_context != NULL)
        {
          Progress *p = g_new (Progress, 1);
          p->match = match;
          p->done = done;
          p->index = r->index;
          /* An idle source, not g_main_context_invoke(): that may call back on this
           * worker thread when the context is the global default one. */
          GSource *source = g_idle_source_new ();

          g_source_set_priority (source, G_PRIORITY_DEFAULT);
          g_source_set_callback (source, progress_in_context, p, g_free);
          g_source_attach (source, match->progress_context);
          g_source_unref (source);
        }
      else
        match->progress (match, done, match->n_games, r, match->progress_data);
    }
  /* Waits for the games under way: the match owns what they write. */
  g_thread_pool_free (pool, FALSE, TRUE);
  g_async_queue_unref (match->finished);
  match->finished = NULL;
  match->cancellable = NULL;
  /* A game an AI gave up because of the cancellation is not a result. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      for (guint i = 0; i < match->n_games; i++)
        if (match->games[i].ai_error)
          match->games[i].played = FALSE;
      return FALSE;
    }
  if (g_atomic_int_get (&match->timed_out))
    {
      guint played = 0;

      for (guint i = 0; i < match->n_games; i++)
        played += match->games[i].played ? 1 : 0;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                   /* TRANSLATORS: %1$u is a game's number, %2$s "Kota: did not answer in time (60.0 s
                    * allowed); its search was abandoned", %3$u the number of games played */
                   g_dngettext (GETTEXT_PACKAGE, "game %1$u: %2$s; the match stopped after %3$u game",
                             "game %1$u: %2$s; the match stopped after %3$u games", played),
                   match->timeout_game + 1, match->timeout_message, played);
      return FALSE;
    }
  return TRUE;
}

gboolean
kiela_match_run (KielaMatch *match, GCancellable *cancellable, GError **error)
{
  return match_run (match, cancellable, error);
}

static void
run_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  KielaMatch *match = task_data;
  GError *error = NULL;

  if (match_run (match, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
kiela_match_run_async (KielaMatch *match, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, kiela_match_run_async);
  g_task_set_task_data (task, match, NULL);
  match->progress_context = g_main_context_ref_thread_default ();
  g_task_run_in_thread (task, run_thread);
}

gboolean
kiela_match_run_finish (KielaMatch *match, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_clear_pointer (&match->progress_context, g_main_context_unref);
  return g_task_propagate_boolean (G_TASK (result), error);
}

KIELA_DEFINE_GETTER (const KielaVariant *, kiela_match_get_variant, KielaMatch, variant)
KIELA_DEFINE_GETTER (guint64, kiela_match_get_seed, KielaMatch, seed)
KIELA_DEFINE_GETTER (guint, kiela_match_get_n_games, KielaMatch, n_games)

KielaAiConfig *
kiela_match_get_ai (KielaMatch *match, guint which)
{
  g_return_val_if_fail (which < 2, NULL);
  return match->ai[which];
}

const KielaMatchGame *
kiela_match_get_game (KielaMatch *match, guint index)
{
  g_return_val_if_fail (index < match->n_games, NULL);
  return &match->games[index];
}

gdouble
kiela_match_game_score (const KielaMatchGame *game)
{
  if (game->status == KIELA_STATUS_DRAW)
    return 0.5;
  return (game->status == KIELA_STATUS_SOUTH_WINS) == game->a_is_south ? 1.0 : 0.0;
}

const char *
kiela_match_game_reason_id (const KielaMatchGame *game)
{
  if (game->ai_error)
    return "ai-error";
  switch (game->reason)
    {
    case KIELA_REASON_NO_MOVES: return "no-moves";
    case KIELA_REASON_REPETITION: return "repetition";
    case KIELA_REASON_ENDLESS_MOVE: return "endless-move";
    case KIELA_REASON_MOVE_LIMIT: return "move-limit";
    case KIELA_REASON_BOTH_ENDS: return "both-ends";
    case KIELA_REASON_NONE:
    default: return "none";
    }
}

gdouble
kiela_match_elo (gdouble score)
{
  if (score <= 0.0)
    return -INFINITY;
  if (score >= 1.0)
    return INFINITY;
  return -400.0 * log10 (1.0 / score - 1.0);
}

void
kiela_match_get_summary (KielaMatch *match, KielaMatchSummary *s)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  gdouble total_plies = 0.0, var = 0.0, n;
  gdouble seconds[2] = { 0 }, depth[2] = { 0 };
  guint64 nodes[2] = { 0 };

  g_return_if_fail (match != NULL && s != NULL);
  memset (s, 0, sizeof *s);

  for (guint i = 0; i < match->n_games; i++)
    {
      const KielaMatchGame *r = &match->games[i];
      gdouble score;

      if (!r->played)
        continue;
      score = kiela_match_game_score (r);
      s->games++;
      s->wins += score == 1.0;
      s->draws += score == 0.5;
      s->losses += score == 0.0;
      s->south_wins += r->status == KIELA_STATUS_SOUTH_WINS;
      s->north_wins += r->status == KIELA_STATUS_NORTH_WINS;
      s->move_limit_draws += r->reason == KIELA_REASON_MOVE_LIMIT;
      s->ai_errors += r->ai_error;
      s->longest_plies = MAX (s->longest_plies, r->plies);
      total_plies += r->plies;
      if (r->moves != NULL)
        g_hash_table_add (seen, r->moves);
      for (guint k = 0; k < 2; k++)
        {
          seconds[k] += r->seconds[k];
          nodes[k] += r->nodes[k];
          depth[k] += (gdouble) r->depth_sum[k];
          s->players[k].moves += r->n_moves[k];
        }
    }
  s->distinct_games = g_hash_table_size (seen);
  for (guint k = 0; k < 2; k++)
    {
      KielaMatchPlayerStats *p = &s->players[k];

      p->mean_depth = p->moves ? depth[k] / p->moves : 0.0;
      p->mean_nodes = p->moves ? (gdouble) nodes[k] / p->moves : 0.0;
      p->mean_seconds = p->moves ? seconds[k] / p->moves : 0.0;
      p->nodes_per_second = seconds[k] > 0 ? nodes[k] / seconds[k] : 0.0;
    }
  if (s->games == 0)
    {
      s->elo = s->elo_low = s->elo_high = NAN;
      return;
    }

  n = (gdouble) s->games;
  s->score = (s->wins + 0.5 * s->draws) / n;
  s->mean_plies = total_plies / n;
  s->first_player_win_rate = s->south_wins / n;
  for (guint i = 0; i < match->n_games; i++)
    if (match->games[i].played)
      {
        gdouble d = kiela_match_game_score (&match->games[i]) - s->score;
        var += d * d;
      }
  var = s->games > 1 ? var / (n - 1) : 0.0;

  /* 95% interval of the score: normal approximation from the games' own variance
   * (it counts draws right); when every game ended alike that variance is 0, and
   * the Wilson interval still gives an honest width. */
  if (var > 0.0)
    {
      gdouble half = 1.96 * sqrt (var / n);
      s->score_low = MAX (0.0, s->score - half);
      s->score_high = MIN (1.0, s->score + half);
    }
  else
    {
      gdouble z2 = 1.96 * 1.96;
      gdouble centre = (s->score + z2 / (2 * n)) / (1 + z2 / n);
      gdouble half = 1.96 * sqrt (s->score * (1 - s->score) / n + z2 / (4 * n * n)) / (1 + z2 / n);
      s->score_low = MAX (0.0, centre - half);
      s->score_high = MIN (1.0, centre + half);
    }
  s->elo = kiela_match_elo (s->score);
  s->elo_low = kiela_match_elo (s->score_low);
  s->elo_high = kiela_match_elo (s->score_high);
}
