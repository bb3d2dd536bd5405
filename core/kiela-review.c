/* kiela-review.c: judges every move of a game against the AI's best, for the post-game review, kiela-cli review and its graph. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "kiela-review.h"
#include "kiela-error.h"
#include "kiela-position.h"
#include "kiela-registry.h"
#include "kiela-sow.h"

/* Searches score a won position close to 1,000,000 (alphabeta's CLASSIC_WIN minus the plies to
 * it); anything past this is a decided game, as for the puzzles (core/kiela-lesson.c). */
#define REVIEW_WIN_BOUND 900000
#define REVIEW_WIN       1000000
#define REVIEW_MAX_DEPTH 32

struct _KielaReview {
  GObject              parent_instance;

  const KielaVariant  *variant;
  guint                n_plies;
  KielaPosition       *positions;   /* n_plies + 1: before each ply, then the line's end */
  KielaMove           *moves;       /* n_plies */
  KielaStatus          end;         /* the line's result after its last ply */
  char                *spec;        /* the root search's spec, for people */
  guint                depth;       /* 0 on a node budget */
  KielaAiConfig       *configs[REVIEW_MAX_DEPTH + 1]; /* [d]: depth d, noise 0 (the lines) */
  KielaAiConfig       *root;        /* the search of each position: depth D, or the node budget */
  KielaAiConfig       *child;       /* the played move's reply: depth D - 1, or the node budget */
  KielaAiCache        *cache;       /* one transposition table for every search */

  GArray              *judged;      /* KielaReviewMove: what the caller's thread sees */
  GMutex               lock;        /* guards `pending`: a worker fills it, the caller's thread drains it */
  GArray              *pending;
  GMainContext        *context;     /* where run_async delivers */
  gboolean             started;
};

G_DEFINE_FINAL_TYPE (KielaReview, kiela_review, G_TYPE_OBJECT)

