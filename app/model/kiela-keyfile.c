/* kiela-keyfile.c: saving the app's private key files and setting bad ones aside. */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "kiela-keyfile.h"

gboolean
kiela_key_file_save_private (GKeyFile *keys, const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = NULL;
  gsize length;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  data = g_key_file_to_data (keys, &length, NULL);
  return g_file_set_contents_full (path, data, (gssize) length, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

char *
kiela_file_set_aside (const char *path, const char *why)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  char *aside = g_strdup_printf ("%s.%s-%" G_GINT64_FORMAT, path, why, now);

  for (guint i = 1; g_file_test (aside, G_FILE_TEST_EXISTS); i++)
    {
      g_free (aside);
      aside = g_strdup_printf ("%s.%s-%" G_GINT64_FORMAT "-%u", path, why, now, i);
    }
  if (g_rename (path, aside) != 0)
    {
      g_free (aside);
      return NULL;
    }
  return aside;
}
