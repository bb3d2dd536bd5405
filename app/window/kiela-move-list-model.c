/* kiela-move-list-model.c: the move list as a GListModel: the main line with each variation's moves
 * nested after the move they replace, as PGN writes "12. g1 (12. f2 12… c3) 12… b3".  It holds no
 * row: an item is made when a view asks for it, so a game of 300,000 moves costs nothing here.  After
 * a change it reports only the rows from the first that differs, so a view keeps the rows before. */
#include "config.h"

#include "kiela-move-list-model.h"

/* A run of rows: consecutive moves of one line.  The rows are the start row, then runs; a change is
 * found by comparing the runs before and after it (there are as many as lines, not moves). */
typedef struct {
  KielaGameLine *line;
  gpointer game;        /* the main game for main-line runs: another one means other moves */
  guint first, last;    /* plies */
  guint32 hash;         /* of a variation run's moves */
} Run;

struct _KielaMoveListModel {
  GObject parent_instance;

  KielaGameTree *tree;
  KielaGame *line_game;  /* the tree's current line, followed for undo and redo */
  GArray *runs;          /* Run, as last reported */
  guint n_items;         /* as last reported */
};

static void kiela_move_list_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KielaMoveListModel, kiela_move_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, kiela_move_list_model_list_model_init))

/* The last ply of `line` shown: the current line's own game may have moves undone (kept for redo,
 * not shown); any other line shows all its moves (the main line, those played). */
static guint
shown_end (KielaMoveListModel *self, KielaGameLine *line)
{
  guint end = kiela_game_line_get_fork (line) + kiela_game_line_get_n_moves (line);

  if (line == kiela_game_tree_get_current (self->tree))
    end = MIN (end, kiela_game_get_n_moves (kiela_game_tree_get_game (self->tree)));
  else if (kiela_game_line_get_parent (line) == NULL)
    end = MIN (end, kiela_game_get_n_moves (kiela_game_tree_get_main_game (self->tree)));
  /* Undone back past its first move, a variation shows no move (until redone). */
  return MAX (end, kiela_game_line_get_fork (line));
}

/* The rows of `line` and of the variations in it. */
static guint
count_rows (KielaMoveListModel *self, KielaGameLine *line)
{
  guint end = shown_end (self, line);
  guint n = end - kiela_game_line_get_fork (line);

  for (guint i = 0; i < kiela_game_line_get_n_variations (line); i++)
    {
      KielaGameLine *v = kiela_game_line_get_variation (line, i);

      if (kiela_game_line_get_fork (v) < end)
        n += count_rows (self, v);
    }
  return n;
}

/* Row `pos` of the block of `line` (its moves and nested variations). */
static void
locate_in (KielaMoveListModel *self, KielaGameLine *line, guint pos, KielaGameLine **out_line, guint *out_ply)
{
  guint fork = kiela_game_line_get_fork (line);
  guint end = shown_end (self, line);
  guint offset = 0;

  for (guint i = 0; i < kiela_game_line_get_n_variations (line); i++)
    {
      KielaGameLine *v = kiela_game_line_get_variation (line, i);
      guint vfork = kiela_game_line_get_fork (v);
      guint start, rows;

      if (vfork >= end)
        break;
      /* A variation's block follows the move it replaces. */
      start = vfork + 1 - fork + offset;
      if (pos < start)
        break;
      rows = count_rows (self, v);
      if (pos < start + rows)
        {
          locate_in (self, v, pos - start, out_line, out_ply);
          return;
        }
      offset += rows;
    }
  *out_line = line;
  *out_ply = fork + 1 + (pos - offset);
}

gboolean
kiela_move_list_model_locate (KielaMoveListModel *self, guint position, KielaGameLine **line, guint *ply)
{
  g_return_val_if_fail (KIELA_IS_MOVE_LIST_MODEL (self), FALSE);

  if (self->tree == NULL || position >= self->n_items)
    return FALSE;
  if (position == 0)
    {
      *line = kiela_game_tree_get_main_line (self->tree);
      *ply = 0;
      return TRUE;
    }
  locate_in (self, kiela_game_tree_get_main_line (self->tree), position - 1, line, ply);
  return TRUE;
}

static guint row_in (KielaMoveListModel *self, KielaGameLine *line, guint ply);

