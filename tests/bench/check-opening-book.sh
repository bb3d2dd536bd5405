#!/bin/sh
# check-opening-book.sh: scripts/opening-book.sh writes a book the AI module plays from, and the
# AI module plays a book's move only when it is legal, with book=1, and survives a bad file.
#   check-opening-book.sh SOURCE_ROOT BUILD_ROOT
set -eu
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
cli="$build/app/kiela-cli"
export KIELA_UNINSTALLED="$build"
fail () { echo "FAIL: $*"; exit 1; }
start='2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,2,2,2,2/2,2,2,2,2,2,2,2,2,2 s'

# A book of the first 3 plies at depth 3: its [Book] record and, in kiela, the start, North's
# 14 first replies' positions (one of each 14 South first moves) and South's 14 second moves.
VARIANTS="kiela kiela-beginner" PLIES=3 DEPTH=3 JOBS=1 scripts/opening-book.sh "$build" "$tmp/book.ini" 2> "$tmp/err" \
  || { cat "$tmp/err"; fail "opening-book.sh failed"; }
grep -qx 'depth=3' "$tmp/book.ini" || fail "no depth=3 in the book"
grep -qx 'plies=3' "$tmp/book.ini" || fail "no plies=3 in the book"
grep -q '^date=20[0-9][0-9]-[01][0-9]-[0-3][0-9]$' "$tmp/book.ini" || fail "no date in the book"
grep -qx '\[Moves kiela\]' "$tmp/book.ini" && grep -qx '\[Moves kiela-beginner\]' "$tmp/book.ini" || fail "a variant's group is missing"
kiela=$(sed -n '/^\[Moves kiela\]$/,/^\[/p' "$tmp/book.ini" | grep -c '=')
[ "$kiela" = 29 ] || fail "kiela's group has $kiela positions, not 1 + 14 + 14"
# The book's move for the start, played by the master with the book and no search.
move=$(grep -F "$start=" "$tmp/book.ini" | sed 's/.*=\([a-j][1-4]\) .*/\1/')
[ -n "$move" ] || fail "the start is not in the book"
KIELA_AI_BOOK="$tmp/book.ini" "$cli" bestmove --ai "mpanzu book=1" > "$tmp/out" 2> "$tmp/err"
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "the AI module complained about the written book"; }
grep -qx "move $move" "$tmp/out" && grep -qx 'nodes 0' "$tmp/out" && grep -qx 'depth 3' "$tmp/out" \
  || { cat "$tmp/out"; fail "the master did not play the book's $move without searching"; }

# The book deepened along the plain alpha-beta's lines (scripts/opening-book-lines.sh): the depth-3
# book's plies become 6, the lines' record is in [Book], and a new position on the book side's turn
# (past the old plies) is played from the book without a search.
cp "$tmp/book.ini" "$tmp/lines.ini"
PLIES=6 DEPTH=3 OPPONENT="plain-alphabeta depth=2" SPREAD=0 JOBS=1 scripts/opening-book-lines.sh "$build" "$tmp/lines.ini" 2> "$tmp/err" \
  || { cat "$tmp/err"; fail "opening-book-lines.sh failed"; }
grep -qx 'plies=6' "$tmp/lines.ini" || fail "the lines' book does not cover 6 plies"
grep -q '^lines=plain-alphabeta depth=2, 6 plies, spread 0, depth 3, 20[0-9-]*, [0-9]* s$' "$tmp/lines.ini" || fail "no lines= record"
[ "$(grep -c '=' "$tmp/lines.ini")" -gt "$(grep -c '=' "$tmp/book.ini")" ] || fail "no new positions in the lines' book"
# South's first move, then the plain player's depth-2 reply, and so on: the position before
# South's third move (ply 4) is new; the master plays the book's move there.
pos=$start
for ply in 0 1 2 3; do
  if [ $((ply % 2)) = 0 ]; then
    m=$(grep -F "$pos=" "$tmp/lines.ini" | sed 's/.*=\([a-j][1-4]\) .*/\1/')
  else
    m=$(KIELA_PLUGIN_PATH="$build/tests/bench" "$cli" bestmove --position "$pos" --ai "plain-alphabeta depth=2" | sed -n 's/^move //p')
  fi
  [ -n "$m" ] || fail "no move at ply $ply of the line"
  pos=$("$cli" play --position "$pos" "$m" --json | sed 's/.*"position":"\([^"]*\)".*/\1/')
done
grep -qF "$pos=" "$tmp/book.ini" && fail "ply 4's position was in the book already"
m=$(grep -F "$pos=" "$tmp/lines.ini" | sed 's/.*=\([a-j][1-4]\) .*/\1/')
[ -n "$m" ] || fail "ply 4 of the plain player's line is not in the lines' book"
KIELA_AI_BOOK="$tmp/lines.ini" "$cli" bestmove --position "$pos" --ai "mpanzu book=1" > "$tmp/out" 2> "$tmp/err"
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "the AI module complained about the lines' book"; }
grep -qx "move $m" "$tmp/out" && grep -qx 'nodes 0' "$tmp/out" || { cat "$tmp/out"; fail "the lines' $m was not played from the book"; }

