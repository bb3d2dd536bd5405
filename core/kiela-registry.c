/* kiela-registry.c: the registry of variants, AI algorithms, personalities and lessons: adding, checking, looking up. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-registry-private.h"
#include "kiela-catalogue-i18n.h"
#include "kiela-variant.h"
#include "kiela-position.h"
#include "kiela-lesson-file.h"

static void
item_list_init (KielaItemList *l)
{
  l->items = g_ptr_array_new ();
  l->owners = g_array_new (FALSE, FALSE, sizeof (guint));
}

static void
item_list_clear (KielaItemList *l)
{
  g_ptr_array_unref (l->items);
  g_array_unref (l->owners);
}

void
kiela_item_list_add (KielaItemList *l, gconstpointer item, guint owner)
{
  g_ptr_array_add (l->items, (gpointer) item);
  g_array_append_val (l->owners, owner);
}

static void
item_list_remove_owner (KielaItemList *l, guint owner)
{
  for (guint i = l->items->len; i > 0; i--)
    if (g_array_index (l->owners, guint, i - 1) == owner)
      {
        g_ptr_array_remove_index (l->items, i - 1);
        g_array_remove_index (l->owners, i - 1);
      }
}

static guint
item_list_count_owner (KielaItemList *l, guint owner)
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

/* A time limit from the environment (a slow machine, the tests), 100 ms to 10 minutes. */
static guint
env_ms (const char *name, guint fallback)
{
  const char *text = g_getenv (name);
  guint64 value;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 100, 600000, &value, NULL))
    return fallback;
  return (guint) value;
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
  r->check_timeout_ms = env_ms ("KIELA_PLUGIN_CHECK_TIMEOUT_MS", KIELA_PLUGIN_CHECK_TIMEOUT_MS);
  r->check_budget_ms = env_ms ("KIELA_PLUGIN_CHECK_BUDGET_MS", KIELA_PLUGIN_CHECK_BUDGET_MS);
  r->variant_files = g_ptr_array_new_with_free_func ((GDestroyNotify) kiela_variant_file_free);
  r->lesson_files = g_ptr_array_new_with_free_func ((GDestroyNotify) kiela_lesson_file_free);
  r->lesson_sources = g_hash_table_new (NULL, NULL);
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
  g_hash_table_unref (registry->lesson_sources);
  g_clear_pointer (&registry->check_results, g_hash_table_unref);
  g_ptr_array_unref (registry->lesson_files);
  g_free (registry);
}

