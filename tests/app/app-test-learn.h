/* app-test-learn.h: what the lesson and class widget tests share (static: a copy each): the two
 * window sizes a classroom meets, a button clicked as a user does, a lesson's replay waited for,
 * and the window saved as a screenshot. */
#pragma once

#include <adwaita.h>

#include "kiela-lesson-view.h"
#include "app-test-util.h"
#include "app-test-render.h"

/* The runner's tests run at the two sizes a classroom meets: a projector's 1024×768 and 1080p. */
typedef struct { int width, height; } Size;
static const Size size_narrow = { 1024, 768 };
static const Size size_wide = { 1920, 1080 };

/* Clicks `button`, which must be shown and sensitive, and lets the click through. */
static inline void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  spin (20);
}

/* For wait_until(): the lesson view `data` is not replaying a move. */
static inline gboolean
replay_done (gpointer data)
{
  return !kiela_trace_player_get_playing (kiela_lesson_view_get_trace_player (data));
}

