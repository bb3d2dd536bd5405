/* kiela-sow.h: applying one move (fast for search, or with a full trace for teaching) and legal moves. */
#pragma once

#include <glib.h>
#include "kiela-types.h"
#include "kiela-catalogue.h"

G_BEGIN_DECLS

/* How a move ended. */
typedef enum {
  KIELA_END_EMPTY_HOUSE = 0,   /* the last stone landed in an empty house */
  KIELA_END_CAPTURE_REMOVED,   /* captured stones left the board and the move ended (Hawalis) */
  KIELA_END_NO_RELAY,          /* the last stone landed in an occupied house, and this variant does not relay */
  KIELA_END_ENDLESS,           /* the lap limit was reached: the move never ends */
  KIELA_END_BOTH_ENDS,         /* the move captured in both end files: it wins at once (KIELA_VARIANT_FLAG_WIN_BOTH_ENDS) */
} KielaEndReason;

/* Why the hand went on after a lap. */
typedef enum {
  KIELA_RELAY_OUTER = 0,           /* last stone in an occupied outer house */
  KIELA_RELAY_INNER_FACING_EMPTY,  /* last stone in an occupied inner house, facing inner house empty */
  KIELA_RELAY_INNER_NO_CAPTURE,    /* occupied inner house whose file does not meet the capture rule */
} KielaRelayReason;

typedef enum {
  /* side/house lifted `count` stones; `lap` starts.  The house is then empty.  `reason` is 1
   * when this lap is sown clockwise (KIELA_MOVE_CLOCKWISE), else 0; the same for ENTER. */
  KIELA_EVENT_LIFT = 0,
  /* one stone dropped into side/house, which now holds `count`; `hand` stones remain in hand. */
  KIELA_EVENT_DROP,
  /* the last stone landed in occupied side/house (now `count`): it will be lifted; `reason` is a KielaRelayReason. */
  KIELA_EVENT_RELAY,
  /* side/house (holding `count`) captures: the opponent's inner house `house2` (count2 stones)
   * and outer house `house3` (count3 stones), both on side `side2`.  They are emptied. */
  KIELA_EVENT_CAPTURE,
  /* the `count` captured stones join the mover's army: they are sown as lap `lap`,
   * the first stone going into side/house. */
  KIELA_EVENT_ENTER,
  /* the `count` captured stones leave the board (Hawalis). */
  KIELA_EVENT_REMOVE,
  /* the move is over: `reason` is a KielaEndReason, side/house is where the last stone landed. */
  KIELA_EVENT_END,
  /* the extra capture (ExtraCapture): after its sowing captured, the mover side/house (where the
   * last stone landed) also takes the opponent's house `house2` on side `side2`, which held
   * `count2` stones; it is emptied.  `hand`: these and the file's captured stones, which the
   * REMOVE after it takes off the board together (the capture's own REMOVE comes after this
   * event, not before).  Then END.  Code that does not know it finds the board right in `after`. */
  KIELA_EVENT_EXTRA_CAPTURE,
} KielaEventType;

typedef struct {
  guint8 type;      /* KielaEventType */
  guint8 side;      /* KielaSide of `house` */
  guint8 house;     /* local index */
  guint8 reason;    /* KielaRelayReason or KielaEndReason */
  guint16 count;    /* see KielaEventType */
  guint16 hand;     /* stones still in hand after this event */
  guint32 lap;      /* 1-based lap number */
  guint8 side2;
  guint8 house2;
  guint8 house3;
  /* LIFT and ENTER of a lap after the first: 1 when the lap starts at one of the move's
   * optional turns (KIELA_REVERSE_*_CHOICE) and turns clockwise, 2 when the player declined
   * that turn and the lap goes the usual way; 0 elsewhere.  Was padding. */
  guint8 choice;
  guint16 count2;
  guint16 count3;
} KielaEvent;

/* The summary of one sowing, filled by both paths. */
typedef struct {
  KielaMove move;
  KielaSide mover;
  guint32 laps;        /* laps sown (1 for a move that ends in the first lap) */
  guint32 drops;       /* stones dropped */
  guint16 captures;    /* capture events */
  guint16 captured;    /* stones captured in all */
  KielaEndReason end;  /* KIELA_END_ENDLESS for a move that never ends */
  guint8 last_side;
  guint8 last_house;
} KielaSowResult;

/* A trace: every event of one move, in order, to animate and narrate it. */
typedef struct {
  KielaPosition before;  /* the position the move was played from */
  KielaPosition after;   /* the position after the move (side to move switched) */
  KielaSowResult result;
  GArray *events;        /* of KielaEvent */
} KielaTrace;

