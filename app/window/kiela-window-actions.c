/* kiela-window-actions.c: the main window's actions ("win.*"), when each is enabled, the file
 * dialogs, the question before unsaved changes are replaced, preferences and About. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-widget-util.h"
#include "kiela-window-private.h"
#include "kiela-ai-player.h"
#include "kiela-compat.h"
#include "kiela-export.h"
#include "kiela-new-game-dialog.h"
#include "kiela-position-editor.h"
#include "kiela-preferences-window.h"

/* What runs after a question or a file chooser, unless it was cancelled. */
typedef void (*KielaWindowContinuation) (KielaWindow *self, gpointer data);

static void save_as (KielaWindow *self, KielaWindowContinuation then, gpointer data, GDestroyNotify destroy);

/* ---------- enabling ---------- */

void
_kiela_window_actions_update (KielaWindow *self)
{
  GtkWidget *w = GTK_WIDGET (self);
  KielaGameSession *session = self->session;
  KielaGame *game = kiela_game_session_get_game (session);
  gboolean has_trace = kiela_trace_player_get_trace (self->player) != NULL;
  gboolean playing = kiela_trace_player_get_playing (self->player);
  gboolean at_start = kiela_trace_player_is_at_start (self->player);
  gboolean at_end = kiela_trace_player_is_at_end (self->player);
  gboolean live = kiela_game_session_is_live (session);
  gboolean on_game_page = _kiela_window_game_page_visible (self);
  guint ply = kiela_game_session_get_view_ply (session);
  gboolean arranging = game && kiela_game_session_get_phase (session) != KIELA_PHASE_PLAY
                       && kiela_game_session_get_player (session, kiela_game_session_get_turn (session)) == NULL;

  /* While playing, every step control also pauses, so none is disabled then. */
  gtk_widget_action_set_enabled (w, "win.step-back", has_trace && (playing || !at_start));
  gtk_widget_action_set_enabled (w, "win.go-start", has_trace && (playing || !at_start));
  gtk_widget_action_set_enabled (w, "win.step-forward", has_trace && !at_end);
  gtk_widget_action_set_enabled (w, "win.go-end", has_trace && !at_end);
  gtk_widget_action_set_enabled (w, "win.play-pause", has_trace || (kiela_game_session_get_ai_paused (session) && live));
  gtk_widget_action_set_enabled (w, "win.previous-move", ply > 0);
  gtk_widget_action_set_enabled (w, "win.next-move", game && ply < kiela_game_get_n_moves (game));
  gtk_widget_action_set_enabled (w, "win.back-to-game", game && !live);
  /* Off the game page Ctrl+Z belongs to that page (the position editor's own undo). */
  gtk_widget_action_set_enabled (w, "win.undo", game && on_game_page && kiela_game_session_can_undo (session));
  gtk_widget_action_set_enabled (w, "win.redo", game && on_game_page && kiela_game_session_can_redo (session));
  gtk_widget_action_set_enabled (w, "win.hint", game && kiela_game_session_can_hint (session) && !playing);
  gtk_widget_action_set_enabled (w, "win.setup-done", arranging);
  gtk_widget_action_set_enabled (w, "win.setup-skip", arranging);
  gtk_widget_action_set_enabled (w, "win.export-image", game != NULL);
  gtk_widget_action_set_enabled (w, "win.copy-image", game != NULL);
  gtk_widget_action_set_enabled (w, "win.copy-position", game != NULL);
  gtk_widget_action_set_enabled (w, "win.copy-game", game != NULL);
  gtk_widget_action_set_enabled (w, "win.export-worksheet", game != NULL);
  gtk_widget_action_set_enabled (w, "win.print", game != NULL);
}

/* ---------- unsaved changes ---------- */

typedef struct {
  KielaWindow *self;
  KielaWindowContinuation then;
  gpointer data;
  GDestroyNotify destroy;
} Pending;

static Pending *
pending_new (KielaWindow *self, KielaWindowContinuation then, gpointer data, GDestroyNotify destroy)
{
  Pending *p = g_new0 (Pending, 1);

  p->self = g_object_ref (self);
  p->then = then;
  p->data = data;
  p->destroy = destroy;
  return p;
}

static void
pending_free (Pending *p)
{
  if (p->destroy)
    p->destroy (p->data);
  g_object_unref (p->self);
  g_free (p);
}

/* Runs the continuation and frees it. */
static void
pending_run (Pending *p)
{
  if (p->then)
    p->then (p->self, p->data);
  pending_free (p);
}

static void
pending_run_cb (KielaWindow *self, gpointer data)
{
  pending_run (data);
}

