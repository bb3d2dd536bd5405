/* kiela-types.h: the plain data types shared by the whole engine (no heap, copyable by assignment). */
#pragma once

#include <glib.h>
#include "kiela-version.h"
#include "kiela-catalogue.h"

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
  /* Bit s set: side s has lost at once, its opponent having won by a variant's instant-win
   * rule (captures in both end files in one move): such a position has no legal move.  0 in
   * every other variant and position.  Took the last padding byte. */
  guint8 lost;
} KielaPosition;

/*
 * A move is a house index (local numbering) of the side to move, sown in the variant's usual
 * (anticlockwise) direction, or that index with KIELA_MOVE_CLOCKWISE set: the same house sown
 * clockwise, where a variant allows it (KielaReverseRule).  -1 means none.  Code that only
 * knows anticlockwise moves refuses a clockwise one as a house that does not exist.
 */
typedef gint KielaMove;

#define KIELA_MOVE_CLOCKWISE          0x40
/* The house sown with its first stone dropped into the house itself, not the next one
 * (Quiela's first sowing from the leftmost outer house, KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE);
 * named "a1=". */
#define KIELA_MOVE_IN_HOUSE           0x80
#define KIELA_MOVE_HOUSE(m)           ((guint) (m) & (KIELA_MOVE_CLOCKWISE - 1))
#define KIELA_MOVE_IS_CLOCKWISE(m)    (((m) & KIELA_MOVE_CLOCKWISE) != 0)
/* One more than the largest house-and-direction value: a table indexed by moves uses
 * KIELA_MOVE_INDEX (m), which leaves out the decisions below. */
#define KIELA_MOVE_IS_IN_HOUSE(m)     (((m) & KIELA_MOVE_IN_HOUSE) != 0)
#define KIELA_MOVE_INDEX_MAX          (2 * KIELA_MOVE_IN_HOUSE)
#define KIELA_MOVE_INDEX(m)           ((guint) (m) & (KIELA_MOVE_INDEX_MAX - 1))
/* Bits 16-23: the player's decisions at a move's optional turns (a KielaReverseRule whose later
 * turns are the player's: KIELA_REVERSE_CAPTURED_CHOICE, KIELA_REVERSE_RELAY_CHOICE).  Bit 16 + k
 * set: the move's k-th optional turn is declined, that lap going the usual way; clear: taken.
 * So a move without decision bits takes every turn, as the automatic rule did and as records
 * written before the choice mean.  Turns after the 8th of one move are always taken.  (Bit 7 is
 * KIELA_MOVE_IN_HOUSE; bits 8-15 are left for other parts of a move.) */
#define KIELA_MOVE_DECLINE_SHIFT      16
#define KIELA_MOVE_MAX_DECISIONS      8
#define KIELA_MOVE_DECLINE(k)         ((KielaMove) 1 << (KIELA_MOVE_DECLINE_SHIFT + (k)))
#define KIELA_MOVE_DECISIONS(m)       (((guint) (m) >> KIELA_MOVE_DECLINE_SHIFT) & ((1u << KIELA_MOVE_MAX_DECISIONS) - 1))
/* Bits 8-13: the opponent's house a move takes by a variant's extra capture (KielaVariant.
 * extra_capture, ExtraCapture=1: after a sowing that captures, the mover also takes the stones
 * of one other opponent house of their choice), as its local index plus one; 0: none.  Such a
 * move is named "c2xf3" (kiela_move_name).  Only a move whose sowing captures, in a variant
 * with the extra capture, may carry one; the same move without it declines the extra capture. */
#define KIELA_MOVE_TARGET_SHIFT       8
#define KIELA_MOVE_TARGET_MASK        ((KielaMove) 0x3f << KIELA_MOVE_TARGET_SHIFT)
#define KIELA_MOVE_HAS_TARGET(m)      (((m) & KIELA_MOVE_TARGET_MASK) != 0)
/* The opponent's local house a move with a target takes. */
#define KIELA_MOVE_TARGET(m)          ((((guint) (m) >> KIELA_MOVE_TARGET_SHIFT) & 0x3fu) - 1u)
#define KIELA_MOVE_WITH_TARGET(m, t)  (((m) & ~KIELA_MOVE_TARGET_MASK) | (KielaMove) (((guint) (t) + 1u) << KIELA_MOVE_TARGET_SHIFT))
/* Bits 24-29: the second opponent house of an extra capture of two (ExtraCapture=2), as its
 * local index plus one; 0: none.  Set only beside a first target (bits 8-13) of a lower house, so
 * the two houses, which the move takes together, are listed once: "c2xg3xh4" (kiela_move_name,
 * the lower local house first).  A move of such a variant takes both or, where only one
 * opponent house holds stones after the capture, that one alone (bits 24-29 clear). */
