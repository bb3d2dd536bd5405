/* kiela-cli-lessons.c: "kiela-cli lessons [check]": the registered lessons, and walking them with right and wrong answers. */
#include "config.h"

#include <string.h>
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

/* The step's task as the lesson file writes it, for --json. */
static void
add_step_json (JsonBuilder *b, const KielaLesson *lesson, const KielaVariant *variant, guint i)
{
  const KielaLessonStep *s = &lesson->steps[i];
  const KielaLessonTask *t = &s->task;
  g_autofree char *start = NULL;

  json_builder_begin_object (b);
  kiela_cli_json_add_string (b, "text", kiela_lesson_step_get_text (lesson, i));
  if (kiela_lesson_step_get_hint (lesson, i))
    kiela_cli_json_add_string (b, "hint", kiela_lesson_step_get_hint (lesson, i));
  if (s->position == NULL && variant)
    {
      KielaPosition pos;

      kiela_position_init_start (&pos, variant);
      start = kiela_position_to_string (&pos);
    }
  kiela_cli_json_add_string (b, "position", s->position ? s->position : start ? start : "");
  kiela_cli_json_add_string (b, "task", kiela_lesson_file_task_word (t->kind) ? kiela_lesson_file_task_word (t->kind) : "");
  switch (t->kind)
    {
    case KIELA_TASK_WATCH:
      kiela_cli_json_add_string (b, "move", t->move);
      break;
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_BEST_MOVE:
      kiela_cli_json_add_string (b, "answer", t->move);
      break;
    case KIELA_TASK_PREDICT_LAST:
      kiela_cli_json_add_string (b, "move", t->move);
      kiela_cli_json_add_string (b, "answer", t->answer);
      break;
    case KIELA_TASK_PREDICT_CAPTURE:
      kiela_cli_json_add_string (b, "move", t->move);
      kiela_cli_json_add_int (b, "answer", t->number);
      break;
    case KIELA_TASK_SOW_ANY:
      kiela_cli_json_add_string (b, "condition", kiela_lesson_file_condition_word ((KielaLessonCondition) t->condition));
      if (t->condition == KIELA_CONDITION_CAPTURES_AT_LEAST)
        kiela_cli_json_add_int (b, "stones", t->number);
      break;
    case KIELA_TASK_PLAY_OUT:
      kiela_cli_json_add_string (b, "opponent", t->opponent);
      kiela_cli_json_add_string (b, "goal", kiela_lesson_file_goal_word ((KielaLessonGoal) t->condition));
      if (t->number > 0)
        kiela_cli_json_add_int (b, "moves", t->number);
      break;
    default:
      break;
    }
  json_builder_end_object (b);
}

/* A command-line argument that names a file rather than a lesson id. */
static gboolean
is_file_argument (const char *arg)
{
  return g_str_has_suffix (arg, KIELA_LESSON_FILE_SUFFIX) || strchr (arg, G_DIR_SEPARATOR) != NULL;
}

/* kiela-cli lessons check FILE: read, checked against the engine, then walked like the course. */
static gboolean
check_file (KielaRegistry *registry, const char *path, guint *checked, guint *steps)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KielaLessonFile) file = kiela_lesson_file_new_from_file (path, &error);

  if (file == NULL || !kiela_lesson_file_check (file, registry, &error))
    {
      g_printerr ("kiela-cli lessons: %s\n", error->message);
      return FALSE;
    }
  for (guint i = 0; i < kiela_lesson_file_get_n_lessons (file); i++)
    {
      const KielaLesson *lesson = kiela_lesson_file_get_lesson (file, i);
      const KielaVariant *variant = kiela_registry_lookup_variant (registry, lesson->variant);

      if (!kiela_lesson_walk (registry, lesson, variant, &error))
        {
          g_autofree char *display = g_filename_display_name (path);
          g_printerr ("kiela-cli lessons: %s: %s\n", display, error->message);
          return FALSE;
        }
      (*checked)++;
      *steps += (guint) lesson->n_steps;
    }
  return TRUE;
}

