/* test-variant-file.c: variant files: parameters round-trip, named errors, shipped games' starts and hand-checked moves, Kiela files = C variants. */
#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "kiela.h"
#include "test-common.h"

static KielaRegistry *registry;

static KielaVariantFile *
load_shipped (const char *name)
{
  g_autofree char *path = g_build_filename (KIELA_TEST_VARIANTS_DIR, name, NULL);
  g_autoptr(GError) error = NULL;
  KielaVariantFile *file = kiela_variant_file_new_from_file (path, &error);

  g_assert_no_error (error);
  return file;
}

/* Every rule field and every string of two variants. */
static void
assert_same_variant (const KielaVariant *a, const KielaVariant *b)
{
  g_assert_cmpstr (a->id, ==, b->id);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->description, ==, b->description);
  g_assert_cmpstr (a->family, ==, b->family);
  g_assert_cmpstr (a->level, ==, b->level);
  g_assert_cmpstr (a->source, ==, b->source);
  g_assert_cmpuint (a->files, ==, b->files);
  g_assert_cmpuint (a->min_sow, ==, b->min_sow);
  g_assert_cmpint (a->singles_when_blocked, ==, b->singles_when_blocked);
  g_assert_cmpint (a->capture_rule, ==, b->capture_rule);
  g_assert_cmpint (a->captured_fate, ==, b->captured_fate);
  g_assert_cmpint (a->relay_rule, ==, b->relay_rule);
  g_assert_cmpint (a->endless_policy, ==, b->endless_policy);
  g_assert_cmpuint (a->lap_limit, ==, b->lap_limit);
  g_assert_cmpint (a->setup_phase, ==, b->setup_phase);
  g_assert_cmpint (a->default_variant, ==, b->default_variant);
  g_assert_cmpuint (a->flags, ==, b->flags);
  g_assert_cmpuint (a->first_move, ==, b->first_move);
  g_assert_cmpmem (a->start, sizeof a->start, b->start, sizeof b->start);
  g_assert_cmpint (a->reverse != NULL, ==, b->reverse != NULL);
  if (a->reverse)
    {
      g_assert_cmpuint (a->reverse->houses, ==, b->reverse->houses);
      g_assert_cmpuint (a->reverse->when, ==, b->reverse->when);
      g_assert_cmpuint (a->reverse->captured, ==, b->reverse->captured);
      g_assert_cmpuint (a->reverse->relay, ==, b->reverse->relay);
    }
}

static KielaVariantFile *
round_trip (KielaVariantFile *file)
{
  gsize length;
  g_autofree char *data = kiela_variant_file_to_data (file, &length);
  g_autoptr(GError) error = NULL;
  KielaVariantFile *again = kiela_variant_file_new_from_data (data, (gssize) length, "<round trip>", &error);

  g_assert_no_error (error);
  assert_same_variant (kiela_variant_file_get_variant (file), kiela_variant_file_get_variant (again));
  g_assert_cmpstr (kiela_variant_file_get_reading (file), ==, kiela_variant_file_get_reading (again));
  return again;
}

static const char *const shipped[] = {
  "owela.kiela-variant", "omweso.kiela-variant", "quiela.kiela-variant", "hus.kiela-variant",
  "mefuvha.kiela-variant", "templates/kiela.kiela-variant", "templates/kiela-beginner.kiela-variant",
  "templates/kiela-expert.kiela-variant", "templates/hawalis.kiela-variant",
};

/* A small user file every case below edits one key of. */
#define BASE "[Variant]\nId=test\nName=Test\nName[fr]=Essai\nFiles=6\nStart=outer:2;inner-right:2:2\n"

