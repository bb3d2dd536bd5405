/* kiela-rules.c: the Kiela rule variants (beginner, advanced, expert) as a plugin module. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kiela-tree-plugin.h"

/* Section 4 of the rules: every outer house and the four inner houses at the
 * owner's right end (local 10..13) hold `n` stones, for both sides. */
#define KIELA_START(n) { { n,n,n,n,n,n,n,n,n,n, n,n,n,n }, { n,n,n,n,n,n,n,n,n,n, n,n,n,n } }

/* What the three levels share: the board, the capture, relay and endless-move rules, the source. */
#define KIELA_CAMPOS_RULES                              \
  .family = "kiela",                                    \
  .files = 10,                                          \
  .capture_rule = KIELA_CAPTURE_OCCUPIED_INNER,         \
  .captured_fate = KIELA_CAPTURED_SOW_AFTER_CAPTOR,     \
  .relay_rule = KIELA_RELAY_OCCUPIED,                   \
  .endless_policy = KIELA_ENDLESS_ILLEGAL,              \
  .lap_limit = 1000,                                    \
  .source = "Bernardo Campos, Kiela – A Game of African Origin (1998)"

static const KielaVariant kiela_advanced = {
  KIELA_CAMPOS_RULES,
  .id = "kiela",
  .name = N_("Kiela"),
  .description = N_("The traditional game of northern Angola: 4 rows of 10 houses, 28 stones a side. "
                    "Sow from a house with at least 2 stones; relay from occupied houses; capture the "
                    "opponent’s file when your last stone lands in an occupied inner house facing stones. "
                    "Captured stones join your army."),
  /* Translators: a level of the game in the New Game dialog ("Level: Advanced"). */
  .level = NC_("variant level", "Advanced"),
  .min_sow = 2,
  .default_variant = TRUE,
  .start = KIELA_START (2),
};

static const KielaVariant kiela_beginner = {
  KIELA_CAMPOS_RULES,
  .id = "kiela-beginner",
  .name = N_("Kiela for beginners"),
  .description = N_("Kiela with one stone in each starting house (14 a side), and any house with a stone may "
                    "be sown: shorter games to learn relays and captures."),
  /* Translators: a level of the game in the New Game dialog ("Level: Beginner"). */
  .level = NC_("variant level", "Beginner"),
  .min_sow = 1,
  .start = KIELA_START (1),
};

static const KielaVariant kiela_expert = {
  KIELA_CAMPOS_RULES,
  .id = "kiela-expert",
  .name = N_("Kiela for experts"),
  .description = N_("Advanced Kiela with a setup phase: South arranges its 28 stones freely over its 20 "
                    "houses, then North does the same, then South sows first."),
  /* Translators: a level of the game in the New Game dialog ("Level: Expert"). */
  .level = NC_("variant level", "Expert"),
  .min_sow = 2,
  .setup_phase = TRUE,
  .start = KIELA_START (2),
};

static const KielaVariant *const variants[] = { &kiela_advanced, &kiela_beginner, &kiela_expert };

static const KielaPluginInfo info = KIELA_TREE_PLUGIN_INFO ("kiela-rules", N_("Kiela rules"),
                                                           N_("Kiela at its beginner, advanced and expert levels"));

KIELA_TREE_RULES_PLUGIN_DEFINE (info, variants)
