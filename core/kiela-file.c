/* kiela-file.c: bounded reading and checked, atomic replacement of a file's contents. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "kiela-file.h"
#include "kiela-file-private.h"
#include "kiela-error.h"

/* As the kernel's own limit on a chain of links. */
#define MAX_LINKS 40

static char *
display_name (GFile *file)
{
  const char *path = g_file_peek_path (file);

  return path ? g_filename_display_name (path) : g_file_get_parse_name (file);
}

/* Why a file of this type may not be replaced by a regular file; NULL when it may. */
static const char *
non_regular_reason (GFileInfo *info)
{
  guint32 mode = g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_MODE);

  switch (g_file_info_get_file_type (info))
    {
    case G_FILE_TYPE_REGULAR:
      return NULL;
    case G_FILE_TYPE_DIRECTORY:
    case G_FILE_TYPE_MOUNTABLE:
      return _("it is a folder");
    case G_FILE_TYPE_SPECIAL:
      /* GIO's type does not tell these apart; the Unix mode does, where there is one. */
      if (S_ISCHR (mode) || S_ISBLK (mode))
        return _("it is a device, not a regular file");
      if (S_ISFIFO (mode))
        return _("it is a named pipe, not a regular file");
      if (S_ISSOCK (mode))
        return _("it is a socket, not a regular file");
      return _("it is not a regular file");
    case G_FILE_TYPE_SHORTCUT:
    case G_FILE_TYPE_SYMBOLIC_LINK:
    case G_FILE_TYPE_UNKNOWN:
    default:
      return _("it is not a regular file");
    }
}

/*
 * Follows `file`'s chain of symbolic links to what saving into it really replaces, and
 * checks that: a regular file, or nothing yet, in an existing folder.  With `probe`, also
 * creates and removes an empty file in that folder, so an unwritable folder is refused now.
 */
static GFile *
resolve_target (GFile *file, gboolean probe, GError **error)
{
  g_autofree char *display = display_name (file);
  g_autoptr(GFile) target = g_object_ref (file);
  g_autoptr(GFile) parent = NULL;
  g_autoptr(GFileInfo) parent_info = NULL;
  g_autoptr(GError) local = NULL;

  for (guint links = 0;; links++)
    {
      g_autoptr(GFileInfo) info = g_file_query_info (target,
                                                     G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                                     G_FILE_ATTRIBUTE_STANDARD_SYMLINK_TARGET ","
                                                     G_FILE_ATTRIBUTE_UNIX_MODE,
                                                     G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, &local);
      g_autoptr(GFile) link_parent = NULL;
      const char *why, *link;
      GFile *next;

      if (info == NULL)
        {
          /* Nothing there yet (a new file, or the end of a dangling link): the write creates it. */
          if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
            {
              g_clear_error (&local);
              break;
            }
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("“%s”: %s"), display, local->message);
          return NULL;
        }
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_SYMBOLIC_LINK)
        {
          why = non_regular_reason (info);
          if (why == NULL)
            break;
          if (g_file_equal (file, target))
            g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Refusing to replace “%s”: %s."), display, why);
          else
            {
              g_autofree char *target_display = display_name (target);
              g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Refusing to replace “%s” (a link to “%s”): %s."),
                           display, target_display, why);
            }
          return NULL;
        }
      link = g_file_info_get_symlink_target (info);
      link_parent = g_file_get_parent (target);
      if (links >= MAX_LINKS || link == NULL || link_parent == NULL)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("“%s”: too many levels of symbolic links"), display);
          return NULL;
        }
      next = g_file_resolve_relative_path (link_parent, link);
      g_object_unref (target);
      target = next;
    }

  parent = g_file_get_parent (target);
  if (parent != NULL)
    parent_info = g_file_query_info (parent, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE,
                                     NULL, NULL);
  if (parent_info == NULL || g_file_info_get_file_type (parent_info) != G_FILE_TYPE_DIRECTORY)
    {
      g_autofree char *folder = parent ? display_name (parent) : g_strdup ("/");
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Cannot write “%s”: the folder “%s” does not exist."),
                   display, folder);
      return NULL;
    }
  if (probe)
    {
      g_autofree char *base = g_file_get_basename (target);
      g_autofree char *name = g_strdup_printf (".%s.%08x", base, g_random_int ());
      g_autoptr(GFile) tmp = g_file_get_child (parent, name);
      g_autoptr(GFileOutputStream) out = g_file_create (tmp, G_FILE_CREATE_PRIVATE, NULL, &local);

      if (out == NULL)
        {
          g_autofree char *folder = display_name (parent);
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Cannot write “%s”: cannot create a file in “%s”: %s."),
                       display, folder, local->message);
          return NULL;
        }
      g_output_stream_close (G_OUTPUT_STREAM (out), NULL, NULL);
      g_file_delete (tmp, NULL, NULL);
    }
  return g_steal_pointer (&target);
}

gboolean
kiela_file_check_replaceable (GFile *file, GError **error)
{
  g_autoptr(GFile) target = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  target = resolve_target (file, TRUE, error);
  return target != NULL;
}

gboolean
_kiela_file_write_and_commit (GOutputStream *out, const char *contents, gsize length, GError **error)
{
  g_autoptr(GCancellable) abort = NULL;
  gsize written = 0;

  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);

  if (g_output_stream_write_all (out, contents ? contents : "", length, &written, NULL, error))
    /* Flushes, syncs and renames; when any of that fails GIO removes the temporary itself. */
    return g_output_stream_close (out, NULL, error);

  abort = g_cancellable_new ();
  g_cancellable_cancel (abort);
  g_output_stream_close (out, abort, NULL);
  return FALSE;
}

