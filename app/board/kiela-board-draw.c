/* kiela-board-draw.c: draws a house (stones, marks, count badge, focus ring) and the sower's hand from the cached artwork. */
#include "config.h"

#include <math.h>

#include "kiela-board-draw.h"
#include "kiela-position.h"

#define CELL KIELA_BOARD_CELL

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

static const GdkRGBA badge_fill = { 0.07, 0.045, 0.03, 0.9 };
static const GdkRGBA badge_fill_empty = { 0.07, 0.045, 0.03, 0.62 };
static const GdkRGBA badge_rim = { 1.0, 0.94, 0.84, 0.95 };
static const GdkRGBA badge_text = { 1, 1, 1, 1 };
static const GdkRGBA badge_text_empty = { 0.86, 0.8, 0.72, 1 };

/* The count badge's layout and its pill, in the house's coordinates. */
static PangoLayout *
badge_layout (GtkWidget *widget, float size, guint count, graphene_rect_t *pill, PangoRectangle *logical)
{
  char buf[16];
  PangoLayout *layout;
  PangoRectangle ink;
  float font_px = size * 0.21f;
  float height, width;

  g_snprintf (buf, sizeof buf, "%u", count);
  layout = create_number_layout (widget, buf, font_px);
  pango_layout_get_pixel_extents (layout, &ink, logical);
  height = font_px * 1.42f;
  width = MAX (height, logical->width + font_px * 0.75f);
  graphene_rect_init (pill, size * 0.985f - width, size * 0.985f - height, width, height);
  return layout;
}

/* The count as a number, always, on a dark pill with a light rim: readable on any wood. */
static void
draw_count_badge (GtkWidget *widget, GtkSnapshot *snapshot, float size, guint count)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoRectangle logical;
  graphene_rect_t pill;

  layout = badge_layout (widget, size, count, &pill, &logical);
  append_pill (snapshot, &pill, count ? &badge_fill : &badge_fill_empty, &badge_rim, MAX (1.0f, size * 0.014f));

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (pill.origin.x + (pill.size.width - logical.width) / 2,
                                                          pill.origin.y + (pill.size.height - logical.height) / 2));
  gtk_snapshot_append_layout (snapshot, layout, count ? &badge_text : &badge_text_empty);
  gtk_snapshot_restore (snapshot);
}

/*
 * With the cairo renderer every badge of a frame used to cost a Pango layout (font lookup,
 * shaping), a rounded clip, a border and glyph rendering: about half of a full-board frame.
 * Badges depend only on the count, the house size and the device scale, so each is drawn
 * once into an image kept with the renderer, then copied like the stones.
 */
typedef struct {
  cairo_surface_t *surface;
  graphene_rect_t pill;
} Badge;

/* Houses whose whole-pixel squares differ by a pixel (169 and 170 wide at 1920 px) take turns
 * within a frame: each size keeps its badges, or they would all be drawn anew every frame.  A
 * window resized back and forth shows the board at six sizes or so (two window sizes, each with
 * the side panel beside the board and, for a frame, not yet): with four kept, every resize drew
 * its badges anew (280 in the benchmark's twenty resizes), with eight none. */
#define BADGE_SIZES 8

typedef struct {
  int scale;
  float sizes[BADGE_SIZES];
  GHashTable *badges[BADGE_SIZES];   /* count → Badge, for sizes[i] */
  guint next;                        /* the slot a new size replaces */
  guint renders;
} BadgeCache;

static void
badge_free (gpointer data)
{
  Badge *badge = data;

  cairo_surface_destroy (badge->surface);
  g_free (badge);
}

static void
badge_cache_free (gpointer data)
{
  BadgeCache *cache = data;

  for (guint i = 0; i < BADGE_SIZES; i++)
    g_clear_pointer (&cache->badges[i], g_hash_table_unref);
  g_free (cache);
}

