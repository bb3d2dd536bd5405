/* test-languages.c: the app started in each language of po/LINGUAS shows its window, menu, status, narration, refusals and New game dialog in it. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "kiela.h"
#include "kiela-narrate.h"
#include "kiela-new-game-dialog.h"
#include "kiela-paths.h"
#include "kiela-settings.h"
#include "kiela-text-pane.h"
#include "kiela-window.h"
#include "app-test-util.h"
#include "app-test-render.h"
#include "tests/test-locale-util.h"

/* The language the child process was started in (its LANGUAGE). */
static const char *lang;

/* ---------- the catalogue's words ---------- */

/* The catalogue's translation of `msgid`, which must exist and differ from the English: a
 * missing or stale catalogue fails here rather than passing with English texts. */
static const char *
tr (const char *msgid)
{
  const char *t = g_dgettext (GETTEXT_PACKAGE, msgid);

  if (g_str_equal (t, msgid))
    g_error ("%s: “%s” is not translated: is %s/%s/LC_MESSAGES/%s.mo built and complete?", lang, msgid,
             kiela_locale_dir (), lang, GETTEXT_PACKAGE);
  return t;
}

/* The same for a message with plural forms. */
static const char *
trn (const char *msgid, const char *plural, gulong n)
{
  const char *t = g_dngettext (GETTEXT_PACKAGE, msgid, plural, n);

  if (g_str_equal (t, n == 1 ? msgid : plural))
    g_error ("%s: “%s” (n = %lu) is not translated", lang, msgid, n);
  return t;
}

/* A label's text: the translation with its mnemonic underscore taken out. */
static char *
shown (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      if (*p == '_')
        {
          if (p[1] == '_')
            g_string_append_c (s, '_');
          if (p[1] != '\0')
            p++;
          else
            continue;
        }
      g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

/* `expected` (built from the catalogue) against the same built from the English msgids. */
static void
assert_not_english (const char *expected, const char *english)
{
  if (g_str_equal (expected, english))
    g_error ("%s: “%s” is the English text", lang, expected);
}

/* ---------- reading the widgets ---------- */

static void
collect_labels (GtkWidget *widget, GPtrArray *out)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (out, (gpointer) gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_labels (c, out);
}

/* Fails unless a label under `root` shows exactly `text` (or, with `part`, contains it). */
static void
assert_label (GtkWidget *root, const char *text, gboolean part, const char *what)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_labels (root, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *t = g_ptr_array_index (labels, i);

      if (part ? strstr (t, text) != NULL : g_str_equal (t, text))
        return;
    }
  for (guint i = 0; i < labels->len; i++)
    g_printerr ("  label: “%s”\n", (const char *) g_ptr_array_index (labels, i));
  g_error ("%s: no label shows %s “%s”", lang, what, text);
}

static gboolean
is_menu_button (GtkWidget *widget, gconstpointer tooltip)
{
  return GTK_IS_MENU_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

/* The window's pane of `kind`, made now if not shown yet. */
static KielaTextPane *
find_pane (KielaWindow *window, KielaTextKind kind)
{
  GtkWidget *pane = kiela_window_get_page (window, kind == KIELA_TEXT_RULES ? "rules" : "history");

  g_assert_true (KIELA_IS_TEXT_PANE (pane) && kiela_text_pane_get_kind (KIELA_TEXT_PANE (pane)) == kind);
  return KIELA_TEXT_PANE (pane);
}

/* ---------- a game with a relay and a capture ---------- */

static gboolean
trace_has (const KielaTrace *trace, KielaEventType type)
{
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    if (kiela_trace_get_event (trace, i)->type == type)
      return TRUE;
  return FALSE;
}

/* The first moves from the start (depth first, at most `depth` plies) whose last move
 * captures and one of which relays: the engine picks them, so the test follows the rules. */
static gboolean
find_line (const KielaVariant *v, KielaGame *game, guint depth, gboolean relayed, GArray *line)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n = kiela_game_legal_moves (game, moves);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(KielaTrace) trace = kiela_trace_new ();
      g_autoptr(KielaGame) next = kiela_game_copy (game);
      gboolean relay;

      g_assert_true (kiela_game_play (next, moves[i], trace, NULL));
      relay = relayed || trace_has (trace, KIELA_EVENT_RELAY);
      g_array_append_val (line, moves[i]);
      if (relay && trace_has (trace, KIELA_EVENT_CAPTURE))
        return TRUE;
      if (depth > 1 && find_line (v, next, depth - 1, relay, line))
        return TRUE;
      g_array_set_size (line, line->len - 1);
    }
  return FALSE;
}