enum { SIGNAL_MOVE_JUDGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
kiela_review_finalize (GObject *object)
{
  KielaReview *self = KIELA_REVIEW (object);

  g_free (self->positions);
  g_free (self->moves);
  g_free (self->spec);
  for (guint d = 0; d <= REVIEW_MAX_DEPTH; d++)
    g_clear_pointer (&self->configs[d], kiela_ai_config_unref);
  g_clear_pointer (&self->root, kiela_ai_config_unref);
  g_clear_pointer (&self->child, kiela_ai_config_unref);
  g_clear_pointer (&self->cache, kiela_ai_cache_free);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_array_unref (self->judged);
  g_array_unref (self->pending);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (kiela_review_parent_class)->finalize (object);
}

static void
kiela_review_class_init (KielaReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kiela_review_finalize;
  /* "move-judged" (guint index): move `index` is ready (kiela_review_get_move()). */
  signals[SIGNAL_MOVE_JUDGED] = g_signal_new ("move-judged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
kiela_review_init (KielaReview *self)
{
  self->judged = g_array_new (FALSE, TRUE, sizeof (KielaReviewMove));
  self->pending = g_array_new (FALSE, TRUE, sizeof (KielaReviewMove));
  g_mutex_init (&self->lock);
}

/* ---------- grades ---------- */

KielaReviewGrade
kiela_review_classify (gint loss, gboolean won_to_lost)
{
  if (won_to_lost || loss >= KIELA_REVIEW_BLUNDER_LOSS)
    return KIELA_GRADE_BLUNDER;
  if (loss >= KIELA_REVIEW_MISTAKE_LOSS)
    return KIELA_GRADE_MISTAKE;
  if (loss >= KIELA_REVIEW_INACCURACY_LOSS)
    return KIELA_GRADE_INACCURACY;
  if (loss >= KIELA_REVIEW_GOOD_LOSS)
    return KIELA_GRADE_GOOD;
  return KIELA_GRADE_BEST;
}

const char *
kiela_review_grade_id (KielaReviewGrade grade)
{
  static const char * const ids[] = { "best", "good", "inaccuracy", "mistake", "blunder" };

  return grade < G_N_ELEMENTS (ids) ? ids[grade] : "?";
}

const char *
kiela_review_grade_name (KielaReviewGrade grade)
{
  switch (grade)
    {
    case KIELA_GRADE_BEST:       return C_("move grade", "Best");
    case KIELA_GRADE_GOOD:       return C_("move grade", "Good");
    case KIELA_GRADE_INACCURACY: return C_("move grade", "Inaccuracy");
    case KIELA_GRADE_MISTAKE:    return C_("move grade", "Mistake");
    case KIELA_GRADE_BLUNDER:    return C_("move grade", "Blunder");
    default:                     return "?";
    }
}

const char *
kiela_review_grade_mark (KielaReviewGrade grade)
{
  static const char * const marks[] = { "", "", "?!", "?", "??" };

  return grade < G_N_ELEMENTS (marks) ? marks[grade] : "";
}

gdouble
kiela_review_move_accuracy (gint loss)
{
  return 100.0 * pow (0.85, MAX (loss, 0));
}

/* ---------- building ---------- */

/* The highest-level personality on alphabeta: its evaluation is the strongest player's. */
static const char *
default_ai (KielaRegistry *registry)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  const KielaPersonality *best = NULL;

  for (guint i = 0; all != NULL && i < all->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (all, i);

      if (g_strcmp0 (p->algorithm, "alphabeta") == 0 && (best == NULL || p->level >= best->level))
        best = p;
    }
  return best != NULL ? best->id : "alphabeta";
}

KielaReview *
kiela_review_new (KielaRegistry *registry, KielaGame *game, const KielaReviewOptions *options, GError **error)
{
  g_autoptr(KielaReview) self = NULL;
  KielaReviewOptions defaults = { 0 };
  const char *ai, *book_off;
  guint n;

  g_return_val_if_fail (registry != NULL, NULL);
  g_return_val_if_fail (KIELA_IS_GAME (game), NULL);

  if (options == NULL)
    options = &defaults;
  n = kiela_game_get_n_moves (game);
  if (n == 0)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER, _("The game has no move to review."));
      return NULL;
    }
  if (options->max_nodes == 0 && options->depth != 0 && (options->depth < 2 || options->depth > REVIEW_MAX_DEPTH))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A review depth of %u plies is out of range: it must be from 2 to %u."),
                   options->depth, REVIEW_MAX_DEPTH);
      return NULL;
    }

  self = g_object_new (KIELA_TYPE_REVIEW, NULL);
  self->variant = kiela_game_get_variant (game);
  self->n_plies = n;
  self->positions = g_new (KielaPosition, n + 1);
  self->moves = g_new (KielaMove, n);
  /* In order: the game replays one sowing a ply. */
  for (guint p = 0; p <= n; p++)
    self->positions[p] = *kiela_game_get_position_at (game, p);
  for (guint p = 0; p < n; p++)
    self->moves[p] = kiela_game_get_move (game, p)->move;
  self->end = kiela_game_get_n_redo (game) == 0 ? kiela_game_get_status (game, NULL) : KIELA_STATUS_ONGOING;
  if (kiela_game_get_n_redo (game) > 0)
    {
      /* Moves kept for redo: the line's end is not the game's; judge it as the rules would. */
      KielaMove moves[KIELA_MAX_MOVES];
      if (kiela_legal_moves (self->variant, &self->positions[n], moves, NULL, NULL) == 0)
        self->end = kiela_status_lost_by ((KielaSide) self->positions[n].to_move);
    }

  ai = options->ai != NULL ? options->ai : default_ai (registry);
  {
    /* Every judgement is a search of the review's depth: an opening book's moves (the master
     * plays from one, book=1) are another depth's answers. */
    g_autoptr(KielaAiConfig) probe = kiela_ai_config_new (registry, ai, 0, error);
    if (probe == NULL)
      return NULL;
    book_off = kiela_ai_setting_int (kiela_ai_config_get_settings (probe), "book", 0) != 0 ? " book=0" : "";
  }
  self->depth = options->max_nodes > 0 ? 0 : options->depth > 0 ? options->depth : KIELA_REVIEW_DEFAULT_DEPTH;
  for (guint d = 1; d <= REVIEW_MAX_DEPTH; d++)
    {
      g_autofree char *spec = g_strdup_printf ("%s%s noise=0 depth=%u", ai, book_off, d);

      self->configs[d] = kiela_ai_config_new (registry, spec, 0, error);
      if (self->configs[d] == NULL)
        return NULL;
    }
  if (self->depth > 0)
    {
      self->root = kiela_ai_config_ref (self->configs[self->depth]);
      self->child = kiela_ai_config_ref (self->configs[self->depth - 1]);
      self->spec = g_strdup_printf ("%s%s noise=0 depth=%u", ai, book_off, self->depth);
    }
  else
    {
      self->spec = g_strdup_printf ("%s%s noise=0", ai, book_off);
      self->root = kiela_ai_config_new (registry, self->spec, options->max_nodes, error);
      if (self->root == NULL)
        return NULL;
      self->child = kiela_ai_config_ref (self->root);
      g_free (self->spec);
      self->spec = g_strdup_printf ("%s%s noise=0 nodes=%" G_GUINT64_FORMAT, ai, book_off, options->max_nodes);
    }
  self->cache = kiela_ai_cache_new ();
  return g_steal_pointer (&self);
}

