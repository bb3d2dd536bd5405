/* kiela-diagram.c: builds a standalone SVG of a position from the board's artwork (for export, worksheets and the CLI). */
#include "config.h"

#include <math.h>
#include <string.h>
#include <librsvg/rsvg.h>

#include "kiela-diagram.h"
#include "kiela-board-geometry.h"
#include "kiela-board-scene.h"

#define CELL   KIELA_BOARD_CELL
#define MARGIN KIELA_BOARD_MARGIN

/* The artwork's fonts, with DejaVu (always installed with the app) before the generic family. */
#define FONT "Cantarell, 'DejaVu Sans', sans-serif"

static const char *
num (char buf[G_ASCII_DTOSTR_BUF_SIZE], double value)
{
  return g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.2f", value);
}

static void
replace_all (GString *s, const char *from, const char *to)
{
  g_string_replace (s, from, to, 0);
}

/* A sprite file (a whole SVG document of 100×100 units) as a <symbol> whose ids carry `id` as a
 * prefix, so the sprites' own ids ("body", "shadow", "hatch") cannot clash in one document. */
static void
append_symbol (GString *out, const char *file, const char *id)
{
  g_autoptr(GBytes) bytes = kiela_board_scene_load_resource (file);
  g_autoptr(GString) body = g_string_new_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  const char *open = strstr (body->str, "<svg");
  const char *open_end = open ? strchr (open, '>') : NULL;
  const char *close = g_strrstr (body->str, "</svg>");
  g_autofree char *prefix_id = g_strdup_printf ("id=\"%s-", id);
  g_autofree char *prefix_url = g_strdup_printf ("url(#%s-", id);
  g_autofree char *prefix_href = g_strdup_printf ("href=\"#%s-", id);
  g_autoptr(GString) inner = NULL;

  if (open_end == NULL || close == NULL || close < open_end)
    g_error ("The board artwork %s is not an SVG document", file);
  inner = g_string_new_len (open_end + 1, close - open_end - 1);
  replace_all (inner, "id=\"", prefix_id);
  replace_all (inner, "url(#", prefix_url);
  replace_all (inner, "href=\"#", prefix_href);
  g_string_append_printf (out, "<symbol id=\"%s\" viewBox=\"0 0 100 100\">%s</symbol>\n", id, inner->str);
}

static void
use_symbol (GString *out, const char *id, double x, double y, double size)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, "<use xlink:href=\"#%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/>\n",
                          id, num (a, x), num (b, y), num (c, size), c);
}

static void
cell_origin (guint files, KielaSide side, guint house, double *x, double *y)
{
  KielaSquare sq;

  kiela_square_from_house (files, side, house, &sq);
  *x = MARGIN + sq.file * CELL;
  *y = kiela_board_geometry_rank_top (sq.rank);
}

#define N_STONE_KINDS 3

/* Stone `i` of `n` in the cell at (x0, y0): its kind and the top-left of its sprite. */
static void
place_stone (double x0, double y0, guint n, guint i, guint seed, guint *kind, double *x, double *y)
{
  double radius = kiela_board_geometry_stone_radius ();
  double sprite = kiela_board_geometry_stone_sprite ();
  double dx, dy;

  /* The same choice of stone kinds as the board widget, so a diagram looks like the screen. */
  *kind = (seed * 7 + i * 5 + i / 3) % N_STONE_KINDS;
  kiela_board_geometry_stone_offset (n, i, &dx, &dy);
  *x = x0 + CELL / 2 + dx * radius - sprite / 2;
  *y = y0 + CELL / 2 + dy * radius - sprite / 2;
}

static void
append_stones (GString *out, double x0, double y0, guint count, guint seed)
{
  guint n = MIN (count, KIELA_BOARD_MAX_DRAWN_STONES);

  for (guint i = 0; i < n; i++)
    {
      char id[16];
      guint kind;
      double x, y;

      place_stone (x0, y0, n, i, seed, &kind, &x, &y);
      g_snprintf (id, sizeof id, "k-stone-%u", kind + 1);
      use_symbol (out, id, x, y, kiela_board_geometry_stone_sprite ());
    }
}

