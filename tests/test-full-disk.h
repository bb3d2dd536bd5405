/* test-full-disk.h: a real disk that fills up (a small tmpfs) and a disk-full fault for any user (a file-size limit). */
/* To mount, include it after #define _GNU_SOURCE before any other header (for unshare()). */
#pragma once

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/statvfs.h>
#include <glib.h>
#include <glib/gstdio.h>
#ifdef __linux__
#include <sched.h>
#include <sys/mount.h>
#endif

/*
 * Mounts a tmpfs of `bytes` at a new temporary folder and returns the folder.  Where mounting is
 * refused (not root, a container without the right), the test is skipped, and says so on
 * stderr as well as in its TAP line: a full-disk test that did not run must not pass quietly.
 * The mount is made in a mount namespace of the test's own, so a test that dies midway leaves
 * no tmpfs mounted behind it.
 */
static inline char *
kiela_test_mount_small_disk (gsize bytes)
{
  char *dir = g_dir_make_tmp ("kiela-small-disk-XXXXXX", NULL);
  g_autofree char *options = g_strdup_printf ("size=%" G_GSIZE_FORMAT ",mode=0755", bytes);
  g_autofree char *reason = NULL;
  int saved = ENOSYS;

  g_assert_nonnull (dir);
#ifdef __linux__
#ifdef _GNU_SOURCE
  if (unshare (CLONE_NEWNS) == 0)
    mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);
#endif
  if (mount ("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, options) == 0)
    return dir;
  saved = errno;
#endif
  reason = g_strdup_printf ("FULL-DISK CASE NOT TESTED: cannot mount a %" G_GSIZE_FORMAT "-byte tmpfs at %s (%s); "
                            "run the tests as root (CI does)", bytes, dir, g_strerror (saved));
  g_printerr ("SKIP %s: %s\n", g_test_get_path (), reason);
  g_test_skip (reason);
  g_rmdir (dir);
  g_free (dir);
  return NULL;
}

/* Unmounts what kiela_test_mount_small_disk() mounted (with whatever is left on it) and removes the folder. */
static inline void
kiela_test_unmount_small_disk (char *dir)
{
  if (dir == NULL)
    return;
#ifdef __linux__
  g_assert_cmpint (umount2 (dir, MNT_DETACH), ==, 0);
#endif
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (dir);
}

/* Fills the disk holding `dir` with a file `filler` until at most `leave` bytes are free. */
static inline void
kiela_test_fill_disk (const char *dir, gsize leave)
{
  g_autofree char *filler = g_build_filename (dir, "filler", NULL);
  static char block[4096];
  struct statvfs vfs;
  FILE *f = fopen (filler, "ab");
  guint64 free_bytes;

  g_assert_nonnull (f);
  g_assert_cmpint (statvfs (dir, &vfs), ==, 0);
  free_bytes = (guint64) vfs.f_bavail * vfs.f_frsize;
  for (guint64 put = 0; put + sizeof block + leave <= free_bytes; put += sizeof block)
    if (fwrite (block, 1, sizeof block, f) != sizeof block)
      break;
  fclose (f);
  g_assert_cmpint (statvfs (dir, &vfs), ==, 0);
  g_assert_cmpuint ((guint64) vfs.f_bavail * vfs.f_frsize, <=, leave + sizeof block);
}

/*
 * Lets this process write files of at most `bytes` (RLIMIT_FSIZE): a longer write fails as on
 * a full disk, for any user and on any file system.  kiela_test_unlimit_file_size() undoes it.
 */
static inline void
kiela_test_limit_file_size (rlim_t bytes)
{
  struct rlimit limit;

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  limit.rlim_cur = bytes;
  signal (SIGXFSZ, SIG_IGN);   /* the write fails with EFBIG instead of killing the process */
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
}

static inline void
kiela_test_unlimit_file_size (void)
{
  struct rlimit limit;

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  limit.rlim_cur = limit.rlim_max;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  signal (SIGXFSZ, SIG_DFL);
}
