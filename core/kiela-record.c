/* kiela-record.c: the "kiela-game" JSON record: save atomically, load by replaying and validating every move. */
#include "config.h"

#include <string.h>
#include <json-glib/json-glib.h>
#include <glib/gi18n-lib.h>

#include "kiela-record.h"
#include "kiela-file.h"
#include "kiela-file-private.h"
#include "kiela-position.h"
#include "kiela-registry.h"
#include "kiela-game-tree-private.h"
#include "kiela-record-private.h"

/* A record is small; anything much larger is not one of ours. */
#define KIELA_RECORD_MAX_BYTES (16 * 1024 * 1024)
/* Records are written indented for a reader up to this size, compact above it: indentation
 * grows with the nesting of variations and can more than double a large record. */
#define KIELA_RECORD_PRETTY_MAX_BYTES (1024 * 1024)

/* Scans the JSON text once: the nesting depth (brackets inside strings do not
 * count) and escaped NUL characters, which json-glib would silently cut a
 * string at, so that "a\u0000b" would load as "a". */
KielaJsonScan
_kiela_json_scan (const char *text, gsize length, guint max_depth)
{
  KielaJsonScan scan = { FALSE, 0, 0, 0, 0 };
  guint depth = 0, line = 1, digits = 0;
  gboolean in_string = FALSE, ended = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (c == '\n')
        line++;
      digits = !in_string && g_ascii_isdigit (c) ? digits + 1 : 0;
      if (digits > 18 && scan.huge_line == 0)
        scan.huge_line = line;
      if (!in_string && ended && scan.trailing_line == 0 && !g_ascii_isspace (c))
        scan.trailing_line = line;
      if (in_string)
        {
          if (c == '\\' && i + 1 < length)
            {
              if (scan.nul_line == 0 && text[i + 1] == 'u' && i + 5 < length
                  && memcmp (text + i + 2, "0000", 4) == 0)
                scan.nul_line = line;
              i++;
            }
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '/' && scan.comment_line == 0)
        scan.comment_line = line;
      else if (c == '[' || c == '{')
        {
          if (++depth > max_depth)
            {
              scan.too_deep = TRUE;
              return scan;
            }
        }
      else if ((c == ']' || c == '}') && depth > 0 && --depth == 0)
        ended = TRUE;
    }
  return scan;
}

static const char *
reason_id (KielaReason reason)
{
  switch (reason)
    {
    case KIELA_REASON_NO_MOVES: return "no moves";
    case KIELA_REASON_REPETITION: return "repetition";
    case KIELA_REASON_ENDLESS_MOVE: return "endless move";
    case KIELA_REASON_MOVE_LIMIT: return "move limit";
    case KIELA_REASON_BOTH_ENDS: return "both ends";
    case KIELA_REASON_NONE:
    default: return NULL;
    }
}

static void
add_setup (JsonBuilder *b, KielaGame *game, KielaSide side)
{
  const KielaPosition *initial = kiela_game_get_initial (game);
  guint files = initial->files;

  json_builder_set_member_name (b, kiela_side_name (side));
  json_builder_begin_object (b);
  for (guint rank = side == KIELA_SOUTH ? 1 : 3; rank <= (side == KIELA_SOUTH ? 2u : 4u); rank++)
    for (guint f = 0; f < files; f++)
      {
        KielaSquare sq;
        char name[4];

        kiela_square_from_file_rank (files, f, rank, &sq);
        kiela_square_name (files, sq.side, sq.house, name);
        json_builder_set_member_name (b, name);
        json_builder_add_int_value (b, initial->houses[sq.side][sq.house]);
      }
  json_builder_end_object (b);
}


/* A name for `file` in messages: the path for local files, else the URI as typed. */
static char *
file_display_name (GFile *file)
{
  const char *path = g_file_peek_path (file);

  return path ? g_filename_display_name (path) : g_file_get_parse_name (file);
}

/* The record of `game` (with `tree`'s comments and variations), and in `written` what its
 * variations hold. */
