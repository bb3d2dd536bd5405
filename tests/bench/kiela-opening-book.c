/* kiela-opening-book.c: searches the positions of the first plies deeply, for scripts/opening-book.sh. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kiela.h"

/*
 * kiela-opening-book VARIANT PLIES AI JOBS [ARRANGE [TRIES]]
 *
 * For each side S, the book's tree: from the variant's start, where S is to move the move
 * AI finds (one child), where the other side is to move every legal move (every child),
 * down to ply PLIES (not included).  Every position of S's turns is searched by AI (e.g.
 * "mpanzu depth=14 book=0": no time limit, so the answer is the depth's, reproducibly),
 * JOBS at once, and printed as one line of the book's group:
 *
 *   KPN=MOVE SCORE
 *
 * A variant with a setup phase (kiela-expert) first has its arrangements (ARRANGE, the AI
 * with more settings, e.g. "arrange-candidates=2000"; default AI): South's at the start, the
 * best of TRIES arrangement searches (seeds 1..TRIES; default 1) by AI's search of the board after
 * North's answer, and North's both after South's book arrangement and after a South who kept
 * the start.  They
 * follow the moves as a group of their own,
 *
 *   [Arrange VARIANT]
 *   KPN=KPN SCORE      the board as the arranging side sees it (that side to move), the board
 *                      after its arrangement (South to move), AI's score of that for the side
 *
 * and the book's tree then starts from the arranged boards: for South, its book arrangement
 * against North's book answer and against a North who kept the start; for North, its answers
 * to South's book arrangement and to the start.
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

/* The tree of `side`'s book from `roots` (positions with South to move). */
static void
walk (Book *book, KielaSide side, const KielaPosition *roots, guint n_roots, guint plies, guint jobs)
{
  GPtrArray *frontier = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) root_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint r = 0; r < n_roots; r++)
    add_unique (frontier, root_seen, &roots[r]);
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

/* `side`'s arrangement of `board` by `ai` (the AI's own budget only). */
static gboolean
arrange (Book *book, KielaAiConfig *ai, const KielaPosition *board, KielaSide side, guint64 seed, KielaPosition *after)
{
  KielaAiRequest request = { 0 };
  guint16 counts[KIELA_MAX_HOUSES];
  g_autoptr(GError) error = NULL;
  gdouble start = g_get_monotonic_time () / 1e6;

  request.variant = book->variant;
  request.position = *board;
  request.position.to_move = side;
  request.seed = seed;
  if (!kiela_ai_config_arrange (ai, &request, counts, &error))
    {
      fprintf (stderr, "kiela-opening-book: %s's arrangement: %s\n", side == KIELA_SOUTH ? "South" : "North", error->message);
      return FALSE;
    }
  *after = *board;
  memcpy (after->houses[side], counts, sizeof after->houses[side]);
  after->to_move = KIELA_SOUTH;
  fprintf (stderr, "kiela-opening-book: %s arranged, seed %" G_GUINT64_FORMAT " (%.1f s)\n",
           side == KIELA_SOUTH ? "South" : "North", seed, g_get_monotonic_time () / 1e6 - start);
  return TRUE;
}

/* The book's score of `pos` (South to move) from South's view: its search, done now if the
 * tree did not search it. */
static gboolean
south_score (Book *book, const KielaPosition *pos, gint *score)
{
  g_autofree char *kpn = kiela_position_to_string (pos);
  const char *found = g_hash_table_lookup (book->found, kpn);
  KielaAiRequest request = { 0 };
  KielaAiReply reply = { 0 };
  g_autoptr(GError) error = NULL;

  if (found != NULL)
    {
      *score = (gint) g_ascii_strtoll (strchr (found, ' ') + 1, NULL, 10);
      return TRUE;
    }
  request.variant = book->variant;
  request.position = *pos;
  request.seed = 1;
  if (!kiela_ai_config_think (book->ai, &request, &reply, &error))
    {
      fprintf (stderr, "kiela-opening-book: %s: %s\n", kpn, error->message);
      return FALSE;
    }
  *score = reply.score;
  return TRUE;
}

