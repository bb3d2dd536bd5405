/* test-common.h: helpers shared by the engine tests (a registry with the built rules plugins). */
#pragma once

#include <glib.h>
#include "kiela.h"

static inline KielaRegistry *
test_registry (void)
{
  KielaRegistry *registry = kiela_registry_new ();
  g_autofree char *dir = g_build_filename (KIELA_TEST_BUILD_ROOT, "plugins", "rules", NULL);

  kiela_registry_load_dir (registry, dir);
  kiela_registry_finish_loading (registry);
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "kiela"));
  return registry;
}

/* Starts a test program: English messages whatever the caller's language, and the registry of
 * the built rules plugins. */
static inline KielaRegistry *
test_init (int *argc, char ***argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (argc, argv, NULL);
  return test_registry ();
}

/* Sets a side's 20 houses (local numbering) from a literal list. */
static inline void
test_set_side (KielaPosition *pos, KielaSide side, const guint16 *values, guint n)
{
  for (guint i = 0; i < n; i++)
    pos->houses[side][i] = values[i];
}

static inline void
test_assert_side (const KielaPosition *pos, KielaSide side, const guint16 *values, guint n)
{
  for (guint i = 0; i < n; i++)
    if (pos->houses[side][i] != values[i])
      g_error ("%s house %u holds %u, expected %u", side == KIELA_SOUTH ? "South" : "North",
               i, pos->houses[side][i], values[i]);
}
