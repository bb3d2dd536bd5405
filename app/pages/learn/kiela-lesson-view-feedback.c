/* kiela-lesson-view-feedback.c: the lesson view's verdicts and what they say: the feedback line, deferring a
 * prediction's verdict until its replay is over, the buttons a verdict leaves, and a puzzle's line. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-view-private.h"

/* ---------- feedback ---------- */

void
kiela_lesson_view_show_feedback (KielaLessonView *self, FeedbackKind kind, const char *text)
{
  static const char *classes[] = { "kiela-feedback-right", "kiela-feedback-wrong", "kiela-feedback-info" };
  static const char *icons[] = { NULL, "object-select-symbolic", "dialog-warning-symbolic", "dialog-information-symbolic" };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (self->feedback_box, classes[i]);
  gtk_widget_set_visible (self->feedback_box, kind != FEEDBACK_NONE && text != NULL);
  if (kind == FEEDBACK_NONE || text == NULL)
    {
      gtk_label_set_label (self->feedback_label, "");
      return;
    }
  gtk_widget_add_css_class (self->feedback_box, classes[kind - 1]);
  gtk_image_set_from_icon_name (self->feedback_icon, icons[kind]);
  gtk_label_set_label (self->feedback_label, text);
  /* Screen readers hear the verdict with the button that takes the learner on. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->next_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->retry_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

guint
kiela_lesson_view_interval_ms (KielaLessonView *self)
{
  if (self->settings == NULL)
    return 0;
  return kiela_speed_interval_ms ((KielaSpeed) g_settings_get_enum (self->settings, KIELA_SETTINGS_SPEED));
}

/* Says what was held back for the end of the replay, and marks the learner's guess beside
 * the house the move really ended in (the trace player marks that one). */
void
kiela_lesson_view_flush_deferred (KielaLessonView *self)
{
  if (self->deferred_text != NULL)
    {
      g_autofree char *text = g_steal_pointer (&self->deferred_text);

      kiela_lesson_view_show_feedback (self, (FeedbackKind) self->deferred_kind, text);
      self->deferred_kind = FEEDBACK_NONE;
    }
  if (self->mark_guess)
    kiela_board_view_set_highlight (self->board, self->guess_side, self->guess_house, KIELA_HIGHLIGHT_HINT);
}

void
kiela_lesson_view_clear_deferred (KielaLessonView *self)
{
  g_clear_pointer (&self->deferred_text, g_free);
  self->deferred_kind = FEEDBACK_NONE;
  self->mark_guess = FALSE;
}

/* Plays `move` from `from` stone by stone on the board (the step list follows). */
gboolean
kiela_lesson_view_replay_move (KielaLessonView *self, const KielaPosition *from, KielaMove move)
{
  KielaTrace *trace = kiela_trace_new ();

  if (!kiela_sow_traced (self->variant, from, move, trace))
    {
      kiela_trace_free (trace);
      kiela_lesson_view_flush_deferred (self);
      return FALSE;
    }
  kiela_trace_player_set_trace (self->player, self->variant, trace, 0);
  gtk_widget_set_visible (self->steps_frame, TRUE);
  kiela_trace_player_set_interval (self->player, kiela_lesson_view_interval_ms (self));
  kiela_trace_player_play (self->player);
  return TRUE;
}

/* Show Me answers the steps with one right answer the engine knows. */
gboolean
kiela_lesson_view_can_show (KielaLessonView *self)
{
  switch (kiela_lesson_view_current_kind (self))
    {
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
    case KIELA_TASK_PREDICT_LAST:
    case KIELA_TASK_PREDICT_CAPTURE:
    case KIELA_TASK_ARRANGE:
      return TRUE;
    case KIELA_TASK_WATCH:
    case KIELA_TASK_PLAY_OUT:
    default:
      return FALSE;
    }
}

void
kiela_lesson_view_update_buttons (KielaLessonView *self)
{
  gboolean right = self->verdict == KIELA_LESSON_RIGHT;
  gboolean last = self->review || self->step + 1 >= self->lesson->n_steps;
  gboolean next_lesson = right && last && self->next_lesson != NULL && !self->review;

  gtk_widget_set_sensitive (self->next_button, right);
  gtk_widget_set_visible (self->retry_button, self->answered && !right);
  gtk_widget_set_visible (self->show_button, !right && self->wrong >= 2 && kiela_lesson_view_can_show (self));
  gtk_widget_set_visible (self->next_lesson_button, next_lesson);
  /* Finish Lesson and Next Lesson share the row: the way on is the one suggested, and the
   * Hint, of no more use once the step is right, leaves them the room. */
  if (next_lesson)
    gtk_widget_remove_css_class (self->next_button, "suggested-action");
  else
    gtk_widget_add_css_class (self->next_button, "suggested-action");
  /* A watch step asks nothing, so a hint has nothing to help with: no button. */
  gtk_widget_set_visible (self->hint_button, self->lesson->steps[self->step].task.kind != KIELA_TASK_WATCH
                                             && !next_lesson);
  gtk_widget_set_sensitive (self->hint_button, !right && kiela_lesson_step_get_hint (self->lesson, self->step) != NULL);
  if (self->review)
    /* TRANSLATORS: the lesson's Next button while practising mistakes: on to the next one */
    gtk_button_set_label (GTK_BUTTON (self->next_button), kiela_lesson_view_ui_ctext (self, "practise mistakes", NC_("practise mistakes", "_Continue")));
  else if (last)
    gtk_button_set_label (GTK_BUTTON (self->next_button),
                          kiela_lesson_view_ui_text (self, self->lesson->kind == KIELA_LESSON_KIND_PUZZLES ? N_("_Finish Set") : N_("_Finish Lesson")));
  else
    gtk_button_set_label (GTK_BUTTON (self->next_button),
                          kiela_lesson_view_ui_text (self, self->lesson->kind == KIELA_LESSON_KIND_PUZZLES ? N_("_Next Puzzle") : N_("_Next")));
}

/* The verdict's own first words (the step's Right=/Wrong= text, or "Right!" and "Not quite.")
 * in the view's language; what the engine adds after them stays in the interface's.  NULL
 * when nothing changes. */
static char *
feedback_in_language (KielaLessonView *self, gboolean right, const char *feedback)
{
  const KielaLessonStep *s = &self->lesson->steps[self->step];
  const char *raw = right ? s->right : s->wrong;
  const char *domain = self->lesson->translation_domain ? self->lesson->translation_domain : GETTEXT_PACKAGE;
  const char *iface, *wanted;

  if (self->language == NULL || feedback == NULL)
    return NULL;
  iface = raw != NULL ? g_dgettext (domain, raw) : right ? _("Right!") : _("Not quite.");
  wanted = raw != NULL ? kiela_lesson_view_in_language (self, raw, iface) : kiela_lesson_view_ui_text (self, right ? N_("Right!") : N_("Not quite."));
  if (!g_str_has_prefix (feedback, iface) || g_str_equal (iface, wanted))
    return NULL;
  return g_strconcat (wanted, feedback + strlen (iface), NULL);
}

/* The feedback without its verdict ("Right!" or the step's own right text), for a step the
 * engine showed: "Here is the answer. Right! …" would praise the pupil for the engine's move. */
static const char *
feedback_detail (KielaLessonView *self, const char *feedback)
{
  const KielaLessonStep *s = &self->lesson->steps[self->step];
  const char *domain = self->lesson->translation_domain ? self->lesson->translation_domain : GETTEXT_PACKAGE;
  const char *bases[2];

  if (feedback == NULL)
    return NULL;
  bases[0] = s->right != NULL ? g_dgettext (domain, s->right) : _("Right!");
  bases[1] = s->right != NULL ? kiela_lesson_view_in_language (self, s->right, bases[0]) : kiela_lesson_view_ui_text (self, N_("Right!"));
  for (guint i = 0; i < G_N_ELEMENTS (bases); i++)
    if (bases[i] != NULL && g_str_has_prefix (feedback, bases[i]))
      {
        const char *rest = feedback + strlen (bases[i]);

        while (*rest == ' ')
          rest++;
        return *rest != '\0' ? rest : NULL;
      }
  return feedback;
}

/* The learner answered: record, say so (now, or after the replay when `defer`), and offer
 * what comes next.  A wrong answer leaves the step open: the next answer counts at once. */
void
kiela_lesson_view_take_verdict_full (KielaLessonView *self, KielaLessonVerdict verdict, const char *feedback, gboolean defer)
{
  FeedbackKind kind;
  g_autofree char *text = NULL;
  g_autofree char *own = NULL;

  if (verdict == KIELA_LESSON_PENDING)
    return;
  if ((own = feedback_in_language (self, verdict == KIELA_LESSON_RIGHT, feedback)) != NULL)
    feedback = own;
  self->verdict = verdict;
  self->answered = TRUE;
  kiela_board_view_set_interactive (self->board, FALSE);
  kiela_board_view_set_playable (self->board, KIELA_SOUTH, NULL, 0);
  gtk_widget_set_sensitive (self->check_button, verdict != KIELA_LESSON_RIGHT);
  if (verdict == KIELA_LESSON_RIGHT)
    {
      g_autoptr(GError) error = NULL;
      /* A step the engine showed scores one star, whatever came before. */
      guint stars = kiela_lesson_progress_record (self->progress, self->lesson->id, self->step,
                                                  self->hints + (self->shown ? 2 : 0), self->wrong, &error);
      g_autofree char *stars_text = kiela_lesson_progress_stars_text (stars);

      if (error != NULL)
        g_warning ("%s", error->message);
      /* Right at the first try: the step leaves the pupil's mistakes to practise. */
      if (self->wrong == 0 && !self->shown)
        kiela_lesson_progress_clear_mistake (self->progress, self->lesson->id, self->step, NULL);
      if (self->shown)
        {
          const char *detail = feedback_detail (self, feedback);

          text = detail != NULL ? g_strdup_printf ("%s %s %s", stars_text, kiela_lesson_view_ui_text (self, N_("Here is the answer.")), detail)
                                : g_strdup_printf ("%s %s", stars_text, kiela_lesson_view_ui_text (self, N_("Here is the answer.")));
        }
      else
        text = g_strdup_printf ("%s %s", stars_text, feedback ? feedback : kiela_lesson_view_ui_text (self, N_("Right!")));
      kind = FEEDBACK_RIGHT;
      if (kiela_lesson_is_final_test (self->lesson))
        {
          if (self->hints == 0 && self->wrong == 0 && !self->shown)
            self->test_right++;
          if (self->step + 1 >= self->lesson->n_steps)
            {
              /* The score a teacher notes down, kept with the pupil's progress. */
              guint total = self->lesson->n_steps;
              g_autoptr(GError) save_error = NULL;
              char *with;

              kiela_lesson_progress_set_result (self->progress, self->lesson->id, MIN (self->test_right, total), total,
                                                &save_error);
              if (save_error != NULL)
                g_warning ("%s", save_error->message);
              /* TRANSLATORS: the end of a level's final test: %1$u steps right at the first try, %2$u steps */
              with = g_strdup_printf (TN_ (self->catalogue, "Final test: %1$u of %2$u right at the first try.",
                                                   "Final test: %1$u of %2$u right at the first try.", total),
                                      MIN (self->test_right, total), total);
              {
                char *joined = g_strdup_printf ("%s %s", text, with);
                g_free (text);
                text = joined;
              }
              g_free (with);
            }
        }
    }
  else
    {
      self->wrong++;
      /* Every wrong answer goes into the pupil's mistakes to practise (kiela-lesson-progress.h). */
      kiela_lesson_progress_add_mistake (self->progress, self->lesson->id, self->step, NULL);
      text = g_strdup (feedback ? feedback : kiela_lesson_view_ui_text (self, N_("Not quite.")));
      kind = FEEDBACK_WRONG;
    }
  kiela_lesson_view_update_buttons (self);
  gtk_widget_grab_focus (verdict == KIELA_LESSON_RIGHT ? self->next_button : self->retry_button);
  kiela_lesson_view_clear_deferred (self);
  if (defer)
    {
      /* Until the stones have shown it, the verdict waits. */
      kiela_lesson_view_show_feedback (self, FEEDBACK_NONE, NULL);
      self->deferred_kind = kind;
      self->deferred_text = g_steal_pointer (&text);
    }
  else
    kiela_lesson_view_show_feedback (self, kind, text);
}

void
kiela_lesson_view_take_verdict (KielaLessonView *self, KielaLessonVerdict verdict, const char *feedback)
{
  kiela_lesson_view_take_verdict_full (self, verdict, feedback, FALSE);
}

/* "Taken: i3 with 3 stones, i4 with 2 stones." for the capture of `move`, or NULL. */
char *
kiela_lesson_view_describe_captured_houses (KielaLessonView *self, KielaMove move)
{
  g_autoptr(KielaTrace) trace = kiela_trace_new ();
  g_autoptr(GString) list = g_string_new (NULL);

  if (!kiela_sow_traced (self->variant, &self->pos, move, trace))
    return NULL;
  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *ev = kiela_trace_get_event (trace, i);
      const struct { guint house, count; } taken[2] = { { ev->house2, ev->count2 }, { ev->house3, ev->count3 } };

      if (ev->type != KIELA_EVENT_CAPTURE)
        continue;
      for (guint k = 0; k < 2; k++)
        {
          char sq[4];

          if (taken[k].count == 0)
            continue;
          kiela_square_name (self->variant->files, (KielaSide) ev->side2, taken[k].house, sq);
          if (list->len > 0)
            g_string_append (list, ", ");
          /* TRANSLATORS: one house a capture took: "i3 with 3 stones" */
          g_string_append_printf (list, TN_ (self->catalogue, "%s with %u stone", "%s with %u stones",
                                                     taken[k].count), sq, (guint) taken[k].count);
        }
    }
  if (list->len == 0)
    return NULL;
  /* TRANSLATORS: after a wrong count: %s the houses taken, "i3 with 3 stones, i4 with 2 stones" */
  return g_strdup_printf (T_ (self->catalogue, "Taken: %s."), list->str);
}

