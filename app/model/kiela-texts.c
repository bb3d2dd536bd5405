/* kiela-texts.c: the History and Rules texts, written for Kiela; every fact is checked against the rules file. */
#include "config.h"

#include <glib/gi18n.h>

#include "kiela-texts.h"

/* The positions come from the rules file's worked moves (section 11), so the diagrams and the
 * engine agree; tests/app/test-panes.c parses every one. */
#define START_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s"
#define AFTER_G1_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,1,3,3,0,3/2,2,2,2,2,2,0,3,0,3 n"
#define BEFORE_B3_KPN "2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,1,1,1,0,3,0,2/2,2,2,2,2,2,2,2,2,2 n"
#define AFTER_B3_KPN "2,2,2,2,2,2,2,2,2,2/2,0,3,3,1,1,1,0,0,0/0,0,0,0,1,1,0,3,0,2/2,2,2,0,2,2,2,2,2,2 s"
#define SINGLES_KPN "5,5,5,5,5,5,5,5,5,2/0,0,0,0,0,0,0,0,0,4/0,1,0,0,0,0,1,0,0,0/1,0,1,0,0,1,0,0,0,0 s"
#define BEGINNER_KPN "1,1,1,1,1,1,1,1,1,1/1,1,1,1,0,0,0,0,0,0/0,0,0,0,0,0,1,1,1,1/1,1,1,1,1,1,1,1,1,1 s"

static const KielaTextSection history[] = {
  {
    /* Translators: a heading of the History pane. */
    N_("An old game of African origin"),
    {
      /* Translators: History pane.  "holes" are the hollows dug in the earth, not the houses of the board. */
      N_("Kiela is an old game of African origin. It was traditionally played on the ground: "
         "the players dug small holes in the earth and counted stones into them."),
      NULL,
    },
    NULL, NULL, NULL, NULL,
  },
  {
    /* Translators: a heading of the History pane. */
    N_("A test of wisdom"),
    {
      /* Translators: History pane. */
      N_("Because it asks for counting and planning ahead, Kiela was used for centuries to find "
         "the wisest person, the one who should lead a kingdom or an army."),
      NULL,
    },
    NULL, NULL, NULL, NULL,
  },
  {
    /* Translators: a heading of the History pane. */
    N_("Winning without killing"),
    {
      /* Translators: History pane.  The captor is the player who captured the stones. */
      N_("The elders teach that the heart of the game is to defeat the opponent without killing. "
         "That is why captured soldiers are never taken off the board: they join the captor’s "
         "army, where they serve with honour and with the same standing as those who captured them."),
      /* Translators: History pane. */
      N_("Kiela is a game of strategy, and also a call for peace, for harmony and for respect "
         "for human life."),
      NULL,
    },
    NULL, NULL, NULL, NULL,
  },
  {
    /* Translators: a heading of the History pane. */
    N_("The book and the first program"),
    {
      /* Translators: History pane.  Keep the book's title in English, as it was published. */
      N_("Bernardo Campos described the game in his book Kiela – A Game of African Origin "
         "(1998, 2000). He also wrote the first Kiela program for computers, in 1993."),
      NULL,
    },
    NULL, NULL, NULL, NULL,
  },
  {
    /* Translators: a heading of the History pane. */
    N_("Where it is played"),
    {
      /* Translators: History pane.  Kimbundu is a language of Angola. */
      N_("Kiela comes from northern Angola, where it is played by Kimbundu-speaking people."),
      /* Translators: History pane.  Game and place names stay as they are. */
      N_("It belongs to the family of mancala games played on four rows of holes. Its relatives "
         "include Owela (Benguela, Angola), Omweso (Uganda), Bao and Hawalis (Oman)."),
      NULL,
    },
    NULL, NULL, NULL, NULL,
  },
};