/* The count on a dark pill in the cell's bottom-right corner, as the board shows it; in a blank
 * diagram a white box to write the count into. */
static void
append_count (GString *out, double x0, double y0, guint count, gboolean blank, gboolean ink)
{
  const double font = 21;
  char text[16];
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE];
  char d[G_ASCII_DTOSTR_BUF_SIZE], e[G_ASCII_DTOSTR_BUF_SIZE];
  double h, w;

  if (blank)
    {
      h = 36;
      w = 50;
      g_string_append_printf (out, "<rect class=\"answer\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"6\" "
                              "fill=\"#ffffff\" stroke=\"#1a0d04\" stroke-width=\"2\"/>\n",
                              num (a, x0 + (CELL - w) / 2), num (b, y0 + (CELL - h) / 2), num (c, w), num (d, h));
      return;
    }
  g_snprintf (text, sizeof text, "%u", count);
  h = font * 1.42;
  w = MAX (h, strlen (text) * font * 0.66 + font * 0.75);
  /* Opaque, so that no arrow or ring drawn under it shows through; in ink black on white with a
   * thin outline, no grey a school printer smears. */
  g_string_append_printf (out, "<rect class=\"badge\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"%s\" "
                          "fill=\"%s\" fill-opacity=\"%s\" stroke=\"%s\" stroke-opacity=\"0.95\" stroke-width=\"%s\"/>\n",
                          num (a, x0 + CELL * 0.985 - w), num (b, y0 + CELL * 0.985 - h), num (c, w), num (d, h),
                          num (e, h / 2), ink ? "#ffffff" : count ? "#1c120c" : "#4a3323", "1",
                          ink ? "#000000" : "#fff0d6", ink ? "1.6" : "1.4");
  g_string_append_printf (out, "<text class=\"count\" x=\"%s\" y=\"%s\" font-family=\"%s\" font-weight=\"bold\" "
                          "font-size=\"%s\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
                          num (a, x0 + CELL * 0.985 - w / 2), num (b, y0 + CELL * 0.985 - h / 2 + font * 0.36),
                          FONT, num (c, font), ink ? "#000000" : count ? "#ffffff" : "#dccdb8", text);
}

static void
house_centre (guint files, KielaSide side, guint house, double p[2])
{
  cell_origin (files, side, house, &p[0], &p[1]);
  p[0] += CELL / 2;
  p[1] += CELL / 2;
}

/* Told apart without colour: a greyscale print of the four colours cannot be read, so every
 * lap also has its own dash pattern and its number at its start. */
static const char *const lap_colours[KIELA_DIAGRAM_LAPS_PER_DIAGRAM] = { "#1f7ae0", "#e66100", "#2ec27e", "#9141ac" };
static const char *const lap_dashes[KIELA_DIAGRAM_LAPS_PER_DIAGRAM] = { "none", "22 12", "4 11", "22 9 4 9" };

/* One lap: a line from the house it starts from through every house it drops a stone into,
 * with an arrowhead at the house where it ends and the lap's number at its start.  The laps
 * of one diagram are shifted down a little each, so laps along the same row stay apart. */
