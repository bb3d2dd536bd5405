/* app-test-session.h: what the session tests (test-session*.c) share, in app-test-session.c: the
 * fixture (a session on a fresh registry, an autosave file in a temporary folder, its messages,
 * errors and notifications collected), the first legal move played, the computer's moves waited
 * for. */
#pragma once

#include "kiela-game-session.h"

typedef struct {
  KielaRegistry *registry;
  char *dir;
  GFile *autosave;
  KielaGameSession *session;
  GPtrArray *messages;
  GPtrArray *errors;
  guint modified_notes;
  guint played;
  gboolean replay_on_play;   /* act as a view that animates every move */
} Fixture;

void on_message (KielaGameSession *session, const char *text, Fixture *f);
KielaGameSession *make_session (Fixture *f);
void fixture_setup (Fixture *f, gconstpointer data);
void fixture_teardown (Fixture *f, gconstpointer data);
KielaGame *game_of (Fixture *f);
KielaMove first_legal (Fixture *f);
void play_first_legal (Fixture *f);
const KielaPersonality *personality (Fixture *f, gboolean strongest);
gboolean moves_played (Fixture *f, guint n);
gboolean two_moves (gpointer data);
gboolean one_move (gpointer data);

#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
