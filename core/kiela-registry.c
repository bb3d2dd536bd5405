/* kiela-registry.c: the registry of variants, AI algorithms, personalities and lessons, and the GModule loader. */
#include "config.h"

#define _GNU_SOURCE 1
#include <dlfcn.h>

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gmodule.h>
#include <glib/gi18n-lib.h>

#include "kiela-plugin.h"
#include "kiela-position.h"
#include "kiela-paths.h"
#include "kiela-variant-file.h"

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
  GHashTable *checked_lessons;  /* lessons kiela_lesson_validate() passed (their variant was known) */
  GPtrArray *plugins;      /* KielaPluginRecord* */
  GPtrArray *search_dirs;  /* char* */
  GPtrArray *sorted_personalities;
  guint      current_owner;
  const GArray *current_segments;  /* the registering module's memory, NULL for built-in modules */
  gboolean   crash_guard;  /* markers and first-load checks (off in kiela-plugin-check itself) */
  GPtrArray *variant_files;  /* KielaVariantFile*: the variants read from files live here */
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
  g_free (r->info_path);
  g_free (r->translation_domain);
  g_strfreev (r->provides);
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
  r->checked_lessons = g_hash_table_new (NULL, NULL);
  r->plugins = g_ptr_array_new_with_free_func (plugin_record_free);
  r->search_dirs = g_ptr_array_new_with_free_func (g_free);
  r->sorted_personalities = g_ptr_array_new ();
  r->current_owner = G_MAXUINT;
  r->crash_guard = TRUE;
  r->variant_files = g_ptr_array_new_with_free_func ((GDestroyNotify) kiela_variant_file_free);
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
  g_hash_table_unref (registry->checked_lessons);
  g_ptr_array_unref (registry->plugins);
  g_ptr_array_unref (registry->search_dirs);
  g_ptr_array_unref (registry->sorted_personalities);
  g_ptr_array_unref (registry->variant_files);
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
  if (v->name == NULL || v->name[0] == '\0' || !g_utf8_validate (v->name, -1, NULL) ||
      (v->description && !g_utf8_validate (v->description, -1, NULL)))
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
  /* Listing moves sows every candidate up to the limit: 2^32-1 laps took minutes. */
  if (v->lap_limit > KIELA_LAP_LIMIT_MAX)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                   _("Variant “%s”: the lap limit %u is too high, at most %u laps are allowed (the rules use %u)"),
                   id, v->lap_limit, KIELA_LAP_LIMIT_MAX, KIELA_LAP_LIMIT_DEFAULT);
      return FALSE;
    }
  if ((guint) v->capture_rule > KIELA_CAPTURE_OCCUPIED_INNER_BOTH ||
      (guint) v->captured_fate > KIELA_CAPTURED_SOW_AFTER_LAP_START ||
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

/* ---- the module's own memory ---- */

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
static GArray *
module_segments (gconstpointer symbol)
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
static gboolean
item_struct_in_module (KielaRegistry *registry, gconstpointer item, gsize size, const char *kind, GError **error)
{
  if (registry->current_segments == NULL || item == NULL)
    return TRUE;
  if (segment_holding (registry->current_segments, item, size) == NULL)
    {
      /* TRANSLATORS: %s is variant, AI algorithm, personality or lesson */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("it registered an item (%s) that lies outside the module"), kind);
      return FALSE;
    }
  return TRUE;
}

