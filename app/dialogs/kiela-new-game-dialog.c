/* kiela-new-game-dialog.c: lists the registry's games (variants grouped by family into levels)
 * and its AI personalities with their portraits. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-new-game-dialog.h"
#include "kiela-portrait.h"
#include "kiela-variant-install.h"

#define PORTRAIT_SIZE 112  /* rendered at twice the shown size for HiDPI and projectors */

typedef struct {
  char *key;
  GPtrArray *variants;   /* const KielaVariant*, registration order */
} Family;

struct _KielaNewGameDialog {
  AdwWindow parent_instance;

  GtkButton *cancel_button;
  GtkButton *start_button;
  AdwPreferencesGroup *rules_group;
  AdwComboRow *game_row;
  AdwComboRow *level_row;
  GtkLabel *description_label;
  GtkLabel *source_label;
  AdwComboRow *south_row;
  AdwComboRow *north_row;
  GtkImage *south_portrait;
  GtkImage *north_portrait;
  GtkLabel *players_note;

  KielaRegistry *registry;
  GPtrArray *families;         /* Family* */
  GPtrArray *personalities;    /* const KielaPersonality*, usable ones only */
  gboolean filling;
};

G_DEFINE_FINAL_TYPE (KielaNewGameDialog, kiela_new_game_dialog, ADW_TYPE_WINDOW)

enum { SIGNAL_START, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
family_free (gpointer data)
{
  Family *f = data;

  g_free (f->key);
  g_ptr_array_unref (f->variants);
  g_free (f);
}

static Family *
current_family (KielaNewGameDialog *self)
{
  guint i = adw_combo_row_get_selected (self->game_row);

  return i < self->families->len ? g_ptr_array_index (self->families, i) : NULL;
}

const KielaVariant *
kiela_new_game_dialog_get_variant (KielaNewGameDialog *self)
{
  Family *f = current_family (self);
  guint i;

  if (f == NULL)
    return NULL;
  i = adw_combo_row_get_selected (self->level_row);
  return g_ptr_array_index (f->variants, i < f->variants->len ? i : 0);
}

const KielaPersonality *
kiela_new_game_dialog_get_player (KielaNewGameDialog *self, KielaSide side)
{
  guint i = adw_combo_row_get_selected (side == KIELA_SOUTH ? self->south_row : self->north_row);

  /* Row 0 is "Human". */
  if (i == 0 || i == GTK_INVALID_LIST_POSITION || i - 1 >= self->personalities->len)
    return NULL;
  return g_ptr_array_index (self->personalities, i - 1);
}

/* Levels from the easiest: no setup phase before one, smaller hands allowed before larger. */
static int
compare_difficulty (gconstpointer a, gconstpointer b)
{
  const KielaVariant *va = *(const KielaVariant * const *) a;
  const KielaVariant *vb = *(const KielaVariant * const *) b;

  if (va->setup_phase != vb->setup_phase)
    return va->setup_phase ? 1 : -1;
  return (int) va->min_sow - (int) vb->min_sow;
}

static char *
family_display_name (Family *f)
{
  const KielaVariant *v = g_ptr_array_index (f->variants, 0);
  char *name;

  if (f->variants->len == 1)
    return kiela_variant_dup_display_name (v);
  /* A family is named after its game ("kiela" → "Kiela"); levels tell the variants apart. */
  name = g_strdup (f->key);
  name[0] = g_ascii_toupper (name[0]);
  for (char *p = name; *p; p++)
    if (*p == '-')
      *p = ' ';
  return name;
}

static void
update_description (KielaNewGameDialog *self)
{
  const KielaVariant *v = kiela_new_game_dialog_get_variant (self);
  g_autofree char *source = NULL;

  if (v == NULL)
    return;
  gtk_label_set_text (self->description_label, kiela_variant_get_description (v));
  if (v->source)
    /* TRANSLATORS: where the rules come from, e.g. "Rules: Bernardo Campos, 1998" */
    source = g_strdup_printf (_("Rules: %s"), v->source);
  gtk_label_set_text (self->source_label, source ? source : "");
  gtk_widget_set_visible (GTK_WIDGET (self->source_label), source != NULL);
}

static void
fill_levels (KielaNewGameDialog *self)
{
  Family *f = current_family (self);
  g_autoptr(GtkStringList) levels = gtk_string_list_new (NULL);
  guint selected = 0;

  if (f == NULL)
    return;
  for (guint i = 0; i < f->variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (f->variants, i);
      const char *level = kiela_variant_get_level (v);

      /* The user's own variants by their name: a copy of Kiela's Advanced level made in the
       * lab is not a second "Advanced". */
      if (kiela_variant_is_users (v) || level == NULL)
        {
          /* TRANSLATORS: a level row of New Game for a variant the user made: "Kiela (my rules) — yours" */
          g_autofree char *own = kiela_variant_is_users (v) ? g_strdup_printf (_("%s — yours"), kiela_variant_get_name (v))
                                                             : kiela_variant_dup_display_name (v);

          gtk_string_list_append (levels, own);
        }
      else
        gtk_string_list_append (levels, level);
      if (v->default_variant)
        selected = i;
    }
  self->filling = TRUE;
  adw_combo_row_set_model (self->level_row, G_LIST_MODEL (levels));
  adw_combo_row_set_selected (self->level_row, selected);
  self->filling = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->level_row), f->variants->len > 1);
  update_description (self);
}