/* What Happens for one relay or capture event, from the catalogue's sentences. */
static char *
expected_narration (const KielaVariant *v, const KielaEvent *e, gboolean english)
{
  char sq[4], sq2[4], sq3[4];
  guint total = (guint) e->count2 + e->count3;
  const char *captor = english ? "South" : tr ("South");
  const char *fmt;

  if (e->side == KIELA_NORTH)
    captor = english ? "North" : tr ("North");
  kiela_square_name (v->files, (KielaSide) e->side, e->house, sq);
  if (e->type == KIELA_EVENT_RELAY)
    {
      switch ((KielaRelayReason) e->reason)
        {
        case KIELA_RELAY_OUTER:
          fmt = "The last stone lands in occupied %s, an outer house: lift %u and go on.";
          fmt = english ? fmt : trn (fmt, fmt, e->count);
          return g_strdup_printf (fmt, sq, (guint) e->count);
        case KIELA_RELAY_INNER_FACING_EMPTY:
          fmt = "The last stone lands in occupied %s; %s opposite is empty, so no capture: lift %u and go on.";
          fmt = english ? fmt : trn (fmt, fmt, e->count);
          kiela_square_name (v->files, KIELA_OTHER_SIDE (e->side), kiela_facing_inner (v->files, e->house), sq2);
          return g_strdup_printf (fmt, sq, sq2, (guint) e->count);
        default:
          fmt = "The last stone lands in occupied %s, which does not capture here: lift %u and go on.";
          fmt = english ? fmt : trn (fmt, fmt, e->count);
          return g_strdup_printf (fmt, sq, (guint) e->count);
        }
    }
  g_assert_cmpint (e->type, ==, KIELA_EVENT_CAPTURE);
  g_assert_cmpint (v->captured_fate, !=, KIELA_CAPTURED_REMOVED);
  kiela_square_name (v->files, (KielaSide) e->side2, e->house2, sq2);
  kiela_square_name (v->files, (KielaSide) e->side2, e->house3, sq3);
  if (e->count3 == 0)
    {
      const char *one = "%s captures %u stone from %s (%s is empty); it joins %s’s army.";
      const char *many = "%s captures %u stones from %s (%s is empty); they join %s’s army.";

      fmt = english ? (total == 1 ? one : many) : trn (one, many, total);
      return g_strdup_printf (fmt, sq, total, sq2, sq3, captor);
    }
  {
    const char *one = "%s captures %u stone from %s and %s; it joins %s’s army.";
    const char *many = "%s captures %u stones from %s and %s; they join %s’s army.";

    fmt = english ? (total == 1 ? one : many) : trn (one, many, total);
    return g_strdup_printf (fmt, sq, total, sq2, sq3, captor);
  }
}

static gboolean
replay_done (gpointer data)
{
  KielaTracePlayer *p = kiela_window_get_trace_player (data);

  return kiela_trace_player_is_at_end (p) && !kiela_trace_player_get_playing (p);
}

static gboolean
toast_shows (gpointer data)
{
  gpointer *args = data;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_labels (args[0], labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_str_equal (g_ptr_array_index (labels, i), args[1]))
      return TRUE;
  return FALSE;
}

static gboolean
is_close_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "window-close-symbolic") == 0 &&
         gtk_widget_get_mapped (widget);
}

/* Closes the toasts shown and queued, as a user clicks their close buttons. */
static void
close_toasts (KielaWindow *window)
{
  guint closed = 0;

  /* A queued toast comes up once the one before it has gone (at once: animations are off):
   * done when a few frames pass without a toast to close. */
  for (guint quiet = 0; quiet < 3; )
    {
      GtkWidget *close = app_test_find_widget (GTK_WIDGET (window), is_close_button, NULL);

      if (close != NULL)
        {
          if (++closed > 50)
            g_error ("%s: toasts keep coming", lang);
          gtk_widget_activate (close);
          quiet = 0;
        }
      else
        quiet++;
      app_test_wait_frames (GTK_WIDGET (window), 2);
    }
}

static gboolean
toast_gone (gpointer data)
{
  return !toast_shows (data);
}

