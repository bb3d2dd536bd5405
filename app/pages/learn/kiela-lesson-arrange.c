/* kiela-lesson-arrange.c: a lesson's ARRANGE step on the board: the pupil moves the arranger's
 * stones among its own houses in the board's setup mode (as in an expert game's arrangement),
 * Reset puts them back, Check hands the arrangement to the lesson view to be judged. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-arrange.h"
#include "kiela-catalogue-i18n.h"

/* TRANSLATORS: an arrangement step of a lesson: opens the ways to move stones */
#define HELP_BUTTON N_("Ho_w do I move the stones?")
/* TRANSLATORS: an arrangement step of a lesson, behind "How do I move the stones?" */
#define HELP_TEXT N_("Drag a stone to another of your houses. Or click a house, then another: each click carries " \
                     "one stone there; with Shift, all of them. With the keyboard: Enter on a house, the arrows, " \
                     "then Enter on the other house.")

struct _KielaLessonArrange {
  KielaBoardView *board;          /* not owned: the lesson view's */
  KielaLessonArrangeCheckFunc check;
  gpointer data;

  GtkWidget *bar;                 /* the controls, in the lesson's side panel */
  GtkLabel *what;                 /* one line: whose stones, where */
  GtkWidget *help_button;         /* "How do I move the stones?": the ways to move them, in a popover */
  GtkLabel *help;
  GtkWidget *reset_button;
  GtkWidget *check_button;
  gulong move_id, move_all_id;

  const KielaLesson *lesson;
  const KielaVariant *variant;
  guint step;
  gboolean active;
  gboolean right;                 /* judged right: the board is locked */
  gboolean judged;                /* the arrangement shown has been judged (wrong): Check waits for a change */
  KielaSide side;                 /* the arranger */
  KielaPosition start;            /* the step's position */
  KielaPosition arranged;         /* as the pupil has it */
  KielaCatalogue *catalogue;      /* the words' language (the lesson's Try it); NULL: the interface's */
};

static void
update_controls (KielaLessonArrange *self)
{
  gtk_widget_set_visible (self->bar, self->active);
  gtk_widget_set_sensitive (self->reset_button, self->active && !self->right
                            && !kiela_position_equal (&self->arranged, &self->start));
  gtk_widget_set_sensitive (self->check_button, self->active && !self->right && !self->judged);
}

static void
show_arrangement (KielaLessonArrange *self)
{
  kiela_board_view_clear_highlights (self->board);
  kiela_board_view_set_position (self->board, &self->arranged);
  update_controls (self);
}

/* One stone (or, Shift held, all of them) from `from` to `to`: the board refuses another
 * side's houses itself; an empty source moves nothing. */
static void
move_stones (KielaLessonArrange *self, guint side, guint from, guint to, guint count)
{
  guint houses;

  if (!self->active || self->right || side != self->side)
    return;
  houses = 2u * self->arranged.files;
  if (from >= houses || to >= houses || from == to || self->arranged.houses[side][from] == 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self->board));
      return;
    }
  count = MIN (count, self->arranged.houses[side][from]);
  self->arranged.houses[side][from] -= count;
  self->arranged.houses[side][to] += count;
  self->judged = FALSE;
  show_arrangement (self);
}

static void
on_setup_move (KielaBoardView *board, guint side, guint from, guint to, KielaLessonArrange *self)
{
  move_stones (self, side, from, to, 1);
}

static void
on_setup_move_all (KielaBoardView *board, guint side, guint from, guint to, KielaLessonArrange *self)
{
  move_stones (self, side, from, to, G_MAXUINT);
}

static void
on_reset (GtkButton *button, KielaLessonArrange *self)
{
  kiela_lesson_arrange_reset (self);
  gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
}

static void
on_check (GtkButton *button, KielaLessonArrange *self)
{
  if (self->active && !self->right && !self->judged)
    self->check (self->data);
}

