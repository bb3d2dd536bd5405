/* kiela-mistakes-page.c: what the current pupil got wrong, in the order it comes back, and Practise Now. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-mistakes-page.h"

struct _KielaMistakesPage {
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkLabel *summary;
  GtkWidget *practise_button;
  GtkListBox *list;
  GPtrArray *rows;               /* the list's rows, weak (the list owns them) */

  KielaRegistry *registry;       /* not owned: the application's */
  KielaPupils *pupils;
};

G_DEFINE_FINAL_TYPE (KielaMistakesPage, kiela_mistakes_page, GTK_TYPE_WIDGET)

enum { SIGNAL_PRACTISE, SIGNAL_STEP_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
rebuild (KielaMistakesPage *self)
{
  KielaLessonProgress *progress = kiela_pupils_get_progress (self->pupils);
  g_autoptr(GArray) queue = kiela_lesson_progress_get_mistakes (progress);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->rows, 0);

  gtk_widget_set_visible (GTK_WIDGET (self->list), queue->len > 0);
  gtk_widget_set_visible (self->practise_button, queue->len > 0);
  if (queue->len == 0)
    gtk_label_set_label (self->summary, _("Nothing to practise: every step you answered wrong, you have since got right."));
  else
    gtk_label_set_label (self->summary, _("These steps come back when you practise, one by one. Right at the first try, a step leaves the list; wrong, it stays."));

  for (guint i = 0; i < queue->len; i++)
    {
      const KielaLessonMistake *m = &g_array_index (queue, KielaLessonMistake, i);
      const KielaLesson *lesson = kiela_registry_lookup_lesson (self->registry, m->lesson_id);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = NULL;
      g_autofree char *wrong = NULL;

      /* TRANSLATORS: how often a step in the mistakes list was answered wrong */
      wrong = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "wrong once", "wrong %u times", m->times), m->times);
      /* TRANSLATORS: a row of the mistakes list: %1$u the step's number, %2$s "wrong 2 times" */
      subtitle = g_strdup_printf (_("Step %1$u · %2$s"), m->step + 1, wrong);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     lesson ? kiela_lesson_get_title (lesson) : m->lesson_id);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      /* A lesson no longer installed cannot come back: listed, not offered. */
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), lesson != NULL && m->step < lesson->n_steps);
      if (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)))
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), g_object_new (GTK_TYPE_IMAGE, "icon-name", "go-next-symbolic",
                                                                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL));
      g_object_set_data_full (G_OBJECT (row), "lesson-id", g_strdup (m->lesson_id), g_free);
      g_object_set_data (G_OBJECT (row), "step", GUINT_TO_POINTER (m->step));
      gtk_list_box_append (self->list, row);
      g_ptr_array_add (self->rows, row);
    }
}

static void
on_progress_changed (KielaLessonProgress *progress, const char *lesson_id, KielaMistakesPage *self)
{
  rebuild (self);
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, KielaMistakesPage *self)
{
  const char *id = g_object_get_data (G_OBJECT (row), "lesson-id");

  if (id != NULL)
    g_signal_emit (self, signals[SIGNAL_STEP_ACTIVATED], 0, id,
                   GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "step")));
}

static void
on_practise (GtkButton *button, KielaMistakesPage *self)
{
  g_signal_emit (self, signals[SIGNAL_PRACTISE], 0);
}

static void
kiela_mistakes_page_dispose (GObject *object)
{
  KielaMistakesPage *self = KIELA_MISTAKES_PAGE (object);

  if (self->pupils != NULL)
    g_signal_handlers_disconnect_by_data (kiela_pupils_get_progress (self->pupils), self);
  g_clear_object (&self->pupils);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (kiela_mistakes_page_parent_class)->dispose (object);
}

static void
kiela_mistakes_page_finalize (GObject *object)
{
  g_ptr_array_unref (KIELA_MISTAKES_PAGE (object)->rows);
  G_OBJECT_CLASS (kiela_mistakes_page_parent_class)->finalize (object);
}

static void
kiela_mistakes_page_class_init (KielaMistakesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kiela_mistakes_page_dispose;
  object_class->finalize = kiela_mistakes_page_finalize;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_PRACTISE] = g_signal_new ("practise", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_STEP_ACTIVATED] = g_signal_new ("step-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                 NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);
}

static void
kiela_mistakes_page_init (KielaMistakesPage *self)
{
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *heading = gtk_label_new (_("What You Got Wrong"));

  self->rows = g_ptr_array_new ();
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 720);
  g_object_set (clamp, "margin-top", 24, "margin-bottom", 24, "margin-start", 12, "margin-end", 12, NULL);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), clamp);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_widget_add_css_class (heading, "title-1");
  gtk_box_append (GTK_BOX (box), heading);
  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_label_set_wrap (self->summary, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->summary));

  self->practise_button = gtk_button_new_with_mnemonic (_("_Practise Now"));
  gtk_widget_set_halign (self->practise_button, GTK_ALIGN_START);
  gtk_widget_add_css_class (self->practise_button, "pill");
  gtk_widget_add_css_class (self->practise_button, "suggested-action");
  g_signal_connect (self->practise_button, "clicked", G_CALLBACK (on_practise), self);
  gtk_box_append (GTK_BOX (box), self->practise_button);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("What You Got Wrong"), -1);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->list));
}

GtkWidget *
kiela_mistakes_page_new (KielaRegistry *registry, KielaPupils *pupils)
{
  KielaMistakesPage *self = g_object_new (KIELA_TYPE_MISTAKES_PAGE, NULL);

  self->registry = registry;
  self->pupils = g_object_ref (pupils);
  /* The same progress object follows every switch of pupil. */
  g_signal_connect (kiela_pupils_get_progress (pupils), "changed", G_CALLBACK (on_progress_changed), self);
  rebuild (self);
  return GTK_WIDGET (self);
}

guint
kiela_mistakes_page_get_n_rows (KielaMistakesPage *self)
{
  g_return_val_if_fail (KIELA_IS_MISTAKES_PAGE (self), 0);
  return self->rows->len;
}

GtkWidget *
kiela_mistakes_page_get_row (KielaMistakesPage *self, guint i)
{
  g_return_val_if_fail (KIELA_IS_MISTAKES_PAGE (self), NULL);
  return i < self->rows->len ? g_ptr_array_index (self->rows, i) : NULL;
}

GtkWidget *
kiela_mistakes_page_get_practise_button (KielaMistakesPage *self)
{
  g_return_val_if_fail (KIELA_IS_MISTAKES_PAGE (self), NULL);
  return self->practise_button;
}
