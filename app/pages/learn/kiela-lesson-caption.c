/* kiela-lesson-caption.c: a lesson's caption band in presentation mode, kept to a share of the
 * page's height.  A step's text runs to 350 characters; in the type a projector needs (4.5 % of
 * the screen's height) it took 60 % of a 1024x768 screen.  The text is now set smaller until
 * it fits the band's share, down to a floor still read from the back of a room; past that it
 * ends in an ellipsis (a GtkScrolledWindow does not ask its child's height for its width, and
 * squeezed to two lines of the text). */
#include "config.h"

#include "kiela-lesson-caption.h"

#define SCALE_STEP 0.92

struct _KielaLessonCaption {
  GtkWidget *band;
  GtkLabel *label;
  /* What the last fit was for: recomputed only when one of them changes. */
  int width, max_height;
  char *text;
  char *font;
  double scale;
};

KielaLessonCaption *
kiela_lesson_caption_new (GtkWidget *band, GtkLabel *label)
{
  KielaLessonCaption *self = g_new0 (KielaLessonCaption, 1);

  self->band = band;
  self->label = label;
  self->scale = 1.0;
  return self;
}

void
kiela_lesson_caption_free (KielaLessonCaption *self)
{
  if (self == NULL)
    return;
  g_free (self->text);
  g_free (self->font);
  g_free (self);
}

static void
set_scale (KielaLessonCaption *self, double scale)
{
  PangoAttrList *attrs = NULL;

  if (scale == self->scale)
    return;
  self->scale = scale;
  if (scale != 1.0)
    {
      attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
    }
  gtk_label_set_attributes (self->label, attrs);
  g_clear_pointer (&attrs, pango_attr_list_unref);
}

/* The text's height at `width` px in the label's type, scaled; `line` its first line's. */
static int
text_height (KielaLessonCaption *self, const char *text, int width, double scale, int *line)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self->label), text);
  PangoAttrList *attrs = pango_attr_list_new ();
  PangoRectangle logical;
  int h;

  pango_attr_list_insert (attrs, pango_attr_scale_new (scale));
  pango_layout_set_attributes (layout, attrs);
  pango_layout_set_width (layout, width * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_pixel_size (layout, NULL, &h);
  pango_layout_line_get_pixel_extents (pango_layout_get_line_readonly (layout, 0), NULL, &logical);
  if (line != NULL)
    *line = MAX (logical.height, 1);
  pango_attr_list_unref (attrs);
  g_object_unref (layout);
  return h;
}

/* The band's own height around the text: its padding and border. */
static int
band_chrome (KielaLessonCaption *self)
{
  int band_min, label_min;

  gtk_widget_measure (self->band, GTK_ORIENTATION_VERTICAL, -1, &band_min, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (self->label), GTK_ORIENTATION_VERTICAL, -1, &label_min, NULL, NULL, NULL);
  return MAX (band_min - label_min, 0);
}

static void
set_lines (KielaLessonCaption *self, int lines)
{
  gtk_label_set_lines (self->label, lines);
  gtk_label_set_ellipsize (self->label, lines > 0 ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
}

void
kiela_lesson_caption_fit (KielaLessonCaption *self, int page_height)
{
  const char *text = gtk_label_get_text (self->label);
  PangoFontDescription *desc = pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self->label)));
  g_autofree char *font = desc ? pango_font_description_to_string (desc) : g_strdup ("");
  int width = gtk_widget_get_width (GTK_WIDGET (self->label));
  int max_height = (int) (page_height * KIELA_LESSON_CAPTION_SHARE);
  int text_max, line = 1;
  double scale = 1.0;

  if (width <= 0 || page_height <= 0)
    return;
  if (width == self->width && max_height == self->max_height && g_strcmp0 (text, self->text) == 0
      && g_strcmp0 (font, self->font) == 0)
    return;
  self->width = width;
  self->max_height = max_height;
  g_free (self->text);
  self->text = g_strdup (text);
  g_free (self->font);
  self->font = g_steal_pointer (&font);

  /* The band's whole height, padding included, keeps to its share. */
  text_max = MAX (max_height - band_chrome (self), 1);
  while (scale * SCALE_STEP >= KIELA_LESSON_CAPTION_MIN_SCALE && text_height (self, text, width, scale, NULL) > text_max)
    scale *= SCALE_STEP;
  set_scale (self, scale);
  /* Still too long at the smallest type: as many lines as fit, then an ellipsis. */
  if (text_height (self, text, width, scale, &line) > text_max)
    set_lines (self, MAX (text_max / line, 1));
  else
    set_lines (self, -1);
}

void
kiela_lesson_caption_reset (KielaLessonCaption *self)
{
  set_scale (self, 1.0);
  set_lines (self, -1);
  self->width = self->max_height = 0;
}

double
kiela_lesson_caption_get_scale (KielaLessonCaption *self)
{
  return self->scale;
}
