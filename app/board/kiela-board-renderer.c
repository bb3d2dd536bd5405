/* kiela-board-renderer.c: librsvg rasterising of the board and its sprites into images cached per size and scale. */
#include "config.h"

#include <stdlib.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#endif
#include <glib/gstdio.h>

#include "kiela-board-renderer.h"

/* Where rasterised boards are kept between runs (NULL: nowhere); see kiela_board_renderer_set_cache_dir. */
static char *disk_cache_dir;

/* One rasterised piece of artwork.  The cairo renderer paints the image surface directly;
 * GL renderers get a texture made once from the same pixels. */
typedef struct {
  cairo_surface_t *surface;
  GdkTexture *texture;
} Image;

/* Artwork rendered for one size: only a change of size, scale or file count replaces it. */
typedef struct {
  guint files;
  int bg_width, bg_height;  /* device pixels */
  Image bg;
  int cell_px;              /* device pixels of one cell: sprites are rendered for it */
  Image sprites[KIELA_BOARD_SPRITE_N];
} Art;

struct _KielaBoardRenderer
{
  GObject parent_instance;

  /* The generated board artwork, built once per file count and parsed only when it must be
   * rasterised (not when the disk cache has the image). */
  char *board_svg;
  RsvgHandle *board_handle;
  guint board_files;

  /* The artwork shown, and that of the size before, kept: maximizing and restoring a window
   * (or a resize and back) go between two sizes, and rasterising the board anew at 1920 px
   * takes a frame well over 16 ms.  The two cost about 4 MB each at 1920×1080. */
  Art art, previous;

  /* Rasterising in a worker thread (kiela_board_renderer_request): the job whose result will be
   * shown, and every job not yet ended (Job, below). */
  struct _Job *pending;
  GList *jobs;

  guint renders;
};

G_DEFINE_FINAL_TYPE (KielaBoardRenderer, kiela_board_renderer, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
kiela_board_painter_begin (KielaBoardPainter *painter, GtkSnapshot *snapshot, gboolean use_cairo,
                           const graphene_rect_t *bounds)
{
  painter->snapshot = snapshot;
  painter->cr = use_cairo ? gtk_snapshot_append_cairo (snapshot, bounds) : NULL;
}

void
kiela_board_painter_end (KielaBoardPainter *painter)
{
  g_clear_pointer (&painter->cr, cairo_destroy);
}

/* Rasterises `handle` into a new image of width×height pixels: from any thread, with a handle
 * only that thread uses. */
static void
rasterise (RsvgHandle *handle, int width, int height, Image *out)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport;

  width = MAX (width, 1);
  height = MAX (height, 1);
  viewport = (RsvgRectangle) { 0, 0, width, height };
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  if (!rsvg_handle_render_document (handle, cr, &viewport, &error))
    g_warning ("Could not draw the board artwork: %s", error->message);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  out->surface = surface;
  out->texture = NULL;
}

static void
render_handle (KielaBoardRenderer *self, RsvgHandle *handle, int width, int height, Image *out)
{
  rasterise (handle, width, height, out);
  self->renders++;
}

static GdkTexture *
image_texture (Image *image)
{
  if (image->texture == NULL && image->surface != NULL)
    {
      int height = cairo_image_surface_get_height (image->surface);
      int stride = cairo_image_surface_get_stride (image->surface);
      /* Cairo's ARGB32 is premultiplied native-endian, which is GDK_MEMORY_DEFAULT: no copy. */
      g_autoptr(GBytes) bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (image->surface),
                                                            (gsize) stride * height,
                                                            (GDestroyNotify) cairo_surface_destroy,
                                                            cairo_surface_reference (image->surface));

      image->texture = gdk_memory_texture_new (cairo_image_surface_get_width (image->surface), height,
                                               GDK_MEMORY_DEFAULT, bytes, stride);
    }
  return image->texture;
}

static void
image_clear (Image *image)
{
  g_clear_object (&image->texture);
  g_clear_pointer (&image->surface, cairo_surface_destroy);
}

static void
art_clear (Art *art)
{
  image_clear (&art->bg);
  for (guint i = 0; i < KIELA_BOARD_SPRITE_N; i++)
    image_clear (&art->sprites[i]);
  *art = (Art) { 0 };
}

