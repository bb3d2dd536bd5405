/* fuzz-common.h: the registry the fuzz targets share: Kiela's rules compiled in, no plugin loading. */
#pragma once

#include <stdlib.h>
#include <string.h>
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

/* libFuzzer's two entry points around `run (data, size)`.  The sample texts run once at start:
 * one-time allocations (types, quarks, the registry) happen there, not in a fuzzed run where
 * the leak checker would count them.  A critical (a GLib or json-glib getter given the wrong
 * kind of node) aborts: it is a reader trusting its input. */
#define FUZZ_ENTRY_POINTS(run, ...) \
  int LLVMFuzzerTestOneInput (const guint8 *data, size_t size); \
  int LLVMFuzzerInitialize (int *argc, char ***argv); \
  int \
  LLVMFuzzerInitialize (int *argc, char ***argv) \
  { \
    static const char *const samples[] = { __VA_ARGS__ }; \
    g_setenv ("LANGUAGE", "C", TRUE); \
    g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL); \
    for (guint i = 0; i < G_N_ELEMENTS (samples); i++) \
      run ((const guint8 *) samples[i], strlen (samples[i])); \
    return 0; \
  } \
  int \
  LLVMFuzzerTestOneInput (const guint8 *data, size_t size) \
  { \
    run (data, size); \
    return 0; \
  }
