/* lesson-strings.h: the texts of the shipped lesson files, marked for xgettext (po/POTFILES.in);
 * never compiled.  Written by kiela-cli lessons strings data/lessons/*.kiela-lesson: do not edit.
 * tests/engine/test-lesson-file.c checks it matches the files. */

/* course.kiela-lesson */
/* TRANSLATORS: the title of lesson “houses” */
N_("Your houses")
/* TRANSLATORS: the one-line summary of lesson “houses” */
N_("Which houses are yours, and which are North’s.")
/* TRANSLATORS: teacher notes of lesson “houses”: what it teaches */
N_("Pupils tell their own twenty houses from North’s, and name a house by its file and row (g1, j2).")
/* TRANSLATORS: teacher notes of lesson “houses”: the usual mistakes, one a line (keep the line breaks) */
N_("Sowing from North’s houses: a player only ever sows from the two rows nearest them.\nCounting the rows from the top: row 1 is the pupil’s own outer row, along their edge.")
/* TRANSLATORS: teacher notes of lesson “houses”: an activity with real stones */
N_("Draw the board on paper, four rows of ten. In pairs, one pupil names a house (g1, j2, d4) and the other puts a real stone on it and says whose house it is.")
/* TRANSLATORS: lesson “houses”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("The board has four rows of ten houses. You play South: the two rows nearest you are yours. Your outer row runs along your edge. Sow g1, a house of your outer row.")
/* TRANSLATORS: lesson “houses”, step 1: the hint */
N_("Rows are numbered from your edge: row 1 is your outer row. g1 is its seventh house.")
/* TRANSLATORS: lesson “houses”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Your inner row is the second row, facing North’s inner row. North owns the two top rows: you never sow from them. Sow j2, the last house of your inner row.")
/* TRANSLATORS: lesson “houses”, step 2: the hint */
N_("Row 2 is your inner row; j is the file on the far right.")
/* TRANSLATORS: lesson “houses”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Each of your houses can be sown, one at a time. Sow d1, the fourth house of your outer row.")
/* TRANSLATORS: lesson “houses”, step 3: the hint */
N_("Count four houses from the left end of row 1.")
/* TRANSLATORS: lesson “houses”, step 4, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Your inner row runs the other way round the board, but its houses are named by the same letters. Sow g2.")
/* TRANSLATORS: lesson “houses”, step 4: the hint */
N_("Row 2, the seventh file from the left.")
/* TRANSLATORS: lesson “houses”, step 5, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Practice game against Kizua, the beginner opponent: play 10 moves without losing.")
/* TRANSLATORS: lesson “houses”, step 5: the hint */
N_("Before each move, count where its last stone will land.")
/* TRANSLATORS: the title of lesson “sowing” */
N_("Sowing")
/* TRANSLATORS: the one-line summary of lesson “sowing” */
N_("Stones go round your two rows, anticlockwise.")
/* TRANSLATORS: teacher notes of lesson “sowing”: what it teaches */
N_("Pupils sow a house: they lift all its stones and drop one into each following house, anticlockwise round their own two rows, and say where the last stone lands.")
/* TRANSLATORS: teacher notes of lesson “sowing”: the usual mistakes, one a line (keep the line breaks) */
N_("Dropping stones into North’s rows: a player sows only round their own 20 houses.\nSkipping a house, or dropping two stones into one.\nSowing rightward in the inner row: from j1 the stones go up to j2, then leftward to a2, and from a2 down to a1.")
/* TRANSLATORS: teacher notes of lesson “sowing”: an activity with real stones */
N_("Draw South’s two rows on paper. Put 4 real stones in h1: a pupil lifts them and drops them one by one, naming each house aloud (i1, j1, j2, i2). Do the same from b2 with 3 stones (a2, a1, b1), then let pairs set each other small hands to sow.")
/* TRANSLATORS: lesson “sowing”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("From this lesson on you play the rules of the full game, where a house needs at least 2 stones to be sown (the first lesson let you sow any house with a stone, so that any click worked). To sow, you lift all the stones of one of your houses and drop them one by one into the next houses. Watch c1: its 3 stones go into d1, e1 and f1.")
/* TRANSLATORS: lesson “sowing”, step 1: the hint */
N_("Press Play, or step through the move one stone at a time.")
/* TRANSLATORS: lesson “sowing”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Stones always travel anticlockwise round your own two rows: right along the outer row, up into the inner row, then left. Where will the last stone of h1 land?")
/* TRANSLATORS: lesson “sowing”, step 2: the hint */
N_("Count four houses from h1: i1, j1, then up into your inner row.")
/* TRANSLATORS: lesson “sowing”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("At the left end the stones come back down into your outer row. Where will the last stone of b2 land?")
/* TRANSLATORS: lesson “sowing”, step 3: the hint */
N_("From b2 the stones go to a2, then down to a1, then right.")
/* TRANSLATORS: lesson “sowing”, step 4, its text: plain words for a 12-year-old; keep squares (g1) */
N_("A new position from a real game: where will the last stone of the marked house land?")
/* TRANSLATORS: lesson “sowing”, step 4: the hint */
N_("Count the stones of the marked house, then as many houses on, anticlockwise.")
/* TRANSLATORS: the title of lesson “turn-end” */
N_("The end of a turn")
/* TRANSLATORS: the one-line summary of lesson “turn-end” */
N_("A move ends when its last stone lands in an empty house.")
/* TRANSLATORS: teacher notes of lesson “turn-end”: what it teaches */
N_("Pupils know that a move ends when its last stone falls into a house that was empty, and that only the last stone decides.")
/* TRANSLATORS: teacher notes of lesson “turn-end”: the usual mistakes, one a line (keep the line breaks) */
N_("Stopping as soon as a stone falls into an occupied house on the way: only the last stone of the hand counts.\nCounting the house the stones were lifted from as the first house sown.")
/* TRANSLATORS: teacher notes of lesson “turn-end”: an activity with real stones */
N_("On a drawn board put 3 stones in a1 and one in b1 and in c1. A pupil sows a1 with real stones while the class says, at each stone, whether it is the last one, and why the move ends in d1.")
/* TRANSLATORS: lesson “turn-end”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Your turn ends when the last stone of your hand lands in an empty house. Watch e1: its last stone lands in empty g1, and the move is over.")
/* TRANSLATORS: lesson “turn-end”, step 1: the hint */
N_("Only the last stone decides when the move ends.")
/* TRANSLATORS: lesson “turn-end”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Stones may drop into occupied houses on the way: only the last one matters. Where does the move of a1 end?")
/* TRANSLATORS: lesson “turn-end”, step 2: the hint */
N_("a1 holds 3 stones: count three houses to the right.")
/* TRANSLATORS: the title of lesson “relay-outer” */
N_("Relays in the outer row")
/* TRANSLATORS: the one-line summary of lesson “relay-outer” */
N_("A last stone on stones in your outer row lifts them and sows on.")
/* TRANSLATORS: teacher notes of lesson “relay-outer”: what it teaches */
N_("Pupils see that when the last stone lands in an outer house that already held stones, they lift all of them, the new one too, and sow on from the next house; one move can relay several times.")
/* TRANSLATORS: teacher notes of lesson “relay-outer”: the usual mistakes, one a line (keep the line breaks) */
N_("Leaving the last stone behind: the relay lifts every stone of that house, the one just dropped included.\nStarting the new lap in the same house: the relayed stones go into the next houses along.\nStopping after one relay: each new last stone is judged again.")
/* TRANSLATORS: teacher notes of lesson “relay-outer”: an activity with real stones */
N_("Put 3 real stones in b1, 2 in e1 and 1 in h1 on a drawn board. A pupil sows b1 slowly; at each last stone the class calls “empty: stop” or “stones: lift and go on”, and finds that the move ends in j1.")
/* TRANSLATORS: lesson “relay-outer”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("If the last stone lands in one of your outer houses that already holds stones, you lift them all, the new one too, and sow on. This is a relay. Watch c1 relay at e1.")
/* TRANSLATORS: lesson “relay-outer”, step 1: the hint */
N_("Look at e1 when the last stone of c1 lands there.")
/* TRANSLATORS: lesson “relay-outer”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Now you: sow a house whose move relays.")
/* TRANSLATORS: lesson “relay-outer”, step 2: the hint */
N_("Find a house whose last stone lands on stones.")
/* TRANSLATORS: lesson “relay-outer”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("A relay can lead to another. Where does the move of b1 finally end?")
/* TRANSLATORS: lesson “relay-outer”, step 3: the hint */
N_("b1 relays at e1, then again at h1: each time, lift the stones and sow on.")
/* TRANSLATORS: lesson “relay-outer”, step 6, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Practice game against Kizua, the beginner opponent: make a relay in your first 2 moves.")
/* TRANSLATORS: lesson “relay-outer”, step 6: the hint */
N_("Look for a house whose last stone lands on stones.")
/* TRANSLATORS: the title of lesson “relay-inner” */
N_("Relays in the inner row")
/* TRANSLATORS: the one-line summary of lesson “relay-inner” */
N_("In the inner row, you relay when North’s facing house is empty.")
/* TRANSLATORS: teacher notes of lesson “relay-inner”: what it teaches */
N_("Pupils relay in their inner row only when North’s inner house in the same file is empty; otherwise something else happens (the next lesson: a capture).")
/* TRANSLATORS: teacher notes of lesson “relay-inner”: the usual mistakes, one a line (keep the line breaks) */
N_("Relaying on any occupied inner house: North’s facing house must be empty.\nLooking at North’s outer row instead of its inner row.\nSowing rightward in the inner row: South’s inner row runs from j2 towards a2.")
/* TRANSLATORS: teacher notes of lesson “relay-inner”: an activity with real stones */
N_("On a drawn board put 1 stone in i2 and 2 in j1, and leave i3 empty. A pupil sows j1 with real stones and relays at i2. Then put a stone in i3 and ask the class whether the same move still relays (it does not: that is a capture).")
/* TRANSLATORS: lesson “relay-inner”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("In your inner row a relay needs one more thing: North’s house facing it must be empty. Watch j1: its last stone lands on i2, North’s i3 is empty, so you lift and sow on.")
/* TRANSLATORS: lesson “relay-inner”, step 1: the hint */
N_("Look at the North house just above i2.")
/* TRANSLATORS: lesson “relay-inner”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Sow a house that relays in your inner row.")
/* TRANSLATORS: lesson “relay-inner”, step 2: the hint */
N_("Your inner row sows to the left. Which move ends on stones with an empty North house above?")
/* TRANSLATORS: lesson “relay-inner”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("A new position from a real game: this move relays. Where does it finally end?")
/* TRANSLATORS: lesson “relay-inner”, step 3: the hint */
N_("Where the last stone lands on stones, lift them all and sow on.")
/* TRANSLATORS: the title of lesson “capture” */
N_("Capturing")
/* TRANSLATORS: the one-line summary of lesson “capture” */
N_("Take North’s inner house and the outer house behind it.")
/* TRANSLATORS: teacher notes of lesson “capture”: what it teaches */
N_("Pupils capture: when the last stone lands on stones in their inner row and North’s facing inner house holds stones, they take that house and North’s outer house behind it, and count the stones taken.")
/* TRANSLATORS: teacher notes of lesson “capture”: the usual mistakes, one a line (keep the line breaks) */
N_("Taking only the facing inner house: North’s outer house in the same file is taken too (it may be empty).\nCapturing when the last stone lands in an empty inner house: that is Hawalis, not Kiela.\nEmptying the capturing house: it keeps its stones.")
/* TRANSLATORS: teacher notes of lesson “capture”: an activity with real stones */
N_("Pupils build step 2 with real stones (1 in i2, 2 in j1, 3 in i3 and 3 in i4), play j1 and count the stones taken aloud: 3 and 3 make 6. Then each pair builds a capture for another pair to count.")
/* TRANSLATORS: lesson “capture”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("When your last stone lands on stones in your inner row and North’s house facing it holds stones, you capture: you take the stones of that North house and of the North outer house behind it. Watch j1 capture at i2.")
/* TRANSLATORS: lesson “capture”, step 1: the hint */
N_("The captured houses are i3 and i4.")
/* TRANSLATORS: lesson “capture”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("How many stones will j1 capture here?")
/* TRANSLATORS: lesson “capture”, step 2: the hint */
N_("Add the stones of i3 and of i4 behind it.")
/* TRANSLATORS: lesson “capture”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Find the move that captures.")
/* TRANSLATORS: lesson “capture”, step 3: the hint */
N_("Which last stone lands on your stones in the inner row, below North’s stones?")
/* TRANSLATORS: lesson “capture”, step 4, its text: plain words for a 12-year-old; keep squares (g1) */
N_("A new position from a real game: how many stones will the marked house capture?")
/* TRANSLATORS: lesson “capture”, step 4: the hint */
N_("Add the North inner house facing the last stone and the North outer house behind it.")
/* TRANSLATORS: lesson “capture”, step 9, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Practice game against Kizua, the beginner opponent: capture in your first 2 moves.")
/* TRANSLATORS: lesson “capture”, step 9: the hint */
N_("Follow each move’s stones to the end: which one takes North’s stones?")
/* TRANSLATORS: the title of lesson “army” */
N_("Your army grows")
/* TRANSLATORS: the one-line summary of lesson “army” */
N_("Captured stones join your army and are sown on at once.")
/* TRANSLATORS: teacher notes of lesson “army”: what it teaches */
N_("Pupils know that captured stones never leave the board: they join the captor’s army and are sown at once, from the house after the capturing house, as a new lap.")
/* TRANSLATORS: teacher notes of lesson “army”: the usual mistakes, one a line (keep the line breaks) */
N_("Putting captured stones aside, as in many other mancala games: in Kiela they join the captor’s army.\nSowing the army from the capturing house itself: it starts in the next house along.\nThinking the number of stones changes: the board always holds 56.")
/* TRANSLATORS: teacher notes of lesson “army”: an activity with real stones */
N_("Play h1 of step 1 with real stones: when g3 and g4 are taken, a pupil sows the 5 captured stones from f2 leftward, and the class counts that all 56 stones are still on the board.")
/* TRANSLATORS: lesson “army”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Captured stones never leave the board: they join your army. You sow them on at once, from the house after the one that captured. Where will the last captured stone land after h1?")
/* TRANSLATORS: lesson “army”, step 1: the hint */
N_("h1 captures 5 stones at g2 (g3 and g4); sow them from f2 to the left.")
/* TRANSLATORS: lesson “army”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("North captures the same way. Watch North sow b3: it captures d2 and d1, and sows the 3 stones into its own e3, f3 and g3.")
/* TRANSLATORS: lesson “army”, step 2: the hint */
N_("North’s inner row sows to the right, towards j3.")
/* TRANSLATORS: lesson “army”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("A new position from a real game: this move captures. Where does the last stone of its army land?")
/* TRANSLATORS: lesson “army”, step 3: the hint */
N_("After a capture, sow the captured stones on from the house after the one that captured.")
/* TRANSLATORS: the title of lesson “chains” */
N_("Chains of captures")
/* TRANSLATORS: the one-line summary of lesson “chains” */
N_("One move can capture again and again.")
/* TRANSLATORS: teacher notes of lesson “chains”: what it teaches */
N_("Pupils follow a move through several laps: the army’s last stone is judged like any other, so it may relay or capture again, and they add up all the stones a move captures.")
/* TRANSLATORS: teacher notes of lesson “chains”: the usual mistakes, one a line (keep the line breaks) */
N_("Stopping after the first capture: the army’s last stone can capture again.\nCounting only the first capture when asked how many stones a move captures in all.")
/* TRANSLATORS: teacher notes of lesson “chains”: an activity with real stones */
N_("In threes with real stones: one pupil sows, one says what each last stone does (stop, relay, capture), one keeps a tally of the captured stones on paper. Use the move i2 of step 1, then swap roles.")
/* TRANSLATORS: lesson “chains”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("The last stone of your army is judged like any other: it may relay, or capture again. Watch i2 capture twice in one move.")
/* TRANSLATORS: lesson “chains”, step 1: the hint */
N_("Count the captures in the list of steps.")
/* TRANSLATORS: lesson “chains”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("A new position: find the move that captures at least 5 stones in all.")
/* TRANSLATORS: lesson “chains”, step 2: the hint */
N_("Follow the army: where does the last captured stone land?")
/* TRANSLATORS: lesson “chains”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("A new position: find the longest move here, the one that drops the most stones.")
/* TRANSLATORS: lesson “chains”, step 3: the hint */
N_("Relays and captures make a move long.")
/* TRANSLATORS: lesson “chains”, step 4: the hint */
N_("Add the North inner house facing the last stone and the North outer house behind it; a chain may capture again.")
/* TRANSLATORS: lesson “chains”, step 8, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Practice game against Kizua, the beginner opponent: make a chain in your first 2 moves, one move that captures twice.")
/* TRANSLATORS: lesson “chains”, step 8: the hint */
N_("Follow each capture’s army to its last stone: does it land facing North’s stones again?")
/* TRANSLATORS: the title of lesson “endless” */
N_("Moves that never end")
/* TRANSLATORS: the one-line summary of lesson “endless” */
N_("A move still going after 1,000 laps counts as endless and may not be played.")
/* TRANSLATORS: teacher notes of lesson “endless”: what it teaches */
N_("Pupils know that relays can go round for ever, that a move still going after 1,000 laps counts as endless and may not be played, and that long moves which do end are allowed.")
/* TRANSLATORS: teacher notes of lesson “endless”: the usual mistakes, one a line (keep the line breaks) */
N_("Thinking Kiela has proved that such a move never ends: it stops counting at 1,000 laps.\nThinking every very long move is forbidden: only one still going after 1,000 laps is.")
/* TRANSLATORS: teacher notes of lesson “endless”: an activity with real stones */
N_("Set up the position of step 1 with real stones and let a pair sow a2 by hand for five minutes, noting the houses after each lap. Then discuss why a computer needs a limit while people at a table never reach it.")
/* TRANSLATORS: lesson “endless”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Relays can go round and round. Here a2 would circle your rows for ever: every 165 laps its stones are back where they started. Kiela does not try to prove that a move never ends: a move still going after 1,000 laps counts as endless, and it may not be played. Try a2, then sow any house you may.")
/* TRANSLATORS: lesson “endless”, step 1: the hint */
N_("Any house with 2 stones or more may be sown, except a2.")
/* TRANSLATORS: lesson “endless”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Long moves are fine as long as they end. In this new position, find the longest move that may be played.")
/* TRANSLATORS: lesson “endless”, step 2: the hint */
N_("Try the houses one by one and compare the stones dropped.")
/* TRANSLATORS: the title of lesson “singles” */
N_("Single stones")
/* TRANSLATORS: the one-line summary of lesson “singles” */
N_("In the advanced game a house needs 2 stones to be sown.")
/* TRANSLATORS: teacher notes of lesson “singles”: what it teaches */
N_("Pupils know that in the advanced game only a house with at least 2 stones may be sown, while the beginner game lets a single stone move.")
/* TRANSLATORS: teacher notes of lesson “singles”: the usual mistakes, one a line (keep the line breaks) */
N_("Sowing a single stone in the advanced game.\nThinking single stones are out of play: they can still be captured, and move again once another stone joins them.")
/* TRANSLATORS: teacher notes of lesson “singles”: an activity with real stones */
N_("Scatter real stones over a drawn board, some houses with one stone. Pupils point to every house that may be sown under the advanced rules, then under the beginner rules, and compare the two lists.")
/* TRANSLATORS: lesson “singles”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("In the advanced game you may only sow a house with at least 2 stones: single stones wait. (In the beginner game, singles may be sown too.) Sow a house you may sow.")
/* TRANSLATORS: lesson “singles”, step 1: the hint */
N_("Look for a house with 2 stones.")
/* TRANSLATORS: lesson “singles”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Only one of your houses may be sown here. Which?")
/* TRANSLATORS: lesson “singles”, step 2: the hint */
N_("Count the stones: one house holds more than one.")
/* TRANSLATORS: the title of lesson “expert” */
N_("The expert arrangement")
/* TRANSLATORS: the one-line summary of lesson “expert” */
N_("Arrange your stones before the first move.")
/* TRANSLATORS: teacher notes of lesson “expert”: what it teaches */
N_("Pupils know the expert game: South arranges its 28 stones freely over its 20 houses, then North arranges its own, then South sows first; and they arrange stones so that a capture is ready.")
/* TRANSLATORS: teacher notes of lesson “expert”: the usual mistakes, one a line (keep the line breaks) */
N_("Thinking North arranges first, or both at once: South arranges first, then North, who sees South’s arrangement.\nPutting stones into the other player’s rows: each player arranges only their own 20 houses.\nThinking a player may add or remove stones: each keeps its 28.")
/* TRANSLATORS: teacher notes of lesson “expert”: an activity with real stones */
N_("Each pupil arranges 28 seeds on their own two rows of a drawn board; the partner, as North, then arranges against it. Before the first move both say which capture they prepared, and play it to check.")
/* TRANSLATORS: lesson “expert”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("In the expert game each player first arranges their 28 stones freely over their own 20 houses: South first, then North. A good arrangement prepares a capture. This one has a capture ready: find it.")
/* TRANSLATORS: lesson “expert”, step 1: the hint */
N_("North’s stones are in a3 to d3. Which move ends on your stones below them?")
/* TRANSLATORS: lesson “expert”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Here is another arrangement. How many stones does e2 capture?")
/* TRANSLATORS: lesson “expert”, step 2: the hint */
N_("e2 ends on c2, below c3. Add c3 and c4, then follow the army.")
/* TRANSLATORS: lesson “expert”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Now arrange your own stones. North’s stones are as at the start: 2 in each outer house and 2 in a3 to d3. Move your 28 stones over your 20 houses so that your first move captures, then check your arrangement.")
/* TRANSLATORS: lesson “expert”, step 3: the hint */
N_("A capture needs your last stone to land on your own stones below a3, b3, c3 or d3. Put a stone in d2, and 2 stones in f2: sown, they land in e2 and then on d2.")
/* TRANSLATORS: lesson “expert”, step 4, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Now you are North, who arranges second and sees South’s arrangement: South has a capture ready. Move North’s 28 stones so that none of South’s first moves captures anything.")
/* TRANSLATORS: lesson “expert”, step 4: the hint */
N_("A capture takes North’s inner house facing the last stone, with the outer house behind it. What can South take when North’s inner row is empty?")
/* TRANSLATORS: the title of lesson “game-end” */
N_("How a game ends")
/* TRANSLATORS: the one-line summary of lesson “game-end” */
N_("A player who cannot move loses; a third repetition draws.")
/* TRANSLATORS: teacher notes of lesson “game-end”: what it teaches */
N_("Pupils know how a game ends: a player who cannot move on their turn loses (no stones, only single stones, or only endless moves), and a position that comes up for the third time with the same player to move is a draw.")
/* TRANSLATORS: teacher notes of lesson “game-end”: the usual mistakes, one a line (keep the line breaks) */
N_("Thinking the player with more stones wins: the loser is the one who cannot move.\nThinking a player with stones left cannot lose: single stones alone may not be sown.\nCalling any repeated position a draw: it must come up the third time, with the same player to move.")
/* TRANSLATORS: teacher notes of lesson “game-end”: an activity with real stones */
N_("Pupils play out a position with few real stones on a drawn board. Before every move the other player says whether the mover still has a legal move; stop as soon as someone cannot move and ask who won.")
/* TRANSLATORS: lesson “game-end”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Back to the advanced game, without the arrangement. A player who cannot move on their turn loses: one with no stones, with only single stones, or whose only moves are endless. Here North may sow only d3, its one house with 2 stones. Take it, and North is left with single stones: you win.")
/* TRANSLATORS: lesson “game-end”, step 1: the hint */
N_("Which of your moves ends on your stone below d3?")
/* TRANSLATORS: lesson “game-end”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Not every capture ends the game: North loses only when it cannot move. Find the move after which North has no house of 2 stones left. (A game also ends, in a draw, when the same position with the same player to move comes up for the third time; Kiela counts them for you.)")
/* TRANSLATORS: lesson “game-end”, step 2: the hint */
N_("Which capture takes North’s only house of 2 stones?")
/* TRANSLATORS: lesson “game-end”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("North may sow only i3 and i4, its two houses of 2 stones; its other stones are single. Find the move that captures both: then North cannot move, and loses. Careful: two other moves capture too, but they leave North a move.")
/* TRANSLATORS: lesson “game-end”, step 3: the hint */
N_("Follow the relays: which move’s last stone finally lands in i2, facing i3?")
/* TRANSLATORS: the title of lesson “protect” */
N_("Protect your inner row")
/* TRANSLATORS: the one-line summary of lesson “protect” */
N_("Leave North nothing to capture.")
/* TRANSLATORS: teacher notes of lesson “protect”: what it teaches */
N_("Pupils look at North’s replies before they move: an inner stone is in danger when a North move can end on the house facing it, and moving or emptying such a house keeps it safe.")
/* TRANSLATORS: teacher notes of lesson “protect”: the usual mistakes, one a line (keep the line breaks) */
N_("Looking only at their own move and not at North’s reply.\nThinking outer stones are safe: the outer house behind a captured inner house is taken too.\nWatching only the house North sows from: a relay can carry North’s stones far before the last one lands.")
/* TRANSLATORS: teacher notes of lesson “protect”: an activity with real stones */
N_("Two pupils play on a drawn board with real stones. Before each move the mover points to every North move that could capture next and says how their own move answers it; the partner checks by trying each reply.")
/* TRANSLATORS: lesson “protect”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Your inner stones are in danger when North can end a move on the house facing them. North threatens e2 from c3. Find a move after which North has no capture.")
/* TRANSLATORS: lesson “protect”, step 1: the hint */
N_("An empty house cannot be captured: move the stones of e2 away.")
/* TRANSLATORS: lesson “protect”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Now play against Zola, who never misses a capture, from this position: play 4 moves without losing any stone.")
/* TRANSLATORS: lesson “protect”, step 2: the hint */
N_("Before each move, look at what North could capture next.")
/* TRANSLATORS: the title of lesson “reach” */
N_("Strike before North does")
/* TRANSLATORS: the one-line summary of lesson “reach” */
N_("Take away the stones North would attack with.")
/* TRANSLATORS: teacher notes of lesson “reach”: what it teaches */
N_("Pupils defend by attacking: capturing the stones North would attack with leaves North no capture.")
/* TRANSLATORS: teacher notes of lesson “reach”: the usual mistakes, one a line (keep the line breaks) */
N_("Thinking defence only means moving the threatened stones away.\nCapturing stones North does not need for its threat: the threat is still there.")
/* TRANSLATORS: teacher notes of lesson “reach”: an activity with real stones */
N_("Set up step 1 with real stones. Pupils list North’s moves that capture, look for a South move that takes the stones of that move, and check it by playing North’s replies.")
/* TRANSLATORS: lesson “reach”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("The best defence can be an attack: capture the stones North would attack you with. North threatens f2 from d3. Find the move that leaves North no capture.")
/* TRANSLATORS: lesson “reach”, step 1: the hint */
N_("Can you capture d3 first?")
/* TRANSLATORS: lesson “reach”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("North threatens one of your inner houses again. Strike first: find the move that leaves North no capture.")
/* TRANSLATORS: lesson “reach”, step 2: the hint */
N_("Which North house would end its move facing your stones? Can you capture it first?")
/* TRANSLATORS: the title of lesson “final-beginner” */
N_("Final test: beginner")
/* TRANSLATORS: the one-line summary of lesson “final-beginner” */
N_("Mixed questions on the beginner lessons, without hints: a score to note down.")
/* TRANSLATORS: teacher notes of lesson “final-beginner”: what it teaches */
N_("A short test of the beginner lessons, without hints: where a move’s last stone lands, and finding and following relays in the outer row. Note the score the lesson shows at the end (right at the first try).")
/* TRANSLATORS: teacher notes of lesson “final-beginner”: the usual mistakes, one a line (keep the line breaks) */
N_("Forgetting that the stones go up into the inner row at j1 and run towards a2.\nStopping at the first relay instead of following the move to its end.")
/* TRANSLATORS: teacher notes of lesson “final-beginner”: an activity with real stones */
N_("After the test each pupil sets up the question they missed with real stones and sows it slowly for a partner, saying what each last stone does.")
/* TRANSLATORS: lesson “final-beginner”, step 4, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Where does the move of the marked house finally end?")
/* TRANSLATORS: the title of lesson “final-advanced” */
N_("Final test: advanced")
/* TRANSLATORS: the one-line summary of lesson “final-advanced” */
N_("Mixed questions on the advanced lessons, without hints: a score to note down.")
/* TRANSLATORS: teacher notes of lesson “final-advanced”: what it teaches */
N_("A short test of the advanced lessons, without hints: relays, counting captures, where an army’s last stone lands, protecting the inner row and the longest move. Note the score the lesson shows at the end.")
/* TRANSLATORS: teacher notes of lesson “final-advanced”: the usual mistakes, one a line (keep the line breaks) */
N_("Forgetting North’s outer house when counting a capture.\nForgetting that captured stones are sown on at once, from the house after the capturing one.")
/* TRANSLATORS: teacher notes of lesson “final-advanced”: an activity with real stones */
N_("Pairs compare their answers; for each question they disagree on they play the move with real stones until they agree why the answer is right.")
/* TRANSLATORS: lesson “final-advanced”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("North threatens one of your inner houses. Find the move that leaves North no capture.")
/* TRANSLATORS: the title of lesson “final-expert” */
N_("Final test: expert")
/* TRANSLATORS: the one-line summary of lesson “final-expert” */
N_("Mixed questions on the expert lessons, without hints: a score to note down.")
/* TRANSLATORS: teacher notes of lesson “final-expert”: what it teaches */
N_("A short test of the expert lessons, without hints: counting captures and chains, leaving North no capture, and the longest move. Note the score the lesson shows at the end.")
/* TRANSLATORS: teacher notes of lesson “final-expert”: the usual mistakes, one a line (keep the line breaks) */
N_("Following only the first capture of a chain.\nLooking for a defence before listing North’s captures.")
/* TRANSLATORS: teacher notes of lesson “final-expert”: an activity with real stones */
N_("Each pupil draws a position in which one move leaves North no capture and swaps it with a partner, who solves it with real stones.")

