#!/usr/bin/env python3
# variant-to-c.py: writes the C variants of the rules plugins from data/variants/templates/*.kiela-variant.
#
# The template files are the one source of Kiela's and Hawalis's rules: the Variant lab starts
# from them and the plugins register what this script makes of them.  It runs on the build
# machine and loads nothing it builds, so cross builds work.  It knows only the keys the
# templates use and refuses any other; tests/engine/test-variant-file.c
# (/variant-file/templates-play-as-c) checks that the engine's own parser reads every template
# as the variant registered from it.
#
# usage: variant-to-c.py OUTPUT.h NAME=FILE.kiela-variant...
#   writes `static const KielaVariant NAME = {...};` for each file, in order.
import configparser
import sys

MAX_HOUSES = 40
DEFAULTS = {
    'Arrangement': 'none', 'MinSow': '2', 'Singles': 'always', 'Direction': 'anticlockwise',
    'Relay': 'occupied', 'CaptureTrigger': 'occupied-inner', 'CaptureNeeds': 'facing-inner',
    'Captured': 'inner-and-outer', 'CapturedStones': 'sow-after-captor', 'LapLimit': '1000',
    'EndlessMove': 'illegal', 'End': 'no-moves-loses;repetition-draws', 'Default': 'false',
    'Simplified': 'false',
}
TEXT_KEYS = ('Id', 'Name', 'Description', 'Family', 'Level', 'Source', 'TranslationDomain')
KNOWN = set(DEFAULTS) | set(TEXT_KEYS) | {'Files', 'Start', 'CaptureEndsTurn', 'Reading', 'FirstMove'}
FATES = {'sow-after-captor': 'KIELA_CAPTURED_SOW_AFTER_CAPTOR',
         'sow-from-lap-start': 'KIELA_CAPTURED_SOW_FROM_LAP_START',
         'removed': 'KIELA_CAPTURED_REMOVED',
         'sow-after-lap-start': 'KIELA_CAPTURED_SOW_AFTER_LAP_START'}


def fail(path, message):
    sys.exit('%s: %s' % (path, message))


def choice(path, keys, key, allowed):
    value = keys.get(key, DEFAULTS.get(key))
    if value not in allowed:
        fail(path, 'key “%s”: “%s” is not one of %s' % (key, value, ', '.join(allowed)))
    return value


def start_side(path, files, pattern):
    houses = [0] * MAX_HOUSES
    for term in filter(None, (t.strip() for t in pattern.split(';'))):
        f = term.split(':')
        if len(f) == 2 and f[0] in ('all', 'outer', 'inner'):
            first, count = {'all': (0, 2 * files), 'outer': (0, files), 'inner': (files, files)}[f[0]]
            n = int(f[1])
        elif len(f) == 3 and f[0] in ('inner-right', 'inner-left', 'house'):
            k, n = int(f[1]), int(f[2])
            if f[0] == 'inner-right':
                first, count = files, k
            elif f[0] == 'inner-left':
                first, count = 2 * files - k, k
            else:
                first, count = k, 1
            if (f[0] == 'house' and k >= 2 * files) or (f[0] != 'house' and k > files):
                fail(path, 'Start: “%s” reaches past the %u houses of a row' % (term, files))
        else:
            fail(path, 'Start: “%s” is not a start term' % term)
        if not 0 <= n <= 255:
            fail(path, 'Start: “%s”: at most 255 stones' % term)
        for h in range(first, first + count):
            houses[h] = n
    return houses


