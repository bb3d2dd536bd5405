/* kiela-lesson-file-read.c: reads *.kiela-lesson key files, each error naming its file, line, group and key. */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "kiela-lesson-file.h"
#include "kiela-lesson-file-private.h"
#include "kiela-registry-private.h"
#include "kiela-position.h"
#include "kiela-paths.h"
#include "kiela-file.h"

/* ---- reading: the lines ---- */

/* Walks the text line by line before GKeyFile sees it: every line must be blank, a
 * comment, a group or a key=value pair, no group or key twice; records where each is. */
static gboolean
scan_lines (KielaLessonFile *f, GError **error)
{
  const char *s = f->data, *end = f->data + f->length;
  g_autofree char *group = NULL;
  const char *bad;

  if (!g_utf8_validate (f->data, (gssize) f->length, &bad))
    {
      guint line = 1;

      for (const char *p = f->data; p < bad; p++)
        line += *p == '\n';
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, NULL, NULL, "%s", _("not UTF-8 text"));
      return FALSE;
    }
  f->lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint line = 1; s < end; line++)
    {
      const char *eol = memchr (s, '\n', (gsize) (end - s));
      g_autofree char *text = NULL;
      char *t, *eq;

      if (eol == NULL)
        eol = end;
      text = g_strndup (s, (gsize) (eol - s));
      s = eol + 1;
      t = g_strstrip (text);
      if (*t == '\0' || *t == '#')
        continue;
      if (*t == '[')
        {
          gsize n = strlen (t);

          if (n < 3 || t[n - 1] != ']' || strchr (t + 1, '[') || memchr (t + 1, ']', n - 2))
            {
              _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, NULL, NULL, "“%s”: %s", t, BAD_GROUP);
              return FALSE;
            }
          g_free (group);
          group = g_strndup (t + 1, n - 2);
          if (g_hash_table_contains (f->lines, group))
            {
              _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, group, NULL,
                           _("this group appears twice (first at line %u)"), _kiela_lesson_file_line_of (f, group, NULL));
              return FALSE;
            }
          g_hash_table_insert (f->lines, g_strdup (group), GUINT_TO_POINTER (line));
          continue;
        }
      eq = strchr (t, '=');
      if (eq == NULL || eq == t)
        {
          _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, group, NULL,
                       _("“%s” is not a key=value line"), t);
          return FALSE;
        }
      if (group == NULL)
        {
          _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, NULL, NULL,
                       "%s", _("a key before the first group: the file starts with [Lesson]"));
          return FALSE;
        }
      *eq = '\0';
      g_strchomp (t);
      {
        g_autofree char *k = g_strconcat (group, "\n", t, NULL);

        if (g_hash_table_contains (f->lines, k))
          {
            _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, line, group, t,
                         _("this key appears twice in its group (first at line %u)"), _kiela_lesson_file_line_of (f, group, t));
            return FALSE;
          }
        g_hash_table_insert (f->lines, g_steal_pointer (&k), GUINT_TO_POINTER (line));
      }
    }
  return TRUE;
}

/* ---- reading: values ---- */

typedef struct {
  KielaLessonFile *f;
  GKeyFile        *kf;
  const char      *group;
} Group;

static char *
get_string (const Group *g, const char *key)
{
  return g_key_file_get_string (g->kf, g->group, key, NULL);
}

static gboolean
require_string (const Group *g, const char *key, char **out, GError **error)
{
  *out = get_string (g, key);
  if (*out == NULL || (*out)[0] == '\0')
    {
      g_clear_pointer (out, g_free);
      _kiela_lesson_file_set_problem (error, g->f, g_key_file_has_key (g->kf, g->group, key, NULL) ? KIELA_LESSON_FILE_ERROR_BAD_VALUE
                                                                               : KIELA_LESSON_FILE_ERROR_MISSING_KEY,
                   0, g->group, key, "%s", _("it is required and may not be empty"));
      return FALSE;
    }
  return TRUE;
}

