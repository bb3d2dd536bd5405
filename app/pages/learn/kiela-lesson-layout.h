/* kiela-lesson-layout.h: the lesson view's page shape (private to kiela-lesson-view.c): the board
 * beside the text, or across a 4:3 page with the text in a band under it. */
#pragma once

#include <gtk/gtk.h>
#include "kiela-lesson-caption.h"

G_BEGIN_DECLS

/* The view's widgets the shape moves, and what it decided; embedded in the view. */
typedef struct {
  GtkWidget *side_scroll;        /* the text band (or column), scrolled when longer */
  GtkBox *side_content;          /* the text column, then the answer column */
  GtkBox *text_column;
  GtkBox *answer_column;
  GtkWidget *button_row;         /* Hint ... Next, in the answer column */
  GtkWidget *steps_frame;        /* "What Happens": after the buttons, or under the text in the band */
  GtkWidget *steps_heading;
  GtkWidget *step_list;
  KielaLessonCaption *caption;   /* presenting: the caption band, fitted on each allocation */
  gboolean presenting;
  gboolean wide_rows;            /* the text and the answer side by side under a board across the page */
  gboolean steps_under_text;     /* in the band, the list under the step's text, not the answer */
  int band_floor;                /* the band's height so far on this step: it grows, never shrinks */
} KielaLessonLayout;

/* The layout manager for the view: `layout` is filled in by the view once its template is built,
 * before the first allocation, and outlives the manager. */
GtkLayoutManager *kiela_lesson_layout_manager_new    (KielaLessonLayout *layout);
/* Presentation mode: the text keeps to its column beside the board, whatever the aspect. */
void              kiela_lesson_layout_set_presenting (KielaLessonLayout *layout, GtkLayoutManager *manager,
                                                      gboolean presenting);
/* Another step is shown: the band fits it afresh, the step list under the text when the
 * answer column will have a verdict too (`steps_under_text`). */
void              kiela_lesson_layout_step_changed   (KielaLessonLayout *layout, gboolean steps_under_text);

G_END_DECLS
