/* test-position-editor.c: widget tests of the position editor (issue 10) under Xvfb: opened from
 * a reviewed position, stones set by click, scroll and typed counts, undo, mirror and variants,
 * KPN copied and pasted through the clipboard, bad strings and unplayable positions refused with
 * their reason, and games and analyses started from the position, saved and reopened. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "kiela-position-editor.h"
#include "kiela-board-view-private.h"
#include "app-test-util.h"
#include "app-test-render.h"

#define START_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s"
#define STUDY_KPN "0,3,0,1,0,0,4,0,0,2/0,0,5,1,0,0,0,2,0,0/0,1,0,0,3,0,0,0,6,0/2,0,0,0,1,0,0,3,0,0 n"

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  char *dir;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  f->prefs = app_test_settings_new ();
  g_settings_set_enum (f->prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  f->dir = g_dir_make_tmp ("kiela-editor-XXXXXX", NULL);
  f->window = app_test_window_new (f->registry, f->prefs, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  gtk_window_present (GTK_WINDOW (f->window));
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, app_test_window_free);
  g_clear_object (&f->prefs);
  g_clear_pointer (&f->registry, kiela_registry_free);
  g_free (f->dir);
}

static gboolean
board_allocated (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (kiela_position_editor_get_board (data))) > 0;
}

static KielaPositionEditor *
open_editor (Fixture *f)
{
  KielaPositionEditor *editor;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.edit-position", NULL));
  editor = KIELA_POSITION_EDITOR (kiela_window_get_page (f->window, KIELA_PAGE_EDITOR));
  g_assert_nonnull (editor);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_EDITOR);
  wait_until (board_allocated, editor, 10000, "the editor's board on screen");
  spin (50);
  return editor;
}

static GtkWidget *
editor_child (KielaPositionEditor *editor, const char *name)
{
  GtkWidget *w = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (editor), KIELA_TYPE_POSITION_EDITOR, name));

  g_assert_nonnull (w);
  return w;
}

static void
editor_action (KielaPositionEditor *editor, const char *name)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), name, NULL));
}

static KielaSquare
square (const char *name)
{
  KielaSquare sq;

  g_assert_true (kiela_square_parse (10, name, &sq, NULL));
  return sq;
}

static guint
count_at (KielaPositionEditor *editor, const char *name)
{
  KielaSquare sq = square (name);

  return kiela_position_editor_get_position (editor)->houses[sq.side][sq.house];
}

static void
assert_kpn (KielaPositionEditor *editor, const char *kpn)
{
  g_autofree char *now = kiela_position_editor_dup_kpn (editor);

  g_assert_cmpstr (now, ==, kpn);
}

/* The board's controller of `type` (the editor adds one of each kind it needs). */
static GtkEventController *
board_controller (KielaPositionEditor *editor, GType type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (kiela_position_editor_get_board (editor)));
  GtkEventController *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        found = c;
    }
  g_assert_nonnull (found);
  return found;
}

/* The centre of a house in the board's coordinates. */
static void
house_centre (KielaPositionEditor *editor, const char *name, double *x, double *y)
{
  KielaBoardView *board = kiela_position_editor_get_board (editor);
  KielaSquare sq = square (name);
  KielaHouse *house = kiela_board_view_get_house (board, sq.side, sq.house);
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (house), GTK_WIDGET (board), &bounds));
  *x = bounds.origin.x + bounds.size.width / 2;
  *y = bounds.origin.y + bounds.size.height / 2;
}

static gboolean
type_key (KielaPositionEditor *editor, guint keyval)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (board_controller (editor, GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed",
                         keyval, 0u, (GdkModifierType) 0, &handled);
  return handled;
}

static void
focus_house (KielaPositionEditor *editor, const char *name)
{
  KielaSquare sq = square (name);

  gtk_widget_grab_focus (GTK_WIDGET (kiela_board_view_get_house (kiela_position_editor_get_board (editor),
                                                                  sq.side, sq.house)));
}

/* ---------- tests ---------- */

/* "Edit This Position" from a reviewed position opens the editor on it; Escape leaves; the game
 * page's undo is off while the editor shows (Ctrl+Z is the editor's). */
