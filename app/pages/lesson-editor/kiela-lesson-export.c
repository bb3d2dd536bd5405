/* kiela-lesson-export.c: a lesson's worksheet exported as PDF or printed: its options dialog, the
 * file chooser, GtkPrintOperation drawing the worksheet renderer's pages. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-export.h"
#include "kiela-window.h"
#include "kiela-diagram.h"

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
on_pdf_response (GtkNativeDialog *native, int response, Request *r)
{
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native)) : NULL;

  if (file != NULL)
    {
      g_autoptr(GError) error = NULL;
      KielaWorksheetOptions options = { .answers = r->answers, .blank = r->blank };
      g_autoptr(KielaWorksheet) ws = kiela_worksheet_new_for_lesson (r->lesson, r->variant, &options);
      g_autoptr(GBytes) pdf = kiela_worksheet_to_pdf (ws, r->paper, &error);
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *msg = NULL;

      if (pdf != NULL && kiela_diagram_write_file (file, pdf, &error))
        msg = g_strdup_printf (_("Exported “%s”"), name);
      else
        msg = g_strdup_printf ("%s %s", _("The worksheet could not be saved."), error->message);
      say (r->window, msg);
    }
  request_free (r);
  g_object_unref (native);
}

static void
save_pdf (Request *r)
{
  GtkFileChooserNative *native = gtk_file_chooser_native_new (_("Export Lesson Worksheet"), r->window,
                                                              GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = g_strdup_printf ("%s.pdf", r->lesson->id);

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (filter, _("PDF documents"));
  gtk_file_filter_add_pattern (filter, "*.pdf");
  gtk_file_filter_add_mime_type (filter, "application/pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect (native, "response", G_CALLBACK (on_pdf_response), r);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
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
on_options_destroy (GtkWidget *dialog, Request *r)
{
  if (!r->answered)
    request_free (r);
}

static void
on_options_response (AdwMessageDialog *dialog, const char *response, Request *r)
{
  r->answered = TRUE;
  if (g_strcmp0 (response, "accept") != 0)
    {
      request_free (r);
      return;
    }
  r->answers = gtk_check_button_get_active (r->answers_check);
  r->blank = gtk_check_button_get_active (r->blank_check);
  r->paper = gtk_drop_down_get_selected (r->paper_choice) == 1 ? KIELA_PAPER_LETTER : KIELA_PAPER_A4;
  if (r->print)
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
  AdwMessageDialog *dialog;
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
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (window, print ? _("Print Lesson Worksheet")
                                                                     : _("Export Lesson Worksheet"), body));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  r->answers_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("An answer _key at the end")));
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
  adw_message_dialog_set_extra_child (dialog, box);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "accept", print ? _("_Print…") : _("_Export…"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "accept", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "accept");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_options_response), r);
  g_signal_connect (dialog, "destroy", G_CALLBACK (on_options_destroy), r);
  gtk_window_present (GTK_WINDOW (dialog));
}
