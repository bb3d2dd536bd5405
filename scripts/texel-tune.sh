#!/bin/sh
# texel-tune.sh: fits the classic AI's evaluation weights to the results of self-play games
# (Texel's method) and writes them as the weights file the AI module reads.
#
# Usage: scripts/texel-tune.sh [BUILD_DIR] [OUT_FILE]   (default: _build data/ai/eval-weights.ini)
#   1. plays GAMES games of PLAYER against itself at NODES nodes a move, OPENING random plies
#      first (kiela-cli tournament --csv), or reads the games from GAMES_CSV;
#   2. replays them (tests/bench/kiela-texel-features) and takes every position from ply SKIP
#      on: the game's result for the side to move and the evaluation's six terms there;
#   3. fits, by least squares on the logistic curve (Texel), the result r ≈ 1 / (1 + e^(-K·eval))
#      with eval = Σ weight × term: first K alone with the current weights (the error before),
#      then K and the weights together, material held at 100 (hundredths of a stone), so the
#      scale of the scores stays a stone = 100.  The games are split 4:1 (every fifth game held
#      out) and the errors are reported on both parts, before and after, with the rounded weights;
#   4. writes OUT_FILE ([Evaluation] with the six weights, [Fit] with what it was fitted on).
# Environment: GAMES=2000 NODES=4000 OPENING=4 SKIP=4 SEED=1 JOBS=2 PLAYER=mpanzu VARIANT=kiela
#              WORK=texel-work (the games and terms)  GAMES_CSV= (games already played)
#              KIELA_AI_WEIGHTS= the current weights (default: the build tree's data/ai/eval-weights.ini)
# Whether the new weights play better is for a match to say: scripts/ai-strength.sh compare.
set -eu

BUILD_DIR=${1:-_build}
OUT_FILE=${2:-data/ai/eval-weights.ini}
GAMES=${GAMES:-2000} NODES=${NODES:-4000} OPENING=${OPENING:-4} SKIP=${SKIP:-4}
SEED=${SEED:-1} JOBS=${JOBS:-2} PLAYER=${PLAYER:-mpanzu} VARIANT=${VARIANT:-kiela}
WORK=${WORK:-texel-work}
CLI="$BUILD_DIR/app/kiela-cli"
FEATURES="$BUILD_DIR/tests/bench/kiela-texel-features"
CURRENT=${KIELA_AI_WEIGHTS:-$BUILD_DIR/data/ai/eval-weights.ini}

for f in "$CLI" "$FEATURES"; do
  if [ ! -x "$f" ]; then echo "texel-tune.sh: $f not found: build first (ninja -C $BUILD_DIR)" >&2; exit 1; fi
done
mkdir -p "$WORK"
csv=${GAMES_CSV:-$WORK/games-$PLAYER-$NODES-$GAMES-$SEED.csv}
if [ ! -s "$csv" ]; then
  echo "texel-tune.sh: playing $GAMES games of $PLAYER at $NODES nodes a move into $csv" >&2
  "$CLI" tournament --variant "$VARIANT" --ai "$PLAYER" --ai "$PLAYER" --games "$GAMES" --nodes "$NODES" \
         --time-ms 0 --opening-plies "$OPENING" --seed "$SEED" --jobs "$JOBS" --csv "$csv" --quiet > /dev/null
fi
terms="$WORK/terms-$SKIP.txt"
"$FEATURES" "$VARIANT" "$SKIP" < "$csv" > "$terms"

played="$PLAYER at $NODES nodes a move, $OPENING random opening plies, seed $SEED"
if [ -n "${GAMES_CSV:-}" ]; then played="read from $GAMES_CSV"; fi
/usr/bin/env python3 - "$terms" "$CURRENT" "$OUT_FILE" "$(basename "$csv")" "$played" "$SKIP" <<'PY'
import configparser, datetime, math, sys
terms_path, current_path, out_path, csv_path, played, skip = sys.argv[1:]
KEYS = ["material", "mobility", "exposure", "threat", "safe", "tempo"]

cp = configparser.ConfigParser(comment_prefixes=("#",), inline_comment_prefixes=None)
if not cp.read(current_path) or "Evaluation" not in cp:
    sys.exit("texel-tune.sh: %s: no [Evaluation] group to start from" % current_path)
w0 = [float(cp["Evaluation"][k]) for k in KEYS]

# Identical (result, terms) rows are merged with a count: the fit's cost is per distinct row.
train, test = {}, {}
for line in open(terms_path):
    f = line.split()
    game, r, x = int(f[0]), float(f[1]), tuple(int(v) for v in f[2:])
    d = test if game % 5 == 0 else train
    d[(r, x)] = d.get((r, x), 0) + 1
def rows(d):
    return [(r, x, n) for (r, x), n in d.items()]
