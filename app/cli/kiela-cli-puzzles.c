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
 * file is written; data/lessons/lesson-strings.h carries them to the translators. */
static const struct {
  const char *id, *title, *summary;
  guint order, level;
} bands[] = {
  { "puzzles-easy", "Puzzles: easy", "Find the best move: the answer can be seen one or two moves ahead.", 200,
    KIELA_LESSON_BEGINNER },
  { "puzzles-medium", "Puzzles: medium", "Find the best move: look a few moves ahead.", 210, KIELA_LESSON_ADVANCED },
  { "puzzles-hard", "Puzzles: hard", "Find the best move: only deep thinking finds it.", 220, KIELA_LESSON_EXPERT },
};
#define PUZZLE_TEXT "South to move. One move is clearly better than all the others: find it."
#define PUZZLE_HINT_CAPTURE "The best move captures."
#define PUZZLE_HINT_QUIET "The best move captures nothing now, but prepares something."

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
      steps[i].hint = p[i].captures ? PUZZLE_HINT_CAPTURE : PUZZLE_HINT_QUIET;
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
  guint positions = 0, played = 0, band;

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
          if (n >= 3 && kiela_lesson_puzzle_score (registry, variant, &p.pos, depth, &best, &margin, &error) &&
              margin >= PUZZLE_MIN_MARGIN)
            {
              KielaPosition after = p.pos;
              KielaSowResult r;

              for (guint i = 0; i < found->len && !near; i++)
                {
                  const Puzzle *q = &g_array_index (found, Puzzle, i);
                  near = q->move == best && distance (&q->pos, &p.pos) < 8;
                }
              if (!near)
                {
                  p.move = best;
                  p.margin = margin;
                  p.seen_at = depth;
                  for (guint d = 1; d < depth; d++)
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
                  g_array_append_val (found, p);
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
      if (found->len >= count * 4)
        break;
    }
  g_printerr (_("%u games, %u positions searched at depth %u, %u puzzles kept, %.0f s\n"), played, positions, depth,
              found->len, g_timer_elapsed (timer, NULL));
  if (found->len < 3)
    {
      g_printerr (_("kiela-cli puzzles: too few puzzles found; give more --games or --seconds\n"));
      return KIELA_CLI_EXIT_INPUT;
    }
  g_array_sort (found, by_difficulty);
  if (found->len > count)
    {
      /* Keep the spread of difficulty: drop evenly across the sorted list. */
      g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (Puzzle));
      for (guint i = 0; i < count; i++)
        g_array_append_val (kept, g_array_index (found, Puzzle, (gsize) i * found->len / count));
      g_array_set_size (found, 0);
      g_array_append_vals (found, kept->data, kept->len);
    }
  band = found->len / 3;
  file = kiela_lesson_file_new ();
  /* The shipped sets translate through the "kiela" catalogue, as data/lessons does. */
  kiela_lesson_file_set_translation_domain (file, GETTEXT_PACKAGE);
  if (!add_band (file, 0, &g_array_index (found, Puzzle, 0), band, variant->files, &error) ||
      !add_band (file, 1, &g_array_index (found, Puzzle, band), band, variant->files, &error) ||
      !add_band (file, 2, &g_array_index (found, Puzzle, 2 * band), found->len - 2 * band, variant->files, &error))
    {
      g_printerr ("kiela-cli puzzles: %s\n", error->message);
      return KIELA_CLI_EXIT_INPUT;
    }
  g_string_append_printf (out, "# puzzles.kiela-lesson: puzzles found by kiela-cli puzzles generate --seed %" G_GUINT64_FORMAT
                          " --depth %u (%u games):\n# regenerate rather than edit.\n\n", seed, depth, played);
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

/* Re-checks every step of every puzzle set with the engine's search. */
static int
verify (KielaRegistry *registry, guint depth)
{
  GPtrArray *lessons = kiela_registry_get_lessons (registry);
  guint n = 0;

  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (lessons, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (registry, lesson->variant);

      if (lesson->kind != KIELA_LESSON_KIND_PUZZLES || variant == NULL)
        continue;
      for (guint s = 0; s < lesson->n_steps; s++)
        {
          g_autoptr(GError) error = NULL;
          KielaPosition pos;
          KielaMove best;
          gint margin;

          if (!kiela_lesson_step_get_position (lesson, variant, s, &pos, &error) ||
              !kiela_lesson_puzzle_score (registry, variant, &pos, depth, &best, &margin, &error))
            {
              g_printerr ("kiela-cli puzzles: %s %u: %s\n", lesson->id, s + 1, error->message);
              return KIELA_CLI_EXIT_INPUT;
            }
          if (best != kiela_lesson_step_get_move (lesson, variant, s) || margin < PUZZLE_MIN_MARGIN)
            {
              g_autofree char *name = best >= 0 ? kiela_square_name_dup (variant->files, (KielaSide) pos.to_move, best) : g_strdup ("-");
              g_printerr (_("kiela-cli puzzles: %s, puzzle %u: the answer is %s, but the search prefers %s (lead %d)\n"),
                          lesson->id, s + 1, lesson->steps[s].task.move, name, margin);
              return KIELA_CLI_EXIT_INPUT;
            }
          n++;
        }
    }
  printf (g_dngettext (GETTEXT_PACKAGE, "%u puzzle verified at depth %u.\n", "%u puzzles verified at depth %u.\n", n), n, depth);
  return n ? KIELA_CLI_EXIT_OK : KIELA_CLI_EXIT_INPUT;
}

int
kiela_cli_puzzles (KielaRegistry *registry, int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *output = NULL;
  g_autofree char *games_s = NULL, *depth_s = NULL, *count_s = NULL, *seconds_s = NULL, *seed_s = NULL;
  guint64 games = 400, depth = 8, count = 72, seconds = 600, seed = 1;
  gboolean json = FALSE;
  /* Strings, read by kiela_cli_parse_number(): GOption's numbers take "0x10" and " 5". */
  const GOptionEntry entries[] = {
    KIELA_CLI_VARIANT_ENTRY (&variant_id),
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_s, N_("generate: AI games to search (default 400)"), "N" },
    { "seconds", 0, 0, G_OPTION_ARG_STRING, &seconds_s, N_("generate: stop after this many seconds (default 600)"), "S" },
    { "depth", 0, 0, G_OPTION_ARG_STRING, &depth_s, N_("Search depth that proves a puzzle (default 8)"), "D" },
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
