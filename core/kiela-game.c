/* kiela-game.c: a game with history, undo/redo, expert setup, threefold repetition and the result. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-game.h"
#include "kiela-position.h"
#include "kiela-registry.h"
#include "kiela-catalogue-i18n.h"

/*
 * The history is held compactly so that a game of hundreds of thousands of
 * moves loads in linear time and small memory: each move keeps only what it was
 * and what it did (KielaPlayedMove), each ply the hash of its position and the
 * last earlier ply whose position had the same hash, and a full position is kept
 * only every KIELA_GAME_CHECKPOINT plies.  Any other position is replayed from
 * the checkpoint before it.
 *
 * Repetition: `slots` is an open-addressing table from a position hash to the
 * highest stored ply with that hash, so each new ply finds its predecessor with
 * the same hash at once, and counting a position's occurrences walks only plies
 * with the same hash, comparing the positions exactly (a hash collision between
 * different positions never counts as a repetition).
 */
#define KIELA_GAME_CHECKPOINT 32
#define NO_PLY G_MAXUINT32

struct _KielaGame {
  GObject parent_instance;

  const KielaVariant *variant;
  KielaPosition start;       /* before setup */
  KielaPosition initial;     /* after setup */
  KielaPhase phase;
  gboolean has_setup[2];
  GArray *moves;             /* KielaPlayedMove, played then redo */
  guint n_played;

  /* Indexed by ply 0 .. moves->len (ply p = after p moves). */
  GArray *hashes;            /* guint64: kiela_position_hash() of the position */
  GArray *prev_same;         /* guint32: the last earlier ply with the same hash, or NO_PLY */
  GArray *checkpoints;       /* KielaPosition at plies 0, K, 2K, ... */
  guint32 *slots;            /* ply + 1 of the highest ply with a hash, 0 = empty */
  guint n_slots;             /* a power of two */
  guint n_used;

  KielaPosition current;     /* the position at n_played */
  KielaPosition cursor;      /* what kiela_game_get_position_at() returned last */
  guint cursor_ply;          /* NO_PLY when not valid */

  /* The result and legal moves of the current position, computed once a ply. */
  gboolean status_valid;
  KielaStatus status;
  KielaReason reason;
  guint n_legal;
  KielaMove legal[KIELA_MAX_MOVES];

  GHashTable *metadata;
};

