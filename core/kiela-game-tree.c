/* kiela-game-tree.c: variations and per-move comments around a game.  The main line stays a
 * KielaGame (compact for a million moves); a variation keeps only its own moves; the line being
 * followed is replayed into a game of its own, so the engine never sees a tree. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "kiela-game-tree-private.h"
#include "kiela-error.h"
#include "kiela-position.h"
#include "kiela-sow.h"

struct _KielaGameTree {
  GObject parent_instance;

  KielaGame *main;
  KielaGame *line;          /* `main` itself when no variation is entered */
  KielaGameLine root;       /* the main line */
  GPtrArray *path;          /* the variations entered, outermost first (not owned) */
  JsonObject *unknown;      /* the record's members this version does not know, or NULL */
};

enum { PROP_0, PROP_GAME, N_PROPS };
enum { SIGNAL_CHANGED, N_SIGNALS };
static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KielaGameTree, kiela_game_tree, G_TYPE_OBJECT)

/* ---------- lines ---------- */

static KielaGameLine *
line_new (KielaGameTree *tree, KielaGameLine *parent, guint fork, GArray *moves)
{
  KielaGameLine *line = g_new0 (KielaGameLine, 1);

  line->tree = tree;
  line->parent = parent;
  line->fork = fork;
  line->moves = moves ? moves : g_array_new (FALSE, FALSE, sizeof (KielaPlayedMove));
  line->comments = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  line->children = g_ptr_array_new ();
  return line;
}

static void
line_free (KielaGameLine *line)
{
  for (guint i = 0; i < line->children->len; i++)
    line_free (g_ptr_array_index (line->children, i));
  g_ptr_array_unref (line->children);
  g_hash_table_unref (line->comments);
  g_clear_pointer (&line->moves, g_array_unref);
  g_free (line);
}

static gboolean
is_main (KielaGameLine *line)
{
  return line->parent == NULL;
}

guint
kiela_game_line_get_n_moves (KielaGameLine *line)
{
  g_return_val_if_fail (line != NULL, 0);
  if (is_main (line))
    return kiela_game_get_n_moves (line->tree->main) + kiela_game_get_n_redo (line->tree->main);
  return line->moves->len;
}

static guint
line_end (KielaGameLine *line)
{
  return line->fork + kiela_game_line_get_n_moves (line);
}

const KielaPlayedMove *
kiela_game_line_get_move (KielaGameLine *line, guint ply)
{
  g_return_val_if_fail (line != NULL, NULL);
  g_return_val_if_fail (ply > line->fork && ply <= line_end (line), NULL);
  if (is_main (line))
    return kiela_game_get_move (line->tree->main, ply - 1);
  return &g_array_index (line->moves, KielaPlayedMove, ply - line->fork - 1);
}

char *
kiela_game_line_dup_move_name (KielaGameLine *line, guint ply)
{
  const KielaPlayedMove *pm = kiela_game_line_get_move (line, ply);

  g_return_val_if_fail (pm != NULL, NULL);
  return kiela_square_name_dup (kiela_game_get_variant (line->tree->main)->files, pm->mover, (guint) pm->move);
}

KielaGameLine *
kiela_game_line_get_parent (KielaGameLine *line)
{
  g_return_val_if_fail (line != NULL, NULL);
  return line->parent;
}

guint
kiela_game_line_get_fork (KielaGameLine *line)
{
  g_return_val_if_fail (line != NULL, 0);
  return line->fork;
}

guint
kiela_game_line_get_n_variations (KielaGameLine *line)
{
  g_return_val_if_fail (line != NULL, 0);
  return line->children->len;
}

KielaGameLine *
kiela_game_line_get_variation (KielaGameLine *line, guint index)
{
  g_return_val_if_fail (line != NULL && index < line->children->len, NULL);
  return g_ptr_array_index (line->children, index);
}

guint
kiela_game_line_get_depth (KielaGameLine *line)
{
  guint depth = 0;

  g_return_val_if_fail (line != NULL, 0);
  for (; line->parent; line = line->parent)
    depth++;
  return depth;
}