KielaLessonArrange *
kiela_lesson_arrange_new (KielaBoardView *board, GtkWidget *sibling, KielaLessonArrangeCheckFunc check, gpointer data)
{
  KielaLessonArrange *self;
  GtkWidget *what_row, *popover, *buttons;

  g_return_val_if_fail (KIELA_IS_BOARD_VIEW (board), NULL);
  g_return_val_if_fail (GTK_IS_BOX (gtk_widget_get_parent (sibling)), NULL);

  self = g_new0 (KielaLessonArrange, 1);
  self->board = board;
  self->check = check;
  self->data = data;

  self->bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->bar, "kiela-lesson-arrange");
  /* One short line and the ways to move stones behind a button: written out in the answer
   * column, they took five lines of a 4:3 page's text band and pushed Next out of sight. */
  what_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->what = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->what, 0);
  gtk_label_set_wrap (self->what, TRUE);
  gtk_label_set_wrap_mode (self->what, PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (GTK_WIDGET (self->what), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->what), "dim-label");
  gtk_box_append (GTK_BOX (what_row), GTK_WIDGET (self->what));

  self->help = GTK_LABEL (gtk_label_new (_(HELP_TEXT)));
  gtk_label_set_xalign (self->help, 0);
  gtk_label_set_wrap (self->help, TRUE);
  gtk_label_set_wrap_mode (self->help, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (self->help, 40);
  gtk_widget_set_margin_start (GTK_WIDGET (self->help), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->help), 6);
  gtk_widget_set_margin_top (GTK_WIDGET (self->help), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->help), 6);
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), GTK_WIDGET (self->help));
  self->help_button = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->help_button), _(HELP_BUTTON));
  gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (self->help_button), TRUE);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->help_button), popover);
  gtk_widget_set_valign (self->help_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->help_button, "flat");
  gtk_box_append (GTK_BOX (what_row), self->help_button);
  gtk_box_append (GTK_BOX (self->bar), what_row);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* TRANSLATORS: an arrangement step of a lesson: put the stones back as the step had them */
  self->reset_button = gtk_button_new_with_mnemonic (_("_Reset"));
  gtk_widget_set_tooltip_text (self->reset_button, _("Put the stones back where they were"));
  g_signal_connect (self->reset_button, "clicked", G_CALLBACK (on_reset), self);
  gtk_box_append (GTK_BOX (buttons), self->reset_button);
  /* TRANSLATORS: an arrangement step of a lesson: judge the stones as they are now */
  self->check_button = gtk_button_new_with_mnemonic (_("_Check Arrangement"));
  gtk_widget_add_css_class (self->check_button, "suggested-action");
  g_signal_connect (self->check_button, "clicked", G_CALLBACK (on_check), self);
  gtk_box_append (GTK_BOX (buttons), self->check_button);
  gtk_box_append (GTK_BOX (self->bar), buttons);

  gtk_widget_set_visible (self->bar, FALSE);
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (sibling)), self->bar, sibling);

  self->move_id = g_signal_connect (board, "setup-move", G_CALLBACK (on_setup_move), self);
  self->move_all_id = g_signal_connect (board, "setup-move-all", G_CALLBACK (on_setup_move_all), self);
  return self;
}

void
kiela_lesson_arrange_free (KielaLessonArrange *self)
{
  if (self == NULL)
    return;
  g_clear_signal_handler (&self->move_id, self->board);
  g_clear_signal_handler (&self->move_all_id, self->board);
  g_signal_handlers_disconnect_by_data (self->reset_button, self);
  g_signal_handlers_disconnect_by_data (self->check_button, self);
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  g_free (self);
}

void
kiela_lesson_arrange_start (KielaLessonArrange *self, const KielaLesson *lesson, const KielaVariant *variant,
                            guint step, const KielaPosition *pos)
{
  gint side;

  g_return_if_fail (self != NULL && lesson != NULL && variant != NULL && pos != NULL);

  side = kiela_lesson_step_get_arranger (lesson, variant, step);
  self->lesson = lesson;
  self->variant = variant;
  self->step = step;
  self->start = *pos;
  self->arranged = *pos;
  self->right = self->judged = FALSE;
  self->active = side >= 0;
  if (!self->active)
    {
      kiela_lesson_arrange_stop (self);
      return;
    }
  self->side = (KielaSide) side;
  gtk_label_set_label (self->what, self->side == KIELA_SOUTH
                       /* TRANSLATORS: what to do in an arrangement step of a lesson */
                       ? T_ (self->catalogue, "Arrange South’s stones in its own houses.")
                       /* TRANSLATORS: what to do in an arrangement step of a lesson */
                       : T_ (self->catalogue, "Arrange North’s stones in its own houses."));
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->help_button), T_ (self->catalogue, HELP_BUTTON));
  gtk_label_set_label (self->help, T_ (self->catalogue, HELP_TEXT));
  gtk_button_set_label (GTK_BUTTON (self->reset_button), T_ (self->catalogue, "_Reset"));
  gtk_widget_set_tooltip_text (self->reset_button, T_ (self->catalogue, "Put the stones back where they were"));
  gtk_button_set_label (GTK_BUTTON (self->check_button), T_ (self->catalogue, "_Check Arrangement"));
  kiela_board_view_set_setup_mode (self->board, TRUE, self->side);
  kiela_board_view_set_interactive (self->board, TRUE);
  show_arrangement (self);
}

