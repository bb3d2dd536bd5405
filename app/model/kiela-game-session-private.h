/* kiela-game-session-private.h: the session's struct and the API its source files share
 * (kiela-game-session.c: state, files, autosave; kiela-game-session-play.c: moves and undo;
 * kiela-game-session-ai.c: the computer's work; kiela-game-session-setup.c: the expert arrangement;
 * kiela-game-session-tree.c: variations). */
#pragma once

#include "kiela-game-session.h"

G_BEGIN_DECLS

struct _KielaGameSession {
  GObject parent_instance;

  KielaRegistry *registry;          /* not owned */
  GFile *autosave;
  gboolean autosave_failed;         /* the user has been told; not again until it works */
  KielaGameTree *tree;              /* the game with its variations and comments */
  KielaGame *game;                  /* the tree's current line */
  const KielaPersonality *players[2];   /* NULL = human */
  guint view_ply;
  KielaPhase phase;
  GFile *file;
  gboolean modified;
  gboolean replaying;
  GCancellable *ai_cancel;          /* a move or an arrangement being thought */
  gboolean ai_paused;               /* AI against AI after an undo: wait for resume */
  /* Each computer side's memory for the game (its transposition table stays warm from move to
   * move, as in kiela-cli tournament): NULL while a search holds it (the search's callback gives
   * it back), so no two searches ever share one.  Dropped with the game or its players. */
  KielaAiCache *ai_cache[2];
  guint ai_cache_generation;        /* bumped when dropped: a search's older cache is then freed */
  guint ai_cache_searches;          /* searches holding a cache of this session (for the tests) */
  GCancellable *hint_cancel;
  char *hint_text;
  KielaMove hint_move;
  guint16 setup_counts[KIELA_MAX_HOUSES];
  GArray *setup_steps;              /* KielaSetupStep: the arrangement's moves, for undo */
  guint n_moves;                    /* last notified, for "n-moves" */
};

/* One move of the expert arrangement: `count` stones from one house to another. */
typedef struct {
  guint8  from;
  guint8  to;
  guint16 count;
} KielaSetupStep;

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
  PROP_TREE,
  N_PROPS
};

enum { SIGNAL_MESSAGE, SIGNAL_ERROR, SIGNAL_MOVE_PLAYED, SIGNAL_SETUP_CHANGED, SIGNAL_INFO_CHANGED, N_SIGNALS };

/* kiela-game-session.c */
extern guint _kiela_game_session_signals[N_SIGNALS];
void _kiela_game_session_sync_game_state   (KielaGameSession *self);
void _kiela_game_session_set_view_ply      (KielaGameSession *self, guint ply);
void _kiela_game_session_cancel_ai         (KielaGameSession *self);
void _kiela_game_session_cancel_hint       (KielaGameSession *self);
/* The game changed: it is modified and autosaved. */
void _kiela_game_session_game_changed      (KielaGameSession *self);
void _kiela_game_session_notify            (KielaGameSession *self, guint prop);
void _kiela_game_session_message           (KielaGameSession *self, const char *text);
void _kiela_game_session_set_ai_paused     (KielaGameSession *self, gboolean paused);

/* kiela-game-session-play.c */
/* The tree's current line may be another game now: show `ply` of it. */
void _kiela_game_session_adopt_line        (KielaGameSession *self, guint ply);
/* Plays a move already known to be legal (or says why not), replays it and goes on. */
void _kiela_game_session_play_move         (KielaGameSession *self, KielaMove move);
/* The computer player who moves now, NULL for a human; in a variation the user plays both sides. */
const KielaPersonality *_kiela_game_session_mover (KielaGameSession *self);

/* kiela-game-session-setup.c */
/* After a side has arranged its stones: autosave, show the start, the next side's turn. */
void _kiela_game_session_finish_setup_step (KielaGameSession *self);
/* Starts a side's arrangement: the computer's on a worker thread, a human's stone by stone. */
void _kiela_game_session_enter_setup       (KielaGameSession *self);

/* kiela-game-session-ai.c */
/* Starts the computer's move when it is its turn, the game is live and no replay runs. */
void _kiela_game_session_maybe_start_ai    (KielaGameSession *self);
void _kiela_game_session_start_arrange     (KielaGameSession *self, KielaSide side);
/* A new game, other players, the session going: the computer sides' caches are freed (those
 * searches still hold are freed when they end). */
void _kiela_game_session_drop_ai_caches    (KielaGameSession *self);

G_END_DECLS
