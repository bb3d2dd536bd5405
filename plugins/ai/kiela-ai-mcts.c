/* kiela-ai-mcts.c: Monte Carlo tree search (UCT) with random or light-heuristic playouts. */

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "kiela-ai-classic-private.h"
#include "kiela-narrate.h"

typedef struct {
  KielaPosition pos;
  gint32  parent;
  gint32  first_child;   /* -1 until expanded */
  gint32  move;          /* the move that led here, whole: decisions and an extra capture's target too */
  guint16 n_children;    /* up to KIELA_MAX_MOVES (an extra capture lists a move for each house it may take) */
  gint8   terminal;      /* 0: no; 1: the side to move here has lost; 2: the mover into here lost (endless) */
  guint32 visits;
  gdouble wins;          /* for the side that made `move` (the parent's side to move) */
} Node;

typedef struct {
  const KielaVariant *variant;
  ClassicBudget       budget;
  KielaRng            rng;
  GArray             *nodes;       /* of Node */
  gdouble             c;
  gdouble             greedy;      /* chance that a playout move takes the biggest capture */
  guint               playout_plies;
} Mcts;

#define NODE(m, i) (&g_array_index ((m)->nodes, Node, (i)))

static const char * const mcts_keys[] = {
  "nodes", "time-ms", "cpu-clock", "iterations", "c", "playout", "greedy", "playout-plies", CLASSIC_ARRANGE_KEYS, NULL
};

static gboolean
mcts_check_settings (GHashTable *settings, GError **error)
{
  const char *playout = settings ? g_hash_table_lookup (settings, "playout") : NULL;

  if (!classic_check_known_keys (settings, mcts_keys, "mcts", error)
      || !classic_check_int_setting (settings, "nodes", 0, G_MAXINT64, error)
      || !classic_check_int_setting (settings, "time-ms", 0, 3600000, error)
      || !classic_check_int_setting (settings, "cpu-clock", 0, 1, error)
      || !classic_check_int_setting (settings, "iterations", 1, G_MAXINT32, error)
      || !classic_check_double_setting (settings, "c", 0.0, 100.0, error)
      || !classic_check_double_setting (settings, "greedy", 0.0, 1.0, error)
      || !classic_check_int_setting (settings, "playout-plies", 1, 100000, error)
      || !classic_check_arrange_settings (settings, error))
    return FALSE;
  if (playout != NULL && g_strcmp0 (playout, "random") != 0 && g_strcmp0 (playout, "greedy") != 0)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("Setting “playout=%s”: expected “random” or “greedy”."), playout);
      return FALSE;
    }
  return TRUE;
}

/*
 * Plays from `start` to the end or the ply cap; returns the result for `side`:
 * 1 win, 0 loss, 0.5 draw.  At the cap the side ahead in stones is scored as winning,
 * which is far more informative than calling every long game a draw.
 */
static gdouble
playout (Mcts *m, const KielaPosition *start, KielaSide side)
{
  KielaPosition pos = *start;
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  guint16 captured[KIELA_MAX_MOVES];
  gint mat;

  if (m->greedy <= 0.0)
    {
      KielaPlayoutResult r;
      kiela_random_playout_sampled (m->variant, &pos, NULL, 0, &m->rng, m->playout_plies, &r);
      m->budget.nodes += r.plies;
      if (r.reason != KIELA_REASON_MOVE_LIMIT)
        {
          if (r.status == KIELA_STATUS_DRAW)
            return 0.5;
          return (r.status == KIELA_STATUS_SOUTH_WINS) == (side == KIELA_SOUTH) ? 1.0 : 0.0;
        }
      pos = r.final;
    }
  else
    {
      for (guint ply = 0; ply < m->playout_plies; ply++)
        {
          guint n = kiela_legal_moves_captured (m->variant, &pos, moves, children, endless, NULL, captured);
          guint pick;

          m->budget.nodes++;
          if (n == 0)
            return pos.to_move == side ? 0.0 : 1.0;
          if (kiela_rng_double (&m->rng) < m->greedy)
            {
              gint best = G_MININT;
              guint n_best = 0, best_i[KIELA_MAX_MOVES];
              for (guint i = 0; i < n; i++)
                {
                  gint g = endless[i] ? G_MININT + 1 : classic_capture_gain (m->variant, captured[i]);
                  if (g > best)
                    best = g, n_best = 0;
                  if (g == best)
                    best_i[n_best++] = i;
                }
              pick = best_i[kiela_rng_below (&m->rng, n_best)];
            }
          else
            pick = kiela_rng_below (&m->rng, n);
          if (endless[pick])
            return pos.to_move == side ? 0.0 : 1.0;
          pos = children[pick];
        }
    }

  mat = classic_material (&pos, side);
  return mat > 0 ? 1.0 : mat < 0 ? 0.0 : 0.5;
}

