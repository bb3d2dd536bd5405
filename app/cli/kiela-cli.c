/* kiela-cli.c: the command-line face of the engine: finds the command and hands it its arguments. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "kiela-cli-common.h"

static const KielaCliCommand commands[] = {
  { "variants",   N_("list the rule variants"), kiela_cli_variants },
  { "plugins",    N_("list plugin modules (--check: load each one apart)"), kiela_cli_plugins },
  { "play",       N_("apply moves and print the board"), kiela_cli_play },
  { "load",       N_("load a game record, check it and print its final position"), kiela_cli_load },
  { "perft",      N_("count move sequences of a given length"), kiela_cli_perft },
  { "bench",      N_("random playouts per second"), kiela_cli_bench },
  { "bestmove",   N_("ask an AI for its move"), kiela_cli_bestmove },
  { "arrange",    N_("ask an AI how it arranges its stones in the setup phase"), kiela_cli_arrange },
  { "tournament", N_("play games between two AIs and report statistics"), kiela_cli_tournament },
  { "stats",      N_("how a rule variant plays: seeded, shardable AI games (and “stats merge”)"), kiela_cli_stats },
  { "lessons",    N_("list the lessons, or check them with right and wrong answers"), kiela_cli_lessons },
  { "puzzles",    N_("find puzzles in AI games, or re-check the shipped ones"), kiela_cli_puzzles },
  { "review",     N_("judge every move of a game record against the engine’s best"), kiela_cli_review },
#ifdef KIELA_CLI_HAVE_EXPORT
  { "export",     N_("draw a position as SVG or PNG, or a game as a PDF worksheet"), kiela_cli_export },
#endif
};

static void
usage (FILE *out)
{
  fprintf (out, "%s\n\n%s\n", _("Usage: kiela-cli COMMAND [OPTIONS]"), _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-12s %s\n", commands[i].name, _(commands[i].synopsis));
  fprintf (out, "\n%s\n", _("“kiela-cli COMMAND --help” describes a command’s options."));
}

/* Output that never reached standard output is a failure whatever the command thought of its
 * work: "kiela-cli stats --json - > /dev/full" must not exit 0.  Run at exit, so it also covers
 * GOption's --help, which exits by itself. */
static void
check_output_at_exit (void)
{
  int failed_errno;

  errno = 0;
  if (fflush (stdout) != 0)
    {
      failed_errno = errno;
      /* TRANSLATORS: %s is the system's reason, such as "No space left on device" */
      fprintf (stderr, _("kiela-cli: could not write the output: %s\n"), g_strerror (failed_errno));
      _exit (KIELA_CLI_EXIT_INPUT);
    }
  if (ferror (stdout))
    {
      /* A write failed earlier (GOption's --help flushes at once); its reason is gone. */
      fprintf (stderr, "%s\n", _("kiela-cli: could not write the output"));
      _exit (KIELA_CLI_EXIT_INPUT);
    }
}

static int
run_command (int argc, char **argv)
{
  g_autoptr(KielaRegistry) registry = NULL;
  g_autofree char *prgname = NULL;

  setlocale (LC_ALL, "");
  /* Uninstalled, plugins and translations come from the build tree this program was built in. */
  kiela_paths_init (KIELA_BUILD_ROOT);
  kiela_bind_textdomain ();
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? KIELA_CLI_EXIT_USAGE : KIELA_CLI_EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("kiela-cli %s\n", PACKAGE_VERSION);
      return KIELA_CLI_EXIT_OK;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        /* "Usage: kiela-cli play [OPTION…] MOVE…" in the command's --help. */
        prgname = g_strdup_printf ("kiela-cli %s", commands[i].name);
        g_set_prgname (prgname);
        registry = kiela_registry_new ();
        /* "plugins" lists the .plugin files: it runs no plugin code. */
        if (commands[i].run != kiela_cli_plugins)
          kiela_registry_load_default (registry);
        return commands[i].run (registry, argc - 1, argv + 1);
      }

  fprintf (stderr, _("kiela-cli: unknown command “%s”\n"), argv[1]);
  usage (stderr);
  return KIELA_CLI_EXIT_USAGE;
}

int
main (int argc, char **argv)
{
  atexit (check_output_at_exit);
  return run_command (argc, argv);
}
