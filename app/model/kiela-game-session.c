/* kiela-game-session.c: the game the window shows, with everything about it that is not a widget:
 * who plays each side, its file and unsaved changes, the autosave, new and opened games, the
 * properties.  Moves, the shown ply and undo: kiela-game-session-play.c; the computer's work:
 * kiela-game-session-ai.c; the expert arrangement: kiela-game-session-setup.c; variations,
 * comments and names: kiela-game-session-tree.c. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kiela-game-session-private.h"
#include "kiela-ai-player.h"
#include "kiela-game-file.h"

/* Record metadata keys of ours: the personality ids behind each side (absent = human). */
#define META_SOUTH_AI "south-ai"
#define META_NORTH_AI "north-ai"
/* Only in the autosave, so that a restart brings the game back as it was: the URI of the game's
 * file (absent: untitled) and "true"/"false" for changes the file does not hold.  They travel
 * inside the one record, so the autosave stays a single atomic write; they are taken out of the
 * game again at once, so they never reach the user's own files. */
#define META_AUTOSAVE_FILE "kiela-autosave-file"
#define META_AUTOSAVE_MODIFIED "kiela-autosave-modified"

G_DEFINE_FINAL_TYPE (KielaGameSession, kiela_game_session, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];
guint _kiela_game_session_signals[N_SIGNALS];

/* ---------- state changes, each notified once ---------- */

