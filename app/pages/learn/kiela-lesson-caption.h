/* kiela-lesson-caption.h: a lesson's caption band in presentation mode, kept to a share of the
 * page's height so the board keeps most of the screen. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The share of the page's height the band may take; its type's smallest scale. */
#define KIELA_LESSON_CAPTION_SHARE 0.3
#define KIELA_LESSON_CAPTION_MIN_SCALE 0.55

typedef struct _KielaLessonCaption KielaLessonCaption;

/* `label` is the text of the band `band`. */
KielaLessonCaption *kiela_lesson_caption_new   (GtkWidget *band, GtkLabel *label);
void                kiela_lesson_caption_free  (KielaLessonCaption *caption);
/* Fits the text to `page_height` (the lesson page's): a long text is set smaller, down to
 * KIELA_LESSON_CAPTION_MIN_SCALE, then ends in an ellipsis.  Cheap when nothing changed; call it before
 * a frame's layout (a tick callback), never inside an allocation. */
void                kiela_lesson_caption_fit   (KielaLessonCaption *caption, int page_height);
/* Back to the type's own size and every line (presentation mode left). */
void                kiela_lesson_caption_reset (KielaLessonCaption *caption);
double              kiela_lesson_caption_get_scale (KielaLessonCaption *caption);

G_END_DECLS