gboolean
kiela_registry_valid_id (const char *id)
{
  if (id == NULL || id[0] == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_'))
      return FALSE;
  return TRUE;
}

const char *
kiela_registry_domain (const char *domain)
{
  return domain ? domain : GETTEXT_PACKAGE;
}

const char *
kiela_variant_get_name (const KielaVariant *variant)
{
  return variant->name ? g_dgettext (kiela_registry_domain (variant->translation_domain), variant->name) : variant->id;
}

const char *
_kiela_variant_get_name_in (const KielaVariant *variant, const KielaCatalogue *cat)
{
  /* A catalogue holds this project's messages: a plugin's own domain stays gettext's. */
  if (cat == NULL || variant->name == NULL || !g_str_equal (kiela_registry_domain (variant->translation_domain), GETTEXT_PACKAGE))
    return kiela_variant_get_name (variant);
  return kiela_catalogue_gettext (cat, variant->name);
}

/* Level words are marked NC_("variant level", …) and NC_("AI level", …) because one English
 * word ("Beginner", "Expert") needs a different form per kind in gendered languages; a plugin
 * that marks them with plain N_() still gets its context-free translation. */
static const char *
level_gettext (const char *domain, const char *context, const char *msgid)
{
  const char *s = g_dpgettext2 (kiela_registry_domain (domain), context, msgid);

  return s != msgid ? s : g_dgettext (kiela_registry_domain (domain), msgid);
}

const char *
kiela_variant_get_description (const KielaVariant *variant)
{
  return variant->description ? g_dgettext (kiela_registry_domain (variant->translation_domain), variant->description) : "";
}

const char *
kiela_variant_get_level (const KielaVariant *variant)
{
  return variant->level ? level_gettext (variant->translation_domain, "variant level", variant->level) : NULL;
}

const char *
kiela_personality_get_character (const KielaPersonality *p)
{
  return p->character ? g_dgettext (kiela_registry_domain (p->translation_domain), p->character) : "";
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

  if (v == NULL || !kiela_registry_valid_id (v->id))
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
  if (v->first_move > 2u * v->files)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                   _("Variant “%s”: its first move is from house %u, past the board’s %u houses a side"),
                   id, (guint) v->first_move - 1, 2u * v->files);
      return FALSE;
    }
  if ((v->flags & ~KIELA_VARIANT_FLAGS_KNOWN) != 0 ||
      ((v->flags & KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE) && !v->singles_when_blocked) ||
      /* the in-house first sowing: one more move beside the houses, never clockwise */
      ((v->flags & KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE) && (v->reverse != NULL || 2u * v->files + 1 > KIELA_MAX_BASE_MOVES)) ||
      /* the skip of a threatened single: two more moves, its target its own (no extra capture) */
      ((v->flags & KIELA_VARIANT_FLAG_SINGLE_SKIP) &&
       (v->reverse != NULL || v->extra_capture != 0 || 2u * v->files + 3 > KIELA_MAX_BASE_MOVES)))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT, _("Variant “%s” names an unknown rule"), id);
      return FALSE;
    }
  /* The extra capture: one house, or two on a board small enough for the move list, its stones
   * off the board, never with clockwise moves (a move names either its decisions or its target). */
  if (v->extra_capture > KIELA_EXTRA_CAPTURE_MAX ||
      (v->extra_capture > 1 &&
       !kiela_extra_capture_fits (v->files, (guint) v->extra_capture,
                                  2u * v->files + ((v->flags & KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE) ? 1u : 0u))) ||
      (v->extra_capture != 0 && (v->captured_fate != KIELA_CAPTURED_REMOVED || v->reverse != NULL)))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT, _("Variant “%s” names an unknown rule"), id);
      return FALSE;
    }
  if (v->reverse != NULL)
    {
      const KielaReverseRule *r = v->reverse;
      const guint n_reverse = (guint) __builtin_popcountll (r->houses);

      if (r->when > KIELA_REVERSE_ALWAYS || r->captured > KIELA_REVERSE_CAPTURED_CHOICE ||
          r->relay > KIELA_REVERSE_RELAY_CHOICE)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT, _("Variant “%s” names an unknown rule"), id);
          return FALSE;
        }
      if (n_reverse == 0 || (r->houses >> (2u * v->files)) != 0)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                       _("Variant “%s”: its clockwise sowings name no house, or a house past the board’s %u "
                         "houses a side"), id, 2u * v->files);
          return FALSE;
        }
      /* Every move list holds KIELA_MAX_BASE_MOVES: the houses and their clockwise moves must fit. */
      if (2u * v->files + n_reverse > KIELA_MAX_BASE_MOVES)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                       _("Variant “%s”: %u houses a side and %u clockwise sowings make more than %u moves"),
                       id, 2u * v->files, n_reverse, (guint) KIELA_MAX_BASE_MOVES);
          return FALSE;
        }
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
  if ((v->arrange & ~KIELA_ARRANGE_KNOWN) != 0)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT, _("Variant “%s” names an unknown rule"), id);
      return FALSE;
    }
  /* A game starts from its start when nobody rearranges: that too must be an arrangement
   * the rules allow. */
  for (guint s = 0; s < 2 && v->arrange != 0; s++)
    {
      g_autoptr(GError) why = NULL;

      if (!kiela_variant_check_arrangement (v, (KielaSide) s, v->start[s], &why))
        {
          /* TRANSLATORS: %1$s a variant id, %2$s a side (South), %3$s why (a sentence) */
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT,
                       _("Variant “%1$s”: the start of %2$s is not an arrangement its rules allow. %3$s"),
                       id, kiela_side_display_name ((KielaSide) s), why->message);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
kiela_variant_is_simplified (const KielaVariant *variant)
{
  g_return_val_if_fail (variant != NULL, FALSE);
  return (variant->flags & KIELA_VARIANT_FLAG_SIMPLIFIED) != 0;
}

gboolean
kiela_registry_add_variant (KielaRegistry *registry, const KielaVariant *variant, GError **error)
{
  g_return_val_if_fail (registry != NULL, FALSE);

  if (!kiela_module_holds_item (registry->current_segments, variant, sizeof *variant, "variant", error))
    return FALSE;
  if (variant)
    {
      const char *texts[] = { variant->id, variant->name, variant->description, variant->family, variant->level,
                              variant->translation_domain, variant->source };
      const char *fields[] = { "id", "name", "description", "family", "level", "translation_domain", "source" };

      if (!kiela_module_holds_fields (registry->current_segments, "variant", texts, fields, G_N_ELEMENTS (texts),
                                      NULL, 0, error))
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
  kiela_item_list_add (&registry->variants, variant, registry->current_owner);
  return TRUE;
}

gboolean
kiela_registry_add_ai_algorithm (KielaRegistry *registry, const KielaAiAlgorithm *algorithm, GError **error)
{
  g_return_val_if_fail (registry != NULL, FALSE);

  if (!kiela_module_holds_item (registry->current_segments, algorithm, sizeof *algorithm, "AI algorithm", error))
    return FALSE;
  if (algorithm)
    {
      const char *texts[] = { algorithm->id, algorithm->name, algorithm->description, algorithm->translation_domain };
      const char *fields[] = { "id", "name", "description", "translation_domain" };
      const gconstpointer functions[] = { (gconstpointer) algorithm->check_settings, (gconstpointer) algorithm->think,
                                          (gconstpointer) algorithm->arrange };

      if (!kiela_module_holds_fields (registry->current_segments, "AI algorithm", texts, fields, G_N_ELEMENTS (texts),
                                  functions, G_N_ELEMENTS (functions), error))
        return FALSE;
    }
  if (algorithm == NULL || !kiela_registry_valid_id (algorithm->id) || algorithm->think == NULL)
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
  kiela_item_list_add (&registry->algorithms, algorithm, registry->current_owner);
  return TRUE;
}

gboolean
kiela_registry_add_personality (KielaRegistry *registry, const KielaPersonality *p, GError **error)
{
  g_autoptr(GHashTable) settings = NULL;
  const KielaAiAlgorithm *algo;

  g_return_val_if_fail (registry != NULL, FALSE);

  if (!kiela_module_holds_item (registry->current_segments, p, sizeof *p, "personality", error))
    return FALSE;
  if (p)
    {
      const char *texts[] = { p->id, p->name, p->character, p->portrait_svg, p->level_name, p->algorithm,
                              p->settings, p->translation_domain };
      const char *fields[] = { "id", "name", "character", "portrait_svg", "level_name", "algorithm",
                               "settings", "translation_domain" };

      if (!kiela_module_holds_fields (registry->current_segments, "personality", texts, fields, G_N_ELEMENTS (texts),
                                      NULL, 0, error))
        return FALSE;
    }
  if (p == NULL || !kiela_registry_valid_id (p->id) || p->name == NULL || p->algorithm == NULL)
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
  kiela_item_list_add (&registry->personalities, p, registry->current_owner);
  return TRUE;
}

/* The steps of a module's lesson lie in the module, and so do their texts. */
static gboolean
lesson_steps_in_module (KielaRegistry *registry, const KielaLesson *lesson, GError **error)
{
  if (lesson->steps == NULL || lesson->n_steps == 0 || lesson->n_steps > KIELA_LESSON_MAX_STEPS)
    return TRUE;  /* kiela_lesson_validate() says what is wrong */
  if (!kiela_module_holds_item (registry->current_segments, lesson->steps, lesson->n_steps * sizeof *lesson->steps,
                                "lesson", error))
    return FALSE;
  for (gsize i = 0; i < lesson->n_steps; i++)
    {
      const KielaLessonStep *st = &lesson->steps[i];
      const char *texts[] = { st->text, st->position, st->right, st->wrong, st->hint,
                              st->task.move, st->task.answer, st->task.opponent };
      const char *fields[] = { "step text", "step position", "step right", "step wrong", "step hint",
                               "task move", "task answer", "task opponent" };

      if (!kiela_module_holds_fields (registry->current_segments, "lesson", texts, fields, G_N_ELEMENTS (texts),
                                      NULL, 0, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
kiela_registry_add_lesson (KielaRegistry *registry, const KielaLesson *lesson, GError **error)
{
  const KielaVariant *variant;

  g_return_val_if_fail (registry != NULL, FALSE);

  if (!kiela_module_holds_item (registry->current_segments, lesson, sizeof *lesson, "lesson", error))
    return FALSE;
  if (lesson)
    {
      const char *texts[] = { lesson->id, lesson->title, lesson->summary, lesson->variant, lesson->translation_domain };
      const char *fields[] = { "id", "title", "summary", "variant", "translation_domain" };

      if (!kiela_module_holds_fields (registry->current_segments, "lesson", texts, fields, G_N_ELEMENTS (texts),
                                      NULL, 0, error) ||
          !lesson_steps_in_module (registry, lesson, error))
        return FALSE;
    }
  if (lesson == NULL || !kiela_registry_valid_id (lesson->id) || lesson->title == NULL || lesson->variant == NULL)
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
  kiela_item_list_add (&registry->lessons, lesson, registry->current_owner);
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

/* ---- plugin records ---- */

KielaPluginRecord *
kiela_registry_new_record (KielaRegistry *registry, const char *path)
{
  KielaPluginRecord *r = g_new0 (KielaPluginRecord, 1);

  r->path = g_strdup (path);
  r->state = KIELA_PLUGIN_FAILED;
  g_ptr_array_add (registry->plugins, r);
  return r;
}

void
kiela_plugin_record_fail (KielaPluginRecord *r, const char *fmt, ...)
{
  va_list args;
  g_autofree char *reason = NULL;

  va_start (args, fmt);
  reason = g_strdup_vprintf (fmt, args);
  va_end (args);
  g_free (r->reason);
  /* Reasons quote file names, which need not be UTF-8; the plugins page shows them. */
  r->reason = g_utf8_make_valid (reason, -1);
  r->state = KIELA_PLUGIN_FAILED;
}

KielaPluginRecord *
kiela_registry_find_loaded_plugin (KielaRegistry *registry, const char *id)
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

void
kiela_registry_remove_owner (KielaRegistry *registry, guint owner)
{
  item_list_remove_owner (&registry->variants, owner);
  item_list_remove_owner (&registry->algorithms, owner);
  item_list_remove_owner (&registry->personalities, owner);
  item_list_remove_owner (&registry->lessons, owner);
}

void
kiela_registry_count_items (KielaRegistry *registry, KielaPluginRecord *r, guint owner)
{
  r->n_variants = item_list_count_owner (&registry->variants, owner);
  r->n_algorithms = item_list_count_owner (&registry->algorithms, owner);
  r->n_personalities = item_list_count_owner (&registry->personalities, owner);
  r->n_lessons = item_list_count_owner (&registry->lessons, owner);
}
void
kiela_registry_set_crash_guard (KielaRegistry *registry, gboolean guard)
{
  g_return_if_fail (registry != NULL);

  registry->crash_guard = guard;
}

/* Why a registered personality cannot be kept now that every module is loaded, or NULL. */
static char *
personality_problem (KielaRegistry *registry, gconstpointer item)
{
  const KielaPersonality *p = item;
  const KielaAiAlgorithm *algo = kiela_registry_lookup_ai_algorithm (registry, p->algorithm);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) settings = NULL;

  if (algo == NULL)
    return g_strdup_printf (_("personality “%s” refers to the unknown AI algorithm “%s”"), p->id, p->algorithm);
  if (algo->check_settings == NULL)
    return NULL;
  settings = kiela_ai_parse_settings (p->settings, &error);
  if (settings == NULL || !algo->check_settings (settings, &error))
    return g_strdup_printf (_("personality “%s” has invalid settings: %s"), p->id, error ? error->message : "");
  return NULL;
}

/* Why a registered lesson cannot be kept now that every module is loaded, or NULL. */
static char *
lesson_problem (KielaRegistry *registry, gconstpointer item)
{
  const KielaLesson *lesson = item;
  const KielaVariant *variant = kiela_registry_lookup_variant (registry, lesson->variant);
  KielaLessonFile *file = g_hash_table_lookup (registry->lesson_sources, lesson);
  g_autoptr(GError) error = NULL;

  /* A lesson file's problems point into the file. */
  if (file)
    return kiela_lesson_file_problem (registry, file, lesson);
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

/* Drops the first item of `list` that `problem` refuses, with the whole module that
 * registered it (its record then says why); TRUE when one was dropped. */
static gboolean
drop_first_refused (KielaRegistry *registry, KielaItemList *list,
                    char *(*problem) (KielaRegistry *registry, gconstpointer item))
{
  for (guint i = 0; i < list->items->len; i++)
    {
      g_autofree char *reason = problem (registry, g_ptr_array_index (list->items, i));
      guint owner = g_array_index (list->owners, guint, i);

      if (reason == NULL)
        continue;
      if (owner < registry->plugins->len)
        {
          KielaPluginRecord *r = g_ptr_array_index (registry->plugins, owner);

          kiela_registry_remove_owner (registry, owner);
          kiela_plugin_record_fail (r, "%s", reason);
          kiela_registry_count_items (registry, r, owner);
        }
      else
        {
          g_ptr_array_remove_index (list->items, i);
          g_array_remove_index (list->owners, i);
        }
      return TRUE;
    }
  return FALSE;
}

void
kiela_registry_finish_loading (KielaRegistry *registry)
{
  /* Dropping a module can orphan another's personalities and lessons: repeat until stable. */
  while (drop_first_refused (registry, &registry->personalities, personality_problem) ||
         drop_first_refused (registry, &registry->lessons, lesson_problem))
    ;
}
