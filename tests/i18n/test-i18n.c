/* test-i18n.c: translations work end to end: with LANGUAGE=fr and the build tree's compiled
 * catalogue bound, the engine narrates, explains and reports errors in French, plugin strings
 * (variants, AI personalities) come out in French, the desktop and AppStream files carry the
 * French texts; the French catalogue is complete and not fuzzy, and every catalogue listed in
 * po/LINGUAS passes msgfmt --check and keeps square names and numbers. */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "kiela.h"

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
assert_catalogue_built (void)
{
  g_autofree char *mo = mo_path ("fr");

  if (!g_file_test (mo, G_FILE_TEST_IS_REGULAR))
    g_error ("The French catalogue %s was not built: translations cannot be tested", mo);
}

static const KielaVariant *
variant (const char *id)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, id);

  g_assert_nonnull (v);
  return v;
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
  g_assert_cmpstr (summary, ==, "Nord a semé b3" NBSP ": 2 tours, 3 pierres capturées.");
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

#ifdef KIELA_TEST_HAVE_AI
  {
    const KielaPersonality *elder = kiela_registry_lookup_personality (registry, "mpanzu");

    g_assert_nonnull (elder);
    g_assert_cmpstr (kiela_personality_get_level_name (elder), ==, "Maître");
    g_assert_cmpstr (kiela_personality_get_character (elder), ==,
                     "L’ancien du village" NBSP ": il voit loin et ne gaspille aucune pierre.");
  }
#endif
}

/* ---- The .po files themselves ---- */

typedef struct {
  gboolean obsolete;
  gboolean fuzzy;
  gboolean c_format;
  char *msgctxt;
  char *msgid;
  char *msgid_plural;
  GPtrArray *msgstr;   /* one per plural form (or just one) */
  guint line;
} PoEntry;

static void
po_entry_free (PoEntry *e)
{
  g_free (e->msgctxt);
  g_free (e->msgid);
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
  gboolean pending_fuzzy = FALSE, pending_c_format = FALSE;

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
          cur->line = n + 1;
          pending_fuzzy = pending_c_format = FALSE;
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
      guint translated = 0;
      PoEntry *header;

      g_assert_cmpuint (entries->len, >, 1);
      header = g_ptr_array_index (entries, 0);
      g_assert_cmpstr (header->msgid, ==, "");
      if (header->fuzzy)
        g_error ("%s: the header is marked fuzzy", path);
      if (strstr (g_ptr_array_index (header->msgstr, 0), "charset=UTF-8") == NULL)
        g_error ("%s: the header does not declare charset=UTF-8", path);
      if (french)
        {
          g_assert_nonnull (strstr (g_ptr_array_index (header->msgstr, 0), "Language: fr\n"));
          g_assert_nonnull (strstr (g_ptr_array_index (header->msgstr, 0), "Plural-Forms: nplurals=2; plural=(n > 1);\n"));
        }

      for (guint i = 1; i < entries->len; i++)
        {
          PoEntry *e = g_ptr_array_index (entries, i);

          if (e->obsolete)
            continue;
          /* French is the reference translation and must stay complete; other languages may
           * be partial (untranslated or fuzzy messages fall back to English), as in any GNOME app. */
          if (!french && (e->fuzzy || e->msgstr->len == 0 || *(const char *) g_ptr_array_index (e->msgstr, 0) == '\0'))
            continue;
          if (e->fuzzy)
            g_error ("%s:%u: “%s” is fuzzy", path, e->line, e->msgid);
          if (e->msgstr->len == 0)
            g_error ("%s:%u: “%s” has no msgstr", path, e->line, e->msgid);
          if (e->msgid_plural == NULL && e->msgstr->len != 1)
            g_error ("%s:%u: “%s” has plural forms but no msgid_plural", path, e->line, e->msgid);
          if (french && e->msgid_plural != NULL && e->msgstr->len != 2)
            g_error ("%s:%u: “%s” needs exactly 2 plural forms in French", path, e->line, e->msgid);
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
                  if (strstr (str, "“") || strstr (str, "”") || strchr (str, '\''))
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
      if (french)
        g_assert_cmpuint (translated, >, 400);
      g_test_message ("%s: %u messages translated%s", langs[l], translated, french ? ", none missing or fuzzy" : "");
    }
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
      if (g_str_equal (langs[l], "fr"))
        {
          g_assert_null (strstr (err, "fuzzy"));
          g_assert_null (strstr (err, "untranslated"));
        }
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

int
main (int argc, char **argv)
{
  g_autofree char *localedir = g_build_filename (KIELA_TEST_BUILD_ROOT, "po", NULL);
  int ret;

  /* French through LANGUAGE, with the always-present C.UTF-8 locale (no fr_FR locale needed). */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", "fr", TRUE);
  if (setlocale (LC_ALL, "") == NULL)
    g_error ("the C.UTF-8 locale is not available");
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
  g_test_add_func ("/i18n/po/msgfmt-check", test_po_msgfmt_check);
  g_test_add_func ("/i18n/data-files", test_data_files_french);
  ret = g_test_run ();
  kiela_registry_free (registry);
  return ret;
}
