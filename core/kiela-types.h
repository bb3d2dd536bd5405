/* kiela-types.h: the plain data types shared by the whole engine (no heap, copyable by assignment). */
#pragma once

#include <glib.h>
#include "kiela-version.h"

G_BEGIN_DECLS

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

/* What happens when the last stone of a lap lands. */
typedef enum {
  /* Kiela, Owela: last stone in an occupied inner house, facing inner house occupied. */
  KIELA_CAPTURE_OCCUPIED_INNER = 0,
  /* Hawalis, Quiela: last stone in an empty inner house, facing inner house occupied. */
  KIELA_CAPTURE_EMPTY_INNER = 1,
  /* Omweso: last stone in an occupied inner house, both opponent houses of that file occupied. */
  KIELA_CAPTURE_OCCUPIED_INNER_BOTH = 2,
} KielaCaptureRule;

/* Where captured stones go. */
typedef enum {
  /* Kiela, Owela: sown as a new lap from the house after the capturing house. */
  KIELA_CAPTURED_SOW_AFTER_CAPTOR = 0,
  /* Omweso: sown as a new lap starting at the house the capturing lap was lifted from. */
  KIELA_CAPTURED_SOW_FROM_LAP_START = 1,
  /* Hawalis: removed from play and the move ends. */
  KIELA_CAPTURED_REMOVED = 2,
  /* Omweso as Nsimbi's worked examples play it: sown as a new lap whose first stone goes
   * into the house after the one the capturing lap was lifted from.  A host older than
   * this value refuses it at registration ("names an unknown rule"). */
  KIELA_CAPTURED_SOW_AFTER_LAP_START = 3,
} KielaCapturedFate;

/* What an endless move (section 8 of the rules) means. */
typedef enum {
  KIELA_ENDLESS_ILLEGAL = 0, /* not a legal move (Kiela) */
  KIELA_ENDLESS_LOSES = 1,   /* legal, but the mover loses at once (Hawalis) */
} KielaEndlessPolicy;

/* Which lap landings relay (lift again) rather than end the move. */
typedef enum {
  /* Kiela: occupied outer houses, and occupied inner houses that did not capture. */
  KIELA_RELAY_OCCUPIED = 0,
  /* Never relay: every lap ends the move unless it captures. */
  KIELA_RELAY_NEVER = 1,
} KielaRelayRule;

/*
 * A rule variant.  Plugins declare these as static data and hand them to
 * kiela_registry_add_variant(); the registry keeps the pointer, so the struct
 * must live as long as the module (modules are made resident).
 *
 * Strings: name, description, level are untranslated English marked with N_();
 * the app translates them with g_dgettext (translation_domain, ...).
 */
typedef struct {
  const char *id;                 /* "kiela", "kiela-beginner", ...: [a-z0-9-]+ */
  const char *name;               /* "Kiela (advanced)" */
  const char *description;        /* one or two sentences for the New game dialog */
  const char *family;             /* variants sharing a family are levels of one game: "kiela" */
  const char *level;              /* NC_("variant level", "Beginner"), "Advanced", "Expert" or NULL */
  const char *translation_domain; /* gettext domain of the strings above, NULL = "kiela" */

  guint8 files;                   /* KIELA_MIN_FILES .. KIELA_MAX_FILES */
  guint8 min_sow;                 /* smallest hand a player may lift: 2 in Kiela, 1 for beginners */
  /* Hawalis: a single stone may be sown when no house holds min_sow, and only into an empty house. */
  gboolean singles_when_blocked;
  KielaCaptureRule capture_rule;
  KielaCapturedFate captured_fate;
  KielaRelayRule relay_rule;
  KielaEndlessPolicy endless_policy;
  guint32 lap_limit;              /* 1000 for Kiela: a move still going after this many laps is endless */
  gboolean setup_phase;           /* expert: each side rearranges its stones before play */
  gboolean default_variant;       /* offered first by the app */

  /* Start position in local numbering: start[side][house]. */
  guint16 start[2][KIELA_MAX_HOUSES];

  /* Names of the rules source, shown in the New game dialog ("Bernardo Campos, 1998"). */
  const char *source;

  gpointer reserved[8];
} KielaVariant;

/*
 * A position: the stones of both sides in local numbering and the side to move.
 * Plain data: copy it by assignment, compare it with kiela_position_equal().
 * Houses past 2 * files are always zero.
 */
typedef struct {
  guint16 houses[2][KIELA_MAX_HOUSES];
  guint8 files;
  guint8 to_move;                 /* KielaSide */
  guint8 _pad[2];
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
