/* kiela-mo.c: reads a GNU gettext .mo catalogue into a table, with every offset checked. */
#include "config.h"

#include <string.h>

#include "kiela-mo.h"

#define MO_MAGIC 0x950412deU
#define MO_HEADER_SIZE 28

struct _KielaMo {
  gatomicrefcount ref;
  GBytes *bytes;
  /* key: original up to its first NUL ("ctx\004id" or "id"); value: MoEntry in entries */
  GHashTable *table;
  GArray *entries;
  const char *header; /* the catalogue's header (msgid ""), inside bytes, or NULL */
};

typedef struct {
  const char *translation; /* the forms, NUL-separated, inside bytes */
  gsize length;            /* of all forms together, without the final NUL */
} MoEntry;

static guint32
read_u32 (const guint8 *data, gboolean swap)
{
  guint32 v;

  memcpy (&v, data, sizeof v);
  return swap ? GUINT32_SWAP_LE_BE (v) : v;
}

/* A string of the tables: `index` in the table at `table_offset`; checks it lies inside the
 * file and ends with the NUL the format promises. */
static gboolean
read_string (const guint8 *data, gsize size, gboolean swap, guint32 table_offset, guint32 index,
             const char **out, gsize *out_len, const char *name, const char *what, GError **error)
{
  guint64 desc = (guint64) table_offset + (guint64) index * 8;
  guint32 len, off;

  if (desc + 8 > size)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: the %s table ends beyond the end of the file", name, what);
      return FALSE;
    }
  len = read_u32 (data + desc, swap);
  off = read_u32 (data + desc + 4, swap);
  if ((guint64) off + len + 1 > size || data[(guint64) off + len] != '\0')
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: %s string %u lies outside the file or is not terminated", name, what, index);
      return FALSE;
    }
  *out = (const char *) data + off;
  *out_len = len;
  return TRUE;
}

/* Plural messages hold several NUL-separated forms: each must be UTF-8. */
static gboolean
forms_valid (const char *s, gsize len)
{
  const char *end = s + len;

  while (s <= end)
    {
      gsize n = strlen (s);

      if (!g_utf8_validate (s, n, NULL))
        return FALSE;
      s += n + 1;
    }
  return TRUE;
}

KielaMo *
kiela_mo_new_from_bytes (GBytes *bytes, const char *name, GError **error)
{
  g_autoptr(KielaMo) mo = NULL;
  const guint8 *data;
  gsize size;
  guint32 magic, revision, n, orig_offset, trans_offset;
  gboolean swap;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (name == NULL)
    name = "catalogue";
  data = g_bytes_get_data (bytes, &size);
  if (size < MO_HEADER_SIZE)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: %" G_GSIZE_FORMAT " bytes are too short for a .mo header", name, size);
      return NULL;
    }
  magic = read_u32 (data, FALSE);
  if (magic == MO_MAGIC)
    swap = FALSE;
  else if (GUINT32_SWAP_LE_BE (magic) == MO_MAGIC)
    swap = TRUE;
  else
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: not a .mo file (bad magic number)", name);
      return NULL;
    }
  revision = read_u32 (data + 4, swap);
  /* Major revisions other than 0 change the layout; minor ones only add tables we ignore. */
  if ((revision >> 16) != 0)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: unknown .mo revision %u.%u", name,
                   revision >> 16, revision & 0xffff);
      return NULL;
    }
  n = read_u32 (data + 8, swap);
  orig_offset = read_u32 (data + 12, swap);
  trans_offset = read_u32 (data + 16, swap);
  if ((guint64) n * 8 > size)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   "%s: %u messages cannot fit in %" G_GSIZE_FORMAT " bytes", name, n, size);
      return NULL;
    }

  mo = g_new0 (KielaMo, 1);
  g_atomic_ref_count_init (&mo->ref);
  mo->bytes = g_bytes_ref (bytes);
  mo->entries = g_array_sized_new (FALSE, FALSE, sizeof (MoEntry), n);
  mo->table = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint32 i = 0; i < n; i++)
    {
      const char *orig, *trans;
      gsize orig_len, trans_len;
      MoEntry entry;

      if (!read_string (data, size, swap, orig_offset, i, &orig, &orig_len, name, "original", error) ||
          !read_string (data, size, swap, trans_offset, i, &trans, &trans_len, name, "translation", error))
        return NULL;
      if (!forms_valid (orig, orig_len) || !forms_valid (trans, trans_len))
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       "%s: message %u is not valid UTF-8 (only UTF-8 catalogues are read)", name, i);
          return NULL;
        }
      entry.translation = trans;
      entry.length = trans_len;
      g_array_append_val (mo->entries, entry);
    }
  /* Keys point into the file (up to the first NUL: a plural original is "id\0plural"),
   * values into the array, which no longer grows. */
  for (guint32 i = 0; i < n; i++)
    {
      const char *orig;
      gsize orig_len;

      read_string (data, size, swap, orig_offset, i, &orig, &orig_len, name, "original", NULL);
      if (orig[0] == '\0')
        {
          mo->header = g_array_index (mo->entries, MoEntry, i).translation; /* the header */
          continue;
        }
      g_hash_table_replace (mo->table, (gpointer) orig, &g_array_index (mo->entries, MoEntry, i));
    }
  return g_steal_pointer (&mo);
}

