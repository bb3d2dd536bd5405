/* kiela-portrait.h: draws an AI personality's SVG portrait into a texture with librsvg. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A size×size texture of `svg` (a complete SVG document), or NULL with an error. */
GdkTexture *kiela_portrait_render (const char *svg, int size, GError **error);

G_END_DECLS