/* Clicks a house and waits for the toast saying `expected`. */
static void
click_refused (KielaWindow *window, KielaSide side, guint house, const char *expected)
{
  gpointer args[2] = { window, (gpointer) expected };

  g_signal_emit_by_name (kiela_window_get_board (window), "house-activated", (guint) side, house);
  g_assert_cmpstr (kiela_window_get_last_message (window), ==, expected);
  /* The toast's own label, as drawn. */
  {
    gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

    while (!toast_shows (args))
      {
        if (g_get_monotonic_time () > end)
          assert_label (GTK_WIDGET (window), expected, FALSE, "the toast");
        g_main_context_iteration (NULL, FALSE);
        g_usleep (1000);
      }
  }
}

/* Every text under `widget` a user may read: labels, and the choices of drop-downs. */
static void
collect_texts (GtkWidget *widget, GPtrArray *texts)
{
  if (GTK_IS_LABEL (widget))
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (widget))));
  if (ADW_IS_COMBO_ROW (widget))
    {
      GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (widget));

      for (guint i = 0; model && GTK_IS_STRING_LIST (model) && i < g_list_model_get_n_items (model); i++)
        g_ptr_array_add (texts, g_strdup (gtk_string_list_get_string (GTK_STRING_LIST (model), i)));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_texts (c, texts);
}

/* The Variant lab shows its rule values in the catalogue's words, never the file's keys. */
static void
check_lab (KielaWindow *window)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  const char *anticlockwise = g_dpgettext2 (GETTEXT_PACKAGE, "variant rule value", "Anticlockwise");
  const char *occupied = g_dpgettext2 (GETTEXT_PACKAGE, "variant rule value", "Occupied inner-row house");
  gboolean seen_anticlockwise = FALSE, seen_occupied = FALSE;
  guint n_keys;
  const KielaVariantFileKey *keys = kiela_variant_file_get_keys (&n_keys);

  assert_not_english (anticlockwise, "Anticlockwise");
  assert_not_english (occupied, "Occupied inner-row house");
  kiela_window_show_page (window, "lab");
  app_test_wait_frames (GTK_WIDGET (window), 2);  /* laid out (no page transition: animations are off), for the PNG */
  collect_texts (GTK_WIDGET (window), texts);
  for (guint t = 0; t < texts->len; t++)
    {
      const char *text = g_ptr_array_index (texts, t);

      seen_anticlockwise |= g_str_equal (text, anticlockwise);
      seen_occupied |= g_str_equal (text, occupied);
      /* Level's words are English words a translation may share (“Expert” in French). */
      for (guint k = 0; k < n_keys; k++)
        for (guint c = 0; keys[k].choices && !g_str_equal (keys[k].key, "Level") && keys[k].choices[c]; c++)
          if (g_str_equal (text, keys[k].choices[c]))
            g_error ("%s: the Variant lab shows the raw value “%s” of %s", lang, text, keys[k].key);
    }
  g_assert_true (seen_anticlockwise);
  g_assert_true (seen_occupied);
  {
    g_autofree char *png = g_strdup_printf ("languages-%s-lab.png", lang);

    render_to_png (GTK_WIDGET (window), png);
  }
  kiela_window_show_page (window, "game");
  app_test_wait_frames (GTK_WIDGET (window), 2);
}

/* ---------- the test, run in a child process started with LANGUAGE=lang ---------- */

