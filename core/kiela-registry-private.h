/* kiela-registry-private.h: what the registry, the loader, .plugin files, module memory and the guard share. */

/* Not installed: the registry's own files only. */
#pragma once

#include "kiela-plugin.h"
#include "kiela-registry.h"

G_BEGIN_DECLS

/* Items of one kind, each remembering which module registered it, so a
 * module that fails half-way (or later) can be removed as a whole. */
typedef struct {
  GPtrArray *items;   /* borrowed pointers to static plugin data */
  GArray    *owners;  /* guint: index into registry->plugins */
} KielaItemList;

struct _KielaRegistry {
  KielaItemList variants;
  KielaItemList algorithms;
  KielaItemList personalities;
  KielaItemList lessons;
  GHashTable *checked_lessons;  /* lessons kiela_lesson_validate() passed (their variant was known) */
  GPtrArray *plugins;      /* KielaPluginRecord* */
  GPtrArray *search_dirs;  /* char* */
  GPtrArray *sorted_personalities;
  guint      current_owner;
  const GArray *current_segments;  /* the registering module's memory, NULL for built-in modules */
  gboolean   crash_guard;  /* markers and first-load checks (off in kiela-plugin-check itself) */
  guint      check_timeout_ms;  /* KIELA_PLUGIN_CHECK_TIMEOUT_MS (tests change them) */
  guint      check_budget_ms;   /* KIELA_PLUGIN_CHECK_BUDGET_MS */
  gint64     check_deadline;    /* of the start under way (kiela_registry_load_default), 0 outside */
  GHashTable *check_results;    /* path → KielaGuardResult * of the folder being loaded */
  GPtrArray *variant_files;  /* KielaVariantFile*: the variants read from files live here */
  GPtrArray *lesson_files;   /* KielaLessonFile*: the lessons read from files live here */
  GHashTable *lesson_sources; /* KielaLesson* -> the KielaLessonFile* it was read from */
};

/* kiela-registry.c: items and records */
void               kiela_item_list_add                (KielaItemList *l, gconstpointer item, guint owner);
/* Lower-case letters, digits, '-' and '_', at most 64 bytes. */
gboolean           kiela_registry_valid_id            (const char *id);
/* The gettext domain of a plugin's texts: its own, else Kiela's. */
const char        *kiela_registry_domain              (const char *domain);
/* A new record (FAILED until it loads) appended to registry->plugins: its owner number is len - 1. */
KielaPluginRecord *kiela_registry_new_record          (KielaRegistry *registry, const char *path);
void               kiela_plugin_record_fail           (KielaPluginRecord *r, const char *fmt, ...) G_GNUC_PRINTF (2, 3);
KielaPluginRecord *kiela_registry_find_loaded_plugin  (KielaRegistry *registry, const char *id);
void               kiela_registry_remove_owner        (KielaRegistry *registry, guint owner);
void               kiela_registry_count_items         (KielaRegistry *registry, KielaPluginRecord *r, guint owner);

/* kiela-lesson-file.c: why a lesson of `file` cannot be kept now that every module is
 * loaded (FILE:LINE form), or NULL. */
typedef struct _KielaLessonFile KielaLessonFile;
char              *kiela_lesson_file_problem          (KielaRegistry *registry, KielaLessonFile *file,
                                                       const KielaLesson *lesson);

/* kiela-plugin-memory.c: what a loaded module hands over lies inside it */
/* The readable segments of the module holding `symbol`; NULL when the dynamic loader knows none. */
GArray            *kiela_module_segments              (gconstpointer symbol);
/* The plugin information a module returned: NULL when usable, else why not. */
char              *kiela_plugin_info_problem          (const GArray *segments, const KielaPluginInfo *info);
/* An item (`kind` in English: variant, AI algorithm, ...) lies inside the module; TRUE without segments. */
gboolean           kiela_module_holds_item            (const GArray *segments, gconstpointer item, gsize size,
                                                       const char *kind, GError **error);
/* Its texts (named by `fields`) and functions lie inside the module; TRUE without segments. */
gboolean           kiela_module_holds_fields          (const GArray *segments, const char *kind,
                                                       const char *const *texts, const char *const *fields, guint n_texts,
                                                       const gconstpointer *functions, guint n_functions, GError **error);

/* kiela-plugin-file.c: files read before any module code runs */
/* NULL when the file may be handed to dlopen(), else why not. */
char              *kiela_plugin_module_file_problem   (const char *path);
/* kiela-rules.so -> kiela-rules.plugin, beside it. */
char              *kiela_plugin_info_path_for         (const char *module_path);
/* A regular file of at most 64 KiB, NUL-terminated. */
gboolean           kiela_plugin_read_small_file       (const char *path, char **contents, gsize *length, GError **error);
/* Fills the record from its .plugin file (r->info_path). */
gboolean           kiela_plugin_read_info_file        (KielaPluginRecord *r, GError **error);

/* kiela-plugin-guard.c: markers around loading, and the check in a child process */
gboolean           kiela_plugin_guard_crashed_before  (const char *module_path, char **reason);
void               kiela_plugin_guard_mark_loading    (const char *module_path);
/* `reason`: what the check found, said again at the next starts. */
void               kiela_plugin_guard_mark_crashed    (const char *module_path, const char *reason);
void               kiela_plugin_guard_unmark          (const char *module_path);
gboolean           kiela_plugin_guard_verified        (const char *module_path);
void               kiela_plugin_guard_set_verified    (const char *module_path);
/* NULL when the module loaded in kiela-plugin-check, else why not; *crashed when that process died or hung. */
char              *kiela_plugin_guard_check           (const char *module_path, gboolean *crashed);

/* How long one module may take to load in the check (one that never returns from dlopen()
 * would hang every start), how long the checks of one start may take together, and how many
 * run at once. */
#define KIELA_PLUGIN_CHECK_TIMEOUT_MS (10 * 1000)
#define KIELA_PLUGIN_CHECK_BUDGET_MS  (20 * 1000)
#define KIELA_PLUGIN_CHECK_PARALLEL   4

typedef struct {
  char    *reason;         /* NULL: it loaded */
  gboolean crashed;        /* the check died or hung: skip the module until it changes */
  gboolean out_of_budget;  /* not checked (or stopped) for lack of time: skipped this start only */
} KielaGuardResult;
void        kiela_guard_result_free        (KielaGuardResult *result);
/* Checks the modules of `paths` (char *) at once: path → KielaGuardResult *. */
GHashTable *kiela_plugin_guard_check_many  (GPtrArray *paths, guint timeout_ms, gint64 budget_deadline, guint budget_ms);

G_END_DECLS
