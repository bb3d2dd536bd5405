/* kiela-welcome-page.h: the first page a newcomer sees: learn, puzzles, play the computer or a friend, open a game. */
#pragma once

#include <adwaita.h>
#include "kiela-pupils.h"

G_BEGIN_DECLS

#define KIELA_TYPE_WELCOME_PAGE (kiela_welcome_page_get_type ())
G_DECLARE_FINAL_TYPE (KielaWelcomePage, kiela_welcome_page, KIELA, WELCOME_PAGE, GtkWidget)

/* The choices, as the "chosen" signal's string. */
#define KIELA_WELCOME_LESSONS     "lessons"
#define KIELA_WELCOME_PUZZLES     "puzzles"
#define KIELA_WELCOME_COMPUTER    "computer"
#define KIELA_WELCOME_TWO_PLAYERS "two-players"
#define KIELA_WELCOME_OPEN        "open"
#define KIELA_WELCOME_PRACTISE    "practise"   /* review the mistakes (shown when there are some) */
#define KIELA_WELCOME_MISTAKES    "mistakes"   /* the list of them */

GtkWidget *kiela_welcome_page_new (void);
/* The row for a choice (tests click it; screen readers read its title and subtitle). */
GtkWidget *kiela_welcome_page_get_row (KielaWelcomePage *self, const char *choice);

/* Follows the class: a "Who is playing?" chooser once there are two pupils or more, and the
 * practise row while the current pupil has mistakes queued. */
void       kiela_welcome_page_set_pupils (KielaWelcomePage *self, KielaPupils *pupils);
GtkWidget *kiela_welcome_page_get_pupil_chooser (KielaWelcomePage *self);   /* a GtkDropDown */
GtkWidget *kiela_welcome_page_get_mistakes_button (KielaWelcomePage *self);

/* Signal "chosen" (const char *choice): a row was activated. */

G_END_DECLS