/* An unsigned number of the key, `dflt` when absent. */
static gboolean
get_uint (const Group *g, const char *key, guint min, guint max, guint dflt, guint *out, GError **error)
{
  g_autofree char *raw = g_key_file_get_value (g->kf, g->group, key, NULL);
  guint64 v;

  if (raw == NULL)
    {
      *out = dflt;
      return TRUE;
    }
  g_strstrip (raw);
  if (!g_ascii_string_to_unsigned (raw, 10, min, max, &v, NULL))
    {
      _kiela_lesson_file_set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g->group, key,
                   _("“%s” is not a whole number from %u to %u"), raw, min, max);
      return FALSE;
    }
  *out = (guint) v;
  return TRUE;
}

static gboolean
get_word (const Group *g, const char *key, const char *const *words, gint dflt, gint *out, GError **error)
{
  g_autofree char *raw = get_string (g, key);

  if (raw == NULL)
    {
      if (dflt < 0)
        {
          g_autofree char *list = _kiela_lesson_file_word_list (words);
          _kiela_lesson_file_set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g->group, key,
                       _("it is required: one of %s"), list);
          return FALSE;
        }
      *out = dflt;
      return TRUE;
    }
  g_strstrip (raw);
  *out = _kiela_lesson_file_word_index (words, raw);
  if (*out < 0)
    {
      g_autofree char *list = _kiela_lesson_file_word_list (words);
      _kiela_lesson_file_set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g->group, key,
                   _("“%s” is not one of %s"), raw, list);
      return FALSE;
    }
  return TRUE;
}

/* "g1": a file letter and a row digit; whether the board has it is checked later.  A Move, and
 * the house a sow-house step asks for (`directed`), may also be sown clockwise, "b1<", or into
 * itself, "a1=", where its variant allows it (checked later too). */
static gboolean
get_square (const Group *g, const char *key, gboolean directed, const char **out, GError **error)
{
  g_autofree char *raw = NULL;
  gsize len;

  if (!require_string (g, key, &raw, error))
    return FALSE;
  g_strstrip (raw);
  len = strlen (raw);
  if (len == 3 && (raw[2] == '<' || raw[2] == '=') && directed)
    len = 2;
  if (len != 2 || raw[0] < 'a' || raw[0] > 'a' + KIELA_MAX_FILES - 1 || raw[1] < '1' || raw[1] > '4')
    {
      if (directed)
        _kiela_lesson_file_set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g->group, key,
                                        /* TRANSLATORS: a lesson file's move or house to sow; keep “g1” and “b1<” */
                                        _("“%s” is not a house: write a file letter and a row, as “g1”, and “<” "
                                          "after them for a clockwise sowing, as “b1<”"), raw);
      else
        _kiela_lesson_file_set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g->group, key,
                     _("“%s” is not a house: write a file letter and a row, as “g1”"), raw);
      return FALSE;
    }
  *out = _kiela_lesson_file_keep (g->f, raw);
  return TRUE;
}

/* Drill=one-lap|relay|capture (no by default): the step asks about a fresh position each time;
 * a count drill needs a capture to count. */
static gboolean
get_drill (const Group *g, KielaLessonStep *s, GError **error)
{
  gint word;

  if (!get_word (g, "Drill", _kiela_lesson_file_drill_words, KIELA_DRILL_NONE, &word, error))
    return FALSE;
  if (s->task.kind == KIELA_TASK_PREDICT_CAPTURE && word != KIELA_DRILL_NONE && word != KIELA_DRILL_CAPTURE
      && word != KIELA_DRILL_ONE_CAPTURE)
    {
      _kiela_lesson_file_set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g->group, "Drill",
                                      _("a predict-capture drill asks about captures: write “capture” or “one-capture”"));
      return FALSE;
    }
  s->task.drill = (gsize) word;
  return TRUE;
}

/* Every key of the group is one of `allowed`. */
static gboolean
check_keys (const Group *g, const char *const *allowed, GError **error)
{
  g_auto(GStrv) keys = g_key_file_get_keys (g->kf, g->group, NULL, NULL);

  for (guint i = 0; keys && keys[i]; i++)
    if (!g_strv_contains (allowed, keys[i]))
      {
        g_autofree char *list = _kiela_lesson_file_word_list (allowed);
        /* TRANSLATORS: a key a lesson file's group may not have: "not a key of this group (its keys: Text, Hint, …)" */
        _kiela_lesson_file_set_problem (error, g->f, KIELA_LESSON_FILE_ERROR_UNKNOWN_KEY, 0, g->group, keys[i],
                     _("not a key of this group (its keys: %s)"), list);
        return FALSE;
      }
  return TRUE;
}

