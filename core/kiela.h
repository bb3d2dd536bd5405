/* kiela.h: the whole Kiela engine API. */
#pragma once

/*
 * Threads.  The engine starts threads of its own only inside kiela_match_run*(),
 * kiela_stats_run() and kiela_ai_think_async(); everything else runs on the caller's thread.
 * What each public type allows:
 *
 *  - Plain data, copied by assignment (KielaPosition, KielaPlayedMove, KielaSowResult,
 *    KielaTrace, KielaAiRequest/Reply, KielaMatchGame/Summary, KielaStatsConfig/Game/Summary,
 *    KielaVariantFileProblem ...): no shared state; a copy is any thread's.
 *  - Registered static data (KielaVariant, KielaAiAlgorithm, KielaPersonality, KielaLesson,
 *    KielaPluginInfo): never changed once registered, valid until the registry is freed; read
 *    them from any thread.  The functions that only read them (kiela_variant_get_name(),
 *    kiela_ai_think(), kiela_lesson_*(), ...) are thread-safe.
 *  - KielaRegistry and its KielaPluginRecords: not locked, main thread only (the thread that
 *    made it).  Adding variants at run time (the Variant lab, an installed file) happens
 *    there; worker threads get the variant and AI pointers, never the registry.
 *  - KielaAiConfig: immutable once built and reference counted (atomically): any number of
 *    threads may think with it at once.  KielaCatalogue likewise (its lookup function is called
 *    from any thread that translates through it).
 *  - KielaGame, KielaGameTree, KielaGameLine (GObjects emitting signals), KielaVariantFile,
 *    KielaMatch, KielaStats, KielaRng: not locked; one thread at a time (a worker may own
 *    one, as the analysis panel's and the lab's copies are).
 *  - kiela_file_*(), and kiela_paths_*() once kiela_paths_init() ran: thread-safe.  Loading a
 *    record looks its variant up in the registry: main thread, like the registry.
 */

#include "kiela-version.h"
#include "kiela-error.h"
#include "kiela-types.h"
#include "kiela-position.h"
#include "kiela-sow.h"
#include "kiela-game.h"
#include "kiela-game-tree.h"
#include "kiela-record.h"
#include "kiela-ai.h"
#include "kiela-registry.h"
#include "kiela-plugin.h"
#include "kiela-rng.h"
#include "kiela-playout.h"
#include "kiela-narrate.h"
#include "kiela-catalogue.h"
#include "kiela-paths.h"
#include "kiela-file.h"
#include "kiela-match.h"
#include "kiela-variant.h"
#include "kiela-stats.h"
#include "kiela-lesson.h"
#include "kiela-lesson-file.h"
#include "kiela-analysis.h"
#include "kiela-review.h"
