/* kiela-toast-overlay.c: the window's toasts, drawn by Kiela itself (see the header for why).
 *
 * Ownership, which is what libadwaita 1.2 got wrong: an Item is a toast shown or queued, and
 * is freed as soon as the toast is dismissed.  Its widget, when shown, fades out on its own:
 * a Fade holds only the widget, whose buttons no longer know the item.  The one tick callback
 * (the overlay's) drives the slide-in and the fades; nothing else points at an item or a fade,
 * and the timeouts an item starts are removed with it. */
#include "config.h"

#include "kiela-toast-overlay.h"

#include <glib/gi18n.h>

#define SHOW_US       (300 * G_TIME_SPAN_MILLISECOND)
#define HIDE_US       (300 * G_TIME_SPAN_MILLISECOND)
#define NATURAL_WIDTH 450   /* a toast with a button, as libadwaita draws it */
#define SCALE_AMOUNT  0.05

typedef struct _Item Item;

/* ---------- a toast's widget: the "toast" CSS node Adwaita's style sheet draws ---------- */

#define KIELA_TYPE_TOAST_WIDGET (kiela_toast_widget_get_type ())
G_DECLARE_FINAL_TYPE (KielaToastWidget, kiela_toast_widget, KIELA, TOAST_WIDGET, GtkWidget)

struct _KielaToastWidget
{
  GtkWidget parent_instance;

  Item *item;             /* NULL once dismissed (fading out) */
  GtkWidget *title_bin;
  GtkWidget *action_button;
  GtkWidget *close_button;
};

G_DEFINE_FINAL_TYPE (KielaToastWidget, kiela_toast_widget, GTK_TYPE_WIDGET)

static void
kiela_toast_widget_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (kiela_toast_widget_parent_class)->dispose (object);
}

static void
kiela_toast_widget_class_init (KielaToastWidgetClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kiela_toast_widget_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "toast");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
kiela_toast_widget_init (KielaToastWidget *self)
{
}

/* ---------- the overlay ---------- */

struct _Item
{
  KielaToastOverlay *overlay;
  AdwToast *toast;            /* owned */
  KielaToastWidget *widget;   /* while shown */
  gint64 show_start;          /* frame time of the slide-in's start; -1 at the next frame, 0 none */
  guint timeout_id;
  guint guard_id;
  int inhibit;                /* pointer over it, focus in it, a button held */
  gboolean dismissed;
};

typedef struct
{
  GtkWidget *widget;          /* a KielaToastWidget whose item is gone */
  gint64 start;               /* as Item.show_start */
} Fade;

struct _KielaToastOverlay
{
  GtkWidget parent_instance;

  GtkWidget *child;
  GQueue queue;               /* Item *, waiting */
  Item *current;
  GList *fades;               /* Fade * */
  guint tick_id;
  guint idle_id;              /* ends the fades when nothing is animated */
};

