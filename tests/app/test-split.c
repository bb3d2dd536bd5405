/* test-split.c: KielaSplit, the side panel's wrapper (an AdwOverlaySplitView with libadwaita
 * >= 1.4, an AdwFlap before): the same answers on either stack.  How the window folds it by
 * its width is in test-window.c (/window/panel-folds) and test-narrow.c. */
#include "config.h"

#include <adwaita.h>

#include "kiela-compat.h"
#include "app-test-util.h"

typedef struct {
  GtkWidget *window;
  KielaSplit *split;
  GtkWidget *content;
  GtkWidget *sidebar;
  guint n_show;
  guint n_collapsed;
  int width;            /* /split/unfold-with-panel-over: the window's width waited for */
} Fixture;

static void
on_notify (GObject *object, GParamSpec *pspec, Fixture *f)
{
  if (g_str_equal (pspec->name, "show-sidebar"))
    f->n_show++;
  else if (g_str_equal (pspec->name, "collapsed"))
    f->n_collapsed++;
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->window = gtk_window_new ();
  f->split = KIELA_SPLIT (kiela_split_new ());
  f->content = gtk_label_new ("content");
  f->sidebar = gtk_label_new ("sidebar");
  gtk_widget_set_size_request (f->sidebar, 200, -1);
  kiela_split_set_content (f->split, f->content);
  kiela_split_set_sidebar (f->split, f->sidebar);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->split));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 700, 400);
  g_signal_connect (f->split, "notify", G_CALLBACK (on_notify), f);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer ((GtkWindow **) &f->window, gtk_window_destroy);
}

static void
test_properties (Fixture *f, gconstpointer data)
{
  gboolean show, collapsed, pinned;
  GtkWidget *content, *sidebar;

  g_assert_true (kiela_split_get_content (f->split) == f->content);
  g_assert_true (kiela_split_get_sidebar (f->split) == f->sidebar);
  /* Shown beside the content at first, neither collapsed nor pinned. */
  g_assert_true (kiela_split_get_show_sidebar (f->split));
  g_assert_false (kiela_split_get_collapsed (f->split));
  g_assert_false (kiela_split_get_pinned (f->split));
  g_object_get (f->split, "content", &content, "sidebar", &sidebar, "show-sidebar", &show,
                "collapsed", &collapsed, "pinned", &pinned, NULL);
  g_assert_true (content == f->content);
  g_assert_true (sidebar == f->sidebar);
  g_assert_true (show);
  g_assert_false (collapsed);
  g_assert_false (pinned);
  g_object_unref (content);
  g_object_unref (sidebar);
  /* Both are inside the split, whichever widget it holds. */
  g_assert_true (gtk_widget_is_ancestor (f->content, GTK_WIDGET (f->split)));
  g_assert_true (gtk_widget_is_ancestor (f->sidebar, GTK_WIDGET (f->split)));

  /* Hidden and shown, each change notified once. */
  g_object_set (f->split, "show-sidebar", FALSE, NULL);
  g_assert_false (kiela_split_get_show_sidebar (f->split));
  g_assert_cmpuint (f->n_show, ==, 1);
  kiela_split_set_show_sidebar (f->split, TRUE);
  g_assert_true (kiela_split_get_show_sidebar (f->split));
  g_assert_cmpuint (f->n_show, ==, 2);
  kiela_split_set_show_sidebar (f->split, TRUE);
  g_assert_cmpuint (f->n_show, ==, 2);
}

/* Unpinned, collapsing hides the panel and expanding shows it again; collapsed, it can still be
 * shown over the content. */
static void
test_collapse (Fixture *f, gconstpointer data)
{
  gtk_window_present (GTK_WINDOW (f->window));

  kiela_split_set_collapsed (f->split, TRUE);
  g_assert_true (kiela_split_get_collapsed (f->split));
  g_assert_false (kiela_split_get_show_sidebar (f->split));
  g_assert_cmpuint (f->n_collapsed, ==, 1);
  g_assert_cmpuint (f->n_show, ==, 1);

  kiela_split_set_show_sidebar (f->split, TRUE);
  g_assert_true (kiela_split_get_show_sidebar (f->split));
  g_assert_true (kiela_split_get_collapsed (f->split));
  kiela_split_set_show_sidebar (f->split, FALSE);

  kiela_split_set_collapsed (f->split, FALSE);
  g_assert_false (kiela_split_get_collapsed (f->split));
  g_assert_true (kiela_split_get_show_sidebar (f->split));
  g_assert_cmpuint (f->n_collapsed, ==, 2);
  /* Setting what it already is changes nothing. */
  kiela_split_set_collapsed (f->split, FALSE);
  g_assert_cmpuint (f->n_collapsed, ==, 2);
}

