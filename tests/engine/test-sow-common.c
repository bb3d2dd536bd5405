/* test-sow-common.c: the sowing tests' registry and helpers (test-sow-common.h). */
#include "config.h"
#include "test-common.h"
#include "tests/test-plugin-util.h"
#include "test-sow-common.h"

KielaRegistry *registry;

const KielaVariant *
variant (const char *id)
{
  return test_variant (registry, id);
}

/* Rules section 8: South [2,1,3,2,1,0,1,0,1,0, 1,0,2,1,0,2,1,0,1,2] with North's inner row empty:
 * a2 (hole 19) cycles with a period of 165 laps. */
void
endless_position (KielaPosition *pos)
{
  const guint16 south[20] = { 2,1,3,2,1,0,1,0,1,0, 1,0,2,1,0,2,1,0,1,2 };
  const guint16 north[20] = { 2,2,2,2,2,2,2,2,2,2, 0,0,0,0,0,0,0,0,0,0 };

  memset (pos, 0, sizeof *pos);
  pos->files = 10;
  test_set_side (pos, KIELA_SOUTH, south, 20);
  test_set_side (pos, KIELA_NORTH, north, 20);
}

/* Starts a sowing test: the built rules plugins, and the shipped variant files too (Omweso, Hus,
 * Quiela...) through every sowing path. */
KielaRegistry *
sow_test_init (int *argc, char ***argv)
{
  registry = test_init (argc, argv);
  g_setenv ("KIELA_VARIANT_PATH", KIELA_TEST_VARIANTS_DIR, TRUE);
  kiela_registry_load_variant_files (registry);
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "omweso"));
  return registry;
}