train, test = rows(train), rows(test)
n_train = sum(n for _, _, n in train); n_test = sum(n for _, _, n in test)
if n_train < 100:
    sys.exit("texel-tune.sh: only %d positions to fit: play more games" % n_train)

def sig(z):
    if z < -40: return 0.0
    if z > 40: return 1.0
    return 1.0 / (1.0 + math.exp(-z))
def error(data, k, w):
    s = 0.0; n = 0
    for r, x, c in data:
        e = sum(wi * xi for wi, xi in zip(w, x))
        s += c * (r - sig(k * e)) ** 2; n += c
    return s / n

# K alone: golden-section search on log K.
def fit_k(w):
    lo, hi = math.log(1e-5), math.log(1e-1)
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = error(train, math.exp(a), w), error(train, math.exp(b), w)
    for _ in range(40):
        if fa < fb: hi, b, fb = b, a, fa; a = hi - g * (hi - lo); fa = error(train, math.exp(a), w)
        else: lo, a, fa = a, b, fb; b = lo + g * (hi - lo); fb = error(train, math.exp(b), w)
    return math.exp((lo + hi) / 2)
k0 = fit_k(w0)
before_train, before_test = error(train, k0, w0), error(test, k0, w0)

# K and the weights: theta = K * w, least squares by Gauss-Newton (Levenberg damping), then
# scaled back so that material is 100.
def jtj(theta):
    m = len(theta)
    A = [[0.0] * m for _ in range(m)]; g = [0.0] * m; s = 0.0
    for r, x, c in train:
        p = sig(sum(t * xi for t, xi in zip(theta, x)))
        res = p - r; d = p * (1 - p)
        s += c * res * res
        for i in range(m):
            if x[i] == 0: continue
            gi = c * d * x[i]
            g[i] += gi * res
            for j in range(m):
                A[i][j] += gi * d * x[j]
    return A, g, s
def solve(A, b):
    m = len(b); M = [row[:] + [b[i]] for i, row in enumerate(A)]
    for i in range(m):
        p = max(range(i, m), key=lambda r: abs(M[r][i]))
        M[i], M[p] = M[p], M[i]
        if abs(M[i][i]) < 1e-300: return None
        for r in range(m):
            if r != i:
                f = M[r][i] / M[i][i]
                for c in range(i, m + 1): M[r][c] -= f * M[i][c]
    return [M[i][m] / M[i][i] for i in range(m)]
theta = [k0 * wi for wi in w0]
lam = 1e-3
A, g, s = jtj(theta)
for it in range(60):
    D = [[A[i][j] + (lam * A[i][i] + 1e-12 if i == j else 0.0) for j in range(len(g))] for i in range(len(g))]
    step = solve(D, [-gi for gi in g])
    if step is None: break
    cand = [t + st for t, st in zip(theta, step)]
    A2, g2, s2 = jtj(cand)
    if s2 < s:
        done = s - s2 < 1e-10 * s
        theta, A, g, s = cand, A2, g2, s2; lam = max(lam / 3, 1e-9)
        if done: break
    else:
        lam *= 4
        if lam > 1e6: break
k1 = theta[0] / 100.0
w1 = [round(t / k1) for t in theta]
w1[0] = 100
k1 = fit_k(w1)
after_train, after_test = error(train, k1, w1), error(test, k1, w1)

date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
with open(out_path, "w") as out:
    out.write("# The classic AI module's evaluation weights, in hundredths of a stone (plugins/ai/README.md).\n")
    out.write("# Written by scripts/texel-tune.sh; a personality's w-* settings override them.\n")
    out.write("[Evaluation]\n")
    for k, v in zip(KEYS, w1): out.write("%s=%d\n" % (k, v))
    out.write("\n# What the weights were fitted on (not read by the AI).\n[Fit]\n")
    out.write("date=%s\ngames=%s\nplayed=%s\nskip-plies=%s\n" % (date, csv_path, played, skip))
    out.write("positions=%d\nheld-out-positions=%d\nk=%.6g\n" % (n_train, n_test, k1))
    out.write("error-before=%.6f\nerror-after=%.6f\nheld-out-error-before=%.6f\nheld-out-error-after=%.6f\n"
              % (before_train, after_train, before_test, after_test))
    out.write("weights-before=%s\n" % " ".join("%s=%g" % (k, v) for k, v in zip(KEYS, w0)))
print("| weights | K | error, fitted positions (%d) | error, held-out positions (%d) |" % (n_train, n_test))
print("|---|---|---|---|")
print("| before: %s | %.5f | %.5f | %.5f |" % (" ".join("%s %g" % (k, v) for k, v in zip(KEYS, w0)), k0, before_train, before_test))
print("| after: %s | %.5f | %.5f | %.5f |" % (" ".join("%s %d" % (k, v) for k, v in zip(KEYS, w1)), k1, after_train, after_test))
print()
print("w-* settings for a match: " + " ".join("w-%s=%d" % (k, v) for k, v in zip(KEYS, w1)))
PY
