/* kiela-text-pane.c: a History or Rules pane; its text, diagram labels and links follow the pane's own language. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "kiela-board-view.h"
#include "kiela-mo.h"
#include "kiela-paths.h"
#include "kiela-position.h"
#include "kiela-text-pane.h"
#include "kiela-widget-util.h"

struct _KielaTextPane {
  GtkWidget parent_instance;

  GtkWidget *toolbar;
  GtkDropDown *language_dropdown;
  GtkToggleButton *large_button;
  GtkBox *content;

  KielaTextKind kind;
  KielaRegistry *registry;
  char *language;
  GStrv languages;        /* codes, in the drop-down's order */
  KielaMo *mo;            /* NULL for English */
  GPtrArray *texts;       /* PaneText: every label whose text follows the pane's language */
  GPtrArray *lesson_buttons;
  gboolean built;         /* the text and diagrams are made when the pane is first shown */
};

/* A label of the pane: its English text, or a format and an argument, both translated. */
typedef struct {
  GtkLabel *label;
  const char *msgid;
  const char *arg;
} PaneText;

enum { PROP_0, PROP_KIND, PROP_REGISTRY, PROP_LANGUAGE, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (KielaTextPane, kiela_text_pane, GTK_TYPE_WIDGET)

/* Each language named in itself: a teacher looks for their own language's name. */
static const struct { const char *code; const char *name; } endonyms[] = {
  { "en", "English" },
  { "fr", "Français" },
  { "pt", "Português" },
  { "pt_BR", "Português (Brasil)" },
  { "ru", "Русский" },
  { "tr", "Türkçe" },
  { "vi", "Tiếng Việt" },
};

static const char *
language_name (const char *code)
{
  for (guint i = 0; i < G_N_ELEMENTS (endonyms); i++)
    if (g_str_equal (endonyms[i].code, code))
      return endonyms[i].name;
  return code;
}

/* Catalogues are loaded once per process and shared by both panes; KielaMo is immutable. */
G_LOCK_DEFINE_STATIC (catalogues);
static GHashTable *catalogues;

static KielaMo *
catalogue_get (const char *lang)
{
  KielaMo *mo;

  if (g_str_equal (lang, "en"))
    return NULL;
  G_LOCK (catalogues);
  if (catalogues == NULL)
    catalogues = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) kiela_mo_unref);
  mo = g_hash_table_lookup (catalogues, lang);
  if (mo == NULL)
    {
      g_autoptr(GError) error = NULL;

      mo = kiela_mo_load (kiela_locale_dir (), lang, GETTEXT_PACKAGE, &error);
      if (mo == NULL)
        g_warning ("The %s texts are shown in English: %s", lang, error->message);
      else
        g_hash_table_insert (catalogues, g_strdup (lang), mo);
    }
  if (mo != NULL)
    kiela_mo_ref (mo);
  G_UNLOCK (catalogues);
  return mo;
}

