/* test-plugins.c: the module loader against deliberately broken plugins, and the registry's contract. */
#include "config.h"
#include <string.h>
#include <dlfcn.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>
#include <glib/gstdio.h>
#include "test-common.h"
#include "tests/test-plugin-util.h"

static char *user_data_dir;

static void
assert_failed (KielaRegistry *registry, const char *basename, const char *part)
{
  const KielaPluginRecord *r = find_record (registry, basename);

  g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
  g_assert_nonnull (r->reason);
  if (strstr (r->reason, part) == NULL)
    g_error ("%s failed with “%s”, expected “%s”", basename, r->reason, part);
}

static void
test_rules_plugins (void)
{
  g_autoptr(KielaRegistry) registry = test_registry ();
  GPtrArray *variants = kiela_registry_get_variants (registry);
  const char *ids[] = { "kiela", "kiela-beginner", "kiela-expert", "hawalis" };

  g_assert_cmpuint (variants->len, ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const KielaVariant *v = kiela_registry_lookup_variant (registry, ids[i]);
      g_assert_nonnull (v);
      g_assert_true (kiela_variant_validate (v, NULL));
      g_assert_cmpuint (strlen (kiela_variant_get_name (v)), >, 0);
      g_assert_cmpuint (strlen (kiela_variant_get_description (v)), >, 20);
    }
  g_assert_cmpstr (((const KielaVariant *) g_ptr_array_index (variants, 0))->id, ==, "kiela");
  g_assert_cmpstr (kiela_registry_get_default_variant (registry)->id, ==, "kiela");
  g_assert_cmpuint (kiela_registry_lookup_variant (registry, "hawalis")->files, ==, 7);
  g_assert_true (kiela_registry_lookup_variant (registry, "kiela-expert")->setup_phase);
  g_assert_cmpuint (kiela_registry_lookup_variant (registry, "kiela-beginner")->min_sow, ==, 1);
  for (guint i = 0; i < kiela_registry_get_plugins (registry)->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (kiela_registry_get_plugins (registry), i);
      g_assert_cmpint (r->state, ==, KIELA_PLUGIN_LOADED);
      g_assert_null (r->reason);
    }
  g_assert_cmpuint (find_record (registry, "kiela-rules.so")->n_variants, ==, 3);
}

