/* kiela-position-editor.c: the position editor page: stones added and taken away on the board by
 * click, scroll or typed count, the variant and side to move, undo, KPN through the clipboard, and
 * a game or an analysis started from the position in the window it is a page of. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-fold-layout.h"
#include "kiela-position-editor.h"
#include "kiela-position-model.h"
#include "kiela-position-editor-private.h"
#include "kiela-window.h"
#include "kiela-board-view-private.h"
#include "kiela-new-game-dialog.h"

G_DEFINE_FINAL_TYPE (KielaPositionEditor, kiela_position_editor, ADW_TYPE_BIN)

/* The window the page is shown in, or NULL while it is in none. */
static KielaWindow *
get_window (KielaPositionEditor *self)
{
  return KIELA_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (self), KIELA_TYPE_WINDOW));
}

static void
say (KielaPositionEditor *self, const char *text)
{
  KielaWindow *window = get_window (self);

  if (window != NULL)
    kiela_window_add_message (window, text);
}

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
  const KielaPosition *pos = kiela_position_model_get_position (self->model);
  g_autofree char *stones = stones_text (kiela_position_side_total (pos, side));
  g_autofree char *text = NULL;

  if (side == pos->to_move)
    /* TRANSLATORS: beside the board in the position editor: "▶ South to move · 28 stones" */
    text = g_strdup_printf (side == KIELA_SOUTH ? _("▶ South to move · %s") : _("▶ North to move · %s"), stones);
  else
    /* TRANSLATORS: beside the board in the position editor: "North · 28 stones" */
    text = g_strdup_printf (side == KIELA_SOUTH ? _("South · %s") : _("North · %s"), stones);
  gtk_label_set_text (label, text);
  if (side == pos->to_move)
    gtk_widget_add_css_class (GTK_WIDGET (label), "kiela-to-move");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (label), "kiela-to-move");
}

