/* kiela-move-list-item.c: one row of the move list, its texts fixed when it is made (a played
 * move never changes; an undone one leaves the list). */
#include "config.h"

#include <glib/gi18n.h>
#include "kiela-move-list-item.h"

struct _KielaMoveListItem {
  GObject parent_instance;

  guint ply;
  char *number;
  guint turn;
  char *who;
  char *square;
  char *summary;
  char *comment;
  guint depth;
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
  g_free (self->comment);
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

static char *
summary_dup (const KielaPlayedMove *pm)
{
  if (pm->result.captured > 0)
    /* TRANSLATORS: a move in the move list: laps sown, then stones captured */
    return g_strdup_printf (ngettext ("%u lap, %u captured", "%u laps, %u captured", pm->result.laps),
                            pm->result.laps, pm->result.captured);
  return g_strdup_printf (ngettext ("%u lap", "%u laps", pm->result.laps), pm->result.laps);
}

KielaMoveListItem *
kiela_move_list_item_new_for_line (KielaGameTree *tree, KielaGameLine *line, guint ply)
{
  KielaMoveListItem *self;
  const KielaPlayedMove *pm;
  KielaSide first;
  guint turn;

  g_return_val_if_fail (KIELA_IS_GAME_TREE (tree) && line != NULL, NULL);

  self = g_object_new (KIELA_TYPE_MOVE_LIST_ITEM, NULL);
  self->ply = ply;
  self->depth = kiela_game_line_get_depth (line);
  self->comment = g_strdup (kiela_game_tree_get_comment (tree, line, ply));
  if (ply == 0)
    {
      self->number = g_strdup ("");
      self->who = g_strdup (_("Start position"));
      self->square = g_strdup ("");
      self->summary = g_strdup ("");
      return self;
    }
  pm = kiela_game_line_get_move (line, ply);
  first = (KielaSide) kiela_game_get_initial (kiela_game_tree_get_main_game (tree))->to_move;
  turn = (ply - 1) / 2 + 1;
  self->turn = turn;
  /* Turns are numbered from the first mover, as in chess notation; a variation that starts with
   * the reply says its turn as PGN does: "12…". */
  if (pm->mover == first)
    self->number = g_strdup_printf ("%u.", turn);
  else if (ply == kiela_game_line_get_fork (line) + 1 && self->depth > 0)
    /* TRANSLATORS: the turn number of a reply that starts a variation, as in chess notation: "12…" */
    self->number = g_strdup_printf (_("%u…"), turn);
  else
    self->number = g_strdup ("");
  self->who = g_strdup (kiela_side_display_name (pm->mover));
  self->square = kiela_game_line_dup_move_name (line, ply);
  self->summary = summary_dup (pm);
  return self;
}

guint
kiela_move_list_item_get_depth (KielaMoveListItem *self)
{
  return self->depth;
}

const char *
kiela_move_list_item_get_comment (KielaMoveListItem *self)
{
  return self->comment;
}

guint
kiela_move_list_item_get_ply (KielaMoveListItem *self)
{
  return self->ply;
}

guint
kiela_move_list_item_get_turn (KielaMoveListItem *self)
{
  return self->turn;
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
