/* test-i18n-po.c: the health of every catalogue listed in po/LINGUAS: it translates every
 * message xgettext finds in the sources (none untranslated or fuzzy; po/POTFILES.in lists every
 * file with messages), names the files they are in, passes msgfmt --check, keeps square names, numbers and printf directives (in every plural
 * form), and uses its glossary (po/glossary/LANG.tsv) terms (the .po reader: test-i18n-common.h). */
#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "test-i18n-common.h"

/* Collects the maximal runs of ASCII digits in `s` and the square names (a1..j4, when not
 * part of a longer word): translations must keep them as they are. */
/* A straight apostrophe in the text, not the thousands flag of a printf directive ("%'u"). */
static gboolean
has_apostrophe (const char *str)
{
  for (const char *p = str; *p; p++)
    {
      if (*p == '%')
        {
          p++;
          while (*p && strchr ("0123456789$'-+ #.", *p))
            p++;
          if (*p == '\0')
            break;
          continue;
        }
      if (*p == '\'')
        return TRUE;
    }
  return FALSE;
}

static GPtrArray *
untouchables (const char *s)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (const char *p = s; *p; p++)
    {
      gboolean word_start = p == s || !g_ascii_isalnum (p[-1]);

      if (g_ascii_isdigit (*p) && (p == s || !g_ascii_isdigit (p[-1])))
        {
          const char *q = p;
          while (g_ascii_isdigit (*q))
            q++;
          g_ptr_array_add (out, g_strndup (p, q - p));
        }
      else if (word_start && *p >= 'a' && *p <= 'j' && p[1] >= '1' && p[1] <= '4' && !g_ascii_isalnum (p[2]))
        g_ptr_array_add (out, g_strndup (p, 2));
    }
  return out;
}

static void
test_po_complete (void)
{
  g_auto(GStrv) langs = linguas ();

  g_assert_nonnull (langs[0]);
  g_assert_true (g_strv_contains ((const char *const *) langs, "fr"));
  for (guint l = 0; langs[l]; l++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.po", KIELA_TEST_PO_DIR, langs[l]);
      g_autoptr(GPtrArray) entries = po_parse (path);
      gboolean french = g_str_equal (langs[l], "fr");
      guint translated = 0, nplurals = nplurals_of (langs[l]);
      g_autofree char *language_line = g_strdup_printf ("Language: %s\n", langs[l]);
      g_autofree char *plural_line = g_strdup_printf ("Plural-Forms: %s\n", plural_forms_of (langs[l]));
      PoEntry *header;

      g_assert_cmpuint (entries->len, >, 1);
      header = g_ptr_array_index (entries, 0);
      g_assert_cmpstr (header->msgid, ==, "");
      if (header->fuzzy)
        g_error ("%s: the header is marked fuzzy", path);
      if (strstr (g_ptr_array_index (header->msgstr, 0), "charset=UTF-8") == NULL)
        g_error ("%s: the header does not declare charset=UTF-8", path);
      if (strstr (g_ptr_array_index (header->msgstr, 0), language_line) == NULL)
        g_error ("%s: the header lacks “%s”", path, language_line);
      if (strstr (g_ptr_array_index (header->msgstr, 0), plural_line) == NULL)
        g_error ("%s: the header lacks gettext's standard “%s”", path, plural_line);

      for (guint i = 1; i < entries->len; i++)
        {
          PoEntry *e = g_ptr_array_index (entries, i);

          if (e->obsolete)
            continue;
          /* A language is listed in po/LINGUAS only when it is complete: nothing falls back to English. */
          if (e->fuzzy)
            g_error ("%s:%u: “%s” is fuzzy", path, e->line, e->msgid);
          if (e->msgstr->len == 0)
            g_error ("%s:%u: “%s” has no msgstr", path, e->line, e->msgid);
          if (e->msgid_plural == NULL && e->msgstr->len != 1)
            g_error ("%s:%u: “%s” has plural forms but no msgid_plural", path, e->line, e->msgid);
          if (e->msgid_plural != NULL && e->msgstr->len != nplurals)
            g_error ("%s:%u: “%s” needs exactly %u plural forms in %s", path, e->line, e->msgid, nplurals, langs[l]);
          for (guint f = 0; f < e->msgstr->len; f++)
            {
              const char *str = g_ptr_array_index (e->msgstr, f);
              const char *source = (f > 0 && e->msgid_plural) ? e->msgid_plural : e->msgid;
              g_autoptr(GPtrArray) keep = untouchables (source);

              if (*str == '\0')
                g_error ("%s:%u: “%s” is untranslated", path, e->line, e->msgid);
              if (!g_utf8_validate (str, -1, NULL))
                g_error ("%s:%u: the translation of “%s” is not UTF-8", path, e->line, e->msgid);
              for (guint k = 0; k < keep->len; k++)
                if (strstr (str, g_ptr_array_index (keep, k)) == NULL)
                  g_error ("%s:%u: the translation of “%s” lost “%s”", path, e->line, e->msgid,
                           (const char *) g_ptr_array_index (keep, k));
              if (french)
                {
                  /* French quotes are « » with no-break spaces; apostrophes are ’. */
                  if (strstr (str, "“") || strstr (str, "”") || has_apostrophe (str))
                    g_error ("%s:%u: “%s” uses English quotes or a straight apostrophe", path, e->line, str);
                  if (strstr (str, "« ") || strstr (str, " »") || strstr (str, " :") || strstr (str, " ;"))
                    g_error ("%s:%u: “%s” has an ordinary space where French wants a no-break space", path,
                             e->line, str);
                  if (strstr (e->msgid, "“") && !strstr (str, "«" NBSP))
                    g_error ("%s:%u: “%s” lost its quotation marks", path, e->line, str);
                }
            }
          translated++;
        }
      g_assert_cmpuint (translated, >, 400);
      g_test_message ("%s: %u messages translated, none missing or fuzzy", langs[l], translated);
    }
}

