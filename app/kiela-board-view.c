/* kiela-board-view.c: the board widget: SVG artwork rasterised into cached textures, houses as child widgets. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <librsvg/rsvg.h>

#include "kiela-board-view.h"
#include "kiela-board-view-private.h"
#include "kiela-house.h"
#include "kiela-position.h"

#define RESOURCE_PREFIX "/io/github/kiela/Kiela/board/"

/* Geometry of the artwork, in SVG units (see board.svg). */
#define CELL    KIELA_BOARD_CELL
#define MARGIN  KIELA_BOARD_MARGIN
#define BAND    KIELA_BOARD_BAND
#define FIELD_PAD 12.0        /* field edge to the first cell */
#define CUP_R   43.0          /* carved cup radius */
#define CUP_FREE_R 41.0       /* stones stay inside this radius */
#define STONE_SPRITE_BODY 0.8 /* the pebble fills 80% of its sprite, the rest is shadow */
#define LABEL_SIZE 31.0

/* Sprites: stones, highlight overlays, the playable mark. */
enum {
  SPRITE_STONE_1,
  SPRITE_STONE_2,
  SPRITE_STONE_3,
  SPRITE_N_STONES,
  SPRITE_PLAYABLE = SPRITE_N_STONES,
  SPRITE_SELECTED,
  SPRITE_CAPTURED_OFF,
  SPRITE_HIGHLIGHT_0,   /* + KielaHighlight; NONE has no sprite */
  SPRITE_N = SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_N_KINDS,
};

static const char *const sprite_files[SPRITE_N] = {
  [SPRITE_STONE_1] = "stone-1.svg",
  [SPRITE_STONE_2] = "stone-2.svg",
  [SPRITE_STONE_3] = "stone-3.svg",
  [SPRITE_PLAYABLE] = "playable.svg",
  [SPRITE_SELECTED] = "highlight-selected.svg",
  [SPRITE_CAPTURED_OFF] = "highlight-captured-off.svg",
  [SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_LIFT] = "highlight-lift.svg",
  [SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_DROP] = "highlight-drop.svg",
  [SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_RELAY] = "highlight-relay.svg",
  [SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_CAPTOR] = "highlight-captor.svg",
  [SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_CAPTURED] = "highlight-captured.svg",
  [SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_ENTER] = "highlight-enter.svg",
  [SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_HINT] = "highlight-hint.svg",
  [SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_LAST_MOVE] = "highlight-last-move.svg",
  [SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_END] = "highlight-end.svg",
};

/* Parsed once per process: only rasterising depends on the size. */
static RsvgHandle *sprite_handles[SPRITE_N];

/* Where the stones of a house with n (1..12) drawn stones sit, in stone radii. */
static double stone_layout[KIELA_BOARD_MAX_DRAWN_STONES + 1][KIELA_BOARD_MAX_DRAWN_STONES][2];
/* Stone radius in SVG units, chosen so that the widest layout fits the cup. */
static double stone_radius = 9.5;

/* Where to draw the board inside an area of a given size. */
typedef struct {
  double scale;          /* logical pixels per SVG unit */
  double x, y;           /* top-left of the board, logical pixels */
  double width, height;  /* board size, logical pixels */
} Layout;

/* One rasterised piece of artwork.  The cairo renderer paints the image surface directly
 * (a texture node would be converted back to a surface every frame); GL renderers get a
 * texture made once from the same pixels. */
typedef struct {
  cairo_surface_t *surface;
  GdkTexture *texture;
} Image;

/* Artwork rendered for one size.  Only a change of size or file count replaces it. */
typedef struct {
  guint files;
  int bg_width, bg_height;  /* device pixels */
  Image bg;
  int cell_px;              /* device pixels of one cell: sprites are rendered for it */
  Image sprites[SPRITE_N];
} Cache;

/* Draws images either into one cairo node (cairo renderer, PNG export) or as texture nodes. */
typedef struct {
  GtkSnapshot *snapshot;
  cairo_t *cr;
} Painter;

struct _KielaBoardView
{
  GtkWidget parent_instance;

  guint files;
  KielaPosition position;
  KielaHouse *houses[2][KIELA_MAX_HOUSES];
  guint n_houses;

  /* The generated board artwork for `files`, parsed once per file count. */
  RsvgHandle *board_handle;
  guint board_handle_files;

  Cache cache;
  guint resize_timeout;     /* pending re-render after a resize; the old textures are stretched meanwhile */
  guint svg_renders;

  KielaSide hand_side;
  guint hand_house;
  guint hand_stones;

  gboolean interactive;
  gboolean setup;
  KielaSide setup_side;
  KielaHouse *setup_source;

  /* Dragging a stone in setup mode. */
  GtkGesture *drag;
  KielaHouse *drag_source;
  double drag_x0, drag_y0, drag_dx, drag_dy;
  gboolean dragging;

  /* Flashing of captured houses. */
  guint flash_timeout;
  guint flash_ticks;
  gboolean flash_on;

  KielaHouse *last_focus;
};

G_DEFINE_FINAL_TYPE (KielaBoardView, kiela_board_view, GTK_TYPE_WIDGET)

