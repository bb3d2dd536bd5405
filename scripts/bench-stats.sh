#!/bin/sh
# bench-stats.sh: throughput of `kiela-cli stats`: games a second on one core (random and greedy on Kiela) and the 1 → 2 jobs scaling.
#
# Usage: scripts/bench-stats.sh [BUILD_DIR]          (default: _build)
# Environment:
#   GAMES=20000      games a measurement (random vs random; greedy vs greedy plays GAMES/4)
#   VARIANT=kiela    rule variant (an id or a .kiela-variant file)
#   SEED=1
#
# Whole runs, start-up included.  "games/CPU-s" divides by the CPU time the run used
# (user + system), the per-core rate whatever else the machine runs; "wall" rates and the
# 2-job speed-up need otherwise idle cores to mean anything (the load is printed), and
# "CPU 2/1" is the CPU time of the 2-job run over the 1-job run (1.00: no parallel overhead).
# Prints a Markdown table for docs/performance.md.
set -eu
. "$(dirname "$0")/bench-common.sh"

BUILD_DIR=${1:-_build}
CLI="$BUILD_DIR/app/kiela-cli"
GAMES=${GAMES:-20000}
VARIANT=${VARIANT:-kiela}
SEED=${SEED:-1}

bench_need_built bench-stats "$BUILD_DIR" "$CLI"

# "wall cpu" seconds of one stats run.
run_time () {
  ai=$1 games=$2 jobs=$3
  /usr/bin/time -f "%e %U %S" -o "$tmp" \
    "$CLI" stats --variant "$VARIANT" --ai "$ai" --ai "$ai" --games "$games" --seed "$SEED" --jobs "$jobs" -q > /dev/null
  awk '{ printf "%.3f %.3f", $1, $2 + $3 }' "$tmp"
}

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
echo "| players | games | games/CPU-s (1 job) | wall games/s, 1 job | wall games/s, 2 jobs | speed-up | CPU 2/1 |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for ai in random greedy; do
  games=$GAMES
  [ "$ai" = greedy ] && games=$((GAMES / 4))
  r1=$(run_time "$ai" "$games" 1)
  r2=$(run_time "$ai" "$games" 2)
  echo "$ai $games $r1 $r2" | awk '{ printf "| %s vs %s | %d | %.0f | %.0f | %.0f | %.2f× | %.2f |\n", $1, $1, $2, $2 / $4, $2 / $3, $2 / $5, $3 / $5, $6 / $4 }'
done
echo
echo "($VARIANT, seed $SEED, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $(date -u +%Y-%m-%d))"
