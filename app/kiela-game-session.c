/* kiela-game-session.c: the game the window shows, with everything about it that is not a widget:
 * who plays each side, which ply is shown, its file and unsaved changes, the autosave, and the
 * computer's moves, hints and arrangements, which run on worker threads and are cancelled when the
 * game moves on without them. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "kiela-game-session.h"
#include "kiela-ai-player.h"

/* Record metadata keys of ours: the personality ids behind each side (absent = human). */
#define META_SOUTH_AI "south-ai"
#define META_NORTH_AI "north-ai"

/* Wall-clock budget for a personality that sets none itself. */
#define DEFAULT_AI_BUDGET_MS 800
#define HINT_BUDGET_MS 1000

struct _KielaGameSession {
  GObject parent_instance;

  KielaRegistry *registry;          /* not owned */
  GFile *autosave;
  gboolean autosave_failed;         /* the user has been told; not again until it works */
  KielaGame *game;
  const KielaPersonality *players[2];   /* NULL = human */
  guint view_ply;
  KielaPhase phase;
  GFile *file;
  gboolean modified;
  gboolean replaying;
  GCancellable *ai_cancel;          /* a move or an arrangement being thought */
  gboolean ai_paused;               /* AI against AI after an undo: wait for resume */
  GCancellable *hint_cancel;
  char *hint_text;
  KielaMove hint_move;
  guint16 setup_counts[KIELA_MAX_HOUSES];
  guint n_moves;                    /* last notified, for "n-moves" */
};

G_DEFINE_FINAL_TYPE (KielaGameSession, kiela_game_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_VIEW_PLY,
  PROP_LIVE,
  PROP_N_MOVES,
  PROP_PHASE,
  PROP_TURN,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_AI_THINKING,
  PROP_AI_PAUSED,
  PROP_REPLAYING,
  PROP_HINT,
  PROP_HINT_PENDING,
  N_PROPS
};

enum { SIGNAL_MESSAGE, SIGNAL_ERROR, SIGNAL_MOVE_PLAYED, SIGNAL_SETUP_CHANGED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void maybe_start_ai (KielaGameSession *self);
static void enter_setup (KielaGameSession *self);

/* ---------- state changes, each notified once ---------- */

static void
notify (KielaGameSession *self, guint prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
message (KielaGameSession *self, const char *text)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text);
}

static void
set_modified (KielaGameSession *self, gboolean modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  notify (self, PROP_MODIFIED);
}

static void
set_file (KielaGameSession *self, GFile *file)
{
  if (self->file == file || (self->file && file && g_file_equal (self->file, file)))
    return;
  g_set_object (&self->file, file);
  notify (self, PROP_FILE);
}

/* After any change to the game: the move count, the phase and the turn follow it. */
static void
sync_game_state (KielaGameSession *self)
{
  guint n = kiela_game_get_n_moves (self->game);
  KielaPhase phase = kiela_game_get_phase (self->game);

  if (n != self->n_moves)
    {
      self->n_moves = n;
      notify (self, PROP_N_MOVES);
    }
  if (phase != self->phase)
    {
      self->phase = phase;
      notify (self, PROP_PHASE);
    }
  notify (self, PROP_TURN);
}

static void
set_view_ply (KielaGameSession *self, guint ply)
{
  self->view_ply = ply;
  /* Always notified: the view re-shows the ply even when the number is the same. */
  notify (self, PROP_VIEW_PLY);
  notify (self, PROP_LIVE);
}

static void
cancel_ai (KielaGameSession *self)
{
  if (self->ai_cancel == NULL)
    return;
  g_cancellable_cancel (self->ai_cancel);
  g_clear_object (&self->ai_cancel);
  notify (self, PROP_AI_THINKING);
}

static void
set_ai_paused (KielaGameSession *self, gboolean paused)
{
  if (self->ai_paused == paused)
    return;
  self->ai_paused = paused;
  notify (self, PROP_AI_PAUSED);
}

static void
cancel_hint (KielaGameSession *self)
{
  if (self->hint_cancel)
    {
      g_cancellable_cancel (self->hint_cancel);
      g_clear_object (&self->hint_cancel);
      notify (self, PROP_HINT_PENDING);
    }
  if (self->hint_text != NULL)
    {
      self->hint_move = -1;
      g_clear_pointer (&self->hint_text, g_free);
      notify (self, PROP_HINT);
    }
}

