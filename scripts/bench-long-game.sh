#!/bin/sh
# bench-long-game.sh: how loading a game record scales with its length (time, peak memory, memory a move).
#
#   scripts/bench-long-game.sh [BUILD_DIR] [MOVES...]
#
# For each length (default 16000 64000 300000) it generates a genuinely legal
# record of kiela-beginner with tests/bench/kiela-long-game (each move chosen
# among the engine's legal moves to keep the stones even and never repeat a
# position a third time, so the game goes on), then loads it: wall and CPU
# seconds, peak resident memory (the JSON parser's tree dominates it), the
# resident memory still held after loading (heap fragments included), and the
# bytes the game itself allocates (measured on a copy), per move.  When `kiela-cli load` exists it is timed on the same record too.
# Loading must be linear: the seconds a move stay flat as the records grow.
set -eu
. "$(dirname "$0")/bench-common.sh"

bench_long_game_args "$@"
CLI="$BUILD/app/kiela-cli"

bench_need_built bench-long-game "$BUILD" "$GEN"
bench_need_tools bench-long-game time /usr/bin/time
bench_uninstalled "$BUILD"
bench_tmpdir

have_cli_load=0
if [ -x "$CLI" ] && "$CLI" load --help >/dev/null 2>&1; then
  have_cli_load=1
fi

field () {  # field NAME FILE: the value after "NAME " in kiela-long-game's output
  sed -n "s/^$1 //p" "$2"
}

printf '%8s %9s %9s %10s %11s %11s %11s %9s\n' moves "wall s" "cpu s" "µs/move" "max RSS MiB" "held B/move" "game B/move" "record KiB"
for n in $LENGTHS; do
  rec="$tmp/long-$n.kiela"
  "$GEN" generate kiela-beginner "$n" 1 > "$rec"
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$GEN" load "$rec" > "$tmp/out"
  read -r user sys rss < "$tmp/time"
  wall=$(field load_seconds "$tmp/out")
  held=$(field bytes_per_move "$tmp/out")
  game=$(field game_bytes_per_move "$tmp/out")
  moves=$(field moves "$tmp/out")
  [ "$moves" = "$n" ] || { echo "bench-long-game: loaded $moves moves of $n" >&2; exit 1; }
  cpu=$(echo "$user $sys" | awk '{ printf "%.2f", $1 + $2 }')
  per=$(echo "$cpu $n" | awk '{ printf "%.2f", $1 * 1e6 / $2 }')
  printf '%8s %9s %9s %10s %11s %11s %11s %9s\n' "$n" "$wall" "$cpu" "$per" \
    "$(echo "$rss" | awk '{ printf "%.1f", $1 / 1024 }')" "$held" "$game" "$(( $(wc -c < "$rec") / 1024 ))"
  if [ "$have_cli_load" = 1 ]; then
    /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$CLI" load "$rec" > /dev/null
    read -r e u s m < "$tmp/time"
    echo "$n $e $u $s $m" | awk '{ printf "%8s   kiela-cli load: %.2f s wall, %.2f s CPU, max RSS %.1f MiB\n", $1, $2, $3 + $4, $5 / 1024 }'
  fi
done
