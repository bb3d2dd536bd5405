/* kiela-export.c: exporting what the window shows: board images, the position and game as text, worksheets (PDF and print). */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-export.h"
#include "kiela-compat.h"
#include "kiela-window-private.h"
#include "kiela-diagram.h"
#include "kiela-settings.h"
#include "kiela-widget-util.h"

/* Wide enough for a projector or a printed page; the SVG scales without limit anyway. */
#define IMAGE_WIDTH 1600
#define CHOICE_MARK "mark-last-move"

/* ---------- the board image ---------- */

static char *
board_svg (KielaWindow *self, gboolean mark_last_move, guint width_px)
{
  KielaGame *game = _kiela_window_game (self);
  const KielaPosition *shown = kiela_window_get_shown_position (self);
  guint ply = kiela_game_session_get_view_ply (self->session);
  g_autoptr(KielaTrace) trace = NULL;

  /* The marks of the move that led here, as the board highlights it. */
  if (mark_last_move && game != NULL && ply > 0 && ply <= kiela_game_get_n_moves (game) + kiela_game_get_n_redo (game))
    {
      trace = kiela_trace_new ();
      if (!kiela_game_trace_move (game, ply - 1, trace))
        g_clear_pointer (&trace, kiela_trace_free);
    }
  return kiela_diagram_build_svg (shown, trace, trace ? KIELA_DIAGRAM_ARROWS : KIELA_DIAGRAM_NONE, width_px);
}

gboolean
kiela_export_save_board_image (KielaWindow *self, GFile *file, gboolean mark_last_move, GError **error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (name ? name : "", -1);
  g_autofree char *svg = board_svg (self, mark_last_move, IMAGE_WIDTH);
  g_autoptr(GBytes) bytes = NULL;

  if (g_str_has_suffix (lower, ".svg"))
    bytes = g_bytes_new (svg, strlen (svg));
  else
    bytes = kiela_diagram_render_png (svg, IMAGE_WIDTH, error);
  return bytes != NULL && kiela_diagram_write_file (file, bytes, error);
}

GdkTexture *
kiela_export_board_texture (KielaWindow *self, GError **error)
{
  g_autofree char *svg = board_svg (self, FALSE, IMAGE_WIDTH);
  g_autoptr(GBytes) png = kiela_diagram_render_png (svg, IMAGE_WIDTH, error);

  return png ? gdk_texture_new_from_bytes (png, error) : NULL;
}

/* The board image's chooser is a GtkFileChooserNative (deprecated in GTK 4.10 for
 * GtkFileDialog, which has no choices as of GTK 4.18, and "Mark the last move" is one): its
 * calls below are deprecated from 4.10 on and silenced here, each function on its own. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static void
add_filter (GtkFileChooser *chooser, const char *name, const char *pattern, const char *mime)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_filter_add_mime_type (filter, mime);
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* "kizua-vs-human-2026-12-01-worksheet.pdf" */
static char *
worksheet_file_name (KielaWindow *self)
{
  g_autofree char *stem = kiela_window_dup_file_stem (self);

  /* TRANSLATORS: default file name of a worksheet, after the game's name
   * ("kizua-vs-human-2026-12-01-worksheet.pdf"); keep the .pdf */
  return g_strdup_printf (_("%s-worksheet.pdf"), stem);
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* GtkFileChooser, deprecated in GTK 4.10: see add_filter() */
static void
set_documents_folder (GtkFileChooser *chooser)
{
  g_autoptr(GFile) dir = kiela_documents_folder_new ();

  gtk_file_chooser_set_current_folder (chooser, dir, NULL);
}
G_GNUC_END_IGNORE_DEPRECATIONS

static void
report_saved (KielaWindow *self, GFile *file, gboolean ok, const GError *error, const char *failure)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *msg = NULL;

  if (ok)
    msg = g_strdup_printf (_("Exported “%s”"), name);
  else
    /* The error names the file and the problem. */
    msg = g_strdup_printf ("%s %s", failure, error->message);
  kiela_window_add_message (self, msg);
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* GtkFileChooser, deprecated in GTK 4.10: see add_filter() */
static void
on_image_response (GtkNativeDialog *native, int response, KielaWindow *self)
{
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native)) : NULL;

  if (file != NULL)
    {
      const char *mark = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (native), CHOICE_MARK);
      g_autoptr(GError) error = NULL;
      gboolean ok = kiela_export_save_board_image (self, file, g_strcmp0 (mark, "true") == 0, &error);

      report_saved (self, file, ok, error, _("The image could not be exported."));
    }
  g_object_unref (native);
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* The one chooser left on GtkFileChooserNative: GtkFileDialog (GTK 4.10) has no choices, and
 * "Mark the last move" is one (see add_filter()). */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
