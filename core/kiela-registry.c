/* kiela-registry.c: the registry of variants, AI algorithms, personalities and lessons, and the GModule loader. */
#include "config.h"

#define _GNU_SOURCE 1
#include <dlfcn.h>

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gmodule.h>
#include <glib/gi18n-lib.h>

#include "kiela-plugin.h"
#include "kiela-position.h"
#include "kiela-paths.h"

/* Items of one kind, each remembering which module registered it, so a
 * module that fails half-way (or later) can be removed as a whole. */
typedef struct {
  GPtrArray *items;   /* borrowed pointers to static plugin data */
  GArray    *owners;  /* guint: index into registry->plugins */
} ItemList;

struct _KielaRegistry {
  ItemList   variants;
  ItemList   algorithms;
  ItemList   personalities;
  ItemList   lessons;
  GPtrArray *plugins;      /* KielaPluginRecord* */
  GPtrArray *search_dirs;  /* char* */
  GPtrArray *sorted_personalities;
  guint      current_owner;
};

static void
item_list_init (ItemList *l)
{
  l->items = g_ptr_array_new ();
  l->owners = g_array_new (FALSE, FALSE, sizeof (guint));
}

static void
item_list_clear (ItemList *l)
{
  g_ptr_array_unref (l->items);
  g_array_unref (l->owners);
}

static void
item_list_add (ItemList *l, gconstpointer item, guint owner)
{
  g_ptr_array_add (l->items, (gpointer) item);
  g_array_append_val (l->owners, owner);
}

static void
item_list_remove_owner (ItemList *l, guint owner)
{
  for (guint i = l->items->len; i > 0; i--)
    if (g_array_index (l->owners, guint, i - 1) == owner)
      {
        g_ptr_array_remove_index (l->items, i - 1);
        g_array_remove_index (l->owners, i - 1);
      }
}

static guint
item_list_count_owner (ItemList *l, guint owner)
{
  guint n = 0;

  for (guint i = 0; i < l->owners->len; i++)
    if (g_array_index (l->owners, guint, i) == owner)
      n++;
  return n;
}

static void
plugin_record_free (gpointer data)
{
  KielaPluginRecord *r = data;

  g_free (r->path);
  g_free (r->id);
  g_free (r->name);
  g_free (r->version);
  g_free (r->description);
  g_free (r->license);
  g_free (r->reason);
  g_free (r);
}

KielaRegistry *
kiela_registry_new (void)
{
  KielaRegistry *r = g_new0 (KielaRegistry, 1);

  item_list_init (&r->variants);
  item_list_init (&r->algorithms);
  item_list_init (&r->personalities);
  item_list_init (&r->lessons);
  r->plugins = g_ptr_array_new_with_free_func (plugin_record_free);
  r->search_dirs = g_ptr_array_new_with_free_func (g_free);
  r->sorted_personalities = g_ptr_array_new ();
  r->current_owner = G_MAXUINT;
  return r;
}

void
kiela_registry_free (KielaRegistry *registry)
{
  if (registry == NULL)
    return;
  item_list_clear (&registry->variants);
  item_list_clear (&registry->algorithms);
  item_list_clear (&registry->personalities);
  item_list_clear (&registry->lessons);
  g_ptr_array_unref (registry->plugins);
  g_ptr_array_unref (registry->search_dirs);
  g_ptr_array_unref (registry->sorted_personalities);
  g_free (registry);
}

