/* kiela-learn.c: the window's teaching pages (welcome, lessons, puzzles, a lesson) and the
 * "How does this work?" offers that lead from a game's first relay, capture or refusal to its lesson. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-learn.h"
#include "kiela-welcome-page.h"
#include "kiela-lessons-page.h"
#include "kiela-mistakes-page.h"
#include "kiela-class-page.h"

struct _KielaLearn {
  GObject parent_instance;

  KielaWindow *window;           /* weak: the window owns this */
  KielaGameSession *session;     /* weak: the window's */
  KielaBoardView *board;         /* weak: the window's */
  KielaRegistry *registry;
  GSettings *settings;
  KielaPupils *pupils;
  KielaLessonProgress *progress; /* the current pupil's (the pupils') */
  GtkWidget *welcome;
  GtkWidget *lessons;            /* owned; NULL until first shown (ensure_list) */
  GtkWidget *puzzles;            /* the same */
  GtkWidget *view;
  GtkWidget *mistakes;           /* owned; NULL until first shown */
  GtkWidget *class_page;         /* the same */
  GArray *review;                /* practising mistakes: the steps still to show (KielaLessonMistake) */
  guint review_total;            /* how many steps the practice began with */
  guint review_right;            /* how many of them were right at the first try */
  GHashTable *offered;           /* lesson ids offered in this game */
  char *last_offer;
};

G_DEFINE_FINAL_TYPE (KielaLearn, kiela_learn, G_TYPE_OBJECT)

static void
kiela_learn_dispose (GObject *object)
{
  KielaLearn *learn = KIELA_LEARN (object);

  if (learn->session)
    g_signal_handlers_disconnect_by_data (learn->session, learn);
  if (learn->board)
    g_signal_handlers_disconnect_by_data (learn->board, learn);
  if (learn->window)
    g_signal_handlers_disconnect_by_data (learn->window, learn);
  g_clear_weak_pointer (&learn->session);
  g_clear_weak_pointer (&learn->board);
  g_clear_weak_pointer (&learn->window);
  g_clear_object (&learn->welcome);
  g_clear_object (&learn->lessons);
  g_clear_object (&learn->puzzles);
  g_clear_object (&learn->mistakes);
  g_clear_object (&learn->class_page);
  G_OBJECT_CLASS (kiela_learn_parent_class)->dispose (object);
}

static void
kiela_learn_finalize (GObject *object)
{
  KielaLearn *learn = KIELA_LEARN (object);

  g_clear_object (&learn->progress);
  g_clear_object (&learn->pupils);
  g_clear_object (&learn->settings);
  g_clear_pointer (&learn->offered, g_hash_table_unref);
  g_clear_pointer (&learn->review, g_array_unref);
  g_free (learn->last_offer);
  G_OBJECT_CLASS (kiela_learn_parent_class)->finalize (object);
}

static void
kiela_learn_class_init (KielaLearnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kiela_learn_dispose;
  object_class->finalize = kiela_learn_finalize;
}