static gboolean
item_fields_in_module (KielaRegistry *registry, const char *kind,
                       const char *const *texts, const char *const *fields, guint n_texts,
                       const gconstpointer *functions, guint n_functions, GError **error)
{
  const GArray *segments = registry->current_segments;

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

gboolean
kiela_registry_add_variant (KielaRegistry *registry, const KielaVariant *variant, GError **error)
{
  g_return_val_if_fail (registry != NULL, FALSE);

  if (!item_struct_in_module (registry, variant, sizeof *variant, "variant", error))
    return FALSE;
  if (variant)
    {
      const char *texts[] = { variant->id, variant->name, variant->description, variant->family, variant->level,
                              variant->translation_domain, variant->source };
      const char *fields[] = { "id", "name", "description", "family", "level", "translation_domain", "source" };

      if (!item_fields_in_module (registry, "variant", texts, fields, G_N_ELEMENTS (texts), NULL, 0, error))
        return FALSE;
    }
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

  if (!item_struct_in_module (registry, algorithm, sizeof *algorithm, "AI algorithm", error))
    return FALSE;
  if (algorithm)
    {
      const char *texts[] = { algorithm->id, algorithm->name, algorithm->description, algorithm->translation_domain };
      const char *fields[] = { "id", "name", "description", "translation_domain" };
      const gconstpointer functions[] = { (gconstpointer) algorithm->check_settings, (gconstpointer) algorithm->think,
                                          (gconstpointer) algorithm->arrange };

      if (!item_fields_in_module (registry, "AI algorithm", texts, fields, G_N_ELEMENTS (texts),
                                  functions, G_N_ELEMENTS (functions), error))
        return FALSE;
    }
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

  if (!item_struct_in_module (registry, p, sizeof *p, "personality", error))
    return FALSE;
  if (p)
    {
      const char *texts[] = { p->id, p->name, p->character, p->portrait_svg, p->level_name, p->algorithm,
                              p->settings, p->translation_domain };
      const char *fields[] = { "id", "name", "character", "portrait_svg", "level_name", "algorithm",
                               "settings", "translation_domain" };

      if (!item_fields_in_module (registry, "personality", texts, fields, G_N_ELEMENTS (texts), NULL, 0, error))
        return FALSE;
    }
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

/* The steps of a module's lesson lie in the module, and so do their texts. */
static gboolean
lesson_steps_in_module (KielaRegistry *registry, const KielaLesson *lesson, GError **error)
{
  if (lesson->steps == NULL || lesson->n_steps == 0 || lesson->n_steps > KIELA_LESSON_MAX_STEPS)
    return TRUE;  /* kiela_lesson_validate() says what is wrong */
  if (!item_struct_in_module (registry, lesson->steps, lesson->n_steps * sizeof *lesson->steps, "lesson", error))
    return FALSE;
  for (gsize i = 0; i < lesson->n_steps; i++)
    {
      const KielaLessonStep *st = &lesson->steps[i];
      const char *texts[] = { st->text, st->position, st->right, st->wrong, st->hint,
                              st->task.move, st->task.answer, st->task.opponent };
      const char *fields[] = { "step text", "step position", "step right", "step wrong", "step hint",
                               "task move", "task answer", "task opponent" };

      if (!item_fields_in_module (registry, "lesson", texts, fields, G_N_ELEMENTS (texts), NULL, 0, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
kiela_registry_add_lesson (KielaRegistry *registry, const KielaLesson *lesson, GError **error)
{
  const KielaVariant *variant;

  g_return_val_if_fail (registry != NULL, FALSE);

  if (!item_struct_in_module (registry, lesson, sizeof *lesson, "lesson", error))
    return FALSE;
  if (lesson)
    {
      const char *texts[] = { lesson->id, lesson->title, lesson->summary, lesson->variant, lesson->translation_domain };
      const char *fields[] = { "id", "title", "summary", "variant", "translation_domain" };

      if (!item_fields_in_module (registry, "lesson", texts, fields, G_N_ELEMENTS (texts), NULL, 0, error) ||
          !lesson_steps_in_module (registry, lesson, error))
        return FALSE;
    }
  if (lesson == NULL || !valid_id (lesson->id) || lesson->title == NULL || lesson->variant == NULL)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("Lesson “%s” is invalid: it needs an id, a title and a variant"),
                   lesson && lesson->id ? lesson->id : "(no id)");
      return FALSE;
    }
  if (kiela_registry_lookup_lesson (registry, lesson->id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("duplicate lesson id “%s”: another plugin already provides it"), lesson->id);
      return FALSE;
    }
  /* A variant from a module loaded later: finish_loading() checks the lesson. */
  variant = kiela_registry_lookup_variant (registry, lesson->variant);
  if (variant)
    {
      if (!kiela_lesson_validate (lesson, variant, error))
        return FALSE;
      g_hash_table_add (registry->checked_lessons, (gpointer) lesson);
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
      /* A FOUND record (listing) takes its id like a loaded one. */
      if ((r->state == KIELA_PLUGIN_LOADED || r->state == KIELA_PLUGIN_FOUND) && g_strcmp0 (r->id, id) == 0)
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

/* The plugin information a module returned, checked before anything in it is used:
 * the struct inside the module, the ABI, then every text. */
static char *
info_problem (const GArray *segments, const KielaPluginInfo *info)
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
  if (!valid_id (info->id))
    return g_strdup_printf (_("its plugin id “%s” is invalid"), info->id ? info->id : "");
  return NULL;
}

/* ---- registration ---- */

static void
add_provided (GPtrArray *out, ItemList *list, guint owner, const char *kind)
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
  g_autofree char *problem = info_problem (segments, info);
  KielaPluginRecord *other;

  if (problem)
    {
      record_fail (r, "%s", problem);
      return FALSE;
    }
  if (r->info_path && g_strcmp0 (r->id, info->id) != 0)
    {
      record_fail (r, _("its .plugin file says its id is “%s”, but the module says “%s”"), r->id, info->id);
      return FALSE;
    }
  if (r->info_path == NULL)
    {
      /* Plugins are loaded after setlocale(): keep the texts in the user's language. */
      const char *domain = domain_of (info->translation_domain);

      r->id = g_strdup (info->id);
      r->name = g_strdup (info->name ? g_dgettext (domain, info->name) : info->id);
      r->version = g_strdup (info->version ? info->version : "");
      r->description = g_strdup (info->description ? g_dgettext (domain, info->description) : "");
      r->license = g_strdup (info->license ? info->license : "");
    }

  other = find_loaded_plugin (registry, info->id);
  if (other)
    {
      record_fail (r, _("duplicate plugin id “%s”: already loaded from %s"), info->id, other->path);
      return FALSE;
    }

  registry->current_owner = owner;
  registry->current_segments = segments;
  if (!register_func (registry, &error))
    {
      remove_owner (registry, owner);
      registry->current_owner = G_MAXUINT;
      registry->current_segments = NULL;
      record_fail (r, _("registration failed: %s"),
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
          remove_owner (registry, owner);
          record_fail (r, "%s", mismatch);
          return FALSE;
        }
    }
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

  load_from_functions (registry, r, registry->plugins->len - 1, NULL, info, register_func);
}

/* ---- files ---- */

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

/* kiela-rules.so -> kiela-rules.plugin, beside it. */
static char *
info_path_for (const char *module_path)
{
  g_autofree char *stem = g_strndup (module_path, strlen (module_path) -
                                     (g_str_has_suffix (module_path, "." G_MODULE_SUFFIX) ?
                                      strlen ("." G_MODULE_SUFFIX) : 0));
  return g_strconcat (stem, ".plugin", NULL);
}

/* A .plugin file is a few hundred bytes: never read a huge or special file. */
#define PLUGIN_FILE_MAX (64 * 1024)

static gboolean
read_small_file (const char *path, char **contents, gsize *length, GError **error)
{
  struct stat st;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  gssize n;
  char *buf;

  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("cannot be opened: %s"),
                   g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > PLUGIN_FILE_MAX)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("not a regular file of at most %u bytes"),
                   PLUGIN_FILE_MAX);
      g_close (fd, NULL);
      return FALSE;
    }
  buf = g_malloc (PLUGIN_FILE_MAX + 1);
  n = read (fd, buf, PLUGIN_FILE_MAX);
  g_close (fd, NULL);
  if (n < 0)
    {
      int saved = errno;
      g_free (buf);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("cannot be read: %s"),
                   g_strerror (saved));
      return FALSE;
    }
  buf[n] = '\0';
  *contents = buf;
  *length = (gsize) n;
  return TRUE;
}

