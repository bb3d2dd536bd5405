/* kiela-lessons-page.c: the lessons page and the puzzles page: the registry's lessons by level, progress beside each. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lessons-page.h"
#include "kiela-widget-util.h"

struct _KielaLessonsPage {
  GtkWidget parent_instance;

  GtkWidget *scroller;
  GtkLabel *heading;
  GtkLabel *summary;
  GtkBox *groups;

  KielaRegistry *registry;      /* not owned: the application's */
  KielaLessonProgress *progress;
  guint kind;
  GHashTable *items;            /* "id/step" -> widget (weak: owned by the page) */
};

G_DEFINE_FINAL_TYPE (KielaLessonsPage, kiela_lessons_page, GTK_TYPE_WIDGET)

enum { SIGNAL_LESSON_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* By level, then in course order: each level is one group even where the course's order
 * interleaves them ("game-end", advanced, comes after "expert"). */
static gint
compare_order (gconstpointer a, gconstpointer b)
{
  const KielaLesson *la = *(const KielaLesson * const *) a;
  const KielaLesson *lb = *(const KielaLesson * const *) b;

  if (la->level != lb->level)
    return la->level < lb->level ? -1 : 1;
  if (la->order != lb->order)
    return la->order < lb->order ? -1 : 1;
  return g_strcmp0 (la->id, lb->id);
}

GPtrArray *
kiela_lessons_sorted (KielaRegistry *registry, guint kind)
{
  GPtrArray *all = kiela_registry_get_lessons (registry);   /* the registry's */
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; all != NULL && i < all->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (all, i);

      if (lesson->kind == kind)
        g_ptr_array_add (out, (gpointer) lesson);
    }
  g_ptr_array_sort (out, compare_order);
  return out;
}

static void
activate_item (GtkWidget *item, KielaLessonsPage *self)
{
  const char *id = g_object_get_data (G_OBJECT (item), "kiela-lesson-id");
  guint step = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (item), "kiela-lesson-step"));

  g_signal_emit (self, signals[SIGNAL_LESSON_ACTIVATED], 0, id, step);
}

static void
remember_item (KielaLessonsPage *self, GtkWidget *item, const KielaLesson *lesson, guint step)
{
  g_object_set_data_full (G_OBJECT (item), "kiela-lesson-id", g_strdup (lesson->id), g_free);
  g_object_set_data (G_OBJECT (item), "kiela-lesson-step", GUINT_TO_POINTER (step));
  g_hash_table_insert (self->items, g_strdup_printf ("%s/%u", lesson->id, step), item);
}

/* The lesson's worksheet, a page a step and the answer key (win.export-lesson-worksheet and
 * win.print-lesson, kiela-lesson-editor-window.c). */
static GtkWidget *
worksheet_button (const KielaLesson *lesson)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenuItem) export = g_menu_item_new (_("_Export Lesson Worksheet (PDF)…"), NULL);
  g_autoptr(GMenuItem) print = g_menu_item_new (_("_Print Lesson Worksheet…"), NULL);
  GtkWidget *button = gtk_menu_button_new ();
  /* TRANSLATORS: a button beside a lesson in Learn to Play, %s its title */
  g_autofree char *label = g_strdup_printf (_("Worksheet of “%s”"), kiela_lesson_get_title (lesson));

  g_menu_item_set_action_and_target_value (export, "win.export-lesson-worksheet", g_variant_new_string (lesson->id));
  g_menu_item_set_action_and_target_value (print, "win.print-lesson", g_variant_new_string (lesson->id));
  g_menu_append_item (menu, export);
  g_menu_append_item (menu, print);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "document-print-symbolic");
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static GtkWidget *
course_row (KielaLessonsPage *self, const KielaLesson *lesson)
{
  GtkWidget *row = adw_action_row_new ();
  guint n = (guint) lesson->n_steps;
  guint done = kiela_lesson_progress_count_done (self->progress, lesson->id, n);
  guint stars = kiela_lesson_progress_lesson_stars (self->progress, lesson->id, n);
  g_autofree char *stars_text = kiela_lesson_progress_stars_text (stars);
  GtkWidget *label;
  GtkWidget *icon;
  g_autofree char *state = NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), kiela_lesson_get_title (lesson));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), kiela_lesson_get_summary (lesson));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);

  if (done == n)
    /* TRANSLATORS: a lesson's state in the list: all done, %s its stars (★★☆) */
    state = g_strdup_printf (_("Done %s"), stars_text);
  else if (done > 0)
    /* TRANSLATORS: a lesson's state in the list: steps done of all steps */
    state = g_strdup_printf (_("%1$u of %2$u"), done, n);
  else
    state = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u step", "%u steps", n), n);

  label = gtk_label_new (state);
  gtk_widget_add_css_class (label, done == n ? "kiela-stars" : "dim-label");
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), worksheet_button (lesson));
  icon = gtk_image_new_from_icon_name (done == n ? "object-select-symbolic" : "go-next-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
  g_signal_connect (row, "activated", G_CALLBACK (activate_item), self);
  remember_item (self, row, lesson, 0);
  return row;
}

