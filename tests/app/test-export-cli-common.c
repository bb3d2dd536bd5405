/* test-export-cli-common.c: the export tests' helpers (test-export-cli-common.h). */
#include "config.h"

#include "test-export-cli-common.h"

const char *const game_moves[4] = { "b1", "h4", "i2", "b3" };

void
run_argv (Run *r, const char *const *args)
{
  g_auto(GStrv) env = g_get_environ ();

  env = g_environ_setenv (env, "LANGUAGE", "C", TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C.UTF-8", TRUE);
  /* Under the sanitizers the leak checker's summary must not look like an error message. */
  if (g_environ_getenv (env, "LSAN_OPTIONS") != NULL)
    {
      g_autofree char *lsan = g_strconcat (g_environ_getenv (env, "LSAN_OPTIONS"), ":print_suppressions=0", NULL);
      env = g_environ_setenv (env, "LSAN_OPTIONS", lsan, TRUE);
    }
  run_spawn (r, args, env);
}

/* Runs "kiela-cli export" with the arguments up to NULL. */
void
run_cli_va (Run *r, va_list ap)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *a;

  g_ptr_array_add (argv, (gpointer) KIELA_TEST_CLI);
  g_ptr_array_add (argv, (gpointer) "export");
  while ((a = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) a);
  g_ptr_array_add (argv, NULL);
  run_argv (r, (const char *const *) argv->pdata);
}

void
run_cli (Run *r, ...)
{
  va_list ap;

  va_start (ap, r);
  run_cli_va (r, ap);
  va_end (ap);
}

char *
tmp_path (const char *name)
{
  static char *dir;

  if (dir == NULL)
    dir = g_dir_make_tmp ("kiela-test-export-XXXXXX", NULL);
  g_assert_nonnull (dir);
  return g_build_filename (dir, name, NULL);
}

KielaRegistry *
get_registry (void)
{
  static KielaRegistry *registry;

  if (registry == NULL)
    {
      registry = kiela_registry_new ();
      kiela_registry_load_default (registry);
    }
  return registry;
}

const KielaVariant *
kiela_variant (void)
{
  KielaRegistry *registry = get_registry ();

  g_assert_nonnull (kiela_registry_lookup_variant (registry, "kiela"));
  return kiela_registry_lookup_variant (registry, "kiela");
}

/* The four moves of the worked examples, saved as a record with players and an event. */
KielaGame *
make_record (const char *path)
{
  KielaGame *game = kiela_game_new (kiela_variant ());
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (game_moves); i++)
    g_assert_true (kiela_game_play_square (game, game_moves[i], NULL, NULL));
  kiela_game_set_metadata (game, KIELA_META_SOUTH, "Ana");
  kiela_game_set_metadata (game, KIELA_META_NORTH, "Bento");
  kiela_game_set_metadata (game, KIELA_META_EVENT, "Class 4B");
  g_assert_true (kiela_record_save (game, path, &error));
  g_assert_no_error (error);
  return game;
}


/* What a program that must succeed prints. */
char *
output_of (const char *const *args)
{
  g_auto(Run) r = { 0 };

  run_argv (&r, args);
  g_assert_cmpint (r.status, ==, 0);
  return g_steal_pointer (&r.out);
}

char *
pdf_info (const char *pdf, const char *first_page)
{
  return output_of ((const char *[]) { KIELA_TEST_PDFINFO, "-f", first_page, "-l", first_page, pdf, NULL });
}

char *
pdf_text (const char *pdf)
{
  return output_of ((const char *[]) { KIELA_TEST_PDFTOTEXT, "-layout", pdf, "-", NULL });
}

/* pdftotext may break a sentence at the end of a line: compare with every run of spaces as one. */
char *
squash (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      gboolean space = g_ascii_isspace (*p);

      if (space && s->len > 0 && s->str[s->len - 1] == ' ')
        continue;
      g_string_append_c (s, space ? ' ' : *p);
    }
  return g_string_free (s, FALSE);
}
