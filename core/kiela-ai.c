/* kiela-ai.c: the host side of the AI interface: settings, resolving personalities, and checked think/arrange calls. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-ai.h"
#include "kiela-getter-private.h"
#include "kiela-position.h"
#include "kiela-registry.h"
#include "kiela-sow.h"

struct _KielaAiCache {
  GHashTable *blocks;  /* key -> CacheBlock */
  gint        users;   /* searches using it now (atomic): more than one is a host's bug */
};

/* A host gives a cache to one search at a time: two at once would tear its tables.  Said,
 * not survived: the host is to be fixed. */
static void
cache_enter (KielaAiCache *cache, const char *name)
{
  if (cache != NULL && g_atomic_int_add (&cache->users, 1) != 0)
    g_critical ("Two searches use one KielaAiCache at once (the AI algorithm “%s”): "
                "a cache is for one search at a time", name);
}

static void
cache_leave (KielaAiCache *cache)
{
  if (cache != NULL)
    g_atomic_int_add (&cache->users, -1);
}

GHashTable *
kiela_ai_parse_settings (const char *settings, GError **error)
{
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) words = NULL;

  if (settings == NULL)
    return g_steal_pointer (&table);

  words = g_strsplit_set (settings, " \t\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *eq;

      if (words[i][0] == '\0')
        continue;
      eq = strchr (words[i], '=');
      if (eq == NULL || eq == words[i])
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       _("AI settings “%s”: “%s” is not of the form key=value"), settings, words[i]);
          return NULL;
        }
      g_hash_table_replace (table, g_strndup (words[i], (gsize) (eq - words[i])), g_strdup (eq + 1));
    }
  return g_steal_pointer (&table);
}

gint64
kiela_ai_setting_int (GHashTable *settings, const char *key, gint64 fallback)
{
  const char *v = settings ? g_hash_table_lookup (settings, key) : NULL;
  gint64 r;

  return v && g_ascii_string_to_signed (v, 10, G_MININT64, G_MAXINT64, &r, NULL) ? r : fallback;
}

gdouble
kiela_ai_setting_double (GHashTable *settings, const char *key, gdouble fallback)
{
  const char *v = settings ? g_hash_table_lookup (settings, key) : NULL;
  char *end = NULL;
  gdouble r = v ? g_ascii_strtod (v, &end) : fallback;

  return v && end != v && *end == '\0' ? r : fallback;
}

/* TRUE, with G_IO_ERROR_CANCELLED and `message`, when the request was cancelled before the AI ran. */
static gboolean
cancelled_before (const KielaAiRequest *request, const char *message, GError **error)
{
  if (request->cancellable == NULL || !g_cancellable_is_cancelled (request->cancellable))
    return FALSE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, message);
  return TRUE;
}

gboolean
kiela_ai_arrange (const KielaAiAlgorithm *algorithm, const KielaAiRequest *request,
                  guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  guint16 answer[KIELA_MAX_HOUSES] = { 0 };
  KielaSide side;
  guint n, want, got = 0, beyond = 0;
  const char *name;
  gboolean ok;

  g_return_val_if_fail (algorithm != NULL, FALSE);
  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (counts != NULL, FALSE);

  side = (KielaSide) (request->position.to_move ? KIELA_NORTH : KIELA_SOUTH);
  n = 2u * MIN (request->position.files, KIELA_MAX_FILES);
  want = kiela_position_side_total (&request->position, side);
  name = algorithm->id ? algorithm->id : "?";

  if (cancelled_before (request, _("The AI was stopped before it arranged its stones."), error))
    return FALSE;

  if (algorithm->arrange == NULL)
    {
      /* No opinion on arrangements: keep the stones where they are. */
      memcpy (counts, request->position.houses[side], sizeof answer);
      return TRUE;
    }

  cache_enter (request->cache, name);
  ok = algorithm->arrange (request, answer, error);
  cache_leave (request->cache);
  if (!ok)
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                     _("The AI algorithm “%s” could not arrange the stones of %s."),
                     name, kiela_side_display_name (side));
      return FALSE;
    }

  for (guint i = 0; i < KIELA_MAX_HOUSES; i++)
    {
      if (i < n)
        got += answer[i];
      else
        beyond += answer[i];
    }
  if (beyond > 0)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The AI algorithm “%s” put %u stone past the %u houses of %s.",
                                "The AI algorithm “%s” put %u stones past the %u houses of %s.",
                                beyond),
                   name, beyond, n, kiela_side_display_name (side));
      return FALSE;
    }
  if (got != want)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The AI algorithm “%s” arranged %u stone, but %s has %u.",
                                "The AI algorithm “%s” arranged %u stones, but %s has %u.",
                                got),
                   name, got, kiela_side_display_name (side), want);
      return FALSE;
    }
  if (request->variant != NULL)
    {
      g_autoptr(GError) why = NULL;

      if (!kiela_variant_check_arrangement (request->variant, side, answer, &why))
        {
          /* TRANSLATORS: %1$s an AI algorithm's id, %2$s a side, %3$s why (a sentence) */
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       _("The AI algorithm “%1$s” arranged the stones of %2$s in a way the rules do not allow. %3$s"),
                       name, kiela_side_display_name (side), why->message);
          return FALSE;
        }
    }
  memcpy (counts, answer, sizeof answer);
  return TRUE;
}

