/* kiela-lesson-install.h: a shared .kiela-lesson file opened from the file manager: what it is and its checks, then installed for the user. */
#pragma once

#include <adwaita.h>
#include "kiela.h"

G_BEGIN_DECLS

/* A plain-text summary of a lesson file: per lesson its title, author, summary and steps,
 * then the result of its checks against `registry` ("Every step passes its checks." or why not). */
char    *kiela_lesson_describe (KielaRegistry *registry, KielaLessonFile *file);
/* Copies the file as written into the user's lesson folder (kiela_lesson_file_dup_user_dir)
 * as ID.kiela-lesson and registers it; refuses a file that does not read or check, and a
 * lesson id already taken.  `installed_path` (may be NULL) receives where it went. */
gboolean kiela_lesson_install  (KielaRegistry *registry, const char *path, char **installed_path, GError **error);
/* Shows what the file is (or why it cannot be used) and installs it when the user agrees;
 * `parent` a KielaWindow: its lessons page then lists the new lesson, and a toast says so. */
void     kiela_lesson_install_prompt (GtkWindow *parent, KielaRegistry *registry, GFile *file);

G_END_DECLS
