/* kiela-position-editor.c: the position editor page: stones added and taken away on the board by
 * click, scroll or typed count, the variant and side to move, undo, KPN through the clipboard, and
 * a game or an analysis started from the position through the window's session. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-position-editor.h"
#include "kiela-window-private.h"
#include "kiela-board-view-private.h"
#include "kiela-new-game-dialog.h"

/* Digits typed on one house within this time make one count ("1" then "2" = 12). */
#define DIGIT_TIMEOUT_US (1200 * 1000)

typedef struct {
  const KielaVariant *variant;
  KielaPosition pos;
} Snapshot;

struct _KielaPositionEditor {
  AdwBin parent_instance;

  /* Template children. */
  GtkLabel *north_label;
  GtkLabel *south_label;
  GtkOverlay *board_overlay;
  GtkBox *board_box;
  AdwComboRow *variant_row;
  AdwActionRow *limits_row;
  GtkToggleButton *south_toggle;
  GtkToggleButton *north_toggle;
  AdwActionRow *totals_row;
  AdwEntryRow *kpn_row;
  GtkWidget *kpn_error_box;
  GtkLabel *kpn_error_label;
  GtkLabel *kpn_detail_label;
  AdwActionRow *status_row;
  GtkImage *status_icon;
  AdwComboRow *south_row;
  AdwComboRow *north_row;
  GtkWidget *play_button;
  GtkWidget *analyse_button;

  KielaWindow *window;            /* not owned: the page lives inside it */
  KielaRegistry *registry;
  KielaBoardView *board;
  GPtrArray *variants;            /* const KielaVariant*, in the variant row's order */
  GPtrArray *personalities;       /* const KielaPersonality*, the player rows' items after "Person" */

  const KielaVariant *variant;
  KielaPosition pos;
  GArray *undo;                   /* Snapshot */
  GArray *redo;                   /* Snapshot */
  char *problem;                  /* why the variant cannot be played from pos, or NULL */
  char *kpn_error;
  char *kpn_error_detail;
  gboolean updating;              /* the page sets its own widgets: no edits from their signals */

  /* Pointer and typing on the board. */
  double pointer_x, pointer_y;
  gboolean pointer_inside;
  KielaHouse *typed_house;
  gint64 typed_time;
};

G_DEFINE_FINAL_TYPE (KielaPositionEditor, kiela_position_editor, ADW_TYPE_BIN)

/* ---------- showing the position ---------- */

static char *
stones_text (guint n)
{
  return g_strdup_printf (ngettext ("%u stone", "%u stones", n), n);
}

static void
update_side_label (KielaPositionEditor *self, KielaSide side)
{
  GtkLabel *label = side == KIELA_SOUTH ? self->south_label : self->north_label;
  g_autofree char *stones = stones_text (kiela_position_side_total (&self->pos, side));
  g_autofree char *text = NULL;

  if (side == self->pos.to_move)
    /* TRANSLATORS: beside the board in the position editor: "▶ South to move · 28 stones" */
    text = g_strdup_printf (side == KIELA_SOUTH ? _("▶ South to move · %s") : _("▶ North to move · %s"), stones);
  else
    /* TRANSLATORS: beside the board in the position editor: "North · 28 stones" */
    text = g_strdup_printf (side == KIELA_SOUTH ? _("South · %s") : _("North · %s"), stones);
  gtk_label_set_text (label, text);
  if (side == self->pos.to_move)
    gtk_widget_add_css_class (GTK_WIDGET (label), "kiela-to-move");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "kiela-to-move");
}

