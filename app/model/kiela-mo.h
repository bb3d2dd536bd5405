/* kiela-mo.h: a reader of compiled gettext catalogues (.mo), so one pane can show another language than the interface. */
#pragma once

#include <glib.h>
#include "kiela-catalogue.h"

G_BEGIN_DECLS

/*
 * gettext translates into the one language of the process; the History and Rules panes
 * each show a language of their own.  A KielaMo holds one catalogue read with GLib only:
 * immutable once loaded, so lookups are safe from any thread.  A damaged file gives a
 * GError (G_FILE_ERROR_INVAL) naming the file and the problem, never a crash.
 */
typedef struct _KielaMo KielaMo;

KielaMo    *kiela_mo_new_from_bytes (GBytes *bytes, const char *name, GError **error);
KielaMo    *kiela_mo_new_from_file  (const char *path, GError **error);
/* `<locale_dir>/<lang>/LC_MESSAGES/<domain>.mo`; "pt_BR" falls back to "pt". */
KielaMo    *kiela_mo_load           (const char *locale_dir, const char *lang, const char *domain, GError **error);
KielaMo    *kiela_mo_ref            (KielaMo *mo);
void        kiela_mo_unref          (KielaMo *mo);

guint       kiela_mo_get_n_messages (KielaMo *mo);
/* Every message the catalogue translates, as its lookup key ("ctx\004id" with a context);
 * the strings belong to `mo`.  The header is not listed. */
GPtrArray  *kiela_mo_get_keys       (KielaMo *mo);
/* The translation of `msgid` (in `context`, or none when NULL), its plural form `form`
 * (0 for messages without plural), or NULL when the catalogue has none. */
const char *kiela_mo_lookup         (KielaMo *mo, const char *context, const char *msgid, guint form);
/* The translation, or `msgid` itself; `mo` may be NULL (English). */
const char *kiela_mo_gettext        (KielaMo *mo, const char *msgid);
/* The header's plural rule ("nplurals=2; plural=(n > 1);"), or NULL. */
char       *kiela_mo_dup_plural_forms (KielaMo *mo);
/* A catalogue for the engine's sentences (kiela-catalogue.h) reading `mo` in its
 * language, with its plural rule; `mo` NULL: the messages as written (English). */
KielaCatalogue *kiela_mo_new_catalogue (KielaMo *mo, const char *language);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaMo, kiela_mo_unref)

G_END_DECLS