static gboolean
valid_id (const char *id)
{
  if (id == NULL || id[0] == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
      return FALSE;
  return TRUE;
}

static const char *
domain_of (const char *domain)
{
  return domain ? domain : GETTEXT_PACKAGE;
}

const char *
kiela_variant_get_name (const KielaVariant *variant)
{
  return variant->name ? g_dgettext (domain_of (variant->translation_domain), variant->name) : variant->id;
}

/* Level words are marked NC_("variant level", …) and NC_("AI level", …) because one English
 * word ("Beginner", "Expert") needs a different form per kind in gendered languages; a plugin
 * that marks them with plain N_() still gets its context-free translation. */
static const char *
level_gettext (const char *domain, const char *context, const char *msgid)
{
  const char *s = g_dpgettext2 (domain_of (domain), context, msgid);

  return s != msgid ? s : g_dgettext (domain_of (domain), msgid);
}

const char *
kiela_variant_get_description (const KielaVariant *variant)
{
  return variant->description ? g_dgettext (domain_of (variant->translation_domain), variant->description) : "";
}

const char *
kiela_variant_get_level (const KielaVariant *variant)
{
  return variant->level ? level_gettext (variant->translation_domain, "variant level", variant->level) : NULL;
}

const char *
kiela_personality_get_character (const KielaPersonality *p)
{
  return p->character ? g_dgettext (domain_of (p->translation_domain), p->character) : "";
}

const char *
kiela_personality_get_level_name (const KielaPersonality *p)
{
  return p->level_name ? level_gettext (p->translation_domain, "AI level", p->level_name) : "";
}

gboolean
kiela_variant_validate (const KielaVariant *v, GError **error)
{
  const char *id = v && v->id ? v->id : "(no id)";
  guint totals[2] = { 0, 0 };

  if (v == NULL || !valid_id (v->id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                   _("Variant id “%s” is invalid: use lower-case letters, digits and “-”"), id);
      return FALSE;
    }
  if (v->name == NULL || v->name[0] == '\0')
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT, _("Variant “%s” has no name"), id);
      return FALSE;
    }
  if (v->files < KIELA_MIN_FILES || v->files > KIELA_MAX_FILES)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                   _("Variant “%s” has %u files, a board has %d to %d"),
                   id, v->files, KIELA_MIN_FILES, KIELA_MAX_FILES);
      return FALSE;
    }
  if (v->min_sow < 1)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                   _("Variant “%s”: the smallest hand to sow must be at least 1"), id);
      return FALSE;
    }
  if (v->lap_limit < 1)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT, _("Variant “%s”: the lap limit must be at least 1"), id);
      return FALSE;
    }
  if ((guint) v->capture_rule > KIELA_CAPTURE_OCCUPIED_INNER_BOTH ||
      (guint) v->captured_fate > KIELA_CAPTURED_REMOVED ||
      (guint) v->relay_rule > KIELA_RELAY_NEVER ||
      (guint) v->endless_policy > KIELA_ENDLESS_LOSES)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT, _("Variant “%s” names an unknown rule"), id);
      return FALSE;
    }
  for (guint s = 0; s < 2; s++)
    for (guint h = 0; h < KIELA_MAX_HOUSES; h++)
      {
        if (h >= 2u * v->files && v->start[s][h] != 0)
          {
            g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                         _("Variant “%s”: the start position puts stones in house %u, past the board’s %u houses a side"),
                         id, h, 2u * v->files);
            return FALSE;
          }
        totals[s] += v->start[s][h];
      }
  if (totals[0] == 0 || totals[1] == 0)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                   _("Variant “%s”: each side needs stones in the start position"), id);
      return FALSE;
    }
  if (totals[0] + totals[1] > 60000)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT, _("Variant “%s” has too many stones"), id);
      return FALSE;
    }
  return TRUE;
}

gboolean
kiela_registry_add_variant (KielaRegistry *registry, const KielaVariant *variant, GError **error)
{
  g_return_val_if_fail (registry != NULL, FALSE);

  if (!kiela_variant_validate (variant, error))
    return FALSE;
  if (kiela_registry_lookup_variant (registry, variant->id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("duplicate variant id “%s”: another plugin already provides it"), variant->id);
      return FALSE;
    }
  item_list_add (&registry->variants, variant, registry->current_owner);
  return TRUE;
}

gboolean
kiela_registry_add_ai_algorithm (KielaRegistry *registry, const KielaAiAlgorithm *algorithm, GError **error)
{
  g_return_val_if_fail (registry != NULL, FALSE);

  if (algorithm == NULL || !valid_id (algorithm->id) || algorithm->think == NULL)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("AI algorithm “%s” is invalid: it needs an id and a think function"),
                   algorithm && algorithm->id ? algorithm->id : "(no id)");
      return FALSE;
    }
  if (kiela_registry_lookup_ai_algorithm (registry, algorithm->id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("duplicate AI algorithm id “%s”: another plugin already provides it"), algorithm->id);
      return FALSE;
    }
  item_list_add (&registry->algorithms, algorithm, registry->current_owner);
  return TRUE;
}

