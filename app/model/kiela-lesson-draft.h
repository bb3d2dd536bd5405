/* kiela-lesson-draft.h: a lesson being written in the lesson editor, without widgets: its
 * title and steps, each step checked as it is written, the answers the engine fills in, undo and
 * redo of every edit, the autosave text, and the lesson file it becomes. */
#pragma once

#include <glib-object.h>
#include "kiela.h"

G_BEGIN_DECLS

#define KIELA_TYPE_LESSON_DRAFT (kiela_lesson_draft_get_type ())
G_DECLARE_FINAL_TYPE (KielaLessonDraft, kiela_lesson_draft, KIELA, LESSON_DRAFT, GObject)

/* One step as the teacher writes it: any field may still be missing or wrong (the step's
 * problem says what).  Strings are owned by the draft; NULL or "" when not written. */
typedef struct {
  char         *text;
  char         *hint;
  char         *position;   /* KPN of the lesson's variant; NULL = the variant's start */
  KielaTaskKind kind;
  char         *move;       /* the house asked about (a square, "g1") */
  char         *answer;     /* PREDICT_LAST: where its last stone lands (the engine's) */
  guint         number;     /* PREDICT_CAPTURE: stones captured (the engine's); SURVIVE: moves */
  guint         condition;  /* KielaLessonCondition (SOW_ANY) or KielaLessonGoal (PLAY_OUT) */
  char         *opponent;   /* PLAY_OUT: a personality id */
  guint         depth;      /* BEST_MOVE: how the engine proved it */
  gint          margin;
} KielaLessonDraftStep;

/* A best-move puzzle is kept when its move leads the next best by this much at
 * KIELA_LESSON_DRAFT_BEST_DEPTH (three stones, as kiela-cli puzzles generate keeps them). */
#define KIELA_LESSON_DRAFT_MIN_MARGIN 300
#define KIELA_LESSON_DRAFT_BEST_DEPTH 8

/* `registry` (not owned) gives the variants and opponents the steps are checked against.
 * An empty lesson of the default variant, with no history. */
KielaLessonDraft *kiela_lesson_draft_new            (KielaRegistry *registry);

/* ---- the lesson ---- */
const char       *kiela_lesson_draft_get_title      (KielaLessonDraft *self);
const char       *kiela_lesson_draft_get_summary    (KielaLessonDraft *self);
const char       *kiela_lesson_draft_get_author     (KielaLessonDraft *self);
KielaLessonLevel  kiela_lesson_draft_get_level      (KielaLessonDraft *self);
const char       *kiela_lesson_draft_get_variant_id (KielaLessonDraft *self);
/* The registry's variant, or NULL when it has none by that id. */
const KielaVariant *kiela_lesson_draft_get_variant  (KielaLessonDraft *self);
/* The id the file gets: the one it was opened with, else made from the title ("my-lesson"). */
char             *kiela_lesson_draft_dup_id         (KielaLessonDraft *self);

/* Every setter is one undoable edit; typing the same field again soon after merges into it
 * (one undo takes back a word typed letter by letter).  Nothing happens when the value is
 * the same. */
void              kiela_lesson_draft_set_title      (KielaLessonDraft *self, const char *text);
void              kiela_lesson_draft_set_summary    (KielaLessonDraft *self, const char *text);
void              kiela_lesson_draft_set_author     (KielaLessonDraft *self, const char *text);
void              kiela_lesson_draft_set_level      (KielaLessonDraft *self, KielaLessonLevel level);
/* The teacher notes ([Lesson] Objective, Misconceptions, Activity): NULL when not written. */
typedef enum {
  KIELA_LESSON_NOTE_OBJECTIVE,
  KIELA_LESSON_NOTE_MISCONCEPTIONS,   /* one a line */
  KIELA_LESSON_NOTE_ACTIVITY,
} KielaLessonNote;
const char       *kiela_lesson_draft_get_note       (KielaLessonDraft *self, KielaLessonNote note);
void              kiela_lesson_draft_set_note       (KielaLessonDraft *self, KielaLessonNote note, const char *text);
/* Another variant: steps whose position does not fit it show the parser's complaint. */
void              kiela_lesson_draft_set_variant    (KielaLessonDraft *self, const char *variant_id);

/* ---- the steps ---- */
guint             kiela_lesson_draft_get_n_steps    (KielaLessonDraft *self);
const KielaLessonDraftStep *kiela_lesson_draft_get_step (KielaLessonDraft *self, guint index);
/* A new step (a "sow this house" task) on `position` (KPN; NULL = the variant's start) at
 * `index` (G_MAXUINT: at the end); returns its index.  FALSE-like G_MAXUINT when the lesson
 * has KIELA_LESSON_MAX_STEPS steps. */
guint             kiela_lesson_draft_insert_step    (KielaLessonDraft *self, guint index, const char *position);
void              kiela_lesson_draft_remove_step    (KielaLessonDraft *self, guint index);
/* Moves step `from` to `to`. */
void              kiela_lesson_draft_move_step      (KielaLessonDraft *self, guint from, guint to);

void              kiela_lesson_draft_set_text       (KielaLessonDraft *self, guint index, const char *text);
void              kiela_lesson_draft_set_hint       (KielaLessonDraft *self, guint index, const char *text);
/* The step's position as KPN; `merge` continues the last edit of it (a count typed digit by digit). */
void              kiela_lesson_draft_set_position   (KielaLessonDraft *self, guint index, const char *kpn, gboolean merge);
void              kiela_lesson_draft_set_kind       (KielaLessonDraft *self, guint index, KielaTaskKind kind);
/* The house the task asks about (a square; NULL clears it).  For PREDICT_LAST and
 * PREDICT_CAPTURE the engine fills in the answer (where the last stone lands, how many stones
 * are captured); for BEST_MOVE the proof (depth, margin) is cleared. */
