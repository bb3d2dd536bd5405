/* kiela-compat.h: the one room where the app meets newer GTK and libadwaita than Debian 12's.
 *
 * The rest of the app is built against GTK 4.8 and libadwaita 1.2 only (GDK_VERSION_MAX_ALLOWED
 * and ADW_VERSION_MAX_ALLOWED pin it): a call newer than that fails the build outside this file.
 * Each wrapper here takes the newer path when the stack it is built on has it, and keeps the
 * 4.8/1.2 path otherwise. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Has a screen reader say `text` as an announcement (gtk_accessible_announce, GTK >= 4.14);
 * returns FALSE when the stack has no announcements, and the caller falls back on changing
 * a status region's name. */
gboolean kiela_compat_announce (GtkAccessible *accessible, const char *text);

/* A question with responses (Save / Discard / Cancel) over `parent`: an AdwAlertDialog inside the
 * window with libadwaita >= 1.5, an AdwMessageDialog, a window of its own, before (1.7's lays
 * its labels out narrower than they need, a critical warning).  Both emit "response" with the
 * response's id, and close themselves after it. */
GtkWidget  *kiela_compat_question_new                  (const char *heading, const char *body);
void        kiela_compat_question_add_response         (GtkWidget *question, const char *id, const char *label,
                                                        AdwResponseAppearance appearance);
void        kiela_compat_question_set_default_response (GtkWidget *question, const char *id);
void        kiela_compat_question_set_close_response   (GtkWidget *question, const char *id);
void        kiela_compat_question_present              (GtkWidget *question, GtkWindow *parent);
/* What the tests look at: the question shown over `parent` or NULL, its responses, and an
 * answer given as a click on one gives it. */
GtkWidget  *kiela_compat_question_find                 (GtkWindow *parent);
gboolean    kiela_compat_question_has_response         (GtkWidget *question, const char *id);
const char *kiela_compat_question_get_close_response   (GtkWidget *question);
void        kiela_compat_question_respond              (GtkWidget *question, const char *id);

G_END_DECLS
