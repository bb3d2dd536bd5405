/* test-mo.c: the .mo reader: hand-built catalogues in both byte orders, damaged files, and agreement with glibc's gettext. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "kiela-mo.h"
#include "kiela-paths.h"
#include "tests/test-locale-util.h"

typedef struct {
  const char *orig;
  gsize orig_len;
  const char *trans;
  gsize trans_len;
} Msg;

static void
put_u32 (GByteArray *b, guint32 v, gboolean big)
{
  guint32 x = big ? GUINT32_TO_BE (v) : GUINT32_TO_LE (v);

  g_byte_array_append (b, (const guint8 *) &x, 4);
}

/* Lays a catalogue out as GNU msgfmt does: header, original table, translation table, strings. */
static GBytes *
build_mo (const Msg *msgs, guint n, gboolean big)
{
  GByteArray *b = g_byte_array_new ();
  guint32 strings = 28 + n * 16, at = strings;

  put_u32 (b, 0x950412de, big);
  put_u32 (b, 0, big);
  put_u32 (b, n, big);
  put_u32 (b, 28, big);
  put_u32 (b, 28 + n * 8, big);
  put_u32 (b, 0, big);
  put_u32 (b, 0, big);
  for (guint i = 0; i < n; i++)
    {
      put_u32 (b, msgs[i].orig_len, big);
      put_u32 (b, at, big);
      at += msgs[i].orig_len + 1;
    }
  for (guint i = 0; i < n; i++)
    {
      put_u32 (b, msgs[i].trans_len, big);
      put_u32 (b, at, big);
      at += msgs[i].trans_len + 1;
    }
  for (guint i = 0; i < n; i++)
    g_byte_array_append (b, (const guint8 *) msgs[i].orig, msgs[i].orig_len + 1);
  for (guint i = 0; i < n; i++)
    g_byte_array_append (b, (const guint8 *) msgs[i].trans, msgs[i].trans_len + 1);
  return g_byte_array_free_to_bytes (b);
}

#define MSG(o, t) { o, sizeof (o) - 1, t, sizeof (t) - 1 }

static const Msg sample[] = {
  MSG ("", "Content-Type: text/plain; charset=UTF-8\n"),
  MSG ("House", "Casa"),
  MSG ("menu\004Open", "Abrir"),
  MSG ("%u stone\0%u stones", "%u pedra\0%u pedras"),
  MSG ("Untranslated", ""),
};

static void
check_sample (KielaMo *mo)
{
  g_assert_cmpuint (kiela_mo_get_n_messages (mo), ==, 4);
  g_assert_cmpstr (kiela_mo_gettext (mo, "House"), ==, "Casa");
  g_assert_cmpstr (kiela_mo_lookup (mo, "menu", "Open", 0), ==, "Abrir");
  /* A context separates messages: the bare msgid is another one. */
  g_assert_null (kiela_mo_lookup (mo, NULL, "Open", 0));
  g_assert_cmpstr (kiela_mo_lookup (mo, NULL, "%u stone", 0), ==, "%u pedra");
  g_assert_cmpstr (kiela_mo_lookup (mo, NULL, "%u stone", 1), ==, "%u pedras");
  g_assert_null (kiela_mo_lookup (mo, NULL, "%u stone", 2));
  g_assert_null (kiela_mo_lookup (mo, NULL, "Untranslated", 0));
  g_assert_cmpstr (kiela_mo_gettext (mo, "Untranslated"), ==, "Untranslated");
  g_assert_cmpstr (kiela_mo_gettext (mo, "Missing"), ==, "Missing");
  g_assert_cmpstr (kiela_mo_gettext (NULL, "House"), ==, "House");
}

static void
test_byte_orders (void)
{
  for (int big = 0; big <= 1; big++)
    {
      g_autoptr(GBytes) bytes = build_mo (sample, G_N_ELEMENTS (sample), big);
      g_autoptr(GError) error = NULL;
      g_autoptr(KielaMo) mo = kiela_mo_new_from_bytes (bytes, "sample.mo", &error);

      g_assert_no_error (error);
      check_sample (mo);
    }
}

static void
expect_error (GBytes *bytes, const char *fragment)
{
  g_autoptr(GError) error = NULL;
  KielaMo *mo = kiela_mo_new_from_bytes (bytes, "broken.mo", &error);

  g_assert_null (mo);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_assert_true (strstr (error->message, "broken.mo") != NULL);
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, fragment);
}

static GBytes *
patched (GBytes *good, gsize offset, guint32 value)
{
  gsize len = g_bytes_get_size (good);
  guint8 *data = g_memdup2 (g_bytes_get_data (good, NULL), len);

  memcpy (data + offset, &value, 4);
  return g_bytes_new_take (data, len);
}

