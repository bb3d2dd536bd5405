/* kiela-step-list.c: lists every step of the move being replayed so a class sees what led here.
 * The single drops of a lap are grouped into one row ("Lap 2: 3 stones drop into e3, f3, g3"),
 * because a column of "a stone drops into…" sentences hides the relays and captures a teacher
 * wants to talk about; lifts, relays, captures, the captured stones joining the army and the end
 * keep a row of their own, and the important ones carry an icon and bold text. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-step-list.h"
#include "kiela-narrate.h"

#define NG(s, p, n) ngettext (s, p, n)

/* The most squares one lap's row names; longer laps show "…" for the rest. */
#define DROPS_LISTED 30

typedef struct {
  KielaStepKind kind;
  guint first;        /* first event of the row (unused for the start row) */
  guint last;         /* last event of the row */
  guint target;       /* player index that shows the row done: last + 1 (0 for the start row) */
  char *text;         /* plain text of the row */
  GtkWidget *row;
  GtkWidget *label;
  GtkWidget *marker;
} Step;

struct _KielaStepList {
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkListBox *list;
  KielaTracePlayer *player;   /* weak */
  guint serial;               /* the player's trace serial the rows were built for */
  gboolean built;
  GArray *steps;              /* of Step */
  int current;
  gboolean scroll_pending;
  guint tick_id;
  gboolean selecting;
};

G_DEFINE_FINAL_TYPE (KielaStepList, kiela_step_list, GTK_TYPE_WIDGET)

static void
step_clear (gpointer data)
{
  Step *step = data;

  g_free (step->text);
}

static const char *
kind_icon (KielaStepKind kind)
{
  switch (kind)
    {
    case KIELA_STEP_RELAY:
      return "media-playlist-repeat-symbolic";
    case KIELA_STEP_CAPTURE:
      return "emblem-important-symbolic";
    case KIELA_STEP_ENTER:
      return "list-add-symbolic";
    case KIELA_STEP_REMOVE:
      return "list-remove-symbolic";
    case KIELA_STEP_END:
      return "media-playback-stop-symbolic";
    case KIELA_STEP_START:
    case KIELA_STEP_LIFT:
    case KIELA_STEP_DROPS:
    default:
      return NULL;
    }
}

static gboolean
kind_is_key (KielaStepKind kind)
{
  return kind == KIELA_STEP_RELAY || kind == KIELA_STEP_CAPTURE || kind == KIELA_STEP_ENTER
         || kind == KIELA_STEP_REMOVE;
}