static void
update_limits (KielaPositionEditor *self)
{
  const KielaVariant *v = self->variant;
  guint min_sow = MAX (v->min_sow, 1);
  g_autofree char *max = stones_text (kiela_variant_max_stones (v));
  g_autofree char *files = g_strdup_printf (ngettext ("%u file", "%u files", v->files), v->files);
  g_autofree char *most = g_strdup_printf (_("at most %s"), max);
  g_autofree char *sow = g_strdup_printf (ngettext ("sow from %u stone or more", "sow from %u stones or more",
                                                    min_sow), min_sow);
  /* TRANSLATORS: the variant's limits in the position editor: "10 files · at most 56 stones ·
   * sow from 2 stones or more" */
  g_autofree char *text = g_strdup_printf (_("%1$s · %2$s · %3$s"), files, most, sow);
  /* TRANSLATORS: a row title in the position editor, %s the variant's name */
  g_autofree char *title = g_strdup_printf (_("Limits of %s"), kiela_variant_get_name (v));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->limits_row), title);
  adw_action_row_set_subtitle (self->limits_row, text);
}

static void
update_status (KielaPositionEditor *self)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = kiela_game_check_position (self->variant, &self->pos, &error);

  g_clear_pointer (&self->problem, g_free);
  if (!ok)
    {
      self->problem = g_strdup (error->message);
      gtk_image_set_from_icon_name (self->status_icon, "dialog-warning-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->status_icon), "warning");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->status_row), _("Cannot Be Played"));
      adw_action_row_set_subtitle (self->status_row, self->problem);
    }
  else
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_legal_moves (self->variant, &self->pos, moves, NULL, NULL);
      g_autofree char *text = g_strdup_printf (self->pos.to_move == KIELA_SOUTH
                                               ? ngettext ("South to move, %u legal move.",
                                                           "South to move, %u legal moves.", n)
                                               : ngettext ("North to move, %u legal move.",
                                                           "North to move, %u legal moves.", n), n);

      gtk_image_set_from_icon_name (self->status_icon, "emblem-ok-symbolic");
      gtk_widget_remove_css_class (GTK_WIDGET (self->status_icon), "warning");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->status_row), _("Ready to Play"));
      adw_action_row_set_subtitle (self->status_row, text);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.play", ok);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.analyse", ok);
}

static void
update_all (KielaPositionEditor *self)
{
  KielaMove moves[KIELA_MAX_MOVES];
  guint n_moves;
  guint south = kiela_position_side_total (&self->pos, KIELA_SOUTH);
  guint north = kiela_position_side_total (&self->pos, KIELA_NORTH);
  g_autofree char *totals = NULL;
  g_autofree char *kpn = kiela_position_to_string (&self->pos);
  guint index = 0;

  self->updating = TRUE;
  kiela_board_view_set_variant (self->board, self->variant);
  kiela_board_view_set_position (self->board, &self->pos);
  /* The houses the side to move could sow: the variant's rules at a glance. */
  n_moves = kiela_legal_moves (self->variant, &self->pos, moves, NULL, NULL);
  kiela_board_view_set_playable (self->board, (KielaSide) self->pos.to_move, moves, n_moves);

  update_side_label (self, KIELA_NORTH);
  update_side_label (self, KIELA_SOUTH);
  /* TRANSLATORS: the totals row of the position editor: South's stones, North's, both */
  totals = g_strdup_printf (_("South %1$u · North %2$u · %3$u in all"), south, north, south + north);
  adw_action_row_set_subtitle (self->totals_row, totals);
  gtk_toggle_button_set_active (self->pos.to_move == KIELA_SOUTH ? self->south_toggle : self->north_toggle, TRUE);
  if (g_ptr_array_find (self->variants, self->variant, &index))
    adw_combo_row_set_selected (self->variant_row, index);
  update_limits (self);
  if (!gtk_widget_has_focus (GTK_WIDGET (self->kpn_row)) || g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->kpn_row)), kpn) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->kpn_row), kpn);
  update_status (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.undo", self->undo->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.redo", self->redo->len > 0);
  self->updating = FALSE;
}

static void
hide_kpn_error (KielaPositionEditor *self)
{
  g_clear_pointer (&self->kpn_error, g_free);
  g_clear_pointer (&self->kpn_error_detail, g_free);
  gtk_widget_set_visible (self->kpn_error_box, FALSE);
}