G_DEFINE_FINAL_TYPE (KielaGame, kiela_game, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
kiela_game_finalize (GObject *object)
{
  KielaGame *self = KIELA_GAME (object);

  g_array_unref (self->moves);
  g_array_unref (self->hashes);
  g_array_unref (self->prev_same);
  g_array_unref (self->checkpoints);
  g_free (self->slots);
  g_hash_table_unref (self->metadata);
  G_OBJECT_CLASS (kiela_game_parent_class)->finalize (object);
}

static void
kiela_game_class_init (KielaGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kiela_game_finalize;

  /**
   * KielaGame::changed:
   *
   * Emitted after every move, undo, redo, go-to and setup step.
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_game_init (KielaGame *self)
{
  self->moves = g_array_new (FALSE, TRUE, sizeof (KielaPlayedMove));
  self->hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->prev_same = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->checkpoints = g_array_new (FALSE, FALSE, sizeof (KielaPosition));
  self->cursor_ply = NO_PLY;
  self->metadata = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static void
emit_changed (KielaGame *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Something changed the current position or the history. */
static void
invalidate (KielaGame *self)
{
  self->status_valid = FALSE;
  self->cursor_ply = NO_PLY;
}

static inline guint64
ply_hash (KielaGame *self, guint ply)
{
  return g_array_index (self->hashes, guint64, ply);
}

/* The slot holding `hash`, or the empty slot where it would go. */
static guint
slot_of (KielaGame *self, guint64 hash)
{
  guint mask = self->n_slots - 1;
  guint i = (guint) hash & mask;

  while (self->slots[i] != 0 && ply_hash (self, self->slots[i] - 1) != hash)
    i = (i + 1) & mask;
  return i;
}

static void
grow_slots (KielaGame *self)
{
  guint32 *old = self->slots;
  guint n_old = self->n_slots;

  self->n_slots = n_old ? 2 * n_old : 64;
  self->slots = g_new0 (guint32, self->n_slots);
  for (guint i = 0; i < n_old; i++)
    if (old[i] != 0)
      self->slots[slot_of (self, ply_hash (self, old[i] - 1))] = old[i];
  g_free (old);
}

/* Removes the slot at `i`, moving later entries of its probe run back
 * (deletion without tombstones for linear probing). */
static void
remove_slot (KielaGame *self, guint i)
{
  guint mask = self->n_slots - 1;
  guint j = i;

  for (;;)
    {
      guint home;

      j = (j + 1) & mask;
      if (self->slots[j] == 0)
        break;
      home = (guint) ply_hash (self, self->slots[j] - 1) & mask;
      /* The entry at j may move to i only if its home is not cyclically in (i, j]. */
      if ((i <= j) ? (home <= i || home > j) : (home <= i && home > j))
        {
          self->slots[i] = self->slots[j];
          i = j;
        }
    }
  self->slots[i] = 0;
  self->n_used--;
}

/* Appends ply moves->len (the move was just appended) with its position. */
static void
push_ply (KielaGame *self, guint ply, const KielaPosition *pos)
{
  guint64 hash = kiela_position_hash (pos);
  guint32 prev = NO_PLY;
  guint i;

  g_array_append_val (self->hashes, hash);
  if ((self->n_used + 1) * 2 > self->n_slots)
    grow_slots (self);
  i = slot_of (self, hash);
  if (self->slots[i] != 0)
    prev = self->slots[i] - 1;
  else
    self->n_used++;
  self->slots[i] = ply + 1;
  g_array_append_val (self->prev_same, prev);
  if (ply % KIELA_GAME_CHECKPOINT == 0)
    g_array_append_val (self->checkpoints, *pos);
}

/* Forgets the highest ply. */
static void
pop_ply (KielaGame *self)
{
  guint ply = self->hashes->len - 1;
  guint32 prev = g_array_index (self->prev_same, guint32, ply);
  guint i = slot_of (self, ply_hash (self, ply));

  if (prev != NO_PLY)
    self->slots[i] = prev + 1;
  else
    remove_slot (self, i);
  if (ply % KIELA_GAME_CHECKPOINT == 0)
    g_array_set_size (self->checkpoints, self->checkpoints->len - 1);
  g_array_set_size (self->hashes, ply);
  g_array_set_size (self->prev_same, ply);
}

/* Starts the history again from the initial position (new game, setup). */
static void
reset_history (KielaGame *self)
{
  while (self->hashes->len > 0)
    pop_ply (self);
  g_array_set_size (self->moves, 0);
  self->n_played = 0;
  push_ply (self, 0, &self->initial);
  self->current = self->initial;
  invalidate (self);
}

/* The position after `ply` moves, replayed from the checkpoint at or before it,
 * or from `from` (the position at `from_ply`) when that is nearer. */
static void
replay_to (KielaGame *self, guint ply, const KielaPosition *from, guint from_ply, KielaPosition *out)
{
  guint at = ply - ply % KIELA_GAME_CHECKPOINT;

  if (from != NULL && from_ply <= ply && from_ply >= at)
    {
      *out = *from;
      at = from_ply;
    }
  else
    *out = g_array_index (self->checkpoints, KielaPosition, at / KIELA_GAME_CHECKPOINT);
  for (; at < ply; at++)
    kiela_sow_fast (self->variant, out, g_array_index (self->moves, KielaPlayedMove, at).move, NULL);
}

KielaGame *
kiela_game_new (const KielaVariant *variant)
{
  KielaGame *self;

  g_return_val_if_fail (variant != NULL, NULL);

  self = g_object_new (KIELA_TYPE_GAME, NULL);
  self->variant = variant;
  kiela_position_init_start (&self->start, variant);
  self->initial = self->start;
  self->phase = variant->setup_phase ? KIELA_PHASE_SETUP_SOUTH : KIELA_PHASE_PLAY;
  reset_history (self);
  return self;
}

static gboolean
check_files (const KielaVariant *variant, const KielaPosition *pos, int code, GError **error)
{
  if (pos->files == variant->files)
    return TRUE;
  g_set_error (error, KIELA_ERROR, code, _("The position has %u files, but %s is played on %u"),
               pos->files, kiela_variant_get_name (variant), variant->files);
  return FALSE;
}

KielaGame *
kiela_game_new_from_position (const KielaVariant *variant, const KielaPosition *start, GError **error)
{
  KielaGame *self;

  g_return_val_if_fail (variant != NULL && start != NULL, NULL);

  if (!check_files (variant, start, KIELA_ERROR_VARIANT, error))
    return NULL;
  self = g_object_new (KIELA_TYPE_GAME, NULL);
  self->variant = variant;
  self->start = *start;
  self->initial = *start;
  self->phase = KIELA_PHASE_PLAY;
  reset_history (self);
  return self;
}

guint
kiela_variant_max_stones (const KielaVariant *variant)
{
  KielaPosition start;

  g_return_val_if_fail (variant != NULL, 0);

  kiela_position_init_start (&start, variant);
  return kiela_position_total (&start);
}

gboolean
kiela_game_check_position (const KielaVariant *variant, const KielaPosition *pos, GError **error)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaSide mover;
  guint total, max;

  g_return_val_if_fail (variant != NULL && pos != NULL, FALSE);

  if (!check_files (variant, pos, KIELA_ERROR_POSITION, error))
    return FALSE;
  total = kiela_position_total (pos);
  if (total == 0)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_POSITION, _("The board is empty: put some stones on it."));
      return FALSE;
    }
  /* Sowing and capturing move stones but never add any, so no game of the variant reaches more
   * than it starts with; the same bound keeps every count far from the engine's 16-bit limit. */
  max = kiela_variant_max_stones (variant);
  if (total > max)
    {
      g_autofree char *held = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stone", "%u stones", total), total);
      g_autofree char *limit = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stone", "%u stones", max), max);

      /* TRANSLATORS: %1$s "60 stones" on the board, %2$s the variant, %3$s "56 stones" */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_POSITION,
                   _("The board holds %1$s, but a game of %2$s has %3$s at most."),
                   held, kiela_variant_get_name (variant), limit);
      return FALSE;
    }
  mover = (KielaSide) pos->to_move;
  /* " lost:n": the side to move lost at once to captures at both ends (BothEndsWin). */
  if (pos->lost & (1u << mover))
    {
      if (!(variant->flags & KIELA_VARIANT_FLAG_WIN_BOTH_ENDS))
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_POSITION,
                     /* TRANSLATORS: %s the game (Kiela); "lost:" is a word of the position string */
                     _("The position says the side to move has lost to captures at both ends (“lost:”), but %s "
                       "has no such win."), kiela_variant_get_name (variant));
      else
        g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_POSITION,
                             mover == KIELA_SOUTH
                             ? _("South has already lost: North captured at both ends of the board in one move. "
                                 "The game would be over at once.")
                             : _("North has already lost: South captured at both ends of the board in one move. "
                                 "The game would be over at once."));
      return FALSE;
    }
  if (kiela_legal_moves (variant, pos, moves, NULL, NULL) > 0)
    return TRUE;

  if (kiela_position_side_total (pos, mover) == 0)
    g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_POSITION,
                         mover == KIELA_SOUTH ? _("South is to move but has no stones: the game would be over at once.")
                                              : _("North is to move but has no stones: the game would be over at once."));
  else if (kiela_candidate_moves (variant, pos, moves) == 0)
    {
      guint min_sow = MAX (variant->min_sow, 1);

      g_set_error (error, KIELA_ERROR, KIELA_ERROR_POSITION,
                   mover == KIELA_SOUTH
                   ? g_dngettext (GETTEXT_PACKAGE,
                                  "South is to move but no house of South holds %u stone or more: the game would be over at once.",
                                  "South is to move but no house of South holds %u stones or more: the game would be over at once.",
                                  min_sow)
                   : g_dngettext (GETTEXT_PACKAGE,
                                  "North is to move but no house of North holds %u stone or more: the game would be over at once.",
                                  "North is to move but no house of North holds %u stones or more: the game would be over at once.",
                                  min_sow),
                   min_sow);
    }
  else
    g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_POSITION,
                         mover == KIELA_SOUTH ? _("South is to move but every sowing South could start counts as endless: there is no legal move.")
                                              : _("North is to move but every sowing North could start counts as endless: there is no legal move."));
  return FALSE;
}

