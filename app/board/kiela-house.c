/* kiela-house.c: one house of the board: a button with its tooltip, accessible label and focus ring; the board draws the rest.
 * Being a GtkButton is what gives it the AT-SPI action "click" (GTK 4.8 offers actions to its own button-like widgets only). */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-house.h"
#include "kiela-board-draw.h"
#include "kiela-board-view-private.h"
#include "kiela-position.h"

struct _KielaHouse
{
  GtkButton parent_instance;

  gboolean interactive;
  gboolean tooltip_hushed;   /* clicked: no tooltip over the neighbours until the pointer leaves */
  gboolean flash_on;
  gboolean shift_activation; /* activated by Shift+Enter: "all its stones", as Shift+click */

  guint files;
  KielaSide side;
  guint house;
  KielaSquare square;
  char name[4];

  guint count;
  gboolean count_set;
  gboolean playable;
  gboolean selected;
  KielaHighlight highlight;
};

G_DEFINE_FINAL_TYPE (KielaHouse, kiela_house, GTK_TYPE_BUTTON)

enum {
  PROP_0,
  PROP_FILES,
  PROP_SIDE,
  PROP_HOUSE,
  PROP_SQUARE,
  PROP_COUNT,
  PROP_PLAYABLE,
  PROP_HIGHLIGHT,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The board draws what the house shows (see kiela_board_draw_house), so a change of it redraws
 * the board; the house itself draws only its focus ring. */
static void
queue_board_draw (KielaHouse *self)
{
  GtkWidget *board = gtk_widget_get_parent (GTK_WIDGET (self));

  if (KIELA_IS_BOARD_VIEW (board))
    _kiela_board_view_house_changed (KIELA_BOARD_VIEW (board));
}

static const char *
row_name (KielaHouse *self)
{
  /* The four rows by owner; ranks 1..4 from South's edge. */
  switch (self->square.rank)
    {
    case 1: return _("South outer row");
    case 2: return _("South inner row");
    case 3: return _("North inner row");
    default: return _("North outer row");
    }
}

char *
kiela_house_dup_label (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), NULL);

  /* Translators: accessible name of a house on the board: row, square, stones,
   * e.g. "South inner row, g2, 3 stones". */
  return g_strdup_printf (ngettext ("%s, %s, %u stone", "%s, %s, %u stones", self->count),
                          row_name (self), self->name, self->count);
}

char *
kiela_house_dup_tooltip (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), NULL);

  /* Translators: tooltip of a house: its square and how many stones it holds, e.g. "g1 — 3 stones". */
  return g_strdup_printf (ngettext ("%s — %u stone", "%s — %u stones", self->count), self->name, self->count);
}

/* Whether an AdwDialog is shown inside the window `widget`: libadwaita >= 1.5 puts it beside
 * the window's content in its dialog host, two levels down.  The board does not link
 * libadwaita: the type is looked up by name, and a stack without it has none. */
static gboolean
shows_dialog_inside (GtkWidget *widget, int depth)
{
  static GType dialog_type = G_TYPE_INVALID;

  if (dialog_type == G_TYPE_INVALID)
    dialog_type = g_type_from_name ("AdwDialog");
  if (dialog_type == G_TYPE_INVALID || depth > 3)
    return FALSE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if ((G_TYPE_CHECK_INSTANCE_TYPE (c, dialog_type) && gtk_widget_get_mapped (c))
        || shows_dialog_inside (c, depth + 1))
      return TRUE;
  return FALSE;
}

/* The tooltip is made when GTK asks for it: setting a widget's tooltip text makes GTK ask the
 * X server where the pointer is, a round trip for every house at every change of count. */
gboolean
kiela_house_get_tooltip_allowed (KielaHouse *self)
{
  GtkRoot *root;
  GListModel *tops;

  g_return_val_if_fail (KIELA_IS_HOUSE (self), FALSE);
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (!GTK_IS_WINDOW (root))
    return TRUE;
  /* An AdwDialog inside the window (libadwaita >= 1.5) takes the pointer, but a keyboard
   * tooltip would still show under it. */
  if (shows_dialog_inside (GTK_WIDGET (root), 0))
    return FALSE;
  /* A dialog that is a window of its own (libadwaita 1.2's).  The list is (transfer none). */
  tops = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (tops, i);

      if (w != GTK_WINDOW (root) && gtk_window_get_modal (w) && gtk_widget_get_visible (GTK_WIDGET (w))
          && gtk_window_get_transient_for (w) == GTK_WINDOW (root))
        return FALSE;
    }
  return TRUE;
}

