/* test-panes.c: the History and Rules panes: their diagrams, their own language at run time, lesson links, screenshots. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "kiela.h"
#include "kiela-board-view.h"
#include "kiela-mo.h"
#include "kiela-paths.h"
#include "kiela-settings.h"
#include "kiela-text-pane.h"
#include "kiela-window.h"
#include "app-test-util.h"
#include "app-test-render.h"
#include "tests/test-locale-util.h"

static KielaRegistry *registry;

/* Every widget of `type` under `widget` (but not under `skip`), in tree order. */
static void
collect (GtkWidget *widget, GType type, GtkWidget *skip, GPtrArray *out)
{
  if (widget == skip)
    return;
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect (c, type, skip, out);
}

/* The texts of every label under `widget` (but not under `skip`), in tree order. */
static GStrv
label_texts (GtkWidget *widget, GtkWidget *skip)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GStrvBuilder *b = g_strv_builder_new ();
  GStrv out;

  collect (widget, GTK_TYPE_LABEL, skip, labels);
  for (guint i = 0; i < labels->len; i++)
    g_strv_builder_add (b, gtk_label_get_text (g_ptr_array_index (labels, i)));
  out = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return out;
}

/* Every text a user can read under `widget` (but not under `skip`): labels and tooltips. */
static void
collect_texts (GtkWidget *widget, GtkWidget *skip, GStrvBuilder *b)
{
  if (widget == skip)
    return;
  if (GTK_IS_LABEL (widget))
    g_strv_builder_add (b, gtk_label_get_text (GTK_LABEL (widget)));
  if (gtk_widget_get_tooltip_text (widget) != NULL)
    g_strv_builder_add (b, gtk_widget_get_tooltip_text (widget));
  /* A language selector shows the language picked, named in that language. */
  if (GTK_IS_DROP_DOWN (widget))
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_texts (c, skip, b);
}

static GStrv
all_texts (GtkWidget *widget, GtkWidget *skip)
{
  GStrvBuilder *b = g_strv_builder_new ();
  GStrv out;

  collect_texts (widget, skip, b);
  out = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return out;
}

static GtkWidget *
find_type (GtkWidget *widget, GType type)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect (widget, type, NULL, found);
  return found->len > 0 ? g_ptr_array_index (found, 0) : NULL;
}

static guint
count_text (GStrv texts, const char *text)
{
  guint n = 0;

  for (guint i = 0; texts[i]; i++)
    n += g_str_equal (texts[i], text);
  return n;
}

static guint
count_diagrams (KielaTextKind kind)
{
  guint n, d = 0;
  const KielaTextSection *s = kiela_texts_get (kind, &n);

  for (guint i = 0; i < n; i++)
    d += s[i].diagram != NULL;
  return d;
}

/* Every diagram is a position of the engine (all its stones on a 10-file board), its marks name
 * real squares, and every "try it" link names a lesson that exists. */
static void
test_diagrams (void)
{
  for (KielaTextKind kind = KIELA_TEXT_HISTORY; kind <= KIELA_TEXT_RULES; kind++)
    {
      guint n;
      const KielaTextSection *s = kiela_texts_get (kind, &n);

      for (guint i = 0; i < n; i++)
        {
          KielaPosition pos;
          g_autoptr(GError) error = NULL;

          g_assert_nonnull (s[i].heading);
          g_assert_nonnull (s[i].paragraphs[0]);
          if (s[i].lesson != NULL && kiela_registry_lookup_lesson (registry, s[i].lesson) == NULL)
            g_error ("section “%s” links to a missing lesson “%s”", s[i].heading, s[i].lesson);
          if (s[i].diagram == NULL)
            continue;
          g_assert_nonnull (s[i].caption);
          if (!kiela_position_parse (s[i].diagram, 10, &pos, &error))
            g_error ("section “%s”: %s", s[i].heading, error->message);
          /* Stones never leave the board: 56 in the advanced game, 28 in the beginner's. */
          g_assert_true (kiela_position_total (&pos) == 56 || kiela_position_total (&pos) == 28);
          if (s[i].marks != NULL)
            {
              g_auto(GStrv) marks = g_strsplit (s[i].marks, " ", -1);

              for (guint m = 0; marks[m]; m++)
                {
                  g_auto(GStrv) pair = g_strsplit (marks[m], ":", 2);
                  static const char *kinds[] = { "lift", "drop", "relay", "captor", "captured", "enter", "end", NULL };
                  KielaSquare sq;

                  g_assert_cmpuint (g_strv_length (pair), ==, 2);
                  g_assert_true (kiela_square_parse (10, pair[0], &sq, NULL));
                  g_assert_true (g_strv_contains (kinds, pair[1]));
                }
            }
        }
    }
  g_assert_cmpuint (count_diagrams (KIELA_TEXT_RULES), >=, 7);
}