gboolean
kiela_ai_think (const KielaAiAlgorithm *algorithm, const KielaAiRequest *request,
                KielaAiReply *reply, GError **error)
{
  KielaAiReply answer;
  KielaMove moves[KIELA_MAX_MOVES];
  GError *local = NULL;
  const char *name;
  guint n, houses;
  gboolean ok;

  g_return_val_if_fail (algorithm != NULL, FALSE);
  g_return_val_if_fail (request != NULL && request->variant != NULL, FALSE);
  g_return_val_if_fail (reply != NULL, FALSE);

  name = algorithm->id ? algorithm->id : "?";
  if (cancelled_before (request, _("The AI was stopped before it chose a move."), error))
    return FALSE;
  if (algorithm->think == NULL)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("The AI algorithm “%s” cannot choose moves."), name);
      return FALSE;
    }

  memset (&answer, 0, sizeof answer);
  answer.move = -1;
  cache_enter (request->cache, name);
  ok = algorithm->think (request, &answer, &local);
  cache_leave (request->cache);
  if (!ok)
    {
      if (local == NULL)
        local = g_error_new (KIELA_ERROR, KIELA_ERROR_PLUGIN,
                             _("The AI algorithm “%s” found no move."), name);
      g_propagate_error (error, local);
      return FALSE;
    }
  /* A plugin's reason is shown as is: make sure it ends. */
  answer.reason[sizeof answer.reason - 1] = '\0';
  g_clear_error (&local);

  n = kiela_legal_moves (request->variant, &request->position, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    if (moves[i] == answer.move)
      {
        *reply = answer;
        return TRUE;
      }

  houses = 2u * request->position.files;
  if (answer.move >= 0 && (guint) answer.move < houses)
    {
      g_autofree char *why = kiela_explain_illegal (request->variant, &request->position, answer.move);
      char square[4];

      kiela_square_name (request->position.files, (KielaSide) request->position.to_move, (guint) answer.move, square);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                   _("The AI algorithm “%s” chose %s, which may not be played: %s"),
                   name, square, why ? why : _("no move is possible."));
    }
  else
    g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                 _("The AI algorithm “%s” chose house %d, which is not on the board (houses 0 to %u)."),
                 name, answer.move, houses - 1);
  return FALSE;
}

struct _KielaAiConfig {
  gatomicrefcount         ref;
  char                   *spec;
  char                   *id;
  char                   *label;
  const KielaPersonality *personality;
  const KielaAiAlgorithm *algorithm;
  GHashTable             *settings;
};

static void
config_free (KielaAiConfig *config)
{
  g_free (config->spec);
  g_free (config->id);
  g_free (config->label);
  g_clear_pointer (&config->settings, g_hash_table_unref);
  g_free (config);
}

KielaAiConfig *
kiela_ai_config_ref (KielaAiConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  g_atomic_ref_count_inc (&config->ref);
  return config;
}

void
kiela_ai_config_unref (KielaAiConfig *config)
{
  g_return_if_fail (config != NULL);
  if (g_atomic_ref_count_dec (&config->ref))
    config_free (config);
}

static char *
known_personalities (KielaRegistry *registry)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  GString *s = g_string_new (NULL);

  for (guint i = 0; all != NULL && i < all->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (all, i);
      g_string_append_printf (s, "%s%s", i ? ", " : "", p->id);
    }
  return g_string_free (s, FALSE);
}

