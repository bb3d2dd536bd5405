/* kiela-window-review.c: the window's game review (win.review-game: the game-over card, the main menu): the review panel under the move list, following the shown ply. */

#include "config.h"

#include <glib/gi18n.h>

#include "kiela-window-private.h"
#include "kiela-review-panel.h"
#include "kiela-review-export.h"
#include "kiela-learn.h"
#include "kiela-compat.h"
#include "kiela-diagram.h"

#include <string.h>

static void update_review_actions (KielaWindow *self);

static void
follow_ply (KielaWindow *self)
{
  if (self->game_review != NULL && self->session != NULL)
    kiela_review_panel_set_ply (self->game_review, kiela_game_session_get_view_ply (self->session));
}

static void
on_ply_activated (KielaReviewPanel *panel, guint ply, KielaWindow *self)
{
  KielaGame *game = _kiela_window_game (self);

  if (game != NULL && ply <= kiela_game_get_n_moves (game))
    kiela_game_session_set_view_ply (self->session, ply);
}

/* Show Better Move: the position before the move, the engine's move played from it into a
 * variation (stone by stone, narrated as any move is), and what the played move gave away. */
static void
on_show_better (KielaReviewPanel *panel, guint index, KielaWindow *self)
{
  KielaReview *review = kiela_review_panel_get_review (panel);
  const KielaReviewMove *m;
  g_autofree char *why = NULL;
  g_autoptr(GError) error = NULL;
  AdwToast *toast;

  if (review == NULL || index >= kiela_review_get_n_judged (review))
    return;
  m = kiela_review_get_move (review, index);
  why = kiela_review_panel_explain (review, index);
  kiela_window_review_ply (self, m->ply - 1);
  if (!kiela_game_session_play (self->session, m->best, &error))
    {
      _kiela_window_show_banner (self, error->message);
      return;
    }
  toast = adw_toast_new (why);
  adw_toast_set_timeout (toast, 8);
  kiela_toast_overlay_add_toast (self->toast_overlay, toast);
}

static gboolean
line_in (KielaGameLine *parent, KielaGameLine *line)
{
  if (parent == line)
    return TRUE;
  for (guint i = 0; i < kiela_game_line_get_n_variations (parent); i++)
    if (line_in (kiela_game_line_get_variation (parent, i), line))
      return TRUE;
  return FALSE;
}

/* The reviewed line's judged move for `ply` of `line`, or NULL: the reviewed line is its own
 * plies and its parents' up to where it leaves them. */
static const KielaReviewMove *
judged_move (KielaWindow *self, KielaGameLine *line, guint ply)
{
  KielaReview *review;
  KielaGameLine *reviewed;
  guint limit = G_MAXUINT;

  if (self->game_review == NULL || ply == 0 || !gtk_widget_get_visible (GTK_WIDGET (self->game_review))
      || (review = kiela_review_panel_get_review (self->game_review)) == NULL
      || g_object_get_data (G_OBJECT (self->game_review), "kiela-tree") != kiela_game_session_get_tree (self->session))
    return NULL;
  reviewed = g_object_get_data (G_OBJECT (self->game_review), "kiela-line");
  /* A deleted variation's pointer is not to be followed: it must still be in the tree. */
  if (reviewed == NULL || !line_in (kiela_game_tree_get_main_line (kiela_game_session_get_tree (self->session)), reviewed))
    return NULL;
  for (; reviewed != NULL; reviewed = kiela_game_line_get_parent (reviewed))
    {
      if (reviewed == line)
        return ply <= limit && ply <= kiela_review_get_n_judged (review) ? kiela_review_get_move (review, ply - 1) : NULL;
      limit = MIN (limit, kiela_game_line_get_fork (reviewed));
    }
  return NULL;
}