/* ---- reading: lessons and steps ---- */

static const char *const lesson_keys[] = { "Format", "Id", "Title", "Summary", "Level", "Variant", "Kind", "Order",
                                           "Author", "Version", "TranslationDomain", "Objective", "Misconceptions",
                                           "Activity", NULL };

static gboolean
read_step (KielaLessonFile *f, GKeyFile *kf, FileLesson *fl, guint i, GError **error)
{
  KielaLessonStep *s = &fl->steps[i];
  Group g = { f, kf, fl->step_groups[i] };
  g_autofree char *text = NULL;
  gint kind, word;
  GPtrArray *allowed;
  gboolean ok;

  if (!get_word (&g, "Task", _kiela_lesson_file_task_words, -1, &kind, error))
    return FALSE;
  s->task.kind = (KielaTaskKind) kind;
  allowed = g_ptr_array_new ();
  for (const char *const *k = (const char *const[]) { "Text", "Hint", "Right", "Wrong", "Position", "Task", NULL }; *k; k++)
    g_ptr_array_add (allowed, (gpointer) *k);
  switch (s->task.kind)
    {
    case KIELA_TASK_WATCH:           g_ptr_array_add (allowed, "Move"); break;
    case KIELA_TASK_SOW_HOUSE:       g_ptr_array_add (allowed, "Answer"); break;
    case KIELA_TASK_PREDICT_LAST:
    case KIELA_TASK_PREDICT_CAPTURE:
      g_ptr_array_add (allowed, "Move"); g_ptr_array_add (allowed, "Answer"); g_ptr_array_add (allowed, "Drill");
      break;
    case KIELA_TASK_BEST_MOVE:
      g_ptr_array_add (allowed, "Answer"); g_ptr_array_add (allowed, "Depth"); g_ptr_array_add (allowed, "Margin");
      break;
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_ARRANGE:         g_ptr_array_add (allowed, "Condition"); g_ptr_array_add (allowed, "Stones"); break;
    case KIELA_TASK_PLAY_OUT:
      g_ptr_array_add (allowed, "Opponent"); g_ptr_array_add (allowed, "Goal"); g_ptr_array_add (allowed, "Moves");
      break;
    default: break;
    }
  g_ptr_array_add (allowed, NULL);
  ok = check_keys (&g, (const char *const *) allowed->pdata, error);
  g_ptr_array_unref (allowed);
  if (!ok || !require_string (&g, "Text", &text, error))
    return FALSE;
  s->text = _kiela_lesson_file_keep (f, text);
  {
    g_autofree char *hint = get_string (&g, "Hint");
    g_autofree char *right = get_string (&g, "Right");
    g_autofree char *wrong = get_string (&g, "Wrong");
    g_autofree char *position = get_string (&g, "Position");

    s->hint = hint && *hint ? _kiela_lesson_file_keep (f, hint) : NULL;
    s->right = right && *right ? _kiela_lesson_file_keep (f, right) : NULL;
    s->wrong = wrong && *wrong ? _kiela_lesson_file_keep (f, wrong) : NULL;
    s->position = position && *g_strstrip (position) ? _kiela_lesson_file_keep (f, position) : NULL;
  }
  if (fl->lesson.kind == KIELA_LESSON_KIND_PUZZLES && s->task.kind != KIELA_TASK_BEST_MOVE)
    {
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Task",
                   "%s", _("a puzzle set may only hold “best-move” steps"));
      return FALSE;
    }

  switch (s->task.kind)
    {
    case KIELA_TASK_WATCH:
      return get_square (&g, "Move", TRUE, &s->task.move, error);
    case KIELA_TASK_SOW_HOUSE:
      return get_square (&g, "Answer", TRUE, &s->task.move, error);
    case KIELA_TASK_PREDICT_LAST:
      return get_square (&g, "Move", TRUE, &s->task.move, error) && get_square (&g, "Answer", FALSE, &s->task.answer, error)
             && get_drill (&g, s, error);
    case KIELA_TASK_PREDICT_CAPTURE:
      if (!get_square (&g, "Move", TRUE, &s->task.move, error) || !get_drill (&g, s, error))
        return FALSE;
      if (!g_key_file_has_key (kf, g.group, "Answer", NULL))
        {
          _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g.group, "Answer",
                       "%s", _("it is required and may not be empty"));
          return FALSE;
        }
      return get_uint (&g, "Answer", 0, 100000, 0, &s->task.number, error);
    case KIELA_TASK_BEST_MOVE:
      {
        guint margin;

        if (!get_square (&g, "Answer", TRUE, &s->task.move, error) ||
            !get_uint (&g, "Depth", 0, 64, 0, &s->task.depth, error) ||
            !get_uint (&g, "Margin", 0, KIELA_LESSON_WIN_MARGIN, 0, &margin, error))
          return FALSE;
        s->task.margin = (gint) margin;
        return TRUE;
      }
    case KIELA_TASK_SOW_ANY:
      if (!get_word (&g, "Condition", _kiela_lesson_file_condition_words, -1, &word, error))
        return FALSE;
      s->task.condition = (guint) word;
      if (word == KIELA_CONDITION_CAPTURES_AT_LEAST)
        {
          if (!g_key_file_has_key (kf, g.group, "Stones", NULL))
            {
              _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g.group, "Stones",
                           _("it is required by %s"), "Condition=captures-at-least");
              return FALSE;
            }
          return get_uint (&g, "Stones", 1, 100000, 0, &s->task.number, error);
        }
      if (g_key_file_has_key (kf, g.group, "Stones", NULL))
        {
          _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_KEY, 0, g.group, "Stones",
                       _("only %s takes it"), "Condition=captures-at-least");
          return FALSE;
        }
      return TRUE;
    case KIELA_TASK_ARRANGE:
      /* Condition=captures (Stones= the least, optional) or safe (no Stones). */
      if (!get_word (&g, "Condition", _kiela_lesson_file_arrange_words, -1, &word, error))
        return FALSE;
      s->task.condition = (guint) word;
      if (word == KIELA_ARRANGE_CAPTURES)
        return get_uint (&g, "Stones", 1, 100000, 1, &s->task.number, error);
      if (g_key_file_has_key (kf, g.group, "Stones", NULL))
        {
          _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_KEY, 0, g.group, "Stones",
                       _("only %s takes it"), "Condition=captures");
          return FALSE;
        }
      return TRUE;
    case KIELA_TASK_PLAY_OUT:
      {
        g_autofree char *opponent = NULL;

        if (!require_string (&g, "Opponent", &opponent, error))
          return FALSE;
        g_strstrip (opponent);
        if (!kiela_registry_valid_id (opponent))
          {
            _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Opponent", NOT_AN_ID, opponent);
            return FALSE;
          }
        s->task.opponent = _kiela_lesson_file_keep (f, opponent);
        if (!get_word (&g, "Goal", _kiela_lesson_file_goal_words, -1, &word, error))
          return FALSE;
        s->task.condition = (guint) word;
        if (word == KIELA_GOAL_SURVIVE || word == KIELA_GOAL_KEEP)
          {
            if (!g_key_file_has_key (kf, g.group, "Moves", NULL))
              {
                _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g.group, "Moves",
                             _("it is required by %s"), word == KIELA_GOAL_KEEP ? "Goal=keep" : "Goal=survive");
                return FALSE;
              }
            return get_uint (&g, "Moves", 1, 1000, 0, &s->task.number, error);
          }
        /* A relay or a capture within the learner's first Moves moves. */
        if (word == KIELA_GOAL_RELAY || word == KIELA_GOAL_CAPTURE || word == KIELA_GOAL_CHAIN)
          return !g_key_file_has_key (kf, g.group, "Moves", NULL) || get_uint (&g, "Moves", 1, 1000, 0, &s->task.number, error);
        if (g_key_file_has_key (kf, g.group, "Moves", NULL))
          {
            _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_KEY, 0, g.group, "Moves",
                         _("only %s takes it"), "Goal=survive");
            return FALSE;
          }
        return TRUE;
      }
    default:
      return TRUE;
    }
}

