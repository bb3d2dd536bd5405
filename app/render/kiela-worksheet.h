/* kiela-worksheet.h: a game or a lesson as printable worksheet pages (a diagram per move with its narration), and as PDF; no GTK. */
#pragma once

#include <cairo.h>
#include <gio/gio.h>
#include "kiela.h"

G_BEGIN_DECLS

typedef enum {
  KIELA_WORKSHEET_EVERY_MOVE = 0,
  KIELA_WORKSHEET_KEY_MOVES,     /* moves that capture, and the last move */
  KIELA_WORKSHEET_RANGE,         /* moves first_move .. last_move */
} KielaWorksheetMoves;

typedef enum {
  KIELA_PAPER_A4 = 0,
  KIELA_PAPER_LETTER,
} KielaPaper;

#define KIELA_WORKSHEET_TITLE_MAX_CHARS 200

typedef struct {
  KielaWorksheetMoves moves;
  /* The position after each move is left blank, for pupils to fill in. */
  gboolean blank;
  /* Shown at the top of every page, on at most two lines; NULL: the game's event, or "Kiela".
   * Cut to KIELA_WORKSHEET_TITLE_MAX_CHARS characters (with an ellipsis). */
  const char *title;
  /* Under the title on every page: which line of the game this is when it is not the game as
   * played (kiela_worksheet_describe_line()); NULL for the game as played. */
  const char *line;
  /* The answer key on pages at the end: a lesson's answers; for a game's blank diagrams, the
   * counts that go in them (nothing without `blank`). */
  gboolean answers;
  /* With KIELA_WORKSHEET_RANGE: the first and last move shown, numbered from 1 (0: from the
   * first, to the last). */
  guint first_move, last_move;
  /* Ink-saving for school printers (KIELA_DIAGRAM_INK): no wood, black on white. */
  gboolean ink;
  /* The page size kiela_worksheet_get_n_pages() lays out for until another is set or drawn. */
  KielaPaper paper;
} KielaWorksheetOptions;

typedef struct _KielaWorksheet KielaWorksheet;

/* Page size in points (1/72 inch). */
void            kiela_paper_get_size           (KielaPaper paper, double *width, double *height);
/* "a4" or "letter" (any case). */
gboolean        kiela_paper_parse              (const char *text, KielaPaper *paper);

/* What a teacher is told about the current line of `tree` wherever it is exported (a worksheet,
 * the game as text, "kiela-cli export --record --variation"): NULL on the main line (the game
 * as played); for a variation, one sentence saying it is one and where it leaves the game:
 * "A variation, not the game as played: from move 3, North e4 instead of a4." */
char           *kiela_worksheet_describe_line  (KielaGameTree *tree);
/* The variation numbered `number` (1, 2, ...) in the order the move list shows them (depth
 * first: a variation, then the variations within it, then the next), or NULL when there are
 * fewer. */
KielaGameLine  *kiela_worksheet_find_variation (KielaGameTree *tree, guint number);

/* Pages for the moves played so far in `game` (redo moves are left out): each move, however
 * long, with every lap drawn (over several diagrams) and every step told (over several pages). */
KielaWorksheet *kiela_worksheet_new            (KielaGame *game, const KielaWorksheetOptions *options);
/* A page a step of a lesson: its text, its question, its position (blank with
 * `options->blank`) and lines to answer on; with `options->answers` the answer key follows
 * (KIELA_WORKSHEET_ANSWERS_PER_PAGE steps a page).  `options->moves` does not apply.  The
 * lesson and variant must outlive the worksheet. */
KielaWorksheet *kiela_worksheet_new_for_lesson (const KielaLesson *lesson, const KielaVariant *variant,
                                                const KielaWorksheetOptions *options);
#define KIELA_WORKSHEET_ANSWERS_PER_PAGE 12
/* What a step asks, as the worksheet prints it ("How many stones does h1 capture?"). */
char           *kiela_worksheet_step_question  (const KielaLesson *lesson, const KielaVariant *variant, guint step);
/* Its answer for the key ("h1 captures 3 stones."); for a play-out, what reaching the goal means. */
char           *kiela_worksheet_step_answer    (const KielaLesson *lesson, const KielaVariant *variant, guint step);
/* Lays the pages out for a page of `width`×`height` points (printing: the print context's);
 * drawing a page of another size lays them out again. */
void            kiela_worksheet_set_page_size  (KielaWorksheet *worksheet, double width, double height);
/* Pages of the answer key (0 without `options->answers`). */
guint           kiela_worksheet_get_n_answer_pages (KielaWorksheet *worksheet);
void            kiela_worksheet_free           (KielaWorksheet *worksheet);
guint           kiela_worksheet_get_n_pages    (KielaWorksheet *worksheet);
/* Draws page `page` (0-based) onto a page of `width`×`height` points: used by the PDF and by printing. */
void            kiela_worksheet_draw_page      (KielaWorksheet *worksheet, cairo_t *cr, guint page,
                                                double width, double height);
/* The whole worksheet as a PDF document. */
GBytes         *kiela_worksheet_to_pdf         (KielaWorksheet *worksheet, KielaPaper paper, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaWorksheet, kiela_worksheet_free)

G_END_DECLS
