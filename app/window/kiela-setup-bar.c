/* kiela-setup-bar.c: the expert arrangement's controls beside the setup sentence: a running total of the
 * arranging side's rows, how many stones a click or a drop moves, and undo (Ctrl+Z). */

#include "config.h"

#include <glib/gi18n.h>

#include "kiela-setup-bar.h"

struct _KielaSetupBar {
  GtkBox parent_instance;

  GtkLabel *total_label;
  GtkMenuButton *count_button;
  GtkLabel *count_label;
  GtkAdjustment *count_adjustment;
  GtkWidget *undo_button;

  KielaGameSession *session;        /* not owned; weak pointer */
};

G_DEFINE_FINAL_TYPE (KielaSetupBar, kiela_setup_bar, GTK_TYPE_BOX)

static void
update_count_label (KielaSetupBar *self)
{
  guint count = kiela_setup_bar_get_count (self);
  /* Translators: the button opening the count popover of the arrangement: how many stones a click moves. */
  g_autofree char *text = g_strdup_printf (g_dngettext (NULL, "Move %u Stone", "Move %u Stones", count), count);

  gtk_label_set_text (self->count_label, text);
  /* A menu button with a child of its own has no name for screen readers, nor has the toggle
   * button inside it that they reach: both say what the label says. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->count_button), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->count_button)); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c))
      gtk_accessible_update_property (GTK_ACCESSIBLE (c), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

static void
set_total (KielaSetupBar *self, guint outer, guint inner, guint moved)
{
  g_autofree char *text = NULL, *moved_text = NULL, *markup = NULL;


  /* Translators: the running total of the arrangement: the stones in each of the side's two rows. */
  text = g_strdup_printf (_("Outer row %u · inner row %u"), outer, inner);
  /* Translators: under the running total of the arrangement: how many stones were moved so far. */
  moved_text = g_strdup_printf (g_dngettext (NULL, "%u stone moved", "%u stones moved", moved), moved);
  /* One label of two lines, as tall as the setup sentence beside it wrapped once. */
  markup = g_markup_printf_escaped ("%s\n<span alpha=\"60%%\">%s</span>", text, moved_text);
  gtk_label_set_markup (self->total_label, markup);
  /* Shortened when the row is short of room: the whole total is its tooltip. */
  g_free (markup);
  markup = g_strdup_printf ("%s\n%s", text, moved_text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->total_label), markup);
}

static void
update (KielaSetupBar *self)
{
  KielaPosition pos;
  KielaSide side;
  guint outer = 0, inner = 0;

  if (self->session == NULL || kiela_game_session_get_game (self->session) == NULL)
    return;
  side = kiela_game_session_get_turn (self->session);
  kiela_game_session_get_setup_position (self->session, &pos);
  for (guint h = 0; h < pos.files; h++)
    outer += pos.houses[side][h];
  for (guint h = pos.files; h < 2u * pos.files; h++)
    inner += pos.houses[side][h];
  /* Out of the arrangement the bar is hidden but keeps its room (and so its text, which sets
   * its height): the window's row must not change height when the arrangement starts. */
  if (kiela_game_session_get_phase (self->session) != KIELA_PHASE_PLAY)
    set_total (self, outer, inner, kiela_game_session_get_setup_moved (self->session));
  /* A click cannot move more stones than the side has. */
  gtk_adjustment_set_upper (self->count_adjustment, MAX (1, outer + inner));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "setup-bar.undo",
                                 kiela_game_session_setup_can_undo (self->session));
}

/* The button's tooltip covered the popover's title while it was open: none until it closes. */
static void
on_popover_visible (GtkWidget *popover, GParamSpec *pspec, KielaSetupBar *self)
{
  gboolean open = gtk_widget_get_visible (popover);

  gtk_widget_set_has_tooltip (GTK_WIDGET (self->count_button), !open);
  if (open)
    gtk_widget_trigger_tooltip_query (GTK_WIDGET (self->count_button));
}

static void
undo_action (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaSetupBar *self = KIELA_SETUP_BAR (widget);

  if (self->session != NULL)
    kiela_game_session_setup_undo (self->session);
}

void
kiela_setup_bar_set_session (KielaSetupBar *self, KielaGameSession *session)
{
  g_return_if_fail (KIELA_IS_SETUP_BAR (self));

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_weak_pointer (&self->session, session);
  if (session != NULL)
    {
      g_signal_connect_object (session, "setup-changed", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::phase", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
      update (self);
    }
}

guint
kiela_setup_bar_get_count (KielaSetupBar *self)
{
  g_return_val_if_fail (KIELA_IS_SETUP_BAR (self), 1);
  return (guint) MAX (1.0, gtk_adjustment_get_value (self->count_adjustment));
}

char *
kiela_setup_bar_dup_total (KielaSetupBar *self)
{
  g_return_val_if_fail (KIELA_IS_SETUP_BAR (self), NULL);
  return g_strdup (gtk_label_get_text (self->total_label));
}

static void
kiela_setup_bar_dispose (GObject *object)
{
  KielaSetupBar *self = KIELA_SETUP_BAR (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_weak_pointer (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), KIELA_TYPE_SETUP_BAR);
  G_OBJECT_CLASS (kiela_setup_bar_parent_class)->dispose (object);
}

static void
kiela_setup_bar_class_init (KielaSetupBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kiela_setup_bar_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-setup-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, KielaSetupBar, total_label);
  gtk_widget_class_bind_template_child (widget_class, KielaSetupBar, count_button);
  gtk_widget_class_bind_template_child (widget_class, KielaSetupBar, count_label);
  gtk_widget_class_bind_template_child (widget_class, KielaSetupBar, count_adjustment);
  gtk_widget_class_bind_template_child (widget_class, KielaSetupBar, undo_button);
  gtk_widget_class_install_action (widget_class, "setup-bar.undo", NULL, undo_action);
}

static void
kiela_setup_bar_init (KielaSetupBar *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "setup-bar.undo", FALSE);
  g_signal_connect_swapped (self->count_adjustment, "value-changed", G_CALLBACK (update_count_label), self);
  update_count_label (self);
  set_total (self, 0, 0, 0);
  g_signal_connect_object (gtk_menu_button_get_popover (self->count_button), "notify::visible",
                           G_CALLBACK (on_popover_visible), self, 0);

  /* Ctrl+Z undoes the arrangement wherever the focus is; outside the arrangement the action is
   * disabled and the key goes on to the game's own undo. */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>z"),
                                                          gtk_named_action_new ("setup-bar.undo")));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
