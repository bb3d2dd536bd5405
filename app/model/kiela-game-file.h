/* kiela-game-file.h: game records on disk through GIO for the app: atomic saves, loads that refuse
 * what is no record, the autosave's recovery, and the removal of temporaries a killed save left. */
#pragma once

#include <gio/gio.h>
#include "kiela.h"

G_BEGIN_DECLS

/* Writes the record (variations and comments included) to a temporary file beside `file` and renames it over `file`. */
gboolean   kiela_game_file_save                (KielaGameTree *tree, GFile *file, GError **error);
/* Loads a record; folders, pipes, devices and remote files are refused before a byte is read. */
KielaGameTree *kiela_game_file_load            (KielaRegistry *registry, GFile *file, GError **error);
/* Loads the autosave.  NULL with `message` unset: there is none.  NULL with `message` set: it could
 * not be read; it was moved aside to "….corrupt-DATE", or, if that failed, `*disable` is set. */
KielaGameTree *kiela_game_file_load_autosave   (KielaRegistry *registry, GFile *autosave,
                                                char **message, gboolean *disable);
/* Removes the temporaries a killed save left beside `autosave` ("autosave.kiela.XXXXXX",
 * ".goutputstream-XXXXXX"): regular files only, last changed before `before_us` (real time). */
guint      kiela_game_file_remove_stale_temporaries (GFile *autosave, gint64 before_us);

/* How many instances of the app on one data folder get an autosave of their own. */
#define KIELA_GAME_FILE_AUTOSAVE_SLOTS 9

/*
 * The autosave of this process in the data folder `dir`: "autosave.kiela", unless another
 * instance of the app holds it (two sessions of one user, without a shared bus, would overwrite
 * each other's game), then "autosave-2.kiela" and so on.  Each is claimed by an advisory lock
 * (flock) on "NAME.lock", held as long as `*lock_fd` stays open: the app keeps it for its life.
 * `*slot` is 1 for the usual autosave.  Where no lock can be taken (an unwritable folder, a file
 * system without locks, every slot held), "autosave.kiela" without a lock (`*lock_fd` -1).
 */
GFile     *kiela_game_file_claim_autosave      (const char *dir, int *lock_fd, guint *slot);

G_END_DECLS
