/* test-sdk.c: Kiela as plugin authors get it: a staged install, kiela-1.pc and an out-of-tree plugin built against it. */
#define _GNU_SOURCE 1
#include "config.h"
#include <string.h>
#include <dlfcn.h>
#include <glib/gstdio.h>
#include "kiela.h"

static char *destdir;

static void
run (const char *const *argv, const char *const *envp)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, (char **) envp, G_SPAWN_SEARCH_PATH, NULL, NULL,
                     &out, &err, &status, &error))
    g_error ("%s: %s", argv[0], error->message);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("%s %s failed: %s\n%s\n%s", argv[0], argv[1], error->message, out, err);
}

/* The first file named `name` under `dir`, or NULL. */
static char *
find_file (const char *dir, const char *name)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *entry;

  while (d && (entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);
      char *found;

      if (g_str_equal (entry, name))
        return g_steal_pointer (&path);
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK) &&
          (found = find_file (path, name)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
contains (const char *data, gsize len, const char *needle)
{
  return memmem (data, len, needle, strlen (needle)) != NULL;
}

static gboolean
is_path_char (char c)
{
  return g_ascii_isalnum (c) || (c != '\0' && strchr ("._-+~", c) != NULL);
}

/* Whether `data` names the path `root` or a file under it: an occurrence that starts a path
 * (no path character or '/' just before it) and ends there or goes on with a '/'.  A tree at a
 * short path such as /kiela is also a piece of longer paths the library rightly names
 * (".../lib/kiela", "/io/github/kiela/"), which a plain search would take for the tree. */
static gboolean
contains_path (const char *data, gsize len, const char *root)
{
  gsize n = strlen (root);
  const char *end = data + len;

  for (const char *p = data; p < end && (p = memmem (p, end - p, root, n)) != NULL; p++)
    {
      char before = p > data ? p[-1] : '\0';
      char after = p + n < end ? p[n] : '\0';

      if (!is_path_char (before) && before != '/' && !is_path_char (after))
        return TRUE;
    }
  return FALSE;
}

/* The installed library carries no path of the tree it was built in. */
static void
test_library_has_no_build_path (void)
{
  g_autofree char *lib = find_file (destdir, "libkiela-core.so.1.0.0");
  g_autofree char *data = NULL;
  gsize len;

  g_assert_nonnull (lib);
  g_assert_true (g_file_get_contents (lib, &data, &len, NULL));
  g_assert_cmpuint (len, >, 10000);
  g_assert_true (contains (data, len, "kiela_registry_load_file"));  /* the search works */
  {
    static const char names[] = "x\0/usr/lib/kiela\0/io/github/kiela/ui\0/kiela-core\0";
    static const char names_tree[] = "x\0/kiela/core/kiela-game.c\0";
    static const char names_root[] = "cd /kiela\0";

    g_assert_false (contains_path (names, sizeof names, "/kiela"));
    g_assert_true (contains_path (names_tree, sizeof names_tree, "/kiela"));
    g_assert_true (contains_path (names_root, sizeof names_root, "/kiela"));
  }
  g_assert_false (contains_path (data, len, KIELA_TEST_BUILD_ROOT));
  g_assert_false (contains_path (data, len, KIELA_SOURCE_ROOT));
}

/* Every installed module has its .plugin file beside it. */
static void
test_installed_plugin_files (void)
{
  g_autofree char *module = find_file (destdir, "kiela-rules.so");
  g_autofree char *dir = NULL;
  g_autofree char *info = NULL;
  g_autoptr(GKeyFile) kf = g_key_file_new ();

  g_assert_nonnull (module);
  dir = g_path_get_dirname (module);
  info = g_build_filename (dir, "kiela-rules.plugin", NULL);
  g_assert_true (g_key_file_load_from_file (kf, info, G_KEY_FILE_NONE, NULL));
  g_assert_cmpint (g_key_file_get_integer (kf, "Plugin", "ABI", NULL), ==, KIELA_PLUGIN_ABI_VERSION);
  g_assert_true (g_str_has_suffix (dir, "/kiela/plugins"));
}

/* kiela-1.pc moved with the staged tree: its prefix points into destdir.  Returns its folder
 * (written once: a second search would find the moved copy). */
static char *
staged_pkgconfig_dir (void)
{
  g_autofree char *pc = NULL;
  g_autofree char *text = NULL;
  g_autofree char *moved_pc = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  char *pcdir = g_build_filename (destdir, "pkgconfig", NULL);

  if (g_file_test (pcdir, G_FILE_TEST_IS_DIR))
    return pcdir;
  pc = find_file (destdir, "kiela-1.pc");
  g_assert_nonnull (pc);
  g_assert_true (g_file_get_contents (pc, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], "prefix="))
        g_string_append_printf (out, "prefix=%s%s\n", destdir, lines[i] + strlen ("prefix="));
      else
        g_string_append_printf (out, "%s\n", lines[i]);
      if (g_str_has_prefix (lines[i], "plugindir="))
        g_assert_true (g_str_has_suffix (lines[i], "/kiela/plugins"));
    }
  g_assert_cmpint (g_mkdir_with_parents (pcdir, 0700), ==, 0);
  moved_pc = g_build_filename (pcdir, "kiela-1.pc", NULL);
  g_assert_true (g_file_set_contents (moved_pc, out->str, -1, NULL));
  return pcdir;
}

