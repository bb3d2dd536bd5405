/* kiela-board-view.c: the board widget: lays out the houses (child buttons), draws the board and the hand.
 * Clicks, keyboard navigation and setup-mode drags: kiela-board-view-input.c.  Geometry, artwork and the
 * texture cache live in kiela-board-*.c. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-board-view.h"
#include "kiela-board-view-private.h"
#include "kiela-board-draw.h"
#include "kiela-house.h"
#include "kiela-position.h"
#include "kiela-file.h"

G_DEFINE_FINAL_TYPE (KielaBoardView, kiela_board_view, GTK_TYPE_WIDGET)

guint _kiela_board_view_signals[N_SIGNALS];

/* ---------------------------------------------------------------------------------------------
 * Drawing
 */

void
_kiela_board_view_compute_layout (KielaBoardView *self, double width, double height, KielaBoardLayout *layout)
{
  kiela_board_layout_compute (layout, self->files, width, height);
}

static gboolean
resize_timeout_cb (gpointer data)
{
  KielaBoardView *self = data;

  /* The board's next frame renders the artwork anew at the size it settled at. */
  self->resize_timeout = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
draw_hand (KielaBoardView *self, KielaBoardRenderer *renderer, GtkSnapshot *snapshot,
           const KielaBoardLayout *layout, gboolean use_cairo)
{
  KielaSquare sq;

  if (self->hand_stones == 0 || self->hand_house >= 2 * self->files)
    return;
  kiela_square_from_house (self->files, self->hand_side, self->hand_house, &sq);
  kiela_board_draw_hand (renderer, snapshot, GTK_WIDGET (self), layout, sq.file, sq.rank, self->hand_stones, use_cairo);
}

/* A house's square in whole pixels: where it is allocated, and where the board draws it. */
static void
house_cell (const KielaBoardLayout *layout, KielaHouse *house, graphene_rect_t *cell)
{
  graphene_rect_t r;

  kiela_board_layout_cell_rect (layout, kiela_house_get_file (house), kiela_house_get_rank (house), &r);
  graphene_rect_init (cell, (int) r.origin.x, (int) r.origin.y, (int) r.size.width, (int) r.size.height);
}

/* The board and every house's content in one go: with cairo, one cairo node, which GTK 4.8
 * paints through one intermediate image instead of one per house.  Focus rings are not drawn:
 * the houses draw their own (see draw_focus_rings for pictures). */
static void
draw_board (KielaBoardView *self, KielaBoardRenderer *renderer, GtkSnapshot *snapshot,
            const KielaBoardLayout *layout, gboolean use_cairo, gboolean with_hover)
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (layout->x, layout->y, layout->width, layout->height);
  KielaBoardPainter painter;

  if (!kiela_board_renderer_is_ready (renderer))
    return;
  kiela_board_painter_begin (&painter, snapshot, use_cairo, &bounds);
  kiela_board_renderer_paint_background (renderer, &painter, layout);
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      {
        KielaHouse *house = self->houses[side][h];
        KielaHouseLook look;
        graphene_rect_t cell;

        house_cell (layout, house, &cell);
        kiela_house_get_look (house, &look);
        look.hover = look.hover && with_hover;
        kiela_board_draw_house (renderer, &painter, GTK_WIDGET (self), &cell, &look);
      }
  kiela_board_painter_end (&painter);
}

static void
draw_focus_rings (KielaBoardView *self, GtkSnapshot *snapshot, const KielaBoardLayout *layout)
{
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      {
        KielaHouse *house = self->houses[side][h];
        graphene_rect_t cell;

        if (!gtk_widget_has_visible_focus (GTK_WIDGET (house)))
          continue;
        house_cell (layout, house, &cell);
        gtk_snapshot_save (snapshot);
        gtk_snapshot_translate (snapshot, &cell.origin);
        kiela_board_draw_focus_ring (snapshot, MIN (cell.size.width, cell.size.height));
        gtk_snapshot_restore (snapshot);
      }
}

