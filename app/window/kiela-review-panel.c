/* kiela-review-panel.c: the game review in the side panel: a compact advantage graph and the marked moves, judged on a worker thread. */

#include "config.h"

#include <glib/gi18n.h>

#include "kiela-review-panel.h"
#include "kiela-review-plot.h"
#include "kiela-compat.h"

/* Short enough that the move list above keeps its rows (at least 8 at 1280×800). */
#define GRAPH_HEIGHT 64
#define ROWS_HEIGHT  96

struct _KielaReviewPanel {
  GtkBox        parent_instance;

  GtkWidget    *status;
  GtkWidget    *graph;
  GtkWidget    *rows;       /* GtkListBox: one row a marked move */
  GtkWidget    *scroller;
  GtkWidget    *menu_button;
  KielaReview  *review;
  GCancellable *cancellable;
  guint         ply;
};

G_DEFINE_FINAL_TYPE (KielaReviewPanel, kiela_review_panel, GTK_TYPE_BOX)

enum { SIGNAL_PLY_ACTIVATED, SIGNAL_SHOW_BETTER, SIGNAL_DONE, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Shape first, so the mark reads without colour: ○ inaccuracy, ■ mistake, ▲ blunder. */
static const char *
grade_shape (KielaReviewGrade grade)
{
  switch (grade)
    {
    case KIELA_GRADE_INACCURACY: return "○";
    case KIELA_GRADE_MISTAKE:    return "■";
    case KIELA_GRADE_BLUNDER:    return "▲";
    default:                     return "";
    }
}

static const char *
grade_css (KielaReviewGrade grade)
{
  return grade == KIELA_GRADE_BLUNDER ? "kiela-blunder" : grade == KIELA_GRADE_MISTAKE ? "kiela-mistake" : "kiela-inaccuracy";
}

char *
kiela_review_panel_describe (KielaReview *review, guint index)
{
  const KielaReviewMove *m = kiela_review_get_move (review, index);
  const KielaPosition *pos = kiela_review_get_position (review, index);
  char move[4], best[4];

  kiela_square_name (pos->files, (KielaSide) pos->to_move, (guint) m->move, move);
  kiela_square_name (pos->files, (KielaSide) pos->to_move, (guint) m->best, best);
  if (m->loss > 0)
    /* TRANSLATORS: "12. North b3?? −9 (best i3)": ply, side, move, its mark, stones lost, the better move */
    return g_strdup_printf (_("%u. %s %s%s −%d (best %s)"), m->ply, kiela_side_display_name (m->side), move,
                            kiela_review_grade_mark (m->grade), m->loss, best);
  return g_strdup_printf ("%u. %s %s", m->ply, kiela_side_display_name (m->side), move);
}

char *
kiela_review_panel_explain (KielaReview *review, guint index)
{
  const KielaReviewMove *m = kiela_review_get_move (review, index);
  const KielaVariant *variant = kiela_review_get_variant (review);
  KielaPosition pos = *kiela_review_get_position (review, index + 1);
  KielaSide opponent = KIELA_OTHER_SIDE (m->side);
  char move[4], best[4];

  kiela_square_name (pos.files, m->side, (guint) m->move, move);
  kiela_square_name (pos.files, m->side, (guint) m->best, best);
  /* The refutation: the first capture the opponent makes along it. */
  for (guint k = 1; k < m->n_reply; k++)
    {
      KielaSide mover = (KielaSide) pos.to_move;
      KielaSowResult result;
      char square[4];

      kiela_square_name (pos.files, mover, (guint) m->reply[k], square);
      if (!kiela_sow_fast (variant, &pos, m->reply[k], &result))
        break;
      if (mover == opponent && result.captured > 0)
        {
          if (k == 1)
            /* TRANSLATORS: "North’s b3 let South capture 9 stones with i3." */
            return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s’s %s let %s capture %u stone with %s.",
                                                 "%s’s %s let %s capture %u stones with %s.", result.captured),
                                    kiela_side_display_name (m->side), move, kiela_side_display_name (opponent),
                                    (guint) result.captured, square);
          /* TRANSLATORS: "North’s b3 let South capture 9 stones with i3, 3 moves later." */
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s’s %s let %s capture %u stone with %s, %u moves later.",
                                               "%s’s %s let %s capture %u stones with %s, %u moves later.", result.captured),
                                  kiela_side_display_name (m->side), move, kiela_side_display_name (opponent),
                                  (guint) result.captured, square, k);
        }
    }
  /* TRANSLATORS: "North’s b3 gave up 5 stones against i3." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s’s %s gave up %d stone against %s.",
                                       "%s’s %s gave up %d stones against %s.", (gulong) m->loss),
                          kiela_side_display_name (m->side), move, m->loss, best);
}

static void
on_show_better (GtkButton *button, KielaReviewPanel *self)
{
  g_signal_emit (self, signals[SIGNAL_SHOW_BETTER], 0,
                 GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "kiela-index")));
}

static void
draw_graph (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  KielaReviewPanel *self = data;
  GdkRGBA color;
  KielaLabPlotInk fg;

  if (self->review == NULL)
    return;
  kiela_compat_widget_get_color (GTK_WIDGET (area), &color);
  fg = (KielaLabPlotInk) { color.red, color.green, color.blue, color.alpha };
  kiela_review_plot_draw (cr, self->review, &fg, width, height, (int) self->ply);
}

static void
on_graph_pressed (GtkGestureClick *gesture, int n_press, double x, double y, KielaReviewPanel *self)
{
  if (self->review == NULL)
    return;
  g_signal_emit (self, signals[SIGNAL_PLY_ACTIVATED], 0,
                 kiela_review_plot_ply_at (self->review, gtk_widget_get_width (self->graph), x));
}

static void
on_row_activated (GtkListBox *box, GtkListBoxRow *row, KielaReviewPanel *self)
{
  g_signal_emit (self, signals[SIGNAL_PLY_ACTIVATED], 0,
                 GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "kiela-ply")));
}

static void
update_status (KielaReviewPanel *self, const char *failure)
{
  g_autofree char *text = NULL;
  guint judged, n;

  if (self->review == NULL)
    return;
  judged = kiela_review_get_n_judged (self->review);
  n = kiela_review_get_n_plies (self->review);
  if (failure != NULL)
    text = g_strdup (failure);
  else if (judged < n)
    /* TRANSLATORS: the review's progress */
    text = g_strdup_printf (_("Judging move %u of %u…"), judged + 1, n);
  else
    {
      KielaReviewSide south, north;

      kiela_review_get_summary (self->review, KIELA_SOUTH, &south);
      kiela_review_get_summary (self->review, KIELA_NORTH, &north);
      /* TRANSLATORS: the review's summary: each side's accuracy */
      text = g_strdup_printf (_("Accuracy: South %.0f %%, North %.0f %%"), south.accuracy, north.accuracy);
    }
  gtk_label_set_text (GTK_LABEL (self->status), text);
}