/* The rules diagrams agree with the engine: the position "after g1" is what sowing g1 gives. */
static void
test_diagram_after_g1 (void)
{
  const KielaVariant *v = kiela_registry_lookup_variant (registry, "kiela");
  g_autoptr(KielaGame) game = kiela_game_new (v);
  guint n;
  const KielaTextSection *s = kiela_texts_get (KIELA_TEXT_RULES, &n);
  g_autofree char *after = NULL;
  KielaSquare sq;
  gboolean found = FALSE;

  g_assert_true (kiela_square_parse (10, "g1", &sq, NULL));
  g_assert_true (kiela_game_play (game, sq.house, NULL, NULL));
  after = kiela_position_to_string (kiela_game_get_position (game));
  for (guint i = 0; i < n; i++)
    found |= s[i].marks != NULL && strstr (s[i].marks, "f2:end") != NULL && g_str_equal (s[i].diagram, after);
  g_assert_true (found);
}

typedef struct {
  KielaWindow *window;
  GSettings *prefs;
} Fixture;

/* The window's pane of `kind`, made now if not shown yet. */
static KielaTextPane *
find_pane (KielaWindow *window, KielaTextKind kind)
{
  GtkWidget *pane = kiela_window_get_page (window, kind == KIELA_TEXT_RULES ? "rules" : "history");

  g_assert_true (KIELA_IS_TEXT_PANE (pane));
  g_assert_cmpint (kiela_text_pane_get_kind (KIELA_TEXT_PANE (pane)), ==, kind);
  return KIELA_TEXT_PANE (pane);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->prefs = kiela_settings_new (NULL);
  g_assert_nonnull (f->prefs);
  f->window = app_test_window_new (registry, f->prefs, NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_until ((Condition) gtk_widget_get_mapped, f->window, 5000, "the window to show");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  app_test_window_free (f->window);
  g_object_unref (f->prefs);
  spin (50);
}

/* The interface is French (LANGUAGE=fr, set in main()).  Switching the Rules pane to
 * Portuguese changes that pane's text and diagram labels, and nothing else. */
static void
test_switch_language (Fixture *f, gconstpointer data)
{
  KielaTextPane *rules, *history;
  g_auto(GStrv) outside_before = NULL, outside_after = NULL, fr = NULL, pt = NULL, back = NULL;
  g_auto(GStrv) controls_before = NULL, controls_after = NULL, history_before = NULL;
  g_autofree char *title_before = NULL;
  guint diagrams = count_diagrams (KIELA_TEXT_RULES), changed = 0;
  GtkDropDown *dropdown = NULL;
  GtkWidget *content;

  /* The panes are made when first shown or asked for, not with the window. */
  g_assert_null (app_test_find_type (GTK_WIDGET (f->window), KIELA_TYPE_TEXT_PANE));
  rules = find_pane (f->window, KIELA_TEXT_RULES);
  history = find_pane (f->window, KIELA_TEXT_HISTORY);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules"));
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpstr (kiela_window_get_visible_page (f->window), ==, "rules");

  /* Both panes start in the interface's language. */
  g_assert_cmpstr (kiela_text_pane_get_language (rules), ==, "fr");
  g_assert_cmpstr (kiela_text_pane_get_language (history), ==, "fr");
  /* The text under the pane's toolbar: headings, paragraphs, diagram labels and captions, links. */
  content = gtk_widget_get_last_child (GTK_WIDGET (rules));
  g_assert_true (GTK_IS_SCROLLED_WINDOW (content));
  g_assert_nonnull (content);
  fr = label_texts (content, NULL);
  /* French texts and labels, as gettext gives them to the rest of the app. */
  g_assert_cmpuint (count_text (fr, g_dgettext (GETTEXT_PACKAGE, "North")), ==, diagrams);
  g_assert_cmpuint (count_text (fr, g_dgettext (GETTEXT_PACKAGE, "Rules")), ==, 1);
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "North"), ==, "Nord");
  outside_before = all_texts (GTK_WIDGET (f->window), GTK_WIDGET (rules));
  /* The pane's own controls (language selector, larger type) belong to the interface. */
  controls_before = all_texts (GTK_WIDGET (rules), content);
  title_before = g_strdup (gtk_window_get_title (GTK_WINDOW (f->window)));

  /* The user picks Português in the pane's own selector. */
  {
    dropdown = GTK_DROP_DOWN (find_type (GTK_WIDGET (rules), GTK_TYPE_DROP_DOWN));
    g_assert_nonnull (dropdown);
    for (guint i = 0; i < g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)); i++)
      if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (dropdown)), i),
                       "Português"))
        gtk_drop_down_set_selected (dropdown, i);
  }
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpstr (kiela_text_pane_get_language (rules), ==, "pt");
  pt = label_texts (content, NULL);
  g_assert_cmpuint (g_strv_length (pt), ==, g_strv_length (fr));
  /* Written by the Portuguese translator: "Norte", "Sul" and "Regras". */
  g_assert_cmpuint (count_text (pt, "Norte"), ==, diagrams);
  g_assert_cmpuint (count_text (pt, "Sul"), ==, diagrams);
  g_assert_cmpuint (count_text (pt, "Regras"), >=, 1);
  g_assert_cmpuint (count_text (pt, "Nord"), ==, 0);
  for (guint i = 0; fr[i]; i++)
    changed += !g_str_equal (fr[i], pt[i]);
  /* Every label of the text changed language. */
  g_assert_cmpuint (changed, ==, g_strv_length (fr));
  /* Nothing else moved: the other pane, the game, the header and the window title. */
  outside_after = all_texts (GTK_WIDGET (f->window), GTK_WIDGET (rules));
  g_assert_cmpstrv (outside_before, outside_after);
  controls_after = all_texts (GTK_WIDGET (rules), content);
  g_assert_cmpstrv (controls_before, controls_after);
  g_assert_cmpuint (g_strv_length (controls_after), >, 0);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (f->window)), ==, title_before);
  g_assert_cmpstr (kiela_text_pane_get_language (history), ==, "fr");

  /* The History pane in Russian: all its text changes; the Rules pane keeps its Portuguese,
   * and the interface its French. */
  {
    GtkWidget *hcontent = gtk_widget_get_last_child (GTK_WIDGET (history));
    g_auto(GStrv) ru = NULL, hcontrols_before = NULL, hcontrols_after = NULL;
    g_auto(GStrv) rules_now = NULL, outside_now = NULL, hfr = NULL;
    g_autoptr(KielaMo) ru_mo = NULL;
    g_autoptr(GError) error = NULL;
    guint hchanged = 0;

    /* The page makes its text when first shown. */
    g_assert_true (kiela_window_show_page (f->window, "history"));
    app_test_wait_frames (GTK_WIDGET (f->window), 2);
    history_before = label_texts (GTK_WIDGET (history), NULL);
    hcontrols_before = all_texts (GTK_WIDGET (history), hcontent);
    hfr = label_texts (hcontent, NULL);
    g_assert_true (GTK_IS_SCROLLED_WINDOW (hcontent));
    g_assert_cmpuint (g_strv_length (hfr), >, 5);
    kiela_text_pane_set_language (history, "ru");
    app_test_wait_frames (GTK_WIDGET (f->window), 2);
    g_assert_cmpstr (kiela_text_pane_get_language (history), ==, "ru");
    ru = label_texts (hcontent, NULL);
    g_assert_cmpuint (g_strv_length (ru), ==, g_strv_length (hfr));
    for (guint i = 0; hfr[i]; i++)
      hchanged += !g_str_equal (hfr[i], ru[i]);
    g_assert_cmpuint (hchanged, ==, g_strv_length (hfr));
    /* The Russian catalogue's heading of the pane's first section, as its translator wrote it. */
    ru_mo = kiela_mo_load (kiela_locale_dir (), "ru", GETTEXT_PACKAGE, &error);
    g_assert_no_error (error);
    {
      guint n;
      const KielaTextSection *sec = kiela_texts_get (KIELA_TEXT_HISTORY, &n);
      const char *heading = kiela_mo_gettext (ru_mo, sec[0].heading);

      g_assert_cmpstr (heading, !=, sec[0].heading);
      g_assert_cmpuint (count_text (ru, heading), >=, 1);
    }
    hcontrols_after = all_texts (GTK_WIDGET (history), hcontent);
    g_assert_cmpstrv (hcontrols_before, hcontrols_after);
    rules_now = label_texts (content, NULL);
    g_assert_cmpstrv (rules_now, pt);
    outside_now = all_texts (GTK_WIDGET (f->window), GTK_WIDGET (history));
    /* Outside the History pane: the Portuguese Rules pane and the French rest, as before. */
    g_assert_cmpuint (count_text (outside_now, "Norte"), ==, diagrams);
    kiela_text_pane_set_language (history, "fr");
    spin (50);
    g_clear_pointer (&ru, g_strfreev);
    ru = label_texts (GTK_WIDGET (history), NULL);
    g_assert_cmpstrv (ru, history_before);
    g_assert_true (kiela_window_show_page (f->window, "rules"));
    app_test_wait_frames (GTK_WIDGET (f->window), 2);
  }

  /* And back: the French text returns exactly. */
  kiela_text_pane_set_language (rules, "fr");
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 1); /* English first, then fr, pt, ru... */
  back = label_texts (content, NULL);
  g_assert_cmpstrv (back, fr);
  /* An unknown language falls back to English, never to an empty text. */
  kiela_text_pane_set_language (rules, "xx");
  g_assert_cmpstr (kiela_text_pane_get_language (rules), ==, "en");
  g_clear_pointer (&back, g_strfreev);
  back = label_texts (content, NULL);
  g_assert_cmpuint (count_text (back, "North"), ==, diagrams);
  g_assert_cmpuint (count_text (back, "Rules"), ==, 1);
}

