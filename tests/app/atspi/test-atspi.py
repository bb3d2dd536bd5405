#!/usr/bin/python3
# test-atspi.py: drives Kiela through AT-SPI as a screen reader would: reads every house's name and
# stone count, sows a house with its "click" action, and checks the board read back against the
# engine's position after that move (from kiela-cli, independently of the app); then plays a
# capturing reply and reads what the status region announced; and checks that every button of the
# main window has an accessible name.
# Usage, on a display (meson runs it under tests/display-run, which gives it an Xvfb of its own):
#        dbus-run-session -- /usr/bin/python3 test-atspi.py KIELA KIELA-CLI
#    or: /usr/bin/python3 test-atspi.py --own-session KIELA KIELA-CLI (what meson runs: the same, with
#        only the TAP lines passed on, since the accessibility daemons print to the session's stdout)
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import gi
gi.require_version('Atspi', '2.0')
from gi.repository import Atspi  # noqa: E402
from gi.repository import GLib  # noqa: E402
import pyatspi  # noqa: E402

HOUSE_NAME = re.compile(r'^(South|North) (inner|outer) row, ([a-t])([1-4]), (\d+) stones?$')
ROW_RANK = {('South', 'outer'): 1, ('South', 'inner'): 2, ('North', 'inner'): 3, ('North', 'outer'): 4}
MOVE = 'i2'
NAMED_ROLES = ('push button', 'toggle button', 'menu item', 'check menu item', 'radio menu item', 'radio button',
               'check box', 'combo box', 'spin button', 'slider', 'switch', 'toggle switch')

results = []


def check(ok, what):
    results.append((bool(ok), what))
    print(('ok %d - %s' if ok else 'not ok %d - %s') % (len(results), what), flush=True)
    return ok


def find_app(pid, timeout=90):
    end = time.time() + timeout
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and app.get_process_id() == pid:
                return app
        time.sleep(0.2)
    return None


def walk(node, depth=0):
    """Every accessible under `node`.  One that vanishes while it is read (a popover or a toast
    closing: "The application no longer exists") is left out with its children, not an error."""
    if node is None or depth > 60:
        return
    try:
        count = node.childCount
    except GLib.GError:
        return
    yield node
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except GLib.GError:
            continue
        yield from walk(child, depth + 1)


def role_of(node):
    try:
        return node.getRoleName()
    except GLib.GError:
        return None


def name_of(node):
    try:
        return node.name or ''
    except GLib.GError:
        return ''


def read_houses(app):
    """{square: (count, accessible)} for every accessible whose name is a house's label."""
    Atspi.Accessible.clear_cache(app)
    houses = {}
    for node in walk(app):
        match = HOUSE_NAME.match(name_of(node))
        if match:
            side, row, file, rank, count = match.groups()
            # The name's row and the square's rank must agree ("South inner row" is rank 2).
            if ROW_RANK[(side, row)] != int(rank):
                check(False, 'house %s%s is named with row "%s %s"' % (file, rank, side, row))
            houses[file + rank] = (int(count), node)
    return houses


def engine_position(cli, moves):
    out = subprocess.run([cli, 'play', '--json'] + moves, check=True, capture_output=True, text=True).stdout
    kpn = json.loads(out)['position'].split()[0]
    board = {}
    # KPN lists ranks 4, 3, 2, 1, each from file a.
    for rank, row in zip((4, 3, 2, 1), kpn.split('/')):
        for f, count in enumerate(row.split(',')):
            board[chr(ord('a') + f) + str(rank)] = int(count)
    return board


def engine_narration(cli, moves):
    """The lines the engine narrates for the last of `moves` (summary first)."""
    out = subprocess.run([cli, 'play', '--narrate'] + moves, check=True, capture_output=True, text=True).stdout
    lines, inside = [], False
    for line in out.split('\n'):
        if re.match(r'^%d\. ' % len(moves), line):
            inside = True
        elif inside and not line.startswith('   '):
            break
        if inside:
            lines.append(line.strip())
    return lines


def find_status(app):
    """The app's status region: the status bar with a name (newer libadwaita has nameless ones of
    its own, such as the toasts' region)."""
    Atspi.Accessible.clear_cache(app)
    found = [node for node in walk(app) if role_of(node) == 'status bar']
    return next((node for node in found if name_of(node)), found[0] if found else None)


