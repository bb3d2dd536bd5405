/* kiela-record.c: the "kiela-game" JSON record: save atomically, load by replaying and validating every move. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <glib/gi18n-lib.h>

#include "kiela-record.h"
#include "kiela-position.h"
#include "kiela-registry.h"

/* A record is small; anything much larger is not one of ours. */
#define KIELA_RECORD_MAX_BYTES (16 * 1024 * 1024)
/* A record nests three levels deep.  json-glib's parser recurses once per level,
 * so a hostile file of a million "[" would overflow the stack before it fails. */
#define KIELA_RECORD_MAX_DEPTH 64

/* Whether arrays and objects nest deeper than `max` anywhere in the JSON text
 * (brackets inside strings do not count). */
static gboolean
json_nests_deeper_than (const char *text, gsize length, guint max)
{
  guint depth = 0;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > max)
            return TRUE;
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return FALSE;
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

char *
kiela_record_to_string (KielaGame *game)
{
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
      g_autofree char *name = kiela_game_get_move_name (game, i);
      json_builder_add_string_value (b, name);
    }
  json_builder_end_array (b);

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
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_indent (gen, 2);
  {
    char *text = json_generator_to_data (gen, NULL);
    char *with_nl = g_strconcat (text, "\n", NULL);
    g_free (text);
    return with_nl;
  }
}

#define FAIL(...) G_STMT_START { \
    g_autofree char *_m = g_strdup_printf (__VA_ARGS__); \
    g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD, "%s: %s", source, _m); \
    return NULL; } G_STMT_END

static const char *
member_string (JsonObject *obj, const char *name, gboolean *type_ok)
{
  JsonNode *node = json_object_get_member (obj, name);

  *type_ok = TRUE;
  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      *type_ok = FALSE;
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

KielaGame *
kiela_record_from_string (KielaRegistry *registry, const char *text, gssize length,
                          const char *source, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) local = NULL;
  g_autoptr(KielaGame) game = NULL;
  JsonNode *root, *node;
  JsonObject *obj;
  const char *format, *variant_id, *start_kpn, *result_id;
  const KielaVariant *variant;
  KielaPosition start, variant_start;
  KielaStatus stored, actual;
  gboolean ok;
  JsonArray *moves;

  g_return_val_if_fail (registry != NULL && text != NULL, NULL);
  if (source == NULL)
    source = _("game record");

  if (length < 0)
    length = (gssize) strlen (text);
  if (length > KIELA_RECORD_MAX_BYTES)
    FAIL (_("the file is too large to be a game record"));
  if (!g_utf8_validate (text, length, NULL))
    FAIL (_("the file is not UTF-8 text"));
  if (json_nests_deeper_than (text, (gsize) length, KIELA_RECORD_MAX_DEPTH))
    FAIL (_("not a Kiela game record: lists and objects are nested more than %d deep"), KIELA_RECORD_MAX_DEPTH);
  if (!json_parser_load_from_data (parser, text, length, &local))
    FAIL (_("not valid JSON: %s"), local->message);

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    FAIL (_("not a Kiela game record: the top level is not a JSON object"));
  obj = json_node_get_object (root);

  format = member_string (obj, "format", &ok);
  if (g_strcmp0 (format, KIELA_RECORD_FORMAT) != 0)
    FAIL (_("not a Kiela game record: “format” must be “%s”"), KIELA_RECORD_FORMAT);
  node = json_object_get_member (obj, "version");
  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    FAIL (_("“version” is missing or not a number"));
  if (json_node_get_int (node) < 1 || json_node_get_int (node) > KIELA_RECORD_VERSION)
    /* %lld, not G_GINT64_FORMAT: xgettext cannot see through the macro and would cut the msgid. */
    FAIL (_("record version %lld is not supported (this Kiela reads version %d)"),
          (long long) json_node_get_int (node), KIELA_RECORD_VERSION);

  variant_id = member_string (obj, "variant", &ok);
  if (variant_id == NULL)
    FAIL (_("“variant” is missing or not a string"));
  variant = kiela_registry_lookup_variant (registry, variant_id);
  if (variant == NULL)
    FAIL (_("unknown variant “%s” (is its plugin installed?)"), variant_id);

  kiela_position_init_start (&variant_start, variant);
  start_kpn = member_string (obj, "start", &ok);
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
  if (json_array_get_length (moves) > 0 && kiela_game_get_phase (game) != KIELA_PHASE_PLAY)
    FAIL (_("the record has moves, but the setup phase is not finished"));
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonNode *m = json_array_get_element (moves, i);
      const char *square;

      if (!JSON_NODE_HOLDS_VALUE (m) || json_node_get_value_type (m) != G_TYPE_STRING)
        FAIL (_("move %u is not a square name"), i + 1);
      square = json_node_get_string (m);
      if (!kiela_game_play_square (game, square, NULL, &local))
        FAIL (_("move %u (%s) is illegal: %s"), i + 1, square, local->message);
    }

  result_id = member_string (obj, "result", &ok);
  if (!ok)
    FAIL (_("“result” must be a string"));
  actual = kiela_game_get_status (game, NULL);
  if (result_id != NULL)
    {
      if (!kiela_status_parse (result_id, &stored))
        FAIL (_("unknown result “%s”: expected “ongoing”, “south wins”, “north wins” or “draw”"), result_id);
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
          JsonNode *v = json_object_get_member (meta, l->data);
          if (!JSON_NODE_HOLDS_VALUE (v) || json_node_get_value_type (v) != G_TYPE_STRING)
            FAIL (_("metadata “%s” must be a string"), (const char *) l->data);
          kiela_game_set_metadata (game, l->data, json_node_get_string (v));
        }
    }

  return g_steal_pointer (&game);
}

