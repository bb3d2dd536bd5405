/* test-record-common.h: what the record tests (test-record*.c) share, in test-record-common.c:
 * the registry, a sample game with metadata, and two games compared. */
#pragma once

#include "kiela.h"

/* The registry of the built rules plugins (test_init()), freed by the test's main(). */
extern KielaRegistry *registry;

KielaGame *sample_game (void);
void assert_same_game (KielaGame *a, KielaGame *b);