static gboolean
has_visible_lesson_link (GtkWidget *w, const char **target)
{
  if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), "win.open-lesson") == 0 &&
      gtk_widget_get_visible (w))
    {
      *target = g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (w)), NULL);
      return TRUE;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    if (has_visible_lesson_link (c, target))
      return TRUE;
  return FALSE;
}

static void
on_open_lesson (GSimpleAction *action, GVariant *param, gpointer data)
{
  g_free (*(char **) data);
  *(char **) data = g_variant_dup_string (param, NULL);
}

/* "Try it" links appear only when the window can open a lesson, and open the section's lesson. */
static void
test_lesson_links (Fixture *f, gconstpointer data)
{
  KielaTextPane *rules = find_pane (f->window, KIELA_TEXT_RULES);
  const char *target = NULL;
  g_autofree char *opened = NULL;
  gboolean has_action = g_action_group_has_action (G_ACTION_GROUP (f->window), "open-lesson");
  guint i = 0;
  const char *name, *property;
  const GVariantType *param;
  GType owner;

  for (i = 0; gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (f->window), i, &owner, &name, &param, &property); i++)
    has_action |= g_str_equal (name, "win.open-lesson");
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules");
  app_test_wait_frames (GTK_WIDGET (f->window), 2);
  g_assert_cmpint (has_visible_lesson_link (GTK_WIDGET (rules), &target), ==, has_action);
  if (!has_action)
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new ("open-lesson", G_VARIANT_TYPE_STRING);

      g_signal_connect (action, "activate", G_CALLBACK (on_open_lesson), &opened);
      g_action_map_add_action (G_ACTION_MAP (f->window), G_ACTION (action));
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "game");
      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", "rules");
      app_test_wait_frames (GTK_WIDGET (f->window), 2);
      g_assert_true (has_visible_lesson_link (GTK_WIDGET (rules), &target));
      {
        /* "id@lang": the lesson, in the language the pane is shown in. */
        g_auto(GStrv) parts = g_strsplit (target, "@", 2);

        g_assert_nonnull (kiela_registry_lookup_lesson (registry, parts[0]));
        g_assert_cmpstr (parts[1], ==, kiela_text_pane_get_language (rules));
      }
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-lesson", "s", target));
      g_assert_cmpstr (opened, ==, target);
    }
}

