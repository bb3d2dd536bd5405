/* kiela-variant-file.c: reads *.kiela-variant key files, each error naming its file, line and key;
 * kiela-variant-file-write.c writes them. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-variant.h"
#include "kiela-variant-file-private.h"
#include "kiela-getter-private.h"
#include "kiela-error.h"
#include "kiela-file.h"
#include "kiela-paths.h"
#include "kiela-paths-private.h"
#include "kiela-registry.h"
#include "kiela-position.h"

#define MAX_FILE_SIZE (64 * 1024)
/* The gettext domain of user files: it has no catalogue, so their own (localized) texts show. */
#define USER_DOMAIN "kiela-variant-file"

G_DEFINE_QUARK (kiela-variant-file-error-quark, kiela_variant_file_error)

/* ---- the keys (their words are in kiela-variant-file-private.h) ---- */

static const KielaVariantFileKey keys[] = {
  { "Id", NULL, NULL, 0, 0, FALSE },
  { "Name", NULL, NULL, 0, 0, TRUE },
  { "Description", NULL, NULL, 0, 0, TRUE },
  { "Family", NULL, NULL, 0, 0, FALSE },
  { "Level", level_words, level_words, 0, 0, FALSE },
  { "Source", NULL, NULL, 0, 0, FALSE },
  { "Reading", NULL, NULL, 0, 0, FALSE },
  { "TranslationDomain", NULL, NULL, 0, 0, FALSE },
  { "Files", NULL, NULL, KIELA_MIN_FILES, KIELA_MAX_FILES, FALSE },
  { "Start", NULL, NULL, 0, 0, FALSE },
  { "StartHouses", NULL, NULL, 0, 0, FALSE },
  { "StartNorth", NULL, NULL, 0, 0, FALSE },
  { "Arrangement", arrangement_words, arrangement_ok, 0, 0, FALSE },
  { "ArrangeRules", NULL, NULL, 0, 0, FALSE },
  { "MinSow", NULL, NULL, 1, 255, FALSE },
  { "Singles", singles_words, singles_words, 0, 0, FALSE },
  { "Direction", direction_words, direction_ok, 0, 0, FALSE },
  { "Relay", relay_words, relay_words, 0, 0, FALSE },
  { "CaptureTrigger", trigger_words, trigger_words, 0, 0, FALSE },
  { "CaptureNeeds", needs_words, needs_words, 0, 0, FALSE },
  { "Captured", captured_words, captured_ok, 0, 0, FALSE },
  { "CapturedStones", fate_words, fate_words, 0, 0, FALSE },
  { "CaptureEndsTurn", bool_words, bool_words, 0, 0, FALSE },
  { "LapLimit", NULL, NULL, 1, KIELA_LAP_LIMIT_MAX, FALSE },
  { "EndlessMove", endless_words, endless_words, 0, 0, FALSE },
  { "End", end_words, end_words, 0, 0, FALSE },
  { "Default", bool_words, bool_words, 0, 0, FALSE },
  { "PhaseChange", phase_change_words, phase_change_words, 0, 0, FALSE },
  { "LaterPhase", later_phase_words, later_phase_words, 0, 0, FALSE },
  { "FirstMove", NULL, NULL, 0, 0, FALSE },
  { "Simplified", bool_words, bool_words, 0, 0, FALSE },
  { "ReverseFrom", NULL, NULL, 0, 0, FALSE },
  { "ReverseWhen", reverse_when_words, reverse_when_words, 0, 0, FALSE },
  { "ReverseCaptured", reverse_captured_words, reverse_captured_words, 0, 0, FALSE },
  { "ReverseRelay", reverse_relay_words, reverse_relay_words, 0, 0, FALSE },
  { "BothEndsWin", bool_words, bool_words, 0, 0, FALSE },
  { "FirstSowing", first_sowing_words, first_sowing_words, 0, 0, FALSE },
  /* 2 is a reading of a source (two more houses), refused as not played yet */
  { "ExtraCapture", NULL, NULL, 0, 2, FALSE },
  { "SingleSkip", single_skip_words, single_skip_words, 0, 0, FALSE },
};

