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

/*
 * A hand-made position (ranks 4 to 1), South to move:
 *   North: c4 = 1, j4 = 4, a3 = 1, j3 = 3      South: a2 = 1, c2 = 2, j2 = 1, e1 = 2, i1 = 2
 * South i1 drops into j1 and j2; j2 was occupied and North's j3 is too, so South
 * captures j3 + j4 = 7, which leaves North only single stones: North cannot move.
 * South c2 captures only a3 (1 stone, a4 is empty) and leaves North its 7 stones;
 * South e1 captures nothing.
 */
#define AI_TEST_CAPTURE_WINS "0,0,1,0,0,0,0,0,0,4/1,0,0,0,0,0,0,0,0,3/1,0,2,0,0,0,0,0,0,1/0,0,0,0,2,0,0,0,2,0 s"

/* The position a test's KPN string describes (the test fails if it does not parse). */
static inline KielaPosition
ai_test_parse (const char *kpn)
{
  KielaPosition pos;
  g_autoptr(GError) error = NULL;

  g_assert_true (kiela_position_parse (kpn, 0, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

/* A request to think about `pos` in `v` with `seed`: no time budget, no cancellable, no history. */
static inline KielaAiRequest
ai_test_request (const KielaVariant *v, const KielaPosition *pos, guint64 seed)
{
  KielaAiRequest request = { 0 };

  request.variant = v;
  request.position = *pos;
  request.seed = seed;
  return request;
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