static GtkWidget *
puzzle_button (KielaLessonsPage *self, const KielaLesson *lesson, guint step)
{
  guint stars = kiela_lesson_progress_get_stars (self->progress, lesson->id, step);
  g_autofree char *stars_text = kiela_lesson_progress_stars_text (stars);
  g_autofree char *number = g_strdup_printf ("%u", step + 1);
  g_autofree char *a11y = NULL;
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *num = gtk_label_new (number);
  GtkWidget *st = gtk_label_new (stars_text);

  gtk_widget_add_css_class (num, "title-3");
  gtk_widget_add_css_class (st, stars > 0 ? "kiela-stars" : "dim-label");
  gtk_box_append (GTK_BOX (box), num);
  gtk_box_append (GTK_BOX (box), st);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_set_size_request (button, 72, 64);
  gtk_widget_add_css_class (button, "kiela-puzzle-button");
  if (stars > 0)
    /* TRANSLATORS: a puzzle button read by screen readers: %1$u its number, %2$u stars of 3 */
    a11y = g_strdup_printf (_("Puzzle %1$u, solved, %2$u of 3 stars"), step + 1, stars);
  else
    /* TRANSLATORS: a puzzle button read by screen readers: %u its number */
    a11y = g_strdup_printf (_("Puzzle %u, not solved yet"), step + 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  gtk_widget_set_tooltip_text (button, a11y);
  g_signal_connect (button, "clicked", G_CALLBACK (activate_item), self);
  remember_item (self, button, lesson, step);
  return button;
}

static GtkWidget *
new_group (const char *title, const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  return group;
}

/* A lesson a teacher wrote: read from a file the user installed, not shipped with Kiela. */
static gboolean
is_teachers (KielaRegistry *registry, const KielaLesson *lesson)
{
  KielaLessonFile *file = kiela_registry_get_lesson_file (registry, lesson);

  return file != NULL && !kiela_lesson_file_is_builtin (file);
}

/* The teachers' lessons of the course, one group an author after the shipped levels. */
static void
add_teachers_groups (KielaLessonsPage *self, GPtrArray *lessons)
{
  g_autoptr(GPtrArray) authors = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (lessons, i);
      const char *author;

      if (!is_teachers (self->registry, lesson))
        continue;
      author = kiela_lesson_file_get_lesson_author (kiela_registry_get_lesson_file (self->registry, lesson), lesson);
      if (!g_ptr_array_find_with_equal_func (authors, author ? author : "", g_str_equal, NULL))
        g_ptr_array_add (authors, g_strdup (author ? author : ""));
    }
  for (guint a = 0; a < authors->len; a++)
    {
      const char *author = g_ptr_array_index (authors, a);
      g_autofree char *title = *author ? g_strdup_printf (_("Lessons by %s"), author) : g_strdup (_("Your Lessons"));
      GtkWidget *group = new_group (title, NULL);
      GtkWidget *list = gtk_list_box_new ();

      gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
      gtk_widget_add_css_class (list, "boxed-list");
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
      gtk_box_append (self->groups, group);
      for (guint i = 0; i < lessons->len; i++)
        {
          const KielaLesson *lesson = g_ptr_array_index (lessons, i);
          const char *by;

          if (!is_teachers (self->registry, lesson))
            continue;
          by = kiela_lesson_file_get_lesson_author (kiela_registry_get_lesson_file (self->registry, lesson), lesson);
          if (g_strcmp0 (by ? by : "", author) == 0)
            gtk_list_box_append (GTK_LIST_BOX (list), course_row (self, lesson));
        }
    }
}

