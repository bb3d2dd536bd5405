#!/bin/sh
# bench-all.sh: every figure of issue 27 once, side by side, with the machine and its load.
#
#   scripts/bench-all.sh [BUILD_DIR]       (default: _build)
#
# In one run, one after the other:
#   engine   scripts/bench-engine.sh BUILD 3 2: random playouts (`kiela-cli bench`, every candidate
#            sown, and `--mode sample`) against tests/bench/kiela-plain.c, per CPU-second;
#   perft    `kiela-cli perft --depth 7` against the plain recursive C perft (kiela-plain perft 7),
#            both timed as whole processes (wall and user+system CPU of the process, start-up
#            and exit included), three alternated runs each, the medians;
#   search   nodes per second of the master (Kota Mpanzu without the book) and of the plain
#            alpha-beta of tests/bench/kiela-plain-ab.c, each given 1 s of thread CPU time, from
#            the start and from ai-strength.sh's midgame position;
#   frames   scripts/bench-frames.sh BUILD 1: the 12-lap move, the resize and the first frame of
#            a 300,000-move record (the long record);
#   start    scripts/bench-start.sh BUILD 5: start to first frame, desktop session and bare.
# The machine (CPU model, cores, the CPUs this script may run on) and the load average are
# printed before and after each part.  To measure on a quiet core, run it under `taskset -c 1`
# with every other process moved to CPU 0 (see docs/performance.md, "Measuring on a quiet core").
set -eu
. "$(dirname "$0")/bench-common.sh"

BUILD="${1:-_build}"
HERE="$(dirname "$0")"
CLI="$BUILD/app/kiela-cli"
PLAIN="$BUILD/tests/bench/kiela-plain"
bench_need_built bench-all "$BUILD" "$CLI" "$PLAIN" "$BUILD/app/kiela" "$BUILD/tests/bench/kiela-long-game"
if [ ! -f "$BUILD/tests/bench/kiela-bench-plain-ab.plugin" ]; then
  echo "bench-all: $BUILD/tests/bench/kiela-bench-plain-ab.plugin is missing: build first (ninja -C $BUILD)" >&2
  exit 1
fi
bench_uninstalled "$BUILD"
bench_tmpdir
MIDGAME="1,0,1,1,0,2,2,1,0,4/5,0,1,1,4,0,3,0,3,3/1,3,3,4,1,0,2,0,0,0/1,0,0,5,0,2,0,1,1,0 s"

load () {
  cut -d ' ' -f 1-3 /proc/loadavg
}

part () {
  echo
  echo "== $1 (load average $(load)) =="
}

echo "machine: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc --all) cores, this run on CPUs $(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)"
echo "system: $(uname -sr), $(sed -n 's/^PRETTY_NAME="\(.*\)"/\1/p' /etc/os-release 2>/dev/null)"
echo "commit: $(git -C "$HERE/.." rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "start: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load average $(load)"

part "engine: scripts/bench-engine.sh $BUILD 3 2"
"$HERE/bench-engine.sh" "$BUILD" 3 2

part "perft(7) as whole processes: kiela-cli perft --depth 7 against kiela-plain perft 7, 3 runs each, alternated"
# wall and CPU (user + system) of a whole process, from its parent: start-up and exit included.
/usr/bin/python3 - "$CLI" "$PLAIN" <<'EOF'
import os, resource, statistics, subprocess, sys, time
cli, plain = sys.argv[1], sys.argv[2]
cmds = {"kiela-cli": [cli, "perft", "--variant", "kiela", "--depth", "7"], "plain": [plain, "perft", "7"]}
res = {k: [] for k in cmds}
for _ in range(3):
    for name, cmd in cmds.items():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.monotonic()
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        wall = time.monotonic() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if "14892962" not in out.replace(",", ""):
            sys.exit("bench-all: %s did not count the 14,892,962 sequences of perft(7):\n%s" % (name, out))
        res[name].append((wall, cpu))
        print("  %-9s wall %.3f s, cpu %.3f s" % (name, wall, cpu))
mw = {k: statistics.median(w for w, _ in v) for k, v in res.items()}
mc = {k: statistics.median(c for _, c in v) for k, v in res.items()}
print("perft(7) medians: kiela-cli wall %.3f s, cpu %.3f s; plain wall %.3f s, cpu %.3f s; kiela-cli / plain: wall %.2fx, cpu %.2fx"
      % (mw["kiela-cli"], mc["kiela-cli"], mw["plain"], mc["plain"], mw["kiela-cli"] / mw["plain"], mc["kiela-cli"] / mc["plain"]))
EOF

part "search: nodes per second, 1 s of thread CPU time a search"
for which in start midgame; do
  for ai in "mpanzu book=0 time-ms=1000 cpu-clock=1" "plain-alphabeta time-ms=1000 cpu-clock=1"; do
    if [ "$which" = start ]; then set --; else set -- --position "$MIDGAME"; fi
    KIELA_PLUGIN_PATH="$BUILD/tests/bench${KIELA_PLUGIN_PATH:+:$KIELA_PLUGIN_PATH}" \
      "$CLI" bestmove --variant kiela "$@" --ai "$ai" --time-ms 0 --json > "$tmp/search.json"
    /usr/bin/python3 - "$tmp/search.json" "$which" "$ai" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
print("  %-8s %-42s depth %2d, %9d nodes in %.3f s: %.2f M nodes/s" % (
    sys.argv[2], sys.argv[3], r["depth"], r["nodes"], r["seconds"], r["nodes"] / max(r["seconds"], 1e-9) / 1e6))
EOF
  done
done

part "frames and the long record: scripts/bench-frames.sh $BUILD 1"
"$HERE/bench-frames.sh" "$BUILD" 1

part "start: scripts/bench-start.sh $BUILD 5"
"$HERE/bench-start.sh" "$BUILD" 5

echo
echo "end: $(date -u '+%Y-%m-%d %H:%M:%S UTC'), load average $(load)"
