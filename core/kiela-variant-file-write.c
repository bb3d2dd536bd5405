/* kiela-variant-file-write.c: a variant as a *.kiela-variant key file: made from a KielaVariant
 * (refused with the reason when the format cannot hold it), written as key-file text, saved. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-variant.h"
#include "kiela-variant-file-private.h"
#include "kiela-error.h"

KielaVariantFile *
kiela_variant_file_new_from_variant (const KielaVariant *variant, GError **error)
{
  g_autoptr(KielaVariantFile) vf = NULL;

  g_return_val_if_fail (variant != NULL, NULL);
  if (!kiela_variant_validate (variant, error))
    return NULL;
  if (variant->level && !g_strv_contains (level_words, variant->level))
    {
      g_set_error (error, KIELA_VARIANT_FILE_ERROR, KIELA_VARIANT_FILE_ERROR_UNSUPPORTED,
                   _("Variant “%s”: its level “%s” cannot be written to a file"), variant->id, variant->level);
      return NULL;
    }
  if (variant->arrange && !variant->setup_phase)
    {
      g_set_error (error, KIELA_VARIANT_FILE_ERROR, KIELA_VARIANT_FILE_ERROR_UNSUPPORTED,
                   _("Variant “%s”: rules of the arrangement without a setup phase cannot be written to a file"),
                   variant->id);
      return NULL;
    }
  vf = g_new0 (KielaVariantFile, 1);
  vf->variant = *variant;
  memset (vf->variant.reserved, 0, sizeof vf->variant.reserved);
  if (variant->reverse)
    {
      vf->reverse = *variant->reverse;
      vf->variant.reverse = &vf->reverse;
    }
  vf->id = g_strdup (variant->id);
  vf->name = g_strdup (variant->name);
  vf->description = g_strdup (variant->description);
  vf->family = g_strdup (variant->family);
  vf->level = g_strdup (variant->level);
  vf->source = g_strdup (variant->source);
  vf->domain = g_strdup (variant->translation_domain ? variant->translation_domain : GETTEXT_PACKAGE);
  vf->variant.id = vf->id;
  vf->variant.name = vf->name;
  vf->variant.description = vf->description;
  vf->variant.family = vf->family;
  vf->variant.level = vf->level;
  vf->variant.source = vf->source;
  vf->variant.translation_domain = vf->domain;
  return g_steal_pointer (&vf);
}

static void
set_houses (GKeyFile *kf, const char *key, const guint16 *houses, guint n)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%u", i ? ";" : "", houses[i]);
  g_key_file_set_value (kf, KIELA_VARIANT_FILE_GROUP, key, s->str);
}

char *
kiela_variant_file_to_data (KielaVariantFile *file, gsize *length)
{
  const KielaVariant *v = &file->variant;
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  const char *g = KIELA_VARIANT_FILE_GROUP;

  g_key_file_set_string (kf, g, "Id", v->id);
  if (kiela_variant_file_is_builtin (file))
    g_key_file_set_string (kf, g, "TranslationDomain", file->domain);
  g_key_file_set_string (kf, g, "Name", v->name);
  if (v->description)
    g_key_file_set_string (kf, g, "Description", v->description);
  if (v->family)
    g_key_file_set_string (kf, g, "Family", v->family);
  if (v->level)
    g_key_file_set_string (kf, g, "Level", v->level);
  if (v->source)
    g_key_file_set_string (kf, g, "Source", v->source);
  if (file->reading)
    g_key_file_set_string (kf, g, "Reading", file->reading);
  g_key_file_set_integer (kf, g, "Files", v->files);
  set_houses (kf, "StartHouses", v->start[0], 2u * v->files);
  if (memcmp (v->start[0], v->start[1], sizeof v->start[0]) != 0)
    set_houses (kf, "StartNorth", v->start[1], 2u * v->files);
  g_key_file_set_string (kf, g, "Arrangement", !v->setup_phase ? "none" : v->arrange ? "constrained" : "free");
  if (v->arrange)
    {
      g_autoptr(GString) rules = g_string_new (NULL);

      if (v->arrange & KIELA_ARRANGE_LEFTMOST_MOST)
        g_string_append (rules, "leftmost-outer-most;");
      if (v->arrange & KIELA_ARRANGE_NON_INCREASING)
        g_string_append (rules, "non-increasing;");
      if (KIELA_ARRANGE_HAS_INNER_SINGLES (v->arrange))
        g_string_append_printf (rules, "inner-singles-at-most:%u;", KIELA_ARRANGE_INNER_SINGLES_MAX (v->arrange));
      g_string_truncate (rules, rules->len - 1);
      g_key_file_set_string (kf, g, "ArrangeRules", rules->str);
    }
  g_key_file_set_integer (kf, g, "MinSow", v->min_sow);
  g_key_file_set_string (kf, g, "Singles", !v->singles_when_blocked ? "always"
                                           : (v->flags & KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE) ? "when-blocked-any-house"
                                           : "when-blocked");
  g_key_file_set_string (kf, g, "Direction", "anticlockwise");
  g_key_file_set_string (kf, g, "Relay", v->relay_rule == KIELA_RELAY_NEVER ? "never" : "occupied");
  g_key_file_set_string (kf, g, "CaptureTrigger",
                         v->capture_rule == KIELA_CAPTURE_EMPTY_INNER ? "empty-inner" : "occupied-inner");
  g_key_file_set_string (kf, g, "CaptureNeeds",
                         v->capture_rule == KIELA_CAPTURE_OCCUPIED_INNER_BOTH ? "facing-inner-and-outer"
                                                                              : "facing-inner");
  g_key_file_set_string (kf, g, "Captured", "inner-and-outer");
  g_key_file_set_string (kf, g, "CapturedStones", fate_words[v->captured_fate]);
  g_key_file_set_string (kf, g, "CaptureEndsTurn", v->captured_fate == KIELA_CAPTURED_REMOVED ? "true" : "false");
  g_key_file_set_integer (kf, g, "LapLimit", (gint) v->lap_limit);
  g_key_file_set_string (kf, g, "EndlessMove", v->endless_policy == KIELA_ENDLESS_LOSES ? "loses" : "illegal");
  g_key_file_set_string (kf, g, "End", "no-moves-loses;repetition-draws");
  g_key_file_set_string (kf, g, "Default", v->default_variant ? "true" : "false");
  g_key_file_set_string (kf, g, "PhaseChange",
                         v->flags & KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES ? "no-house-over-one" : "none");
  g_key_file_set_string (kf, g, "LaterPhase",
                         v->flags & KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES ? "singles-into-empty" : "none");
  if (v->first_move)
    g_key_file_set_integer (kf, g, "FirstMove", (gint) v->first_move - 1);
  else
    g_key_file_set_string (kf, g, "FirstMove", "none");
  g_key_file_set_string (kf, g, "Simplified", kiela_variant_is_simplified (v) ? "true" : "false");
  if (v->reverse)
    {
      g_autoptr(GString) houses = g_string_new (NULL);

      for (guint h = 0; h < 2u * v->files; h++)
        if (v->reverse->houses & (G_GUINT64_CONSTANT (1) << h))
          g_string_append_printf (houses, "%s%u", houses->len ? ";" : "", h);
      g_key_file_set_string (kf, g, "ReverseFrom", houses->str);
      g_key_file_set_string (kf, g, "ReverseWhen", reverse_when_words[v->reverse->when]);
      g_key_file_set_string (kf, g, "ReverseCaptured", reverse_captured_words[v->reverse->captured]);
      g_key_file_set_string (kf, g, "ReverseRelay", reverse_relay_words[v->reverse->relay]);
    }
  else
    g_key_file_set_string (kf, g, "ReverseFrom", "none");
  g_key_file_set_string (kf, g, "BothEndsWin", (v->flags & KIELA_VARIANT_FLAG_WIN_BOTH_ENDS) ? "true" : "false");
  g_key_file_set_string (kf, g, "FirstSowing",
                         first_sowing_words[(v->flags & KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE) ? 1 : 0]);
  g_key_file_set_integer (kf, g, "ExtraCapture", (gint) v->extra_capture);
  g_key_file_set_string (kf, g, "SingleSkip", single_skip_words[(v->flags & KIELA_VARIANT_FLAG_SINGLE_SKIP) ? 1 : 0]);
  return g_key_file_to_data (kf, length, NULL);
}

gboolean
kiela_variant_file_save (KielaVariantFile *file, const char *path, GError **error)
{
  gsize length;
  g_autofree char *data = kiela_variant_file_to_data (file, &length);

  return g_file_set_contents (path, data, (gssize) length, error);
}