void
_kiela_game_session_notify (KielaGameSession *self, guint prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
_kiela_game_session_message (KielaGameSession *self, const char *text)
{
  g_signal_emit (self, _kiela_game_session_signals[SIGNAL_MESSAGE], 0, text);
}

static void
set_modified (KielaGameSession *self, gboolean modified)
{
  if (self->modified == modified)
    return;
  self->modified = modified;
  _kiela_game_session_notify (self, PROP_MODIFIED);
}

static void
set_file (KielaGameSession *self, GFile *file)
{
  if (self->file == file || (self->file && file && g_file_equal (self->file, file)))
    return;
  g_set_object (&self->file, file);
  _kiela_game_session_notify (self, PROP_FILE);
}

/* After any change to the game: the move count, the phase and the turn follow it. */
void
_kiela_game_session_sync_game_state (KielaGameSession *self)
{
  guint n = kiela_game_get_n_moves (self->game);
  KielaPhase phase = kiela_game_get_phase (self->game);

  if (n != self->n_moves)
    {
      self->n_moves = n;
      _kiela_game_session_notify (self, PROP_N_MOVES);
    }
  if (phase != self->phase)
    {
      self->phase = phase;
      _kiela_game_session_notify (self, PROP_PHASE);
    }
  _kiela_game_session_notify (self, PROP_TURN);
}

void
_kiela_game_session_set_view_ply (KielaGameSession *self, guint ply)
{
  self->view_ply = ply;
  /* Always notified: the view re-shows the ply even when the number is the same. */
  _kiela_game_session_notify (self, PROP_VIEW_PLY);
  _kiela_game_session_notify (self, PROP_LIVE);
}

void
_kiela_game_session_cancel_ai (KielaGameSession *self)
{
  if (self->ai_cancel == NULL)
    return;
  g_cancellable_cancel (self->ai_cancel);
  g_clear_object (&self->ai_cancel);
  _kiela_game_session_notify (self, PROP_AI_THINKING);
}

void
_kiela_game_session_set_ai_paused (KielaGameSession *self, gboolean paused)
{
  if (self->ai_paused == paused)
    return;
  self->ai_paused = paused;
  _kiela_game_session_notify (self, PROP_AI_PAUSED);
}

void
_kiela_game_session_cancel_hint (KielaGameSession *self)
{
  if (self->hint_cancel)
    {
      g_cancellable_cancel (self->hint_cancel);
      g_clear_object (&self->hint_cancel);
      _kiela_game_session_notify (self, PROP_HINT_PENDING);
    }
  if (self->hint_text != NULL)
    {
      self->hint_move = -1;
      g_clear_pointer (&self->hint_text, g_free);
      _kiela_game_session_notify (self, PROP_HINT);
    }
}

/* ---------- autosave ---------- */

/* The players' ids go into the record; a name only where none was given (names are the user's). */
static void
store_players (KielaGameSession *self)
{
  for (int side = 0; side < 2; side++)
    {
      const char *name_key = side == KIELA_SOUTH ? KIELA_META_SOUTH : KIELA_META_NORTH;
      const char *name = kiela_game_get_metadata (self->game, name_key);

      if (name == NULL || *name == '\0')
        kiela_game_tree_set_metadata (self->tree, name_key,
                                      self->players[side] ? self->players[side]->name : _("Human"));
      kiela_game_tree_set_metadata (self->tree, side == KIELA_SOUTH ? META_SOUTH_AI : META_NORTH_AI,
                                    self->players[side] ? self->players[side]->id : "");
    }
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
    {
      g_autofree char *uri = self->file ? g_file_get_uri (self->file) : NULL;

      kiela_game_tree_set_metadata (self->tree, META_AUTOSAVE_FILE, uri);
      kiela_game_tree_set_metadata (self->tree, META_AUTOSAVE_MODIFIED, self->modified ? "true" : "false");
      kiela_game_file_save (self->tree, self->autosave, &error);
      kiela_game_tree_set_metadata (self->tree, META_AUTOSAVE_FILE, NULL);
      kiela_game_tree_set_metadata (self->tree, META_AUTOSAVE_MODIFIED, NULL);
    }

  if (error == NULL)
    self->autosave_failed = FALSE;
  else if (!self->autosave_failed)
    {
      g_autofree char *msg = g_strdup_printf (_("The game could not be autosaved: %s"), error->message);
      self->autosave_failed = TRUE;
      _kiela_game_session_message (self, msg);
    }
}

/* The game changed by a move, an undo, a redo or an arrangement: it is no longer what its
 * file holds, and the autosave keeps it. */
void
_kiela_game_session_game_changed (KielaGameSession *self)
{
  set_modified (self, TRUE);
  autosave (self);
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
on_tree_changed (KielaGameTree *tree, KielaGameSession *self)
{
  _kiela_game_session_notify (self, PROP_TREE);
}

static void
set_tree (KielaGameSession *self, KielaGameTree *tree, const KielaPersonality *south,
          const KielaPersonality *north, GFile *file, gboolean modified)
{
  KielaGame *game = kiela_game_tree_get_game (tree);

  g_object_freeze_notify (G_OBJECT (self));
  _kiela_game_session_cancel_ai (self);
  _kiela_game_session_cancel_hint (self);
  _kiela_game_session_set_ai_paused (self, FALSE);
  /* Another game, maybe another variant or other players: the computer starts afresh. */
  _kiela_game_session_drop_ai_caches (self);

  if (self->tree)
    g_signal_handlers_disconnect_by_data (self->tree, self);
  g_set_object (&self->tree, tree);
  g_signal_connect (tree, "changed", G_CALLBACK (on_tree_changed), self);
  g_set_object (&self->game, game);
  self->players[KIELA_SOUTH] = south;
  self->players[KIELA_NORTH] = north;
  self->phase = kiela_game_get_phase (game);
  self->n_moves = kiela_game_get_n_moves (game);
  self->view_ply = self->n_moves;
  set_file (self, file);
  set_modified (self, modified);
  _kiela_game_session_notify (self, PROP_GAME);
  _kiela_game_session_notify (self, PROP_N_MOVES);
  _kiela_game_session_notify (self, PROP_PHASE);
  _kiela_game_session_notify (self, PROP_TURN);
  _kiela_game_session_notify (self, PROP_TREE);
  _kiela_game_session_set_view_ply (self, self->view_ply);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, _kiela_game_session_signals[SIGNAL_INFO_CHANGED], 0);

  _kiela_game_session_enter_setup (self);
  _kiela_game_session_maybe_start_ai (self);
}

/* A game without variations yet. */
static void
set_game (KielaGameSession *self, KielaGame *game, const KielaPersonality *south,
          const KielaPersonality *north, GFile *file, gboolean modified)
{
  g_autoptr(KielaGameTree) tree = kiela_game_tree_new (game);

  set_tree (self, tree, south, north, file, modified);
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
kiela_game_session_new_game_from_position (KielaGameSession *self, const KielaVariant *variant,
                                           const KielaPosition *start, const KielaPersonality *south,
                                           const KielaPersonality *north, GError **error)
{
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);
  g_return_val_if_fail (variant != NULL && start != NULL, FALSE);

  if (!kiela_game_check_position (variant, start, error))
    return FALSE;
  game = kiela_game_new_from_position (variant, start, error);
  if (game == NULL)
    return FALSE;
  kiela_game_set_metadata (game, KIELA_META_DATE, date);
  set_game (self, game, south, north, NULL, FALSE);
  store_players (self);
  autosave (self);
  return TRUE;
}

/* The game of a record just read becomes the session's. */
static void
adopt_tree (KielaGameSession *self, KielaGameTree *tree, GFile *file)
{
  KielaGame *game = kiela_game_tree_get_main_game (tree);

  set_tree (self, tree, lookup_player (self, game, META_SOUTH_AI), lookup_player (self, game, META_NORTH_AI),
            file, FALSE);
  autosave (self);
}

gboolean
kiela_game_session_open (KielaGameSession *self, GFile *file, GError **error)
{
  g_autoptr(KielaGameTree) tree = NULL;

  g_return_val_if_fail (KIELA_IS_GAME_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  tree = kiela_game_file_load (self->registry, file, error);
  if (tree == NULL)
    return FALSE;
  adopt_tree (self, tree, file);
  return TRUE;
}

static void
open_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  KielaGameSession *self = source;
  GError *error = NULL;
  KielaGameTree *tree;

  /* Only reads: the registry's variants (fixed while the app runs a load) and the file. */
  tree = kiela_record_tree_load_file (self->registry, task_data, cancellable, &error);
  if (tree == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tree, g_object_unref);
}

void
kiela_game_session_open_async (KielaGameSession *self, GFile *file, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, kiela_game_session_open_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  /* Cancel answers at once; the worker's result, when it comes, is dropped. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, open_thread);
}

gboolean
kiela_game_session_open_finish (KielaGameSession *self, GAsyncResult *result, GError **error)
{
  g_autoptr(KielaGameTree) tree = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  tree = g_task_propagate_pointer (G_TASK (result), error);
  if (tree == NULL)
    return FALSE;
  adopt_tree (self, tree, g_task_get_task_data (G_TASK (result)));
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
  if (!kiela_game_file_save (self->tree, file, error))
    return FALSE;
  set_file (self, file);
  set_modified (self, FALSE);
  /* The autosave learns the file and that the game has no unsaved changes. */
  autosave (self);
  return TRUE;
}

/* The file an autosave names, if it is still a record the user can open; NULL otherwise (moved,
 * deleted, unreadable, or no file named). */
static GFile *
dup_restorable_file (const char *uri)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInfo) info = NULL;

  if (uri == NULL || *uri == '\0')
    return NULL;
  file = g_file_new_for_uri (uri);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE "," G_FILE_ATTRIBUTE_ACCESS_CAN_READ,
                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL || g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR
      || (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_ACCESS_CAN_READ)
          && !g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_READ)))
    return NULL;
  return g_steal_pointer (&file);
}

