/* kiela-rng.h: a small deterministic random generator (xoshiro256**), identical on every platform. */
#pragma once

#include <glib.h>
#include "kiela-version.h"

G_BEGIN_DECLS

typedef struct {
  guint64 s[4];
} KielaRng;

KIELA_AVAILABLE_IN_ALL void    kiela_rng_seed   (KielaRng *rng, guint64 seed);
KIELA_AVAILABLE_IN_ALL guint64 kiela_rng_next   (KielaRng *rng);
/* Uniform in [0, n), n > 0, without modulo bias. */
KIELA_AVAILABLE_IN_ALL guint32 kiela_rng_below  (KielaRng *rng, guint32 n);
KIELA_AVAILABLE_IN_ALL gdouble kiela_rng_double (KielaRng *rng);   /* [0, 1) */

G_END_DECLS
