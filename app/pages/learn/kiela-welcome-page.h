/* kiela-welcome-page.h: the first page a newcomer sees: learn, puzzles, play the computer or a friend, open a game. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KIELA_TYPE_WELCOME_PAGE (kiela_welcome_page_get_type ())
G_DECLARE_FINAL_TYPE (KielaWelcomePage, kiela_welcome_page, KIELA, WELCOME_PAGE, GtkWidget)

/* The choices, as the "chosen" signal's string. */
#define KIELA_WELCOME_LESSONS     "lessons"
#define KIELA_WELCOME_PUZZLES     "puzzles"
#define KIELA_WELCOME_COMPUTER    "computer"
#define KIELA_WELCOME_TWO_PLAYERS "two-players"
#define KIELA_WELCOME_OPEN        "open"

GtkWidget *kiela_welcome_page_new (void);
/* The row for a choice (tests click it; screen readers read its title and subtitle). */
GtkWidget *kiela_welcome_page_get_row (KielaWelcomePage *self, const char *choice);

/* Signal "chosen" (const char *choice): a row was activated. */

G_END_DECLS
