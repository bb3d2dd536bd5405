/* test-position.c: board geometry, square names and KPN parsing/printing against the rules file. */
#include "config.h"
#include <string.h>
#include "test-common.h"

#define KIELA_START_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s"

static void
test_local_numbering (void)
{
  /* Rules section 2: South 0-9 = a1..j1, 10-19 = j2..a2; North 0-9 = j4..a4, 10-19 = a3..j3. */
  const char *south[20] = { "a1","b1","c1","d1","e1","f1","g1","h1","i1","j1",
                            "j2","i2","h2","g2","f2","e2","d2","c2","b2","a2" };
  const char *north[20] = { "j4","i4","h4","g4","f4","e4","d4","c4","b4","a4",
                            "a3","b3","c3","d3","e3","f3","g3","h3","i3","j3" };
  for (guint h = 0; h < 20; h++)
    {
      char name[4];
      KielaSquare sq;

      kiela_square_name (10, KIELA_SOUTH, h, name);
      g_assert_cmpstr (name, ==, south[h]);
      kiela_square_name (10, KIELA_NORTH, h, name);
      g_assert_cmpstr (name, ==, north[h]);

      g_assert_true (kiela_square_parse (10, south[h], &sq, NULL));
      g_assert_cmpint (sq.side, ==, KIELA_SOUTH);
      g_assert_cmpuint (sq.house, ==, h);
      g_assert_cmpint (sq.row, ==, h < 10 ? KIELA_ROW_OUTER : KIELA_ROW_INNER);
      g_assert_true (kiela_square_parse (10, north[h], &sq, NULL));
      g_assert_cmpint (sq.side, ==, KIELA_NORTH);
      g_assert_cmpuint (sq.house, ==, h);
    }
}

static void
test_facing (void)
{
  /* The house facing an inner house is the opponent's inner house in the same file;
   * behind it is the opponent's outer house of that file.  Check every file of
   * every board width by name. */
  for (guint files = KIELA_MIN_FILES; files <= KIELA_MAX_FILES; files++)
    for (guint side = 0; side < 2; side++)
      for (guint h = files; h < 2 * files; h++)
        {
          char me[4], fi[4], fo[4];

          kiela_square_name (files, side, h, me);
          kiela_square_name (files, 1 - side, kiela_facing_inner (files, h), fi);
          kiela_square_name (files, 1 - side, kiela_facing_outer (files, h), fo);
          g_assert_cmpint (me[0], ==, fi[0]);
          g_assert_cmpint (me[0], ==, fo[0]);
          g_assert_cmpint (me[1], ==, side == KIELA_SOUTH ? '2' : '3');
          g_assert_cmpint (fi[1], ==, side == KIELA_SOUTH ? '3' : '2');
          g_assert_cmpint (fo[1], ==, side == KIELA_SOUTH ? '4' : '1');
        }
}

static void
test_all_squares_unique (void)
{
  for (guint files = KIELA_MIN_FILES; files <= KIELA_MAX_FILES; files++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (guint side = 0; side < 2; side++)
        for (guint h = 0; h < 2 * files; h++)
          {
            char *name = kiela_square_name_dup (files, side, h);
            KielaSquare sq;

            g_assert_false (g_hash_table_contains (seen, name));
            g_assert_true (kiela_square_parse (files, name, &sq, NULL));
            g_assert_cmpuint (sq.side, ==, side);
            g_assert_cmpuint (sq.house, ==, h);
            g_hash_table_add (seen, name);
          }
      g_assert_cmpuint (g_hash_table_size (seen), ==, 4 * files);
    }
}

