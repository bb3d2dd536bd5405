/* kiela-x11-shm.h: keeps cairo's shared memory for a whole window's frame between frames (X11,
 * cairo renderer; see kiela-x11-shm.c). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* From its realization on, `window` keeps cairo-xlib's shared memory pool for a frame of its
 * whole size, so the first frame at each new size copies into pages already mapped.  Nothing on
 * other displays or with another renderer, nor when built without cairo-xlib. */
void     kiela_x11_shm_keep_frames (GtkWindow *window);
/* TRUE while `window` keeps such a pool (for the tests). */
gboolean kiela_x11_shm_is_keeping  (GtkWindow *window);

G_END_DECLS