/* Under a modal dialog no house says anything: GTK shows the window's tooltips above a dialog
 * that is a window of its own, where they stayed over its text. */
static gboolean
kiela_house_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
  g_autofree char *text = NULL;

  if (!kiela_house_get_tooltip_allowed (KIELA_HOUSE (widget)))
    return FALSE;
  text = kiela_house_dup_tooltip (KIELA_HOUSE (widget));

  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
update_accessible (KielaHouse *self)
{
  g_autofree char *label = kiela_house_dup_label (self);
  GString *description = g_string_new (NULL);

  if (self->playable)
    g_string_append (description, _("Can be sown"));
  if (self->selected)
    {
      if (description->len)
        g_string_append (description, ", ");
      g_string_append (description, _("Moving a stone from here"));
    }
  if (self->highlight != KIELA_HIGHLIGHT_NONE)
    {
      static const char *const names[KIELA_HIGHLIGHT_N_KINDS] = {
        NULL,
        N_("Stones lifted"),
        N_("Stone dropped"),
        N_("Relay: lifted again"),
        /* Translators: a house's state for screen readers: this house makes the capture. */
        N_("Captures"),
        /* Translators: a house's state for screen readers: this house's stones are taken. */
        N_("Captured"),
        N_("Captured stones enter here"),
        N_("Hint"),
        N_("Last move"),
        N_("Move ended here"),
      };

      if (description->len)
        g_string_append (description, ", ");
      g_string_append (description, _(names[self->highlight]));
    }

  /* The description says only what the label does not. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  if (description->len > 0)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_string_free (description, TRUE);
}

GtkWidget *
kiela_house_new (guint files, KielaSide side, guint house)
{
  return g_object_new (KIELA_TYPE_HOUSE, "files", files, "side", side, "house", house, NULL);
}

KielaSide
kiela_house_get_side (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), KIELA_SOUTH);
  return self->side;
}

guint
kiela_house_get_house (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), 0);
  return self->house;
}

guint
kiela_house_get_file (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), 0);
  return self->square.file;
}

guint
kiela_house_get_rank (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), 1);
  return self->square.rank;
}

const char *
kiela_house_get_square (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), NULL);
  return self->name;
}

guint
kiela_house_get_count (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), 0);
  return self->count;
}

void
kiela_house_set_count (KielaHouse *self, guint count)
{
  g_return_if_fail (KIELA_IS_HOUSE (self));

  /* The board pushes all 80 counts at every animation step: touch only what changed. */
  if (self->count == count && self->count_set)
    return;
  self->count = count;
  self->count_set = TRUE;
  update_accessible (self);
  /* Stones drop while the pointer may rest on this house: a tooltip already on screen must
   * show the new count, not the one it was opened with.  Only the house under the pointer can
   * have one (asking the others costs a round trip to the X server each). */
  if ((gtk_widget_get_state_flags (GTK_WIDGET (self)) & GTK_STATE_FLAG_PRELIGHT) != 0
      && gtk_widget_get_mapped (GTK_WIDGET (self)) && !self->tooltip_hushed)
    gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  queue_board_draw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COUNT]);
}

gboolean
kiela_house_get_playable (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), FALSE);
  return self->playable;
}

void
kiela_house_set_playable (KielaHouse *self, gboolean playable)
{
  g_return_if_fail (KIELA_IS_HOUSE (self));

  playable = !!playable;
  if (self->playable == playable)
    return;
  self->playable = playable;
  update_accessible (self);
  queue_board_draw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYABLE]);
}

KielaHighlight
kiela_house_get_highlight (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), KIELA_HIGHLIGHT_NONE);
  return self->highlight;
}

void
kiela_house_set_highlight (KielaHouse *self, KielaHighlight highlight)
{
  g_return_if_fail (KIELA_IS_HOUSE (self));
  g_return_if_fail (highlight < KIELA_HIGHLIGHT_N_KINDS);

  if (self->highlight == highlight)
    return;
  self->highlight = highlight;
  update_accessible (self);
  queue_board_draw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHT]);
}

gboolean
kiela_house_get_selected (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), FALSE);
  return self->selected;
}