def unnamed(root):
    """Describes every button-like accessible under `root` without a name."""
    Atspi.Accessible.clear_cache(root)
    bad = []
    for node in walk(root):
        try:
            role = node.getRoleName()
        except Exception:
            continue
        name = (node.name or '').strip()
        # GTK 4.8 names an unlabelled widget after its type ("GtkMenuButton"): that is no name.
        # (The close button of a libadwaita 1.2 toast is nameless, and a drop-down's inner button
        # is read as part of its named combo box: neither is ours to name.)
        if role in NAMED_ROLES and 'AdwToastWidget' not in ancestry(node) \
                and node.parent.getRoleName() != 'combo box' and (not name or re.match(r'^(Gtk|Adw|Kiela)[A-Z]\w*$', name)):
            path, parent = [], node.parent
            while parent is not None and len(path) < 4:
                path.append('%s "%s"' % (parent.getRoleName(), parent.name or ''))
                parent = parent.parent
            bad.append('%s in %s' % (role, ' < '.join(path)))
    return bad


def ancestry(node):
    names, parent = [], node.parent
    while parent is not None and len(names) < 8:
        names.append(parent.name or '')
        parent = parent.parent
    return names


def click(node):
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    for name in ('click', 'activate', 'press', 'toggle'):
        if name in names:
            return action.doAction(names.index(name))
    return False


def find_named(root, role, name):
    Atspi.Accessible.clear_cache(root)
    for node in walk(root):
        if role_of(node) == role and name_of(node) == name:
            return node
    return None


def wait_for(fn, timeout=20):
    end = time.time() + timeout
    value = fn()
    while not value and time.time() < end:
        # Events (announcements) are delivered from the main loop.
        while GLib.MainContext.default().iteration(False):
            pass
        time.sleep(0.3)
        value = fn()
    return value


# What the app announced (gtk_accessible_announce, GTK >= 4.14): AT-SPI "object:announcement"
# events, their text in any_data.  GTK 4.8 has no announcements: the status region's name is
# what a screen reader presents there.
announced = []


def on_announcement(event):
    announced.append(event.any_data if isinstance(event.any_data, str) else str(event.any_data or ''))


def listen_for_announcements():
    """Starts collecting announcements (once the accessibility bus is up); returns the listener."""
    listener = Atspi.EventListener.new(on_announcement)
    listener.register('object:announcement')
    return listener


def latest_said(status_name, capture):
    """The last announcement or status name that holds `capture`, or None."""
    for text in reversed(announced):
        if capture in text:
            return text
    return status_name if capture in (status_name or '') else None


def counts(houses):
    return {square: count for square, (count, _) in houses.items()}