# A hand-made book: a1 at the start (legal: kiela-cli play accepts it; not what the search plays).
"$cli" play a1 > /dev/null || fail "a1 is not legal at the start"
printf '[Book]\ndepth=9\nplies=2\n[Moves kiela]\n%s=a1 -5\n' "$start" > "$tmp/a1.ini"
KIELA_AI_BOOK="$tmp/a1.ini" "$cli" bestmove --ai "mpanzu book=1" > "$tmp/out"
grep -qx 'move a1' "$tmp/out" && grep -qx 'score -5' "$tmp/out" && grep -qx 'depth 9' "$tmp/out" \
  || { cat "$tmp/out"; fail "the book's a1 was not played"; }
# book=0 searches.
KIELA_AI_BOOK="$tmp/a1.ini" "$cli" bestmove --ai "mpanzu book=0" --nodes 3000 > "$tmp/out"
grep -qx 'nodes 0' "$tmp/out" && fail "book=0 played from the book"
# Another variant's start is not in kiela's group.
KIELA_AI_BOOK="$tmp/a1.ini" "$cli" bestmove --variant kiela-beginner --ai "mpanzu book=1" --nodes 3000 > "$tmp/out"
grep -qx 'nodes 0' "$tmp/out" && fail "kiela's book was used in kiela-beginner"
# An illegal book move (a2 is empty at the start) is not played: the master searches.
printf '[Book]\ndepth=9\nplies=2\n[Moves kiela]\n%s=a2 0\n' "$start" > "$tmp/bad-move.ini"
KIELA_AI_BOOK="$tmp/bad-move.ini" "$cli" bestmove --ai "mpanzu book=1" --nodes 3000 > "$tmp/out"
grep -qx 'move a2' "$tmp/out" && fail "the illegal a2 was played"
grep -qx 'nodes 0' "$tmp/out" && fail "the illegal a2's entry stopped the search"
# A North move for a South position is not played either.
printf '[Book]\ndepth=9\nplies=2\n[Moves kiela]\n%s=a4 0\n' "$start" > "$tmp/side.ini"
KIELA_AI_BOOK="$tmp/side.ini" "$cli" bestmove --ai "mpanzu book=1" --nodes 3000 > "$tmp/out"
grep -qx 'nodes 0' "$tmp/out" && fail "North's a4 was played for South"
# Malformed files: named on standard error with the fault; the master still moves, by searching.
for bad in 'hello' '[Book]\ndepth=x\nplies=2\n' "[Book]\ndepth=9\nplies=2\n[Moves kiela]\nnot a position=a1 0\n" \
           "[Book]\ndepth=9\nplies=2\n[Moves kiela]\n$start=a1 x\n"; do
  printf "$bad" > "$tmp/bad.ini"
  KIELA_AI_BOOK="$tmp/bad.ini" "$cli" bestmove --ai "mpanzu book=1" --nodes 3000 > "$tmp/out" 2> "$tmp/err" \
    || { cat "$tmp/err"; fail "no move with a malformed book"; }
  grep -q "the opening book $tmp/bad.ini: .*; playing without it" "$tmp/err" || { cat "$tmp/err"; fail "no message for a malformed book"; }
  grep -qx 'nodes 0' "$tmp/out" && fail "a malformed book was played from"
done
KIELA_AI_BOOK="$tmp/missing.ini" "$cli" bestmove --ai "mpanzu book=1" --nodes 3000 > "$tmp/out" 2> "$tmp/err" || fail "no move without a book"
grep -q 'missing.ini: .*playing without it' "$tmp/err" || { cat "$tmp/err"; fail "no message for a missing book"; }
# kiela-expert: the arrangements first ([Arrange kiela-expert]: South's at the start, North's after
# it and after the start), then the first 2 plies from the arranged boards.
VARIANTS=kiela-expert PLIES=2 DEPTH=3 JOBS=1 ARRANGE="arrange-candidates=20" ARRANGE_TRIES=2 scripts/opening-book.sh "$build" "$tmp/expert.ini" 2> "$tmp/err" \
  || { cat "$tmp/err"; fail "opening-book.sh failed for kiela-expert"; }
