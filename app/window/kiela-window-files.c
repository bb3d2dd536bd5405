/* kiela-window-files.c: the main window's games in files: the question before unsaved changes
 * are replaced (Save / Discard / Cancel), opening a record (in the background, with a toast and
 * Cancel when it takes a moment) and saving one, the file choosers and the default file name. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-widget-util.h"
#include "kiela-window-private.h"
#include "kiela-compat.h"

/* What runs after a question or a file chooser, unless it was cancelled. */
typedef void (*KielaWindowContinuation) (KielaWindow *self, gpointer data);

static void save_as (KielaWindow *self, KielaWindowContinuation then, gpointer data, GDestroyNotify destroy);

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

void
_kiela_window_action_open (GtkWidget *widget, const char *name, GVariant *param)
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

void
_kiela_window_action_save_as (GtkWidget *widget, const char *name, GVariant *param)
{
  save_as (KIELA_WINDOW (widget), NULL, NULL, NULL);
}

void
_kiela_window_action_save (GtkWidget *widget, const char *name, GVariant *param)
{
  KielaWindow *self = KIELA_WINDOW (widget);

  if (kiela_game_session_get_file (self->session) == NULL)
    save_as (self, NULL, NULL, NULL);
  else
    save_reporting (self, NULL);
}
