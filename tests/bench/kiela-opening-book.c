/* kiela-opening-book.c: searches the positions of the first plies deeply, for scripts/opening-book.sh. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kiela.h"

/*
 * kiela-opening-book VARIANT PLIES AI JOBS
 *
 * For each side S, the book's tree: from the variant's start, where S is to move the move
 * AI finds (one child), where the other side is to move every legal move (every child),
 * down to ply PLIES (not included).  Every position of S's turns is searched by AI (e.g.
 * "mpanzu depth=14 book=0": no time limit, so the answer is the depth's, reproducibly),
 * JOBS at once, and printed as one line of the book's group:
 *
 *   KPN=MOVE SCORE
 *
 * Progress goes to standard error.  Exit status 1 when the variant or the AI is unknown.
 */

typedef struct {
  KielaAiConfig      *ai;
  const KielaVariant *variant;
  GMutex              lock;
  GHashTable         *found;   /* KPN -> "MOVE SCORE" (and its move in `moves`) */
  GHashTable         *moves;   /* KPN -> KielaMove + 1 */
  guint               done, total;
  gint                max_depth, min_depth;
  gboolean            failed;
} Book;

typedef struct {
  Book         *book;
  KielaPosition pos;
} Job;

static void
search_one (gpointer data, gpointer user_data)
{
  Job *job = data;
  Book *book = job->book;
  KielaAiRequest request = { 0 };
  KielaAiReply reply = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *kpn = kiela_position_to_string (&job->pos);
  char name[KIELA_MOVE_NAME_MAX];

  (void) user_data;
  request.variant = book->variant;
  request.position = job->pos;
  request.seed = 1;
  if (!kiela_ai_config_think (book->ai, &request, &reply, &error))
    {
      g_mutex_lock (&book->lock);
      fprintf (stderr, "kiela-opening-book: %s: %s\n", kpn, error->message);
      book->failed = TRUE;
      g_mutex_unlock (&book->lock);
      g_free (job);
      return;
    }
  kiela_move_name (book->variant->files, (KielaSide) job->pos.to_move, reply.move, name);
  g_mutex_lock (&book->lock);
  g_hash_table_replace (book->found, g_strdup (kpn), g_strdup_printf ("%s %d", name, reply.score));
  g_hash_table_replace (book->moves, g_strdup (kpn), GINT_TO_POINTER (reply.move + 1));
  book->done++;
  book->max_depth = MAX (book->max_depth, (gint) reply.depth);
  book->min_depth = MIN (book->min_depth, (gint) reply.depth);
  fprintf (stderr, "kiela-opening-book: %u/%u %s %s (depth %u, %.1f s)\n", book->done, book->total, kpn, name,
           reply.depth, reply.seconds);
  g_mutex_unlock (&book->lock);
  g_free (job);
}

/* Every position of the frontier whose side is `side` searched (those not searched yet). */
static void
search_level (Book *book, GPtrArray *frontier, guint jobs)
{
  g_autoptr(GError) error = NULL;
  GThreadPool *pool = g_thread_pool_new (search_one, NULL, (gint) jobs, TRUE, &error);
  g_autoptr(GHashTable) queued = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < frontier->len; i++)
    {
      KielaPosition *pos = frontier->pdata[i];
      char *kpn = kiela_position_to_string (pos);
      Job *job;

      if (g_hash_table_contains (book->found, kpn) || g_hash_table_contains (queued, kpn))
        {
          g_free (kpn);
          continue;
        }
      g_hash_table_add (queued, kpn);
      job = g_new0 (Job, 1);
      job->book = book;
      job->pos = *pos;
      g_mutex_lock (&book->lock);
      book->total++;
      g_mutex_unlock (&book->lock);
      g_thread_pool_push (pool, job, NULL);
    }
  g_thread_pool_free (pool, FALSE, TRUE);
}

