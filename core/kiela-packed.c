/* kiela-packed.c: the compact board (a byte a house): conversions, hashing, and its sowing and legal moves. */
#include "config.h"

#include <string.h>

#include "kiela-sow-body.h"

gboolean
kiela_packed_from_position (const KielaVariant *variant, const KielaPosition *pos, KielaPacked *out)
{
  const guint n = 2u * pos->files;
  guint total = 0;

  /* The compact board has no room for an owed first move, nor for directions: those positions
   * and variants take the 16-bit path. */
  if (pos->files != variant->files || pos->files < KIELA_MIN_FILES || pos->files > KIELA_MAX_FILES ||
      pos->first_move_owed != 0 || pos->lost != 0 || kiela_variant_is_directed (variant))
    return FALSE;
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < n; i++)
      total += pos->houses[s][i];
  if (total > KIELA_PACKED_MAX_STONES)
    return FALSE;

  memset (out, 0, sizeof *out);
  out->to_move = pos->to_move;
  out->files = pos->files;
  out->stride = (guint8) (16 * ((n + 15) / 16));
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < n; i++)
      out->b[s * out->stride + i] = (guint8) pos->houses[s][i];
  return TRUE;
}

void
kiela_packed_to_position (const KielaPacked *packed, KielaPosition *out)
{
  packed_to_position (packed, out);
}

static inline guint64
packed_hash_impl (const KielaPacked *packed, const guint words)
{
  guint64 h = 0x9e3779b97f4a7c15ull * (1 + packed->to_move) ^ packed->files;

  for (guint i = 0; i < words; i += 2)
    {
      guint64 w0, w1;
      memcpy (&w0, packed->b + 8 * i, 8);
      memcpy (&w1, packed->b + 8 * i + 8, 8);
      h += (w0 + 0x2545f4914f6cdd1dull * (i + 1)) * (w1 ^ 0xd6e8feb86659fd93ull);
    }
  h ^= h >> 30; h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27; h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return h;
}

guint64
kiela_packed_hash (const KielaPacked *packed)
{
  /* Whole words, padding included (it is zero): pairs multiplied together
   * (as in the NH hash) so the multiplies do not wait on each other, then a
   * splitmix finaliser.  Unrolled for each stride. */
  switch (packed->stride)
    {
    case 16: return packed_hash_impl (packed, 4);
    case 32: return packed_hash_impl (packed, 8);
    default: return packed_hash_impl (packed, 12);
    }
}

gboolean
kiela_packed_equal (const KielaPacked *a, const KielaPacked *b)
{
  return a->to_move == b->to_move && a->files == b->files && a->stride == b->stride &&
         memcmp (a->b, b->b, 2u * a->stride) == 0;
}

/* What the windows hold: kiela-sow-body.h. */
guint8 kiela_lap_windows[2][KIELA_MAX_FILES - KIELA_MIN_FILES + 1][KIELA_MAX_HOUSES][96] __attribute__ ((aligned (16)));

__attribute__ ((constructor)) static void
init_lap_tables (void)
{
  for (guint files = KIELA_MIN_FILES; files <= KIELA_MAX_FILES; files++)
    for (guint k = 0; k < 2 * files; k++)
      for (guint m = 0; m < 96; m++)
        {
          guint r = m % (2 * files);
          kiela_lap_windows[0][files - KIELA_MIN_FILES][k][m] = r < k;
          kiela_lap_windows[1][files - KIELA_MIN_FILES][k][m] = r < k ? 1 : r == 2 * files - 1 ? (guint8) (256 - k) : 0;
        }
}


/*
 * Legal moves on the compact board, for one width and rule set when the
 * caller fixes them: each candidate is sown on a copy of just the bytes that
 * matter (80 for ten files, against 164 for a KielaPosition).
 */
static inline __attribute__((always_inline)) guint
packed_legal_impl (const KielaVariant *v, const KielaPacked *p, KielaMove moves[KIELA_PACKED_MAX_MOVES],
                   KielaPacked children[KIELA_PACKED_MAX_MOVES], gboolean endless[KIELA_PACKED_MAX_MOVES],
                   guint32 drops[KIELA_PACKED_MAX_MOVES], guint16 captured[KIELA_PACKED_MAX_MOVES],
                   const guint files, const guint lanes,
                   const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate,
                   const KielaRelayRule relay_rule)
{
  KielaMove cand[KIELA_PACKED_MAX_MOVES];
  const guint n_cand = packed_candidates_impl (v, p, cand, files, lanes);
  const guint32 limit = kiela_lap_limit_of (v);
  const gboolean keep_endless = v->endless_policy != KIELA_ENDLESS_ILLEGAL;
  KielaPacked scratch;
  guint count = 0;

  for (guint i = 0; i < n_cand; i++)
    {
      KielaPacked *child = children ? &children[count] : &scratch;
      KielaSowResult r;
      gboolean ok;

      __builtin_memcpy (child, p, 16 + 32 * lanes);
      ok = packed_sow_core (child, cand[i], &r, files, lanes, limit, capture_rule, captured_fate, relay_rule);
      count = keep_legal (ok, keep_endless, &r, count, moves, endless, drops, captured);
    }
  return count;
}