enum {
  SIGNAL_HOUSE_ACTIVATED,
  SIGNAL_SETUP_MOVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---------------------------------------------------------------------------------------------
 * Geometry
 */

static double
board_width_units (guint files)
{
  return 2 * MARGIN + files * CELL;
}

static double
board_height_units (void)
{
  return 2 * MARGIN + 4 * CELL + BAND;
}

/* Top of the cells of a rank, in SVG units. */
static double
rank_top_units (guint rank)
{
  switch (rank)
    {
    case 4: return MARGIN;
    case 3: return MARGIN + CELL;
    case 2: return MARGIN + 2 * CELL + BAND;
    default: return MARGIN + 3 * CELL + BAND;
    }
}

static void
compute_layout (guint files, double width, double height, Layout *out)
{
  double w = board_width_units (files);
  double h = board_height_units ();

  out->scale = MAX (MIN (width / w, height / h), 0.01);
  out->width = w * out->scale;
  out->height = h * out->scale;
  /* Whole pixels, so the background texture lands on the pixel grid. */
  out->x = floor ((width - out->width) / 2);
  out->y = floor ((height - out->height) / 2);
}

static graphene_rect_t
cell_rect (const Layout *layout, guint file, guint rank)
{
  graphene_rect_t r;
  double x0 = round (layout->x + (MARGIN + file * CELL) * layout->scale);
  double x1 = round (layout->x + (MARGIN + (file + 1) * CELL) * layout->scale);
  double y0 = round (layout->y + rank_top_units (rank) * layout->scale);
  double y1 = round (layout->y + (rank_top_units (rank) + CELL) * layout->scale);

  graphene_rect_init (&r, x0, y0, x1 - x0, y1 - y0);
  return r;
}

/* ---------------------------------------------------------------------------------------------
 * Stone layouts: relaxed once so that n stones sit close together without overlapping,
 * the same pattern for the same count (like the faces of a die, easy to count at a glance).
 */

static void
compute_stone_layouts (void)
{
  const double min_dist = 2.1;   /* centre distance in stone radii: a small gap between stones */
  double extent = 1.0;

  for (guint n = 1; n <= KIELA_BOARD_MAX_DRAWN_STONES; n++)
    {
      double (*p)[2] = stone_layout[n];
      double cx = 0, cy = 0;

      for (guint i = 0; i < n; i++)
        {
          /* Sunflower start: spread evenly, deterministic. */
          double r = 1.2 * sqrt (i + 0.5);
          double a = i * 2.39996323 + n * 0.7;

          p[i][0] = r * cos (a);
          p[i][1] = r * sin (a);
        }
      for (guint iter = 0; iter < 3000; iter++)
        {
          double gravity = iter < 2500 ? 0.985 : 1.0;

          for (guint i = 0; i < n; i++)
            for (guint j = i + 1; j < n; j++)
              {
                double dx = p[j][0] - p[i][0];
                double dy = p[j][1] - p[i][1];
                double d = sqrt (dx * dx + dy * dy);

                if (d < 1e-6)
                  {
                    dx = 1e-3 * (j - i);
                    dy = 1e-3;
                    d = sqrt (dx * dx + dy * dy);
                  }
                if (d < min_dist)
                  {
                    double push = (min_dist - d) / 2 / d;

                    p[i][0] -= dx * push;
                    p[i][1] -= dy * push;
                    p[j][0] += dx * push;
                    p[j][1] += dy * push;
                  }
              }
          for (guint i = 0; i < n; i++)
            {
              p[i][0] *= gravity;
              p[i][1] *= gravity;
            }
        }
      for (guint i = 0; i < n; i++)
        {
          cx += p[i][0] / n;
          cy += p[i][1] / n;
        }
      for (guint i = 0; i < n; i++)
        {
          p[i][0] -= cx;
          p[i][1] -= cy;
          extent = MAX (extent, sqrt (p[i][0] * p[i][0] + p[i][1] * p[i][1]) + 1.0);
        }
    }
  stone_radius = CUP_FREE_R / extent;
}

void
kiela_board_view_stone_offset (guint n, guint index, double *x, double *y)
{
  g_return_if_fail (n >= 1 && n <= KIELA_BOARD_MAX_DRAWN_STONES && index < n);

  *x = stone_layout[n][index][0];
  *y = stone_layout[n][index][1];
}

/* ---------------------------------------------------------------------------------------------
 * Artwork: templates from the GResource, filled in for the file count.
 */

static char *
load_template (const char *name)
{
  g_autofree char *path = g_strconcat (RESOURCE_PREFIX, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

  if (bytes == NULL)
    g_error ("The board artwork %s is missing from the resources: %s", path, error->message);
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* Replaces each {{key}} of `template` by its value; `pairs` is key, value, ..., NULL. */
static void
fill_template (GString *out, const char *template, const char *const *pairs)
{
  const char *p = template;

  while (*p)
    {
      const char *open = strstr (p, "{{");
      const char *close;
      gboolean found = FALSE;

      if (open == NULL || (close = strstr (open, "}}")) == NULL)
        {
          g_string_append (out, p);
          return;
        }
      g_string_append_len (out, p, open - p);
      for (guint i = 0; pairs[i] != NULL && pairs[i + 1] != NULL; i += 2)
        if (strlen (pairs[i]) == (gsize) (close - open - 2) && strncmp (open + 2, pairs[i], close - open - 2) == 0)
          {
            g_string_append (out, pairs[i + 1]);
            found = TRUE;
            break;
          }
      if (!found)
        g_critical ("board artwork: no value for %.*s", (int) (close - open + 2), open);
      p = close + 2;
    }
}

static const char *
num (char buf[G_ASCII_DTOSTR_BUF_SIZE], double value)
{
  return g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.2f", value);
}

/* A tiny deterministic generator, so the grain is the same on every run and machine. */
static double
grain_random (guint32 *state)
{
  *state = *state * 1664525u + 1013904223u;
  return (*state >> 8) / (double) (1u << 24);
}

/* Long wavy strokes along the board: the grain of the wood. */
static void
append_grain (GString *out, double x0, double y0, double x1, double y1, double spacing,
              const char *const *colours, guint n_colours, double opacity_max, guint32 seed)
{
  guint32 state = seed;

  for (double y = y0 - spacing; y < y1 + spacing; y += spacing * (0.55 + grain_random (&state)))
    {
      double amp = 1.5 + 5 * grain_random (&state);
      double phase = 6.28 * grain_random (&state);
      double wave = 180 + 260 * grain_random (&state);
      double drift = (grain_random (&state) - 0.5) * 14;
      gboolean figure = grain_random (&state) < 0.18;
      /* Mostly fine lines; now and then a broad soft band, the figure of the wood. */
      double width = figure ? 6 + 14 * grain_random (&state) : 0.8 + 2.8 * grain_random (&state) * grain_random (&state);
      double opacity = figure ? 0.06 + 0.1 * grain_random (&state) : 0.14 + opacity_max * grain_random (&state);
      const char *colour = colours[(guint) (grain_random (&state) * n_colours) % n_colours];
      char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
      double x;

      g_string_append_printf (out, "<path stroke=\"%s\" stroke-width=\"%s\" stroke-opacity=\"%s\" d=\"M",
                              colour, num (a, width), num (b, opacity));
      for (x = x0 - 20; x <= x1 + 40; x += 40)
        {
          double t = (x - x0) / MAX (x1 - x0, 1);
          double yy = y + amp * sin (x / wave * 6.28 + phase) + drift * t
                      + 0.8 * amp * sin (x / (wave * 0.37) + phase * 2.1);

          g_string_append_printf (out, "%s %s %s", x == x0 - 20 ? "" : " L", num (a, x), num (b, yy));
        }
      g_string_append (out, "\"/>\n");
    }
}

char *
kiela_board_view_build_board_svg (guint files)
{
  static const char *const field_colours[] = { "#6e3a12", "#84491b", "#5c2f0d", "#e8b073", "#f0c08a" };
  static const char *const frame_colours[] = { "#1a0901", "#241004", "#8a5628", "#9c6632" };
  g_autofree char *board_tmpl = load_template ("board.svg");
  g_autofree char *house_tmpl = load_template ("house.svg");
  g_autofree char *label_tmpl = load_template ("label.svg");
  g_autoptr(GString) houses = g_string_new (NULL);
  g_autoptr(GString) labels = g_string_new (NULL);
  g_autoptr(GString) field_grain = g_string_new (NULL);
  g_autoptr(GString) frame_grain = g_string_new (NULL);
  GString *svg = g_string_new (NULL);
  double w = board_width_units (files), h = board_height_units ();
  double bx = 3, by = 2, bw = w - 6, bh = h - 11;
  double fx = MARGIN - FIELD_PAD, fy = MARGIN - FIELD_PAD;
  double fw = files * CELL + 2 * FIELD_PAD, fh = 4 * CELL + BAND + 2 * FIELD_PAD;
  double band_y = MARGIN + 2 * CELL + 6, band_h = BAND - 12;
  double teeth_w = 24;
  char sw[8][G_ASCII_DTOSTR_BUF_SIZE];
  char sx[16][G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (files >= KIELA_MIN_FILES && files <= KIELA_MAX_FILES, NULL);

  for (guint rank = 1; rank <= 4; rank++)
    for (guint file = 0; file < files; file++)
      {
        char cx[G_ASCII_DTOSTR_BUF_SIZE], cy[G_ASCII_DTOSTR_BUF_SIZE];
        char r[G_ASCII_DTOSTR_BUF_SIZE], rr[G_ASCII_DTOSTR_BUF_SIZE], rs[G_ASCII_DTOSTR_BUF_SIZE];
        const char *pairs[] = {
          "cx", num (cx, MARGIN + file * CELL + CELL / 2),
          "cy", num (cy, rank_top_units (rank) + CELL / 2),
          "r", num (r, CUP_R),
          "r_rim", num (rr, CUP_R + 2.2),
          "r_shade", num (rs, CUP_R - 3.5),
          NULL
        };

        fill_template (houses, house_tmpl, pairs);
      }

  /* Labels: file letters above and below, rank numbers left and right, all upright for the class. */
  for (guint file = 0; file < files; file++)
    {
      char text[2] = { (char) ('a' + file), 0 };
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
      double baseline = LABEL_SIZE * 0.36;
      const char *top[] = { "x", num (x, MARGIN + file * CELL + CELL / 2),
                            "y", num (y, (by + fy) / 2 + baseline), "text", text, NULL };

      fill_template (labels, label_tmpl, top);
      {
        const char *bottom[] = { "x", num (x, MARGIN + file * CELL + CELL / 2),
                                 "y", num (y, (fy + fh + by + bh) / 2 + baseline), "text", text, NULL };
        fill_template (labels, label_tmpl, bottom);
      }
    }
  for (guint rank = 1; rank <= 4; rank++)
    {
      char text[2] = { (char) ('0' + rank), 0 };
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
      double cy = rank_top_units (rank) + CELL / 2 + LABEL_SIZE * 0.36;
      const char *left[] = { "x", num (x, (bx + fx) / 2), "y", num (y, cy), "text", text, NULL };

      fill_template (labels, label_tmpl, left);
      {
        const char *right[] = { "x", num (x, (fx + fw + bx + bw) / 2), "y", num (y, cy), "text", text, NULL };
        fill_template (labels, label_tmpl, right);
      }
    }

  append_grain (field_grain, fx, fy, fx + fw, fy + fh, 7.0, field_colours, G_N_ELEMENTS (field_colours), 0.35, 7u + files);
  append_grain (frame_grain, bx, by, bx + bw, by + bh, 9.0, frame_colours, G_N_ELEMENTS (frame_colours), 0.35, 1234u + files);

  {
    const char *pairs[] = {
      "w", num (sw[0], w), "h", num (sw[1], h),
      "bx", num (sx[0], bx), "by", num (sx[1], by), "bw", num (sx[2], bw), "bh", num (sx[3], bh),
      "fx", num (sx[4], fx), "fy", num (sx[5], fy), "fw", num (sx[6], fw), "fh", num (sx[7], fh),
      "fx2", num (sx[8], fx + fw),
      "band_y", num (sx[9], band_y), "band_h", num (sx[10], band_h), "band_y2", num (sx[11], band_y + band_h),
      "teeth_x", num (sx[12], fx), "teeth_w", num (sx[13], teeth_w), "teeth_half", num (sx[14], teeth_w / 2),
      "label_size", num (sx[15], LABEL_SIZE),
      "font", "Cantarell, 'DejaVu Sans', sans-serif",
      "houses", houses->str,
      "labels", labels->str,
      "field_grain", field_grain->str,
      "frame_grain", frame_grain->str,
      NULL
    };

    fill_template (svg, board_tmpl, pairs);
  }
  return g_string_free (svg, FALSE);
}

/* ---------------------------------------------------------------------------------------------
 * Rasterising and the texture cache
 */

static void
render_handle (KielaBoardView *self, RsvgHandle *handle, int width, int height, Image *out)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport = { 0, 0, width, height };

  width = MAX (width, 1);
  height = MAX (height, 1);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  if (!rsvg_handle_render_document (handle, cr, &viewport, &error))
    g_warning ("Could not draw the board artwork: %s", error->message);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  self->svg_renders++;
  out->surface = surface;
  out->texture = NULL;
}

static GdkTexture *
image_texture (Image *image)
{
  if (image->texture == NULL)
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

static RsvgHandle *
get_sprite_handle (guint sprite)
{
  if (sprite_handles[sprite] == NULL)
    {
      g_autofree char *path = g_strconcat (RESOURCE_PREFIX, sprite_files[sprite], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

      if (bytes == NULL)
        g_error ("The board artwork %s is missing from the resources: %s", path, error->message);
      sprite_handles[sprite] = rsvg_handle_new_from_data (g_bytes_get_data (bytes, NULL),
                                                          g_bytes_get_size (bytes), &error);
      if (sprite_handles[sprite] == NULL)
        g_error ("The board artwork %s is not valid SVG: %s", path, error->message);
    }
  return sprite_handles[sprite];
}

static RsvgHandle *
get_board_handle (KielaBoardView *self, guint files)
{
  if (self->board_handle == NULL || self->board_handle_files != files)
    {
      g_autofree char *svg = kiela_board_view_build_board_svg (files);
      g_autoptr(GError) error = NULL;

      g_clear_object (&self->board_handle);
      self->board_handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
      if (self->board_handle == NULL)
        g_error ("The generated board artwork is not valid SVG: %s", error->message);
      self->board_handle_files = files;
    }
  return self->board_handle;
}

static double
stone_sprite_units (void)
{
  return 2 * stone_radius / STONE_SPRITE_BODY;
}

static void
cache_clear (Cache *cache)
{
  image_clear (&cache->bg);
  for (guint i = 0; i < SPRITE_N; i++)
    image_clear (&cache->sprites[i]);
  cache->bg_width = cache->bg_height = cache->cell_px = 0;
  cache->files = 0;
}

/* Makes `cache` hold the textures for a board drawn with `layout` at `scale` device pixels per
 * logical pixel.  Returns whether anything had to be re-rendered. */
static gboolean
cache_ensure (KielaBoardView *self, Cache *cache, const Layout *layout, int device_scale)
{
  int bg_width = (int) ceil (layout->width * device_scale);
  int bg_height = (int) ceil (layout->height * device_scale);
  int cell_px = (int) round (CELL * layout->scale * device_scale);

  if (cache->bg.surface != NULL && cache->files == self->files
      && cache->bg_width == bg_width && cache->bg_height == bg_height)
    return FALSE;

  image_clear (&cache->bg);
  if (cache->cell_px != cell_px)
    for (guint i = 0; i < SPRITE_N; i++)
      image_clear (&cache->sprites[i]);
  cache->files = self->files;
  cache->bg_width = bg_width;
  cache->bg_height = bg_height;
  cache->cell_px = cell_px;
  render_handle (self, get_board_handle (self, self->files), bg_width, bg_height, &cache->bg);
  return TRUE;
}

static Image *
cache_sprite (KielaBoardView *self, Cache *cache, guint sprite)
{
  if (cache->sprites[sprite].surface == NULL)
    {
      int px = sprite < SPRITE_N_STONES
               ? (int) ceil (cache->cell_px * stone_sprite_units () / CELL)
               : cache->cell_px;

      render_handle (self, get_sprite_handle (sprite), px, px, &cache->sprites[sprite]);
    }
  return &cache->sprites[sprite];
}

static gboolean
resize_timeout_cb (gpointer data)
{
  KielaBoardView *self = data;

  self->resize_timeout = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  for (guint i = 0; i < self->n_houses; i++)
    gtk_widget_queue_draw (GTK_WIDGET (self->houses[i / (2 * self->files)][i % (2 * self->files)]));
  return G_SOURCE_REMOVE;
}

/* ---------------------------------------------------------------------------------------------
 * Drawing
 */

static void
append_circle (GtkSnapshot *snapshot, const graphene_point_t *centre, float radius, const GdkRGBA *colour)
{
  GskRoundedRect circle;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (centre->x - radius, centre->y - radius, 2 * radius, 2 * radius);

  gsk_rounded_rect_init_from_rect (&circle, &bounds, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &circle);
  gtk_snapshot_append_color (snapshot, colour, &bounds);
  gtk_snapshot_pop (snapshot);
}

static void
append_rounded_border (GtkSnapshot *snapshot, const graphene_rect_t *rect, float radius, float width,
                       const GdkRGBA *colour)
{
  GskRoundedRect rr;
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };

  gsk_rounded_rect_init_from_rect (&rr, rect, radius);
  gtk_snapshot_append_border (snapshot, &rr, widths, colours);
}

static void
append_pill (GtkSnapshot *snapshot, const graphene_rect_t *rect, const GdkRGBA *fill, const GdkRGBA *border,
             float border_width)
{
  GskRoundedRect rr;
  float radius = rect->size.height / 2;

  gsk_rounded_rect_init_from_rect (&rr, rect, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &rr);
  gtk_snapshot_append_color (snapshot, fill, rect);
  gtk_snapshot_pop (snapshot);
  if (border_width > 0)
    append_rounded_border (snapshot, rect, radius, border_width, border);
}

static PangoLayout *
create_number_layout (GtkWidget *widget, const char *text, double size_px)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_from_string ("Cantarell, DejaVu Sans, Sans Bold");

  pango_font_description_set_absolute_size (font, MAX (size_px, 4) * PANGO_SCALE);
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/* The count as a number, always, on a dark pill with a light rim: readable on any wood. */
static void
draw_count_badge (GtkWidget *widget, GtkSnapshot *snapshot, float size, guint count)
{
  static const GdkRGBA fill = { 0.07, 0.045, 0.03, 0.9 };
  static const GdkRGBA fill_empty = { 0.07, 0.045, 0.03, 0.62 };
  static const GdkRGBA rim = { 1.0, 0.94, 0.84, 0.95 };
  static const GdkRGBA text = { 1, 1, 1, 1 };
  static const GdkRGBA text_empty = { 0.86, 0.8, 0.72, 1 };
  char buf[16];
  g_autoptr(PangoLayout) layout = NULL;
  PangoRectangle ink, logical;
  float font_px = size * 0.21f;
  float height, width;
  graphene_rect_t pill;

  g_snprintf (buf, sizeof buf, "%u", count);
  layout = create_number_layout (widget, buf, font_px);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  height = font_px * 1.42f;
  width = MAX (height, logical.width + font_px * 0.75f);
  graphene_rect_init (&pill, size * 0.985f - width, size * 0.985f - height, width, height);
  append_pill (snapshot, &pill, count ? &fill : &fill_empty, &rim, MAX (1.0f, size * 0.014f));

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (pill.origin.x + (width - logical.width) / 2,
                                                          pill.origin.y + (height - logical.height) / 2));
  gtk_snapshot_append_layout (snapshot, layout, count ? &text : &text_empty);
  gtk_snapshot_restore (snapshot);
}

static gboolean
renderer_is_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;

  return renderer == NULL || GSK_IS_CAIRO_RENDERER (renderer);
}

static void
painter_begin (Painter *painter, GtkSnapshot *snapshot, gboolean use_cairo, const graphene_rect_t *bounds)
{
  painter->snapshot = snapshot;
  painter->cr = use_cairo ? gtk_snapshot_append_cairo (snapshot, bounds) : NULL;
}

static void
painter_end (Painter *painter)
{
  g_clear_pointer (&painter->cr, cairo_destroy);
}

static void
paint_image (Painter *painter, Image *image, float x, float y, float w, float h)
{
  if (painter->cr != NULL)
    {
      int sw = cairo_image_surface_get_width (image->surface);
      int sh = cairo_image_surface_get_height (image->surface);

      cairo_save (painter->cr);
      cairo_translate (painter->cr, x, y);
      cairo_scale (painter->cr, w / sw, h / sh);
      cairo_set_source_surface (painter->cr, image->surface, 0, 0);
      cairo_paint (painter->cr);
      cairo_restore (painter->cr);
    }
  else
    gtk_snapshot_append_texture (painter->snapshot, image_texture (image), &GRAPHENE_RECT_INIT (x, y, w, h));
}

static void
draw_stones (KielaBoardView *self, Cache *cache, Painter *painter, float size, guint count, guint seed)
{
  guint n = MIN (count, KIELA_BOARD_MAX_DRAWN_STONES);
  float unit = size / CELL;
  float sprite = stone_sprite_units () * unit;
  float centre = size / 2;

  for (guint i = 0; i < n; i++)
    {
      /* Vary the stone kind by house and place, so neighbouring houses do not look cloned. */
      guint kind = (seed * 7 + i * 5 + i / 3) % SPRITE_N_STONES;
      float x = centre + stone_layout[n][i][0] * stone_radius * unit;
      float y = centre + stone_layout[n][i][1] * stone_radius * unit;
      /* The body sits slightly up-left in its sprite, the shadow falls down-right. */
      paint_image (painter, cache_sprite (self, cache, SPRITE_STONE_1 + kind),
                   x - sprite * 0.5f, y - sprite * 0.5f, sprite, sprite);
    }
}

static void
draw_house (KielaBoardView *self, Cache *cache, KielaHouse *house, GtkSnapshot *snapshot, float size,
            gboolean hover, gboolean focus_visible, gboolean use_cairo)
{
  KielaHighlight highlight = kiela_house_get_highlight (house);
  guint count = kiela_house_get_count (house);
  Painter painter;

  if (hover && self->interactive)
    {
      static const GdkRGBA glow = { 1, 0.93, 0.8, 0.16 };
      append_circle (snapshot, &GRAPHENE_POINT_INIT (size / 2, size / 2), size * CUP_R / CELL, &glow);
    }

  painter_begin (&painter, snapshot, use_cairo, &GRAPHENE_RECT_INIT (0, 0, size, size));
  draw_stones (self, cache, &painter, size, count,
               kiela_house_get_house (house) + 3 * kiela_house_get_side (house));

  if (kiela_house_get_playable (house))
    paint_image (&painter, cache_sprite (self, cache, SPRITE_PLAYABLE), 0, 0, size, size);

  if (highlight != KIELA_HIGHLIGHT_NONE)
    {
      guint sprite = SPRITE_HIGHLIGHT_0 + highlight;

      if (highlight == KIELA_HIGHLIGHT_CAPTURED && !self->flash_on)
        sprite = SPRITE_CAPTURED_OFF;
      paint_image (&painter, cache_sprite (self, cache, sprite), 0, 0, size, size);
    }
  if (kiela_house_get_selected (house))
    paint_image (&painter, cache_sprite (self, cache, SPRITE_SELECTED), 0, 0, size, size);
  painter_end (&painter);

  draw_count_badge (GTK_WIDGET (house), snapshot, size, count);

  if (focus_visible)
    {
      /* A square focus ring (every other mark is round), two-toned to show on light and dark. */
      static const GdkRGBA outer = { 0.0, 0.0, 0.0, 0.85 };
      static const GdkRGBA blue = { 0.21, 0.52, 0.89, 1 };
      static const GdkRGBA white = { 1, 1, 1, 1 };
      float w = MAX (2.5f, size * 0.04f);
      graphene_rect_t r = GRAPHENE_RECT_INIT (0, 0, size, size);

      append_rounded_border (snapshot, &r, size * 0.14f, w * 0.7f, &outer);
      graphene_rect_inset (&r, w * 0.7f, w * 0.7f);
      append_rounded_border (snapshot, &r, size * 0.13f, w, &blue);
      graphene_rect_inset (&r, w, w);
      append_rounded_border (snapshot, &r, size * 0.12f, w * 0.5f, &white);
    }
}

void
kiela_board_view_snapshot_house (KielaBoardView *self, KielaHouse *house, GtkSnapshot *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (house);
  GtkStateFlags flags = gtk_widget_get_state_flags (widget);
  float size = MIN (gtk_widget_get_width (widget), gtk_widget_get_height (widget));

  if (self->cache.cell_px == 0 || size <= 0)
    return;
  draw_house (self, &self->cache, house, snapshot, size,
              (flags & GTK_STATE_FLAG_PRELIGHT) != 0,
              (flags & GTK_STATE_FLAG_FOCUS_VISIBLE) != 0 && gtk_widget_has_focus (widget),
              renderer_is_cairo (widget));
}

/* The sower's hand: a dark bubble with a few stones and the number, beside the house, on the
 * side where the frame or the central band leaves room for it. */
static void
draw_hand (KielaBoardView *self, Cache *cache, GtkSnapshot *snapshot, const Layout *layout, gboolean use_cairo)
{
  static const GdkRGBA fill = { 0.07, 0.045, 0.03, 0.93 };
  static const GdkRGBA rim = { 0.18, 0.77, 1.0, 1 };
  static const GdkRGBA white = { 1, 1, 1, 1 };
  KielaSquare sq;
  graphene_rect_t cell, pill;
  float cs, stone, height, width, x;
  guint shown;
  char buf[16];
  g_autoptr(PangoLayout) text = NULL;
  PangoRectangle ink, logical;

  if (self->hand_stones == 0 || self->hand_house >= 2 * self->files)
    return;
  kiela_square_from_house (self->files, self->hand_side, self->hand_house, &sq);
  cell = cell_rect (layout, sq.file, sq.rank);
  cs = cell.size.width;
  stone = stone_sprite_units () * cs / CELL;
  height = cs * 0.36f;
  shown = MIN (self->hand_stones, 5);
  g_snprintf (buf, sizeof buf, "%u", self->hand_stones);
  text = create_number_layout (GTK_WIDGET (self), buf, cs * 0.22f);
  pango_layout_get_pixel_extents (text, &ink, &logical);
  width = height * 0.35f + stone * (0.35f + 0.6f * shown) + logical.width + height * 0.3f;
  pill.size.width = width;
  pill.size.height = height;
  pill.origin.x = cell.origin.x + (cs - width) / 2;
  /* Ranks 1 and 3: below the house (frame, band); 2 and 4: above it (band, frame). */
  {
    /* Centred on the frame (ranks 1 and 4) or on the central band (ranks 2 and 3). */
    float unit = cs / CELL;
    float gap = (sq.rank == 1 || sq.rank == 4) ? (MARGIN + FIELD_PAD) / 2 : BAND / 2;

    pill.origin.y = (sq.rank == 1 || sq.rank == 3)
                    ? cell.origin.y + cs + gap * unit - height / 2
                    : cell.origin.y - gap * unit - height / 2;
  }
  append_pill (snapshot, &pill, &fill, &rim, MAX (2.0f, cs * 0.025f));

  x = pill.origin.x + height * 0.3f;
  {
    Painter painter;

    painter_begin (&painter, snapshot, use_cairo, &pill);
    for (guint i = 0; i < shown; i++, x += stone * 0.6f)
      paint_image (&painter, cache_sprite (self, cache, SPRITE_STONE_1 + i % SPRITE_N_STONES),
                   x, pill.origin.y + (height - stone) / 2, stone, stone);
    painter_end (&painter);
  }
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + stone * 0.5f,
                                                          pill.origin.y + (height - logical.height) / 2));
  gtk_snapshot_append_layout (snapshot, text, &white);
  gtk_snapshot_restore (snapshot);
}

