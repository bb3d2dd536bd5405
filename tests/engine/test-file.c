/* test-file.c: kiela_file_read_bounded, kiela_file_replace_contents_checked (a full disk included) and kiela_file_check_replaceable. */
/* unshare() for the full-disk test's own mount namespace (tests/test-full-disk.h). */
#define _GNU_SOURCE
#include "config.h"

#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

#include "kiela.h"
#include "kiela-file-private.h"
#include "tests/test-full-disk.h"

typedef struct {
  char *dir;
} Fixture;

static void
setup (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("kiela-file-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
}

static void
remove_tree (const char *path)
{
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
      const char *name;

      g_chmod (path, 0700);
      while (d && (name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
teardown (Fixture *f, gconstpointer data)
{
  remove_tree (f->dir);
  g_free (f->dir);
}

static char *
contents_of (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static gboolean
replace (const char *path, const char *text, GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return kiela_file_replace_contents_checked (file, text, strlen (text), error);
}

static gboolean
check (const char *path, GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return kiela_file_check_replaceable (file, error);
}

/* Nothing but the named file changes in the folder: no temporary file is left behind. */
static void
assert_entries (const char *dir, guint expected)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d) != NULL)
    n++;
  g_assert_cmpuint (n, ==, expected);
}

static void
test_new_and_existing (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "out.csv", NULL);
  g_autofree char *a = NULL, *b = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_true (check (path, &error));
  g_assert_no_error (error);
  assert_entries (f->dir, 0);   /* the check's probe file is gone */
  g_assert_true (replace (path, "one\n", &error));
  g_assert_no_error (error);
  a = contents_of (path);
  g_assert_cmpstr (a, ==, "one\n");

  /* An existing file keeps its permissions. */
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (replace (path, "two\n", &error));
  b = contents_of (path);
  g_assert_cmpstr (b, ==, "two\n");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  assert_entries (f->dir, 1);
}

/* A link to a regular file stays a link; its target gets the new contents. */
static void
test_symlink_kept (Fixture *f, gconstpointer data)
{
  g_autofree char *sub = g_build_filename (f->dir, "real", NULL);
  g_autofree char *target = g_build_filename (sub, "data.csv", NULL);
  g_autofree char *link = g_build_filename (f->dir, "link.csv", NULL);
  g_autofree char *link2 = g_build_filename (f->dir, "link2.csv", NULL);
  g_autofree char *dangling = g_build_filename (f->dir, "new.csv", NULL);
  g_autofree char *created = g_build_filename (sub, "created.csv", NULL);
  g_autofree char *text = NULL, *read_link = NULL, *text2 = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_true (g_file_set_contents (target, "old\n", -1, NULL));
  /* A relative link, then a link to that link. */
  g_assert_cmpint (symlink ("real/data.csv", link), ==, 0);
  g_assert_cmpint (symlink (link, link2), ==, 0);

  g_assert_true (check (link2, &error));
  g_assert_true (replace (link2, "new\n", &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_lstat (link2, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  read_link = g_file_read_link (link, NULL);
  g_assert_cmpstr (read_link, ==, "real/data.csv");
  text = contents_of (target);
  g_assert_cmpstr (text, ==, "new\n");
  assert_entries (sub, 1);

  /* A link to a file not there yet creates the file where the link points. */
  g_assert_cmpint (symlink ("real/created.csv", dangling), ==, 0);
  g_assert_true (replace (dangling, "made\n", &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (dangling, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  text2 = contents_of (created);
  g_assert_cmpstr (text2, ==, "made\n");
}

static void
assert_refused (const char *path, const char *part)
{
  g_autoptr(GError) e1 = NULL;
  g_autoptr(GError) e2 = NULL;

  g_assert_false (check (path, &e1));
  g_assert_error (e1, KIELA_ERROR, KIELA_ERROR_IO);
  g_assert_false (replace (path, "x", &e2));
  g_assert_error (e2, KIELA_ERROR, KIELA_ERROR_IO);
  if (strstr (e1->message, part) == NULL || strstr (e2->message, part) == NULL)
    g_error ("“%s” / “%s” do not mention “%s”", e1->message, e2->message, part);
}

/* Devices, pipes and folders are refused and left as they are, also behind a link. */
static void
test_non_regular_refused (Fixture *f, gconstpointer data)
{
  g_autofree char *fifo = g_build_filename (f->dir, "pipe", NULL);
  g_autofree char *to_fifo = g_build_filename (f->dir, "to-pipe.csv", NULL);
  g_autofree char *to_dir = g_build_filename (f->dir, "to-dir.csv", NULL);
  g_autofree char *loop = g_build_filename (f->dir, "loop.csv", NULL);
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_refused (fifo, "named pipe");
  g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  g_assert_cmpint (symlink (fifo, to_fifo), ==, 0);
  assert_refused (to_fifo, "named pipe");
  g_assert_cmpint (g_lstat (to_fifo, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));

  assert_refused (f->dir, "folder");
  g_assert_cmpint (symlink (f->dir, to_dir), ==, 0);
  assert_refused (to_dir, "folder");

  g_assert_cmpint (symlink ("loop.csv", loop), ==, 0);
  assert_refused (loop, "symbolic links");

  /* A device is only checked here (never written, whatever happens): /dev/null stays. */
  g_assert_false (check ("/dev/null", &error));
  g_assert_nonnull (strstr (error->message, "device"));
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
}

/* A folder that does not exist, or takes no new file, is refused by the check, before any work. */
static void
test_unwritable_refused_early (Fixture *f, gconstpointer data)
{
  g_autofree char *missing = g_build_filename (f->dir, "no-such-folder", "out.csv", NULL);
  g_autofree char *locked = g_build_filename (f->dir, "locked", NULL);
  g_autofree char *in_locked = g_build_filename (locked, "out.csv", NULL);

  assert_refused (missing, "does not exist");
  /* /proc/self takes no new file, even for root. */
  {
    g_autoptr(GError) error = NULL;
    g_assert_false (check ("/proc/self/kiela-out.csv", &error));
    g_assert_error (error, KIELA_ERROR, KIELA_ERROR_IO);
    g_assert_nonnull (strstr (error->message, "/proc/self/kiela-out.csv"));
  }
  /* A read-only folder, for anyone but root (whom permissions do not stop). */
  g_assert_cmpint (g_mkdir (locked, 0500), ==, 0);
  if (geteuid () != 0)
    assert_refused (in_locked, "cannot create a file");
  else
    g_test_message ("running as root: the read-only folder case is covered by /proc/self only");
}

/* Reads back exactly what was written, the nul after it, through a link too; an empty
 * file and one of exactly the limit are accepted. */
static void
test_read_bounded_regular (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "a.txt", NULL);
  g_autofree char *link = g_build_filename (f->dir, "link.txt", NULL);
  g_autofree char *empty = g_build_filename (f->dir, "empty.txt", NULL);
  const char text[] = "one\0two\nthree";
  g_autoptr(GError) error = NULL;
  g_autofree char *got = NULL, *via_link = NULL, *none = NULL;
  gsize length = 99;

  g_assert_true (g_file_set_contents (path, text, sizeof text - 1, NULL));
  g_assert_true (kiela_file_read_bounded (path, sizeof text - 1, &got, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, sizeof text - 1);
  g_assert_cmpmem (got, length, text, sizeof text - 1);
  g_assert_cmpint (got[length], ==, '\0');

  g_assert_cmpint (symlink ("a.txt", link), ==, 0);
  g_assert_true (kiela_file_read_bounded (link, 4096, &via_link, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (via_link, sizeof text - 1, text, sizeof text - 1);

  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_true (kiela_file_read_bounded (empty, 0, &none, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, 0);
  g_assert_cmpstr (none, ==, "");
}

static void
assert_read_refused (const char *path, gsize max_size, GQuark domain, int code, const char *says)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *display = g_filename_display_name (path);
  char *contents = (char *) "untouched";
  gsize length = 7;

  g_assert_false (kiela_file_read_bounded (path, max_size, &contents, &length, &error));
  g_assert_error (error, domain, code);
  g_assert_cmpstr (contents, ==, "untouched");
  g_assert_cmpuint (length, ==, 7);
  if (!g_str_has_prefix (error->message, display) || strstr (error->message, says) == NULL)
    g_error ("reading %s said “%s”, not “%s: … %s”", path, error->message, display, says);
}

/* What a user's folder may hold instead of a small regular file: each refused at once, with
 * the file named and its kind said; nothing is returned. */
static void
test_read_bounded_refused (Fixture *f, gconstpointer data)
{
  g_autofree char *fifo = g_build_filename (f->dir, "pipe", NULL);
  g_autofree char *zero = g_build_filename (f->dir, "zero", NULL);
  g_autofree char *folder = g_build_filename (f->dir, "folder", NULL);
  g_autofree char *missing = g_build_filename (f->dir, "missing", NULL);
  g_autofree char *big = g_build_filename (f->dir, "big", NULL);
  g_autofree char *sparse = g_build_filename (f->dir, "sparse", NULL);
  FILE *out;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (big, "0123456789", 10, NULL));
  out = fopen (sparse, "w");
  g_assert_nonnull (out);
  g_assert_cmpint (fseeko (out, (off_t) 1 << 32, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('x', out), !=, EOF);
  fclose (out);

  /* A named pipe without a writer: a blocking open would never return. */
  assert_read_refused (fifo, 1024, KIELA_ERROR, KIELA_ERROR_IO, "it is a named pipe, not a regular file");
  assert_read_refused (zero, 1024, KIELA_ERROR, KIELA_ERROR_IO, "it is a device, not a regular file");
  assert_read_refused ("/dev/zero", 1024, KIELA_ERROR, KIELA_ERROR_IO, "it is a device, not a regular file");
  assert_read_refused (folder, 1024, KIELA_ERROR, KIELA_ERROR_IO, "it is a folder");
  assert_read_refused (missing, 1024, G_FILE_ERROR, G_FILE_ERROR_NOENT, "cannot be read");
  /* One byte over the limit, and a sparse 4 GiB file refused from its size alone. */
  assert_read_refused (big, 9, KIELA_ERROR, KIELA_ERROR_TOO_LARGE, "it is too large (more than 9 bytes)");
  assert_read_refused (sparse, 64 * 1024, KIELA_ERROR, KIELA_ERROR_TOO_LARGE, "it is too large (more than 64.0");
  if (geteuid () != 0)
    {
      g_assert_cmpint (g_chmod (big, 0), ==, 0);
      assert_read_refused (big, 1024, G_FILE_ERROR, G_FILE_ERROR_ACCES, "cannot be read");
    }
}

/* Bytes that differ from one save to the next, so that a torn file cannot pass for either. */
static char *
make_text (gsize length, char fill)
{
  char *text = g_malloc (length + 1);

  memset (text, fill, length);
  for (gsize i = 0; i < length; i += 100)
    text[i] = '\n';
  text[length] = '\0';
  return text;
}

static void
assert_contents (const char *path, const char *expected)
{
  g_autofree char *now = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &now, &length, NULL));
  g_assert_cmpuint (length, ==, strlen (expected));
  g_assert_true (memcmp (now, expected, length) == 0);
}

/* A save on a full disk fails with "the disk is full" and leaves the old file byte for byte,
 * with no temporary beside it; the same save succeeds once there is room. */
static void
test_full_disk_keeps_old (Fixture *f, gconstpointer data)
{
  char *disk = kiela_test_mount_small_disk (512 * 1024);
  g_autofree char *path = NULL;
  g_autofree char *old = make_text (20000, 'o');
  g_autofree char *big = make_text (200000, 'n');
  g_autoptr(GError) error = NULL;

  if (disk == NULL)
    return;
  path = g_build_filename (disk, "lesson.kiela", NULL);
  g_assert_true (replace (path, old, &error));
  g_assert_no_error (error);

  /* Room for part of the new contents only: the write fails midway. */
  kiela_test_fill_disk (disk, 64 * 1024);
  g_assert_false (replace (path, big, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "lesson.kiela"));
  g_assert_nonnull (strstr (error->message, "the disk is full"));
  g_clear_error (&error);
  assert_contents (path, old);
  assert_entries (disk, 2);   /* the file and the filler: the temporary is gone */

  /* A disk with no room at all: the first byte fails. */
  kiela_test_fill_disk (disk, 0);
  g_assert_false (replace (path, big, &error));
  g_assert_nonnull (strstr (error->message, "the disk is full"));
  g_clear_error (&error);
  assert_contents (path, old);
  assert_entries (disk, 2);

  /* Nor a new file on the full disk. */
  {
    g_autofree char *fresh = g_build_filename (disk, "new.kiela", NULL);
    kiela_test_fill_disk (disk, 64 * 1024);
    g_assert_false (replace (fresh, big, &error));
    g_assert_nonnull (strstr (error->message, "the disk is full"));
    g_clear_error (&error);
    g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));
    assert_entries (disk, 2);
  }
  {
    g_autofree char *filler = g_build_filename (disk, "filler", NULL);
    g_assert_cmpint (g_unlink (filler), ==, 0);
  }
  g_assert_true (replace (path, big, &error));
  g_assert_no_error (error);
  assert_contents (path, big);
  kiela_test_unmount_small_disk (disk);
}

/* The same through a file-size limit, which any user can set: the write fails with EFBIG
 * partway and the target keeps its old contents. */
static void
test_write_fault_keeps_old (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "game.kiela", NULL);
  g_autofree char *old = make_text (3000, 'o');
  g_autofree char *big = make_text (100000, 'n');
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_assert_true (replace (path, old, &error));
  kiela_test_limit_file_size (16 * 1024);
  ok = replace (path, big, &error);
  kiela_test_unlimit_file_size ();
  g_assert_false (ok);
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "game.kiela"));
  assert_contents (path, old);
  assert_entries (f->dir, 1);

  /* A file that did not exist is not created half-written. */
  {
    g_autofree char *fresh = g_build_filename (f->dir, "new.kiela", NULL);
    g_clear_error (&error);
    kiela_test_limit_file_size (16 * 1024);
    ok = replace (fresh, big, &error);
    kiela_test_unlimit_file_size ();
    g_assert_false (ok);
    g_assert_error (error, KIELA_ERROR, KIELA_ERROR_IO);
    g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));
    assert_entries (f->dir, 1);
  }
}

