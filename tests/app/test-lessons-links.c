/* test-lessons-links.c: the ways into and out of a lesson: the game's "How does this work?"
 * offers, Next Lesson, another variant's lesson, Back to where it was opened from, and Try it from
 * a Rules page in that page's language (the fixture and helpers: app-test-lessons.h). */
#include "config.h"

#include <string.h>

#include "kiela-lessons-page.h"
#include "kiela-text-pane.h"
#include "kiela-mo.h"
#include "kiela-paths.h"
#include "kiela-board-view-private.h"
#include "kiela-step-list.h"
#include "app-test-lessons.h"

/* ---------- "How does this work?" ---------- */

static void
test_links (Fixture *f, gconstpointer data)
{
  const KielaVariant *kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  KielaGame *game;

  kiela_window_new_game (f->window, kiela, NULL, NULL);
  game = kiela_window_get_game (f->window);
  /* Play the first legal move until a move relays or captures; each offer comes once a game. */
  for (guint i = 0; i < 40 && kiela_learn_get_last_offer (learn_of (f)) == NULL; i++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (game, moves);
      g_autofree char *sq = NULL;

      g_assert_cmpuint (n, >, 0);
      sq = kiela_square_name_dup (10, kiela_game_get_position (game)->to_move, (guint) moves[n - 1]);
      app_test_play_square (f->window, sq);
      game = kiela_window_get_game (f->window);
    }
  g_assert_nonnull (kiela_learn_get_last_offer (learn_of (f)));
  g_assert_true (g_str_equal (kiela_learn_get_last_offer (learn_of (f)), KIELA_LESSON_FOR_RELAY)
                 || g_str_equal (kiela_learn_get_last_offer (learn_of (f)), KIELA_LESSON_FOR_CAPTURE));
  g_assert_nonnull (kiela_registry_lookup_lesson (f->registry, kiela_learn_get_last_offer (learn_of (f))));

  /* The toast's button opens the lesson. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "learn.open-lesson", "s", kiela_learn_get_last_offer (learn_of (f)));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  g_assert_cmpstr (kiela_lesson_view_get_lesson (view_of (f))->id, ==, kiela_learn_get_last_offer (learn_of (f)));
  kiela_window_show_page (f->window, "game");

  /* A refused single stone offers the singles lesson; turned off, nothing is offered. */
  {
    KielaPosition pos;
    g_autoptr(GError) error = NULL;
    g_autoptr(KielaGame) fresh = NULL;

    /* South has 2 stones in a1 and 1 in c1: c1 may not be sown. */
    g_assert_true (kiela_position_parse ("2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/2,0,1,0,0,0,0,0,0,0 s",
                                         10, &pos, &error));
    g_assert_no_error (error);
    g_autofree char *path = g_build_filename (g_get_user_data_dir (), "singles.kiela", NULL);

    fresh = kiela_game_new_from_position (kiela, &pos, &error);
    g_assert_no_error (error);
    g_assert_true (kiela_record_save (fresh, path, &error));
    g_assert_true (kiela_window_open_path (f->window, path));
  }
  app_test_play_square (f->window, "c1");
  g_assert_cmpstr (kiela_learn_get_last_offer (learn_of (f)), ==, KIELA_LESSON_FOR_SINGLES);
}

static void
test_links_off (Fixture *f, gconstpointer data)
{
  const KielaVariant *kiela = kiela_registry_lookup_variant (f->registry, "kiela");
  KielaGame *game;

  g_settings_set_boolean (f->prefs, KIELA_SETTINGS_LESSON_LINKS, FALSE);
  kiela_window_new_game (f->window, kiela, NULL, NULL);
  for (guint i = 0; i < 40; i++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n;
      g_autofree char *sq = NULL;

      game = kiela_window_get_game (f->window);
      if (kiela_game_is_over (game))
        break;
      n = kiela_game_legal_moves (game, moves);
      sq = kiela_square_name_dup (10, kiela_game_get_position (game)->to_move, (guint) moves[n - 1]);
      app_test_play_square (f->window, sq);
    }
  g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), >, 10);
  g_assert_null (kiela_learn_get_last_offer (learn_of (f)));
}

/* ---------- a lesson's end, another variant's lesson, Back, Try it ---------- */

