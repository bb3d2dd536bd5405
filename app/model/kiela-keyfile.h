/* kiela-keyfile.h: the app's small private key files (lesson progress, the class list): saved
 * atomically and privately, and a file that does not read set aside, never over an earlier copy. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * Writes `keys` to `path` atomically (a temporary renamed over it, so a crash never leaves half
 * a file), readable by the user only (0600), creating its folder (0700) first.  Errors name
 * the folder or the file.
 */
gboolean kiela_key_file_save_private (GKeyFile *keys, const char *path, GError **error);

/*
 * Renames `path` to "PATH.WHY-SECONDS" (with "-N" added when that name is taken, so an earlier
 * copy is never overwritten) and returns the new name, or NULL when it could not be renamed.
 */
char *kiela_file_set_aside (const char *path, const char *why);

G_END_DECLS
