/* kiela-lessons.c: the plugin that provides lessons: it registers the lesson files (the course, the puzzle sets, the user's own). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include "kiela-tree-plugin.h"
#include "kiela-lesson-file.h"

/*
 * The lessons are data (the *.kiela-lesson files of data/lessons, docs/lesson-files.md), not code:
 * each file gets its own record in the registry, so a file that fails its checks is
 * listed with its reason and never takes this plugin, or the other files, down.
 */

static const KielaPluginInfo info =
  KIELA_TREE_PLUGIN_INFO ("kiela-lessons", N_("Kiela lessons"),
                          N_("Lessons that teach Kiela step by step, and puzzles from real games"));

static gboolean
lessons_register (KielaRegistry *registry, GError **error)
{
  (void) error;
  kiela_registry_load_lesson_files (registry);
  return TRUE;
}

KIELA_PLUGIN_DEFINE (info, lessons_register)