static char *
record_build (KielaGame *game, KielaGameTree *tree, KielaRecordWritten *written)
{
  static const KielaRecordWritten none = { 0, 0 };
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *start = kiela_position_to_string (kiela_game_get_start (game));
  const KielaVariant *variant = kiela_game_get_variant (game);
  KielaReason reason;
  KielaStatus status = kiela_game_get_status (game, &reason);
  GHashTableIter iter;
  gpointer k, v;
  g_autoptr(GList) keys = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, KIELA_RECORD_FORMAT);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, KIELA_RECORD_VERSION);
  json_builder_set_member_name (b, "variant");
  json_builder_add_string_value (b, variant->id);
  json_builder_set_member_name (b, "start");
  json_builder_add_string_value (b, start);

  if (kiela_game_has_setup (game, KIELA_SOUTH) || kiela_game_has_setup (game, KIELA_NORTH))
    {
      json_builder_set_member_name (b, "setup");
      json_builder_begin_object (b);
      if (kiela_game_has_setup (game, KIELA_SOUTH))
        add_setup (b, game, KIELA_SOUTH);
      if (kiela_game_has_setup (game, KIELA_NORTH))
        add_setup (b, game, KIELA_NORTH);
      json_builder_end_object (b);
    }

  json_builder_set_member_name (b, "moves");
  json_builder_begin_array (b);
  for (guint i = 0; i < kiela_game_get_n_moves (game); i++)
    {
      g_autofree char *name = kiela_game_dup_move_name (game, i);
      json_builder_add_string_value (b, name);
    }
  json_builder_end_array (b);
  *written = tree ? _kiela_record_write_tree (b, tree, kiela_game_get_n_moves (game)) : none;

  json_builder_set_member_name (b, "result");
  json_builder_add_string_value (b, kiela_status_id (status));
  if (reason_id (reason))
    {
      json_builder_set_member_name (b, "reason");
      json_builder_add_string_value (b, reason_id (reason));
    }

  json_builder_set_member_name (b, "metadata");
  json_builder_begin_object (b);
  keys = g_hash_table_get_keys (kiela_game_get_metadata_table (game));
  keys = g_list_sort (keys, (GCompareFunc) g_strcmp0);
  for (GList *l = keys; l; l = l->next)
    {
      json_builder_set_member_name (b, l->data);
      json_builder_add_string_value (b, kiela_game_get_metadata (game, l->data));
    }
  (void) iter; (void) k; (void) v;
  json_builder_end_object (b);
  /* What a newer version wrote and this one does not know goes back as it came. */
  if (tree && _kiela_game_tree_get_unknown_members (tree))
    {
      JsonObject *unknown = _kiela_game_tree_get_unknown_members (tree);
      g_autoptr(GList) names = json_object_get_members (unknown);

      for (GList *l = names; l; l = l->next)
        {
          json_builder_set_member_name (b, l->data);
          json_builder_add_value (b, json_node_copy (json_object_get_member (unknown, l->data)));
        }
    }
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  {
    gsize length = 0;
    char *text = json_generator_to_data (gen, &length);
    char *with_nl;

    if (length > KIELA_RECORD_PRETTY_MAX_BYTES)
      {
        g_free (text);
        json_generator_set_pretty (gen, FALSE);
        text = json_generator_to_data (gen, NULL);
      }
    with_nl = g_strconcat (text, "\n", NULL);
    g_free (text);
    return with_nl;
  }
}

static char *
record_to_string (KielaGame *game, KielaGameTree *tree)
{
  KielaRecordWritten written;

  return record_build (game, tree, &written);
}

/*
 * The record of `game` and `tree` for a file, or NULL with an error naming `file` when the
 * loader would refuse it (too large, nested too deep, too many variation moves): a save must
 * never replace a record that loads with one that does not.
 */
static char *
record_for_file (KielaGame *game, KielaGameTree *tree, GFile *file, GError **error)
{
  KielaRecordWritten written;
  g_autofree char *text = record_build (game, tree, &written);
  gsize length = strlen (text);
  g_autofree char *why = NULL;

  if (length > KIELA_RECORD_MAX_BYTES)
    {
      g_autofree char *size = g_format_size (length);
      g_autofree char *limit = g_format_size_full (KIELA_RECORD_MAX_BYTES, G_FORMAT_SIZE_IEC_UNITS);
      /* TRANSLATORS: the first %s is a size such as "17.2 MB", the second "16.0 MiB" */
      why = g_strdup_printf (_("the game's record would take %s, more than the %s a record may hold"), size, limit);
    }
  else if (written.n_moves > KIELA_GAME_MAX_MOVES)
    why = g_strdup_printf (_("its variations hold more than %u moves"), (guint) KIELA_GAME_MAX_MOVES);
  else if (written.max_level > KIELA_RECORD_MAX_DEPTH
           || _kiela_json_scan (text, length, KIELA_RECORD_MAX_JSON_DEPTH).too_deep)
    why = g_strdup_printf (_("its variations nest more than %d deep"), KIELA_RECORD_MAX_DEPTH);
  if (why != NULL)
    {
      g_autofree char *display = file_display_name (file);
      /* The file is not touched: the message says why the game cannot be saved. */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD, _("Could not save “%s”: %s"), display, why);
      return NULL;
    }
  return g_steal_pointer (&text);
}

