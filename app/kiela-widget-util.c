/* kiela-widget-util.c: small helpers the app's template widgets share. */
#include "config.h"

#include "kiela-widget-util.h"

void
kiela_widget_dispose_template_all (GtkWidget *widget, GType widget_type)
{
  GtkWidget *child;

  gtk_widget_dispose_template (widget, widget_type);
  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
}
