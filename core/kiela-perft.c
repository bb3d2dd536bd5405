/* kiela-perft.c: perft on the compact board, and the look at leaf moves' first laps that it and playouts share. */
#include "config.h"

#include <string.h>

#include "kiela-sow-body.h"

/*
 * Whether sowing house h certainly ends on its first lap: fewer stones than
 * houses, the last of them dropped into an empty house (never h itself then).
 * Under rules where landing in an empty house ends the move, perft counts such
 * a leaf move without copying or sowing a board; most leaf moves are such.
 */
static inline __attribute__((always_inline)) gboolean
ends_on_first_lap (const guint8 *my, guint h, const guint n)
{
  const guint k = my[h];
  const guint last = lap_end (h, k, n);   /* nonsense for k >= n, which the test rejects */

  return k < n && my[last] == 0;
}

/*
 * What a look at the first laps of a leaf move learnt of the moves it could
 * not decide, by house: the house each of the first three laps ended in,
 * the hands of the second and third (0 when it was not looked at), whether
 * the first and second captured, and after how many laps (2 or 3; 0 for none)
 * the sowing may resume from them.
 */
typedef struct {
  guint8 end1[32] __attribute__ ((aligned (32)));
  guint8 end2[32] __attribute__ ((aligned (32)));
  guint8 end3[32] __attribute__ ((aligned (32)));
  guint8 end4[32] __attribute__ ((aligned (32)));
  guint8 hand2[32] __attribute__ ((aligned (32)));
  guint8 hand3[32] __attribute__ ((aligned (32)));
  guint8 hand4[32] __attribute__ ((aligned (32)));
  guint8 capture1[32] __attribute__ ((aligned (32)));
  guint8 capture2[32] __attribute__ ((aligned (32)));
  guint8 capture3[32] __attribute__ ((aligned (32)));
  guint8 laps[32] __attribute__ ((aligned (32)));
} KielaLeafLook;

/*
 * The same under Kiela's own rules, looking one lap further: the second lap
 * starts from where the first ended (a relay lifts that house, a capture sows
 * what it took from the house after it), and the house it ends in held, after
 * the first lap, its stones plus one if the first lap passed it, or none if it
 * is the house the move was lifted from.  More than half of the leaf moves of
 * a perft from the start are decided within two laps; for the others `look`
 * says where the two laps went, so that sowing need not repeat them.  (The
 * vector look below goes one lap further still.)
 */
static inline __attribute__((always_inline)) gboolean
kiela_ends_within_two_laps (const guint8 *my, const guint8 *op, guint h, const guint files, const guint32 limit,
                            KielaLeafLook *look)
{
  /* Written without branches, though the compiler may bring some back:
   * whether a leaf ends early is as random as a coin.  Hands of a lap or more
   * are not decided here; they read house h + 0 instead. */
  const guint n = 2 * files;
  const guint k = my[h];
  const gboolean short1 = k < n;
  const guint k1 = short1 ? k : 0;
  const guint last = lap_end (h, k1, n);
  const guint m = my[last];
  guint fi, fo;
  facing_houses (last, files, &fi, &fo);
  const guint opfi = op[fi], opfo = op[fo];
  /* The first lap's last stone judged by sow_body's own rule (the house held
   * m before it: when m is 0 the move ends, whatever the rest computes). */
  const gboolean capture = (last >= files) & capture_triggered (KIELA_CAPTURE_OCCUPIED_INNER, m == 0, opfi, opfo);
  const guint hand = capture ? opfi + opfo : m + 1u;
  const gboolean short2 = hand < n;
  const guint k2 = short2 ? hand : 0;
  const guint last2 = lap_end (last, k2, n);
  guint passed = last2 + n - h - 1;     /* houses from h + 1 to last2 */
  gboolean second;

  if (passed >= n)
    passed -= n;
  second = (last2 == h) | ((my[last2] == 0) & (passed >= k));
  look->end1[h] = (guint8) last;
  look->end2[h] = look->end3[h] = look->end4[h] = (guint8) last2;
  look->hand2[h] = (guint8) k2;
  look->hand3[h] = look->hand4[h] = 0;
  look->capture1[h] = (guint8) capture;
  look->capture2[h] = look->capture3[h] = 0;
  look->laps[h] = (guint8) (2 * (short1 & short2 & (limit >= 2)));
  return short1 & ((m == 0) | (short2 & (limit >= 2) & second));
}