const KielaVariantFileKey *
kiela_variant_file_get_keys (guint *n_keys)
{
  if (n_keys)
    *n_keys = G_N_ELEMENTS (keys);
  return keys;
}

static const KielaVariantFileKey *
find_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (strcmp (keys[i].key, key) == 0)
      return &keys[i];
  return NULL;
}

/* ---- errors ---- */

typedef KielaVariantFileParser Parser;

/* The 1-based line of `key` (a full key, "Name[fr]" included) in the [Variant] group; 0 when absent. */
static guint
key_line (const Parser *p, const char *key)
{
  const char *s = p->data, *end = p->data + p->length;
  gboolean in_group = FALSE;
  gsize key_len = strlen (key);

  for (guint line = 1; s < end; line++)
    {
      const char *eol = memchr (s, '\n', end - s);
      const char *t = s;

      if (eol == NULL)
        eol = end;
      while (t < eol && (*t == ' ' || *t == '\t'))
        t++;
      if (t < eol && *t == '[')
        in_group = (gsize) (eol - t) >= sizeof KIELA_VARIANT_FILE_GROUP + 1 &&
                   strncmp (t + 1, KIELA_VARIANT_FILE_GROUP "]", sizeof KIELA_VARIANT_FILE_GROUP) == 0;
      else if (in_group && (gsize) (eol - t) > key_len && strncmp (t, key, key_len) == 0)
        {
          const char *u = t + key_len;

          while (u < eol && (*u == ' ' || *u == '\t'))
            u++;
          if (u < eol && *u == '=')
            return line;
        }
      s = eol + 1;
    }
  return 0;
}

/* Problems are carried in the message as "FILE:LINE: key “KEY”: WHY"; the parts are
 * kept apart in a side table keyed by the message, so callers can show them in columns. */
static void
set_problem_valist (GError **error, const Parser *p, KielaVariantFileError code, const char *key, const char *fmt,
                    va_list args) G_GNUC_PRINTF (5, 0);

static void
set_problem_valist (GError **error, const Parser *p, KielaVariantFileError code, const char *key, const char *fmt,
                    va_list args)
{
  g_autofree char *why = g_strdup_vprintf (fmt, args);
  guint line = key ? key_line (p, key) : 0;
  g_autofree char *message = NULL;
  g_autofree char *valid = NULL;

  if (key)
    /* TRANSLATORS: a mistake in a variant file: file:line: key “Files”: reason */
    message = g_strdup_printf (_("%s:%u: key “%s”: %s"), p->name, line, key, why);
  else
    message = g_strdup_printf ("%s:%u: %s", p->name, line, why);
  /* Keys and values are quoted from the file, which may not be UTF-8. */
  valid = g_utf8_make_valid (message, -1);
  g_set_error_literal (error, KIELA_VARIANT_FILE_ERROR, code, valid);
}

static void
set_problem (GError **error, const Parser *p, KielaVariantFileError code, const char *key, const char *fmt, ...)
  G_GNUC_PRINTF (5, 6);

static void
set_problem (GError **error, const Parser *p, KielaVariantFileError code, const char *key, const char *fmt, ...)
{
  va_list args;

  va_start (args, fmt);
  set_problem_valist (error, p, code, key, fmt, args);
  va_end (args);
}

void
_kiela_variant_file_set_problem (GError **error, const KielaVariantFileParser *p, KielaVariantFileError code,
                                 const char *key, const char *fmt, ...)
{
  va_list args;

  va_start (args, fmt);
  set_problem_valist (error, p, code, key, fmt, args);
  va_end (args);
}

