/* kiela-cli-bench.c: "kiela-cli bench": random whole-game playouts per second of CPU time. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-cli-common.h"

int
kiela_cli_bench (KielaRegistry *registry, int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *seconds_s = NULL, *seed_s = NULL, *mode = NULL;
  gboolean json = FALSE, sample;
  const GOptionEntry entries[] = {
    KIELA_CLI_VARIANT_ENTRY (&variant_id),
    { "seconds", 0, 0, G_OPTION_ARG_STRING, &seconds_s, N_("How long to run (default 5)"), "S" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, N_("Seed of the random games (default 1)"), "N" },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode, N_("all: every candidate sown each ply (default); sample: one drawn candidate"), "all|sample" },
    KIELA_CLI_JSON_ENTRY (&json),
    { NULL }
  };
  const KielaVariant *variant;
  guint64 seed = 1;
  gdouble seconds = 5.0;
  KielaPosition start;
  KielaRng rng;
  guint64 playouts = 0, plies = 0, drops = 0;
  guint64 wins[4] = { 0 };
  gint64 t0, deadline, now;
  gdouble cpu0, wall, s;

  if (!kiela_cli_parse ("bench", entries, NULL,
                        _("Plays uniformly random whole games from the start, generating every legal move of every position."),
                        NULL, &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;
  if (argc > 1)
    {
      fprintf (stderr, _("kiela-cli bench: unknown argument “%s”\n"), argv[1]);
      return KIELA_CLI_EXIT_USAGE;
    }
  if (seconds_s)
    {
      char *end = NULL;
      seconds = g_ascii_strtod (seconds_s, &end);
      /* Decimal digits only: strtod also takes " 5", "0x1p3", "inf" and "nan". */
      if (end == seconds_s || *end != '\0' || !(seconds > 0) || seconds > 86400
          || strspn (seconds_s, "0123456789.") != strlen (seconds_s))
        {
          fprintf (stderr, _("kiela-cli: --seconds “%s” is not a positive number of seconds\n"), seconds_s);
          return KIELA_CLI_EXIT_INPUT;
        }
    }
  if (seed_s && !kiela_cli_parse_number ("bench", "--seed", seed_s, 0, G_MAXUINT64, &seed))
    return KIELA_CLI_EXIT_INPUT;
  /* all: every candidate sown each ply, as legal-move generation does; sample:
   * one drawn candidate sown (kiela_random_playout_sampled). */
  sample = g_strcmp0 (mode, "sample") == 0;
  if (!sample && mode != NULL && strcmp (mode, "all") != 0)
    {
      fprintf (stderr, _("kiela-cli bench: --mode “%s” is neither “all” nor “sample”\n"), mode);
      return KIELA_CLI_EXIT_INPUT;
    }
  variant = kiela_cli_find_variant (registry, "bench", variant_id);
  if (variant == NULL)
    return KIELA_CLI_EXIT_INPUT;

  kiela_position_init_start (&start, variant);
  kiela_rng_seed (&rng, seed);
  t0 = g_get_monotonic_time ();
  cpu0 = kiela_cli_thread_cpu_seconds ();
  deadline = t0 + (gint64) (seconds * 1e6);
  do
    {
      KielaPlayoutResult r;

      /* Check the clock every 64 playouts: it is not free. */
      for (int k = 0; k < 64; k++)
        {
          if (sample)
            kiela_random_playout_sampled (variant, &start, NULL, 0, &rng, 100000, &r);
          else
            kiela_random_playout (variant, &start, NULL, 0, &rng, 100000, &r);
          playouts++;
          plies += r.plies;
          drops += r.drops;
          wins[r.status]++;
        }
      now = g_get_monotonic_time ();
    }
  while (now < deadline);

  wall = (now - t0) / 1e6;
  s = kiela_cli_thread_cpu_seconds () - cpu0;
  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      json_builder_begin_object (b);
      kiela_cli_json_add_double (b, "playouts_per_second", playouts / s);
      kiela_cli_json_add_double (b, "moves_per_second", plies / s);
      kiela_cli_json_add_double (b, "drops_per_second", drops / s);
      kiela_cli_json_add_string (b, "mode", sample ? "sample" : "all");
      kiela_cli_json_add_int (b, "playouts", (gint64) playouts);
      kiela_cli_json_add_double (b, "cpu_seconds", s);
      kiela_cli_json_add_double (b, "mean_plies", (gdouble) plies / playouts);
      json_builder_end_object (b);
      kiela_cli_print_json (b, FALSE);
    }
  else
    {
      g_autofree char *playouts_s = g_strdup_printf ("%" G_GUINT64_FORMAT, playouts);
      g_autofree char *seed_s2 = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
      printf (_("%s: %s random playouts (%s) in %.2f s of CPU time (%.2f s wall clock, seed %s)\n"),
              variant->id, playouts_s, sample ? _("one candidate sown a ply") : _("every candidate sown"),
              s, wall, seed_s2);
      printf (_("  %.0f playouts/s, %.0f moves/s, %.0f stones dropped/s\n"),
              playouts / s, plies / s, drops / s);
      printf (_("  mean game length %.1f plies; South won %.1f%%, North %.1f%%, draws %.1f%%\n"),
              (gdouble) plies / playouts,
              100.0 * wins[KIELA_STATUS_SOUTH_WINS] / playouts,
              100.0 * wins[KIELA_STATUS_NORTH_WINS] / playouts,
              100.0 * wins[KIELA_STATUS_DRAW] / playouts);
    }
  return KIELA_CLI_EXIT_OK;
}
