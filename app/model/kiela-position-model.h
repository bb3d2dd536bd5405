/* kiela-position-model.h: the position editor's editing state without widgets: the variant and
 * position, undo and redo, whether the variant can be played from it, and KPN in and out. */
#pragma once

#include <glib-object.h>
#include "kiela.h"

G_BEGIN_DECLS

/* The most stones one house can be given. */
#define KIELA_POSITION_MODEL_MAX_COUNT 999

#define KIELA_TYPE_POSITION_MODEL (kiela_position_model_get_type ())
G_DECLARE_FINAL_TYPE (KielaPositionModel, kiela_position_model, KIELA, POSITION_MODEL, GObject)

/* `variants` (const KielaVariant*, not owned, kept referenced) are the ones a pasted KPN may
 * pick; the model starts on `variant`'s start position with no history. */
KielaPositionModel  *kiela_position_model_new            (GPtrArray *variants, const KielaVariant *variant);

const KielaVariant  *kiela_position_model_get_variant    (KielaPositionModel *self);
const KielaPosition *kiela_position_model_get_position   (KielaPositionModel *self);
/* Why the variant cannot be played from the position, or NULL when it can. */
const char          *kiela_position_model_get_problem    (KielaPositionModel *self);

/* Every edit goes through here: the state before is kept for undo unless `merge` (a step
 * continued, as the next digit of a typed count).  FALSE when nothing changed. */
gboolean             kiela_position_model_apply          (KielaPositionModel *self, const KielaVariant *variant,
                                                          const KielaPosition *pos, gboolean merge);
void                 kiela_position_model_set_count      (KielaPositionModel *self, KielaSide side, guint house,
                                                          guint count);
void                 kiela_position_model_set_to_move    (KielaPositionModel *self, KielaSide side);
/* Another variant: a board of the same size keeps its stones, another starts from its start. */
void                 kiela_position_model_set_variant    (KielaPositionModel *self, const KielaVariant *variant);
void                 kiela_position_model_clear          (KielaPositionModel *self);
void                 kiela_position_model_reset          (KielaPositionModel *self);
void                 kiela_position_model_mirror         (KielaPositionModel *self);
/* What a side still owes or may at the start of a variant's game (KielaPosition.first_move_owed):
 * the forced first move (FirstMove=, this bit) and the first sowing in the house (FirstSowing=,
 * KIELA_POSITION_IN_HOUSE_OWED). */
#define KIELA_POSITION_MODEL_OWES_FIRST_MOVE(side) (1u << (side))
/* The bits of first_move_owed `variant` has rules for (0: none). */
guint                kiela_position_model_owed_mask      (const KielaVariant *variant);
/* Sets or clears `bits` (within the variant's mask), one undoable step. */
void                 kiela_position_model_set_owed       (KielaPositionModel *self, guint bits, gboolean owed);

gboolean             kiela_position_model_can_undo       (KielaPositionModel *self);
gboolean             kiela_position_model_can_redo       (KielaPositionModel *self);
gboolean             kiela_position_model_undo           (KielaPositionModel *self);
gboolean             kiela_position_model_redo           (KielaPositionModel *self);
void                 kiela_position_model_clear_history  (KielaPositionModel *self);

/* The position as KPN (free it). */
char                *kiela_position_model_dup_kpn        (KielaPositionModel *self);
/* Takes a KPN string as typed or pasted (a variant with its file count is chosen when the
 * current one has another).  On failure the model keeps `short_text` and the parser's message
 * as the KPN error (or why no variant fits and the text), and the error is returned too. */
gboolean             kiela_position_model_apply_kpn      (KielaPositionModel *self, const char *text,
                                                          const char *short_text, GError **error);
/* The message for the last refused KPN (a short sentence and details), or NULL; any change of
 * the position takes it away. */
void                 kiela_position_model_set_kpn_error  (KielaPositionModel *self, const char *text,
                                                          const char *detail);
const char          *kiela_position_model_get_kpn_error  (KielaPositionModel *self);
const char          *kiela_position_model_get_kpn_error_detail (KielaPositionModel *self);

G_END_DECLS