static void
test_open_from_review (Fixture *f, gconstpointer data)
{
  KielaGameSession *session = kiela_window_get_session (f->window);
  KielaGame *game = kiela_window_get_game (f->window);
  KielaPositionEditor *editor;
  KielaPosition after_one;
  KielaMove moves[KIELA_MAX_MOVES];

  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpuint (kiela_game_legal_moves (game, moves), >, 0);
      g_assert_true (kiela_game_session_play (session, moves[0], NULL));
    }
  after_one = *kiela_game_get_position_at (game, 1);
  kiela_window_review_ply (f->window, 1);
  g_assert_false (kiela_game_session_is_live (session));

  editor = open_editor (f);
  g_assert_true (kiela_position_equal (kiela_position_editor_get_position (editor), &after_one));
  g_assert_cmpint (kiela_position_editor_get_position (editor)->to_move, ==, KIELA_NORTH);
  g_assert_cmpstr (kiela_position_editor_get_variant (editor)->id, ==, "kiela");
  g_assert_null (kiela_position_editor_get_problem (editor));
  /* The side labels and totals say whose turn it is and what each side has. */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (editor_child (editor, "north_label"))), "North to move"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (editor_child (editor, "totals_row"))), "56"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (editor_child (editor, "limits_row"))),
                            "56 stones"));

  /* The game's moves are safe from Ctrl+Z while the editor shows. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL);
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);

  /* Ctrl+E again while editing keeps the set-up; after leaving, it takes the game's position
   * again, and undo brings the last set-up back. */
  kiela_position_editor_set_count (editor, KIELA_SOUTH, 0, 9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.edit-position", NULL));
  g_assert_cmpuint (kiela_position_editor_get_position (editor)->houses[KIELA_SOUTH][0], ==, 9);

  editor_action (editor, "editor.leave");
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  g_assert_cmpuint (kiela_game_get_n_moves (game), ==, 2);
  g_assert_true (open_editor (f) == editor);
  g_assert_true (kiela_position_equal (kiela_position_editor_get_position (editor), &after_one));
  editor_action (editor, "editor.undo");
  g_assert_cmpuint (kiela_position_editor_get_position (editor)->houses[KIELA_SOUTH][0], ==, 9);
}

/* Click, scroll, typed counts, plus/minus/Delete on a focused house, undo and redo. */
static void
test_edit_on_board (Fixture *f, gconstpointer data)
{
  KielaPositionEditor *editor = open_editor (f);
  KielaSquare e2 = square ("e2");
  double x, y;
  gboolean handled = FALSE;

  assert_kpn (editor, START_KPN);

  /* Enter or Space on a house (the board's "house-activated"): one stone more. */
  g_signal_emit_by_name (kiela_position_editor_get_board (editor), "house-activated", (guint) e2.side, (guint) e2.house);
  g_assert_cmpuint (count_at (editor, "e2"), ==, 1);

  /* A click on a house: one more, and the house takes the focus for typing. */
  house_centre (editor, "e2", &x, &y);
  g_signal_emit_by_name (board_controller (editor, GTK_TYPE_GESTURE_CLICK), "pressed", 1, x, y);
  g_assert_cmpuint (count_at (editor, "e2"), ==, 2);

  /* Scrolling over it: up adds, down takes away. */
  g_signal_emit_by_name (board_controller (editor, GTK_TYPE_EVENT_CONTROLLER_MOTION), "motion", x, y);
  g_signal_emit_by_name (board_controller (editor, GTK_TYPE_EVENT_CONTROLLER_SCROLL), "scroll", 0.0, -1.0, &handled);
  g_assert_true (handled);
  g_assert_cmpuint (count_at (editor, "e2"), ==, 3);
  g_signal_emit_by_name (board_controller (editor, GTK_TYPE_EVENT_CONTROLLER_SCROLL), "scroll", 0.0, 1.0, &handled);
  g_signal_emit_by_name (board_controller (editor, GTK_TYPE_EVENT_CONTROLLER_SCROLL), "scroll", 0.0, 1.0, &handled);
  g_assert_cmpuint (count_at (editor, "e2"), ==, 1);

  /* Typing a count on a focused house: "1" then "2" makes 12, in one undo step. */
  focus_house (editor, "c4");
  g_assert_true (type_key (editor, GDK_KEY_1));
  g_assert_true (type_key (editor, GDK_KEY_KP_2));
  g_assert_cmpuint (count_at (editor, "c4"), ==, 12);
  g_assert_true (type_key (editor, GDK_KEY_plus));
  g_assert_cmpuint (count_at (editor, "c4"), ==, 13);
  g_assert_true (type_key (editor, GDK_KEY_minus));
  g_assert_true (type_key (editor, GDK_KEY_minus));
  g_assert_cmpuint (count_at (editor, "c4"), ==, 11);
  g_assert_true (type_key (editor, GDK_KEY_Delete));
  g_assert_cmpuint (count_at (editor, "c4"), ==, 0);
  /* A letter is not the editor's: the board may use it. */
  g_assert_false (type_key (editor, GDK_KEY_a));

  /* Undo walks back step by step: Delete, minus, minus, plus, the typed 12. */
  for (guint i = 0; i < 4; i++)
    editor_action (editor, "editor.undo");
  g_assert_cmpuint (count_at (editor, "c4"), ==, 12);
  editor_action (editor, "editor.undo");
  g_assert_cmpuint (count_at (editor, "c4"), ==, 2);
  editor_action (editor, "editor.redo");
  g_assert_cmpuint (count_at (editor, "c4"), ==, 12);
  /* Taking from an empty house does nothing (and rings the bell). */
  kiela_position_editor_set_count (editor, square ("a3").side, square ("a3").house, 0);
  focus_house (editor, "a3");
  g_assert_true (type_key (editor, GDK_KEY_minus));
  g_assert_cmpuint (count_at (editor, "a3"), ==, 0);
}

