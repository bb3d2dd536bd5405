/* app-test-util.h: main-loop helpers shared by the app tests (static: each test program has its copy). */
#pragma once

#include <glib.h>

typedef gboolean (*Condition) (gpointer data);

/* Runs the main loop until `cond` holds; fails the test after `timeout_ms`. */
static void
wait_until (Condition cond, gpointer data, guint timeout_ms, const char *what)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}