gboolean
kiela_variant_file_error_get_problem (const GError *error, KielaVariantFileProblem *problem)
{
  const char *m, *colon, *rest;
  char *end;
  guint64 line;

  g_return_val_if_fail (problem != NULL, FALSE);
  memset (problem, 0, sizeof *problem);
  if (error == NULL || error->domain != KIELA_VARIANT_FILE_ERROR)
    return FALSE;
  /* The file name may hold ':' itself: the line number is the last ":DIGITS: " before the reason. */
  m = error->message;
  for (colon = strchr (m, ':'); colon; colon = strchr (colon + 1, ':'))
    {
      errno = 0;
      line = g_ascii_strtoull (colon + 1, &end, 10);
      if (end != colon + 1 && errno == 0 && end[0] == ':' && end[1] == ' ')
        break;
    }
  if (colon == NULL)
    return FALSE;
  problem->file = g_strndup (m, colon - m);
  problem->line = (guint) line;
  rest = end + 2;
  {
    /* "key “X”: why" in the user's language: the key sits between the first “ and ” */
    const char *open = strstr (rest, "“");
    const char *close = open ? strstr (open, "”") : NULL;
    const char *sep = close ? strstr (close, ": ") : NULL;

    if (open && close && sep && error->code != KIELA_VARIANT_FILE_ERROR_SYNTAX &&
        error->code != KIELA_VARIANT_FILE_ERROR_NO_GROUP && error->code != KIELA_VARIANT_FILE_ERROR_TOO_LARGE &&
        open < sep && (gsize) (open - rest) < 32)
      {
        problem->key = g_strndup (open + strlen ("“"), close - open - strlen ("“"));
        problem->why = g_strdup (sep + 2);
      }
    else
      problem->why = g_strdup (rest);
  }
  return TRUE;
}

void
kiela_variant_file_problem_clear (KielaVariantFileProblem *problem)
{
  g_clear_pointer (&problem->file, g_free);
  g_clear_pointer (&problem->key, g_free);
  g_clear_pointer (&problem->why, g_free);
  problem->line = 0;
}

/* ---- values ---- */

char *
_kiela_variant_file_get_raw (const Parser *p, const char *key)
{
  return g_key_file_get_value (p->kf, KIELA_VARIANT_FILE_GROUP, key, NULL);
}

gboolean
_kiela_variant_file_parse_uint (const char *text, guint min, guint max, guint *out)
{
  char *end;
  guint64 v;

  if (text == NULL || !g_ascii_isdigit (text[0]))
    return FALSE;
  errno = 0;
  v = g_ascii_strtoull (text, &end, 10);
  if (errno != 0 || *end != '\0' || v < min || v > max)
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

/* The key's value without surrounding spaces; NULL, with *out = def, when the file does not give it. */
static char *
get_stripped (const Parser *p, const char *key, guint def, guint *out)
{
  char *raw = _kiela_variant_file_get_raw (p, key);

  if (raw == NULL)
    *out = def;
  return raw ? g_strstrip (raw) : NULL;
}

static gboolean
get_number (const Parser *p, const char *key, guint def, guint *out, GError **error)
{
  const KielaVariantFileKey *k = find_key (key);
  g_autofree char *raw = get_stripped (p, key, def, out);

  if (raw == NULL || _kiela_variant_file_parse_uint (raw, k->min, k->max, out))
    return TRUE;
  set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, key,
               _("“%s” is not a whole number from %u to %u"), raw, k->min, k->max);
  return FALSE;
}

/* One of the key's words: its index in `choices`. */
static gboolean
get_choice (const Parser *p, const char *key, guint def, guint *out, GError **error)
{
  const KielaVariantFileKey *k = find_key (key);
  g_autofree char *raw = get_stripped (p, key, def, out);
  g_autofree char *list = NULL;

  if (raw == NULL)
    return TRUE;
  for (guint i = 0; k->choices[i]; i++)
    if (strcmp (raw, k->choices[i]) == 0)
      {
        if (!g_strv_contains (k->supported, raw))
          {
            set_problem (error, p, KIELA_VARIANT_FILE_ERROR_UNSUPPORTED, key,
                         _("“%s” is a known rule that this version of Kiela cannot play yet"), raw);
            return FALSE;
          }
        *out = i;
        return TRUE;
      }
  list = g_strjoinv (", ", (char **) k->choices);
  set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, key, _("“%s” is not one of: %s"), raw, list);
  return FALSE;
}

/* Whether every backslash of a raw key-file value starts an escape GLib knows.  GLib's parser
 * sets its error twice for a value with two bad escapes (Name=\q\ ends a line), and
 * warns about its own GError being overwritten: such values are refused here first. */
static gboolean
escapes_ok (const char *raw)
{
  for (const char *s = raw; *s; s++)
    if (*s == '\\')
      {
        s++;
        if (*s == '\0' || strchr ("sntr\\", *s) == NULL)
          return FALSE;
      }
  return TRUE;
}

