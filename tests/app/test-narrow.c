/* test-narrow.c: the window at 600×500, half a school laptop's screen (issue 23), on a larger
 * screen so that a window whose content needs more room grows past that size and the test
 * sees it.  The game page, the lessons and a lesson, and the position editor each fit: the
 * window stays 600×500, the side panel is folded away, and every house of the board is on
 * screen and large enough to click. */
#include "config.h"

#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-learn.h"
#include "kiela-lesson-view.h"
#include "kiela-position-editor.h"
#include "kiela-board-view-private.h"
#include "kiela-fold-layout.h"
#include "kiela-preferences-window.h"
#include "kiela-compat.h"
#include "app-test-util.h"
#include "app-test-render.h"

#define NARROW_WIDTH 600
#define NARROW_HEIGHT 500
/* A house smaller than this is no longer a comfortable target for a mouse or a finger. */
#define MIN_HOUSE 20
/* The pixels a widget may reach past its parent: the header bar's -1 px CSS margins, rounding. */
#define SLACK 1.5

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  f->prefs = app_test_settings_new ();
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  f->window = app_test_window_new (f->registry, f->prefs, NULL);
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), NARROW_WIDTH, NARROW_HEIGHT);
  gtk_window_present (GTK_WINDOW (f->window));
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, app_test_window_free);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
}

/* On a failure: the widgets that ask for much room, to find what widens or heightens the window. */
static void
dump (GtkWidget *w, int depth)
{
  int mw, mh;
  if (!gtk_widget_get_visible (w)) return;
  gtk_widget_measure (w, GTK_ORIENTATION_HORIZONTAL, -1, &mw, NULL, NULL, NULL);
  gtk_widget_measure (w, GTK_ORIENTATION_VERTICAL, -1, &mh, NULL, NULL, NULL);
  if (mw > 400 || mh > 60)
    g_printerr ("%*s%s %s min %dx%d alloc %dx%d\n", depth, "", G_OBJECT_TYPE_NAME (w), gtk_widget_get_name (w), mw, mh,
                gtk_widget_get_width (w), gtk_widget_get_height (w));
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    dump (c, depth + 1);
}

/* Whether `widget` scrolls what it holds: its children may lie out of its bounds, scrolled away. */
static gboolean
scrolls (GtkWidget *widget)
{
  return GTK_IS_SCROLLED_WINDOW (widget) || GTK_IS_SCROLLABLE (widget);
}

static gboolean
is_shadow (GtkWidget *widget)
{
  static const char *const names[] = { "dimming", "shadow", "border", "outline" };
  const char *name = gtk_widget_get_css_name (widget);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (name, names[i]) == 0)
      return !gtk_widget_get_can_target (widget);
  return FALSE;
}

/* Every widget on screen under `widget` lies whole inside `clip` (the window's bounds, narrowed
 * by each ancestor's that clips): nothing is cut off by the window's edge or by a widget
 * holding it.
 * What a scrolled window holds may be scrolled out of sight and is not looked into. */
static void
assert_inside (GtkWidget *window, GtkWidget *widget, const graphene_rect_t *clip, const char *what)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      graphene_rect_t b, inner;

      if (!gtk_widget_get_mapped (c) || gtk_widget_get_width (c) == 0 || gtk_widget_get_height (c) == 0)
        continue;
      /* A popover is a surface of its own; the shadow a panel casts over the board as it
       * slides in (AdwShadowHelper's nodes) is drawn past its edge on purpose. */
      if (GTK_IS_NATIVE (c) || is_shadow (c))
        continue;
      g_assert_true (gtk_widget_compute_bounds (c, window, &b));
      if (b.origin.x < clip->origin.x - SLACK || b.origin.y < clip->origin.y - SLACK
          || b.origin.x + b.size.width > clip->origin.x + clip->size.width + SLACK
          || b.origin.y + b.size.height > clip->origin.y + clip->size.height + SLACK)
        g_error ("%s: %s %s (in %s) at %.0f,%.0f %.0f×%.0f is cut off: it has %.0f,%.0f %.0f×%.0f", what,
                 G_OBJECT_TYPE_NAME (c), gtk_widget_get_name (c), G_OBJECT_TYPE_NAME (widget),
                 b.origin.x, b.origin.y, b.size.width, b.size.height,
                 clip->origin.x, clip->origin.y, clip->size.width, clip->size.height);
      if (scrolls (c))
        continue;
      /* A widget clips what it holds only with its overflow hidden (a scale's knob may reach
       * past its trough, drawn whole). */
      if (gtk_widget_get_overflow (c) == GTK_OVERFLOW_HIDDEN)
        graphene_rect_intersection (clip, &b, &inner);
      else
        inner = *clip;
      assert_inside (window, c, &inner, what);
    }
}

