/* kiela-ai-simple.c: the two non-searching AIs: uniform random, and greedy for immediate material. */

#include <glib/gi18n-lib.h>

#include "kiela-ai-classic-private.h"

static const char * const simple_keys[] = { "nodes", "time-ms", "cpu-clock", CLASSIC_ARRANGE_KEYS, NULL };

static gboolean
simple_check_settings (GHashTable *settings, GError **error)
{
  return classic_check_known_keys (settings, simple_keys, "random/greedy", error)
      && classic_check_int_setting (settings, "cpu-clock", 0, 1, error)
      && classic_check_arrange_settings (settings, error);
}

static gboolean
random_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  KielaRng rng;
  gint64 start = g_get_monotonic_time ();
  KielaMove move;

  if (classic_is_cancelled (request->cancellable))
    return classic_fail_cancelled (error);
  /* Uniform among the legal moves, sowing only the drawn ones. */
  classic_rng_init (&rng, request);
  if (!kiela_random_legal_move (request->variant, &request->position, &rng, &move, NULL, NULL))
    return classic_fail_no_move (request, error);

  reply->move = move;
  reply->score = 0;
  reply->depth = 0;
  reply->nodes = 1;
  reply->seconds = (g_get_monotonic_time () - start) / 1e6;
  classic_describe_move (request->variant, &request->position, reply->move, 0, FALSE,
                          reply->reason, sizeof reply->reason);
  return TRUE;
}

static gboolean
greedy_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  KielaMove moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  KielaMove best[KIELA_MAX_MOVES];
  KielaRng rng;
  gint64 start = g_get_monotonic_time ();
  gint best_gain = G_MININT;
  guint n, n_best = 0;

  if (classic_is_cancelled (request->cancellable))
    return classic_fail_cancelled (error);
  n = kiela_legal_moves (request->variant, &request->position, moves, children, endless);
  if (n == 0)
    return classic_fail_no_move (request, error);

  for (guint i = 0; i < n; i++)
    {
      /* A move that never ends loses where it is legal at all (Hawalis): worst of all. */
      gint gain = endless[i] ? G_MININT + 1 : classic_move_gain (&request->position, &children[i]);
      if (gain > best_gain)
        {
          best_gain = gain;
          n_best = 0;
        }
      if (gain == best_gain)
        best[n_best++] = moves[i];
    }

  classic_rng_init (&rng, request);
  reply->move = best[kiela_rng_below (&rng, n_best)];
  reply->score = best_gain == G_MININT + 1 ? -CLASSIC_WIN : 100 * best_gain;
  reply->depth = 1;
  reply->nodes = n;
  reply->seconds = (g_get_monotonic_time () - start) / 1e6;
  classic_describe_move (request->variant, &request->position, reply->move, reply->score, FALSE,
                          reply->reason, sizeof reply->reason);
  return TRUE;
}

const KielaAiAlgorithm classic_random_algorithm = {
  .id = "random",
  /* Translators: the name of an AI algorithm (a way of choosing moves), listed with the plugins. */
  .name = N_("Random"),
  .description = N_("Picks any legal move, each as likely as the others."),
  .translation_domain = GETTEXT_PACKAGE,
  .check_settings = simple_check_settings,
  .think = random_think,
  .arrange = classic_arrange_random,
};

const KielaAiAlgorithm classic_greedy_algorithm = {
  .id = "greedy",
  /* Translators: the name of an AI algorithm (a way of choosing moves), listed with the plugins. */
  .name = N_("Greedy"),
  .description = N_("Takes the move that wins the most stones at once, and never looks further."),
  .translation_domain = GETTEXT_PACKAGE,
  .check_settings = simple_check_settings,
  .think = greedy_think,
  .arrange = classic_arrange_greedy,
};