static void
append_arrow (GString *out, GArray *points, guint lap, guint slot, gboolean ink)
{
  g_autoptr(GString) d = g_string_new (NULL);
  const char *colour = ink ? "#000000" : lap_colours[slot % KIELA_DIAGRAM_LAPS_PER_DIAGRAM];
  const char *dash = lap_dashes[slot % KIELA_DIAGRAM_LAPS_PER_DIAGRAM];
  double shift = (slot % KIELA_DIAGRAM_LAPS_PER_DIAGRAM) * 9.0;
  double *tip, *back, *start, ux, uy, len, bx, by;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  char x0[G_ASCII_DTOSTR_BUF_SIZE], y0[G_ASCII_DTOSTR_BUF_SIZE], x1[G_ASCII_DTOSTR_BUF_SIZE],
       y1[G_ASCII_DTOSTR_BUF_SIZE], x2[G_ASCII_DTOSTR_BUF_SIZE], y2[G_ASCII_DTOSTR_BUF_SIZE];

  if (points->len < 2)
    return;
  start = &g_array_index (points, double, 0);
  tip = &g_array_index (points, double, 2 * (points->len - 1));
  back = &g_array_index (points, double, 2 * (points->len - 2));
  ux = tip[0] - back[0];
  uy = tip[1] - back[1];
  len = MAX (sqrt (ux * ux + uy * uy), 1e-6);
  ux /= len;
  uy /= len;
  /* The head stops short of the cup's centre, so the stones under it stay visible; the line
   * stops at the head's base. */
  tip[0] -= ux * 14;
  tip[1] -= uy * 14;
  bx = tip[0] - ux * 26;
  by = tip[1] - uy * 26;

  for (guint i = 0; i + 1 < points->len; i++)
    {
      const double *p = &g_array_index (points, double, 2 * i);
      g_string_append_printf (d, "%s%s %s ", i == 0 ? "M" : "L", num (a, p[0]), num (b, p[1] + shift));
    }
  g_string_append_printf (d, "L%s %s", num (a, bx), num (b, by + shift));

  g_string_append_printf (out, "<g class=\"arrow\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
                          "<path d=\"%s\" stroke=\"#ffffff\" stroke-opacity=\"0.9\" stroke-width=\"12\"/>\n"
                          "<path class=\"lap\" d=\"%s\" stroke=\"%s\" stroke-width=\"6\" stroke-dasharray=\"%s\"/>\n",
                          d->str, d->str, colour, dash);
  g_string_append_printf (out, "<path d=\"M%s %s L%s %s L%s %s Z\" fill=\"%s\" stroke=\"#ffffff\" stroke-width=\"3\" "
                          "stroke-linejoin=\"round\"/>\n",
                          num (x0, tip[0]), num (y0, tip[1] + shift),
                          num (x1, bx - uy * 15), num (y1, by + ux * 15 + shift),
                          num (x2, bx + uy * 15), num (y2, by - ux * 15 + shift), colour);
  /* The lap's number where it starts, clear of the house's count in its bottom-right corner. */
  g_string_append_printf (out, "<circle cx=\"%s\" cy=\"%s\" r=\"13\" fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"3\"/>\n",
                          num (x0, start[0]), num (y0, start[1] + shift), colour);
  g_string_append_printf (out, "<text class=\"lap-number\" x=\"%s\" y=\"%s\" font-family=\"%s\" font-weight=\"bold\" "
                          "font-size=\"%s\" text-anchor=\"middle\" fill=\"#000000\" stroke=\"none\">%u</text>\n</g>\n",
                          num (x0, start[0]), num (y0, start[1] + shift + 6), FONT, lap + 1 >= 10 ? "14" : "17", lap + 1);
}

guint
kiela_diagram_lap_of_events (const KielaTrace *move, guint *lap_of)
{
  guint n = kiela_trace_get_n_events (move);
  guint laps = 0, points = 0;

  for (guint i = 0; i < n; i++)
    {
      const KielaEvent *ev = kiela_trace_get_event (move, i);
      guint lap = laps;

      switch (ev->type)
        {
        case KIELA_EVENT_LIFT:
          points = 1;
          break;
        case KIELA_EVENT_ENTER:
          points = 1;
          break;
        case KIELA_EVENT_DROP:
          points++;
          break;
        case KIELA_EVENT_CAPTURE:
        default:
          /* A capture, a relay, a capture's end of lap or the end of the move closes the lap
           * being sown (the one it belongs to); with none open, it belongs to the last one. */
          if (points > 1)
            laps++;
          else
            lap = laps > 0 ? laps - 1 : 0;
          points = 0;
          break;
        }
      if (lap_of != NULL)
        lap_of[i] = lap;
    }
  return laps;
}

/* The laps first_lap .. first_lap + n_laps - 1 of the move, each from its lift (or, for
 * captured stones, from the capturing house). */