#define PLUGIN_GROUP "Plugin"

static gboolean
read_number (GKeyFile *kf, const char *key, guint *out, GError **error)
{
  g_autofree char *text = g_key_file_get_string (kf, PLUGIN_GROUP, key, error);
  guint64 value;

  if (text == NULL)
    return FALSE;
  if (!g_ascii_string_to_unsigned (g_strstrip (text), 10, 0, G_MAXINT, &value, NULL))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("%s=%s is not a number"), key, text);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

static gboolean
valid_provides (char **provides, GError **error)
{
  static const char *const kinds[] = { "variant:", "ai:", "personality:", "lesson:" };

  for (guint i = 0; provides && provides[i]; i++)
    {
      gboolean ok = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (kinds) && !ok; k++)
        ok = g_str_has_prefix (provides[i], kinds[k]) && valid_id (provides[i] + strlen (kinds[k]));
      if (!ok)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       _("Provides has “%s”: each entry is variant:, ai:, personality: or lesson: and an id"),
                       provides[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* A translated text of the .plugin file: Name[fr] when the file has it, else the
 * plugin's gettext domain (the same strings its code marks with N_()). */
static char *
plugin_text (GKeyFile *kf, const char *key, const char *domain)
{
  g_autofree char *raw = g_key_file_get_string (kf, PLUGIN_GROUP, key, NULL);
  g_autofree char *local = g_key_file_get_locale_string (kf, PLUGIN_GROUP, key, NULL, NULL);

  if (raw == NULL || raw[0] == '\0')
    return g_strdup ("");
  if (local && g_strcmp0 (local, raw) != 0)
    return g_steal_pointer (&local);
  return g_strdup (g_dgettext (domain, raw));
}

/* Fills the record from the .plugin file beside the module, running none of its code. */
static gboolean
read_plugin_file (KielaPluginRecord *r, GError **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *contents = NULL;
  g_autofree char *module = NULL;
  g_autofree char *base = g_path_get_basename (r->path);
  g_autofree char *id = NULL;
  gsize length;

  if (!read_small_file (r->info_path, &contents, &length, error) ||
      !g_key_file_load_from_data (kf, contents, length, G_KEY_FILE_NONE, error))
    return FALSE;
  module = g_key_file_get_string (kf, PLUGIN_GROUP, "Module", error);
  if (module == NULL)
    return FALSE;
  if (g_strcmp0 (module, "") == 0 || strchr (module, '/') != NULL ||
      !g_str_has_prefix (base, module) || !g_str_equal (base + strlen (module), "." G_MODULE_SUFFIX))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("Module=%s does not name the module beside it (%s)"),
                   module, base);
      return FALSE;
    }
  id = g_key_file_get_string (kf, PLUGIN_GROUP, "Id", error);
  if (id == NULL)
    return FALSE;
  if (!valid_id (id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("Id=%s is not a valid plugin id"), id);
      return FALSE;
    }
  if (!g_key_file_has_key (kf, PLUGIN_GROUP, "Name", NULL))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("it has no Name"));
      return FALSE;
    }
  if (!read_number (kf, "ABI", &r->abi_version, error) || !read_number (kf, "API", &r->api_version, error))
    return FALSE;
  r->provides = g_key_file_get_string_list (kf, PLUGIN_GROUP, "Provides", NULL, NULL);
  if (!valid_provides (r->provides, error))
    return FALSE;
  r->translation_domain = g_key_file_get_string (kf, PLUGIN_GROUP, "Translation-Domain", NULL);
  r->id = g_steal_pointer (&id);
  r->name = plugin_text (kf, "Name", domain_of (r->translation_domain));
  r->description = plugin_text (kf, "Description", domain_of (r->translation_domain));
  r->version = g_key_file_get_string (kf, PLUGIN_GROUP, "Version", NULL);
  r->license = g_key_file_get_string (kf, PLUGIN_GROUP, "License", NULL);
  if (r->version == NULL)
    r->version = g_strdup ("");
  if (r->license == NULL)
    r->license = g_strdup ("");
  return TRUE;
}