static void
rounded_rect_path (cairo_t *cr, double x, double y, double w, double h, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static Badge *
render_badge (GtkWidget *widget, float size, int scale, guint count)
{
  Badge *badge = g_new0 (Badge, 1);
  g_autoptr(PangoLayout) layout = NULL;
  PangoRectangle logical;
  const GdkRGBA *fill, *text;
  float border = MAX (1.0f, size * 0.014f);
  float w, h, r;
  cairo_t *cr;

  layout = badge_layout (widget, size, count, &badge->pill, &logical);
  w = badge->pill.size.width;
  h = badge->pill.size.height;
  r = h / 2;
  fill = count ? &badge_fill : &badge_fill_empty;
  text = count ? &badge_text : &badge_text_empty;
  badge->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * scale), (int) ceil (h * scale));
  cairo_surface_set_device_scale (badge->surface, scale, scale);
  cr = cairo_create (badge->surface);
  /* As append_pill: the fill clipped to the pill, the rim inside its edge. */
  rounded_rect_path (cr, 0, 0, w, h, r);
  gdk_cairo_set_source_rgba (cr, fill);
  cairo_fill (cr);
  rounded_rect_path (cr, border / 2, border / 2, w - border, h - border, MAX (r - border / 2, 0));
  cairo_set_line_width (cr, border);
  gdk_cairo_set_source_rgba (cr, &badge_rim);
  cairo_stroke (cr);
  cairo_move_to (cr, (w - logical.width) / 2, (h - logical.height) / 2);
  gdk_cairo_set_source_rgba (cr, text);
  pango_cairo_show_layout (cr, layout);
  cairo_destroy (cr);
  cairo_surface_flush (badge->surface);
  return badge;
}

static GQuark
badge_quark (void)
{
  static GQuark quark;

  if (quark == 0)
    quark = g_quark_from_static_string ("kiela-board-badges");
  return quark;
}

guint
kiela_board_draw_get_badge_renders (KielaBoardRenderer *renderer)
{
  BadgeCache *cache = g_object_get_qdata (G_OBJECT (renderer), badge_quark ());

  return cache ? cache->renders : 0;
}

static void
paint_cached_badge (KielaBoardRenderer *renderer, KielaBoardPainter *painter, GtkWidget *widget, float size,
                    guint count)
{
  BadgeCache *cache = g_object_get_qdata (G_OBJECT (renderer), badge_quark ());
  GHashTable *badges = NULL;
  Badge *badge;
  int scale = gtk_widget_get_scale_factor (widget);

  if (cache == NULL || cache->scale != scale)
    {
      cache = g_new0 (BadgeCache, 1);
      cache->scale = scale;
      g_object_set_qdata_full (G_OBJECT (renderer), badge_quark (), cache, badge_cache_free);
    }
  for (guint i = 0; i < BADGE_SIZES && badges == NULL; i++)
    if (cache->badges[i] != NULL && cache->sizes[i] == size)
      badges = cache->badges[i];
  if (badges == NULL)
    {
      guint slot = cache->next;

      cache->next = (slot + 1) % BADGE_SIZES;
      g_clear_pointer (&cache->badges[slot], g_hash_table_unref);
      cache->badges[slot] = badges = g_hash_table_new_full (NULL, NULL, NULL, badge_free);
      cache->sizes[slot] = size;
    }
  badge = g_hash_table_lookup (badges, GUINT_TO_POINTER (count));
  if (badge == NULL)
    {
      badge = render_badge (widget, size, scale, count);
      g_hash_table_insert (badges, GUINT_TO_POINTER (count), badge);
      cache->renders++;
    }
  cairo_set_source_surface (painter->cr, badge->surface, badge->pill.origin.x, badge->pill.origin.y);
  cairo_rectangle (painter->cr, badge->pill.origin.x, badge->pill.origin.y,
                   cairo_image_surface_get_width (badge->surface) / (double) scale,
                   cairo_image_surface_get_height (badge->surface) / (double) scale);
  cairo_fill (painter->cr);
}

