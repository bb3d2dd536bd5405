/* kiela-rules.c: the Kiela rule variants (beginner, advanced, expert) as a plugin module. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kiela-tree-plugin.h"

/* kiela_advanced, kiela_beginner, kiela_expert: written at build time from
 * data/variants/templates/kiela*.kiela-variant, the one source of these rules. */
#include "kiela-rules-variants.h"

/* For xgettext: the templates' level words, which kiela_variant_get_level() translates (their
 * names and descriptions are marked in data/variants/variant-strings.h). */
static const char *const level_words[] G_GNUC_UNUSED = {
  /* Translators: a level of the game in the New Game dialog ("Level: Advanced"). */
  NC_("variant level", "Advanced"),
  /* Translators: a level of the game in the New Game dialog ("Level: Beginner"). */
  NC_("variant level", "Beginner"),
  /* Translators: a level of the game in the New Game dialog ("Level: Expert"). */
  NC_("variant level", "Expert"),
};

static const KielaVariant *const variants[] = { &kiela_advanced, &kiela_beginner, &kiela_expert };

static const KielaPluginInfo info = KIELA_TREE_PLUGIN_INFO ("kiela-rules", N_("Kiela rules"),
                                                           N_("Kiela at its beginner, advanced and expert levels"));

KIELA_TREE_RULES_PLUGIN_DEFINE (info, variants)
