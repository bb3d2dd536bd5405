/* kiela-learn.c: the window's teaching pages (welcome, lessons, puzzles, a lesson) and the
 * "How does this work?" offers that lead from a game's first relay, capture or refusal to its lesson. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-learn.h"
#include "kiela-window-private.h"
#include "kiela-welcome-page.h"
#include "kiela-lessons-page.h"

typedef struct {
  KielaWindow *window;           /* not owned: the learn data lives as long as the window */
  KielaRegistry *registry;
  GSettings *settings;
  KielaLessonProgress *progress;
  GtkWidget *welcome;
  GtkWidget *lessons;            /* owned; NULL until first shown (ensure_list) */
  GtkWidget *puzzles;            /* the same */
  GtkWidget *view;
  GHashTable *offered;           /* lesson ids offered in this game */
  char *back_tooltip;            /* the back button's own tooltip ("Back to the Game") */
  char *last_offer;
} KielaLearn;

static void
learn_free (gpointer data)
{
  KielaLearn *learn = data;

  g_clear_object (&learn->welcome);
  g_clear_object (&learn->lessons);
  g_clear_object (&learn->puzzles);
  g_clear_object (&learn->progress);
  g_clear_object (&learn->settings);
  g_clear_pointer (&learn->offered, g_hash_table_unref);
  g_free (learn->last_offer);
  g_free (learn->back_tooltip);
  g_free (learn);
}

static KielaLearn *
get_learn (KielaWindow *window)
{
  return g_object_get_data (G_OBJECT (window), "kiela-learn");
}

/* ---------- lessons ---------- */

static void on_lesson_finished (KielaLessonView *view, const char *id, KielaLearn *learn);

/* The lesson page is made when a lesson first opens: a second board (40 more houses for a
 * screen reader to meet) only once someone learns. */
static KielaLessonView *
ensure_view (KielaLearn *learn)
{
  if (learn->view == NULL)
    {
      learn->view = kiela_lesson_view_new (learn->registry, learn->progress, learn->settings);
      g_signal_connect (learn->view, "finished", G_CALLBACK (on_lesson_finished), learn);
      /* TRANSLATORS: the header's title while a lesson or puzzle is shown */
      kiela_window_add_page (learn->window, KIELA_PAGE_LESSON, _("Lesson"), learn->view);
    }
  return KIELA_LESSON_VIEW (learn->view);
}

static void
open_lesson (KielaLearn *learn, const char *id, guint step)
{
  g_autoptr(GError) error = NULL;

  const KielaLesson *lesson;
  GtkStackPage *page;

  if (!kiela_lesson_view_open (ensure_view (learn), id, step, &error))
    {
      _kiela_window_toast (learn->window, error->message);
      return;
    }
  /* The header says which list the lesson belongs to; the view names the lesson. */
  lesson = kiela_lesson_view_get_lesson (KIELA_LESSON_VIEW (learn->view));
  page = gtk_stack_get_page (learn->window->main_stack, learn->view);
  gtk_stack_page_set_title (page, lesson->kind == KIELA_LESSON_KIND_PUZZLES ? _("Puzzles") : _("Learn to Play"));
  kiela_window_show_page (learn->window, KIELA_PAGE_LESSON);
  gtk_widget_child_focus (GTK_WIDGET (kiela_lesson_view_get_board (KIELA_LESSON_VIEW (learn->view))),
                          GTK_DIR_TAB_FORWARD);
}

/* A course lesson opens where the learner left it: the first step not done yet. */
static void
on_lesson_activated (GtkWidget *page, const char *id, guint step, KielaLearn *learn)
{
  const KielaLesson *lesson = kiela_registry_lookup_lesson (learn->registry, id);

  if (lesson != NULL && lesson->kind == KIELA_LESSON_KIND_COURSE)
    {
      guint n = (guint) lesson->n_steps;

      for (step = 0; step < n && kiela_lesson_progress_get_stars (learn->progress, id, step) > 0; step++)
        ;
      if (step == n)
        step = 0;
    }
  open_lesson (learn, id, step);
}