void
_kiela_window_review_bind_mark (KielaWindow *self, KielaGameLine *line, guint ply, GtkLabel *mark)
{
  static const char * const classes[] = { "kiela-inaccuracy", "kiela-mistake", "kiela-blunder" };
  static const char * const shapes[] = { "○", "■", "▲" };
  const KielaReviewMove *m = judged_move (self, line, ply);

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (mark), classes[i]);
  if (m == NULL || m->grade < KIELA_GRADE_INACCURACY)
    {
      gtk_widget_set_visible (GTK_WIDGET (mark), FALSE);
      return;
    }
  {
    guint k = m->grade - KIELA_GRADE_INACCURACY;
    g_autofree char *text = g_strconcat (shapes[k], kiela_review_grade_mark (m->grade), NULL);

    gtk_label_set_text (mark, text);
    gtk_widget_add_css_class (GTK_WIDGET (mark), classes[k]);
    gtk_widget_set_tooltip_text (GTK_WIDGET (mark), kiela_review_grade_name (m->grade));
    gtk_widget_set_visible (GTK_WIDGET (mark), TRUE);
  }
}

/* A judged move's row shows its mark now. */
static void
on_move_judged (KielaReview *review, guint index, KielaWindow *self)
{
  KielaGameLine *line = self->game_review ? g_object_get_data (G_OBJECT (self->game_review), "kiela-line") : NULL;
  KielaGameTree *tree = kiela_game_session_get_tree (self->session);
  KielaGameLine *owner = line;
  guint ply = index + 1;

  if (line == NULL || review != kiela_review_panel_get_review (self->game_review)
      || g_object_get_data (G_OBJECT (self->game_review), "kiela-tree") != tree
      || !line_in (kiela_game_tree_get_main_line (tree), line))
    return;
  /* The line that plays this ply: the reviewed one or a parent before its fork. */
  while (owner != NULL && kiela_game_line_get_parent (owner) != NULL && ply <= kiela_game_line_get_fork (owner))
    owner = kiela_game_line_get_parent (owner);
  if (owner != NULL && kiela_review_get_move (review, index)->grade >= KIELA_GRADE_INACCURACY)
    kiela_move_list_model_row_changed (self->moves, kiela_move_list_model_get_row (self->moves, owner, ply));
}

/* With the review on, the move list keeps room for 8 whole rows: the review panel above it, the
 * analysis panel (F8) and What Happens below it left it two or three at 1280×800, one with the
 * analysis on.  So while the review is on, the list has a minimum of 8 rows and the room left over;
 * the "Moves" heading gives way to the review's own; What Happens keeps its sentence in at most
 * three lines (the whole of it in its tooltip) and folds its list of steps away; with the analysis
 * panel on too, What Happens is folded away whole; the game-over card gives the review its place
 * (kiela-window-status.c).  All of it comes back after. */
#define REVIEW_LIST_ROWS 8
/* A row of the move list (its labels, their margins and the navigation-sidebar row's padding)
 * and the list's own padding above and below its rows. */
#define REVIEW_ROW_HEIGHT 38
#define REVIEW_LIST_PADDING 12
#define REVIEW_NARRATION_LINES 3
#define NARRATION_HEIGHT 96   /* kiela-window.ui's height-request of the narration */

static void
fit_side_panel (KielaWindow *self)
{
  gboolean review = self->game_review != NULL && gtk_widget_get_visible (GTK_WIDGET (self->game_review));
  gboolean analysis = self->analysis != NULL && gtk_widget_get_visible (GTK_WIDGET (self->analysis));
  GtkWidget *moves_heading = self->game_review ? gtk_widget_get_prev_sibling (GTK_WIDGET (self->game_review)) : NULL;
  GtkWidget *narration_heading = gtk_widget_get_first_child (GTK_WIDGET (self->narration_box));
  GtkWidget *narration = GTK_WIDGET (self->narration_label);

  if (GTK_IS_LABEL (moves_heading))
    gtk_widget_set_visible (moves_heading, !review);
  gtk_label_set_lines (self->narration_label, review ? REVIEW_NARRATION_LINES : -1);
  gtk_label_set_ellipsize (self->narration_label, review ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  gtk_widget_set_size_request (narration, -1, review ? -1 : NARRATION_HEIGHT);
  gtk_widget_set_tooltip_text (narration, review ? gtk_label_get_text (self->narration_label) : NULL);
  gtk_widget_set_visible (narration_heading, !(review && analysis));
  gtk_widget_set_visible (narration, !(review && analysis));
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->narration_box), review && analysis ? 0 : 12);
  /* The room left over goes to the list, not to What Happens. */
  gtk_widget_set_vexpand (GTK_WIDGET (self->narration_box), !review);
}

