/* kiela-cli-puzzles.c: "kiela-cli puzzles generate|verify|list": finds puzzles in AI games (a puzzle-set lesson file), re-checks and lists the shipped ones. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kiela-cli-common.h"

#define PUZZLE_MIN_MARGIN 300  /* three stones */

typedef struct {
  KielaPosition pos;     /* South to move */
  KielaMove     move;
  gint          margin;  /* at the verification depth */
  guint         seen_at; /* the shallowest depth that finds the move with the margin */
  guint         laps;
  guint         captures;
  guint         score;   /* difficulty, for the bands */
} Puzzle;

/* The same position seen from the other side: the rules are symmetric in local numbering. */
static void
mirror (KielaPosition *pos)
{
  for (guint h = 0; h < KIELA_MAX_HOUSES; h++)
    {
      guint16 t = pos->houses[0][h];
      pos->houses[0][h] = pos->houses[1][h];
      pos->houses[1][h] = t;
    }
  pos->to_move = (guint8) KIELA_OTHER_SIDE (pos->to_move);
}

static guint
distance (const KielaPosition *a, const KielaPosition *b)
{
  guint d = 0;

  for (guint s = 0; s < 2; s++)
    for (guint h = 0; h < KIELA_MAX_HOUSES; h++)
      d += (guint) ABS ((gint) a->houses[s][h] - (gint) b->houses[s][h]);
  return d;
}

static gint
by_difficulty (gconstpointer a, gconstpointer b)
{
  const Puzzle *pa = a, *pb = b;

  if (pa->score != pb->score)
    return pa->score < pb->score ? -1 : 1;
  return pa->margin > pb->margin ? -1 : pa->margin < pb->margin;
}

/* The words a puzzle set file gives its sets and puzzles: English, as every shipped lesson
 * file is written; data/lessons/lesson-strings.h carries them to the translators.  The sets
 * are banded by what a person must see, not by an equal split of search depths. */
static const struct {
  const char *id, *title, *summary, *hint;
  guint order, level;
} bands[] = {
  { "puzzles-easy", "Puzzles: captures now", "Find the best move: it captures at once.",
    "The marked houses matter: look for the move that takes their stones now.", 200, KIELA_LESSON_BEGINNER },
  { "puzzles-medium", "Puzzles: one reply ahead", "Find the best move: look at North’s reply before you choose.",
    "The marked houses matter: think of North’s best reply to each move.", 210, KIELA_LESSON_ADVANCED },
  { "puzzles-hard", "Puzzles: longer combinations", "Find the best move: it wins only after several moves.",
    "The marked houses matter: the best line wins their stones a few moves from now.", 220, KIELA_LESSON_EXPERT },
};
#define PUZZLE_TEXT "South to move. One move is clearly better than all the others: find it."

/* What a person must see to find it: 0 a capture now, 1 North's reply, 2 a longer line
 * (deeper than four plies, or only the full search at a shallow --depth sees it). */
static guint
band_of (const Puzzle *p, guint depth)
{
  if (p->captures > 0 && p->seen_at <= 2)
    return 0;
  return p->seen_at <= 4 && p->seen_at < depth ? 1 : 2;
}

static gboolean
add_band (KielaLessonFile *file, guint band, const Puzzle *p, guint n, guint files, GError **error)
{
  g_autofree KielaLessonStep *steps = g_new0 (KielaLessonStep, n);
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  KielaLesson lesson = { 0 };

  for (guint i = 0; i < n; i++)
    {
      char *kpn = kiela_position_to_string (&p[i].pos);
      char *sq = kiela_square_name_dup (files, KIELA_SOUTH, (guint) p[i].move);

      g_ptr_array_add (strings, kpn);
      g_ptr_array_add (strings, sq);
      steps[i].text = PUZZLE_TEXT;
      steps[i].hint = bands[band].hint;
      steps[i].position = kpn;
      steps[i].task.kind = KIELA_TASK_BEST_MOVE;
      steps[i].task.move = sq;
      steps[i].task.depth = p[i].seen_at;
      steps[i].task.margin = p[i].margin;
    }
  lesson.id = bands[band].id;
  lesson.title = bands[band].title;
  lesson.summary = bands[band].summary;
  lesson.variant = "kiela";
  lesson.order = bands[band].order;
  lesson.level = bands[band].level;
  lesson.kind = KIELA_LESSON_KIND_PUZZLES;
  lesson.version = KIELA_LESSON_VERSION;
  lesson.steps = steps;
  lesson.n_steps = n;
  return kiela_lesson_file_add_lesson (file, &lesson, NULL, error);
}