/* Runs xgettext over the files `potfiles` lists the way the kiela-pot target does (same
 * keywords). */
static GPtrArray *
xgettext_messages (const char *potfiles)
{
  g_autofree char *tmpdir = g_dir_make_tmp ("kiela-pot-XXXXXX", NULL);
  g_autofree char *pot = g_build_filename (tmpdir, "kiela.pot", NULL);
  const char *argv[] = { KIELA_TEST_XGETTEXT, "--from-code=UTF-8", "--keyword=_", "--keyword=N_",
                         "--keyword=C_:1c,2", "--keyword=NC_:1c,2", "--keyword=g_dngettext:2,3",
                         "--keyword=g_dpgettext2:2c,3", "--keyword=NG:1,2", "--flag=NG:1:pass-c-format",
                         "--flag=NG:2:pass-c-format", "--keyword=T_:2", "--keyword=TN_:2,3",
                         "--flag=TN_:2:pass-c-format", "--flag=TN_:3:pass-c-format", "--keyword=TC_:2c,3", "-D", KIELA_TEST_SOURCE_ROOT,
                         "-f", potfiles, "-o", pot, NULL };
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *entries;
  int status = 0;

  g_assert_nonnull (tmpdir);
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err, &status, &error))
    g_error ("cannot run %s: %s", KIELA_TEST_XGETTEXT, error->message);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("xgettext over %s failed:\n%s", potfiles, err);
  entries = po_parse (pot);
  g_assert_cmpint (g_remove (pot), ==, 0);
  g_assert_cmpint (g_rmdir (tmpdir), ==, 0);
  return entries;
}

/* The messages of po/POTFILES.in's files, so that a message added to the sources but missing
 * from a catalogue is caught even when the committed template is stale. */
static GPtrArray *
source_messages (void)
{
  g_autofree char *potfiles = g_build_filename (KIELA_TEST_PO_DIR, "POTFILES.in", NULL);

  return xgettext_messages (potfiles);
}

