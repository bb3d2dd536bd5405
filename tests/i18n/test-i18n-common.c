/* test-i18n-common.c: the translation tests' .po reader and languages (test-i18n-common.h). */
#include "config.h"

#include <libintl.h>
#include <string.h>
#include <glib.h>

#include "tests/test-locale-util.h"
#include "test-i18n-common.h"

void
po_entry_free (PoEntry *e)
{
  g_free (e->msgctxt);
  g_free (e->msgid);
  g_free (e->files);
  g_free (e->msgid_plural);
  g_ptr_array_unref (e->msgstr);
  g_free (e);
}

/* Appends the quoted C string on `line` (after the keyword) to `target`. */
static void
append_quoted (GString *target, const char *line, const char *path, guint lineno)
{
  const char *open = strchr (line, '"');
  const char *close = strrchr (line, '"');
  g_autofree char *raw = NULL, *text = NULL;

  if (open == NULL || close == NULL || close == open)
    g_error ("%s:%u: expected a quoted string", path, lineno);
  raw = g_strndup (open + 1, close - open - 1);
  text = g_strcompress (raw);
  g_string_append (target, text);
}

gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* A small PO reader: enough for msgmerge's output (comments, flags, msgctxt, msgid,
 * msgid_plural, msgstr / msgstr[n], continuation lines, obsolete #~ entries). */
GPtrArray *
po_parse (const char *path)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) po_entry_free);
  PoEntry *cur = NULL;
  GString *target = NULL;
  GString *acc[4] = { NULL, NULL, NULL, NULL };  /* msgctxt, msgid, msgid_plural, current msgstr */
  gboolean pending_fuzzy = FALSE, pending_c_format = FALSE, pending_texts = FALSE;
  g_autoptr(GPtrArray) pending_files = g_ptr_array_new_with_free_func (g_free);

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (contents, "\n", -1);

#define FLUSH_MSGSTR() G_STMT_START { if (cur && acc[3]) { g_ptr_array_add (cur->msgstr, g_string_free (acc[3], FALSE)); acc[3] = NULL; } } G_STMT_END
#define FINISH_ENTRY() G_STMT_START { \
    if (cur) { FLUSH_MSGSTR (); \
      cur->msgctxt = acc[0] ? g_string_free (acc[0], FALSE) : NULL; \
      cur->msgid = acc[1] ? g_string_free (acc[1], FALSE) : NULL; \
      cur->msgid_plural = acc[2] ? g_string_free (acc[2], FALSE) : NULL; \
      acc[0] = acc[1] = acc[2] = NULL; g_ptr_array_add (entries, cur); cur = NULL; } } G_STMT_END

  for (guint n = 0; lines[n]; n++)
    {
      const char *line = lines[n];
      gboolean obsolete = g_str_has_prefix (line, "#~");

      if (obsolete)
        {
          line += 2;
          while (*line == ' ')
            line++;
        }
      if (*line == '\0' && !obsolete)
        {
          FINISH_ENTRY ();
          target = NULL;
          continue;
        }
      if (g_str_has_prefix (line, "#,"))
        {
          FINISH_ENTRY ();
          pending_fuzzy |= strstr (line, "fuzzy") != NULL;
          pending_c_format |= strstr (line, " c-format") != NULL && strstr (line, "no-c-format") == NULL;
          continue;
        }
      if (line[0] == '#')
        {
          FINISH_ENTRY ();
          if (g_str_has_prefix (line, "#:") && (strstr (line, "data/lessons/") || strstr (line, "app/model/kiela-texts.c")))
            pending_texts = TRUE;
          if (g_str_has_prefix (line, "#:"))
            {
              g_auto(GStrv) refs = g_strsplit (line + 2, " ", -1);

              for (guint r = 0; refs[r]; r++)
                {
                  char *colon = strrchr (refs[r], ':');

                  if (colon != NULL)
                    *colon = '\0';
                  if (*refs[r] != '\0' && !g_ptr_array_find_with_equal_func (pending_files, refs[r], g_str_equal, NULL))
                    g_ptr_array_add (pending_files, g_strdup (refs[r]));
                }
            }
          continue;
        }
      if (g_str_has_prefix (line, "msgctxt ") || (g_str_has_prefix (line, "msgid ") && (cur == NULL || acc[1] != NULL)))
        FINISH_ENTRY ();
      if (cur == NULL && (g_str_has_prefix (line, "msgctxt ") || g_str_has_prefix (line, "msgid ")))
        {
          cur = g_new0 (PoEntry, 1);
          cur->msgstr = g_ptr_array_new_with_free_func (g_free);
          cur->obsolete = obsolete;
          cur->fuzzy = pending_fuzzy;
          cur->c_format = pending_c_format;
          cur->in_texts = pending_texts;
          cur->line = n + 1;
          g_ptr_array_sort (pending_files, compare_strings);
          g_ptr_array_add (pending_files, NULL);
          cur->files = g_strjoinv ("\n", (char **) pending_files->pdata);
          g_ptr_array_set_size (pending_files, 0);
          pending_fuzzy = pending_c_format = pending_texts = FALSE;
        }
      if (g_str_has_prefix (line, "msgctxt "))
        target = acc[0] = g_string_new (NULL);
      else if (g_str_has_prefix (line, "msgid_plural "))
        target = acc[2] = g_string_new (NULL);
      else if (g_str_has_prefix (line, "msgid "))
        target = acc[1] = g_string_new (NULL);
      else if (g_str_has_prefix (line, "msgstr"))
        {
          if (cur == NULL)
            g_error ("%s:%u: msgstr without msgid", path, n + 1);
          FLUSH_MSGSTR ();
          if (line[6] == '[' && g_ascii_strtoull (line + 7, NULL, 10) != cur->msgstr->len)
            g_error ("%s:%u: plural forms out of order", path, n + 1);
          target = acc[3] = g_string_new (NULL);
        }
      else if (line[0] != '"')
        g_error ("%s:%u: unexpected line “%s”", path, n + 1, line);
      if (target == NULL)
        g_error ("%s:%u: string continuation outside an entry", path, n + 1);
      append_quoted (target, line, path, n + 1);
    }
  FINISH_ENTRY ();
