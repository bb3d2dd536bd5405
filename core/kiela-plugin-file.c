/* kiela-plugin-file.c: what is read before a module runs: its .plugin file, and whether dlopen() may see it. */
#include "config.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gmodule.h>
#include <glib/gi18n-lib.h>

#include "kiela-registry-private.h"
#include "kiela-file.h"

/* Reads exactly `size` bytes at `offset`. */
static gboolean
read_at (int fd, void *buf, gsize size, off_t offset)
{
  return pread (fd, buf, size, offset) == (gssize) size;
}

/* Checks what dlopen() cannot survive, before it sees the file: it blocks for
 * ever opening a named pipe, and it dies of SIGBUS mapping an ELF object whose
 * segments reach past the end of the file (a plugin truncated by an interrupted
 * copy or download).  Anything else that is wrong is left to dlopen() to report.
 * Returns NULL when the file may be handed to dlopen(), else why not. */
char *
kiela_plugin_module_file_problem (const char *path)
{
  ElfW(Ehdr) eh;
  struct stat st;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  char *problem = NULL;

  if (fd < 0)
    return g_strdup_printf (_("cannot be opened: %s"), g_strerror (errno));
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    problem = g_strdup (_("not a regular file"));
  else if (read_at (fd, &eh, sizeof eh, 0) && memcmp (eh.e_ident, ELFMAG, SELFMAG) == 0)
    {
      guint64 size = (guint64) st.st_size;

      if (eh.e_ident[EI_CLASS] == (__ELF_NATIVE_CLASS == 64 ? ELFCLASS64 : ELFCLASS32) && eh.e_phentsize == sizeof (ElfW(Phdr)))
        {
          if ((guint64) eh.e_phoff + (guint64) eh.e_phnum * sizeof (ElfW(Phdr)) > size)
            problem = g_strdup (_("the file is truncated (its program headers are missing)"));
          for (guint i = 0; problem == NULL && i < eh.e_phnum; i++)
            {
              ElfW(Phdr) ph;

              if (!read_at (fd, &ph, sizeof ph, (off_t) (eh.e_phoff + i * sizeof ph)))
                problem = g_strdup (_("the file is truncated (its program headers are missing)"));
              else if (ph.p_type == PT_LOAD && (guint64) ph.p_offset + (guint64) ph.p_filesz > size)
                problem = g_strdup (_("the file is truncated (it ends before its last segment)"));
            }
        }
    }
  g_close (fd, NULL);
  return problem;
}

/* kiela-rules.so -> kiela-rules.plugin, beside it. */
char *
kiela_plugin_info_path_for (const char *module_path)
{
  g_autofree char *stem = g_strndup (module_path, strlen (module_path) -
                                     (g_str_has_suffix (module_path, "." G_MODULE_SUFFIX) ?
                                      strlen ("." G_MODULE_SUFFIX) : 0));
  return g_strconcat (stem, ".plugin", NULL);
}

/* A .plugin file is a few hundred bytes: never read a huge or special file. */
#define PLUGIN_FILE_MAX (64 * 1024)

gboolean
kiela_plugin_read_small_file (const char *path, char **contents, gsize *length, GError **error)
{
  g_autoptr(GError) local = NULL;

  if (kiela_file_read_bounded (path, PLUGIN_FILE_MAX, contents, length, &local))
    return TRUE;
  /* The caller names the file ("its x.plugin is invalid: ..."): a plugin error says why. */
  if (local->domain == KIELA_ERROR)
    g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("not a regular file of at most %u bytes"),
                 PLUGIN_FILE_MAX);
  else
    g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

#define PLUGIN_GROUP "Plugin"

static gboolean
read_number (GKeyFile *kf, const char *key, guint *out, GError **error)
{
  g_autofree char *text = g_key_file_get_string (kf, PLUGIN_GROUP, key, error);
  guint64 value;

  if (text == NULL)
    return FALSE;
  if (!g_ascii_string_to_unsigned (g_strstrip (text), 10, 0, G_MAXINT, &value, NULL))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("%s=%s is not a number"), key, text);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

