/* kiela-step-list-model.c: the rows of the step list for one trace, as a GListModel of KielaStepListItem.
 * A move from a hand-made position can have millions of events: the model keeps one integer per row
 * and makes an item (with its sentence) only for the rows a view shows or a caller asks for. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-step-list-model.h"
#include "kiela-narrate.h"
#include "kiela-catalogue-i18n.h"
#include "kiela-trace-player.h"

/* The most squares one lap's row names; longer laps show "…" for the rest. */
#define DROPS_LISTED 30

struct _KielaStepListModel
{
  GObject parent_instance;

  const KielaVariant *variant;
  const KielaTrace *trace;     /* borrowed */
  GArray *row_first;           /* of guint: the first event of each row (row 0, the start, holds 0) */
  GHashTable *items;           /* row → KielaStepListItem, made on demand */
  guint n_shown;               /* the first rows, those the list model has (n_items) */
  guint n_created;
  int current;
  guint index;
  KielaCatalogue *catalogue;   /* the sentences' language; NULL: the interface's */
};

static void kiela_step_list_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KielaStepListModel, kiela_step_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, kiela_step_list_model_list_model_init))

static KielaStepKind
event_kind (const KielaEvent *ev)
{
  switch ((KielaEventType) ev->type)
    {
    case KIELA_EVENT_LIFT:    return KIELA_STEP_LIFT;
    case KIELA_EVENT_DROP:    return KIELA_STEP_DROPS;
    case KIELA_EVENT_RELAY:   return KIELA_STEP_RELAY;
    case KIELA_EVENT_CAPTURE: return KIELA_STEP_CAPTURE;
    case KIELA_EVENT_EXTRA_CAPTURE: return KIELA_STEP_CAPTURE;
    case KIELA_EVENT_ENTER:   return KIELA_STEP_ENTER;
    case KIELA_EVENT_REMOVE:  return KIELA_STEP_REMOVE;
    case KIELA_EVENT_END:
    default:                  return KIELA_STEP_END;
    }
}

static void
append_text (GString *out, const char *text, gboolean markup)
{
  if (markup)
    {
      g_autofree char *esc = g_markup_escape_text (text, -1);
      g_string_append (out, esc);
    }
  else
    g_string_append (out, text);
}

/* "Lap 2: 3 stones drop into e3, f3, g3." with the square just sown (`mark`, an event index, or
 * G_MAXUINT for none) in bold and underlined, so the row also shows how far the lap has got. */
static char *
drops_text (const KielaCatalogue *cat, const KielaTrace *trace, guint first, guint last, guint mark, gboolean markup)
{
  const KielaEvent *ev = kiela_trace_get_event (trace, first);
  guint n = last - first + 1;
  GString *squares = g_string_new (NULL);
  g_autofree char *format = NULL;
  guint lo = first, hi = last;
  char *text;

  /* A lap of a huge house (tens of thousands of stones) once built a label naming every square:
   * the app froze laying out megabytes of text.  Name at most DROPS_LISTED squares, around the mark. */
  if (n > DROPS_LISTED)
    {
      if (mark != G_MAXUINT && mark >= first && mark <= last)
        lo = mark - MIN (mark - first, DROPS_LISTED / 2);
      hi = lo + DROPS_LISTED - 1;
      if (hi > last)
        {
          hi = last;
          lo = last - (DROPS_LISTED - 1);
        }
    }
  if (lo > first)
    /* TRANSLATORS: stands for the squares left out of a very long lap ("…, e3, f3") */
    append_text (squares, T_ (cat, "…"), markup);

  for (guint i = lo; i <= hi; i++)
    {
      const KielaEvent *e = kiela_trace_get_event (trace, i);
      char sq[4];

      kiela_square_name (trace->before.files, (KielaSide) e->side, e->house, sq);
      if (i > lo || lo > first)
        /* TRANSLATORS: separates the squares of a lap in the step list: "e3, f3, g3" */
        append_text (squares, T_ (cat, ", "), markup);
      if (markup && i == mark)
        g_string_append_printf (squares, "<b><u>%s</u></b>", sq);
      else
        g_string_append (squares, sq);
    }
  if (hi < last)
    {
      append_text (squares, T_ (cat, ", "), markup);
      append_text (squares, T_ (cat, "…"), markup);
    }

  /* TRANSLATORS: a row of the step list grouping one lap's drops: %1$u the lap number, %2$u how
   * many stones, %3$s the squares they drop into ("Lap 2: 3 stones drop into e3, f3, g3.") */
  format = g_strdup (TN_ (cat, "Lap %1$u: %2$u stone drops into %3$s.", "Lap %1$u: %2$u stones drop into %3$s.", n));
  if (markup)
    {
      g_autofree char *esc = g_markup_escape_text (format, -1);
      g_free (format);
      format = g_steal_pointer (&esc);
    }
  text = g_strdup_printf (format, (guint) ev->lap, n, squares->str);
  g_string_free (squares, TRUE);
  return text;
}