static void
keep_list_room (KielaWindow *self, gboolean on)
{
  int saved = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self->game_review), "kiela-saved-min"));

  if (on && saved == 0)
    {
      g_object_set_data (G_OBJECT (self->game_review), "kiela-saved-min",
                         GINT_TO_POINTER (gtk_scrolled_window_get_min_content_height (self->move_scroller) + 1));
      gtk_scrolled_window_set_min_content_height (self->move_scroller,
                                                  REVIEW_LIST_ROWS * REVIEW_ROW_HEIGHT + REVIEW_LIST_PADDING);
    }
  else if (!on && saved != 0)
    {
      gtk_scrolled_window_set_min_content_height (self->move_scroller, saved - 1);
      g_object_set_data (G_OBJECT (self->game_review), "kiela-saved-min", NULL);
    }
  fit_side_panel (self);
  _kiela_window_update_step_bar (self);
  _kiela_window_update_turn (self);
}

/* `refresh`: the list still shows the reviewed game, whose marks go with the review. */
static void
close_review (KielaWindow *self, gboolean refresh)
{
  KielaReview *review;
  guint n = 0;

  if (self->game_review == NULL)
    return;
  review = kiela_review_panel_get_review (self->game_review);
  n = review != NULL ? kiela_review_get_n_judged (review) : 0;
  kiela_review_panel_stop (self->game_review);
  gtk_widget_set_visible (GTK_WIDGET (self->game_review), FALSE);
  keep_list_room (self, FALSE);
  g_object_set_data (G_OBJECT (self->game_review), "kiela-tree", NULL);
  g_object_set_data (G_OBJECT (self->game_review), "kiela-line", NULL);
  update_review_actions (self);
  for (guint row = 1; refresh && self->moves != NULL && row <= n; row++)
    kiela_move_list_model_row_changed (self->moves, row);
}

/* Another game (a new tree: not a variation entered or played), or the reviewed variation
 * deleted: the review was of a line that is gone. */
static void
on_tree_changed (KielaWindow *self)
{
  KielaGameTree *tree = kiela_game_session_get_tree (self->session);
  KielaGameLine *line;

  if (self->game_review == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->game_review)))
    return;
  line = g_object_get_data (G_OBJECT (self->game_review), "kiela-line");
  if (g_object_get_data (G_OBJECT (self->game_review), "kiela-tree") != tree)
    close_review (self, FALSE);
  else if (line != NULL && !line_in (kiela_game_tree_get_main_line (tree), line))
    close_review (self, TRUE);
}

static void
on_panel_destroy (GtkWidget *panel, KielaWindow *self)
{
  self->game_review = NULL;
}

void
_kiela_window_review_game (KielaWindow *self)
{
  KielaGameTree *tree;

  if (self->game_review == NULL || self->session == NULL)
    return;
  tree = kiela_game_session_get_tree (self->session);
  g_object_set_data_full (G_OBJECT (self->game_review), "kiela-tree", tree ? g_object_ref (tree) : NULL,
                          tree ? g_object_unref : NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->game_review), TRUE);
  keep_list_room (self, TRUE);
  if (!kiela_split_get_show_sidebar (self->split))
    kiela_split_set_show_sidebar (self->split, TRUE);
  g_object_set_data (G_OBJECT (self->game_review), "kiela-line", tree ? kiela_game_tree_get_current (tree) : NULL);
  if (kiela_review_panel_start (self->game_review, self->registry,
                                tree != NULL ? kiela_game_tree_get_game (tree) : _kiela_window_game (self), NULL))
    g_signal_connect_object (kiela_review_panel_get_review (self->game_review), "move-judged",
                             G_CALLBACK (on_move_judged), self, 0);
  update_review_actions (self);
  follow_ply (self);
}

/* ---------- what a finished review offers ---------- */

/* The player whose mistakes the review teaches from: the human against the computer; both
 * sides of a game between two people (an opened record) or between two computers. */