/* ---------- autosave ---------- */

static void
store_players (KielaGameSession *self)
{
  for (int side = 0; side < 2; side++)
    {
      kiela_game_set_metadata (self->game, side == KIELA_SOUTH ? KIELA_META_SOUTH : KIELA_META_NORTH,
                               self->players[side] ? self->players[side]->name : _("Human"));
      kiela_game_set_metadata (self->game, side == KIELA_SOUTH ? META_SOUTH_AI : META_NORTH_AI,
                               self->players[side] ? self->players[side]->id : "");
    }
}

/* Writes the record to a temporary file beside `file` and renames it over `file`, so a crash
 * or a full disk leaves either the old record or the new one, never half of one. */
static gboolean
write_record (KielaGame *game, GFile *file, GError **error)
{
  g_autofree char *text = kiela_record_to_string (game);
  g_autoptr(GError) local = NULL;

  if (!g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE,
                                NULL, NULL, &local))
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Could not save “%s”: %s"), name, local->message);
      return FALSE;
    }
  return TRUE;
}

static void
autosave (KielaGameSession *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) dir = NULL;

  if (self->autosave == NULL || self->game == NULL)
    return;

  /* A failure is said once, not after every move, and said again only after an autosave
   * has worked in between: an unwritable data folder must not go unnoticed, nor nag. */
  dir = g_file_get_parent (self->autosave);
  if (dir && g_file_is_native (dir) && g_mkdir_with_parents (g_file_peek_path (dir), 0700) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_file_get_parse_name (dir);
      g_set_error (&error, KIELA_ERROR, KIELA_ERROR_IO, _("Could not create the folder “%s”: %s"),
                   display, g_strerror (saved));
    }
  else
    write_record (self->game, self->autosave, &error);

  if (error == NULL)
    self->autosave_failed = FALSE;
  else if (!self->autosave_failed)
    {
      g_autofree char *msg = g_strdup_printf (_("The game could not be autosaved: %s"), error->message);
      self->autosave_failed = TRUE;
      message (self, msg);
    }
}

/* The game changed by a move, an undo, a redo or an arrangement: it is no longer what its
 * file holds, and the autosave keeps it. */
static void
game_changed (KielaGameSession *self)
{
  set_modified (self, TRUE);
  autosave (self);
}

/* ---------- AI ---------- */

static gint64
budget_us (const KielaPersonality *p, gint64 fallback_ms)
{
  g_autoptr(GHashTable) settings = kiela_ai_parse_settings (p->settings ? p->settings : "", NULL);

  return (settings ? kiela_ai_setting_int (settings, "time-ms", fallback_ms) : fallback_ms) * 1000;
}

/* A reply the session still waits for: `cancellable` is its current request.  The callbacks
 * hold no reference on the session: disposing it cancels the search, and a cancelled result
 * is dropped before `data` is touched. */
static gboolean
is_current (GAsyncResult *result, GCancellable *cancellable)
{
  return g_task_get_cancellable (G_TASK (result)) == cancellable;
}

static void
play_internal (KielaGameSession *self, KielaMove move)
{
  g_autoptr(GError) error = NULL;

  cancel_hint (self);
  if (!kiela_game_play (self->game, move, NULL, &error))
    {
      message (self, error->message);
      return;
    }
  self->view_ply = kiela_game_get_n_moves (self->game);
  game_changed (self);
  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0, self->view_ply);
  set_view_ply (self, self->view_ply);
  sync_game_state (self);
  maybe_start_ai (self);
}