static void
update_limits (KielaPositionEditor *self)
{
  const KielaVariant *v = kiela_position_model_get_variant (self->model);
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

/* The houses of `houses` (local numbers) as South names them: "a1, b1, b2, a2". */
static char *
house_list (guint files, guint64 houses)
{
  GString *text = g_string_new (NULL);

  for (guint h = 0; h < 2u * files; h++)
    if (houses & (G_GUINT64_CONSTANT (1) << h))
      {
        char sq[4];

        kiela_square_name (files, KIELA_SOUTH, h, sq);
        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append (text, sq);
      }
  return g_string_free (text, FALSE);
}

/* The variant's rules beyond sowing and capturing, in words, one a line; NULL when it has none. */
static char *
special_rules_text (const KielaVariant *v)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  char sq[4];

  if (v->reverse != NULL)
    {
      g_autofree char *houses = house_list (v->files, v->reverse->houses);

      g_ptr_array_add (lines, v->reverse->when == KIELA_REVERSE_ALWAYS
                              /* TRANSLATORS: a rule of the game in the position editor; %s the
                               * houses as South names them ("a1, b1, b2, a2") */
                              ? g_strdup_printf (_("Clockwise sowing from %s (North’s own alike)."), houses)
                              /* TRANSLATORS: Omweso's reverse captures; %s as above */
                              : g_strdup_printf (_("Clockwise sowing from %s when it captures (North’s own "
                                                   "alike)."), houses));
    }
  if (v->flags & KIELA_VARIANT_FLAG_WIN_BOTH_ENDS)
    g_ptr_array_add (lines, g_strdup (_("Captures at both ends of the board in one move win at once.")));
  if (v->extra_capture == 2)
    /* TRANSLATORS: Mefuvha (two houses): the two are taken together or not at all */
    g_ptr_array_add (lines, g_strdup (_("After a capture the mover may take 2 more houses of their choice, both or "
                                        "none.")));
  else if (v->extra_capture > 0)
    g_ptr_array_add (lines, g_strdup_printf (ngettext ("After a capture the mover may take %u more house of "
                                                       "their choice.",
                                                       "After a capture the mover may take %u more houses of "
                                                       "their choice.", (gulong) v->extra_capture),
                                             (guint) v->extra_capture));
  if (v->flags & KIELA_VARIANT_FLAG_SINGLE_SKIP)
    {
      char from[4], a[4], b[4];

      kiela_square_name (v->files, KIELA_SOUTH, 2u * v->files - 2, from);
      kiela_square_name (v->files, KIELA_SOUTH, 0, a);
      kiela_square_name (v->files, KIELA_SOUTH, 1, b);
      /* TRANSLATORS: Quiela's skip, houses as South names them: "A threatened single in b2 may
       * skip to a1 or b1." */
      g_ptr_array_add (lines, g_strdup_printf (_("A threatened single in %s may skip to %s or %s."), from, a, b));
    }
  if (v->flags & KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES)
    g_ptr_array_add (lines, g_strdup (_("Two phases: a side with no house of two stones moves single stones "
                                        "into empty houses.")));
  if (v->first_move != 0)
    {
      kiela_square_name (v->files, KIELA_SOUTH, (guint) v->first_move - 1, sq);
      /* TRANSLATORS: Mefuvha's forced opening; %s the house as South names it (c2) */
      g_ptr_array_add (lines, g_strdup_printf (_("Each side’s first move is made from %s."), sq));
    }
  if (v->flags & KIELA_VARIANT_FLAG_FIRST_SOW_IN_HOUSE)
    {
      kiela_square_name (v->files, KIELA_SOUTH, 0, sq);
      /* TRANSLATORS: Quiela's first sowing; %s the leftmost outer house as South names it (a1) */
      g_ptr_array_add (lines, g_strdup_printf (_("A side’s first sowing from %1$s may drop its first stone into "
                                                 "%1$s."), sq));
    }
  if (lines->len == 0)
    return NULL;
  g_ptr_array_add (lines, NULL);
  return g_strjoinv ("\n", (char **) lines->pdata);
}

static void
update_owed_row (KielaPositionEditor *self, AdwActionRow *row, GtkSwitch *sw, guint bit, const char *title,
                 const char *subtitle)
{
  const KielaVariant *v = kiela_position_model_get_variant (self->model);
  const KielaPosition *pos = kiela_position_model_get_position (self->model);
  gboolean shown = (kiela_position_model_owed_mask (v) & bit) != 0;

  gtk_widget_set_visible (GTK_WIDGET (row), shown);
  if (!shown)
    return;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (row, subtitle);
  gtk_switch_set_active (sw, (pos->first_move_owed & bit) != 0);
}

