/* kiela-lesson-view.c: a lesson step by step: shows the step's position and narration, takes the learner's
 * answer in the way its task asks (a house, a count, watching, a game), checks it with the engine and says why. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-lesson-view.h"
#include "kiela-lesson-caption.h"
#include "kiela-lesson-arrange.h"
#include "kiela-lesson-layout.h"
#include "kiela-ai-player.h"
#include "kiela-settings.h"
#include "kiela-step-list.h"
#include "kiela-widget-util.h"
#include "kiela-lessons-page.h"
#include "kiela-mo.h"
#include "kiela-catalogue-i18n.h"
#include "kiela-paths.h"

struct _KielaLessonView {
  GtkWidget parent_instance;

  /* Template children. */
  GtkBox *board_box;
  GtkWidget *replay_bar;
  GtkButton *play_button;
  GtkLabel *lesson_label;
  GtkWidget *notes_expander;
  GtkLabel *notes_label;
  GtkLabel *step_label;
  GtkLabel *narration_label;
  GtkLabel *task_label;
  GtkWidget *count_box;
  GtkLabel *count_label;
  GtkSpinButton *count_spin;
  GtkWidget *check_button;
  GtkWidget *feedback_box;
  GtkImage *feedback_icon;
  GtkLabel *feedback_label;
  GtkWidget *hint_button;
  GtkWidget *retry_button;
  GtkWidget *show_button;
  GtkWidget *next_button;
  GtkWidget *next_lesson_button;
  GtkWidget *steps_frame;
  GtkLabel *steps_heading;
  KielaStepList *step_list;
  GtkWidget *caption_box;
  GtkLabel *caption_label;
  KielaLessonCaption *caption;   /* the band kept to its share of the height, presenting */
  guint caption_tick;

  GtkWidget *side_scroll;
  GtkBox *side_content;
  GtkBox *text_column;
  GtkBox *answer_column;
  GtkWidget *button_row;
  KielaLessonLayout layout;      /* the page's shape (kiela-lesson-layout.c) */
  const KielaLesson *laid_out;   /* the step the layout last fitted (Try Again keeps it) */
  guint laid_out_step;

  GtkWidget *root;               /* watched for presentation mode (its kiela-presenting class) */

  KielaBoardView *board;
  KielaTracePlayer *player;
  KielaRegistry *registry;       /* not owned: the application's */
  KielaLessonProgress *progress;
  GSettings *settings;

  const KielaLesson *lesson;
  const KielaVariant *variant;
  guint step;
  KielaPosition pos;             /* the step's position */
  KielaLessonVerdict verdict;
  guint hints;                   /* taken on this step */
  guint wrong;                   /* wrong answers on this step */
  gboolean hint_taken;           /* the hint of this step counted once */
  gboolean shown;                /* Show Me answered this step */
  guint test_right;              /* a final test: steps right at the first try, no hint, this sitting */
  /* A prediction's verdict is said after the replay: said first, it gives the answer away
   * before the stones show it. */
  int deferred_kind;             /* a FeedbackKind, FEEDBACK_NONE for none */
  char *deferred_text;
  gboolean mark_guess;           /* mark the learner's wrong guess once the replay is over */
  KielaSide guess_side;
  guint guess_house;
  char *next_lesson;             /* the course lesson after this one, for Next Lesson */
  char *language;                /* the lesson's texts in this language (Try it on a Rules page
                                  * shown in another); NULL: the interface's */
  KielaMo *mo;                   /* that language's catalogue; NULL for English */
  KielaCatalogue *catalogue;     /* the engine's sentences in `language`; NULL: the interface's */
  gboolean review;               /* practising mistakes: one step, then "finished" */

  /* A drill step (Drill= in its file): a fresh position each time the step opens. */
  KielaLesson drill_lesson;      /* a copy of `lesson` whose steps are drill_steps */
  KielaLessonStep *drill_steps;
  char *drill_position;
  char drill_move[4];
  char drill_answer[4];
  gboolean answered;             /* the learner's answer is in: the board waits for retry or next */
  gboolean loading;              /* load_step() resets the player: its changes are no answer */

  /* BEST_MOVE: North's reply, replayed stone by stone once the learner's move is shown. */
  gboolean follow;
  KielaPosition follow_from;
  KielaMove follow_move;

  /* ARRANGE: the stones moved on the board, Reset and Check (kiela-lesson-arrange.c). */
  KielaLessonArrange *arrange;

  /* PLAY_OUT */
  KielaGame *game;
  KielaSide learner;
  GCancellable *thinking;
  gboolean check_after_replay;
};

G_DEFINE_FINAL_TYPE (KielaLessonView, kiela_lesson_view, GTK_TYPE_WIDGET)

