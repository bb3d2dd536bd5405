/* kiela-ai-arrange.c: the expert setup phase for the classic AIs: a seeded search over structured arrangements. */

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kiela-ai-classic-private.h"

/* Deepest search used to judge an arrangement: setup is one decision among many
 * candidates, so each gets a shallow look only. */
#define ARRANGE_MAX_DEPTH 4

typedef struct {
  guint16 counts[KIELA_MAX_HOUSES];
  gint    quick;     /* depth-1 score, for ordering */
  gint    score;     /* score at the full arrange depth */
  gboolean scored;   /* `score` is valid */
} Candidate;

typedef struct {
  const KielaVariant *variant;
  ClassicBudget       budget;
  ClassicEvalWeights  weights;
  KielaSide           side;       /* who arranges */
  KielaPosition       base;       /* the board with `side`'s houses to be filled; South to move */
  guint               files;
  guint               total;      /* the side's stones */
  gint                noise;
  guint64             noise_seed;
  /* Per-ply buffers of the scoring search (heap: worker threads and sanitizers have small stacks). */
  KielaMove           moves[ARRANGE_MAX_DEPTH + 1][KIELA_MAX_MOVES];
  KielaPosition       children[ARRANGE_MAX_DEPTH + 1][KIELA_MAX_MOVES];
  gboolean            endless[ARRANGE_MAX_DEPTH + 1][KIELA_MAX_MOVES];
} Arranger;

/* Plain alpha-beta (no table: the trees are a few thousand nodes), captures first. */
static gint
negamax (Arranger *a, const KielaPosition *pos, guint depth, guint ply, gint alpha, gint beta)
{
  gint order[KIELA_MAX_MOVES], gains[KIELA_MAX_MOVES];
  gint best = -CLASSIC_INFINITY;
  guint n;

  classic_budget_tick (&a->budget);
  if (depth == 0)
    {
      if (kiela_candidate_moves (a->variant, pos, a->moves[ply]) == 0)
        return -(CLASSIC_WIN - (gint) ply);
      return classic_evaluate (a->variant, pos, &a->weights);
    }

  n = kiela_legal_moves (a->variant, pos, a->moves[ply], a->children[ply], a->endless[ply]);
  if (n == 0)
    return -(CLASSIC_WIN - (gint) ply);

  for (guint i = 0; i < n; i++)
    {
      gint j = (gint) i - 1;
      gains[i] = a->endless[ply][i] ? G_MININT / 2 : classic_move_gain (pos, &a->children[ply][i]);
      /* Insertion sort by gain, stable: equal gains keep house order (determinism). */
      while (j >= 0 && gains[order[j]] < gains[i])
        {
          order[j + 1] = order[j];
          j--;
        }
      order[j + 1] = (gint) i;
    }

  for (guint k = 0; k < n; k++)
    {
      gint i = order[k];
      gint v;

      if (a->endless[ply][i])
        v = -(CLASSIC_WIN - (gint) (ply + 1));
      else
        v = -negamax (a, &a->children[ply][i], depth - 1, ply + 1, -beta, -alpha);
      if (a->budget.stopped)
        return 0;
      if (v > best)
        best = v;
      if (v > alpha)
        alpha = v;
      if (alpha >= beta)
        break;
    }
  return best;
}

/* How good `counts` is for the arranging side, looking `depth` plies into the first sowings. */
static gint
score_arrangement (Arranger *a, const guint16 *counts, guint depth)
{
  KielaPosition pos = a->base;
  gint v;

  memcpy (pos.houses[a->side], counts, sizeof pos.houses[a->side]);
  /* South sows first after the setup: the search runs from South's view. */
  v = negamax (a, &pos, depth, 0, -CLASSIC_INFINITY, CLASSIC_INFINITY);
  if (a->side != (KielaSide) pos.to_move)
    v = -v;
  if (a->noise > 0)
    {
      /* Seeded jitter keyed on the arrangement: weaker players misjudge, reproducibly. */
      guint64 h = a->noise_seed;
      for (guint i = 0; i < 2 * a->files; i++)
        h = mix64 (h ^ ((guint64) counts[i] << 8 | i));
      v += (gint) (h % (guint64) (2 * a->noise + 1)) - a->noise;
    }
  return v;
}

/* Places `stones` one by one, each in a uniformly chosen house. */
static void
scatter (KielaRng *rng, guint16 *counts, guint n_houses, guint stones)
{
  for (guint s = 0; s < stones; s++)
    counts[kiela_rng_below (rng, n_houses)]++;
}

/*
 * One structured candidate.  Kiela players set up in pairs (a house of 2 can be
 * sown at once and relays), and cover the inner houses that face the opponent's
 * occupied inner houses: those are where captures happen, both ways.  The
 * templates mix these ideas with chance, so the search sees varied shapes.
 */
