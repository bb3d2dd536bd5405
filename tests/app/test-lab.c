/* test-lab.c: widget tests of the Variant lab: change a rule in the form, see the preview and
 * inline errors follow, play a move under the new rule, save and reopen, install a shared file,
 * run AI-vs-AI statistics of two variants and export plots and tables; a PNG of the page. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-lab-page.h"
#include "kiela-board-view.h"
#include "kiela-settings.h"
#include "kiela-variant-install.h"
#include "app-test-util.h"
#include "app-test-render.h"

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  KielaLabPage *lab;
  char *dir;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->registry = kiela_registry_new ();
  kiela_registry_load_default (f->registry);
  g_assert_nonnull (kiela_registry_lookup_variant (f->registry, "kiela"));
  g_assert_true (g_str_has_prefix (g_get_user_data_dir (), g_get_tmp_dir ()));
  f->dir = g_build_filename (g_get_user_data_dir (), "out", g_test_get_path (), NULL);
  g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
  f->prefs = kiela_settings_new (NULL);
  f->window = app_test_window_new (f->registry, f->prefs, NULL);
  /* The page the window offers under win.show-page::lab. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "lab");
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "lab");
  f->lab = KIELA_LAB_PAGE (app_test_find_type (GTK_WIDGET (f->window), KIELA_TYPE_LAB_PAGE));
  g_assert_nonnull (f->lab);
  g_assert_true (kiela_lab_page_set_base (f->lab, "kiela"));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_pointer (&f->window, app_test_window_free);
  g_clear_object (&f->prefs);
  kiela_registry_free (f->registry);
  g_free (f->dir);
}

static const KielaVariant *
lab_variant (Fixture *f)
{
  KielaVariantFile *file = kiela_lab_page_get_file (f->lab);

  g_assert_nonnull (file);
  return kiela_variant_file_get_variant (file);
}

static guint
total_stones (const KielaPosition *pos, guint files)
{
  guint n = 0;

  for (guint s = 0; s < 2; s++)
    for (guint h = 0; h < 2 * files; h++)
      n += pos->houses[s][h];
  return n;
}

/* Change Files and Relay in the form, see the preview follow, play a move under the new rule,
 * save, reopen the file. */