static void
test_po_covers_sources (void)
{
  g_auto(GStrv) langs = linguas ();
  g_autoptr(GPtrArray) sources = source_messages ();

  g_assert_cmpuint (sources->len, >, 400);
  for (guint l = 0; langs[l]; l++)
    {
      g_autoptr(GPtrArray) entries = po_parse_lang (langs[l]);
      guint missing = 0, stale = 0, unflagged = 0;

      for (guint i = 1; i < sources->len; i++)
        {
          PoEntry *s = g_ptr_array_index (sources, i);
          PoEntry *e = po_find (entries, s->msgctxt, s->msgid);

          if (e == NULL || e->fuzzy || e->msgstr->len == 0 || *(const char *) g_ptr_array_index (e->msgstr, 0) == '\0')
            {
              g_printerr ("po/%s.po: no translation of %s%s%s“%s”\n", langs[l], s->msgctxt ? "[" : "",
                          s->msgctxt ? s->msgctxt : "", s->msgctxt ? "] " : "", s->msgid);
              missing++;
            }
          else if (g_strcmp0 (e->msgid_plural, s->msgid_plural) != 0)
            {
              g_printerr ("po/%s.po: “%s” has the plural “%s”, the sources “%s”\n", langs[l], s->msgid,
                          e->msgid_plural ? e->msgid_plural : "(none)", s->msgid_plural ? s->msgid_plural : "(none)");
              missing++;
            }
          /* Without the flag msgfmt --check does not compare the directives at all. */
          else if (s->c_format && !e->c_format)
            {
              g_printerr ("po/%s.po:%u: “%s” is a printf format in the sources but lacks “#, c-format”\n", langs[l],
                          e->line, s->msgid);
              unflagged++;
            }
        }
      /* A message the sources no longer have is stale: msgmerge would make it obsolete. */
      for (guint i = 1; i < entries->len; i++)
        {
          PoEntry *e = g_ptr_array_index (entries, i);

          if (e->obsolete)
            {
              g_printerr ("po/%s.po:%u: obsolete entry “%s”: remove it (msgattrib --no-obsolete)\n", langs[l], e->line,
                          e->msgid);
              stale++;
            }
          else if (po_find (sources, e->msgctxt, e->msgid) == NULL)
            {
              g_printerr ("po/%s.po:%u: “%s” is no longer in the sources: remove the entry\n", langs[l], e->line,
                          e->msgid);
              stale++;
            }
        }
      if (missing > 0)
        g_error ("po/%s.po lacks %u of the %u messages of the sources: translate them (see above) or "
                 "remove %s from po/LINGUAS", langs[l], missing, sources->len - 1, langs[l]);
      if (unflagged > 0)
        g_error ("po/%s.po: %u printf formats lack “#, c-format” (see above): run msgmerge with po/kiela.pot "
                 "(ninja kiela-pot)", langs[l], unflagged);
      if (stale > 0)
        g_error ("po/%s.po keeps %u entries the sources do not have (see above)", langs[l], stale);
    }
}

/* The printf directives of `s` by argument: element i is the type of argument i + 1
 * ("s", "u", "lld", ".f" is just "f"…), whether numbered (%2$s) or in order. */
static GPtrArray *
directives (const char *s)
{
  GPtrArray *types = g_ptr_array_new_with_free_func (g_free);
  guint next = 0;

  for (const char *p = strchr (s, '%'); p; p = strchr (p, '%'))
    {
      const char *q = p + 1;
      guint position = 0;
      GString *type;

      if (*q == '%')
        {
          p = q + 1;
          continue;
        }
      if (g_ascii_isdigit (*q))
        {
          const char *d = q;
          guint64 v = g_ascii_strtoull (q, (char **) &d, 10);

          if (*d == '$')
            {
              position = (guint) v;
              q = d + 1;
            }
        }
      while (*q && strchr ("-+ #0'I", *q))
        q++;
      while (g_ascii_isdigit (*q) || *q == '*')
        q++;
      if (*q == '.')
        {
          q++;
          while (g_ascii_isdigit (*q) || *q == '*')
            q++;
        }
      type = g_string_new (NULL);
      while (*q && strchr ("hlLqjzZt", *q))
        g_string_append_c (type, *q++);
      if (*q == '\0' || !strchr ("diouxXeEfFgGaAcspm", *q))
        {
          g_string_free (type, TRUE);
          p = q;
          continue;
        }
      g_string_append_c (type, *q == 'i' ? 'd' : *q);
      if (position == 0)
        position = ++next;
      while (types->len < position)
        g_ptr_array_add (types, NULL);
      g_free (types->pdata[position - 1]);
      types->pdata[position - 1] = g_string_free (type, FALSE);
      p = q + 1;
    }
  return types;
}

static gboolean
same_directives (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_strcmp0 (a->pdata[i], b->pdata[i]) != 0)
      return FALSE;
  return TRUE;
}