/* Chooses `v` in the variant row, as a person would: by its name. */
static void
select_variant (AdwComboRow *row, const KielaVariant *v)
{
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), kiela_variant_get_name (v)))
      {
        adw_combo_row_set_selected (row, i);
        return;
      }
  g_error ("no variant row for %s", v->id);
}

/* The tools: clear, start position, mirror (twice is the identity), side to move, variants. */
static void
test_tools_and_variants (Fixture *f, gconstpointer data)
{
  KielaPositionEditor *editor = open_editor (f);
  const KielaVariant *hawalis = kiela_registry_lookup_variant (f->registry, "hawalis");
  const KielaVariant *beginner = kiela_registry_lookup_variant (f->registry, "kiela-beginner");
  AdwComboRow *variant_row = ADW_COMBO_ROW (editor_child (editor, "variant_row"));
  KielaPosition study, mirrored;

  g_assert_true (kiela_position_editor_apply_kpn (editor, STUDY_KPN, "bad", NULL));
  study = *kiela_position_editor_get_position (editor);

  editor_action (editor, "editor.mirror");
  mirrored = *kiela_position_editor_get_position (editor);
  g_assert_cmpint (mirrored.to_move, ==, KIELA_SOUTH);
  for (guint h = 0; h < 20; h++)
    {
      g_assert_cmpuint (mirrored.houses[KIELA_SOUTH][h], ==, study.houses[KIELA_NORTH][h]);
      g_assert_cmpuint (mirrored.houses[KIELA_NORTH][h], ==, study.houses[KIELA_SOUTH][h]);
    }
  editor_action (editor, "editor.mirror");
  assert_kpn (editor, STUDY_KPN);

  editor_action (editor, "editor.clear");
  g_assert_cmpuint (kiela_position_total (kiela_position_editor_get_position (editor)), ==, 0);
  editor_action (editor, "editor.start-position");
  assert_kpn (editor, START_KPN);

  /* The side-to-move buttons. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (editor_child (editor, "north_toggle")), TRUE);
  g_assert_cmpint (kiela_position_editor_get_position (editor)->to_move, ==, KIELA_NORTH);
  editor_action (editor, "editor.undo");
  g_assert_cmpint (kiela_position_editor_get_position (editor)->to_move, ==, KIELA_SOUTH);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (editor_child (editor, "south_toggle"))));

  /* A variant on the same board keeps the stones (and judges them by its own limits)... */
  g_assert_true (kiela_position_editor_apply_kpn (editor, STUDY_KPN, "bad", NULL));
  select_variant (variant_row, beginner);
  g_assert_true (kiela_position_editor_get_variant (editor) == beginner);
  assert_kpn (editor, STUDY_KPN);
  /* 34 stones: too many for the beginners' 28. */
  g_assert_nonnull (kiela_position_editor_get_problem (editor));
  g_assert_nonnull (strstr (kiela_position_editor_get_problem (editor), "34 stones"));

  /* ... another board size starts from that variant's start, and undo comes back. */
  if (hawalis != NULL)
    {
      KielaPosition start;

      select_variant (variant_row, hawalis);
      g_assert_true (kiela_position_editor_get_variant (editor) == hawalis);
      kiela_position_init_start (&start, hawalis);
      g_assert_true (kiela_position_equal (kiela_position_editor_get_position (editor), &start));
      editor_action (editor, "editor.undo");
      g_assert_true (kiela_position_editor_get_variant (editor) == beginner);
      assert_kpn (editor, STUDY_KPN);
    }
}

typedef struct {
  KielaPositionEditor *editor;
  const char *kpn;
} KpnWait;

static gboolean
kpn_is (gpointer data)
{
  KpnWait *w = data;
  g_autofree char *now = kiela_position_editor_dup_kpn (w->editor);

  return g_strcmp0 (now, w->kpn) == 0;
}

