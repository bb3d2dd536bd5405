#!/usr/bin/env python3
# check-manifest.py: lints the Flatpak manifest against the rest of the tree: a supported GNOME
# runtime, sandbox holes from an allow-list only, one app id everywhere, and a command meson installs.
"""Usage: check-manifest.py SOURCE_ROOT APP_ID MIN_GNOME_RUNTIME

Prints TAP: one line per check, `not ok` with the reason when it fails."""
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

# What Kiela may ask of the sandbox: a display, shared memory for X11, and the GPU.  Files come
# and go through the document portal (GtkFileDialog), so no --filesystem of any kind.
ALLOWED_FINISH_ARGS = {"--socket=wayland", "--socket=fallback-x11", "--share=ipc", "--device=dri"}

results = []


def check(name, ok, why=""):
    results.append((name, bool(ok), why))


def main():
    root, app_id, min_runtime = sys.argv[1], sys.argv[2], int(sys.argv[3])
    manifest_path = os.path.join(root, "flatpak", app_id + ".json")
    try:
        with open(manifest_path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        check("manifest is readable JSON", False, "%s: %s" % (manifest_path, e))
        return

    check("manifest is named after the app id", manifest.get("id") == app_id,
          "id is %r, the file and meson say %r" % (manifest.get("id"), app_id))
    check("runtime is the GNOME platform",
          manifest.get("runtime") == "org.gnome.Platform" and manifest.get("sdk") == "org.gnome.Sdk",
          "runtime %r, sdk %r" % (manifest.get("runtime"), manifest.get("sdk")))
    version = str(manifest.get("runtime-version", ""))
    check("runtime version is a supported GNOME release (>= %d)" % min_runtime,
          version.isdigit() and int(version) >= min_runtime,
          "runtime-version is %r" % version)

    finish = manifest.get("finish-args", [])
    extra = [a for a in finish if a not in ALLOWED_FINISH_ARGS]
    missing = sorted(ALLOWED_FINISH_ARGS - set(finish))
    check("finish-args only from the allow-list", not extra, "not allowed: %s" % ", ".join(extra))
    check("finish-args give a display and the GPU", not missing, "missing: %s" % ", ".join(missing))
    check("no file-system access (files go through the portal)",
          not any(a.startswith("--filesystem") for a in finish), "found --filesystem")
    check("finish-args have no duplicates", len(finish) == len(set(finish)), "duplicates in %s" % finish)

    modules = manifest.get("modules", [])
    app_module = modules[-1] if modules else {}
    check("the last module builds this checkout with meson",
          app_module.get("buildsystem") == "meson"
          and any(s.get("type") == "dir" and s.get("path") == ".." for s in app_module.get("sources", [])),
          "last module: %r" % app_module.get("name"))

    command = manifest.get("command", "")
    with open(os.path.join(root, "app", "meson.build"), encoding="utf-8") as f:
        app_meson = f.read()
    installed = re.findall(r"executable\(\s*'([^']+)'[^)]*?install:\s*true", app_meson, re.S)
    check("command %r is an executable meson installs" % command, command in installed,
          "installed executables: %s" % installed)

    data = os.path.join(root, "data")
    desktop = os.path.join(data, app_id + ".desktop.in")
    check("desktop file is named after the app id", os.path.isfile(desktop), desktop + " is missing")
    if os.path.isfile(desktop):
        with open(desktop, encoding="utf-8") as f:
            text = f.read()
        exec_line = re.search(r"^Exec=(\S+)", text, re.M)
        icon_line = re.search(r"^Icon=(\S+)", text, re.M)
        check("desktop Exec= runs the command", exec_line and exec_line.group(1) == command,
              "Exec=%s" % (exec_line.group(1) if exec_line else None))
        check("desktop Icon= is the app id", icon_line and icon_line.group(1) == app_id,
              "Icon=%s" % (icon_line.group(1) if icon_line else None))

    metainfo = os.path.join(data, app_id + ".metainfo.xml.in")
    try:
        component = ET.parse(metainfo).getroot()
        check("metainfo <id> is the app id", component.findtext("id") == app_id,
              "<id>%s</id>" % component.findtext("id"))
        launchable = component.find("launchable")
        check("metainfo launches the desktop file",
              launchable is not None and launchable.text == app_id + ".desktop",
              "launchable %r" % (launchable.text if launchable is not None else None))
        binaries = [b.text for b in component.findall("provides/binary")]
        check("metainfo provides the command", command in binaries, "provides %s" % binaries)
    except (OSError, ET.ParseError) as e:
        check("metainfo is readable XML", False, "%s: %s" % (metainfo, e))

    schema = os.path.join(data, app_id + ".gschema.xml")
    try:
        ids = [s.get("id") for s in ET.parse(schema).getroot().findall("schema")]
        check("GSettings schema id is the app id", ids == [app_id], "schema ids %s" % ids)
    except (OSError, ET.ParseError) as e:
        check("GSettings schema is readable XML", False, "%s: %s" % (schema, e))

    for rel in ("icons/hicolor/scalable/apps/%s.svg" % app_id,
                "icons/hicolor/symbolic/apps/%s-symbolic.svg" % app_id,
                "%s.mime.xml" % app_id):
        check("data/%s exists" % rel, os.path.isfile(os.path.join(data, rel)), "missing")


if __name__ == "__main__":
    main()
    print("1..%d" % len(results))
    for i, (name, ok, why) in enumerate(results, 1):
        print("%s %d - %s%s" % ("ok" if ok else "not ok", i, name, "" if ok else " # " + why))
    sys.exit(0 if all(ok for _, ok, _ in results) else 1)