static void
test_malformed (void)
{
  g_autoptr(GBytes) good = build_mo (sample, G_N_ELEMENTS (sample), FALSE);
  gsize len = g_bytes_get_size (good);
  const guint8 *data = g_bytes_get_data (good, NULL);
  guint32 n = G_N_ELEMENTS (sample);

  expect_error (g_bytes_new_static ("", 0), "too short");
  expect_error (g_bytes_new_static ("0123456789012345678901234567", 28), "magic");
  expect_error (patched (good, 4, GUINT32_TO_LE (1u << 16)), "revision");
  expect_error (patched (good, 8, GUINT32_TO_LE (0x7fffffff)), "cannot fit");
  /* Tables or strings pointing past the end, and a string without its NUL. */
  expect_error (patched (good, 12, GUINT32_TO_LE (0xfffffff0)), "table");
  expect_error (patched (good, 16, GUINT32_TO_LE ((guint32) len - 4)), "table");
  expect_error (patched (good, 28 + 4, GUINT32_TO_LE (0xffffffff)), "outside");
  expect_error (patched (good, 28 + 8, GUINT32_TO_LE (0xfffffffe)), "outside");
  expect_error (patched (good, 28 + n * 8 + 8, GUINT32_TO_LE (6)), "not terminated");
  /* Every truncation of a good file is refused or read without reading past it (ASan checks). */
  for (gsize cut = 0; cut < len; cut++)
    {
      g_autoptr(GBytes) part = g_bytes_new (data, cut);
      g_autoptr(GError) error = NULL;
      KielaMo *mo = kiela_mo_new_from_bytes (part, "cut.mo", &error);

      g_assert_true ((mo == NULL) != (error == NULL));
      if (mo != NULL)
        kiela_mo_unref (mo);
    }
  /* Invalid UTF-8 in a translation. */
  {
    static const Msg bad[] = { MSG ("House", "Ca\xffsa") };
    g_autoptr(GBytes) b = build_mo (bad, 1, FALSE);

    expect_error (g_bytes_ref (b), "UTF-8");
  }
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  KielaMo *mo = kiela_mo_load ("/nonexistent-kiela-dir", "fr", "kiela", &error);

  g_assert_null (mo);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

/* The real catalogues, read by us and by glibc's gettext, give the same text for every message. */
static void
test_agrees_with_gettext (void)
{
  static const char *langs[] = { "fr", "pt", "pt_BR", "ru", "tr", "vi" };

  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autoptr(GError) error = NULL;
      /* "pt_PT" finds pt/ through the fallback. */
      g_autofree char *code = g_strcmp0 (langs[l], "pt") == 0 ? g_strdup ("pt_PT") : g_strdup (langs[l]);
      g_autoptr(KielaMo) mo = kiela_mo_load (kiela_locale_dir (), code, GETTEXT_PACKAGE, &error);
      g_autoptr(GPtrArray) keys = NULL;
      guint checked = 0;

      g_assert_no_error (error);
      g_setenv ("LANGUAGE", langs[l], TRUE);
      {
        extern int _nl_msg_cat_cntr;
        ++_nl_msg_cat_cntr; /* glibc: drop the translations cached for the previous LANGUAGE */
      }
      keys = kiela_mo_get_keys (mo);
      g_assert_cmpuint (keys->len, >, 500);
      for (guint i = 0; i < keys->len; i++)
        {
          const char *key = g_ptr_array_index (keys, i);
          const char *eot = strchr (key, '\004');
          const char *ours, *theirs;

          if (eot != NULL)
            {
              g_autofree char *ctx = g_strndup (key, eot - key);

              ours = kiela_mo_lookup (mo, ctx, eot + 1, 0);
              theirs = dgettext (GETTEXT_PACKAGE, key);
            }
          else
            {
              ours = kiela_mo_gettext (mo, key);
              theirs = dgettext (GETTEXT_PACKAGE, key);
            }
          g_assert_cmpstr (ours, ==, theirs);
          checked++;
        }
      g_test_message ("%s: %u messages agree with gettext", langs[l], checked);
    }
}

int
main (int argc, char **argv)
{
  /* Other languages through LANGUAGE, in a real locale. */
  test_use_real_locale ();
  g_test_init (&argc, &argv, NULL);
  kiela_bind_textdomain ();

  g_test_add_func ("/app/mo/byte-orders", test_byte_orders);
  g_test_add_func ("/app/mo/malformed", test_malformed);
  g_test_add_func ("/app/mo/missing-file", test_missing_file);
  g_test_add_func ("/app/mo/agrees-with-gettext", test_agrees_with_gettext);
  return g_test_run ();
}
