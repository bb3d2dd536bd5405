/* kiela-board-scene.h: the board's SVG scene (frame, wood, cups, labels) for a file count, without GTK. */
#pragma once

#include <gio/gio.h>
#include "kiela-types.h"

G_BEGIN_DECLS

/* A file of the board artwork (data/board/NAME) from the resources; aborts if the build lost it. */
GBytes *kiela_board_scene_load_resource (const char *name);
/* The board scene (frame, wood grain, cups, labels) for `files` files (free with g_free). */
char   *kiela_board_scene_build_svg     (guint files);

G_END_DECLS