static int
compare_codes (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

GStrv
kiela_text_pane_list_languages (void)
{
  g_autoptr(GPtrArray) codes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (kiela_locale_dir (), 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *mo = g_strconcat (GETTEXT_PACKAGE, ".mo", NULL);
      g_autofree char *path = g_build_filename (kiela_locale_dir (), name, "LC_MESSAGES", mo, NULL);

      if (!g_str_equal (name, "en") && g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (codes, g_strdup (name));
    }
  g_ptr_array_sort (codes, compare_codes);
  g_ptr_array_insert (codes, 0, g_strdup ("en"));
  g_ptr_array_add (codes, NULL);
  return (GStrv) g_ptr_array_steal (codes, NULL);
}

char *
kiela_text_pane_default_language (void)
{
  const char * const *names = g_get_language_names ();
  g_auto(GStrv) available = kiela_text_pane_list_languages ();

  /* g_get_language_names() follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG, most specific first. */
  for (guint i = 0; names[i]; i++)
    {
      if (g_str_equal (names[i], "C") || g_str_equal (names[i], "POSIX"))
        break;
      if (g_strv_contains ((const char * const *) available, names[i]))
        return g_strdup (names[i]);
    }
  return g_strdup ("en");
}

static const char *
pane_gettext (KielaTextPane *self, const char *msgid)
{
  return kiela_mo_gettext (self->mo, msgid);
}

/* Book titles stay in their published language in every translation; they are set in italics. */
static const char *const book_titles[] = { "Kiela: Um jogo de origem africana" };

static void
pane_text_apply (KielaTextPane *self, PaneText *t)
{
  g_autofree char *text = NULL;
  PangoAttrList *attrs = NULL;

  if (t->arg != NULL)
    text = g_strdup_printf (pane_gettext (self, t->msgid), pane_gettext (self, t->arg));
  else
    text = g_strdup (pane_gettext (self, t->msgid));
  for (guint i = 0; i < G_N_ELEMENTS (book_titles); i++)
    {
      const char *at = strstr (text, book_titles[i]);
      PangoAttribute *italic;

      if (at == NULL)
        continue;
      italic = pango_attr_style_new (PANGO_STYLE_ITALIC);
      italic->start_index = at - text;
      italic->end_index = italic->start_index + strlen (book_titles[i]);
      if (attrs == NULL)
        attrs = pango_attr_list_new ();
      pango_attr_list_insert (attrs, italic);
    }
  gtk_label_set_text (t->label, text);
  gtk_label_set_attributes (t->label, attrs);
  g_clear_pointer (&attrs, pango_attr_list_unref);
}

static GtkWidget *
add_text (KielaTextPane *self, const char *msgid, const char *arg, const char *css_class)
{
  PaneText *t = g_new0 (PaneText, 1);

  t->label = GTK_LABEL (gtk_label_new (NULL));
  t->msgid = msgid;
  t->arg = arg;
  gtk_label_set_wrap (t->label, TRUE);
  gtk_label_set_wrap_mode (t->label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (t->label, 0.0);
  if (css_class != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (t->label), css_class);
  g_ptr_array_add (self->texts, t);
  pane_text_apply (self, t);
  return GTK_WIDGET (t->label);
}

static void
apply_marks (KielaBoardView *board, const char *marks)
{
  static const struct { const char *name; KielaHighlight kind; } kinds[] = {
    { "lift", KIELA_HIGHLIGHT_LIFT }, { "drop", KIELA_HIGHLIGHT_DROP },
    { "relay", KIELA_HIGHLIGHT_RELAY }, { "captor", KIELA_HIGHLIGHT_CAPTOR },
    { "captured", KIELA_HIGHLIGHT_CAPTURED }, { "enter", KIELA_HIGHLIGHT_ENTER },
    { "end", KIELA_HIGHLIGHT_END },
  };
  g_auto(GStrv) items = g_strsplit (marks, " ", -1);

  for (guint i = 0; items[i]; i++)
    {
      g_auto(GStrv) pair = g_strsplit (items[i], ":", 2);
      KielaSquare square;

      /* The texts are ours and tests/app/test-panes.c checks every mark: a bad one is a bug. */
      if (g_strv_length (pair) != 2 || !kiela_square_parse (10, pair[0], &square, NULL))
        g_error ("kiela-texts.c: bad diagram mark “%s”", items[i]);
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        if (g_str_equal (kinds[k].name, pair[1]))
          kiela_board_view_set_highlight (board, square.side, square.house, kinds[k].kind);
    }
}

static GtkWidget *
make_diagram (KielaTextPane *self, const KielaTextSection *section)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *board = kiela_board_view_new ();
  GtkWidget *label;
  const KielaVariant *variant = self->registry ? kiela_registry_lookup_variant (self->registry, "kiela") : NULL;
  KielaPosition pos;
  g_autoptr(GError) error = NULL;

  if (!kiela_position_parse (section->diagram, 10, &pos, &error))
    g_error ("kiela-texts.c: a diagram does not parse: %s", error->message);
  gtk_widget_add_css_class (box, "kiela-diagram");
  if (variant != NULL)
    kiela_board_view_set_variant (KIELA_BOARD_VIEW (board), variant);
  kiela_board_view_set_position (KIELA_BOARD_VIEW (board), &pos);
  kiela_board_view_set_interactive (KIELA_BOARD_VIEW (board), FALSE);
  if (section->marks != NULL)
    apply_marks (KIELA_BOARD_VIEW (board), section->marks);
  /* A picture, not a game: its 40 houses stay out of the keyboard's way through the text. */
  gtk_widget_set_can_focus (board, FALSE);
  gtk_widget_set_can_target (board, FALSE);
  /* Screen readers read the caption; the picture's 40 houses would only repeat the game's. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_widget_set_size_request (board, -1, 240);

  label = add_text (self, N_("North"), NULL, "kiela-diagram-side");
  gtk_label_set_xalign (GTK_LABEL (label), 0.5);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), board);
  label = add_text (self, N_("South"), NULL, "kiela-diagram-side");
  gtk_label_set_xalign (GTK_LABEL (label), 0.5);
  gtk_box_append (GTK_BOX (box), label);
  if (section->caption != NULL)
    {
      label = add_text (self, section->caption, NULL, "kiela-diagram-caption");
      gtk_label_set_xalign (GTK_LABEL (label), 0.5);
      gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
      gtk_box_append (GTK_BOX (box), label);
    }
  return box;
}

static GtkWidget *
make_lesson_link (KielaTextPane *self, const char *lesson_id)
{
  const KielaLesson *lesson = self->registry ? kiela_registry_lookup_lesson (self->registry, lesson_id) : NULL;
  GtkWidget *button, *label;

  if (lesson == NULL)
    return NULL;
  /* Translators: a link under a section of the Rules pane; %s is a lesson's title. */
  label = add_text (self, N_("Try it: %s"), lesson->title, NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0.5);
  button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (button), label);
  /* GTK 4.8 does not name a button after a child label. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "pill");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.open-lesson");
  /* "id@lang": the lesson opens in the language the pane is shown in (see set_link_targets). */
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", lesson_id);
  g_object_set_data_full (G_OBJECT (button), "kiela-lesson-id", g_strdup (lesson_id), g_free);
  if (self->language != NULL)
    {
      g_autofree char *target = g_strdup_printf ("%s@%s", lesson_id, self->language);

      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
    }
  /* Shown once the window turns out to have a lesson view (see on_map). */
  gtk_widget_set_visible (button, FALSE);
  g_ptr_array_add (self->lesson_buttons, button);
  return button;
}

/* The pane's text, diagrams and links.  Made when the pane is first shown, not with the window:
 * the labels and the diagrams' boards were a fifth of the time to the first frame (made, then
 * measured by the window's stack although hidden). */
static void
build_content (KielaTextPane *self)
{
  guint n;
  const KielaTextSection *sections = kiela_texts_get (self->kind, &n);
  GtkWidget *w;

  if (self->built)
    return;
  self->built = TRUE;

  w = add_text (self, kiela_texts_get_title (self->kind), NULL, "title-1");
  gtk_accessible_update_property (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_PROPERTY_LEVEL, 1, -1);
  gtk_box_append (self->content, w);
  gtk_box_append (self->content, add_text (self, kiela_texts_get_lead (self->kind), NULL, "kiela-text-lead"));
  for (guint i = 0; i < n; i++)
    {
      const KielaTextSection *s = &sections[i];

      w = add_text (self, s->heading, NULL, "title-3");
      gtk_widget_set_margin_top (w, 18);
      gtk_box_append (self->content, w);
      for (guint p = 0; p < KIELA_TEXT_MAX_PARAGRAPHS && s->paragraphs[p]; p++)
        gtk_box_append (self->content, add_text (self, s->paragraphs[p], NULL, "kiela-text-body"));
      if (s->diagram != NULL)
        gtk_box_append (self->content, make_diagram (self, s));
      if (s->lesson != NULL && (w = make_lesson_link (self, s->lesson)) != NULL)
        gtk_box_append (self->content, w);
    }
}

/* The lesson view belongs to another part of the window: link to it only when it is there. */
static gboolean
window_has_action (GtkWidget *root, const char *prefixed, const char *name)
{
  GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (root);
  const char *found, *property;
  const GVariantType *param;
  GType owner;

  if (G_IS_ACTION_GROUP (root) && g_action_group_has_action (G_ACTION_GROUP (root), name))
    return TRUE;
  /* A class's list includes the actions its parents installed; GTK 4.8 needs every out pointer. */
  for (guint i = 0; gtk_widget_class_query_action (klass, i, &owner, &found, &param, &property); i++)
    if (g_str_equal (found, prefixed))
      return TRUE;
  return FALSE;
}

static void
on_map (GtkWidget *widget, gpointer data)
{
  KielaTextPane *self = KIELA_TEXT_PANE (widget);
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (widget));
  gboolean links = root != NULL && window_has_action (root, "win.open-lesson", "open-lesson");

  build_content (self);
  for (guint i = 0; i < self->lesson_buttons->len; i++)
    gtk_widget_set_visible (g_ptr_array_index (self->lesson_buttons, i), links);
}