static guint
row_last (KielaStepListModel *self, guint row)
{
  if (row + 1 < self->row_first->len)
    return g_array_index (self->row_first, guint, row + 1) - 1;
  return kiela_trace_get_n_events (self->trace) - 1;
}

static char *
current_markup (KielaStepListModel *self, KielaStepListItem *item)
{
  if ((int) kiela_step_list_item_get_position (item) != self->current
      || kiela_step_list_item_get_kind (item) != KIELA_STEP_DROPS || self->index == 0)
    return NULL;
  return drops_text (self->catalogue, self->trace, kiela_step_list_item_get_first (item), kiela_step_list_item_get_last (item),
                     self->index - 1, TRUE);
}

static void
update_item_state (KielaStepListModel *self, KielaStepListItem *item)
{
  int row = (int) kiela_step_list_item_get_position (item);
  g_autofree char *markup = current_markup (self, item);

  /* Steps still to come are dimmed; the arrow (not colour) marks the one shown. */
  kiela_step_list_item_set_state (item, row == self->current, self->current >= 0 && row > self->current, markup);
}

KielaStepListItem *
kiela_step_list_model_peek_item (KielaStepListModel *self, guint row)
{
  KielaStepListItem *item;

  g_return_val_if_fail (KIELA_IS_STEP_LIST_MODEL (self), NULL);

  if (row >= self->row_first->len)
    return NULL;
  item = g_hash_table_lookup (self->items, GUINT_TO_POINTER (row));
  if (item == NULL)
    {
      if (row == 0)
        item = kiela_step_list_item_new (0, KIELA_STEP_START, 0, 0,
                                         kiela_trace_player_narrate_start_in (self->trace, self->catalogue));
      else
        {
          guint first = g_array_index (self->row_first, guint, row);
          guint last = row_last (self, row);
          KielaStepKind kind = event_kind (kiela_trace_get_event (self->trace, first));
          char *text = kind == KIELA_STEP_DROPS ? drops_text (self->catalogue, self->trace, first, last, G_MAXUINT, FALSE)
                                                : kiela_narrate_event_in (self->variant, self->trace, first, self->catalogue);

          item = kiela_step_list_item_new (row, kind, first, last, text);
        }
      self->n_created++;
      g_hash_table_insert (self->items, GUINT_TO_POINTER (row), item);
      update_item_state (self, item);
    }
  return item;
}

static GType
kiela_step_list_model_get_item_type (GListModel *model)
{
  return KIELA_TYPE_STEP_LIST_ITEM;
}

static guint
kiela_step_list_model_get_n_items (GListModel *model)
{
  return KIELA_STEP_LIST_MODEL (model)->n_shown;
}

static gpointer
kiela_step_list_model_get_item (GListModel *model, guint position)
{
  KielaStepListModel *self = KIELA_STEP_LIST_MODEL (model);
  KielaStepListItem *item = position < self->n_shown ? kiela_step_list_model_peek_item (self, position) : NULL;

  return item ? g_object_ref (item) : NULL;
}

static void
kiela_step_list_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = kiela_step_list_model_get_item_type;
  iface->get_n_items = kiela_step_list_model_get_n_items;
  iface->get_item = kiela_step_list_model_get_item;
}

void
kiela_step_list_model_set_catalogue (KielaStepListModel *self, KielaCatalogue *catalogue)
{
  g_return_if_fail (KIELA_IS_STEP_LIST_MODEL (self));

  if (catalogue == self->catalogue)
    return;
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  self->catalogue = catalogue ? kiela_catalogue_ref (catalogue) : NULL;
}