static void
test_change_play_save (Fixture *f, gconstpointer data)
{
  const KielaVariant *base = kiela_registry_lookup_variant (f->registry, "kiela");
  GtkWidget *files_spin = kiela_lab_page_get_row (f->lab, "Files");
  AdwComboRow *relay = ADW_COMBO_ROW (kiela_lab_page_get_row (f->lab, "Relay"));
  GListModel *choices = adw_combo_row_get_model (relay);
  KielaBoardView *preview = KIELA_BOARD_VIEW (app_test_find_type (GTK_WIDGET (f->lab), KIELA_TYPE_BOARD_VIEW));
  const KielaVariant *v, *played;
  KielaGame *game;
  KielaMove moves[KIELA_MAX_MOVES];
  guint n_moves;
  g_autoptr(KielaGame) under_base = NULL;
  g_autofree char *path = NULL;
  g_autoptr(KielaVariantFile) reopened = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (GTK_IS_SPIN_BUTTON (files_spin));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (files_spin)), ==, base->files);
  g_assert_false (kiela_board_view_get_interactive (preview));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (files_spin), 12);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (choices, i);

      /* The row shows the value in words; the file keeps "never". */
      if (g_str_equal (gtk_string_object_get_string (item), "Never relay"))
        adw_combo_row_set_selected (relay, i);
    }
  g_assert_cmpstr (kiela_lab_page_get_error (f->lab), ==, NULL);
  v = lab_variant (f);
  g_assert_cmpuint (v->files, ==, 12);
  g_assert_cmpint (v->relay_rule, ==, KIELA_RELAY_NEVER);
  /* The preview shows the new start position: 12 files, the pattern's stones. */
  {
    KielaPosition start;

    kiela_position_init_start (&start, v);
    g_assert_true (kiela_position_equal (kiela_board_view_get_position (preview), &start));
    /* outer:2 over 12 houses and inner-right:4:2 on each side */
    g_assert_cmpuint (total_stones (&start, 12), ==, 2 * (12 * 2 + 4 * 2));
  }

  /* Play: the window starts a game of the new rules and shows it. */
  gtk_widget_activate_action (GTK_WIDGET (f->lab), "lab.play", NULL);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "game");
  game = kiela_window_get_game (f->window);
  played = kiela_game_get_variant (game);
  g_assert_cmpstr (played->id, ==, "my-kiela");
  g_assert_true (kiela_registry_lookup_variant (f->registry, "my-kiela") == played);
  g_assert_cmpuint (played->files, ==, 12);
  g_assert_cmpint (played->relay_rule, ==, KIELA_RELAY_NEVER);
  n_moves = kiela_game_legal_moves (game, moves);
  g_assert_cmpuint (n_moves, >, 0);
  /* a move whose last stone lands in an occupied house: relay would go on, "never" stops */
  {
    gboolean differs = FALSE;

    for (guint i = 0; i < n_moves && !differs; i++)
      {
        g_autoptr(KielaGame) a = kiela_game_new (played);
        KielaVariant relaying = *played;

        relaying.relay_rule = KIELA_RELAY_OCCUPIED;
        {
          g_autoptr(KielaGame) b = kiela_game_new (&relaying);

          g_assert_true (kiela_game_play (a, moves[i], NULL, NULL));
          g_assert_true (kiela_game_play (b, moves[i], NULL, NULL));
          differs = !kiela_position_equal (kiela_game_get_position (a), kiela_game_get_position (b));
        }
        if (differs)
          {
            KielaPosition expected = *kiela_game_get_position (a);

            g_assert_true (kiela_game_session_play (kiela_window_get_session (f->window), moves[i], &error));
            g_assert_no_error (error);
            g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (f->window)), ==, 1);
            g_assert_true (kiela_position_equal (kiela_game_get_position (kiela_window_get_game (f->window)),
                                                 &expected));
          }
      }
    g_assert_true (differs);
  }
  under_base = kiela_game_new (base);
  g_assert_cmpuint (total_stones (kiela_game_get_position (kiela_window_get_game (f->window)), 12), ==,
                    total_stones (kiela_game_get_position (under_base), base->files)
                    + 2 * 2 * (12 - base->files));

  /* Playing the same rules again reuses the variant; changed rules get a new id. */
  g_assert_true (kiela_lab_page_register (f->lab, NULL) == played);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (files_spin), 11);
  v = kiela_lab_page_register (f->lab, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (v->id, ==, "my-kiela-2");
  g_assert_cmpuint (v->files, ==, 11);

  /* Save, reopen: the same rules. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (files_spin), 12);
  path = g_build_filename (f->dir, "mine.kiela-variant", NULL);
  g_assert_true (kiela_lab_page_save_to_file (f->lab, path, &error));
  g_assert_no_error (error);
  reopened = kiela_variant_file_new_from_file (path, &error);
  g_assert_no_error (error);
  v = kiela_variant_file_get_variant (reopened);
  g_assert_cmpstr (v->id, ==, "my-kiela");
  g_assert_cmpuint (v->files, ==, 12);
  g_assert_cmpint (v->relay_rule, ==, KIELA_RELAY_NEVER);
  g_assert_cmpmem (v->start, sizeof v->start, played->start, sizeof played->start);
}

/* A bad value is named on its row; Play and Save are off until it is fixed. */
static void
test_inline_error (Fixture *f, gconstpointer data)
{
  GtkWidget *id_row = kiela_lab_page_get_row (f->lab, "Id");
  GtkWidget *start_row = kiela_lab_page_get_row (f->lab, "Start");
  GtkWidget *files_spin = kiela_lab_page_get_row (f->lab, "Files");
  g_autofree char *start = NULL;

  g_assert_true (ADW_IS_ENTRY_ROW (id_row));
  gtk_editable_set_text (GTK_EDITABLE (id_row), "Not An Id!");
  g_assert_nonnull (kiela_lab_page_get_error (f->lab));
  g_assert_nonnull (strstr (kiela_lab_page_get_error (f->lab), "Id"));
  g_assert_true (gtk_widget_has_css_class (id_row, "error"));
  g_assert_null (kiela_lab_page_get_file (f->lab));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (f->lab), "lab.play", NULL)
                  && kiela_window_get_visible_page (f->window) != NULL
                  && g_str_equal (kiela_window_get_visible_page (f->window), "game"));
  gtk_editable_set_text (GTK_EDITABLE (id_row), "fine-id");
  g_assert_null (kiela_lab_page_get_error (f->lab));
  g_assert_false (gtk_widget_has_css_class (id_row, "error"));

  /* Four files cannot hold stones in six inner houses: the start pattern's row says so. */
  start = g_strdup (gtk_editable_get_text (GTK_EDITABLE (start_row)));
  gtk_editable_set_text (GTK_EDITABLE (start_row), "outer:2;inner-right:6:2");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (files_spin), 4);
  g_assert_nonnull (kiela_lab_page_get_error (f->lab));
  g_test_message ("%s", kiela_lab_page_get_error (f->lab));
  g_assert_true (gtk_widget_has_css_class (start_row, "error") || gtk_widget_has_css_class (
                   gtk_widget_get_ancestor (files_spin, ADW_TYPE_ACTION_ROW), "error"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (files_spin), 10);
  g_assert_null (kiela_lab_page_get_error (f->lab));
}