static gboolean
kpn_error_shown (gpointer data)
{
  return kiela_position_editor_get_kpn_error (data) != NULL;
}

/* KPN out through the clipboard and back in, the entry, a pasted 7-file position choosing the
 * variant played on 7 files. */
static void
test_kpn_round_trip (Fixture *f, gconstpointer data)
{
  KielaPositionEditor *editor = open_editor (f);
  GtkWidget *kpn_row = editor_child (editor, "kpn_row");
  g_autofree char *copied = NULL;
  KpnWait wait = { editor, STUDY_KPN };
  KielaPosition parsed;

  g_assert_true (kiela_position_editor_apply_kpn (editor, "  " STUDY_KPN "\n", "bad", NULL));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (kpn_row)), ==, STUDY_KPN);

  /* Copy: the clipboard holds the position string, which parses back to the same position. */
  editor_action (editor, "editor.copy");
  copied = app_test_clipboard_text (GTK_WIDGET (editor));
  g_assert_cmpstr (copied, ==, STUDY_KPN);
  g_assert_true (kiela_position_parse (copied, 10, &parsed, NULL));
  g_assert_true (kiela_position_equal (&parsed, kiela_position_editor_get_position (editor)));
  g_assert_cmpint (parsed.to_move, ==, kiela_position_editor_get_position (editor)->to_move);

  /* Paste it back over a cleared board. */
  editor_action (editor, "editor.clear");
  editor_action (editor, "editor.paste");
  wait_until (kpn_is, &wait, 5000, "the pasted position");

  /* A string typed into the entry and applied. */
  gtk_editable_set_text (GTK_EDITABLE (kpn_row), START_KPN);
  g_signal_emit_by_name (kpn_row, "apply");
  assert_kpn (editor, START_KPN);

  /* A Hawalis position (7 files) pasted while Kiela is chosen: the 7-file variant takes it. */
  if (kiela_registry_lookup_variant (f->registry, "hawalis") != NULL)
    {
      const char *seven = "2,2,2,2,2,2,2/2,2,2,0,2,2,2/2,2,2,2,2,2,2/2,2,2,2,2,2,2 n";
      KpnWait wait7 = { editor, seven };

      gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (editor)), seven);
      editor_action (editor, "editor.paste");
      wait_until (kpn_is, &wait7, 5000, "the pasted 7-file position");
      g_assert_cmpuint (kiela_position_editor_get_variant (editor)->files, ==, 7);
    }
}

/* A bad string: said in a short sentence with the parser's words under Details, nothing changes;
 * a good one clears it. */
static void
test_bad_kpn (Fixture *f, gconstpointer data)
{
  KielaPositionEditor *editor = open_editor (f);
  GtkWidget *box = editor_child (editor, "kpn_error_box");
  g_autoptr(GError) error = NULL;

  g_assert_false (gtk_widget_get_visible (box));
  g_assert_false (kiela_position_editor_apply_kpn (editor, "2,2,2,2/2,x,2,2/2,2,2,2/2,2,2,2 s", "Not a position.", &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_PARSE);
  assert_kpn (editor, START_KPN);
  g_assert_true (gtk_widget_get_visible (box));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (editor_child (editor, "kpn_error_label"))), ==, "Not a position.");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (editor_child (editor, "kpn_detail_label"))), ==, error->message);
  g_assert_nonnull (strstr (kiela_position_editor_get_kpn_error_detail (editor), "unexpected character “x”"));

  /* The clipboard's text that is no position: the paste's own sentence. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (editor)), "Hello, class!");
  g_assert_true (kiela_position_editor_apply_kpn (editor, START_KPN, "bad", NULL));
  g_assert_false (gtk_widget_get_visible (box));
  editor_action (editor, "editor.paste");
  wait_until (kpn_error_shown, editor, 5000, "the paste's refusal");
  g_assert_cmpstr (kiela_position_editor_get_kpn_error (editor), ==, "The clipboard holds no Kiela position.");
  g_assert_nonnull (strstr (kiela_position_editor_get_kpn_error_detail (editor), "Hello, class!"));
  g_assert_true (gtk_widget_get_visible (box));
  assert_kpn (editor, START_KPN);

  /* A board size no variant has. */
  g_clear_error (&error);
  g_assert_false (kiela_position_editor_apply_kpn (editor, "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/"
                                                   "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 s",
                                                   "bad", &error));
  g_assert_nonnull (strstr (kiela_position_editor_get_kpn_error (editor), "19 files"));

  /* Undoing past an error, or any good edit, takes the message away. */
  kiela_position_editor_set_count (editor, KIELA_SOUTH, 0, 3);
  g_assert_false (gtk_widget_get_visible (box));
  g_assert_null (kiela_position_editor_get_kpn_error (editor));
}

