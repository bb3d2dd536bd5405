/* kiela-paths.h: where Kiela's programs find their translations and whether they run from the build tree. */
#pragma once

#include <glib.h>
#include "kiela-version.h"

G_BEGIN_DECLS

/* TRUE when the running program lives in the build tree (or KIELA_UNINSTALLED is set):
 * then plugins and translations are taken from the build tree, not the install prefix. */
KIELA_AVAILABLE_IN_ALL
gboolean    kiela_running_uninstalled (void);
/* The folder holding LL/LC_MESSAGES/kiela.mo: the build tree's po/ when uninstalled, else LOCALEDIR. */
KIELA_AVAILABLE_IN_ALL
const char *kiela_locale_dir          (void);
/* Binds the "kiela" gettext domain to kiela_locale_dir() in UTF-8.  Call after setlocale(). */
KIELA_AVAILABLE_IN_ALL
void        kiela_bind_textdomain     (void);

G_END_DECLS