enum { PROP_0, PROP_CHILD, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (KielaToastOverlay, kiela_toast_overlay, GTK_TYPE_WIDGET)

static void show_item (KielaToastOverlay *self, Item *item);

static gboolean
animating (KielaToastOverlay *self)
{
  return gtk_widget_get_mapped (GTK_WIDGET (self)) && adw_get_enable_animations (GTK_WIDGET (self));
}

static void
fade_free (Fade *fade)
{
  gtk_widget_unparent (fade->widget);
  g_object_unref (fade->widget);
  g_free (fade);
}

static void
stop_timeout (Item *item)
{
  g_clear_handle_id (&item->timeout_id, g_source_remove);
}

static void
item_free (Item *item)
{
  stop_timeout (item);
  g_clear_handle_id (&item->guard_id, g_source_remove);
  g_assert (item->widget == NULL);
  g_object_unref (item->toast);
  g_free (item);
}

static gboolean
tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  KielaToastOverlay *self = KIELA_TOAST_OVERLAY (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  gboolean running = FALSE;

  if (self->current != NULL && self->current->show_start != 0)
    {
      if (self->current->show_start < 0)
        self->current->show_start = now;
      if (now - self->current->show_start >= SHOW_US)
        self->current->show_start = 0;
      else
        running = TRUE;
    }
  for (GList *l = self->fades; l != NULL; )
    {
      Fade *fade = l->data;
      GList *next = l->next;

      if (fade->start < 0)
        fade->start = now;
      if (now - fade->start >= HIDE_US)
        {
          self->fades = g_list_delete_link (self->fades, l);
          fade_free (fade);
        }
      else
        {
          double t = (double) (now - fade->start) / HIDE_US;

          gtk_widget_set_opacity (fade->widget, adw_easing_ease (ADW_EASE_OUT_CUBIC, 1.0 - t));
          running = TRUE;
        }
      l = next;
    }
  gtk_widget_queue_allocate (widget);
  if (running)
    return G_SOURCE_CONTINUE;
  self->tick_id = 0;
  return G_SOURCE_REMOVE;
}

static gboolean
end_fades_idle (gpointer data)
{
  KielaToastOverlay *self = data;

  self->idle_id = 0;
  g_list_free_full (g_steal_pointer (&self->fades), (GDestroyNotify) fade_free);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* Runs the slide-in and the fades, or, with animations off, ends them at once (the fades from
 * an idle: a fading widget may be the one whose button is being clicked). */
static void
animate (KielaToastOverlay *self)
{
  if (animating (self))
    {
      if (self->tick_id == 0)
        self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
      return;
    }
  if (self->current != NULL)
    self->current->show_start = 0;
  if (self->fades != NULL && self->idle_id == 0)
    /* Before the next frame is drawn (an idle of low priority waits behind the frames). */
    self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, end_fades_idle, self, NULL);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static gboolean
timeout_cb (gpointer data)
{
  Item *item = data;

  item->timeout_id = 0;
  kiela_toast_overlay_dismiss (item->overlay, item->toast);
  return G_SOURCE_REMOVE;
}

static void
start_timeout (Item *item)
{
  guint seconds = adw_toast_get_timeout (item->toast);

  if (item->timeout_id == 0 && seconds > 0 && item->inhibit == 0 && item->widget != NULL)
    item->timeout_id = g_timeout_add (seconds * 1000, timeout_cb, item);
}

static void
inhibit (GtkEventController *controller, KielaToastWidget *widget)
{
  if (widget->item != NULL && widget->item->inhibit++ == 0)
    stop_timeout (widget->item);
}

static void
uninhibit (GtkEventController *controller, KielaToastWidget *widget)
{
  if (widget->item != NULL && widget->item->inhibit > 0 && --widget->item->inhibit == 0)
    start_timeout (widget->item);
}

static void
on_motion_enter (GtkEventControllerMotion *motion, double x, double y, KielaToastWidget *widget)
{
  inhibit (GTK_EVENT_CONTROLLER (motion), widget);
}

static void
on_click_pressed (GtkGestureClick *click, int n, double x, double y, KielaToastWidget *widget)
{
  inhibit (GTK_EVENT_CONTROLLER (click), widget);
}

static void
on_click_released (GtkGestureClick *click, int n, double x, double y, KielaToastWidget *widget)
{
  uninhibit (GTK_EVENT_CONTROLLER (click), widget);
}

static void
on_click_cancel (GtkGesture *gesture, GdkEventSequence *sequence, KielaToastWidget *widget)
{
  uninhibit (GTK_EVENT_CONTROLLER (gesture), widget);
}

static void
on_close_clicked (GtkButton *button, KielaToastWidget *widget)
{
  if (widget->item != NULL)
    kiela_toast_overlay_dismiss (widget->item->overlay, widget->item->toast);
}

typedef struct
{
  KielaToastOverlay *overlay;
  AdwToast *toast;
} Later;

static gboolean
dismiss_later (gpointer data)
{
  Later *later = data;

  kiela_toast_overlay_dismiss (later->overlay, later->toast);
  g_object_unref (later->overlay);
  g_object_unref (later->toast);
  g_free (later);
  return G_SOURCE_REMOVE;
}

static void
on_action_clicked (GtkButton *button, KielaToastWidget *widget)
{
  Later *later;

  if (widget->item == NULL)
    return;
  stop_timeout (widget->item);
  g_signal_emit_by_name (widget->item->toast, "button-clicked");
  /* After the action has run (the button's own "clicked" activates it). */
  later = g_new (Later, 1);
  later->overlay = g_object_ref (widget->item->overlay);
  later->toast = g_object_ref (widget->item->toast);
  g_idle_add_full (G_PRIORITY_DEFAULT, dismiss_later, later, NULL);
}

static void
set_buttons_target (KielaToastWidget *widget, gboolean can_target)
{
  gtk_widget_set_can_target (widget->action_button, can_target);
  gtk_widget_set_can_target (widget->close_button, can_target);
}

static gboolean
guard_cb (gpointer data)
{
  Item *item = data;

  item->guard_id = 0;
  if (item->widget != NULL)
    set_buttons_target (item->widget, TRUE);
  return G_SOURCE_REMOVE;
}

static KielaToastWidget *
toast_widget_new (Item *item)
{
  KielaToastWidget *widget = g_object_new (KIELA_TYPE_TOAST_WIDGET, NULL);
  GtkWidget *custom = adw_toast_get_custom_title (item->toast);
  const char *button_label = adw_toast_get_button_label (item->toast);
  GtkEventController *controller;

  widget->item = item;
  widget->title_bin = adw_bin_new ();
  gtk_widget_set_hexpand (widget->title_bin, TRUE);
  gtk_widget_set_halign (widget->title_bin, GTK_ALIGN_START);
  gtk_widget_set_parent (widget->title_bin, GTK_WIDGET (widget));
  if (custom != NULL)
    {
      /* Shown before (a toast put back in the queue): its title leaves the old widget. */
      GtkWidget *parent = gtk_widget_get_parent (custom);

      if (ADW_IS_BIN (parent))
        adw_bin_set_child (ADW_BIN (parent), NULL);
      adw_bin_set_child (ADW_BIN (widget->title_bin), custom);
    }
  else
    {
      GtkWidget *title = gtk_label_new (NULL);

      gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
      gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
      gtk_label_set_use_markup (GTK_LABEL (title), TRUE);
      gtk_label_set_single_line_mode (GTK_LABEL (title), TRUE);
      gtk_widget_add_css_class (title, "heading");
      g_object_bind_property (item->toast, "title", title, "label", G_BINDING_SYNC_CREATE);
      adw_bin_set_child (ADW_BIN (widget->title_bin), title);
    }

  widget->action_button = gtk_button_new_with_mnemonic (button_label ? button_label : "");
  gtk_widget_set_valign (widget->action_button, GTK_ALIGN_CENTER);
  gtk_widget_set_focus_on_click (widget->action_button, FALSE);
  gtk_widget_set_visible (widget->action_button, button_label != NULL && button_label[0] != '\0');
  if (adw_toast_get_action_name (item->toast) != NULL)
    {
      gtk_actionable_set_action_name (GTK_ACTIONABLE (widget->action_button), adw_toast_get_action_name (item->toast));
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (widget->action_button),
                                              adw_toast_get_action_target_value (item->toast));
    }
  g_signal_connect (widget->action_button, "clicked", G_CALLBACK (on_action_clicked), widget);
  gtk_widget_set_parent (widget->action_button, GTK_WIDGET (widget));

  widget->close_button = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_set_valign (widget->close_button, GTK_ALIGN_CENTER);
  gtk_widget_set_focus_on_click (widget->close_button, FALSE);
  gtk_widget_add_css_class (widget->close_button, "circular");
  gtk_widget_add_css_class (widget->close_button, "flat");
  /* An icon alone has no name for a screen reader (app-atspi checks every button). */
  /* TRANSLATORS: the tooltip and accessible name of a message's close button */
  gtk_widget_set_tooltip_text (widget->close_button, _("Close the Message"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget->close_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Close the Message"), -1);
  g_signal_connect (widget->close_button, "clicked", G_CALLBACK (on_close_clicked), widget);
  gtk_widget_set_parent (widget->close_button, GTK_WIDGET (widget));

  /* While the pointer is over it, the focus in it or a button held, its time stands still. */
  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion_enter), widget);
  g_signal_connect (controller, "leave", G_CALLBACK (uninhibit), widget);
  gtk_widget_add_controller (GTK_WIDGET (widget), controller);
  controller = gtk_event_controller_focus_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (inhibit), widget);
  g_signal_connect (controller, "leave", G_CALLBACK (uninhibit), widget);
  gtk_widget_add_controller (GTK_WIDGET (widget), controller);
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "pressed", G_CALLBACK (on_click_pressed), widget);
  g_signal_connect (controller, "released", G_CALLBACK (on_click_released), widget);
  g_signal_connect (controller, "cancel", G_CALLBACK (on_click_cancel), widget);
  gtk_widget_add_controller (GTK_WIDGET (widget), controller);
  return widget;
}