/* ---- the crash guard ---- */

static char *
marker_path (const char *module_path, const char *suffix)
{
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, module_path, -1);
  g_autofree char *name = g_strconcat (hash, suffix, NULL);

  return g_build_filename (g_get_user_state_dir (), "kiela", "plugin-guard", name, NULL);
}

/* What identifies one build of a module file: replacing the file retries it. */
static char *
module_stamp (const char *module_path)
{
  GStatBuf st;

  if (g_stat (module_path, &st) != 0)
    return g_strdup ("");
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT, (gint64) st.st_size, (gint64) st.st_mtime);
}

static gboolean
process_alive (gint64 pid)
{
  return pid > 0 && pid != getpid () && (kill ((pid_t) pid, 0) == 0 || errno == EPERM);
}

/* TRUE when a marker says the module crashed a program while it loaded: another
 * start wrote it and never removed it, and the module file has not changed since. */
static gboolean
marker_says_crashed (const char *module_path)
{
  g_autofree char *path = marker_path (module_path, ".loading");
  g_autofree char *contents = NULL;
  g_autofree char *stamp = NULL;
  g_auto(GStrv) lines = NULL;
  gsize length;

  /* Markers are written whole (renamed into place): none, or one that cannot be read
   * (removed meanwhile by the program that wrote it), means no crash. */
  if (!read_small_file (path, &contents, &length, NULL))
    return FALSE;
  /* pid, module stamp, module path */
  lines = g_strsplit (contents, "\n", 4);
  if (g_strv_length (lines) < 3 || !g_str_equal (lines[2], module_path))
    return FALSE;
  /* Another program (the CLI beside the app) is loading it right now. */
  if (process_alive (g_ascii_strtoll (lines[0], NULL, 10)))
    return FALSE;
  stamp = module_stamp (module_path);
  if (!g_str_equal (lines[1], stamp))
    {
      g_remove (path);
      return FALSE;
    }
  return TRUE;
}

