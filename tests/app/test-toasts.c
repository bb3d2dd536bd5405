/* test-toasts.c: where the window's toasts go and how long they stay: never over the position
 * editor's controls, and a refusal replaced by another gets its full time; a click meant for
 * one toast never lands on the next. */
#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-learn.h"
#include "kiela-lesson-view.h"
#include "kiela-lessons-page.h"
#include "kiela-settings.h"
#include "kiela-position-editor.h"
#include "kiela-board-view.h"
#include "app-test-util.h"
#include "app-test-render.h"

static KielaRegistry *registry;

static gboolean
mapped (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

static KielaWindow *
window_new (GSettings *prefs, int width, int height)
{
  KielaWindow *window = kiela_window_new (NULL, registry, prefs, NULL);

  g_object_ref_sink (window);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  kiela_window_new_game (window, kiela_registry_lookup_variant (registry, "kiela"), NULL, NULL);
  gtk_window_present (GTK_WINDOW (window));
  wait_until (mapped, window, 10000, "the window to be shown");
  app_test_wait_frames (GTK_WIDGET (window), 2);
  return window;
}

static void
window_free (KielaWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
}

/* Plays the last legal move until one relays or captures, which offers its lesson in a toast. */
static void
play_until_offer (KielaWindow *window)
{
  for (guint i = 0; i < 40 && kiela_learn_get_last_offer (kiela_window_get_learn (window)) == NULL; i++)
    {
      KielaGame *game = kiela_window_get_game (window);
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, moves);
      g_autofree char *sq = NULL;

      g_assert_cmpuint (n, >, 0);
      sq = kiela_square_name_dup (10, kiela_game_get_position (game)->to_move, (guint) moves[n - 1]);
      app_test_play_square (window, sq);
    }
  g_assert_nonnull (kiela_learn_get_last_offer (kiela_window_get_learn (window)));
}

/* The toast widget shown now in the window's overlay, or NULL (libadwaita draws each toast as a
 * "toast" node; a hiding one can no longer be clicked). */
static GtkWidget *
shown_toast (KielaWindow *window)
{
  GtkWidget *overlay = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), KIELA_TYPE_WINDOW, "toast_overlay"));

  for (GtkWidget *c = gtk_widget_get_first_child (overlay); c; c = gtk_widget_get_next_sibling (c))
    if (g_strcmp0 (gtk_widget_get_css_name (c), "toast") == 0 && gtk_widget_get_mapped (c)
        && gtk_widget_get_can_target (c))
      return c;
  return NULL;
}

static gboolean
toast_shown (gpointer window)
{
  return shown_toast (window) != NULL;
}

static gboolean
no_toast_shown (gpointer window)
{
  return shown_toast (window) == NULL;
}

/* The text of the toast shown now, or NULL. */
static const char *
shown_toast_text (KielaWindow *window)
{
  GtkWidget *toast = shown_toast (window);
  GtkWidget *label = toast ? app_test_find_type (toast, GTK_TYPE_LABEL) : NULL;

  return label ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

/* What one uses on the editor's page: its buttons, rows, entries, the board and the help line. */
static gboolean
is_control (GtkWidget *w)
{
  return GTK_IS_BUTTON (w) || GTK_IS_LIST_BOX_ROW (w) || GTK_IS_EDITABLE (w) || KIELA_IS_BOARD_VIEW (w)
         || (GTK_IS_LABEL (w) && gtk_widget_has_css_class (w, "dim-label"));
}

/* Every control under `widget` shown on screen lies clear of `toast` (both in the window's
 * coordinates); returns how many were checked. */
static guint
assert_clear_of (KielaWindow *window, GtkWidget *widget, const graphene_rect_t *toast, const char *size)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (widget))
    return 0;
  if (is_control (widget))
    {
      graphene_rect_t b, clip, visible;
      GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);

      g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (window), &b));
      visible = b;
      /* A row scrolled out of its list is not on screen. */
      if (scroller && gtk_widget_compute_bounds (scroller, GTK_WIDGET (window), &clip)
          && !graphene_rect_intersection (&b, &clip, &visible))
        return 0;
      if (graphene_rect_intersection (&visible, toast, NULL))
        {
          const char *what = GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget))
                             : GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget))
                             ? gtk_button_get_label (GTK_BUTTON (widget))
                             : gtk_widget_get_tooltip_text (widget) ? gtk_widget_get_tooltip_text (widget)
                             : G_OBJECT_TYPE_NAME (widget);
          g_error ("at %s the toast (%.0f,%.0f %.0f×%.0f) covers “%s” (%.0f,%.0f %.0f×%.0f)", size,
                   toast->origin.x, toast->origin.y, toast->size.width, toast->size.height, what,
                   visible.origin.x, visible.origin.y, visible.size.width, visible.size.height);
        }
      n++;
      if (!GTK_IS_LABEL (widget) && !KIELA_IS_BOARD_VIEW (widget) && !GTK_IS_LIST_BOX_ROW (widget))
        return n;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n += assert_clear_of (window, c, toast, size);
  return n;
}

