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

/* Sources of the History facts, so that a reviewer can check each one:
 * [C] Bernardo Campos, Kiela: Um jogo de origem africana (Lisbon, 1998; 2nd edition 2000),
 *     written in Portuguese; the seed texts quote it under an English title, which is a
 *     description, not the book's name.
 * [P] the public sources on the game and its software gathered in issue 25's review: the
 *     first Kiela program for computers dates from 1991 (the seed texts' note "1993" dates
 *     the later version they describe); the name means "puzzle" or "mind game"; the Prémio
 *     Kiela has been awarded every year since 1999.
 * [R] the rules file, ../shared/reference/kiela-rules.md beside this repository (the rules
 *     and the family of four-row games, section 12).
 * Claims only Campos makes are attributed to him in the text ("According to Campos"). */
static const KielaTextSection history[] = {
  {
    /* Translators: a heading of the History pane. */
    N_("An old game of African origin"),
    {
      /* Translators: History pane.  The "hollows" are scooped out of the earth, not the
       * houses of a wooden board.  Source: [C], [P]. */
      N_("Kiela needs no board. For generations it has been played outdoors, on rows of "
         "hollows scooped out of the earth, with pebbles for pieces. It is an old game, and it "
         "comes from Africa."),
      NULL,
    },
    NULL, NULL, NULL, NULL,
  },
  {
    /* Translators: a heading of the History pane. */
    N_("A test of wisdom"),
    {
      /* Translators: History pane.  Source: [C]; only Campos reports this use, hence
       * "According to Campos". */
      N_("Kiela rewards careful counting and thinking several moves ahead. According to "
         "Campos, communities long relied on it to pick out their wisest member: the person "
         "fit to lead a kingdom or an army, or even a suitor worthy of the princess."),
      NULL,
    },
    NULL, NULL, NULL, NULL,
  },
  {
    /* Translators: a heading of the History pane. */
    N_("Winning without killing"),
    {
      /* Translators: History pane.  Source: [C], who reports the elders' saying; the rule
       * itself is in [R] section 7.  "its captor": the player who captured the stone. */
      N_("According to Campos, the elders say that the point of the game is to beat an "
         "opponent without taking a life. The rules agree: a captured stone is never thrown "
         "away. It changes sides and fights on for its captor, with the same rank as the "
         "stones that took it."),
      /* Translators: History pane.  Source: [R] section 7 (56 stones always on the board). */
      N_("All 56 stones that start a game are still on the board when it ends. A victory in "
         "Kiela is won by strategy, and it never costs a life."),
      NULL,
    },
    NULL, NULL, NULL, NULL,
  },
  {
    /* Translators: a heading of the History pane. */
    N_("The book, the program and the prize"),
    {
      /* Translators: History pane.  Keep the book's title in Portuguese, exactly as it was
       * published: "Kiela: Um jogo de origem africana".  Source: [C]. */
      N_("Bernardo Campos wrote about the game in Kiela: Um jogo de origem africana, a book "
         "in Portuguese published in Lisbon in 1998, with a second edition in 2000."),
      /* Translators: History pane.  Source: [P]. */
      N_("Campos also made the first version of Kiela for computers, in 1991. A prize named "
         "after the game, the Prémio Kiela, has been awarded every year since 1999."),
      NULL,
    },
    NULL, NULL, NULL, NULL,
  },
  {
    /* Translators: a heading of the History pane. */
    N_("Where it is played"),
    {
      /* Translators: History pane.  Kimbundu is a language of Angola.  Source: [P]. */
      N_("Kiela comes from northern Angola, where Kimbundu-speaking people play it. Its name "
         "means “puzzle” or “mind game”."),
      /* Translators: History pane.  Game and place names stay as they are.  Source: [R]. */
      N_("It belongs to the mancala games played on four rows of holes. Among its relatives "
         "are Owela of Benguela, in Angola; Omweso of Uganda; Bao, of Tanzania and Kenya; and "
         "Hawalis of Oman."),
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
      /* Translators: Rules pane.  Source: [R] section 9; an endless move is not legal
       * (section 8), so a player whose every move is endless has none. */
      N_("A player who has no legal move on their turn loses: all their stones are gone; or, "
         "in the advanced game, each of their houses holds one stone at most; or every move "
         "they could start is endless."),
      /* Translators: Rules pane. */
      N_("When the same position, with the same player to move, comes back for the third time, "
         "the game is a draw."),
      /* Translators: Rules pane.  "laps": each hand sown from its first stone to its last.
       * Source: [R] section 8: the limit is a rule, not a proof that the move never ends. */
      N_("Relays can go round in circles forever. A move still going after 1,000 laps counts "
         "as endless, and an endless move is not legal."),
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