static void
update_rules (KielaPositionEditor *self)
{
  const KielaVariant *v = kiela_position_model_get_variant (self->model);
  const KielaPosition *pos = kiela_position_model_get_position (self->model);
  g_autofree char *rules = special_rules_text (v);
  char first[4], leftmost_s[4], leftmost_n[4];

  gtk_widget_set_visible (GTK_WIDGET (self->rules_group), rules != NULL);
  if (rules == NULL)
    return;
  adw_action_row_set_subtitle (self->special_row, rules);
  gtk_widget_set_visible (GTK_WIDGET (self->phase_row), (v->flags & KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES) != 0);
  if (v->flags & KIELA_VARIANT_FLAG_LATER_PHASE_SINGLES)
    {
      gboolean later[2];
      g_autofree char *text = NULL;

      for (guint s = 0; s < 2; s++)
        later[s] = kiela_variant_in_later_phase (v, pos, (KielaSide) s);
      /* TRANSLATORS: the phase of each side in the position editor (Quiela), read from the
       * stones: "South: initial phase · North: later phase" */
      text = g_strdup_printf (_("South: %s · North: %s"),
                              later[KIELA_SOUTH] ? C_("game phase", "later phase") : C_("game phase", "initial phase"),
                              later[KIELA_NORTH] ? C_("game phase", "later phase") : C_("game phase", "initial phase"));
      adw_action_row_set_subtitle (self->phase_row, text);
    }
  kiela_square_name (v->files, KIELA_SOUTH, v->first_move ? (guint) v->first_move - 1 : 0, first);
  kiela_square_name (v->files, KIELA_SOUTH, 0, leftmost_s);
  kiela_square_name (v->files, KIELA_NORTH, 0, leftmost_n);
  {
    g_autofree char *from_s = g_strdup_printf (_("Its first move is still to be made from %s."), first);
    g_autofree char *from_n = NULL;
    g_autofree char *in_s = g_strdup_printf (_("Its first sowing from %1$s may still start in %1$s."), leftmost_s);
    g_autofree char *in_n = g_strdup_printf (_("Its first sowing from %1$s may still start in %1$s."), leftmost_n);

    kiela_square_name (v->files, KIELA_NORTH, v->first_move ? (guint) v->first_move - 1 : 0, first);
    from_n = g_strdup_printf (_("Its first move is still to be made from %s."), first);
    update_owed_row (self, self->first_south_row, self->first_south_switch,
                     KIELA_POSITION_MODEL_OWES_FIRST_MOVE (KIELA_SOUTH), _("South’s First Move to Come"), from_s);
    update_owed_row (self, self->first_north_row, self->first_north_switch,
                     KIELA_POSITION_MODEL_OWES_FIRST_MOVE (KIELA_NORTH), _("North’s First Move to Come"), from_n);
    update_owed_row (self, self->in_house_south_row, self->in_house_south_switch,
                     KIELA_POSITION_IN_HOUSE_OWED (KIELA_SOUTH), _("South’s First Sowing to Come"), in_s);
    update_owed_row (self, self->in_house_north_row, self->in_house_north_switch,
                     KIELA_POSITION_IN_HOUSE_OWED (KIELA_NORTH), _("North’s First Sowing to Come"), in_n);
  }
}

static void
on_owed_switched (GtkSwitch *sw, GParamSpec *pspec, KielaPositionEditor *self)
{
  guint bit = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (sw), "kiela-owed-bit"));
  const KielaPosition *pos = kiela_position_model_get_position (self->model);

  if (self->updating || ((pos->first_move_owed & bit) != 0) == gtk_switch_get_active (sw))
    return;
  kiela_position_model_set_owed (self->model, bit, gtk_switch_get_active (sw));
}

static void
update_status (KielaPositionEditor *self)
{
  const char *problem = kiela_position_model_get_problem (self->model);
  const KielaPosition *pos = kiela_position_model_get_position (self->model);
  gboolean ok = problem == NULL;

  if (!ok)
    {
      gtk_image_set_from_icon_name (self->status_icon, "dialog-warning-symbolic");
      gtk_widget_add_css_class (GTK_WIDGET (self->status_icon), "warning");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->status_row), _("Cannot Be Played"));
      adw_action_row_set_subtitle (self->status_row, problem);
    }
  else
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_legal_moves (kiela_position_model_get_variant (self->model), pos, moves, NULL, NULL);
      g_autofree char *text = g_strdup_printf (pos->to_move == KIELA_SOUTH
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
  const KielaVariant *variant = kiela_position_model_get_variant (self->model);
  const KielaPosition *pos = kiela_position_model_get_position (self->model);
  KielaMove moves[KIELA_MAX_MOVES];
  guint n_moves;
  guint south = kiela_position_side_total (pos, KIELA_SOUTH);
  guint north = kiela_position_side_total (pos, KIELA_NORTH);
  g_autofree char *totals = NULL;
  g_autofree char *kpn = kiela_position_to_string (pos);
  guint index = 0;

  self->updating = TRUE;
  kiela_board_view_set_variant (self->board, variant);
  kiela_board_view_set_position (self->board, pos);
  /* The houses the side to move could sow: the variant's rules at a glance. */
  n_moves = kiela_legal_moves (variant, pos, moves, NULL, NULL);
  kiela_board_view_set_playable (self->board, (KielaSide) pos->to_move, moves, n_moves);

  update_side_label (self, KIELA_NORTH);
  update_side_label (self, KIELA_SOUTH);
  /* TRANSLATORS: the totals row of the position editor: South's stones, North's, both */
  totals = g_strdup_printf (_("South %1$u · North %2$u · %3$u in all"), south, north, south + north);
  adw_action_row_set_subtitle (self->totals_row, totals);
  gtk_toggle_button_set_active (pos->to_move == KIELA_SOUTH ? self->south_toggle : self->north_toggle, TRUE);
  if (g_ptr_array_find (self->variants, variant, &index))
    adw_combo_row_set_selected (self->variant_row, index);
  update_limits (self);
  update_rules (self);
  if (!gtk_widget_has_focus (GTK_WIDGET (self->kpn_row)) || g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->kpn_row)), kpn) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->kpn_row), kpn);
  update_status (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.undo", kiela_position_model_can_undo (self->model));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.redo", kiela_position_model_can_redo (self->model));
  self->updating = FALSE;
}