/* The toast shown now, once it has slid in, clear of every control of the editor. */
static void
assert_editor_clear (KielaWindow *window, KielaPositionEditor *editor, const char *size, const char *png)
{
  GtkWidget *toast;
  graphene_rect_t tb;

  wait_until (toast_shown, window, 5000, "a toast");
  /* Where it stays (no slide-in: animations are off), laid out. */
  app_test_wait_frames (GTK_WIDGET (window), 2);
  toast = shown_toast (window);
  g_assert_nonnull (toast);
  g_assert_true (gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &tb));
  g_assert_cmpuint (assert_clear_of (window, GTK_WIDGET (editor), &tb, size), >, 10);
  render_to_png (GTK_WIDGET (window), png);
}

typedef struct {
  KielaWindow *window;
  GtkWidget *toast;  /* a reference: the pointer is never another toast's */
} ToastGone;

/* A wait_until() condition: the toast shown now is not the one closed (another one, or none). */
static gboolean
other_toast_shown (gpointer data)
{
  ToastGone *gone = data;

  return shown_toast (gone->window) != gone->toast;
}

static void
close_toasts (KielaWindow *window)
{
  GtkWidget *toast;

  while ((toast = shown_toast (window)) != NULL)
    {
      /* Its close button, the last button in it. */
      GtkWidget *close = NULL;

      for (GtkWidget *c = gtk_widget_get_first_child (toast); c; c = gtk_widget_get_next_sibling (c))
        if (GTK_IS_BUTTON (c))
          close = c;
      g_assert_nonnull (close);
      {
        ToastGone gone = { window, g_object_ref (toast) };

        g_signal_emit_by_name (close, "clicked");
        wait_until (other_toast_shown, &gone, 5000, "a closed toast to go");
        g_object_unref (gone.toast);
      }
    }
}

/* A lesson offered in a game just before the editor opens, the editor's own toast and a long
 * toast with a button: none lies over a control of the editor, at each window size. */
