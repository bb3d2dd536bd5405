/* kiela-variant.h: rule variants: the struct, its checks, the registry's variants and *.kiela-variant files. */
#pragma once

#include <glib.h>
#include "kiela-types.h"

G_BEGIN_DECLS

/*
 * Thread safety.  A KielaVariant is plain data that is never changed once registered: read it
 * from any thread.  A registered variant stays valid until its registry is freed.  The
 * kiela_variant_*() functions only read the variant and are thread-safe.  A KielaVariantFile
 * is not locked: one thread at a time may use it (the Variant lab parses its own copy for its
 * worker thread).  The kiela_registry_*() functions here, like the rest of KielaRegistry,
 * belong to the thread that made the registry (the app's main thread): add and look up
 * variants there, and hand the pointers to worker threads, as the lab and kiela-cli's
 * matches do.
 */

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

/* When a house of a KielaReverseRule may be sown clockwise. */
typedef enum {
  KIELA_REVERSE_WHEN_CAPTURES = 0,  /* only when that first lap captures (Omweso) */
  KIELA_REVERSE_ALWAYS = 1,         /* whenever the house may be sown */
} KielaReverseWhen;

/* Which way captured stones are sown (the lap after a capture). */
typedef enum {
  KIELA_REVERSE_CAPTURED_ANTICLOCKWISE = 0, /* always the usual way */
  KIELA_REVERSE_CAPTURED_KEEP = 1,          /* the way the capturing lap went */
  /* clockwise when they are sown from one of the reverse houses and that lap captures, else
   * the usual way (Omweso: a reverse capture's stones may go clockwise again to capture) */
  KIELA_REVERSE_CAPTURED_WHEN_CAPTURES = 2,
  /* the same turn, but the player's choice: it may be declined (Omweso as Wikipedia gives it:
   * "there is no compulsion to play one direction or the other") */
  KIELA_REVERSE_CAPTURED_CHOICE = 3,
} KielaReverseCaptured;

/* Whether a relay lap lifted from one of the houses (the last lap ended there) turns clockwise. */
typedef enum {
  KIELA_REVERSE_RELAY_NEVER = 0,            /* it goes on the way the lap before it went */
  KIELA_REVERSE_RELAY_WHEN_CAPTURES = 1,    /* clockwise when that lap captures */
  KIELA_REVERSE_RELAY_CHOICE = 2,           /* the same turn, the player's choice (Omweso) */
} KielaReverseRelay;

/*
 * Reverse sowing (Omweso's reverse captures): a move may be sown clockwise from some houses,
 * its name then carrying KIELA_MOVE_CLOCKWISE.  Later laps follow the rule: a relay goes the
 * way of the lap before it unless `relay` turns it, captured stones go as `captured` says.
 * A WHEN_CAPTURES turn is taken whenever it captures; a CHOICE turn is the player's, and the
 * move carries the decision (KIELA_MOVE_DECLINE): kiela_candidate_moves() lists a move for
 * every way of deciding.  Plain data, like the variant.
 */
typedef struct {
  guint64 houses;   /* bit h: local house h may be sown clockwise (the same houses for both sides) */
  guint8  when;     /* KielaReverseWhen */
  guint8  captured; /* KielaReverseCaptured */
  guint8  relay;    /* KielaReverseRelay */
  guint8  _pad[5];
  gpointer reserved[2];
} KielaReverseRule;

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

  /* KIELA_VARIANT_FLAG_* bits.  Took the place of reserved[0], a pointer-sized slot: the ABI
   * is unchanged and older plugins (NULL there) set no flag. */
  gsize flags;
  /* The forced first move of each player, as local house number + 1 (the same house for
   * both sides); 0: none.  A player whose house holds too few stones sows freely.  Took the
   * place of reserved[1]: the ABI is unchanged. */
  gsize first_move;
  /* The constraints of a constrained arrangement (KIELA_ARRANGE_* bits, and the most inner
   * houses with a single stone, plus one, in bits 8-15: 0 = no limit), checked when a side
   * sets up (setup_phase) and on the start itself; 0: any arrangement.  Took the place of
   * reserved[2]: the ABI is unchanged. */
  gsize arrange;
  /* Clockwise sowings, or NULL (the usual way only).  Took the place of reserved[3]: older
   * plugins leave it NULL. */
  const KielaReverseRule *reverse;
  /* The extra capture (ExtraCapture=N): after a move whose sowing captures, the mover may also take
   * the stones of N other opponent houses of their choice, which go where the variant's captured
   * stones go (only KIELA_CAPTURED_REMOVED today: they leave the board).  The chosen house travels
   * in the move (KIELA_MOVE_TARGET, and with 2 KIELA_MOVE_TARGET2).  0: none; at most
   * KIELA_EXTRA_CAPTURE_MAX, and 2 only on a board small enough (kiela_extra_capture_fits).
   * The N houses are taken together or not at all; with fewer than N left holding stones after
   * the capture, the move takes those there are.  Took the place of reserved[0]: older
   * plugins leave it 0. */
  gsize extra_capture;
  gpointer reserved[3];
} KielaVariant;

