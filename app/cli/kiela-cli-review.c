/* kiela-cli-review.c: "kiela-cli review": every move of a game record judged against the engine's best, as text, JSON, CSV or a graph. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kiela-cli-common.h"
#ifdef KIELA_CLI_HAVE_EXPORT
#include "kiela-review-plot.h"
#endif

#define CMD "review"

/* Variation `*number` under `line`, counted depth first as the app's move list and
 * kiela-cli export --variation count them (kiela_worksheet_find_variation). */
static KielaGameLine *
find_variation (KielaGameLine *line, guint *number)
{
  for (guint i = 0; i < kiela_game_line_get_n_variations (line); i++)
    {
      KielaGameLine *v = kiela_game_line_get_variation (line, i), *found;

      if (--*number == 0)
        return v;
      if ((found = find_variation (v, number)) != NULL)
        return found;
    }
  return NULL;
}

static void
square_of (KielaReview *review, guint index, KielaMove move, char out[4])
{
  const KielaPosition *pos = kiela_review_get_position (review, index);

  kiela_square_name (pos->files, (KielaSide) pos->to_move, (guint) move, out);
}

/* The squares of a line starting at ply index + 1: the sides alternate. */
static void
add_line_json (JsonBuilder *b, KielaReview *review, guint index, const KielaMove *line, guint n)
{
  const KielaPosition *pos = kiela_review_get_position (review, index);

  json_builder_begin_array (b);
  for (guint k = 0; k < n; k++)
    {
      char sq[4];

      kiela_square_name (pos->files, (KielaSide) ((pos->to_move + k) % 2), (guint) line[k], sq);
      json_builder_add_string_value (b, sq);
    }
  json_builder_end_array (b);
}

static void
add_side_json (JsonBuilder *b, KielaReview *review, KielaSide side)
{
  KielaReviewSide sum;

  kiela_review_get_summary (review, side, &sum);
  json_builder_set_member_name (b, kiela_side_name (side));
  json_builder_begin_object (b);
  kiela_cli_json_add_int (b, "moves", sum.n_moves);
  for (guint g = 0; g < KIELA_REVIEW_N_GRADES; g++)
    kiela_cli_json_add_int (b, kiela_review_grade_id (g), sum.counts[g]);
  kiela_cli_json_add_int (b, "loss", sum.total_loss);
  kiela_cli_json_add_double (b, "accuracy", ((gint64) (sum.accuracy * 10 + 0.5)) / 10.0);
  json_builder_end_object (b);
}

static void
print_json (KielaReview *review)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "moves");
  json_builder_begin_array (b);
  for (guint i = 0; i < kiela_review_get_n_judged (review); i++)
    {
      const KielaReviewMove *m = kiela_review_get_move (review, i);
      char move[4], best[4];

      square_of (review, i, m->move, move);
      square_of (review, i, m->best, best);
      json_builder_begin_object (b);
      kiela_cli_json_add_int (b, "ply", m->ply);
      kiela_cli_json_add_string (b, "side", kiela_side_name (m->side));
      kiela_cli_json_add_string (b, "move", move);
      kiela_cli_json_add_string (b, "best", best);
      kiela_cli_json_add_int (b, "loss", m->loss);
      kiela_cli_json_add_string (b, "class", kiela_review_grade_id (m->grade));
      json_builder_set_member_name (b, "line");
      add_line_json (b, review, i, m->line, m->n_line);
      json_builder_set_member_name (b, "reply");
      add_line_json (b, review, i, m->reply, m->n_reply);
      /* South's advantage after the move and after the best one, in stones (the graph). */
      kiela_cli_json_add_double (b, "score", m->score / 100.0);
      kiela_cli_json_add_double (b, "best_score", m->best_score / 100.0);
      kiela_cli_json_add_int (b, "depth", m->depth);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_side_json (b, review, KIELA_SOUTH);
  add_side_json (b, review, KIELA_NORTH);
  kiela_cli_json_add_string (b, "ai", kiela_review_get_ai_spec (review));
  kiela_cli_json_add_string (b, "variant", kiela_review_get_variant (review)->id);
  json_builder_end_object (b);
  kiela_cli_print_json (b, TRUE);
}