static void
test_editor_uncovered (void)
{
  static const struct { int w, h; } sizes[] = { { 1024, 768 }, { 800, 600 }, { 1280, 800 }, { 1600, 1000 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GSettings) prefs = app_test_settings_new ();
      g_autofree char *size = g_strdup_printf ("%d×%d", sizes[i].w, sizes[i].h);
      g_autofree char *png = NULL;
      KielaWindow *window;
      KielaPositionEditor *editor;
      AdwToast *long_toast;

      g_settings_set_enum (prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
      window = window_new (prefs, sizes[i].w, sizes[i].h);
      play_until_offer (window);
      wait_until (toast_shown, window, 5000, "the lesson's offer");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-position", NULL));
      editor = KIELA_POSITION_EDITOR (kiela_window_get_page (window, KIELA_PAGE_EDITOR));
      g_assert_nonnull (editor);
      wait_until (app_test_widget_shown, editor, 10000, "the editor");
      /* The game's offer, still up (its eight seconds run on), lies clear of the editor. */
      png = g_strdup_printf ("toasts-editor-offer-%dx%d.png", sizes[i].w, sizes[i].h);
      assert_editor_clear (window, editor, size, png);
      g_clear_pointer (&png, g_free);
      close_toasts (window);

      /* The editor's own toast. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.copy", NULL));
      png = g_strdup_printf ("toasts-editor-%dx%d.png", sizes[i].w, sizes[i].h);
      assert_editor_clear (window, editor, size, png);
      close_toasts (window);

      /* The widest kind: a toast with a button is at least 450 px wide. */
      long_toast = adw_toast_new ("A message long enough to fill a toast from one side to the other, and more");
      adw_toast_set_button_label (long_toast, "_Details");
      kiela_window_add_toast (window, long_toast);
      g_free (png);
      png = g_strdup_printf ("toasts-editor-long-%dx%d.png", sizes[i].w, sizes[i].h);
      assert_editor_clear (window, editor, size, png);
      close_toasts (window);
      window_free (window);
    }
}

/* The refusals' time in this test, shortened from the window's 5 s through its
 * "refusal-timeout" property.  The steps below come at fixed fractions of it, and only a step
 * 0.4 × REFUSAL_MS late (a loaded machine, a sanitizer build) fails the test: not 50 ms here. */
#define REFUSAL_MS 1500

/* Runs the main loop until `t` (monotonic µs) has passed. */
static void
spin_until (gint64 t)
{
  while (g_get_monotonic_time () < t)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* A refusal replaced by another while shown: the new reason gets its full time, not what was
 * left of the first's; the same reason again stays in the same toast (no second toast, no
 * flicker) and its time starts again. */
static void
test_refusal_full_time (void)
{
  g_autoptr(GSettings) prefs = app_test_settings_new ();
  KielaWindow *window;
  GtkWidget *first;
  gint64 first_at, second_at, third_at;
  const gint64 t = REFUSAL_MS * (gint64) 1000;

  g_settings_set_enum (prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  window = window_new (prefs, 1280, 800);
  g_assert_cmpuint (kiela_window_get_refusal_timeout (window), ==, 5000);
  g_object_set (window, "refusal-timeout", REFUSAL_MS, NULL);
  g_assert_cmpuint (kiela_window_get_refusal_timeout (window), ==, REFUSAL_MS);

  first_at = g_get_monotonic_time ();
  app_test_play_square (window, "d4");
  wait_until (toast_shown, window, 5000, "the first refusal");
  g_assert_nonnull (strstr (shown_toast_text (window), "d4 belongs to North"));
  first = shown_toast (window);
  spin_until (first_at + t / 2);
  second_at = g_get_monotonic_time ();
  app_test_play_square (window, "a2");
  g_assert_true (shown_toast (window) == first);
  g_assert_nonnull (strstr (shown_toast_text (window), "a2 is empty"));
  /* The first one's time is up; the second stays. */
  spin_until (first_at + t + t / 10);
  g_assert_cmpint (g_get_monotonic_time () - second_at, <, t);
  g_assert_true (shown_toast (window) == first);
  g_assert_nonnull (strstr (shown_toast_text (window), "a2 is empty"));

  /* The same click again: the same toast, the same words, and its full time from now. */
  third_at = g_get_monotonic_time ();
  app_test_play_square (window, "a2");
  g_assert_true (shown_toast (window) == first);
  g_assert_nonnull (strstr (shown_toast_text (window), "a2 is empty"));
  {
    guint toasts = 0;
    GtkWidget *overlay = gtk_widget_get_parent (first);

    for (GtkWidget *c = gtk_widget_get_first_child (overlay); c; c = gtk_widget_get_next_sibling (c))
      toasts += g_strcmp0 (gtk_widget_get_css_name (c), "toast") == 0;
    g_assert_cmpuint (toasts, ==, 1);
  }
  /* Past the second click's time, still up. */
  spin_until (second_at + t + t / 10);
  g_assert_cmpint (g_get_monotonic_time () - third_at, <, t);
  g_assert_true (shown_toast (window) == first);
  /* And it does go, no sooner than its time after the last click. */
  wait_until (no_toast_shown, window, 4000 + REFUSAL_MS, "the refusal to go");
  g_assert_cmpint (g_get_monotonic_time () - third_at, >=, t);
  window_free (window);
}

/* A long message, such as a failed autosave's on a read-only disk, is shown whole at
 * 1024×768: wrapped, never cut before its reason. */
static void
test_long_message_fits (void)
{
  g_autoptr(GSettings) prefs = app_test_settings_new ();
  KielaWindow *window = window_new (prefs, 1024, 768);
  const char *text = "The game could not be autosaved: Could not save "
                     "“/home/pupil/.local/share/kiela/autosave.kiela”: Read-only file system";
  GtkWidget *toast, *label;
  graphene_rect_t tb, lb;
  PangoLayout *layout;

  kiela_window_add_message (window, text);
  wait_until (toast_shown, window, 5000, "a toast");
  app_test_wait_frames (GTK_WIDGET (window), 2);
  toast = shown_toast (window);
  g_assert_nonnull (toast);
  label = app_test_find_type (toast, GTK_TYPE_LABEL);
  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, text);
  /* Kept as the last message, as a one-line toast's title is (the tests and the autosave's read it). */
  g_assert_cmpstr (kiela_window_get_last_message (window), ==, text);
  layout = gtk_label_get_layout (GTK_LABEL (label));
  g_assert_false (pango_layout_is_ellipsized (layout));
  g_assert_cmpint (pango_layout_get_line_count (layout), >=, 2);
  /* The whole of the label, and of the toast, inside the window. */
  g_assert_true (gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &tb));
  g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (window), &lb));
  g_assert_cmpfloat (tb.origin.x, >=, 0);
  g_assert_cmpfloat (tb.origin.x + tb.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (tb.origin.y + tb.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  {
    int w, h;

    pango_layout_get_pixel_size (layout, &w, &h);
    g_assert_cmpfloat (lb.size.height, >=, h - 1);
    g_assert_cmpfloat (lb.size.width, >=, w - 1);
  }
  render_to_png (GTK_WIDGET (window), "toast-long-message-1024x768.png");

  /* A short message keeps the toast's own one-line title. */
  close_toasts (window);
  kiela_window_add_message (window, "Position copied");
  wait_until (toast_shown, window, 5000, "a toast");
  g_assert_cmpstr (shown_toast_text (window), ==, "Position copied");
  window_free (window);
}

static GtkWidget *
window_child (KielaWindow *window, const char *name)
{
  GtkWidget *w = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), KIELA_TYPE_WINDOW, name));

  g_assert_nonnull (w);
  return w;
}