static void
show_kpn_error (KielaPositionEditor *self, const char *text, const char *detail)
{
  g_free (self->kpn_error);
  g_free (self->kpn_error_detail);
  self->kpn_error = g_strdup (text);
  self->kpn_error_detail = g_strdup (detail);
  gtk_label_set_text (self->kpn_error_label, text);
  gtk_label_set_text (self->kpn_detail_label, detail ? detail : "");
  gtk_widget_set_visible (self->kpn_error_box, TRUE);
}

/* ---------- edits, undo and redo ---------- */

/* Every change goes through here: the state before is kept for undo unless `merge` (the next
 * digit of a count being typed belongs to the same step). */
static void
apply (KielaPositionEditor *self, const KielaVariant *variant, const KielaPosition *pos, gboolean merge)
{
  Snapshot now = { self->variant, self->pos };

  if (variant == self->variant && kiela_position_equal (pos, &self->pos))
    return;
  if (!merge && self->variant != NULL)
    {
      g_array_append_val (self->undo, now);
      g_array_set_size (self->redo, 0);
    }
  self->variant = variant;
  self->pos = *pos;
  hide_kpn_error (self);
  update_all (self);
}

static void
step_history (KielaPositionEditor *self, GArray *from, GArray *to)
{
  Snapshot now = { self->variant, self->pos };
  Snapshot then;

  if (from->len == 0)
    return;
  then = g_array_index (from, Snapshot, from->len - 1);
  g_array_set_size (from, from->len - 1);
  g_array_append_val (to, now);
  self->variant = then.variant;
  self->pos = then.pos;
  self->typed_house = NULL;
  hide_kpn_error (self);
  update_all (self);
}

static void
change_count (KielaPositionEditor *self, KielaSide side, guint house, int delta)
{
  int count = (int) self->pos.houses[side][house] + delta;

  if (count < 0 || count > KIELA_POSITION_EDITOR_MAX_COUNT)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  self->typed_house = NULL;
  kiela_position_editor_set_count (self, side, house, (guint) count);
}

/* ---------- the board in editing mode ---------- */

static KielaHouse *
house_at (KielaPositionEditor *self, double x, double y)
{
  GtkWidget *w = gtk_widget_pick (GTK_WIDGET (self->board), x, y, GTK_PICK_DEFAULT);

  while (w != NULL && w != GTK_WIDGET (self->board) && !KIELA_IS_HOUSE (w))
    w = gtk_widget_get_parent (w);
  return w != NULL && KIELA_IS_HOUSE (w) ? KIELA_HOUSE (w) : NULL;
}

/* Enter or Space on a focused house, or AT-SPI's "click": one stone more. */
static void
on_house_activated (KielaBoardView *board, guint side, guint house, KielaPositionEditor *self)
{
  change_count (self, (KielaSide) side, house, +1);
}

/* Clicks are taken before the house buttons see them: primary adds, secondary or Shift+primary
 * takes away, middle empties; the house takes the focus so a count can be typed on it next. */
static void
on_board_pressed (GtkGestureClick *gesture, int n_press, double x, double y, KielaPositionEditor *self)
{
  KielaHouse *house = house_at (self, x, y);
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  KielaSide side;
  guint h;

  if (house == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  side = kiela_house_get_side (house);
  h = kiela_house_get_house (house);
  gtk_widget_grab_focus (GTK_WIDGET (house));
  if (button == GDK_BUTTON_MIDDLE)
    {
      self->typed_house = NULL;
      kiela_position_editor_set_count (self, side, h, 0);
    }
  else if (button == GDK_BUTTON_SECONDARY || (state & GDK_SHIFT_MASK))
    change_count (self, side, h, -1);
  else
    change_count (self, side, h, +1);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, KielaPositionEditor *self)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
}

static void
on_leave (GtkEventControllerMotion *motion, KielaPositionEditor *self)
{
  self->pointer_inside = FALSE;
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, KielaPositionEditor *self)
{
  KielaHouse *house = self->pointer_inside ? house_at (self, self->pointer_x, self->pointer_y) : NULL;

  if (house == NULL || dy == 0)
    return FALSE;
  change_count (self, kiela_house_get_side (house), kiela_house_get_house (house), dy < 0 ? +1 : -1);
  return TRUE;
}