static gboolean
read_lesson (KielaLessonFile *f, GKeyFile *kf, FileLesson *fl, GError **error)
{
  Group g = { f, kf, fl->group };
  g_autofree char *id = NULL, *title = NULL, *variant = NULL;
  g_autofree char *summary = NULL, *author = NULL;
  g_autofree char *objective = NULL, *misconceptions = NULL, *activity = NULL;
  guint format, order, revision;
  gint level, kind;

  if (!check_keys (&g, lesson_keys, error))
    return FALSE;
  if (!g_key_file_has_key (kf, g.group, "Format", NULL))
    {
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, g.group, "Format",
                   _("it is required: Format=%u"), (guint) KIELA_LESSON_FILE_FORMAT);
      return FALSE;
    }
  if (!get_uint (&g, "Format", 1, G_MAXUINT, 0, &format, error))
    return FALSE;
  if (format > KIELA_LESSON_FILE_FORMAT)
    {
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_NEWER, 0, g.group, "Format",
                   _("the file is written for lesson format %u; this Kiela reads up to %u"), format,
                   (guint) KIELA_LESSON_FILE_FORMAT);
      return FALSE;
    }
  if (!require_string (&g, "Id", &id, error))
    return FALSE;
  g_strstrip (id);
  if (!kiela_registry_valid_id (id))
    {
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Id", NOT_AN_ID, id);
      return FALSE;
    }
  if (fl->lesson.id && g_strcmp0 (fl->lesson.id, id) != 0)
    {
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Id",
                   _("“%s” differs from the id in the group’s name"), id);
      return FALSE;
    }
  if (!require_string (&g, "Title", &title, error) || !require_string (&g, "Variant", &variant, error))
    return FALSE;
  g_strstrip (variant);
  if (!kiela_registry_valid_id (variant))
    {
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, g.group, "Variant", NOT_AN_ID, variant);
      return FALSE;
    }
  if (!get_word (&g, "Level", _kiela_lesson_file_level_words, KIELA_LESSON_BEGINNER, &level, error) ||
      !get_word (&g, "Kind", _kiela_lesson_file_kind_words, KIELA_LESSON_KIND_COURSE, &kind, error) ||
      !get_uint (&g, "Order", 0, 1000000, 1000, &order, error) ||
      !get_uint (&g, "Version", 0, G_MAXINT, 0, &revision, error))
    return FALSE;
  summary = get_string (&g, "Summary");
  author = get_string (&g, "Author");
  objective = get_string (&g, "Objective");
  misconceptions = get_string (&g, "Misconceptions");
  activity = get_string (&g, "Activity");
  fl->lesson.id = _kiela_lesson_file_keep (f, id);
  fl->lesson.title = _kiela_lesson_file_keep (f, title);
  fl->lesson.summary = summary && *summary ? _kiela_lesson_file_keep (f, summary) : NULL;
  fl->lesson.objective = objective && *objective ? _kiela_lesson_file_keep (f, objective) : NULL;
  fl->lesson.misconceptions = misconceptions && *misconceptions ? _kiela_lesson_file_keep (f, misconceptions) : NULL;
  fl->lesson.activity = activity && *activity ? _kiela_lesson_file_keep (f, activity) : NULL;
  fl->lesson.variant = _kiela_lesson_file_keep (f, variant);
  fl->lesson.order = order;
  fl->lesson.level = (gsize) level;
  fl->lesson.kind = (gsize) kind;
  fl->lesson.version = KIELA_LESSON_VERSION;
  fl->lesson.translation_domain = _kiela_lesson_file_keep (f, f->domain);
  fl->author = author && *author ? _kiela_lesson_file_keep (f, author) : NULL;
  fl->revision = revision;
  return TRUE;
}