static guint
reviewed_sides (KielaWindow *self)
{
  guint sides = 0;

  for (KielaSide side = KIELA_SOUTH; side <= KIELA_NORTH; side++)
    if (kiela_game_session_get_player (self->session, side) == NULL)
      sides |= 1u << side;
  return sides != 0 ? sides : (1u << KIELA_SOUTH) | (1u << KIELA_NORTH);
}

static KielaReview *
finished_review (KielaWindow *self)
{
  KielaReview *review = self->game_review ? kiela_review_panel_get_review (self->game_review) : NULL;

  if (review == NULL || !gtk_widget_get_visible (GTK_WIDGET (self->game_review))
      || kiela_review_panel_get_running (self->game_review)
      || kiela_review_get_n_judged (review) < kiela_review_get_n_plies (review))
    return NULL;
  return review;
}

static void
update_review_actions (KielaWindow *self)
{
  static const char * const names[] = { "review-learn", "review-export-pdf", "review-export-csv" };
  gboolean done = finished_review (self) != NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), names[i])), done);
}

/* Learn from Your Mistakes: the reviewed player's mistakes and blunders as puzzles in the
 * lesson view (stars as for the shipped puzzles), kept under an id of the game's positions. */
static void
review_learn_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KielaWindow *self = data;
  KielaReview *review = finished_review (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  KielaReviewLesson *lesson;
  guint32 hash = 5381;

  if (review == NULL)
    return;
  for (guint i = 0; i <= kiela_review_get_n_plies (review); i++)
    hash = hash * 33 + (guint32) kiela_position_hash (kiela_review_get_position (review, i));
  id = g_strdup_printf ("review-mistakes-%08x", hash);
  lesson = kiela_review_lesson_new (review, reviewed_sides (self), id, &error);
  if (lesson == NULL)
    {
      kiela_window_add_message (self, error->message);
      return;
    }
  if (!kiela_learn_open_unlisted (self->learn, kiela_review_lesson_get_lesson (lesson), &error))
    {
      if (error != NULL)
        kiela_window_add_message (self, error->message);
      kiela_review_lesson_free (lesson);
      return;
    }
  /* The view shows it from now on: the one it showed before goes only now. */
  g_object_set_data_full (G_OBJECT (self->game_review), "kiela-mistakes", lesson,
                          (GDestroyNotify) kiela_review_lesson_free);
}

static GFile *
documents_folder_new (void)
{
  const char *docs = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  return g_file_new_for_path (docs && g_file_test (docs, G_FILE_TEST_IS_DIR) ? docs : g_get_home_dir ());
}

/* "Ana – Kizua": the worksheet's title. */
static char *
review_title (KielaWindow *self)
{
  return g_strdup_printf ("%s – %s", kiela_game_session_get_player_name (self->session, KIELA_SOUTH),
                          kiela_game_session_get_player_name (self->session, KIELA_NORTH));
}

gboolean
_kiela_window_review_export (KielaWindow *self, GFile *file, gboolean pdf, GError **error)
{
  KielaReview *review = finished_review (self);
  g_autoptr(GBytes) bytes = NULL;

  if (review == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("The review is not finished."));
      return FALSE;
    }
  if (pdf)
    {
      g_autofree char *title = review_title (self);

      bytes = kiela_review_sheet_to_pdf (review, title, reviewed_sides (self), KIELA_PAPER_A4, error);
    }
  else
    {
      char *csv = kiela_review_to_csv (review);

      bytes = g_bytes_new_take (csv, strlen (csv));
    }
  return bytes != NULL && kiela_diagram_write_file (file, bytes, error);
}

static void
on_export_chosen (GFile *file, gpointer data)
{
  KielaWindow *self = KIELA_WINDOW (data);
  gboolean pdf = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self), "kiela-review-export-pdf"));
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *msg = NULL;

  if (file == NULL)
    return;
  name = g_file_get_basename (file);
  if (_kiela_window_review_export (self, file, pdf, &error))
    msg = g_strdup_printf (_("Exported “%s”"), name);
  else
    /* TRANSLATORS: the review's export failed; the error names the file and the problem */
    msg = g_strdup_printf ("%s %s", _("The review could not be exported."), error->message);
  kiela_window_add_message (self, msg);
}