KielaGame *
kiela_game_copy (KielaGame *game)
{
  KielaGame *copy = g_object_new (KIELA_TYPE_GAME, NULL);
  GHashTableIter iter;
  gpointer k, v;

  copy->variant = game->variant;
  copy->start = game->start;
  copy->initial = game->initial;
  copy->phase = game->phase;
  copy->has_setup[0] = game->has_setup[0];
  copy->has_setup[1] = game->has_setup[1];
  g_array_append_vals (copy->moves, game->moves->data, game->moves->len);
  g_array_append_vals (copy->hashes, game->hashes->data, game->hashes->len);
  g_array_append_vals (copy->prev_same, game->prev_same->data, game->prev_same->len);
  g_array_append_vals (copy->checkpoints, game->checkpoints->data, game->checkpoints->len);
  copy->slots = g_memdup2 (game->slots, sizeof (guint32) * game->n_slots);
  copy->n_slots = game->n_slots;
  copy->n_used = game->n_used;
  copy->current = game->current;
  copy->n_played = game->n_played;
  g_hash_table_iter_init (&iter, game->metadata);
  while (g_hash_table_iter_next (&iter, &k, &v))
    g_hash_table_insert (copy->metadata, g_strdup (k), g_strdup (v));
  return copy;
}

const KielaVariant *
kiela_game_get_variant (KielaGame *game)
{
  return game->variant;
}