static void
add_unique (GPtrArray *next, GHashTable *seen, const KielaPosition *pos)
{
  char *kpn = kiela_position_to_string (pos);

  if (g_hash_table_contains (seen, kpn))
    {
      g_free (kpn);
      return;
    }
  g_hash_table_add (seen, kpn);
  g_ptr_array_add (next, g_memdup2 (pos, sizeof *pos));
}

static void
walk (Book *book, KielaSide side, guint plies, guint jobs)
{
  GPtrArray *frontier = g_ptr_array_new_with_free_func (g_free);
  KielaPosition start;

  kiela_position_init_start (&start, book->variant);
  g_ptr_array_add (frontier, g_memdup2 (&start, sizeof start));
  for (guint ply = 0; ply < plies && frontier->len > 0; ply++)
    {
      GPtrArray *next = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      gboolean ours = ((KielaPosition *) frontier->pdata[0])->to_move == side;

      if (ours)
        search_level (book, frontier, jobs);
      for (guint i = 0; i < frontier->len; i++)
        {
          const KielaPosition *pos = frontier->pdata[i];
          KielaMove moves[KIELA_MAX_MOVES];
          KielaPosition children[KIELA_MAX_MOVES];
          gboolean endless[KIELA_MAX_MOVES];
          guint n = kiela_legal_moves (book->variant, pos, moves, children, endless);

          g_assert (pos->to_move == ((KielaPosition *) frontier->pdata[0])->to_move);
          if (ours)
            {
              g_autofree char *kpn = kiela_position_to_string (pos);
              KielaMove chosen = GPOINTER_TO_INT (g_hash_table_lookup (book->moves, kpn)) - 1;
              for (guint k = 0; k < n; k++)
                if (moves[k] == chosen && !endless[k])
                  add_unique (next, seen, &children[k]);
            }
          else
            for (guint k = 0; k < n; k++)
              if (!endless[k])
                add_unique (next, seen, &children[k]);
        }
      g_ptr_array_unref (frontier);
      frontier = next;
    }
  g_ptr_array_unref (frontier);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaRegistry) registry = NULL;
  Book book = { 0 };
  g_autoptr(GList) keys = NULL;
  guint plies, jobs;

  if (argc != 5)
    {
      fprintf (stderr, "usage: kiela-opening-book VARIANT PLIES AI JOBS\n");
      return 2;
    }
  plies = (guint) strtoul (argv[2], NULL, 10);
  jobs = (guint) CLAMP (strtoul (argv[4], NULL, 10), 1, 64);
  kiela_paths_init (KIELA_BUILD_ROOT);
  registry = kiela_registry_new ();
  kiela_registry_load_default (registry);
  book.variant = kiela_registry_lookup_variant (registry, argv[1]);
  if (book.variant == NULL)
    {
      fprintf (stderr, "kiela-opening-book: no variant %s\n", argv[1]);
      return 1;
    }
  book.ai = kiela_ai_config_new (registry, argv[3], 0, &error);
  if (book.ai == NULL)
    {
      fprintf (stderr, "kiela-opening-book: %s\n", error->message);
      return 1;
    }
  g_mutex_init (&book.lock);
  book.found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  book.moves = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  book.min_depth = G_MAXINT;
  walk (&book, KIELA_SOUTH, plies, jobs);
  walk (&book, KIELA_NORTH, plies, jobs);
  if (book.failed)
    {
      g_hash_table_unref (book.found);
      g_hash_table_unref (book.moves);
      kiela_ai_config_unref (book.ai);
      return 1;
    }

  keys = g_list_sort (g_hash_table_get_keys (book.found), (GCompareFunc) strcmp);
  printf ("# %u positions, searched to depth %d-%d\n", g_hash_table_size (book.found),
          book.min_depth == G_MAXINT ? 0 : book.min_depth, book.max_depth);
  for (GList *l = keys; l; l = l->next)
    printf ("%s=%s\n", (const char *) l->data, (const char *) g_hash_table_lookup (book.found, l->data));
  g_hash_table_unref (book.found);
  g_hash_table_unref (book.moves);
  g_mutex_clear (&book.lock);
  kiela_ai_config_unref (book.ai);
  return 0;
}