static void
append_lap_arrows (GString *out, guint files, const KielaTrace *move, guint first_lap, guint n_laps, gboolean ink)
{
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (double) * 2);
  guint n = kiela_trace_get_n_events (move);
  guint lap = 0;
  double captor[2] = { 0, 0 };

  for (guint i = 0; i < n && lap < first_lap + n_laps; i++)
    {
      const KielaEvent *ev = kiela_trace_get_event (move, i);
      double p[2];

      switch (ev->type)
        {
        case KIELA_EVENT_LIFT:
          g_array_set_size (points, 0);
          house_centre (files, ev->side, ev->house, p);
          g_array_append_val (points, p);
          break;
        case KIELA_EVENT_CAPTURE:
          if (points->len > 1)
            {
              if (lap >= first_lap)
                append_arrow (out, points, lap, lap - first_lap, ink);
              lap++;
            }
          g_array_set_size (points, 0);
          house_centre (files, ev->side, ev->house, captor);
          break;
        case KIELA_EVENT_ENTER:
          g_array_set_size (points, 0);
          g_array_append_val (points, captor);
          break;
        case KIELA_EVENT_DROP:
          house_centre (files, ev->side, ev->house, p);
          g_array_append_val (points, p);
          break;
        default:
          /* A relay, a capture's end of lap, or the end of the move. */
          if (points->len > 1)
            {
              if (lap >= first_lap)
                append_arrow (out, points, lap, lap - first_lap, ink);
              lap++;
            }
          g_array_set_size (points, 0);
          break;
        }
    }
}

/* The ink-saving board: a white field, outlined houses, black labels (no wood to print). */
static void
append_ink_board (GString *out, guint files)
{
  double w = kiela_board_geometry_width_units (files), h = kiela_board_geometry_height_units ();
  double fx = MARGIN - KIELA_BOARD_FIELD_PAD, fw = files * CELL + 2 * KIELA_BOARD_FIELD_PAD;
  double fh = 4 * CELL + KIELA_BOARD_BAND + 2 * KIELA_BOARD_FIELD_PAD;
  double band_y = MARGIN + 2 * CELL + KIELA_BOARD_BAND / 2;
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE], d[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, "<g class=\"ink-board\">\n<rect x=\"3\" y=\"2\" width=\"%s\" height=\"%s\" rx=\"18\" "
                          "fill=\"#ffffff\" stroke=\"#000000\" stroke-width=\"3\"/>\n",
                          num (a, w - 6), num (b, h - 11));
  g_string_append_printf (out, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" rx=\"8\" fill=\"none\" "
                          "stroke=\"#000000\" stroke-width=\"1.5\"/>\n",
                          num (a, fx), num (b, fx), num (c, fw), num (d, fh));
  g_string_append_printf (out, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"#000000\" stroke-width=\"2\" "
                          "stroke-dasharray=\"12 8\"/>\n",
                          num (a, fx + 8), num (b, band_y), num (c, fx + fw - 8), num (d, band_y));
  for (guint rank = 1; rank <= 4; rank++)
    for (guint file = 0; file < files; file++)
      g_string_append_printf (out, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"#ffffff\" stroke=\"#000000\" "
                              "stroke-width=\"2.5\"/>\n",
                              num (a, MARGIN + file * CELL + CELL / 2),
                              num (b, kiela_board_geometry_rank_top (rank) + CELL / 2), num (c, KIELA_BOARD_CUP_R));
  g_string_append_printf (out, "<g font-family=\"%s\" font-size=\"%s\" font-weight=\"bold\" text-anchor=\"middle\" "
                          "fill=\"#000000\">\n", FONT, num (a, KIELA_BOARD_LABEL_SIZE));
  for (guint file = 0; file < files; file++)
    for (int top = 0; top < 2; top++)
      g_string_append_printf (out, "<text x=\"%s\" y=\"%s\">%c</text>\n", num (a, MARGIN + file * CELL + CELL / 2),
                              num (b, kiela_board_geometry_file_label_baseline (top)), 'a' + file);
  for (guint rank = 1; rank <= 4; rank++)
    {
      double cy = kiela_board_geometry_rank_top (rank) + CELL / 2 + KIELA_BOARD_LABEL_SIZE * 0.36;

      g_string_append_printf (out, "<text x=\"%s\" y=\"%s\">%u</text>\n", num (a, (3 + fx) / 2), num (b, cy), rank);
      g_string_append_printf (out, "<text x=\"%s\" y=\"%s\">%u</text>\n", num (a, (fx + fw + w - 3) / 2), num (b, cy), rank);
    }
  g_string_append (out, "</g>\n</g>\n");
}

