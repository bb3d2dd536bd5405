#!/bin/sh
# check-texel-tune.sh: scripts/texel-tune.sh plays games, fits weights no worse than the ones it
# started from on its positions, and writes a weights file the AI module reads without a complaint;
# a file that is no game list is refused with a message naming it.
#   check-texel-tune.sh SOURCE_ROOT BUILD_ROOT
set -eu
src=$1 build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
GAMES=60 NODES=300 JOBS=1 WORK="$tmp/work" scripts/texel-tune.sh "$build" "$tmp/w.ini" > "$tmp/report" 2> "$tmp/err" \
  || { cat "$tmp/report" "$tmp/err"; echo "FAIL: texel-tune.sh failed"; exit 1; }
cat "$tmp/report"
for k in material mobility exposure threat safe tempo; do
  grep -q "^$k=-\{0,1\}[0-9][0-9]*$" "$tmp/w.ini" || { cat "$tmp/w.ini"; echo "FAIL: no whole number for $k"; exit 1; }
done
grep -qx 'material=100' "$tmp/w.ini" || { echo "FAIL: material is not held at 100"; exit 1; }
before=$(sed -n 's/^error-before=//p' "$tmp/w.ini") after=$(sed -n 's/^error-after=//p' "$tmp/w.ini")
awk -v b="$before" -v a="$after" 'BEGIN { exit !(a > 0 && a <= b) }' \
  || { echo "FAIL: the fitted error $after is not at most the error before, $before"; exit 1; }
# The AI module reads the file as it is written.
KIELA_AI_WEIGHTS="$tmp/w.ini" "$build/app/kiela-cli" bestmove --ai mpanzu --nodes 500 --time-ms 0 > "$tmp/move" 2> "$tmp/err"
if [ -s "$tmp/err" ]; then cat "$tmp/err"; echo "FAIL: the AI module complained about the written weights"; exit 1; fi
grep -q '^move ' "$tmp/move" || { echo "FAIL: no move with the written weights"; exit 1; }
# Not a game list: refused, naming the problem.
echo 'hello,world' > "$tmp/bad.csv"
if GAMES_CSV="$tmp/bad.csv" WORK="$tmp/work" scripts/texel-tune.sh "$build" "$tmp/w2.ini" > /dev/null 2> "$tmp/err"; then
  echo "FAIL: a file that is no tournament CSV was accepted"; exit 1
fi
grep -q 'not a tournament CSV' "$tmp/err" || { cat "$tmp/err"; echo "FAIL: no clear message for a bad game list"; exit 1; }
[ ! -e "$tmp/w2.ini" ] || { echo "FAIL: a weights file was written from a bad game list"; exit 1; }
echo "ok: error $before -> $after, the AI reads the file"
