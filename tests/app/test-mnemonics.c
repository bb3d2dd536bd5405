/* test-mnemonics.c: no two access keys shown together share a letter, in English or any language of po/LINGUAS: the .ui files' widgets, pages and menus, and the dialogs built in code. */
#include "config.h"

#include <string.h>
#include <glib.h>

#include "kiela-mo.h"
#include "kiela-paths.h"

/* Where labels are shown together.  A label clashes with the labels of its own scope and of the
 * scopes above it (a page shows with the window around it), not with those of a sibling page;
 * a menu or submenu is a scope of its own, shown alone. */
typedef struct _Scope Scope;
struct _Scope {
  char *name;
  Scope *parent;
};

typedef struct {
  char *msgid;
  char *context;
  Scope *scope;
  char *where;                  /* file:line, for the failure message */
  char *group;                  /* for C code: the function; labels of one function show together */
  char *alternative;            /* the other arm of "cond ? _("_A") : _("_B")": never shown with it */
} Label;

typedef struct {
  GPtrArray *scopes;            /* every scope, owned */
  GPtrArray *labels;            /* Label, owned */
  GHashTable *templates;        /* template class → its root scope */
  GHashTable *includes;         /* template class → the scope it is used in (an <object> of that class) */
  Scope *game_page;             /* the window's game page: its step bar and game buttons show only with it */
} Catalogue;

static Scope *
scope_new (Catalogue *c, Scope *parent, const char *name)
{
  Scope *s = g_new0 (Scope, 1);

  s->parent = parent;
  s->name = parent ? g_strdup_printf ("%s › %s", parent->name, name) : g_strdup (name);
  g_ptr_array_add (c->scopes, s);
  return s;
}

static void
scope_free (gpointer data)
{
  Scope *s = data;

  g_free (s->name);
  g_free (s);
}

static void
label_free (gpointer data)
{
  Label *l = data;

  g_free (l->msgid);
  g_free (l->context);
  g_free (l->where);
  g_free (l->group);
  g_free (l->alternative);
  g_free (l);
}

static gboolean
is_ancestor_or_self (Scope *a, Scope *b)
{
  for (; b; b = b->parent)
    if (a == b)
      return TRUE;
  return FALSE;
}

/* ---------- .ui files ---------- */

typedef struct {
  char *klass;
  Scope *scope;                 /* the scope this object's own labels belong to */
  gboolean use_underline;
  GPtrArray *candidates;        /* Label: its "label"/"title" until the object's end tells whether it has use-underline */
} Frame;

typedef struct {
  Catalogue *cat;
  const char *file;
  const char *template;         /* the class of the file's template */
  GPtrArray *frames;            /* Frame */
  GPtrArray *menu_scopes;       /* the scope of each open <menu>/<submenu>/<section> (sections share their menu's) */
  gboolean in_menu_item;
  /* The text element being read: a translatable property or attribute. */
  GString *text;
  char *text_name;
  char *text_context;
  gboolean text_translatable;
  gboolean text_is_menu_label;
  gboolean text_is_use_underline;
} UiParser;

static void
frame_free (gpointer data)
{
  Frame *f = data;

  g_free (f->klass);
  g_ptr_array_unref (f->candidates);
  g_free (f);
}

static Scope *
current_scope (UiParser *p)
{
  if (p->menu_scopes->len > 0)
    return g_ptr_array_index (p->menu_scopes, p->menu_scopes->len - 1);
  if (p->frames->len > 0)
    return ((Frame *) g_ptr_array_index (p->frames, p->frames->len - 1))->scope;
  return NULL;
}

/* Objects that show their children one at a time (pages) or in a surface of their own. */
static gboolean
starts_scope (const char *klass)
{
  static const char *const kinds[] = { "GtkStackPage", "AdwViewStackPage", "AdwPreferencesPage", "AdwLeafletPage",
                                       "GtkPopover", "GtkPopoverMenu", "AdwMessageDialog", "GtkDialog", NULL };

  return g_strv_contains (kinds, klass);
}

