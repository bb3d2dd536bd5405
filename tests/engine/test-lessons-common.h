/* test-lessons-common.h: what the lesson engine's tests (test-lessons*.c) share, in
 * test-lessons-common.c: the registry as the app loads it, a lesson by its id, a square's house. */
#pragma once

#include "kiela.h"

KielaRegistry *full_registry (void);
const KielaLesson *lesson (KielaRegistry *registry, const char *id);
KielaMove house (const char *square);
