/* test-locale.c: numbers, percentages and dates in the reader's locale (KIELA_TEST_LOCALE, generated into the build tree): the lab's statistics and axis, a worksheet's date, the CLI. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "kiela.h"
#include "kiela-lab-page.h"
#include "kiela-lab-plot.h"
#include "kiela-paths.h"
#include "kiela-settings.h"
#include "kiela-window.h"
#include "kiela-worksheet.h"
#include "app-test-util.h"
#include "app-test-render.h"

static char *tmp_dir;
static const char *test_locale;

/* How each locale writes a percentage (as CLDR has it): the sign after the number with a
 * narrow no-break space in French, a no-break space in Russian, none in Portuguese and
 * Vietnamese, and before the number in Turkish. */
static const struct { const char *locale, *prefix, *suffix; } percent_styles[] = {
  { "fr_FR.UTF-8", "", "\u202f%" }, { "pt_PT.UTF-8", "", "%" }, { "ru_RU.UTF-8", "", "\u00a0%" },
  { "tr_TR.UTF-8", "%", "" }, { "vi_VN.UTF-8", "", "%" },
};

static void
percent_style (const char **prefix, const char **suffix)
{
  for (guint i = 0; i < G_N_ELEMENTS (percent_styles); i++)
    if (g_str_equal (percent_styles[i].locale, test_locale))
      {
        *prefix = percent_styles[i].prefix;
        *suffix = percent_styles[i].suffix;
        return;
      }
  g_error ("no percentage style for %s", test_locale);
}

/* `number` written as a percentage of the test's locale. */
static char *
expected_percent (const char *number)
{
  const char *prefix, *suffix;

  percent_style (&prefix, &suffix);
  return g_strconcat (prefix, number, suffix, NULL);
}

/* A pattern with each "P" a percentage of one decimal ("52,0") in the locale's style, captured;
 * the rest as written. */
static GRegex *
percent_regex (const char *pattern)
{
  const char *prefix, *suffix;
  g_autoptr(GString) re = g_string_new ("^");
  g_autofree char *pre = NULL, *post = NULL;
  g_autoptr(GError) error = NULL;
  GRegex *regex;

  percent_style (&prefix, &suffix);
  pre = g_regex_escape_string (prefix, -1);
  post = g_regex_escape_string (suffix, -1);
  for (const char *p = pattern; *p; p = g_utf8_next_char (p))
    {
      if (*p == 'P')
        g_string_append_printf (re, "%s(\\d{1,3},\\d)%s", pre, post);
      else
        {
          g_autofree char *quoted = g_regex_escape_string (p, g_utf8_next_char (p) - p);

          g_string_append (re, quoted);
        }
    }
  g_string_append_c (re, '$');
  regex = g_regex_new (re->str, 0, 0, &error);
  g_assert_no_error (error);
  return regex;
}

