/* kiela-file.h: reading and replacing a file's contents safely: bounded, atomically, never a device. */
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
 * refused and left untouched.  When a write fails (a full disk), the target keeps its old
 * contents, or stays absent if it did not exist, and no temporary file is left: the error
 * says "the disk is full" for a full disk.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_file_replace_contents_checked (GFile *file, const char *contents, gsize length, GError **error);

/*
 * Reads the whole of the local file `path`, which must be a regular file (or a symbolic
 * link to one) of at most `max_size` bytes, into a newly allocated, nul-terminated
 * `*contents` (its length, without the nul, in `*length`, which may be NULL).
 *
 * Made for files a user or another program may have replaced by anything: the file is
 * opened without blocking and checked on the open descriptor, so a named pipe never
 * hangs the caller, /dev/zero or a huge file is never read whole, and nothing can swap
 * the file between the check and the read.  A file that grows past `max_size` while it
 * is read is refused too.  Every error names the file:
 *  - it cannot be opened or read: G_FILE_ERROR, the code from errno (G_FILE_ERROR_NOENT, ...);
 *  - a folder, a named pipe, a device, a socket: KIELA_ERROR_IO;
 *  - more than `max_size` bytes: KIELA_ERROR_TOO_LARGE.
 * Thread-safe.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_file_read_bounded (const char *path, gsize max_size,
                                                         char **contents, gsize *length, GError **error);

G_END_DECLS
