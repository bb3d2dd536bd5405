#!/bin/sh
# bench-app-long-game.sh: the app opening long game records: time to the first frame showing the game, and memory.
#
#   scripts/bench-app-long-game.sh [BUILD_DIR] [MOVES...]
#
# For each length (default 16000 64000 300000) it generates a legal record of
# kiela-beginner with tests/bench/kiela-long-game (as scripts/bench-long-game.sh
# does) and opens it with `kiela --benchmark FILE` under Xvfb, with the cairo
# renderer and GL disabled as the widget tests run: the record is loaded before
# the window is first painted, so "first frame" is the time from main() to the
# first frame showing the game at its last move.  It reports that time, the CPU
# seconds of the whole run (on a shared machine the wall time waits for the
# CPU), the resident memory after that frame, the peak resident memory of the
# run (VmHWM), and the peak above an empty window's, per move.  Each run gets
# fresh XDG folders, so no autosave of an earlier run is restored first.
set -eu
. "$(dirname "$0")/bench-common.sh"

bench_long_game_args "$@"
APP="$BUILD/app/kiela"

bench_need_built bench-app-long-game "$BUILD" "$GEN" "$APP"
bench_need_tools bench-app-long-game "time xvfb xauth" /usr/bin/time xvfb-run

# Run uninstalled, as the widget tests do: plugins, translations and the schema from the build tree,
# settings in memory, no accessibility bus to wait for.
bench_uninstalled "$BUILD"
export GSETTINGS_SCHEMA_DIR="$KIELA_UNINSTALLED/data"
export GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_DEBUG=gl-disable GTK_A11Y=none NO_AT_BRIDGE=1

bench_tmpdir

# run [FILE]: one `kiela --benchmark` in fresh folders; leaves "first-frame-ms rss-kib cpu-s maxrss-kib" in $tmp/run
run () {
  rm -rf "$tmp/xdg"
  mkdir -p "$tmp/xdg/data" "$tmp/xdg/config" "$tmp/xdg/state" "$tmp/xdg/cache"
  XDG_DATA_HOME="$tmp/xdg/data" XDG_CONFIG_HOME="$tmp/xdg/config" XDG_STATE_HOME="$tmp/xdg/state" \
    XDG_CACHE_HOME="$tmp/xdg/cache" \
    xvfb-run -a -s '-screen 0 1920x1080x24' /usr/bin/time -f 'time %U %S %M' -o "$tmp/time" \
    "$APP" --benchmark "$@" > "$tmp/out" 2> "$tmp/err" || {
      echo "bench-app-long-game: kiela --benchmark $* failed:" >&2
      cat "$tmp/err" >&2
      exit 1
    }
  if grep -q . "$tmp/err"; then
    echo "bench-app-long-game: kiela --benchmark $* said:" >&2
    cat "$tmp/err" >&2
  fi
  frame=$(sed -n 's/^first-frame-ms: //p' "$tmp/out")
  rss=$(sed -n 's/^rss-kib-after-first-frame: //p' "$tmp/out")
  [ -n "$frame" ] && [ -n "$rss" ] || { echo "bench-app-long-game: no first frame reported" >&2; exit 1; }
  read -r _ user sys peak < "$tmp/time"
  echo "$frame $rss $(echo "$user $sys" | awk '{ printf "%.2f", $1 + $2 }') $peak" > "$tmp/run"
}

run
read -r base_frame base_rss base_cpu base_peak < "$tmp/run"
printf '%8s %14s %7s %14s %13s %12s\n' moves "first frame ms" "CPU s" "RSS MiB frame" "peak RSS MiB" "peak B/move"
printf '%8s %14s %7s %14s %13s %12s\n' "(empty)" "$base_frame" "$base_cpu" \
  "$(echo "$base_rss" | awk '{ printf "%.1f", $1 / 1024 }')" "$(echo "$base_peak" | awk '{ printf "%.1f", $1 / 1024 }')" "-"

for n in $LENGTHS; do
  rec="$tmp/long-$n.kiela"
  "$GEN" generate kiela-beginner "$n" 1 > "$rec"
  run "$rec"
  read -r frame rss cpu peak < "$tmp/run"
  shown=$(sed -n 's/^moves-shown: //p' "$tmp/out")
  [ "$shown" = "$n of $n" ] || { echo "bench-app-long-game: the first frame showed move ${shown:-none}, not $n of $n" >&2; exit 1; }
  printf '%8s %14s %7s %14s %13s %12s\n' "$n" "$frame" "$cpu" \
    "$(echo "$rss" | awk '{ printf "%.1f", $1 / 1024 }')" "$(echo "$peak" | awk '{ printf "%.1f", $1 / 1024 }')" \
    "$(echo "$peak $base_peak $n" | awk '{ printf "%.0f", ($1 - $2) * 1024 / $3 }')"
done