static void
on_move_judged (KielaReview *review, guint index, KielaReviewPanel *self)
{
  const KielaReviewMove *m = kiela_review_get_move (review, index);

  if (m->grade >= KIELA_GRADE_INACCURACY)
    {
      g_autofree char *words = kiela_review_panel_describe (review, index);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *shape = gtk_label_new (grade_shape (m->grade));
      GtkWidget *label = gtk_label_new (words);
      GtkWidget *row = gtk_list_box_row_new ();
      g_autofree char *accessible = g_strdup_printf ("%s: %s", kiela_review_grade_name (m->grade), words);

      gtk_widget_add_css_class (shape, grade_css (m->grade));
      gtk_widget_add_css_class (label, grade_css (m->grade));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_box_append (GTK_BOX (box), shape);
      gtk_box_append (GTK_BOX (box), label);
      gtk_widget_set_hexpand (label, TRUE);
      {
        GtkWidget *better = gtk_button_new_from_icon_name ("media-playback-start-symbolic");

        gtk_widget_add_css_class (better, "flat");
        gtk_widget_set_tooltip_text (better, _("Show Better Move"));
        gtk_accessible_update_property (GTK_ACCESSIBLE (better), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Show Better Move"), -1);
        g_object_set_data (G_OBJECT (better), "kiela-index", GUINT_TO_POINTER (index));
        g_signal_connect (better, "clicked", G_CALLBACK (on_show_better), self);
        gtk_box_append (GTK_BOX (box), better);
      }
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      gtk_widget_set_tooltip_text (row, accessible);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
      g_object_set_data (G_OBJECT (row), "kiela-ply", GUINT_TO_POINTER (m->ply));
      gtk_list_box_append (GTK_LIST_BOX (self->rows), row);
    }
  update_status (self, NULL);
  gtk_widget_queue_draw (self->graph);
}

static void
on_review_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaReviewPanel *self = data;
  g_autoptr(GError) error = NULL;

  if (!kiela_review_run_finish (KIELA_REVIEW (source), result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && KIELA_REVIEW (source) == self->review)
        update_status (self, error->message);
    }
  if (KIELA_REVIEW (source) == self->review)
    {
      g_clear_object (&self->cancellable);
      g_signal_emit (self, signals[SIGNAL_DONE], 0);
    }
  g_object_unref (self);
}

static void
clear_rows (KielaReviewPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->rows)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (self->rows), child);
}

gboolean
kiela_review_panel_start (KielaReviewPanel *self, KielaRegistry *registry, KielaGame *game, const KielaReviewOptions *options)
{
  g_autoptr(GError) error = NULL;
  KielaReview *review;

  g_return_val_if_fail (KIELA_IS_REVIEW_PANEL (self), FALSE);

  kiela_review_panel_stop (self);
  clear_rows (self);
  review = kiela_review_new (registry, game, options, &error);
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_clear_object (&self->review);
  if (review == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->status), error->message);
      gtk_widget_queue_draw (self->graph);
      return FALSE;
    }
  self->review = review;
  self->cancellable = g_cancellable_new ();
  g_signal_connect (review, "move-judged", G_CALLBACK (on_move_judged), self);
  update_status (self, NULL);
  kiela_review_run_async (review, self->cancellable, on_review_done, g_object_ref (self));
  gtk_widget_queue_draw (self->graph);
  return TRUE;
}

