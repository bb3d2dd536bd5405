/* kiela-new-game-dialog.h: the New game dialog (rules, level, players). */
#pragma once

#include <adwaita.h>
#include "kiela.h"

G_BEGIN_DECLS

#define KIELA_TYPE_NEW_GAME_DIALOG (kiela_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KielaNewGameDialog, kiela_new_game_dialog, KIELA, NEW_GAME_DIALOG, AdwWindow)

KielaNewGameDialog     *kiela_new_game_dialog_new        (KielaRegistry *registry);
/* The players to choose from: "Human", then each personality whose algorithm is loaded
 * ("Zola (Novice)"), appended to `personalities` in the list's order after "Human". */
GtkStringList          *kiela_player_list_new            (KielaRegistry *registry, GPtrArray *personalities);
/* Selects the given variant and players (NULL = human), e.g. those of the current game. */
void                    kiela_new_game_dialog_preset     (KielaNewGameDialog *self,
                                                          const KielaVariant *variant,
                                                          const KielaPersonality *south,
                                                          const KielaPersonality *north);
const KielaVariant     *kiela_new_game_dialog_get_variant (KielaNewGameDialog *self);
/* NULL for a human player. */
const KielaPersonality *kiela_new_game_dialog_get_player (KielaNewGameDialog *self, KielaSide side);

/* Signal "start": the user pressed Start; the dialog closes itself afterwards. */

G_END_DECLS
