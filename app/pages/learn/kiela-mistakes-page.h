/* kiela-mistakes-page.h: the list of what the pupil got wrong, the queue "Practise your mistakes" goes through. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-pupils.h"

G_BEGIN_DECLS

#define KIELA_TYPE_MISTAKES_PAGE (kiela_mistakes_page_get_type ())
G_DECLARE_FINAL_TYPE (KielaMistakesPage, kiela_mistakes_page, KIELA, MISTAKES_PAGE, GtkWidget)

/* One row a queued step (its lesson's title, the step, how often it was wrong), in queue
 * order, following the current pupil. */
GtkWidget *kiela_mistakes_page_new         (KielaRegistry *registry, KielaPupils *pupils);
/* The rows shown (tests), and the Practise Now button. */
guint      kiela_mistakes_page_get_n_rows  (KielaMistakesPage *self);
GtkWidget *kiela_mistakes_page_get_row     (KielaMistakesPage *self, guint i);
GtkWidget *kiela_mistakes_page_get_practise_button (KielaMistakesPage *self);

/* Signals: "practise" (no argument): Practise Now; "step-activated" (const char *lesson_id,
 * guint step): a row, that one step to try again. */

G_END_DECLS
