/* test-catalogue.c: the engine's sentences through a KielaCatalogue (a lesson shown in another
 * language than the interface's): plural rules, fallbacks, and the _in functions using it. */
#include "config.h"
#include <string.h>
#include "test-common.h"
#include "kiela-catalogue-i18n.h"

static KielaRegistry *registry;

/* A catalogue of a made-up language: each message it knows, written out by hand. */
static const char *
fake_lookup (gpointer data, const char *context, const char *msgid, guint form)
{
  static const struct { const char *context, *msgid; guint form; const char *text; } table[] = {
    { NULL, "%s is empty: there is nothing to sow.", 0, "[%s vide]" },
    { NULL, "South", 0, "Zud" },
    { NULL, "North", 0, "Nord" },
    { NULL, "%s belongs to North: it is South’s turn.", 0, "[%s est au Nord]" },
    { NULL, "%u lap", 0, "[%u tour]" },
    { NULL, "%u lap", 1, "[%u tours]" },
    { NULL, "%u lap", 2, "[%u tourov]" },
    { NULL, "%s sowed %s: %s, no capture.", 0, "[%s a semé %s : %s]" },
    { "lesson level", "Beginner", 0, "[Débutant]" },
  };

  g_assert_cmpstr (data, ==, "data");
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_strcmp0 (table[i].context, context) == 0 && g_str_equal (table[i].msgid, msgid) && table[i].form == form)
      return table[i].text;
  return NULL;
}

static guint destroyed;

static void
fake_destroy (gpointer data)
{
  g_assert_cmpstr (data, ==, "data");
  destroyed++;
}

