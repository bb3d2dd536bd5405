/* kiela-board-scene.c: the board's SVG scene built from the templates in data/board/ (no GTK: the CLI's diagrams use it too). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "kiela-board-scene.h"
#include "kiela-board-geometry.h"

#define RESOURCE_PREFIX "/io/github/kiela/Kiela/board/"

#define CELL       KIELA_BOARD_CELL
#define MARGIN     KIELA_BOARD_MARGIN
#define BAND       KIELA_BOARD_BAND
#define FIELD_PAD  KIELA_BOARD_FIELD_PAD
#define CUP_R      KIELA_BOARD_CUP_R
#define LABEL_SIZE KIELA_BOARD_LABEL_SIZE

GBytes *
kiela_board_scene_load_resource (const char *name)
{
  g_autofree char *path = g_strconcat (RESOURCE_PREFIX, name, NULL);
  g_autoptr(GError) error = NULL;
  GBytes *bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

  /* The artwork is compiled into the program: missing, the build itself is broken. */
  if (bytes == NULL)
    g_error ("The board artwork %s is missing from the resources: %s", path, error->message);
  return bytes;
}

static char *
load_template (const char *name)
{
  g_autoptr(GBytes) bytes = kiela_board_scene_load_resource (name);

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
kiela_board_scene_build_svg (guint files)
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
  double w = kiela_board_geometry_width_units (files), h = kiela_board_geometry_height_units ();
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
          "cy", num (cy, kiela_board_geometry_rank_top (rank) + CELL / 2),
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
      /* Where the geometry says, so that the hand marker can keep clear of them. */
      const char *top[] = { "x", num (x, MARGIN + file * CELL + CELL / 2),
                            "y", num (y, kiela_board_geometry_file_label_baseline (TRUE)), "text", text, NULL };

      fill_template (labels, label_tmpl, top);
      {
        const char *bottom[] = { "x", num (x, MARGIN + file * CELL + CELL / 2),
                                 "y", num (y, kiela_board_geometry_file_label_baseline (FALSE)), "text", text, NULL };
        fill_template (labels, label_tmpl, bottom);
      }
    }
  for (guint rank = 1; rank <= 4; rank++)
    {
      char text[2] = { (char) ('0' + rank), 0 };
      char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
      double cy = kiela_board_geometry_rank_top (rank) + CELL / 2 + LABEL_SIZE * 0.36;
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

