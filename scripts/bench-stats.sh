#!/bin/sh
# bench-stats.sh: throughput of `kiela-cli stats`: games a second on one core (random and greedy on Kiela) and the 1 → 2 jobs scaling.
#
# Usage: scripts/bench-stats.sh [BUILD_DIR]          (default: _build)
# Environment:
#   GAMES=20000      games a measurement (random vs random; greedy vs greedy plays GAMES/4)
#   VARIANT=kiela    rule variant (an id or a .kiela-variant file)
#   SEED=1
#
# Wall-clock time of whole runs (start-up included), so the figures are what a user
# gets; on a loaded machine the 2-job scaling is lower than the engine allows.
# Prints a Markdown table for the README.
set -eu

BUILD_DIR=${1:-_build}
CLI="$BUILD_DIR/app/kiela-cli"
GAMES=${GAMES:-20000}
VARIANT=${VARIANT:-kiela}
SEED=${SEED:-1}

[ -x "$CLI" ] || { echo "bench-stats.sh: no $CLI (build first)" >&2; exit 1; }

# Seconds (3 decimals) one stats run takes.
run_time () {
  ai=$1 games=$2 jobs=$3
  start=$(date +%s.%N)
  "$CLI" stats --variant "$VARIANT" --ai "$ai" --ai "$ai" --games "$games" --seed "$SEED" --jobs "$jobs" -q > /dev/null
  end=$(date +%s.%N)
  echo "$start $end" | awk '{ printf "%.3f", $2 - $1 }'
}

echo "| players | games | 1 job: games/s | 2 jobs: games/s | scaling |"
echo "|---|---:|---:|---:|---:|"
for ai in random greedy; do
  games=$GAMES
  [ "$ai" = greedy ] && games=$((GAMES / 4))
  t1=$(run_time "$ai" "$games" 1)
  t2=$(run_time "$ai" "$games" 2)
  echo "$ai $games $t1 $t2" | awk '{ printf "| %s vs %s | %d | %.0f | %.0f | %.2f× |\n", $1, $1, $2, $2 / $3, $2 / $4, $3 / $4 }'
done
echo
echo "($VARIANT, seed $SEED, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg), $(date -u +%Y-%m-%d))"