static gboolean
get_text (const Parser *p, const char *key, gboolean localized, gboolean required, char **out, GError **error)
{
  g_autoptr(GError) local = NULL;
  char *value;

  if (!g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, key, NULL))
    {
      if (required)
        {
          set_problem (error, p, KIELA_VARIANT_FILE_ERROR_MISSING_KEY, key, _("this key is required"));
          return FALSE;
        }
      *out = NULL;
      return TRUE;
    }
  {
    g_autofree char *raw = _kiela_variant_file_get_raw (p, key);

    if (raw != NULL && !escapes_ok (raw))
      {
        set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, key, "%s",
                     _("a backslash starts no escape: write \\s, \\n, \\t, \\r or \\\\"));
        return FALSE;
      }
  }
  value = localized ? g_key_file_get_locale_string (p->kf, KIELA_VARIANT_FILE_GROUP, key, NULL, &local)
                    : g_key_file_get_string (p->kf, KIELA_VARIANT_FILE_GROUP, key, &local);
  if (value == NULL || !g_utf8_validate (value, -1, NULL))
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, key, _("the text is not valid: %s"),
                   local ? local->message : _("not UTF-8"));
      g_free (value);
      return FALSE;
    }
  g_strstrip (value);
  if (required && value[0] == '\0')
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, key, _("the value is empty"));
      g_free (value);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static gboolean
valid_id (const char *id)
{
  if (id[0] == '\0' || strlen (id) > 64)
    return FALSE;
  for (const char *s = id; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
      return FALSE;
  return TRUE;
}

/* A ';'-separated list of house counts for one side. */
static gboolean
get_houses (const Parser *p, const char *key, guint files, guint16 out[KIELA_MAX_HOUSES], GError **error)
{
  g_autofree char *raw = _kiela_variant_file_get_raw (p, key);
  g_auto(GStrv) parts = NULL;
  guint n = 0;

  memset (out, 0, sizeof (guint16) * KIELA_MAX_HOUSES);
  parts = g_strsplit (raw, ";", -1);
  for (guint i = 0; parts[i]; i++)
    {
      guint v;

      g_strstrip (parts[i]);
      if (parts[i][0] == '\0' && parts[i + 1] == NULL)
        break;   /* GKeyFile lists may end in ';' */
      if (n >= 2 * files)
        {
          set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, key,
                       _("more than %u numbers: a side has %u houses"), 2 * files, 2 * files);
          return FALSE;
        }
      if (!_kiela_variant_file_parse_uint (parts[i], 0, 255, &v))
        {
          set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, key,
                       _("“%s” is not a number of stones from 0 to 255"), parts[i]);
          return FALSE;
        }
      out[n++] = (guint16) v;
    }
  if (n != 2 * files)
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, key,
                   _("%u numbers for %u houses: give one for each house of a side"), n, 2 * files);
      return FALSE;
    }
  return TRUE;
}

