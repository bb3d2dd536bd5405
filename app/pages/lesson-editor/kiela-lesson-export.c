/* kiela-lesson-export.c: a lesson's worksheet exported as PDF or printed: its options dialog, the
 * file chooser, GtkPrintOperation drawing the worksheet renderer's pages. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-export.h"
#include "kiela-window.h"
#include "kiela-diagram.h"
#include "kiela-compat.h"

gboolean
kiela_lesson_export_save_pdf (const KielaLesson *lesson, const KielaVariant *variant, gboolean answers,
                              KielaPaper paper, GFile *file, GError **error)
{
  KielaWorksheetOptions options = { .answers = answers };
  g_autoptr(KielaWorksheet) ws = kiela_worksheet_new_for_lesson (lesson, variant, &options);
  g_autoptr(GBytes) pdf = kiela_worksheet_to_pdf (ws, paper, error);

  return pdf != NULL && kiela_diagram_write_file (file, pdf, error);
}

static void
on_draw_page (GtkPrintOperation *op, GtkPrintContext *context, int page, KielaWorksheet *ws)
{
  kiela_worksheet_draw_page (ws, gtk_print_context_get_cairo_context (context), (guint) page,
                             gtk_print_context_get_width (context), gtk_print_context_get_height (context));
}

typedef struct {
  GtkWindow *window;
  const KielaLesson *lesson;
  const KielaVariant *variant;
  KielaLessonFile *file;         /* owned, may be NULL */
  gboolean print;
  gboolean answers;
  gboolean blank;
  KielaPaper paper;
  GtkCheckButton *answers_check;
  GtkCheckButton *blank_check;
  GtkDropDown *paper_choice;
  gboolean answered;
} Request;

static void
request_free (Request *r)
{
  g_object_unref (r->window);
  g_clear_pointer (&r->file, kiela_lesson_file_free);
  g_free (r);
}