static void
check_window (void)
{
  g_autoptr(KielaRegistry) registry = NULL;
  g_autoptr(GSettings) prefs = kiela_settings_new (NULL);
  const KielaVariant *v;
  KielaWindow *window;
  GtkWidget *menu, *popover;
  g_autoptr(GArray) line = g_array_new (FALSE, FALSE, sizeof (KielaMove));
  g_autofree char *mo = g_build_filename (kiela_locale_dir (), lang, "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);

  /* The build tree's catalogue, not one installed on the machine. */
  if (!g_file_test (mo, G_FILE_TEST_IS_REGULAR))
    g_error ("%s: the catalogue %s is missing (build the po/ targets)", lang, mo);
  g_test_message ("%s: %s", lang, mo);

  registry = kiela_registry_new ();
  kiela_registry_load_default (registry);
  v = kiela_registry_lookup_variant (registry, "kiela");
  g_assert_nonnull (v);
  g_assert_nonnull (prefs);
  g_settings_set_enum (prefs, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  window = kiela_window_new (NULL, registry, prefs, NULL);
  g_object_ref_sink (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1500, 950);
  gtk_window_present (GTK_WINDOW (window));
  wait_until ((Condition) gtk_widget_get_mapped, window, 5000, "the window to show");
  kiela_window_new_game (window, v, NULL, NULL);
  kiela_window_show_page (window, "game");
  app_test_wait_frames (GTK_WIDGET (window), 2);

  /* The header: the subtitle names the variant and the players; the Hint button. */
  {
    g_autofree char *sub = g_strdup_printf (tr ("%s · South: %s · North: %s"), g_dgettext (GETTEXT_PACKAGE, v->name),
                                          tr ("Human"), tr ("Human"));
    g_autofree char *en = g_strdup_printf ("%s · South: %s · North: %s", v->name, "Human", "Human");
    g_autofree char *hint = shown (tr ("_Hint"));

    assert_not_english (sub, en);
    assert_label (GTK_WIDGET (window), sub, FALSE, "the window subtitle");
    assert_label (GTK_WIDGET (window), hint, FALSE, "the Hint button");
    assert_label (GTK_WIDGET (window), tr ("What Happens"), FALSE, "the narration heading");
  }

  /* The status line and the side labels. */
  {
    const KielaPosition *pos = kiela_game_get_position (kiela_window_get_game (window));
    guint n = kiela_position_side_total (pos, KIELA_SOUTH);
    g_autofree char *status = g_strdup_printf (tr ("%s to move"), tr ("South"));
    g_autofree char *named = g_strdup_printf (tr ("▶ South · %s"), tr ("Human"));
    g_autofree char *side = g_strdup_printf (trn ("%s · %u stone", "%s · %u stones", n), named, n);

    assert_not_english (status, "South to move");
    assert_label (GTK_WIDGET (window), status, FALSE, "the status line");
    assert_label (GTK_WIDGET (window), side, FALSE, "South's side label");
  }

  /* The primary menu, opened as a user opens it. */
  {
    static const char *items[] = { "_New Game…", "_Open…", "Save _As…", "_Rules", "_History of Kiela",
                                   "_Variant Lab", "_Export" };

    menu = app_test_find_widget (GTK_WIDGET (window), is_menu_button, tr ("Main Menu"));
    g_assert_nonnull (menu);
    gtk_menu_button_popup (GTK_MENU_BUTTON (menu));
    popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu)));
    g_assert_nonnull (popover);
    wait_until (app_test_widget_shown, popover, 5000, "the primary menu");
    app_test_wait_frames (popover, 2);
    g_assert_true (gtk_widget_get_mapped (popover));
    {
      g_autofree char *png = g_strdup_printf ("languages-%s-menu.png", lang);

      render_to_png (popover, png);
    }
    for (guint i = 0; i < G_N_ELEMENTS (items); i++)
      {
        g_autofree char *item = shown (tr (items[i]));
        g_autofree char *en = shown (items[i]);

        assert_not_english (item, en);
        assert_label (popover, item, FALSE, "a menu item");
      }
    gtk_menu_button_popdown (GTK_MENU_BUTTON (menu));
    app_test_wait_frames (GTK_WIDGET (window), 2);
  }

  /* Moves with a relay and a capture; What Happens says each in the catalogue's words. */
  {
    g_autoptr(KielaGame) search = kiela_game_new (v);
    KielaTracePlayer *player = kiela_window_get_trace_player (window);
    const KielaTrace *trace;
    guint checked = 0;

    g_assert_true (find_line (v, search, 4, FALSE, line));
    for (guint i = 0; i < line->len; i++)
      {
        KielaMove m = g_array_index (line, KielaMove, i);
        KielaSide side = kiela_game_get_position (kiela_window_get_game (window))->to_move;

        g_signal_emit_by_name (kiela_window_get_board (window), "house-activated", (guint) side, (guint) m);
        wait_until (replay_done, window, 10000, "the move's replay");
        g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (window)), ==, i + 1);
        trace = kiela_trace_player_get_trace (player);
        g_assert_nonnull (trace);
        for (guint e = 0; e < kiela_trace_get_n_events (trace); e++)
          {
            const KielaEvent *ev = kiela_trace_get_event (trace, e);
            g_autofree char *expected = NULL, *en = NULL;

            if (ev->type != KIELA_EVENT_RELAY && ev->type != KIELA_EVENT_CAPTURE)
              continue;
            expected = expected_narration (v, ev, FALSE);
            en = expected_narration (v, ev, TRUE);
            assert_not_english (expected, en);
            /* The replay stopped on that step, as a click on it in the step list does. */
            kiela_trace_player_set_index (player, e + 1);
            spin (50);
            assert_label (GTK_WIDGET (window), expected, TRUE, "the narration");
            g_assert_nonnull (strstr (kiela_window_get_narration (window), expected));
            checked++;
          }
        kiela_trace_player_go_to_end (player);
        spin (50);
      }
    g_assert_cmpuint (checked, >=, 2);
    {
      g_autofree char *png = g_strdup_printf ("languages-%s-window.png", lang);

      render_to_png (GTK_WIDGET (window), png);
    }
    /* The first relay offered its lesson in a toast. */
    {
      g_autofree char *button = shown (tr ("How does this work?"));

      assert_label (GTK_WIDGET (window), tr ("That move relayed: its last stone landed in an occupied house."), FALSE,
                    "the lesson offer");
      assert_label (GTK_WIDGET (window), button, FALSE, "the lesson offer's button");
    }
    close_toasts (window);
    g_test_message ("%s: %u relay and capture sentences read back after %u moves", lang, checked, line->len);
  }

  /* Refusals: a house of the other side (the app's sentence) and an empty house (the engine's). */
  {
    const KielaPosition *pos = kiela_game_get_position (kiela_window_get_game (window));
    KielaSide to_move = pos->to_move, other = KIELA_OTHER_SIDE (to_move);
    char sq[4];
    guint empty = G_MAXUINT;
    g_autofree char *theirs = NULL, *en = NULL;

    kiela_square_name (v->files, other, 0, sq);
    theirs = g_strdup_printf (tr ("%1$s belongs to %2$s: %3$s sows only from its own two rows."), sq,
                              tr (other == KIELA_SOUTH ? "South" : "North"),
                              tr (to_move == KIELA_SOUTH ? "South" : "North"));
    en = g_strdup_printf ("%1$s belongs to %2$s: %3$s sows only from its own two rows.", sq,
                          other == KIELA_SOUTH ? "South" : "North", to_move == KIELA_SOUTH ? "South" : "North");
    assert_not_english (theirs, en);
    click_refused (window, other, 0, theirs);

    for (guint h = 0; h < 2 * v->files && empty == G_MAXUINT; h++)
      if (pos->houses[to_move][h] == 0)
        empty = h;
    g_assert_cmpuint (empty, !=, G_MAXUINT);
    kiela_square_name (v->files, to_move, empty, sq);
    {
      g_autofree char *msg = g_strdup_printf (tr ("%s is empty: there is nothing to sow."), sq);

      gpointer args[2] = { window, msg };

      /* The second reason replaces the first on screen; then it goes by itself (libadwaita 1.2
       * crashed here when the first toast was dismissed for a second one), after 50 ms here
       * rather than the 5 s a user has to read it. */
      kiela_window_set_refusal_timeout (window, 50);
      click_refused (window, to_move, empty, msg);
      wait_until (toast_gone, args, 8000, "the refusal to go");
    }
  }

  /* The Rules and History pages start in the interface's language; their header titles too. */
  {
    KielaTextPane *rules = find_pane (window, KIELA_TEXT_RULES);
    KielaTextPane *history = find_pane (window, KIELA_TEXT_HISTORY);

    g_assert_nonnull (rules);
    g_assert_nonnull (history);
    g_assert_cmpstr (kiela_text_pane_get_language (rules), ==, lang);
    g_assert_cmpstr (kiela_text_pane_get_language (history), ==, lang);
    g_assert_true (kiela_window_show_page (window, "rules"));
    app_test_wait_frames (GTK_WIDGET (window), 2);
    assert_label (GTK_WIDGET (window), tr ("Rules"), FALSE, "the Rules page's title");
    g_assert_true (kiela_window_show_page (window, "game"));
    app_test_wait_frames (GTK_WIDGET (window), 2);
  }

  /* The welcome page, the first step of the first lesson and the History page, each in this
   * language and saved for the language's reviewer (languages-LANG-welcome/lesson/history.png). */
  {
    g_autofree char *welcome_png = g_strdup_printf ("languages-%s-welcome.png", lang);
    g_autofree char *lesson_png = g_strdup_printf ("languages-%s-lesson.png", lang);
    g_autofree char *history_png = g_strdup_printf ("languages-%s-history.png", lang);

    g_assert_true (kiela_window_show_page (window, "welcome"));
    app_test_wait_frames (GTK_WIDGET (window), 2);
    assert_label (GTK_WIDGET (window), tr ("The four-row mancala of northern Angola. How would you like to start?"),
                  FALSE, "the welcome page's lead");
    render_to_png (GTK_WIDGET (window), welcome_png);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-lesson", "s", "houses"));
    app_test_wait_frames (GTK_WIDGET (window), 3);
    assert_label (GTK_WIDGET (window), tr ("The board has four rows of ten houses. You play South: the two rows "
                                           "nearest you are yours. Your outer row runs along your edge. Sow g1, "
                                           "a house of your outer row."), FALSE, "the first lesson step");
    render_to_png (GTK_WIDGET (window), lesson_png);
    g_assert_true (kiela_window_show_page (window, "history"));
    app_test_wait_frames (GTK_WIDGET (window), 2);
    assert_label (GTK_WIDGET (window), tr ("Winning without killing"), FALSE, "a History heading");
    render_to_png (GTK_WIDGET (window), history_png);
    g_assert_true (kiela_window_show_page (window, "game"));
    app_test_wait_frames (GTK_WIDGET (window), 2);
  }

  /* The New game dialog. */
  {
    KielaNewGameDialog *dialog = kiela_new_game_dialog_new (registry);
    g_autofree char *start = shown (tr ("_Start"));

    gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (window));
    gtk_window_present (GTK_WINDOW (dialog));
    wait_until ((Condition) gtk_widget_get_mapped, dialog, 5000, "the New game dialog");
    app_test_wait_frames (GTK_WIDGET (dialog), 2);
    g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, tr ("New Game"));
    assert_label (GTK_WIDGET (dialog), tr ("Players"), FALSE, "the players' heading");
    assert_label (GTK_WIDGET (dialog), tr ("South sits at the bottom and moves first."), FALSE,
                  "the players' description");
    assert_label (GTK_WIDGET (dialog), start, FALSE, "the Start button");
    {
      g_autofree char *png = g_strdup_printf ("languages-%s-new-game.png", lang);

      render_to_png (GTK_WIDGET (dialog), png);
    }
    assert_label (GTK_WIDGET (dialog), tr (kiela_registry_lookup_variant (registry, "kiela")->description), TRUE,
                  "the variant's description");
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  /* The Keyboard Shortcuts window fits a 1024-px projector in this language too. */
  {
    int width = app_test_shortcuts_window_width ();

    g_test_message ("%s: Keyboard Shortcuts window %d px wide", lang, width);
    g_assert_cmpint (width, <=, 1000);
  }

  check_lab (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  spin (50);
}

