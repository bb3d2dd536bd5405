/* kiela-catalogue.c: translates the engine's messages through a caller's catalogue, with its plural rule. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-catalogue-i18n.h"

struct _KielaCatalogue {
  gatomicrefcount ref;
  char *language;
  char *plural;      /* the rule's expression ("(n > 1)"), or NULL: English's */
  guint nplurals;
  KielaCatalogueLookup lookup;
  gpointer data;
  GDestroyNotify destroy;
};

/* ---- the plural rule: gettext's C subset, evaluated for one n ---- */

typedef struct {
  const char *p;
  gulong n;
  guint depth;
  gboolean ok;
} Rule;

#define RULE_MAX_DEPTH 64

static gulong rule_cond (Rule *r);

static void
rule_space (Rule *r)
{
  while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n')
    r->p++;
}

static gboolean
rule_take (Rule *r, const char *token)
{
  gsize len = strlen (token);

  rule_space (r);
  if (strncmp (r->p, token, len) != 0)
    return FALSE;
  /* "<" is not the start of "<=", "!" not of "!=", "|" never alone. */
  if (len == 1 && (token[0] == '<' || token[0] == '>' || token[0] == '!' || token[0] == '=') && r->p[1] == '=')
    return FALSE;
  r->p += len;
  return TRUE;
}

static gulong
rule_primary (Rule *r)
{
  gulong v;

  rule_space (r);
  if (++r->depth > RULE_MAX_DEPTH)
    {
      r->ok = FALSE;
      return 0;
    }
  if (rule_take (r, "!"))
    v = !rule_primary (r);
  else if (rule_take (r, "("))
    {
      v = rule_cond (r);
      if (!rule_take (r, ")"))
        r->ok = FALSE;
    }
  else if (*r->p == 'n')
    {
      r->p++;
      v = r->n;
    }
  else if (g_ascii_isdigit (*r->p))
    {
      char *end;

      v = (gulong) g_ascii_strtoull (r->p, &end, 10);
      r->p = end;
    }
  else
    {
      r->ok = FALSE;
      v = 0;
    }
  r->depth--;
  return v;
}

static gulong
rule_mul (Rule *r)
{
  gulong v = rule_primary (r);

  for (;;)
    {
      if (rule_take (r, "*"))
        v *= rule_primary (r);
      else if (rule_take (r, "/") || rule_take (r, "%"))
        {
          gboolean div = r->p[-1] == '/';
          gulong d = rule_primary (r);

          if (d == 0)
            {
              r->ok = FALSE;
              return 0;
            }
          v = div ? v / d : v % d;
        }
      else
        return v;
    }
}

static gulong
rule_add (Rule *r)
{
  gulong v = rule_mul (r);

  for (;;)
    {
      if (rule_take (r, "+"))
        v += rule_mul (r);
      else if (rule_take (r, "-"))
        v -= rule_mul (r);
      else
        return v;
    }
}

static gulong
rule_rel (Rule *r)
{
  gulong v = rule_add (r);

  for (;;)
    {
      if (rule_take (r, "<="))
        v = v <= rule_add (r);
      else if (rule_take (r, ">="))
        v = v >= rule_add (r);
      else if (rule_take (r, "<"))
        v = v < rule_add (r);
      else if (rule_take (r, ">"))
        v = v > rule_add (r);
      else
        return v;
    }
}

static gulong
rule_eq (Rule *r)
{
  gulong v = rule_rel (r);

  for (;;)
    {
      if (rule_take (r, "=="))
        v = v == rule_rel (r);
      else if (rule_take (r, "!="))
        v = v != rule_rel (r);
      else
        return v;
    }
}

static gulong
rule_and (Rule *r)
{
  gulong v = rule_eq (r);

  while (rule_take (r, "&&"))
    {
      gulong w = rule_eq (r);
      v = v && w;
    }
  return v;
}

static gulong
rule_or (Rule *r)
{
  gulong v = rule_and (r);

  while (rule_take (r, "||"))
    {
      gulong w = rule_and (r);
      v = v || w;
    }
  return v;
}

static gulong
rule_cond (Rule *r)
{
  gulong c, a, b;

  if (++r->depth > RULE_MAX_DEPTH)
    {
      r->ok = FALSE;
      return 0;
    }
  c = rule_or (r);
  if (rule_take (r, "?"))
    {
      a = rule_cond (r);
      if (!rule_take (r, ":"))
        r->ok = FALSE;
      b = rule_cond (r);
      c = c ? a : b;
    }
  r->depth--;
  return c;
}

/* The rule's value for `n`; FALSE when the expression is not one gettext would read. */
static gboolean
rule_eval (const char *expr, gulong n, gulong *out)
{
  Rule r = { expr, n, 0, TRUE };

  *out = rule_cond (&r);
  rule_space (&r);
  if (*r.p == ';')
    r.p++;
  rule_space (&r);
  return r.ok && *r.p == '\0';
}

