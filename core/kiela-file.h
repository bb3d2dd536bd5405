/* kiela-file.h: replacing a file's contents safely: through symbolic links, atomically, never over a device. */
#pragma once

#include <gio/gio.h>
#include "kiela-version.h"

G_BEGIN_DECLS

/*
 * Checks, before any work is done, that `file` can later be replaced by
 * kiela_file_replace_contents_checked(): the end of its chain of symbolic links must
 * be a regular file or not exist yet, and its folder must exist and take a new file
 * (tried by creating and removing an empty temporary file there, which also holds for
 * root on a read-only file system).  Errors (KIELA_ERROR_IO) name the path and say
 * what it is ("is a device", "is a folder").  GFile-based: a
 * non-local file works as far as its GVfs backend allows.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_file_check_replaceable       (GFile *file, GError **error);

/*
 * Replaces the contents of `file` atomically (a temporary file in the same folder,
 * written, flushed and renamed over the target by GIO), after the checks above.  A symbolic
 * link stays a link: its final target is what gets replaced.  An existing target keeps
 * its permissions.  A device, a folder, a named pipe or any other non-regular target is
 * refused and left untouched.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_file_replace_contents_checked (GFile *file, const char *contents, gsize length, GError **error);

G_END_DECLS
