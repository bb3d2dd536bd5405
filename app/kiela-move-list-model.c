/* kiela-move-list-model.c: the move list as a GListModel.  It follows the game's "changed"
 * signal and reports only the rows that came or went, so a view keeps the rows it has.  It holds
 * no row: an item is made when a view asks for it, so a game of 300,000 moves costs nothing here. */
#include "config.h"

#include "kiela-move-list-model.h"

struct _KielaMoveListModel {
  GObject parent_instance;

  KielaGame *game;
  guint n_items;         /* as last reported: the moves played, plus the start row */
};

static void kiela_move_list_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KielaMoveListModel, kiela_move_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, kiela_move_list_model_list_model_init))

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

  if (position >= self->n_items)
    return NULL;
  return kiela_move_list_item_new (self->game, position);
}

static void
kiela_move_list_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = kiela_move_list_model_get_item_type;
  iface->get_n_items = kiela_move_list_model_get_n_items;
  iface->get_item = kiela_move_list_model_get_item;
}

/* A play adds one row, an undo removes one, a jump several: rows before the change stay. */
static void
on_game_changed (KielaGame *game, KielaMoveListModel *self)
{
  guint n = kiela_game_get_n_moves (game) + 1;
  guint old = self->n_items;

  self->n_items = n;
  if (n > old)
    g_list_model_items_changed (G_LIST_MODEL (self), old, 0, n - old);
  else if (n < old)
    g_list_model_items_changed (G_LIST_MODEL (self), n, old - n, 0);
}

void
kiela_move_list_model_set_game (KielaMoveListModel *self, KielaGame *game)
{
  guint old;

  g_return_if_fail (KIELA_IS_MOVE_LIST_MODEL (self));
  g_return_if_fail (game == NULL || KIELA_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game)
    g_signal_connect (game, "changed", G_CALLBACK (on_game_changed), self);
  old = self->n_items;
  self->n_items = game ? kiela_game_get_n_moves (game) + 1 : 0;
  if (old > 0 || self->n_items > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old, self->n_items);
}

KielaGame *
kiela_move_list_model_get_game (KielaMoveListModel *self)
{
  return self->game;
}

static void
kiela_move_list_model_dispose (GObject *object)
{
  KielaMoveListModel *self = KIELA_MOVE_LIST_MODEL (object);

  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (kiela_move_list_model_parent_class)->dispose (object);
}

static void
kiela_move_list_model_class_init (KielaMoveListModelClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kiela_move_list_model_dispose;
}

static void
kiela_move_list_model_init (KielaMoveListModel *self)
{
}

KielaMoveListModel *
kiela_move_list_model_new (void)
{
  return g_object_new (KIELA_TYPE_MOVE_LIST_MODEL, NULL);
}
