/* kiela-ai-alphabeta.c: negamax alpha-beta with iterative deepening, a transposition table and move ordering. */

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kiela-ai-classic-private.h"

#define MAX_PLY 64

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };
/* In TTEntry.flag beside the bound: `decisions` holds the move's extra-capture target. */
#define TT_TARGET 0x4
/* With TT_TARGET: the move is a skip (KIELA_MOVE_SKIP), its target the mover's own house. */
#define TT_SKIP 0x8
#define TT_BOUND(e) ((e)->flag & 0x3)
/* With TT_TARGET: the second target of an extra capture of two, plus one (0: none), its low 2
 * bits in the top of `decisions`, its high 4 in the top of `flag` (a target + 1 fits 6 bits). */
#define TT_TARGET2(e) ((guint) (((e)->decisions >> 6) | (((e)->flag >> 4) << 2)))

typedef struct {
  guint64 key;
  gint32  score;
  gint8   depth;
  guint8  flag;
  guint8  move;   /* KIELA_MOVE_INDEX of the best move; KIELA_NO_HOUSE when none */
  /* its KIELA_MOVE_DECISIONS (was padding), or with TT_TARGET in `flag` its extra capture's
   * target + 1 (no variant has both) */
  guint8  decisions;
} TTEntry;

/* Before the entries of a table kept in the host's cache (KielaAiRequest.cache). */
typedef struct {
  guint64 fingerprint;  /* what the scores depend on (0: a new block) */
  guint64 noise_seed;   /* the evaluation jitter's, the first search's */
} TTHeader;

typedef struct {
  const KielaVariant *variant;
  ClassicBudget       budget;
  ClassicEvalWeights  weights;
  gint                noise;      /* eval jitter in hundredths of a stone, seeded: weaker or varied play */
  guint64             noise_seed;
  guint               qs_plies;   /* capture-only plies searched past the horizon */
  guint               lmr;        /* late-move reductions: moves searched in full before them (0: none) */
  gint                aspiration; /* the root's first window, +-this around the last score (0: none) */
  gint                time_use;   /* percent of the time after which no new depth starts */

  TTEntry            *tt;
  guint64             tt_mask;
  gboolean            tt_borrowed; /* the request's cache owns it */

  /* Repetition: keys along the current line, and of the game before the root. */
  guint64             path[MAX_PLY + 1];
  GHashTable         *game_keys;  /* key -> times seen before the root */

  KielaMove           killers[MAX_PLY][2];
  guint32             history[KIELA_MOVE_INDEX_MAX];   /* by move: clockwise ones too */

  /* Per-ply buffers, so the recursion needs little stack (worker threads, sanitizers).  About
   * 19 MB (KIELA_MAX_MOVES leaves room for extra captures' longer lists) of which a search
   * touches a few pages: left unzeroed (search_new), each ply writes its entries before
   * reading them.  Keep them last. */
  KielaMove           moves[MAX_PLY + 1][KIELA_MAX_MOVES];
  KielaPosition       children[MAX_PLY + 1][KIELA_MAX_MOVES];
  gboolean            endless[MAX_PLY + 1][KIELA_MAX_MOVES];
  guint16             captured[MAX_PLY + 1][KIELA_MAX_MOVES];
  guint64             keys[MAX_PLY + 1][KIELA_MAX_MOVES];   /* of the children */
  gint                order[MAX_PLY + 1][KIELA_MAX_MOVES];
} Search;

/*
 * A Search with its fields zeroed but not its per-ply buffers.  Zeroing all of it (g_new0)
 * cost a fifth of a 20 ms move: once glibc's malloc has seen a large block freed it serves the
 * next ones from its heap, so calloc clears all 19 MB instead of mapping fresh zero pages.
 */
static Search *
search_new (void)
{
  Search *s = g_malloc (sizeof (Search));

  memset (s, 0, G_STRUCT_OFFSET (Search, moves));
  return s;
}