static void
ui_start (GMarkupParseContext *ctx, const char *element, const char **names, const char **values, gpointer data,
          GError **error)
{
  UiParser *p = data;
  const char *klass = NULL, *name = NULL, *translatable = NULL, *context = NULL, *id = NULL;

  for (guint i = 0; names[i]; i++)
    {
      if (g_str_equal (names[i], "class"))
        klass = values[i];
      else if (g_str_equal (names[i], "name"))
        name = values[i];
      else if (g_str_equal (names[i], "translatable"))
        translatable = values[i];
      else if (g_str_equal (names[i], "context"))
        context = values[i];
      else if (g_str_equal (names[i], "id"))
        id = values[i];
    }

  if (g_str_equal (element, "template") || g_str_equal (element, "object"))
    {
      Frame *f = g_new0 (Frame, 1);
      Scope *parent = current_scope (p);

      f->klass = g_strdup (klass ? klass : "?");
      f->candidates = g_ptr_array_new_with_free_func (label_free);
      if (g_str_equal (element, "template"))
        {
          f->scope = scope_new (p->cat, NULL, f->klass);
          g_hash_table_insert (p->cat->templates, g_strdup (f->klass), f->scope);
          p->template = g_intern_string (f->klass);
          if (g_str_equal (f->klass, "KielaWindow"))
            p->cat->game_page = scope_new (p->cat, f->scope, "game page");
        }
      /* The window's one stack page is the game; the header's game buttons and the step bar
       * under the stack are shown with it only (kiela-window-pages.c hides them elsewhere). */
      else if (g_strcmp0 (p->template, "KielaWindow") == 0 && parent && !is_ancestor_or_self (p->cat->game_page, parent)
               && (g_str_equal (f->klass, "GtkStackPage")
                   || (id && g_strv_contains ((const char *const[]) { "step_bar", "hint_button", "undo_button",
                                                                       "redo_button", NULL }, id))))
        f->scope = p->cat->game_page;
      else if (parent == NULL)
        f->scope = scope_new (p->cat, NULL, id ? id : f->klass);
      else if (starts_scope (f->klass))
        f->scope = scope_new (p->cat, parent, id ? id : f->klass);
      else
        f->scope = parent;
      /* Another template used here: its labels show with this scope's. */
      if (g_str_has_prefix (f->klass, "Kiela") && !g_str_equal (element, "template"))
        g_hash_table_insert (p->cat->includes, g_strdup (f->klass), f->scope);
      g_ptr_array_add (p->frames, f);
    }
  else if (g_str_equal (element, "menu") || g_str_equal (element, "submenu"))
    g_ptr_array_add (p->menu_scopes, scope_new (p->cat, NULL, id ? id : g_str_equal (element, "menu") ? "menu" : "submenu"));
  else if (g_str_equal (element, "section"))
    g_ptr_array_add (p->menu_scopes, current_scope (p));
  else if (g_str_equal (element, "item"))
    p->in_menu_item = TRUE;
  else if (g_str_equal (element, "property") || g_str_equal (element, "attribute"))
    {
      g_string_truncate (p->text, 0);
      g_free (p->text_name);
      g_free (p->text_context);
      p->text_name = g_strdup (name);
      p->text_context = g_strdup (context);
      p->text_translatable = g_strcmp0 (translatable, "yes") == 0 || g_strcmp0 (translatable, "true") == 0;
      /* A menu's item label, or a submenu's, always takes an access key. */
      p->text_is_menu_label = g_str_equal (element, "attribute") && g_strcmp0 (name, "label") == 0
                              && p->menu_scopes->len > 0;
      p->text_is_use_underline = g_str_equal (element, "property") && g_strcmp0 (name, "use-underline") == 0;
    }
}

static void
ui_text (GMarkupParseContext *ctx, const char *text, gsize len, gpointer data, GError **error)
{
  UiParser *p = data;

  if (p->text_name)
    g_string_append_len (p->text, text, len);
}

