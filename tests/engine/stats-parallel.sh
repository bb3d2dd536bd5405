#!/bin/sh
# stats-parallel.sh: the GNU parallel route of docs/cli.md for statistics shards, on this machine:
# four shards of one experiment as parallel jobs, merged, must be the experiment played in one run.
#
#   stats-parallel.sh KIELA_CLI PARALLEL
#
# Exit 77 (skipped) without GNU parallel (Debian's "parallel", which ./dev test installs).
set -eu
cli=$1 parallel=$2
if ! "$parallel" --version 2>/dev/null | grep -q 'GNU parallel'; then
  echo "1..0 # SKIP GNU parallel is not installed (apt-get install parallel)"
  exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kiela-stats-parallel-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "1..3"

# The experiment: two AIs, a node budget (the same answers whatever the load), 48 games.
set -- --variant kiela --ai random --ai greedy --games 48 --seed 11 --nodes 2000 --quiet

"$cli" stats "$@" --json "$tmp/one.json" > /dev/null
# As the documentation's command, with local jobs instead of ssh hosts (-S), a failing shard
# failing the whole (--halt).
seq 1 4 | "$parallel" --will-cite -j 2 --halt now,fail=1 \
  "$cli" stats "$@" --shard '{}/4' --json "$tmp/shard-{}.json" > /dev/null
for k in 1 2 3 4; do
  test -s "$tmp/shard-$k.json" || { echo "not ok 1 - shard $k wrote no statistics"; exit 1; }
  grep -q '"games" : 12,' "$tmp/shard-$k.json" || { echo "not ok 1 - shard $k did not play 12 games"; exit 1; }
done
echo "ok 1 - four shards of 12 games each, two jobs at a time"

"$cli" stats merge --json "$tmp/merged.json" "$tmp"/shard-*.json > "$tmp/merged.txt"
grep -q '48 of 48 games' "$tmp/merged.txt" || { echo "not ok 2 - the merge does not count 48 games"; cat "$tmp/merged.txt"; exit 1; }
echo "ok 2 - merged: 48 of 48 games"

# Merged, they are the one run, count for count.
if cmp -s "$tmp/one.json" "$tmp/merged.json"; then
  echo "ok 3 - the merged statistics are the one run's"
else
  echo "not ok 3 - the merged statistics differ from the one run's:"
  diff "$tmp/one.json" "$tmp/merged.json" | head -20 | sed 's/^/# /'
  exit 1
fi