char *
kiela_record_to_string (KielaGame *game)
{
  g_return_val_if_fail (KIELA_IS_GAME (game), NULL);
  return record_to_string (game, NULL);
}

char *
kiela_record_tree_to_string (KielaGameTree *tree)
{
  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), NULL);
  return record_to_string (kiela_game_tree_get_main_game (tree), tree);
}

#define FAIL(...) G_STMT_START { \
    g_autofree char *_m = g_strdup_printf (__VA_ARGS__); \
    g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD, "%s: %s", source, _m); \
    return NULL; } G_STMT_END

/* Every string taken from a record is checked, so that nothing loaded can be saved into a
 * record that does not load (see kiela-record-private.h). */
gboolean
_kiela_record_string_ok (const char *s)
{
  return s != NULL && g_utf8_validate (s, -1, NULL);
}

/* `key` names where the string was found: "variant", "metadata.comment". */
#define FAIL_NOT_UTF8(key) FAIL (_("“%s” is not valid UTF-8 text"), key)

/* A member that is a string: NULL with *type_ok FALSE when it is there but not a
 * string, NULL with *utf8_ok FALSE when it is not valid UTF-8. */
static const char *
member_string (JsonObject *obj, const char *name, gboolean *type_ok, gboolean *utf8_ok)
{
  JsonNode *node = json_object_get_member (obj, name);

  *type_ok = TRUE;
  *utf8_ok = TRUE;
  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      *type_ok = FALSE;
      return NULL;
    }
  if (!_kiela_record_string_ok (json_node_get_string (node)))
    {
      *utf8_ok = FALSE;
      return NULL;
    }
  return json_node_get_string (node);
}

static gboolean
read_setup (JsonObject *setup, KielaSide side, const KielaPosition *start, guint16 counts[KIELA_MAX_HOUSES],
            const char *source, GError **error)
{
  JsonNode *node = json_object_get_member (setup, kiela_side_name (side));
  JsonObject *obj;
  g_autoptr(GList) members = NULL;
  guint files = start->files;

  memset (counts, 0, sizeof (guint16) * KIELA_MAX_HOUSES);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD,
                   _("%s: “setup.%s” must be an object of squares and counts"), source, kiela_side_name (side));
      return FALSE;
    }
  obj = json_node_get_object (node);
  members = json_object_get_members (obj);
  for (GList *l = members; l; l = l->next)
    {
      const char *name = l->data;
      JsonNode *v = json_object_get_member (obj, name);
      KielaSquare sq;
      gint64 c;
      g_autoptr(GError) local = NULL;

      if (!_kiela_record_string_ok (name))
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD, _("%s: “setup.%s” has a square name that is not valid UTF-8 text"),
                       source, kiela_side_name (side));
          return FALSE;
        }
      if (!kiela_square_parse (files, name, &sq, &local))
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD, _("%s: setup of %s: %s"),
                       source, kiela_side_name (side), local->message);
          return FALSE;
        }
      if (sq.side != side)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD,
                       _("%s: setup of %s names %s, which is not one of its houses"),
                       source, kiela_side_name (side), name);
          return FALSE;
        }
      if (!JSON_NODE_HOLDS_VALUE (v) || json_node_get_value_type (v) != G_TYPE_INT64 ||
          (c = json_node_get_int (v)) < 0 || c > 60000)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD,
                       _("%s: setup count of %s must be a whole number from 0 to 60000"), source, name);
          return FALSE;
        }
      counts[sq.house] = (guint16) c;
    }
  return TRUE;
}

/* Sets a record error naming the source; FALSE. */
gboolean
_kiela_record_fail (GError **error, const char *source, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD, "%s: %s", source, message);
  return FALSE;
}


