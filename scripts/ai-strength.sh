#!/bin/sh
# ai-strength.sh: the AI benchmark: the personality ladder, the master against greedy and random, and search speed;
# the master at 50x time odds against a plain alpha-beta.
#
# Usage: scripts/ai-strength.sh [BUILD_DIR] [ladder|odds|all]     (default: _build ladder)
#   ladder: the ladder, the master against greedy and random, the speed (the environment below)
#   odds:   the master at ODDS_FAST_MS a move against tests/bench/kiela-plain-ab.c's plain alpha-beta
#           (negamax, alpha-beta, iterative deepening, material only) at ODDS_SLOW_MS, both on each
#           side's thread CPU time (setting cpu-clock=1), so a loaded machine changes neither budget.
#           Played in shards of ODDS_SHARD games (seeds SEED, SEED+1, ...), one after the other, each
#           kept as $OUT/odds-S.csv: a run stopped half-way resumes where it was, and the report
#           covers every shard done.  Run it niced on a shared machine: nice -n 15 scripts/ai-strength.sh _build odds
# Environment:
#   GAMES=200        games a match (both colours alternately)
#   TIME_MS=100      thinking time a move (the issue's measure; results depend on the machine's load)
#   NODES=           a node budget a move instead of the clock: reproducible, e.g. NODES=60000 is
#                    about what the master searches in 100 ms; set TIME_MS=0 with it
#   OPENING=0        random plies opening each game (the same for both games of a pair): deterministic
#                    players otherwise repeat the same few games; the "distinct" column shows it
#   JOBS=2           games played at once
#   VARIANT=kiela    rule variant
#   SEED=1
#   OUT=ai-strength-results   where the CSV of every game and the JSON summaries go
#   SKIP_SPEED=1     leave out the speed measurement
#   ODDS_GAMES=100   odds: games in all          ODDS_SHARD=10   games a shard
#   ODDS_FAST_MS=20  the master's CPU ms a move  ODDS_SLOW_MS=1000  the plain player's
#   ODDS_MASTER="mpanzu book=1"                  ODDS_TARGET=90 (% for the master)
#                    (the book holds the plain player's lines from the start: docs/performance.md)
#   ODDS_OPENING=2   odds: random plies opening each pair of games, played once with each colour
#                    (deterministic players otherwise repeat a few games; 0: from the start)
#   ODDS_SEEDS=      odds: the shards' seeds, a list ("3 17 40"), instead of SEED, SEED+1, ...:
#                    with ODDS_SHARD=2 each seed is one pair of games, its opening the seed's
#                    (scripts/odds-openings.sh finds the seeds of the balanced openings)
#   ODDS_MOVE_TIMEOUT=0  odds: seconds of the wall clock a move may take before it is forfeited
#                    (0: no limit; both budgets are CPU time, and a wall-clock limit would forfeit
#                    the move under way when a run is paused with SIGSTOP and resumed)
#
# Prints a Markdown report (for docs/performance.md) and exits 1 when a target is missed:
# each personality scores >= 74.5% against the one below it, the master >= 90%
# against greedy and >= 99% against random; at time odds the master >= ODDS_TARGET%.
set -eu

BUILD_DIR=${1:-_build}
WHAT=${2:-ladder}
CLI="$BUILD_DIR/app/kiela-cli"
GAMES=${GAMES:-200}
TIME_MS=${TIME_MS:-100}
NODES=${NODES:-}
JOBS=${JOBS:-2}
OPENING=${OPENING:-0}
VARIANT=${VARIANT:-kiela}
SEED=${SEED:-1}
OUT=${OUT:-ai-strength-results}
# The ladder, weakest first (personality ids of the classic AI module).
LADDER=${LADDER:-"kizua zola mbemba nzuzi lweji mpanzu"}
MASTER=${MASTER:-mpanzu}
# 12 plies into a game between the master and the expert: material has changed hands.
MIDGAME=${MIDGAME:-"1,0,1,1,0,2,2,1,0,4/5,0,1,1,4,0,3,0,3,3/1,3,3,4,1,0,2,0,0,0/1,0,0,5,0,2,0,1,1,0 s"}

if [ ! -x "$CLI" ]; then
  echo "ai-strength.sh: $CLI not found: build first (meson setup $BUILD_DIR && ninja -C $BUILD_DIR)" >&2
  exit 1
fi
mkdir -p "$OUT"

