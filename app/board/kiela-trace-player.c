/* kiela-trace-player.c: turns a KielaTrace into board states, one event at a time, on a timer
 * or by the step controls, so a teacher can replay and pause any sowing. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-trace-player.h"
#include "kiela-narrate.h"
#include "kiela-catalogue-i18n.h"

struct _KielaTracePlayer {
  GObject parent_instance;

  KielaBoardView *board;         /* weak: the window owns both */
  const KielaVariant *variant;
  KielaTrace *trace;
  guint index;
  guint interval_ms;
  guint timeout_id;
  gboolean pause_on_capture;
  guint serial;                  /* bumped whenever the trace is replaced */
  KielaCatalogue *catalogue;     /* the narration's language; NULL: the interface's */
};

G_DEFINE_FINAL_TYPE (KielaTracePlayer, kiela_trace_player, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, SIGNAL_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
kiela_trace_player_show (KielaTracePlayer *self)
{
  KielaPosition pos;
  guint hand = 0;
  guint n;
  KielaSide mover;
  guint origin;

  if (self->board == NULL || self->trace == NULL)
    return;

  n = kiela_trace_get_n_events (self->trace);
  mover = self->trace->result.mover;
  origin = KIELA_MOVE_HOUSE (self->trace->result.move);

  kiela_board_view_clear_highlights (self->board);

  if (self->index >= n)
    {
      /* The whole move: show the engine's own "after" so the side to move is right too. */
      kiela_board_view_set_position (self->board, &self->trace->after);
      kiela_board_view_set_hand (self->board, mover, origin, 0);
      kiela_board_view_set_highlight (self->board, mover, origin, KIELA_HIGHLIGHT_LAST_MOVE);
      if (self->trace->result.last_house != KIELA_NO_HOUSE)
        kiela_board_view_set_highlight (self->board, self->trace->result.last_side,
                                        self->trace->result.last_house, KIELA_HIGHLIGHT_END);
      return;
    }

  kiela_trace_position_at (self->trace, self->index, &pos, &hand);
  kiela_board_view_set_position (self->board, &pos);
  kiela_board_view_set_highlight (self->board, mover, origin, KIELA_HIGHLIGHT_LAST_MOVE);

  if (self->index == 0)
    {
      kiela_board_view_set_hand (self->board, mover, origin, 0);
      kiela_board_view_set_highlight (self->board, mover, origin, KIELA_HIGHLIGHT_LIFT);
      return;
    }

  {
    const KielaEvent *ev = kiela_trace_get_event (self->trace, self->index - 1);

    kiela_board_view_set_hand (self->board, ev->side, ev->house, hand);
    switch ((KielaEventType) ev->type)
      {
      case KIELA_EVENT_LIFT:
        kiela_board_view_set_highlight (self->board, ev->side, ev->house, KIELA_HIGHLIGHT_LIFT);
        break;
      case KIELA_EVENT_DROP:
        kiela_board_view_set_highlight (self->board, ev->side, ev->house, KIELA_HIGHLIGHT_DROP);
        break;
      case KIELA_EVENT_RELAY:
        kiela_board_view_set_highlight (self->board, ev->side, ev->house, KIELA_HIGHLIGHT_RELAY);
        break;
      case KIELA_EVENT_CAPTURE:
        kiela_board_view_set_highlight (self->board, ev->side, ev->house, KIELA_HIGHLIGHT_CAPTOR);
        kiela_board_view_set_highlight (self->board, ev->side2, ev->house2, KIELA_HIGHLIGHT_CAPTURED);
        kiela_board_view_set_highlight (self->board, ev->side2, ev->house3, KIELA_HIGHLIGHT_CAPTURED);
        break;
      case KIELA_EVENT_ENTER:
        kiela_board_view_set_highlight (self->board, ev->side, ev->house, KIELA_HIGHLIGHT_ENTER);
        break;
      case KIELA_EVENT_EXTRA_CAPTURE:
        /* The one more house the captor chose: marked as captured, the captor as captor. */
        kiela_board_view_set_highlight (self->board, ev->side, ev->house, KIELA_HIGHLIGHT_CAPTOR);
        kiela_board_view_set_highlight (self->board, ev->side2, ev->house2, KIELA_HIGHLIGHT_CAPTURED);
        break;
      case KIELA_EVENT_REMOVE:
        kiela_board_view_set_highlight (self->board, ev->side, ev->house, KIELA_HIGHLIGHT_CAPTOR);
        break;
      case KIELA_EVENT_END:
      default:
        kiela_board_view_set_highlight (self->board, ev->side, ev->house, KIELA_HIGHLIGHT_END);
        break;
      }
  }
}

static void
kiela_trace_player_stop_timer (KielaTracePlayer *self)
{
  if (self->timeout_id != 0)
    {
      g_source_remove (self->timeout_id);
      self->timeout_id = 0;
    }
}

static void
kiela_trace_player_update (KielaTracePlayer *self)
{
  kiela_trace_player_show (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static gboolean
kiela_trace_player_tick (gpointer data)
{
  KielaTracePlayer *self = data;
  guint n = kiela_trace_player_get_n_events (self);
  const KielaEvent *ev;

  if (self->index >= n)
    {
      self->timeout_id = 0;
      kiela_trace_player_update (self);
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
      return G_SOURCE_REMOVE;
    }

  self->index++;
  ev = self->index > 0 ? kiela_trace_get_event (self->trace, self->index - 1) : NULL;
  if (self->index >= n || (self->pause_on_capture && ev && ev->type == KIELA_EVENT_CAPTURE))
    {
      gboolean finished = self->index >= n;

      self->timeout_id = 0;
      kiela_trace_player_update (self);
      if (finished)
        g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
      return G_SOURCE_REMOVE;
    }

  kiela_trace_player_update (self);
  return G_SOURCE_CONTINUE;
}

static void
kiela_trace_player_dispose (GObject *object)
{
  KielaTracePlayer *self = KIELA_TRACE_PLAYER (object);

  kiela_trace_player_stop_timer (self);
  g_clear_weak_pointer (&self->board);
  G_OBJECT_CLASS (kiela_trace_player_parent_class)->dispose (object);
}

static void
kiela_trace_player_finalize (GObject *object)
{
  KielaTracePlayer *self = KIELA_TRACE_PLAYER (object);

  g_clear_pointer (&self->trace, kiela_trace_free);
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  G_OBJECT_CLASS (kiela_trace_player_parent_class)->finalize (object);
}

static void
kiela_trace_player_class_init (KielaTracePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kiela_trace_player_dispose;
  object_class->finalize = kiela_trace_player_finalize;

  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_trace_player_init (KielaTracePlayer *self)
{
  self->interval_ms = 380;
}

KielaTracePlayer *
kiela_trace_player_new (KielaBoardView *board)
{
  KielaTracePlayer *self = g_object_new (KIELA_TYPE_TRACE_PLAYER, NULL);

  g_set_weak_pointer (&self->board, board);
  return self;
}

void
kiela_trace_player_set_trace (KielaTracePlayer *self, const KielaVariant *variant,
                              KielaTrace *trace, guint index)
{
  g_return_if_fail (KIELA_IS_TRACE_PLAYER (self));

  kiela_trace_player_stop_timer (self);
  g_clear_pointer (&self->trace, kiela_trace_free);
  self->variant = variant;
  self->trace = trace;
  self->serial++;
  self->index = trace ? MIN (index, kiela_trace_get_n_events (trace)) : 0;
  kiela_trace_player_update (self);
}

const KielaTrace *
kiela_trace_player_get_trace (KielaTracePlayer *self)
{
  return self->trace;
}

guint
kiela_trace_player_get_index (KielaTracePlayer *self)
{
  return self->index;
}

guint
kiela_trace_player_get_n_events (KielaTracePlayer *self)
{
  return self->trace ? kiela_trace_get_n_events (self->trace) : 0;
}

gboolean
kiela_trace_player_is_at_end (KielaTracePlayer *self)
{
  return self->trace == NULL || self->index >= kiela_trace_get_n_events (self->trace);
}

gboolean
kiela_trace_player_is_at_start (KielaTracePlayer *self)
{
  return self->trace == NULL || self->index == 0;
}

void
kiela_trace_player_get_shown (KielaTracePlayer *self, KielaPosition *pos, guint *hand)
{
  g_return_if_fail (self->trace != NULL);

  if (self->index >= kiela_trace_get_n_events (self->trace))
    {
      *pos = self->trace->after;
      if (hand)
        *hand = 0;
      return;
    }
  kiela_trace_position_at (self->trace, self->index, pos, hand);
}

void
kiela_trace_player_set_index (KielaTracePlayer *self, guint index)
{
  guint n = kiela_trace_player_get_n_events (self);

  index = MIN (index, n);
  kiela_trace_player_stop_timer (self);
  self->index = index;
  kiela_trace_player_update (self);
}

void
kiela_trace_player_step_forward (KielaTracePlayer *self)
{
  if (!kiela_trace_player_is_at_end (self))
    kiela_trace_player_set_index (self, self->index + 1);
  else
    kiela_trace_player_pause (self);
}

void
kiela_trace_player_step_back (KielaTracePlayer *self)
{
  if (self->index > 0)
    kiela_trace_player_set_index (self, self->index - 1);
  else
    kiela_trace_player_pause (self);
}

void
kiela_trace_player_go_to_start (KielaTracePlayer *self)
{
  kiela_trace_player_set_index (self, 0);
}

void
kiela_trace_player_go_to_end (KielaTracePlayer *self)
{
  kiela_trace_player_set_index (self, kiela_trace_player_get_n_events (self));
}

void
kiela_trace_player_play (KielaTracePlayer *self)
{
  if (self->trace == NULL || self->timeout_id != 0)
    return;

  /* Playing from the end replays the move: what a teacher expects of a "play" button. */
  if (kiela_trace_player_is_at_end (self))
    self->index = 0;

  if (self->interval_ms == 0)
    {
      self->index = kiela_trace_get_n_events (self->trace);
      kiela_trace_player_update (self);
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
      return;
    }

  self->timeout_id = g_timeout_add (self->interval_ms, kiela_trace_player_tick, self);
  kiela_trace_player_update (self);
}

void
kiela_trace_player_pause (KielaTracePlayer *self)
{
  if (self->timeout_id == 0)
    return;
  kiela_trace_player_stop_timer (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

gboolean
kiela_trace_player_get_playing (KielaTracePlayer *self)
{
  return self->timeout_id != 0;
}

void
kiela_trace_player_set_interval (KielaTracePlayer *self, guint ms)
{
  if (self->interval_ms == ms)
    return;
  self->interval_ms = ms;
  if (self->timeout_id != 0)
    {
      /* Restart the timer at the new pace, from the current step. */
      kiela_trace_player_stop_timer (self);
      if (ms == 0)
        {
          self->index = kiela_trace_get_n_events (self->trace);
          kiela_trace_player_update (self);
          g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
        }
      else
        self->timeout_id = g_timeout_add (ms, kiela_trace_player_tick, self);
    }
}

void
kiela_trace_player_set_pause_on_capture (KielaTracePlayer *self, gboolean pause)
{
  self->pause_on_capture = pause;
}

guint
kiela_trace_player_get_serial (KielaTracePlayer *self)
{
  return self->serial;
}

const KielaVariant *
kiela_trace_player_get_variant (KielaTracePlayer *self)
{
  return self->variant;
}

void
kiela_trace_player_set_catalogue (KielaTracePlayer *self, KielaCatalogue *catalogue)
{
  g_return_if_fail (KIELA_IS_TRACE_PLAYER (self));

  if (catalogue == self->catalogue)
    return;
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  self->catalogue = catalogue ? kiela_catalogue_ref (catalogue) : NULL;
  /* Followers (the step list) rebuild their sentences as for a new trace. */
  self->serial++;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

KielaCatalogue *
kiela_trace_player_get_catalogue (KielaTracePlayer *self)
{
  g_return_val_if_fail (KIELA_IS_TRACE_PLAYER (self), NULL);
  return self->catalogue;
}

char *
kiela_trace_player_narrate_start (const KielaTrace *trace)
{
  return kiela_trace_player_narrate_start_in (trace, NULL);
}

char *
kiela_trace_player_narrate_start_in (const KielaTrace *trace, const KielaCatalogue *cat)
{
  g_autofree char *square = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  square = kiela_square_name_dup (trace->before.files, trace->result.mover, (guint) trace->result.move);
  if (KIELA_MOVE_IS_SKIP (trace->result.move))
    /* TRANSLATORS: before a skip is replayed (Quiela: a threatened single stone jumps, it is not
     * sown); %1$s is "South" or "North", %2$s the skip like b2>a1 */
    return g_strdup_printf (T_ (cat, "%1$s is about to move %2$s."), kiela_side_display_name_in (trace->result.mover, cat),
                            square);
  /* TRANSLATORS: before a move is replayed; %1$s is "South" or "North", %2$s a square like g1 */
  return g_strdup_printf (T_ (cat, "%1$s is about to sow %2$s."), kiela_side_display_name_in (trace->result.mover, cat),
                          square);
}

char *
kiela_trace_player_dup_narration_at (KielaTracePlayer *self, guint index)
{
  if (self->trace == NULL)
    return NULL;

  index = MIN (index, kiela_trace_get_n_events (self->trace));
  if (index == 0)
    return kiela_trace_player_narrate_start_in (self->trace, self->catalogue);

  return kiela_narrate_event_in (self->variant, self->trace, index - 1, self->catalogue);
}

char *
kiela_trace_player_dup_narration (KielaTracePlayer *self)
{
  return kiela_trace_player_dup_narration_at (self, self->index);
}