/* The members a record of this version holds; "comments" and "variations" are read from
 * version 2 on, and never kept from a version 1 record (written back under version 2, they
 * would be read as this game's). */
static const char *const known_members[] = {
  "format", "version", "variant", "start", "setup", "moves", "comments", "variations",
  "result", "reason", "metadata", NULL,
};

/* Keeps the members of `obj` this version does not know (a newer version's) in `tree`, to be
 * written back on save.  One whose name or text is not UTF-8 (an escaped lone surrogate, which
 * json-glib decodes into bytes that are not) could not be written into a record that loads:
 * it is left out, as every unknown member was before. */
static void
keep_unknown_members (JsonObject *obj, KielaGameTree *tree)
{
  g_autoptr(GList) names = json_object_get_members (obj);
  g_autoptr(JsonObject) unknown = NULL;

  for (GList *l = names; l; l = l->next)
    {
      const char *name = l->data;
      JsonNode *node = json_object_get_member (obj, name);
      g_autofree char *text = NULL;

      if (g_strv_contains (known_members, name))
        continue;
      text = json_to_string (node, FALSE);
      if (!_kiela_record_string_ok (name) || !_kiela_record_string_ok (text))
        {
          g_debug ("record member not kept: it is not UTF-8 text");
          continue;
        }
      /* Nor one json-glib would write as text it cannot read back: a number too large for a
       * double (1e4003) is read as infinity and written as "inf" (found by fuzz-record). */
      {
        g_autoptr(JsonNode) back = json_from_string (text, NULL);

        if (back == NULL)
          {
            g_debug ("record member not kept: it would not be written back as JSON");
            continue;
          }
      }
      if (unknown == NULL)
        unknown = json_object_new ();
      json_object_set_member (unknown, name, json_node_copy (node));
    }
  _kiela_game_tree_set_unknown_members (tree, unknown);
}