static gint
evaluate (Search *s, const KielaPosition *pos, guint64 key)
{
  gint v = classic_evaluate (s->variant, pos, &s->weights);
  if (s->noise > 0)
    /* Jitter keyed on the position, so a position keeps its value within a search
     * (the transposition table stays consistent) yet differs from seed to seed. */
    v += (gint) (mix64 (key ^ s->noise_seed) % (guint64) (2 * s->noise + 1)) - s->noise;
  return v;
}

static inline gint
score_to_tt (gint score, guint ply)
{
  if (score >= CLASSIC_WIN_BOUND)
    return score + (gint) ply;
  if (score <= -CLASSIC_WIN_BOUND)
    return score - (gint) ply;
  return score;
}

static inline gint
score_from_tt (gint score, guint ply)
{
  if (score >= CLASSIC_WIN_BOUND)
    return score - (gint) ply;
  if (score <= -CLASSIC_WIN_BOUND)
    return score + (gint) ply;
  return score;
}

/* Is the position at `ply` (key) a repetition?  A position seen before on this line
 * or earlier in the game counts as a draw: the side that wants more can avoid it, and
 * playing into it twice more would end the game drawn anyway. */
static gboolean
is_repetition (Search *s, guint ply, guint64 key)
{
  for (gint p = (gint) ply - 2; p >= 0; p -= 2)
    if (s->path[p] == key)
      return TRUE;
  return s->game_keys != NULL && g_hash_table_contains (s->game_keys, &key);
}

/* Sorts the moves at `ply` best-first: TT move, then captures by size, killers, history. */
static void
order_moves (Search *s, guint ply, guint n, KielaMove tt_move)
{
  gint keys[KIELA_MAX_MOVES];
  gint *order = s->order[ply];

  for (guint i = 0; i < n; i++)
    {
      KielaMove m = s->moves[ply][i];
      gint k;

      if (s->endless[ply][i])
        k = -1000000000;   /* loses at once */
      else if (m == tt_move)
        k = 1000000000;
      else
        {
          gint gain = classic_capture_gain (s->variant, s->captured[ply][i]);
          /* Bounded so that no capture outranks the TT move (and the product fits). */
          k = CLAMP (gain, -900, 900) * 1000000;
          if (ply < MAX_PLY && (m == s->killers[ply][0] || m == s->killers[ply][1]))
            k += 500000;
          k += (gint) MIN (s->history[KIELA_MOVE_INDEX (m)], 400000u);
        }
      keys[i] = k;
      order[i] = (gint) i;
    }

  /* Insertion sort: stable, so equal keys keep house order; at most 40 moves but with an extra
   * capture (a move for every house it may take), whose longer lists are rare and still short. */
  for (guint i = 1; i < n; i++)
    {
      gint o = order[i], k = keys[o];
      gint j = (gint) i - 1;
      while (j >= 0 && keys[order[j]] < k)
        {
          order[j + 1] = order[j];
          j--;
        }
      order[j + 1] = o;
    }
}

/*
 * The legal moves at `ply` with their children, captures and hash keys; each
 * child's transposition-table slot is fetched into the cache now, so that it
 * is there when the child is searched.
 */
static guint
generate (Search *s, const KielaPosition *pos, guint ply)
{
  guint n = kiela_legal_moves_captured (s->variant, pos, s->moves[ply], s->children[ply], s->endless[ply],
                                        NULL, s->captured[ply]);

  for (guint i = 0; i < n; i++)
    {
      guint64 key = classic_hash (&s->children[ply][i]);
      s->keys[ply][i] = key;
      __builtin_prefetch (&s->tt[key & s->tt_mask]);
    }
  return n;
}