/* Forgets the board as drawn: the next frame draws the wood and every house anew. */
static void
clear_board_nodes (KielaBoardView *self)
{
  g_clear_pointer (&self->board_node, gsk_render_node_unref);
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < KIELA_MAX_HOUSES; h++)
      g_clear_pointer (&self->house_nodes[side][h], gsk_render_node_unref);
}

/* New artwork (rasterised in a worker thread): every house is drawn anew with it. */
static void
renderer_changed_cb (KielaBoardRenderer *renderer, KielaBoardView *self)
{
  clear_board_nodes (self);
  if (!self->in_snapshot)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_kiela_board_view_house_changed (KielaBoardView *self)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));

  /* The next snapshot compares each house's look with the one last drawn. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The board as nodes: the wood, then each house's content (hover glow, stones, marks, count),
 * each node kept while what it shows is unchanged.  With cairo a house is a cairo node of its
 * own again, clipped to its square: GTK 4.8's cairo renderer paints each through an image of
 * its own, which costs more when every house changes (a new game), but a dropped stone changes
 * one house, and GTK repaints only the nodes that differ from the last frame's. */
static void
snapshot_board (KielaBoardView *self, GtkSnapshot *snapshot, const KielaBoardLayout *layout, gboolean use_cairo)
{
  if (!kiela_board_renderer_is_ready (self->renderer))
    return;
  if (self->board_node == NULL)
    {
      GtkSnapshot *wood = gtk_snapshot_new ();
      graphene_rect_t bounds = GRAPHENE_RECT_INIT (layout->x, layout->y, layout->width, layout->height);
      KielaBoardPainter painter;

      kiela_board_painter_begin (&painter, wood, use_cairo, &bounds);
      kiela_board_renderer_paint_background (self->renderer, &painter, layout);
      kiela_board_painter_end (&painter);
      self->board_node = gtk_snapshot_free_to_node (wood);
    }
  if (self->board_node != NULL)
    gtk_snapshot_append_node (snapshot, self->board_node);

  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      {
        KielaHouse *house = self->houses[side][h];
        KielaHouseLook look;
        graphene_rect_t cell;

        house_cell (layout, house, &cell);
        kiela_house_get_look (house, &look);
        /* The houses draw their own focus rings: not part of the board's drawing. */
        look.focus_visible = FALSE;
        if (self->house_nodes[side][h] == NULL || memcmp (&look, &self->house_looks[side][h], sizeof look) != 0
            || !graphene_rect_equal (&cell, &self->house_cells[side][h]))
          {
            GtkSnapshot *content = gtk_snapshot_new ();
            KielaBoardPainter painter;

            kiela_board_painter_begin (&painter, content, use_cairo, &cell);
            kiela_board_draw_house (self->renderer, &painter, GTK_WIDGET (self), &cell, &look);
            kiela_board_painter_end (&painter);
            g_clear_pointer (&self->house_nodes[side][h], gsk_render_node_unref);
            self->house_nodes[side][h] = gtk_snapshot_free_to_node (content);
            self->house_looks[side][h] = look;
            self->house_cells[side][h] = cell;
          }
        if (self->house_nodes[side][h] != NULL)
          gtk_snapshot_append_node (snapshot, self->house_nodes[side][h]);
      }
}