/* Best effort: without a writable state folder plugins still load, unguarded.
 * `pid` 0 records a crash seen in another process (no loader alive to wait for). */
static void
marker_write_for (const char *module_path, const char *suffix, gint64 pid)
{
  g_autofree char *path = marker_path (module_path, suffix);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *stamp = module_stamp (module_path);
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT "\n%s\n%s\n", pid, stamp, module_path);
  g_autofree char *tmp = g_strconcat (path, ".XXXXXX", NULL);
  gboolean written;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    return;
  /* Written aside and renamed into place: other programs loading plugins at the same
   * time (the CLI beside the app, parallel tests) never read half a marker.  No fsync:
   * the marker must survive this process crashing, not the machine. */
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    return;
  written = write (fd, text, strlen (text)) == (gssize) strlen (text);
  g_close (fd, NULL);
  if (!written || g_rename (tmp, path) != 0)
    {
      g_debug ("plugin guard: cannot write %s: %s", path, g_strerror (errno));
      g_remove (tmp);
    }
}

static void
marker_write (const char *module_path)
{
  marker_write_for (module_path, ".loading", getpid ());
}

static void
marker_write_crashed (const char *module_path)
{
  marker_write_for (module_path, ".loading", 0);
}

static void
marker_remove (const char *module_path)
{
  g_autofree char *path = marker_path (module_path, ".loading");

  g_remove (path);
}

/* Modules that loaded in a check process are not checked again until they change. */
static gboolean
stamp_verified (const char *module_path)
{
  g_autofree char *path = marker_path (module_path, ".verified");
  g_autofree char *contents = NULL;
  g_autofree char *stamp = module_stamp (module_path);
  gsize length;

  g_auto(GStrv) lines = NULL;

  if (!read_small_file (path, &contents, &length, NULL))
    return FALSE;
  /* pid, module stamp, module path */
  lines = g_strsplit (contents, "\n", 4);
  return g_strv_length (lines) >= 3 && g_str_equal (lines[1], stamp) && g_str_equal (lines[2], module_path);
}

static void
stamp_verify (const char *module_path)
{
  marker_write_for (module_path, ".verified", 0);
}