static void
paint_image (KielaBoardPainter *painter, Image *image, float x, float y, float w, float h)
{
  if (painter->cr != NULL)
    {
      cairo_t *cr = painter->cr;
      int sw = cairo_image_surface_get_width (image->surface);
      int sh = cairo_image_surface_get_height (image->surface);
      double dx = x, dy = y, dw = w, dh = h;

      cairo_save (cr);
      /* The images are rasterised at the size they are shown, up to the rounding to whole
       * pixels: drawn one image pixel to one device pixel, at a whole device pixel, pixman
       * copies them instead of filtering every pixel (several times faster, and sharper). */
      cairo_user_to_device (cr, &dx, &dy);
      cairo_user_to_device_distance (cr, &dw, &dh);
      if (fabs (dw - sw) <= 1.0 && fabs (dh - sh) <= 1.0)
        {
          double ux = 1, uy = 1;

          dx = round (dx);
          dy = round (dy);
          cairo_device_to_user (cr, &dx, &dy);
          cairo_device_to_user_distance (cr, &ux, &uy);
          cairo_translate (cr, dx, dy);
          cairo_scale (cr, ux, uy);
        }
      else
        {
          cairo_translate (cr, x, y);
          cairo_scale (cr, w / sw, h / sh);
        }
      cairo_set_source_surface (cr, image->surface, 0, 0);
      /* Not 1:1, the image is stretched: only for the frames of a resize, until the artwork is
       * rendered at the new size.  Bilinear: cairo's default filter (GOOD) convolves every pixel
       * of a downscaled image, tens of milliseconds at 1920 px, and on X11 it is not done by the
       * server but by reading the window's pixels back. */
      if (!(fabs (dw - sw) <= 1.0 && fabs (dh - sh) <= 1.0))
        cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
      cairo_paint (cr);
      cairo_restore (cr);
    }
  else
    gtk_snapshot_append_texture (painter->snapshot, image_texture (image), &GRAPHENE_RECT_INIT (x, y, w, h));
}

static void
ensure_board_svg (KielaBoardRenderer *self, guint files)
{
  if (self->board_svg == NULL || self->board_files != files)
    {
      g_clear_object (&self->board_handle);
      g_free (self->board_svg);
      self->board_svg = kiela_board_scene_build_svg (files);
      self->board_files = files;
    }
}

static RsvgHandle *
get_board_handle (KielaBoardRenderer *self, guint files)
{
  ensure_board_svg (self, files);
  if (self->board_handle == NULL)
    self->board_handle = kiela_board_art_parse_board (self->board_svg);
  return self->board_handle;
}

/*
 * The disk cache: rasterising the board takes most of the time to the first frame (about a
 * third of a second at 1920 px on a loaded machine), and the window usually opens at the size
 * it had, so the last image of each file count is kept as raw pixels under the user's cache
 * directory.  A file is a header (magic, the SHA-1 of the SVG text, the size and the librsvg and
 * cairo versions that drew it, the stride, a checksum of the pixels) then the rows.  Anything
 * that does not match exactly (another version, another size, a file cut short or longer, pixels
 * damaged on disk, a pipe or a folder in its place) is a miss: the board is rasterised as before
 * and the file replaced.
 */
#define DISK_MAGIC "KIELABG2"

typedef struct {
  char magic[8];
  char key[64];       /* NUL-terminated SHA-1 in hex of the SVG, size and library versions */
  guint32 width, height, stride;
  guint32 reserved;   /* 0: keeps `pixels_sum` aligned with no padding for memcmp() to see */
  guint64 pixels_sum; /* pixels_sum() of the rows */
} DiskHeader;

G_STATIC_ASSERT (sizeof (DiskHeader) == 8 + 64 + 4 * 4 + 8);

/* A checksum of the rows, cheap next to reading them (one multiply a word): a flipped bit
 * anywhere changes it, so damaged pixels are never drawn. */
static guint64
pixels_sum (const guchar *data, gsize size)
{
  guint64 h = 0xcbf29ce484222325u;
  gsize i = 0;

  for (; i + 8 <= size; i += 8)
    {
      guint64 w;

      memcpy (&w, data + i, 8);
      h = (h ^ w) * 0x100000001b3u;
    }
  for (; i < size; i++)
    h = (h ^ data[i]) * 0x100000001b3u;
  return h ^ (h >> 29);
}

