/* kiela-cli-lessons.c: "kiela-cli lessons [check]": the registered lessons, and walking them with right and wrong answers. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-cli-common.h"

/* `text` padded with spaces to `width` characters (printf pads bytes, not characters). */
static char *
pad (const char *text, glong width)
{
  glong n = g_utf8_strlen (text, -1);
  return g_strdup_printf ("%s%*s", text, (int) MAX (width - n, 0), "");
}

static void
print_lesson (const KielaLesson *lesson, gboolean ok)
{
  /* TRANSLATORS: a lesson in kiela-cli lessons: "3 steps" */
  g_autofree char *steps = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u step", "%u steps", (gulong) lesson->n_steps),
                                            (guint) lesson->n_steps);

  g_autofree char *level = pad (kiela_lesson_level_name ((KielaLessonLevel) lesson->level), 12);
  g_autofree char *steps_padded = pad (steps, 10);

  printf ("%-18s %s %-15s %s %s\n", lesson->id, level, lesson->variant, steps_padded, kiela_lesson_get_title (lesson));
  for (gsize i = 0; i < lesson->n_steps; i++)
    {
      const KielaLessonStep *s = &lesson->steps[i];
      const char *opponent = kiela_lesson_step_get_opponent (lesson, (guint) i);

      printf ("%-18s   %2u. %s%s%s%s%s\n", "", (guint) i + 1, kiela_task_kind_name (s->task.kind),
              s->task.move ? " " : "", s->task.move ? s->task.move : "",
              opponent ? " — " : "", opponent ? opponent : "");
    }
  if (!ok)
    printf ("%-18s   %s\n", "", _("(refused)"));
}

static gboolean
wanted (const KielaLesson *lesson, gboolean all, int argc, char **argv)
{
  if (argc > 2)
    {
      for (int i = 2; i < argc; i++)
        if (g_strcmp0 (argv[i], lesson->id) == 0)
          return TRUE;
      return FALSE;
    }
  return all || lesson->kind != KIELA_LESSON_KIND_PUZZLES;
}

int
kiela_cli_lessons (KielaRegistry *registry, int argc, char **argv)
{
  gboolean all = FALSE, json = FALSE;
  const GOptionEntry entries[] = {
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, N_("check: also the puzzle sets"), NULL },
    KIELA_CLI_JSON_ENTRY (&json),
    { NULL }
  };
  GPtrArray *lessons = kiela_registry_get_lessons (registry);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  gboolean check;
  guint checked = 0, steps = 0;

  if (!kiela_cli_parse ("lessons", entries, "[check [ID…]]", _("Lists the lessons, or walks them with right and wrong answers."),
                        _("“check” walks every course lesson (with --all also the puzzle sets, or only the lessons named): "
                          "each step’s right answer must be accepted, every wrong one refused with feedback, and each "
                          "game to play out won by a strong player. It stops at the first failure and names it."),
                        &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;
  check = argc >= 2 && g_strcmp0 (argv[1], "check") == 0;
  if (argc >= 2 && !check)
    {
      g_printerr (_("kiela-cli lessons: unknown argument “%s” (expected “check”)\n"), argv[1]);
      return KIELA_CLI_EXIT_USAGE;
    }
  for (int i = 2; i < argc; i++)
    if (kiela_registry_lookup_lesson (registry, argv[i]) == NULL)
      {
        g_printerr (_("kiela-cli lessons: no lesson “%s”\n"), argv[i]);
        return KIELA_CLI_EXIT_INPUT;
      }

  json_builder_begin_array (b);
  for (guint i = 0; i < lessons->len; i++)
    {
      const KielaLesson *lesson = g_ptr_array_index (lessons, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (registry, lesson->variant);
      g_autoptr(GError) error = NULL;
      gboolean ok;

      if (check && !wanted (lesson, all, argc, argv))
        continue;
      ok = variant && (check ? kiela_lesson_walk (registry, lesson, variant, &error)
                             : kiela_lesson_validate (lesson, variant, &error));
      if (check && !ok)
        {
          g_printerr ("kiela-cli lessons: %s\n", error ? error->message : lesson->id);
          return KIELA_CLI_EXIT_INPUT;
        }
      if (check)
        {
          checked++;
          steps += (guint) lesson->n_steps;
          continue;
        }
      if (json)
        {
          json_builder_begin_object (b);
          kiela_cli_json_add_string (b, "id", lesson->id);
          kiela_cli_json_add_string (b, "title", kiela_lesson_get_title (lesson));
          kiela_cli_json_add_int (b, "level", (gint64) lesson->level);
          kiela_cli_json_add_string (b, "kind", lesson->kind == KIELA_LESSON_KIND_PUZZLES ? "puzzles" : "course");
          kiela_cli_json_add_string (b, "variant", lesson->variant);
          kiela_cli_json_add_int (b, "steps", (gint64) lesson->n_steps);
          kiela_cli_json_add_boolean (b, "valid", ok);
          json_builder_end_object (b);
        }
      else
        print_lesson (lesson, ok);
    }
  json_builder_end_array (b);
  if (check)
    printf (g_dngettext (GETTEXT_PACKAGE, "%u lesson checked (%u steps): every right answer accepted, every wrong one refused.\n",
                         "%u lessons checked (%u steps): every right answer accepted, every wrong one refused.\n", checked),
            checked, steps);
  else if (json)
    kiela_cli_print_json (b, FALSE);
  return KIELA_CLI_EXIT_OK;
}
