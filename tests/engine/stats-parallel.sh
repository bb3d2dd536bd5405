#!/bin/sh
# stats-parallel.sh: the GNU parallel route of docs/cli.md for statistics shards, on this machine:
# four shards of one experiment as parallel jobs, merged, must be the experiment played in one run.
#
#   stats-parallel.sh KIELA_CLI PARALLEL
#
# Without GNU parallel (Debian's "parallel", which ./dev test and CI install) the test fails and
# says what to install: it is never skipped, so a CI machine without it cannot pass unnoticed.
set -eu
cli=$1 parallel=$2
if ! "$parallel" --version 2>/dev/null | grep -q 'GNU parallel'; then
  echo "1..1"
  echo "not ok 1 - GNU parallel is not installed ($parallel): apt-get install parallel"
  echo "stats-parallel: GNU parallel is not installed ($parallel): apt-get install parallel" >&2
  exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kiela-stats-parallel-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "1..5"

# The experiment: two AIs, a node budget (the same answers whatever the load), 48 games.
set -- --variant kiela --ai random --ai greedy --games 48 --seed 11 --nodes 2000

"$cli" stats "$@" --json "$tmp/one.json" > "$tmp/one.txt"
# As the documentation's command, with local jobs instead of ssh hosts (-S), a failing shard
# failing the whole (--halt); the job log says what parallel itself ran.
seq 1 4 | "$parallel" --will-cite -j 2 --halt now,fail=1 --joblog "$tmp/jobs" \
  "$cli" stats "$@" --quiet --shard '{}/4' --json "$tmp/shard-{}.json" > /dev/null
jobs=$(awk 'NR > 1 && $7 == 0 { n++ } END { print n + 0 }' "$tmp/jobs")
[ "$jobs" = 4 ] || { echo "not ok 1 - parallel ran $jobs shards to a clean exit, not 4:"; sed 's/^/# /' "$tmp/jobs"; exit 1; }
for k in 1 2 3 4; do
  test -s "$tmp/shard-$k.json" || { echo "not ok 1 - shard $k wrote no statistics"; exit 1; }
  grep -q '"games" : 12,' "$tmp/shard-$k.json" || { echo "not ok 1 - shard $k did not play 12 games"; exit 1; }
done
echo "ok 1 - four shards of 12 games each, run by parallel two at a time"

"$cli" stats merge --json "$tmp/merged.json" "$tmp"/shard-*.json > "$tmp/merged.txt"
grep -q '48 of 48 games' "$tmp/merged.txt" || { echo "not ok 2 - the merge does not count 48 games"; sed 's/^/# /' "$tmp/merged.txt"; exit 1; }
echo "ok 2 - merged: 48 of 48 games"

# Merged, they are the one run, count for count (the design: exact integer sums, and the
# distinct games as sorted hashes), and the merge prints the one run's report line for line.
if cmp -s "$tmp/one.json" "$tmp/merged.json"; then
  echo "ok 3 - the merged statistics file is the one run's, byte for byte"
else
  echo "not ok 3 - the merged statistics differ from the one run's:"
  diff "$tmp/one.json" "$tmp/merged.json" | head -20 | sed 's/^/# /'
  exit 1
fi
if cmp -s "$tmp/one.txt" "$tmp/merged.txt"; then
  echo "ok 4 - the merge prints the one run's report"
else
  echo "not ok 4 - the merge's report differs from the one run's:"
  diff "$tmp/one.txt" "$tmp/merged.txt" | head -20 | sed 's/^/# /'
  exit 1
fi

# A shard that fails (here one past the last) fails the whole route: parallel stops and says so.
rm -f "$tmp"/shard-*.json
if printf '%s\n' 1 5 | "$parallel" --will-cite -j 1 --halt now,fail=1 \
     "$cli" stats "$@" --quiet --shard '{}/4' --json "$tmp/shard-{}.json" > /dev/null 2> "$tmp/err"; then
  echo "not ok 5 - a failing shard (5/4) did not fail the parallel run"
  exit 1
fi
test ! -e "$tmp/shard-5.json" || { echo "not ok 5 - shard 5/4 wrote a statistics file"; exit 1; }
echo "ok 5 - a failing shard (5/4) fails the parallel run"