/* After the children of the same or an earlier fork. */
static void
insert_child (KielaGameLine *parent, KielaGameLine *child)
{
  guint i = 0;

  while (i < parent->children->len && ((KielaGameLine *) g_ptr_array_index (parent->children, i))->fork <= child->fork)
    i++;
  child->parent = parent;
  g_ptr_array_insert (parent->children, (gint) i, child);
}

/* Drops what hangs off plies after `ply` of `line`: its comments and the variations leaving it later. */
static void
cut_after (KielaGameLine *line, guint ply)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, line->comments);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (GPOINTER_TO_UINT (key) > ply)
      g_hash_table_iter_remove (&iter);
  for (guint i = line->children->len; i-- > 0;)
    {
      KielaGameLine *child = g_ptr_array_index (line->children, i);

      if (child->fork > ply)
        {
          g_ptr_array_remove_index (line->children, i);
          line_free (child);
        }
    }
  if (!is_main (line) && line->moves->len > ply - line->fork)
    g_array_set_size (line->moves, ply - line->fork);
}

static guint
count_below (KielaGameLine *line)
{
  guint n = line->children->len;

  for (guint i = 0; i < line->children->len; i++)
    n += count_below (g_ptr_array_index (line->children, i));
  return n;
}

KielaGameLine *
_kiela_game_tree_append_line (KielaGameTree *tree, KielaGameLine *parent, guint fork, GArray *moves)
{
  KielaGameLine *line = line_new (tree, parent, fork, moves);

  g_ptr_array_add (parent->children, line);
  return line;
}

static gint
compare_line_forks (gconstpointer a, gconstpointer b)
{
  const KielaGameLine *x = *(KielaGameLine *const *) a, *y = *(KielaGameLine *const *) b;

  return x->fork < y->fork ? -1 : x->fork > y->fork;
}

void
_kiela_game_line_sort_children (KielaGameLine *line)
{
  /* g_ptr_array_sort() is stable: lines of one fork keep the order they were added in. */
  g_ptr_array_sort (line->children, compare_line_forks);
}

void
_kiela_game_line_take_comment (KielaGameLine *line, guint ply, char *text)
{
  g_hash_table_replace (line->comments, GUINT_TO_POINTER (ply), text);
}

/* ---------- the current line ---------- */

static KielaGameLine *
current (KielaGameTree *tree)
{
  return tree->path->len ? g_ptr_array_index (tree->path, tree->path->len - 1) : &tree->root;
}

/* Index in the path of the line that owns the move of ply `ply` + 1 of the current line, -1 for
 * the main line: the innermost one entered at or before that ply. */
static int
owner_index (KielaGameTree *tree, guint ply)
{
  for (guint k = tree->path->len; k-- > 0;)
    if (((KielaGameLine *) g_ptr_array_index (tree->path, k))->fork <= ply)
      return (int) k;
  return -1;
}

static KielaGameLine *
path_line (KielaGameTree *tree, int k)
{
  return k < 0 ? &tree->root : g_ptr_array_index (tree->path, k);
}

static void
set_line_game (KielaGameTree *tree, KielaGame *game)
{
  if (tree->line == game)
    return;
  g_set_object (&tree->line, game);
  g_object_notify_by_pspec (G_OBJECT (tree), properties[PROP_GAME]);
}