static void
on_ai_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaGameSession *self;
  g_autoptr(GError) error = NULL;
  KielaAiReply reply;

  if (!kiela_ai_think_finish (result, &reply, &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = KIELA_GAME_SESSION (data);
  if (!is_current (result, self->ai_cancel))
    return;
  g_clear_object (&self->ai_cancel);
  notify (self, PROP_AI_THINKING);
  if (error != NULL)
    {
      set_ai_paused (self, TRUE);
      message (self, error->message);
      return;
    }
  play_internal (self, reply.move);
}

static void
maybe_start_ai (KielaGameSession *self)
{
  const KielaPersonality *p;

  if (self->game == NULL || self->ai_cancel != NULL || self->ai_paused || self->replaying)
    return;
  if (!kiela_game_session_is_live (self) || kiela_game_is_over (self->game))
    return;
  if (kiela_game_get_phase (self->game) != KIELA_PHASE_PLAY)
    return;

  p = self->players[kiela_game_get_position (self->game)->to_move];
  if (p == NULL)
    return;

  self->ai_cancel = g_cancellable_new ();
  kiela_ai_think_async (self->registry, p, self->game, budget_us (p, DEFAULT_AI_BUDGET_MS), g_random_int (),
                        self->ai_cancel, on_ai_done, self);
  notify (self, PROP_AI_THINKING);
}

static void
on_hint_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaGameSession *self;
  g_autoptr(GError) error = NULL;
  KielaAiReply reply;
  g_autofree char *sq = NULL;
  const KielaPosition *pos;

  if (!kiela_ai_think_finish (result, &reply, &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = KIELA_GAME_SESSION (data);
  if (!is_current (result, self->hint_cancel))
    return;
  g_clear_object (&self->hint_cancel);
  notify (self, PROP_HINT_PENDING);
  if (error != NULL)
    {
      message (self, error->message);
      return;
    }

  pos = kiela_game_get_position (self->game);
  sq = kiela_square_name_dup (pos->files, pos->to_move, (guint) reply.move);
  self->hint_move = reply.move;
  g_free (self->hint_text);
  if (reply.reason[0] != '\0')
    /* TRANSLATORS: %1$s a square, %2$s a short reason from the AI ("captures 5 stones") */
    self->hint_text = g_strdup_printf (_("Hint: sow %1$s. %2$s"), sq, reply.reason);
  else
    self->hint_text = g_strdup_printf (_("Hint: sow %s."), sq);
  notify (self, PROP_HINT);
  message (self, self->hint_text);
}

/* ---------- the expert setup phase ---------- */

static void
finish_setup_step (KielaGameSession *self)
{
  game_changed (self);
  set_view_ply (self, 0);
  sync_game_state (self);
  enter_setup (self);
  maybe_start_ai (self);
}

static void
on_arrange_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KielaGameSession *self;
  g_autoptr(GError) error = NULL;
  guint16 counts[KIELA_MAX_HOUSES];
  KielaSide side = KIELA_SOUTH;
  const KielaPersonality *player;

  if (!kiela_ai_arrange_finish (result, &side, counts, &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = KIELA_GAME_SESSION (data);
  if (!is_current (result, self->ai_cancel))
    return;
  g_clear_object (&self->ai_cancel);
  notify (self, PROP_AI_THINKING);
  player = self->players[side];

  if (error == NULL)
    kiela_game_setup (self->game, side, counts, &error);
  if (error != NULL)
    {
      /* The game must go on: the start arrangement is always a valid one. */
      g_autofree char *msg = NULL;
      g_autoptr(GError) skip_error = NULL;

      /* TRANSLATORS: %1$s a player's name, %2$s the reason */
      msg = g_strdup_printf (_("%1$s could not arrange its stones and keeps the start arrangement: %2$s"),
                             player ? player->name : "?", error->message);
      message (self, msg);
      if (!kiela_game_skip_setup (self->game, &skip_error))
        message (self, skip_error->message);
    }
  else if (player != NULL)
    {
      /* TRANSLATORS: %1$s a player's name, %2$s "South"/"North" */
      g_autofree char *msg = g_strdup_printf (_("%1$s has arranged the stones of %2$s."), player->name,
                                              kiela_side_display_name (side));
      message (self, msg);
    }
  finish_setup_step (self);
}

/* A computer player arranges on a worker thread, like a move; a human gets the start
 * arrangement to change stone by stone. */
static void
enter_setup (KielaGameSession *self)
{
  KielaSide side;
  const KielaPersonality *p;

  if (self->phase == KIELA_PHASE_PLAY)
    return;
  side = self->phase == KIELA_PHASE_SETUP_SOUTH ? KIELA_SOUTH : KIELA_NORTH;
  p = self->players[side];
  if (p == NULL)
    {
      memcpy (self->setup_counts, kiela_game_get_position (self->game)->houses[side], sizeof self->setup_counts);
      g_signal_emit (self, signals[SIGNAL_SETUP_CHANGED], 0);
      return;
    }
  if (self->ai_cancel != NULL)
    return;
  self->ai_cancel = g_cancellable_new ();
  kiela_ai_arrange_async (self->registry, p, self->game, budget_us (p, DEFAULT_AI_BUDGET_MS), g_random_int (),
                          self->ai_cancel, on_arrange_done, self);
  notify (self, PROP_AI_THINKING);
}

/* ---------- games ---------- */

static const KielaPersonality *
lookup_player (KielaGameSession *self, KielaGame *game, const char *key)
{
  const char *id = kiela_game_get_metadata (game, key);

  if (id == NULL || *id == '\0')
    return NULL;
  return kiela_registry_lookup_personality (self->registry, id);
}

static void
set_game (KielaGameSession *self, KielaGame *game, const KielaPersonality *south,
          const KielaPersonality *north, GFile *file, gboolean modified)
{
  g_object_freeze_notify (G_OBJECT (self));
  cancel_ai (self);
  cancel_hint (self);
  set_ai_paused (self, FALSE);

  g_set_object (&self->game, game);
  self->players[KIELA_SOUTH] = south;
  self->players[KIELA_NORTH] = north;
  self->phase = kiela_game_get_phase (game);
  self->n_moves = kiela_game_get_n_moves (game);
  self->view_ply = self->n_moves;
  set_file (self, file);
  set_modified (self, modified);
  notify (self, PROP_GAME);
  notify (self, PROP_N_MOVES);
  notify (self, PROP_PHASE);
  notify (self, PROP_TURN);
  set_view_ply (self, self->view_ply);
  g_object_thaw_notify (G_OBJECT (self));

  enter_setup (self);
  maybe_start_ai (self);
}

void
kiela_game_session_new_game (KielaGameSession *self, const KielaVariant *variant,
                             const KielaPersonality *south, const KielaPersonality *north)
{
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));
  if (variant == NULL)
    variant = kiela_registry_get_default_variant (self->registry);
  g_return_if_fail (variant != NULL);

  game = kiela_game_new (variant);
  kiela_game_set_metadata (game, KIELA_META_DATE, date);
  set_game (self, game, south, north, NULL, FALSE);
  store_players (self);
  autosave (self);
}

gboolean
kiela_game_session_open (KielaGameSession *self, GFile *file, GError **error)
{
  g_autoptr(KielaGame) game = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* The engine's loader refuses folders, pipes and devices before reading a byte. */
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_IO, _("Could not open “%s”: only local files can be opened."), uri);
      return FALSE;
    }
  game = kiela_record_load (self->registry, path, error);
  if (game == NULL)
    return FALSE;

  set_game (self, game, lookup_player (self, game, META_SOUTH_AI), lookup_player (self, game, META_NORTH_AI),
            file, FALSE);
  autosave (self);
  return TRUE;
}