static void
test_runner_next_lesson_and_back (Fixture *f, gconstpointer data)
{
  KielaLessonView *view = view_of (f);
  const KielaLesson *houses = kiela_registry_lookup_lesson (f->registry, "houses");
  const KielaVariant *variant = kiela_registry_lookup_variant (f->registry, houses->variant);
  g_autoptr(GPtrArray) course = kiela_lessons_sorted (f->registry, KIELA_LESSON_KIND_COURSE);
  const KielaLesson *second = g_ptr_array_index (course, 1);
  guint last = (guint) houses->n_steps - 1;
  g_autofree char *target = g_strdup_printf ("houses/%u", last + 1);

  /* Opened from the game ("How does this work?"): the last step right offers Next Lesson. */
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "learn.open-lesson", "s", target);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  g_assert_false (gtk_widget_get_visible (kiela_lesson_view_get_control (view, "next-lesson")));
  answer_right (view, houses, variant, last);
  g_assert_true (gtk_widget_get_visible (kiela_lesson_view_get_control (view, "next-lesson")));
  click (kiela_lesson_view_get_control (view, "next-lesson"));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  g_assert_true (kiela_lesson_view_get_lesson (view) == second);
  g_assert_cmpuint (kiela_lesson_view_get_step (view), ==, 0);

  /* Finishing it goes back where the first was opened from: the game, not the list. */
  {
    guint end = (guint) second->n_steps - 1;

    g_assert_true (kiela_lesson_view_open (view, second->id, end, NULL));
    answer_right (view, second, kiela_registry_lookup_variant (f->registry, second->variant), end);
  }
  click (kiela_lesson_view_get_control (view, "next"));
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
}

static void
test_runner_other_variant_offer (Fixture *f, gconstpointer data)
{
  const KielaVariant *owela = kiela_registry_lookup_variant (f->registry, "owela");
  KielaGame *game;
  gboolean relayed = FALSE;

  if (owela == NULL)
    {
      g_test_skip ("no Owela variant");
      return;
    }
  kiela_window_new_game (f->window, owela, NULL, NULL);
  /* Play until a move relays or captures: no Kiela lesson is offered for it. */
  for (guint i = 0; i < 40 && !relayed; i++)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      g_autoptr(KielaTrace) trace = kiela_trace_new ();
      guint n;
      g_autofree char *sq = NULL;

      game = kiela_window_get_game (f->window);
      if (kiela_game_is_over (game))
        break;
      n = kiela_game_legal_moves (game, moves);
      sq = kiela_square_name_dup (owela->files, kiela_game_get_position (game)->to_move, (guint) moves[n - 1]);
      app_test_play_square (f->window, sq);
      game = kiela_window_get_game (f->window);
      if (kiela_game_trace_move (game, kiela_game_get_n_moves (game) - 1, trace))
        for (guint e = 0; e < kiela_trace_get_n_events (trace); e++)
          relayed |= kiela_trace_get_event (trace, e)->type == KIELA_EVENT_RELAY
                     || kiela_trace_get_event (trace, e)->type == KIELA_EVENT_CAPTURE;
    }
  g_assert_true (relayed);
  g_assert_null (kiela_learn_get_last_offer (learn_of (f)));
}

/* The header's back button, clicked: where does it lead? */
static void
click_back (Fixture *f)
{
  GtkWidget *back = find_back_button (GTK_WIDGET (f->window));

  g_assert_nonnull (back);
  click (back);
  spin (50);
}

static gboolean
is_lesson_link (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.open-lesson") == 0;
}

/* Back returns where the lesson was opened from: the Rules page's Try it, the game's
 * How does this work?, the list. */
static void
test_runner_back (Fixture *f, gconstpointer data)
{
  KielaLessonsPage *lessons = KIELA_LESSONS_PAGE (kiela_learn_get_page (learn_of (f), KIELA_PAGE_LESSONS));
  GtkWidget *link, *row;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules"));
  spin (100);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "rules");
  link = app_test_find_widget (GTK_WIDGET (f->window), is_lesson_link, NULL);
  g_assert_nonnull (link);
  click (link);
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  click_back (f);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "rules");

  kiela_window_show_page (f->window, "game");
  spin (20);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "learn.open-lesson", "s", KIELA_LESSON_FOR_RELAY);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  click_back (f);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");

  kiela_window_show_page (f->window, KIELA_PAGE_LESSONS);
  row = kiela_lessons_page_get_item (lessons, "houses", 0);
  g_assert_nonnull (row);
  g_signal_emit_by_name (row, "activate");
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  click_back (f);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSONS);
}

/* Try it opens the lesson in the language the Rules page is shown in, not the interface's:
 * the interface in English here, the page in French; in app-lessons-tour-fr (fr_FR.UTF-8)
 * the interface in French and the page in English. */