/* Makes the line game follow the path again; its first `keep` plies are known to be right. */
static void
rebuild_line (KielaGameTree *tree, guint keep)
{
  g_autoptr(KielaGame) copy = NULL;
  KielaGame *line;
  guint end;

  if (tree->path->len == 0)
    {
      set_line_game (tree, tree->main);
      return;
    }
  line = tree->line;
  if (line == tree->main)
    line = copy = kiela_game_copy (tree->main);
  end = line_end (current (tree));
  kiela_game_go_to (line, MIN (keep, kiela_game_get_n_moves (line) + kiela_game_get_n_redo (line)));
  keep = kiela_game_get_n_moves (line);
  for (guint ply = keep + 1; ply <= end; ply++)
    {
      const KielaPlayedMove *pm = kiela_game_line_get_move (path_line (tree, owner_index (tree, ply - 1)), ply);
      g_autoptr(GError) error = NULL;

      if (!kiela_game_play (line, pm->move, NULL, &error))
        {
          g_critical ("a variation no longer replays at ply %u: %s", ply, error->message);
          break;
        }
    }
  set_line_game (tree, line);
}

static void
emit_changed (KielaGameTree *tree)
{
  g_signal_emit (tree, signals[SIGNAL_CHANGED], 0);
}

KielaGame *
kiela_game_tree_get_main_game (KielaGameTree *tree)
{
  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), NULL);
  return tree->main;
}

KielaGame *
kiela_game_tree_get_game (KielaGameTree *tree)
{
  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), NULL);
  return tree->line;
}

KielaGameLine *
kiela_game_tree_get_main_line (KielaGameTree *tree)
{
  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), NULL);
  return &tree->root;
}

KielaGameLine *
kiela_game_tree_get_current (KielaGameTree *tree)
{
  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), NULL);
  return current (tree);
}

gboolean
kiela_game_tree_is_current (KielaGameTree *tree, KielaGameLine *line)
{
  guint i;

  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), FALSE);
  return line == &tree->root || g_ptr_array_find (tree->path, line, &i);
}

guint
kiela_game_tree_count_variations (KielaGameTree *tree)
{
  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), 0);
  return count_below (&tree->root);
}

/* ---------- comments and metadata ---------- */

const char *
kiela_game_tree_get_comment (KielaGameTree *tree, KielaGameLine *line, guint ply)
{
  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree) && line != NULL, NULL);
  if (is_main (line) && ply == 0)
    return kiela_game_get_metadata (tree->main, KIELA_META_COMMENT);
  return g_hash_table_lookup (line->comments, GUINT_TO_POINTER (ply));
}

void
kiela_game_tree_set_comment (KielaGameTree *tree, KielaGameLine *line, guint ply, const char *text)
{
  g_return_if_fail (KIELA_IS_GAME_TREE (tree) && line != NULL);
  g_return_if_fail (text == NULL || g_utf8_validate (text, -1, NULL));
  if (text != NULL && *text == '\0')
    text = NULL;
  if (is_main (line) && ply == 0)
    kiela_game_tree_set_metadata (tree, KIELA_META_COMMENT, text);
  else
    {
      g_return_if_fail (ply > line->fork && ply <= line_end (line));
      if (text)
        g_hash_table_replace (line->comments, GUINT_TO_POINTER (ply), g_strdup (text));
      else
        g_hash_table_remove (line->comments, GUINT_TO_POINTER (ply));
    }
  emit_changed (tree);
}

void
kiela_game_tree_set_metadata (KielaGameTree *tree, const char *key, const char *value)
{
  g_return_if_fail (KIELA_IS_GAME_TREE (tree));
  kiela_game_set_metadata (tree->main, key, value);
  if (tree->line != tree->main)
    kiela_game_set_metadata (tree->line, key, value);
}

/* ---------- playing and moving between lines ---------- */

/* Why `move` cannot be played where `game` stands, or TRUE. */
static gboolean
check_playable (KielaGame *game, KielaMove move, GError **error)
{
  g_autofree char *why = NULL;

  if (kiela_game_get_phase (game) != KIELA_PHASE_PLAY)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, _("The stones are still being arranged."));
      return FALSE;
    }
  if (kiela_game_is_over (game))
    {
      g_autofree char *result = kiela_game_describe_result (game);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_GAME_OVER, _("The game is over at this move. %s"), result);
      return FALSE;
    }
  if ((why = kiela_game_explain_illegal (game, move)) != NULL)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, why);
      return FALSE;
    }
  return TRUE;
}

