/* kiela-board-art.h: the board's SVG artwork: the board scene generated for a file count, and the sprites. */
#pragma once

#include <librsvg/rsvg.h>
#include "kiela-board-view.h"
#include "kiela-board-scene.h"

G_BEGIN_DECLS

/* Sprites drawn over the houses: stones, highlight overlays, the playable mark. */
typedef enum {
  KIELA_BOARD_SPRITE_STONE_1,
  KIELA_BOARD_SPRITE_STONE_2,
  KIELA_BOARD_SPRITE_STONE_3,
  KIELA_BOARD_SPRITE_N_STONES,
  KIELA_BOARD_SPRITE_PLAYABLE = KIELA_BOARD_SPRITE_N_STONES,
  KIELA_BOARD_SPRITE_SELECTED,
  KIELA_BOARD_SPRITE_CAPTURED_OFF,
  KIELA_BOARD_SPRITE_HIGHLIGHT_0,   /* + KielaHighlight; NONE has no sprite */
  KIELA_BOARD_SPRITE_N = KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_N_KINDS,
} KielaBoardSprite;

/* A board scene from kiela_board_scene_build_svg, parsed (a new reference). */
RsvgHandle *kiela_board_art_parse_board    (const char *svg);
/* A sprite's SVG, parsed once per process (owned by the art module): for the main thread. */
RsvgHandle *kiela_board_art_get_sprite     (KielaBoardSprite sprite);
/* A sprite's SVG parsed anew (a new reference): a handle of its own for a worker thread, since
 * librsvg's handles are not to be shared between threads. */
RsvgHandle *kiela_board_art_parse_sprite   (KielaBoardSprite sprite);

G_END_DECLS
