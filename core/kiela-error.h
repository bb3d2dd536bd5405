/* kiela-error.h: the engine's error domain and codes. */
#pragma once

#include <glib.h>
#include "kiela-version.h"

G_BEGIN_DECLS

/*
 * Errors the engine raises itself.  Errors from GLib/GIO (a file that cannot be
 * read, ...) keep their own domain and code and only gain a prefix naming the
 * input (g_propagate_prefixed_error), so callers can still test G_IO_ERROR_NOT_FOUND.
 */
#define KIELA_ERROR (kiela_error_quark ())
KIELA_AVAILABLE_IN_ALL GQuark kiela_error_quark (void);

typedef enum {
  KIELA_ERROR_PARSE,          /* malformed position string, square or record */
  KIELA_ERROR_ILLEGAL_MOVE,   /* a move the rules forbid */
  KIELA_ERROR_GAME_OVER,      /* a move after the end of the game */
  KIELA_ERROR_VARIANT,        /* an invalid or unknown variant */
  KIELA_ERROR_RECORD,         /* a game record that does not replay */
  KIELA_ERROR_PLUGIN,         /* a plugin that cannot be loaded or registered */
  KIELA_ERROR_IO,             /* a file the engine itself finds unusable (not an I/O error from GIO) */
  KIELA_ERROR_POSITION,       /* a well-formed position a variant cannot be played from */
  KIELA_ERROR_TOO_LARGE,      /* a file larger than its reader accepts (kiela_file_read_bounded) */
} KielaError;

G_END_DECLS