static void
test_broken_plugins (void)
{
  g_autoptr(KielaRegistry) registry = test_registry ();
  guint variants_before = kiela_registry_get_variants (registry)->len;

  g_autofree char *api_reason = g_strdup_printf ("it needs Kiela plugin API %d, this host has %d",
                                                 KIELA_PLUGIN_API_VERSION + 1, KIELA_PLUGIN_API_VERSION);

  kiela_registry_load_dir (registry, KIELA_TEST_BROKEN_DIR);
  kiela_registry_finish_loading (registry);

  assert_failed (registry, "not-a-module.so", "not a loadable module");
  assert_failed (registry, "undefined-symbol.so", "not a loadable module");
  assert_failed (registry, "undefined-symbol.so", "kiela_test_symbol_that_does_not_exist");
  assert_failed (registry, "missing-query.so", "lacks the symbol kiela_plugin_query");
  assert_failed (registry, "missing-register.so", "lacks the symbol kiela_plugin_register");
  {
    g_autofree char *abi = g_strdup_printf ("built for plugin ABI version %d, but this Kiela uses version %d",
                                            KIELA_PLUGIN_ABI_VERSION + 41, KIELA_PLUGIN_ABI_VERSION);

    assert_failed (registry, "wrong-abi.so", abi);
  }
  assert_failed (registry, "null-info.so", "returned no plugin information");
  assert_failed (registry, "info-outside.so", "its plugin information lies outside the module");
  assert_failed (registry, "name-outside.so", "its plugin information has a name pointing outside the module");
  assert_failed (registry, "bad-utf8.so", "its plugin information has a description that is not valid UTF-8");
  assert_failed (registry, "api-too-new.so", api_reason);
  assert_failed (registry, "api-too-new-code.so", api_reason);
  assert_failed (registry, "lap-limit.so",
                 "Variant “lap-limit-too-big”: the lap limit 4294967295 is too high, at most 100000 laps are allowed");
  assert_failed (registry, "variant-outside.so",
                 "registration failed: it registered an item (variant) whose name points outside the module");
  assert_failed (registry, "think-outside.so",
                 "registration failed: it registered an item (AI algorithm) with a function outside the module’s code");
  assert_failed (registry, "lies-provides.so",
                 "it registered “variant:broken-lies-provides-variant”, which its .plugin file does not list in Provides");
  assert_failed (registry, "bad-plugin-file.so", "its bad-plugin-file.plugin is invalid: ABI=one is not a number");
  assert_failed (registry, "no-plugin-file.so", "it has no no-plugin-file.plugin beside it");
  assert_failed (registry, "missing-module.plugin", "its module missing-module.so is missing");
  assert_failed (registry, "dup-plugin-id.so", "duplicate plugin id “kiela-rules”");
  assert_failed (registry, "dup-variant.so", "duplicate variant id “kiela”");
  assert_failed (registry, "register-fails.so", "registration failed: the test plugin refuses to register");
  assert_failed (registry, "invalid-variant.so", "Variant “three-files” has 3 files");
  assert_failed (registry, "orphan-personality.so",
                 "personality “orphan” refers to the unknown AI algorithm “no-such-algorithm”");

  /* A module that fails takes everything it registered with it. */
  g_assert_null (kiela_registry_lookup_variant (registry, "broken-dup-variant-variant"));
  g_assert_null (kiela_registry_lookup_variant (registry, "broken-orphan-personality-variant"));
  g_assert_null (kiela_registry_lookup_personality (registry, "orphan"));
  g_assert_null (kiela_registry_lookup_variant (registry, "broken-lies-provides-variant"));
  g_assert_null (kiela_registry_lookup_variant (registry, "lap-limit-too-big"));
  /* Modules refused on their .plugin file alone were never opened. */
  {
    g_autofree char *api = g_build_filename (KIELA_TEST_BROKEN_DIR, "api-too-new.so", NULL);
    g_autofree char *bad = g_build_filename (KIELA_TEST_BROKEN_DIR, "bad-plugin-file.so", NULL);
    g_assert_null (dlopen (api, RTLD_NOW | RTLD_NOLOAD));
    g_assert_null (dlopen (bad, RTLD_NOW | RTLD_NOLOAD));
  }
  /* The original Kiela is still the one from kiela-rules. */
  g_assert_cmpstr (kiela_registry_lookup_variant (registry, "kiela")->name, ==, "Kiela");

  /* The good module among them loads. */
  g_assert_cmpint (find_record (registry, "good.so")->state, ==, KIELA_PLUGIN_LOADED);
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "broken-good-variant"));
  g_assert_cmpuint (kiela_registry_get_variants (registry)->len, ==, variants_before + 1);
}

/* Writes <dir>/<module>.plugin describing module <module>.so. */
static void
write_plugin_file (const char *dir, const char *module, const char *id, const char *provides)
{
  g_autofree char *name = g_strconcat (module, ".plugin", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = g_strdup_printf ("[Plugin]\nModule=%s\nId=%s\nName=Test\nABI=%d\nAPI=%d\nProvides=%s\n",
                                           module, id, KIELA_PLUGIN_ABI_VERSION, KIELA_PLUGIN_API_VERSION, provides);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static void
remove_plugin_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".plugin"))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_unlink (path);
      }
}

