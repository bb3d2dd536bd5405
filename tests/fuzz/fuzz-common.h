/* fuzz-common.h: the registry the fuzz targets share: Kiela's rules compiled in, no plugin loading. */
#pragma once

#include <stdlib.h>
#include <glib.h>
#include "kiela.h"

/* The rules module's register function, compiled into the fuzz target with it. */
gboolean kiela_plugin_register (KielaRegistry *registry, GError **error);

static inline KielaRegistry *
fuzz_registry (void)
{
  static KielaRegistry *registry;

  if (registry == NULL)
    {
      registry = kiela_registry_new ();
      if (!kiela_plugin_register (registry, NULL))
        abort ();
    }
  return registry;
}

/* A broken property is a crash for libFuzzer: say which, then abort. */
#define FUZZ_CHECK(cond, ...) G_STMT_START { \
    if (!(cond)) { g_printerr ("fuzz property failed: " __VA_ARGS__); g_printerr ("\n"); abort (); } \
  } G_STMT_END
