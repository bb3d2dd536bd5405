/* hawalis.c: Hawalis of Oman (4×7), a related four-row game that captures into empty houses, as a plugin. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kiela-tree-plugin.h"

/* hawalis: written at build time from data/variants/templates/hawalis.kiela-variant, the one
 * source of these rules. */
#include "hawalis-variants.h"

static const KielaVariant *const variants[] = { &hawalis };

static const KielaPluginInfo info = KIELA_TREE_PLUGIN_INFO ("hawalis-rules", N_("Hawalis rules"),
                                                           N_("Hawalis, the four-row mancala of Oman"));

KIELA_TREE_RULES_PLUGIN_DEFINE (info, variants)