KielaPhase
kiela_game_get_phase (KielaGame *game)
{
  return game->phase;
}

const KielaPosition *
kiela_game_get_start (KielaGame *game)
{
  return &game->start;
}

const KielaPosition *
kiela_game_get_initial (KielaGame *game)
{
  return &game->initial;
}

const KielaPosition *
kiela_game_get_position_at (KielaGame *game, guint ply)
{
  g_return_val_if_fail (ply <= game->moves->len, NULL);
  if (ply == game->n_played)
    return &game->current;
  if (ply != game->cursor_ply)
    {
      /* Walking the history ply by ply costs one sowing a ply. */
      replay_to (game, ply, game->cursor_ply != NO_PLY ? &game->cursor : NULL, game->cursor_ply, &game->cursor);
      game->cursor_ply = ply;
    }
  return &game->cursor;
}

const KielaPosition *
kiela_game_get_position (KielaGame *game)
{
  return &game->current;
}

gboolean
kiela_game_setup (KielaGame *game, KielaSide side, const guint16 *counts, GError **error)
{
  const guint n = 2u * game->variant->files;
  guint want, got = 0;

  if (game->phase == KIELA_PHASE_PLAY)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE,
                   _("The setup phase is over: stones can no longer be rearranged"));
      return FALSE;
    }
  if ((game->phase == KIELA_PHASE_SETUP_SOUTH) != (side == KIELA_SOUTH))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE,
                   side == KIELA_SOUTH ? _("It is North’s turn to arrange its stones, not South’s")
                                       : _("It is South’s turn to arrange its stones, not North’s"));
      return FALSE;
    }
  want = kiela_position_side_total (&game->start, side);
  for (guint i = 0; i < n; i++)
    got += counts[i];
  if (got != want)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The arrangement holds %u stone, but %s has %u",
                                "The arrangement holds %u stones, but %s has %u", got),
                   got, kiela_side_display_name (side), want);
      return FALSE;
    }
  if (!kiela_variant_check_arrangement (game->variant, side, counts, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    game->initial.houses[side][i] = counts[i];
  game->has_setup[side] = TRUE;
  game->phase = side == KIELA_SOUTH ? KIELA_PHASE_SETUP_NORTH : KIELA_PHASE_PLAY;
  reset_history (game);
  emit_changed (game);
  return TRUE;
}

gboolean
kiela_game_skip_setup (KielaGame *game, GError **error)
{
  KielaSide side = game->phase == KIELA_PHASE_SETUP_NORTH ? KIELA_NORTH : KIELA_SOUTH;

  return kiela_game_setup (game, side, game->initial.houses[side], error);
}

gboolean
kiela_game_has_setup (KielaGame *game, KielaSide side)
{
  return game->has_setup[side];
}

guint
kiela_game_repetition_count (KielaGame *game)
{
  guint count = 1;

  /* Only plies with the same hash are looked at; equal hashes of different
   * positions are told apart by comparing the positions themselves. */
  for (guint32 ply = g_array_index (game->prev_same, guint32, game->n_played); ply != NO_PLY;
       ply = g_array_index (game->prev_same, guint32, ply))
    {
      KielaPosition earlier;

      replay_to (game, ply, NULL, 0, &earlier);
      if (kiela_position_equal (&earlier, &game->current))
        count++;
    }
  return count;
}

/* Computes the result and the legal moves of the current position, once a ply. */
static void
update_status (KielaGame *game)
{
  const KielaPosition *pos = &game->current;

  if (game->status_valid)
    return;
  game->status_valid = TRUE;
  game->status = KIELA_STATUS_ONGOING;
  game->reason = KIELA_REASON_NONE;
  game->n_legal = 0;
  if (game->phase != KIELA_PHASE_PLAY)
    return;

  if (game->n_played > 0)
    {
      const KielaPlayedMove *last = &g_array_index (game->moves, KielaPlayedMove, game->n_played - 1);
      if (last->result.end == KIELA_END_ENDLESS)
        {
          game->reason = KIELA_REASON_ENDLESS_MOVE;
          game->status = kiela_status_lost_by (last->mover);
          return;
        }
      if (last->result.end == KIELA_END_BOTH_ENDS)
        {
          game->reason = KIELA_REASON_BOTH_ENDS;
          game->status = kiela_status_won_by (last->mover);
          return;
        }
    }
  if (kiela_game_repetition_count (game) >= 3)
    {
      game->reason = KIELA_REASON_REPETITION;
      game->status = KIELA_STATUS_DRAW;
      return;
    }
  game->n_legal = kiela_legal_moves (game->variant, pos, game->legal, NULL, NULL);
  if (game->n_legal == 0)
    {
      game->reason = KIELA_REASON_NO_MOVES;
      game->status = kiela_status_lost_by ((KielaSide) pos->to_move);
    }
  else if (game->n_played >= KIELA_GAME_MAX_MOVES)
    {
      /* No move may follow: a game left "ongoing" here would wait forever for a move that is
       * always refused (a click did nothing, a computer player thought without end). */
      game->n_legal = 0;
      game->reason = KIELA_REASON_MOVE_LIMIT;
      game->status = KIELA_STATUS_DRAW;
    }
}

guint
kiela_game_legal_moves (KielaGame *game, KielaMove moves[KIELA_MAX_MOVES])
{
  update_status (game);
  if (game->status != KIELA_STATUS_ONGOING)
    return 0;
  memcpy (moves, game->legal, sizeof (KielaMove) * game->n_legal);
  return game->n_legal;
}

KielaStatus
kiela_game_get_status (KielaGame *game, KielaReason *reason)
{
  update_status (game);
  if (reason)
    *reason = game->reason;
  return game->status;
}

gboolean
kiela_game_is_over (KielaGame *game)
{
  return kiela_game_get_status (game, NULL) != KIELA_STATUS_ONGOING;
}

char *
kiela_game_describe_result (KielaGame *game)
{
  return kiela_game_describe_result_in (game, NULL);
}

char *
kiela_game_describe_result_in (KielaGame *game, const KielaCatalogue *cat)
{
  KielaReason reason;
  KielaStatus status = kiela_game_get_status (game, &reason);
  const KielaPosition *pos = kiela_game_get_position (game);

  switch (status)
    {
    case KIELA_STATUS_ONGOING:
      if (game->phase == KIELA_PHASE_SETUP_SOUTH)
        return g_strdup (T_ (cat, "South is arranging its stones."));
      if (game->phase == KIELA_PHASE_SETUP_NORTH)
        return g_strdup (T_ (cat, "North is arranging its stones."));
      return g_strdup (pos->to_move == KIELA_SOUTH ? T_ (cat, "South to move.") : T_ (cat, "North to move."));
    case KIELA_STATUS_DRAW:
      if (reason == KIELA_REASON_MOVE_LIMIT)
        return g_strdup (T_ (cat, "Draw: the move limit was reached."));
      return g_strdup (T_ (cat, "Draw: the position repeated three times."));
    case KIELA_STATUS_SOUTH_WINS:
    case KIELA_STATUS_NORTH_WINS:
    default:
      {
        gboolean south = status == KIELA_STATUS_SOUTH_WINS;
        if (reason == KIELA_REASON_ENDLESS_MOVE)
          return g_strdup (south ? T_ (cat, "South wins: North played a move that never ends.")
                                 : T_ (cat, "North wins: South played a move that never ends."));
        if (reason == KIELA_REASON_BOTH_ENDS)
          return g_strdup (south ? T_ (cat, "South wins: South captured at both ends of the board in one move.")
                                 : T_ (cat, "North wins: North captured at both ends of the board in one move."));
        if (kiela_position_side_total (pos, pos->to_move) == 0)
          return g_strdup (south ? T_ (cat, "South wins: North has no stones left.")
                                 : T_ (cat, "North wins: South has no stones left."));
        return g_strdup (south ? T_ (cat, "South wins: North cannot move.")
                               : T_ (cat, "North wins: South cannot move."));
      }
    }
}

char *
kiela_game_describe_reason (KielaGame *game)
{
  KielaReason reason;
  KielaStatus status = kiela_game_get_status (game, &reason);
  const KielaPosition *pos = kiela_game_get_position (game);
  KielaSide loser = status == KIELA_STATUS_SOUTH_WINS ? KIELA_NORTH : KIELA_SOUTH;

  switch (reason)
    {
    case KIELA_REASON_NONE:
      return NULL;
    case KIELA_REASON_REPETITION:
      return g_strdup (_("The position repeated three times."));
    case KIELA_REASON_MOVE_LIMIT:
      return g_strdup (_("The move limit was reached."));
    case KIELA_REASON_ENDLESS_MOVE:
      return g_strdup (loser == KIELA_NORTH ? _("North played a move that never ends.")
                                            : _("South played a move that never ends."));
    case KIELA_REASON_BOTH_ENDS:
      return g_strdup (loser == KIELA_NORTH ? _("South captured at both ends of the board in one move.")
                                            : _("North captured at both ends of the board in one move."));
    case KIELA_REASON_NO_MOVES:
    default:
      if (kiela_position_side_total (pos, loser) == 0)
        return g_strdup (loser == KIELA_NORTH ? _("North has no stones left.") : _("South has no stones left."));
      return g_strdup (loser == KIELA_NORTH ? _("North cannot move.") : _("South cannot move."));
    }
}

char *
kiela_game_explain_illegal (KielaGame *game, KielaMove move)
{
  return kiela_game_explain_illegal_in (game, move, NULL);
}

char *
kiela_game_explain_illegal_in (KielaGame *game, KielaMove move, const KielaCatalogue *cat)
{
  const KielaPosition *pos = kiela_game_get_position (game);

  if (game->phase != KIELA_PHASE_PLAY)
    return g_strdup (T_ (cat, "The players are still arranging their stones."));
  if (kiela_game_is_over (game))
    {
      g_autofree char *result = kiela_game_describe_result_in (game, cat);
      return g_strdup_printf (T_ (cat, "The game is over. %s"), result);
    }
  return kiela_explain_illegal_in (game->variant, pos, move, cat);
}

char *
kiela_game_explain_house (KielaGame *game, KielaSide side, guint house)
{
  return kiela_game_explain_house_in (game, side, house, NULL);
}

char *
kiela_game_explain_house_in (KielaGame *game, KielaSide side, guint house, const KielaCatalogue *cat)
{
  const KielaPosition *pos = kiela_game_get_position (game);

  if (game->phase != KIELA_PHASE_PLAY || kiela_game_is_over (game) || side == pos->to_move)
    return kiela_game_explain_illegal_in (game, (KielaMove) house, cat);
  return kiela_explain_house_in (game->variant, pos, side, house, cat);
}

gboolean
kiela_game_is_legal (KielaGame *game, KielaMove move)
{
  g_autofree char *why = kiela_game_explain_illegal (game, move);
  return why == NULL;
}

gboolean
kiela_game_play (KielaGame *game, KielaMove move, KielaTrace *trace, GError **error)
{
  const KielaPosition *pos;
  KielaPlayedMove played = { 0 };
  KielaPosition after;
  g_autofree char *why = NULL;
  gboolean known_legal = FALSE;
  char sq[4];

  g_return_val_if_fail (KIELA_IS_GAME (game), FALSE);

  pos = kiela_game_get_position (game);
  if (!KIELA_MOVE_IS_WELL_FORMED (move) || KIELA_MOVE_HOUSE (move) >= 2u * game->variant->files)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, _("House %d does not exist on this board"), move);
      return FALSE;
    }
  kiela_square_name (game->variant->files, (KielaSide) pos->to_move, (guint) move, sq);
  if (game->phase == KIELA_PHASE_PLAY && kiela_game_is_over (game))
    {
      g_autofree char *result = kiela_game_describe_result (game);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER, _("%s cannot be played: the game is over. %s"), sq, result);
      return FALSE;
    }
  /* The legal moves are known once a ply: explaining is for the others only. */
  if (game->phase == KIELA_PHASE_PLAY)
    for (guint i = 0; i < game->n_legal && !known_legal; i++)
      known_legal = game->legal[i] == move;
  if (!known_legal && (why = kiela_game_explain_illegal (game, move)) != NULL)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, why);
      return FALSE;
    }

  if (game->n_played >= KIELA_GAME_MAX_MOVES)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE,
                   _("%s cannot be played: a game holds at most %u moves"), sq, (guint) KIELA_GAME_MAX_MOVES);
      return FALSE;
    }

  played.move = move;
  played.mover = (KielaSide) pos->to_move;
  if (trace)
    {
      kiela_sow_traced (game->variant, pos, move, trace);
      played.result = trace->result;
      after = trace->after;
    }
  else
    {
      after = *pos;
      kiela_sow_fast (game->variant, &after, move, &played.result);
    }

  while (game->moves->len > game->n_played)
    {
      pop_ply (game);
      g_array_set_size (game->moves, game->moves->len - 1);
    }
  g_array_append_val (game->moves, played);
  game->n_played++;
  push_ply (game, game->n_played, &after);
  game->current = after;
  invalidate (game);
  emit_changed (game);
  return TRUE;
}