static void
review_export_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KielaWindow *self = data;
  gboolean pdf = g_str_equal (g_action_get_name (G_ACTION (action)), "review-export-pdf");
  g_autoptr(GListStore) filters = kiela_compat_file_filters_new ();
  g_autoptr(GFile) docs = documents_folder_new ();
  g_autofree char *stem = kiela_window_dup_file_stem (self);
  /* TRANSLATORS: default file names of the exported review, after the game's name
   * ("kizua-vs-human-2026-12-01-review.pdf"); keep the endings */
  g_autofree char *name = g_strdup_printf (pdf ? _("%s-review.pdf") : _("%s-review.csv"), stem);
  KielaCompatFileRequest request = {
    .title = pdf ? _("Export the Review as a Worksheet") : _("Export the Review as CSV"),
    .accept_label = _("_Export"), .filters = G_LIST_MODEL (filters), .folder = docs, .name = name,
  };

  if (finished_review (self) == NULL)
    return;
  if (pdf)
    kiela_compat_file_filters_add (filters, _("PDF documents"), "application/pdf", "*.pdf", NULL);
  else
    kiela_compat_file_filters_add (filters, _("CSV files"), "text/csv", "*.csv", NULL);
  g_object_set_data (G_OBJECT (self), "kiela-review-export-pdf", GINT_TO_POINTER (pdf));
  kiela_compat_choose_file (GTK_WINDOW (self), KIELA_COMPAT_FILE_SAVE, &request, on_export_chosen,
                            g_object_ref (self), g_object_unref);
}

static void
review_game_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  /* From the main menu on another page: the review is shown beside the game. */
  if (g_strcmp0 (kiela_window_get_visible_page (KIELA_WINDOW (data)), "game") != 0
      && !kiela_window_show_page (KIELA_WINDOW (data), "game"))
    return;
  _kiela_window_review_game (KIELA_WINDOW (data));
}

static void
close_review_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  close_review (KIELA_WINDOW (data), TRUE);
}

KielaReviewPanel *
_kiela_window_get_review_panel (KielaWindow *self)
{
  return self->game_review;
}

void
_kiela_window_review_init (KielaWindow *self)
{
  static const GActionEntry entries[] = {
    { "review-game", review_game_activated, NULL, NULL, NULL, { 0 } },
    { "close-review", close_review_activated, NULL, NULL, NULL, { 0 } },
    { "review-learn", review_learn_activated, NULL, NULL, NULL, { 0 } },
    { "review-export-pdf", review_export_activated, NULL, NULL, NULL, { 0 } },
    { "review-export-csv", review_export_activated, NULL, NULL, NULL, { 0 } },
  };
  static const char * const notifies[] = { "notify::view-ply", "notify::n-moves" };
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->move_scroller));

  self->game_review = KIELA_REVIEW_PANEL (kiela_review_panel_new ());
  gtk_widget_set_margin_start (GTK_WIDGET (self->game_review), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->game_review), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->game_review), 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->game_review), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->game_review), FALSE);
  /* Above the move list: the graph and the marks, then the moves they point at. */
  gtk_box_insert_child_after (GTK_BOX (parent), GTK_WIDGET (self->game_review),
                              gtk_widget_get_prev_sibling (GTK_WIDGET (self->move_scroller)));
  g_signal_connect (self->game_review, "ply-activated", G_CALLBACK (on_ply_activated), self);
  g_signal_connect (self->game_review, "show-better", G_CALLBACK (on_show_better), self);
  g_signal_connect_object (self->game_review, "destroy", G_CALLBACK (on_panel_destroy), self, 0);
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
  g_signal_connect_object (self->game_review, "done", G_CALLBACK (update_review_actions), self, G_CONNECT_SWAPPED);
  update_review_actions (self);
  for (guint i = 0; i < G_N_ELEMENTS (notifies); i++)
    g_signal_connect_object (self->session, notifies[i], G_CALLBACK (follow_ply), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::tree", G_CALLBACK (on_tree_changed), self, G_CONNECT_SWAPPED);
  if (self->analysis != NULL)
    g_signal_connect_object (self->analysis, "notify::visible", G_CALLBACK (fit_side_panel), self,
                             G_CONNECT_SWAPPED);
}
