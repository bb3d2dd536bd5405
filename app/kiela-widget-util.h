/* kiela-widget-util.h: small helpers the app's template widgets share. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* gtk_widget_dispose_template(), then unparents the children the template did not bind (its
 * top box, a separator), which dispose_template leaves in place.  For dispose handlers. */
void kiela_widget_dispose_template_all (GtkWidget *widget, GType widget_type);

G_END_DECLS