/* The window kept the size asked for: its content's minimum fits in 600×500 (the content's,
 * not the window's: a window with breakpoints takes its minimum from its size request), and
 * every widget shown lies whole inside it. */
static void
assert_fits (Fixture *f, const char *what, const char *png)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (f->window));
  graphene_rect_t all;
  int min_w, min_h, min_h_narrowest, width, height;

  app_test_wait_frames (window, 3);
  /* Past the pages' crossfade. */
  spin (600);
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, NARROW_WIDTH, &min_h, NULL, NULL, NULL);
  /* A breakpoint's bin checks the height its child needs at its narrowest. */
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, -1, &min_h_narrowest, NULL, NULL, NULL);
  if (gtk_widget_get_width (window) > NARROW_WIDTH || gtk_widget_get_height (window) > NARROW_HEIGHT)
    { dump (window, 0); g_error ("%s: the window is %d×%d (its content's minimum %d×%d), more than %d×%d", what,
             gtk_widget_get_width (window), gtk_widget_get_height (window), min_w, min_h,
             NARROW_WIDTH, NARROW_HEIGHT); }
  /* The content has the window's width, which can be less than its 600 px request: on X11
   * without a compositor GTK 4.18 keeps a 5 px frame on each side (590 px are left, and 490 px
   * of the height). */
  width = MIN (NARROW_WIDTH, gtk_widget_get_width (window));
  height = MIN (NARROW_HEIGHT, gtk_widget_get_height (window));
  if (min_w > width || min_h > height || min_h_narrowest > height)
    { dump (window, 0); g_error ("%s: the content needs %d×%d (%d px high at its narrowest), more than %d×%d", what,
             min_w, min_h, min_h_narrowest, width, height); }
  all = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (window), gtk_widget_get_height (window));
  assert_inside (window, window, &all, what);
  render_to_png (window, png);
}

/* Every house of `board` is shown whole inside the window and large enough to click. */
static void
assert_board_playable (Fixture *f, KielaBoardView *board, const char *what)
{
  GtkWidget *window = GTK_WIDGET (f->window);
  const KielaPosition *pos = kiela_board_view_get_position (board);
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (board)));
  for (int side = 0; side < 2; side++)
    for (guint h = 0; h < 2u * pos->files; h++)
      {
        GtkWidget *house = GTK_WIDGET (kiela_board_view_get_house (board, side, h));
        graphene_rect_t b;

        g_assert_true (gtk_widget_get_mapped (house));
        g_assert_true (gtk_widget_compute_bounds (house, window, &b));
        if (b.origin.x < 0 || b.origin.y < 0 || b.origin.x + b.size.width > width + 0.5
            || b.origin.y + b.size.height > height + 0.5)
          g_error ("%s: house %d/%u at %.0f,%.0f %.0f×%.0f is cut off by the %d×%d window", what, side, h,
                   b.origin.x, b.origin.y, b.size.width, b.size.height, width, height);
        if (b.size.width < MIN_HOUSE || b.size.height < MIN_HOUSE)
          g_error ("%s: house %d/%u is %.0f×%.0f, too small to click", what, side, h, b.size.width, b.size.height);
        /* A click at its centre reaches it: nothing lies over it. */
        {
          GtkWidget *picked = gtk_widget_pick (window, b.origin.x + b.size.width / 2, b.origin.y + b.size.height / 2,
                                               GTK_PICK_DEFAULT);

          if (picked == NULL || (picked != house && !gtk_widget_is_ancestor (picked, house)))
            g_error ("%s: a click on house %d/%u reaches %s, not the house", what, side, h,
                     picked ? G_OBJECT_TYPE_NAME (picked) : "nothing");
        }
      }
}

