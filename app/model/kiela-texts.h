/* kiela-texts.h: the History and Rules texts: English N_() paragraphs, board diagrams as KPN, links to lessons. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  KIELA_TEXT_HISTORY,
  KIELA_TEXT_RULES,
} KielaTextKind;

#define KIELA_TEXT_MAX_PARAGRAPHS 5

/* One section of a pane.  Every text is untranslated English (N_() in kiela-texts.c);
 * the pane translates it into its own language. */
typedef struct {
  const char *heading;
  const char *paragraphs[KIELA_TEXT_MAX_PARAGRAPHS]; /* NULL-terminated */
  const char *diagram;    /* a KPN position of the variant "kiela", or NULL */
  const char *marks;      /* highlights on the diagram: "b3:lift d3:captor", or NULL */
  const char *caption;    /* what the diagram shows, or NULL */
  const char *lesson;     /* id of the lesson that practises this section, or NULL */
} KielaTextSection;

const KielaTextSection *kiela_texts_get (KielaTextKind kind, guint *n_sections);
/* The pane's title and its lead sentence, untranslated. */
const char             *kiela_texts_get_title (KielaTextKind kind);
const char             *kiela_texts_get_lead  (KielaTextKind kind);

G_END_DECLS
