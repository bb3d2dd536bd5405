#!/bin/sh
# opening-book-lines.sh: deepens the opening book along the lines an opponent really plays.
#
# Usage: scripts/opening-book-lines.sh [BUILD_DIR] [BOOK_FILE]   (default: _build data/ai/opening-book.ini)
# Environment:
#   PLIES=10       follow the lines to the game's first PLIES plies
#   DEPTH=12       the book side's searches (AI's, with depth=DEPTH nodes=0 book=0 noise=0)
#   AI=mpanzu      whose search plays the book side
#   OPPONENT="plain-alphabeta time-ms=1000 cpu-clock=1"   the opponent whose lines are followed
#                  (the plain alpha-beta of tests/bench, at its 1 s of the odds match)
#   SPREAD=1       the opponent's replies: its move at the depth D its budget reached, and at
#                  D-SPREAD .. D+SPREAD (a loaded or faster machine reaches one more or one less)
#   JOBS=2         searches at once
#   VARIANT=kiela
#   REPLIES=FILE   keep the opponent's replies in FILE (JSON) for a later run with more PLIES
#
# From the start, for each side in turn as the book's side: on the book side's turns the book's
# move when it has one (the position within the book's plies), else a DEPTH search's; on the
# opponent's turns each of its replies above.  Every new position on the book side's turn goes
# into the book's [Moves VARIANT] group with its move and score, and the book's `plies` becomes
# PLIES (positions past the old plies that are not in the book are searched as before); the
# [Book] group records the lines' opponent, plies, spread and date.
set -eu

BUILD_DIR=${1:-_build}
BOOK=${2:-data/ai/opening-book.ini}
PLIES=${PLIES:-10}
DEPTH=${DEPTH:-12}
AI=${AI:-mpanzu}
OPPONENT=${OPPONENT:-"plain-alphabeta time-ms=1000 cpu-clock=1"}
SPREAD=${SPREAD:-1}
JOBS=${JOBS:-2}
VARIANT=${VARIANT:-kiela}
REPLIES=${REPLIES:-}
CLI="$BUILD_DIR/app/kiela-cli"

if [ ! -x "$CLI" ] || [ ! -f "$BUILD_DIR/tests/bench/kiela-bench-plain-ab.plugin" ]; then
  echo "opening-book-lines.sh: $CLI or the plain alpha-beta not found: build first" >&2
  exit 1
fi
case "$PLIES$DEPTH$JOBS$SPREAD" in
  *[!0-9]*) echo "opening-book-lines.sh: PLIES, DEPTH, JOBS and SPREAD are whole numbers" >&2; exit 1 ;;
esac
export KIELA_PLUGIN_PATH="$BUILD_DIR/tests/bench${KIELA_PLUGIN_PATH:+:$KIELA_PLUGIN_PATH}"
export KIELA_UNINSTALLED="$BUILD_DIR"

exec /usr/bin/env python3 - "$CLI" "$BOOK" "$PLIES" "$DEPTH" "$AI" "$OPPONENT" "$SPREAD" "$JOBS" "$VARIANT" "$REPLIES" <<'EOF'
import concurrent.futures, datetime, json, os, re, subprocess, sys, time

cli, book_path, plies, depth, ai, opponent, spread, jobs, variant, replies_path = sys.argv[1:]
plies, depth, spread, jobs = int(plies), int(depth), int(spread), int(jobs)
search_ai = "%s depth=%d nodes=0 book=0 noise=0" % (ai, depth)
started = time.time()

def run(*args):
    return json.loads(subprocess.run([cli, *args, "--variant", variant, "--json"], check=True,
                                     capture_output=True, text=True).stdout)

def after(kpn, move):
    return run("play", "--position", kpn, move)["position"]

def search(kpn, spec):
    try:
        r = run("bestmove", "--position", kpn, "--ai", spec, "--time-ms", "0")
    except subprocess.CalledProcessError:
        return None   # the game is over: the line ends
    return r["move"], r["score"], r["depth"]

known = {}
if replies_path and os.path.exists(replies_path):
    known = json.load(open(replies_path)).get("%s %d" % (opponent, spread), {})

def replies(kpn):
    if kpn not in known:
        known[kpn] = replies_searched(kpn)
    return known[kpn]

def replies_searched(kpn):
    # The opponent's move on its budget, and at the depths around the one it reached.
    r = search(kpn, opponent)
    if r is None:
        return []
    move, _, d = r
    base = re.sub(r"\b(time-ms|cpu-clock|nodes)=\S+", "", opponent).strip()
    moves = {move}
    for dd in range(max(1, d - spread), d + spread + 1):
        if dd != d:
            moves.add(search(kpn, "%s depth=%d" % (base, dd))[0])
    return sorted(moves)

lines = open(book_path).read().split("\n")
group = "[Moves %s]" % variant
start_i = lines.index(group)
end_i = next((i for i in range(start_i + 1, len(lines)) if lines[i].startswith("[")), len(lines))
old = {}
for l in lines[start_i + 1:end_i]:
    if "=" in l and not l.startswith("#"):
        k, v = l.split("=", 1)
        old[k] = v
old_plies = next(int(l.split("=")[1]) for l in lines if l.startswith("plies="))
start = run("play")["position"]

new = {}
pool = concurrent.futures.ThreadPoolExecutor(jobs)
searched = 0
for book_side in ("s", "n"):
    level = [start]
    for ply in range(plies):
        book_turn = [k for k in level if k.endswith(" " + book_side)]
        other = [k for k in level if not k.endswith(" " + book_side)]
        todo = [k for k in book_turn if not (k in old and ply < old_plies) and k not in new]
        for k, r in zip(todo, pool.map(lambda k: search(k, search_ai), todo)):
            if r is not None:
                new[k] = "%s %d" % (r[0], r[1])
        searched += len(todo)
        children = []
        for k in book_turn:
            v = new.get(k) or old.get(k)
            if v:
                children.append((k, v.split()[0]))
        for k, ms in zip(other, pool.map(replies, other)):
            children += [(k, m) for m in ms]
        level = sorted(set(pool.map(lambda km: after(*km), children)))
        print("%s as the book side, ply %d: %d positions on its turn (%d searched), %d opponent positions; next %d"
              % (book_side, ply, len(book_turn), len(todo), len(other), len(level)), file=sys.stderr, flush=True)
        # Lines that ended (no position) simply stop.

if replies_path:
    json.dump({"%s %d" % (opponent, spread): known}, open(replies_path, "w"))
entries = ["# %s: the lines of %s, %d plies (scripts/opening-book-lines.sh, %s, depth %d)"
           % (variant, opponent, plies, datetime.date.today().isoformat(), depth)]
entries += ["%s=%s" % kv for kv in sorted(new.items())]
lines[end_i:end_i] = entries + ([""] if end_i < len(lines) else [])
out = []
for l in lines:
    if l.startswith("plies="):
        l = "plies=%d" % max(plies, old_plies)
    if l.startswith("lines="):
        continue
    out.append(l)
    if l.startswith("seconds="):
        out.append("lines=%s, %d plies, spread %d, depth %d, %s, %d s" % (
            opponent, plies, spread, depth, datetime.date.today().isoformat(), round(time.time() - started)))
open(book_path, "w").write("\n".join(out))
print("opening-book-lines.sh: %d new positions in %s (%d s)" % (len(new), book_path, round(time.time() - started)),
      file=sys.stderr)
EOF