static void
on_game_selected (KielaNewGameDialog *self)
{
  if (!self->filling)
    fill_levels (self);
}

static void
on_level_selected (KielaNewGameDialog *self)
{
  if (!self->filling)
    update_description (self);
}

/* Under the players: what each computer player is like ("Zola: Novice · plays fast"). */
static void
update_players_note (KielaNewGameDialog *self)
{
  GString *note = g_string_new (NULL);

  for (int side = 0; side < 2; side++)
    {
      const KielaPersonality *p = kiela_new_game_dialog_get_player (self, side);

      if (p == NULL)
        continue;
      if (note->len > 0)
        g_string_append_c (note, '\n');
      /* TRANSLATORS: an AI opponent's name, level name, then its character */
      g_string_append_printf (note, _("%1$s: %2$s · %3$s"), p->name, kiela_personality_get_level_name (p),
                              kiela_personality_get_character (p));
    }
  if (note->len == 0)
    g_string_append (note, _("Both players are people at this computer."));
  gtk_label_set_text (self->players_note, note->str);
  g_string_free (note, TRUE);
}

/* Enter on a focused row opens it, as Space does, instead of starting the game with what the
 * row shows (the dialog's default button would take an Enter no row uses). */
static gboolean
on_row_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                    GdkModifierType state, gpointer data)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter)
    return FALSE;
  if ((state & gtk_accelerator_get_default_mod_mask ()) != 0 || !gtk_widget_has_focus (row))
    return FALSE;
  g_signal_emit_by_name (row, "activate");
  return TRUE;
}

static void
update_player (KielaNewGameDialog *self, KielaSide side)
{
  GtkImage *image = side == KIELA_SOUTH ? self->south_portrait : self->north_portrait;
  const KielaPersonality *p = kiela_new_game_dialog_get_player (self, side);
  g_autoptr(GdkTexture) texture = NULL;

  update_players_note (self);
  if (p == NULL)
    {
      gtk_image_set_from_icon_name (image, "avatar-default-symbolic");
      return;
    }

  if (p->portrait_svg)
    {
      g_autoptr(GError) error = NULL;
      texture = kiela_portrait_render (p->portrait_svg, PORTRAIT_SIZE, &error);
      if (texture == NULL)
        g_warning ("Portrait of %s: %s", p->id, error->message);
    }
  if (texture)
    gtk_image_set_from_paintable (image, GDK_PAINTABLE (texture));
  else
    gtk_image_set_from_icon_name (image, "avatar-default-symbolic");
}

static void
on_south_selected (KielaNewGameDialog *self)
{
  update_player (self, KIELA_SOUTH);
}

static void
on_north_selected (KielaNewGameDialog *self)
{
  update_player (self, KIELA_NORTH);
}

