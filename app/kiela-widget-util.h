/* kiela-widget-util.h: small helpers the app's widgets and windows share. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* gtk_widget_dispose_template(), then unparents the children the template did not bind (its
 * top box, a separator), which dispose_template leaves in place.  For dispose handlers. */
void kiela_widget_dispose_template_all (GtkWidget *widget, GType widget_type);

/* Where a file chooser opens when the file has no folder of its own: the user's Documents, or
 * the home folder without one (never the folder the app was started from, where Enter wrote
 * games.csv into a source tree).  Every Save, Open and Export chooser of the app. */
GFile *kiela_documents_folder_new (void);

G_END_DECLS