static void
disk_key (const char *svg, int width, int height, char key[64])
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA1);
  g_autofree char *extra = g_strdup_printf ("\n%d×%d rsvg %d.%d.%d cairo %s", width, height, LIBRSVG_MAJOR_VERSION,
                                            LIBRSVG_MINOR_VERSION, LIBRSVG_MICRO_VERSION, cairo_version_string ());

  g_checksum_update (sum, (const guchar *) svg, -1);
  g_checksum_update (sum, (const guchar *) extra, -1);
  memset (key, 0, 64);
  g_strlcpy (key, g_checksum_get_string (sum), 64);
}

/* The cache file of boards of `files` files, or NULL without a cache directory. */
static char *
disk_path (guint files)
{
  g_autofree char *name = g_strdup_printf ("board-%u.argb", files);

  return disk_cache_dir != NULL ? g_build_filename (disk_cache_dir, name, NULL) : NULL;
}

/* Reads exactly `size` bytes. */
static gboolean
read_full (int fd, void *buf, gsize size)
{
  guchar *p = buf;

  while (size > 0)
    {
      gssize n = read (fd, p, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n;
      size -= (gsize) n;
    }
  return TRUE;
}

/* Reads the board `svg` drawn at width×height from the cache file `path` (NULL: none), or NULL
 * on any miss.  From any thread. */
static cairo_surface_t *
disk_load (const char *path, const char *svg, int width, int height)
{
  cairo_surface_t *surface;
  DiskHeader header, want = { DISK_MAGIC, { 0 }, (guint32) width, (guint32) height,
                                (guint32) cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width), 0, 0 };
  gsize rows = (gsize) want.stride * (gsize) height;
  struct stat st;
  gboolean ok;
  int fd;

  if (path == NULL)
    return NULL;
  /* Without blocking: a named pipe in the file's place would hang the start. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    return NULL;
  disk_key (svg, width, height, want.key);
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || (guint64) st.st_size != sizeof header + (guint64) rows
      || !read_full (fd, &header, sizeof header) || memcmp (&header, &want, offsetof (DiskHeader, pixels_sum)) != 0)
    {
      g_close (fd, NULL);
      return NULL;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  ok = cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS
       && (guint32) cairo_image_surface_get_stride (surface) == want.stride
       && read_full (fd, cairo_image_surface_get_data (surface), rows)
       && pixels_sum (cairo_image_surface_get_data (surface), rows) == header.pixels_sum;
  g_close (fd, NULL);
  if (!ok)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}

/* Writes `surface`, the board `svg` drawn, to the cache file `path`.  From any thread: the file is
 * replaced whole (a new file renamed over it), so two writers never mix their pixels. */
static void
disk_write (const char *path, const char *svg, cairo_surface_t *surface)
{
  DiskHeader header = { DISK_MAGIC, { 0 }, 0, 0, 0, 0, 0 };
  gsize rows;
  g_autofree char *buffer = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  cairo_surface_flush (surface);
  disk_key (svg, cairo_image_surface_get_width (surface), cairo_image_surface_get_height (surface), header.key);
  header.width = (guint32) cairo_image_surface_get_width (surface);
  header.height = (guint32) cairo_image_surface_get_height (surface);
  header.stride = (guint32) cairo_image_surface_get_stride (surface);
  rows = (gsize) header.stride * header.height;
  header.pixels_sum = pixels_sum (cairo_image_surface_get_data (surface), rows);
  buffer = g_malloc (sizeof header + rows);
  memcpy (buffer, &header, sizeof header);
  memcpy (buffer + sizeof header, cairo_image_surface_get_data (surface), rows);
  /* A cache: failing to write it only costs the next start its time, so it is not an error. */
  if (g_mkdir_with_parents (dir, 0700) != 0)
    g_debug ("Could not create %s: %s", dir, g_strerror (errno));
  else if (!g_file_set_contents_full (path, buffer, (gssize) (sizeof header + rows),
                                      G_FILE_SET_CONTENTS_CONSISTENT, 0600, &error))
    g_debug ("Could not keep the board image: %s", error->message);
}

typedef struct {
  char *path;
  char *svg;
  cairo_surface_t *surface;
} DiskSave;

static gboolean
disk_save_idle (gpointer data)
{
  DiskSave *save = data;

  disk_write (save->path, save->svg, save->surface);
  g_free (save->path);
  g_free (save->svg);
  cairo_surface_destroy (save->surface);
  g_free (save);
  return G_SOURCE_REMOVE;
}

/* Writes the image after the frames in flight: the first frame does not wait for the disk. */
static void
disk_save_later (KielaBoardRenderer *self, cairo_surface_t *surface)
{
  DiskSave *save;

  if (disk_cache_dir == NULL)
    return;
  save = g_new0 (DiskSave, 1);
  save->path = disk_path (self->board_files);
  save->svg = g_strdup (self->board_svg);
  save->surface = cairo_surface_reference (surface);
  g_idle_add_full (G_PRIORITY_LOW, disk_save_idle, save, NULL);
}

void
kiela_board_renderer_set_cache_dir (const char *dir)
{
  g_free (disk_cache_dir);
  disk_cache_dir = g_strdup (dir);
}

static void
sizes_for (const KielaBoardLayout *layout, int device_scale, int *bg_width, int *bg_height, int *cell_px)
{
  *bg_width = (int) ceil (layout->width * device_scale);
  *bg_height = (int) ceil (layout->height * device_scale);
  *cell_px = (int) round (KIELA_BOARD_CELL * layout->scale * device_scale);
}

gboolean
kiela_board_renderer_matches (KielaBoardRenderer *self, const KielaBoardLayout *layout, int device_scale)
{
  int bg_width, bg_height, cell_px;

  g_return_val_if_fail (KIELA_IS_BOARD_RENDERER (self), FALSE);

  sizes_for (layout, device_scale, &bg_width, &bg_height, &cell_px);
  return self->art.bg.surface != NULL && self->art.files == layout->files
         && self->art.bg_width == bg_width && self->art.bg_height == bg_height;
}

/* Back to the size before, if `previous` is for it: its artwork is at hand. */
static gboolean
take_previous (KielaBoardRenderer *self, guint files, int bg_width, int bg_height, int cell_px)
{
  Art shown = self->art;

  if (self->previous.bg.surface == NULL || self->previous.files != files || self->previous.bg_width != bg_width
      || self->previous.bg_height != bg_height || self->previous.cell_px != cell_px)
    return FALSE;
  self->art = self->previous;
  self->previous = shown;
  return TRUE;
}

/* Shows `art`, keeping the artwork shown so far as the previous size's. */
static void
install_art (KielaBoardRenderer *self, Art *art)
{
  art_clear (&self->previous);
  self->previous = self->art;
  self->art = *art;
  *art = (Art) { 0 };
  if (self->previous.cell_px == self->art.cell_px)
    /* The same cells (a board only wider or taller): the sprites serve both sizes. */
    for (guint i = 0; i < KIELA_BOARD_SPRITE_N; i++)
      if (self->art.sprites[i].surface == NULL)
        {
          self->art.sprites[i] = self->previous.sprites[i];
          self->previous.sprites[i] = (Image) { 0 };
        }
}

/* ---------------------------------------------------------------------------------------------
 * Rasterising in a worker thread
 *
 * The board at 1920×1080 takes 70–110 ms to rasterise: on the main thread, the frame that needs
 * it.  kiela_board_renderer_request() gives that to a thread of its own, which reads the disk
 * cache or rasterises the board, and renders the sprites in use at the new cell size, each from
 * a handle it parses itself (librsvg's handles are not shared between threads); meanwhile the
 * artwork shown stays and is drawn stretched.  The result is installed on the main context,
 * where "changed" is emitted.  A job holds copies of what it reads and never touches the
 * renderer: the renderer going, or another size asked for, only marks the job cancelled, and its
 * result is then freed on the main context.
 */
typedef struct _Job {
  KielaBoardRenderer *owner;   /* main context only; NULL once the renderer is finalized */
  GMainContext *context;
  int cancelled;               /* atomic: the result will not be used */
  char *svg;
  char *cache_path;            /* NULL: no disk cache */
  guint sprites;               /* bit i: render sprite i at cell_px */
  Art art;                     /* what the job makes: files, sizes, then the images */
  guint renders;
} Job;

/* Jobs started and not yet freed, in every renderer (tests wait for them to end). */
static int jobs_alive;

/* Threads still at work (a job's thread ends before the job is freed on the main context).  The
 * process must not exit under one: exit() tears down cairo, fontconfig and librsvg while the
 * thread still rasterises with them (a test that ended just after a resize crashed so, once in
 * about forty runs).  An atexit handler, registered with the first thread, waits for them. */
static int threads_running;
static GMutex threads_lock;
static GCond threads_cond;

static void
wait_for_threads_at_exit (void)
{
  kiela_board_renderer_wait_threads (5000);
}

static void
thread_started (void)
{
  static gsize registered = 0;

  if (g_once_init_enter (&registered))
    {
      atexit (wait_for_threads_at_exit);
      g_once_init_leave (&registered, 1);
    }
  g_mutex_lock (&threads_lock);
  threads_running++;
  g_mutex_unlock (&threads_lock);
}

static void
thread_ended (void)
{
  g_mutex_lock (&threads_lock);
  threads_running--;
  g_cond_broadcast (&threads_cond);
  g_mutex_unlock (&threads_lock);
}

gboolean
kiela_board_renderer_wait_threads (guint timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  gboolean done;

  g_mutex_lock (&threads_lock);
  while (threads_running > 0)
    if (!g_cond_wait_until (&threads_cond, &threads_lock, end))
      break;
  done = threads_running == 0;
  g_mutex_unlock (&threads_lock);
  return done;
}

guint
kiela_board_renderer_count_threads (void)
{
  guint n;

  g_mutex_lock (&threads_lock);
  n = (guint) threads_running;
  g_mutex_unlock (&threads_lock);
  return n;
}

static void
job_free (Job *job)
{
  art_clear (&job->art);
  g_free (job->svg);
  g_free (job->cache_path);
  g_main_context_unref (job->context);
  g_free (job);
  g_atomic_int_add (&jobs_alive, -1);
}

static int
sprite_px (int cell_px, KielaBoardSprite sprite)
{
  return sprite < KIELA_BOARD_SPRITE_N_STONES
         ? (int) ceil (cell_px * kiela_board_geometry_stone_sprite () / KIELA_BOARD_CELL)
         : cell_px;
}

static gboolean
job_done_cb (gpointer data)
{
  Job *job = data;
  KielaBoardRenderer *self = job->owner;

  if (self != NULL)
    {
      self->jobs = g_list_remove (self->jobs, job);
      self->renders += job->renders;
      if (self->pending == job)
        {
          self->pending = NULL;
          install_art (self, &job->art);
          g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
        }
    }
  job_free (job);
  return G_SOURCE_REMOVE;
}

static gpointer
job_thread (gpointer data)
{
  Job *job = data;
  GSource *done;

#ifdef __linux__
  /* Below the main thread, which draws the frames: the job takes the time between them.  On
   * Linux a nice value is a thread's own. */
  if (setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 19) != 0)
    g_debug ("Could not lower the board rasteriser's priority: %s", g_strerror (errno));
#endif
  job->art.bg.surface = disk_load (job->cache_path, job->svg, job->art.bg_width, job->art.bg_height);
  if (job->art.bg.surface == NULL && !g_atomic_int_get (&job->cancelled))
    {
      RsvgHandle *handle = kiela_board_art_parse_board (job->svg);

      rasterise (handle, job->art.bg_width, job->art.bg_height, &job->art.bg);
      g_object_unref (handle);
      job->renders++;
      if (job->cache_path != NULL && !g_atomic_int_get (&job->cancelled))
        disk_write (job->cache_path, job->svg, job->art.bg.surface);
    }
  for (guint i = 0; i < KIELA_BOARD_SPRITE_N && !g_atomic_int_get (&job->cancelled); i++)
    if (job->sprites & (1u << i))
      {
        RsvgHandle *handle = kiela_board_art_parse_sprite (i);
        int px = sprite_px (job->art.cell_px, i);

        rasterise (handle, px, px, &job->art.sprites[i]);
        g_object_unref (handle);
        job->renders++;
      }

  done = g_idle_source_new ();
  g_source_set_priority (done, G_PRIORITY_DEFAULT);
  g_source_set_callback (done, job_done_cb, job, NULL);
  g_source_set_static_name (done, "[kiela] board artwork rasterised");
  g_source_attach (done, job->context);
  g_source_unref (done);
  /* The job is the main context's from here on: not a field of it is read after this. */
  thread_ended ();
  return NULL;
}