/* A refused KPN in words under the entry, the parser's message under Details. */
static void
on_kpn_error_changed (KielaPositionModel *model, KielaPositionEditor *self)
{
  const char *text = kiela_position_model_get_kpn_error (model);
  const char *detail = kiela_position_model_get_kpn_error_detail (model);

  if (text != NULL)
    {
      gtk_label_set_text (self->kpn_error_label, text);
      gtk_label_set_text (self->kpn_detail_label, detail ? detail : "");
    }
  gtk_widget_set_visible (self->kpn_error_box, text != NULL);
}

/* ---------- the side panel ---------- */

static void
on_variant_selected (AdwComboRow *row, GParamSpec *pspec, KielaPositionEditor *self)
{
  guint i = adw_combo_row_get_selected (row);

  if (self->updating || i >= self->variants->len)
    return;
  kiela_position_model_set_variant (self->model, g_ptr_array_index (self->variants, i));
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

  kiela_board_editing_forget_typing (self->editing);
  kiela_position_model_undo (self->model);
}

static void
action_redo (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);

  kiela_board_editing_forget_typing (self->editing);
  kiela_position_model_redo (self->model);
}

static void
action_clear (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_position_model_clear (KIELA_POSITION_EDITOR (widget)->model);
}

static void
action_start_position (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_position_model_reset (KIELA_POSITION_EDITOR (widget)->model);
}

static void
action_mirror (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_position_model_mirror (KIELA_POSITION_EDITOR (widget)->model);
}

static void
action_copy (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (widget);
  g_autofree char *kpn = kiela_position_editor_dup_kpn (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), kpn);
  say (self, _("Position copied"));
}

static void
paste_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(KielaPositionEditor) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL)
    {
      kiela_position_model_set_kpn_error (self->model, _("The clipboard holds no text to paste."),
                                          error ? error->message : NULL);
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
start_confirmed (GObject *source, GAsyncResult *result, gpointer data)
{
  StartRequest *r = data;
  g_autoptr(GError) error = NULL;

  /* Cancelled, or the save failed (the window says why): the game stays. */
  if (kiela_window_confirm_discard_finish (KIELA_WINDOW (source), result, NULL))
    {
      if (!kiela_position_editor_start (r->self, r->south, r->north, &error))
        say (r->self, error->message);
      else if (r->south == NULL && r->north == NULL)
        say (r->self, _("You play both sides: try a move, take it back, ask for a hint."));
    }
  start_request_free (r);
}

static void
request_start (KielaPositionEditor *self, const KielaPersonality *south, const KielaPersonality *north)
{
  KielaWindow *window = get_window (self);
  StartRequest *r;

  if (window == NULL)
    return;
  r = g_new0 (StartRequest, 1);
  r->self = g_object_ref (self);
  r->south = south;
  r->north = north;
  kiela_window_confirm_discard_async (window, NULL, start_confirmed, r);
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
  gtk_widget_activate_action (widget, "win.show-page", "s", "game");
}

/* ---------- public API ---------- */

gboolean
kiela_position_editor_set_position (KielaPositionEditor *self, const KielaVariant *variant, const KielaPosition *pos)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), FALSE);
  g_return_val_if_fail (variant != NULL && pos != NULL, FALSE);

  if (pos->files != variant->files)
    return FALSE;
  kiela_board_editing_forget_typing (self->editing);
  kiela_position_model_apply (self->model, variant, pos, FALSE);
  return TRUE;
}