static void
kiela_learn_init (KielaLearn *learn)
{
  learn->offered = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static gboolean
game_page_visible (KielaLearn *learn)
{
  return learn->window != NULL && g_strcmp0 (kiela_window_get_visible_page (learn->window), "game") == 0;
}

/* ---------- lessons ---------- */

static void on_lesson_finished (KielaLessonView *view, const char *id, KielaLearn *learn);
static void on_next_lesson (KielaLessonView *view, const char *id, const char *next, KielaLearn *learn);

/* The lesson page is made when a lesson first opens: a second board (40 more houses for a
 * screen reader to meet) only once someone learns. */
static KielaLessonView *
ensure_view (KielaLearn *learn)
{
  if (learn->view == NULL && learn->window != NULL)
    {
      learn->view = kiela_lesson_view_new (learn->registry, learn->progress, learn->settings);
      g_signal_connect (learn->view, "finished", G_CALLBACK (on_lesson_finished), learn);
      g_signal_connect (learn->view, "next-lesson", G_CALLBACK (on_next_lesson), learn);
      /* TRANSLATORS: the header's title while a lesson or puzzle is shown */
      kiela_window_add_page (learn->window, KIELA_PAGE_LESSON, _("Lesson"), learn->view);
    }
  return KIELA_LESSON_VIEW (learn->view);
}

static void show_lesson_page (KielaLearn *learn);

static void
open_lesson_in (KielaLearn *learn, const char *id, guint step, const char *lang)
{
  g_autoptr(GError) error = NULL;

  if (learn->window == NULL)
    return;
  /* A lesson opened any other way is no practice. */
  kiela_lesson_view_set_review (ensure_view (learn), FALSE);
  kiela_lesson_view_set_language (ensure_view (learn), lang);
  g_clear_pointer (&learn->review, g_array_unref);
  if (!kiela_lesson_view_open (ensure_view (learn), id, step, &error))
    {
      kiela_window_add_message (learn->window, error->message);
      return;
    }
  show_lesson_page (learn);
}

static void
open_lesson (KielaLearn *learn, const char *id, guint step)
{
  open_lesson_in (learn, id, step, NULL);
}

gboolean
kiela_learn_open_unlisted (KielaLearn *learn, const KielaLesson *lesson, GError **error)
{
  const KielaVariant *variant;

  g_return_val_if_fail (KIELA_IS_LEARN (learn), FALSE);
  g_return_val_if_fail (lesson != NULL, FALSE);

  if (learn->window == NULL)
    return FALSE;
  variant = kiela_registry_lookup_variant (learn->registry, lesson->variant);
  if (variant == NULL)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("The variant “%s” is not loaded."), lesson->variant);
      return FALSE;
    }
  kiela_lesson_view_set_language (ensure_view (learn), NULL);
  if (!kiela_lesson_view_open_lesson (ensure_view (learn), lesson, variant, 0, error))
    return FALSE;
  show_lesson_page (learn);
  return TRUE;
}

static void
show_lesson_page (KielaLearn *learn)
{
  const KielaLesson *lesson;

  /* The header says which list the lesson belongs to; the view names the lesson. */
  lesson = kiela_lesson_view_get_lesson (KIELA_LESSON_VIEW (learn->view));
  kiela_window_set_page_title (learn->window, KIELA_PAGE_LESSON,
                               lesson->kind == KIELA_LESSON_KIND_PUZZLES ? _("Puzzles") : _("Learn to Play"));
  /* Back leads to where the lesson was opened from: its list, the game, the Rules. */
  kiela_window_push_page (learn->window, KIELA_PAGE_LESSON);
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

static gboolean review_next (KielaLearn *learn);

static void
on_lesson_finished (KielaLessonView *view, const char *id, KielaLearn *learn)
{
  const KielaLesson *lesson = kiela_lesson_view_get_lesson (view);

  if (kiela_lesson_view_get_review (view))
    {
      /* Right at the first try: it has left the queue (the runner saw to it). */
      if (!kiela_lesson_progress_has_mistake (learn->progress, id, kiela_lesson_view_get_step (view)))
        learn->review_right++;
      if (!review_next (learn))
        {
          g_autofree char *text = NULL;
          guint left = kiela_lesson_progress_get_n_mistakes (learn->progress);

          kiela_lesson_view_set_review (view, FALSE);
          if (learn->window == NULL)
            return;
          kiela_window_pop_page (learn->window);
          if (left == 0)
            /* TRANSLATORS: a toast at the end of practising mistakes: %u steps practised */
            text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Practice done: %u step right, nothing left to practise.",
                                                 "Practice done: all %u steps right, nothing left to practise.",
                                                 learn->review_total), learn->review_total);
          else
            /* TRANSLATORS: a toast at the end of practising mistakes: %1$u right at the first try of
             * %2$u practised, %3$u still to practise */
            text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Practice done: %1$u of %2$u right at the first try; %3$u step is still to practise.",
                                                 "Practice done: %1$u of %2$u right at the first try; %3$u steps are still to practise.",
                                                 left), learn->review_right, learn->review_total, left);
          kiela_window_add_message (learn->window, text);
        }
      return;
    }
  guint stars = kiela_lesson_progress_lesson_stars (learn->progress, id, (guint) lesson->n_steps);
  g_autofree char *stars_text = kiela_lesson_progress_stars_text (stars);
  /* TRANSLATORS: a toast after the last step: %1$s the lesson's title, %2$s its stars (★★☆) */
  g_autofree char *text = g_strdup_printf (_("“%1$s” done: %2$s"), kiela_lesson_get_title (lesson), stars_text);

  if (learn->window == NULL)
    return;
  /* Back where the lesson was opened from: its list, the game, the Rules. */
  kiela_window_pop_page (learn->window);
  kiela_window_add_message (learn->window, text);
}