static void
kiela_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);
  gboolean use_cairo = kiela_board_draw_uses_cairo (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  KielaBoardLayout layout;

  _kiela_board_view_compute_layout (self, width, height, &layout);
  /* While the window is being resized, stretch the old textures; once it settles, the new size is
   * rasterised in a worker thread (the old textures stretched until then), and "changed" brings
   * the frame that shows it. */
  self->in_snapshot = TRUE;
  if ((self->resize_timeout == 0 || !kiela_board_renderer_is_ready (self->renderer))
      && kiela_board_renderer_request (self->renderer, &layout, scale))
    clear_board_nodes (self);
  self->in_snapshot = FALSE;
  kiela_board_renderer_get_pixels (self->renderer, &self->drawn_art_width, &self->drawn_art_height, NULL);

  if (self->board_node_width != width || self->board_node_height != height
      || self->board_node_scale != scale || self->board_node_cairo != use_cairo)
    {
      clear_board_nodes (self);
      self->board_node_width = width;
      self->board_node_height = height;
      self->board_node_scale = scale;
      self->board_node_cairo = use_cairo;
    }
  snapshot_board (self, snapshot, &layout, use_cairo);

  /* The houses draw their focus rings. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    gtk_widget_snapshot_child (widget, child, snapshot);

  draw_hand (self, self->renderer, snapshot, &layout, use_cairo);

  if (self->dragging && self->drag_source != NULL)
    {
      /* The stone being carried, a little larger: it is lifted off the board. */
      float stone = kiela_board_geometry_stone_sprite () * layout.scale * 1.5f;
      graphene_rect_t r = GRAPHENE_RECT_INIT (self->drag_x0 + self->drag_dx - stone / 2,
                                              self->drag_y0 + self->drag_dy - stone / 2, stone, stone);
      KielaBoardPainter painter;

      kiela_board_painter_begin (&painter, snapshot, use_cairo, &r);
      kiela_board_renderer_paint_sprite (self->renderer, &painter, KIELA_BOARD_SPRITE_STONE_1,
                                         r.origin.x, r.origin.y, stone, stone);
      kiela_board_painter_end (&painter);
    }
}

static cairo_status_t
append_to_array (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
kiela_board_view_render_png (KielaBoardView *self, int width, int height, GError **error)
{
  g_autoptr(KielaBoardRenderer) renderer = NULL;
  KielaBoardLayout layout;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  GByteArray *png;

  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), NULL);

  if (width <= 0 || height <= 0 || width > 16384 || height > 16384)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot draw the board at %d×%d pixels"), width, height);
      return NULL;
    }

  _kiela_board_view_compute_layout (self, width, height, &layout);
  /* Reuse the widget's textures when the size matches; never disturb them otherwise. */
  if (kiela_board_renderer_matches (self->renderer, &layout, 1))
    renderer = g_object_ref (self->renderer);
  else
    {
      renderer = kiela_board_renderer_new ();
      kiela_board_renderer_ensure (renderer, &layout, 1);
    }

  snapshot = gtk_snapshot_new ();
  draw_board (self, renderer, snapshot, &layout, TRUE, FALSE);
  draw_focus_rings (self, snapshot, &layout);
  draw_hand (self, renderer, snapshot, &layout, TRUE);
  node = gtk_snapshot_free_to_node (snapshot);
  /* The render count covers exports too: the tests prove that an export at the widget's size
   * rasterises nothing anew. */
  if (renderer != self->renderer)
    self->export_renders += kiela_board_renderer_get_render_count (renderer);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  png = g_byte_array_new ();
  status = cairo_surface_write_to_png_stream (surface, append_to_array, png);
  cairo_surface_destroy (surface);
  g_clear_pointer (&node, gsk_render_node_unref);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, cairo_status_to_string (status));
      g_byte_array_unref (png);
      return NULL;
    }
  return g_byte_array_free_to_bytes (png);
}

gboolean
kiela_board_view_save_png (KielaBoardView *self, const char *path, int width, int height, GError **error)
{
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GFile) file = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  png = kiela_board_view_render_png (self, width, height, error);
  if (png == NULL)
    return FALSE;
  /* Drawn in memory, then written like every other file the app makes: a full disk or a
   * failed write leaves the old picture (or none), never half a PNG. */
  file = g_file_new_for_path (path);
  data = g_bytes_get_data (png, &length);
  return kiela_file_replace_contents_checked (file, data, length, error);
}

/* ---------------------------------------------------------------------------------------------
 * Size
 */

static void
kiela_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);

  kiela_board_geometry_measure (self->files, orientation == GTK_ORIENTATION_HORIZONTAL, minimum, natural);
}

void
kiela_board_view_get_board_rect (KielaBoardView *self, graphene_rect_t *rect)
{
  KielaBoardLayout layout;

  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));
  _kiela_board_view_compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)), &layout);
  graphene_rect_init (rect, layout.x, layout.y, layout.width, layout.height);
}