/* The headers are installed under <includedir>/kiela-1, where kiela-1.pc points; the
 * soname carries the library's major version. */
static void
test_installed_layout (void)
{
  g_autofree char *header = find_file (destdir, "kiela-version.h");
  g_autofree char *dir = NULL;
  g_autofree char *soname = find_file (destdir, "libkiela-core.so.1");
  g_autofree char *pcdir = staged_pkgconfig_dir ();
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "PKG_CONFIG_PATH", pcdir, TRUE);
  g_autofree char *cflags = NULL;
  g_autofree char *expected = NULL;
  const char *argv[] = { "pkg-config", "--cflags-only-I", "kiela-1", NULL };
  g_autoptr(GError) error = NULL;
  int status;

  g_assert_nonnull (header);
  dir = g_path_get_dirname (header);
  g_assert_true (g_str_has_suffix (dir, "/include/kiela-1"));
  g_assert_nonnull (soname);
  g_assert_true (g_file_test (soname, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_SEARCH_PATH, NULL, NULL, &cflags, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  expected = g_strconcat ("-I", dir, NULL);
  if (strstr (cflags, expected) == NULL)
    g_error ("pkg-config --cflags kiela-1 says “%s”, without %s", cflags, expected);
}

/* A program compiled and linked with nothing but `pkg-config kiela-1`: the version macros
 * agree with the project's version, KIELA_CHECK_VERSION compares (checked by the
 * preprocessor in version-check.c), and it runs against the staged library through the run
 * path kiela-1.pc gives, with no LD_LIBRARY_PATH. */
static void
test_version_program (void)
{
  g_autofree char *pcdir = staged_pkgconfig_dir ();
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "PKG_CONFIG_PATH", pcdir, TRUE);
  g_autofree char *src = g_build_filename (KIELA_SOURCE_ROOT, "tests", "engine", "sdk", "version-check.c", NULL);
  g_autofree char *program = g_build_filename (destdir, "version-check", NULL);
  g_autofree char *script = g_strdup_printf ("%s -o '%s' '%s' $(pkg-config --cflags --libs kiela-1)",
                                             KIELA_TEST_CC, program, src);
  g_autofree char *out = NULL, *err = NULL, *expected = NULL;
  g_auto(GStrv) parts = g_strsplit (PACKAGE_VERSION, ".", -1);
  const char *compile[] = { "sh", "-c", script, NULL };
  const char *run_it[] = { program, NULL };
  g_autoptr(GError) error = NULL;
  int status;

  env = g_environ_unsetenv (env, "LD_LIBRARY_PATH");
  run (compile, (const char *const *) env);
  g_assert_true (g_spawn_sync (NULL, (char **) run_it, env, 0, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, &error))
    g_error ("version-check: %s\n%s", error->message, err);
  g_assert_cmpuint (g_strv_length (parts), ==, 3);
  /* The project's version (meson.build), as headers and library, and a working registry. */
  expected = g_strdup_printf ("%s %s.%s.%s %s.%s.%s 1\n", PACKAGE_VERSION, parts[0], parts[1], parts[2],
                              parts[0], parts[1], parts[2]);
  g_assert_cmpstr (out, ==, expected);
}

