/* kiela-test-broken-personality.c: deliberately broken AI plugins for the loader tests (never installed).
 * Built twice: with KIELA_TEST_BAD_SETTINGS a personality has settings its algorithm rejects,
 * without it a personality names an algorithm that nobody registers. */
#include "kiela-plugin.h"

#ifdef KIELA_TEST_BAD_SETTINGS
#define TEST_ID "test-bad-settings"
#define TEST_PERSONALITY "muddle"
#define TEST_ALGORITHM "alphabeta"
#define TEST_SETTINGS "depth=banana"
#else
#define TEST_ID "test-unknown-algorithm"
#define TEST_PERSONALITY "ghost"
#define TEST_ALGORITHM "no-such-algorithm"
#define TEST_SETTINGS "depth=3"
#endif

static const KielaPluginInfo info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .api_version = KIELA_PLUGIN_API_VERSION,
  .id = TEST_ID,
  .name = "Broken personality (test)",
  .version = "0",
  .description = "A personality the loader must reject",
  .license = "GPL-3.0-or-later",
};

static const KielaPersonality personality = {
  .id = TEST_PERSONALITY,
  .name = "Test",
  .character = "Should never be offered.",
  .portrait_svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"/>",
  .level = 3,
  .level_name = "Test",
  .algorithm = TEST_ALGORITHM,
  .settings = TEST_SETTINGS,
};

static gboolean
test_register (KielaRegistry *registry, GError **error)
{
  return kiela_registry_add_personality (registry, &personality, error);
}

KIELA_PLUGIN_DEFINE (info, test_register)