enum { SIGNAL_FINISHED, SIGNAL_STEP_CHANGED, SIGNAL_NEXT_LESSON, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The lesson as shown: for a drill step, a copy whose step holds the fresh position. */
static const KielaLesson *
shown (KielaLessonView *self)
{
  return self->drill_steps != NULL ? &self->drill_lesson : self->lesson;
}

static const KielaLessonStep *
current_step (KielaLessonView *self)
{
  return &shown (self)->steps[self->step];
}

static KielaTaskKind
current_kind (KielaLessonView *self)
{
  return current_step (self)->task.kind;
}

/* A text of the lesson (`raw` its msgid, `translated` in the interface's language) in the
 * language the view was set to.  A lesson with a translation domain of its own (a
 * teacher's) keeps the interface's: the catalogue read here is the app's. */
static const char *
in_language (KielaLessonView *self, const char *raw, const char *translated)
{
  if (self->language == NULL || raw == NULL || self->lesson == NULL
      || (self->lesson->translation_domain != NULL && !g_str_equal (self->lesson->translation_domain, GETTEXT_PACKAGE)))
    return translated;
  return kiela_mo_gettext (self->mo, raw);
}

/* The runner's own words (its buttons, headings, verdicts; `msgid` marked with N_()) in the
 * language of the lesson's texts, so a lesson opened from a Rules page in another language is
 * not half in the interface's. */
static const char *
ui_text (KielaLessonView *self, const char *msgid)
{
  if (self->language == NULL)
    return g_dgettext (GETTEXT_PACKAGE, msgid);
  return kiela_mo_gettext (self->mo, msgid);
}

static const char *
ui_ctext (KielaLessonView *self, const char *context, const char *msgid)
{
  const char *t;

  if (self->language == NULL)
    return g_dpgettext2 (GETTEXT_PACKAGE, context, msgid);
  t = self->mo != NULL ? kiela_mo_lookup (self->mo, context, msgid, 0) : NULL;
  return t != NULL ? t : msgid;
}

/* The task's name (kiela_task_kind_name's words) in the view's language. */
static const char *
task_name (KielaLessonView *self, KielaTaskKind kind)
{
  const char *msgid;

  switch (kind)
    {
    case KIELA_TASK_WATCH:           msgid = N_("Watch a move"); break;
    case KIELA_TASK_SOW_HOUSE:       msgid = N_("Sow this house"); break;
    case KIELA_TASK_SOW_ANY:         msgid = N_("Find a house to sow"); break;
    case KIELA_TASK_PREDICT_LAST:    msgid = N_("Where will the last stone land?"); break;
    case KIELA_TASK_PREDICT_CAPTURE: msgid = N_("How many stones will it capture?"); break;
    case KIELA_TASK_BEST_MOVE:       msgid = N_("Find the best move"); break;
    case KIELA_TASK_PLAY_OUT:        msgid = N_("Play it out"); break;
    case KIELA_TASK_ARRANGE:         msgid = N_("Arrange your stones"); break;
    default:                         return kiela_task_kind_name (kind);
    }
  return self->language != NULL ? ui_text (self, msgid) : kiela_task_kind_name (kind);
}

/* The variant's name, as in the step counter ("Kiela for beginners"). */
static const char *
variant_name (KielaLessonView *self)
{
  const char *domain = self->variant->translation_domain;

  if (self->language == NULL || self->variant->name == NULL || (domain != NULL && !g_str_equal (domain, GETTEXT_PACKAGE)))
    return kiela_variant_get_name (self->variant);
  return ui_text (self, self->variant->name);
}

static char *notes_markup (const KielaLesson *lesson, KielaLessonView *self);

/* The labels the template sets, again in the view's language. */
static void
relabel (KielaLessonView *self)
{
  static const char *const replay[] = {
    N_("Start of the Move"), N_("One Stone Back"), N_("Play or Pause the Move"), N_("One Stone Forward"), N_("End of the Move"),
  };
  guint i = 0;

  gtk_button_set_label (GTK_BUTTON (self->hint_button), ui_text (self, N_("_Hint")));
  gtk_button_set_label (GTK_BUTTON (self->retry_button), ui_text (self, N_("_Try Again")));
  gtk_button_set_label (GTK_BUTTON (self->show_button), ui_text (self, N_("Show _Me")));
  gtk_widget_set_tooltip_text (self->show_button, ui_text (self, N_("Show the answer (the step scores one star)")));
  gtk_button_set_label (GTK_BUTTON (self->next_lesson_button), ui_text (self, N_("Next _Lesson")));
  gtk_button_set_label (GTK_BUTTON (self->check_button), ui_text (self, N_("_Check")));
  gtk_label_set_label (self->count_label, ui_text (self, N_("_Stones captured:")));
  gtk_label_set_label (self->steps_heading, ui_text (self, N_("What Happens")));
  gtk_expander_set_label (GTK_EXPANDER (self->notes_expander), ui_text (self, N_("For Teachers")));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->caption_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  ui_text (self, N_("Narration")), -1);
  for (GtkWidget *b = gtk_widget_get_first_child (self->replay_bar); b && i < G_N_ELEMENTS (replay);
       b = gtk_widget_get_next_sibling (b), i++)
    {
      gtk_widget_set_tooltip_text (b, ui_text (self, replay[i]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (b), GTK_ACCESSIBLE_PROPERTY_LABEL, ui_text (self, replay[i]), -1);
    }
}

/* ---------- feedback ---------- */

typedef enum { FEEDBACK_NONE, FEEDBACK_RIGHT, FEEDBACK_WRONG, FEEDBACK_INFO } FeedbackKind;

static void
show_feedback (KielaLessonView *self, FeedbackKind kind, const char *text)
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

static guint
interval_ms (KielaLessonView *self)
{
  if (self->settings == NULL)
    return 0;
  return kiela_speed_interval_ms ((KielaSpeed) g_settings_get_enum (self->settings, KIELA_SETTINGS_SPEED));
}

/* Says what was held back for the end of the replay, and marks the learner's guess beside
 * the house the move really ended in (the trace player marks that one). */
static void
flush_deferred (KielaLessonView *self)
{
  if (self->deferred_text != NULL)
    {
      g_autofree char *text = g_steal_pointer (&self->deferred_text);

      show_feedback (self, (FeedbackKind) self->deferred_kind, text);
      self->deferred_kind = FEEDBACK_NONE;
    }
  if (self->mark_guess)
    kiela_board_view_set_highlight (self->board, self->guess_side, self->guess_house, KIELA_HIGHLIGHT_HINT);
}

static void
clear_deferred (KielaLessonView *self)
{
  g_clear_pointer (&self->deferred_text, g_free);
  self->deferred_kind = FEEDBACK_NONE;
  self->mark_guess = FALSE;
}

/* Plays `move` from `from` stone by stone on the board (the step list follows). */
static gboolean
replay_move (KielaLessonView *self, const KielaPosition *from, KielaMove move)
{
  KielaTrace *trace = kiela_trace_new ();

  if (!kiela_sow_traced (self->variant, from, move, trace))
    {
      kiela_trace_free (trace);
      flush_deferred (self);
      return FALSE;
    }
  kiela_trace_player_set_trace (self->player, self->variant, trace, 0);
  gtk_widget_set_visible (self->steps_frame, TRUE);
  kiela_trace_player_set_interval (self->player, interval_ms (self));
  kiela_trace_player_play (self->player);
  return TRUE;
}

/* Show Me answers the steps with one right answer the engine knows. */
static gboolean
can_show (KielaLessonView *self)
{
  switch (current_kind (self))
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

static void
update_buttons (KielaLessonView *self)
{
  gboolean right = self->verdict == KIELA_LESSON_RIGHT;
  gboolean last = self->review || self->step + 1 >= self->lesson->n_steps;
  gboolean next_lesson = right && last && self->next_lesson != NULL && !self->review;

  gtk_widget_set_sensitive (self->next_button, right);
  gtk_widget_set_visible (self->retry_button, self->answered && !right);
  gtk_widget_set_visible (self->show_button, !right && self->wrong >= 2 && can_show (self));
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
    gtk_button_set_label (GTK_BUTTON (self->next_button), ui_ctext (self, "practise mistakes", NC_("practise mistakes", "_Continue")));
  else if (last)
    gtk_button_set_label (GTK_BUTTON (self->next_button),
                          ui_text (self, self->lesson->kind == KIELA_LESSON_KIND_PUZZLES ? N_("_Finish Set") : N_("_Finish Lesson")));
  else
    gtk_button_set_label (GTK_BUTTON (self->next_button),
                          ui_text (self, self->lesson->kind == KIELA_LESSON_KIND_PUZZLES ? N_("_Next Puzzle") : N_("_Next")));
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
  wanted = raw != NULL ? in_language (self, raw, iface) : ui_text (self, right ? N_("Right!") : N_("Not quite."));
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
  bases[1] = s->right != NULL ? in_language (self, s->right, bases[0]) : ui_text (self, N_("Right!"));
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
static void
take_verdict_full (KielaLessonView *self, KielaLessonVerdict verdict, const char *feedback, gboolean defer)
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

          text = detail != NULL ? g_strdup_printf ("%s %s %s", stars_text, ui_text (self, N_("Here is the answer.")), detail)
                                : g_strdup_printf ("%s %s", stars_text, ui_text (self, N_("Here is the answer.")));
        }
      else
        text = g_strdup_printf ("%s %s", stars_text, feedback ? feedback : ui_text (self, N_("Right!")));
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
      text = g_strdup (feedback ? feedback : ui_text (self, N_("Not quite.")));
      kind = FEEDBACK_WRONG;
    }
  update_buttons (self);
  gtk_widget_grab_focus (verdict == KIELA_LESSON_RIGHT ? self->next_button : self->retry_button);
  clear_deferred (self);
  if (defer)
    {
      /* Until the stones have shown it, the verdict waits. */
      show_feedback (self, FEEDBACK_NONE, NULL);
      self->deferred_kind = kind;
      self->deferred_text = g_steal_pointer (&text);
    }
  else
    show_feedback (self, kind, text);
}

static void
take_verdict (KielaLessonView *self, KielaLessonVerdict verdict, const char *feedback)
{
  take_verdict_full (self, verdict, feedback, FALSE);
}