static int
generate (KielaRegistry *registry, const KielaVariant *variant, guint games, guint depth, guint count,
          guint64 seed, gdouble seconds, const char *output)
{
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (Puzzle));
  g_autoptr(KielaAiConfig) player = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GTimer) timer = g_timer_new ();
  g_autoptr(KielaLessonFile) file = NULL;
  g_autofree char *data = NULL;
  gsize length;
  KielaRng rng;
  guint positions = 0, played = 0, band, per_band = count / 3, in_band[3] = { 0 };

  player = kiela_ai_config_new (registry, "alphabeta depth=3 noise=120", 0, &error);
  if (player == NULL)
    {
      g_printerr ("kiela-cli puzzles: %s\n", error->message);
      return KIELA_CLI_EXIT_INPUT;
    }
  kiela_rng_seed (&rng, seed);
  for (played = 0; played < games && g_timer_elapsed (timer, NULL) < seconds; played++)
    {
      KielaPosition pos;

      kiela_position_init_start (&pos, variant);
      for (guint ply = 0; ply < 120 && g_timer_elapsed (timer, NULL) < seconds; ply++)
        {
          KielaMove moves[KIELA_MAX_MOVES];
          guint n = kiela_legal_moves (variant, &pos, moves, NULL, NULL);
          KielaAiRequest request = { 0 };
          KielaAiReply reply;
          KielaMove best;
          gint margin;
          Puzzle p = { 0 };
          gboolean near = FALSE;

          if (n == 0)
            break;
          /* Four random plies open each game, so games differ. */
          if (ply < 4)
            {
              kiela_sow_fast (variant, &pos, moves[kiela_rng_below (&rng, n)], NULL);
              continue;
            }
          p.pos = pos;
          if (p.pos.to_move == KIELA_NORTH)
            mirror (&p.pos);
          positions++;
          /* A quick search finds the candidates; the verifier's stronger check keeps them. */
          if (n >= 3 && kiela_lesson_puzzle_score (registry, variant, &p.pos, MIN (depth, 6u), &best, &margin, &error) &&
              margin >= PUZZLE_MIN_MARGIN)
            {
              KielaPosition after = p.pos;
              KielaSowResult r;
              g_autofree char *why = NULL;
              gint lead;

              for (guint i = 0; i < found->len && !near; i++)
                {
                  const Puzzle *q = &g_array_index (found, Puzzle, i);
                  near = q->move == best && distance (&q->pos, &p.pos) < 8;
                }
              if (!near && kiela_lesson_puzzle_verify (registry, variant, &p.pos, best, depth, &lead, &why, NULL) &&
                  why == NULL)
                {
                  p.move = best;
                  p.margin = lead;
                  p.seen_at = depth;
                  for (guint d = 2; d < depth; d += 2)
                    {
                      KielaMove b;
                      gint m;
                      if (kiela_lesson_puzzle_score (registry, variant, &p.pos, d, &b, &m, NULL) && b == best &&
                          m >= PUZZLE_MIN_MARGIN)
                        {
                          p.seen_at = d;
                          break;
                        }
                    }
                  kiela_sow_fast (variant, &after, best, &r);
                  p.laps = r.laps;
                  p.captures = r.captures;
                  p.score = p.seen_at * 4 + MIN (p.laps, 12u) / 3 + p.captures;
                  band = band_of (&p, depth);
                  if (in_band[band] < per_band)
                    {
                      in_band[band]++;
                      g_array_append_val (found, p);
                    }
                }
            }
          g_clear_error (&error);
          request.variant = variant;
          request.position = pos;
          request.seed = seed * 1000003u + played * 131u + ply;
          if (!kiela_ai_config_think (player, &request, &reply, &error))
            break;
          kiela_sow_fast (variant, &pos, reply.move, NULL);
        }
      g_clear_error (&error);
      if (in_band[0] >= per_band && in_band[1] >= per_band && in_band[2] >= per_band)
        break;
    }
  g_printerr (_("%u games, %u positions searched, %u puzzles kept (verified at depth %u), %.0f s\n"), played, positions,
              found->len, depth, g_timer_elapsed (timer, NULL));
  /* A shallow --depth cannot grade the longer bands: those stay out of the file. */
  if (found->len < 3)
    {
      g_printerr (_("kiela-cli puzzles: too few puzzles found; give more --games or --seconds\n"));
      return KIELA_CLI_EXIT_INPUT;
    }
  g_array_sort (found, by_difficulty);
  file = kiela_lesson_file_new ();
  /* The shipped sets translate through the "kiela" catalogue, as data/lessons does. */
  kiela_lesson_file_set_translation_domain (file, GETTEXT_PACKAGE);
  for (band = 0; band < 3; band++)
    {
      g_autoptr(GArray) set = g_array_new (FALSE, FALSE, sizeof (Puzzle));

      for (guint i = 0; i < found->len; i++)
        if (band_of (&g_array_index (found, Puzzle, i), depth) == band)
          g_array_append_val (set, g_array_index (found, Puzzle, i));
      if (set->len == 0)
        continue;
      if (!add_band (file, band, (const Puzzle *) set->data, set->len, variant->files, &error))
        {
          g_printerr ("kiela-cli puzzles: %s\n", error->message);
          return KIELA_CLI_EXIT_INPUT;
        }
    }
  g_string_append_printf (out, "# puzzles.kiela-lesson: puzzles found by kiela-cli puzzles generate --seed %" G_GUINT64_FORMAT
                          " --depth %u (%u games):\n# each puzzle verified by kiela-cli puzzles verify; regenerate rather than edit.\n\n", seed, depth, played);
  data = kiela_lesson_file_to_data (file, &length);
  g_string_append_len (out, data, (gssize) length);
  if (output == NULL)
    fputs (out->str, stdout);
  else if (!kiela_cli_write_file (output, out->str, out->len, &error))
    {
      g_printerr ("kiela-cli puzzles: %s\n", error->message);
      return KIELA_CLI_EXIT_INPUT;
    }
  return KIELA_CLI_EXIT_OK;
}