/* ---------- judging ---------- */

/* A search's score (the mover's stones minus the opponent's, in hundredths) as the stones the
 * mover holds above an even share: half the balance, as a capture of 9 stones moves the balance
 * by 18; a decided game counts as all of them. */
static gint
to_stones (gint score, guint total)
{
  gint all = (gint) total * 50;

  if (score >= REVIEW_WIN_BOUND)
    return all;
  if (score <= -REVIEW_WIN_BOUND)
    return -all;
  return CLAMP (score / 2, -all, all);
}

static gboolean
think (KielaReview *self, KielaAiConfig *config, const KielaPosition *pos, const KielaPosition *history,
       guint n_history, GCancellable *cancellable, KielaAiReply *reply, GError **error)
{
  KielaAiRequest request = { 0 };

  request.variant = self->variant;
  request.position = *pos;
  request.history = history;
  request.n_history = n_history;
  request.seed = 1;
  request.cancellable = cancellable;
  request.cache = self->cache;
  memset (reply, 0, sizeof *reply);
  return kiela_ai_config_think (config, &request, reply, error);
}

/* Follows a line from `pos` (reached after `first`, already in line[0]) with the AI's answers at
 * falling depths, `depth` for the first answer: cheap, as the table holds the search that found
 * `first`.  `history` has room for KIELA_REVIEW_MAX_LINE positions past `n_history`. */
static gboolean
follow (KielaReview *self, KielaPosition pos, guint depth, KielaPosition *history, guint n_history,
        KielaMove line[KIELA_REVIEW_MAX_LINE], guint *n_line, GCancellable *cancellable, GError **error)
{
  KielaMove moves[KIELA_MAX_MOVES];

  while (*n_line < KIELA_REVIEW_MAX_LINE && depth >= 1
         && kiela_legal_moves (self->variant, &pos, moves, NULL, NULL) > 0)
    {
      KielaAiReply reply;
      KielaSowResult result;

      if (!think (self, self->configs[MIN (depth, REVIEW_MAX_DEPTH)], &pos, history, n_history, cancellable, &reply, error))
        return FALSE;
      history[n_history++] = pos;
      line[(*n_line)++] = reply.move;
      if (!kiela_sow_fast (self->variant, &pos, reply.move, &result))
        break;
      depth--;
    }
  return TRUE;
}

