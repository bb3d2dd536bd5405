/* hello-rules.c: a one-variant rules plugin built out of tree against the installed Kiela headers. */
#include <kiela-plugin.h>

static const KielaVariant hello = {
  .id = "hello",
  .name = "Hello Kiela",
  .description = "A small board to try plugins with.",
  .family = "hello",
  .files = 4,
  .min_sow = 2,
  .capture_rule = KIELA_CAPTURE_OCCUPIED_INNER,
  .captured_fate = KIELA_CAPTURED_SOW_AFTER_CAPTOR,
  .relay_rule = KIELA_RELAY_OCCUPIED,
  .endless_policy = KIELA_ENDLESS_ILLEGAL,
  .lap_limit = KIELA_LAP_LIMIT_DEFAULT,
  .start = { { 2, 2, 2, 2, 2, 2, 2, 2 }, { 2, 2, 2, 2, 2, 2, 2, 2 } },
};

/* The API it needs, which hello-rules.plugin states too (API=1): all it calls,
 * kiela_registry_add_variant, is in API 1.  KIELA_PLUGIN_API_VERSION here would ask
 * for whatever host it happens to be built against. */
#define HELLO_API_VERSION 1
#if KIELA_PLUGIN_API_VERSION < HELLO_API_VERSION
# error "hello-rules needs Kiela's plugin API 1"
#endif

static const KielaPluginInfo info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .api_version = HELLO_API_VERSION,
  .id = "hello-rules",
  .name = "Hello rules",
  .version = "1.0",
  .description = "An example plugin",
  .license = "CC0-1.0",
};

static gboolean
hello_register (KielaRegistry *registry, GError **error)
{
  return kiela_registry_add_variant (registry, &hello, error);
}

KIELA_PLUGIN_DEFINE (info, hello_register)