static void
on_lesson_finished (KielaLessonView *view, const char *id, KielaLearn *learn)
{
  const KielaLesson *lesson = kiela_lesson_view_get_lesson (view);
  guint stars = kiela_lesson_progress_lesson_stars (learn->progress, id, (guint) lesson->n_steps);
  g_autofree char *stars_text = kiela_lesson_progress_stars_text (stars);
  /* TRANSLATORS: a toast after the last step: %1$s the lesson's title, %2$s its stars (★★☆) */
  g_autofree char *text = g_strdup_printf (_("“%1$s” done: %2$s"), kiela_lesson_get_title (lesson), stars_text);

  kiela_window_show_page (learn->window, lesson->kind == KIELA_LESSON_KIND_PUZZLES ? KIELA_PAGE_PUZZLES
                                                                                    : KIELA_PAGE_LESSONS);
  _kiela_window_toast (learn->window, text);
}

/* Leaving the lesson stops its computer opponent and replay.  From a lesson, the back button
 * leads to the list it came from; elsewhere to the game. */
static void
on_visible_page (GtkStack *stack, GParamSpec *pspec, KielaLearn *learn)
{
  GtkActionable *back = GTK_ACTIONABLE (learn->window->back_button);
  const KielaLesson *lesson = learn->view ? kiela_lesson_view_get_lesson (KIELA_LESSON_VIEW (learn->view)) : NULL;

  if (learn->view == NULL || gtk_stack_get_visible_child (stack) != learn->view)
    {
      if (learn->view != NULL)
        kiela_lesson_view_stop (KIELA_LESSON_VIEW (learn->view));
      gtk_actionable_set_action_target (back, "s", "game");
      gtk_widget_set_tooltip_text (GTK_WIDGET (back), learn->back_tooltip);
    }
  else if (lesson != NULL && lesson->kind == KIELA_LESSON_KIND_PUZZLES)
    {
      gtk_actionable_set_action_target (back, "s", KIELA_PAGE_PUZZLES);
      gtk_widget_set_tooltip_text (GTK_WIDGET (back), _("Back to the Puzzles"));
    }
  else
    {
      gtk_actionable_set_action_target (back, "s", KIELA_PAGE_LESSONS);
      gtk_widget_set_tooltip_text (GTK_WIDGET (back), _("Back to the Lessons"));
    }
}

static void
action_open_lesson (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaLearn *learn = data;
  const char *target = g_variant_get_string (param, NULL);
  g_auto(GStrv) parts = g_strsplit (target, "/", 2);
  guint64 step = 0;

  if (parts[1] != NULL && !g_ascii_string_to_unsigned (parts[1], 10, 1, G_MAXUINT, &step, NULL))
    step = 1;
  open_lesson (learn, parts[0], parts[1] ? (guint) step - 1 : 0);
}

/* ---------- the welcome page ---------- */

static const KielaPersonality *
newcomer_opponent (KielaRegistry *registry)
{
  const KielaPersonality *p = kiela_registry_lookup_personality (registry, KIELA_NEWCOMER_OPPONENT);
  GPtrArray *all;   /* the registry's */

  if (p != NULL)
    return p;
  /* Sorted by level: the gentlest first. */
  all = kiela_registry_get_personalities (registry);
  return all != NULL && all->len > 0 ? g_ptr_array_index (all, 0) : NULL;
}

static void
start_game (KielaWindow *window, gpointer data)
{
  KielaLearn *learn = get_learn (window);
  const KielaPersonality *north = GPOINTER_TO_INT (data) ? newcomer_opponent (learn->registry) : NULL;

  kiela_window_new_game (window, NULL, NULL, north);
  kiela_window_show_page (window, "game");
}

static void
on_welcome_chosen (KielaWelcomePage *page, const char *choice, KielaLearn *learn)
{
  if (g_str_equal (choice, KIELA_WELCOME_LESSONS))
    kiela_window_show_page (learn->window, KIELA_PAGE_LESSONS);
  else if (g_str_equal (choice, KIELA_WELCOME_PUZZLES))
    kiela_window_show_page (learn->window, KIELA_PAGE_PUZZLES);
  else if (g_str_equal (choice, KIELA_WELCOME_COMPUTER))
    _kiela_window_confirm_discard (learn->window, start_game, GINT_TO_POINTER (TRUE), NULL);
  else if (g_str_equal (choice, KIELA_WELCOME_TWO_PLAYERS))
    _kiela_window_confirm_discard (learn->window, start_game, GINT_TO_POINTER (FALSE), NULL);
  else if (g_str_equal (choice, KIELA_WELCOME_OPEN))
    {
      kiela_window_show_page (learn->window, "game");
      gtk_widget_activate_action (GTK_WIDGET (learn->window), "win.open", NULL);
    }
}

