/* kiela-class-page.h: the teacher's page: the class list (add, rename, reset, remove) and the Class Progress table with its CSV. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-pupils.h"

G_BEGIN_DECLS

#define KIELA_TYPE_CLASS_PAGE (kiela_class_page_get_type ())
G_DECLARE_FINAL_TYPE (KielaClassPage, kiela_class_page, KIELA, CLASS_PAGE, GtkWidget)

GtkWidget *kiela_class_page_new          (KielaRegistry *registry, KielaPupils *pupils);

/* The controls (tests): "add" (the AdwEntryRow a name is typed in), "export" (Export CSV…),
 * "table" (the Class Progress grid), "error" (the line under the name saying why it was
 * refused); a pupil's row and its buttons: `name` "row", "play", "rename", "reset", "remove". */
GtkWidget *kiela_class_page_get_control  (KielaClassPage *self, const char *name);
GtkWidget *kiela_class_page_get_pupil_control (KielaClassPage *self, const char *pupil_id, const char *name);
/* The text of the table's cell at `row` (0: the headings), `column`, or NULL. */
const char *kiela_class_page_get_cell    (KielaClassPage *self, guint row, guint column);
/* The course lessons the table and the CSV show, in course order. */
GPtrArray *kiela_class_page_get_lessons  (KielaClassPage *self);
/* Writes the class's CSV (kiela_pupils_to_csv) to `file`. */
gboolean   kiela_class_page_export_to    (KielaClassPage *self, GFile *file, GError **error);

/* Signal "message" (const char *text): something to tell in a toast (exported, or why not). */

G_END_DECLS
