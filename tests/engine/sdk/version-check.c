/* version-check.c: a program built with `cc $(pkg-config --cflags --libs kiela-1)` against a staged install (test-sdk). */
#include <stdio.h>
#include <kiela.h>

/* Checked by the preprocessor, where a plugin uses them. */
#if !KIELA_CHECK_VERSION (KIELA_MAJOR_VERSION, KIELA_MINOR_VERSION, KIELA_MICRO_VERSION)
# error "KIELA_CHECK_VERSION refuses the headers' own version"
#endif
#if KIELA_CHECK_VERSION (KIELA_MAJOR_VERSION, KIELA_MINOR_VERSION, KIELA_MICRO_VERSION + 1) || \
    KIELA_CHECK_VERSION (KIELA_MAJOR_VERSION, KIELA_MINOR_VERSION + 1, 0) || \
    KIELA_CHECK_VERSION (KIELA_MAJOR_VERSION + 1, 0, 0)
# error "KIELA_CHECK_VERSION accepts a newer version"
#endif
#if !KIELA_CHECK_VERSION (0, 0, 0) || \
    (KIELA_MINOR_VERSION > 0 && !KIELA_CHECK_VERSION (KIELA_MAJOR_VERSION, KIELA_MINOR_VERSION - 1, 99)) || \
    (KIELA_MAJOR_VERSION > 0 && !KIELA_CHECK_VERSION (KIELA_MAJOR_VERSION - 1, 99, 99))
# error "KIELA_CHECK_VERSION refuses an older version"
#endif

int
main (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();

  /* The headers' version, the library's, and a call into the library that needs no files. */
  printf ("%s %d.%d.%d %u.%u.%u %d\n", KIELA_VERSION,
          KIELA_MAJOR_VERSION, KIELA_MINOR_VERSION, KIELA_MICRO_VERSION,
          kiela_get_major_version (), kiela_get_minor_version (), kiela_get_micro_version (),
          kiela_registry_get_plugins (registry)->len == 0);
  return 0;
}