/* all:N outer:N inner:N inner-right:K:N inner-left:K:N house:I:N */
static gboolean
get_pattern (const Parser *p, guint files, guint16 out[KIELA_MAX_HOUSES], GError **error)
{
  g_autofree char *raw = _kiela_variant_file_get_raw (p, "Start");
  g_auto(GStrv) terms = g_strsplit (raw, ";", -1);

  memset (out, 0, sizeof (guint16) * KIELA_MAX_HOUSES);
  for (guint i = 0; terms[i]; i++)
    {
      g_auto(GStrv) f = NULL;
      guint nf, k = 0, n = 0, first = 0, count = 0;
      const char *what;

      g_strstrip (terms[i]);
      if (terms[i][0] == '\0')
        continue;
      f = g_strsplit (terms[i], ":", 4);
      nf = g_strv_length (f);
      what = f[0];
      if ((nf == 2 && (strcmp (what, "all") == 0 || strcmp (what, "outer") == 0 || strcmp (what, "inner") == 0)
           && _kiela_variant_file_parse_uint (f[1], 0, 255, &n)) ||
          (nf == 3 && (strcmp (what, "inner-right") == 0 || strcmp (what, "inner-left") == 0 ||
                       strcmp (what, "house") == 0)
           && _kiela_variant_file_parse_uint (f[1], 0, 2 * files, &k) && _kiela_variant_file_parse_uint (f[2], 0, 255, &n)))
        {
          if (strcmp (what, "all") == 0)
            first = 0, count = 2 * files;
          else if (strcmp (what, "outer") == 0)
            first = 0, count = files;
          else if (strcmp (what, "inner") == 0)
            first = files, count = files;
          else if (strcmp (what, "inner-right") == 0)
            first = files, count = k;
          else if (strcmp (what, "inner-left") == 0)
            first = 2 * files - MIN (k, files), count = k;
          else
            first = k, count = 1;
          if ((strcmp (what, "house") == 0 && k >= 2 * files) ||
              ((strcmp (what, "inner-right") == 0 || strcmp (what, "inner-left") == 0) && k > files))
            {
              set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Start",
                           _("“%s” reaches past the %u houses of a row"), terms[i], files);
              return FALSE;
            }
          for (guint h = first; h < first + count; h++)
            out[h] = (guint16) n;
          continue;
        }
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Start",
                   _("“%s” is not a start term: use all:N, outer:N, inner:N, inner-right:K:N, inner-left:K:N or "
                     "house:I:N (N stones in house I)"),
                   terms[i]);
      return FALSE;
    }
  return TRUE;
}

/* ---- sections ---- */

/* The file as a key file with a [Variant] group of known keys only. */
static gboolean
load_group (Parser *p, GError **error)
{
  g_auto(GStrv) found = NULL;
  g_autoptr(GError) local = NULL;

  if (p->length > MAX_FILE_SIZE)
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_TOO_LARGE, NULL,
                   _("the file is larger than %u KiB: it cannot be a variant file"), MAX_FILE_SIZE / 1024);
      return FALSE;
    }
  if (!g_key_file_load_from_data (p->kf, p->data, p->length, G_KEY_FILE_KEEP_TRANSLATIONS, &local))
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_SYNTAX, NULL, _("not a key file: %s"), local->message);
      return FALSE;
    }
  if (!g_key_file_has_group (p->kf, KIELA_VARIANT_FILE_GROUP))
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_NO_GROUP, NULL, _("there is no [%s] group"),
                   KIELA_VARIANT_FILE_GROUP);
      return FALSE;
    }
  found = g_key_file_get_keys (p->kf, KIELA_VARIANT_FILE_GROUP, NULL, NULL);
  for (guint i = 0; found && found[i]; i++)
    {
      g_autofree char *base = g_strdup (found[i]);
      char *bracket = strchr (base, '[');
      const KielaVariantFileKey *k;

      if (bracket)
        *bracket = '\0';
      k = find_key (base);
      if (k == NULL)
        {
          set_problem (error, p, KIELA_VARIANT_FILE_ERROR_UNKNOWN_KEY, found[i], _("this key is unknown"));
          return FALSE;
        }
      if (bracket && !k->localized)
        {
          set_problem (error, p, KIELA_VARIANT_FILE_ERROR_UNKNOWN_KEY, found[i],
                       _("only Name and Description may be translated"));
          return FALSE;
        }
    }
  return TRUE;
}

/* Id, the translation domain and the texts. */
static gboolean
read_texts (KielaVariantFile *vf, const Parser *p, GError **error)
{
  if (!get_text (p, "Id", FALSE, TRUE, &vf->id, error))
    return FALSE;
  if (!valid_id (vf->id))
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Id",
                   _("“%s” is not an id: use lower-case letters, digits and “-”"), vf->id);
      return FALSE;
    }
  if (!get_text (p, "TranslationDomain", FALSE, FALSE, &vf->domain, error))
    return FALSE;
  /* Shipped files are translated by gettext: keep the English msgid. */
  if (!get_text (p, "Name", vf->domain == NULL, TRUE, &vf->name, error) ||
      !get_text (p, "Description", vf->domain == NULL, FALSE, &vf->description, error) ||
      !get_text (p, "Family", FALSE, FALSE, &vf->family, error) ||
      !get_text (p, "Source", FALSE, FALSE, &vf->source, error) ||
      !get_text (p, "Reading", FALSE, FALSE, &vf->reading, error))
    return FALSE;
  if (vf->family && !valid_id (vf->family))
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Family",
                   _("“%s” is not an id: use lower-case letters, digits and “-”"), vf->family);
      return FALSE;
    }
  return TRUE;
}