static gint
quiesce (Search *s, const KielaPosition *pos, guint ply, guint qs_left, gint alpha, gint beta, guint64 key)
{
  gint stand, n;

  classic_budget_tick (&s->budget);
  stand = evaluate (s, pos, key);
  if (qs_left == 0 || ply >= MAX_PLY || stand >= beta)
    return stand;
  if (stand > alpha)
    alpha = stand;

  n = (gint) generate (s, pos, ply);
  if (n == 0)
    return -(CLASSIC_WIN - (gint) ply);

  /* Only captures: they change the material that the static evaluation guesses at. */
  for (gint i = 0; i < n; i++)
    {
      gint v;
      if (s->endless[ply][i] || s->captured[ply][i] == 0)
        continue;
      {
        KielaPosition child = s->children[ply][i];
        v = -quiesce (s, &child, ply + 1, qs_left - 1, -beta, -alpha, s->keys[ply][i]);
      }
      if (s->budget.stopped)
        return 0;
      if (v >= beta)
        return v;
      if (v > alpha)
        alpha = v;
    }
  return alpha;
}

static gint
negamax (Search *s, const KielaPosition *pos, gint depth, guint ply, gint alpha, gint beta)
{
  guint64 key = s->path[ply];
  TTEntry *e;
  KielaMove tt_move = -1, best_move = -1;
  gint best = -CLASSIC_INFINITY, alpha0 = alpha;
  guint n;

  if (classic_budget_tick (&s->budget))
    return 0;
  if (ply > 0 && is_repetition (s, ply, key))
    return 0;

  e = &s->tt[key & s->tt_mask];
  if (e->key == key && TT_BOUND (e) != 0)
    {
      if (e->move != KIELA_NO_HOUSE)
        {
          tt_move = (e->flag & TT_TARGET) ? KIELA_MOVE_WITH_TARGET ((KielaMove) e->move | ((e->flag & TT_SKIP) ? KIELA_MOVE_SKIP : 0),
                                                                    (e->decisions & 0x3fu) - 1u)
                  : (KielaMove) e->move | (KielaMove) ((guint) e->decisions << KIELA_MOVE_DECLINE_SHIFT);
          if ((e->flag & TT_TARGET) && TT_TARGET2 (e) != 0)
            tt_move = KIELA_MOVE_WITH_TARGET2 (tt_move, TT_TARGET2 (e) - 1u);
        }
      if (e->depth >= depth && ply > 0)
        {
          gint v = score_from_tt (e->score, ply);
          if (TT_BOUND (e) == TT_EXACT
              || (TT_BOUND (e) == TT_LOWER && v >= beta)
              || (TT_BOUND (e) == TT_UPPER && v <= alpha))
            return v;
        }
    }

  if (depth <= 0 || ply >= MAX_PLY)
    {
      /* The horizon: a side with no move has lost, which the evaluation cannot see. */
      if (kiela_candidate_moves (s->variant, pos, s->moves[ply]) == 0)
        return -(CLASSIC_WIN - (gint) ply);
      return quiesce (s, pos, ply, s->qs_plies, alpha, beta, key);
    }

  n = generate (s, pos, ply);
  if (n == 0)
    return -(CLASSIC_WIN - (gint) ply);

  order_moves (s, ply, n, tt_move);
  for (guint k = 0; k < n; k++)
    {
      gint i = s->order[ply][k];
      KielaMove m = s->moves[ply][i];
      gint v;

      if (s->endless[ply][i])
        v = -(CLASSIC_WIN - (gint) (ply + 1));
      else
        {
          /* Copy: deeper plies reuse their own buffers, not this one, but the
           * child must outlive the ordering array untouched. */
          const KielaPosition *child = &s->children[ply][i];
          s->path[ply + 1] = s->keys[ply][i];
          if (k == 0)
            v = -negamax (s, child, depth - 1, ply + 1, -beta, -alpha);
          else
            {
              /* Late-move reductions: a quiet move late in the order is first searched a
               * ply shallower; only one that then beats alpha is searched in full. */
              gboolean reduce = s->lmr > 0 && k >= s->lmr && depth >= 3 && s->captured[ply][i] == 0
                                && m != s->killers[ply][0] && m != s->killers[ply][1];
              if (reduce)
                v = -negamax (s, child, depth - 2, ply + 1, -alpha - 1, -alpha);
              if (!reduce || (v > alpha && !s->budget.stopped))
                /* Principal variation search: prove the others worse with a null window. */
                v = -negamax (s, child, depth - 1, ply + 1, -alpha - 1, -alpha);
              if (v > alpha && v < beta && !s->budget.stopped)
                v = -negamax (s, child, depth - 1, ply + 1, -beta, -alpha);
            }
        }
      if (s->budget.stopped)
        return 0;

      if (v > best)
        {
          best = v;
          best_move = m;
        }
      if (v > alpha)
        alpha = v;
      if (alpha >= beta)
        {
          if (s->captured[ply][i] == 0 && ply < MAX_PLY)
            {
              if (s->killers[ply][0] != m)
                {
                  s->killers[ply][1] = s->killers[ply][0];
                  s->killers[ply][0] = m;
                }
              s->history[KIELA_MOVE_INDEX (m)] += (guint32) (depth * depth);
            }
          break;
        }
    }

  if (e->key != key || depth >= e->depth)
    {
      e->key = key;
      e->score = score_to_tt (best, ply);
      e->depth = (gint8) MIN (depth, 127);
      e->flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
      e->move = best_move >= 0 ? (guint8) KIELA_MOVE_INDEX (best_move) : KIELA_NO_HOUSE;
      e->decisions = best_move >= 0 ? (guint8) KIELA_MOVE_DECISIONS (best_move) : 0;
      if (best_move >= 0 && KIELA_MOVE_HAS_TARGET (best_move))
        {
          e->flag |= TT_TARGET | (KIELA_MOVE_IS_SKIP (best_move) ? TT_SKIP : 0);
          e->decisions = (guint8) (KIELA_MOVE_TARGET (best_move) + 1u);
          if (KIELA_MOVE_HAS_TARGET2 (best_move))
            {
              const guint t2 = KIELA_MOVE_TARGET2 (best_move) + 1u;

              e->decisions |= (guint8) ((t2 & 0x3u) << 6);
              e->flag |= (guint8) ((t2 >> 2) << 4);
            }
        }
    }
  return best;
}