static void
test_hostile_files (void)
{
  /* Files a plugin folder may hold by accident.  dlopen() blocked for ever on a
   * named pipe and died of SIGBUS on a truncated module, taking the app with it. */
  g_autoptr(KielaRegistry) registry = test_registry ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-hostile-XXXXXX", NULL);
  g_autofree char *good_src = g_build_filename (KIELA_TEST_BROKEN_DIR, "good.so", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.so", NULL);
  g_autofree char *trunc = g_build_filename (dir, "truncated.so", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero.so", NULL);
  g_autofree char *loop1 = g_build_filename (dir, "loop1.so", NULL);
  g_autofree char *loop2 = g_build_filename (dir, "loop2.so", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.so", NULL);
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (good_src, &data, &len, NULL));
  g_assert_cmpuint (len, >, 12000);
  /* Cut after the first page (the ELF and program headers are intact) but well
   * before the data segment, which starts pages further on. */
  g_assert_true (g_file_set_contents (trunc, data, 6000, NULL));
  g_assert_true (g_file_set_contents (zero, "", 0, NULL));
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("loop2.so", loop1), ==, 0);
  g_assert_cmpint (symlink ("loop1.so", loop2), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  /* Each with a valid description, so the module file itself is what is tried. */
  {
    const char *names[] = { "pipe", "truncated", "zero", "loop1", "loop2", "folder" };
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      write_plugin_file (dir, names[i], "hostile", "");
  }
  /* A good module whose description is a named pipe: reading it must not block. */
  {
    g_autofree char *module = g_build_filename (dir, "piped-info.so", NULL);
    g_autofree char *info = g_build_filename (dir, "piped-info.plugin", NULL);
    copy_file (good_src, module);
    g_assert_cmpint (mkfifo (info, 0600), ==, 0);
  }

  kiela_registry_load_dir (registry, dir);
  kiela_registry_finish_loading (registry);

  assert_failed (registry, "pipe.so", "not a regular file");
  assert_failed (registry, "piped-info.so", "its piped-info.plugin is invalid: not a regular file of at most 65536 bytes");
  assert_failed (registry, "truncated.so", "truncated");
  assert_failed (registry, "zero.so", "not a loadable module");
  assert_failed (registry, "loop1.so", "not a loadable module");
  assert_failed (registry, "loop2.so", "not a loadable module");
  g_assert_null (kiela_registry_lookup_variant (registry, "broken-good-variant"));
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "kiela"));

  remove_plugin_files (dir);
  {
    g_autofree char *module = g_build_filename (dir, "piped-info.so", NULL);
    g_unlink (module);
  }
  g_unlink (fifo);
  g_unlink (trunc);
  g_unlink (zero);
  g_unlink (loop1);
  g_unlink (loop2);
  g_rmdir (folder);
  g_rmdir (dir);
}


static void
test_default_dirs (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_autofree char *rules = g_build_filename (KIELA_TEST_BUILD_ROOT, "plugins", "rules", NULL);
  g_autofree char *user_plugins = g_build_filename (user_data_dir, "kiela", "plugins", NULL);
  g_autofree char *good_src = g_build_filename (KIELA_TEST_BROKEN_DIR, "good.so", NULL);
  g_autofree char *good_dst = g_build_filename (user_plugins, "good.so", NULL);
  g_autofree char *build_plugins = g_build_filename (KIELA_TEST_BUILD_ROOT, "plugins", NULL);
  GPtrArray *dirs;

  g_assert_cmpint (g_mkdir_with_parents (user_plugins, 0700), ==, 0);
  copy_file (good_src, good_dst);
  write_plugin_file (user_plugins, "good", "broken-good", "variant:broken-good-variant");
  g_setenv ("KIELA_PLUGIN_PATH", rules, TRUE);
  kiela_registry_load_default (registry);
  g_unsetenv ("KIELA_PLUGIN_PATH");

  /* KIELA_PLUGIN_PATH first, then the build tree (this test runs uninstalled), then the user's folder. */
  dirs = kiela_registry_get_search_dirs (registry);
  g_assert_cmpuint (dirs->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (dirs, 0), ==, rules);
  g_assert_cmpstr (g_ptr_array_index (dirs, 1), ==, build_plugins);
  g_assert_cmpstr (g_ptr_array_index (dirs, 2), ==, user_plugins);

  g_assert_nonnull (kiela_registry_lookup_variant (registry, "kiela"));
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "broken-good-variant"));
  g_assert_cmpint (find_record (registry, "good.so")->state, ==, KIELA_PLUGIN_LOADED);
  /* The same modules met again in the build tree are recorded as duplicates, not loaded twice. */
  {
    GPtrArray *plugins = kiela_registry_get_plugins (registry);
    guint loaded_rules = 0, dup_rules = 0;
    for (guint i = 0; i < plugins->len; i++)
      {
        const KielaPluginRecord *r = g_ptr_array_index (plugins, i);
        if (g_strcmp0 (r->id, "kiela-rules") == 0)
          {
            if (r->state == KIELA_PLUGIN_LOADED)
              loaded_rules++;
            else
              {
                g_assert_nonnull (strstr (r->reason, "duplicate plugin id"));
                dup_rules++;
              }
          }
      }
    g_assert_cmpuint (loaded_rules, ==, 1);
    g_assert_cmpuint (dup_rules, ==, 1);
  }
  g_unlink (good_dst);
  remove_plugin_files (user_plugins);
}