static void
show_item (KielaToastOverlay *self, Item *item)
{
  g_assert (self->current == NULL && item->widget == NULL);

  self->current = item;
  item->inhibit = 0;
  item->widget = g_object_ref_sink (toast_widget_new (item));
  gtk_widget_insert_before (GTK_WIDGET (item->widget), GTK_WIDGET (self), NULL);
  g_object_unref (item->widget);   /* the overlay's child now */
  /* Its buttons ignore the pointer for a moment: a click meant for what was there before. */
  set_buttons_target (item->widget, FALSE);
  item->guard_id = g_timeout_add (KIELA_TOAST_GUARD_MS, guard_cb, item);
  start_timeout (item);
  item->show_start = -1;
  animate (self);
}

/* Takes the shown item's widget away from it and fades it out. */
static void
fade_current (KielaToastOverlay *self)
{
  Item *item = self->current;
  Fade *fade = g_new0 (Fade, 1);

  self->current = NULL;
  stop_timeout (item);
  g_clear_handle_id (&item->guard_id, g_source_remove);
  item->show_start = 0;
  fade->widget = g_object_ref (GTK_WIDGET (item->widget));
  fade->start = -1;
  item->widget->item = NULL;
  item->widget = NULL;
  gtk_widget_set_can_target (fade->widget, FALSE);
  gtk_widget_set_can_focus (fade->widget, FALSE);
  self->fades = g_list_append (self->fades, fade);
  animate (self);
}