/* "Taken: i3 with 3 stones, i4 with 2 stones." for the capture of `move`, or NULL. */
static char *
describe_captured_houses (KielaLessonView *self, KielaMove move)
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
static char *
puzzle_feedback (KielaLessonView *self, KielaMove move, gboolean right)
{
  KielaMove line[PUZZLE_SHOWN], best_line[PUZZLE_SHOWN];
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *now = NULL;
  char sq[4], reply[4];
  KielaMove answer = kiela_lesson_step_get_move (shown (self), self->variant, self->step);
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
static const char *
puzzle_hint (KielaLessonView *self)
{
  KielaMove line[PUZZLE_SHOWN];
  KielaMove answer = kiela_lesson_step_get_move (shown (self), self->variant, self->step);
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
static void load_step_full (KielaLessonView *self, gboolean announce);

static void
reset_answer (KielaLessonView *self)
{
  load_step_full (self, FALSE);
}

/* ---------- PLAY_OUT: a game against a computer opponent ---------- */

static void think (KielaLessonView *self);

static void
playout_check (KielaLessonView *self)
{
  KielaLessonAnswer answer = { 0 };
  g_autofree char *feedback = NULL;
  KielaLessonVerdict verdict;

  answer.game = self->game;
  verdict = kiela_lesson_check_in (shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
  if (verdict != KIELA_LESSON_PENDING)
    {
      take_verdict (self, verdict, feedback);
      return;
    }
  if (kiela_game_get_position (self->game)->to_move == self->learner)
    {
      KielaMove moves[KIELA_MAX_MOVES];
      guint n = kiela_game_legal_moves (self->game, moves);

      kiela_board_view_set_playable (self->board, self->learner, moves, n);
      kiela_board_view_set_interactive (self->board, TRUE);
    }
  else
    think (self);
}

/* One search: the view and the cancellable it was started with, so a late answer of a
 * search already cancelled (the learner left or retried) is dropped. */
typedef struct {
  KielaLessonView *self;
  GCancellable *cancellable;
} Thought;

static void
on_thought (GObject *source, GAsyncResult *result, gpointer data)
{
  Thought *thought = data;
  g_autoptr(KielaLessonView) self = thought->self;
  g_autoptr(GCancellable) cancellable = thought->cancellable;
  g_autoptr(GError) error = NULL;
  KielaAiReply reply = { 0 };
  KielaPosition from;
  gboolean ok;

  g_free (thought);
  ok = kiela_ai_think_finish (result, &reply, &error);
  if (g_cancellable_is_cancelled (cancellable) || self->thinking != cancellable)
    return;
  g_clear_object (&self->thinking);
  if (!ok)
    {
      show_feedback (self, FEEDBACK_INFO, error->message);
      return;
    }
  from = *kiela_game_get_position (self->game);
  if (!kiela_game_play (self->game, reply.move, NULL, &error))
    {
      show_feedback (self, FEEDBACK_INFO, error->message);
      return;
    }
  self->check_after_replay = TRUE;
  replay_move (self, &from, reply.move);
}

static void
think (KielaLessonView *self)
{
  const char *id = kiela_lesson_step_get_opponent (self->lesson, self->step);
  const KielaPersonality *opponent = id ? kiela_registry_lookup_personality (self->registry, id) : NULL;

  kiela_board_view_set_interactive (self->board, FALSE);
  kiela_board_view_set_playable (self->board, self->learner, NULL, 0);
  if (opponent == NULL)
    {
      /* TRANSLATORS: %s an opponent's id (kizua) */
      g_autofree char *text = g_strdup_printf (_("The opponent “%s” is not installed."), id ? id : "?");
      show_feedback (self, FEEDBACK_INFO, text);
      return;
    }
  self->thinking = g_cancellable_new ();
  {
    Thought *thought = g_new0 (Thought, 1);

    thought->self = g_object_ref (self);
    thought->cancellable = g_object_ref (self->thinking);
    kiela_ai_think_async (self->registry, opponent, self->game, 2 * G_USEC_PER_SEC,
                          g_random_int (), self->thinking, on_thought, thought);
  }
}

/* ---------- answers ---------- */

static void
on_house_activated (KielaBoardView *board, guint side, guint house, KielaLessonView *self)
{
  const KielaLessonStep *step;
  KielaLessonAnswer answer = { 0 };
  g_autofree char *feedback = NULL;
  KielaLessonVerdict verdict;

  if (self->lesson == NULL)
    return;
  step = current_step (self);
  /* After a wrong answer the step stays open: another house is a new answer, now. */
  if (self->answered && self->verdict == KIELA_LESSON_WRONG && step->task.kind != KIELA_TASK_PLAY_OUT)
    reset_answer (self);
  if (self->answered || kiela_trace_player_get_playing (self->player))
    return;

  switch (step->task.kind)
    {
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
      {
        /* A house that may not be sown (North's, an empty one, a single stone where the
         * rules want two, an endless move) is refused as a game refuses it: the reason, no
         * move, no wrong answer. */
        g_autofree char *why = kiela_explain_house_in (self->variant, &self->pos, side, house, self->catalogue);

        if (why != NULL)
          {
            show_feedback (self, FEEDBACK_INFO, why);
            return;
          }
      }
      answer.move = (KielaMove) house;
      verdict = kiela_lesson_check_in (shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
      self->follow = FALSE;
      if (step->task.kind == KIELA_TASK_BEST_MOVE && verdict != KIELA_LESSON_PENDING)
        {
          char *said = puzzle_feedback (self, (KielaMove) house, verdict == KIELA_LESSON_RIGHT);

          if (said != NULL)
            {
              g_free (feedback);
              feedback = said;
            }
        }
      take_verdict (self, verdict, feedback);
      /* Right or wrong, the move is shown: what it did is the explanation. */
      replay_move (self, &self->pos, (KielaMove) house);
      break;

    case KIELA_TASK_PREDICT_LAST:
      if (side != self->pos.to_move || house >= 2u * self->variant->files)
        {
          char sq[4];
          g_autofree char *why = NULL;

          kiela_square_name (self->variant->files, (KielaSide) side, house, sq);
          /* TRANSLATORS: %1$s a house of the other side (d4), %2$s the side sowing (South) */
          why = g_strdup_printf (T_ (self->catalogue, "%1$s is not one of %2$s’s houses: a move sows only its own two rows, "
                                   "so its last stone cannot land there."),
                                 sq, kiela_side_display_name_in ((KielaSide) self->pos.to_move, self->catalogue));
          show_feedback (self, FEEDBACK_INFO, why);
          return;
        }
      answer.side = (KielaSide) side;
      answer.house = house;
      verdict = kiela_lesson_check_in (shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
      take_verdict_full (self, verdict, feedback, TRUE);
      if (verdict == KIELA_LESSON_WRONG)
        {
          self->mark_guess = TRUE;
          self->guess_side = (KielaSide) side;
          self->guess_house = house;
        }
      replay_move (self, &self->pos, kiela_lesson_step_get_move (shown (self), self->variant, self->step));
      break;

    case KIELA_TASK_PLAY_OUT:
      {
        g_autoptr(GError) error = NULL;
        KielaPosition from;

        if (self->game == NULL || self->thinking != NULL
            || kiela_game_get_position (self->game)->to_move != self->learner)
          return;
        if (side != self->learner || !kiela_game_is_legal (self->game, (KielaMove) house))
          {
            g_autofree char *why = kiela_game_explain_house_in (self->game, side, house, self->catalogue);
            show_feedback (self, FEEDBACK_INFO, why);
            return;
          }
        from = *kiela_game_get_position (self->game);
        if (!kiela_game_play (self->game, (KielaMove) house, NULL, &error))
          {
            show_feedback (self, FEEDBACK_INFO, error->message);
            return;
          }
        show_feedback (self, FEEDBACK_NONE, NULL);
        kiela_board_view_set_interactive (self->board, FALSE);
        self->check_after_replay = TRUE;
        replay_move (self, &from, (KielaMove) house);
      }
      break;

    case KIELA_TASK_WATCH:
    case KIELA_TASK_PREDICT_CAPTURE:
    default:
      break;
    }
}

static void
submit_count (KielaLessonView *self, guint number)
{
  KielaLessonAnswer answer = { 0 };
  g_autofree char *feedback = NULL;
  KielaMove move = kiela_lesson_step_get_move (shown (self), self->variant, self->step);
  KielaLessonVerdict verdict;

  answer.number = number;
  verdict = kiela_lesson_check_in (shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
  if (verdict == KIELA_LESSON_WRONG)
    {
      /* Which houses were taken and how many each held: the count to check against. */
      g_autofree char *taken = describe_captured_houses (self, move);

      if (taken != NULL)
        {
          char *joined = g_strconcat (feedback ? feedback : T_ (self->catalogue, "Not quite."), " ", taken, NULL);
          g_free (feedback);
          feedback = joined;
        }
    }
  take_verdict_full (self, verdict, feedback, TRUE);
  replay_move (self, &self->pos, move);
}

static void
on_check (GtkButton *button, KielaLessonView *self)
{
  guint number;

  if (self->lesson == NULL || current_kind (self) != KIELA_TASK_PREDICT_CAPTURE)
    return;
  gtk_spin_button_update (self->count_spin);
  number = (guint) gtk_spin_button_get_value_as_int (self->count_spin);
  if (self->answered && self->verdict == KIELA_LESSON_WRONG)
    {
      reset_answer (self);
      gtk_spin_button_set_value (self->count_spin, number);
    }
  if (self->answered)
    return;
  submit_count (self, number);
}

/* ARRANGE: Check judges the stones as the pupil left them.  A wrong arrangement stays on the
 * board to be changed (the next Check counts at once); a right one shows its capture. */
static void
on_arrange_check (gpointer data)
{
  KielaLessonView *self = data;
  KielaLessonAnswer answer = { 0 };
  g_autofree char *feedback = NULL;
  KielaLessonVerdict verdict;
  KielaPosition arranged;
  KielaMove capture;

  if (self->lesson == NULL || current_kind (self) != KIELA_TASK_ARRANGE || self->verdict == KIELA_LESSON_RIGHT)
    return;
  arranged = *kiela_lesson_arrange_get_position (self->arrange);
  answer.arrangement = &arranged;
  verdict = kiela_lesson_check_in (shown (self), self->variant, self->step, &answer, &feedback, self->catalogue);
  take_verdict (self, verdict, feedback);
  capture = kiela_lesson_arrange_answered (self->arrange, verdict);
  if (verdict == KIELA_LESSON_RIGHT && capture >= 0)
    replay_move (self, &arranged, capture);
}

/* After two wrong tries the engine shows the answer; the step scores one star. */
static void
on_show (GtkButton *button, KielaLessonView *self)
{
  KielaLessonAnswer answer = { 0 };

  if (self->lesson == NULL || self->verdict == KIELA_LESSON_RIGHT || self->wrong < 2 || !can_show (self))
    return;
  if (current_kind (self) == KIELA_TASK_ARRANGE)
    {
      /* The engine's arrangement goes on the board and is checked as the pupil's would be. */
      self->shown = TRUE;
      if (!kiela_lesson_arrange_show_right (self->arrange))
        self->shown = FALSE;
      return;
    }
  if (!kiela_lesson_step_right_answer (shown (self), self->variant, self->step, &answer))
    return;
  if (self->answered)
    reset_answer (self);
  self->shown = TRUE;
  switch (current_kind (self))
    {
    case KIELA_TASK_PREDICT_LAST:
      on_house_activated (self->board, answer.side, answer.house, self);
      break;
    case KIELA_TASK_PREDICT_CAPTURE:
      gtk_spin_button_set_value (self->count_spin, answer.number);
      submit_count (self, answer.number);
      break;
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
    default:
      on_house_activated (self->board, self->pos.to_move, (guint) answer.move, self);
      break;
    }
}

static void
on_player_changed (KielaTracePlayer *player, KielaLessonView *self)
{
  gboolean playing = kiela_trace_player_get_playing (player);

  gtk_button_set_icon_name (self->play_button, playing ? "media-playback-pause-symbolic"
                                                       : "media-playback-start-symbolic");
  /* The bar keeps its place whether or not there is a move to replay: the board never jumps. */
  gtk_widget_set_sensitive (self->replay_bar, kiela_trace_player_get_trace (player) != NULL);
  if (self->lesson == NULL || self->loading || playing || kiela_trace_player_get_trace (player) == NULL
      || !kiela_trace_player_is_at_end (player))
    return;
  flush_deferred (self);
  if (self->follow)
    {
      /* North's best reply, stone by stone, once the learner's move is shown. */
      self->follow = FALSE;
      replay_move (self, &self->follow_from, self->follow_move);
      return;
    }
  if (current_kind (self) == KIELA_TASK_WATCH && !self->answered)
    {
      KielaLessonAnswer answer = { .watched = TRUE };
      g_autofree char *feedback = NULL;

      take_verdict (self, kiela_lesson_check_in (shown (self), self->variant, self->step, &answer, &feedback, self->catalogue), feedback);
    }
  else if (current_kind (self) == KIELA_TASK_PLAY_OUT && self->check_after_replay && !self->answered)
    {
      self->check_after_replay = FALSE;
      playout_check (self);
    }
}

/* ---------- steps ---------- */

static void
stop_game (KielaLessonView *self)
{
  if (self->thinking)
    g_cancellable_cancel (self->thinking);
  g_clear_object (&self->thinking);
  g_clear_object (&self->game);
  self->check_after_replay = FALSE;
}

static void
clear_drill (KielaLessonView *self)
{
  g_clear_pointer (&self->drill_steps, g_free);
  g_clear_pointer (&self->drill_position, g_free);
}

/* A drill step gets a fresh position and move from the engine each time it opens (not on
 * Try Again: the pupil tries the same position again). */
static void
prepare_drill (KielaLessonView *self)
{
  const KielaLessonStep *step = &self->lesson->steps[self->step];
  g_autoptr(KielaTrace) trace = NULL;
  KielaLessonStep *s;
  KielaPosition pos;
  KielaMove move;

  clear_drill (self);
  if (step->task.drill == KIELA_DRILL_NONE
      || !kiela_lesson_drill_generate (self->lesson, self->variant, self->step, g_random_int (), &pos, &move))
    return;
  trace = kiela_trace_new ();
  if (!kiela_sow_traced (self->variant, &pos, move, trace))
    return;
  self->drill_lesson = *self->lesson;
  self->drill_steps = g_memdup2 (self->lesson->steps, self->lesson->n_steps * sizeof (KielaLessonStep));
  self->drill_lesson.steps = self->drill_steps;
  s = &self->drill_steps[self->step];
  self->drill_position = kiela_position_to_string (&pos);
  s->position = self->drill_position;
  kiela_square_name (self->variant->files, (KielaSide) pos.to_move, (guint) move, self->drill_move);
  s->task.move = self->drill_move;
  kiela_square_name (self->variant->files, (KielaSide) trace->result.last_side, trace->result.last_house,
                     self->drill_answer);
  s->task.answer = self->drill_answer;
  s->task.number = trace->result.captured;
}

static void
load_step_full (KielaLessonView *self, gboolean announce)
{
  const KielaLessonStep *step = current_step (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *counter = NULL;
  KielaMove move;

  stop_game (self);
  kiela_lesson_arrange_stop (self->arrange);
  clear_deferred (self);
  if (self->laid_out != self->lesson || self->laid_out_step != self->step)
    {
      self->laid_out = self->lesson;
      self->laid_out_step = self->step;
      kiela_lesson_layout_step_changed (&self->layout, step->task.kind != KIELA_TASK_WATCH);
    }
  self->follow = FALSE;
  self->verdict = KIELA_LESSON_PENDING;
  self->answered = FALSE;
  self->loading = TRUE;
  kiela_trace_player_pause (self->player);
  kiela_trace_player_set_trace (self->player, self->variant, NULL, 0);
  if (!kiela_lesson_step_get_position (shown (self), self->variant, self->step, &self->pos, &error))
    kiela_position_init_start (&self->pos, self->variant);
  kiela_board_view_set_variant (self->board, self->variant);
  kiela_board_view_set_position (self->board, &self->pos);
  kiela_board_view_clear_highlights (self->board);
  kiela_board_view_set_hand (self->board, KIELA_SOUTH, KIELA_NO_HOUSE, 0);
  kiela_board_view_set_playable (self->board, KIELA_SOUTH, NULL, 0);

  gtk_label_set_label (self->lesson_label, in_language (self, self->lesson->title, kiela_lesson_get_title (self->lesson)));
  relabel (self);
  {
    g_autofree char *notes = notes_markup (self->lesson, self);

    gtk_widget_set_visible (self->notes_expander, notes != NULL);
    gtk_label_set_markup (self->notes_label, notes ? notes : "");
  }
  counter = self->lesson->kind == KIELA_LESSON_KIND_PUZZLES
    /* TRANSLATORS: above a puzzle: %1$u its number, %2$u puzzles in the set */
    ? g_strdup_printf (ui_text (self, N_("Puzzle %1$u of %2$u")), self->step + 1, (guint) self->lesson->n_steps)
    /* TRANSLATORS: above a lesson step: %1$u the step, %2$u steps in the lesson, %3$s the rules
     * it plays (a variant's name: "Kiela for beginners") */
    : g_strdup_printf (ui_text (self, N_("Step %1$u of %2$u · %3$s")), self->step + 1, (guint) self->lesson->n_steps,
                       variant_name (self));
  gtk_label_set_label (self->step_label, counter);
  {
    const char *text = in_language (self, self->lesson->steps[self->step].text,
                                    kiela_lesson_step_get_text (self->lesson, self->step));

    gtk_label_set_label (self->narration_label, text);
    gtk_label_set_label (self->caption_label, text);
  }
  gtk_label_set_label (self->task_label, task_name (self, step->task.kind));
  show_feedback (self, FEEDBACK_NONE, NULL);
  gtk_widget_set_visible (self->count_box, step->task.kind == KIELA_TASK_PREDICT_CAPTURE);
  gtk_widget_set_sensitive (self->check_button, TRUE);
  gtk_spin_button_set_value (self->count_spin, 0);
  gtk_widget_set_visible (self->steps_frame, step->task.kind == KIELA_TASK_WATCH);
  kiela_board_view_set_interactive (self->board, FALSE);

  move = kiela_lesson_step_get_move (shown (self), self->variant, self->step);
  switch (step->task.kind)
    {
    case KIELA_TASK_WATCH:
      {
        KielaTrace *trace = kiela_trace_new ();

        if (kiela_sow_traced (self->variant, &self->pos, move, trace))
          kiela_trace_player_set_trace (self->player, self->variant, trace, 0);
        else
          kiela_trace_free (trace);
        kiela_trace_player_set_interval (self->player, interval_ms (self));
      }
      break;
    case KIELA_TASK_SOW_HOUSE:
    case KIELA_TASK_SOW_ANY:
    case KIELA_TASK_BEST_MOVE:
      {
        KielaMove moves[KIELA_MAX_MOVES];
        guint n = kiela_legal_moves (self->variant, &self->pos, moves, NULL, NULL);

        kiela_board_view_set_playable (self->board, self->pos.to_move, moves, n);
        kiela_board_view_set_interactive (self->board, TRUE);
      }
      break;
    case KIELA_TASK_PREDICT_LAST:
      /* The house about to be sown is marked; any house may be the answer. */
      kiela_board_view_set_highlight (self->board, self->pos.to_move, KIELA_MOVE_HOUSE (move), KIELA_HIGHLIGHT_LIFT);
      kiela_board_view_set_interactive (self->board, TRUE);
      break;
    case KIELA_TASK_PREDICT_CAPTURE:
      kiela_board_view_set_highlight (self->board, self->pos.to_move, KIELA_MOVE_HOUSE (move), KIELA_HIGHLIGHT_LIFT);
      break;
    case KIELA_TASK_PLAY_OUT:
      self->game = kiela_game_new_from_position (self->variant, &self->pos, &error);
      self->learner = self->pos.to_move;
      if (self->game == NULL)
        show_feedback (self, FEEDBACK_INFO, error->message);
      else
        playout_check (self);
      break;
    case KIELA_TASK_ARRANGE:
      kiela_lesson_arrange_start (self->arrange, shown (self), self->variant, self->step, &self->pos);
      break;
    default:
      break;
    }
  self->loading = FALSE;
  update_buttons (self);
  if (announce)
    g_signal_emit (self, signals[SIGNAL_STEP_CHANGED], 0);
}

static void
load_step (KielaLessonView *self)
{
  load_step_full (self, TRUE);
}

static void
on_hint (GtkButton *button, KielaLessonView *self)
{
  const char *hint;

  if (self->lesson == NULL || (hint = kiela_lesson_step_get_hint (self->lesson, self->step)) == NULL)
    return;
  hint = in_language (self, self->lesson->steps[self->step].hint, hint);
  /* A hint taken before the step is right costs a star, after a wrong answer too; asking
   * for the same hint again costs nothing more. */
  if (self->verdict != KIELA_LESSON_RIGHT && !self->hint_taken)
    {
      self->hints++;
      self->hint_taken = TRUE;
    }
  if (current_kind (self) == KIELA_TASK_BEST_MOVE && !self->answered)
    {
      const char *said = puzzle_hint (self);

      if (said != NULL)
        hint = said;
    }
  show_feedback (self, FEEDBACK_INFO, hint);
}

static void
on_retry (GtkButton *button, KielaLessonView *self)
{
  if (self->lesson == NULL)
    return;
  load_step (self);
  gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
}

static void
on_next (GtkButton *button, KielaLessonView *self)
{
  if (self->lesson == NULL || self->verdict != KIELA_LESSON_RIGHT)
    return;
  if (self->review || self->step + 1 >= self->lesson->n_steps)
    {
      stop_game (self);
      g_signal_emit (self, signals[SIGNAL_FINISHED], 0, self->lesson->id);
      return;
    }
  self->step++;
  self->hints = self->wrong = 0;
  self->hint_taken = self->shown = FALSE;
  prepare_drill (self);
  load_step (self);
  gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
}

static void
on_next_lesson (GtkButton *button, KielaLessonView *self)
{
  g_autofree char *next = NULL;

  if (self->lesson == NULL || self->verdict != KIELA_LESSON_RIGHT || self->next_lesson == NULL)
    return;
  next = g_strdup (self->next_lesson);
  stop_game (self);
  g_signal_emit (self, signals[SIGNAL_NEXT_LESSON], 0, self->lesson->id, next);
}

static void on_play (GtkButton *b, KielaLessonView *self)
{
  if (kiela_trace_player_get_playing (self->player))
    kiela_trace_player_pause (self->player);
  else
    {
      if (kiela_trace_player_is_at_end (self->player))
        kiela_trace_player_go_to_start (self->player);
      kiela_trace_player_set_interval (self->player, interval_ms (self));
      kiela_trace_player_play (self->player);
    }
}
static void on_start (GtkButton *b, KielaLessonView *self) { kiela_trace_player_go_to_start (self->player); }
static void on_back (GtkButton *b, KielaLessonView *self) { kiela_trace_player_step_back (self->player); }
static void on_forward (GtkButton *b, KielaLessonView *self) { kiela_trace_player_step_forward (self->player); }
static void on_end (GtkButton *b, KielaLessonView *self) { kiela_trace_player_go_to_end (self->player); }

/* ---------- the classroom: presentation mode and the clicker keys ---------- */

static gboolean
caption_tick_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (widget);

  kiela_lesson_caption_fit (self->caption, gtk_widget_get_height (widget));
  return G_SOURCE_CONTINUE;
}

/* In presentation mode (the window's F5) the narration is the caption band under the board,
 * in the large type the game page uses; the side panel keeps the task, verdict and buttons. */
static void
on_root_classes (GtkWidget *root, GParamSpec *pspec, KielaLessonView *self)
{
  gboolean presenting = root != NULL && gtk_widget_has_css_class (root, "kiela-presenting");

  gtk_widget_set_visible (self->caption_box, presenting);
  gtk_widget_set_visible (GTK_WIDGET (self->narration_label), !presenting);
  kiela_lesson_layout_set_presenting (&self->layout, gtk_widget_get_layout_manager (GTK_WIDGET (self)), presenting);
  /* The band's fit follows the page's height, the text and the zoom: checked before each
   * frame's layout while presenting. */
  if (presenting && self->caption_tick == 0)
    self->caption_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), caption_tick_cb, NULL, NULL);
  else if (!presenting && self->caption_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->caption_tick);
      self->caption_tick = 0;
      kiela_lesson_caption_reset (self->caption);
    }
}

static void
kiela_lesson_view_root (GtkWidget *widget)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (widget);

  GTK_WIDGET_CLASS (kiela_lesson_view_parent_class)->root (widget);
  g_set_weak_pointer (&self->root, GTK_WIDGET (gtk_widget_get_root (widget)));
  if (self->root != NULL)
    g_signal_connect (self->root, "notify::css-classes", G_CALLBACK (on_root_classes), self);
  on_root_classes (self->root, NULL, self);
}

static void
kiela_lesson_view_unroot (GtkWidget *widget)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (widget);

  if (self->root != NULL)
    g_signal_handlers_disconnect_by_func (self->root, on_root_classes, self);
  g_clear_weak_pointer (&self->root);
  if (self->caption_tick != 0)
    {
      gtk_widget_remove_tick_callback (widget, self->caption_tick);
      self->caption_tick = 0;
      kiela_lesson_caption_reset (self->caption);
    }
  self->layout.presenting = FALSE;
  GTK_WIDGET_CLASS (kiela_lesson_view_parent_class)->unroot (widget);
}

gboolean
kiela_lesson_view_get_presenting (KielaLessonView *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), FALSE);
  return gtk_widget_get_visible (self->caption_box);
}