grep -qx '\[Arrange kiela-expert\]' "$tmp/expert.ini" || fail "no [Arrange kiela-expert] group"
arrangements=$(sed -n '/^\[Arrange kiela-expert\]$/,/^\[/p' "$tmp/expert.ini" | grep -c '=')
[ "$arrangements" = 3 ] || fail "$arrangements arrangements, not South's and North's two"
south_after=$(grep -F "$start=" "$tmp/expert.ini" | sed 's/^[^=]*=\(.* s\) -*[0-9]*$/\1/')
[ -n "$south_after" ] && [ "$south_after" != "$start" ] || fail "no South arrangement for the expert start"
# Its North rows are the start's; South's 28 stones are rearranged.
[ "$(echo "$south_after" | cut -d/ -f1,2)" = "$(echo "$start" | cut -d/ -f1,2)" ] || fail "South's book arrangement moved North's stones: $south_after"
KIELA_AI_BOOK="$tmp/expert.ini" "$cli" arrange --ai "mpanzu book=1" > "$tmp/out" 2> "$tmp/err"
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "the AI module complained about the expert book"; }
grep -qxF "position $south_after" "$tmp/out" || { cat "$tmp/out"; fail "the master did not arrange as the book says"; }
# North's answer to South's book arrangement, played from the book.
north_key=$(echo "$south_after" | sed 's/ s$/ n/')
north_after=$(grep -F "$north_key=" "$tmp/expert.ini" | sed 's/^[^=]*=\(.* s\) -*[0-9]*$/\1/')
[ -n "$north_after" ] || fail "no North answer to South's book arrangement"
KIELA_AI_BOOK="$tmp/expert.ini" "$cli" arrange --side north --position "$south_after" --ai "mpanzu book=1" > "$tmp/out"
grep -qxF "position $north_after" "$tmp/out" || { cat "$tmp/out"; fail "North did not answer as the book says"; }
# The play tree starts from the arranged boards: South's first move there is in the book.
grep -qF "$north_after=" "$tmp/expert.ini" || fail "the arranged board has no book move"
# A hand-made arrangement (all 28 South stones in a1, which no search picks) is played with book=1 only.
all_a1='2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/28,0,0,0,0,0,0,0,0,0 s'
printf '[Book]\ndepth=9\nplies=2\n[Arrange kiela-expert]\n%s=%s 7\n' "$start" "$all_a1" > "$tmp/a1-arrange.ini"
KIELA_AI_BOOK="$tmp/a1-arrange.ini" "$cli" arrange --ai "mpanzu book=1" > "$tmp/out"
grep -qxF "position $all_a1" "$tmp/out" || { cat "$tmp/out"; fail "the book's arrangement was not played"; }
KIELA_AI_BOOK="$tmp/a1-arrange.ini" "$cli" arrange --ai "mpanzu book=0" --nodes 20000 > "$tmp/out"
grep -qxF "position $all_a1" "$tmp/out" && fail "book=0 arranged from the book"
# Arrangements that move the other side's stones or change the side's total are not played.
for bad in '2,2,2,2,2,2,2,2,2,0/2,2,2,2,2,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/28,0,0,0,0,0,0,0,0,0 s' \
           '2,2,2,2,2,2,2,2,2,2/2,2,2,2,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0/27,0,0,0,0,0,0,0,0,0 s'; do
  printf '[Book]\ndepth=9\nplies=2\n[Arrange kiela-expert]\n%s=%s 7\n' "$start" "$bad" > "$tmp/bad-arrange.ini"
  KIELA_AI_BOOK="$tmp/bad-arrange.ini" "$cli" arrange --ai "mpanzu book=1" --nodes 20000 > "$tmp/out" 2> "$tmp/err" \
    || { cat "$tmp/err"; fail "no arrangement with a wrong book arrangement"; }
  grep -qxF "position $bad" "$tmp/out" && fail "the wrong arrangement $bad was played"
  grep -q '^position ' "$tmp/out" || fail "no arrangement searched instead of $bad"
done
# An arrangement without its score is a malformed book.
printf '[Book]\ndepth=9\nplies=2\n[Arrange kiela-expert]\n%s=%s\n' "$start" "$all_a1" > "$tmp/bad.ini"
KIELA_AI_BOOK="$tmp/bad.ini" "$cli" arrange --ai "mpanzu book=1" --nodes 20000 > "$tmp/out" 2> "$tmp/err" || fail "no arrangement with a malformed book"
grep -q "has no arrangement.*playing without it" "$tmp/err" || { cat "$tmp/err"; fail "no message for an arrangement without a score"; }

# The shipped book is read without a complaint, and the master plays its start move from it.
"$cli" bestmove --ai "mpanzu book=1" > "$tmp/out" 2> "$tmp/err"
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "the shipped book was refused"; }
grep -qx 'nodes 0' "$tmp/out" || { cat "$tmp/out"; fail "the master did not play the start from the shipped book"; }
# ... and arranges kiela-expert's stones from its [Arrange kiela-expert] group.
shipped_after=$(sed -n '/^\[Arrange kiela-expert\]$/,/^\[/p' "$build/data/ai/opening-book.ini" | grep -F "$start=" \
                | sed 's/^[^=]*=\(.* s\) -*[0-9]*$/\1/')
[ -n "$shipped_after" ] || fail "the shipped book has no arrangement for kiela-expert's start"
"$cli" arrange --ai "mpanzu book=1" > "$tmp/out" 2> "$tmp/err"
grep -qxF "position $shipped_after" "$tmp/out" || { cat "$tmp/out" "$tmp/err"; fail "the master did not arrange from the shipped book"; }
echo "ok: a $kiela-position book at depth 3 and kiela-expert's arrangements are played, bad books are refused"