/* Relays the learner's move `move` makes from `pos`. */
static guint
relays_of (const KielaVariant *variant, const KielaPosition *pos, KielaMove move)
{
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  guint relays = 0;

  g_assert_true (kiela_sow_traced (variant, pos, move, trace));
  for (guint e = 0; e < kiela_trace_get_n_events (trace); e++)
    relays += kiela_trace_get_event (trace, e)->type == KIELA_EVENT_RELAY;
  return relays;
}

/* What the engine writes after Try it (a refusal, a wrong and a right verdict's details, What
 * Happens) is in the Rules page's language too, not the interface's.  The expected words are
 * written here by hand, in French from po/fr.po and in English, so that neither language's
 * catalogue lookup in the code under test decides them. */
static void
check_engine_sentences (Fixture *f, const char *lang)
{
  static const struct { const char *refused, *wrong, *right, *start, *lift; } words[2] = {
    { "there is nothing to sow", "does not relay: its last stone ends the move in", "relays once.", "is about to sow",
      "lifts" },
    { "il n’y a rien à semer", "ne fait pas relais", "fait un relais.", "s’apprête à semer", "ramasse" },
  };
  guint want = g_str_equal (lang, "fr") ? 1 : 0, other = 1 - want;
  KielaLessonView *view = view_of (f);
  const KielaLesson *lesson = kiela_registry_lookup_lesson (f->registry, "relay-outer");
  const KielaVariant *variant;
  KielaBoardView *board;
  KielaStepList *list;
  KielaMove moves[KIELA_MAX_MOVES], wrong = -1, right = -1;
  KielaPosition pos;
  const char *said;
  guint n, empty = G_MAXUINT;

  g_assert_nonnull (lesson);
  variant = kiela_registry_lookup_variant (f->registry, lesson->variant);
  kiela_lesson_view_set_language (view, lang);
  g_assert_true (kiela_lesson_view_open (view, lesson->id, 1, NULL));
  kiela_window_push_page (f->window, KIELA_PAGE_LESSON);
  spin (50);
  g_assert_cmpint (lesson->steps[1].task.kind, ==, KIELA_TASK_SOW_ANY);
  g_assert_cmpint (lesson->steps[1].task.condition, ==, KIELA_CONDITION_RELAYS);
  board = kiela_lesson_view_get_board (view);
  pos = *kiela_board_view_get_position (board);
  n = kiela_legal_moves (variant, &pos, moves, NULL, NULL);
  for (guint i = 0; i < n; i++)
    {
      guint relays = relays_of (variant, &pos, moves[i]);

      if (relays == 0 && wrong < 0)
        wrong = moves[i];
      if (relays == 1 && right < 0)
        right = moves[i];
    }
  for (guint h = 0; h < 2u * variant->files && empty == G_MAXUINT; h++)
    if (pos.houses[pos.to_move][h] == 0)
      empty = h;
  g_assert_cmpint (wrong, >=, 0);
  g_assert_cmpint (right, >=, 0);
  g_assert_cmpuint (empty, !=, G_MAXUINT);

  /* An empty house: refused, with the reason in the page's language. */
  g_signal_emit_by_name (kiela_board_view_get_house (board, pos.to_move, empty), "clicked");
  spin (20);
  said = kiela_lesson_view_get_feedback (view);
  g_test_message ("refused: %s", said);
  g_assert_nonnull (strstr (said, words[want].refused));
  g_assert_null (strstr (said, words[other].refused));
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), !=, KIELA_LESSON_WRONG);

  /* A move that does not relay: wrong, said after the replay, and What Happens narrates it. */
  g_signal_emit_by_name (kiela_board_view_get_house (board, pos.to_move, (guint) wrong), "clicked");
  wait_until (replay_done, view, 5000, "the replay");
  spin (50);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_WRONG);
  said = kiela_lesson_view_get_feedback (view);
  g_test_message ("wrong: %s", said);
  g_assert_nonnull (strstr (said, words[want].wrong));
  g_assert_null (strstr (said, words[other].wrong));
  list = KIELA_STEP_LIST (app_test_find_type (GTK_WIDGET (view), KIELA_TYPE_STEP_LIST));
  g_assert_nonnull (list);
  g_assert_cmpuint (kiela_step_list_get_n_rows (list), >=, 2);
  g_test_message ("What Happens: %s / %s", kiela_step_list_get_row_text (list, 0), kiela_step_list_get_row_text (list, 1));
  g_assert_nonnull (strstr (kiela_step_list_get_row_text (list, 0), words[want].start));
  g_assert_null (strstr (kiela_step_list_get_row_text (list, 0), words[other].start));
  g_assert_nonnull (strstr (kiela_step_list_get_row_text (list, 1), words[want].lift));
  g_assert_null (strstr (kiela_step_list_get_row_text (list, 1), words[other].lift));
  maybe_screenshot (f, "lesson-try-it-sentences-wrong.png");

  /* The right move at once: its detail too. */
  g_signal_emit_by_name (kiela_board_view_get_house (board, pos.to_move, (guint) right), "clicked");
  wait_until (replay_done, view, 5000, "the replay");
  spin (50);
  g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
  said = kiela_lesson_view_get_feedback (view);
  g_test_message ("right: %s", said);
  g_assert_nonnull (strstr (said, words[want].right));
  g_assert_null (strstr (said, words[other].right));
  g_assert_nonnull (strstr (kiela_step_list_get_row_text (list, 0), words[want].start));
  maybe_screenshot (f, "lesson-try-it-sentences-right.png");

  /* An arrangement: the arranger's words and the checker's reason. */
  {
    const KielaLesson *expert = kiela_registry_lookup_lesson (f->registry, "expert");
    static const char *const check[2] = { "_Check Arrangement", "_Vérifier la disposition" };
    static const char *const none[2] = { "None of your first moves captures yet.",
                                         "Aucun de vos premiers coups ne capture encore." };
    static const char *const best[2] = { "Your best first move, ", "Votre meilleur premier coup, " };

    g_assert_nonnull (expert);
    g_assert_cmpint (expert->steps[2].task.kind, ==, KIELA_TASK_ARRANGE);
    g_assert_true (kiela_lesson_view_open (view, expert->id, 2, NULL));
    spin (20);
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (kiela_lesson_view_get_control (view, "arrange-check"))), ==,
                     check[want]);
    g_assert_true (answer_wrong (view, expert, kiela_registry_lookup_variant (f->registry, expert->variant), 2));
    said = kiela_lesson_view_get_feedback (view);
    g_test_message ("arrangement: %s", said);
    g_assert_true (strstr (said, none[want]) != NULL || strstr (said, best[want]) != NULL);
    g_assert_null (strstr (said, none[other]));
    g_assert_null (strstr (said, best[other]));
  }

  /* A final test answered right throughout: the score line (a plural: "justes" for 5). */
  {
    const KielaLesson *test = kiela_registry_lookup_lesson (f->registry, "final-beginner");
    static const char *const score[2] = { "Final test: 5 of 5 right at the first try.",
                                          "5 sur 5 justes du premier essai." };

    g_assert_nonnull (test);
    g_assert_cmpuint (test->n_steps, ==, 5);
    g_assert_true (kiela_lesson_view_open (view, test->id, 0, NULL));
    for (guint s = 0; s < test->n_steps; s++)
      {
        answer_right (view, test, kiela_registry_lookup_variant (f->registry, test->variant), s);
        g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
        if (s + 1 < test->n_steps)
          click (kiela_lesson_view_get_control (view, "next"));
      }
    said = kiela_lesson_view_get_feedback (view);
    g_test_message ("final test: %s", said);
    g_assert_nonnull (strstr (said, score[want]));
    g_assert_null (strstr (said, score[other]));
  }
  kiela_lesson_view_set_language (view, NULL);
}

