/* test-sow-common.h: what the sowing tests (test-sow*.c) share, in test-sow-common.c: the registry
 * with the built rules plugins and the shipped variant files, and the rules' endless example. */
#pragma once

#include "kiela.h"

/* The registry of sow_test_init(), freed by the test's main(). */
extern KielaRegistry *registry;

const KielaVariant *variant (const char *id);
void endless_position (KielaPosition *pos);
KielaRegistry *sow_test_init (int *argc, char ***argv);