static Label *
ui_label (UiParser *p, GMarkupParseContext *ctx, Scope *scope)
{
  Label *l = g_new0 (Label, 1);
  int line = 0;

  g_markup_parse_context_get_position (ctx, &line, NULL);
  l->msgid = g_strdup (p->text->str);
  l->context = g_strdup (p->text_context);
  l->scope = scope;
  l->where = g_strdup_printf ("%s:%d", p->file, line);
  return l;
}

static void
ui_end (GMarkupParseContext *ctx, const char *element, gpointer data, GError **error)
{
  UiParser *p = data;
  Frame *top = p->frames->len ? g_ptr_array_index (p->frames, p->frames->len - 1) : NULL;

  if (g_str_equal (element, "template") || g_str_equal (element, "object"))
    {
      while (top->use_underline && top->candidates->len > 0)
        g_ptr_array_add (p->cat->labels, g_ptr_array_steal_index (top->candidates, 0));
      g_ptr_array_remove_index (p->frames, p->frames->len - 1);
    }
  else if (g_str_equal (element, "menu") || g_str_equal (element, "submenu") || g_str_equal (element, "section"))
    g_ptr_array_remove_index (p->menu_scopes, p->menu_scopes->len - 1);
  else if (g_str_equal (element, "item"))
    p->in_menu_item = FALSE;
  else if ((g_str_equal (element, "property") || g_str_equal (element, "attribute")) && p->text_name)
    {
      if (p->text_is_use_underline && top)
        top->use_underline = g_ascii_strcasecmp (p->text->str, "true") == 0 || g_str_equal (p->text->str, "1")
                             || g_ascii_strcasecmp (p->text->str, "yes") == 0;
      else if (p->text_translatable && p->text_is_menu_label)
        g_ptr_array_add (p->cat->labels, ui_label (p, ctx, current_scope (p)));
      else if (p->text_translatable && top && p->menu_scopes->len == 0
               && (g_str_equal (p->text_name, "label") || g_str_equal (p->text_name, "title")))
        g_ptr_array_add (top->candidates, ui_label (p, ctx, top->scope));
      g_clear_pointer (&p->text_name, g_free);
      g_clear_pointer (&p->text_context, g_free);
    }
}

static void
read_ui (Catalogue *cat, const char *path)
{
  static const GMarkupParser parser = { ui_start, ui_end, ui_text, NULL, NULL };
  g_autofree char *text = NULL;
  gsize len;
  g_autoptr(GError) error = NULL;
  UiParser p = { 0 };
  GMarkupParseContext *ctx;
  g_autofree char *base = g_path_get_basename (path);

  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  p.cat = cat;
  p.file = base;
  p.frames = g_ptr_array_new_with_free_func (frame_free);
  p.menu_scopes = g_ptr_array_new ();
  p.text = g_string_new (NULL);
  ctx = g_markup_parse_context_new (&parser, 0, &p, NULL);
  if (!g_markup_parse_context_parse (ctx, text, len, &error) || !g_markup_parse_context_end_parse (ctx, &error))
    g_error ("%s: %s", path, error->message);
  g_markup_parse_context_free (ctx);
  g_ptr_array_unref (p.frames);
  g_ptr_array_unref (p.menu_scopes);
  g_string_free (p.text, TRUE);
  g_free (p.text_name);
  g_free (p.text_context);
}

/* ---------- dialogs and menus built in C ---------- */

/* The text of the C string literal starting at `s` (after its opening quote), unescaped. */
static char *
c_string (const char *s, const char **end)
{
  GString *out = g_string_new (NULL);

  while (*s && *s != '"')
    {
      if (*s == '\\' && s[1])
        {
          g_autofree char *esc = g_strndup (s, 2);
          g_autofree char *plain = g_strcompress (esc);

          g_string_append (out, plain);
          s += 2;
        }
      else
        g_string_append_c (out, *s++);
    }
  *end = *s ? s + 1 : s;
  return g_string_free (out, FALSE);
}