/* Next Lesson: the next one opens in place; Back still leads where the first was opened from. */
static void
on_next_lesson (KielaLessonView *view, const char *id, const char *next, KielaLearn *learn)
{
  g_autofree char *next_id = g_strdup (next);

  open_lesson (learn, next_id, 0);
}

/* Leaving the lesson stops its computer opponent and replay. */
static void
on_visible_page (KielaWindow *window, GParamSpec *pspec, KielaLearn *learn)
{
  if (learn->view != NULL && g_strcmp0 (kiela_window_get_visible_page (window), KIELA_PAGE_LESSON) != 0)
    kiela_lesson_view_stop (KIELA_LESSON_VIEW (learn->view));
}

static void
action_open_lesson (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaLearn *learn = data;
  /* "id", "id/step" (1-based), each with "@lang" for the lesson's texts in that language
   * (the Rules page's Try it, in the language the page is shown in). */
  g_auto(GStrv) at = g_strsplit (g_variant_get_string (param, NULL), "@", 2);
  g_auto(GStrv) parts = g_strsplit (at[0], "/", 2);
  guint64 step = 0;

  if (parts[1] != NULL && !g_ascii_string_to_unsigned (parts[1], 10, 1, G_MAXUINT, &step, NULL))
    step = 1;
  open_lesson_in (learn, parts[0], parts[1] ? (guint) step - 1 : 0, at[1] && *at[1] ? at[1] : NULL);
}

/* ---------- practise your mistakes ---------- */

/* Shows the next queued step that can still be shown (a lesson uninstalled since is skipped);
 * FALSE when none is left.  A drill step comes back with a fresh position: the runner makes one
 * each time it opens such a step. */
static gboolean
review_next (KielaLearn *learn)
{
  KielaLessonView *view = ensure_view (learn);

  while (learn->review != NULL && learn->review->len > 0)
    {
      KielaLessonMistake *m = &g_array_index (learn->review, KielaLessonMistake, 0);
      g_autofree char *id = g_strdup (m->lesson_id);
      guint step = m->step;
      g_autoptr(GError) error = NULL;
      g_autofree char *title = NULL;

      g_array_remove_index (learn->review, 0);
      kiela_lesson_view_set_review (view, TRUE);
      kiela_lesson_view_set_language (view, NULL);
      if (!kiela_lesson_view_open (view, id, step, &error))
        continue;
      /* TRANSLATORS: the header's title while practising mistakes: %1$u this one, %2$u how many */
      title = g_strdup_printf (_("Practise Your Mistakes (%1$u of %2$u)"),
                               learn->review_total - learn->review->len, learn->review_total);
      kiela_window_set_page_title (learn->window, KIELA_PAGE_LESSON, title);
      return TRUE;
    }
  g_clear_pointer (&learn->review, g_array_unref);
  return FALSE;
}

/* Goes through the queue as it is now, once: each step right at the first try leaves it. */
static void
start_review (KielaLearn *learn, const char *lesson_id, guint step)
{
  if (learn->window == NULL)
    return;
  g_clear_pointer (&learn->review, g_array_unref);
  learn->review = kiela_lesson_progress_get_mistakes (learn->progress);
  if (lesson_id != NULL)
    {
      /* One step from the list: that one only. */
      for (guint i = learn->review->len; i-- > 0;)
        {
          KielaLessonMistake *m = &g_array_index (learn->review, KielaLessonMistake, i);

          if (g_strcmp0 (m->lesson_id, lesson_id) != 0 || m->step != step)
            g_array_remove_index (learn->review, i);
        }
    }
  learn->review_total = learn->review->len;
  learn->review_right = 0;
  if (!review_next (learn))
    return;
  kiela_window_push_page (learn->window, KIELA_PAGE_LESSON);
  gtk_widget_child_focus (GTK_WIDGET (kiela_lesson_view_get_board (KIELA_LESSON_VIEW (learn->view))),
                          GTK_DIR_TAB_FORWARD);
}