static const char * const alphabeta_keys[] = {
  "nodes", "time-ms", "cpu-clock", "depth", "noise", "qs", "tt-mb", "lmr", "aspiration", "time-use", "book", "tt-warm",
  "w-material", "w-mobility", "w-exposure", "w-threat", "w-safe", "w-tempo",
  CLASSIC_ARRANGE_KEYS, NULL
};

static gboolean
alphabeta_check_settings (GHashTable *settings, GError **error)
{
  return classic_check_known_keys (settings, alphabeta_keys, "alphabeta", error)
      && classic_check_int_setting (settings, "nodes", 0, G_MAXINT64, error)
      && classic_check_int_setting (settings, "time-ms", 0, 3600000, error)
      && classic_check_int_setting (settings, "cpu-clock", 0, 1, error)
      && classic_check_int_setting (settings, "depth", 1, MAX_PLY - 1, error)
      && classic_check_int_setting (settings, "noise", 0, 100000, error)
      && classic_check_int_setting (settings, "qs", 0, 16, error)
      && classic_check_int_setting (settings, "lmr", 0, KIELA_MAX_BASE_MOVES, error)
      && classic_check_int_setting (settings, "aspiration", 0, 100000, error)
      && classic_check_int_setting (settings, "time-use", 1, 100, error)
      && classic_check_int_setting (settings, "book", 0, 1, error)
      && classic_check_int_setting (settings, "tt-warm", 0, 1, error)
      && classic_check_int_setting (settings, "tt-mb", 1, 1024, error)
      && classic_check_int_setting (settings, "w-material", -100000, 100000, error)
      && classic_check_int_setting (settings, "w-mobility", -100000, 100000, error)
      && classic_check_int_setting (settings, "w-exposure", -100000, 100000, error)
      && classic_check_int_setting (settings, "w-threat", -100000, 100000, error)
      && classic_check_int_setting (settings, "w-safe", -100000, 100000, error)
      && classic_check_int_setting (settings, "w-tempo", -100000, 100000, error)
      && classic_check_arrange_settings (settings, error);
}