void
kiela_house_set_selected (KielaHouse *self, gboolean selected)
{
  g_return_if_fail (KIELA_IS_HOUSE (self));

  selected = !!selected;
  if (self->selected == selected)
    return;
  self->selected = selected;
  update_accessible (self);
  queue_board_draw (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

void
kiela_house_get_look (KielaHouse *self, KielaHouseLook *look)
{
  GtkStateFlags flags;

  g_return_if_fail (KIELA_IS_HOUSE (self));

  flags = gtk_widget_get_state_flags (GTK_WIDGET (self));
  *look = (KielaHouseLook) {
    .count = self->count,
    .seed = self->house + 3 * self->side,
    .playable = self->playable,
    .selected = self->selected,
    .highlight = self->highlight,
    .flash_on = self->flash_on,
    .hover = self->interactive && (flags & GTK_STATE_FLAG_PRELIGHT) != 0,
    .focus_visible = (flags & GTK_STATE_FLAG_FOCUS_VISIBLE) != 0 && gtk_widget_has_focus (GTK_WIDGET (self)),
  };
}

void
kiela_house_set_interactive (KielaHouse *self, gboolean interactive)
{
  g_return_if_fail (KIELA_IS_HOUSE (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), interactive ? "pointer" : NULL);
  if (gtk_widget_get_state_flags (GTK_WIDGET (self)) & GTK_STATE_FLAG_PRELIGHT)
    queue_board_draw (self);
}

void
kiela_house_set_flash_on (KielaHouse *self, gboolean flash_on)
{
  g_return_if_fail (KIELA_IS_HOUSE (self));

  flash_on = !!flash_on;
  if (self->flash_on == flash_on)
    return;
  self->flash_on = flash_on;
  if (self->highlight == KIELA_HIGHLIGHT_CAPTURED)
    queue_board_draw (self);
}

/* Keyboard, AT-SPI's "click" and gtk_widget_activate() land here: click at once, without
 * GtkButton's quarter-second pressed look, so a move starts the moment it is asked for. */
static void
kiela_house_activate (GtkButton *button)
{
  g_signal_emit_by_name (button, "clicked");
}

/* Shift+Enter is to the keyboard what Shift+click is to the pointer (the arrangement moves
 * all the stones of the house picked): the flag lasts the one activation. */
static gboolean
shift_activate (GtkWidget *widget, GVariant *args, gpointer data)
{
  KielaHouse *self = KIELA_HOUSE (widget);

  self->shift_activation = TRUE;
  g_signal_emit_by_name (widget, "clicked");
  self->shift_activation = FALSE;
  return TRUE;
}

gboolean
kiela_house_get_shift_activation (KielaHouse *self)
{
  g_return_val_if_fail (KIELA_IS_HOUSE (self), FALSE);
  return self->shift_activation;
}

static void
kiela_house_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  GtkStateFlags flags = gtk_widget_get_state_flags (widget);
  float size = MIN (gtk_widget_get_width (widget), gtk_widget_get_height (widget));

  if ((flags & GTK_STATE_FLAG_FOCUS_VISIBLE) != 0 && gtk_widget_has_focus (widget) && size > 0)
    kiela_board_draw_focus_ring (snapshot, size);
}

static void
kiela_house_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  KielaHouse *self = KIELA_HOUSE (widget);
  GtkStateFlags changed = gtk_widget_get_state_flags (widget) ^ previous;

  GTK_WIDGET_CLASS (kiela_house_parent_class)->state_flags_changed (widget, previous);
  /* The focus ring is the house's own; the hover glow lies under the stones, in the board. */
  if (changed & (GTK_STATE_FLAG_FOCUS_VISIBLE | GTK_STATE_FLAG_FOCUSED))
    gtk_widget_queue_draw (widget);
  if ((changed & GTK_STATE_FLAG_PRELIGHT) && self->interactive)
    queue_board_draw (self);
}

static void
kiela_house_constructed (GObject *object)
{
  KielaHouse *self = KIELA_HOUSE (object);

  G_OBJECT_CLASS (kiela_house_parent_class)->constructed (object);

  kiela_square_from_house (self->files, self->side, self->house, &self->square);
  kiela_square_name (self->files, self->side, self->house, self->name);
  self->count_set = FALSE;
  update_accessible (self);
}