static gboolean
is_type (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

static gboolean
is_row (GtkWidget *widget, gconstpointer title)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static void
collect_labels (GtkWidget *widget, GPtrArray *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_ptr_array_add (out, (gpointer) gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_labels (c, out);
}

/* The first number in `text` written with a decimal comma ("52,0"), as a double. */
static double
comma_number (const char *text)
{
  g_autofree char *copy = g_strdup (text + strcspn (text, "0123456789"));
  char *comma = strchr (copy, ',');

  g_assert_nonnull (comma);
  *comma = '.';
  return g_ascii_strtod (copy, NULL);
}

/* The locale is the one asked for: the C library gives a decimal comma, as in all five. */
static void
test_decimal_comma (void)
{
  g_autofree char *s = g_strdup_printf ("%.2f", 0.52);

  g_assert_cmpstr (s, ==, "0,52");
  g_assert_cmpstr (localeconv ()->decimal_point, ==, ",");
}

static gboolean
run_finished (gpointer data)
{
  return !kiela_lab_page_is_running (data);
}

/* The lab's summary after a run: rates with a decimal comma ("52,0 % (47,1 %–56,9 %)" in French,
 * "%52,0 (%47,1–%56,9)" in Turkish), each equal to the statistics' own value. */
static void
test_lab_decimals (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_autoptr(GSettings) prefs = kiela_settings_new (NULL);
  KielaWindow *window;
  KielaLabPage *lab;
  GtkWidget *games;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GRegex) rate = percent_regex ("P (P–P)");
  g_autoptr(GRegex) point = g_regex_new ("\\d\\.\\d", 0, 0, NULL);
  KielaStatsSummary sum;
  g_autoptr(GRegex) lone_rate = percent_regex ("P");
  gboolean found_rate = FALSE, found_mean = FALSE, found_draws = FALSE;
  g_autoptr(GRegex) decimal = g_regex_new ("^\\d+,\\d$", 0, 0, NULL);

  kiela_registry_load_default (registry);
  window = kiela_window_new (NULL, registry, prefs, NULL);
  g_object_ref_sink (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 1000);
  gtk_window_present (GTK_WINDOW (window));
  wait_until ((Condition) gtk_widget_get_mapped, window, 5000, "the window to show");
  g_assert_true (kiela_window_show_page (window, "lab"));
  app_test_wait_frames (GTK_WIDGET (window), 2); /* shown at once: animations are off */
  lab = KIELA_LAB_PAGE (app_test_find_widget (GTK_WIDGET (window), is_type, GSIZE_TO_POINTER (KIELA_TYPE_LAB_PAGE)));
  g_assert_nonnull (lab);
  g_assert_true (kiela_lab_page_set_base (lab, "kiela"));
  /* The row as the reader sees it. */
  games = app_test_find_widget (GTK_WIDGET (lab), is_row, g_dgettext (GETTEXT_PACKAGE, "_Games"));
  g_assert_nonnull (games);
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "_Games"), !=, "_Games");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (app_test_find_widget (games, is_type, GSIZE_TO_POINTER (GTK_TYPE_SPIN_BUTTON))), 8);
  gtk_widget_activate_action (GTK_WIDGET (lab), "lab.run", NULL);
  wait_until (run_finished, lab, 240000, "the statistics run to finish");
  app_test_wait_frames (GTK_WIDGET (window), 2);
  kiela_stats_get_summary (kiela_lab_page_get_stats (lab, 0), &sum);
  g_assert_cmpuint (sum.games, ==, 8);

  collect_labels (GTK_WIDGET (lab), labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *t = g_ptr_array_index (labels, i);
      g_autoptr(GMatchInfo) m = NULL;

      if (g_regex_match (rate, t, 0, &m))
        {
          g_autofree char *value = g_match_info_fetch (m, 1);
          g_autofree char *low = g_match_info_fetch (m, 2), *high = g_match_info_fetch (m, 3);

          g_assert_cmpfloat_with_epsilon (comma_number (value), 100 * sum.first_player_win_rate, 0.051);
          g_assert_cmpfloat_with_epsilon (comma_number (low), 100 * sum.first_player_low, 0.051);
          g_assert_cmpfloat_with_epsilon (comma_number (high), 100 * sum.first_player_high, 0.051);
          found_rate = TRUE;
        }
      /* The draws, a rate alone, written as the catalogue writes rates. */
      if (g_regex_match (lone_rate, t, 0, NULL) && fabs (comma_number (t) - 100 * sum.draw_rate) < 0.051)
        found_draws = TRUE;
      /* Mean game length, one decimal: 123.4 plies reads "123,4". */
      if (g_regex_match (decimal, t, 0, NULL) && fabs (comma_number (t) - sum.mean_plies) < 0.051)
        found_mean = TRUE;
      /* No number anywhere on the page is written with a decimal point. */
      if (g_regex_match (point, t, 0, NULL))
        g_error ("“%s” has a decimal point in %s", t, test_locale);
    }
  if (!found_rate || !found_mean || !found_draws)
    {
      for (guint i = 0; i < labels->len; i++)
        g_printerr ("  label: “%s”\n", (const char *) g_ptr_array_index (labels, i));
      g_error ("the first player's rate (%d), the draws (%d) or the mean length %g (%d) is not shown", found_rate,
               found_draws, sum.mean_plies, found_mean);
    }
  {
    g_autofree char *png = g_strdup_printf ("locale-%s-lab.png", test_locale);

    g_autofree char *plot = g_strdup_printf ("%s/locale-%s-lengths.png", g_getenv ("KIELA_TEST_OUTDIR"), test_locale);
    KielaStats *const stats[2] = { kiela_lab_page_get_stats (lab, 0), NULL };
    const char *const names[2] = { "Kiela", NULL };
    g_autoptr(GError) plot_error = NULL;

    app_test_wait_frames (GTK_WIDGET (window), 2);
    render_to_png (GTK_WIDGET (window), png);
    /* The plot with its percent axis, for a person to look at. */
    g_assert_true (kiela_lab_plot_save (KIELA_LAB_PLOT_LENGTHS, stats, names, plot, 640, 360, &plot_error));
    g_assert_no_error (plot_error);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  spin (50);
}

