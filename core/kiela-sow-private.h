/* kiela-sow-private.h: the engine's compact board (one byte a house) for its hot paths: legal moves, playouts, perft, search. */

/* Not installed: for core and the plugins built with it (the classic AI), which
 * are rebuilt together; third-party plugins keep to the installed headers. */
#pragma once

#include "kiela-types.h"
#include "kiela-sow.h"

G_BEGIN_DECLS

/*
 * A position with one byte per house, used wherever the engine sows many moves
 * (legal-move generation, playouts, perft, the classic AI's search).  A
 * position fits when it holds at most KIELA_PACKED_MAX_STONES stones: no house
 * can then ever hold more than a byte, whatever is sown (sowing never adds
 * stones).  Positions that do not fit take the 16-bit path of kiela-sow.c;
 * the choice is made per position, not per build.
 *
 * Side s's house i is b[s * stride + i]; stride is 16, 32 or 48 (the houses of
 * a side rounded up to whole 16-byte vectors) and the bytes past 2 * files are
 * zero, so whole vectors may be hashed, compared and updated.  Only the first
 * KIELA_PACKED_BYTES (p) bytes of the struct are meaningful: copies of a given
 * board size copy that much.
 */
#define KIELA_PACKED_MAX_STONES 255
/* The most moves of a position on the compact board: only variants whose moves are the houses
 * take it (no clockwise sowing, no extra capture), so a list of this size holds them all. */
#define KIELA_PACKED_MAX_MOVES KIELA_MAX_HOUSES

typedef struct {
  guint8 to_move;
  guint8 files;
  guint8 stride;
  guint8 _pad[13];
  guint8 b[96] __attribute__ ((aligned (16)));
} KielaPacked;

#define KIELA_PACKED_BYTES(p) (16u + 2u * (p)->stride)

/* FALSE when `pos` does not fit (too many stones, or not the variant's width). */
gboolean kiela_packed_from_position (const KielaVariant *variant, const KielaPosition *pos, KielaPacked *out);
void     kiela_packed_to_position   (const KielaPacked *packed, KielaPosition *out);
guint64  kiela_packed_hash          (const KielaPacked *packed);
gboolean kiela_packed_equal         (const KielaPacked *a, const KielaPacked *b);

/* kiela_sow_fast on a compact board: same result, same board. */
gboolean kiela_packed_sow           (const KielaVariant *variant, KielaPacked *packed, KielaMove move,
                                     KielaSowResult *result);
/* kiela_candidate_moves on a compact board. */
guint    kiela_packed_candidates    (const KielaVariant *variant, const KielaPacked *packed,
                                     KielaMove moves[KIELA_PACKED_MAX_MOVES]);

/*
 * kiela_legal_moves_ex on a compact board: `children` receives the boards after
 * the legal moves (may be NULL), `endless` (may be NULL) which of them never
 * end (kept only where that loses), `drops` and `captured` (may be NULL) the
 * stones each dropped and captured.
 */
guint    kiela_packed_legal_moves   (const KielaVariant *variant, const KielaPacked *packed,
                                     KielaMove moves[KIELA_PACKED_MAX_MOVES],
                                     KielaPacked children[KIELA_PACKED_MAX_MOVES],
                                     gboolean endless[KIELA_PACKED_MAX_MOVES],
                                     guint32 drops[KIELA_PACKED_MAX_MOVES],
                                     guint16 captured[KIELA_PACKED_MAX_MOVES]);

/* The legal moves of Kiela's rules on ten files (endless moves illegal) as a
 * mask of houses, every candidate's legality decided by (partly) sowing it;
 * FALSE, and `mask` untouched, for other boards and rules. */
gboolean kiela_packed_legal_mask    (const KielaVariant *variant, const KielaPacked *packed, guint32 *mask);

/* kiela_perft on a compact board: the number of move sequences of `depth` plies. */
guint64  kiela_packed_perft         (const KielaVariant *variant, const KielaPacked *packed, guint depth);

/* The looks at the first laps of every leaf move that perft and the legal-move
 * mask may use: portable C (two laps), or the processor's byte shuffles, 16
 * houses to a vector (SSSE3, three laps) or 32 (AVX2, and AVX-512 VBMI's byte
 * permutes; four laps). */
typedef enum {
  KIELA_LEAF_LOOK_PORTABLE,
  KIELA_LEAF_LOOK_SSSE3,
  KIELA_LEAF_LOOK_AVX2,
  KIELA_LEAF_LOOK_AVX512_VBMI,
  KIELA_LEAF_LOOK_BEST = KIELA_LEAF_LOOK_AVX512_VBMI
} KielaLeafLookKind;

/* Chooses the look (a KielaLeafLookKind): the best the processor has by
 * default; tests choose each in turn to check it against the others.  FALSE,
 * and the look unchanged, for a kind the processor lacks. */
gboolean kiela_packed_set_leaf_look (guint kind);
guint    kiela_packed_get_leaf_look (void);

/* Whether the variant sows some moves clockwise, wins by captures at both ends or has an
 * extra capture (kiela-sow.c): its moves take the 16-bit path with directions, never the compact board. */
static inline gboolean
kiela_variant_is_directed (const KielaVariant *variant)
{
  return variant->reverse != NULL || variant->extra_capture != 0 ||
         (variant->flags & (KIELA_VARIANT_FLAG_WIN_BOTH_ENDS | KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE |
                            KIELA_VARIANT_FLAG_SINGLE_SKIP)) != 0;
}
/* Whether the side to move may sow `house` clockwise in `pos` (the variant's KielaReverseRule). */
gboolean kiela_reverse_allowed      (const KielaVariant *variant, const KielaPosition *pos, guint house);
/* Whether the side to move may sow its leftmost outer house into itself ("a1=") in `pos`,
 * the house being one it may sow at all (KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE). */
gboolean kiela_in_house_allowed     (const KielaVariant *variant, const KielaPosition *pos);

/* The skip of a threatened single (kiela-skip.c, KIELA_VARIANT_FLAG_SINGLE_SKIP). */
/* Whether the opponent of `side`, were it their turn in `pos`, has a move that captures the
 * stones of `side`'s `house`. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_single_threatened (const KielaVariant *variant, const KielaPosition *pos, KielaSide side,
                                      guint house);
/* Appends to the `count` moves the skips the side to move may make (none, one or two); returns
 * the new count. */
guint    kiela_skip_add_moves        (const KielaVariant *variant, const KielaPosition *pos, KielaMove *moves,
                                      guint count);
/* Why the skip `move`, which is not a candidate, is refused. */
char    *kiela_skip_explain          (const KielaVariant *variant, const KielaPosition *pos, KielaMove move,
                                      const KielaCatalogue *cat);

G_END_DECLS
