/* test-ai-util.c: the AI tests' registry and helpers (test-ai-util.h). */
#include "config.h"

#include <string.h>

#include "ai-test-common.h"
#include "tests/test-plugin-util.h"
#include "test-ai-util.h"

KielaRegistry *registry;

const KielaVariant *
variant (const char *id)
{
  return test_variant (registry, id);
}

KielaAiConfig *
config_for (const char *id, const char *extra)
{
  return ai_test_config (registry, id, extra);
}

gboolean
think (const char *id, const char *extra, const KielaVariant *v, const KielaPosition *pos,
       guint64 seed, gint64 budget_us, GCancellable *cancellable, KielaAiReply *reply, GError **error)
{
  g_autoptr(KielaAiConfig) config = config_for (id, extra);
  KielaAiRequest request = ai_test_request (v, pos, seed);

  request.time_budget_us = budget_us;
  request.cancellable = cancellable;
  memset (reply, 0, sizeof *reply);
  return kiela_ai_config_think (config, &request, reply, error);
}

gboolean
is_legal (const KielaVariant *v, const KielaPosition *pos, KielaMove move)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves (v, pos, moves, NULL, NULL);

  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

/* Every personality id, weakest first. */
GPtrArray *
personality_ids (void)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  GPtrArray *ids = g_ptr_array_new ();
  for (guint i = 0; i < all->len; i++)
    g_ptr_array_add (ids, (gpointer) ((const KielaPersonality *) g_ptr_array_index (all, i))->id);
  return ids;
}

/* Positions met in play: random playouts of different lengths from the start. */
guint
random_game_positions (const KielaVariant *v, guint64 seed, KielaPosition *out, guint max)
{
  KielaRng rng;
  KielaPosition start;
  guint n = 0;

  kiela_rng_seed (&rng, seed);
  kiela_position_init_start (&start, v);
  out[n++] = start;
  for (guint attempt = 0; n < max && attempt < max * 4; attempt++)
    {
      KielaPlayoutResult r;
      guint plies = 1 + kiela_rng_below (&rng, 40);
      kiela_random_playout (v, &start, NULL, 0, &rng, plies, &r);
      if (r.status == KIELA_STATUS_ONGOING || r.reason == KIELA_REASON_MOVE_LIMIT)
        out[n++] = r.final;
    }
  return n;
}

/* The start of each AI test program: the build tree's plugins, and the shipped game files too
 * (Omweso's choices mid-move). */
void
ai_test_start (int *argc, char ***argv)
{
  registry = ai_test_init (argc, argv);
  g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
  kiela_registry_load_variant_files (registry);
  kiela_registry_finish_loading (registry);
}
