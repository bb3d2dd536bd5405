/* test-lessons-common.c: the lesson tests' helpers (test-lessons-common.h). */
#include "config.h"

#include "test-lessons-common.h"

/* The rules, the AI, the variant files of data/variants and the lessons, as the app loads
 * them: without the variant files the lessons of Omweso and the other variant-file games
 * would fail to register and no check of the course would see them. */
KielaRegistry *
full_registry (void)
{
  static const char *const dirs[] = { "rules", "ai", "lessons" };
  KielaRegistry *registry = kiela_registry_new ();

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *dir = g_build_filename (KIELA_TEST_BUILD_ROOT, "plugins", dirs[i], NULL);
      kiela_registry_load_dir (registry, dir);
    }
  kiela_registry_load_variant_files (registry);
  kiela_registry_finish_loading (registry);
  return registry;
}

const KielaLesson *
lesson (KielaRegistry *registry, const char *id)
{
  const KielaLesson *l = kiela_registry_lookup_lesson (registry, id);
  g_assert_nonnull (l);
  return l;
}

KielaMove
house (const char *square)
{
  KielaSquare sq;
  g_assert_true (kiela_square_parse (10, square, &sq, NULL));
  return sq.house;
}