/* Takes the continuation out of `p`, which its dialog frees when it goes (answered or not). */
static Pending *
pending_steal (Pending *p)
{
  Pending *taken = pending_new (p->self, p->then, p->data, p->destroy);

  p->then = NULL;
  p->data = NULL;
  p->destroy = NULL;
  return taken;
}

/* Saves to the session's file and says so; FALSE (with the reason in the banner) on failure. */
static gboolean
save_reporting (KielaWindow *self, GFile *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *msg = NULL;

  if (!kiela_game_session_save (self->session, file, &error))
    {
      /* The message already reads "Could not save “…/name.kiela”: why". */
      _kiela_window_show_banner (self, error->message);
      return FALSE;
    }
  name = g_file_get_basename (file ? file : kiela_game_session_get_file (self->session));
  msg = g_strdup_printf (_("Saved “%s”"), name);
  kiela_window_add_message (self, msg);
  return TRUE;
}

static void
on_confirm_answered (const char *response, gpointer data)
{
  Pending *p = pending_steal (data);
  KielaWindow *self = p->self;

  if (g_strcmp0 (response, "discard") == 0)
    pending_run (p);
  else if (g_strcmp0 (response, "save") == 0 && kiela_game_session_get_file (self->session) != NULL)
    {
      if (save_reporting (self, NULL))
        pending_run (p);
      else
        pending_free (p);
    }
  else if (g_strcmp0 (response, "save") == 0)
    /* Untitled: the file chooser first; the replacement waits for a successful save. */
    save_as (self, pending_run_cb, p, NULL);
  else
    pending_free (p);
}

/* Runs `then` at once when the game has no unsaved changes; otherwise asks Save / Discard /
 * Cancel first and runs it after a save or a discard (never after Cancel or a failed save);
 * `destroy` frees `data` either way. */