/* ExtraCapture is a row like the others: its own title, a spin that stops at 2 (the most
 * played), the conflict with sown captured stones named; with CapturedStones=removed the lab's
 * variant takes one more house after a capture; two more only on a board of 8 files at most,
 * which the row's error says. */
static void
test_extra_capture (Fixture *f, gconstpointer data)
{
  GtkWidget *extra = kiela_lab_page_get_row (f->lab, "ExtraCapture");
  AdwComboRow *fate = ADW_COMBO_ROW (kiela_lab_page_get_row (f->lab, "CapturedStones"));
  GListModel *choices = adw_combo_row_get_model (fate);
  const char *removed = kiela_variant_value_label ("CapturedStones", "removed");
  gdouble min, max;

  g_assert_true (GTK_IS_SPIN_BUTTON (extra));
  g_assert_cmpstr (kiela_variant_key_title ("ExtraCapture"), ==, "Extra houses taken after a capture");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (gtk_widget_get_ancestor (extra, ADW_TYPE_ACTION_ROW))),
                   ==, "Extra houses taken after a capture");
  gtk_spin_button_get_range (GTK_SPIN_BUTTON (extra), &min, &max);
  g_assert_cmpfloat (min, ==, 0);
  g_assert_cmpfloat (max, ==, 2);
  g_assert_cmpuint (lab_variant (f)->extra_capture, ==, 0);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (extra), 1);
  g_assert_nonnull (kiela_lab_page_get_error (f->lab));
  g_assert_nonnull (strstr (kiela_lab_page_get_error (f->lab), "CapturedStones=removed"));
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (choices, i);

      if (g_str_equal (gtk_string_object_get_string (item), removed))
        adw_combo_row_set_selected (fate, i);
    }
  /* Removed stones end the turn: the form's own rule, another row. */
  g_test_message ("%s", kiela_lab_page_get_error (f->lab) ? kiela_lab_page_get_error (f->lab) : "(none)");
  gtk_switch_set_active (GTK_SWITCH (kiela_lab_page_get_row (f->lab, "CaptureEndsTurn")), TRUE);
  g_assert_null (kiela_lab_page_get_error (f->lab));
  g_assert_cmpuint (lab_variant (f)->extra_capture, ==, 1);
  g_assert_cmpint (lab_variant (f)->captured_fate, ==, KIELA_CAPTURED_REMOVED);
  /* Two houses on 10 files: refused, the board named; on 8 files: played. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lab_page_get_row (f->lab, "Files")), 10);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (extra), 2);
  g_assert_nonnull (kiela_lab_page_get_error (f->lab));
  g_test_message ("%s", kiela_lab_page_get_error (f->lab));
  g_assert_nonnull (strstr (kiela_lab_page_get_error (f->lab), "at most 8 files, not 10"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lab_page_get_row (f->lab, "Files")), 8);
  g_assert_null (kiela_lab_page_get_error (f->lab));
  g_assert_cmpuint (lab_variant (f)->extra_capture, ==, 2);
  g_assert_cmpuint (lab_variant (f)->files, ==, 8);
}

/* SingleSkip is a row like the others: its own title and values; choosing the skip gives the
 * lab's variant the rule. */