/* A built-in module goes through the same contract as a file. */
static const KielaVariant static_variant = {
  .id = "static-test", .name = "Static", .files = 6, .min_sow = 2, .lap_limit = 50,
  .start = { { 1,1,1,1,1,1 }, { 1,1,1,1,1,1 } },
};
static const KielaPluginInfo static_info = { .abi_version = KIELA_PLUGIN_ABI_VERSION, .id = "static" };
static const KielaPluginInfo static_info_old = { .abi_version = 0, .id = "static-old" };

static gboolean
static_register (KielaRegistry *registry, GError **error)
{
  return kiela_registry_add_variant (registry, &static_variant, error);
}

static void
test_static_module (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  const KielaPluginRecord *r;

  kiela_registry_load_static (registry, &static_info, static_register);
  kiela_registry_load_static (registry, &static_info_old, static_register);
  r = g_ptr_array_index (kiela_registry_get_plugins (registry), 0);
  g_assert_cmpint (r->state, ==, KIELA_PLUGIN_LOADED);
  g_assert_cmpuint (r->n_variants, ==, 1);
  r = g_ptr_array_index (kiela_registry_get_plugins (registry), 1);
  g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
  g_assert_nonnull (strstr (r->reason, "ABI version 0"));
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "static-test"));
}

static void
test_variant_validation (void)
{
  KielaVariant v = static_variant;
  g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL, e4 = NULL;

  g_assert_true (kiela_variant_validate (&v, NULL));
  v.id = "Bad Id";
  g_assert_false (kiela_variant_validate (&v, &e1));
  g_assert_nonnull (strstr (e1->message, "“Bad Id” is invalid"));
  v = static_variant;
  v.files = 21;
  g_assert_false (kiela_variant_validate (&v, &e2));
  g_assert_nonnull (strstr (e2->message, "21 files"));
  v = static_variant;
  v.start[0][12] = 3;   /* past 2 x 6 houses */
  g_assert_false (kiela_variant_validate (&v, &e3));
  g_assert_nonnull (strstr (e3->message, "house 12"));
  v = static_variant;
  v.min_sow = 0;
  g_assert_false (kiela_variant_validate (&v, &e4));
  /* The lap limit is capped: 2^32-1 made listing moves take two minutes. */
  v = static_variant;
  v.lap_limit = KIELA_LAP_LIMIT_MAX;
  g_assert_true (kiela_variant_validate (&v, NULL));
  v.lap_limit = KIELA_LAP_LIMIT_MAX + 1;
  {
    g_autoptr(GError) e5 = NULL;
    g_assert_false (kiela_variant_validate (&v, &e5));
    g_assert_nonnull (strstr (e5->message, "the lap limit 100001 is too high, at most 100000 laps"));
  }
}

/* Listing plugins reads their .plugin files only: modules that crash whoever loads
 * them are listed with their metadata, and none of them is mapped afterwards. */
static void
test_scan_runs_no_code (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  GPtrArray *plugins;
  guint found = 0;

  g_setenv ("KIELA_PLUGIN_PATH", KIELA_TEST_CRASHING_DIR, TRUE);
  kiela_registry_scan_default (registry);
  g_setenv ("KIELA_PLUGIN_PATH", "", TRUE);

  plugins = kiela_registry_get_plugins (registry);
  for (guint i = 0; i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);

      if (!g_str_has_prefix (r->path, KIELA_TEST_CRASHING_DIR))
        continue;
      g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FOUND);
      g_assert_null (dlopen (r->path, RTLD_NOW | RTLD_NOLOAD));
      g_assert_cmpstr (r->name, ==, "Broken test plugin");
      found++;
    }
  g_assert_cmpuint (found, ==, 5);
  /* The build tree's own plugins, described from their .plugin files. */
  {
    const KielaPluginRecord *rules = find_record (registry, "kiela-rules.so");
    g_assert_cmpint (rules->state, ==, KIELA_PLUGIN_FOUND);
    g_assert_cmpstr (rules->id, ==, "kiela-rules");
    g_assert_cmpstr (rules->name, ==, "Kiela rules");
    g_assert_true (g_strv_contains ((const char *const *) rules->provides, "variant:kiela-expert"));
  }
  g_assert_cmpuint (kiela_registry_get_variants (registry)->len, ==, 0);
}

