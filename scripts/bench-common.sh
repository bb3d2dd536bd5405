# bench-common.sh: what the scripts/bench-*.sh share; each sources it: . "$(dirname "$0")/bench-common.sh"

# bench_need_built NAME BUILD PROGRAM...: stops, saying so, unless every built PROGRAM is there.
bench_need_built () {
  _name=$1 _build=$2
  shift 2
  for _f in "$@"; do
    if [ ! -x "$_f" ]; then
      echo "$_name: $_f is missing: build first (ninja -C $_build)" >&2
      exit 1
    fi
  done
}

# bench_need_tools NAME PACKAGES TOOL...: stops, naming the Debian PACKAGES to install, unless every TOOL is there.
bench_need_tools () {
  _name=$1 _packages=$2
  shift 2
  for _tool in "$@"; do
    if ! command -v "$_tool" >/dev/null 2>&1; then
      echo "$_name: $_tool is missing (apt-get install $_packages)" >&2
      exit 1
    fi
  done
}

# bench_uninstalled BUILD: the programs run uninstalled, with plugins and translations from the build tree.
bench_uninstalled () {
  KIELA_UNINSTALLED="$(cd "$1" && pwd)"
  export KIELA_UNINSTALLED
}

# bench_tmpdir: $tmp is a new folder, removed when the script exits.
bench_tmpdir () {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
}

# bench_long_game_args [BUILD_DIR] [MOVES...]: the arguments of the long-game benchmarks: sets BUILD,
# LENGTHS (default 16000 64000 300000 moves) and GEN, the program writing legal records that long.
bench_long_game_args () {
  BUILD="${1:-_build}"
  if [ $# -gt 0 ]; then
    shift
  fi
  LENGTHS="${*:-16000 64000 300000}"
  GEN="$BUILD/tests/bench/kiela-long-game"
}
