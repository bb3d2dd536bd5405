#!/bin/sh
# bench-start.sh: the app's start to its first frame, in a desktop-like session and bare headless.
#
#   scripts/bench-start.sh [--cold] [BUILD_DIR] [RUNS]       (default: _build, 7 runs)
#
# Builds BUILD_DIR if needed, then runs `kiela --benchmark` RUNS times in each environment and
# prints the median, min and max of the time from main() to the end of the first painted frame
# (wall) and of the process's CPU time at that frame (dynamic linking before main() included),
# then the median of each `start-step-ms` step: when it ended, wall and CPU.
#
#  desktop session  a private session bus (dbus-run-session) and one Xvfb 1920x1080 for all the
#                   runs, in which xdg-desktop-portal and the accessibility bus already run, as
#                   on a logged-in GNOME desktop: the portal is pinged, then one warm-up run
#                   starts whatever else the app asks the bus for and fills the board image cache.
#  bare headless    plain xvfb-run per run, no session bus: GLib autolaunches one (dbus-launch)
#                   and D-Bus-activates the portal and the accessibility bus at every start.
#  first start      (--cold) the desktop session with empty cache and state folders each run, as
#                   at the very first start: the board's SVG is rasterised before the first frame
#                   and each plugin is first loaded in a kiela-plugin-check process of its own.
#
# Every run: the cairo renderer with GL off, settings in memory, the schema and plugins from the
# build tree, fresh XDG config, data and runtime folders (so no autosave is restored); the cache
# (the board image) and state folders (the plugins' crash-guard markers: each module is checked
# once, at its first load) are the warm-up run's, as they are at any start but the first.  The load average is printed: with other work on the machine the wall
# time waits for a core, the CPU time much less so.
set -eu
. "$(dirname "$0")/bench-common.sh"

SCREEN='-screen 0 1920x1080x24'

# run_one ENV N: one `kiela --benchmark` in fresh folders, its output in $tmp/ENV-N.out.
run_one () {
  _dir="$tmp/run-$1-$2"
  mkdir -p "$_dir/config" "$_dir/data" "$_dir/runtime"
  chmod 700 "$_dir/runtime"
  _cache="$tmp/cache" _state="$tmp/state"
  if [ "$1" = cold ]; then
    _cache="$_dir/cache" _state="$_dir/state"
  fi
  XDG_CONFIG_HOME="$_dir/config" XDG_DATA_HOME="$_dir/data" XDG_STATE_HOME="$_state" \
    XDG_RUNTIME_DIR="$_dir/runtime" XDG_CACHE_HOME="$_cache" \
    "$APP" --benchmark > "$tmp/$1-$2.out" 2> "$tmp/$1-$2.err" || {
      echo "bench-start: kiela --benchmark failed ($1, run $2):" >&2
      cat "$tmp/$1-$2.err" >&2
      exit 1
    }
  grep -q '^first-frame-ms:' "$tmp/$1-$2.out" || {
    echo "bench-start: kiela --benchmark reported no first frame ($1, run $2)" >&2
    cat "$tmp/$1-$2.err" >&2
    exit 1
  }
}

# Inside xvfb-run: one bare run.
if [ "${1:-}" = --inner-run ]; then
  APP=$3 tmp=$4
  run_one "$2" "$5"
  exit 0
fi
# Inside dbus-run-session and xvfb-run: the desktop session (and the cold-cache runs).
if [ "${1:-}" = --inner-desktop ]; then
  APP=$2 RUNS=$3 COLD=$4 tmp=$5
  if ! command -v gdbus > /dev/null 2>&1; then
    echo "no gdbus (libglib2.0-bin): the portal was not started before the runs" > "$tmp/desktop.notes"
  elif gdbus call --session --timeout 10 --dest org.freedesktop.portal.Desktop \
       --object-path /org/freedesktop/portal/desktop --method org.freedesktop.DBus.Peer.Ping \
       > /dev/null 2> "$tmp/portal.err"; then
    echo "xdg-desktop-portal running" > "$tmp/desktop.notes"
  else
    echo "no xdg-desktop-portal on the bus ($(head -n 1 "$tmp/portal.err")): measured without one (apt-get install xdg-desktop-portal-gtk)" \
      > "$tmp/desktop.notes"
  fi
  run_one desktop 0
  i=1
  while [ "$i" -le "$RUNS" ]; do
    run_one desktop "$i"
    if [ "$COLD" = 1 ]; then
      run_one cold "$i"
    fi
    i=$((i + 1))
  done
  exit 0
fi

COLD=0
if [ "${1:-}" = --cold ]; then
  COLD=1
  shift
fi
BUILD=${1:-_build}
RUNS=${2:-7}
APP="$BUILD/app/kiela"

bench_need_tools bench-start "meson ninja-build" meson ninja
bench_need_tools bench-start "xvfb xauth" xvfb-run
if [ -f "$BUILD/build.ninja" ]; then
  meson compile -C "$BUILD" > /dev/null