/* Every _("…") with an access key in the app's C files, grouped by the function it is in: a
 * dialog, a menu or a bar built in one function shows its labels together.  The two arms of
 * "cond ? _("_A") : _("_B")" are alternatives, never shown together. */
static void
read_c (Catalogue *cat, const char *path, Scope *scope)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *function = NULL;
  guint returns = 0;
  g_autoptr(GRegex) ternary = g_regex_new ("\\?\\s*_\\(\"((?:[^\"\\\\]|\\\\.)*)\"\\)\\s*:\\s*_\\(\"((?:[^\"\\\\]|\\\\.)*)\"\\)",
                                           0, 0, NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint n = 0; lines[n]; n++)
    {
      const char *line = lines[n];
      g_autoptr(GMatchInfo) alt = NULL;
      g_autofree char *alt_a = NULL, *alt_b = NULL;

      /* GNU style: a function's name starts its line, its body ends at a "}" in column 0. */
      if (g_ascii_isalpha (line[0]) && strchr (line, '(') && !strchr (line, ';') && !g_str_has_prefix (line, "G_")
          && !g_str_has_prefix (line, "static") && !g_str_has_prefix (line, "typedef"))
        {
          g_free (function);
          function = g_strndup (line, strcspn (line, " ("));
          returns = 0;
        }
      if (function == NULL)
        continue;
      /* A branch that returns shows its own dialog: what follows is another group. */
      if (strstr (line, "return") != NULL)
        returns++;
      if (g_regex_match (ternary, line, 0, &alt))
        {
          g_autofree char *a = g_match_info_fetch (alt, 1), *b = g_match_info_fetch (alt, 2);

          alt_a = g_strcompress (a);
          alt_b = g_strcompress (b);
        }
      for (const char *p = strstr (line, "_(\""); p; p = strstr (p, "_(\""))
        {
          const char *end;
          char *msgid;
          Label *l;

          /* C_( and N_( are other macros; a word character before "_(" is another name. */
          if (p > line && (g_ascii_isalnum (p[-1]) || p[-1] == '_'))
            {
              p += 3;
              continue;
            }
          msgid = c_string (p + 3, &end);
          p = end;
          if (!strchr (msgid, '_'))
            {
              g_free (msgid);
              continue;
            }
          l = g_new0 (Label, 1);
          l->msgid = msgid;
          l->scope = scope;
          l->where = g_strdup_printf ("%s:%u", base, n + 1);
          l->group = g_strdup_printf ("%s:%s#%u", base, function, returns);
          if (alt_a && g_str_equal (msgid, alt_a))
            l->alternative = g_strdup (alt_b);
          else if (alt_b && g_str_equal (msgid, alt_b))
            l->alternative = g_strdup (alt_a);
          g_ptr_array_add (cat->labels, l);
        }
    }
}

/* ---------- the check ---------- */

/* The access key of a label as GTK reads it: the character after the first single "_", folded
 * to lower case; 0 without one. */
static gunichar
access_key (const char *label)
{
  for (const char *p = label; *p; p++)
    if (*p == '_')
      {
        if (p[1] == '_')
          {
            p++;
            continue;
          }
        if (p[1] == '\0')
          return 0;
        return g_unichar_tolower (g_utf8_get_char_validated (p + 1, -1));
      }
  return 0;
}

static gboolean
together (const Label *a, const Label *b)
{
  if (a->group || b->group)
    {
      if (g_strcmp0 (a->group, b->group) != 0)
        return FALSE;
      return g_strcmp0 (a->alternative, b->msgid) != 0 && g_strcmp0 (b->alternative, a->msgid) != 0;
    }
  return is_ancestor_or_self (a->scope, b->scope) || is_ancestor_or_self (b->scope, a->scope);
}

static const char *
translate (KielaMo *mo, const Label *l)
{
  const char *t = mo ? kiela_mo_lookup (mo, l->context, l->msgid, 0) : NULL;

  return t ? t : l->msgid;
}

