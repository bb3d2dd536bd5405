/* kiela-file.c: checked, atomic replacement of a file's contents (records, CSV and other output files). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "kiela-file.h"
#include "kiela-position.h"

/* As the kernel's own limit on a chain of links. */
#define MAX_LINKS 40

/* The end of the chain of symbolic links starting at `path` (which may not exist). */
static char *
resolve_links (const char *path, GError **error)
{
  g_autofree char *current = g_path_is_absolute (path) ? g_strdup (path) : g_canonicalize_filename (path, NULL);

  for (guint i = 0; i < MAX_LINKS; i++)
    {
      GStatBuf st;
      g_autofree char *target = NULL;
      g_autoptr(GError) local = NULL;

      if (g_lstat (current, &st) != 0)
        {
          int saved = errno;

          if (saved == ENOENT)
            return g_steal_pointer (&current);
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("“%s”: %s"), path, g_strerror (saved));
          return NULL;
        }
      if (!S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);
      target = g_file_read_link (current, &local);
      if (target == NULL)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("“%s”: %s"), path, local->message);
          return NULL;
        }
      if (g_path_is_absolute (target))
        {
          g_free (current);
          current = g_steal_pointer (&target);
        }
      else
        {
          g_autofree char *dir = g_path_get_dirname (current);
          g_free (current);
          current = g_build_filename (dir, target, NULL);
        }
    }
  g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("“%s”: too many levels of symbolic links"), path);
  return NULL;
}

/* Why a file of this type may not be replaced by a regular file; NULL when it may. */
static const char *
non_regular_reason (mode_t mode)
{
  if (S_ISREG (mode))
    return NULL;
  if (S_ISDIR (mode))
    return _("it is a folder");
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return _("it is a device, not a regular file");
  if (S_ISFIFO (mode))
    return _("it is a named pipe, not a regular file");
  if (S_ISSOCK (mode))
    return _("it is a socket, not a regular file");
  return _("it is not a regular file");
}

/* Resolves `file` to the path that will really be replaced, and checks its type and folder.
 * `mode` receives the existing target's permissions, or 0666 for a new file. */
static char *
check_target (GFile *file, gboolean probe, mode_t *mode, GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  GStatBuf st;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("“%s” is not a local file"), uri);
      return NULL;
    }
  target = resolve_links (path, error);
  if (target == NULL)
    return NULL;

  *mode = 0666;
  if (g_stat (target, &st) == 0)
    {
      const char *why = non_regular_reason (st.st_mode);

      if (why != NULL)
        {
          if (g_strcmp0 (path, target) == 0)
            g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Refusing to replace “%s”: %s."), path, why);
          else
            g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Refusing to replace “%s” (a link to “%s”): %s."),
                         path, target, why);
          return NULL;
        }
      *mode = st.st_mode & 07777;
    }

  dir = g_path_get_dirname (target);
  if (g_stat (dir, &st) != 0 || !S_ISDIR (st.st_mode))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Cannot write “%s”: the folder “%s” does not exist."),
                   path, dir);
      return NULL;
    }
  if (probe)
    {
      g_autofree char *base = g_path_get_basename (target);
      g_autofree char *tmpl = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
      int fd = g_mkstemp_full (tmpl, O_RDWR | O_CLOEXEC, 0600);

      if (fd < 0)
        {
          int saved = errno;
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Cannot write “%s”: cannot create a file in “%s”: %s."),
                       path, dir, g_strerror (saved));
          return NULL;
        }
      close (fd);
      g_unlink (tmpl);
    }
  return g_steal_pointer (&target);
}

gboolean
kiela_file_check_replaceable (GFile *file, GError **error)
{
  g_autofree char *target = NULL;
  mode_t mode;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  target = check_target (file, TRUE, &mode, error);
  return target != NULL;
}

gboolean
kiela_file_replace_contents_checked (GFile *file, const char *contents, gsize length, GError **error)
{
  g_autofree char *target = NULL;
  mode_t mode;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (contents != NULL || length == 0, FALSE);

  target = check_target (file, FALSE, &mode, error);
  if (target == NULL)
    return FALSE;
  /* A temporary file in the target's folder, renamed over it: a reader sees the old
   * contents or the new, never half of them, and the link pointing here stays. */
  return g_file_set_contents_full (target, contents ? contents : "", (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   (int) mode, error);
}