static char *
describe_directives (GPtrArray *d)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < d->len; i++)
    g_string_append_printf (out, "%s%u:%s", i ? " " : "", i + 1, d->pdata[i] ? (char *) d->pdata[i] : "(unused)");
  return g_string_free (out, FALSE);
}

/* The C sources and UI files under `dir` (relative to the source root), into `out`. */
static void
collect_sources (const char *dir, GPtrArray *out)
{
  g_autofree char *path = g_build_filename (KIELA_TEST_SOURCE_ROOT, dir, NULL);
  g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *rel = g_build_filename (dir, name, NULL);
      g_autofree char *full = g_build_filename (KIELA_TEST_SOURCE_ROOT, rel, NULL);

      if (g_file_test (full, G_FILE_TEST_IS_DIR))
        collect_sources (rel, out);
      else if (g_str_has_suffix (name, ".c") || g_str_has_suffix (name, ".h") || g_str_has_suffix (name, ".ui"))
        g_ptr_array_add (out, g_steal_pointer (&rel));
    }
}

/* po/POTFILES.in lists every source file that has a translatable message (xgettext run over all
 * of core/, app/, plugins/ and data/ finds none elsewhere), and only files that exist: a file
 * left out is never extracted, so its messages stay in English in every language, and no other
 * test notices (they all read POTFILES.in). */