/* The job under way stops mattering: its result is dropped when it ends. */
static void
cancel_pending (KielaBoardRenderer *self)
{
  if (self->pending != NULL)
    {
      g_atomic_int_set (&self->pending->cancelled, TRUE);
      self->pending = NULL;
    }
}

/* FALSE when no thread could be started. */
static gboolean
start_job (KielaBoardRenderer *self, guint files, int bg_width, int bg_height, int cell_px)
{
  g_autoptr(GError) error = NULL;
  GThread *thread;
  Job *job = g_new0 (Job, 1);

  ensure_board_svg (self, files);
  job->owner = self;
  job->context = g_main_context_ref_thread_default ();
  job->svg = g_strdup (self->board_svg);
  job->cache_path = disk_path (files);
  job->art.files = files;
  job->art.bg_width = bg_width;
  job->art.bg_height = bg_height;
  job->art.cell_px = cell_px;
  /* The sprites drawn so far, unless the cells keep their size (install_art moves those over). */
  if (self->art.cell_px != cell_px)
    for (guint i = 0; i < KIELA_BOARD_SPRITE_N; i++)
      if (self->art.sprites[i].surface != NULL)
        job->sprites |= 1u << i;
  g_atomic_int_inc (&jobs_alive);
  thread_started ();
  thread = g_thread_try_new ("kiela-board-art", job_thread, job, &error);
  if (thread == NULL)
    {
      g_debug ("Could not start a thread to rasterise the board: %s", error->message);
      thread_ended ();
      job_free (job);
      return FALSE;
    }
  g_thread_unref (thread);
  self->pending = job;
  self->jobs = g_list_prepend (self->jobs, job);
  return TRUE;
}