static void
append_ink_stones (GString *out, double x0, double y0, guint count)
{
  guint n = MIN (count, KIELA_BOARD_MAX_DRAWN_STONES);
  double radius = kiela_board_geometry_stone_radius ();
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < n; i++)
    {
      double dx, dy;

      kiela_board_geometry_stone_offset (n, i, &dx, &dy);
      g_string_append_printf (out, "<circle class=\"stone\" cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"#000000\"/>\n",
                              num (a, x0 + CELL / 2 + dx * radius), num (b, y0 + CELL / 2 + dy * radius),
                              num (c, radius * 0.82));
    }
}

/* The marks in ink: a thick ring for the sown house, hatching and a dashed ring for a
 * captured one, a double ring where the move ended; each with its sign at the top left. */
static void
append_ink_mark (GString *out, const char *kind, double x0, double y0)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  double cx = x0 + CELL / 2, cy = y0 + CELL / 2;

  num (a, cx);
  num (b, cy);
  if (g_str_equal (kind, "lift"))
    g_string_append_printf (out, "<circle cx=\"%s\" cy=\"%s\" r=\"46\" fill=\"none\" stroke=\"#000000\" stroke-width=\"6\"/>\n",
                            a, b);
  else if (g_str_equal (kind, "captured"))
    g_string_append_printf (out, "<circle cx=\"%s\" cy=\"%s\" r=\"43\" fill=\"url(#k-ink-hatch)\"/>\n"
                            "<circle cx=\"%s\" cy=\"%s\" r=\"46\" fill=\"none\" stroke=\"#000000\" stroke-width=\"4\" "
                            "stroke-dasharray=\"8 5\"/>\n", a, b, a, b);
  else
    g_string_append_printf (out, "<circle cx=\"%s\" cy=\"%s\" r=\"46\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2.5\"/>\n"
                            "<circle cx=\"%s\" cy=\"%s\" r=\"40\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2.5\"/>\n",
                            a, b, a, b);
  g_string_append_printf (out, "<g transform=\"translate(%s %s)\"><circle r=\"13\" fill=\"#ffffff\" stroke=\"#000000\" "
                          "stroke-width=\"2\"/>", num (a, x0 + 16), num (b, y0 + 16));
  if (g_str_equal (kind, "lift"))
    g_string_append (out, "<path d=\"M0 -8 L7 0 L2.5 0 L2.5 8 L-2.5 8 L-2.5 0 L-7 0 Z\" fill=\"#000000\"/>");
  else if (g_str_equal (kind, "captured"))
    g_string_append (out, "<path d=\"M-5.5 -5.5 L5.5 5.5 M5.5 -5.5 L-5.5 5.5\" stroke=\"#000000\" stroke-width=\"3.2\" "
                     "stroke-linecap=\"round\"/>");
  else
    g_string_append (out, "<rect x=\"-5.5\" y=\"-5.5\" width=\"11\" height=\"11\" rx=\"1.5\" fill=\"#000000\"/>");
  g_string_append (out, "</g>\n");
}

static void
append_mark (GString *out, const char *kind, guint files, KielaSide side, guint house, gboolean ink)
{
  double x, y;

  cell_origin (files, side, house, &x, &y);
  if (ink)
    append_ink_mark (out, kind, x, y);
  else
    {
      g_autofree char *id = g_strconcat ("k-", kind, NULL);

      use_symbol (out, id, x, y, CELL);
    }
}

void
kiela_diagram_get_size (guint files, double *width, double *height)
{
  *width = kiela_board_geometry_width_units (files);
  *height = kiela_board_geometry_height_units ();
}

char *
kiela_diagram_build_svg (const KielaPosition *position, const KielaTrace *move, KielaDiagramFlags flags,
                         guint width_px)
{
  return kiela_diagram_build_svg_laps (position, move, flags, 0, G_MAXUINT, width_px);
}