static void
draw_background (Cache *cache, GtkSnapshot *snapshot, const Layout *layout, gboolean use_cairo)
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (layout->x, layout->y, layout->width, layout->height);
  Painter painter;

  if (cache->bg.surface == NULL)
    return;
  painter_begin (&painter, snapshot, use_cairo, &bounds);
  paint_image (&painter, &cache->bg, layout->x, layout->y, layout->width, layout->height);
  painter_end (&painter);
}

static void
kiela_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);
  gboolean use_cairo = renderer_is_cairo (widget);
  Layout layout;

  compute_layout (self->files, gtk_widget_get_width (widget), gtk_widget_get_height (widget), &layout);
  /* While the window is being resized, stretch the old textures; render anew once it settles. */
  if (self->resize_timeout == 0 || self->cache.bg.surface == NULL)
    {
      if (cache_ensure (self, &self->cache, &layout, gtk_widget_get_scale_factor (widget)))
        for (guint i = 0; i < self->n_houses; i++)
          gtk_widget_queue_draw (GTK_WIDGET (self->houses[i / (2 * self->files)][i % (2 * self->files)]));
    }
  draw_background (&self->cache, snapshot, &layout, use_cairo);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);

  draw_hand (self, &self->cache, snapshot, &layout, use_cairo);

  if (self->dragging && self->drag_source != NULL)
    {
      /* The stone being carried, a little larger: it is lifted off the board. */
      float stone = stone_sprite_units () * layout.scale * 1.5f;
      graphene_rect_t r = GRAPHENE_RECT_INIT (self->drag_x0 + self->drag_dx - stone / 2,
                                              self->drag_y0 + self->drag_dy - stone / 2, stone, stone);
      Painter painter;

      painter_begin (&painter, snapshot, use_cairo, &r);
      paint_image (&painter, cache_sprite (self, &self->cache, SPRITE_STONE_1),
                   r.origin.x, r.origin.y, stone, stone);
      painter_end (&painter);
    }
}