static void
kiela_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);
  KielaBoardLayout layout;

  _kiela_board_view_compute_layout (self, width, height, &layout);
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      {
        KielaHouse *house = self->houses[side][h];
        graphene_rect_t r;
        GtkAllocation alloc;

        house_cell (&layout, house, &r);
        alloc = (GtkAllocation) { (int) r.origin.x, (int) r.origin.y, (int) r.size.width, (int) r.size.height };
        gtk_widget_size_allocate (GTK_WIDGET (house), &alloc, -1);
      }
  /* A popover parented to the board (the window's direction choice) follows it, as GtkPopover
   * asks of its parent's size_allocate. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      gtk_popover_present (GTK_POPOVER (child));

  if (kiela_board_renderer_is_ready (self->renderer)
      && !kiela_board_renderer_matches (self->renderer, &layout, gtk_widget_get_scale_factor (widget)))
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

gboolean
kiela_board_view_get_activation_shift (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), FALSE);
  return self->activation_shift;
}

guint
kiela_board_view_get_files (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), 0);
  return self->files;
}

KielaBoardRenderer *
kiela_board_view_get_renderer (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), NULL);
  return self->renderer;
}

guint
kiela_board_view_get_svg_render_count (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), 0);
  return kiela_board_renderer_get_render_count (self->renderer) + self->export_renders;
}

void
kiela_board_view_get_drawn_art_pixels (KielaBoardView *self, int *width, int *height)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));

  if (width)
    *width = self->drawn_art_width;
  if (height)
    *height = self->drawn_art_height;
}

void
kiela_board_view_get_cache_pixels (KielaBoardView *self, int *bg_width, int *bg_height, int *cell_px)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));
  kiela_board_renderer_get_pixels (self->renderer, bg_width, bg_height, cell_px);
}

gboolean
kiela_board_view_get_flash_on (KielaBoardView *self)
{
  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (self), FALSE);
  return self->flash_on;
}

static void
update_counts (KielaBoardView *self)
{
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      kiela_house_set_count (self->houses[side][h], self->position.houses[side][h]);
  /* A source that ran out of stones can give no more. */
  if (self->setup_source != NULL && kiela_house_get_count (self->setup_source) == 0)
    _kiela_board_view_set_setup_source (self, NULL);
}

static void
rebuild_houses (KielaBoardView *self, guint files)
{
  GtkWidget *child;

  self->setup_source = NULL;
  self->drag_source = NULL;
  self->last_focus = NULL;
  /* The board's own children go; a popover others parent to the board stays theirs (the window's
   * direction choice: unparented here, it was left unrealized but alive, pointed to by the
   * window and by GTK's tooltip code, which then read its missing surface). */
  child = gtk_widget_get_first_child (GTK_WIDGET (self));
  while (child != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (!GTK_IS_NATIVE (child))
        gtk_widget_unparent (child);
      child = next;
    }
  memset (self->houses, 0, sizeof self->houses);
  clear_board_nodes (self);

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
        kiela_house_set_interactive (KIELA_HOUSE (house), self->interactive);
        kiela_house_set_flash_on (KIELA_HOUSE (house), self->flash_on);
        g_signal_connect (house, "clicked", G_CALLBACK (_kiela_board_view_house_clicked_cb), self);
        gtk_widget_set_parent (house, GTK_WIDGET (self));
        self->houses[sq.side][sq.house] = KIELA_HOUSE (house);
      }
  update_counts (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
set_flash_on (KielaBoardView *self, gboolean on)
{
  self->flash_on = on;
  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * self->files; h++)
      kiela_house_set_flash_on (self->houses[side][h], on);
}

static void
stop_flashing (KielaBoardView *self)
{
  g_clear_handle_id (&self->flash_timeout, g_source_remove);
  set_flash_on (self, TRUE);
}