/* The most moves a position can list with an extra capture of `n` houses on a board of `files`
 * files, with `base` moves before the targets (2 x files, one more with the in-house first
 * sowing): each base move once declining and once for every set of `n` opponent houses still
 * holding stones after its capture, which has emptied at least the two houses of the file it
 * took (Captured=inner-and-outer).  A board whose count passes KIELA_MAX_MOVES is refused. */
static inline guint64
kiela_extra_capture_max_moves (guint files, guint n, guint base)
{
  const guint k = files >= 1 ? 2u * files - 2u : 0u;
  guint64 sets = 1;

  /* C(k, n), or 1 when fewer than n houses could be left (the move takes them all). */
  for (guint i = 0; i < n && i < k; i++)
    sets = sets * (k - i) / (i + 1);
  return (guint64) base * (1 + sets);
}

/* Whether an extra capture of `n` houses fits a move list on `files` files (see above). */
static inline gboolean
kiela_extra_capture_fits (guint files, guint n, guint base)
{
  return n <= KIELA_EXTRA_CAPTURE_MAX && kiela_extra_capture_max_moves (files, n, base) <= KIELA_MAX_MOVES;
}

/* The game carries a traditional name but leaves out rules its sources give (the file's
 * Simplified=true; its description says what is missing): New Game and the lab say so. */
#define KIELA_VARIANT_FLAG_SIMPLIFIED ((gsize) 1 << 0)
/* With singles_when_blocked: the single stone may be sown into any house, an occupied one
 * included (Mefuvha after Stayt), not only into an empty one (Hawalis).  Singles=when-blocked-any-house. */
#define KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE ((gsize) 1 << 1)
/* Phases (Quiela after Silva): a player none of whose houses holds more than one stone is in
 * the later phase, where only a single stone moves, and only into an empty house (the next
 * house along the sowing).  Those moves never make a house hold two, so a player who reaches
 * the later phase stays in it: the phase is read from the position, not stored.
 * PhaseChange=no-house-over-one with LaterPhase=singles-into-empty. */
#define KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES ((gsize) 1 << 3)
/* A move that captures in both end files (the first and the last file, in any order and lap)
 * wins at once: the move stops there, the stones in hand staying in the capturing house, and
 * the opponent has lost (KielaPosition.lost).  Omweso's instant win; BothEndsWin=true. */
#define KIELA_VARIANT_FLAG_WIN_BOTH_ENDS ((gsize) 1 << 2)
/* The first sowing a player makes from their leftmost outer house (local house 0) may drop its
 * first stone into that house itself, not the next one: the move house 0 | KIELA_MOVE_IN_HOUSE,
 * "a1=", offered while the house holds two stones or more (a single stone sown back into its
 * own house would be no move) and the side has not yet sown from it
 * (KIELA_POSITION_IN_HOUSE_OWED).  Quiela after Silva; FirstSowing=leftmost-in-house. */
