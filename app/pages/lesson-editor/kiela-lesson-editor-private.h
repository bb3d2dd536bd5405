/* kiela-lesson-editor-private.h: what the files of the lesson editor share: the instance struct and the
 * functions one file defines for the others.  kiela-lesson-editor.c holds the class, autosave, packs and
 * the public API; -show.c shows the draft in the widgets; -edits.c takes the widgets' edits and the
 * engine's best move; -actions.c the page's actions and the question about unsaved changes. */
#pragma once

#include "kiela-lesson-editor.h"
#include "kiela-board-editing.h"
#include "kiela-lesson-export.h"
#include "kiela-lesson-install.h"
#include "kiela-learn.h"
#include "kiela-lessons-page.h"
#include "kiela-position-model.h"
#include "kiela-widget-util.h"
#include "kiela-compat.h"

G_BEGIN_DECLS

struct _KielaLessonEditor {
  AdwBin parent_instance;

  /* Template children. */
  GtkLabel *board_title;
  GtkBox *board_box;
  GtkLabel *board_hint;
  GtkToggleButton *arrange_toggle;
  GtkToggleButton *answer_toggle;
  GtkToggleButton *south_toggle;
  GtkToggleButton *north_toggle;
  GtkScrolledWindow *side_scroll;
  AdwComboRow *pack_row;
  AdwEntryRow *title_row;
  AdwEntryRow *summary_row;
  AdwEntryRow *author_row;
  AdwComboRow *level_row;
  AdwComboRow *variant_row;
  AdwExpanderRow *notes_row;
  AdwEntryRow *objective_row;
  GtkTextView *misconceptions_view;
  AdwEntryRow *activity_row;
  AdwPreferencesGroup *steps_group;
  GtkListBox *step_list;
  AdwPreferencesGroup *step_group;
  AdwComboRow *kind_row;
  AdwActionRow *answer_row;
  GtkSpinner *best_spinner;
  GtkWidget *best_button;
  AdwComboRow *condition_row;
  AdwComboRow *arrange_row;       /* ARRANGE: its KielaArrangeGoal */
  AdwComboRow *opponent_row;
  AdwComboRow *goal_row;
  AdwActionRow *number_row;
  GtkSpinButton *number_spin;
  AdwEntryRow *hint_row;
  GtkWidget *text_label;
  GtkWidget *text_frame;
  GtkTextView *text_view;
  GtkWidget *problem_box;
  GtkLabel *problem_label;
  GtkWidget *step_tools;
  GtkWidget *try_button;

  KielaRegistry *registry;
  GSettings *settings;
  KielaLessonDraft *draft;
  KielaPositionModel *pmodel;     /* the selected step's position, edited on the board */
  KielaBoardView *board;
  KielaBoardEditing *editing;
  GPtrArray *variants;            /* const KielaVariant*, in the variant row's order */
  GPtrArray *personalities;       /* const KielaPersonality*, in the opponent row's order */
  guint selected;                 /* G_MAXUINT: none */
  gboolean updating;              /* the page sets its own widgets: no edits from their signals */

  GPtrArray *errors;              /* char* (or NULL) per step: what its row says */
  char *best_error;               /* why the engine found no best move for best_error_step */
  guint best_error_step;
  GCancellable *searching;

  char *autosave_path;
  guint autosave_id;

  KielaLessonFile *pack;          /* the file of several lessons the draft is one of, or NULL */
  guint pack_index;               /* the draft's lesson in it */
  guint pack_wanted;              /* the lesson the pack row asked for */

  GtkWidget *try_view;            /* KielaLessonView, owned by the window's stack once added */
  KielaLessonFile *try_file;      /* what the try view shows */
  KielaLessonProgress *try_progress;
};

typedef void (*Then) (KielaLessonEditor *self);

/* The task kinds in the order of the kind row's choices. */
#define KIELA_LESSON_EDITOR_N_KINDS 8
extern const KielaTaskKind kiela_lesson_editor_kinds[KIELA_LESSON_EDITOR_N_KINDS];