void
kiela_export_action_export_image (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  GtkFileChooserNative *native = gtk_file_chooser_native_new (_("Export Board Image"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_filter (GTK_FILE_CHOOSER (native), _("PNG images"), "*.png", "image/png");
  add_filter (GTK_FILE_CHOOSER (native), _("SVG images"), "*.svg", "image/svg+xml");
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (native), CHOICE_MARK, _("Mark the last move"), NULL, NULL);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (native), CHOICE_MARK, "true");
  set_documents_folder (GTK_FILE_CHOOSER (native));
  {
    g_autofree char *stem = kiela_window_dup_file_stem (self);
    /* TRANSLATORS: default file name of an exported board image, after the game's name
     * ("kizua-vs-human-2026-12-01-board.png"); keep the .png */
    g_autofree char *name = g_strdup_printf (_("%s-board.png"), stem);

    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  }
  g_signal_connect (native, "response", G_CALLBACK (on_image_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}
G_GNUC_END_IGNORE_DEPRECATIONS

void
kiela_export_action_copy_image (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = kiela_export_board_texture (self, &error);

  if (texture == NULL)
    {
      g_autofree char *msg = g_strdup_printf ("%s %s", _("The image could not be exported."), error->message);
      kiela_window_add_message (self, msg);
      return;
    }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
  kiela_window_add_message (self, _("Board image copied"));
}

/* ---------- text ---------- */

void
kiela_export_action_copy_position (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  g_autofree char *kpn = kiela_position_to_string (kiela_window_get_shown_position (self));

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), kpn);
  kiela_window_add_message (self, _("Position copied"));
}

char *
kiela_export_game_text (KielaGame *game, const char *line)
{
  const KielaVariant *variant = kiela_game_get_variant (game);
  const char *south = kiela_game_get_metadata (game, KIELA_META_SOUTH);
  const char *north = kiela_game_get_metadata (game, KIELA_META_NORTH);
  const char *domain = variant->translation_domain ? variant->translation_domain : GETTEXT_PACKAGE;
  g_autofree char *start = kiela_position_to_string (kiela_game_get_position_at (game, 0));
  g_autofree char *result = kiela_game_describe_result (game);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  GString *text = g_string_new (NULL);
  guint n = kiela_game_get_n_moves (game);

  g_string_append_printf (text, "%s\n", g_dgettext (domain, variant->name));
  if (line != NULL)
    g_string_append_printf (text, "%s\n", line);
  g_string_append_printf (text, _("South: %s · North: %s"), south && *south ? south : "—", north && *north ? north : "—");
  g_string_append_printf (text, "\n%s\n\n", start);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *move = kiela_game_dup_move_name (game, i);
      g_autofree char *summary = NULL;

      kiela_game_trace_move (game, i, trace);
      summary = kiela_narrate_move_summary (variant, trace);
      g_string_append_printf (text, "%u. %s  %s\n", i + 1, move, summary);
    }
  g_string_append_printf (text, "\n%s\n", result);
  return g_string_free (text, FALSE);
}

void
kiela_export_action_copy_game (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  KielaGame *game = _kiela_window_game (self);
  g_autofree char *text = NULL, *line = NULL;

  if (game == NULL)
    return;
  line = kiela_worksheet_describe_line (kiela_game_session_get_tree (self->session));
  text = kiela_export_game_text (game, line);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  /* The shown line is what was copied: a variation says so. */
  kiela_window_add_message (self, line ? _("Variation copied") : _("Game copied"));
}