/* Pinned (presentation mode), the panel stays as it was put whatever the width does. */
static void
test_pinned (Fixture *f, gconstpointer data)
{
  gtk_window_present (GTK_WINDOW (f->window));

  kiela_split_set_show_sidebar (f->split, FALSE);
  kiela_split_set_pinned (f->split, TRUE);
  g_assert_true (kiela_split_get_pinned (f->split));
  kiela_split_set_collapsed (f->split, TRUE);
  kiela_split_set_collapsed (f->split, FALSE);
  g_assert_false (kiela_split_get_show_sidebar (f->split));

  kiela_split_set_show_sidebar (f->split, TRUE);
  kiela_split_set_collapsed (f->split, TRUE);
  g_assert_true (kiela_split_get_show_sidebar (f->split));

  /* Unpinned again, it follows the width once more. */
  kiela_split_set_pinned (f->split, FALSE);
  kiela_split_set_collapsed (f->split, FALSE);
  kiela_split_set_collapsed (f->split, TRUE);
  g_assert_false (kiela_split_get_show_sidebar (f->split));
}

/* Beside the content, the panel takes the width it asks for and the content the rest; hidden,
 * the content has it all. */
static gboolean
settled (gpointer data)
{
  Fixture *f = data;
  int width = gtk_widget_get_width (GTK_WIDGET (f->split));
  int content = gtk_widget_get_width (f->content);

  return width > 0 && (kiela_split_get_show_sidebar (f->split) ? content < width - 150 : content == width);
}

static void
test_layout (Fixture *f, gconstpointer data)
{
  graphene_rect_t c, s;

  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (settled, f, 10000, "the panel beside the content");
  g_assert_true (gtk_widget_compute_bounds (f->content, GTK_WIDGET (f->split), &c));
  g_assert_true (gtk_widget_compute_bounds (f->sidebar, GTK_WIDGET (f->split), &s));
  /* The panel at the end, after the content, as wide as it asks (not a fraction of the width). */
  g_assert_cmpfloat (s.origin.x, >=, c.origin.x + c.size.width - 1);
  g_assert_cmpfloat (s.size.width, >=, 200);
  g_assert_cmpfloat (s.size.width, <, 300);

  kiela_split_set_show_sidebar (f->split, FALSE);
  wait_until (settled, f, 10000, "the panel hidden");
  g_assert_cmpint (gtk_widget_get_width (f->content), ==, gtk_widget_get_width (GTK_WIDGET (f->split)));
}

/* Collapsing and expanding take one frame, animations on: as AdwOverlaySplitView (libadwaita
 * >= 1.4) collapses without animating, AdwFlap before it is made to fold at once (its 250 ms fold
 * drew the whole window in each of its frames). */
static gboolean
content_whole (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_width (GTK_WIDGET (f->split)) > 0
         && gtk_widget_get_width (f->content) == gtk_widget_get_width (GTK_WIDGET (f->split));
}

static void
test_collapse_at_once (Fixture *f, gconstpointer data)
{
  GtkSettings *settings = gtk_settings_get_default ();
  gboolean animations;

  g_object_get (settings, "gtk-enable-animations", &animations, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (settled, f, 10000, "the panel beside the content");
  g_assert_false (content_whole (f));
  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);

  kiela_split_set_collapsed (f->split, TRUE);
  app_test_wait_frames (f->window, 2);
  g_assert_true (content_whole (f));

  kiela_split_set_collapsed (f->split, FALSE);
  app_test_wait_frames (f->window, 2);
  g_assert_true (settled (f));
  g_assert_false (content_whole (f));
  g_object_set (settings, "gtk-enable-animations", animations, NULL);
}