/* The row of the first move of `line`. */
static guint
block_row (KielaMoveListModel *self, KielaGameLine *line)
{
  KielaGameLine *parent = kiela_game_line_get_parent (line);
  guint fork = kiela_game_line_get_fork (line);
  guint row;

  if (parent == NULL)
    return 1;
  /* After the parent's move that it replaces, and after the variations of the same fork before it. */
  row = row_in (self, parent, fork + 1) + 1;
  for (guint i = 0; i < kiela_game_line_get_n_variations (parent); i++)
    {
      KielaGameLine *v = kiela_game_line_get_variation (parent, i);

      if (v == line)
        break;
      if (kiela_game_line_get_fork (v) == fork)
        row += count_rows (self, v);
    }
  return row;
}

/* The row of the move of `ply` of `line`. */
static guint
row_in (KielaMoveListModel *self, KielaGameLine *line, guint ply)
{
  guint row = block_row (self, line) + ply - kiela_game_line_get_fork (line) - 1;
  guint end = shown_end (self, line);

  for (guint i = 0; i < kiela_game_line_get_n_variations (line); i++)
    {
      KielaGameLine *v = kiela_game_line_get_variation (line, i);

      if (kiela_game_line_get_fork (v) + 1 >= ply || kiela_game_line_get_fork (v) >= end)
        break;
      row += count_rows (self, v);
    }
  return row;
}

guint
kiela_move_list_model_get_row (KielaMoveListModel *self, KielaGameLine *line, guint ply)
{
  g_return_val_if_fail (KIELA_IS_MOVE_LIST_MODEL (self), 0);
  if (self->tree == NULL || ply == 0 || line == NULL)
    return 0;
  return row_in (self, line, ply);
}

static void
build_runs (KielaMoveListModel *self, KielaGameLine *line, GArray *runs)
{
  guint fork = kiela_game_line_get_fork (line);
  guint end = shown_end (self, line);
  guint from = fork + 1;
  gboolean is_main = kiela_game_line_get_parent (line) == NULL;

  for (guint i = 0;; i++)
    {
      KielaGameLine *v = i < kiela_game_line_get_n_variations (line) ? kiela_game_line_get_variation (line, i) : NULL;
      guint to = v && kiela_game_line_get_fork (v) < end ? kiela_game_line_get_fork (v) + 1 : end;
      Run run = { line, is_main ? kiela_game_tree_get_main_game (self->tree) : NULL, from, to, 0 };

      if (!is_main)
        for (guint ply = from; ply <= to; ply++)
          run.hash = run.hash * 31 + (guint32) kiela_game_line_get_move (line, ply)->move + 1;
      if (to >= from)
        g_array_append_val (runs, run);
      from = MAX (from, to + 1);
      if (v == NULL || kiela_game_line_get_fork (v) >= end)
        break;
      build_runs (self, v, runs);
    }
}

static gboolean
same_run (const Run *a, const Run *b)
{
  return a->line == b->line && a->game == b->game && a->first == b->first && a->last == b->last && a->hash == b->hash;
}

/* Compares the runs with those last reported and tells the view about the rows from the first
 * difference on. */
static void
update (KielaMoveListModel *self)
{
  g_autoptr(GArray) runs = g_array_new (FALSE, FALSE, sizeof (Run));
  guint old = self->n_items, n = 0, from = 1, i;

  if (self->tree)
    {
      build_runs (self, kiela_game_tree_get_main_line (self->tree), runs);
      n = 1;
      for (i = 0; i < runs->len; i++)
        n += g_array_index (runs, Run, i).last - g_array_index (runs, Run, i).first + 1;
    }
  if (old == 0 || n == 0)
    from = 0;
  else
    {
      for (i = 0; i < runs->len && i < self->runs->len; i++)
        {
          const Run *a = &g_array_index (self->runs, Run, i), *b = &g_array_index (runs, Run, i);

          if (!same_run (a, b))
            {
              /* The same line growing or shrinking at its end keeps the rows it shares. */
              if (a->line == b->line && a->game == b->game && a->first == b->first && (a->hash == b->hash || a->game))
                from += MIN (a->last, b->last) - a->first + 1;
              break;
            }
          from += b->last - b->first + 1;
        }
      if (i == runs->len && i == self->runs->len && n == old)
        from = n;
    }
  g_array_unref (self->runs);
  self->runs = g_steal_pointer (&runs);
  self->n_items = n;
  from = MIN (from, MIN (old, n));
  if (old - from > 0 || n - from > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), from, old - from, n - from);
}