/* ---------- worksheets ---------- */

/* The line shown is the one exported, as the board and the move list show it: a teacher who
 * set up "what if North had played e4?" hands out that line, said to be a variation on every
 * page.  Main Line (under the move list) gives the game as played. */
static KielaWorksheet *
worksheet_for_shown_line (KielaWindow *self, const KielaWorksheetOptions *options, KielaPaper paper)
{
  KielaWorksheetOptions shown = *options;
  g_autofree char *line = kiela_worksheet_describe_line (kiela_game_session_get_tree (self->session));

  if (shown.line == NULL)
    shown.line = line;
  shown.paper = paper;
  return kiela_worksheet_new (_kiela_window_game (self), &shown);
}

gboolean
kiela_export_save_worksheet (KielaWindow *self, GFile *file, const KielaWorksheetOptions *options,
                             KielaPaper paper, GError **error)
{
  KielaGame *game = _kiela_window_game (self);
  g_autoptr(KielaWorksheet) ws = NULL;
  g_autoptr(GBytes) pdf = NULL;

  g_return_val_if_fail (game != NULL, FALSE);
  ws = worksheet_for_shown_line (self, options, paper);
  pdf = kiela_worksheet_to_pdf (ws, paper, error);
  return pdf != NULL && kiela_diagram_write_file (file, pdf, error);
}

typedef struct {
  KielaWindow *self;
  KielaWorksheetOptions options;
  KielaPaper paper;
  gboolean print;
  GtkWidget *dialog;
  GtkCheckButton *key_moves;
  GtkCheckButton *range;
  GtkSpinButton *first_move, *last_move;
  GtkCheckButton *blank;
  GtkCheckButton *answers;
  GtkCheckButton *ink;
  GtkDropDown *paper_choice;
} WorksheetRequest;

static void
request_free (WorksheetRequest *r)
{
  g_object_unref (r->self);
  g_free (r);
}

static void
on_pdf_chosen (GFile *file, gpointer data)
{
  WorksheetRequest *r = data;

  if (file != NULL)
    {
      g_autoptr(GError) error = NULL;
      gboolean ok = kiela_export_save_worksheet (r->self, file, &r->options, r->paper, &error);

      report_saved (r->self, file, ok, error, _("The worksheet could not be saved."));
    }
}

static void
save_pdf (WorksheetRequest *r)
{
  g_autoptr(GListStore) filters = kiela_compat_file_filters_new ();
  g_autoptr(GFile) docs = kiela_documents_folder_new ();
  g_autofree char *name = worksheet_file_name (r->self);
  KielaCompatFileRequest request = {
    .title = _("Export Worksheet"), .accept_label = _("_Export"), .filters = G_LIST_MODEL (filters),
    .folder = docs, .name = name,
  };

  kiela_compat_file_filters_add (filters, _("PDF documents"), "application/pdf", "*.pdf", NULL);
  kiela_compat_choose_file (GTK_WINDOW (r->self), KIELA_COMPAT_FILE_SAVE, &request, on_pdf_chosen, r,
                            (GDestroyNotify) request_free);
}

/* The pages laid out on the sheet the print dialog settled on, before any is drawn. */
static void
on_begin_print (GtkPrintOperation *op, GtkPrintContext *context, KielaWorksheet *ws)
{
  kiela_worksheet_set_page_size (ws, gtk_print_context_get_width (context), gtk_print_context_get_height (context));
  gtk_print_operation_set_n_pages (op, (int) kiela_worksheet_get_n_pages (ws));
}

static void
on_draw_page (GtkPrintOperation *op, GtkPrintContext *context, int page, KielaWorksheet *ws)
{
  kiela_worksheet_draw_page (ws, gtk_print_context_get_cairo_context (context), (guint) page,
                             gtk_print_context_get_width (context), gtk_print_context_get_height (context));
}