static void
confirm_discard (KielaWindow *self, KielaWindowContinuation then, gpointer data, GDestroyNotify destroy)
{
  Pending *p = pending_new (self, then, data, destroy);
  GFile *file = kiela_game_session_get_file (self->session);
  g_autofree char *body = NULL;
  GtkWidget *question;

  if (!kiela_game_session_get_modified (self->session))
    {
      pending_run (p);
      return;
    }
  if (file != NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      /* TRANSLATORS: %s is a saved game's file name */
      body = g_strdup_printf (_("“%s” has moves that are not saved. "
                                "If you do not save them, they are lost."), name);
    }
  else
    body = g_strdup (_("The current game is not saved in a file. "
                       "If you do not save it, it is lost."));
  question = kiela_compat_question_new (_("Save Changes?"), body);
  kiela_compat_question_add_response (question, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kiela_compat_question_add_response (question, "discard", _("_Discard"), ADW_RESPONSE_DESTRUCTIVE);
  kiela_compat_question_add_response (question, "save", _("_Save"), ADW_RESPONSE_SUGGESTED);
  kiela_compat_question_set_default_response (question, "save");
  kiela_compat_question_set_close_response (question, "cancel");
  kiela_compat_question_present (question, GTK_WINDOW (self), on_confirm_answered, p,
                                 (GDestroyNotify) pending_free);
}

/* The answer to the question: handed to the callback as soon as it is known, within the
 * dialog's response or before kiela_window_confirm_discard_async returns when there is nothing
 * to ask.  (A GTask would hand it over only in a later turn of the main loop, and a page or a
 * test that starts a game expects it started when the answer is given.) */
#define KIELA_TYPE_CONFIRMED (kiela_confirmed_get_type ())
G_DECLARE_FINAL_TYPE (KielaConfirmed, kiela_confirmed, KIELA, CONFIRMED, GObject)

struct _KielaConfirmed {
  GObject parent_instance;
  GObject *source;
  GCancellable *cancellable;
  GAsyncReadyCallback callback;
  gpointer user_data;
  gboolean yes;               /* saved or discarded, or nothing to lose */
};

static GObject *
kiela_confirmed_get_source_object (GAsyncResult *result)
{
  return g_object_ref (KIELA_CONFIRMED (result)->source);
}

static gpointer
kiela_confirmed_get_user_data (GAsyncResult *result)
{
  return KIELA_CONFIRMED (result)->user_data;
}

static gboolean
kiela_confirmed_is_tagged (GAsyncResult *result, gpointer source_tag)
{
  return source_tag == kiela_window_confirm_discard_async;
}

static void
kiela_confirmed_async_result_init (GAsyncResultIface *iface)
{
  iface->get_source_object = kiela_confirmed_get_source_object;
  iface->get_user_data = kiela_confirmed_get_user_data;
  iface->is_tagged = kiela_confirmed_is_tagged;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (KielaConfirmed, kiela_confirmed, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_ASYNC_RESULT, kiela_confirmed_async_result_init))

static void
kiela_confirmed_finalize (GObject *object)
{
  KielaConfirmed *self = KIELA_CONFIRMED (object);

  g_clear_object (&self->source);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (kiela_confirmed_parent_class)->finalize (object);
}

static void
kiela_confirmed_class_init (KielaConfirmedClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kiela_confirmed_finalize;
}

static void
kiela_confirmed_init (KielaConfirmed *self)
{
}

static void
confirmed_yes (KielaWindow *window, gpointer data)
{
  KIELA_CONFIRMED (data)->yes = TRUE;
}

/* The question is gone, answered or not: the callback learns which. */
static void
confirmed_done (gpointer data)
{
  KielaConfirmed *result = data;

  if (result->callback != NULL)
    result->callback (result->source, G_ASYNC_RESULT (result), result->user_data);
  g_object_unref (result);
}

void
kiela_window_confirm_discard_async (KielaWindow *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                                    gpointer user_data)
{
  KielaConfirmed *result;

  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  result = g_object_new (KIELA_TYPE_CONFIRMED, NULL);
  result->source = g_object_ref (G_OBJECT (self));
  result->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  result->callback = callback;
  result->user_data = user_data;
  confirm_discard (self, confirmed_yes, result, confirmed_done);
}

gboolean
kiela_window_confirm_discard_finish (KielaWindow *self, GAsyncResult *result, GError **error)
{
  KielaConfirmed *confirmed;

  g_return_val_if_fail (KIELA_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (KIELA_IS_CONFIRMED (result), FALSE);

  confirmed = KIELA_CONFIRMED (result);
  if (confirmed->yes && !g_cancellable_set_error_if_cancelled (confirmed->cancellable, error))
    return TRUE;
  if (!confirmed->yes)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The game was kept");
  return FALSE;
}

/* ---------- games ---------- */

/* Opens the position editor (made on first use) on what the window shows. */
static void
action_edit_position (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  KielaPositionEditor *editor;

  /* Pressed again while editing: the set-up stays as it is. */
  if (g_str_equal (kiela_window_get_visible_page (self), KIELA_PAGE_EDITOR))
    return;
  editor = KIELA_POSITION_EDITOR (kiela_window_get_page (self, KIELA_PAGE_EDITOR));
  kiela_position_editor_take_shown (editor);
  kiela_window_show_page (self, KIELA_PAGE_EDITOR);
  gtk_widget_child_focus (GTK_WIDGET (kiela_position_editor_get_board (editor)), GTK_DIR_TAB_FORWARD);
}

typedef struct {
  const KielaVariant *variant;
  const KielaPersonality *players[2];
} NewGame;

static void
start_new_game (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaWindow *self = KIELA_WINDOW (source);
  g_autofree NewGame *ng = data;

  if (!kiela_window_confirm_discard_finish (self, result, NULL))
    return;
  kiela_window_new_game (self, ng->variant, ng->players[KIELA_SOUTH], ng->players[KIELA_NORTH]);
  /* Ctrl+N works on every page: the new game is shown, not started out of sight. */
  kiela_window_show_page (self, "game");
}

static void
confirm_new_game (KielaWindow *self, const KielaVariant *variant, const KielaPersonality *south,
                  const KielaPersonality *north)
{
  NewGame *ng = g_new0 (NewGame, 1);

  ng->variant = variant;
  ng->players[KIELA_SOUTH] = south;
  ng->players[KIELA_NORTH] = north;
  kiela_window_confirm_discard_async (self, NULL, start_new_game, ng);
}

/* win.start-game (variant id, South's and North's personality ids; "" for the default
 * variant or a person): a game other parts of the app start, after the question about
 * unsaved changes, shown at once. */
static void
action_start_game (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  const char *ids[3];
  const KielaVariant *variant = NULL;
  const KielaPersonality *players[2] = { NULL, NULL };

  g_variant_get (param, "(&s&s&s)", &ids[0], &ids[1], &ids[2]);
  if (*ids[0] != '\0' && (variant = kiela_registry_lookup_variant (self->registry, ids[0])) == NULL)
    {
      g_warning ("win.start-game: no variant “%s”", ids[0]);
      return;
    }
  for (guint side = 0; side < 2; side++)
    if (*ids[side + 1] != '\0'
        && (players[side] = kiela_registry_lookup_personality (self->registry, ids[side + 1])) == NULL)
      {
        g_warning ("win.start-game: no player “%s”", ids[side + 1]);
        return;
      }
  confirm_new_game (self, variant, players[KIELA_SOUTH], players[KIELA_NORTH]);
}

static void
action_play_again (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  confirm_new_game (self, kiela_game_get_variant (kiela_game_session_get_game (self->session)),
                    kiela_game_session_get_player (self->session, KIELA_SOUTH),
                    kiela_game_session_get_player (self->session, KIELA_NORTH));
}

static void
on_new_game_start (KielaNewGameDialog *dialog, KielaWindow *self)
{
  confirm_new_game (self, kiela_new_game_dialog_get_variant (dialog),
                    kiela_new_game_dialog_get_player (dialog, KIELA_SOUTH),
                    kiela_new_game_dialog_get_player (dialog, KIELA_NORTH));
}

static void
action_new_game (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  KielaNewGameDialog *dialog = kiela_new_game_dialog_new (self->registry);
  KielaGame *game = kiela_game_session_get_game (self->session);

  gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (self));
  if (game)
    kiela_new_game_dialog_preset (dialog, kiela_game_get_variant (game),
                                  kiela_game_session_get_player (self->session, KIELA_SOUTH),
                                  kiela_game_session_get_player (self->session, KIELA_NORTH));
  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_start), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
action_undo (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_game_session_undo (KIELA_WINDOW (widget)->session);
}

static void
action_redo (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_game_session_redo (KIELA_WINDOW (widget)->session);
}

static void
action_hint (GtkWidget *widget, const char *name, GVariant *param)
{
  kiela_game_session_request_hint (KIELA_WINDOW (widget)->session);
}

/* win.setup-done and win.setup-skip: the arrangement as it stands, or the rules' start. */
static void
action_setup (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  gboolean ok = g_str_equal (name, "win.setup-done") ? kiela_game_session_setup_done (self->session, &error)
                                                      : kiela_game_session_setup_skip (self->session, &error);

  if (!ok)
    kiela_window_add_message (self, error->message);
}

/* ---------- stepping through moves ---------- */

static void
action_step (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaTracePlayer *player = KIELA_WINDOW (widget)->player;

  if (g_str_equal (name, "win.step-forward"))
    kiela_trace_player_step_forward (player);
  else if (g_str_equal (name, "win.step-back"))
    kiela_trace_player_step_back (player);
  else if (g_str_equal (name, "win.go-start"))
    kiela_trace_player_go_to_start (player);
  else
    kiela_trace_player_go_to_end (player);
}

static void
action_play_pause (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  if (kiela_game_session_get_ai_paused (self->session) && kiela_game_session_is_live (self->session)
      && kiela_trace_player_is_at_end (self->player))
    kiela_game_session_resume_ai (self->session);
  else if (kiela_trace_player_get_playing (self->player))
    kiela_trace_player_pause (self->player);
  else
    kiela_trace_player_play (self->player);
}

static void
action_move (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaGameSession *session = KIELA_WINDOW (widget)->session;
  guint ply = kiela_game_session_get_view_ply (session);

  if (g_str_equal (name, "win.previous-move") && ply > 0)
    kiela_game_session_set_view_ply (session, ply - 1);
  else if (g_str_equal (name, "win.next-move"))
    kiela_game_session_set_view_ply (session, ply + 1);
  else if (g_str_equal (name, "win.back-to-game"))
    kiela_game_session_set_view_ply (session, G_MAXUINT);
}

/* ---------- files ---------- */

static GListStore *
kiela_filters_new (void)
{
  GListStore *filters = kiela_compat_file_filters_new ();

  kiela_compat_file_filters_add (filters, _("Kiela games"), NULL, "*.kiela", "*.json", NULL);
  kiela_compat_file_filters_add (filters, _("All files"), NULL, "*", NULL);
  return filters;
}

gboolean
kiela_window_open_path (KielaWindow *self, const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return kiela_window_open_file (self, file);
}

/* Says how opening `file` went: "Opened “…”", or a banner saying why not (`error`). */
static gboolean
show_open_result (KielaWindow *self, GFile *file, const GError *error)
{
  g_autofree char *name = NULL;
  g_autofree char *msg = NULL;

  if (error != NULL)
    {
      /* The current game and its file stay as they were: nothing is overwritten.  The banner
       * says what is wrong in words; the engine's message (a parser's line and column, partly
       * in English) goes under Details. */
      g_autofree char *base = g_file_get_basename (file);
      g_autofree char *shown = g_filename_display_name (base);

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        msg = g_strdup_printf (_("The game could not be opened: there is no file “%s”."), shown);
      else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
        msg = g_strdup_printf (_("The game could not be opened: you may not read “%s”."), shown);
      else if (g_error_matches (error, KIELA_ERROR, KIELA_ERROR_RECORD))
        msg = g_strdup_printf (_("The game could not be opened: “%s” is damaged or is not a Kiela game."), shown);
      else
        msg = g_strdup_printf (_("The game “%s” could not be opened."), shown);
      _kiela_window_show_banner_detail (self, msg, error->message);
      return FALSE;
    }
  _kiela_window_hide_banner (self);
  name = g_file_get_basename (file);
  msg = g_strdup_printf (_("Opened “%s”"), name);
  kiela_window_add_message (self, msg);
  return TRUE;
}

gboolean
kiela_window_open_file (KielaWindow *self, GFile *file)
{
  g_autoptr(GError) error = NULL;

  _kiela_window_cancel_open (self);
  /* The game opened, or the banner saying why it did not, is on the game page: show it
   * whichever page (the welcome page, a lesson) the file was opened from. */
  kiela_window_show_page (self, "game");
  kiela_game_session_open (self->session, file, &error);
  return show_open_result (self, file, error);
}

/* ---------- opening a record in the background ---------- */

/* How long a record may take to open before the window says it is opening it. */
#define OPENING_TOAST_DELAY_MS 300

/* KIELA_OPENING_TOAST_DELAY_MS changes it, for tests that must see the toast whatever the
 * machine's speed (a fast one reads a 300,000-move record in under 300 ms). */
static guint
opening_toast_delay_ms (void)
{
  const char *env = g_getenv ("KIELA_OPENING_TOAST_DELAY_MS");
  guint64 ms;

  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 0, 60000, &ms, NULL))
    return (guint) ms;
  return OPENING_TOAST_DELAY_MS;
}