KielaMo *
kiela_mo_new_from_file (const char *path, GError **error)
{
  g_autoptr(GMappedFile) file = NULL;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  file = g_mapped_file_new (path, FALSE, error);
  if (file == NULL)
    return NULL;
  bytes = g_mapped_file_get_bytes (file);
  return kiela_mo_new_from_bytes (bytes, path, error);
}

KielaMo *
kiela_mo_load (const char *locale_dir, const char *lang, const char *domain, GError **error)
{
  g_autofree char *base = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  gsize cut;

  g_return_val_if_fail (locale_dir != NULL && lang != NULL && domain != NULL, NULL);

  file = g_strconcat (domain, ".mo", NULL);
  path = g_build_filename (locale_dir, lang, "LC_MESSAGES", file, NULL);
  cut = strcspn (lang, "_.@");
  if (lang[cut] != '\0' && !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      base = g_strndup (lang, cut);
      g_free (path);
      path = g_build_filename (locale_dir, base, "LC_MESSAGES", file, NULL);
    }
  return kiela_mo_new_from_file (path, error);
}

KielaMo *
kiela_mo_ref (KielaMo *mo)
{
  g_return_val_if_fail (mo != NULL, NULL);
  g_atomic_ref_count_inc (&mo->ref);
  return mo;
}

void
kiela_mo_unref (KielaMo *mo)
{
  g_return_if_fail (mo != NULL);
  if (!g_atomic_ref_count_dec (&mo->ref))
    return;
  g_clear_pointer (&mo->table, g_hash_table_unref);
  g_clear_pointer (&mo->entries, g_array_unref);
  g_clear_pointer (&mo->bytes, g_bytes_unref);
  g_free (mo);
}

guint
kiela_mo_get_n_messages (KielaMo *mo)
{
  g_return_val_if_fail (mo != NULL, 0);
  return g_hash_table_size (mo->table);
}

GPtrArray *
kiela_mo_get_keys (KielaMo *mo)
{
  GPtrArray *keys;
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (mo != NULL, NULL);
  keys = g_ptr_array_sized_new (g_hash_table_size (mo->table));
  g_hash_table_iter_init (&iter, mo->table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (keys, key);
  return keys;
}

const char *
kiela_mo_lookup (KielaMo *mo, const char *context, const char *msgid, guint form)
{
  g_autofree char *key = NULL;
  const MoEntry *entry;
  const char *p, *end;

  g_return_val_if_fail (mo != NULL && msgid != NULL, NULL);

  if (context != NULL)
    key = g_strconcat (context, "\004", msgid, NULL);
  entry = g_hash_table_lookup (mo->table, key ? key : msgid);
  if (entry == NULL)
    return NULL;
  p = entry->translation;
  end = p + entry->length;
  for (guint i = 0; i < form; i++)
    {
      p += strlen (p) + 1;
      if (p > end)
        return NULL;
    }
  /* An empty translation means "untranslated" to gettext too. */
  return p[0] != '\0' ? p : NULL;
}

const char *
kiela_mo_gettext (KielaMo *mo, const char *msgid)
{
  const char *t;

  g_return_val_if_fail (msgid != NULL, NULL);
  if (mo == NULL)
    return msgid;
  t = kiela_mo_lookup (mo, NULL, msgid, 0);
  return t ? t : msgid;
}

char *
kiela_mo_dup_plural_forms (KielaMo *mo)
{
  const char *line;

  g_return_val_if_fail (mo != NULL, NULL);
  if (mo->header == NULL || (line = strstr (mo->header, "Plural-Forms:")) == NULL)
    return NULL;
  line += strlen ("Plural-Forms:");
  while (*line == ' ')
    line++;
  return g_strndup (line, strcspn (line, "\n"));
}

static const char *
catalogue_lookup (gpointer data, const char *context, const char *msgid, guint form)
{
  return kiela_mo_lookup (data, context, msgid, form);
}

KielaCatalogue *
kiela_mo_new_catalogue (KielaMo *mo, const char *language)
{
  g_autofree char *plural_forms = NULL;

  if (mo == NULL)
    return kiela_catalogue_new (language, NULL, NULL, NULL, NULL);
  plural_forms = kiela_mo_dup_plural_forms (mo);
  return kiela_catalogue_new (language, plural_forms, catalogue_lookup, kiela_mo_ref (mo),
                              (GDestroyNotify) kiela_mo_unref);
}
