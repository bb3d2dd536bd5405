/* kiela-catalogue-i18n.h: this project's markers for messages translated through a KielaCatalogue (not installed). */
#pragma once

#include "kiela-catalogue.h"
#include "kiela-types.h"

/* Like _(), NG() and C_() with the catalogue first (NULL: the interface's language).
 * po/meson.build and tests/i18n/test-i18n.c give xgettext these keywords. */
#define T_(cat, msgid)                kiela_catalogue_gettext ((cat), (msgid))
#define TN_(cat, msgid, plural, n)    kiela_catalogue_ngettext ((cat), (msgid), (plural), (n))
#define TC_(cat, context, msgid)      kiela_catalogue_pgettext ((cat), (context), (msgid))

/* `n` grouped as `cat`'s language writes numbers ("1 000" in French); NULL: the locale's. */
G_GNUC_INTERNAL char *_kiela_catalogue_format_count (const KielaCatalogue *cat, guint n);

/* kiela_variant_get_name() in `cat`'s language (a variant of this project's domain). */
G_GNUC_INTERNAL const char *_kiela_variant_get_name_in (const KielaVariant *variant, const KielaCatalogue *cat);
/* kiela_variant_check_arrangement() with its reasons in `cat`'s language. */
G_GNUC_INTERNAL gboolean _kiela_variant_check_arrangement_in (const KielaVariant *variant, KielaSide side,
                                                              const guint16 *counts, const KielaCatalogue *cat,
                                                              GError **error);
