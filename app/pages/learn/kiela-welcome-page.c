/* kiela-welcome-page.c: the welcome page: five plain choices in a boxed list under the app's icon, and links to the Rules and History. */
#include "config.h"

#include "kiela-welcome-page.h"
#include "kiela-widget-util.h"

struct _KielaWelcomePage {
  GtkWidget parent_instance;

  GtkWidget *status_page;
  GtkListBox *choices;
};

G_DEFINE_FINAL_TYPE (KielaWelcomePage, kiela_welcome_page, GTK_TYPE_WIDGET)

enum { SIGNAL_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
on_row_activated (GtkListBox *box, GtkListBoxRow *row, KielaWelcomePage *self)
{
  const char *choice = gtk_widget_get_name (GTK_WIDGET (row));

  g_signal_emit (self, signals[SIGNAL_CHOSEN], 0, choice);
}

static void
kiela_welcome_page_dispose (GObject *object)
{
  kiela_widget_dispose_template_all (GTK_WIDGET (object), KIELA_TYPE_WELCOME_PAGE);
  G_OBJECT_CLASS (kiela_welcome_page_parent_class)->dispose (object);
}

static void
kiela_welcome_page_class_init (KielaWelcomePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kiela_welcome_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-welcome-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KielaWelcomePage, status_page);
  gtk_widget_class_bind_template_child (widget_class, KielaWelcomePage, choices);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  signals[SIGNAL_CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
kiela_welcome_page_init (KielaWelcomePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
kiela_welcome_page_new (void)
{
  return g_object_new (KIELA_TYPE_WELCOME_PAGE, NULL);
}

GtkWidget *
kiela_welcome_page_get_row (KielaWelcomePage *self, const char *choice)
{
  g_return_val_if_fail (KIELA_IS_WELCOME_PAGE (self), NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->choices)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (g_strcmp0 (gtk_widget_get_name (row), choice) == 0)
      return row;
  return NULL;
}