#define KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE ((gsize) 1 << 4)
/* The skip of a threatened single (Quiela after Silva, as Ludii gives it): when the second inner
 * house from the owner's left (local house 2 files - 2, South's b2) holds a single stone, the
 * inner house after it (the last of the inner row, a2) is empty and the opponent, were it their
 * turn, has a legal move that captures that stone, the single may skip to the first or second
 * outer house (local 0 or 1, a1 or b1) where that house is empty: the move house 2 files - 2 |
 * KIELA_MOVE_SKIP with the destination as its target ("b2>a1"), offered beside the usual moves
 * in either phase.  It drops the stone there and ends.  SingleSkip=threatened-second-inner. */
#define KIELA_VARIANT_FLAG_SINGLE_SKIP ((gsize) 1 << 5)
/* Every flag this version knows; a variant with another bit set is refused. */
#define KIELA_VARIANT_FLAGS_KNOWN     (KIELA_VARIANT_FLAG_SIMPLIFIED | KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE | \
                                       KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES | KIELA_VARIANT_FLAG_WIN_BOTH_ENDS | \
                                       KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE | KIELA_VARIANT_FLAG_SINGLE_SKIP)

/* KielaVariant.arrange: the leftmost outer house (local house 0) holds more stones than any
 * other house of the side (ArrangeRules=leftmost-outer-most). */
#define KIELA_ARRANGE_LEFTMOST_MOST      ((gsize) 1 << 0)
/* No house holds more than the house on its left in the same row, as its owner sees the
 * board (ArrangeRules=non-increasing). */
#define KIELA_ARRANGE_NON_INCREASING     ((gsize) 1 << 1)
/* At most N inner houses hold a single stone (ArrangeRules=inner-singles-at-most:N). */
#define KIELA_ARRANGE_INNER_SINGLES(n)   ((((gsize) (n) + 1) & 0xff) << 8)
#define KIELA_ARRANGE_INNER_SINGLES_MAX(arrange) ((guint) (((arrange) >> 8) & 0xff) - 1)
#define KIELA_ARRANGE_HAS_INNER_SINGLES(arrange) ((((arrange) >> 8) & 0xff) != 0)
#define KIELA_ARRANGE_KNOWN              (KIELA_ARRANGE_LEFTMOST_MOST | KIELA_ARRANGE_NON_INCREASING | \
                                          ((gsize) 0xff << 8))

/* A variant's lap_limit: the rules use 1000; more than this is refused at registration
 * (listing moves sows every candidate up to the limit). */
#define KIELA_LAP_LIMIT_DEFAULT 1000
#define KIELA_LAP_LIMIT_MAX     100000

/* Checks a variant's parameters (file count, start position, lap limit, ...). */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_variant_validate        (const KielaVariant *variant, GError **error);
/* The variant's name/description/level translated in its own domain. */
KIELA_AVAILABLE_IN_ALL const char *kiela_variant_get_name        (const KielaVariant *variant);
KIELA_AVAILABLE_IN_ALL const char *kiela_variant_get_description (const KielaVariant *variant);
KIELA_AVAILABLE_IN_ALL const char *kiela_variant_get_level       (const KielaVariant *variant);
/* TRUE when the variant is a simplified version of the game its name calls (KIELA_VARIANT_FLAG_SIMPLIFIED). */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_variant_is_simplified   (const KielaVariant *variant);
/* The stones a game of `variant` has on the board at the start, the most any position of it holds. */
KIELA_AVAILABLE_IN_ALL guint       kiela_variant_max_stones      (const KielaVariant *variant);
/* Whether `counts` (a side's houses, local numbering) is an arrangement the variant's
 * constraints (KielaVariant.arrange) allow; FALSE with a translated KIELA_ERROR_ILLEGAL_MOVE
 * sentence naming the first rule broken and the houses concerned, as `side` names them. */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_variant_check_arrangement (const KielaVariant *variant, KielaSide side,
                                                                    const guint16 *counts, GError **error);
/* Moves stones of `counts` (the same total) until the arrangement is one the constraints
 * allow, keeping it as it is where they already do: for arranging AIs, which may search
 * freely and then conform.  A side with no stone stays empty. */