/* Adds the children of node `i`; marks it terminal when the side to move has no move. */
static void
expand (Mcts *m, guint i)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  KielaPosition pos = NODE (m, i)->pos;
  guint n = kiela_legal_moves (m->variant, &pos, moves, children, endless);
  guint first = m->nodes->len;

  m->budget.nodes++;
  if (n == 0)
    {
      NODE (m, i)->terminal = 1;
      return;
    }
  for (guint k = 0; k < n; k++)
    {
      Node c = { 0 };
      c.pos = children[k];
      c.parent = (gint32) i;
      c.first_child = -1;
      c.move = moves[k];
      c.terminal = endless[k] ? 2 : 0;
      g_array_append_val (m->nodes, c);
    }
  /* g_array_append_val may move the array: look the node up again. */
  NODE (m, i)->first_child = (gint32) first;
  NODE (m, i)->n_children = (guint16) n;
}

static guint
select_child (Mcts *m, guint i)
{
  Node *parent = NODE (m, i);
  gdouble log_n = log ((gdouble) parent->visits + 1.0);
  gdouble best = -1.0;
  guint best_i = (guint) parent->first_child;

  for (guint k = 0; k < parent->n_children; k++)
    {
      guint ci = (guint) parent->first_child + k;
      Node *c = NODE (m, ci);
      gdouble u;

      if (c->visits == 0)
        /* Unvisited children first, in a seeded random order. */
        u = 1e9 + kiela_rng_double (&m->rng);
      else
        u = c->wins / c->visits + m->c * sqrt (log_n / c->visits);
      if (u > best)
        {
          best = u;
          best_i = ci;
        }
    }
  return best_i;
}

static void
mcts_iteration (Mcts *m)
{
  guint i = 0;
  gdouble result;     /* for the side that moved into node i */
  KielaSide mover;

  /* Selection. */
  while (NODE (m, i)->first_child >= 0 && NODE (m, i)->terminal == 0)
    i = select_child (m, i);

  /* Expansion: a node is expanded on its second visit, so that single playouts stay cheap. */
  if (NODE (m, i)->terminal == 0 && (i == 0 || NODE (m, i)->visits > 0))
    {
      expand (m, i);
      if (NODE (m, i)->terminal == 0)
        i = select_child (m, i);
    }

  mover = KIELA_OTHER_SIDE ((KielaSide) NODE (m, i)->pos.to_move);
  switch (NODE (m, i)->terminal)
    {
    case 1:  result = 1.0; break;   /* the side to move here cannot move: the mover won */
    case 2:  result = 0.0; break;   /* an endless move that loses */
    default: result = playout (m, &NODE (m, i)->pos, mover); break;
    }

  /* Backpropagation: each node's wins are for the side that moved into it. */
  for (gint j = (gint) i; j >= 0; j = NODE (m, j)->parent)
    {
      Node *n = NODE (m, j);
      n->visits++;
      n->wins += result;
      result = 1.0 - result;
      if (j == 0)
        break;
    }
}