void
kiela_move_list_model_row_changed (KielaMoveListModel *self, guint row)
{
  g_return_if_fail (KIELA_IS_MOVE_LIST_MODEL (self));
  if (row < self->n_items)
    g_list_model_items_changed (G_LIST_MODEL (self), row, 1, 1);
}

static GType
kiela_move_list_model_get_item_type (GListModel *model)
{
  return KIELA_TYPE_MOVE_LIST_ITEM;
}

static guint
kiela_move_list_model_get_n_items (GListModel *model)
{
  return KIELA_MOVE_LIST_MODEL (model)->n_items;
}

static gpointer
kiela_move_list_model_get_item (GListModel *model, guint position)
{
  KielaMoveListModel *self = KIELA_MOVE_LIST_MODEL (model);
  KielaGameLine *line;
  guint ply;

  if (!kiela_move_list_model_locate (self, position, &line, &ply))
    return NULL;
  return kiela_move_list_item_new_for_line (self->tree, line, ply);
}

static void
kiela_move_list_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = kiela_move_list_model_get_item_type;
  iface->get_n_items = kiela_move_list_model_get_n_items;
  iface->get_item = kiela_move_list_model_get_item;
}

static void
follow_line_game (KielaMoveListModel *self)
{
  KielaGame *game = self->tree ? kiela_game_tree_get_game (self->tree) : NULL;

  if (self->line_game == game)
    return;
  if (self->line_game)
    g_signal_handlers_disconnect_by_data (self->line_game, self);
  g_set_object (&self->line_game, game);
  if (game)
    g_signal_connect_swapped (game, "changed", G_CALLBACK (update), self);
}

static void
on_tree_changed (KielaMoveListModel *self)
{
  follow_line_game (self);
  update (self);
}

void
kiela_move_list_model_set_tree (KielaMoveListModel *self, KielaGameTree *tree)
{
  g_return_if_fail (KIELA_IS_MOVE_LIST_MODEL (self));
  g_return_if_fail (tree == NULL || KIELA_IS_GAME_TREE (tree));

  if (self->tree == tree)
    return;
  if (self->tree)
    g_signal_handlers_disconnect_by_data (self->tree, self);
  g_set_object (&self->tree, tree);
  if (tree)
    {
      g_signal_connect_swapped (tree, "changed", G_CALLBACK (on_tree_changed), self);
      g_signal_connect_swapped (tree, "notify::game", G_CALLBACK (on_tree_changed), self);
    }
  follow_line_game (self);
  /* Another game: every row is new. */
  g_array_set_size (self->runs, 0);
  if (self->n_items > 0)
    {
      guint old = self->n_items;

      self->n_items = 0;
      g_list_model_items_changed (G_LIST_MODEL (self), 0, old, 0);
    }
  update (self);
}

static void
kiela_move_list_model_dispose (GObject *object)
{
  KielaMoveListModel *self = KIELA_MOVE_LIST_MODEL (object);

  if (self->tree)
    g_signal_handlers_disconnect_by_data (self->tree, self);
  if (self->line_game)
    g_signal_handlers_disconnect_by_data (self->line_game, self);
  g_clear_object (&self->tree);
  g_clear_object (&self->line_game);
  G_OBJECT_CLASS (kiela_move_list_model_parent_class)->dispose (object);
}

static void
kiela_move_list_model_finalize (GObject *object)
{
  g_array_unref (KIELA_MOVE_LIST_MODEL (object)->runs);
  G_OBJECT_CLASS (kiela_move_list_model_parent_class)->finalize (object);
}

static void
kiela_move_list_model_class_init (KielaMoveListModelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kiela_move_list_model_dispose;
  G_OBJECT_CLASS (klass)->finalize = kiela_move_list_model_finalize;
}

static void
kiela_move_list_model_init (KielaMoveListModel *self)
{
  self->runs = g_array_new (FALSE, FALSE, sizeof (Run));
}

KielaMoveListModel *
kiela_move_list_model_new (void)
{
  return g_object_new (KIELA_TYPE_MOVE_LIST_MODEL, NULL);
}