gboolean
kiela_plugin_forget_crash (const char *module_path, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (module_path != NULL, FALSE);

  path = marker_path (module_path, ".loading");
  if (g_remove (path) != 0 && errno != ENOENT)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("Could not remove %s: %s"),
                   path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* ---- loading one module ---- */

static char *check_module (const char *module_path, gboolean *crashed);

/* Everything decided without running the module's code: its .plugin file, the ABI
 * and API it asks for, a crash at an earlier start.  FALSE when the record failed. */
static gboolean
prepare_record (KielaRegistry *registry, KielaPluginRecord *r)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *info_base = NULL;
  KielaPluginRecord *other;

  r->info_path = info_path_for (r->path);
  info_base = g_path_get_basename (r->info_path);
  if (!g_file_test (r->info_path, G_FILE_TEST_EXISTS))
    {
      record_fail (r, _("it has no %s beside it: Kiela reads a plugin’s description before loading its code"),
                   info_base);
      return FALSE;
    }
  if (!read_plugin_file (r, &error))
    {
      g_clear_pointer (&r->id, g_free);
      record_fail (r, _("its %s is invalid: %s"), info_base, error->message);
      return FALSE;
    }
  if (r->abi_version != KIELA_PLUGIN_ABI_VERSION)
    {
      record_fail (r, _("it was built for plugin ABI version %u, but this Kiela uses version %u"),
                   r->abi_version, KIELA_PLUGIN_ABI_VERSION);
      return FALSE;
    }
  if (r->api_version > KIELA_PLUGIN_API_VERSION)
    {
      record_fail (r, _("it needs Kiela plugin API %u, this host has %u"), r->api_version, KIELA_PLUGIN_API_VERSION);
      return FALSE;
    }
  other = find_loaded_plugin (registry, r->id);
  if (other)
    {
      record_fail (r, _("duplicate plugin id “%s”: already loaded from %s"), r->id, other->path);
      return FALSE;
    }
  if (registry->crash_guard && marker_says_crashed (r->path))
    {
      r->crashed = TRUE;
      record_fail (r, _("crashed while loading"));
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
      record_fail (r, _("not a loadable module: %s"), g_module_error ());
      return FALSE;
    }
  if (!g_module_symbol (module, KIELA_PLUGIN_QUERY_SYMBOL, &query_sym) || query_sym == NULL)
    {
      record_fail (r, _("it lacks the symbol %s"), KIELA_PLUGIN_QUERY_SYMBOL);
      g_module_close (module);
      return FALSE;
    }
  if (!g_module_symbol (module, KIELA_PLUGIN_REGISTER_SYMBOL, &register_sym) || register_sym == NULL)
    {
      record_fail (r, _("it lacks the symbol %s"), KIELA_PLUGIN_REGISTER_SYMBOL);
      g_module_close (module);
      return FALSE;
    }
  segments = module_segments (query_sym);
  if (segments == NULL)
    {
      record_fail (r, _("its query function lies outside the module"));
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

  r = new_record (registry, path);
  owner = registry->plugins->len - 1;

  if (!g_module_supported ())
    {
      record_fail (r, _("this system cannot load modules"));
      return;
    }
  if (!prepare_record (registry, r))
    return;
  problem = module_file_problem (path);
  if (problem != NULL)
    {
      record_fail (r, _("not a loadable module: %s"), problem);
      return;
    }
  /* A module met for the first time (or changed since) is loaded once in another
   * process first: damage that crashes dlopen() or the module's code (random
   * bytes in a module did, in 114 of 400 tries) then takes only that process. */
  if (registry->crash_guard && !stamp_verified (path))
    {
      gboolean crashed;
      g_autofree char *reason = check_module (path, &crashed);

      if (crashed)
        {
          marker_write_crashed (path);
          r->crashed = TRUE;
          record_fail (r, "%s", reason);
          return;
        }
      stamp_verify (path);
    }
  /* From here on the module's code runs (constructors, query, register): if it
   * crashes the program anyway, the marker tells the next start to skip it. */
  if (registry->crash_guard)
    marker_write (path);
  open_and_register (registry, r, owner);
  if (registry->crash_guard)
    marker_remove (path);
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
          KielaPluginRecord *r = new_record (registry, info);

          r->info_path = g_strdup (info);
          record_fail (r, _("its module %s is missing"), base);
        }
    }
}