/* The panel shown over the folded content, then the window widened past the fold width before
 * any frame (F9, then a maximise): libadwaita 1.7 left the overlay's dimming without an
 * allocation in the very pass where the window's breakpoint changes and is drawn for its
 * cross-fade ("Trying to snapshot AdwGizmo without a current allocation", fatal here: the test
 * aborts on it).  The panel ends beside the content, shown.  The window is an
 * AdwApplicationWindow folding the split below 900 px, as KielaWindow folds it below 1100 px;
 * before libadwaita 1.4 the window's allocation folds it (kiela_split_window_allocate). */
static gboolean
folded_as_wide (gpointer data)
{
  Fixture *f = data;
  int width = gtk_widget_get_width (f->window);

  /* Within a few pixels: GTK 4.8 keeps a solid frame's border out of the window's width. */
  if (ABS (width - f->width) > 20)
    return FALSE;
#if !ADW_CHECK_VERSION (1, 4, 0)
  kiela_split_window_allocate (f->split, width);
#endif
  return kiela_split_get_collapsed (f->split) == (width < 900);
}

static void
resize (Fixture *f, int width, int height)
{
  f->width = width;
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
}

static void
test_unfold_with_panel_over (gconstpointer data)
{
  Fixture fixture = { 0 }, *f = &fixture;
  graphene_rect_t c, s;

  f->window = GTK_WIDGET (g_object_new (ADW_TYPE_APPLICATION_WINDOW, NULL));
  f->split = KIELA_SPLIT (kiela_split_new ());
  f->content = gtk_label_new ("content");
  f->sidebar = gtk_label_new ("sidebar");
  gtk_widget_set_size_request (f->sidebar, 200, -1);
  kiela_split_set_content (f->split, f->content);
  kiela_split_set_sidebar (f->split, f->sidebar);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (f->window), GTK_WIDGET (f->split));
  kiela_split_collapse_below (f->split, ADW_APPLICATION_WINDOW (f->window), 900, 600, 500);
  resize (f, 700, 500);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (folded_as_wide, f, 10000, "the panel folded at 700 px");
  g_assert_true (kiela_split_get_collapsed (f->split));
  g_assert_false (kiela_split_get_show_sidebar (f->split));
  app_test_wait_frames (f->window, 3);

  /* No frame between the two. */
  kiela_split_set_show_sidebar (f->split, TRUE);
  resize (f, 1000, 600);
  wait_until (folded_as_wide, f, 10000, "the panel unfolded at 1000 px");
  app_test_wait_frames (f->window, 3);
  g_assert_false (kiela_split_get_collapsed (f->split));
  g_assert_true (kiela_split_get_show_sidebar (f->split));
  g_assert_true (gtk_widget_compute_bounds (f->content, GTK_WIDGET (f->split), &c));
  g_assert_true (gtk_widget_compute_bounds (f->sidebar, GTK_WIDGET (f->split), &s));
  g_assert_cmpfloat (s.origin.x, >=, c.origin.x + c.size.width - 1);
  g_assert_cmpfloat (s.size.width, >=, 200);

  /* And back: folded again with the panel over the content, then hidden. */
  resize (f, 700, 500);
  wait_until (folded_as_wide, f, 10000, "the panel folded again at 700 px");
  g_assert_false (kiela_split_get_show_sidebar (f->split));
  kiela_split_set_show_sidebar (f->split, TRUE);
  resize (f, 1000, 600);
  wait_until (folded_as_wide, f, 10000, "the panel unfolded again");
  app_test_wait_frames (f->window, 3);
  g_assert_true (kiela_split_get_show_sidebar (f->split));
  fixture_teardown (f, NULL);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "split");

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/split/properties", test_properties);
  ADD ("/split/collapse", test_collapse);
  ADD ("/split/pinned", test_pinned);
  ADD ("/split/layout", test_layout);
  ADD ("/split/collapse-at-once", test_collapse_at_once);
#undef ADD
  g_test_add_data_func ("/split/unfold-with-panel-over", NULL, test_unfold_with_panel_over);
  return g_test_run ();
}