/* In the parent: starts a child process with LANGUAGE set, as a user starts the app. */
static void
test_language (gconstpointer data)
{
  if (g_test_subprocess ())
    {
      g_assert_cmpstr (g_getenv ("LANGUAGE"), ==, data);
      check_window ();
      return;
    }
  g_setenv ("LANGUAGE", data, TRUE);
  g_test_trap_subprocess (NULL, 300 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("LANGUAGE");
  g_test_trap_assert_passed ();
}

int
main (int argc, char **argv)
{
  g_autofree char *linguas_path = g_build_filename (KIELA_TEST_PO_DIR, "LINGUAS", NULL);
  g_autofree char *linguas = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_langs = 0;

  /* The interface language through LANGUAGE, in a real locale. */
  test_use_real_locale ();
  g_test_init (&argc, &argv, NULL);

  if (!g_file_get_contents (linguas_path, &linguas, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (linguas, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_autofree char *path = NULL;
      char *code = g_strstrip (lines[i]);

      if (*code == '\0' || *code == '#')
        continue;
      path = g_strdup_printf ("/app/languages/%s", code);
      g_test_add_data_func (path, code, test_language);
      n_langs++;
    }
  if (n_langs < 5)
    g_error ("%s lists %u languages", linguas_path, n_langs);

  if (g_test_subprocess ())
    {
      /* The child: its own XDG folders, settings in memory, a display or a loud failure. */
      g_autofree char *tmp = g_dir_make_tmp ("kiela-languages-XXXXXX", NULL);
      g_autofree char *data_home = g_build_filename (tmp, "data", NULL);
      g_autofree char *config_home = g_build_filename (tmp, "config", NULL);

      lang = g_getenv ("LANGUAGE");
      g_assert_nonnull (lang);
      g_setenv ("XDG_DATA_HOME", data_home, TRUE);
      g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);
      g_setenv ("XDG_CACHE_HOME", tmp, TRUE);
      g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
      kiela_bind_textdomain ();
      textdomain (GETTEXT_PACKAGE);
      if (!gtk_init_check ())
        g_error ("cannot open a display: run these tests under xvfb-run");
      adw_init ();
      app_test_disable_animations ();
    }
  return g_test_run ();
}