/* The first label of the pane wider than the pane or than its own allocation, or NULL. */
static char *
first_misfit (KielaTextPane *pane)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  int width = gtk_widget_get_width (GTK_WIDGET (pane));

  collect (GTK_WIDGET (pane), GTK_TYPE_LABEL, NULL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);
      graphene_rect_t bounds;
      int min;

      if (!gtk_widget_get_mapped (label))
        continue;
      g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (pane), &bounds));
      gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      if (bounds.origin.x < 0 || bounds.origin.x + bounds.size.width > width + 0.5 ||
          gtk_widget_get_width (label) < min)
        return g_strdup_printf ("“%s” (%g+%g of %d, needs %d)", gtk_label_get_text (GTK_LABEL (label)),
                                bounds.origin.x, bounds.size.width, width, min);
    }
  return NULL;
}

/* No label of the pane is wider than the pane, in any language (the text wraps, never clips).
 * A label just given a longer text gets its width at the next layout: allow a few frames. */
static void
assert_fits (KielaTextPane *pane, const char *lang)
{
  gint64 end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
  g_autofree char *misfit = NULL;

  while ((misfit = first_misfit (pane)) != NULL && g_get_monotonic_time () < end)
    {
      g_clear_pointer (&misfit, g_free);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  if (misfit != NULL)
    g_error ("%s: %s does not fit the pane", lang, misfit);
}

/* Both panes in every language at 1280×800, saved for a person to look at. */
static void
test_screenshots (Fixture *f, gconstpointer data)
{
  g_auto(GStrv) langs = kiela_text_pane_list_languages ();

  g_assert_cmpuint (g_strv_length (langs), >=, 6);
  for (KielaTextKind kind = KIELA_TEXT_HISTORY; kind <= KIELA_TEXT_RULES; kind++)
    {
      const char *page = kind == KIELA_TEXT_HISTORY ? "history" : "rules";
      KielaTextPane *pane = find_pane (f->window, kind);

      gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-page", "s", page);
      app_test_wait_frames (GTK_WIDGET (f->window), 2); /* shown at once: animations are off */
      for (guint i = 0; langs[i]; i++)
        {
          g_autofree char *name = g_strdup_printf ("panes-%s-%s.png", page, langs[i]);

          kiela_text_pane_set_language (pane, langs[i]);
          app_test_wait_frames (GTK_WIDGET (f->window), 2);
          assert_fits (pane, langs[i]);
          render_to_png (GTK_WIDGET (f->window), name);
          /* The whole text, below the fold too. */
          {
            g_autofree char *full = g_strdup_printf ("panes-%s-%s-full.png", page, langs[i]);
            GtkWidget *clamp = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (gtk_widget_get_last_child (GTK_WIDGET (pane))));

            if (GTK_IS_VIEWPORT (clamp))
              clamp = gtk_viewport_get_child (GTK_VIEWPORT (clamp));
            render_to_png (clamp, full);
          }
        }
      kiela_text_pane_set_large (pane, TRUE);
      app_test_wait_frames (GTK_WIDGET (f->window), 2);
      assert_fits (pane, "large");
      render_to_png (GTK_WIDGET (f->window), kind == KIELA_TEXT_HISTORY ? "panes-history-large.png" : "panes-rules-large.png");
      kiela_text_pane_set_large (pane, FALSE);
    }
}

int
main (int argc, char **argv)
{
  g_autofree char *tmp = NULL;

  /* The interface in French through LANGUAGE, in a real locale. */
  g_setenv ("LANGUAGE", "fr", TRUE);
  test_use_real_locale ();
  tmp = app_test_init (&argc, &argv, "test-panes");
  app_test_disable_animations ();
  kiela_bind_textdomain ();
  textdomain (GETTEXT_PACKAGE);
  app_test_load_style ();
  registry = kiela_registry_new ();
  kiela_registry_load_default (registry);
  g_assert_nonnull (kiela_registry_lookup_variant (registry, "kiela"));

  g_test_add_func ("/app/panes/diagrams", test_diagrams);
  g_test_add_func ("/app/panes/diagram-after-g1", test_diagram_after_g1);
  g_test_add ("/app/panes/switch-language", Fixture, NULL, fixture_setup, test_switch_language, fixture_teardown);
  g_test_add ("/app/panes/lesson-links", Fixture, NULL, fixture_setup, test_lesson_links, fixture_teardown);
  g_test_add ("/app/panes/screenshots", Fixture, NULL, fixture_setup, test_screenshots, fixture_teardown);
  return g_test_run ();
}
