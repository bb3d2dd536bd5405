/* kiela-lesson-export.h: a lesson's worksheet (a page a step, then the answer key) as a PDF file or printed, from the lesson editor and the lessons list. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-worksheet.h"

G_BEGIN_DECLS

/* Writes the worksheet of `lesson` (on `variant`), with the answer key when `answers`, to `file`. */
gboolean                kiela_lesson_export_save_pdf (const KielaLesson *lesson, const KielaVariant *variant,
                                                      gboolean answers, KielaPaper paper, GFile *file, GError **error);
/* Prints it through GtkPrintOperation (the print dialog, over `parent`), the same pages as the
 * PDF; with `export_pdf` the print system writes that PDF file without a dialog. */
GtkPrintOperationResult kiela_lesson_export_print    (GtkWindow *parent, const KielaLesson *lesson,
                                                      const KielaVariant *variant, gboolean answers, KielaPaper paper,
                                                      const char *export_pdf, GError **error);
/* Asks for the options (answer key, blank diagrams, paper), then the PDF file (or the printer),
 * and says over `window` (a KielaWindow) how it went.  `file` (may be NULL) keeps `lesson` alive:
 * a lesson built by the editor. */
void                    kiela_lesson_export_dialog   (GtkWindow *window, const KielaLesson *lesson,
                                                      const KielaVariant *variant, KielaLessonFile *file, gboolean print);

G_END_DECLS
