/* kiela-setup-bar.h: the expert arrangement's controls: the running total, stones a click moves, undo. */
#pragma once

#include <gtk/gtk.h>
#include "kiela-game-session.h"

G_BEGIN_DECLS

#define KIELA_TYPE_SETUP_BAR (kiela_setup_bar_get_type ())
G_DECLARE_FINAL_TYPE (KielaSetupBar, kiela_setup_bar, KIELA, SETUP_BAR, GtkBox)

/* Follows `session`'s arrangement (the bar keeps no reference: the window owns both). */
void         kiela_setup_bar_set_session (KielaSetupBar *self, KielaGameSession *session);
/* How many stones a click or a drop moves (the count popover); 1 unless set. */
guint        kiela_setup_bar_get_count   (KielaSetupBar *self);
/* The running total as shown, its two lines ("Outer row 14 · inner row 14\n3 stones moved"). */
char        *kiela_setup_bar_dup_total   (KielaSetupBar *self);

G_END_DECLS