/* Every key that takes one word or one number. */
static gboolean
read_choices (const Parser *p, KielaVariantFileRules *r, GError **error)
{
  r->has_level = g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "Level", NULL);
  r->has_ends_turn = g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "CaptureEndsTurn", NULL);
  if (!get_choice (p, "Level", 0, &r->level, error) ||
      !get_number (p, "Files", 10, &r->files, error) ||
      !get_choice (p, "Arrangement", 0, &r->arrangement, error) ||
      !get_number (p, "MinSow", 2, &r->min_sow, error) ||
      !get_choice (p, "Singles", 0, &r->singles, error) ||
      !get_choice (p, "Direction", 0, &r->direction, error) ||
      !get_choice (p, "Relay", 0, &r->relay, error) ||
      !get_choice (p, "CaptureTrigger", 0, &r->trigger, error) ||
      !get_choice (p, "CaptureNeeds", 0, &r->needs, error) ||
      !get_choice (p, "Captured", 0, &r->captured, error) ||
      !get_choice (p, "CapturedStones", 0, &r->fate, error) ||
      !get_choice (p, "CaptureEndsTurn", 0, &r->ends_turn, error) ||
      !get_number (p, "LapLimit", KIELA_LAP_LIMIT_DEFAULT, &r->lap_limit, error) ||
      !get_choice (p, "EndlessMove", 0, &r->endless, error) ||
      !get_choice (p, "Default", 0, &r->dflt, error) ||
      !get_choice (p, "Simplified", 0, &r->simplified, error) ||
      !get_choice (p, "PhaseChange", 0, &r->phase_change, error) ||
      !get_choice (p, "LaterPhase", 0, &r->later_phase, error) ||
      !get_choice (p, "ReverseWhen", 0, &r->rev_when, error) ||
      !get_choice (p, "ReverseCaptured", 0, &r->rev_captured, error) ||
      !get_choice (p, "ReverseRelay", 0, &r->rev_relay, error) ||
      !get_choice (p, "BothEndsWin", 0, &r->both_ends, error) ||
      !get_choice (p, "FirstSowing", 0, &r->first_sowing, error) ||
      !get_number (p, "ExtraCapture", 0, &r->extra_capture, error) ||
      !get_choice (p, "SingleSkip", 0, &r->single_skip, error))
    return FALSE;
  if (r->phase_change != r->later_phase)
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, r->phase_change ? "PhaseChange" : "LaterPhase",
                   r->phase_change ? _("a change of phase needs the rules of the later phase: add the key LaterPhase")
                                   : _("the later phase needs the condition that starts it: add the key PhaseChange"));
      return FALSE;
    }
  return TRUE;
}

/* The key the start of `side` comes from. */
static const char *
start_key (const Parser *p, guint side)
{
  if (side == 1 && g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "StartNorth", NULL))
    return "StartNorth";
  return g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "Start", NULL) ? "Start" : "StartHouses";
}

/* The start: a pattern (Start) or house by house (StartHouses), North's own (StartNorth) or
 * South's. */
static gboolean
read_start (const Parser *p, guint files, KielaVariant *v, GError **error)
{
  if (g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "StartHouses", NULL) &&
      g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "Start", NULL))
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, "StartHouses",
                   _("give the start either as a pattern (Start) or house by house (StartHouses), not both"));
      return FALSE;
    }
  if (g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "StartHouses", NULL))
    {
      if (!get_houses (p, "StartHouses", files, v->start[0], error))
        return FALSE;
    }
  else if (g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "Start", NULL))
    {
      if (!get_pattern (p, files, v->start[0], error))
        return FALSE;
    }
  else
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_MISSING_KEY, "Start",
                   _("this key is required (or StartHouses)"));
      return FALSE;
    }
  if (g_key_file_has_key (p->kf, KIELA_VARIANT_FILE_GROUP, "StartNorth", NULL))
    {
      if (!get_houses (p, "StartNorth", files, v->start[1], error))
        return FALSE;
    }
  else
    memcpy (v->start[1], v->start[0], sizeof v->start[0]);
  for (guint s = 0; s < 2; s++)
    {
      guint total = 0;

      for (guint h = 0; h < 2 * files; h++)
        total += v->start[s][h];
      if (total == 0 || total > G_MAXUINT16 / 2)
        {
          set_problem (error, p, KIELA_VARIANT_FILE_ERROR_BAD_VALUE, start_key (p, s),
                       total == 0 ? _("a side starts without stones") : _("a side starts with too many stones"));
          return FALSE;
        }
    }
  return TRUE;
}