static void
test_potfiles_complete (void)
{
  g_autofree char *potfiles = g_build_filename (KIELA_TEST_PO_DIR, "POTFILES.in", NULL);
  g_autofree char *listed_text = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("kiela-potfiles-XXXXXX", NULL);
  g_autofree char *all_list = g_build_filename (tmpdir, "all.in", NULL);
  g_autoptr(GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) entries = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *joined = NULL;
  guint missing = 0;

  g_assert_true (g_file_get_contents (potfiles, &listed_text, NULL, NULL));
  lines = g_strsplit (listed_text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_autofree char *full = NULL;

      g_strstrip (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      full = g_build_filename (KIELA_TEST_SOURCE_ROOT, lines[i], NULL);
      if (!g_file_test (full, G_FILE_TEST_IS_REGULAR))
        g_error ("po/POTFILES.in lists %s, which does not exist: remove it", lines[i]);
      g_hash_table_add (listed, g_strdup (lines[i]));
    }
  for (const char *const *dir = (const char *const[]) { "core", "app", "plugins", "data", NULL }; *dir; dir++)
    collect_sources (*dir, sources);
  g_assert_cmpuint (sources->len, >, 200);
  g_ptr_array_sort (sources, compare_strings);
  g_ptr_array_add (sources, NULL);
  joined = g_strjoinv ("\n", (char **) sources->pdata);
  g_assert_true (g_file_set_contents (all_list, joined, -1, NULL));
  entries = xgettext_messages (all_list);
  g_assert_cmpint (g_remove (all_list), ==, 0);
  g_assert_cmpint (g_rmdir (tmpdir), ==, 0);
  g_assert_cmpuint (entries->len, >, 400);
  {
    g_autoptr(GHashTable) reported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

    for (guint i = 1; i < entries->len; i++)
      {
        PoEntry *e = g_ptr_array_index (entries, i);
        g_auto(GStrv) files = g_strsplit (e->files, "\n", -1);

        for (guint f = 0; files[f]; f++)
          if (files[f][0] != '\0' && !g_hash_table_contains (listed, files[f])
              && g_hash_table_add (reported, g_strdup (files[f])))
            {
              g_printerr ("%s has translatable messages (“%s”…) but po/POTFILES.in does not list it\n", files[f], e->msgid);
              missing++;
            }
      }
    if (missing > 0)
      g_error ("%u source files with translatable messages are missing from po/POTFILES.in (see above): add them, "
               "then run scripts/update-po.sh and translate their messages", missing);
  }
}

/* Every catalogue entry names the files the sources have its message in (xgettext's "#:"
 * lines, line numbers aside): when a string moves to another file, the catalogues' references
 * still name the old one until scripts/update-po.sh is run, and a translator reading the
 * reference for context finds the wrong code. */
static void
test_po_references (void)
{
  g_auto(GStrv) langs = linguas ();
  g_autoptr(GPtrArray) sources = source_messages ();

  g_assert_cmpuint (sources->len, >, 400);
  for (guint l = 0; langs[l]; l++)
    {
      g_autoptr(GPtrArray) entries = po_parse_lang (langs[l]);
      guint wrong = 0, checked = 0;

      for (guint i = 1; i < entries->len; i++)
        {
          PoEntry *e = g_ptr_array_index (entries, i);
          PoEntry *s = e->obsolete ? NULL : po_find (sources, e->msgctxt, e->msgid);

          if (s == NULL)
            continue;  /* test_po_covers_sources reports it */
          checked++;
          g_assert_cmpstr (s->files, !=, "");
          if (!g_str_equal (e->files, s->files))
            {
              g_autofree char *have = g_strdelimit (g_strdup (e->files), "\n", ' ');
              g_autofree char *want = g_strdelimit (g_strdup (s->files), "\n", ' ');

              g_printerr ("po/%s.po:%u: “%s” is referenced from %s, but the sources have it in %s\n", langs[l],
                          e->line, e->msgid, *have ? have : "nowhere", want);
              wrong++;
            }
        }
      g_assert_cmpuint (checked, >, 400);
      if (wrong > 0)
        g_error ("po/%s.po: %u entries name the wrong source files (see above): run scripts/update-po.sh",
                 langs[l], wrong);
    }
}

static void
test_po_format_directives (void)
{
  g_auto(GStrv) langs = linguas ();
  guint checked = 0;

  for (guint l = 0; langs[l]; l++)
    {
      g_autoptr(GPtrArray) entries = po_parse_lang (langs[l]);
      guint nplurals = nplurals_of (langs[l]);

      for (guint i = 1; i < entries->len; i++)
        {
          PoEntry *e = g_ptr_array_index (entries, i);
          g_autoptr(GPtrArray) singular = NULL, plural = NULL;

          if (e->obsolete || (!strchr (e->msgid, '%') && !(e->msgid_plural && strchr (e->msgid_plural, '%'))))
            continue;
          singular = directives (e->msgid);
          plural = directives (e->msgid_plural ? e->msgid_plural : e->msgid);
          for (guint f = 0; f < e->msgstr->len; f++)
            {
              g_autoptr(GPtrArray) got = directives (g_ptr_array_index (e->msgstr, f));

              /* Form 0 may drop a number only where it stands for n = 1 alone (two-form
               * languages), as English "The captured stone" does; in Russian form 0 is also
               * used for 21, 31…, and in Vietnamese for every n. */
              if (same_directives (got, plural) || (f == 0 && nplurals == 2 && same_directives (got, singular)))
                {
                  checked++;
                  continue;
                }
              {
                g_autofree char *want = describe_directives (plural), *have = describe_directives (got);

                g_error ("po/%s.po:%u: msgstr[%u] of “%s” has the directives [%s], the English [%s]", langs[l],
                         e->line, f, e->msgid, have, want);
              }
            }
        }
    }
  g_assert_cmpuint (checked, >, 200);
}

/* ---- Glossaries: po/glossary/LANG.tsv ---- */

typedef struct {
  char *term;      /* casefolded English */
  char *translation;
  char **stems;    /* casefolded; a leading ^ means "at a word start" */
  char **except;   /* casefolded English phrases where the word is not the term */
} GlossaryTerm;

static void
glossary_term_free (GlossaryTerm *t)
{
  g_free (t->term);
  g_free (t->translation);
  g_strfreev (t->stems);
  g_strfreev (t->except);
  g_free (t);
}

static GPtrArray *
glossary_load (const char *lang)
{
  g_autofree char *path = g_strdup_printf ("%s/glossary/%s.tsv", KIELA_TEST_PO_DIR, lang);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *terms = g_ptr_array_new_with_free_func ((GDestroyNotify) glossary_term_free);

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    g_error ("%s is missing: every language of po/LINGUAS keeps a glossary", path);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto(GStrv) cols = NULL;
      GlossaryTerm *t;

      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      cols = g_strsplit (lines[i], "\t", -1);
      if (g_strv_length (cols) < 3 || !*cols[0] || !*cols[1] || !*cols[2])
        g_error ("%s:%u: expected “english<TAB>translation<TAB>stems[<TAB>except<TAB>notes]”", path, i + 1);
      t = g_new0 (GlossaryTerm, 1);
      t->term = g_utf8_casefold (cols[0], -1);
      t->translation = g_strdup (cols[1]);
      t->stems = g_strsplit (cols[2], "|", -1);
      for (guint k = 0; t->stems[k]; k++)
        {
          char *folded = g_utf8_casefold (t->stems[k], -1);

          g_free (t->stems[k]);
          t->stems[k] = folded;
        }
      {
        g_autofree char *except = g_utf8_casefold (cols[3] ? cols[3] : "", -1);

        t->except = *except ? g_strsplit (except, "|", -1) : g_new0 (char *, 1);
      }
      g_ptr_array_add (terms, t);
    }
  g_assert_cmpuint (terms->len, >=, 10);
  return terms;
}