static KielaHouse *
focused_house (KielaPositionEditor *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self->board));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  if (focus != NULL && KIELA_IS_HOUSE (focus) && gtk_widget_get_parent (focus) == GTK_WIDGET (self->board))
    return KIELA_HOUSE (focus);
  return NULL;
}

static int
digit_of (guint keyval)
{
  if (keyval >= GDK_KEY_0 && keyval <= GDK_KEY_9)
    return (int) (keyval - GDK_KEY_0);
  if (keyval >= GDK_KEY_KP_0 && keyval <= GDK_KEY_KP_9)
    return (int) (keyval - GDK_KEY_KP_0);
  return -1;
}

/* Typing on a focused house: digits set its count (several quickly typed make one number), plus
 * and minus add and take away, Delete and BackSpace empty it. */
static gboolean
on_board_key (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
              KielaPositionEditor *self)
{
  KielaHouse *house = focused_house (self);
  int digit = digit_of (keyval);
  KielaSide side;
  guint h;

  if (house == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  side = kiela_house_get_side (house);
  h = kiela_house_get_house (house);
  if (digit >= 0)
    {
      gint64 now = g_get_monotonic_time ();
      guint count = (guint) digit;
      gboolean merge = house == self->typed_house && now - self->typed_time < DIGIT_TIMEOUT_US;
      KielaPosition pos = self->pos;

      if (merge)
        {
          count += 10u * self->pos.houses[side][h];
          if (count > KIELA_POSITION_EDITOR_MAX_COUNT)
            {
              count = (guint) digit;
              merge = FALSE;
            }
        }
      pos.houses[side][h] = (guint16) count;
      apply (self, self->variant, &pos, merge);
      self->typed_house = house;
      self->typed_time = now;
      return TRUE;
    }
  switch (keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_KP_Add:
    case GDK_KEY_equal:
      change_count (self, side, h, +1);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      change_count (self, side, h, -1);
      return TRUE;
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
      self->typed_house = NULL;
      kiela_position_editor_set_count (self, side, h, 0);
      return TRUE;
    default:
      return FALSE;
    }
}

/* North's label just above the board as drawn, South's just below, each as wide as the page. */
static gboolean
on_overlay_position (GtkOverlay *overlay, GtkWidget *label, GdkRectangle *allocation, KielaPositionEditor *self)
{
  graphene_rect_t drawn;
  graphene_point_t origin;
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int label_height;

  if (label != GTK_WIDGET (self->north_label) && label != GTK_WIDGET (self->south_label))
    return FALSE;
  if (!gtk_widget_compute_point (GTK_WIDGET (self->board), GTK_WIDGET (overlay), &GRAPHENE_POINT_INIT (0, 0), &origin))
    return FALSE;
  kiela_board_view_get_board_rect (self->board, &drawn);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, -1, NULL, &label_height, NULL, NULL);
  allocation->x = 0;
  allocation->width = gtk_widget_get_width (GTK_WIDGET (overlay));
  allocation->height = label_height;
  if (label == GTK_WIDGET (self->north_label))
    allocation->y = MAX (0, (int) (origin.y + drawn.origin.y) - label_height - 4);
  else
    allocation->y = MIN ((int) (origin.y + drawn.origin.y + drawn.size.height) + 4, height - label_height);
  return TRUE;
}

/* ---------- the side panel ---------- */

static void
on_variant_selected (AdwComboRow *row, GParamSpec *pspec, KielaPositionEditor *self)
{
  guint i = adw_combo_row_get_selected (row);
  const KielaVariant *v;
  KielaPosition pos;

  if (self->updating || i >= self->variants->len)
    return;
  v = g_ptr_array_index (self->variants, i);
  if (v == self->variant)
    return;
  /* A board of the same size keeps its stones; another size starts from the variant's start. */
  if (v->files == self->pos.files)
    pos = self->pos;
  else
    kiela_position_init_start (&pos, v);
  apply (self, v, &pos, FALSE);
}