/* Positions the variant cannot be played from: the reason on the page, Play and Analyse off,
 * and starting anyway refused with the same reason while the game stays. */
static void
test_refuses_bad_position (Fixture *f, gconstpointer data)
{
  KielaPositionEditor *editor = open_editor (f);
  GtkWidget *status = editor_child (editor, "status_row");
  GtkWidget *play = editor_child (editor, "play_button");
  GtkWidget *analyse = editor_child (editor, "analyse_button");
  KielaGame *before = kiela_window_get_game (f->window);
  g_autoptr(GError) error = NULL;
  KielaSquare c4 = square ("c4");

  g_assert_null (kiela_position_editor_get_problem (editor));
  g_assert_true (gtk_widget_get_sensitive (play));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (status)), "South to move"));

  /* Too many stones. */
  kiela_position_editor_set_count (editor, c4.side, c4.house, 9);
  g_assert_nonnull (strstr (kiela_position_editor_get_problem (editor), "63 stones"));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (status)), ==, kiela_position_editor_get_problem (editor));
  g_assert_false (gtk_widget_get_sensitive (play));
  g_assert_false (gtk_widget_get_sensitive (analyse));
  g_assert_false (kiela_position_editor_start (editor, NULL, NULL, &error));
  g_assert_error (error, KIELA_ERROR, KIELA_ERROR_POSITION);
  g_assert_cmpstr (error->message, ==, kiela_position_editor_get_problem (editor));
  g_assert_true (kiela_window_get_game (f->window) == before);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, KIELA_PAGE_EDITOR);
  g_clear_error (&error);

  /* South to move with single stones only. */
  g_assert_true (kiela_position_editor_apply_kpn (editor, "2,2,2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0,0,0/"
                                                  "0,0,0,0,0,0,0,0,0,0/1,0,1,0,1,0,1,0,1,0 s", "bad", NULL));
  g_assert_nonnull (strstr (kiela_position_editor_get_problem (editor), "no house of South holds 2 stones or more"));
  g_assert_false (gtk_widget_get_sensitive (play));
  /* North to move instead: playable. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (editor_child (editor, "north_toggle")), TRUE);
  g_assert_null (kiela_position_editor_get_problem (editor));
  g_assert_true (gtk_widget_get_sensitive (play));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (status)), "North to move, 10 legal moves"));

  /* An empty board. */
  editor_action (editor, "editor.clear");
  g_assert_nonnull (strstr (kiela_position_editor_get_problem (editor), "empty"));
  g_assert_false (gtk_widget_get_sensitive (analyse));
}

/* A position after a win at both ends (Omweso, " lost:n"): the editor reads and writes it, says
 * why it cannot be played from, and an edit (a count, the side to move) makes it a position to
 * play from again. */
static void
test_both_ends_loss (Fixture *f, gconstpointer data)
{
  KielaPositionEditor *editor = open_editor (f);
  const KielaVariant *omweso = kiela_registry_lookup_variant (f->registry, "omweso");
  const char *kpn = "0,0,0,0,0,0,0,2/0,0,2,0,0,0,2,0/1,0,0,3,0,0,0,6/0,0,0,0,0,0,0,0 n lost:n";
  g_autofree char *back = NULL, *edited = NULL;
  KielaSquare h3;
  KielaPosition start;

  if (omweso == NULL)
    {
      g_test_skip ("Omweso is not loaded");
      return;
    }
  g_assert_true (kiela_square_parse (8, "h3", &h3, NULL));
  kiela_position_init_start (&start, omweso);
  kiela_position_editor_set_position (editor, omweso, &start);
  g_assert_true (kiela_position_editor_get_variant (editor) == omweso);
  g_assert_true (kiela_position_editor_apply_kpn (editor, kpn, "bad", NULL));
  back = kiela_position_editor_dup_kpn (editor);
  g_assert_cmpstr (back, ==, kpn);
  g_assert_cmpstr (kiela_position_editor_get_problem (editor), ==,
                   "North has already lost: South captured at both ends of the board in one move. The game would be "
                   "over at once.");
  g_assert_false (gtk_widget_get_sensitive (editor_child (editor, "play_button")));
  /* A count edited: the board is a new position, North to move with its moves. */
  kiela_position_editor_set_count (editor, h3.side, h3.house, 3);
  edited = kiela_position_editor_dup_kpn (editor);
  g_assert_null (strstr (edited, "lost:"));
  g_assert_null (kiela_position_editor_get_problem (editor));
  g_assert_true (gtk_widget_get_sensitive (editor_child (editor, "play_button")));
  /* Undo brings the loss back; the side to move changed clears it too. */
  editor_action (editor, "editor.undo");
  g_assert_nonnull (strstr (kiela_position_editor_get_problem (editor), "North has already lost"));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (editor_child (editor, "south_toggle")), TRUE);
  g_assert_true (kiela_position_editor_get_problem (editor) == NULL ||
                 strstr (kiela_position_editor_get_problem (editor), "lost") == NULL);
  g_assert_cmpuint (kiela_position_editor_get_position (editor)->lost, ==, 0);
}

