/* kiela-ai.h: the interface every AI algorithm implements, and personalities built on them. */
#pragma once

#include <gio/gio.h>
#include "kiela-types.h"

G_BEGIN_DECLS

/*
 * Memory an algorithm may keep from one think() to the next of the same caller (a game
 * review searches sixty positions of one game: its transposition table stays warm).  The
 * host owns it and passes it in KielaAiRequest.cache; one thread at a time uses it.
 */
typedef struct _KielaAiCache KielaAiCache;

KIELA_AVAILABLE_IN_ALL KielaAiCache *kiela_ai_cache_new  (void);
KIELA_AVAILABLE_IN_ALL void          kiela_ai_cache_free (KielaAiCache *cache);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaAiCache, kiela_ai_cache_free)
/* For algorithms: the block of `size` bytes kept under `key` (which should say what the
 * content depends on: the algorithm, its evaluation settings), zeroed when it is new or had
 * another size (`fresh`, may be NULL, says so).  Valid until the cache is freed. */
KIELA_AVAILABLE_IN_ALL gpointer      kiela_ai_cache_get  (KielaAiCache *cache, const char *key, gsize size, gboolean *fresh);

/* What the host asks an algorithm to do.  Everything here is read-only for the algorithm. */
typedef struct {
  const KielaVariant  *variant;
  KielaPosition        position;      /* the side to move is the AI's side */
  const KielaPosition *history;       /* earlier positions of the game, oldest first (repetition) */
  guint                n_history;
  gint64               time_budget_us;/* wall-clock budget; <= 0 means use the settings' own limits only */
  guint64              seed;          /* same seed, same position, same settings => same move */
  GCancellable        *cancellable;   /* may be NULL; poll it and return promptly when cancelled */
  GHashTable          *settings;      /* string -> string, from the personality ("depth" -> "4") */
  /* May be NULL: memory kept across this caller's requests (kiela_ai_cache_get()).  Took the
   * place of reserved[0]: older hosts pass NULL, older plugins ignore it. */
  KielaAiCache        *cache;
  gpointer             reserved[3];
} KielaAiRequest;

/* What the algorithm answers. */
typedef struct {
  KielaMove move;        /* a legal move of request->position */
  gint      score;       /* from the mover's view, in the algorithm's unit (stones x 100 for search) */
  guint     depth;       /* plies searched fully (0 for non-searching algorithms) */
  guint64   nodes;       /* positions visited */
  gdouble   seconds;     /* time used */
  char      reason[160]; /* optional short, translated explanation ("captures 5 stones") */
  gpointer  reserved[4];
} KielaAiReply;

typedef struct {
  const char *id;          /* "alphabeta" */
  const char *name;        /* N_("Alpha-beta search") */
  const char *description; /* N_("...") */
  const char *translation_domain;
  /* Checks a personality's settings when it is registered; may be NULL (anything goes). */
  gboolean  (*check_settings) (GHashTable *settings, GError **error);
  /* Chooses a move.  Runs on a worker thread: touch no global state. Returns FALSE with
   * an error when there is no legal move or the search was cancelled before any move. */
  gboolean  (*think)          (const KielaAiRequest *request, KielaAiReply *reply, GError **error);
  /*
   * Optional (may be NULL; added in place of reserved[0], so older plugins still load):
   * arranges the side's stones in a variant with a setup phase (kiela-expert).
   * request->position is the game's position during setup with `to_move` set by the
   * host to the side that arranges; the opponent's houses are as they are (North sees
   * South's finished arrangement).  Fills `counts` with the side's houses in local
   * numbering (2 * files values, the rest zero) holding exactly the side's stones.
   * Runs on a worker thread like think(): same budget, seed and cancellable rules.
   * Hosts call it through kiela_ai_arrange(), which checks the answer.
   */
  gboolean  (*arrange)        (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES], GError **error);
  gpointer  reserved[7];
} KielaAiAlgorithm;

/* A named opponent: data only, pointing at an algorithm by id. */
typedef struct {
  const char *id;           /* "amara" */
  const char *name;         /* "Amara" (a person's name, usually not translated) */
  const char *character;    /* N_("Plays fast and loves captures.") */
  const char *portrait_svg; /* a complete SVG document, drawn by the app */
  guint       level;        /* 1 = beginner .. 10 = master */
  const char *level_name;   /* NC_("AI level", "Beginner") */
  const char *algorithm;    /* id of a KielaAiAlgorithm */
  const char *settings;     /* "depth=3 noise=20": space-separated key=value pairs */
  const char *translation_domain;
  gpointer    reserved[8];
} KielaPersonality;

/*
 * Arranges request->position.to_move's stones for the setup phase: calls
 * algorithm->arrange when the algorithm has one, else keeps the side's current
 * arrangement (the start arrangement during setup).  The answer is always checked:
 * exactly the side's stones, none past the board's 2 * files houses; a wrong answer
 * is an error naming the algorithm (KIELA_ERROR_PLUGIN).  A cancelled arrangement
 * fails with G_IO_ERROR_CANCELLED.  `counts` is written only on success.
 */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_ai_arrange        (const KielaAiAlgorithm *algorithm, const KielaAiRequest *request,
                                                            guint16 counts[KIELA_MAX_HOUSES], GError **error);

/*
 * Asks `algorithm` for a move of request->position and checks the answer: a move the
 * position does not allow (a house off the board, an empty or too small house, an
 * endless move where that is illegal) is an error naming the algorithm and the move
 * (KIELA_ERROR_PLUGIN), as is a failure without a message.  A search cancelled before
 * it starts fails with G_IO_ERROR_CANCELLED.  `reply` is written only on success.
 */