static void
on_side_toggled (GtkToggleButton *button, KielaPositionEditor *self)
{
  if (self->updating || !gtk_toggle_button_get_active (button))
    return;
  kiela_position_editor_set_to_move (self, button == self->south_toggle ? KIELA_SOUTH : KIELA_NORTH);
}

static void
on_kpn_apply (AdwEntryRow *row, KielaPositionEditor *self)
{
  kiela_position_editor_apply_kpn (self, gtk_editable_get_text (GTK_EDITABLE (row)),
                                   _("That is not a Kiela position string."), NULL);
}

static const KielaPersonality *
selected_player (KielaPositionEditor *self, AdwComboRow *row)
{
  guint i = adw_combo_row_get_selected (row);

  if (i == 0 || i == GTK_INVALID_LIST_POSITION || i - 1 >= self->personalities->len)
    return NULL;
  return g_ptr_array_index (self->personalities, i - 1);
}

static void
select_player (KielaPositionEditor *self, AdwComboRow *row, const KielaPersonality *p)
{
  guint k = 0;

  if (p != NULL && g_ptr_array_find (self->personalities, p, &k))
    k++;
  else
    k = 0;
  adw_combo_row_set_selected (row, k);
}

/* ---------- actions ---------- */

static void
action_undo (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);

  step_history (self, self->undo, self->redo);
}

static void
action_redo (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);

  step_history (self, self->redo, self->undo);
}

static void
action_clear (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);
  KielaPosition pos = self->pos;

  memset (pos.houses, 0, sizeof pos.houses);
  apply (self, self->variant, &pos, FALSE);
}

static void
action_start_position (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);
  KielaPosition pos;

  kiela_position_init_start (&pos, self->variant);
  apply (self, self->variant, &pos, FALSE);
}

/* South's houses become North's and the reverse, each in its owner's numbering, and the turn
 * passes over: the same position seen from the other side of the board. */
static void
action_mirror (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);
  KielaPosition pos = self->pos;

  memcpy (pos.houses[KIELA_SOUTH], self->pos.houses[KIELA_NORTH], sizeof pos.houses[KIELA_SOUTH]);
  memcpy (pos.houses[KIELA_NORTH], self->pos.houses[KIELA_SOUTH], sizeof pos.houses[KIELA_NORTH]);
  pos.to_move = KIELA_OTHER_SIDE (self->pos.to_move);
  apply (self, self->variant, &pos, FALSE);
}

static void
action_copy (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);
  g_autofree char *kpn = kiela_position_editor_dup_kpn (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), kpn);
  _kiela_window_toast (self->window, _("Position copied"));
}

static void
paste_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(KielaPositionEditor) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      show_kpn_error (self, _("The clipboard holds no text to paste."), error ? error->message : NULL);
      return;
    }
  kiela_position_editor_apply_kpn (self, text, _("The clipboard holds no Kiela position."), NULL);
}

static void
action_paste (GtkWidget *widget, const char *name, GVariant *param)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_done, g_object_ref (widget));
}

typedef struct {
  KielaPositionEditor *self;
  const KielaPersonality *south;
  const KielaPersonality *north;
} StartRequest;

static void
start_request_free (gpointer data)
{
  StartRequest *r = data;

  g_object_unref (r->self);
  g_free (r);
}

static void
start_confirmed (KielaWindow *window, gpointer data)
{
  StartRequest *r = data;
  g_autoptr(GError) error = NULL;

  if (!kiela_position_editor_start (r->self, r->south, r->north, &error))
    _kiela_window_toast (window, error->message);
  else if (r->south == NULL && r->north == NULL)
    _kiela_window_toast (window, _("You play both sides: try a move, take it back, ask for a hint."));
}

static void
request_start (KielaPositionEditor *self, const KielaPersonality *south, const KielaPersonality *north)
{
  StartRequest *r = g_new0 (StartRequest, 1);

  r->self = g_object_ref (self);
  r->south = south;
  r->north = north;
  _kiela_window_confirm_discard (self->window, start_confirmed, r, start_request_free);
}

static void
action_play (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);

  request_start (self, selected_player (self, self->south_row), selected_player (self, self->north_row));
}