/* The toast shown now lies clear of the caption's narration and inside the window. */
static void
assert_caption_clear (KielaWindow *window, const char *what, const char *png)
{
  GtkWidget *caption = window_child (window, "caption_label"), *toast;
  graphene_rect_t tb, cb;

  wait_until (toast_shown, window, 5000, "a toast");
  app_test_wait_frames (GTK_WIDGET (window), 3);
  toast = shown_toast (window);
  g_assert_nonnull (toast);
  g_assert_true (gtk_widget_get_mapped (caption));
  g_assert_true (gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &tb));
  g_assert_true (gtk_widget_compute_bounds (caption, GTK_WIDGET (window), &cb));
  render_to_png (GTK_WIDGET (window), png);
  if (graphene_rect_intersection (&tb, &cb, NULL))
    g_error ("%s: the toast (%.0f,%.0f %.0f×%.0f) covers the caption (%.0f,%.0f %.0f×%.0f)", what,
             tb.origin.x, tb.origin.y, tb.size.width, tb.size.height,
             cb.origin.x, cb.origin.y, cb.size.width, cb.size.height);
  g_assert_cmpfloat (tb.origin.y, >=, 0);
  g_assert_cmpfloat (tb.origin.y + tb.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
}

/* At 1024×768, presenting (the caption under the board) and in the window with the side panel
 * hidden (the caption stands in for it): a message and a lesson's offer never cover the
 * narration a class reads. */
