/* kiela-announce.h: a status region that tells screen-reader users what a move did. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KIELA_TYPE_ANNOUNCE (kiela_announce_get_type ())
G_DECLARE_FINAL_TYPE (KielaAnnounce, kiela_announce, KIELA, ANNOUNCE, GtkWidget)

void kiela_announce_say (KielaAnnounce *self, const char *text);

G_END_DECLS