GtkPrintOperationResult
kiela_export_print_worksheet (KielaWindow *self, const KielaWorksheetOptions *options, KielaPaper paper_choice,
                              const char *export_pdf, GError **error)
{
  g_autoptr(GtkPrintOperation) op = gtk_print_operation_new ();
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (paper_choice == KIELA_PAPER_LETTER ? GTK_PAPER_NAME_LETTER
                                                                                         : GTK_PAPER_NAME_A4);
  g_autoptr(KielaWorksheet) ws = worksheet_for_shown_line (self, options, paper_choice);

  gtk_page_setup_set_paper_size_and_default_margins (setup, paper);
  gtk_print_operation_set_default_page_setup (op, setup);
  gtk_print_operation_set_n_pages (op, (int) kiela_worksheet_get_n_pages (ws));
  /* The worksheet keeps its own margins: draw on the whole sheet, in points like the PDF. */
  gtk_print_operation_set_use_full_page (op, TRUE);
  gtk_print_operation_set_unit (op, GTK_UNIT_POINTS);
  gtk_print_operation_set_job_name (op, _("Kiela worksheet"));
  if (export_pdf != NULL)
    gtk_print_operation_set_export_filename (op, export_pdf);
  else
    {
      /* Print to File writes into Documents under the game's name, not output.pdf in the
       * folder the app was started from. */
      g_autoptr(GtkPrintSettings) settings = gtk_print_settings_new ();
      g_autoptr(GFile) docs = kiela_documents_folder_new ();
      g_autofree char *name = worksheet_file_name (self);
      g_autoptr(GFile) target = g_file_get_child (docs, name);
      g_autofree char *uri = g_file_get_uri (target);

      gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_URI, uri);
      gtk_print_operation_set_print_settings (op, settings);
    }
  g_signal_connect (op, "begin-print", G_CALLBACK (on_begin_print), ws);
  g_signal_connect (op, "draw-page", G_CALLBACK (on_draw_page), ws);
  return gtk_print_operation_run (op, export_pdf ? GTK_PRINT_OPERATION_ACTION_EXPORT
                                                 : GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                  GTK_WINDOW (self), error);
}

