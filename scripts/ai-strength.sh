#!/bin/sh
# ai-strength.sh: the AI benchmark: the personality ladder, the master against greedy and random, and search speed.
#
# Usage: scripts/ai-strength.sh [BUILD_DIR]          (default: _build)
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
#
# Prints a Markdown report (for docs/performance.md) and exits 1 when a target is missed:
# each personality scores >= 60% against the one below it, the master >= 90%
# against greedy and >= 99% against random.
set -eu

BUILD_DIR=${1:-_build}
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

opening_text=""
if [ "$OPENING" != 0 ]; then opening_text=", $OPENING random opening plies"; fi
echo "## AI strength ($VARIANT, $GAMES games a match, $budget_text$opening_text, seed $SEED, $JOBS jobs)"
echo
echo "| A | B | A's W-D-L | A's score (95% CI) | Elo (95% CI) | mean / longest plies | South wins | distinct games | target |"
echo "|---|---|---|---|---|---|---|---|---|"
below=
for p in $LADDER; do
  if [ -n "$below" ]; then
    match "$p" "$below" 60
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

exit $failed