/* How far the best move (value `vb`) is ahead of every other legal move from position `index`,
 * in hundredths of a stone: each other move valued as the played one (`vp`) was, by the
 * opponent's best answer at the child depth.  Only for mistakes and blunders (the puzzles of
 * Learn from Your Mistakes): a few searches more, which the shared table makes cheap. */
static gboolean
best_lead (KielaReview *self, guint index, KielaMove best, gint vb, gint vp, const KielaPosition *history,
           GCancellable *cancellable, gint *lead, GError **error)
{
  const KielaPosition *pos = &self->positions[index];
  guint total = kiela_position_total (pos);
  KielaMove moves[KIELA_MAX_MOVES], replies[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (self->variant, pos, moves, NULL, NULL);
  gint next = to_stones (vp, total);

  for (guint i = 0; i < n; i++)
    {
      KielaPosition child = *pos;
      KielaSowResult result;
      KielaAiReply answer;
      gint v;

      if (moves[i] == best || moves[i] == self->moves[index] || !kiela_sow_fast (self->variant, &child, moves[i], &result))
        continue;
      if (kiela_legal_moves (self->variant, &child, replies, NULL, NULL) == 0)
        v = REVIEW_WIN;
      else if (!think (self, self->child, &child, history, index + 1, cancellable, &answer, error))
        return FALSE;
      else
        v = -answer.score;
      next = MAX (next, to_stones (v, total));
    }
  *lead = MAX (0, to_stones (vb, total) - next);
  return TRUE;
}

/* Judges ply index + 1 into `out`. */
static gboolean
judge (KielaReview *self, guint index, GCancellable *cancellable, KielaReviewMove *out, GError **error)
{
  const KielaPosition *pos = &self->positions[index];
  KielaSide mover = (KielaSide) pos->to_move;
  guint total = kiela_position_total (pos);
  g_autofree KielaPosition *history = g_new (KielaPosition, index + 1 + KIELA_REVIEW_MAX_LINE);
  KielaAiReply best;
  KielaPosition after;
  KielaSowResult result;
  gint vb, vp, loss_cs;

  memset (out, 0, sizeof *out);
  out->ply = index + 1;
  out->side = mover;
  out->move = self->moves[index];
  memcpy (history, self->positions, (index + 1) * sizeof *history);

  if (!think (self, self->root, pos, history, index, cancellable, &best, error))
    return FALSE;
  vb = best.score;
  out->best = best.move;
  out->depth = MAX (best.depth, 1u);
  out->line[0] = best.move;
  out->n_line = 1;
  after = *pos;
  if (kiela_sow_fast (self->variant, &after, best.move, &result)
      && !follow (self, after, out->depth - 1, history, index + 1, out->line, &out->n_line, cancellable, error))
    return FALSE;

  out->reply[0] = out->move;
  out->n_reply = 1;
  if (out->move == best.move)
    {
      vp = vb;
      memcpy (out->reply, out->line, sizeof out->line);
      out->n_reply = out->n_line;
    }
  else if (index + 1 == self->n_plies && self->end != KIELA_STATUS_ONGOING)
    /* The move ended the game: its value is the result, no search needed. */
    vp = self->end == KIELA_STATUS_DRAW ? 0 : self->end == kiela_status_won_by (mover) ? REVIEW_WIN : -REVIEW_WIN;
  else
    {
      KielaMove moves[KIELA_MAX_MOVES];
      const KielaPosition *child = &self->positions[index + 1];

      if (kiela_legal_moves (self->variant, child, moves, NULL, NULL) == 0)
        vp = REVIEW_WIN;
      else
        {
          KielaAiReply answer;
          guint child_depth = self->depth > 0 ? self->depth - 1 : out->depth - 1;

          if (!think (self, self->child, child, history, index + 1, cancellable, &answer, error))
            return FALSE;
          vp = -answer.score;
          history[index + 1] = *child;
          out->reply[out->n_reply++] = answer.move;
          after = *child;
          if (kiela_sow_fast (self->variant, &after, answer.move, &result) && child_depth > 1
              && !follow (self, after, child_depth - 1, history, index + 2, out->reply, &out->n_reply, cancellable, error))
            return FALSE;
        }
    }

  loss_cs = out->move == best.move ? 0 : MAX (0, to_stones (vb, total) - to_stones (vp, total));
  out->loss_cs = loss_cs;
  out->loss = (loss_cs + 50) / 100;
  out->won_to_lost = vb >= REVIEW_WIN_BOUND && vp <= -REVIEW_WIN_BOUND;
  out->grade = kiela_review_classify (out->loss, out->won_to_lost);
  out->score = mover == KIELA_SOUTH ? to_stones (vp, total) : -to_stones (vp, total);
  out->best_score = mover == KIELA_SOUTH ? to_stones (vb, total) : -to_stones (vb, total);
  if (out->grade >= KIELA_GRADE_MISTAKE
      && !best_lead (self, index, best.move, vb, vp, history, cancellable, &out->lead_cs, error))
    return FALSE;
  return TRUE;
}

gboolean
kiela_review_run (KielaReview *self, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (KIELA_IS_REVIEW (self), FALSE);
  g_return_val_if_fail (!self->started, FALSE);

  self->started = TRUE;
  for (guint i = 0; i < self->n_plies; i++)
    {
      KielaReviewMove m;

      if (g_cancellable_set_error_if_cancelled (cancellable, error) || !judge (self, i, cancellable, &m, error))
        return FALSE;
      g_array_append_val (self->judged, m);
      g_signal_emit (self, signals[SIGNAL_MOVE_JUDGED], 0, i);
    }
  return TRUE;
}

/* On the caller's thread: hands over what the worker judged, in order. */
static gboolean
deliver (gpointer data)
{
  KielaReview *self = data;
  g_autoptr(GArray) batch = NULL;

  g_mutex_lock (&self->lock);
  batch = self->pending;
  self->pending = g_array_new (FALSE, TRUE, sizeof (KielaReviewMove));
  g_mutex_unlock (&self->lock);
  for (guint i = 0; i < batch->len; i++)
    {
      g_array_append_val (self->judged, g_array_index (batch, KielaReviewMove, i));
      g_signal_emit (self, signals[SIGNAL_MOVE_JUDGED], 0, self->judged->len - 1);
    }
  return G_SOURCE_REMOVE;
}

/* Always from the caller's main loop, never at once: g_main_context_invoke() would run
 * deliver() right here on the worker whenever the caller's thread is outside its loop (busy
 * in the handler that started the review, say), emitting "move-judged" on the wrong thread
 * and before the caller could connect to it. */
static void
hand_over (KielaReview *self)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver, g_object_ref (self), g_object_unref);
  g_source_set_static_name (source, "[kiela] review delivery");
  g_source_attach (source, self->context);
  g_source_unref (source);
}