/* The clashes in one language, one line each. */
static GString *
clashes (Catalogue *cat, KielaMo *mo, const char *lang)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < cat->labels->len; i++)
    for (guint j = i + 1; j < cat->labels->len; j++)
      {
        const Label *a = g_ptr_array_index (cat->labels, i), *b = g_ptr_array_index (cat->labels, j);
        const char *ta = translate (mo, a), *tb = translate (mo, b);
        gunichar ka = access_key (ta), kb = access_key (tb);
        char key[8] = { 0 };

        /* The same message twice (one button in two places) is one label. */
        if (ka == 0 || ka != kb || g_str_equal (a->msgid, b->msgid) || !together (a, b))
          continue;
        g_unichar_to_utf8 (ka, key);
        g_string_append_printf (out, "  %s: “%s” (%s, %s) and “%s” (%s, %s) both use %s in %s\n", lang, ta, a->msgid,
                                a->where, tb, b->msgid, b->where, key, a->group ? a->group : b->scope->name);
      }
  return out;
}

static int
cmp_names (const char *const *a, const char *const *b)
{
  return strcmp (*a, *b);
}

/* The app's templates and C sources, in its feature folders (kiela-cli's own strings are
 * never shown in a window), each list in name order. */
static void
collect_sources (const char *dir_path, GPtrArray *uis, GPtrArray *sources)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) cmp_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *n = g_ptr_array_index (names, i);
      char *path = g_build_filename (dir_path, n, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_str_equal (n, "cli"))
        {
          collect_sources (path, uis, sources);
          g_free (path);
        }
      else if (g_str_has_suffix (n, ".ui"))
        g_ptr_array_add (uis, path);
      else if (g_str_has_suffix (n, ".c"))
        g_ptr_array_add (sources, path);
      else
        g_free (path);
    }
}

static Catalogue *
catalogue_new (void)
{
  Catalogue *cat = g_new0 (Catalogue, 1);
  g_autofree char *app_dir = g_build_filename (KIELA_TEST_SOURCE_ROOT, "app", NULL);
  g_autoptr(GPtrArray) uis = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) sources = g_ptr_array_new_with_free_func (g_free);
  Scope *window, *code;
  GHashTableIter iter;
  gpointer key, value;
  /* Pages the window adds to its stack in code: each shows with the window's header. */
  static const char *const window_pages[] = { "KielaPositionEditor", "KielaLabPage", "KielaLessonView",
                                              "KielaLessonsPage", "KielaWelcomePage", "KielaTextPane",
                                              "KielaAnalysisPanel", NULL };

  cat->scopes = g_ptr_array_new_with_free_func (scope_free);
  cat->labels = g_ptr_array_new_with_free_func (label_free);
  cat->templates = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  cat->includes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  collect_sources (app_dir, uis, sources);
  g_assert_cmpuint (uis->len, >, 0);
  for (guint i = 0; i < uis->len; i++)
    read_ui (cat, g_ptr_array_index (uis, i));
  /* A template used inside another (the setup bar in the window) is a part of the scope it is
   * used in; a page added in code is a page of the window. */
  window = g_hash_table_lookup (cat->templates, "KielaWindow");
  g_assert_nonnull (window);
  g_hash_table_iter_init (&iter, cat->templates);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Scope *root = value, *host = g_hash_table_lookup (cat->includes, key);

      if (host != NULL && host != root)
        root->parent = host;
      else if (g_strv_contains (window_pages, key))
        root->parent = window;
    }

  code = scope_new (cat, NULL, "code");
  g_assert_cmpuint (sources->len, >, 0);
  for (guint i = 0; i < sources->len; i++)
    read_c (cat, g_ptr_array_index (sources, i), code);
  return cat;
}

static void
catalogue_free (Catalogue *cat)
{
  g_ptr_array_unref (cat->labels);
  g_ptr_array_unref (cat->scopes);
  g_hash_table_unref (cat->templates);
  g_hash_table_unref (cat->includes);
  g_free (cat);
}