/* Analysis: both sides human, so hints and the analysis of the game page apply to either. */
static void
action_analyse (GtkWidget *widget, const char *name, GVariant *param)
{
  request_start (KIELA_POSITION_EDITOR (widget), NULL, NULL);
}

static void
action_leave (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);

  kiela_window_show_page (self->window, "game");
}

/* ---------- public API ---------- */

gboolean
kiela_position_editor_set_position (KielaPositionEditor *self, const KielaVariant *variant, const KielaPosition *pos)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), FALSE);
  g_return_val_if_fail (variant != NULL && pos != NULL, FALSE);

  if (pos->files != variant->files)
    return FALSE;
  self->typed_house = NULL;
  apply (self, variant, pos, FALSE);
  return TRUE;
}

const KielaPosition *
kiela_position_editor_get_position (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return &self->pos;
}

const KielaVariant *
kiela_position_editor_get_variant (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return self->variant;
}

void
kiela_position_editor_set_count (KielaPositionEditor *self, KielaSide side, guint house, guint count)
{
  KielaPosition pos;

  g_return_if_fail (KIELA_IS_POSITION_EDITOR (self));
  g_return_if_fail (side <= KIELA_NORTH && house < 2u * self->pos.files);
  g_return_if_fail (count <= KIELA_POSITION_EDITOR_MAX_COUNT);

  pos = self->pos;
  pos.houses[side][house] = (guint16) count;
  apply (self, self->variant, &pos, FALSE);
}

void
kiela_position_editor_set_to_move (KielaPositionEditor *self, KielaSide side)
{
  KielaPosition pos;

  g_return_if_fail (KIELA_IS_POSITION_EDITOR (self));

  pos = self->pos;
  pos.to_move = (guint8) side;
  apply (self, self->variant, &pos, FALSE);
}

char *
kiela_position_editor_dup_kpn (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return kiela_position_to_string (&self->pos);
}

/* The variant to play a pasted position with: the current one when the board size fits, else
 * the first of the same family with that size, else the first of any. */
static const KielaVariant *
variant_for_files (KielaPositionEditor *self, guint files)
{
  const KielaVariant *any = NULL;

  if (self->variant->files == files)
    return self->variant;
  for (guint i = 0; i < self->variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (self->variants, i);

      if (v->files != files)
        continue;
      if (self->variant->family != NULL && g_strcmp0 (v->family, self->variant->family) == 0)
        return v;
      if (any == NULL)
        any = v;
    }
  return any;
}

gboolean
kiela_position_editor_apply_kpn (KielaPositionEditor *self, const char *text, const char *short_text,
                                 GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *kpn = NULL;
  const KielaVariant *variant;
  KielaPosition pos;

  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), FALSE);
  g_return_val_if_fail (text != NULL && short_text != NULL, FALSE);

  /* What a mail or a web page gives: surrounding spaces, a line break at the end. */
  kpn = g_strstrip (g_strdup (text));
  if (!kiela_position_parse (kpn, 0, &pos, &local))
    {
      show_kpn_error (self, short_text, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  variant = variant_for_files (self, pos.files);
  if (variant == NULL)
    {
      g_autofree char *why = g_strdup_printf (ngettext ("No variant here is played on %u file.",
                                                        "No variant here is played on %u files.", pos.files),
                                              pos.files);
      show_kpn_error (self, why, kpn);
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_VARIANT, why);
      return FALSE;
    }
  self->typed_house = NULL;
  apply (self, variant, &pos, FALSE);
  /* The same text again (or one already shown) changes nothing, but the old error must go. */
  hide_kpn_error (self);
  return TRUE;
}

const char *
kiela_position_editor_get_kpn_error (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return self->kpn_error;
}

const char *
kiela_position_editor_get_kpn_error_detail (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return self->kpn_error_detail;
}

const char *
kiela_position_editor_get_problem (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return self->problem;
}

