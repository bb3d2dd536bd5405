/* kiela-plugin.h: the public contract between Kiela and its plugin modules. */
#pragma once

#include <gmodule.h>
#include "kiela-types.h"
#include "kiela-position.h"
#include "kiela-sow.h"
#include "kiela-ai.h"
#include "kiela-registry.h"

G_BEGIN_DECLS

/* KIELA_PLUGIN_ABI_VERSION and KIELA_PLUGIN_API_VERSION are in kiela-version.h. */

struct _KielaPluginInfo {
  guint32     abi_version;   /* KIELA_PLUGIN_ABI_VERSION: checked before anything else */
  const char *id;            /* unique, [a-z0-9-]+ */
  const char *name;
  const char *version;
  const char *description;
  const char *license;       /* SPDX identifier */
  /* gettext domain of name and description (marked N_()); NULL means "kiela".
   * Took the place of a reserved pointer: the ABI is unchanged. */
  const char *translation_domain;
  /* The plugin API the module needs (KIELA_PLUGIN_API_VERSION when it was built);
   * a host with a lower API refuses it.  0 (older modules) needs nothing new.
   * Took the place of reserved[0], a pointer-sized slot: the ABI is unchanged. */
  gsize       api_version;
  gpointer    reserved[6];
};

/*
 * Every module comes with a .plugin key file of the same name beside it
 * (kiela-rules.so + kiela-rules.plugin), read before any of its code runs:
 *
 *   [Plugin]
 *   Module=kiela-rules
 *   Id=kiela-rules
 *   Name=Kiela rules
 *   Description=...
 *   Version=0.1.0
 *   License=GPL-3.0-or-later
 *   ABI=1
 *   API=1
 *   Provides=variant:kiela;variant:kiela-beginner;ai:alphabeta;personality:amara;lesson:first-steps;
 *   Translation-Domain=kiela
 *
 * Module, Id, Name, ABI and API are required; Id and ABI must match what the
 * module's query function returns, and Provides must list exactly what its
 * register function adds.
 *
 * A module exports exactly these two symbols (KIELA_PLUGIN_DEFINE writes them):
 *
 *   const KielaPluginInfo *kiela_plugin_query (void);
 *   gboolean kiela_plugin_register (KielaRegistry *registry, GError **error);
 *
 * query must return a pointer to static data; register adds the module's
 * variants, AI algorithms, personalities and lessons, all static data too.
 */
#define KIELA_PLUGIN_QUERY_SYMBOL    "kiela_plugin_query"
#define KIELA_PLUGIN_REGISTER_SYMBOL "kiela_plugin_register"

typedef const KielaPluginInfo *(*KielaPluginQueryFunc) (void);

#define KIELA_PLUGIN_EXPORT G_MODULE_EXPORT

/*
 * Defines the two exported symbols of a module from its static KielaPluginInfo
 * and its register function:
 *
 *   static const KielaPluginInfo info = {
 *     .abi_version = KIELA_PLUGIN_ABI_VERSION,
 *     .api_version = KIELA_PLUGIN_API_VERSION,
 *     .id = "my-rules", ...
 *   };
 *   static gboolean my_register (KielaRegistry *registry, GError **error) { ... }
 *   KIELA_PLUGIN_DEFINE (info, my_register)
 */
#define KIELA_PLUGIN_DEFINE(info, register_func)                                          \
  KIELA_PLUGIN_EXPORT const KielaPluginInfo *kiela_plugin_query (void);                   \
  KIELA_PLUGIN_EXPORT gboolean kiela_plugin_register (KielaRegistry *registry,            \
                                                      GError       **error);              \
  const KielaPluginInfo *                                                                 \
  kiela_plugin_query (void)                                                               \
  {                                                                                       \
    return &(info);                                                                       \
  }                                                                                       \
  gboolean                                                                                \
  kiela_plugin_register (KielaRegistry *registry, GError **error)                         \
  {                                                                                       \
    return (register_func) (registry, error);                                             \
  }

G_END_DECLS