static void
print_worksheet (WorksheetRequest *r)
{
  g_autoptr(GError) error = NULL;

  if (kiela_export_print_worksheet (r->self, &r->options, r->paper, NULL, &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autofree char *msg = g_strdup_printf ("%s %s", _("The worksheet could not be printed."), error->message);
      kiela_window_add_message (r->self, msg);
    }
  request_free (r);
}

/* The dialog's request goes with the dialog; an accepted one hands a copy of itself on to the
 * printing or the file chooser, which frees it. */
static void
on_options_gone (gpointer data)
{
  request_free (data);
}

static void
on_options_answered (const char *response, gpointer data)
{
  WorksheetRequest *r = data;
  WorksheetRequest *next;

  if (g_strcmp0 (response, "accept") != 0)
    return;
  next = g_new0 (WorksheetRequest, 1);
  next->self = g_object_ref (r->self);
  next->print = r->print;
  next->options = r->options;
  next->options.moves = gtk_check_button_get_active (r->key_moves) ? KIELA_WORKSHEET_KEY_MOVES
                        : gtk_check_button_get_active (r->range) ? KIELA_WORKSHEET_RANGE
                        : KIELA_WORKSHEET_EVERY_MOVE;
  next->options.first_move = (guint) gtk_spin_button_get_value_as_int (r->first_move);
  next->options.last_move = MAX (next->options.first_move, (guint) gtk_spin_button_get_value_as_int (r->last_move));
  next->options.blank = gtk_check_button_get_active (r->blank);
  next->options.answers = next->options.blank && gtk_check_button_get_active (r->answers);
  next->options.ink = gtk_check_button_get_active (r->ink);
  next->paper = gtk_drop_down_get_selected (r->paper_choice) == 1 ? KIELA_PAPER_LETTER : KIELA_PAPER_A4;
  /* The next worksheet starts from these choices (the range is the game's own). */
  {
    GSettings *settings = r->self->settings;

    g_settings_set_enum (settings, KIELA_SETTINGS_WORKSHEET_MOVES, next->options.moves);
    g_settings_set_boolean (settings, KIELA_SETTINGS_WORKSHEET_BLANK, next->options.blank);
    g_settings_set_boolean (settings, KIELA_SETTINGS_WORKSHEET_ANSWERS, gtk_check_button_get_active (r->answers));
    g_settings_set_boolean (settings, KIELA_SETTINGS_WORKSHEET_INK, next->options.ink);
    g_settings_set_string (settings, KIELA_SETTINGS_WORKSHEET_PAPER, next->paper == KIELA_PAPER_LETTER ? "letter" : "a4");
  }
  if (next->print)
    print_worksheet (next);
  else
    save_pdf (next);
}

static KielaPaper
default_paper (void)
{
  /* Letter where the locale's paper is Letter (GTK knows it from the locale), A4 elsewhere. */
  g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (NULL);

  return g_strcmp0 (gtk_paper_size_get_name (paper), GTK_PAPER_NAME_LETTER) == 0 ? KIELA_PAPER_LETTER : KIELA_PAPER_A4;
}

static void
on_blank_toggled (GtkCheckButton *blank, WorksheetRequest *r)
{
  /* A worksheet with its counts shown is its own key. */
  gtk_widget_set_sensitive (GTK_WIDGET (r->answers), gtk_check_button_get_active (blank));
}

static void
on_range_toggled (GtkCheckButton *range, WorksheetRequest *r)
{
  gboolean on = gtk_check_button_get_active (range);

  gtk_widget_set_sensitive (GTK_WIDGET (r->first_move), on);
  gtk_widget_set_sensitive (GTK_WIDGET (r->last_move), on);
}

static void
on_first_move_changed (GtkSpinButton *first, WorksheetRequest *r)
{
  if (gtk_spin_button_get_value (r->last_move) < gtk_spin_button_get_value (first))
    gtk_spin_button_set_value (r->last_move, gtk_spin_button_get_value (first));
}

/* Enter anywhere in the options (a check button toggles on Enter, a spin button keeps it)
 * gives the default response, as the dialog's default button says it will. */
static gboolean
on_enter (GtkWidget *widget, GVariant *args, gpointer data)
{
  WorksheetRequest *r = data;

  kiela_compat_question_respond (r->dialog, "accept");
  return TRUE;
}

static GtkCheckButton *
check_new (GtkWidget *box, const char *label, gboolean active)
{
  GtkWidget *check = gtk_check_button_new_with_mnemonic (label);

  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), active);
  gtk_box_append (GTK_BOX (box), check);
  return GTK_CHECK_BUTTON (check);
}

