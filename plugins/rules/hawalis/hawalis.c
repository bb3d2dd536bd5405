/* hawalis.c: Hawalis of Oman (4×7), a related four-row game that captures into empty houses, as a plugin. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kiela-tree-plugin.h"

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

static const KielaVariant *const variants[] = { &hawalis };

static const KielaPluginInfo info = KIELA_TREE_PLUGIN_INFO ("hawalis-rules", N_("Hawalis rules"),
                                                           N_("Hawalis, the four-row mancala of Oman"));

KIELA_TREE_RULES_PLUGIN_DEFINE (info, variants)