static void
test_caption_uncovered (void)
{
  g_autoptr(GSettings) prefs = app_test_settings_new ();
  KielaWindow *window;

  g_settings_set_enum (prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  window = window_new (prefs, 1024, 768);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL));
  /* Xvfb has no window manager to make it fullscreen: the window keeps 1024×768. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  app_test_wait_frames (GTK_WIDGET (window), 3);
  g_assert_nonnull (kiela_window_get_caption (window));
  play_until_offer (window);
  assert_caption_clear (window, "presenting, the offer", "toasts-caption-offer-1024x768.png");
  close_toasts (window);
  kiela_window_add_message (window, "Game copied");
  assert_caption_clear (window, "presenting, a message", "toasts-caption-message-1024x768.png");
  close_toasts (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL));
  g_assert_false (kiela_window_get_presenting (window));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (window_child (window, "panel_button")), FALSE);
  app_test_wait_frames (GTK_WIDGET (window), 3);
  g_assert_nonnull (kiela_window_get_caption (window));
  kiela_window_add_message (window, "Game copied");
  assert_caption_clear (window, "the panel hidden", "toasts-caption-window-1024x768.png");
  window_free (window);
}

/* The toast shown now, slid in, clear of the lesson view's replay controls, its narration (the
 * side text, or the caption band when presenting) and every other control of it. */
static void
assert_lesson_clear (KielaWindow *window, const char *what, const char *png)
{
  KielaLessonView *view = kiela_learn_get_lesson_view (kiela_window_get_learn (window));
  const char *parts[] = { "replay", "narration", "caption", "task", "next", "hint" };
  GtkWidget *toast;
  graphene_rect_t tb;

  wait_until (toast_shown, window, 5000, "a toast");
  app_test_wait_frames (GTK_WIDGET (window), 3);
  toast = shown_toast (window);
  g_assert_nonnull (toast);
  g_assert_true (gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &tb));
  render_to_png (GTK_WIDGET (window), png);
  g_assert_cmpfloat (tb.origin.y, >=, 0);
  g_assert_cmpfloat (tb.origin.y + tb.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      GtkWidget *part = kiela_lesson_view_get_control (view, parts[i]);
      graphene_rect_t pb;

      if (part == NULL || !gtk_widget_get_mapped (part))
        continue;
      g_assert_true (gtk_widget_compute_bounds (part, GTK_WIDGET (window), &pb));
      if (graphene_rect_intersection (&tb, &pb, NULL))
        g_error ("%s: the toast (%.0f,%.0f %.0f×%.0f) covers the lesson's %s (%.0f,%.0f %.0f×%.0f)", what,
                 tb.origin.x, tb.origin.y, tb.size.width, tb.size.height, parts[i],
                 pb.origin.x, pb.origin.y, pb.size.width, pb.size.height);
    }
  g_assert_true (gtk_widget_get_mapped (kiela_lesson_view_get_control (view, "replay")));
  g_assert_cmpuint (assert_clear_of (window, GTK_WIDGET (view), &tb, what), >, 5);
}

/* A lesson's offer still up when a lesson opens, the "done" toast, a long toast with a button,
 * and the same presenting (the caption band under the board) and over a puzzle: at 1024×768
 * and 1920×1080 none covers the replay bar, the narration or another control of the runner. */
