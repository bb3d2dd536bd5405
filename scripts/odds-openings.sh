#!/bin/sh
# odds-openings.sh: how the odds match's random openings stand: every position after the first
# PLIES plies from the start, scored for South by a deep fixed-depth search of the master.
#
# Usage: scripts/odds-openings.sh [BUILD_DIR] [ODDS_OUT]     (default: _build, no match)
#   ODDS_OUT: an OUT folder of `scripts/ai-strength.sh _build odds`: its odds-*.csv games are
#             joined to their openings (the games' first PLIES moves), and the master's result
#             is counted by the opening's class
# Environment:
#   PLIES=2          random plies (the odds match's ODDS_OPENING)
#   DEPTHS="13 14"   the depths searched in each position (Kota Mpanzu, book=0 noise=0, no time or
#                    node limit: reproducible); the class goes by their mean, since an odd and an
#                    even depth end on different sides' moves and their scores swing
#   MARGIN=300       hundredths of a stone: a mean within ±MARGIN is "balanced", above it a South
#                    position, below a North one
#   JOBS=2           searches at once        VARIANT=kiela
#   SEEDS=0          also find, among the match seeds 1..SEEDS, the first PER seeds of each distinct
#   PER=1            balanced opening (a 2-game random-against-greedy tournament a seed: a pair's
#                    opening depends on its seed only), for `ODDS_SEEDS=... ODDS_SHARD=2
#                    scripts/ai-strength.sh _build odds`: the odds match from balanced openings
#   OUT=ai-strength-results/odds-openings.tsv   the scores (position, moves, depth, move, score,
#                    seconds); rows already there are reused, so a stopped run resumes
#
# Prints a Markdown report: the classes over the distinct positions, and with ODDS_OUT over the
# match's games.  Run it niced on a shared machine: nice -n 15 scripts/odds-openings.sh _build DIR
set -eu

BUILD_DIR=${1:-_build}
ODDS_OUT=${2:-}
CLI="$BUILD_DIR/app/kiela-cli"
if [ ! -x "$CLI" ]; then
  echo "odds-openings.sh: $CLI not found: build first" >&2
  exit 1
fi

PLIES=${PLIES:-2} DEPTHS=${DEPTHS:-"13 14"} MARGIN=${MARGIN:-300} JOBS=${JOBS:-2} \
VARIANT=${VARIANT:-kiela} OUT=${OUT:-ai-strength-results/odds-openings.tsv} SEEDS=${SEEDS:-0} PER=${PER:-1} \
exec /usr/bin/env python3 - "$CLI" "$ODDS_OUT" <<'EOF'
import concurrent.futures, csv, glob, json, os, subprocess, sys, tempfile

cli, odds_out = sys.argv[1:]
plies, margin, jobs = int(os.environ["PLIES"]), int(os.environ["MARGIN"]), int(os.environ["JOBS"])
depths = [int(d) for d in os.environ["DEPTHS"].split()]
variant, out = os.environ["VARIANT"], os.environ["OUT"]
os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
WIN = 999000  # CLASSIC_WIN_BOUND: a proven result

def play(moves):
    r = subprocess.run([cli, "play", "--variant", variant, "--json"] + moves,
                       check=True, capture_output=True, text=True)
    return json.loads(r.stdout)

# Every line of PLIES plies (a finished game ends its line early), and its position.
lines, frontier = {}, [[]]
for _ in range(plies):
    nxt = []
    for moves in frontier:
        p = play(moves)
        if p["status"] != "ongoing":
            lines[" ".join(moves)] = p["position"]
        nxt += [moves + [m] for m in p["legal"]]
    frontier = nxt
for moves in frontier:
    lines[" ".join(moves)] = play(moves)["position"]
positions = sorted(set(lines.values()))

done = {}
if os.path.exists(out):
    for row in csv.reader(open(out), delimiter="\t"):
        done[(row[0], int(row[2]))] = (row[3], int(row[4]), float(row[5]))

def search(pos, depth):
    ai = "mpanzu book=0 noise=0 nodes=0 depth=%d" % depth
    r = subprocess.run([cli, "bestmove", "--variant", variant, "--ai", ai, "--time-ms", "0",
                        "--position", pos, "--json"], check=True, capture_output=True, text=True)
    j = json.loads(r.stdout)
    return j["move"], j["score"], j["seconds"]

todo = [(p, d) for p in positions for d in depths if (p, d) not in done]
first = {}
for moves, pos in lines.items():
    first.setdefault(pos, moves)
with open(out, "a") as f, concurrent.futures.ThreadPoolExecutor(jobs) as ex:
    for (pos, d), res in zip(todo, ex.map(lambda t: search(*t), todo)):
        done[(pos, d)] = res
        f.write("%s\t%s\t%d\t%s\t%d\t%.3f\n" % (pos, first[pos], d, *res))
        f.flush()