/* Whether a page's panes are side by side (or one under the other). */
static gboolean
columns (gpointer page)
{
  return kiela_fold_layout_get_columns (KIELA_FOLD_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (page))));
}

static void
test_game (Fixture *f, gconstpointer data)
{
  KielaSplit *split = KIELA_SPLIT (gtk_widget_get_template_child (GTK_WIDGET (f->window), KIELA_TYPE_WINDOW, "split"));
  KielaBoardView *board = kiela_window_get_board (f->window);
  guint n;

  assert_fits (f, "the game page", "narrow-game.png");
  g_assert_true (kiela_split_get_collapsed (split));
  g_assert_false (kiela_split_get_show_sidebar (split));
  assert_board_playable (f, board, "the game page");
  /* The folded panel slides over the board and away again, the window still 600×500. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.toggle-panel", NULL));
  g_assert_true (kiela_split_get_show_sidebar (split));
  assert_fits (f, "the game page with its panel shown", "narrow-game-panel.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.toggle-panel", NULL));
  g_assert_false (kiela_split_get_show_sidebar (split));
  /* Still playable: a click on a house the side to move may sow plays it. */
  n = kiela_game_get_n_moves (kiela_window_get_game (f->window));
  {
    KielaSquare sq;

    g_assert_true (kiela_square_parse (10, "g1", &sq, NULL));
    g_signal_emit_by_name (kiela_board_view_get_house (board, KIELA_SOUTH, sq.house), "clicked");
  }
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, n + 1);
  assert_fits (f, "the game page after a move", "narrow-game-moved.png");
  /* Reviewing the start: the step bar offers the way back, and still fits. */
  kiela_window_review_ply (f->window, 0);
  assert_fits (f, "the game page reviewing a move", "narrow-game-review.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.back-to-game", NULL));
  assert_fits (f, "the game page back to the game", "narrow-game-back.png");
  /* Expert Kiela begins with each side arranging its stones: the setup bar and its buttons. */
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela-expert"), NULL, NULL);
  g_assert_cmpint (kiela_game_get_phase (kiela_window_get_game (f->window)), !=, KIELA_PHASE_PLAY);
  assert_fits (f, "the game page while the stones are arranged", "narrow-game-setup.png");
  /* With a banner over it all (a file that did not open): the tallest the game page gets, with
   * the folded panel's narration in the caption band under the board. */
  {
    g_autofree char *missing = g_build_filename (g_get_tmp_dir (), "no-such-game.kiela", NULL);

    g_assert_false (kiela_window_open_path (f->window, missing));
    g_assert_nonnull (kiela_window_get_banner_text (f->window));
    assert_fits (f, "the game page with a banner while the stones are arranged", "narrow-game-setup-banner.png");
    assert_board_playable (f, board, "the game page with a banner while the stones are arranged");
    kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
    g_assert_true (kiela_window_open_path (f->window, missing) == FALSE);
    assert_fits (f, "the game page with a banner", "narrow-game-banner.png");
    assert_board_playable (f, board, "the game page with a banner");
  }
}

static gboolean
lesson_board_allocated (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (kiela_lesson_view_get_board (data))) > 0;
}