else
  meson setup "$BUILD" > /dev/null && meson compile -C "$BUILD" > /dev/null
fi
bench_need_built bench-start "$BUILD" "$APP"
APP=$(cd "$(dirname "$APP")" && pwd)/kiela

bench_uninstalled "$BUILD"
export GSETTINGS_SCHEMA_DIR="$KIELA_UNINSTALLED/data"
export GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_DEBUG=gl-disable
# A portal the app started may still hold its folder in a run's runtime folder a moment.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" 2> /dev/null || { sleep 1; rm -rf "$tmp"; }' EXIT
mkdir -p "$tmp/cache" "$tmp/state"

# summarise ENV TITLE: the figures of the runs $tmp/ENV-1.out ... (run 0 is the warm-up).
summarise () {
  echo "== $2 ($RUNS runs)"
  i=1
  while [ "$i" -le "$RUNS" ]; do
    cat "$tmp/$1-$i.out"
    i=$((i + 1))
  done | awk '
    function sort(a, n,   i, j, t) {
      for (i = 2; i <= n; i++)
        for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    }
    function median(a, n) { sort(a, n); return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    /^start-step-ms / {
      step = $2; sub(/:$/, "", step)
      if (!(step in count)) order[++steps] = step
      n = ++count[step]
      wall[step, n] = $3 + 0; c = $5; sub(/\)$/, "", c); cpu[step, n] = c + 0
    }
    END {
      n = count["first-frame"]
      for (i = 1; i <= n; i++) { w[i] = wall["first-frame", i]; u[i] = cpu["first-frame", i] }
      mw = median(w, n); mu = median(u, n)
      printf "first frame: wall median %.0f ms (%.0f-%.0f), CPU median %.0f ms (%.0f-%.0f)\n", \
        mw, w[1], w[n], mu, u[1], u[n]
      printf "  %-26s %9s %9s %9s %9s\n", "step (medians, ms)", "ends", "CPU ends", "takes", "CPU"
      pw = 0; pu = 0
      for (s = 1; s <= steps; s++) {
        for (i = 1; i <= count[order[s]]; i++) { w[i] = wall[order[s], i]; u[i] = cpu[order[s], i] }
        mw = median(w, count[order[s]]); mu = median(u, count[order[s]])
        printf "  %-26s %9.1f %9.1f %9.1f %9.1f\n", order[s], mw, mu, mw - pw, mu - pu
        pw = mw; pu = mu
      }
    }'
  if [ -s "$tmp/$1.notes" ]; then
    sed 's/^/  note: /' "$tmp/$1.notes"
  fi
  # What the app printed, from the first run that printed anything.
  said=0 i=1
  while [ "$i" -le "$RUNS" ]; do
    if grep -q . "$tmp/$1-$i.err"; then
      if [ "$said" = 0 ]; then
        echo "  the app said (run $i):"
        grep . "$tmp/$1-$i.err" | sed 's/^/    /'
      fi
      said=$((said + 1))
    fi
    i=$((i + 1))
  done
  if [ "$said" -gt 1 ]; then
    echo "  (and printed something in $((said - 1)) more runs)"
  fi
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

if command -v dbus-run-session > /dev/null 2>&1; then
  # The bus inside the X server, so the services it starts (the portal's GTK back end) find the display.
  env -u DBUS_SESSION_BUS_ADDRESS -u AT_SPI_BUS_ADDRESS xvfb-run -a -s "$SCREEN" \
    dbus-run-session -- sh "$0" --inner-desktop "$APP" "$RUNS" "$COLD" "$tmp" > "$tmp/session.log" 2>&1 || {
      echo "bench-start: the desktop session failed:" >&2
      cat "$tmp/session.log" >&2
      exit 1
    }
  summarise desktop "desktop session: session bus, portal and accessibility bus already running"
  if [ "$COLD" = 1 ]; then
    summarise cold "first start: the desktop session, nothing cached, plugins checked"
  fi
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
else
  echo "== desktop session: not measured: dbus-run-session is missing (apt-get install dbus-daemon)"
fi

# Bare: a new X server each run, so GLib autolaunches a new bus each run, as at a bare start.
if command -v dbus-launch > /dev/null 2>&1; then
  echo "GLib autolaunches a session bus with dbus-launch" > "$tmp/bare.notes"
else
  echo "no dbus-launch (dbus-x11): GLib cannot autolaunch a bus, the runs have none" > "$tmp/bare.notes"
fi
i=0
while [ "$i" -le "$RUNS" ]; do
  env -u DBUS_SESSION_BUS_ADDRESS -u AT_SPI_BUS_ADDRESS \
    xvfb-run -a -s "$SCREEN" sh "$0" --inner-run bare "$APP" "$tmp" "$i"
  i=$((i + 1))
done
summarise bare "bare headless: plain xvfb-run, no session bus"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