void
kiela_text_pane_set_language (KielaTextPane *self, const char *lang)
{
  guint index = 0;

  g_return_if_fail (KIELA_IS_TEXT_PANE (self));
  g_return_if_fail (lang != NULL);

  if (!g_strv_contains ((const char * const *) self->languages, lang))
    lang = "en";
  if (g_strcmp0 (self->language, lang) == 0)
    return;
  g_free (self->language);
  self->language = g_strdup (lang);
  g_clear_pointer (&self->mo, kiela_mo_unref);
  self->mo = catalogue_get (lang);
  for (guint i = 0; i < self->texts->len; i++)
    pane_text_apply (self, g_ptr_array_index (self->texts, i));
  for (guint i = 0; i < self->lesson_buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->lesson_buttons, i);
      g_autofree char *target = g_strdup_printf ("%s@%s", (const char *) g_object_get_data (G_OBJECT (button), "kiela-lesson-id"), lang);

      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
    }
  while (self->languages[index] && !g_str_equal (self->languages[index], lang))
    index++;
  if (gtk_drop_down_get_selected (self->language_dropdown) != index)
    gtk_drop_down_set_selected (self->language_dropdown, index);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LANGUAGE]);
}

const char *
kiela_text_pane_get_language (KielaTextPane *self)
{
  g_return_val_if_fail (KIELA_IS_TEXT_PANE (self), NULL);
  return self->language;
}