/* The variant the values make. */
static void
fill_variant (KielaVariantFile *vf, const KielaVariantFileRules *r)
{
  KielaVariant *v = &vf->variant;

  if (!vf->domain)
    vf->domain = g_strdup (USER_DOMAIN);
  if (r->has_level)
    vf->level = g_strdup (level_words[r->level]);
  v->id = vf->id;
  v->name = vf->name;
  v->description = vf->description;
  v->family = vf->family;
  v->level = vf->level;
  v->translation_domain = vf->domain;
  v->source = vf->source;
  v->files = (guint8) r->files;
  v->min_sow = (guint8) r->min_sow;
  v->singles_when_blocked = r->singles >= 1;
  v->relay_rule = r->relay == 0 ? KIELA_RELAY_OCCUPIED : KIELA_RELAY_NEVER;
  v->capture_rule = r->trigger == 1 ? KIELA_CAPTURE_EMPTY_INNER
                    : r->needs == 1 ? KIELA_CAPTURE_OCCUPIED_INNER_BOTH : KIELA_CAPTURE_OCCUPIED_INNER;
  v->captured_fate = (KielaCapturedFate) r->fate;
  v->endless_policy = r->endless == 0 ? KIELA_ENDLESS_ILLEGAL : KIELA_ENDLESS_LOSES;
  v->lap_limit = r->lap_limit;
  v->setup_phase = r->arrangement >= 1;
  v->arrange = r->arrange;
  v->default_variant = r->dflt == 1;
  v->flags = (r->simplified == 1 ? KIELA_VARIANT_FLAG_SIMPLIFIED : 0) |
             (r->singles == 2 ? KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE : 0) |
             (r->later_phase == 1 ? KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES : 0) |
             (r->both_ends == 1 ? KIELA_VARIANT_FLAG_WIN_BOTH_ENDS : 0) |
             (r->first_sowing == 1 ? KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE : 0) |
             (r->single_skip == 1 ? KIELA_VARIANT_FLAG_SINGLE_SKIP : 0);
  if (r->rev_houses != 0)
    {
      vf->reverse.houses = r->rev_houses;
      vf->reverse.when = (guint8) r->rev_when;
      vf->reverse.captured = (guint8) r->rev_captured;
      vf->reverse.relay = (guint8) r->rev_relay;
      v->reverse = &vf->reverse;
    }
  v->extra_capture = r->extra_capture;
  /* Direction and Captured take only the words the engine plays (direction_ok, captured_ok):
   * their one value is the engine's. */
}

