/* fuzz-kpn.c: libFuzzer target for position strings and square names: never crash, errors are
 * UTF-8, and every position accepted prints back to a string that parses to the same position. */
#include "config.h"

#include <string.h>
#include "fuzz-common.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

static void
run (const guint8 *data, size_t size)
{
  /* The first byte picks the file count the caller expects (0: any). */
  guint expected = size > 0 ? data[0] % (KIELA_MAX_FILES + 2) : 0;
  char *text = g_strndup (size > 0 ? (const char *) data + 1 : "", size > 0 ? size - 1 : 0);
  GError *error = NULL;
  KielaPosition pos;
  KielaSquare sq;

  if (expected < KIELA_MIN_FILES || expected > KIELA_MAX_FILES)
    expected = 0;
  if (kiela_position_parse (text, expected, &pos, &error))
    {
      char *back = kiela_position_to_string (&pos);
      KielaPosition again;

      FUZZ_CHECK (expected == 0 || pos.files == expected, "accepted %u files, expected %u", pos.files, expected);
      FUZZ_CHECK (kiela_position_parse (back, pos.files, &again, NULL), "printed position does not parse: %s", back);
      FUZZ_CHECK (kiela_position_equal (&pos, &again), "printed position differs: %s", back);
      g_free (back);
    }
  else
    {
      FUZZ_CHECK (error != NULL, "refused without an error");
      FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL), "the error is not UTF-8");
      g_clear_error (&error);
    }

  if (kiela_square_parse (expected ? expected : 10, text, &sq, &error))
    {
      char name[4];

      kiela_square_name (expected ? expected : 10, sq.side, sq.house, name);
      FUZZ_CHECK (strcmp (name, text) == 0, "square %s prints as %s", text, name);
    }
  else
    {
      FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL), "the square error is not UTF-8");
      g_clear_error (&error);
    }
  g_free (text);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  static const guint8 sample[] = "\0" "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 s";

  g_setenv ("LANGUAGE", "C", TRUE);
  run (sample, sizeof sample - 1);
  run ((const guint8 *) "\x0ax", 2);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  run (data, size);
  return 0;
}
