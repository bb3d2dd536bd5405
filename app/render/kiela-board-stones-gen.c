/* kiela-board-stones-gen.c: relaxes the stone layouts at build time and writes them as a C table
 * (kiela-board-stones.h) for kiela-board-geometry.c.
 *
 * Relaxing all twelve layouts took about 4 ms of CPU before the first frame of every start.  The
 * doubles are printed exactly (%a), so the table holds what the relaxation computed.
 *
 *   kiela-board-stones-gen OUTPUT.h
 */
#include <math.h>
#include <stdio.h>

/* Checked against kiela-board-geometry.h's KIELA_BOARD_MAX_DRAWN_STONES by the table's header. */
#define MAX_STONES 12

static void
relax_layout (double (*p)[2], unsigned n)
{
  const double min_dist = 2.1;   /* centre distance in stone radii: a small gap between stones */

  for (unsigned i = 0; i < n; i++)
    {
      /* Sunflower start: spread evenly, deterministic. */
      double r = 1.2 * sqrt (i + 0.5);
      double a = i * 2.39996323 + n * 0.7;

      p[i][0] = r * cos (a);
      p[i][1] = r * sin (a);
    }
  for (unsigned iter = 0; iter < 3000; iter++)
    {
      double gravity = iter < 2500 ? 0.985 : 1.0;

      for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++)
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
      for (unsigned i = 0; i < n; i++)
        {
          p[i][0] *= gravity;
          p[i][1] *= gravity;
        }
    }
}

int
main (int argc, char **argv)
{
  static double offset[MAX_STONES + 1][MAX_STONES][2];
  double extent = 1.0;
  FILE *out;

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s OUTPUT.h\n", argv[0]);
      return 2;
    }
  for (unsigned n = 1; n <= MAX_STONES; n++)
    {
      double (*p)[2] = offset[n];
      double cx = 0, cy = 0;

      relax_layout (p, n);
      for (unsigned i = 0; i < n; i++)
        {
          cx += p[i][0] / n;
          cy += p[i][1] / n;
        }
      for (unsigned i = 0; i < n; i++)
        {
          double e;

          p[i][0] -= cx;
          p[i][1] -= cy;
          e = sqrt (p[i][0] * p[i][0] + p[i][1] * p[i][1]) + 1.0;
          extent = extent > e ? extent : e;
        }
    }

  out = fopen (argv[1], "w");
  if (out == NULL)
    {
      perror (argv[1]);
      return 1;
    }
  fprintf (out, "/* kiela-board-stones.h: written by kiela-board-stones-gen at build time; do not edit. */\n");
  fprintf (out, "#if KIELA_BOARD_MAX_DRAWN_STONES != %d\n", MAX_STONES);
  fprintf (out, "#error \"kiela-board-stones-gen.c relaxes another number of stones than KIELA_BOARD_MAX_DRAWN_STONES\"\n");
  fprintf (out, "#endif\n\n");
  fprintf (out, "/* Centres of n stones (n = 1..%d), in stone radii around the house's centre. */\n", MAX_STONES);
  fprintf (out, "static const double stone_offsets[%d][%d][2] = {\n", MAX_STONES + 1, MAX_STONES);
  for (unsigned n = 0; n <= MAX_STONES; n++)
    {
      fprintf (out, "  {");
      for (unsigned i = 0; i < n; i++)
        fprintf (out, "%s{ %a, %a }", i ? ", " : " ", offset[n][i][0], offset[n][i][1]);
      fprintf (out, " },\n");
    }
  fprintf (out, "};\n\n");
  fprintf (out, "/* The farthest stone edge from the centre over all layouts, in stone radii (at least 1). */\n");
  fprintf (out, "static const double stone_extent = %a;\n", extent);
  if (fclose (out) != 0)
    {
      perror (argv[1]);
      return 1;
    }
  return 0;
}