static gboolean
mcts_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  Mcts m = { 0 };
  Node root = { 0 };
  const char *playout_kind;
  gint64 iterations;
  guint64 done = 0;
  gint best = -1;
  gboolean ok = TRUE;

  if (classic_is_cancelled (request->cancellable))
    return classic_fail_cancelled (error);

  m.variant = request->variant;
  classic_budget_init (&m.budget, request);
  classic_rng_init (&m.rng, request);
  m.c = kiela_ai_setting_double (request->settings, "c", 0.9);
  playout_kind = request->settings ? g_hash_table_lookup (request->settings, "playout") : NULL;
  m.greedy = g_strcmp0 (playout_kind, "random") == 0 ? 0.0
           : kiela_ai_setting_double (request->settings, "greedy", 0.7);
  m.playout_plies = (guint) kiela_ai_setting_int (request->settings, "playout-plies", 80);
  iterations = kiela_ai_setting_int (request->settings, "iterations", 0);

  m.nodes = g_array_sized_new (FALSE, FALSE, sizeof (Node), 4096);
  root.pos = request->position;
  root.parent = -1;
  root.first_child = -1;
  g_array_append_val (m.nodes, root);

  expand (&m, 0);
  if (NODE (&m, 0)->terminal)
    {
      ok = classic_fail_no_move (request, error);
      goto out;
    }

  if (NODE (&m, 0)->n_children > 1)
    for (;;)
      {
        mcts_iteration (&m);
        done++;
        /* Every iteration counts, even one that only revisits a finished game and
         * adds no playout: otherwise a node budget could never run out in a small,
         * fully explored tree. */
        m.budget.nodes++;
        if (iterations > 0 && done >= (guint64) iterations)
          break;
        /* The node budget counts playout plies as well as tree nodes, so that a
         * node budget means about the same thinking time as for alpha-beta. */
        if (m.budget.node_limit != 0 && m.budget.nodes >= m.budget.node_limit)
          break;
        if ((done & 15) == 0 && classic_budget_check (&m.budget))
          break;
        /* Keep memory bounded whatever the budget. */
        if (m.nodes->len > 4000000)
          break;
      }

  if (classic_is_cancelled (request->cancellable) && done == 0)
    {
      ok = classic_fail_cancelled (error);
      goto out;
    }

  /* The most visited move is the most reliable; ties go to the better win rate. */
  {
    Node *r = NODE (&m, 0);
    guint32 best_visits = 0;
    gdouble best_rate = -1.0;
    for (guint k = 0; k < r->n_children; k++)
      {
        Node *c = NODE (&m, (guint) r->first_child + k);
        gdouble rate = c->visits ? c->wins / c->visits : 0.0;
        if (c->terminal == 2)
          continue;
        if (best < 0 || c->visits > best_visits || (c->visits == best_visits && rate > best_rate))
          {
            best = (gint) k;
            best_visits = c->visits;
            best_rate = rate;
          }
      }
    if (best < 0)
      best = 0;   /* every move is endless and loses: any will do */
    {
      Node *c = NODE (&m, (guint) r->first_child + (guint) best);
      gdouble rate = c->visits ? c->wins / c->visits : 0.5;
      reply->move = c->move;
      /* A win rate mapped onto the score scale: +-10 stones at certainty. */
      reply->score = (gint) lround ((rate - 0.5) * 2000.0);
    }
  }
  /* Depth: the length of the most visited line, what the tree looked at most closely. */
  reply->depth = 0;
  for (gint j = 0; NODE (&m, j)->first_child >= 0 && NODE (&m, j)->terminal == 0; reply->depth++)
    {
      Node *n = NODE (&m, j);
      gint next = n->first_child;
      for (guint k = 1; k < n->n_children; k++)
        if (NODE (&m, n->first_child + (gint) k)->visits > NODE (&m, next)->visits)
          next = n->first_child + (gint) k;
      if (NODE (&m, next)->visits < 2)
        break;
      j = next;
    }
  reply->nodes = m.budget.nodes;
  reply->seconds = classic_budget_elapsed (&m.budget);
  classic_describe_move (m.variant, &request->position, reply->move, reply->score, FALSE,
                          reply->reason, sizeof reply->reason);
  {
    Node *c = NODE (&m, (guint) NODE (&m, 0)->first_child + (guint) best);
    if (c->visits >= 10)
      {
        g_autofree char *percent = kiela_format_percent ((double) c->wins / c->visits, 0);
        /* TRANSLATORS: %s is a percentage already written for your language ("62%", "62 %") */
        g_autofree char *more = g_strdup_printf (_("It won %s of %u trial games."), percent, c->visits);
        g_autofree char *text = g_strdup_printf ("%s %s", reply->reason, more);
        g_strlcpy (reply->reason, text, sizeof reply->reason);
      }
  }

out:
  g_array_unref (m.nodes);
  return ok;
}

/* Setup: the same shallow search over arrangements as alpha-beta's, two plies deep;
 * playouts from hundreds of arrangements would not fit a move's budget (three plies deep). */
static gboolean
mcts_arrange (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  return classic_arrange_search (request, 3, counts, error);
}

const KielaAiAlgorithm classic_mcts_algorithm = {
  .id = "mcts",
  .name = N_("Monte Carlo tree search"),
  .description = N_("Plays many quick games from the position and prefers the moves that win most often."),
  .translation_domain = GETTEXT_PACKAGE,
  .check_settings = mcts_check_settings,
  .think = mcts_think,
  .arrange = mcts_arrange,
};