KIELA_AVAILABLE_IN_ALL gboolean    kiela_ai_think          (const KielaAiAlgorithm *algorithm, const KielaAiRequest *request,
                                                            KielaAiReply *reply, GError **error);

/*
 * A playable AI: a personality or a bare algorithm, resolved once through the registry,
 * with its settings (the personality's, then any overrides).  Immutable once built, so
 * any number of threads may think with it at once.  Reference counted.
 */
typedef struct _KielaRegistry KielaRegistry;
typedef struct _KielaAiConfig KielaAiConfig;

/* `spec` is a personality id or an algorithm id, optionally followed by settings that
 * override the personality's: "mpanzu depth=6", "alphabeta depth=3 qs=0".  `max_nodes`
 * (0 = none) caps the search in nodes on top of the settings' own cap.  The merged
 * settings are checked by the algorithm; every error names the AI. */
KIELA_AVAILABLE_IN_ALL KielaAiConfig *kiela_ai_config_new   (KielaRegistry *registry, const char *spec, guint64 max_nodes, GError **error);
/* The same for a personality already in hand (the app's chosen opponent). */
KIELA_AVAILABLE_IN_ALL KielaAiConfig *kiela_ai_config_new_for_personality (KielaRegistry *registry, const KielaPersonality *personality,
                                                                           GError **error);
KIELA_AVAILABLE_IN_ALL KielaAiConfig *kiela_ai_config_ref   (KielaAiConfig *config);
KIELA_AVAILABLE_IN_ALL void           kiela_ai_config_unref (KielaAiConfig *config);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KielaAiConfig, kiela_ai_config_unref)

KIELA_AVAILABLE_IN_ALL const char             *kiela_ai_config_get_spec        (KielaAiConfig *config); /* as given */
KIELA_AVAILABLE_IN_ALL const char             *kiela_ai_config_get_id          (KielaAiConfig *config); /* "mpanzu" */
KIELA_AVAILABLE_IN_ALL const char             *kiela_ai_config_get_label       (KielaAiConfig *config); /* "Kota Mpanzu", or the spec with overrides */
KIELA_AVAILABLE_IN_ALL const KielaPersonality *kiela_ai_config_get_personality (KielaAiConfig *config); /* NULL for a bare algorithm */
KIELA_AVAILABLE_IN_ALL const KielaAiAlgorithm *kiela_ai_config_get_algorithm   (KielaAiConfig *config);
KIELA_AVAILABLE_IN_ALL GHashTable             *kiela_ai_config_get_settings    (KielaAiConfig *config); /* read-only */
/* TRUE when both play alike: the same algorithm, personality and merged settings (so
 * a match between them is self-play, whatever their specs' spelling). */
KIELA_AVAILABLE_IN_ALL gboolean                 kiela_ai_config_equal           (KielaAiConfig *a, KielaAiConfig *b);

/*
 * Thinks (or arranges) with `config`'s algorithm and settings: `request` gives the
 * variant, position, history, budget, seed and cancellable; its `settings` are ignored.
 * Checked as kiela_ai_think() and kiela_ai_arrange() are.
 */
KIELA_AVAILABLE_IN_ALL gboolean kiela_ai_config_think   (KielaAiConfig *config, const KielaAiRequest *request,
                                                         KielaAiReply *reply, GError **error);
KIELA_AVAILABLE_IN_ALL gboolean kiela_ai_config_arrange (KielaAiConfig *config, const KielaAiRequest *request,
                                                         guint16 counts[KIELA_MAX_HOUSES], GError **error);

/*
 * The same on a worker thread (a GTask): `request` and its history are copied, so the
 * caller's may change at once.  A search cancelled through `cancellable` finishes with
 * G_IO_ERROR_CANCELLED even if the algorithm had an answer: a late answer never lands.
 * The task keeps its own reference on `config`.
 */
KIELA_AVAILABLE_IN_ALL void     kiela_ai_config_think_async    (KielaAiConfig *config, const KielaAiRequest *request,
                                                                GCancellable *cancellable, GAsyncReadyCallback callback,
                                                                gpointer user_data);
KIELA_AVAILABLE_IN_ALL gboolean kiela_ai_config_think_finish   (GAsyncResult *result, KielaAiReply *reply, GError **error);
KIELA_AVAILABLE_IN_ALL void     kiela_ai_config_arrange_async  (KielaAiConfig *config, const KielaAiRequest *request,
                                                                GCancellable *cancellable, GAsyncReadyCallback callback,
                                                                gpointer user_data);
/* `side` receives request->position.to_move, the side that arranged. */
KIELA_AVAILABLE_IN_ALL gboolean kiela_ai_config_arrange_finish (GAsyncResult *result, KielaSide *side,
                                                                guint16 counts[KIELA_MAX_HOUSES], GError **error);

/* Parses "key=value key2=value2" into a new string->string table. */
KIELA_AVAILABLE_IN_ALL GHashTable *kiela_ai_parse_settings (const char *settings, GError **error);
/* Settings helpers with defaults. */
KIELA_AVAILABLE_IN_ALL gint64      kiela_ai_setting_int    (GHashTable *settings, const char *key, gint64 fallback);
KIELA_AVAILABLE_IN_ALL gdouble     kiela_ai_setting_double (GHashTable *settings, const char *key, gdouble fallback);

G_END_DECLS
