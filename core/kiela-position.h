/* kiela-position.h: board geometry, square names and position strings (KPN). */
#pragma once

#include <glib.h>
#include "kiela-types.h"

G_BEGIN_DECLS

#define KIELA_ERROR (kiela_error_quark ())
GQuark kiela_error_quark (void);

typedef enum {
  KIELA_ERROR_PARSE,          /* malformed position string, square or record */
  KIELA_ERROR_ILLEGAL_MOVE,   /* a move the rules forbid */
  KIELA_ERROR_GAME_OVER,      /* a move after the end of the game */
  KIELA_ERROR_VARIANT,        /* an invalid or unknown variant */
  KIELA_ERROR_RECORD,         /* a game record that does not replay */
  KIELA_ERROR_PLUGIN,         /* a plugin that cannot be loaded or registered */
  KIELA_ERROR_IO,             /* a file that cannot be read or written */
} KielaError;

/* Ranks as in the rules file: 1 = South outer ... 4 = North outer. */
typedef enum {
  KIELA_ROW_OUTER = 0,
  KIELA_ROW_INNER = 1,
} KielaRow;

/* A house on the board, in every coordinate system the engine uses. */
typedef struct {
  KielaSide side;
  guint8 house;  /* local index 0 .. 2*files-1 */
  guint8 file;   /* 0 = 'a' .. files-1, as South sees the board */
  guint8 rank;   /* 1 .. 4 */
  KielaRow row;
} KielaSquare;

/* Geometry. files is the variant's file count; every function is O(1). */
void      kiela_square_from_house    (guint files, KielaSide side, guint house, KielaSquare *out);
gboolean  kiela_square_from_file_rank (guint files, guint file, guint rank, KielaSquare *out);
guint     kiela_house_file           (guint files, KielaSide side, guint house);
KielaRow  kiela_house_row            (guint files, guint house);
/* The opponent's inner house in the same file as an inner house (local index of the opponent). */
guint     kiela_facing_inner         (guint files, guint house);
/* The opponent's outer house in the same file (behind the facing inner house). */
guint     kiela_facing_outer         (guint files, guint house);

/* "g1" for (South, 6) on a 10-file board.  Writes at most 4 bytes including NUL. */
void      kiela_square_name          (guint files, KielaSide side, guint house, char out[4]);
char     *kiela_square_name_dup      (guint files, KielaSide side, guint house);
/* Parses "g1" strictly; a GError names the input and what is wrong with it. */
gboolean  kiela_square_parse         (guint files, const char *text, KielaSquare *out, GError **error);

/* Positions. */
void      kiela_position_init_start  (KielaPosition *pos, const KielaVariant *variant);
gboolean  kiela_position_equal       (const KielaPosition *a, const KielaPosition *b);
guint64   kiela_position_hash        (const KielaPosition *pos);
guint     kiela_position_side_total  (const KielaPosition *pos, KielaSide side);
guint     kiela_position_total       (const KielaPosition *pos);

/* KPN (rules file section 10).  The file count comes from the string; pass the
 * variant's expected count, or 0 to accept any from 4 to 20. */
gboolean  kiela_position_parse       (const char *kpn, guint expected_files, KielaPosition *out, GError **error);
char     *kiela_position_to_string   (const KielaPosition *pos);

/* A readable multi-line diagram with North at the top, for terminals and logs. */
char     *kiela_position_to_diagram  (const KielaPosition *pos);

const char *kiela_side_name          (KielaSide side);       /* "south" / "north", untranslated ids */
const char *kiela_side_display_name  (KielaSide side);       /* "South" / "North", translated */
const char *kiela_status_id          (KielaStatus status);   /* "ongoing", "south wins", "north wins", "draw" */
gboolean    kiela_status_parse       (const char *id, KielaStatus *out);

G_END_DECLS