/* ---------- "How does this work?" ---------- */

static void
offer_lesson (KielaLearn *learn, const char *lesson_id, const char *what)
{
  AdwToast *toast;

  /* Offered only over the game (a computer's move may land while another page shows): not
   * marked as offered, so the next such move in the game offers it. */
  if (!g_settings_get_boolean (learn->settings, KIELA_SETTINGS_LESSON_LINKS)
      || !_kiela_window_game_page_visible (learn->window)
      || g_hash_table_contains (learn->offered, lesson_id)
      || kiela_registry_lookup_lesson (learn->registry, lesson_id) == NULL)
    return;
  g_hash_table_add (learn->offered, g_strdup (lesson_id));
  g_free (learn->last_offer);
  learn->last_offer = g_strdup (lesson_id);

  toast = adw_toast_new (what);
  adw_toast_set_timeout (toast, 8);
  adw_toast_set_button_label (toast, _("How does this work?"));
  adw_toast_set_action_name (toast, "learn.open-lesson");
  adw_toast_set_action_target_value (toast, g_variant_new_string (lesson_id));
  adw_toast_overlay_add_toast (learn->window->toast_overlay, toast);
}

static void
on_move_played (KielaGameSession *session, guint ply, KielaLearn *learn)
{
  KielaGame *game = kiela_game_session_get_game (session);
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  gboolean relay = FALSE, capture = FALSE;

  if (ply == 0 || !kiela_game_trace_move (game, ply - 1, trace))
    return;
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *event = kiela_trace_get_event (trace, i);

      relay |= event->type == KIELA_EVENT_RELAY;
      capture |= event->type == KIELA_EVENT_CAPTURE;
    }
  if (capture)
    offer_lesson (learn, KIELA_LESSON_FOR_CAPTURE, _("That move captured stones."));
  else if (relay)
    offer_lesson (learn, KIELA_LESSON_FOR_RELAY, _("That move relayed: its last stone landed in an occupied house."));
}

/* Runs after the window's handler: a house of the side to move that is still not playable
 * was refused (a legal one would have been played and passed the turn). */
static void
on_house_activated (KielaBoardView *board, guint side, guint house, KielaLearn *learn)
{
  KielaGame *game = kiela_game_session_get_game (learn->window->session);
  const KielaPosition *pos = kiela_game_get_position (game);
  guint count;

  if (!_kiela_window_game_page_visible (learn->window) || kiela_game_get_phase (game) != KIELA_PHASE_PLAY
      || kiela_game_is_over (game) || pos->to_move != side || kiela_game_is_legal (game, (KielaMove) house))
    return;
  /* The course teaches Kiela's refusals; other games refuse for their own reasons. */
  if (!g_str_has_prefix (kiela_game_get_variant (game)->id, "kiela"))
    return;
  count = pos->houses[side][house];
  if (count == 1)
    offer_lesson (learn, KIELA_LESSON_FOR_SINGLES, _("A single stone may be sown only when no house holds two."));
  else if (count >= 2)
    offer_lesson (learn, KIELA_LESSON_FOR_ENDLESS, _("That move would never end, so it is not allowed."));
}

static void
on_game_changed (KielaGameSession *session, GParamSpec *pspec, KielaLearn *learn)
{
  g_hash_table_remove_all (learn->offered);
}

/* ---------- attach ---------- */

/* The lists of lessons and of puzzles are made when first shown (or asked for): they are not
 * needed for the first frame. */
static GtkWidget *
ensure_list (KielaLearn *learn, KielaLessonKind kind)
{
  GtkWidget **page = kind == KIELA_LESSON_KIND_PUZZLES ? &learn->puzzles : &learn->lessons;

  if (*page == NULL)
    {
      *page = g_object_ref_sink (kiela_lessons_page_new (learn->registry, learn->progress, kind));
      g_signal_connect (*page, "lesson-activated", G_CALLBACK (on_lesson_activated), learn);
    }
  return *page;
}

/* The welcome page too: after the first start it is seldom shown, and it was a tenth of the start. */
static GtkWidget *
ensure_welcome (KielaLearn *learn)
{
  if (learn->welcome == NULL)
    {
      learn->welcome = g_object_ref_sink (kiela_welcome_page_new ());
      g_signal_connect (learn->welcome, "chosen", G_CALLBACK (on_welcome_chosen), learn);
    }
  return learn->welcome;
}

