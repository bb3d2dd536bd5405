/* kiela-paths-private.h: the search path that variant and lesson files share, inside libkiela-core. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The folders to read KIND files from, in order: those of the environment variable ENV_VAR
 * (a search path), the shipped data/KIND (the build tree's when uninstalled), then the
 * user's data folder kiela/KIND.  Owned by the caller. */
G_GNUC_INTERNAL GPtrArray *_kiela_paths_dup_data_dirs (const char *env_var, const char *kind);
/* The user's folder for KIND files: XDG data folder/kiela/KIND. */
G_GNUC_INTERNAL char      *_kiela_paths_dup_user_dir  (const char *kind);

G_END_DECLS
