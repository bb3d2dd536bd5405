/* omweso-model.h: a naive model of Omweso written from its sources (omweso-model.c), for
 * test-omweso-model.c: the board as South sees it, and every legal move of a position. */
#pragma once

#include <glib.h>

/* The files of the board. */
#define N 8

typedef struct {
  int grid[4][N];
  int south_to_move;
  int won;    /* the player who just moved captured at both ends */
} Board;

/* A move of the model: its hole, first direction and the player's choices, named as the rules
 * reference writes it: "b2", then "<" for clockwise, then "+" or "-" for each choice up to the
 * last "-" (choices not written are turns taken). */
typedef struct { int at, dir; char name[64]; } ModelMove;

#define MAX_MODEL_MOVES 512

/* Every legal move of `b` and the board after each; returns how many (at most MAX_MODEL_MOVES). */
int model_moves (const Board *b, ModelMove moves[MAX_MODEL_MOVES], Board after[MAX_MODEL_MOVES]);
/* The number of move sequences of `depth` moves from `b`. */
guint64 model_perft (const Board *b, int depth);