gboolean
kiela_game_play_square (KielaGame *game, const char *square, KielaTrace *trace, GError **error)
{
  KielaSquare sq;
  KielaMove move;
  const KielaPosition *pos = kiela_game_get_position (game);

  /* "a1" or, sown clockwise where the variant allows it, "a1<". */
  if (!kiela_move_parse (game->variant->files, square, &sq, &move, error))
    return FALSE;
  if (game->phase == KIELA_PHASE_PLAY && kiela_game_is_over (game))
    {
      g_autofree char *result = kiela_game_describe_result (game);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER, _("%s cannot be played: the game is over. %s"), square, result);
      return FALSE;
    }
  if (sq.side != pos->to_move)
    {
      g_autofree char *why = kiela_explain_house (game->variant, pos, sq.side, sq.house);
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, why);
      return FALSE;
    }
  return kiela_game_play (game, move, trace, error);
}

guint
kiela_game_get_n_moves (KielaGame *game)
{
  return game->n_played;
}

guint
kiela_game_get_n_redo (KielaGame *game)
{
  return game->moves->len - game->n_played;
}

const KielaPlayedMove *
kiela_game_get_move (KielaGame *game, guint index)
{
  g_return_val_if_fail (index < game->moves->len, NULL);
  return &g_array_index (game->moves, KielaPlayedMove, index);
}