/* The keys of the game page, for the lesson: Page Down / Up (a clicker) one stone of the
 * replay, Ctrl+Page Down the next step once this one is right (else the end of the replay),
 * Ctrl+Page Up the start of the replay, Space play or pause, Home and End. */
static gboolean
lesson_key (GtkWidget *widget, GVariant *args, gpointer data)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (widget);
  const char *what = g_variant_get_string (args, NULL);
  gboolean trace = kiela_trace_player_get_trace (self->player) != NULL;

  if (self->lesson == NULL)
    return FALSE;
  if (g_str_equal (what, "next-step"))
    {
      if (gtk_widget_is_sensitive (self->next_button))
        {
          on_next (GTK_BUTTON (self->next_button), self);
          return TRUE;
        }
      what = "end";
    }
  if (g_str_equal (what, "forward") && trace && kiela_trace_player_is_at_end (self->player)
      && gtk_widget_is_sensitive (self->next_button))
    {
      /* A clicker has one key to go on: at the end of the move it takes the next step. */
      on_next (GTK_BUTTON (self->next_button), self);
      return TRUE;
    }
  if (!trace)
    return FALSE;
  kiela_trace_player_pause (self->player);
  if (g_str_equal (what, "forward"))
    kiela_trace_player_step_forward (self->player);
  else if (g_str_equal (what, "back"))
    kiela_trace_player_step_back (self->player);
  else if (g_str_equal (what, "start"))
    kiela_trace_player_go_to_start (self->player);
  else if (g_str_equal (what, "end"))
    kiela_trace_player_go_to_end (self->player);
  else if (g_str_equal (what, "play"))
    on_play (self->play_button, self);
  return TRUE;
}

