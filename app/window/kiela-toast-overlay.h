/* kiela-toast-overlay.h: the window's toasts, drawn by Kiela itself.
 *
 * AdwToastOverlay of libadwaita 1.2 frees a toast's state while its slide-in still runs when the
 * toast is dismissed in its first frames (or within 200 ms of replacing another): a crash a
 * moment later (fixed in 1.3, commit 1674ebc9).  A refusal cleared by the next move, a hint
 * that comes at once, or a user closing two toasts quickly did it.  This overlay takes the same
 * AdwToast objects (title, custom title, button, action, timeout, priority) and shows them the
 * same way (the "toast" CSS node, at the bottom in the middle, one at a time, a queue behind),
 * with animations of its own that it stops before it frees anything.
 *
 * A toast's buttons ignore the pointer for the first KIELA_TOAST_GUARD_MS after it comes up:
 * a click meant for the toast before it (its close button) never lands on the next one's
 * button.  A toast equal to one shown or queued (same title, button and action) is not queued
 * again.
 *
 * The toasts' "dismissed" is emitted by kiela_toast_overlay_dismiss() (adw_toast_dismiss() does
 * nothing on a toast that no AdwToastOverlay holds). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KIELA_TOAST_GUARD_MS 600

#define KIELA_TYPE_TOAST_OVERLAY (kiela_toast_overlay_get_type ())
G_DECLARE_FINAL_TYPE (KielaToastOverlay, kiela_toast_overlay, KIELA, TOAST_OVERLAY, GtkWidget)

GtkWidget *kiela_toast_overlay_new       (void);
GtkWidget *kiela_toast_overlay_get_child (KielaToastOverlay *self);
void       kiela_toast_overlay_set_child (KielaToastOverlay *self, GtkWidget *child);
/* Shows `toast` (the overlay takes the reference), or queues it behind the one shown. */
void       kiela_toast_overlay_add_toast (KielaToastOverlay *self, AdwToast *toast);
/* Hides `toast` if shown, drops it if queued, and emits its "dismissed"; nothing if neither. */
void       kiela_toast_overlay_dismiss   (KielaToastOverlay *self, AdwToast *toast);
/* The toasts shown or queued (not those fading out). */
guint      kiela_toast_overlay_get_n_toasts (KielaToastOverlay *self);

G_END_DECLS
