/* test-i18n.c: translations work end to end: with LANGUAGE=fr and the build tree's compiled
 * catalogue bound, the engine narrates, explains and reports errors in French, plugin strings
 * (variants, AI personalities) come out in French, the desktop and AppStream files carry the
 * French texts. The same checks run for every other language of po/LINGUAS with the expected
 * text taken from that language's .po file (never from the code's output).  The health of
 * every catalogue: test-i18n-po.c. */
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
#include "test-i18n-common.h"

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
  g_auto(GStrv) langs = linguas ();
  int ret;

  i18n_test_init (&argc, &argv);
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