gboolean
kiela_position_editor_start (KielaPositionEditor *self, const KielaPersonality *south,
                             const KielaPersonality *north, GError **error)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), FALSE);

  _kiela_window_hide_banner (self->window);
  if (!kiela_game_session_new_game_from_position (kiela_window_get_session (self->window), self->variant,
                                                  &self->pos, south, north, error))
    return FALSE;
  kiela_window_show_page (self->window, "game");
  return TRUE;
}

KielaBoardView *
kiela_position_editor_get_board (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return self->board;
}

/* ---------- life cycle ---------- */

static void
kiela_position_editor_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KIELA_TYPE_POSITION_EDITOR);
  G_OBJECT_CLASS (kiela_position_editor_parent_class)->dispose (object);
}

static void
kiela_position_editor_finalize (GObject *object)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (object);

  g_clear_pointer (&self->variants, g_ptr_array_unref);
  g_clear_pointer (&self->personalities, g_ptr_array_unref);
  g_clear_pointer (&self->undo, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);
  g_free (self->problem);
  g_free (self->kpn_error);
  g_free (self->kpn_error_detail);
  G_OBJECT_CLASS (kiela_position_editor_parent_class)->finalize (object);
}

static void
kiela_position_editor_class_init (KielaPositionEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  static const struct { const char *name; void (*activate) (GtkWidget *, const char *, GVariant *); } actions[] = {
    { "editor.undo", action_undo },
    { "editor.redo", action_redo },
    { "editor.clear", action_clear },
    { "editor.start-position", action_start_position },
    { "editor.mirror", action_mirror },
    { "editor.copy", action_copy },
    { "editor.paste", action_paste },
    { "editor.play", action_play },
    { "editor.analyse", action_analyse },
    { "editor.leave", action_leave },
  };

  object_class->dispose = kiela_position_editor_dispose;
  object_class->finalize = kiela_position_editor_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-position-editor.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KielaPositionEditor, name)
  BIND (north_label);
  BIND (south_label);
  BIND (board_overlay);
  BIND (board_box);
  BIND (variant_row);
  BIND (limits_row);
  BIND (south_toggle);
  BIND (north_toggle);
  BIND (totals_row);
  BIND (kpn_row);
  BIND (kpn_error_box);
  BIND (kpn_error_label);
  BIND (kpn_detail_label);
  BIND (status_row);
  BIND (status_icon);
  BIND (south_row);
  BIND (north_row);
  BIND (play_button);
  BIND (analyse_button);
#undef BIND

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, NULL, actions[i].activate);
  /* Bubbling from the focused widget: a text entry keeps its own undo, copy and paste. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "editor.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_y, GDK_CONTROL_MASK, "editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "editor.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "editor.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "editor.leave", NULL);
}

static void
kiela_position_editor_init (KielaPositionEditor *self)
{
  GtkGesture *press;
  GtkEventController *motion, *scroll, *key;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->undo = g_array_new (FALSE, FALSE, sizeof (Snapshot));
  self->redo = g_array_new (FALSE, FALSE, sizeof (Snapshot));
  self->variants = g_ptr_array_new ();
  self->personalities = g_ptr_array_new ();

  self->board = KIELA_BOARD_VIEW (kiela_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_append (self->board_box, GTK_WIDGET (self->board));
  g_signal_connect (self->board, "house-activated", G_CALLBACK (on_house_activated), self);
  g_signal_connect (self->board_overlay, "get-child-position", G_CALLBACK (on_overlay_position), self);

  press = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (press), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (press), GTK_PHASE_CAPTURE);
  g_signal_connect (press, "pressed", G_CALLBACK (on_board_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (press));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), motion);

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), scroll);

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_board_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), key);

  g_signal_connect (self->variant_row, "notify::selected", G_CALLBACK (on_variant_selected), self);
  g_signal_connect (self->south_toggle, "toggled", G_CALLBACK (on_side_toggled), self);
  g_signal_connect (self->north_toggle, "toggled", G_CALLBACK (on_side_toggled), self);
  g_signal_connect (self->kpn_row, "apply", G_CALLBACK (on_kpn_apply), self);
  g_signal_connect (self->kpn_row, "entry-activated", G_CALLBACK (on_kpn_apply), self);
}

GtkWidget *
kiela_position_editor_new (KielaWindow *window, KielaRegistry *registry)
{
  KielaPositionEditor *self = g_object_new (KIELA_TYPE_POSITION_EDITOR, NULL);
  GPtrArray *variants = kiela_registry_get_variants (registry);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) players = NULL;
  const KielaVariant *variant = kiela_registry_get_default_variant (registry);
  KielaPosition start;

  self->window = window;
  self->registry = registry;
  for (guint i = 0; variants && i < variants->len; i++)
    {
      const KielaVariant *v = g_ptr_array_index (variants, i);

      g_ptr_array_add (self->variants, (gpointer) v);
      gtk_string_list_append (names, kiela_variant_get_name (v));
    }
  players = kiela_player_list_new (registry, self->personalities);
  self->updating = TRUE;
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (names));
  adw_combo_row_set_model (self->south_row, G_LIST_MODEL (players));
  adw_combo_row_set_model (self->north_row, G_LIST_MODEL (players));
  self->updating = FALSE;

  if (variant == NULL && self->variants->len > 0)
    variant = g_ptr_array_index (self->variants, 0);
  g_return_val_if_fail (variant != NULL, GTK_WIDGET (self));
  kiela_position_init_start (&start, variant);
  apply (self, variant, &start, FALSE);
  return GTK_WIDGET (self);
}

/* ---------- the window's way in ---------- */

