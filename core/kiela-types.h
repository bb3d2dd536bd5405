/* kiela-types.h: the plain data types shared by the whole engine (no heap, copyable by assignment). */
#pragma once

#include <glib.h>
#include "kiela-version.h"

G_BEGIN_DECLS

/* The registry of variants, AI algorithms, personalities and lessons (kiela-registry.h). */
typedef struct _KielaRegistry KielaRegistry;

#define KIELA_MIN_FILES 4
#define KIELA_MAX_FILES 20
/* Houses one player owns: an outer and an inner row. */
#define KIELA_MAX_HOUSES (2 * KIELA_MAX_FILES)
/* A house index that means "no house". */
#define KIELA_NO_HOUSE 0xff

typedef enum {
  KIELA_SOUTH = 0,
  KIELA_NORTH = 1,
} KielaSide;

#define KIELA_OTHER_SIDE(s) ((KielaSide) (1 - (s)))


/*
 * A position: the stones of both sides in local numbering and the side to move.
 * Plain data: copy it by assignment, compare it with kiela_position_equal().
 * Houses past 2 * files are always zero.
 */
typedef struct {
  guint16 houses[2][KIELA_MAX_HOUSES];
  guint8 files;
  guint8 to_move;                 /* KielaSide */
  /* Bit s set: side s still owes the forced first move of a variant with one (its
   * first_move); 0 in every other variant and position.  Took a padding byte. */
  guint8 first_move_owed;
  guint8 _pad;
} KielaPosition;

/* A move is a house index (local numbering) of the side to move; -1 means none. */
typedef gint KielaMove;

#define KIELA_MAX_MOVES KIELA_MAX_HOUSES

typedef enum {
  KIELA_STATUS_ONGOING = 0,
  KIELA_STATUS_SOUTH_WINS,
  KIELA_STATUS_NORTH_WINS,
  KIELA_STATUS_DRAW,
} KielaStatus;

typedef enum {
  KIELA_REASON_NONE = 0,
  KIELA_REASON_NO_MOVES,      /* the side to move cannot move */
  KIELA_REASON_REPETITION,    /* a position occurred for the third time */
  KIELA_REASON_ENDLESS_MOVE,  /* the mover played an endless move where that loses */
  KIELA_REASON_MOVE_LIMIT,    /* a playout or tournament ply cap, or a game's KIELA_GAME_MAX_MOVES, was reached */
} KielaReason;

G_END_DECLS

/* KielaVariant and its rules, which much of the engine takes: every header that includes
 * this one sees them. */
#include "kiela-variant.h"