static void
test_single_skip (Fixture *f, gconstpointer data)
{
  AdwComboRow *row = ADW_COMBO_ROW (kiela_lab_page_get_row (f->lab, "SingleSkip"));
  GListModel *choices = adw_combo_row_get_model (row);
  const char *skip = kiela_variant_value_label ("SingleSkip", "threatened-second-inner");
  gboolean found = FALSE;

  g_assert_cmpstr (kiela_variant_key_title ("SingleSkip"), ==, "Skip of a threatened single");
  g_assert_cmpstr (skip, ==, "From the second inner house to the first or second outer one");
  g_assert_cmpstr (kiela_variant_value_label ("SingleSkip", "none"), ==, "No skip");
  g_assert_false (lab_variant (f)->flags & KIELA_VARIANT_FLAG_SINGLE_SKIP);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (choices, i);

      if (g_str_equal (gtk_string_object_get_string (item), skip))
        {
          adw_combo_row_set_selected (row, i);
          found = TRUE;
        }
    }
  g_assert_true (found);
  g_assert_null (kiela_lab_page_get_error (f->lab));
  g_assert_true (lab_variant (f)->flags & KIELA_VARIANT_FLAG_SINGLE_SKIP);
}

/* Every key of the file format, as docs/variant-files.md lists it, is one the parser knows and
 * a row of the form (but the two the lab leaves out), titled in words of its own; every word
 * a choice row offers is shown as a label, not as the file's word. */
static void
test_every_key (Fixture *f, gconstpointer data)
{
  g_autofree char *doc_path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", "..", "docs", "variant-files.md", NULL);
  g_autofree char *doc = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_keys, documented = 0;
  const KielaVariantFileKey *keys = kiela_variant_file_get_keys (&n_keys);
  g_autoptr(GHashTable) known = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_true (g_file_get_contents (doc_path, &doc, NULL, NULL));
  for (guint i = 0; i < n_keys; i++)
    g_hash_table_add (known, (gpointer) keys[i].key);
  /* The documented keys: the example file's lines, "    Key=value" (a "#" line is a comment). */
  lines = g_strsplit (doc, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      const char *l = lines[i];
      g_autofree char *key = NULL;
      const char *eq;

      if (!g_str_has_prefix (l, "    ") || !g_ascii_isupper (l[4]) || (eq = strchr (l, '=')) == NULL)
        continue;
      key = g_strndup (l + 4, eq - (l + 4));
      if (strchr (key, ' ') || strchr (key, '['))
        continue;
      g_test_message ("documented: %s", key);
      g_assert_true (g_hash_table_contains (known, key));
      documented++;
    }
  g_assert_cmpuint (documented, >=, 30);
  for (guint i = 0; i < n_keys; i++)
    {
      const char *key = keys[i].key;
      g_autofree char *as_set = g_strconcat (key, "=", NULL);

      /* and every key the parser knows is documented */
      if (strstr (doc, as_set) == NULL)
        g_error ("%s is not in docs/variant-files.md", key);
      if (g_str_equal (key, "TranslationDomain") || g_str_equal (key, "Default"))
        {
          g_assert_null (kiela_lab_page_get_row (f->lab, key));
          continue;
        }
      g_assert_nonnull (kiela_lab_page_get_row (f->lab, key));
      /* (a key without a title of its own is shown as itself: the same pointer back) */
      g_test_message ("%s: %s", key, kiela_variant_key_title (key));
      if (kiela_variant_key_title (key) == key)
        g_error ("%s has no title of its own", key);
      for (guint c = 0; keys[i].supported && keys[i].supported[c]; c++)
        {
          const char *word = keys[i].supported[c];

          g_test_message ("%s=%s: %s", key, word, kiela_variant_value_label (key, word));
          /* (Level's words are their own English labels, translated as "variant level") */
          if (kiela_variant_value_label (key, word) == word && !g_str_equal (key, "Level"))
            g_error ("%s=%s is shown as the file's word", key, word);
        }
    }
}

