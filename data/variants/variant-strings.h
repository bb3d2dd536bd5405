/* variant-strings.h: the names and descriptions of the shipped variant files, marked for xgettext
 * (po/POTFILES.in); never compiled.  tests/engine/test-variant-file.c checks it matches the files. */

/* hus.kiela-variant */
N_("Hus")
N_("The four-row game of the Nama of Namibia (after Wikipedia and Mancala World): 4 rows of 8 houses. Relay from occupied houses; when your last stone lands in an occupied inner house and both opponent houses of its file hold stones, capture them and sow them from the next house.")
/* mefuvha.kiela-variant */
N_("Mefuvha")
N_("The four-row game of the Venda of South Africa, after Stayt (1931): 4 rows of 16 houses. When your last stone lands in an empty inner house facing stones, capture that file, and you may also take the stones of any one other opponent house: the stones leave the board and the turn ends. Single stones move only when no house holds more, and then into any house. Each player’s first move is from the third inner house from their left.")
/* mefuvha-two.kiela-variant */
N_("Mefuvha (two houses)")
N_("Mefuvha as another source has it, after Stayt (1931) and Ludii: 4 rows of 8 houses. When your last stone lands in an empty inner house facing stones, capture that file, and you may also take the stones of any two other opponent houses (the one left, if only one holds stones): the stones leave the board and the turn ends. Single stones move only when no house holds more, and then into any house. Each player’s first move is from the third inner house from their left.")
/* omweso.kiela-variant */
N_("Omweso")
N_("The four-row game of Uganda, after Nsimbi (1968) and Wikipedia: 4 rows of 8 houses, 32 stones a side arranged freely before play. Capture when your last stone lands in an occupied inner house and both opponent houses of its file hold stones; the captured stones are sown again from where the capturing lap began. Your four left-hand houses may be sown clockwise when that captures (a reverse capture), and so may, if you wish, a relay or captured stones sown from one of them; capturing at both ends of the board in one move wins at once.")
/* owela.kiela-variant */
N_("Owela (Benguela)")
N_("The four-row game of Benguela, Angola, after Silva (1995): 4 rows of 12 houses, 34 stones a side, two in each outer house and in the five rightmost inner houses. Relay from occupied houses; capture the opponent’s file when your last stone lands in an occupied inner house facing stones, and sow the captured stones from the house after the capturing one.")
/* quiela.kiela-variant */
N_("Quiela")
N_("The four-row game of the Jinga of Angola, after Silva (1995): 4 rows of 7 houses, 21 stones a side, which each player first arranges: the leftmost outer house holds the most, no house more than the one on its left, at most two inner houses a single stone. Sow from any occupied house and relay from occupied houses; when your last stone lands in an empty inner house facing stones, capture that file: the stones leave the board. The first time you sow your leftmost outer house, you may drop its first stone back into it. Once none of your houses holds two stones, you move only a single stone, into an empty house. A single stone in your second inner house from the left, with the inner house after it empty, may skip to your first or second outer house, if that is empty, when the opponent could capture it next.")
/* templates/hawalis.kiela-variant */
N_("Hawalis")
N_("The four-row game of Oman (after iggamecenter and Ludii): 4 rows of 7 houses, 2 stones in every house. Relay from occupied houses; when your last stone lands in an empty inner house facing stones, capture that file and remove it from play. A single stone may be sown only when no house holds two, and only into an empty house; a move that never ends loses.")
/* templates/kiela-beginner.kiela-variant */
N_("Kiela for beginners")
N_("Kiela with one stone in each starting house (14 a side), and any house with a stone may be sown: shorter games to learn relays and captures.")
/* templates/kiela-expert.kiela-variant */
N_("Kiela for experts")
N_("Advanced Kiela with a setup phase: South arranges its 28 stones freely over its 20 houses, then North does the same, then South sows first.")
/* templates/kiela.kiela-variant */
N_("Kiela")
N_("The traditional game of northern Angola: 4 rows of 10 houses, 28 stones a side. Sow from a house with at least 2 stones; relay from occupied houses; capture the opponent’s file when your last stone lands in an occupied inner house facing stones. Captured stones join your army.")
