#!/usr/bin/env python3
# plugin-info.py: writes a module's .plugin file from its NAME.plugin.in, at build time.
#
# Nothing built is loaded (cross builds work): the numbers come from meson (ABI, API,
# VERSION).  That the file says what the module's code does (Id, Name, ABI, API, Provides
# = exactly what the register function adds) is checked by kiela-plugin-describe in
# `meson test` (the plugin-info-* tests), where loading the module is fine.
#
# usage: plugin-info.py INPUT.plugin.in OUTPUT.plugin KEY=VALUE...
import re
import sys

values = dict(arg.split('=', 1) for arg in sys.argv[3:])
with open(sys.argv[1], encoding='utf-8') as f:
    text = f.read()


def value(match):
    if match.group(1) not in values:
        sys.exit('%s: @%s@ has no value' % (sys.argv[1], match.group(1)))
    return values[match.group(1)]


text = re.sub(r'@([A-Z_]+)@', value, text)
name = sys.argv[1].replace('\\', '/').split('/')[-1]
with open(sys.argv[2], 'w', encoding='utf-8') as out:
    out.write('# Written from %s: edit that file.\n\n%s' % (name, text))
