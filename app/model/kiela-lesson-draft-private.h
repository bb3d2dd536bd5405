/* kiela-lesson-draft-private.h: the lesson draft's struct and what its two files share
 * (kiela-lesson-draft.c: the draft, its edits, undo and autosave; kiela-lesson-draft-check.c: the
 * best move, the checks and the lesson file). */
#pragma once

#include "kiela-lesson-draft.h"

G_BEGIN_DECLS

struct _KielaLessonDraft {
  GObject parent_instance;

  KielaRegistry *registry;
  char *id;          /* from an opened file; NULL: made from the title */
  char *title;
  char *summary;
  char *author;
  char *notes[3];    /* KielaLessonNote */
  KielaLessonLevel level;
  char *variant;
  GPtrArray *steps;  /* KielaLessonDraftStep* */

  char *path;
  char *saved;       /* the content when last opened or saved: modified = differs from it */
  GPtrArray *undo;   /* char*: content snapshots, the latest last */
  GPtrArray *redo;
  char *merge_key;   /* the field the last edit changed, while edits of it merge */
};

/* The step at `index` (a programmer error, NULL, past the end). */
KielaLessonDraftStep *_kiela_lesson_draft_get_step (KielaLessonDraft *self, guint index);

G_END_DECLS