static void
kiela_house_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KielaHouse *self = KIELA_HOUSE (object);

  switch (prop_id)
    {
    case PROP_FILES: g_value_set_uint (value, self->files); break;
    case PROP_SIDE: g_value_set_uint (value, self->side); break;
    case PROP_HOUSE: g_value_set_uint (value, self->house); break;
    case PROP_SQUARE: g_value_set_string (value, self->name); break;
    case PROP_COUNT: g_value_set_uint (value, self->count); break;
    case PROP_PLAYABLE: g_value_set_boolean (value, self->playable); break;
    case PROP_HIGHLIGHT: g_value_set_uint (value, self->highlight); break;
    case PROP_SELECTED: g_value_set_boolean (value, self->selected); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_house_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KielaHouse *self = KIELA_HOUSE (object);

  switch (prop_id)
    {
    case PROP_FILES: self->files = g_value_get_uint (value); break;
    case PROP_SIDE: self->side = (KielaSide) g_value_get_uint (value); break;
    case PROP_HOUSE: self->house = g_value_get_uint (value); break;
    case PROP_COUNT: kiela_house_set_count (self, g_value_get_uint (value)); break;
    case PROP_PLAYABLE: kiela_house_set_playable (self, g_value_get_boolean (value)); break;
    case PROP_HIGHLIGHT: kiela_house_set_highlight (self, (KielaHighlight) g_value_get_uint (value)); break;
    case PROP_SELECTED: kiela_house_set_selected (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_house_class_init (KielaHouseClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkButtonClass *button_class = GTK_BUTTON_CLASS (klass);

  object_class->constructed = kiela_house_constructed;
  object_class->get_property = kiela_house_get_property;
  object_class->set_property = kiela_house_set_property;
  widget_class->snapshot = kiela_house_snapshot;
  widget_class->query_tooltip = kiela_house_query_tooltip;
  widget_class->state_flags_changed = kiela_house_state_flags_changed;

  properties[PROP_FILES] = g_param_spec_uint ("files", NULL, NULL, KIELA_MIN_FILES, KIELA_MAX_FILES, 10,
                                              G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDE] = g_param_spec_uint ("side", NULL, NULL, KIELA_SOUTH, KIELA_NORTH, KIELA_SOUTH,
                                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HOUSE] = g_param_spec_uint ("house", NULL, NULL, 0, KIELA_MAX_HOUSES - 1, 0,
                                              G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SQUARE] = g_param_spec_string ("square", NULL, NULL, NULL,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_COUNT] = g_param_spec_uint ("count", NULL, NULL, 0, G_MAXUINT16, 0,
                                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYABLE] = g_param_spec_boolean ("playable", NULL, NULL, FALSE,
                                                    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HIGHLIGHT] = g_param_spec_uint ("highlight", NULL, NULL, 0, KIELA_HIGHLIGHT_N_KINDS - 1, 0,
                                                  G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] = g_param_spec_boolean ("selected", NULL, NULL, FALSE,
                                                    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* GtkButton binds Enter and Space to its "activate" signal, which GTK's AT-SPI bridge also
   * uses for the action "click". */
  button_class->activate = kiela_house_activate;
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Return, GDK_SHIFT_MASK, shift_activate, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_KP_Enter, GDK_SHIFT_MASK, shift_activate, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_ISO_Enter, GDK_SHIFT_MASK, shift_activate, NULL);

  gtk_widget_class_set_css_name (widget_class, "kiela-house");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

/* A click is a move, not a question: the tooltip, which would cover the neighbouring houses'
 * counts as the stones drop, waits until the pointer has left the house. */
static void
on_clicked_hush_tooltip (KielaHouse *self)
{
  self->tooltip_hushed = TRUE;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), FALSE);
}

static void
on_leave_unhush_tooltip (GtkEventControllerMotion *motion, KielaHouse *self)
{
  if (!self->tooltip_hushed)
    return;
  self->tooltip_hushed = FALSE;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
}

static void
kiela_house_init (KielaHouse *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->interactive = TRUE;
  self->flash_on = TRUE;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* A click does not take the keyboard focus: after clicking a house, Space, Left and Right
   * still drive the replay instead of moving between houses (Tab reaches the board). */
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), FALSE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  g_signal_connect (self, "clicked", G_CALLBACK (on_clicked_hush_tooltip), NULL);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave_unhush_tooltip), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}
