/* kiela-record.h: game records as JSON ("kiela-game" format, version 1), loaded by replaying every move. */
#pragma once

#include <glib.h>
#include "kiela-game.h"

G_BEGIN_DECLS

#define KIELA_RECORD_FORMAT  "kiela-game"
#define KIELA_RECORD_VERSION 1

typedef struct _KielaRegistry KielaRegistry;

/* Serialises the game's full history (redo moves are left out) as pretty JSON. */
KIELA_AVAILABLE_IN_ALL
char      *kiela_record_to_string   (KielaGame *game);
/* Parses and replays a record; `source` names the input in errors ("game.kiela: ..."). */
KIELA_AVAILABLE_IN_ALL
KielaGame *kiela_record_from_string (KielaRegistry *registry, const char *text, gssize length,
                                     const char *source, GError **error);
/* Saves atomically (write to a temporary file, then rename). */
KIELA_AVAILABLE_IN_ALL
gboolean   kiela_record_save        (KielaGame *game, const char *path, GError **error);
KIELA_AVAILABLE_IN_ALL
KielaGame *kiela_record_load        (KielaRegistry *registry, const char *path, GError **error);

G_END_DECLS