static void
make_candidate (Arranger *a, KielaRng *rng, guint16 *counts)
{
  guint F = a->files, N = 2 * F;
  const guint16 *theirs = a->base.houses[KIELA_OTHER_SIDE (a->side)];
  guint pairs = a->total / 2, odd = a->total % 2;
  guint houses[KIELA_MAX_HOUSES];
  guint n_houses = 0;

  memset (counts, 0, sizeof (guint16) * KIELA_MAX_HOUSES);
  switch (kiela_rng_below (rng, 5))
    {
    case 0:
      /* Pairs in distinct houses, as many houses as the stones allow. */
      for (guint h = 0; h < N; h++)
        houses[n_houses++] = h;
      for (guint i = n_houses; i > 1; i--)
        {
          guint j = kiela_rng_below (rng, i), t = houses[i - 1];
          houses[i - 1] = houses[j];
          houses[j] = t;
        }
      for (guint p = 0; p < pairs; p++)
        counts[houses[p % n_houses]] += 2;
      break;

    case 1:
    case 2:
      {
        /* Cover the inner houses facing occupied ones first, then pairs anywhere,
         * some stacked (bigger houses reach further and relay longer). */
        guint p = 0;
        for (guint h = F; h < N && p < pairs; h++)
          if (theirs[3 * F - 1 - h] > 0 && kiela_rng_below (rng, 4) != 0)
            {
              counts[h] += 2;
              p++;
            }
        for (; p < pairs; p++)
          {
            guint h = kiela_rng_below (rng, N);
            if (counts[h] >= 2 && kiela_rng_below (rng, 3) != 0)
              h = kiela_rng_below (rng, N);
            counts[h] += 2;
          }
      }
      break;

    case 3:
      {
        /* A few big stacks in the outer row and pairs in the inner row. */
        guint p = 0;
        for (guint h = F; h < N && p < pairs; h++)
          if (kiela_rng_below (rng, 2) == 0)
            {
              counts[h] += 2;
              p++;
            }
        for (; p < pairs; p++)
          counts[kiela_rng_below (rng, F)] += 2;
      }
      break;

    default:
      /* Stone by stone: the shapeless ones keep the search honest. */
      scatter (rng, counts, N, 2 * pairs);
      break;
    }
  scatter (rng, counts, N, odd);
}

/* Moves one or two stones from an occupied house to another: a neighbour in the hill-climb. */
static void
mutate (Arranger *a, KielaRng *rng, const guint16 *from_counts, guint16 *counts)
{
  guint N = 2 * a->files;
  guint occupied[KIELA_MAX_HOUSES], n_occ = 0;
  guint from, to, k;

  memcpy (counts, from_counts, sizeof (guint16) * KIELA_MAX_HOUSES);
  for (guint h = 0; h < N; h++)
    if (counts[h] > 0)
      occupied[n_occ++] = h;
  if (n_occ == 0)
    return;
  from = occupied[kiela_rng_below (rng, n_occ)];
  to = kiela_rng_below (rng, N - 1);
  if (to >= from)
    to++;
  k = 1u + kiela_rng_below (rng, 2);   /* not inside MIN (): it would draw twice */
  k = MIN (k, counts[from]);
  counts[from] -= k;
  counts[to] += k;
}

static gboolean
fail_cancelled (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                       _("The AI was stopped before it arranged its stones."));
  return FALSE;
}

static gint
compare_quick (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  const Candidate *x = pa, *y = pb;
  /* Best first; g_qsort_with_data is stable, so ties keep generation order (determinism). */
  return (y->quick > x->quick) - (y->quick < x->quick);
}

/*
 * The search: `n_candidates` structured arrangements (and the current one) are
 * judged by a 1-ply look, then, best first, by a `depth`-ply search as long as the
 * budget lasts; the best is then improved by moving stones one or two at a time
 * while that helps.  A node budget makes all of it reproducible.
 */