static void
add_keys (KielaLessonView *self, GtkPropagationPhase phase, const char *const (*keys)[2], guint n)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, phase);
  for (guint i = 0; i < n; i++)
    {
      GtkShortcut *s = gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i][0]),
                                         gtk_callback_action_new (lesson_key, NULL, NULL));

      gtk_shortcut_set_arguments (s, g_variant_new_string (keys[i][1]));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), s);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

static void
keys_init (KielaLessonView *self)
{
  /* The clicker's keys act whatever has the focus (as on the game page); the plain keys
   * only when the focused widget has not used them (Space on a house sows it). */
  static const char *const clicker[][2] = {
    { "Page_Down", "forward" }, { "Page_Up", "back" },
    { "<Control>Page_Down", "next-step" }, { "<Control>Page_Up", "start" },
  };
  static const char *const plain[][2] = {
    { "space", "play" }, { "Home", "start" }, { "End", "end" },
  };

  add_keys (self, GTK_PHASE_CAPTURE, clicker, G_N_ELEMENTS (clicker));
  add_keys (self, GTK_PHASE_BUBBLE, plain, G_N_ELEMENTS (plain));
}

/* ---------- the class ---------- */

static void
kiela_lesson_view_dispose (GObject *object)
{
  KielaLessonView *self = KIELA_LESSON_VIEW (object);

  stop_game (self);
  g_clear_pointer (&self->arrange, kiela_lesson_arrange_free);
  if (self->step_list)
    kiela_step_list_set_player (self->step_list, NULL);
  if (self->player)
    g_signal_handlers_disconnect_by_data (self->player, self);
  g_clear_object (&self->player);
  g_clear_object (&self->progress);
  g_clear_object (&self->settings);
  clear_deferred (self);
  clear_drill (self);
  g_clear_pointer (&self->next_lesson, g_free);
  g_clear_pointer (&self->language, g_free);
  g_clear_pointer (&self->mo, kiela_mo_unref);
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  g_clear_pointer (&self->caption, kiela_lesson_caption_free);
  kiela_widget_dispose_template_all (GTK_WIDGET (object), KIELA_TYPE_LESSON_VIEW);
  G_OBJECT_CLASS (kiela_lesson_view_parent_class)->dispose (object);
}

