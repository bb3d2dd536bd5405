/* test-i18n-common.h: what the translation tests (test-i18n*.c) share, in test-i18n-common.c: a
 * small reader of the .po files, the languages of po/LINGUAS and their plural rules. */
#pragma once

#include <glib.h>

/* French typography as used in po/fr.po: no-break space before ":" and inside « »,
 * narrow no-break space before ";", "?" and "!". */
#define NBSP "\xc2\xa0"
#define NNBSP "\xe2\x80\xaf"

typedef struct {
  gboolean obsolete;
  gboolean fuzzy;
  gboolean c_format;
  gboolean in_texts;   /* referenced from a lesson file or the Rules/History texts */
  char *msgctxt;
  char *msgid;
  char *msgid_plural;
  GPtrArray *msgstr;   /* one per plural form (or just one) */
  char *files;         /* the files its "#:" lines name, sorted, one per line, no line numbers */
  guint line;
} PoEntry;

gint compare_strings (gconstpointer a, gconstpointer b);
void po_entry_free (PoEntry *e);
GPtrArray *po_parse (const char *path);
GPtrArray *po_parse_lang (const char *lang);
PoEntry *po_find (GPtrArray *entries, const char *msgctxt, const char *msgid);
char **linguas (void);
const char *plural_forms_of (const char *lang);
guint nplurals_of (const char *lang);
guint plural_index (const char *lang, gulong n);

void i18n_test_init (int *argc, char ***argv);
