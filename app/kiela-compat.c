/* kiela-compat.c: the newer GTK and libadwaita calls, each behind its version guard.
 *
 * Built apart from the rest of the app without the MAX_ALLOWED pins (app/meson.build), so
 * this is the only file that may name API newer than GTK 4.8 and libadwaita 1.2. */
#include "config.h"

#include "kiela-compat.h"

gboolean
kiela_compat_announce (GtkAccessible *accessible, const char *text)
{
  g_return_val_if_fail (GTK_IS_ACCESSIBLE (accessible), FALSE);

#if GTK_CHECK_VERSION (4, 14, 0)
  gtk_accessible_announce (accessible, text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  return TRUE;
#else
  return FALSE;
#endif
}
