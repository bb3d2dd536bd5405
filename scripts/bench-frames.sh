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
# frame (update, layout, snapshot, render): the number of frames, p50, p95 and the worst; then
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
  echo "run $i:"
  grep -E '^(first-frame-ms|move-12-laps|frames-)' "$tmp/out" | sed 's/^/  /'
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
