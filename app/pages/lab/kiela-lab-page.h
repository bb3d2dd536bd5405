/* kiela-lab-page.h: the Variant lab page: change a variant's rules, preview, play, save, and run AI-vs-AI statistics. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-game-session.h"

G_BEGIN_DECLS

#define KIELA_TYPE_LAB_PAGE (kiela_lab_page_get_type ())
G_DECLARE_FINAL_TYPE (KielaLabPage, kiela_lab_page, KIELA, LAB_PAGE, AdwBin)

/* A page of the window: Play starts the lab's variant with `session`'s players (win.start-game). */
GtkWidget          *kiela_lab_page_new          (KielaGameSession *session, KielaRegistry *registry);
/* Loads a registered variant into the form (the "Based On" row). */
gboolean            kiela_lab_page_set_base     (KielaLabPage *self, const char *variant_id);
/* The form's row for a variant file key ("MinSow"), to drive it from tests. */
GtkWidget          *kiela_lab_page_get_row      (KielaLabPage *self, const char *key);
/* The variant the form describes, or NULL while it has an error. */
KielaVariantFile   *kiela_lab_page_get_file     (KielaLabPage *self);
/* The named error shown on the form ("<lab>:12: key “Files”: ..."), or NULL. */
const char         *kiela_lab_page_get_error    (KielaLabPage *self);
/* Registers the form's variant (under a fresh id when its id is taken by other rules). */
const KielaVariant *kiela_lab_page_register     (KielaLabPage *self, GError **error);
gboolean            kiela_lab_page_save_to_file (KielaLabPage *self, const char *path, GError **error);
gboolean            kiela_lab_page_is_running   (KielaLabPage *self);
/* The statistics of the last run: 0 = the form's variant, 1 = the compared one (or NULL). */
KielaStats         *kiela_lab_page_get_stats    (KielaLabPage *self, guint which);
/* "lengths" or "stones" (SVG or PNG by the suffix), "summary" or "games" (CSV). */
gboolean            kiela_lab_page_export       (KielaLabPage *self, const char *what, const char *path,
                                                 GError **error);

G_END_DECLS