def c_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def variant(name, path):
    parser = configparser.RawConfigParser(delimiters=('=',), comment_prefixes=('#',), interpolation=None)
    parser.optionxform = str
    with open(path, encoding='utf-8') as f:
        parser.read_file(f)
    if parser.sections() != ['Variant']:
        fail(path, 'a template has exactly one [Variant] group')
    keys = dict(parser['Variant'])
    unknown = sorted(set(keys) - KNOWN)
    if unknown:
        fail(path, 'keys this script does not know: %s' % ', '.join(unknown))
    for key in ('Id', 'Name', 'Files', 'Start'):
        if key not in keys:
            fail(path, 'no %s' % key)
    files = int(keys['Files'])
    if not 4 <= files <= 20:
        fail(path, 'Files=%d is not 4..20' % files)
    choice(path, keys, 'Direction', ['anticlockwise'])
    choice(path, keys, 'Captured', ['inner-and-outer'])
    choice(path, keys, 'End', ['no-moves-loses;repetition-draws'])
    trigger = choice(path, keys, 'CaptureTrigger', ['occupied-inner', 'empty-inner'])
    needs = choice(path, keys, 'CaptureNeeds', ['facing-inner', 'facing-inner-and-outer'])
    fate = choice(path, keys, 'CapturedStones', list(FATES))
    if 'CaptureEndsTurn' in keys and (keys['CaptureEndsTurn'] == 'true') != (fate == 'removed'):
        fail(path, 'CaptureEndsTurn=true goes with CapturedStones=removed, and only with it')
    if trigger == 'empty-inner':
        if needs != 'facing-inner':
            fail(path, 'CaptureTrigger=empty-inner needs CaptureNeeds=facing-inner')
        capture = 'KIELA_CAPTURE_EMPTY_INNER'
    else:
        capture = 'KIELA_CAPTURE_OCCUPIED_INNER' if needs == 'facing-inner' else 'KIELA_CAPTURE_OCCUPIED_INNER_BOTH'
    if keys.get('Level', 'Advanced') not in ('Beginner', 'Advanced', 'Expert'):
        fail(path, 'Level=%s is not Beginner, Advanced or Expert' % keys['Level'])
    lap_limit = int(choice(path, keys, 'LapLimit', [keys.get('LapLimit', '1000')]))
    if not 1 <= lap_limit <= 100000:
        fail(path, 'LapLimit=%d is not 1..100000' % lap_limit)
    side = start_side(path, files, keys['Start'])

    out = ['/* From %s. */' % path.split('data/')[-1], 'static const KielaVariant %s = {' % name]
    out.append('  .id = %s,' % c_string(keys['Id']))
    for key, field in (('Name', 'name'), ('Description', 'description'), ('Family', 'family'),
                       ('Level', 'level'), ('TranslationDomain', 'translation_domain'), ('Source', 'source')):
        # NULL is Kiela's own domain already.
        if key in keys and not (key == 'TranslationDomain' and keys[key] == 'kiela'):
            out.append('  .%s = %s,' % (field, c_string(keys[key])))
    out.append('  .files = %d,' % files)
    out.append('  .min_sow = %d,' % int(keys.get('MinSow', DEFAULTS['MinSow'])))
    singles = choice(path, keys, 'Singles', ['always', 'when-blocked', 'when-blocked-any-house'])
    out.append('  .singles_when_blocked = %s,' % ('FALSE' if singles == 'always' else 'TRUE'))
    out.append('  .capture_rule = %s,' % capture)
    out.append('  .captured_fate = %s,' % FATES[fate])
    out.append('  .relay_rule = %s,' %
               ('KIELA_RELAY_OCCUPIED' if choice(path, keys, 'Relay', ['occupied', 'never']) == 'occupied'
                else 'KIELA_RELAY_NEVER'))
    out.append('  .endless_policy = %s,' %
               ('KIELA_ENDLESS_ILLEGAL' if choice(path, keys, 'EndlessMove', ['illegal', 'loses']) == 'illegal'
                else 'KIELA_ENDLESS_LOSES'))
    out.append('  .lap_limit = %d,' % lap_limit)
    out.append('  .setup_phase = %s,' %
               ('TRUE' if choice(path, keys, 'Arrangement', ['none', 'free']) == 'free' else 'FALSE'))
    out.append('  .default_variant = %s,' %
               ('TRUE' if choice(path, keys, 'Default', ['false', 'true']) == 'true' else 'FALSE'))
    flags = []
    if choice(path, keys, 'Simplified', ['false', 'true']) == 'true':
        flags.append('KIELA_VARIANT_FLAG_SIMPLIFIED')
    if singles == 'when-blocked-any-house':
        flags.append('KIELA_VARIANT_FLAG_SINGLES_ANY_HOUSE')
    if flags:
        out.append('  .flags = %s,' % ' | '.join(flags))
    first = keys.get('FirstMove', 'none').strip()
    if first != 'none':
        if not first.isdigit() or int(first) >= 2 * files:
            fail(path, 'FirstMove=%s is not none or a house from 0 to %d' % (first, 2 * files - 1))
        out.append('  .first_move = %d,' % (int(first) + 1))
    houses = ', '.join(str(n) for n in side[:2 * files])
    out.append('  .start = { { %s }, { %s } },' % (houses, houses))
    out.append('};')
    return '\n'.join(out) + '\n'


def main():
    if len(sys.argv) < 3:
        sys.exit('usage: variant-to-c.py OUTPUT.h NAME=FILE.kiela-variant...')
    parts = ['/* Generated by plugins/rules/variant-to-c.py from data/variants/templates: do not edit. */\n']
    for arg in sys.argv[2:]:
        name, _, path = arg.partition('=')
        parts.append(variant(name, path))
    with open(sys.argv[1], 'w', encoding='utf-8') as out:
        out.write('\n'.join(parts))


main()
