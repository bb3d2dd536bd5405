/* app-test-lesson-editor.h: what the tests of the lesson editor share (test-lesson-editor.c and
 * test-direction.c): a step's task chosen by its name, as a teacher reads it, and a wait_until()
 * condition for the engine's Find Best Move (static: a copy each test program). */
#pragma once

#include <adwaita.h>

#include "kiela.h"
#include "kiela-lesson-editor.h"
#include "app-test-util.h"

/* The kind row's index of a task kind: the rows are found by their text, as a teacher reads them. */
static inline void
choose_kind (KielaLessonEditor *editor, KielaTaskKind kind)
{
  AdwComboRow *row = ADW_COMBO_ROW (kiela_lesson_editor_get_control (editor, "kind"));
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), kiela_task_kind_name (kind)))
      {
        adw_combo_row_set_selected (row, i);
        spin (10);
        return;
      }
  g_assert_not_reached ();
}

/* A wait_until() condition: the editor's search for the best move has ended. */
static inline gboolean
search_done (gpointer data)
{
  return !kiela_lesson_editor_is_searching (data);
}
