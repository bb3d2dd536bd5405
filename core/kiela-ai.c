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

gboolean
kiela_ai_arrange (const KielaAiAlgorithm *algorithm, const KielaAiRequest *request,
                  guint16 counts[KIELA_MAX_HOUSES], GError **error)
{
  guint16 answer[KIELA_MAX_HOUSES] = { 0 };
  KielaSide side;
  guint n, want, got = 0, beyond = 0;
  const char *name;

  g_return_val_if_fail (algorithm != NULL, FALSE);
  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (counts != NULL, FALSE);

  side = (KielaSide) (request->position.to_move ? KIELA_NORTH : KIELA_SOUTH);
  n = 2u * MIN (request->position.files, KIELA_MAX_FILES);
  want = kiela_position_side_total (&request->position, side);
  name = algorithm->id ? algorithm->id : "?";

  if (request->cancellable != NULL && g_cancellable_is_cancelled (request->cancellable))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           _("The AI was stopped before it arranged its stones."));
      return FALSE;
    }

  if (algorithm->arrange == NULL)
    {
      /* No opinion on arrangements: keep the stones where they are. */
      memcpy (counts, request->position.houses[side], sizeof answer);
      return TRUE;
    }

  if (!algorithm->arrange (request, answer, error))
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
  memcpy (counts, answer, sizeof answer);
  return TRUE;
}
