/* kiela-rules.c: the Kiela rule variants (beginner, advanced, expert) as a plugin module. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kiela-plugin.h"

/* Section 4 of the rules: every outer house and the four inner houses at the
 * owner's right end (local 10..13) hold `n` stones, for both sides. */
#define KIELA_START(n) { { n,n,n,n,n,n,n,n,n,n, n,n,n,n }, { n,n,n,n,n,n,n,n,n,n, n,n,n,n } }

static const KielaVariant kiela_advanced = {
  .id = "kiela",
  .name = N_("Kiela"),
  .description = N_("The traditional game of northern Angola: 4 rows of 10 houses, 28 stones a side. "
                    "Sow from a house with at least 2 stones; relay from occupied houses; capture the "
                    "opponent’s file when your last stone lands in an occupied inner house facing stones. "
                    "Captured stones join your army."),
  .family = "kiela",
  /* Translators: a level of the game in the New Game dialog ("Level: Advanced"). */
  .level = NC_("variant level", "Advanced"),
  .files = 10,
  .min_sow = 2,
  .capture_rule = KIELA_CAPTURE_OCCUPIED_INNER,
  .captured_fate = KIELA_CAPTURED_SOW_AFTER_CAPTOR,
  .relay_rule = KIELA_RELAY_OCCUPIED,
  .endless_policy = KIELA_ENDLESS_ILLEGAL,
  .lap_limit = 1000,
  .default_variant = TRUE,
  .start = KIELA_START (2),
  .source = "Bernardo Campos, Kiela – A Game of African Origin (1998)",
};

static const KielaVariant kiela_beginner = {
  .id = "kiela-beginner",
  .name = N_("Kiela for beginners"),
  .description = N_("Kiela with one stone in each starting house (14 a side), and any house with a stone may "
                    "be sown: shorter games to learn relays and captures."),
  .family = "kiela",
  /* Translators: a level of the game in the New Game dialog ("Level: Beginner"). */
  .level = NC_("variant level", "Beginner"),
  .files = 10,
  .min_sow = 1,
  .capture_rule = KIELA_CAPTURE_OCCUPIED_INNER,
  .captured_fate = KIELA_CAPTURED_SOW_AFTER_CAPTOR,
  .relay_rule = KIELA_RELAY_OCCUPIED,
  .endless_policy = KIELA_ENDLESS_ILLEGAL,
  .lap_limit = 1000,
  .start = KIELA_START (1),
  .source = "Bernardo Campos, Kiela – A Game of African Origin (1998)",
};

static const KielaVariant kiela_expert = {
  .id = "kiela-expert",
  .name = N_("Kiela for experts"),
  .description = N_("Advanced Kiela with a setup phase: South arranges its 28 stones freely over its 20 "
                    "houses, then North does the same, then South sows first."),
  .family = "kiela",
  /* Translators: a level of the game in the New Game dialog ("Level: Expert"). */
  .level = NC_("variant level", "Expert"),
  .files = 10,
  .min_sow = 2,
  .capture_rule = KIELA_CAPTURE_OCCUPIED_INNER,
  .captured_fate = KIELA_CAPTURED_SOW_AFTER_CAPTOR,
  .relay_rule = KIELA_RELAY_OCCUPIED,
  .endless_policy = KIELA_ENDLESS_ILLEGAL,
  .lap_limit = 1000,
  .setup_phase = TRUE,
  .start = KIELA_START (2),
  .source = "Bernardo Campos, Kiela – A Game of African Origin (1998)",
};

static const KielaPluginInfo info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .api_version = KIELA_PLUGIN_API_VERSION,
  .id = "kiela-rules",
  .name = N_("Kiela rules"),
  .version = PACKAGE_VERSION,
  .description = N_("Kiela at its beginner, advanced and expert levels"),
  .license = "GPL-3.0-or-later",
};

static gboolean
kiela_rules_register (KielaRegistry *registry, GError **error)
{
  return kiela_registry_add_variant (registry, &kiela_advanced, error) &&
         kiela_registry_add_variant (registry, &kiela_beginner, error) &&
         kiela_registry_add_variant (registry, &kiela_expert, error);
}

KIELA_PLUGIN_DEFINE (info, kiela_rules_register)