static void
test_try_it_language (Fixture *f, gconstpointer data)
{
  gboolean french_ui = g_getenv ("KIELA_TEST_LOCALE") != NULL;
  const char *lang = french_ui ? "en" : "fr";
  KielaLessonView *view = view_of (f);
  KielaTextPane *rules;
  GtkWidget *link;
  g_auto(GStrv) parts = NULL;
  const KielaLesson *lesson;
  g_autoptr(KielaMo) mo = NULL;
  const char *expected;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules"));
  spin (100);
  rules = KIELA_TEXT_PANE (kiela_window_get_page (f->window, "rules"));
  kiela_text_pane_set_language (rules, lang);
  spin (50);
  link = app_test_find_widget (GTK_WIDGET (f->window), is_lesson_link, NULL);
  g_assert_nonnull (link);
  parts = g_strsplit (g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (link)), NULL), "@", 2);
  lesson = kiela_registry_lookup_lesson (f->registry, parts[0]);
  g_assert_nonnull (lesson);
  if (!french_ui)
    {
      g_autoptr(GError) error = NULL;

      mo = kiela_mo_load (kiela_locale_dir (), "fr", GETTEXT_PACKAGE, &error);
      g_assert_no_error (error);
    }
  expected = kiela_mo_gettext (mo, lesson->steps[0].text);
  /* The two languages differ for this text, or the test would prove nothing. */
  g_assert_cmpstr (expected, !=, kiela_lesson_step_get_text (lesson, 0));

  click (link);
  spin (50);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_LESSON);
  g_assert_cmpstr (kiela_lesson_view_get_language (view), ==, lang);
  g_assert_cmpstr (kiela_lesson_view_get_narration (view), ==, expected);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (kiela_lesson_view_get_control (view, "caption"))), ==, expected);

  /* The runner's own words follow too: its buttons, headings, step counter, task and verdict. */
  {
    static const struct { const char *control, *msgid; } words[] = {
      { "hint", "_Hint" }, { "retry", "_Try Again" }, { "show", "Show _Me" }, { "next-lesson", "Next _Lesson" },
      { "check", "_Check" },
    };
    const char *counter = kiela_mo_gettext (mo, "Step %1$u of %2$u · %3$s");
    g_autofree char *prefix = g_strndup (counter, strcspn (counter, "%"));
    KielaTaskKind kind = lesson->steps[0].task.kind;
    const char *next = kiela_mo_gettext (mo, lesson->n_steps > 1 ? "_Next" : "_Finish Lesson");

    if (!french_ui)
      g_assert_cmpstr (next, !=, lesson->n_steps > 1 ? "_Next" : "_Finish Lesson");
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (kiela_lesson_view_get_control (view, "next"))), ==, next);
    for (guint i = 0; i < G_N_ELEMENTS (words); i++)
      g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (kiela_lesson_view_get_control (view, words[i].control))), ==,
                       kiela_mo_gettext (mo, words[i].msgid));
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (kiela_lesson_view_get_control (view, "steps-heading"))), ==,
                     kiela_mo_gettext (mo, "What Happens"));
    g_assert_cmpstr (gtk_expander_get_label (GTK_EXPANDER (kiela_lesson_view_get_control (view, "notes"))), ==,
                     kiela_mo_gettext (mo, "For Teachers"));
    g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (kiela_lesson_view_get_control (view, "step"))), prefix));
    /* In the C locale kiela_task_kind_name() is the English message; under French the task
     * must not be the interface's French. */
    if (french_ui)
      g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (kiela_lesson_view_get_control (view, "task"))), !=,
                       kiela_task_kind_name (kind));
    else
      g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (kiela_lesson_view_get_control (view, "task"))), ==,
                       kiela_mo_gettext (mo, kiela_task_kind_name (kind)));
    maybe_screenshot (f, "lesson-try-it-language.png");
    /* Answered right, the verdict's own word is the page's language too. */
    answer_right (view, lesson, kiela_registry_lookup_variant (f->registry, lesson->variant), 0);
    g_assert_cmpint (kiela_lesson_view_get_verdict (view), ==, KIELA_LESSON_RIGHT);
    if (lesson->steps[0].right == NULL)
      g_assert_nonnull (strstr (kiela_lesson_view_get_feedback (view), kiela_mo_gettext (mo, "Right!")));
    maybe_screenshot (f, "lesson-try-it-language-right.png");
  }

  /* Opened another way, the lesson is in the interface's language again. */
  click_back (f);
  gtk_widget_activate_action (GTK_WIDGET (f->window), "learn.open-lesson", "s", lesson->id);
  g_assert_null (kiela_lesson_view_get_language (view));
  g_assert_cmpstr (kiela_lesson_view_get_narration (view), ==, kiela_lesson_step_get_text (lesson, 0));

  /* The engine's own sentences follow the page's language too. */
  check_engine_sentences (f, lang);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = lessons_test_init (&argc, &argv, "test-lessons-links");

  ADD ("/app/lessons/links", test_links);
  ADD ("/app/lessons/links-off", test_links_off);
  ADD_SIZES ("/app/lessons/runner/next-lesson-and-back", test_runner_next_lesson_and_back);
  ADD_SIZES ("/app/lessons/runner/other-variant-offer", test_runner_other_variant_offer);
  ADD_SIZES ("/app/lessons/runner/back", test_runner_back);
  ADD ("/app/lessons/runner/try-it-language", test_try_it_language);
  return g_test_run ();
}