/* Plays on the line game and keeps the move in `line`, the innermost line entered. */
static void
play_on_line (KielaGameTree *tree, KielaGameLine *line, KielaMove move, KielaTrace *trace)
{
  g_autoptr(GError) error = NULL;

  if (!kiela_game_play (tree->line, move, trace, &error))
    {
      g_critical ("a checked move was refused: %s", error->message);
      return;
    }
  if (!is_main (line))
    g_array_append_vals (line->moves, kiela_game_get_move (tree->line, kiela_game_get_n_moves (tree->line) - 1), 1);
}

gboolean
kiela_game_tree_play (KielaGameTree *tree, guint ply, KielaMove move, KielaTrace *trace, GError **error)
{
  KielaGame *game;
  KielaGameLine *owner, *line;
  guint played, total;
  gboolean live, ok;
  int k;

  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), FALSE);
  game = tree->line;
  played = kiela_game_get_n_moves (game);
  total = played + kiela_game_get_n_redo (game);
  g_return_val_if_fail (ply <= played, FALSE);
  live = ply == played;

  if (live)
    ok = check_playable (game, move, error);
  else
    {
      /* Without moving the line's game (its views would follow): an earlier ply is never a
       * finished game (the line goes on), and legality depends on the position alone. */
      KielaPosition pos = *kiela_game_get_position_at (game, ply);
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_legal_moves (kiela_game_get_variant (game), &pos, moves, NULL, NULL);

      ok = FALSE;
      for (guint i = 0; i < n && !ok; i++)
        ok = moves[i] == move;
      if (!ok)
        {
          g_autoptr(KielaGame) copy = kiela_game_copy (game);

          kiela_game_go_to (copy, ply);
          if (check_playable (copy, move, error))
            g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, _("This move is not allowed here."));
        }
    }
  if (!ok)
    return FALSE;

  /* The line's own next move: follow it. */
  if (ply < total && kiela_game_get_move (game, ply)->move == move)
    {
      if (live)
        kiela_game_go_to (game, ply + 1);
      if (trace)
        kiela_game_trace_move (game, ply, trace);
      return TRUE;
    }

  k = owner_index (tree, ply);
  owner = path_line (tree, k);

  /* A line that plays this move here already: enter it.  Where the owner starts at this very
   * ply, its parent's move and the parent's other variations there are alternatives too. */
  for (int level = k;; level--)
    {
      KielaGameLine *l = path_line (tree, level);
      KielaGameLine *found = NULL;

      if (level < k && ply < line_end (l) && kiela_game_line_get_move (l, ply + 1)->move == move)
        found = l;
      for (guint i = 0; i < l->children->len && found == NULL; i++)
        {
          KielaGameLine *child = g_ptr_array_index (l->children, i);

          if (child->fork == ply && child->moves->len > 0
              && g_array_index (child->moves, KielaPlayedMove, 0).move == move)
            found = child;
        }
      if (found != NULL)
        {
          g_ptr_array_set_size (tree->path, level + 1);
          if (found != l)
            g_ptr_array_add (tree->path, found);
          rebuild_line (tree, ply);
          /* The move is the last one played, as it would be at the end of a line. */
          if (live || kiela_game_get_n_moves (tree->line) < ply + 1)
            kiela_game_go_to (tree->line, ply + 1);
          if (trace)
            kiela_game_trace_move (tree->line, ply, trace);
          emit_changed (tree);
          return TRUE;
        }
      if (level < 0 || l->fork != ply)
        break;
    }

  /* At the end of the line, or after an undo: the move continues the line, replacing the moves
   * kept for redo as kiela_game_play() does. */
  if (live && k == (int) tree->path->len - 1)
    {
      cut_after (owner, ply);
      play_on_line (tree, owner, move, trace);
      emit_changed (tree);
      return TRUE;
    }

  /* A reviewed position: a new variation. */
  line = line_new (tree, owner, ply, NULL);
  insert_child (owner, line);
  g_ptr_array_set_size (tree->path, k + 1);
  g_ptr_array_add (tree->path, line);
  rebuild_line (tree, ply);
  play_on_line (tree, line, move, trace);
  emit_changed (tree);
  return TRUE;
}