budget_args="--time-ms $TIME_MS"
budget_text="$TIME_MS ms a move"
if [ -n "$NODES" ]; then
  budget_args="--time-ms $TIME_MS --nodes $NODES"
  if [ "$TIME_MS" = 0 ]; then budget_text="$NODES nodes a move"; else budget_text="$TIME_MS ms and at most $NODES nodes a move"; fi
fi

failed=0

# match A B TARGET: plays a match, prints a table row, remembers a missed target.
match () {
  a=$1 b=$2 target=$3
  json="$OUT/$a-vs-$b.json"
  # shellcheck disable=SC2086
  "$CLI" tournament --variant "$VARIANT" --ai "$a" --ai "$b" --games "$GAMES" $budget_args \
         --seed "$SEED" --jobs "$JOBS" --opening-plies "$OPENING" --csv "$OUT/$a-vs-$b.csv" --json --quiet > "$json"
  /usr/bin/env python3 - "$json" "$target" <<'EOF' || failed=1
import json, sys
r = json.load(open(sys.argv[1]))
target = float(sys.argv[2])
def elo(v, score):
    # JSON has no infinity: null stands for it, on the side the score is at.
    if v is None:
        return "+∞" if score >= 0.5 else "−∞"
    return "%+d" % round(v)
ok = r["score"] * 100 >= target
print("| %s | %s | %d-%d-%d | %.1f%% (%.1f–%.1f) | %s (%s to %s) | %.1f / %d | %.0f%% | %d | %s ≥ %g%% |" % (
    r["a"], r["b"], r["wins"], r["draws"], r["losses"], 100 * r["score"], 100 * r["score_low"],
    100 * r["score_high"], elo(r["elo"], r["score"]), elo(r["elo_low"], r["score_low"]), elo(r["elo_high"], r["score_high"]),
    r["mean_plies"], r["longest_plies"], 100 * r["first_player_win_rate"], r["distinct_games"],
    "✔" if ok else "✘", target))
sys.exit(0 if ok else 1)
EOF
}

