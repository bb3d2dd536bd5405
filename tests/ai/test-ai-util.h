/* test-ai-util.h: what the AI module's tests (test-ai*.c) share, in test-ai-util.c: the registry
 * with the shipped game files, an AI asked for a move, legality, and positions met in play. */
#pragma once

#include <gio/gio.h>

#include "kiela.h"

/* The registry of ai_test_start(), freed by the test's main(). */
extern KielaRegistry *registry;

const KielaVariant *variant (const char *id);
KielaAiConfig *config_for (const char *id, const char *extra);
gboolean think (const char *id, const char *extra, const KielaVariant *v, const KielaPosition *pos,
                guint64 seed, gint64 budget_us, GCancellable *cancellable, KielaAiReply *reply, GError **error);
gboolean is_legal (const KielaVariant *v, const KielaPosition *pos, KielaMove move);
GPtrArray *personality_ids (void);
guint random_game_positions (const KielaVariant *v, guint64 seed, KielaPosition *out, guint max);

void ai_test_start (int *argc, char ***argv);