KielaTextKind
kiela_text_pane_get_kind (KielaTextPane *self)
{
  g_return_val_if_fail (KIELA_IS_TEXT_PANE (self), KIELA_TEXT_HISTORY);
  return self->kind;
}

void
kiela_text_pane_set_large (KielaTextPane *self, gboolean large)
{
  g_return_if_fail (KIELA_IS_TEXT_PANE (self));
  gtk_toggle_button_set_active (self->large_button, large);
}

static void
on_large_toggled (GtkToggleButton *button, KielaTextPane *self)
{
  if (gtk_toggle_button_get_active (button))
    gtk_widget_add_css_class (GTK_WIDGET (self->content), "kiela-text-large");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->content), "kiela-text-large");
}

static void
on_language_selected (GtkDropDown *dropdown, GParamSpec *pspec, KielaTextPane *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);

  if (i < g_strv_length (self->languages))
    kiela_text_pane_set_language (self, self->languages[i]);
}

static void
kiela_text_pane_constructed (GObject *object)
{
  KielaTextPane *self = KIELA_TEXT_PANE (object);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *lang = kiela_text_pane_default_language ();

  G_OBJECT_CLASS (kiela_text_pane_parent_class)->constructed (object);

  self->languages = kiela_text_pane_list_languages ();
  for (guint i = 0; self->languages[i]; i++)
    gtk_string_list_append (names, language_name (self->languages[i]));
  gtk_drop_down_set_model (self->language_dropdown, G_LIST_MODEL (names));
  /* English first, so the selection and the labels agree before the first switch. */
  self->language = g_strdup ("en");
  gtk_drop_down_set_selected (self->language_dropdown, 0);
  g_signal_connect (self->language_dropdown, "notify::selected", G_CALLBACK (on_language_selected), self);
  kiela_text_pane_set_language (self, lang);
}