static void
show_next (KielaToastOverlay *self)
{
  Item *next = g_queue_pop_head (&self->queue);

  if (next != NULL)
    show_item (self, next);
}

static Item *
find_item (KielaToastOverlay *self, AdwToast *toast)
{
  if (self->current != NULL && self->current->toast == toast)
    return self->current;
  for (GList *l = self->queue.head; l != NULL; l = l->next)
    if (((Item *) l->data)->toast == toast)
      return l->data;
  return NULL;
}

void
kiela_toast_overlay_dismiss (KielaToastOverlay *self, AdwToast *toast)
{
  Item *item;

  g_return_if_fail (KIELA_IS_TOAST_OVERLAY (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  item = find_item (self, toast);
  if (item == NULL || item->dismissed)
    return;
  item->dismissed = TRUE;
  if (item == self->current)
    {
      fade_current (self);
      show_next (self);
    }
  else
    g_queue_remove (&self->queue, item);
  /* The overlay is consistent again before anyone hears of it (a handler may add a toast). */
  g_object_ref (toast);
  item_free (item);
  g_signal_emit_by_name (toast, "dismissed");
  g_object_unref (toast);
}

static gboolean
variants_equal (GVariant *a, GVariant *b)
{
  return a == b || (a != NULL && b != NULL && g_variant_equal (a, b));
}

/* Two toasts that say and offer the same. */
static gboolean
same_toast (AdwToast *a, AdwToast *b)
{
  return adw_toast_get_custom_title (a) == NULL && adw_toast_get_custom_title (b) == NULL
         && g_strcmp0 (adw_toast_get_title (a), adw_toast_get_title (b)) == 0
         && g_strcmp0 (adw_toast_get_button_label (a), adw_toast_get_button_label (b)) == 0
         && g_strcmp0 (adw_toast_get_action_name (a), adw_toast_get_action_name (b)) == 0
         && variants_equal (adw_toast_get_action_target_value (a), adw_toast_get_action_target_value (b));
}

void
kiela_toast_overlay_add_toast (KielaToastOverlay *self, AdwToast *toast)
{
  Item *item;

  g_return_if_fail (KIELA_IS_TOAST_OVERLAY (self));
  g_return_if_fail (ADW_IS_TOAST (toast));

  /* Added again, or the same words again: the one there stays (shown, its time starts again). */
  item = find_item (self, toast);
  for (GList *l = self->queue.head; item == NULL && l != NULL; l = l->next)
    if (same_toast (((Item *) l->data)->toast, toast))
      item = l->data;
  if (item == NULL && self->current != NULL && same_toast (self->current->toast, toast))
    item = self->current;
  if (item != NULL)
    {
      if (item == self->current)
        {
          stop_timeout (item);
          start_timeout (item);
        }
      g_object_unref (toast);
      return;
    }

  item = g_new0 (Item, 1);
  item->overlay = self;
  item->toast = toast;
  if (self->current == NULL)
    show_item (self, item);
  else if (adw_toast_get_priority (toast) == ADW_TOAST_PRIORITY_HIGH)
    {
      /* Now: the one shown goes back to the head of the queue, behind it. */
      Item *shown = self->current;

      if (adw_toast_get_priority (shown->toast) != ADW_TOAST_PRIORITY_HIGH)
        {
          fade_current (self);
          g_queue_push_head (&self->queue, shown);
          show_item (self, item);
        }
      else
        g_queue_push_head (&self->queue, item);
    }
  else
    g_queue_push_tail (&self->queue, item);
}

guint
kiela_toast_overlay_get_n_toasts (KielaToastOverlay *self)
{
  g_return_val_if_fail (KIELA_IS_TOAST_OVERLAY (self), 0);

  return (self->current != NULL ? 1 : 0) + self->queue.length;
}

GtkWidget *
kiela_toast_overlay_get_child (KielaToastOverlay *self)
{
  g_return_val_if_fail (KIELA_IS_TOAST_OVERLAY (self), NULL);

  return self->child;
}

void
kiela_toast_overlay_set_child (KielaToastOverlay *self, GtkWidget *child)
{
  g_return_if_fail (KIELA_IS_TOAST_OVERLAY (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));

  if (self->child == child)
    return;
  if (self->child != NULL)
    gtk_widget_unparent (self->child);
  self->child = child;
  if (child != NULL)
    gtk_widget_insert_after (child, GTK_WIDGET (self), NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

GtkWidget *
kiela_toast_overlay_new (void)
{
  return g_object_new (KIELA_TYPE_TOAST_OVERLAY, NULL);
}

/* Where a toast goes: at the bottom in the middle, as libadwaita puts it, sliding up as it
 * comes (`show`, 0 to 1) and shrinking a little as it fades (`hide`, 1 to 0). */
static void
allocate_toast (GtkWidget *toast, int width, int height, double show, double hide)
{
  GtkRequisition size;
  GskTransform *transform;

  gtk_widget_get_preferred_size (toast, NULL, &size);
  if (gtk_widget_get_visible (KIELA_TOAST_WIDGET (toast)->action_button))
    size.width = MIN (MAX (size.width, NATURAL_WIDTH), width);
  else
    size.width = MIN (size.width, width);
  size.height = MIN (size.height, height);
  transform = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT ((width - size.width) / 2, height - size.height));
  if (show < 1.0)
    transform = gsk_transform_translate (transform,
                                         &GRAPHENE_POINT_INIT (0, (float) adw_lerp (size.height, 0, adw_easing_ease (ADW_EASE_OUT_CUBIC, show))));
  if (hide < 1.0)
    {
      float scale = (float) adw_lerp (1 - SCALE_AMOUNT, 1, hide);

      transform = gsk_transform_translate (transform, &GRAPHENE_POINT_INIT (size.width / 2.0f, size.height / 2.0f));
      transform = gsk_transform_scale (transform, scale, scale);
      transform = gsk_transform_translate (transform, &GRAPHENE_POINT_INIT (-size.width / 2.0f, -size.height / 2.0f));
    }
  gtk_widget_allocate (toast, size.width, size.height, -1, transform);
}

static double
progress (KielaToastOverlay *self, gint64 start, gint64 duration)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (start == 0)
    return 1.0;
  if (start < 0 || clock == NULL)
    return 0.0;
  return CLAMP ((double) (gdk_frame_clock_get_frame_time (clock) - start) / duration, 0.0, 1.0);
}

static void
kiela_toast_overlay_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KielaToastOverlay *self = KIELA_TOAST_OVERLAY (widget);

  if (self->child != NULL && gtk_widget_should_layout (self->child))
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
  for (GList *l = self->fades; l != NULL; l = l->next)
    {
      Fade *fade = l->data;

      allocate_toast (fade->widget, width, height, 1.0, 1.0 - progress (self, fade->start, HIDE_US));
    }
  if (self->current != NULL)
    allocate_toast (GTK_WIDGET (self->current->widget), width, height,
                    progress (self, self->current->show_start, SHOW_US), 1.0);
}

static void
kiela_toast_overlay_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                             int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  KielaToastOverlay *self = KIELA_TOAST_OVERLAY (widget);

  /* The toasts lie over the child and never make the window bigger. */
  if (self->child != NULL && gtk_widget_should_layout (self->child))
    gtk_widget_measure (self->child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static void
kiela_toast_overlay_unmap (GtkWidget *widget)
{
  KielaToastOverlay *self = KIELA_TOAST_OVERLAY (widget);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (widget, self->tick_id);
      self->tick_id = 0;
    }
  GTK_WIDGET_CLASS (kiela_toast_overlay_parent_class)->unmap (widget);
  animate (self);   /* not mapped: ends them */
}

/* As the child expands (the toasts never make it). */
static void
kiela_toast_overlay_compute_expand (GtkWidget *widget, gboolean *hexpand, gboolean *vexpand)
{
  GtkWidget *child = KIELA_TOAST_OVERLAY (widget)->child;

  *hexpand = child != NULL && gtk_widget_compute_expand (child, GTK_ORIENTATION_HORIZONTAL);
  *vexpand = child != NULL && gtk_widget_compute_expand (child, GTK_ORIENTATION_VERTICAL);
}

static gboolean
escape_cb (GtkWidget *widget, GVariant *args, gpointer data)
{
  KielaToastOverlay *self = KIELA_TOAST_OVERLAY (widget);

  if (self->current == NULL)
    return GDK_EVENT_PROPAGATE;
  kiela_toast_overlay_dismiss (self, self->current->toast);
  return GDK_EVENT_STOP;
}

static void
kiela_toast_overlay_dispose (GObject *object)
{
  KielaToastOverlay *self = KIELA_TOAST_OVERLAY (object);
  Item *item;

  g_clear_handle_id (&self->idle_id, g_source_remove);
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  kiela_toast_overlay_set_child (self, NULL);
  g_list_free_full (g_steal_pointer (&self->fades), (GDestroyNotify) fade_free);
  if (self->current != NULL)
    {
      item = g_steal_pointer (&self->current);
      item->widget->item = NULL;
      gtk_widget_unparent (GTK_WIDGET (item->widget));
      item->widget = NULL;
      item_free (item);
    }
  while ((item = g_queue_pop_head (&self->queue)) != NULL)
    item_free (item);
  G_OBJECT_CLASS (kiela_toast_overlay_parent_class)->dispose (object);
}

static void
kiela_toast_overlay_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KielaToastOverlay *self = KIELA_TOAST_OVERLAY (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_toast_overlay_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KielaToastOverlay *self = KIELA_TOAST_OVERLAY (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      kiela_toast_overlay_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_toast_overlay_class_init (KielaToastOverlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kiela_toast_overlay_dispose;
  object_class->get_property = kiela_toast_overlay_get_property;
  object_class->set_property = kiela_toast_overlay_set_property;
  widget_class->measure = kiela_toast_overlay_measure;
  widget_class->size_allocate = kiela_toast_overlay_size_allocate;
  widget_class->unmap = kiela_toast_overlay_unmap;
  widget_class->compute_expand = kiela_toast_overlay_compute_expand;

  properties[PROP_CHILD] = g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                                                G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "toastoverlay");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_cb, NULL);
}

static void
kiela_toast_overlay_init (KielaToastOverlay *self)
{
  g_queue_init (&self->queue);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}