KielaPositionEditor *
kiela_position_editor_get_for_window (KielaWindow *window)
{
  return g_object_get_data (G_OBJECT (window), "kiela-position-editor");
}

/* Opens the editor on what the window shows: the reviewed position, the live one, or the
 * arrangement being made, with the game's players. */
static void
action_edit_position (GSimpleAction *action, GVariant *param, gpointer data)
{
  KielaWindow *window = data;
  KielaRegistry *registry = g_object_get_data (G_OBJECT (window), "kiela-position-editor-registry");
  KielaPositionEditor *self = kiela_position_editor_get_for_window (window);
  KielaGameSession *session = kiela_window_get_session (window);
  KielaGame *game = kiela_game_session_get_game (session);
  gboolean made = FALSE;

  /* Pressed again while editing: the set-up stays as it is. */
  if (self != NULL && g_strcmp0 (kiela_window_get_visible_page (window), KIELA_PAGE_EDITOR) == 0)
    return;
  if (self == NULL)
    {
      self = KIELA_POSITION_EDITOR (kiela_position_editor_new (window, registry));
      /* TRANSLATORS: the header's title while the position editor is shown */
      kiela_window_add_page (window, KIELA_PAGE_EDITOR, _("Set Up Position"), GTK_WIDGET (self));
      g_object_set_data (G_OBJECT (window), "kiela-position-editor", self);
      made = TRUE;
    }
  if (game != NULL)
    {
      KielaPosition pos;

      if (kiela_game_session_get_phase (session) != KIELA_PHASE_PLAY)
        kiela_game_session_get_setup_position (session, &pos);
      else
        pos = *kiela_game_get_position_at (game, kiela_game_session_get_view_ply (session));
      /* Taking the game's position is a step like any other: undo goes back to the last set-up. */
      kiela_position_editor_set_position (self, kiela_game_get_variant (game), &pos);
      if (made)
        {
          g_array_set_size (self->undo, 0);
          update_all (self);
        }
      select_player (self, self->south_row, kiela_game_session_get_player (session, KIELA_SOUTH));
      select_player (self, self->north_row, kiela_game_session_get_player (session, KIELA_NORTH));
    }
  kiela_window_show_page (window, KIELA_PAGE_EDITOR);
  gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
}

void
kiela_position_editor_attach (KielaWindow *window, KielaRegistry *registry)
{
  g_autoptr(GSimpleAction) edit = g_simple_action_new ("edit-position", NULL);

  g_object_set_data (G_OBJECT (window), "kiela-position-editor-registry", registry);
  g_signal_connect (edit, "activate", G_CALLBACK (action_edit_position), window);
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (edit));
}
