/* kiela-board-art.c: parses the board's SVG scene (kiela-board-scene.c) and the sprites for the widget. */
#include "config.h"

#include <string.h>

#include "kiela-board-art.h"
#include "kiela-board-geometry.h"

static const char *const sprite_files[KIELA_BOARD_SPRITE_N] = {
  [KIELA_BOARD_SPRITE_STONE_1] = "stone-1.svg",
  [KIELA_BOARD_SPRITE_STONE_2] = "stone-2.svg",
  [KIELA_BOARD_SPRITE_STONE_3] = "stone-3.svg",
  [KIELA_BOARD_SPRITE_PLAYABLE] = "playable.svg",
  [KIELA_BOARD_SPRITE_SELECTED] = "highlight-selected.svg",
  [KIELA_BOARD_SPRITE_CAPTURED_OFF] = "highlight-captured-off.svg",
  [KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_LIFT] = "highlight-lift.svg",
  [KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_DROP] = "highlight-drop.svg",
  [KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_RELAY] = "highlight-relay.svg",
  [KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_CAPTOR] = "highlight-captor.svg",
  [KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_CAPTURED] = "highlight-captured.svg",
  [KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_ENTER] = "highlight-enter.svg",
  [KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_HINT] = "highlight-hint.svg",
  [KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_LAST_MOVE] = "highlight-last-move.svg",
  [KIELA_BOARD_SPRITE_HIGHLIGHT_0 + KIELA_HIGHLIGHT_END] = "highlight-end.svg",
};

RsvgHandle *
kiela_board_art_parse_board (const char *svg)
{
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle;

  g_return_val_if_fail (svg != NULL, NULL);
  handle = rsvg_handle_new_from_data ((const guint8 *) svg, strlen (svg), &error);
  if (handle == NULL)
    g_error ("The generated board artwork is not valid SVG: %s", error->message);
  return handle;
}

RsvgHandle *
kiela_board_art_parse_sprite (KielaBoardSprite sprite)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  RsvgHandle *handle;

  g_return_val_if_fail (sprite < KIELA_BOARD_SPRITE_N && sprite_files[sprite] != NULL, NULL);

  bytes = kiela_board_scene_load_resource (sprite_files[sprite]);
  handle = rsvg_handle_new_from_data (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  if (handle == NULL)
    g_error ("The board artwork %s is not valid SVG: %s", sprite_files[sprite], error->message);
  return handle;
}

RsvgHandle *
kiela_board_art_get_sprite (KielaBoardSprite sprite)
{
  /* Parsed once per process: only rasterising depends on the size. */
  static RsvgHandle *handles[KIELA_BOARD_SPRITE_N];

  g_return_val_if_fail (sprite < KIELA_BOARD_SPRITE_N && sprite_files[sprite] != NULL, NULL);

  if (handles[sprite] == NULL)
    handles[sprite] = kiela_board_art_parse_sprite (sprite);
  return handles[sprite];
}