/*
 * The instances: one per width class (1, 2 or 3 vectors a side), each with the
 * variant's rules read at run time and with Kiela's rules fixed (any width:
 * Owela plays them on twelve files), and Kiela's rules on its ten files, the
 * case the AI, the puzzles and the lab live in.
 */
#define PACKED_INSTANCES(NAME, FILES, LANES, RULES)                                                   \
  static gboolean                                                                                     \
  packed_sow_##NAME (const KielaVariant *v, KielaPacked *p, KielaMove move, KielaSowResult *res)      \
  {                                                                                                   \
    return packed_sow_core (p, move, res, FILES, LANES, kiela_lap_limit_of (v), RULES);               \
  }                                                                                                   \
  static guint                                                                                        \
  packed_legal_##NAME (const KielaVariant *v, const KielaPacked *p, KielaMove *moves,                 \
                       KielaPacked *children, gboolean *endless, guint32 *drops, guint16 *captured)   \
  {                                                                                                   \
    return packed_legal_impl (v, p, moves, children, endless, drops, captured, FILES, LANES, RULES);  \
  }
#define VARIANT_RULES v->capture_rule, v->captured_fate, v->relay_rule
PACKED_INSTANCES (kiela10, 10, 2, KIELA_RULES)
PACKED_INSTANCES (generic1, v->files, 1, VARIANT_RULES)
PACKED_INSTANCES (generic2, v->files, 2, VARIANT_RULES)
PACKED_INSTANCES (generic3, v->files, 3, VARIANT_RULES)
PACKED_INSTANCES (kiela_rules1, v->files, 1, KIELA_RULES)
PACKED_INSTANCES (kiela_rules2, v->files, 2, KIELA_RULES)
PACKED_INSTANCES (kiela_rules3, v->files, 3, KIELA_RULES)

typedef gboolean (*PackedSowFunc) (const KielaVariant *, KielaPacked *, KielaMove, KielaSowResult *);
typedef guint (*PackedLegalFunc) (const KielaVariant *, const KielaPacked *, KielaMove *, KielaPacked *,
                                  gboolean *, guint32 *, guint16 *);

/* The instance for a board and rules: 0 for Kiela's rules on ten files, else
 * 1 + 2 (lanes - 1) + whether the rules are Kiela's. */
static inline guint
instance_of (const KielaVariant *variant, const KielaPacked *packed)
{
  const gboolean kiela = kiela_is_kiela_rules (variant);
  const guint lanes = packed->stride / 16;

  if (kiela && packed->files == 10)
    return 0;
  return 1 + 2 * (lanes - 1) + kiela;
}

static const PackedSowFunc sow_instances[] = {
  packed_sow_kiela10, packed_sow_generic1, packed_sow_kiela_rules1, packed_sow_generic2, packed_sow_kiela_rules2,
  packed_sow_generic3, packed_sow_kiela_rules3,
};
static const PackedLegalFunc legal_instances[] = {
  packed_legal_kiela10, packed_legal_generic1, packed_legal_kiela_rules1, packed_legal_generic2,
  packed_legal_kiela_rules2, packed_legal_generic3, packed_legal_kiela_rules3,
};

guint
kiela_packed_legal_moves (const KielaVariant *variant, const KielaPacked *packed,
                          KielaMove moves[KIELA_PACKED_MAX_MOVES], KielaPacked children[KIELA_PACKED_MAX_MOVES],
                          gboolean endless[KIELA_PACKED_MAX_MOVES], guint32 drops[KIELA_PACKED_MAX_MOVES],
                          guint16 captured[KIELA_PACKED_MAX_MOVES])
{
  return legal_instances[instance_of (variant, packed)] (variant, packed, moves, children, endless, drops, captured);
}

gboolean
kiela_packed_sow (const KielaVariant *variant, KielaPacked *packed, KielaMove move, KielaSowResult *result)
{
  return sow_instances[instance_of (variant, packed)] (variant, packed, move, result);
}

guint
kiela_packed_candidates (const KielaVariant *variant, const KielaPacked *packed, KielaMove moves[KIELA_PACKED_MAX_MOVES])
{
  if (packed->files == 10)
    return packed_candidates_impl (variant, packed, moves, 10, 2);
  return packed_candidates_impl (variant, packed, moves, packed->files, packed->stride / 16);
}
