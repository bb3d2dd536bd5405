/* test-export-cli-common.h: what the tests of "kiela-cli export" (test-export-cli*.c) share, in
 * test-export-cli-common.c: the CLI run as a teacher runs it, temporary files, the worked
 * examples' record, and poppler's tools' output read back. */
#pragma once

#include <stdarg.h>

#include "kiela.h"
#include "tests/cli-test-run.h"

/* Rules file, section 10: the kiela start. */
#define START_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s"
/* Rules file, section 11: South b1, North h4, South i2 (a double capture), then North b3. */
extern const char *const game_moves[4];

void run_argv (Run *r, const char *const *args);
void run_cli_va (Run *r, va_list ap);
void run_cli (Run *r, ...);
char *tmp_path (const char *name);
KielaRegistry *get_registry (void);
const KielaVariant *kiela_variant (void);
KielaGame *make_record (const char *path);

char *output_of (const char *const *args);
char *pdf_info (const char *pdf, const char *first_page);
char *pdf_text (const char *pdf);
char *squash (const char *text);
