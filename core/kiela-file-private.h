/* kiela-file-private.h: the engine's own use of kiela-file.c's replacement, and a seam for its tests. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/*
 * Writes all of `contents` into `out`, a stream from g_file_replace(), and closes it.  The
 * stream is only committed (its temporary renamed over the target) when every byte was
 * written: after a failed write it is closed through a cancelled GCancellable, which makes
 * GIO delete the temporary and leave the target as it was.  A plain close after an error
 * would commit the partial temporary: a full disk would empty the file being saved.
 */
G_GNUC_INTERNAL gboolean _kiela_file_write_and_commit (GOutputStream *out, const char *contents, gsize length,
                                                       GError **error);

/* Why a write failed, in words for the user: "the disk is full" for a full disk. */
G_GNUC_INTERNAL const char *_kiela_file_write_reason (const GError *error);

G_END_DECLS
