/* kiela-ai-book.c: the opening book: moves of the first plies found offline by deep searches (scripts/opening-book.sh). */

#include "config.h"

#include <string.h>

#include "kiela-ai-classic-private.h"
#include "kiela-paths.h"

/*
 * The book is data, data/ai/opening-book.ini (KIELA_AI_BOOK names another file):
 *
 *   [Book]
 *   depth=14            the depth of the searches that chose the moves
 *   date=2026-12-03     when they ran
 *   plies=4             the book covers the game's first `plies` plies
 *   ai=mpanzu depth=14  who searched
 *   [Moves kiela]       one group a variant (its id)
 *   KPN=MOVE SCORE      the position, its move's name (kiela_move_name), the search's score
 *   [Arrange kiela-expert]   a variant with a setup phase: its arrangements
 *   KPN=KPN SCORE       the board when a side arranges, that side "to move" (as arrange()
 *                       requests have it); the board after its arrangement, South to move;
 *                       the search's score of that board for the side who arranged
 *
 * A personality uses it with the setting book=1.  An entry is played only when its move is
 * legal in the position; a missing or malformed file is named once on standard error and the
 * searches then play every move themselves.
 */

typedef struct {
  GHashTable *moves;    /* "VARIANT\nKPN" -> "MOVE" */
  gint        depth;
  gint        plies;
} ClassicBook;

static char *
book_path (void)
{
  const char *env = g_getenv ("KIELA_AI_BOOK");

  if (env && env[0])
    return g_strdup (env);
  if (kiela_running_uninstalled () && kiela_paths_get_build_root ())
    return g_build_filename (kiela_paths_get_build_root (), "data", "ai", "opening-book.ini", NULL);
  return g_build_filename (KIELA_PKGDATADIR, "ai", "opening-book.ini", NULL);
}

gboolean
classic_book_load (const char *path, GHashTable *moves, gint *depth, gint *plies, GError **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_auto(GStrv) groups = NULL;
  g_autoptr(GError) local = NULL;

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, local->domain, local->code, "%s: %s", path, local->message);
      return FALSE;
    }
  *depth = (gint) g_key_file_get_integer (file, "Book", "depth", &local);
  if (local == NULL)
    *plies = (gint) g_key_file_get_integer (file, "Book", "plies", &local);
  if (local != NULL || *depth < 1 || *plies < 1)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   "%s: [Book] needs whole numbers depth and plies of at least 1", path);
      return FALSE;
    }
  groups = g_key_file_get_groups (file, NULL);
  for (guint g = 0; groups[g]; g++)
    {
      g_auto(GStrv) keys = NULL;
      const char *variant;
      gboolean arrange = g_str_has_prefix (groups[g], "Arrange ");

      if (!g_str_has_prefix (groups[g], "Moves ") && !arrange)
        continue;
      variant = groups[g] + (arrange ? strlen ("Arrange ") : strlen ("Moves "));
      keys = g_key_file_get_keys (file, groups[g], NULL, NULL);
      for (guint k = 0; keys && keys[k]; k++)
        {
          g_autofree char *value = g_key_file_get_value (file, groups[g], keys[k], NULL);
          KielaPosition pos;
          char *space;

          if (value == NULL || !kiela_position_parse (keys[k], 0, &pos, NULL))
            {
              g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                           "%s: [%s] %s is not a position", path, groups[g], keys[k]);
              return FALSE;
            }
          g_strstrip (value);
          if (arrange)
            {
              /* "KPN SCORE": the KPN itself holds a space before its side. */
              KielaPosition after;
              char *last = strrchr (value, ' ');
              gboolean ok = last != NULL && (g_ascii_isdigit (last[1]) || last[1] == '-');

              if (ok)
                {
                  g_autofree char *board = g_strndup (value, (gsize) (last - value));
                  ok = kiela_position_parse (board, 0, &after, NULL) && after.files == pos.files;
                }
              if (!ok)
                {
                  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                               "%s: [%s] %s has no arrangement (a position and a score)", path, groups[g], keys[k]);
                  return FALSE;
                }
              {
                g_autofree char *kpn = kiela_position_to_string (&pos);
                g_hash_table_replace (moves, g_strdup_printf ("arrange %s\n%s", variant, kpn), g_strdup (value));
              }
              continue;
            }
          space = strchr (value, ' ');
          if (value[0] == '\0' || value[0] == ' ' || (space && !g_ascii_isdigit (space[1]) && space[1] != '-'))
            {
              g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                           "%s: [%s] %s has no move", path, groups[g], keys[k]);
              return FALSE;
            }
          {
            /* The key as the engine writes it, so a lookup matches whatever spacing the file has. */
            g_autofree char *kpn = kiela_position_to_string (&pos);
            g_hash_table_replace (moves, g_strdup_printf ("%s\n%s", variant, kpn), g_strdup (value));
          }
        }
    }
  return TRUE;
}