void              kiela_lesson_draft_set_move       (KielaLessonDraft *self, guint index, const char *square);
void              kiela_lesson_draft_set_condition  (KielaLessonDraft *self, guint index, guint condition);
void              kiela_lesson_draft_set_number     (KielaLessonDraft *self, guint index, guint number);
void              kiela_lesson_draft_set_opponent   (KielaLessonDraft *self, guint index, const char *personality_id);
/* The engine's answer to a BEST_MOVE step (kiela_lesson_draft_find_best). */
void              kiela_lesson_draft_set_best       (KielaLessonDraft *self, guint index, const char *square,
                                                     guint depth, gint margin);

/* TRUE when the step's house may be sown on the step's position (the side to move, a legal
 * move): only then do its answers (where it lands, what it captures) say anything. */
gboolean          kiela_lesson_draft_move_playable  (KielaLessonDraft *self, guint index);
/* The step's position parsed (the variant's start without one); FALSE when it does not parse. */
gboolean          kiela_lesson_draft_get_position   (KielaLessonDraft *self, guint index, KielaPosition *out);

/*
 * Searches the step's position for its best move (kiela_lesson_puzzle_score at
 * KIELA_LESSON_DRAFT_BEST_DEPTH, in a thread).  Fails, naming the runner-up's margin, when
 * no move leads by KIELA_LESSON_DRAFT_MIN_MARGIN: such a position has no clear best move.
 * On success `square` is the move (free it) and `margin` its lead.
 */
void              kiela_lesson_draft_find_best_async (KielaLessonDraft *self, guint index, GCancellable *cancellable,
                                                      GAsyncReadyCallback callback, gpointer user_data);
gboolean          kiela_lesson_draft_find_best_finish (KielaLessonDraft *self, GAsyncResult *result, char **square,
                                                       gint *margin, GError **error);

/* ---- checks ---- */
/* Why step `index` cannot be kept as it is (translated, one sentence), or NULL when it passes
 * kiela_lesson_validate and its opponent exists.  `field` as kiela_lesson_step_problem's. */
char             *kiela_lesson_draft_dup_step_problem (KielaLessonDraft *self, guint index, const char **field);
/* Why the lesson as a whole cannot be saved or tried (no title, no step, an unknown variant,
 * the first step that fails: "Step 2: ..."), or NULL. */
char             *kiela_lesson_draft_dup_problem    (KielaLessonDraft *self);

/* ---- the file ---- */
/* The lesson as a lesson file (checked with kiela_lesson_file_check against the registry);
 * NULL with the draft's problem as the error. */
KielaLessonFile  *kiela_lesson_draft_to_file        (KielaLessonDraft *self, GError **error);
/* Replaces the draft by lesson `index` of `file` (its id kept); the history is cleared and
 * the draft is unmodified. */
void              kiela_lesson_draft_load_lesson    (KielaLessonDraft *self, KielaLessonFile *file, guint index);
/* An empty lesson again (New Lesson); the history is cleared. */
void              kiela_lesson_draft_reset          (KielaLessonDraft *self);

/* The path it was opened from or saved to, or NULL. */
const char       *kiela_lesson_draft_get_path       (KielaLessonDraft *self);
void              kiela_lesson_draft_set_path       (KielaLessonDraft *self, const char *path);
/* TRUE after an edit since it was opened, saved or reset (undoing back to it clears it). */
gboolean          kiela_lesson_draft_get_modified   (KielaLessonDraft *self);
/* After a save: the draft as it is now is the saved one. */
void              kiela_lesson_draft_mark_saved     (KielaLessonDraft *self);
/* TRUE when it has neither a title nor a step: nothing to keep. */
gboolean          kiela_lesson_draft_is_empty       (KielaLessonDraft *self);

/* ---- undo and autosave ---- */
gboolean          kiela_lesson_draft_can_undo       (KielaLessonDraft *self);
gboolean          kiela_lesson_draft_can_redo       (KielaLessonDraft *self);
gboolean          kiela_lesson_draft_undo           (KielaLessonDraft *self);
gboolean          kiela_lesson_draft_redo           (KielaLessonDraft *self);
/* Ends the current merge: the next edit of the same field is an undo step of its own. */
void              kiela_lesson_draft_break_merge    (KielaLessonDraft *self);

/* The whole draft, even unfinished, as key-file text (the lesson file's keys plus the path
 * and the modified flag), and back.  Restoring replaces the draft with no history; a text
 * that does not parse leaves it unchanged and says why. */
char             *kiela_lesson_draft_serialize      (KielaLessonDraft *self);
gboolean          kiela_lesson_draft_deserialize    (KielaLessonDraft *self, const char *data, GError **error);
/* Writes the serialized draft to `path` atomically (its folder made when missing). */
gboolean          kiela_lesson_draft_autosave       (KielaLessonDraft *self, const char *path, GError **error);
/* $XDG_STATE_HOME/kiela/lesson-draft.ini: where the editor keeps the lesson in progress. */
char             *kiela_lesson_draft_dup_autosave_path (void);

/* Signal "changed": after every edit, undo, redo or load (the page refreshes from it). */

G_END_DECLS
