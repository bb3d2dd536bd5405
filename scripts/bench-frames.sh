#!/bin/sh
# bench-frames.sh: the frames a user sees, from `kiela --benchmark-frames`, with the machine and its load.
#
#   scripts/bench-frames.sh [BUILD_DIR] [RUNS]       (default: _build, 3 runs)
#
# Each run opens the app under its own Xvfb 1920x1080, with the cairo renderer and GL off, settings
# in memory and fresh XDG folders, and times from the frame clock's phases every frame of:
#   move     the 12-lap move of tests/app's worksheets (North b4 after ten moves of random play),
#            animated stone by stone at normal speed in a 1920x1080 window;
#   resize   the window resized 1024x768 -> 1920x1080 and back, ten times each way;
# each as snapshot + render (from the end of GTK's layout to the end of the paint) and as the whole
# frame (update, layout, snapshot, render): the number of frames, p50, p95 and the worst.  A frame
# is a frame clock cycle in which the window rendered; the cycles in which nothing was drawn are
# counted apart ("cycles-without-a-frame").  Each phase lasts until the window has drawn nothing
# for 400 ms: the move's setup (ten moves played at once) is not timed, its end is; each size of
# the resize is held until its last frame (the board's artwork rendered anew 150 ms after the
# resize), and the sizes reached and those drawn at their size are printed.  With
# KIELA_BENCH_FRAMES_LOG=1 the app prints every frame on stderr (kept as frames-run-N.log in
# the folder KIELA_BENCH_KEEP names, if set); then
#   record   a 300,000-move record (tests/bench/kiela-long-game, kiela-beginner, seed 1) opened
#            with `kiela --benchmark FILE`: the window's own first frame, and the first frame
#            showing the record at its last move (the record is read off the main thread).
# scripts/bench-app-long-game.sh adds the memory of other lengths.
# On a machine other work shares, wall times wait for a core: the load average is printed.
set -eu
. "$(dirname "$0")/bench-common.sh"

BUILD="${1:-_build}"
RUNS="${2:-3}"
APP="$BUILD/app/kiela"
GEN="$BUILD/tests/bench/kiela-long-game"
RECORD_MOVES=300000
RESIZES=20
bench_need_built bench-frames "$BUILD" "$APP" "$GEN"
bench_need_tools bench-frames "xvfb xauth" xvfb-run
bench_uninstalled "$BUILD"
export GSETTINGS_SCHEMA_DIR="$KIELA_UNINSTALLED/data"
export GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_DEBUG=gl-disable GTK_A11Y=none NO_AT_BRIDGE=1
bench_tmpdir

"$GEN" generate kiela-beginner "$RECORD_MOVES" 1 > "$tmp/long.kiela"

echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores"
echo "load before: $(uptime)"
for i in $(seq 1 "$RUNS"); do
  rm -rf "$tmp/xdg"
  mkdir -p "$tmp/xdg/data" "$tmp/xdg/config" "$tmp/xdg/state" "$tmp/xdg/cache"
  XDG_DATA_HOME="$tmp/xdg/data" XDG_CONFIG_HOME="$tmp/xdg/config" XDG_STATE_HOME="$tmp/xdg/state" \
    XDG_CACHE_HOME="$tmp/xdg/cache" \
    xvfb-run -a -s '-screen 0 1920x1080x24' "$APP" --benchmark-frames > "$tmp/out" 2> "$tmp/err" || {
      echo "bench-frames: kiela --benchmark-frames failed:" >&2
      cat "$tmp/err" >&2
      exit 1
    }
  grep -q '^frames-resize-whole-frame:' "$tmp/out" || {
    echo "bench-frames: kiela --benchmark-frames reported no frames:" >&2
    cat "$tmp/out" "$tmp/err" >&2
    exit 1
  }
  if [ -n "${KIELA_BENCH_KEEP:-}" ]; then
    mkdir -p "$KIELA_BENCH_KEEP"
    cp "$tmp/err" "$KIELA_BENCH_KEEP/frames-run-$i.log"
  fi
  echo "run $i:"
  grep -E '^(first-frame-ms|move-12-laps|resize-|frames-)' "$tmp/out" | sed 's/^/  /'
  grep -q "^resize-sizes-reached: $((RESIZES)) of $RESIZES" "$tmp/out" || {
    echo "bench-frames: the window did not reach every size asked (a window manager refusing?)" >&2
    exit 1
  }
  rm -rf "$tmp/xdg"
  mkdir -p "$tmp/xdg/data" "$tmp/xdg/config" "$tmp/xdg/state" "$tmp/xdg/cache"
  XDG_DATA_HOME="$tmp/xdg/data" XDG_CONFIG_HOME="$tmp/xdg/config" XDG_STATE_HOME="$tmp/xdg/state" \
    XDG_CACHE_HOME="$tmp/xdg/cache" \
    xvfb-run -a -s '-screen 0 1920x1080x24' "$APP" --benchmark "$tmp/long.kiela" > "$tmp/out" 2> "$tmp/err" || {
      echo "bench-frames: kiela --benchmark on a $RECORD_MOVES-move record failed:" >&2
      cat "$tmp/err" >&2
      exit 1
    }
  shown=$(sed -n 's/^moves-shown: //p' "$tmp/out")
  [ "$shown" = "$RECORD_MOVES of $RECORD_MOVES" ] || {
    echo "bench-frames: the record's first frame showed move ${shown:-none}, not $RECORD_MOVES of $RECORD_MOVES" >&2
    exit 1
  }
  echo "  record-$RECORD_MOVES-moves: window's first frame $(sed -n 's/^start-step-ms window-first-frame: \([0-9.]*\).*/\1/p' "$tmp/out") ms," \
    "first frame showing the record $(sed -n 's/^first-frame-ms: //p' "$tmp/out") ms (from main())"
done
echo "load after: $(uptime)"