static gboolean
at_word_start (const char *text, const char *p)
{
  if (p == text)
    return TRUE;
  return !g_unichar_isalnum (g_utf8_get_char (g_utf8_find_prev_char (text, p)));
}

static gboolean
contains_word_start (const char *text, const char *needle)
{
  for (const char *p = strstr (text, needle); p; p = strstr (p + 1, needle))
    if (at_word_start (text, p))
      return TRUE;
  return FALSE;
}

/* The English text as prose: “quoted words”, [--option ARG] brackets and --options are
 * command-line syntax that translations keep in English. */
static char *
english_prose (const char *msgid)
{
  GString *out = g_string_new (NULL);
  g_autofree char *folded = NULL;

  for (const char *p = msgid; *p;)
    {
      if (g_str_has_prefix (p, "“") && strstr (p, "”"))
        p = strstr (p, "”") + strlen ("”");
      else if (*p == '[' && strchr (p, ']'))
        p = strchr (p, ']') + 1;
      else if (p[0] == '-' && p[1] == '-')
        {
          while (*p && *p != ' ')
            p++;
        }
      else
        g_string_append_c (out, *p++);
    }
  folded = g_utf8_casefold (out->str, -1);
  g_string_free (out, TRUE);
  return g_steal_pointer (&folded);
}

/* Whether the English prose uses the term, outside the phrases where the word means something else. */
static gboolean
mentions_term (const char *prose, const GlossaryTerm *term)
{
  g_autofree char *rest = g_strdup (prose);

  for (guint k = 0; term->except[k]; k++)
    for (char *p = strstr (rest, term->except[k]); p; p = strstr (p, term->except[k]))
      memset (p, ' ', strlen (term->except[k]));
  return contains_word_start (rest, term->term);
}

static gboolean
uses_stem (const char *translation, char **stems)
{
  g_autofree char *plain = g_strdup (translation);
  g_autofree char *folded = NULL;
  char *w = plain;

  /* Accelerator underscores would split a word ("_Gợi ý"). */
  for (const char *r = translation; *r; r++)
    if (*r != '_')
      *w++ = *r;
  *w = '\0';
  folded = g_utf8_casefold (plain, -1);
  for (guint k = 0; stems[k]; k++)
    if (stems[k][0] == '^' ? contains_word_start (folded, stems[k] + 1) : strstr (folded, stems[k]) != NULL)
      return TRUE;
  return FALSE;
}

/* The terms po/GLOSSARY.md fixes for every language: each glossary lists them, and each is
 * checked in the lessons and the Rules/History texts, where a pupil reads them. */
static const char *const required_terms[] = {
  "house", "stone", "sow", "lap", "relay", "capture", "army", "turn", "move",
  "beginner", "advanced", "expert", "south", "north",
};

