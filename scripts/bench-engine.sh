#!/bin/sh
# bench-engine.sh: the engine's speed against the plain reference (tests/bench/kiela-plain.c), runs alternated.
#
#   scripts/bench-engine.sh [BUILD_DIR] [ROUNDS] [SECONDS]
#
# Each round runs the plain reference and `kiela-cli bench` (every candidate
# sown, then one drawn candidate sown) for SECONDS of CPU time each, and the
# plain recursive perft(7) against `kiela-cli perft --depth 7`, one after the
# other, so that both sides see the same load on a shared machine.  Rates are
# per CPU-second of the measuring thread.  Prints each round, then the median
# and the range of the per-round ratios, and the load average before and after.
set -eu
. "$(dirname "$0")/bench-common.sh"

BUILD="${1:-_build}"
ROUNDS="${2:-5}"
SECONDS_EACH="${3:-2}"
PLAIN="$BUILD/tests/bench/kiela-plain"
CLI="$BUILD/app/kiela-cli"

bench_need_built bench-engine "$BUILD" "$PLAIN" "$CLI"

field () {  # field NAME: the number after "NAME" in plain output, or "NAME": in JSON
  sed -n "s/.*\"\\{0,1\\}$1\"\\{0,1\\}[: ] *\\([0-9.e+-]*\\).*/\\1/p"
}

median () {  # the median, then the range
  sort -g | awk '{ v[NR] = $1 } END {
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.2fx (%.2f-%.2f)", m, v[1], v[NR] }'
}

load () {
  cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || uptime
}

bench_tmpdir

load_before=$(load)
echo "round  plain/s  all/s  ratio  sample/s  ratio  plain-perft7  perft7  time-ratio"
r=1
while [ "$r" -le "$ROUNDS" ]; do
  seed=$r
  plain=$("$PLAIN" bench "$SECONDS_EACH" "$seed" | field playouts_per_second)
  all=$("$CLI" bench --variant kiela --seconds "$SECONDS_EACH" --seed "$seed" --json | field playouts_per_second)
  sample=$("$CLI" bench --variant kiela --mode sample --seconds "$SECONDS_EACH" --seed "$seed" --json | field playouts_per_second)
  pperft=$("$PLAIN" perft 7 | field cpu)
  operft=$("$CLI" perft --variant kiela --depth 7 --json | field cpu_seconds)
  awk -v r="$r" -v p="$plain" -v a="$all" -v s="$sample" -v pp="$pperft" -v op="$operft" 'BEGIN {
    printf "%5d  %7.0f  %5.0f  %5.2f  %8.0f  %5.2f  %12.3f  %6.3f  %10.2f\n", r, p, a, a / p, s, s / p, pp, op, op / pp
  }'
  echo "$all $plain" | awk '{ print $1 / $2 }' >> "$tmp/all"
  echo "$sample $plain" | awk '{ print $1 / $2 }' >> "$tmp/sample"
  echo "$operft $pperft" | awk '{ print $1 / $2 }' >> "$tmp/perft"
  r=$((r + 1))
done

echo "median (range) over $ROUNDS rounds:"
echo "  bench (every candidate sown) / plain playouts: $(median < "$tmp/all")"
echo "  bench --mode sample / plain playouts:          $(median < "$tmp/sample")"
echo "  perft(7) time / plain perft(7) time:           $(median < "$tmp/perft")"
echo "load average before: $load_before; after: $(load)"
