/* kiela-plain-ab.c: a plain alpha-beta player with a material evaluation, the yardstick of the AI's strength. */

/*
 * What anyone writes first from a textbook: negamax with alpha-beta pruning to a
 * fixed depth, iterative deepening to use a time budget (the last completed depth's
 * move is played; the root's moves are searched best-first by the previous
 * depth's scores), and an evaluation that counts stones: the mover's minus the
 * opponent's.  No transposition table, no move ordering below the root, no
 * quiescence, no repetition detection.  The rules come from the engine
 * (kiela_legal_moves), so it plays every variant and never makes an illegal move.
 *
 * It is a plugin module (never installed) so that kiela-cli tournament can play it
 * against the real opponents: KIELA_PLUGIN_PATH=_build/tests/bench kiela-cli
 * tournament --ai "plain-alphabeta time-ms=1000 cpu-clock=1" --ai ... .
 *
 * Settings: depth=D (deepest iteration, default 32), nodes=N, time-ms=T, cpu-clock=1
 * (time-ms and the host's budget are then this thread's CPU time, as with the classic
 * AIs).  Scores are in hundredths of a stone; a win is 1000000 minus its plies.
 */

#include <string.h>
#include <time.h>

#include "kiela-plugin.h"

#define PLAIN_WIN      1000000
#define PLAIN_INFINITY (PLAIN_WIN + 1)
#define PLAIN_MAX_PLY  32

typedef struct {
  const KielaVariant *variant;
  gboolean            cpu_clock;
  gint64              deadline_us;   /* 0: none */
  guint64             node_limit;    /* 0: none */
  guint64             nodes;
  gboolean            stopped;
  gboolean            horizon;       /* some line of this iteration was cut by the depth */
  GCancellable       *cancellable;
  /* One ply's moves and children each: the recursion itself needs little stack. */
  KielaMove           moves[PLAIN_MAX_PLY + 1][KIELA_MAX_MOVES];
  KielaPosition       children[PLAIN_MAX_PLY + 1][KIELA_MAX_MOVES];
  gboolean            endless[PLAIN_MAX_PLY + 1][KIELA_MAX_MOVES];
} Plain;

static gint64
plain_now (const Plain *p)
{
  if (p->cpu_clock)
    {
      struct timespec ts;
      if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
    }
  return g_get_monotonic_time ();
}

/* Stones of the side to move minus the opponent's, in hundredths. */
static gint
plain_evaluate (const KielaPosition *pos)
{
  gint balance = 0;

  for (guint i = 0; i < 2u * pos->files; i++)
    balance += (gint) pos->houses[pos->to_move][i] - (gint) pos->houses[1 - pos->to_move][i];
  return 100 * balance;
}

static gboolean
plain_out_of_time (Plain *p)
{
  p->nodes++;
  if (p->stopped)
    return TRUE;
  if (p->node_limit != 0 && p->nodes >= p->node_limit)
    p->stopped = TRUE;
  else if ((p->nodes & 1023) == 0
           && ((p->deadline_us != 0 && plain_now (p) >= p->deadline_us)
               || (p->cancellable != NULL && g_cancellable_is_cancelled (p->cancellable))))
    p->stopped = TRUE;
  return p->stopped;
}

static gint
plain_negamax (Plain *p, const KielaPosition *pos, guint depth, guint ply, gint alpha, gint beta)
{
  guint n;
  gint best = -PLAIN_INFINITY;

  if (plain_out_of_time (p))
    return 0;
  n = kiela_legal_moves (p->variant, pos, p->moves[ply], p->children[ply], p->endless[ply]);
  if (n == 0)
    return -(PLAIN_WIN - (gint) ply);   /* no move: lost */
  if (depth == 0)
    {
      p->horizon = TRUE;
      return plain_evaluate (pos);
    }
  for (guint i = 0; i < n; i++)
    {
      gint v;

      if (p->endless[ply][i])
        v = -(PLAIN_WIN - (gint) (ply + 1));   /* where an endless move is kept, it loses */
      else
        v = -plain_negamax (p, &p->children[ply][i], depth - 1, ply + 1, -beta, -alpha);
      if (p->stopped)
        return 0;
      if (v > best)
        best = v;
      if (best > alpha)
        alpha = best;
      if (alpha >= beta)
        break;
    }
  return best;
}

static const char * const plain_keys[] = { "depth", "nodes", "time-ms", "cpu-clock", NULL };

static gboolean
plain_check_settings (GHashTable *settings, GError **error)
{
  GHashTableIter iter;
  gpointer key, value;

  if (settings == NULL)
    return TRUE;
  g_hash_table_iter_init (&iter, settings);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gint64 max = g_str_equal (key, "depth") ? PLAIN_MAX_PLY : g_str_equal (key, "cpu-clock") ? 1 : G_MAXINT64;
      if (!g_strv_contains (plain_keys, key))
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       "Setting “%s” is not known to the plain-alphabeta algorithm.", (const char *) key);
          return FALSE;
        }
      if (!g_ascii_string_to_signed (value, 10, g_str_equal (key, "depth") ? 1 : 0, max, NULL, NULL))
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       "Setting “%s=%s”: expected a whole number from %d to %" G_GINT64_FORMAT ".",
                       (const char *) key, (const char *) value, g_str_equal (key, "depth") ? 1 : 0, max);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