gboolean
kiela_game_session_save (KielaGameSession *self, GFile *file, GError **error)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);
  g_return_val_if_fail (file != NULL || self->file != NULL, FALSE);

  if (file == NULL)
    file = self->file;
  store_players (self);
  if (!write_record (self->game, file, error))
    return FALSE;
  set_file (self, file);
  set_modified (self, FALSE);
  return TRUE;
}

/* What counts as a temporary of ours: GIO's replace ("…/.goutputstream-XXXXXX") and
 * g_file_set_contents ("autosave.kiela.XXXXXX", older versions and the engine's saver). */
static gboolean
is_temporary_name (const char *name, const char *target)
{
  const char *tail = NULL;
  gsize target_len = strlen (target);

  if (g_str_has_prefix (name, ".goutputstream-"))
    tail = name + strlen (".goutputstream-");
  else if (strncmp (name, target, target_len) == 0 && name[target_len] == '.')
    tail = name + target_len + 1;
  if (tail == NULL || strlen (tail) != 6)
    return FALSE;
  for (const char *c = tail; *c; c++)
    if (!g_ascii_isalnum (*c))
      return FALSE;
  return TRUE;
}

guint
kiela_game_session_remove_stale_temporaries (GFile *autosave, gint64 before_us)
{
  g_autoptr(GFile) dir = g_file_get_parent (autosave);
  g_autofree char *target = g_file_get_basename (autosave);
  g_autoptr(GFileEnumerator) children = NULL;
  guint removed = 0;

  if (dir == NULL)
    return 0;
  children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                        G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                        G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  if (children == NULL)
    return 0;
  for (;;)
    {
      GFileInfo *info = NULL;
      GFile *child = NULL;
      g_autoptr(GDateTime) mtime = NULL;

      if (!g_file_enumerator_iterate (children, &info, &child, NULL, NULL) || info == NULL)
        break;
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR
          || !is_temporary_name (g_file_info_get_name (info), target))
        continue;
      /* A save still running in another instance of the app is newer than this process. */
      mtime = g_file_info_get_modification_date_time (info);
      if (mtime == NULL || g_date_time_to_unix (mtime) * G_USEC_PER_SEC + g_date_time_get_microsecond (mtime) >= before_us)
        continue;
      if (g_file_delete (child, NULL, NULL))
        removed++;
    }
  return removed;
}

