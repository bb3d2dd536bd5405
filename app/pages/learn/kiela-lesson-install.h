/* kiela-lesson-install.h: a shared .kiela-lesson file opened from the file manager: what it is and its checks, then installed for the user. */
#pragma once

#include <adwaita.h>
#include "kiela.h"

G_BEGIN_DECLS

/* A plain-text summary of a lesson file: per lesson its title, author, summary and steps,
 * then the result of its checks against `registry` ("Every step passes its checks." or why not). */
char    *kiela_lesson_describe (KielaRegistry *registry, KielaLessonFile *file);
/* Whether `file` may be installed: FALSE with why when a lesson of it has the id of a lesson
 * that comes with Kiela (or a module's, or a file's outside the user's folder, which Kiela
 * does not change), or of lessons of two installed files; else TRUE, and `replaces` the
 * user's installed file holding its ids, or NULL when none does. */
gboolean kiela_lesson_install_check (KielaRegistry *registry, KielaLessonFile *file, KielaLessonFile **replaces,
                                     GError **error);
/* Copies the file as written into the user's lesson folder (kiela_lesson_file_dup_user_dir)
 * as ID.kiela-lesson and registers it; refuses a file that does not read or check, and a
 * lesson id kiela_lesson_install_check refuses.  An installed file with its ids is replaced
 * (its file removed, the pupils' stars kept) when `replace`, else refused with
 * G_IO_ERROR_EXISTS.  `installed_path` (may be NULL) receives where it went. */
gboolean kiela_lesson_install  (KielaRegistry *registry, const char *path, gboolean replace, char **installed_path,
                                GError **error);
/* Shows what the file is (or why it cannot be used) and installs it when the user agrees;
 * `parent` a KielaWindow: its lessons page then lists the new lesson, and a toast says so. */
void     kiela_lesson_install_prompt (GtkWindow *parent, KielaRegistry *registry, GFile *file);

G_END_DECLS