gboolean
kiela_record_save (KielaGame *game, const char *path, GError **error)
{
  g_autofree char *text = kiela_record_to_string (game);
  g_autoptr(GError) local = NULL;

  /* g_file_set_contents writes a temporary file, syncs it and renames it over
   * the target, so a crash leaves either the old record or the new one. */
  if (!g_file_set_contents (path, text, -1, &local))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Could not save “%s”: %s"), path, local->message);
      return FALSE;
    }
  return TRUE;
}

KielaGame *
kiela_record_load (KielaRegistry *registry, const char *path, GError **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(GString) text = NULL;
  GStatBuf st;
  int fd;

  /* Open without blocking and look before reading: a named pipe would hang the
   * caller, and /dev/zero or a multi-gigabyte file would be read whole before
   * the size check in kiela_record_from_string() could refuse it. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      int saved = errno;
      if (saved == EISDIR || g_file_test (path, G_FILE_TEST_IS_DIR))
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("%s: is a folder, not a game record"), display);
      else
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("%s: cannot be read: %s"), display, g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      if (S_ISDIR (st.st_mode))
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("%s: is a folder, not a game record"), display);
      else
        g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("%s: is not a regular file, not a game record"), display);
      g_close (fd, NULL);
      return NULL;
    }
  if (st.st_size > KIELA_RECORD_MAX_BYTES)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_RECORD, "%s: %s", display,
                   _("the file is too large to be a game record"));
      g_close (fd, NULL);
      return NULL;
    }

  text = g_string_sized_new ((gsize) st.st_size + 1);
  for (;;)
    {
      char buf[65536];
      gssize n = read (fd, buf, sizeof buf);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("%s: cannot be read: %s"), display, g_strerror (saved));
          g_close (fd, NULL);
          return NULL;
        }
      if (n == 0)
        break;
      g_string_append_len (text, buf, n);
      if (text->len > KIELA_RECORD_MAX_BYTES)
        break;   /* grew while we read: kiela_record_from_string() refuses it */
    }
  g_close (fd, NULL);
  return kiela_record_from_string (registry, text->str, (gssize) text->len, display, error);
}
