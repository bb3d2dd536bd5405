/* kiela-presentation.h: what the classroom part of the main window (kiela-presentation.c) offers
 * outside the window: the keyboard shortcuts window's key names in words. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* GtkShortcutLabel shows some keys by their keysym ("Page_Up"): renames them under `widget`. */
void kiela_presentation_name_keys (GtkWidget *widget);

G_END_DECLS
