/* kiela-widget-util.c: small helpers the app's widgets and windows share. */
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

GFile *
kiela_documents_folder_new (void)
{
  const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  return g_file_new_for_path (docs && g_file_test (docs, G_FILE_TEST_IS_DIR) ? docs : g_get_home_dir ());
}
