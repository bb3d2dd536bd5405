/* kiela-compat-split.c: KielaSplit, the side panel beside the content: an AdwOverlaySplitView
 * with libadwaita >= 1.4, an AdwFlap (deprecated in 1.4) before.
 *
 * Part of the compat room (kiela-compat.h): built with it, without the MAX_ALLOWED pins, so
 * the newer calls here stay behind their ADW_CHECK_VERSION guards. */
#include "config.h"

#include "kiela-compat.h"

#if ADW_CHECK_VERSION (1, 4, 0)
# define INNER(self) ADW_OVERLAY_SPLIT_VIEW ((self)->inner)
#else
# define INNER(self) ADW_FLAP ((self)->inner)
#endif

struct _KielaSplit {
  GtkWidget parent_instance;

  GtkWidget *inner;     /* AdwOverlaySplitView or AdwFlap, the only child */
  int fold_width;       /* < 1.4: collapsed below this window width, 0 for never */
#if !ADW_CHECK_VERSION (1, 4, 0)
  AdwSpringParams *reveal_params;   /* the flap's own spring while a fold's reveal runs at once */
#endif
};

G_DEFINE_FINAL_TYPE (KielaSplit, kiela_split, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CONTENT,
  PROP_SIDEBAR,
  PROP_SHOW_SIDEBAR,
  PROP_COLLAPSED,
  PROP_PINNED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The inner widget's own notifications, passed on under the wrapper's names. */
static void
on_inner_show_sidebar (KielaSplit *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SIDEBAR]);
}

static void
on_inner_collapsed (KielaSplit *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLLAPSED]);
}

#if !ADW_CHECK_VERSION (1, 4, 0)
/* A fold's reveal is over: the flap's spring is its own again. */
static void
on_reveal_progress (KielaSplit *self)
{
  double progress = adw_flap_get_reveal_progress (INNER (self));
  double target = adw_flap_get_reveal_flap (INNER (self)) ? 1.0 : 0.0;

  if (self->reveal_params != NULL && G_APPROX_VALUE (progress, target, 1e-9))
    {
      adw_flap_set_reveal_params (INNER (self), self->reveal_params);
      g_clear_pointer (&self->reveal_params, adw_spring_params_unref);
    }
}
#endif

static void
kiela_split_init (KielaSplit *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  self->inner = adw_overlay_split_view_new ();
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);   /* see kiela_split_measure */
  adw_overlay_split_view_set_sidebar_position (INNER (self), GTK_PACK_END);
  /* The panel as wide as its content asks (AdwFlap's way), not a fraction of the window. */
  adw_overlay_split_view_set_min_sidebar_width (INNER (self), 0);
  adw_overlay_split_view_set_max_sidebar_width (INNER (self), 0);
  g_signal_connect_swapped (self->inner, "notify::show-sidebar", G_CALLBACK (on_inner_show_sidebar), self);
  g_signal_connect_swapped (self->inner, "notify::collapsed", G_CALLBACK (on_inner_collapsed), self);
#else
  self->inner = adw_flap_new ();
  adw_flap_set_flap_position (INNER (self), GTK_PACK_END);
  /* Folded and unfolded at once, as AdwOverlaySplitView does (it collapses without animating):
   * AdwFlap's fold moved the board's edge in every frame for a quarter of a second, so each of
   * those frames drew the whole window (15 frames of 10-35 ms at 1920×1080, cairo renderer). */
  adw_flap_set_fold_duration (INNER (self), 0);
  adw_flap_set_separator (INNER (self), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  /* Collapsed or not is the window's decision (kiela_split_window_allocate): AUTO folds only
   * when the minimum sizes no longer fit, not at a width one can name.  AUTO until the first
   * allocation all the same, so that the window's first size asks no room for the panel. */
  g_signal_connect_swapped (self->inner, "notify::reveal-flap", G_CALLBACK (on_inner_show_sidebar), self);
  g_signal_connect_swapped (self->inner, "notify::folded", G_CALLBACK (on_inner_collapsed), self);
  g_signal_connect_swapped (self->inner, "notify::reveal-progress", G_CALLBACK (on_reveal_progress), self);
#endif
  gtk_widget_set_parent (self->inner, GTK_WIDGET (self));
}