static gboolean
valid_provides (char **provides, GError **error)
{
  static const char *const kinds[] = { "variant:", "ai:", "personality:", "lesson:" };

  for (guint i = 0; provides && provides[i]; i++)
    {
      gboolean ok = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (kinds) && !ok; k++)
        ok = g_str_has_prefix (provides[i], kinds[k]) && kiela_registry_valid_id (provides[i] + strlen (kinds[k]));
      if (!ok)
        {
          g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                       _("Provides has “%s”: each entry is variant:, ai:, personality: or lesson: and an id"),
                       provides[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* A translated text of the .plugin file: Name[fr] when the file has it, else the
 * plugin's gettext domain (the same strings its code marks with N_()). */
static char *
plugin_text (GKeyFile *kf, const char *key, const char *domain)
{
  g_autofree char *raw = g_key_file_get_string (kf, PLUGIN_GROUP, key, NULL);
  g_autofree char *local = g_key_file_get_locale_string (kf, PLUGIN_GROUP, key, NULL, NULL);

  if (raw == NULL || raw[0] == '\0')
    return g_strdup ("");
  if (local && g_strcmp0 (local, raw) != 0)
    return g_steal_pointer (&local);
  return g_strdup (g_dgettext (domain, raw));
}

/* Fills the record from the .plugin file beside the module, running none of its code. */
gboolean
kiela_plugin_read_info_file (KielaPluginRecord *r, GError **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *contents = NULL;
  g_autofree char *module = NULL;
  g_autofree char *base = g_path_get_basename (r->path);
  g_autofree char *id = NULL;
  gsize length;

  if (!kiela_plugin_read_small_file (r->info_path, &contents, &length, error) ||
      !g_key_file_load_from_data (kf, contents, length, G_KEY_FILE_NONE, error))
    return FALSE;
  module = g_key_file_get_string (kf, PLUGIN_GROUP, "Module", error);
  if (module == NULL)
    return FALSE;
  if (g_strcmp0 (module, "") == 0 || strchr (module, '/') != NULL ||
      !g_str_has_prefix (base, module) || !g_str_equal (base + strlen (module), "." G_MODULE_SUFFIX))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("Module=%s does not name the module beside it (%s)"),
                   module, base);
      return FALSE;
    }
  id = g_key_file_get_string (kf, PLUGIN_GROUP, "Id", error);
  if (id == NULL)
    return FALSE;
  if (!kiela_registry_valid_id (id))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("Id=%s is not a valid plugin id"), id);
      return FALSE;
    }
  if (!g_key_file_has_key (kf, PLUGIN_GROUP, "Name", NULL))
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("it has no Name"));
      return FALSE;
    }
  if (!read_number (kf, "ABI", &r->abi_version, error) || !read_number (kf, "API", &r->api_version, error))
    return FALSE;
  r->provides = g_key_file_get_string_list (kf, PLUGIN_GROUP, "Provides", NULL, NULL);
  if (!valid_provides (r->provides, error))
    return FALSE;
  r->translation_domain = g_key_file_get_string (kf, PLUGIN_GROUP, "Translation-Domain", NULL);
  r->id = g_steal_pointer (&id);
  r->name = plugin_text (kf, "Name", kiela_registry_domain (r->translation_domain));
  r->description = plugin_text (kf, "Description", kiela_registry_domain (r->translation_domain));
  r->version = g_key_file_get_string (kf, PLUGIN_GROUP, "Version", NULL);
  r->license = g_key_file_get_string (kf, PLUGIN_GROUP, "License", NULL);
  if (r->version == NULL)
    r->version = g_strdup ("");
  if (r->license == NULL)
    r->license = g_strdup ("");
  return TRUE;
}