/* Each crashing module is loaded in a child process: the crash is named by its signal. */
static void
test_check_in_child (void)
{
  const struct { const char *dir, *file, *reason; } cases[] = {
    { KIELA_TEST_CRASHING_DIR, "segv-register.so", "crashed with SIGSEGV while loading" },
    { KIELA_TEST_CRASHING_DIR, "segv-constructor.so", "crashed with SIGSEGV while loading" },
    { KIELA_TEST_CRASHING_DIR, "abort.so", "crashed with SIGABRT while loading" },
    /* Loads and registers, then crashes as the program quits. */
    { KIELA_TEST_CRASHING_DIR, "segv-destructor.so", "crashed with SIGSEGV while loading" },
    { KIELA_TEST_CRASHING_DIR, "corrupted.so", "crashed with SIGSEGV while loading" },
    /* Never returns from dlopen(): killed after the check's 10 s. */
    { KIELA_TEST_HANGING_DIR, "hang.so", "did not finish loading within 10 seconds" },
    { KIELA_TEST_BROKEN_DIR, "register-fails.so", "registration failed: the test plugin refuses to register" },
    { KIELA_TEST_BROKEN_DIR, "good.so", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (cases[i].dir, cases[i].file, NULL);
      g_autofree char *reason = kiela_plugin_check_module (path);

      if (g_strcmp0 (reason, cases[i].reason) != 0)
        g_error ("%s: checked as “%s”, expected “%s”", cases[i].file, reason, cases[i].reason);
      /* This process ran none of the module's code (the broken/ ones were loaded by an earlier test). */
      if (!g_str_equal (cases[i].dir, KIELA_TEST_BROKEN_DIR))
        g_assert_null (dlopen (path, RTLD_NOW | RTLD_NOLOAD));
    }
}

/* Loads `dir` with a fresh registry, under the check limits given (ms), and returns how long it took (µs). */
static gint64
timed_load (const char *dir, const char *timeout_ms, const char *budget_ms, KielaRegistry **out)
{
  gint64 start;

  g_setenv ("KIELA_PLUGIN_CHECK_TIMEOUT_MS", timeout_ms, TRUE);
  g_setenv ("KIELA_PLUGIN_CHECK_BUDGET_MS", budget_ms, TRUE);
  *out = kiela_registry_new ();
  g_unsetenv ("KIELA_PLUGIN_CHECK_TIMEOUT_MS");
  g_unsetenv ("KIELA_PLUGIN_CHECK_BUDGET_MS");
  start = g_get_monotonic_time ();
  kiela_registry_load_dir (*out, dir);
  return g_get_monotonic_time () - start;
}

/* Modules met for the first time are checked side by side, within one budget for them all:
 * three modules that hang are caught in one time-out, not three; the reason comes back at the
 * next starts as it was found; and modules the budget leaves unchecked are skipped for this
 * start only, not marked as crashed. */
static void
test_check_budget (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-budget-XXXXXX", NULL);
  g_autofree char *hang = g_build_filename (KIELA_TEST_HANGING_DIR, "hang.so", NULL);
  const char *const names[] = { "slow-a", "slow-b", "slow-c" };
  gint64 took;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *file = g_strconcat (names[i], ".so", NULL);
      g_autofree char *module = g_build_filename (dir, file, NULL);
      g_autofree char *id = g_strconcat ("broken-", names[i], NULL);

      copy_file (hang, module);
      write_plugin_file (dir, names[i], id, "");
    }

  /* 2 s each: one after the other, 6 s. */
  {
    g_autoptr(KielaRegistry) registry = NULL;

    took = timed_load (dir, "2000", "60000", &registry);
    g_test_message ("three hanging modules checked in %.2f s", took / 1e6);
    g_assert_cmpint (took, <, 5 * G_USEC_PER_SEC);
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *file = g_strconcat (names[i], ".so", NULL);
        const KielaPluginRecord *r = find_record (registry, file);

        g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
        g_assert_cmpstr (r->reason, ==, "did not finish loading within 2 seconds");
        g_assert_true (r->crashed);
      }
  }
  /* The next start skips them at once, with the reason found the first time. */
  {
    g_autoptr(KielaRegistry) registry = NULL;

    took = timed_load (dir, "2000", "60000", &registry);
    g_assert_cmpint (took, <, G_USEC_PER_SEC);
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *file = g_strconcat (names[i], ".so", NULL);
        const KielaPluginRecord *r = find_record (registry, file);

        g_assert_cmpstr (r->reason, ==, "did not finish loading within 2 seconds");
        g_assert_true (r->crashed);
      }
  }

  /* Tried again with a long time-out but a budget of 1.5 s: the start goes on after the
   * budget, and the modules are skipped for this start only (twice: no marker). */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *file = g_strconcat (names[i], ".so", NULL);
      g_autofree char *module = g_build_filename (dir, file, NULL);

      g_assert_true (kiela_plugin_forget_crash (module, NULL));
    }
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(KielaRegistry) registry = NULL;

      took = timed_load (dir, "30000", "1500", &registry);
      g_test_message ("budget of 1.5 s: load took %.2f s", took / 1e6);
      g_assert_cmpint (took, >=, 1400 * 1000);
      g_assert_cmpint (took, <, 4 * G_USEC_PER_SEC);
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          g_autofree char *file = g_strconcat (names[i], ".so", NULL);
          const KielaPluginRecord *r = find_record (registry, file);

          g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
          g_assert_nonnull (strstr (r->reason, "took more than 1 second; it is checked again at the next start"));
          g_assert_false (r->crashed);
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *file = g_strconcat (names[i], ".so", NULL);
      g_autofree char *module = g_build_filename (dir, file, NULL);

      kiela_plugin_forget_crash (module, NULL);
      g_unlink (module);
    }
  remove_plugin_files (dir);
  g_rmdir (dir);
}