/* Every value of every parameter survives writing and reading back. */
static void
test_round_trip (void)
{
  guint n_keys;
  const KielaVariantFileKey *keys = kiela_variant_file_get_keys (&n_keys);
  guint tried = 0;

  for (guint i = 0; i < G_N_ELEMENTS (shipped); i++)
    {
      g_autoptr(KielaVariantFile) file = load_shipped (shipped[i]);
      G_GNUC_UNUSED g_autoptr(KielaVariantFile) again = round_trip (file);

      g_assert_true (kiela_variant_file_is_builtin (file));
      tried++;
    }
  for (guint k = 0; k < n_keys; k++)
    {
      const KielaVariantFileKey *key = &keys[k];

      /* End lists every condition at once: the shipped files round-trip it. */
      if (g_str_equal (key->key, "End"))
        continue;
      for (guint c = 0; key->supported && key->supported[c]; c++)
        {
          g_autofree char *text = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(KielaVariantFile) file = NULL;
          g_autoptr(KielaVariantFile) again = NULL;
          const char *extra = "";

          /* Only removed stones end the turn; an empty-inner trigger needs facing-inner only. */
          if (g_str_equal (key->key, "CaptureEndsTurn"))
            extra = g_str_equal (key->supported[c], "true") ? "CapturedStones=removed\n" : "";
          if (g_str_equal (key->key, "CapturedStones") && g_str_equal (key->supported[c], "removed"))
            extra = "CaptureEndsTurn=true\n";
          /* A constrained arrangement names its rules (BASE's start has no single stone); a phase
           * change names the later phase's rules, and the reverse. */
          if (g_str_equal (key->key, "Arrangement") && g_str_equal (key->supported[c], "constrained"))
            extra = "ArrangeRules=inner-singles-at-most:0\n";
          if (g_str_equal (key->key, "PhaseChange") && !g_str_equal (key->supported[c], "none"))
            extra = "LaterPhase=singles-into-empty\n";
          if (g_str_equal (key->key, "LaterPhase") && !g_str_equal (key->supported[c], "none"))
            extra = "PhaseChange=no-house-over-one\n";
          /* The rules of clockwise sowings need their houses. */
          if (g_str_has_prefix (key->key, "Reverse"))
            extra = "ReverseFrom=0;1;10;11\n";
          text = g_strdup_printf (BASE "%s=%s\n%s", key->key, key->supported[c], extra);
          file = kiela_variant_file_new_from_data (text, -1, "<case>", &error);
          g_assert_no_error (error);
          again = round_trip (file);
          tried++;
        }
      if (key->max > 0)
        for (guint v = key->min; v <= key->max; v += MAX (1u, (key->max - key->min) / 7))
          {
            /* The extra capture takes 2 houses at most (on 6 files: a small enough board), its
             * stones off the board. */
            const gboolean extra = g_str_equal (key->key, "ExtraCapture");
            g_autofree char *text = NULL;
            g_autoptr(GError) error = NULL;
            g_autoptr(KielaVariantFile) file = NULL;
            g_autoptr(KielaVariantFile) again = NULL;

            text = g_str_equal (key->key, "Files") ? g_strdup_printf ("[Variant]\nId=t\nName=T\nFiles=%u\nStart=all:1\n", v)
                 : extra ? g_strdup_printf (BASE "%s=%u\nCapturedStones=removed\n", key->key, v)
                 : g_strdup_printf (BASE "%s=%u\n", key->key, v);
            file = kiela_variant_file_new_from_data (text, -1, "<case>", &error);
            g_assert_no_error (error);
            again = round_trip (file);
            tried++;
          }
    }
  /* Clockwise sowings from listed houses, and none. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_data (BASE "ReverseFrom=0;11;\nReverseRelay=when-captures\n",
                                                                         -1, "<case>", &error);
    g_autoptr(KielaVariantFile) again = NULL;
    g_autoptr(KielaVariantFile) none = NULL;
    const KielaVariant *v;

    g_assert_no_error (error);
    v = kiela_variant_file_get_variant (file);
    g_assert_nonnull (v->reverse);
    g_assert_cmpuint (v->reverse->houses, ==, (1u << 0) | (1u << 11));
    g_assert_cmpuint (v->reverse->when, ==, KIELA_REVERSE_WHEN_CAPTURES);
    g_assert_cmpuint (v->reverse->relay, ==, KIELA_REVERSE_RELAY_WHEN_CAPTURES);
    again = round_trip (file);
    none = kiela_variant_file_new_from_data (BASE "ReverseFrom=none\nBothEndsWin=true\n", -1, "<case>", &error);
    g_assert_no_error (error);
    g_assert_null (kiela_variant_file_get_variant (none)->reverse);
    g_assert_true (kiela_variant_file_get_variant (none)->flags & KIELA_VARIANT_FLAG_WIN_BOTH_ENDS);
    g_clear_pointer (&again, kiela_variant_file_free);
    again = round_trip (none);
    tried += 2;
  }
  /* Sides that differ, given house by house. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_data (
      "[Variant]\nId=t\nName=T\nFiles=4\nStartHouses=1;2;3;4;5;6;7;8\nStartNorth=0;0;0;0;0;0;0;9\n", -1, "<case>", &error);
    g_autoptr(KielaVariantFile) again = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (kiela_variant_file_get_variant (file)->start[0][7], ==, 8);
    g_assert_cmpuint (kiela_variant_file_get_variant (file)->start[1][7], ==, 9);
    again = round_trip (file);
    g_assert_false (kiela_variant_file_is_builtin (file));
  }
  g_test_message ("%u files round-tripped", tried);
  g_assert_cmpuint (tried, >, 50);
}

/* User files translate their name with localized keys. */
static void
test_localized_name (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaVariantFile) file = NULL;
  const char *old = g_getenv ("LANGUAGE");
  g_autofree char *saved = g_strdup (old);

  g_setenv ("LANGUAGE", "fr", TRUE);
  file = kiela_variant_file_new_from_data (BASE, -1, "<case>", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kiela_variant_get_name (kiela_variant_file_get_variant (file)), ==, "Essai");
  if (saved)
    g_setenv ("LANGUAGE", saved, TRUE);
  else
    g_unsetenv ("LANGUAGE");
}

typedef struct {
  const char *text;
  KielaVariantFileError code;
  const char *key;     /* NULL: the whole file */
  guint line;
} ErrorCase;