gboolean
kiela_board_view_save_png (KielaBoardView *self, const char *path, int width, int height, GError **error)
{
  Cache own = { 0 };
  Cache *cache = &own;
  Layout layout;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (width <= 0 || height <= 0 || width > 16384 || height > 16384)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot draw the board at %d×%d pixels"), width, height);
      return FALSE;
    }

  compute_layout (self->files, width, height, &layout);
  /* Reuse the widget's textures when the size matches; never disturb them otherwise. */
  if (self->cache.bg.surface != NULL && self->cache.files == self->files
      && self->cache.bg_width == (int) ceil (layout.width) && self->cache.bg_height == (int) ceil (layout.height))
    cache = &self->cache;
  else
    cache_ensure (self, cache, &layout, 1);

  snapshot = gtk_snapshot_new ();
  draw_background (cache, snapshot, &layout, TRUE);
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      {
        KielaHouse *house = self->houses[side][h];
        graphene_rect_t r = cell_rect (&layout, kiela_house_get_file (house), kiela_house_get_rank (house));

        gtk_snapshot_save (snapshot);
        gtk_snapshot_translate (snapshot, &r.origin);
        draw_house (self, cache, house, snapshot, MIN (r.size.width, r.size.height), FALSE,
                    gtk_widget_has_visible_focus (GTK_WIDGET (house)), TRUE);
        gtk_snapshot_restore (snapshot);
      }
  draw_hand (self, cache, snapshot, &layout, TRUE);
  node = gtk_snapshot_free_to_node (snapshot);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  status = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
  g_clear_pointer (&node, gsk_render_node_unref);
  cache_clear (&own);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write the board picture “%s”: %s"),
                   path, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