static const ClassicBook *
book_get (void)
{
  static ClassicBook book;
  static gsize loaded;

  if (g_once_init_enter (&loaded))
    {
      g_autofree char *path = book_path ();
      g_autoptr(GError) error = NULL;

      book.moves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      if (!classic_book_load (path, book.moves, &book.depth, &book.plies, &error))
        {
          g_printerr ("kiela-ai-classic: the opening book %s; playing without it\n", error->message);
          g_hash_table_remove_all (book.moves);
          book.depth = book.plies = 0;
        }
      g_once_init_leave (&loaded, 1);
    }
  return &book;
}

gboolean
classic_book_move (const KielaAiRequest *request, KielaAiReply *reply)
{
  const ClassicBook *book;
  g_autofree char *kpn = NULL, *key = NULL;
  const char *entry;
  g_autofree char *name = NULL;
  gint score = 0;
  KielaSquare square;
  KielaMove move, moves[KIELA_MAX_MOVES];
  KielaPosition children[KIELA_MAX_MOVES];
  gboolean endless[KIELA_MAX_MOVES];
  guint n;

  if (kiela_ai_setting_int (request->settings, "book", 0) == 0)
    return FALSE;
  book = book_get ();
  /* Only in the game's first plies: the same stones later on are another game, whose
   * history (repetitions) the book knows nothing of. */
  if (book->plies == 0 || request->n_history >= (guint) book->plies)
    return FALSE;
  kpn = kiela_position_to_string (&request->position);
  key = g_strdup_printf ("%s\n%s", request->variant->id, kpn);
  entry = g_hash_table_lookup (book->moves, key);
  if (entry == NULL)
    return FALSE;
  name = g_strdup (entry);
  if (strchr (name, ' '))
    {
      char *space = strchr (name, ' ');
      *space = '\0';
      score = (gint) CLAMP (g_ascii_strtoll (space + 1, NULL, 10), -CLASSIC_INFINITY, CLASSIC_INFINITY);
    }
  if (!kiela_move_parse (request->variant->files, name, &square, &move, NULL)
      || square.side != (KielaSide) request->position.to_move)
    return FALSE;
  n = kiela_legal_moves (request->variant, &request->position, moves, children, endless);
  for (guint i = 0; i < n; i++)
    if (moves[i] == move && !endless[i])
      {
        reply->move = move;
        reply->score = score;
        reply->depth = (guint) book->depth;
        reply->nodes = 0;
        reply->seconds = 0;
        classic_describe_move (request->variant, &request->position, move, 0, FALSE,
                               reply->reason, sizeof reply->reason);
        return TRUE;
      }
  return FALSE;
}

gboolean
classic_book_arrange (const KielaAiRequest *request, guint16 counts[KIELA_MAX_HOUSES])
{
  const ClassicBook *book;
  g_autofree char *kpn = NULL, *key = NULL, *board = NULL;
  const char *entry, *last;
  KielaPosition after;
  KielaSide side = request->position.to_move ? KIELA_NORTH : KIELA_SOUTH;
  guint n = 2u * request->position.files;

  if (kiela_ai_setting_int (request->settings, "book", 0) == 0)
    return FALSE;
  book = book_get ();
  kpn = kiela_position_to_string (&request->position);
  key = g_strdup_printf ("arrange %s\n%s", request->variant->id, kpn);
  entry = g_hash_table_lookup (book->moves, key);
  if (entry == NULL || (last = strrchr (entry, ' ')) == NULL)
    return FALSE;
  board = g_strndup (entry, (gsize) (last - entry));
  if (!kiela_position_parse (board, request->position.files, &after, NULL))
    return FALSE;
  /* Only the arranging side's stones may differ, their total kept, within the variant's rules. */
  if (memcmp (after.houses[KIELA_OTHER_SIDE (side)], request->position.houses[KIELA_OTHER_SIDE (side)],
              sizeof after.houses[0]) != 0
      || kiela_position_side_total (&after, side) != kiela_position_side_total (&request->position, side)
      || !kiela_variant_check_arrangement (request->variant, side, after.houses[side], NULL))
    return FALSE;
  memset (counts, 0, sizeof (guint16) * KIELA_MAX_HOUSES);
  memcpy (counts, after.houses[side], sizeof (guint16) * n);
  return TRUE;
}
