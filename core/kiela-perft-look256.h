/* kiela-perft-look256.h: the look at a leaf's candidates' first four laps on one 256-bit vector. */

/*
 * Not installed: included by kiela-perft.c once per instruction set, with
 *   LOOK256_NAME          the function's name,
 *   LOOK256_TARGET        its target attribute ("avx2,popcnt", ...),
 *   LOOK256_TABLES (m, o) declarations of what the lookups below need, from
 *                         the mover's and the opponent's 32 bytes,
 *   LOOK256_MY (idx)      the mover's houses at 32 indices below 32,
 *   LOOK256_OP (idx)      the opponent's,
 * and ge_u8_avx2, wrap_u8_avx2 defined.
 *
 * kiela_leaf_look_vector's computation, line by line, on all 32 houses of the
 * mover's side in one vector instead of two, and one lap further: a fourth
 * lap decides about 1.5 of the 3.9 million leaves of perft(7) that three laps
 * leave undecided.  The tests run every look the processor has against the
 * portable one and against sowing every candidate in full.
 */
static __attribute__ ((target (LOOK256_TARGET))) guint
LOOK256_NAME (const KielaPacked *p, const guint files, const guint32 limit, const guint min_sow,
                      KielaLeafLook *look, guint32 *rest)
{
  const guint8 *myb = p->b + p->to_move * 32;
  const guint8 *opb = p->b + (1 - p->to_move) * 32;
  const __m256i k = _mm256_loadu_si256 ((const __m256i *) myb);
  LOOK256_TABLES (myb, opb);
  const __m256i nv = _mm256_set1_epi8 ((char) (2 * files)), fv = _mm256_set1_epi8 ((char) files);
  const __m256i fiv = _mm256_set1_epi8 ((char) (3 * files - 1)), n1 = _mm256_set1_epi8 ((char) (2 * files - 1));
  const __m256i zero = _mm256_setzero_si256 (), one = _mm256_set1_epi8 (1), all = _mm256_set1_epi8 ((char) 0xff);
  const __m256i lim2 = limit >= 2 ? all : zero, lim3 = limit >= 3 ? all : zero, lim4 = limit >= 4 ? all : zero;
  const __m256i h = _mm256_setr_epi8 (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                      16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  /* Lap 1: k stones from h, ending in `last` (which held m). */
  const __m256i short1 = _mm256_andnot_si256 (ge_u8_avx2 (k, nv), all);
  const __m256i last = wrap_u8_avx2 (_mm256_add_epi8 (h, _mm256_and_si256 (k, short1)), nv);
  const __m256i m = LOOK256_MY (last);
  const __m256i inner = ge_u8_avx2 (last, fv);
  const __m256i opfi = LOOK256_OP (_mm256_and_si256 (_mm256_sub_epi8 (fiv, last), inner));
  const __m256i opfo = LOOK256_OP (_mm256_and_si256 (_mm256_sub_epi8 (last, fv), inner));
  const __m256i capture = _mm256_andnot_si256 (_mm256_cmpeq_epi8 (opfi, zero), inner);
  /* Lap 2: k2 stones from last, ending in last2 (which held m2). */
  const __m256i hand = _mm256_or_si256 (_mm256_and_si256 (capture, _mm256_add_epi8 (opfi, opfo)),
                                        _mm256_andnot_si256 (capture, _mm256_add_epi8 (m, one)));
  const __m256i short2 = _mm256_andnot_si256 (ge_u8_avx2 (hand, nv), lim2);
  const __m256i k2 = _mm256_and_si256 (hand, short2);
  const __m256i last2 = wrap_u8_avx2 (_mm256_add_epi8 (last, k2), nv);
  const __m256i m2 = LOOK256_MY (last2);
  const __m256i passed = wrap_u8_avx2 (_mm256_add_epi8 (last2, _mm256_sub_epi8 (n1, h)), nv);
  const __m256i in1 = _mm256_andnot_si256 (ge_u8_avx2 (passed, k), all);   /* lap 1 passed last2 */
  const __m256i second = _mm256_or_si256 (_mm256_cmpeq_epi8 (last2, h),
                                          _mm256_andnot_si256 (in1, _mm256_cmpeq_epi8 (m2, zero)));
  /* Lap 3: k3 stones from last2, ending in last3. */
  const __m256i inner2 = ge_u8_avx2 (last2, fv);
  const __m256i opfi2 = LOOK256_OP (_mm256_and_si256 (_mm256_sub_epi8 (fiv, last2), inner2));
  const __m256i opfo2 = LOOK256_OP (_mm256_and_si256 (_mm256_sub_epi8 (last2, fv), inner2));
  const __m256i capture2 = _mm256_andnot_si256 (_mm256_cmpeq_epi8 (opfi2, zero), inner2);
  const __m256i hand3 = _mm256_or_si256 (_mm256_and_si256 (capture2, _mm256_add_epi8 (opfi2, opfo2)),
                                         _mm256_andnot_si256 (capture2,
                                                              _mm256_add_epi8 (_mm256_add_epi8 (m2, one),
                                                                               _mm256_and_si256 (in1, one))));
  const __m256i short3 = _mm256_and_si256 (_mm256_andnot_si256 (ge_u8_avx2 (hand3, nv), lim3), short2);
  const __m256i k3 = _mm256_and_si256 (hand3, short3);
  const __m256i last3 = wrap_u8_avx2 (_mm256_add_epi8 (last2, k3), nv);
  /* What last3 held after lap 2 (see kiela_leaf_look_vector). */
  const __m256i d1 = wrap_u8_avx2 (_mm256_add_epi8 (last3, _mm256_sub_epi8 (n1, h)), nv);
  const __m256i d2 = wrap_u8_avx2 (_mm256_add_epi8 (last3, _mm256_sub_epi8 (n1, last)), nv);
  const __m256i held = _mm256_add_epi8 (_mm256_andnot_si256 (_mm256_cmpeq_epi8 (last3, h), LOOK256_MY (last3)),
                                        _mm256_add_epi8 (_mm256_andnot_si256 (ge_u8_avx2 (d1, k), one),
                                                         _mm256_andnot_si256 (ge_u8_avx2 (d2, k2), one)));
  const __m256i relayed_from = _mm256_andnot_si256 (capture, _mm256_cmpeq_epi8 (last3, last));
  const __m256i third = _mm256_or_si256 (relayed_from, _mm256_cmpeq_epi8 (held, zero));
  /* Lap 4: k4 stones from last3, ending in last4.  Lap 3 captures from the
   * file facing last3 unless lap 1 emptied it (lap 2's file is not last3's:
   * a short lap does not end where it began); else it relays the stones last3
   * held and its last one. */
  const __m256i inner3 = ge_u8_avx2 (last3, fv);
  const __m256i opfi3 = LOOK256_OP (_mm256_and_si256 (_mm256_sub_epi8 (fiv, last3), inner3));
  const __m256i opfo3 = LOOK256_OP (_mm256_and_si256 (_mm256_sub_epi8 (last3, fv), inner3));
  const __m256i taken = _mm256_and_si256 (capture, _mm256_cmpeq_epi8 (last3, last));
  const __m256i capture3 = _mm256_andnot_si256 (_mm256_or_si256 (_mm256_cmpeq_epi8 (opfi3, zero), taken), inner3);
  const __m256i hand4 = _mm256_or_si256 (_mm256_and_si256 (capture3, _mm256_add_epi8 (opfi3, opfo3)),
                                         _mm256_andnot_si256 (capture3, _mm256_add_epi8 (held, one)));
  const __m256i short4 = _mm256_and_si256 (_mm256_andnot_si256 (ge_u8_avx2 (hand4, nv), lim4), short3);
  const __m256i k4 = _mm256_and_si256 (hand4, short4);
  const __m256i last4 = wrap_u8_avx2 (_mm256_add_epi8 (last3, k4), nv);
  /* What last4 held after lap 3: its stones (none if h) and one for each lap
   * that passed it; only what lap 3 dropped if lap 2 was relayed from it
   * (lap 1's stones went with the relay), none if lap 3 was. */
  const __m256i e2 = wrap_u8_avx2 (_mm256_add_epi8 (last4, _mm256_sub_epi8 (n1, last)), nv);
  const __m256i e3 = wrap_u8_avx2 (_mm256_add_epi8 (last4, _mm256_sub_epi8 (n1, last2)), nv);
  const __m256i p3 = _mm256_andnot_si256 (ge_u8_avx2 (e3, k3), one);
  const __m256i all_laps = _mm256_add_epi8 (
      _mm256_andnot_si256 (_mm256_cmpeq_epi8 (last4, h), LOOK256_MY (last4)),
      _mm256_add_epi8 (_mm256_add_epi8 (_mm256_andnot_si256 (ge_u8_avx2 (wrap_u8_avx2 (_mm256_add_epi8 (last4, _mm256_sub_epi8 (n1, h)), nv), k), one),
                                        _mm256_andnot_si256 (ge_u8_avx2 (e2, k2), one)),
                       p3));
  const __m256i relay1_at = _mm256_andnot_si256 (capture, _mm256_cmpeq_epi8 (last4, last));
  const __m256i relay2_at = _mm256_andnot_si256 (capture2, _mm256_cmpeq_epi8 (last4, last2));
  const __m256i held4 = _mm256_andnot_si256 (relay2_at, _mm256_blendv_epi8 (all_laps, p3, relay1_at));
  const __m256i fourth = _mm256_cmpeq_epi8 (held4, zero);
  const __m256i end = _mm256_and_si256 (short1, _mm256_or_si256 (_mm256_cmpeq_epi8 (m, zero),
                                                                 _mm256_and_si256 (short2, _mm256_or_si256 (second,
                                                                                   _mm256_and_si256 (short3, _mm256_or_si256 (third,
                                                                                     _mm256_and_si256 (short4, fourth)))))));
  guint32 ends, cand;

  _mm256_store_si256 ((__m256i *) look->end1, last);
  _mm256_store_si256 ((__m256i *) look->end2, last2);
  _mm256_store_si256 ((__m256i *) look->end3, last3);
  _mm256_store_si256 ((__m256i *) look->end4, last4);
  _mm256_store_si256 ((__m256i *) look->hand2, k2);
  _mm256_store_si256 ((__m256i *) look->hand3, k3);
  _mm256_store_si256 ((__m256i *) look->hand4, k4);
  _mm256_store_si256 ((__m256i *) look->capture1, capture);
  _mm256_store_si256 ((__m256i *) look->capture2, _mm256_and_si256 (capture2, short3));
  _mm256_store_si256 ((__m256i *) look->capture3, _mm256_and_si256 (capture3, short4));
  /* 4 where short4, else 3 where short3, else 2 where short1 and short2, else 0. */
  _mm256_store_si256 ((__m256i *) look->laps,
                      _mm256_and_si256 (_mm256_and_si256 (short1, short2),
                                        _mm256_sub_epi8 (_mm256_sub_epi8 (_mm256_set1_epi8 (2), short3), short4)));
  ends = (guint32) _mm256_movemask_epi8 (end);
  cand = (guint32) _mm256_movemask_epi8 (ge_u8_avx2 (k, _mm256_set1_epi8 ((char) min_sow)));
  cand &= (guint32) ((G_GUINT64_CONSTANT (1) << (2 * files)) - 1);
  *rest = cand & ~ends;
  return (guint) __builtin_popcount (cand);
}