static void
kiela_lesson_view_class_init (KielaLessonViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kiela_lesson_view_dispose;
  widget_class->root = kiela_lesson_view_root;
  widget_class->unroot = kiela_lesson_view_unroot;
  g_type_ensure (KIELA_TYPE_STEP_LIST);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/kiela/Kiela/ui/kiela-lesson-view.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KielaLessonView, name)
  BIND (board_box);
  BIND (side_scroll);
  BIND (side_content);
  BIND (text_column);
  BIND (answer_column);
  BIND (button_row);
  BIND (replay_bar);
  BIND (play_button);
  BIND (lesson_label);
  BIND (notes_expander);
  BIND (notes_label);
  BIND (step_label);
  BIND (narration_label);
  BIND (task_label);
  BIND (count_box);
  BIND (count_label);
  BIND (count_spin);
  BIND (check_button);
  BIND (feedback_box);
  BIND (feedback_icon);
  BIND (feedback_label);
  BIND (hint_button);
  BIND (retry_button);
  BIND (show_button);
  BIND (next_button);
  BIND (next_lesson_button);
  BIND (steps_frame);
  BIND (steps_heading);
  BIND (caption_box);
  BIND (caption_label);
  BIND (step_list);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_check);
  gtk_widget_class_bind_template_callback (widget_class, on_hint);
  gtk_widget_class_bind_template_callback (widget_class, on_retry);
  gtk_widget_class_bind_template_callback (widget_class, on_next);
  gtk_widget_class_bind_template_callback (widget_class, on_next_lesson);
  gtk_widget_class_bind_template_callback (widget_class, on_show);
  gtk_widget_class_bind_template_callback (widget_class, on_play);
  gtk_widget_class_bind_template_callback (widget_class, on_start);
  gtk_widget_class_bind_template_callback (widget_class, on_back);
  gtk_widget_class_bind_template_callback (widget_class, on_forward);
  gtk_widget_class_bind_template_callback (widget_class, on_end);

  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_NEXT_LESSON] = g_signal_new ("next-lesson", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                              NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[SIGNAL_STEP_CHANGED] = g_signal_new ("step-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                               NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kiela_lesson_view_init (KielaLessonView *self)
{
  gtk_widget_set_layout_manager (GTK_WIDGET (self), kiela_lesson_layout_manager_new (&self->layout));
  gtk_widget_init_template (GTK_WIDGET (self));
  self->caption = kiela_lesson_caption_new (self->caption_box, self->caption_label);
  self->layout = (KielaLessonLayout) {
    .side_scroll = self->side_scroll, .side_content = self->side_content,
    .text_column = self->text_column, .answer_column = self->answer_column,
    .button_row = self->button_row, .steps_frame = self->steps_frame,
    .steps_heading = GTK_WIDGET (self->steps_heading), .step_list = GTK_WIDGET (self->step_list),
    .caption = self->caption,
  };
  self->board = KIELA_BOARD_VIEW (kiela_board_view_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->board), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->board), TRUE);
  gtk_box_prepend (self->board_box, GTK_WIDGET (self->board));
  g_signal_connect (self->board, "house-activated", G_CALLBACK (on_house_activated), self);
  self->player = kiela_trace_player_new (self->board);
  g_signal_connect (self->player, "changed", G_CALLBACK (on_player_changed), self);
  kiela_step_list_set_player (self->step_list, self->player);
  /* Enter in the count checks it (GtkSpinButton has no activate signal before GTK 4.14). */
  g_signal_connect_swapped (gtk_editable_get_delegate (GTK_EDITABLE (self->count_spin)), "activate",
                            G_CALLBACK (gtk_widget_activate), self->check_button);
  self->arrange = kiela_lesson_arrange_new (self->board, GTK_WIDGET (self->task_label), on_arrange_check, self);
  self->verdict = KIELA_LESSON_PENDING;
  keys_init (self);
}

