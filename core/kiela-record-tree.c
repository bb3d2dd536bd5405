/* kiela-record-tree.c: a record's variations and comments: written from a KielaGameTree, read back by replaying each line. */
#include "config.h"

#include <stdlib.h>
#include <glib/gi18n-lib.h>

#include "kiela-record-private.h"
#include "kiela-game-tree-private.h"
#include "kiela-game.h"

/* ---- writing ---- */

static gint
compare_plies (gconstpointer a, gconstpointer b)
{
  guint x = GPOINTER_TO_UINT (a), y = GPOINTER_TO_UINT (b);

  return x < y ? -1 : x > y;
}

/* "comments": { "PLY": "text", ... } for the comments of `line` on plies up to `last`, by ply. */
static void
add_comments (JsonBuilder *b, KielaGameLine *line, guint last)
{
  g_autoptr(GList) keys = g_hash_table_get_keys (line->comments);
  gboolean any = FALSE;

  keys = g_list_sort (keys, compare_plies);
  for (GList *l = keys; l; l = l->next)
    {
      guint ply = GPOINTER_TO_UINT (l->data);
      char name[16];

      if (ply > last)
        continue;
      if (!any)
        {
          json_builder_set_member_name (b, "comments");
          json_builder_begin_object (b);
          any = TRUE;
        }
      g_snprintf (name, sizeof name, "%u", ply);
      json_builder_set_member_name (b, name);
      json_builder_add_string_value (b, g_hash_table_lookup (line->comments, l->data));
    }
  if (any)
    json_builder_end_object (b);
}

/* "variations": [ { "after": PLY, "moves": [...], "comments": {...}, "variations": [...] } ]
 * for the variations leaving `line` (`level` variations deep) before ply `last`, counted in `written`. */
static void
add_variations (JsonBuilder *b, KielaGameLine *line, guint level, guint last, KielaRecordWritten *written)
{
  gboolean any = FALSE;

  for (guint i = 0; i < kiela_game_line_get_n_variations (line); i++)
    {
      KielaGameLine *v = kiela_game_line_get_variation (line, i);
      guint end = v->fork + v->moves->len;

      if (v->fork >= last || v->moves->len == 0)
        continue;
      if (!any)
        {
          json_builder_set_member_name (b, "variations");
          json_builder_begin_array (b);
          any = TRUE;
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "after");
      json_builder_add_int_value (b, v->fork);
      json_builder_set_member_name (b, "moves");
      json_builder_begin_array (b);
      for (guint ply = v->fork + 1; ply <= end; ply++)
        {
          g_autofree char *name = kiela_game_line_dup_move_name (v, ply);
          json_builder_add_string_value (b, name);
        }
      json_builder_end_array (b);
      written->n_moves += v->moves->len;
      written->max_level = MAX (written->max_level, level + 1);
      add_comments (b, v, end);
      add_variations (b, v, level + 1, end, written);
      json_builder_end_object (b);
    }
  if (any)
    json_builder_end_array (b);
}

KielaRecordWritten
_kiela_record_write_tree (JsonBuilder *b, KielaGameTree *tree, guint n_moves)
{
  KielaRecordWritten written = { 0, 0 };

  add_comments (b, kiela_game_tree_get_main_line (tree), n_moves);
  add_variations (b, kiela_game_tree_get_main_line (tree), 0, n_moves, &written);
  return written;
}

/* ---- reading ---- */