/* ---------- puzzles: the line the verdict rests on ---------- */

/* The search depth of a puzzle's line (kiela-cli puzzles verify proves each answer at it) and
 * the moves of it the feedback names. */
#define PUZZLE_DEPTH 10
#define PUZZLE_SHOWN 6

/* `side`'s stones minus the other side's. */
static gint
material (const KielaPosition *p, KielaSide side)
{
  gint v = 0;

  for (guint h = 0; h < 2u * p->files; h++)
    v += (gint) p->houses[side][h] - (gint) p->houses[KIELA_OTHER_SIDE (side)][h];
  return v;
}

/* The line from `move` (kiela_lesson_puzzle_line, its first PUZZLE_SHOWN moves), its moves named ("g1, d3, e1") in `text`
 * (may be NULL), and what the mover gains over it in stones. */
static guint
puzzle_line (KielaLessonView *self, KielaMove move, KielaMove *line, GString *text, gint *gain)
{
  KielaPosition p = self->pos;
  guint n = kiela_lesson_puzzle_line (self->registry, self->variant, &self->pos, move, PUZZLE_DEPTH, line,
                                      PUZZLE_SHOWN, NULL);

  for (guint i = 0; i < n; i++)
    {
      if (text != NULL)
        {
          char sq[4];

          kiela_square_name (self->variant->files, (KielaSide) p.to_move, (guint) line[i], sq);
          g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", sq);
        }
      kiela_sow_fast (self->variant, &p, line[i], NULL);
    }
  *gain = material (&p, (KielaSide) self->pos.to_move) - material (&self->pos, (KielaSide) self->pos.to_move);
  return n;
}