/* kiela-cli puzzles list: every shipped puzzle, one object a puzzle in --json. */
static int
list (KielaRegistry *registry, gboolean json)
{
  GPtrArray *lessons = kiela_registry_get_lessons (registry);
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (lessons, i);

      if (lesson->kind != KIELA_LESSON_KIND_PUZZLES)
        continue;
      for (guint s = 0; s < lesson->n_steps; s++)
        {
          const KielaLessonStep *st = &lesson->steps[s];

          if (json)
            {
              json_builder_begin_object (b);
              kiela_cli_json_add_string (b, "set", lesson->id);
              kiela_cli_json_add_string (b, "position", st->position ? st->position : "");
              kiela_cli_json_add_string (b, "answer", st->task.move ? st->task.move : "");
              json_builder_end_object (b);
            }
          else
            printf ("%-15s %3u  %-3s %s\n", lesson->id, s + 1, st->task.move ? st->task.move : "",
                    st->position ? st->position : "");
        }
    }
  json_builder_end_array (b);
  if (json)
    kiela_cli_print_json (b, FALSE);
  return KIELA_CLI_EXIT_OK;
}

/* Re-checks every step of every puzzle set with the stronger check (kiela_lesson_puzzle_verify):
 * names every unsound puzzle, then says how many passed. */