/* When the process started, as real time: older temporaries cannot be a save of ours running now. */
static gint64 process_start_us;

void
kiela_game_session_restore_autosave (KielaGameSession *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaGame) game = NULL;
  g_autofree char *path = NULL;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));

  if (self->autosave != NULL)
    kiela_game_session_remove_stale_temporaries (self->autosave, process_start_us);
  if (self->autosave == NULL || !g_file_query_exists (self->autosave, NULL))
    {
      kiela_game_session_new_game (self, NULL, NULL, NULL);
      return;
    }

  path = g_file_get_path (self->autosave);
  game = path ? kiela_record_load (self->registry, path, &error) : NULL;
  if (game == NULL)
    {
      g_autoptr(GDateTime) now = g_date_time_new_now_local ();
      g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
      g_autofree char *aside = g_strdup_printf ("%s.corrupt-%s", path, stamp);
      g_autofree char *msg = NULL;

      /* Keep the broken file for inspection; never let the new game overwrite it. */
      if (path == NULL || g_rename (path, aside) != 0)
        {
          msg = g_strdup_printf (_("The autosaved game could not be read (%s), nor moved aside: %s. "
                                   "Autosave is off until it is fixed."),
                                 error ? error->message : "?", g_strerror (errno));
          g_clear_object (&self->autosave);
        }
      else
        msg = g_strdup_printf (_("The autosaved game could not be read (%s). It was kept as %s; "
                                 "a new game has started."), error->message, aside);
      kiela_game_session_new_game (self, NULL, NULL, NULL);
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, msg);
      return;
    }

  /* The autosave keeps an untitled game: its moves are in no file of the user's. */
  set_game (self, game, lookup_player (self, game, META_SOUTH_AI), lookup_player (self, game, META_NORTH_AI),
            NULL, kiela_game_get_n_moves (game) + kiela_game_get_n_redo (game) > 0
                  || kiela_game_has_setup (game, KIELA_SOUTH) || kiela_game_has_setup (game, KIELA_NORTH));
}

/* ---------- playing ---------- */

gboolean
kiela_game_session_can_play (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  return self->game != NULL && self->phase == KIELA_PHASE_PLAY && kiela_game_session_is_live (self)
         && !self->replaying && !kiela_game_is_over (self->game)
         && self->players[kiela_game_get_position (self->game)->to_move] == NULL;
}

gboolean
kiela_game_session_play (KielaGameSession *self, KielaMove move, GError **error)
{
  g_autofree char *why = NULL;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (!kiela_game_session_can_play (self))
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, _("It is not your turn to sow."));
      return FALSE;
    }
  why = kiela_game_explain_illegal (self->game, move);
  if (why != NULL)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, why);
      return FALSE;
    }
  play_internal (self, move);
  return TRUE;
}

static gboolean
both_ai (KielaGameSession *self)
{
  return self->players[0] != NULL && self->players[1] != NULL;
}

