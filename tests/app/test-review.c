/* test-review.c: fixes found by clicking through the app as a pupil, a teacher on a 1024×768 projector and a rule experimenter would. */
#include "config.h"

#include <adwaita.h>

#include "kiela.h"
#include "kiela-window.h"
#include "app-test-util.h"
#include "app-test-window.h"

/* The Keyboard Shortcuts window fits a projector's 1024-px screen: its group titles once
 * explained the keys in long words that made it 1,043 px wide, its right edge off the screen. */
static void
test_shortcuts_fit (void)
{
  int width = app_test_shortcuts_window_width ();

  g_test_message ("Keyboard Shortcuts window: %d px wide", width);
  g_assert_cmpint (width, >, 300);
  g_assert_cmpint (width, <=, 1000);
}

int
main (int argc, char **argv)
{
  g_autofree char *tmp = app_test_init (&argc, &argv, "test-review");

  g_test_add_func ("/app/review/shortcuts-fit", test_shortcuts_fit);
  return g_test_run ();
}