gboolean
kiela_registry_add_personality (KielaRegistry *registry, const KielaPersonality *p, GError **error)
{
  g_autoptr(GHashTable) settings = NULL;
  const KielaAiAlgorithm *algo;

  g_return_val_if_fail (registry != NULL, FALSE);

  if (p == NULL || !valid_id (p->id) || p->name == NULL || p->algorithm == NULL)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("AI personality “%s” is invalid: it needs an id, a name and an algorithm"),
                   p && p->id ? p->id : "(no id)");
      return FALSE;
    }
  if (kiela_registry_lookup_personality (registry, p->id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("duplicate AI personality id “%s”: another plugin already provides it"), p->id);
      return FALSE;
    }
  settings = kiela_ai_parse_settings (p->settings, error);
  if (settings == NULL)
    return FALSE;
  /* An algorithm from a module loaded later is checked by finish_loading(). */
  algo = kiela_registry_lookup_ai_algorithm (registry, p->algorithm);
  if (algo && algo->check_settings && !algo->check_settings (settings, error))
    return FALSE;
  item_list_add (&registry->personalities, p, registry->current_owner);
  return TRUE;
}

gboolean
kiela_registry_add_lesson (KielaRegistry *registry, const KielaLesson *lesson, GError **error)
{
  g_return_val_if_fail (registry != NULL, FALSE);

  if (lesson == NULL || !valid_id (lesson->id) || lesson->title == NULL)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("Lesson “%s” is invalid: it needs an id and a title"),
                   lesson && lesson->id ? lesson->id : "(no id)");
      return FALSE;
    }
  if (kiela_registry_lookup_lesson (registry, lesson->id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("duplicate lesson id “%s”: another plugin already provides it"), lesson->id);
      return FALSE;
    }
  item_list_add (&registry->lessons, lesson, registry->current_owner);
  return TRUE;
}

#define LOOKUP(list, type)                                    \
  for (guint i = 0; i < (list).items->len; i++)               \
    {                                                         \
      const type *it = g_ptr_array_index ((list).items, i);   \
      if (g_strcmp0 (it->id, id) == 0)                        \
        return it;                                            \
    }                                                         \
  return NULL;

const KielaVariant *
kiela_registry_lookup_variant (KielaRegistry *registry, const char *id)
{
  LOOKUP (registry->variants, KielaVariant)
}

const KielaAiAlgorithm *
kiela_registry_lookup_ai_algorithm (KielaRegistry *registry, const char *id)
{
  LOOKUP (registry->algorithms, KielaAiAlgorithm)
}

const KielaPersonality *
kiela_registry_lookup_personality (KielaRegistry *registry, const char *id)
{
  LOOKUP (registry->personalities, KielaPersonality)
}

const KielaLesson *
kiela_registry_lookup_lesson (KielaRegistry *registry, const char *id)
{
  LOOKUP (registry->lessons, KielaLesson)
}

const KielaVariant *
kiela_registry_get_default_variant (KielaRegistry *registry)
{
  for (guint i = 0; i < registry->variants.items->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (registry->variants.items, i);
      if (v->default_variant)
        return v;
    }
  return registry->variants.items->len ? g_ptr_array_index (registry->variants.items, 0) : NULL;
}

GPtrArray *
kiela_registry_get_variants (KielaRegistry *registry)
{
  /* The default variant first, the rest in registration order. */
  for (guint i = 1; i < registry->variants.items->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (registry->variants.items, i);
      if (v->default_variant)
        {
          guint owner = g_array_index (registry->variants.owners, guint, i);
          g_ptr_array_remove_index (registry->variants.items, i);
          g_array_remove_index (registry->variants.owners, i);
          g_ptr_array_insert (registry->variants.items, 0, (gpointer) v);
          g_array_insert_val (registry->variants.owners, 0, owner);
          break;
        }
    }
  return registry->variants.items;
}

GPtrArray *
kiela_registry_get_ai_algorithms (KielaRegistry *registry)
{
  return registry->algorithms.items;
}

static gint
compare_personality (gconstpointer a, gconstpointer b)
{
  const KielaPersonality *pa = *(const KielaPersonality **) a;
  const KielaPersonality *pb = *(const KielaPersonality **) b;

  if (pa->level != pb->level)
    return pa->level < pb->level ? -1 : 1;
  return g_strcmp0 (pa->id, pb->id);
}