def south_score(pos):
    # The side to move after PLIES plies: South when PLIES is even.
    sign = 1 if pos.endswith(" s") else -1
    return sum(sign * done[(pos, d)][1] for d in depths) / len(depths)

def cls(s):
    return "South" if s > margin else "North" if s < -margin else "balanced"

def stones(s):
    return "proven" if abs(s) >= WIN else "%+.1f" % (s / 100)

score = {p: south_score(p) for p in positions}
counts = {c: 0 for c in ("South", "balanced", "North")}
for p in positions:
    counts[cls(score[p])] += 1
proven = sum(1 for p in positions if any(abs(done[(p, d)][1]) >= WIN for d in depths))
secs = sum(done[(p, d)][2] for p in positions for d in depths)
print("## The positions after %d plies (%s, %d lines, %d distinct positions; depths %s, mean of the scores for South)"
      % (plies, variant, len(lines), len(positions), "/".join(map(str, depths))))
print()
print("| South's mean score > +%.1f stones | within ±%.1f (balanced) | < −%.1f (North) | a proven result at a depth | search seconds |" % ((margin / 100,) * 3))
print("|---|---|---|---|---|")
print("| %d | %d | %d | %d | %.0f |" % (counts["South"], counts["balanced"], counts["North"], proven, secs))
print()
bins = [(-1e9, -1000), (-1000, -500), (-500, -300), (-300, -100), (-100, 100), (100, 300), (300, 500), (500, 1000), (1000, 1e9)]
print("| South's score, stones | " + " | ".join(
    ("< %+g" % (hi / 100)) if lo < -1e8 else ("≥ %+g" % (lo / 100)) if hi > 1e8 else "%+g to %+g" % (lo / 100, hi / 100)
    for lo, hi in bins) + " |")
print("|---|" + "---|" * len(bins))
print("| positions | " + " | ".join(str(sum(1 for p in positions if lo <= score[p] < hi)) for lo, hi in bins) + " |")
print()
print("Balanced: " + ", ".join("%s (%s)" % (first[p], stones(score[p]))
                                for p in sorted(positions, key=lambda p: score[p]) if cls(score[p]) == "balanced") + ".")

if odds_out:
    games = []
    for name in sorted(glob.glob(os.path.join(odds_out, "odds-*.csv"))):
        games += list(csv.DictReader(open(name)))
    rows = {c: [0, 0, 0, 0, 0] for c in counts}  # games, master's points, as South won/played, as North won
    south_won = {c: 0 for c in counts}
    used = {}
    for g in games:
        pos = lines[" ".join(g["moves"].split()[:plies])]
        c = cls(score[pos])
        a_south = not g["south"].startswith("plain")
        r = rows[c]
        r[0] += 1; r[1] += float(g["score_a"])
        if a_south:
            r[2] += float(g["score_a"]); r[3] += 1
        else:
            r[4] += float(g["score_a"])
        south_won[c] += g["result"] == "south wins"
        used.setdefault(c, set()).add(pos)
    print()
    print("## The odds match's %d games (%s) by their opening's class" % (len(games), odds_out))
    print()
    print("| opening | distinct openings | games | master's score | won as South | won as North | South won |")
    print("|---|---|---|---|---|---|---|")
    for c, r in rows.items():
        if r[0]:
            print("| %s | %d | %d | %.1f%% | %g of %d | %g of %d | %.0f%% |" % (
                c, len(used[c]), r[0], 100 * r[1] / r[0], r[2], r[3], r[4], r[0] - r[3],
                100 * south_won[c] / r[0]))

seeds, seen = [], {}
with tempfile.TemporaryDirectory() as tmp:
    for seed in range(1, int(os.environ["SEEDS"]) + 1):
        name = os.path.join(tmp, "%d.csv" % seed)
        subprocess.run([cli, "tournament", "--variant", variant, "--ai", "random", "--ai", "greedy",
                        "--games", "2", "--time-ms", "0", "--seed", str(seed), "--opening-plies",
                        str(plies), "--csv", name, "--quiet"], check=True, stdout=subprocess.DEVNULL)
        pos = lines[" ".join(next(csv.DictReader(open(name)))["moves"].split()[:plies])]
        if cls(score[pos]) == "balanced" and seen.get(pos, 0) < int(os.environ["PER"]):
            seeds.append((seen.get(pos, 0), seed)); seen[pos] = seen.get(pos, 0) + 1
seeds = [s for _, s in sorted(seeds)]  # each opening's first seed first: a run cut short covers them all
if seeds:
    print()
    print("The first %s seeds of each of %d distinct balanced openings among seeds 1-%s (%d seeds):"
          % (os.environ["PER"], len(seen), os.environ["SEEDS"], len(seeds)))
    print()
    print('ODDS_SEEDS="%s"' % " ".join(map(str, seeds)))
EOF
