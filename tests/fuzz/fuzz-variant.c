/* fuzz-variant.c: libFuzzer target for variant files: never crash, every refusal is a named error
 * ("FILE:LINE: ..."), and every file accepted is a valid variant that writes back to the same variant. */
#include "config.h"

#include <string.h>
#include "fuzz-common.h"

static void
run (const guint8 *data, size_t size)
{
  GError *error = NULL;
  KielaVariantFile *file = kiela_variant_file_new_from_data ((const char *) data, (gssize) size, "fuzz", &error);

  if (file)
    {
      const KielaVariant *v = kiela_variant_file_get_variant (file);
      gsize length;
      char *back = kiela_variant_file_to_data (file, &length);
      KielaVariantFile *again = kiela_variant_file_new_from_data (back, (gssize) length, "back", &error);
      KielaPosition pos;
      KielaMove moves[KIELA_MAX_MOVES];

      FUZZ_CHECK (kiela_variant_validate (v, NULL), "accepted an invalid variant");
      FUZZ_CHECK (again != NULL, "written file does not parse: %s", error ? error->message : "?");
      FUZZ_CHECK (memcmp (kiela_variant_file_get_variant (again)->start, v->start, sizeof v->start) == 0,
                  "start differs after writing");
      FUZZ_CHECK (kiela_variant_file_get_variant (again)->capture_rule == v->capture_rule &&
                  kiela_variant_file_get_variant (again)->captured_fate == v->captured_fate &&
                  kiela_variant_file_get_variant (again)->lap_limit == v->lap_limit &&
                  kiela_variant_file_get_variant (again)->files == v->files &&
                  kiela_variant_file_get_variant (again)->min_sow == v->min_sow,
                  "rules differ after writing");
      FUZZ_CHECK (g_strcmp0 (kiela_variant_file_get_variant (again)->name, v->name) == 0, "name differs after writing");
      /* The variant plays: its start has legal moves computed without trouble (small lap limits only). */
      if (v->lap_limit <= 2000)
        {
          kiela_position_init_start (&pos, v);
          kiela_legal_moves (v, &pos, moves, NULL, NULL);
        }
      kiela_variant_file_free (again);
      g_free (back);
      kiela_variant_file_free (file);
    }
  else
    {
      KielaVariantFileProblem problem;

      FUZZ_CHECK (error != NULL, "refused without an error");
      FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL), "the error is not UTF-8");
      FUZZ_CHECK (error->domain == KIELA_VARIANT_FILE_ERROR, "not a variant-file error: %s", error->message);
      FUZZ_CHECK (kiela_variant_file_error_get_problem (error, &problem), "error without its parts: %s", error->message);
      FUZZ_CHECK (g_strcmp0 (problem.file, "fuzz") == 0, "error names file %s", problem.file);
      kiela_variant_file_problem_clear (&problem);
      g_clear_error (&error);
    }
}

FUZZ_ENTRY_POINTS (run, "[Variant]\nId=x\nName=X\nFiles=4\nStart=outer:2\n")