char *
kiela_diagram_build_svg_laps (const KielaPosition *position, const KielaTrace *move, KielaDiagramFlags flags,
                              guint first_lap, guint n_laps, guint width_px)
{
  guint files = position->files;
  g_autofree char *board = NULL;
  const char *board_svg;
  GString *out;
  double w, h;
  char sw[G_ASCII_DTOSTR_BUF_SIZE], sh[G_ASCII_DTOSTR_BUF_SIZE], pw[G_ASCII_DTOSTR_BUF_SIZE],
       ph[G_ASCII_DTOSTR_BUF_SIZE];
  gboolean blank = (flags & KIELA_DIAGRAM_BLANK) != 0;
  gboolean marks = (flags & KIELA_DIAGRAM_ARROWS) != 0 && move != NULL;
  gboolean overlay = (flags & KIELA_DIAGRAM_OVERLAY) != 0;
  gboolean ink = (flags & KIELA_DIAGRAM_INK) != 0;
  guint total_laps = marks ? kiela_diagram_lap_of_events (move, NULL) : 0;
  guint last_lap = n_laps > G_MAXUINT - first_lap ? G_MAXUINT : first_lap + n_laps;   /* exclusive */

  g_return_val_if_fail (files >= KIELA_MIN_FILES && files <= KIELA_MAX_FILES, NULL);

  kiela_diagram_get_size (files, &w, &h);
  out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append_printf (out, "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                          "width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\">\n",
                          num (pw, width_px ? width_px : w), num (ph, width_px ? round (width_px * h / w) : h),
                          num (sw, w), num (sh, h));
  {
    g_autofree char *kpn = kiela_position_to_string (position);
    g_autofree char *escaped = g_markup_escape_text (kpn, -1);
    g_string_append_printf (out, "<desc>Kiela position %s</desc>\n", escaped);
  }
  g_string_append (out, "<defs>\n");
  if (!overlay && !ink)
    {
      append_symbol (out, "stone-1.svg", "k-stone-1");
      append_symbol (out, "stone-2.svg", "k-stone-2");
      append_symbol (out, "stone-3.svg", "k-stone-3");
    }
  if (marks && !ink)
    {
      append_symbol (out, "highlight-lift.svg", "k-lift");
      append_symbol (out, "highlight-captured.svg", "k-captured");
      append_symbol (out, "highlight-end.svg", "k-end");
    }
  if (marks && ink)
    g_string_append (out, "<pattern id=\"k-ink-hatch\" width=\"10\" height=\"10\" patternUnits=\"userSpaceOnUse\" "
                     "patternTransform=\"rotate(45)\"><rect width=\"2.5\" height=\"10\" fill=\"#000000\"/></pattern>\n");
  g_string_append (out, "</defs>\n");
  if (ink && !overlay)
    append_ink_board (out, files);
  else if (!overlay)
    {
      board = kiela_board_scene_build_svg (files);
      /* The scene is a whole document: it goes in as a nested <svg>, without its XML declaration. */
      board_svg = strstr (board, "<svg");
      g_return_val_if_fail (board_svg != NULL, NULL);
      g_string_append (out, board_svg);
    }
  if (!blank && !overlay)
    {
      g_string_append (out, "\n<g class=\"stones\">\n");
      for (guint side = 0; side < 2; side++)
        for (guint house = 0; house < 2u * files; house++)
          {
            double x, y;

            cell_origin (files, side, house, &x, &y);
            if (ink)
              append_ink_stones (out, x, y, position->houses[side][house]);
            else
              append_stones (out, x, y, position->houses[side][house], house + 3 * side);
          }
      g_string_append (out, "</g>\n");
    }

  if (marks)
    {
      guint n = kiela_trace_get_n_events (move);
      g_autofree guint *lap_of = g_new (guint, MAX (n, 1));

      kiela_diagram_lap_of_events (move, lap_of);
      g_string_append (out, "<g class=\"marks\">\n");
      /* The captures of the laps drawn, and where the move ended if its last lap is one. */
      for (guint i = 0; i < n; i++)
        {
          const KielaEvent *ev = kiela_trace_get_event (move, i);

          if (ev->type != KIELA_EVENT_CAPTURE || lap_of[i] < first_lap || lap_of[i] >= last_lap)
            continue;
          if (ev->count2 > 0)
            append_mark (out, "captured", files, ev->side2, ev->house2, ink);
          if (ev->house3 != KIELA_NO_HOUSE && ev->count3 > 0)
            append_mark (out, "captured", files, ev->side2, ev->house3, ink);
        }
      if (move->result.end != KIELA_END_ENDLESS && last_lap >= total_laps)
        append_mark (out, "end", files, move->result.last_side, move->result.last_house, ink);
      if (first_lap == 0)
        append_mark (out, "lift", files, move->result.mover, move->result.move, ink);
      append_lap_arrows (out, files, move, first_lap, last_lap - first_lap, ink);
      g_string_append (out, "</g>\n");
    }

  /* The counts last: no arrow, ring or hatching covers a house's count. */
  g_string_append (out, "\n<g class=\"houses\">\n");
  for (guint side = 0; side < 2; side++)
    for (guint house = 0; house < 2u * files; house++)
      {
        double x, y;

        cell_origin (files, side, house, &x, &y);
        append_count (out, x, y, position->houses[side][house], blank, ink);
      }
  g_string_append (out, "</g>\n");

  g_string_append (out, "</svg>\n");
  return g_string_free (out, FALSE);
}