/* A stream that takes `budget` bytes, then fails as a full disk does, and remembers how it was closed. */
typedef struct {
  GOutputStream parent;
  gsize budget;
  gsize taken;
  gboolean fail_close;
  int closes;
  gboolean closed_cancelled;
} FaultStream;
typedef GOutputStreamClass FaultStreamClass;
static GType fault_stream_get_type (void);
G_DEFINE_TYPE (FaultStream, fault_stream, G_TYPE_OUTPUT_STREAM)

static gssize
fault_stream_write (GOutputStream *stream, const void *buffer, gsize count, GCancellable *cancellable, GError **error)
{
  FaultStream *self = (FaultStream *) stream;
  gsize n = MIN (count, self->budget - self->taken);

  if (n == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "No space left on device");
      return -1;
    }
  self->taken += n;
  return (gssize) n;
}

static gboolean
fault_stream_close (GOutputStream *stream, GCancellable *cancellable, GError **error)
{
  FaultStream *self = (FaultStream *) stream;

  self->closes++;
  self->closed_cancelled = g_cancellable_is_cancelled (cancellable);
  if (self->closed_cancelled)
    return !g_cancellable_set_error_if_cancelled (cancellable, error);
  if (self->fail_close)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "No space left on device");
      return FALSE;
    }
  return TRUE;
}

