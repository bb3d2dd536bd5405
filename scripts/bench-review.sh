#!/bin/sh
# bench-review.sh: how long kiela-cli review takes on a 60-ply game at the default depth (docs/review.md).
#
#   scripts/bench-review.sh [BUILD_DIR] [RECORD] [DEPTH]
#
# RECORD defaults to tests/bench/review-60.kiela, a 60-ply Kiela game between two noisy
# alpha-beta players (still going after move 60); DEPTH to the review's default (8).  It prints
# the load average first: the figure means something on a quiet machine only.  Three runs;
# the wall and CPU seconds of each, then the review's own summary lines.
set -eu
. "$(dirname "$0")/bench-common.sh"

BUILD="${1:-_build}"
RECORD="${2:-$(dirname "$0")/../tests/bench/review-60.kiela}"
DEPTH="${3:-}"
CLI="$BUILD/app/kiela-cli"

bench_need_built bench-review "$BUILD" "$CLI"
bench_need_tools bench-review time /usr/bin/time
bench_uninstalled "$BUILD"
bench_tmpdir

"$CLI" load "$RECORD" > /dev/null
echo "record $RECORD; load average $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
for run in 1 2 3; do
  if [ -n "$DEPTH" ]; then
    /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$CLI" review --depth "$DEPTH" "$RECORD" > "$tmp/out"
  else
    /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$CLI" review "$RECORD" > "$tmp/out"
  fi
  read -r wall user sys < "$tmp/time"
  echo "run $run: wall ${wall} s, cpu $(awk "BEGIN { print $user + $sys }") s"
done
echo "$(grep -c '^[0-9]*\. ' "$tmp/out") plies reviewed"
tail -n 2 "$tmp/out"