static void
worksheet_dialog (KielaWindow *self, gboolean print)
{
  WorksheetRequest *r = g_new0 (WorksheetRequest, 1);
  const char *papers[] = { _("A4"), _("Letter"), NULL };
  GSettings *settings = self->settings;
  KielaWorksheetMoves moves = g_settings_get_enum (settings, KIELA_SETTINGS_WORKSHEET_MOVES);
  g_autofree char *paper = g_settings_get_string (settings, KIELA_SETTINGS_WORKSHEET_PAPER);
  guint n_moves = MAX (kiela_game_get_n_moves (_kiela_window_game (self)), 1);
  GtkWidget *dialog, *box, *row;
  GtkCheckButton *every;
  GtkEventController *keys;
  g_autofree char *line = NULL, *body = NULL;

  r->self = g_object_ref (self);
  r->print = print;
  line = kiela_worksheet_describe_line (kiela_game_session_get_tree (self->session));
  if (line != NULL)
    /* TRANSLATORS: %s says which variation: "A variation, not the game as played: from move 3, ..." */
    body = g_strdup_printf (_("%s Its moves are on the worksheet, a diagram of each with what it did; "
                              "choose Main Line under the move list for the game as played."), line);
  else
    body = g_strdup (_("The game as played: a diagram of each move with what it did, "
                       "then the position after it."));
  dialog = kiela_compat_question_new (line ? (print ? _("Print Variation Worksheet") : _("Export Variation Worksheet"))
                                           : (print ? _("Print Worksheet") : _("Export Worksheet")),
                                      body);
  r->dialog = dialog;
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_name (box, "worksheet-options");
  every = check_new (box, _("Every _move"), moves == KIELA_WORKSHEET_EVERY_MOVE);
  r->key_moves = check_new (box, _("_Key moves only (captures and the last move)"), moves == KIELA_WORKSHEET_KEY_MOVES);
  gtk_check_button_set_group (r->key_moves, every);

  /* Moves [3] to [7]: the range is this game's, from its first move to its last at first. */
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  r->range = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("Mo_ves")));
  gtk_check_button_set_group (r->range, every);
  gtk_check_button_set_active (r->range, moves == KIELA_WORKSHEET_RANGE);
  r->first_move = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, n_moves, 1));
  r->last_move = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, n_moves, 1));
  gtk_spin_button_set_value (r->last_move, n_moves);
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->first_move), GTK_ACCESSIBLE_PROPERTY_LABEL, _("First move"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->last_move), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Last move"), -1);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (r->range));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (r->first_move));
  /* TRANSLATORS: between the first and the last move of a worksheet's range: "Moves [3] to [7]" */
  gtk_box_append (GTK_BOX (row), gtk_label_new (_("to")));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (r->last_move));
  gtk_box_append (GTK_BOX (box), row);
  g_signal_connect (r->range, "toggled", G_CALLBACK (on_range_toggled), r);
  g_signal_connect (r->first_move, "value-changed", G_CALLBACK (on_first_move_changed), r);
  on_range_toggled (r->range, r);

  r->blank = check_new (box, _("_Blank diagrams for pupils to fill in"),
                        g_settings_get_boolean (settings, KIELA_SETTINGS_WORKSHEET_BLANK));
  r->answers = check_new (box, _("Answer ke_y at the end"),
                          g_settings_get_boolean (settings, KIELA_SETTINGS_WORKSHEET_ANSWERS));
  gtk_widget_set_margin_start (GTK_WIDGET (r->answers), 24);
  g_signal_connect (r->blank, "toggled", G_CALLBACK (on_blank_toggled), r);
  on_blank_toggled (r->blank, r);
  r->ink = check_new (box, _("_Ink-saving (white board, black stones and text)"),
                      g_settings_get_boolean (settings, KIELA_SETTINGS_WORKSHEET_INK));

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  r->paper_choice = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (papers));
  gtk_drop_down_set_selected (r->paper_choice, g_str_equal (paper, "letter") ? 1
                                               : g_str_equal (paper, "a4") ? 0
                                               : default_paper () == KIELA_PAPER_LETTER ? 1 : 0);
  {
    GtkWidget *label = gtk_label_new_with_mnemonic (_("P_aper"));

    gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (r->paper_choice));
    gtk_widget_set_hexpand (label, TRUE);
    gtk_label_set_xalign (GTK_LABEL (label), 0);
    gtk_box_append (GTK_BOX (row), label);
  }
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (r->paper_choice));
  gtk_box_append (GTK_BOX (box), row);

  /* Before the focused check button or spin button takes the key. */
  keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Return, 0),
                                                          gtk_callback_action_new (on_enter, r, NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_KP_Enter, 0),
                                                          gtk_callback_action_new (on_enter, r, NULL)));
  gtk_widget_add_controller (box, keys);

  kiela_compat_question_set_extra_child (dialog, box);
  kiela_compat_question_add_response (dialog, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (dialog, "accept", print ? _("_Print…") : _("_Export…"), ADW_RESPONSE_SUGGESTED);
  kiela_compat_question_set_default_response (dialog, "accept");
  kiela_compat_question_set_close_response (dialog, "cancel");
  kiela_compat_question_present (dialog, GTK_WINDOW (self), on_options_answered, r, on_options_gone);
}

void
kiela_export_action_export_worksheet (GtkWidget *widget, const char *name, GVariant *param)
{
  if (_kiela_window_game (KIELA_WINDOW (widget)) != NULL)
    worksheet_dialog (KIELA_WINDOW (widget), FALSE);
}

void
kiela_export_action_print (GtkWidget *widget, const char *name, GVariant *param)
{
  if (_kiela_window_game (KIELA_WINDOW (widget)) != NULL)
    worksheet_dialog (KIELA_WINDOW (widget), TRUE);
}