static void
on_mistakes_practise (KielaMistakesPage *page, KielaLearn *learn)
{
  start_review (learn, NULL, 0);
}

static void
on_mistake_activated (KielaMistakesPage *page, const char *id, guint step, KielaLearn *learn)
{
  start_review (learn, id, step);
}

static void
action_practise (GSimpleAction *action, GVariant *param, gpointer data)
{
  start_review (data, NULL, 0);
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

/* A game of the default variant against the newcomer's opponent or between two people, after
 * the window asked about unsaved changes. */
static void
start_game (KielaLearn *learn, gboolean computer)
{
  const KielaPersonality *north = computer ? newcomer_opponent (learn->registry) : NULL;

  gtk_widget_activate_action (GTK_WIDGET (learn->window), "win.start-game", "(sss)", "", "", north ? north->id : "");
}

static void
on_welcome_chosen (KielaWelcomePage *page, const char *choice, KielaLearn *learn)
{
  if (learn->window == NULL)
    return;
  if (g_str_equal (choice, KIELA_WELCOME_LESSONS))
    kiela_window_show_page (learn->window, KIELA_PAGE_LESSONS);
  else if (g_str_equal (choice, KIELA_WELCOME_PUZZLES))
    kiela_window_show_page (learn->window, KIELA_PAGE_PUZZLES);
  else if (g_str_equal (choice, KIELA_WELCOME_COMPUTER))
    start_game (learn, TRUE);
  else if (g_str_equal (choice, KIELA_WELCOME_TWO_PLAYERS))
    start_game (learn, FALSE);
  else if (g_str_equal (choice, KIELA_WELCOME_PRACTISE))
    start_review (learn, NULL, 0);
  else if (g_str_equal (choice, KIELA_WELCOME_MISTAKES))
    kiela_window_push_page (learn->window, KIELA_PAGE_MISTAKES);
  else if (g_str_equal (choice, KIELA_WELCOME_OPEN))
    {
      kiela_window_show_page (learn->window, "game");
      gtk_widget_activate_action (GTK_WIDGET (learn->window), "win.open", NULL);
    }
}

/* ---------- "How does this work?" ---------- */

/* The lesson to offer about a relay or capture in a game of `variant`: the Kiela lesson for
 * the Kiela variants, else the first course lesson of that variant's own, else none (a Hus or
 * Owela game must not send a learner to a lesson of other rules). */
static const char *
lesson_for_variant (KielaLearn *learn, const KielaVariant *variant, const char *kiela_lesson)
{
  g_autoptr(GPtrArray) course = NULL;

  if (variant == NULL)
    return NULL;
  if (g_str_has_prefix (variant->id, "kiela"))
    return kiela_lesson;
  course = kiela_lessons_sorted (learn->registry, KIELA_LESSON_KIND_COURSE);
  for (guint i = 0; i < course->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (course, i);

      if (g_strcmp0 (lesson->variant, variant->id) == 0)
        return lesson->id;
    }
  return NULL;
}

static void
offer_lesson (KielaLearn *learn, const char *lesson_id, const char *what)
{
  AdwToast *toast;

  if (lesson_id == NULL)
    return;

  /* Offered only over the game (a computer's move may land while another page shows): not
   * marked as offered, so the next such move in the game offers it. */
  if (!g_settings_get_boolean (learn->settings, KIELA_SETTINGS_LESSON_LINKS)
      || !game_page_visible (learn)
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
  kiela_window_add_toast (learn->window, toast);
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
    offer_lesson (learn, lesson_for_variant (learn, kiela_game_get_variant (game), KIELA_LESSON_FOR_CAPTURE),
                  _("That move captured stones."));
  else if (relay)
    offer_lesson (learn, lesson_for_variant (learn, kiela_game_get_variant (game), KIELA_LESSON_FOR_RELAY),
                  _("That move relayed: its last stone landed in an occupied house."));
}

/* Runs after the window's handler: a house of the side to move that is still not playable
 * was refused (a legal one would have been played and passed the turn). */
static void
on_house_activated (KielaBoardView *board, guint side, guint house, KielaLearn *learn)
{
  KielaGame *game = kiela_game_session_get_game (learn->session);
  const KielaPosition *pos = kiela_game_get_position (game);
  guint count;

  if (!game_page_visible (learn) || kiela_game_get_phase (game) != KIELA_PHASE_PLAY
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

/* ---------- the pages ---------- */

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
      kiela_welcome_page_set_pupils (KIELA_WELCOME_PAGE (learn->welcome), learn->pupils);
      g_signal_connect (learn->welcome, "chosen", G_CALLBACK (on_welcome_chosen), learn);
    }
  return learn->welcome;
}

static GtkWidget *
ensure_mistakes (KielaLearn *learn)
{
  if (learn->mistakes == NULL)
    {
      learn->mistakes = g_object_ref_sink (kiela_mistakes_page_new (learn->registry, learn->pupils));
      g_signal_connect (learn->mistakes, "practise", G_CALLBACK (on_mistakes_practise), learn);
      g_signal_connect (learn->mistakes, "step-activated", G_CALLBACK (on_mistake_activated), learn);
    }
  return learn->mistakes;
}

static void
on_class_message (KielaClassPage *page, const char *text, KielaLearn *learn)
{
  if (learn->window != NULL)
    kiela_window_add_message (learn->window, text);
}

static GtkWidget *
ensure_class (KielaLearn *learn)
{
  if (learn->class_page == NULL)
    {
      learn->class_page = g_object_ref_sink (kiela_class_page_new (learn->registry, learn->pupils));
      g_signal_connect (learn->class_page, "message", G_CALLBACK (on_class_message), learn);
    }
  return learn->class_page;
}

static GtkWidget *
build_mistakes (KielaWindow *window, gpointer data)
{
  return ensure_mistakes (data);
}

static GtkWidget *
build_class (KielaWindow *window, gpointer data)
{
  return ensure_class (data);
}

static GtkWidget *
build_welcome (KielaWindow *window, gpointer data)
{
  return ensure_welcome (data);
}

static GtkWidget *
build_lessons (KielaWindow *window, gpointer data)
{
  return ensure_list (data, KIELA_LESSON_KIND_COURSE);
}

static GtkWidget *
build_puzzles (KielaWindow *window, gpointer data)
{
  return ensure_list (data, KIELA_LESSON_KIND_PUZZLES);
}

KielaLearn *
kiela_learn_new (KielaWindow *window, KielaRegistry *registry, GSettings *settings, const char *data_dir)
{
  KielaLearn *learn = g_object_new (KIELA_TYPE_LEARN, NULL);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) open = g_simple_action_new ("open-lesson", G_VARIANT_TYPE_STRING);
  g_autoptr(GSimpleAction) practise = g_simple_action_new ("practise-mistakes", NULL);
  g_autoptr(GError) error = NULL;

  g_set_weak_pointer (&learn->window, window);
  g_set_weak_pointer (&learn->session, kiela_window_get_session (window));
  g_set_weak_pointer (&learn->board, kiela_window_get_board (window));
  learn->registry = registry;
  learn->settings = g_object_ref (settings);
  learn->pupils = kiela_pupils_new (data_dir);
  if (!kiela_pupils_load (learn->pupils, &error))
    kiela_window_add_message (window, error->message);
  learn->progress = g_object_ref (kiela_pupils_get_progress (learn->pupils));

  kiela_window_add_lazy_page (window, KIELA_PAGE_WELCOME, _("Welcome"), build_welcome, learn);
  kiela_window_add_lazy_page (window, KIELA_PAGE_LESSONS, _("Learn to Play"), build_lessons, learn);
  kiela_window_add_lazy_page (window, KIELA_PAGE_PUZZLES, _("Puzzles"), build_puzzles, learn);
  kiela_window_set_back_tooltip (window, KIELA_PAGE_LESSONS, _("Back to the Lessons"));
  kiela_window_set_back_tooltip (window, KIELA_PAGE_PUZZLES, _("Back to the Puzzles"));
  /* TRANSLATORS: the header's title of the list of steps the pupil answered wrong */
  kiela_window_add_lazy_page (window, KIELA_PAGE_MISTAKES, _("Your Mistakes"), build_mistakes, learn);
  /* TRANSLATORS: the header's title of the teacher's page of pupils and their progress */
  kiela_window_add_lazy_page (window, KIELA_PAGE_CLASS, _("Class"), build_class, learn);

  g_signal_connect (window, "notify::visible-page", G_CALLBACK (on_visible_page), learn);
  g_signal_connect (learn->session, "move-played", G_CALLBACK (on_move_played), learn);
  g_signal_connect (learn->session, "notify::game", G_CALLBACK (on_game_changed), learn);
  g_signal_connect (learn->board, "house-activated", G_CALLBACK (on_house_activated), learn);

  g_signal_connect_object (open, "activate", G_CALLBACK (action_open_lesson), learn, 0);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (open));
  g_signal_connect_object (practise, "activate", G_CALLBACK (action_practise), learn, 0);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (practise));
  gtk_widget_insert_action_group (GTK_WIDGET (window), "learn", G_ACTION_GROUP (group));
  /* Also as win.open-lesson: the Rules page's "Try it" links and other pages open lessons by id. */
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (open));
  return learn;
}