static KielaGameTree *
record_from_string (KielaRegistry *registry, const char *text, gssize length,
                    const char *source, GCancellable *cancellable, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local = NULL;
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(KielaGameTree) tree = NULL;
  gint64 version;
  JsonNode *root, *node;
  JsonObject *obj;
  const char *format, *variant_id, *start_kpn, *result_id;
  const KielaVariant *variant;
  KielaPosition start, variant_start;
  KielaStatus stored, actual;
  gboolean ok, utf8_ok;
  JsonArray *moves;
  KielaJsonScan scan;

  if (source == NULL)
    source = _("game record");

  if (length < 0)
    length = (gssize) strlen (text);
  if (length > KIELA_RECORD_MAX_BYTES)
    FAIL (_("the file is too large to be a game record"));
  if (!g_utf8_validate (text, length, NULL))
    FAIL (_("the file is not UTF-8 text"));
  scan = _kiela_json_scan (text, (gsize) length, KIELA_RECORD_MAX_JSON_DEPTH);
  if (scan.too_deep)
    FAIL (_("not a Kiela game record: lists and objects are nested more than %d deep"), KIELA_RECORD_MAX_JSON_DEPTH);
  if (scan.nul_line > 0)
    FAIL (_("line %u: a string holds the character U+0000 (\\u0000), which a game record may not contain"),
          scan.nul_line);
  if (scan.comment_line > 0)
    FAIL (_("line %u: a comment, which a game record (JSON) may not contain"), scan.comment_line);
  if (scan.trailing_line > 0)
    FAIL (_("line %u: more text after the end of the record"), scan.trailing_line);
  if (scan.huge_line > 0)
    FAIL (_("line %u: a number too large for a game record"), scan.huge_line);
  if (!json_parser_load_from_data (parser, text, length, &local))
    {
      /* json-glib quotes the bytes it decoded, which need not be UTF-8. */
      g_autofree char *valid = g_utf8_make_valid (local->message, -1);
      FAIL (_("not valid JSON: %s"), valid);
    }

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    FAIL (_("not a Kiela game record: the top level is not a JSON object"));
  obj = json_node_get_object (root);

  format = member_string (obj, "format", &ok, &utf8_ok);
  if (g_strcmp0 (format, KIELA_RECORD_FORMAT) != 0)
    FAIL (_("not a Kiela game record: “format” must be “%s”"), KIELA_RECORD_FORMAT);
  node = json_object_get_member (obj, "version");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    FAIL (_("“version” is missing or not a number"));
  version = json_node_get_int (node);
  if (version < 1 || version > KIELA_RECORD_VERSION)
    /* %lld, not G_GINT64_FORMAT: xgettext cannot see through the macro and would cut the msgid. */
    FAIL (_("record version %lld is not supported (this Kiela reads version %d)"),
          (long long) json_node_get_int (node), KIELA_RECORD_VERSION);

  variant_id = member_string (obj, "variant", &ok, &utf8_ok);
  if (!utf8_ok)
    FAIL_NOT_UTF8 ("variant");
  if (variant_id == NULL)
    FAIL (_("“variant” is missing or not a string"));
  variant = kiela_registry_lookup_variant (registry, variant_id);
  if (variant == NULL)
    FAIL (_("unknown variant “%s” (is its plugin installed?)"), variant_id);

  kiela_position_init_start (&variant_start, variant);
  start_kpn = member_string (obj, "start", &ok, &utf8_ok);
  if (!utf8_ok)
    FAIL_NOT_UTF8 ("start");
  if (!ok)
    FAIL (_("“start” must be a position string"));
  if (start_kpn == NULL)
    start = variant_start;
  else if (!kiela_position_parse (start_kpn, variant->files, &start, &local))
    FAIL (_("bad start position: %s"), local->message);

  if (kiela_position_equal (&start, &variant_start))
    game = kiela_game_new (variant);
  else
    {
      game = kiela_game_new_from_position (variant, &start, &local);
      if (game == NULL)
        FAIL ("%s", local->message);
    }

  node = json_object_get_member (obj, "setup");
  if (node && !JSON_NODE_HOLDS_NULL (node))
    {
      JsonObject *setup;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        FAIL (_("“setup” must be an object"));
      if (kiela_game_get_phase (game) == KIELA_PHASE_PLAY)
        FAIL (_("the record has a setup, but this game has no setup phase"));
      setup = json_node_get_object (node);
      for (KielaSide side = KIELA_SOUTH; side <= KIELA_NORTH; side++)
        {
          guint16 counts[KIELA_MAX_HOUSES];

          if (!json_object_has_member (setup, kiela_side_name (side)))
            continue;   /* a side not yet arranged; a later one is checked by kiela_game_setup() */
          if (!read_setup (setup, side, &start, counts, source, error))
            return NULL;
          if (!kiela_game_setup (game, side, counts, &local))
            FAIL (_("setup of %s: %s"), kiela_side_name (side), local->message);
        }
    }

  node = json_object_get_member (obj, "moves");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    FAIL (_("“moves” is missing or not a list"));
  moves = json_node_get_array (node);
  if (json_array_get_length (moves) > KIELA_GAME_MAX_MOVES)
    FAIL (_("the record has %u moves, more than the %u a game may hold"),
          json_array_get_length (moves), (guint) KIELA_GAME_MAX_MOVES);
  if (json_array_get_length (moves) > 0 && kiela_game_get_phase (game) != KIELA_PHASE_PLAY)
    FAIL (_("the record has moves, but the setup phase is not finished"));
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonNode *m = json_array_get_element (moves, i);
      const char *square;

      if (!JSON_NODE_HOLDS_VALUE (m) || json_node_get_value_type (m) != G_TYPE_STRING)
        FAIL (_("move %u is not a square name"), i + 1);
      square = json_node_get_string (m);
      if (!_kiela_record_string_ok (square))
        FAIL (_("move %u is not valid UTF-8 text"), i + 1);
      if (!kiela_game_play_square (game, square, NULL, &local))
        FAIL (_("move %u (%s) is illegal: %s"), i + 1, square, local->message);
      /* A long record loads off the main thread: its Cancel stops the replay, not only the wait. */
      if (i % 4096 == 4095 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
    }

  result_id = member_string (obj, "result", &ok, &utf8_ok);
  if (!utf8_ok)
    FAIL_NOT_UTF8 ("result");
  if (!ok)
    FAIL (_("“result” must be a string"));
  actual = kiela_game_get_status (game, NULL);
  if (result_id != NULL)
    {
      if (!kiela_status_parse (result_id, &stored))
        FAIL (_("unknown result “%s”: expected “ongoing”, “south wins”, “north wins” or “draw”"), result_id);
      /* Saved before a game at the move cap ended there: "ongoing" then meant the same game. */
      if (stored == KIELA_STATUS_ONGOING && actual == KIELA_STATUS_DRAW
          && kiela_game_get_n_moves (game) >= KIELA_GAME_MAX_MOVES)
        stored = actual;
      if (stored != actual)
        FAIL (_("the record says “%s”, but replaying its moves gives “%s”"), result_id, kiela_status_id (actual));
    }

  node = json_object_get_member (obj, "metadata");
  if (node && !JSON_NODE_HOLDS_NULL (node))
    {
      JsonObject *meta;
      g_autoptr(GList) members = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        FAIL (_("“metadata” must be an object"));
      meta = json_node_get_object (node);
      members = json_object_get_members (meta);
      for (GList *l = members; l; l = l->next)
        {
          const char *key = l->data;
          JsonNode *v = json_object_get_member (meta, key);

          if (!_kiela_record_string_ok (key))
            {
              g_autofree char *shown = g_utf8_make_valid (key, -1);
              FAIL (_("metadata key “%s” is not valid UTF-8 text"), shown);
            }
          if (!JSON_NODE_HOLDS_VALUE (v) || json_node_get_value_type (v) != G_TYPE_STRING)
            FAIL (_("metadata “%s” must be a string"), key);
          if (!_kiela_record_string_ok (json_node_get_string (v)))
            {
              g_autofree char *where = g_strconcat ("metadata.", key, NULL);
              FAIL_NOT_UTF8 (where);
            }
          kiela_game_set_metadata (game, key, json_node_get_string (v));
        }
    }

  tree = kiela_game_tree_new (game);
  if (version >= 2 && !_kiela_record_read_tree (obj, tree, source, error))
    return NULL;
  keep_unknown_members (obj, tree);
  return g_steal_pointer (&tree);
}