/* Writes `data` padded with zeros to `size` bytes, with the modification time `mtime`. */
static void
write_module (const char *path, const char *data, gsize len, gsize size, time_t mtime)
{
  g_autofree char *buf = g_malloc0 (size);

  g_assert_cmpuint (len, <=, size);
  memcpy (buf, data, len);
  g_assert_true (g_file_set_contents (path, buf, (gssize) size, NULL));
  g_assert_cmpint (g_utime (path, &(struct utimbuf) { mtime, mtime }), ==, 0);
}

static const KielaPluginRecord *
load_one (KielaRegistry *registry, const char *dir, const char *basename)
{
  kiela_registry_load_dir (registry, dir);
  return find_record (registry, basename);
}

/* A module that crashes is caught before it can take a start down: loaded first in
 * another process, skipped with the reason, and skipped again at the next start
 * until tried again or replaced. */
static void
test_crash_guard (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-guard-XXXXXX", NULL);
  g_autofree char *crasher = g_build_filename (KIELA_TEST_CRASHING_DIR, "segv-register.so", NULL);
  g_autofree char *module = g_build_filename (dir, "flaky.so", NULL);
  g_autofree char *reason = NULL;

  copy_file (crasher, module);
  write_plugin_file (dir, "flaky", "broken-segv-register", "");

  /* The first start meets it: checked in another process, skipped, and this one lives. */
  {
    g_autoptr(KielaRegistry) registry = kiela_registry_new ();
    const KielaPluginRecord *r = load_one (registry, dir, "flaky.so");

    g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
    g_assert_cmpstr (r->reason, ==, "crashed with SIGSEGV while loading");
    g_assert_true (r->crashed);
    g_assert_null (dlopen (module, RTLD_NOW | RTLD_NOLOAD));
  }
  /* The next starts skip it without trying (twice: the marker stays). */
  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(KielaRegistry) registry = kiela_registry_new ();
      const KielaPluginRecord *r = load_one (registry, dir, "flaky.so");

      g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
      /* What the first check found, not only that it crashed. */
      g_assert_cmpstr (r->reason, ==, "crashed with SIGSEGV while loading");
      g_assert_true (r->crashed);
      g_assert_null (dlopen (module, RTLD_NOW | RTLD_NOLOAD));
    }

  /* Try again: the marker is gone; listing sees a plugin that may be loaded again. */
  g_assert_true (kiela_plugin_forget_crash (module, NULL));
  {
    g_autoptr(KielaRegistry) registry = kiela_registry_new ();
    g_setenv ("KIELA_PLUGIN_PATH", dir, TRUE);
    kiela_registry_scan_default (registry);
    g_setenv ("KIELA_PLUGIN_PATH", "", TRUE);
    g_assert_false (find_record (registry, "flaky.so")->crashed);
    g_assert_cmpint (find_record (registry, "flaky.so")->state, ==, KIELA_PLUGIN_FOUND);
  }
  reason = kiela_plugin_check_module (module);
  g_assert_cmpstr (reason, ==, "crashed with SIGSEGV while loading");

  remove_plugin_files (dir);
  g_unlink (module);
  g_rmdir (dir);
}