static void
forget_opening (KielaWindow *self)
{
  AdwToast *toast = self->opening_toast;

  g_clear_handle_id (&self->opening_timer, g_source_remove);
  g_clear_object (&self->opening);
  if (toast != NULL)
    {
      g_clear_weak_pointer (&self->opening_toast);
      kiela_toast_overlay_dismiss (self->toast_overlay, toast);
    }
}

void
_kiela_window_cancel_open (KielaWindow *self)
{
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  forget_opening (self);
}

/* The toast's Cancel, or the toast closed: the current game stays as it is. */
static void
on_opening_toast_cancel (AdwToast *toast, KielaWindow *self)
{
  if (toast != self->opening_toast)
    return;
  /* It goes by itself (Cancel or its close button): forgetting it is enough. */
  g_clear_weak_pointer (&self->opening_toast);
  _kiela_window_cancel_open (self);
}

static gboolean
show_opening_toast (gpointer data)
{
  KielaWindow *self = data;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  GtkWidget *box, *spinner, *label;
  AdwToast *toast;

  self->opening_timer = 0;
  name = g_strdup (g_object_get_data (G_OBJECT (self->opening), "kiela-name"));
  /* TRANSLATORS: %s is a file name; shown while a large game record is read */
  text = g_strdup_printf (_("Opening “%s”…"), name);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  spinner = gtk_spinner_new ();
  gtk_spinner_start (GTK_SPINNER (spinner));
  label = gtk_label_new (text);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_box_append (GTK_BOX (box), spinner);
  gtk_box_append (GTK_BOX (box), label);
  toast = adw_toast_new (text);
  adw_toast_set_custom_title (toast, box);
  adw_toast_set_timeout (toast, 0);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_button_label (toast, _("_Cancel"));
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_opening_toast_cancel), self, 0);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_opening_toast_cancel), self, 0);
  g_set_weak_pointer (&self->opening_toast, toast);
  kiela_toast_overlay_add_toast (self->toast_overlay, toast);
  return G_SOURCE_REMOVE;
}