gboolean
kiela_board_renderer_request (KielaBoardRenderer *self, const KielaBoardLayout *layout, int device_scale)
{
  int bg_width, bg_height, cell_px;

  g_return_val_if_fail (KIELA_IS_BOARD_RENDERER (self), FALSE);
  g_return_val_if_fail (device_scale >= 1, FALSE);

  if (!kiela_board_renderer_is_ready (self))
    return kiela_board_renderer_ensure (self, layout, device_scale);
  sizes_for (layout, device_scale, &bg_width, &bg_height, &cell_px);
  if (kiela_board_renderer_matches (self, layout, device_scale))
    {
      /* Back at the size shown before a job for another finished. */
      cancel_pending (self);
      return FALSE;
    }
  if (self->pending != NULL && self->pending->art.files == layout->files && self->pending->art.bg_width == bg_width
      && self->pending->art.bg_height == bg_height && self->pending->art.cell_px == cell_px)
    return FALSE;
  cancel_pending (self);
  if (take_previous (self, layout->files, bg_width, bg_height, cell_px))
    {
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
      return TRUE;
    }
  if (!start_job (self, layout->files, bg_width, bg_height, cell_px))
    /* No thread to be had: rasterise here, as before there were threads. */
    return kiela_board_renderer_ensure (self, layout, device_scale);
  return FALSE;
}

