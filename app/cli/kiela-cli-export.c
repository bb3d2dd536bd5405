/* kiela-cli-export.c: "kiela-cli export": a position or a game as an SVG or PNG diagram, or a PDF worksheet. */
#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "kiela-cli-common.h"
#include "kiela-diagram.h"
#include "kiela-worksheet.h"

#define CMD "export"
#define DEFAULT_SIZE 1200
#define MAX_SIZE 16384

typedef enum { FORMAT_SVG, FORMAT_PNG, FORMAT_PDF } Format;

static gboolean
parse_format (const char *text, Format *format)
{
  static const char *const names[] = { "svg", "png", "pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i]) == 0)
      {
        *format = (Format) i;
        return TRUE;
      }
  return FALSE;
}

/* The game to draw: from --record (replayed and checked as the app opens it) or --position. */
static KielaGame *
load_game (KielaRegistry *registry, const char *record, const char *kpn, const char *variant_id)
{
  g_autoptr(GError) error = NULL;
  const KielaVariant *variant;
  KielaPosition pos;
  KielaGame *game;

  if (record != NULL)
    {
      game = kiela_record_load (registry, record, &error);
      if (game == NULL)
        fprintf (stderr, _("kiela-cli %s: %s\n"), CMD, error->message);
      return game;
    }
  variant = kiela_cli_find_variant (registry, CMD, variant_id);
  if (variant == NULL || !kiela_cli_position (CMD, variant, kpn, &pos))
    return NULL;
  game = kiela_game_new_from_position (variant, &pos, &error);
  if (game == NULL)
    fprintf (stderr, _("kiela-cli %s: --position: %s\n"), CMD, error->message);
  return game;
}

/* Variation `number` of the record's game, as the app's move list numbers them, followed to its
 * end; `line` receives what a worksheet says about it (the app's words for the line it shows). */
static KielaGame *
load_variation (KielaRegistry *registry, const char *record, guint number, char **line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (record);
  g_autoptr(KielaGameTree) tree = kiela_record_tree_load_file (registry, file, NULL, &error);
  KielaGameLine *found;

  if (tree == NULL)
    {
      fprintf (stderr, _("kiela-cli %s: %s\n"), CMD, error->message);
      return NULL;
    }
  found = kiela_worksheet_find_variation (tree, number);
  if (found == NULL)
    {
      guint n = kiela_game_tree_count_variations (tree);

      fprintf (stderr, ngettext ("kiela-cli %s: --variation %u: %s has %u variation\n",
                                 "kiela-cli %s: --variation %u: %s has %u variations\n", n),
               CMD, number, record, n);
      return NULL;
    }
  kiela_game_tree_enter (tree, found);
  *line = kiela_worksheet_describe_line (tree);
  return g_object_ref (kiela_game_tree_get_game (tree));
}

int
kiela_cli_export (KielaRegistry *registry, int argc, char **argv)
{
  g_autofree char *variant_id = NULL, *position = NULL, *record = NULL, *format_text = NULL, *ply_text = NULL;
  g_autofree char *size_text = NULL, *output = NULL, *paper_text = NULL, *move_text = NULL, *title = NULL;
  g_autofree char *lesson_id = NULL, *variation_text = NULL, *line = NULL, *from_text = NULL, *to_text = NULL;
  gboolean arrows = FALSE, blank = FALSE, key_moves = FALSE, answers = FALSE, ink = FALSE;
  const GOptionEntry entries[] = {
    { "position", 0, 0, G_OPTION_ARG_STRING, &position, N_("Draw this position"), "KPN" },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record, N_("Draw this game record"), "FILE" },
    { "lesson", 0, 0, G_OPTION_ARG_STRING, &lesson_id, N_("Make a PDF worksheet of this lesson, a page a step (see “kiela-cli lessons”)"), "ID" },
    { "answers", 0, 0, G_OPTION_ARG_NONE, &answers, N_("End with the answer key: with --lesson every step’s answer (--lesson also takes a .kiela-lesson file), with --blank the counts of every blank diagram"), NULL },
    KIELA_CLI_VARIANT_ENTRY (&variant_id),
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_text, N_("svg, png or pdf (default: from the output’s name)"), "FORMAT" },
    { "variation", 0, 0, G_OPTION_ARG_STRING, &variation_text, N_("With --record: that variation instead of the game as played, numbered 1, 2… as the app’s move list shows them (a PDF says it is one)"), "N" },
    { "ply", 0, 0, G_OPTION_ARG_STRING, &ply_text, N_("With --record: the position after N moves (a PDF stops there; default: the end)"), "N" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text, N_("Width of an SVG or PNG diagram in pixels (default: 1200)"), "PX" },
    { "arrows", 0, 0, G_OPTION_ARG_NONE, &arrows, N_("Mark the move played next in the record"), NULL },
    { "move", 0, 0, G_OPTION_ARG_STRING, &move_text, N_("Mark this move (a square such as g1) played from the position"), "SQUARE" },
    { "blank", 0, 0, G_OPTION_ARG_NONE, &blank, N_("Empty houses with boxes to write the counts in (a PDF: after each move)"), NULL },
    { "key-moves", 0, 0, G_OPTION_ARG_NONE, &key_moves, N_("PDF: only moves that capture, and the last move"), NULL },
    { "from", 0, 0, G_OPTION_ARG_STRING, &from_text, N_("PDF: start at move N (numbered from 1)"), "N" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to_text, N_("PDF: end at move N"), "N" },
    { "ink", 0, 0, G_OPTION_ARG_NONE, &ink, N_("Ink-saving style for school printers: a white board, black stones and text, laps told apart by dashes and numbers"), NULL },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper_text, N_("PDF paper size: a4 or letter (default: a4)"), "PAPER" },
    { "title", 0, 0, G_OPTION_ARG_STRING, &title, N_("PDF title (default: the game’s event, or Kiela)"), "TEXT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write to OUT"), "OUT" },
    { NULL }
  };
  g_autoptr(KielaGame) game = NULL;
  g_autoptr(KielaTrace) trace = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) out = NULL;
  guint64 ply = 0, size = DEFAULT_SIZE, variation = 0, from = 0, to = 0;
  KielaPaper paper = KIELA_PAPER_A4;
  Format format;

  if (!kiela_cli_parse (CMD, entries, NULL,
                        _("Draws a position or a game for printing: an SVG or PNG diagram of the board, or a PDF "
                          "worksheet with a diagram for each move and what it did."),
                        _("Examples:\n"
                          "  kiela-cli export --position KPN --format png -o board.png\n"
                          "  kiela-cli export --record game.kiela --ply 12 --arrows -o move13.svg\n"
                          "  kiela-cli export --record game.kiela --key-moves --blank --paper letter -o sheet.pdf\n"
                          "  kiela-cli export --record game.kiela --from 5 --to 9 --blank --answers --ink -o sheet.pdf\n"
                          "  kiela-cli export --record game.kiela --variation 1 -o variation.pdf\n"
                          "  kiela-cli export --lesson ID --blank -o lesson.pdf"),
                        &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;

  if (argc > 1)
    {
      fprintf (stderr, _("kiela-cli %s: unexpected argument “%s”\n"), CMD, argv[1]);
      return KIELA_CLI_EXIT_USAGE;
    }
  if ((position != NULL) + (record != NULL) + (lesson_id != NULL) != 1)
    {
      fprintf (stderr, _("kiela-cli %s: give one of --position, --record or --lesson\n"), CMD);
      return KIELA_CLI_EXIT_USAGE;
    }
  if (output == NULL)
    {
      fprintf (stderr, _("kiela-cli %s: give the output file with -o OUT\n"), CMD);
      return KIELA_CLI_EXIT_USAGE;
    }
  if (format_text == NULL)
    {
      const char *dot = strrchr (output, '.');

      if (dot == NULL || !parse_format (dot + 1, &format))
        {
          fprintf (stderr, _("kiela-cli %s: give --format svg, png or pdf (the name “%s” does not tell)\n"), CMD, output);
          return KIELA_CLI_EXIT_USAGE;
        }
    }
  else if (!parse_format (format_text, &format))
    {
      fprintf (stderr, _("kiela-cli %s: --format “%s” is not svg, png or pdf\n"), CMD, format_text);
      return KIELA_CLI_EXIT_USAGE;
    }
  if (paper_text != NULL && !kiela_paper_parse (paper_text, &paper))
    {
      fprintf (stderr, _("kiela-cli %s: --paper “%s” is not a4 or letter\n"), CMD, paper_text);
      return KIELA_CLI_EXIT_USAGE;
    }
  if (size_text != NULL && !kiela_cli_parse_number (CMD, "--size", size_text, 16, MAX_SIZE, &size))
    return KIELA_CLI_EXIT_USAGE;
  if (ply_text != NULL)
    {
      if (record == NULL)
        {
          fprintf (stderr, _("kiela-cli %s: --ply needs --record\n"), CMD);
          return KIELA_CLI_EXIT_USAGE;
        }
      if (!kiela_cli_parse_number (CMD, "--ply", ply_text, 0, G_MAXUINT32, &ply))
        return KIELA_CLI_EXIT_USAGE;
    }

  if (variation_text != NULL)
    {
      if (record == NULL)
        {
          fprintf (stderr, _("kiela-cli %s: --variation needs --record\n"), CMD);
          return KIELA_CLI_EXIT_USAGE;
        }
      if (!kiela_cli_parse_number (CMD, "--variation", variation_text, 1, G_MAXUINT32, &variation))
        return KIELA_CLI_EXIT_USAGE;
    }

  /* Refuse a folder, a device or an unwritable folder before the work, not after. */
  out = g_file_new_for_commandline_arg (output);
  if (!kiela_file_check_replaceable (out, &error))
    {
      fprintf (stderr, _("kiela-cli %s: -o: %s\n"), CMD, error->message);
      return KIELA_CLI_EXIT_INPUT;
    }

  if (answers && lesson_id == NULL && !blank)
    {
      /* A worksheet with the counts shown is its own key. */
      fprintf (stderr, _("kiela-cli %s: --answers needs --lesson or --blank\n"), CMD);
      return KIELA_CLI_EXIT_USAGE;
    }
  if ((from_text != NULL || to_text != NULL) && (record == NULL || format != FORMAT_PDF))
    {
      fprintf (stderr, _("kiela-cli %s: --from and --to choose the moves of a PDF worksheet of --record\n"), CMD);
      return KIELA_CLI_EXIT_USAGE;
    }
  if ((from_text != NULL || to_text != NULL) && key_moves)
    {
      fprintf (stderr, _("kiela-cli %s: give --key-moves or --from and --to, not both\n"), CMD);
      return KIELA_CLI_EXIT_USAGE;
    }
  if ((from_text != NULL && !kiela_cli_parse_number (CMD, "--from", from_text, 1, G_MAXUINT32, &from))
      || (to_text != NULL && !kiela_cli_parse_number (CMD, "--to", to_text, 1, G_MAXUINT32, &to)))
    return KIELA_CLI_EXIT_USAGE;
  if (from > 0 && to > 0 && to < from)
    {
      fprintf (stderr, _("kiela-cli %s: --to %s comes before --from %s\n"), CMD, to_text, from_text);
      return KIELA_CLI_EXIT_USAGE;
    }

  if (lesson_id != NULL)
    {
      const KielaLesson *lesson = kiela_registry_lookup_lesson (registry, lesson_id);
      const KielaVariant *variant = NULL;
      KielaWorksheetOptions options = { .blank = blank, .title = title, .answers = answers, .ink = ink, .paper = paper };
      g_autoptr(KielaWorksheet) ws = NULL;
      g_autoptr(KielaLessonFile) file = NULL;

      /* A teacher's file not installed yet: read and checked as "kiela-cli lessons check" does. */
      if (lesson == NULL && g_str_has_suffix (lesson_id, KIELA_LESSON_FILE_SUFFIX))
        {
          file = kiela_lesson_file_new_from_file (lesson_id, &error);
          if (file == NULL || !kiela_lesson_file_check (file, registry, &error))
            {
              fprintf (stderr, "kiela-cli %s: %s\n", CMD, error->message);
              return KIELA_CLI_EXIT_INPUT;
            }
          lesson = kiela_lesson_file_get_lesson (file, 0);
        }
      variant = lesson ? kiela_registry_lookup_variant (registry, lesson->variant) : NULL;

      if (format != FORMAT_PDF)
        {
          fprintf (stderr, _("kiela-cli %s: --lesson makes a PDF worksheet: give --format pdf\n"), CMD);
          return KIELA_CLI_EXIT_USAGE;
        }
      if (lesson == NULL || variant == NULL)
        {
          fprintf (stderr, _("kiela-cli %s: unknown lesson “%s” (see “kiela-cli lessons”)\n"), CMD, lesson_id);
          return KIELA_CLI_EXIT_INPUT;
        }
      ws = kiela_worksheet_new_for_lesson (lesson, variant, &options);
      bytes = kiela_worksheet_to_pdf (ws, paper, &error);
      goto write;
    }

  if (variation > 0)
    game = load_variation (registry, record, (guint) variation, &line);
  else
    game = load_game (registry, record, position, variant_id);
  if (game == NULL)
    return KIELA_CLI_EXIT_INPUT;
  if (ply_text != NULL)
    {
      guint n = kiela_game_get_n_moves (game);

      if (ply > n)
        {
          fprintf (stderr, ngettext ("kiela-cli %s: --ply %s is past the end of %s, which has %u move\n",
                                     "kiela-cli %s: --ply %s is past the end of %s, which has %u moves\n", n),
                   CMD, ply_text, record, n);
          return KIELA_CLI_EXIT_INPUT;
        }
      kiela_game_go_to (game, (guint) ply);
    }

  if (move_text != NULL || arrows)
    {
      guint at = kiela_game_get_n_moves (game);

      trace = kiela_trace_new ();
      if (move_text != NULL)
        {
          g_autoptr(KielaGame) scratch = kiela_game_copy (game);

          if (!kiela_game_play_square (scratch, move_text, trace, &error))
            {
              fprintf (stderr, _("kiela-cli %s: --move: %s\n"), CMD, error->message);
              return KIELA_CLI_EXIT_INPUT;
            }
        }
      else if (kiela_game_get_n_redo (game) > 0)
        kiela_game_trace_move (game, at, trace);
      else
        g_clear_pointer (&trace, kiela_trace_free);   /* the last position: no move follows it */
    }

  if (format == FORMAT_PDF)
    {
      KielaWorksheetOptions options = {
        .moves = key_moves ? KIELA_WORKSHEET_KEY_MOVES : from || to ? KIELA_WORKSHEET_RANGE : KIELA_WORKSHEET_EVERY_MOVE,
        .blank = blank,
        .title = title,
        .line = line,
        .answers = answers,
        .first_move = (guint) from,
        .last_move = (guint) to,
        .ink = ink,
        .paper = paper,
      };
      g_autoptr(KielaWorksheet) ws = NULL;
      guint n = kiela_game_get_n_moves (game);

      if (from > n)
        {
          fprintf (stderr, ngettext ("kiela-cli %s: --from %s is past the end of %s, which has %u move\n",
                                     "kiela-cli %s: --from %s is past the end of %s, which has %u moves\n", n),
                   CMD, from_text, record, n);
          return KIELA_CLI_EXIT_INPUT;
        }
      ws = kiela_worksheet_new (game, &options);

      bytes = kiela_worksheet_to_pdf (ws, paper, &error);
    }
  else
    {
      KielaDiagramFlags flags = (blank ? KIELA_DIAGRAM_BLANK : 0) | (trace ? KIELA_DIAGRAM_ARROWS : 0)
                                | (ink ? KIELA_DIAGRAM_INK : 0);
      g_autofree char *svg = kiela_diagram_build_svg (kiela_game_get_position (game), trace, flags, (guint) size);

      if (format == FORMAT_SVG)
        bytes = g_bytes_new (svg, strlen (svg));
      else
        bytes = kiela_diagram_render_png (svg, (guint) size, &error);
    }

write:
  if (bytes == NULL || !kiela_diagram_write_file (out, bytes, &error))
    {
      fprintf (stderr, _("kiela-cli %s: %s\n"), CMD, error->message);
      return KIELA_CLI_EXIT_INPUT;
    }
  return KIELA_CLI_EXIT_OK;
}
