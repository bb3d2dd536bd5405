/* kiela-fold-layout.c: two panes side by side, or one under the other in a narrow page.
 *
 * The page asks for no more width than the rows need; whether it gets columns is decided once
 * its width is known, in the allocation, before the box is allocated.  A box in columns that is
 * measured for a width below its columns' minimum is measured as rows (GtkBox cannot lay out
 * below its minimum): the height the page will have once it turns. */
#include "config.h"

#include "kiela-fold-layout.h"

struct _KielaFoldLayout {
  GtkLayoutManager parent_instance;
  int columns_width;
  double min_aspect;
  KielaFoldFunc func;
  gpointer func_data;
};

G_DEFINE_FINAL_TYPE (KielaFoldLayout, kiela_fold_layout, GTK_TYPE_LAYOUT_MANAGER)

static GtkWidget *
fold_box (GtkWidget *widget)
{
  GtkWidget *box = gtk_widget_get_first_child (widget);

  return box != NULL && GTK_IS_BOX (box) ? box : NULL;
}

static gboolean
box_in_columns (GtkWidget *box)
{
  return gtk_orientable_get_orientation (GTK_ORIENTABLE (box)) == GTK_ORIENTATION_HORIZONTAL;
}

/* The panes' minimum widths: their sum (side by side, with the box's spacing) and the
 * largest (one under the other). */
static void
pane_min_widths (GtkWidget *box, int *sum, int *largest)
{
  int n = 0;

  *sum = *largest = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_should_layout (c))
      {
        int min;

        gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
        *sum += min;
        *largest = MAX (*largest, min);
        n++;
      }
  if (n > 1)
    *sum += (n - 1) * gtk_box_get_spacing (GTK_BOX (box));
}

static GtkSizeRequestMode
kiela_fold_layout_get_request_mode (GtkLayoutManager *manager, GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
kiela_fold_layout_measure (GtkLayoutManager *manager, GtkWidget *widget, GtkOrientation orientation, int for_size,
                           int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  GtkWidget *box = fold_box (widget);
  int sum, largest;

  *minimum = *natural = 0;
  *minimum_baseline = *natural_baseline = -1;
  if (box == NULL || !gtk_widget_should_layout (box))
    return;
  pane_min_widths (box, &sum, &largest);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (box, orientation, for_size, minimum, natural, NULL, NULL);
      /* Never more than the rows need: the page turns to rows when it is given less. */
      *minimum = MIN (*minimum, MAX (largest, 1));
      *natural = MAX (*natural, *minimum);
    }
  else if (!box_in_columns (box) || for_size < 0 || for_size >= sum)
    gtk_widget_measure (box, orientation, for_size, minimum, natural, NULL, NULL);
  else
    {
      int spacing = gtk_box_get_spacing (GTK_BOX (box)), n = 0;

      for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_should_layout (c))
          {
            int min, nat;

            gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, for_size, &min, &nat, NULL, NULL);
            *minimum += min;
            *natural += nat;
            n++;
          }
      if (n > 1)
        {
          *minimum += (n - 1) * spacing;
          *natural += (n - 1) * spacing;
        }
    }
}

static void
kiela_fold_layout_allocate (GtkLayoutManager *manager, GtkWidget *widget, int width, int height, int baseline)
{
  KielaFoldLayout *self = KIELA_FOLD_LAYOUT (manager);
  GtkWidget *box = fold_box (widget);
  int sum, largest;
  gboolean columns;

  if (box == NULL || !gtk_widget_should_layout (box))
    return;
  pane_min_widths (box, &sum, &largest);
  columns = width >= MAX (self->columns_width, sum) && (self->min_aspect <= 0 || width >= self->min_aspect * height);
  if (box_in_columns (box) != columns)
    {
      GtkOrientation orientation = columns ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL;

      gtk_orientable_set_orientation (GTK_ORIENTABLE (box), orientation);
      /* Styles may differ in rows: only the pane at the bottom keeps room for the toasts. */
      if (columns)
        gtk_widget_remove_css_class (box, "kiela-rows");
      else
        gtk_widget_add_css_class (box, "kiela-rows");
      for (GtkWidget *c = gtk_widget_get_first_child (box); c; c = gtk_widget_get_next_sibling (c))
        if (GTK_IS_SEPARATOR (c))
          gtk_orientable_set_orientation (GTK_ORIENTABLE (c), columns ? GTK_ORIENTATION_VERTICAL
                                                                      : GTK_ORIENTATION_HORIZONTAL);
    }
  if (self->func != NULL)
    self->func (widget, columns, width, height, self->func_data);
  gtk_widget_allocate (box, width, height, baseline, NULL);
}

static void
kiela_fold_layout_class_init (KielaFoldLayoutClass *klass)
{
  GtkLayoutManagerClass *layout_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  layout_class->get_request_mode = kiela_fold_layout_get_request_mode;
  layout_class->measure = kiela_fold_layout_measure;
  layout_class->allocate = kiela_fold_layout_allocate;
}

static void
kiela_fold_layout_init (KielaFoldLayout *self)
{
}

GtkLayoutManager *
kiela_fold_layout_new (int columns_width)
{
  KielaFoldLayout *self = g_object_new (KIELA_TYPE_FOLD_LAYOUT, NULL);

  self->columns_width = columns_width;
  return GTK_LAYOUT_MANAGER (self);
}

void
kiela_fold_layout_set_min_aspect (KielaFoldLayout *self, double aspect)
{
  g_return_if_fail (KIELA_IS_FOLD_LAYOUT (self));
  self->min_aspect = aspect;
  gtk_layout_manager_layout_changed (GTK_LAYOUT_MANAGER (self));
}

void
kiela_fold_layout_set_func (KielaFoldLayout *self, KielaFoldFunc func, gpointer data)
{
  g_return_if_fail (KIELA_IS_FOLD_LAYOUT (self));
  self->func = func;
  self->func_data = data;
}

gboolean
kiela_fold_layout_get_columns (KielaFoldLayout *self)
{
  GtkWidget *widget, *box;

  g_return_val_if_fail (KIELA_IS_FOLD_LAYOUT (self), FALSE);
  widget = gtk_layout_manager_get_widget (GTK_LAYOUT_MANAGER (self));
  box = widget ? fold_box (widget) : NULL;
  return box != NULL && box_in_columns (box);
}