gboolean
kiela_game_session_can_undo (KielaGameSession *self)
{
  return self->game && self->phase == KIELA_PHASE_PLAY && kiela_game_can_undo (self->game);
}

gboolean
kiela_game_session_can_redo (KielaGameSession *self)
{
  return self->game && self->phase == KIELA_PHASE_PLAY && kiela_game_can_redo (self->game);
}

gboolean
kiela_game_session_undo (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (!kiela_game_session_can_undo (self))
    return FALSE;
  cancel_ai (self);
  cancel_hint (self);
  kiela_game_undo (self->game);
  /* Against the computer, undo back to the human's turn: undoing only the reply would let
   * the computer play it again at once.  Two computers wait for Play instead. */
  while (!both_ai (self) && self->players[kiela_game_get_position (self->game)->to_move] != NULL
         && kiela_game_can_undo (self->game))
    kiela_game_undo (self->game);
  if (both_ai (self))
    set_ai_paused (self, TRUE);

  game_changed (self);
  set_view_ply (self, kiela_game_get_n_moves (self->game));
  sync_game_state (self);
  maybe_start_ai (self);
  return TRUE;
}

gboolean
kiela_game_session_redo (KielaGameSession *self)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (!kiela_game_session_can_redo (self))
    return FALSE;
  cancel_ai (self);
  cancel_hint (self);
  kiela_game_redo (self->game);
  while (!both_ai (self) && self->players[kiela_game_get_position (self->game)->to_move] != NULL
         && kiela_game_can_redo (self->game))
    kiela_game_redo (self->game);

  game_changed (self);
  self->view_ply = kiela_game_get_n_moves (self->game);
  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0, self->view_ply);
  set_view_ply (self, self->view_ply);
  sync_game_state (self);
  maybe_start_ai (self);
  return TRUE;
}

void
kiela_game_session_set_view_ply (KielaGameSession *self, guint ply)
{
  guint n;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));
  if (self->game == NULL)
    return;
  n = kiela_game_get_n_moves (self->game);
  ply = MIN (ply, n);
  cancel_hint (self);
  if (ply != n)
    cancel_ai (self);
  set_view_ply (self, ply);
  maybe_start_ai (self);
}

void
kiela_game_session_set_replaying (KielaGameSession *self, gboolean replaying)
{
  g_return_if_fail (KIELA_IS_GAME_SESSION (self));

  replaying = !!replaying;
  if (self->replaying == replaying)
    return;
  self->replaying = replaying;
  notify (self, PROP_REPLAYING);
  if (!replaying)
    maybe_start_ai (self);
}

void
kiela_game_session_resume_ai (KielaGameSession *self)
{
  g_return_if_fail (KIELA_IS_GAME_SESSION (self));

  set_ai_paused (self, FALSE);
  maybe_start_ai (self);
}

gboolean
kiela_game_session_can_hint (KielaGameSession *self)
{
  return kiela_game_session_can_play (self) && self->hint_cancel == NULL
         && kiela_ai_strongest_personality (self->registry) != NULL;
}

void
kiela_game_session_request_hint (KielaGameSession *self)
{
  const KielaPersonality *p;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));
  if (!kiela_game_session_can_hint (self))
    return;
  p = kiela_ai_strongest_personality (self->registry);
  self->hint_cancel = g_cancellable_new ();
  kiela_ai_think_async (self->registry, p, self->game, HINT_BUDGET_MS * 1000, g_random_int (),
                        self->hint_cancel, on_hint_done, self);
  notify (self, PROP_HINT_PENDING);
}

/* ---------- setup ---------- */

void
kiela_game_session_get_setup_position (KielaGameSession *self, KielaPosition *pos)
{
  g_return_if_fail (KIELA_IS_GAME_SESSION (self));

  *pos = *kiela_game_get_position (self->game);
  if (self->phase != KIELA_PHASE_PLAY)
    memcpy (pos->houses[kiela_game_session_get_turn (self)], self->setup_counts, sizeof self->setup_counts);
}