/* Loads `dir` with the crash guard in a forked "start"; returns its wait status. */
static int
start_in_fork (const char *dir)
{
  int status = 0;
  pid_t pid = fork ();

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      KielaRegistry *registry = kiela_registry_new ();
      signal (SIGSEGV, SIG_DFL);
      kiela_registry_load_dir (registry, dir);
      _exit (((KielaPluginRecord *) g_ptr_array_index (kiela_registry_get_plugins (registry), 0))->state ==
             KIELA_PLUGIN_LOADED ? 0 : 1);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  return status;
}

/* A module that passed its check once and still crashes a start (the marker's case):
 * simulated by swapping a checked module for a crashing one of the same size and time. */
static void
test_crash_marker (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kiela-marker-XXXXXX", NULL);
  g_autofree char *good_src = g_build_filename (KIELA_TEST_BROKEN_DIR, "good.so", NULL);
  g_autofree char *crash_src = g_build_filename (KIELA_TEST_CRASHING_DIR, "segv-register.so", NULL);
  g_autofree char *module = g_build_filename (dir, "swapped.so", NULL);
  g_autofree char *good = NULL, *crash = NULL;
  gsize good_len, crash_len, size;
  int status;

  g_assert_true (g_file_get_contents (good_src, &good, &good_len, NULL));
  g_assert_true (g_file_get_contents (crash_src, &crash, &crash_len, NULL));
  size = MAX (good_len, crash_len);

  /* A start loads the good module (checked once, then loaded). */
  write_module (module, good, good_len, size, 1000000);
  write_plugin_file (dir, "swapped", "broken-good", "variant:broken-good-variant");
  status = start_in_fork (dir);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);

  /* The same file, as far as size and time go, now crashes the start that loads it... */
  write_module (module, crash, crash_len, size, 1000000);
  write_plugin_file (dir, "swapped", "broken-segv-register", "");
  status = start_in_fork (dir);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGSEGV);

  /* ...and the next start skips it because of the marker that start left. */
  {
    g_autoptr(KielaRegistry) registry = kiela_registry_new ();
    const KielaPluginRecord *r = load_one (registry, dir, "swapped.so");

    g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
    g_assert_cmpstr (r->reason, ==, "crashed while loading");
    g_assert_true (r->crashed);
    g_assert_null (dlopen (module, RTLD_NOW | RTLD_NOLOAD));
  }

  /* A fixed version installed in its place (another time): checked, and loaded. */
  write_module (module, good, good_len, size, 2000000);
  write_plugin_file (dir, "swapped", "broken-good", "variant:broken-good-variant");
  {
    g_autoptr(KielaRegistry) registry = kiela_registry_new ();
    const KielaPluginRecord *r = load_one (registry, dir, "swapped.so");

    g_assert_cmpint (r->state, ==, KIELA_PLUGIN_LOADED);
    g_assert_false (r->crashed);
    g_assert_nonnull (kiela_registry_lookup_variant (registry, "broken-good-variant"));
  }

  remove_plugin_files (dir);
  g_unlink (module);
  g_rmdir (dir);
}

static void
test_ai_settings (void)
{
  g_autoptr(GHashTable) s = kiela_ai_parse_settings ("depth=4  noise=0.25 name=amara", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) bad = kiela_ai_parse_settings ("depth=4 oops", &error);

  g_assert_nonnull (s);
  g_assert_cmpint (kiela_ai_setting_int (s, "depth", 0), ==, 4);
  g_assert_cmpfloat (kiela_ai_setting_double (s, "noise", 0), ==, 0.25);
  g_assert_cmpint (kiela_ai_setting_int (s, "name", 9), ==, 9);   /* not a number: fallback */
  g_assert_cmpint (kiela_ai_setting_int (s, "missing", 7), ==, 7);
  g_assert_null (bad);
  g_assert_nonnull (strstr (error->message, "“oops” is not of the form key=value"));
}