static void
test_out_of_tree_plugin (void)
{
  g_autofree char *pcdir = NULL;
  g_autofree char *build = g_build_filename (destdir, "hello-build", NULL);
  g_autofree char *src = g_build_filename (KIELA_SOURCE_ROOT, "tests", "engine", "sdk", NULL);
  g_autofree char *header = find_file (destdir, "kiela-version.h");
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_auto(GStrv) env = g_get_environ ();
  const KielaPluginRecord *r;
  const KielaVariant *v;

  g_assert_nonnull (header);
  pcdir = staged_pkgconfig_dir ();
  env = g_environ_setenv (env, "PKG_CONFIG_PATH", pcdir, TRUE);

  {
    const char *setup[] = { KIELA_TEST_MESON, "setup", build, src, NULL };
    const char *compile[] = { KIELA_TEST_MESON, "compile", "-C", build, NULL };
    run (setup, (const char *const *) env);
    run (compile, (const char *const *) env);
  }

  kiela_registry_load_dir (registry, build);
  kiela_registry_finish_loading (registry);
  g_assert_cmpuint (kiela_registry_get_plugins (registry)->len, ==, 1);
  r = g_ptr_array_index (kiela_registry_get_plugins (registry), 0);
  if (r->state != KIELA_PLUGIN_LOADED)
    g_error ("%s: %s", r->path, r->reason);
  g_assert_cmpstr (r->id, ==, "hello-rules");
  /* The example's .plugin file states the API its code declares. */
  {
    g_autofree char *path = g_build_filename (build, "hello-rules." G_MODULE_SUFFIX, NULL);
    GModule *module = g_module_open (path, G_MODULE_BIND_LOCAL);
    gpointer query = NULL;

    g_assert_nonnull (module);
    g_assert_true (g_module_symbol (module, KIELA_PLUGIN_QUERY_SYMBOL, &query));
    g_assert_cmpuint (((KielaPluginQueryFunc) query) ()->api_version, ==, r->api_version);
    g_assert_cmpuint (r->api_version, ==, 1);
    g_module_close (module);
  }
  v = kiela_registry_lookup_variant (registry, "hello");
  g_assert_nonnull (v);
  g_assert_cmpuint (v->files, ==, 4);
}

int
main (int argc, char **argv)
{
  int ret;

  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  destdir = g_dir_make_tmp ("kiela-sdk-XXXXXX", NULL);
  {
    const char *install[] = { KIELA_TEST_MESON, "install", "-C", KIELA_TEST_BUILD_ROOT, "--no-rebuild",
                              "--quiet", "--destdir", destdir, NULL };
    run (install, NULL);
  }
  g_test_add_func ("/sdk/library-has-no-build-path", test_library_has_no_build_path);
  g_test_add_func ("/sdk/installed-plugin-files", test_installed_plugin_files);
  g_test_add_func ("/sdk/installed-layout", test_installed_layout);
  g_test_add_func ("/sdk/version-program", test_version_program);
  g_test_add_func ("/sdk/out-of-tree-plugin", test_out_of_tree_plugin);
  ret = g_test_run ();
  {
    const char *rm[] = { "rm", "-rf", destdir, NULL };
    run (rm, NULL);
  }
  g_free (destdir);
  return ret;
}