static void
kiela_split_dispose (GObject *object)
{
  KielaSplit *self = KIELA_SPLIT (object);

  if (self->inner != NULL)
    g_signal_handlers_disconnect_by_data (self->inner, self);
  g_clear_pointer (&self->inner, gtk_widget_unparent);
#if !ADW_CHECK_VERSION (1, 4, 0)
  g_clear_pointer (&self->reveal_params, adw_spring_params_unref);
#endif
  G_OBJECT_CLASS (kiela_split_parent_class)->dispose (object);
}

static void
kiela_split_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KielaSplit *self = KIELA_SPLIT (object);

  switch (prop_id)
    {
    case PROP_CONTENT:
      g_value_set_object (value, kiela_split_get_content (self));
      break;
    case PROP_SIDEBAR:
      g_value_set_object (value, kiela_split_get_sidebar (self));
      break;
    case PROP_SHOW_SIDEBAR:
      g_value_set_boolean (value, kiela_split_get_show_sidebar (self));
      break;
    case PROP_COLLAPSED:
      g_value_set_boolean (value, kiela_split_get_collapsed (self));
      break;
    case PROP_PINNED:
      g_value_set_boolean (value, kiela_split_get_pinned (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_split_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KielaSplit *self = KIELA_SPLIT (object);

  switch (prop_id)
    {
    case PROP_CONTENT:
      kiela_split_set_content (self, g_value_get_object (value));
      break;
    case PROP_SIDEBAR:
      kiela_split_set_sidebar (self, g_value_get_object (value));
      break;
    case PROP_SHOW_SIDEBAR:
      kiela_split_set_show_sidebar (self, g_value_get_boolean (value));
      break;
    case PROP_COLLAPSED:
      kiela_split_set_collapsed (self, g_value_get_boolean (value));
      break;
    case PROP_PINNED:
      kiela_split_set_pinned (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

#if ADW_CHECK_VERSION (1, 4, 0)
/* A window with breakpoints keeps its minimum size (600x500) whatever its content asks, and
 * AdwOverlaySplitView asks for the folded panel's whole height even while the panel is away:
 * a tall panel (review buttons, move list, analysis) overflowed a 500 px window.  Folded, the
 * wrapper asks only the content's height; in a shorter allocation the split view still gets
 * its own minimum, and the wrapper clips what passes its bottom edge. */
static void
kiela_split_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                     int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  KielaSplit *self = KIELA_SPLIT (widget);
  GtkWidget *content = adw_overlay_split_view_get_content (INNER (self));

  gtk_widget_measure (self->inner, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
  if (orientation == GTK_ORIENTATION_VERTICAL && content != NULL)
    {
      int content_min = 0;

      gtk_widget_measure (content, orientation, for_size, &content_min, NULL, NULL, NULL);
      *minimum = MIN (*minimum, content_min);
      *minimum_baseline = -1;
      *natural_baseline = -1;
    }
}

/* Works around a libadwaita bug (seen in 1.7.6, Debian 13; the code is unchanged in 1.8 and
 * main): collapsed, AdwOverlaySplitView's shadow helper (adw_shadow_helper_size_allocate)
 * allocates its "dimming" gizmo before it makes it visible, and GTK does not allocate a hidden
 * widget; so the first allocation in which the panel slides over the content leaves the
 * dimming without an allocation, to be fixed by the next layout pass.  When a window
 * breakpoint changes in that same allocation, AdwBreakpointBin snapshots the old layout there
 * and then (adw_breakpoint_bin_size_allocate, for its cross-fade), before any next pass: GTK
 * warns "Trying to snapshot AdwGizmo without a current allocation" (fatal in the tests).  It
 * takes the panel shown over the folded content, then a resize across the fold width before
 * any frame (F9, then a maximise), as in app-stress.  So while the panel is over the content,
 * the split view is allocated a second time, its dimming visible by then: that pass gives the
 * dimming its size; the content and the panel keep theirs, so GTK does not lay them out again. */
static void
kiela_split_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KielaSplit *self = KIELA_SPLIT (widget);
  int inner_min = 0;
  int inner_height, inner_baseline;

  gtk_widget_measure (self->inner, GTK_ORIENTATION_VERTICAL, width, &inner_min, NULL, NULL, NULL);
  inner_height = MAX (height, inner_min);
  inner_baseline = height >= inner_min ? baseline : -1;
  gtk_widget_allocate (self->inner, width, inner_height, inner_baseline, NULL);
  if (adw_overlay_split_view_get_collapsed (INNER (self)) && adw_overlay_split_view_get_show_sidebar (INNER (self)))
    {
      gtk_widget_queue_allocate (self->inner);
      gtk_widget_allocate (self->inner, width, inner_height, inner_baseline, NULL);
    }
}
#endif

static void
kiela_split_class_init (KielaSplitClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kiela_split_dispose;
  object_class->get_property = kiela_split_get_property;
  object_class->set_property = kiela_split_set_property;

  properties[PROP_CONTENT] =
    g_param_spec_object ("content", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIDEBAR] =
    g_param_spec_object ("sidebar", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLLAPSED] =
    g_param_spec_boolean ("collapsed", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PINNED] =
    g_param_spec_boolean ("pinned", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

#if ADW_CHECK_VERSION (1, 4, 0)
  widget_class->measure = kiela_split_measure;
  widget_class->size_allocate = kiela_split_size_allocate;
#else
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
#endif
}

GtkWidget *
kiela_split_new (void)
{
  return g_object_new (KIELA_TYPE_SPLIT, NULL);
}

void
kiela_split_set_content (KielaSplit *self, GtkWidget *content)
{
  g_return_if_fail (KIELA_IS_SPLIT (self));
  g_return_if_fail (content == NULL || GTK_IS_WIDGET (content));

  if (kiela_split_get_content (self) == content)
    return;
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_content (INNER (self), content);
#else
  adw_flap_set_content (INNER (self), content);
#endif
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTENT]);
}

GtkWidget *
kiela_split_get_content (KielaSplit *self)
{
  g_return_val_if_fail (KIELA_IS_SPLIT (self), NULL);

#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_content (INNER (self));
#else
  return adw_flap_get_content (INNER (self));
#endif
}

void
kiela_split_set_sidebar (KielaSplit *self, GtkWidget *sidebar)
{
  g_return_if_fail (KIELA_IS_SPLIT (self));
  g_return_if_fail (sidebar == NULL || GTK_IS_WIDGET (sidebar));

  if (kiela_split_get_sidebar (self) == sidebar)
    return;
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_sidebar (INNER (self), sidebar);
#else
  adw_flap_set_flap (INNER (self), sidebar);
#endif
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDEBAR]);
}

GtkWidget *
kiela_split_get_sidebar (KielaSplit *self)
{
  g_return_val_if_fail (KIELA_IS_SPLIT (self), NULL);

#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_sidebar (INNER (self));
#else
  return adw_flap_get_flap (INNER (self));
#endif
}

/* The inner widget notifies, and the wrapper passes it on. */
void
kiela_split_set_show_sidebar (KielaSplit *self, gboolean show)
{
  g_return_if_fail (KIELA_IS_SPLIT (self));

#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_show_sidebar (INNER (self), show);
#else
  adw_flap_set_reveal_flap (INNER (self), show);
#endif
}

gboolean
kiela_split_get_show_sidebar (KielaSplit *self)
{
  g_return_val_if_fail (KIELA_IS_SPLIT (self), FALSE);

#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_show_sidebar (INNER (self));
#else
  return adw_flap_get_reveal_flap (INNER (self));
#endif
}

void
kiela_split_set_collapsed (KielaSplit *self, gboolean collapsed)
{
  g_return_if_fail (KIELA_IS_SPLIT (self));

#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_collapsed (INNER (self), collapsed);
#else
  /* Folding hides the panel and unfolding shows it, with the reveal's spring: a spring too stiff
   * to last a millisecond instead, until the reveal is over (on_reveal_progress), so that the
   * panel folds at once as AdwOverlaySplitView's does.  F9's show and hide keep their spring. */
  if (self->reveal_params == NULL)
    {
      AdwSpringParams *at_once = adw_spring_params_new (1.0, 1.0, 1e9);

      self->reveal_params = adw_spring_params_ref (adw_flap_get_reveal_params (INNER (self)));
      adw_flap_set_reveal_params (INNER (self), at_once);
      adw_spring_params_unref (at_once);
    }
  /* ALWAYS and NEVER fold at once (AUTO would wait for an allocation). */
  adw_flap_set_fold_policy (INNER (self), collapsed ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER);
  /* Nothing to reveal (pinned, or no change): the spring back at once. */
  on_reveal_progress (self);
#endif
}

gboolean
kiela_split_get_collapsed (KielaSplit *self)
{
  g_return_val_if_fail (KIELA_IS_SPLIT (self), FALSE);

#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_collapsed (INNER (self));
#else
  return adw_flap_get_folded (INNER (self));
#endif
}

void
kiela_split_set_pinned (KielaSplit *self, gboolean pinned)
{
  g_return_if_fail (KIELA_IS_SPLIT (self));

  if (kiela_split_get_pinned (self) == !!pinned)
    return;
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_overlay_split_view_set_pin_sidebar (INNER (self), pinned);
#else
  adw_flap_set_locked (INNER (self), pinned);
#endif
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PINNED]);
}

