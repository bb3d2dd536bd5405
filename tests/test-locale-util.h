/* test-locale-util.h: a real locale for the tests that read translations through LANGUAGE. */
#pragma once

#include <glib.h>
#include <locale.h>

/* gettext ignores LANGUAGE in the C and C.UTF-8 locales (glibc 2.41 on Debian 13 does; Debian 12's
 * 2.36 did not), and users always run in a real one: these tests run in en_US.UTF-8, generated
 * into the build tree by tests/meson.build (no root needed) and found through LOCPATH. */
static inline void
test_use_real_locale (void)
{
  g_setenv ("LOCPATH", KIELA_TEST_LOCPATH, TRUE);
  g_setenv ("LC_ALL", KIELA_TEST_REAL_LOCALE, TRUE);
  if (setlocale (LC_ALL, "") == NULL)
    g_error ("the %s locale is not available in %s", KIELA_TEST_REAL_LOCALE, KIELA_TEST_LOCPATH);
}