static void
test_lesson_uncovered (void)
{
  static const struct { int w, h; } sizes[] = { { 1024, 768 }, { 1920, 1080 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GSettings) prefs = app_test_settings_new ();
      g_autoptr(GPtrArray) puzzles = kiela_lessons_sorted (registry, KIELA_LESSON_KIND_PUZZLES);
      KielaWindow *window;
      AdwToast *long_toast;
      char png[64];
      const int w = sizes[i].w, h = sizes[i].h;

      g_settings_set_enum (prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
      window = window_new (prefs, w, h);
      play_until_offer (window);
      wait_until (toast_shown, window, 5000, "the lesson's offer");
      /* Opened from the menu while the offer's eight seconds run on. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "learn.open-lesson", "s", "houses"));
      g_assert_cmpstr (kiela_window_get_visible_page (window), ==, KIELA_PAGE_LESSON);
      g_snprintf (png, sizeof png, "toasts-lesson-offer-%dx%d.png", w, h);
      assert_lesson_clear (window, "a lesson, the offer", png);
      close_toasts (window);

      kiela_window_add_message (window, "“The Houses” done: ★★★");
      g_snprintf (png, sizeof png, "toasts-lesson-done-%dx%d.png", w, h);
      assert_lesson_clear (window, "a lesson, the done toast", png);
      close_toasts (window);

      long_toast = adw_toast_new ("A message long enough to fill a toast from one side to the other, and more");
      adw_toast_set_button_label (long_toast, "_Details");
      kiela_window_add_toast (window, long_toast);
      g_snprintf (png, sizeof png, "toasts-lesson-long-%dx%d.png", w, h);
      assert_lesson_clear (window, "a lesson, a long toast", png);
      close_toasts (window);

      /* Presenting: the narration is the caption band under the board. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL));
      gtk_window_set_default_size (GTK_WINDOW (window), w, h);
      app_test_wait_frames (GTK_WIDGET (window), 3);
      g_assert_true (kiela_lesson_view_get_presenting (kiela_learn_get_lesson_view (kiela_window_get_learn (window))));
      kiela_window_add_message (window, "“The Houses” done: ★★★");
      g_snprintf (png, sizeof png, "toasts-lesson-presenting-%dx%d.png", w, h);
      assert_lesson_clear (window, "a lesson presented, the done toast", png);
      close_toasts (window);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation", NULL));
      app_test_wait_frames (GTK_WIDGET (window), 3);

      /* A puzzle runs in the same view. */
      g_assert_cmpuint (puzzles->len, >, 0);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "learn.open-lesson", "s",
                                                 ((const KielaLesson *) g_ptr_array_index (puzzles, 0))->id));
      long_toast = adw_toast_new ("A message long enough to fill a toast from one side to the other, and more");
      adw_toast_set_button_label (long_toast, "_Details");
      kiela_window_add_toast (window, long_toast);
      g_snprintf (png, sizeof png, "toasts-puzzle-long-%dx%d.png", w, h);
      assert_lesson_clear (window, "a puzzle, a long toast", png);
      close_toasts (window);
      window_free (window);
    }
}

/* The button a click at (x, y) of the window lands on, as GTK picks it (a widget that does not
 * take the pointer lets it through to the one under it), or NULL. */
static GtkWidget *
button_at (KielaWindow *window, double x, double y)
{
  GtkWidget *w = gtk_widget_pick (GTK_WIDGET (window), x, y, GTK_PICK_DEFAULT);

  while (w != NULL && !GTK_IS_BUTTON (w))
    w = gtk_widget_get_parent (w);
  return w;
}

/* A lesson offered the way the game offers one (kiela-learn.c's offer_lesson()). */
static void
offer (KielaWindow *window, const char *text, const char *lesson_id)
{
  AdwToast *toast = adw_toast_new (text);

  adw_toast_set_timeout (toast, 8);
  adw_toast_set_button_label (toast, "How does this work?");
  adw_toast_set_action_name (toast, "learn.open-lesson");
  adw_toast_set_action_target_value (toast, g_variant_new_string (lesson_id));
  kiela_window_add_toast (window, toast);
}

static GtkWidget *
last_button (GtkWidget *toast)
{
  GtkWidget *last = NULL;

  for (GtkWidget *c = gtk_widget_get_first_child (toast); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c))
      last = c;
  g_assert_nonnull (last);
  return last;
}

/* Two offers queued, the second wider (its "How does this work?" lies where the first's close
 * button was): the first closed by its close button, a second click at once at the same place,
 * meant to close the next, opens no lesson.  The next offer is still there, and its button
 * takes a click once it has been up a moment. */