gboolean
kiela_board_renderer_is_pending (KielaBoardRenderer *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_RENDERER (self), FALSE);
  return self->pending != NULL;
}

guint
kiela_board_renderer_count_jobs (void)
{
  return (guint) g_atomic_int_get (&jobs_alive);
}

gboolean
kiela_board_renderer_ensure (KielaBoardRenderer *self, const KielaBoardLayout *layout, int device_scale)
{
  g_autofree char *path = NULL;
  int bg_width, bg_height, cell_px;
  Art art = { 0 };

  g_return_val_if_fail (KIELA_IS_BOARD_RENDERER (self), FALSE);
  g_return_val_if_fail (device_scale >= 1, FALSE);

  if (kiela_board_renderer_matches (self, layout, device_scale))
    {
      cancel_pending (self);
      return FALSE;
    }
  cancel_pending (self);
  sizes_for (layout, device_scale, &bg_width, &bg_height, &cell_px);
  if (take_previous (self, layout->files, bg_width, bg_height, cell_px))
    {
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
      return TRUE;
    }
  art.files = layout->files;
  art.bg_width = bg_width;
  art.bg_height = bg_height;
  art.cell_px = cell_px;
  ensure_board_svg (self, layout->files);
  path = disk_path (layout->files);
  art.bg.surface = disk_load (path, self->board_svg, bg_width, bg_height);
  if (art.bg.surface == NULL)
    {
      render_handle (self, get_board_handle (self, layout->files), bg_width, bg_height, &art.bg);
      disk_save_later (self, art.bg.surface);
    }
  install_art (self, &art);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

gboolean
kiela_board_renderer_is_ready (KielaBoardRenderer *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_RENDERER (self), FALSE);
  return self->art.bg.surface != NULL;
}

