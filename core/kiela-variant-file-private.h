/* kiela-variant-file-private.h: a variant file's struct and the words its keys take, shared by
 * the reader (kiela-variant-file.c, with the rules' sections in kiela-variant-file-rules.c) and
 * the writer (kiela-variant-file-write.c). */

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

/* ---- reading (kiela-variant-file.c, kiela-variant-file-rules.c) ---- */

typedef struct {
  const char *name;        /* the file, for messages */
  const char *data;
  gsize       length;
  GKeyFile   *kf;
} KielaVariantFileParser;

/* The values of the keys that take a word or a number, as read (a word's index in its list),
 * and what the rules' sections work out from them. */
typedef struct {
  guint files, min_sow, arrangement, singles, direction, relay, trigger, needs, captured, fate, ends_turn;
  guint lap_limit, endless, level, dflt, simplified, phase_change, later_phase, first_sowing;
  guint rev_when, rev_captured, rev_relay, both_ends, extra_capture, single_skip;
  gboolean has_ends_turn, has_level;
  gsize arrange;          /* ArrangeRules: KIELA_ARRANGE_* */
  guint64 rev_houses;     /* ReverseFrom: a bit a house */
} KielaVariantFileRules;

/* Sets `error` to "FILE:LINE: key “KEY”: WHY" (the line of `key` in the file, 0 without a key). */
void     _kiela_variant_file_set_problem (GError **error, const KielaVariantFileParser *p, KielaVariantFileError code,
                                          const char *key, const char *fmt, ...) G_GNUC_PRINTF (5, 6);
char    *_kiela_variant_file_get_raw     (const KielaVariantFileParser *p, const char *key);
gboolean _kiela_variant_file_parse_uint  (const char *text, guint min, guint max, guint *out);

/* The rules' sections, each checking its keys against the others (kiela-variant-file-rules.c). */
gboolean _kiela_variant_file_read_arrange_rules (const KielaVariantFileParser *p, KielaVariantFileRules *r,
                                                 GError **error);
gboolean _kiela_variant_file_read_reverse       (const KielaVariantFileParser *p, KielaVariantFileRules *r,
                                                 GError **error);
gboolean _kiela_variant_file_read_first_move    (const KielaVariantFileParser *p, const KielaVariantFileRules *r,
                                                 KielaVariant *v, GError **error);
gboolean _kiela_variant_file_read_end           (const KielaVariantFileParser *p, GError **error);
gboolean _kiela_variant_file_check_captures     (const KielaVariantFileParser *p, const KielaVariantFileRules *r,
                                                 GError **error);

G_END_DECLS