def main():
    kiela, cli = sys.argv[1], sys.argv[2]
    env = dict(os.environ)
    # This test needs the accessibility bridge the other app tests turn off.
    env.pop('NO_AT_BRIDGE', None)
    env.pop('GTK_A11Y', None)
    home = tempfile.mkdtemp(prefix='kiela-atspi-')
    for var in ('XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME'):
        env[var] = os.path.join(home, var.lower())
    # A saved game without moves: both sides human, so no computer reply changes the board after MOVE.
    game = os.path.join(home, 'start.kiela')
    with open(game, 'w') as f:
        f.write('{"format":"kiela-game","version":1,"variant":"kiela","moves":[]}')
    proc = subprocess.Popen([kiela, game], env=env)
    try:
        app = find_app(proc.pid)
        if not check(app is not None, 'the app shows up on the accessibility bus'):
            return
        before_engine = engine_position(cli, [])
        houses = {}
        end = time.time() + 30
        while time.time() < end and len(houses) < 40:
            houses = read_houses(app)
            time.sleep(0.3)
        check(len(houses) == 40, 'all 40 houses are named (%d found)' % len(houses))
        check(counts(houses) == before_engine, 'every house reads the stones of the start position')

        target = houses.get(MOVE, (0, None))[1]
        if not check(target is not None, 'house %s is found' % MOVE):
            return
        try:
            action = target.queryAction()
            names = [action.getName(i) for i in range(action.nActions)]
        except NotImplementedError:
            names = []
        if not check('click' in names, '%s offers the action "click" (has %s)' % (MOVE, names)):
            return
        check(target.getRole() == pyatspi.ROLE_PUSH_BUTTON, '%s is a push button' % MOVE)
        check(target.getState().contains(pyatspi.STATE_FOCUSABLE), '%s is focusable' % MOVE)
        check(action.doAction(names.index('click')), 'the click action is accepted')

        expected = engine_position(cli, [MOVE])
        check(expected != before_engine, 'the engine says %s changes the board' % MOVE)
        end = time.time() + 60
        shown = counts(houses)
        while time.time() < end:
            shown = counts(read_houses(app))
            if shown == expected:
                break
            time.sleep(0.3)
        diff = {sq: (shown.get(sq), expected[sq]) for sq in expected if shown.get(sq) != expected[sq]}
        check(shown == expected, 'after %s every house reads the engine\'s position (differences: %s)' % (MOVE, diff))

        # A capturing reply, found by the engine: the status region must say the capture and the
        # end, and leave the stone-by-stone lifts and drops to What Happens.
        legal = json.loads(subprocess.run([cli, 'play', '--json', MOVE], check=True, capture_output=True,
                                          text=True).stdout)['legal']
        reply = next((m for m in legal if 'captured' in engine_narration(cli, [MOVE, m])[0]), None)
        if not check(reply is not None, 'the engine finds a capturing reply to %s' % MOVE):
            return
        told = engine_narration(cli, [MOVE, reply])
        capture = next((l for l in told if ' captures ' in l), None)
        lift = told[1]
        last = told[-1]
        check(capture is not None and 'lifts' in lift, 'the engine narrates the capture of %s: %s' % (reply, told))
        status = find_status(app)
        if not check(status is not None, 'the window has a status region'):
            return
        before = status.name
        listener = listen_for_announcements()  # noqa: F841 (kept alive while the move plays)
        houses = read_houses(app)
        check(reply in houses and click(houses[reply][1]), 'house %s is clicked through AT-SPI' % reply)
        said = wait_for(lambda: latest_said(find_status(app).name if find_status(app).name != before else None,
                                            capture), 60) or find_status(app).name or ''
        Atspi.Accessible.clear_cache(app)
        regions = [(n.name, n.description) for n in walk(app) if role_of(n) == 'status bar']
        check(capture in said, 'the status region announces the capture "%s" (says "%s"; status bars %s; %d announcements)'
              % (capture, said, regions, len(announced)))
        check(last in said, 'the status region announces the end "%s"' % last)
        check(lift not in said, 'the status region leaves out the lift "%s"' % lift)
        if announced:
            # GTK >= 4.14: the sentence reached screen readers as an announcement, once.
            check(sum(capture in text for text in announced) == 1,
                  'the capture is announced once (announcements: %s)' % announced)
        else:
            # GTK 4.8: the status region's name and description carry the sentence.
            check(capture in (find_status(app).description or ''),
                  'the status region\'s description holds the announcement (holds "%s")'
                  % find_status(app).description)

        # Every control says what it is.
        window = next((app.getChildAtIndex(i) for i in range(app.childCount)
                       if app.getChildAtIndex(i).getRoleName() == 'frame'), None)
        bad = unnamed(window) if window else ['no main window']
        check(not bad, 'every button of the main window has a name (unnamed: %s)' % bad)
        # The primary menu button: GTK 4.8 names an icon-only menu button "GtkMenuButton".
        menu_button = find_named(app, 'push button', 'Main Menu') or find_named(app, 'toggle button', 'Main Menu')
        check(menu_button is not None, 'the primary menu button is named "Main Menu"')
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        print('1..%d' % len(results))


def run_own_session(args):
    if not os.environ.get('DISPLAY'):
        print('Bail out! no DISPLAY: run this test under tests/display-run', flush=True)
        return 1
    cmd = ['dbus-run-session', '--', sys.executable, __file__] + args
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        if re.match(r'^(ok |not ok |1\.\.|#)', line):
            print(line, end='', flush=True)
        else:
            print(line, end='', file=sys.stderr, flush=True)
    return proc.wait()


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--own-session':
        sys.exit(run_own_session(sys.argv[2:]))
    main()
    sys.exit(0 if results and all(ok for ok, _ in results) else 1)
