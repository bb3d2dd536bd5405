/* kiela-step-list-item.c: one row of the step list as a list-model item, created only when a row is looked at. */
#include "config.h"

#include "kiela-step-list-item.h"

struct _KielaStepListItem
{
  GObject parent_instance;

  guint position;
  KielaStepKind kind;
  guint first, last;
  char *text;

  gboolean current;
  gboolean future;
  char *markup;
};

G_DEFINE_FINAL_TYPE (KielaStepListItem, kiela_step_list_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TEXT,
  PROP_STATE,   /* a change of current, future or markup: the row widget refreshes */
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

KielaStepListItem *
kiela_step_list_item_new (guint position, KielaStepKind kind, guint first, guint last, char *text)
{
  KielaStepListItem *self = g_object_new (KIELA_TYPE_STEP_LIST_ITEM, NULL);

  self->position = position;
  self->kind = kind;
  self->first = first;
  self->last = last;
  self->text = text;
  return self;
}

guint
kiela_step_list_item_get_position (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), 0);
  return self->position;
}

KielaStepKind
kiela_step_list_item_get_kind (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), KIELA_STEP_START);
  return self->kind;
}

gboolean
kiela_step_list_item_is_key (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), FALSE);
  return self->kind == KIELA_STEP_RELAY || self->kind == KIELA_STEP_CAPTURE
         || self->kind == KIELA_STEP_ENTER || self->kind == KIELA_STEP_REMOVE;
}

const char *
kiela_step_list_item_get_icon_name (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), NULL);

  switch (self->kind)
    {
    case KIELA_STEP_RELAY:   return "media-playlist-repeat-symbolic";
    case KIELA_STEP_CAPTURE: return "emblem-important-symbolic";
    case KIELA_STEP_ENTER:   return "list-add-symbolic";
    case KIELA_STEP_REMOVE:  return "list-remove-symbolic";
    case KIELA_STEP_END:     return "media-playback-stop-symbolic";
    case KIELA_STEP_START:
    case KIELA_STEP_LIFT:
    case KIELA_STEP_DROPS:
    default:                 return NULL;
    }
}

guint
kiela_step_list_item_get_first (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), 0);
  return self->first;
}

guint
kiela_step_list_item_get_last (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), 0);
  return self->last;
}

guint
kiela_step_list_item_get_target (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), 0);
  return self->kind == KIELA_STEP_START ? 0 : self->last + 1;
}

const char *
kiela_step_list_item_get_text (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), NULL);
  return self->text;
}

gboolean
kiela_step_list_item_get_current (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), FALSE);
  return self->current;
}

gboolean
kiela_step_list_item_get_future (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), FALSE);
  return self->future;
}

const char *
kiela_step_list_item_get_markup (KielaStepListItem *self)
{
  g_return_val_if_fail (KIELA_IS_STEP_LIST_ITEM (self), NULL);
  return self->markup;
}

void
kiela_step_list_item_set_state (KielaStepListItem *self, gboolean current, gboolean future, const char *markup)
{
  g_return_if_fail (KIELA_IS_STEP_LIST_ITEM (self));

  current = !!current;
  future = !!future;
  if (self->current == current && self->future == future && g_strcmp0 (self->markup, markup) == 0)
    return;
  self->current = current;
  self->future = future;
  g_free (self->markup);
  self->markup = g_strdup (markup);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
kiela_step_list_item_finalize (GObject *object)
{
  KielaStepListItem *self = KIELA_STEP_LIST_ITEM (object);

  g_free (self->text);
  g_free (self->markup);
  G_OBJECT_CLASS (kiela_step_list_item_parent_class)->finalize (object);
}

static void
kiela_step_list_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KielaStepListItem *self = KIELA_STEP_LIST_ITEM (object);

  switch (prop_id)
    {
    case PROP_TEXT: g_value_set_string (value, self->text); break;
    case PROP_STATE: g_value_set_boolean (value, self->current); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kiela_step_list_item_class_init (KielaStepListItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kiela_step_list_item_finalize;
  object_class->get_property = kiela_step_list_item_get_property;

  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* Read as "current"; notified whenever current, future or the markup changes. */
  properties[PROP_STATE] = g_param_spec_boolean ("state", NULL, NULL, FALSE,
                                                 G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kiela_step_list_item_init (KielaStepListItem *self)
{
}
