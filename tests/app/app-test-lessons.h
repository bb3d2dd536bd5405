/* app-test-lessons.h: what the lesson widget tests (test-lessons*.c) share, in app-test-lessons.c:
 * the fixture (a window on a fresh registry and settings, no progress), the lesson view's board
 * clicked as a pupil does, a step answered right or wrong, screenshots, and the tests' start. */
#pragma once

#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "kiela-learn.h"
#include "kiela-lesson-view.h"
#include "app-test-learn.h"

typedef struct {
  KielaRegistry *registry;
  GSettings *prefs;
  KielaWindow *window;
  int width, height;             /* 0: the screenshot size */
} Fixture;

KielaWindow *make_window (Fixture *f);
void close_window (Fixture *f);
void fixture_setup (Fixture *f, gconstpointer data);
void fixture_teardown (Fixture *f, gconstpointer data);
KielaLearn *learn_of (Fixture *f);
KielaLessonView *view_of (Fixture *f);

void click_square (KielaBoardView *board, const char *square);
void choose_way (KielaLessonView *view, const char *way);
void click_move (KielaLessonView *view, KielaMove move);
char *screenshot_path (const char *name);
void maybe_screenshot (Fixture *f, const char *name);

const char *row_state (GtkWidget *row);
GtkWidget *find_back_button (GtkWidget *widget);
graphene_rect_t bounds_in_window (Fixture *f, GtkWidget *widget);

gboolean learner_turn (gpointer data);
void answer_right (KielaLessonView *view, const KielaLesson *lesson, const KielaVariant *variant, guint step);
gboolean answer_wrong (KielaLessonView *view, const KielaLesson *lesson, const KielaVariant *variant, guint step);

char *lessons_test_init (int *argc, char ***argv, const char *name);

/* A test on the fixture; a runner's test at the two sizes of app-test-learn.h. */
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
#define ADD_SIZES(path, fn) \
  g_test_add (path "/1024x768", Fixture, &size_narrow, fixture_setup, fn, fixture_teardown); \
  g_test_add (path "/1920x1080", Fixture, &size_wide, fixture_setup, fn, fixture_teardown)