static KielaStepKind
event_kind (const KielaEvent *ev)
{
  switch ((KielaEventType) ev->type)
    {
    case KIELA_EVENT_LIFT:
      return KIELA_STEP_LIFT;
    case KIELA_EVENT_DROP:
      return KIELA_STEP_DROPS;
    case KIELA_EVENT_RELAY:
      return KIELA_STEP_RELAY;
    case KIELA_EVENT_CAPTURE:
      return KIELA_STEP_CAPTURE;
    case KIELA_EVENT_ENTER:
      return KIELA_STEP_ENTER;
    case KIELA_EVENT_REMOVE:
      return KIELA_STEP_REMOVE;
    case KIELA_EVENT_END:
    default:
      return KIELA_STEP_END;
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
drops_text (const KielaTrace *trace, guint first, guint last, guint mark, gboolean markup)
{
  const KielaEvent *ev = kiela_trace_get_event (trace, first);
  guint n = last - first + 1;
  GString *squares = g_string_new (NULL);
  g_autofree char *format = NULL;
  char *text;

  /* A lap of a huge house (tens of thousands of stones, possible from a hand-made start
   * position) once built a label naming every square, for every step of the replay: the app
   * froze laying out megabytes of text.  Name at most DROPS_LISTED squares, around the mark. */
  guint lo = first, hi = last;

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
    append_text (squares, _("…"), markup);

  for (guint i = lo; i <= hi; i++)
    {
      const KielaEvent *e = kiela_trace_get_event (trace, i);
      char sq[4];

      kiela_square_name (trace->before.files, (KielaSide) e->side, e->house, sq);
      if (i > lo || lo > first)
        {
          /* TRANSLATORS: separates the squares of a lap in the step list: "e3, f3, g3" */
          const char *sep = _(", ");
          if (markup)
            {
              g_autofree char *esc = g_markup_escape_text (sep, -1);
              g_string_append (squares, esc);
            }
          else
            g_string_append (squares, sep);
        }
      if (markup && i == mark)
        g_string_append_printf (squares, "<b><u>%s</u></b>", sq);
      else
        g_string_append (squares, sq);
    }
  if (hi < last)
    {
      append_text (squares, _(", "), markup);
      append_text (squares, _("…"), markup);
    }

  /* TRANSLATORS: a row of the step list grouping one lap's drops: %1$u the lap number, %2$u how
   * many stones, %3$s the squares they drop into ("Lap 2: 3 stones drop into e3, f3, g3.") */
  format = g_strdup (NG ("Lap %1$u: %2$u stone drops into %3$s.", "Lap %1$u: %2$u stones drop into %3$s.", n));
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

static GtkWidget *
make_row (Step *step)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new ();
  const char *icon_name = kind_icon (step->kind);

  step->row = gtk_list_box_row_new ();
  /* A click jumps without taking the keyboard focus, so Space, Home and End go on driving the
   * replay (a focused row would take Space as "activate me again" and Home/End as list moves). */
  gtk_widget_set_focus_on_click (step->row, FALSE);
  step->marker = gtk_image_new_from_icon_name ("go-next-symbolic");
  step->label = gtk_label_new (step->text);

  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_set_margin_start (box, 2);
  gtk_widget_set_margin_end (box, 6);

  /* The arrow marks the step shown now; it keeps its room when hidden so rows do not shift. */
  gtk_widget_set_opacity (step->marker, 0);
  gtk_widget_set_valign (step->marker, GTK_ALIGN_START);
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_image_set_pixel_size (GTK_IMAGE (icon), 16);
  if (icon_name)
    gtk_image_set_from_icon_name (GTK_IMAGE (icon), icon_name);

  gtk_label_set_wrap (GTK_LABEL (step->label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (step->label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (step->label), 0);
  /* A wrapping label would ask for its whole sentence on one line: keep the panel narrow. */
  gtk_label_set_max_width_chars (GTK_LABEL (step->label), 28);
  gtk_widget_set_hexpand (step->label, TRUE);

  gtk_widget_add_css_class (step->row, "kiela-step");
  if (kind_is_key (step->kind))
    gtk_widget_add_css_class (step->row, "kiela-step-key");

  gtk_box_append (GTK_BOX (box), step->marker);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), step->label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (step->row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (step->row), GTK_ACCESSIBLE_PROPERTY_LABEL, step->text, -1);
  return step->row;
}

static void
kiela_step_list_clear (KielaStepList *self)
{
  GtkWidget *child;

  self->selecting = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->selecting = FALSE;
  g_array_set_size (self->steps, 0);
  self->current = -1;
}

static void
kiela_step_list_rebuild (KielaStepList *self)
{
  const KielaTrace *trace = kiela_trace_player_get_trace (self->player);
  const KielaVariant *variant = kiela_trace_player_get_variant (self->player);
  guint n;

  kiela_step_list_clear (self);
  if (trace == NULL)
    return;

  n = kiela_trace_get_n_events (trace);
  {
    Step start = { KIELA_STEP_START, 0, 0, 0, kiela_trace_player_dup_narration_at (self->player, 0) };
    g_array_append_val (self->steps, start);
  }
  for (guint i = 0; i < n; i++)
    {
      const KielaEvent *ev = kiela_trace_get_event (trace, i);
      Step step = { event_kind (ev), i, i, i + 1, NULL };

      if (ev->type == KIELA_EVENT_DROP)
        {
          /* One row for the lap's run of drops. */
          while (step.last + 1 < n)
            {
              const KielaEvent *next = kiela_trace_get_event (trace, step.last + 1);
              if (next->type != KIELA_EVENT_DROP || next->lap != ev->lap)
                break;
              step.last++;
            }
          step.target = step.last + 1;
          step.text = drops_text (trace, step.first, step.last, G_MAXUINT, FALSE);
          i = step.last;
        }
      else
        step.text = kiela_narrate_event (variant, trace, i);
      g_array_append_val (self->steps, step);
    }

  for (guint r = 0; r < self->steps->len; r++)
    gtk_list_box_append (self->list, make_row (&g_array_index (self->steps, Step, r)));
}

static int
row_for_index (KielaStepList *self, guint index)
{
  if (self->steps->len == 0)
    return -1;
  if (index == 0)
    return 0;
  for (guint r = 1; r < self->steps->len; r++)
    {
      const Step *step = &g_array_index (self->steps, Step, r);
      if (index - 1 >= step->first && index - 1 <= step->last)
        return (int) r;
    }
  return (int) self->steps->len - 1;
}

/* ---------- keeping the current step in view ---------- */

/* Scrolls so the current row is wholly visible, with the steps before it above; returns FALSE
 * while the rows have not been laid out yet. */
static gboolean
kiela_step_list_scroll_to_current (KielaStepList *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  graphene_rect_t bounds;
  double value, page, top, bottom, want;
  Step *step;

  if (self->current < 0)
    return TRUE;
  step = &g_array_index (self->steps, Step, self->current);
  if (!gtk_widget_get_mapped (step->row) || gtk_widget_get_height (step->row) <= 0
      || !gtk_widget_compute_bounds (step->row, GTK_WIDGET (self->list), &bounds))
    return FALSE;

  value = gtk_adjustment_get_value (adj);
  page = gtk_adjustment_get_page_size (adj);
  top = bounds.origin.y;
  bottom = top + bounds.size.height;
  if (top >= value && bottom <= value + page)
    return TRUE;
  /* Out of sight: place it about two thirds down, the earlier steps above it. */
  want = bottom - page * 2 / 3;
  if (want > top)
    want = top;
  gtk_adjustment_set_value (adj, CLAMP (want, gtk_adjustment_get_lower (adj),
                                        gtk_adjustment_get_upper (adj) - page));
  return TRUE;
}

/* Tick callbacks run before the frame's layout, so each one sees the rows as last laid out:
 * the one after a rebuild finds them allocated. */
static gboolean
scroll_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  KielaStepList *self = KIELA_STEP_LIST (widget);

  if (!self->scroll_pending || kiela_step_list_scroll_to_current (self))
    {
      self->scroll_pending = FALSE;
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
kiela_step_list_queue_scroll (KielaStepList *self)
{
  /* Even when the row has an allocation now, new rows or new text may move it at the next
   * layout: the tick after that layout has the last word. */
  kiela_step_list_scroll_to_current (self);
  self->scroll_pending = TRUE;
  if (self->tick_id == 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick, NULL, NULL);
}

/* ---------- following the player ---------- */

static void
kiela_step_list_set_current (KielaStepList *self, int current, guint index)
{
  const KielaTrace *trace = kiela_trace_player_get_trace (self->player);

  for (guint r = 0; r < self->steps->len; r++)
    {
      Step *step = &g_array_index (self->steps, Step, r);
      gboolean is_current = (int) r == current;
      /* Steps still to come are dimmed; the arrow (not colour) marks the one shown. */
      gboolean future = (int) r > current;

      gtk_widget_set_opacity (step->marker, is_current ? 1 : 0);
      if (is_current)
        gtk_widget_add_css_class (step->row, "kiela-step-current");
      else
        gtk_widget_remove_css_class (step->row, "kiela-step-current");
      if (future)
        gtk_widget_add_css_class (step->label, "dim-label");
      else
        gtk_widget_remove_css_class (step->label, "dim-label");

      if (step->kind == KIELA_STEP_DROPS)
        {
          if (is_current)
            {
              g_autofree char *markup = drops_text (trace, step->first, step->last, index - 1, TRUE);
              gtk_label_set_markup (GTK_LABEL (step->label), markup);
            }
          else if (gtk_label_get_use_markup (GTK_LABEL (step->label)))
            {
              gtk_label_set_use_markup (GTK_LABEL (step->label), FALSE);
              gtk_label_set_text (GTK_LABEL (step->label), step->text);
            }
        }
    }

  self->selecting = TRUE;
  if (current >= 0)
    gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (g_array_index (self->steps, Step, current).row));
  else
    gtk_list_box_unselect_all (self->list);
  self->selecting = FALSE;

  if (current != self->current)
    {
      self->current = current;
      kiela_step_list_queue_scroll (self);
    }
}

static void
on_player_changed (KielaTracePlayer *player, KielaStepList *self)
{
  guint serial = kiela_trace_player_get_serial (player);

  if (!self->built || serial != self->serial)
    {
      self->serial = serial;
      self->built = TRUE;
      kiela_step_list_rebuild (self);
    }
  kiela_step_list_set_current (self, row_for_index (self, kiela_trace_player_get_index (player)),
                               kiela_trace_player_get_index (player));
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, KielaStepList *self)
{
  int r = gtk_list_box_row_get_index (row);

  if (self->player == NULL || r < 0 || (guint) r >= self->steps->len)
    return;
  kiela_trace_player_set_index (self->player, g_array_index (self->steps, Step, r).target);
}

/* ---------- GObject ---------- */

static void
kiela_step_list_map (GtkWidget *widget)
{
  KielaStepList *self = KIELA_STEP_LIST (widget);

  GTK_WIDGET_CLASS (kiela_step_list_parent_class)->map (widget);
  if (self->current >= 0)
    kiela_step_list_queue_scroll (self);
}

static void
kiela_step_list_unmap (GtkWidget *widget)
{
  KielaStepList *self = KIELA_STEP_LIST (widget);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (widget, self->tick_id);
      self->tick_id = 0;
    }
  GTK_WIDGET_CLASS (kiela_step_list_parent_class)->unmap (widget);
}

static void
kiela_step_list_dispose (GObject *object)
{
  KielaStepList *self = KIELA_STEP_LIST (object);

  kiela_step_list_set_player (self, NULL);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (kiela_step_list_parent_class)->dispose (object);
}

static void
kiela_step_list_finalize (GObject *object)
{
  KielaStepList *self = KIELA_STEP_LIST (object);

  g_array_unref (self->steps);
  G_OBJECT_CLASS (kiela_step_list_parent_class)->finalize (object);
}

static void
kiela_step_list_class_init (KielaStepListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kiela_step_list_dispose;
  object_class->finalize = kiela_step_list_finalize;
  widget_class->map = kiela_step_list_map;
  widget_class->unmap = kiela_step_list_unmap;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "kiela-step-list");
}

static void
kiela_step_list_init (KielaStepList *self)
{
  self->steps = g_array_new (FALSE, TRUE, sizeof (Step));
  g_array_set_clear_func (self->steps, step_clear);
  self->current = -1;

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "kiela-step-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Steps of the move"), -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->list));
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
}

