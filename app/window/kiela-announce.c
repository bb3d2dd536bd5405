/* kiela-announce.c: a status region that tells screen-reader users what a move did.
 *
 * The widget takes no room on screen but stays in the accessible tree with the role "status"
 * (AT-SPI: status bar), and carries the last sentence as its accessible name and description,
 * so a screen-reader user can read it again there.  GTK >= 4.14 also announces the sentence
 * (gtk_accessible_announce, through kiela-compat); on GTK 4.8, which has no announcements, the
 * name and description change events are what screen readers present for status bars. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-announce.h"
#include "kiela-compat.h"

struct _KielaAnnounce {
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (KielaAnnounce, kiela_announce, GTK_TYPE_WIDGET)

static void
kiela_announce_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  /* The same sentences are on screen in What Happens: this region is for assistive tools only. */
  *minimum = *natural = 0;
}

static void
kiela_announce_class_init (KielaAnnounceClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = kiela_announce_measure;
  gtk_widget_class_set_css_name (widget_class, "announce");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

static void
kiela_announce_init (KielaAnnounce *self)
{
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  /* TRANSLATORS: accessible name of the region a screen reader reads
                                   * what a move did from, before the first move */
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Announcements"),
                                  -1);
}

/* Says `text` (again, if it is what was said last: a repeated move is news too). */
void
kiela_announce_say (KielaAnnounce *self, const char *text)
{
  g_return_if_fail (KIELA_IS_ANNOUNCE (self));

  if (text == NULL || *text == '\0')
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
  kiela_compat_announce (GTK_ACCESSIBLE (self), text);
}