static guint
guint64_hash (gconstpointer p)
{
  guint64 v = *(const guint64 *) p;
  return (guint) (v ^ (v >> 32));
}

static gboolean
guint64_equal (gconstpointer a, gconstpointer b)
{
  return *(const guint64 *) a == *(const guint64 *) b;
}

static gboolean
alphabeta_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  const KielaPosition *root = &request->position;
  Search *s;
  guint n, max_depth, completed = 0;
  gint64 tt_entries;
  KielaMove best_move = -1;
  gint best_score = 0;
  gint root_order[KIELA_MAX_MOVES], root_scores[KIELA_MAX_MOVES];
  gboolean ok = TRUE, warm;

  if (classic_is_cancelled (request->cancellable))
    return classic_fail_cancelled (error);
  if (classic_book_move (request, reply))
    return TRUE;

  s = search_new ();
  s->variant = request->variant;
  classic_budget_init (&s->budget, request);
  classic_eval_weights_init (&s->weights, request->settings);
  s->noise = (gint) kiela_ai_setting_int (request->settings, "noise", 0);
  s->noise_seed = mix64 (request->seed ^ G_GUINT64_CONSTANT (0x6a09e667f3bcc909));
  s->qs_plies = (guint) kiela_ai_setting_int (request->settings, "qs", 2);
  s->lmr = (guint) kiela_ai_setting_int (request->settings, "lmr", 0);
  s->aspiration = (gint) kiela_ai_setting_int (request->settings, "aspiration", 0);
  s->time_use = (gint) kiela_ai_setting_int (request->settings, "time-use", 50);
  max_depth = (guint) CLAMP (kiela_ai_setting_int (request->settings, "depth", MAX_PLY - 1), 1, MAX_PLY - 1);
  tt_entries = kiela_ai_setting_int (request->settings, "tt-mb", 8) * 1024 * 1024 / (gint64) sizeof (TTEntry);
  warm = request->cache != NULL && kiela_ai_setting_int (request->settings, "tt-warm", 1) != 0;
  {
    /* No bigger than the search can fill: a fresh table's pages are faulted in as the
     * search first touches them, and for a short search that cost as much as the search
     * itself (8 MB: 40,000 nodes in 15-17 ms of CPU; 1 MB: 8-9 ms).  At most as many entries as
     * the budget allows nodes, taking 4,000 nodes a millisecond (about the fastest measured).
     * A table kept in the host's cache serves the game's later searches too: four times that
     * on a clock, the whole size otherwise (a review's searches). */
    gint64 budget_nodes = G_MAXINT64;
    if (s->budget.node_limit != 0 && !warm)
      budget_nodes = (gint64) MIN (s->budget.node_limit, (guint64) G_MAXINT64 / 4);
    if (s->budget.deadline_us != 0)
      budget_nodes = MIN (budget_nodes, MAX (1, (s->budget.deadline_us - s->budget.start_us) / 1000) * 4000 * (warm ? 4 : 1));
    if (budget_nodes < G_MAXINT64)
      tt_entries = MIN (tt_entries, MAX (16384, budget_nodes));
  }
  s->tt_mask = 1;
  while ((gint64) (s->tt_mask + 1) * 2 <= tt_entries)
    s->tt_mask = (s->tt_mask + 1) * 2 - 1;
  if (warm)
    {
      /* The caller's table, warm from its earlier searches.  Entries hold scores, so the block
       * records what a score depends on besides the position and depth (the variant, the
       * evaluation's settings); a table of other settings is cleared.  The evaluation's jitter
       * is keyed on the first search's seed while the table lasts (a host gives each move a
       * seed of its own), so that its scores stay valid in the later searches. */
      guint64 fp = mix64 ((guint64) (gsize) s->variant) ^ mix64 ((guint64) s->noise + 1);
      TTHeader *h;
      gboolean fresh;

      fp = mix64 (fp ^ ((guint64) s->qs_plies << 32));
      fp = mix64 (fp ^ (guint64) (guint32) s->weights.material ^ ((guint64) (guint32) s->weights.mobility << 32));
      fp = mix64 (fp ^ (guint64) (guint32) s->weights.exposure ^ ((guint64) (guint32) s->weights.threat << 32));
      fp = mix64 (fp ^ (guint64) (guint32) s->weights.safe ^ ((guint64) (guint32) s->weights.tempo << 32));
      fp |= 1;   /* never 0, a fresh block's */
      h = kiela_ai_cache_get (request->cache, "alphabeta-tt", sizeof (TTHeader) + (s->tt_mask + 1) * sizeof (TTEntry), &fresh);
      if (h->fingerprint != fp)
        {
          if (!fresh)
            memset (h + 1, 0, (s->tt_mask + 1) * sizeof (TTEntry));
          h->fingerprint = fp;
          h->noise_seed = s->noise_seed;
        }
      s->noise_seed = h->noise_seed;
      s->tt = (TTEntry *) (gpointer) (h + 1);
      s->tt_borrowed = TRUE;
    }
  else
    s->tt = g_new0 (TTEntry, s->tt_mask + 1);
  for (guint p = 0; p < MAX_PLY; p++)
    s->killers[p][0] = s->killers[p][1] = -1;

  if (request->n_history > 0)
    {
      s->game_keys = g_hash_table_new_full (guint64_hash, guint64_equal, g_free, NULL);
      for (guint i = 0; i < request->n_history; i++)
        {
          guint64 *k = g_new (guint64, 1);
          *k = classic_hash (&request->history[i]);
          g_hash_table_add (s->game_keys, k);
        }
    }

  n = generate (s, root, 0);
  if (n == 0)
    {
      ok = classic_fail_no_move (request, error);
      goto out;
    }
  for (guint i = 0; i < n; i++)
    {
      root_order[i] = (gint) i;
      root_scores[i] = 0;
    }
  s->path[0] = classic_hash (root);

  for (guint depth = 1; depth <= max_depth; depth++)
    {
      gint alpha = -CLASSIC_INFINITY, iter_best = -1, iter_score = -CLASSIC_INFINITY;
      guint searched = 0;
      gint64 saved_deadline = s->budget.deadline_us;
      guint64 saved_limit = s->budget.node_limit;

      /* Depth 1 always completes (only cancelling stops it): a move must come back
       * even from a tiny budget. */
      if (depth == 1)
        s->budget.deadline_us = 0, s->budget.node_limit = 0;

      for (guint k = 0; k < n; k++)
        {
          gint i = root_order[k];
          gint v;

          if (s->endless[0][i])
            v = -(CLASSIC_WIN - 1);
          else
            {
              const KielaPosition *child = &s->children[0][i];
              s->path[1] = s->keys[0][i];
              if (k == 0 && s->aspiration > 0 && depth > 2
                  && best_score > -CLASSIC_WIN_BOUND && best_score < CLASSIC_WIN_BOUND)
                {
                  /* Aspiration: the first move in a window around the last depth's score;
                   * outside it, searched again in full. */
                  gint lo = best_score - s->aspiration, hi = best_score + s->aspiration;
                  v = -negamax (s, child, (gint) depth - 1, 1, -hi, -lo);
                  if ((v <= lo || v >= hi) && !s->budget.stopped)
                    v = -negamax (s, child, (gint) depth - 1, 1, -CLASSIC_INFINITY, CLASSIC_INFINITY);
                }
              else if (k == 0)
                v = -negamax (s, child, (gint) depth - 1, 1, -CLASSIC_INFINITY, -alpha);
              else
                {
                  v = -negamax (s, child, (gint) depth - 1, 1, -alpha - 1, -alpha);
                  if (v > alpha && !s->budget.stopped)
                    v = -negamax (s, child, (gint) depth - 1, 1, -CLASSIC_INFINITY, -alpha);
                }
            }
          if (s->budget.stopped)
            break;
          searched++;
          root_scores[i] = v;
          if (v > alpha)
            {
              alpha = v;
              iter_best = i;
              iter_score = v;
            }
        }

      if (depth == 1)
        {
          s->budget.deadline_us = saved_deadline;
          s->budget.node_limit = saved_limit;
        }

      /* A stopped iteration still counts when the previous best move was searched
       * in it: the best of what was searched is at least as good. */
      if (iter_best >= 0 && (searched == n || searched > 0))
        {
          best_move = s->moves[0][iter_best];
          best_score = iter_score;
        }
      if (s->budget.stopped)
        break;
      completed = depth;

      /* Next iteration: best move first, then by this iteration's scores. */
      for (guint a = 1; a < n; a++)
        {
          gint o = root_order[a];
          gint j = (gint) a - 1;
          gint key = o == iter_best ? G_MAXINT : root_scores[o];
          while (j >= 0)
            {
              gint oj = root_order[j];
              gint kj = oj == iter_best ? G_MAXINT : root_scores[oj];
              if (kj >= key)
                break;
              root_order[j + 1] = oj;
              j--;
            }
          root_order[j + 1] = o;
        }

      /* A proven result cannot change with more depth. */
      if (iter_score >= CLASSIC_WIN_BOUND || iter_score <= -CLASSIC_WIN_BOUND)
        break;
      if (n == 1)
        break;
      /* The next iteration costs several times this one: do not start what cannot finish. */
      if (s->budget.deadline_us != 0
          && classic_budget_now (&s->budget) - s->budget.start_us
             > (s->budget.deadline_us - s->budget.start_us) * s->time_use / 100)
        break;
      if (classic_budget_check (&s->budget))
        break;
    }

  if (best_move < 0)
    {
      /* Only a cancellation can stop depth 1 early. */
      ok = classic_fail_cancelled (error);
      goto out;
    }

  reply->move = best_move;
  reply->score = best_score;
  reply->depth = completed;
  reply->nodes = s->budget.nodes;
  reply->seconds = classic_budget_elapsed (&s->budget);
  classic_describe_move (s->variant, root, best_move, best_score, TRUE, reply->reason, sizeof reply->reason);

out:
  if (s->game_keys)
    g_hash_table_unref (s->game_keys);
  if (!s->tt_borrowed)
    g_free (s->tt);
  g_free (s);
  return ok;
}

/* Setup: a player who looks D plies ahead in play judges arrangements D-1 plies
 * deep (at most 4: there are hundreds of arrangements to judge). */
static gboolean
alphabeta_arrange (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  gint64 depth = kiela_ai_setting_int (request->settings, "depth", MAX_PLY - 1);

  if (classic_book_arrange (request, counts))
    return TRUE;
  return classic_arrange_search (request, (guint) CLAMP (depth - 1, 1, 4), counts, error);
}

const KielaAiAlgorithm classic_alphabeta_algorithm = {
  .id = "alphabeta",
  .name = N_("Alpha-beta search"),
  .description = N_("Looks several moves ahead, assuming both sides play their best, and judges the "
                    "positions it reaches by stones, mobility and safety."),
  .translation_domain = GETTEXT_PACKAGE,
  .check_settings = alphabeta_check_settings,
  .think = alphabeta_think,
  .arrange = alphabeta_arrange,
};