void
kiela_registry_load_dir (KielaRegistry *registry, const char *dir)
{
  for_each_module (registry, dir, kiela_registry_load_file);
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
  for (guint i = 0; i < registry->search_dirs->len; i++)
    kiela_registry_load_dir (registry, g_ptr_array_index (registry->search_dirs, i));
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
  KielaPluginRecord *r = new_record (registry, path);
  guint owner = registry->plugins->len - 1;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_file (path, &error);
  const KielaVariant *v;

  r->version = g_strdup ("");
  r->license = g_strdup ("");
  if (file == NULL)
    {
      g_autofree char *base = g_path_get_basename (path);

      r->name = g_strdup (base);
      r->description = g_strdup ("");
      record_fail (r, "%s", error->message);
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
      record_fail (r, _("duplicate variant id “%s”: another plugin or file already provides it"), v->id);
      return;
    }
  item_list_add (&registry->variants, v, owner);
  g_ptr_array_add (registry->variant_files, g_steal_pointer (&file));
  r->state = KIELA_PLUGIN_LOADED;
  count_items (registry, r, owner);
}

void
kiela_registry_load_variant_file (KielaRegistry *registry, const char *path)
{
  variant_file_record (registry, path, TRUE);
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
  r = new_record (registry, kiela_variant_file_get_path (file) ? kiela_variant_file_get_path (file) : v->id);
  owner = registry->plugins->len - 1;
  r->version = g_strdup ("");
  r->license = g_strdup ("");
  describe_variant_record (r, v);
  item_list_add (&registry->variants, v, owner);
  g_ptr_array_add (registry->variant_files, file);
  r->state = KIELA_PLUGIN_LOADED;
  count_items (registry, r, owner);
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
  g_autoptr(GPtrArray) dirs = kiela_variant_file_get_search_dirs ();

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
  KielaPluginRecord *r = new_record (registry, path);

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

/* ---- checking a module in a child process ---- */

static const char *
signal_name (int sig)
{
  switch (sig)
    {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
    case SIGFPE: return "SIGFPE";
    case SIGTRAP: return "SIGTRAP";
    case SIGSYS: return "SIGSYS";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    default: return NULL;
    }
}

/* How long a module may take to load before the check gives up on it: one that
 * never returns from dlopen() would hang every start. */
#define CHECK_TIMEOUT_S 10

/* kiela-plugin-check sits beside libkiela-core, installed or in the build tree. */
static char *
check_helper_path (void)
{
  Dl_info info;

  if (dladdr ((const void *) kiela_registry_new, &info) && info.dli_fname && g_path_is_absolute (info.dli_fname))
    {
      g_autofree char *dir = g_path_get_dirname (info.dli_fname);
      char *helper = g_build_filename (dir, "kiela-plugin-check", NULL);

      if (g_file_test (helper, G_FILE_TEST_IS_EXECUTABLE))
        return helper;
      g_free (helper);
    }
  return NULL;
}

/* Loads the module in a new process (kiela-plugin-check).  Returns NULL when it
 * loaded, else the reason; *crashed says whether the process died, hung or quit
 * instead of reporting (loading the module here would take this process with it). */
static char *
check_module (const char *module_path, gboolean *crashed)
{
  g_autofree char *helper = check_helper_path ();
  g_autoptr(GError) error = NULL;
  const char *argv[] = { helper, module_path, NULL };
  GString *answer;
  GPid pid;
  int out_fd, status = 0;
  gint64 deadline = g_get_monotonic_time () + CHECK_TIMEOUT_S * G_USEC_PER_SEC;
  gboolean timed_out = FALSE;

  g_auto(GStrv) envp = g_get_environ ();

  *crashed = FALSE;
  /* The check speaks the user's language: from the same build tree when this program runs from one. */
  if (kiela_paths_get_build_root ())
    envp = g_environ_setenv (envp, "KIELA_UNINSTALLED", kiela_paths_get_build_root (), TRUE);
  if (helper == NULL)
    return g_strdup_printf (_("cannot be checked: %s"), _("kiela-plugin-check is not installed beside libkiela-core"));
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, envp,
                                 G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL,
                                 NULL, NULL, &pid, NULL, &out_fd, NULL, &error))
    return g_strdup_printf (_("cannot be checked: %s"), error->message);

  answer = g_string_new (NULL);
  for (;;)
    {
      struct pollfd pfd = { out_fd, POLLIN, 0 };
      gint64 now = g_get_monotonic_time ();
      char buf[512];
      gssize n;

      if (now >= deadline)
        {
          timed_out = TRUE;
          kill (pid, SIGKILL);
          break;
        }
      if (poll (&pfd, 1, (int) ((deadline - now) / 1000) + 1) <= 0)
        continue;
      n = read (out_fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      g_string_append_len (answer, buf, n);
    }
  close (out_fd);
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  g_spawn_close_pid (pid);

  if (timed_out)
    {
      *crashed = TRUE;
      g_string_free (answer, TRUE);
      return g_strdup_printf (_("did not finish loading within %u seconds"), CHECK_TIMEOUT_S);
    }
  if (WIFSIGNALED (status))
    {
      const char *name = signal_name (WTERMSIG (status));
      g_autofree char *sig = name ? g_strdup (name) : g_strdup_printf ("signal %d", WTERMSIG (status));

      *crashed = TRUE;
      g_string_free (answer, TRUE);
      /* TRANSLATORS: %s is a signal name such as SIGSEGV */
      return g_strdup_printf (_("crashed with %s while loading"), sig);
    }
  /* The helper ends its report with a NUL: anything else means the module ended it. */
  if (answer->len == 0 || answer->str[answer->len - 1] != '\0' || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      int code = WIFEXITED (status) ? WEXITSTATUS (status) : -1;

      *crashed = TRUE;
      g_string_free (answer, TRUE);
      return g_strdup_printf (_("exited with status %d while loading"), code);
    }
  if (answer->len == 1)
    {
      g_string_free (answer, TRUE);
      return NULL;
    }
  return g_string_free (answer, FALSE);
}

