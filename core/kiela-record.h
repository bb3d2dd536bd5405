/* kiela-record.h: game records as JSON ("kiela-game" format, version 2: variations and comments;
 * version 1 records still load), loaded by replaying every move. */
#pragma once

#include <gio/gio.h>
#include "kiela-game.h"
#include "kiela-game-tree.h"

G_BEGIN_DECLS

#define KIELA_RECORD_FORMAT  "kiela-game"
#define KIELA_RECORD_VERSION 2

typedef struct _KielaRegistry KielaRegistry;

/* Serialises the game's full history (redo moves are left out) as pretty JSON. */
KIELA_AVAILABLE_IN_ALL char      *kiela_record_to_string   (KielaGame *game);
/* Parses and replays a record; `source` names the input in errors ("game.kiela: ..."). */
KIELA_AVAILABLE_IN_ALL KielaGame *kiela_record_from_string (KielaRegistry *registry, const char *text, gssize length,
                                                            const char *source, GError **error);
/*
 * Saves atomically: a temporary file in the same folder, renamed over the target.
 * A local file goes through kiela_file_replace_contents_checked(): a symbolic link
 * is written through (its regular target is replaced, the link stays) and a folder,
 * device, socket or named pipe is refused (KIELA_ERROR_IO, naming the file).  Other
 * locations use g_file_replace_contents().  Errors from GLib and GIO keep their
 * domain and code, behind a prefix naming the file.
 */
KIELA_AVAILABLE_IN_ALL gboolean   kiela_record_save_file   (KielaGame *game, GFile *file, GCancellable *cancellable, GError **error);
/* Reads and replays a record.  Only a regular file up to the size limit is read
 * (a named pipe or device is refused without blocking); errors name the file. */
KIELA_AVAILABLE_IN_ALL KielaGame *kiela_record_load_file   (KielaRegistry *registry, GFile *file, GCancellable *cancellable, GError **error);
/* The same for a file-system path. */
KIELA_AVAILABLE_IN_ALL gboolean   kiela_record_save        (KielaGame *game, const char *path, GError **error);
KIELA_AVAILABLE_IN_ALL KielaGame *kiela_record_load        (KielaRegistry *registry, const char *path, GError **error);


/* The same with the variations and comments of a game tree.  A record without them (version 1
 * included) loads as a tree of its main line; kiela_record_from_string() checks the variations
 * of a record as well and keeps only the main line.  Saved: the main game's played moves, the
 * variations leaving them and the comments on them. */
KIELA_AVAILABLE_IN_ALL char          *kiela_record_tree_to_string   (KielaGameTree *tree);
KIELA_AVAILABLE_IN_ALL KielaGameTree *kiela_record_tree_from_string (KielaRegistry *registry, const char *text, gssize length,
                                                                     const char *source, GError **error);
KIELA_AVAILABLE_IN_ALL gboolean       kiela_record_tree_save_file   (KielaGameTree *tree, GFile *file, GCancellable *cancellable,
                                                                     GError **error);
KIELA_AVAILABLE_IN_ALL KielaGameTree *kiela_record_tree_load_file   (KielaRegistry *registry, GFile *file, GCancellable *cancellable,
                                                                     GError **error);

G_END_DECLS