GPtrArray *
kiela_registry_get_personalities (KielaRegistry *registry)
{
  g_ptr_array_set_size (registry->sorted_personalities, 0);
  for (guint i = 0; i < registry->personalities.items->len; i++)
    g_ptr_array_add (registry->sorted_personalities, g_ptr_array_index (registry->personalities.items, i));
  g_ptr_array_sort (registry->sorted_personalities, compare_personality);
  return registry->sorted_personalities;
}

GPtrArray *
kiela_registry_get_lessons (KielaRegistry *registry)
{
  return registry->lessons.items;
}

GPtrArray *
kiela_registry_get_plugins (KielaRegistry *registry)
{
  return registry->plugins;
}

GPtrArray *
kiela_registry_get_search_dirs (KielaRegistry *registry)
{
  return registry->search_dirs;
}

/* ---- loading ---- */

static KielaPluginRecord *
new_record (KielaRegistry *registry, const char *path)
{
  KielaPluginRecord *r = g_new0 (KielaPluginRecord, 1);

  r->path = g_strdup (path);
  r->state = KIELA_PLUGIN_FAILED;
  g_ptr_array_add (registry->plugins, r);
  return r;
}

static void
record_fail (KielaPluginRecord *r, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
record_fail (KielaPluginRecord *r, const char *fmt, ...)
{
  va_list args;

  va_start (args, fmt);
  g_free (r->reason);
  r->reason = g_strdup_vprintf (fmt, args);
  r->state = KIELA_PLUGIN_FAILED;
  va_end (args);
}

static KielaPluginRecord *
find_loaded_plugin (KielaRegistry *registry, const char *id)
{
  for (guint i = 0; i < registry->plugins->len; i++)
    {
      KielaPluginRecord *r = g_ptr_array_index (registry->plugins, i);
      if (r->state == KIELA_PLUGIN_LOADED && g_strcmp0 (r->id, id) == 0)
        return r;
    }
  return NULL;
}

static void
remove_owner (KielaRegistry *registry, guint owner)
{
  item_list_remove_owner (&registry->variants, owner);
  item_list_remove_owner (&registry->algorithms, owner);
  item_list_remove_owner (&registry->personalities, owner);
  item_list_remove_owner (&registry->lessons, owner);
}

static void
count_items (KielaRegistry *registry, KielaPluginRecord *r, guint owner)
{
  r->n_variants = item_list_count_owner (&registry->variants, owner);
  r->n_algorithms = item_list_count_owner (&registry->algorithms, owner);
  r->n_personalities = item_list_count_owner (&registry->personalities, owner);
  r->n_lessons = item_list_count_owner (&registry->lessons, owner);
}

/* Runs a module's query and register steps; on any failure the record says why. */
static gboolean
load_from_functions (KielaRegistry *registry, KielaPluginRecord *r, guint owner,
                     const KielaPluginInfo *info, KielaPluginRegisterFunc register_func)
{
  g_autoptr(GError) error = NULL;
  KielaPluginRecord *other;

  if (info == NULL)
    {
      record_fail (r, _("its query function returned no plugin information"));
      return FALSE;
    }
  if (info->abi_version != KIELA_PLUGIN_ABI_VERSION)
    {
      record_fail (r, _("it was built for plugin ABI version %u, but this Kiela uses version %u"),
                   info->abi_version, KIELA_PLUGIN_ABI_VERSION);
      return FALSE;
    }
  if (!valid_id (info->id))
    {
      record_fail (r, _("its plugin id “%s” is invalid"), info->id ? info->id : "");
      return FALSE;
    }
  r->id = g_strdup (info->id);
  /* Plugins are loaded after setlocale(): keep the texts in the user's language. */
  r->name = g_strdup (info->name ? g_dgettext (domain_of (info->translation_domain), info->name) : info->id);
  r->version = g_strdup (info->version ? info->version : "");
  r->description = g_strdup (info->description ? g_dgettext (domain_of (info->translation_domain), info->description) : "");
  r->license = g_strdup (info->license ? info->license : "");

  other = find_loaded_plugin (registry, info->id);
  if (other)
    {
      record_fail (r, _("duplicate plugin id “%s”: already loaded from %s"), info->id, other->path);
      return FALSE;
    }

  registry->current_owner = owner;
  if (!register_func (registry, &error))
    {
      remove_owner (registry, owner);
      registry->current_owner = G_MAXUINT;
      record_fail (r, _("registration failed: %s"),
                   error ? error->message : _("the register function failed without saying why"));
      return FALSE;
    }
  registry->current_owner = G_MAXUINT;
  r->state = KIELA_PLUGIN_LOADED;
  g_clear_pointer (&r->reason, g_free);
  count_items (registry, r, owner);
  return TRUE;
}

void
kiela_registry_load_static (KielaRegistry *registry, const KielaPluginInfo *info,
                            KielaPluginRegisterFunc register_func)
{
  KielaPluginRecord *r = new_record (registry, "(built-in)");

  load_from_functions (registry, r, registry->plugins->len - 1, info, register_func);
}

/* Reads exactly `size` bytes at `offset`. */
static gboolean
read_at (int fd, void *buf, gsize size, off_t offset)
{
  return pread (fd, buf, size, offset) == (gssize) size;
}

/* Checks what dlopen() cannot survive, before it sees the file: it blocks for
 * ever opening a named pipe, and it dies of SIGBUS mapping an ELF object whose
 * segments reach past the end of the file (a plugin truncated by an interrupted
 * copy or download).  Anything else that is wrong is left to dlopen() to report.
 * Returns NULL when the file may be handed to dlopen(), else why not. */
static char *
module_file_problem (const char *path)
{
  ElfW(Ehdr) eh;
  struct stat st;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  char *problem = NULL;

  if (fd < 0)
    return g_strdup_printf (_("cannot be opened: %s"), g_strerror (errno));
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    problem = g_strdup (_("not a regular file"));
  else if (read_at (fd, &eh, sizeof eh, 0) && memcmp (eh.e_ident, ELFMAG, SELFMAG) == 0)
    {
      guint64 size = (guint64) st.st_size;

      if (eh.e_ident[EI_CLASS] == (__ELF_NATIVE_CLASS == 64 ? ELFCLASS64 : ELFCLASS32) && eh.e_phentsize == sizeof (ElfW(Phdr)))
        {
          if ((guint64) eh.e_phoff + (guint64) eh.e_phnum * sizeof (ElfW(Phdr)) > size)
            problem = g_strdup (_("the file is truncated (its program headers are missing)"));
          for (guint i = 0; problem == NULL && i < eh.e_phnum; i++)
            {
              ElfW(Phdr) ph;

              if (!read_at (fd, &ph, sizeof ph, (off_t) (eh.e_phoff + i * sizeof ph)))
                problem = g_strdup (_("the file is truncated (its program headers are missing)"));
              else if (ph.p_type == PT_LOAD && (guint64) ph.p_offset + (guint64) ph.p_filesz > size)
                problem = g_strdup (_("the file is truncated (it ends before its last segment)"));
            }
        }
    }
  g_close (fd, NULL);
  return problem;
}

void
kiela_registry_load_file (KielaRegistry *registry, const char *path)
{
  KielaPluginRecord *r;
  guint owner;
  GModule *module;
  gpointer query_sym = NULL, register_sym = NULL;
  const KielaPluginInfo *info;

  g_return_if_fail (registry != NULL && path != NULL);

  r = new_record (registry, path);
  owner = registry->plugins->len - 1;

  if (!g_module_supported ())
    {
      record_fail (r, _("this system cannot load modules"));
      return;
    }
  {
    g_autofree char *problem = module_file_problem (path);
    if (problem != NULL)
      {
        record_fail (r, _("not a loadable module: %s"), problem);
        return;
      }
  }
  /* Local binding keeps plugins' symbols apart; no lazy binding, so a module
   * with an unresolved symbol fails here instead of crashing later. */
  module = g_module_open (path, G_MODULE_BIND_LOCAL);
  if (module == NULL)
    {
      record_fail (r, _("not a loadable module: %s"), g_module_error ());
      return;
    }
  if (!g_module_symbol (module, KIELA_PLUGIN_QUERY_SYMBOL, &query_sym) || query_sym == NULL)
    {
      record_fail (r, _("it lacks the symbol %s"), KIELA_PLUGIN_QUERY_SYMBOL);
      g_module_close (module);
      return;
    }
  if (!g_module_symbol (module, KIELA_PLUGIN_REGISTER_SYMBOL, &register_sym) || register_sym == NULL)
    {
      record_fail (r, _("it lacks the symbol %s"), KIELA_PLUGIN_REGISTER_SYMBOL);
      g_module_close (module);
      return;
    }

  info = ((KielaPluginQueryFunc) query_sym) ();
  if (!load_from_functions (registry, r, owner, info, (KielaPluginRegisterFunc) register_sym))
    {
      g_module_close (module);
      return;
    }
  /* Registered items point into the module's static data: never unload it. */
  g_module_make_resident (module);
}

static void
collect_modules (const char *dir, guint depth, GPtrArray *out)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_ascii_strcasecmp);
  /* g_ptr_array_sort passes pointers to elements. */
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, n, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          /* Never follow a linked folder: a link to "." or a loop would list
           * the same modules again and again. */
          if (depth > 0 && n[0] != '.' && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
            collect_modules (path, depth - 1, out);
        }
      else if (g_str_has_suffix (n, "." G_MODULE_SUFFIX))
        g_ptr_array_add (out, g_steal_pointer (&path));
    }
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char **) a, *(const char **) b);
}