/* A shared file: described, installed into the user's folder, registered; never twice. */
static void
test_install (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "shared.kiela-variant", NULL);
  g_autofree char *installed = NULL, *dir = kiela_variant_install_dir (), *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaVariantFile) file = NULL;
  const KielaVariant *v;

  GtkEditable *name = GTK_EDITABLE (kiela_lab_page_get_row (f->lab, "Name"));
  GtkEditable *description = GTK_EDITABLE (kiela_lab_page_get_row (f->lab, "Description"));
  GtkSpinButton *files = GTK_SPIN_BUTTON (kiela_lab_page_get_row (f->lab, "Files"));

  /* A copy of Kiela is the user's: a name of its own, and a description of the board its
   * rules make, which follows the rules (12 files are not "4 rows of 10 houses"). */
  g_assert_cmpstr (gtk_editable_get_text (name), ==, "Kiela (my rules)");
  g_assert_cmpstr (gtk_editable_get_text (description), ==, "4 rows of 10 houses, 28 stones a side.");
  gtk_spin_button_set_value (files, 12);
  {
    const KielaVariant *now = kiela_variant_file_get_variant (kiela_lab_page_get_file (f->lab));
    guint stones = 0;
    g_autofree char *want = NULL;

    g_assert_cmpuint (now->files, ==, 12);
    for (guint h = 0; h < 24; h++)
      stones += now->start[KIELA_SOUTH][h];
    want = g_strdup_printf ("4 rows of 12 houses, %u stones a side.", stones);
    g_assert_cmpstr (gtk_editable_get_text (description), ==, want);
    g_assert_cmpstr (kiela_variant_get_description (now), ==, want);
  }
  /* The user's own words stay theirs when the rules change again. */
  gtk_editable_set_text (description, "Our class's wide board.");
  gtk_spin_button_set_value (files, 10);
  g_assert_cmpstr (gtk_editable_get_text (description), ==, "Our class's wide board.");
  /* The name of another game: refused with the name, nothing written. */
  gtk_editable_set_text (name, "Kiela");
  g_assert_false (kiela_lab_page_save_to_file (f->lab, path, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "“Kiela”"));
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  gtk_editable_set_text (name, "Kiela (my rules)");
  g_assert_false (kiela_variant_is_users (kiela_registry_lookup_variant (f->registry, "kiela")));

  gtk_editable_set_text (GTK_EDITABLE (kiela_lab_page_get_row (f->lab, "Id")), "shared-kiela");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lab_page_get_row (f->lab, "MinSow")), 1);
  g_assert_true (kiela_lab_page_save_to_file (f->lab, path, &error));
  g_assert_no_error (error);
  g_assert_null (kiela_registry_lookup_variant (f->registry, "shared-kiela"));

  file = kiela_variant_file_new_from_file (path, &error);
  g_assert_no_error (error);
  text = kiela_variant_describe (file);
  g_assert_nonnull (strstr (text, kiela_variant_file_get_variant (file)->source));
  g_assert_nonnull (strstr (text, kiela_variant_key_title ("MinSow")));

  v = kiela_variant_install (f->registry, path, &installed, &error);
  g_assert_no_error (error);
  g_assert_nonnull (v);
  g_assert_cmpuint (v->min_sow, ==, 1);
  g_assert_true (kiela_variant_is_users (v));
  g_assert_cmpstr (kiela_variant_get_name (v), ==, "Kiela (my rules)");
  g_assert_true (kiela_registry_lookup_variant (f->registry, "shared-kiela") == v);
  g_assert_true (g_str_has_prefix (installed, dir));
  g_assert_true (g_file_test (installed, G_FILE_TEST_IS_REGULAR));

  /* Again: refused with the id named; the installed file is left alone. */
  g_assert_null (kiela_variant_install (f->registry, path, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "shared-kiela"));
  g_clear_error (&error);
  g_assert_true (g_file_test (installed, G_FILE_TEST_IS_REGULAR));

  /* A broken file: the named error, nothing installed. */
  g_assert_true (g_file_set_contents (path, "[Variant]\nId=broken\nName=B\nFiles=99\n", -1, NULL));
  g_assert_null (kiela_variant_install (f->registry, path, NULL, &error));
  g_assert_error (error, KIELA_VARIANT_FILE_ERROR, KIELA_VARIANT_FILE_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "Files"));
  g_clear_error (&error);
  g_assert_null (kiela_registry_lookup_variant (f->registry, "broken"));
}

static gboolean
run_finished (gpointer data)
{
  return !kiela_lab_page_is_running (data);
}