gboolean
kiela_board_draw_uses_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;

  return renderer == NULL || GSK_IS_CAIRO_RENDERER (renderer);
}

static void
draw_stones (KielaBoardRenderer *renderer, KielaBoardPainter *painter, float size, guint count, guint seed)
{
  guint n = MIN (count, KIELA_BOARD_MAX_DRAWN_STONES);
  float unit = size / CELL;
  float radius = kiela_board_geometry_stone_radius () * unit;
  float sprite = kiela_board_geometry_stone_sprite () * unit;
  float centre = size / 2;

  for (guint i = 0; i < n; i++)
    {
      /* Vary the stone kind by house and place, so neighbouring houses do not look cloned. */
      guint kind = (seed * 7 + i * 5 + i / 3) % KIELA_BOARD_SPRITE_N_STONES;
      double dx, dy;
      float x, y;

      kiela_board_geometry_stone_offset (n, i, &dx, &dy);
      x = centre + dx * radius;
      y = centre + dy * radius;
      /* The body sits slightly up-left in its sprite, the shadow falls down-right. */
      kiela_board_renderer_paint_sprite (renderer, painter, KIELA_BOARD_SPRITE_STONE_1 + kind,
                                         x - sprite * 0.5f, y - sprite * 0.5f, sprite, sprite);
    }
}

