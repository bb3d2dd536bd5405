#!/usr/bin/env python3
"""check-window-private.py APP_DIR STAMP: fails when a file outside APP_DIR/window/ includes
kiela-window-private.h (the window's struct is its own; pages use kiela-window.h), else writes STAMP."""
import os
import re
import sys

app_dir, stamp = sys.argv[1], sys.argv[2]
include = re.compile(r'^\s*#\s*include\s*[<"](?:.*/)?kiela-window-private\.h[>"]', re.M)
window_dir = os.path.join(app_dir, "window")
offenders = []
for root, _dirs, files in os.walk(app_dir):
    if os.path.commonpath([root, window_dir]) == window_dir:
        continue
    for name in sorted(files):
        if name.endswith((".c", ".h")):
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as f:
                if include.search(f.read()):
                    offenders.append(os.path.relpath(path, app_dir))
if offenders:
    sys.stderr.write("kiela-window-private.h is the window's own (app/window/); included by: %s\n"
                     "Use the public API of kiela-window.h instead.\n" % ", ".join(offenders))
    sys.exit(1)
with open(stamp, "w", encoding="utf-8") as f:
    f.write("ok\n")
