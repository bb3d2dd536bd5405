/* kiela-paths.h: where Kiela's programs find their translations and plugins, installed or in their build tree. */
#pragma once

#include <glib.h>
#include "kiela-version.h"

G_BEGIN_DECLS

/*
 * libkiela-core knows no build tree: each program calls this first with the build
 * folder it was compiled in (its own KIELA_BUILD_ROOT), and it counts as uninstalled
 * when its executable lives there.  KIELA_UNINSTALLED=<folder> in the environment
 * (the tests) names a build tree directly; KIELA_UNINSTALLED=1 forces the program's own.
 * Without a call, only the environment is consulted.
 */
KIELA_AVAILABLE_IN_ALL void        kiela_paths_init          (const char *build_root);
/* TRUE when plugins and translations come from a build tree, not the install prefix. */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_running_uninstalled (void);
/* That build tree, or NULL when installed. */
KIELA_AVAILABLE_IN_ALL const char *kiela_paths_get_build_root (void);
/* The folder holding LL/LC_MESSAGES/kiela.mo: the build tree's po/ when uninstalled, else LOCALEDIR. */
KIELA_AVAILABLE_IN_ALL const char *kiela_locale_dir          (void);
/* Binds the "kiela" gettext domain to kiela_locale_dir() in UTF-8.  Call after setlocale(). */
KIELA_AVAILABLE_IN_ALL void        kiela_bind_textdomain     (void);

G_END_DECLS