static void
test_start_kpn (void)
{
  g_autoptr(KielaRegistry) registry = test_registry ();
  const KielaVariant *kiela = kiela_registry_lookup_variant (registry, "kiela");
  KielaPosition start, parsed;
  g_autofree char *kpn = NULL;

  kiela_position_init_start (&start, kiela);
  kpn = kiela_position_to_string (&start);
  g_assert_cmpstr (kpn, ==, KIELA_START_KPN);
  g_assert_true (kiela_position_parse (KIELA_START_KPN, 10, &parsed, NULL));
  g_assert_true (kiela_position_equal (&start, &parsed));
  g_assert_cmpuint (kiela_position_side_total (&start, KIELA_SOUTH), ==, 28);
  g_assert_cmpuint (kiela_position_side_total (&start, KIELA_NORTH), ==, 28);
  /* South's right-end inner houses g2..j2 and North's a3..d3 hold 2. */
  for (const char *const *sq = (const char *const[]) { "g2", "h2", "i2", "j2", "a3", "b3", "c3", "d3", NULL }; *sq; sq++)
    {
      KielaSquare s;
      g_assert_true (kiela_square_parse (10, *sq, &s, NULL));
      g_assert_cmpuint (start.houses[s.side][s.house], ==, 2);
    }
}

static void
test_round_trip (void)
{
  KielaRng rng;

  kiela_rng_seed (&rng, 42);
  for (guint i = 0; i < 5000; i++)
    {
      KielaPosition pos = { 0 }, back;
      g_autofree char *kpn = NULL, *again = NULL;
      g_autoptr(GError) error = NULL;

      pos.files = (guint8) (KIELA_MIN_FILES + kiela_rng_below (&rng, KIELA_MAX_FILES - KIELA_MIN_FILES + 1));
      pos.to_move = (guint8) kiela_rng_below (&rng, 2);
      for (guint s = 0; s < 2; s++)
        for (guint h = 0; h < 2u * pos.files; h++)
          pos.houses[s][h] = (guint16) (kiela_rng_below (&rng, 4) == 0 ? kiela_rng_below (&rng, 300) : kiela_rng_below (&rng, 4));
      kpn = kiela_position_to_string (&pos);
      g_assert_true (kiela_position_parse (kpn, 0, &back, &error));
      g_assert_no_error (error);
      g_assert_true (kiela_position_equal (&pos, &back));
      g_assert_cmpuint (kiela_position_hash (&pos), ==, kiela_position_hash (&back));
      again = kiela_position_to_string (&back);
      g_assert_cmpstr (kpn, ==, again);
    }
}

static void
test_hash_distinguishes (void)
{
  KielaPosition a = { 0 }, b;

  a.files = 10;
  a.houses[0][3] = 2;
  b = a;
  g_assert_cmpuint (kiela_position_hash (&a), ==, kiela_position_hash (&b));
  b.to_move = 1;
  g_assert_cmpuint (kiela_position_hash (&a), !=, kiela_position_hash (&b));
  b = a;
  b.houses[0][3] = 1; b.houses[0][4] = 1;
  g_assert_cmpuint (kiela_position_hash (&a), !=, kiela_position_hash (&b));
  b = a;
  b.houses[0][3] = 0; b.houses[1][3] = 2;
  g_assert_cmpuint (kiela_position_hash (&a), !=, kiela_position_hash (&b));
}

typedef struct {
  const char *input;
  guint expected_files;
  const char *message_part;
} BadKpn;

