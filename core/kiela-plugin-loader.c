/* kiela-plugin-loader.c: loads plugin modules (checked, registered, matched with Provides) and variant files. */
#include "config.h"

#define _GNU_SOURCE 1
#include <dlfcn.h>

#include <string.h>
#include <gmodule.h>
#include <glib/gi18n-lib.h>

#include "kiela-registry-private.h"
#include "kiela-paths.h"
#include "kiela-variant.h"

/* ---- registration ---- */

static void
add_provided (GPtrArray *out, KielaItemList *list, guint owner, const char *kind)
{
  for (guint i = 0; i < list->items->len; i++)
    if (g_array_index (list->owners, guint, i) == owner)
      {
        /* Every item kind starts with its id. */
        const char *const *id = g_ptr_array_index (list->items, i);
        g_ptr_array_add (out, g_strconcat (kind, ":", *id, NULL));
      }
}

/* What a module registered, as Provides= entries. */
static GPtrArray *
registered_items (KielaRegistry *registry, guint owner)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  add_provided (out, &registry->variants, owner, "variant");
  add_provided (out, &registry->algorithms, owner, "ai");
  add_provided (out, &registry->personalities, owner, "personality");
  add_provided (out, &registry->lessons, owner, "lesson");
  return out;
}

/* NULL when the module registered exactly what its .plugin file promised. */
static char *
provides_problem (KielaRegistry *registry, KielaPluginRecord *r, guint owner)
{
  g_autoptr(GPtrArray) items = registered_items (registry, owner);
  const char *const *provides = (const char *const *) r->provides;

  for (guint i = 0; i < items->len; i++)
    if (provides == NULL || !g_strv_contains (provides, g_ptr_array_index (items, i)))
      return g_strdup_printf (_("it registered “%s”, which its .plugin file does not list in Provides"),
                              (const char *) g_ptr_array_index (items, i));
  for (guint i = 0; provides && provides[i]; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < items->len && !found; j++)
        found = g_str_equal (provides[i], g_ptr_array_index (items, j));
      if (!found)
        return g_strdup_printf (_("its .plugin file lists “%s” in Provides, but the module did not register it"),
                                provides[i]);
    }
  return NULL;
}

/* Runs a module's register step after checking its information; on any failure the
 * record says why.  `segments` is the module's memory (NULL for built-in modules). */
static gboolean
load_from_functions (KielaRegistry *registry, KielaPluginRecord *r, guint owner, const GArray *segments,
                     const KielaPluginInfo *info, KielaPluginRegisterFunc register_func)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *problem = kiela_plugin_info_problem (segments, info);
  KielaPluginRecord *other;

  if (problem)
    {
      kiela_plugin_record_fail (r, "%s", problem);
      return FALSE;
    }
  if (r->info_path && g_strcmp0 (r->id, info->id) != 0)
    {
      kiela_plugin_record_fail (r, _("its .plugin file says its id is “%s”, but the module says “%s”"),
                                r->id, info->id);
      return FALSE;
    }
  if (r->info_path == NULL)
    {
      /* Plugins are loaded after setlocale(): keep the texts in the user's language. */
      const char *domain = kiela_registry_domain (info->translation_domain);

      r->id = g_strdup (info->id);
      r->name = g_strdup (info->name ? g_dgettext (domain, info->name) : info->id);
      r->version = g_strdup (info->version ? info->version : "");
      r->description = g_strdup (info->description ? g_dgettext (domain, info->description) : "");
      r->license = g_strdup (info->license ? info->license : "");
    }

  other = kiela_registry_find_loaded_plugin (registry, info->id);
  if (other)
    {
      kiela_plugin_record_fail (r, _("duplicate plugin id “%s”: already loaded from %s"), info->id, other->path);
      return FALSE;
    }

  registry->current_owner = owner;
  registry->current_segments = segments;
  if (!register_func (registry, &error))
    {
      kiela_registry_remove_owner (registry, owner);
      registry->current_owner = G_MAXUINT;
      registry->current_segments = NULL;
      kiela_plugin_record_fail (r, _("registration failed: %s"),
                   error ? error->message : _("the register function failed without saying why"));
      return FALSE;
    }
  registry->current_owner = G_MAXUINT;
  registry->current_segments = NULL;
  if (r->info_path)
    {
      g_autofree char *mismatch = provides_problem (registry, r, owner);

      if (mismatch)
        {
          kiela_registry_remove_owner (registry, owner);
          kiela_plugin_record_fail (r, "%s", mismatch);
          return FALSE;
        }
    }
  r->state = KIELA_PLUGIN_LOADED;
  g_clear_pointer (&r->reason, g_free);
  kiela_registry_count_items (registry, r, owner);
  return TRUE;
}