/* hawalis.kiela-lesson */
/* TRANSLATORS: the title of lesson “hawalis” */
N_("Hawalis")
/* TRANSLATORS: the one-line summary of lesson “hawalis” */
N_("A cousin from Oman: you capture by landing in an empty house.")
/* TRANSLATORS: teacher notes of lesson “hawalis”: what it teaches */
N_("Pupils play Hawalis of Oman on seven files and compare it with Kiela: a capture needs the last stone to land in an empty inner house facing North’s stones, and captured stones leave the board and end the move.")
/* TRANSLATORS: teacher notes of lesson “hawalis”: the usual mistakes, one a line (keep the line breaks) */
N_("Capturing on an occupied house as in Kiela: in Hawalis the last stone must land in an empty inner house.\nSowing the captured stones on as an army: in Hawalis they leave the board and the move ends.\nLooking for a chain of captures: a capture always ends the move.")
/* TRANSLATORS: teacher notes of lesson “hawalis”: an activity with real stones */
N_("Draw four rows of seven houses, put 2 real stones in each, and let pairs play a few moves of Hawalis. At each capture put the stones in a bowl, and ask what Kiela would have done with them.")
/* TRANSLATORS: lesson “hawalis”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Hawalis, from Oman, is played on seven files. Its capture is the other way round: the last stone must land in an EMPTY house of your inner row, facing North’s stones. Find a move that captures.")
/* TRANSLATORS: lesson “hawalis”, step 1: the hint */
N_("Relays go on until a last stone lands in an empty house.")
/* TRANSLATORS: lesson “hawalis”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("In Hawalis captured stones leave the board, and the move ends. How many stones does g2 capture?")
/* TRANSLATORS: lesson “hawalis”, step 2: the hint */
N_("A capture takes the North inner house and the outer house behind it.")
/* TRANSLATORS: lesson “hawalis”, step 3: the hint */
N_("In Hawalis the last stone must land in an empty house of your inner row, facing North’s stones: add North’s inner house and the outer house behind it. The captured stones leave the board and the move ends, so there is never a second capture.")

