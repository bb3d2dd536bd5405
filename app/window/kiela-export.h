/* kiela-export.h: the window's export actions: board image (SVG, PNG, clipboard), position and game as text, worksheet PDF and printing. */
#pragma once

#include "kiela-window.h"
#include "kiela-worksheet.h"

G_BEGIN_DECLS

/* Activate functions for gtk_widget_class_install_action (kiela-window-actions.c). */
void        kiela_export_action_export_image     (GtkWidget *widget, const char *name, GVariant *param);
void        kiela_export_action_copy_image       (GtkWidget *widget, const char *name, GVariant *param);
void        kiela_export_action_copy_position    (GtkWidget *widget, const char *name, GVariant *param);
void        kiela_export_action_copy_game        (GtkWidget *widget, const char *name, GVariant *param);
void        kiela_export_action_export_worksheet (GtkWidget *widget, const char *name, GVariant *param);
void        kiela_export_action_print            (GtkWidget *widget, const char *name, GVariant *param);

/* The board as shown, as SVG or PNG by the file's extension (PNG unless it ends in .svg);
 * `mark_last_move` draws the move that led to the shown position. */
gboolean    kiela_export_save_board_image (KielaWindow *self, GFile *file, gboolean mark_last_move, GError **error);
/* The board as shown, as an image for the clipboard. */
GdkTexture *kiela_export_board_texture    (KielaWindow *self, GError **error);
/* The game for a message or a document: players, variant, the moves with what each did, the
 * result.  `line` (NULL for the game as played) says which line it is when a variation is
 * shown (kiela_worksheet_describe_line()); it stands under the variant's name. */
char       *kiela_export_game_text        (KielaGame *game, const char *line);
/* The game's worksheet as a PDF file. */
gboolean    kiela_export_save_worksheet   (KielaWindow *self, GFile *file, const KielaWorksheetOptions *options,
                                           KielaPaper paper, GError **error);

/* Prints the game's worksheet through GtkPrintOperation (the print dialog), drawing the same
 * pages as the PDF; with `export_pdf` the print system writes that PDF file without a dialog. */
GtkPrintOperationResult kiela_export_print_worksheet (KielaWindow *self, const KielaWorksheetOptions *options,
                                                      KielaPaper paper, const char *export_pdf, GError **error);

G_END_DECLS