void
kiela_registry_load_dir (KielaRegistry *registry, const char *dir)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  collect_modules (dir, 3, files);
  g_ptr_array_sort (files, compare_strings);
  for (guint i = 0; i < files->len; i++)
    kiela_registry_load_file (registry, g_ptr_array_index (files, i));
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

void
kiela_registry_load_default (KielaRegistry *registry)
{
  const char *env = g_getenv ("KIELA_PLUGIN_PATH");

  g_ptr_array_set_size (registry->search_dirs, 0);
  if (env && *env)
    {
      g_auto(GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);
      for (guint i = 0; parts[i]; i++)
        if (parts[i][0])
          g_ptr_array_add (registry->search_dirs, g_strdup (parts[i]));
    }
  if (kiela_running_uninstalled ())
    g_ptr_array_add (registry->search_dirs, g_build_filename (KIELA_BUILD_ROOT, "plugins", NULL));
  else
    g_ptr_array_add (registry->search_dirs, installed_plugin_dir ());
  g_ptr_array_add (registry->search_dirs, g_build_filename (g_get_user_data_dir (), "kiela", "plugins", NULL));

  for (guint i = 0; i < registry->search_dirs->len; i++)
    kiela_registry_load_dir (registry, g_ptr_array_index (registry->search_dirs, i));
  kiela_registry_finish_loading (registry);
}