void
kiela_registry_load_static (KielaRegistry *registry, const KielaPluginInfo *info,
                            KielaPluginRegisterFunc register_func)
{
  KielaPluginRecord *r = kiela_registry_new_record (registry, "(built-in)");

  load_from_functions (registry, r, registry->plugins->len - 1, NULL, info, register_func);
}

/* ---- loading one module ---- */

/* Everything decided without running the module's code: its .plugin file, the ABI
 * and API it asks for, a crash at an earlier start.  FALSE when the record failed. */
static gboolean
prepare_record (KielaRegistry *registry, KielaPluginRecord *r)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *first_reason = NULL;
  g_autofree char *info_base = NULL;
  KielaPluginRecord *other;

  r->info_path = kiela_plugin_info_path_for (r->path);
  info_base = g_path_get_basename (r->info_path);
  if (!g_file_test (r->info_path, G_FILE_TEST_EXISTS))
    {
      kiela_plugin_record_fail (r, _("it has no %s beside it: Kiela reads a plugin’s description before loading its code"),
                   info_base);
      return FALSE;
    }
  if (!kiela_plugin_read_info_file (r, &error))
    {
      g_clear_pointer (&r->id, g_free);
      kiela_plugin_record_fail (r, _("its %s is invalid: %s"), info_base, error->message);
      return FALSE;
    }
  if (r->abi_version != KIELA_PLUGIN_ABI_VERSION)
    {
      kiela_plugin_record_fail (r, _("it was built for plugin ABI version %u, but this Kiela uses version %u"),
                   r->abi_version, KIELA_PLUGIN_ABI_VERSION);
      return FALSE;
    }
  if (r->api_version > KIELA_PLUGIN_API_VERSION)
    {
      kiela_plugin_record_fail (r, _("it needs Kiela plugin API %u, this host has %u"),
                                r->api_version, KIELA_PLUGIN_API_VERSION);
      return FALSE;
    }
  other = kiela_registry_find_loaded_plugin (registry, r->id);
  if (other)
    {
      kiela_plugin_record_fail (r, _("duplicate plugin id “%s”: already loaded from %s"), r->id, other->path);
      return FALSE;
    }
  if (registry->crash_guard && kiela_plugin_guard_crashed_before (r->path, &first_reason))
    {
      r->crashed = TRUE;
      /* What the check found the first time ("did not finish loading within 10 seconds"), or,
       * when the module crashed a program itself, only that. */
      if (first_reason)
        kiela_plugin_record_fail (r, "%s", first_reason);
      else
        kiela_plugin_record_fail (r, _("crashed while loading"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
open_and_register (KielaRegistry *registry, KielaPluginRecord *r, guint owner)
{
  GModule *module;
  gpointer query_sym = NULL, register_sym = NULL;
  g_autoptr(GArray) segments = NULL;
  const KielaPluginInfo *info;

  /* Local binding keeps plugins' symbols apart; no lazy binding, so a module
   * with an unresolved symbol fails here instead of crashing later. */
  module = g_module_open (r->path, G_MODULE_BIND_LOCAL);
  if (module == NULL)
    {
      kiela_plugin_record_fail (r, _("not a loadable module: %s"), g_module_error ());
      return FALSE;
    }
  if (!g_module_symbol (module, KIELA_PLUGIN_QUERY_SYMBOL, &query_sym) || query_sym == NULL)
    {
      kiela_plugin_record_fail (r, _("it lacks the symbol %s"), KIELA_PLUGIN_QUERY_SYMBOL);
      g_module_close (module);
      return FALSE;
    }
  if (!g_module_symbol (module, KIELA_PLUGIN_REGISTER_SYMBOL, &register_sym) || register_sym == NULL)
    {
      kiela_plugin_record_fail (r, _("it lacks the symbol %s"), KIELA_PLUGIN_REGISTER_SYMBOL);
      g_module_close (module);
      return FALSE;
    }
  segments = kiela_module_segments (query_sym);
  if (segments == NULL)
    {
      kiela_plugin_record_fail (r, _("its query function lies outside the module"));
      g_module_close (module);
      return FALSE;
    }

  info = ((KielaPluginQueryFunc) query_sym) ();
  if (!load_from_functions (registry, r, owner, segments, info, (KielaPluginRegisterFunc) register_sym))
    {
      g_module_close (module);
      return FALSE;
    }
  /* Registered items point into the module's static data: never unload it. */
  g_module_make_resident (module);
  return TRUE;
}

void
kiela_registry_load_file (KielaRegistry *registry, const char *path)
{
  KielaPluginRecord *r;
  guint owner;
  g_autofree char *problem = NULL;

  g_return_if_fail (registry != NULL && path != NULL);

  r = kiela_registry_new_record (registry, path);
  owner = registry->plugins->len - 1;

  if (!g_module_supported ())
    {
      kiela_plugin_record_fail (r, _("this system cannot load modules"));
      return;
    }
  if (!prepare_record (registry, r))
    return;
  problem = kiela_plugin_module_file_problem (path);
  if (problem != NULL)
    {
      kiela_plugin_record_fail (r, _("not a loadable module: %s"), problem);
      return;
    }
  /* A module met for the first time (or changed since) is loaded once in another
   * process first: damage that crashes dlopen() or the module's code (random
   * bytes in a module did, in 114 of 400 tries) then takes only that process. */
  if (registry->crash_guard && !kiela_plugin_guard_verified (path))
    {
      KielaGuardResult *checked = registry->check_results ? g_hash_table_lookup (registry->check_results, path) : NULL;
      gboolean crashed;
      g_autofree char *reason = NULL;

      /* Checked already, with the other modules of the folder, or alone now. */
      if (checked)
        {
          reason = g_steal_pointer (&checked->reason);
          crashed = checked->crashed;
          if (checked->out_of_budget)
            {
              /* Not its fault: no marker, it is checked again at the next start. */
              kiela_plugin_record_fail (r, "%s", reason);
              return;
            }
        }
      else
        reason = kiela_plugin_guard_check (path, &crashed);
      if (crashed)
        {
          kiela_plugin_guard_mark_crashed (path, reason);
          r->crashed = TRUE;
          kiela_plugin_record_fail (r, "%s", reason);
          return;
        }
      kiela_plugin_guard_set_verified (path);
    }
  /* From here on the module's code runs (constructors, query, register): if it
   * crashes the program anyway, the marker tells the next start to skip it. */
  if (registry->crash_guard)
    kiela_plugin_guard_mark_loading (path);
  open_and_register (registry, r, owner);
  if (registry->crash_guard)
    kiela_plugin_guard_unmark (path);
}

/* Modules (*.so) and descriptions (*.plugin) of a folder tree, sorted. */
static void
collect_plugin_files (const char *dir, guint depth, GPtrArray *modules, GPtrArray *descriptions)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, n, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          /* Never follow a linked folder: a link to "." or a loop would list
           * the same modules again and again. */
          if (depth > 0 && n[0] != '.' && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
            collect_plugin_files (path, depth - 1, modules, descriptions);
        }
      else if (g_str_has_suffix (n, "." G_MODULE_SUFFIX))
        g_ptr_array_add (modules, g_steal_pointer (&path));
      else if (g_str_has_suffix (n, ".plugin"))
        g_ptr_array_add (descriptions, g_steal_pointer (&path));
    }
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char **) a, *(const char **) b);
}