static const char *
row_subtitle (KielaPositionEditor *editor, const char *name)
{
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (editor_child (editor, name)));
}

static gboolean
kpn_has (KielaPositionEditor *editor, const char *part)
{
  g_autofree char *kpn = kiela_position_editor_dup_kpn (editor);

  return strstr (kpn, part) != NULL;
}

/* The variant's own rules beyond the stones: none for Kiela; for Mefuvha its extra capture and
 * forced first moves, with a switch for each side's first move still to come (off: that side
 * moves freely; undo puts it back); for Quiela its skip, the phase of each side read from the
 * stones and a switch for each side's first sowing in the house; for Omweso its clockwise
 * houses and the win at both ends. */
static void
test_variant_rules (Fixture *f, gconstpointer data)
{
  KielaPositionEditor *editor = open_editor (f);
  const KielaVariant *mefuvha = kiela_registry_lookup_variant (f->registry, "mefuvha");
  const KielaVariant *quiela = kiela_registry_lookup_variant (f->registry, "quiela");
  const KielaVariant *omweso = kiela_registry_lookup_variant (f->registry, "omweso");
  GtkSwitch *sw;
  KielaPosition pos;
  const char *rules;

  g_assert_nonnull (mefuvha);
  g_assert_nonnull (quiela);
  g_assert_nonnull (omweso);
  g_assert_false (gtk_widget_get_visible (editor_child (editor, "rules_group")));

  kiela_position_init_start (&pos, mefuvha);
  kiela_position_editor_set_position (editor, mefuvha, &pos);
  g_assert_true (gtk_widget_get_visible (editor_child (editor, "rules_group")));
  rules = row_subtitle (editor, "special_row");
  g_assert_nonnull (strstr (rules, "After a capture the mover may take 1 more house of their choice."));
  g_assert_nonnull (strstr (rules, "Each side’s first move is made from c2."));
  g_assert_false (gtk_widget_get_visible (editor_child (editor, "phase_row")));
  g_assert_false (gtk_widget_get_visible (editor_child (editor, "in_house_south_row")));
  g_assert_true (gtk_widget_get_visible (editor_child (editor, "first_south_row")));
  g_assert_cmpstr (row_subtitle (editor, "first_north_row"), ==, "Its first move is still to be made from n3.");
  sw = GTK_SWITCH (editor_child (editor, "first_south_switch"));
  g_assert_true (gtk_switch_get_active (sw));
  g_assert_true (kpn_has (editor, " first:sn"));
  /* Owing c2, South has that one move; free, it has every house's. */
  {
    KielaMove moves[KIELA_MAX_MOVES];

    g_assert_cmpuint (kiela_legal_moves (mefuvha, kiela_position_editor_get_position (editor), moves, NULL, NULL), ==, 30);
    gtk_switch_set_active (sw, FALSE);
    g_assert_true (kpn_has (editor, " first:n"));
    g_assert_cmpuint (kiela_legal_moves (mefuvha, kiela_position_editor_get_position (editor), moves, NULL, NULL), >, 30);
  }
  editor_action (editor, "editor.undo");
  g_assert_true (kpn_has (editor, " first:sn"));
  g_assert_true (gtk_switch_get_active (sw));
  if (g_getenv ("KIELA_SCREENSHOT_DIR"))
    {
      g_autofree char *path = g_build_filename (g_getenv ("KIELA_SCREENSHOT_DIR"), "editor-mefuvha-rules.png", NULL);
      g_autoptr(GdkTexture) texture = NULL;

      app_test_wait_frames (GTK_WIDGET (f->window), 2);
      spin (500);
      texture = render_texture (GTK_WIDGET (f->window), FALSE);
      g_assert_true (gdk_texture_save_to_png (texture, path));
    }

  /* Two extra houses: taken together or not at all. */
  {
    const KielaVariant *two = kiela_registry_lookup_variant (f->registry, "mefuvha-two");

    g_assert_nonnull (two);
    kiela_position_init_start (&pos, two);
    kiela_position_editor_set_position (editor, two, &pos);
    rules = row_subtitle (editor, "special_row");
    g_assert_nonnull (strstr (rules, "After a capture the mover may take 2 more houses of their choice, both or none."));
    g_assert_nonnull (strstr (rules, "Each side’s first move is made from c2."));
    g_assert_cmpstr (row_subtitle (editor, "first_north_row"), ==, "Its first move is still to be made from f3.");
  }

  kiela_position_init_start (&pos, quiela);
  kiela_position_editor_set_position (editor, quiela, &pos);
  rules = row_subtitle (editor, "special_row");
  g_assert_nonnull (strstr (rules, "A threatened single in b2 may skip to a1 or b1."));
  g_assert_nonnull (strstr (rules, "A side’s first sowing from a1 may drop its first stone into a1."));
  g_assert_true (gtk_widget_get_visible (editor_child (editor, "phase_row")));
  g_assert_cmpstr (row_subtitle (editor, "phase_row"), ==, "South: initial phase · North: initial phase");
  g_assert_false (gtk_widget_get_visible (editor_child (editor, "first_south_row")));
  g_assert_cmpstr (row_subtitle (editor, "in_house_north_row"), ==, "Its first sowing from g4 may still start in g4.");
  gtk_switch_set_active (GTK_SWITCH (editor_child (editor, "in_house_north_switch")), FALSE);
  g_assert_true (kpn_has (editor, " inhouse:s"));
  g_assert_false (kpn_has (editor, " inhouse:sn"));
  /* South left with single stones is in the later phase. */
  memset (pos.houses[KIELA_SOUTH], 0, sizeof pos.houses[KIELA_SOUTH]);
  pos.houses[KIELA_SOUTH][3] = 1;
  pos.houses[KIELA_SOUTH][9] = 1;
  kiela_position_editor_set_position (editor, quiela, &pos);
  g_assert_cmpstr (row_subtitle (editor, "phase_row"), ==, "South: later phase · North: initial phase");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  spin (500);
  if (g_getenv ("KIELA_SCREENSHOT_DIR"))
    {
      g_autofree char *path = g_build_filename (g_getenv ("KIELA_SCREENSHOT_DIR"), "editor-quiela-rules.png", NULL);
      g_autoptr(GdkTexture) texture = render_texture (GTK_WIDGET (f->window), FALSE);

      g_assert_true (gdk_texture_save_to_png (texture, path));
    }

  kiela_position_init_start (&pos, omweso);
  kiela_position_editor_set_position (editor, omweso, &pos);
  rules = row_subtitle (editor, "special_row");
  g_assert_nonnull (strstr (rules, "Clockwise sowing from a1, b1, b2, a2 when it captures (North’s own alike)."));
  g_assert_nonnull (strstr (rules, "Captures at both ends of the board in one move win at once."));
  g_assert_false (gtk_widget_get_visible (editor_child (editor, "phase_row")));
  g_assert_false (gtk_widget_get_visible (editor_child (editor, "first_south_row")));
  g_assert_false (gtk_widget_get_visible (editor_child (editor, "in_house_south_row")));
}