/* A square focus ring (every other mark is round), two-toned to show on light and dark. */
void
kiela_board_draw_focus_ring (GtkSnapshot *snapshot, float size)
{
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

static void
draw_hover (KielaBoardPainter *painter, float size)
{
  static const GdkRGBA glow = { 1, 0.93, 0.8, 0.16 };
  float radius = size * KIELA_BOARD_CUP_R / CELL;

  if (painter->cr != NULL)
    {
      cairo_new_path (painter->cr);
      cairo_arc (painter->cr, size / 2, size / 2, radius, 0, 2 * G_PI);
      gdk_cairo_set_source_rgba (painter->cr, &glow);
      cairo_fill (painter->cr);
    }
  else
    append_circle (painter->snapshot, &GRAPHENE_POINT_INIT (size / 2, size / 2), radius, &glow);
}

void
kiela_board_draw_house (KielaBoardRenderer *renderer, KielaBoardPainter *painter, GtkWidget *widget,
                        const graphene_rect_t *cell, const KielaHouseLook *look)
{
  float size = MIN (cell->size.width, cell->size.height);
  cairo_t *cr = painter->cr;

  if (size <= 0)
    return;
  if (cr != NULL)
    {
      cairo_save (cr);
      /* Nothing of a house leaves its square, as when each house was a cairo node of its own. */
      cairo_rectangle (cr, cell->origin.x, cell->origin.y, size, size);
      cairo_clip (cr);
      cairo_translate (cr, cell->origin.x, cell->origin.y);
    }
  else
    {
      gtk_snapshot_save (painter->snapshot);
      gtk_snapshot_translate (painter->snapshot, &cell->origin);
    }

  if (look->hover)
    draw_hover (painter, size);
  draw_stones (renderer, painter, size, look->count, look->seed);
  if (look->playable)
    kiela_board_renderer_paint_sprite (renderer, painter, KIELA_BOARD_SPRITE_PLAYABLE, 0, 0, size, size);
  if (look->highlight != KIELA_HIGHLIGHT_NONE)
    {
      KielaBoardSprite sprite = KIELA_BOARD_SPRITE_HIGHLIGHT_0 + look->highlight;

      if (look->highlight == KIELA_HIGHLIGHT_CAPTURED && !look->flash_on)
        sprite = KIELA_BOARD_SPRITE_CAPTURED_OFF;
      kiela_board_renderer_paint_sprite (renderer, painter, sprite, 0, 0, size, size);
    }
  if (look->selected)
    kiela_board_renderer_paint_sprite (renderer, painter, KIELA_BOARD_SPRITE_SELECTED, 0, 0, size, size);

  if (cr != NULL)
    {
      paint_cached_badge (renderer, painter, widget, size, look->count);
      cairo_restore (cr);
    }
  else
    {
      draw_count_badge (widget, painter->snapshot, size, look->count);
      gtk_snapshot_restore (painter->snapshot);
    }
}

/* The hand's size for a cell of `cs` pixels: its number about a third of a house high, so a
 * room can read it from the back (a projected 1080-px board has 100-px houses). */
#define HAND_HEIGHT 0.46f
#define HAND_TEXT   0.32f

/* The bubble's rectangle and its number's layout. */
static PangoLayout *
hand_rect (GtkWidget *widget, const KielaBoardLayout *layout, guint file, guint rank, guint stones,
           graphene_rect_t *pill, float *stone_size, PangoRectangle *logical)
{
  graphene_rect_t cell;
  float cs, height, width;
  char buf[16];
  PangoLayout *text;
  PangoRectangle ink;

  kiela_board_layout_cell_rect (layout, file, rank, &cell);
  cs = cell.size.width;
  *stone_size = kiela_board_geometry_stone_sprite () * cs / CELL * (HAND_HEIGHT / 0.36f);
  height = cs * HAND_HEIGHT;
  g_snprintf (buf, sizeof buf, "%u", stones);
  text = create_number_layout (widget, buf, cs * HAND_TEXT);
  pango_layout_get_pixel_extents (text, &ink, logical);
  width = height * 0.35f + *stone_size * (0.35f + 0.6f * MIN (stones, 5)) + logical->width + height * 0.3f;
  kiela_board_layout_hand_rect (layout, file, rank, width, height, pill);
  return text;
}

void
kiela_board_draw_hand_rect (GtkWidget *widget, const KielaBoardLayout *layout, guint file, guint rank, guint stones,
                            graphene_rect_t *rect)
{
  float stone;
  PangoRectangle logical;
  /* Only the rectangle is wanted: the layout that measured it goes. */
  g_object_unref (hand_rect (widget, layout, file, rank, MAX (stones, 1), rect, &stone, &logical));
}

void
kiela_board_draw_hand (KielaBoardRenderer *renderer, GtkSnapshot *snapshot, GtkWidget *widget,
                       const KielaBoardLayout *layout, guint file, guint rank, guint stones, gboolean use_cairo)
{
  static const GdkRGBA fill = { 0.07, 0.045, 0.03, 0.93 };
  static const GdkRGBA rim = { 0.18, 0.77, 1.0, 1 };
  static const GdkRGBA white = { 1, 1, 1, 1 };
  graphene_rect_t pill;
  float stone, height, x;
  guint shown;
  g_autoptr(PangoLayout) text = NULL;
  PangoRectangle logical;
  KielaBoardPainter painter;

  if (stones == 0)
    return;
  text = hand_rect (widget, layout, file, rank, stones, &pill, &stone, &logical);
  height = pill.size.height;
  shown = MIN (stones, 5);
  append_pill (snapshot, &pill, &fill, &rim, MAX (2.0f, height * 0.07f));

  x = pill.origin.x + height * 0.3f;
  kiela_board_painter_begin (&painter, snapshot, use_cairo, &pill);
  for (guint i = 0; i < shown; i++, x += stone * 0.6f)
    kiela_board_renderer_paint_sprite (renderer, &painter, KIELA_BOARD_SPRITE_STONE_1 + i % KIELA_BOARD_SPRITE_N_STONES,
                                       x, pill.origin.y + (height - stone) / 2, stone, stone);
  kiela_board_painter_end (&painter);

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + stone * 0.5f,
                                                          pill.origin.y + (height - logical.height) / 2));
  gtk_snapshot_append_layout (snapshot, text, &white);
  gtk_snapshot_restore (snapshot);
}