gboolean
kiela_game_session_setup_move (KielaGameSession *self, KielaSide side, guint from, guint to, GError **error)
{
  guint files;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  files = kiela_game_get_position (self->game)->files;
  if (self->phase == KIELA_PHASE_PLAY || side != kiela_game_session_get_turn (self)
      || self->players[side] != NULL || from >= 2 * files || to >= 2 * files)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE,
                           _("Only the side that arranges its stones may move them now."));
      return FALSE;
    }
  if (self->setup_counts[from] == 0)
    {
      g_autofree char *sq = kiela_square_name_dup (files, side, from);
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_ILLEGAL_MOVE, _("%s is empty: there is no stone to move."), sq);
      return FALSE;
    }
  self->setup_counts[from]--;
  self->setup_counts[to]++;
  g_signal_emit (self, signals[SIGNAL_SETUP_CHANGED], 0);
  return TRUE;
}

gboolean
kiela_game_session_setup_done (KielaGameSession *self, GError **error)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (self->phase == KIELA_PHASE_PLAY)
    return TRUE;
  if (!kiela_game_setup (self->game, kiela_game_session_get_turn (self), self->setup_counts, error))
    return FALSE;
  finish_setup_step (self);
  return TRUE;
}

gboolean
kiela_game_session_setup_skip (KielaGameSession *self, GError **error)
{
  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);

  if (self->phase == KIELA_PHASE_PLAY)
    return TRUE;
  if (!kiela_game_skip_setup (self->game, error))
    return FALSE;
  finish_setup_step (self);
  return TRUE;
}

/* ---------- getters ---------- */

KielaRegistry *
kiela_game_session_get_registry (KielaGameSession *self)
{
  return self->registry;
}

KielaGame *
kiela_game_session_get_game (KielaGameSession *self)
{
  return self->game;
}

const KielaPersonality *
kiela_game_session_get_player (KielaGameSession *self, KielaSide side)
{
  g_return_val_if_fail (side == KIELA_SOUTH || side == KIELA_NORTH, NULL);
  return self->players[side];
}

KielaPhase
kiela_game_session_get_phase (KielaGameSession *self)
{
  return self->phase;
}

KielaSide
kiela_game_session_get_turn (KielaGameSession *self)
{
  if (self->phase == KIELA_PHASE_SETUP_SOUTH)
    return KIELA_SOUTH;
  if (self->phase == KIELA_PHASE_SETUP_NORTH)
    return KIELA_NORTH;
  return self->game ? (KielaSide) kiela_game_get_position (self->game)->to_move : KIELA_SOUTH;
}

guint
kiela_game_session_get_view_ply (KielaGameSession *self)
{
  return self->view_ply;
}

gboolean
kiela_game_session_is_live (KielaGameSession *self)
{
  return self->game && self->view_ply == kiela_game_get_n_moves (self->game);
}

GFile *
kiela_game_session_get_file (KielaGameSession *self)
{
  return self->file;
}

gboolean
kiela_game_session_get_modified (KielaGameSession *self)
{
  return self->modified;
}

gboolean
kiela_game_session_get_ai_thinking (KielaGameSession *self)
{
  return self->ai_cancel != NULL;
}

gboolean
kiela_game_session_get_ai_paused (KielaGameSession *self)
{
  return self->ai_paused;
}

gboolean
kiela_game_session_get_replaying (KielaGameSession *self)
{
  return self->replaying;
}

gboolean
kiela_game_session_get_hint_pending (KielaGameSession *self)
{
  return self->hint_cancel != NULL;
}

const char *
kiela_game_session_get_hint (KielaGameSession *self)
{
  return self->hint_text;
}

KielaMove
kiela_game_session_get_hint_move (KielaGameSession *self)
{
  return self->hint_text ? self->hint_move : -1;
}

/* ---------- GObject ---------- */

