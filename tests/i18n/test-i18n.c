/* test-i18n.c: translations work end to end: with LANGUAGE=fr and the build tree's compiled
 * catalogue bound, the engine narrates, explains and reports errors in French, plugin strings
 * (variants, AI personalities) come out in French, the desktop and AppStream files carry the
 * French texts. The same checks run for every other language of po/LINGUAS with the expected
 * text taken from that language's .po file (never from the code's output). Every catalogue
 * listed in po/LINGUAS translates every message xgettext finds in the sources (none
 * untranslated or fuzzy), passes msgfmt --check, keeps square names, numbers and printf
 * directives (in every plural form), and uses its glossary (po/glossary/LANG.tsv) terms. */
#include "config.h"

#include <libintl.h>
#include <locale.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "kiela.h"
#include "tests/test-plugin-util.h"
#include "tests/test-locale-util.h"

/* French typography as used in po/fr.po: no-break space before ":" and inside « »,
 * narrow no-break space before ";", "?" and "!". */
#define NBSP "\xc2\xa0"
#define NNBSP "\xe2\x80\xaf"

static KielaRegistry *registry;

static char *
mo_path (const char *lang)
{
  return g_build_filename (KIELA_TEST_BUILD_ROOT, "po", lang, "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
}

/* Every translated check starts here: without the compiled catalogue the test fails, never skips. */
static void
assert_language_built (const char *lang)
{
  g_autofree char *mo = mo_path (lang);

  if (!g_file_test (mo, G_FILE_TEST_IS_REGULAR))
    g_error ("The catalogue %s was not built: translations cannot be tested", mo);
}

static void
assert_catalogue_built (void)
{
  assert_language_built ("fr");
}

static const KielaVariant *
variant (const char *id)
{
  return test_variant (registry, id);
}

static void
test_catalogue_built (void)
{
  g_autofree char *mo = mo_path ("fr");
  g_autofree char *contents = NULL;
  gsize length = 0;

  assert_catalogue_built ();
  g_assert_true (g_file_get_contents (mo, &contents, &length, NULL));
  /* A GNU .mo file starts with the magic number 0x950412de in the writer's byte order. */
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (memcmp (contents, "\xde\x12\x04\x95", 4) == 0 || memcmp (contents, "\x95\x04\x12\xde", 4) == 0);
}

/* Rules section 11: South i2, then North b3 captures d2 and d1 from d3. */
static void
test_narration_french (void)
{
  const KielaVariant *v;
  KielaPosition pos;
  KielaSquare sq;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autofree char *summary = NULL, *first = NULL;
  gboolean saw_capture = FALSE;

  assert_catalogue_built ();
  v = variant ("kiela");
  kiela_position_init_start (&pos, v);
  g_assert_true (kiela_square_parse (v->files, "i2", &sq, NULL));
  g_assert_true (kiela_sow_fast (v, &pos, sq.house, NULL));
  g_assert_true (kiela_square_parse (v->files, "b3", &sq, NULL));
  g_assert_cmpint (sq.side, ==, KIELA_NORTH);
  g_assert_true (kiela_sow_traced (v, &pos, sq.house, trace));

  first = kiela_narrate_event (v, trace, 0);
  g_assert_cmpstr (first, ==, "Nord ramasse 2 pierres en b3.");
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    if (kiela_trace_get_event (trace, i)->type == KIELA_EVENT_CAPTURE)
      {
        g_autofree char *s = kiela_narrate_event (v, trace, i);

        g_assert_cmpstr (s, ==, "d3 capture 3 pierres en d2 et d1" NNBSP "; elles rejoignent l’armée de Nord.");
        saw_capture = TRUE;
      }
  g_assert_true (saw_capture);

  summary = kiela_narrate_move_summary (v, trace);
  g_assert_cmpstr (summary, ==, "Nord a semé b3" NBSP ": 2 boucles, 3 pierres capturées.");
}

static void
test_kpn_error_french (void)
{
  const char *bad = "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 x";
  const char *empty_square = "";
  KielaPosition pos;
  KielaSquare sq;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) error2 = NULL;
  g_autofree char *expected = NULL;

  assert_catalogue_built ();
  g_assert_false (kiela_position_parse (bad, 10, &pos, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  expected = g_strdup_printf ("Position «" NBSP "%s" NBSP "»" NBSP ": camp inconnu «" NBSP "x" NBSP "», «" NBSP "s" NBSP
                              "» ou «" NBSP "n" NBSP "» était attendu", bad);
  g_assert_cmpstr (error->message, ==, expected);

  g_assert_false (kiela_square_parse (10, empty_square, &sq, &error2));
  g_assert_error (error2, KIELA_ERROR, KIELA_ERROR_PARSE);
  g_assert_cmpstr (error2->message, ==, "Nom de case vide");
}

/* What the board tells a player who clicks the wrong house. */
static void
test_illegal_move_french (void)
{
  const KielaVariant *v;
  KielaPosition pos;
  g_autofree char *why = NULL;

  assert_catalogue_built ();
  v = variant ("kiela");
  kiela_position_init_start (&pos, v);
  /* e2 (South house 15) is empty at the start. */
  why = kiela_explain_house (v, &pos, KIELA_SOUTH, 15);
  g_assert_cmpstr (why, ==, "e2 est vide" NBSP ": il n’y a rien à semer.");
}

static void
test_plugin_strings_french (void)
{
  const KielaVariant *beginner, *hawalis;

  assert_catalogue_built ();
  beginner = variant ("kiela-beginner");
  g_assert_cmpstr (beginner->name, ==, "Kiela for beginners");          /* the plugin's own English */
  g_assert_cmpstr (kiela_variant_get_name (beginner), ==, "Kiela pour débutants");
  g_assert_cmpstr (kiela_variant_get_level (beginner), ==, "Débutant");
  g_assert_cmpstr (kiela_variant_get_name (variant ("kiela-expert")), ==, "Kiela pour experts");
  hawalis = variant ("hawalis");
  g_assert_true (g_str_has_prefix (kiela_variant_get_description (hawalis), "Le jeu à quatre rangées d’Oman"));

  {
    const KielaPersonality *elder = kiela_registry_lookup_personality (registry, "mpanzu");

    g_assert_nonnull (elder);
    g_assert_cmpstr (kiela_personality_get_level_name (elder), ==, "Maître");
    g_assert_cmpstr (kiela_personality_get_character (elder), ==,
                     "L’ancien du village" NBSP ": il voit loin et ne gaspille aucune pierre.");
  }
}

/* ---- The .po files themselves ---- */

typedef struct {
  gboolean obsolete;
  gboolean fuzzy;
  gboolean c_format;
  gboolean in_texts;   /* referenced from a lesson file or the Rules/History texts */
  char *msgctxt;
  char *msgid;
  char *msgid_plural;
  GPtrArray *msgstr;   /* one per plural form (or just one) */
  char *files;         /* the files its "#:" lines name, sorted, one per line, no line numbers */
  guint line;
} PoEntry;

static void
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

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* A small PO reader: enough for msgmerge's output (comments, flags, msgctxt, msgid,
 * msgid_plural, msgstr / msgstr[n], continuation lines, obsolete #~ entries). */
static GPtrArray *
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

static char **
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

static const char *
plural_forms_of (const char *lang)
{
  for (guint i = 0; i < G_N_ELEMENTS (plural_rules); i++)
    if (g_str_equal (plural_rules[i].lang, lang))
      return plural_rules[i].plural_forms;
  g_error ("po/%s.po: no plural rule known for this language; add it to plural_rules[]", lang);
  return NULL;
}

static guint
nplurals_of (const char *lang)
{
  return (guint) g_ascii_strtoull (plural_forms_of (lang) + strlen ("nplurals="), NULL, 10);
}

static guint
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

static GPtrArray *
po_parse_lang (const char *lang)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.po", KIELA_TEST_PO_DIR, lang);

  return po_parse (path);
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

static PoEntry *
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

/* The desktop and AppStream files merged with the catalogues the way meson's i18n.merge_file
 * does (msgfmt --desktop / --xml), from the sources, so a stale build product cannot hide a
 * missing translation. */
static char *
merge_data_file (const char *mode, const char *template_name, const char *tmpdir)
{
  g_autofree char *template_path = g_build_filename (KIELA_TEST_DATA_DIR, template_name, NULL);
  char *out = g_build_filename (tmpdir, template_name, NULL);
  g_autofree char *template_arg = g_strconcat ("--template=", template_path, NULL);
  const char *argv[] = { KIELA_TEST_MSGFMT, mode, template_arg, "-d", KIELA_TEST_PO_DIR, "-o", out, NULL };
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err, &status, &error))
    g_error ("cannot run %s: %s", KIELA_TEST_MSGFMT, error->message);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("msgfmt %s %s failed:\n%s", mode, template_path, err);
  return out;
}