const KielaPosition *
kiela_position_editor_get_position (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return kiela_position_model_get_position (self->model);
}

const KielaVariant *
kiela_position_editor_get_variant (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return kiela_position_model_get_variant (self->model);
}

void
kiela_position_editor_set_count (KielaPositionEditor *self, KielaSide side, guint house, guint count)
{
  g_return_if_fail (KIELA_IS_POSITION_EDITOR (self));
  kiela_position_model_set_count (self->model, side, house, count);
}

void
kiela_position_editor_set_to_move (KielaPositionEditor *self, KielaSide side)
{
  g_return_if_fail (KIELA_IS_POSITION_EDITOR (self));
  kiela_position_model_set_to_move (self->model, side);
}

char *
kiela_position_editor_dup_kpn (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return kiela_position_model_dup_kpn (self->model);
}

gboolean
kiela_position_editor_apply_kpn (KielaPositionEditor *self, const char *text, const char *short_text,
                                 GError **error)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), FALSE);

  kiela_board_editing_forget_typing (self->editing);
  return kiela_position_model_apply_kpn (self->model, text, short_text, error);
}

const char *
kiela_position_editor_get_kpn_error (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return kiela_position_model_get_kpn_error (self->model);
}

const char *
kiela_position_editor_get_kpn_error_detail (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return kiela_position_model_get_kpn_error_detail (self->model);
}

const char *
kiela_position_editor_get_problem (KielaPositionEditor *self)
{
  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), NULL);
  return kiela_position_model_get_problem (self->model);
}

gboolean
kiela_position_editor_start (KielaPositionEditor *self, const KielaPersonality *south,
                             const KielaPersonality *north, GError **error)
{
  KielaWindow *window;

  g_return_val_if_fail (KIELA_IS_POSITION_EDITOR (self), FALSE);

  window = get_window (self);
  g_return_val_if_fail (window != NULL, FALSE);
  if (!kiela_window_new_game_from_position (window, kiela_position_model_get_variant (self->model),
                                            kiela_position_model_get_position (self->model), south, north, error))
    return FALSE;
  kiela_window_show_page (window, "game");
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
  g_clear_weak_pointer (&KIELA_POSITION_EDITOR (object)->session);
  gtk_widget_dispose_template (GTK_WIDGET (object), KIELA_TYPE_POSITION_EDITOR);
  G_OBJECT_CLASS (kiela_position_editor_parent_class)->dispose (object);
}