/* "nplurals=3; plural=(…);" into its count and expression; FALSE when unreadable. */
static gboolean
parse_plural_forms (const char *header, guint *nplurals, char **plural)
{
  const char *np, *pl;
  char *end;
  guint64 count;
  gulong probe;

  if (header == NULL || (np = strstr (header, "nplurals=")) == NULL || (pl = strstr (header, "plural=")) == NULL)
    return FALSE;
  if (pl > np && pl < np + strlen ("nplurals="))
    pl = strstr (np + strlen ("nplurals="), "plural=");
  if (pl == NULL)
    return FALSE;
  count = g_ascii_strtoull (np + strlen ("nplurals="), &end, 10);
  if (end == np + strlen ("nplurals=") || count == 0 || count > 16)
    return FALSE;
  pl += strlen ("plural=");
  end = g_strndup (pl, strcspn (pl, ";\n"));
  /* Checked once: a rule that does not read falls back to English's. */
  for (gulong n = 0; n < 200; n++)
    if (!rule_eval (end, n, &probe))
      {
        g_free (end);
        return FALSE;
      }
  *nplurals = (guint) count;
  *plural = end;
  return TRUE;
}

/* ---- numbers ---- */

char *
_kiela_catalogue_format_count (const KielaCatalogue *cat, guint n)
{
  g_autofree char *digits = NULL;
  const char *example, *sep_start, *sep_end;
  g_autofree char *sep = NULL;
  GString *out;
  gsize len;

  /* The interface's language: the locale's grouping ("1,000", "1 000"), as printf writes it. */
  if (cat == NULL)
    return g_strdup_printf ("%'u", n);
  /* TRANSLATORS: the number one thousand as your language writes it in running text (the
   * lessons' "1,000 laps"): "1 000" with a narrow no-break space (U+202F) in French, "1.000",
   * or "1000" when your language does not group four digits.  Only the mark between the 1 and
   * the 000 is used, to group the numbers of laps the engine writes. */
  example = TC_ (cat, "digit grouping", "1,000");
  digits = g_strdup_printf ("%u", n);
  len = strlen (digits);
  if (len < 4 || !g_str_has_prefix (example, "1") || !g_str_has_suffix (example, "000") || strlen (example) < 4)
    return g_steal_pointer (&digits);
  sep_start = example + 1;
  sep_end = example + strlen (example) - 3;
  sep = g_strndup (sep_start, (gsize) (sep_end - sep_start));
  out = g_string_new (NULL);
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (out, sep);
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

/* ---- the catalogue ---- */

KielaCatalogue *
kiela_catalogue_new (const char *language, const char *plural_forms, KielaCatalogueLookup lookup, gpointer data,
                     GDestroyNotify destroy)
{
  KielaCatalogue *cat = g_new0 (KielaCatalogue, 1);

  g_atomic_ref_count_init (&cat->ref);
  cat->language = g_strdup (language ? language : "en");
  if (!parse_plural_forms (plural_forms, &cat->nplurals, &cat->plural))
    {
      cat->nplurals = 2;
      cat->plural = NULL;
    }
  cat->lookup = lookup;
  cat->data = data;
  cat->destroy = destroy;
  return cat;
}

KielaCatalogue *
kiela_catalogue_ref (KielaCatalogue *catalogue)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  g_atomic_ref_count_inc (&catalogue->ref);
  return catalogue;
}

void
kiela_catalogue_unref (KielaCatalogue *catalogue)
{
  if (catalogue == NULL || !g_atomic_ref_count_dec (&catalogue->ref))
    return;
  if (catalogue->destroy != NULL)
    catalogue->destroy (catalogue->data);
  g_free (catalogue->language);
  g_free (catalogue->plural);
  g_free (catalogue);
}

const char *
kiela_catalogue_get_language (const KielaCatalogue *catalogue)
{
  g_return_val_if_fail (catalogue != NULL, NULL);
  return catalogue->language;
}

guint
kiela_catalogue_plural_form (const KielaCatalogue *catalogue, gulong n)
{
  gulong form;

  g_return_val_if_fail (catalogue != NULL, 0);
  if (catalogue->plural == NULL || !rule_eval (catalogue->plural, n, &form))
    return n != 1;
  return (guint) MIN (form, (gulong) catalogue->nplurals - 1);
}

static const char *
lookup (const KielaCatalogue *catalogue, const char *context, const char *msgid, guint form)
{
  return catalogue->lookup != NULL ? catalogue->lookup (catalogue->data, context, msgid, form) : NULL;
}

const char *
kiela_catalogue_gettext (const KielaCatalogue *catalogue, const char *msgid)
{
  const char *t;

  g_return_val_if_fail (msgid != NULL, NULL);
  if (catalogue == NULL)
    return g_dgettext (GETTEXT_PACKAGE, msgid);
  t = lookup (catalogue, NULL, msgid, 0);
  return t != NULL ? t : msgid;
}

const char *
kiela_catalogue_pgettext (const KielaCatalogue *catalogue, const char *context, const char *msgid)
{
  const char *t;

  g_return_val_if_fail (msgid != NULL, NULL);
  if (catalogue == NULL)
    return g_dpgettext2 (GETTEXT_PACKAGE, context, msgid);
  t = lookup (catalogue, context, msgid, 0);
  return t != NULL ? t : msgid;
}

const char *
kiela_catalogue_ngettext (const KielaCatalogue *catalogue, const char *msgid, const char *msgid_plural, gulong n)
{
  const char *t;

  g_return_val_if_fail (msgid != NULL && msgid_plural != NULL, NULL);
  if (catalogue == NULL)
    return g_dngettext (GETTEXT_PACKAGE, msgid, msgid_plural, n);
  t = lookup (catalogue, NULL, msgid, kiela_catalogue_plural_form (catalogue, n));
  if (t != NULL)
    return t;
  return n == 1 ? msgid : msgid_plural;
}