static gboolean
search_arrange (const KielaAiRequest *request, guint depth, guint n_candidates,
                guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  Arranger *a;
  Candidate *cands;
  KielaRng rng;
  guint n = 0, best = 0;
  gboolean any_deep = FALSE;
  gint64 arrange_nodes;

  if (classic_is_cancelled (request->cancellable))
    return fail_cancelled (error);

  a = g_new0 (Arranger, 1);
  a->variant = request->variant;
  a->side = request->position.to_move ? KIELA_NORTH : KIELA_SOUTH;
  a->files = request->position.files;
  a->total = kiela_position_side_total (&request->position, a->side);
  a->base = request->position;
  a->base.to_move = KIELA_SOUTH;
  memset (a->base.houses[a->side], 0, sizeof a->base.houses[a->side]);
  classic_budget_init (&a->budget, request);
  arrange_nodes = kiela_ai_setting_int (request->settings, "arrange-nodes", 0);
  if (arrange_nodes > 0)
    a->budget.node_limit = (guint64) arrange_nodes;
  classic_eval_weights_init (&a->weights, request->settings);
  a->noise = (gint) kiela_ai_setting_int (request->settings, "noise", 0);
  a->noise_seed = mix64 (request->seed ^ G_GUINT64_CONSTANT (0x3c6ef372fe94f82b));
  depth = CLAMP (depth, 1, ARRANGE_MAX_DEPTH);
  classic_rng_init (&rng, request);

  cands = g_new0 (Candidate, n_candidates + 1);
  /* The arrangement the side already has is always a candidate: the search never
   * does worse than keeping it, by its own judgement. */
  memcpy (cands[n++].counts, request->position.houses[a->side], sizeof cands[0].counts);
  for (guint i = 0; i < n_candidates; i++)
    {
      make_candidate (a, &rng, cands[n].counts);
      /* A constrained arrangement (Quiela's): each candidate is brought within the rules. */
      kiela_variant_conform_arrangement (a->variant, cands[n++].counts);
    }

  /* Stage 1: a 1-ply look at every candidate.  Cheap, and only a cancel stops it,
   * so even a tiny budget gives a considered answer. */
  {
    guint64 saved_limit = a->budget.node_limit;
    gint64 saved_deadline = a->budget.deadline_us;
    a->budget.node_limit = 0;
    a->budget.deadline_us = 0;
    for (guint i = 0; i < n; i++)
      {
        cands[i].quick = score_arrangement (a, cands[i].counts, 1);
        if (a->budget.stopped)
          break;
      }
    a->budget.node_limit = saved_limit;
    a->budget.deadline_us = saved_deadline;
  }
  if (classic_is_cancelled (request->cancellable))
    goto cancelled;
  a->budget.stopped = FALSE;
  g_qsort_with_data (cands, (gint) n, sizeof *cands, compare_quick, NULL);
  best = 0;

  /* Stage 2: the deeper look, best-looking first, while the budget lasts. */
  if (depth > 1)
    for (guint i = 0; i < n && !classic_budget_check (&a->budget); i++)
      {
        gint v = score_arrangement (a, cands[i].counts, depth);
        if (a->budget.stopped)
          break;
        cands[i].score = v;
        cands[i].scored = TRUE;
        if (!any_deep || v > cands[best].score)
          best = i;
        any_deep = TRUE;
      }
  else
    {
      for (guint i = 0; i < n; i++)
        cands[i].score = cands[i].quick, cands[i].scored = TRUE;
      any_deep = TRUE;
    }
  if (classic_is_cancelled (request->cancellable))
    goto cancelled;

  /* Stage 3: hill-climb from the best by moving a stone or two at a time. */
  if (any_deep)
    {
      Candidate cur = cands[best];
      guint tries = n_candidates;

      for (guint t = 0; t < tries && !classic_budget_check (&a->budget); t++)
        {
          Candidate next = { 0 };
          mutate (a, &rng, cur.counts, next.counts);
          kiela_variant_conform_arrangement (a->variant, next.counts);
          next.score = score_arrangement (a, next.counts, depth);
          if (a->budget.stopped)
            break;
          if (next.score > cur.score)
            cur = next;
        }
      memcpy (counts, cur.counts, sizeof cur.counts);
    }
  else
    memcpy (counts, cands[0].counts, sizeof cands[0].counts);

  if (classic_is_cancelled (request->cancellable))
    goto cancelled;
  g_free (cands);
  g_free (a);
  return TRUE;

cancelled:
  g_free (cands);
  g_free (a);
  return fail_cancelled (error);
}

gboolean
classic_arrange_random (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  KielaRng rng;
  KielaSide side = request->position.to_move ? KIELA_NORTH : KIELA_SOUTH;

  if (classic_is_cancelled (request->cancellable))
    return fail_cancelled (error);
  classic_rng_init (&rng, request);
  memset (counts, 0, sizeof (guint16) * KIELA_MAX_HOUSES);
  scatter (&rng, counts, 2u * request->position.files, kiela_position_side_total (&request->position, side));
  kiela_variant_conform_arrangement (request->variant, counts);
  return TRUE;
}

gboolean
classic_arrange_greedy (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  return search_arrange (request, 1,
                         (guint) kiela_ai_setting_int (request->settings, "arrange-candidates", 40),
                         counts, error);
}

gboolean
classic_arrange_search (const KielaAiRequest *request, guint default_depth,
                         guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  guint depth = (guint) kiela_ai_setting_int (request->settings, "arrange-depth", default_depth);
  guint n = (guint) kiela_ai_setting_int (request->settings, "arrange-candidates", 400);

  return search_arrange (request, depth, n, counts, error);
}

gboolean
classic_check_arrange_settings (GHashTable *settings, GError **error)
{
  return classic_check_int_setting (settings, "arrange-depth", 1, ARRANGE_MAX_DEPTH, error)
      && classic_check_int_setting (settings, "arrange-candidates", 0, 100000, error)
      && classic_check_int_setting (settings, "arrange-nodes", 0, G_MAXINT64, error);
}
