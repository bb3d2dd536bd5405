/* kiela-getter-private.h: one line defines a getter that returns one field of an opaque core struct. */

/* Not installed: core's own files only. */
#pragma once

/* Defines `type name (Struct *self)`, declared in a public header, returning self->field. */
#define KIELA_DEFINE_GETTER(type, name, Struct, field) \
  type name (Struct *self) { return self->field; }