void
kiela_registry_finish_loading (KielaRegistry *registry)
{
  gboolean changed = TRUE;

  /* Dropping a module can orphan another's personalities: repeat until stable. */
  while (changed)
    {
      changed = FALSE;
      for (guint i = 0; i < registry->personalities.items->len; i++)
        {
          const KielaPersonality *p = g_ptr_array_index (registry->personalities.items, i);
          guint owner = g_array_index (registry->personalities.owners, guint, i);
          const KielaAiAlgorithm *algo = kiela_registry_lookup_ai_algorithm (registry, p->algorithm);
          g_autoptr(GError) error = NULL;
          g_autofree char *reason = NULL;

          if (algo == NULL)
            reason = g_strdup_printf (_("personality “%s” refers to the unknown AI algorithm “%s”"),
                                      p->id, p->algorithm);
          else if (algo->check_settings)
            {
              g_autoptr(GHashTable) settings = kiela_ai_parse_settings (p->settings, &error);
              if (settings == NULL || !algo->check_settings (settings, &error))
                reason = g_strdup_printf (_("personality “%s” has invalid settings: %s"),
                                          p->id, error ? error->message : "");
            }
          if (reason == NULL)
            continue;

          if (owner < registry->plugins->len)
            {
              KielaPluginRecord *r = g_ptr_array_index (registry->plugins, owner);
              remove_owner (registry, owner);
              record_fail (r, "%s", reason);
              count_items (registry, r, owner);
            }
          else
            {
              g_ptr_array_remove_index (registry->personalities.items, i);
              g_array_remove_index (registry->personalities.owners, i);
            }
          changed = TRUE;
          break;
        }
    }
}