static KielaAiConfig *
config_build (KielaRegistry *registry, const KielaPersonality *personality, const char *spec,
              const char *id, const char *overrides, guint64 max_nodes, GError **error)
{
  KielaAiConfig *config = g_new0 (KielaAiConfig, 1);
  g_autoptr(GError) local = NULL;

  g_atomic_ref_count_init (&config->ref);
  config->spec = g_strdup (spec);
  config->id = g_strdup (id);
  config->personality = personality;

  if (personality != NULL)
    {
      config->algorithm = kiela_registry_lookup_ai_algorithm (registry, personality->algorithm);
      config->label = g_strdup (personality->name);
      if (config->algorithm == NULL)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       _("%s plays with the algorithm “%s”, which is not installed."),
                       personality->name, personality->algorithm);
          config_free (config);
          return NULL;
        }
      config->settings = kiela_ai_parse_settings (personality->settings, &local);
    }
  else
    {
      config->algorithm = kiela_registry_lookup_ai_algorithm (registry, id);
      config->label = g_strdup (id);
      if (config->algorithm == NULL)
        {
          g_autofree char *known = known_personalities (registry);
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       _("unknown AI “%s” (personalities: %s)"), id, known);
          config_free (config);
          return NULL;
        }
      config->settings = kiela_ai_parse_settings (NULL, &local);
    }
  if (config->settings == NULL)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("AI “%s”: %s"), id, local->message);
      config_free (config);
      return NULL;
    }

  if (overrides != NULL && overrides[0] != '\0')
    {
      g_autoptr(GHashTable) extra = kiela_ai_parse_settings (overrides, &local);
      GHashTableIter iter;
      gpointer k, v;

      if (extra == NULL)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("AI “%s”: %s"), spec, local->message);
          config_free (config);
          return NULL;
        }
      g_hash_table_iter_init (&iter, extra);
      while (g_hash_table_iter_next (&iter, &k, &v))
        g_hash_table_replace (config->settings, g_strdup (k), g_strdup (v));
      g_free (config->label);
      config->label = g_strdup (spec);
    }

  /* A cap only ever lowers the settings' own. */
  if (max_nodes > 0)
    {
      gint64 own = kiela_ai_setting_int (config->settings, "nodes", 0);

      if (own <= 0 || (guint64) own > max_nodes)
        g_hash_table_replace (config->settings, g_strdup ("nodes"),
                              g_strdup_printf ("%" G_GUINT64_FORMAT, max_nodes));
    }

  if (config->algorithm->check_settings != NULL
      && !config->algorithm->check_settings (config->settings, &local))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("AI “%s”: %s"), spec,
                   local ? local->message : _("the algorithm rejects these settings"));
      config_free (config);
      return NULL;
    }
  return config;
}

KielaAiConfig *
kiela_ai_config_new (KielaRegistry *registry, const char *spec, guint64 max_nodes, GError **error)
{
  g_auto(GStrv) words = NULL;
  const char *id;

  g_return_val_if_fail (registry != NULL, NULL);
  g_return_val_if_fail (spec != NULL, NULL);

  words = g_strsplit (spec, " ", 2);
  id = words[0] ? words[0] : "";
  return config_build (registry, kiela_registry_lookup_personality (registry, id), spec, id,
                       words[0] ? words[1] : NULL, max_nodes, error);
}

KielaAiConfig *
kiela_ai_config_new_for_personality (KielaRegistry *registry, const KielaPersonality *personality, GError **error)
{
  g_return_val_if_fail (registry != NULL, NULL);
  g_return_val_if_fail (personality != NULL, NULL);

  return config_build (registry, personality, personality->id, personality->id, NULL, 0, error);
}

KIELA_DEFINE_GETTER (const char *, kiela_ai_config_get_spec, KielaAiConfig, spec)
KIELA_DEFINE_GETTER (const char *, kiela_ai_config_get_id, KielaAiConfig, id)
KIELA_DEFINE_GETTER (const char *, kiela_ai_config_get_label, KielaAiConfig, label)
KIELA_DEFINE_GETTER (const KielaPersonality *, kiela_ai_config_get_personality, KielaAiConfig, personality)
KIELA_DEFINE_GETTER (const KielaAiAlgorithm *, kiela_ai_config_get_algorithm, KielaAiConfig, algorithm)
KIELA_DEFINE_GETTER (GHashTable *, kiela_ai_config_get_settings, KielaAiConfig, settings)

gboolean
kiela_ai_config_equal (KielaAiConfig *a, KielaAiConfig *b)
{
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  if (a == b)
    return TRUE;
  if (a->algorithm != b->algorithm || a->personality != b->personality
      || g_hash_table_size (a->settings) != g_hash_table_size (b->settings))
    return FALSE;
  g_hash_table_iter_init (&iter, a->settings);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (b->settings, key)) != 0)
      return FALSE;
  return TRUE;
}

gboolean
kiela_ai_config_think (KielaAiConfig *config, const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  KielaAiRequest r;

  g_return_val_if_fail (config != NULL && request != NULL, FALSE);
  r = *request;
  r.settings = config->settings;
  return kiela_ai_think (config->algorithm, &r, reply, error);
}

gboolean
kiela_ai_config_arrange (KielaAiConfig *config, const KielaAiRequest *request,
                         guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  KielaAiRequest r;

  g_return_val_if_fail (config != NULL && request != NULL, FALSE);
  r = *request;
  r.settings = config->settings;
  return kiela_ai_arrange (config->algorithm, &r, counts, error);
}

/* What a worker thread needs: private copies, since the caller's may change at once. */
typedef struct {
  KielaAiConfig  *config;
  KielaAiRequest  request;
  KielaPosition  *history;
  KielaAiReply    reply;
  guint16         counts[KIELA_MAX_HOUSES];
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  kiela_ai_config_unref (job->config);
  g_free (job->history);
  g_free (job);
}