/* ---------------------------------------------------------------------------------------------
 * Size
 */

static void
kiela_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);
  double width = board_width_units (self->files);
  double units = orientation == GTK_ORIENTATION_HORIZONTAL ? width : board_height_units ();

  /* Cells of 28 px at least (still a fair click target); by choice 85 px, but no wider
   * than 1100 px in all, so a 20-file board does not ask for a huge window. */
  *minimum = (int) ceil (units * 0.28);
  *natural = (int) ceil (units * MIN (0.85, 1100.0 / width));
}

void
kiela_board_view_get_board_rect (KielaBoardView *self, graphene_rect_t *rect)
{
  Layout layout;

  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));
  compute_layout (self->files, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)),
                  &layout);
  graphene_rect_init (rect, layout.x, layout.y, layout.width, layout.height);
}

static void
kiela_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);
  Layout layout;

  compute_layout (self->files, width, height, &layout);
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      {
        KielaHouse *house = self->houses[side][h];
        graphene_rect_t r = cell_rect (&layout, kiela_house_get_file (house), kiela_house_get_rank (house));
        GtkAllocation alloc = { (int) r.origin.x, (int) r.origin.y, (int) r.size.width, (int) r.size.height };

        gtk_widget_size_allocate (GTK_WIDGET (house), &alloc, -1);
      }

  if (self->cache.bg.surface != NULL
      && (self->cache.bg_width != (int) ceil (layout.width * gtk_widget_get_scale_factor (widget))
          || self->cache.bg_height != (int) ceil (layout.height * gtk_widget_get_scale_factor (widget))))
    {
      g_clear_handle_id (&self->resize_timeout, g_source_remove);
      self->resize_timeout = g_timeout_add (150, resize_timeout_cb, self);
    }
}