static const KielaTextSection rules[] = {
  {
    /* Translators: a heading of the Rules pane. */
    N_("Whose stones"),
    {
      /* Translators: Rules pane. */
      N_("The board has four rows of ten houses. You own the two rows nearest to you: the outer "
         "row along your edge of the board and the inner row facing your opponent. Your stones "
         "are the ones in your own two rows."),
      /* Translators: Rules pane. */
      N_("South sits at the bottom of the board and North at the top."),
      NULL,
    },
    START_KPN, NULL,
    /* Translators: caption of a board diagram in the Rules pane. */
    N_("The start of a game: South owns the two bottom rows, North the two top rows."),
    "houses",
  },
  {
    /* Translators: a heading of the Rules pane. */
    N_("The start"),
    {
      /* Translators: Rules pane.  "right end" as the player sees the board. */
      N_("Each player starts with 28 stones: two in every house of the outer row, and two in "
         "each of the four inner houses at the player’s right end. South moves first."),
      NULL,
    },
    START_KPN, "g2:enter h2:enter i2:enter j2:enter a3:enter b3:enter c3:enter d3:enter",
    /* Translators: caption of a board diagram in the Rules pane. */
    N_("The marked houses are the four inner houses that start with stones."),
    "sowing",
  },
  {
    /* Translators: a heading of the Rules pane. */
    N_("Sowing"),
    {
      /* Translators: Rules pane. */
      N_("On your turn, choose one of your houses holding at least two stones. Lift all its "
         "stones and sow them: drop them one at a time into the following houses."),
      /* Translators: Rules pane. */
      N_("You sow anti-clockwise, around your own two rows only: along your outer row from left "
         "to right, then back along your inner row from right to left. You never sow into your "
         "opponent’s houses."),
      NULL,
    },
    START_KPN, "g1:lift h1:drop i1:drop",
    /* Translators: caption of a board diagram in the Rules pane. */
    N_("South sows g1: one stone into h1, one into i1."),
    "sowing",
  },
  {
    /* Translators: a heading of the Rules pane. */
    N_("When to go on and when to stop"),
    {
      /* Translators: Rules pane. */
      N_("Everything depends on the house where the last stone of your hand lands."),
      /* Translators: Rules pane.  A relay: the player lifts the stones again and goes on sowing. */
      N_("If that house was empty, your move ends. If it is an occupied house of your outer row, "
         "lift all its stones, the last one included, and go on sowing from the next house: "
         "this is a relay."),
      /* Translators: Rules pane. */
      N_("If it is an occupied house of your inner row, look at your opponent’s inner house in "
         "the same file. If that house is empty, you relay in the same way; if it holds stones, "
         "you capture."),
      NULL,
    },
    AFTER_G1_KPN, "i1:relay i2:relay f2:end",
    /* Translators: caption of a board diagram in the Rules pane. */
    N_("After South’s g1: relays in i1 and i2, then the last stone lands in the empty house f2."),
    "relay-outer",
  },
  {
    /* Translators: a heading of the Rules pane. */
    N_("Capture"),
    {
      /* Translators: Rules pane. */
      N_("When your last stone lands in an occupied house of your inner row and the facing house "
         "of your opponent’s inner row holds stones, you capture the stones of that house and of "
         "your opponent’s outer house behind it, even if that one is empty. Your own house keeps "
         "its stones."),
      NULL,
    },
    BEFORE_B3_KPN, "b3:lift d3:captor d2:captured d1:captured",
    /* Translators: caption of a board diagram in the Rules pane. */
    N_("North sows b3. The last stone lands in d3 while d2 holds a stone, so North captures "
       "d2 and d1."),
    "capture",
  },
  {
    /* Translators: a heading of the Rules pane. */
    N_("Captured stones join your army"),
    {
      /* Translators: Rules pane. */
      N_("Captured stones never leave the board. They become your new hand, and you sow them "
         "from the house after your capturing house. Their last stone is judged by the same "
         "rules, so one move can chain relays and captures. The board always holds 56 stones."),
      NULL,
    },
    AFTER_B3_KPN, "d3:captor e3:enter f3:enter g3:enter",
    /* Translators: caption of a board diagram in the Rules pane. */
    N_("The three captured stones join North’s army in e3, f3 and g3."),
    "army",
  },
  {
    /* Translators: a heading of the Rules pane. */
    N_("The end"),
    {
      /* Translators: Rules pane. */
      N_("A player who has no legal move on their turn loses: all their stones are gone, or, "
         "in the advanced game, each of their houses holds one stone at most."),
      /* Translators: Rules pane. */
      N_("When the same position, with the same player to move, comes back for the third time, "
         "the game is a draw."),
      /* Translators: Rules pane.  "laps": each hand sown from its first stone to its last. */
      N_("Relays can go round in circles forever. A move that has still not ended after 1,000 "
         "laps never ends, and it is not a legal move."),
      NULL,
    },
    SINGLES_KPN, NULL,
    /* Translators: caption of a board diagram in the Rules pane. */
    N_("South has only single stones and no legal move: North wins."),
    "game-end",
  },
  {
    /* Translators: a heading of the Rules pane. */
    N_("The levels"),
    {
      /* Translators: Rules pane.  The level names are those of the New Game dialog. */
      N_("Beginner: one stone in each of the starting houses, and a house with a single stone "
         "may be sown."),
      /* Translators: Rules pane. */
      N_("Advanced, the traditional game: two stones in each starting house, and a house needs "
         "at least two stones to be sown."),
      /* Translators: Rules pane. */
      N_("Expert: the advanced start, then before the first move South arranges its 28 stones "
         "freely over its 20 houses, and North does the same."),
      NULL,
    },
    BEGINNER_KPN, NULL,
    /* Translators: caption of a board diagram in the Rules pane. */
    N_("The beginner start: one stone in each starting house."),
    "expert",
  },
};

const KielaTextSection *
kiela_texts_get (KielaTextKind kind, guint *n_sections)
{
  switch (kind)
    {
    case KIELA_TEXT_HISTORY:
      *n_sections = G_N_ELEMENTS (history);
      return history;
    case KIELA_TEXT_RULES:
      *n_sections = G_N_ELEMENTS (rules);
      return rules;
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
kiela_texts_get_title (KielaTextKind kind)
{
  /* Translators: the titles of the History and Rules panes. */
  return kind == KIELA_TEXT_HISTORY ? N_("History") : N_("Rules");
}

const char *
kiela_texts_get_lead (KielaTextKind kind)
{
  return kind == KIELA_TEXT_HISTORY
    /* Translators: the first line of the History pane. */
    ? N_("Where Kiela comes from, and what it means to the people who play it.")
    /* Translators: the first line of the Rules pane. */
    : N_("The traditional rules of Kiela, as this app plays them.");
}
