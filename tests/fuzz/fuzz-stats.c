/* fuzz-stats.c: libFuzzer target for statistics files (`kiela-cli stats merge`): never crash, errors
 * are UTF-8, and every file accepted has figures its readers can walk, writes back to the same text,
 * and merges with a copy of itself only when it holds no games. */
#include "config.h"

#include <string.h>
#include "fuzz-common.h"

static void
run (const guint8 *data, size_t size)
{
  GError *error = NULL;
  KielaStats *stats = kiela_stats_from_json ((const char *) data, (gssize) size, &error);
  KielaStatsSummary s;

  if (stats == NULL)
    {
      FUZZ_CHECK (error != NULL, "refused without an error");
      FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL), "the error is not UTF-8");
      g_error_free (error);
      return;
    }
  kiela_stats_get_summary (stats, &s);
  FUZZ_CHECK (s.games == 0 || s.min_plies <= s.max_plies, "shortest game %u after the longest %u",
              s.min_plies, s.max_plies);
  FUZZ_CHECK (s.south_wins + s.north_wins + s.draws == s.games, "results do not add up to the games");
  FUZZ_CHECK (s.games == 0 || (s.first_player_win_rate >= 0 && s.first_player_win_rate <= 1),
              "a win rate out of 0..1");
  FUZZ_CHECK (s.games == 0 || kiela_stats_get_length_count (stats, s.max_plies) > 0, "no game of the longest length");
  {
    /* What the CLI and the lab's plots walk: every ply up to the longest game. */
    guint64 total = 0;

    for (guint p = 0; s.games > 0 && p <= s.max_plies; p++)
      {
        total += kiela_stats_get_length_count (stats, p);
        (void) kiela_stats_get_mean_stones (stats, p);
        FUZZ_CHECK (kiela_stats_get_reached (stats, p) <= s.games, "more games reached a ply than were played");
      }
    FUZZ_CHECK (total == s.games, "the lengths do not add up to the games");
  }
  {
    g_autofree char *json = kiela_stats_to_json (stats, NULL);
    KielaStats *again = kiela_stats_from_json (json, -1, &error);
    g_autofree char *json2 = NULL;

    FUZZ_CHECK (again != NULL, "written statistics do not load: %s", error ? error->message : "");
    json2 = kiela_stats_to_json (again, NULL);
    FUZZ_CHECK (strcmp (json, json2) == 0, "statistics changed when written and read back");
    /* The same shard twice is refused, unless it has no games at all. */
    if (kiela_stats_merge (again, stats, &error))
      FUZZ_CHECK (s.games == 0, "a shard was merged with itself");
    else
      {
        FUZZ_CHECK (s.games > 0, "statistics without games refused a merge: %s", error->message);
        g_clear_error (&error);
      }
    kiela_stats_free (again);
  }
  kiela_stats_free (stats);
}

FUZZ_ENTRY_POINTS (run,
                   "{\"format\":\"kiela-stats\",\"version\":1,\"variant\":\"kiela\",\"ai\":[\"a\",\"b\"],\"seed\":\"1\","
                   "\"n_games\":1,\"min_plies\":2,\"max_plies\":2,\"games\":1,\"south_wins\":1,\"north_wins\":0,\"draws\":0,"
                   "\"a_wins\":1,\"b_wins\":0,\"repetition_draws\":0,\"move_limit_draws\":0,\"endless_losses\":0,"
                   "\"no_move_losses\":1,\"ai_errors\":0,\"plies\":2,\"captures\":0,\"captured\":0,\"endless_refused\":0,"
                   "\"ranges\":[0,1],\"lengths\":[0,0,1],\"stones\":[64,64,63],\"reached\":[1,1,1]}",
                   "{")
