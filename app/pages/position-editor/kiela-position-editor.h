/* kiela-position-editor.h: the position editor page: set up any position, check it against the
 * variant, copy and paste it as KPN, and start a game or an analysis from it. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-game-session.h"
#include "kiela-board-view.h"
#include "kiela-position-model.h"

G_BEGIN_DECLS

/* The page's name: win.show-page::editor. */
#define KIELA_PAGE_EDITOR "editor"

#define KIELA_TYPE_POSITION_EDITOR (kiela_position_editor_get_type ())
G_DECLARE_FINAL_TYPE (KielaPositionEditor, kiela_position_editor, KIELA, POSITION_EDITOR, AdwBin)

/* A page of the window (win.edit-position opens it on what `session` shows). */
GtkWidget           *kiela_position_editor_new           (KielaGameSession *session, KielaRegistry *registry);
/* Takes the position `session` shows (reviewed, live or being arranged) and its players; the
 * first time, with no undo step back to the editor's own start. */
void                 kiela_position_editor_take_shown    (KielaPositionEditor *self);

/* Replaces the variant and position (an undoable step).  A position of another file count than
 * the variant's is not taken (FALSE). */
gboolean             kiela_position_editor_set_position  (KielaPositionEditor *self, const KielaVariant *variant,
                                                          const KielaPosition *pos);
const KielaPosition *kiela_position_editor_get_position  (KielaPositionEditor *self);
const KielaVariant  *kiela_position_editor_get_variant   (KielaPositionEditor *self);
/* One house's count; `count` up to KIELA_POSITION_EDITOR_MAX_COUNT. */
#define KIELA_POSITION_EDITOR_MAX_COUNT KIELA_POSITION_MODEL_MAX_COUNT
void                 kiela_position_editor_set_count     (KielaPositionEditor *self, KielaSide side, guint house,
                                                          guint count);
void                 kiela_position_editor_set_to_move   (KielaPositionEditor *self, KielaSide side);

/* The position as KPN (free it). */
char                *kiela_position_editor_dup_kpn       (KielaPositionEditor *self);
/* Takes a KPN string as typed or pasted (a variant with its file count is chosen when the
 * current one has another).  On failure the page shows `short_text` in words with the parser's
 * message under Details, and the error is returned too. */
gboolean             kiela_position_editor_apply_kpn     (KielaPositionEditor *self, const char *text,
                                                          const char *short_text, GError **error);
/* The message shown for the last refused KPN (short sentence and details), or NULL. */
const char          *kiela_position_editor_get_kpn_error (KielaPositionEditor *self);
const char          *kiela_position_editor_get_kpn_error_detail (KielaPositionEditor *self);
/* Why the variant cannot be played from the position, or NULL when it can. */
const char          *kiela_position_editor_get_problem   (KielaPositionEditor *self);

/* Starts a game from the position with these players (NULL = a person) in the window the page
 * is shown in, and shows it; the reason when the variant cannot be played from it.  Does not
 * ask about unsaved changes: the page's Play and Analyse do. */
gboolean             kiela_position_editor_start         (KielaPositionEditor *self,
                                                          const KielaPersonality *south,
                                                          const KielaPersonality *north,
                                                          GError **error);

KielaBoardView      *kiela_position_editor_get_board     (KielaPositionEditor *self);

G_END_DECLS
