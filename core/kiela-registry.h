/* kiela-registry.h: what plugins provide (variants, AI algorithms, personalities, lessons) and the module loader. */
#pragma once

#include <glib.h>
#include "kiela-types.h"
#include "kiela-ai.h"
#include "kiela-lesson.h"

G_BEGIN_DECLS

/* KielaLesson: see kiela-lesson.h. */

typedef enum {
  KIELA_PLUGIN_LOADED = 0,
  KIELA_PLUGIN_FAILED,      /* not loaded: see reason */
  KIELA_PLUGIN_FOUND,       /* its .plugin file was read, its code not loaded (kiela_registry_scan_default) */
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
  /* From the .plugin file beside the module (read before any code runs). */
  char            *info_path;   /* the .plugin file */
  char            *translation_domain;
  char           **provides;    /* "variant:kiela", "ai:alphabeta", ...; NULL-terminated, may be NULL */
  guint            abi_version;
  guint            api_version;
  /* TRUE when the module crashed the program while loading at an earlier start:
   * it is skipped until kiela_plugin_forget_crash() is called for its path. */
  gboolean         crashed;
} KielaPluginRecord;

KIELA_AVAILABLE_IN_ALL KielaRegistry *kiela_registry_new  (void);
KIELA_AVAILABLE_IN_ALL void           kiela_registry_free (KielaRegistry *registry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaRegistry, kiela_registry_free)

/* Registration (called from a plugin's register function).  A duplicate id, or
 * an invalid item, is an error; the loader then undoes the module's whole registration. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_registry_add_ai_algorithm (KielaRegistry *registry, const KielaAiAlgorithm *algorithm, GError **error);
KIELA_AVAILABLE_IN_ALL gboolean kiela_registry_add_personality  (KielaRegistry *registry, const KielaPersonality *personality, GError **error);
KIELA_AVAILABLE_IN_ALL gboolean kiela_registry_add_lesson       (KielaRegistry *registry, const KielaLesson *lesson, GError **error);

KIELA_AVAILABLE_IN_ALL const char *kiela_personality_get_character (const KielaPersonality *personality);
KIELA_AVAILABLE_IN_ALL const char *kiela_personality_get_level_name (const KielaPersonality *personality);

/* Lookup.  Arrays are owned by the registry; items keep registration order.  Variants:
 * see kiela-variant.h. */
KIELA_AVAILABLE_IN_ALL const KielaAiAlgorithm  *kiela_registry_lookup_ai_algorithm (KielaRegistry *registry, const char *id);
KIELA_AVAILABLE_IN_ALL GPtrArray               *kiela_registry_get_ai_algorithms   (KielaRegistry *registry);
KIELA_AVAILABLE_IN_ALL const KielaPersonality  *kiela_registry_lookup_personality  (KielaRegistry *registry, const char *id);
KIELA_AVAILABLE_IN_ALL GPtrArray               *kiela_registry_get_personalities   (KielaRegistry *registry);  /* sorted by level */
KIELA_AVAILABLE_IN_ALL const KielaLesson       *kiela_registry_lookup_lesson       (KielaRegistry *registry, const char *id);
KIELA_AVAILABLE_IN_ALL GPtrArray               *kiela_registry_get_lessons         (KielaRegistry *registry);

/* Module loading.  Each file is recorded (loaded, or failed with a reason); nothing aborts.
 * Personalities whose algorithm is unknown after loading are dropped by kiela_registry_finish_loading().
 *
 * A module is loaded only when its .plugin file (see kiela-plugin.h) is valid and
 * asks for this ABI and at most this API.  A module met for the first time (or changed)
 * is loaded in another process first, and skipped if that crashes.  While a module
 * loads, a marker naming it is kept in $XDG_STATE_HOME/kiela/plugin-guard: a marker
 * left by a start that crashed makes later starts skip that module ("crashed while
 * loading") until the user tries again (kiela_plugin_forget_crash) or the module file
 * changes. */
KIELA_AVAILABLE_IN_ALL void       kiela_registry_load_file          (KielaRegistry *registry, const char *path);
KIELA_AVAILABLE_IN_ALL void       kiela_registry_load_dir           (KielaRegistry *registry, const char *dir);
/* KIELA_PLUGIN_PATH (':'-separated), then <build tree>/plugins when the program runs
 * uninstalled (kiela_paths_init) or else the installed plugin dir, then
 * $XDG_DATA_HOME/kiela/plugins.  Calls finish_loading(). */
KIELA_AVAILABLE_IN_ALL void       kiela_registry_load_default       (KielaRegistry *registry);
KIELA_AVAILABLE_IN_ALL void       kiela_registry_finish_loading     (KielaRegistry *registry);
/* The same folders, reading only the .plugin files: one record per module, KIELA_PLUGIN_FOUND
 * or KIELA_PLUGIN_FAILED with the reason; no module code runs.  For listing plugins. */
KIELA_AVAILABLE_IN_ALL void       kiela_registry_scan_default       (KielaRegistry *registry);
/* Directories load_default() or scan_default() searched, in order. */
KIELA_AVAILABLE_IN_ALL GPtrArray *kiela_registry_get_search_dirs    (KielaRegistry *registry);
KIELA_AVAILABLE_IN_ALL GPtrArray *kiela_registry_get_plugins        (KielaRegistry *registry);   /* of KielaPluginRecord */
/* Register a built-in "module" (no file), e.g. for tests: the same contract as a file. */
typedef struct _KielaPluginInfo KielaPluginInfo;
typedef gboolean (*KielaPluginRegisterFunc) (KielaRegistry *registry, GError **error);
KIELA_AVAILABLE_IN_ALL void       kiela_registry_load_static        (KielaRegistry *registry, const KielaPluginInfo *info,
                                                                     KielaPluginRegisterFunc register_func);

/* Loads the module in another process (kiela-plugin-check, installed beside libkiela-core;
 * this process runs none of its code) and says what happened: NULL when it loaded and
 * registered, else the translated reason ("crashed with SIGSEGV while loading",
 * "registration failed: ...").  For kiela-cli plugins --check. */
KIELA_AVAILABLE_IN_ALL char      *kiela_plugin_check_module         (const char *module_path);
/* Removes the crash marker of a module, so the next start loads it again ("Try again"). */
KIELA_AVAILABLE_IN_ALL gboolean   kiela_plugin_forget_crash         (const char *module_path, GError **error);
/* The crash guard (on by default): markers while loading, and a module met for the first
 * time or changed since is first loaded in another process (kiela_plugin_check_module), so
 * a module that crashes is skipped with the reason before it can take the program down. */
KIELA_AVAILABLE_IN_ALL void       kiela_registry_set_crash_guard    (KielaRegistry *registry, gboolean guard);

G_END_DECLS
