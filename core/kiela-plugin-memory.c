/* kiela-plugin-memory.c: checks that what a loaded module hands over lies inside it. */
#include "config.h"

#define _GNU_SOURCE 1
#include <dlfcn.h>

#include <link.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-registry-private.h"

/* The readable segments a loaded module occupies, found from one of its symbols. */
typedef struct {
  guintptr start;
  guintptr end;
  gboolean exec;
} Segment;

typedef struct {
  const char *name;
  ElfW(Addr)  base;
  GArray     *segments;
} SegmentSearch;

static int
collect_segments (struct dl_phdr_info *info, size_t size, void *data)
{
  SegmentSearch *search = data;

  if (info->dlpi_addr != search->base || g_strcmp0 (info->dlpi_name, search->name) != 0)
    return 0;
  for (guint i = 0; i < info->dlpi_phnum; i++)
    {
      const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

      if (ph->p_type == PT_LOAD && (ph->p_flags & PF_R) && ph->p_memsz > 0)
        {
          Segment seg = { info->dlpi_addr + ph->p_vaddr, info->dlpi_addr + ph->p_vaddr + ph->p_memsz,
                          (ph->p_flags & PF_X) != 0 };
          g_array_append_val (search->segments, seg);
        }
    }
  return 1;
}

/* NULL when the symbol does not belong to a module the dynamic loader knows. */
GArray *
kiela_module_segments (gconstpointer symbol)
{
  Dl_info dli;
  struct link_map *map = NULL;
  SegmentSearch search;

  if (!dladdr1 (symbol, &dli, (void **) &map, RTLD_DL_LINKMAP) || map == NULL)
    return NULL;
  search.name = map->l_name;
  search.base = map->l_addr;
  search.segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  dl_iterate_phdr (collect_segments, &search);
  if (search.segments->len == 0)
    g_clear_pointer (&search.segments, g_array_unref);
  return search.segments;
}

/* The segment holding [p, p + size), or NULL. */
static const Segment *
segment_holding (const GArray *segments, gconstpointer p, gsize size)
{
  guintptr a = (guintptr) p;

  for (guint i = 0; i < segments->len; i++)
    {
      const Segment *seg = &g_array_index (segments, Segment, i);
      if (a >= seg->start && a < seg->end && size <= seg->end - a)
        return seg;
    }
  return NULL;
}

typedef enum {
  TEXT_OK,
  TEXT_OUTSIDE,       /* does not start inside the module */
  TEXT_UNTERMINATED,  /* no NUL before the module's segment ends */
  TEXT_BAD_UTF8,
} TextProblem;

/* A text a module hands over: inside the module (when segments is not NULL),
 * ending there, valid UTF-8.  NULL is fine. */
static TextProblem
text_problem (const GArray *segments, const char *s)
{
  gsize max = G_MAXSSIZE;

  if (s == NULL)
    return TEXT_OK;
  if (segments)
    {
      const Segment *seg = segment_holding (segments, s, 1);

      if (seg == NULL)
        return TEXT_OUTSIDE;
      max = seg->end - (guintptr) s;
      if (memchr (s, '\0', max) == NULL)
        return TEXT_UNTERMINATED;
    }
  return g_utf8_validate (s, strnlen (s, max), NULL) ? TEXT_OK : TEXT_BAD_UTF8;
}

/* Checks one text of the plugin information.  NULL when fine, else why not. */
static char *
info_string_problem (const GArray *segments, const char *s, const char *field)
{
  switch (text_problem (segments, s))
    {
    case TEXT_OUTSIDE:
      /* TRANSLATORS: %s is a field of the plugin information: id, name, version, ... */
      return g_strdup_printf (_("its plugin information has a %s pointing outside the module"), field);
    case TEXT_UNTERMINATED:
      return g_strdup_printf (_("its plugin information has a %s that does not end inside the module"), field);
    case TEXT_BAD_UTF8:
      return g_strdup_printf (_("its plugin information has a %s that is not valid UTF-8"), field);
    case TEXT_OK:
    default:
      return NULL;
    }
}

/* What a module registers is checked like its information: the struct, every
 * text and every function inside the module (a damaged module's relocated
 * pointers crashed the program long after loading).  `kind` names the item in
 * English (variant, AI algorithm, ...); always TRUE for built-in modules. */
gboolean
kiela_module_holds_item (const GArray *segments, gconstpointer item, gsize size, const char *kind, GError **error)
{
  if (segments == NULL || item == NULL)
    return TRUE;
  if (segment_holding (segments, item, size) == NULL)
    {
      /* TRANSLATORS: %s is variant, AI algorithm, personality or lesson */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("it registered an item (%s) that lies outside the module"), kind);
      return FALSE;
    }
  return TRUE;
}

gboolean
kiela_module_holds_fields (const GArray *segments, const char *kind,
                           const char *const *texts, const char *const *fields, guint n_texts,
                           const gconstpointer *functions, guint n_functions, GError **error)
{
  if (segments == NULL)
    return TRUE;
  for (guint i = 0; i < n_texts; i++)
    {
      TextProblem problem = text_problem (segments, texts[i]);

      if (problem == TEXT_BAD_UTF8)
        {
          /* TRANSLATORS: the first %s is variant, AI algorithm, personality or lesson, the second a field (name, ...) */
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("it registered an item (%s) whose %s is not valid UTF-8"),
                       kind, fields[i]);
          return FALSE;
        }
      if (problem != TEXT_OK)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("it registered an item (%s) whose %s points outside the module"),
                       kind, fields[i]);
          return FALSE;
        }
    }
  for (guint i = 0; i < n_functions; i++)
    {
      const Segment *seg = functions[i] ? segment_holding (segments, functions[i], 1) : NULL;

      if (functions[i] && (seg == NULL || !seg->exec))
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       _("it registered an item (%s) with a function outside the module’s code"), kind);
          return FALSE;
        }
    }
  return TRUE;
}

/* The plugin information a module returned, checked before anything in it is used:
 * the struct inside the module, the ABI, then every text. */
char *
kiela_plugin_info_problem (const GArray *segments, const KielaPluginInfo *info)
{
  if (info == NULL)
    return g_strdup (_("its query function returned no plugin information"));
  if (segments && segment_holding (segments, info, sizeof *info) == NULL)
    return g_strdup (_("its plugin information lies outside the module"));
  if (info->abi_version != KIELA_PLUGIN_ABI_VERSION)
    return g_strdup_printf (_("it was built for plugin ABI version %u, but this Kiela uses version %u"),
                            info->abi_version, KIELA_PLUGIN_ABI_VERSION);
  {
    const char *const fields[] = { "id", "name", "version", "description", "license", "translation_domain" };
    const char *const values[] = { info->id, info->name, info->version, info->description, info->license,
                                   info->translation_domain };

    for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
      {
        char *problem = info_string_problem (segments, values[i], fields[i]);

        if (problem)
          return problem;
      }
  }
  if (info->api_version > KIELA_PLUGIN_API_VERSION)
    return g_strdup_printf (_("it needs Kiela plugin API %u, this host has %u"),
                            (guint) MIN (info->api_version, G_MAXUINT), KIELA_PLUGIN_API_VERSION);
  if (!kiela_registry_valid_id (info->id))
    return g_strdup_printf (_("its plugin id “%s” is invalid"), info->id ? info->id : "");
  return NULL;
}