KIELA_AVAILABLE_IN_ALL void        kiela_variant_conform_arrangement (const KielaVariant *variant, guint16 *counts);
/* TRUE when `side` is in the later phase of a variant with phases (KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES):
 * none of its houses holds more than one stone. */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_variant_in_later_phase  (const KielaVariant *variant, const KielaPosition *pos,
                                                                  KielaSide side);

/* ---- The registry's variants (main thread only, see above) ---- */

/* Registers a variant (from a plugin's register function).  A duplicate id or an invalid
 * variant is an error; the loader then undoes the module's whole registration. */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_registry_add_variant         (KielaRegistry *registry, const KielaVariant *variant,
                                                                               GError **error);
KIELA_AVAILABLE_IN_ALL const KielaVariant *kiela_registry_lookup_variant      (KielaRegistry *registry, const char *id);
KIELA_AVAILABLE_IN_ALL const KielaVariant *kiela_registry_get_default_variant (KielaRegistry *registry);
/* Of const KielaVariant *, owned by the registry, in registration order (the default first). */
KIELA_AVAILABLE_IN_ALL GPtrArray          *kiela_registry_get_variants        (KielaRegistry *registry);

/* ---- Variant files ---- */

/*
 * A variant file is a GKeyFile with one [Variant] group.  Every key but Id and
 * Name is optional and defaults to the value of the advanced Kiela rules:
 *
 *   [Variant]
 *   Id=owela                       # [a-z0-9-]+, unique among all variants
 *   Name=Owela                     # localized keys Name[fr]=... for user files
 *   Description=...                # localized too
 *   Family=owela                   # variants of one game share a family
 *   Level=Advanced                 # Beginner, Advanced or Expert (optional)
 *   Source=Russ, The Complete Mancala Games Book (2000), p. ...
 *   Reading=...                    # which reading an ambiguous source is given
 *   Files=16                       # houses per row, 4..20
 *   Start=outer:2;inner-right:4:2  # a pattern (see below), or
 *   StartHouses=2;2;...            # one count per house of a side (local numbering)
 *   StartNorth=...                 # North's houses when they differ from South's
 *   Arrangement=none               # none | free | constrained (with ArrangeRules)
 *   ArrangeRules=leftmost-outer-most;non-increasing;inner-singles-at-most:2
 *                                  # the constraints of Arrangement=constrained, checked
 *                                  # on each side's arrangement and on the start
 *   MinSow=2                       # smallest hand that may be lifted, 1..255
 *   Singles=always                 # always | when-blocked | when-blocked-any-house  (when-blocked:
 *                                  # a single stone only when no house holds MinSow, into an empty
 *                                  # house; when-blocked-any-house: the same into any house)
 *   Direction=anticlockwise        # anticlockwise (the only direction the engine sows today)
 *   Relay=occupied                 # occupied | never
 *   CaptureTrigger=occupied-inner  # occupied-inner | empty-inner
 *   CaptureNeeds=facing-inner      # facing-inner | facing-inner-and-outer
 *   Captured=inner-and-outer       # inner-and-outer (what the capture takes)
 *   CapturedStones=sow-after-captor # sow-after-captor | sow-from-lap-start | removed
 *   CaptureEndsTurn=false          # true only with CapturedStones=removed
 *   LapLimit=1000                  # 1..100000 laps; a move still going is endless
 *   EndlessMove=illegal            # illegal | loses
 *   End=no-moves-loses;repetition-draws  # the end conditions (both required today)
 *   Default=false                  # offered first by the app
 *   PhaseChange=none               # none | no-house-over-one: when a player enters the
 *   LaterPhase=none                # none | singles-into-empty: later phase's rules (both or neither)
 *   FirstMove=none                 # none | a local house number: each player's first move
 *                                  # from the variant's start must be from that house
 *   Simplified=false               # true: rules of the named game are left out (say which
 *                                  # in Description); New Game and the lab label it
 *   ReverseFrom=none               # none | local houses that may also be sown clockwise: 0;1;14;15
 *   ReverseWhen=captures           # captures (only when that first lap captures) | always
 *   ReverseCaptured=anticlockwise  # after a clockwise capture: anticlockwise | clockwise | when-captures
 *                                  # | choice-when-captures (the same turn, the player's choice)
 *   ReverseRelay=never             # never | when-captures: a relay lap ending in one of those
 *                                  # houses turns clockwise when that lap captures |
 *                                  # choice-when-captures (the same, the player's choice)
 *   FirstSowing=usual              # usual | leftmost-in-house: a player's first sowing from the
 *                                  # leftmost outer house may start in that house (a1=)
 *   BothEndsWin=false              # true: captures in the first and the last file in one move win
 *   SingleSkip=none                # none | threatened-second-inner: a single stone in the second
 *                                  # inner house from the left (b2), with the last inner house (a2)
 *                                  # empty, which the opponent could capture on their next move,
 *                                  # may skip to the empty first or second outer house (b2>a1,
 *                                  # b2>b1); not with ReverseFrom or ExtraCapture
 *   ExtraCapture=0                 # 0 | 1: after a move that captures, the mover may also take the
 *                                  # stones of 1 other opponent house of their choice (the move
 *                                  # names it: c2xf3); needs CapturedStones=removed, not with
 *                                  # ReverseFrom; 2 is recognised and refused (not played yet)
 *
 * Start patterns, ';'-separated terms applied in order to an empty side:
 *   all:N  outer:N  inner:N  inner-right:K:N (the K inner houses at the owner's
 *   right end, local houses files..files+K-1)  inner-left:K:N  house:I:N
 *
 * Values the engine cannot play yet (Direction=clockwise, Captured=inner,
 * Arrangement=constrained, ...) are recognised and refused with
 * KIELA_VARIANT_FILE_ERROR_UNSUPPORTED, so files stay forward compatible.
 *
 * Shipped files (data/variants) mark their Name and Description for gettext
 * in the "kiela" domain; user files translate with localized keys.
 */