/* 2 pixels a unit: 300 dpi and more for a board across an A4 page. */
#define BOARD_PX_PER_UNIT 2.0

struct _KielaDiagramCache {
  guint files;
  cairo_surface_t *board;
  cairo_surface_t *stones[N_STONE_KINDS];
};

/* An SVG document recorded as cairo drawing commands, `width`×`height` units. */
static cairo_surface_t *
record_svg (const char *svg, gsize length, double width, double height)
{
  cairo_rectangle_t extents = { 0, 0, width, height };
  cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, length, &error);
  cairo_t *cr = cairo_create (surface);

  /* Artwork compiled into the program: unreadable, the build itself is broken. */
  if (handle == NULL || !rsvg_handle_render_document (handle, cr, &(RsvgRectangle) { 0, 0, width, height }, &error))
    g_error ("The board artwork cannot be drawn: %s", error->message);
  cairo_destroy (cr);
  g_object_unref (handle);
  return surface;
}

KielaDiagramCache *
kiela_diagram_cache_new (guint files)
{
  KielaDiagramCache *cache = g_new0 (KielaDiagramCache, 1);
  g_autofree char *board = kiela_board_scene_build_svg (files);
  double w, h;

  cache->files = files;
  kiela_diagram_get_size (files, &w, &h);
  /* The wood as an image at BOARD_PX_PER_UNIT: replayed as vectors, its gradients, clips and
   * thousands of grain strokes print with seams in some PDF viewers. */
  {
    RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) board, strlen (board), NULL);
    cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * BOARD_PX_PER_UNIT),
                                                         (int) ceil (h * BOARD_PX_PER_UNIT));
    cairo_t *cr = cairo_create (image);

    g_assert (handle != NULL);
    cairo_scale (cr, BOARD_PX_PER_UNIT, BOARD_PX_PER_UNIT);
    rsvg_handle_render_document (handle, cr, &(RsvgRectangle) { 0, 0, w, h }, NULL);
    cairo_destroy (cr);
    g_object_unref (handle);
    cache->board = image;
  }
  for (guint k = 0; k < N_STONE_KINDS; k++)
    {
      g_autofree char *name = g_strdup_printf ("stone-%u.svg", k + 1);
      g_autoptr(GBytes) bytes = kiela_board_scene_load_resource (name);

      cache->stones[k] = record_svg (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), 100, 100);
    }
  return cache;
}

void
kiela_diagram_cache_free (KielaDiagramCache *cache)
{
  if (cache == NULL)
    return;
  cairo_surface_destroy (cache->board);
  for (guint k = 0; k < N_STONE_KINDS; k++)
    cairo_surface_destroy (cache->stones[k]);
  g_free (cache);
}

static void
paint_recording (cairo_t *cr, cairo_surface_t *surface, double x, double y, double scale)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

gboolean
kiela_diagram_draw (KielaDiagramCache *cache, cairo_t *cr, const KielaPosition *position, const KielaTrace *move,
                    KielaDiagramFlags flags, double x, double y, double width, double height, GError **error)
{
  return kiela_diagram_draw_laps (cache, cr, position, move, flags, 0, G_MAXUINT, x, y, width, height, error);
}