static void
run_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  KielaReview *self = source;
  GError *error = NULL;

  for (guint i = 0; i < self->n_plies; i++)
    {
      KielaReviewMove m;

      if (g_cancellable_set_error_if_cancelled (cancellable, &error) || !judge (self, i, cancellable, &m, &error))
        {
          g_task_return_error (task, error);
          return;
        }
      g_mutex_lock (&self->lock);
      g_array_append_val (self->pending, m);
      g_mutex_unlock (&self->lock);
      hand_over (self);
    }
  g_task_return_boolean (task, TRUE);
}

void
kiela_review_run_async (KielaReview *self, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (KIELA_IS_REVIEW (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  self->context = g_main_context_ref_thread_default ();
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, kiela_review_run_async);
  g_task_run_in_thread (task, run_thread);
}

gboolean
kiela_review_run_finish (KielaReview *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  /* Whatever the worker judged is the caller's before it hears the end. */
  deliver (self);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/* ---------- results ---------- */

const KielaVariant *
kiela_review_get_variant (KielaReview *self)
{
  g_return_val_if_fail (KIELA_IS_REVIEW (self), NULL);
  return self->variant;
}

guint
kiela_review_get_n_plies (KielaReview *self)
{
  g_return_val_if_fail (KIELA_IS_REVIEW (self), 0);
  return self->n_plies;
}

guint
kiela_review_get_n_judged (KielaReview *self)
{
  g_return_val_if_fail (KIELA_IS_REVIEW (self), 0);
  return self->judged->len;
}

const KielaReviewMove *
kiela_review_get_move (KielaReview *self, guint index)
{
  g_return_val_if_fail (KIELA_IS_REVIEW (self), NULL);
  g_return_val_if_fail (index < self->judged->len, NULL);
  return &g_array_index (self->judged, KielaReviewMove, index);
}

const KielaPosition *
kiela_review_get_position (KielaReview *self, guint index)
{
  g_return_val_if_fail (KIELA_IS_REVIEW (self), NULL);
  g_return_val_if_fail (index <= self->n_plies, NULL);
  return &self->positions[index];
}

void
kiela_review_get_summary (KielaReview *self, KielaSide side, KielaReviewSide *out)
{
  gdouble sum = 0;

  g_return_if_fail (KIELA_IS_REVIEW (self) && out != NULL);

  memset (out, 0, sizeof *out);
  for (guint i = 0; i < self->judged->len; i++)
    {
      const KielaReviewMove *m = &g_array_index (self->judged, KielaReviewMove, i);

      if (m->side != side)
        continue;
      out->n_moves++;
      out->counts[m->grade]++;
      out->total_loss += m->loss;
      sum += kiela_review_move_accuracy (m->loss);
    }
  out->accuracy = out->n_moves > 0 ? sum / out->n_moves : 100.0;
}

guint
kiela_review_get_depth (KielaReview *self)
{
  g_return_val_if_fail (KIELA_IS_REVIEW (self), 0);
  return self->depth;
}

const char *
kiela_review_get_ai_spec (KielaReview *self)
{
  g_return_val_if_fail (KIELA_IS_REVIEW (self), NULL);
  return self->spec;
}

/* ---------- CSV ---------- */

char *
kiela_review_to_csv (KielaReview *self)
{
  GString *s = g_string_new ("ply,side,move,best,loss,class,score,best_score,line\n");

  g_return_val_if_fail (KIELA_IS_REVIEW (self), NULL);
  for (guint i = 0; i < self->judged->len; i++)
    {
      const KielaReviewMove *m = &g_array_index (self->judged, KielaReviewMove, i);
      const KielaPosition *pos = &self->positions[i];
      char move[4], best[4], score[G_ASCII_DTOSTR_BUF_SIZE], best_score[G_ASCII_DTOSTR_BUF_SIZE];

      kiela_square_name (pos->files, (KielaSide) pos->to_move, (guint) m->move, move);
      kiela_square_name (pos->files, (KielaSide) pos->to_move, (guint) m->best, best);
      g_ascii_formatd (score, sizeof score, "%.2f", m->score / 100.0);
      g_ascii_formatd (best_score, sizeof best_score, "%.2f", m->best_score / 100.0);
      g_string_append_printf (s, "%u,%s,%s,%s,%d,%s,%s,%s,", m->ply, kiela_side_name (m->side), move, best,
                              m->loss, kiela_review_grade_id (m->grade), score, best_score);
      /* The best line: the sides alternate from the mover. */
      for (guint k = 0; k < m->n_line; k++)
        {
          char sq[4];

          kiela_square_name (pos->files, (KielaSide) ((pos->to_move + k) % 2), (guint) m->line[k], sq);
          g_string_append_printf (s, "%s%s", k ? " " : "", sq);
        }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* ---------- Learn from Your Mistakes ---------- */

struct _KielaReviewLesson {
  KielaLesson      lesson;
  KielaLessonStep *steps;
  guint           *plies;
  GPtrArray       *strings;   /* what the lesson's texts point at */
};

static const char *
keep (KielaReviewLesson *self, char *text)
{
  g_ptr_array_add (self->strings, text);
  return text;
}

KielaReviewLesson *
kiela_review_lesson_new (KielaReview *review, guint sides, const char *id, GError **error)
{
  g_autoptr(KielaReviewLesson) self = NULL;
  guint n = 0;

  g_return_val_if_fail (KIELA_IS_REVIEW (review), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  self = g_new0 (KielaReviewLesson, 1);
  self->strings = g_ptr_array_new_with_free_func (g_free);
  self->steps = g_new0 (KielaLessonStep, MAX (review->judged->len, 1));
  self->plies = g_new0 (guint, MAX (review->judged->len, 1));
  for (guint i = 0; i < review->judged->len && n < KIELA_LESSON_MAX_STEPS; i++)
    {
      const KielaReviewMove *m = &g_array_index (review->judged, KielaReviewMove, i);
      const KielaPosition *pos = &review->positions[i];
      KielaLessonStep *step = &self->steps[n];
      char played[4], better[4];

      if (m->grade < KIELA_GRADE_MISTAKE || (sides & (1u << m->side)) == 0 || m->lead_cs < KIELA_REVIEW_PUZZLE_LEAD
          || m->best == m->move)
        continue;
      kiela_square_name (pos->files, m->side, (guint) m->move, played);
      kiela_square_name (pos->files, m->side, (guint) m->best, better);
      step->position = keep (self, kiela_position_to_string (pos));
      step->task.kind = KIELA_TASK_BEST_MOVE;
      step->task.move = keep (self, g_strdup (better));
      step->task.depth = MAX (m->depth, 1u);
      step->task.margin = m->lead_cs;
      step->text = keep (self, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
        /* TRANSLATORS: a puzzle of Learn from Your Mistakes: %1$u the move's number in the game,
         * %2$s the side ("South"), %3$s its square, %4$d the stones the move gave up */
        "Move %1$u: %2$s played %3$s here and gave up %4$d stone. Find a better move.",
        "Move %1$u: %2$s played %3$s here and gave up %4$d stones. Find a better move.", (gulong) MAX (m->loss, 1)),
        m->ply, kiela_side_display_name (m->side), played, MAX (m->loss, 1)));
      self->plies[n++] = m->ply;
    }
  if (n == 0)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER,
                           _("The review found no mistake to learn from: no mistake or blunder has one clearly better move."));
      return NULL;
    }
  self->lesson.id = keep (self, g_strdup (id));
  self->lesson.title = N_("Learn from Your Mistakes");
  self->lesson.summary = N_("The mistakes of a reviewed game, as puzzles: find the better move.");
  self->lesson.variant = review->variant->id;
  self->lesson.order = G_MAXUINT;
  self->lesson.translation_domain = GETTEXT_PACKAGE;
  self->lesson.steps = self->steps;
  self->lesson.n_steps = n;
  self->lesson.level = KIELA_LESSON_ADVANCED;
  self->lesson.kind = KIELA_LESSON_KIND_PUZZLES;
  self->lesson.version = KIELA_LESSON_VERSION;
  if (!kiela_lesson_validate (&self->lesson, review->variant, error))
    return NULL;
  return g_steal_pointer (&self);
}

const KielaLesson *
kiela_review_lesson_get_lesson (KielaReviewLesson *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->lesson;
}

guint
kiela_review_lesson_get_ply (KielaReviewLesson *self, guint step)
{
  g_return_val_if_fail (self != NULL && step < self->lesson.n_steps, 0);
  return self->plies[step];
}

void
kiela_review_lesson_free (KielaReviewLesson *self)
{
  if (self == NULL)
    return;
  g_free (self->steps);
  g_free (self->plies);
  g_ptr_array_unref (self->strings);
  g_free (self);
}
