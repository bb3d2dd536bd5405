#!/bin/sh
# plugin-damage.sh: how Kiela starts with damaged plugin modules (issue 8): random bytes changed in a copy of a
# real module, its .plugin file intact, then a start (`kiela-cli variants` loads every plugin as the app does).
#
# Usage: scripts/plugin-damage.sh [BUILD_DIR]        (default: _build)
# Environment:
#   TRIES=400          damaged copies, each started twice (a fresh start, then one with the first start's memory)
#   BYTES=8            bytes changed in each copy
#   MODULE=plugins/rules/kiela-rules.so   the module damaged (relative to BUILD_DIR)
#   SEED=1
#
# Prints how many starts crashed (died of a signal), and how the damaged module was reported.
set -eu

BUILD_DIR=${1:-_build}
CLI="$BUILD_DIR/app/kiela-cli"
TRIES=${TRIES:-400}
BYTES=${BYTES:-8}
MODULE=${MODULE:-plugins/rules/kiela-rules.so}
SEED=${SEED:-1}
SRC="$BUILD_DIR/$MODULE"
NAME=$(basename "$SRC" .so)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

crashed_first=0 crashed_second=0 loaded=0 refused=0
i=0
while [ "$i" -lt "$TRIES" ]; do
  i=$((i + 1))
  rm -rf "$WORK/plugins" "$WORK/state" "$WORK/data"
  mkdir -p "$WORK/plugins" "$WORK/state" "$WORK/data"
  cp "${SRC%.so}.plugin" "$WORK/plugins/"
  /usr/bin/python3 - "$SRC" "$WORK/plugins/$NAME.so" "$BYTES" "$((SEED * 100000 + i))" <<'PY'
import random, sys
src, dst, n, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
data = bytearray(open(src, 'rb').read())
rng = random.Random(seed)
for _ in range(n):
    data[rng.randrange(len(data))] = rng.randrange(256)
open(dst, 'wb').write(data)
PY
  for start in first second; do
    status=0
    # Only the damaged copy: the build tree's own plugins are not searched.
    env KIELA_PLUGIN_PATH="$WORK/plugins" KIELA_UNINSTALLED="$WORK/none" XDG_STATE_HOME="$WORK/state" \
        XDG_DATA_HOME="$WORK/data" LANGUAGE=C "$CLI" variants > "$WORK/out" 2>&1 || status=$?
    if [ "$status" -ge 128 ]; then
      eval "crashed_$start=\$((crashed_$start + 1))"
    elif [ "$start" = second ]; then
      # A module that loaded and registered in its check process is remembered as checked.
      if ls "$WORK/state/kiela/plugin-guard/"*.verified > /dev/null 2>&1; then
        loaded=$((loaded + 1))
      else
        refused=$((refused + 1))
      fi
    fi
  done
done

echo "| damaged copies of $NAME.so ($BYTES random bytes each) | $TRIES |"
echo "|---|---|"
echo "| first starts that crashed | $crashed_first |"
echo "| second starts that crashed | $crashed_second |"
echo "| module loaded anyway (damage in unused bytes) | $loaded |"
echo "| module skipped with a reason | $refused |"
[ "$crashed_first" -eq 0 ] && [ "$crashed_second" -eq 0 ]
