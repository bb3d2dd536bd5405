/* kiela-variant-install.h: installing a shared .kiela-variant file for the user, after showing what it is. */
#pragma once

#include <adwaita.h>
#include "kiela.h"

G_BEGIN_DECLS

/* The title a variant file key is shown under ("Houses per row" for Files), translated. */
const char *kiela_variant_key_title   (const char *key);
/* The variant's translated name, with "(simplified)" after it when the variant leaves out rules
 * of the game it is named after (Simplified=true in its file). */
char       *kiela_variant_dup_display_name (const KielaVariant *variant);
/* "4 rows of 12 houses, 24 stones a side.": the board a variant's rules make, in words. */
char       *kiela_variant_describe_board (const KielaVariant *variant);
/* The translated wording of a key's value ("Anticlockwise" for Direction=anticlockwise); the
 * value itself when it is a number or text. */
const char *kiela_variant_value_label (const char *key, const char *value);
/* A plain-text summary of a variant: description, source, board, then every rule. */
char       *kiela_variant_describe    (KielaVariantFile *file);
/* The folder user variants are installed in (~/.local/share/kiela/variants). */
char       *kiela_variant_install_dir (void);
/* Copies the file as written into the user's folder as ID.kiela-variant and registers it;
 * refuses an id that is already taken or a file that does not parse.  Returns the variant. */
const KielaVariant *kiela_variant_install (KielaRegistry *registry, const char *path, char **installed_path,
                                           GError **error);
/* Shows what the file is (or why it cannot be used) and installs it when the user agrees. */
void        kiela_variant_install_prompt (GtkWindow *parent, KielaRegistry *registry, GFile *file);

G_END_DECLS