static Image *
get_sprite (KielaBoardRenderer *self, KielaBoardSprite sprite)
{
  if (self->art.sprites[sprite].surface == NULL && self->art.cell_px > 0)
    {
      int px = sprite_px (self->art.cell_px, sprite);

      render_handle (self, kiela_board_art_get_sprite (sprite), px, px, &self->art.sprites[sprite]);
    }
  return &self->art.sprites[sprite];
}

void
kiela_board_renderer_paint_background (KielaBoardRenderer *self, KielaBoardPainter *painter,
                                       const KielaBoardLayout *layout)
{
  g_return_if_fail (KIELA_IS_BOARD_RENDERER (self));

  if (self->art.bg.surface != NULL)
    paint_image (painter, &self->art.bg, layout->x, layout->y, layout->width, layout->height);
}

void
kiela_board_renderer_paint_sprite (KielaBoardRenderer *self, KielaBoardPainter *painter,
                                   KielaBoardSprite sprite, float x, float y, float w, float h)
{
  Image *image;

  g_return_if_fail (KIELA_IS_BOARD_RENDERER (self));
  g_return_if_fail (sprite < KIELA_BOARD_SPRITE_N);

  image = get_sprite (self, sprite);
  if (image->surface != NULL)
    paint_image (painter, image, x, y, w, h);
}

GdkTexture *
kiela_board_renderer_get_background (KielaBoardRenderer *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_RENDERER (self), NULL);
  return image_texture (&self->art.bg);
}

GdkTexture *
kiela_board_renderer_get_sprite (KielaBoardRenderer *self, KielaBoardSprite sprite)
{
  g_return_val_if_fail (KIELA_IS_BOARD_RENDERER (self), NULL);
  g_return_val_if_fail (sprite < KIELA_BOARD_SPRITE_N, NULL);
  return image_texture (get_sprite (self, sprite));
}

guint
kiela_board_renderer_get_render_count (KielaBoardRenderer *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_RENDERER (self), 0);
  return self->renders;
}

void
kiela_board_renderer_get_pixels (KielaBoardRenderer *self, int *bg_width, int *bg_height, int *cell_px)
{
  g_return_if_fail (KIELA_IS_BOARD_RENDERER (self));

  if (bg_width)
    *bg_width = self->art.bg_width;
  if (bg_height)
    *bg_height = self->art.bg_height;
  if (cell_px)
    *cell_px = self->art.cell_px;
}

KielaBoardRenderer *
kiela_board_renderer_new (void)
{
  return g_object_new (KIELA_TYPE_BOARD_RENDERER, NULL);
}

static void
kiela_board_renderer_finalize (GObject *object)
{
  KielaBoardRenderer *self = KIELA_BOARD_RENDERER (object);

  /* Jobs under way end on their own; their results are freed unseen. */
  cancel_pending (self);
  for (GList *l = self->jobs; l != NULL; l = l->next)
    {
      Job *job = l->data;

      job->owner = NULL;
      g_atomic_int_set (&job->cancelled, TRUE);
    }
  g_list_free (self->jobs);
  art_clear (&self->art);
  art_clear (&self->previous);
  g_clear_object (&self->board_handle);
  g_free (self->board_svg);
  G_OBJECT_CLASS (kiela_board_renderer_parent_class)->finalize (object);
}

static void
kiela_board_renderer_class_init (KielaBoardRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kiela_board_renderer_finalize;

  /**
   * KielaBoardRenderer::changed:
   *
   * The artwork was rasterised anew (another size, scale or file count).
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_board_renderer_init (KielaBoardRenderer *self)
{
}