gboolean
kiela_diagram_draw_laps (KielaDiagramCache *cache, cairo_t *cr, const KielaPosition *position,
                         const KielaTrace *move, KielaDiagramFlags flags, guint first_lap, guint n_laps,
                         double x, double y, double width, double height, GError **error)
{
  g_autofree char *svg = NULL;
  double w, h, scale, sprite = kiela_board_geometry_stone_sprite ();

  g_return_val_if_fail (position->files == cache->files, FALSE);

  kiela_diagram_get_size (cache->files, &w, &h);
  scale = MIN (width / w, height / h);
  x += (width - w * scale) / 2;
  /* In ink the board is a few outlines: the document draws it whole, as vectors. */
  if (flags & KIELA_DIAGRAM_INK)
    {
      svg = kiela_diagram_build_svg_laps (position, move, flags & ~KIELA_DIAGRAM_OVERLAY, first_lap, n_laps, 0);
      return kiela_diagram_render (svg, cr, x, y, w * scale, h * scale, error);
    }
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, scale, scale);
  paint_recording (cr, cache->board, 0, 0, 1.0 / BOARD_PX_PER_UNIT);
  if ((flags & KIELA_DIAGRAM_BLANK) == 0)
    for (guint side = 0; side < 2; side++)
      for (guint house = 0; house < 2u * cache->files; house++)
        {
          guint n = MIN (position->houses[side][house], KIELA_BOARD_MAX_DRAWN_STONES);
          double x0, y0;

          cell_origin (cache->files, side, house, &x0, &y0);
          for (guint i = 0; i < n; i++)
            {
              guint kind;
              double sx, sy;

              place_stone (x0, y0, n, i, house + 3 * side, &kind, &sx, &sy);
              paint_recording (cr, cache->stones[kind], sx, sy, sprite / 100);
            }
        }
  cairo_restore (cr);

  svg = kiela_diagram_build_svg_laps (position, move, flags | KIELA_DIAGRAM_OVERLAY, first_lap, n_laps, 0);
  return kiela_diagram_render (svg, cr, x, y, w * scale, h * scale, error);
}

gboolean
kiela_diagram_render (const char *svg, cairo_t *cr, double x, double y, double width, double height,
                      GError **error)
{
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), error);
  RsvgRectangle viewport = { x, y, width, height };
  gboolean ok;

  if (handle == NULL)
    return FALSE;
  ok = rsvg_handle_render_document (handle, cr, &viewport, error);
  g_object_unref (handle);
  return ok;
}

static cairo_status_t
append_to_array (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
kiela_diagram_render_png (const char *svg, guint width_px, GError **error)
{
  RsvgHandle *handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), error);
  double w, h;
  guint height_px;
  cairo_surface_t *surface;
  cairo_t *cr;
  GByteArray *png;
  gboolean ok;

  if (handle == NULL)
    return NULL;
  /* Documents from kiela_diagram_build_svg() always have a size. */
  if (!rsvg_handle_get_intrinsic_size_in_pixels (handle, &w, &h) || w <= 0)
    w = h = 1;
  height_px = MAX (1, (guint) round (width_px * h / w));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width_px, height_px);
  cr = cairo_create (surface);
  ok = rsvg_handle_render_document (handle, cr, &(RsvgRectangle) { 0, 0, width_px, height_px }, error);
  cairo_destroy (cr);
  g_object_unref (handle);
  png = g_byte_array_new ();
  if (ok)
    {
      cairo_status_t status = cairo_surface_write_to_png_stream (surface, append_to_array, png);

      if (status != CAIRO_STATUS_SUCCESS)
        {
          g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_IO, cairo_status_to_string (status));
          ok = FALSE;
        }
    }
  cairo_surface_destroy (surface);
  if (!ok)
    {
      g_byte_array_unref (png);
      return NULL;
    }
  return g_byte_array_free_to_bytes (png);
}

gboolean
kiela_diagram_write_file (GFile *file, GBytes *bytes, GError **error)
{
  return kiela_file_replace_contents_checked (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                              error);
}