static GTask *
job_task_new (KielaAiConfig *config, const KielaAiRequest *request, GCancellable *cancellable,
              GAsyncReadyCallback callback, gpointer user_data, gpointer tag)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  g_task_set_source_tag (task, tag);
  job->config = kiela_ai_config_ref (config);
  job->request = *request;
  if (request->n_history > 0 && request->history != NULL)
    job->history = g_memdup2 (request->history, sizeof (KielaPosition) * request->n_history);
  else
    job->request.n_history = 0;
  job->request.history = job->history;
  job->request.cancellable = cancellable;
  job->request.settings = config->settings;
  g_task_set_task_data (task, job, job_free);
  return task;
}

/* A late answer must never land: a cancelled task returns "cancelled" whatever the algorithm said. */
static void
job_return (GTask *task, gboolean ok, GError *error)
{
  GCancellable *cancellable = g_task_get_cancellable (task);

  if (cancellable != NULL && g_cancellable_is_cancelled (cancellable))
    {
      g_clear_error (&error);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Cancelled"));
    }
  else if (!ok)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
think_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  gboolean ok = kiela_ai_think (job->config->algorithm, &job->request, &job->reply, &error);

  job_return (task, ok, error);
}

static void
arrange_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  gboolean ok = kiela_ai_arrange (job->config->algorithm, &job->request, job->counts, &error);

  job_return (task, ok, error);
}

/* Runs `func` on a worker thread with a new job; `tag` is the _async function. */
static void
job_run (KielaAiConfig *config, const KielaAiRequest *request, GCancellable *cancellable,
         GAsyncReadyCallback callback, gpointer user_data, gpointer tag, GTaskThreadFunc func)
{
  g_autoptr(GTask) task = job_task_new (config, request, cancellable, callback, user_data, tag);

  g_task_run_in_thread (task, func);
}

void
kiela_ai_config_think_async (KielaAiConfig *config, const KielaAiRequest *request, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (config != NULL && request != NULL);
  job_run (config, request, cancellable, callback, user_data, kiela_ai_config_think_async, think_thread);
}

/* The finished job, or NULL with the error (or cancellation) it ended with. */
static Job *
job_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  return g_task_get_task_data (G_TASK (result));
}

gboolean
kiela_ai_config_think_finish (GAsyncResult *result, KielaAiReply *reply, GError **error)
{
  Job *job = job_finish (result, error);

  if (job == NULL)
    return FALSE;
  if (reply != NULL)
    *reply = job->reply;
  return TRUE;
}

void
kiela_ai_config_arrange_async (KielaAiConfig *config, const KielaAiRequest *request, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (config != NULL && request != NULL);
  job_run (config, request, cancellable, callback, user_data, kiela_ai_config_arrange_async, arrange_thread);
}

gboolean
kiela_ai_config_arrange_finish (GAsyncResult *result, KielaSide *side, guint16 counts[KIELA_MAX_HOUSES],
                                GError **error)
{
  Job *job = job_finish (result, error);

  if (job == NULL)
    return FALSE;
  if (side != NULL)
    *side = (KielaSide) job->request.position.to_move;
  if (counts != NULL)
    memcpy (counts, job->counts, sizeof job->counts);
  return TRUE;
}

/* ---------- memory kept across think() calls ---------- */

typedef struct {
  gsize    size;
  gpointer data;
} CacheBlock;

static void
cache_block_free (gpointer p)
{
  CacheBlock *b = p;

  g_free (b->data);
  g_free (b);
}

KielaAiCache *
kiela_ai_cache_new (void)
{
  KielaAiCache *cache = g_new0 (KielaAiCache, 1);

  cache->blocks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cache_block_free);
  return cache;
}

void
kiela_ai_cache_free (KielaAiCache *cache)
{
  if (cache == NULL)
    return;
  if (g_atomic_int_get (&cache->users) != 0)
    g_critical ("A KielaAiCache was freed while a search used it");
  g_hash_table_unref (cache->blocks);
  g_free (cache);
}

gpointer
kiela_ai_cache_get (KielaAiCache *cache, const char *key, gsize size, gboolean *fresh)
{
  CacheBlock *b;

  g_return_val_if_fail (cache != NULL && key != NULL && size > 0, NULL);

  b = g_hash_table_lookup (cache->blocks, key);
  if (b != NULL && b->size == size)
    {
      if (fresh)
        *fresh = FALSE;
      return b->data;
    }
  b = g_new (CacheBlock, 1);
  b->size = size;
  b->data = g_malloc0 (size);
  g_hash_table_replace (cache->blocks, g_strdup (key), b);
  if (fresh)
    *fresh = TRUE;
  return b->data;
}