static GtkWidget *
build_welcome (KielaWindow *window)
{
  return ensure_welcome (get_learn (window));
}

static GtkWidget *
build_lessons (KielaWindow *window)
{
  return ensure_list (get_learn (window), KIELA_LESSON_KIND_COURSE);
}

static GtkWidget *
build_puzzles (KielaWindow *window)
{
  return ensure_list (get_learn (window), KIELA_LESSON_KIND_PUZZLES);
}

void
kiela_learn_attach (KielaWindow *window, KielaRegistry *registry, GSettings *settings, const char *progress_path)
{
  KielaLearn *learn = g_new0 (KielaLearn, 1);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) open = g_simple_action_new ("open-lesson", G_VARIANT_TYPE_STRING);
  g_autoptr(GError) error = NULL;

  learn->window = window;
  learn->registry = registry;
  learn->settings = g_object_ref (settings);
  learn->offered = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  learn->progress = kiela_lesson_progress_new (progress_path);
  g_object_set_data_full (G_OBJECT (window), "kiela-learn", learn, learn_free);
  if (!kiela_lesson_progress_load (learn->progress, &error))
    _kiela_window_toast (window, error->message);

  _kiela_window_add_lazy_page (window, KIELA_PAGE_WELCOME, _("Welcome"), build_welcome);
  _kiela_window_add_lazy_page (window, KIELA_PAGE_LESSONS, _("Learn to Play"), build_lessons);
  _kiela_window_add_lazy_page (window, KIELA_PAGE_PUZZLES, _("Puzzles"), build_puzzles);

  learn->back_tooltip = g_strdup (gtk_widget_get_tooltip_text (window->back_button));
  g_signal_connect (window->main_stack, "notify::visible-child", G_CALLBACK (on_visible_page), learn);
  g_signal_connect (window->session, "move-played", G_CALLBACK (on_move_played), learn);
  g_signal_connect (window->session, "notify::game", G_CALLBACK (on_game_changed), learn);
  g_signal_connect (window->board, "house-activated", G_CALLBACK (on_house_activated), learn);

  g_signal_connect (open, "activate", G_CALLBACK (action_open_lesson), learn);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (open));
  gtk_widget_insert_action_group (GTK_WIDGET (window), "learn", G_ACTION_GROUP (group));
  /* Also as win.open-lesson: the Rules page's "Try it" links and other pages open lessons by id. */
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (open));
}

void
kiela_learn_first_start (KielaWindow *window)
{
  KielaLearn *learn = get_learn (window);

  g_return_if_fail (learn != NULL);
  if (g_settings_get_boolean (learn->settings, KIELA_SETTINGS_WELCOME_SHOWN))
    return;
  g_settings_set_boolean (learn->settings, KIELA_SETTINGS_WELCOME_SHOWN, TRUE);
  kiela_window_show_page (window, KIELA_PAGE_WELCOME);
}

KielaLessonProgress *
kiela_learn_get_progress (KielaWindow *window)
{
  KielaLearn *learn = get_learn (window);
  return learn ? learn->progress : NULL;
}

KielaLessonView *
kiela_learn_get_lesson_view (KielaWindow *window)
{
  KielaLearn *learn = get_learn (window);
  return learn ? ensure_view (learn) : NULL;
}

GtkWidget *
kiela_learn_get_page (KielaWindow *window, const char *name)
{
  KielaLearn *learn = get_learn (window);

  if (learn == NULL)
    return NULL;
  if (g_strcmp0 (name, KIELA_PAGE_WELCOME) == 0) return ensure_welcome (learn);
  if (g_strcmp0 (name, KIELA_PAGE_LESSONS) == 0) return ensure_list (learn, KIELA_LESSON_KIND_COURSE);
  if (g_strcmp0 (name, KIELA_PAGE_PUZZLES) == 0) return ensure_list (learn, KIELA_LESSON_KIND_PUZZLES);
  if (g_strcmp0 (name, KIELA_PAGE_LESSON) == 0) return GTK_WIDGET (ensure_view (learn));
  return NULL;
}

const char *
kiela_learn_get_last_offer (KielaWindow *window)
{
  KielaLearn *learn = get_learn (window);
  return learn ? learn->last_offer : NULL;
}
