/* kiela-lesson-editor.h: the lesson editor page: a teacher writes a lesson step by step on the
 * board, each step checked as it is written, tries it as a pupil, saves, opens, installs and
 * prints it. */
#pragma once

#include <adwaita.h>
#include "kiela.h"
#include "kiela-board-view.h"
#include "kiela-lesson-draft.h"
#include "kiela-lesson-view.h"
#include "kiela-window.h"

G_BEGIN_DECLS

/* Page names: win.show-page::lesson-editor; the pupil's view of the lesson being written. */
#define KIELA_PAGE_LESSON_EDITOR "lesson-editor"
#define KIELA_PAGE_LESSON_TRY    "lesson-try"

#define KIELA_TYPE_LESSON_EDITOR (kiela_lesson_editor_get_type ())
G_DECLARE_FINAL_TYPE (KielaLessonEditor, kiela_lesson_editor, KIELA, LESSON_EDITOR, AdwBin)

/*
 * Adds the editor to `window` (made when first shown) and the window's actions that lead to it:
 * win.new-lesson (the main menu's New Lesson), win.make-lesson-step (a step from the position
 * the position editor or the game shows), win.open-lesson-file.  The lesson in progress is
 * autosaved to `autosave_path` (NULL: kiela_lesson_draft_dup_autosave_path()) and brought back
 * the next time the editor opens.
 */
void              kiela_lesson_editor_install       (KielaWindow *window, KielaRegistry *registry, GSettings *settings,
                                                     const char *autosave_path);

GtkWidget        *kiela_lesson_editor_new           (KielaRegistry *registry, GSettings *settings, const char *autosave_path);

KielaLessonDraft *kiela_lesson_editor_get_draft     (KielaLessonEditor *self);
KielaBoardView   *kiela_lesson_editor_get_board     (KielaLessonEditor *self);
/* The step shown in the form and on the board, or G_MAXUINT when the lesson has none. */
guint             kiela_lesson_editor_get_selected  (KielaLessonEditor *self);
void              kiela_lesson_editor_select_step   (KielaLessonEditor *self, guint index);
/* A new step after the selected one on `pos` (NULL: the selected step's position, or the
 * variant's start); a position of another variant than the lesson's is refused, unless the
 * lesson has no step yet (it then takes the variant). */
gboolean          kiela_lesson_editor_add_step      (KielaLessonEditor *self, const KielaVariant *variant,
                                                     const KielaPosition *pos, GError **error);
/* TRUE: a click on the board chooses the step's house ("Choose the House"); FALSE: clicks arrange stones. */
void              kiela_lesson_editor_set_choosing  (KielaLessonEditor *self, gboolean choosing);
gboolean          kiela_lesson_editor_get_choosing  (KielaLessonEditor *self);
/* What the editor says about step `index` (its check, or why the engine found no best move),
 * or NULL when it passes: the text its row and the form show. */
const char       *kiela_lesson_editor_get_step_error (KielaLessonEditor *self, guint index);
/* TRUE while the engine searches the selected step's best move. */
gboolean          kiela_lesson_editor_is_searching  (KielaLessonEditor *self);

/* Runs the lesson in the ordinary lesson view (the page lesson-try); Back returns here.  FALSE
 * with the lesson's problem when it cannot run yet. */
gboolean          kiela_lesson_editor_try           (KielaLessonEditor *self, GError **error);
KielaLessonView  *kiela_lesson_editor_get_try_view  (KielaLessonEditor *self);
/* Writes the lesson file (checked first) atomically; the draft is then unmodified. */
gboolean          kiela_lesson_editor_save_to_path  (KielaLessonEditor *self, const char *path, GError **error);
/* Replaces the lesson by the file's first lesson (it must read; its checks are shown on its
 * steps).  A pack (a file of several lessons) is listed in the "pack" row, which shows another
 * of its lessons (after the question about unsaved changes); saving writes the whole pack back,
 * the lesson shown as edited, the others as they were.  Does not ask about unsaved changes:
 * lesson-editor.open does. */
gboolean          kiela_lesson_editor_open_path     (KielaLessonEditor *self, const char *path, GError **error);
/* Shows lesson `index` of the pack (asks nothing); FALSE when there is no such lesson. */
gboolean          kiela_lesson_editor_show_pack_lesson (KielaLessonEditor *self, guint index);
/* Lessons in the pack the draft is one of, or 0 when it is no pack's. */
guint             kiela_lesson_editor_get_pack_size (KielaLessonEditor *self);
/* The window's leave guard (Back, another page, closing the window): TRUE when nothing
 * would be lost; else asks Save / Discard / Cancel and returns FALSE, and after Save or
 * Discard (which empties the editor) kiela_window_leave_confirmed() goes on. */
gboolean          kiela_lesson_editor_confirm_leave (KielaLessonEditor *self);
/* Installs the saved file for the user (kiela_lesson_install): Learn to Play lists it.  The
 * user's installed lesson of the same id is replaced when `replace` (lesson-editor.install
 * asks first), else refused with G_IO_ERROR_EXISTS. */
gboolean          kiela_lesson_editor_install_lesson (KielaLessonEditor *self, gboolean replace, char **installed_path,
                                                      GError **error);
/* The lesson as the file it would be saved as (the worksheet and Try use it), or NULL with why. */
KielaLessonFile  *kiela_lesson_editor_build_file    (KielaLessonEditor *self, GError **error);
/* Named widgets for tests: "title", "summary", "author", "level", "variant", "steps", "kind",
 * "answer", "best", "condition", "opponent", "goal", "number", "hint", "text", "problem", "try",
 * "heading" (the label over the board), "pack" (the lesson of a pack shown), the teacher notes' "notes" (the For Teachers expander
 * row), "objective", "misconceptions" (a text view, one a line) and "activity". */
GtkWidget        *kiela_lesson_editor_get_control   (KielaLessonEditor *self, const char *name);

G_END_DECLS
