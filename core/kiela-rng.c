/* kiela-rng.c: xoshiro256** seeded by splitmix64, so a seed means the same games everywhere. */
#include "kiela-rng.h"

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void
kiela_rng_seed (KielaRng *rng, guint64 seed)
{
  guint64 x = seed;

  for (int i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&x);
}

static inline guint64
rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

guint64
kiela_rng_next (KielaRng *rng)
{
  guint64 *s = rng->s;
  const guint64 result = rotl (s[1] * 5, 7) * 9;
  const guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

guint32
kiela_rng_below (KielaRng *rng, guint32 n)
{
  /* Lemire's multiply-and-reject: unbiased and cheap. */
  guint64 m = (guint64) (guint32) (kiela_rng_next (rng) >> 32) * n;
  guint32 low = (guint32) m;

  if (low < n)
    {
      guint32 threshold = (guint32) -n % n;
      while (low < threshold)
        {
          m = (guint64) (guint32) (kiela_rng_next (rng) >> 32) * n;
          low = (guint32) m;
        }
    }
  return (guint32) (m >> 32);
}

gdouble
kiela_rng_double (KielaRng *rng)
{
  return (kiela_rng_next (rng) >> 11) * (1.0 / 9007199254740992.0);
}