static void
kiela_text_pane_dispose (GObject *object)
{
  /* The separator is not bound to the template: unparented with the rest. */
  kiela_widget_dispose_template_all (GTK_WIDGET (object), KIELA_TYPE_TEXT_PANE);
  G_OBJECT_CLASS (kiela_text_pane_parent_class)->dispose (object);
}

static void
kiela_text_pane_finalize (GObject *object)
{
  KielaTextPane *self = KIELA_TEXT_PANE (object);

  g_clear_pointer (&self->texts, g_ptr_array_unref);
  g_clear_pointer (&self->lesson_buttons, g_ptr_array_unref);
  g_clear_pointer (&self->mo, kiela_mo_unref);
  g_clear_pointer (&self->languages, g_strfreev);
  g_free (self->language);
  G_OBJECT_CLASS (kiela_text_pane_parent_class)->finalize (object);
}

static void
kiela_text_pane_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KielaTextPane *self = KIELA_TEXT_PANE (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    case PROP_REGISTRY:
      g_value_set_pointer (value, self->registry);
      break;
    case PROP_LANGUAGE:
      g_value_set_string (value, self->language);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_text_pane_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KielaTextPane *self = KIELA_TEXT_PANE (object);

  switch (prop_id)
    {
    case PROP_KIND:
      self->kind = g_value_get_int (value);
      break;
    case PROP_REGISTRY:
      self->registry = g_value_get_pointer (value);
      break;
    case PROP_LANGUAGE:
      kiela_text_pane_set_language (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_text_pane_class_init (KielaTextPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = kiela_text_pane_constructed;
  object_class->dispose = kiela_text_pane_dispose;
  object_class->finalize = kiela_text_pane_finalize;
  object_class->get_property = kiela_text_pane_get_property;
  object_class->set_property = kiela_text_pane_set_property;

  properties[PROP_KIND] = g_param_spec_int ("kind", NULL, NULL, KIELA_TEXT_HISTORY, KIELA_TEXT_RULES,
                                            KIELA_TEXT_HISTORY,
                                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* Borrowed: the application's registry outlives its windows. */
  properties[PROP_REGISTRY] = g_param_spec_pointer ("registry", NULL, NULL,
                                                    G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                                    G_PARAM_STATIC_STRINGS);
  /* Not a construct property: constructed() picks the interface language first. */
  properties[PROP_LANGUAGE] = g_param_spec_string ("language", NULL, NULL, NULL,
                                                   G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                                   G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-text-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, KielaTextPane, toolbar);
  gtk_widget_class_bind_template_child (widget_class, KielaTextPane, language_dropdown);
  gtk_widget_class_bind_template_child (widget_class, KielaTextPane, large_button);
  gtk_widget_class_bind_template_child (widget_class, KielaTextPane, content);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "kielatextpane");
}

static void
kiela_text_pane_init (KielaTextPane *self)
{
  g_type_ensure (ADW_TYPE_CLAMP);
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  self->texts = g_ptr_array_new_with_free_func (g_free);
  self->lesson_buttons = g_ptr_array_new ();
  g_signal_connect (self->large_button, "toggled", G_CALLBACK (on_large_toggled), self);
  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);
}

GtkWidget *
kiela_text_pane_new (KielaTextKind kind, KielaRegistry *registry)
{
  return g_object_new (KIELA_TYPE_TEXT_PANE, "kind", kind, "registry", registry, NULL);
}
