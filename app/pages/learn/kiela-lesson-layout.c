/* kiela-lesson-layout.c: the lesson view's page shape: the board beside the text, or, on a 4:3
 * page, across the page with the text in a band under it whose height follows what the step
 * needs (KielaFoldLayout decides which; this file arranges the text for each). */
#include "config.h"

#include "kiela-lesson-layout.h"
#include "kiela-fold-layout.h"

/* At 1024x768 the board beside the text was 600 px wide with 130 px empty above and below it.
 * A page less than LESSON_COLUMNS_ASPECT times as wide as high (a 4:3 projector) puts the text
 * under a board across the page, in two columns (the step's text, the answer), at least
 * LESSON_TEXT_SHARE of the height; a step whose text or answer needs more (a long first step,
 * an arrangement's controls and its verdict, a wrong count's explanation) grows the band up to
 * LESSON_TEXT_MAX_SHARE, scrolled only beyond; the board has the rest. */
#define LESSON_COLUMNS_ASPECT 1.45
#define LESSON_TEXT_SHARE 0.28
#define LESSON_TEXT_MAX_SHARE 0.45
#define LESSON_WIDE_ROWS_WIDTH 900
/* The text goes under the board below this width too. */
#define LESSON_COLUMNS_WIDTH 800
/* "What Happens" lists a stone a row: 160 px in the column beside the board.  In the band it
 * goes under the column that stays the shorter (the answer on a watch step, which has no
 * verdict; the step's text on the others, whose answer column gets one) and takes the height
 * that column leaves, asking for none: the band does not grow when a move is replayed, and the
 * board keeps its place. */
#define STEP_LIST_HEIGHT 160
#define STEP_LIST_BAND_HEIGHT 0
/* Under the answer, the list widens that column: as wide as its Next button it cut "South is
 * about to sow b1" into a word a line, two rows showing. */
#define STEP_LIST_BAND_WIDTH 300

static void
move_steps (KielaLessonLayout *self, GtkBox *to)
{
  GtkWidget *parent = gtk_widget_get_parent (self->steps_frame);

  if (parent == GTK_WIDGET (to))
    return;
  g_object_ref (self->steps_frame);
  gtk_box_remove (GTK_BOX (parent), self->steps_frame);
  if (to == self->text_column)
    gtk_box_append (to, self->steps_frame);
  else
    gtk_box_insert_child_after (to, self->steps_frame, self->button_row);
  g_object_unref (self->steps_frame);
}

/* In the band, the step list under the text or the answer (`steps_under_text`); beside the
 * board, after the buttons.  Returns the band's height in the band (its content's, without the
 * scrolled window), -1 beside the board. */
static int
place_steps (KielaLessonLayout *self, gboolean band, int width)
{
  gtk_widget_set_size_request (self->step_list, band && !self->steps_under_text ? STEP_LIST_BAND_WIDTH : -1,
                               band ? STEP_LIST_BAND_HEIGHT : STEP_LIST_HEIGHT);
  /* In the band, the list's rows say what they are without the heading. */
  gtk_widget_set_visible (self->steps_heading, !band);
  move_steps (self, band && self->steps_under_text ? self->text_column : self->answer_column);
  if (!band)
    return -1;
  /* What the text and the answer need at this width (the band is as wide as the page). */
  gtk_widget_measure (GTK_WIDGET (self->side_content), GTK_ORIENTATION_VERTICAL, width, &band, NULL, NULL, NULL);
  return band;
}

static void
on_fold (GtkWidget *page, gboolean columns, int width, int height, gpointer data)
{
  KielaLessonLayout *self = data;
  gboolean wide = !columns && width >= LESSON_WIDE_ROWS_WIDTH;
  int text_height = -1;

  if (wide != self->wide_rows)
    {
      self->wide_rows = wide;
      gtk_orientable_set_orientation (GTK_ORIENTABLE (self->side_content),
                                      wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
      gtk_box_set_spacing (self->side_content, wide ? 24 : 12);
      /* Not homogeneous: the answer column takes what its controls need, the step's text the
       * rest (in halves, a French first step needed five lines and was cut off). */
      gtk_box_set_homogeneous (self->side_content, FALSE);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->side_scroll), !wide);
      /* Its height, no more: the board takes the rest. */
      gtk_widget_set_vexpand (self->side_scroll, !wide);
      if (!wide)
        place_steps (self, FALSE, width);
    }
  if (wide)
    {
      /* No less than the step has had, so that the board does not jump back when a verdict goes. */
      int needed = place_steps (self, TRUE, width);

      text_height = CLAMP (MAX (needed, self->band_floor), (int) (height * LESSON_TEXT_SHARE),
                           (int) (height * LESSON_TEXT_MAX_SHARE));
      self->band_floor = text_height;
    }
  if (gtk_scrolled_window_get_min_content_height (GTK_SCROLLED_WINDOW (self->side_scroll)) != text_height)
    gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->side_scroll), text_height);
  /* A new size, or a text or type that changed the band's: fit it again (a no-op when
   * nothing changed; the tick callback alone missed frames the window did not draw). */
  if (self->presenting)
    kiela_lesson_caption_fit (self->caption, height);
}

GtkLayoutManager *
kiela_lesson_layout_manager_new (KielaLessonLayout *layout)
{
  GtkLayoutManager *fold = kiela_fold_layout_new (LESSON_COLUMNS_WIDTH);

  /* The text goes under the board in a narrow page, and on a page of a 4:3 screen. */
  kiela_fold_layout_set_min_aspect (KIELA_FOLD_LAYOUT (fold), LESSON_COLUMNS_ASPECT);
  kiela_fold_layout_set_func (KIELA_FOLD_LAYOUT (fold), on_fold, layout);
  return fold;
}

void
kiela_lesson_layout_set_presenting (KielaLessonLayout *layout, GtkLayoutManager *manager, gboolean presenting)
{
  g_return_if_fail (layout != NULL && KIELA_IS_FOLD_LAYOUT (manager));

  layout->presenting = presenting;
  /* Presenting, the narration is the band under the board: the side keeps to its column. */
  kiela_fold_layout_set_min_aspect (KIELA_FOLD_LAYOUT (manager), presenting ? 0 : LESSON_COLUMNS_ASPECT);
}

void
kiela_lesson_layout_step_changed (KielaLessonLayout *layout, gboolean steps_under_text)
{
  g_return_if_fail (layout != NULL);
  layout->band_floor = 0;
  layout->steps_under_text = steps_under_text;
  if (layout->side_scroll != NULL)
    gtk_widget_queue_resize (layout->side_scroll);
}