/* Percentages as the locale writes them, from the one helper, on the lab's value axis and in a
 * hint's win rate alike; a rate that rounds to zero is never "-0". */
static void
test_percent (void)
{
  g_autofree char *half = expected_percent ("50"), *rate = expected_percent ("52,5");
  g_autofree char *zero = expected_percent ("0,0"), *quarter = expected_percent ("25");
  g_autofree char *s50 = kiela_format_percent (0.5, 0), *s525 = kiela_format_percent (0.525, 1);
  g_autofree char *s0 = kiela_format_percent (-0.0001, 1), *axis = kiela_lab_plot_dup_tick_label (0.25, TRUE);
  g_autofree char *count = kiela_lab_plot_dup_tick_label (1200, FALSE);

  g_assert_cmpstr (s50, ==, half);
  g_assert_cmpstr (s525, ==, rate);
  g_assert_cmpstr (s0, ==, zero);
  g_assert_cmpstr (axis, ==, quarter);
  /* The other axis counts: no percent sign there. */
  g_assert_null (strchr (count, '%'));
  g_assert_nonnull (strstr (count, "200"));
  /* The translation does not fall back to English: "50%" is the answer in Portuguese and
   * Vietnamese only. */
  if (!g_str_has_prefix (test_locale, "pt") && !g_str_has_prefix (test_locale, "vi"))
    g_assert_cmpstr (s50, !=, "50%");
}

static char *
pdf_text (GBytes *pdf)
{
  g_autofree char *path = g_build_filename (tmp_dir, "sheet.pdf", NULL);
  const char *argv[] = { KIELA_TEST_PDFTOTEXT, path, "-", NULL };
  char *out = NULL;
  int status = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (pdf, NULL), g_bytes_get_size (pdf), NULL));
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, &error))
    g_error ("%s: %s", KIELA_TEST_PDFTOTEXT, error->message);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* A worksheet's date in the locale's order and separators (each locale's own %x, as glibc
 * defines it); a date that is not one stays as written. */
