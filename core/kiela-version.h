/* kiela-version.h: the export macro that marks libkiela-core's public API. */
#pragma once

/*
 * libkiela-core is built with hidden symbol visibility: only declarations marked
 * KIELA_AVAILABLE_IN_ALL are exported, so programs and plugins cannot come to
 * depend on the engine's internals.  Put it on its own line before every public
 * function declaration (and before G_DECLARE_*_TYPE).
 */
#if defined(KIELA_CORE_COMPILATION) && defined(__GNUC__)
# define KIELA_AVAILABLE_IN_ALL __attribute__((visibility ("default"))) extern
#else
# define KIELA_AVAILABLE_IN_ALL extern
#endif