/* omweso.kiela-lesson */
/* TRANSLATORS: the title of lesson “omweso-reverse” */
N_("Omweso’s reverse capture")
/* TRANSLATORS: the one-line summary of lesson “omweso-reverse” */
N_("From your four left-hand houses you may sow clockwise, when that captures.")
/* TRANSLATORS: teacher notes of lesson “omweso-reverse”: what it teaches */
N_("Pupils see that in Omweso the four left-hand houses may also be sown clockwise, and only when that sowing captures.")
/* TRANSLATORS: teacher notes of lesson “omweso-reverse”: the usual mistakes, one a line (keep the line breaks) */
N_("Sowing clockwise from any house: only the four left-hand houses may, and only to capture.\nCounting the stones of the capturing house: the capture takes North’s two houses of that file.")
/* TRANSLATORS: teacher notes of lesson “omweso-reverse”: an activity with real stones */
N_("On a board drawn on paper, four rows of eight, pupils sow b1 both ways with real stones and say which way captures.")
/* TRANSLATORS: lesson “omweso-reverse”, step 1, its text: plain words for a 12-year-old; keep squares (g1) */
N_("In Omweso you sow anticlockwise, as in Kiela. But your four left-hand houses (a1, b1, a2 and b2) may also be sown clockwise, when that sowing captures. Watch b1 sown clockwise: its last stone lands in a2, facing North’s a3 and a4. The move is written b1<; in a game, Shift+click sows clockwise, or a click asks which way.")
/* TRANSLATORS: lesson “omweso-reverse”, step 1: the hint */
N_("Clockwise, the two stones of b1 go first to a1, then up into a2.")
/* TRANSLATORS: lesson “omweso-reverse”, step 2, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Sown the usual way, b2 ends in the empty a1 and captures nothing. Sown clockwise, its two stones go to c2 and d2. How many stones does b2 capture, sown clockwise?")
/* TRANSLATORS: lesson “omweso-reverse”, step 2: the hint */
N_("d2 was not empty, so the last stone captures: count North’s d3 and d4.")
/* TRANSLATORS: lesson “omweso-reverse”, step 3, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Sown clockwise, a2 captures, and the captured stones are sown again the usual way from the next house, a1. Where does the last stone of the whole move land?")
/* TRANSLATORS: lesson “omweso-reverse”, step 3: the hint */
N_("Clockwise, the four stones of a2 end in e2 and capture 3 stones from e3 and e4; sown again from a1, they go to a1, b1 and c1.")
/* TRANSLATORS: lesson “omweso-reverse”, step 4, its text: plain words for a 12-year-old; keep squares (g1) */
N_("A small challenge: sown clockwise, b1 captures, and the last of the captured stones lands in an occupied outer house, so the move goes on. Where does it end?")
/* TRANSLATORS: lesson “omweso-reverse”, step 4: the hint */
N_("b2 captures 6 stones from b3 and b4; sown from c1, they reach h1, which held 2: lift its 3 stones and sow on along your inner row.")
/* TRANSLATORS: lesson “omweso-reverse”, step 5, its text: plain words for a 12-year-old; keep squares (g1) */
N_("Your turn. Sown the usual way, b1 captures nothing here; sown clockwise, it captures. Sow b1 clockwise: Shift+click it, or click it and choose which way.")
/* TRANSLATORS: lesson “omweso-reverse”, step 5: the hint */
N_("Clockwise, the two stones of b1 go to a1, then up into a2, which is not empty: a2 faces North’s a3 and a4.")

/* puzzles.kiela-lesson */
/* TRANSLATORS: the title of lesson “puzzles-easy” */
N_("Puzzles: captures now")
/* TRANSLATORS: the one-line summary of lesson “puzzles-easy” */
N_("Find the best move: it captures at once.")
/* TRANSLATORS: the text of a puzzle */
N_("South to move. One move is clearly better than all the others: find it.")
/* TRANSLATORS: the hint of a puzzle */
N_("The marked houses matter: look for the move that takes their stones now.")
/* TRANSLATORS: the title of lesson “puzzles-medium” */
N_("Puzzles: one reply ahead")
/* TRANSLATORS: the one-line summary of lesson “puzzles-medium” */
N_("Find the best move: look at North’s reply before you choose.")
/* TRANSLATORS: the hint of a puzzle */
N_("The marked houses matter: think of North’s best reply to each move.")
/* TRANSLATORS: the title of lesson “puzzles-hard” */
N_("Puzzles: longer combinations")
/* TRANSLATORS: the one-line summary of lesson “puzzles-hard” */
N_("Find the best move: it wins only after several moves.")
/* TRANSLATORS: the hint of a puzzle */
N_("The marked houses matter: the best line wins their stones a few moves from now.")