static gboolean
north_moved (gpointer data)
{
  Fixture *f = data;

  return kiela_game_get_n_moves (kiela_window_get_game (f->window)) >= 1 && !kiela_window_is_ai_thinking (f->window);
}

/* Play: a game from the position with the chosen computer player, saved and reopened at it;
 * Analyse: both sides human from the same position. */
static void
test_start_game_and_analysis (Fixture *f, gconstpointer data)
{
  KielaPositionEditor *editor = open_editor (f);
  AdwComboRow *north_row = ADW_COMBO_ROW (editor_child (editor, "north_row"));
  AdwComboRow *south_row = ADW_COMBO_ROW (editor_child (editor, "south_row"));
  g_autofree char *path = g_build_filename (f->dir, "study.kiela", NULL);
  g_autoptr(GError) error = NULL;
  KielaGameSession *session = kiela_window_get_session (f->window);
  KielaPosition study;
  const KielaPersonality *north;

  g_assert_true (kiela_position_editor_apply_kpn (editor, STUDY_KPN, "bad", NULL));
  study = *kiela_position_editor_get_position (editor);
  g_assert_cmpuint (adw_combo_row_get_selected (south_row), ==, 0);
  adw_combo_row_set_selected (north_row, 1);
  editor_action (editor, "editor.play");
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  north = kiela_game_session_get_player (session, KIELA_NORTH);
  g_assert_nonnull (north);
  g_assert_null (kiela_game_session_get_player (session, KIELA_SOUTH));
  g_assert_true (kiela_position_equal (kiela_game_get_initial (kiela_window_get_game (f->window)), &study));
  /* North, the computer, is to move in the study and plays from it. */
  wait_until (north_moved, f, 30000, "the computer's move from the set-up position");

  g_assert_true (kiela_window_save_to_path (f->window, path, &error));
  g_assert_no_error (error);
  kiela_window_new_game (f->window, kiela_registry_lookup_variant (f->registry, "kiela"), NULL, NULL);
  g_assert_true (kiela_window_open_path (f->window, path));
  g_assert_true (kiela_position_equal (kiela_game_get_initial (kiela_window_get_game (f->window)), &study));
  g_assert_true (kiela_game_session_get_player (session, KIELA_NORTH) == north);
  kiela_window_review_ply (f->window, 0);
  g_assert_true (kiela_position_equal (kiela_window_get_shown_position (f->window), &study));

  /* Reopened in the editor from the start of the reopened game, then analysed: both human. */
  editor = open_editor (f);
  assert_kpn (editor, STUDY_KPN);
  g_assert_true (adw_combo_row_get_selected (north_row) != 0);
  editor_action (editor, "editor.analyse");
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  g_assert_null (kiela_game_session_get_player (session, KIELA_SOUTH));
  g_assert_null (kiela_game_session_get_player (session, KIELA_NORTH));
  g_assert_true (kiela_position_equal (kiela_game_get_position (kiela_window_get_game (f->window)), &study));
  g_assert_true (kiela_game_session_can_play (session));
  g_assert_true (kiela_game_session_can_hint (session));
  g_assert_cmpint (g_remove (path), ==, 0);
}