/* Runs `each` on every module of the folder, and records a .plugin file whose module is missing. */
static void
for_each_module (KielaRegistry *registry, const char *dir, void (*each) (KielaRegistry *, const char *))
{
  g_autoptr(GPtrArray) modules = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) descriptions = g_ptr_array_new_with_free_func (g_free);

  collect_plugin_files (dir, 3, modules, descriptions);
  g_ptr_array_sort (modules, compare_strings);
  g_ptr_array_sort (descriptions, compare_strings);
  for (guint i = 0; i < modules->len; i++)
    each (registry, g_ptr_array_index (modules, i));
  for (guint i = 0; i < descriptions->len; i++)
    {
      const char *info = g_ptr_array_index (descriptions, i);
      g_autofree char *stem = g_strndup (info, strlen (info) - strlen (".plugin"));
      g_autofree char *module = g_strconcat (stem, "." G_MODULE_SUFFIX, NULL);

      if (!g_file_test (module, G_FILE_TEST_EXISTS))
        {
          g_autofree char *base = g_path_get_basename (module);
          KielaPluginRecord *r = kiela_registry_new_record (registry, info);

          r->info_path = g_strdup (info);
          kiela_plugin_record_fail (r, _("its module %s is missing"), base);
        }
    }
}

/* Would kiela_registry_load_file() check `path` in another process first? */
static gboolean
needs_check (KielaRegistry *registry, const char *path)
{
  g_autofree char *info = kiela_plugin_info_path_for (path);
  g_autofree char *problem = NULL;

  if (!g_file_test (info, G_FILE_TEST_EXISTS) || kiela_plugin_guard_verified (path)
      || kiela_plugin_guard_crashed_before (path, NULL))
    return FALSE;
  problem = kiela_plugin_module_file_problem (path);
  return problem == NULL;
}

