/* broken-plugin.c: one source, many deliberately broken plugin modules, chosen by BROKEN_KIND at build time. */
#include "config.h"
#include <stdlib.h>
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
#define KIND_SEGV_REGISTER      12
#define KIND_SEGV_CONSTRUCTOR   13
#define KIND_ABORT              14
#define KIND_INFO_OUTSIDE       15
#define KIND_NAME_OUTSIDE       16
#define KIND_BAD_UTF8           17
#define KIND_API_TOO_NEW        18
#define KIND_LAP_LIMIT          19
#define KIND_API_TOO_NEW_CODE   20
#define KIND_LIES_PROVIDES      21
#define KIND_VARIANT_OUTSIDE    22
#define KIND_THINK_OUTSIDE      23
#define KIND_SEGV_DESTRUCTOR    24
#define KIND_HANG               25

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

/* 2^32-1 laps: listing legal moves took two minutes before the cap. */
static const KielaVariant endless = {
  .id = "lap-limit-too-big", .name = "Endless", .files = 5, .min_sow = 2, .lap_limit = G_MAXUINT32,
  .start = { { 2,2,2,2,2 }, { 2,2,2,2,2 } },
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
#if BROKEN_KIND == KIND_API_TOO_NEW || BROKEN_KIND == KIND_API_TOO_NEW_CODE
  .api_version = KIELA_PLUGIN_API_VERSION + 1,
#else
  .api_version = KIELA_PLUGIN_API_VERSION,
#endif
  .name = "Broken test plugin",
  .version = "0",
#if BROKEN_KIND == KIND_BAD_UTF8
  .description = "deliberately broken caf\xe9",
#else
  .description = "deliberately broken",
#endif
  .license = "GPL-3.0-or-later",
};

#if BROKEN_KIND == KIND_UNDEFINED_SYMBOL
/* Never defined anywhere: with immediate binding the module must fail to open. */
extern int kiela_test_symbol_that_does_not_exist (void);
#endif

#if BROKEN_KIND == KIND_SEGV_CONSTRUCTOR || BROKEN_KIND == KIND_SEGV_REGISTER || BROKEN_KIND == KIND_SEGV_DESTRUCTOR
/* A write through NULL that the compiler cannot prove is NULL (it drops a literal one). */
static void
write_through_null (void)
{
  volatile int *volatile nowhere = NULL;
  *nowhere = 1;
}
#endif

#if BROKEN_KIND == KIND_SEGV_CONSTRUCTOR
/* Runs inside dlopen(), before Kiela sees any symbol. */
__attribute__((constructor)) static void
crash_on_load (void)
{
  write_through_null ();
}
#endif

#if BROKEN_KIND == KIND_SEGV_DESTRUCTOR
/* Runs as the program quits: a damaged module crashed programs only then. */
__attribute__((destructor)) static void
crash_on_exit (void)
{
  write_through_null ();
}
#endif

#if BROKEN_KIND == KIND_HANG
/* Never returns from dlopen(): it would hang every start that loads it. */
__attribute__((constructor)) static void
hang_on_load (void)
{
  for (;;)
    g_usleep (G_USEC_PER_SEC);
}
#endif

#if BROKEN_KIND == KIND_NAME_OUTSIDE
/* The texts must be the module's own: a name elsewhere may be gone or moving. */
static KielaPluginInfo outside_info;
#endif

#if BROKEN_KIND != KIND_MISSING_QUERY
KIELA_PLUGIN_EXPORT const KielaPluginInfo *kiela_plugin_query (void);
const KielaPluginInfo *
kiela_plugin_query (void)
{
#if BROKEN_KIND == KIND_NULL_INFO
  return NULL;
#elif BROKEN_KIND == KIND_INFO_OUTSIDE
  /* Some other library's memory (a readable string in libkiela-core). */
  return (const KielaPluginInfo *) kiela_side_name (KIELA_SOUTH);
#elif BROKEN_KIND == KIND_NAME_OUTSIDE
  outside_info = info;
  outside_info.name = kiela_side_name (KIELA_SOUTH);
  return &outside_info;
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
#elif BROKEN_KIND == KIND_SEGV_REGISTER
  write_through_null ();
  return FALSE;
#elif BROKEN_KIND == KIND_ABORT
  abort ();
#elif BROKEN_KIND == KIND_LAP_LIMIT
  return kiela_registry_add_variant (registry, &endless, error);
#elif BROKEN_KIND == KIND_VARIANT_OUTSIDE
  /* A name elsewhere (another library's string), as a damaged relocation leaves it. */
  static KielaVariant elsewhere;
  elsewhere = extra;
  elsewhere.name = kiela_side_name (KIELA_SOUTH);
  return kiela_registry_add_variant (registry, &elsewhere, error);
#elif BROKEN_KIND == KIND_THINK_OUTSIDE
  /* A think function that is not the module's own code. */
  static KielaAiAlgorithm algorithm = { .id = "think-elsewhere", .name = "Elsewhere" };
  algorithm.think = (gpointer) kiela_ai_parse_settings;
  return kiela_registry_add_ai_algorithm (registry, &algorithm, error);
#else
  return kiela_registry_add_variant (registry, &extra, error);
#endif
}
#endif
