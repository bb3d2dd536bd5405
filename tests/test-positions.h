/* test-positions.h: constructed positions several tests start from (static: one copy a test
 * program). */
#pragma once

#include <string.h>
#include "kiela.h"

/* Quiela's threatened single: South to move with single stones in b2 and e1, North with single
 * stones in a3 and d4.  North's a3 would move into the empty b3 and capture b2, so b2 is
 * threatened and, a2 being empty, may skip to a1 or b1 (b2>a1, b2>b1) as well as move on into a2;
 * e1 is not threatened.  `quiela` is the Quiela variant (7 files). */
G_GNUC_UNUSED static void
test_position_quiela_threatened_single (const KielaVariant *quiela, KielaPosition *pos)
{
  kiela_position_init_start (pos, quiela);
  memset (pos->houses, 0, sizeof pos->houses);
  pos->houses[KIELA_SOUTH][12] = 1;   /* b2 */
  pos->houses[KIELA_SOUTH][4] = 1;    /* e1 */
  pos->houses[KIELA_NORTH][7] = 1;    /* a3 */
  pos->houses[KIELA_NORTH][3] = 1;    /* d4 */
  pos->to_move = KIELA_SOUTH;
}