void
kiela_game_tree_enter (KielaGameTree *tree, KielaGameLine *line)
{
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  guint common = 0, keep;

  g_return_if_fail (KIELA_IS_GAME_TREE (tree));
  if (line == NULL)
    line = &tree->root;
  for (KielaGameLine *l = line; l->parent; l = l->parent)
    g_ptr_array_insert (path, 0, l);
  while (common < path->len && common < tree->path->len
         && g_ptr_array_index (path, common) == g_ptr_array_index (tree->path, common))
    common++;
  if (common == path->len && common == tree->path->len)
    return;
  keep = G_MAXUINT;
  if (common < path->len)
    keep = ((KielaGameLine *) g_ptr_array_index (path, common))->fork;
  if (common < tree->path->len)
    keep = MIN (keep, ((KielaGameLine *) g_ptr_array_index (tree->path, common))->fork);
  g_ptr_array_set_size (tree->path, 0);
  g_ptr_array_extend (tree->path, path, NULL, NULL);
  rebuild_line (tree, keep);
  emit_changed (tree);
}

gboolean
kiela_game_tree_delete (KielaGameTree *tree, KielaGameLine *line)
{
  guint index;

  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree) && line != NULL, FALSE);
  if (is_main (line))
    return FALSE;
  g_ptr_array_remove (line->parent->children, line);
  if (g_ptr_array_find (tree->path, line, &index))
    {
      g_ptr_array_set_size (tree->path, index);
      rebuild_line (tree, line->fork);
    }
  line_free (line);
  emit_changed (tree);
  return TRUE;
}

/* Moves the comments of plies after `ply` from `from` into `to`. */
static void
move_comments (GHashTable *from, GHashTable *to, guint ply)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (GPOINTER_TO_UINT (key) > ply)
      {
        g_hash_table_iter_steal (&iter);
        g_hash_table_replace (to, key, value);
      }
}

gboolean
kiela_game_tree_promote (KielaGameTree *tree, KielaGameLine *line)
{
  KielaGameLine *parent;
  g_autoptr(GArray) tail = g_array_new (FALSE, FALSE, sizeof (KielaPlayedMove));
  g_autoptr(GHashTable) parent_later = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GPtrArray) later = g_ptr_array_new ();
  g_autoptr(GPtrArray) below = NULL;
  guint fork, index;
  int j;

  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree) && line != NULL, FALSE);
  if (is_main (line))
    return FALSE;
  parent = line->parent;
  fork = line->fork;

  /* The parent's continuation, its comments and the variations off it go to `line`. */
  for (guint ply = fork + 1; ply <= line_end (parent); ply++)
    g_array_append_vals (tail, kiela_game_line_get_move (parent, ply), 1);
  move_comments (parent->comments, parent_later, fork);
  for (guint i = parent->children->len; i-- > 0;)
    {
      KielaGameLine *child = g_ptr_array_index (parent->children, i);

      if (child->fork > fork)
        {
          g_ptr_array_remove_index (parent->children, i);
          g_ptr_array_insert (later, 0, child);
        }
    }

  /* `line`'s moves, comments and variations go to the parent. */
  if (is_main (parent))
    {
      g_autoptr(KielaGame) main = kiela_game_copy (tree->main);

      kiela_game_go_to (main, fork);
      for (guint i = 0; i < line->moves->len; i++)
        if (!kiela_game_play (main, g_array_index (line->moves, KielaPlayedMove, i).move, NULL, NULL))
          g_critical ("a variation no longer replays");
      /* With no variation entered, the old main game stays the current line's game: the same
       * moves, now through `line`. */
      g_set_object (&tree->main, main);
    }
  else
    {
      g_array_set_size (parent->moves, fork - parent->fork);
      g_array_append_vals (parent->moves, line->moves->data, line->moves->len);
    }
  move_comments (line->comments, parent->comments, fork);
  below = g_steal_pointer (&line->children);
  line->children = g_ptr_array_new ();
  for (guint i = 0; i < below->len; i++)
    insert_child (parent, g_ptr_array_index (below, i));

  g_array_set_size (line->moves, 0);
  g_array_append_vals (line->moves, tail->data, tail->len);
  g_hash_table_remove_all (line->comments);
  move_comments (parent_later, line->comments, fork);
  for (guint i = 0; i < later->len; i++)
    insert_child (line, g_ptr_array_index (later, i));

  /* The current line keeps its moves: if it went through `line`, it now goes through the parent;
   * if it followed the parent past the fork, it now goes through `line`. */
  if (g_ptr_array_find (tree->path, line, &index))
    g_ptr_array_remove_index (tree->path, index);
  else if (kiela_game_tree_is_current (tree, parent))
    {
      j = is_main (parent) ? -1 : 0;
      if (!is_main (parent))
        {
          g_ptr_array_find (tree->path, parent, &index);
          j = (int) index;
        }
      if (j == (int) tree->path->len - 1
          || ((KielaGameLine *) g_ptr_array_index (tree->path, j + 1))->fork > fork)
        g_ptr_array_insert (tree->path, j + 1, line);
    }
  if (tree->path->len == 0)
    set_line_game (tree, tree->main);
  emit_changed (tree);
  return TRUE;
}

