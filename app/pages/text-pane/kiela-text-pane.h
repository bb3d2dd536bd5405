/* kiela-text-pane.h: the History and Rules panes: a long text with its own language selector and board diagrams. */
#pragma once

#include <gtk/gtk.h>

#include "kiela-registry.h"
#include "kiela-texts.h"

G_BEGIN_DECLS

#define KIELA_TYPE_TEXT_PANE (kiela_text_pane_get_type ())
G_DECLARE_FINAL_TYPE (KielaTextPane, kiela_text_pane, KIELA, TEXT_PANE, GtkWidget)

/* `registry` (may be NULL) gives the board's variant and the lessons the "try it" links open. */
GtkWidget    *kiela_text_pane_new          (KielaTextKind kind, KielaRegistry *registry);
KielaTextKind kiela_text_pane_get_kind     (KielaTextPane *self);
/* The pane's own language ("en", "fr", ...), independent of the interface's.  Only the
 * pane's text and its diagrams' labels follow it.  Unknown codes fall back to English. */
void          kiela_text_pane_set_language (KielaTextPane *self, const char *lang);
const char   *kiela_text_pane_get_language (KielaTextPane *self);
/* Larger type, for a projector. */
void          kiela_text_pane_set_large    (KielaTextPane *self, gboolean large);

/* The languages a pane can show: "en" and every language with a kiela.mo in kiela_locale_dir(). */
GStrv         kiela_text_pane_list_languages (void);
/* The interface's language among those, "en" when it has none. */
char         *kiela_text_pane_default_language (void);

G_END_DECLS