KielaGameTree *
kiela_record_tree_from_string (KielaRegistry *registry, const char *text, gssize length,
                               const char *source, GError **error)
{
  g_return_val_if_fail (registry != NULL && text != NULL, NULL);
  return record_from_string (registry, text, length, source, NULL, error);
}

KielaGame *
kiela_record_from_string (KielaRegistry *registry, const char *text, gssize length,
                          const char *source, GError **error)
{
  g_autoptr(KielaGameTree) tree = NULL;

  g_return_val_if_fail (registry != NULL && text != NULL, NULL);
  tree = record_from_string (registry, text, length, source, NULL, error);
  return tree ? g_object_ref (kiela_game_tree_get_main_game (tree)) : NULL;
}

static gboolean
save_text (const char *text, GFile *file, GCancellable *cancellable, GError **error)
{
  g_autoptr(GError) local = NULL;
  gboolean ok;

  /* A local file: through its links to a regular file, atomically (kiela-file.c).
   * Any other location: GIO's own replacement, as atomic as its backend allows. */
  if (g_file_peek_path (file) != NULL)
    ok = kiela_file_replace_contents_checked (file, text, strlen (text), &local);
  else
    {
      /* Not g_file_replace_contents(): after a failed write it commits what was written. */
      g_autoptr(GFileOutputStream) out = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, &local);

      ok = out != NULL && _kiela_file_write_and_commit (G_OUTPUT_STREAM (out), text, strlen (text), &local);
    }
  if (!ok)
    {
      /* Our own refusals name the file already; GLib's and GIO's keep their code. */
      if (local->domain == KIELA_ERROR)
        g_propagate_error (error, g_steal_pointer (&local));
      else
        {
          g_autofree char *display = file_display_name (file);
          g_propagate_prefixed_error (error, g_steal_pointer (&local), _("Could not save “%s”: "), display);
        }
      return FALSE;
    }
  return TRUE;
}

gboolean
kiela_record_save_file (KielaGame *game, GFile *file, GCancellable *cancellable, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (KIELA_IS_GAME (game), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  text = record_for_file (game, NULL, file, error);
  return text != NULL && save_text (text, file, cancellable, error);
}

gboolean
kiela_record_tree_save_file (KielaGameTree *tree, GFile *file, GCancellable *cancellable, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  text = record_for_file (kiela_game_tree_get_main_game (tree), tree, file, error);
  return text != NULL && save_text (text, file, cancellable, error);
}

gboolean
kiela_record_save (KielaGame *game, const char *path, GError **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  file = g_file_new_for_path (path);
  return kiela_record_save_file (game, file, NULL, error);
}

/* Refuses anything but a regular file of plausible size, from what `type` and `size` say. */
static gboolean
check_loadable (GFileType type, goffset size, const char *display, GError **error)
{
  if (type == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("%s: is a folder, not a game record"), display);
      return FALSE;
    }
  if (type != G_FILE_TYPE_REGULAR)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("%s: is not a regular file, not a game record"), display);
      return FALSE;
    }
  if (size > KIELA_RECORD_MAX_BYTES)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD, "%s: %s", display,
                   _("the file is too large to be a game record"));
      return FALSE;
    }
  return TRUE;
}

