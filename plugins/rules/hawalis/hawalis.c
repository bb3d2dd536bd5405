/* hawalis.c: Hawalis of Oman (4×7), a related four-row game that captures into empty houses, as a plugin. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kiela-plugin.h"

static const KielaVariant hawalis = {
  .id = "hawalis",
  .name = N_("Hawalis"),
  .description = N_("The four-row game of Oman: 4 rows of 7 houses, 2 stones in every house. Relay from "
                    "occupied houses; when your last stone lands in an empty inner house facing stones, "
                    "capture that file and remove it from play. A single stone may be sown only when no "
                    "house holds two, and only into an empty house; a move that never ends loses."),
  .family = "hawalis",
  .files = 7,
  .min_sow = 2,
  .singles_when_blocked = TRUE,
  .capture_rule = KIELA_CAPTURE_EMPTY_INNER,
  .captured_fate = KIELA_CAPTURED_REMOVED,
  .relay_rule = KIELA_RELAY_OCCUPIED,
  .endless_policy = KIELA_ENDLESS_LOSES,
  .lap_limit = 1000,
  .start = { { 2,2,2,2,2,2,2, 2,2,2,2,2,2,2 }, { 2,2,2,2,2,2,2, 2,2,2,2,2,2,2 } },
  .source = "iggamecenter and Ludii rule descriptions",
};

static const KielaPluginInfo info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .api_version = KIELA_PLUGIN_API_VERSION,
  .id = "hawalis-rules",
  .name = N_("Hawalis rules"),
  .version = PACKAGE_VERSION,
  .description = N_("Hawalis, the four-row mancala of Oman"),
  .license = "GPL-3.0-or-later",
};

static gboolean
hawalis_register (KielaRegistry *registry, GError **error)
{
  return kiela_registry_add_variant (registry, &hawalis, error);
}

KIELA_PLUGIN_DEFINE (info, hawalis_register)
