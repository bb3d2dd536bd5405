#!/bin/sh
# check-benchmark-frames.sh: `kiela --benchmark-frames` measures what issue 27 asks for: frames the
# window drew (not idle clock cycles), at least one for each step of the 12-lap move, and every size
# of the resize reached and drawn at that size.  Timings are not checked (they depend on the machine).
#   check-benchmark-frames.sh KIELA     (under tests/display-run, 1920x1080)
set -eu
app=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/data" "$tmp/config" "$tmp/state" "$tmp/cache"
XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache" \
  KIELA_BENCH_FRAMES_LOG=1 "$app" --benchmark-frames > "$tmp/out" 2> "$tmp/err" || { cat "$tmp/out" "$tmp/err"; exit 1; }
grep -v '^start-step-ms' "$tmp/out"
fail () { echo "FAIL: $*"; exit 1; }
value () { sed -n "s/^$1: //p" "$tmp/out"; }

grep -q '^move-12-laps: not shown' "$tmp/out" && fail "the 12-lap move was not shown"
events=$(value move-12-laps-trace-events)
[ "$events" = 67 ] || fail "the long move has ${events:-no} trace events, not 67"
# p50 <= p95 <= worst, and a frame count, for each of the four figures.
for what in move-12-laps-snapshot-render move-12-laps-whole-frame resize-snapshot-render resize-whole-frame; do
  line=$(value "frames-$what")
  echo "$line" | awk -v w="$what" '{
    n = $1; p50 = $4; p95 = $7; worst = $10
    if ($2 != "frames," || n < 1 || !(p50 <= p95 && p95 <= worst)) { print "FAIL: frames-" w ": " $0; exit 1 } }' || exit 1
done
# Each step of the move is shown in a frame of its own at least (the player steps on a timeout).
frames=$(value frames-move-12-laps-snapshot-render | cut -d ' ' -f 1)
[ "$frames" -ge "$events" ] || fail "$frames frames for the move's $events steps"
# The frames logged are the frames counted: none dropped, none added.
logged=$(grep -c '^frame: phase 2,' "$tmp/err" || true)
[ "$logged" = "$frames" ] || fail "$logged frames logged in the move, $frames counted"
[ -n "$(value move-12-laps-cycles-without-a-frame)" ] || fail "no count of the cycles without a frame"
# The resize: every size reached, each drawn at its size, and the frames of every size counted.
[ "$(value resize-sizes-reached)" = "20 of 20" ] || fail "sizes reached: $(value resize-sizes-reached)"
[ "$(value resize-sizes-with-a-frame-at-the-size)" = "20 of 20" ] || fail "sizes drawn: $(value resize-sizes-with-a-frame-at-the-size)"
resized=$(value frames-resize-snapshot-render | cut -d ' ' -f 1)
[ "$resized" -ge 20 ] || fail "$resized frames for 20 sizes"
logged=$(grep -c '^frame: phase 3,' "$tmp/err" || true)
[ "$logged" = "$resized" ] || fail "$logged frames logged in the resize, $resized counted"
for width in 1024 1920; do
  n=$(grep '^frame: phase 3,' "$tmp/err" | awk -v w=$width '{ x = $NF; if (x >= w - 32 && x <= w + 32) n++ } END { print n + 0 }')
  [ "$n" -ge 10 ] || fail "only $n frames drawn at a width of $width"
done
echo "ok: $frames frames for the move's $events steps; $resized frames for 20 sizes, each reached and drawn"
