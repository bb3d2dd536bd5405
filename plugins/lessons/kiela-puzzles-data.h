/* kiela-puzzles-data.h: puzzles found by kiela-cli puzzles generate --seed 1 --depth 8 (21 games): do not edit. */

static const KielaLessonStep puzzles_easy[] = {
  /* seen at depth 1, 1 laps, 0 captures */
  PUZZLE ("1,3,2,0,2,3,2,3,1,3/2,1,0,1,0,2,5,2,8,1/0,0,0,0,0,0,0,0,0,0/0,0,2,0,2,2,2,1,0,5 s", "g1", 1, 99999, PUZZLE_HINT_QUIET),
  /* seen at depth 1, 1 laps, 0 captures */
  PUZZLE ("0,5,2,1,0,4,1,0,0,2/4,0,1,4,2,2,1,1,1,1/0,0,1,1,1,0,0,1,3,0/2,2,2,2,2,0,2,2,0,3 s", "i2", 1, 945, PUZZLE_HINT_QUIET),
  /* seen at depth 1, 1 laps, 0 captures */
  PUZZLE ("2,2,1,0,1,4,2,0,2,1/1,2,5,0,3,4,4,3,2,0/0,0,0,1,2,0,0,0,5,0/2,2,0,2,2,0,0,0,0,1 s", "e2", 1, 424, PUZZLE_HINT_QUIET),
  /* seen at depth 1, 2 laps, 1 captures */
  PUZZLE ("2,0,5,2,1,0,2,1,3,0/0,1,2,1,3,8,8,0,6,1/0,2,0,2,0,0,1,0,0,1/1,0,0,2,1,0,0,0,0,0 s", "d2", 1, 99999, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 2 laps, 1 captures */
  PUZZLE ("1,0,1,0,2,0,1,0,1,2/4,3,4,2,3,11,4,1,3,0/0,0,0,2,1,2,1,2,1,0/0,0,0,3,0,0,0,0,0,1 s", "h2", 1, 99999, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 2 laps, 1 captures */
  PUZZLE ("0,1,0,1,0,3,4,0,1,2/3,1,5,2,4,9,1,5,1,0/2,1,1,0,2,0,0,4,0,0/2,1,0,0,0,0,0,0,0,0 s", "e2", 1, 99999, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 2 laps, 1 captures */
  PUZZLE ("4,1,0,1,3,3,0,3,3,0/0,1,0,5,1,2,2,1,1,1/0,0,0,0,0,1,0,3,0,3/2,2,2,0,3,0,0,4,1,3 s", "j1", 1, 2604, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 2 laps, 1 captures */
  PUZZLE ("2,0,1,1,0,3,0,3,0,2/1,5,2,5,1,3,2,1,0,0/0,0,0,0,1,2,4,0,1,4/0,3,0,0,3,0,3,3,0,0 s", "j2", 1, 1888, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 2 laps, 1 captures */
  PUZZLE ("0,1,2,0,1,0,3,0,3,1/5,3,3,5,1,0,7,1,4,4/0,0,0,2,0,0,0,0,3,0/0,0,0,3,0,1,0,0,1,2 s", "j1", 1, 1567, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 2 laps, 1 captures */
  PUZZLE ("1,0,4,2,5,0,1,1,1,1/0,1,3,5,0,1,1,2,1,1/0,0,1,1,1,2,5,0,3,6/0,3,0,0,1,1,0,0,0,1 s", "f2", 1, 838, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 2 laps, 1 captures */
  PUZZLE ("3,0,2,2,0,2,2,2,2,2/0,0,2,1,1,1,1,1,0,0/1,1,1,1,2,2,4,1,0,4/2,0,0,1,4,0,1,2,5,0 s", "g2", 1, 421, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 3 laps, 1 captures */
  PUZZLE ("1,2,3,0,1,1,2,2,0,2/2,6,6,5,1,0,2,4,2,1/2,0,1,1,4,0,0,0,1,0/2,0,1,0,0,0,0,0,0,1 s", "e2", 1, 99999, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 3 laps, 1 captures */
  PUZZLE ("0,3,2,0,1,0,0,1,0,1/1,1,1,0,5,0,2,3,3,3/7,5,2,0,2,1,0,0,0,1/0,2,1,1,0,2,2,0,2,1 s", "i1", 1, 3822, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 4 laps, 1 captures */
  PUZZLE ("5,1,1,0,1,1,1,0,1,1/0,0,1,3,6,0,4,2,1,1/1,2,0,0,1,1,0,7,1,2/0,0,1,1,1,0,0,2,0,6 s", "j1", 1, 2342, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 5 laps, 1 captures */
  PUZZLE ("0,2,0,1,0,0,2,2,3,1/1,1,5,0,4,1,2,6,2,0/3,0,2,1,1,5,0,0,0,1/2,2,0,1,0,1,2,0,1,1 s", "f2", 1, 1927, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 3 laps, 1 captures */
  PUZZLE ("5,1,2,0,0,0,3,0,2,2/0,5,2,5,3,3,3,1,1,0/0,0,0,1,2,0,0,0,5,0/2,2,0,0,0,0,0,1,0,5 s", "i2", 1, 1224, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 4 laps, 1 captures */
  PUZZLE ("3,1,4,1,0,3,0,2,2,2/3,0,3,3,1,0,0,0,0,0/0,0,0,1,1,0,4,4,1,0/2,2,2,2,2,2,0,0,1,4 s", "h2", 1, 912, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 3 laps, 1 captures */
  PUZZLE ("2,0,1,0,1,2,2,1,0,3/1,1,0,1,1,1,2,0,1,2/2,5,2,5,0,5,2,0,1,1/1,0,2,3,2,0,1,1,1,0 s", "f2", 1, 722, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 7 laps, 1 captures */
  PUZZLE ("1,0,0,0,1,1,1,1,2,1/0,0,0,1,1,1,0,2,0,2/1,3,2,3,8,0,5,5,0,5/2,2,1,0,2,0,1,0,1,0 s", "e1", 1, 100000, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 4 laps, 2 captures */
  PUZZLE ("0,1,1,0,0,1,1,0,2,1/1,1,2,1,2,2,6,1,3,1/3,0,2,0,0,3,1,9,0,4/2,2,1,0,0,0,1,0,0,1 s", "j2", 1, 3794, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 3 laps, 2 captures */
  PUZZLE ("0,1,2,0,1,0,1,2,1,0/2,2,1,3,1,1,1,0,0,2/4,0,0,2,5,5,2,4,3,1/1,0,2,0,2,0,2,0,1,1 s", "h2", 1, 2652, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 4 laps, 2 captures */
  PUZZLE ("1,0,1,2,1,2,2,0,0,2/3,2,2,1,2,2,3,6,1,0/0,0,1,4,0,0,2,1,4,1/1,0,1,0,0,0,3,2,2,1 s", "g1", 1, 2363, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 3 laps, 2 captures */
  PUZZLE ("2,1,0,1,2,1,2,0,2,3/2,1,1,1,1,4,2,4,1,4/0,3,2,0,2,0,0,1,0,0/0,1,4,1,3,0,1,1,2,0 s", "e2", 1, 2005, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 3 laps, 2 captures */
  PUZZLE ("4,1,0,1,0,2,0,1,1,1/4,1,1,0,1,2,0,3,0,0/0,2,2,5,0,6,2,2,0,1/0,0,4,4,2,1,0,1,0,1 s", "h2", 1, 1292, PUZZLE_HINT_CAPTURE),
};

static const KielaLessonStep puzzles_medium[] = {
  /* seen at depth 1, 3 laps, 2 captures */
  PUZZLE ("5,2,2,0,0,0,1,0,3,0/1,3,5,1,4,1,2,3,2,1/0,0,0,0,2,3,0,1,1,2/2,0,0,0,1,1,0,1,1,5 s", "j2", 1, 974, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 3 laps, 2 captures */
  PUZZLE ("1,0,0,0,3,1,1,1,1,0/0,3,2,1,3,1,2,4,2,3/2,1,0,3,0,4,0,2,0,6/3,1,0,3,0,1,0,0,1,0 s", "h2", 1, 853, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 3 laps, 2 captures */
  PUZZLE ("2,1,0,1,0,2,1,3,3,0/0,1,5,1,3,2,1,2,1,1/0,0,0,1,2,0,4,0,4,4/2,2,2,2,0,0,1,0,0,2 s", "j1", 1, 648, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 4 laps, 3 captures */
  PUZZLE ("0,1,1,0,1,1,0,3,0,2/4,1,1,2,1,1,1,1,1,1/1,3,3,0,4,4,1,0,1,2/0,4,1,0,3,0,3,3,0,0 s", "h1", 1, 100000, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 6 laps, 2 captures */
  PUZZLE ("4,1,1,5,0,1,1,0,3,3/0,2,4,0,3,1,1,2,1,1/0,0,0,1,1,2,2,0,0,1/2,2,2,2,0,0,3,0,0,4 s", "b1", 1, 3224, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 4 laps, 3 captures */
  PUZZLE ("0,5,0,0,1,0,1,0,2,2/2,4,4,1,2,2,1,1,1,0/0,0,0,1,0,1,3,3,1,3/0,3,0,3,0,0,1,4,1,3 s", "h1", 1, 1701, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 6 laps, 2 captures */
  PUZZLE ("2,0,4,1,2,0,1,4,0,0/4,1,1,1,1,2,2,1,1,1/1,1,1,2,2,0,2,5,0,1/2,0,3,0,1,1,1,3,1,0 s", "h2", 1, 1261, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 4 laps, 3 captures */
  PUZZLE ("0,1,2,1,1,0,1,0,1,0/1,2,1,1,2,1,1,0,1,3/1,0,0,4,5,3,4,1,7,0/2,0,0,0,0,3,2,1,3,0 s", "i1", 1, 892, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 6 laps, 3 captures */
  PUZZLE ("0,1,1,0,1,0,1,0,0,0/4,2,2,2,1,1,1,2,0,0/1,0,3,0,3,1,3,8,3,3/1,0,4,0,2,4,1,0,0,0 s", "i2", 1, 100000, PUZZLE_HINT_CAPTURE),
  /* seen at depth 1, 14 laps, 3 captures */
  PUZZLE ("0,2,3,2,0,2,0,5,0,0/1,1,0,1,0,1,0,0,0,0/2,5,1,4,0,2,1,2,2,3/0,0,2,6,2,1,4,0,1,0 s", "b2", 1, 100000, PUZZLE_HINT_CAPTURE),
  /* seen at depth 3, 2 laps, 0 captures */
  PUZZLE ("4,0,1,4,0,0,3,1,0,3/1,4,0,1,0,3,3,2,1,1/0,0,0,0,1,2,0,4,2,5/0,3,0,3,0,1,0,0,1,2 s", "j2", 3, 1672, PUZZLE_HINT_QUIET),
  /* seen at depth 3, 1 laps, 0 captures */
  PUZZLE ("1,4,0,1,4,1,0,3,3,0/0,0,2,5,1,3,2,1,1,1/0,0,0,0,0,0,0,3,1,4/2,2,2,2,2,0,0,0,1,4 s", "j2", 3, 800, PUZZLE_HINT_QUIET),
  /* seen at depth 3, 1 laps, 0 captures */
  PUZZLE ("1,2,3,0,1,2,1,1,0,2/0,3,1,1,7,4,5,1,0,2/0,7,0,1,0,0,0,2,1,4/0,1,3,0,0,0,0,0,0,0 s", "j2", 3, 429, PUZZLE_HINT_QUIET),
  /* seen at depth 3, 2 laps, 1 captures */
  PUZZLE ("0,2,0,1,0,1,2,2,1,1/1,0,2,0,2,7,5,3,5,2/1,3,0,1,3,1,2,0,1,0/1,0,3,0,1,0,0,0,0,2 s", "g2", 3, 1826, PUZZLE_HINT_CAPTURE),
  /* seen at depth 3, 2 laps, 1 captures */
  PUZZLE ("1,2,3,0,1,2,1,1,1,3/0,3,1,1,0,5,6,2,1,3/0,7,0,1,0,1,1,3,2,0/0,1,3,0,0,0,0,0,0,0 s", "i2", 3, 1126, PUZZLE_HINT_CAPTURE),
  /* seen at depth 3, 2 laps, 1 captures */
  PUZZLE ("2,0,1,0,0,0,0,2,0,1/5,5,3,5,1,3,1,3,4,1/1,2,0,0,3,1,3,3,4,0/0,0,0,0,0,0,0,1,0,1 s", "h2", 3, 576, PUZZLE_HINT_CAPTURE),
  /* seen at depth 3, 2 laps, 1 captures */
  PUZZLE ("0,1,0,3,0,3,0,0,0,2/4,3,3,2,3,3,4,1,1,1/0,0,0,5,1,0,0,2,5,2/1,0,0,0,0,0,0,3,3,0 s", "h1", 3, 337, PUZZLE_HINT_CAPTURE),
  /* seen at depth 3, 3 laps, 1 captures */
  PUZZLE ("1,0,1,0,0,0,0,0,0,0/0,4,0,4,2,4,1,0,2,1/1,4,3,1,3,0,5,3,5,5/1,0,2,0,0,0,0,1,0,2 s", "j2", 3, 1250, PUZZLE_HINT_CAPTURE),
  /* seen at depth 3, 5 laps, 2 captures */
  PUZZLE ("4,1,4,0,1,4,0,1,4,1/0,1,2,2,0,3,3,2,2,1/0,0,0,1,0,2,0,1,0,4/2,2,2,0,1,0,3,1,0,1 s", "c1", 3, 1740, PUZZLE_HINT_CAPTURE),
  /* seen at depth 3, 4 laps, 2 captures */
  PUZZLE ("0,0,2,1,1,0,2,0,1,1/3,2,8,1,2,2,1,1,3,2/1,1,2,4,0,0,3,1,0,0/1,1,0,1,1,0,0,1,1,5 s", "g2", 3, 854, PUZZLE_HINT_CAPTURE),
  /* seen at depth 4, 2 laps, 0 captures */
  PUZZLE ("1,0,2,0,1,0,0,1,0,0/1,0,0,0,0,0,0,2,1,3/6,1,8,0,1,4,1,0,0,0/2,1,4,5,2,3,2,2,1,1 s", "h1", 4, 100000, PUZZLE_HINT_QUIET),
  /* seen at depth 3, 6 laps, 2 captures */
  PUZZLE ("2,3,1,4,0,1,2,1,0,0/2,2,7,2,2,2,2,1,2,1/0,0,1,5,0,3,0,2,1,1/0,0,1,1,0,1,0,1,0,2 s", "h2", 3, 1508, PUZZLE_HINT_CAPTURE),
  /* seen at depth 3, 5 laps, 3 captures */
  PUZZLE ("5,0,1,0,0,0,0,2,2,2/0,5,0,2,1,2,1,1,0,0/0,0,0,2,2,2,4,1,4,1/2,2,0,3,0,0,4,1,0,4 s", "g1", 3, 428, PUZZLE_HINT_CAPTURE),
  /* seen at depth 4, 3 laps, 0 captures */
  PUZZLE ("0,0,0,1,1,2,0,2,1,3/1,0,0,1,0,1,0,3,5,1/5,2,4,2,2,0,0,10,1,0/1,3,2,1,0,0,0,0,0,1 s", "b2", 4, 824, PUZZLE_HINT_QUIET),
};

static const KielaLessonStep puzzles_hard[] = {
  /* seen at depth 4, 5 laps, 1 captures */
  PUZZLE ("1,0,1,1,1,4,0,1,2,0/2,2,3,0,1,0,1,2,1,1/1,2,0,0,1,1,0,2,3,0/1,5,1,5,3,0,1,0,2,4 s", "b1", 4, 2603, PUZZLE_HINT_CAPTURE),
  /* seen at depth 4, 3 laps, 1 captures */
  PUZZLE ("1,0,1,0,0,0,0,0,1,1/0,4,0,4,0,0,2,1,3,0/2,5,0,2,4,1,6,4,6,0/2,1,2,0,0,0,0,1,0,2 s", "d2", 4, 1093, PUZZLE_HINT_CAPTURE),
  /* seen at depth 4, 3 laps, 1 captures */
  PUZZLE ("1,0,1,0,1,2,4,4,0,1/1,2,1,1,5,2,3,0,0,1/4,0,3,2,2,0,1,1,1,2/0,0,2,1,0,1,0,2,2,2 s", "i1", 4, 661, PUZZLE_HINT_CAPTURE),
  /* seen at depth 4, 8 laps, 1 captures */
  PUZZLE ("0,4,1,0,2,5,0,1,3,0/1,1,1,0,0,0,1,0,1,3/5,2,0,2,4,1,1,1,1,0/4,0,1,3,0,3,0,1,1,2 s", "b2", 4, 1107, PUZZLE_HINT_CAPTURE),
  /* seen at depth 4, 4 laps, 2 captures */
  PUZZLE ("1,2,1,2,0,1,1,1,0,2/1,2,1,6,2,0,3,1,2,0/1,1,1,1,1,3,2,5,1,0/0,3,3,1,0,0,0,4,0,0 s", "h2", 4, 421, PUZZLE_HINT_CAPTURE),
  /* seen at depth 5, 1 laps, 0 captures */
  PUZZLE ("3,0,2,0,1,1,1,0,0,0/3,2,0,0,1,2,0,3,0,4/0,1,1,4,3,6,2,2,0,1/0,0,4,4,2,1,0,1,0,1 s", "d2", 5, 1272, PUZZLE_HINT_QUIET),
  /* seen at depth 5, 2 laps, 0 captures */
  PUZZLE ("0,1,1,2,1,0,2,4,2,1/0,0,0,0,0,0,9,8,0,2/0,3,0,3,4,0,2,2,0,0/1,3,1,0,1,0,1,1,0,1 s", "b2", 5, 708, PUZZLE_HINT_QUIET),
  /* seen at depth 4, 5 laps, 3 captures */
  PUZZLE ("3,0,0,2,0,2,2,2,2,2/3,1,1,1,0,1,0,0,0,0/0,2,2,2,3,3,0,1,0,1/0,4,1,3,3,0,3,3,0,3 s", "j1", 4, 319, PUZZLE_HINT_CAPTURE),
  /* seen at depth 5, 3 laps, 0 captures */
  PUZZLE ("1,1,1,0,2,0,2,2,3,1/0,0,5,0,4,1,2,6,2,0/3,0,2,1,1,5,0,0,0,1/2,2,2,0,2,0,1,1,0,0 s", "c1", 5, 822, PUZZLE_HINT_QUIET),
  /* seen at depth 6, 2 laps, 0 captures */
  PUZZLE ("0,1,2,1,0,0,1,1,0,2/0,0,2,2,1,0,2,0,3,5/2,2,2,1,7,5,6,1,0,0/0,1,1,1,0,3,0,0,1,0 s", "e2", 6, 437, PUZZLE_HINT_QUIET),
  /* seen at depth 6, 3 laps, 0 captures */
  PUZZLE ("0,1,1,1,0,2,0,2,0,2/0,0,1,1,6,7,0,2,2,2/3,2,0,4,0,0,0,3,1,0/3,2,3,1,1,0,2,1,0,0 s", "a2", 6, 1087, PUZZLE_HINT_QUIET),
  /* seen at depth 6, 4 laps, 0 captures */
  PUZZLE ("0,0,1,0,1,2,2,1,1,4/0,1,0,1,1,1,2,0,1,0/3,6,3,6,1,0,2,0,1,1/2,1,0,4,3,1,1,1,1,0 s", "b2", 6, 590, PUZZLE_HINT_QUIET),
  /* seen at depth 6, 3 laps, 1 captures */
  PUZZLE ("1,1,1,1,0,2,1,2,0,2/1,0,0,1,2,3,3,0,1,3/2,2,1,3,4,1,1,1,1,0/4,4,1,2,3,1,0,0,0,0 s", "d2", 6, 666, PUZZLE_HINT_CAPTURE),
  /* seen at depth 6, 6 laps, 1 captures */
  PUZZLE ("0,1,1,0,1,1,0,3,3,0/0,5,1,0,2,4,3,2,2,1/2,1,0,1,2,0,1,5,0,0/1,1,4,2,0,1,2,1,0,2 s", "a2", 6, 687, PUZZLE_HINT_CAPTURE),
  /* seen at depth 7, 2 laps, 0 captures */
  PUZZLE ("0,2,0,1,0,1,1,6,2,2/2,1,1,0,1,1,2,5,2,0/0,3,1,4,0,1,1,0,3,0/1,0,1,0,7,0,2,1,1,0 s", "g1", 7, 897, PUZZLE_HINT_QUIET),
  /* seen at depth 7, 1 laps, 0 captures */
  PUZZLE ("0,0,1,0,1,1,2,1,0,2/0,0,6,8,2,3,10,4,0,2/2,1,0,0,2,2,0,0,0,1/1,1,1,0,0,1,0,0,1,0 s", "e2", 7, 460, PUZZLE_HINT_QUIET),
  /* seen at depth 7, 2 laps, 1 captures */
  PUZZLE ("1,1,2,0,3,0,0,0,0,2/1,8,2,5,4,6,0,1,1,1/3,1,1,1,2,1,2,2,0,1/0,0,0,0,0,0,1,2,1,0 s", "e2", 7, 357, PUZZLE_HINT_CAPTURE),
  /* seen at depth 7, 3 laps, 2 captures */
  PUZZLE ("0,0,0,1,2,0,1,4,0,0/5,2,1,2,2,3,3,2,2,1/2,0,2,3,0,1,3,0,1,2/3,0,0,1,0,2,0,4,0,1 s", "g2", 7, 1133, PUZZLE_HINT_CAPTURE),
  /* seen at depth 8, 2 laps, 0 captures */
  PUZZLE ("2,0,0,1,0,0,1,4,1,0/1,0,0,1,0,0,0,0,0,0/6,0,1,4,1,3,0,2,0,2/1,7,2,1,2,4,1,6,1,1 s", "h2", 8, 100000, PUZZLE_HINT_QUIET),
  /* seen at depth 7, 5 laps, 3 captures */
  PUZZLE ("1,1,0,0,1,1,2,4,0,1/1,2,6,3,4,2,2,2,2,2/0,0,1,0,0,2,6,0,2,0/2,0,1,0,1,0,2,0,2,0 s", "g1", 7, 729, PUZZLE_HINT_CAPTURE),
  /* seen at depth 8, 4 laps, 0 captures */
  PUZZLE ("1,1,2,0,0,1,3,0,1,0/0,0,0,0,0,0,0,0,0,0/4,3,2,0,5,0,10,1,1,5/0,4,1,4,2,0,2,2,1,0 s", "j2", 8, 100000, PUZZLE_HINT_QUIET),
  /* seen at depth 8, 2 laps, 1 captures */
  PUZZLE ("1,0,4,0,2,2,1,0,1,3/2,1,0,3,1,3,3,2,2,2/0,1,1,2,2,1,1,0,1,4/0,0,4,1,0,2,1,0,0,2 s", "j2", 8, 618, PUZZLE_HINT_CAPTURE),
  /* seen at depth 8, 3 laps, 0 captures */
  PUZZLE ("1,0,0,0,1,1,2,0,4,2/0,1,0,1,1,3,3,5,3,6/1,5,3,0,1,0,1,0,0,1/3,1,2,0,2,1,1,0,0,0 s", "c2", 8, 320, PUZZLE_HINT_QUIET),
  /* seen at depth 8, 7 laps, 0 captures */
  PUZZLE ("0,1,1,0,2,0,1,4,1,0/1,0,0,1,0,0,0,0,0,0/4,8,2,3,0,2,4,1,1,1/1,5,0,3,0,2,1,4,2,0 s", "b1", 8, 320, PUZZLE_HINT_QUIET),
};