static Catalogue *catalogue;

/* For a person fixing clashes: KIELA_MNEMONICS_PAIRS=FILE writes every pair of messages shown
 * together, "context\tmsgid\tcontext\tmsgid" a line (an empty context is none). */
static void
dump_pairs (const char *path)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < catalogue->labels->len; i++)
    for (guint j = 0; j < catalogue->labels->len; j++)
      {
        const Label *a = g_ptr_array_index (catalogue->labels, i), *b = g_ptr_array_index (catalogue->labels, j);

        if (i != j && !g_str_equal (a->msgid, b->msgid) && together (a, b) && access_key (a->msgid) && access_key (b->msgid))
          g_string_append_printf (out, "%s\t%s\t%s\t%s\n", a->context ? a->context : "", a->msgid,
                                  b->context ? b->context : "", b->msgid);
      }
  g_assert_true (g_file_set_contents (path, out->str, out->len, NULL));
}

/* The reader itself: it finds the labels a clash needs, and tells a clash from none. */
static void
test_reader (void)
{
  guint ui = 0, code = 0;
  gboolean menu = FALSE, editor = FALSE;

  for (guint i = 0; i < catalogue->labels->len; i++)
    {
      const Label *l = g_ptr_array_index (catalogue->labels, i);

      /* Rows and menu items may have no access key; they take part in no clash. */
      if (access_key (l->msgid) == 0)
        continue;
      if (l->group)
        code++;
      else
        ui++;
      menu |= g_str_equal (l->msgid, "_New Game…") && g_str_has_prefix (l->scope->name, "primary_menu");
      editor |= g_str_equal (l->msgid, "_Play") && strstr (l->scope->name, "KielaPositionEditor") != NULL;
    }
  g_test_message ("%u labels with access keys in .ui files, %u in C", ui, code);
  g_assert_cmpuint (ui, >, 20);
  g_assert_cmpuint (code, >, 10);
  g_assert_true (menu);
  g_assert_true (editor);
  g_assert_cmpuint (access_key ("_Chơi"), ==, 'c');
  g_assert_cmpuint (access_key ("Chi _tiết"), ==, 't');
  g_assert_cmpuint (access_key ("A__b _Ưu"), ==, g_unichar_tolower (g_utf8_get_char ("Ư")));
  g_assert_cmpuint (access_key ("No key"), ==, 0);
}

static void
test_language (gconstpointer data)
{
  const char *lang = data;
  g_autoptr(KielaMo) mo = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) found = NULL;

  if (!g_str_equal (lang, "en"))
    {
      mo = kiela_mo_load (kiela_locale_dir (), lang, GETTEXT_PACKAGE, &error);
      g_assert_no_error (error);
    }
  found = clashes (catalogue, mo, lang);
  if (found->len > 0)
    g_error ("access keys shown together share a letter:\n%s", found->str);
}

int
main (int argc, char **argv)
{
  g_autofree char *linguas_path = g_build_filename (KIELA_TEST_SOURCE_ROOT, "po", "LINGUAS", NULL);
  g_autofree char *linguas = NULL;
  g_auto(GStrv) langs = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  catalogue = catalogue_new ();
  if (g_getenv ("KIELA_MNEMONICS_PAIRS"))
    dump_pairs (g_getenv ("KIELA_MNEMONICS_PAIRS"));
  g_test_add_func ("/i18n/mnemonics/reader", test_reader);
  g_test_add_data_func ("/i18n/mnemonics/en", "en", test_language);
  g_assert_true (g_file_get_contents (linguas_path, &linguas, NULL, NULL));
  langs = g_strsplit_set (linguas, " \n", -1);
  for (guint i = 0; langs[i]; i++)
    if (langs[i][0] && langs[i][0] != '#')
      {
        g_autofree char *path = g_strdup_printf ("/i18n/mnemonics/%s", langs[i]);

        g_test_add_data_func (path, langs[i], test_language);
      }
  status = g_test_run ();
  catalogue_free (catalogue);
  return status;
}
