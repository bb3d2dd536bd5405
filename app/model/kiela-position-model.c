/* kiela-position-model.c: the position editor's editing state: every edit one undoable step,
 * the check of the position against its variant, and KPN in and out; no widgets, so it is
 * tested without a display. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-position-model.h"

typedef struct {
  const KielaVariant *variant;
  KielaPosition pos;
} Snapshot;

struct _KielaPositionModel {
  GObject parent_instance;

  GPtrArray *variants;            /* const KielaVariant*: the ones a pasted KPN may pick */
  const KielaVariant *variant;
  KielaPosition pos;
  GArray *undo;                   /* Snapshot */
  GArray *redo;                   /* Snapshot */
  char *problem;                  /* why the variant cannot be played from pos, or NULL */
  char *kpn_error;
  char *kpn_error_detail;
};

enum {
  SIGNAL_CHANGED,
  SIGNAL_KPN_ERROR_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KielaPositionModel, kiela_position_model, G_TYPE_OBJECT)

static void
set_kpn_error (KielaPositionModel *self, const char *text, const char *detail)
{
  g_free (self->kpn_error);
  g_free (self->kpn_error_detail);
  self->kpn_error = g_strdup (text);
  self->kpn_error_detail = g_strdup (detail);
  g_signal_emit (self, signals[SIGNAL_KPN_ERROR_CHANGED], 0);
}

/* The position changed: check it again, drop a refused KPN's message, tell the page. */
static void
changed (KielaPositionModel *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->problem, g_free);
  if (!kiela_game_check_position (self->variant, &self->pos, &error))
    self->problem = g_strdup (error->message);
  set_kpn_error (self, NULL, NULL);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

gboolean
kiela_position_model_apply (KielaPositionModel *self, const KielaVariant *variant, const KielaPosition *pos,
                            gboolean merge)
{
  Snapshot now = { self->variant, self->pos };

  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), FALSE);
  g_return_val_if_fail (variant != NULL && pos != NULL && pos->files == variant->files, FALSE);

  if (variant == self->variant && kiela_position_equal (pos, &self->pos))
    return FALSE;
  if (!merge && self->variant != NULL)
    {
      g_array_append_val (self->undo, now);
      g_array_set_size (self->redo, 0);
    }
  self->variant = variant;
  self->pos = *pos;
  changed (self);
  return TRUE;
}

static gboolean
step_history (KielaPositionModel *self, GArray *from, GArray *to)
{
  Snapshot now = { self->variant, self->pos };
  Snapshot then;

  if (from->len == 0)
    return FALSE;
  then = g_array_index (from, Snapshot, from->len - 1);
  g_array_set_size (from, from->len - 1);
  g_array_append_val (to, now);
  self->variant = then.variant;
  self->pos = then.pos;
  changed (self);
  return TRUE;
}

gboolean
kiela_position_model_undo (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), FALSE);
  return step_history (self, self->undo, self->redo);
}

gboolean
kiela_position_model_redo (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), FALSE);
  return step_history (self, self->redo, self->undo);
}

gboolean
kiela_position_model_can_undo (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), FALSE);
  return self->undo->len > 0;
}

gboolean
kiela_position_model_can_redo (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), FALSE);
  return self->redo->len > 0;
}

