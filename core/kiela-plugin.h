/* kiela-plugin.h: the public contract between Kiela and its plugin modules. */
#pragma once

#include "kiela-types.h"
#include "kiela-position.h"
#include "kiela-sow.h"
#include "kiela-ai.h"
#include "kiela-registry.h"

G_BEGIN_DECLS

/*
 * Bump when KielaPluginInfo, KielaVariant, KielaAiAlgorithm, KielaPersonality,
 * KielaLesson or the registration functions change incompatibly.  Structs keep
 * reserved pointers so fields can be added without a bump.
 */
#define KIELA_PLUGIN_ABI_VERSION 1

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
  gpointer    reserved[7];
};

/*
 * A module exports exactly these two symbols:
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

G_END_DECLS