/* A C string literal of `text`. */
static void
append_literal (GString *out, const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      if (*p == '\n')
        g_string_append (out, "\\n");
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
append_string (GString *out, GHashTable *seen, const char *comment, const char *text)
{
  if (text == NULL || g_hash_table_contains (seen, text))
    return;
  g_hash_table_add (seen, (gpointer) text);
  g_string_append_printf (out, "/* TRANSLATORS: %s */\nN_(", comment);
  append_literal (out, text);
  g_string_append (out, ")\n");
}

/* kiela-cli lessons strings FILE…: the header xgettext reads the shipped lessons' texts from. */
static int
write_strings (int argc, char **argv, const char *output)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) kiela_lesson_file_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  g_string_append (out, "/* lesson-strings.h: the texts of the shipped lesson files, marked for xgettext (po/POTFILES.in);\n"
                        " * never compiled.  Written by kiela-cli lessons strings data/lessons/*.kiela-lesson: do not edit.\n"
                        " * tests/engine/test-lesson-file.c checks it matches the files. */\n");
  for (int a = 2; a < argc; a++)
    {
      KielaLessonFile *file = kiela_lesson_file_new_from_file (argv[a], &error);
      g_autofree char *base = g_path_get_basename (argv[a]);

      if (file == NULL)
        {
          g_printerr ("kiela-cli lessons: %s\n", error->message);
          return KIELA_CLI_EXIT_INPUT;
        }
      g_ptr_array_add (files, file);
      g_string_append_printf (out, "\n/* %s */\n", base);
      for (guint i = 0; i < kiela_lesson_file_get_n_lessons (file); i++)
        {
          const KielaLesson *l = kiela_lesson_file_get_lesson (file, i);
          gboolean puzzles = l->kind == KIELA_LESSON_KIND_PUZZLES;
          g_autofree char *title = g_strdup_printf ("the title of lesson “%s”", l->id);
          g_autofree char *summary = g_strdup_printf ("the one-line summary of lesson “%s”", l->id);

          g_autofree char *objective = g_strdup_printf ("teacher notes of lesson “%s”: what it teaches", l->id);
          g_autofree char *misconceptions = g_strdup_printf ("teacher notes of lesson “%s”: the usual mistakes, one a "
                                                             "line (keep the line breaks)", l->id);
          g_autofree char *activity = g_strdup_printf ("teacher notes of lesson “%s”: an activity with real stones", l->id);

          append_string (out, seen, title, l->title);
          append_string (out, seen, summary, l->summary);
          append_string (out, seen, objective, l->objective);
          append_string (out, seen, misconceptions, l->misconceptions);
          append_string (out, seen, activity, l->activity);
          for (guint s = 0; s < l->n_steps; s++)
            {
              const KielaLessonStep *st = &l->steps[s];
              g_autofree char *text = puzzles ? g_strdup ("the text of a puzzle")
                                              : g_strdup_printf ("lesson “%s”, step %u, its text: plain words for a "
                                                                 "12-year-old; keep squares (g1)", l->id, s + 1);
              g_autofree char *hint = puzzles ? g_strdup ("the hint of a puzzle")
                                              : g_strdup_printf ("lesson “%s”, step %u: the hint", l->id, s + 1);
              g_autofree char *right = g_strdup_printf ("lesson “%s”, step %u: said when the answer is right", l->id, s + 1);
              g_autofree char *wrong = g_strdup_printf ("lesson “%s”, step %u: said when the answer is wrong", l->id, s + 1);

              append_string (out, seen, text, st->text);
              append_string (out, seen, hint, st->hint);
              append_string (out, seen, right, st->right);
              append_string (out, seen, wrong, st->wrong);
            }
        }
    }
  if (output == NULL)
    fputs (out->str, stdout);
  else if (!kiela_cli_write_file (output, out->str, out->len, &error))
    {
      g_printerr ("kiela-cli lessons: %s\n", error->message);
      return KIELA_CLI_EXIT_INPUT;
    }
  return KIELA_CLI_EXIT_OK;
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
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, N_("check: also the puzzle sets"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("strings: write the header to FILE"), "FILE" },
    KIELA_CLI_JSON_ENTRY (&json),
    { NULL }
  };
  GPtrArray *lessons = kiela_registry_get_lessons (registry);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  gboolean check;
  guint checked = 0, steps = 0;

  if (!kiela_cli_parse ("lessons", entries, "[check [ID…|FILE…]] | strings FILE…",
                        _("Lists the lessons, or walks them with right and wrong answers."),
                        _("“check” walks every course lesson (with --all also the puzzle sets, or only the lessons named): "
                          "each step’s right answer must be accepted, every wrong one refused with feedback, and each "
                          "game to play out won by a strong player. It stops at the first failure and names it."),
                        &argc, &argv))
    return KIELA_CLI_EXIT_USAGE;
  if (argc >= 2 && g_strcmp0 (argv[1], "strings") == 0)
    {
      if (argc < 3)
        {
          g_printerr (_("kiela-cli lessons: “strings” needs lesson files\n"));
          return KIELA_CLI_EXIT_USAGE;
        }
      return write_strings (argc, argv, output);
    }
  check = argc >= 2 && g_strcmp0 (argv[1], "check") == 0;
  if (argc >= 2 && !check)
    {
      g_printerr (_("kiela-cli lessons: unknown argument “%s” (expected “check” or “strings”)\n"), argv[1]);
      return KIELA_CLI_EXIT_USAGE;
    }
  if (check && argc > 2 && is_file_argument (argv[2]))
    {
      for (int i = 2; i < argc; i++)
        if (!check_file (registry, argv[i], &checked, &steps))
          return KIELA_CLI_EXIT_INPUT;
      printf (g_dngettext (GETTEXT_PACKAGE, "%u lesson checked (%u steps): every right answer accepted, every wrong one refused.\n",
                           "%u lessons checked (%u steps): every right answer accepted, every wrong one refused.\n", checked),
              checked, steps);
      return KIELA_CLI_EXIT_OK;
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
          kiela_cli_json_add_int (b, "n_steps", (gint64) lesson->n_steps);
          kiela_cli_json_add_boolean (b, "valid", ok);
          json_builder_set_member_name (b, "steps");
          json_builder_begin_array (b);
          for (guint s = 0; s < lesson->n_steps; s++)
            add_step_json (b, lesson, variant, s);
          json_builder_end_array (b);
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
