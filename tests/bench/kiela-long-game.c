/* kiela-long-game.c: writes genuinely legal game records of any length, and times loading them (scripts/bench-long-game.sh). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <malloc.h>
#include <string.h>
#include <sys/resource.h>
#include "kiela.h"
#include "../engine/long-game.h"

/*
 * generate VARIANT MOVES SEED: plays a game of exactly MOVES legal moves and
 * prints its record; the moves are chosen by long_game_choose() among the
 * engine's own legal moves, so the record is legal by construction, and the
 * loader checks it again.
 *
 * load FILE: loads a record and prints the time taken, the peak resident
 * memory, the resident memory still held after loading, and the bytes a copy
 * of the game allocates, per move.
 */

static long
resident_kib (void)
{
  FILE *f = fopen ("/proc/self/statm", "r");
  long pages = 0, resident = 0;

  if (f == NULL)
    return 0;
  if (fscanf (f, "%ld %ld", &pages, &resident) != 2)
    resident = 0;
  fclose (f);
  return resident * (sysconf (_SC_PAGESIZE) / 1024);
}

static int
generate (KielaRegistry *registry, const char *variant_id, guint n_moves, guint64 seed)
{
  const KielaVariant *variant = kiela_registry_lookup_variant (registry, variant_id);
  g_autoptr(GHashTable) seen = long_game_seen_new ();
  KielaPosition pos;
  KielaRng rng;
  GString *out;

  if (variant == NULL || variant->setup_phase)
    {
      g_printerr ("kiela-long-game: %s is not a variant without a setup phase\n", variant_id);
      return 2;
    }
  kiela_position_init_start (&pos, variant);
  long_game_note (seen, &pos);
  kiela_rng_seed (&rng, seed);
  out = g_string_sized_new ((gsize) n_moves * 11 + 256);
  g_string_append_printf (out, "{\n  \"format\" : \"kiela-game\",\n  \"version\" : 1,\n"
                               "  \"variant\" : \"%s\",\n  \"moves\" : [", variant->id);

  for (guint ply = 0; ply < n_moves; ply++)
    {
      KielaPosition after;
      KielaMove move = long_game_choose (variant, &pos, seen, &rng, &after);
      char name[4];

      if (move < 0)
        {
          g_printerr ("kiela-long-game: no move keeps the game going after %u plies (seed %" G_GUINT64_FORMAT ")\n",
                      ply, seed);
          return 1;
        }
      kiela_square_name (variant->files, (KielaSide) pos.to_move, (guint) move, name);
      g_string_append_printf (out, "%s\n    \"%s\"", ply ? "," : "", name);
      pos = after;
      long_game_note (seen, &pos);
    }
  g_string_append (out, "\n  ],\n  \"result\" : \"ongoing\",\n  \"metadata\" : {\n"
                        "    \"event\" : \"kiela-long-game\"\n  }\n}\n");
  fwrite (out->str, 1, out->len, stdout);
  g_string_free (out, TRUE);
  return 0;
}

static int
load (KielaRegistry *registry, const char *path)
{
  long before = resident_kib ();
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = kiela_record_load (registry, path, &error);
  double seconds = (double) (g_get_monotonic_time () - t0) / 1e6;
  struct rusage ru;
  guint n;
  long held;
  double game_bytes;

  if (game == NULL)
    {
      g_printerr ("kiela-long-game: %s\n", error->message);
      return 1;
    }
  n = kiela_game_get_n_moves (game);
  malloc_trim (0);   /* give back what the JSON parser freed, so that RSS shows what the game holds */
  held = resident_kib () - before;
  getrusage (RUSAGE_SELF, &ru);
  /* What a game of this length allocates, exactly: the heap in use grows by a copy of it. */
  {
    struct mallinfo2 m0 = mallinfo2 (), m1;   /* heap in use and mmapped blocks */
    G_GNUC_UNUSED g_autoptr(KielaGame) copy = kiela_game_copy (game);
    m1 = mallinfo2 ();
    game_bytes = (double) (m1.uordblks + m1.hblkhd) - (double) (m0.uordblks + m0.hblkhd);
  }
  g_print ("moves %u\nload_seconds %.3f\nmax_rss_kib %ld\nheld_kib %ld\nbytes_per_move %.1f\n"
           "game_bytes_per_move %.1f\nstatus %s\n",
           n, seconds, ru.ru_maxrss, held, n ? held * 1024.0 / n : 0.0, n ? game_bytes / n : 0.0,
           kiela_status_id (kiela_game_get_status (game, NULL)));
  return 0;
}

int
main (int argc, char **argv)
{
  g_autoptr(KielaRegistry) registry = NULL;
  int ret;

  if (argc == 5 && strcmp (argv[1], "generate") == 0)
    ;
  else if (argc == 3 && strcmp (argv[1], "load") == 0)
    ;
  else
    {
      g_printerr ("usage: kiela-long-game generate VARIANT MOVES SEED > FILE\n"
                  "       kiela-long-game load FILE\n");
      return 2;
    }
  registry = kiela_registry_new ();
  kiela_registry_load_default (registry);
  if (argv[1][0] == 'g')
    ret = generate (registry, argv[2], (guint) g_ascii_strtoull (argv[3], NULL, 10),
                    g_ascii_strtoull (argv[4], NULL, 10));
  else
    ret = load (registry, argv[2]);
  return ret;
}
