/* kiela-ai.c: helpers shared by AI algorithms and their hosts (personality settings). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-ai.h"
#include "kiela-position.h"

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
  const char *v;
  char *end = NULL;
  gint64 r;

  if (settings == NULL || (v = g_hash_table_lookup (settings, key)) == NULL)
    return fallback;
  r = g_ascii_strtoll (v, &end, 10);
  return (end == v || *end != '\0') ? fallback : r;
}

gdouble
kiela_ai_setting_double (GHashTable *settings, const char *key, gdouble fallback)
{
  const char *v;
  char *end = NULL;
  gdouble r;

  if (settings == NULL || (v = g_hash_table_lookup (settings, key)) == NULL)
    return fallback;
  r = g_ascii_strtod (v, &end);
  return (end == v || *end != '\0') ? fallback : r;
}
