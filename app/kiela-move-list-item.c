/* kiela-move-list-item.c: one row of the move list, its texts fixed when it is made (a played
 * move never changes; an undone one leaves the list). */
#include "config.h"

#include <glib/gi18n.h>
#include "kiela-move-list-item.h"

struct _KielaMoveListItem {
  GObject parent_instance;

  guint ply;
  char *number;
  char *who;
  char *square;
  char *summary;
};

G_DEFINE_FINAL_TYPE (KielaMoveListItem, kiela_move_list_item, G_TYPE_OBJECT)

static void
kiela_move_list_item_finalize (GObject *object)
{
  KielaMoveListItem *self = KIELA_MOVE_LIST_ITEM (object);

  g_free (self->number);
  g_free (self->who);
  g_free (self->square);
  g_free (self->summary);
  G_OBJECT_CLASS (kiela_move_list_item_parent_class)->finalize (object);
}

static void
kiela_move_list_item_class_init (KielaMoveListItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kiela_move_list_item_finalize;
}

static void
kiela_move_list_item_init (KielaMoveListItem *self)
{
}

KielaMoveListItem *
kiela_move_list_item_new (KielaGame *game, guint ply)
{
  KielaMoveListItem *self;
  const KielaPlayedMove *pm, *first;

  g_return_val_if_fail (KIELA_IS_GAME (game), NULL);
  g_return_val_if_fail (ply <= kiela_game_get_n_moves (game) + kiela_game_get_n_redo (game), NULL);

  self = g_object_new (KIELA_TYPE_MOVE_LIST_ITEM, NULL);
  self->ply = ply;
  if (ply == 0)
    {
      self->number = g_strdup ("");
      self->who = g_strdup (_("Start position"));
      self->square = g_strdup ("");
      self->summary = g_strdup ("");
      return self;
    }

  pm = kiela_game_get_move (game, ply - 1);
  first = kiela_game_get_move (game, 0);
  /* Turns are numbered from the first mover, as in chess notation. */
  self->number = pm->mover == first->mover ? g_strdup_printf ("%u.", (ply - 1) / 2 + 1) : g_strdup ("");
  self->who = g_strdup (kiela_side_display_name (pm->mover));
  self->square = kiela_game_get_move_name (game, ply - 1);
  if (pm->result.captured > 0)
    /* TRANSLATORS: a move in the move list: laps sown, then stones captured */
    self->summary = g_strdup_printf (ngettext ("%u lap, %u captured", "%u laps, %u captured", pm->result.laps),
                                     pm->result.laps, pm->result.captured);
  else
    self->summary = g_strdup_printf (ngettext ("%u lap", "%u laps", pm->result.laps), pm->result.laps);
  return self;
}

guint
kiela_move_list_item_get_ply (KielaMoveListItem *self)
{
  return self->ply;
}

const char *
kiela_move_list_item_get_number (KielaMoveListItem *self)
{
  return self->number;
}

const char *
kiela_move_list_item_get_who (KielaMoveListItem *self)
{
  return self->who;
}

const char *
kiela_move_list_item_get_square (KielaMoveListItem *self)
{
  return self->square;
}

const char *
kiela_move_list_item_get_summary (KielaMoveListItem *self)
{
  return self->summary;
}
