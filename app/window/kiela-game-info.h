/* kiela-game-info.h: the Game Info dialog: the players' names, the event, the date and the game's
 * comment, as the record keeps them. */
#pragma once

#include <adwaita.h>
#include "kiela-game-session.h"

G_BEGIN_DECLS

/* Shows the dialog over `parent`; what is typed is given to `session` when it closes. */
GtkWindow *kiela_game_info_present (GtkWindow *parent, KielaGameSession *session);

G_END_DECLS