static void
on_start_clicked (KielaNewGameDialog *self)
{
  if (kiela_new_game_dialog_get_variant (self) == NULL)
    return;
  g_signal_emit (self, signals[SIGNAL_START], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
on_cancel_clicked (KielaNewGameDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
kiela_new_game_dialog_finalize (GObject *object)
{
  KielaNewGameDialog *self = KIELA_NEW_GAME_DIALOG (object);

  g_clear_pointer (&self->families, g_ptr_array_unref);
  g_clear_pointer (&self->personalities, g_ptr_array_unref);
  G_OBJECT_CLASS (kiela_new_game_dialog_parent_class)->finalize (object);
}

static void
kiela_new_game_dialog_class_init (KielaNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = kiela_new_game_dialog_finalize;

  signals[SIGNAL_START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-new-game-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KielaNewGameDialog, name)
  BIND (cancel_button);
  BIND (start_button);
  BIND (rules_group);
  BIND (game_row);
  BIND (level_row);
  BIND (description_label);
  BIND (source_label);
  BIND (south_row);
  BIND (north_row);
  BIND (south_portrait);
  BIND (north_portrait);
  BIND (players_note);
#undef BIND
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kiela_new_game_dialog_init (KielaNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->families = g_ptr_array_new_with_free_func (family_free);
  self->personalities = g_ptr_array_new ();

  g_signal_connect_swapped (self->start_button, "clicked", G_CALLBACK (on_start_clicked), self);
  g_signal_connect_swapped (self->cancel_button, "clicked", G_CALLBACK (on_cancel_clicked), self);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->start_button));
  {
    AdwComboRow *rows[] = { self->game_row, self->level_row, self->south_row, self->north_row };

    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      {
        GtkEventController *keys = gtk_event_controller_key_new ();

        g_signal_connect (keys, "key-pressed", G_CALLBACK (on_row_key_pressed), NULL);
        gtk_widget_add_controller (GTK_WIDGET (rows[i]), keys);
      }
  }
  /* Focus on Start, not on Cancel (the first button GTK would pick): Enter then starts the
   * game, as the highlighted button promises. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->start_button));
}

GtkStringList *
kiela_player_list_new (KielaRegistry *registry, GPtrArray *personalities)
{
  GPtrArray *all = kiela_registry_get_personalities (registry);
  GtkStringList *players = gtk_string_list_new (NULL);

  gtk_string_list_append (players, _("Human"));
  for (guint i = 0; all && i < all->len; i++)
    {
      const KielaPersonality *p = g_ptr_array_index (all, i);
      g_autofree char *label = NULL;

      if (kiela_registry_lookup_ai_algorithm (registry, p->algorithm) == NULL)
        continue;
      g_ptr_array_add (personalities, (gpointer) p);
      /* TRANSLATORS: an AI opponent in the player list: its name and level name */
      label = g_strdup_printf (_("%s (%s)"), p->name, kiela_personality_get_level_name (p));
      gtk_string_list_append (players, label);
    }
  return players;
}

KielaNewGameDialog *
kiela_new_game_dialog_new (KielaRegistry *registry)
{
  KielaNewGameDialog *self = g_object_new (KIELA_TYPE_NEW_GAME_DIALOG, NULL);
  GPtrArray *variants = kiela_registry_get_variants (registry);
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) players = NULL;

  self->registry = registry;

  for (guint i = 0; variants && i < variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (variants, i);
      const char *key = v->family ? v->family : v->id;
      Family *f = NULL;

      for (guint j = 0; j < self->families->len; j++)
        if (g_str_equal (((Family *) g_ptr_array_index (self->families, j))->key, key))
          f = g_ptr_array_index (self->families, j);
      if (f == NULL)
        {
          f = g_new0 (Family, 1);
          f->key = g_strdup (key);
          f->variants = g_ptr_array_new ();
          g_ptr_array_add (self->families, f);
        }
      g_ptr_array_add (f->variants, (gpointer) v);
    }
  for (guint j = 0; j < self->families->len; j++)
    {
      g_autofree char *name = NULL;
      g_ptr_array_sort (((Family *) g_ptr_array_index (self->families, j))->variants, compare_difficulty);
      name = family_display_name (g_ptr_array_index (self->families, j));
      gtk_string_list_append (games, name);
    }

  players = kiela_player_list_new (registry, self->personalities);

  self->filling = TRUE;
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
  adw_combo_row_set_model (self->south_row, G_LIST_MODEL (players));
  adw_combo_row_set_model (self->north_row, G_LIST_MODEL (players));
  self->filling = FALSE;

  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (on_game_selected), self);
  g_signal_connect_swapped (self->level_row, "notify::selected", G_CALLBACK (on_level_selected), self);
  g_signal_connect_swapped (self->south_row, "notify::selected", G_CALLBACK (on_south_selected), self);
  g_signal_connect_swapped (self->north_row, "notify::selected", G_CALLBACK (on_north_selected), self);

  fill_levels (self);
  update_player (self, KIELA_SOUTH);
  update_player (self, KIELA_NORTH);
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), self->families->len > 0);
  return self;
}

void
kiela_new_game_dialog_preset (KielaNewGameDialog *self, const KielaVariant *variant,
                              const KielaPersonality *south, const KielaPersonality *north)
{
  for (guint j = 0; variant && j < self->families->len; j++)
    {
      Family *f = g_ptr_array_index (self->families, j);
      guint k;

      if (g_ptr_array_find (f->variants, variant, &k))
        {
          adw_combo_row_set_selected (self->game_row, j);
          fill_levels (self);
          adw_combo_row_set_selected (self->level_row, k);
          update_description (self);
        }
    }
  for (int side = 0; side < 2; side++)
    {
      const KielaPersonality *p = side == KIELA_SOUTH ? south : north;
      guint k = 0;

      if (p && g_ptr_array_find (self->personalities, p, &k))
        k++;
      else
        k = 0;
      adw_combo_row_set_selected (side == KIELA_SOUTH ? self->south_row : self->north_row, k);
    }
}
