/* kiela-tree-plugin.h: the plugin information and rule-module register function of the modules in this tree. */

/* Not installed: an outside plugin writes its own KielaPluginInfo (see docs/plugins.md). */
#pragma once

#include "kiela-plugin.h"

/* The information of a module shipped with Kiela: its version and licence are Kiela's. */
#define KIELA_TREE_PLUGIN_INFO(plugin_id, plugin_name, plugin_description) \
  {                                                                        \
    .abi_version = KIELA_PLUGIN_ABI_VERSION,                               \
    .api_version = KIELA_PLUGIN_API_VERSION,                               \
    .id = (plugin_id),                                                     \
    .name = (plugin_name),                                                 \
    .version = PACKAGE_VERSION,                                            \
    .description = (plugin_description),                                   \
    .license = "GPL-3.0-or-later",                                         \
  }

/* Defines a rule module's two exported symbols: `info`, and a register function adding
 * the variants of the static array `variants` (of const KielaVariant *) in order. */
#define KIELA_TREE_RULES_PLUGIN_DEFINE(info, variants)                                    \
  static gboolean                                                                         \
  kiela_tree_rules_register (KielaRegistry *registry, GError **error)                     \
  {                                                                                       \
    for (gsize i = 0; i < G_N_ELEMENTS (variants); i++)                                   \
      if (!kiela_registry_add_variant (registry, (variants)[i], error))                   \
        return FALSE;                                                                     \
    return TRUE;                                                                          \
  }                                                                                       \
  KIELA_PLUGIN_DEFINE (info, kiela_tree_rules_register)
