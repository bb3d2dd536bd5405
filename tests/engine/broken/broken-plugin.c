/* broken-plugin.c: one source, many deliberately broken plugin modules, chosen by BROKEN_KIND at build time. */
#include "config.h"
#include "kiela-plugin.h"

#define KIND_MISSING_QUERY      1
#define KIND_MISSING_REGISTER   2
#define KIND_WRONG_ABI          3
#define KIND_DUP_PLUGIN_ID      4
#define KIND_DUP_VARIANT        5
#define KIND_NULL_INFO          6
#define KIND_REGISTER_FAILS     7
#define KIND_INVALID_VARIANT    8
#define KIND_ORPHAN_PERSONALITY 9
#define KIND_UNDEFINED_SYMBOL   10
#define KIND_GOOD               11

static const KielaVariant extra = {
  .id = BROKEN_ID "-variant", .name = "Extra", .files = 5, .min_sow = 2, .lap_limit = 100,
  .start = { { 2,2,2,2,2 }, { 2,2,2,2,2 } },
};

static const KielaVariant duplicate = {
  .id = "kiela", .name = "Another Kiela", .files = 10, .min_sow = 2, .lap_limit = 1000,
  .start = { { 2 }, { 2 } },
};

static const KielaVariant invalid = {
  .id = "three-files", .name = "Too narrow", .files = 3, .min_sow = 2, .lap_limit = 1000,
  .start = { { 2 }, { 2 } },
};

static const KielaPersonality orphan = {
  .id = "orphan", .name = "Orphan", .level = 1, .algorithm = "no-such-algorithm", .settings = "depth=2",
};

static const KielaPluginInfo info = {
#if BROKEN_KIND == KIND_WRONG_ABI
  .abi_version = KIELA_PLUGIN_ABI_VERSION + 41,
#else
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
#endif
#if BROKEN_KIND == KIND_DUP_PLUGIN_ID
  .id = "kiela-rules",
#else
  .id = BROKEN_ID,
#endif
  .name = "Broken test plugin",
  .version = "0",
  .description = "deliberately broken",
  .license = "GPL-3.0-or-later",
};

#if BROKEN_KIND == KIND_UNDEFINED_SYMBOL
/* Never defined anywhere: with immediate binding the module must fail to open. */
extern int kiela_test_symbol_that_does_not_exist (void);
#endif

#if BROKEN_KIND != KIND_MISSING_QUERY
KIELA_PLUGIN_EXPORT const KielaPluginInfo *kiela_plugin_query (void);
const KielaPluginInfo *
kiela_plugin_query (void)
{
#if BROKEN_KIND == KIND_NULL_INFO
  return NULL;
#else
  return &info;
#endif
}
#endif

#if BROKEN_KIND != KIND_MISSING_REGISTER
KIELA_PLUGIN_EXPORT gboolean kiela_plugin_register (KielaRegistry *registry, GError **error);
gboolean
kiela_plugin_register (KielaRegistry *registry, GError **error)
{
#if BROKEN_KIND == KIND_DUP_VARIANT
  /* The first variant is fine; the second clashes: the module must be undone as a whole. */
  return kiela_registry_add_variant (registry, &extra, error) &&
         kiela_registry_add_variant (registry, &duplicate, error);
#elif BROKEN_KIND == KIND_REGISTER_FAILS
  g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, "the test plugin refuses to register");
  return FALSE;
#elif BROKEN_KIND == KIND_INVALID_VARIANT
  return kiela_registry_add_variant (registry, &invalid, error);
#elif BROKEN_KIND == KIND_ORPHAN_PERSONALITY
  return kiela_registry_add_variant (registry, &extra, error) &&
         kiela_registry_add_personality (registry, &orphan, error);
#elif BROKEN_KIND == KIND_UNDEFINED_SYMBOL
  return kiela_test_symbol_that_does_not_exist () == 0;
#else
  return kiela_registry_add_variant (registry, &extra, error);
#endif
}
#endif
