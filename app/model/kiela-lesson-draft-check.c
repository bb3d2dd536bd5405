/* kiela-lesson-draft-check.c: the engine's work on the lesson editor's draft: the best move of a
 * step's position on a worker thread, each step's problem and the lesson's, and the checked
 * lesson file the draft becomes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "kiela-lesson-draft-private.h"

/* ---------- the best move ---------- */

typedef struct {
  KielaRegistry *registry;
  const KielaVariant *variant;
  KielaPosition pos;
} BestJob;

static void
find_best_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  BestJob *job = data;
  GError *error = NULL;
  KielaMove best = -1;
  gint margin = 0;
  char name[KIELA_MOVE_NAME_MAX];

  if (!kiela_lesson_puzzle_score (job->registry, job->variant, &job->pos, KIELA_LESSON_DRAFT_BEST_DEPTH,
                                  &best, &margin, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* The whole move: "b1<" when the best is sown clockwise. */
  kiela_move_name (job->variant->files, (KielaSide) job->pos.to_move, best, name);
  if (best != KIELA_MOVE_BASE (best))
    {
      /* A lesson asks for a house and its direction; it cannot ask for a second house taken
       * by an extra capture ("c2xf3"), a skip ("b2>a1") or a relay's turn declined. */
      g_task_return_new_error (task, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                               /* TRANSLATORS: the lesson editor refuses a puzzle position; %s a move as
                                * "c2xf3" (c2 sown, then f3 taken) or "b2>a1" */
                               _("The best move here is %s, which a lesson step cannot ask for: it is more than "
                                 "a house and its direction. Choose another position."), name);
      return;
    }
  if (margin < KIELA_LESSON_DRAFT_MIN_MARGIN)
    {
      if (margin <= 0)
        g_task_return_new_error (task, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                                 /* TRANSLATORS: the lesson editor refuses a puzzle position */
                                 _("This position has no clear best move: %s is no better than another move. "
                                   "Choose a position where one move stands out."), name);
      else
        g_task_return_new_error (task, KIELA_ERROR, KIELA_ERROR_PLUGIN,
                                 /* TRANSLATORS: %1$s a square, %2$.2f and %3$u stones */
                                 _("This position has no clear best move: %1$s leads the next best by only "
                                   "%2$.2f stones, and a puzzle needs %3$u or more."),
                                 name, margin / 100.0, (guint) (KIELA_LESSON_DRAFT_MIN_MARGIN / 100));
      return;
    }
  {
    /* The square and the margin travel as "g1 450". */
    g_task_return_pointer (task, g_strdup_printf ("%s %d", name, margin), g_free);
  }
}

void
kiela_lesson_draft_find_best_async (KielaLessonDraft *self, guint index, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  BestJob *job = g_new0 (BestJob, 1);
  const KielaVariant *variant = kiela_lesson_draft_get_variant (self);
  KielaMove moves[KIELA_MAX_MOVES];

  g_task_set_source_tag (task, kiela_lesson_draft_find_best_async);
  job->registry = self->registry;
  job->variant = variant;
  g_task_set_task_data (task, job, g_free);
  if (variant == NULL || index >= self->steps->len || !kiela_lesson_draft_get_position (self, index, &job->pos))
    {
      g_task_return_new_error (task, KIELA_ERROR, KIELA_ERROR_PLUGIN, "%s",
                               _("The step's position does not fit the lesson's variant."));
      return;
    }
  if (kiela_legal_moves (variant, &job->pos, moves, NULL, NULL) == 0)
    {
      g_task_return_new_error (task, KIELA_ERROR, KIELA_ERROR_PLUGIN, "%s",
                               _("The side to move has no legal move in this position."));
      return;
    }
  g_task_run_in_thread (task, find_best_thread);
}

gboolean
kiela_lesson_draft_find_best_finish (KielaLessonDraft *self, GAsyncResult *result, char **square, gint *margin,
                                     GError **error)
{
  g_autofree char *text = g_task_propagate_pointer (G_TASK (result), error);
  char *space;

  if (text == NULL)
    return FALSE;
  space = strchr (text, ' ');
  *space = '\0';
  if (margin)
    *margin = atoi (space + 1);
  if (square)
    *square = g_strdup (text);
  return TRUE;
}

/* ---------- checks ---------- */

/* The draft as a KielaLesson pointing into its strings (for the engine's checks). */
static void
fill_lesson (KielaLessonDraft *self, KielaLesson *lesson, KielaLessonStep *steps, const char *id)
{
  memset (lesson, 0, sizeof *lesson);
  lesson->id = id;
  lesson->title = self->title;
  lesson->summary = self->summary;
  lesson->objective = self->notes[KIELA_LESSON_NOTE_OBJECTIVE];
  lesson->misconceptions = self->notes[KIELA_LESSON_NOTE_MISCONCEPTIONS];
  lesson->activity = self->notes[KIELA_LESSON_NOTE_ACTIVITY];
  lesson->variant = self->variant;
  lesson->order = 1000;
  lesson->translation_domain = "kiela-lesson-file";
  lesson->level = self->level;
  lesson->kind = KIELA_LESSON_KIND_COURSE;
  lesson->version = KIELA_LESSON_VERSION;
  lesson->steps = steps;
  lesson->n_steps = self->steps->len;
  for (guint i = 0; i < self->steps->len; i++)
    {
      const KielaLessonDraftStep *s = g_ptr_array_index (self->steps, i);
      KielaLessonStep *d = &steps[i];

      memset (d, 0, sizeof *d);
      d->text = s->text;
      d->hint = s->hint;
      d->position = s->position;
      d->task.kind = s->kind;
      d->task.move = s->kind == KIELA_TASK_SOW_ANY || s->kind == KIELA_TASK_PLAY_OUT || s->kind == KIELA_TASK_ARRANGE
                     ? NULL : s->move;
      d->task.answer = s->kind == KIELA_TASK_PREDICT_LAST ? s->answer : NULL;
      d->task.number = s->number;
      d->task.condition = s->kind == KIELA_TASK_SOW_ANY || s->kind == KIELA_TASK_PLAY_OUT || s->kind == KIELA_TASK_ARRANGE
                          ? s->condition : 0;
      d->task.opponent = s->kind == KIELA_TASK_PLAY_OUT ? s->opponent : NULL;
      if (s->kind == KIELA_TASK_BEST_MOVE)
        {
          d->task.depth = s->depth;
          d->task.margin = s->margin;
        }
      if (s->kind != KIELA_TASK_PREDICT_CAPTURE && !(s->kind == KIELA_TASK_SOW_ANY && s->condition == KIELA_CONDITION_CAPTURES_AT_LEAST)
          && !(s->kind == KIELA_TASK_PLAY_OUT && s->condition != KIELA_GOAL_WIN && s->condition != KIELA_GOAL_CAPTURE_ALL)
          && !(s->kind == KIELA_TASK_ARRANGE && s->condition == KIELA_ARRANGE_CAPTURES))
        d->task.number = 0;
    }
}

char *
kiela_lesson_draft_dup_step_problem (KielaLessonDraft *self, guint index, const char **field)
{
  const KielaVariant *variant = kiela_lesson_draft_get_variant (self);
  const KielaLessonDraftStep *s = _kiela_lesson_draft_get_step (self, index);
  g_autofree KielaLessonStep *steps = NULL;
  g_autofree char *id = NULL;
  const char *dummy;
  KielaLesson lesson;
  char *problem;

  g_return_val_if_fail (s != NULL, NULL);
  if (field == NULL)
    field = &dummy;
  *field = "task";
  if (variant == NULL)
    return g_strdup_printf (_("the variant “%s” is not loaded"), self->variant);
  if (s->kind == KIELA_TASK_BEST_MOVE && s->move == NULL)
    {
      *field = "move";
      return g_strdup (_("ask the engine for the best move (Find Best Move)"));
    }
  steps = g_new0 (KielaLessonStep, self->steps->len);
  id = kiela_lesson_draft_dup_id (self);
  fill_lesson (self, &lesson, steps, id);
  problem = kiela_lesson_step_problem (&lesson, variant, index, field);
  if (problem == NULL && s->kind == KIELA_TASK_PLAY_OUT
      && kiela_registry_lookup_personality (self->registry, s->opponent) == NULL)
    {
      *field = "opponent";
      /* TRANSLATORS: %s a personality id */
      problem = g_strdup_printf (_("there is no opponent “%s”"), s->opponent);
    }
  return problem;
}

char *
kiela_lesson_draft_dup_problem (KielaLessonDraft *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_DRAFT (self), NULL);

  if (self->title == NULL)
    return g_strdup (_("The lesson needs a title."));
  if (kiela_lesson_draft_get_variant (self) == NULL)
    return g_strdup_printf (_("The variant “%s” is not loaded."), self->variant);
  if (self->steps->len == 0)
    return g_strdup (_("The lesson needs at least one step."));
  for (guint i = 0; i < self->steps->len; i++)
    {
      g_autofree char *why = kiela_lesson_draft_dup_step_problem (self, i, NULL);

      if (why != NULL)
        /* TRANSLATORS: the first step of a lesson that fails its checks: "Step 2: it has no text" */
        return g_strdup_printf (_("Step %u: %s"), i + 1, why);
    }
  return NULL;
}

/* ---------- the file ---------- */

KielaLessonFile *
kiela_lesson_draft_to_file (KielaLessonDraft *self, GError **error)
{
  g_autofree char *problem = kiela_lesson_draft_dup_problem (self);
  g_autofree KielaLessonStep *steps = NULL;
  g_autofree char *id = NULL;
  g_autoptr(KielaLessonFile) file = NULL;
  KielaLesson lesson;

  if (problem != NULL)
    {
      g_set_error_literal (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, problem);
      return NULL;
    }
  steps = g_new0 (KielaLessonStep, self->steps->len);
  id = kiela_lesson_draft_dup_id (self);
  fill_lesson (self, &lesson, steps, id);
  lesson.translation_domain = NULL;
  file = kiela_lesson_file_new ();
  if (!kiela_lesson_file_add_lesson (file, &lesson, self->author, error))
    return NULL;
  if (!kiela_lesson_file_check (file, self->registry, error))
    return NULL;
  return g_steal_pointer (&file);
}
