/* kiela-test-broken-personality.c: deliberately broken AI plugins for the loader and host tests (never installed).
 * Built three times: with KIELA_TEST_BAD_SETTINGS a personality has settings its algorithm rejects;
 * with KIELA_TEST_BAD_ANSWER the module loads fine but its algorithms answer moves the position
 * does not allow (house 77, off the board; an empty house) or never answer (stuck); without either a personality names
 * an algorithm that nobody registers. */
#include "kiela-plugin.h"

#if defined (KIELA_TEST_BAD_ANSWER)
#define TEST_ID "test-bad-answer"
#define TEST_PERSONALITY "liar"
#define TEST_ALGORITHM "off-board"
#define TEST_SETTINGS ""
#elif defined (KIELA_TEST_BAD_SETTINGS)
#define TEST_ID "test-bad-settings"
#define TEST_PERSONALITY "muddle"
#define TEST_ALGORITHM "alphabeta"
#define TEST_SETTINGS "depth=banana"
#else
#define TEST_ID "test-unknown-algorithm"
#define TEST_PERSONALITY "ghost"
#define TEST_ALGORITHM "no-such-algorithm"
#define TEST_SETTINGS "depth=3"
#endif

static const KielaPluginInfo info = {
  .abi_version = KIELA_PLUGIN_ABI_VERSION,
  .api_version = KIELA_PLUGIN_API_VERSION,
  .id = TEST_ID,
  .name = "Broken personality (test)",
  .version = "0",
  .description = "A personality the loader must reject",
  .license = "GPL-3.0-or-later",
};

static const KielaPersonality personality = {
  .id = TEST_PERSONALITY,
  .name = "Test",
  .character = "Should never be offered.",
  .portrait_svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"/>",
  .level = 3,
  .level_name = "Test",
  .algorithm = TEST_ALGORITHM,
  .settings = TEST_SETTINGS,
};

#ifdef KIELA_TEST_BAD_ANSWER
/* Sows a house far past any board. */
static gboolean
off_board_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  reply->move = 77;
  return TRUE;
}

/* Sows the first empty house of the side to move: on the board, never legal. */
static gboolean
empty_house_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  const guint16 *houses = request->position.houses[request->position.to_move];

  reply->move = 0;
  for (guint h = 0; h < 2u * request->position.files; h++)
    if (houses[h] == 0)
      {
        reply->move = (KielaMove) h;
        break;
      }
  return TRUE;
}

static const KielaAiAlgorithm off_board = {
  .id = "off-board",
  .name = "Off the board (test)",
  .description = "Answers house 77",
  .think = off_board_think,
};

/* Never answers and never looks at the cancellable: a search that hangs (the host can only
 * leave it behind). */
static gboolean
stuck_think (const KielaAiRequest *request, KielaAiReply *reply, GError **error)
{
  for (;;)
    g_usleep (20000);
  return FALSE;
}

static const KielaAiAlgorithm stuck = {
  .id = "stuck",
  .name = "Stuck (test)",
  .description = "Thinks forever",
  .think = stuck_think,
};

static const KielaAiAlgorithm empty_house = {
  .id = "empty-house",
  .name = "Empty house (test)",
  .description = "Answers an empty house",
  .think = empty_house_think,
};
#endif

static gboolean
test_register (KielaRegistry *registry, GError **error)
{
#ifdef KIELA_TEST_BAD_ANSWER
  if (!kiela_registry_add_ai_algorithm (registry, &off_board, error)
      || !kiela_registry_add_ai_algorithm (registry, &empty_house, error)
      || !kiela_registry_add_ai_algorithm (registry, &stuck, error))
    return FALSE;
#endif
  return kiela_registry_add_personality (registry, &personality, error);
}

KIELA_PLUGIN_DEFINE (info, test_register)