/* "Step 3" (one lesson) or "Step ID 3" (a pack): the lesson id (NULL for one lesson) and number. */
static gboolean
parse_step_group (const char *group, gboolean pack, char **id, guint *number)
{
  const char *rest, *num;
  guint64 n;

  if (!g_str_has_prefix (group, "Step "))
    return FALSE;
  rest = group + strlen ("Step ");
  num = strrchr (rest, ' ');
  if (pack != (num != NULL))
    return FALSE;
  num = num ? num + 1 : rest;
  if (!g_ascii_string_to_unsigned (num, 10, 1, KIELA_LESSON_MAX_STEPS + 1, &n, NULL) || num[0] == '0')
    return FALSE;
  *id = pack ? g_strndup (rest, (gsize) (num - 1 - rest)) : NULL;
  *number = (guint) n;
  return TRUE;
}

static gboolean
parse (KielaLessonFile *f, GError **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) local = NULL;
  g_auto(GStrv) groups = NULL;
  gboolean pack;

  if (f->length > KIELA_LESSON_FILE_MAX_SIZE)
    {
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_TOO_LARGE, 0, NULL, NULL,
                   _("the file is larger than %u KiB"), (guint) (KIELA_LESSON_FILE_MAX_SIZE / 1024));
      return FALSE;
    }
  if (memchr (f->data, '\0', f->length))
    {
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, 0, NULL, NULL, "%s", _("not a text file (it holds NUL bytes)"));
      return FALSE;
    }
  if (!scan_lines (f, error))
    return FALSE;
  if (!g_key_file_load_from_data (kf, f->data, f->length, G_KEY_FILE_NONE, &local))
    {
      _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_SYNTAX, 0, NULL, NULL, "%s", local->message);
      return FALSE;
    }
  {
    g_autofree char *domain = g_key_file_get_string (kf, "Lesson", "TranslationDomain", NULL);
    groups = g_key_file_get_groups (kf, NULL);
    pack = !g_key_file_has_group (kf, "Lesson");
    if (groups[0] == NULL || (pack && !g_str_has_prefix (groups[0], "Lesson ")))
      {
        _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_NO_LESSON, 0, NULL, NULL, "%s", NO_LESSON);
        return FALSE;
      }
    if (pack)
      {
        g_free (domain);
        domain = g_key_file_get_string (kf, groups[0], "TranslationDomain", NULL);
      }
    g_free (f->domain);
    f->domain = g_strdup (domain && *domain ? g_strstrip (domain) : USER_DOMAIN);
  }

  /* Lessons first, in file order. */
  for (guint i = 0; groups[i]; i++)
    {
      const char *gname = groups[i];
      FileLesson *fl;

      if (!(pack ? g_str_has_prefix (gname, "Lesson ") : g_str_equal (gname, "Lesson")))
        continue;
      if (f->lessons->len >= KIELA_LESSON_FILE_MAX_LESSONS)
        {
          _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, gname, NULL,
                       _("a file holds at most %u lessons"), (guint) KIELA_LESSON_FILE_MAX_LESSONS);
          return FALSE;
        }
      fl = g_new0 (FileLesson, 1);
      fl->group = g_strdup (gname);
      g_ptr_array_add (f->lessons, fl);
      if (pack)
        {
          const char *gid = gname + strlen ("Lesson ");
          if (!kiela_registry_valid_id (gid))
            {
              _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_GROUP, 0, gname, NULL, NOT_AN_ID, gid);
              return FALSE;
            }
          fl->lesson.id = _kiela_lesson_file_keep (f, gid);
        }
      if (!read_lesson (f, kf, fl, error))
        return FALSE;
      for (guint j = 0; j + 1 < f->lessons->len; j++)
        if (g_str_equal (((FileLesson *) g_ptr_array_index (f->lessons, j))->lesson.id, fl->lesson.id))
          {
            _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, gname, "Id",
                         _("another lesson of the file has the id “%s”"), fl->lesson.id);
            return FALSE;
          }
    }

  /* Then the steps: each names its lesson, numbered 1, 2, 3... in file order. */
  {
    g_autoptr(GPtrArray) step_lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);

    for (guint i = 0; i < f->lessons->len; i++)
      g_ptr_array_add (step_lists, g_ptr_array_new_with_free_func (g_free));
    for (guint i = 0; groups[i]; i++)
      {
        const char *gname = groups[i];
        g_autofree char *id = NULL;
        guint number, which = G_MAXUINT;
        GPtrArray *list;

        if (pack ? g_str_has_prefix (gname, "Lesson ") : g_str_equal (gname, "Lesson"))
          continue;
        if (!parse_step_group (gname, pack, &id, &number))
          {
            _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_GROUP, 0, gname, NULL, "%s", BAD_GROUP);
            return FALSE;
          }
        for (guint j = 0; j < f->lessons->len && which == G_MAXUINT; j++)
          if (!pack || g_str_equal (((FileLesson *) g_ptr_array_index (f->lessons, j))->lesson.id, id))
            which = j;
        if (which == G_MAXUINT)
          {
            _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_GROUP, 0, gname, NULL,
                         _("the file has no lesson “%s”"), id);
            return FALSE;
          }
        list = g_ptr_array_index (step_lists, which);
        if (number != list->len + 1)
          {
            _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_UNKNOWN_GROUP, 0, gname, NULL,
                         _("steps are numbered 1, 2, 3… in order: step %u was expected here"), list->len + 1);
            return FALSE;
          }
        if (number > KIELA_LESSON_MAX_STEPS)
          {
            _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_BAD_VALUE, 0, gname, NULL,
                         _("a lesson has at most %u steps"), (guint) KIELA_LESSON_MAX_STEPS);
            return FALSE;
          }
        g_ptr_array_add (list, g_strdup (gname));
      }
    for (guint i = 0; i < f->lessons->len; i++)
      {
        FileLesson *fl = g_ptr_array_index (f->lessons, i);
        GPtrArray *list = g_ptr_array_index (step_lists, i);

        if (list->len == 0)
          {
            _kiela_lesson_file_set_problem (error, f, KIELA_LESSON_FILE_ERROR_MISSING_KEY, 0, fl->group, NULL, "%s",
                         _("the lesson has no steps"));
            return FALSE;
          }
        g_ptr_array_add (list, NULL);
        fl->step_groups = (char **) g_ptr_array_steal (list, NULL);
        fl->lesson.n_steps = g_strv_length (fl->step_groups);
        fl->steps = g_new0 (KielaLessonStep, fl->lesson.n_steps);
        fl->lesson.steps = fl->steps;
        for (guint s = 0; s < fl->lesson.n_steps; s++)
          if (!read_step (f, kf, fl, s, error))
            return FALSE;
      }
  }
  return TRUE;
}