KIELA_AVAILABLE_IN_ALL KielaTrace *kiela_trace_new   (void);
KIELA_AVAILABLE_IN_ALL void        kiela_trace_free  (KielaTrace *trace);
KIELA_AVAILABLE_IN_ALL void        kiela_trace_clear (KielaTrace *trace);
KIELA_AVAILABLE_IN_ALL guint       kiela_trace_get_n_events (const KielaTrace *trace);
KIELA_AVAILABLE_IN_ALL const KielaEvent *kiela_trace_get_event (const KielaTrace *trace, guint index);
/* The board and hand after the first `n_events` events (0 = before the move,
 * n = the full move, though the side to move switches only in trace->after). */
KIELA_AVAILABLE_IN_ALL void        kiela_trace_position_at (const KielaTrace *trace, guint n_events, KielaPosition *out, guint *hand);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaTrace, kiela_trace_free)

/*
 * Sows `move` for the side to move in `pos`, in place.  Does not check that the
 * house may be sown; does switch the side to move.  Returns FALSE when the move
 * is endless (then `pos` holds the board after lap_limit laps).
 * `result` may be NULL.  No heap allocation.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_sow_fast  (const KielaVariant *variant, KielaPosition *pos, KielaMove move, KielaSowResult *result);

/* The same sowing, recording every event into `trace` (cleared first). */
KIELA_AVAILABLE_IN_ALL gboolean kiela_sow_traced (const KielaVariant *variant, const KielaPosition *pos, KielaMove move, KielaTrace *trace);

/* Houses the side to move may sow by the stone-count rule alone (not the endless check). */
KIELA_AVAILABLE_IN_ALL guint    kiela_candidate_moves (const KielaVariant *variant, const KielaPosition *pos, KielaMove moves[KIELA_MAX_MOVES]);

/*
 * Legal moves of the side to move, in house order.  When `children` is not
 * NULL it receives the position after each move, so search need not sow twice.
 * Endless moves are left out when the variant makes them illegal, kept when
 * they lose (check `endless` then, may be NULL).
 */
KIELA_AVAILABLE_IN_ALL guint    kiela_legal_moves (const KielaVariant *variant, const KielaPosition *pos,
                                                   KielaMove moves[KIELA_MAX_MOVES],
                                                   KielaPosition children[KIELA_MAX_MOVES],
                                                   gboolean endless[KIELA_MAX_MOVES]);

/* The same, also giving the stones each move drops (playout statistics). */
KIELA_AVAILABLE_IN_ALL guint    kiela_legal_moves_ex (const KielaVariant *variant, const KielaPosition *pos,
                                                      KielaMove moves[KIELA_MAX_MOVES],
                                                      KielaPosition children[KIELA_MAX_MOVES],
                                                      gboolean endless[KIELA_MAX_MOVES],
                                                      guint32 drops[KIELA_MAX_MOVES]);

/* The same, also giving the stones each move captures (move ordering in search). */
KIELA_AVAILABLE_IN_ALL guint    kiela_legal_moves_captured (const KielaVariant *variant, const KielaPosition *pos,
                                                            KielaMove moves[KIELA_MAX_MOVES],
                                                            KielaPosition children[KIELA_MAX_MOVES],
                                                            gboolean endless[KIELA_MAX_MOVES],
                                                            guint32 drops[KIELA_MAX_MOVES],
                                                            guint16 captured[KIELA_MAX_MOVES]);

/* Why `move` may not be played from `pos`, as a translated sentence naming the square;
 * NULL when it is legal.  ("g1 holds 1 stone: Kiela needs at least 2.", "This move never ends: ...") */
KIELA_AVAILABLE_IN_ALL char    *kiela_explain_illegal (const KielaVariant *variant, const KielaPosition *pos, KielaMove move);
/* The same for any house of the board, including the opponent's ("g4 belongs to North: it is South's turn."). */
KIELA_AVAILABLE_IN_ALL char    *kiela_explain_house   (const KielaVariant *variant, const KielaPosition *pos, KielaSide side, guint house);
/* The same in `catalogue`'s language (kiela-catalogue.h; NULL: the interface's). */
KIELA_AVAILABLE_IN_ALL char    *kiela_explain_illegal_in (const KielaVariant *variant, const KielaPosition *pos, KielaMove move,
                                                          const KielaCatalogue *catalogue);
KIELA_AVAILABLE_IN_ALL char    *kiela_explain_house_in   (const KielaVariant *variant, const KielaPosition *pos, KielaSide side,
                                                          guint house, const KielaCatalogue *catalogue);

G_END_DECLS