/* "captures 3 stones now" or "captures nothing now", for the move `sq`. */
static char *
capture_now (KielaLessonView *self, KielaMove move, const char *sq)
{
  KielaPosition p = self->pos;
  KielaSowResult r;

  kiela_sow_fast (self->variant, &p, move, &r);
  if (r.captures == 0 || r.captured == 0)
    /* TRANSLATORS: a puzzle's move: "g1 captures nothing now." */
    return g_strdup_printf (T_ (self->catalogue, "%s captures nothing now."), sq);
  /* TRANSLATORS: a puzzle's move: "g1 captures 4 stones now." */
  return g_strdup_printf (TN_ (self->catalogue, "%s captures %u stone now.", "%s captures %u stones now.",
                                       r.captured), sq, (guint) r.captured);
}

/* A puzzle's verdict, said from the search's line: what the right move achieves (its best
 * line, the stones South gains over it, North's best reply shown next); for a wrong move
 * the reply that punishes it.  NULL when the search cannot run (no alpha-beta plugin). */
char *
kiela_lesson_view_puzzle_feedback (KielaLessonView *self, KielaMove move, gboolean right)
{
  KielaMove line[PUZZLE_SHOWN], best_line[PUZZLE_SHOWN];
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *now = NULL;
  char sq[4], reply[4];
  KielaMove answer = kiela_lesson_step_get_move (kiela_lesson_view_shown (self), self->variant, self->step);
  gint gain, best_gain;
  guint n;

  kiela_square_name (self->variant->files, (KielaSide) self->pos.to_move, (guint) move, sq);
  n = puzzle_line (self, move, line, names, &gain);
  if (n == 0)
    return NULL;
  now = capture_now (self, move, sq);
  g_string_append (text, right ? T_ (self->catalogue, "Right!") : T_ (self->catalogue, "Not the best move."));
  g_string_append_printf (text, " %s", now);
  if (n >= 2)
    {
      self->follow = TRUE;
      self->follow_from = self->pos;
      kiela_sow_fast (self->variant, &self->follow_from, move, NULL);
      self->follow_move = line[1];
      kiela_square_name (self->variant->files, (KielaSide) self->follow_from.to_move, (guint) line[1], reply);
    }
  if (right)
    {
      g_string_append_c (text, ' ');
      /* TRANSLATORS: a puzzle's best line of moves: "g1, d3, e1, b2" */
      g_string_append_printf (text, T_ (self->catalogue, "The best line: %s."), names->str);
      g_string_append_c (text, ' ');
      if (gain > 0)
        /* TRANSLATORS: over a puzzle's best line */
        g_string_append_printf (text, TN_ (self->catalogue, "Over these moves South gains %d stone.",
                                                   "Over these moves South gains %d stones.", gain), gain);
      else
        g_string_append (text, T_ (self->catalogue, "Every other move does at least three stones worse."));
      if (n >= 2)
        {
          g_string_append_c (text, ' ');
          /* TRANSLATORS: %s North's reply (d3), replayed on the board after the learner's move */
          g_string_append_printf (text, T_ (self->catalogue, "Watch North’s best reply, %s."), reply);
        }
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  if (n >= 2)
    {
      KielaPosition after = self->follow_from;
      KielaSowResult r;

      kiela_sow_fast (self->variant, &after, line[1], &r);
      g_string_append_c (text, ' ');
      if (r.captured > 0)
        /* TRANSLATORS: a wrong puzzle move: %1$s North's reply (d3), %2$u the stones it takes */
        g_string_append_printf (text, TN_ (self->catalogue, "North’s reply %1$s punishes it: it captures %2$u stone.",
                                                   "North’s reply %1$s punishes it: it captures %2$u stones.", r.captured),
                                reply, (guint) r.captured);
      else
        /* TRANSLATORS: a wrong puzzle move: %s North's reply (d3) */
        g_string_append_printf (text, T_ (self->catalogue, "North’s reply %s punishes it."), reply);
    }
  if (answer >= 0 && puzzle_line (self, answer, best_line, NULL, &best_gain) > 0 && best_gain > gain)
    {
      g_string_append_c (text, ' ');
      /* TRANSLATORS: a wrong puzzle move, compared with the best one over each one's best line */
      g_string_append_printf (text, TN_ (self->catalogue, "After the best moves of both sides South is %d stone worse off than with the best move.",
                                                 "After the best moves of both sides South is %d stones worse off than with the best move.",
                                                 best_gain - gain), best_gain - gain);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Marks the houses of `side` that the captures of `trace` take; TRUE when there were some. */
static gboolean
mark_captured (KielaLessonView *self, KielaTrace *trace, KielaSide side)
{
  gboolean any = FALSE;

  for (guint i = 0; i < kiela_trace_get_n_events (trace); i++)
    {
      const KielaEvent *ev = kiela_trace_get_event (trace, i);

      if (ev->type != KIELA_EVENT_CAPTURE || ev->side2 != side)
        continue;
      if (ev->count2 > 0)
        kiela_board_view_set_highlight (self->board, side, ev->house2, KIELA_HIGHLIGHT_HINT), any = TRUE;
      if (ev->count3 > 0)
        kiela_board_view_set_highlight (self->board, side, ev->house3, KIELA_HIGHLIGHT_HINT), any = TRUE;
    }
  return any;
}

/* A puzzle's hint marks the houses that matter: North's houses the best line takes first, or
 * when it takes none, South's houses North threatens now.  Returns the sentence to say
 * (NULL: say the step's own hint). */
const char *
kiela_lesson_view_puzzle_hint (KielaLessonView *self)
{
  KielaMove line[PUZZLE_SHOWN];
  KielaMove answer = kiela_lesson_step_get_move (kiela_lesson_view_shown (self), self->variant, self->step);
  KielaSide me = (KielaSide) self->pos.to_move;
  KielaPosition p = self->pos, threat;
  KielaMove moves[KIELA_MAX_MOVES];
  gboolean any = FALSE;
  guint n, best_taken = 0;
  gint gain;

  n = answer >= 0 ? puzzle_line (self, answer, line, NULL, &gain) : 0;
  /* South's first capture on the line: the stones the puzzle is about. */
  for (guint i = 0; i < n && !any; i++)
    {
      if (p.to_move == me)
        {
          g_autoptr(KielaTrace) trace = kiela_trace_new ();

          if (kiela_sow_traced (self->variant, &p, line[i], trace))
            any |= mark_captured (self, trace, KIELA_OTHER_SIDE (me));
        }
      kiela_sow_fast (self->variant, &p, line[i], NULL);
    }
  if (any)
    return NULL;
  /* What North would take if South let it move now. */
  threat = self->pos;
  threat.to_move = (guint8) KIELA_OTHER_SIDE (me);
  n = kiela_legal_moves (self->variant, &threat, moves, NULL, NULL);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n; i++)
      {
        KielaPosition q = threat;
        KielaSowResult r;

        kiela_sow_fast (self->variant, &q, moves[i], &r);
        if (pass == 0)
          best_taken = MAX (best_taken, r.captured);
        else if (best_taken > 0 && r.captured == best_taken)
          {
            g_autoptr(KielaTrace) trace = kiela_trace_new ();

            if (kiela_sow_traced (self->variant, &threat, moves[i], trace))
              any |= mark_captured (self, trace, me);
            break;
          }
      }
  return any ? T_ (self->catalogue, "North threatens the marked houses: find the move that saves their stones.") : NULL;
}

/* Back to the step as it was before a wrong answer, without announcing a new step: the
 * learner's next answer is taken at once (the wrong try still counts for the stars). */

void
kiela_lesson_view_reset_answer (KielaLessonView *self)
{
  kiela_lesson_view_load_step_full (self, FALSE);
}
