/* kiela-catalogue.h: the sentences the engine writes in a language other than the interface's. */
#pragma once

#include <glib.h>
#include "kiela-version.h"

G_BEGIN_DECLS

/*
 * The engine writes sentences (a verdict's details, why a house may not be sown, the step
 * narration) with gettext, in the one language of the process.  A lesson opened from a Rules
 * page shown in another language needs them in that language: the caller builds a
 * KielaCatalogue over its own reader of that language's catalogue (the app's .mo reader) and
 * passes it to the functions ending in _in.  A NULL catalogue is the interface's language,
 * exactly as the functions without _in.  No process state (locale, LANGUAGE) is touched.
 *
 * Immutable once made and reference counted atomically: any thread may use one.
 */
typedef struct _KielaCatalogue KielaCatalogue;

/* The translation of `msgid` (in `context`, or NULL) in plural form `form` (0 without
 * plural), or NULL when the catalogue has none.  Called from any thread. */
typedef const char *(*KielaCatalogueLookup) (gpointer data, const char *context, const char *msgid, guint form);

/* `language` ("fr", "pt_BR"); `plural_forms` the catalogue header's rule
 * ("nplurals=2; plural=(n > 1);"; NULL or unreadable: English's, n != 1); `lookup` NULL: the
 * messages as written (English). */
KIELA_AVAILABLE_IN_ALL KielaCatalogue *kiela_catalogue_new          (const char *language, const char *plural_forms,
                                                                     KielaCatalogueLookup lookup, gpointer data,
                                                                     GDestroyNotify destroy);
KIELA_AVAILABLE_IN_ALL KielaCatalogue *kiela_catalogue_ref          (KielaCatalogue *catalogue);
KIELA_AVAILABLE_IN_ALL void            kiela_catalogue_unref        (KielaCatalogue *catalogue);
KIELA_AVAILABLE_IN_ALL const char     *kiela_catalogue_get_language (const KielaCatalogue *catalogue);
/* The plural form for `n` under the catalogue's rule (0 … nplurals − 1). */
KIELA_AVAILABLE_IN_ALL guint           kiela_catalogue_plural_form  (const KielaCatalogue *catalogue, gulong n);

/* The engine's messages (GETTEXT_PACKAGE's) in the catalogue's language, or the message
 * itself when it has none; `catalogue` NULL: gettext's, the interface's. */
KIELA_AVAILABLE_IN_ALL const char     *kiela_catalogue_gettext      (const KielaCatalogue *catalogue, const char *msgid) G_GNUC_FORMAT (2);
KIELA_AVAILABLE_IN_ALL const char     *kiela_catalogue_pgettext     (const KielaCatalogue *catalogue, const char *context,
                                                                     const char *msgid) G_GNUC_FORMAT (3);
KIELA_AVAILABLE_IN_ALL const char     *kiela_catalogue_ngettext     (const KielaCatalogue *catalogue, const char *msgid,
                                                                     const char *msgid_plural, gulong n) G_GNUC_FORMAT (2) G_GNUC_FORMAT (3);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaCatalogue, kiela_catalogue_unref)

G_END_DECLS
