/* kiela-window-follow.c: the move list stays at its end while the game is followed live, whatever
 * changes its height (the game-over card opening above it, the panel sliding in, rows measured). */

#include "config.h"

#include "kiela-window-private.h"

typedef struct {
  KielaWindow *window;   /* not owned: the data lives on its scrolled window */
  GtkAdjustment *adj;    /* owned */
  gulong handlers[2];
  GdkFrameClock *clock;  /* owned while a scroll to the end waits for the frame's end */
  gulong idle;           /* its after-paint handler: a scroll to the end is pending */
  gboolean at_end;       /* the list showed its last row before the latest change */
} Follow;

static void
follow_free (gpointer data)
{
  Follow *follow = data;

  g_signal_handler_disconnect (follow->adj, follow->handlers[0]);
  g_signal_handler_disconnect (follow->adj, follow->handlers[1]);
  if (follow->idle != 0)
    g_signal_handler_disconnect (follow->clock, follow->idle);
  g_clear_object (&follow->clock);
  g_object_unref (follow->adj);
  g_free (follow);
}

static gboolean
is_at_end (GtkAdjustment *adj)
{
  return gtk_adjustment_get_value (adj) >= gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 1;
}

static void
on_value_changed (GtkAdjustment *adj, Follow *follow)
{
  /* While a scroll to the end is pending, a value clamped to a shorter page is not the user's. */
  if (follow->idle == 0)
    follow->at_end = is_at_end (adj);
}

static void
scroll_to_end (GdkFrameClock *clock, Follow *follow)
{
  g_signal_handler_disconnect (follow->clock, follow->idle);
  follow->idle = 0;
  g_clear_object (&follow->clock);
  /* A list not laid out (another page shown, the panel folded away) has no rows to scroll to
   * (GTK 4.8 warns that it failed to); it is followed again when it gets its size. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (follow->window->move_list))
      || g_list_model_get_n_items (G_LIST_MODEL (follow->window->move_selection)) == 0)
    {
      follow->at_end = TRUE;
      return;
    }
  if (follow->window->session != NULL && kiela_game_session_is_live (follow->window->session))
    {
      double end = gtk_adjustment_get_upper (follow->adj) - gtk_adjustment_get_page_size (follow->adj);

      /* GTK 4.8's list view lays its rows out from an anchor row, which it moves only when the
       * value changes: after the page shrank the value may already be the end while the rows
       * still hang below it.  A change there and back sets the anchor from the value again. */
      gtk_adjustment_set_value (follow->adj, MAX (0, end - 1));
      gtk_adjustment_set_value (follow->adj, end);
    }
  follow->at_end = TRUE;
}

/* The bounds or the page changed: a list that showed its end shows it again, as long as the
 * window follows the live game (a reviewed move keeps its own row in view).  After the frame's
 * paint: the list view changes its adjustment while it allocates its rows, and a new value set
 * then would not move them until something else asked for a new layout; an idle could instead
 * run before the next layout, with bounds the rows no longer fill (GTK 4.8 then warns that it
 * failed to scroll). */
static void
on_changed (GtkAdjustment *adj, Follow *follow)
{
  KielaWindow *self = follow->window;

  if (!follow->at_end || self->session == NULL || !kiela_game_session_is_live (self->session))
    {
      if (follow->idle == 0)
        follow->at_end = is_at_end (adj);
      return;
    }
  if (follow->idle == 0)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->move_list));

      if (clock == NULL)
        return;
      follow->clock = g_object_ref (clock);
      follow->idle = g_signal_connect (clock, "after-paint", G_CALLBACK (scroll_to_end), follow);
      gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
    }
}

void
_kiela_window_follow_moves_init (KielaWindow *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->move_scroller);
  Follow *follow = g_new0 (Follow, 1);

  follow->window = self;
  follow->adj = g_object_ref (adj);
  follow->at_end = TRUE;
  follow->handlers[0] = g_signal_connect (adj, "value-changed", G_CALLBACK (on_value_changed), follow);
  follow->handlers[1] = g_signal_connect (adj, "changed", G_CALLBACK (on_changed), follow);
  g_object_set_data_full (G_OBJECT (self->move_scroller), "kiela-follow", follow, follow_free);
}
