/* test-board-view-common.h: what the board widget's tests (test-board-view*.c) share, in
 * test-board-view-common.c: positions, a house found by its square, a new board, the main loop
 * spun until a condition holds, and the tests' start on a display. */
#pragma once

#include <gtk/gtk.h>

#include "kiela-board-view.h"
#include "kiela-house.h"
#include "kiela.h"

/* The `kiela` start position, from section 10 of the rules file. */
#define START_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s"

void parse_position (const char *kpn, KielaPosition *pos);
KielaHouse *house_by_square (KielaBoardView *board, const char *square);
GtkWidget *new_board (void);
gboolean wait_for (gboolean (*done) (gpointer), gpointer data, guint ms);
gboolean is_mapped (gpointer widget);

gboolean board_test_start (int *argc, char ***argv, const char *name);