KielaLessonFile *
kiela_lesson_file_new_from_data (const char *data, gssize length, const char *name, GError **error)
{
  g_autoptr(KielaLessonFile) f = NULL;
  gsize n;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  n = data == NULL ? 0 : length < 0 ? strlen (data) : (gsize) length;
  f = _kiela_lesson_file_new_named (name ? name : "<lesson>", USER_DOMAIN);
  f->length = n;
  /* Past the limit only the length matters: the copy would be refused anyway. */
  f->data = n <= KIELA_LESSON_FILE_MAX_SIZE ? g_strndup (data ? data : "", n) : g_strdup ("");
  if (!parse (f, error))
    return NULL;
  return g_steal_pointer (&f);
}

/* kiela_file_read_bounded() refuses special files before reading and stops past the limit;
 * its refusals become the problems a lesson file reports, as any mistake in it. */
static char *
read_bounded (const char *path, gsize *length, GError **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *display = NULL;
  char *data = NULL;

  if (kiela_file_read_bounded (path, KIELA_LESSON_FILE_MAX_SIZE, &data, length, &local))
    return data;
  display = g_filename_display_name (path);
  if (g_error_matches (local, KIELA_ERROR, KIELA_ERROR_TOO_LARGE))
    {
      g_autofree char *why = g_strdup_printf (_("the file is larger than %u KiB"),
                                              (guint) (KIELA_LESSON_FILE_MAX_SIZE / 1024));
      g_set_error (error, KIELA_LESSON_FILE_ERROR, KIELA_LESSON_FILE_ERROR_TOO_LARGE, "%s:0: %s", display, why);
    }
  else if (g_error_matches (local, KIELA_ERROR, KIELA_ERROR_IO))
    g_set_error (error, KIELA_LESSON_FILE_ERROR, KIELA_LESSON_FILE_ERROR_SYNTAX, "%s:0: %s", display,
                 _("not a regular file"));
  else
    g_propagate_error (error, g_steal_pointer (&local));
  return NULL;
}

KielaLessonFile *
kiela_lesson_file_new_from_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);
  data = read_bounded (path, &length, error);
  if (data == NULL)
    return NULL;
  return kiela_lesson_file_new_from_data (data, (gssize) length, path, error);
}