static void
on_opened (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(KielaWindow) self = data;
  g_autoptr(GCancellable) cancellable = g_object_ref (g_task_get_cancellable (G_TASK (result)));
  g_autoptr(GFile) file = g_object_ref (g_task_get_task_data (G_TASK (result)));
  g_autoptr(GError) error = NULL;
  gboolean ok;

  /* Cancelled (Cancel, another file, the window closing): nothing changes. */
  if (g_cancellable_is_cancelled (cancellable))
    return;
  forget_opening (self);
  ok = kiela_game_session_open_finish (KIELA_GAME_SESSION (source), result, &error);
  show_open_result (self, file, ok ? NULL : error);
}

/* Opens `file` with the record read on a worker thread: the window answers meanwhile, says
 * what it is opening when it takes a moment, and its Cancel leaves the current game as it is. */
static void
open_file_in_background (KielaWindow *self, GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);

  _kiela_window_cancel_open (self);
  kiela_window_show_page (self, "game");
  self->opening = g_cancellable_new ();
  g_object_set_data_full (G_OBJECT (self->opening), "kiela-name", g_filename_display_name (base), g_free);
  self->opening_timer = g_timeout_add (opening_toast_delay_ms (), show_opening_toast, self);
  kiela_game_session_open_async (self->session, file, self->opening, on_opened, g_object_ref (self));
}

