#!/bin/sh
# check-benchmark-record.sh: `kiela --benchmark RECORD` times the first frame showing the record, not the
# window's first frame before the record (read off the main thread) is in it.
#   check-benchmark-record.sh KIELA KIELA_LONG_GAME MOVES     (under tests/display-run)
set -eu
app=$1 gen=$2 moves=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/data" "$tmp/config" "$tmp/state" "$tmp/cache"
"$gen" generate kiela-beginner "$moves" 1 > "$tmp/long.kiela"
XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache" \
  "$app" --benchmark "$tmp/long.kiela" > "$tmp/out" 2> "$tmp/err" || { cat "$tmp/out" "$tmp/err"; exit 1; }
cat "$tmp/out"
grep -qx "moves-shown: $moves of $moves" "$tmp/out" || { echo "FAIL: the timed frame did not show the record's $moves moves"; exit 1; }
# The window's own frame came first, then the record's, later.
window=$(sed -n 's/^start-step-ms window-first-frame: \([0-9.]*\).*/\1/p' "$tmp/out")
record=$(sed -n 's/^first-frame-ms: //p' "$tmp/out")
[ -n "$record" ] || { echo "FAIL: no first-frame-ms line"; exit 1; }
# (A record read before the window was first drawn shows in that frame: then there is no window-first-frame.)
if [ -z "$window" ]; then echo "ok: the first frame showed the record, at $record ms"; exit 0; fi
awk -v w="$window" -v r="$record" 'BEGIN { exit !(r >= w) }' || { echo "FAIL: the record's frame ($record ms) before the window's ($window ms)"; exit 1; }
echo "ok: window's first frame $window ms, the record's $record ms"