static void
test_po_glossary (void)
{
  g_auto(GStrv) langs = linguas ();

  for (guint l = 0; langs[l]; l++)
    {
      g_autoptr(GPtrArray) terms = glossary_load (langs[l]);
      g_autoptr(GPtrArray) entries = po_parse_lang (langs[l]);
      guint checked = 0, failures = 0;
      g_autofree guint *in_texts = g_new0 (guint, terms->len);

      for (guint i = 1; i < entries->len; i++)
        {
          PoEntry *e = g_ptr_array_index (entries, i);
          g_autofree char *prose = NULL, *prose_plural = NULL;

          if (e->obsolete)
            continue;
          prose = english_prose (e->msgid);
          prose_plural = english_prose (e->msgid_plural ? e->msgid_plural : "");
          for (guint t = 0; t < terms->len; t++)
            {
              GlossaryTerm *term = g_ptr_array_index (terms, t);

              if (!mentions_term (prose, term) && !mentions_term (prose_plural, term))
                continue;
              for (guint f = 0; f < e->msgstr->len; f++)
                {
                  if (uses_stem (g_ptr_array_index (e->msgstr, f), term->stems))
                    {
                      checked++;
                      in_texts[t] += e->in_texts;
                      continue;
                    }
                  g_printerr ("po/%s.po:%u: “%s” contains “%s” but msgstr[%u] “%s” does not use the glossary's “%s”\n",
                              langs[l], e->line, e->msgid, term->term, f,
                              (const char *) g_ptr_array_index (e->msgstr, f), term->translation);
                  failures++;
                }
            }
        }
      if (failures > 0)
        g_error ("po/%s.po: %u translations leave the glossary po/glossary/%s.tsv (see above)", langs[l], failures,
                 langs[l]);
      g_assert_cmpuint (checked, >, 300);
      for (guint r = 0; r < G_N_ELEMENTS (required_terms); r++)
        {
          guint t;

          for (t = 0; t < terms->len; t++)
            if (g_str_equal (((GlossaryTerm *) g_ptr_array_index (terms, t))->term, required_terms[r]))
              break;
          if (t == terms->len)
            g_error ("po/glossary/%s.tsv has no line for “%s” (po/GLOSSARY.md)", langs[l], required_terms[r]);
          if (in_texts[t] == 0)
            g_error ("po/%s.po: the glossary's “%s” is never checked in a lesson or the Rules/History texts",
                     langs[l], required_terms[r]);
        }
      g_test_message ("%s: %u glossary uses checked", langs[l], checked);
    }
}

/* The stems themselves are tested: the word-start rule and the prose filter do what the
 * glossary header says. */
static void
test_glossary_matching (void)
{
  char *house[] = { "^ev", NULL };
  g_autofree char *usage = english_prose ("--side “%s” is neither “south” nor “north” [--side south|north]");

  g_assert_true (uses_stem ("g1 evinden", house));
  g_assert_false (uses_stem ("seviye", house));
  g_assert_true (contains_word_start ("four-row", "row"));
  g_assert_false (contains_word_start ("arrow keys", "row"));
  g_assert_false (contains_word_start (usage, "south"));
  g_assert_false (contains_word_start (usage, "north"));
}

static void
test_po_msgfmt_check (void)
{
  g_auto(GStrv) langs = linguas ();

  for (guint l = 0; langs[l]; l++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.po", KIELA_TEST_PO_DIR, langs[l]);
      const char *argv[] = { KIELA_TEST_MSGFMT, "--check", "--check-accelerators=_", "--statistics",
                             "-o", "/dev/null", path, NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_autoptr(GError) error = NULL;
      /* msgfmt's own messages in English, whatever this test's LANGUAGE. */
      g_auto(GStrv) env = g_environ_setenv (g_environ_setenv (g_get_environ (), "LANGUAGE", "C", TRUE),
                                            "LC_ALL", "C", TRUE);
      int status = 0;

      if (!g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error))
        g_error ("cannot run %s: %s", KIELA_TEST_MSGFMT, error->message);
      if (!g_spawn_check_wait_status (status, NULL))
        g_error ("msgfmt --check %s failed:\n%s", path, err);
      /* --statistics: "N translated messages." and nothing fuzzy or untranslated. */
      g_assert_nonnull (strstr (err, "translated message"));
      g_assert_null (strstr (err, "fuzzy"));
      g_assert_null (strstr (err, "untranslated"));
    }
}

int
main (int argc, char **argv)
{
  i18n_test_init (&argc, &argv);
  g_test_add_func ("/i18n/po/complete", test_po_complete);
  g_test_add_func ("/i18n/po/covers-sources", test_po_covers_sources);
  g_test_add_func ("/i18n/po/potfiles-complete", test_potfiles_complete);
  g_test_add_func ("/i18n/po/references", test_po_references);
  g_test_add_func ("/i18n/po/format-directives", test_po_format_directives);
  g_test_add_func ("/i18n/po/glossary", test_po_glossary);
  g_test_add_func ("/i18n/po/glossary-matching", test_glossary_matching);
  g_test_add_func ("/i18n/po/msgfmt-check", test_po_msgfmt_check);
  return g_test_run ();
}
