/* test-board-view-common.c: the board tests' helpers (test-board-view-common.h). */
#include "config.h"

#include "kiela-board-view-private.h"
#include "test-board-view-common.h"

void
parse_position (const char *kpn, KielaPosition *pos)
{
  g_autoptr(GError) error = NULL;

  if (!kiela_position_parse (kpn, 0, pos, &error))
    g_error ("test position %s: %s", kpn, error->message);
}

KielaHouse *
house_by_square (KielaBoardView *board, const char *square)
{
  guint files = kiela_board_view_get_files (board);

  for (guint side = 0; side < 2; side++)
    for (guint h = 0; h < 2 * files; h++)
      {
        KielaHouse *house = kiela_board_view_get_house (board, side, h);

        if (g_strcmp0 (kiela_house_get_square (house), square) == 0)
          return house;
      }
  g_error ("no house %s", square);
  return NULL;
}

GtkWidget *
new_board (void)
{
  return g_object_ref_sink (kiela_board_view_new ());
}

/* Spins the main loop until `done` holds or `ms` milliseconds pass. */
gboolean
wait_for (gboolean (*done) (gpointer), gpointer data, guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  return done (data);
}

gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

/* Starts a board test.  A GUI test that cannot open a display fails: it is never skipped
 * silently. */
gboolean
board_test_start (int *argc, char ***argv, const char *name)
{
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      g_printerr ("%s: cannot open a display; run it under xvfb-run\n", name);
      return FALSE;
    }
  return TRUE;
}