void
kiela_position_model_clear_history (KielaPositionModel *self)
{
  g_return_if_fail (KIELA_IS_POSITION_MODEL (self));
  g_array_set_size (self->undo, 0);
  g_array_set_size (self->redo, 0);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
kiela_position_model_set_count (KielaPositionModel *self, KielaSide side, guint house, guint count)
{
  KielaPosition pos;

  g_return_if_fail (KIELA_IS_POSITION_MODEL (self));
  g_return_if_fail (side <= KIELA_NORTH && house < 2u * self->pos.files);
  g_return_if_fail (count <= KIELA_POSITION_MODEL_MAX_COUNT);

  pos = self->pos;
  pos.houses[side][house] = (guint16) count;
  /* A side that had lost at once (BothEndsWin, " lost:n") lost on the board as it was: an
   * edited board is a position to play from. */
  pos.lost = 0;
  kiela_position_model_apply (self, self->variant, &pos, FALSE);
}

void
kiela_position_model_set_to_move (KielaPositionModel *self, KielaSide side)
{
  KielaPosition pos;

  g_return_if_fail (KIELA_IS_POSITION_MODEL (self));

  pos = self->pos;
  pos.to_move = (guint8) side;
  pos.lost = 0;
  kiela_position_model_apply (self, self->variant, &pos, FALSE);
}

void
kiela_position_model_set_variant (KielaPositionModel *self, const KielaVariant *variant)
{
  KielaPosition pos;

  g_return_if_fail (KIELA_IS_POSITION_MODEL (self));
  g_return_if_fail (variant != NULL);

  if (variant == self->variant)
    return;
  if (variant->files == self->pos.files)
    {
      pos = self->pos;
      /* What a side still owes or may is kept only where the new variant has the rule. */
      pos.first_move_owed &= (guint8) kiela_position_model_owed_mask (variant);
    }
  else
    kiela_position_init_start (&pos, variant);
  /* A loss at both ends is kept only where the rule exists. */
  if (!(variant->flags & KIELA_VARIANT_FLAG_WIN_BOTH_ENDS))
    pos.lost = 0;
  kiela_position_model_apply (self, variant, &pos, FALSE);
}

void
kiela_position_model_clear (KielaPositionModel *self)
{
  KielaPosition pos;

  g_return_if_fail (KIELA_IS_POSITION_MODEL (self));

  pos = self->pos;
  memset (pos.houses, 0, sizeof pos.houses);
  kiela_position_model_apply (self, self->variant, &pos, FALSE);
}

void
kiela_position_model_reset (KielaPositionModel *self)
{
  KielaPosition pos;

  g_return_if_fail (KIELA_IS_POSITION_MODEL (self));

  kiela_position_init_start (&pos, self->variant);
  kiela_position_model_apply (self, self->variant, &pos, FALSE);
}

/* South's houses become North's and the reverse, each in its owner's numbering, and the turn
 * passes over: the same position seen from the other side of the board. */
void
kiela_position_model_mirror (KielaPositionModel *self)
{
  KielaPosition pos;

  g_return_if_fail (KIELA_IS_POSITION_MODEL (self));

  pos = self->pos;
  memcpy (pos.houses[KIELA_SOUTH], self->pos.houses[KIELA_NORTH], sizeof pos.houses[KIELA_SOUTH]);
  memcpy (pos.houses[KIELA_NORTH], self->pos.houses[KIELA_SOUTH], sizeof pos.houses[KIELA_NORTH]);
  pos.to_move = KIELA_OTHER_SIDE (self->pos.to_move);
  /* What each side still owes (a forced first move, the first sowing in the house) and a loss
   * at once change sides with the stones. */
  pos.first_move_owed = 0;
  pos.lost = 0;
  for (guint s = 0; s < 2; s++)
    {
      if (self->pos.first_move_owed & (1u << s))
        pos.first_move_owed |= (guint8) (1u << (1 - s));
      if (self->pos.first_move_owed & KIELA_POSITION_IN_HOUSE_OWED (s))
        pos.first_move_owed |= (guint8) KIELA_POSITION_IN_HOUSE_OWED (1 - s);
      if (self->pos.lost & (1u << s))
        pos.lost |= (guint8) (1u << (1 - s));
    }
  kiela_position_model_apply (self, self->variant, &pos, FALSE);
}

guint
kiela_position_model_owed_mask (const KielaVariant *variant)
{
  guint mask = 0;

  g_return_val_if_fail (variant != NULL, 0);
  if (variant->first_move != 0)
    mask |= KIELA_POSITION_MODEL_OWES_FIRST_MOVE (KIELA_SOUTH) | KIELA_POSITION_MODEL_OWES_FIRST_MOVE (KIELA_NORTH);
  if (variant->flags & KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE)
    mask |= KIELA_POSITION_IN_HOUSE_OWED (KIELA_SOUTH) | KIELA_POSITION_IN_HOUSE_OWED (KIELA_NORTH);
  return mask;
}

void
kiela_position_model_set_owed (KielaPositionModel *self, guint bits, gboolean owed)
{
  KielaPosition pos;

  g_return_if_fail (KIELA_IS_POSITION_MODEL (self));
  g_return_if_fail ((bits & ~kiela_position_model_owed_mask (self->variant)) == 0);

  pos = self->pos;
  if (owed)
    pos.first_move_owed |= (guint8) bits;
  else
    pos.first_move_owed &= (guint8) ~bits;
  pos.lost = 0;
  kiela_position_model_apply (self, self->variant, &pos, FALSE);
}

const KielaVariant *
kiela_position_model_get_variant (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), NULL);
  return self->variant;
}