static void
test_errors (void)
{
  const ErrorCase cases[] = {
    { "this is not a key file", KIELA_VARIANT_FILE_ERROR_SYNTAX, NULL, 0 },
    { "[Other]\nId=x\n", KIELA_VARIANT_FILE_ERROR_NO_GROUP, NULL, 0 },
    { "[Variant]\nName=N\nStart=all:1\n", KIELA_VARIANT_FILE_ERROR_MISSING_KEY, "Id", 0 },
    { "[Variant]\nId=x\nStart=all:1\n", KIELA_VARIANT_FILE_ERROR_MISSING_KEY, "Name", 0 },
    { "[Variant]\nId=x\nName=N\n", KIELA_VARIANT_FILE_ERROR_MISSING_KEY, "Start", 0 },
    { "[Variant]\nId=Big Id\nName=N\nStart=all:1\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Id", 2 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nFlies=4\n", KIELA_VARIANT_FILE_ERROR_UNKNOWN_KEY, "Flies", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nSource[fr]=s\n", KIELA_VARIANT_FILE_ERROR_UNKNOWN_KEY, "Source[fr]", 5 },
    { "[Variant]\nId=x\nName=N\nFiles=3\nStart=all:1\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Files", 4 },
    { "[Variant]\nId=x\nName=N\nFiles=21\nStart=all:1\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Files", 4 },
    { "[Variant]\nId=x\nName=N\n\n  Files = ten\nStart=all:1\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Files", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nMinSow=0\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "MinSow", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nLapLimit=100001\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "LapLimit", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nDirection=clockwise\n", KIELA_VARIANT_FILE_ERROR_UNSUPPORTED, "Direction", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nDirection=sideways\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Direction", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nCaptured=inner\n", KIELA_VARIANT_FILE_ERROR_UNSUPPORTED, "Captured", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nArrangement=constrained\n", KIELA_VARIANT_FILE_ERROR_MISSING_KEY, "ArrangeRules", 0 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nArrangeRules=non-increasing\n", KIELA_VARIANT_FILE_ERROR_CONFLICT, "ArrangeRules", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nArrangement=constrained\nArrangeRules=non-increasing;tidy\n",
      KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "ArrangeRules", 6 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nArrangement=constrained\nArrangeRules=inner-singles-at-most:11\n",
      KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "ArrangeRules", 6 },
    /* The start itself must be an arrangement the rules allow: here every house ties with the leftmost. */
    { "[Variant]\nId=x\nName=N\nStart=all:1\nArrangement=constrained\nArrangeRules=leftmost-outer-most\n",
      KIELA_VARIANT_FILE_ERROR_CONFLICT, "Start", 4 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nPhaseChange=no-house-over-one\n", KIELA_VARIANT_FILE_ERROR_CONFLICT, "PhaseChange", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nLaterPhase=singles-into-empty\n", KIELA_VARIANT_FILE_ERROR_CONFLICT, "LaterPhase", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nPhaseChange=always\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "PhaseChange", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nCaptureTrigger=full\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "CaptureTrigger", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nCaptureTrigger=empty-inner\nCaptureNeeds=facing-inner-and-outer\n",
      KIELA_VARIANT_FILE_ERROR_UNSUPPORTED, "CaptureNeeds", 6 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nCaptureEndsTurn=true\n", KIELA_VARIANT_FILE_ERROR_CONFLICT, "CaptureEndsTurn", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nCapturedStones=removed\nCaptureEndsTurn=false\n",
      KIELA_VARIANT_FILE_ERROR_CONFLICT, "CaptureEndsTurn", 6 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nEnd=no-moves-loses\n", KIELA_VARIANT_FILE_ERROR_UNSUPPORTED, "End", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nEnd=no-moves-loses;sudden-death\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "End", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nDefault=yes\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Default", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nLevel=Master\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Level", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nFamily=Big\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Family", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:0\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Start", 4 },
    { "[Variant]\nId=x\nName=N\nStart=outer:two\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Start", 4 },
    { "[Variant]\nId=x\nName=N\nFiles=10\nStart=inner-right:11:2\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Start", 5 },
    { "[Variant]\nId=x\nName=N\nFiles=4\nStart=house:8:2\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "Start", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nStartHouses=1;1\n", KIELA_VARIANT_FILE_ERROR_CONFLICT, "StartHouses", 5 },
    { "[Variant]\nId=x\nName=N\nFiles=4\nStartHouses=1;1;1\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "StartHouses", 5 },
    { "[Variant]\nId=x\nName=N\nFiles=4\nStartHouses=1;1;1;1;1;1;1;1;1\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "StartHouses", 5 },
    { "[Variant]\nId=x\nName=N\nFiles=4\nStartHouses=1;1;1;1;1;1;1;256\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "StartHouses", 5 },
    { "[Variant]\nId=x\nName=N\nFiles=4\nStart=all:1\nStartNorth=0;0;0;0;0;0;0;0\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "StartNorth", 6 },
    { "[Variant]\nId=x\nName=N\nFiles=4\nStart=all:1\nReverseFrom=8\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "ReverseFrom", 6 },
    { "[Variant]\nId=x\nName=N\nFiles=4\nStart=all:1\nReverseFrom=a1\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "ReverseFrom", 6 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nReverseWhen=always\n", KIELA_VARIANT_FILE_ERROR_CONFLICT, "ReverseWhen", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nReverseFrom=none\nReverseRelay=when-captures\n",
      KIELA_VARIANT_FILE_ERROR_CONFLICT, "ReverseRelay", 6 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nReverseFrom=0\nReverseCaptured=sometimes\n",
      KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "ReverseCaptured", 6 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nBothEndsWin=yes\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "BothEndsWin", 5 },
    /* The extra capture: one house at most today, its stones off the board, never with
     * clockwise sowings; a count that is not a number. */
    /* Two extra houses: every pair is a move, which a list holds on 8 files at most. */
    { "[Variant]\nId=x\nName=N\nStart=all:1\nCapturedStones=removed\nExtraCapture=2\n",
      KIELA_VARIANT_FILE_ERROR_CONFLICT, "ExtraCapture", 6 },
    { "[Variant]\nId=x\nName=N\nFiles=9\nStart=all:1\nCapturedStones=removed\nExtraCapture=2\n",
      KIELA_VARIANT_FILE_ERROR_CONFLICT, "ExtraCapture", 7 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nExtraCapture=1\n", KIELA_VARIANT_FILE_ERROR_CONFLICT, "ExtraCapture", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nCapturedStones=removed\nReverseFrom=0\nExtraCapture=1\n",
      KIELA_VARIANT_FILE_ERROR_CONFLICT, "ExtraCapture", 7 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nExtraCapture=one\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "ExtraCapture", 5 },
    { "[Variant]\nId=x\nName=N\nStart=all:1\nExtraCapture=3\n", KIELA_VARIANT_FILE_ERROR_BAD_VALUE, "ExtraCapture", 5 },
    /* 40 houses and one clockwise sowing: more moves than a move list holds. */
    { "[Variant]\nId=x\nName=N\nFiles=20\nStart=all:1\nReverseFrom=0\n", KIELA_VARIANT_FILE_ERROR_CONFLICT, "ReverseFrom", 6 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_data (cases[i].text, -1, "case.kiela-variant", &error);
      KielaVariantFileProblem problem;

      g_test_message ("case %u: %s", i, error ? error->message : "(no error)");
      g_assert_null (file);
      g_assert_error (error, KIELA_VARIANT_FILE_ERROR, (gint) cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, "case.kiela-variant:"));
      g_assert_true (kiela_variant_file_error_get_problem (error, &problem));
      g_assert_cmpstr (problem.file, ==, "case.kiela-variant");
      g_assert_cmpuint (problem.line, ==, cases[i].line);
      g_assert_cmpstr (problem.key, ==, cases[i].key);
      g_assert_nonnull (problem.why);
      g_assert_cmpuint (strlen (problem.why), >, 5);
      kiela_variant_file_problem_clear (&problem);
    }

  /* A file too large to be a variant file, and one that does not exist. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *big = g_strnfill (70 * 1024, '#');
    g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_data (big, -1, "big", &error);

    g_assert_null (file);
    g_assert_error (error, KIELA_VARIANT_FILE_ERROR, KIELA_VARIANT_FILE_ERROR_TOO_LARGE);
    g_clear_error (&error);
    g_assert_null (kiela_variant_file_new_from_file ("/nonexistent/x.kiela-variant", &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  }
}

static void
write_file (const char *dir, const char *name, const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

/* A bad file is recorded with its error and never stops the others loading. */
static void
test_bad_file_isolated (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-variants-XXXXXX", NULL);
  g_autoptr(KielaRegistry) reg = kiela_registry_new ();
  GPtrArray *plugins;
  guint failed = 0, loaded = 0;

  write_file (dir, "a-good.kiela-variant", "[Variant]\nId=good-a\nName=A\nStart=all:1\n");
  write_file (dir, "b-bad.kiela-variant", "[Variant]\nId=bad\nName=B\nStart=all:1\nRelay=sometimes\n");
  write_file (dir, "c-good.kiela-variant", "[Variant]\nId=good-c\nName=C\nFiles=5\nStart=outer:3\n");
  write_file (dir, "d-dup.kiela-variant", "[Variant]\nId=good-a\nName=A again\nStart=all:1\n");
  write_file (dir, "ignored.txt", "not a variant file");
  g_setenv ("KIELA_VARIANT_PATH", dir, TRUE);
  kiela_registry_load_variant_files (reg);
  g_unsetenv ("KIELA_VARIANT_PATH");

  g_assert_nonnull (kiela_registry_lookup_variant (reg, "good-a"));
  g_assert_nonnull (kiela_registry_lookup_variant (reg, "good-c"));
  g_assert_cmpstr (kiela_registry_lookup_variant (reg, "good-a")->name, ==, "A");
  g_assert_null (kiela_registry_lookup_variant (reg, "bad"));
  g_assert_cmpuint (kiela_registry_lookup_variant (reg, "good-c")->files, ==, 5);
  plugins = kiela_registry_get_plugins (reg);
  for (guint i = 0; i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);

      if (!g_str_has_prefix (r->path, dir))
        continue;
      if (r->state == KIELA_PLUGIN_FAILED)
        {
          failed++;
          g_assert_true (g_str_has_suffix (r->path, "b-bad.kiela-variant") || g_str_has_suffix (r->path, "d-dup.kiela-variant"));
          if (g_str_has_suffix (r->path, "b-bad.kiela-variant"))
            {
              g_assert_nonnull (strstr (r->reason, "b-bad.kiela-variant:5:"));
              g_assert_nonnull (strstr (r->reason, "Relay"));
            }
          else
            g_assert_nonnull (strstr (r->reason, "good-a"));
        }
      else
        {
          g_assert_cmpint (r->state, ==, KIELA_PLUGIN_LOADED);
          g_assert_cmpuint (r->n_variants, ==, 1);
          loaded++;
        }
    }
  g_assert_cmpuint (failed, ==, 2);
  g_assert_cmpuint (loaded, ==, 2);
  for (const char *const *n = (const char *const[]) { "a-good", "b-bad", "c-good", "d-dup", NULL }; *n; n++)
    {
      g_autofree char *name = g_strconcat (*n, ".kiela-variant", NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_assert_cmpint (g_remove (path), ==, 0);
    }
  {
    g_autofree char *path = g_build_filename (dir, "ignored.txt", NULL);
    g_assert_cmpint (g_remove (path), ==, 0);
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The Kiela and Hawalis files describe exactly the C variants, and play them move for move. */
static void
test_templates_play_as_c (void)
{
  const char *const pairs[][2] = {
    { "templates/kiela.kiela-variant", "kiela" },
    { "templates/kiela-beginner.kiela-variant", "kiela-beginner" },
    { "templates/kiela-expert.kiela-variant", "kiela-expert" },
    { "templates/hawalis.kiela-variant", "hawalis" },
  };
  guint games = g_test_slow () ? 20000 : 2000;
  guint64 plies = 0;

  for (guint p = 0; p < G_N_ELEMENTS (pairs); p++)
    {
      g_autoptr(KielaVariantFile) file = load_shipped (pairs[p][0]);
      const KielaVariant *fv = kiela_variant_file_get_variant (file);
      const KielaVariant *cv = kiela_registry_lookup_variant (registry, pairs[p][1]);
      KielaRng rng;

      g_assert_nonnull (cv);
      assert_same_variant (fv, cv);
      /* The same random games under both: every position's legal moves, children and endless flags agree. */
      kiela_rng_seed (&rng, 4242 + p);
      for (guint g = 0; g < games; g++)
        {
          KielaPosition a, b;

          kiela_position_init_start (&a, fv);
          kiela_position_init_start (&b, cv);
          for (guint ply = 0; ply < 300; ply++)
            {
              KielaMove ma[KIELA_MAX_MOVES], mb[KIELA_MAX_MOVES];
              KielaPosition ca[KIELA_MAX_MOVES], cb[KIELA_MAX_MOVES];
              gboolean ea[KIELA_MAX_MOVES], eb[KIELA_MAX_MOVES];
              guint na = kiela_legal_moves (fv, &a, ma, ca, ea);
              guint nb = kiela_legal_moves (cv, &b, mb, cb, eb);
              guint pick;

              g_assert_true (kiela_position_equal (&a, &b));
              g_assert_cmpuint (na, ==, nb);
              for (guint i = 0; i < na; i++)
                {
                  g_assert_cmpint (ma[i], ==, mb[i]);
                  g_assert_cmpint (ea[i], ==, eb[i]);
                  g_assert_true (kiela_position_equal (&ca[i], &cb[i]));
                }
              if (na == 0)
                break;
              pick = kiela_rng_below (&rng, na);
              if (ea[pick])
                break;
              a = ca[pick];
              b = cb[pick];
              plies++;
            }
        }
    }
  g_test_message ("%" G_GUINT64_FORMAT " plies compared", plies);
}

static void
set_side (KielaPosition *pos, KielaSide side, const guint16 *values, guint n)
{
  memset (pos->houses[side], 0, sizeof pos->houses[side]);
  test_set_side (pos, side, values, n);
}

/* Sows `move` for South and checks both sides against hand-worked lists. */
static void
check_move (const KielaVariant *v, KielaPosition *pos, KielaMove move, const guint16 *south, const guint16 *north,
            guint captured, KielaEndReason end)
{
  KielaSowResult r;
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  KielaPosition before = *pos;

  g_assert_true (kiela_sow_traced (v, &before, move, trace));
  g_assert_true (kiela_sow_fast (v, pos, move, &r));
  g_assert_true (kiela_position_equal (pos, &trace->after));
  test_assert_side (pos, KIELA_SOUTH, south, 2u * v->files);
  test_assert_side (pos, KIELA_NORTH, north, 2u * v->files);
  g_assert_cmpuint (r.captured, ==, captured);
  g_assert_cmpint (r.end, ==, end);
}

/* Each shipped game starts as its source says and plays a move worked by hand. */
static void
test_shipped_worked_moves (void)
{
  KielaPosition pos;

  /* Owela: Silva's 3n-2 = 34 stones a side, two a house from the leftmost outer house: the 12
   * outer houses and the 5 rightmost inner ones (l2..h2, local 12..16).  South sows l1 (local
   * 11): k2 (13) is occupied facing an empty k3: relay 3; h2 (16) relays too (h3 empty); the
   * last of its 3 stones lands in the empty e2 (19). */
  {
    g_autoptr(KielaVariantFile) f = load_shipped ("owela.kiela-variant");
    const KielaVariant *v = kiela_variant_file_get_variant (f);
    const guint16 start[24] = { 2,2,2,2,2,2,2,2,2,2,2,2, 2,2,2,2,2,0,0,0,0,0,0,0 };
    const guint16 after[24] = { 2,2,2,2,2,2,2,2,2,2,2,0, 3,0,3,3,0,1,1,1,0,0,0,0 };

    g_assert_cmpuint (kiela_variant_max_stones (v), ==, 2 * (3 * 12 - 2));
    g_assert_false (kiela_variant_is_simplified (v));
    kiela_position_init_start (&pos, v);
    test_assert_side (&pos, KIELA_SOUTH, start, 24);
    test_assert_side (&pos, KIELA_NORTH, start, 24);
    check_move (v, &pos, 11, after, start, 0, KIELA_END_EMPTY_HOUSE);
  }
  /* Omweso: 4 in every outer house, then a free arrangement.  From an arranged position:
   * South sows 6 (3 stones) to 9, which faces occupied North 14 and 1: 5 captured, sown from
   * after 6 (7..11); 11 faces occupied North 12 and 3: 2 captured, sown from after 6 again
   * (7, 8); 8 faces an empty North 15: relay 3 to 9..11; 11 relays (North 12 is empty) to
   * 12..14, ending in the empty 14. */
  {
    g_autoptr(KielaVariantFile) f = load_shipped ("omweso.kiela-variant");
    const KielaVariant *v = kiela_variant_file_get_variant (f);
    const guint16 start[16] = { 4,4,4,4,4,4,4,4, 0,0,0,0,0,0,0,0 };
    const guint16 south[16] = { 0,0,0,0,0,0,3,0, 0,1,0,1,0,0,0,0 };
    const guint16 north[16] = { 0,3,0,1,0,0,0,0, 0,0,0,0,1,0,2,0 };
    const guint16 south_after[16] = { 0,0,0,0,0,0,0,3, 0,4,2,0,1,1,1,0 };
    const guint16 north_after[16] = { 0 };

    kiela_position_init_start (&pos, v);
    test_assert_side (&pos, KIELA_SOUTH, start, 16);
    test_assert_side (&pos, KIELA_NORTH, start, 16);
    g_assert_true (v->setup_phase);
    set_side (&pos, KIELA_SOUTH, south, 16);
    set_side (&pos, KIELA_NORTH, north, 16);
    pos.to_move = KIELA_SOUTH;
    check_move (v, &pos, 6, south_after, north_after, 7, KIELA_END_EMPTY_HOUSE);
  }
  /* Quiela: 4, 3, 3, 3, 3, 3, 2 in the outer row.  From the start South sows e1 (4): ends in
   * the empty g2 (7), facing an empty inner house.  Then, set up: 2 from 5 end in the empty 7
   * facing North's occupied 13 (2) and 0 (3): both leave the board and the move ends. */
  {
    g_autoptr(KielaVariantFile) f = load_shipped ("quiela.kiela-variant");
    const KielaVariant *v = kiela_variant_file_get_variant (f);
    const guint16 start[14] = { 4,3,3,3,3,3,2, 0,0,0,0,0,0,0 };
    const guint16 after[14] = { 4,3,3,3,0,4,3, 1,0,0,0,0,0,0 };
    const guint16 south[14] = { 0,0,0,0,0,2,3, 0,0,0,0,0,0,0 };
    const guint16 north[14] = { 3,0,0,0,0,0,0, 0,0,0,0,0,0,2 };
    const guint16 south_after[14] = { 0,0,0,0,0,0,4, 1,0,0,0,0,0,0 };
    const guint16 north_after[14] = { 0 };

    kiela_position_init_start (&pos, v);
    test_assert_side (&pos, KIELA_SOUTH, start, 14);
    test_assert_side (&pos, KIELA_NORTH, start, 14);
    check_move (v, &pos, 4, after, start, 0, KIELA_END_EMPTY_HOUSE);
    set_side (&pos, KIELA_SOUTH, south, 14);
    set_side (&pos, KIELA_NORTH, north, 14);
    pos.to_move = KIELA_SOUTH;
    check_move (v, &pos, 5, south_after, north_after, 5, KIELA_END_CAPTURE_REMOVED);
  }
  /* Hus: 2 in every outer house and the 4 right inner houses.  South sows h1 (7): relays at
   * g2 (9, North's 14 empty) and ends in the empty 12.  Then, set up: 2 from 6 end in 8,
   * occupied, facing North 15 (1) and 0 (2), both occupied: 3 captured and sown from 9. */
  {
    g_autoptr(KielaVariantFile) f = load_shipped ("hus.kiela-variant");
    const KielaVariant *v = kiela_variant_file_get_variant (f);
    const guint16 start[16] = { 2,2,2,2,2,2,2,2, 2,2,2,2,0,0,0,0 };
    const guint16 after[16] = { 2,2,2,2,2,2,2,0, 3,0,3,3,1,0,0,0 };
    const guint16 south[16] = { 0,0,0,0,0,0,2,0, 1,0,0,0,0,0,0,0 };
    const guint16 north[16] = { 2,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,1 };
    const guint16 south_after[16] = { 0,0,0,0,0,0,0,1, 2,1,1,1,0,0,0,0 };
    const guint16 north_after[16] = { 0 };
    const guint16 north_outer_empty[16] = { 0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,1 };
    const guint16 south_relay[16] = { 0,0,0,0,0,0,0,1, 0,1,1,0,0,0,0,0 };

    kiela_position_init_start (&pos, v);
    test_assert_side (&pos, KIELA_SOUTH, start, 16);
    test_assert_side (&pos, KIELA_NORTH, start, 16);
    check_move (v, &pos, 7, after, start, 0, KIELA_END_EMPTY_HOUSE);
    set_side (&pos, KIELA_SOUTH, south, 16);
    set_side (&pos, KIELA_NORTH, north, 16);
    pos.to_move = KIELA_SOUTH;
    check_move (v, &pos, 6, south_after, north_after, 3, KIELA_END_EMPTY_HOUSE);
    /* The outer house behind empty: no capture, 8 relays to 9, 10. */
    set_side (&pos, KIELA_SOUTH, south, 16);
    set_side (&pos, KIELA_NORTH, north_outer_empty, 16);
    pos.to_move = KIELA_SOUTH;
    check_move (v, &pos, 6, south_relay, north_outer_empty, 0, KIELA_END_EMPTY_HOUSE);
  }
  /* Mefuvha (16 files): 2 everywhere but the leftmost inner house (31, empty) and the one
   * to its right (30, 1).  South sows 28: a chain of relays round the whole side, the 12th
   * lap ending in the empty 30, which faces North's 17 (2) and 14 (2): 4 leave the board. */
  {
    g_autoptr(KielaVariantFile) f = load_shipped ("mefuvha.kiela-variant");
    const KielaVariant *v = kiela_variant_file_get_variant (f);
    guint16 start[32], north_after[32];
    const guint16 after[32] = { 0,3,3,0,3,3,0,3,3,0,3,3,0,3,3,0, 3,3,0,3,3,0,3,3,0,3,3,0,1,4,1,1 };
    KielaSowResult r;
    KielaPosition copy;

    for (guint i = 0; i < 32; i++)
      start[i] = 2;
    start[30] = 1;
    start[31] = 0;
    memcpy (north_after, start, sizeof start);
    north_after[17] = 0;
    north_after[14] = 0;
    kiela_position_init_start (&pos, v);
    test_assert_side (&pos, KIELA_SOUTH, start, 32);
    test_assert_side (&pos, KIELA_NORTH, start, 32);
    copy = pos;
    check_move (v, &pos, 28, after, north_after, 4, KIELA_END_CAPTURE_REMOVED);
    kiela_sow_fast (v, &copy, 28, &r);
    g_assert_cmpuint (r.laps, ==, 12);
  }
  /* Kiela as a file: section 11's first worked move, g1 from the start. */
  {
    g_autoptr(KielaVariantFile) f = load_shipped ("templates/kiela.kiela-variant");
    const KielaVariant *v = kiela_variant_file_get_variant (f);
    const guint16 start[20] = { 2,2,2,2,2,2,2,2,2,2, 2,2,2,2,0,0,0,0,0,0 };
    const guint16 after[20] = { 2,2,2,2,2,2,0,3,0,3, 3,0,3,3,1,0,0,0,0,0 };

    kiela_position_init_start (&pos, v);
    check_move (v, &pos, 6, after, start, 0, KIELA_END_EMPTY_HOUSE);
  }
}

/* Every shipped name and description is marked for translation in variant-strings.h. */
static void
test_shipped_strings_marked (void)
{
  g_autofree char *path = g_build_filename (KIELA_TEST_VARIANTS_DIR, "variant-strings.h", NULL);
  g_autofree char *marked = NULL;

  g_assert_true (g_file_get_contents (path, &marked, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (shipped); i++)
    {
      g_autoptr(KielaVariantFile) file = load_shipped (shipped[i]);
      const KielaVariant *v = kiela_variant_file_get_variant (file);
      g_autofree char *name = g_strdup_printf ("N_(\"%s\")", v->name);
      g_autofree char *description = g_strdup_printf ("N_(\"%s\")", v->description);

      if (strstr (marked, name) == NULL)
        g_error ("%s: its Name is not marked in variant-strings.h", shipped[i]);
      if (strstr (marked, description) == NULL)
        g_error ("%s: its Description is not marked in variant-strings.h", shipped[i]);
    }
}

/* What a variants folder may hold by accident: a named pipe would block the app's start for ever
 * in a plain read, and a link to /dev/zero would be read until memory ran out.  Each is refused
 * at once, naming the file; a link to a good file still loads. */
static void
test_special_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-variants-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.kiela-variant", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero.kiela-variant", NULL);
  g_autofree char *good = g_build_filename (dir, "good.kiela-variant", NULL);
  g_autofree char *link = g_build_filename (dir, "link.kiela-variant", NULL);
  g_autoptr(KielaRegistry) reg = kiela_registry_new ();
  const char *bad[] = { fifo, zero };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_true (g_file_set_contents (good, "[Variant]\nId=linked\nName=Linked\nFiles=4\nStart=outer:2\n", -1, NULL));
  g_assert_cmpint (symlink ("good.kiela-variant", link), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_file (bad[i], &error);

      g_assert_null (file);
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, bad[i]));
      g_assert_nonnull (strstr (error->message, "not a regular file"));
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_file (link, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (kiela_variant_file_get_variant (file)->id, ==, "linked");
  }
  /* The same folder loaded at start: the good file is there, the others are failed records. */
  g_setenv ("KIELA_VARIANT_PATH", dir, TRUE);
  kiela_registry_load_variant_files (reg);
  g_unsetenv ("KIELA_VARIANT_PATH");
  g_assert_nonnull (kiela_registry_lookup_variant (reg, "linked"));

  for (const char *const *f = (const char *const[]) { fifo, zero, good, link, NULL }; *f; f++)
    g_assert_cmpint (g_unlink (*f), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A text value with two bad escapes: refused naming the key, without GLib warning that its own
 * parser set an error twice (fatal in a test; fuzz-variant logged it). */
static void
test_bad_escapes (void)
{
  const char *texts[] = {
    "[Variant]\nId=x\nName=\\q\\\nFiles=4\nStart=outer:2\n",
    "[Variant]\nId=x\nName=X\nDescription=a\\\nFiles=4\nStart=outer:2\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaVariantFile) file = kiela_variant_file_new_from_data (texts[i], -1, "escapes", &error);
      KielaVariantFileProblem problem;

      g_assert_null (file);
      g_assert_error (error, KIELA_VARIANT_FILE_ERROR, KIELA_VARIANT_FILE_ERROR_BAD_VALUE);
      g_assert_true (kiela_variant_file_error_get_problem (error, &problem));
      g_assert_cmpstr (problem.key, ==, i == 0 ? "Name" : "Description");
      g_assert_cmpuint (problem.line, ==, 3 + i);
      kiela_variant_file_problem_clear (&problem);
    }
}

/* Perft through kiela_sow_traced on the 16-bit houses, every candidate sown in full: a path
 * that shares neither perft's walk nor the compact board with kiela_perft. */
static guint64
traced_perft (const KielaVariant *v, const KielaPosition *pos, guint depth, KielaTrace *trace)
{
  KielaMove cand[KIELA_MAX_MOVES];
  guint n;
  guint64 total = 0;

  if (depth == 0)
    return 1;
  n = kiela_candidate_moves (v, pos, cand);
  for (guint i = 0; i < n; i++)
    {
      gboolean ends = kiela_sow_traced (v, pos, cand[i], trace);
      KielaPosition child = trace->after;

      if (ends || v->endless_policy != KIELA_ENDLESS_ILLEGAL)
        total += ends ? traced_perft (v, &child, depth - 1, trace) : 1;
    }
  return total;
}

/* Perft from each shipped game's start: stable figures, and the same count by the traced path. */
static void
test_shipped_perft (void)
{
  static const struct { const char *file; guint64 counts[5]; } games[] = {
    { "owela.kiela-variant", { 1, 17, 289, 3839, 50463 } },
    /* Omweso from its 4 stones an outer house, before any arrangement. */
    { "omweso.kiela-variant", { 1, 8, 64, 420, 2774 } },
    { "quiela.kiela-variant", { 1, 8, 64, 528, 4320 } },
    { "hus.kiela-variant", { 1, 12, 144, 1250, 11359 } },
    /* Mefuvha: the two stylised first moves, each capturing, and so each also a move for every
     * house it may take; then free.  (Depth 4, 2 x 10^8, is left out: 0.) */
    { "mefuvha.kiela-variant", { 1, 30, 1419, 678996, 0 } },
    /* Mefuvha with two extra houses, on 8 files: c2 bare or with each of 78 pairs of North's
     * 13 houses left.  (Depth 4 is left out: 0.) */
    { "mefuvha-two.kiela-variant", { 1, 79, 12200, 2423226, 0 } },
    { "templates/hawalis.kiela-variant", { 1, 14, 182, 1539, 12626 } },
  };
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(KielaVariantFile) f = load_shipped (games[i].file);
      const KielaVariant *v = kiela_variant_file_get_variant (f);
      KielaPosition pos;

      kiela_position_init_start (&pos, v);
      for (guint d = 0; d < 5 && games[i].counts[d] != 0; d++)
        {
          guint64 n = kiela_perft (v, &pos, d);

          g_test_message ("%s perft %u: %" G_GUINT64_FORMAT, games[i].file, d, n);
          if (d <= 3)
            g_assert_cmpuint (traced_perft (v, &pos, d, trace), ==, n);
          g_assert_cmpuint (n, ==, games[i].counts[d]);
        }
    }
}

/* Simplified= is a file key: the games that leave out rules of their sources set it, say
 * so in their description, and a variant with an unknown flag is refused. */
static void
test_simplified (void)
{
  static const struct { const char *file; gboolean simplified; } games[] = {
    { "owela.kiela-variant", FALSE }, { "omweso.kiela-variant", FALSE }, { "quiela.kiela-variant", FALSE },
    { "hus.kiela-variant", FALSE }, { "mefuvha.kiela-variant", FALSE }, { "mefuvha-two.kiela-variant", FALSE },
    { "templates/hawalis.kiela-variant", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(KielaVariantFile) f = load_shipped (games[i].file);
      const KielaVariant *v = kiela_variant_file_get_variant (f);
      const char *reading = kiela_variant_file_get_reading (f);

      g_assert_cmpint (kiela_variant_is_simplified (v), ==, games[i].simplified);
      /* Mefuvha's extra capture is a key of its file, not a rule of its name. */
      g_assert_cmpuint (v->extra_capture, ==, g_str_equal (games[i].file, "mefuvha.kiela-variant") ? 1
                                              : g_str_equal (games[i].file, "mefuvha-two.kiela-variant") ? 2 : 0);
      /* So is Quiela's skip of a threatened single. */
      g_assert_cmpint ((v->flags & KIELA_VARIANT_FLAG_SINGLE_SKIP) != 0, ==,
                       g_str_equal (games[i].file, "quiela.kiela-variant"));
      /* The description names what is missing; every reading says what the engine adds. */
      g_assert_cmpint (strstr (v->description, "Missing:") != NULL, ==, games[i].simplified);
      g_assert_cmpint (strstr (v->description, "simplified") != NULL, ==, games[i].simplified);
      g_assert_nonnull (reading);
      g_assert_nonnull (strstr (reading, "repeated three times is a draw"));
      g_assert_nonnull (strstr (reading, "own addition"));
      g_assert_nonnull (v->source);
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaVariantFile) f = kiela_variant_file_new_from_data (BASE "Simplified=maybe\n", -1, "<case>", &error);
    KielaVariantFileProblem problem;

    g_assert_null (f);
    g_assert_error (error, KIELA_VARIANT_FILE_ERROR, KIELA_VARIANT_FILE_ERROR_BAD_VALUE);
    g_assert_true (kiela_variant_file_error_get_problem (error, &problem));
    g_assert_cmpstr (problem.key, ==, "Simplified");
    kiela_variant_file_problem_clear (&problem);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaVariantFile) f = kiela_variant_file_new_from_data (BASE, -1, "<case>", &error);
    KielaVariant copy = *kiela_variant_file_get_variant (f);

    g_assert_false (kiela_variant_is_simplified (&copy));
    copy.flags = (gsize) 1 << 12;
    g_assert_false (kiela_variant_validate (&copy, &error));
    g_assert_error (error, KIELA_ERROR, KIELA_ERROR_VARIANT);
  }
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  registry = test_registry ();
  g_test_add_func ("/variant-file/round-trip", test_round_trip);
  g_test_add_func ("/variant-file/localized-name", test_localized_name);
  g_test_add_func ("/variant-file/errors", test_errors);
  g_test_add_func ("/variant-file/bad-file-isolated", test_bad_file_isolated);
  g_test_add_func ("/variant-file/special-files", test_special_files);
  g_test_add_func ("/variant-file/bad-escapes", test_bad_escapes);
  g_test_add_func ("/variant-file/templates-play-as-c", test_templates_play_as_c);
  g_test_add_func ("/variant-file/shipped-worked-moves", test_shipped_worked_moves);
  g_test_add_func ("/variant-file/shipped-strings-marked", test_shipped_strings_marked);
  g_test_add_func ("/variant-file/simplified", test_simplified);
  g_test_add_func ("/variant-file/shipped-perft", test_shipped_perft);
  status = g_test_run ();
  kiela_registry_free (registry);
  return status;
}