/* A whole number from `min` to `max` in a JSON value. */
static gboolean
node_uint (JsonNode *node, guint min, guint max, guint *out)
{
  gint64 v;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  v = json_node_get_int (node);
  if (v < min || v > max)
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

/* "comments" of `line` at `where` ("comments", "variations[0].comments"): keys are the plies of
 * the line's own moves. */
static gboolean
read_comments (JsonObject *obj, const char *where, KielaGameLine *line, guint first, guint last,
               const char *source, GError **error)
{
  JsonNode *node = json_object_get_member (obj, "comments");
  g_autoptr(GList) members = NULL;
  JsonObject *comments;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return _kiela_record_fail (error, source, _("“%s” must be an object"), where);
  comments = json_node_get_object (node);
  members = json_object_get_members (comments);
  for (GList *l = members; l; l = l->next)
    {
      const char *key = l->data;
      JsonNode *v = json_object_get_member (comments, key);
      g_autofree char *shown = g_utf8_make_valid (key, -1);
      g_autofree char *name = g_strdup_printf ("%s.%s", where, shown);
      guint64 ply = 0;

      if (!g_ascii_string_to_unsigned (key, 10, first, last, &ply, NULL) || key[0] == '0' || key[0] == '+')
        return _kiela_record_fail (error, source, _("“%s” names no move of its line: the keys are the plies %u to %u"),
                     name, first, last);
      if (!JSON_NODE_HOLDS_VALUE (v) || json_node_get_value_type (v) != G_TYPE_STRING)
        return _kiela_record_fail (error, source, _("“%s” must be a string"), name);
      if (!_kiela_record_string_ok (json_node_get_string (v)))
        return _kiela_record_fail (error, source, _("“%s” is not valid UTF-8 text"), name);
      if (*json_node_get_string (v) != '\0')
        _kiela_game_line_take_comment (line, (guint) ply, g_strdup (json_node_get_string (v)));
    }
  return TRUE;
}

typedef struct {
  guint index;
  guint after;
} Fork;

static gint
compare_forks (gconstpointer a, gconstpointer b)
{
  const Fork *x = a, *y = b;

  /* The latest fork first: replaying a variation cuts `work` after its fork only, so earlier forks
   * still find their prefix; at equal forks the record's order. */
  if (x->after != y->after)
    return x->after > y->after ? -1 : 1;
  return x->index < y->index ? -1 : 1;
}

/*
 * The "variations" of `parent`, whose plies fork + 1 .. end are played in `work` (which may hold
 * more).  Each is replayed in `work` from its fork and checked like the main line; `budget` is the
 * number of variation moves the record may still hold.
 */
static gboolean
read_variations (JsonObject *obj, const char *where, KielaGameTree *tree, KielaGameLine *parent,
                 guint end, KielaGame *work, guint *budget, guint depth, const char *source, GError **error)
{
  JsonNode *node = json_object_get_member (obj, "variations");
  g_autofree char *list_name = where[0] ? g_strconcat (where, ".variations", NULL) : g_strdup ("variations");
  g_autofree Fork *forks = NULL;
  JsonArray *list;
  guint n;

  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return _kiela_record_fail (error, source, _("“%s” must be a list"), list_name);
  list = json_node_get_array (node);
  n = json_array_get_length (list);
  if (n == 0)
    return TRUE; /* an empty list is no variation */
  forks = g_new0 (Fork, n);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *v = json_array_get_element (list, i);
      g_autofree char *name = g_strdup_printf ("%s[%u]", list_name, i);
      g_autofree char *after_name = g_strdup_printf ("%s.after", name);

      if (!JSON_NODE_HOLDS_OBJECT (v))
        return _kiela_record_fail (error, source, _("“%s” must be an object"), name);
      forks[i].index = i;
      if (end == parent->fork
          || !node_uint (json_object_get_member (json_node_get_object (v), "after"), parent->fork, end - 1,
                         &forks[i].after))
        return _kiela_record_fail (error, source, _("“%s” must be the number of plies before the variation, from %u to %u"),
                     after_name, parent->fork, end == parent->fork ? end : end - 1);
    }
  qsort (forks, n, sizeof (Fork), compare_forks);

  for (guint f = 0; f < n; f++)
    {
      JsonObject *v = json_node_get_object (json_array_get_element (list, forks[f].index));
      guint after = forks[f].after;
      g_autofree char *name = g_strdup_printf ("%s[%u]", list_name, forks[f].index);
      g_autofree char *moves_name = g_strdup_printf ("%s.moves", name);
      g_autofree char *comments_name = g_strdup_printf ("%s.comments", name);
      g_autoptr(GArray) played = NULL;
      KielaGameLine *line;
      JsonNode *mn = json_object_get_member (v, "moves");
      JsonArray *moves;
      guint len;

      if (depth >= KIELA_RECORD_MAX_DEPTH)
        return _kiela_record_fail (error, source, _("“%s” nests variations more than %d deep"), name, KIELA_RECORD_MAX_DEPTH);
      if (mn == NULL || !JSON_NODE_HOLDS_ARRAY (mn) || json_array_get_length (json_node_get_array (mn)) == 0)
        return _kiela_record_fail (error, source, _("“%s” must be a list of one move or more"), moves_name);
      moves = json_node_get_array (mn);
      len = json_array_get_length (moves);
      if (len > *budget)
        return _kiela_record_fail (error, source, _("“%s”: the record's variations hold more than %u moves"),
                     moves_name, (guint) KIELA_GAME_MAX_MOVES);
      *budget -= len;

      kiela_game_go_to (work, after);
      played = g_array_sized_new (FALSE, FALSE, sizeof (KielaPlayedMove), len);
      for (guint i = 0; i < len; i++)
        {
          JsonNode *m = json_array_get_element (moves, i);
          g_autoptr(GError) local = NULL;
          const char *square;

          if (!JSON_NODE_HOLDS_VALUE (m) || json_node_get_value_type (m) != G_TYPE_STRING)
            return _kiela_record_fail (error, source, _("“%s[%u]” is not a square name"), moves_name, i);
          square = json_node_get_string (m);
          if (!_kiela_record_string_ok (square))
            return _kiela_record_fail (error, source, _("“%s[%u]” is not valid UTF-8 text"), moves_name, i);
          if (!kiela_game_play_square (work, square, NULL, &local))
            return _kiela_record_fail (error, source, _("“%s[%u]” (%s) is illegal: %s"), moves_name, i, square, local->message);
          g_array_append_vals (played, kiela_game_get_move (work, after + i), 1);
        }
      if (g_array_index (played, KielaPlayedMove, 0).move == kiela_game_line_get_move (parent, after + 1)->move)
        {
          g_autofree char *first = kiela_game_line_dup_move_name (parent, after + 1);
          return _kiela_record_fail (error, source, _("“%s” starts with %s, the move its line plays already"), name, first);
        }
      /* Appended, then sorted once below: inserting each in its place cost a scan of the
       * variations already read, minutes for a record of 200,000 of them. */
      line = _kiela_game_tree_append_line (tree, parent, after, g_steal_pointer (&played));
      if (!read_comments (v, comments_name, line, after + 1, after + len, source, error)
          || !read_variations (v, name, tree, line, after + len, work, budget, depth + 1, source, error))
        return FALSE;
    }
  _kiela_game_line_sort_children (parent);
  return TRUE;
}

gboolean
_kiela_record_read_tree (JsonObject *obj, KielaGameTree *tree, const char *source, GError **error)
{
  KielaGame *game = kiela_game_tree_get_main_game (tree);
  KielaGameLine *main_line = kiela_game_tree_get_main_line (tree);
  g_autoptr(KielaGame) work = NULL;
  guint n_moves = kiela_game_get_n_moves (game);
  guint budget = KIELA_GAME_MAX_MOVES;

  if (!read_comments (obj, "comments", main_line, 1, MAX (n_moves, 1), source, error))
    return FALSE;
  if (n_moves == 0 && json_object_has_member (obj, "comments") && g_hash_table_size (main_line->comments) > 0)
    return _kiela_record_fail (error, source, _("“comments” names a move, but the record has none"));
  if (!json_object_has_member (obj, "variations"))
    return TRUE;
  work = kiela_game_copy (game);
  return read_variations (obj, "", tree, main_line, n_moves, work, &budget, 0, source, error);
}