GtkWidget *
kiela_lesson_view_new (KielaRegistry *registry, KielaLessonProgress *progress, GSettings *settings)
{
  KielaLessonView *self = g_object_new (KIELA_TYPE_LESSON_VIEW, NULL);

  self->registry = registry;
  self->progress = g_object_ref (progress);
  self->settings = settings ? g_object_ref (settings) : NULL;
  return GTK_WIDGET (self);
}

/* The Kiela course runs over its three variants; a lesson of another game (Hawalis) is not next. */
static gboolean
same_game (const KielaLesson *a, const KielaLesson *b)
{
  return g_strcmp0 (a->variant, b->variant) == 0
         || (g_str_has_prefix (a->variant, "kiela") && g_str_has_prefix (b->variant, "kiela"));
}

static gboolean
is_shipped (KielaRegistry *registry, const KielaLesson *lesson)
{
  KielaLessonFile *file = kiela_registry_get_lesson_file (registry, lesson);

  return file == NULL || kiela_lesson_file_is_builtin (file);
}

gboolean
kiela_lesson_view_open (KielaLessonView *self, const char *lesson_id, guint step, GError **error)
{
  const KielaLesson *lesson;
  const KielaVariant *variant;

  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), FALSE);
  g_return_val_if_fail (lesson_id != NULL, FALSE);

  lesson = kiela_registry_lookup_lesson (self->registry, lesson_id);
  if (lesson == NULL)
    {
      /* TRANSLATORS: %s a lesson id */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("There is no lesson “%s”."), lesson_id);
      return FALSE;
    }
  variant = kiela_registry_lookup_variant (self->registry, lesson->variant);
  if (variant == NULL)
    {
      /* TRANSLATORS: %1$s a lesson's title, %2$s a variant id */
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, _("The lesson “%1$s” needs the variant “%2$s”, which is not loaded."),
                   kiela_lesson_get_title (lesson), lesson->variant);
      return FALSE;
    }
  return kiela_lesson_view_open_lesson (self, lesson, variant, step, error);
}

gboolean
kiela_lesson_view_open_lesson (KielaLessonView *self, const KielaLesson *lesson, const KielaVariant *variant,
                               guint step, GError **error)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), FALSE);
  g_return_val_if_fail (lesson != NULL && variant != NULL, FALSE);

  if (step >= lesson->n_steps)
    {
      g_set_error (error, KIELA_ERROR, KIELA_ERROR_PLUGIN, "lesson “%s” has no step %u", lesson->id, step + 1);
      return FALSE;
    }
  self->lesson = lesson;
  self->variant = variant;
  self->step = step;
  self->test_right = 0;
  self->hints = self->wrong = 0;
  self->hint_taken = self->shown = FALSE;
  g_clear_pointer (&self->next_lesson, g_free);
  if (lesson->kind == KIELA_LESSON_KIND_COURSE && is_shipped (self->registry, lesson))
    {
      g_autoptr(GPtrArray) course = kiela_lessons_sorted (self->registry, KIELA_LESSON_KIND_COURSE);
      gboolean after = FALSE;

      /* The shipped course goes on; a teacher's own lessons are not its continuation. */
      for (guint i = 0; i < course->len && self->next_lesson == NULL; i++)
        {
          const KielaLesson *l = g_ptr_array_index (course, i);

          if (l == lesson)
            after = TRUE;
          else if (after && is_shipped (self->registry, l) && same_game (lesson, l)
                   && kiela_registry_lookup_variant (self->registry, l->variant))
            self->next_lesson = g_strdup (l->id);
        }
    }
  prepare_drill (self);
  load_step (self);
  return TRUE;
}

void
kiela_lesson_view_set_review (KielaLessonView *self, gboolean review)
{
  g_return_if_fail (KIELA_IS_LESSON_VIEW (self));
  self->review = review;
  if (self->lesson != NULL)
    update_buttons (self);
}

