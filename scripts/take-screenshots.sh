#!/bin/bash
# take-screenshots.sh: runs the real app under Xvfb (no window manager) and saves the AppStream
# screenshots into data/screenshots/: the welcome page (a first start) and a capture being
# narrated, and the position editor on a study position. (lesson.png and puzzle.png come from tests/app/test-lessons.c.)
# Usage: scripts/take-screenshots.sh [BUILD_DIR]   (default: _build; needs xvfb-run, xdotool, import)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-_build}"
out=data/screenshots
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache"
export GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_DEBUG=gl-disable
export NO_AT_BRIDGE=1 LANGUAGE=en

# c1 then h4: North's h4 captures d1 and d2 (kiela-cli play --narrate c1 h4 says so).
printf '{"format":"kiela-game","version":1,"variant":"kiela","moves":["c1","h4"]}' > "$tmp/capture.kiela"
# A game set up from a position (North to move, 34 stones), for the position editor (Ctrl+E).
printf '{"format":"kiela-game","version":1,"variant":"kiela","start":"%s","moves":[]}' \
  "0,3,0,1,0,0,4,0,0,2/0,0,5,1,0,0,0,2,0,0/0,1,0,0,3,0,0,0,6,0/2,0,0,0,1,0,0,3,0,0 n" > "$tmp/study.kiela"

shoot () {  # shoot NAME FILE KEYS...: opens FILE, presses KEYS, saves the window as NAME.png
  local name="$1" file="$2"; shift 2
  xvfb-run -a -s '-screen 0 1280x800x24' bash -c '
    if [ -n "$1" ]; then "$0" "$1" & else "$0" & fi; app=$!
    for _ in $(seq 120); do win="$(xdotool search --onlyvisible --class kiela 2>/dev/null | head -1)" && [ -n "$win" ] && break; sleep 0.5; done
    sleep 4
    xdotool mousemove 640 60
    for key in "${@:3}"; do
      case "$key" in
        click:*) xy="${key#click:}"; xdotool mousemove "${xy%,*}" "${xy#*,}" click 1 ;;
        *) xdotool key "$key" ;;
      esac
      sleep 0.4
    done
    xdotool mousemove 640 60
    sleep 2
    import -window "$win" "$2"
    kill $app' "$build/app/kiela" "$file" "$out/$name.png" "$@"
  echo "saved $out/$name.png"
}

shoot welcome ""
# Alt+Left leaves the welcome page for the game; then the step bar's End and Step Back buttons
# (at 1280x800; first the close button of the "Opened" toast) go back from the end of h4 to
# the capture, step 19 of 25.
back=click:60,771
shoot capture "$tmp/capture.kiela" alt+Left click:749,748 click:160,771 $back $back $back $back $back $back
# The close button of the "Opened" toast first.
shoot position-editor "$tmp/study.kiela" alt+Left click:739,748 ctrl+e