/* The page as the screen shows it (1024×768 and 1280×800 runs), for a person to look at, and
 * every part of the side panel inside the window. */
static void
test_screenshot (Fixture *f, gconstpointer data)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (f->window));
  g_autoptr(GdkMonitor) monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  GdkRectangle geometry;
  KielaPositionEditor *editor;
  g_autofree char *name = NULL;
  graphene_rect_t bounds;

  gdk_monitor_get_geometry (monitor, &geometry);
  gtk_window_set_default_size (GTK_WINDOW (f->window), geometry.width, geometry.height);
  app_test_wait_frames (GTK_WIDGET (f->window), 2);

  /* The game page while reviewing, with its way into the editor. */
  {
    KielaGameSession *session = kiela_window_get_session (f->window);
    KielaMove moves[KIELA_MAX_MOVES];
    g_autofree char *review = g_strdup_printf ("game-review-%dx%d.png", geometry.width, geometry.height);

    for (guint i = 0; i < 2; i++)
      {
        g_assert_cmpuint (kiela_game_legal_moves (kiela_window_get_game (f->window), moves), >, 0);
        g_assert_true (kiela_game_session_play (session, moves[0], NULL));
      }
    app_test_wait_frames (GTK_WIDGET (f->window), 2);
    kiela_window_review_ply (f->window, 1);
    app_test_wait_frames (GTK_WIDGET (f->window), 2);
    render_to_png (GTK_WIDGET (f->window), review);
  }
  editor = open_editor (f);
  g_assert_true (kiela_position_editor_apply_kpn (editor, STUDY_KPN, "bad", NULL));
  gtk_editable_set_text (GTK_EDITABLE (editor_child (editor, "kpn_row")), "2,2,2/oops s");
  g_signal_emit_by_name (editor_child (editor, "kpn_row"), "apply");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  name = g_strdup_printf ("position-editor-%dx%d.png", geometry.width, geometry.height);
  render_to_png (GTK_WIDGET (f->window), name);

  /* The board is drawn larger than a thumbnail, and the Play button lies inside the window. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (kiela_position_editor_get_board (editor))), >=, geometry.width / 2);
  g_assert_true (gtk_widget_compute_bounds (editor_child (editor, "status_row"), GTK_WIDGET (f->window), &bounds));
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, geometry.width);
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "editor");
  app_test_disable_animations ();

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/app/editor/open-from-review", test_open_from_review);
  ADD ("/app/editor/edit-on-board", test_edit_on_board);
  ADD ("/app/editor/tools-and-variants", test_tools_and_variants);
  ADD ("/app/editor/kpn-round-trip", test_kpn_round_trip);
  ADD ("/app/editor/bad-kpn", test_bad_kpn);
  ADD ("/app/editor/refuses-bad-position", test_refuses_bad_position);
  ADD ("/app/editor/both-ends-loss", test_both_ends_loss);
  ADD ("/app/editor/variant-rules", test_variant_rules);
  ADD ("/app/editor/start-game-and-analysis", test_start_game_and_analysis);
  ADD ("/app/editor/screenshot", test_screenshot);
#undef ADD
  return g_test_run ();
}