static void
test_data_files_french (void)
{
  g_autoptr(GKeyFile) desktop = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("kiela-i18n-XXXXXX", NULL);
  g_autofree char *desktop_path = NULL, *metainfo_path = NULL;
  g_autofree char *comment = NULL, *generic = NULL, *metainfo = NULL;

  g_assert_nonnull (tmpdir);
  desktop_path = merge_data_file ("--desktop", "io.github.kiela.Kiela.desktop.in", tmpdir);
  metainfo_path = merge_data_file ("--xml", "io.github.kiela.Kiela.metainfo.xml.in", tmpdir);

  g_assert_true (g_key_file_load_from_file (desktop, desktop_path, G_KEY_FILE_KEEP_TRANSLATIONS, &error));
  g_assert_no_error (error);
  comment = g_key_file_get_locale_string (desktop, "Desktop Entry", "Comment", "fr", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (comment, ==, "Apprenez et jouez au Kiela, le mancala à quatre rangées du nord de l’Angola");
  generic = g_key_file_get_locale_string (desktop, "Desktop Entry", "GenericName", "fr", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (generic, ==, "Jeu de mancala");

  g_assert_true (g_file_get_contents (metainfo_path, &metainfo, NULL, NULL));
  g_assert_nonnull (strstr (metainfo, "<summary xml:lang=\"fr\">Apprendre et jouer au mancala à quatre rangées "
                                      "du nord de l’Angola</summary>"));
  g_assert_nonnull (strstr (metainfo, "<p xml:lang=\"fr\">Le Kiela est un mancala à quatre rangées"));

  g_assert_cmpint (g_remove (desktop_path), ==, 0);
  g_assert_cmpint (g_remove (metainfo_path), ==, 0);
  g_assert_cmpint (g_rmdir (tmpdir), ==, 0);
}

/* ---- Every language end to end, expected text taken from its .po ---- */

/* gettext reads LANGUAGE at each lookup; bumping the catalogue counter makes glibc drop
 * translations it cached for the previous language. */
static void
use_language (const char *lang)
{
  extern int _nl_msg_cat_cntr;

  g_setenv ("LANGUAGE", lang, TRUE);
  ++_nl_msg_cat_cntr;
}

static const char *
po_text (GPtrArray *entries, const char *lang, const char *msgctxt, const char *msgid)
{
  PoEntry *e = po_find (entries, msgctxt, msgid);

  if (e == NULL || e->msgstr->len == 0 || !*(const char *) g_ptr_array_index (e->msgstr, 0))
    g_error ("po/%s.po does not translate “%s”", lang, msgid);
  return g_ptr_array_index (e->msgstr, 0);
}

static const char *
po_plural (GPtrArray *entries, const char *lang, const char *msgid, gulong n)
{
  PoEntry *e = po_find (entries, NULL, msgid);

  if (e == NULL || e->msgid_plural == NULL)
    g_error ("po/%s.po has no plural entry “%s”", lang, msgid);
  g_assert_cmpuint (e->msgstr->len, ==, nplurals_of (lang));
  return g_ptr_array_index (e->msgstr, plural_index (lang, n));
}

/* printf with a format from a .po file (numbered arguments allowed, as in gettext). */
static char *
format_po (const char *format, ...)
{
  va_list args;
  char *out;

  va_start (args, format);
  out = g_strdup_vprintf (format, args);
  va_end (args);
  return out;
}

static void
test_language_end_to_end (gconstpointer data)
{
  const char *lang = data;
  g_autoptr(GPtrArray) po = po_parse_lang (lang);
  const char *north = po_text (po, lang, NULL, "North");
  const KielaVariant *v;
  KielaPosition pos;
  KielaSquare sq;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autofree char *first = NULL, *expected_first = NULL, *summary = NULL, *laps = NULL, *expected_summary = NULL;
  g_autofree char *why = NULL, *expected_why = NULL, *expected_kpn = NULL;
  g_autofree char *tmpdir = NULL, *desktop_path = NULL, *metainfo_path = NULL, *comment = NULL, *metainfo = NULL;
  g_autofree char *summary_xml = NULL;
  g_autoptr(GKeyFile) desktop = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  const char *bad = "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 x";
  gboolean saw_capture = FALSE;

  assert_language_built (lang);
  use_language (lang);
  g_assert_cmpstr (north, !=, "North");

  /* Rules section 11: South i2, then North b3 captures d2 and d1 from d3. */
  v = variant ("kiela");
  kiela_position_init_start (&pos, v);
  g_assert_true (kiela_square_parse (v->files, "i2", &sq, NULL));
  g_assert_true (kiela_sow_fast (v, &pos, sq.house, NULL));
  g_assert_true (kiela_square_parse (v->files, "b3", &sq, NULL));
  g_assert_true (kiela_sow_traced (v, &pos, sq.house, trace));

  first = kiela_narrate_event (v, trace, 0);
  expected_first = format_po (po_plural (po, lang, "%s lifts %u stone from %s.", 2), north, 2u, "b3");
  g_assert_cmpstr (first, ==, expected_first);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    if (kiela_trace_get_event (trace, i)->type == KIELA_EVENT_CAPTURE)
      {
        g_autofree char *got = kiela_narrate_event (v, trace, i);
        g_autofree char *want = format_po (po_plural (po, lang, "%s captures %u stone from %s and %s; it joins %s’s army.", 3),
                                           "d3", 3u, "d2", "d1", north);

        g_assert_cmpstr (got, ==, want);
        saw_capture = TRUE;
      }
  g_assert_true (saw_capture);
  summary = kiela_narrate_move_summary (v, trace);
  laps = format_po (po_plural (po, lang, "%u lap", 2), 2u);
  expected_summary = format_po (po_plural (po, lang, "%s sowed %s: %s, captured %u stone.", 3), north, "b3", laps, 3u);
  g_assert_cmpstr (summary, ==, expected_summary);

  /* What the board says about an empty house, and an engine error. */
  kiela_position_init_start (&pos, v);
  why = kiela_explain_house (v, &pos, KIELA_SOUTH, 15);
  expected_why = format_po (po_text (po, lang, NULL, "%s is empty: there is nothing to sow."), "e2");
  g_assert_cmpstr (why, ==, expected_why);
  g_assert_false (kiela_position_parse (bad, 10, &pos, &error));
  expected_kpn = format_po (po_text (po, lang, NULL, "Position “%s”: unknown side “%s”, expected “s” or “n”"), bad, "x");
  g_assert_cmpstr (error->message, ==, expected_kpn);
  g_clear_error (&error);

  /* Plugin strings, with the two contexts of one English word. */
  g_assert_cmpstr (kiela_variant_get_name (variant ("kiela-beginner")), ==, po_text (po, lang, NULL, "Kiela for beginners"));
  g_assert_cmpstr (kiela_variant_get_level (variant ("kiela-beginner")), ==, po_text (po, lang, "variant level", "Beginner"));
  g_assert_cmpstr (kiela_variant_get_level (variant ("kiela-expert")), ==, po_text (po, lang, "variant level", "Expert"));
  {
    const KielaPersonality *kizua = kiela_registry_lookup_personality (registry, "kizua");
    const KielaPersonality *lweji = kiela_registry_lookup_personality (registry, "lweji");

    g_assert_nonnull (kizua);
    g_assert_nonnull (lweji);
    g_assert_cmpstr (kiela_personality_get_level_name (kizua), ==, po_text (po, lang, "AI level", "Beginner"));
    g_assert_cmpstr (kiela_personality_get_level_name (lweji), ==, po_text (po, lang, "AI level", "Expert"));
    g_assert_cmpstr (kiela_personality_get_character (lweji), ==,
                     po_text (po, lang, NULL, "Patient and careful: she rarely leaves a house open to capture."));
  }

  /* Desktop and AppStream files. */
  tmpdir = g_dir_make_tmp ("kiela-i18n-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  desktop_path = merge_data_file ("--desktop", "io.github.kiela.Kiela.desktop.in", tmpdir);
  metainfo_path = merge_data_file ("--xml", "io.github.kiela.Kiela.metainfo.xml.in", tmpdir);
  g_assert_true (g_key_file_load_from_file (desktop, desktop_path, G_KEY_FILE_KEEP_TRANSLATIONS, &error));
  g_assert_no_error (error);
  comment = g_key_file_get_locale_string (desktop, "Desktop Entry", "Comment", lang, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (comment, ==, po_text (po, lang, NULL, "Learn and play Kiela, the four-row mancala of northern Angola"));
  g_assert_true (g_file_get_contents (metainfo_path, &metainfo, NULL, NULL));
  summary_xml = g_strdup_printf ("<summary xml:lang=\"%s\">%s</summary>", lang,
                                 po_text (po, lang, NULL, "Learn and play the four-row mancala of northern Angola"));
  /* gettext 0.23 (Debian 13) writes the language as a BCP 47 tag, "pt-BR"; 0.21 as the
   * catalogue's name, "pt_BR": both are right. */
  if (strstr (metainfo, summary_xml) == NULL)
    {
      g_autofree char *tag = g_strdelimit (g_strdup (lang), "_", '-');

      g_free (summary_xml);
      summary_xml = g_strdup_printf ("<summary xml:lang=\"%s\">%s</summary>", tag,
                                     po_text (po, lang, NULL, "Learn and play the four-row mancala of northern Angola"));
    }
  g_assert_nonnull (strstr (metainfo, summary_xml));
  g_assert_cmpint (g_remove (desktop_path), ==, 0);
  g_assert_cmpint (g_remove (metainfo_path), ==, 0);
  g_assert_cmpint (g_rmdir (tmpdir), ==, 0);

  use_language ("fr");
}

int
main (int argc, char **argv)
{
  g_autofree char *localedir = g_build_filename (KIELA_TEST_BUILD_ROOT, "po", NULL);
  g_auto(GStrv) langs = linguas ();
  int ret;

  /* French through LANGUAGE, in a real locale (no fr_FR locale needed). */
  g_setenv ("LANGUAGE", "fr", TRUE);
  test_use_real_locale ();
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  g_test_init (&argc, &argv, NULL);
  registry = kiela_registry_new ();
  {
    g_autofree char *plugins = g_build_filename (KIELA_TEST_BUILD_ROOT, "plugins", NULL);
    kiela_registry_load_dir (registry, plugins);
    kiela_registry_finish_loading (registry);
  }

  g_test_add_func ("/i18n/catalogue-built", test_catalogue_built);
  g_test_add_func ("/i18n/narration", test_narration_french);
  g_test_add_func ("/i18n/kpn-error", test_kpn_error_french);
  g_test_add_func ("/i18n/illegal-move", test_illegal_move_french);
  g_test_add_func ("/i18n/plugin-strings", test_plugin_strings_french);
  g_test_add_func ("/i18n/po/complete", test_po_complete);
  g_test_add_func ("/i18n/po/covers-sources", test_po_covers_sources);
  g_test_add_func ("/i18n/po/potfiles-complete", test_potfiles_complete);
  g_test_add_func ("/i18n/po/references", test_po_references);
  g_test_add_func ("/i18n/po/format-directives", test_po_format_directives);
  g_test_add_func ("/i18n/po/glossary", test_po_glossary);
  g_test_add_func ("/i18n/po/glossary-matching", test_glossary_matching);
  g_test_add_func ("/i18n/po/msgfmt-check", test_po_msgfmt_check);
  g_test_add_func ("/i18n/data-files", test_data_files_french);
  for (guint l = 0; langs[l]; l++)
    {
      g_autofree char *path = g_strdup_printf ("/i18n/%s/end-to-end", langs[l]);

      g_test_add_data_func (path, langs[l], test_language_end_to_end);
    }
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