#undef FINISH_ENTRY
#undef FLUSH_MSGSTR
  return entries;
}

char **
linguas (void)
{
  g_autofree char *path = g_build_filename (KIELA_TEST_PO_DIR, "LINGUAS", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *langs = g_ptr_array_new ();

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit_set (contents, " \t\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (lines[i][0] && lines[i][0] != '#')
      g_ptr_array_add (langs, g_strdup (lines[i]));
  g_ptr_array_add (langs, NULL);
  return (char **) g_ptr_array_free (langs, FALSE);
}

/* The plural rule of each language this project ships, as gettext's standard headers give
 * it: the header of LANG.po must carry exactly this rule, and plural_index() computes it so
 * that the end-to-end tests pick the same form gettext will. */
static const struct {
  const char *lang;
  const char *plural_forms;
} plural_rules[] = {
  { "fr", "nplurals=2; plural=(n > 1);" },
  { "pt", "nplurals=2; plural=(n != 1);" },
  { "pt_BR", "nplurals=2; plural=(n > 1);" },
  { "tr", "nplurals=2; plural=(n != 1);" },
  { "vi", "nplurals=1; plural=0;" },
  { "ru", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);" },
};

const char *
plural_forms_of (const char *lang)
{
  for (guint i = 0; i < G_N_ELEMENTS (plural_rules); i++)
    if (g_str_equal (plural_rules[i].lang, lang))
      return plural_rules[i].plural_forms;
  g_error ("po/%s.po: no plural rule known for this language; add it to plural_rules[]", lang);
  return NULL;
}

guint
nplurals_of (const char *lang)
{
  return (guint) g_ascii_strtoull (plural_forms_of (lang) + strlen ("nplurals="), NULL, 10);
}

guint
plural_index (const char *lang, gulong n)
{
  if (g_str_equal (lang, "fr") || g_str_equal (lang, "pt_BR"))
    return n > 1;
  if (g_str_equal (lang, "pt") || g_str_equal (lang, "tr"))
    return n != 1;
  if (g_str_equal (lang, "vi"))
    return 0;
  if (g_str_equal (lang, "ru"))
    return n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2;
  g_error ("no plural rule for %s", lang);
  return 0;
}

GPtrArray *
po_parse_lang (const char *lang)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.po", KIELA_TEST_PO_DIR, lang);

  return po_parse (path);
}

PoEntry *
po_find (GPtrArray *entries, const char *msgctxt, const char *msgid)
{
  for (guint i = 1; i < entries->len; i++)
    {
      PoEntry *e = g_ptr_array_index (entries, i);

      if (!e->obsolete && g_strcmp0 (e->msgctxt, msgctxt) == 0 && g_str_equal (e->msgid, msgid))
        return e;
    }
  return NULL;
}

/* The start of each test program: French through LANGUAGE, in a real locale (no fr_FR locale
 * needed), with the build tree's catalogues. */
void
i18n_test_init (int *argc, char ***argv)
{
  g_autofree char *localedir = g_build_filename (KIELA_TEST_BUILD_ROOT, "po", NULL);

  g_setenv ("LANGUAGE", "fr", TRUE);
  test_use_real_locale ();
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (argc, argv, NULL);
}