GtkWidget *
kiela_step_list_new (void)
{
  return g_object_new (KIELA_TYPE_STEP_LIST, NULL);
}

void
kiela_step_list_set_player (KielaStepList *self, KielaTracePlayer *player)
{
  g_return_if_fail (KIELA_IS_STEP_LIST (self));

  if (self->player == player)
    return;
  if (self->player)
    g_signal_handlers_disconnect_by_data (self->player, self);
  g_clear_weak_pointer (&self->player);
  self->built = FALSE;
  if (self->list)
    kiela_step_list_clear (self);
  if (player == NULL)
    return;
  g_set_weak_pointer (&self->player, player);
  g_signal_connect (player, "changed", G_CALLBACK (on_player_changed), self);
  on_player_changed (player, self);
}

GtkListBox *
kiela_step_list_get_list_box (KielaStepList *self)
{
  return self->list;
}

guint
kiela_step_list_get_n_rows (KielaStepList *self)
{
  return self->steps->len;
}

int
kiela_step_list_get_current_row (KielaStepList *self)
{
  return self->current;
}

guint
kiela_step_list_get_row_target (KielaStepList *self, guint row)
{
  g_return_val_if_fail (row < self->steps->len, 0);
  return g_array_index (self->steps, Step, row).target;
}

KielaStepKind
kiela_step_list_get_row_kind (KielaStepList *self, guint row)
{
  g_return_val_if_fail (row < self->steps->len, KIELA_STEP_START);
  return g_array_index (self->steps, Step, row).kind;
}

const char *
kiela_step_list_get_row_text (KielaStepList *self, guint row)
{
  g_return_val_if_fail (row < self->steps->len, NULL);
  return g_array_index (self->steps, Step, row).text;
}

gboolean
kiela_step_list_current_row_visible (KielaStepList *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  graphene_rect_t bounds;
  Step *step;
  double value, page;

  if (self->current < 0)
    return FALSE;
  step = &g_array_index (self->steps, Step, self->current);
  if (!gtk_widget_get_mapped (step->row) || gtk_widget_get_height (step->row) <= 0
      || !gtk_widget_compute_bounds (step->row, GTK_WIDGET (self->list), &bounds))
    return FALSE;
  value = gtk_adjustment_get_value (adj);
  page = gtk_adjustment_get_page_size (adj);
  return bounds.origin.y >= value - 0.5 && bounds.origin.y + bounds.size.height <= value + page + 0.5;
}