/* The modules of `dir` met for the first time are checked all at once (a few processes in
 * parallel), within what is left of the start's budget: three modules that took 9 s each
 * to load made every first start take 27 s. */
static void
check_new_modules (KielaRegistry *registry, const char *dir)
{
  g_autoptr(GPtrArray) modules = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) descriptions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) pending = g_ptr_array_new ();
  gint64 deadline = registry->check_deadline;

  g_clear_pointer (&registry->check_results, g_hash_table_unref);
  if (!registry->crash_guard || !g_module_supported ())
    return;
  collect_plugin_files (dir, 3, modules, descriptions);
  for (guint i = 0; i < modules->len; i++)
    if (needs_check (registry, g_ptr_array_index (modules, i)))
      g_ptr_array_add (pending, g_ptr_array_index (modules, i));
  if (pending->len == 0)
    return;
  if (deadline == 0)
    deadline = g_get_monotonic_time () + (gint64) registry->check_budget_ms * 1000;
  registry->check_results = kiela_plugin_guard_check_many (pending, registry->check_timeout_ms, deadline,
                                                           registry->check_budget_ms);
}

void
kiela_registry_load_dir (KielaRegistry *registry, const char *dir)
{
  g_return_if_fail (registry != NULL && dir != NULL);

  check_new_modules (registry, dir);
  for_each_module (registry, dir, kiela_registry_load_file);
  g_clear_pointer (&registry->check_results, g_hash_table_unref);
}

/* The installed plugin folder sits next to libkiela-core (<libdir>/kiela/plugins):
 * find it from the library's own location so an installed tree can be moved. */
static char *
installed_plugin_dir (void)
{
  Dl_info info;

  if (dladdr ((const void *) kiela_registry_new, &info) && info.dli_fname && g_path_is_absolute (info.dli_fname))
    {
      g_autofree char *raw = g_path_get_dirname (info.dli_fname);
      g_autofree char *dir = g_canonicalize_filename (raw, NULL);
      char *plugins = g_build_filename (dir, "plugins", NULL);

      if (g_file_test (plugins, G_FILE_TEST_IS_DIR))
        return plugins;
      g_free (plugins);
    }
  return g_strdup (KIELA_PLUGINDIR);
}

static void
set_default_search_dirs (KielaRegistry *registry)
{
  const char *env = g_getenv ("KIELA_PLUGIN_PATH");
  const char *build_root = kiela_paths_get_build_root ();

  g_ptr_array_set_size (registry->search_dirs, 0);
  if (env && *env)
    {
      g_auto(GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);
      for (guint i = 0; parts[i]; i++)
        if (parts[i][0])
          g_ptr_array_add (registry->search_dirs, g_strdup (parts[i]));
    }
  if (build_root)
    g_ptr_array_add (registry->search_dirs, g_build_filename (build_root, "plugins", NULL));
  else
    g_ptr_array_add (registry->search_dirs, installed_plugin_dir ());
  g_ptr_array_add (registry->search_dirs, g_build_filename (g_get_user_data_dir (), "kiela", "plugins", NULL));
}

void
kiela_registry_load_default (KielaRegistry *registry)
{
  set_default_search_dirs (registry);
  /* One budget for the checks of every folder of this start. */
  registry->check_deadline = g_get_monotonic_time () + (gint64) registry->check_budget_ms * 1000;
  for (guint i = 0; i < registry->search_dirs->len; i++)
    kiela_registry_load_dir (registry, g_ptr_array_index (registry->search_dirs, i));
  registry->check_deadline = 0;
  kiela_registry_load_variant_files (registry);
  kiela_registry_finish_loading (registry);
}

/* ---- variant files: the parametric rules, read by the engine itself (no module code) ---- */