# odds: the master against the plain alpha-beta at time odds, in resumable shards.
odds () {
  plugin_dir="$BUILD_DIR/tests/bench"
  if [ ! -f "$plugin_dir/kiela-bench-plain-ab.plugin" ]; then
    echo "ai-strength.sh: $plugin_dir/kiela-bench-plain-ab.plugin not found: build first" >&2
    exit 1
  fi
  games=${ODDS_GAMES:-100} shard=${ODDS_SHARD:-10}
  fast=${ODDS_FAST_MS:-20} slow=${ODDS_SLOW_MS:-1000}
  master=${ODDS_MASTER:-mpanzu book=1} target=${ODDS_TARGET:-90} opening=${ODDS_OPENING:-2}
  move_timeout=${ODDS_MOVE_TIMEOUT:-0}
  a="$master time-ms=$fast cpu-clock=1" b="plain-alphabeta time-ms=$slow cpu-clock=1"
  seeds=${ODDS_SEEDS:-}
  # shellcheck disable=SC2086 # the list's words, split on purpose here and below
  if [ -n "$seeds" ]; then games=$(($(echo $seeds | wc -w) * shard)); fi
  done_games=0 k=0 used=
  while [ "$done_games" -lt "$games" ]; do
    n=$shard
    if [ $((games - done_games)) -lt "$n" ]; then n=$((games - done_games)); fi
    seed=$((SEED + k))
    # shellcheck disable=SC2086
    if [ -n "$seeds" ]; then seed=$(echo $seeds | cut -d' ' -f$((k + 1))); fi
    used="$used $seed"
    csv="$OUT/odds-$fast-$slow-$master-o$opening-$seed.csv"
    if [ ! -s "$csv" ]; then
      KIELA_PLUGIN_PATH="$plugin_dir${KIELA_PLUGIN_PATH:+:$KIELA_PLUGIN_PATH}" \
        "$CLI" tournament --variant "$VARIANT" --ai "$a" --ai "$b" --games "$n" --time-ms 0 \
               --seed "$seed" --jobs "$JOBS" --opening-plies "$opening" --move-timeout "$move_timeout" \
               --csv "$csv" --quiet > /dev/null
    fi
    done_games=$((done_games + n)) k=$((k + 1))
  done
  seed_text="$SEED-$((SEED + k - 1))"
  if [ -n "$seeds" ]; then seed_text=$seeds; fi
  echo "## $master at $fast ms against plain alpha-beta at $slow ms (thread CPU time; $VARIANT, $games games, $opening random opening plies, seeds $seed_text)"
  echo
  # shellcheck disable=SC2086
  /usr/bin/env python3 - "$target" "$OUT" "$fast" "$slow" "$master" "$opening" $used <<'EOF' || failed=1
import csv, math, sys
target, out, fast, slow, master, opening = sys.argv[1:7]
scores, plies, south, lines = [], [], 0, set()
for s in map(int, sys.argv[7:]):
    for row in csv.DictReader(open("%s/odds-%s-%s-%s-o%s-%d.csv" % (out, fast, slow, master, opening, s))):
        scores.append(float(row["score_a"]))
        plies.append(int(row["plies"]))
        south += row["result"] == "south wins"
        lines.add(row["moves"])
n = len(scores)
m = sum(scores) / n
var = sum((x - m) ** 2 for x in scores) / (n - 1) if n > 1 else 0.0
# As kiela-cli tournament: normal approximation from the games' variance, Wilson when it is 0.
if var > 0:
    half = 1.96 * math.sqrt(var / n); lo, hi = max(0, m - half), min(1, m + half)
else:
    z2 = 1.96 ** 2
    c = (m + z2 / (2 * n)) / (1 + z2 / n)
    half = 1.96 * math.sqrt(m * (1 - m) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo, hi = max(0, c - half), min(1, c + half)
w = sum(1 for x in scores if x == 1.0); d = sum(1 for x in scores if x == 0.5)
ok = 100 * m >= float(target)
print("| A | B | games | A's W-D-L | A's score (95% CI) | mean plies | South wins | distinct games | target |")
print("|---|---|---|---|---|---|---|---|---|")
print("| %s, %s ms | plain alpha-beta, %s ms | %d | %d-%d-%d | %.1f%% (%.1f–%.1f) | %.1f | %.0f%% | %d | %s ≥ %s%% |" % (
    master, fast, slow, n, w, d, n - w - d, 100 * m, 100 * lo, 100 * hi, sum(plies) / n, 100 * south / n,
    len(lines), "✔" if ok else "✘", target))
sys.exit(0 if ok else 1)
EOF
}

if [ "$WHAT" = odds ]; then
  odds
  exit $failed
fi

opening_text=""
if [ "$OPENING" != 0 ]; then opening_text=", $OPENING random opening plies"; fi
echo "## AI strength ($VARIANT, $GAMES games a match, $budget_text$opening_text, seed $SEED, $JOBS jobs)"
echo
echo "| A | B | A's W-D-L | A's score (95% CI) | Elo (95% CI) | mean / longest plies | South wins | distinct games | target |"
echo "|---|---|---|---|---|---|---|---|---|"
below=
for p in $LADDER; do
  if [ -n "$below" ]; then
    match "$p" "$below" 74.5
  fi
  below=$p
done
match "$MASTER" greedy 90
match "$MASTER" random 99

if [ -z "${SKIP_SPEED:-}" ]; then
  echo
  echo "## Alpha-beta speed ($MASTER's settings, 1 s a move)"
  echo
  echo "| position | depth | nodes | seconds | nodes/s |"
  echo "|---|---|---|---|---|"
  for which in start midgame; do
    if [ "$which" = start ]; then pos_args=""; else pos_args="--position"; fi
    if [ "$which" = start ]; then
      "$CLI" bestmove --variant "$VARIANT" --ai "$MASTER" --time-ms 1000 --json > "$OUT/speed-$which.json"
    else
      "$CLI" bestmove --variant "$VARIANT" $pos_args "$MIDGAME" --ai "$MASTER" --time-ms 1000 --json > "$OUT/speed-$which.json"
    fi
    /usr/bin/env python3 - "$OUT/speed-$which.json" "$which" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
print("| %s | %d | %d | %.3f | %.0f |" % (sys.argv[2], r["depth"], r["nodes"], r["seconds"], r["nodes"] / max(r["seconds"], 1e-9)))
EOF
  done
  echo
  echo "Iterative deepening does not start a depth it cannot finish in the time left, so a 1 s"
  echo "budget is used to about half; the depth is the last one searched completely."
fi

if [ "$WHAT" = all ]; then
  echo
  odds
fi
exit $failed