static void
print_side (KielaReview *review, KielaSide side)
{
  KielaReviewSide sum;

  kiela_review_get_summary (review, side, &sum);
  /* TRANSLATORS: "South: accuracy 87.5 %; blunders 1, mistakes 2, inaccuracies 0; 30 moves" */
  printf (_("%s: accuracy %.1f %%; blunders %u, mistakes %u, inaccuracies %u; %u moves\n"),
          kiela_side_display_name (side), sum.accuracy, sum.counts[KIELA_GRADE_BLUNDER],
          sum.counts[KIELA_GRADE_MISTAKE], sum.counts[KIELA_GRADE_INACCURACY], sum.n_moves);
}

static void
print_text (KielaReview *review)
{
  for (guint i = 0; i < kiela_review_get_n_judged (review); i++)
    {
      const KielaReviewMove *m = kiela_review_get_move (review, i);
      char move[4], best[4];

      square_of (review, i, m->move, move);
      square_of (review, i, m->best, best);
      printf ("%u. %s %s%s", m->ply, kiela_side_display_name (m->side), move, kiela_review_grade_mark (m->grade));
      if (m->loss > 0)
        /* The minus sign of the example: "12. North b3?? −9 (best i3)". */
        printf (_(" −%d (best %s)"), m->loss, best);
      printf ("\n");
    }
  print_side (review, KIELA_SOUTH);
  print_side (review, KIELA_NORTH);
}

static gboolean
write_csv (KielaReview *review, const char *path, GError **error)
{
  g_autofree char *csv = kiela_review_to_csv (review);

  return kiela_cli_write_file (path, csv, strlen (csv), error);
}

