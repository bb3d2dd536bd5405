/* test-common.h: helpers shared by the engine tests (a registry with the built rules plugins). */
#pragma once

#include <string.h>
#include <glib.h>
#include <json-glib/json-glib.h>
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

/* Whether the json-glib at hand refuses an escaped lone surrogate ("\ud800") itself, as 1.10
 * does ("malformed surrogate pair"); 1.6 decodes it into bytes that are not UTF-8, which the
 * engine's own check then refuses.  Either way the file is refused: the tests expect the
 * message of whichever refuses it. */
static inline gboolean
test_json_refuses_lone_surrogates (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  return !json_parser_load_from_data (parser, "{\"a\":\"\\ud800x\"}", -1, NULL);
}

/* Whether `json` holds an escaped surrogate of the high range (the tests' lone ones). */
static inline gboolean
test_has_lone_surrogate (const char *json)
{
  return strstr (json, "\\ud8") != NULL || strstr (json, "\\udb") != NULL;
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
