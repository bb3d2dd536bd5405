/* kiela-game-file.c: game records on disk through GIO.  Saves replace the file atomically; loads
 * go through the engine's loader, which looks before it reads; the autosave folder is cleaned of
 * what an interrupted save left. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kiela-game-file.h"

gboolean
kiela_game_file_save (KielaGameTree *tree, GFile *file, GError **error)
{
  /* GIO writes a temporary file beside `file` and renames it over it when complete, so a crash
   * or a full disk leaves either the old record or the new one, never half of one. */
  return kiela_record_tree_save_file (tree, file, NULL, error);
}

KielaGameTree *
kiela_game_file_load (KielaRegistry *registry, GFile *file, GError **error)
{
  /* The engine refuses folders, pipes and devices without blocking on them. */
  return kiela_record_tree_load_file (registry, file, NULL, error);
}

KielaGameTree *
kiela_game_file_load_autosave (KielaRegistry *registry, GFile *autosave, char **message, gboolean *disable)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *stamp = NULL;
  g_autofree char *aside = NULL;
  KielaGameTree *game;

  *message = NULL;
  *disable = FALSE;
  if (!g_file_query_exists (autosave, NULL))
    return NULL;
  game = kiela_game_file_load (registry, autosave, &error);
  if (game != NULL)
    return game;

  /* Keep the broken file for inspection; never let the new game overwrite it. */
  now = g_date_time_new_now_local ();
  stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  aside = g_strdup_printf ("%s.corrupt-%s", g_file_peek_path (autosave), stamp);
  if (g_rename (g_file_peek_path (autosave), aside) != 0)
    {
      *message = g_strdup_printf (_("The autosaved game could not be read (%s), nor moved aside: %s. "
                                    "Autosave is off until it is fixed."), error->message, g_strerror (errno));
      *disable = TRUE;
    }
  else
    *message = g_strdup_printf (_("The autosaved game could not be read (%s). It was kept as %s; "
                                  "a new game has started."), error->message, aside);
  return NULL;
}

/* What counts as a temporary of ours: GIO's replace (".goutputstream-XXXXXX"),
 * g_file_set_contents ("autosave.kiela.XXXXXX", older versions and the engine's saver) and the
 * engine's first write of a new file (".autosave.kiela.1234abcd", kiela-file.c). */
static gboolean
is_temporary_name (const char *name, const char *target)
{
  const char *tail = NULL;
  gsize target_len = strlen (target);
  gsize tail_len = 6;

  if (g_str_has_prefix (name, ".goutputstream-"))
    tail = name + strlen (".goutputstream-");
  else if (strncmp (name, target, target_len) == 0 && name[target_len] == '.')
    tail = name + target_len + 1;
  else if (name[0] == '.' && strncmp (name + 1, target, target_len) == 0 && name[target_len + 1] == '.')
    {
      tail = name + target_len + 2;
      tail_len = 8;
    }
  if (tail == NULL || strlen (tail) != tail_len)
    return FALSE;
  for (const char *c = tail; *c; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

guint
kiela_game_file_remove_stale_temporaries (GFile *autosave, gint64 before_us)
{
  g_autoptr(GFile) dir = g_file_get_parent (autosave);
  g_autofree char *target = g_file_get_basename (autosave);
  g_autoptr(GFileEnumerator) children = NULL;
  guint removed = 0;

  if (dir == NULL)
    return 0;
  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                        G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  if (children == NULL)
    return 0;
  for (;;)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;
      g_autoptr(GDateTime) mtime = NULL;
      gint64 mtime_us;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, NULL) || info == NULL)
        break;
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR
          || !is_temporary_name (g_file_info_get_name (info), target))
        continue;
      /* A save still running in another instance of the app is newer than this process. */
      mtime = g_file_info_get_modification_date_time (info);
      if (mtime == NULL)
        continue;
      mtime_us = g_date_time_to_unix (mtime) * G_USEC_PER_SEC + g_date_time_get_microsecond (mtime);
      if (mtime_us < before_us && g_file_delete (child, NULL, NULL))
        removed++;
    }
  return removed;
}

GFile *
kiela_game_file_claim_autosave (const char *dir, int *lock_fd, guint *slot)
{
  g_return_val_if_fail (dir != NULL && lock_fd != NULL, NULL);

  *lock_fd = -1;
  if (slot)
    *slot = 1;
  /* The folder may not exist yet (a first start): the lock files go into it. */
  g_mkdir_with_parents (dir, 0700);
  for (guint n = 1; n <= KIELA_GAME_FILE_AUTOSAVE_SLOTS; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup ("autosave.kiela") : g_strdup_printf ("autosave-%u.kiela", n);
      g_autofree char *lock_name = g_strconcat (name, ".lock", NULL);
      g_autofree char *lock_path = g_build_filename (dir, lock_name, NULL);
      int fd = g_open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);

      if (fd < 0)
        break;   /* an unwritable folder: autosave as before, the autosave says why it fails */
      if (flock (fd, LOCK_EX | LOCK_NB) == 0)
        {
          *lock_fd = fd;
          if (slot)
            *slot = n;
          return g_file_new_build_filename (dir, name, NULL);
        }
      close (fd);
      if (errno != EWOULDBLOCK)
        break;   /* a file system without locks: as before */
    }
  return g_file_new_build_filename (dir, "autosave.kiela", NULL);
}