static int
verify (KielaRegistry *registry, guint depth)
{
  GPtrArray *lessons = kiela_registry_get_lessons (registry);
  guint n = 0, failed = 0;

  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (lessons, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (registry, lesson->variant);

      if (lesson->kind != KIELA_LESSON_KIND_PUZZLES || variant == NULL)
        continue;
      for (guint s = 0; s < lesson->n_steps; s++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *why = NULL;
          KielaPosition pos;
          gint lead;

          if (!kiela_lesson_step_get_position (lesson, variant, s, &pos, &error) ||
              !kiela_lesson_puzzle_verify (registry, variant, &pos, kiela_lesson_step_get_move (lesson, variant, s),
                                           depth, &lead, &why, &error))
            {
              g_printerr ("kiela-cli puzzles: %s %u: %s\n", lesson->id, s + 1, error->message);
              return KIELA_CLI_EXIT_INPUT;
            }
          n++;
          if (why != NULL)
            {
              failed++;
              /* TRANSLATORS: %1$s a puzzle set's id, %2$u the puzzle, %3$s its answer (d2), %4$s why it fails */
              g_printerr (_("kiela-cli puzzles: %1$s, puzzle %2$u (answer %3$s): %4$s\n"), lesson->id, s + 1,
                          lesson->steps[s].task.move, why);
            }
        }
    }
  if (failed > 0)
    {
      /* TRANSLATORS: %1$u unsound puzzles, %2$u puzzles checked, %3$u a search depth */
      printf (g_dngettext (GETTEXT_PACKAGE, "%1$u of %2$u puzzle is unsound at depth %3$u.\n",
                           "%1$u of %2$u puzzles are unsound at depth %3$u.\n", n), failed, n, depth);
      return KIELA_CLI_EXIT_INPUT;
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "%u puzzle verified at depth %u.\n", "%u puzzles verified at depth %u.\n", n), n, depth);
  return n ? KIELA_CLI_EXIT_OK : KIELA_CLI_EXIT_INPUT;
}

int
kiela_cli_puzzles (KielaRegistry *registry, int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *output = NULL;
  g_autofree char *games_s = NULL, *depth_s = NULL, *count_s = NULL, *seconds_s = NULL, *seed_s = NULL;
  guint64 games = 2000, depth = 10, count = 72, seconds = 600, seed = 1;
  gboolean json = FALSE;
  /* Strings, read by kiela_cli_parse_number(): GOption's numbers take "0x10" and " 5". */
  const GOptionEntry entries[] = {
    KIELA_CLI_VARIANT_ENTRY (&variant_id),
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_s, N_("generate: AI games to search (default 2000)"), "N" },
    { "seconds", 0, 0, G_OPTION_ARG_STRING, &seconds_s, N_("generate: stop after this many seconds (default 600)"), "S" },
    { "depth", 0, 0, G_OPTION_ARG_STRING, &depth_s, N_("Search depth that proves a puzzle (default 10)"), "D" },
    { "count", 0, 0, G_OPTION_ARG_STRING, &count_s, N_("generate: puzzles to keep (default 72)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_s, N_("generate: seed of the games"), "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("generate: write the puzzle-set lesson file to FILE"), "FILE" },
    KIELA_CLI_JSON_ENTRY (&json),
    { NULL }
  };
  const KielaVariant *variant;

  if (!kiela_cli_parse ("puzzles", entries, "generate|verify|list", _("Finds puzzles in AI games, or re-checks the shipped ones."),
                        _("A puzzle is a position where one move leads every other by at least three stones "
                          "(or wins outright) in the alpha-beta search at a fixed depth."), &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;
  if (argc != 2 || (g_strcmp0 (argv[1], "generate") != 0 && g_strcmp0 (argv[1], "verify") != 0 &&
                    g_strcmp0 (argv[1], "list") != 0))
    {
      g_printerr (_("kiela-cli puzzles: say “generate”, “verify” or “list”\n"));
      return KIELA_CLI_EXIT_USAGE;
    }
  /* Each option says its own range: "--count 2" was refused as "must be positive". */
  if ((depth_s && !kiela_cli_parse_number ("puzzles", "--depth", depth_s, 2, 16, &depth))
      || (games_s && !kiela_cli_parse_number ("puzzles", "--games", games_s, 1, 1000000, &games))
      || (count_s && !kiela_cli_parse_number ("puzzles", "--count", count_s, 3, 100000, &count))
      || (seconds_s && !kiela_cli_parse_number ("puzzles", "--seconds", seconds_s, 1, 864000, &seconds))
      || (seed_s && !kiela_cli_parse_number ("puzzles", "--seed", seed_s, 0, G_MAXUINT64, &seed)))
    return KIELA_CLI_EXIT_USAGE;
  if (g_strcmp0 (argv[1], "verify") == 0)
    return verify (registry, (guint) depth);
  if (g_strcmp0 (argv[1], "list") == 0)
    return list (registry, json);
  variant = kiela_cli_find_variant (registry, "puzzles", variant_id);
  if (variant == NULL)
    return KIELA_CLI_EXIT_INPUT;
  return generate (registry, variant, (guint) games, (guint) depth, (guint) count, seed, (gdouble) seconds, output);
}