void
kiela_learn_first_start (KielaLearn *learn)
{
  g_return_if_fail (KIELA_IS_LEARN (learn));
  if (learn->window == NULL || g_settings_get_boolean (learn->settings, KIELA_SETTINGS_WELCOME_SHOWN))
    return;
  g_settings_set_boolean (learn->settings, KIELA_SETTINGS_WELCOME_SHOWN, TRUE);
  kiela_window_show_page (learn->window, KIELA_PAGE_WELCOME);
}

KielaLessonProgress *
kiela_learn_get_progress (KielaLearn *learn)
{
  g_return_val_if_fail (KIELA_IS_LEARN (learn), NULL);
  return learn->progress;
}

KielaPupils *
kiela_learn_get_pupils (KielaLearn *learn)
{
  g_return_val_if_fail (KIELA_IS_LEARN (learn), NULL);
  return learn->pupils;
}

KielaLessonView *
kiela_learn_get_lesson_view (KielaLearn *learn)
{
  g_return_val_if_fail (KIELA_IS_LEARN (learn), NULL);
  return ensure_view (learn);
}

GtkWidget *
kiela_learn_get_page (KielaLearn *learn, const char *name)
{
  g_return_val_if_fail (KIELA_IS_LEARN (learn), NULL);

  if (g_strcmp0 (name, KIELA_PAGE_WELCOME) == 0) return ensure_welcome (learn);
  if (g_strcmp0 (name, KIELA_PAGE_LESSONS) == 0) return ensure_list (learn, KIELA_LESSON_KIND_COURSE);
  if (g_strcmp0 (name, KIELA_PAGE_PUZZLES) == 0) return ensure_list (learn, KIELA_LESSON_KIND_PUZZLES);
  if (g_strcmp0 (name, KIELA_PAGE_LESSON) == 0) return GTK_WIDGET (ensure_view (learn));
  if (g_strcmp0 (name, KIELA_PAGE_MISTAKES) == 0) return ensure_mistakes (learn);
  if (g_strcmp0 (name, KIELA_PAGE_CLASS) == 0) return ensure_class (learn);
  return NULL;
}

const char *
kiela_learn_get_last_offer (KielaLearn *learn)
{
  g_return_val_if_fail (KIELA_IS_LEARN (learn), NULL);
  return learn->last_offer;
}
