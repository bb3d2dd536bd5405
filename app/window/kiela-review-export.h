/* kiela-review-export.h: a game review as a PDF worksheet and as CSV (the window's Export of the review). */
#pragma once

#include <gio/gio.h>
#include "kiela.h"
#include "kiela-worksheet.h"

G_BEGIN_DECLS

/* The review's worksheet: a first page with the title, each side's accuracy, the advantage
 * graph and the marked moves; then a page for each mistake and blunder of `sides` (a mask of
 * 1 << KIELA_SOUTH and 1 << KIELA_NORTH), in the order played, with its two diagrams: the
 * move played and the better one, each with its arrows, and what the move gave away. */
GBytes *kiela_review_sheet_to_pdf      (KielaReview *review, const char *title, guint sides, KielaPaper paper,
                                        GError **error);
/* The pages kiela_review_sheet_to_pdf() writes. */
guint   kiela_review_sheet_get_n_pages (KielaReview *review, guint sides);

G_END_DECLS