static void
test_malformed (void)
{
  const BadKpn cases[] = {
    { "", 0, "Empty position" },
    { "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s", 10, "rank 2 has 9 houses, expected 10" },
    { "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 x", 10, "unknown side “x”" },
    { "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 south", 10, "unknown side “south”" },
    { "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,-1,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s", 10, "negative count" },
    { "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2", 10, "lacks the side to move" },
    { "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2 s", 10, "has 3 ranks" },
    { "2,2,2,2/2,2,2,2 s", 0, "has 2 ranks, expected 4 separated by" },
    { "2,2,2,2/2,2,2,2/", 0, "ends early: rank 2 is missing a count" },
    { "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 s", 4, "more than 4 ranks" },
    { "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s", 7, "rank 4 has 10 houses, expected 7" },
    { "2,2,2/2,2,2/2,2,2/2,2,2 s", 0, "rank 4 has 3 houses" },
    { "2,2,x,2/2,2,2,2/2,2,2,2/2,2,2,2 s", 0, "unexpected character “x” in rank 4" },
    { "2,2,,2/2,2,2,2/2,2,2,2/2,2,2,2 s", 0, "unexpected character “,” in rank 4" },
    { "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2,  s", 0, "expected a count" },
    { "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 s ", 0, "unknown side “s ”" },
    { "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,99999999999999999999 s", 0, "larger than" },
    { "2,2,2,2;2,2,2,2/2,2,2,2/2,2,2,2 s", 0, "unexpected character “;” after rank 4" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KielaPosition pos;
      g_autoptr(GError) error = NULL;

      pos.files = 77;
      if (kiela_position_parse (cases[i].input, cases[i].expected_files, &pos, &error))
        g_error ("“%s” was accepted", cases[i].input);
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
      if (strstr (error->message, cases[i].message_part) == NULL)
        g_error ("error for “%s” is “%s”, expected it to mention “%s”", cases[i].input, error->message,
                 cases[i].message_part);
      g_assert_cmpuint (pos.files, ==, 77); /* the output is untouched on error */
    }
  {
    /* 21 files is one too many. */
    GString *s = g_string_new (NULL);
    g_autoptr(GError) error = NULL;
    KielaPosition pos;

    for (guint r = 0; r < 4; r++)
      {
        for (guint f = 0; f < 21; f++)
          g_string_append (s, f ? ",1" : "1");
        g_string_append (s, r < 3 ? "/" : " n");
      }
    g_assert_false (kiela_position_parse (s->str, 0, &pos, &error));
    g_assert_nonnull (strstr (error->message, "rank 4 has 21 houses"));
    g_string_free (s, TRUE);
  }
}

/* A stray character is quoted whole, never one byte of it: the message stays
 * UTF-8 and names the character; bytes that are not UTF-8 show as \xNN. */
static void
test_malformed_non_ascii (void)
{
  const struct { const char *input; const char *named; } cases[] = {
    { "2,2,2,2é/2,2,2,2/2,2,2,2/2,2,2,2 s", "unexpected character “é” after rank 4" },
    { "2,2,2,2/é,2,2,2/2,2,2,2/2,2,2,2 s", "unexpected character “é” in rank 3" },
    { "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2😀 s", "unexpected character “😀” after rank 1" },
    { "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,\xff s", "unexpected character “\\xFF” in rank 1" },
    { "2,2,2,2/2,2,2,2\xc3/2,2,2,2/2,2,2,2 s", "unexpected character “\\xC3” after rank 3" },
    { "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 \xe2\x82", "unknown side “\\xE2\\x82”" },
    { "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 😀", "unknown side “😀”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KielaPosition pos;
      g_autoptr(GError) error = NULL;

      g_assert_false (kiela_position_parse (cases[i].input, 0, &pos, &error));
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
      if (!g_utf8_validate (error->message, -1, NULL) || strstr (error->message, cases[i].named) == NULL)
        {
          g_autofree char *shown = g_strescape (error->message, NULL);
          g_error ("case %u: “%s” does not name “%s”", i, shown, cases[i].named);
        }
    }

  /* Square names too. */
  {
    KielaSquare sq;
    g_autoptr(GError) e1 = NULL, e2 = NULL;

    g_assert_false (kiela_square_parse (10, "g\xff", &sq, &e1));
    g_assert_true (g_utf8_validate (e1->message, -1, NULL));
    g_assert_nonnull (strstr (e1->message, "“g\\xFF”"));
    g_assert_false (kiela_square_parse (10, "é1", &sq, &e2));
    g_assert_nonnull (strstr (e2->message, "“é1”"));
  }
}

static void
test_bad_squares (void)
{
  const char *bad[] = { "", "g", "g5", "k1", "G1", "g0", "g12", "1g", "gg" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      KielaSquare sq;
      g_autoptr(GError) error = NULL;

      g_assert_false (kiela_square_parse (10, bad[i], &sq, &error));
      g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
      if (bad[i][0])
        g_assert_nonnull (strstr (error->message, bad[i]));
    }
  {
    KielaSquare sq;
    g_autoptr(GError) error = NULL;
    /* h1 exists on 10 files but not on Hawalis's 7. */
    g_assert_false (kiela_square_parse (7, "h1", &sq, &error));
    g_assert_nonnull (strstr (error->message, "files run from a to g"));
  }
}

/* Random edits of valid strings: every result is either a clean error or a
 * position that prints back to a string that parses to the same position. */
static void
test_mutations (void)
{
  const char *alphabet = "0123456789,/ snx-;9";
  KielaRng rng;
  guint accepted = 0, rejected = 0;

  kiela_rng_seed (&rng, 99);
  for (guint i = 0; i < 100000; i++)
    {
      GString *s = g_string_new (KIELA_START_KPN);
      guint edits = 1 + kiela_rng_below (&rng, 4);
      KielaPosition pos;
      g_autoptr(GError) error = NULL;

      for (guint e = 0; e < edits; e++)
        {
          guint at = kiela_rng_below (&rng, (guint32) s->len + 1);
          char c = alphabet[kiela_rng_below (&rng, (guint32) strlen (alphabet))];
          switch (kiela_rng_below (&rng, 3))
            {
            case 0: g_string_insert_c (s, at, c); break;
            case 1: if (at < s->len) g_string_erase (s, at, 1); break;
            default: if (at < s->len) s->str[at] = c; break;
            }
        }
      if (kiela_position_parse (s->str, 0, &pos, &error))
        {
          g_autofree char *back = kiela_position_to_string (&pos);
          KielaPosition again;
          g_assert_no_error (error);
          g_assert_true (kiela_position_parse (back, pos.files, &again, NULL));
          g_assert_true (kiela_position_equal (&pos, &again));
          accepted++;
        }
      else
        {
          g_assert_nonnull (error);
          g_assert_true (g_str_has_prefix (error->message, "Position") || g_str_has_prefix (error->message, "Empty"));
          rejected++;
        }
      g_string_free (s, TRUE);
    }
  /* Both outcomes occur: the edits are neither all harmless nor all fatal. */
  g_assert_cmpuint (accepted, >, 1000);
  g_assert_cmpuint (rejected, >, 10000);
}

/* The owed parts after the side to move: " first:" then " inhouse:", each optional, in that
 * order; anything else is refused. */
static void
test_kpn_owed (void)
{
  static const char *board = "2,2,2,2,2,2,2/0,0,0,0,0,0,0/0,0,0,0,0,0,0/4,3,3,3,3,3,2";
  static const struct { const char *tail; gboolean ok; guint8 owed; } cases[] = {
    { " s", TRUE, 0 },
    { " s first:sn", TRUE, 3 },
    { " s inhouse:sn", TRUE, 12 },
    { " n inhouse:n", TRUE, 8 },
    { " s first:s inhouse:n", TRUE, 1 | 8 },
    { " s inhouse:s first:s", FALSE, 0 },
    { " s inhouse:x", FALSE, 0 },
    { " s inhouse:", FALSE, 0 },
    { " s inhouse:ns", FALSE, 0 },
    { " s first:s ", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *kpn = g_strconcat (board, cases[i].tail, NULL);
      g_autoptr(GError) error = NULL;
      KielaPosition pos;
      gboolean ok = kiela_position_parse (kpn, 7, &pos, &error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        {
          g_autofree char *back = kiela_position_to_string (&pos);

          g_assert_cmpuint (pos.first_move_owed, ==, cases[i].owed);
          g_assert_cmpstr (back, ==, kpn);
        }
      else
        g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/position/local-numbering", test_local_numbering);
  g_test_add_func ("/position/facing", test_facing);
  g_test_add_func ("/position/squares-unique", test_all_squares_unique);
  g_test_add_func ("/position/start-kpn", test_start_kpn);
  g_test_add_func ("/position/kpn-round-trip", test_round_trip);
  g_test_add_func ("/position/hash", test_hash_distinguishes);
  g_test_add_func ("/position/kpn-owed", test_kpn_owed);
  g_test_add_func ("/position/kpn-malformed", test_malformed);
  g_test_add_func ("/position/kpn-malformed-non-ascii", test_malformed_non_ascii);
  g_test_add_func ("/position/square-malformed", test_bad_squares);
  g_test_add_func ("/position/kpn-mutations", test_mutations);
  return g_test_run ();
}