/* A folder linking back to itself is not followed: each module is met once. */
static void
test_symlinked_folders (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-links-XXXXXX", NULL);
  g_autofree char *good_src = g_build_filename (KIELA_TEST_BROKEN_DIR, "good.so", NULL);
  g_autofree char *good_dst = g_build_filename (dir, "good.so", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop", NULL);

  copy_file (good_src, good_dst);
  write_plugin_file (dir, "good", "broken-good", "variant:broken-good-variant");
  g_assert_cmpint (symlink (".", loop), ==, 0);
  kiela_registry_load_dir (registry, dir);
  g_assert_cmpuint (kiela_registry_get_plugins (registry)->len, ==, 1);
  g_assert_cmpint (find_record (registry, "good.so")->state, ==, KIELA_PLUGIN_LOADED);
  g_unlink (loop);
  g_unlink (good_dst);
  remove_plugin_files (dir);
  g_rmdir (dir);
}

/* File names need not be UTF-8 (a folder copied from another system): every reason and name a
 * failed record shows in the plugins page is UTF-8 text, and still says which file it is. */
static void
test_file_names_not_utf8 (void)
{
  g_autoptr(KielaRegistry) registry = test_registry ();
  g_autofree char *dir = g_dir_make_tmp ("kiela-names-XXXXXX", NULL);
  g_autofree char *good_src = g_build_filename (KIELA_TEST_BROKEN_DIR, "good.so", NULL);
  const char *files[] = { "lonely\xe9.so", "renamed\xff.so", "renamed\xff.plugin", "odd\xfe.kiela-variant" };
  GPtrArray *plugins;
  guint failed = 0;

  {
    g_autofree char *lonely = g_build_filename (dir, files[0], NULL);
    g_autofree char *module = g_build_filename (dir, files[1], NULL);
    g_autofree char *info = g_build_filename (dir, files[2], NULL);
    g_autofree char *variant = g_build_filename (dir, files[3], NULL);

    g_assert_true (g_file_set_contents (lonely, "", 0, NULL));
    copy_file (good_src, module);
    g_autofree char *info_text = g_strdup_printf ("[Plugin]\nModule=renamed\nId=renamed\nName=R\nABI=%d\nAPI=1\n",
                                                  KIELA_PLUGIN_ABI_VERSION);

    g_assert_true (g_file_set_contents (info, info_text, -1, NULL));
    g_assert_true (g_file_set_contents (variant, "[Variant]\nId=odd\nFiles=99\n", -1, NULL));
  }
  g_setenv ("KIELA_VARIANT_PATH", dir, TRUE);
  kiela_registry_load_dir (registry, dir);
  kiela_registry_load_variant_files (registry);
  kiela_registry_finish_loading (registry);
  g_unsetenv ("KIELA_VARIANT_PATH");

  plugins = kiela_registry_get_plugins (registry);
  for (guint i = 0; i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);

      if (!g_str_has_prefix (r->path, dir))
        continue;
      g_assert_cmpint (r->state, ==, KIELA_PLUGIN_FAILED);
      g_assert_nonnull (r->reason);
      if (!g_utf8_validate (r->reason, -1, NULL))
        g_error ("the reason for %s is not UTF-8: %s", r->path, r->reason);
      g_assert_true (r->name == NULL || g_utf8_validate (r->name, -1, NULL));
      failed++;
    }
  g_assert_cmpuint (failed, ==, 3);
  assert_failed (registry, "lonely\xe9.so", "lonely\xef\xbf\xbd.plugin");
  assert_failed (registry, "renamed\xff.so", "renamed\xef\xbf\xbd.so");
  assert_failed (registry, "odd\xfe.kiela-variant", "odd\xef\xbf\xbd.kiela-variant");
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i], NULL);
      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  int ret;

  user_data_dir = g_dir_make_tmp ("kiela-plugins-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", user_data_dir, TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plugins/rules", test_rules_plugins);
  g_test_add_func ("/plugins/broken", test_broken_plugins);
  g_test_add_func ("/plugins/hostile-files", test_hostile_files);
  g_test_add_func ("/plugins/file-names-not-utf8", test_file_names_not_utf8);
  g_test_add_func ("/plugins/default-dirs", test_default_dirs);
  g_test_add_func ("/plugins/static", test_static_module);
  g_test_add_func ("/plugins/symlinked-folders", test_symlinked_folders);
  g_test_add_func ("/plugins/variant-validation", test_variant_validation);
  g_test_add_func ("/plugins/ai-settings", test_ai_settings);
  g_test_add_func ("/plugins/scan-runs-no-code", test_scan_runs_no_code);
  g_test_add_func ("/plugins/check-in-child", test_check_in_child);
  g_test_add_func ("/plugins/crash-guard", test_crash_guard);
  g_test_add_func ("/plugins/check-budget", test_check_budget);
  g_test_add_func ("/plugins/crash-marker", test_crash_marker);
  ret = g_test_run ();
  g_free (user_data_dir);
  return ret;
}