/* When the process started, as real time: older temporaries cannot be a save of ours running now. */
static gint64 process_start_us;

void
kiela_game_session_restore_autosave (KielaGameSession *self)
{
  g_autoptr(KielaGameTree) tree = NULL;
  g_autoptr(GFile) file = NULL;
  KielaGame *game;
  g_autofree char *message = NULL;
  gboolean disable = FALSE;
  gboolean modified;
  gboolean forget_file = FALSE;

  g_return_if_fail (KIELA_IS_GAME_SESSION (self));

  if (self->autosave == NULL)
    {
      kiela_game_session_new_game (self, NULL, NULL, NULL);
      return;
    }
  kiela_game_file_remove_stale_temporaries (self->autosave, process_start_us);
  tree = kiela_game_file_load_autosave (self->registry, self->autosave, &message, &disable);
  if (disable)
    g_clear_object (&self->autosave);
  if (tree == NULL)
    {
      kiela_game_session_new_game (self, NULL, NULL, NULL);
      if (message)
        g_signal_emit (self, _kiela_game_session_signals[SIGNAL_ERROR], 0, message);
      return;
    }
  game = kiela_game_tree_get_main_game (tree);
  file = dup_restorable_file (kiela_game_get_metadata (game, META_AUTOSAVE_FILE));
  if (file != NULL)
    /* Back with its file; unsaved changes only if it had them (an autosave without the flag is
     * taken to have them: better a question too many than lost moves). */
    modified = g_strcmp0 (kiela_game_get_metadata (game, META_AUTOSAVE_MODIFIED), "false") != 0;
  else if (kiela_game_get_metadata (game, META_AUTOSAVE_FILE) != NULL)
    {
      /* Its file is gone or unreadable: the moves are now in no file of the user's. */
      modified = TRUE;
      forget_file = TRUE;
    }
  else
    /* An untitled game (or an autosave from before the file was kept): its moves, if any, are
     * in no file of the user's. */
    modified = kiela_game_get_n_moves (game) + kiela_game_get_n_redo (game) > 0
               || kiela_game_has_setup (game, KIELA_SOUTH) || kiela_game_has_setup (game, KIELA_NORTH);
  kiela_game_tree_set_metadata (tree, META_AUTOSAVE_FILE, NULL);
  kiela_game_tree_set_metadata (tree, META_AUTOSAVE_MODIFIED, NULL);
  set_tree (self, tree, lookup_player (self, game, META_SOUTH_AI), lookup_player (self, game, META_NORTH_AI),
            file, modified);
  /* The autosave says so too: a file put back under that name later is not this game's. */
  if (forget_file)
    autosave (self);
}