/* The variant as a whole, with the key at fault where one is. */
static gboolean
check_variant (const Parser *p, const KielaVariant *v, GError **error)
{
  g_autoptr(GError) local = NULL;

  /* Said here, with the key at fault, before the registry's check says it of the variant. */
  for (guint s = 0; s < 2 && v->arrange != 0; s++)
    {
      g_autoptr(GError) why = NULL;

      if (!kiela_variant_check_arrangement (v, (KielaSide) s, v->start[s], &why))
        {
          /* TRANSLATORS: %1$s a side (South), %2$s why (a sentence) */
          set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, start_key (p, s),
                       _("the start of %1$s is not an arrangement ArrangeRules allows. %2$s"),
                       kiela_side_display_name ((KielaSide) s), why->message);
          return FALSE;
        }
    }
  if (!kiela_variant_validate (v, &local))
    {
      set_problem (error, p, KIELA_VARIANT_FILE_ERROR_CONFLICT, NULL, "%s", local->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- parsing ---- */

/* Each section in the order a reader of the file's documentation meets them; the first problem
 * is the one reported. */
static gboolean
parse (KielaVariantFile *vf, Parser *p, GError **error)
{
  KielaVariantFileRules r = { 0 };

  if (!load_group (p, error) || !read_texts (vf, p, error) || !read_choices (p, &r, error) ||
      !_kiela_variant_file_read_arrange_rules (p, &r, error) || !_kiela_variant_file_read_reverse (p, &r, error) ||
      !_kiela_variant_file_read_first_move (p, &r, &vf->variant, error) || !_kiela_variant_file_read_end (p, error) ||
      !_kiela_variant_file_check_captures (p, &r, error) || !read_start (p, r.files, &vf->variant, error))
    return FALSE;
  fill_variant (vf, &r);
  return check_variant (p, &vf->variant, error);
}

void
kiela_variant_file_free (KielaVariantFile *vf)
{
  if (vf == NULL)
    return;
  g_free (vf->path);
  g_free (vf->id);
  g_free (vf->name);
  g_free (vf->description);
  g_free (vf->family);
  g_free (vf->level);
  g_free (vf->source);
  g_free (vf->reading);
  g_free (vf->domain);
  g_free (vf);
}

KielaVariantFile *
kiela_variant_file_new_from_data (const char *data, gssize length, const char *name, GError **error)
{
  g_autoptr(KielaVariantFile) vf = g_new0 (KielaVariantFile, 1);
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  Parser p = { name ? name : "<data>", data, length < 0 ? strlen (data) : (gsize) length, kf };

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  if (p.data == NULL)
    p.data = "";
  if (!parse (vf, &p, error))
    return NULL;
  return g_steal_pointer (&vf);
}

/* A named pipe in a variants folder would hang the app's start, and /dev/zero would be read until
 * memory ran out: kiela_file_read_bounded() refuses both.  Its refusals become the problems a
 * variant file reports, so the registry shows them like any other mistake in the file. */
static char *
read_small_file (const char *path, gsize *length, GError **error)
{
  Parser p = { path, "", 0, NULL };
  g_autoptr(GError) local = NULL;
  char *data = NULL;

  if (kiela_file_read_bounded (path, MAX_FILE_SIZE, &data, length, &local))
    return data;
  if (g_error_matches (local, KIELA_ERROR, KIELA_ERROR_TOO_LARGE))
    set_problem (error, &p, KIELA_VARIANT_FILE_ERROR_TOO_LARGE, NULL,
                 _("the file is larger than %u KiB: it cannot be a variant file"), MAX_FILE_SIZE / 1024);
  else if (g_error_matches (local, KIELA_ERROR, KIELA_ERROR_IO))
    set_problem (error, &p, KIELA_VARIANT_FILE_ERROR_SYNTAX, NULL, "%s", _("not a regular file"));
  else
    g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}

KielaVariantFile *
kiela_variant_file_new_from_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;
  KielaVariantFile *vf;

  g_return_val_if_fail (path != NULL, NULL);
  data = read_small_file (path, &length, error);
  if (data == NULL)
    return NULL;
  vf = kiela_variant_file_new_from_data (data, length, path, error);
  if (vf)
    vf->path = g_strdup (path);
  return vf;
}

const KielaVariant *
kiela_variant_file_get_variant (KielaVariantFile *file)
{
  return &file->variant;
}

KIELA_DEFINE_GETTER (const char *, kiela_variant_file_get_path, KielaVariantFile, path)
KIELA_DEFINE_GETTER (const char *, kiela_variant_file_get_reading, KielaVariantFile, reading)

gboolean
kiela_variant_file_is_builtin (KielaVariantFile *file)
{
  return g_strcmp0 (file->domain, USER_DOMAIN) != 0;
}

gboolean
kiela_variant_is_users (const KielaVariant *variant)
{
  g_return_val_if_fail (variant != NULL, FALSE);
  return g_strcmp0 (variant->translation_domain, USER_DOMAIN) == 0;
}

/* ---- where files are ---- */

GPtrArray *
kiela_variant_file_dup_search_dirs (void)
{
  return _kiela_paths_dup_data_dirs ("KIELA_VARIANT_PATH", "variants");
}
