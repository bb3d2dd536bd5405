/* kiela-position.h: board geometry, square names and position strings (KPN). */
#pragma once

#include <glib.h>
#include "kiela-types.h"
#include "kiela-error.h"

G_BEGIN_DECLS

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
KIELA_AVAILABLE_IN_ALL void      kiela_square_from_house    (guint files, KielaSide side, guint house, KielaSquare *out);
KIELA_AVAILABLE_IN_ALL gboolean  kiela_square_from_file_rank (guint files, guint file, guint rank, KielaSquare *out);
KIELA_AVAILABLE_IN_ALL guint     kiela_house_file           (guint files, KielaSide side, guint house);
KIELA_AVAILABLE_IN_ALL KielaRow  kiela_house_row            (guint files, guint house);
/* The opponent's inner house in the same file as an inner house (local index of the opponent). */
KIELA_AVAILABLE_IN_ALL guint     kiela_facing_inner         (guint files, guint house);
/* The opponent's outer house in the same file (behind the facing inner house). */
KIELA_AVAILABLE_IN_ALL guint     kiela_facing_outer         (guint files, guint house);

/* "g1" for (South, 6) on a 10-file board.  Writes at most 4 bytes including NUL.  `house` may be
 * a move: a clockwise one (KIELA_MOVE_CLOCKWISE) is named with a trailing "<", "a1<". */
KIELA_AVAILABLE_IN_ALL void      kiela_square_name          (guint files, KielaSide side, guint house, char out[4]);
/* A move's whole name: its square, "<" when it is sown clockwise, then for each optional turn
 * it meets (KIELA_MOVE_DECLINE) "+" taken or "-" declined, up to the last declined one:
 * "b2", "a1<", "b2-", "a1<+-"; a move with an extra capture's target (KIELA_MOVE_TARGET) then "x"
 * and the opponent house it takes: "c2xf3", or the two it takes (KIELA_MOVE_TARGET2), the lower
 * local house first: "c2xf3xg3"; a skip (KIELA_MOVE_SKIP) ">" and the mover's own house
 * its single goes to: "b2>a1".  At most KIELA_MOVE_NAME_MAX bytes including NUL. */
#define KIELA_MOVE_NAME_MAX (4 + KIELA_MOVE_MAX_DECISIONS)
KIELA_AVAILABLE_IN_ALL void      kiela_move_name            (guint files, KielaSide side, KielaMove move,
                                                             char out[KIELA_MOVE_NAME_MAX]);
/* The square's name, or for a move its whole name (kiela_move_name), newly allocated. */
KIELA_AVAILABLE_IN_ALL char     *kiela_square_name_dup      (guint files, KielaSide side, guint house);
/* Parses "g1" strictly; a GError names the input and what is wrong with it. */
KIELA_AVAILABLE_IN_ALL gboolean  kiela_square_parse         (guint files, const char *text, KielaSquare *out, GError **error);
/* Parses a move's name: a square ("a1", sown the usual way) or a square and "<" ("a1<", sown
 * clockwise), then optionally a "+" or "-" for each optional turn ("b2-": the first declined).
 * `square` receives the square, `move` (may be NULL) its house with KIELA_MOVE_CLOCKWISE for
 * "<" and KIELA_MOVE_DECLINE bits for "-"; whether the square's side may sow it is the caller's
 * business.  "c2xf3": the move c2 taking the opponent house f3 by an extra capture
 * (KIELA_MOVE_WITH_TARGET); the house after "x" must be on the other side.  "c2xf3xg3": two
 * houses (KIELA_MOVE_WITH_TARGET2), in either order, the lower local house put first; the
 * same house twice is refused.  "b2>a1": the single of
 * b2 skipping to the mover's own a1 (KIELA_MOVE_SKIP with the target); both on one side. */
KIELA_AVAILABLE_IN_ALL gboolean  kiela_move_parse           (guint files, const char *text, KielaSquare *square, KielaMove *move,
                                                             GError **error);

/* Positions. */
KIELA_AVAILABLE_IN_ALL void      kiela_position_init_start  (KielaPosition *pos, const KielaVariant *variant);
KIELA_AVAILABLE_IN_ALL gboolean  kiela_position_equal       (const KielaPosition *a, const KielaPosition *b);
KIELA_AVAILABLE_IN_ALL guint64   kiela_position_hash        (const KielaPosition *pos);
KIELA_AVAILABLE_IN_ALL guint     kiela_position_side_total  (const KielaPosition *pos, KielaSide side);
KIELA_AVAILABLE_IN_ALL guint     kiela_position_total       (const KielaPosition *pos);

/* KPN (rules file section 10).  The file count comes from the string; pass the
 * variant's expected count, or 0 to accept any from 4 to 20. */
KIELA_AVAILABLE_IN_ALL gboolean  kiela_position_parse       (const char *kpn, guint expected_files, KielaPosition *out, GError **error);
KIELA_AVAILABLE_IN_ALL char     *kiela_position_to_string   (const KielaPosition *pos);

/* A readable multi-line diagram with North at the top, for terminals and logs. */
KIELA_AVAILABLE_IN_ALL char     *kiela_position_to_diagram  (const KielaPosition *pos);

KIELA_AVAILABLE_IN_ALL const char *kiela_side_name          (KielaSide side);       /* "south" / "north", untranslated ids */
KIELA_AVAILABLE_IN_ALL const char *kiela_side_display_name  (KielaSide side);       /* "South" / "North", translated */
KIELA_AVAILABLE_IN_ALL const char *kiela_side_display_name_in (KielaSide side, const KielaCatalogue *catalogue); /* in its language */
KIELA_AVAILABLE_IN_ALL const char *kiela_status_id          (KielaStatus status);   /* "ongoing", "south wins", "north wins", "draw" */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_status_parse       (const char *id, KielaStatus *out);

/* The result of a game that `winner` won, or that `loser` lost (no legal move, a move that never ends
 * where that loses, a forfeit). */
static inline KielaStatus
kiela_status_won_by (KielaSide winner)
{
  return winner == KIELA_SOUTH ? KIELA_STATUS_SOUTH_WINS : KIELA_STATUS_NORTH_WINS;
}

static inline KielaStatus
kiela_status_lost_by (KielaSide loser)
{
  return kiela_status_won_by (KIELA_OTHER_SIDE (loser));
}

G_END_DECLS