void
kiela_lesson_arrange_set_catalogue (KielaLessonArrange *self, KielaCatalogue *catalogue)
{
  g_return_if_fail (self != NULL);

  if (catalogue == self->catalogue)
    return;
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  self->catalogue = catalogue ? kiela_catalogue_ref (catalogue) : NULL;
}

void
kiela_lesson_arrange_stop (KielaLessonArrange *self)
{
  g_return_if_fail (self != NULL);

  if (self->active)
    kiela_board_view_set_setup_mode (self->board, FALSE, self->side);
  self->active = FALSE;
  update_controls (self);
}

gboolean
kiela_lesson_arrange_is_active (KielaLessonArrange *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->active;
}

const KielaPosition *
kiela_lesson_arrange_get_position (KielaLessonArrange *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->arranged;
}

void
kiela_lesson_arrange_reset (KielaLessonArrange *self)
{
  g_return_if_fail (self != NULL);

  if (!self->active || self->right)
    return;
  if (!kiela_position_equal (&self->arranged, &self->start))
    self->judged = FALSE;
  self->arranged = self->start;
  show_arrangement (self);
}

gboolean
kiela_lesson_arrange_show_right (KielaLessonArrange *self)
{
  KielaPosition right;

  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->active || self->right
      || !kiela_lesson_step_right_arrangement (self->lesson, self->variant, self->step, &right))
    return FALSE;
  self->arranged = right;
  self->judged = FALSE;
  show_arrangement (self);
  self->check (self->data);
  return TRUE;
}

/* The side to move's first move that captures most after the arrangement, or -1. */
static KielaMove
best_capture (KielaLessonArrange *self)
{
  KielaMove moves[KIELA_MAX_MOVES], best = -1;
  guint16 captured[KIELA_MAX_MOVES];
  guint n = kiela_legal_moves_captured (self->variant, &self->arranged, moves, NULL, NULL, NULL, captured);
  guint most = 0;

  for (guint i = 0; i < n; i++)
    if (captured[i] > most)
      best = moves[i], most = captured[i];
  return best;
}

/* Marks `move`'s house and the houses its captures take. */
static void
mark_capture (KielaLessonArrange *self, KielaMove move)
{
  g_autoptr(KielaTrace) trace = kiela_trace_new ();

  if (!kiela_sow_traced (self->variant, &self->arranged, move, trace))
    return;
  kiela_board_view_set_highlight (self->board, (KielaSide) self->arranged.to_move, KIELA_MOVE_HOUSE (move),
                                  KIELA_HIGHLIGHT_LIFT);
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *ev = kiela_trace_get_event (trace, i);

      if (ev->type != KIELA_EVENT_CAPTURE)
        continue;
      if (ev->count2 > 0)
        kiela_board_view_set_highlight (self->board, (KielaSide) ev->side2, ev->house2, KIELA_HIGHLIGHT_HINT);
      if (ev->count3 > 0)
        kiela_board_view_set_highlight (self->board, (KielaSide) ev->side2, ev->house3, KIELA_HIGHLIGHT_HINT);
    }
}

KielaMove
kiela_lesson_arrange_answered (KielaLessonArrange *self, KielaLessonVerdict verdict)
{
  KielaMove capture;

  g_return_val_if_fail (self != NULL, -1);

  if (!self->active || verdict == KIELA_LESSON_PENDING)
    return -1;
  capture = best_capture (self);
  if (verdict == KIELA_LESSON_RIGHT)
    {
      self->right = TRUE;
      kiela_board_view_set_setup_mode (self->board, FALSE, self->side);
      kiela_board_view_set_interactive (self->board, FALSE);
      update_controls (self);
      return capture;
    }
  /* Wrong: the arrangement stays to be changed; the capture still there (or too small) is shown. */
  self->judged = TRUE;
  kiela_board_view_set_setup_mode (self->board, TRUE, self->side);
  kiela_board_view_set_interactive (self->board, TRUE);
  kiela_board_view_clear_highlights (self->board);
  if (capture >= 0)
    mark_capture (self, capture);
  update_controls (self);
  return -1;
}

GtkWidget *
kiela_lesson_arrange_get_control (KielaLessonArrange *self, const char *name)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (g_strcmp0 (name, "check") == 0)
    return self->check_button;
  if (g_strcmp0 (name, "reset") == 0)
    return self->reset_button;
  if (g_strcmp0 (name, "what") == 0)
    return GTK_WIDGET (self->what);
  if (g_strcmp0 (name, "help") == 0)
    return self->help_button;
  if (g_strcmp0 (name, "help-text") == 0)
    return GTK_WIDGET (self->help);
  return NULL;
}