/* ---------------------------------------------------------------------------------------------
 * Houses
 */

KielaHouse *
kiela_board_view_get_house (KielaBoardView *self, KielaSide side, guint house)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (side <= KIELA_NORTH, NULL);

  if (house >= 2 * self->files)
    return NULL;
  return self->houses[side][house];
}

guint
kiela_board_view_get_files (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), 0);
  return self->files;
}

guint
kiela_board_view_get_svg_render_count (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), 0);
  return self->svg_renders;
}

void
kiela_board_view_get_cache_pixels (KielaBoardView *self, int *bg_width, int *bg_height, int *cell_px)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));
  *bg_width = self->cache.bg_width;
  *bg_height = self->cache.bg_height;
  *cell_px = self->cache.cell_px;
}

gboolean
kiela_board_view_get_flash_on (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), FALSE);
  return self->flash_on;
}

static void
set_setup_source (KielaBoardView *self, KielaHouse *house)
{
  if (self->setup_source == house)
    return;
  if (self->setup_source != NULL)
    kiela_house_set_selected (self->setup_source, FALSE);
  self->setup_source = house;
  if (house != NULL)
    kiela_house_set_selected (house, TRUE);
}

static void
emit_setup_move (KielaBoardView *self, KielaHouse *from, KielaHouse *to)
{
  g_signal_emit (self, signals[SIGNAL_SETUP_MOVE], 0,
                 (guint) self->setup_side, kiela_house_get_house (from), kiela_house_get_house (to));
}

void
kiela_board_view_house_activated (KielaBoardView *self, KielaHouse *house)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));

  if (!self->interactive)
    return;

  if (!self->setup)
    {
      g_signal_emit (self, signals[SIGNAL_HOUSE_ACTIVATED], 0,
                     (guint) kiela_house_get_side (house), kiela_house_get_house (house));
      return;
    }

  /* Setup: first pick a house of one's own with stones, then each activation of another
   * own house moves one stone there; activating the source again puts it down. */
  if (kiela_house_get_side (house) != self->setup_side)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (self->setup_source == NULL)
    {
      if (kiela_house_get_count (house) > 0)
        set_setup_source (self, house);
      else
        gtk_widget_error_bell (GTK_WIDGET (self));
    }
  else if (self->setup_source == house)
    set_setup_source (self, NULL);
  else
    emit_setup_move (self, self->setup_source, house);
}

static void
update_counts (KielaBoardView *self)
{
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      kiela_house_set_count (self->houses[side][h], self->position.houses[side][h]);
  /* A source that ran out of stones can give no more. */
  if (self->setup_source != NULL && kiela_house_get_count (self->setup_source) == 0)
    set_setup_source (self, NULL);
}