/* kiela-lesson-editor.c */
KielaWindow *kiela_lesson_editor_get_window (KielaLessonEditor *self);
void kiela_lesson_editor_say (KielaLessonEditor *self, const char *text);
const KielaLessonDraftStep *kiela_lesson_editor_selected_step (KielaLessonEditor *self);
gboolean kiela_lesson_editor_kind_has_house (KielaTaskKind kind);
void kiela_lesson_editor_schedule_autosave (KielaLessonEditor *self);
void kiela_lesson_editor_set_pack (KielaLessonEditor *self, KielaLessonFile *file, guint index);

/* kiela-lesson-editor-show.c */
void kiela_lesson_editor_update_board (KielaLessonEditor *self);
void kiela_lesson_editor_refresh_form (KielaLessonEditor *self);
void kiela_lesson_editor_update_actions (KielaLessonEditor *self);
void kiela_lesson_editor_refresh (KielaLessonEditor *self);

/* kiela-lesson-editor-edits.c */
void kiela_lesson_editor_on_draft_changed (KielaLessonDraft *draft, KielaLessonEditor *self);
void kiela_lesson_editor_on_pmodel_changed (KielaPositionModel *model, KielaLessonEditor *self);
void kiela_lesson_editor_on_mode_toggled (GtkToggleButton *button, KielaLessonEditor *self);
void kiela_lesson_editor_on_side_toggled (GtkToggleButton *button, KielaLessonEditor *self);
void kiela_lesson_editor_on_entry_changed (AdwEntryRow *row, KielaLessonEditor *self);
void kiela_lesson_editor_on_text_changed (GtkTextBuffer *buffer, KielaLessonEditor *self);
void kiela_lesson_editor_on_misconceptions_changed (GtkTextBuffer *buffer, KielaLessonEditor *self);
void kiela_lesson_editor_on_combo_selected (AdwComboRow *row, GParamSpec *pspec, KielaLessonEditor *self);
void kiela_lesson_editor_on_number_changed (GtkSpinButton *spin, KielaLessonEditor *self);
void kiela_lesson_editor_on_row_selected (GtkListBox *box, GtkListBoxRow *row, KielaLessonEditor *self);
void kiela_lesson_editor_action_find_best (GtkWidget *widget, const char *name, GVariant *param);

/* kiela-lesson-editor-actions.c */
void kiela_lesson_editor_cancel_search (KielaLessonEditor *self);
void kiela_lesson_editor_action_undo (GtkWidget *widget, const char *name, GVariant *param);
void kiela_lesson_editor_action_redo (GtkWidget *widget, const char *name, GVariant *param);
void kiela_lesson_editor_action_add_step (GtkWidget *widget, const char *name, GVariant *param);
void kiela_lesson_editor_action_remove_step (GtkWidget *widget, const char *name, GVariant *param);
void kiela_lesson_editor_action_step_up (GtkWidget *w, const char *n, GVariant *p);
void kiela_lesson_editor_action_step_down (GtkWidget *w, const char *n, GVariant *p);
void kiela_lesson_editor_action_clear (GtkWidget *w, const char *n, GVariant *p);
void kiela_lesson_editor_action_start_position (GtkWidget *w, const char *n, GVariant *p);
void kiela_lesson_editor_action_mirror (GtkWidget *w, const char *n, GVariant *p);
void kiela_lesson_editor_action_try (GtkWidget *widget, const char *name, GVariant *param);
void kiela_lesson_editor_show_wanted (KielaLessonEditor *self);
void kiela_lesson_editor_confirm_replace (KielaLessonEditor *self, Then then);
void kiela_lesson_editor_action_new (GtkWidget *widget, const char *name, GVariant *param);
void kiela_lesson_editor_action_open (GtkWidget *widget, const char *name, GVariant *param);
void kiela_lesson_editor_action_save_as (GtkWidget *widget, const char *name, GVariant *param);
void kiela_lesson_editor_action_install (GtkWidget *widget, const char *name, GVariant *param);
void kiela_lesson_editor_action_export (GtkWidget *w, const char *n, GVariant *p);
void kiela_lesson_editor_action_print (GtkWidget *w, const char *n, GVariant *p);

G_END_DECLS