gboolean
kiela_lesson_view_get_review (KielaLessonView *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), FALSE);
  return self->review;
}

void
kiela_lesson_view_stop (KielaLessonView *self)
{
  g_return_if_fail (KIELA_IS_LESSON_VIEW (self));
  stop_game (self);
  kiela_trace_player_pause (self->player);
}

const KielaLesson *kiela_lesson_view_get_lesson (KielaLessonView *self) { return self->lesson; }
const KielaLesson *kiela_lesson_view_get_shown_lesson (KielaLessonView *self) { return shown (self); }
guint kiela_lesson_view_get_step (KielaLessonView *self) { return self->step; }
KielaLessonVerdict kiela_lesson_view_get_verdict (KielaLessonView *self) { return self->verdict; }
const char *kiela_lesson_view_get_narration (KielaLessonView *self) { return gtk_label_get_label (self->narration_label); }
KielaBoardView *kiela_lesson_view_get_board (KielaLessonView *self) { return self->board; }
KielaTracePlayer *kiela_lesson_view_get_trace_player (KielaLessonView *self) { return self->player; }
gboolean kiela_lesson_view_is_thinking (KielaLessonView *self) { return self->thinking != NULL; }

const char *
kiela_lesson_view_get_feedback (KielaLessonView *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), NULL);
  return gtk_widget_get_visible (self->feedback_box) ? gtk_label_get_label (self->feedback_label) : NULL;
}

GtkWidget *
kiela_lesson_view_get_control (KielaLessonView *self, const char *name)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), NULL);
  if (g_strcmp0 (name, "hint") == 0) return self->hint_button;
  if (g_strcmp0 (name, "retry") == 0) return self->retry_button;
  if (g_strcmp0 (name, "next") == 0) return self->next_button;
  if (g_strcmp0 (name, "next-lesson") == 0) return self->next_lesson_button;
  if (g_strcmp0 (name, "show") == 0) return self->show_button;
  if (g_strcmp0 (name, "narration") == 0) return GTK_WIDGET (self->narration_label);
  if (g_strcmp0 (name, "feedback") == 0) return GTK_WIDGET (self->feedback_label);
  if (g_strcmp0 (name, "caption") == 0) return GTK_WIDGET (self->caption_label);
  if (g_strcmp0 (name, "caption-band") == 0) return self->caption_box;
  if (g_strcmp0 (name, "replay") == 0) return self->replay_bar;
  if (g_strcmp0 (name, "check") == 0) return self->check_button;
  if (g_strcmp0 (name, "count") == 0) return GTK_WIDGET (self->count_spin);
  if (g_strcmp0 (name, "notes") == 0) return self->notes_expander;
  if (g_strcmp0 (name, "step") == 0) return GTK_WIDGET (self->step_label);
  if (g_strcmp0 (name, "task") == 0) return GTK_WIDGET (self->task_label);
  if (g_strcmp0 (name, "steps-heading") == 0) return GTK_WIDGET (self->steps_heading);
  if (g_strcmp0 (name, "notes-text") == 0) return GTK_WIDGET (self->notes_label);
  if (g_str_has_prefix (name, "arrange-") && self->arrange != NULL)
    return kiela_lesson_arrange_get_control (self->arrange, name + strlen ("arrange-"));
  return NULL;
}

char *
kiela_lesson_dup_notes_markup (const KielaLesson *lesson)
{
  g_return_val_if_fail (lesson != NULL, NULL);
  return notes_markup (lesson, NULL);
}

/* The notes in the language of `self` (NULL: the interface's). */
#define NOTES_TEXT(msgid) (self != NULL ? ui_text (self, msgid) : _(msgid))

static char *
notes_markup (const KielaLesson *lesson, KielaLessonView *self)
{
  const char *objective, *misconceptions, *activity;
  g_autoptr(GString) out = NULL;

  if (!kiela_lesson_has_notes (lesson))
    return NULL;
  objective = kiela_lesson_get_objective (lesson);
  misconceptions = kiela_lesson_get_misconceptions (lesson);
  activity = kiela_lesson_get_activity (lesson);
  if (self != NULL)
    {
      objective = in_language (self, lesson->objective, objective);
      misconceptions = in_language (self, lesson->misconceptions, misconceptions);
      activity = in_language (self, lesson->activity, activity);
    }
  out = g_string_new (NULL);
  if (objective != NULL)
    {
      g_autofree char *text = g_markup_escape_text (objective, -1);

      /* TRANSLATORS: a heading of a lesson's teacher notes: what the lesson teaches */
      g_string_append_printf (out, "<b>%s</b>\n%s", NOTES_TEXT (N_("Objective")), text);
    }
  if (misconceptions != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (misconceptions, "\n", -1);

      if (out->len > 0)
        g_string_append (out, "\n\n");
      /* TRANSLATORS: a heading of a lesson's teacher notes: the mistakes pupils usually make */
      g_string_append_printf (out, "<b>%s</b>", NOTES_TEXT (N_("Usual Misconceptions")));
      for (guint i = 0; lines[i] != NULL; i++)
        if (*g_strstrip (lines[i]) != '\0')
          {
            g_autofree char *text = g_markup_escape_text (lines[i], -1);

            /* TRANSLATORS: one misconception in a list of them */
            g_string_append_printf (out, NOTES_TEXT (N_("\n• %s")), text);
          }
    }
  if (activity != NULL)
    {
      g_autofree char *text = g_markup_escape_text (activity, -1);

      if (out->len > 0)
        g_string_append (out, "\n\n");
      /* TRANSLATORS: a heading of a lesson's teacher notes: something to do with a real board and stones */
      g_string_append_printf (out, "<b>%s</b>\n%s", NOTES_TEXT (N_("Activity with Real Stones")), text);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

void
kiela_lesson_view_set_language (KielaLessonView *self, const char *lang)
{
  g_return_if_fail (KIELA_IS_LESSON_VIEW (self));

  if (g_strcmp0 (self->language, lang) == 0)
    return;
  g_clear_pointer (&self->language, g_free);
  g_clear_pointer (&self->mo, kiela_mo_unref);
  g_clear_pointer (&self->catalogue, kiela_catalogue_unref);
  if (self->player != NULL)
    kiela_trace_player_set_catalogue (self->player, NULL);
  if (self->arrange != NULL)
    kiela_lesson_arrange_set_catalogue (self->arrange, NULL);
  if (lang == NULL)
    return;
  self->language = g_strdup (lang);
  if (!g_str_equal (lang, "en"))
    {
      g_autoptr(GError) error = NULL;

      self->mo = kiela_mo_load (kiela_locale_dir (), lang, GETTEXT_PACKAGE, &error);
      if (self->mo == NULL)
        {
          /* No catalogue: the interface's language, not a mixture with English. */
          g_warning ("The lesson is shown in the interface's language: %s", error->message);
          g_clear_pointer (&self->language, g_free);
        }
    }
  /* The engine's sentences too (verdicts, refusals, What Happens): a catalogue, not the
   * process's locale. */
  if (self->language != NULL)
    self->catalogue = kiela_mo_new_catalogue (self->mo, self->language);
  if (self->player != NULL)
    kiela_trace_player_set_catalogue (self->player, self->catalogue);
  if (self->arrange != NULL)
    kiela_lesson_arrange_set_catalogue (self->arrange, self->catalogue);
}

const char *
kiela_lesson_view_get_language (KielaLessonView *self)
{
  g_return_val_if_fail (KIELA_IS_LESSON_VIEW (self), NULL);
  return self->language;
}