static void
rebuild_houses (KielaBoardView *self, guint files)
{
  GtkWidget *child;

  self->setup_source = NULL;
  self->drag_source = NULL;
  self->last_focus = NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  memset (self->houses, 0, sizeof self->houses);

  self->files = files;
  self->n_houses = 4 * files;
  /* Children in reading order (North's outer row first, left to right) so that screen
   * readers and the default focus chain walk the board the way it looks. */
  for (guint rank = 4; rank >= 1; rank--)
    for (guint file = 0; file < files; file++)
      {
        KielaSquare sq;
        GtkWidget *house;

        kiela_square_from_file_rank (files, file, rank, &sq);
        house = kiela_house_new (files, sq.side, sq.house);
        gtk_widget_set_parent (house, GTK_WIDGET (self));
        self->houses[sq.side][sq.house] = KIELA_HOUSE (house);
      }
  update_counts (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
stop_flashing (KielaBoardView *self)
{
  g_clear_handle_id (&self->flash_timeout, g_source_remove);
  self->flash_on = TRUE;
}

static void
queue_draw_captured (KielaBoardView *self)
{
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      if (kiela_house_get_highlight (self->houses[side][h]) == KIELA_HIGHLIGHT_CAPTURED)
        gtk_widget_queue_draw (GTK_WIDGET (self->houses[side][h]));
}

static gboolean
flash_timeout_cb (gpointer data)
{
  KielaBoardView *self = data;

  /* Eight phases of 125 ms: about a second of flashing, then the mark stays on. */
  self->flash_ticks++;
  self->flash_on = !self->flash_on;
  if (self->flash_ticks >= 8)
    {
      self->flash_on = TRUE;
      self->flash_timeout = 0;
      queue_draw_captured (self);
      return G_SOURCE_REMOVE;
    }
  queue_draw_captured (self);
  return G_SOURCE_CONTINUE;
}

static void
start_flashing (KielaBoardView *self)
{
  gboolean animations = TRUE;

  stop_flashing (self);
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &animations, NULL);
  /* Reduced motion: the mark is shown steadily instead. */
  if (!animations)
    return;
  self->flash_ticks = 0;
  self->flash_timeout = g_timeout_add (125, flash_timeout_cb, self);
}

/* ---------------------------------------------------------------------------------------------
 * Public API
 */

GtkWidget *
kiela_board_view_new (void)
{
  return g_object_new (KIELA_TYPE_BOARD_VIEW, NULL);
}

void
kiela_board_view_set_variant (KielaBoardView *self, const KielaVariant *variant)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));
  g_return_if_fail (variant != NULL);

  if (variant->files < KIELA_MIN_FILES || variant->files > KIELA_MAX_FILES)
    {
      g_warning ("Variant “%s” has %u files; the board can show %d to %d",
                 variant->id ? variant->id : "?", variant->files, KIELA_MIN_FILES, KIELA_MAX_FILES);
      return;
    }
  if (variant->files == self->files)
    return;
  memset (&self->position, 0, sizeof self->position);
  self->position.files = variant->files;
  self->hand_stones = 0;
  rebuild_houses (self, variant->files);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kiela_board_view_set_position (KielaBoardView *self, const KielaPosition *pos)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));
  g_return_if_fail (pos != NULL);

  if (pos->files < KIELA_MIN_FILES || pos->files > KIELA_MAX_FILES)
    {
      g_warning ("A position with %u files cannot be shown", pos->files);
      return;
    }
  self->position = *pos;
  if (pos->files != self->files)
    {
      rebuild_houses (self, pos->files);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else
    update_counts (self);
}

const KielaPosition *
kiela_board_view_get_position (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), NULL);
  return &self->position;
}

void
kiela_board_view_set_hand (KielaBoardView *self, KielaSide side, guint house, guint stones)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));

  if (house == KIELA_NO_HOUSE || house >= 2 * self->files || side > KIELA_NORTH)
    stones = 0;
  if (self->hand_side == side && self->hand_house == house && self->hand_stones == stones)
    return;
  if (self->hand_stones == 0 && stones == 0)
    return;
  self->hand_side = side;
  self->hand_house = house;
  self->hand_stones = stones;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kiela_board_view_set_playable (KielaBoardView *self, KielaSide side, const KielaMove *moves, guint n_moves)
{
  gboolean playable[KIELA_MAX_HOUSES] = { FALSE };

  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));
  g_return_if_fail (moves != NULL || n_moves == 0);

  for (guint i = 0; i < n_moves; i++)
    if (moves[i] >= 0 && (guint) moves[i] < 2 * self->files)
      playable[moves[i]] = TRUE;
  for (guint s = 0; s < 2; s++)
    for (guint h = 0; h < 2 * self->files; h++)
      kiela_house_set_playable (self->houses[s][h], s == side && playable[h]);
}

void
kiela_board_view_set_highlight (KielaBoardView *self, KielaSide side, guint house, KielaHighlight kind)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));
  g_return_if_fail (kind < KIELA_HIGHLIGHT_N_KINDS);

  if (side > KIELA_NORTH || house >= 2 * self->files)
    return;
  kiela_house_set_highlight (self->houses[side][house], kind);
  if (kind == KIELA_HIGHLIGHT_CAPTURED)
    start_flashing (self);
}

KielaHighlight
kiela_board_view_get_highlight (KielaBoardView *self, KielaSide side, guint house)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), KIELA_HIGHLIGHT_NONE);

  if (side > KIELA_NORTH || house >= 2 * self->files)
    return KIELA_HIGHLIGHT_NONE;
  return kiela_house_get_highlight (self->houses[side][house]);
}

void
kiela_board_view_clear_highlights (KielaBoardView *self)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));

  stop_flashing (self);
  for (guint s = 0; s < 2; s++)
    for (guint h = 0; h < 2 * self->files; h++)
      kiela_house_set_highlight (self->houses[s][h], KIELA_HIGHLIGHT_NONE);
}

void
kiela_board_view_set_interactive (KielaBoardView *self, gboolean interactive)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  for (guint s = 0; s < 2; s++)
    for (guint h = 0; h < 2 * self->files; h++)
      {
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self->houses[s][h]), interactive ? "pointer" : NULL);
        gtk_widget_queue_draw (GTK_WIDGET (self->houses[s][h]));
      }
  if (!interactive)
    set_setup_source (self, NULL);
}

gboolean
kiela_board_view_get_interactive (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), FALSE);
  return self->interactive;
}

void
kiela_board_view_set_setup_mode (KielaBoardView *self, gboolean setup, KielaSide side)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));
  g_return_if_fail (side <= KIELA_NORTH);

  self->setup = !!setup;
  self->setup_side = side;
  set_setup_source (self, NULL);
  gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag));
  self->dragging = FALSE;
  self->drag_source = NULL;
}

void
kiela_board_view_focus_house (KielaBoardView *self, KielaSide side, guint house)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));

  if (side <= KIELA_NORTH && house < 2 * self->files)
    gtk_widget_grab_focus (GTK_WIDGET (self->houses[side][house]));
}

/* ---------------------------------------------------------------------------------------------
 * Keyboard
 */

static KielaHouse *
house_at_file_rank (KielaBoardView *self, int file, int rank)
{
  KielaSquare sq;

  file = CLAMP (file, 0, (int) self->files - 1);
  rank = CLAMP (rank, 1, 4);
  if (!kiela_square_from_file_rank (self->files, file, rank, &sq))
    return NULL;
  return self->houses[sq.side][sq.house];
}

/* Where focus enters the board: where it left, else the first playable house, else a1. */
static KielaHouse *
entry_house (KielaBoardView *self)
{
  if (self->last_focus != NULL)
    return self->last_focus;
  for (guint rank = 1; rank <= 4; rank++)
    for (guint file = 0; file < self->files; file++)
      {
        KielaHouse *house = house_at_file_rank (self, file, rank);

        if (house != NULL && kiela_house_get_playable (house))
          return house;
      }
  return house_at_file_rank (self, 0, 1);
}