gboolean
kiela_window_save_to_path (KielaWindow *self, const char *path, GError **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return kiela_game_session_save (self->session, file, error);
}

static void
open_after_confirm (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GFile) file = data;

  if (kiela_window_confirm_discard_finish (KIELA_WINDOW (source), result, NULL))
    open_file_in_background (KIELA_WINDOW (source), file);
}

void
kiela_window_open (KielaWindow *self, GFile *file)
{
  g_return_if_fail (KIELA_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  kiela_window_confirm_discard_async (self, NULL, open_after_confirm, g_object_ref (file));
}

static void
on_open_chosen (GFile *file, gpointer data)
{
  if (file != NULL)
    kiela_window_open (KIELA_WINDOW (data), file);
}

static void
action_open (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  GFile *current = kiela_game_session_get_file (self->session);
  g_autoptr(GListStore) filters = kiela_filters_new ();
  g_autoptr(GFile) dir = current ? g_file_get_parent (current) : kiela_documents_folder_new ();
  KielaCompatFileRequest request = {
    .title = _("Open Game"), .accept_label = _("_Open"), .filters = G_LIST_MODEL (filters), .folder = dir,
  };

  kiela_compat_choose_file (GTK_WINDOW (self), KIELA_COMPAT_FILE_OPEN, &request,
                            on_open_chosen, g_object_ref (self), g_object_unref);
}

/* The chooser runs `then` after a successful save only; a cancelled or failed save drops it. */
static void
on_save_chosen (GFile *file, gpointer data)
{
  Pending *p = pending_steal (data);

  if (file && save_reporting (p->self, file))
    pending_run (p);
  else
    pending_free (p);
}

/* "Kota Mpanzu" → "kota-mpanzu": a player's name as a part of a file name. */
static void
append_slug (GString *out, const char *name)
{
  g_autofree char *ascii = g_str_to_ascii (name, NULL);
  gboolean dash = FALSE;

  for (const char *p = ascii; *p; p++)
    if (g_ascii_isalnum (*p))
      {
        if (dash && out->len > 0 && out->str[out->len - 1] != '-')
          g_string_append_c (out, '-');
        g_string_append_c (out, g_ascii_tolower (*p));
        dash = FALSE;
      }
    else
      dash = TRUE;
}

char *
kiela_window_dup_file_stem (KielaWindow *self)
{
  GFile *file;
  GString *stem = g_string_new (NULL);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");

  g_return_val_if_fail (KIELA_IS_WINDOW (self), NULL);
  file = kiela_game_session_get_file (self->session);
  if (file != NULL)
    {
      g_autofree char *base = g_file_get_basename (file);
      char *dot = strrchr (base, '.');

      if (dot && dot != base)
        *dot = '\0';
      g_string_append (stem, base);
      return g_string_free (stem, FALSE);
    }
  for (KielaSide side = KIELA_SOUTH; side <= KIELA_NORTH; side++)
    {
      const KielaPersonality *p = kiela_game_session_get_player (self->session, side);
      gsize before = stem->len;

      if (side == KIELA_NORTH)
        /* TRANSLATORS: between the players' names in a default file name: "kizua-vs-human-2026-12-01.kiela";
         * lower-case ASCII letters only */
        g_string_append_printf (stem, "-%s-", C_("file name", "vs"));
      /* TRANSLATORS: a person playing, in a default file name; lower-case ASCII letters only */
      append_slug (stem, p ? p->name : C_("file name", "human"));
      if (stem->len == before)
        g_string_append (stem, "player");
    }
  g_string_append_printf (stem, "-%s", date);
  return g_string_free (stem, FALSE);
}

static void
save_as (KielaWindow *self, KielaWindowContinuation then, gpointer data, GDestroyNotify destroy)
{
  GFile *current = kiela_game_session_get_file (self->session);
  g_autoptr(GListStore) filters = kiela_filters_new ();
  g_autoptr(GFile) dir = current ? NULL : kiela_documents_folder_new ();
  g_autofree char *stem = kiela_window_dup_file_stem (self);
  g_autofree char *name = g_strconcat (stem, ".kiela", NULL);
  KielaCompatFileRequest request = {
    .title = _("Save Game"), .accept_label = _("_Save"), .filters = G_LIST_MODEL (filters),
    .file = current, .folder = dir, .name = current ? NULL : name,
  };

  kiela_compat_choose_file (GTK_WINDOW (self), KIELA_COMPAT_FILE_SAVE, &request, on_save_chosen,
                            pending_new (self, then, data, destroy), (GDestroyNotify) pending_free);
}

static void
action_save_as (GtkWidget *widget, const char *name, GVariant *param)
{
  save_as (KIELA_WINDOW (widget), NULL, NULL, NULL);
}

static void
action_save (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  if (kiela_game_session_get_file (self->session) == NULL)
    save_as (self, NULL, NULL, NULL);
  else
    save_reporting (self, NULL);
}

/* ---------- the window ---------- */

/* Closing a window whose game lives in a file with changes not saved asks first; an untitled
 * game needs no question, the autosave keeps it and the next start restores it. */
static void
close_after_confirm (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaWindow *self = KIELA_WINDOW (source);

  if (!kiela_window_confirm_discard_finish (self, result, NULL))
    return;
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
on_close_request (GtkWindow *window)
{
  KielaWindow *self = KIELA_WINDOW (window);

  /* A page with changes of its own (the lesson editor) asks first. */
  if (!self->close_confirmed && !_kiela_window_guards_allow_close (self))
    return TRUE;
  if (!self->close_confirmed && kiela_game_session_get_file (self->session) != NULL
      && kiela_game_session_get_modified (self->session))
    {
      kiela_window_confirm_discard_async (self, NULL, close_after_confirm, NULL);
      return TRUE;
    }
  return FALSE;
}


static void
on_fullscreened (GtkWindow *window, GParamSpec *pspec, KielaWindow *self)
{
  gboolean full = gtk_window_is_fullscreen (window);

  gtk_button_set_icon_name (self->fullscreen_button, full ? "view-restore-symbolic" : "view-fullscreen-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->fullscreen_button),
                               full ? _("Leave Fullscreen (F11)") : _("Fullscreen (F11)"));
}

static void
action_fullscreen (GtkWidget *widget, const char *name, GVariant *param)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
action_toggle_panel (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  gtk_toggle_button_set_active (self->panel_button, !gtk_toggle_button_get_active (self->panel_button));
}

static void
action_dismiss_banner (GtkWidget *widget, const char *name, GVariant *param)
{
  _kiela_window_hide_banner (KIELA_WINDOW (widget));
}

static void
action_preferences (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);
  GtkWidget *prefs = kiela_preferences_window_new (self->settings, self->registry);

  kiela_compat_preferences_present (prefs, GTK_WINDOW (self));
  if (g_str_equal (name, "win.show-plugins"))
    kiela_preferences_window_show_plugins (KIELA_PREFERENCES_WINDOW (prefs));
}

void
_kiela_window_report_plugin_failures (KielaWindow *self)
{
  GPtrArray *plugins = kiela_registry_get_plugins (self->registry);
  guint n_failed = 0;
  const KielaPluginRecord *first = NULL;
  g_autofree char *text = NULL;
  AdwToast *toast;

  for (guint i = 0; plugins && i < plugins->len; i++)
    {
      const KielaPluginRecord *r = g_ptr_array_index (plugins, i);
      if (r->state == KIELA_PLUGIN_FAILED)
        {
          if (first == NULL)
            first = r;
          n_failed++;
        }
    }
  if (n_failed == 0)
    return;

  if (n_failed == 1)
    {
      g_autofree char *file = g_path_get_basename (first->path);
      /* TRANSLATORS: %s is a plugin file name, e.g. "rules-extra.so" */
      text = g_strdup_printf (_("The plugin “%s” could not be loaded"), file);
    }
  else
    text = g_strdup_printf (ngettext ("%u plugin could not be loaded", "%u plugins could not be loaded", n_failed),
                            n_failed);
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Details"));
  adw_toast_set_action_name (toast, "win.show-plugins");
  adw_toast_set_timeout (toast, 10);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  kiela_toast_overlay_add_toast (self->toast_overlay, toast);
  g_free (self->last_message);
  self->last_message = g_steal_pointer (&text);
}

static void
action_about (GtkWidget *widget, const char *name, GVariant *param)
{
  static const char *developers[] = { "The Kiela contributors", NULL };
  KielaWindow *self = KIELA_WINDOW (widget);
  GtkWidget *about = kiela_compat_about_new ();
  g_autofree char *report = kiela_preferences_dup_plugin_report (self->registry);

  g_object_set (about,
                "application-name", _("Kiela"),
                "application-icon", KIELA_APP_ID,
                "developer-name", _("The Kiela contributors"),
                "version", PACKAGE_VERSION,
                "comments", _("Learn and play Kiela, the four-row mancala of northern Angola. "
                              "Every sowing can be replayed stone by stone."),
                "license-type", GTK_LICENSE_GPL_3_0,
                /* The same addresses as the AppStream metadata. */
                "website", "https://github.com/kiela/kiela",
                "issue-url", "https://github.com/kiela/kiela/issues",
                "developers", developers,
                /* TRANSLATORS: put your names here, one per line */
                "translator-credits", _("translator-credits"),
                "debug-info", report,
                "debug-info-filename", "kiela-debug-info.txt",
                NULL);
  kiela_compat_about_add_acknowledgement_section (about, _("Rules"),
                                                  (const char *[]) { "Bernardo Campos, Kiela – A Game of African Origin (1998)", NULL });
  kiela_compat_about_present (about, GTK_WINDOW (self));
}

/* ---------- installing ---------- */

void
_kiela_window_class_install_actions (GtkWidgetClass *widget_class, const KielaWindowAction *actions, guint n_actions)
{
  for (guint i = 0; i < n_actions; i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, NULL, actions[i].activate);
}

void
_kiela_window_class_actions_init (GtkWidgetClass *widget_class)
{
  static const KielaWindowAction actions[] = {
    { "win.new-game", action_new_game },
    { "win.edit-position", action_edit_position },
    { "win.play-again", action_play_again },
    { "win.open", action_open },
    { "win.save", action_save },
    { "win.save-as", action_save_as },
    { "win.undo", action_undo },
    { "win.redo", action_redo },
    { "win.hint", action_hint },
    { "win.step-forward", action_step },
    { "win.step-back", action_step },
    { "win.go-start", action_step },
    { "win.go-end", action_step },
    { "win.play-pause", action_play_pause },
    { "win.previous-move", action_move },
    { "win.next-move", action_move },
    { "win.back-to-game", action_move },
    { "win.setup-done", action_setup },
    { "win.setup-skip", action_setup },
    { "win.fullscreen", action_fullscreen },
    { "win.toggle-panel", action_toggle_panel },
    { "win.dismiss-banner", action_dismiss_banner },
    { "win.preferences", action_preferences },
    { "win.show-plugins", action_preferences },
    { "win.about", action_about },
    { "win.export-image", kiela_export_action_export_image },
    { "win.copy-image", kiela_export_action_copy_image },
    { "win.copy-position", kiela_export_action_copy_position },
    { "win.copy-game", kiela_export_action_copy_game },
    { "win.export-worksheet", kiela_export_action_export_worksheet },
    { "win.print", kiela_export_action_print },
  };

  _kiela_window_class_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
  gtk_widget_class_install_action (widget_class, "win.start-game", "(sss)", action_start_game);
}

void
_kiela_window_actions_init (KielaWindow *self)
{
  /* Plain keys act only when the focused widget (a board house, the move list) has not used
   * them: this controller runs in the bubble phase, after the focus widget.  (Class shortcuts
   * would come after GtkWindow's own, which move the focus on the arrow keys.) */
  static const struct { const char *trigger; const char *action; } keys[] = {
    { "space", "win.play-pause" },
    { "Left", "win.step-back" },
    { "Right", "win.step-forward" },
    { "Home", "win.go-start" },
    { "End", "win.go-end" },
    { "F9", "win.toggle-panel" },
    /* Escape leaves presentation mode first (its action is enabled only then), else the review. */
    { "Escape", "win.leave-presentation" },
    { "Escape", "win.back-to-game" },
    /* The classroom (kiela-presentation.c): presentation mode, blanking, text zoom. */
    { "F5", "win.presentation" },
    { "b", "win.blank" },
    { "<Control>plus", "win.zoom-in" },
    { "<Control>equal", "win.zoom-in" },
    { "<Control>KP_Add", "win.zoom-in" },
    { "<Control>minus", "win.zoom-out" },
    { "<Control>KP_Subtract", "win.zoom-out" },
    { "<Control>0", "win.zoom-reset" },
    { "<Control>KP_0", "win.zoom-reset" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (on_fullscreened), self);
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request), NULL);
}