void
kiela_step_list_model_set_trace_first (KielaStepListModel *self, const KielaVariant *variant, const KielaTrace *trace,
                                       guint first_rows)
{
  guint removed;

  g_return_if_fail (KIELA_IS_STEP_LIST_MODEL (self));
  g_return_if_fail (trace == NULL || variant != NULL);

  removed = self->n_shown;
  g_hash_table_remove_all (self->items);
  g_array_set_size (self->row_first, 0);
  self->n_created = 0;
  self->current = -1;
  self->index = 0;
  self->variant = variant;
  self->trace = trace;

  if (trace != NULL)
    {
      guint zero = 0, n;

      g_array_append_val (self->row_first, zero);
      n = kiela_trace_get_n_events (trace);
      for (guint i = 0; i < n; i++)
        {
          const KielaEvent *ev = kiela_trace_get_event (trace, i);

          g_array_append_val (self->row_first, i);
          /* One row for the lap's run of drops. */
          if (ev->type == KIELA_EVENT_DROP)
            while (i + 1 < n)
              {
                const KielaEvent *next = kiela_trace_get_event (trace, i + 1);

                if (next->type != KIELA_EVENT_DROP || next->lap != ev->lap)
                  break;
                i++;
              }
        }
    }
  self->n_shown = MIN (first_rows, self->row_first->len);
  if (removed > 0 || self->n_shown > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, self->n_shown);
}

void
kiela_step_list_model_set_trace (KielaStepListModel *self, const KielaVariant *variant, const KielaTrace *trace)
{
  kiela_step_list_model_set_trace_first (self, variant, trace, G_MAXUINT);
}

void
kiela_step_list_model_show_rows (KielaStepListModel *self, guint n)
{
  guint before;

  g_return_if_fail (KIELA_IS_STEP_LIST_MODEL (self));

  before = self->n_shown;
  n = MIN (n, self->row_first->len);
  if (n <= before)
    return;
  self->n_shown = n;
  g_list_model_items_changed (G_LIST_MODEL (self), before, 0, n - before);
}

guint
kiela_step_list_model_get_n_shown (KielaStepListModel *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_MODEL (self), 0);
  return self->n_shown;
}

guint
kiela_step_list_model_get_n_rows (KielaStepListModel *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_MODEL (self), 0);
  return self->row_first->len;
}

int
kiela_step_list_model_row_for_index (KielaStepListModel *self, guint index)
{
  guint lo = 1, hi;

  g_return_val_if_fail (KIELA_IS_STEP_LIST_MODEL (self), -1);

  if (self->row_first->len == 0)
    return -1;
  if (index == 0 || self->row_first->len == 1)
    return 0;
  /* Step `index` shows event index-1: the last row starting at or before it. */
  hi = self->row_first->len - 1;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo + 1) / 2;

      if (g_array_index (self->row_first, guint, mid) <= index - 1)
        lo = mid;
      else
        hi = mid - 1;
    }
  return (int) lo;
}

void
kiela_step_list_model_set_current (KielaStepListModel *self, int row, guint index)
{
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (KIELA_IS_STEP_LIST_MODEL (self));
  g_return_if_fail (row < (int) self->row_first->len);

  self->current = row;
  self->index = index;
  if (row >= 0)
    kiela_step_list_model_peek_item (self, row);
  /* Only the items made so far carry a state; the others get theirs when made. */
  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    update_item_state (self, value);
}

int
kiela_step_list_model_get_current (KielaStepListModel *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_MODEL (self), -1);
  return self->current;
}

guint
kiela_step_list_model_get_n_created (KielaStepListModel *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_MODEL (self), 0);
  return self->n_created;
}

KielaStepListModel *
kiela_step_list_model_new (void)
{
  return g_object_new (KIELA_TYPE_STEP_LIST_MODEL, NULL);
}

static void
kiela_step_list_model_finalize (GObject *object)
{
  KielaStepListModel *self = KIELA_STEP_LIST_MODEL (object);

  g_hash_table_unref (self->items);
  g_array_unref (self->row_first);
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  G_OBJECT_CLASS (kiela_step_list_model_parent_class)->finalize (object);
}

static void
kiela_step_list_model_class_init (KielaStepListModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kiela_step_list_model_finalize;
}

static void
kiela_step_list_model_init (KielaStepListModel *self)
{
  self->row_first = g_array_new (FALSE, FALSE, sizeof (guint));
  self->items = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  self->current = -1;
}
