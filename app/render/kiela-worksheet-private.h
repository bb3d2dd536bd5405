/* kiela-worksheet-private.h: the worksheet's pages and struct, and what its two files share
 * (kiela-worksheet.c: the layout, the frame, a game's pages, PDF; kiela-worksheet-lesson.c: a
 * lesson's questions, answers and teacher notes). */
#pragma once

#include <pango/pangocairo.h>

#include "kiela-worksheet.h"
#include "kiela-diagram.h"

G_BEGIN_DECLS

typedef enum {
  PAGE_START,      /* a game without moves: its starting position */
  PAGE_MOVE,       /* a move, or the part of a long move that fits (blocks first .. end - 1) */
  PAGE_KEY,        /* the answer key of blank diagrams: entries first .. end - 1 */
  PAGE_STEP,       /* a lesson's step */
  PAGE_STEP_KEY,   /* a lesson's answer key: its key page `index` */
  PAGE_TEACHER,    /* a lesson's teacher notes: paragraphs first .. end - 1 */
} PageKind;

typedef struct {
  PageKind kind;
  guint index;        /* the move, the step or the lesson's key page */
  guint first, end;   /* the move's blocks or the key's entries on the page */
  double diagram_h;   /* the height of the move's diagrams (the same on all its pages) */
} Page;

struct _KielaWorksheet {
  KielaGame *game;               /* NULL for a lesson */
  const KielaLesson *lesson;     /* a page a step; NULL for a game */
  const KielaVariant *variant;
  KielaWorksheetOptions options;
  char *title;
  char *line;        /* options.line, owned */
  GArray *moves;     /* guint: the moves shown, in order; empty = the starting position */
  /* The pages as laid out for a page of layout_w × layout_h points. */
  GArray *pages;     /* Page */
  double layout_w, layout_h;
  /* The wooden board and stones, recorded once: a PDF then holds them once. */
  KielaDiagramCache *art;
};

/* kiela-worksheet.c */
/* Draws `text` at (x, y) within `width`, wrapped; returns its height.  Sizes are in points. */
double _kiela_worksheet_draw_text    (cairo_t *cr, const char *text, double size, gboolean bold, PangoAlignment align,
                                      double x, double y, double width, double r, double g, double b);
/* The text's height without drawing it. */
double _kiela_worksheet_measure_text (const char *text, double size, gboolean bold, double width);

/* kiela-worksheet-lesson.c */
/* The teacher notes' pages, from `top` to `bottom` of pages `cw` wide, appended to ws->pages. */
void   _kiela_worksheet_lay_out_notes    (KielaWorksheet *ws, double cw, double top, double bottom);
void   _kiela_worksheet_draw_notes_page  (KielaWorksheet *ws, cairo_t *cr, const Page *page, double x, double y,
                                          double cw);
/* The answer key's page `key_page`: each step's question and answer. */
void   _kiela_worksheet_draw_answer_page (KielaWorksheet *ws, cairo_t *cr, guint key_page, double x, double y,
                                          double cw, double bottom);

G_END_DECLS