/* AI against AI on a worker thread: two variants, the summary, the plots and tables exported. */
static gboolean
is_label_with_text (GtkWidget *widget, gconstpointer text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static void
test_stats (Fixture *f, gconstpointer data)
{
  GtkWidget *games = NULL;
  AdwComboRow *compare = NULL;
  KielaStats *a, *b;
  KielaStatsSummary sum;
  g_autofree char *svg = g_build_filename (f->dir, "lengths.svg", NULL);
  g_autofree char *png = g_build_filename (f->dir, "stones.png", NULL);
  g_autofree char *summary = g_build_filename (f->dir, "summary.csv", NULL);
  g_autofree char *csv = g_build_filename (f->dir, "games.csv", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *variants = kiela_registry_get_variants (f->registry);
  cairo_surface_t *image;
  guint64 length_sum = 0;
  /* More games give a fuller picture for the screenshot; the checks hold for any count. */
  const guint n_games = g_getenv ("KIELA_TEST_LAB_GAMES") ? atoi (g_getenv ("KIELA_TEST_LAB_GAMES")) : 12;

  /* Find the form's widgets by their titles, as a user would. */
  {
    GtkWidget *row;
    GtkWidget *root = GTK_WIDGET (f->lab);
    GPtrArray *stack = g_ptr_array_new ();

    g_ptr_array_add (stack, root);
    while (stack->len)
      {
        GtkWidget *w = g_ptr_array_steal_index (stack, stack->len - 1);

        if (ADW_IS_PREFERENCES_ROW (w))
          {
            const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w));

            if (g_strcmp0 (title, "_Games") == 0)
              games = app_test_find_type (w, GTK_TYPE_SPIN_BUTTON);
            if (g_strcmp0 (title, "Compare _With") == 0)
              compare = ADW_COMBO_ROW (w);
          }
        for (row = gtk_widget_get_first_child (w); row; row = gtk_widget_get_next_sibling (row))
          g_ptr_array_add (stack, row);
      }
    g_ptr_array_unref (stack);
  }
  g_assert_nonnull (games);
  g_assert_nonnull (compare);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (games), n_games);
  for (guint i = 0; i < variants->len; i++)
    if (g_str_equal (((KielaVariant *) g_ptr_array_index (variants, i))->id, "kiela-beginner"))
      adw_combo_row_set_selected (compare, i + 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (kiela_lab_page_get_row (f->lab, "MinSow")), 1);

  g_assert_false (kiela_lab_page_export (f->lab, "summary", summary, &error));
  g_clear_error (&error);
  gtk_widget_activate_action (GTK_WIDGET (f->lab), "lab.run", NULL);
  g_assert_true (kiela_lab_page_is_running (f->lab));
  wait_until (run_finished, f->lab, 240000, "the statistics run to finish");

  a = kiela_lab_page_get_stats (f->lab, 0);
  b = kiela_lab_page_get_stats (f->lab, 1);
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpstr (kiela_stats_get_variant_id (a), ==, "my-kiela");
  g_assert_cmpstr (kiela_stats_get_variant_id (b), ==, "kiela-beginner");
  kiela_stats_get_summary (a, &sum);
  g_assert_cmpuint (sum.games, ==, n_games);
  g_assert_cmpuint (sum.south_wins + sum.north_wins + sum.draws, ==, n_games);
  g_assert_cmpfloat (sum.first_player_low, <=, sum.first_player_win_rate);
  g_assert_cmpfloat (sum.first_player_win_rate, <=, sum.first_player_high);
  /* The lab's default players are one AI on both sides: self-play, every game its own,
   * no score of A; the table says so. */
  g_assert_true (sum.self_play);
  g_assert_true (sum.distinct_known);
  g_assert_cmpuint (sum.independent_games, ==, sum.distinct_games);
  g_assert_nonnull (app_test_find_widget (GTK_WIDGET (f->lab), is_label_with_text, "Distinct games"));
  g_assert_nonnull (app_test_find_widget (GTK_WIDGET (f->lab), is_label_with_text, "Self-play"));
  /* Kiela's captured stones stay on the board: the second plot shows the leader's margin. */
  g_assert_false (kiela_stats_stones_vary (a));
  g_assert_nonnull (app_test_find_widget (GTK_WIDGET (f->lab), is_label_with_text, "Leader’s Margin"));
  g_assert_null (app_test_find_widget (GTK_WIDGET (f->lab), is_label_with_text, "Stones in Play"));
  for (guint p = 0; p <= sum.max_plies; p++)
    length_sum += kiela_stats_get_length_count (a, p);
  g_assert_cmpuint (length_sum, ==, n_games);

  /* Plots: an SVG document and a PNG of the asked size. */
  g_assert_true (kiela_lab_page_export (f->lab, "lengths", svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<svg"));
  g_clear_pointer (&text, g_free);
  g_assert_true (kiela_lab_page_export (f->lab, "stones", png, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 800);
  cairo_surface_destroy (image);

  /* Tables: the summary as the summary says; every game of both variants. */
  g_assert_true (kiela_lab_page_export (f->lab, "summary", summary, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (summary, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "metric,my-kiela,kiela-beginner\n"));
  {
    g_autofree char *row = g_strdup_printf ("\ngames,%u,%u\n", n_games, n_games);
    KielaStatsSummary sb;
    g_autofree char *distinct = NULL;

    kiela_stats_get_summary (b, &sb);
    distinct = g_strdup_printf ("\ndistinct_games,%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT "\n",
                                sum.distinct_games, sb.distinct_games);
    g_assert_nonnull (strstr (text, row));
    g_assert_nonnull (strstr (text, distinct));
    /* Self-play has no score of A: empty cells, not "nan". */
    g_assert_nonnull (strstr (text, "\na_score,,\n"));
  }
  g_clear_pointer (&text, g_free);
  g_assert_true (kiela_lab_page_export (f->lab, "games", csv, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 2 * n_games + 1);
  g_assert_true (g_str_has_prefix (lines[0], "variant,"));
  g_assert_true (g_str_has_prefix (lines[1], "my-kiela,"));
  g_assert_true (g_str_has_prefix (lines[2 * n_games], "kiela-beginner,"));

  /* The page with its results, as users see it. */
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until (app_test_widget_shown, f->window, 10000, "the window to be shown");
  spin (300);
  {
    /* The right-hand column scrolled to the results. */
    GtkWidget *results = gtk_widget_get_ancestor (GTK_WIDGET (kiela_lab_page_get_row (f->lab, "Id")),
                                                  ADW_TYPE_PREFERENCES_PAGE);
    GtkWidget *right = gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (results));
    GtkAdjustment *adj;

    g_assert_true (ADW_IS_PREFERENCES_PAGE (right));
    adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (app_test_find_type (right, GTK_TYPE_SCROLLED_WINDOW)));
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  }
  spin (400);
  render_to_png (GTK_WIDGET (f->window), "lab.png");
}

/* Cancel: the run stops early and keeps the games it played. */
static void
test_cancel (Fixture *f, gconstpointer data)
{
  gtk_widget_activate_action (GTK_WIDGET (f->lab), "lab.run", NULL);
  g_assert_true (kiela_lab_page_is_running (f->lab));
  gtk_widget_activate_action (GTK_WIDGET (f->lab), "lab.cancel", NULL);
  wait_until (run_finished, f->lab, 60000, "the cancelled run to stop");
  if (kiela_lab_page_get_stats (f->lab, 0))
    {
      KielaStatsSummary sum;

      kiela_stats_get_summary (kiela_lab_page_get_stats (f->lab, 0), &sum);
      g_assert_cmpuint (sum.games, <, 200);
    }
}

int
main (int argc, char **argv)
{
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-lab");

  g_test_add ("/app/lab/change-play-save", Fixture, NULL, fixture_setup, test_change_play_save, fixture_teardown);
  g_test_add ("/app/lab/inline-error", Fixture, NULL, fixture_setup, test_inline_error, fixture_teardown);
  g_test_add ("/app/lab/extra-capture", Fixture, NULL, fixture_setup, test_extra_capture, fixture_teardown);
  g_test_add ("/app/lab/single-skip", Fixture, NULL, fixture_setup, test_single_skip, fixture_teardown);
  g_test_add ("/app/lab/every-key", Fixture, NULL, fixture_setup, test_every_key, fixture_teardown);
  g_test_add ("/app/lab/install", Fixture, NULL, fixture_setup, test_install, fixture_teardown);
  g_test_add ("/app/lab/stats", Fixture, NULL, fixture_setup, test_stats, fixture_teardown);
  g_test_add ("/app/lab/cancel", Fixture, NULL, fixture_setup, test_cancel, fixture_teardown);
  return g_test_run ();
}