static void
test_offer_not_under_pointer (void)
{
  g_autoptr(GSettings) prefs = app_test_settings_new ();
  KielaWindow *window = window_new (prefs, 1024, 768);
  GtkWidget *first, *close, *second, *button;
  graphene_point_t at;

  offer (window, "That move captured stones.", KIELA_LESSON_FOR_CAPTURE);
  offer (window, "That move relayed: its last stone landed in an occupied house.",
         KIELA_LESSON_FOR_RELAY);
  wait_until (toast_shown, window, 5000, "the first offer");
  app_test_wait_frames (GTK_WIDGET (window), 2);
  first = g_object_ref (shown_toast (window));
  close = last_button (first);
  {
    graphene_point_t centre = GRAPHENE_POINT_INIT (gtk_widget_get_width (close) / 2.0f, gtk_widget_get_height (close) / 2.0f);

    g_assert_true (gtk_widget_compute_point (close, GTK_WIDGET (window), &centre, &at));
  }
  render_to_png (GTK_WIDGET (window), "toasts-offer-first-1024x768.png");
  /* Once the offer has been up a moment, a click on its close button lands on it. */
  spin_until (g_get_monotonic_time () + 1200 * (gint64) 1000);
  g_assert_true (button_at (window, at.x, at.y) == close);
  g_signal_emit_by_name (close, "clicked");
  {
    ToastGone gone = { window, first };

    wait_until (other_toast_shown, &gone, 5000, "the first offer to go");
  }
  app_test_wait_frames (GTK_WIDGET (window), 2);
  /* The one closed is gone (animations are off): only the next one is drawn. */
  {
    guint toasts = 0;

    for (GtkWidget *c = gtk_widget_get_first_child (gtk_widget_get_parent (shown_toast (window))); c;
         c = gtk_widget_get_next_sibling (c))
      toasts += g_strcmp0 (gtk_widget_get_css_name (c), "toast") == 0;
    g_assert_cmpuint (toasts, ==, 1);
  }
  /* The second click, at once at the same place. */
  button = button_at (window, at.x, at.y);
  if (shown_toast (window))
    render_to_png (GTK_WIDGET (window), "toasts-offer-second-1024x768.png");
  g_test_message ("at %.0f,%.0f: %s “%s”", at.x, at.y, button ? G_OBJECT_TYPE_NAME (button) : "nothing",
                  button && gtk_button_get_label (GTK_BUTTON (button)) ? gtk_button_get_label (GTK_BUTTON (button)) : "");
  if (button != NULL)
    g_signal_emit_by_name (button, "clicked");
  app_test_wait_frames (GTK_WIDGET (window), 3);
  g_assert_cmpstr (kiela_window_get_visible_page (window), ==, "game");

  /* The second offer is up (or comes up), and its button works after a moment. */
  wait_until (toast_shown, window, 5000, "the second offer");
  second = shown_toast (window);
  g_assert_true (second != first);
  g_assert_nonnull (strstr (shown_toast_text (window), "relayed"));
  spin_until (g_get_monotonic_time () + 1200 * (gint64) 1000);
  button = NULL;
  for (GtkWidget *c = gtk_widget_get_first_child (second); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c) && gtk_button_get_label (GTK_BUTTON (c)) != NULL)
      button = c;
  g_assert_nonnull (button);
  {
    graphene_point_t centre = GRAPHENE_POINT_INIT (gtk_widget_get_width (button) / 2.0f, gtk_widget_get_height (button) / 2.0f);

    g_assert_true (gtk_widget_compute_point (button, GTK_WIDGET (window), &centre, &at));
  }
  g_assert_true (button_at (window, at.x, at.y) == button);
  g_signal_emit_by_name (button, "clicked");
  app_test_wait_frames (GTK_WIDGET (window), 3);
  g_assert_cmpstr (kiela_window_get_visible_page (window), ==, KIELA_PAGE_LESSON);
  g_object_unref (first);
  close_toasts (window);
  window_free (window);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-toasts");

  app_test_load_style ();
  app_test_disable_animations ();
  registry = kiela_registry_new ();
  kiela_registry_load_default (registry);
  g_test_add_func ("/app/toasts/editor-uncovered", test_editor_uncovered);
  g_test_add_func ("/app/toasts/refusal-full-time", test_refusal_full_time);
  g_test_add_func ("/app/toasts/long-message-fits", test_long_message_fits);
  g_test_add_func ("/app/toasts/caption-uncovered", test_caption_uncovered);
  g_test_add_func ("/app/toasts/lesson-uncovered", test_lesson_uncovered);
  g_test_add_func ("/app/toasts/offer-not-under-pointer", test_offer_not_under_pointer);
  return g_test_run ();
}