/* ---------- getters ---------- */

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
    case PROP_TREE: g_value_set_object (value, self->tree); break;
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
  _kiela_game_session_drop_ai_caches (self);
  G_OBJECT_CLASS (kiela_game_session_parent_class)->dispose (object);
}

static void
kiela_game_session_finalize (GObject *object)
{
  KielaGameSession *self = KIELA_GAME_SESSION (object);

  if (self->tree)
    g_signal_handlers_disconnect_by_data (self->tree, self);
  g_clear_object (&self->tree);
  g_clear_object (&self->game);
  g_clear_object (&self->file);
  g_clear_object (&self->autosave);
  g_free (self->hint_text);
  g_array_unref (self->setup_steps);
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
  /* Notified when the tree is replaced and whenever its lines or comments change. */
  properties[PROP_TREE] = g_param_spec_object ("tree", NULL, NULL, KIELA_TYPE_GAME_TREE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  _kiela_game_session_signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  _kiela_game_session_signals[SIGNAL_ERROR] = g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  _kiela_game_session_signals[SIGNAL_MOVE_PLAYED] = g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  _kiela_game_session_signals[SIGNAL_INFO_CHANGED] = g_signal_new ("info-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                               NULL, NULL, NULL, G_TYPE_NONE, 0);
  _kiela_game_session_signals[SIGNAL_SETUP_CHANGED] = g_signal_new ("setup-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                                NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_game_session_init (KielaGameSession *self)
{
  self->hint_move = -1;
  self->setup_steps = g_array_new (FALSE, FALSE, sizeof (KielaSetupStep));
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
