/* ai-test-common.h: what the AI tests share: English messages, the build tree's plugins, AIs resolved as hosts resolve them. */
#pragma once

#include <glib.h>
#include "kiela.h"

/* Some assertions read English messages, whatever the caller's language.  Returns a
 * registry holding the build tree's plugins, not finished: a test may load more first. */
static inline KielaRegistry *
ai_test_init (int *argc, char ***argv)
{
  KielaRegistry *registry;

  g_setenv ("LANGUAGE", "C", TRUE);
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (argc, argv, NULL);
  registry = kiela_registry_new ();
  kiela_registry_load_dir (registry, KIELA_TEST_PLUGIN_DIR);
  return registry;
}

/* A personality (or bare algorithm) with `extra` settings ("depth=1 qs=0") on top. */
static inline KielaAiConfig *
ai_test_config (KielaRegistry *registry, const char *id, const char *extra)
{
  g_autofree char *spec = extra ? g_strdup_printf ("%s %s", id, extra) : g_strdup (id);
  g_autoptr(GError) error = NULL;
  KielaAiConfig *config = kiela_ai_config_new (registry, spec, 0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (config);
  return config;
}