#define KIELA_MOVE_TARGET2_SHIFT      24
#define KIELA_MOVE_TARGET2_MASK       ((KielaMove) 0x3f << KIELA_MOVE_TARGET2_SHIFT)
#define KIELA_MOVE_HAS_TARGET2(m)     (((m) & KIELA_MOVE_TARGET2_MASK) != 0)
#define KIELA_MOVE_TARGET2(m)         ((((guint) (m) >> KIELA_MOVE_TARGET2_SHIFT) & 0x3fu) - 1u)
#define KIELA_MOVE_WITH_TARGET2(m, t) (((m) & ~KIELA_MOVE_TARGET2_MASK) | (KielaMove) (((guint) (t) + 1u) << KIELA_MOVE_TARGET2_SHIFT))
/* Both targets of an extra capture. */
#define KIELA_MOVE_TARGETS_MASK       (KIELA_MOVE_TARGET_MASK | KIELA_MOVE_TARGET2_MASK)
/* The most houses one extra capture may take: the move carries that many targets. */
#define KIELA_EXTRA_CAPTURE_MAX       2
/* Bit 14: the move is a skip (KIELA_VARIANT_FLAG_SINGLE_SKIP, Quiela's threatened single): the
 * single stone of the move's house is not sown but moved to the mover's own house in the target
 * bits (KIELA_MOVE_TARGET, a house of the mover, not the opponent), and the move ends there.
 * Named "b2>a1" (kiela_move_name). */
#define KIELA_MOVE_SKIP               0x4000
#define KIELA_MOVE_IS_SKIP(m)         (((m) & KIELA_MOVE_SKIP) != 0)
/* Whether a move's value has only the bits above (the house is the caller's to check). */
#define KIELA_MOVE_IS_WELL_FORMED(m)  ((m) >= 0 && ((guint) (m) & ~((guint) (KIELA_MOVE_INDEX_MAX - 1) | \
                                        (guint) KIELA_MOVE_TARGETS_MASK | (guint) KIELA_MOVE_SKIP | \
                                        (((1u << KIELA_MOVE_MAX_DECISIONS) - 1) << KIELA_MOVE_DECLINE_SHIFT))) == 0)
/* The house and first direction of a move (and its in-house flag), without its decisions or target. */
#define KIELA_MOVE_BASE(m)            ((KielaMove) KIELA_MOVE_INDEX (m))
/* KielaPosition.first_move_owed: side s may still sow its leftmost outer house in the house. */
#define KIELA_POSITION_IN_HOUSE_OWED(s) (4u << (s))

/* The most legal moves a position can have: every house, plus the clockwise ones, which a
 * variant may add only while the two together stay within this (kiela_variant_validate), or
 * with an extra capture (ExtraCapture=1) each house once for every opponent house it may take:
 * at most 2 files x 2 files.  An extra capture of two houses lists each capturing house once for
 * every pair: validation keeps such a board small enough (kiela_extra_capture_fits).  Was KIELA_MAX_HOUSES (40) before the extra capture; the engine's
 * compact board, which no variant with more moves than houses uses, keeps lists of that size. */
#define KIELA_MAX_MOVES (KIELA_MAX_HOUSES * KIELA_MAX_HOUSES)
/* The most moves before extra-capture targets: the houses, the clockwise ones, the in-house one
 * and the decisions (the old KIELA_MAX_MOVES, which those rules keep to). */
#define KIELA_MAX_BASE_MOVES KIELA_MAX_HOUSES

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
  KIELA_REASON_BOTH_ENDS,     /* the mover captured in both end files in one move, where that wins */
} KielaReason;

G_END_DECLS

/* KielaVariant and its rules, which much of the engine takes: every header that includes
 * this one sees them. */
#include "kiela-variant.h"