static void
test_plural_rules (void)
{
  static const struct { const char *rule; gulong n; guint form; } cases[] = {
    /* Russian's three forms, as a Russian reader counts them. */
    { "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 1, 0 },
    { "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 3, 1 },
    { "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 5, 2 },
    { "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 11, 2 },
    { "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 12, 2 },
    { "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 21, 0 },
    { "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 22, 1 },
    { "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", 111, 2 },
    /* French and Brazilian Portuguese: 0 and 1 singular. */
    { "nplurals=2; plural=(n > 1);", 0, 0 },
    { "nplurals=2; plural=(n > 1);", 1, 0 },
    { "nplurals=2; plural=(n > 1);", 2, 1 },
    /* European Portuguese and Turkish: 0 plural. */
    { "nplurals=2; plural=(n != 1);", 0, 1 },
    { "nplurals=2; plural=(n != 1);", 1, 0 },
    /* Vietnamese: one form. */
    { "nplurals=1; plural=0;", 1, 0 },
    { "nplurals=1; plural=0;", 7, 0 },
    /* A form past nplurals is clamped to the last. */
    { "nplurals=2; plural=n;", 5, 1 },
    /* Unreadable rules are English's. */
    { "nplurals=2; plural=(n > ;", 0, 1 },
    { "nplurals=2; plural=n/0;", 1, 0 },
    { "nplurals=0; plural=0;", 2, 1 },
    { "plural=0;", 2, 1 },
    { "nplurals=2; plural=((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((n))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))));", 2, 1 },
    { NULL, 1, 0 },
    { NULL, 2, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KielaCatalogue) cat = kiela_catalogue_new ("xx", cases[i].rule, NULL, NULL, NULL);

      g_test_message ("%s with n = %lu", cases[i].rule ? cases[i].rule : "(none)", cases[i].n);
      g_assert_cmpuint (kiela_catalogue_plural_form (cat, cases[i].n), ==, cases[i].form);
    }
}

static void
test_lookups (void)
{
  KielaCatalogue *cat = kiela_catalogue_new ("ru", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && "
                                             "n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                                             fake_lookup, (gpointer) "data", fake_destroy);
  g_autoptr(KielaCatalogue) english = kiela_catalogue_new (NULL, NULL, NULL, NULL, NULL);

  g_assert_cmpstr (kiela_catalogue_get_language (cat), ==, "ru");
  g_assert_cmpstr (kiela_catalogue_get_language (english), ==, "en");
  g_assert_cmpstr (kiela_catalogue_gettext (cat, "South"), ==, "Zud");
  /* A message the catalogue lacks is the message as written. */
  g_assert_cmpstr (kiela_catalogue_gettext (cat, "Right!"), ==, "Right!");
  g_assert_cmpstr (kiela_catalogue_pgettext (cat, "lesson level", "Beginner"), ==, "[Débutant]");
  g_assert_cmpstr (kiela_catalogue_pgettext (cat, "AI level", "Beginner"), ==, "Beginner");
  g_assert_cmpstr (kiela_catalogue_ngettext (cat, "%u lap", "%u laps", 1), ==, "[%u tour]");
  g_assert_cmpstr (kiela_catalogue_ngettext (cat, "%u lap", "%u laps", 3), ==, "[%u tours]");
  g_assert_cmpstr (kiela_catalogue_ngettext (cat, "%u lap", "%u laps", 7), ==, "[%u tourov]");
  g_assert_cmpstr (kiela_catalogue_ngettext (cat, "%u stone", "%u stones", 7), ==, "%u stones");
  g_assert_cmpstr (kiela_catalogue_ngettext (english, "%u lap", "%u laps", 1), ==, "%u lap");
  g_assert_cmpstr (kiela_catalogue_ngettext (english, "%u lap", "%u laps", 0), ==, "%u laps");
  /* No catalogue: gettext's, here (LANGUAGE=C) the message itself. */
  g_assert_cmpstr (kiela_catalogue_gettext (NULL, "South"), ==, "South");
  g_assert_cmpstr (kiela_catalogue_ngettext (NULL, "%u lap", "%u laps", 2), ==, "%u laps");

  kiela_catalogue_ref (cat);
  kiela_catalogue_unref (cat);
  g_assert_cmpuint (destroyed, ==, 0);
  kiela_catalogue_unref (cat);
  g_assert_cmpuint (destroyed, ==, 1);
}

/* The engine's refusals and narration use the catalogue given, and gettext without one. */
static void
test_engine_sentences (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaCatalogue) cat = kiela_catalogue_new ("ru", "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
                                                       "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                                                       fake_lookup, (gpointer) "data", NULL);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition pos;
  gboolean refused = FALSE, narrated = FALSE;
  guint n;

  kiela_position_init_start (&pos, v);
  for (guint h = 0; h < 2u * v->files && !refused; h++)
    if (pos.houses[pos.to_move][h] == 0)
      {
        char sq[4];
        g_autofree char *in = NULL, *plain = NULL, *illegal = NULL, *expected = NULL, *expected_plain = NULL;

        kiela_square_name (v->files, (KielaSide) pos.to_move, h, sq);
        in = kiela_explain_house_in (v, &pos, (KielaSide) pos.to_move, h, cat);
        plain = kiela_explain_house (v, &pos, (KielaSide) pos.to_move, h);
        expected = g_strdup_printf ("[%s vide]", sq);
        expected_plain = g_strdup_printf ("%s is empty: there is nothing to sow.", sq);
        g_assert_cmpstr (in, ==, expected);
        g_assert_cmpstr (plain, ==, expected_plain);
        illegal = kiela_explain_illegal_in (v, &pos, (KielaMove) h, NULL);
        g_assert_cmpstr (illegal, ==, expected_plain);
        refused = TRUE;
      }
  g_assert_true (refused);
  {
    g_autofree char *in = kiela_explain_house_in (v, &pos, KIELA_NORTH, 0, cat);
    char sq[4];
    g_autofree char *expected = NULL;

    kiela_square_name (v->files, KIELA_NORTH, 0, sq);
    expected = g_strdup_printf ("[%s est au Nord]", sq);
    g_assert_cmpstr (in, ==, expected);
  }
  g_assert_cmpstr (kiela_side_display_name_in (KIELA_SOUTH, cat), ==, "Zud");
  g_assert_cmpstr (kiela_side_display_name_in (KIELA_NORTH, NULL), ==, "North");

  /* A move without a capture: its summary in the catalogue, and the event sentences the
   * catalogue lacks as written, with its side names. */
  n = kiela_legal_moves (v, &pos, moves, NULL, NULL);
  for (guint i = 0; i < n && !narrated; i++)
    {
      g_assert_true (kiela_sow_traced (v, &pos, moves[i], trace));
      if (trace->result.captures == 0 && trace->result.end == KIELA_END_EMPTY_HOUSE)
        {
          char sq[4];
          g_autofree char *summary = kiela_narrate_move_summary_in (v, trace, cat);
          g_autofree char *first = kiela_narrate_event_in (v, trace, 0, cat);
          g_autofree char *plain = kiela_narrate_event (v, trace, 0);
          g_autofree char *expected = NULL;
          const char *laps = trace->result.laps % 10 == 1 && trace->result.laps % 100 != 11 ? "tour"
                             : trace->result.laps % 10 >= 2 && trace->result.laps % 10 <= 4
                               && (trace->result.laps % 100 < 10 || trace->result.laps % 100 >= 20) ? "tours" : "tourov";

          kiela_square_name (v->files, trace->result.mover, (guint) moves[i], sq);
          expected = g_strdup_printf ("[Zud a semé %s : [%u %s]]", sq, trace->result.laps, laps);
          g_assert_cmpstr (summary, ==, expected);
          g_assert_true (g_str_has_prefix (first, "Zud "));
          g_assert_true (g_str_has_prefix (plain, "South "));
          g_assert_cmpstr (first + strlen ("Zud"), ==, plain + strlen ("South"));
          narrated = TRUE;
        }
    }
  g_assert_true (narrated);
}

static const char *
grouping_lookup (gpointer data, const char *context, const char *msgid, guint form)
{
  return g_strcmp0 (context, "digit grouping") == 0 && g_str_equal (msgid, "1,000") ? data : NULL;
}

/* Numbers of laps grouped as the catalogue's language writes one thousand. */
static void
test_grouping (void)
{
  static const struct { const char *example; guint n; const char *expected; } cases[] = {
    { "1\u202f000", 1000, "1\u202f000" },
    { "1\u202f000", 1234567, "1\u202f234\u202f567" },
    { "1\u202f000", 999, "999" },
    { "1.000", 10000, "10.000" },
    { "1000", 1000, "1000" },
    { "1000", 100000, "100000" },
    /* A translation that is not one thousand: the digits alone. */
    { "mille", 1000, "1000" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KielaCatalogue) cat = kiela_catalogue_new ("xx", NULL, grouping_lookup, (gpointer) cases[i].example, NULL);
      g_autofree char *text = _kiela_catalogue_format_count (cat, cases[i].n);

      g_assert_cmpstr (text, ==, cases[i].expected);
    }
  /* English, the messages as written: "1,000" as the lessons write it. */
  {
    g_autoptr(KielaCatalogue) english = kiela_catalogue_new ("en", NULL, NULL, NULL, NULL);
    g_autofree char *text = _kiela_catalogue_format_count (english, 1000);

    g_assert_cmpstr (text, ==, "1,000");
  }
}

/* A move still going at the lap limit counts as endless: the narration says so (it is not
 * proved endless), with the number grouped in the catalogue's language. */
static void
test_endless_narration (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  /* Rules section 8's example: a2 (house 19) cycles with a period of 165 laps. */
  const guint16 south[20] = { 2,1,3,2,1,0,1,0,1,0, 1,0,2,1,0,2,1,0,1,2 };
  const guint16 north[20] = { 2,2,2,2,2,2,2,2,2,2, 0,0,0,0,0,0,0,0,0,0 };
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autoptr(KielaCatalogue) french = kiela_catalogue_new ("xx", NULL, grouping_lookup, (gpointer) "1\u202f000", NULL);
  g_autofree char *last = NULL, *summary = NULL, *grouped = NULL;
  KielaPosition pos;
  guint n;

  memset (&pos, 0, sizeof pos);
  pos.files = 10;
  test_set_side (&pos, KIELA_SOUTH, south, 20);
  test_set_side (&pos, KIELA_NORTH, north, 20);
  kiela_sow_traced (v, &pos, 19, trace);
  g_assert_cmpuint (trace->result.end, ==, KIELA_END_ENDLESS);
  n = kiela_trace_get_n_events (trace);
  last = kiela_narrate_event_in (v, trace, n - 1, NULL);
  summary = kiela_narrate_move_summary_in (v, trace, NULL);
  g_test_message ("%s / %s", last, summary);
  g_assert_true (g_str_has_prefix (last, "After 1"));
  g_assert_true (g_str_has_suffix (last, "000 laps the sowing is still going: the move counts as endless."));
  g_assert_cmpstr (summary, ==, "South sowed a2, a move that counts as endless.");
  grouped = kiela_narrate_event_in (v, trace, n - 1, french);
  g_assert_cmpstr (grouped, ==, "After 1\u202f000 laps the sowing is still going: the move counts as endless.");
}

int
main (int argc, char **argv)
{
  registry = test_init (&argc, &argv);
  g_test_add_func ("/catalogue/plural-rules", test_plural_rules);
  g_test_add_func ("/catalogue/lookups", test_lookups);
  g_test_add_func ("/catalogue/engine-sentences", test_engine_sentences);
  g_test_add_func ("/catalogue/grouping", test_grouping);
  g_test_add_func ("/catalogue/endless-narration", test_endless_narration);
  return g_test_run ();
}