#define KIELA_VARIANT_FILE_SUFFIX ".kiela-variant"
#define KIELA_VARIANT_FILE_GROUP  "Variant"

#define KIELA_VARIANT_FILE_ERROR (kiela_variant_file_error_quark ())
KIELA_AVAILABLE_IN_ALL GQuark kiela_variant_file_error_quark (void);

/* Every message reads "FILE:LINE: key “Key”: why" (LINE 0 when the key is missing). */
typedef enum {
  KIELA_VARIANT_FILE_ERROR_SYNTAX,        /* not a key file (GKeyFile's reason follows) */
  KIELA_VARIANT_FILE_ERROR_NO_GROUP,      /* no [Variant] group */
  KIELA_VARIANT_FILE_ERROR_MISSING_KEY,   /* a required key (Id, Name) is absent */
  KIELA_VARIANT_FILE_ERROR_UNKNOWN_KEY,   /* a key this version does not know (a typo) */
  KIELA_VARIANT_FILE_ERROR_BAD_VALUE,     /* a value of the wrong form or out of range */
  KIELA_VARIANT_FILE_ERROR_UNSUPPORTED,   /* a well-formed value the engine cannot play yet */
  KIELA_VARIANT_FILE_ERROR_CONFLICT,      /* keys fine one by one but not together */
  KIELA_VARIANT_FILE_ERROR_TOO_LARGE,     /* a file over 64 KiB */
} KielaVariantFileError;

/* Where an error points: filled for every KIELA_VARIANT_FILE_ERROR raised by the parser. */
typedef struct {
  char  *file;   /* the path, or the name given to _new_from_data */
  guint  line;   /* 1-based; 0 when the key is missing or the whole file is at fault */
  char  *key;    /* NULL when the whole file is at fault */
  char  *why;    /* translated reason */
} KielaVariantFileProblem;

typedef struct _KielaVariantFile KielaVariantFile;

/* Parses a file.  The result owns its KielaVariant and every string in it. */
KIELA_AVAILABLE_IN_ALL KielaVariantFile *kiela_variant_file_new_from_file    (const char *path, GError **error);
/* The same from text; `name` stands for the file in messages ("<lab>"). */
KIELA_AVAILABLE_IN_ALL KielaVariantFile *kiela_variant_file_new_from_data    (const char *data, gssize length, const char *name,
                                                                              GError **error);
