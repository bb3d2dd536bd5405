/* kiela-variant-file-private.h: a variant file's struct and the words its keys take, shared by
 * the reader (kiela-variant-file.c) and the writer (kiela-variant-file-write.c). */

/* Not installed. */
#pragma once

#include "kiela-variant.h"

G_BEGIN_DECLS

struct _KielaVariantFile {
  KielaVariant variant;
  char        *path;
  char        *id, *name, *description, *family, *level, *source, *reading, *domain;
  /* The variant's clockwise sowings (variant.reverse points here when it has them). */
  KielaReverseRule reverse;
};

/* The words of the keys that take one, a word's index its value (the `_ok` lists: those the
 * engine plays today). */
static const char *const arrangement_words[] = { "none", "free", "constrained", NULL };
static const char *const arrangement_ok[]    = { "none", "free", "constrained", NULL };
static const char *const phase_change_words[] = { "none", "no-house-over-one", NULL };
static const char *const later_phase_words[]  = { "none", "singles-into-empty", NULL };
static const char *const singles_words[]     = { "always", "when-blocked", "when-blocked-any-house", NULL };
static const char *const direction_words[]   = { "anticlockwise", "clockwise", NULL };
static const char *const direction_ok[]      = { "anticlockwise", NULL };
static const char *const relay_words[]       = { "occupied", "never", NULL };
static const char *const trigger_words[]     = { "occupied-inner", "empty-inner", NULL };
static const char *const needs_words[]       = { "facing-inner", "facing-inner-and-outer", NULL };
static const char *const captured_words[]    = { "inner-and-outer", "inner", NULL };
static const char *const captured_ok[]       = { "inner-and-outer", NULL };
/* In KielaCapturedFate order. */
static const char *const fate_words[]        = { "sow-after-captor", "sow-from-lap-start", "removed",
                                                 "sow-after-lap-start", NULL };
static const char *const bool_words[]        = { "false", "true", NULL };
static const char *const endless_words[]     = { "illegal", "loses", NULL };
static const char *const end_words[]         = { "no-moves-loses", "repetition-draws", NULL };
/* In KielaReverseWhen, KielaReverseCaptured and KielaReverseRelay order. */
static const char *const reverse_when_words[]     = { "captures", "always", NULL };
static const char *const reverse_captured_words[] = { "anticlockwise", "clockwise", "when-captures",
                                                      "choice-when-captures", NULL };
static const char *const reverse_relay_words[]    = { "never", "when-captures", "choice-when-captures", NULL };
static const char *const first_sowing_words[] = { "usual", "leftmost-in-house", NULL };
static const char *const single_skip_words[] = { "none", "threatened-second-inner", NULL };
static const char *const level_words[]       = { "Beginner", "Advanced", "Expert", NULL };

G_END_DECLS
