#!/usr/bin/env python3
# check-docs.py: keeps the README short, and the links and source paths of the README and docs/ true.
# Usage: check-docs.py SOURCE_ROOT.  Prints one line a problem and exits 1 if there is any.
import glob
import os
import re
import sys

README_MAX_LINES = 400

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..'))
problems = []


def rel(path):
    return os.path.relpath(path, root)


def prose_lines(text):
    """The lines outside fenced code blocks, as (line number, text)."""
    fence = None
    for number, line in enumerate(text.split('\n'), 1):
        m = re.match(r'\s*(```|~~~)', line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif m.group(1) == fence:
                fence = None
            continue
        if fence is None and not line.startswith('    '):
            yield number, line


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', heading.strip())   # a link keeps its text
    text = text.lower().replace('`', '')
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


anchors_cache = {}


def anchors(path):
    if path not in anchors_cache:
        seen = {}
        found = set()
        with open(path, encoding='utf-8') as f:
            for _, line in prose_lines(f.read()):
                m = re.match(r'#{1,6}\s+(.*?)\s*#*\s*$', line)
                if not m:
                    continue
                base = slug(m.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else '%s-%d' % (base, n))
        anchors_cache[path] = found
    return anchors_cache[path]


def without_code_spans(line):
    return re.sub(r'`[^`]*`', '', line)


def check_links(path):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    for number, line in prose_lines(text):
        for target in re.findall(r'\]\(([^)\s]+)(?:\s+"[^"]*")?\)', without_code_spans(line)):
            if re.match(r'[a-z][a-z0-9+.-]*:', target):      # http:, https:, mailto:
                continue
            file_part, _, anchor = target.partition('#')
            where = '%s:%d: link “%s”' % (rel(path), number, target)
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not dest.startswith(root + os.sep) and dest != root:
                problems.append('%s points outside the tree' % where)
                continue
            if not os.path.exists(dest):
                problems.append('%s: %s does not exist' % (where, rel(dest)))
                continue
            if anchor:
                if not dest.endswith('.md') or os.path.isdir(dest):
                    problems.append('%s: an anchor in %s, which is not a Markdown page' % (where, rel(dest)))
                elif anchor not in anchors(dest):
                    problems.append('%s: %s has no heading “#%s”' % (where, rel(dest), anchor))
    return text


def check_paths(path, text):
    """Every path of the tree a page names in backticks, from a top-level source folder, exists."""
    for number, line in prose_lines(text):
        for token in re.findall(r'`([^`\s]+)`', line):
            token = token.rstrip('.,;:')
            top = token.split('/', 1)[0]
            if '/' not in token or top not in source_folders:
                continue
            if re.search(r'[<{$…]|(^|/)[A-Z]{2,}(\.|/|$)', token):    # placeholders: <build>, LANG, NAME
                continue
            full = os.path.join(root, token)
            if '*' in token:
                ok = bool(glob.glob(full))
            elif token.endswith('/'):
                ok = os.path.isdir(full)
            else:     # a program built from a source of its name counts too (tests/bench/kiela-long-game)
                ok = os.path.exists(full) or os.path.exists(full + '.c')
            if not ok:
                problems.append('%s:%d: “%s” names no file of the tree' % (rel(path), number, token))


source_folders = set(name for name in os.listdir(root)
                     if os.path.isdir(os.path.join(root, name)) and not name.startswith(('.', '_')))

readme = os.path.join(root, 'README.md')
docs = sorted(glob.glob(os.path.join(root, 'docs', '*.md')))

readme_text = check_links(readme)
check_paths(readme, readme_text)
for page in docs:
    check_paths(page, check_links(page))

n_lines = readme_text.count('\n') + (0 if readme_text.endswith('\n') else 1)
if n_lines > README_MAX_LINES:
    problems.append('README.md: %d lines, more than %d: move the details into a docs/ page'
                    % (n_lines, README_MAX_LINES))

# Every docs/ page is linked from the README, so that a newcomer finds it.
linked = set(os.path.normpath(os.path.join(root, t.partition('#')[0]))
             for t in re.findall(r'\]\(([^)#\s]+)', readme_text))
for page in docs:
    if page not in linked:
        problems.append('README.md: no link to %s' % rel(page))

# The paths the Layout section names exist: a path with a slash from the top of the tree
# (a trailing slash: a folder; a star: at least one match), and a file name never alone.
m = re.search(r'^## Layout\n(.*?)(?=^## |\Z)', readme_text, re.M | re.S)
if not m:
    problems.append('README.md: no “## Layout” section')
else:
    start = readme_text[:m.start()].count('\n') + 1
    file_name = re.compile(r'^[\w.-]+\.(c|h|py|sh|md|ui|xml|json|build|in|css|svg|png)$')
    n_paths = 0
    for offset, line in enumerate(m.group(0).split('\n')):
        for token in re.findall(r'`([^`\s]+)`', line):
            where = 'README.md:%d: Layout names “%s”' % (start + offset, token)
            if '/' in token:
                n_paths += 1
                path = os.path.join(root, token)
                if '*' in token:
                    if not glob.glob(path):
                        problems.append('%s, which matches nothing' % where)
                elif token.endswith('/') and not os.path.isdir(path):
                    problems.append('%s, which is not a folder of the tree' % where)
                elif not os.path.exists(path):
                    problems.append('%s, which does not exist' % where)
            elif file_name.match(token):
                problems.append('%s: name a file from the top of the tree, with its folder' % where)
    if n_paths == 0:
        problems.append('README.md: the Layout section names no path of the tree')

for p in problems:
    print(p)
if problems:
    sys.exit(1)
print('README.md (%d lines) and %d docs/ pages: every link, anchor and source path checked'
      % (n_lines, len(docs)))
