/* kiela-ai-classic.c: the classic AI module: registers four algorithms and the personalities built on them. */

#include <glib/gi18n-lib.h>

#include "kiela-ai-classic-private.h"

static const KielaPluginInfo plugin_info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .api_version = KIELA_PLUGIN_API_VERSION,
  .id = "ai-classic",
  .name = N_("Classic opponents"),
  .version = "1.0",
  .description = N_("Random, greedy, alpha-beta and Monte Carlo players, and six opponents from beginner to master."),
  .license = "GPL-3.0-or-later",
};

/*
 * The ladder, weakest first.  Each rung is meant to beat the one below it in at
 * least 60% of games at 100 ms a move; scripts/ai-strength.sh measures that, and
 * the settings below were tuned with it.  Settings only ever limit a player
 * (depth, nodes, noise): the host's time budget still applies on top.  Every
 * searcher has a node cap of its own, so that a host giving no time budget
 * (kiela-cli bestmove --time-ms 0) still gets an answer: 4 M nodes is 2-3 s on
 * the development machine, more than the app's 0.8-1 s budgets ever reach.
 */
static const KielaPersonality personalities[] = {
  {
    .id = "kizua",
    .name = "Kizua",
    .character = N_("Sows wherever her hand falls: every game with her is a surprise."),
    .portrait_svg = classic_portrait_kizua,
    .level = 1,
    /* Translators: the level of Kizua, a woman, shown as "Name (Level)": agree with the person. */
    .level_name = NC_("AI level", "Beginner"),
    .algorithm = "random",
    .settings = "",
    .translation_domain = GETTEXT_PACKAGE,
  },
  {
    .id = "zola",
    .name = "Zola",
    .character = N_("Plays fast and loves captures, whatever they cost him later."),
    .portrait_svg = classic_portrait_zola,
    .level = 2,
    /* Translators: the level of Zola, a man, shown as "Name (Level)": agree with the person. */
    .level_name = NC_("AI level", "Novice"),
    .algorithm = "greedy",
    .settings = "",
    .translation_domain = GETTEXT_PACKAGE,
  },
  {
    .id = "mbemba",
    .name = "Mbemba",
    .character = N_("Thinks one reply ahead, though his mind sometimes wanders."),
    .portrait_svg = classic_portrait_mbemba,
    .level = 4,
    /* Translators: the level of Mbemba, a man, shown as "Name (Level)": agree with the person. */
    .level_name = NC_("AI level", "Casual"),
    .algorithm = "alphabeta",
    .settings = "depth=2 qs=0 noise=150 nodes=4000000",
    .translation_domain = GETTEXT_PACKAGE,
  },
  {
    .id = "nzuzi",
    .name = "Nzuzi",
    .character = N_("Trusts her instinct: plays out hundreds of quick games in her head."),
    .portrait_svg = classic_portrait_nzuzi,
    .level = 6,
    /* Translators: the level of Nzuzi, a woman, shown as "Name (Level)": agree with the person. */
    .level_name = NC_("AI level", "Intermediate"),
    .algorithm = "mcts",
    .settings = "playout=greedy greedy=0.7 c=0.9 nodes=12000",
    .translation_domain = GETTEXT_PACKAGE,
  },
  {
    .id = "lweji",
    .name = "Lweji",
    .character = N_("Patient and careful: she rarely leaves a house open to capture."),
    .portrait_svg = classic_portrait_lweji,
    .level = 8,
    /* Translators: the level of Lweji, a woman, shown as "Name (Level)": agree with the person. */
    .level_name = NC_("AI level", "Expert"),
    .algorithm = "alphabeta",
    .settings = "depth=4 w-exposure=20 noise=10 nodes=4000000",
    .translation_domain = GETTEXT_PACKAGE,
  },
  {
    .id = "mpanzu",
    .name = "Kota Mpanzu",
    .character = N_("The village elder: sees far ahead and wastes no stone."),
    .portrait_svg = classic_portrait_mpanzu,
    .level = 10,
    /* Translators: the level of Kota Mpanzu, an old man, shown as "Name (Level)": agree with the person. */
    .level_name = NC_("AI level", "Master"),
    .algorithm = "alphabeta",
    .settings = "noise=2 nodes=4000000",
    .translation_domain = GETTEXT_PACKAGE,
  },
};

static gboolean
ai_classic_register (KielaRegistry *registry, GError **error)
{
  static const KielaAiAlgorithm *algorithms[] = {
    &classic_random_algorithm,
    &classic_greedy_algorithm,
    &classic_alphabeta_algorithm,
    &classic_mcts_algorithm,
  };

  for (guint i = 0; i < G_N_ELEMENTS (algorithms); i++)
    if (!kiela_registry_add_ai_algorithm (registry, algorithms[i], error))
      return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (personalities); i++)
    if (!kiela_registry_add_personality (registry, &personalities[i], error))
      return FALSE;
  return TRUE;
}

KIELA_PLUGIN_DEFINE (plugin_info, ai_classic_register)
