/* test-desktop.c: desktop integration: .kiela files are recognised by their MIME type with their
 * own icon and open with the app, the icons install into the hicolor theme, and the window keeps
 * its text readable in the light and the dark style (the board stays wood). */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-settings.h"
#include "app-test-util.h"
#include "app-test-render.h"

#define MIME_TYPE "application/x-kiela-game"
#define MIME_ICON KIELA_APP_ID "-application-x-kiela-game"

/* ---------- MIME type ---------- */

/* What a file manager sees: `gio info` (the GIO lookup Nautilus uses) in a child process, which
 * also keeps GIO's process-lifetime MIME caches out of this test's leak check. */
static char *
gio_attribute (const char *path, const char *attribute)
{
  const char *argv[] = { "gio", "info", "-a", attribute, path, NULL };
  g_autofree char *out = NULL;
  g_autofree char *prefix = g_strdup_printf ("  %s: ", attribute);
  g_autoptr(GError) error = NULL;
  const char *line;
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, prefix);
  g_assert_nonnull (line);
  line += strlen (prefix);
  return g_strndup (line, strcspn (line, "\n"));
}

static void
test_mime_type (void)
{
  g_autofree char *packages = g_build_filename (g_get_user_data_dir (), "mime", "packages", NULL);
  g_autofree char *mime_dir = g_build_filename (g_get_user_data_dir (), "mime", NULL);
  g_autofree char *src = g_build_filename (KIELA_BUILD_ROOT, "data", KIELA_APP_ID ".xml", NULL);
  g_autofree char *dst = g_build_filename (packages, KIELA_APP_ID ".xml", NULL);
  g_autofree char *game = g_build_filename (g_get_user_data_dir (), "lesson-3.kiela", NULL);
  g_autofree char *renamed = g_build_filename (g_get_user_data_dir (), "lesson-3", NULL);
  g_autofree char *xml = NULL, *type = NULL, *sniffed = NULL, *icons = NULL, *exec = NULL;
  g_autofree char *desktop_path = g_build_filename (KIELA_BUILD_ROOT, "data", KIELA_APP_ID ".desktop", NULL);
  g_autoptr(GKeyFile) desktop = g_key_file_new ();
  g_auto(GStrv) types = NULL;
  g_autoptr(GError) error = NULL;
  const char *update_argv[] = { "update-mime-database", mime_dir, NULL };
  const char *record = "{\n  \"format\" : \"kiela-game\",\n  \"version\" : 1\n}\n";
  int status;

  /* Install the built MIME package into this test's private XDG_DATA_HOME, as meson install does. */
  g_assert_true (g_file_get_contents (src, &xml, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (packages, 0700), ==, 0);
  g_assert_true (g_file_set_contents (dst, xml, -1, &error));
  g_spawn_sync (NULL, (char **) update_argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_file_set_contents (game, record, -1, NULL));
  g_assert_true (g_file_set_contents (renamed, record, -1, NULL));

  type = gio_attribute (game, "standard::content-type");
  g_assert_cmpstr (type, ==, MIME_TYPE);
  /* A record that lost its extension is still known by its content. */
  sniffed = gio_attribute (renamed, "standard::content-type");
  g_assert_cmpstr (sniffed, ==, MIME_TYPE);
  /* Its own icon first, a generic document icon as the fallback. */
  icons = gio_attribute (game, "standard::icon");
  g_assert_true (g_str_has_prefix (icons, MIME_ICON ", "));
  g_assert_nonnull (strstr (icons, "x-office-document"));

  /* The desktop entry says the app opens it (file managers offer it from this line)… */
  g_assert_true (g_key_file_load_from_file (desktop, desktop_path, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  types = g_key_file_get_string_list (desktop, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_MIME_TYPE, NULL, NULL);
  g_assert_nonnull (types);
  g_assert_true (g_strv_contains ((const char *const *) types, MIME_TYPE));
  /* Shared rule variants open in the app too (it offers to install them). */
  g_assert_true (g_strv_contains ((const char *const *) types, "application/x-kiela-variant"));
  {
    g_autofree char *variant = g_build_filename (g_get_user_data_dir (), "mine.kiela-variant", NULL);
    g_autofree char *variant_type = NULL;

    g_assert_true (g_file_set_contents (variant, "[Variant]\nId=mine\nName=Mine\n", -1, NULL));
    variant_type = gio_attribute (variant, "standard::content-type");
    g_assert_cmpstr (variant_type, ==, "application/x-kiela-variant");
  }
  /* So do shared lessons, which it shows with their checks and installs. */
  g_assert_true (g_strv_contains ((const char *const *) types, "application/x-kiela-lesson"));
  {
    g_autofree char *lesson = g_build_filename (g_get_user_data_dir (), "tuesday.kiela-lesson", NULL);
    g_autofree char *lesson_type = NULL;

    g_assert_true (g_file_set_contents (lesson, "[Lesson]\nFormat=1\nId=tuesday\n", -1, NULL));
    lesson_type = gio_attribute (lesson, "standard::content-type");
    g_assert_cmpstr (lesson_type, ==, "application/x-kiela-lesson");
  }
  /* …and is handed the files: %F (several) or %f. */
  exec = g_key_file_get_string (desktop, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_EXEC, NULL);
  g_assert_nonnull (exec);
  g_assert_true (strstr (exec, " %F") != NULL || strstr (exec, " %f") != NULL);
}

/* ---------- icons ---------- */

static void
test_icons_in_theme (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_autofree char *icons = g_build_filename (KIELA_SOURCE_ROOT, "data", "icons", NULL);
  static const struct { const char *name; const char *dir; } expected[] = {
    { KIELA_APP_ID, "scalable/apps" },
    { KIELA_APP_ID "-symbolic", "symbolic/apps" },
    { MIME_ICON, "scalable/mimetypes" },
  };

  /* The source tree has the installed layout (share/icons/hicolor/...). */
  gtk_icon_theme_add_search_path (theme, icons);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(GtkIconPaintable) paintable = NULL;
      g_autoptr(GFile) file = NULL;
      g_autofree char *path = NULL;

      g_assert_true (gtk_icon_theme_has_icon (theme, expected[i].name));
      paintable = gtk_icon_theme_lookup_icon (theme, expected[i].name, NULL, 64, 1, GTK_TEXT_DIR_NONE, 0);
      file = gtk_icon_paintable_get_file (paintable);
      g_assert_nonnull (file);
      path = g_file_get_path (file);
      g_test_message ("%s: %s", expected[i].name, path);
      g_assert_true (g_str_has_prefix (path, icons));
      g_assert_nonnull (strstr (path, expected[i].dir));
    }
}

/* ---------- light and dark style ---------- */

typedef struct {
  guchar *pixels;
  gsize stride;
  int width, height;
} Image;

static void
render_window (GtkWidget *window, Image *img)
{
  g_autoptr(GdkTexture) texture = render_texture (window, FALSE);

  img->width = gdk_texture_get_width (texture);
  img->height = gdk_texture_get_height (texture);
  img->stride = (gsize) img->width * 4;
  img->pixels = g_malloc (img->stride * img->height);
  /* GDK_MEMORY_DEFAULT: B, G, R, A on little-endian machines. */
  gdk_texture_download (texture, img->pixels, img->stride);
}

static void
pixel_rgb (const Image *img, int x, int y, double rgb[3])
{
  const guchar *p = img->pixels + (gsize) y * img->stride + (gsize) x * 4;

  rgb[0] = p[2] / 255.0;
  rgb[1] = p[1] / 255.0;
  rgb[2] = p[0] / 255.0;
}

/* WCAG 2 relative luminance and contrast ratio. */
static double
luminance (const double rgb[3])
{
  double l[3];

  for (int i = 0; i < 3; i++)
    l[i] = rgb[i] <= 0.03928 ? rgb[i] / 12.92 : pow ((rgb[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

static double
contrast (const double a[3], const double b[3])
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

typedef struct {
  char *text;
  double contrast;
  double fg[3], bg[3];
} Measure;

/* In a label's box: the background is the most common colour, the text the pixel that stands out
 * most from it (the core of a glyph, where the text colour is drawn at full coverage). */
static gboolean
measure_label (const Image *img, GtkWidget *window, GtkWidget *label, Measure *m)
{
  graphene_rect_t r;
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  guint32 best_px = 0;
  guint best_n = 0;
  int x0, y0, x1, y1;

  if (!gtk_widget_compute_bounds (label, window, &r))
    return FALSE;
  x0 = MAX (0, (int) ceil (r.origin.x));
  y0 = MAX (0, (int) ceil (r.origin.y));
  x1 = MIN (img->width, (int) floor (r.origin.x + r.size.width));
  y1 = MIN (img->height, (int) floor (r.origin.y + r.size.height));
  if (x1 - x0 < 4 || y1 - y0 < 4)
    return FALSE;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        guint32 px;
        guint n;

        memcpy (&px, img->pixels + (gsize) y * img->stride + (gsize) x * 4, 4);
        n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (px))) + 1;
        g_hash_table_insert (counts, GUINT_TO_POINTER (px), GUINT_TO_POINTER (n));
        if (n > best_n)
          best_n = n, best_px = px;
      }
  m->bg[0] = ((best_px >> 16) & 0xff) / 255.0;
  m->bg[1] = ((best_px >> 8) & 0xff) / 255.0;
  m->bg[2] = (best_px & 0xff) / 255.0;
  m->contrast = 1.0;
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        double rgb[3], c;

        pixel_rgb (img, x, y, rgb);
        c = contrast (rgb, m->bg);
        if (c > m->contrast)
          {
            m->contrast = c;
            memcpy (m->fg, rgb, sizeof m->fg);
          }
      }
  m->text = g_strdup (gtk_label_get_text (GTK_LABEL (label)));
  return TRUE;
}

/* Whether `label` lies whole inside every scrolled window around it: a list keeps the widgets of
 * rows scrolled out of sight (GTK 4.18's list views keep more of them than 4.8's), and what is
 * drawn where such a label would be is another widget. */
static gboolean
scrolled_into_view (GtkWidget *label)
{
  for (GtkWidget *a = gtk_widget_get_parent (label); a != NULL; a = gtk_widget_get_parent (a))
    {
      graphene_rect_t b;

      if (!GTK_IS_SCROLLED_WINDOW (a))
        continue;
      if (!gtk_widget_compute_bounds (label, a, &b))
        return FALSE;
      if (b.origin.x < -0.5 || b.origin.y < -0.5
          || b.origin.x + b.size.width > gtk_widget_get_width (a) + 0.5
          || b.origin.y + b.size.height > gtk_widget_get_height (a) + 0.5)
        return FALSE;
    }
  return TRUE;
}

/* Every label drawn in the window, except those on buttons and toasts (Adwaita's own colours; a
 * toast is light on dark in both styles) and those in other surfaces (a tooltip or a popover is a
 * child widget but not part of the window's image) or scrolled out of sight. */
static void
collect_labels (GtkWidget *window, GtkWidget *widget, GPtrArray *out)
{
  if (!gtk_widget_get_mapped (widget) || GTK_IS_BUTTON (widget) || gtk_widget_has_css_class (widget, "toast")
      || g_strcmp0 (gtk_widget_get_css_name (widget), "toast") == 0
      || gtk_widget_get_native (widget) != GTK_NATIVE (window))
    return;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0' && scrolled_into_view (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_labels (window, c, out);
}

/* The board's average colour over its drawn area. */
static void
board_average (const Image *img, GtkWidget *window, GtkWidget *board, double avg[3])
{
  graphene_rect_t r;
  guint n = 0;

  g_assert_true (gtk_widget_compute_bounds (board, window, &r));
  avg[0] = avg[1] = avg[2] = 0;
  /* The middle half of the widget: board, not the window around it. */
  for (int y = (int) (r.origin.y + r.size.height / 4); y < (int) (r.origin.y + 3 * r.size.height / 4); y += 3)
    for (int x = (int) (r.origin.x + r.size.width / 4); x < (int) (r.origin.x + 3 * r.size.width / 4); x += 3)
      {
        double rgb[3];

        pixel_rgb (img, x, y, rgb);
        for (int i = 0; i < 3; i++)
          avg[i] += rgb[i];
        n++;
      }
  g_assert_cmpuint (n, >, 0);
  for (int i = 0; i < 3; i++)
    avg[i] /= n;
}

static void
test_dark_style (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr(GSettings) settings = kiela_settings_new (NULL);
  KielaRegistry *registry = kiela_registry_new ();
  KielaWindow *window;
  GPtrArray *measures[2];
  double wood[2][3];
  static const AdwColorScheme schemes[2] = { ADW_COLOR_SCHEME_FORCE_LIGHT, ADW_COLOR_SCHEME_FORCE_DARK };
  static const char *const names[2] = { "light", "dark" };

  g_assert_nonnull (settings);
  kiela_registry_load_default (registry);
  /* What AdwApplication does for the app: its style sheet from the resource base path. */
  {
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (css, "/io/github/kiela/Kiela/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }
  window = app_test_window_new (registry, settings, NULL);
  g_settings_set_enum (settings, KIELA_SETTINGS_SPEED, KIELA_SPEED_INSTANT);
  kiela_window_new_game (window, kiela_registry_lookup_variant (registry, "kiela"), NULL, NULL);
  /* Two moves with a capture, so that the move list, the steps (captures stand out) and the
   * narration all have text to measure. */
  {
    static const char *const squares[] = { "i2", "b3" };

    for (guint i = 0; i < G_N_ELEMENTS (squares); i++)
      {
        KielaSquare sq;

        g_assert_true (kiela_square_parse (10, squares[i], &sq, NULL));
        g_signal_emit_by_name (kiela_window_get_board (window), "house-activated", (guint) sq.side, (guint) sq.house);
      }
    g_assert_cmpuint (kiela_game_get_n_moves (kiela_window_get_game (window)), ==, 2);
  }
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));

  for (int s = 0; s < 2; s++)
    {
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();
      g_autofree char *png = g_strdup_printf ("%s/kiela-window-%s.png",
                                              g_getenv ("KIELA_TEST_OUTDIR") ? g_getenv ("KIELA_TEST_OUTDIR") : ".",
                                              names[s]);
      Image img;

      adw_style_manager_set_color_scheme (style, schemes[s]);
      spin (600);
      /* On a busy machine the first frame may take longer than the restyling. */
      wait_until (app_test_widget_shown, window, 10000, "the window to be drawn");
      g_assert_cmpint (adw_style_manager_get_dark (style), ==, s == 1);

      render_window (GTK_WIDGET (window), &img);
      {
        g_autoptr(GBytes) bytes = g_bytes_new_static (img.pixels, img.stride * img.height);
        g_autoptr(GdkTexture) tex = gdk_memory_texture_new (img.width, img.height, GDK_MEMORY_DEFAULT, bytes, img.stride);
        gdk_texture_save_to_png (tex, png);
        g_test_message ("%s style rendered to %s", names[s], png);
      }

      collect_labels (GTK_WIDGET (window), GTK_WIDGET (window), labels);
      g_assert_cmpuint (labels->len, >=, 3);
      measures[s] = g_ptr_array_new_with_free_func (NULL);
      for (guint i = 0; i < labels->len; i++)
        {
          Measure *m = g_new0 (Measure, 1);

          if (!measure_label (&img, GTK_WIDGET (window), g_ptr_array_index (labels, i), m))
            {
              g_free (m);
              continue;
            }
          g_test_message ("%s: %.2f:1 for “%s” (text %.2f %.2f %.2f on %.2f %.2f %.2f)", names[s], m->contrast,
                          m->text, m->fg[0], m->fg[1], m->fg[2], m->bg[0], m->bg[1], m->bg[2]);
          g_ptr_array_add (measures[s], m);
        }
      board_average (&img, GTK_WIDGET (window), GTK_WIDGET (kiela_window_get_board (window)), wood[s]);
      g_test_message ("%s: board average %.2f %.2f %.2f", names[s], wood[s][0], wood[s][1], wood[s][2]);
      g_free (img.pixels);
    }

  for (int s = 0; s < 2; s++)
    for (guint i = 0; i < measures[s]->len; i++)
      {
        Measure *m = g_ptr_array_index (measures[s], i);

        if (m->contrast < 4.5)
          g_error ("%s style: “%s” has a contrast of %.2f:1 against its background (at least 4.5:1 wanted)",
                   names[s], m->text, m->contrast);
      }
  /* Text and its background follow the style: light text on dark in the dark style. */
  {
    guint light_on_dark = 0, dark_on_light = 0;

    for (guint i = 0; i < measures[0]->len; i++)
      {
        Measure *m = g_ptr_array_index (measures[0], i);
        dark_on_light += luminance (m->fg) < luminance (m->bg);
      }
    for (guint i = 0; i < measures[1]->len; i++)
      {
        Measure *m = g_ptr_array_index (measures[1], i);
        light_on_dark += luminance (m->fg) > luminance (m->bg);
      }
    g_assert_cmpuint (dark_on_light, ==, measures[0]->len);
    g_assert_cmpuint (light_on_dark, ==, measures[1]->len);
  }
  /* Wood stays wood: warm (red over blue) and about as bright in both styles. */
  for (int s = 0; s < 2; s++)
    {
      g_assert_cmpfloat (wood[s][0], >, wood[s][2] + 0.15);
      g_assert_cmpfloat (wood[s][0], >, wood[s][1]);
    }
  g_assert_cmpfloat (fabs (luminance (wood[0]) - luminance (wood[1])), <, 0.1);

  for (int s = 0; s < 2; s++)
    {
      for (guint i = 0; i < measures[s]->len; i++)
        {
          Measure *m = g_ptr_array_index (measures[s], i);
          g_free (m->text);
          g_free (m);
        }
      g_ptr_array_unref (measures[s]);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  app_test_window_free (window);
  spin (50);
  kiela_registry_free (registry);
}

int
main (int argc, char **argv)
{
  /* The MIME database is installed into the private XDG data home. */
  G_GNUC_UNUSED g_autofree char *tmp = app_test_init (&argc, &argv, "test-desktop");

  g_test_add_func ("/desktop/mime-type", test_mime_type);
  g_test_add_func ("/desktop/icons", test_icons_in_theme);
  g_test_add_func ("/desktop/dark-style", test_dark_style);
  return g_test_run ();
}
