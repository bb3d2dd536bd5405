/* test-plugin-util.h: what the tests of plugin loading and of what plugins registered share, in
 * the engine, AI, i18n and app tests (static: a copy in each test). */
#pragma once

#include <glib.h>
#include "kiela.h"

/* The variant `id` a plugin registered; fails the test without one. */
G_GNUC_UNUSED static const KielaVariant *
test_variant (KielaRegistry *registry, const char *id)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, id);

  g_assert_nonnull (v);
  return v;
}

/* The registry's record of the module file named `basename`; fails the test without one. */
G_GNUC_UNUSED static const KielaPluginRecord *
find_record (KielaRegistry *registry, const char *basename)
{
  GPtrArray *plugins = kiela_registry_get_plugins (registry);

  for (guint i = 0; i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);
      g_autofree char *base = g_path_get_basename (r->path);

      if (g_strcmp0 (base, basename) == 0)
        return r;
    }
  g_error ("no plugin record for %s", basename);
  return NULL;
}

/* Copies a file (a module into a plugin folder); fails the test when it cannot. */
G_GNUC_UNUSED static void
copy_file (const char *from, const char *to)
{
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (from, &data, &len, NULL));
  g_assert_true (g_file_set_contents (to, data, (gssize) len, NULL));
}