static gboolean
move_focus (KielaBoardView *self, int dfile, int drank)
{
  GtkWidget *focus = gtk_widget_get_focus_child (GTK_WIDGET (self));
  KielaHouse *target;

  if (!KIELA_IS_HOUSE (focus))
    target = entry_house (self);
  else
    target = house_at_file_rank (self,
                                 (int) kiela_house_get_file (KIELA_HOUSE (focus)) + dfile,
                                 (int) kiela_house_get_rank (KIELA_HOUSE (focus)) + drank);
  if (target == NULL)
    return FALSE;
  /* At the edge of the board focus stays put rather than wandering off. */
  gtk_widget_grab_focus (GTK_WIDGET (target));
  return TRUE;
}

static gboolean
kiela_board_view_focus (GtkWidget *widget, GtkDirectionType direction)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);
  gboolean inside = gtk_widget_get_focus_child (widget) != NULL;

  if (self->n_houses == 0)
    return FALSE;
  switch (direction)
    {
    case GTK_DIR_TAB_FORWARD:
    case GTK_DIR_TAB_BACKWARD:
      /* The board is one stop in the Tab chain; arrows move inside it. */
      if (inside)
        return FALSE;
      return gtk_widget_grab_focus (GTK_WIDGET (entry_house (self)));
    case GTK_DIR_LEFT:  return move_focus (self, -1, 0);
    case GTK_DIR_RIGHT: return move_focus (self, 1, 0);
    case GTK_DIR_UP:    return move_focus (self, 0, 1);
    case GTK_DIR_DOWN:  return move_focus (self, 0, -1);
    default:            return FALSE;
    }
}

static void
kiela_board_view_set_focus_child (GtkWidget *widget, GtkWidget *child)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);

  GTK_WIDGET_CLASS (kiela_board_view_parent_class)->set_focus_child (widget, child);
  if (KIELA_IS_HOUSE (child))
    self->last_focus = KIELA_HOUSE (child);
}

static gboolean
arrow_cb (GtkWidget *widget, GVariant *args, gpointer data)
{
  int dfile, drank;

  g_variant_get (args, "(ii)", &dfile, &drank);
  if (gtk_widget_get_focus_child (widget) == NULL)
    return FALSE;
  return move_focus (KIELA_BOARD_VIEW (widget), dfile, drank);
}

static gboolean
escape_cb (GtkWidget *widget, GVariant *args, gpointer data)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);

  if (self->setup_source == NULL)
    return FALSE;  /* let the window have Escape (leave fullscreen...) */
  set_setup_source (self, NULL);
  return TRUE;
}

/* ---------------------------------------------------------------------------------------------
 * Dragging a stone in setup mode
 */

static KielaHouse *
house_at_point (KielaBoardView *self, double x, double y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  while (picked != NULL && !KIELA_IS_HOUSE (picked) && picked != GTK_WIDGET (self))
    picked = gtk_widget_get_parent (picked);
  return KIELA_IS_HOUSE (picked) ? KIELA_HOUSE (picked) : NULL;
}

static void
drag_begin_cb (GtkGestureDrag *gesture, double x, double y, KielaBoardView *self)
{
  KielaHouse *house = house_at_point (self, x, y);

  if (!self->setup || !self->interactive || house == NULL
      || kiela_house_get_side (house) != self->setup_side || kiela_house_get_count (house) == 0)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag_source = house;
  self->drag_x0 = x;
  self->drag_y0 = y;
  self->drag_dx = self->drag_dy = 0;
  self->dragging = FALSE;
}

static void
drag_update_cb (GtkGestureDrag *gesture, double dx, double dy, KielaBoardView *self)
{
  if (self->drag_source == NULL)
    return;
  self->drag_dx = dx;
  self->drag_dy = dy;
  if (!self->dragging && gtk_drag_check_threshold (GTK_WIDGET (self), 0, 0, (int) dx, (int) dy))
    {
      self->dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      /* A drag names its own source: a house picked earlier by clicking must not stay marked,
       * nor receive the next click's stone as if it were still the source. */
      set_setup_source (self, NULL);
    }
  if (self->dragging)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (GtkGestureDrag *gesture, double dx, double dy, KielaBoardView *self)
{
  KielaHouse *from = self->drag_source;
  gboolean dragged = self->dragging;

  self->drag_source = NULL;
  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (from != NULL && dragged)
    {
      KielaHouse *to = house_at_point (self, self->drag_x0 + dx, self->drag_y0 + dy);

      if (to != NULL && to != from && kiela_house_get_side (to) == self->setup_side)
        emit_setup_move (self, from, to);
    }
}

static void
drag_cancel_cb (GtkGesture *gesture, GdkEventSequence *sequence, KielaBoardView *self)
{
  self->drag_source = NULL;
  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* ---------------------------------------------------------------------------------------------
 * GObject
 */

static void
kiela_board_view_dispose (GObject *object)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (object);
  GtkWidget *child;

  g_clear_handle_id (&self->resize_timeout, g_source_remove);
  g_clear_handle_id (&self->flash_timeout, g_source_remove);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  memset (self->houses, 0, sizeof self->houses);
  self->n_houses = 0;
  self->setup_source = self->drag_source = self->last_focus = NULL;
  cache_clear (&self->cache);
  g_clear_object (&self->board_handle);

  G_OBJECT_CLASS (kiela_board_view_parent_class)->dispose (object);
}

static void
kiela_board_view_class_init (KielaBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const struct { guint key; int dfile, drank; } arrows[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_KP_Left, -1, 0 },
    { GDK_KEY_Right, 1, 0 }, { GDK_KEY_KP_Right, 1, 0 },
    { GDK_KEY_Up, 0, 1 }, { GDK_KEY_KP_Up, 0, 1 },
    { GDK_KEY_Down, 0, -1 }, { GDK_KEY_KP_Down, 0, -1 },
  };

  object_class->dispose = kiela_board_view_dispose;
  widget_class->snapshot = kiela_board_view_snapshot;
  widget_class->measure = kiela_board_view_measure;
  widget_class->size_allocate = kiela_board_view_size_allocate;
  widget_class->focus = kiela_board_view_focus;
  widget_class->set_focus_child = kiela_board_view_set_focus_child;

  /**
   * KielaBoardView::house-activated:
   * @side: the KielaSide owning the house
   * @house: the house, local numbering
   *
   * A house was clicked, or Enter or Space was pressed on it (any house: the window
   * decides whether it may be sown and explains why not).
   */
  signals[SIGNAL_HOUSE_ACTIVATED] = g_signal_new ("house-activated", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * KielaBoardView::setup-move:
   * @side: the side rearranging its stones
   * @from_house: where one stone is taken from
   * @to_house: where it is put
   */
  signals[SIGNAL_SETUP_MOVE] = g_signal_new ("setup-move", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);

  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    gtk_widget_class_add_binding (widget_class, arrows[i].key, 0, arrow_cb, "(ii)", arrows[i].dfile, arrows[i].drank);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "kiela-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  compute_stone_layouts ();
}

static void
kiela_board_view_init (KielaBoardView *self)
{
  self->interactive = TRUE;
  self->flash_on = TRUE;
  self->hand_house = KIELA_NO_HOUSE;

  self->drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (self->drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (self->drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (self->drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (self->drag, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drag));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);
  memset (&self->position, 0, sizeof self->position);
  self->position.files = 10;
  rebuild_houses (self, 10);
}