static void
kiela_game_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KielaGameSession *self = KIELA_GAME_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME: g_value_set_object (value, self->game); break;
    case PROP_VIEW_PLY: g_value_set_uint (value, self->view_ply); break;
    case PROP_LIVE: g_value_set_boolean (value, kiela_game_session_is_live (self)); break;
    case PROP_N_MOVES: g_value_set_uint (value, self->n_moves); break;
    case PROP_PHASE: g_value_set_enum (value, self->phase); break;
    case PROP_TURN: g_value_set_enum (value, kiela_game_session_get_turn (self)); break;
    case PROP_FILE: g_value_set_object (value, self->file); break;
    case PROP_MODIFIED: g_value_set_boolean (value, self->modified); break;
    case PROP_AI_THINKING: g_value_set_boolean (value, self->ai_cancel != NULL); break;
    case PROP_AI_PAUSED: g_value_set_boolean (value, self->ai_paused); break;
    case PROP_REPLAYING: g_value_set_boolean (value, self->replaying); break;
    case PROP_HINT: g_value_set_string (value, self->hint_text); break;
    case PROP_HINT_PENDING: g_value_set_boolean (value, self->hint_cancel != NULL); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_game_session_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KielaGameSession *self = KIELA_GAME_SESSION (object);

  switch (prop_id)
    {
    case PROP_VIEW_PLY: kiela_game_session_set_view_ply (self, g_value_get_uint (value)); break;
    case PROP_REPLAYING: kiela_game_session_set_replaying (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_game_session_dispose (GObject *object)
{
  KielaGameSession *self = KIELA_GAME_SESSION (object);

  /* Cancelled searches drop their results unread: nothing touches a disposed session. */
  if (self->ai_cancel)
    g_cancellable_cancel (self->ai_cancel);
  if (self->hint_cancel)
    g_cancellable_cancel (self->hint_cancel);
  g_clear_object (&self->ai_cancel);
  g_clear_object (&self->hint_cancel);
  G_OBJECT_CLASS (kiela_game_session_parent_class)->dispose (object);
}

static void
kiela_game_session_finalize (GObject *object)
{
  KielaGameSession *self = KIELA_GAME_SESSION (object);

  g_clear_object (&self->game);
  g_clear_object (&self->file);
  g_clear_object (&self->autosave);
  g_free (self->hint_text);
  G_OBJECT_CLASS (kiela_game_session_parent_class)->finalize (object);
}

static void
kiela_game_session_class_init (KielaGameSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;

  process_start_us = g_get_real_time ();

  object_class->get_property = kiela_game_session_get_property;
  object_class->set_property = kiela_game_session_set_property;
  object_class->dispose = kiela_game_session_dispose;
  object_class->finalize = kiela_game_session_finalize;

  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, KIELA_TYPE_GAME, ro);
  properties[PROP_VIEW_PLY] = g_param_spec_uint ("view-ply", NULL, NULL, 0, G_MAXUINT, 0, rw);
  properties[PROP_LIVE] = g_param_spec_boolean ("live", NULL, NULL, TRUE, ro);
  properties[PROP_N_MOVES] = g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_PHASE] = g_param_spec_enum ("phase", NULL, NULL, KIELA_TYPE_PHASE, KIELA_PHASE_PLAY, ro);
  properties[PROP_TURN] = g_param_spec_enum ("turn", NULL, NULL, KIELA_TYPE_SIDE, KIELA_SOUTH, ro);
  properties[PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, ro);
  properties[PROP_MODIFIED] = g_param_spec_boolean ("modified", NULL, NULL, FALSE, ro);
  properties[PROP_AI_THINKING] = g_param_spec_boolean ("ai-thinking", NULL, NULL, FALSE, ro);
  properties[PROP_AI_PAUSED] = g_param_spec_boolean ("ai-paused", NULL, NULL, FALSE, ro);
  properties[PROP_REPLAYING] = g_param_spec_boolean ("replaying", NULL, NULL, FALSE, rw);
  properties[PROP_HINT] = g_param_spec_string ("hint", NULL, NULL, NULL, ro);
  properties[PROP_HINT_PENDING] = g_param_spec_boolean ("hint-pending", NULL, NULL, FALSE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_ERROR] = g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_MOVE_PLAYED] = g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_SETUP_CHANGED] = g_signal_new ("setup-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_game_session_init (KielaGameSession *self)
{
  self->hint_move = -1;
}

KielaGameSession *
kiela_game_session_new (KielaRegistry *registry, GFile *autosave)
{
  KielaGameSession *self;

  g_return_val_if_fail (registry != NULL, NULL);
  self = g_object_new (KIELA_TYPE_GAME_SESSION, NULL);
  self->registry = registry;
  self->autosave = autosave ? g_object_ref (autosave) : NULL;
  return self;
}