void
kiela_review_panel_stop (KielaReviewPanel *self)
{
  g_return_if_fail (KIELA_IS_REVIEW_PANEL (self));
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
}

void
kiela_review_panel_set_ply (KielaReviewPanel *self, guint ply)
{
  g_return_if_fail (KIELA_IS_REVIEW_PANEL (self));
  if (self->ply == ply)
    return;
  self->ply = ply;
  gtk_widget_queue_draw (self->graph);
}

KielaReview *
kiela_review_panel_get_review (KielaReviewPanel *self)
{
  g_return_val_if_fail (KIELA_IS_REVIEW_PANEL (self), NULL);
  return self->review;
}

gboolean
kiela_review_panel_get_running (KielaReviewPanel *self)
{
  g_return_val_if_fail (KIELA_IS_REVIEW_PANEL (self), FALSE);
  return self->cancellable != NULL;
}

GtkWidget *
kiela_review_panel_get_graph (KielaReviewPanel *self)
{
  return self->graph;
}

GtkWidget *
kiela_review_panel_get_rows (KielaReviewPanel *self)
{
  return self->rows;
}

GtkWidget *
kiela_review_panel_get_status (KielaReviewPanel *self)
{
  return self->status;
}

GtkWidget *
kiela_review_panel_get_menu_button (KielaReviewPanel *self)
{
  return self->menu_button;
}

static void
kiela_review_panel_dispose (GObject *object)
{
  KielaReviewPanel *self = KIELA_REVIEW_PANEL (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_clear_object (&self->review);
  G_OBJECT_CLASS (kiela_review_panel_parent_class)->dispose (object);
}

static void
kiela_review_panel_class_init (KielaReviewPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kiela_review_panel_dispose;
  signals[SIGNAL_PLY_ACTIVATED] = g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_SHOW_BETTER] = g_signal_new ("show-better", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                       NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "kiela-review-panel");
}

static void
kiela_review_panel_init (KielaReviewPanel *self)
{
  GtkWidget *title = gtk_label_new (_("Game Review"));
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 2);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_hexpand (title, TRUE);
  {
    GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *close = gtk_button_new_from_icon_name ("window-close-symbolic");

    GtkWidget *more = gtk_menu_button_new ();
    g_autoptr(GMenu) menu = g_menu_new ();

    gtk_widget_add_css_class (close, "flat");
    gtk_widget_add_css_class (close, "circular");
    gtk_widget_set_tooltip_text (close, _("Close the Review"));
    gtk_actionable_set_action_name (GTK_ACTIONABLE (close), "win.close-review");
    /* What the finished review offers, in a menu: the panel has no height to spare. */
    g_menu_append (menu, _("_Learn from Your Mistakes"), "win.review-learn");
    g_menu_append (menu, _("Export _Worksheet…"), "win.review-export-pdf");
    g_menu_append (menu, _("Export as _CSV…"), "win.review-export-csv");
    gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (more), G_MENU_MODEL (menu));
    gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (more), "view-more-symbolic");
    gtk_widget_add_css_class (more, "flat");
    gtk_widget_add_css_class (more, "circular");
    gtk_widget_set_tooltip_text (more, _("Learn from the Review, or Export It"));
    gtk_accessible_update_property (GTK_ACCESSIBLE (more), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Learn from the Review, or Export It"), -1);
    self->menu_button = more;
    gtk_box_append (GTK_BOX (header), title);
    gtk_box_append (GTK_BOX (header), more);
    gtk_box_append (GTK_BOX (header), close);
    gtk_box_append (GTK_BOX (self), header);
  }

  self->status = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0);
  gtk_label_set_wrap (GTK_LABEL (self->status), TRUE);
  gtk_widget_add_css_class (self->status, "caption");
  gtk_box_append (GTK_BOX (self), self->status);

  self->graph = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->graph), GRAPH_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->graph), draw_graph, self, NULL);
  gtk_widget_set_tooltip_text (self->graph, _("South’s advantage over the game: click to show that move"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->graph), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Advantage graph"), -1);
  g_signal_connect (click, "pressed", G_CALLBACK (on_graph_pressed), self);
  gtk_widget_add_controller (self->graph, GTK_EVENT_CONTROLLER (click));
  gtk_box_append (GTK_BOX (self), self->graph);

  self->rows = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->rows), GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (self->rows), TRUE);
  gtk_widget_add_css_class (self->rows, "boxed-list");
  g_signal_connect (self->rows, "row-activated", G_CALLBACK (on_row_activated), self);
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), ROWS_HEIGHT);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->rows);
  gtk_box_append (GTK_BOX (self), self->scroller);
}

GtkWidget *
kiela_review_panel_new (void)
{
  return g_object_new (KIELA_TYPE_REVIEW_PANEL, NULL);
}