char *
kiela_game_dup_move_name (KielaGame *game, guint index)
{
  const KielaPlayedMove *m = kiela_game_get_move (game, index);

  g_return_val_if_fail (m != NULL, NULL);
  return kiela_square_name_dup (game->variant->files, m->mover, (guint) m->move);
}

gboolean
kiela_game_trace_move (KielaGame *game, guint index, KielaTrace *trace)
{
  const KielaPlayedMove *m;

  g_return_val_if_fail (index < game->moves->len, FALSE);
  m = kiela_game_get_move (game, index);
  kiela_sow_traced (game->variant, kiela_game_get_position_at (game, index), m->move, trace);
  return TRUE;
}

gboolean
kiela_game_can_undo (KielaGame *game)
{
  return game->n_played > 0;
}

gboolean
kiela_game_can_redo (KielaGame *game)
{
  return game->n_played < game->moves->len;
}

gboolean
kiela_game_undo (KielaGame *game)
{
  if (!kiela_game_can_undo (game))
    return FALSE;
  return kiela_game_go_to (game, game->n_played - 1);
}

gboolean
kiela_game_redo (KielaGame *game)
{
  if (!kiela_game_can_redo (game))
    return FALSE;
  return kiela_game_go_to (game, game->n_played + 1);
}

gboolean
kiela_game_go_to (KielaGame *game, guint ply)
{
  if (ply > game->moves->len)
    return FALSE;
  if (ply != game->n_played)
    {
      if (ply == game->n_played + 1)
        kiela_sow_fast (game->variant, &game->current,
                        g_array_index (game->moves, KielaPlayedMove, game->n_played).move, NULL);
      else
        replay_to (game, ply, &game->current, game->n_played, &game->current);
      game->n_played = ply;
      invalidate (game);
      emit_changed (game);
    }
  return TRUE;
}

void
kiela_game_set_metadata (KielaGame *game, const char *key, const char *value)
{
  /* Records are UTF-8 JSON: anything else would save a file that cannot be loaded. */
  g_return_if_fail (key != NULL && g_utf8_validate (key, -1, NULL));
  g_return_if_fail (value == NULL || g_utf8_validate (value, -1, NULL));
  if (value == NULL)
    g_hash_table_remove (game->metadata, key);
  else
    g_hash_table_replace (game->metadata, g_strdup (key), g_strdup (value));
}

const char *
kiela_game_get_metadata (KielaGame *game, const char *key)
{
  return g_hash_table_lookup (game->metadata, key);
}

GHashTable *
kiela_game_get_metadata_table (KielaGame *game)
{
  return game->metadata;
}