static void
rebuild (KielaLessonsPage *self)
{
  g_autoptr(GPtrArray) lessons = kiela_lessons_sorted (self->registry, self->kind);
  GtkWidget *child;
  GtkWidget *group = NULL;
  gint level = -1;

  g_hash_table_remove_all (self->items);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->groups))) != NULL)
    gtk_box_remove (self->groups, child);

  if (lessons->len == 0)
    {
      GtkWidget *empty = adw_status_page_new ();

      adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "dialog-information-symbolic");
      adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Lessons Installed"));
      adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                       _("The lessons plugin was not loaded: see Preferences → Plugins."));
      gtk_box_append (self->groups, empty);
      return;
    }

  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (lessons, i);

      if (self->kind == KIELA_LESSON_KIND_PUZZLES)
        {
          guint n = (guint) lesson->n_steps;
          guint done = kiela_lesson_progress_count_done (self->progress, lesson->id, n);
          /* TRANSLATORS: under a puzzle set's title: puzzles solved of all */
          g_autofree char *desc = g_strdup_printf (_("%1$u of %2$u solved"), done, n);
          GtkWidget *flow = gtk_flow_box_new ();

          group = new_group (kiela_lesson_get_title (lesson), desc);
          gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
          gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
          gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 8);
          gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (flow), 4);
          gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
          gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
          for (guint s = 0; s < n; s++)
            {
              GtkWidget *button = puzzle_button (self, lesson, s);

              gtk_flow_box_append (GTK_FLOW_BOX (flow), button);
              /* The button, not the flow box child, takes the focus and the click. */
              gtk_widget_set_focusable (gtk_widget_get_parent (button), FALSE);
            }
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), flow);
          gtk_box_append (self->groups, group);
          continue;
        }
      if (is_teachers (self->registry, lesson))
        continue;
      if ((gint) lesson->level != level)
        {
          GtkWidget *list = gtk_list_box_new ();

          level = (gint) lesson->level;
          group = new_group (kiela_lesson_level_name (lesson->level), NULL);
          gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
          gtk_widget_add_css_class (list, "boxed-list");
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), list);
          g_object_set_data (G_OBJECT (group), "kiela-list", list);
          gtk_box_append (self->groups, group);
        }
      gtk_list_box_append (GTK_LIST_BOX (g_object_get_data (G_OBJECT (group), "kiela-list")),
                           course_row (self, lesson));
    }
  if (self->kind == KIELA_LESSON_KIND_COURSE)
    add_teachers_groups (self, lessons);
}

void
kiela_lessons_page_refresh (KielaLessonsPage *self)
{
  g_return_if_fail (KIELA_IS_LESSONS_PAGE (self));
  rebuild (self);
}

static void
kiela_lessons_page_dispose (GObject *object)
{
  KielaLessonsPage *self = KIELA_LESSONS_PAGE (object);

  if (self->progress)
    g_signal_handlers_disconnect_by_data (self->progress, self);
  g_clear_object (&self->progress);
  g_clear_pointer (&self->items, g_hash_table_unref);
  kiela_widget_dispose_template_all (GTK_WIDGET (object), KIELA_TYPE_LESSONS_PAGE);
  G_OBJECT_CLASS (kiela_lessons_page_parent_class)->dispose (object);
}

static void
kiela_lessons_page_class_init (KielaLessonsPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kiela_lessons_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-lessons-page.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KielaLessonsPage, name)
  BIND (scroller);
  BIND (heading);
  BIND (summary);
  BIND (groups);
#undef BIND
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);

  signals[SIGNAL_LESSON_ACTIVATED] = g_signal_new ("lesson-activated", G_TYPE_FROM_CLASS (klass),
                                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                   G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);
}

static void
kiela_lessons_page_init (KielaLessonsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->items = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

GtkWidget *
kiela_lessons_page_new (KielaRegistry *registry, KielaLessonProgress *progress, guint kind)
{
  KielaLessonsPage *self = g_object_new (KIELA_TYPE_LESSONS_PAGE, NULL);

  self->registry = registry;
  self->progress = g_object_ref (progress);
  self->kind = kind;
  if (kind == KIELA_LESSON_KIND_PUZZLES)
    {
      gtk_label_set_label (self->heading, _("Puzzles"));
      gtk_label_set_label (self->summary, _("Each puzzle has one best move. Find it without a hint for three stars."));
    }
  else
    {
      gtk_label_set_label (self->heading, _("Learn to Play"));
      gtk_label_set_label (self->summary, _("Short lessons, one idea each. Fewer hints and retries earn more stars."));
    }
  g_signal_connect_swapped (progress, "changed", G_CALLBACK (rebuild), self);
  rebuild (self);
  return GTK_WIDGET (self);
}

GtkWidget *
kiela_lessons_page_get_item (KielaLessonsPage *self, const char *lesson_id, guint step)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (KIELA_IS_LESSONS_PAGE (self), NULL);
  key = g_strdup_printf ("%s/%u", lesson_id, step);
  return g_hash_table_lookup (self->items, key);
}
