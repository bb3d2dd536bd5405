/* kiela-compat.h: the one room where the app meets newer GTK and libadwaita than Debian 12's.
 *
 * The rest of the app is built against GTK 4.8 and libadwaita 1.2 only (GDK_VERSION_MAX_ALLOWED
 * and ADW_VERSION_MAX_ALLOWED pin it): a call newer than that fails the build outside this file.
 * Each wrapper here takes the newer path when the stack it is built on has it, and keeps the
 * 4.8/1.2 path otherwise. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Has a screen reader say `text` as an announcement (gtk_accessible_announce, GTK >= 4.14);
 * returns FALSE when the stack has no announcements, and the caller falls back on changing
 * a status region's name. */
gboolean kiela_compat_announce (GtkAccessible *accessible, const char *text);

G_END_DECLS