/*
 * The look at the first laps of a leaf's candidate moves under Kiela's rules:
 * the number of candidates, and in `rest` the houses of those the look could
 * not decide.
 */
static inline __attribute__((always_inline)) guint
kiela_leaf_look (const KielaVariant *v, const KielaPacked *p, const guint files, const guint lanes,
                 const guint32 limit, KielaLeafLook *look, guint32 *rest)
{
  KielaMove cand[KIELA_PACKED_MAX_MOVES];
  const guint n_cand = packed_candidates_impl (v, p, cand, files, lanes);
  const guint8 *my = p->b + p->to_move * 16 * lanes;
  const guint8 *op = p->b + (1 - p->to_move) * 16 * lanes;
  guint32 undecided = 0;

  for (guint i = 0; i < n_cand; i++)
    undecided |= (guint32) !kiela_ends_within_two_laps (my, op, cand[i], files, limit, look) << cand[i];
  *rest = undecided;
  return n_cand;
}

/* Which look at the leaves' first laps perft and the legal-move mask use: the
 * best the processor has, unless tests choose another (a KielaLeafLookKind). */
static guint leaf_look_kind;

#if (defined (__x86_64__) || defined (__i386__)) && (defined (__GNUC__) || defined (__clang__))
#include <immintrin.h>
#define KIELA_HAVE_VECTOR_LOOK 1
#define KIELA_SSSE3 __attribute__ ((target ("ssse3,popcnt")))

/* t[idx] in every lane, for idx < 32 and t the 32 bytes t0, t1: a shuffle reads
 * the low four bits of an index and gives zero where its top bit is set. */
static inline __attribute__((always_inline)) KIELA_SSSE3 __m128i
lookup32 (__m128i t0, __m128i t1, __m128i idx)
{
  const __m128i a = _mm_add_epi8 (idx, _mm_set1_epi8 (0x70));

  return _mm_or_si128 (_mm_shuffle_epi8 (t0, a), _mm_shuffle_epi8 (t1, _mm_xor_si128 (a, _mm_set1_epi8 ((char) 0x80))));
}

/* Unsigned byte comparisons: 0xff where a >= b. */
static inline __attribute__((always_inline)) KIELA_SSSE3 __m128i
ge_u8 (__m128i a, __m128i b)
{
  return _mm_cmpeq_epi8 (_mm_max_epu8 (a, b), a);
}

/* a mod n for a < 2 n. */
static inline __attribute__((always_inline)) KIELA_SSSE3 __m128i
wrap_u8 (__m128i a, __m128i n)
{
  return _mm_sub_epi8 (a, _mm_and_si128 (ge_u8 (a, n), n));
}

/*
 * kiela_leaf_look for all of the mover's houses at once, sixteen to a
 * vector, with table lookups by byte shuffles, and looking at a third lap
 * too, on a board whose sides take 32 bytes (9 to 16 files; perft uses it
 * for Kiela's ten).  Houses holding min_sow stones or more are the candidates; when there
 * are none it returns 0 and the caller asks kiela_leaf_look (the rules may
 * allow single stones then).  The third lap is sown from where the second
 * ended, with the stones of that house (the first lap's stone and the
 * second's added: the second ended in neither h nor the first lap's house)
 * or the ones it captured (the first lap's capture emptied another file),
 * and ends in an empty house: one the move was lifted from or relayed from,
 * or an empty one neither lap passed.
 *
 * Lane by lane it is kiela_ends_within_two_laps and the sowing body's rules
 * (lap_end is wrap_u8, facing_houses the masked index, capture_triggered for
 * Kiela the test of the facing inner house), written with intrinsics because
 * the lookups need byte shuffles: /sow/perft/counts and /sow/playout/legal-mask
 * check it against the portable look and against sowing every move in full.
 */
