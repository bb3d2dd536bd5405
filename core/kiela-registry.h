/* kiela-registry.h: what plugins provide (variants, AI algorithms, personalities, lessons) and the module loader. */
#pragma once

#include <glib.h>
#include "kiela-types.h"
#include "kiela-ai.h"

G_BEGIN_DECLS

typedef struct _KielaRegistry KielaRegistry;

/* A tutorial lesson (filled in by the lessons issue; the struct reserves room to grow). */
typedef struct {
  const char *id;
  const char *title;        /* N_() */
  const char *summary;      /* N_() */
  const char *variant;      /* variant id the lesson plays on */
  guint       order;        /* position in the course */
  const char *translation_domain;
  gconstpointer data;       /* lesson-specific steps, interpreted by the lessons engine */
  gpointer    reserved[8];
} KielaLesson;

typedef enum {
  KIELA_PLUGIN_LOADED = 0,
  KIELA_PLUGIN_FAILED,      /* not loaded: see reason */
} KielaPluginState;

/* What the loader knows of one module file. */
typedef struct {
  char            *path;
  char            *id;          /* NULL when the module could not be queried */
  char            *name;
  char            *version;
  char            *description;
  char            *license;
  KielaPluginState state;
  char            *reason;      /* why it failed, NULL when loaded */
  guint            n_variants;
  guint            n_algorithms;
  guint            n_personalities;
  guint            n_lessons;
} KielaPluginRecord;

KIELA_AVAILABLE_IN_ALL
KielaRegistry *kiela_registry_new  (void);
KIELA_AVAILABLE_IN_ALL
void           kiela_registry_free (KielaRegistry *registry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaRegistry, kiela_registry_free)

/* Registration (called from a plugin's register function).  A duplicate id, or
 * an invalid item, is an error; the loader then undoes the module's whole registration. */
KIELA_AVAILABLE_IN_ALL
gboolean kiela_registry_add_variant      (KielaRegistry *registry, const KielaVariant *variant, GError **error);
KIELA_AVAILABLE_IN_ALL
gboolean kiela_registry_add_ai_algorithm (KielaRegistry *registry, const KielaAiAlgorithm *algorithm, GError **error);
KIELA_AVAILABLE_IN_ALL
gboolean kiela_registry_add_personality  (KielaRegistry *registry, const KielaPersonality *personality, GError **error);
KIELA_AVAILABLE_IN_ALL
gboolean kiela_registry_add_lesson       (KielaRegistry *registry, const KielaLesson *lesson, GError **error);

/* Checks a variant's parameters (file count, start position, lap limit, ...). */
KIELA_AVAILABLE_IN_ALL
gboolean kiela_variant_validate (const KielaVariant *variant, GError **error);
/* The variant's name/description translated in its own domain. */
KIELA_AVAILABLE_IN_ALL
const char *kiela_variant_get_name        (const KielaVariant *variant);
KIELA_AVAILABLE_IN_ALL
const char *kiela_variant_get_description (const KielaVariant *variant);
KIELA_AVAILABLE_IN_ALL
const char *kiela_variant_get_level       (const KielaVariant *variant);
KIELA_AVAILABLE_IN_ALL
const char *kiela_personality_get_character (const KielaPersonality *personality);
KIELA_AVAILABLE_IN_ALL
const char *kiela_personality_get_level_name (const KielaPersonality *personality);

/* Lookup.  Arrays are owned by the registry; items keep registration order
 * (variants: default variant first). */
KIELA_AVAILABLE_IN_ALL
const KielaVariant      *kiela_registry_lookup_variant      (KielaRegistry *registry, const char *id);
KIELA_AVAILABLE_IN_ALL
const KielaVariant      *kiela_registry_get_default_variant (KielaRegistry *registry);
KIELA_AVAILABLE_IN_ALL
GPtrArray               *kiela_registry_get_variants        (KielaRegistry *registry);
KIELA_AVAILABLE_IN_ALL
const KielaAiAlgorithm  *kiela_registry_lookup_ai_algorithm (KielaRegistry *registry, const char *id);
KIELA_AVAILABLE_IN_ALL
GPtrArray               *kiela_registry_get_ai_algorithms   (KielaRegistry *registry);
KIELA_AVAILABLE_IN_ALL
const KielaPersonality  *kiela_registry_lookup_personality  (KielaRegistry *registry, const char *id);
KIELA_AVAILABLE_IN_ALL
GPtrArray               *kiela_registry_get_personalities   (KielaRegistry *registry);  /* sorted by level */
KIELA_AVAILABLE_IN_ALL
const KielaLesson       *kiela_registry_lookup_lesson       (KielaRegistry *registry, const char *id);
KIELA_AVAILABLE_IN_ALL
GPtrArray               *kiela_registry_get_lessons         (KielaRegistry *registry);

/* Module loading.  Each file is recorded (loaded, or failed with a reason); nothing aborts.
 * Personalities whose algorithm is unknown after loading are dropped by kiela_registry_finish_loading(). */
KIELA_AVAILABLE_IN_ALL
void       kiela_registry_load_file          (KielaRegistry *registry, const char *path);
KIELA_AVAILABLE_IN_ALL
void       kiela_registry_load_dir           (KielaRegistry *registry, const char *dir);
/* KIELA_PLUGIN_PATH (':'-separated), then the build tree when run uninstalled or else the
 * installed plugin dir, then $XDG_DATA_HOME/kiela/plugins.  Calls finish_loading(). */
KIELA_AVAILABLE_IN_ALL
void       kiela_registry_load_default       (KielaRegistry *registry);
KIELA_AVAILABLE_IN_ALL
void       kiela_registry_finish_loading     (KielaRegistry *registry);
/* Directories load_default() searched, in order. */
KIELA_AVAILABLE_IN_ALL
GPtrArray *kiela_registry_get_search_dirs    (KielaRegistry *registry);
KIELA_AVAILABLE_IN_ALL
GPtrArray *kiela_registry_get_plugins        (KielaRegistry *registry);   /* of KielaPluginRecord */
/* Register a built-in "module" (no file), e.g. for tests: the same contract as a file. */
typedef struct _KielaPluginInfo KielaPluginInfo;
typedef gboolean (*KielaPluginRegisterFunc) (KielaRegistry *registry, GError **error);
KIELA_AVAILABLE_IN_ALL
void       kiela_registry_load_static        (KielaRegistry *registry, const KielaPluginInfo *info,
                                              KielaPluginRegisterFunc register_func);

G_END_DECLS