static void
test_worksheet_date (void)
{
  g_autoptr(KielaRegistry) registry = kiela_registry_new ();
  g_autoptr(KielaGame) game = NULL;
  KielaWorksheetOptions options = { KIELA_WORKSHEET_EVERY_MOVE, FALSE, NULL };
  g_autoptr(GError) error = NULL;

  kiela_registry_load_default (registry);
  game = kiela_game_new (kiela_registry_lookup_variant (registry, "kiela"));
  g_assert_true (kiela_game_play_square (game, "g1", NULL, &error));
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(KielaWorksheet) ws = NULL;
      g_autoptr(GBytes) pdf = NULL;
      g_autofree char *text = NULL;

      kiela_game_set_metadata (game, KIELA_META_DATE, i == 0 ? "2026-11-30" : "Spring 2026");
      ws = kiela_worksheet_new (game, &options);
      pdf = kiela_worksheet_to_pdf (ws, KIELA_PAPER_A4, &error);
      g_assert_no_error (error);
      text = pdf_text (pdf);
      if (i == 0)
        {
          static const struct { const char *locale, *date; } dates[] = {
            { "fr_FR.UTF-8", "30/11/2026" }, { "pt_PT.UTF-8", "30/11/2026" }, { "ru_RU.UTF-8", "30.11.2026" },
            { "tr_TR.UTF-8", "30-11-2026" }, { "vi_VN.UTF-8", "30/11/2026" },
          };
          const char *expected = NULL;

          for (guint d = 0; d < G_N_ELEMENTS (dates); d++)
            if (g_str_equal (dates[d].locale, test_locale))
              expected = dates[d].date;
          if (expected == NULL)
            g_error ("no expected date for %s", test_locale);
          if (strstr (text, expected) == NULL || strstr (text, "2026-11-30") != NULL)
            g_error ("the worksheet does not date itself %s:\n%s", expected, text);
        }
      else
        g_assert_nonnull (strstr (text, "Spring 2026"));
    }
}

/* kiela-cli in the locale: the report has decimal commas, the CSV file a decimal point for the
 * programs that read it. */
static void
test_cli (void)
{
  g_autofree char *csv = g_build_filename (tmp_dir, "games.csv", NULL);
  g_autofree char *csv_arg = g_strconcat ("--csv=", csv, NULL);
  const char *argv[] = { KIELA_TEST_CLI, "tournament", "--ai=random", "--ai=greedy", "--games=4", "--seed=7",
                         csv_arg, NULL };
  g_autofree char *out = NULL, *text = NULL;
  g_auto(GStrv) lines = NULL;
  int status = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) comma = g_regex_new ("\\d,\\d", 0, 0, NULL);

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, &error))
    g_error ("%s: %s", KIELA_TEST_CLI, error->message);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  if (!g_regex_match (comma, out, 0, NULL))
    g_error ("no decimal comma in:\n%s", out);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "game,seed,south,north,result,reason,plies,score_a,moves");
  for (guint i = 1; i <= 4; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      /* Nine columns: a decimal comma would have made ten. */
      g_assert_cmpuint (g_strv_length (fields), ==, 9);
      g_assert_true (g_str_equal (fields[7], "0.0") || g_str_equal (fields[7], "0.5") || g_str_equal (fields[7], "1.0"));
    }
}

int
main (int argc, char **argv)
{
  /* One locale through and through: messages, numbers and dates.  The locale is generated into
   * the build tree (LOCPATH): a machine without it fails here, it never skips. */
  test_locale = g_getenv ("KIELA_TEST_LOCALE");
  if (test_locale == NULL)
    g_error ("set KIELA_TEST_LOCALE (fr_FR.UTF-8, ...)");
  {
    g_autofree char *lang = g_strndup (test_locale, 2);

    g_setenv ("LANGUAGE", lang, TRUE);
  }
  g_setenv ("LC_ALL", test_locale, TRUE);
  if (setlocale (LC_ALL, "") == NULL)
    g_error ("the %s locale is not available (LOCPATH=%s): is the “locales” package installed?", test_locale,
             g_getenv ("LOCPATH"));
  tmp_dir = app_test_init (&argc, &argv, "locale");
  app_test_disable_animations ();
  kiela_bind_textdomain ();
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/app/locale/decimal-comma", test_decimal_comma);
  g_test_add_func ("/app/locale/percent", test_percent);
  g_test_add_func ("/app/locale/lab-decimals", test_lab_decimals);
  g_test_add_func ("/app/locale/worksheet-date", test_worksheet_date);
  g_test_add_func ("/app/locale/cli", test_cli);
  return g_test_run ();
}
