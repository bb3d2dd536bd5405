#!/bin/sh
# opening-book.sh: builds the AI's opening book, data/ai/opening-book.ini, by deep searches offline.
#
# Usage: scripts/opening-book.sh [BUILD_DIR] [OUT_FILE]     (default: _build data/ai/opening-book.ini)
# Environment:
#   VARIANTS="kiela kiela-beginner kiela-expert"   the variants the book covers (a group [Moves VARIANT]
#                  each; a variant with a setup phase also [Arrange VARIANT], its arrangements)
#   PLIES=4        the book's tree: the game's first PLIES plies, for each side: on its turns the
#                  move the search finds, on the other side's every legal reply
#   PLIES_kiela_beginner=3   PLIES for one variant (its id's dashes as underscores); the defaults
#                  are the shipped book's: 3 for kiela-beginner, 2 for kiela-expert
#   ARRANGE=       more settings for the arrangements' searches (kiela-expert), e.g.
#                  "arrange-candidates=2000": South's at the start, North's after South's book
#                  arrangement and after a South who kept the start; the tree of plies then
#                  starts from those boards
#   ARRANGE_TRIES=4  South's arrangement: the best of this many arrangement searches (seeds 1, 2,
#                  ...), each judged by the DEPTH search of the board after North's answer
#   DEPTH=14       the searches' depth (no time or node limit: the same book on any machine)
#   AI=mpanzu      whose search (its settings, with depth=DEPTH nodes=0 book=0 noise=0)
#   JOBS=2         searches at once
#
# Every position on a side's turn in its tree is searched once (tests/bench/kiela-opening-book),
# so PLIES=4 is 1 + 14 + 14 + 196 positions in kiela.  The file's [Book] group records the depth,
# the plies, the AI and the date; a personality plays from it with the setting book=1 (none does by
# default: `--ai "mpanzu book=1"`), in the game's first PLIES plies, whenever the position is in it.
set -eu

BUILD_DIR=${1:-_build}
OUT=${2:-data/ai/opening-book.ini}
VARIANTS=${VARIANTS:-"kiela kiela-beginner kiela-expert"}
PLIES=${PLIES:-4}
PLIES_kiela_beginner=${PLIES_kiela_beginner:-3}
PLIES_kiela_expert=${PLIES_kiela_expert:-2}
ARRANGE=${ARRANGE:-}
ARRANGE_TRIES=${ARRANGE_TRIES:-4}
DEPTH=${DEPTH:-14}
AI=${AI:-mpanzu}
JOBS=${JOBS:-2}
case "$BUILD_DIR" in /*) ;; *) BUILD_DIR="$PWD/$BUILD_DIR" ;; esac
TOOL="$BUILD_DIR/tests/bench/kiela-opening-book"

if [ ! -x "$TOOL" ]; then
  echo "opening-book.sh: $TOOL not found: build first (meson setup $BUILD_DIR && ninja -C $BUILD_DIR)" >&2
  exit 1
fi
case "$PLIES$DEPTH$JOBS$ARRANGE_TRIES" in
  *[!0-9]*) echo "opening-book.sh: PLIES, DEPTH, JOBS and ARRANGE_TRIES are whole numbers" >&2; exit 1 ;;
esac

tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp".*' EXIT
start=$(date +%s)
{
  echo "# The classic AI module's opening book (plugins/ai/README.md): written by scripts/opening-book.sh;"
  echo "# each position on a side's turn in the game's first plies, with the move a deep search chose and its score."
  echo "[Book]"
  echo "depth=$DEPTH"
  echo "plies=$PLIES"
  echo "ai=$AI depth=$DEPTH nodes=0 book=0 noise=0"
  echo "date=$(date -u +%Y-%m-%d)"
} > "$tmp"
max_plies=0
for v in $VARIANTS; do
  p=$(eval "echo \${PLIES_$(echo "$v" | tr -- '-' '_'):-$PLIES}")
  case "$p" in ''|*[!0-9]*) echo "opening-book.sh: the plies of $v ($p) are no whole number" >&2; exit 1 ;; esac
  if [ "$p" -gt "$max_plies" ]; then max_plies=$p; fi
  KIELA_UNINSTALLED="$BUILD_DIR" nice -n 10 "$TOOL" "$v" "$p" "$AI depth=$DEPTH nodes=0 book=0 noise=0" "$JOBS" "$ARRANGE" "$ARRANGE_TRIES" \
    > "$tmp.$v" 2> "$tmp.$v.log" || { cat "$tmp.$v.log" >&2; echo "opening-book.sh: the searches of $v failed" >&2; exit 1; }
  echo "[Moves $v]" >> "$tmp"
  echo "# $v: the first $p plies" >> "$tmp"
  cat "$tmp.$v" >> "$tmp"
  echo "$v: $(grep -c '=' "$tmp.$v") positions and arrangements" >&2
done
echo "seconds=$(( $(date +%s) - start ))" > "$tmp.secs"
# The deepest of the variants' trees.
sed -i "s/^plies=$PLIES\$/plies=$max_plies/" "$tmp"
# The time it took, in the [Book] group (after the date).
sed -i "/^date=/r $tmp.secs" "$tmp"
mv "$tmp" "$OUT"
echo "opening-book.sh: wrote $OUT" >&2