plain_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  Plain *p = g_new0 (Plain, 1);
  KielaMove root_moves[KIELA_MAX_MOVES];
  KielaPosition root_children[KIELA_MAX_MOVES];
  gboolean root_endless[KIELA_MAX_MOVES];
  gint order[KIELA_MAX_MOVES], scores[KIELA_MAX_MOVES];
  guint n, max_depth, completed = 0;
  gint64 start, time_ms;
  gint best_score = 0;
  KielaMove best_move = -1;

  p->variant = request->variant;
  p->cancellable = request->cancellable;
  p->cpu_clock = kiela_ai_setting_int (request->settings, "cpu-clock", 0) != 0;
  p->node_limit = (guint64) MAX (0, kiela_ai_setting_int (request->settings, "nodes", 0));
  max_depth = (guint) CLAMP (kiela_ai_setting_int (request->settings, "depth", PLAIN_MAX_PLY), 1, PLAIN_MAX_PLY);
  start = plain_now (p);
  time_ms = kiela_ai_setting_int (request->settings, "time-ms", 0);
  if (request->time_budget_us > 0)
    p->deadline_us = start + request->time_budget_us;
  if (time_ms > 0 && (p->deadline_us == 0 || start + time_ms * 1000 < p->deadline_us))
    p->deadline_us = start + time_ms * 1000;

  n = kiela_legal_moves (request->variant, &request->position, root_moves, root_children, root_endless);
  if (n == 0)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER, "No legal move in this position.");
      g_free (p);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    order[i] = (gint) i, scores[i] = 0;

  for (guint depth = 1; depth <= max_depth; depth++)
    {
      gint alpha = -PLAIN_INFINITY, iter_best = -1;
      gint64 deadline = p->deadline_us;
      guint64 limit = p->node_limit;

      /* Depth 1 always completes: there must be a move to play. */
      if (depth == 1)
        p->deadline_us = 0, p->node_limit = 0, p->cancellable = NULL;
      p->horizon = FALSE;
      for (guint k = 0; k < n; k++)
        {
          gint i = order[k], v;

          if (root_endless[i])
            v = -(PLAIN_WIN - 1);
          else
            v = -plain_negamax (p, &root_children[i], depth - 1, 1, -PLAIN_INFINITY, -alpha);
          if (p->stopped)
            break;
          scores[i] = v;
          if (v > alpha)
            alpha = v, iter_best = i;
        }
      p->deadline_us = deadline, p->node_limit = limit, p->cancellable = request->cancellable;
      if (p->stopped)
        break;
      best_move = root_moves[iter_best];
      best_score = alpha;
      completed = depth;

      /* Best first for the next depth (a stable insertion sort by score). */
      for (guint a = 1; a < n; a++)
        {
          gint o = order[a], j = (gint) a - 1;
          while (j >= 0 && scores[order[j]] < scores[o])
            {
              order[j + 1] = order[j];
              j--;
            }
          order[j + 1] = o;
        }
      /* A proven result, or a tree searched to its very end, cannot change with depth. */
      if (!p->horizon || best_score >= PLAIN_WIN - PLAIN_MAX_PLY - 1 || best_score <= -(PLAIN_WIN - PLAIN_MAX_PLY - 1))
        break;
      if (p->deadline_us != 0 && plain_now (p) >= p->deadline_us)
        break;
    }

  reply->move = best_move;
  reply->score = best_score;
  reply->depth = completed;
  reply->nodes = p->nodes;
  reply->seconds = (plain_now (p) - start) / 1e6;
  g_free (p);
  return TRUE;
}

static const KielaAiAlgorithm plain_algorithm = {
  .id = "plain-alphabeta",
  .name = "Plain alpha-beta (benchmark)",
  .description = "Negamax with alpha-beta pruning and iterative deepening, counting stones.",
  .check_settings = plain_check_settings,
  .think = plain_think,
};

static const KielaPluginInfo plain_info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .api_version = KIELA_PLUGIN_API_VERSION,
  .id = "bench-plain-alphabeta",
  .name = "Plain alpha-beta (benchmark)",
  .version = "1.0",
  .description = "A textbook alpha-beta player with a material evaluation, to measure the AI against",
  .license = "GPL-3.0-or-later",
};

static gboolean
plain_register (KielaRegistry *registry, GError **error)
{
  return kiela_registry_add_ai_algorithm (registry, &plain_algorithm, error);
}

KIELA_PLUGIN_DEFINE (plain_info, plain_register)