int
kiela_cli_review (KielaRegistry *registry, int argc, char **argv)
{
  g_autofree char *depth_text = NULL, *nodes_text = NULL, *variation_text = NULL, *plot = NULL, *csv = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "depth", 0, 0, G_OPTION_ARG_STRING, &depth_text, N_("Search each position D plies deep (default 8)"), "D" },
    { "nodes", 0, 0, G_OPTION_ARG_STRING, &nodes_text, N_("Search each position N nodes instead of a depth"), "N" },
    { "variation", 0, 0, G_OPTION_ARG_STRING, &variation_text, N_("Review that variation, numbered 1, 2… as the app’s move list shows them"), "N" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "plot", 0, 0, G_OPTION_ARG_FILENAME, &plot, N_("Write the advantage graph to FILE (.svg or .png)"), "FILE" },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv, N_("Write one row a move to FILE"), "FILE" },
    { NULL }
  };
  g_autoptr(KielaGameTree) tree = NULL;
  g_autoptr(KielaReview) review = NULL;
  g_autoptr(GError) error = NULL;
  KielaReviewOptions options = { 0 };
  guint64 depth = 0, nodes = 0, variation = 0;

  if (!kiela_cli_parse (CMD, entries, _("RECORD"),
                        _("Judges every move of a game record against the engine’s best move."),
                        _("Each line names the move, its mark (?! inaccuracy, ? mistake, ?? blunder), the stones\n"
                          "it gave up against the best move at the review’s depth and that move:\n"
                          "  12. North b3?? −9 (best i3)\n"
                          "then each side’s accuracy.  --depth and --nodes fix the search, so the review is the\n"
                          "same on every run.  The record is checked as “kiela-cli load” checks it."),
                        &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;
  if (argc != 2)
    {
      fprintf (stderr, _("kiela-cli %s: give exactly one game record (got %d)\n"), CMD, argc - 1);
      return KIELA_CLI_EXIT_USAGE;
    }
  if (depth_text != NULL && nodes_text != NULL)
    {
      fprintf (stderr, _("kiela-cli %s: give --depth or --nodes, not both\n"), CMD);
      return KIELA_CLI_EXIT_USAGE;
    }
  if ((depth_text != NULL && !kiela_cli_parse_number (CMD, "--depth", depth_text, 2, 32, &depth))
      || (nodes_text != NULL && !kiela_cli_parse_number (CMD, "--nodes", nodes_text, 1, G_MAXINT64, &nodes))
      || (variation_text != NULL && !kiela_cli_parse_number (CMD, "--variation", variation_text, 1, G_MAXUINT32, &variation)))
    return KIELA_CLI_EXIT_USAGE;
  if (plot != NULL && !g_str_has_suffix (plot, ".svg") && !g_str_has_suffix (plot, ".png"))
    {
      fprintf (stderr, _("kiela-cli %s: --plot “%s”: the file name must end in .svg or .png\n"), CMD, plot);
      return KIELA_CLI_EXIT_USAGE;
    }
#ifndef KIELA_CLI_HAVE_EXPORT
  if (plot != NULL)
    {
      fprintf (stderr, _("kiela-cli %s: --plot needs the app’s drawing code, not built here\n"), CMD);
      return KIELA_CLI_EXIT_USAGE;
    }
#endif
  /* Refuse a device or a folder before the work, not after. */
  for (guint k = 0; k < 2; k++)
    {
      const char *out = k == 0 ? plot : csv;
      g_autoptr(GFile) file = NULL;

      if (out == NULL)
        continue;
      file = g_file_new_for_commandline_arg (out);
      if (!kiela_file_check_replaceable (file, &error))
        {
          fprintf (stderr, _("kiela-cli %s: %s: %s\n"), CMD, k == 0 ? "--plot" : "--csv", error->message);
          return KIELA_CLI_EXIT_INPUT;
        }
    }

  {
    g_autoptr(GFile) in = g_file_new_for_path (argv[1]);

    tree = kiela_record_tree_load_file (registry, in, NULL, &error);
  }
  if (tree == NULL)
    {
      /* The engine's message names the file and the problem, as for kiela-cli load. */
      fprintf (stderr, _("kiela-cli %s: %s\n"), CMD, error->message);
      return KIELA_CLI_EXIT_INPUT;
    }
  if (variation > 0)
    {
      guint number = (guint) variation;
      KielaGameLine *line = find_variation (kiela_game_tree_get_main_line (tree), &number);

      if (line == NULL)
        {
          guint n = kiela_game_tree_count_variations (tree);

          fprintf (stderr, ngettext ("kiela-cli %s: --variation %u: %s has %u variation\n",
                                     "kiela-cli %s: --variation %u: %s has %u variations\n", n),
                   CMD, (guint) variation, argv[1], n);
          return KIELA_CLI_EXIT_INPUT;
        }
      kiela_game_tree_enter (tree, line);
    }

  options.depth = (guint) depth;
  options.max_nodes = nodes;
  review = kiela_review_new (registry, kiela_game_tree_get_game (tree), &options, &error);
  if (review == NULL || !kiela_review_run (review, NULL, &error))
    {
      fprintf (stderr, _("kiela-cli %s: %s: %s\n"), CMD, argv[1], error->message);
      return KIELA_CLI_EXIT_INPUT;
    }

  if (json)
    print_json (review);
  else
    print_text (review);

  if (csv != NULL && !write_csv (review, csv, &error))
    {
      fprintf (stderr, _("kiela-cli %s: --csv: %s\n"), CMD, error->message);
      return KIELA_CLI_EXIT_INPUT;
    }
#ifdef KIELA_CLI_HAVE_EXPORT
  if (plot != NULL && !kiela_review_plot_save (review, plot, 800, 300, &error))
    {
      fprintf (stderr, _("kiela-cli %s: --plot: %s\n"), CMD, error->message);
      return KIELA_CLI_EXIT_INPUT;
    }
#endif
  return KIELA_CLI_EXIT_OK;
}