char *
kiela_plugin_check_module (const char *module_path)
{
  gboolean crashed;

  g_return_val_if_fail (module_path != NULL, NULL);

  return check_module (module_path, &crashed);
}

void
kiela_registry_set_crash_guard (KielaRegistry *registry, gboolean guard)
{
  g_return_if_fail (registry != NULL);

  registry->crash_guard = guard;
}

/* Why a registered lesson cannot be kept now that every module is loaded, or NULL. */
static char *
lesson_problem (KielaRegistry *registry, const KielaLesson *lesson)
{
  const KielaVariant *variant = kiela_registry_lookup_variant (registry, lesson->variant);
  g_autoptr(GError) error = NULL;

  if (variant == NULL)
    return g_strdup_printf (_("lesson “%s” plays the unknown variant “%s”"), lesson->id, lesson->variant);
  if (!g_hash_table_contains (registry->checked_lessons, lesson))
    {
      if (!kiela_lesson_validate (lesson, variant, &error))
        return g_strdup (error->message);
      g_hash_table_add (registry->checked_lessons, (gpointer) lesson);
    }
  for (gsize i = 0; i < lesson->n_steps; i++)
    {
      const char *opponent = kiela_lesson_step_get_opponent (lesson, (guint) i);

      if (opponent && kiela_registry_lookup_personality (registry, opponent) == NULL)
        {
          /* TRANSLATORS: a lesson's game is against an AI opponent that no plugin provides */
          g_autofree char *why = g_strdup_printf (_("its opponent “%s” is unknown"), opponent);
          return g_strdup_printf (_("lesson “%s”, step %u: %s"), lesson->id, (guint) i + 1, why);
        }
    }
  return NULL;
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
      for (guint i = 0; !changed && i < registry->lessons.items->len; i++)
        {
          const KielaLesson *lesson = g_ptr_array_index (registry->lessons.items, i);
          guint owner = g_array_index (registry->lessons.owners, guint, i);
          g_autofree char *reason = lesson_problem (registry, lesson);

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
              g_ptr_array_remove_index (registry->lessons.items, i);
              g_array_remove_index (registry->lessons.owners, i);
            }
          changed = TRUE;
        }
    }
}