void
kiela_game_tree_make_main (KielaGameTree *tree, KielaGameLine *line)
{
  g_return_if_fail (KIELA_IS_GAME_TREE (tree) && line != NULL);
  while (!is_main (line))
    {
      KielaGameLine *parent = line->parent;

      kiela_game_tree_promote (tree, line);
      line = parent;
    }
}

/* ---------- GObject ---------- */

static void
kiela_game_tree_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KielaGameTree *tree = KIELA_GAME_TREE (object);

  switch (prop_id)
    {
    case PROP_GAME: g_value_set_object (value, tree->line); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_game_tree_finalize (GObject *object)
{
  KielaGameTree *tree = KIELA_GAME_TREE (object);

  for (guint i = 0; i < tree->root.children->len; i++)
    line_free (g_ptr_array_index (tree->root.children, i));
  g_ptr_array_unref (tree->root.children);
  g_hash_table_unref (tree->root.comments);
  g_ptr_array_unref (tree->path);
  g_clear_pointer (&tree->unknown, json_object_unref);
  g_clear_object (&tree->line);
  g_clear_object (&tree->main);
  G_OBJECT_CLASS (kiela_game_tree_parent_class)->finalize (object);
}

static void
kiela_game_tree_class_init (KielaGameTreeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = kiela_game_tree_get_property;
  object_class->finalize = kiela_game_tree_finalize;
  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, KIELA_TYPE_GAME,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_game_tree_init (KielaGameTree *tree)
{
  tree->root.tree = tree;
  tree->root.comments = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  tree->root.children = g_ptr_array_new ();
  tree->path = g_ptr_array_new ();
}

void
_kiela_game_tree_set_unknown_members (KielaGameTree *tree, JsonObject *members)
{
  g_return_if_fail (KIELA_IS_GAME_TREE (tree));

  if (members)
    json_object_ref (members);
  g_clear_pointer (&tree->unknown, json_object_unref);
  tree->unknown = members;
}

JsonObject *
_kiela_game_tree_get_unknown_members (KielaGameTree *tree)
{
  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree), NULL);
  return tree->unknown;
}

KielaGameTree *
kiela_game_tree_new (KielaGame *main)
{
  KielaGameTree *tree;

  g_return_val_if_fail (KIELA_IS_GAME (main), NULL);
  tree = g_object_new (KIELA_TYPE_GAME_TREE, NULL);
  tree->main = g_object_ref (main);
  tree->line = g_object_ref (main);
  return tree;
}