/* The record of a variant file names its variant and what it provides. */
static void
describe_variant_record (KielaPluginRecord *r, const KielaVariant *v)
{
  r->id = g_strdup_printf ("variant-file-%s", v->id);
  r->name = g_strdup (kiela_variant_get_name (v));
  r->description = g_strdup (kiela_variant_get_description (v));
  r->translation_domain = g_strdup (v->translation_domain);
  r->provides = g_new0 (char *, 2);
  r->provides[0] = g_strdup_printf ("variant:%s", v->id);
}

static void
variant_file_record (KielaRegistry *registry, const char *path, gboolean add)
{
  KielaPluginRecord *r = kiela_registry_new_record (registry, path);
  guint owner = registry->plugins->len - 1;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_file (path, &error);
  const KielaVariant *v;

  r->version = g_strdup ("");
  r->license = g_strdup ("");
  if (file == NULL)
    {
      r->name = g_filename_display_basename (path);
      r->description = g_strdup ("");
      kiela_plugin_record_fail (r, "%s", error->message);
      return;
    }
  v = kiela_variant_file_get_variant (file);
  describe_variant_record (r, v);
  if (!add)
    {
      /* Listing only (kiela_registry_scan_default): read and checked, nothing registered. */
      g_clear_pointer (&r->reason, g_free);
      r->state = KIELA_PLUGIN_FOUND;
      r->n_variants = 1;
      return;
    }
  if (kiela_registry_lookup_variant (registry, v->id))
    {
      kiela_plugin_record_fail (r, _("duplicate variant id “%s”: another plugin or file already provides it"), v->id);
      return;
    }
  kiela_item_list_add (&registry->variants, v, owner);
  g_ptr_array_add (registry->variant_files, g_steal_pointer (&file));
  r->state = KIELA_PLUGIN_LOADED;
  kiela_registry_count_items (registry, r, owner);
}

const KielaVariant *
kiela_registry_add_variant_file (KielaRegistry *registry, KielaVariantFile *file, GError **error)
{
  const KielaVariant *v;
  KielaPluginRecord *r;
  guint owner;

  g_return_val_if_fail (registry != NULL, NULL);
  g_return_val_if_fail (file != NULL, NULL);

  v = kiela_variant_file_get_variant (file);
  if (kiela_registry_lookup_variant (registry, v->id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("duplicate variant id “%s”: another plugin or file already provides it"), v->id);
      return NULL;
    }
  /* A record as for a file found at start-up, so Preferences → Plugins lists it too. */
  r = kiela_registry_new_record (registry, kiela_variant_file_get_path (file) ? kiela_variant_file_get_path (file) : v->id);
  owner = registry->plugins->len - 1;
  r->version = g_strdup ("");
  r->license = g_strdup ("");
  describe_variant_record (r, v);
  kiela_item_list_add (&registry->variants, v, owner);
  g_ptr_array_add (registry->variant_files, file);
  r->state = KIELA_PLUGIN_LOADED;
  kiela_registry_count_items (registry, r, owner);
  return v;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
variant_files (KielaRegistry *registry, gboolean add)
{
  g_autoptr(GPtrArray) dirs = kiela_variant_file_dup_search_dirs ();

  for (guint i = 0; i < dirs->len; i++)
    {
      g_autoptr(GDir) dir = g_dir_open (g_ptr_array_index (dirs, i), 0, NULL);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      while (dir && (name = g_dir_read_name (dir)))
        if (g_str_has_suffix (name, KIELA_VARIANT_FILE_SUFFIX))
          g_ptr_array_add (names, g_build_filename (g_ptr_array_index (dirs, i), name, NULL));
      g_ptr_array_sort (names, compare_names);
      for (guint j = 0; j < names->len; j++)
        variant_file_record (registry, g_ptr_array_index (names, j), add);
    }
}

void
kiela_registry_load_variant_files (KielaRegistry *registry)
{
  variant_files (registry, TRUE);
}

static void
scan_file (KielaRegistry *registry, const char *path)
{
  KielaPluginRecord *r = kiela_registry_new_record (registry, path);

  if (prepare_record (registry, r))
    r->state = KIELA_PLUGIN_FOUND;
}

void
kiela_registry_scan_default (KielaRegistry *registry)
{
  set_default_search_dirs (registry);
  for (guint i = 0; i < registry->search_dirs->len; i++)
    for_each_module (registry, g_ptr_array_index (registry->search_dirs, i), scan_file);
  /* Variant files too, each with its error if any. */
  variant_files (registry, FALSE);
}