static void
kiela_position_editor_finalize (GObject *object)
{
  KielaPositionEditor *self = KIELA_POSITION_EDITOR (object);

  g_clear_pointer (&self->variants, g_ptr_array_unref);
  g_clear_pointer (&self->personalities, g_ptr_array_unref);
  g_clear_object (&self->model);
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
  BIND (rules_group);
  BIND (special_row);
  BIND (phase_row);
  BIND (first_south_row);
  BIND (first_north_row);
  BIND (in_house_south_row);
  BIND (in_house_north_row);
  BIND (first_south_switch);
  BIND (first_north_switch);
  BIND (in_house_south_switch);
  BIND (in_house_north_switch);
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
  /* The settings go under the board below 900 px (AdwBin's layout replaced). */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), kiela_fold_layout_new (900));
  gtk_widget_init_template (GTK_WIDGET (self));
  self->variants = g_ptr_array_new ();
  self->personalities = g_ptr_array_new ();

  _kiela_position_editor_init_board (self);

  g_signal_connect (self->variant_row, "notify::selected", G_CALLBACK (on_variant_selected), self);
  g_signal_connect (self->south_toggle, "toggled", G_CALLBACK (on_side_toggled), self);
  g_signal_connect (self->north_toggle, "toggled", G_CALLBACK (on_side_toggled), self);
  g_signal_connect (self->kpn_row, "apply", G_CALLBACK (on_kpn_apply), self);
  {
    const struct { GtkSwitch *sw; guint bit; } owed[] = {
      { self->first_south_switch, KIELA_POSITION_MODEL_OWES_FIRST_MOVE (KIELA_SOUTH) },
      { self->first_north_switch, KIELA_POSITION_MODEL_OWES_FIRST_MOVE (KIELA_NORTH) },
      { self->in_house_south_switch, KIELA_POSITION_IN_HOUSE_OWED (KIELA_SOUTH) },
      { self->in_house_north_switch, KIELA_POSITION_IN_HOUSE_OWED (KIELA_NORTH) },
    };

    for (guint i = 0; i < G_N_ELEMENTS (owed); i++)
      {
        g_object_set_data (G_OBJECT (owed[i].sw), "kiela-owed-bit", GUINT_TO_POINTER (owed[i].bit));
        g_signal_connect (owed[i].sw, "notify::active", G_CALLBACK (on_owed_switched), self);
      }
  }
  g_signal_connect (self->kpn_row, "entry-activated", G_CALLBACK (on_kpn_apply), self);
}

GtkWidget *
kiela_position_editor_new (KielaGameSession *session, KielaRegistry *registry)
{
  KielaPositionEditor *self = g_object_new (KIELA_TYPE_POSITION_EDITOR, NULL);
  GPtrArray *variants = kiela_registry_get_variants (registry);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) players = NULL;
  const KielaVariant *variant = kiela_registry_get_default_variant (registry);

  g_set_weak_pointer (&self->session, session);
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
  self->model = kiela_position_model_new (self->variants, variant);
  self->editing = kiela_board_editing_attach (self->board, self->model);
  g_signal_connect_object (self->model, "changed", G_CALLBACK (update_all), self, G_CONNECT_SWAPPED);
  g_signal_connect (self->model, "kpn-error-changed", G_CALLBACK (on_kpn_error_changed), self);
  update_all (self);
  return GTK_WIDGET (self);
}

/* ---------- the window's way in ---------- */

/* Opens on what the session shows: the reviewed position, the live one, or the arrangement
 * being made, with the game's players. */
void
kiela_position_editor_take_shown (KielaPositionEditor *self)
{
  KielaGame *game;

  g_return_if_fail (KIELA_IS_POSITION_EDITOR (self));
  if (self->session == NULL || (game = kiela_game_session_get_game (self->session)) == NULL)
    return;
  {
    KielaPosition pos;

    if (kiela_game_session_get_phase (self->session) != KIELA_PHASE_PLAY)
      kiela_game_session_get_setup_position (self->session, &pos);
    else
      pos = *kiela_game_get_position_at (game, kiela_game_session_get_view_ply (self->session));
    /* Taking the game's position is a step like any other: undo goes back to the last set-up. */
    kiela_position_editor_set_position (self, kiela_game_get_variant (game), &pos);
    if (!self->taken)
      kiela_position_model_clear_history (self->model);
    self->taken = TRUE;
    select_player (self, self->south_row, kiela_game_session_get_player (self->session, KIELA_SOUTH));
    select_player (self, self->north_row, kiela_game_session_get_player (self->session, KIELA_NORTH));
  }
}
