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
# The shipped book is read without a complaint, and the master plays its start move from it.
"$cli" bestmove --ai "mpanzu book=1" > "$tmp/out" 2> "$tmp/err"
[ ! -s "$tmp/err" ] || { cat "$tmp/err"; fail "the shipped book was refused"; }
grep -qx 'nodes 0' "$tmp/out" || { cat "$tmp/out"; fail "the master did not play the start from the shipped book"; }
echo "ok: a $kiela-position book at depth 3 is played, bad books are refused"