/* Describes an existing variant (a C plugin's) as a file; NULL with an error when the
 * variant uses a rule files cannot express. */
KIELA_AVAILABLE_IN_ALL KielaVariantFile *kiela_variant_file_new_from_variant (const KielaVariant *variant, GError **error);
KIELA_AVAILABLE_IN_ALL void              kiela_variant_file_free             (KielaVariantFile *file);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaVariantFile, kiela_variant_file_free)

/* The playable variant (valid by kiela_variant_validate); lives as long as `file`. */
KIELA_AVAILABLE_IN_ALL const KielaVariant *kiela_variant_file_get_variant (KielaVariantFile *file);
/* The path it was read from, or NULL. */
KIELA_AVAILABLE_IN_ALL const char         *kiela_variant_file_get_path    (KielaVariantFile *file);
/* Which reading of an ambiguous source the file takes (Reading=), or NULL. */
KIELA_AVAILABLE_IN_ALL const char         *kiela_variant_file_get_reading (KielaVariantFile *file);
/* TRUE for the files shipped with Kiela (translated by gettext). */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_variant_file_is_builtin  (KielaVariantFile *file);
/* TRUE for a variant read from a user's file (the Variant lab's, one installed or shared):
 * not shipped with Kiela, shown as written. */
KIELA_AVAILABLE_IN_ALL gboolean            kiela_variant_is_users         (const KielaVariant *variant);

/* The file's text with every parameter written out (parsing it gives the same variant). */
KIELA_AVAILABLE_IN_ALL char    *kiela_variant_file_to_data (KielaVariantFile *file, gsize *length);
KIELA_AVAILABLE_IN_ALL gboolean kiela_variant_file_save    (KielaVariantFile *file, const char *path, GError **error);

/* The parts of a KIELA_VARIANT_FILE_ERROR (file, line, key, why); FALSE for other errors. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_variant_file_error_get_problem (const GError *error, KielaVariantFileProblem *problem);
KIELA_AVAILABLE_IN_ALL void     kiela_variant_file_problem_clear     (KielaVariantFileProblem *problem);

/* One parameter a file may set, for editors (the Variant lab). */
typedef struct {
  const char        *key;          /* "CaptureTrigger" */
  const char *const *choices;      /* NULL-terminated allowed words, or NULL for numbers/text */
  const char *const *supported;    /* the subset of choices the engine plays today */
  guint              min, max;     /* for numbers; 0, 0 otherwise */
  gboolean           localized;    /* Name, Description */
} KielaVariantFileKey;

KIELA_AVAILABLE_IN_ALL const KielaVariantFileKey *kiela_variant_file_get_keys (guint *n_keys);

/*
 * Folders searched, in order: each of KIELA_VARIANT_PATH (':'-separated), then the
 * build tree's data/variants when running uninstalled or else $datadir/kiela/variants,
 * then $XDG_DATA_HOME/kiela/variants.  A variant id met again later is refused.
 */
KIELA_AVAILABLE_IN_ALL GPtrArray *kiela_variant_file_dup_search_dirs (void);


/* Registers a parsed file at run time (the Variant lab, a file the user installs), taking
 * `file` on success; NULL with KIELA_ERROR_PLUGIN when the variant id is already taken. */
KIELA_AVAILABLE_IN_ALL const KielaVariant *kiela_registry_add_variant_file (KielaRegistry *registry, KielaVariantFile *file,
                                                                            GError **error);
/* Registers every *.kiela-variant of the search dirs, sorted by name within a folder.  Each
 * file gets a plugin record (see kiela_registry_get_plugins): path = the file, id and name =
 * the variant's, provides = { "variant:ID" }, state KIELA_PLUGIN_LOADED, or
 * KIELA_PLUGIN_FAILED with the named error as reason; a bad file never stops the others.
 * The registry keeps the parsed files until it is freed.
 * kiela_registry_load_default() and kiela_registry_scan_default() call it. */
KIELA_AVAILABLE_IN_ALL void kiela_registry_load_variant_files (KielaRegistry *registry);

G_END_DECLS