const char *
_kiela_file_write_reason (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE))
    return _("the disk is full");
  return error->message;
}

/*
 * A file that does not exist yet is written under a temporary name beside it and renamed into
 * place: GIO's replace would write it in place, so a failed write would leave half a file where
 * there was none.
 */
static gboolean
write_new (GFile *target, const char *contents, gsize length, GError **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (target);
  g_autofree char *base = g_file_get_basename (target);
  g_autofree char *name = g_strdup_printf (".%s.%08x", base, g_random_int ());
  g_autoptr(GFile) tmp = g_file_get_child (parent, name);
  g_autoptr(GFileOutputStream) out = g_file_create (tmp, G_FILE_CREATE_NONE, NULL, error);

  if (out == NULL)
    return FALSE;
  if (!g_output_stream_write_all (G_OUTPUT_STREAM (out), contents ? contents : "", length, NULL, NULL, error)
      || !g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error)
      || !g_file_move (tmp, target, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NO_FALLBACK_FOR_MOVE, NULL, NULL, NULL,
                       error))
    {
      g_file_delete (tmp, NULL, NULL);
      return FALSE;
    }
  return TRUE;
}

gboolean
kiela_file_replace_contents_checked (GFile *file, const char *contents, gsize length, GError **error)
{
  g_autoptr(GFile) target = NULL;
  g_autoptr(GFileOutputStream) out = NULL;
  g_autoptr(GError) local = NULL;
  gboolean ok;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (contents != NULL || length == 0, FALSE);

  target = resolve_target (file, FALSE, error);
  if (target == NULL)
    return FALSE;
  /* GIO writes a temporary file in the target's folder, flushes it and renames it over
   * the target (keeping its permissions): a reader sees the old contents or the new,
   * never half of them, and the link pointing here stays.  A failed write never renames. */
  if (!g_file_query_exists (target, NULL))
    ok = write_new (target, contents, length, &local);
  else
    {
      out = g_file_replace (target, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &local);
      ok = out != NULL && _kiela_file_write_and_commit (G_OUTPUT_STREAM (out), contents, length, &local);
    }
  if (!ok)
    {
      g_autofree char *display = display_name (file);
      /* TRANSLATORS: the first %s is a file name, the second why, such as "the disk is full" */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Could not save “%s”: %s"), display,
                   _kiela_file_write_reason (local));
      return FALSE;
    }
  return TRUE;
}

/* Why a file of this mode is not read as a regular file; NULL when it is one (the same
 * words as non_regular_reason()). */
static const char *
non_regular_mode_reason (mode_t mode)
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

static void
set_errno_error (GError **error, const char *path, int saved)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("%s: cannot be read: %s"),
               display, g_strerror (saved));
}

static void
set_too_large (GError **error, const char *path, gsize max_size)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *limit = g_format_size_full (max_size, G_FORMAT_SIZE_IEC_UNITS);

  g_set_error (error, KIELA_ERROR, KIELA_ERROR_TOO_LARGE, _("%s: it is too large (more than %s)"), display, limit);
}

gboolean
kiela_file_read_bounded (const char *path, gsize max_size, char **contents, gsize *length, GError **error)
{
  g_autofree char *data = NULL;
  const char *why;
  GStatBuf st;
  gsize n = 0;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (contents != NULL, FALSE);
  g_return_val_if_fail (max_size < G_MAXSIZE - 1, FALSE);

  /* O_NONBLOCK: opening a named pipe would otherwise wait for a writer for ever. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;

      if (saved == EISDIR)
        {
          g_autofree char *display = g_filename_display_name (path);
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, "%s: %s", display, non_regular_mode_reason (S_IFDIR));
        }
      else
        set_errno_error (error, path, saved);
      return FALSE;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;
      g_close (fd, NULL);
      set_errno_error (error, path, saved);
      return FALSE;
    }
  why = non_regular_mode_reason (st.st_mode);
  if (why != NULL)
    {
      g_autofree char *display = g_filename_display_name (path);
      g_close (fd, NULL);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, "%s: %s", display, why);
      return FALSE;
    }
  /* Refused from its size alone: a sparse or huge file is never read. */
  if (st.st_size < 0 || (guint64) st.st_size > (guint64) max_size)
    {
      g_close (fd, NULL);
      set_too_large (error, path, max_size);
      return FALSE;
    }
  /* One byte more than allowed is asked for, so a file that grew meanwhile is caught. */
  data = g_malloc (MIN ((gsize) st.st_size, max_size) + 2);
  for (gsize room = (gsize) st.st_size + 1;;)
    {
      gssize got;

      if (n == room)
        {
          if (n > max_size)
            break;
          room = MIN (room * 2 + 64, max_size + 1);
          data = g_realloc (data, room + 1);
        }
      got = read (fd, data + n, room - n);
      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          int saved = errno;
          g_close (fd, NULL);
          set_errno_error (error, path, saved);
          return FALSE;
        }
      if (got == 0)
        break;
      n += (gsize) got;
    }
  g_close (fd, NULL);
  if (n > max_size)
    {
      set_too_large (error, path, max_size);
      return FALSE;
    }
  data[n] = '\0';
  *contents = g_steal_pointer (&data);
  if (length)
    *length = n;
  return TRUE;
}