static void
fault_stream_class_init (FaultStreamClass *klass)
{
  klass->write_fn = fault_stream_write;
  klass->close_fn = fault_stream_close;
}

static void
fault_stream_init (FaultStream *self)
{
}

/* The writer commits a stream only when every byte went in, and aborts it (a close through a
 * cancelled GCancellable, which for a replace stream deletes the temporary) otherwise. */
static void
test_fault_stream_aborts (void)
{
  g_autofree char *text = make_text (10000, 'x');
  gsize budgets[] = { 0, 1, 4096, 9999 };

  for (guint i = 0; i < G_N_ELEMENTS (budgets); i++)
    {
      g_autoptr(GError) error = NULL;
      FaultStream *s = g_object_new (fault_stream_get_type (), NULL);

      s->budget = budgets[i];
      g_assert_false (_kiela_file_write_and_commit (G_OUTPUT_STREAM (s), text, strlen (text), &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_assert_cmpstr (_kiela_file_write_reason (error), ==, "the disk is full");
      g_assert_cmpint (s->closes, ==, 1);
      g_assert_true (s->closed_cancelled);
      g_object_unref (s);
    }
  /* Everything written: a plain close, which commits; its own failure is reported. */
  for (guint fail_close = 0; fail_close <= 1; fail_close++)
    {
      g_autoptr(GError) error = NULL;
      FaultStream *s = g_object_new (fault_stream_get_type (), NULL);

      s->budget = 10000;
      s->fail_close = fail_close;
      g_assert_cmpint (_kiela_file_write_and_commit (G_OUTPUT_STREAM (s), text, strlen (text), &error), ==, !fail_close);
      if (fail_close)
        g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      else
        g_assert_no_error (error);
      g_assert_cmpuint (s->taken, ==, 10000);
      g_assert_cmpint (s->closes, ==, 1);
      g_assert_false (s->closed_cancelled);
      g_object_unref (s);
    }
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/file/new-and-existing", Fixture, NULL, setup, test_new_and_existing, teardown);
  g_test_add ("/file/symlink-kept", Fixture, NULL, setup, test_symlink_kept, teardown);
  g_test_add ("/file/non-regular-refused", Fixture, NULL, setup, test_non_regular_refused, teardown);
  g_test_add ("/file/unwritable-refused-early", Fixture, NULL, setup, test_unwritable_refused_early, teardown);
  g_test_add ("/file/read-bounded/regular", Fixture, NULL, setup, test_read_bounded_regular, teardown);
  g_test_add ("/file/read-bounded/refused", Fixture, NULL, setup, test_read_bounded_refused, teardown);
  g_test_add ("/file/full-disk-keeps-old", Fixture, NULL, setup, test_full_disk_keeps_old, teardown);
  g_test_add ("/file/write-fault-keeps-old", Fixture, NULL, setup, test_write_fault_keeps_old, teardown);
  g_test_add_func ("/file/fault-stream-aborts", test_fault_stream_aborts);
  return g_test_run ();
}
