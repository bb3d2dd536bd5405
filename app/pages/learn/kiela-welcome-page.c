/* kiela-welcome-page.c: the welcome page: five plain choices in a boxed list under the app's icon, and links to the Rules and History. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-welcome-page.h"
#include "kiela-widget-util.h"

struct _KielaWelcomePage {
  GtkWidget parent_instance;

  GtkWidget *status_page;
  GtkListBox *choices;
  GtkWidget *pupil_box;
  GtkDropDown *pupil_dropdown;
  AdwActionRow *practise_row;
  GtkWidget *mistakes_button;

  KielaPupils *pupils;
  gboolean syncing;              /* the drop-down follows the class: no choice of the pupil's */
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
on_mistakes_clicked (GtkButton *button, KielaWelcomePage *self)
{
  g_signal_emit (self, signals[SIGNAL_CHOSEN], 0, KIELA_WELCOME_MISTAKES);
}

/* The practise row says how many steps wait; hidden when none. */
static void
sync_practise (KielaWelcomePage *self)
{
  guint n = self->pupils ? kiela_lesson_progress_get_n_mistakes (kiela_pupils_get_progress (self->pupils)) : 0;
  g_autofree char *subtitle = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->practise_row), n > 0);
  if (n == 0)
    return;
  /* TRANSLATORS: the welcome page's "Practise Your Mistakes" row; %u steps answered wrong */
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u step to try again, until you get it right",
                                           "%u steps to try again, until you get them right", n), n);
  adw_action_row_set_subtitle (self->practise_row, subtitle);
}

static gboolean
same_names (GListModel *a, GListModel *b)
{
  guint n = a ? g_list_model_get_n_items (a) : 0;

  if (a == NULL || n != g_list_model_get_n_items (b))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (a), i),
                   gtk_string_list_get_string (GTK_STRING_LIST (b), i)) != 0)
      return FALSE;
  return TRUE;
}

static void
sync_pupils (KielaWelcomePage *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint n = self->pupils ? kiela_pupils_get_n (self->pupils) : 0;
  guint current = 0;

  /* A home user (one pupil) sees no chooser. */
  gtk_widget_set_visible (self->pupil_box, n > 1);
  for (guint i = 0; i < n; i++)
    {
      const char *id = kiela_pupils_get_id (self->pupils, i);

      gtk_string_list_append (names, kiela_pupils_get_name (self->pupils, id));
      if (g_strcmp0 (id, kiela_pupils_get_current (self->pupils)) == 0)
        current = i;
    }
  self->syncing = TRUE;
  /* Called back while the drop-down's own choice is being made (it switched the pupil): its
   * model is replaced only when the names changed. */
  if (!same_names (gtk_drop_down_get_model (self->pupil_dropdown), G_LIST_MODEL (names)))
    gtk_drop_down_set_model (self->pupil_dropdown, G_LIST_MODEL (names));
  if (gtk_drop_down_get_selected (self->pupil_dropdown) != current)
    gtk_drop_down_set_selected (self->pupil_dropdown, current);
  self->syncing = FALSE;
  sync_practise (self);
}

static void
on_pupil_selected (GtkDropDown *dropdown, GParamSpec *pspec, KielaWelcomePage *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);
  const char *id;
  g_autoptr(GError) error = NULL;

  if (self->syncing || self->pupils == NULL || (id = kiela_pupils_get_id (self->pupils, i)) == NULL)
    return;
  if (!kiela_pupils_set_current (self->pupils, id, &error))
    g_warning ("%s", error->message);
}

static void
on_progress_changed (KielaLessonProgress *progress, const char *lesson_id, KielaWelcomePage *self)
{
  sync_practise (self);
}

void
kiela_welcome_page_set_pupils (KielaWelcomePage *self, KielaPupils *pupils)
{
  g_return_if_fail (KIELA_IS_WELCOME_PAGE (self));
  g_return_if_fail (pupils == NULL || KIELA_IS_PUPILS (pupils));

  if (self->pupils != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->pupils, self);
      g_signal_handlers_disconnect_by_data (kiela_pupils_get_progress (self->pupils), self);
    }
  g_set_object (&self->pupils, pupils);
  if (pupils != NULL)
    {
      g_signal_connect_swapped (pupils, "changed", G_CALLBACK (sync_pupils), self);
      g_signal_connect (kiela_pupils_get_progress (pupils), "changed", G_CALLBACK (on_progress_changed), self);
    }
  sync_pupils (self);
}

GtkWidget *
kiela_welcome_page_get_pupil_chooser (KielaWelcomePage *self)
{
  g_return_val_if_fail (KIELA_IS_WELCOME_PAGE (self), NULL);
  return GTK_WIDGET (self->pupil_dropdown);
}

GtkWidget *
kiela_welcome_page_get_mistakes_button (KielaWelcomePage *self)
{
  g_return_val_if_fail (KIELA_IS_WELCOME_PAGE (self), NULL);
  return self->mistakes_button;
}

static void
kiela_welcome_page_dispose (GObject *object)
{
  KielaWelcomePage *self = KIELA_WELCOME_PAGE (object);

  if (self->pupils != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->pupils, self);
      g_signal_handlers_disconnect_by_data (kiela_pupils_get_progress (self->pupils), self);
      g_clear_object (&self->pupils);
    }
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
  gtk_widget_class_bind_template_child (widget_class, KielaWelcomePage, pupil_box);
  gtk_widget_class_bind_template_child (widget_class, KielaWelcomePage, pupil_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KielaWelcomePage, practise_row);
  gtk_widget_class_bind_template_child (widget_class, KielaWelcomePage, mistakes_button);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_mistakes_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  signals[SIGNAL_CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
kiela_welcome_page_init (KielaWelcomePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self->pupil_dropdown, "notify::selected", G_CALLBACK (on_pupil_selected), self);
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