const KielaPosition *
kiela_position_model_get_position (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), NULL);
  return &self->pos;
}

const char *
kiela_position_model_get_problem (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), NULL);
  return self->problem;
}

char *
kiela_position_model_dup_kpn (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), NULL);
  return kiela_position_to_string (&self->pos);
}

/* The variant to play a pasted position with: the current one when the board size fits, else
 * the first of the same family with that size, else the first of any. */
static const KielaVariant *
variant_for_files (KielaPositionModel *self, guint files)
{
  const KielaVariant *any = NULL;

  if (self->variant->files == files)
    return self->variant;
  for (guint i = 0; i < self->variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (self->variants, i);

      if (v->files != files)
        continue;
      if (self->variant->family != NULL && g_strcmp0 (v->family, self->variant->family) == 0)
        return v;
      if (any == NULL)
        any = v;
    }
  return any;
}

gboolean
kiela_position_model_apply_kpn (KielaPositionModel *self, const char *text, const char *short_text,
                                GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *kpn = NULL;
  const KielaVariant *variant;
  KielaPosition pos;

  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), FALSE);
  g_return_val_if_fail (text != NULL && short_text != NULL, FALSE);

  /* What a mail or a web page gives: surrounding spaces, a line break at the end. */
  kpn = g_strstrip (g_strdup (text));
  if (!kiela_position_parse (kpn, 0, &pos, &local))
    {
      set_kpn_error (self, short_text, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  variant = variant_for_files (self, pos.files);
  if (variant == NULL)
    {
      g_autofree char *why = g_strdup_printf (ngettext ("No variant here is played on %u file.",
                                                        "No variant here is played on %u files.", pos.files),
                                              pos.files);
      set_kpn_error (self, why, kpn);
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_VARIANT, why);
      return FALSE;
    }
  kiela_position_model_apply (self, variant, &pos, FALSE);
  /* The same text again (or one already shown) changes nothing, but the old error must go. */
  set_kpn_error (self, NULL, NULL);
  return TRUE;
}

void
kiela_position_model_set_kpn_error (KielaPositionModel *self, const char *text, const char *detail)
{
  g_return_if_fail (KIELA_IS_POSITION_MODEL (self));
  set_kpn_error (self, text, detail);
}

const char *
kiela_position_model_get_kpn_error (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), NULL);
  return self->kpn_error;
}

const char *
kiela_position_model_get_kpn_error_detail (KielaPositionModel *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_MODEL (self), NULL);
  return self->kpn_error_detail;
}

static void
kiela_position_model_finalize (GObject *object)
{
  KielaPositionModel *self = KIELA_POSITION_MODEL (object);

  g_clear_pointer (&self->variants, g_ptr_array_unref);
  g_clear_pointer (&self->undo, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);
  g_free (self->problem);
  g_free (self->kpn_error);
  g_free (self->kpn_error_detail);
  G_OBJECT_CLASS (kiela_position_model_parent_class)->finalize (object);
}

static void
kiela_position_model_class_init (KielaPositionModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kiela_position_model_finalize;

  /* The variant, position, problem or history changed. */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A KPN was refused, or the message for one went away. */
  signals[SIGNAL_KPN_ERROR_CHANGED] = g_signal_new ("kpn-error-changed", G_TYPE_FROM_CLASS (klass),
                                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_position_model_init (KielaPositionModel *self)
{
  self->undo = g_array_new (FALSE, FALSE, sizeof (Snapshot));
  self->redo = g_array_new (FALSE, FALSE, sizeof (Snapshot));
}

KielaPositionModel *
kiela_position_model_new (GPtrArray *variants, const KielaVariant *variant)
{
  KielaPositionModel *self;
  KielaPosition start;

  g_return_val_if_fail (variants != NULL && variant != NULL, NULL);

  self = g_object_new (KIELA_TYPE_POSITION_MODEL, NULL);
  self->variants = g_ptr_array_ref (variants);
  kiela_position_init_start (&start, variant);
  kiela_position_model_apply (self, variant, &start, FALSE);
  return self;
}
