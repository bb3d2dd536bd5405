#!/bin/sh
# update-po.sh: regenerate po/kiela.pot from the sources and merge it into every catalogue.
#
#   scripts/update-po.sh [BUILD_DIR]       (default: _build)
#
# `ninja -C BUILD_DIR kiela-pot` writes the template with the xgettext flags of po/meson.build;
# each catalogue is then merged unwrapped (meson's own kiela-update-po target wraps at 79
# columns, which rewrites every long message) and its obsolete entries dropped, as
# tests/i18n requires. New messages arrive untranslated and changed ones fuzzy: translate them,
# then check with `msgfmt --check --statistics -o /dev/null po/LANG.po`.
set -eu

build=${1:-_build}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
cd "$srcdir"

[ -f "$build/build.ninja" ] || meson setup "$build"
ninja -C "$build" kiela-pot

for lang in $(grep -v '^#' po/LINGUAS); do
  po="po/$lang.po"
  msgmerge --quiet --no-wrap --previous --update --backup=none "$po" po/kiela.pot
  # A message the sources no longer have is dropped with its translation: say which, since a
  # file missing from po/POTFILES.in loses its messages this way (tests/i18n checks the list).
  dropped=$(msgattrib --only-obsolete --no-wrap "$po" | grep '^#~ msgid "' | sed 's/^#~ msgid //') || true
  if [ -n "$dropped" ]; then
    printf '%s: dropping %s translated messages the sources no longer have:\n%s\n' "$po" \
      "$(printf '%s\n' "$dropped" | wc -l)" "$dropped" >&2
  fi
  msgattrib --no-wrap --no-obsolete --output-file="$po" "$po"
  printf '%s: ' "$po"
  msgfmt --check --statistics -o /dev/null "$po" 2>&1
done