static GtkPrintOperationResult
print_with (GtkWindow *parent, const KielaLesson *lesson, const KielaVariant *variant, const KielaWorksheetOptions *options,
            KielaPaper paper_choice, const char *export_pdf, GError **error)
{
  g_autoptr(GtkPrintOperation) op = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (paper_choice == KIELA_PAPER_LETTER ? GTK_PAPER_NAME_LETTER
                                                                                         : GTK_PAPER_NAME_A4);
  g_autoptr(KielaWorksheet) ws = kiela_worksheet_new_for_lesson (lesson, variant, options);

  gtk_page_setup_set_paper_size_and_default_margins (setup, paper);
  gtk_print_operation_set_default_page_setup (op, setup);
  gtk_print_operation_set_n_pages (op, (int) kiela_worksheet_get_n_pages (ws));
  /* The worksheet keeps its own margins: draw on the whole sheet, in points like the PDF. */
  gtk_print_operation_set_use_full_page (op, TRUE);
  gtk_print_operation_set_unit (op, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (op, kiela_lesson_get_title (lesson));
  if (export_pdf != NULL)
    gtk_print_operation_set_export_filename (op, export_pdf);
  g_signal_connect (op, "draw-page", G_CALLBACK (on_draw_page), ws);
  return gtk_print_operation_run (op, export_pdf ? GTK_PRINT_OPERATION_ACTION_EXPORT
                                                 : GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                  parent, error);
}

GtkPrintOperationResult
kiela_lesson_export_print (GtkWindow *parent, const KielaLesson *lesson, const KielaVariant *variant, gboolean answers,
                           KielaPaper paper, const char *export_pdf, GError **error)
{
  KielaWorksheetOptions options = { .answers = answers };

  return print_with (parent, lesson, variant, &options, paper, export_pdf, error);
}

static void
say (GtkWindow *window, const char *text)
{
  if (KIELA_IS_WINDOW (window))
    kiela_window_add_message (KIELA_WINDOW (window), text);
}

static void
on_pdf_chosen (GFile *file, gpointer data)
{
  Request *r = data;
  g_autoptr(GError) error = NULL;
  KielaWorksheetOptions options = { .answers = r->answers, .blank = r->blank };
  g_autoptr(KielaWorksheet) ws = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autofree char *name = NULL;
  g_autofree char *msg = NULL;

  if (file == NULL)
    return;
  ws = kiela_worksheet_new_for_lesson (r->lesson, r->variant, &options);
  pdf = kiela_worksheet_to_pdf (ws, r->paper, &error);
  name = g_file_get_basename (file);
  if (pdf != NULL && kiela_diagram_write_file (file, pdf, &error))
    msg = g_strdup_printf (_("Exported “%s”"), name);
  else
    msg = g_strdup_printf ("%s %s", _("The worksheet could not be saved."), error->message);
  say (r->window, msg);
}

static void
save_pdf (Request *r)
{
  g_autoptr(GListStore) filters = kiela_compat_file_filters_new ();
  g_autofree char *name = g_strdup_printf ("%s.pdf", r->lesson->id);
  KielaCompatFileRequest request = {
    .title = _("Export Lesson Worksheet"), .accept_label = _("_Export"), .filters = G_LIST_MODEL (filters),
    .name = name,
  };

  kiela_compat_file_filters_add (filters, _("PDF documents"), "application/pdf", "*.pdf", NULL);
  kiela_compat_choose_file (r->window, KIELA_COMPAT_FILE_SAVE, &request, on_pdf_chosen, r,
                            (GDestroyNotify) request_free);
}

static void
print_request (Request *r)
{
  g_autoptr(GError) error = NULL;
  KielaWorksheetOptions options = { .answers = r->answers, .blank = r->blank };

  if (print_with (r->window, r->lesson, r->variant, &options, r->paper, NULL, &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autofree char *msg = g_strdup_printf ("%s %s", _("The worksheet could not be printed."), error->message);

      say (r->window, msg);
    }
  request_free (r);
}

static void
on_options_answered (const char *response, gpointer data)
{
  Request *r = data;

  if (g_strcmp0 (response, "accept") != 0)
    return;
  r->answers = gtk_check_button_get_active (r->answers_check);
  r->blank = gtk_check_button_get_active (r->blank_check);
  r->paper = gtk_drop_down_get_selected (r->paper_choice) == 1 ? KIELA_PAPER_LETTER : KIELA_PAPER_A4;
  r->answered = TRUE;
}

/* The question is gone: the file chooser or the printer next, with the request handed on. */
static void
on_options_done (gpointer data)
{
  Request *r = data;

  if (!r->answered)
    request_free (r);
  else if (r->print)
    print_request (r);
  else
    save_pdf (r);
}

void
kiela_lesson_export_dialog (GtkWindow *window, const KielaLesson *lesson, const KielaVariant *variant,
                            KielaLessonFile *file, gboolean print)
{
  Request *r = g_new0 (Request, 1);
  const char *papers[] = { _("A4"), _("Letter"), NULL };
  g_autoptr(GtkPaperSize) locale_paper = gtk_paper_size_new (NULL);
  GtkWidget *dialog;
  GtkWidget *box, *row, *label;
  g_autofree char *body = NULL;

  r->window = g_object_ref (window);
  r->lesson = lesson;
  r->variant = variant;
  r->file = file;
  r->print = print;
  /* TRANSLATORS: %1$s a lesson's title, %2$u its steps */
  body = g_strdup_printf (ngettext ("“%1$s”: a page for its %2$u step, with the question, the board and lines to answer on.",
                                    "“%1$s”: a page for each of its %2$u steps, with the question, the board and lines to answer on.",
                                    lesson->n_steps),
                          kiela_lesson_get_title (lesson), (guint) lesson->n_steps);
  dialog = kiela_compat_question_new (print ? _("Print Lesson Worksheet") : _("Export Lesson Worksheet"), body);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  r->answers_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("An answer key at the e_nd")));
  gtk_check_button_set_active (r->answers_check, TRUE);
  r->blank_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Blank diagrams for pupils to fill in")));
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  r->paper_choice = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (papers));
  gtk_drop_down_set_selected (r->paper_choice,
                              g_strcmp0 (gtk_paper_size_get_name (locale_paper), GTK_PAPER_NAME_LETTER) == 0 ? 1 : 0);
  label = gtk_label_new_with_mnemonic (_("P_aper"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (r->paper_choice));
  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (r->paper_choice));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (r->answers_check));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (r->blank_check));
  gtk_box_append (GTK_BOX (box), row);
  kiela_compat_question_set_extra_child (dialog, box);
  kiela_compat_question_add_response (dialog, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (dialog, "accept", print ? _("_Print…") : _("_Export…"), ADW_RESPONSE_SUGGESTED);
  kiela_compat_question_set_default_response (dialog, "accept");
  kiela_compat_question_set_close_response (dialog, "cancel");
  kiela_compat_question_present (dialog, window, on_options_answered, r, on_options_done);
}