static KIELA_SSSE3 guint
kiela_leaf_look_vector (const KielaPacked *p, const guint files, const guint32 limit, const guint min_sow,
                        KielaLeafLook *look, guint32 *rest)
{
  const guint8 *myb = p->b + p->to_move * 32;
  const guint8 *opb = p->b + (1 - p->to_move) * 32;
  const __m128i m0 = _mm_loadu_si128 ((const __m128i *) myb), m1 = _mm_loadu_si128 ((const __m128i *) (myb + 16));
  const __m128i o0 = _mm_loadu_si128 ((const __m128i *) opb), o1 = _mm_loadu_si128 ((const __m128i *) (opb + 16));
  const __m128i nv = _mm_set1_epi8 ((char) (2 * files)), fv = _mm_set1_epi8 ((char) files);
  const __m128i fiv = _mm_set1_epi8 ((char) (3 * files - 1)), n1 = _mm_set1_epi8 ((char) (2 * files - 1));
  const __m128i zero = _mm_setzero_si128 (), one = _mm_set1_epi8 (1), all = _mm_set1_epi8 ((char) 0xff);
  const __m128i lim2 = limit >= 2 ? all : zero, lim3 = limit >= 3 ? all : zero;
  const __m128i min_sow_v = _mm_set1_epi8 ((char) min_sow);
  guint32 ends = 0, cand = 0;

  for (guint v = 0; v < 2; v++)
    {
      const __m128i h = _mm_add_epi8 (_mm_setr_epi8 (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                      _mm_set1_epi8 ((char) (16 * v)));
      /* Lap 1: k stones from h, ending in `last` (which held m). */
      const __m128i k = v ? m1 : m0;
      const __m128i short1 = _mm_andnot_si128 (ge_u8 (k, nv), all);
      const __m128i last = wrap_u8 (_mm_add_epi8 (h, _mm_and_si128 (k, short1)), nv);
      const __m128i m = lookup32 (m0, m1, last);
      const __m128i inner = ge_u8 (last, fv);
      const __m128i opfi = lookup32 (o0, o1, _mm_and_si128 (_mm_sub_epi8 (fiv, last), inner));
      const __m128i opfo = lookup32 (o0, o1, _mm_and_si128 (_mm_sub_epi8 (last, fv), inner));
      const __m128i capture = _mm_andnot_si128 (_mm_cmpeq_epi8 (opfi, zero), inner);
      /* Lap 2: k2 stones from last, ending in last2 (which held m2). */
      const __m128i hand = _mm_or_si128 (_mm_and_si128 (capture, _mm_add_epi8 (opfi, opfo)),
                                         _mm_andnot_si128 (capture, _mm_add_epi8 (m, one)));
      const __m128i short2 = _mm_andnot_si128 (ge_u8 (hand, nv), lim2);
      const __m128i k2 = _mm_and_si128 (hand, short2);
      const __m128i last2 = wrap_u8 (_mm_add_epi8 (last, k2), nv);
      const __m128i m2 = lookup32 (m0, m1, last2);
      /* Houses from h + 1 to last2; lanes past the board compute nonsense nobody reads. */
      const __m128i passed = wrap_u8 (_mm_add_epi8 (last2, _mm_sub_epi8 (n1, h)), nv);
      const __m128i in1 = _mm_andnot_si128 (ge_u8 (passed, k), all);   /* lap 1 passed last2 */
      const __m128i second = _mm_or_si128 (_mm_cmpeq_epi8 (last2, h),
                                           _mm_andnot_si128 (in1, _mm_cmpeq_epi8 (m2, zero)));
      /* Lap 3: k3 stones from last2, ending in last3. */
      const __m128i inner2 = ge_u8 (last2, fv);
      const __m128i opfi2 = lookup32 (o0, o1, _mm_and_si128 (_mm_sub_epi8 (fiv, last2), inner2));
      const __m128i opfo2 = lookup32 (o0, o1, _mm_and_si128 (_mm_sub_epi8 (last2, fv), inner2));
      const __m128i capture2 = _mm_andnot_si128 (_mm_cmpeq_epi8 (opfi2, zero), inner2);
      const __m128i hand3 = _mm_or_si128 (_mm_and_si128 (capture2, _mm_add_epi8 (opfi2, opfo2)),
                                          _mm_andnot_si128 (capture2, _mm_add_epi8 (_mm_add_epi8 (m2, one),
                                                                                    _mm_and_si128 (in1, one))));
      const __m128i short3 = _mm_and_si128 (_mm_andnot_si128 (ge_u8 (hand3, nv), lim3), short2);
      const __m128i k3 = _mm_and_si128 (hand3, short3);
      const __m128i last3 = wrap_u8 (_mm_add_epi8 (last2, k3), nv);
      /* What last3 held after lap 2: its stones (none if h), one if lap 1
       * passed it, one if lap 2 did, or none at all if lap 2 was relayed from it. */
      const __m128i d1 = wrap_u8 (_mm_add_epi8 (last3, _mm_sub_epi8 (n1, h)), nv);
      const __m128i d2 = wrap_u8 (_mm_add_epi8 (last3, _mm_sub_epi8 (n1, last)), nv);
      const __m128i held = _mm_add_epi8 (_mm_andnot_si128 (_mm_cmpeq_epi8 (last3, h), lookup32 (m0, m1, last3)),
                                         _mm_add_epi8 (_mm_andnot_si128 (ge_u8 (d1, k), one),
                                                       _mm_andnot_si128 (ge_u8 (d2, k2), one)));
      const __m128i relayed_from = _mm_andnot_si128 (capture, _mm_cmpeq_epi8 (last3, last));
      const __m128i third = _mm_or_si128 (relayed_from, _mm_cmpeq_epi8 (held, zero));
      const __m128i end = _mm_and_si128 (short1, _mm_or_si128 (_mm_cmpeq_epi8 (m, zero),
                                                              _mm_and_si128 (short2, _mm_or_si128 (second,
                                                                               _mm_and_si128 (short3, third)))));

      _mm_store_si128 ((__m128i *) (look->end1 + 16 * v), last);
      _mm_store_si128 ((__m128i *) (look->end2 + 16 * v), last2);
      _mm_store_si128 ((__m128i *) (look->end3 + 16 * v), last3);
      _mm_store_si128 ((__m128i *) (look->end4 + 16 * v), last3);
      _mm_store_si128 ((__m128i *) (look->hand2 + 16 * v), k2);
      _mm_store_si128 ((__m128i *) (look->hand3 + 16 * v), k3);
      _mm_store_si128 ((__m128i *) (look->hand4 + 16 * v), zero);
      _mm_store_si128 ((__m128i *) (look->capture1 + 16 * v), capture);
      _mm_store_si128 ((__m128i *) (look->capture2 + 16 * v), _mm_and_si128 (capture2, short3));
      _mm_store_si128 ((__m128i *) (look->capture3 + 16 * v), zero);
      /* 3 where short3, else 2 where short1 and short2, else 0. */
      _mm_store_si128 ((__m128i *) (look->laps + 16 * v),
                       _mm_and_si128 (_mm_and_si128 (short1, short2), _mm_sub_epi8 (_mm_set1_epi8 (2), short3)));
      ends |= (guint32) _mm_movemask_epi8 (end) << (16 * v);
      cand |= (guint32) _mm_movemask_epi8 (ge_u8 (k, min_sow_v)) << (16 * v);
    }
  cand &= (guint32) ((G_GUINT64_CONSTANT (1) << (2 * files)) - 1);
  *rest = cand & ~ends;
  return (guint) __builtin_popcount (cand);
}

#define KIELA_AVX2 __attribute__ ((target ("avx2,popcnt")))

/* lookup32 on 32 lanes: each 128-bit half of a 256-bit shuffle reads its own
 * half of the table, so both halves of t are broadcast and the result chosen
 * by the index's bit 4 (moved to the top of its byte, where blendv reads). */
static inline __attribute__((always_inline)) KIELA_AVX2 __m256i
lookup32_avx2 (__m256i t_low, __m256i t_high, __m256i idx)
{
  return _mm256_blendv_epi8 (_mm256_shuffle_epi8 (t_low, idx), _mm256_shuffle_epi8 (t_high, idx),
                             _mm256_slli_epi16 (idx, 3));
}

static inline __attribute__((always_inline)) KIELA_AVX2 __m256i
ge_u8_avx2 (__m256i a, __m256i b)
{
  return _mm256_cmpeq_epi8 (_mm256_max_epu8 (a, b), a);
}

static inline __attribute__((always_inline)) KIELA_AVX2 __m256i
wrap_u8_avx2 (__m256i a, __m256i n)
{
  return _mm256_sub_epi8 (a, _mm256_and_si256 (ge_u8_avx2 (a, n), n));
}

/* The look on one 256-bit vector, with the 32-entry lookups done by two
 * in-lane shuffles (AVX2), or by one byte permute (AVX-512 VBMI, which also
 * has the 32 registers that the look's many values want). */
#define LOOK256_NAME kiela_leaf_look_avx2
#define LOOK256_TARGET "avx2,popcnt"
#define LOOK256_TABLES(myb, opb)                                                                      \
  const __m256i m0 = _mm256_broadcastsi128_si256 (_mm_loadu_si128 ((const __m128i *) (myb)));       \
  const __m256i m1 = _mm256_broadcastsi128_si256 (_mm_loadu_si128 ((const __m128i *) ((myb) + 16))); \
  const __m256i o0 = _mm256_broadcastsi128_si256 (_mm_loadu_si128 ((const __m128i *) (opb)));       \
  const __m256i o1 = _mm256_broadcastsi128_si256 (_mm_loadu_si128 ((const __m128i *) ((opb) + 16)))
#define LOOK256_MY(idx) lookup32_avx2 (m0, m1, (idx))
#define LOOK256_OP(idx) lookup32_avx2 (o0, o1, (idx))
#include "kiela-perft-look256.h"
#undef LOOK256_NAME
#undef LOOK256_TARGET
#undef LOOK256_TABLES
#undef LOOK256_MY
#undef LOOK256_OP

#define LOOK256_NAME kiela_leaf_look_vbmi
#define LOOK256_TARGET "avx2,popcnt,avx512f,avx512vl,avx512bw,avx512vbmi"
#define LOOK256_TABLES(myb, opb)                                            \
  const __m256i my_table = _mm256_loadu_si256 ((const __m256i *) (myb));   \
  const __m256i op_table = _mm256_loadu_si256 ((const __m256i *) (opb))
#define LOOK256_MY(idx) _mm256_permutexvar_epi8 ((idx), my_table)
#define LOOK256_OP(idx) _mm256_permutexvar_epi8 ((idx), op_table)
#include "kiela-perft-look256.h"
#undef LOOK256_NAME
#undef LOOK256_TARGET
#undef LOOK256_TABLES
#undef LOOK256_MY
#undef LOOK256_OP
#endif

/* The best look this processor can run. */
static guint
best_leaf_look (void)
{
#ifdef KIELA_HAVE_VECTOR_LOOK
  __builtin_cpu_init ();
  if (__builtin_cpu_supports ("avx2") && __builtin_cpu_supports ("popcnt") && __builtin_cpu_supports ("avx512f") &&
      __builtin_cpu_supports ("avx512vl") && __builtin_cpu_supports ("avx512bw") &&
      __builtin_cpu_supports ("avx512vbmi"))
    return KIELA_LEAF_LOOK_AVX512_VBMI;
  if (__builtin_cpu_supports ("avx2") && __builtin_cpu_supports ("popcnt"))
    return KIELA_LEAF_LOOK_AVX2;
  if (__builtin_cpu_supports ("ssse3") && __builtin_cpu_supports ("popcnt"))
    return KIELA_LEAF_LOOK_SSSE3;
#endif
  return KIELA_LEAF_LOOK_PORTABLE;
}

gboolean
kiela_packed_set_leaf_look (guint kind)
{
  if (kind > best_leaf_look ())
    return FALSE;
  leaf_look_kind = kind;
  return TRUE;
}

guint
kiela_packed_get_leaf_look (void)
{
  return leaf_look_kind;
}

__attribute__ ((constructor)) static void
init_leaf_look (void)
{
  leaf_look_kind = best_leaf_look ();
}

/*
 * The vector look the processor has (the candidates' count, or 0 for none:
 * the caller then asks the portable look, which also knows single stones).
 */
static inline __attribute__((always_inline)) guint
kiela_leaf_look_fast (const KielaPacked *p, const guint files, const guint32 limit, const guint min_sow,
                      KielaLeafLook *look, guint32 *rest)
{
#ifdef KIELA_HAVE_VECTOR_LOOK
  if (G_LIKELY (leaf_look_kind == KIELA_LEAF_LOOK_AVX512_VBMI))
    return kiela_leaf_look_vbmi (p, files, limit, min_sow, look, rest);
  if (leaf_look_kind == KIELA_LEAF_LOOK_AVX2)
    return kiela_leaf_look_avx2 (p, files, limit, min_sow, look, rest);
  if (leaf_look_kind == KIELA_LEAF_LOOK_SSSE3)
    return kiela_leaf_look_vector (p, files, limit, min_sow, look, rest);
#endif
  return 0;
}

/*
 * Whether a leaf move that a look could not decide (and found resumable)
 * ends: the board after the laps it looked at is built from `look` with a
 * window row a lap (the third of no stones after two laps), and the sowing
 * goes on from the last stone of the last of them.
 */
static inline __attribute__((always_inline)) gboolean
kiela_leaf_ends_after_look (const KielaPacked *p, guint h, const KielaLeafLook *look,
                            const guint files, const guint lanes, const guint32 limit)
{
  const guint n = 2 * files;
  const guint8 *my = p->b + p->to_move * 16 * lanes;
  const guint end1 = look->end1[h], end2 = look->end2[h], end3 = look->end3[h];
  const guint8 *row1 = kiela_lap_windows[1][files - KIELA_MIN_FILES][my[h]];
  const guint8 *row2 = kiela_lap_windows[!look->capture1[h]][files - KIELA_MIN_FILES][look->hand2[h]];
  const guint8 *row3 = kiela_lap_windows[!look->capture2[h]][files - KIELA_MIN_FILES][look->hand3[h]];
  const guint8 *row4 = kiela_lap_windows[!look->capture3[h]][files - KIELA_MIN_FILES][look->hand4[h]];
  const guint start1 = h + 1 == n ? 0 : h + 1;
  const guint start2 = end1 + 1 == n ? 0 : end1 + 1;
  const guint start3 = end2 + 1 == n ? 0 : end2 + 1;
  const guint start4 = end3 + 1 == n ? 0 : end3 + 1;
  const KielaU8x16 one = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  KielaPacked child;
  guint8 *cmy, *cop;

  __builtin_memcpy (&child, p, 16 + 32 * lanes);
  cmy = child.b + child.to_move * 16 * lanes;
  cop = child.b + (1 - child.to_move) * 16 * lanes;
  for (guint v = 0; v < lanes; v++)
    {
      KielaU8x16 cur;

      __builtin_memcpy (&cur, my + 16 * v, sizeof cur);
      cur += (window_mask (row1, n, start1, v) + window_mask (row2, n, start2, v) + window_mask (row3, n, start3, v) +
              window_mask (row4, n, start4, v))
             & (ge_mask (n, v) - one);
      __builtin_memcpy (cmy + 16 * v, &cur, sizeof cur);
    }
  /* A captured file's inner house stays empty for the rest of the move, so
   * its outer house is never read again: only the inner one is cleared.
   * (Outer houses map to the padding past the board, which stays zero.) */
  cop[3 * files - 1 - end1] = look->capture1[h] ? 0 : cop[3 * files - 1 - end1];
  cop[3 * files - 1 - end2] = look->capture2[h] ? 0 : cop[3 * files - 1 - end2];
  cop[3 * files - 1 - end3] = look->capture3[h] ? 0 : cop[3 * files - 1 - end3];
  return packed_sow_from (&child, (KielaMove) h, NULL, look->end4[h], 0, KIELA_NO_LIFT, look->laps[h],
                          files, lanes, limit, KIELA_RULES);
}

/*
 * Which of the leaf moves `rest` that a look left undecided never end (Kiela's
 * rules): each sown on after the laps the look saw, or from its start where
 * the look saw none.  Returns how many, their houses in `never_ends`.
 */
static inline __attribute__((always_inline)) guint
kiela_leaves_never_ending (const KielaPacked *p, guint32 rest, const KielaLeafLook *look,
                           const guint files, const guint lanes, const guint32 limit, guint32 *never_ends)
{
  guint32 mask = 0;
  guint count = 0;

  while (rest)
    {
      const guint h = (guint) __builtin_ctz (rest);
      gboolean ends;

      rest &= rest - 1;
      if (G_LIKELY (look->laps[h]))
        ends = kiela_leaf_ends_after_look (p, h, look, files, lanes, limit);
      else
        {
          KielaPacked child;

          __builtin_memcpy (&child, p, 16 + 32 * lanes);
          ends = packed_sow_core (&child, (KielaMove) h, NULL, files, lanes, limit, KIELA_RULES);
        }
      mask |= (guint32) !ends << h;
      count += !ends;
    }
  *never_ends = mask;
  return count;
}

/*
 * The legal moves of a compact board as a mask of houses, each candidate's
 * legality decided by perft's look at its first laps and the undecided ones
 * sown on from there: what a playout needs to draw a uniform legal move
 * without building every child.  Only for Kiela's rules on ten files where
 * endless moves are illegal; FALSE elsewhere (the caller lists the moves).
 */
gboolean
kiela_packed_legal_mask (const KielaVariant *variant, const KielaPacked *p, guint32 *mask)
{
  const guint files = 10, lanes = 2;
  const guint32 limit = kiela_lap_limit_of (variant);
  KielaLeafLook look;
  guint32 rest = 0, legal = 0, never_ends;
  guint n_cand = 0;

  if (p->files != files || p->stride != 32 || !kiela_is_kiela_rules (variant) ||
      !kiela_has_plain_candidates (variant) || variant->endless_policy != KIELA_ENDLESS_ILLEGAL)
    return FALSE;
  {
    const guint8 *my = p->b + p->to_move * 32;
    const guint min_sow = variant->min_sow ? variant->min_sow : 1;

    n_cand = kiela_leaf_look_fast (p, files, limit, min_sow, &look, &rest);
    if (n_cand)
      for (guint h = 0; h < 2 * files; h++)
        legal |= (guint32) (my[h] >= min_sow) << h;
  }
  if (n_cand == 0)
    {
      KielaMove cand[KIELA_PACKED_MAX_MOVES];

      n_cand = packed_candidates_impl (variant, p, cand, files, lanes);
      for (guint i = 0; i < n_cand; i++)
        legal |= (guint32) 1 << cand[i];
      kiela_leaf_look (variant, p, files, lanes, limit, &look, &rest);
    }
  kiela_leaves_never_ending (p, rest, &look, files, lanes, limit, &never_ends);
  *mask = legal & ~never_ends;
  return TRUE;
}

typedef guint64 (*PackedPerftFunc) (const KielaVariant *v, const KielaPacked *p, guint depth);

/*
 * Perft counts positions only: children are sown into one board on the stack
 * and searched at once, with no hashing, repetition, move list or sowing
 * statistics; leaves are counted without building them where the first lap
 * decides (ends_on_first_lap), or without sowing at all where endless moves
 * are legal.  `self` is the instantiation for the same width and rules.
 */
static inline __attribute__((always_inline)) guint64
packed_perft_impl (const KielaVariant *v, const KielaPacked *p, guint depth, PackedPerftFunc self,
                   const guint files, const guint lanes,
                   const KielaCaptureRule capture_rule, const KielaCapturedFate captured_fate,
                   const KielaRelayRule relay_rule)
{
  KielaMove cand[KIELA_PACKED_MAX_MOVES];
  const guint n = 2 * files;
  const guint32 limit = kiela_lap_limit_of (v);
  const gboolean keep_endless = v->endless_policy != KIELA_ENDLESS_ILLEGAL;
  const gboolean empty_ends = capture_rule != KIELA_CAPTURE_EMPTY_INNER || captured_fate == KIELA_CAPTURED_REMOVED;
  const guint8 *my = p->b + p->to_move * 16 * lanes;
  const gboolean is_kiela_rules = capture_rule == KIELA_CAPTURE_OCCUPIED_INNER &&
                                  captured_fate == KIELA_CAPTURED_SOW_AFTER_CAPTOR && relay_rule == KIELA_RELAY_OCCUPIED;
  guint n_cand;
  guint64 total = 0;

  if (depth == 1 && !keep_endless && is_kiela_rules && files == 10 && kiela_has_plain_candidates (v))
    {
      /* First a look at every candidate's first laps, then the ones it did
       * not decide sown on from there: two loops whose branches the
       * processor can predict. */
      KielaLeafLook look;
      guint32 rest = 0;

      n_cand = kiela_leaf_look_fast (p, files, limit, v->min_sow ? v->min_sow : 1, &look, &rest);
      if (n_cand == 0)
        n_cand = kiela_leaf_look (v, p, files, lanes, limit, &look, &rest);
      return n_cand - kiela_leaves_never_ending (p, rest, &look, files, lanes, limit, &rest);
    }

  n_cand = packed_candidates_impl (v, p, cand, files, lanes);
  if (depth == 1)
    {
      if (keep_endless)
        return n_cand;
      for (guint i = 0; i < n_cand; i++)
        {
          KielaPacked child;

          if (empty_ends && ends_on_first_lap (my, cand[i], n))
            {
              total++;
              continue;
            }
          __builtin_memcpy (&child, p, 16 + 32 * lanes);
          total += packed_sow_core (&child, cand[i], NULL, files, lanes, limit, capture_rule, captured_fate, relay_rule);
        }
      return total;
    }
  for (guint i = 0; i < n_cand; i++)
    {
      KielaPacked child;

      __builtin_memcpy (&child, p, 16 + 32 * lanes);
      if (packed_sow_core (&child, cand[i], NULL, files, lanes, limit, capture_rule, captured_fate, relay_rule))
        total += self (v, &child, depth - 1);
    }
  return total;
}

static guint64
packed_perft_kiela10 (const KielaVariant *v, const KielaPacked *p, guint depth)
{
  return packed_perft_impl (v, p, depth, packed_perft_kiela10, 10, 2, KIELA_RULES);
}

/* One instance per width class with the variant's rules read at run time, and
 * with Kiela's rules fixed (any width). */
#define PACKED_PERFT(NAME, LANES, RULES)                                                               \
  static guint64                                                                                       \
  packed_perft_##NAME (const KielaVariant *v, const KielaPacked *p, guint depth)                      \
  {                                                                                                    \
    return packed_perft_impl (v, p, depth, packed_perft_##NAME, v->files, LANES, RULES);              \
  }
#define VARIANT_RULES v->capture_rule, v->captured_fate, v->relay_rule
PACKED_PERFT (generic1, 1, VARIANT_RULES)
PACKED_PERFT (generic2, 2, VARIANT_RULES)
PACKED_PERFT (generic3, 3, VARIANT_RULES)
PACKED_PERFT (kiela_rules1, 1, KIELA_RULES)
PACKED_PERFT (kiela_rules2, 2, KIELA_RULES)
PACKED_PERFT (kiela_rules3, 3, KIELA_RULES)

guint64
kiela_packed_perft (const KielaVariant *variant, const KielaPacked *packed, guint depth)
{
  const gboolean kiela = kiela_is_kiela_rules (variant);

  if (depth == 0)
    return 1;
  switch (packed->stride)
    {
    case 16:
      return kiela ? packed_perft_kiela_rules1 (variant, packed, depth) : packed_perft_generic1 (variant, packed, depth);
    case 32:
      if (packed->files == 10 && kiela)
        return packed_perft_kiela10 (variant, packed, depth);
      return kiela ? packed_perft_kiela_rules2 (variant, packed, depth) : packed_perft_generic2 (variant, packed, depth);
    default:
      return kiela ? packed_perft_kiela_rules3 (variant, packed, depth) : packed_perft_generic3 (variant, packed, depth);
    }
}
