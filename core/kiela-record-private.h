/* kiela-record-private.h: what the record's two halves and the other JSON readers of core share (not installed). */
#pragma once

#include <json-glib/json-glib.h>
#include "kiela-game-tree.h"

G_BEGIN_DECLS

/* A record nests a few levels deep (variations inside variations go deeper, up to this limit).
 * json-glib's parser recurses once per level, so a hostile file of a million "[" would
 * overflow the stack before it fails: the text is scanned first. */
#define KIELA_RECORD_MAX_DEPTH 64
/* The JSON nesting that many variations take (a list and an object each, and the moves' list),
 * with room for the rest of the record: the variations' own limit is the one that binds. */
#define KIELA_RECORD_MAX_JSON_DEPTH (2 * KIELA_RECORD_MAX_DEPTH + 8)

/* What a look at the raw JSON text finds before json-glib parses it. */
typedef struct {
  gboolean too_deep;   /* arrays and objects nest deeper than the limit */
  guint nul_line;      /* 1-based line of the first "\u0000" escape in a string, 0 if none */
  guint comment_line;  /* of the first comment ("/" outside a string), which json-glib accepts */
  guint trailing_line; /* of the first text after the first value ended (a second value) */
  guint huge_line;     /* of the first number of more than 18 digits, which json-glib would wrap */
} KielaJsonScan;

KielaJsonScan _kiela_json_scan (const char *text, gsize length, guint max_depth);

/* json-glib 1.6 decodes an escaped lone surrogate ("\ud800") into bytes that are not UTF-8,
 * although the file text itself is: every string taken from a record is checked. */
gboolean _kiela_record_string_ok (const char *s);
/* Sets a record error "SOURCE: message"; returns FALSE. */
gboolean _kiela_record_fail (GError **error, const char *source, const char *format, ...) G_GNUC_PRINTF (3, 4);

/* kiela-record-tree.c: the main line's "comments" and "variations" members, written into the
 * record object being built (for the main line's first `n_moves` plies) and read back into
 * `tree`, each variation replayed and checked like the main line.  Writing says how many variation
 * moves it wrote and how deep variations nest, which reading allows up to KIELA_GAME_MAX_MOVES
 * and KIELA_RECORD_MAX_DEPTH. */
typedef struct {
  guint64 n_moves;
  guint max_level;   /* 1: variations of the main line only */
} KielaRecordWritten;
KielaRecordWritten _kiela_record_write_tree (JsonBuilder *b, KielaGameTree *tree, guint n_moves);
gboolean _kiela_record_read_tree (JsonObject *obj, KielaGameTree *tree, const char *source, GError **error);

G_END_DECLS