/* One line of the [Arrange] group: `side` arranged `board` into `after`, worth `south` to South. */
static void
print_arrangement (const KielaPosition *board, KielaSide side, const KielaPosition *after, gint south)
{
  KielaPosition key = *board;
  g_autofree char *key_kpn = NULL, *after_kpn = kiela_position_to_string (after);

  key.to_move = side;
  key_kpn = kiela_position_to_string (&key);
  printf ("%s=%s %d\n", key_kpn, after_kpn, side == KIELA_SOUTH ? south : -south);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaRegistry) registry = NULL;
  Book book = { 0 };
  g_autoptr(GList) keys = NULL;
  guint plies, jobs;

  KielaPosition start, s_book, n_book, n_start, north_kept;
  g_autoptr(KielaAiConfig) arranger = NULL;
  gint score_book = 0, score_start = 0;
  guint tries;

  if (argc < 5 || argc > 7)
    {
      fprintf (stderr, "usage: kiela-opening-book VARIANT PLIES AI JOBS [ARRANGE [TRIES]]\n");
      return 2;
    }
  tries = argc == 7 ? (guint) CLAMP (strtoul (argv[6], NULL, 10), 1, 64) : 1;
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
  kiela_position_init_start (&start, book.variant);
  if (book.variant->setup_phase)
    {
      g_autofree char *spec = g_strdup_printf ("%s %s", argv[3], argc == 6 ? argv[5] : "");
      KielaPosition south_roots[2], north_roots[2];

      arranger = kiela_ai_config_new (registry, spec, 0, &error);
      if (arranger == NULL)
        {
          fprintf (stderr, "kiela-opening-book: %s\n", error->message);
          kiela_ai_config_unref (book.ai);
          return 1;
        }
      /* South's book arrangement: the best of `tries` arrangement searches (seeds 1, 2, ...),
       * each judged by the deep search of the board after North's answer to it; North's
       * answers to it and to a South who kept the start. */
      for (guint t = 0; t < tries && !book.failed; t++)
        {
          KielaPosition cand, answer;
          gint score;

          if (!arrange (&book, arranger, &start, KIELA_SOUTH, 1 + t, &cand)
              || !arrange (&book, arranger, &cand, KIELA_NORTH, 1, &answer)
              || !south_score (&book, &answer, &score))
            book.failed = TRUE;
          else
            {
              fprintf (stderr, "kiela-opening-book: South's arrangement %u of %u: %d after North's answer\n",
                       t + 1, tries, score);
              if (t == 0 || score > score_book)
                s_book = cand, n_book = answer, score_book = score;
            }
        }
      if (book.failed || !arrange (&book, arranger, &start, KIELA_NORTH, 1, &n_start))
        book.failed = TRUE;
      else
        {
          north_kept = s_book;   /* South's arrangement, North's stones where they start */
          south_roots[0] = n_book, south_roots[1] = north_kept;
          north_roots[0] = n_book, north_roots[1] = n_start;
          walk (&book, KIELA_SOUTH, south_roots, 2, plies, jobs);
          walk (&book, KIELA_NORTH, north_roots, 2, plies, jobs);
          if (!south_score (&book, &n_start, &score_start))
            book.failed = TRUE;
        }
    }
  else
    {
      walk (&book, KIELA_SOUTH, &start, 1, plies, jobs);
      walk (&book, KIELA_NORTH, &start, 1, plies, jobs);
    }
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
  if (book.variant->setup_phase)
    {
      printf ("[Arrange %s]\n", book.variant->id);
      printf ("# South's arrangement, North's answers to it and to the start (scores: the search of the board after both)\n");
      print_arrangement (&start, KIELA_SOUTH, &s_book, score_book);
      print_arrangement (&s_book, KIELA_NORTH, &n_book, score_book);
      print_arrangement (&start, KIELA_NORTH, &n_start, score_start);
    }
  g_hash_table_unref (book.found);
  g_hash_table_unref (book.moves);
  g_mutex_clear (&book.lock);
  kiela_ai_config_unref (book.ai);
  return 0;
}