/* A local file: kiela_file_read_bounded() never blocks on a named pipe nor reads /dev/zero
 * or a multi-gigabyte file whole.  Its errors are rephrased the way a record's are. */
static GString *
read_local (const char *path, const char *display, GError **error)
{
  g_autoptr(GError) local = NULL;
  char *contents = NULL;
  gsize length = 0;
  GString *text;

  if (!kiela_file_read_bounded (path, KIELA_RECORD_MAX_BYTES, &contents, &length, &local))
    {
      if (g_error_matches (local, KIELA_ERROR, KIELA_ERROR_TOO_LARGE))
        check_loadable (G_FILE_TYPE_REGULAR, (goffset) KIELA_RECORD_MAX_BYTES + 1, display, error);
      else if (g_file_test (path, G_FILE_TEST_IS_DIR))
        check_loadable (G_FILE_TYPE_DIRECTORY, 0, display, error);
      else if (local->domain == KIELA_ERROR)
        check_loadable (G_FILE_TYPE_SPECIAL, 0, display, error);
      else
        /* Callers test the GIO codes (G_IO_ERROR_NOT_FOUND) of a GFile-based loader; the
         * message already names the file as `display` does (its path for display). */
        g_set_error_literal (error, G_IO_ERROR, g_io_error_from_file_error (local->code), local->message);
      return NULL;
    }
  text = g_string_new_len (contents, (gssize) length);
  g_free (contents);
  return text;
}

/* Any other GFile (a GVFS location): looked at first, then read up to the size limit. */
static GString *
read_remote (GFile *file, const char *display, GCancellable *cancellable, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_STANDARD_SIZE,
                            G_FILE_QUERY_INFO_NONE, cancellable, &local);
  if (info == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", display);
      return NULL;
    }
  /* A location may leave the size out (GLib 2.84's resource folders do, and asking for it then
   * is a critical): the read below stops at the limit anyway. */
  if (!check_loadable (g_file_info_get_file_type (info),
                       g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE) ? g_file_info_get_size (info) : 0,
                       display, error))
    return NULL;
  in = g_file_read (file, cancellable, &local);
  if (in == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", display);
      return NULL;
    }
  for (;;)
    {
      char buf[65536];
      gssize n = g_input_stream_read (G_INPUT_STREAM (in), buf, sizeof buf, cancellable, &local);

      if (n < 0)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", display);
          return NULL;
        }
      if (n == 0)
        break;
      g_string_append_len (text, buf, n);
      if (text->len > KIELA_RECORD_MAX_BYTES)
        break;
    }
  return g_steal_pointer (&text);
}

KielaGameTree *
kiela_record_tree_load_file (KielaRegistry *registry, GFile *file, GCancellable *cancellable, GError **error)
{
  g_autofree char *display = NULL;
  g_autoptr(GString) text = NULL;
  const char *path;

  g_return_val_if_fail (registry != NULL, NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  display = file_display_name (file);
  path = g_file_peek_path (file);
  text = path ? read_local (path, display, error) : read_remote (file, display, cancellable, error);
  if (text == NULL || g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return record_from_string (registry, text->str, (gssize) text->len, display, cancellable, error);
}

KielaGame *
kiela_record_load_file (KielaRegistry *registry, GFile *file, GCancellable *cancellable, GError **error)
{
  g_autoptr(KielaGameTree) tree = kiela_record_tree_load_file (registry, file, cancellable, error);

  return tree ? g_object_ref (kiela_game_tree_get_main_game (tree)) : NULL;
}

KielaGame *
kiela_record_load (KielaRegistry *registry, const char *path, GError **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  file = g_file_new_for_path (path);
  return kiela_record_load_file (registry, file, NULL, error);
}
