/* app-test-window-fixture.h: what the main window's widget tests (test-window*.c) share, in
 * app-test-window-fixture.c: the fixture (a window on a fresh registry, settings at a given
 * replay speed and an autosave file of its own), a house clicked, an action activated or read
 * off its button, the replay's end waited for, positions and side labels compared. */
#pragma once

#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "app-test-util.h"


typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  char *dir;
  char *autosave;
  guint want_moves;   /* for has_moves() */
} Fixture;

KielaWindow *make_window (Fixture *f);
void fixture_setup (Fixture *f, gconstpointer data);
void fixture_teardown (Fixture *f, gconstpointer data);

void assert_positions_equal (const KielaPosition *a, const KielaPosition *b);
void click (Fixture *f, KielaSide side, const char *square);
void activate (Fixture *f, const char *action);
gboolean action_enabled (Fixture *f, const char *name);
gboolean player_at_end (gpointer data);
void assert_side_label (Fixture *f, KielaSide side, const char *named);
gboolean window_drawn (gpointer data);

/* A test on the fixture, its replay at `speed` (KielaSpeed). */
#define ADD(path, speed, fn) \
  g_test_add (path, Fixture, GINT_TO_POINTER (speed), fixture_setup, fn, fixture_teardown)