static void
test_lessons (Fixture *f, gconstpointer data)
{
  KielaLessonView *view;

  g_assert_true (kiela_window_show_page (f->window, KIELA_PAGE_LESSONS));
  assert_fits (f, "the lessons page", "narrow-lessons.png");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "learn.open-lesson", "s", "houses");
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  view = kiela_learn_get_lesson_view (kiela_window_get_learn (f->window));
  wait_until (lesson_board_allocated, view, 10000, "the lesson's board on screen");
  assert_fits (f, "a lesson", "narrow-lesson.png");
  /* The text is under the board, not squeezed beside it. */
  g_assert_false (columns (view));
  assert_board_playable (f, kiela_lesson_view_get_board (view), "a lesson");
  /* Back in a wide window, beside it again. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 700);
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  spin (100);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), >, 1100);
  g_assert_true (columns (view));
}

static gboolean
editor_board_allocated (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (kiela_position_editor_get_board (data))) > 0;
}

static void
test_position_editor (Fixture *f, gconstpointer data)
{
  KielaPositionEditor *editor;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.edit-position", NULL));
  editor = KIELA_POSITION_EDITOR (kiela_window_get_page (f->window, KIELA_PAGE_EDITOR));
  g_assert_nonnull (editor);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_EDITOR);
  wait_until (editor_board_allocated, editor, 10000, "the editor's board on screen");
  assert_fits (f, "the position editor", "narrow-editor.png");
  g_assert_false (columns (editor));
  assert_board_playable (f, kiela_position_editor_get_board (editor), "the position editor");
  /* A click on a house adds a seed to it. */
  {
    KielaBoardView *board = kiela_position_editor_get_board (editor);
    guint before = kiela_position_editor_get_position (editor)->houses[KIELA_SOUTH][0];

    g_signal_emit_by_name (kiela_board_view_get_house (board, KIELA_SOUTH, 0), "clicked");
    app_test_wait_frames (GTK_WIDGET (f->window), 2);
    g_assert_cmpuint (kiela_position_editor_get_position (editor)->houses[KIELA_SOUTH][0], ==, before + 1);
  }
  assert_fits (f, "the position editor after an edit", "narrow-editor-edited.png");
}

/* The shown toplevel other than the main window (a dialog that is a window of its own), or NULL. */
static GtkWidget *
other_toplevel (Fixture *f)
{
  GListModel *all = gtk_window_get_toplevels ();  /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (all); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (all, i);

      if (w != GTK_WIDGET (f->window) && gtk_widget_get_mapped (w))
        return w;
    }
  return NULL;
}

/* A descendant of `widget` of the type named `type_name` (a type the stack may not have). */
static gboolean
has_descendant_of_type (GtkWidget *widget, const char *type_name)
{
  GType type = g_type_from_name (type_name);

  if (type == 0)
    return FALSE;
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (has_descendant_of_type (c, type_name))
      return TRUE;
  return FALSE;
}

/* The preferences and the About dialog open from a narrow window and fit half a laptop's
 * screen; rendered for a person to look at, on each stack (a window of their own on
 * libadwaita 1.2, dialogs inside the window from 1.5). */
static void
test_dialogs (Fixture *f, gconstpointer data)
{
  GtkWidget *prefs, *about;
  int min_w;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.preferences", NULL));
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  spin (600);
  prefs = kiela_compat_preferences_find (GTK_WINDOW (f->window));
  g_assert_nonnull (prefs);
  g_assert_true (KIELA_IS_PREFERENCES_WINDOW (prefs));
  gtk_widget_measure (prefs, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  g_assert_cmpint (min_w, <=, 683);
  /* A window of its own (libadwaita 1.2), or a dialog inside the main window. */
  render_to_png (GTK_IS_WINDOW (prefs) ? prefs : GTK_WIDGET (f->window), "narrow-preferences.png");
  kiela_compat_preferences_close (prefs);
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_null (kiela_compat_preferences_find (GTK_WINDOW (f->window)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.about", NULL));
  app_test_wait_frames (GTK_WIDGET (f->window), 3);
  spin (600);
  about = other_toplevel (f);
  if (about == NULL)
    g_assert_true (has_descendant_of_type (GTK_WIDGET (f->window), "AdwAboutDialog"));
  else
    g_assert_true (ADW_IS_ABOUT_WINDOW (about));
  render_to_png (about ? about : GTK_WIDGET (f->window), "narrow-about.png");
  if (about != NULL)
    gtk_window_destroy (GTK_WINDOW (about));
  kiela_compat_close_dialogs (GTK_WINDOW (f->window));
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "narrow");

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/app/narrow/game", test_game);
  ADD ("/app/narrow/lessons", test_lessons);
  ADD ("/app/narrow/position-editor", test_position_editor);
  ADD ("/app/narrow/dialogs", test_dialogs);
#undef ADD
  return g_test_run ();
}
