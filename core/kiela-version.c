/* kiela-version.c: the version of the running libkiela-core. */
#include "config.h"

#include "kiela-version.h"

guint
kiela_get_major_version (void)
{
  return KIELA_MAJOR_VERSION;
}

guint
kiela_get_minor_version (void)
{
  return KIELA_MINOR_VERSION;
}

guint
kiela_get_micro_version (void)
{
  return KIELA_MICRO_VERSION;
}