gboolean
kiela_split_get_pinned (KielaSplit *self)
{
  g_return_val_if_fail (KIELA_IS_SPLIT (self), FALSE);

#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_overlay_split_view_get_pin_sidebar (INNER (self));
#else
  return adw_flap_get_locked (INNER (self));
#endif
}

void
kiela_split_collapse_below (KielaSplit *self, AdwApplicationWindow *window, int width,
                            int min_width, int min_height)
{
  g_return_if_fail (KIELA_IS_SPLIT (self));
  g_return_if_fail (ADW_IS_APPLICATION_WINDOW (window));
  g_return_if_fail (width > 0);

#if ADW_CHECK_VERSION (1, 4, 0)
  {
    AdwBreakpointCondition *condition =
      adw_breakpoint_condition_new_length (ADW_BREAKPOINT_CONDITION_MAX_WIDTH, width - 1, ADW_LENGTH_UNIT_PX);
    AdwBreakpoint *breakpoint = adw_breakpoint_new (condition);  /* takes the condition */
    GValue collapsed = G_VALUE_INIT;

    g_value_init (&collapsed, G_TYPE_BOOLEAN);
    g_value_set_boolean (&collapsed, TRUE);
    adw_breakpoint_add_setter (breakpoint, G_OBJECT (self), "collapsed", &collapsed);
    g_value_unset (&collapsed);
    adw_application_window_add_breakpoint (window, breakpoint);  /* takes the breakpoint */
    gtk_widget_set_size_request (GTK_WIDGET (window), min_width, min_height);
  }
#else
  self->fold_width = width;
#endif
}

void
kiela_split_window_allocate (KielaSplit *self, int width)
{
  g_return_if_fail (KIELA_IS_SPLIT (self));

#if !ADW_CHECK_VERSION (1, 4, 0)
  if (self->fold_width > 0 && kiela_split_get_collapsed (self) != (width < self->fold_width))
    kiela_split_set_collapsed (self, width < self->fold_width);
#endif
}