static gboolean
flash_timeout_cb (gpointer data)
{
  KielaBoardView *self = data;

  /* Eight phases of 125 ms: about a second of flashing, then the mark stays on. */
  self->flash_ticks++;
  if (self->flash_ticks >= 8)
    {
      self->flash_timeout = 0;
      set_flash_on (self, TRUE);
      return G_SOURCE_REMOVE;
    }
  set_flash_on (self, !self->flash_on);
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
    if (moves[i] >= 0 && KIELA_MOVE_HOUSE (moves[i]) < 2 * self->files)
      playable[KIELA_MOVE_HOUSE (moves[i])] = TRUE;   /* a house with a clockwise move too */
  for (guint s = 0; s < 2; s++)
    for (guint h = 0; h < 2 * self->files; h++)
      kiela_house_set_playable (self->houses[s][h], s == side && playable[h]);
}

void
kiela_board_view_set_house_playable (KielaBoardView *self, KielaSide side, guint house, gboolean playable)
{
  g_return_if_fail (KIELA_IS_BOARD_VIEW (self));

  if (side > KIELA_NORTH || house >= 2 * self->files)
    return;
  kiela_house_set_playable (self->houses[side][house], playable);
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
        kiela_house_set_interactive (self->houses[s][h], interactive);
      }
  if (!interactive)
    _kiela_board_view_set_setup_source (self, NULL);
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
  _kiela_board_view_set_setup_source (self, NULL);
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

static void
kiela_board_view_set_focus_child (GtkWidget *widget, GtkWidget *child)
{
  KielaBoardView *self = KIELA_BOARD_VIEW (widget);

  GTK_WIDGET_CLASS (kiela_board_view_parent_class)->set_focus_child (widget, child);
  if (KIELA_IS_HOUSE (child))
    self->last_focus = KIELA_HOUSE (child);
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
  if (self->renderer != NULL)
    g_signal_handlers_disconnect_by_func (self->renderer, renderer_changed_cb, self);
  g_clear_object (&self->renderer);
  clear_board_nodes (self);

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
  widget_class->focus = _kiela_board_view_focus;
  widget_class->set_focus_child = kiela_board_view_set_focus_child;

  /**
   * KielaBoardView::house-activated:
   * @side: the KielaSide owning the house
   * @house: the house, local numbering
   *
   * A house was clicked, or Enter or Space was pressed on it (any house: the window
   * decides whether it may be sown and explains why not).
   */
  _kiela_board_view_signals[SIGNAL_HOUSE_ACTIVATED] = g_signal_new ("house-activated", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * KielaBoardView::setup-move:
   * @side: the side rearranging its stones
   * @from_house: where one stone is taken from
   * @to_house: where it is put
   */
  _kiela_board_view_signals[SIGNAL_SETUP_MOVE] = g_signal_new ("setup-move", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * KielaBoardView::setup-move-all:
   * @side: the side rearranging its stones
   * @from_house: where all the stones are taken from (Shift was held)
   * @to_house: where they are put
   */
  _kiela_board_view_signals[SIGNAL_SETUP_MOVE_ALL] = g_signal_new ("setup-move-all", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);

  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    gtk_widget_class_add_binding (widget_class, arrows[i].key, 0, _kiela_board_view_arrow_cb, "(ii)", arrows[i].dfile, arrows[i].drank);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, _kiela_board_view_escape_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "kiela-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
kiela_board_view_init (KielaBoardView *self)
{
  self->interactive = TRUE;
  self->flash_on = TRUE;
  self->hand_house = KIELA_NO_HOUSE;
  self->renderer = kiela_board_renderer_new ();
  g_signal_connect (self->renderer, "changed", G_CALLBACK (renderer_changed_cb), self);

  self->drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (self->drag, "drag-begin", G_CALLBACK (_kiela_board_view_drag_begin_cb), self);
  g_signal_connect (self->drag, "drag-update", G_CALLBACK (_kiela_board_view_drag_update_cb), self);
  g_signal_connect (self->drag, "drag-end", G_CALLBACK (_kiela_board_view_drag_end_cb), self);
  g_signal_connect (self->drag, "cancel", G_CALLBACK (_kiela_board_view_drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drag));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);
  memset (&self->position, 0, sizeof self->position);
  self->position.files = 10;
  rebuild_houses (self, 10);
}
