#!/usr/bin/python3
"""seed-overlap.py SEED_DIR [LANG...]: for each language with a seed text SEED_DIR/LANG.txt, the
share of five-word runs of the History and Rules translations (the messages of
app/model/kiela-texts.c, looked up in po/LANG.po) that the seed text also contains.

The History and Rules texts are written fresh: a paragraph sharing many five-word runs with a
seed sentence is a rendering of it.  Run from the top of the source tree, e.g.
    scripts/seed-overlap.py ../shared/reference/seed-texts"""
import os, re, subprocess, sys, tempfile

def po_strings(path):
    """{msgid: msgstr} of a PO or POT file (msgstr[0] for plurals; obsolete entries skipped)."""
    out, cur, key, field = {}, {}, None, None
    def flush():
        if 'id' in cur:
            out[cur['id']] = cur.get('str', '')
        cur.clear()
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if not line or line.startswith('#'):
            if line.startswith('#~') or not line:
                flush() if not line else None
            continue
        m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[0\])?|msgstr\[\d+\])\s+(".*")$', line)
        if m:
            kw = m.group(1)
            if kw in ('msgctxt', 'msgid') and 'str' in cur:
                flush()
            field = {'msgid': 'id', 'msgstr': 'str', 'msgstr[0]': 'str'}.get(kw)
            if field:
                cur[field] = eval(m.group(2))
        elif line.startswith('"') and field:
            cur[field] += eval(line)
    flush()
    return out

def runs(text, n=5):
    words = re.findall(r'\w+', text.lower())
    return [tuple(words[i:i + n]) for i in range(len(words) - n + 1)]

def main():
    seed_dir, langs = sys.argv[1], sys.argv[2:]
    if not langs:
        langs = sorted(f[:-4] for f in os.listdir(seed_dir) if f.endswith('.txt'))
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'texts.pot')
        subprocess.run(['xgettext', '--from-code=UTF-8', '--keyword=N_', '--keyword=_', '-o', pot,
                        'app/model/kiela-texts.c'], check=True)
        ids = [i for i in po_strings(pot) if i]
    for lang in langs:
        seed = set(runs(open(os.path.join(seed_dir, lang + '.txt'), encoding='utf-8').read()))
        catalogue = po_strings(os.path.join('po', lang + '.po'))
        total = shared = 0
        worst, worst_text = 0.0, ''
        for msgid in ids:
            r = runs(catalogue.get(msgid, ''))
            hits = sum(1 for x in r if x in seed)
            total += len(r)
            shared += hits
            if r and hits / len(r) > worst:
                worst, worst_text = hits / len(r), catalogue[msgid]
        print(f'{lang}: {shared}/{total} five-word runs shared with the seed text '
              f'({100 * shared / max(total, 1):.1f} %); worst paragraph {100 * worst:.0f} %'
              + (f': {worst_text[:70]}…' if worst else ''))

if __name__ == '__main__':
    main()
